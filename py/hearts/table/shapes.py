"""The forms engine values take in the table protocol, shared by the events and the views."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import (
    CLUBS,
    DIAMONDS,
    HEART_MASK,
    HEARTS,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    card_str,
    cards_of,
    parse_card,
)
from ..game import Hand, HandResult
from ..rules import Rules
from .protocol import MoonView, PassDirection, PassName, TakenCounters, TrickCard
from .seats import HOST_SEAT

__all__ = ["trick_cards", "taken_counters", "moon_view", "display_order", "pass_direction", "result_of",
           "winning_sides", "side_places"]

# A person's hand is shown black, red, black, red: clubs, diamonds, spades, hearts.
_DISPLAY_SUITS = (CLUBS, DIAMONDS, SPADES, HEARTS)


def trick_cards(plays: Sequence[tuple[int, int]]) -> list[TrickCard]:
    return [{"seat": s, "card": card_str(c)} for s, c in plays]


def taken_counters(rules: Rules, taken: int) -> TakenCounters:
    """The counters of a seat that has taken the cards ``taken`` (a mask) this hand. ``jack``: the
    bonus card the rules name (J♦ unless the 10♦ Omnibus), whether its rule is on or off."""
    return {"points": rules.card_points(taken), "hearts": (taken & HEART_MASK).bit_count(),
            "queen": bool(taken >> QUEEN_OF_SPADES & 1), "jack": bool(taken >> parse_card(rules.bonus_card) & 1)}


def moon_view(result: HandResult) -> MoonView | None:
    moon = result.moon
    if moon is None:
        return None
    return {"seat": moon.seat, "sun": moon.sun, "value": moon.value, "subtracted": moon.subtracted}


def display_order(cards: int) -> list[int]:
    return [c for suit in _DISPLAY_SUITS for c in cards_of(cards & SUIT_MASKS[suit])]


def pass_direction(offset: int, players: int, seat: int = HOST_SEAT) -> PassDirection:
    """Where ``seat``'s cards go: ``{"offset", "name", "to", "from"}``.

    ``name`` is ``left`` (the next seat in play order), ``right``, ``across``, ``none``,
    or ``seats`` (``offset`` seats to the left, e.g. in the five-player cycle).
    """
    name: PassName
    if offset == 0:
        name = "none"
    elif offset == 1:
        name = "left"
    elif offset == players - 1:
        name = "right"
    elif 2 * offset == players:
        name = "across"
    else:
        name = "seats"
    return {"offset": offset, "name": name, "to": (seat + offset) % players, "from": (seat - offset) % players}


def result_of(hand: Hand) -> HandResult:
    result = hand.result()
    assert result is not None, "only finished hands have a result"
    return result


def winning_sides(rules: Rules, winners: Sequence[int]) -> list[int]:
    """The indices (in ``rules.sides``) of the sides the winning seats play for."""
    return sorted({rules.side_of(seat) for seat in winners})


def side_places(rules: Rules, places: Sequence[int]) -> list[int]:
    """Each side's place, from the seats' places (the partners of a side share it)."""
    return [places[side[0]] for side in rules.sides]
