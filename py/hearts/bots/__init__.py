"""Computer opponents and advice (public API, a contract with the card table).

::

    from hearts.bots import LEVELS, make_bot, advise, Advice
    bot = make_bot("normal", seed=7)
    bot.choose_pass(view)  # bitmask of rules.pass_count cards of view.hand
    bot.choose_play(view)  # one card of view.legal
    advise(view)           # Advice(cards, reason={"en": ..., "de": ...})

Every bot reads only a :class:`~hearts.view.SeatView` and is deterministic for a
given seed: each decision's randomness is derived from the seed and the view.

Levels: ``easy`` (:mod:`.easy`), ``normal`` (:mod:`.normal`, the heuristics of
:mod:`.policy`) and ``strong`` (:mod:`.strong`, Monte Carlo search over deals
consistent with the seat's knowledge, :mod:`.sampler`, with the heuristics
playing the deals out, :mod:`.playout`, valued by match equity, :mod:`.equity`).
Benchmarks: :mod:`.arena` (duplicate tournaments), ``python -m hearts arena``.
"""

from __future__ import annotations

from .advice import Advice, advise
from .base import Bot
from .registry import LEVELS, make_bot

__all__ = ["LEVELS", "Advice", "Bot", "advise", "make_bot"]
