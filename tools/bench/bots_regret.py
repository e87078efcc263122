"""Benchmark: how much a search configuration loses per decision against a far longer search.

Plays ``--hands`` classic hands with four strong bots (uncapped) and keeps every play
decision with more than one option. A reference search (``--ref-budget`` ms of work, no
option dropped, its own random deals) values every option of each decision; then each
configuration decides the same views, and its *regret* is what the reference says its
choice gives up against the reference's best: match equity (in % points) and points in
the hand. Search noise only: the reference plays the same model (playouts, deals) as
the configurations, so a model error (how the others really play) does not show here,
and what the reference itself gets wrong by noise falls alike on every configuration.

    .venv/bin/python tools/bench/bots_regret.py --hands 12 --configs "strong;expert;expert:drop_se=3.5"
    .venv/bin/python tools/bench/bots_regret.py --hands 12 --keep /tmp/ref.pkl --configs "normal"

A configuration is ``strong``, ``expert``, or either with ``:key=value,...`` knobs of
:class:`~hearts.bots.search.pimc.SearchConfig` (``budget_ms=N`` sets the work); ``normal``
(``normal:style.key=value,...``: another :class:`~hearts.bots.policy.Style`) is the heuristics,
whose regret is also listed by the rule that chose each card (``explain_play``'s code).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pickle
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from bots_same import act, decide  # noqa: E402
from bots_timing import p95  # noqa: E402
from bots_variants import changes  # noqa: E402

from hearts import Hand, deal, match_deal_number, preset  # noqa: E402
from hearts.bots.base import decision_rng  # noqa: E402
from hearts.bots.policy import AUTO, Style, explain_play, table_of  # noqa: E402
from hearts.bots.search.budget import DEFAULT_BUDGET_MS  # noqa: E402
from hearts.bots.search.pimc import SearchConfig, card_groups, search_play  # noqa: E402
from hearts.bots.strong import EXPERT_BUDGET_MS, EXPERT_CONFIG  # noqa: E402
from hearts.view import SeatView, seat_view  # noqa: E402

UNCAPPED = 1e9
REF_SALT = 0x7EF


@dataclasses.dataclass(frozen=True)
class Setting:
    name: str
    budget_ms: int
    config: SearchConfig
    heuristics: bool = False  # the heuristics' card (with ``config.style``), not a search


def setting(spec: str) -> Setting:
    level, _, knobs = spec.partition(":")
    if level == "normal":  # the heuristics, with ``style.`` knobs of Style
        style = {k[len("style."):]: v for k, v in changes(knobs).items()}
        return Setting(spec, 0, SearchConfig(style=Style(**style)), heuristics=True)  # type: ignore[arg-type]
    base, budget = (EXPERT_CONFIG, EXPERT_BUDGET_MS) if level == "expert" else (SearchConfig(), DEFAULT_BUDGET_MS)
    extra = changes(knobs)
    budget = int(str(extra.pop("budget_ms", budget)))
    return Setting(spec, budget, dataclasses.replace(base, time_cap=UNCAPPED, **extra))  # type: ignore[arg-type]


def positions(hands: int, seed: int) -> list[SeatView]:
    """The play decisions with more than one legal card of ``hands`` hands of four strong bots."""
    rules = preset("classic")
    out: list[SeatView] = []
    for k in range(hands):
        hand = Hand(rules, deal(rules, match_deal_number(seed, k)), rules.pass_offset(k))
        while hand.phase != "over":
            seat = hand.to_act()[0] if hand.phase == "pass" else hand.turn
            view = seat_view(hand, seat)
            if view.phase == "play" and view.legal & (view.legal - 1):
                out.append(view)
            act(hand, seat, view, decide(view, seed, DEFAULT_BUDGET_MS).card)
    return out


def reference(job: tuple[SeatView, int]) -> dict[tuple[int, int], tuple[float, float]]:
    """Every option's (match equity, points) by a search of ``budget`` ms of work that drops none."""
    view, budget = job
    config = SearchConfig(time_cap=UNCAPPED, drop_se=math.inf, max_worlds=10**6)
    choice = search_play(view, decision_rng(REF_SALT, view), budget, config)
    return {(s.card, s.plan): (s.value, s.points) for s in choice.options}


def choose(job: tuple[SeatView, Setting]) -> tuple[int, int, str, float]:
    """The configuration's (card, moon plan) for the view, the rule that chose it (for ``normal``) and CPU ms."""
    view, s = job
    start = time.process_time()
    if s.heuristics:
        card, why = explain_play(table_of(view, s.config.style), view.seat, view.hand, view.legal)
        group = next(g for g in card_groups(view) if g >> card & 1)  # the reference names a group by its highest card
        return group.bit_length() - 1, AUTO, why, (time.process_time() - start) * 1000
    choice = search_play(view, decision_rng(0, view), s.budget_ms, s.config)
    return choice.card, choice.plan, "", (time.process_time() - start) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ref-budget", type=int, default=3200)
    ap.add_argument("--configs", default="strong;expert")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="a file for the reference's values: read if it exists (the same --hands, "
                                   "--seed and --ref-budget), else written")
    args = ap.parse_args()
    settings = [setting(s) for s in args.configs.split(";")]
    views = positions(args.hands, args.seed)
    print(f"{len(views)} decisions from {args.hands} hands (seed {args.seed}); reference {args.ref_budget} ms of work",
          flush=True)
    kept = Path(args.keep) if args.keep else None
    with ProcessPoolExecutor(args.jobs) as pool:
        if kept and kept.exists():
            refs = pickle.loads(kept.read_bytes())
        else:
            refs = list(pool.map(reference, [(v, args.ref_budget) for v in views], chunksize=4))
            if kept:
                kept.write_bytes(pickle.dumps(refs))
        first: list[float] = []
        for s in settings:
            picks = list(pool.map(choose, [(v, s) for v in views], chunksize=4))
            losses = _report(s, views, refs, picks)
            if first:
                _paired(settings[0].name, first, losses)
            else:
                first = losses


def _report(s: Setting, views: list[SeatView], refs: list[dict[tuple[int, int], tuple[float, float]]],
            picks: list[tuple[int, int, str, float]]) -> list[float]:
    """Prints one configuration's regret; returns its equity regret per decision."""
    eq_loss, pt_loss, ms = [], [], []
    by_trick: dict[int, list[float]] = {}
    by_rule: dict[str, list[float]] = {}
    wrong = 0
    for view, ref, (card, plan, why, cpu) in zip(views, refs, picks):
        if not ref:  # the cards all play alike: nothing to choose
            continue
        best = max(ref.values())
        got = ref[(card, plan)]
        loss = (best[0] - got[0]) * 100
        eq_loss.append(loss)
        pt_loss.append(got[1] - best[1])
        by_trick.setdefault(len(view.plays) // 4 // 3, []).append(got[1] - best[1])
        wrong += got != best
        if why:
            by_rule.setdefault(why, []).append(loss)
        ms.append(cpu)
    n = len(eq_loss)
    se = statistics.stdev(eq_loss) / math.sqrt(n) if n > 1 else 0.0
    print(f"{s.name:40s} regret {statistics.fmean(eq_loss):.3f} ± {se:.3f} equity % · "
          f"{statistics.fmean(pt_loss):+.3f} points · not the reference's best {wrong}/{n} · "
          f"CPU ms median {statistics.median(ms):.0f} p95 {p95(ms):.0f}", flush=True)
    print("    points by tricks " + " · ".join(f"{3 * k + 1}-{3 * k + 3}: {statistics.fmean(v):+.3f} ({len(v)})"
                                            for k, v in sorted(by_trick.items())), flush=True)
    for why, losses in sorted(by_rule.items(), key=lambda kv: -sum(kv[1])):
        print(f"    {why:24s} {len(losses):4d} decisions · regret {sum(losses):7.3f} in all, "
              f"{statistics.fmean(losses):.3f} each · wrong {sum(1 for x in losses if x > 0)}", flush=True)
    return eq_loss


def _paired(name: str, first: list[float], losses: list[float]) -> None:
    diffs = [b - a for a, b in zip(first, losses)]
    se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    print(f"    minus {name}: {statistics.fmean(diffs):+.3f} ± {se:.3f} equity % per decision", flush=True)


if __name__ == "__main__":
    main()
