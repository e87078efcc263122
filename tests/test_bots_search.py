"""The strong bot's parts: world sampling, candidate groups, playouts, match equity, clear decisions."""

from __future__ import annotations

import pytest

from conftest import make_hand, mask, play
from hearts import Hand, deal, preset
from hearts.bots import advise, make_bot
from hearts.bots.policy import AUTO, SHOOT, table_of
from hearts.bots.search.equity import Equity
from hearts.bots.search.pimc import SearchConfig, _rival, _rivals_pick, candidates, search_play
from hearts.bots.search.playout import position_of
from hearts.bots.search.sampler import knowledge_of, sample_deal
from hearts.cards import QUEEN_OF_SPADES, SUIT_MASKS, parse_card
from hearts.deal import SplitMix64
from hearts.game import hand_score
from hearts.view import seat_view

UNCAPPED = SearchConfig(time_cap=1000.0)


def _bot_hand(rules_name: str, number: int, plays: int) -> Hand:
    rules = preset(rules_name)
    hand = Hand(rules, deal(rules, number), rules.pass_offset(number))
    bots = [make_bot("normal") for _ in range(rules.players)]
    while hand.phase == "pass":
        for seat in hand.to_act():
            hand.choose_pass(seat, bots[seat].choose_pass(seat_view(hand, seat)))
    while len(hand.plays) < plays:
        hand.play(bots[hand.turn].choose_play(seat_view(hand, hand.turn)))
    return hand


@pytest.mark.parametrize("rules_name", ["classic", "three-players", "five-players", "wikipedia-6", "omnibus"])
def test_sampled_deals_agree_with_everything_the_seat_knows(rules_name: str) -> None:
    rng = SplitMix64(4)
    for number in range(6):
        hand = _bot_hand(rules_name, number, 3 + 5 * number)
        me = hand.turn
        view = seat_view(hand, me)
        k = knowledge_of(view)
        for _ in range(20):
            hands = sample_deal(k, rng)
            assert hands[me] == view.hand
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in hand.hands]
            union = 0
            for seat, h in enumerate(hands):
                assert not h & union
                union |= h
                for suit in range(4):
                    if view.voids[seat] >> suit & 1:
                        assert not h & SUIT_MASKS[suit]
            assert union == view.rules.deck & ~view.played
            if view.pass_offset:
                receiver = (me + view.pass_offset) % view.players
                assert hands[receiver] & view.passed == view.passed & ~view.played


def test_a_heart_led_unbroken_proves_a_hand_of_hearts() -> None:
    rules = preset("classic")
    # Seat 1 wins trick 1 and then, with hearts unbroken, leads a heart: it holds only hearts.
    hand = make_hand(rules, {0: "2C 3C 4C", 1: "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", 2: "5C", 3: "6C"})
    play(hand, "2C AC 5C 6C 2H")
    k = knowledge_of(seat_view(hand, 2))
    assert k.allowed[1] & ~mask("3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH") == 0


def test_candidates_group_cards_that_play_alike() -> None:
    rules = preset("classic")
    hand = make_hand(rules, {0: "2C", 1: "3C 4C 6C 9C QS 2S 3S", 2: "5C", 3: "7C"})
    play(hand, "2C")
    view = seat_view(hand, 1)
    # 3C 4C touch (2C is gone), 6C is separated by the unseen 5C... which seat 2 holds: unseen to seat 1.
    names = sorted(candidates(view))
    assert parse_card("4C") in names and parse_card("3C") not in names
    assert parse_card("6C") in names and parse_card("9C") in names


def test_candidates_keep_apart_cards_on_either_side_of_a_trick_card() -> None:
    rules = preset("classic")
    hand = make_hand(rules, {3: "2C", 0: "AC 7S", 1: "3C 6S 8S", 2: "4C"})
    play(hand, "2C AC 3C 4C 7S")  # seat 0 wins trick 1 and leads 7♠; seat 1 holds 6♠ 8♠
    cands = candidates(seat_view(hand, 1))
    assert parse_card("6S") in cands and parse_card("8S") in cands


@pytest.mark.parametrize("rules_name", ["classic", "omnibus", "three-players", "sun", "new-moon", "six-players"])
def test_playout_plays_the_hand_the_engine_plays(rules_name: str) -> None:
    """A playout of the true deal with the heuristics in every seat ends with the same score as the
    engine's own hand played out by normal bots (the playout's rules, tricks and scoring are the engine's)."""
    rules = preset(rules_name)
    for number in range(12):
        hand = _bot_hand(rules_name, number, 2 * number)
        view = seat_view(hand, hand.turn)
        pos = position_of(view, list(hand.hands))
        pos.play_out([AUTO] * rules.players)
        bots = [make_bot("normal") for _ in range(rules.players)]
        while hand.phase == "play":
            hand.play(bots[hand.turn].choose_play(seat_view(hand, hand.turn)))
        assert pos.score(view.totals) == hand.score() == hand_score(rules, hand.taken, hand.tricks, view.totals)


def test_equity_prefers_fewer_points_and_knows_the_end() -> None:
    rules = preset("classic")
    early = Equity(rules, 0, [0, 0, 0, 0])
    assert early.value([0, 13, 13, 0]) > early.value([13, 0, 13, 0])
    late = Equity(rules, 0, [90, 60, 70, 80])
    assert late.value([0, 0, 0, 26]) == 0.0          # the match ends and seat 1 wins
    assert Equity(rules, 1, [90, 60, 70, 80]).value([0, 0, 0, 26]) == 1.0


def _last_to_play_on_king_of_spades() -> Hand:
    rules = preset("classic")
    hand = make_hand(rules, {3: "2C QS 2S 3D 4D 5D 6D 7D 8D 2H 3H 4H 5H",
                             0: "AC KS 5S 2D 9D TD JD QD KD AD 6H 7H 8H",
                             1: "3C 5C 6C 7C 3S 6S 7S 9H TH JH QH KH AH",
                             2: "4C 8C 9C TC JC QC KC 4S 8S 9S TS JS AS"})
    play(hand, "2C AC 3C 4C KS 3S 4S")  # seat 0 wins trick 1 and leads K♠; seat 3 plays last
    return hand


def test_strong_drops_the_queen_under_the_king() -> None:
    view = seat_view(_last_to_play_on_king_of_spades(), 3)
    assert view.legal == mask("2S QS")
    assert search_play(view, SplitMix64(1), 20, UNCAPPED).card == QUEEN_OF_SPADES


def test_search_is_deterministic_per_seed() -> None:
    """Same seed, same view, same work: the same card (the time cap is lifted: a busy machine would cut it)."""
    hand = _bot_hand("classic", 21, 14)
    view = seat_view(hand, hand.turn)
    picks = {search_play(view, SplitMix64(7), 20, UNCAPPED) for _ in range(2)}
    assert len(picks) == 1


def test_the_choice_lists_every_option_it_searched() -> None:
    """``Choice.options``: one entry per (candidate card, moon plan), the heuristics' first, the chosen
    one among them with the figures the choice reports."""
    hand = _bot_hand("classic", 21, 14)
    view = seat_view(hand, hand.turn)
    choice = search_play(view, SplitMix64(7), 20, UNCAPPED)
    cards = candidates(view, choice.heuristic.card if choice.heuristic else -1)
    assert len(cards) > 1
    assert {s.card for s in choice.options} == set(cards)
    assert choice.options[0] == choice.heuristic
    chosen = [s for s in choice.options if (s.card, s.plan) == (choice.card, choice.plan)]
    assert [(s.value, s.points, s.worlds) for s in chosen] == [(choice.value, choice.points, choice.worlds)]
    assert choice.runner_up in choice.options


def _moon_on_the_way() -> Hand:
    """Seat 0 has taken Q♠ and two hearts, nobody else a point, and leads 5♥; seat 1 holds 4♥ 7♥."""
    rules = preset("classic")
    hand = make_hand(rules, {0: "AC KC QC JC AH KH QH JH TH 9H 8H 6H 5H",
                             1: "2C 3C 4C 5C 4H 7H 2D 3D 4D 5D 6D 7D 8D",
                             2: "6C 7C 8C 9C TC 9D TD JD QD KD AD 2S 3S",
                             3: "QS 2H 3H 4S 5S 6S 7S 8S 9S TS JS KS AS"})
    play(hand, "2C 6C 4S AC  KC 3C 7C QS  QC 4C 8C 2H  JC 5C 9C 3H  5H")
    return hand


def test_normal_stops_a_moon_by_taking_a_heart() -> None:
    view = seat_view(_moon_on_the_way(), 1)
    assert view.legal == mask("4H 7H")
    assert make_bot("normal").choose_play(view) == parse_card("7H")


def test_a_rival_with_many_points_alone_shoots_in_the_playouts() -> None:
    """Seat 0 has taken Q♠ and two hearts (7 moon points), nobody else a point: below the default 8 the
    playouts leave it to the heuristics; after it takes 5♥ 4♥ too (9) it is the rival that shoots."""
    hand = _moon_on_the_way()
    assert _rival(table_of(seat_view(hand, 1)), 1, SearchConfig()) == -1
    assert _rival(table_of(seat_view(hand, 1)), 1, SearchConfig(rival_shoots=7)) == 0
    play(hand, "4H 9D 5S")  # seat 0's 5♥ takes the trick: 9 moon points
    for seat in (1, 2, 3):
        assert _rival(table_of(seat_view(hand, seat)), seat, SearchConfig()) == 0
        assert _rival(table_of(seat_view(hand, seat)), seat, SearchConfig(rival_shoots=0)) == -1
    assert _rival(table_of(seat_view(hand, 0)), 0, SearchConfig()) == -1  # never the deciding seat itself


def test_the_rival_shoots_only_in_the_deals_where_that_leaves_it_fewer_points() -> None:
    """Seat 0, alone with 9 moon points, is the rival of seat 2's search. In each sampled deal the search
    plays the hand out with seat 0 shooting and with seat 0 on the heuristics and keeps the outcome
    with fewer points for seat 0: in some deals that is the try, in others the heuristics."""
    hand = _moon_on_the_way()
    play(hand, "4H 9D 5S AH 7H")
    view = seat_view(hand, 2)
    assert _rival(table_of(view), 2, SearchConfig()) == 0
    knowledge, rng = knowledge_of(view), SplitMix64(5)
    picked = []
    for _ in range(40):
        start = position_of(view, sample_deal(knowledge, rng))
        shot_pos, calm_pos = start.copy(), start.copy()
        plans = [SHOOT, AUTO, AUTO, AUTO]
        shot_pos.play_out(plans)
        shot = shot_pos.score(view.totals)
        calm_pos.play_out([AUTO] * 4)
        calm = calm_pos.score(view.totals)
        score, work = _rivals_pick(start.copy(), plans, 0, shot, view.totals)
        assert score == (calm if calm[0] <= shot[0] else shot)
        assert work > calm_pos.work  # the second playout's work is counted
        picked.append("shot" if score is shot else "calm")
    assert {"shot", "calm"} <= set(picked), picked


def test_advice_names_the_queen_dropped_under_the_king() -> None:
    view = seat_view(_last_to_play_on_king_of_spades(), 3)
    advice = advise(view, budget_ms=20)
    assert advice.cards == 1 << QUEEN_OF_SPADES
    assert advice.reason.code == "drop_queen_under"
    assert advice.reason.params["card"] == "QS" and advice.reason.params["top_card"] == "KS"


def test_moon_strength_counts_sure_winners_twice_and_hearts_once() -> None:
    from hearts.bots.policy import moon_strength

    rules = preset("classic")
    strong_hand = mask("AH KH QH 5H 4H 3H 2H AS AC KC 2D 3D 4D")
    # winners: A K Q of hearts, A of spades, A K of clubs (6 × 2) + 7 hearts
    assert moon_strength(strong_hand, rules.deck & ~strong_hand) == 19
    # once A♦ has gone, K♦ is a sure winner too
    with_kd = mask("KD 2H 3S")
    assert moon_strength(with_kd, rules.deck & ~with_kd & ~mask("AD")) == 1 + 2
