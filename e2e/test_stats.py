"""Statistics in the page: figures after a played match, the score chart, a replay that does not
count again, migration of the former counters, reset with a confirmation, a corrupt value."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from conftest import Table
from hearts.table.daily import daily_date, daily_seed
from helpers import corrupt_value_is_kept_aside, stored

STATS_KEY = "hearts.stats.v1"       # static/js/storage.js: the version is inside the value
OLD = {"matches": 3, "wins": 1, "hands": 41, "moons": 2}


def figures(page: Page) -> dict[str, int]:
    """Open the statistics and read the four figures by their hooks; the dialog stays open."""
    page.click('[data-action="stats"]')
    dialog = page.locator("#dlg-stats")
    expect(dialog).to_be_visible()
    return {key: int(dialog.locator(f'[data-stat="{key}"]').inner_text())
            for key in ("matches", "wins", "hands", "leaderboard")}


def close_stats(page: Page) -> None:
    page.click('#dlg-stats [data-action="close-stats"]')
    expect(page.locator("#dlg-stats")).to_be_hidden()


def play_one_hand_match(table: Table, seed: int = 5) -> None:
    table.open(seed=seed, bots="easy", rules={"target": 1})
    table.play_hand()
    expect(table.page.locator('[data-action="play-again"]')).to_be_visible()


# For each seat's line in the score sheet's chart: its colour is one of its seat's avatar's colours.
LINE_AND_AVATAR_COLOURS = """() => [...document.querySelectorAll('[data-chart="scores"] .series polyline')]
  .map(line => {
    const seat = [...line.parentNode.classList].find(c => c.startsWith('seat-')).slice(5);
    const avatar = document.querySelector(`#seats .seat[data-seat="${seat}"] .avatar`);
    return getComputedStyle(avatar).backgroundImage.includes(getComputedStyle(line).stroke);
})"""


def test_a_played_match_counts_once_with_its_figures_and_charts(page: Page, table: Table) -> None:
    play_one_hand_match(table)
    won = page.locator("#result .winners").inner_text() in ("You win!", "You share the win!")
    expect(page.locator('#result [data-chart="match-scores"]')).to_be_visible()

    page.click('[data-action="scores"]')
    sheet = page.locator("#dlg-scores")
    chart = sheet.locator('[data-chart="scores"]')
    expect(chart).to_be_visible()
    assert chart.evaluate("n => n.tagName") == "svg"
    assert chart.locator("polyline").count() == 4
    assert page.evaluate(LINE_AND_AVATAR_COLOURS) == [True] * 4, "each seat's line in its avatar's colour"
    assert chart.locator(".legend text").evaluate_all("ts => ts.map(t => getComputedStyle(t).stroke)") == ["none"] * 4
    score = int(sheet.locator("[data-leaderboard-match]").inner_text())
    # The score sheet says what this score is, in words on the sheet (a tooltip reaches no finger).
    expect(sheet.locator(".lb-line")).to_contain_text("★ Your leaderboard score: hand 1: ")
    expect(sheet.locator(".lb-help")).to_be_visible()
    expect(sheet.locator(".lb-help")).to_contain_text("Each hand gives 13 minus your points in it")
    page.keyboard.press("Escape")

    assert figures(page) == {"matches": 1, "wins": int(won), "hands": 1, "leaderboard": score}
    close_stats(page)

    # Same deal again after the match end: a replay, which does not count again.
    page.click('[data-action="same-deal"]')
    # The old result stays on the table until Python answers: wait for the replayed hand first.
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "over")
    table.play_hand()
    expect(page.locator("#result .leaderboard-line")).to_contain_text("no longer counts")
    assert figures(page)["matches"] == 1
    close_stats(page)
    table.reload()
    assert figures(page) == {"matches": 1, "wins": int(won), "hands": 1, "leaderboard": score}


def test_the_former_counters_are_migrated_then_reset_after_a_confirmation(page: Page, table: Table) -> None:
    table.open(seed=3, bots="easy")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STATS_KEY, json.dumps(OLD)])
    table.reload()
    assert figures(page) == {"matches": 3, "wins": 1, "hands": 41, "leaderboard": 0}
    migrated = json.loads(stored(page, STATS_KEY) or "{}")
    assert migrated["format"] == "hearts-stats" and migrated["legacy"] == OLD  # kept whole

    page.click('#dlg-stats [data-action="stats-reset"]')
    page.click('#dlg-confirm [data-action="cancel"]')
    expect(page.locator('#dlg-stats [data-stat="matches"]')).to_have_text("3")
    page.click('#dlg-stats [data-action="stats-reset"]')
    expect(page.locator("#dlg-confirm")).to_contain_text("Reset all statistics")
    page.click('#dlg-confirm [data-action="confirm"]')
    expect(page.locator('#dlg-stats [data-stat="matches"]')).to_have_text("0")
    close_stats(page)
    table.reload()
    assert figures(page) == {"matches": 0, "wins": 0, "hands": 0, "leaderboard": 0}


def test_a_corrupt_value_is_kept_aside_with_a_notice(page: Page, table: Table) -> None:
    table.open(seed=3, bots="easy")
    bad = '{"format": "hearts-stats", "version": 2, "total": "%%%"}'
    corrupt_value_is_kept_aside(table, STATS_KEY, "stats", bad)
    assert figures(page) == {"matches": 0, "wins": 0, "hands": 0, "leaderboard": 0}
    assert json.loads(stored(page, STATS_KEY) or "{}")["format"] == "hearts-stats"


def test_statistics_and_charts_in_german(page: Page, table: Table) -> None:
    play_one_hand_match(table, seed=8)
    play_one_hand_match(table, seed=10)
    table.open(lang="de", seed=9, bots="easy")
    page.click('[data-action="stats"]')
    dialog = page.locator("#dlg-stats")
    expect(dialog.locator("h2")).to_have_text("Statistik")
    expect(dialog.locator('[data-stat="matches"]')).to_have_text("2")
    chart = dialog.locator('[data-chart="leaderboard"]')
    expect(chart).to_be_visible()
    assert "Ranglistenpunkte" in (chart.get_attribute("aria-label") or "")


def test_the_best_matches_name_a_daily_deal_rather_than_a_target(page: Page, table: Table) -> None:
    """A daily deal's match ends after its four hands: the list says so, not its target (known from its seed)."""
    play_one_hand_match(table, seed=8)
    play_one_hand_match(table, seed=10)
    value = json.loads(stored(page, STATS_KEY) or "{}")
    daily = value["top"][1]
    daily["seed"] = daily_seed(daily_date(daily["date"][:10]))
    # Two dailies on consecutive days long ago: the streak they made is over today, the best stays.
    value["daily"] = {"last": "2020-01-02", "streak": 2, "best_streak": 2, "history": [
        {"date": day, "points": 20, "place": 2, "score": 0} for day in ("2020-01-01", "2020-01-02")]}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STATS_KEY, json.dumps(value)])
    table.reload()
    page.click('[data-action="stats"]')
    rows = page.locator("#dlg-stats .stat-top tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td").nth(1)).to_have_text("Custom · 4 players · to 1")
    expect(rows.nth(1).locator("td").nth(1)).to_have_text("Daily deal")
    expect(page.locator('#dlg-stats [data-stat="daily-streak"]')).to_have_text("0")
    expect(page.locator('#dlg-stats [data-stat="daily-best"]')).to_have_text("2")
