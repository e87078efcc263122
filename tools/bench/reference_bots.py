"""Reference opponents for benchmarks: the classic open search bots, rebuilt on this engine.

Not part of the game: they stand in for "strong external search bots" so the
strong level can be measured against that family of programs at the same time.

- :class:`IsmctsBot`: single-observer Information Set MCTS (Cowling, Powley and
  Whitehouse 2012) with UCB1 selection over the moves available in each
  determinization (the tree of ``ismcts_tree.py``), random rollouts and the most
  visited move at the root, as in the common open implementations. Determinizations come from our own sampler
  (so it respects voids and passed cards: generous to it).
- :class:`PimcRandomBot`: Perfect-Information Monte Carlo with random rollouts.

Both think for ``budget_ms`` of CPU time (``time.process_time``, so that a busy
machine does not starve them) per decision, or for a fixed number of iterations (ISMCTS:
deals searched down the tree, each with one rollout; PIMC: deals with every move rolled
out), and pass with the normal level's heuristics for dangerous cards (no passing for a
moon). Use them as a field in ``bots_variants.py``: ``--field ismcts`` / ``--field
pimc-random``, ``--field ismcts@1000`` (1,000 iterations), ``--field pimc-random:50``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from ismcts_tree import Node, descend  # noqa: E402

from hearts.bots.base import decision_rng, random_member  # noqa: E402
from hearts.bots.policy import Style, choose_pass  # noqa: E402
from hearts.bots.search.playout import Position, position_of  # noqa: E402
from hearts.bots.search.sampler import Knowledge, knowledge_of, sample_deal  # noqa: E402
from hearts.cards import cards_of  # noqa: E402
from hearts.deal import SplitMix64  # noqa: E402
from hearts.view import SeatView  # noqa: E402

__all__ = ["IsmctsBot", "PimcRandomBot"]

_SALT = 0x15C7
# Pass the dangerous cards, never the low ones for a moon: a fixed, conventional pass.
PASS_STYLE = Style(moon_pass=0)


def random_rollout(pos: Position, rng: SplitMix64) -> list[int]:
    """Play the hand out with uniformly random legal cards; the score."""
    while pos.hands[pos.turn] or pos.table.trick:
        pos.play(random_member(pos.legal(), rng))
    return pos.score([0] * len(pos.hands))


def rewards(score: list[int]) -> list[float]:
    """Per seat: the others' average minus its own points, over 26 (a moon is a big win)."""
    n = len(score)
    total = sum(score)
    return [((total - s) / (n - 1) - s) / 26.0 for s in score]


class Stop:
    """When a reference search stops: after ``iterations`` (a fixed amount, the same on every
    machine, as the original programs count their simulations), else after ``budget_ms`` of CPU time."""

    def __init__(self, budget_ms: int, iterations: int | None) -> None:
        self.deadline = time.process_time() + budget_ms / 1000
        self.iterations = iterations

    def more(self, done: int) -> bool:
        return done < self.iterations if self.iterations else time.process_time() < self.deadline


class _TimedSearch:
    """Passes by the heuristics; plays by a search (``search``) of ``iterations`` or ``budget_ms`` CPU time."""

    def __init__(self, seed: int = 0, budget_ms: int | None = None, iterations: int | None = None) -> None:
        self.seed = seed
        self.budget_ms = budget_ms or 100
        self.iterations = iterations

    def choose_pass(self, view: SeatView) -> int:
        return choose_pass(view.rules, view.hand, PASS_STYLE)

    def choose_play(self, view: SeatView) -> int:
        if not view.legal & (view.legal - 1):
            return view.legal.bit_length() - 1
        stop = Stop(self.budget_ms, self.iterations)
        return self.search(view, knowledge_of(view, infer_queen=False), decision_rng(self.seed, view, _SALT), stop)

    def search(self, view: SeatView, knowledge: Knowledge, rng: SplitMix64, stop: Stop) -> int:
        raise NotImplementedError


class IsmctsBot(_TimedSearch):
    uct_c = 0.7

    def search(self, view: SeatView, knowledge: Knowledge, rng: SplitMix64, stop: Stop) -> int:
        root = Node()
        done = 0
        while not root.children or stop.more(done):  # at least one iteration
            self._iterate(root, position_of(view, sample_deal(knowledge, rng)), rng)
            done += 1
        return max(root.children.items(), key=lambda kv: kv[1].visits)[0]

    def _iterate(self, root: Node, pos: Position, rng: SplitMix64) -> None:
        path = descend(root, pos, cards_of(pos.legal()), rng, self.uct_c)
        reward = rewards(random_rollout(pos, rng))
        for child, seat in path:
            child.visits += 1
            child.value += reward[seat]


class PimcRandomBot(_TimedSearch):
    def search(self, view: SeatView, knowledge: Knowledge, rng: SplitMix64, stop: Stop) -> int:
        moves = [c for c in range(52) if view.legal >> c & 1]
        totals = dict.fromkeys(moves, 0.0)
        done = 0
        while not done or stop.more(done):  # at least one deal (an iteration: one deal, every move played out)
            done += 1
            base = position_of(view, sample_deal(knowledge, rng))
            for c in moves:
                pos = base.copy()
                pos.play(c)
                totals[c] += rewards(random_rollout(pos, rng))[view.seat]
        return max(moves, key=lambda c: totals[c])
