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

from ...cards import HEART_MASK, JACK_OF_DIAMONDS, QUEEN_OF_SPADES
from ...deal import SplitMix64
from ...game import breaks_hearts, hand_score, legal_moves, trick_winner
from ...rules import Rules
from ...view import SeatView
from ..base import random_member
from ..policy import STYLE, Style, Table, choose_play, table_of

__all__ = ["Position", "position_of", "fresh_position"]


class Position:
    """Hands, public table, tricks won and the seat to play."""

    __slots__ = ("rules", "hands", "table", "tricks", "turn", "scoring", "work")

    def __init__(self, rules: Rules, hands: list[int], table: Table, tricks: list[int], turn: int) -> None:
        self.rules = rules
        self.hands = hands
        self.table = table
        self.tricks = tricks
        self.turn = turn
        # Cards whose taker still changes a score: once none is left in any hand the rest is a formality.
        self.scoring = HEART_MASK | 1 << QUEEN_OF_SPADES | (1 << JACK_OF_DIAMONDS if rules.jack_of_diamonds else 0)
        self.work = 0  # cards played through this object: the search's machine-independent measure of effort

    def copy(self) -> Position:
        new = Position.__new__(Position)
        new.rules, new.turn, new.scoring, new.work = self.rules, self.turn, self.scoring, 0
        new.hands, new.table, new.tricks = self.hands.copy(), self.table.copy(), self.tricks.copy()
        return new

    def legal(self) -> int:
        t = self.table
        lead = t.trick[0] // 13 if t.trick else -1
        return legal_moves(self.rules, self.hands[self.turn], lead, t.first_trick, t.hearts_broken)

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (assumed legal)."""
        self.play_out((), card)

    def play_out(self, plans: Sequence[int], only: int = -1, noise: float = 0.0,
                 rng: SplitMix64 | None = None) -> None:
        """Play to the end with the heuristics (``plans[s]``: seat ``s``'s moon plan, see :func:`choose_play`),
        or, with ``only`` set, just play that card. One loop for both keeps the rules in one place.
        With ``noise`` (and ``rng``), each choice is a random legal card with that probability."""
        rules, t, hands, tricks = self.rules, self.table, self.hands, self.tricks
        n = t.players
        trick = t.trick
        seat = self.turn
        while True:
            if not trick and only < 0 and self._settled():
                break
            lead = trick[0] // 13 if trick else -1
            if only >= 0:
                card = only
            else:
                legal = legal_moves(rules, hands[seat], lead, t.first_trick, t.hearts_broken)
                if not legal & (legal - 1):
                    card = legal.bit_length() - 1
                elif noise and rng is not None and rng.random() < noise:
                    card = random_member(legal, rng)
                else:
                    card = choose_play(t, seat, hands[seat], legal, plans[seat])
            self.work += 1
            bit = 1 << card
            hands[seat] &= ~bit
            t.gone |= bit
            if lead >= 0 and card // 13 != lead:
                t.voids[seat] |= 1 << lead
            trick.append(card)
            if not t.hearts_broken and breaks_hearts(rules, card):
                t.hearts_broken = True
            if len(trick) < n:
                seat = (seat + 1) % n
            else:
                seat = (t.leader + trick_winner(trick[0] // 13, trick)) % n
                won = 0
                for c in trick:
                    won |= 1 << c
                t.add_trick(seat, won)
                tricks[seat] += 1
                trick = t.trick = []
                t.leader = seat
                t.first_trick = False
            if only >= 0:
                break
        self.turn = seat

    def _settled(self) -> bool:
        """Nothing left in any hand changes a score (and no sun is still possible)."""
        left = 0
        for h in self.hands:
            left |= h
        if not left:
            return True
        if left & self.scoring:
            return False
        return not self.rules.sun or sum(1 for k in self.tricks if k) > 1

    def score(self, totals_before: Sequence[int]) -> list[int]:
        return hand_score(self.rules, self.table.taken, self.tricks, totals_before)


def position_of(view: SeatView, hands: list[int], style: Style = STYLE) -> Position:
    """The position of ``view`` with the hidden hands filled in by ``hands`` (from a sampled deal)."""
    return Position(view.rules, hands, table_of(view, style), list(view.tricks), view.seat)


def fresh_position(rules: Rules, hands: list[int], style: Style = STYLE) -> Position:
    """A hand about to be played (after any passing): the holder of the lead card leads."""
    n = rules.players
    leader = next(s for s, h in enumerate(hands) if h >> rules.lead_card & 1)
    table = Table(rules, 0, [0] * n, [0] * n, [], leader, False, True, style)
    return Position(rules, hands, table, [0] * n, leader)
