"""Fast playouts of one sampled deal on bitmasks, with the engine's own rules.

A :class:`Position` is a hand in progress reduced to what a playout needs.
Every step asks :func:`~hearts.game.legal_moves` for the legal cards,
:func:`~hearts.game.breaks_hearts` whether hearts open, and
:func:`~hearts.game.trick_winner` who takes the trick; the end score comes from
:func:`~hearts.game.hand_score`. The players are the heuristics of
:mod:`.policy`, each seeing only its own hand and the public table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from ...cards import cards_of, mask_of
from ...game import breaks_hearts, hand_score, legal_moves
from ...rules import Rules
from ...view import SeatView
from ..points import points_of
from ..policy import STYLE, Style, Table, play_rule, table_of

__all__ = ["Position", "position_of", "positions_of", "fresh_position", "fresh_positions", "scoring_cards",
           "settled"]


class Position:
    """Hands, public table, tricks won and the seat to play."""

    __slots__ = ("rules", "hands", "table", "tricks", "turn", "scoring", "breakers", "work")

    def __init__(self, rules: Rules, hands: list[int], table: Table, tricks: list[int], turn: int) -> None:
        self.rules = rules
        self.hands = hands
        self.table = table
        self.tricks = tricks
        self.turn = turn
        # Cards whose taker still changes a score: once none is left in any hand the rest is a formality.
        self.scoring = scoring_cards(rules)
        # The cards that open hearts (:func:`~hearts.game.breaks_hearts`) as one set, tested with one ``&``.
        self.breakers = _breakers(rules)
        self.work = 0  # cards played through this object: the search's machine-independent measure of effort

    def copy(self) -> Position:
        new = Position.__new__(Position)
        new.rules, new.turn, new.scoring, new.breakers, new.work = self.rules, self.turn, self.scoring, self.breakers, 0
        new.hands, new.table, new.tricks = self.hands.copy(), self.table.copy(), self.tricks.copy()
        return new

    def legal(self) -> int:
        t = self.table
        lead = t.trick[0] // 13 if t.trick else -1
        return legal_moves(self.rules, self.hands[self.turn], lead, t.first_trick, t.hearts_broken)

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (assumed legal)."""
        self.play_out((), card)

    def play_out(self, plans: Sequence[int], only: int = -1) -> None:
        """Play to the end with the heuristics (``plans[s]``: seat ``s``'s moon plan, see :func:`choose_play`),
        or, with ``only`` set, just play that card. One loop for both keeps the rules in one place.
        The playout stops once no card left in a hand changes a score (:func:`settled`)."""
        # Everything the loop reads is bound to a local once: this loop is where a search spends its time.
        rules, t, hands, tricks = self.rules, self.table, self.hands, self.tricks
        n, voids, scoring = t.players, t.voids, self.scoring
        breakers, live_scoring = self.breakers, self.scoring & t.deck
        trick = t.trick
        seat = self.turn
        gone_before = t.gone  # the cards played here are counted once at the end, from what is gone since
        first, broken = t.first_trick, t.hearts_broken  # kept here too: read at every card, changed once a hand
        while True:
            # Every card not gone is in some hand: while a scoring card is not gone, nothing is settled.
            if only < 0 and not trick and not live_scoring & ~t.gone and settled(rules, hands, tricks, scoring):
                break
            lead = t.top // 13 if trick else -1
            hand = hands[seat]
            if only >= 0:
                card = only
            else:
                legal = legal_moves(rules, hand, lead, first, broken)
                if not legal & (legal - 1):
                    card = legal.bit_length() - 1
                else:
                    card = play_rule(t, seat, hand, legal, plans[seat])[0]
            bit = 1 << card
            hands[seat] = hand ^ bit  # the card is in the hand
            t.gone |= bit
            # The trick's winner so far and its cards, kept as the cards come (see :class:`Table`).
            if lead < 0:
                t.top, t.top_seat, t.trick_cards = card, seat, bit
            else:
                if card // 13 != lead:
                    voids[seat] |= 1 << lead
                elif card > t.top:
                    t.top, t.top_seat = card, seat
                t.trick_cards |= bit
            trick.append(card)
            if bit & breakers and not broken:
                broken = t.hearts_broken = True
            if len(trick) < n:
                seat = seat + 1 if seat + 1 < n else 0
            else:
                seat = t.top_seat
                t.add_trick(seat, t.trick_cards)
                tricks[seat] += 1
                trick.clear()
                t.top, t.top_seat, t.trick_cards = -1, -1, 0
                t.leader = seat
                first = t.first_trick = False
            if only >= 0:
                break
        self.work += (t.gone ^ gone_before).bit_count()
        self.turn = seat

    def score(self, totals_before: Sequence[int]) -> list[int]:
        return hand_score(self.rules, self.table.taken, self.tricks, totals_before)


def scoring_cards(rules: Rules) -> int:
    """Cards whose taker changes a hand's score: every card with points (K♠ and A♠ of Black Maria, the
    −10 card too) and every moon card (Q♠ even at 0 points)."""
    return points_of(rules).scoring


def settled(rules: Rules, hands: Sequence[int], tricks: Sequence[int], scoring: int) -> bool:
    """No card left in the ``hands`` changes a score (and no sun is still possible): the rest is a formality."""
    left = 0
    for h in hands:
        left |= h
    if not left:
        return True
    if left & scoring:
        return False
    return not rules.sun or sum(1 for k in tricks if k) > 1


@cache
def _breakers(rules: Rules) -> int:
    return mask_of(c for c in cards_of(rules.deck) if breaks_hearts(rules, c))


def position_of(view: SeatView, hands: list[int], style: Style = STYLE) -> Position:
    """The position of ``view`` with the hidden hands filled in by ``hands`` (from a sampled deal)."""
    return positions_of(view, style)(hands)


def positions_of(view: SeatView, style: Style = STYLE) -> Callable[[list[int]], Position]:
    """:func:`position_of` for the many sampled deals of one view: the public table is read from the view once."""
    proto = Position(view.rules, [], table_of(view, style), list(view.tricks), view.seat)

    def with_hands(hands: list[int]) -> Position:
        pos = proto.copy()
        pos.hands = hands
        return pos

    return with_hands


def fresh_position(rules: Rules, hands: list[int], style: Style = STYLE) -> Position:
    """A hand about to be played (after any passing): the holder of the lead card leads."""
    return fresh_positions(rules, style)(hands)


def fresh_positions(rules: Rules, style: Style = STYLE) -> Callable[[list[int]], Position]:
    """:func:`fresh_position` for the many deals of a pass search: the empty table is built once."""
    n = rules.players
    table = Table(rules, 0, [0] * n, [0] * n, [], 0, False, True, style)
    proto = Position(rules, [], table, [0] * n, 0)
    lead = 1 << rules.lead_card

    def with_hands(hands: list[int]) -> Position:
        pos = proto.copy()
        pos.hands = hands
        pos.turn = pos.table.leader = next(s for s, h in enumerate(hands) if h & lead)
        return pos

    return with_hands
