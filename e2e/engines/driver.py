"""The driver interface of the cross-engine suite: what a scenario may do with a page.

A scenario only navigates, clicks, presses keys, fills a field and evaluates JavaScript functions
(given as source text, e.g. ``"(sel) => document.querySelectorAll(sel).length"``), and reads the
page's public test hooks with them. Waiting is polling :meth:`Tab.evaluate` until a function
returns something truthy, the same in every engine. Each engine implements the abstract methods.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import IO, Any

# How often a wait asks the page again (a bound on calls, not a timing the test depends on).
POLL_SECONDS = 0.05
ENGINES = ("chromium", "firefox", "webkit")
VIEWPORT = (1280, 800)
CLICK_SECONDS = 30


def log_tail(log: IO[bytes]) -> str:
    """The end of a driver process's log file: said when the driver fails."""
    log.seek(0)
    return log.read()[-2000:].decode(errors="replace")


class DriverError(RuntimeError):
    """The engine's driver failed to carry out a step (not a failed expectation of the test)."""


class ClickIntercepted(DriverError):
    """Another element (a card still moving, a screen coming) was over the element's middle at the click."""


class Tab(ABC):
    """One page in a fresh profile of its own: empty storage, no service worker, cold caches."""

    engine: str

    @abstractmethod
    def goto(self, url: str) -> None:
        """Navigate to ``url`` and wait for the document's load event."""

    @abstractmethod
    def reload(self) -> None:
        """Reload the page and wait for its load event."""

    @abstractmethod
    def evaluate(self, function: str, arg: Any = None) -> Any:
        """Call the JavaScript function ``function`` (source text) with ``arg`` in the page; a promise is
        awaited; the JSON-like result (``undefined`` as None)."""

    def click(self, selector: str) -> None:
        """Click with the mouse in the middle of the first element that matches ``selector``, once the
        element is there and still (a card dealt in moves away between the driver's aim and its press)
        and the middle is its own (no other element over it), as a person would."""
        deadline = time.monotonic() + CLICK_SECONDS
        while True:
            self.wait_for(CLICKABLE, selector, timeout=CLICK_SECONDS,
                          what=f"{selector} shown, with no other element over its middle")
            try:
                return self._click(selector)
            except ClickIntercepted:
                if time.monotonic() > deadline:
                    raise  # something moved over it between the check and the click, for good

    @abstractmethod
    def _click(self, selector: str) -> None:
        """The engine's mouse click in the middle of the element (checked clickable); raises
        :class:`ClickIntercepted` when the engine finds another element there after all."""

    @abstractmethod
    def move_to(self, x: float, y: float) -> None:
        """Move the mouse to the viewport point (``x``, ``y``) without pressing."""

    @abstractmethod
    def press_at(self, x: float, y: float, wait_ms: int) -> None:
        """Move the mouse to the viewport point (``x``, ``y``), wait ``wait_ms``, then press and release
        the left button there: a person's press on whatever is under that point, moving or not."""

    @abstractmethod
    def press(self, key: str) -> None:
        """Press and release one key on what has the focus: ``Enter``, ``Escape``, ``ArrowRight``, ``1``, ``b``."""

    @abstractmethod
    def fill(self, selector: str, text: str) -> None:
        """Type ``text`` into the (emptied) text field ``selector``."""

    @abstractmethod
    def add_init_script(self, script: str) -> None:
        """Run ``script`` before the page's own scripts on every later navigation of this tab (the tab must
        be showing a page of the game's origin: WebKit keeps the script there)."""

    @abstractmethod
    def take_errors(self) -> list[str]:
        """The console errors, uncaught exceptions and unhandled rejections of the page since the last call."""

    @abstractmethod
    def close(self) -> None:
        """Close the tab and its profile."""

    # -- built on the methods above, the same in every engine --------------------------------------

    def wait_for(self, function: str, arg: Any = None, timeout: float = 60, what: str = "") -> Any:
        """Evaluate ``function`` until it returns something truthy, and return that."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(function, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: not true after {timeout:.0f} s: {what or function[:160]}")
            time.sleep(POLL_SECONDS)

    def count(self, selector: str) -> int:
        return int(self.evaluate("(s) => document.querySelectorAll(s).length", selector))

    def attr(self, selector: str, name: str) -> str | None:
        """The attribute ``name`` of the first element matching ``selector`` (None when absent)."""
        value = self.evaluate("([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null", [selector, name])
        return None if value is None else str(value)

    def text(self, selector: str) -> str:
        return str(self.evaluate("(s) => document.querySelector(s)?.textContent ?? ''", selector))

    def visible(self, selector: str) -> bool:
        return bool(self.evaluate(VISIBLE, selector))

    def wait_visible(self, selector: str, timeout: float = 60) -> None:
        self.wait_for(VISIBLE, selector, timeout, what=f"{selector} visible")

    def wait_gone(self, selector: str, timeout: float = 60) -> None:
        self.wait_for(f"(s) => !({VISIBLE})(s)", selector, timeout, what=f"{selector} hidden or gone")


# Shown: in the layout, not hidden by an ancestor, not in a closed dialog.
VISIBLE = """(s) => {
  const node = document.querySelector(s);
  return !!node && node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden';
}"""


# The element is there, its middle is in the viewport (scrolled there), its box is the same 40 ms
# later (not moving: the driver aims before it presses) and no other element is over its middle.
CLICKABLE = """async (s) => {
  const STILL_MS = 40;
  const node = document.querySelector(s);
  if (!node || node.getClientRects().length === 0) return false;
  node.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const before = JSON.stringify(node.getBoundingClientRect());
  await new Promise((done) => setTimeout(done, STILL_MS));  // not requestAnimationFrame: no frames in a hidden tab
  const box = node.getBoundingClientRect();
  if (JSON.stringify(box) !== before) return false;
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!top && (top === node || node.contains(top));
}"""


class Engine(ABC):
    """A browser engine: opens tabs, each in a fresh profile. ``webrtc``: whether it has RTCPeerConnection."""

    name: str
    webrtc: bool

    def serve(self, dist: Path) -> Path:
        """The folder to serve to this engine for the built game ``dist`` (the build itself unless the engine
        needs an instrumented copy, see :class:`engines.webkit.WebKit`)."""
        return dist

    @abstractmethod
    def new_tab(self) -> Tab:
        """A tab in a new, empty profile."""

    @abstractmethod
    def close(self) -> None:
        """Stop the engine's processes."""
