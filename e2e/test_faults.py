"""Faults seen in other engines, mended for all: a browser without WebRTC, a tab in the background, a
Python worker that fails or stops answering. (A card's hit area while its hover lift runs: e2e/test_engines.py,
in every engine.)

Written against the public hooks only (docs/protocol.md), so a cross-engine driver can run them too.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, Worker, expect

from conftest import READY, Guards, Table
from helpers import HIDDEN
from test_together import Tables, hand_over, join, messages, open_host, play_round, start, tables

__all__ = ["tables"]  # the fixture, from test_together.py

# -- a browser without WebRTC (Debian's WebKitGTK) --------------------------------------------------

NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"


def test_without_webrtc_hosting_says_so_and_offers_pass_and_play(table: Table) -> None:
    page = table.page
    page.add_init_script(NO_WEBRTC)
    table.open()
    page.click('[data-action="host"]')
    dialog = page.locator("#dlg-host")
    expect(dialog).to_contain_text("no WebRTC")
    expect(dialog.locator("[data-invite]")).to_have_count(0)
    dialog.locator('[data-action="pass-and-play"]').click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#dlg-settings")).to_be_visible()  # where a seat becomes a person at this device


def test_without_webrtc_an_invitation_says_so_and_offers_the_game_at_this_device(page: Page) -> None:
    page.add_init_script(NO_WEBRTC)
    page.goto("#join=1.AAAA")
    join = page.locator("#join")
    expect(join).to_contain_text("no WebRTC")
    expect(page.locator("[data-answer]")).to_have_count(0)
    join.locator('[data-action="pass-and-play"]').click()
    page.wait_for_selector(READY, timeout=60_000)  # the game's own page, with Python


# -- a Python worker that fails or hangs ---------------------------------------------------------

RESTARTED = "started again"  # static/locales/en.json errors.restarted


def python_worker(page: Page) -> Worker:
    """PyScript's worker (a blob: URL; the memory snapshot's maker is a file of its own)."""
    return next(w for w in page.workers if w.url.startswith("blob:"))


def _into_play(table: Table) -> list[str]:
    table.wait_for_choice()
    table.pass_cards()
    table.wait_for_choice()
    table.play_any()
    table.wait_for_choice()
    return table.hand()


def test_a_python_worker_that_fails_is_replaced_and_the_match_goes_on(table: Table, guards: Guards) -> None:
    guards.allow_console("test: the worker fails|reading 'onerror'")  # the fault, and PyScript's worker meeting it
    page = table.open(seed=12).page
    hand = _into_play(table)
    failing = python_worker(page)
    # The page ends the failed worker before it starts the next, but the browser may report the
    # new worker before the old one's end: wait for both rather than look at page.workers at once.
    with (
        failing.expect_event("close", timeout=60_000),
        page.expect_worker(lambda w: w.url.startswith("blob:"), timeout=60_000),
    ):
        failing.evaluate("setTimeout(() => { throw new Error('test: the worker fails'); })")  # DevTools protocol
    assert failing not in page.workers
    assert table.hand() == hand  # nothing was in flight: the table stays as it was
    played = table.play_any()  # waits in the queue until the new worker has resumed the autosave
    expect(page.locator(f'#hand [data-card="{played}"]')).to_have_count(0, timeout=60_000)
    table.wait_for_choice()
    assert table.hand() == [card for card in hand if card != played]


def test_a_python_worker_that_stops_answering_is_replaced_losing_only_the_move_in_flight(table: Table) -> None:
    page = table.open(seed=13).page
    hand = _into_play(table)
    python_worker(page).evaluate("close()")  # the worker ends: no answer ever comes
    page.click(f'#hand [data-card="{table.legal()[0]}"]')
    expect(page.locator("#toasts")).to_contain_text(RESTARTED, timeout=90_000)  # after the 30 s limit
    table.wait_for_choice()
    assert table.hand() == hand  # the card on its way was not played
    played = table.play_any()
    expect(page.locator(f'#hand [data-card="{played}"]')).to_have_count(0)


# -- a tab in the background ------------------------------------------------------------------------

SLOW = {"fly": 0.42, "pause": 1.4, "bot": 0.65, "collect": 0.48}  # static/js/animate.js SPEEDS.slow, in seconds


def slow_pace_s(received: list[dict[str, Any]], bots: set[int]) -> float:
    """How long the slow pace alone takes to show these messages: every card flies, every trick
    stays and goes, a bot thinks before its card (the host's pace; a guest's page shows no thinking)."""
    events = [e for m in received if m["type"] == "view" for e in m["events"]]
    plays = [e for e in events if e["type"] == "play"]
    tricks = [e for e in events if e["type"] == "trick"]
    return (len(plays) * SLOW["fly"] + len(tricks) * (SLOW["pause"] + SLOW["collect"])
            + sum(SLOW["bot"] for e in plays if e["seat"] in bots))


def _slow(page: Page) -> None:
    settings = "JSON.stringify({speed: 'slow', clock: 0})"
    page.context.add_init_script(f"localStorage.setItem('hearts.settings.v1', {settings})")


def test_a_hidden_guest_never_slows_the_table_and_catches_up_when_shown(tables: Tables) -> None:
    host, guest = tables.page(), tables.page()
    _slow(guest)
    guest.context.add_init_script(HIDDEN)
    open_host(host, rules={"players": 3}, bots=["easy", "easy"])
    join(host, guest, 1)
    start(host, {1: guest})
    began = time.monotonic()
    play_round([host, guest], hand_over(host))
    took = time.monotonic() - began
    expect(guest.locator("#result")).to_be_visible()
    assert guest.evaluate("window.__moves") == 0  # nothing moved, nothing was waited for
    # What the guest's page showed at its own (slow) pace would have held the table up this long at least.
    assert took < slow_pace_s(messages(guest), set()), took
    # Shown again: the table as the host has it, and the moves show again.
    guest.evaluate("window.__setHidden(false)")
    host_scores = host.locator("[data-score-seat]").evaluate_all("n => n.map(e => e.textContent)")
    assert guest.locator("[data-score-seat]").evaluate_all("n => n.map(e => e.textContent)") == host_scores
    host.click('[data-action="next-hand"]')
    guest.click('[data-action="next-hand"]')
    play_round([host, guest], lambda: host.locator("#trick [data-trick-card]").count() > 0
               or guest.locator("#trick [data-trick-card]").count() > 0)
    guest.wait_for_function("window.__moves > 0")


def test_a_hidden_host_paces_nothing_by_its_timers_or_animations(tables: Tables) -> None:
    host, guest = tables.page(), tables.page()
    _slow(host)
    host.context.add_init_script(HIDDEN)
    open_host(host, rules={"players": 3}, bots=["easy", "easy"], speed="slow")
    join(host, guest, 1)
    start(host, {1: guest})
    began = time.monotonic()
    play_round([host, guest], hand_over(host))
    took = time.monotonic() - began
    assert host.evaluate("window.__moves") == 0
    assert took < slow_pace_s(messages(guest), {2}), took
