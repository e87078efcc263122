"""The Glicko-2 rating (hearts.table.rating): the paper's example, the mappings of hands and matches."""

from __future__ import annotations

import pytest

from hearts.bots import LEVELS
from hearts.table.rating import INITIAL, LEVEL_RATINGS, Game, Rating, par_game, par_score, place_games, rate


def test_glickmans_worked_example() -> None:
    after = rate(Rating(1500, 200, 0.06), [Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.sigma == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation_up_to_a_newcomers() -> None:
    after = rate(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and 100 < after.rd < 101 and after.sigma == 0.06
    assert rate(INITIAL, []).rd == INITIAL.rd


def test_a_hand_against_par_is_a_draw_when_equal_and_a_win_the_fewer_points_you_take() -> None:
    assert par_score(7, 7) == 0.5
    assert par_score(10, 5) + par_score(5, 10) == pytest.approx(1.0)
    assert 0.75 < par_score(10, 5) < 0.77 and 0.9 < par_score(10, 0) < 0.92
    assert par_score(26, 0) > par_score(13, 0) > par_score(0, 0) > par_score(0, 13)
    assert par_game(3, 3) == Game(LEVEL_RATINGS["strong"], 60.0, 0.5)


def test_beating_par_raises_the_rating_and_losing_to_it_lowers_it() -> None:
    assert rate(INITIAL, [par_game(13, 0)]).rating > INITIAL.rating
    assert rate(INITIAL, [par_game(0, 13)]).rating < INITIAL.rating


def test_a_match_is_a_game_against_each_bot_by_places() -> None:
    games = place_games([2, 1, 2, 4], ["human", "strong", "normal", "easy"], 0)
    assert [(g.rating, g.score) for g in games] == [(1800.0, 0.0), (1500.0, 0.5), (1200.0, 1.0)]
    assert place_games([1, 2, 3], ["human", "human", "easy"], 0) == [Game(1200.0, 60.0, 1.0)]
    above_strong = place_games([1, 2, 3], ["human", "expert", "strong"], 0)
    assert [(g.rating, g.score) for g in above_strong] == [(1900.0, 1.0), (1800.0, 1.0)]


def test_every_bot_level_has_a_rating() -> None:
    assert set(LEVEL_RATINGS) == set(LEVELS)
    assert [LEVEL_RATINGS[level] for level in LEVELS] == sorted(LEVEL_RATINGS.values())  # weakest first
