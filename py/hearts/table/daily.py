"""The daily deal: one match of four hands a day, the same in every browser, offline.

The page sends the date (UTC, ``YYYY-MM-DD``); Python never reads the clock for it, so tests
choose the day. The date picks everything:

- the match seed is the first SplitMix64 draw from the date read as the number ``yyyymmdd``
  (``SplitMix64(20250131).next()``);
- hand ``k`` (0..3) is deal number ``match_deal_number(seed, k)`` with the classic pass cycle
  (left, right, across, none), exactly as a match with that seed deals;
- the rules are classic, the three bots ``strong``, each with its seed from the match seed
  (:func:`hearts.table.session.bot_seed`), so the same choices meet the same plays everywhere.

Whether a day's attempt counts is the statistics' (:mod:`hearts.table.stats`): the first
attempt of a date later than the last counted one counts; another is a replay.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ..deal import SplitMix64, match_deal_number
from ..errors import HeartsError
from ..rules import Rules
from .setmatch import SetDeal, SetTable

__all__ = ["DAILY_HANDS", "DAILY_LEVEL", "daily_date", "daily_of", "daily_seed", "daily_table", "previous_day",
           "request_day"]

DAILY_HANDS = 4
DAILY_LEVEL = "strong"
FIRST_DAY = dt.date(2000, 1, 1)
LAST_DAY = dt.date(2999, 12, 31)


def request_day(value: object) -> dt.date:
    """The day a request names (``"2025-01-31"``); ``bad_request`` for anything else."""
    if not isinstance(value, str) or len(value) != 10:
        raise HeartsError("bad_request", f"date must be a day as YYYY-MM-DD, got {value!r}")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise HeartsError("bad_request", f"date must be a day as YYYY-MM-DD, got {value!r}") from None


def daily_date(value: object) -> dt.date:
    """The day whose daily deal a request names (:func:`request_day`), and ``bad_date`` for a day
    outside FIRST_DAY..LAST_DAY: the page sends its device's clock, and a clock reset to 1970 or set
    centuries ahead is a problem the person can mend, so it is named."""
    day = request_day(value)
    if not FIRST_DAY <= day <= LAST_DAY:
        raise HeartsError("bad_date", f"date must be between {FIRST_DAY} and {LAST_DAY}, got {value}",
                          {"date": str(value), "first": FIRST_DAY.isoformat(), "last": LAST_DAY.isoformat()})
    return day


def daily_seed(day: dt.date) -> int:
    """The daily match's seed: the first SplitMix64 draw from ``yyyymmdd``."""
    return SplitMix64(day.year * 10000 + day.month * 100 + day.day).next()


def daily_table(day: dt.date) -> SetTable:
    """The day's table: classic rules, three strong bots, four hands of the day's match seed."""
    rules = Rules()
    seed = daily_seed(day)
    deals = tuple(SetDeal(match_deal_number(seed, k), rules.pass_offset(k)) for k in range(DAILY_HANDS))
    return SetTable(rules, (DAILY_LEVEL,) * (rules.players - 1), seed, deals)


def daily_of(seed: int, days: Iterable[str]) -> str | None:
    """The day whose daily deal has match seed ``seed``, among ``days`` (ISO dates; others are skipped)
    and the day before each (a daily begun before midnight UTC ends on the next day), or ``None``.
    A statistics entry keeps a match's seed, not its kind: the seed is a 64-bit draw, so only the
    daily deal's own match has that of its day."""
    for text in days:
        try:
            day = dt.date.fromisoformat(text)
        except ValueError:
            continue
        for candidate in (day, day - dt.timedelta(days=1)):
            if daily_seed(candidate) == seed:
                return candidate.isoformat()
    return None


def previous_day(day: str) -> str:
    """The ISO date before ``day`` (an ISO date checked before): a streak goes on from it."""
    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()
