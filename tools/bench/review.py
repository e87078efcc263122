"""Review benchmark (not a test): how long the end-of-hand review takes, on CPython and in Chromium.

Prints, in one run:

- CPython: for each of ``--hands`` finished hands (classic rules, the person played by the
  strong bot's hint, three normal bots), the time of the pass verdict and of the 13 play
  verdicts (a 13-card review), at the review's fixed budget (``hearts.bots.review.REVIEW_BUDGET_MS``);
  median and 95th percentile per decision and per 13-card review;
- the browser: the same kind of hands played at instant speed on the built page; from the
  click on Review to the first verdict and to the last of 13 (passing off), and the longest
  main-thread task meanwhile (the page must not block: the verdicts are computed in the worker).

Run: ``nice -n 10 .venv/bin/python tools/bench/review.py [--hands N] [--browser-hands N] [--dist DIR]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
from browser import PROBE, open_match, p95, play_first_legal, served_chromium  # noqa: E402  (tools/bench is not a package)
from rows import print_rows  # noqa: E402  (tools/bench is not a package)

from hearts.bots.review import REVIEW_BUDGET_MS, decisions, review_step  # noqa: E402
from hearts.rules import Rules  # noqa: E402
from hearts.table.seats import HOST_SEAT  # noqa: E402
from hearts.table.session import Session  # noqa: E402


def finished_hand(seed: int, rules: Rules) -> Session:
    session = Session(rules, seed, ["human", "normal", "normal", "normal"])
    while session.stage in ("pass", "play"):
        if HOST_SEAT in session.match.hand.to_act():
            session.auto_play()
        else:
            session.advance()
    return session


def cpython_times(hands: int) -> tuple[list[float], list[float], list[float]]:
    """Per hand: the pass verdict's ms, each play verdict's ms, and the 13 plays' total ms."""
    passes, plays, reviews = [], [], []
    for seed in range(hands):
        session = finished_hand(1000 + seed, Rules())
        total = 0.0
        for decision in decisions(session.match.finished[0], HOST_SEAT):
            start = time.perf_counter()
            review_step(decision, REVIEW_BUDGET_MS, seed)
            ms = (time.perf_counter() - start) * 1000
            if decision.kind == "pass":
                passes.append(ms)
            else:
                plays.append(ms)
                total += ms
        reviews.append(total)
    return passes, plays, reviews


REVIEW_DONE = "() => document.querySelectorAll('[data-review-step][data-loss]').length === 13"


def browser_review(page: Page, base: str, seed: int) -> tuple[float, float, float]:
    """Play a hand (passing off) at instant speed, open its review: ms to the first and last verdict, longest task."""
    open_match(page, base, {"seed": seed, "bots": "normal", "speed": "instant", "clock": 0,
                            "rules": {"passing": "none"}})
    play_first_legal(page)
    page.wait_for_selector("#result:not([hidden])")
    start = page.evaluate("() => { window.__bench.longTasks = []; return performance.now(); }")
    page.click('#result [data-action="review"]')
    page.wait_for_function("() => document.querySelector('[data-review-step][data-loss]')", timeout=120_000)
    first = page.evaluate("() => performance.now()") - start
    page.wait_for_function(REVIEW_DONE, timeout=300_000, polling=50)
    last = page.evaluate("() => performance.now()") - start
    longest = page.evaluate("() => Math.max(0, ...window.__bench.longTasks.map(t => t.duration))")
    return first, last, longest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10, help="hands reviewed on CPython (default 10)")
    parser.add_argument("--browser-hands", type=int, default=3, help="hands reviewed in the browser (default 3)")
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one)")
    args = parser.parse_args(argv)
    passes, plays, reviews = cpython_times(args.hands)
    browser: list[tuple[float, float, float]] = []
    with served_chromium(args.dist) as (chromium, base):
        page = chromium.new_context().new_page()
        page.add_init_script(PROBE)
        browser = [browser_review(page, base, 2000 + k) for k in range(args.browser_hands)]
    med = statistics.median
    firsts, lasts, longest = ([b[i] for b in browser] for i in range(3))
    rows = [
        ("CPython: pass verdict", f"{med(passes):8.0f} ms", f"p95 {p95(passes):.0f} ms, {len(passes)} hands"),
        ("CPython: play verdict", f"{med(plays):8.0f} ms", f"p95 {p95(plays):.0f} ms, {len(plays)} decisions"),
        ("CPython: 13-card review", f"{med(reviews):8.0f} ms", f"p95 {p95(reviews):.0f} ms"),
        ("browser: first verdict", f"{med(firsts):8.0f} ms", "from the click on Review"),
        ("browser: 13-card review", f"{med(lasts):8.0f} ms", "runs: " + ", ".join(f"{x:.0f}" for x in lasts)),
        ("browser/CPython, 13-card review", f"{med(lasts) / med(reviews):8.2f}", ""),
        ("browser: longest main-thread task", f"{max(longest):8.0f} ms", "while the review computes"),
    ]
    print_rows(f"Review benchmark: budget {REVIEW_BUDGET_MS} ms of work per decision", rows, 36)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
