"""Rules: defaults, derived facts, pass cycles, presets, the JSON form and what it rejects."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hearts import PRESETS, HeartsError, Rules, preset
from hearts.cards import card_str, count
from hearts.rules import MOON_MODES, TIE_MODES

PRESET_NAMES = ["classic", "quick-50", "omnibus", "three-players", "five-players", "six-players",
                "wikipedia-3", "wikipedia-5", "wikipedia-6", "sun", "new-moon", "moon-choice"]
VARIANT_PRESET_NAMES = ["black-maria", "spot-hearts", "omnibus-10d", "partners"]  # tests/test_variants.py


def test_defaults_are_the_classic_four_player_game() -> None:
    r = Rules()
    assert (r.players, r.removed, r.queen_points, r.passing, r.pass_count) == (4, (), 13, "alternating", 3)
    assert (r.qs_breaks_hearts, r.points_on_first_trick, r.moon, r.sun) == (False, False, "others", False)
    assert (r.jack_of_diamonds, r.moon_needs_jack, r.target, r.ties) == (False, False, 100, "share")
    # 52 cards, 13 each, 2C leads, 13 hearts + QS 13 = 26
    assert (count(r.deck), r.hand_size, card_str(r.lead_card), r.moon_value) == (52, 13, "2C", 26)


# (preset, players, removed, cards per seat, lead card, moon value, pass cycle) -- from the rule texts
PRESET_FACTS = [
    # seed 000/004: 52 cards, 13 each; left, right, across, none
    ("classic", 4, (), 13, "2C", 26, (1, 3, 2, 0)),
    # seed 002/003: "3 Spieler: ohne Karo 2, je 17"; "zu dritt: links, rechts, ohne"
    ("three-players", 3, ("2D",), 17, "2C", 26, (1, 2, 0)),
    # seed 002: "5 Spieler: ohne Karo 2 und Kreuz 2, je 10" -- "zu fünft ist das die Kreuz 3"
    ("five-players", 5, ("2C", "2D"), 10, "3C", 26, (1, 4, 0)),
    # seed 000: "ohne 2en ... Jeder Spieler erhält somit 16 Karten", Kreuz Drei leads, 12 hearts + QS 12 = 24
    ("wikipedia-3", 3, ("2C", "2D", "2H", "2S"), 16, "3C", 24, (1, 2, 0)),
    # seed 000: "ohne Pik 2 und Karo 2 ... 10 Karten", Kreuz Zwei; "zwei Plätze, dann drei, vier, fünf (nichts)"
    ("wikipedia-5", 5, ("2D", "2S"), 10, "2C", 26, (1, 2, 3, 4, 0)),
    # seed 000: "ohne 2en ... 8 Karten", Kreuz Drei, QS 12 -> 24; passing 1..5 then none
    ("wikipedia-6", 6, ("2C", "2D", "2H", "2S"), 8, "3C", 24, (1, 2, 3, 4, 5, 0)),
    # the engine's own six-player default keeps QS at 13 with 12 hearts: 25
    ("six-players", 6, ("2C", "2D", "2H", "2S"), 8, "3C", 25, (1, 5, 0)),
]


@pytest.mark.parametrize(("name", "players", "removed", "size", "lead", "moon", "cycle"), PRESET_FACTS)
def test_variant_decks(name: str, players: int, removed: tuple[str, ...], size: int, lead: str, moon: int,
                       cycle: tuple[int, ...]) -> None:
    r = preset(name)
    assert r.players == players and r.removed == removed
    assert count(r.deck) == 52 - len(removed) == players * size
    assert r.hand_size == size
    assert card_str(r.lead_card) == lead
    assert r.moon_value == moon
    assert r.pass_cycle == cycle


def test_other_presets() -> None:
    assert preset("quick-50").target == 50  # seed 002/004: "50 Punkte"
    assert preset("omnibus").jack_of_diamonds
    assert preset("sun").sun
    assert preset("new-moon").moon == "subtract"  # seed 002: "Neuer Mond"
    assert preset("moon-choice").moon == "choice"  # seed 003: "nach Wahl"
    assert sorted(PRESETS) == sorted(PRESET_NAMES + VARIANT_PRESET_NAMES)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_deals_evenly_and_keeps_qs(name: str) -> None:
    r = preset(name)
    assert count(r.deck) % r.players == 0
    assert r.deck >> 49 & 1  # QS
    assert r.moon_value == count(r.deck & (0x1FFF << 26)) + r.queen_points


@pytest.mark.parametrize(("players", "cycle"), [(3, (1, 2, 0)), (4, (1, 3, 2, 0)), (5, (1, 4, 0)), (6, (1, 5, 0))])
def test_alternating_passing_per_player_count(players: int, cycle: tuple[int, ...]) -> None:
    # left = 1 (next seat in play order), right = n-1, across = n/2 (only with four); then no passing
    r = Rules(players=players)
    assert r.pass_cycle == cycle
    assert [r.pass_offset(i) for i in range(2 * len(cycle))] == list(cycle) * 2


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_named_passing(players: int) -> None:
    assert Rules(players=players, passing="left").pass_cycle == (1,)
    assert Rules(players=players, passing="none").pass_cycle == (0,)
    assert [Rules(players=players, passing="none").pass_offset(i) for i in range(5)] == [0] * 5


def test_explicit_pass_list_cycles() -> None:
    r = Rules.from_json({"players": 5, "passing": [1, 2, 3, 4, 0]})
    assert r.passing == (1, 2, 3, 4, 0)
    assert [r.pass_offset(i) for i in range(7)] == [1, 2, 3, 4, 0, 1, 2]
    assert r.to_json()["passing"] == [1, 2, 3, 4, 0]
    # across for four, twice
    assert Rules.from_json({"passing": [2]}).pass_offset(9) == 2


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_json_round_trip_of_every_preset(name: str) -> None:
    r = preset(name)
    text = json.dumps(r.to_json())
    back = Rules.from_json(json.loads(text))
    assert back == r
    assert (back.deck, back.hand_size, back.lead_card, back.moon_value, back.pass_cycle) == \
        (r.deck, r.hand_size, r.lead_card, r.moon_value, r.pass_cycle)
    assert back.to_json() == r.to_json()


def test_json_form_has_every_rule_and_nothing_derived() -> None:
    keys = set(Rules().to_json())
    assert keys == {"players", "removed", "queen_points", "passing", "pass_count", "qs_breaks_hearts",
                    "points_on_first_trick", "moon", "sun", "jack_of_diamonds", "moon_needs_jack",
                    "target", "ties"}


def test_partial_rules_take_defaults() -> None:
    r = Rules.from_json({"players": 3, "target": 50})
    assert r == Rules(players=3, target=50)
    assert r.removed == ("2D",) and r.queen_points == 13 and r.moon == "others"
    assert Rules.from_json(None) == Rules() == Rules.from_json({})


def test_removed_is_canonical() -> None:
    r = Rules.from_json({"removed": ["2s", "10h", "2c", "3d"]})
    assert r.removed == ("2C", "3D", "TH", "2S")
    assert r.to_json()["removed"] == ["2C", "3D", "TH", "2S"]
    assert card_str(r.lead_card) == "3C"


def test_preset_key_with_overrides() -> None:
    r = Rules.from_json({"preset": "quick-50", "ties": "play-on"})
    assert (r.target, r.ties) == (50, "play-on")
    # changing the player count drops the preset's removed list for the new count's default
    r = Rules.from_json({"preset": "wikipedia-3", "players": 4})
    assert (r.players, r.removed, r.queen_points) == (4, (), 12)


def test_preset_key_keeps_its_deck_when_players_is_repeated() -> None:
    # naming the preset's own player count changes nothing
    assert Rules.from_json({"preset": "five-players", "players": 5}) == preset("five-players")
    assert Rules.from_json({"preset": "wikipedia-3", "players": 3}) == preset("wikipedia-3")


def test_replace() -> None:
    r = preset("five-players")
    assert r.replace(target=50).removed == ("2C", "2D")
    assert r.replace(players=5) == r
    assert r.replace(players=4).removed == ()
    assert r.replace(players=3, removed=["2H"]).removed == ("2H",)


def test_rules_are_immutable_and_hashable() -> None:
    r = Rules()
    with pytest.raises(AttributeError):
        r.players = 5  # type: ignore[misc]
    assert hash(r) == hash(Rules.from_json(r.to_json()))


def _bad(data: Any) -> HeartsError:
    with pytest.raises(HeartsError) as info:
        Rules.from_json(data)
    assert info.value.code == "bad_rules"
    return info.value


def test_unknown_keys_are_rejected_by_name() -> None:
    err = _bad({"players": 4, "moon_mode": "others", "zzz": 1})
    assert "moon_mode" in err.message and "zzz" in err.message
    assert "known" in err.message
    # derived fields are not part of the JSON form either
    assert "deck" in _bad({"deck": 5}).message


@pytest.mark.parametrize(("data", "named"), [
    ({"players": 4, "removed": ["2C"]}, "evenly"),                          # 51 cards for 4
    ({"players": 3, "removed": []}, "evenly"),                              # 52 for 3
    ({"players": 5, "removed": ["2D"]}, "evenly"),
    ({"removed": ["QS", "2C", "2D", "2H"]}, "QS"),                          # Q♠ must stay
    ({"players": 3, "removed": [r + "C" for r in "23456789TJQKA"]}, "club"),  # 39 = 3 x 13, no club
    ({"sun": True, "moon": "off"}, "sun"),                                  # no sun without a moon
    ({"moon_needs_jack": True}, "jack_of_diamonds"),
    ({"jack_of_diamonds": True, "removed": ["JD", "2C", "2D", "2H"]}, "JD"),
    ({"players": 7}, "players"),
    ({"players": 2}, "players"),
    ({"players": "4"}, "players"),
    ({"players": True}, "players"),
    ({"queen_points": -1}, "queen_points"),
    ({"queen_points": 13.0}, "queen_points"),
    ({"pass_count": 13}, "pass_count"),                                     # must keep a card
    ({"pass_count": 0}, "pass_count"),
    ({"players": 6, "pass_count": 8}, "pass_count"),
    ({"passing": "sideways"}, "passing"),
    ({"passing": [1, 4]}, "passing"),                                       # offset 4 with 4 seats
    ({"passing": []}, "passing"),
    ({"passing": [True]}, "passing"),
    ({"moon": "sometimes"}, "moon"),
    ({"ties": "coin"}, "ties"),
    ({"target": 0}, "target"),
    ({"target": "100"}, "target"),
    ({"target": 2**64}, "target"),                                          # a total JavaScript rounds
    ({"sun": "yes"}, "sun"),
    ({"qs_breaks_hearts": 1}, "qs_breaks_hearts"),
    ({"removed": "2C"}, "removed"),
    ({"removed": ["2C", "2C", "2D", "2H"]}, "twice"),
    ({"removed": ["XX", "2D", "2H", "2S"]}, "XX"),
    ({"preset": "nope"}, "nope"),
    ({"preset": ["classic"]}, "preset"),                                    # was a TypeError
    ({"passing": None}, "passing"),                                         # was "'NoneType' ... not iterable"
])
def test_invalid_rules_are_rejected_with_a_clear_message(data: dict[str, Any], named: str) -> None:
    assert named in _bad(data).message


@pytest.mark.parametrize("data", [[], "classic", 4])
def test_rules_must_be_an_object(data: Any) -> None:
    _bad(data)


def test_pass_count_does_not_matter_without_passing() -> None:
    r = Rules(passing="none", pass_count=13)
    assert r.pass_cycle == (0,)


@pytest.mark.parametrize("moon", MOON_MODES)
@pytest.mark.parametrize("ties", TIE_MODES)
def test_every_mode_is_accepted(moon: str, ties: str) -> None:
    r = Rules.from_json({"moon": moon, "ties": ties, "sun": moon != "off"})
    assert (r.moon, r.ties) == (moon, ties)
