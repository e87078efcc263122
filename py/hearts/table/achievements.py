"""Achievements: twenty things worth doing once, each with a stable id and the date it was earned.

Python decides them from the records of what was played, at three moments (see
:mod:`hearts.table.rewards` for when a moment counts: never in a learn hand, a replayed
deal, a daily's replay or a challenge):

- the end of a hand: :func:`hand_achievements` (a moon, a sun, a stopped moon);
- the end of a match, after it was booked: :func:`match_achievements` (wins, the variants, a
  match without Q♠, the counters);
- par known for a hand: :func:`par_achievements`; the end of a counted daily:
  :func:`daily_achievements`.

The ids are the protocol's :data:`~hearts.table.protocol.AchievementId`, in the catalogue's order;
the page words them (``static/locales/<lang>.json`` ``achievements``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import QUEEN_OF_SPADES
from ..game import Hand
from ..match import Match
from .protocol import AchievementId, DailyResult
from .shapes import result_of
from .stats import Stats, moon_stopped

__all__ = ["hand_achievements", "match_achievements", "par_achievements", "daily_achievements",
           "BEAT_PAR_BY", "STREAK_WINS", "MANY_HANDS", "MANY_MATCHES", "DAILY_STREAK"]

BEAT_PAR_BY = 5          # points fewer than par on one hand
STREAK_WINS = 3          # matches won in a row
MANY_HANDS = 100         # hands of counted matches
MANY_MATCHES = 10        # counted matches
DAILY_STREAK = 7         # dailies finished on consecutive days
_WIN_AT_PLAYERS: dict[int, AchievementId] = {3: "win_3", 5: "win_5", 6: "win_6"}
# win_strong's opponents: the strong bot, or the expert (its search with more work): a harder
# table is no reason to miss it.
_STRONG_LEVELS = frozenset({"strong", "expert"})


def hand_achievements(hand: Hand, seat: int) -> list[AchievementId]:
    """A moon or a sun ``seat`` shot, or a moon it stopped, in the finished ``hand``.

    A sun earns the moon too: taking every trick takes every point card, and the statistics count it as a moon.
    """
    result = result_of(hand)
    moon = result.moon
    earned: list[AchievementId] = []
    if moon is not None and moon.seat == seat:
        earned += ["moon", "sun"] if moon.sun else ["moon"]
    if moon_stopped(hand.rules, hand.taken, result, seat):
        earned.append("moon_stopped")
    return earned


def _variant_wins(match: Match) -> list[AchievementId]:
    rules = match.rules
    wins: list[AchievementId] = []
    if rules.jack_of_diamonds:
        wins.append("win_omnibus")
    if any(points > 0 for _, points in rules.extra_points):
        wins.append("win_black_maria")
    if rules.heart_points == "rank":
        wins.append("win_spot_hearts")
    if rules.teams:
        wins.append("win_partners")
    return wins


def match_achievements(match: Match, levels: Sequence[str], seat: int, stats: Stats) -> list[AchievementId]:
    """What the finished ``match`` earns ``seat``, with ``stats`` already holding it."""
    earned: list[AchievementId] = []
    if seat in match.winners():
        earned.append("first_win")
        if match.rules.players in _WIN_AT_PLAYERS:
            earned.append(_WIN_AT_PLAYERS[match.rules.players])
        if all(level in _STRONG_LEVELS for s, level in enumerate(levels) if s != seat):
            earned.append("win_strong")
        earned += _variant_wins(match)
    if stats.total["streak"] >= STREAK_WINS:
        earned.append("win_streak_3")
    if not any(hand.taken[seat] >> QUEEN_OF_SPADES & 1 for hand in match.finished):
        earned.append("no_queen")
    if stats.total["hands"] >= MANY_HANDS:
        earned.append("hands_100")
    if stats.total["matches"] >= MANY_MATCHES:
        earned.append("matches_10")
    return earned


def par_achievements(par: int, yours: int) -> list[AchievementId]:
    return ["beat_par_5"] if par - yours >= BEAT_PAR_BY else []


def daily_achievements(result: DailyResult, stats: Stats) -> list[AchievementId]:
    """A finished counted daily, with ``stats`` already holding it."""
    earned: list[AchievementId] = ["daily_first"]
    if result["place"] == 1:
        earned.append("daily_win")
    if stats.daily["streak"] >= DAILY_STREAK:
        earned.append("daily_streak_7")
    return earned
