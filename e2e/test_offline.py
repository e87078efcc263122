"""Offline play: after one visit the game starts, plays and autosaves with its server stopped.

Each test runs its own server (offline_support.Site) so it can stop it; every request of
every page must still succeed (served by the service worker), with no console error.
"""

from __future__ import annotations

import hashlib
import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import READY, Table
from offline_support import SETUP, Site, guarded_context, open_table, wait_until_offline_ready


def server_is_down(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=5)
    except urllib.error.URLError:
        return True
    return False


def saved(page: Page) -> dict[str, object]:
    save: dict[str, object] = json.loads(page.evaluate("localStorage.getItem('hearts.save.v1')"))
    return save


def test_every_file_is_precached_with_a_content_revision(dist: Path) -> None:
    """A build step added after the service worker's would leave its files out of the cache.

    Files whose URL names their version (the pinned Pyodide's folder, the content-hashed
    package zip) are precached without a revision: their URL never serves other bytes.
    """
    sw = (dist / "sw.js").read_text()
    entries = dict(re.findall(r'\{url:"([^"]+)",revision:"([0-9a-f]{32})"\}', sw))
    versioned = set(re.findall(r'\{url:"([^"]+)",revision:null\}', sw))
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()} - {"sw.js"}
    assert set(entries) | versioned == files and not set(entries) & versioned
    assert versioned and all(re.fullmatch(r"runtime/pyodide-[0-9.]+/.+|py/(hearts|stdlib)-[0-9a-f]{12}\.zip", f)
                             for f in versioned)
    index = hashlib.md5((dist / "index.html").read_bytes()).hexdigest()  # Workbox's revision: md5
    assert entries["index.html"] == index


def test_plays_offline_after_one_visit(browser: Browser, dist: Path) -> None:
    with Site({"/hearts/": dist}) as site, guarded_context(browser, site) as (context, _):
        first = open_table(context, site.url("/hearts/" + SETUP))
        first.pass_cards()
        first.wait_for_choice()
        hand = first.hand()
        first.page.close()

        site.stop()
        assert server_is_down(site.url("/hearts/"))

        # A new tab: the game starts from the service worker and resumes the autosave.
        table = Table(context.new_page())
        response = table.page.goto(site.url("/hearts/"))
        assert response is not None and response.from_service_worker
        table.page.wait_for_selector(READY, timeout=60_000)
        assert table.hand() == hand
        table.reload()
        assert table.hand() == hand

        # A hand is played to its end; the autosave follows every card.
        table.play_hand()
        expect(table.root).to_have_attribute("data-phase", "over")
        scores = table.scores()
        after_hand = saved(table.page)
        table.reload()
        expect(table.root).to_have_attribute("data-phase", "over")
        assert table.scores() == scores and sum(scores) in (26, 78)
        assert saved(table.page) == after_hand
        table.next_hand()
        assert len(table.hand()) == 13


def test_clear_offline_copy_keeps_the_game(browser: Browser, dist: Path) -> None:
    with Site({"/hearts/": dist}) as site, guarded_context(browser, site) as (context, guards):
        table = open_table(context, site.url("/hearts/" + SETUP))
        page = table.page
        hand, save = table.hand(), saved(page)
        # Something in the cache that no build put there: clearing must remove it.
        page.evaluate("""async () => {
            const name = (await caches.keys()).find((n) => n.startsWith('hearts-'));
            await (await caches.open(name)).put('broken-entry', new Response('broken'));
        }""")

        # Offline, clearing would leave nothing to play with: it refuses and keeps the copy.
        site.stop()
        page.click('[data-action="settings"]')
        page.click('[data-action="clear-offline"]')
        page.click('[data-action="confirm"]')
        expect(page.locator('[data-data-status="error"]')).to_be_visible()
        assert page.evaluate("caches.keys()") != []
        # The one request that failed is the check for a connection (and its console line).
        assert guards.failed and all(failure.endswith("/hearts/sw.js") for failure in guards.failed)
        guards.failed.clear()
        guards.errors = [e for e in guards.errors if "ERR_CONNECTION_REFUSED" not in e]
        page.keyboard.press("Escape")

        site.start()
        page.click('[data-action="settings"]')
        page.click('[data-action="clear-offline"]')
        with page.expect_navigation():
            page.click('[data-action="confirm"]')
        wait_until_offline_ready(page)
        assert table.hand() == hand and saved(page) == save
        assert not page.evaluate("""async () => {
            for (const name of await caches.keys()) {
                if (await (await caches.open(name)).match('broken-entry')) return true;
            }
            return false;
        }""")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_manifest_follows_the_language(page: Page, table: Table, lang: str) -> None:
    table.open(lang=lang)
    expect(page.locator('link[rel="manifest"]')).to_have_attribute("href", f"manifest.{lang}.webmanifest")
    manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())")
    assert manifest["lang"] == lang and manifest["short_name"] == "Hearts"
    assert ("Kartenspiel" in manifest["name"]) == (lang == "de")
