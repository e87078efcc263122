"""Cards, card sets as int bitmasks, and the public card notation.

A card is an int 0..51, suit-major: ``index = suit * 13 + rank``, with suits in
the order clubs, diamonds, hearts, spades (``C D H S``) and ranks 2..A as
0..12. A *set* of cards is an int whose bit ``index`` is set for each member,
so unions, intersections and suit filters are single integer operations; that
is what keeps the bots' playouts fast.

Public notation (stable): rank ``23456789TJQKA`` followed by suit ``CDHS``,
for example ``2C``, ``TH``, ``QS``, ``AD``. Input also accepts ``10`` for the
ten and lower case; output is always canonical.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = [
    "CLUBS", "DIAMONDS", "HEARTS", "SPADES", "SUITS", "RANKS", "FULL_DECK",
    "SUIT_MASKS", "HEART_MASK", "QUEEN_OF_SPADES", "JACK_OF_DIAMONDS", "TWO_OF_CLUBS",
    "CardError", "card", "suit_of", "rank_of", "bit", "parse_card", "card_str",
    "parse_cards", "mask_of", "cards_of", "iter_cards", "count", "lowest", "highest",
    "label", "suit_label",
]

SUITS = "CDHS"
RANKS = "23456789TJQKA"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

FULL_DECK = (1 << 52) - 1
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
HEART_MASK = SUIT_MASKS[HEARTS]


class CardError(ValueError):
    """A card name that is not valid notation."""


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = two .. 12 = ace) in ``suit`` (0 = clubs .. 3 = spades)."""
    return suit * 13 + rank


QUEEN_OF_SPADES = card(10, SPADES)
JACK_OF_DIAMONDS = card(9, DIAMONDS)
TWO_OF_CLUBS = card(0, CLUBS)


def suit_of(c: int) -> int:
    return c // 13


def rank_of(c: int) -> int:
    return c % 13


def bit(c: int) -> int:
    return 1 << c


def parse_card(text: str) -> int:
    """Parse one card: ``"QS"``, ``"10h"``, ``"th"`` … Raises :class:`CardError`."""
    if not isinstance(text, str):
        raise CardError(f"card must be a string like 'QS', got {text!r}")
    s = text.strip().upper()
    if len(s) == 3 and s.startswith("10"):
        s = "T" + s[2]
    if len(s) != 2 or s[0] not in RANKS or s[1] not in SUITS:
        raise CardError(f"unknown card {text!r}: use rank 23456789TJQKA (or 10) + suit CDHS, e.g. 'QS'")
    return card(RANKS.index(s[0]), SUITS.index(s[1]))


def card_str(c: int) -> str:
    """Canonical name of card ``c``."""
    return RANKS[c % 13] + SUITS[c // 13]


def parse_cards(texts: Iterable[str]) -> list[int]:
    return [parse_card(t) for t in texts]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """Members of a card set, lowest index first (clubs 2..A, then diamonds, hearts, spades)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    return mask.bit_count()


def lowest(mask: int) -> int:
    """Lowest card of a non-empty set."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """Highest card of a non-empty set."""
    return mask.bit_length() - 1


_SUIT_SYMBOLS = "♣♦♥♠"
_RANK_NAMES = {
    "en": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    "de": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"),
}
_SUIT_WORDS = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "de": ("Kreuz", "Karo", "Herz", "Pik"),
}


def label(c: int, lang: str = "en", symbols: bool = True) -> str:
    """A card for people: ``Q♠`` (English) or ``D♠`` (German: Bube, Dame, König, Ass).

    With ``symbols=False``: ``Q spades`` / ``Pik D``.
    """
    names = _RANK_NAMES.get(lang, _RANK_NAMES["en"])
    rank = names[c % 13]
    if symbols:
        return rank + _SUIT_SYMBOLS[c // 13]
    suit = _SUIT_WORDS.get(lang, _SUIT_WORDS["en"])[c // 13]
    return f"{suit} {rank}" if lang == "de" else f"{rank} {suit}"


def suit_label(suit: int, lang: str = "en") -> str:
    return _SUIT_WORDS.get(lang, _SUIT_WORDS["en"])[suit]
