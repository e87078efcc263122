"""Benchmark: how often three bots of a level stop a scripted moon-seeker.

The moon-seeker is a test bot (it never plays at the card table). A hand *fits* it when it
holds at least ``FIT_HIGH`` cards ranked Q, K or A and either

- at least ``FIT_HEARTS`` hearts including A♥ or K♥, or
- Q♠ with at least ``FIT_QUEEN_SPADES - 1`` other spades (a queen it can keep and win with).

When the 13 cards it is dealt fit, it passes its lowest cards
(:func:`~hearts.bots.policy.moon_pass`), else it passes as ``normal`` does. It *attempts* the
moon when the 13 cards it holds after the pass fit: it then plays the heuristics' moon plan
(:data:`~hearts.bots.policy.SHOOT`): it leads its sure winners (hearts first), else the highest
card of its longest suit, wins every trick it can with its highest card and sheds its lowest
cards without points when it cannot follow. Once another seat has taken a penalty card the moon is
gone and it plays like ``normal``; in a hand it does not attempt it plays like ``normal`` throughout.

Deal ``k`` is the match deal ``match_deal_number(seed, k)`` with the pass offset of hand ``k``
(classic rules: left, right, across, keep). The seeker takes the first seat, counting from
``k mod 4``, whose dealt cards fit; a deal where no seat's cards fit is not played. The other three
seats are bots of the level (seeds ``seed + seat``; ``strong`` and ``expert`` at their usual budgets with the
wall-clock cap lifted, so a busy machine changes no decision). An attempt is *stopped* when the seeker does not
shoot the moon. Per level the script prints the deals, the attempts, the share stopped with its
binomial SE, and the seeker's mean points in the hands it attempted (and the same running row every
``PROGRESS`` deals on stderr).

    nice -n 19 .venv/bin/python tools/bench/bots_moonstop.py --deals 400 --jobs 2 [--levels easy,normal,strong]
"""

from __future__ import annotations

import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from bots_moons import _pct as share  # noqa: E402  (a share with its binomial SE, as that table prints it)
from bots_moons import level_runs  # noqa: E402

from hearts import Hand, deal, match_deal_number  # noqa: E402
from hearts.bots import Bot  # noqa: E402
from hearts.bots.points import passes_to_partner  # noqa: E402
from hearts.bots.policy import AUTO, SHOOT, choose_pass, choose_play, moon_pass, table_of  # noqa: E402
from hearts.cards import HEART_MASK, HEARTS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, card  # noqa: E402
from hearts.game import moon_shooter  # noqa: E402
from hearts.rules import Rules, preset  # noqa: E402
from hearts.table.par import fixed_work_bot  # noqa: E402
from hearts.view import SeatView, seat_view  # noqa: E402

FIT_HIGH = 5            # cards ranked Q, K or A
FIT_HEARTS = 5          # hearts, A♥ or K♥ among them
FIT_QUEEN_SPADES = 3    # spades, Q♠ among them
PROGRESS = 50          # deals between the running rows printed on stderr
_QUEEN_UP = 10          # rank index of Q (ranks 0..12 are 2..A)
_TOP_HEARTS = 1 << card(12, HEARTS) | 1 << card(11, HEARTS)
_QS = 1 << QUEEN_OF_SPADES


def fits(hand: int) -> bool:
    """Whether 13 cards are a hand the seeker shoots with (see the module's docstring)."""
    high = sum(1 for c in range(52) if hand >> c & 1 and c % 13 >= _QUEEN_UP)
    hearts = hand & HEART_MASK
    strong_hearts = hearts.bit_count() >= FIT_HEARTS and bool(hearts & _TOP_HEARTS)
    kept_queen = bool(hand & _QS) and (hand & SUIT_MASKS[SPADES]).bit_count() >= FIT_QUEEN_SPADES
    return high >= FIT_HIGH and (strong_hearts or kept_queen)


class MoonSeeker:
    """The scripted moon-seeker: it reads only its seat's view, like every bot."""

    def choose_pass(self, view: SeatView) -> int:
        if fits(view.hand):
            return moon_pass(view.rules, view.hand)
        return choose_pass(view.rules, view.hand, to_partner=passes_to_partner(view.rules, view.pass_offset))

    def choose_play(self, view: SeatView) -> int:
        plan = SHOOT if attempting(view) else AUTO
        return choose_play(table_of(view), view.seat, view.hand, view.legal, plan)


def attempting(view: SeatView) -> bool:
    """Whether the cards the seat held after the pass (its hand and what it has played) fit."""
    after_pass = view.hand
    for seat, c in view.plays:
        if seat == view.seat:
            after_pass |= 1 << c
    return fits(after_pass)


@dataclass(frozen=True)
class Outcome:
    """One deal: whether the seeker attempted, whether it shot the moon, its points in the hand."""

    attempted: bool
    shot: bool
    points: int


def seeker_seat(rules: Rules, cards: tuple[int, ...], index: int) -> int:
    """The first seat from ``index mod players`` whose dealt cards fit, else -1."""
    n = rules.players
    return next((s % n for s in range(index, index + n) if fits(cards[s % n])), -1)


def play_one(task: tuple[Rules, str, int, int]) -> Outcome:
    """Deal ``index`` with the seeker (if any seat fits) and three bots of ``level``."""
    rules, level, seed, index = task
    cards = tuple(deal(rules, match_deal_number(seed, index)))
    seat = seeker_seat(rules, cards, index)
    if seat < 0:
        return Outcome(False, False, 0)
    bots: list[Bot] = [MoonSeeker() if s == seat else fixed_work_bot(level, seed + s) for s in range(rules.players)]
    hand = Hand(rules, cards, rules.pass_offset(index))
    while hand.phase == "pass":
        for s in hand.to_act():
            hand.choose_pass(s, bots[s].choose_pass(seat_view(hand, s)))
    if not fits(hand.hands[seat]):
        return Outcome(False, False, 0)
    while hand.phase == "play":
        hand.play(bots[hand.turn].choose_play(seat_view(hand, hand.turn)))
    score = hand.score()
    assert score is not None
    return Outcome(True, moon_shooter(rules, hand.taken) == seat, score[seat])


def row(level: str, outcomes: list[Outcome], seconds: float) -> str:
    tries = [o for o in outcomes if o.attempted]
    stopped = sum(1 for o in tries if not o.shot)
    points = sum(o.points for o in tries) / len(tries) if tries else math.nan
    return f"| {level} | {len(outcomes)} | {len(tries)} | {stopped} | {share(stopped, len(tries))} | {points:.2f} " \
           f"| {seconds:.0f} |"


def main() -> None:
    ap = level_runs(__doc__)
    args = ap.parse_args()
    rules = preset("classic")
    print(f"classic, {args.deals} deals, seed {args.seed}; the seeker against three bots of a level")
    print("| level | deals | attempts | stopped | stopped ± SE | seeker's points per attempt | s |")
    print("| --- | --- | --- | --- | --- | --- | --- |", flush=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for level in args.levels.split(","):
            start = time.perf_counter()
            tasks = [(rules, level, args.seed, k) for k in range(args.deals)]
            outcomes: list[Outcome] = []
            for outcome in pool.map(play_one, tasks, chunksize=2):
                outcomes.append(outcome)
                if len(outcomes) % PROGRESS == 0:  # a long run cut short still has its first deals' figure
                    print(row(level, outcomes, time.perf_counter() - start), file=sys.stderr, flush=True)
            print(row(level, outcomes, time.perf_counter() - start), flush=True)


if __name__ == "__main__":
    main()
