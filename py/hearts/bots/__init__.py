"""Computer opponents and advice (public API, a contract with the card table).

::

    from hearts.bots import LEVELS, make_bot, advise, Advice
    bot = make_bot("normal", seed=7)
    bot.choose_pass(view)  # bitmask of rules.pass_count cards of view.hand
    bot.choose_play(view)  # one card of view.legal
    advise(view)           # Advice(cards, reason=Reason(code, params)); reason.to_json()

Every bot reads only a :class:`~hearts.view.SeatView` and is deterministic for a
given seed: each decision's randomness is derived from the seed and the view.

Levels: ``easy`` (:mod:`.easy`), ``normal`` (:mod:`.normal`, the heuristics of
:mod:`.policy`), ``strong`` (:mod:`.strong`, Monte Carlo search, :mod:`.search`:
deals consistent with the seat's knowledge, the heuristics playing them out, valued
by match equity, within a fixed budget of work) and ``expert`` (the same search with
more work per decision: :data:`.strong.EXPERT_BUDGET_MS`). ``advise(view, level="expert")``
asks the expert for the hint.
The browser needs this package without :mod:`.cli`, :mod:`.arena` and :mod:`.randombot`
(the ``python -m hearts bot`` / ``arena`` commands and the arena's random field):
nothing else imports them.
"""

from __future__ import annotations

from .advice import ADVICE_LEVELS, Advice, Reason, advise
from .base import Bot
from .registry import LEVELS, make_bot

__all__ = ["ADVICE_LEVELS", "LEVELS", "Advice", "Bot", "Reason", "advise", "make_bot"]
