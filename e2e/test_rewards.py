"""The rewards in the browser (docs/rewards.md): the daily deal is the same for a date in any fresh
browser and another on another date; a challenge made in one browser is played in another, both
results side by side and a reply link, and the same link opened there again shows that result; a
changed challenge link is refused and changes nothing; par shows beside a hand's result; the
statistics show the rating and the achievements."""

from __future__ import annotations

import datetime as dt
import json
import re

from playwright.sync_api import Browser, Page, expect

from conftest import NO_SERVICE_WORKER, READY, Table
from helpers import RECORD_LOG, SAVE_KEY, heard, screen, stored


def fresh(browser: Browser, base_url: str, day: str, **context: object) -> Page:
    """A page in a new browser context (nothing stored) whose clock says ``day`` (UTC noon)."""
    page = browser.new_context(base_url=base_url, **NO_SERVICE_WORKER, **context).new_page()  # type: ignore[arg-type]
    page.clock.set_fixed_time(dt.datetime.fromisoformat(f"{day}T12:00:00+00:00"))
    page.goto("")
    page.wait_for_selector(READY, timeout=60_000)
    return page


def start_daily(page: Page) -> list[str]:
    """From the start screen (a first visit), the daily deal; the person's cards."""
    page.click('#dlg-settings [data-action="daily"]')
    expect(page.locator("#match-info")).to_have_attribute("data-daily-date", re.compile(r"\d{4}-\d\d-\d\d"))
    page.wait_for_selector("#hand [data-card]")
    return Table(page).hand()


def test_the_same_date_deals_the_same_daily_in_two_fresh_browsers_and_another_date_another(
        browser: Browser, base_url: str) -> None:
    first, second, other = (fresh(browser, base_url, day) for day in ("2026-12-01", "2026-12-01", "2026-12-02"))
    cards = [start_daily(first)]
    # Seen too, not only heard: a phone's bar has no room for the match line. (Looked for at once: the message
    # goes after 6 s, which the two other browsers' dailies can take on a loaded machine.)
    expect(first.locator(".toast")).to_contain_text("The first try of the day counts")
    cards += [start_daily(page) for page in (second, other)]
    assert cards[0] == cards[1] and cards[0] != cards[2]
    expect(first.locator("#match-info")).to_have_attribute("data-daily-date", "2026-12-01")
    expect(first.locator("#match-info")).to_contain_text("Dec 1, 2026")  # the day as English writes it
    expect(other.locator("#match-info")).to_have_attribute("data-daily-date", "2026-12-02")
    expect(first.locator("#log")).to_contain_text("Daily deal Dec 1, 2026. 4 hands against three strong")  # heard too
    # The daily button again while today's daily is on: no "start a new match?" that would end the
    # day's counted attempt in a replay; the person is told, and the same hand stays.
    first.click('.bar [data-action="daily"]')
    expect(first.locator(".toast")).to_contain_text("already playing today's daily deal")
    expect(first.locator("dialog[open]")).to_have_count(0)
    assert Table(first).hand() == cards[0]
    screen(first, "rewards-daily-desktop")
    # Before its first hand is over the score sheet has no chart to draw (no line, no target): it says when one comes.
    first.click('.bar [data-action="scores"]')
    expect(first.locator("#dlg-scores")).to_contain_text("The chart of everyone's totals starts after the first hand.")
    expect(first.locator('[data-chart="scores"]')).to_have_count(0)
    # Its four set hands end it, not a target: its rules say so, not the target of 100 that never ends it ...
    expect(first.locator("#dlg-scores .rules-summary")).to_contain_text("The match ends after 4 hands")
    expect(first.locator("#dlg-scores .rules-summary")).not_to_contain_text("Match ends at")
    first.keyboard.press("Escape")
    # ... and after its first hand the chart draws each player's line and no target line.
    Table(first).play_hand()
    first.click('.bar [data-action="scores"]')
    expect(first.locator('[data-chart="scores"] .series polyline')).to_have_count(4)
    expect(first.locator('[data-chart="scores"] line.mark')).to_have_count(0)
    expect(first.locator("#dlg-scores")).not_to_contain_text("starts after the first hand")
    for page in (first, second, other):
        page.context.close()


def test_a_device_clock_far_off_gets_the_daily_refused_in_words_that_name_it(browser: Browser, base_url: str) -> None:
    """A clock reset to 1970 (a dead clock battery): the notice names the date, not "not possible"."""
    page = fresh(browser, base_url, "1970-01-01")
    page.click('#dlg-settings [data-action="daily"]')
    expect(page.locator(".toast")).to_contain_text("this device's clock says 1970-01-01")
    expect(page.locator("#match-info")).not_to_have_attribute("data-daily-date", re.compile("."))
    page.context.close()


def test_a_challenge_made_in_one_browser_is_played_in_another_that_shows_its_result_when_opened_again(
        browser: Browser, base_url: str) -> None:
    sender = browser.new_context(base_url=base_url, **NO_SERVICE_WORKER).new_page()
    table = Table(sender).open(seed=41, bots="easy", lang="en", names=["Anna"])
    dealt = table.hand()
    table.play_hand()
    expect(sender.locator("#result [data-par]")).not_to_have_attribute("data-par", "", timeout=120_000)
    par = sender.locator("#result [data-par]")
    expect(par).to_contain_text("The strong bot in your seat:")
    screen(sender, "rewards-par-desktop")
    sender.click('#result [data-action="challenge"]')
    link = str(sender.locator("[data-challenge-url]").input_value())
    assert "?challenge=" in link
    mine = sender.locator("#result .scores-table tr.me td").nth(1).inner_text()
    # The link opened where it was made: the person's own challenge, said so (the dialog was empty).
    sender.keyboard.press("Escape")
    sender.goto(link)
    sender.wait_for_selector(READY, timeout=60_000)
    expect(sender.locator("#dlg-challenge")).to_contain_text("Your own challenge: 1 hand.")
    sender.click('[data-action="challenge-close"]')

    friend = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844},
                                 **NO_SERVICE_WORKER).new_page()
    # Unreadable lists of the friend's own challenge links and of the challenges played here: each
    # kept aside once, however often it is read.
    friend.goto("")
    friend.evaluate("""localStorage.setItem('hearts.challenges.v1', '["cut');
                       localStorage.setItem('hearts.challenges.results.v1', '[{"cut')""")
    friend.goto(link)
    friend.wait_for_selector(READY, timeout=60_000)
    expect(friend.locator("#dlg-challenge")).to_contain_text("Anna challenges you: 1 hand")
    friend.click('[data-action="challenge-play"]')
    other = Table(friend)
    # The challenge's deal replaces the table the link opened on: a card picked before that is gone.
    dealt_now = """(dealt) => [...document.querySelectorAll('#hand [data-card]')]
        .map((e) => e.dataset.card).join() === dealt.join()"""
    friend.wait_for_function(dealt_now, arg=dealt)
    other.play_hand()
    row = friend.locator('#result [data-challenge-result="1"] td')
    expect(row).to_have_count(3)
    assert row.nth(1).inner_text() == mine.lstrip("+")
    theirs = row.nth(2).inner_text()
    screen(friend, "rewards-challenge-phone")

    # Played to its end without the link dialog, the link opened again shows the friend's result
    # beside Anna's and their reply link; they may play it again.
    friend.goto(link)
    friend.wait_for_selector(READY, timeout=60_000)
    intro = friend.locator("#dlg-challenge")
    expect(intro).to_contain_text("You have played this challenge already")
    expect(intro.locator("thead th")).to_have_text(["Hand", "Anna", "You"])
    expect(intro.locator('[data-challenge-result="1"] td')).to_have_text(["Hand 1", mine.lstrip("+"), theirs])
    expect(intro.locator('[data-action="challenge-copy"]')).to_be_visible()
    reply = str(intro.locator("[data-challenge-url]").input_value())
    assert "?challenge=" in reply and reply != link
    screen(friend, "rewards-challenge-played-phone")
    kept = friend.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('hearts.corrupt.'))
                              .map(k => [k.split('.')[2], localStorage.getItem(k)]).sort()""")
    assert kept == [["challengeResults", '[{"cut'], ["challenges", '["cut']]
    assert len(json.loads(friend.evaluate("localStorage.getItem('hearts.challenges.v1')"))) == 1  # the reply's mark
    assert len(json.loads(friend.evaluate("localStorage.getItem('hearts.challenges.results.v1')"))) == 1
    intro.locator('[data-action="challenge-play"]').click()
    expect(intro).to_be_hidden()
    friend.wait_for_function(dealt_now, arg=dealt)
    assert other.wait_for_choice() in ("pass", "play")

    sender.goto(reply)
    sender.wait_for_selector(READY, timeout=60_000)
    both = sender.locator('#dlg-challenge [data-challenge-result="1"] td')
    expect(both).to_have_count(3)
    assert both.nth(1).inner_text() == mine.lstrip("+")
    # The reply carries the sender's own results, made in this browser: "You", and nobody challenges them.
    expect(sender.locator("#dlg-challenge thead th")).to_have_text(["Hand", "You", "A friend"])
    expect(sender.locator("#dlg-challenge")).not_to_contain_text("challenges you")
    screen(sender, "rewards-challenge-desktop")
    sender.context.close()
    friend.context.close()


def test_a_changed_challenge_link_is_refused_and_changes_nothing(table: Table) -> None:
    page = table.open(seed=42, bots="easy", lang="en").page
    table.play_hand()
    page.click('#result [data-action="challenge"]')
    link = str(page.locator("[data-challenge-url]").input_value())
    page.keyboard.press("Escape")
    before_save, before_hand = stored(page, SAVE_KEY), table.hand()
    code = link.split("?challenge=")[1]
    changed = link.replace(code, code[:15] + ("x" if code[15] != "x" else "y") + code[16:])
    page.goto(changed)
    page.wait_for_selector(READY, timeout=60_000)
    notice = page.locator("#dlg-notice")
    expect(notice).to_contain_text("This challenge link cannot be opened")
    notice.locator('[data-action="notice-ok"]').click()
    assert stored(page, SAVE_KEY) == before_save and table.hand() == before_hand
    assert "challenge=" not in page.url


def test_the_statistics_show_the_rating_and_the_achievements(table: Table) -> None:
    page = table.open(seed=79, bots="easy", lang="en", rules={"target": 1}).page  # the person wins
    page.evaluate(RECORD_LOG)
    table.play_hand()
    # An achievement is said once the hand that earned it is over, not with its last card.
    lines = heard(page)
    earned = [i for i, line in enumerate(lines) if line.startswith("Achievement: ")]
    over = next(i for i, line in enumerate(lines) if line.startswith("Hand 1 over."))
    assert earned and min(earned) > over, lines[over - 2:]
    expect(page.locator("#result [data-par]")).not_to_have_attribute("data-par", "", timeout=120_000)
    page.click('.bar [data-action="stats"]')
    expect(page.locator('[data-stat="rating"]')).to_have_text(re.compile(r"^\d+ ± \d+$"))
    expect(page.locator("[data-achievement]")).to_have_count(20)
    expect(page.locator('[data-achievement="first_win"]')).to_be_visible()
    screen(page, "rewards-stats-desktop", full_page=True)


# The boxes of the achievement's message showing (its slide in over) and of what it must leave in sight: the
# hand's result, each seat.
ACHIEVEMENT_AND_RESULT = """() => {
  const toast = [...document.querySelectorAll('#toasts .toast.gold')]
    .find((n) => n.textContent.startsWith('Achievement:') && !n.getAnimations().length);
  const result = document.querySelector('#result');
  if (!toast || result.hidden) return null;
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {toast: box(toast), kept: [box(result), ...[...document.querySelectorAll('#seats .seat')].map(box)]};
}"""


def test_an_achievement_said_on_a_laptop_leaves_the_hands_result_in_sight(table: Table) -> None:
    """The result fills the middle of a laptop's screen from the bar down: the achievement's message, in its
    own column, covered the result's scores; it stands aside now, clear of the seats too."""
    page = table.open(seed=79, bots="easy", lang="en", rules={"target": 1}).page  # the person wins
    page.set_viewport_size({"width": 1280, "height": 800})
    table.play_hand()
    seen = page.wait_for_function(f"({ACHIEVEMENT_AND_RESULT})()", timeout=30_000).json_value()
    left, top, right, bottom = seen["toast"]
    covered = [k for k in seen["kept"] if left < k[2] and k[0] < right and top < k[3] and k[1] < bottom]
    screen(page, "achievement-beside-result")
    assert covered == [], seen
