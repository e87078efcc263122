"""Benchmark: the strong bot's thinking time per decision, by trick, on this machine.

Plays ``--hands`` hands (the strong bot in one seat, the normal level elsewhere,
the seat rotating) and prints median / p95 / max milliseconds per decision for
the pass and for each trick, and over all decisions, in wall-clock time and in
CPU time of this process (which a busy machine does not inflate). The wall-clock
cap is lifted (``time_cap`` 100) so the figures show the work the budget asks for; ``--time-cap 5``
keeps the strong bot's own cap and counts the decisions that reached it (column ``capped``).
``--config`` changes the search's knobs (``key=value,...``, as in ``bots_variants.py``);
``--versus`` times a second configuration on the very same decisions (the first one's
card is played) and prints both side by side with their ratio. ``--baseline REF`` times
the search of another commit instead (its ``py/hearts`` imported as a second package:
``baseline.py``) with the same knobs, the two taking turns at going first so
that a change in the machine's load falls on both alike; it also counts the decisions on
which the two differ.

    .venv/bin/python tools/bench/bots_timing.py --hands 40 [--budget-ms 100] [--preset classic]
    .venv/bin/python tools/bench/bots_timing.py --hands 40 --config infer_chains=1 --versus infer_chains=4
    .venv/bin/python tools/bench/bots_timing.py --hands 40 --baseline main
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from baseline import import_baseline  # noqa: E402
from bots_variants import changes  # noqa: E402

from hearts import Hand, deal, match_deal_number, preset  # noqa: E402
from hearts.bots import make_bot  # noqa: E402
from hearts.bots.base import decision_rng  # noqa: E402
from hearts.bots.search.pimc import Choice, SearchConfig, search_pass, search_play  # noqa: E402
from hearts.view import SeatView, seat_view  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(0.95 * len(ordered) + 0.5) - 1)]


Timings = dict[str, list[float]]   # per decision kind ("pass", "trick  3"): milliseconds


def _config(spec: str, time_cap: float) -> SearchConfig:
    return dataclasses.replace(SearchConfig(**changes(spec)), time_cap=time_cap)  # type: ignore[arg-type]


@dataclasses.dataclass(frozen=True)
class Searcher:
    """One search to time: its pass and play functions, its configuration and its decision seeds."""

    label: str
    search_pass: Callable[..., Choice]
    search_play: Callable[..., Choice]
    config: Any
    rng: Callable[..., Any]


def _baseline(ref: str, spec: str, time_cap: float) -> Searcher:
    """The search of commit ``ref`` (:func:`baseline.import_baseline`)."""
    package = import_baseline(ref)
    pimc = importlib.import_module(f"{package}.bots.search.pimc")
    base = importlib.import_module(f"{package}.bots.base")
    config = dataclasses.replace(pimc.SearchConfig(**changes(spec)), time_cap=time_cap)
    return Searcher(ref, pimc.search_pass, pimc.search_play, config, base.decision_rng)


Slow = list[tuple[float, str, Choice]]   # (wall ms, decision kind, what the search did)


def _timed(decide: Callable[[], Choice], key: str, wall: Timings, cpu: Timings, slow: Slow) -> Choice:
    start, start_cpu = time.perf_counter(), time.process_time()
    choice = decide()
    wall.setdefault(key, []).append((time.perf_counter() - start) * 1000)
    cpu.setdefault(key, []).append((time.process_time() - start_cpu) * 1000)
    slow.append((wall[key][-1], key, choice))
    return choice


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--budget-ms", type=int, default=None)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--config", default="", help="search knobs, key=value,...")
    second = ap.add_mutually_exclusive_group()
    second.add_argument("--versus", default=None, help="a second configuration timed on the same decisions")
    second.add_argument("--baseline", default=None, help="a git ref whose search is timed on the same decisions")
    ap.add_argument("--slowest", type=int, default=0, help="also list this many slowest decisions (first config)")
    ap.add_argument("--time-cap", type=float, default=100.0, help="wall-clock cap in budgets (default 100: lifted)")
    args = ap.parse_args()
    rules = preset(args.preset)
    budget = args.budget_ms or 100
    searchers = [Searcher(args.config or "default", search_pass, search_play, _config(args.config, args.time_cap),
                          decision_rng)]
    if args.versus is not None:
        searchers.append(Searcher(args.versus or "default", search_pass, search_play,
                                  _config(args.versus, args.time_cap), decision_rng))
    if args.baseline is not None:
        searchers.append(_baseline(args.baseline, args.config, args.time_cap))
    normal = make_bot("normal")
    runs: list[tuple[Timings, Timings, Slow]] = [({}, {}, []) for _ in searchers]
    work = [0] * len(searchers)
    differ = decisions = 0

    def decide(kind: str, view: SeatView, key: str) -> Choice:
        """Every searcher's choice, timed, each going first in turn; the first searcher's choice is played."""
        nonlocal differ, decisions
        order = list(range(len(searchers)))
        if decisions % 2:
            order.reverse()
        choices: list[Choice | None] = [None] * len(searchers)
        for i in order:
            s = searchers[i]
            search = s.search_pass if kind == "pass" else s.search_play
            choices[i] = _timed(partial(search, view, s.rng(args.seed, view), budget, s.config), key, *runs[i])
        done = [c for c in choices if c is not None]
        decisions += 1
        differ += any(c.card != done[0].card for c in done)
        for i, c in enumerate(done):
            work[i] += c.work
        return done[0]

    for k in range(args.hands):
        hero = k % rules.players
        hand = Hand(rules, deal(rules, match_deal_number(args.seed, k)), rules.pass_offset(k))
        while hand.phase == "pass":
            for seat in hand.to_act():
                view = seat_view(hand, seat)
                if seat != hero:
                    hand.choose_pass(seat, normal.choose_pass(view))
                    continue
                hand.choose_pass(seat, decide("pass", view, "pass").card)
        while hand.phase == "play":
            seat = hand.turn
            view = seat_view(hand, seat)
            if seat != hero:
                hand.play(normal.choose_play(view))
                continue
            hand.play(decide("play", view, f"trick {hand.trick_number + 1:2d}").card)
    for s, (wall, cpu, _), w in zip(searchers, runs, work):
        _table(f"strong {s.label}, budget {budget} ms, {args.hands} hands of {args.preset}", wall, cpu, w,
               args.time_cap * budget)
    if len(runs) == 2:
        _ratios(searchers[0].label, searchers[1].label, runs[0][1], runs[1][1])
        print(f"decisions that differ: {differ} of {decisions}")
    if args.slowest:
        _slowest(runs[0][2], args.slowest, budget * searchers[0].config.plays_per_ms)


def _slowest(slow: Slow, count: int, limit: int) -> None:
    """The slowest decisions: how much of the budget's work each got done, in how many worlds."""
    print(f"slowest decisions (work limit {limit}):")
    for ms, key, choice in sorted(slow, key=lambda s: -s[0])[:count]:
        print(f"  {key:9s} {ms:8.1f} ms  work {choice.work:6d} ({choice.work / limit:4.0%})  "
              f"worlds {choice.worlds:4d}  {choice.work / ms:6.1f} work/ms")


def _all(times: Timings) -> list[float]:
    return [t for ts in times.values() for t in ts]


def _table(title: str, times: Timings, cpu: Timings, work: int, cap_ms: float) -> None:
    """Per decision kind: wall and CPU ms, and how many decisions ran into the wall-clock cap."""
    every, every_cpu = _all(times), _all(cpu)
    print(f"{title}: {work / sum(every_cpu):.0f} work units (card plays) per CPU ms; cap {cap_ms:.0f} ms")
    print(f"{'decision':10s} {'n':>5s} {'wall median':>12s} {'p95':>8s} {'max':>8s} {'cpu median':>11s} {'p95':>8s}"
          f" {'capped':>7s}")
    for key in sorted(times) + ["all"]:
        ts = every if key == "all" else times[key]
        cs = every_cpu if key == "all" else cpu[key]
        print(f"{key:10s} {len(ts):5d} {statistics.median(ts):12.1f} {p95(ts):8.1f} {max(ts):8.1f} "
              f"{statistics.median(cs):11.1f} {p95(cs):8.1f} {sum(1 for t in ts if t >= cap_ms):7d}")


def _ratios(first: str, second: str, a: Timings, b: Timings) -> None:
    """CPU median and p95 of both configurations on the same decisions, and their ratio."""
    print(f"cpu ms, {first} / {second}: {'median':>22s} {'p95':>22s}")
    for key in sorted(a) + ["all"]:
        xs, ys = (_all(a), _all(b)) if key == "all" else (a[key], b[key])
        mx, my, px, py = statistics.median(xs), statistics.median(ys), p95(xs), p95(ys)
        print(f"{key:10s} {mx:8.1f} / {my:6.1f} = {mx / my:5.2f} {px:8.1f} / {py:6.1f} = {px / py:5.2f}")


if __name__ == "__main__":
    main()
