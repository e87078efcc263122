"""The variant keys: extra points (Black Maria), Spot Hearts, the 10♦ Omnibus, partners; pass counts.

Each rule beside its test; the random-hand checks against the slow reference are in test_properties.py.
"""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path

import pytest

from conftest import make_hand, mask, play, play_out
from hearts import HeartsError, Rules, preset
from hearts.cards import HEART_MASK, card_str, cards_of, parse_card
from hearts.game import hand_result, match_over, moon_shooter, seat_places, winning_seats
from hearts.match import Match
from hearts.rules import VARIANT_DEFAULTS
from test_scoring import ALL_HEARTS, score

# -- the keys, their defaults and their JSON form ---------------------------------------------

def test_defaults_leave_every_rule_as_it_is() -> None:
    r = Rules()
    assert (r.extra_points, r.heart_points, r.bonus_card, r.teams) == ((), "one", "JD", False)
    assert Rules.from_json(VARIANT_DEFAULTS) == r
    assert Rules.from_json(VARIANT_DEFAULTS).to_json() == r.to_json()
    assert not set(VARIANT_DEFAULTS) & set(r.to_json())  # written only when set


@pytest.mark.parametrize(("data", "written"), [
    ({"extra_points": {"as": 7, "KS": 10}}, {"extra_points": {"KS": 10, "AS": 7}}),  # canonical names, card order
    ({"extra_points": {"KS": 10, "2C": 0}}, {"extra_points": {"KS": 10}}),           # zero points is no entry
    ({"heart_points": "rank"}, {"heart_points": "rank"}),
    ({"jack_of_diamonds": True, "bonus_card": "10d"}, {"jack_of_diamonds": True, "bonus_card": "TD"}),
    ({"teams": True}, {"teams": True}),
    ({"players": 6, "teams": True}, {"players": 6, "teams": True}),
])
def test_variant_keys_round_trip(data: dict[str, object], written: dict[str, object]) -> None:
    rules = Rules.from_json(data)
    out = rules.to_json()
    assert written.items() <= out.items()
    assert Rules.from_json(json.loads(json.dumps(out))) == rules
    assert hash(rules) == hash(Rules.from_json(out))


def test_replace_keeps_and_changes_variant_keys() -> None:
    maria = preset("black-maria")
    assert maria.replace(target=50).extra_points == (("KS", 10), ("AS", 7))
    assert maria.replace(extra_points={}) == Rules()
    assert preset("omnibus-10d").replace(sun=True).bonus_card == "TD"


# -- the presets ------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "moon_value", "values"), [
    # Black Maria: "K♠ 10 and A♠ 7 as well as Q♠ 13"
    ("black-maria", 43, {"KS": 10, "AS": 7, "QS": 13, "2H": 1, "AH": 1, "JS": 0}),
    # Spot Hearts: hearts count their rank, 2..10 their pips, J 11, Q 12, K 13, A 14; Q♠ 13
    ("spot-hearts", 117, {"2H": 2, "9H": 9, "TH": 10, "JH": 11, "QH": 12, "KH": 13, "AH": 14, "QS": 13}),
    # Omnibus "sometimes the 10♦": the −10 card is 10♦ and J♦ scores nothing
    ("omnibus-10d", 26, {"TD": -10, "JD": 0, "QS": 13, "5H": 1}),
    ("partners", 26, {"QS": 13, "5H": 1, "KS": 0}),
])
def test_preset_card_values(name: str, moon_value: int, values: dict[str, int]) -> None:
    rules = preset(name)
    assert rules.players == 4 and rules.moon_value == moon_value
    assert {c: rules.card_values[parse_card(c)] for c in values} == values
    assert rules.moon_value == sum(v for v in rules.card_values if v > 0)


def test_partners_sit_across() -> None:
    assert preset("partners").sides == ((0, 2), (1, 3))
    assert Rules(players=6, teams=True).sides == ((0, 3), (1, 4), (2, 5))
    assert Rules().sides == ((0,), (1,), (2,), (3,))


# -- extra points (Black Maria) ---------------------------------------------------------------

def test_black_maria_points() -> None:
    rules = preset("black-maria")
    assert rules.card_points(mask("KS AS QS 2H")) == 31
    assert score(rules, {0: "KS 3H", 1: "AS", 2: "QS 2H"}) == [11, 7, 14, 0]


def test_black_maria_moon_needs_the_spades_with_points() -> None:
    rules = preset("black-maria")
    everything = "QS KS AS " + ALL_HEARTS
    assert score(rules, {1: everything}) == [43, 0, 43, 43]
    # every heart and Q♠ but not A♠: no moon, the points stay where they fell
    assert score(rules, {1: "QS KS " + ALL_HEARTS, 3: "AS"}) == [0, 36, 0, 7]
    assert moon_shooter(rules, [mask(""), mask("QS KS " + ALL_HEARTS), mask(""), mask("AS")]) is None
    sun = score(rules.replace(sun=True), {1: everything}, [0, 13, 0, 0])
    assert sun == [86, 0, 86, 86]


def test_a_card_with_negative_extra_points_stays_with_its_taker_in_a_moon() -> None:
    rules = Rules.from_json({"extra_points": {"KS": 10, "2C": -5}})
    assert rules.moon_value == 36
    assert score(rules, {1: "QS KS " + ALL_HEARTS, 2: "2C"}) == [36, 0, 31, 36]
    assert score(rules, {1: "QS KS 2C " + ALL_HEARTS}) == [36, -5, 36, 36]
    assert score(rules.replace(moon="subtract"), {1: "QS KS 2C " + ALL_HEARTS}) == [0, -41, 0, 0]


def test_the_first_trick_rule_still_names_hearts_and_the_queen() -> None:
    # "no points on the first trick" forbids hearts and Q♠; K♠ and A♠ of Black Maria may be discarded
    hand = make_hand(preset("black-maria"), {0: "2C", 1: "KS AS QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH"})
    play(hand, "2C")
    assert [card_str(c) for c in cards_of(hand.legal())] == ["KS", "AS"]


# -- Spot Hearts ------------------------------------------------------------------------------

def test_spot_hearts_points_and_moon() -> None:
    rules = preset("spot-hearts")
    assert rules.card_points(mask("2H TH AH QS")) == 2 + 10 + 14 + 13
    assert score(rules, {0: "2H 3H", 1: "AH"}) == [5, 14, 0, 0]
    assert score(rules, {2: "QS " + ALL_HEARTS}) == [117, 117, 0, 117]
    assert score(rules.replace(sun=True, moon="subtract"), {2: "QS " + ALL_HEARTS}, [0, 0, 13, 0]) == [0, 0, -234, 0]


def test_spot_hearts_with_a_removed_heart() -> None:
    rules = Rules.from_json({"players": 3, "removed": ["2H"], "heart_points": "rank"})
    assert rules.moon_value == 117 - 2


# -- the bonus card ---------------------------------------------------------------------------

def test_ten_of_diamonds_omnibus() -> None:
    rules = preset("omnibus-10d")
    assert score(rules, {0: "TD 2H", 1: "JD"}) == [-9, 0, 0, 0]
    # the −10 stays with its taker during a moon; hand_result names who took it
    taken = [mask("TD"), mask("QS " + ALL_HEARTS), mask(""), mask("JD")]
    result = hand_result(rules, taken, [1, 10, 1, 1])
    assert result.scores == (16, 0, 26, 26) and result.jack_seat == 0


def test_moon_needs_the_ten_of_diamonds_when_it_is_the_bonus_card() -> None:
    rules = Rules.from_json({"jack_of_diamonds": True, "bonus_card": "TD", "moon_needs_jack": True})
    assert score(rules, {1: "QS JD " + ALL_HEARTS, 2: "TD"}) == [0, 26, -10, 0]
    assert score(rules, {1: "QS TD " + ALL_HEARTS}) == [26, -10, 26, 26]
    assert rules.moon_value == 26


# -- partners ---------------------------------------------------------------------------------

def test_a_side_total_ends_the_match() -> None:
    rules = preset("partners")
    assert rules.side_totals([60, 10, 45, 20]) == [105, 30]
    assert match_over(rules, [60, 10, 45, 20])        # no seat reached 100, the side 0+2 did
    assert not match_over(rules, [99, 0, 0, 0])
    assert winning_seats(rules, [60, 10, 45, 20]) == [1, 3]
    assert seat_places(rules, [60, 10, 45, 20]) == [2, 1, 2, 1]


def test_partners_tie() -> None:
    share, play_on = preset("partners"), preset("partners").replace(ties="play-on")
    totals = [60, 70, 50, 40]                       # 110 and 110
    assert match_over(share, totals) and winning_seats(share, totals) == [0, 1, 2, 3]
    assert seat_places(share, totals) == [1, 1, 1, 1]
    assert not match_over(play_on, totals)


def test_six_player_partners() -> None:
    rules = Rules(players=6, teams=True)
    totals = [30, 10, 20, 75, 10, 5]                # sides 0+3: 105, 1+4: 20, 2+5: 25
    assert match_over(rules, totals) and winning_seats(rules, totals) == [1, 4]
    assert seat_places(rules, totals) == [3, 1, 2, 3, 1, 2]


def test_a_moon_is_shot_by_one_seat_and_paid_by_every_other_seat() -> None:
    rules = preset("partners")
    assert score(rules, {1: "QS " + ALL_HEARTS}) == [26, 0, 26, 26]  # the partner (seat 3) pays too


def test_moon_choice_looks_at_the_sides() -> None:
    rules = preset("partners").replace(moon="choice")
    # +26 to seats 0, 2, 3: sides 0+2 → 80 + 52, 1+3 → 60 + 26: over, and the shooter's side wins: others
    assert score(rules, {1: "QS " + ALL_HEARTS}, totals=[40, 30, 40, 30]) == [26, 0, 26, 26]
    # sides 0+2 → 10 + 52, 1+3 → 100 + 26: over, and the shooter's side loses: subtract (no seat reached 100)
    assert score(rules, {1: "QS " + ALL_HEARTS}, totals=[5, 50, 5, 50]) == [0, -26, 0, 0]


def test_a_partners_match() -> None:
    match = Match(preset("partners"), seed=3)
    rng = random.Random(3)
    while not match.over:
        play_out(match.hand, rng)
        match.finish_hand()
    totals, sides = match.totals, match.team_totals
    assert sides == [totals[0] + totals[2], totals[1] + totals[3]]
    assert max(sides) >= 100
    low = min(sides)
    assert match.winners() == sorted(s for s in range(4) if sides[s % 2] == low)
    assert match.places() == [1 + sum(o < sides[s % 2] for o in sides) for s in range(4)]
    loaded = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert loaded.to_json()["rules"]["teams"] is True
    assert (loaded.totals, loaded.winners(), loaded.places()) == (totals, match.winners(), match.places())


def test_without_teams_every_seat_is_its_own_side() -> None:
    rules = Rules()
    totals = [100, 40, 40, 70]
    assert rules.side_totals(totals) == totals
    assert winning_seats(rules, totals) == [1, 2] and seat_places(rules, totals) == [4, 1, 1, 3]


# -- pass counts ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("count", [3, 4, 5])
def test_three_to_five_cards_are_passed(players: int, count: int) -> None:
    rules = Rules(players=players, pass_count=count)
    hand = make_hand(rules, {}, pass_offset=1)
    given = [cards_of(h)[:count] for h in hand.hands]
    for seat, cards in enumerate(given):
        hand.choose_pass(seat, sum(1 << c for c in cards))
    assert hand.phase == "play"
    assert all(hand.received[(seat + 1) % players] == sum(1 << c for c in cards) for seat, cards in enumerate(given))
    with pytest.raises(HeartsError) as info:
        make_hand(rules, {}, pass_offset=1).choose_pass(0, 1 << parse_card("2C"))
    assert info.value.code == "bad_pass"


# -- every card's points come from one table ------------------------------------------------------

@pytest.mark.parametrize("name", ["classic", "omnibus", "black-maria", "spot-hearts", "omnibus-10d", "wikipedia-3"])
def test_card_points_is_the_sum_of_the_card_values(name: str) -> None:
    rules = preset(name)
    rng = random.Random(name)
    for _ in range(200):
        cards = sum(1 << c for c in rng.sample(cards_of(rules.deck), rng.randint(0, 20)))
        assert rules.card_points(cards) == sum(rules.card_values[c] for c in cards_of(cards))
    assert rules.point_cards & HEART_MASK == rules.deck & HEART_MASK


def test_the_variants_page_example_runs() -> None:
    page = Path(__file__).resolve().parents[1] / "docs" / "variants.md"
    outcome = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert outcome.failed == 0 and outcome.attempted >= 8
