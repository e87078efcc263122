"""One hand of Hearts: deal → pass → play → score, event-sourced.

A :class:`Hand` is fully determined by its rules, its deal, its pass offset and
the choices made so far (each seat's pass, then the cards played in order).
``undo`` drops the last choice and replays the rest. The play rules themselves
live in :func:`legal_moves`, :func:`trick_winner` and :func:`hand_score`, pure
functions on card bitmasks that the bots' playouts call too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .cards import (
    HEART_MASK,
    HEARTS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    card_str,
    count,
    highest,
)
from .errors import HeartsError
from .rules import Rules

__all__ = [
    "Hand", "HandResult", "MoonResult", "Phase", "legal_moves", "trick_winner", "hand_result", "hand_score",
    "moon_shooter", "illegal_reason",
    "match_over", "target_reached", "winners", "places", "winning_seats", "seat_places", "POINT_CARDS",
]

Phase = Literal["pass", "play", "over"]

# Cards that may not be discarded on the first trick (unless the hand has nothing else): the rule
# names hearts and Q♠, whatever other cards score under ``extra_points``.
POINT_CARDS = HEART_MASK | (1 << QUEEN_OF_SPADES)
_QS_BIT = 1 << QUEEN_OF_SPADES


def legal_moves(rules: Rules, hand: int, lead_suit: int, first_trick: bool, hearts_broken: bool) -> int:
    """The set of cards ``hand`` may play now. ``lead_suit`` is -1 when leading a trick.

    - The first trick is led with the lowest club in the deck (2♣, or 3♣ when 2♣ is out).
    - Follow suit if you can.
    - On the first trick no heart and no Q♠ may be discarded, unless the hand holds nothing
      else (or ``points_on_first_trick`` is on).
    - Hearts may not be led until broken, unless the hand holds only hearts.
    """
    if lead_suit < 0:
        if first_trick:
            return hand & (1 << rules.lead_card)
        if not hearts_broken and hand & ~HEART_MASK:
            return hand & ~HEART_MASK
        return hand
    follow = hand & SUIT_MASKS[lead_suit]
    if follow:
        return follow
    if first_trick and not rules.points_on_first_trick and hand & ~POINT_CARDS:
        return hand & ~POINT_CARDS
    return hand


def breaks_hearts(rules: Rules, card: int) -> bool:
    """Whether playing ``card`` opens hearts for leading."""
    return card // 13 == HEARTS or (rules.qs_breaks_hearts and card == QUEEN_OF_SPADES)


def trick_winner(lead_suit: int, cards: Sequence[int]) -> int:
    """Position (0-based, in play order) of the card that takes the trick: the highest of the led suit."""
    best = 0
    for i, c in enumerate(cards):
        if c // 13 == lead_suit and c > cards[best]:
            best = i
    return best


def moon_shooter(rules: Rules, taken: Sequence[int]) -> int | None:
    """The seat that took every moon card (``Rules.penalty_cards``: every card with positive points), if any."""
    need = rules.penalty_cards
    for seat, cards in enumerate(taken):
        if cards & need == need:
            return seat
    return None


@dataclass(frozen=True)
class MoonResult:
    """A moon (or a sun: every trick, with ``sun`` on) and how it was scored."""

    seat: int          # who shot it
    sun: bool          # every trick taken under the sun rule: twice the value
    value: int         # the moon value applied (doubled for a sun)
    subtracted: bool   # the shooter took ``value`` off its own score instead of giving it to the others


@dataclass(frozen=True)
class HandResult:
    """What a finished hand scored, and why: the single place where moon, sun and the bonus card are applied."""

    raw: tuple[int, ...]           # points taken per seat (``Rules.card_points``), before any moon rule
    scores: tuple[int, ...]        # what each seat adds to its match total
    moon: MoonResult | None        # who shot the moon or the sun, if anyone
    jack_seat: int | None          # who took the bonus card (J♦ or 10♦) when ``jack_of_diamonds`` is on

    def to_json(self) -> dict[str, object]:
        moon = None if self.moon is None else {
            "seat": self.moon.seat, "sun": self.moon.sun, "value": self.moon.value,
            "subtracted": self.moon.subtracted}
        return {"raw": list(self.raw), "scores": list(self.scores), "moon": moon, "jack_seat": self.jack_seat}


def hand_result(rules: Rules, taken: Sequence[int], tricks: Sequence[int],
                totals_before: Sequence[int] | None = None) -> HandResult:
    """The result of a finished hand after the moon, sun and bonus card rules.

    ``taken`` holds each seat's taken cards, ``tricks`` how many tricks each took.
    The cards outside the moon (the bonus card's ``JACK_POINTS``, negative extra points)
    always count for whoever took them, moon or not. ``totals_before`` (match scores before
    this hand) matters only for ``moon="choice"``: the shooter subtracts when giving the
    others the value would end the match without the shooter (or its side) winning.
    """
    raw = tuple(rules.card_points(m) for m in taken)
    jack_seat = next((s for s, m in enumerate(taken) if rules.jack_points(m)), None)
    shooter = None if rules.moon == "off" else moon_shooter(rules, taken)
    if shooter is None:
        return HandResult(raw, raw, None, jack_seat)
    sun = rules.sun and tricks[shooter] == rules.hand_size
    value = rules.moon_value * (2 if sun else 1)
    kept = [rules.moon_free_points(m) for m in taken]
    others = tuple(k + (0 if s == shooter else value) for s, k in enumerate(kept))
    subtract = tuple(k - (value if s == shooter else 0) for s, k in enumerate(kept))
    subtracted = rules.moon == "subtract"
    if rules.moon == "choice":
        before = list(totals_before) if totals_before is not None else [0] * rules.players
        after = [b + p for b, p in zip(before, others)]
        subtracted = match_over(rules, after) and shooter not in winning_seats(rules, after)
    return HandResult(raw, subtract if subtracted else others, MoonResult(shooter, sun, value, subtracted), jack_seat)


def hand_score(rules: Rules, taken: Sequence[int], tricks: Sequence[int],
               totals_before: Sequence[int] | None = None) -> list[int]:
    """Each seat's score for a finished hand: :func:`hand_result`'s ``scores`` (the playouts' fast path)."""
    if rules.moon == "off" or moon_shooter(rules, taken) is None:
        return [rules.card_points(m) for m in taken]  # no moon: the points taken are the scores
    return list(hand_result(rules, taken, tricks, totals_before).scores)


def match_over(rules: Rules, totals: Sequence[int]) -> bool:
    """A match ends after a hand in which someone (with ``teams``: some side) reached the target.

    ``totals`` are the seats' totals. With ``ties="play-on"`` it goes on while the lowest
    (side) total is shared.
    """
    if not target_reached(rules, totals):
        return False
    sides = rules.side_totals(totals)
    return rules.ties == "share" or sides.count(min(sides)) == 1


def target_reached(rules: Rules, totals: Sequence[int]) -> bool:
    """Whether some seat (with ``teams``: some side) has reached the match's target."""
    return max(rules.side_totals(totals)) >= rules.target


def winners(totals: Sequence[int]) -> list[int]:
    """Seats with the lowest total (a shared win when several tie)."""
    low = min(totals)
    return [s for s, t in enumerate(totals) if t == low]


def places(totals: Sequence[int]) -> list[int]:
    """1-based place of each seat; equal totals share the better place (1, 1, 3, 4)."""
    return [1 + sum(1 for o in totals if o < t) for t in totals]


def winning_seats(rules: Rules, totals: Sequence[int]) -> list[int]:
    """The seats of the side(s) with the lowest total: :func:`winners` by side (partners win together)."""
    won = set(winners(rules.side_totals(totals)))
    return [s for s in range(rules.players) if rules.side_of(s) in won]


def seat_places(rules: Rules, totals: Sequence[int]) -> list[int]:
    """Each seat's place: its side's :func:`places` among the sides (partners share theirs)."""
    side_places = places(rules.side_totals(totals))
    return [side_places[rules.side_of(s)] for s in range(rules.players)]


# Why a card may not be played: a stable code (the page words it) and its English wording
# (the command-line protocols' messages, unchanged since they are public).
_ILLEGAL_TEXT = {
    "not_in_hand": "it is not in that seat's hand",
    "must_lead_card": "the first trick is led with {card}",
    "must_follow": "you must follow suit",
    "no_points_first_trick": "no hearts or QS on the first trick while you hold other cards",
    "hearts_not_broken": "hearts are not broken yet",
}


def illegal_reason(rules: Rules, hand: int, trick: Sequence[tuple[int, int]], trick_number: int,
                   card: int) -> tuple[str, dict[str, str]]:
    """The rule that forbids playing ``card`` from ``hand`` now: a code of ``_ILLEGAL_TEXT`` and its params.

    Call it only for a card that :func:`legal_moves` refuses.
    """
    if not hand >> card & 1:
        return "not_in_hand", {"card": card_str(card)}
    if trick_number == 0 and not trick:
        return "must_lead_card", {"card": card_str(rules.lead_card)}
    if trick:
        lead_suit = trick[0][1] // 13
        if hand & SUIT_MASKS[lead_suit]:
            return "must_follow", {"suit": "CDHS"[lead_suit]}
        return "no_points_first_trick", {}
    return "hearts_not_broken", {}


class Hand:
    """The state of one hand. Mutate only through :meth:`choose_pass`, :meth:`play`, :meth:`undo`."""

    __slots__ = (
        "rules", "deal", "pass_offset", "totals_before", "passes", "history",
        "hands", "received", "phase", "plays", "trick", "leader", "turn",
        "taken", "tricks", "hearts_broken", "trick_number",
    )

    def __init__(self, rules: Rules, deal: Sequence[int], pass_offset: int = 0,
                 totals_before: Sequence[int] | None = None) -> None:
        _check_deal(rules, deal)
        if not 0 <= pass_offset < rules.players:
            raise HeartsError("bad_record", f"pass_offset must be 0..{rules.players - 1}")
        self.rules = rules
        self.deal: tuple[int, ...] = tuple(deal)
        self.pass_offset = pass_offset
        self.totals_before = list(totals_before) if totals_before is not None else [0] * rules.players
        self._reset()

    def _reset(self) -> None:
        n = self.rules.players
        self.passes: list[int | None] = [None] * n
        self.history: list[tuple[str, int, int]] = []  # ("pass", seat, cards) | ("play", seat, card)
        self.hands = list(self.deal)
        self.received = [0] * n
        self.plays: list[tuple[int, int]] = []  # (seat, card) in order
        self.trick: list[tuple[int, int]] = []
        self.taken = [0] * n
        self.tricks = [0] * n
        self.hearts_broken = False
        self.trick_number = 0
        self.leader = self.turn = -1
        self.phase: Phase = "pass" if self.pass_offset else "play"
        if self.phase == "play":
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        lead = 1 << self.rules.lead_card
        self.leader = next(s for s, h in enumerate(self.hands) if h & lead)
        self.turn = self.leader

    # -- queries -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    def to_act(self) -> list[int]:
        """Seats whose choice the hand waits for: every seat still to pass, or the seat to play."""
        if self.phase == "pass":
            return [s for s, p in enumerate(self.passes) if p is None]
        if self.phase == "play":
            return [self.turn]
        return []

    @property
    def lead_suit(self) -> int:
        return self.trick[0][1] // 13 if self.trick else -1

    def legal(self) -> int:
        """Cards the seat to play may play (0 outside the play phase)."""
        if self.phase != "play":
            return 0
        return legal_moves(self.rules, self.hands[self.turn], self.lead_suit,
                           self.trick_number == 0, self.hearts_broken)

    def taken_points(self) -> list[int]:
        return [self.rules.card_points(m) for m in self.taken]

    def score(self) -> list[int] | None:
        """The hand's score per seat once it is over, else None."""
        result = self.result()
        return None if result is None else list(result.scores)

    def result(self) -> HandResult | None:
        """The hand's :class:`HandResult` once it is over, else None."""
        if self.phase != "over":
            return None
        return hand_result(self.rules, self.taken, self.tricks, self.totals_before)

    # -- choices -------------------------------------------------------------------------

    def choose_pass(self, seat: int, cards: int) -> None:
        """Seat ``seat`` gives away ``cards`` (a set). Cards change hands once every seat has chosen."""
        if self.phase != "pass":
            raise HeartsError("wrong_phase", f"no passing now: the hand is in the {self.phase} phase")
        if not 0 <= seat < self.players:
            raise HeartsError("bad_seat", f"seat {seat} does not exist")
        if self.passes[seat] is not None:
            raise HeartsError("wrong_phase", f"seat {seat} has already passed")
        if count(cards) != self.rules.pass_count:
            raise HeartsError("bad_pass", f"seat {seat} must pass exactly {self.rules.pass_count} cards")
        if cards & ~self.hands[seat]:
            missing = [card_str(c) for c in range(52) if cards >> c & 1 and not self.hands[seat] >> c & 1]
            raise HeartsError("bad_pass", f"seat {seat} does not hold {', '.join(missing)}")
        self.passes[seat] = cards
        self.history.append(("pass", seat, cards))
        if all(p is not None for p in self.passes):
            self._exchange()

    def _exchange(self) -> None:
        n = self.players
        for giver, cards in enumerate(self.passes):
            assert cards is not None
            receiver = (giver + self.pass_offset) % n
            self.hands[giver] &= ~cards
            self.received[receiver] = cards
        for seat in range(n):
            self.hands[seat] |= self.received[seat]
        self._start_play()

    def play(self, card: int) -> None:
        """The seat to act plays ``card``. Raises :class:`HeartsError` if it is not legal."""
        if self.phase != "play":
            raise HeartsError("wrong_phase", f"no playing now: the hand is in the {self.phase} phase")
        seat = self.turn
        if not self.legal() >> card & 1:
            reason, params = illegal_reason(self.rules, self.hands[seat], self.trick, self.trick_number, card)
            raise HeartsError("illegal_play", f"seat {seat} may not play {card_str(card)} now: "
                              f"{_ILLEGAL_TEXT[reason].format(**params)}", {"reason": reason, **params})
        self._apply_play(seat, card)

    def _apply_play(self, seat: int, card: int) -> None:
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card))
        self.plays.append((seat, card))
        self.history.append(("play", seat, card))
        if breaks_hearts(self.rules, card):
            self.hearts_broken = True
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner(cards[0] // 13, cards)][0]
        for c in cards:
            self.taken[winner] |= 1 << c
        self.tricks[winner] += 1
        self.trick = []
        self.trick_number += 1
        self.leader = self.turn = winner
        if self.trick_number == self.rules.hand_size:
            self.phase = "over"

    def undo(self) -> tuple[str, int, int]:
        """Take back the last choice (a pass or a play) and return it."""
        if not self.history:
            raise HeartsError("nothing_to_undo", "no choice has been made in this hand")
        history = self.history[:-1]
        last = self.history[-1]
        self._reset()
        for kind, seat, value in history:
            if kind == "pass":
                self.choose_pass(seat, value)
            else:
                self._apply_play(seat, value)
        return last

    def copy(self) -> Hand:
        new = Hand.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name, None)
            setattr(new, name, value.copy() if isinstance(value, list) else value)
        return new


def _check_deal(rules: Rules, deal: Sequence[int]) -> None:
    if len(deal) != rules.players:
        raise HeartsError("bad_deal", f"the deal has {len(deal)} hands, the rules want {rules.players}")
    seen = 0
    for seat, hand in enumerate(deal):
        if count(hand) != rules.hand_size:
            raise HeartsError("bad_deal", f"seat {seat} holds {count(hand)} cards, "
                              f"the rules deal {rules.hand_size}")
        if hand & ~rules.deck:
            out = card_str(highest(hand & ~rules.deck))
            raise HeartsError("bad_deal", f"seat {seat} holds {out}, which these rules remove")
        if hand & seen:
            raise HeartsError("duplicate_card", f"{card_str(highest(hand & seen))} is dealt twice")
        seen |= hand
