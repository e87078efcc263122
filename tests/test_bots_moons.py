"""Moons as people know them: every level stops a moon it sees coming; easy and normal plan none
without a clearly fitting hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import make_hand, mask, play
from hearts import Hand, preset
from hearts.bots import LEVELS, Bot, advise, make_bot
from hearts.bots.policy import SEARCH_STYLE, STYLE, explain_play, moon_pass, moon_strength, shooting, table_of
from hearts.bots.search.pimc import SearchConfig
from hearts.bots.strong import EXPERT_CONFIG, StrongBot, expert_bot
from hearts.cards import parse_card
from hearts.view import seat_view

BUDGET = 20  # ms of work for the strong bot: plenty for a clear decision
UNCAPPED = SearchConfig(time_cap=1000.0)  # no wall-clock cap: the same work on a busy machine


def _bot(level: str, seed: int) -> Bot:
    """A bot of ``level``; strong and expert without the wall-clock cap, so a busy machine changes nothing."""
    if level == "expert":
        return expert_bot(seed, BUDGET, replace(EXPERT_CONFIG, time_cap=UNCAPPED.time_cap))
    return StrongBot(seed, BUDGET, UNCAPPED) if level == "strong" else make_bot(level, seed)


def _classic(hands: tuple[str, str, str, str], plays: str) -> Hand:
    """A classic hand dealt as ``hands`` (seat 0 first), without passing, after ``plays``."""
    hand = make_hand(preset("classic"), dict(enumerate(hands)))
    play(hand, plays)
    return hand


def _moon_with_one_stopper() -> Hand:
    """Seat 0 has won every trick, taken Q♠ and four hearts (9 moon points) and leads 4♥. Seats 2 and 3
    showed on the last trick that they have no hearts, so every heart seat 1 cannot see is seat 0's,
    and all of them are above 7♥: 7♥ on this trick is the only way anyone can stop the moon."""
    return _classic(("AC KC QC JC TC AH KH QH JH TH 9H 8H 4H", "2C 7H 3H 2H 2D 3D 4D 5D 6D 7D 8D 2S 3S",
                     "3C QS 5H 6H 9D TD JD QD KD AD 4S 5S 6S", "4C 5C 6C 7C 8C 9C 7S 8S 9S TS JS KS AS"),
                    "2C 3C 4C AC  KC 8D QS 5C  QC 7D 5H 6C  JC 6D 9D 7C  TC 5D 6H 8C  AH 3H TD 7S  4H")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_the_one_heart_that_stops_a_moon(level: str) -> None:
    hand = _moon_with_one_stopper()
    view = seat_view(hand, 1)
    assert view.legal == mask("7H 2H")
    for seed in range(4):  # easy's whims never get in the way of a moon it sees
        assert _bot(level, seed).choose_play(view) == parse_card("7H")


def test_normal_plays_low_under_a_would_be_shooter_to_keep_its_stopper() -> None:
    """Seat 0 (Q♠, 5♥, 6♥: 7 moon points alone) leads A♥; seat 1 cannot beat it. 2♥ keeps 7♥, the
    heart that later takes the only trick that stops the moon; 7♥ under the ace would give it away."""
    hand = _classic(("AC KC QC JC TC AH KH QH JH TH 9H 8H 4H", "2C 7H 3H 2H 2D 3D 4D 5D 6D 7D 8D 2S 3S",
                     "3C QS 5H 6H 9D TD JD QD KD AD 4S 5S 6S", "4C 5C 6C 7C 8C 9C 7S 8S 9S TS JS KS AS"),
                    "2C 3C 4C AC  KC 8D QS 5C  QC 7D 5H 6C  JC 6D 9D 7C  TC 5D 6H 8C  AH")
    view = seat_view(hand, 1)
    assert view.legal == mask("7H 3H 2H")
    table = table_of(view)
    assert explain_play(table, 1, view.hand, view.legal) == (parse_card("2H"), "stop_moon_keep")
    assert make_bot("normal").choose_play(view) == parse_card("2H")


def test_the_hint_names_the_moon_stop_and_the_shooter() -> None:
    advice = advise(seat_view(_moon_with_one_stopper(), 1), budget_ms=BUDGET, config=UNCAPPED)
    assert advice.cards == mask("7H")
    assert advice.reason.code == "stop_moon_take" and advice.reason.params["seat"] == 0
    points, alt_points = advice.reason.params["points"], advice.reason.params["alt_points"]
    assert isinstance(points, str) and isinstance(alt_points, str) and float(points) < float(alt_points)


def _shooter_wins_the_trick_and_we_are_void() -> Hand:
    """Seat 0 has won every trick and taken Q♠ and three hearts; it wins this one with 9♣, and seat 3,
    void in clubs, is to play: a heart would feed the moon."""
    return _classic(("AC KC QC JC TC 9C AH KH QH JH TH 9H 8H", "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
                     "QS 2H 3H 4H 5H 8D 9D TD JD QD KD 2S 3S", "6H 7H AD 4S 5S 6S 7S 8S 9S TS JS KS AS"),
                    "2C 2S 4S AC  KC 3C QS 5S  QC 4C 2H 6S  JC 5C 3H 7S  TC 6C 4H 8S  9C 7C 5H")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_feeds_a_would_be_shooter_nothing(level: str) -> None:
    hand = _shooter_wins_the_trick_and_we_are_void()
    view = seat_view(hand, 3)
    assert view.legal & mask("5H 6H 7H") and view.legal & ~mask("5H 6H 7H QS")
    card = _bot(level, 1).choose_play(view)
    assert not mask("5H 6H 7H") >> card & 1


# A hand that fits a moon fairly well (strength 13 or more), but not clearly (below moon_pass).
MIXED = "AH KH QH 5H 4H AS 7S KC 9C 4C 3D 4D 6D"
CLEAR = "AH KH QH JH TH 9H 8H AS KS AC KC AD 2D"


def test_normal_plans_a_moon_only_with_a_clearly_fitting_hand() -> None:
    rules = preset("classic")
    mixed, clear = mask(MIXED), mask(CLEAR)
    assert 13 <= moon_strength(mixed, rules.deck & ~mixed) < STYLE.moon_pass
    assert moon_strength(clear, rules.deck & ~clear) >= STYLE.moon_start
    for text, plans in ((MIXED, False), (CLEAR, True)):
        hand = make_hand(rules, {0: text}, pass_offset=1)
        view = seat_view(hand, 0)
        passed = make_bot("normal").choose_pass(view)
        assert (passed == moon_pass(rules, view.hand)) is plans
        played = make_hand(rules, {0: text})
        assert shooting(table_of(seat_view(played, 0)), 0, played.hands[0], rules.deck & ~played.hands[0]) is plans


def test_easy_never_plans_a_moon() -> None:
    """Even with a perfect moon hand easy passes its highest cards (three of its aces), not its lowest."""
    rules = preset("classic")
    hand = make_hand(rules, {0: CLEAR}, pass_offset=1)
    for seed in range(4):
        passed = make_bot("easy", seed=seed).choose_pass(seat_view(hand, 0))
        assert passed.bit_count() == 3 and passed & ~mask("AH AS AC AD") == 0


def _shooter_wins_and_we_hold_only_hearts() -> Hand:
    """Seat 0 has won every trick with clubs and taken Q♠ and five hearts; it wins this one with 9♣, and
    seat 3, with nothing but hearts, must give it one: the low ones, while A♥ and K♥ may yet take a trick."""
    return _classic(("AC KC QC JC TC 9C 8C 7C 6C AD KD QD JD", "2C 3C 4C 5C QS 2D 3D 4D 5D 6D 7D 8D 9D",
                     "TD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
                    "2C 2S 2H AC  KC 3C 3S 3H  QC 4C 4S 4H  JC 5C 5S 5H  TC QS 6S 6H  9C 2D 7S")


def test_with_only_hearts_a_defender_gives_a_would_be_shooter_the_lowest() -> None:
    view = seat_view(_shooter_wins_and_we_hold_only_hearts(), 3)
    assert view.legal == view.hand == mask("7H 8H 9H TH JH QH KH AH")
    assert explain_play(table_of(view), 3, view.hand, view.legal) == (parse_card("7H"), "stop_moon_keep")
    assert make_bot("normal").choose_play(view) == parse_card("7H")
    # Not in the search's playouts (``SEARCH_STYLE``), as with playing low under it: there a searching seat
    # would count on the others to stop the moon.
    assert explain_play(table_of(view, SEARCH_STYLE), 3, view.hand, view.legal)[1] != "stop_moon_keep"
