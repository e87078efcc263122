"""Benchmark: how often the bots shoot the moon, and how often they stop someone else's.

Each level plays at tables of three bots of that level and one ``easy`` seat standing in
for a newcomer (the newcomer's seat moves round the table with the deal number). Deal
``k`` is the match deal ``match_deal_number(seed, k)`` with the pass offset of hand ``k``.

An *attempt* is a hand in which, at the end of some trick, one seat has taken every
penalty card so far and at least ``ATTEMPT_SHARE`` of the moon value (Q♠ counts its
points); it is *stopped* when that seat does not shoot the moon in the end. Per level
the script prints: % of hands with a moon by one of the level's bots, by the newcomer,
and the attempts of the newcomer and of the level's bots with the % stopped.

    nice -n 10 .venv/bin/python tools/bench/bots_moons.py --deals 400 --jobs 2 --uncapped [--levels easy,normal,strong]

A level may also be a variant of the strong level in ``bots_variants.py``'s notation
(``--levels strong,infer_steps=0``; several knobs of one variant joined by ``+``, as
``infer_steps=0+drop_se=3``, since ``,`` separates the levels).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from bots_variants import player  # noqa: E402

from hearts import Hand, deal, match_deal_number  # noqa: E402
from hearts.bots import LEVELS, Bot, make_bot  # noqa: E402
from hearts.game import moon_shooter  # noqa: E402
from hearts.rules import Rules, preset  # noqa: E402
from hearts.table.par import fixed_work_bot  # noqa: E402
from hearts.view import seat_view  # noqa: E402

ATTEMPT_SHARE = 0.6  # of the moon value, taken alone: a moon on its way
NEWCOMER = "easy"


@dataclass(frozen=True)
class HandMoons:
    """What one hand showed: who made an attempt (-1: nobody), who shot (-1: nobody), the newcomer's seat."""

    newcomer: int
    attempter: int
    shooter: int


def _attempter(rules: Rules, hand: Hand) -> int:
    """The seat that alone has taken every penalty card so far and enough of them, else -1."""
    takers = [s for s, m in enumerate(hand.taken) if m & rules.penalty_cards]
    if len(takers) != 1:
        return -1
    seat = takers[0]
    return seat if rules.card_points(hand.taken[seat]) >= ATTEMPT_SHARE * rules.moon_value else -1


def _bot(level: str, seed: int, budget_ms: int | None, uncapped: bool) -> Bot:
    """A level, or a variant of the strong level as ``bots_variants.py`` writes it (``infer_steps=0``)."""
    if level in LEVELS and uncapped:
        return fixed_work_bot(level, seed, budget_ms)  # strong and expert without the wall-clock cap
    if level in LEVELS:
        return make_bot(level, seed, budget_ms)
    spec = level.replace("+", ",")
    bot = player(f"{spec},time_cap=1e9" if uncapped else spec)
    assert not isinstance(bot, str)
    return bot(seed, budget_ms)


def play_one(task: tuple[Rules, str, int, int, int | None, bool]) -> HandMoons:
    """Deal ``index`` with the level in every seat but the newcomer's."""
    rules, level, seed, index, budget_ms, uncapped = task
    n = rules.players
    newcomer = index % n
    bots = [_bot(NEWCOMER if s == newcomer else level, seed, budget_ms, uncapped) for s in range(n)]
    hand = Hand(rules, deal(rules, match_deal_number(seed, index)), rules.pass_offset(index))
    while hand.phase == "pass":
        for seat in hand.to_act():
            hand.choose_pass(seat, bots[seat].choose_pass(seat_view(hand, seat)))
    attempter = -1
    while hand.phase == "play":
        hand.play(bots[hand.turn].choose_play(seat_view(hand, hand.turn)))
        if attempter < 0 and not hand.trick:  # a trick was just taken
            attempter = _attempter(rules, hand)
    shooter = moon_shooter(rules, hand.taken)
    return HandMoons(newcomer, attempter, -1 if shooter is None else shooter)


def _pct(part: int, whole: int) -> str:
    if not whole:
        return "n/a"
    p = part / whole
    return f"{100 * p:.1f} % ± {100 * math.sqrt(p * (1 - p) / whole):.1f}"


def summarize(level: str, hands: list[HandMoons]) -> dict[str, object]:
    bot_moons = sum(1 for h in hands if h.shooter >= 0 and h.shooter != h.newcomer)
    newcomer_moons = sum(1 for h in hands if h.shooter >= 0 and h.shooter == h.newcomer)
    by_newcomer = [h for h in hands if h.attempter >= 0 and h.attempter == h.newcomer]
    by_bots = [h for h in hands if h.attempter >= 0 and h.attempter != h.newcomer]
    return {
        "level": level, "hands": len(hands),
        "bot_moons": bot_moons, "newcomer_moons": newcomer_moons,
        "newcomer_attempts": len(by_newcomer),
        "newcomer_stopped": sum(1 for h in by_newcomer if h.shooter != h.attempter),
        "bot_attempts": len(by_bots),
        "bot_stopped": sum(1 for h in by_bots if h.shooter != h.attempter),
    }


def level_runs(description: str | None) -> argparse.ArgumentParser:
    """The options of a benchmark that plays some deals at each of some levels (also ``bots_moonstop.py``'s)."""
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="easy,normal,strong")
    return ap


def row(s: dict[str, object], seconds: float) -> str:
    hands = int(str(s["hands"]))

    def count(key: str) -> int:
        return int(str(s[key]))

    return (f"| {s['level']} | {hands} | {_pct(count('bot_moons'), hands)} | {_pct(count('newcomer_moons'), hands)} "
            f"| {count('newcomer_attempts')}: {_pct(count('newcomer_stopped'), count('newcomer_attempts'))} "
            f"| {count('bot_attempts')}: {_pct(count('bot_stopped'), count('bot_attempts'))} | {seconds:.0f} |")


def main() -> None:
    ap = level_runs(__doc__)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--budget-ms", type=int, default=None, help="the strong bots' budget (default: theirs)")
    ap.add_argument("--out", default=None, help="append JSON summaries to this file")
    ap.add_argument("--uncapped", action="store_true",
                    help="lift the strong bots' wall-clock cap (a busy machine then changes no decision)")
    args = ap.parse_args()
    rules = preset(args.preset)
    print(f"{args.preset}, {args.deals} deals, seed {args.seed}, budget {args.budget_ms or 'default'}"
          f"{', uncapped' if args.uncapped else ''}; "
          f"attempt: one seat alone has taken ≥ {ATTEMPT_SHARE:.0%} of the moon value")
    print("| level | hands | moons by the level's bots | moons by the newcomer | newcomer's attempts: stopped "
          "| bots' attempts: stopped | s |")
    print("| --- | --- | --- | --- | --- | --- | --- |", flush=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for level in args.levels.split(","):
            start = time.perf_counter()
            tasks = [(rules, level, args.seed, k, args.budget_ms, args.uncapped) for k in range(args.deals)]
            summary = summarize(level, list(pool.map(play_one, tasks, chunksize=4)))
            print(row(summary, time.perf_counter() - start), flush=True)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps({"preset": args.preset, "seed": args.seed, **summary}) + "\n")


if __name__ == "__main__":
    main()
