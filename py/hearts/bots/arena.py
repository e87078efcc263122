"""Duplicate tournament: each deal is played once with the hero in every seat.

Deal ``k`` of a run with seed ``S`` is the match deal ``match_deal_number(S, k)``
with the pass offset of hand ``k`` of a match, so passing cycles as in a match.
For every seat ``h`` the hand is played with the hero at ``h`` and the field in
the other seats; luck of the cards cancels because every seat gets the hero
once. ``diff`` is the hero's average points per hand minus the field's, and
``diff_se`` its standard error over deals.

With ``teams`` the hero is a side: the hero level plays both partners' seats, the
field the other side(s), and each deal is played once per side. A side's points
are its seats' scores together (what its match total gains), ``diff`` the hero
side's points per hand minus the mean of the field's sides.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..deal import deal, match_deal_number
from ..game import Hand, moon_shooter
from ..rules import Rules
from ..view import seat_view
from .base import Bot
from .randombot import RandomBot
from .registry import LEVELS, make_bot

__all__ = ["DealResult", "FIELDS", "Player", "make_player", "play_deal", "run_arena", "summarize"]

FIELDS = LEVELS + ("random",)


def make_player(name: str, seed: int = 0, budget_ms: int | None = None) -> Bot:
    """A level of :data:`~.registry.LEVELS` or the ``random`` baseline."""
    if name == "random":
        return RandomBot(seed)
    return make_bot(name, seed, budget_ms)

# A level name ("easy", "normal", "strong", "expert", "random") or a picklable factory (seed, budget_ms) -> Bot,
# which lets benchmarks pit variants of a level against each other.
Player = str | Callable[[int, int | None], Bot]


def _make(player: Player, seed: int, budget_ms: int | None) -> Bot:
    return make_player(player, seed, budget_ms) if isinstance(player, str) else player(seed, budget_ms)


@dataclass
class DealResult:
    """One deal played once per hero seat (with teams: per hero side)."""

    hero_points: list[int] = field(default_factory=list)      # per hero seat (side)
    field_points: list[float] = field(default_factory=list)   # mean of the field seats (sides), per hero seat (side)
    hero_moons: int = 0
    field_moons: int = 0
    hero_ms: list[float] = field(default_factory=list)        # every hero decision

    @property
    def diff(self) -> float:
        """The hero's mean points per hand minus the field's in this deal (negative: the hero did better)."""
        return statistics.fmean(self.hero_points) - statistics.fmean(self.field_points)


def play_hand(hand: Hand, bots: list[Bot], timed_seats: tuple[int, ...], times: list[float]) -> list[int]:
    """Play ``hand`` to the end with one bot per seat; append the decision times (ms) of ``timed_seats``."""
    while hand.phase == "pass":
        for seat in hand.to_act():
            start = time.perf_counter()
            cards = bots[seat].choose_pass(seat_view(hand, seat))
            if seat in timed_seats:
                times.append((time.perf_counter() - start) * 1000)
            hand.choose_pass(seat, cards)
    while hand.phase == "play":
        seat = hand.turn
        start = time.perf_counter()
        card = bots[seat].choose_play(seat_view(hand, seat))
        if seat in timed_seats:
            times.append((time.perf_counter() - start) * 1000)
        hand.play(card)
    score = hand.score()
    assert score is not None
    return score


def play_deal(rules: Rules, seed: int, index: int, hero: Player, field_player: Player,
              budget_ms: int | None = None) -> DealResult:
    """Deal ``index`` of the run, once with the hero in each seat (with teams: on each side)."""
    n = rules.players
    cards = deal(rules, match_deal_number(seed, index))
    offset = rules.pass_offset(index)
    out = DealResult()
    for side, hero_seats in enumerate(rules.sides):  # without teams every seat is a side of its own
        bots = [_make(hero if s in hero_seats else field_player, seed, budget_ms) for s in range(n)]
        hand = Hand(rules, cards, offset)
        sides = rules.side_totals(play_hand(hand, bots, hero_seats, out.hero_ms))
        out.hero_points.append(sides[side])
        out.field_points.append((sum(sides) - sides[side]) / (len(sides) - 1))
        shooter = None if rules.moon == "off" else moon_shooter(rules, hand.taken)
        if shooter is not None:
            if shooter in hero_seats:
                out.hero_moons += 1
            else:
                out.field_moons += 1
    return out


def _play_deal_args(args: tuple[Rules, int, int, Player, Player, int | None]) -> DealResult:
    return play_deal(*args)


def _results(rules: Rules, hero: Player, field_player: Player, deals: int, seed: int,
             budget_ms: int | None, jobs: int) -> Iterator[DealResult]:
    tasks = [(rules, seed, k, hero, field_player, budget_ms) for k in range(deals)]
    if jobs <= 1 or sys.platform == "emscripten":
        yield from map(_play_deal_args, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_deal_args, tasks, chunksize=1)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] if ordered else 0.0


def summarize(hero: str, field_name: str, results: list[DealResult]) -> dict[str, Any]:
    """The public JSON summary of a run (see docs/cli.md, ``arena``)."""
    diffs = [r.diff for r in results]
    hands = sum(len(r.hero_points) for r in results)
    times = [t for r in results for t in r.hero_ms]
    return {
        "hero": hero,
        "field": field_name,
        "deals": len(results),
        "hands": hands,
        "hero_points_per_hand": round(sum(sum(r.hero_points) for r in results) / hands, 4),
        "field_points_per_hand": round(sum(sum(r.field_points) for r in results) / hands, 4),
        "diff": round(statistics.fmean(diffs), 4),
        "diff_se": round(statistics.stdev(diffs) / math.sqrt(len(diffs)), 4) if len(diffs) > 1 else None,
        "moons": {"hero": sum(r.hero_moons for r in results), "field": sum(r.field_moons for r in results)},
        "hero_ms_per_decision": {"median": round(statistics.median(times), 3) if times else 0.0,
                                 "p95": round(_percentile(times, 0.95), 3)},
    }


def run_arena(rules: Rules, hero: Player, field_player: Player, deals: int, seed: int = 0,
              budget_ms: int | None = None, jobs: int = 1,
              progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``deals`` deals in duplicate and summarise them; ``progress(done, total)`` after each deal."""
    results = []
    for result in _results(rules, hero, field_player, deals, seed, budget_ms, jobs):
        results.append(result)
        if progress is not None:
            progress(len(results), deals)
    return summarize(_name(hero), _name(field_player), results)


def _name(player: Player) -> str:
    return player if isinstance(player, str) else str(getattr(player, "name", "custom"))
