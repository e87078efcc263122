"""Facts a seat can work out from its view: the trick so far, who threatens a moon, unseen cards.

Shared by the heuristic levels, the strong bot's search and the advice texts,
so that they all read a situation the same way.
"""

from __future__ import annotations

from ..cards import QUEEN_OF_SPADES
from ..game import trick_winner
from ..view import SeatView
from .policy import STYLE, table_of

__all__ = ["winning_card", "moon_threat", "queen_out"]


def winning_card(view: SeatView) -> int:
    """The card now winning the current trick (-1 when the seat leads)."""
    if not view.trick:
        return -1
    cards = [c for _, c in view.trick]
    return cards[trick_winner(cards[0] // 13, cards)]


def queen_out(view: SeatView) -> bool:
    """Q♠ is still in another seat's hand (not ours, not played)."""
    return bool(view.unseen >> QUEEN_OF_SPADES & 1)


def moon_threat(view: SeatView) -> int:
    """The seat the heuristics see heading for a moon: it alone has taken points, and enough
    of them (:class:`~.policy.Style` ``moon_threat``). Its number, else -1 (also for ourselves)."""
    taker, points = table_of(view).moon
    return taker if taker not in (-1, view.seat) and points >= STYLE.moon_threat else -1
