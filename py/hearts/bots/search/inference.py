"""Likely deals: the hidden cards dealt by how well a deal explains the others' plays.

:func:`~.sampler.sample_deal` deals the hidden cards uniformly among the deals that
fit the hard facts (voids, passed cards, hand sizes). But the others' plays say more
than their voids: a seat that ducked under the ace had a lower card, one that led a
low club while holding only high ones would be odd. So a search may draw its deals
from a Markov chain instead (Metropolis): start from a uniform deal, and per world
propose swaps of two unknown cards between two seats that may hold them; a swap is
kept when the new deal explains as many of the others' plays or more, else with
probability ``miss`` per play it explains less. A play is explained when the
:mod:`~hearts.bots.policy` heuristics (the model of the others the playouts use
anyway), holding that seat's cards of then in that deal, would have made it. So a
deal's weight is ``miss`` to the power of its misses (times the uniform chance), the
inference that trick-taking research found worth the most strength in Skat bots.
A seat's misses depend on its own hand only, so a swap re-reads two seats' plays.

A few swaps move few cards, so one chain's deals in a row are alike (most hidden cards stay
put, far more than between two uniform deals), and a search that took them for independent
deals would trust its standard errors more than they deserve, dropping options (moon tries
above all, whose worth hangs on where a few cards lie) too early. With ``chains`` several
chains take turns: each deal comes from another chain, as unlike its neighbours as uniform ones.

With ``adapt``, each seat gets a factor of its own, read from its plays: the fewest misses of
that seat in any hand the chain has tried for it are (as far as the chain has looked) the plays
no deal explains, so their share says how well the heuristics model that seat. The factors
start at ``miss`` and are read anew after each deal. A seat that plays like
them keeps a strong factor; one that plays otherwise (a newcomer, another program) a weak
one, so its plays move the deals little where the model would mislead.
"""

from __future__ import annotations

from typing import NamedTuple

from ...cards import cards_of
from ...deal import SplitMix64
from ...game import legal_moves
from ...view import SeatView
from ..policy import AUTO, STYLE, Style, Table, play_rule
from .playout import fresh_positions
from .sampler import Knowledge, sample_deal

__all__ = ["DealChain"]


# A seat's misses in one hand: (by the heuristics, by the looser model that also takes top cards shed).
Misses = tuple[int, int]
EXACT, TOPS = 0, 1
# Per card: the higher cards of its suit.
_ABOVE = tuple(((1 << 13 * (c // 13 + 1)) - 1) & ~((1 << c + 1) - 1) for c in range(52))


class DealChain:
    """The deals of one decision of ``view``'s seat: ``steps`` proposed swaps per deal (0: uniform deals)."""

    def __init__(self, view: SeatView, knowledge: Knowledge, steps: int, miss: float, style: Style = STYLE,
                 adapt: bool = False, chains: int = 1, tops: int = 0) -> None:
        self.knowledge = knowledge
        self.rules = view.rules
        self.miss = miss
        self.adapt = adapt
        self.tops = tops
        self.models = [EXACT] * view.players  # per seat: which of its misses count (``Misses``)
        self.factors = [miss] * view.players  # per seat: a deal's weight per play of it left unexplained
        self.by_seat: list[list[_Moment]] = [[] for _ in range(view.players)]  # per seat: its plays to explain
        for m in _moments(view, style) if steps else ():
            self.by_seat[m.seat].append(m)
        self.cards = cards_of(knowledge.pool) if steps else []  # the cards a swap may move
        # With one deal that fits, or no play of another seat to read, every deal is as likely: deal uniformly.
        self.steps = steps if len(self.cards) > 1 and any(self.by_seat) else 0
        self.chains = max(1, chains)
        self.walks: list[tuple[list[int], list[Misses]]] = []  # per chain: its deal and that deal's misses
        self.dealt = 0
        self.hands: list[int] = []      # the deal of the chain walked last
        self.misses: list[Misses] = []  # per seat: its plays each model leaves unexplained in ``hands``
        self.fewest: list[list[int]] = []  # per seat and model: the fewest misses in any hand tried for it

    def deal(self, rng: SplitMix64) -> tuple[list[int], int]:
        """The next deal (every seat's hand now) and the work it took (plays re-read, swaps proposed)."""
        if not self.steps:
            return sample_deal(self.knowledge, rng), 0
        work = 0
        steps = self.steps
        walk = self.dealt % self.chains
        self.dealt += 1
        if walk < len(self.walks):
            self.hands, self.misses = self.walks[walk]
        else:
            self.hands = sample_deal(self.knowledge, rng)
            self.misses = [self.seat_misses(s, h) for s, h in enumerate(self.hands)]
            if not self.fewest:
                self.fewest = [list(m) for m in self.misses]
            self._note_fewest(range(len(self.hands)), self.misses)
            self.walks.append((self.hands, self.misses))
            work += sum(len(ms) for ms in self.by_seat)
            steps *= 4  # a longer first walk: away from the uniform start towards the likely deals
        for _ in range(steps):
            work += self._step(rng)
        if self.adapt:
            seats = range(len(self.hands))
            self.models = [self.seat_model(s) for s in seats]
            self.factors = [self.seat_factor(s) for s in seats]
        return list(self.hands), work

    def seat_model(self, seat: int) -> int:
        """``TOPS`` once at least ``tops`` of the seat's plays are explained by the looser model alone."""
        fewest = self.fewest[seat]
        return TOPS if self.tops and fewest[EXACT] - fewest[TOPS] >= self.tops else EXACT

    def seat_noise(self, seat: int, model: int) -> float:
        """The share of ``seat``'s plays ``model`` leaves unexplained: the fewest misses of any hand tried for
        it, with half a miss and half a hit added beforehand (Jeffreys' prior) so that a few plays say little."""
        return (self.fewest[seat][model] + 0.5) / (len(self.by_seat[seat]) + 1)

    def seat_factor(self, seat: int) -> float:
        """How much one play of ``seat`` left unexplained by its model makes a deal less likely: the odds of
        a miss (:meth:`seat_noise`); never stronger than ``miss``."""
        noise = self.seat_noise(seat, self.models[seat])
        return min(1.0, max(self.miss, noise / (1 - noise)))

    def _note_fewest(self, seats: range | tuple[int, ...], misses: list[Misses]) -> None:
        for s, m in zip(seats, misses):
            low = self.fewest[s]
            low[EXACT], low[TOPS] = min(low[EXACT], m[EXACT]), min(low[TOPS], m[TOPS])

    def _step(self, rng: SplitMix64) -> int:
        """One proposed swap; returns its work. Picking a card, then one of another seat, is symmetric."""
        hands, cards, allowed = self.hands, self.cards, self.knowledge.allowed
        x = cards[rng.below(len(cards))]
        a = next(s for s, h in enumerate(hands) if h >> x & 1)
        others = [c for c in cards if not hands[a] >> c & 1]
        y = others[rng.below(len(others))] if others else -1
        if y < 0:
            return 1
        b = next(s for s, h in enumerate(hands) if h >> y & 1)
        if not allowed[a] >> y & 1 or not allowed[b] >> x & 1:
            return 1
        swap = 1 << x | 1 << y
        new_a, new_b = hands[a] ^ swap, hands[b] ^ swap
        miss_a, miss_b = self.seat_misses(a, new_a), self.seat_misses(b, new_b)
        if self.adapt:
            self._note_fewest((a, b), [miss_a, miss_b])
        model_a, model_b = self.models[a], self.models[b]
        worse_a, worse_b = miss_a[model_a] - self.misses[a][model_a], miss_b[model_b] - self.misses[b][model_b]
        fa, fb = self.factors[a], self.factors[b]
        likelier = fa ** (worse_a + worse_b) if fa == fb else fa ** worse_a * fb ** worse_b  # new deal / old
        if likelier >= 1.0 or rng.random() < likelier:
            hands[a], hands[b] = new_a, new_b
            self.misses[a], self.misses[b] = miss_a, miss_b
        return 1 + len(self.by_seat[a]) + len(self.by_seat[b])

    def seat_misses(self, seat: int, hand: int) -> Misses:
        """The plays of ``seat`` the heuristics would not have made with ``hand`` as its hand now; and of
        those, the ones that are not a lead or a discard of the top card the seat held of that suit."""
        rules, misses, loose = self.rules, 0, 0
        for m in self.by_seat[seat]:
            held = hand | m.later
            legal = legal_moves(rules, held, m.lead, m.table.first_trick, m.table.hearts_broken)
            if legal & (legal - 1) and play_rule(m.table, seat, held, legal, AUTO)[0] != m.card:
                misses += 1
                card = m.card
                loose += card // 13 == m.lead or held & _ABOVE[card] != 0  # a follow, or a higher one held
        return misses, loose


class _Moment(NamedTuple):
    """Another seat about to play a card: the public table then, and the cards it played from then on."""

    seat: int
    card: int
    table: Table
    lead: int      # the suit led to the trick (-1: the seat leads)
    later: int     # the seat's cards played from this moment on, this card included


def _moments(view: SeatView, style: Style) -> list[_Moment]:
    """Every play of another seat in ``view``'s hand, with the table as it was (the same in every deal)."""
    if not view.plays:
        return []
    n = view.players
    played = [0] * n
    for s, c in view.plays:
        played[s] |= 1 << c
    # Replayed from the first trick with each seat holding just the cards it will play: the public table
    # (cards gone, tricks taken, voids, the moon taker) comes out as it was at every moment.
    pos = fresh_positions(view.rules, style)(list(played))
    later = list(played)
    out = []
    for seat, card in view.plays:
        if seat != view.seat:
            t = pos.table
            out.append(_Moment(seat, card, t.copy(), t.top // 13 if t.trick else -1, later[seat]))
        later[seat] &= ~(1 << card)
        pos.play(card)
    return out
