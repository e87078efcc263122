"""Card notation and card sets (hearts.cards): the public notation is a stable contract."""

from __future__ import annotations

import pytest

from hearts.cards import (
    FULL_DECK,
    HEART_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    TWO_OF_CLUBS,
    CardError,
    card,
    card_str,
    cards_of,
    count,
    highest,
    iter_cards,
    label,
    lowest,
    mask_of,
    parse_card,
    parse_cards,
    rank_of,
    suit_label,
    suit_of,
)

ALL_NAMES = [r + s for s in "CDHS" for r in "23456789TJQKA"]


def test_index_is_suit_major_in_card_order() -> None:
    # suit * 13 + rank, suits C D H S, ranks 2..A
    assert [card_str(c) for c in range(52)] == ALL_NAMES
    assert parse_card("2C") == 0 and parse_card("AC") == 12
    assert parse_card("2D") == 13 and parse_card("2H") == 26 and parse_card("AS") == 51


def test_named_cards() -> None:
    assert card_str(QUEEN_OF_SPADES) == "QS"
    assert card_str(JACK_OF_DIAMONDS) == "JD"
    assert card_str(TWO_OF_CLUBS) == "2C"
    assert card(10, 3) == QUEEN_OF_SPADES
    assert (suit_of(QUEEN_OF_SPADES), rank_of(QUEEN_OF_SPADES)) == (3, 10)


@pytest.mark.parametrize("name", ALL_NAMES)
def test_every_card_round_trips(name: str) -> None:
    assert card_str(parse_card(name)) == name
    assert parse_card(name.lower()) == parse_card(name)


@pytest.mark.parametrize(("text", "canonical"), [
    ("10H", "TH"), ("10h", "TH"), ("th", "TH"), ("Qs", "QS"), (" 2c ", "2C"), ("10C", "TC"), ("aD", "AD"),
])
def test_lenient_input_canonical_output(text: str, canonical: str) -> None:
    assert card_str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "1H", "11H", "QX", "Q", "QSS", "H2", "10", "1 0H", "ZZ", "♠Q"])
def test_bad_card_names_raise_card_error_naming_the_input(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [12, None, ["QS"], b"QS"])
def test_non_strings_are_card_errors(value: object) -> None:
    with pytest.raises(CardError):
        parse_card(value)  # type: ignore[arg-type]


def test_sets_are_bitmasks() -> None:
    hand = mask_of(parse_cards(["QS", "2C", "TH", "2C"]))
    assert hand == (1 << 0) | (1 << parse_card("TH")) | (1 << QUEEN_OF_SPADES)
    assert [card_str(c) for c in cards_of(hand)] == ["2C", "TH", "QS"]
    assert list(iter_cards(hand)) == cards_of(hand)
    assert count(hand) == 3
    assert card_str(lowest(hand)) == "2C" and card_str(highest(hand)) == "QS"
    assert cards_of(0) == [] and mask_of([]) == 0


def test_suit_masks_partition_the_deck() -> None:
    assert sum(count(m) for m in SUIT_MASKS) == 52
    union = 0
    for suit, m in enumerate(SUIT_MASKS):
        assert not union & m
        union |= m
        assert all(suit_of(c) == suit for c in cards_of(m))
    assert union == FULL_DECK == (1 << 52) - 1
    assert [card_str(c) for c in cards_of(HEART_MASK)] == [r + "H" for r in "23456789TJQKA"]


def test_labels_for_people() -> None:
    assert label(QUEEN_OF_SPADES) == "Q♠"
    assert label(QUEEN_OF_SPADES, "de") == "D♠"  # Dame
    assert label(JACK_OF_DIAMONDS, "de", symbols=False) == "Karo B"  # Bube
    assert label(parse_card("TH"), "en", symbols=False) == "10 hearts"
    assert label(parse_card("AC"), "xx") == "A♣"  # unknown language: English
    assert suit_label(2, "de") == "Herz"
