"""How much a hand's result is worth in the match: the chance to win it, roughly.

When the hand ends the match, the result is exact: a share of the win or
nothing (:func:`~hearts.game.match_over`, :func:`~hearts.game.winners`).
Otherwise each seat's chance is a softmax of minus its total, with a
temperature that shrinks as the match nears its end: early on this is (to first
order) the seat's points against the average of the others, late in the match a
point that decides the winner weighs much more than one that does not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...game import match_over, winners
from ...rules import Rules

__all__ = ["Equity"]

_SPREAD_PER_HAND = 6.2   # logistic scale of one seat's lead change over one hand, in points
_LEADER_PACE = 1.3       # the seat with most points gains this many times the average per hand


class Equity:
    """The match value for seat ``me`` of a hand's score, given the totals before the hand."""

    __slots__ = ("rules", "me", "totals", "temperature", "_values")

    def __init__(self, rules: Rules, me: int, totals: Sequence[int]) -> None:
        self.rules = rules
        self.me = me
        self.totals = list(totals)
        per_hand = rules.moon_value / rules.players * _LEADER_PACE
        hands_left = max(1.0, (rules.target - max(self.totals)) / per_hand)
        self.temperature = _SPREAD_PER_HAND * math.sqrt(hands_left)
        # A search meets the same few hand scores again and again: each one's value is worked out once.
        self._values: dict[tuple[int, ...], float] = {}

    def value(self, score: Sequence[int]) -> float:
        key = tuple(score)
        known = self._values.get(key)
        if known is None:
            known = self._values[key] = self._value(key)
        return known

    def _value(self, score: Sequence[int]) -> float:
        after = [t + s for t, s in zip(self.totals, score)]
        if match_over(self.rules, after):
            won = winners(after)
            return 1.0 / len(won) if self.me in won else 0.0
        low = min(after)
        weights = [math.exp((low - a) / self.temperature) for a in after]
        return weights[self.me] / sum(weights)

    def points_scale(self) -> float:
        """Equity per point of one's own score when all are level: turns equity back into points."""
        n = self.rules.players
        return (n - 1) / (n * n * self.temperature)
