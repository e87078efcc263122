"""The daily deal (hearts.table.daily): the date picks deals and bots, one counted attempt a day, the streak."""

from __future__ import annotations

import json

import pytest

from hearts.deal import SplitMix64, match_deal_number
from hearts.table.daily import daily_date, daily_of, daily_seed, daily_table, previous_day
from hearts.table.service import TableService
from hearts.table.stats import Stats
from rewards_play import new_table, ok, play_hand, play_match, send

DAY = "2026-12-01"


def test_the_date_picks_the_seed_the_deals_and_the_bots_as_documented() -> None:
    table = daily_table(daily_date("2025-01-31"))
    seed = SplitMix64(20250131).next()
    assert table.seed == daily_seed(daily_date("2025-01-31")) == seed
    assert [d.number for d in table.deals] == [match_deal_number(seed, k) for k in range(4)]
    assert [d.pass_offset for d in table.deals] == [1, 3, 2, 0]
    assert table.bots == ("strong", "strong", "strong") and table.rules.players == 4


def test_a_match_seed_names_its_daily_deal_by_the_day_it_ended_or_the_day_before() -> None:
    seed = daily_seed(daily_date(DAY))
    assert daily_of(seed, ["not a day", DAY]) == DAY
    assert daily_of(seed, ["2026-12-02"]) == DAY   # begun before midnight UTC
    assert daily_of(seed, ["2026-12-03", "2026-11-30"]) is None
    assert daily_of(seed + 1, [DAY, "2026-12-02"]) is None


@pytest.mark.parametrize("date", ["2025-1-31", "2025-02-30", "31.01.2025", 20250131, None, ""])
def test_a_bad_date_is_refused_and_the_table_stays(date: object) -> None:
    table = new_table()
    ok(table, "new_match", seed=3, bots="easy")
    before = ok(table, "save")
    for command in ("daily_info", "new_daily"):
        assert send(table, command, date=date)["error"]["code"] == "bad_request"
    assert ok(table, "save") == before


@pytest.mark.parametrize("date", ["1970-01-01", "1999-12-31", "3001-06-01"])
def test_a_day_the_clock_cannot_mean_is_named_with_the_date_and_the_table_stays(date: str) -> None:
    """The page sends its device's clock: a clock reset to 1970 gets words that say so (``bad_date``)."""
    table = new_table()
    ok(table, "new_match", seed=3, bots="easy")
    before = ok(table, "save")
    for command in ("daily_info", "new_daily"):
        error = send(table, command, date=date)["error"]
        assert (error["code"], error["params"]["date"]) == ("bad_date", date)
    assert ok(table, "save") == before


def test_the_same_day_deals_the_same_cards_and_the_bots_play_the_same_in_two_tables() -> None:
    first, second, other = new_table(), new_table(), new_table()
    one = play_hand(first, ok(first, "new_daily", date=DAY))
    two = play_hand(second, ok(second, "new_daily", date=DAY))
    assert [a["events"] for a in one] == [a["events"] for a in two]
    assert one[0]["state"]["hand"] == two[0]["state"]["hand"]
    elsewhere = ok(other, "new_daily", date="2026-12-02")["state"]
    assert elsewhere["deal_number"] != one[0]["state"]["deal_number"]
    assert elsewhere["hand"] != one[0]["state"]["hand"]


def test_one_counted_attempt_a_day_four_hands_the_result_and_the_streak() -> None:
    table = new_table()
    assert ok(table, "daily_info", date=DAY)["counts"] is True
    started = ok(table, "new_daily", date=DAY)
    assert started["state"]["daily"] == {"date": DAY, "counted": True, "hands": 4}
    assert json.loads(started["stats_save"])["daily"]["last"] == DAY   # the attempt is kept at once
    answers = play_match(table, started)
    end = answers[-1]
    assert end["state"]["stage"] == "match_over" and len(end["state"]["history"]) == 4
    assert [a["state"]["stage"] for a in answers].count("hand_result") == 3
    stats = ok(table, "stats")["stats"]
    result = {"date": DAY, "points": end["state"]["totals"][0], "place": end["state"]["match"]["places"][0],
              "score": end["state"]["match"]["leaderboard"][0]}
    assert stats["daily"] == {"last": DAY, "streak": 1, "best_streak": 1, "history": [result]}
    assert stats["total"]["matches"] == 1
    assert [m["daily"] for m in stats["top"]] == [DAY]   # the list says "daily deal", not its rules' target
    assert {a["id"] for a in end["achievements"]} >= {"daily_first"}
    info = ok(table, "daily_info", date=DAY)
    assert info["counts"] is False and info["result"] == result and info["streak"] == 1
    assert ok(table, "daily_info", date="2026-12-02")["streak"] == 1
    assert ok(table, "daily_info", date="2026-12-03")["streak"] == 0   # a day was missed


def test_a_second_attempt_is_a_replay_that_changes_no_statistics() -> None:
    table = new_table()
    ok(table, "new_daily", date=DAY)
    stored = ok(table, "stats")["stats_save"]
    again = ok(table, "new_daily", date=DAY)
    assert again["state"]["daily"]["counted"] is False and "stats_save" not in again
    answers = play_match(table, again)
    assert all("stats_save" not in a and "achievements" not in a for a in answers)
    assert ok(table, "stats")["stats_save"] == stored
    assert ok(table, "daily_info", date="2026-11-30")["counts"] is False   # no going back to an earlier day


def test_a_daily_resumes_as_the_daily_and_same_deal_again_makes_it_a_replay() -> None:
    table = new_table()
    answers = play_hand(table, ok(table, "new_daily", date=DAY))
    save = answers[-1]["save"]
    other = new_table()
    resumed = ok(other, "resume", save=save)
    assert resumed["state"]["daily"] == answers[-1]["state"]["daily"]
    assert ok(other, "next_hand")["state"]["deal_number"] == str(daily_table(daily_date(DAY)).deals[1].number)
    again = ok(table, "same_deal_again")
    assert again["state"]["daily"]["counted"] is False and again["state"]["match"]["counts"] is False
    tampered = json.loads(save)
    tampered["date"] = "2026-12-02"
    assert send(other, "resume", save=json.dumps(tampered))["error"]["code"] == "bad_save"


def test_the_streak_counts_days_in_a_row() -> None:
    stats = Stats()
    for day, before in (("2026-12-01", "2026-11-30"), ("2026-12-02", "2026-12-01"), ("2026-12-04", "2026-12-03"),
                        ("2026-12-05", "2026-12-04")):
        assert stats.daily_counts(day)
        stats.start_daily(day)
        assert not stats.daily_counts(day)
        stats.book_daily({"date": day, "points": 10, "place": 1, "score": 40}, before)
        stats = Stats.from_text(stats.to_text())
    assert (stats.daily["streak"], stats.daily["best_streak"]) == (2, 2)


def dailies_finished_on(*days: str) -> TableService:
    """A table whose statistics hold a finished counted daily on each of ``days``."""
    stats = Stats()
    for day in days:
        stats.start_daily(day)
        stats.book_daily({"date": day, "points": 10, "place": 1, "score": 40}, previous_day(day))
    table = new_table()
    ok(table, "stats_load", text=stats.to_text())
    return table


@pytest.mark.parametrize(("today", "streak"), [
    ("2026-12-02", 2),   # the day of the last daily
    ("2026-12-03", 2),   # the next day: today's daily would carry it on
    ("2026-12-04", 0),   # a day was missed
    ("2026-12-01", 0),   # a clock set back before the last daily
])
def test_the_statistics_give_the_daily_streak_as_of_the_persons_day(today: str, streak: int) -> None:
    table = dailies_finished_on("2026-12-01", "2026-12-02")
    daily = ok(table, "stats", date=today)["stats"]["daily"]
    assert (daily["streak"], daily["best_streak"]) == (streak, 2)
    assert ok(table, "daily_info", date=today)["streak"] == streak   # one streak, whichever command asks
    assert json.loads(ok(table, "stats", date=today)["stats_save"])["daily"]["streak"] == 2   # stored as it was


def test_the_statistics_without_a_date_give_the_stored_streak_up_to_the_last_daily() -> None:
    """An earlier page asks ``stats`` without the date (and asked ``daily_info`` for today's streak)."""
    table = dailies_finished_on("2026-11-01", "2026-11-02", "2026-11-03")
    assert ok(table, "stats")["stats"]["daily"]["streak"] == 3


def test_the_statistics_take_any_calendar_day_and_refuse_text_that_is_none() -> None:
    """A clock reset to 1970 cannot start a daily (``bad_date``), but it must not hide the statistics."""
    table = dailies_finished_on("2026-12-01")
    assert send(table, "daily_info", date="1970-01-01")["error"]["code"] == "bad_date"
    assert ok(table, "stats", date="1970-01-01")["stats"]["daily"]["streak"] == 0
    assert ok(table, "stats", date="0001-01-01")["stats"]["daily"]["streak"] == 0   # no day before it to reach
    for date in ("2026-12-32", "today", None, 20261201):
        assert send(table, "stats", date=date)["error"]["code"] == "bad_request"
