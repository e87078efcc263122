"""Updates: a new version deployed to the same folder is offered, never forced, and takes no state.

Build v1 is served from a folder of its own; a hand starts; v2 (a changed file and the
service worker regenerated as the build does it) is copied over v1; a reload still shows v1
(from the cache) with the prompt; only after "Reload now" does v2 run, with the same hand.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from conftest import READY, Table
from offline_support import Site, copy_build, description, guarded_context, new_version, open_table

SETUP = '?setup={"seed":11,"bots":"easy","speed":"instant","clock":0,"rules":{"passing":"none"}}'
BANNER = "#update-banner"


def snapshot(table: Table) -> dict[str, object]:
    """What the player sees of the match, and what the browser keeps of it."""
    return {"hand": table.hand(), "scores": table.scores(), "phase": table.phase,
            "trick": table.page.locator("[data-trick-card]").evaluate_all("n => n.map(e => e.dataset.trickCard)"),
            "save": json.loads(table.page.evaluate("localStorage.getItem('hearts.save.v1')"))}


def md5(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def cached_urls(page: Page) -> list[str]:
    """The game's cache entries as paths relative to the game's folder."""
    urls: list[str] = page.evaluate("""async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith('hearts-precache-'));
        const cache = await caches.open(names[0]);
        return (await cache.keys()).map((r) => r.url.slice(new URL('./', location.href).href.length));
    }""")
    return urls


@contextmanager
def v1_in_play(browser: Browser, dist: Path, tmp_path: Path) -> Iterator[tuple[Table, Path]]:
    """Build v1 served from a folder of its own, a card played, in a guarded context: (table, folder)."""
    folder = copy_build(dist, tmp_path / "hearts")
    with Site({"/hearts/": folder}) as site, guarded_context(browser, site) as (context, _):
        table = open_table(context, site.url("/hearts/" + SETUP))
        table.play_any()
        table.wait_for_choice()
        yield table, folder


def test_new_version_waits_for_the_player(browser: Browser, dist: Path, tmp_path: Path) -> None:
    with v1_in_play(browser, dist, tmp_path) as (table, folder):
        page = table.page
        v1 = description(page)
        before = snapshot(table)

        v2 = tmp_path / "v2"
        copy_build(dist, v2)
        new_version(v2, "v2")
        copy_build(v2, folder)  # deploy v2 over v1

        table.reload()
        expect(page.locator(BANNER)).to_be_visible(timeout=60_000)
        assert description(page) == v1  # still v1: nothing changes before the player agrees
        assert snapshot(table) == before

        with page.expect_navigation():
            page.click('[data-action="update-reload"]')
        page.wait_for_selector(READY, timeout=60_000)
        assert description(page).startswith("v2 ")
        assert snapshot(table) == before
        expect(page.locator(BANNER)).to_have_count(0)
        # The new worker cleaned up on activation: v1's page is gone from the cache, v2's is in it.
        cached = cached_urls(page)
        assert f"index.html?__WB_REVISION__={md5(v2 / 'index.html')}" in cached
        assert f"index.html?__WB_REVISION__={md5(dist / 'index.html')}" not in cached
        assert len(cached) == len(set(cached)) == sum(1 for f in folder.rglob("*") if f.is_file()) - 1  # all but sw.js
        # The hand goes on under v2.
        table.play_any()
        table.wait_for_choice()


def test_a_card_played_just_before_accepting_is_kept(browser: Browser, dist: Path, tmp_path: Path) -> None:
    with v1_in_play(browser, dist, tmp_path) as (table, folder):
        page = table.page
        new_version(folder, "v2")
        table.reload()
        expect(page.locator(BANNER)).to_be_visible(timeout=60_000)
        hand = table.hand()

        # Play and accept at once: the page saves after Python answers, then reloads.
        card = table.legal()[0]
        page.click(f'#hand [data-card="{card}"]')
        with page.expect_navigation():
            page.click('[data-action="update-reload"]')
        page.wait_for_selector(READY, timeout=60_000)
        assert description(page).startswith("v2 ")
        assert table.hand() == [c for c in hand if c != card]


def test_later_keeps_v1_and_asks_again(browser: Browser, dist: Path, tmp_path: Path) -> None:
    with v1_in_play(browser, dist, tmp_path) as (table, folder):
        page = table.page
        v1 = description(page)
        before = snapshot(table)
        new_version(folder, "v2")
        table.reload()
        expect(page.locator(BANNER)).to_be_visible(timeout=60_000)
        page.click('[data-action="update-later"]')
        expect(page.locator(BANNER)).to_have_count(0)
        assert description(page) == v1

        # The waiting version is offered again on the next start.
        table.reload()
        expect(page.locator(BANNER)).to_be_visible(timeout=60_000)
        assert description(page) == v1 and snapshot(table) == before
