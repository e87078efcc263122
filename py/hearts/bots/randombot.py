"""The baseline field: uniformly random legal plays and passes (a real policy, for benchmarks)."""

from __future__ import annotations

from ..view import SeatView
from .base import decision_rng, random_member, random_subset

__all__ = ["RandomBot"]

_SALT = 0x7A6D


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_pass(self, view: SeatView) -> int:
        return random_subset(view.hand, view.rules.pass_count, decision_rng(self.seed, view, _SALT))

    def choose_play(self, view: SeatView) -> int:
        return random_member(view.legal, decision_rng(self.seed, view, _SALT))
