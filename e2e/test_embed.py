"""Embedding: a static host site at /site/ mounts the game served from /site/games/hearts/.

The host page is embed/example.html (the documented snippet). In the frame the game plays,
its service worker takes over, saves and settings survive a reload of the host page, and
no request leaves the origin and no console error occurs (guards on every page and frame).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from playwright.sync_api import Browser, Frame, Page, expect

from conftest import READY, ROOT, Table
from helpers import Settings
from offline_support import SNAPSHOT_KEPT, SW_READY, Site, guarded_context, poll

GAME = "/site/games/hearts/"


def host_site(folder: Path, page_html: str | None = None) -> Path:
    """The host's own files: the example page (or another page) and its stylesheet."""
    folder.mkdir()
    shutil.copy(ROOT / "embed" / "example.css", folder / "example.css")
    html = page_html if page_html is not None else (ROOT / "embed" / "example.html").read_text()
    (folder / "index.html").write_text(html)
    return folder


def game_frame(page: Page) -> Frame:
    handle = page.wait_for_selector("[data-hearts-game] iframe")
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    frame.wait_for_selector(READY, timeout=60_000)
    return frame


def stored(frame: Frame, key: str) -> object:
    return json.loads(frame.evaluate(f"localStorage.getItem('{key}')"))


def test_example_page_embeds_a_playable_game(browser: Browser, dist: Path, tmp_path: Path) -> None:
    site = Site({GAME: dist, "/site/": host_site(tmp_path / "host")})
    with site, guarded_context(browser, site) as (context, _):
        page = context.new_page()
        page.goto(site.url("/site/"))
        frame = game_frame(page)
        assert frame.url.startswith(site.url(GAME))
        assert frame.evaluate("document.documentElement.lang") == "en"
        box = page.locator("[data-hearts-game] iframe").bounding_box()
        assert box is not None and round(box["height"]) == 640

        # The first visit greets with the settings: start a match there and play a hand (once the
        # new match is on the table: the hand drawn behind the dialog is another deal's).
        Settings(frame).start()  # type: ignore[arg-type]  # a Frame offers every call Settings makes
        table = Table(frame)  # type: ignore[arg-type]  # a Frame offers every call Table makes
        table.play_hand()
        expect(table.root).to_have_attribute("data-phase", "over")
        scores = table.scores()
        assert sum(scores) in (26, 78)
        frame.wait_for_function(SW_READY, timeout=60_000)
        poll(frame, SNAPSHOT_KEPT)  # made in a worker of its own: a reload meanwhile would abort its downloads
        table.next_hand()
        hand = table.hand()
        settings = stored(frame, "hearts.settings.v1")

        # Saves and settings survive: the host page reloads, the frame resumes the match.
        page.reload()
        frame = game_frame(page)
        table = Table(frame)  # type: ignore[arg-type]
        assert table.hand() == hand and table.scores() == scores
        assert stored(frame, "hearts.settings.v1") == settings
        assert frame.evaluate(SW_READY)


def test_size_and_language_attributes(browser: Browser, dist: Path, tmp_path: Path) -> None:
    html = """<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Verein</title>
<link rel="icon" href="games/hearts/static/img/icon.svg"></head><body>
<div data-hearts-game data-width="720" data-height="31em" data-lang="de" data-title="Hearts spielen"></div>
<script src="games/hearts/embed.js"></script></body></html>"""
    site = Site({GAME: dist, "/site/": host_site(tmp_path / "host", html)})
    with site, guarded_context(browser, site) as (context, _):
        page = context.new_page()
        page.goto(site.url("/site/"))
        frame = game_frame(page)
        iframe = page.locator("[data-hearts-game] iframe")
        expect(iframe).to_have_attribute("title", "Hearts spielen")
        box = iframe.bounding_box()
        font = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        assert box is not None and round(box["width"]) == 720 and round(box["height"]) == round(31 * font)
        assert frame.evaluate("document.documentElement.lang") == "de"
        expect(frame.locator('#dlg-settings [data-action="start"]')).to_have_text("Neue Partie beginnen")
