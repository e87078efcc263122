"""Benchmark: a variant of the strong bot against another (or a level) in the duplicate arena.

A variant is the strong level with some :class:`~hearts.bots.strong.SearchConfig`
knobs changed, written ``key=value,key=value`` (``strong`` alone is the default):

    .venv/bin/python tools/bench/bots_variants.py --hero pass_search=false --field strong --deals 200 --jobs 2

Prints the arena summary (JSON) of the hero variant against the field.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts.bots.arena import Player, run_arena  # noqa: E402
from hearts.bots.registry import FIELDS  # noqa: E402
from hearts.bots.strong import SearchConfig, StrongBot  # noqa: E402
from hearts.rules import Rules  # noqa: E402


@dataclasses.dataclass(frozen=True)
class Variant:
    """A picklable factory of strong bots with a changed configuration."""

    name: str
    config: SearchConfig

    def __call__(self, seed: int, budget_ms: int | None) -> StrongBot:
        return StrongBot(seed, budget_ms, self.config)


def _value(text: str) -> object:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def player(spec: str) -> Player:
    """A level name, or ``key=value,...`` knobs of the strong level."""
    if spec in FIELDS:
        return spec
    changes = dict(item.split("=", 1) for item in spec.split(","))
    return Variant(spec, SearchConfig(**{k: _value(v) for k, v in changes.items()}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hero", required=True)
    ap.add_argument("--field", required=True)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default=None)
    ap.add_argument("--budget-ms", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    rules = Rules.from_json(json.loads(args.rules)) if args.rules else Rules()
    summary = run_arena(rules, player(args.hero), player(args.field), args.deals, args.seed,
                        args.budget_ms, args.jobs)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
