"""The game in a same-origin ``<iframe>`` of a given size, driven through a tab of any engine.

A page inside an iframe lays itself out for the frame's size: so a phone's screen (390 x 844, say)
is a frame of that size in every engine, also where the browser's window cannot be that narrow
(WebKitGTK's MiniBrowser stays 447 px wide or more). :class:`FrameTab` is a :class:`~engines.driver.Tab`
whose page is the frame's: it evaluates in the frame's window (its own realm, through the frame's
``eval``, which the game's CSP allows), and clicks and presses as a person does, by the mouse at a
point of the host page over the frame, which every engine's driver can do (their clicks by selector
stay in the top document). Keys go to what has the focus, in the frame once a click put it there.
"""

from __future__ import annotations

import json
from typing import Any

from engines.driver import ClickIntercepted, DriverError, Tab

FRAME_ID = "game"
# The host page: nothing but the frame, at its top left corner, so a phone's frame has its own size (and no
# icon, which the browser would ask the server for).
HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A phone's screen</title><link rel="icon" href="data:,"></head>
<body style="margin: 0"></body></html>
"""
# Show `url` in the frame (made at the given size the first time); the count of its loads so far.
LOAD = """([id, url, width, height]) => {
  let frame = document.getElementById(id);
  if (!frame) {
    frame = document.createElement('iframe');
    frame.id = id;
    frame.title = 'Hearts';
    frame.dataset.loads = '0';
    frame.style.cssText = 'display: block; border: 0';
    frame.addEventListener('load', () => { frame.dataset.loads = String(Number(frame.dataset.loads) + 1); });
    document.body.append(frame);
  }
  [frame.style.width, frame.style.height] = [`${width}px`, `${height}px`];
  const loads = Number(frame.dataset.loads);
  if (url) frame.src = url; else frame.contentWindow.location.reload();
  return loads;
}"""
LOADS = "([id, before]) => Number(document.getElementById(id)?.dataset.loads) > before"
RESIZE = """([id, width, height]) => {
  const frame = document.getElementById(id);
  [frame.style.width, frame.style.height] = [`${width}px`, `${height}px`];
}"""
# A function (its source) called with its argument in the frame's window; its result handed back as JSON
# text (an object of the frame's realm is not one of the top page's, which some drivers cannot hand over).
IN_FRAME = """async ([id, source, arg]) => {
  const value = await document.getElementById(id).contentWindow.eval(`(${source})`)(arg);
  return value === undefined ? 'null' : JSON.stringify(value);
}"""
# The middle of the element in the frame, when nothing else is over it there; else null.
MIDDLE = """(s) => {
  const node = document.querySelector(s);
  const box = node?.getBoundingClientRect();
  if (!box) return null;
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  const top = document.elementFromPoint(x, y);
  return top && (top === node || node.contains(top)) ? [x, y] : null;
}"""
# A point of the frame's viewport as a point of the host page's viewport, scrolled there first when the
# frame (taller than the window, say) has it outside the window.
TO_TOP = """([id, x, y]) => {
  const box = document.getElementById(id).getBoundingClientRect();
  const [left, top] = [box.left + x, box.top + y];
  if (top < 0 || top >= innerHeight || left < 0 || left >= innerWidth) {
    scrollBy(left - innerWidth / 2, top - innerHeight / 2);
    const again = document.getElementById(id).getBoundingClientRect();
    return [again.left + x, again.top + y];
  }
  return [left, top];
}"""
FOCUS_EMPTIED = """(s) => {
  const field = document.querySelector(s);
  field.focus();
  field.value = '';
  return document.activeElement === field;
}"""
LOAD_SECONDS = 180  # a cold start of a slow engine on a busy 2-core machine (engines.game.START_SECONDS)


class FrameTab(Tab):
    """The page in a ``width`` x ``height`` frame on ``host`` (a page of the game's origin) in ``top``; closing it
    closes ``top``. Coordinates (``move_to``, ``press_at``) are the frame's, as the page's own are."""

    def __init__(self, top: Tab, host: str, width: int, height: int) -> None:
        self.top = top
        self.engine = top.engine
        self.host = host
        self.size = (width, height)
        self.shown = False

    def goto(self, url: str) -> None:
        if not self.shown:
            self.top.goto(self.host)
            self.shown = True
        self._load(url)

    def reload(self) -> None:
        self._load("")

    def _load(self, url: str) -> None:
        before = self.top.evaluate(LOAD, [FRAME_ID, url, *self.size])
        self.top.wait_for(LOADS, [FRAME_ID, before], timeout=LOAD_SECONDS, what=f"the frame loaded {url or 'again'}")

    def resize(self, width: int, height: int) -> None:
        """The frame at another size (a phone of another size, or turned): the page lays itself out again."""
        self.size = (width, height)
        self.top.evaluate(RESIZE, [FRAME_ID, width, height])

    def evaluate(self, function: str, arg: Any = None) -> Any:
        return json.loads(self.top.evaluate(IN_FRAME, [FRAME_ID, function, arg]))

    def _click(self, selector: str) -> None:
        middle = self.evaluate(MIDDLE, selector)
        if middle is None:
            raise ClickIntercepted(f"{self.engine}: {selector} in the frame")
        x, y = middle
        self.press_at(x, y, 0)

    def _to_top(self, x: float, y: float) -> tuple[float, float]:
        left, top = self.top.evaluate(TO_TOP, [FRAME_ID, x, y])
        return float(left), float(top)

    def move_to(self, x: float, y: float) -> None:
        self.top.move_to(*self._to_top(x, y))

    def press_at(self, x: float, y: float, wait_ms: int) -> None:
        self.top.press_at(*self._to_top(x, y), wait_ms)

    def press(self, key: str) -> None:
        self.top.press(key)

    def fill(self, selector: str, text: str) -> None:
        if not self.evaluate(FOCUS_EMPTIED, selector):
            raise DriverError(f"{self.engine}: {selector} in the frame takes no focus")
        for character in text:
            self.top.press(character)

    def add_init_script(self, script: str) -> None:
        raise DriverError(f"{self.engine}: a frame's page runs no init script here (the top tab's would run in "
                          "the host page); use a tab of the game's page")

    def take_errors(self) -> list[str]:
        """The frame's errors come with the top tab's: each driver reports those of every frame of its page
        (WebKit's probe, first in the game's page, records them in the origin's sessionStorage, which the
        frame shares with the host page)."""
        return self.top.take_errors()

    def close(self) -> None:
        self.top.close()
