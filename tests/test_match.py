"""Matches: deal numbers, pass cycle per hand, totals, the end at the target, saving and loading."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import play_out, random_passes, random_play, snapshot
from hearts import HeartsError, Rules, cards_of, deal, match_deal_number, preset
from hearts.game import Hand, places, winners
from hearts.match import Match
from hearts.record import state_json


def play_match(match: Match, rng: random.Random) -> list[list[int]]:
    """Random legal play to the end; returns each hand's score."""
    scores = []
    while not match.over:
        assert match.hand.totals_before == match.totals  # moon "choice" sees the totals before the hand
        play_out(match.hand, rng)
        scores.append(match.finish_hand())
    return scores


def test_hands_are_the_match_deal_numbers() -> None:
    rules = Rules()
    match = Match(rules, seed=77)
    for index in range(3):
        assert match.hand_index == index
        assert list(match.hand.deal) == deal(rules, match_deal_number(77, index))
        play_out(match.hand, random.Random(index))
        match.finish_hand()


@pytest.mark.parametrize(("name", "seed"), [("classic", 1), ("quick-50", 2), ("wikipedia-3", 3),
                                            ("wikipedia-5", 4), ("six-players", 5), ("omnibus", 6)])
def test_a_whole_match(name: str, seed: int) -> None:
    rules = preset(name)
    match = Match(rules, seed)
    offsets = []
    scores: list[list[int]] = []
    rng = random.Random(seed)
    while not match.over:
        offsets.append(match.hand.pass_offset)
        play_out(match.hand, rng)
        scores.append(match.finish_hand())
    # hand k passes with the k-th offset of the cycle
    assert offsets == [rules.pass_offset(k) for k in range(len(offsets))]
    totals = [sum(column) for column in zip(*scores)]
    assert match.totals == totals
    # it ends after the first hand in which someone reached the target
    assert max(totals) >= rules.target
    assert all(max(sum(s[p] for s in scores[:k]) for p in range(rules.players)) < rules.target
               for k in range(1, len(scores)))
    assert match.winners() == winners(totals) and match.places() == places(totals)
    assert match.hand_index == len(scores) and match.hand.phase == "over"
    with pytest.raises(HeartsError) as info:
        match.finish_hand()  # the last hand is booked once
    assert info.value.code == "wrong_phase"
    assert match.totals == totals


def test_finish_hand_needs_a_finished_hand() -> None:
    match = Match(Rules(), 3)
    with pytest.raises(HeartsError) as info:
        match.finish_hand()
    assert info.value.code == "wrong_phase"
    assert match.winners() == [] and not match.over


def test_redeal_same_restarts_the_current_hand() -> None:
    match = Match(Rules(), 8)
    start = snapshot(match.hand)
    random_passes(match.hand, random.Random(0))
    random_play(match.hand, random.Random(0))
    match.redeal_same()
    assert snapshot(match.hand) == start


@pytest.mark.parametrize("seed", [-1, True, "1", 1.5])
def test_bad_seeds(seed: Any) -> None:
    with pytest.raises(HeartsError) as info:
        Match(Rules(), seed)
    assert info.value.code == "bad_match"


# -- saving and loading --------------------------------------------------------------------

def same_state(a: Hand, b: Hand) -> None:
    """Equal in every slot. The order in which seats passed is not saved (passing is simultaneous)."""
    sa, sb = snapshot(a), snapshot(b)
    ha, hb = sa.pop("history"), sb.pop("history")
    assert sa == sb
    assert sorted(h for h in ha if h[0] == "pass") == sorted(h for h in hb if h[0] == "pass")
    assert [h for h in ha if h[0] == "play"] == [h for h in hb if h[0] == "play"]


def reload(match: Match) -> Match:
    return Match.from_json(json.loads(json.dumps(match.to_json())))


def test_save_and_load_at_every_choice() -> None:
    rules = Rules(target=40, moon="choice")
    match = Match(rules, seed=12)
    rng = random.Random(12)
    saves = 0
    while not match.over:
        hand = match.hand
        if hand.phase == "pass":
            seat = rng.choice(hand.to_act())
            hand.choose_pass(seat, sum(1 << c for c in rng.sample(
                [c for c in range(52) if hand.hands[seat] >> c & 1], rules.pass_count)))
        else:
            random_play(hand, rng)
            if hand.phase == "over":
                match.finish_hand()  # as the table does: a finished hand is booked at once
        loaded = reload(match)
        saves += 1
        assert loaded.to_json() == match.to_json()
        assert (loaded.totals, loaded.hand_index, loaded.over) == (match.totals, match.hand_index, match.over)
        assert state_json(loaded.hand) == state_json(match.hand)
        same_state(loaded.hand, match.hand)
    assert saves > 100 and match.hand_index >= 2


def test_save_mid_pass_with_some_seats_passed() -> None:
    match = Match(Rules(), seed=4)
    hand = match.hand
    assert hand.pass_offset == 1
    first_three = [c for c in range(52) if hand.hands[3] >> c & 1][:3]
    hand.choose_pass(3, sum(1 << c for c in first_three))
    save = json.loads(json.dumps(match.to_json()))
    current = save["hands"][-1]
    assert "passes" not in current
    assert current["passes_so_far"][3] is not None and current["passes_so_far"][:3] == [None, None, None]
    loaded = Match.from_json(save)
    assert loaded.hand.to_act() == [0, 1, 2]
    assert loaded.hand.passes == hand.passes
    same_state(loaded.hand, hand)


def test_save_after_the_end() -> None:
    match = Match(Rules(target=30), seed=2)
    play_match(match, random.Random(2))
    loaded = reload(match)
    assert loaded.over and loaded.totals == match.totals and loaded.winners() == match.winners()
    assert loaded.to_json() == match.to_json()


def valid_save() -> dict[str, Any]:
    match = Match(Rules(target=30), seed=9)
    rng = random.Random(9)
    play_out(match.hand, rng)
    match.finish_hand()
    random_passes(match.hand, rng)
    for _ in range(6):
        random_play(match.hand, rng)
    save: dict[str, Any] = json.loads(json.dumps(match.to_json()))
    return save


SAVE = valid_save()


def corrupt(change: Any) -> dict[str, Any]:
    save = copy.deepcopy(SAVE)
    change(save)
    return save


CORRUPT_SAVES = [
    [],
    "match",
    {},
    {"rules": {}, "seed": 1},
    corrupt(lambda s: s.update(hands=[])),
    corrupt(lambda s: s.update(hands="x")),
    corrupt(lambda s: s.update(seed=-5)),
    corrupt(lambda s: s.update(seed="9")),
    corrupt(lambda s: s.update(rules={"players": 4, "moons": 2})),
    corrupt(lambda s: s.update(rules=[])),
    corrupt(lambda s: s["hands"].__setitem__(0, 7)),
    corrupt(lambda s: s["hands"][0].update(deal=5)),                  # hand 0 no longer finished
    corrupt(lambda s: s["hands"][0].update(plays=s["hands"][0]["plays"][:-1])),
    corrupt(lambda s: s["hands"][0]["plays"].append("2C")),
    corrupt(lambda s: s["hands"][0].update(deal="x")),
    corrupt(lambda s: s["hands"][0]["deal"][0].__setitem__(0, "ZZ")),
    corrupt(lambda s: s["hands"][1].update(plays=["AS"])),
    corrupt(lambda s: s["hands"][1].pop("passes")),                   # plays without passes
    corrupt(lambda s: s["hands"][1].update(unknown=1)),
    corrupt(lambda s: s["hands"].append(s["hands"][0])),              # a hand after an unfinished one
    corrupt(lambda s: s["hands"].insert(1, s["hands"][1])),
]


@pytest.mark.parametrize("save", CORRUPT_SAVES)
def test_corrupt_saves_raise_hearts_errors(save: Any) -> None:
    with pytest.raises(HeartsError):
        Match.from_json(save)


def test_a_hand_after_the_end_is_rejected() -> None:
    match = Match(Rules(target=30), seed=2)
    play_match(match, random.Random(2))
    save = json.loads(json.dumps(match.to_json()))
    save["hands"].append(save["hands"][0])
    with pytest.raises(HeartsError):
        Match.from_json(save)


def test_mid_pass_corruptions() -> None:
    match = Match(Rules(), seed=4)
    save = json.loads(json.dumps(match.to_json()))
    for partial in ([["QS"]], [["2C", "3C", "4C"]] * 5, [[1, 2, 3]], ["2C3C4C"], [None, ["XX", "2C", "3C"]], 7):
        bad = copy.deepcopy(save)
        bad["hands"][0]["passes_so_far"] = partial
        with pytest.raises(HeartsError):
            Match.from_json(bad)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["2C", "QS", "x", "", "10h"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["deal", "plays", "a"]), inner,
                                                                max_size=3),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


ALL_PATHS = paths(SAVE)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL_PATHS[1:]), JSON_VALUES, st.booleans())
def test_any_corruption_loads_or_raises_hearts_error(path: tuple[Any, ...], value: Any, delete: bool) -> None:
    save = copy.deepcopy(SAVE)
    parent = save
    for step in path[:-1]:
        parent = parent[step]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    try:
        Match.from_json(save)
    except HeartsError:
        pass


# Three seats, no passing, a deck of 2♣ 3♣ Q♠: the hand is one trick, and Q♠ at 50 ends a match to 50.
ONE_TRICK = {"players": 3, "passing": "none", "moon": "off", "queen_points": 50, "target": 50,
             "removed": [c for c in (r + s for s in "CDHS" for r in "23456789TJQKA") if c not in ("2C", "3C", "QS")]}


def one_trick_match(ties: str) -> Match:
    """A match whose first hand is played out: whoever takes Q♠ reaches the target, the other two tie at 0."""
    match = Match(Rules.from_json({**ONE_TRICK, "ties": ties}), seed=1)
    while match.hand.phase != "over":
        match.hand.play(min(cards_of(match.hand.legal())))
    match.finish_hand()
    return match


def test_a_play_on_match_past_its_target_names_who_shares_the_lowest_total() -> None:
    # 001 rule 7: a shared lowest total at the end "wird ... fortgesetzt, bis es nur noch einen Gewinner gibt";
    # the table says why a match goes on past its target, and who shares the lead.
    match = one_trick_match("play-on")
    assert sorted(match.totals) == [0, 0, 50] and not match.over
    assert match.tied_lead() == [s for s in range(3) if match.totals[s] == 0]
    shared = one_trick_match("share")
    assert shared.over and shared.tied_lead() == []


def test_no_tied_lead_before_the_target_is_reached() -> None:
    match = Match(Rules(ties="play-on"), seed=1)
    assert match.tied_lead() == []  # 0, 0, 0, 0: shared, but nobody reached the target
