"""Browser tests of the built game in Debian's Chromium (pytest-playwright).

Fixtures every e2e test file can use (stable):

- ``dist`` (session): the built folder. ``tools/build.py`` builds it once per run into a
  temporary folder; ``HEARTS_DIST=/path`` tests an existing build instead.
- ``base_url`` (session): ``dist`` served by a server on a free 127.0.0.1 port under the
  subpath ``/hearts/`` (so every test also proves the build works below a subpath).
  ``page.goto("")`` opens the game.
- ``page`` and ``context`` (pytest-playwright's): a fresh context per test, registering no service
  worker (see ``browser_context_args``); ``offline_support.guarded_context`` makes one that does.
- ``guards`` (autouse): after every test, asserts zero requests to other origins, zero
  failed requests (HTTP status >= 400 or network failure) and zero console errors or page
  errors. ``guards.allow_console(pattern)`` accepts an expected console (or page) error in one test,
  ``guards.allow_failure(pattern)`` an expected failed request ("<failure or status> <url>").
- ``table``: a :class:`Table` helper on ``page``: ``table.open(seed=7, bots="easy",
  rules={"players": 3})`` starts a match with any settings at once (the ``?setup=`` URL
  parameter, documented in docs/protocol.md "Settings in the address"), plus waiting and playing helpers.

Run: ``.venv/bin/python -m pytest e2e`` (e2e/pytest.ini configures it).
"""

from __future__ import annotations

import faulthandler
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, Request, Response

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from static_server import StaticServer  # noqa: E402  (tools/ is not a package)

# A run that tools/test.sh stops at its time limit (SIGTERM) says first where every thread waited.
faulthandler.register(signal.SIGTERM, chain=True)

SUBPATH = "/hearts/"
CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
# From ../shared/STACK-NOTES.md: without the networking flags Chromium floods the closed network.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # V8 runs Pyodide's wasm with its baseline compiler only. Every test's cold start otherwise has
    # TurboFan optimise the interpreter's largest functions, seconds of CPU that a test rarely earns
    # back (the figures: docs/benchmarks.md "The test command"). The page behaves the same (a
    # compiler tier changes speed, not results); the benchmarks (tools/bench/) keep the default.
    # Firefox and WebKit keep their defaults (benchmarks.md says what their switches did).
    "--js-flags=--liftoff-only",
]
READY = 'body[data-ready="1"]'
# The cross-engine suite's --engine option and fixtures (e2e/test_engines.py, docs/development.md "Engines").
pytest_plugins = ["engines.fixtures"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# Contexts made for the table alone pass this (see ``browser_context_args``).
NO_SERVICE_WORKER: dict[str, Any] = {"service_workers": "block"}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The ``page`` fixture's contexts register no service worker (Playwright's ``service_workers="block"``).

    With one, every test's first visit precaches the whole build and then boots Python a second time to
    make the memory snapshot: a quarter of a test's CPU, for a path the tests of the offline copy, the
    update, the start-up, installing, storage and e2e/test_engines.py (in every engine) exercise in
    contexts of their own (``offline_support.guarded_context``), where it registers. The rest of the page
    plays the same without one, as in a browser that offers none. Tests that make contexts of their own
    for the table (two people, a theme, a clock) pass the same option, ``NO_SERVICE_WORKER``."""
    return {**browser_context_args, **NO_SERVICE_WORKER}


@pytest.fixture(scope="session")
def dist() -> Iterator[Path]:
    given = os.environ.get("HEARTS_DIST")
    if given:
        path = Path(given).resolve()
        assert (path / "index.html").is_file(), f"HEARTS_DIST={given} holds no build"
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="hearts-dist-") as tmp:
        out = Path(tmp) / "dist"
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(out)], check=True,
                       stdout=subprocess.DEVNULL)
        yield out


@pytest.fixture(scope="session")
def base_url(dist: Path) -> Iterator[str]:
    """The build served below SUBPATH only, like a host serving it from a folder."""
    with StaticServer({SUBPATH: dist}) as server:
        yield server.url(SUBPATH)


class Guards:
    """What a page did that it must not: foreign requests, failed requests, console errors."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.foreign: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []
        self.allowed_failures: list[re.Pattern[str]] = []

    def allow_console(self, pattern: str) -> None:
        """Accept console errors and page errors (uncaught, also a worker's) that match ``pattern``."""
        self.allowed.append(re.compile(pattern))

    def allow_failure(self, pattern: str) -> None:
        """Accept failed requests whose "<failure or status> <url>" matches ``pattern``."""
        self.allowed_failures.append(re.compile(pattern))

    def _failed(self, what: str) -> None:
        if not any(p.search(what) for p in self.allowed_failures):
            self.failed.append(what)

    def on_request(self, request: Request) -> None:
        url = request.url
        if url.startswith(("data:", "blob:")):
            return
        parts = urllib.parse.urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self._failed(f"{response.status} {response.url}")

    def on_failed(self, request: Request) -> None:
        # The browser cancels a card face's image load when the page navigates (a reload) or the
        # card leaves the DOM: not a failure of the site. A missing file is a 404 (on_response).
        if request.resource_type == "image" and request.failure == "net::ERR_ABORTED":
            return
        # So does the browser's own fetch of the tab's icon (<link rel="icon">) when a test navigates at once.
        if request.failure == "net::ERR_ABORTED" and request.url.endswith("/static/img/icon.svg"):
            return
        # Likewise a worker's download of Pyodide, of the package zip or of its own modules when the page
        # navigates: Python still starting, or the memory snapshot's maker (static/js/boot/snapshot.js,
        # its worker boot/snapshot-worker.mjs) started after a first start.
        python_files = ("/runtime/pyodide-", "/py/hearts-", "/py/stdlib-", "/static/js/boot/")
        if request.failure == "net::ERR_ABORTED" and any(part in request.url for part in python_files):
            return
        self._failed(f"{request.failure} {request.url}")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not any(p.search(message.text) for p in self.allowed):
            self.errors.append(f"console: {message.text}")

    def on_page_error(self, error: Exception) -> None:
        if not any(p.search(str(error)) for p in self.allowed):
            self.errors.append(f"page error: {error}")

    def check(self) -> None:
        assert not self.foreign, f"requests to other origins: {self.foreign}"
        assert not self.failed, f"failed requests: {self.failed}"
        assert not self.errors, f"console errors: {self.errors}"


@pytest.fixture(autouse=True)
def guards(request: pytest.FixtureRequest, base_url: str) -> Iterator[Guards]:
    parts = urllib.parse.urlsplit(base_url)
    g = Guards(f"{parts.scheme}://{parts.netloc}")
    page: Page | None = request.getfixturevalue("page") if "page" in request.fixturenames else None
    if page is not None:
        page.context.on("request", g.on_request)
        page.context.on("response", g.on_response)
        page.context.on("requestfailed", g.on_failed)
        page.on("console", g.on_console)
        page.on("pageerror", g.on_page_error)
    yield g
    if page is not None:
        g.check()


class Table:
    """The game page, driven the way a player would, through the public test hooks."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.root = page.locator("#table")

    def open(self, **setup: Any) -> Table:
        """Start a match with these settings (keys of the settings object, see docs/protocol.md)."""
        setup.setdefault("speed", "instant")
        setup.setdefault("clock", 0)
        query = urllib.parse.quote(json.dumps(setup, separators=(",", ":")))
        self.page.goto(f"?setup={query}")
        self.page.wait_for_selector(READY, timeout=60_000)
        return self

    def reload(self) -> Table:
        self.page.reload()
        self.page.wait_for_selector(READY, timeout=60_000)
        return self

    @property
    def phase(self) -> str:
        return str(self.root.get_attribute("data-phase"))

    @property
    def turn(self) -> int:
        return int(self.root.get_attribute("data-turn") or -1)

    def _cards(self, selector: str) -> list[str]:
        return [str(c) for c in self.page.locator(selector).evaluate_all("n => n.map(e => e.dataset.card)")]

    def hand(self) -> list[str]:
        """The person's cards, in the order shown."""
        return self._cards("#hand [data-card]")

    def legal(self) -> list[str]:
        return self._cards('#hand [data-card][data-legal="true"]')

    def scores(self) -> list[int]:
        cells = self.page.locator("[data-score-seat]").evaluate_all(
            "n => n.map(e => [Number(e.dataset.scoreSeat), Number(e.textContent)])")
        return [score for _, score in sorted(cells)]

    def wait_for_choice(self, timeout: float = 30_000) -> str:
        """Wait until the person has a choice ("pass", "play") or the hand is over ("over")."""
        self.page.wait_for_function(
            """() => {
                const t = document.querySelector('#table');
                if (t.dataset.phase === 'over') return true;
                if (t.dataset.turn !== '0') return false;
                if (t.dataset.phase === 'pass') return !!document.querySelector('[data-action="pass"]:not([hidden])');
                return !!document.querySelector('#hand [data-legal="true"]');
            }""", timeout=timeout)
        return self.phase

    def pass_cards(self, cards: list[str] | None = None) -> None:
        """Pick cards by clicking them (the first ones of the hand by default) and press Pass."""
        count = int(self.page.locator('[data-action="pass"]').inner_text().split("/")[-1])
        for card in cards or self.hand()[:count]:
            self.page.click(f'#hand [data-card="{card}"]')
        self.page.click('[data-action="pass"]')

    def play_any(self) -> str:
        """Click the first legal card and return it."""
        card = self.legal()[0]
        self.page.click(f'#hand [data-card="{card}"]')
        return card

    def next_hand(self) -> None:
        """Press "Next hand" on a hand's result and wait for the new hand."""
        self.page.click('[data-action="next-hand"]')
        self.page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'over'")

    def play_hand(self) -> None:
        """Play by clicks until the hand's result shows."""
        while self.wait_for_choice() != "over":
            if self.phase == "pass":
                self.pass_cards()
            else:
                self.play_any()
        self.page.wait_for_selector("#result:not([hidden])")


@pytest.fixture
def table(page: Page) -> Table:
    return Table(page)
