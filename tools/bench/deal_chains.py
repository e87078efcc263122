"""Benchmark: how good and how varied the strong search's deals of the hidden cards are.

Plays ``--hands`` classic hands with a field of one level (``normal``, ``easy`` or ``random``)
in every seat and, at the decisions of trick ``--from-trick`` to ``--to-trick`` (counted from 0), deals
the hidden cards ``--deals`` times from that seat's view in each way: uniformly
(:func:`~hearts.bots.search.sampler.sample_deal`), with one likely-deals chain, one chain
with a factor per seat, and ``--chains`` chains taking turns (:class:`~hearts.bots.search.inference.DealChain`).
Prints per way:

- *placed*: the share of the others' cards a deal puts with the seat that really holds them
  (all cards; and hearts with Q♠, the cards a moon hangs on);
- *alike at lag k*: the share of the others' cards that deals ``k`` apart put with the same
  seat. Uniform deals are alike by chance only, the same at every lag; a search that treats
  its deals as independent wants neighbours no more alike than that.

    .venv/bin/python tools/bench/deal_chains.py --field easy --hands 30
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts import Hand, deal, preset  # noqa: E402
from hearts.bots import Bot  # noqa: E402
from hearts.bots.easy import EasyBot  # noqa: E402
from hearts.bots.normal import NormalBot  # noqa: E402
from hearts.bots.randombot import RandomBot  # noqa: E402
from hearts.bots.search.inference import DealChain  # noqa: E402
from hearts.bots.search.sampler import knowledge_of  # noqa: E402
from hearts.cards import HEART_MASK, QUEEN_OF_SPADES  # noqa: E402
from hearts.deal import SplitMix64  # noqa: E402
from hearts.rules import Rules  # noqa: E402
from hearts.view import SeatView, seat_view  # noqa: E402

FIELDS: dict[str, Callable[[int], Bot]] = {"normal": NormalBot, "easy": EasyBot, "random": RandomBot}
ALL_CARDS = (1 << 52) - 1
MOON_CARDS = HEART_MASK | 1 << QUEEN_OF_SPADES
LAGS = (1, 2, 4, 8)
STEPS, MISS = 8, 0.05  # the strong level's chain (SearchConfig.infer_steps, infer_miss)


def views_of_hands(rules: Rules, field: Callable[[int], Bot], hands: int, every: int = 3, first: int = 0,
                   last: int = 99) -> list[tuple[SeatView, list[int]]]:
    """Every ``every``-th decision of tricks ``first``–``last`` (from 0) while ``field`` bots play ``hands``
    deals, each view with the true hands then."""
    bots = [field(s) for s in range(rules.players)]
    out = []
    for number in range(hands):
        hand = Hand(rules, deal(rules, number), rules.pass_offset(number))
        while hand.phase == "pass":
            for seat in hand.to_act():
                hand.choose_pass(seat, bots[seat].choose_pass(seat_view(hand, seat)))
        step = 0
        while hand.phase == "play":
            view = seat_view(hand, hand.turn)
            if step % every == 0 and first <= view.trick_number <= last:
                out.append((view, list(hand.hands)))
            hand.play(bots[hand.turn].choose_play(view))
            step += 1
    return out


def shared_cards(view: SeatView, a: list[int], b: list[int], mask: int = ALL_CARDS) -> int:
    """The others' cards (of ``mask``) that deals ``a`` and ``b`` put with the same seat: with ``b`` the true
    deal, the cards ``a`` puts where they really are."""
    return sum((x & y & mask).bit_count() for s, (x, y) in enumerate(zip(a, b)) if s != view.seat)


def measure(samples: list[tuple[SeatView, list[int]]], deals: int, steps: int, adapt: bool,
            chains: int) -> dict[str, float]:
    rng = SplitMix64(5)
    got = {"placed": 0, "placed_moon": 0, **{f"lag{k}": 0 for k in LAGS}}
    of = dict.fromkeys(got, 0)
    for view, truth in samples:
        chain = DealChain(view, knowledge_of(view), steps, MISS, adapt=adapt, chains=chains)
        dealt = [chain.deal(rng)[0] for _ in range(deals)]
        hidden = sum(n for s, n in enumerate(view.hand_sizes) if s != view.seat)
        moon_hidden = sum((t & MOON_CARDS).bit_count() for s, t in enumerate(truth) if s != view.seat)
        for d in dealt:
            got["placed"] += shared_cards(view, d, truth, ALL_CARDS)
            got["placed_moon"] += shared_cards(view, d, truth, MOON_CARDS)
            of["placed"] += hidden
            of["placed_moon"] += moon_hidden
        for k in LAGS:
            for a, b in zip(dealt, dealt[k:]):
                got[f"lag{k}"] += shared_cards(view, a, b, ALL_CARDS)
                of[f"lag{k}"] += hidden
    return {key: got[key] / of[key] if of[key] else 0.0 for key in got}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--field", choices=sorted(FIELDS), default="easy")
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--deals", type=int, default=24, help="deals per view")
    parser.add_argument("--from-trick", type=int, default=2)
    parser.add_argument("--to-trick", type=int, default=9)
    parser.add_argument("--chains", type=int, default=4)
    args = parser.parse_args()
    samples = views_of_hands(preset("classic"), FIELDS[args.field], args.hands, 3, args.from_trick, args.to_trick)
    ways = [("uniform", 0, False, 1), ("one chain", STEPS, False, 1), ("one chain, factor per seat", STEPS, True, 1),
            (f"{args.chains} chains, factor per seat", STEPS, True, args.chains)]
    print(f"{args.field} field, {len(samples)} views, {args.deals} deals each")
    print("| deals | placed | hearts + Q♠ placed | " + " | ".join(f"alike at lag {k}" for k in LAGS) + " |")
    print("| --- " * (3 + len(LAGS)) + "|")
    for name, steps, adapt, chains in ways:
        r = measure(samples, args.deals, steps, adapt, chains)
        cells = [f"{100 * r['placed']:.1f} %", f"{100 * r['placed_moon']:.1f} %"]
        cells += [f"{100 * r[f'lag{k}']:.1f} %" for k in LAGS]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
