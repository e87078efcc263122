"""The flat Monte Carlo search (PIMC) behind the strong level.

For a play: deal the hidden cards many times at random, respecting everything the
seat knows (:mod:`.sampler`); in each deal play every candidate card (and, when the
hand fits, the same card with a try for the moon, or with a moon called off) and let
the :mod:`~hearts.bots.policy` heuristics finish the hand for all seats
(:mod:`.playout`; another seat that has taken many points alone plays for the moon
there, as such players often do); pick the candidate with the best average match value
(:mod:`.equity`). All candidates meet the same deals, so the luck of a deal falls
alike on each and their differences stand out; candidates that are clearly worse are
dropped early to spend the rest of the budget (:mod:`.budget`) on the close ones.
For a pass: a few candidate sets, each played out in random deals of the unseen cards.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ...cards import SUIT_MASKS, cards_of, mask_of
from ...deal import SplitMix64
from ...rules import Rules
from ...view import SeatView
from ..points import passes_to_partner, points_of, side_points
from ..policy import (
    AUTO,
    NO_MOON,
    SEARCH_STYLE,
    SHOOT,
    Style,
    Table,
    choose_pass,
    choose_play,
    moon_pass,
    moon_strength,
    moon_threat_of,
    pass_danger,
    shooting,
    table_of,
)
from .budget import DEAL_WORK, PLAYOUT_WORK, Budget
from .equity import Equity
from .inference import DealChain
from .playout import Position, fresh_positions, positions_of
from .sampler import knowledge_of

__all__ = ["Choice", "Scored", "SearchConfig", "search_play", "search_pass", "candidates", "card_groups",
           "pass_options"]

_CHECKPOINTS = (8, 16, 32, 64, 128)  # worlds after which clearly worse candidates are dropped


@dataclass(frozen=True)
class SearchConfig:
    """The search's knobs (the defaults are the strong level; benchmarks try others)."""

    plays_per_ms: int = 200     # work (card plays) per ms of budget: well within CPython's pace, so a budget
                                # leaves room for the browser's slower interpreter under the wall-clock cap
    min_worlds: int = 2
    max_worlds: int = 400
    drop_se: float = 2.5        # drop an option once the best leads it by this many standard errors
    time_cap: float = 5.0       # wall-clock cap: stop once a search has run this many times budget_ms; the
                                # slowest engine (WebKit's wasm) needs this much for its costliest decisions, so
                                # that only an overloaded machine, never an engine, gets less work done
    pass_swaps: int = 3         # pass candidates: the heuristic set and swaps with the next cards
    pass_search: bool = True    # False: pass by the heuristics
    moon_tries: bool = True     # search moon tries as options of their own
    moon_margin: int = 3        # weigh a moon try for hands this much below the heuristics' threshold
                                # (``Style.moon_start``; in classic moon points, scaled as it is: :mod:`..points`)
    infer_queen: bool = True    # deal Q♠ by the odds read from the plays (else uniformly)
    style: Style = SEARCH_STYLE  # the heuristics that play the playouts out
    infer_steps: int = 8        # deal by how well a deal explains the others' plays (:mod:`.inference`): swaps
    infer_miss: float = 0.05    # proposed per world (0: uniform deals), and a deal's factor per play unexplained
    infer_adapt: bool = True    # each seat's factor read from how well the heuristics explain its plays
    infer_chains: int = 4       # chains taking turns at the deals: neighbouring deals of one chain are alike
    infer_tops: int = 2         # a seat with this many plays only a lead or discard of its top card of a suit
                                # explains is read as one that sheds them so, as searching programs do (with
                                # ``infer_adapt``; 0: never)
    rival_shoots: int = 8       # another seat alone with this many moon points (classic: hearts, Q♠ 5) plays for
                                # the moon in the playouts (0: the heuristics decide, as for everyone else)
    rival_chooses: bool = True  # each deal's rival shoots only where that leaves it fewer points (else the
                                # heuristics decide): a real shooter gives up a moon it sees stopped


@dataclass(frozen=True)
class Scored:
    """One option as the search saw it: the card (or set of cards), its moon plan, and its figures."""

    card: int
    plan: int             # AUTO, SHOOT or NO_MOON for the deciding seat
    value: float          # mean match equity
    points: float         # mean own points in the hand (with teams the side's: :func:`~..points.side_points`)
    worlds: int           # deals it was played in


@dataclass(frozen=True)
class Choice:
    """A searched decision: the card, whether it starts a moon try, and what the search saw."""

    card: int             # the card (a set of cards for a pass)
    moon: bool            # the choice plays for the moon
    value: float          # mean match equity of the choice
    points: float         # its mean own points in the hand
    worlds: int           # deals it was played in
    work: int = 0         # the search's effort in card plays (see :mod:`.budget`)
    plan: int = AUTO      # the deciding seat's moon plan that went with it
    runner_up: Scored | None = None    # the best of the other options, when there were others
    heuristic: Scored | None = None    # the heuristics' own option (the first one), as searched
    options: tuple[Scored, ...] = ()   # every option as searched, the heuristics' first


def card_groups(view: SeatView) -> list[int]:
    """The legal cards in groups (sets) of cards that play alike.

    Cards of one suit with no unseen card between them (nor one of the trick in
    progress) win and lose the same tricks; they are alike unless they score
    differently (Q♠ and its neighbours, J♦; each heart in Spot Hearts) or only one
    of them is a moon card.
    """
    unseen = view.unseen
    for _, c in view.trick:
        unseen |= 1 << c
    pts = points_of(view.rules)
    return _alike_runs(view.legal, unseen, pts.values, pts.moon_cards)


def _alike_runs(cards: int, others: int, values: tuple[int, ...], moon_cards: int) -> list[int]:
    """``cards`` in runs (sets) that play alike: of one suit with none of ``others`` between them,
    and all of the same points (``values``) and alike in being a moon card or not."""
    out: list[int] = []
    for suit in range(4):
        last = -1
        for c in cards_of(cards & SUIT_MASKS[suit]):
            between = others & ((1 << c) - 1) & ~((2 << last) - 1) if last >= 0 else 0
            if last < 0 or between or values[c] != values[last] or (moon_cards >> c ^ moon_cards >> last) & 1:
                out.append(1 << c)
            else:
                out[-1] |= 1 << c
            last = c
    return out


def candidates(view: SeatView, first: int = -1) -> list[int]:
    """One card (the highest) of each group of cards that play alike; ``first``'s group comes first."""
    groups = card_groups(view)
    groups.sort(key=lambda g: not g >> first & 1 if first >= 0 else False)
    return [g.bit_length() - 1 for g in groups]


def _play_plans(view: SeatView, table: Table, config: SearchConfig) -> tuple[list[int], bool]:
    """The moon plans worth searching for this seat, and whether the heuristics alone would shoot.

    ``AUTO`` always (the heuristics decide); beside it ``NO_MOON`` when they would shoot, or
    ``SHOOT`` when the hand comes close to their threshold.
    """
    auto = shooting(table, view.seat, view.hand, view.unseen)
    taker, points = table.moon
    if view.rules.moon == "off" or taker not in (-1, view.seat):
        return [AUTO], auto
    if auto:
        return [AUTO, NO_MOON], auto
    strength = moon_strength(view.hand, view.unseen, table.pts) + (points if taker == view.seat else 0)
    return ([AUTO, SHOOT] if strength >= _search_threshold(view.rules, config) else [AUTO]), auto


def _search_threshold(rules: Rules, config: SearchConfig) -> float:
    """The moon strength from which the search weighs a moon try."""
    return (config.style.moon_start - config.moon_margin) * points_of(rules).moon_scale


# One sampled world: per active option (match equity, own points), and the work it took.
Outcomes = tuple[list[tuple[float, float]], int]
World = Callable[[list[int]], Outcomes]


def _play_options(active: list[int], options: list[tuple[int, int]], start: Callable[[int], Position],
                  view: SeatView, equity: Equity, rival: int = -1, rival_chooses: bool = False) -> Outcomes:
    """Each active (card, plan) option played out in one world: ``start(card)`` is the position after
    the card; the deciding seat follows the option's moon plan, the ``rival`` (if any) shoots, everyone
    else plays by the heuristics. With ``rival_chooses`` each option is also played out with the rival
    on the heuristics, and the rival gets whichever of the two leaves it fewer points."""
    out = []
    work = DEAL_WORK
    rules, me = view.rules, view.seat
    for i in active:
        card, plan = options[i]
        pos = start(card)
        seat_plans = [AUTO] * view.players
        if rival >= 0:
            seat_plans[rival] = SHOOT
        seat_plans[me] = plan
        calm = pos.copy() if rival_chooses and rival >= 0 else None
        pos.play_out(seat_plans)
        score = pos.score(view.totals)
        if calm is not None:
            score, extra = _rivals_pick(calm, seat_plans, rival, score, view.totals)
            work += extra
        out.append((equity.value(score), side_points(rules, score, me)))
        work += PLAYOUT_WORK + pos.work
    return out, work


def _rivals_pick(calm: Position, plans: list[int], rival: int, shot: list[int],
                 totals: tuple[int, ...]) -> tuple[list[int], int]:
    """The rival's better outcome of one world: ``shot`` (its moon try played out) or ``calm`` played out
    with the rival on the heuristics (the fewer points for the rival; a tie goes to the heuristics).
    Without this the rival of every deal shoots to the end, and a deal where the moon fails shows the
    search a rival that eats every heart it is fed; a real shooter gives up and dumps its points.
    Also the work of the second playout."""
    calm_plans = plans.copy()
    calm_plans[rival] = AUTO
    calm.play_out(calm_plans)
    score = calm.score(totals)
    return (score if score[rival] <= shot[rival] else shot), PLAYOUT_WORK + calm.work


def search_play(view: SeatView, rng: SplitMix64, budget_ms: int, config: SearchConfig = SearchConfig()) -> Choice:
    """The best card for ``view`` by Monte Carlo search within ``budget_ms``."""
    table = table_of(view, config.style)
    cands = candidates(view, choose_play(table, view.seat, view.hand, view.legal))
    plans, auto_shoots = _play_plans(view, table, config) if config.moon_tries else ([AUTO], False)
    options = [(c, p) for c in cands for p in plans]
    if len(options) == 1:
        return Choice(cands[0], auto_shoots, 0.0, 0.0, 0)
    knowledge = knowledge_of(view, config.infer_queen)
    deals = DealChain(view, knowledge, config.infer_steps, config.infer_miss, config.style, config.infer_adapt,
                      config.infer_chains, config.infer_tops)
    equity = Equity(view.rules, view.seat, view.totals)
    world_of = positions_of(view, config.style)
    rival = _rival(table, view.seat, config)

    def one_world(active: list[int]) -> Outcomes:
        hands, inferring = deals.deal(rng)
        base = world_of(hands)

        def after(card: int) -> Position:
            pos = base.copy()
            pos.play(card)
            return pos

        outcomes, work = _play_options(active, options, after, view, equity, rival, config.rival_chooses)
        return outcomes, work + inferring

    return _decide(options, _race(options, Budget(budget_ms, config.plays_per_ms, config.time_cap),
                                  config, one_world),
                   lambda card, plan: plan == SHOOT or plan == AUTO and auto_shoots)


def _rival(table: Table, seat: int, config: SearchConfig) -> int:
    """The seat other than ``seat`` the playouts let shoot: the only one with points, and ``rival_shoots``
    moon points of them (-1: none). A player who has taken that many alone is often on its way; the
    heuristics alone would carry on for the moon only much later (``moon_go``), so the search would
    feed it the rest."""
    if not config.rival_shoots:
        return -1
    return moon_threat_of(table, seat, config.rival_shoots)


def _decide(options: list[tuple[int, int]], race: tuple[int, list[Scored], int],
            is_moon: Callable[[int, int], bool]) -> Choice:
    """The race's winner as a :class:`Choice`, with the runner-up (the best option with other cards,
    else the same cards with another moon plan) and the heuristics' option beside it."""
    best, scored, work = race
    chosen = scored[best]
    others = [s for i, s in enumerate(scored) if i != best]
    runner_up = max(others, key=lambda s: (s.card != chosen.card, s.value)) if others else None
    return Choice(chosen.card, is_moon(*options[best]), chosen.value, chosen.points, chosen.worlds, work,
                  chosen.plan, runner_up, scored[0], tuple(scored))


def _race(options: list[tuple[int, int]], budget: Budget, config: SearchConfig,
          one_world: World) -> tuple[int, list[Scored], int]:
    """Evaluate the (card, plan) ``options`` on the same random worlds, dropping clearly worse ones at checkpoints.

    ``one_world(active)`` samples a world and returns (match equity, own points) per active option,
    and the work it took. The search runs until the budget is spent.
    Returns the best option, every option's figures and the work.
    """
    count = len(options)
    values: list[list[float]] = [[] for _ in range(count)]
    points: list[list[float]] = [[] for _ in range(count)]
    active = list(range(count))
    for w in range(config.max_worlds):
        results, work = one_world(active)
        budget.charge(work)
        for i, (v, p) in zip(active, results):
            values[i].append(v)
            points[i].append(p)
        done = w + 1
        if done in _CHECKPOINTS:
            active = _survivors(active, values, config.drop_se)
        if len(active) == 1 or done >= config.min_worlds and budget.exhausted():
            break
    best = max(active, key=lambda i: (sum(values[i]) / len(values[i]), -i))
    scored = [Scored(card, plan, _mean(v), _mean(p), len(v)) for (card, plan), v, p in zip(options, values, points)]
    return best, scored, budget.spent


def _mean(xs: list[float] | list[int]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def search_pass(view: SeatView, rng: SplitMix64, budget_ms: int, config: SearchConfig = SearchConfig()) -> Choice:
    """The best cards to pass: a few sensible candidate sets, each played out in random deals of the
    unseen cards, where the other seats pass by the heuristics and everyone plays the hand out."""
    rules = view.rules
    n = rules.players
    me = view.seat
    to_partner = passes_to_partner(rules, view.pass_offset)
    sets = pass_options(rules, view.hand, config, to_partner)
    plans = [AUTO, SHOOT] if config.moon_tries and _moon_hand(rules, view.hand, config) else [AUTO]
    options = [(s, p) for s in sets for p in plans]
    if len(options) == 1:
        return Choice(sets[0], False, 0.0, 0.0, 0)
    equity = Equity(rules, me, view.totals)
    others = cards_of(view.unseen)
    h = rules.hand_size
    seats = [s for s in range(n) if s != me]
    fresh = fresh_positions(rules, config.style)

    def one_world(active: list[int]) -> Outcomes:
        rng.shuffle(others)
        hands = [0] * n
        hands[me] = view.hand
        for k, s in enumerate(seats):
            hands[s] = mask_of(others[k * h:(k + 1) * h])
        given = [choose_pass(rules, hands[s], config.style, to_partner) if s != me else 0 for s in range(n)]

        def after(cards: int) -> Position:
            given[me] = cards
            return fresh(_exchange(hands, given, view.pass_offset))

        return _play_options(active, options, after, view, equity)

    moon_cards = moon_pass(rules, view.hand) if len(plans) > 1 else -1
    return _decide(options, _race(options, Budget(budget_ms, config.plays_per_ms, config.time_cap),
                                  config, one_world),
                   lambda cards, plan: plan == SHOOT or cards == moon_cards)


def _exchange(hands: list[int], given: list[int], offset: int) -> list[int]:
    n = len(hands)
    out = [h & ~g for h, g in zip(hands, given)]
    for s in range(n):
        out[(s + offset) % n] |= given[s]
    return out


def pass_options(rules: Rules, hand: int, config: SearchConfig = SearchConfig(), to_partner: bool = False) -> list[int]:
    """The heuristic pass, the sets one swap away from it towards the next most dangerous cards
    (``config.pass_swaps`` of them), and for a hand that may shoot, the lowest cards (``to_partner``:
    the pass goes to the partner)."""
    base = choose_pass(rules, hand, config.style, to_partner)
    ranked = sorted(cards_of(hand & ~base), key=lambda c: -pass_danger(rules, hand, c))
    out = [base]
    for extra in ranked[:config.pass_swaps]:
        for drop in cards_of(base):
            out.append(base & ~(1 << drop) | 1 << extra)
    if _moon_hand(rules, hand, config):
        out.append(moon_pass(rules, hand))
    return list(dict.fromkeys(out))


def _moon_hand(rules: Rules, hand: int, config: SearchConfig) -> bool:
    """A hand worth trying for the moon, a little more readily than the heuristics would."""
    return rules.moon != "off" and \
        moon_strength(hand, rules.deck & ~hand, points_of(rules)) >= _search_threshold(rules, config)


def _lead_in_se(better: list[float], worse: list[float]) -> float:
    """How many standard errors ``better`` leads ``worse`` by, paired over the same worlds."""
    m = len(better)
    diffs = [b - w for b, w in zip(better, worse)]
    mean = sum(diffs) / m
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1) if m > 1 else 0.0
    if var == 0.0:
        return float("inf") if mean > 0 else 0.0
    return mean / math.sqrt(var / m)


def _survivors(active: list[int], values: list[list[float]], drop_se: float) -> list[int]:
    """The options not clearly worse than the best so far (paired over the same deals)."""
    m = len(values[active[0]])
    best = max(active, key=lambda i: sum(values[i]) / m)
    return [i for i in active if i == best or _lead_in_se(values[best], values[i]) <= drop_se]
