"""The think-time clock, run on Playwright's fake clock (page.clock): no waiting for real seconds."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import Table
from helpers import HIDDEN, Settings, mark_toasts, new_toast, spoken_name

GRACE_MS = 10_000  # static/js/clock.js: after the chosen time, 10 s of grace


def test_when_the_time_is_up_the_computer_passes_for_the_person(table: Table) -> None:
    page = table.page
    page.clock.install()  # the page's timers and performance.now() run on a clock the test can move on
    table.open(seed=95, bots="easy")  # clock off
    clock = page.locator("#clock")
    expect(clock).to_be_hidden()
    settings = Settings(page).open()
    offered = settings.control("Think-time clock").locator("option").evaluate_all("n => n.map(o => Number(o.value))")
    shortest = min(s for s in offered if s > 0)
    settings.select("Think-time clock", f"{shortest} s")
    settings.done()
    expect(clock).to_be_visible()
    expect(clock).to_have_text(re.compile(r"^\d+ s$"))
    assert 0 < int(clock.inner_text().split()[0]) <= shortest
    # The settings dialog holds the clock until it has closed and its change is applied, which takes real
    # time: move the fake clock a second at a time until the clock runs, then to the end of the chosen time.
    for _ in range(60):
        page.clock.run_for(1000)
        left = int(clock.inner_text().split()[0])
        if left < shortest:
            break
    page.clock.fast_forward(left * 1000)
    expect(clock).to_have_class("clock grace")
    mark_toasts(page)
    dealt = table.hand()
    page.clock.fast_forward(GRACE_MS)
    toast = new_toast(page)
    expect(toast).to_contain_text("Time is up: the computer passed ")
    expect(page.locator('[data-action="pass"]')).to_be_hidden()
    assert table.wait_for_choice() in ("play", "over")
    assert len(table.hand()) == 13 and page.locator("#hand .card.received").count() == 3
    # The cards it passed are named: to the eye (each card drawn) and in the live log, in the hand's order.
    passed = [card for card in dealt if card not in table.hand()]
    names = ", ".join(spoken_name(card) for card in passed)
    expect(page.locator("#log p").filter(has_text="Time is up")).to_have_text(
        f"Time is up: the computer passed {names} for you.")
    expect(toast).to_have_text(f"Time is up: the computer passed {' '.join(spoken_name(c) for c in passed)} for you.")


def seconds_left(table: Table) -> int:
    return int(table.page.locator("#clock").inner_text().split()[0])


def test_the_clock_stands_still_while_a_learn_tip_is_read(table: Table) -> None:
    """The learn hand waits until its tip is read: so does the clock (it ran out behind the tip, and the
    computer passed for the person before they had read how to pass)."""
    page = table.page
    page.clock.install()
    table.open(mode="learn", lang="en", clock=30)
    tip = page.locator("[data-tip]")
    expect(tip).to_be_visible()
    expect(page.locator("#clock")).to_be_visible()
    left = seconds_left(table)
    page.clock.run_for(45_000)
    expect(tip).to_be_visible()
    assert seconds_left(table) == left
    page.keyboard.press("Enter")  # read: the time runs again
    page.clock.run_for(5_000)
    assert seconds_left(table) < left


def test_the_clock_stands_still_while_the_page_is_hidden(table: Table) -> None:
    """Another app in front (the page hidden) at a table of this device alone: the time waits for the
    person to come back; the computer does not play for them meanwhile."""
    page = table.page
    page.add_init_script(HIDDEN)
    page.clock.install()
    table.open(seed=95, bots="easy", clock=30)
    page.evaluate("window.__setHidden(false)")
    clock = page.locator("#clock")
    expect(clock).to_be_visible()
    page.clock.run_for(2_000)
    left = seconds_left(table)
    assert left < 30
    mark_toasts(page)
    page.evaluate("window.__setHidden(true)")
    page.clock.run_for(60_000)
    page.evaluate("window.__setHidden(false)")
    page.clock.run_for(250)
    assert seconds_left(table) == left
    expect(page.locator('[data-action="pass"]')).to_be_visible()
    assert page.locator("#toasts .toast:not([data-seen])").count() == 0
