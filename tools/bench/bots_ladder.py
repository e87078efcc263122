"""Benchmark: the strength ladder of the bots in the duplicate arena.

Steps: easy vs 3×random, normal vs 3×easy, strong vs 3×normal (default budget),
each over ``--deals`` deals with the hero in every seat. Prints a Markdown table
(diff ± SE, points per hand, moons, hero ms per decision) and, with ``--out``,
appends each step's JSON summary to a file as it finishes.

    nice -n 10 .venv/bin/python tools/bench/bots_ladder.py --deals 400 --jobs 2 --uncapped --preset classic
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from bots_variants import player  # noqa: E402

from hearts.bots.arena import Player, run_arena  # noqa: E402
from hearts.rules import preset  # noqa: E402

STEPS = (("easy", "random"), ("normal", "easy"), ("strong", "normal"))
UNCAPPED = "time_cap=1000000000"  # the strong level without its wall-clock cap (bots_variants.py spec)


def row(preset_name: str, s: dict[str, Any], seconds: float) -> str:
    ms = s["hero_ms_per_decision"]
    return (f"| {preset_name} | {s['hero']} vs {s['field']} | {s['deals']} | {s['diff']:+.2f} ± {s['diff_se']:.2f} "
            f"| {s['hero_points_per_hand']:.2f} / {s['field_points_per_hand']:.2f} "
            f"| {s['moons']['hero']} / {s['moons']['field']} | {ms['median']:.1f} / {ms['p95']:.1f} | {seconds:.0f} |")


def _player(level: str, uncapped: bool) -> Player:
    return player(UNCAPPED) if level == "strong" and uncapped else level


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--preset", action="append", help="rules preset (repeatable); default classic")
    ap.add_argument("--steps", default="0,1,2", help="which ladder steps, e.g. 2 for strong only")
    ap.add_argument("--out", default=None, help="append JSON summaries to this file")
    ap.add_argument("--uncapped", action="store_true",
                    help="lift the strong bots' wall-clock cap (a busy machine then changes no decision)")
    args = ap.parse_args()
    print("| rules | hero vs field | deals | diff ± SE | points/hand hero / field | moons hero / field "
          "| hero ms median / p95 | s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |", flush=True)
    for name in args.preset or ["classic"]:
        for step in (int(x) for x in args.steps.split(",")):
            hero, field = STEPS[step]
            start = time.perf_counter()
            summary = run_arena(preset(name), _player(hero, args.uncapped), field, args.deals, args.seed, None,
                                args.jobs)
            print(row(name, summary, time.perf_counter() - start), flush=True)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps({"preset": name, **summary}) + "\n")


if __name__ == "__main__":
    main()
