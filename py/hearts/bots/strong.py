"""Level *strong*: Monte Carlo search over deals consistent with what the seat knows.

For a play: deal the hidden cards many times at random, respecting everything the
seat knows (:mod:`.sampler`); in each deal play every candidate card (and, when the
hand fits, the same card with a try for the moon) and let the :mod:`.policy`
heuristics finish the hand for all seats (:mod:`.playout`); pick the candidate
with the best average match value (:mod:`.equity`). All candidates meet the same
deals, so their differences are measured with little noise, and candidates that
are clearly worse are dropped early to spend the rest on the close ones.

Budget: a deterministic amount of work (a number of card plays in playouts,
:data:`PLAYS_PER_MS` per millisecond of ``budget_ms``), with ``budget_ms`` as a
hard time cap on top. On an idle machine the cap is never reached and the bot is
fully deterministic for a seed; on an overloaded one it may stop early, and then
decisions can differ from run to run (the price of staying responsive).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..cards import HEART_MASK, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SUIT_MASKS, cards_of
from ..deal import SplitMix64
from ..view import SeatView
from .base import decision_rng
from .equity import Equity
from .normal import table_of
from .playout import position_of
from .policy import MOON_GO, choose_pass, moon_taker
from .sampler import knowledge_of, sample_deal

__all__ = ["StrongBot", "Choice", "search_play", "DEFAULT_BUDGET_MS", "PLAYS_PER_MS"]

DEFAULT_BUDGET_MS = 100
PLAYS_PER_MS = 110        # playout card plays per ms of budget: about half of CPython's pace here
MIN_WORLDS = 2
MAX_WORLDS = 400
_SALT = 0x5720
_CHECKPOINTS = (8, 16, 32, 64, 128)  # worlds after which clearly worse candidates are dropped
_DROP_SE = 2.5                       # ... when the best leads them by this many standard errors


@dataclass(frozen=True)
class Choice:
    """A searched decision: the card, whether it starts a moon try, and what the search saw."""

    card: int
    moon: bool
    value: float          # mean match equity of the choice
    points: float         # its mean own points in the hand
    worlds: int


class StrongBot:
    def __init__(self, seed: int = 0, budget_ms: int | None = None) -> None:
        self.seed = seed
        self.budget_ms = budget_ms if budget_ms is not None else DEFAULT_BUDGET_MS

    def choose_pass(self, view: SeatView) -> int:
        return choose_pass(view.rules, view.hand)

    def choose_play(self, view: SeatView) -> int:
        return search_play(view, decision_rng(self.seed, view, _SALT), self.budget_ms).card


def candidates(view: SeatView) -> list[int]:
    """One card of each group of legal cards that play alike.

    Cards of one suit with no unseen card between them win and lose the same
    tricks; they are alike unless one of them scores differently (Q♠, J♦).
    """
    special = 1 << QUEEN_OF_SPADES | (1 << JACK_OF_DIAMONDS if view.rules.jack_of_diamonds else 0)
    unseen = view.unseen
    out = []
    for suit in range(4):
        run_top = -1
        for c in cards_of(view.legal & SUIT_MASKS[suit]):
            between = unseen & ((1 << c) - 1) & ~((2 << run_top) - 1) if run_top >= 0 else 0
            if run_top < 0 or between or (1 << c | 1 << run_top) & special:
                out.append(c)
            else:
                out[-1] = c  # same group: keep its highest card
            run_top = c
    return out


def _moon_plausible(view: SeatView) -> bool:
    """Worth searching a moon try: nobody else has points, and the hand has high hearts or the seat is on its way."""
    if view.rules.moon == "off":
        return False
    taker, points = moon_taker(table_of(view))
    if taker not in (-1, view.seat):
        return False
    if taker == view.seat and points >= MOON_GO:
        return False  # the heuristics go for it anyway
    hearts = view.hand & HEART_MASK
    high_hearts = hearts & ~((1 << (HEART_MASK.bit_length() - 4)) - 1)   # J♥ Q♥ K♥ A♥
    return taker == view.seat and points >= 5 or hearts.bit_count() >= 4 and high_hearts.bit_count() >= 2


def search_play(view: SeatView, rng: SplitMix64, budget_ms: int) -> Choice:
    """The best card for ``view`` by Monte Carlo search within ``budget_ms``."""
    cands = candidates(view)
    plans = [False, True] if _moon_plausible(view) else [False]
    options = [(c, p) for c in cands for p in plans]
    if len(options) == 1:
        return Choice(cands[0], plans[0], 0.0, 0.0, 0)
    start = time.perf_counter()
    knowledge = knowledge_of(view)
    equity = Equity(view.rules, view.seat, view.totals)
    n = view.players
    plays_per_world = max(1, sum(view.hand_sizes)) * len(options)
    worlds = max(MIN_WORLDS, min(MAX_WORLDS, budget_ms * PLAYS_PER_MS // plays_per_world))
    values: list[list[float]] = [[] for _ in options]
    points: list[list[int]] = [[] for _ in options]
    active = list(range(len(options)))
    for w in range(worlds):
        base = position_of(view, sample_deal(knowledge, rng))
        for i in active:
            card, moon = options[i]
            pos = base.copy()
            pos.play(card)
            plan = [False] * n
            plan[view.seat] = moon
            pos.play_out(plan)
            score = pos.score(view.totals)
            values[i].append(equity.value(score))
            points[i].append(score[view.seat])
        done = w + 1
        if done in _CHECKPOINTS:
            active = _survivors(active, values)
        if len(active) == 1 or done >= MIN_WORLDS and (time.perf_counter() - start) * 1000 > budget_ms:
            break
    best = max(active, key=lambda i: (sum(values[i]) / len(values[i]), -i))
    card, moon = options[best]
    return Choice(card, moon, sum(values[best]) / len(values[best]),
                  sum(points[best]) / len(points[best]), len(values[best]))


def _survivors(active: list[int], values: list[list[float]]) -> list[int]:
    """The options not clearly worse than the best so far (paired over the same deals)."""
    m = len(values[active[0]])
    means = {i: sum(values[i]) / m for i in active}
    best = max(active, key=lambda i: means[i])
    keep = []
    for i in active:
        if i == best:
            keep.append(i)
            continue
        diffs = [b - v for b, v in zip(values[best], values[i])]
        mean = means[best] - means[i]
        var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
        if mean <= _DROP_SE * (var / m) ** 0.5:
            keep.append(i)
    return keep
