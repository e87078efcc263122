"""Rewards benchmark (not a test): par's cost and the size of challenge links, on CPython and in Chromium.

Prints, in one run:

- CPython: for ``--hands`` finished hands (classic rules, the person played by the strong bot's
  hint), the time to compute par (every ``par`` step of ``hearts.table.par``) against three
  normal bots and against three strong bots (the daily's table): median and 95th percentile;
- the size of a challenge link (``?challenge=…``) of 1 hand and of the daily's 4 hands;
- the browser (``--browser-hands``, 0 to skip): hands played at instant speed on the built
  page against normal bots; from the hand's result showing to ``[data-par]`` showing its figure.

Run: ``nice -n 10 .venv/bin/python tools/bench/rewards.py [--hands N] [--browser-hands N] [--dist DIR]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
from browser import open_match, p95, play_first_legal, served_chromium  # noqa: E402  (tools/bench is not a package)
from rows import print_rows  # noqa: E402  (tools/bench is not a package)

from hearts.table.api import call  # noqa: E402
from hearts.table.par import PAR_BUDGET_MS  # noqa: E402
from hearts.table.service import TableService  # noqa: E402


def _send(table: TableService, command: str, **payload: object) -> dict[str, object]:
    answer = json.loads(call(command, json.dumps(payload), table))
    assert "error" not in answer, answer
    return answer  # type: ignore[no-any-return]


def _play_hand(table: TableService, answer: dict[str, object]) -> dict[str, object]:
    while answer["state"]["stage"] in ("pass", "play"):  # type: ignore[index]
        answer = _send(table, "auto_play" if answer["state"]["self_to_act"] else "advance")  # type: ignore[index]
    return answer


def par_times(hands: int, bots: str) -> list[float]:
    """ms to compute par of the first hand of ``hands`` matches against ``bots``."""
    times = []
    for seed in range(hands):
        table = TableService()
        _play_hand(table, _send(table, "new_match", seed=3000 + seed, bots=bots))
        start = time.perf_counter()
        while not _send(table, "par", hand=0)["done"]:
            pass
        times.append((time.perf_counter() - start) * 1000)
    return times


def link_sizes() -> tuple[int, int]:
    """Characters of ``?challenge=…`` for one hand and for the daily's four."""
    table = TableService()
    answer = _send(table, "new_daily", date="2026-12-01")
    for k in range(4):
        answer = _play_hand(table, answer if k == 0 else _send(table, "next_hand"))
    one = _send(table, "challenge_link", scope="hand", name="Anna")["link"]
    four = _send(table, "challenge_link", scope="match", name="Anna")["link"]
    return len(str(one)), len(str(four))


PAR_SHOWN = "() => { const p = document.querySelector('[data-par]'); return !!p && p.dataset.par !== ''; }"


def browser_par(page: Page, base: str, seed: int) -> float:
    """Play one hand (its first legal cards) at instant speed: ms from its result to par shown."""
    open_match(page, base, {"seed": seed, "bots": "normal", "speed": "instant", "clock": 0})
    play_first_legal(page)
    page.wait_for_selector('#table[data-phase="over"]')
    start = page.evaluate("() => performance.now()")
    page.wait_for_function(PAR_SHOWN, timeout=120_000, polling=20)
    return float(page.evaluate("() => performance.now()") - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10, help="hands per field on CPython (default 10)")
    parser.add_argument("--browser-hands", type=int, default=20, help="hands in the browser (default 20)")
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one)")
    args = parser.parse_args(argv)
    normal, strong = par_times(args.hands, "normal"), par_times(args.hands, "strong")
    one, four = link_sizes()
    browser: list[float] = []
    if args.browser_hands:
        with served_chromium(args.dist) as (chromium, base):
            page = chromium.new_context().new_page()
            browser = [browser_par(page, base, 4000 + k) for k in range(args.browser_hands)]
    med = statistics.median
    rows = [
        ("CPython: par, three normal bots", f"{med(normal):8.0f} ms", f"p95 {p95(normal):.0f} ms, {len(normal)} hands"),
        ("CPython: par, three strong bots", f"{med(strong):8.0f} ms", f"p95 {p95(strong):.0f} ms, {len(strong)} hands"),
        ("challenge link, 1 hand", f"{one:8d} chars", ""),
        ("challenge link, 4 hands", f"{four:8d} chars", ""),
    ]
    if browser:
        rows.append(("Chromium: hand's end to par shown", f"{med(browser):8.0f} ms",
                     f"p95 {p95(browser):.0f} ms, {len(browser)} hands, three normal bots"))
    print_rows(f"Rewards benchmark: par at {PAR_BUDGET_MS} ms of work per decision", rows, 36)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
