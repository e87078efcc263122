"""Numbered deals: the same number gives the same cards forever, here and in any port.

The golden deals below were computed once from the generator; the reference implementation
in this file (written from the algorithm in the README / deal.py docstring, not from the code)
and SplitMix64's published test vector make sure those values are not merely self-confirming.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hearts import preset
from hearts.cards import card_str, cards_of
from hearts.deal import SplitMix64, deal, match_deal_number
from hearts.errors import HeartsError
from hearts.rules import PRESETS, Rules

M64 = 2**64


def reference_splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 (Steele, Lea, Flood 2014), as published."""
    state = seed % M64
    while True:
        state = (state + 0x9E3779B97F4A7C15) % M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M64
        yield z ^ (z >> 31)


def reference_deal(rules: Rules, number: int) -> list[list[str]]:
    """Fisher-Yates over the deck in card order with unbiased ``below``; seat s gets a slice."""
    deck = [r + s for s in "CDHS" for r in "23456789TJQKA" if r + s not in (rules.removed or ())]
    draws = reference_splitmix64(number)

    def below(n: int) -> int:
        limit = M64 - M64 % n
        x = next(draws)
        while x >= limit:
            x = next(draws)
        return x % n

    for i in range(len(deck) - 1, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    h = len(deck) // rules.players
    return [deck[s * h:(s + 1) * h] for s in range(rules.players)]


def hands_order(name: str) -> tuple[int, int]:
    return "CDHS".index(name[1]), "23456789TJQKA".index(name[0])


def as_names(hands: list[int]) -> list[list[str]]:
    return [[card_str(c) for c in cards_of(h)] for h in hands]


def test_splitmix64_published_vector() -> None:
    # the first outputs for seed 1234567 from the reference C implementation (Vigna)
    expected = [6457827717110365317, 3203168211198807973, 9817491932198370423,
                4593380528125082431, 16408922859458223821]
    gen = SplitMix64(1234567)
    assert [gen.next() for _ in range(5)] == expected
    ref = reference_splitmix64(1234567)
    assert [next(ref) for _ in range(5)] == expected


@pytest.mark.parametrize("seed", [0, 1, 2**63, M64 - 1, 0xDEADBEEF])
def test_generator_matches_reference(seed: int) -> None:
    gen, ref = SplitMix64(seed), reference_splitmix64(seed)
    assert [gen.next() for _ in range(50)] == [next(ref) for _ in range(50)]


GOLDEN = [
    ("classic", 0, [
        "2C 8C TC JC QC 3D 4D KD TH QH 3S 7S 9S",
        "3C 6C 7C 9C 6D JD 2H 4H 6H 9H AH 5S KS",
        "4C KC 2D 5D 9D TD QD AD 3H KH 2S 4S JS",
        "5C AC 7D 8D 5H 7H 8H JH 6S 8S TS QS AS"]),
    ("classic", 1, [
        "4C TC QC 5D 6D 7D 8D 9D QD AD 9H 6S TS",
        "3C AC 2D 3D 5H 6H 8H JH QH AH 7S JS QS",
        "6C 7C 8C KC JD 2H 7H KH 2S 5S 9S KS AS",
        "2C 5C 9C JC 4D TD KD 3H 4H TH 3S 4S 8S"]),
    ("wikipedia-3", 7, [
        "3C 4C 5C 8C KC 3D 4D 5D 7D QD 6H 8H 5S 8S JS AS",
        "6C 7C TC JC 6D 8D TD KD AD 7H TH JH 3S 4S 9S QS",
        "9C QC AC 9D JD 3H 4H 5H 9H QH KH AH 6S 7S TS KS"]),
    ("five-players", 3, [
        "8C 4D 7D TD AD AH 7S 8S 9S TS",
        "3C 8D QD KD 5H 6H QH 3S 5S KS",
        "AC 5D 9H KH 2S 4S 6S JS QS AS",
        "5C 7C 9C TC JC QC 9D JD 2H TH",
        "4C 6C KC 3D 6D 3H 4H 7H 8H JH"]),
    ("six-players", 123456789, [
        "3C 6C JC 5D 8D QD 3H TS",
        "8C KC TD KD 4H 5H 8H AS",
        "3D 4D 7D 9D 7H TH 6S KS",
        "TC QC 6D JD KH 3S 5S QS",
        "4C 5C AC 6H AH 4S 7S 9S",
        "7C 9C AD 9H JH QH 8S JS"]),
    ("three-players", 2**63 + 11, [
        "2C 3C 4C 5C 6C 7C 8C KC 5D 6D 9D JD 2H 2S 6S 8S JS",
        "TC AC 3D 7D QD AD 4H 5H 9H QH 3S 7S 9S TS QS KS AS",
        "9C JC QC 4D 8D TD KD 3H 6H 7H 8H TH JH KH AH 4S 5S"]),
]


@pytest.mark.parametrize(("name", "number", "hands"), GOLDEN)
def test_golden_deals(name: str, number: int, hands: list[str]) -> None:
    rules = preset(name)
    expected = [h.split() for h in hands]
    assert as_names(deal(rules, number)) == expected
    # the independent reference deals the same cards (sorted per seat: a hand is a set)
    assert [sorted(h, key=hands_order) for h in reference_deal(rules, number)] == expected


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_matches_reference_and_deals_each_card_once(name: str) -> None:
    rules = preset(name)
    for number in [0, 5, 77, 10**12, M64 - 1]:
        hands = deal(rules, number)
        assert [sorted(h, key=hands_order) for h in reference_deal(rules, number)] == as_names(hands)
        assert all(h.bit_count() == rules.hand_size for h in hands)
        union = 0
        for h in hands:
            assert not union & h  # no card twice
            union |= h
        assert union == rules.deck  # every card of the deck dealt, nothing removed dealt


def test_same_number_same_cards() -> None:
    rules = preset("classic")
    assert deal(rules, 31337) == deal(rules, 31337)
    assert deal(rules, 31337) != deal(rules, 31338)


def test_number_is_taken_mod_2_64() -> None:
    rules = preset("classic")
    assert deal(rules, M64 + 3) == deal(rules, 3)


@pytest.mark.parametrize("number", [-1, True, 1.0, "3", None])
def test_bad_deal_numbers(number: object) -> None:
    with pytest.raises(HeartsError) as err:
        deal(preset("classic"), number)  # type: ignore[arg-type]
    assert err.value.code == "bad_deal"


def test_below_rejects_the_biased_tail() -> None:
    # with n = 2**63 + 1 about half the draws fall at or above 2**64 - 2**64 % n and must be skipped
    n = 2**63 + 1
    limit = M64 - M64 % n
    gen = SplitMix64(5)
    draws = [gen.next() for _ in range(200)]
    kept = [x % n for x in draws if x < limit]
    assert 50 < len(kept) < 150  # the test really exercises rejection
    gen = SplitMix64(5)
    assert [gen.below(n) for _ in range(len(kept))] == kept


def test_match_deal_numbers() -> None:
    # golden values, and the documented derivation: one SplitMix64 draw from seed + k * 0xD1B54A32D192ED03
    assert [match_deal_number(s, k) for s, k in [(0, 0), (0, 1), (1, 0), (99, 5)]] == \
        [16294208416658607535, 3246858695411730098, 10451216379200822465, 6680331435078127163]
    for seed, k in [(0, 0), (7, 3), (M64 - 1, 2)]:
        assert match_deal_number(seed, k) == next(reference_splitmix64(seed + k * 0xD1B54A32D192ED03))
    assert len({match_deal_number(0, k) for k in range(100)}) == 100
