"""Benchmark: the cost of the claim check and the early end after every card of random hands.

The table asks :func:`hearts.ending.decide` (and :func:`~hearts.ending.no_points_left`) after each
card, so their worst case over many positions is what a player could wait. Prints per preset and
overall: positions, verdicts, CPU time per call (median, p95, max: CPU time, so that other work on
a busy machine does not count) and search nodes (p95, max).
Run: ``.venv/bin/python tools/bench/claims.py [--hands N] [--seed S] [--cap C]``; in Pyodide:
``node tools/bench/pyodide_run.mjs tools/bench/claims.py --hands N``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts import Hand, deal  # noqa: E402
from hearts.cards import cards_of, mask_of  # noqa: E402
from hearts.deal import SplitMix64  # noqa: E402
from hearts.ending import NODE_CAP, decide, no_points_left  # noqa: E402
from hearts.rules import PRESETS  # noqa: E402

PRESET_NAMES = ["classic", "omnibus", "sun", "six-players", "black-maria", "spot-hearts", "omnibus-10d", "partners"]


def positions_of_one_hand(name: str, number: int, rng: SplitMix64) -> list[Hand]:
    """Every position of one random hand after each card (the pass phase skipped)."""
    rules = PRESETS[name]
    hand = Hand(rules, deal(rules, number), rules.pass_offset(number))
    if hand.phase == "pass":
        for seat in range(rules.players):
            cards = cards_of(hand.hands[seat])
            rng.shuffle(cards)
            hand.choose_pass(seat, mask_of(cards[:rules.pass_count]))
    out = []
    while hand.phase == "play":
        legal = cards_of(hand.legal())
        hand.play(legal[rng.below(len(legal))])
        if hand.phase == "play":
            out.append(hand.copy())
    return out


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def measure(name: str, hands: int, seed: int, cap: int) -> tuple[list[float], list[int], Counter[str]]:
    rng = SplitMix64(seed)
    times: list[float] = []
    nodes: list[int] = []
    verdicts: Counter[str] = Counter()
    for number in range(seed, seed + hands):
        for hand in positions_of_one_hand(name, number, rng):
            start = time.process_time()
            early = no_points_left(hand)
            decision = decide(hand, cap)
            times.append((time.process_time() - start) * 1000)
            nodes.append(decision.nodes)
            verdicts[decision.verdict.value] += 1
            verdicts["no_points_left"] += early is not None
    return times, nodes, verdicts


def report(label: str, times: list[float], nodes: list[int], verdicts: Counter[str]) -> None:
    shown = " ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
    print(f"{label:12s} {len(times):6d} positions  ms median {statistics.median(times):6.3f} "
          f"p95 {percentile(times, 0.95):6.3f} max {max(times):7.3f}  nodes p95 {percentile(nodes, 0.95):5.0f} "
          f"max {max(nodes):5d}  {shown}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=50, help="random hands per preset")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=int, default=NODE_CAP, help="the search's node cap")
    args = ap.parse_args()
    print(f"claim check after every card: {args.hands} hands per preset, node cap {args.cap}")
    all_times: list[float] = []
    all_nodes: list[int] = []
    all_verdicts: Counter[str] = Counter()
    for name in PRESET_NAMES:
        times, nodes, verdicts = measure(name, args.hands, args.seed, args.cap)
        report(name, times, nodes, verdicts)
        all_times += times
        all_nodes += nodes
        all_verdicts += verdicts
    report("all", all_times, all_nodes, all_verdicts)


if __name__ == "__main__":
    main()
