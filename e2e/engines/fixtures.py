"""Fixtures of the cross-engine suite (a pytest plugin: e2e/conftest.py names it in ``pytest_plugins``).

``--engine chromium|firefox|webkit`` (default chromium) chooses the engine of e2e/test_engines.py and
e2e/test_engines_phone.py: ``bash tools/test.sh`` runs the whole e2e suite in Chromium, and those files
again in Firefox and in WebKit, in parallel. e2e/test_engines_together.py always uses Chromium and Firefox.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from engines.chromium import Chromium
from engines.driver import ENGINES, Engine, Tab
from engines.firefox import Firefox
from engines.webkit import WebKit
from static_server import StaticServer

GAME = "/hearts/"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--engine", choices=ENGINES, default="chromium",
                     help="browser engine of e2e/test_engines.py and e2e/test_engines_phone.py (default: chromium)")


def start_engine(name: str, request: pytest.FixtureRequest) -> Engine:
    if name == "chromium":
        browser: Browser = request.getfixturevalue("browser")  # pytest-playwright's, shared with the suite
        return Chromium(browser)
    return Firefox() if name == "firefox" else WebKit()


@pytest.fixture(scope="module")
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """The engine chosen by ``--engine``, for one test module."""
    started = start_engine(str(request.config.getoption("--engine")), request)
    try:
        yield started
    finally:
        started.close()


@pytest.fixture(scope="module")
def firefox() -> Iterator[Engine]:
    started = Firefox()
    try:
        yield started
    finally:
        started.close()


@pytest.fixture(scope="module")
def chromium(request: pytest.FixtureRequest) -> Engine:
    return start_engine("chromium", request)


@pytest.fixture
def site(engine: Engine, dist: Path) -> Iterator[StaticServer]:
    """The game (as ``engine`` is served it) under /hearts/ on a server of this test's own: a new origin, so
    nothing of another test (storage, service worker, caches) is there; the test may stop and start it."""
    with StaticServer({GAME: engine.serve(dist)}) as server:
        yield server


def guarded(tab: Tab) -> Iterator[Tab]:
    """Yield the tab; then fail on any console error, uncaught exception or unhandled rejection; close it."""
    try:
        yield tab
        errors = tab.take_errors()
        assert not errors, f"{tab.engine}: errors in the page: {errors}"
    finally:
        tab.close()


@pytest.fixture
def tab(engine: Engine, site: StaticServer) -> Iterator[Tab]:
    """A guarded tab of ``engine`` in a fresh profile. It goes before the test's server stops: a request
    the page still makes then (a service worker's update check) would fail for the server's sake alone."""
    yield from guarded(engine.new_tab())
