"""The search budget: a fixed amount of work, and a wall-clock cap for an overloaded machine.

``budget_ms`` buys ``budget_ms * plays_per_ms`` units of work, counted in card plays
actually made in playouts plus a fixed charge per sampled deal and per playout set-up.
The count does not depend on the machine, so a decision is the same on CPython and
in the browser (where the same work takes longer). Only when a search
has run ``time_cap`` times ``budget_ms`` of wall-clock time does it stop early: the
price of staying responsive on a machine that is far too busy.
"""

from __future__ import annotations

import time

__all__ = ["Budget", "DEFAULT_BUDGET_MS", "DEAL_WORK", "PLAYOUT_WORK"]

DEFAULT_BUDGET_MS = 100
# Work of a search, in card plays: dealing a world and setting up a playout cost about this many.
DEAL_WORK = 12
PLAYOUT_WORK = 2


class Budget:
    """The work one decision may spend, and what it has spent."""

    __slots__ = ("budget_ms", "limit", "time_cap", "start", "spent")

    def __init__(self, budget_ms: int, plays_per_ms: int, time_cap: float) -> None:
        self.budget_ms = budget_ms
        self.limit = budget_ms * plays_per_ms
        self.time_cap = time_cap
        self.start = time.perf_counter()
        self.spent = 0

    def charge(self, work: int) -> None:
        self.spent += work

    def exhausted(self) -> bool:
        """All the work is spent, or the wall-clock cap is reached."""
        return self.spent >= self.limit or (time.perf_counter() - self.start) * 1000 > self.budget_ms * self.time_cap
