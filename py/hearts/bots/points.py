"""What the bots read from the rules' points, worked out once per rules.

Every variant gives cards their points through one table (``Rules.card_values``): hearts
(one each, or their pips in Spot Hearts), Q♠, the extra cards (K♠ 10 and A♠ 7 in Black
Maria), the −10 card (J♦, or 10♦). The heuristics and the playouts test cards at nearly
every play, so :func:`points_of` turns the table into the masks and weights they test with
one ``&``, cached per rules.

*Burdens* (``heavy``) are the cards outside hearts that carry points of their own: Q♠ (a
moon card even at 0 points) and every other card with positive points. In the suit of a
burden, the cards above the lowest burden are *exposed* (a burden played under them lands
on them: A♠/K♠ under Q♠) and the cards below it *guard* it. Classic rules have one burden,
Q♠; Black Maria has three, Q♠ K♠ A♠, with the same guards and exposed cards.

*Moon points* measure how far one seat's taken cards go towards a moon, in the units the
heuristics' thresholds (:class:`~.policy.Style`) were set in: each heart its share of the
hearts' points (so the hearts count as many as there are: one each in classic, A♥ 1.75 and
2♥ 0.25 in Spot Hearts), Q♠ 5 (a card dumped alone says less about a moon than hearts won
trick after trick), every other card with positive points 5 per 13 of its points (as Q♠'s 5
for her 13). ``moon_scale`` is the moon's total in these points over the same total of a
classic moon of this deck (the hearts plus 5): the thresholds are multiplied by it, so they
stand for the same share of the moon, and every rule set without extra points keeps the
classic numbers exactly (a scale of 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..cards import HEART_MASK, QUEEN_OF_SPADES, SUIT_MASKS, cards_of
from ..game import POINT_CARDS
from ..rules import Rules

__all__ = ["Points", "points_of", "passes_to_partner", "side_points", "QUEEN_MOON_POINTS"]

QUEEN_MOON_POINTS = 5      # Q♠'s moon points
_QUEEN_CLASSIC = 13        # the queen's points the moon thresholds were set with: other cards weigh 5 per 13 points
_QS = 1 << QUEEN_OF_SPADES


@dataclass(frozen=True)
class Points:
    """The rules' points as masks and weights (see the module's text)."""

    values: tuple[int, ...]        # points per card index (``Rules.card_values``)
    scoring: int                   # cards whose taker changes a score: every card with points and every moon card
    positive: int                  # cards with positive points
    heavy: int                     # burdens: Q♠ and the other cards outside hearts with positive points
    heavy_suits: tuple[int, ...]   # the burdens of each suit
    exposed: int                   # per suit with burdens: the cards above its lowest burden
    guards: int                    # per suit with burdens: the cards below its lowest burden
    bonus: int                     # the −10 card as a set (0 without ``jack_of_diamonds``)
    bonus_card: int                # its index, -1 without
    first_trick_safe: bool         # no card with points can land on the first trick
    moon_cards: int                # ``Rules.penalty_cards``
    moon_weights: tuple[float, ...]  # moon points per card index
    by_count: bool                 # every heart weighs 1 and only hearts and Q♠ count: the classic count is exact
    moon_scale: float              # multiplies every moon threshold (1 for rules without extra points)
    strength_cap: float            # the most one card adds to :func:`~.policy.moon_strength`
    value_scale: float             # the moon's value over a classic moon of this deck (hearts + Q♠'s points)
    partner: int                   # seats from a seat to its partner (``players // 2``), 0 without teams
    hand_points: int               # the points of every card together: what a hand scores without a moon

    def moon_points(self, taken: int) -> float:
        """The moon points of a seat's taken cards."""
        if self.by_count:
            return (taken & HEART_MASK).bit_count() + (QUEEN_MOON_POINTS if taken & _QS else 0)
        weights = self.moon_weights
        return sum(weights[c] for c in cards_of(taken & self.moon_cards))

    def heart_strength(self, hearts: int) -> float:
        """The moon strength of the hearts held: one each, or each its moon points."""
        if self.by_count:
            return hearts.bit_count()
        weights = self.moon_weights
        return sum(weights[c] for c in cards_of(hearts))


@cache
def points_of(rules: Rules) -> Points:
    """The :class:`Points` of ``rules`` (derived once per rules)."""
    values = rules.card_values
    positive = sum(1 << c for c, v in enumerate(values) if v > 0)
    heavy = (positive & ~HEART_MASK) | _QS
    heavy_suits = tuple(heavy & mask for mask in SUIT_MASKS)
    exposed = guards = 0
    for burdens, mask in zip(heavy_suits, SUIT_MASKS):
        if burdens:
            low = burdens & -burdens
            guards |= mask & (low - 1)
            exposed |= mask & ~(low - 1) & ~low
    hearts = cards_of(rules.deck & HEART_MASK)
    # A heart's points relative to the others' (1 each with classic points); a deck cut down to no
    # hearts at all (removed cards can do that) has none to weigh: 1.
    unit = sum(values[c] for c in hearts) / len(hearts) if hearts else 1.0
    weights = [0.0] * 52
    for c in hearts:
        weights[c] = values[c] / unit
    weights[QUEEN_OF_SPADES] = QUEEN_MOON_POINTS
    for c in cards_of(rules.penalty_cards & positive & ~HEART_MASK & ~_QS):
        weights[c] = QUEEN_MOON_POINTS * values[c] / _QUEEN_CLASSIC
    moon_total = sum(weights[c] for c in cards_of(rules.penalty_cards))
    by_count = unit == 1 and all(weights[c] == 1 for c in hearts) and not positive & ~HEART_MASK & ~_QS
    return Points(
        values=values,
        scoring=rules.point_cards | rules.penalty_cards,
        positive=positive,
        heavy=heavy,
        heavy_suits=heavy_suits,
        exposed=exposed,
        guards=guards,
        bonus=1 << rules.bonus if rules.bonus >= 0 else 0,
        bonus_card=rules.bonus,
        first_trick_safe=not rules.points_on_first_trick and not positive & ~POINT_CARDS,
        moon_cards=rules.penalty_cards,
        moon_weights=tuple(weights),
        by_count=by_count,
        moon_scale=moon_total / (len(hearts) + QUEEN_MOON_POINTS),
        strength_cap=3 if by_count else 2 + max((weights[c] for c in hearts), default=1.0),
        value_scale=rules.moon_value / (len(hearts) + rules.queen_points),
        partner=rules.players // 2 if rules.teams else 0,
        hand_points=sum(values),
    )


def passes_to_partner(rules: Rules, pass_offset: int) -> bool:
    """Whether a pass of ``pass_offset`` goes to the passer's partner (across, with teams)."""
    return rules.teams and pass_offset == rules.players // 2


def side_points(rules: Rules, score: Sequence[int], seat: int) -> float:
    """What a hand's ``score`` costs ``seat``: its own points, or with teams its side's.

    With teams a moon gives every seat but the shooter its value, the shooter's partner too,
    so a side's points alone would count its own moon against it: each side bears its share
    of what the moon adds to the hand's points instead, and the figure is the side's points
    as if the moon were scored without partners (0 for the shooter's side, the value for the
    others, when the hand's points add up to the moon's value).
    """
    if not rules.teams:
        return score[seat]
    sides = rules.side_totals(score)
    added = sum(sides) - points_of(rules).hand_points
    return sides[rules.side_of(seat)] - added / len(sides)
