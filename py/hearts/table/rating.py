"""A skill rating with its uncertainty: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012).

A rating is ``(rating, rd, sigma)`` on the Glicko scale (1500 ± 350 for a newcomer). Each
rating period is one game record: a finished hand compared with par (the strong bot in your
seat, :mod:`hearts.table.par`), or a finished match, whose places against each bot are the
games of that period. The opponents are fixed anchors: each bot level has a rating
(:data:`LEVEL_RATINGS`) with a small deviation, and par is the strong level.

A hand's par difference ``d`` (par's points minus yours: positive when you took fewer) becomes
a score in 0..1 by the logistic ``1 / (1 + 10 ** (-d / PAR_SCALE))``: equal points are a draw
(0.5), five points better about 0.76, ten about 0.91. A match gives 1 against each bot you
finished above, 0.5 against one you shared a place with, 0 otherwise.

Everything is arithmetic on floats in a fixed order, so CPython and Pyodide give the same numbers.
See ``docs/rewards.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Rating", "Game", "rate", "par_score", "place_games", "par_game", "LEVEL_RATINGS",
           "INITIAL", "TAU", "PAR_SCALE"]

GLICKO_SCALE = 173.7178        # Glicko-2's conversion between the two scales
TAU = 0.5                      # how much the volatility may change (Glickman suggests 0.3..1.2)
EPSILON = 0.000001             # the volatility iteration's tolerance
PAR_SCALE = 10.0               # points of par difference for a score of 1/(1+10**-1) ≈ 0.91
ANCHOR_RD = 60.0               # the bots' fixed deviation: they do not change, so they are well known
# expert: above strong (the same search with more work); not yet measured against strong.
LEVEL_RATINGS = {"easy": 1200.0, "normal": 1500.0, "strong": 1800.0, "expert": 1900.0}


@dataclass(frozen=True)
class Rating:
    rating: float
    rd: float                  # the rating deviation: about a 95 % interval of ± 2 rd
    sigma: float               # the volatility: how erratic the results are


INITIAL = Rating(1500.0, 350.0, 0.06)


@dataclass(frozen=True)
class Game:
    """One result against an opponent of ``rating`` ± ``rd``; ``score`` 1 a win, 0.5 a draw, 0 a loss."""

    rating: float
    rd: float
    score: float


def par_score(par_points: int, your_points: int) -> float:
    """A hand against par as a score: 0.5 for the same points, towards 1 the fewer you took."""
    return 1.0 / (1.0 + math.pow(10.0, -(par_points - your_points) / PAR_SCALE))


def par_game(par_points: int, your_points: int) -> Game:
    return Game(LEVEL_RATINGS["strong"], ANCHOR_RD, par_score(par_points, your_points))


def place_games(places: Sequence[int], levels: Sequence[str], seat: int) -> list[Game]:
    """A finished match as games against each bot seat: its place against ``seat``'s.

    ``levels`` names every seat's level; a seat that is not a bot level (another person) is no game.
    """
    games = []
    for other, level in enumerate(levels):
        if other == seat or level not in LEVEL_RATINGS:
            continue
        score = 1.0 if places[seat] < places[other] else 0.5 if places[seat] == places[other] else 0.0
        games.append(Game(LEVEL_RATINGS[level], ANCHOR_RD, score))
    return games


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (TAU * TAU))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games: Sequence[Game]) -> Rating:
    """The rating after one rating period with these games (none: only the deviation grows)."""
    mu = (player.rating - 1500.0) / GLICKO_SCALE
    phi = player.rd / GLICKO_SCALE
    if not games:
        return Rating(player.rating, min(math.sqrt(phi * phi + player.sigma ** 2), INITIAL.rd / GLICKO_SCALE)
                      * GLICKO_SCALE, player.sigma)
    inv_v = 0.0
    gain = 0.0
    for game in games:
        mu_j = (game.rating - 1500.0) / GLICKO_SCALE
        phi_j = game.rd / GLICKO_SCALE
        e = _expected(mu, mu_j, phi_j)
        inv_v += _g(phi_j) ** 2 * e * (1.0 - e)
        gain += _g(phi_j) * (game.score - e)
    v = 1.0 / inv_v
    sigma = _volatility(phi, player.sigma, v * gain, v)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Rating(GLICKO_SCALE * new_mu + 1500.0, GLICKO_SCALE * new_phi, sigma)
