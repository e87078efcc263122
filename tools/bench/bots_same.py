"""Check: does the strong search still make the very same decisions? (for pure speed work)

Plays hands of several presets (the strong bot in one seat, the normal level elsewhere, the
seat rotating, as ``bots_timing.py`` does) with the wall-clock cap lifted, and hashes
everything each strong decision reports: the card (or passed cards), its moon plan, worlds
searched, work spent, and its equity and points (to 9 decimals). A faster search that is the
same search prints the same digest; tests/test_bots_same.py keeps a small run's digest.

    .venv/bin/python tools/bench/bots_same.py --decisions 300 [--budget-ms 100]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts import Hand, deal, match_deal_number, preset  # noqa: E402
from hearts.bots import make_bot  # noqa: E402
from hearts.bots.base import decision_rng  # noqa: E402
from hearts.bots.search.pimc import Choice, SearchConfig, search_pass, search_play  # noqa: E402
from hearts.view import SeatView, seat_view  # noqa: E402

PRESETS = ("classic", "omnibus", "three-players", "six-players", "sun", "new-moon")
UNCAPPED = dataclasses.replace(SearchConfig(), time_cap=1e9)


def _fingerprint(choice: Choice) -> str:
    return f"{choice.card}:{choice.plan}:{choice.moon}:{choice.worlds}:{choice.work}:" \
           f"{choice.value:.9f}:{choice.points:.9f}"


def strong_decisions(presets: tuple[str, ...], per_preset: int, budget_ms: int, seed: int = 0) -> Iterator[str]:
    """The fingerprints of ``per_preset`` strong decisions in hands of each preset."""
    normal = make_bot("normal")
    for name in presets:
        rules = preset(name)
        made = 0
        k = 0
        while made < per_preset:
            hand = Hand(rules, deal(rules, match_deal_number(seed, k)), rules.pass_offset(k))
            hero = k % rules.players
            k += 1
            while hand.phase != "over" and made < per_preset:
                seat = hand.to_act()[0] if hand.phase == "pass" else hand.turn
                view = seat_view(hand, seat)
                if seat != hero:
                    act(hand, seat, view, normal.choose_pass(view) if hand.phase == "pass"
                         else normal.choose_play(view))
                    continue
                choice = decide(view, seed, budget_ms)
                made += 1
                yield f"{name}:{len(view.plays)}:{_fingerprint(choice)}"
                act(hand, seat, view, choice.card)


def decide(view: SeatView, seed: int, budget_ms: int) -> Choice:
    """The strong search's pass or play for ``view``, uncapped: the same on every machine."""
    search = search_pass if view.phase == "pass" else search_play
    return search(view, decision_rng(seed, view), budget_ms, UNCAPPED)


def act(hand: Hand, seat: int, view: SeatView, choice: int) -> None:
    """Seat ``seat`` passes or plays ``choice`` in ``hand``."""
    if view.phase == "pass":
        hand.choose_pass(seat, choice)
    else:
        hand.play(choice)


def digest(presets: tuple[str, ...], per_preset: int, budget_ms: int) -> tuple[str, int]:
    """The sha256 of every decision's fingerprint, and how many decisions."""
    h = hashlib.sha256()
    count = 0
    for line in strong_decisions(presets, per_preset, budget_ms):
        h.update(line.encode() + b"\n")
        count += 1
    return h.hexdigest(), count


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decisions", type=int, default=300, help="in all, spread over the presets")
    ap.add_argument("--budget-ms", type=int, default=100)
    ap.add_argument("--presets", default=",".join(PRESETS))
    args = ap.parse_args()
    presets = tuple(args.presets.split(","))
    start = time.process_time()
    value, count = digest(presets, args.decisions // len(presets), args.budget_ms)
    print(f"{count} strong decisions ({', '.join(presets)}; budget {args.budget_ms} ms, uncapped): {value} "
          f"({time.process_time() - start:.1f} CPU s)")


if __name__ == "__main__":
    main()
