"""The person's statistics and the leaderboard score: Python owns them, the page only stores the text.

The leaderboard score (as the rule text defines it): each hand counts 13 minus your score of
that hand, never below 0 (a hand without points gives 13, and so does a moon you shot); at
the end of a match a place bonus of 30 / 15 / 5 for 1st / 2nd / 3rd (a shared place gets
that place's bonus).

A match counts once, when it ends, and only if :attr:`Session.counts_for_stats` (not a
replayed deal, not a learn hand); a match left unfinished counts nowhere. The statistics are
a versioned JSON value (``hearts-stats`` version 3, stored by the page under
``hearts.stats.v1``). Version 3 adds the rating (:mod:`hearts.table.rating`), the
achievements with their dates (:mod:`hearts.table.achievements`) and the daily deal's history
and streak (:mod:`hearts.table.daily`); a version 2 value is read with none of them yet. A
version 1 value there, ``{"matches", "wins", "hands", "moons"}``, is read too and kept whole
in ``legacy`` (its counters are added to the totals). Anything else is refused with
``bad_stats``: the page keeps it aside, never deletes it.

A moon is *stopped* by you in a hand that nobody shot when one other seat took every moon
card of the rules (hearts and Q♠; Black Maria's K♠ and A♠ too) but one or two, and you took
those. With the moon off there is none to stop.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict, get_args

from .. import jsontext
from ..bots import LEVELS
from ..cards import QUEEN_OF_SPADES
from ..errors import HeartsError
from ..game import HandResult
from ..match import Match
from ..rules import Rules, preset_name
from .daily import daily_of
from .protocol import (
    Achievement,
    AchievementId,
    AchievementView,
    DailyResult,
    DailyStats,
    RatingPoint,
    RatingView,
    RecentMatch,
    StatsView,
    TallyView,
    TopMatch,
    TopMatchView,
)
from .rating import INITIAL, Game, Rating, rate
from .shapes import result_of

__all__ = [
    "STATS_FORMAT", "STATS_VERSION", "Stats", "hand_leaderboard", "match_leaderboard", "place_bonus",
    "moon_stopped",
]

STATS_FORMAT = "hearts-stats"
STATS_VERSION = 3
READ_VERSIONS = (2, STATS_VERSION)   # version 2 has no rating, achievements nor daily history yet
ACHIEVEMENT_IDS: tuple[AchievementId, ...] = get_args(AchievementId)
RATING_HISTORY = 60                   # ratings kept for the chart
DAILY_HISTORY = 60                    # finished dailies kept for the chart
HAND_VALUE = 13                       # a hand's leaderboard value before your points
PLACE_BONUS = {1: 30, 2: 15, 3: 5}
MAX_PLACES = 6
TOP_MATCHES = 10
RECENT_MATCHES = 30                   # kept for the chart of the last matches
STOP_MARGIN = 2                       # point cards a stopped moon's shooter may miss
LEGACY_KEYS = ("matches", "wins", "hands", "moons")
MAX_TEXT = 1_000_000


# -- the leaderboard score ---------------------------------------------------------------------

def hand_leaderboard(result: HandResult, seat: int) -> int:
    """One hand's leaderboard value for ``seat``: 13 − its score, never below 0; a moon it shot gives 13,
    raised by what it took outside the moon (the J♦'s −10), as those points count moon or not."""
    moon = result.moon
    if moon is not None and moon.seat == seat:
        outside = result.scores[seat] + (moon.value if moon.subtracted else 0)
        return HAND_VALUE - min(0, outside)
    return max(0, HAND_VALUE - result.scores[seat])


def place_bonus(place: int) -> int:
    return PLACE_BONUS.get(place, 0)


def match_leaderboard(match: Match) -> list[int]:
    """Every seat's leaderboard score of the hands played so far, with the place bonus once the match is over."""
    scores = [0] * match.rules.players
    for hand in match.finished:
        result = result_of(hand)
        scores = [s + hand_leaderboard(result, seat) for seat, s in enumerate(scores)]
    if match.over:
        scores = [s + place_bonus(place) for s, place in zip(scores, match.places())]
    return scores


def moon_stopped(rules: Rules, taken: Sequence[int], result: HandResult, seat: int) -> bool:
    """Nobody shot, one other seat took every moon card but one or two, and ``seat`` took those.

    ``taken``: the cards each seat took in the hand (``Hand.taken``). The moon cards are the rules'
    (``Rules.penalty_cards``: the deck's hearts and Q♠, Black Maria's K♠ and A♠ too, the J♦ only when
    the moon needs it); with the moon off there is no moon to stop.
    """
    if result.moon is not None or rules.moon == "off":
        return False
    moon_cards = rules.penalty_cards
    counts = [(cards & moon_cards).bit_count() for cards in taken]
    mine = counts[seat]
    rest = moon_cards.bit_count() - mine
    return 1 <= mine <= STOP_MARGIN and any(c == rest for s, c in enumerate(counts) if s != seat)


# -- the stored value --------------------------------------------------------------------------

class Tally(TypedDict):
    """The counters of one group of matches (all, one player count, one opponents' level)."""

    matches: int
    wins: int
    places: list[int]
    hands: int
    points: int                        # the sum of your hand scores
    moons_shot: int
    moons_suffered: int
    moons_stopped: int
    queens: int
    jacks: int
    jack_hands: int                    # hands played with the bonus card's rule on (J♦ or 10♦)
    leaderboard: int
    best: int | None
    worst: int | None
    streak: int
    best_streak: int


class RatingState(TypedDict):
    """The rating as stored: Glicko-2's three figures, the periods rated and the last ratings."""

    rating: float
    rd: float
    sigma: float
    periods: int
    history: list[RatingPoint]


class DailyState(TypedDict):
    last: str | None                   # the last day whose attempt counted (started)
    streak: int                        # finished dailies on consecutive days, up to the last finished one
    best_streak: int
    history: list[DailyResult]


def _initial_rating() -> RatingState:
    return {"rating": INITIAL.rating, "rd": INITIAL.rd, "sigma": INITIAL.sigma, "periods": 0, "history": []}


def _empty_daily() -> DailyState:
    return {"last": None, "streak": 0, "best_streak": 0, "history": []}


_COUNTERS = ("matches", "wins", "hands", "moons_shot", "moons_suffered", "moons_stopped", "queens", "jacks",
             "jack_hands", "leaderboard", "streak", "best_streak")
_HAND_COUNTERS = ("hands", "points", "moons_shot", "moons_suffered", "moons_stopped", "queens", "jacks",
                  "jack_hands")


def _empty_tally() -> Tally:
    return {"matches": 0, "wins": 0, "places": [0] * MAX_PLACES, "hands": 0, "points": 0, "moons_shot": 0,
            "moons_suffered": 0, "moons_stopped": 0, "queens": 0, "jacks": 0, "jack_hands": 0, "leaderboard": 0,
            "best": None, "worst": None, "streak": 0, "best_streak": 0}


@dataclass(frozen=True)
class MatchFigures:
    """What one finished match adds, for the seat the statistics are about."""

    hands: dict[str, int]              # the per-hand counters of _HAND_COUNTERS, summed over the match
    won: bool
    place: int
    score: int                         # the match's leaderboard score

    @classmethod
    def of(cls, match: Match, seat: int) -> MatchFigures:
        sums = dict.fromkeys(_HAND_COUNTERS, 0)
        jack_rule = match.rules.jack_of_diamonds
        for hand in match.finished:
            result = result_of(hand)
            moon = result.moon
            taken = hand.taken[seat]
            sums["hands"] += 1
            sums["points"] += result.scores[seat]
            sums["moons_shot"] += moon is not None and moon.seat == seat
            sums["moons_suffered"] += moon is not None and moon.seat != seat
            sums["moons_stopped"] += moon_stopped(hand.rules, hand.taken, result, seat)
            sums["queens"] += taken >> QUEEN_OF_SPADES & 1
            sums["jacks"] += jack_rule and taken >> match.rules.bonus & 1  # the bonus card: J♦ or 10♦
            sums["jack_hands"] += jack_rule
        return cls(sums, seat in match.winners(), match.places()[seat], match_leaderboard(match)[seat])


def _add(tally: Tally, figures: MatchFigures) -> None:
    for key, value in figures.hands.items():
        tally[key] += value  # type: ignore[literal-required]  # keys of _HAND_COUNTERS
    tally["matches"] += 1
    tally["wins"] += figures.won
    tally["places"][min(figures.place, MAX_PLACES) - 1] += 1
    tally["leaderboard"] += figures.score
    tally["best"] = figures.score if tally["best"] is None else max(tally["best"], figures.score)
    tally["worst"] = figures.score if tally["worst"] is None else min(tally["worst"], figures.score)
    tally["streak"] = tally["streak"] + 1 if figures.won else 0
    tally["best_streak"] = max(tally["best_streak"], tally["streak"])


def opponents_level(levels: Sequence[str]) -> str:
    """The bots' level when they all play at one level, else ``mixed``."""
    others = set(levels[1:])
    return others.pop() if len(others) == 1 else "mixed"


@dataclass
class Stats:
    """The statistics of the person at the table (seat 0 of every match booked)."""

    total: Tally = field(default_factory=_empty_tally)
    by_players: dict[str, Tally] = field(default_factory=dict)
    by_level: dict[str, Tally] = field(default_factory=dict)
    top: list[TopMatch] = field(default_factory=list)
    recent: list[RecentMatch] = field(default_factory=list)
    legacy: dict[str, int] | None = None   # a version 1 value that was read, kept whole
    rating: RatingState = field(default_factory=_initial_rating)
    achievements: dict[str, str] = field(default_factory=dict)   # id → when it was earned
    daily: DailyState = field(default_factory=_empty_daily)

    def book(self, match: Match, levels: Sequence[str], seat: int, date: str) -> None:
        """Add a finished match."""
        assert match.over, "a match counts when it ends"
        figures = MatchFigures.of(match, seat)
        groups = (self.total, self.by_players.setdefault(str(match.rules.players), _empty_tally()),
                  self.by_level.setdefault(opponents_level(levels), _empty_tally()))
        for tally in groups:
            _add(tally, figures)
        entry: TopMatch = {"date": date, "players": match.rules.players, "preset": preset_name(match.rules),
                           "rules": match.rules.to_json(), "bots": list(levels[1:]), "seed": match.seed,
                           "hands": len(match.finished), "points": match.totals[seat], "place": figures.place,
                           "score": figures.score}
        # Sorted by score; an equal score keeps the earlier match first.
        self.top = sorted([*self.top, entry], key=lambda e: -e["score"])[:TOP_MATCHES]
        last: RecentMatch = {"date": date, "score": figures.score, "place": figures.place}
        self.recent = [*self.recent, last][-RECENT_MATCHES:]

    # -- rating, achievements, the daily deal ------------------------------------------------

    def rate(self, games: Sequence[Game], date: str) -> None:
        """One rating period with ``games`` (a hand against par, or a match's places)."""
        state = self.rating
        after = rate(Rating(state["rating"], state["rd"], state["sigma"]), games)
        point: RatingPoint = {"date": date, "rating": after.rating, "rd": after.rd}
        self.rating = {"rating": after.rating, "rd": after.rd, "sigma": after.sigma,
                       "periods": state["periods"] + 1, "history": [*state["history"], point][-RATING_HISTORY:]}

    def earn(self, ids: Sequence[AchievementId], date: str) -> list[Achievement]:
        """Record the achievements of ``ids`` not earned before; the new ones, in the catalogue's order."""
        new = [i for i in ACHIEVEMENT_IDS if i in ids and i not in self.achievements]
        for i in new:
            self.achievements[i] = date
        return [{"id": i, "date": date} for i in new]

    def daily_counts(self, day: str) -> bool:
        """A daily of ``day`` started now is the counted attempt: no attempt of it or a later day yet."""
        last = self.daily["last"]
        return last is None or day > last

    def start_daily(self, day: str) -> None:
        self.daily["last"] = day

    def book_daily(self, result: DailyResult, yesterday: str) -> None:
        """A counted daily finished; ``yesterday``: the day before it (the streak goes on from it)."""
        daily = self.daily
        history = daily["history"]
        daily["streak"] = daily["streak"] + 1 if history and history[-1]["date"] == yesterday else 1
        daily["best_streak"] = max(daily["best_streak"], daily["streak"])
        daily["history"] = [*history, result][-DAILY_HISTORY:]

    def daily_result(self, day: str) -> DailyResult | None:
        found = next((r for r in self.daily["history"] if r["date"] == day), None)
        return None if found is None else {**found}

    def daily_streak(self, day: dt.date) -> int:
        """The streak as of ``day``, as the next daily would carry it on: it holds while the last finished
        daily is of that day or the day before (0 once a day was missed, or on a day before it)."""
        history = self.daily["history"]
        if not history:
            return 0
        days_since = (day - dt.date.fromisoformat(history[-1]["date"])).days
        return self.daily["streak"] if days_since in (0, 1) else 0

    # -- what the page shows -----------------------------------------------------------------

    def view(self, today: dt.date | None = None) -> StatsView:
        """What the page shows; the daily streak as of ``today`` (the person's day), or without it as of
        the last daily finished."""
        return {"total": _tally_view(self.total, self.legacy),
                "by_players": {k: _tally_view(v) for k, v in sorted(self.by_players.items())},
                "by_level": {k: _tally_view(v) for k, v in _level_order(self.by_level)},
                "top": [_top_view(e, self.daily) for e in self.top],
                "recent": [dict(e) for e in self.recent],  # type: ignore[misc]
                "rating": _rating_view(self.rating),
                "achievements": [_achievement_view(i, self.achievements.get(i)) for i in ACHIEVEMENT_IDS],
                "daily": self._daily_view(today)}

    def _daily_view(self, today: dt.date | None) -> DailyStats:
        state = self.daily
        return {"last": state["last"], "streak": state["streak"] if today is None else self.daily_streak(today),
                "best_streak": state["best_streak"], "history": [{**r} for r in state["history"]]}

    # -- the stored text ---------------------------------------------------------------------

    def to_text(self) -> str:
        return json.dumps({"format": STATS_FORMAT, "version": STATS_VERSION, "total": self.total,
                           "by_players": self.by_players, "by_level": self.by_level, "top": self.top,
                           "recent": self.recent, "legacy": self.legacy, "rating": self.rating,
                           "achievements": self.achievements, "daily": self.daily}, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: Any) -> Stats:
        """The statistics stored in ``text`` (version 2, or a v1 value); ``bad_stats`` for anything else."""
        if text is None:
            return cls()
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise HeartsError("bad_stats", "stored statistics are a JSON text of at most 1 MB")
        try:
            data = jsontext.loads(text)
        except json.JSONDecodeError:
            raise HeartsError("bad_stats", "the stored statistics are not valid JSON") from None
        if isinstance(data, dict) and "format" not in data:
            return cls(legacy=_legacy(data))
        try:
            return _from_json(data)
        except HeartsError as exc:  # also the rules of a listed match (bad_rules)
            raise HeartsError("bad_stats", exc.message if exc.code == "bad_stats"
                              else f"the stored statistics are not valid: {exc.message}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise HeartsError("bad_stats", f"the stored statistics cannot be read: {exc!r}") from None


def _tally_view(tally: Tally, legacy: Mapping[str, int] | None = None) -> TallyView:
    old = dict.fromkeys(LEGACY_KEYS, 0) if legacy is None else legacy
    hands = tally["hands"]
    return {
        "matches": tally["matches"] + old["matches"], "wins": tally["wins"] + old["wins"],
        "places": list(tally["places"]), "hands": hands + old["hands"],
        # Migrated hands have no points: the average is over the hands counted here.
        "average_points": round(tally["points"] / hands, 2) if hands else None,
        "moons": {"shot": tally["moons_shot"] + old["moons"], "suffered": tally["moons_suffered"],
                  "stopped": tally["moons_stopped"]},
        "queens": tally["queens"], "jacks": tally["jacks"] if tally["jack_hands"] else None,
        "leaderboard": tally["leaderboard"], "best": tally["best"], "worst": tally["worst"],
        "streak": tally["streak"], "best_streak": tally["best_streak"],
    }


def _top_view(entry: TopMatch, daily: DailyState) -> TopMatchView:
    """A listed match, with the daily deal's day when it was one (begun on the day it ended or the day
    before, or on a day of the daily history)."""
    days = [entry["date"][:10], *(r["date"] for r in daily["history"])]
    return {**entry, "daily": daily_of(entry["seed"], days)}


def _rating_view(state: RatingState) -> RatingView:
    return {"rating": round(state["rating"], 1), "rd": round(state["rd"], 1), "volatility": round(state["sigma"], 5),
            "periods": state["periods"],
            "history": [{"date": p["date"], "rating": round(p["rating"], 1), "rd": round(p["rd"], 1)}
                        for p in state["history"]]}


def _achievement_view(achievement: AchievementId, date: str | None) -> AchievementView:
    return {"id": achievement, "date": date}


def _level_order(groups: Mapping[str, Tally]) -> list[tuple[str, Tally]]:
    order = [*LEVELS, "mixed"]
    return sorted(groups.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))


# -- checking what was stored ------------------------------------------------------------------

def _bad(what: str) -> HeartsError:
    return HeartsError("bad_stats", f"the stored statistics are not valid: {what}")


def _count(value: Any, what: str, low: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low):
        raise _bad(f"{what} must be a whole number" + ("" if low is None else f" of at least {low}"))
    return value


def _exact_keys(value: Any, keys: Sequence[str], what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != set(keys):
        raise _bad(f"{what} must be an object with exactly {sorted(keys)}")
    return value


def _legacy(data: dict[str, Any]) -> dict[str, int]:
    """A version 1 value's counters; a missing one counts 0, as the page that wrote it read them."""
    unknown = sorted(set(data) - set(LEGACY_KEYS))
    if unknown:
        raise _bad(f"unknown item(s) {unknown} in a version 1 value")
    return {key: _count(data.get(key, 0), key) for key in LEGACY_KEYS}


def _tally(value: Any, what: str) -> Tally:
    data = _exact_keys(value, list(Tally.__annotations__), what)
    for key in _COUNTERS:
        _count(data[key], f"{what}.{key}")
    _count(data["points"], f"{what}.points", low=None)
    places = data["places"]
    if not isinstance(places, list) or len(places) != MAX_PLACES:
        raise _bad(f"{what}.places must list {MAX_PLACES} counts")
    for i, n in enumerate(places):
        _count(n, f"{what}.places[{i}]")
    for key in ("best", "worst"):
        if data[key] is not None:
            _count(data[key], f"{what}.{key}")
    if sum(places) != data["matches"] or data["wins"] > data["matches"]:
        raise _bad(f"{what}: places and wins must fit the matches")
    return data  # type: ignore[return-value]  # every key checked above


def _groups(value: Any, keys: Sequence[str], what: str) -> dict[str, Tally]:
    if not isinstance(value, dict) or not set(value) <= set(keys):
        raise _bad(f"{what} must be an object with keys among {list(keys)}")
    return {k: _tally(v, f"{what}.{k}") for k, v in value.items()}


def _date(value: Any, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 40:
        raise _bad(f"{what} must be a date text")
    return value


def _top_match(value: Any, what: str) -> TopMatch:
    data = _exact_keys(value, list(TopMatch.__annotations__), what)
    _date(data["date"], f"{what}.date")
    rules = Rules.from_json(data["rules"])
    if data["players"] != rules.players or data["preset"] != preset_name(rules):
        raise _bad(f"{what}: players and preset must fit the rules")
    bots = data["bots"]
    if not isinstance(bots, list) or len(bots) != rules.players - 1 or not all(b in LEVELS for b in bots):
        raise _bad(f"{what}.bots must name a level for every other seat")
    for key in ("seed", "hands", "score"):
        _count(data[key], f"{what}.{key}")
    _count(data["points"], f"{what}.points", low=None)
    _count(data["place"], f"{what}.place", low=1)
    return data  # type: ignore[return-value]


def _recent_match(value: Any, what: str) -> RecentMatch:
    data = _exact_keys(value, list(RecentMatch.__annotations__), what)
    _date(data["date"], f"{what}.date")
    _count(data["score"], f"{what}.score")
    _count(data["place"], f"{what}.place", low=1)
    return data  # type: ignore[return-value]


def _listed(value: Any, limit: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise _bad(f"{what} must be a list of at most {limit}")
    return value


_V2_KEYS = ("format", "version", "total", "by_players", "by_level", "top", "recent", "legacy")
_V3_KEYS = (*_V2_KEYS, "rating", "achievements", "daily")


def _number(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise _bad(f"{what} must be a number in {low}..{high}")
    return float(value)


def _rating(value: Any) -> RatingState:
    data = _exact_keys(value, list(RatingState.__annotations__), "rating")
    _number(data["rating"], "rating.rating", -10_000.0, 10_000.0)
    _number(data["rd"], "rating.rd", 0.0, INITIAL.rd)
    _number(data["sigma"], "rating.sigma", 0.0, 1.0)
    _count(data["periods"], "rating.periods")
    for i, point in enumerate(_listed(data["history"], RATING_HISTORY, "rating.history")):
        _exact_keys(point, list(RatingPoint.__annotations__), f"rating.history[{i}]")
        _date(point["date"], f"rating.history[{i}].date")
        _number(point["rating"], f"rating.history[{i}].rating", -10_000.0, 10_000.0)
        _number(point["rd"], f"rating.history[{i}].rd", 0.0, INITIAL.rd)
    return data  # type: ignore[return-value]  # every key checked above


def _achievements(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not set(value) <= set(ACHIEVEMENT_IDS):
        raise _bad(f"achievements must be an object with keys among {list(ACHIEVEMENT_IDS)}")
    return {k: _date(v, f"achievements.{k}") for k, v in value.items()}


def _daily(value: Any) -> DailyState:
    data = _exact_keys(value, list(DailyState.__annotations__), "daily")
    if data["last"] is not None:
        _date(data["last"], "daily.last")
    _count(data["streak"], "daily.streak")
    _count(data["best_streak"], "daily.best_streak")
    for i, entry in enumerate(_listed(data["history"], DAILY_HISTORY, "daily.history")):
        _exact_keys(entry, list(DailyResult.__annotations__), f"daily.history[{i}]")
        _date(entry["date"], f"daily.history[{i}].date")
        _count(entry["points"], f"daily.history[{i}].points", low=None)
        _count(entry["place"], f"daily.history[{i}].place", low=1)
        _count(entry["score"], f"daily.history[{i}].score")
    if data["streak"] > data["best_streak"]:
        raise _bad("daily: the streak cannot exceed the best streak")
    return data  # type: ignore[return-value]


def _from_json(data: Any) -> Stats:
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
        raise _bad(f"format must be {STATS_FORMAT!r}")
    if data.get("version") not in READ_VERSIONS:
        raise HeartsError("bad_stats", f"unknown statistics version {data.get('version')!r}")
    data = _exact_keys(data, _V2_KEYS if data["version"] == 2 else _V3_KEYS, "the value")
    legacy = data["legacy"]
    added = {} if data["version"] == 2 else {
        "rating": _rating(data["rating"]), "achievements": _achievements(data["achievements"]),
        "daily": _daily(data["daily"])}
    return Stats(
        total=_tally(data["total"], "total"),
        by_players=_groups(data["by_players"], [str(n) for n in range(3, 7)], "by_players"),
        by_level=_groups(data["by_level"], [*LEVELS, "mixed"], "by_level"),
        top=[_top_match(e, f"top[{i}]") for i, e in enumerate(_listed(data["top"], TOP_MATCHES, "top"))],
        recent=[_recent_match(e, f"recent[{i}]")
                for i, e in enumerate(_listed(data["recent"], RECENT_MATCHES, "recent"))],
        legacy=None if legacy is None else _legacy(_exact_keys(legacy, LEGACY_KEYS, "legacy")),
        **added,  # type: ignore[arg-type]  # each checked by its reader
    )
