"""``evaluate(view, budget_ms, seed)``: the strong search's expected points of every option.

The strong bot (:mod:`.search.pimc`) races its candidates and drops the clearly worse ones
early, so it knows the best one well and the rest hardly. A review needs a figure for
the card a person actually chose too, so here every option meets every sampled deal
(the same deals for all of them: their differences carry little noise), and the figure
is the seat's mean points in the hand (after moon, sun and the −10 card; with teams its
side's, :func:`~.points.side_points`), not match equity.

The budget is work, not time (card plays in playouts, as the strong bot counts it),
with no wall-clock cap: the same view, budget and seed give the same figures on every
machine, in CPython and in the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..cards import cards_of, mask_of
from ..deal import SplitMix64
from ..view import SeatView
from .base import decision_rng
from .points import passes_to_partner, side_points
from .policy import AUTO, choose_pass, choose_play, table_of
from .search.budget import DEAL_WORK
from .search.pimc import SearchConfig, _exchange, candidates, card_groups, pass_options
from .search.playout import fresh_positions, position_of
from .search.sampler import knowledge_of, sample_deal

__all__ = ["evaluate", "MIN_WORLDS"]

MIN_WORLDS = 8            # every option is played in at least this many deals
_MAX_WORLDS = 400
_SALT = 0x7E71


def evaluate(view: SeatView, budget_ms: int, seed: int = 0, extra: Iterable[int] = ()) -> dict[int, float]:
    """Expected own points of each option of the seat to act.

    Playing: every legal card (cards that play alike share a figure). Passing: the
    strong bot's pass candidates and the sets in ``extra`` (masks of ``pass_count``
    cards), keyed by mask. Lower is better.
    """
    rng = decision_rng(seed, view, _SALT)
    work = budget_ms * SearchConfig().plays_per_ms
    if view.phase == "pass":
        to_partner = passes_to_partner(view.rules, view.pass_offset)
        sets = pass_options(view.rules, view.hand, to_partner=to_partner)
        options = list(dict.fromkeys([*sets, *extra]))
        return dict(zip(options, _mean_points(len(options), work, _pass_world(view, options, rng))))
    cands = candidates(view, choose_play(table_of(view), view.seat, view.hand, view.legal))
    means = dict(zip(cands, _mean_points(len(cands), work, _play_world(view, cands, rng)))
                 if len(cands) > 1 else [(cands[0], 0.0)])
    return {c: means[group.bit_length() - 1] for group in card_groups(view) for c in cards_of(group)}


World = Callable[[], tuple[list[float], int]]


def _mean_points(count: int, work: int, one_world: World) -> list[float]:
    """Mean points of ``count`` options over worlds until ``work`` card plays are spent."""
    totals = [0.0] * count
    spent = worlds = 0
    while worlds < _MAX_WORLDS and (worlds < MIN_WORLDS or spent < work):
        points, cost = one_world()
        totals = [t + p for t, p in zip(totals, points)]
        spent += cost
        worlds += 1
    return [t / worlds for t in totals]


def _play_world(view: SeatView, cards: list[int], rng: SplitMix64) -> World:
    knowledge = knowledge_of(view)
    plans = [AUTO] * view.players

    def one_world() -> tuple[list[float], int]:
        base = position_of(view, sample_deal(knowledge, rng))
        points: list[float] = []
        cost = DEAL_WORK
        for card in cards:
            pos = base.copy()
            pos.play(card)
            pos.play_out(plans)
            points.append(side_points(view.rules, pos.score(view.totals), view.seat))
            cost += pos.work
        return points, cost
    return one_world


def _pass_world(view: SeatView, options: list[int], rng: SplitMix64) -> World:
    rules, me, n = view.rules, view.seat, view.players
    others = cards_of(view.unseen)
    h = rules.hand_size
    seats = [s for s in range(n) if s != me]
    plans = [AUTO] * n
    fresh = fresh_positions(rules)

    to_partner = passes_to_partner(rules, view.pass_offset)

    def one_world() -> tuple[list[float], int]:
        rng.shuffle(others)
        hands = [0] * n
        hands[me] = view.hand
        for k, s in enumerate(seats):
            hands[s] = mask_of(others[k * h:(k + 1) * h])
        given = [choose_pass(rules, hands[s], to_partner=to_partner) if s != me else 0 for s in range(n)]
        points: list[float] = []
        cost = DEAL_WORK
        for cards in options:
            given[me] = cards
            pos = fresh(_exchange(hands, given, view.pass_offset))
            pos.play_out(plans)
            points.append(side_points(rules, pos.score(view.totals), me))
            cost += pos.work
        return points, cost
    return one_world

