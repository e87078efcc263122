"""What a change adds to the statistics: the match booked, the daily, the rating, achievements.

:func:`book_change` runs after every change of the table (:meth:`TableService.answer`) and
:func:`book_par` once the par of a hand is known. Each moment counts only where it may:

- a hand's achievements and a match's booking and achievements: :attr:`Session.counts_for_stats`
  (not a learn hand, not once a deal was played again, not a daily's replay, not a challenge);
- the rating: :attr:`Session.rates_match` and :meth:`Session.rates_hand` (also never a shared
  deal played again);
- the daily's history and streak: a counted daily's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .achievements import daily_achievements, hand_achievements, match_achievements, par_achievements
from .daily import previous_day
from .modes import DailyMode
from .protocol import Achievement, AchievementId, DailyResult, Event
from .rating import par_game, place_games
from .seats import HOST_SEAT
from .session import Session
from .stats import Stats, match_leaderboard

__all__ = ["Booked", "book_change", "book_par"]


@dataclass
class Booked:
    """Whether the statistics changed, and the achievements earned."""

    changed: bool = False
    achievements: list[Achievement] = field(default_factory=list)


def book_change(stats: Stats, session: Session, events: Sequence[Event], date: str) -> Booked:
    """Book what ``events`` (one change of ``session``) finished: a hand, a match."""
    earned: list[AchievementId] = []
    changed = False
    counts = session.counts_for_stats
    if counts and any(e["type"] == "hand_over" for e in events):
        earned += hand_achievements(session.match.finished[-1], HOST_SEAT)
    if counts and any(e["type"] == "match_over" for e in events):
        _book_match(stats, session, date, earned)
        changed = True
    new = stats.earn(earned, date)
    return Booked(changed or bool(new), new)


def _book_match(stats: Stats, session: Session, date: str, earned: list[AchievementId]) -> None:
    match = session.match
    stats.book(match, session.levels, HOST_SEAT, date)
    if session.rates_match:
        stats.rate(place_games(match.places(), session.levels, HOST_SEAT), date)
    mode = session.mode
    if isinstance(mode, DailyMode):
        result: DailyResult = {"date": mode.date, "points": match.totals[HOST_SEAT],
                               "place": match.places()[HOST_SEAT], "score": match_leaderboard(match)[HOST_SEAT]}
        stats.book_daily(result, previous_day(mode.date))
        earned += daily_achievements(result, stats)
    earned += match_achievements(match, session.levels, HOST_SEAT, stats)


def book_par(stats: Stats, session: Session, index: int, par: int, date: str) -> Booked:
    """Par of finished hand ``index`` is known: the hand as a game against par, and beating it."""
    if not session.counts_for_stats:
        return Booked()
    yours = session.match.scores[index][HOST_SEAT]
    changed = session.rates_hand(index)
    if changed:
        stats.rate([par_game(par, yours)], date)
    new = stats.earn(par_achievements(par, yours), date)
    return Booked(changed or bool(new), new)
