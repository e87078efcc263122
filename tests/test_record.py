"""The JSON game record and the ``state`` answer (public contracts, README "Game record")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from conftest import make_deal, play_out
from hearts import HeartsError, Rules, deal, preset
from hearts.cards import cards_of
from hearts.game import Hand
from hearts.record import hand_from_record, hand_to_record, state_json

# deal number 0 under the classic rules (pinned in test_deal.py)
DEAL_0 = [
    "2C 8C TC JC QC 3D 4D KD TH QH 3S 7S 9S".split(),
    "3C 6C 7C 9C 6D JD 2H 4H 6H 9H AH 5S KS".split(),
    "4C KC 2D 5D 9D TD QD AD 3H KH 2S 4S JS".split(),
    "5C AC 7D 8D 5H 7H 8H JH 6S 8S TS QS AS".split(),
]
PASSES_0 = [["2C", "8C", "TC"], ["3C", "6C", "7C"], ["4C", "KC", "2D"], ["5C", "AC", "7D"]]


def state(record: Any) -> dict[str, Any]:
    return state_json(hand_from_record(record))


def error(record: Any) -> HeartsError:
    with pytest.raises(HeartsError) as info:
        hand_from_record(record)
    return info.value


def test_readme_example() -> None:
    # README "python -m hearts state": deal 5, no passing, 2C played
    s = state({"deal": 5, "pass_offset": 0, "plays": ["2C"]})
    assert s["phase"] == "play" and s["to_act"] == [2] and s["legal"] == ["8C", "KC"]
    assert s["trick"] == [{"seat": 1, "card": "2C"}]
    assert s["hearts_broken"] is False and s["taken"] == [0, 0, 0, 0] and s["score"] is None
    assert list(s) == ["phase", "to_act", "legal", "hands", "trick", "hearts_broken", "taken", "score"]


def test_deal_as_number_or_lists() -> None:
    assert state({"deal": 0})["hands"] == DEAL_0
    assert state({"deal": DEAL_0}) == state({"deal": 0})
    assert hand_from_record({"deal": 0}).deal == tuple(deal(Rules(), 0))


def test_lenient_cards_in_canonical_out() -> None:
    lower = [[c.lower().replace("t", "10") for c in hand] for hand in DEAL_0]
    assert lower[0][:3] == ["2c", "8c", "10c"]
    s = state({"deal": lower, "pass_offset": 1, "passes": [[c.lower() for c in p] for p in PASSES_0],
               "plays": ["2c"]})
    assert s["trick"] == [{"seat": 1, "card": "2C"}]  # seat 0 passed its 2C to seat 1
    rec = hand_to_record(hand_from_record({"deal": lower, "pass_offset": 0, "plays": ["2c", "9c"]}))
    assert rec["deal"] == DEAL_0 and rec["plays"] == ["2C", "9C"]


def test_partial_rules_take_defaults() -> None:
    hand = hand_from_record({"rules": {"target": 50}, "deal": 0})
    assert hand.rules == Rules(target=50)
    assert hand_from_record({"rules": {"preset": "five-players"}, "deal": 2}).rules == preset("five-players")
    assert hand_from_record({"deal": 0, "rules": None}).rules == Rules()


def test_hand_index_picks_the_pass_offset() -> None:
    assert [hand_from_record({"deal": 0, "hand_index": i}).pass_offset for i in range(5)] == [1, 3, 2, 0, 1]
    three = {"players": 3}
    assert [hand_from_record({"rules": three, "deal": 0, "hand_index": i}).pass_offset
            for i in range(3)] == [1, 2, 0]
    assert hand_from_record({"deal": 0, "hand_index": 1, "pass_offset": 2}).pass_offset == 2
    hand = hand_from_record({"deal": 0, "pass_offset": 0})
    assert hand.phase == "play"


def test_passes_then_plays() -> None:
    s = state({"deal": 0, "pass_offset": 1, "passes": PASSES_0})
    assert s["phase"] == "play"
    assert {"2C", "8C", "TC"} <= set(s["hands"][1])  # seat 0 passed left: seat 1 leads with 2C
    assert not {"3C", "6C", "7C"} & set(s["hands"][1])
    assert s["to_act"] == [1] and s["legal"] == ["2C"]
    assert state({"deal": 0, "pass_offset": 1, "passes": []})["phase"] == "pass"  # none is allowed


def test_state_in_the_pass_phase() -> None:
    s = state({"deal": 0, "hand_index": 0})
    assert s["phase"] == "pass" and s["to_act"] == [0, 1, 2, 3]
    assert s["legal"] == DEAL_0[0]  # the hand of the first seat in to_act
    hand = hand_from_record({"deal": 0})
    hand.choose_pass(0, sum(1 << c for c in cards_of(hand.hands[0])[:3]))
    s = state_json(hand)
    assert s["to_act"] == [1, 2, 3] and s["legal"] == DEAL_0[1]
    assert s["hands"] == DEAL_0  # nothing moves before everyone has passed


def test_state_when_over_and_round_trip() -> None:
    hand = Hand(Rules(), deal(Rules(), 21), 2)
    play_out(hand, random.Random(4))
    rec = json.loads(json.dumps(hand_to_record(hand)))
    again = hand_from_record(rec)
    s = state_json(again)
    assert s == state_json(hand)
    assert s["phase"] == "over" and s["to_act"] == [] and s["legal"] == []
    assert s["hands"] == [[], [], [], []] and s["trick"] == []
    assert s["score"] == hand.score() and sum(s["taken"]) == 26
    assert hand_to_record(again) == hand_to_record(hand)


def test_record_fields() -> None:
    hand = hand_from_record({"deal": 0, "hand_index": 2, "passes": PASSES_0, "totals": [3, 0, 1, 2]})
    rec = hand_to_record(hand, 2)
    assert rec == {"rules": Rules().to_json(), "hand_index": 2, "pass_offset": 2, "deal": DEAL_0,
                   "passes": PASSES_0, "plays": [], "totals": [3, 0, 1, 2]}
    # mid-pass records hold no passes; zero totals are left out
    hand = hand_from_record({"deal": 0})
    hand.choose_pass(2, sum(1 << c for c in cards_of(hand.hands[2])[:3]))
    assert "passes" not in hand_to_record(hand) and "totals" not in hand_to_record(hand)


def test_totals_matter_only_for_moon_choice() -> None:
    # seat 0 holds every club and so takes every trick: a moon (and a sun)
    clubs = " ".join(r + "C" for r in "23456789TJQKA")
    hand = Hand(Rules(), make_deal(Rules(), {0: clubs}))
    play_out(hand, random.Random(0))
    rec = hand_to_record(hand)
    assert state(rec)["score"] == [0, 26, 26, 26]
    edge = [90, 80, 95, 60]  # +26 would end the match with seat 3 winning: the shooter subtracts
    assert state({**rec, "totals": edge})["score"] == [0, 26, 26, 26]
    assert state({**rec, "rules": {"moon": "choice"}})["score"] == [0, 26, 26, 26]
    assert state({**rec, "rules": {"moon": "choice"}, "totals": edge})["score"] == [-26, 0, 0, 0]


# -- every error code, with a message naming the offending item ---------------------------

def with_card(hand: list[str], index: int, card: Any) -> list[Any]:
    return hand[:index] + [card] + hand[index + 1:]


ERRORS: list[tuple[Any, str, str]] = [
    ([], "bad_record", "object"),
    ({"deal": 1, "colour": "red"}, "bad_record", "colour"),
    ({}, "bad_record", "deal"),
    ({"deal": "x"}, "bad_record", "deal"),
    ({"deal": -1}, "bad_record", "deal"),
    ({"deal": True}, "bad_record", "deal"),
    ({"deal": 1, "hand_index": -1}, "bad_record", "hand_index"),
    ({"deal": 1, "hand_index": "0"}, "bad_record", "hand_index"),
    ({"deal": 1, "pass_offset": 4}, "bad_record", "pass_offset"),
    ({"deal": 1, "pass_offset": 1.0}, "bad_record", "pass_offset"),
    ({"deal": 1, "totals": [1, 2, 3]}, "bad_record", "totals"),
    ({"deal": 1, "totals": [1, 2, 3, None]}, "bad_record", "totals"),
    ({"deal": 0, "plays": "2C"}, "bad_record", "plays"),
    ({"deal": [DEAL_0[0], DEAL_0[1], DEAL_0[2], "QS"]}, "bad_record", "deal[3]"),
    ({"deal": 1, "rules": {"players": 9}}, "bad_rules", "players"),
    ({"deal": 1, "rules": {"jokers": 2}}, "bad_rules", "jokers"),
    ({"deal": 1, "rules": "classic"}, "bad_rules", "rules"),
    ({"deal": [DEAL_0[0], DEAL_0[1], DEAL_0[2], with_card(DEAL_0[3], 12, "1X")]}, "bad_card", "deal[3][12]"),
    ({"deal": [DEAL_0[0], DEAL_0[1], DEAL_0[2], with_card(DEAL_0[3], 4, 7)]}, "bad_card", "deal[3][4]"),
    ({"deal": 0, "pass_offset": 0, "plays": ["2C", "ZZ"]}, "bad_card", "plays[1]"),
    ({"deal": 0, "passes": [PASSES_0[0], ["3C", "6C", "7X"], PASSES_0[2], PASSES_0[3]]}, "bad_card", "passes[1][2]"),
    ({"deal": [DEAL_0[0], DEAL_0[1], DEAL_0[2], with_card(DEAL_0[3], 0, "2C")]}, "duplicate_card", "2C"),
    ({"deal": [DEAL_0[0], DEAL_0[1], DEAL_0[2], with_card(DEAL_0[3], 0, "qs")]}, "duplicate_card", "QS"),
    ({"deal": DEAL_0[:3]}, "bad_deal", "3 hands"),
    ({"deal": [DEAL_0[0], DEAL_0[1], DEAL_0[2], DEAL_0[3][:-1]]}, "bad_deal", "seat 3"),
    ({"rules": {"players": 3}, "deal": [
        ["2D"] + DEAL_0[0] + DEAL_0[3][:3], DEAL_0[1] + DEAL_0[3][3:7],
        [c for c in DEAL_0[2] if c != "2D"] + DEAL_0[3][7:]]}, "bad_deal", "2D"),  # 2D is out with three
    ({"deal": 0, "passes": [PASSES_0[0]]}, "bad_pass", "all 4 seats"),
    ({"deal": 0, "passes": [["2C", "8C"], *PASSES_0[1:]]}, "bad_pass", "passes[0]"),
    ({"deal": 0, "passes": [["2C", "8C", "3C"], *PASSES_0[1:]]}, "bad_pass", "3C"),
    ({"deal": 0, "passes": [["2C", "2C", "8C"], *PASSES_0[1:]]}, "bad_pass", "passes[0]"),
    ({"deal": 0, "pass_offset": 0, "plays": ["3C"]}, "illegal_play", "plays[0] (3C)"),
    # A card named twice in the plays is not duplicate_card (that is a deal's): its second play is
    # illegal, the card no longer in any hand (docs/protocol.md, Error codes).
    ({"deal": 0, "pass_offset": 0, "plays": ["2C", "2C"]}, "illegal_play", "plays[1] (2C)"),
    ({"deal": 0, "pass_offset": 0, "plays": ["2C", "4H"]}, "illegal_play", "plays[1] (4H)"),
    ({"deal": 0, "pass_offset": 0, "plays": ["2C", "2C"]}, "illegal_play", "plays[1] (2C)"),
    ({"deal": 0, "pass_offset": 1, "plays": ["2C"]}, "wrong_phase", "plays[0]"),
    ({"deal": 0, "pass_offset": 0, "passes": PASSES_0}, "wrong_phase", "pass"),
]


@pytest.mark.parametrize(("record", "code", "named"), ERRORS)
def test_error_codes_name_the_offending_item(record: Any, code: str, named: str) -> None:
    err = error(record)
    assert err.code == code
    assert named in err.message
    assert err.to_json() == {"error": {"code": code, "message": err.message}}


def test_every_documented_error_code_is_covered() -> None:
    documented = {"bad_json", "bad_record", "bad_rules", "bad_card", "duplicate_card", "bad_deal",
                  "bad_pass", "illegal_play", "wrong_phase"}
    # bad_json is the CLI's (test_cli_state.py); every other code has a record above
    assert {code for _, code, _ in ERRORS} == documented - {"bad_json"}


def test_a_play_after_the_end_is_wrong_phase() -> None:
    hand = Hand(Rules(), deal(Rules(), 3))
    play_out(hand, random.Random(1))
    rec = hand_to_record(hand)
    err = error({**rec, "plays": [*rec["plays"], "2C"]})
    assert err.code == "wrong_phase" and "plays[52]" in err.message


@pytest.mark.parametrize("name", ["black-maria", "spot-hearts", "omnibus-10d", "partners"])
def test_records_of_the_variant_presets_round_trip(name: str) -> None:
    rules = preset(name)
    rng = random.Random(name)
    for number in range(6):
        hand = Hand(rules, deal(rules, number), rules.pass_offset(number), [rng.randint(0, 99) for _ in range(4)])
        play_out(hand, rng)
        record = json.loads(json.dumps(hand_to_record(hand, number)))
        assert Rules.from_json(record["rules"]) == rules  # the variant keys travel in the record's rules
        again = hand_from_record(record)
        assert hand_to_record(again, number) == record
        assert state_json(again) == state_json(hand) and again.result() == hand.result()
        # a record that names only the preset scores the same
        named = hand_from_record({**record, "rules": {"preset": name}})
        assert named.result() == hand.result()
