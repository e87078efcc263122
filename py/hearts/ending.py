"""The rest of a hand once it can no longer change: a claim, and the early end when no points are left.

Both answer with a :class:`Completion`: the cards still to play, in a canonical legal order
(whoever is to play plays its lowest legal card), and the :class:`~hearts.game.HandResult`
that playing them gives. :func:`complete` plays them on the hand, so the hand ends with every
card played: its record and ``python -m hearts state`` read it as any other finished hand.

- :func:`decide` (and :func:`claim`) proves on the actual hands that every legal continuation
  gives the same result: an exact search over the remaining plays, bounded by a node cap. No
  proof within the cap means not decided.
- :func:`no_points_left`: every card that scores or that a moon needs has been taken, and no
  sun can still change the result. It needs no search.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import QUEEN_OF_SPADES, SUIT_MASKS, card_str, count, highest, iter_cards, lowest, mask_of
from .errors import HeartsError
from .game import Hand, HandResult, breaks_hearts, legal_moves, moon_shooter, trick_winner
from .rules import Rules

__all__ = ["Ending", "Verdict", "Completion", "Decision", "NODE_CAP", "decide", "claim", "no_points_left",
           "complete"]

# Plays the claim search may try before it gives up: small enough to run after every card in
# the browser, large enough to prove the endgames where a claim is worth showing.
NODE_CAP = 2000

# The search compares continuations by a packed integer: per seat the points it gains, the moon
# cards it gains, whether it takes the bonus card and the tricks it takes, each in a 16-bit field
# (every count and sum stays far inside ±2**15, so adding packed vectors adds the fields).
_FIELD = 16
_MOON_FIELD = 1 << _FIELD
_BONUS_FIELD = 1 << 2 * _FIELD
_TRICK_FIELD = 1 << 3 * _FIELD
_SEAT_SHIFT = 4 * _FIELD


class Ending(enum.Enum):
    """Why the rest of the hand is played at once."""

    CLAIM = "claim"                     # every legal continuation gives the same result
    NO_POINTS_LEFT = "no_points_left"   # nothing that scores is left and no moon or sun can change


class Verdict(enum.Enum):
    """What the claim search found."""

    DECIDED = "decided"        # every legal continuation gives the same result
    UNDECIDED = "undecided"    # two continuations share out points, moon cards, the bonus card or tricks differently
    UNPROVEN = "unproven"      # the search reached its node cap first


@dataclass(frozen=True)
class Completion:
    """The rest of a hand, played at once."""

    ending: Ending
    plays: tuple[int, ...]    # the remaining cards in play order (each by the seat whose turn it is)
    result: HandResult        # what the hand scores once they are played

    def to_json(self) -> dict[str, object]:
        return {"ending": self.ending.value, "plays": [card_str(c) for c in self.plays],
                "result": self.result.to_json()}


@dataclass(frozen=True)
class Decision:
    """The claim search's answer: its verdict, the plays it tried, and the completion when decided."""

    verdict: Verdict
    nodes: int
    completion: Completion | None   # set exactly when ``verdict`` is DECIDED


def decide(hand: Hand, node_cap: int = NODE_CAP) -> Decision:
    """Whether the rest of ``hand`` ends the same whatever anyone plays, proved on the actual hands."""
    _check_phase(hand)
    if hand.phase == "over" or _nothing_can_change(hand):
        return Decision(Verdict.DECIDED, 0, _completion(hand, Ending.CLAIM))
    search = _Search(hand, node_cap)
    try:
        search.solve(hand.leader, [c for _, c in hand.trick], hand.hearts_broken, hand.trick_number == 0)
    except _Split:
        return Decision(Verdict.UNDECIDED, search.nodes, None)
    except _Capped:
        return Decision(Verdict.UNPROVEN, search.nodes, None)
    return Decision(Verdict.DECIDED, search.nodes, _completion(hand, Ending.CLAIM))


def claim(hand: Hand, node_cap: int = NODE_CAP) -> Completion | None:
    """The rest of the hand when :func:`decide` proves it decided, else None."""
    return decide(hand, node_cap).completion


def no_points_left(hand: Hand) -> Completion | None:
    """The rest of the hand when nothing left can change its result, else None.

    That is: no card with points (hearts, Q♠, extra points, the bonus card) and no moon card is
    unplayed or in the trick on the table, and no sun is still open (a moon shooter that has
    taken every trick so far could still take them all).
    """
    _check_phase(hand)
    if hand.phase != "over" and not _nothing_can_change(hand):
        return None
    return _completion(hand, Ending.NO_POINTS_LEFT)


def complete(hand: Hand, completion: Completion) -> None:
    """Play ``completion`` on ``hand``. A completion of another position changes nothing and raises."""
    trial = hand.copy()
    for c in completion.plays:
        trial.play(c)  # raises HeartsError (illegal_play, wrong_phase) before ``hand`` is touched
    if trial.phase != "over":
        raise HeartsError("wrong_phase", "the completion does not finish this hand")
    for c in completion.plays:
        hand.play(c)


def _check_phase(hand: Hand) -> None:
    if hand.phase == "pass":
        raise HeartsError("wrong_phase", "the hand has not started: the seats are still passing")


def _live_cards(hand: Hand) -> int:
    """Cards not yet in a taken trick: every hand and the trick on the table."""
    live = mask_of(c for _, c in hand.trick)
    for cards in hand.hands:
        live |= cards
    return live


def _nothing_can_change(hand: Hand) -> bool:
    rules = hand.rules
    if _live_cards(hand) & (rules.point_cards | rules.penalty_cards):
        return False
    shooter = None if rules.moon == "off" else moon_shooter(rules, hand.taken)
    sun_open = rules.sun and shooter is not None and hand.tricks[shooter] == hand.trick_number
    return not sun_open


def _completion(hand: Hand, ending: Ending) -> Completion:
    """The canonical completion: whoever is to play plays its lowest legal card."""
    rest = hand.copy()
    plays = []
    while rest.phase == "play":
        c = lowest(rest.legal())
        rest.play(c)
        plays.append(c)
    result = rest.result()
    assert result is not None
    return Completion(ending, tuple(plays), result)


class _Split(Exception):
    """Two continuations differ: the hand is not decided."""


class _Capped(Exception):
    """The search reached its node cap."""


class _Search:
    """Exact search over every legal continuation, proving they all add the same packed vector.

    Only what the result can still depend on is compared: each seat's points; the moon cards of
    the seats that can still shoot; the bonus card; tricks, while a sun is open. Two cards of one
    hand are the same choice when they are neighbours in a suit among the cards still in play and
    score alike: swapping them swaps nothing any seat gains. Positions at the start of a trick are
    remembered, and a leader that outranks everybody in every suit it holds takes the rest.
    """

    def __init__(self, hand: Hand, node_cap: int) -> None:
        rules = hand.rules
        self.rules = rules
        self.players = rules.players
        self.hands = list(hand.hands)
        self.cap = node_cap
        self.nodes = 0
        self.memo: dict[tuple[tuple[int, ...], int, bool], int] = {}
        live = _live_cards(hand)
        self.candidates = _moon_candidates(rules, hand.taken)
        self.moon_cards = rules.penalty_cards if any(self.candidates) else 0
        self.bonus = rules.bonus if rules.bonus >= 0 and live >> rules.bonus & 1 else -1
        self.track_tricks = rules.sun and any(
            can and hand.tricks[s] == hand.trick_number for s, can in enumerate(self.candidates))
        self.relevant = rules.point_cards | self.moon_cards
        self.kind = _card_kinds(rules, self.moon_cards, self.bonus)

    def vector(self, cards: int, seat: int, tricks: int) -> int:
        """What ``seat`` gains by taking ``cards`` in ``tricks`` tricks, packed."""
        gain = self.rules.card_points(cards)
        if self.candidates[seat]:
            gain += count(cards & self.moon_cards) * _MOON_FIELD
        if self.bonus >= 0 and cards >> self.bonus & 1:
            gain += _BONUS_FIELD
        if self.track_tricks:
            gain += tricks * _TRICK_FIELD
        return gain << _SEAT_SHIFT * seat

    def solve(self, leader: int, trick: list[int], broken: bool, first: bool) -> int:
        """The one vector every continuation from here adds; raises :class:`_Split` or :class:`_Capped`."""
        self.nodes += 1
        if self.nodes > self.cap:
            raise _Capped
        key = None
        if not trick:
            if not any(self.hands):
                return 0
            key = (tuple(self.hands), leader, broken)
            known = self.memo.get(key)
            if known is None:
                known = self.shortcut(leader)
            if known is not None:
                self.memo[key] = known
                return known
        seat = (leader + len(trick)) % self.players
        held = self.hands[seat]
        lead_suit = trick[0] // 13 if trick else -1
        choices = self.choices(legal_moves(self.rules, held, lead_suit, first, broken), trick)
        found: int | None = None
        for c in choices:
            self.hands[seat] = held & ~(1 << c)
            trick.append(c)
            now_broken = broken or breaks_hearts(self.rules, c)
            if len(trick) == self.players:
                winner = (leader + trick_winner(trick[0] // 13, trick)) % self.players
                value = self.vector(mask_of(trick), winner, 1) + self.solve(winner, [], now_broken, False)
            else:
                value = self.solve(leader, trick, now_broken, first)
            trick.pop()
            self.hands[seat] = held
            if found is None:
                found = value
            elif value != found:
                raise _Split
        assert found is not None
        if key is not None:
            self.memo[key] = found
        return found

    def shortcut(self, leader: int) -> int | None:
        """The vector of the rest without searching it, when it is plain: nothing left matters, or a sweep."""
        live = 0
        for cards in self.hands:
            live |= cards
        if not live & self.relevant and not self.track_tricks:
            return 0
        own = self.hands[leader]
        others = live & ~own
        for suit_mask in SUIT_MASKS:
            mine = own & suit_mask
            theirs = others & suit_mask
            if mine and theirs and lowest(mine) < highest(theirs):
                return None
        return self.vector(live, leader, count(own))  # every lead wins: the leader takes every trick

    def choices(self, legal: int, trick: Sequence[int]) -> list[int]:
        """One card of each run of interchangeable legal cards."""
        live = mask_of(trick)
        for cards in self.hands:
            live |= cards
        out: list[int] = []
        previous = -1
        for c in iter_cards(legal):
            same_run = (previous >= 0 and previous // 13 == c // 13 and self.kind[previous] == self.kind[c]
                        and not live & ((1 << c) - (1 << (previous + 1))))
            if not same_run:
                out.append(c)
            previous = c
        return out


def _moon_candidates(rules: Rules, taken: Sequence[int]) -> list[bool]:
    """Per seat, whether it can still shoot the moon: it holds every moon card taken so far."""
    if rules.moon == "off":
        return [False] * rules.players
    holders = [s for s, cards in enumerate(taken) if cards & rules.penalty_cards]
    if not holders:
        return [True] * rules.players
    return [len(holders) == 1 and s == holders[0] for s in range(rules.players)]


def _card_kinds(rules: Rules, moon_cards: int, bonus: int) -> list[tuple[int, bool, int]]:
    """What taking each card means to the search: its points, whether a moon needs it, and its own
    index for Q♠ (the first-trick and breaking rules name it) and the bonus card (the result names its taker)."""
    own = (QUEEN_OF_SPADES, bonus)
    return [(rules.card_values[c], bool(moon_cards >> c & 1), c if c in own else -1) for c in range(52)]
