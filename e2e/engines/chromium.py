"""Debian's Chromium through Playwright (the browser pytest-playwright launches for the whole e2e suite).

Each tab is a new browser context (its own storage, service workers and caches). Console errors
and page errors (uncaught exceptions and unhandled rejections, also of the page's workers) come
from Playwright's ``console`` and ``pageerror`` events.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage

from engines.driver import VIEWPORT, Engine, Tab


class ChromiumTab(Tab):
    engine = "chromium"

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def goto(self, url: str) -> None:
        self.page.goto(url, timeout=180_000)

    def reload(self) -> None:
        self.page.reload(timeout=180_000)

    def evaluate(self, function: str, arg: Any = None) -> Any:
        return self.page.evaluate(function, arg)

    def _click(self, selector: str) -> None:
        self.page.click(selector)

    def move_to(self, x: float, y: float) -> None:
        self.page.mouse.move(x, y)

    def press_at(self, x: float, y: float, wait_ms: int) -> None:
        self.page.mouse.move(x, y)
        self.page.wait_for_timeout(wait_ms)
        self.page.mouse.down()
        self.page.mouse.up()

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def fill(self, selector: str, text: str) -> None:
        self.page.fill(selector, text)

    def add_init_script(self, script: str) -> None:
        self.context.add_init_script(script)

    def take_errors(self) -> list[str]:
        # Playwright hands events over only while the test calls it: a round trip delivers those on the way.
        if not self.page.is_closed():
            self.page.evaluate("0")
        errors, self.errors = self.errors, []
        return errors

    def close(self) -> None:
        self.context.close()


class Chromium(Engine):
    name = "chromium"
    webrtc = True

    def __init__(self, browser: Browser) -> None:
        self.browser = browser

    def new_tab(self) -> Tab:
        width, height = VIEWPORT
        return ChromiumTab(self.browser.new_context(viewport={"width": width, "height": height}))

    def close(self) -> None:
        """The browser belongs to pytest-playwright's session fixture, which closes it."""
