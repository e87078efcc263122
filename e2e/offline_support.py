"""Support for the offline, update, embedding, install and portability tests.

- :class:`Site`: a static server on 127.0.0.1 that the test itself starts, stops and starts
  again on the same port (the session-wide ``base_url`` server must never go down). It
  serves folders under URL prefixes, e.g. ``{"/site/games/hearts/": dist, "/site/": host}``,
  and answers 404 for everything else.
- :func:`guarded_context`: a fresh browser context (its own storage and service workers)
  with conftest's :class:`Guards` for the Site's origin on every page it opens; the guards
  are checked when the block ends.
- :func:`new_version`: turns a copy of the build into "the next version": a changed file
  and the service worker regenerated exactly as the build does it.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from conftest import READY, ROOT, Guards, Table

SW_READY = "navigator.serviceWorker.controller !== null"


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".webmanifest": "application/manifest+json"}
    mounts: dict[str, Path] = {}

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        for prefix in sorted(self.mounts, key=len, reverse=True):
            if path.startswith(prefix):
                self.directory = str(self.mounts[prefix])
                return super().translate_path("/" + path[len(prefix):])
        return str(Path(self.directory) / "__not_served__")

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Site:
    """Serves ``mounts`` (URL prefix → folder) until :meth:`stop`; :meth:`start` again keeps the port."""

    def __init__(self, mounts: dict[str, Path]) -> None:
        self.handler = type("Handler", (_Handler,), {"mounts": dict(mounts)})
        self.port = 0
        self.server: http.server.ThreadingHTTPServer | None = None
        self.thread: threading.Thread | None = None

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.origin + path

    def start(self) -> Site:
        handler = functools.partial(self.handler, directory=str(ROOT / "e2e"))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        if self.server is None:
            return
        self.server.shutdown()
        self.server.server_close()
        assert self.thread is not None
        self.thread.join(timeout=10)
        self.server = self.thread = None

    def __enter__(self) -> Site:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


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


def wait_until_offline_ready(page: Page) -> None:
    """Wait for the table and for the service worker to control the page (its precache is complete)."""
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_function(SW_READY, timeout=60_000)


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
