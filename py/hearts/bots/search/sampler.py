"""Deals of the hidden cards that agree with everything one seat knows.

From a :class:`~hearts.view.SeatView` the seat knows: its own hand, the cards it
passed (the receiver holds them until it plays them), every card played, each
seat's hand size, and which suits each seat cannot hold. Beyond the voids the
view shows, the history proves two more things: a seat that led a heart before
hearts were broken held nothing but hearts, and a seat that discarded a heart
or Q♠ on the first trick (when that is not allowed) held only such cards.

:func:`sample_deal` deals the unknown cards at random under those constraints:
card by card, most constrained first, each to an eligible seat with probability
proportional to the room left in it; a dead end restarts, and after many dead
ends an augmenting-path matching finds a deal that fits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from ...cards import HEART_MASK, HEARTS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, cards_of
from ...deal import SplitMix64
from ...game import POINT_CARDS, breaks_hearts, trick_winner
from ...view import SeatView
from ..points import points_of

__all__ = ["Knowledge", "knowledge_of", "sample_deal"]

_RETRIES = 40


@dataclass(frozen=True)
class Knowledge:
    """Per seat: cards certainly held, cards possibly held, and how many cards are held."""

    known: tuple[int, ...]     # cards this seat is known to hold (our own hand for us)
    allowed: tuple[int, ...]   # cards this seat may hold
    sizes: tuple[int, ...]     # cards in hand
    pool: int                  # the cards to deal: held by others, not known where
    queen_odds: tuple[float, ...] = ()  # per seat: how much likelier than by chance it holds Q♠ (≤ 1)

    @cached_property
    def plan(self) -> DealPlan:
        """What every deal starts from, worked out once: a search deals hundreds of times."""
        need = [size - known.bit_count() for size, known in zip(self.sizes, self.known)]
        cards = cards_of(self.pool)
        eligible = [[s for s in range(len(need)) if need[s] > 0 and self.allowed[s] >> c & 1] for c in cards]
        order = sorted(range(len(cards)), key=lambda i: len(eligible[i]))
        queen_first = bool(self.queen_odds) and QUEEN_OF_SPADES in cards
        if queen_first:
            order.remove(cards.index(QUEEN_OF_SPADES))  # the queen is placed first, by its odds
        receivers = [s for s in range(len(need)) if need[s] > 0]
        free = [seats == receivers for seats in eligible]
        return DealPlan(need, cards, eligible, order, queen_first, [1 << c for c in cards], free)


class DealPlan(NamedTuple):
    """The cards to deal in dealing order, with the seats each may go to."""

    need: list[int]            # per seat: cards still to deal to it
    cards: list[int]           # the pool's cards
    eligible: list[list[int]]  # per card of ``cards``: the seats that may hold it
    order: list[int]           # positions in ``cards``, most constrained first (without Q♠ when it goes first)
    queen_first: bool          # Q♠ is dealt first, by the seats' odds
    bits: list[int]            # per card of ``cards``: its bit
    free: list[bool]           # per card of ``cards``: any seat that still gets cards may hold it


# How much a play that a Q♠ holder would rarely make lowers the odds that the seat holds it.
_SKIPPED_DUMP = 0.2    # discarded something else on a void while the queen could be dropped
_SKIPPED_DROP = 0.2    # followed spades under A♠/K♠ with another spade
_LED_SPADE = 0.6       # led a spade below the queen


def _queen_odds(view: SeatView) -> tuple[float, ...]:
    """Per seat, a factor for holding Q♠ from plays a holder would hardly make (1: no evidence).

    With teams a holder keeps Q♠ off its partner's trick, so a trick its partner wins so far says nothing.
    """
    n = view.players
    partner = points_of(view.rules).partner
    odds = [1.0] * n
    for i, (seat, c) in enumerate(view.plays):
        if c == QUEEN_OF_SPADES:
            break
        pos = i % n
        start = i - pos
        lead = view.plays[start][1]
        if seat == view.seat:
            continue
        if pos == 0:
            if lead // 13 == SPADES and lead < QUEEN_OF_SPADES:
                odds[seat] *= _LED_SPADE
            continue
        cards = [p for _, p in view.plays[start:i]]
        winner = trick_winner(lead // 13, cards)
        if partner and view.plays[start + winner][0] == (seat + partner) % n:
            continue
        if c // 13 != lead // 13:
            if i >= n or view.rules.points_on_first_trick:
                odds[seat] *= _SKIPPED_DUMP
        elif lead // 13 == SPADES and cards[winner] > QUEEN_OF_SPADES:
            odds[seat] *= _SKIPPED_DROP
    return tuple(odds)


def _history_limits(view: SeatView) -> list[int]:
    """Per seat, the cards it may still hold according to the play history (voids and forced plays)."""
    rules = view.rules
    n = rules.players
    allowed = [rules.deck] * n
    broken = False
    for i, (seat, c) in enumerate(view.plays):
        pos, trick_no = i % n, i // n
        lead = view.plays[i - pos][1] // 13
        if pos == 0 and trick_no > 0 and c // 13 == HEARTS and not broken:
            allowed[seat] &= HEART_MASK  # led a heart before hearts were broken: held only hearts
        if pos > 0 and c // 13 != lead:
            allowed[seat] &= ~SUIT_MASKS[lead]
            if trick_no == 0 and not rules.points_on_first_trick and 1 << c & POINT_CARDS:
                allowed[seat] &= POINT_CARDS  # bled on the first trick: held nothing else
        if breaks_hearts(rules, c):
            broken = True
    for seat, voids in enumerate(view.voids):
        for suit in range(4):
            if voids >> suit & 1:
                allowed[seat] &= ~SUIT_MASKS[suit]
    return allowed


def knowledge_of(view: SeatView, infer_queen: bool = True) -> Knowledge:
    """What ``view``'s seat knows about where the unseen cards are (in the pass phase: only its own hand);
    ``infer_queen`` adds the odds of who holds Q♠ read from the plays."""
    n = view.players
    me = view.seat
    allowed = _history_limits(view)
    known = [0] * n
    known[me] = view.hand
    if view.pass_offset and view.phase != "pass":
        receiver = (me + view.pass_offset) % n
        known[receiver] = view.passed & ~view.played
    pool = view.unseen
    for held in known:
        pool &= ~held
    allowed = [a & pool if s != me else view.hand for s, a in enumerate(allowed)]
    odds = _queen_odds(view) if infer_queen and pool >> QUEEN_OF_SPADES & 1 else ()
    return Knowledge(tuple(known), tuple(allowed), view.hand_sizes, pool, odds)


def sample_deal(k: Knowledge, rng: SplitMix64) -> list[int]:
    """Every seat's hand in one deal consistent with ``k`` (our own hand included as it is)."""
    plan = k.plan
    for _ in range(_RETRIES):
        hands = _try_deal(k, plan, rng)
        if hands is not None:
            return hands
    return _matching_deal(k, plan.cards, plan.eligible, plan.need, rng)


def _try_deal(k: Knowledge, plan: DealPlan, rng: SplitMix64) -> list[int] | None:
    room = list(plan.need)
    left = sum(room)  # the room left in all seats: a free card's seats have all of it
    hands = list(k.known)
    if plan.queen_first:
        seat = _queen_holder(k, room, rng)
        if seat < 0:
            return None
        room[seat] -= 1
        left -= 1
        hands[seat] |= 1 << QUEEN_OF_SPADES
    eligible, bits, free, below = plan.eligible, plan.bits, plan.free, rng.below
    for i in plan.order:
        seats = eligible[i]
        if free[i]:
            total = left
        else:
            total = 0
            for s in seats:
                total += room[s]
        if total == 0:
            return None
        pick = below(total)
        for s in seats:
            pick -= room[s]
            if pick < 0:
                break
        room[s] -= 1
        left -= 1
        hands[s] |= bits[i]
    return hands


def _queen_holder(k: Knowledge, room: list[int], rng: SplitMix64) -> int:
    """A seat for Q♠, with probability proportional to its room times its odds."""
    weights = [room[s] * k.queen_odds[s] if k.allowed[s] >> QUEEN_OF_SPADES & 1 else 0.0 for s in range(len(room))]
    total = sum(weights)
    if total <= 0:
        return -1
    pick = rng.random() * total
    for s, w in enumerate(weights):
        pick -= w
        if pick < 0 and w > 0:
            return s
    return max(range(len(room)), key=lambda s: weights[s])


def _matching_deal(k: Knowledge, cards: list[int], eligible: list[list[int]], need: list[int],
                   rng: SplitMix64) -> list[int]:
    """A deal that fits, found by augmenting paths over seat slots (used when random dealing keeps failing)."""
    slots = [s for s in range(len(need)) for _ in range(need[s])]
    owner: list[int] = [-1] * len(slots)  # slot -> card position

    def place(i: int, seen: set[int]) -> bool:
        for j, s in enumerate(slots):
            if s in eligible[i] and j not in seen:
                seen.add(j)
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    order = list(range(len(cards)))
    rng.shuffle(order)
    for i in order:
        if not place(i, set()):
            raise ValueError("no deal fits what this seat knows")
    hands = list(k.known)
    for j, i in enumerate(owner):
        hands[slots[j]] |= 1 << cards[i]
    return hands
