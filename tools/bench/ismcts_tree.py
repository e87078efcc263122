"""Information Set Monte Carlo Tree Search with heuristic playouts: a benchmark variant of the strong bot.

Not shipped: the flat search (:mod:`hearts.bots.search.pimc`) is the strong level;
this tree search uses the same sampler, playouts, equity and budget, so the two can be
compared at the same work (``bots_variants.py --hero tree``).

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012) from the deciding
seat's information set: every iteration deals the hidden cards anew
(:mod:`.sampler`), walks down a tree of card sequences choosing each seat's card
by UCB1 among the cards it can play in this deal, adds one node, and lets the
:mod:`.policy` heuristics finish the hand (:mod:`.playout`). Each seat is scored
by its own match value (:mod:`.equity`), in points, so the opponents in the tree
look for their best replies instead of following a fixed policy.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from hearts.bots.base import decision_rng  # noqa: E402
from hearts.bots.policy import AUTO, choose_play, table_of  # noqa: E402
from hearts.bots.search.budget import DEAL_WORK, DEFAULT_BUDGET_MS, Budget  # noqa: E402
from hearts.bots.search.equity import Equity  # noqa: E402
from hearts.bots.search.pimc import Choice, SearchConfig, candidates, search_pass  # noqa: E402
from hearts.bots.search.playout import Position, position_of  # noqa: E402
from hearts.bots.search.sampler import knowledge_of, sample_deal  # noqa: E402
from hearts.cards import cards_of  # noqa: E402
from hearts.deal import SplitMix64  # noqa: E402
from hearts.view import SeatView  # noqa: E402

__all__ = ["Node", "TreeBot", "descend", "tree_search"]

_SALT = 0x5720      # as the strong level: both meet the same random worlds
_NODE_WORK = 1      # a step down the tree


@dataclass(frozen=True)
class TreeBot:
    """The strong level's pass search with ISMCTS for the plays (a picklable arena player)."""

    seed: int = 0
    budget_ms: int | None = None
    config: SearchConfig = field(default_factory=SearchConfig)
    uct_c: float = 4.0          # exploration, in points

    def choose_pass(self, view: SeatView) -> int:
        return search_pass(view, decision_rng(self.seed, view, _SALT), self._budget(), self.config).card

    def choose_play(self, view: SeatView) -> int:
        cands = candidates(view, choose_play(table_of(view, self.config.style), view.seat, view.hand, view.legal))
        if len(cands) == 1:
            return cands[0]
        rng = decision_rng(self.seed, view, _SALT)
        return tree_search(view, cands, rng, self._budget(), self.config, self.uct_c).card

    def _budget(self) -> int:
        return self.budget_ms or DEFAULT_BUDGET_MS


class Node:
    """A node of the tree: one card played after its parent's sequence, seen across deals."""

    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.value = 0.0   # sum of the rewards of the seat that played into this node
        self.avail = 0     # iterations in which this node's card could be played


def tree_search(view: SeatView, cands: list[int], rng: SplitMix64, budget_ms: int, config: SearchConfig,
                uct_c: float) -> Choice:
    """The most visited of the root ``cands`` after ISMCTS with the budget's work."""
    n = view.players
    knowledge = knowledge_of(view, config.infer_queen)
    equities = [Equity(view.rules, s, view.totals) for s in range(n)]
    in_points = [1.0 / e.points_scale() for e in equities]
    plans = [AUTO] * n
    root = Node()
    budget = Budget(budget_ms, config.plays_per_ms, config.time_cap)
    iterations = 0
    while True:
        pos = position_of(view, sample_deal(knowledge, rng), config.style)
        path = descend(root, pos, cands, rng, uct_c)
        pos.play_out(plans)
        score = pos.score(view.totals)
        rewards = [equities[s].value(score) * in_points[s] for s in range(n)]
        for node, seat in path:
            node.visits += 1
            node.value += rewards[seat]
        budget.charge(DEAL_WORK + pos.work + _NODE_WORK * len(path))
        iterations += 1
        if iterations >= config.min_worlds * len(cands) and budget.exhausted():
            break
    card, best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].value / kv[1].visits))
    points = -best.value / best.visits
    return Choice(card, False, best.value / best.visits / in_points[view.seat], points, best.visits, budget.spent)


def descend(root: Node, pos: Position, cands: list[int], rng: SplitMix64, uct_c: float) -> list[tuple[Node, int]]:
    """Walk down (and grow) the tree in this deal, by UCB1 over the cards available in it (``cands`` at the
    root), adding one node; the nodes entered and the seat that moved into each."""
    path: list[tuple[Node, int]] = []
    node = root
    while pos.hands[pos.turn] or pos.table.trick:
        seat = pos.turn
        moves = cands if node is root else cards_of(pos.legal())
        untried = []
        for c in moves:
            child = node.children.get(c)
            if child is None:
                untried.append(c)
            else:
                child.avail += 1
        if untried:
            card = untried[rng.below(len(untried))]
            child = node.children[card] = Node()
            child.avail = 1
            pos.play(card)
            path.append((child, seat))
            return path
        log_n = {c: math.log(node.children[c].avail) for c in moves}
        card = max(moves, key=lambda c: _ucb(node.children[c], log_n[c], uct_c))
        node = node.children[card]
        pos.play(card)
        path.append((node, seat))
    return path


def _ucb(child: Node, log_avail: float, c: float) -> float:
    return child.value / child.visits + c * math.sqrt(log_avail / child.visits)
