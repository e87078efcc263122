"""The exact endgame of the strong search: known answers, and agreement with a brute-force enumeration."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import mask
from hearts import Hand, deal, preset
from hearts.bots import make_bot
from hearts.bots.policy import AUTO, Table
from hearts.bots.search.endgame import solve
from hearts.bots.search.pimc import SearchConfig, search_play
from hearts.bots.search.playout import Position
from hearts.cards import HEART_MASK, QUEEN_OF_SPADES, cards_of, parse_card
from hearts.deal import SplitMix64
from hearts.game import breaks_hearts, hand_score, legal_moves, trick_winner
from hearts.rules import Rules
from hearts.view import seat_view

CLASSIC = preset("classic")
EXACT = SearchConfig(time_cap=1000.0, exact_tricks=3)   # no wall-clock cap: the same work on a busy machine


def test_only_the_low_diamond_keeps_the_queen_away() -> None:
    # Seat 0 leads with K♠ 4♦; seat 1 holds Q♠ A♠ and no diamond. After K♠, seat 1 drops Q♠ under it;
    # after 4♦ it discards Q♠ on seat 2's 5♦. The last trick gives nobody points.
    hands = [mask("KS 4D"), mask("QS AS"), mask("5D 2C"), mask("6C 7C")]
    taken = [0, 0, 0, HEART_MASK]
    solved = solve(CLASSIC, hands, [], 0, True, False, taken, [4, 3, 2, 2], [0] * 4)
    assert solved.line[0] == parse_card("4D")
    assert solved.score == (0, 0, 13, 13)
    assert parse_card("QS") in solved.line[:4]   # seat 1 sheds the queen at once


def test_taking_a_heart_stops_the_moon() -> None:
    # Seat 1 has taken Q♠ and ten hearts and leads K♥; seat 0, last to play, holds A♥ 2♥.
    # Ducking with 2♥ lets seat 1 take the A♥ too (a moon: 26 for each other seat); A♥ costs 3 points.
    hands = [mask("AH 2H"), mask("3C"), mask("4D 5D"), mask("6D 7D")]
    taken = [0, HEART_MASK & ~mask("AH KH 2H") | 1 << QUEEN_OF_SPADES, 0, 0]
    solved = solve(CLASSIC, hands, [parse_card("KH")], 1, True, False, taken, [0, 11, 0, 0], [0] * 4)
    assert solved.line[2] == parse_card("AH")
    assert solved.score == (3, 23, 0, 0)


def test_a_playout_with_exact_tricks_ends_as_the_solve_says() -> None:
    hands = [mask("KS 4D"), mask("QS AS"), mask("5D 2C"), mask("6C 7C")]
    taken = [0, 0, 0, HEART_MASK]
    table = Table(CLASSIC, CLASSIC.deck & ~(hands[0] | hands[1] | hands[2] | hands[3]), taken.copy(), [0] * 4,
                  [], 0, True, False)
    pos = Position(CLASSIC, hands.copy(), table, [4, 3, 2, 2], 0, exact_tricks=3)
    pos.play_out([AUTO] * 4)
    assert pos.score([0] * 4) == [0, 0, 13, 13]
    assert not any(h & (HEART_MASK | 1 << QUEEN_OF_SPADES) for h in pos.hands)  # the rest changes no score
    assert pos.work > 0


def brute_force(rules: Rules, hands: list[int], trick: list[int], leader: int, broken: bool,
                taken: list[int], tricks: list[int], totals: Sequence[int]) -> tuple[tuple[int, ...], list[int]]:
    """Every legal card at every turn, each seat minimising its own hand score, then leaving the others
    the most, then the lowest card; played to the last card."""
    n = len(hands)
    if not trick and not hands[leader]:
        return tuple(hand_score(rules, taken, tricks, totals)), []
    seat = (leader + len(trick)) % n
    lead = trick[0] // 13 if trick else -1
    best: tuple[tuple[int, int], tuple[int, ...], list[int]] | None = None
    for card in cards_of(legal_moves(rules, hands[seat], lead, False, broken)):
        rest = hands.copy()
        rest[seat] &= ~(1 << card)
        now = trick + [card]
        now_broken = broken or breaks_hearts(rules, card)
        if len(now) < n:
            score, line = brute_force(rules, rest, now, leader, now_broken, taken, tricks, totals)
        else:
            winner = (leader + trick_winner(now[0] // 13, now)) % n
            won = sum(1 << c for c in now)
            more_taken = [t | won if s == winner else t for s, t in enumerate(taken)]
            more_tricks = [k + (s == winner) for s, k in enumerate(tricks)]
            score, line = brute_force(rules, rest, [], winner, now_broken, more_taken, more_tricks, totals)
        key = (score[seat], -sum(score))
        if best is None or key < best[0]:
            best = (key, score, [card, *line])
    assert best is not None
    return best[1], best[2]


@st.composite
def endgames(draw: st.DrawFn) -> tuple[Rules, list[int], list[int], int, bool, list[int], list[int], list[int]]:
    """A random position with 1-3 tricks left (some cards of a trick in progress played), and a
    random split of the cards already taken, in one of the rule presets."""
    rules = preset(draw(st.sampled_from(["classic", "omnibus", "sun", "new-moon", "three-players", "moon-choice"])))
    n = rules.players
    left = draw(st.integers(1, 3))
    deck = draw(st.permutations(cards_of(rules.deck)))
    hands = [sum(1 << c for c in deck[s * left:(s + 1) * left]) for s in range(n)]
    leader = draw(st.integers(0, n - 1))
    trick = []
    for k in range(draw(st.integers(0, n - 1))):
        seat = (leader + k) % n
        card = draw(st.sampled_from(cards_of(hands[seat])))
        hands[seat] &= ~(1 << card)
        trick.append(card)
    done = rules.hand_size - left
    gone = deck[n * left:]
    owners = draw(st.lists(st.integers(0, n - 1), min_size=len(gone), max_size=len(gone)))
    taken = [sum(1 << c for c, o in zip(gone, owners) if o == s) for s in range(n)]
    tricks = [done // n + (s < done % n) if done else 0 for s in range(n)]
    totals = draw(st.lists(st.integers(0, 99), min_size=n, max_size=n))
    return rules, hands, trick, leader, draw(st.booleans()), taken, tricks, totals


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(endgames())
def test_the_solver_agrees_with_brute_force(
        game: tuple[Rules, list[int], list[int], int, bool, list[int], list[int], list[int]]) -> None:
    rules, hands, trick, leader, broken, taken, tricks, totals = game
    solved = solve(rules, hands, trick, leader, broken, False, taken, tricks, totals)
    score, line = brute_force(rules, hands, trick, leader, broken, taken, tricks, totals)
    assert solved.score == score
    # The solver stops once nothing left changes a score: its line is the start of the full one.
    assert list(solved.line) == line[:len(solved.line)]


@pytest.mark.parametrize("rules_name", ["classic", "omnibus", "three-players"])
def test_the_search_solves_the_last_tricks_legally_and_deterministically(rules_name: str) -> None:
    """With 3 tricks left every world is solved exactly: the same seed gives the same legal card."""
    rules = preset(rules_name)
    hand = Hand(rules, deal(rules, 3), rules.pass_offset(3))
    bots = [make_bot("normal") for _ in range(rules.players)]
    while hand.phase == "pass":
        for seat in hand.to_act():
            hand.choose_pass(seat, bots[seat].choose_pass(seat_view(hand, seat)))
    while hand.phase == "play":
        view = seat_view(hand, hand.turn)
        if view.hand.bit_count() <= 3 and view.legal & (view.legal - 1):
            picks = {search_play(view, SplitMix64(5), 20, EXACT) for _ in range(2)}
            assert len(picks) == 1 and view.legal >> picks.pop().card & 1
        hand.play(bots[hand.turn].choose_play(view))
