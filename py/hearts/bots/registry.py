"""The levels by name."""

from __future__ import annotations

from ..errors import HeartsError
from .base import Bot
from .easy import EasyBot
from .normal import NormalBot
from .strong import StrongBot, expert_bot

__all__ = ["LEVELS", "make_bot"]

# Weakest first; a new level goes at the end (stored statistics and links name levels, never positions).
LEVELS = ("easy", "normal", "strong", "expert")


def make_bot(level: str, seed: int = 0, budget_ms: int | None = None) -> Bot:
    """A bot of ``level``; ``budget_ms`` replaces the work budget of the searching levels (strong,
    expert: :mod:`.strong`); the others ignore it."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise HeartsError("bad_seed", f"a bot seed is a non-negative integer, got {seed!r}")
    if budget_ms is not None and (isinstance(budget_ms, bool) or not isinstance(budget_ms, int) or budget_ms < 1):
        raise HeartsError("bad_budget", f"budget_ms is a positive integer, got {budget_ms!r}")
    if level not in LEVELS:
        raise HeartsError("bad_level", f"unknown bot level {level!r}; known: {list(LEVELS)}")
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "strong":
        return StrongBot(seed, budget_ms)
    return expert_bot(seed, budget_ms)
