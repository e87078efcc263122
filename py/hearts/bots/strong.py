"""Level *strong*: Monte Carlo search over deals consistent with what the seat knows.

The search itself lives in :mod:`.search` (:mod:`.search.pimc`): it deals the hidden
cards many times (the likelier a deal, the better it explains the others' plays:
:mod:`.search.inference`), plays every candidate card (and moon plan) in each deal with the
:mod:`.policy` heuristics finishing the hand for all seats, and picks the best average
match value. ``budget_ms`` fixes the amount of work (:mod:`.search.budget`), so the
same view gives the same decision on every machine.

Level *expert* is this very search with more work per decision: :func:`expert_bot`, whose
work and world cap are :data:`EXPERT_BUDGET_MS` and :data:`EXPERT_CONFIG` (the one place
they are set).
"""

from __future__ import annotations

from ..view import SeatView
from .base import decision_rng
from .points import passes_to_partner
from .policy import choose_pass
from .search.budget import DEFAULT_BUDGET_MS
from .search.pimc import Choice, SearchConfig, search_pass, search_play

__all__ = ["StrongBot", "DEFAULT_BUDGET_MS", "EXPERT_BUDGET_MS", "EXPERT_CONFIG", "expert_bot"]

_SALT = 0x5720

# The expert's work per decision: 8 × strong's DEFAULT_BUDGET_MS. It is work, not time (plays_per_ms
# stays as it is), so an expert decides the same on every machine; in the browser a decision then
# takes up to about a second (strong's p95 is ~130 ms in Chromium).
EXPERT_BUDGET_MS = 800
# 8 × the default cap on sampled deals (max_worlds 400), so that the cap does not cut the extra work
# short in the late tricks, where a deal costs little and strong's search stops at the cap.
EXPERT_CONFIG = SearchConfig(max_worlds=3200)


class StrongBot:
    def __init__(self, seed: int = 0, budget_ms: int | None = None, config: SearchConfig | None = None) -> None:
        self.seed = seed
        self.budget_ms = budget_ms if budget_ms is not None else DEFAULT_BUDGET_MS
        self.config = config or SearchConfig()

    def choose_pass(self, view: SeatView) -> int:
        return self.decide_pass(view).card

    def choose_play(self, view: SeatView) -> int:
        return self.decide_play(view).card

    def decide_pass(self, view: SeatView) -> Choice:
        """The pass with what the search saw (``card`` holds the set of cards)."""
        if not self.config.pass_search:
            to_partner = passes_to_partner(view.rules, view.pass_offset)
            return Choice(choose_pass(view.rules, view.hand, self.config.style, to_partner), False, 0.0, 0.0, 0)
        return search_pass(view, decision_rng(self.seed, view, _SALT), self.budget_ms, self.config)

    def decide_play(self, view: SeatView) -> Choice:
        """The card with what the search saw."""
        return search_play(view, decision_rng(self.seed, view, _SALT), self.budget_ms, self.config)


def expert_bot(seed: int = 0, budget_ms: int | None = None, config: SearchConfig | None = None) -> StrongBot:
    """Level *expert*: the strong search with :data:`EXPERT_BUDGET_MS` of work (``budget_ms`` replaces
    it, as it does strong's default) and :data:`EXPERT_CONFIG` (``config`` replaces it: tests)."""
    return StrongBot(seed, EXPERT_BUDGET_MS if budget_ms is None else budget_ms, config or EXPERT_CONFIG)
