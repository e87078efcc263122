"""Likely deals (:mod:`hearts.bots.search.inference`): the chain reads the others' plays right.

Against seats that play by the heuristics, the true deal explains every play (no miss);
a seat's misses are those of the whole hand replayed with every seat holding its cards, in
every variant; the chain's deals fit the hard facts and are closer to the truth than
uniform deals; several chains taking turns give neighbouring deals as unlike as uniform
ones. With inference on (the default), decisions differ from uniform deals' and stay
deterministic.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from hearts import preset
from hearts.bots import Bot
from hearts.bots.easy import EasyBot
from hearts.bots.normal import NormalBot
from hearts.bots.policy import AUTO, choose_play
from hearts.bots.randombot import RandomBot
from hearts.bots.search.inference import EXACT, TOPS, DealChain
from hearts.bots.search.pimc import SearchConfig
from hearts.bots.search.playout import fresh_position
from hearts.bots.search.sampler import knowledge_of, sample_deal
from hearts.bots.strong import StrongBot
from hearts.cards import cards_of
from hearts.deal import SplitMix64
from hearts.rules import Rules
from hearts.view import SeatView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "bench"))

from deal_chains import log_score, measure, shared_cards, views_of_hands  # noqa: E402

PRESETS = ["classic", "omnibus", "three-players", "five-players", "six-players", "sun", "wikipedia-3", "wikipedia-5"]


def _views_of_normal_hands(rules: Rules, hands: int, every: int = 3,
                           field: Callable[[int], Bot] = NormalBot) -> list[tuple[SeatView, list[int]]]:
    """Views met while normal bots (or ``field(seat)``) play ``hands`` deals, each with the true hands then."""
    return views_of_hands(rules, field, hands, every)


@pytest.mark.parametrize("rules_name", PRESETS)
def test_the_true_deal_explains_every_play_of_heuristic_seats(rules_name: str) -> None:
    rules = preset(rules_name)
    for view, truth in _views_of_normal_hands(rules, 6):
        chain = DealChain(view, knowledge_of(view), 4, 0.3)
        assert [chain.seat_misses(s, h) for s, h in enumerate(truth)] == [(0, 0)] * rules.players, view.plays


def _replayed_misses(view: SeatView, hands: list[int]) -> int:
    """The misses counted the plain way: the whole hand replayed from its first trick, every seat
    holding its cards of then (its hand now and what it has played)."""
    played = [0] * view.players
    for s, c in view.plays:
        played[s] |= 1 << c
    pos = fresh_position(view.rules, [h | p for h, p in zip(hands, played)])
    misses = 0
    for seat, card in view.plays:
        assert pos.turn == seat
        legal = pos.legal()
        if seat != view.seat and legal.bit_count() > 1 and \
                choose_play(pos.table, seat, pos.hands[seat], legal, AUTO) != card:
            misses += 1
        pos.play(card)
    return misses


@pytest.mark.parametrize("rules_name", ["classic", "omnibus", "five-players", "wikipedia-3"])
def test_misses_are_those_of_the_hand_replayed_with_every_seat_holding_its_cards(rules_name: str) -> None:
    rules = preset(rules_name)
    rng = SplitMix64(3)
    counted = 0
    for view, _ in _views_of_normal_hands(rules, 4):
        chain = DealChain(view, knowledge_of(view), 2, 0.3)
        for _ in range(3):
            hands = sample_deal(knowledge_of(view), rng)
            misses = sum(chain.seat_misses(s, h)[EXACT] for s, h in enumerate(hands))
            assert misses == _replayed_misses(view, hands)
            counted += misses
    assert counted > 0  # random deals do miss: the comparison is not all zeros


def test_the_chain_of_swaps_finds_deals_closer_to_the_truth_than_uniform_ones() -> None:
    rules = preset("classic")
    rng_uniform, rng_chain = SplitMix64(5), SplitMix64(5)
    uniform = chain = 0
    samples = [(v, t) for v, t in _views_of_normal_hands(rules, 8) if v.trick_number >= 3]
    for view, truth in samples:
        knowledge = knowledge_of(view)
        deals = DealChain(view, knowledge, 4, 0.1)
        for _ in range(4):
            uniform += shared_cards(view, sample_deal(knowledge, rng_uniform), truth)
            chain += shared_cards(view, deals.deal(rng_chain)[0], truth)
    assert chain > uniform * 1.1, (chain, uniform)


@pytest.mark.parametrize("chains", [1, 3])
def test_the_chain_keeps_count_of_each_seats_misses_and_the_hard_facts(chains: int) -> None:
    rng = SplitMix64(4)
    for view, _ in _views_of_normal_hands(preset("omnibus"), 3):
        knowledge = knowledge_of(view)
        chain = DealChain(view, knowledge, 3, 0.2, chains=chains)
        for _ in range(5):
            hands, _ = chain.deal(rng)
            if chain.steps:
                assert sum(m[EXACT] for m in chain.misses) == _replayed_misses(view, hands)
            for seat, (h, allowed, known) in enumerate(zip(hands, knowledge.allowed, knowledge.known)):
                assert h.bit_count() == view.hand_sizes[seat]
                assert h & known == known and h & ~(allowed | known) == 0


def test_chains_taking_turns_make_neighbouring_deals_as_unlike_as_uniform_ones() -> None:
    """One chain moves a few cards per deal, so its deals in a row are alike and a search would trust
    them more than they deserve; chains taking turns are as unlike as uniform deals (about 40 % alike)."""
    samples = views_of_hands(preset("classic"), EasyBot, 6, every=4, first=2, last=8)
    one, four = (measure(samples, 12, 8, True, chains)["lag1"] for chains in (1, 4))
    assert one > 0.55 and four < 0.47, (one, four)


def test_a_chain_charges_its_reading_and_its_swaps_and_no_chain_charges_nothing() -> None:
    view, _ = _views_of_normal_hands(preset("classic"), 1, every=20)[1]
    chain = DealChain(view, knowledge_of(view), 3, 0.3)
    others = sum(1 for s, _ in view.plays if s != view.seat)
    first, again = chain.deal(SplitMix64(1))[1], chain.deal(SplitMix64(2))[1]
    assert first >= others + 12 and 3 <= again < first  # the first walk is longer and reads every play
    assert DealChain(view, knowledge_of(view), 0, 0.3).deal(SplitMix64(1))[1] == 0


def test_the_strong_bot_with_inference_is_deterministic_and_differs_somewhere() -> None:
    """The default infers; uniform deals (``infer_steps=0``) decide otherwise somewhere."""
    rules = preset("classic")
    views = [v for v, _ in _views_of_normal_hands(rules, 3)]
    uncapped = 1e9  # no wall-clock cap: on a busy machine it would stop a search early
    assert SearchConfig().infer_steps > 0
    plain = StrongBot(3, 20, SearchConfig(time_cap=uncapped, infer_steps=0))
    inferring = StrongBot(3, 20, SearchConfig(time_cap=uncapped))
    again = StrongBot(3, 20, SearchConfig(time_cap=uncapped))
    picks = [inferring.choose_play(v) for v in views]
    assert picks == [again.choose_play(v) for v in views]
    assert picks != [plain.choose_play(v) for v in views]


def _late_factors(field: Callable[[int], Bot], adapt: bool) -> list[float]:
    """Each other seat's factor after five deals, at decisions from the sixth trick on."""
    out = []
    rng = SplitMix64(6)
    for view, _ in _views_of_normal_hands(preset("classic"), 4, every=2, field=field):
        if view.trick_number >= 5:
            chain = DealChain(view, knowledge_of(view), 8, 0.05, adapt=adapt)
            for _ in range(5):
                chain.deal(rng)
            out += [f for s, f in enumerate(chain.factors) if s != view.seat]
    return out


def test_each_seat_gets_a_factor_from_how_well_the_heuristics_explain_its_plays() -> None:
    """Seats that play the heuristics keep a strong factor, easy seats (their own rules, a random card in
    six) a weaker one, seats that play at random hardly any (their plays then move the deals little);
    without ``adapt`` every seat has ``miss``."""
    heuristic, easy, random_ = (statistics.median(_late_factors(f, True)) for f in (NormalBot, EasyBot, RandomBot))
    assert 0.05 <= heuristic <= 0.1 < 0.2 <= easy <= 0.5 < 0.8 <= random_
    assert set(_late_factors(RandomBot, False)) == {0.05}


def test_adapting_changes_the_deals_where_seats_play_unlike_the_heuristics() -> None:
    """Against seats that play at random the adaptive chain weighs their plays less: other deals."""
    view, _ = _views_of_normal_hands(preset("classic"), 1, every=30, field=RandomBot)[1]
    plain, adaptive = DealChain(view, knowledge_of(view), 4, 0.05), DealChain(view, knowledge_of(view), 4, 0.05,
                                                                             adapt=True)
    deals_plain = [plain.deal(SplitMix64(9))[0] for _ in range(6)]
    deals_adaptive = [adaptive.deal(SplitMix64(9))[0] for _ in range(6)]
    assert deals_plain != deals_adaptive


class TopShedder(NormalBot):
    """Plays as ``normal`` does, but leads and discards the top card it holds of the suit ``normal`` picks:
    the way searching programs shed their high cards (xinxin led its top card in 74 % of its leads)."""

    def choose_play(self, view: SeatView) -> int:
        card = super().choose_play(view)
        if view.trick and view.trick[0][1] // 13 == card // 13:
            return card
        return max(c for c in cards_of(view.legal) if c // 13 == card // 13)


def _top_shedders(seat: int) -> Bot:
    return NormalBot(seat) if seat == 0 else TopShedder(seat)


def test_the_looser_model_explains_every_play_of_a_seat_that_sheds_its_top_cards() -> None:
    """With the true deal a top shedder leaves the heuristics' exact model plays to miss, the looser model
    none; ``normal`` seats leave neither any (also in the test above)."""
    exact = 0
    for view, truth in _views_of_normal_hands(preset("classic"), 6, field=_top_shedders):
        chain = DealChain(view, knowledge_of(view), 4, 0.3)
        misses = [chain.seat_misses(s, h) for s, h in enumerate(truth)]
        assert all(m[TOPS] == 0 and (m[EXACT] == 0 or s) for s, m in enumerate(misses)), (view.plays, misses)
        exact += sum(m[EXACT] for m in misses)
    assert exact > 0


def _late_models(field: Callable[[int], Bot], tops: int) -> list[tuple[int, int]]:
    """(seat, model) of each other seat after five deals, at decisions from the sixth trick on."""
    out = []
    rng = SplitMix64(6)
    for view, _ in _views_of_normal_hands(preset("classic"), 4, every=2, field=field):
        if view.trick_number >= 5:
            chain = DealChain(view, knowledge_of(view), 8, 0.05, adapt=True, tops=tops)
            for _ in range(5):
                chain.deal(rng)
            out += [(s, m) for s, m in enumerate(chain.models) if s != view.seat]
    return out


def test_a_seat_is_read_with_the_looser_model_once_two_of_its_plays_need_it() -> None:
    """Seats that play the heuristics keep the exact model; seats that shed their top cards get the looser
    one once the chain has seen two plays that only it explains (often it explains them otherwise: with
    the lower cards of that suit elsewhere); with ``tops`` 0 every seat keeps the exact one."""
    assert {m for _, m in _late_models(NormalBot, 2)} == {EXACT}
    models = _late_models(_top_shedders, 2)
    assert {m for s, m in models if s == 0} == {EXACT}
    shedders = [m for s, m in models if s != 0]
    assert shedders.count(TOPS) >= 0.15 * len(shedders), shedders
    assert {m for _, m in _late_models(_top_shedders, 0)} == {EXACT}


def test_against_top_shedders_the_looser_model_deals_closer_to_the_truth() -> None:
    """By a proper score (deals surer than the plays warrant lose by it), not only by cards placed."""
    samples = [(v, t) for v, t in _views_of_normal_hands(preset("classic"), 8, field=_top_shedders)
               if v.trick_number >= 3]
    scores = []
    for tops in (0, 2):
        rng, score = SplitMix64(5), 0.0
        for view, truth in samples:
            chain = DealChain(view, knowledge_of(view), 8, 0.05, adapt=True, chains=4, tops=tops)
            score += log_score(view, [chain.deal(rng)[0] for _ in range(16)], truth)[0]
        scores.append(score)
    assert scores[1] > scores[0], scores
