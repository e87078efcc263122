"""Level *easy*: passes its highest cards and plays "by feel".

Sensible but simple: it ducks under the card winning the trick when it can, gets
rid of Q♠ (the cards with most points: K♠ in Black Maria) and high hearts when it
cannot follow suit, unless its partner wins the trick, and leads low. It counts
nothing and now and then (about one play in six) plays any legal card at random.
It never plans a moon. When one seat has clearly set out for one (it alone has taken
``_MOON_ALARM`` moon points), it defends as the heuristics do (:func:`~.policy.stop_moon`):
it takes a heart from that seat when it can and feeds it nothing.
"""

from __future__ import annotations

from ..cards import HEART_MASK, SUIT_MASKS, cards_of, highest, lowest
from ..deal import SplitMix64
from ..game import trick_winner
from ..view import SeatView
from .base import decision_rng, random_member
from .points import Points, points_of
from .policy import moon_threat_of, stop_moon, table_of

__all__ = ["EasyBot"]

_SALT = 0xEA5E
_WHIM = 0.17  # share of plays made at random: what makes this level beatable
_MOON_ALARM = 8  # moon points (classic: hearts, 5 for Q♠; see .points) one seat must hold alone before easy sees
                 # a moon coming


class EasyBot:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_pass(self, view: SeatView) -> int:
        """The highest-ranked cards (ties in rank broken at random)."""
        rng = decision_rng(self.seed, view, _SALT)
        cards = [c for c in range(52) if view.hand >> c & 1]
        cards.sort(key=lambda c: (c % 13, rng.next()), reverse=True)
        out = 0
        for c in cards[: view.rules.pass_count]:
            out |= 1 << c
        return out

    def choose_play(self, view: SeatView) -> int:
        rng = decision_rng(self.seed, view, _SALT)
        legal = view.legal
        stop = _stop_moon(view)
        if stop >= 0:
            return stop
        if rng.random() < _WHIM:
            return random_member(legal, rng)
        if not view.trick:
            return _lowest_rank(legal, rng)
        cards = [c for _, c in view.trick]
        lead_suit = cards[0] // 13
        pts = points_of(view.rules)
        winning = trick_winner(lead_suit, cards)
        if legal & SUIT_MASKS[lead_suit]:
            return _follow(legal, cards[winning], pts)
        partner_wins = pts.partner and view.trick[winning][0] == (view.seat + pts.partner) % view.players
        return _discard(legal & ~pts.positive if partner_wins and legal & ~pts.positive else legal, pts)


def _stop_moon(view: SeatView) -> int:
    """The card that stops a moon it sees coming, else -1."""
    table = table_of(view)
    threat = moon_threat_of(table, view.seat, _MOON_ALARM)
    return stop_moon(table, view.legal, view.unseen, threat)[0] if threat >= 0 else -1


def _lowest_rank(legal: int, rng: SplitMix64) -> int:
    """Lead the lowest rank held, from a random suit among those that have it."""
    low = min(c % 13 for c in range(52) if legal >> c & 1)
    return random_member(sum(1 << (s * 13 + low) for s in range(4)) & legal, rng)


def _follow(legal: int, winning: int, pts: Points) -> int:
    """Duck with the highest card under the winning one; when every card wins, play the highest (not Q♠
    nor another burden)."""
    under = legal & ((1 << winning) - 1)
    if under:
        return highest(under)
    over = legal & ~pts.heavy
    return highest(over) if over else lowest(legal)


def _discard(legal: int, pts: Points) -> int:
    """Off-suit: Q♠ first (the burden with most points), then the heart with most points, then the highest card
    (``legal``: without the cards with points when the partner wins the trick)."""
    values = pts.values
    for points in (legal & pts.heavy, legal & HEART_MASK):
        if points:
            return max(cards_of(points), key=lambda c: (values[c], c))
    return max((c for c in range(52) if legal >> c & 1), key=lambda c: (c % 13, c))
