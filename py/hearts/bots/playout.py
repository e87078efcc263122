"""Fast playouts of one sampled deal on bitmasks, with the engine's own rules.

A :class:`Position` is a hand in progress reduced to what a playout needs.
Every step asks :func:`~hearts.game.legal_moves` for the legal cards,
:func:`~hearts.game.breaks_hearts` whether hearts open, and
:func:`~hearts.game.trick_winner` who takes the trick; the end score comes from
:func:`~hearts.game.hand_score`. The players are the heuristics of
:mod:`.policy`, each seeing only its own hand and the public table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import HEART_MASK, JACK_OF_DIAMONDS, QUEEN_OF_SPADES
from ..game import breaks_hearts, hand_score, legal_moves, trick_winner
from ..rules import Rules
from ..view import SeatView
from .normal import table_of
from .policy import Table, choose_play

__all__ = ["Position", "position_of"]


class Position:
    """Hands, public table, tricks won and the seat to play."""

    __slots__ = ("rules", "hands", "table", "tricks", "turn", "scoring")

    def __init__(self, rules: Rules, hands: list[int], table: Table, tricks: list[int], turn: int) -> None:
        self.rules = rules
        self.hands = hands
        self.table = table
        self.tricks = tricks
        self.turn = turn
        # Cards whose taker still changes a score: once none is left in any hand the rest is a formality.
        self.scoring = HEART_MASK | 1 << QUEEN_OF_SPADES | (1 << JACK_OF_DIAMONDS if rules.jack_of_diamonds else 0)

    def copy(self) -> Position:
        t = self.table
        table = Table(t.rules, t.gone, list(t.taken), list(t.voids), list(t.trick), t.leader,
                      t.hearts_broken, t.first_trick)
        return Position(self.rules, list(self.hands), table, list(self.tricks), self.turn)

    def legal(self) -> int:
        t = self.table
        lead = t.trick[0] // 13 if t.trick else -1
        return legal_moves(self.rules, self.hands[self.turn], lead, t.first_trick, t.hearts_broken)

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (assumed legal)."""
        t = self.table
        seat = self.turn
        bit = 1 << card
        self.hands[seat] &= ~bit
        t.gone |= bit
        trick = t.trick
        if trick and card // 13 != trick[0] // 13:
            t.voids[seat] |= 1 << trick[0] // 13
        trick.append(card)
        if not t.hearts_broken and breaks_hearts(self.rules, card):
            t.hearts_broken = True
        n = t.players
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        winner = (t.leader + trick_winner(trick[0] // 13, trick)) % n
        won = 0
        for c in trick:
            won |= 1 << c
        t.taken[winner] |= won
        self.tricks[winner] += 1
        t.trick = []
        t.leader = self.turn = winner
        t.first_trick = False

    def settled(self) -> bool:
        """Between tricks with nothing left that changes a score (and no sun still possible)."""
        if self.table.trick:
            return False
        left = 0
        for h in self.hands:
            left |= h
        if not left:
            return True
        if left & self.scoring:
            return False
        return not self.rules.sun or sum(1 for k in self.tricks if k) > 1

    def play_out(self, moon: Sequence[bool]) -> None:
        """Play to the end with the heuristics; ``moon[s]`` tells seat ``s`` to try for the moon."""
        while not self.settled():
            legal = self.legal()
            seat = self.turn
            card = choose_play(self.table, seat, self.hands[seat], legal, moon[seat]) if legal & (legal - 1) \
                else legal.bit_length() - 1
            self.play(card)

    def score(self, totals_before: Sequence[int]) -> list[int]:
        return hand_score(self.rules, self.table.taken, self.tricks, totals_before)


def position_of(view: SeatView, hands: list[int]) -> Position:
    """The position of ``view`` with the hidden hands filled in by ``hands`` (from a sampled deal)."""
    return Position(view.rules, hands, table_of(view), list(view.tricks), view.seat)
