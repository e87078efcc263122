"""How much a hand's result is worth in the match: the chance to win it, roughly.

When the hand ends the match, the result is exact: a share of the win or
nothing (:func:`~hearts.game.match_over`, :func:`~hearts.game.winners`).
Otherwise each side's chance is a softmax of minus its total, with a
temperature that shrinks as the match nears its end: early on this is (to first
order) the side's points against the average of the others, late in the match a
point that decides the winner weighs much more than one that does not.

A side is one seat, or with ``teams`` two partners whose totals add up
(``Rules.side_totals``): a seat plays for its side, so points given to the partner
count as its own, and a moon that gives the partner its value too is still the
side's gain when the other side gets it twice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...game import match_over, winners
from ...rules import Rules
from ..points import points_of

__all__ = ["Equity"]

_SPREAD_PER_HAND = 6.2   # logistic scale of one seat's lead change over one hand, in classic points
_LEADER_PACE = 1.3       # the seat with most points gains this many times the average per hand


class Equity:
    """The match value for seat ``me`` (its side) of a hand's score, given the seats' totals before the hand."""

    __slots__ = ("rules", "me", "side", "totals", "temperature", "_values")

    def __init__(self, rules: Rules, me: int, totals: Sequence[int]) -> None:
        self.rules = rules
        self.me = me
        self.side = rules.side_of(me)
        self.totals = list(totals)
        sides = rules.side_totals(self.totals)
        members = len(rules.sides[self.side])
        # A side's points per hand, and their spread, grow with its seats and with the points a hand
        # deals out (``value_scale``: Spot Hearts deals 4.5 times the classic points).
        per_hand = rules.moon_value / len(sides) * _LEADER_PACE
        hands_left = max(1.0, (rules.target - max(sides)) / per_hand)
        spread = _SPREAD_PER_HAND * points_of(rules).value_scale * math.sqrt(members)
        self.temperature = spread * math.sqrt(hands_left)
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
            won = winners(self.rules.side_totals(after))
            return 1.0 / len(won) if self.side in won else 0.0
        sides = self.rules.side_totals(after)
        low = min(sides)
        weights = [math.exp((low - a) / self.temperature) for a in sides]
        return weights[self.side] / sum(weights)

    def points_scale(self) -> float:
        """Equity per point of one's own score when all are level: turns equity back into points."""
        n = self.rules.players
        return (n - 1) / (n * n * self.temperature)
