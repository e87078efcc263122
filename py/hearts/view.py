"""What one seat may know: the only input a bot (or the advice) ever gets.

A :class:`SeatView` is built from a :class:`~hearts.game.Hand` but holds no
reference to it and no other seat's hidden cards: its own hand, what it passed
and received, every card played (and by whom), the tricks taken, which seats
have shown a void, and the match totals. Bots are fair because they cannot
reach anything else.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Hand, Phase
from .rules import Rules

__all__ = ["SeatView", "seat_view"]


@dataclass(frozen=True)
class SeatView:
    rules: Rules
    seat: int
    phase: Phase
    hand: int                      # this seat's cards now
    pass_offset: int               # 0: no passing this hand
    passed: int                    # cards this seat gave away (0 if none or not yet)
    received: int                  # cards this seat got (0 until the exchange)
    plays: tuple[tuple[int, int], ...]   # (seat, card) for every card played so far
    trick: tuple[tuple[int, int], ...]   # the current trick
    taken: tuple[int, ...]         # cards each seat has taken in tricks
    tricks: tuple[int, ...]        # tricks each seat has taken
    hearts_broken: bool
    trick_number: int              # 0-based number of the trick being played
    to_act: tuple[int, ...]
    legal: int                     # legal cards when this seat is to play, else 0
    voids: tuple[int, ...]         # per seat: bitmask of suits (bit s) it has shown void in
    hand_sizes: tuple[int, ...]    # cards left in each seat's hand
    totals: tuple[int, ...]        # match totals before this hand

    @property
    def played(self) -> int:
        """Every card played so far, as a set."""
        m = 0
        for _, c in self.plays:
            m |= 1 << c
        return m

    @property
    def unseen(self) -> int:
        """Cards in other seats' hands as far as this seat can tell (not its own, not played)."""
        return self.rules.deck & ~self.hand & ~self.played

    @property
    def players(self) -> int:
        return self.rules.players


def _voids(rules: Rules, plays: list[tuple[int, int]]) -> tuple[int, ...]:
    voids = [0] * rules.players
    for start in range(0, len(plays), rules.players):
        trick = plays[start:start + rules.players]
        lead = trick[0][1] // 13
        for seat, c in trick[1:]:
            if c // 13 != lead:
                voids[seat] |= 1 << lead
    return tuple(voids)


def seat_view(hand: Hand, seat: int) -> SeatView:
    """The view of ``seat`` on ``hand``."""
    passed = (hand.passes[seat] or 0) if hand.pass_offset else 0
    exchanged = hand.phase != "pass"
    legal = hand.legal() if hand.phase == "play" and hand.turn == seat else 0
    sizes = tuple(h.bit_count() for h in hand.hands)
    own = hand.hands[seat]
    return SeatView(
        rules=hand.rules, seat=seat, phase=hand.phase, hand=own, pass_offset=hand.pass_offset,
        passed=passed, received=hand.received[seat] if exchanged else 0,
        plays=tuple(hand.plays), trick=tuple(hand.trick), taken=tuple(hand.taken),
        tricks=tuple(hand.tricks), hearts_broken=hand.hearts_broken, trick_number=hand.trick_number,
        to_act=tuple(hand.to_act()), legal=legal, voids=_voids(hand.rules, hand.plays),
        hand_sizes=sizes, totals=tuple(hand.totals_before),
    )
