"""Benchmark: how good and how varied the strong search's deals of the hidden cards are.

Plays ``--hands`` classic hands with a field of one level (``normal``, ``easy`` or ``random``)
in every seat and, at the decisions of trick ``--from-trick`` to ``--to-trick`` (counted from 0), deals
the hidden cards ``--deals`` times from that seat's view in each way: uniformly
(:func:`~hearts.bots.search.sampler.sample_deal`), with one likely-deals chain, one chain
with a factor per seat, and ``--chains`` chains taking turns (:class:`~hearts.bots.search.inference.DealChain`).
Prints per way:

- *placed*: the share of the others' cards a deal puts with the seat that really holds them
  (all cards; and hearts with Q♠, the cards a moon hangs on);
- *score*: the mean log of the share of deals that put a card with the seat that really holds it
  (with half a deal added to each count), per hidden card. Unlike *placed*, a proper score: deals
  surer than the plays warrant lose by it, so it can rank a model that misleads below uniform deals
  (and, per view, the default's gain in it over the factor per seat alone, and that one's over
  uniform deals, with their standard errors);
- *alike at lag k*: the share of the others' cards that deals ``k`` apart put with the same
  seat. Uniform deals are alike by chance only, the same at every lag; a search that treats
  its deals as independent wants neighbours no more alike than that.

    .venv/bin/python tools/bench/deal_chains.py --field easy --hands 30

With ``--records F.jsonl`` the views are our seat's in hands another program played: lines of
``{"hands": [{"hero_seat": S, "record": <game record with every play>}, ...]}`` (each hand's
record as ``python -m hearts`` reads it). The last way then also reads a seat by the looser model
when its plays call for it (``SearchConfig.infer_tops``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts import Hand, deal, hand_from_record, preset  # noqa: E402
from hearts.bots import Bot  # noqa: E402
from hearts.bots.easy import EasyBot  # noqa: E402
from hearts.bots.normal import NormalBot  # noqa: E402
from hearts.bots.randombot import RandomBot  # noqa: E402
from hearts.bots.search.inference import DealChain  # noqa: E402
from hearts.bots.search.pimc import SearchConfig  # noqa: E402
from hearts.bots.search.sampler import knowledge_of  # noqa: E402
from hearts.cards import HEART_MASK, QUEEN_OF_SPADES, parse_card  # noqa: E402
from hearts.deal import SplitMix64  # noqa: E402
from hearts.rules import Rules  # noqa: E402
from hearts.view import SeatView, seat_view  # noqa: E402

FIELDS: dict[str, Callable[[int], Bot]] = {"normal": NormalBot, "easy": EasyBot, "random": RandomBot}
ALL_CARDS = (1 << 52) - 1
MOON_CARDS = HEART_MASK | 1 << QUEEN_OF_SPADES
LAGS = (1, 2, 4, 8)
STRONG = SearchConfig()  # the strong level's chain, read from its defaults rather than copied
STEPS, MISS, TOPS = STRONG.infer_steps, STRONG.infer_miss, STRONG.infer_tops


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


def views_of_records(path: Path, every: int = 3, first: int = 0, last: int = 99) -> list[tuple[SeatView, list[int]]]:
    """Every ``every``-th decision of the hero seat in tricks ``first``–``last`` of the hands in ``path``
    (see the module's doc), each view with the true hands then."""
    out = []
    for line in path.read_text().splitlines():
        for played in json.loads(line)["hands"]:
            record = dict(played["record"])
            plays = record.pop("plays")
            hand = hand_from_record({**record, "plays": []})
            step = 0
            for card in plays:
                if hand.turn == played["hero_seat"]:
                    view = seat_view(hand, hand.turn)
                    if step % every == 0 and first <= view.trick_number <= last:
                        out.append((view, list(hand.hands)))
                    step += 1
                hand.play(parse_card(card))
    return out


def shared_cards(view: SeatView, a: list[int], b: list[int], mask: int = ALL_CARDS) -> int:
    """The others' cards (of ``mask``) that deals ``a`` and ``b`` put with the same seat: with ``b`` the true
    deal, the cards ``a`` puts where they really are."""
    return sum((x & y & mask).bit_count() for s, (x, y) in enumerate(zip(a, b)) if s != view.seat)


def log_score(view: SeatView, dealt: list[list[int]], truth: list[int]) -> tuple[float, int]:
    """The sum over the others' cards of the log of the share of ``dealt`` that put the card where ``truth``
    has it (half a deal added to each count, 1.5 to the whole), and how many cards that is."""
    total, cards = 0.0, 0
    for seat, held in enumerate(truth):
        if seat != view.seat:
            for card in range(52):
                if held >> card & 1:
                    right = sum(d[seat] >> card & 1 for d in dealt)
                    total += math.log((right + 0.5) / (len(dealt) + 1.5))
                    cards += 1
    return total, cards


def measure(samples: list[tuple[SeatView, list[int]]], deals: int, steps: int, adapt: bool,
            chains: int, tops: int = 0, view_scores: list[float] | None = None) -> dict[str, float]:
    """The figures of one way of dealing over ``samples``; each view's own score goes to ``view_scores``."""
    rng = SplitMix64(5)
    got: dict[str, float] = {"placed": 0, "placed_moon": 0, "score": 0.0, **{f"lag{k}": 0 for k in LAGS}}
    of = dict.fromkeys(got, 0)
    for view, truth in samples:
        chain = DealChain(view, knowledge_of(view), steps, MISS, adapt=adapt, chains=chains, tops=tops)
        dealt = [chain.deal(rng)[0] for _ in range(deals)]
        score, cards = log_score(view, dealt, truth)
        got["score"] += score
        of["score"] += cards
        if view_scores is not None:
            view_scores.append(score / cards)
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
    parser.add_argument("--records", type=Path, help="our seat's views in these hands instead of a field's")
    args = parser.parse_args()
    if args.records:
        samples = views_of_records(args.records, 3, args.from_trick, args.to_trick)
        source = str(args.records)
    else:
        samples = views_of_hands(preset("classic"), FIELDS[args.field], args.hands, 3, args.from_trick, args.to_trick)
        source = f"{args.field} field"
    ways = [("uniform", 0, False, 1, 0), ("one chain", STEPS, False, 1, 0),
            ("one chain, factor per seat", STEPS, True, 1, 0),
            (f"{args.chains} chains, factor per seat", STEPS, True, args.chains, 0),
            (f"{args.chains} chains, factor and model per seat (default)", STEPS, True, args.chains, TOPS)]
    print(f"{source}, {len(samples)} views, {args.deals} deals each")
    print("| deals | placed | hearts + Q♠ placed | score | " + " | ".join(f"alike at lag {k}" for k in LAGS) + " |")
    print("| --- " * (4 + len(LAGS)) + "|")
    scores: list[list[float]] = []
    for name, steps, adapt, chains, tops in ways:
        scores.append([])
        r = measure(samples, args.deals, steps, adapt, chains, tops, scores[-1])
        cells = [f"{100 * r['placed']:.1f} %", f"{100 * r['placed_moon']:.1f} %", f"{r['score']:.4f}"]
        cells += [f"{100 * r[f'lag{k}']:.1f} %" for k in LAGS]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    for before, after in ((0, 3), (3, 4)):  # the factor per seat over uniform deals; the default over it
        gain = [y - x for x, y in zip(scores[before], scores[after])]
        print(f"score per view, {ways[after][0]} minus {ways[before][0]}: {statistics.mean(gain):+.4f} "
              f"± {statistics.stdev(gain) / math.sqrt(len(gain)):.4f}")


if __name__ == "__main__":
    main()
