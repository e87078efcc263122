"""Support for the offline, update, embedding, install and portability tests.

- :class:`Site` (``tools/static_server.py``): a static server on 127.0.0.1 that the test itself starts, stops and starts
  again on the same port (the session-wide ``base_url`` server must never go down). It
  serves folders under URL prefixes, e.g. ``{"/site/games/hearts/": dist, "/site/": host}``,
  and answers 404 for everything else.
- :func:`guarded_context`: a fresh browser context (its own storage and service workers)
  with conftest's :class:`Guards` for the Site's origin on every page it opens; the guards
  are checked when the block ends.
- :class:`Recording`: a Site's handler that notes every path asked for (``Site(mounts, Recording)``).
- :func:`with_sw_cache_stub`: a copy of the build whose service worker's Cache Storage a test can make
  stop answering or answer late (``SET_SW_CACHE``).
- :func:`new_version`: turns a copy of the build into "the next version": a changed file
  and the service worker regenerated exactly as the build does it.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Frame, Page

from conftest import READY, ROOT, Guards, Table
from static_server import QuietHandler, StaticServer

SW_READY = "navigator.serviceWorker.controller !== null"
# The address of a match the offline, start-up and storage tests open (easy bots, no animation).
SETUP = '?setup={"seed":5,"bots":"easy","speed":"instant","clock":0}'


# Serves URL prefixes from folders, stops and starts again on the same port (tools/static_server.py).
Site = StaticServer


class Recording(QuietHandler):
    """Serves like the Site and notes every path asked for (``Recording.asked``: set it to ``[]`` first)."""

    asked: list[str] = []

    def translate_path(self, path: str) -> str:
        self.asked.append(path)
        return super().translate_path(path)


@contextmanager
def guarded_context(browser: Browser, site: Site, **options: Any) -> Iterator[tuple[BrowserContext, Guards]]:
    """A new context whose pages are guarded like conftest's ``page``; checked at the end of the block."""
    guards = Guards(site.origin)
    context = browser.new_context(accept_downloads=True, **options)
    try:
        watch(context, guards)
        yield context, guards
        guards.check()
    finally:
        context.close()


def watch(context: BrowserContext, guards: Guards) -> None:
    """Attach the guards to a context (requests, also the service worker's) and to each of its pages."""
    context.on("request", guards.on_request)
    context.on("response", guards.on_response)
    context.on("requestfailed", guards.on_failed)

    def on_page(page: Page) -> None:
        page.on("console", guards.on_console)
        page.on("pageerror", guards.on_page_error)

    for page in context.pages:
        on_page(page)
    context.on("page", on_page)


# True once the build makes no memory snapshot or its snapshot is kept (static/js/boot/snapshot.js makes
# it after the first start, in a worker of its own: a reload meanwhile would abort that worker's downloads).
SNAPSHOT_KEPT = """(async () => {
    const { SNAPSHOT_KEY } = await import('./static/js/boot/build.mjs');
    if (!SNAPSHOT_KEY) return true;
    for (const name of await caches.keys())
        if (name.startsWith('hearts-snapshot-') && (await (await caches.open(name)).keys()).length) return true;
    return false;
})()"""


def poll(page: Page | Frame, expression: str, timeout_ms: int = 90_000) -> Any:
    """Evaluate ``expression`` (a promise is awaited) until it is truthy. Not wait_for_function: that takes
    a promise for a truthy value at once."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not (value := page.evaluate(expression)):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout_ms} ms: {expression[:120]}")
        page.wait_for_timeout(250)
    return value


def wait_until_offline_ready(page: Page) -> None:
    """Wait for the table, for the service worker to control the page (its precache is complete) and for
    the memory snapshot the next start restores."""
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_function(SW_READY, timeout=60_000)
    poll(page, SNAPSHOT_KEPT)


def open_table(context: BrowserContext, url: str) -> Table:
    """Open the game in a new tab of ``context``, wait until it works offline and for the person's first choice."""
    table = Table(context.new_page())
    table.page.goto(url)
    wait_until_offline_ready(table.page)
    table.wait_for_choice()
    return table


def copy_build(dist: Path, dest: Path) -> Path:
    """Copy the build into ``dest`` (replacing what is there, like a deployment to the same folder)."""
    shutil.copytree(dist, dest, dirs_exist_ok=True)
    return dest


def new_version(folder: Path, marker: str) -> None:
    """Make the build in ``folder`` a new version: ``marker`` in the page's description, then sw.js anew."""
    index = folder / "index.html"
    html = index.read_text()
    assert '<meta name="description" content="' in html
    index.write_text(html.replace('<meta name="description" content="', f'<meta name="description" content="{marker} '))
    subprocess.run(["node", str(ROOT / "tools" / "sw" / "generate.mjs"), str(folder)], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)


def description(page: Page) -> str:
    return str(page.locator('meta[name="description"]').get_attribute("content"))


# The service worker's Cache Storage stopping or answering late (Cache Storage has been seen stuck in
# WebKit's workers: promises that never settle). Put into a copy of the build before the guard
# (static/js/sw-guard.js), which then wraps it as it wraps the browser's own. The page switches it
# on with SET_SW_CACHE once the offline copy is complete, so the install is as always: "stuck"
# (no lookup ever answers) or "late-page" (the page's own file, index.html, answers after 6 s, later
# than the guard waits).
# SET_SW_CACHE answers {mode, held: lookups held so far, worker: a random id of the worker's run}: a
# browser that gives up on a worker holding its pages (Firefox and WebKit do after a minute or so)
# starts a new one or none.
SW_CACHE_STUB = """(() => {
  const match = CacheStorage.prototype.match;
  const worker = Math.random();
  let mode = "";
  let held = 0;
  self.addEventListener("message", (event) => {
    if (event.data?.type !== "TEST_CACHE") return;
    mode = event.data.mode;
    event.ports[0].postMessage({ mode, held, worker });
  });
  CacheStorage.prototype.match = function (key, options) {
    if (mode === "stuck") {
      held += 1;
      return new Promise(() => {});
    }
    if (mode === "late-page" && String(key.url ?? key).includes("/index.html")) {
      held += 1;
      return new Promise((resolve) => setTimeout(resolve, 6000)).then(() => match.call(this, key, options));
    }
    return match.call(this, key, options);
  };
})();
"""
# Sets the stub's mode in the service worker that controls the page; answers as the stub does.
SET_SW_CACHE = """(mode) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = ({ data }) => resolve(data);
  navigator.serviceWorker.controller.postMessage({ type: "TEST_CACHE", mode }, [channel.port2]);
})"""


def with_sw_cache_stub(dist: Path, dest: Path) -> Path:
    """A copy of the build in ``dest`` with SW_CACHE_STUB in its service worker."""
    folder = copy_build(dist, dest)
    guard = folder / "static/js/sw-guard.js"
    guard.write_text(SW_CACHE_STUB + guard.read_text())
    new_version(folder, "cache-stub")  # sw.js anew: it precaches the changed guard
    return folder
