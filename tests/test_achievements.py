"""Achievements (hearts.table.achievements) and what statistics version 3 keeps of them, the rating
and the daily deal; a version 2 value still loads."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest

from conftest import mask
from hearts.game import Hand
from hearts.rules import Rules
from hearts.table.achievements import hand_achievements, match_achievements
from hearts.table.protocol import AchievementId
from hearts.table.stats import ACHIEVEMENT_IDS, Stats
from rewards_play import WHEN, lowest_cards_match, new_table, ok, play_hand, play_match, send

HIGH = "AC KC QC JC AD KD QD AS KS QS AH KH QH"


def _moon_hand(rules: Rules) -> Hand:
    """Seat 0 holds the top cards of every suit and takes every trick: a moon (a sun with its rule)."""
    rest = [c for c in range(52) if not mask(HIGH) >> c & 1]
    hand = Hand(rules, [mask(HIGH), *(sum(1 << c for c in rest[k::3]) for k in range(3))], 0)
    while hand.phase == "play":
        legal = hand.legal()
        hand.play(legal.bit_length() - 1 if hand.turn == 0 else (legal & -legal).bit_length() - 1)
    return hand


def test_a_moon_and_a_sun_are_earned_by_who_shot_them() -> None:
    assert hand_achievements(_moon_hand(Rules()), 0) == ["moon"]
    assert hand_achievements(_moon_hand(Rules(sun=True)), 0) == ["moon", "sun"]  # every point card, every trick
    assert hand_achievements(_moon_hand(Rules()), 1) == []


def test_a_won_match_earns_its_achievements_with_the_date_once() -> None:
    table = new_table()
    answers = play_match(table, ok(table, "new_match", seed=5, bots="strong", rules={"players": 3, "target": 1}))
    end = answers[-1]
    won = 0 in end["state"]["match"]["winners"]
    earned = {a["id"] for a in end.get("achievements", [])}
    assert ({"first_win", "win_3", "win_strong"} <= earned) == won
    assert all(a["date"] == WHEN for a in end.get("achievements", []))
    view = {a["id"]: a["date"] for a in ok(table, "stats")["stats"]["achievements"]}
    assert list(view) == list(ACHIEVEMENT_IDS) and len(view) == 20
    assert {k for k, v in view.items() if v} == earned
    again = play_match(table, ok(table, "new_match", seed=5, bots="strong", rules={"players": 3, "target": 1}))
    assert {a["id"] for a in again[-1].get("achievements", [])} & earned == set()   # never twice


def test_the_variants_and_the_counters() -> None:
    stats = Stats()
    match = lowest_cards_match(Rules.from_json({"preset": "partners", "target": 1}))
    stats.book(match, ["human", "easy", "easy", "easy"], 0, WHEN)
    earned = match_achievements(match, ["human", "easy", "easy", "easy"], 0, stats)
    assert ("win_partners" in earned) == (0 in match.winners())
    assert "hands_100" not in earned and "matches_10" not in earned
    stats.total["hands"], stats.total["matches"] = 100, 10
    assert {"hands_100", "matches_10"} <= set(match_achievements(match, ["human", "easy", "easy", "easy"], 0, stats))


@pytest.mark.parametrize("others, earned", [
    (["strong", "strong", "strong"], True),
    (["expert", "expert", "expert"], True),       # a harder table is no reason to miss it
    (["strong", "expert", "strong"], True),
    (["expert", "normal", "expert"], False),
    (["strong", "human", "strong"], False),
])
def test_win_strong_is_earned_against_strong_or_expert_bots(others: list[str], earned: bool) -> None:
    match = lowest_cards_match(Rules.from_json({"target": 1}))
    winner = match.winners()[0]
    levels = others[:winner] + ["human"] + others[winner:]
    stats = Stats()
    stats.book(match, levels, winner, WHEN)
    assert ("win_strong" in match_achievements(match, levels, winner, stats)) == earned
    loser = next(s for s in range(4) if s not in match.winners())
    assert "win_strong" not in match_achievements(match, levels, loser, stats)


def test_no_achievement_in_the_learn_hand_or_a_replay() -> None:
    table = new_table()
    answers = play_hand(table, ok(table, "new_match", mode="learn"))
    assert all("achievements" not in a and "stats_save" not in a for a in answers)
    ok(table, "new_match", seed=5, bots="easy", rules={"target": 1})
    ok(table, "same_deal_again")
    answers = play_match(table, ok(table, "state"))
    assert all("achievements" not in a and "stats_save" not in a for a in answers)


V2 = {"format": "hearts-stats", "version": 2, "total": None, "by_players": {}, "by_level": {}, "top": [],
      "recent": [], "legacy": None}


def _v2_text() -> str:
    """A version 2 value as the build before the rewards wrote it (one match booked)."""
    stats = json.loads(Stats().to_text())
    return json.dumps({**V2, "total": stats["total"]})


def test_a_version_2_value_loads_with_a_newcomers_rating_and_nothing_earned() -> None:
    table = new_table()
    loaded = ok(table, "stats_load", text=_v2_text())
    assert loaded["stats"]["rating"] == {"rating": 1500.0, "rd": 350.0, "volatility": 0.06, "periods": 0,
                                         "history": []}
    assert all(a["date"] is None for a in loaded["stats"]["achievements"])
    assert loaded["stats"]["daily"] == {"last": None, "streak": 0, "best_streak": 0, "history": []}
    assert json.loads(loaded["stats_save"])["version"] == 3
    assert ok(table, "stats_check", text=_v2_text())["stats_save"] == loaded["stats_save"]


def _v3(change: Any) -> str:
    stats = Stats()
    stats.earn(["moon"], WHEN)
    stats.rate([], WHEN)
    stats.start_daily("2026-12-01")
    stats.book_daily({"date": "2026-12-01", "points": 3, "place": 1, "score": 50}, "2026-11-30")
    data = json.loads(stats.to_text())
    change(data)
    return json.dumps(data, separators=(",", ":"))


def test_a_version_3_value_round_trips() -> None:
    text = _v3(lambda d: None)
    assert Stats.from_text(text).to_text() == text


@pytest.mark.parametrize("change", [
    lambda d: d["achievements"].update(god_mode=WHEN),
    lambda d: d["achievements"].update(moon=""),
    lambda d: d["rating"].update(rd=-1),
    lambda d: d["rating"].update(sigma="x"),
    lambda d: d["rating"].pop("periods"),
    lambda d: d["rating"]["history"].append({"date": WHEN, "rating": 1500}),
    lambda d: d["daily"].update(streak=5),
    lambda d: d["daily"]["history"].append({"date": "2026-12-02", "points": 1, "place": 0, "score": 1}),
    lambda d: d.pop("daily"),
    lambda d: d.update(version=2),    # a version 2 value has none of the new keys
])
def test_a_tampered_version_3_value_is_refused(change: Any) -> None:
    assert send(new_table(), "stats_check", text=_v3(change))["error"]["code"] == "bad_stats"


def test_every_achievement_has_an_id_in_the_protocol() -> None:
    assert ACHIEVEMENT_IDS == get_args(AchievementId) and len(set(ACHIEVEMENT_IDS)) == 20
