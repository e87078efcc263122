"""Benchmark: variants of the strong bot in the duplicate arena.

A variant is the strong level with some :class:`~hearts.bots.strong.SearchConfig`
knobs changed, written ``key=value,key=value`` (``strong`` alone is the default);
``style.key=value`` changes the heuristics (:class:`~hearts.bots.policy.Style`)
its playouts use, and ``normal:key=value,...`` is the normal level with another style.
``ismcts`` and ``pimc-random`` are the reference search bots of ``reference_bots.py``
(``ismcts:50``: with a budget of 50 CPU ms per decision; ``ismcts@1000``: 1,000 iterations a decision,
the same on every machine); ``ismcts-os@1000`` is OpenSpiel's own ISMCTS with 1,000 simulations
(``openspiel_bots.py``; ``bash tools/setup.sh --bench`` installs it); ``tree`` (or ``tree:uct_c=4,key=value``)
is the strong level with ISMCTS for its plays (``ismcts_tree.py``). ``LEVEL@REF`` is a level as the git commit
``REF`` plays it (``baseline.py``; ``strong@REF:key=value,...`` with knobs of that commit's search).

Head to head (the hero variant in each seat against three of the field):

    .venv/bin/python tools/bench/bots_variants.py --hero pass_search=false --field strong --deals 200

Paired (two heroes on the same deals against the same field; cheaper and less noisy
than head to head when the field is a fast level): ``--versus VARIANT`` prints each
hero's summary and the per-deal paired difference of their diffs with its SE.
Every 20 deals either way prints a running figure on stderr (the diff, or the paired difference, so far).

    .venv/bin/python tools/bench/bots_variants.py --hero strong --versus drop_se=3 --field normal --deals 300
    .venv/bin/python tools/bench/bots_variants.py --hero normal --versus normal@main --field easy --deals 400
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from baseline import import_baseline  # noqa: E402
from ismcts_tree import TreeBot  # noqa: E402
from openspiel_bots import OpenSpielIsmcts  # noqa: E402
from reference_bots import IsmctsBot, PimcRandomBot  # noqa: E402

from hearts.bots.arena import FIELDS, DealResult, Player, play_deal, summarize  # noqa: E402
from hearts.bots.base import Bot  # noqa: E402
from hearts.bots.normal import NormalBot  # noqa: E402
from hearts.bots.policy import Style  # noqa: E402
from hearts.bots.registry import LEVELS  # noqa: E402
from hearts.bots.search.pimc import SearchConfig  # noqa: E402
from hearts.bots.strong import StrongBot  # noqa: E402
from hearts.rules import Rules  # noqa: E402

# Reference search bots (tools/bench/reference_bots.py); ``ismcts:50`` thinks 50 CPU ms a decision.
REFERENCE: dict[str, type[IsmctsBot] | type[PimcRandomBot]] = {"ismcts": IsmctsBot, "pimc-random": PimcRandomBot}


@dataclasses.dataclass(frozen=True)
class Reference:
    """A picklable factory of a reference bot with its own budget (else the run's)."""

    name: str
    kind: str
    budget_ms: int | None
    iterations: int | None = None

    def __call__(self, seed: int, budget_ms: int | None) -> IsmctsBot | PimcRandomBot:
        return REFERENCE[self.kind](seed, self.budget_ms or budget_ms, self.iterations)


@dataclasses.dataclass(frozen=True)
class OpenSpielReference:
    """A picklable factory of OpenSpiel's ISMCTS with ``simulations`` a decision."""

    name: str
    simulations: int

    def __call__(self, seed: int, budget_ms: int | None) -> OpenSpielIsmcts:
        return OpenSpielIsmcts(seed, budget_ms, self.simulations)


@dataclasses.dataclass(frozen=True)
class Variant:
    """A picklable factory of strong bots with a changed configuration."""

    name: str
    config: SearchConfig

    def __call__(self, seed: int, budget_ms: int | None) -> StrongBot:
        return StrongBot(seed, budget_ms, self.config)


@dataclasses.dataclass(frozen=True)
class TreeVariant:
    """A picklable factory of the strong level with ISMCTS plays."""

    name: str
    config: SearchConfig
    uct_c: float

    def __call__(self, seed: int, budget_ms: int | None) -> TreeBot:
        return TreeBot(seed, budget_ms, self.config, self.uct_c)


@dataclasses.dataclass(frozen=True)
class NormalVariant:
    """A picklable factory of normal bots with another style."""

    name: str
    style: Style

    def __call__(self, seed: int, budget_ms: int | None) -> NormalBot:
        return NormalBot(seed, self.style)


@dataclasses.dataclass(frozen=True)
class Baseline:
    """A picklable factory of a level as another commit plays it (:func:`baseline.import_baseline`)."""

    name: str
    ref: str
    level: str
    knobs: str = ""   # search knobs of that commit's strong level, key=value,...

    def __call__(self, seed: int, budget_ms: int | None) -> Bot:
        package = import_baseline(self.ref)
        if self.knobs:
            strong = importlib.import_module(f"{package}.bots.strong")
            pimc = importlib.import_module(f"{package}.bots.search.pimc")
            bot: Bot = strong.StrongBot(seed, budget_ms, pimc.SearchConfig(**changes(self.knobs)))
            return bot
        made: Bot = importlib.import_module(f"{package}.bots.registry").make_bot(self.level, seed, budget_ms)
        return made


def _value(text: str) -> object:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def changes(spec: str) -> dict[str, object]:
    return {k: _value(v) for k, v in (item.split("=", 1) for item in spec.split(",") if item)}


def player(spec: str) -> Player:
    """A level name, ``normal:key=value,...`` (style knobs), or ``key=value,...`` knobs of the strong level."""
    if spec in FIELDS:
        return spec
    name, _, budget = spec.partition(":")
    kind, _, iterations = name.partition("@")
    if kind in LEVELS and iterations:
        import_baseline(iterations)  # here, so that the worker processes inherit it
        return Baseline(spec, iterations, kind, budget)
    if kind == "ismcts-os":
        return OpenSpielReference(spec, int(iterations or 1000))
    if kind in REFERENCE:
        return Reference(spec, kind, int(budget) if budget else None, int(iterations) if iterations else None)
    if spec.startswith("normal:"):
        return NormalVariant(spec, Style(**changes(spec[len("normal:"):])))  # type: ignore[arg-type]
    if name == "tree":
        knobs = changes(budget)
        uct_c = float(str(knobs.pop("uct_c", 4.0)))
        return TreeVariant(spec, SearchConfig(**knobs), uct_c)  # type: ignore[arg-type]
    knobs = changes(spec)
    style = {k[len("style."):]: v for k, v in knobs.items() if k.startswith("style.")}
    config = {k: v for k, v in knobs.items() if not k.startswith("style.")}
    return Variant(spec, SearchConfig(**config, style=Style(**style)))  # type: ignore[arg-type]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hero", required=True)
    ap.add_argument("--field", required=True)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default=None)
    ap.add_argument("--budget-ms", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--versus", default=None, help="a second hero for a paired comparison")
    args = ap.parse_args()
    rules = Rules.from_json(json.loads(args.rules)) if args.rules else Rules()
    heroes = [player(args.hero)] if args.versus is None else [player(args.hero), player(args.versus)]
    field = player(args.field)
    tasks = [(rules, args.seed, k, hero, field, args.budget_ms) for k in range(args.deals) for hero in heroes]
    results: list[DealResult] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(_play, tasks, chunksize=1):
            results.append(result)
            if len(results) % (20 * len(heroes)) == 0:   # every 20 deals a running figure on stderr
                _report(results, args, sys.stderr)
    if args.versus is None:
        print(json.dumps(summarize(args.hero, args.field, results)))
        return
    first, second = results[0::2], results[1::2]
    for name, rs in ((args.hero, first), (args.versus, second)):
        print(json.dumps({**summarize(name, args.field, rs), "hero": name}))
    _report_paired(first, second, args.hero, args.versus, sys.stdout)


def _report(results: list[DealResult], args: argparse.Namespace, out: TextIO) -> None:
    """The running figure: the hero's diff so far, or with ``--versus`` the paired difference."""
    if args.versus is None:
        summary = summarize(args.hero, args.field, results)
        print(json.dumps({key: summary[key] for key in ("hero", "deals", "diff", "diff_se")}), file=out, flush=True)
    else:
        _report_paired(results[0::2], results[1::2], args.hero, args.versus, out)


def _report_paired(first: list[DealResult], second: list[DealResult], hero: str, versus: str, out: TextIO) -> None:
    """The per-deal difference of the two heroes' diffs: mean and standard error over the deals so far."""
    paired = [a.diff - b.diff for a, b in zip(first, second)]
    se = statistics.stdev(paired) / math.sqrt(len(paired)) if len(paired) > 1 else 0.0
    print(json.dumps({"paired": f"{hero} minus {versus}", "deals": len(paired),
                      "diff": round(statistics.fmean(paired), 4), "se": round(se, 4)}), file=out, flush=True)


def _play(task: tuple[Rules, int, int, Player, Player, int | None]) -> DealResult:
    return play_deal(*task)


if __name__ == "__main__":
    main()
