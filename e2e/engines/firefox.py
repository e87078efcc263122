"""Debian's Firefox ESR over WebDriver BiDi, through npm puppeteer-core in a Node process of its own.

``firefox_bridge.js`` launches Firefox and answers one JSON request a line (stdin → stdout), so
the Python scenarios drive it like the other engines. Each tab is a browser context of its own;
console errors and page errors (uncaught exceptions, unhandled rejections, also of workers) come
from puppeteer's ``console`` and ``pageerror`` events (BiDi ``log.entryAdded``).
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import IO, Any

from engines.driver import DriverError, Engine, Tab, log_tail

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = Path(__file__).with_name("firefox_bridge.js")
FIREFOX = os.environ.get("HEARTS_FIREFOX", "/usr/bin/firefox-esr")
# No answer within this long means the bridge or Firefox hangs (a cold start takes seconds).
ANSWER_SECONDS = 300
# A card face's image load cut short as the page navigates away while the service worker answers it:
# Chromium drops such a load without a word (and its page guards accept a cancelled image load,
# e2e/conftest.py); Firefox has reported it as an error of the page it leaves ("Failed to load
# ‘…/static/cards/KH.svg’. A ServiceWorker intercepted the request and encountered an unexpected
# error."), seen once in about twenty runs, as a test navigated away from a table just drawn. Not
# the site's failure, so not counted; any other file and any other message still count.
CANCELLED_CARD_FACE = re.compile(r"^page error: Failed to load ‘[^’]*/static/cards/(?:\w+/)?[0-9A-Z]{2,3}\.svg’\. "
                                 r"A ServiceWorker intercepted the request and encountered an unexpected error\.$")


class Bridge:
    """The Node process that drives Firefox: one request, one answer."""

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="hearts-firefox-")
        self.log = tempfile.TemporaryFile(prefix="hearts-firefox-log-")
        self.process = subprocess.Popen(
            ["node", str(BRIDGE), FIREFOX, self.profile], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.log, text=True)
        self.last = 0

    @property
    def pipes(self) -> tuple[IO[str], IO[str]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        return self.process.stdin, self.process.stdout

    def call(self, op: str, **params: Any) -> Any:
        self.last += 1
        stdin, stdout = self.pipes
        stdin.write(json.dumps({"id": self.last, "op": op, **params}) + "\n")
        stdin.flush()
        ready, _, _ = select.select([stdout], [], [], ANSWER_SECONDS)
        line = stdout.readline() if ready else ""
        if not line:
            raise DriverError(f"firefox: no answer to {op} ({self.process.poll()=}): {log_tail(self.log)}")
        answer = json.loads(line)
        assert answer["id"] == self.last, answer
        if "error" in answer:
            raise DriverError(f"firefox: {op} failed: {answer['error']}")
        return answer["value"]

    def close(self) -> None:
        stdin, _ = self.pipes
        stdin.close()  # the bridge closes Firefox and ends
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


class FirefoxTab(Tab):
    engine = "firefox"

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        self.id = int(bridge.call("open"))

    def _call(self, op: str, **params: Any) -> Any:
        return self.bridge.call(op, tab=self.id, **params)

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, function: str, arg: Any = None) -> Any:
        return self._call("evaluate", function=function, arg=arg)

    def _click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def move_to(self, x: float, y: float) -> None:
        self._call("moveTo", x=x, y=y)

    def press_at(self, x: float, y: float, wait_ms: int) -> None:
        self._call("pressAt", x=x, y=y, waitMs=wait_ms)

    def press(self, key: str) -> None:
        self._call("press", key=key)

    def fill(self, selector: str, text: str) -> None:
        self._call("fill", selector=selector, text=text)

    def add_init_script(self, script: str) -> None:
        self._call("initScript", script=script)

    def take_errors(self) -> list[str]:
        return [error for error in map(str, self._call("errors")) if not CANCELLED_CARD_FACE.match(error)]

    def close(self) -> None:
        self._call("close")


class Firefox(Engine):
    name = "firefox"
    webrtc = True

    def __init__(self) -> None:
        self.bridge = Bridge()

    def new_tab(self) -> Tab:
        return FirefoxTab(self.bridge)

    def close(self) -> None:
        self.bridge.close()
