"""Claims and the early end (hearts.ending): completions are legal, score as any continuation would,
and "decided" is never claimed when some continuation ends differently (exhaustive on small endgames)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest

from conftest import make_hand, play_out, snapshot
from hearts import HeartsError, Rules, deal, preset
from hearts.cards import card_str, cards_of, mask_of, parse_card
from hearts.ending import NODE_CAP, Completion, Ending, Verdict, claim, complete, decide, no_points_left
from hearts.game import Hand, HandResult
from hearts.record import hand_from_record, hand_to_record, state_json
from hearts.rules import PRESETS

ALL_CLUBS = " ".join(r + "C" for r in "23456789TJQKA")


def every_result(hand: Hand) -> set[HandResult]:
    """The results of every legal continuation, by enumeration (the slow, obvious reading)."""
    if hand.phase == "over":
        result = hand.result()
        assert result is not None
        return {result}
    out: set[HandResult] = set()
    for c in cards_of(hand.legal()):
        after = hand.copy()
        after.play(c)
        out |= every_result(after)
    return out


def random_result(hand: Hand, rng: random.Random) -> HandResult:
    rest = hand.copy()
    play_out(rest, rng)
    result = rest.result()
    assert result is not None
    return result


def random_position(rules: Rules, rng: random.Random, cards_left: int) -> Hand:
    """A random hand played at random until the seat to play holds ``cards_left`` cards, then part of a trick."""
    hand = Hand(rules, deal(rules, rng.randrange(2**32)), 0, [rng.randint(0, 99) for _ in range(rules.players)])
    while hand.phase == "play" and hand.hands[hand.turn].bit_count() > cards_left:
        hand.play(rng.choice(cards_of(hand.legal())))
    for _ in range(rng.randrange(rules.players)):
        if hand.phase == "play":
            hand.play(rng.choice(cards_of(hand.legal())))
    return hand


def play_by(hand: Hand, pick: Callable[[Hand], int], until: Callable[[Hand], bool]) -> None:
    while hand.phase == "play" and not until(hand):
        hand.play(pick(hand))


def points_first(hand: Hand, keep: int = 0) -> int:
    """The highest legal card with points, else the highest legal card; ``keep`` only when nothing else is legal."""
    legal = hand.legal()
    free = legal & ~keep or legal
    return cards_of(free & hand.rules.point_cards or free)[-1]


def points_are_out(hand: Hand, keep: int = 0) -> bool:
    """No card with points (but ``keep``) in any hand, and no trick on the table."""
    return not hand.trick and not any(cards & hand.rules.point_cards & ~keep for cards in hand.hands)


# -- a claim ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "expected"), [
    (Rules(), (0, 26, 26, 26)),
    (Rules(sun=True), (0, 52, 52, 52)),
    (preset("black-maria"), (0, 43, 43, 43)),
    (preset("omnibus-10d"), (-10, 26, 26, 26)),
])
def test_every_club_in_one_hand_is_decided_from_the_first_card(rules: Rules, expected: tuple[int, ...]) -> None:
    hand = make_hand(rules, {0: ALL_CLUBS})
    decision = decide(hand)
    assert decision.verdict is Verdict.DECIDED and decision.nodes <= 1
    completion = decision.completion
    assert completion is not None and completion.ending is Ending.CLAIM
    assert len(completion.plays) == 52 and card_str(completion.plays[0]) == "2C"
    assert completion.result.scores == expected
    rng = random.Random(1)
    assert all(random_result(hand, rng) == completion.result for _ in range(5))
    complete(hand, completion)
    assert hand.phase == "over" and hand.result() == completion.result
    assert [c for _, c in hand.plays] == list(completion.plays)


def test_an_open_hand_is_not_decided() -> None:
    hand = Hand(Rules(), deal(Rules(), 0))
    decision = decide(hand)
    assert decision.verdict is Verdict.UNDECIDED and decision.completion is None
    assert claim(hand) is None


def test_the_node_cap_bounds_the_search() -> None:
    rng = random.Random(5)
    capped = 0
    for _ in range(40):
        hand = random_position(Rules(), rng, 6)
        decision = decide(hand, node_cap=20)
        assert decision.nodes <= 21
        if decision.verdict is Verdict.UNPROVEN:
            capped += 1
            assert decision.completion is None
            assert decide(hand).verdict is not Verdict.UNPROVEN  # the default cap goes further
    assert capped >= 5


def test_a_finished_hand_is_decided_with_nothing_left_to_play() -> None:
    hand = make_hand(Rules(), {})
    play_out(hand, random.Random(0))
    decision = decide(hand)
    assert decision.verdict is Verdict.DECIDED and decision.completion is not None
    assert decision.completion.plays == () and decision.completion.result == hand.result()
    early = no_points_left(hand)
    assert early is not None and early.plays == ()


def test_nothing_to_claim_while_passing() -> None:
    hand = make_hand(Rules(), {}, pass_offset=1)
    for check in (decide, no_points_left):
        with pytest.raises(HeartsError) as info:
            check(hand)
        assert info.value.code == "wrong_phase"


# -- exactness ------------------------------------------------------------------------------------

# Every preset, and house rules where the moon, the sun or the bonus card hang on a card without points.
EXACTNESS_RULES = {
    **PRESETS,
    "queen-0": Rules(queen_points=0, sun=True),
    "moon-needs-10d": Rules.from_json({"jack_of_diamonds": True, "bonus_card": "TD", "moon_needs_jack": True,
                                       "sun": True, "moon": "choice"}),
    "negative-extra": Rules.from_json({"extra_points": {"2C": -3, "KS": 5}, "heart_points": "rank", "sun": True}),
    "six-partners": Rules.from_json({"players": 6, "teams": True, "moon": "choice", "jack_of_diamonds": True}),
}


@pytest.mark.parametrize("name", sorted(EXACTNESS_RULES))
def test_decided_is_never_claimed_when_a_continuation_ends_differently(name: str) -> None:
    rules = EXACTNESS_RULES[name]
    rng = random.Random(name)
    verdicts = {verdict: 0 for verdict in Verdict}
    for _ in range(60):
        hand = random_position(rules, rng, rng.randint(1, 3 if rules.players <= 4 else 2))
        if hand.phase != "play":
            continue
        results = every_result(hand)
        decision = decide(hand)
        verdicts[decision.verdict] += 1
        if decision.verdict is Verdict.DECIDED:
            assert decision.completion is not None
            assert results == {decision.completion.result}, hand_to_record(hand)
        elif not rules.sun and rules.heart_points == "one" and not rules.extra_points:
            # where every point card scores alike, two different shares of the points are two results
            assert decision.verdict is Verdict.UNDECIDED and len(results) > 1, hand_to_record(hand)
    assert verdicts[Verdict.DECIDED] >= 10 and verdicts[Verdict.UNDECIDED] >= 5, verdicts


def completions_met(rules: Rules, rng: random.Random, hands: int, finish: Callable[[Hand], Completion | None],
                    pick: Callable[[Hand], int]) -> Iterator[tuple[Hand, Completion]]:
    """Random hands played with ``pick``: every position where ``finish`` gives a completion."""
    for number in range(hands):
        hand = Hand(rules, deal(rules, number), 0, [rng.randint(0, 99) for _ in range(rules.players)])
        while hand.phase == "play":
            done = finish(hand)
            if done is not None:
                yield hand, done
            hand.play(pick(hand))


@pytest.mark.parametrize("name", ["classic", "sun", "omnibus", "black-maria", "spot-hearts", "six-players"])
def test_a_decided_hand_scores_as_every_random_continuation(name: str) -> None:
    rng = random.Random(name)
    checked = 0
    for hand, completion in completions_met(PRESETS[name], rng, 30, claim, lambda h: rng.choice(cards_of(h.legal()))):
        assert all(random_result(hand, rng) == completion.result for _ in range(4))
        checked += 1
    assert checked >= 60


# -- completing a hand ------------------------------------------------------------------------------

def test_a_completed_hand_keeps_a_whole_record() -> None:
    rng = random.Random(3)
    hand = make_hand(preset("spot-hearts"), {2: ALL_CLUBS})
    for _ in range(9):
        hand.play(rng.choice(cards_of(hand.legal())))
    completion = claim(hand)
    assert completion is not None
    complete(hand, completion)
    record = json.loads(json.dumps(hand_to_record(hand)))
    assert len(record["plays"]) == 52
    again = hand_from_record(record)
    assert state_json(again) == state_json(hand) and again.result() == completion.result
    assert state_json(again)["score"] == list(completion.result.scores)


def test_a_completion_of_another_position_changes_nothing() -> None:
    hand = make_hand(Rules(), {0: ALL_CLUBS})
    completion = claim(hand)
    assert completion is not None
    hand.play(parse_card("2C"))
    before = snapshot(hand)
    with pytest.raises(HeartsError) as info:
        complete(hand, completion)
    assert info.value.code == "illegal_play"
    assert snapshot(hand) == before
    short = Completion(Ending.CLAIM, completion.plays[1:5], completion.result)
    with pytest.raises(HeartsError) as info:
        complete(hand, short)
    assert info.value.code == "wrong_phase" and snapshot(hand) == before


def test_completion_json() -> None:
    hand = make_hand(Rules(), {0: ALL_CLUBS})
    completion = claim(hand)
    assert completion is not None
    data = completion.to_json()
    assert data["ending"] == "claim" and data["plays"] == [card_str(c) for c in completion.plays]
    assert data["plays"][0] == "2C" and len(data["plays"]) == 52
    assert data["result"] == completion.result.to_json()


# -- the early end ------------------------------------------------------------------------------------

def points_spread(keep: str = "") -> dict[int, str]:
    """Seat 0 holds every club; the hearts and Q♠ are spread over the others (``keep`` too, at seat 3)."""
    queen = "" if "QS" in keep else " QS"
    return {0: ALL_CLUBS, 1: "2H 3H 4H 5H" + queen, 2: "6H 7H 8H 9H", 3: "TH JH QH KH AH " + keep}


def sweep_until_points_are_taken(rules: Rules) -> Hand:
    """Seat 0 takes every trick; the others throw their points first."""
    hand = make_hand(rules, points_spread())
    play_by(hand, points_first, points_are_out)
    return hand


def test_the_hand_ends_early_when_no_points_are_left() -> None:
    rules = Rules()
    hand = sweep_until_points_are_taken(rules)
    assert 0 < hand.trick_number < rules.hand_size
    early = no_points_left(hand)
    assert early is not None and early.ending is Ending.NO_POINTS_LEFT
    assert early.result.scores == (0, 26, 26, 26)
    complete(hand, early)
    assert hand.phase == "over" and hand.result() == early.result


def test_an_open_sun_keeps_the_hand_going() -> None:
    # the shooter has taken every trick so far: the rest decides between a moon and a sun
    hand = sweep_until_points_are_taken(Rules(sun=True))
    assert no_points_left(hand) is None
    assert decide(hand).verdict is Verdict.DECIDED  # here the sweep goes on anyway: a claim proves it


def test_a_sun_that_depends_on_the_play_is_not_decided() -> None:
    # seat 0 takes the first trick (seat 1 leads 2C) and every point; its K♦ loses to A♦ only if
    # seat 3 keeps A♦ until K♦ is led: then it is a moon, else a sun
    rules = Rules(sun=True)
    hand = make_hand(rules, {0: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KD", 1: "2C 2H 3H 4H 5H QS",
                             2: "6H 7H 8H 9H", 3: "TH JH QH KH AH AD"})
    ace, king = mask_of([parse_card("AD")]), mask_of([parse_card("KD")])
    play_by(hand, lambda h: points_first(h, ace if h.turn == 3 else king), points_are_out)  # clubs before K♦
    assert hand.tricks[0] == hand.trick_number and hand.hands[3] & ace
    assert decide(hand).verdict is Verdict.UNDECIDED and no_points_left(hand) is None
    moon, sun = hand.copy(), hand.copy()
    moon.play(parse_card("KD"))   # seat 0 leads K♦ at once: A♦ takes it
    play_out(moon, random.Random(0))

    def ace_away(h: Hand) -> int:  # seat 3 throws A♦ at once, seat 0 leads clubs before K♦
        legal = h.legal()
        first = {3: legal & ace, 0: legal & ~king}.get(h.turn, 0)
        return cards_of(first or legal)[0]

    play_by(sun, ace_away, lambda h: False)
    moon_result, sun_result = moon.result(), sun.result()
    assert moon_result is not None and moon_result.moon is not None and not moon_result.moon.sun
    assert sun_result is not None and sun_result.moon is not None and sun_result.moon.sun


def club_sweep_endgame(rules: Rules, endgame: dict[int, str]) -> Hand:
    """The last two tricks of a hand in which seat 0 took every trick before them (and every card
    thrown on them), led by seat 0 and held as ``endgame`` says, two cards per seat.

    Seat 1 leads 2♣, seat 2 follows with 3♣ and seat 0 wins with A♣; then seat 0 leads its other
    clubs while the others, void in clubs, throw everything but their last two cards.
    """
    fixed = {seat: endgame[seat] for seat in range(4)}
    fixed[0] += " 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    fixed[1] += " 2C"
    fixed[2] += " 3C"
    hand = make_hand(rules, fixed)
    keep = mask_of(parse_card(c) for cards in endgame.values() for c in cards.split())
    play_by(hand, lambda h: points_first(h, keep), lambda h: h.trick_number == rules.hand_size - 2)
    assert list(map(cards_of, hand.hands)) == [
        sorted(parse_card(c) for c in endgame[seat].split()) for seat in range(4)]
    assert hand.tricks[0] == hand.trick_number and hand.leader == 0
    return hand


def test_who_takes_a_queen_worth_nothing_decides_a_moon() -> None:
    # seat 0 has every heart: leading A♠ takes Q♠ (a moon), leading 5♠ gives it to seat 1 (no moon)
    hand = club_sweep_endgame(Rules(queen_points=0), {0: "AS 5S", 1: "QS 2D", 2: "2S 3D", 3: "4D 5D"})
    assert decide(hand).verdict is Verdict.UNDECIDED
    assert len(every_result(hand)) == 2


def test_who_takes_the_bonus_card_is_part_of_the_result() -> None:
    # J♦ (−10) and 2♦ (+10) fall in one trick: seat 2's Q♦ takes them, its 4♦ leaves them to J♦;
    # every seat scores the same either way, but the result names who took the bonus card
    rules = Rules.from_json({"jack_of_diamonds": True, "extra_points": {"2D": 10}, "moon": "off"})
    hand = club_sweep_endgame(rules, {0: "3D 5D", 1: "JD 2S", 2: "QD 4D", 3: "2D 4S"})
    assert decide(hand).verdict is Verdict.UNDECIDED
    results = every_result(hand)
    assert len({result.scores for result in results}) == 1 and {r.jack_seat for r in results} == {1, 2}


@pytest.mark.parametrize(("rules", "cards", "why"), [
    (Rules(queen_points=0), "QS", "a moon still needs Q♠, worth nothing"),
    (preset("omnibus-10d"), "TD", "the −10 card is still out"),
    (preset("black-maria"), "AS", "A♠ still scores"),
])
def test_a_card_that_still_matters_keeps_the_hand_going(rules: Rules, cards: str, why: str) -> None:
    hand = make_hand(rules, points_spread(cards))
    keep = mask_of(parse_card(c) for c in cards.split())
    play_by(hand, lambda h: points_first(h, keep), lambda h: points_are_out(h, keep))
    assert hand.phase == "play" and any(m & keep for m in hand.hands), why
    assert no_points_left(hand) is None, why


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_early_end_scores_as_every_continuation(name: str) -> None:
    rng = random.Random(name)
    ended = 0

    def pick(h: Hand) -> int:  # points go early half the time, so that hands end early often
        return points_first(h) if rng.random() < 0.5 else rng.choice(cards_of(h.legal()))

    for hand, early in completions_met(PRESETS[name], rng, 40, no_points_left, pick):
        assert all(random_result(hand, rng) == early.result for _ in range(3))
        assert decide(hand).verdict is Verdict.DECIDED
        ended += 1
    assert ended >= 10


def test_the_default_cap() -> None:
    assert 100 <= NODE_CAP <= 100_000
