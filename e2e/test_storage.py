"""Storage refused or full: the game plays on, says once that it cannot save, and keeps the last
good save (and the view kept with it for the next start's preview).

Storage is stubbed in the page before the game loads, as some private modes and full profiles
behave: ``localStorage.setItem`` throwing ``QuotaExceededError``, ``localStorage`` itself throwing
``SecurityError``, no Cache Storage; and the origin's quota cut down (DevTools protocol) so the
service worker's precache and the memory snapshot cannot be kept.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import READY, Table
from helpers import play_until_over, plays, stored
from offline_support import SET_SW_CACHE, SETUP, Site, guarded_context, open_table, with_sw_cache_stub

QUOTA_FULL = """Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};"""
BLOCKED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});"""
NO_CACHE_STORAGE = """Object.defineProperty(window, "caches", { value: undefined, configurable: true });"""
CANNOT_SAVE = "does not let the game save"
VIEW_KEY = "hearts.view.v1"  # static/js/boot/preview.js


# Every line the live log ever showed (it keeps only the last 60), in window.__logLines.
LOG_RECORDER = """addEventListener("DOMContentLoaded", () => {
  window.__logLines = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) window.__logLines.push(node.textContent);
  }).observe(document.querySelector("#log"), { childList: true });
});"""


def said_cannot_save(page: Page) -> int:
    """How many lines of the live log said that the game cannot save."""
    return int(page.evaluate("(text) => window.__logLines.filter((line) => line.includes(text)).length", CANNOT_SAVE))


@pytest.mark.parametrize("refusal", [QUOTA_FULL, BLOCKED + NO_CACHE_STORAGE], ids=["quota-full", "blocked"])
def test_the_game_plays_a_whole_hand_when_storage_refuses_and_says_so_once(table: Table, refusal: str) -> None:
    table.page.add_init_script(LOG_RECORDER + refusal)
    table.open(seed=4)
    play_until_over(table)
    table.next_hand()
    table.wait_for_choice()
    assert said_cannot_save(table.page) == 1


def test_a_full_storage_keeps_the_last_good_save_and_its_view(table: Table) -> None:
    page = table.page
    table.open(seed=8)
    table.wait_for_choice()
    table.pass_cards()
    table.wait_for_choice()
    good_save, good_view, hand = stored(page), stored(page, VIEW_KEY), table.hand()
    assert good_save is not None and good_view is not None

    page.add_init_script(LOG_RECORDER + QUOTA_FULL)  # from the next load on, every write is refused
    table.reload()
    assert table.hand() == hand
    for _ in range(3):
        table.wait_for_choice()
        table.play_any()
    table.wait_for_choice()
    assert said_cannot_save(page) == 1
    assert (stored(page), stored(page, VIEW_KEY)) == (good_save, good_view)

    # A new tab whose storage works again resumes that save.
    fresh = Table(page.context.new_page())
    page.close()
    fresh.page.goto("")
    fresh.page.wait_for_selector(READY, timeout=60_000)
    assert fresh.hand() == hand


def test_no_room_for_the_offline_copy_nor_the_snapshot_and_the_game_plays_on(table: Table) -> None:
    page = table.page
    table.open(seed=6)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": str(page.evaluate("location.origin")), "quotaSize": 200_000})
    page.evaluate("""async () => {  // a fresh start under the small quota: no service worker, no cache yet
        for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
        for (const name of await caches.keys()) await caches.delete(name);
    }""")
    # The memory snapshot's maker waits up to 30 s for a service worker that never comes, then
    # finds no room for the snapshot: it says so (a warning) and the next start boots without one.
    with page.expect_console_message(lambda m: "snapshot not kept" in m.text, timeout=120_000):
        table.reload()
        play_until_over(table)
    assert not page.evaluate("navigator.serviceWorker.controller")
    table.reload()  # from the autosave in localStorage, with no offline copy kept
    expect(page.locator("#result")).to_be_visible()


# The service worker's Cache Storage answering late (e2e/test_engines.py has a cache that never
# answers, in every engine): offline, the game still starts from it.
def test_a_service_worker_whose_cache_answers_late_still_starts_the_game_offline(
        browser: Browser, dist: Path, tmp_path: Path) -> None:
    folder = with_sw_cache_stub(dist, tmp_path / "hearts")
    with Site({"/hearts/": folder}) as site, guarded_context(browser, site) as (context, guards):
        table = open_table(context, site.url("/hearts/" + SETUP))
        hand = table.hand()
        stub = table.page.evaluate(SET_SW_CACHE, "late-page")  # 6 s for the page's own file
        site.stop()
        # The guard asks the network beside the late lookup and the next ones: refused (the server is
        # gone) or cancelled (the cache answered first).
        guards.allow_failure(r"^net::(ERR_CONNECTION_REFUSED|ERR_ABORTED) ")
        table.reload()
        assert table.hand() == hand
        after = table.page.evaluate(SET_SW_CACHE, "late-page")
        assert after["worker"] == stub["worker"] and after["held"] > 0, (stub, after)
        plays(table)
