"""Pace benchmark (not a test): how long the table takes per card and per trick at each speed.

Plays the first hand of a match against three easy bots in Debian's Chromium at the speeds
named, the person's cards by key as soon as it is their turn, and records in the page the
moment each card lands in the trick (``[data-trick-card]`` added) and the moment a full
trick leaves the table. Prints, per speed, in one run: the median and 90th percentile time
between two cards of bots in one trick (a bot card: its "thinking", its flight and Python's
answer), how long a finished trick stays visible, and the whole hand.

Run: ``nice -n 10 .venv/bin/python tools/bench/pace.py [--speeds calm,normal] [--dist DIR]``
(builds dist/ first unless ``--dist`` names an existing build).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (a sibling script: tools/bench/ is on sys.path)

from static_server import StaticServer  # noqa: E402

# Runs before the page: a timestamp for every card that reaches the trick and every trick that goes.
PROBE = """
window.__pace = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes)
      if (node.dataset?.trickCard) window.__pace.push({t: performance.now(), kind: "card", seat: node.dataset.seat});
    for (const node of change.removedNodes)
      if (node.dataset?.trickCard && !document.querySelector("#trick [data-trick-card]"))
        window.__pace.push({t: performance.now(), kind: "gone"});
  }
}).observe(document, {subtree: true, childList: true});
"""


def play_hand(page: Page) -> None:
    """The person passes and plays the first card that has a key, until the hand's result shows."""
    for _ in range(200):
        if page.locator("#result:not([hidden])").count():
            return
        page.wait_for_function("""() => document.querySelector('#result:not([hidden])') ||
            (document.querySelector('#table').dataset.turn === '0' && document.querySelector('#hand [data-key]'))""",
                               timeout=60_000)
        if page.locator("#result:not([hidden])").count():
            return
        if page.get_attribute("#table", "data-phase") == "pass":
            for key in "123":
                page.keyboard.press(key)
            page.keyboard.press("Enter")
        else:
            page.keyboard.press(str(page.locator("#hand [data-key]").first.get_attribute("data-key")))
        page.wait_for_function("() => document.querySelector('#table').dataset.turn !== '0' || "
                               "document.querySelector('#result:not([hidden])')", timeout=60_000)
    raise AssertionError("the hand did not end")


def figures(marks: list[dict[str, Any]]) -> dict[str, list[float]]:
    bot_gaps, visible = [], []
    previous: dict[str, Any] | None = None
    for mark in marks:
        if mark["kind"] == "card" and previous and previous["kind"] == "card" and mark["seat"] != "0" \
                and previous["seat"] != "0":
            bot_gaps.append(mark["t"] - previous["t"])
        if mark["kind"] == "gone" and previous and previous["kind"] == "card":
            visible.append(mark["t"] - previous["t"])
        previous = mark
    cards = [m["t"] for m in marks if m["kind"] == "card"]
    return {"bot": bot_gaps, "trick": visible, "hand": [cards[-1] - cards[0]] if cards else []}


def pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--speeds", default="slow,calm,normal,fast")
    parser.add_argument("--dist", type=Path)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        dist = args.dist or Path(tmp) / "dist"
        if not args.dist:
            subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(dist)], check=True)
        rows = []
        with StaticServer({"/hearts/": dist}) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for speed in args.speeds.split(","):
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script(PROBE)
                    page = context.new_page()
                    setup = {"seed": 5, "bots": "easy", "speed": speed, "clock": 0}
                    page.goto(server.url("/hearts/?setup=" + urllib.parse.quote(json.dumps(setup))))
                    page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
                    play_hand(page)
                    rows.append((speed, figures(page.evaluate("window.__pace"))))
                    context.close()
            finally:
                browser.close()
    print(f"{'speed':<8} {'bot card median / p90 (s)':>27} {'trick visible median / p90 (s)':>32} {'hand (s)':>9}")
    for speed, f in rows:
        bot = f"{statistics.median(f['bot']) / 1000:.2f} / {pct(f['bot'], 0.9) / 1000:.2f}"
        trick = f"{statistics.median(f['trick']) / 1000:.2f} / {pct(f['trick'], 0.9) / 1000:.2f}"
        print(f"{speed:<8} {bot:>27} {trick:>32} {f['hand'][0] / 1000:>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
