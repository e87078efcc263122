"""Information Set Monte Carlo Tree Search with heuristic playouts (the strong search's tree mode).

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
import time
from typing import TYPE_CHECKING

from ..cards import cards_of
from ..deal import SplitMix64
from ..view import SeatView
from .equity import Equity
from .playout import Position, position_of
from .policy import AUTO
from .sampler import knowledge_of, sample_deal

if TYPE_CHECKING:
    from .strong import Choice, SearchConfig

__all__ = ["tree_search"]

_DEAL_WORK = 12     # as in the flat search: the cost of dealing a world, in card plays
_NODE_WORK = 1      # a step down the tree


class _Node:
    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0   # sum of the rewards of the seat that played into this node
        self.avail = 0     # iterations in which this node's card could be played


def tree_search(view: SeatView, cands: list[int], rng: SplitMix64, budget_ms: int, config: SearchConfig) -> Choice:
    """The most visited of the root ``cands`` after ISMCTS with the budget's work."""
    from .strong import Choice  # the result type of every search

    n = view.players
    knowledge = knowledge_of(view, config.infer_queen)
    equities = [Equity(view.rules, s, view.totals) for s in range(n)]
    in_points = [1.0 / e.points_scale() for e in equities]
    plans = [AUTO] * n
    root = _Node()
    budget = budget_ms * config.plays_per_ms
    spent = iterations = 0
    start = time.perf_counter()
    while True:
        pos = position_of(view, sample_deal(knowledge, rng), config.style)
        path = _descend(root, pos, cands, rng, config.uct_c)
        pos.play_out(plans)
        score = pos.score(view.totals)
        rewards = [equities[s].value(score) * in_points[s] for s in range(n)]
        for node, seat in path:
            node.visits += 1
            node.value += rewards[seat]
        spent += _DEAL_WORK + pos.work + _NODE_WORK * len(path)
        iterations += 1
        if iterations >= config.min_worlds * len(cands) and (
                spent >= budget or (time.perf_counter() - start) * 1000 > budget_ms * config.time_cap):
            break
    card, best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].value / kv[1].visits))
    points = -best.value / best.visits
    return Choice(card, False, best.value / best.visits / in_points[view.seat], points, best.visits, spent)


def _descend(root: _Node, pos: Position, cands: list[int], rng: SplitMix64, uct_c: float) -> list[tuple[_Node, int]]:
    """Walk down (and grow) the tree in this deal; the nodes entered and the seat that moved into each."""
    path: list[tuple[_Node, int]] = []
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
            child = node.children[card] = _Node()
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


def _ucb(child: _Node, log_avail: float, c: float) -> float:
    return child.value / child.visits + c * math.sqrt(log_avail / child.visits)
