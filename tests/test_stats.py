"""Statistics and the leaderboard score (hearts.table.stats), through the table's JSON commands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hearts.cards import mask_of, parse_card
from hearts.game import hand_result, places
from hearts.rules import PRESETS, Rules
from hearts.table.api import call
from hearts.table.service import TableService
from hearts.table.stats import Stats, hand_leaderboard, moon_stopped, place_bonus
from rewards_play import lowest_cards_match

V1 = '{"matches": 3, "wins": 1, "hands": 41, "moons": 2}'


def cards(text: str) -> int:
    return mask_of(parse_card(name) for name in text.split())


def send(table: TableService, name: str, **payload: Any) -> dict[str, Any]:
    answer = json.loads(call(name, json.dumps(payload), table))
    assert isinstance(answer, dict)
    return answer


def play_to_match_end(table: TableService, answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The person passes and plays its first allowed cards; every answer on the way."""
    answers = [answer]
    for _ in range(1000):
        state = answer["state"]
        if state["stage"] == "match_over":
            return answers
        if state["stage"] == "hand_result":
            answer = send(table, "next_hand")
        elif state["self_to_act"] and state["phase"] == "pass":
            answer = send(table, "pass", cards=[c["card"] for c in state["hand"][:state["pass"]["count"]]])
        elif state["self_to_act"]:
            answer = send(table, "play", card=next(c["card"] for c in state["hand"] if c["legal"]))
        else:
            answer = send(table, "advance")
        assert "error" not in answer, answer
        answers.append(answer)
    raise AssertionError("the match did not end")


def new_table() -> TableService:
    return TableService(clock=lambda: "2026-12-01T09:00:00+00:00")


def play_match(table: TableService, target: int = 1, seed: int = 5, **settings: Any) -> list[dict[str, Any]]:
    rules = {"target": target, **settings.pop("rules", {})}
    return play_to_match_end(table, send(table, "new_match", rules=rules, seed=seed, bots="easy", **settings))


# -- the leaderboard score ------------------------------------------------------------------

def _result(rules: Rules, taken: list[str]) -> Any:
    return hand_result(rules, [cards(t) for t in taken], [1, 1, 1, 10])


def test_a_hand_counts_13_minus_your_points_never_below_zero() -> None:
    rules = Rules()
    result = _result(rules, ["2H 3H", "QS", "4H", ""])
    assert [hand_leaderboard(result, s) for s in range(4)] == [11, 0, 12, 13]


def test_a_moon_you_shot_gives_13_in_either_moon_mode() -> None:
    everything = " ".join(f"{r}H" for r in "23456789TJQKA") + " QS"
    for moon in ("others", "subtract"):
        result = _result(Rules(moon=moon), [everything, "", "", ""])
        assert result.moon is not None and result.moon.seat == 0
        others = 0 if moon == "others" else 13  # the others take 26, or nothing while the shooter subtracts
        assert [hand_leaderboard(result, s) for s in range(4)] == [13, others, others, others]


def test_the_jack_of_diamonds_lowers_your_points_so_raises_the_value() -> None:
    result = _result(PRESETS["omnibus"], ["JD", "2H", "", "QS"])
    assert hand_leaderboard(result, 0) == 23 and hand_leaderboard(result, 1) == 12


def test_a_moon_shot_with_the_jack_of_diamonds_gives_13_raised_by_it_in_either_moon_mode() -> None:
    everything = " ".join(f"{r}H" for r in "23456789TJQKA") + " QS JD"
    for moon in ("others", "subtract"):
        result = _result(PRESETS["omnibus"].replace(moon=moon), [everything, "", "", ""])
        assert result.moon is not None and result.moon.seat == 0
        assert hand_leaderboard(result, 0) == 23  # never less than the J♦ alone gives


def test_place_bonus() -> None:
    assert [place_bonus(p) for p in range(1, 7)] == [30, 15, 5, 0, 0, 0]


def test_the_match_leaderboard_is_the_hands_plus_the_place_bonus() -> None:
    table = new_table()
    end = play_match(table, target=40, seed=8)[-1]["state"]
    assert end["stage"] == "match_over" and len(end["history"]) > 1
    for seat in range(4):
        hands = sum(row["leaderboard"][seat] for row in end["history"])
        assert end["match"]["leaderboard"][seat] == hands + place_bonus(end["match"]["places"][seat])
    for row in end["history"]:
        assert row["leaderboard"] == [13 if row["moon"] and row["moon"]["seat"] == s else max(0, 13 - score)
                                      for s, score in enumerate(row["scores"])]


def test_a_shared_place_gets_that_places_bonus() -> None:
    # Seats 1 and 2 tie for 2nd: both get 15.
    rules = Rules(target=1)
    result = _result(rules, ["", "2H", "3H", "QS"])
    assert places(result.scores) == [1, 2, 2, 4]
    assert [place_bonus(p) for p in places(result.scores)] == [30, 15, 15, 0]


# -- a moon stopped ---------------------------------------------------------------------------

HEARTS = " ".join(f"{r}H" for r in "23456789TJQKA")


@pytest.mark.parametrize(("taken", "stopped"), [
    (["2H", HEARTS.replace("2H ", "") + " QS", "", ""], True),          # one heart kept from the shooter
    (["QS", HEARTS, "", ""], True),                                     # Q♠ kept from the shooter
    (["2H 3H", HEARTS.replace("2H 3H ", "") + " QS", "", ""], True),    # two cards
    (["2H 3H 4H", HEARTS.replace("2H 3H 4H ", "") + " QS", "", ""], False),  # three: no moon attempt stopped
    (["2H", HEARTS.replace("2H 3H ", "") + " QS", "3H", ""], False),    # a third seat took one too
    (["", HEARTS.replace("2H ", "") + " QS", "2H", ""], False),         # someone else stopped it
    (["", HEARTS + " QS", "", ""], False),                              # shot, not stopped
])
def test_a_moon_is_stopped_when_you_took_the_one_or_two_point_cards_the_shooter_missed(
        taken: list[str], stopped: bool) -> None:
    rules = Rules()
    result = _result(rules, taken)
    assert moon_stopped(rules, [cards(t) for t in taken], result, 0) is stopped


def test_a_stopped_moon_counts_the_point_cards_of_the_deck() -> None:
    rules = PRESETS["three-players"]   # 2♦ removed: still 13 hearts and Q♠
    taken = ["2H", HEARTS.replace("2H ", "") + " QS", ""]
    assert moon_stopped(rules, [cards(t) for t in taken], hand_result(rules, [cards(t) for t in taken], [1, 1, 15]), 0)


def test_no_moon_is_stopped_when_the_rules_have_no_moon() -> None:
    # With the moon off (a house rule of seed 003: "ganz ohne Mond") nobody can shoot, so nobody stops one.
    rules = Rules(moon="off")
    taken = ["2H", HEARTS.replace("2H ", "") + " QS", "", ""]
    assert not moon_stopped(rules, [cards(t) for t in taken], _result(rules, taken), 0)


@pytest.mark.parametrize(("taken", "stopped"), [
    (["KS", HEARTS + " QS AS", "", ""], True),                 # K♠ is a moon card: taking it stops the moon
    (["2H", HEARTS.replace("2H ", "") + " QS AS", "KS", ""], False),  # a third seat took K♠: no moon to stop
    (["2H", HEARTS.replace("2H ", "") + " QS KS AS", "", ""], True),
])
def test_a_stopped_moon_counts_the_moon_cards_of_the_rules(taken: list[str], stopped: bool) -> None:
    rules = PRESETS["black-maria"]   # K♠ 10 and A♠ 7: a moon takes them too
    assert moon_stopped(rules, [cards(t) for t in taken], _result(rules, taken), 0) is stopped


# -- booking matches -------------------------------------------------------------------------

def test_a_finished_match_counts_once_with_every_figure() -> None:
    table = new_table()
    answers = play_match(table)
    end = answers[-1]["state"]
    booked = [a for a in answers if "stats_save" in a]
    assert len(booked) == 1 and booked[0] is answers[-1]
    total = send(table, "stats")["stats"]["total"]
    won = 0 in end["match"]["winners"]
    assert total["matches"] == 1 and total["wins"] == int(won) and total["hands"] == 1
    assert total["places"][end["match"]["places"][0] - 1] == 1 and sum(total["places"]) == 1
    assert total["leaderboard"] == end["match"]["leaderboard"][0] == total["best"] == total["worst"]
    assert total["average_points"] == end["history"][0]["scores"][0]
    assert total["queens"] == int(end["seats"][0]["queen"]) and total["jacks"] is None
    assert total["streak"] == total["best_streak"] == int(won)
    stats = send(table, "stats")["stats"]
    assert list(stats["by_players"]) == ["4"] and list(stats["by_level"]) == ["easy"]
    assert stats["by_players"]["4"] == stats["by_level"]["easy"] == total
    assert [(m["score"], m["bots"], m["seed"], m["date"], m["daily"]) for m in stats["top"]] == \
        [(total["leaderboard"], ["easy"] * 3, 5, "2026-12-01T09:00:00+00:00", None)]
    assert stats["recent"] == [{"date": "2026-12-01T09:00:00+00:00", "score": total["leaderboard"],
                                "place": end["match"]["places"][0]}]


def test_same_deal_again_after_the_match_end_does_not_count_the_match_again() -> None:
    table = new_table()
    play_match(table)
    again = send(table, "same_deal_again")
    assert again["state"]["match"]["replay"] is True and again["state"]["match"]["counts"] is False
    answers = play_to_match_end(table, again)
    assert not any("stats_save" in a for a in answers)
    assert send(table, "stats")["stats"]["total"]["matches"] == 1
    # The mark survives a reload.
    resumed = send(table, "resume", save=answers[-1]["save"])
    assert resumed["state"]["match"]["replay"] is True


def test_a_replayed_hand_during_a_match_makes_the_match_not_count() -> None:
    table = new_table()
    first = send(table, "new_match", rules={"target": 1}, seed=5, bots="easy")
    answers = play_to_match_end(table, send(table, "same_deal_again"))
    assert first["state"]["match"]["counts"] is True
    assert answers[-1]["state"]["stage"] == "match_over" and not any("stats_save" in a for a in answers)
    assert send(table, "stats")["stats"]["total"]["matches"] == 0


def test_streaks_best_and_worst_and_the_ten_best_matches() -> None:
    table = new_table()
    ends = [play_match(table, seed=seed)[-1]["state"]["match"] for seed in range(12)]
    stats = send(table, "stats")["stats"]
    scores = [m["leaderboard"][0] for m in ends]
    assert [m["score"] for m in stats["top"]] == sorted(scores, reverse=True)[:10]
    assert stats["total"]["best"] == max(scores) and stats["total"]["worst"] == min(scores)
    assert stats["total"]["leaderboard"] == sum(scores)
    run = best = 0
    for m in ends:
        run = run + 1 if 0 in m["winners"] else 0
        best = max(best, run)
    assert stats["total"]["streak"] == run and stats["total"]["best_streak"] == best
    assert [r["score"] for r in stats["recent"]] == scores


def test_figures_by_player_count_and_opponents_level() -> None:
    table = new_table()
    play_match(table)
    play_match(table, rules={"preset": "three-players", "target": 1})
    play_to_match_end(table, send(table, "new_match", rules={"target": 1}, seed=2, bots=["easy", "normal", "easy"]))
    stats = send(table, "stats")["stats"]
    assert {k: v["matches"] for k, v in stats["by_players"].items()} == {"3": 1, "4": 2}
    assert {k: v["matches"] for k, v in stats["by_level"].items()} == {"easy": 2, "mixed": 1}
    assert stats["total"]["matches"] == 3


def test_matches_against_the_expert_have_a_group_of_their_own_that_is_stored() -> None:
    stats = Stats()
    match = lowest_cards_match(Rules.from_json({"target": 1}))
    tables = [["expert"] * 3, ["strong", "expert", "strong"], ["strong"] * 3, ["expert"] * 3]
    for bots in tables:
        stats.book(match, ["human", *bots], 0, "2026-12-02")
    by_level = stats.view()["by_level"]
    assert {k: v["matches"] for k, v in by_level.items()} == {"strong": 1, "expert": 2, "mixed": 1}
    assert list(by_level) == ["strong", "expert", "mixed"]   # the levels' order, weakest first
    again = Stats.from_text(stats.to_text())
    assert again.view() == stats.view()
    assert sorted(m["bots"] for m in again.top) == sorted(tables)   # each match kept with its bots


def test_the_jack_of_diamonds_is_counted_only_with_its_rule() -> None:
    table = new_table()
    end = play_match(table, rules={"preset": "omnibus", "target": 1})[-1]["state"]
    total = send(table, "stats")["stats"]["total"]
    assert total["jacks"] == int(end["seats"][0]["jack"])


# -- stored text: round trip, migration, corrupt values, reset -----------------------------

def test_the_stored_text_gives_back_the_same_statistics() -> None:
    table = new_table()
    for seed in range(3):
        play_match(table, seed=seed)
    text = send(table, "stats")["stats_save"]
    other = new_table()
    assert send(other, "stats_load", text=text) == send(table, "stats")
    assert Stats.from_text(text).to_text() == text


def test_a_v1_value_is_migrated_without_loss() -> None:
    table = new_table()
    loaded = send(table, "stats_load", text=V1)
    assert loaded["stats"]["total"]["matches"] == 3 and loaded["stats"]["total"]["wins"] == 1
    assert loaded["stats"]["total"]["hands"] == 41 and loaded["stats"]["total"]["moons"]["shot"] == 2
    assert loaded["stats"]["total"]["average_points"] is None
    assert json.loads(loaded["stats_save"])["legacy"] == json.loads(V1)
    play_match(table)
    total = send(table, "stats")["stats"]["total"]
    assert total["matches"] == 4 and total["hands"] == 42
    # An old value missing a counter reads it as 0, as the page did.
    assert send(table, "stats_load", text='{"matches": 2}')["stats"]["total"]["wins"] == 0


@pytest.mark.parametrize("text", [
    "{bad", "[]", "7", '"x"', '{"matches": -1}', '{"matches": 1.5}', '{"matches": true}', '{"games": 1}',
    '{"format": "hearts-stats", "version": 3}', '{"format": "other", "version": 2}',
])
def test_a_corrupt_value_is_refused_and_changes_nothing(text: str) -> None:
    table = new_table()
    send(table, "stats_load", text=V1)
    before = send(table, "stats")
    answer = send(table, "stats_load", text=text)
    assert answer["error"]["code"] == "bad_stats"
    assert send(table, "stats") == before


def _tampered(change: Any) -> str:
    table = new_table()
    play_match(table)
    data = json.loads(send(table, "stats")["stats_save"])
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change", [
    lambda d: d["total"].update(matches=5),                   # places no longer fit
    lambda d: d["total"].pop("queens"),
    lambda d: d["total"].update(extra=1),
    lambda d: d["by_players"].update({"7": d["total"]}),
    lambda d: d["top"][0]["rules"].update(players=9),
    lambda d: d["top"][0].update(bots=["god"] * 3),
    lambda d: d["recent"].append({"date": "", "score": 1, "place": 1}),
    lambda d: d.update(top=d["top"] * 11),
])
def test_a_tampered_value_is_refused(change: Any) -> None:
    assert send(new_table(), "stats_check", text=_tampered(change))["error"]["code"] == "bad_stats"


def test_check_takes_nothing_and_reset_empties() -> None:
    table = new_table()
    play_match(table)
    checked = send(table, "stats_check", text=V1)
    assert json.loads(checked["stats_save"])["legacy"] == json.loads(V1)
    assert send(table, "stats")["stats"]["total"]["matches"] == 1
    reset = send(table, "stats_reset")
    assert reset["stats"]["total"]["matches"] == 0 and reset["stats"]["top"] == []
    assert send(table, "stats_load")["stats"] == reset["stats"]
