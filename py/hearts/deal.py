"""Numbered deals: deal number N gives the same cards forever, in any language.

The generator is SplitMix64 (Steele, Lea, Flood 2014), small enough to port in a
few lines. Algorithm, exactly:

1. ``state = N mod 2**64``. Each draw: ``state += 0x9E3779B97F4A7C15``;
   ``z = state``; ``z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9``;
   ``z = (z ^ z >> 27) * 0x94D049BB133111EB``; output ``z ^ z >> 31``
   (all arithmetic mod 2**64).
2. ``below(n)``: draw ``x`` until ``x < 2**64 - (2**64 mod n)``; return ``x mod n``.
3. The deck is the rules' cards in ascending index order (clubs 2..A, diamonds,
   hearts, spades). Fisher–Yates: for ``i`` from ``len-1`` down to 1, swap
   positions ``i`` and ``below(i + 1)``.
4. Seat ``s`` gets positions ``s*h .. s*h + h - 1`` (``h`` = cards per seat).

A match with seed S plays hand k with deal number ``match_deal_number(S, k)``.
"""

from __future__ import annotations

from .cards import cards_of, mask_of
from .errors import HeartsError
from .rules import Rules

__all__ = ["SplitMix64", "deal", "match_deal_number"]

_M64 = (1 << 64) - 1


class SplitMix64:
    """The documented generator behind deals, match seeds and the bots' randomness."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _M64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def random(self) -> float:
        """Uniform float in [0, 1) from the top 53 bits."""
        return (self.next() >> 11) / (1 << 53)

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def deal(rules: Rules, number: int) -> list[int]:
    """The hands (card sets, seat 0 first) of deal ``number`` under ``rules``."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise HeartsError("bad_deal", f"a deal number is a non-negative integer, got {number!r}")
    cards = cards_of(rules.deck)
    SplitMix64(number).shuffle(cards)
    h = rules.hand_size
    return [mask_of(cards[s * h:(s + 1) * h]) for s in range(rules.players)]


def match_deal_number(seed: int, hand_index: int) -> int:
    """Deal number of hand ``hand_index`` in the match with ``seed``: a SplitMix64 draw."""
    gen = SplitMix64(seed)
    gen.state = (gen.state + hand_index * 0xD1B54A32D192ED03) & _M64
    return gen.next()
