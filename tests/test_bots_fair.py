"""The bots never peek: a bot's pass and play depend only on its seat's view.

Over many positions, the other seats' unplayed cards are dealt again in every way the seat to move
cannot tell apart from the real one: each seat keeps its hand size, a seat that has shown a void
gets none of that suit, the cards this seat passed stay with the seat it passed them to, and the
whole hand so far (the other seats' passes among themselves included) must replay legally from the
new deal. Both positions give the same :func:`~hearts.view.seat_view` and every level the same
decision. A test-local cheat that reads the real hands decides differently on some of those
pairs: the reshuffles are real ones, so a bot that peeked would be caught.

The bots are called as the card table calls them (:meth:`hearts.table.session.Session.advance`):
``bot.choose_pass(seat_view(hand, seat))`` and ``bot.choose_play(seat_view(hand, seat))``; the last
test checks that the table's bot moves are exactly those.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from hearts import Hand, deal, preset
from hearts.bots import LEVELS, Bot, make_bot
from hearts.bots.search.pimc import SearchConfig
from hearts.bots.strong import EXPERT_CONFIG, StrongBot, expert_bot
from hearts.cards import SUIT_MASKS, card_str, cards_of, highest, lowest, mask_of
from hearts.deal import SplitMix64
from hearts.errors import HeartsError
from hearts.table.session import Session, bot_seed
from hearts.view import seat_view

RULES = preset("classic")
POSITIONS = 80       # positions mid-hand, each with one reshuffle of the hidden cards
PASS_POSITIONS = 16  # positions before the pass
STRONG_BUDGET = 10   # ms of work (strong and expert): fixed work, no wall clock (the cap is lifted below)
TRIES = 60           # reshuffles tried before a position counts as having no other consistent deal


def level_bot(level: str, seed: int) -> Bot:
    """The level as the table makes it; strong and expert (its search config) with a small budget and
    no wall-clock cap, so they are deterministic however busy the machine is."""
    if level == "strong":
        return StrongBot(seed, STRONG_BUDGET, SearchConfig(time_cap=math.inf))
    if level == "expert":
        return expert_bot(seed, STRONG_BUDGET, replace(EXPERT_CONFIG, time_cap=math.inf))
    return make_bot(level, seed)


def position(index: int) -> Hand:
    """A hand mid-play: deal ``index``, its passes done, normal bots having played some cards."""
    rng = SplitMix64(index)
    hand = Hand(RULES, deal(RULES, 1000 + index), index % RULES.players)
    bots = [make_bot("normal") for _ in range(RULES.players)]
    while hand.phase == "pass":
        for seat in hand.to_act():
            hand.choose_pass(seat, bots[seat].choose_pass(seat_view(hand, seat)))
    stop = 4 + rng.below(RULES.hand_size * RULES.players - 8)
    while len(hand.plays) < stop:
        hand.play(bots[hand.turn].choose_play(seat_view(hand, hand.turn)))
    return hand


def played_by(hand: Hand, seat: int) -> int:
    return mask_of(c for s, c in hand.plays if s == seat)


def _assign(cards: list[int], room: dict[int, int], allowed: dict[int, int], rng: SplitMix64) -> dict[int, int] | None:
    """``cards`` dealt at random to the seats of ``room`` (free places per seat), each card to a seat
    ``allowed`` to hold it; the most constrained cards first. None at a dead end."""
    room = dict(room)
    out = dict.fromkeys(room, 0)
    order = sorted(cards, key=lambda c: (sum(1 for s in room if allowed[s] >> c & 1), rng.next()))
    for c in order:
        seats = [s for s in room if room[s] and allowed[s] >> c & 1]
        if not seats:
            return None
        seat = seats[rng.below(len(seats))]
        out[seat] |= 1 << c
        room[seat] -= 1
    return out


def _hidden_hands(hand: Hand, me: int, rng: SplitMix64) -> dict[int, int] | None:
    """The other seats' unplayed cards dealt again as far as ``me`` can tell (sizes, voids, its pass)."""
    view = seat_view(hand, me)
    others = [s for s in range(hand.players) if s != me]
    known: dict[int, int] = dict.fromkeys(others, 0)
    if hand.pass_offset:
        receiver = (me + hand.pass_offset) % hand.players
        known[receiver] = (hand.passes[me] or 0) & hand.hands[receiver]
    free = [c for s in others for c in cards_of(hand.hands[s] & ~known[s])]
    room = {s: hand.hands[s].bit_count() - known[s].bit_count() for s in others}
    allowed = {s: RULES.deck & ~sum(SUIT_MASKS[u] for u in range(4) if view.voids[s] >> u & 1) for s in others}
    dealt = _assign(free, room, allowed, rng)
    return None if dealt is None else {s: dealt[s] | known[s] for s in others}


def _passes(hand: Hand, me: int, after_pass: list[int], rng: SplitMix64) -> list[int]:
    """Each seat's pass in the new deal: ``me``'s and the one it received as they were, the others' any
    ``pass_count`` cards of what the receiver held after the pass."""
    n = hand.players
    passes = [0] * n
    for giver in range(n):
        receiver = (giver + hand.pass_offset) % n
        if giver == me or receiver == me:
            passes[giver] = hand.passes[giver] or 0
            continue
        pool = cards_of(after_pass[receiver])
        for _ in range(RULES.pass_count):
            passes[giver] |= 1 << pool.pop(rng.below(len(pool)))
    return passes


def reshuffled(hand: Hand, me: int, rng: SplitMix64) -> Hand | None:
    """The same hand so far from another deal that ``me`` cannot tell from the real one, with some
    hidden card in another seat; None when no try finds one."""
    for _ in range(TRIES):
        hidden = _hidden_hands(hand, me, rng)
        if hidden is None:
            continue
        now = [hidden.get(s, hand.hands[s]) for s in range(hand.players)]
        if now == hand.hands:
            continue
        twin = _replayed(hand, me, now, rng)
        if twin is not None:
            return twin
    return None


def _replayed(hand: Hand, me: int, now: list[int], rng: SplitMix64) -> Hand | None:
    """The hand whose seats hold ``now`` after the same plays, if its history replays legally."""
    after_pass = [now[s] | played_by(hand, s) for s in range(hand.players)]
    if not hand.pass_offset:
        cards = after_pass
        passes: list[int] = []
    else:
        passes = _passes(hand, me, after_pass, rng)
        received = [passes[(s - hand.pass_offset) % hand.players] for s in range(hand.players)]
        cards = [after_pass[s] & ~received[s] | passes[s] for s in range(hand.players)]
    try:
        twin = Hand(RULES, cards, hand.pass_offset, hand.totals_before)
        for seat, chosen in enumerate(passes):
            twin.choose_pass(seat, chosen)
        for _, c in hand.plays:
            twin.play(c)
    except HeartsError:
        return None  # a play the new deal makes illegal: the seat could tell the two apart
    assert twin.hands[me] == hand.hands[me] and twin.hands != hand.hands
    return twin


def peeking_play(hand: Hand, seat: int) -> int:
    """A cheat: the highest legal card under the best card the next seat really holds in its suit."""
    legal = hand.legal()
    nxt = hand.hands[(seat + 1) % hand.players]
    under = [c for c in cards_of(legal) if nxt & SUIT_MASKS[c // 13] and c < highest(nxt & SUIT_MASKS[c // 13])]
    return max(under) if under else lowest(legal)


def pairs() -> list[tuple[Hand, Hand]]:
    """Positions mid-hand, each with a reshuffle the seat to move cannot tell from it."""
    out = []
    for index in range(POSITIONS):
        hand = position(index)
        twin = reshuffled(hand, hand.turn, SplitMix64(7 * index + 1))
        if twin is not None:
            out.append((hand, twin))
    return out


PAIRS = pairs()


def test_most_positions_have_a_reshuffle() -> None:
    assert len(PAIRS) >= POSITIONS * 3 // 4


def test_the_view_is_the_same() -> None:
    for hand, twin in PAIRS:
        assert seat_view(hand, hand.turn) == seat_view(twin, twin.turn)


def decisions(level: str, choose: Callable[[Bot, Hand], int]) -> list[tuple[str, str, str]]:
    """Where the level decides differently in a pair: (plays so far, card, twin's card)."""
    differ = []
    for index, (hand, twin) in enumerate(PAIRS):
        real, other = (choose(level_bot(level, index), h) for h in (hand, twin))
        if real != other:
            differ.append((" ".join(card_str(c) for _, c in hand.plays), card_str(real), card_str(other)))
    return differ


def test_every_level_plays_the_same_card() -> None:
    for level in LEVELS:
        assert decisions(level, lambda bot, h: bot.choose_play(seat_view(h, h.turn))) == [], level


def test_a_peeking_play_would_be_caught() -> None:
    differ = [1 for hand, twin in PAIRS if peeking_play(hand, hand.turn) != peeking_play(twin, twin.turn)]
    assert len(differ) >= len(PAIRS) // 10


def _before_the_pass(index: int) -> tuple[Hand, Hand, int]:
    """A deal before the pass and one that deals the other seats' cards again (sizes kept)."""
    cards = deal(RULES, 2000 + index)
    me = index % RULES.players
    rng = SplitMix64(index)
    others = [s for s in range(RULES.players) if s != me]
    pool = [c for s in others for c in cards_of(cards[s])]
    again = list(cards)
    for s in others:
        again[s] = 0
        for _ in range(RULES.hand_size):
            again[s] |= 1 << pool.pop(rng.below(len(pool)))
    offset = 1 + index % (RULES.players - 1)
    return Hand(RULES, cards, offset), Hand(RULES, again, offset), me


def test_every_level_passes_the_same_cards() -> None:
    peeked = 0
    for index in range(PASS_POSITIONS):
        hand, twin, me = _before_the_pass(index)
        assert twin.hands != hand.hands and seat_view(hand, me) == seat_view(twin, me)
        for level in LEVELS:
            assert level_bot(level, index).choose_pass(seat_view(hand, me)) == \
                level_bot(level, index).choose_pass(seat_view(twin, me)), level
        left = (me + hand.pass_offset) % RULES.players
        peeked += highest(hand.hands[left]) != highest(twin.hands[left])
    assert peeked, "the reshuffles before the pass move cards between the other seats"


def test_the_table_asks_the_bot_with_the_seat_view_alone() -> None:
    """``Session.advance`` decides as the seat's bot does on ``seat_view`` (the entry point above)."""
    seed = 5
    levels = ["human", "easy", "normal", "easy"]
    session = Session(RULES, seed, levels, early_end=False)
    bots = {s: make_bot(levels[s], bot_seed(seed, s)) for s in range(1, RULES.players)}
    person = make_bot("normal")
    hand = session.match.hand
    compared = 0
    while hand.phase != "over":
        if 0 in hand.to_act():
            view = seat_view(hand, 0)
            if hand.phase == "pass":
                session.pass_cards([card_str(c) for c in cards_of(person.choose_pass(view))])
            else:
                session.play(card_str(person.choose_play(view)))
            continue
        seat = hand.to_act()[0]
        view = seat_view(hand, seat)
        expected = bots[seat].choose_pass(view) if hand.phase == "pass" else bots[seat].choose_play(view)
        before = len(hand.history)
        session.advance()
        assert hand.history[before][1:] == (seat, expected)
        compared += 1
    assert compared >= 3 * RULES.hand_size
