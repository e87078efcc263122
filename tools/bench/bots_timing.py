"""Benchmark: the strong bot's thinking time per decision, by trick, on this machine.

Plays ``--hands`` hands (the strong bot in one seat, the normal level elsewhere,
the seat rotating) and prints median / p95 / max milliseconds per decision for
the pass and for each trick, and over all decisions, in wall-clock time and in
CPU time of this process (which a busy machine does not inflate). The wall-clock
cap is lifted (``time_cap`` 100) so the figures show the work the budget asks for.

    .venv/bin/python tools/bench/bots_timing.py --hands 40 [--budget-ms 100] [--preset classic]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts import Hand, deal, match_deal_number, preset  # noqa: E402
from hearts.bots import make_bot  # noqa: E402
from hearts.bots.base import decision_rng  # noqa: E402
from hearts.bots.search.pimc import SearchConfig, search_pass, search_play  # noqa: E402
from hearts.view import seat_view  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(0.95 * len(ordered) + 0.5) - 1)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--budget-ms", type=int, default=None)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rules = preset(args.preset)
    budget = args.budget_ms or 100
    config = SearchConfig(time_cap=100.0)
    normal = make_bot("normal")
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    work = 0
    for k in range(args.hands):
        hero = k % rules.players
        hand = Hand(rules, deal(rules, match_deal_number(args.seed, k)), rules.pass_offset(k))
        while hand.phase == "pass":
            for seat in hand.to_act():
                view = seat_view(hand, seat)
                if seat != hero:
                    hand.choose_pass(seat, normal.choose_pass(view))
                    continue
                start, start_cpu = time.perf_counter(), time.process_time()
                choice = search_pass(view, decision_rng(args.seed, view), budget, config)
                times.setdefault("pass", []).append((time.perf_counter() - start) * 1000)
                cpu.setdefault("pass", []).append((time.process_time() - start_cpu) * 1000)
                work += choice.work
                hand.choose_pass(seat, choice.card)
        while hand.phase == "play":
            seat = hand.turn
            view = seat_view(hand, seat)
            if seat != hero:
                hand.play(normal.choose_play(view))
                continue
            key = f"trick {hand.trick_number + 1:2d}"
            start, start_cpu = time.perf_counter(), time.process_time()
            choice = search_play(view, decision_rng(args.seed, view), budget, config)
            times.setdefault(key, []).append((time.perf_counter() - start) * 1000)
            cpu.setdefault(key, []).append((time.process_time() - start_cpu) * 1000)
            work += choice.work
            hand.play(choice.card)
    every = [t for ts in times.values() for t in ts]
    every_cpu = [t for ts in cpu.values() for t in ts]
    print(f"strong, budget {budget} ms, {args.hands} hands of {args.preset}: "
          f"{work / sum(every_cpu):.0f} work units (card plays) per CPU ms")
    print(f"{'decision':10s} {'n':>5s} {'wall median':>12s} {'p95':>8s} {'max':>8s} {'cpu median':>11s} {'p95':>8s}")
    for key in sorted(times) + ["all"]:
        ts = every if key == "all" else times[key]
        cs = every_cpu if key == "all" else cpu[key]
        print(f"{key:10s} {len(ts):5d} {statistics.median(ts):12.1f} {p95(ts):8.1f} {max(ts):8.1f} "
              f"{statistics.median(cs):11.1f} {p95(cs):8.1f}")


if __name__ == "__main__":
    main()
