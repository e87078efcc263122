"""OpenSpiel's ISMCTS as a benchmark opponent (``tools/bench/openspiel_bots.py``).

Its state is rebuilt from one seat's view at every decision, so these tests check that the
rebuilt state is the real one as far as that seat can tell: the same hand, the same legal
cards at every decision of whole hands, the same score at the end (OpenSpiel's return is 26
minus our points), and that the bot plays legal hands. (Not the same hand twice for one seed:
OpenSpiel's search keeps its nodes in absl hash maps, whose order, and so its ties, change from
run to run; its figures are reproducible only as averages.) Runs where ``pyspiel`` is
installed (``tools/setup.sh --bench``: CPython; not inside Pyodide).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "bench"))

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is a benchmark dependency: tools/setup.sh --bench")

from openspiel_bots import (  # noqa: E402
    GAME_PARAMS,
    OpenSpielIsmcts,
    check_rules,
    from_openspiel,
    openspiel_state,
    to_openspiel,
)

from hearts import Hand, deal, match_deal_number, preset  # noqa: E402
from hearts.bots import make_bot  # noqa: E402
from hearts.cards import parse_card  # noqa: E402
from hearts.deal import SplitMix64  # noqa: E402
from hearts.rules import Rules  # noqa: E402
from hearts.view import seat_view  # noqa: E402

GAME = pyspiel.load_game("hearts", GAME_PARAMS)


def test_card_numbers() -> None:
    assert to_openspiel(parse_card("2C")) == 0 and to_openspiel(parse_card("2D")) == 1
    assert to_openspiel(parse_card("AS")) == 51 and to_openspiel(parse_card("QS")) == 43
    assert [from_openspiel(to_openspiel(c)) for c in range(52)] == list(range(52))


def _hand(k: int) -> Hand:
    rules = preset("classic")
    return Hand(rules, deal(rules, match_deal_number(3, k)), rules.pass_offset(k))


@pytest.mark.parametrize("k", range(8))  # two rounds of the pass cycle: left, right, across, none
def test_the_rebuilt_state_agrees_at_every_decision(k: int) -> None:
    hand = _hand(k)
    bots = [make_bot("easy", seed=s) for s in range(4)]  # one play in six at random: odd corners too
    rng = SplitMix64(k)
    while hand.phase == "pass":
        for seat in hand.to_act():
            view = seat_view(hand, seat)
            state = openspiel_state(GAME, view, rng)
            assert state.current_player() == 0  # our seat is OpenSpiel's player 0
            assert {from_openspiel(a) for a in state.legal_actions()} == set(_cards(view.hand))
            hand.choose_pass(seat, bots[seat].choose_pass(view))
    while hand.phase == "play":
        view = seat_view(hand, hand.turn)
        state = openspiel_state(GAME, view, rng)
        assert state.current_player() == 0
        assert {from_openspiel(a) for a in state.legal_actions()} == set(_cards(view.legal))
        card = bots[hand.turn].choose_play(view)
        hand.play(card)
        score = hand.score()
        if score is not None:  # the hand is over
            state.apply_action(to_openspiel(card))
            assert state.is_terminal()
            me = view.seat
            assert [26 - r for r in state.returns()] == [score[(me + p) % 4] for p in range(4)]


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def test_the_bot_plays_a_legal_hand() -> None:
    hand = _hand(0)
    bot = OpenSpielIsmcts(1, simulations=50)
    for seat in range(4):
        passed = bot.choose_pass(seat_view(hand, seat))
        assert passed.bit_count() == 3 and passed & ~hand.hands[seat] == 0
        hand.choose_pass(seat, passed)
    while hand.phase == "play":
        hand.play(bot.choose_play(seat_view(hand, hand.turn)))  # the engine refuses an illegal card
    assert hand.score() is not None


def test_the_filled_in_cards_come_from_the_seed() -> None:
    view = seat_view(_hand(1), 2)
    assert openspiel_state(GAME, view, SplitMix64(4)).history() == openspiel_state(GAME, view, SplitMix64(4)).history()


def test_only_the_rules_openspiel_plays() -> None:
    check_rules(preset("classic"))
    check_rules(preset("quick-50"))
    for name in ("omnibus", "three-players", "sun"):
        with pytest.raises(ValueError):
            check_rules(preset(name))
    with pytest.raises(ValueError):
        check_rules(Rules(qs_breaks_hearts=True))
