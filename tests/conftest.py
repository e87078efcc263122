"""Helpers for the engine tests: hands from card names, random legal play, exact snapshots.

Tests import these as ``from conftest import ...`` (tests/ has no ``__init__``, so pytest puts
it on ``sys.path``). Everything here runs on CPython and inside Pyodide.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hearts.cards import card_str, cards_of, mask_of, parse_card
from hearts.game import Hand
from hearts.rules import Rules


def cards(text: str) -> list[int]:
    """``"2C QS 10h"`` -> card indices, in the given order."""
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    """``"2C QS"`` -> card set."""
    return mask_of(cards(text))


def names(cardset: int) -> list[str]:
    """Card set -> canonical names, sorted clubs..spades, 2..A."""
    return [card_str(c) for c in cards_of(cardset)]


def make_deal(rules: Rules, fixed: Mapping[int, str]) -> list[int]:
    """A deal where ``fixed[seat]`` names (some of) that seat's cards.

    Every seat is then topped up to the hand size from the remaining cards of the deck,
    lowest first, seat 0 first: scenarios name the cards that matter and let the rest fill in.
    """
    chosen = [mask(fixed.get(seat, "")) for seat in range(rules.players)]
    used = 0
    for seat, hand in enumerate(chosen):
        assert not hand & used, f"seat {seat} repeats a card"
        assert not hand & ~rules.deck, f"seat {seat} holds a removed card"
        assert hand.bit_count() <= rules.hand_size, f"seat {seat} holds too many cards"
        used |= hand
    spare = cards_of(rules.deck & ~used)
    for seat in range(rules.players):
        need = rules.hand_size - chosen[seat].bit_count()
        chosen[seat] |= mask_of(spare[:need])
        spare = spare[need:]
    return chosen


def make_hand(rules: Rules, fixed: Mapping[int, str], pass_offset: int = 0,
              totals: list[int] | None = None) -> Hand:
    return Hand(rules, make_deal(rules, fixed), pass_offset, totals)


def play(hand: Hand, text: str) -> None:
    """Play the named cards in order (each by the seat whose turn it is)."""
    for c in cards(text):
        hand.play(c)


def snapshot(hand: Hand) -> dict[str, Any]:
    """Every slot of a hand, copied: two equal snapshots mean two identical states."""
    out: dict[str, Any] = {}
    for name in Hand.__slots__:
        value = getattr(hand, name)
        out[name] = list(value) if isinstance(value, list) else value
    return out


def random_passes(hand: Hand, rng: random.Random) -> None:
    """Every seat still to pass gives ``pass_count`` random cards, seats in random order."""
    seats = hand.to_act()
    rng.shuffle(seats)
    for seat in seats:
        hand.choose_pass(seat, mask_of(rng.sample(cards_of(hand.hands[seat]), hand.rules.pass_count)))


def random_play(hand: Hand, rng: random.Random) -> int:
    """The seat to play plays a random legal card; returns it."""
    c = rng.choice(cards_of(hand.legal()))
    hand.play(c)
    return c


def play_out(hand: Hand, rng: random.Random) -> None:
    """Finish the hand with random legal choices."""
    if hand.phase == "pass":
        random_passes(hand, rng)
    while hand.phase == "play":
        random_play(hand, rng)
