"""Facts a seat can work out from its view: the trick so far, who threatens a moon, unseen cards.

Shared by the heuristic levels, the strong bot's search and the advice texts,
so that they all read a situation the same way.
"""

from __future__ import annotations

from ..cards import HEART_MASK, QUEEN_OF_SPADES
from ..game import trick_winner
from ..view import SeatView

__all__ = ["winning_card", "moon_threat", "points_in", "queen_out"]


def winning_card(view: SeatView) -> int:
    """The card now winning the current trick (-1 when the seat leads)."""
    if not view.trick:
        return -1
    cards = [c for _, c in view.trick]
    return cards[trick_winner(cards[0] // 13, cards)]


def points_in(view: SeatView, cards: int) -> int:
    return view.rules.card_points(cards)


def queen_out(view: SeatView) -> bool:
    """Q♠ is still in another seat's hand (not ours, not played)."""
    return bool(view.unseen >> QUEEN_OF_SPADES & 1)


def moon_threat(view: SeatView, min_points: int = 8) -> int:
    """A seat other than ours that has taken every penalty card taken so far (at least ``min_points``
    worth), while penalty cards are still out, so a moon is possible: its number, else -1."""
    rules = view.rules
    if rules.moon == "off":
        return -1
    need = rules.penalty_cards
    takers = [s for s, m in enumerate(view.taken) if m & need]
    if len(takers) != 1 or takers[0] == view.seat:
        return -1
    shooter = takers[0]
    got = view.taken[shooter] & need
    if got == need or rules.card_points(got & (HEART_MASK | 1 << QUEEN_OF_SPADES)) < min_points:
        return -1
    return shooter
