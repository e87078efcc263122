"""The think-time clock, run on Playwright's fake clock (page.clock): no waiting for real seconds."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from conftest import Table
from helpers import Settings, mark_toasts, new_toast

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
    page.clock.fast_forward(GRACE_MS)
    expect(new_toast(page)).to_have_text("Time is up: the computer played for you.")
    expect(page.locator('[data-action="pass"]')).to_be_hidden()
    assert table.wait_for_choice() in ("play", "over")
    assert len(table.hand()) == 13 and page.locator("#hand .card.received").count() == 3
