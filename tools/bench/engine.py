"""Benchmark: random full hands per second through the public engine (``Hand``).

Prints hands/s and card plays/s for a few rule sets, plus the raw rule-function
speed (``legal_moves`` + ``trick_winner`` loop on bitmasks) that bot playouts use.
Run: ``.venv/bin/python tools/bench/engine.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts import Hand, deal, preset  # noqa: E402
from hearts.cards import cards_of  # noqa: E402
from hearts.deal import SplitMix64  # noqa: E402
from hearts.rules import Rules  # noqa: E402


def random_hand(rules: Rules, number: int, rng: SplitMix64) -> int:
    hand = Hand(rules, deal(rules, number), rules.pass_offset(number))
    if hand.phase == "pass":
        for seat in range(rules.players):
            cards = cards_of(hand.hands[seat])
            rng.shuffle(cards)
            hand.choose_pass(seat, sum(1 << c for c in cards[: rules.pass_count]))
    plays = 0
    while hand.phase == "play":
        legal = cards_of(hand.legal())
        hand.play(legal[rng.below(len(legal))])
        plays += 1
    hand.score()
    return plays


def measure(name: str, seconds: float, repeats: int = 5) -> None:
    rules = preset(name)
    rng = SplitMix64(1)
    rates = []
    hands_total = 0
    for _ in range(repeats):
        start = time.perf_counter()
        hands = plays = 0
        while time.perf_counter() - start < seconds / repeats:
            plays += random_hand(rules, hands_total, rng)
            hands += 1
            hands_total += 1
        elapsed = time.perf_counter() - start
        rates.append((hands / elapsed, plays / elapsed))
    hps = statistics.median(r[0] for r in rates)
    pps = statistics.median(r[1] for r in rates)
    print(f"{name:12s} {hps:9.0f} hands/s {pps:10.0f} plays/s  (median of {repeats})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    print(f"Python {sys.version.split()[0]}; random legal play through hearts.Hand, passing included")
    for name in ("classic", "three-players", "five-players", "wikipedia-6", "omnibus"):
        measure(name, args.seconds)


if __name__ == "__main__":
    main()
