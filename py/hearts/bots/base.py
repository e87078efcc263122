"""What every bot shares: the :class:`Bot` protocol and per-decision randomness.

A bot reads only a :class:`~hearts.view.SeatView`. Its randomness comes from
:func:`decision_rng`, seeded by the bot's seed and a hash of everything public
in the view, so the same view gives the same decision whatever the process did
before (and the same on CPython and Pyodide: SplitMix64, no ``hash()``).
"""

from __future__ import annotations

from typing import Protocol

from ..deal import SplitMix64
from ..view import SeatView

__all__ = ["Bot", "decision_rng", "mix64", "random_subset", "random_member"]

_M64 = (1 << 64) - 1


class Bot(Protocol):
    """A computer player: a pass (``pass_count`` cards of ``view.hand``) and a play (a member of ``view.legal``)."""

    def choose_pass(self, view: SeatView) -> int: ...

    def choose_play(self, view: SeatView) -> int: ...


def mix64(h: int, value: int) -> int:
    """Fold ``value`` (any non-negative int below 2**64) into the running hash ``h`` (SplitMix64 finaliser)."""
    z = (h ^ value) + 0x9E3779B97F4A7C15 & _M64
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _M64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _M64
    return z ^ (z >> 31)


def decision_rng(seed: int, view: SeatView, salt: int = 0) -> SplitMix64:
    """The generator for one decision: a function of the seed and the public history in ``view``."""
    h = mix64(seed & _M64, salt)
    for value in (view.seat, view.pass_offset, view.hand, view.passed, view.received, len(view.plays)):
        h = mix64(h, value)
    for _, c in view.plays:
        h = mix64(h, c)
    for t in view.totals:
        h = mix64(h, t & _M64)
    return SplitMix64(h)


def random_member(mask: int, rng: SplitMix64) -> int:
    """A uniformly chosen card of a non-empty set."""
    k = rng.below(mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_subset(mask: int, size: int, rng: SplitMix64) -> int:
    """A uniformly chosen subset of ``size`` cards of ``mask``."""
    out = 0
    for _ in range(size):
        c = random_member(mask, rng)
        out |= 1 << c
        mask &= ~(1 << c)
    return out
