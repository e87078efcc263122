"""What kind of table a session is: a match, the learn hand, the daily deal or a challenge.

Everything that differs between them is said here, once, by a mode object the session
holds (:class:`MatchMode`, :class:`LearnMode`, :class:`DailyMode`, :class:`ChallengeMode`):
the deal the mode fixes (the learn hand always deals :data:`~hearts.table.learn.LEARN_DEAL`)
or the whole table it fixes (the daily's and a challenge's set deals), the tips that follow a
change, whether the match's end counts in the statistics, whether its hands move the rating,
whether a next hand exists, whether every card is played (no claim, no early end), and what
the mode adds to a save (the learn hand: the tips read and those sent but not yet read). The
session and the save code ask the mode and never test its name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from ..errors import HeartsError
from ..game import Hand
from ..rules import Rules
from .challenge import Challenge, challenge_code, read_challenge
from .daily import daily_date, daily_table
from .learn import LEARN_BOTS, LEARN_DEAL, TIP_KINDS, opening_tips, saved_tip, tips_for
from .protocol import Event, Mode, TipEvent, TipKind
from .setmatch import SetTable
from .share import SharedDeal

__all__ = ["TableMode", "MatchMode", "LearnMode", "DailyMode", "ChallengeMode", "LEARN_HAND", "settings_mode",
           "saved_mode"]

# The learn hand: classic rules, passing left, three normal bots: a deal as a shared link gives one.
LEARN_HAND = SharedDeal(Rules(), [LEARN_BOTS] * 3, LEARN_DEAL, Rules().pass_offset(0))


class TableMode(Protocol):
    """What a kind of table decides; the session asks it instead of testing which kind it is."""

    @property
    def name(self) -> Mode:
        """The view's ``mode``."""

    @property
    def counts(self) -> bool:
        """Whether the match's end may count in the statistics and the leaderboard."""

    @property
    def deal(self) -> SharedDeal | None:
        """The deal the mode fixes (rules, bots and first hand); ``None``: the settings choose."""

    @property
    def table(self) -> SetTable | None:
        """The whole table the mode fixes (rules, bots, seed, every deal); ``None``: not fixed whole."""

    @property
    def rated(self) -> bool:
        """Whether its hands and its end may move the rating (never a learn hand, a challenge's deals or a
        daily's replay: deals played again)."""

    @property
    def plays_every_card(self) -> bool:
        """Whether every card of a hand is played one by one: no claim, no early end."""

    def opening_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        """The tips that open the table for the person at ``seat``."""

    def tips_after(self, events: Sequence[Event], hand: Hand, seat: int) -> list[TipEvent]:
        """The tips that a change's ``events`` call for."""

    def replay_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        """The tips that open a hand played again from its deal ("same deal again")."""

    def unread_tips(self) -> list[TipEvent]:
        """The tips sent and not yet read, in order: a resumed table shows them again."""

    def read_tip(self, kind: TipKind) -> None:
        """The person has read the tip of ``kind``: it never shows again. Refused (``bad_request``) when
        no such tip waits to be read."""

    def require_next_hand(self) -> None:
        """Refuses a next hand when the mode has none."""

    def save_fields(self) -> dict[str, object]:
        """What a save of this table adds to the match's own data."""


class _NoTips:
    """A table without tips whose hands follow one another (every mode but the learn hand)."""

    def opening_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        return []

    def tips_after(self, events: Sequence[Event], hand: Hand, seat: int) -> list[TipEvent]:
        return []

    def replay_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        return []

    def unread_tips(self) -> list[TipEvent]:
        return []

    def read_tip(self, kind: TipKind) -> None:
        raise HeartsError("bad_request", f"this table shows no tips, so no {kind!r} tip waits to be read")

    def require_next_hand(self) -> None:
        return None


@dataclass(frozen=True)
class MatchMode(_NoTips):
    """A match: the settings choose the table, hands follow until the target, its end counts."""

    name: ClassVar[Mode] = "match"
    counts: ClassVar[bool] = True
    deal: ClassVar[SharedDeal | None] = None
    table: ClassVar[SetTable | None] = None
    rated: ClassVar[bool] = True
    plays_every_card: ClassVar[bool] = False

    def save_fields(self) -> dict[str, object]:
        return {}

    @classmethod
    def from_save(cls, data: Mapping[str, object]) -> MatchMode:
        return cls()


@dataclass
class LearnMode:
    """The learn hand: one fixed hand for newcomers, a tip the first time each thing happens.

    It is practice, so it never counts, and it is one hand: a real match follows, not a next hand.
    Every card is played: the tips explain the tricks as they are taken, and a claim or an early
    end would take the last tricks (and their tips) away from a newcomer at once.

    A tip counts as shown once the person has read it (the page says so: ``tip_read``), not when it
    is sent: a page reloaded while a tip showed (or closed, or discarded by a phone) gets the tips
    not yet read again with the resumed table. A kind is sent once all the same: while its tip
    waits to be read, the events that call for it again send nothing.
    """

    name: ClassVar[Mode] = "learn"
    counts: ClassVar[bool] = False
    deal: ClassVar[SharedDeal | None] = LEARN_HAND
    table: ClassVar[SetTable | None] = None
    rated: ClassVar[bool] = False
    plays_every_card: ClassVar[bool] = True

    tips_read: set[str] = field(default_factory=set)
    unread: list[TipEvent] = field(default_factory=list)

    def opening_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        return self._sent(opening_tips(hand, seat))

    def tips_after(self, events: Sequence[Event], hand: Hand, seat: int) -> list[TipEvent]:
        return self._sent(tips_for(events, hand, seat, self.tips_read | self._unread_kinds()))

    def replay_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        """The learn hand tried again is the lesson again: every tip shows anew, from the pass."""
        self.tips_read.clear()
        self.unread.clear()
        return self.opening_tips(hand, seat)

    def unread_tips(self) -> list[TipEvent]:
        return list(self.unread)

    def read_tip(self, kind: TipKind) -> None:
        tip = next((tip for tip in self.unread if tip["kind"] == kind), None)
        if tip is None:
            raise HeartsError("bad_request", f"no {kind!r} tip waits to be read")
        self.unread.remove(tip)
        self.tips_read.add(kind)

    def _unread_kinds(self) -> set[str]:
        return {tip["kind"] for tip in self.unread}

    def _sent(self, tips: list[TipEvent]) -> list[TipEvent]:
        """The tips about to be sent wait to be read."""
        self.unread += tips
        return tips

    def require_next_hand(self) -> None:
        raise HeartsError("learn_over", "the learn hand is one hand: start a real match")

    def save_fields(self) -> dict[str, object]:
        return {"mode": self.name, "tips": sorted(self.tips_read), "unread": self.unread_tips()}

    @classmethod
    def from_save(cls, data: Mapping[str, object]) -> LearnMode:
        """``tips``: the kinds read (a save from before ``unread`` was kept: the kinds sent, which then
        counted as shown); ``unread``: the tips sent and not yet read (none in such a save)."""
        kinds = data.get("tips")
        if not isinstance(kinds, list) or any(k not in TIP_KINDS for k in kinds):
            raise HeartsError("bad_save", f"tips must be a list of {list(TIP_KINDS)}")
        unread = data.get("unread", [])
        if not isinstance(unread, list):
            raise HeartsError("bad_save", "unread must be a list of tips")
        mode = cls(set(kinds), [saved_tip(tip) for tip in unread])
        if len(mode._unread_kinds()) != len(mode.unread) or mode._unread_kinds() & mode.tips_read:
            raise HeartsError("bad_save", "each kind of tip is read or unread, and once")
        return mode


@dataclass(frozen=True)
class DailyMode(_NoTips):
    """The daily deal of ``date``: its counted attempt counts like a match (and in the daily history), a
    replay counts nowhere. Its four hands are set: a next hand follows until the last."""

    date: str                      # YYYY-MM-DD
    counted: bool

    name: ClassVar[Mode] = "daily"
    deal: ClassVar[SharedDeal | None] = None
    plays_every_card: ClassVar[bool] = False

    @property
    def counts(self) -> bool:
        return self.counted

    @property
    def rated(self) -> bool:
        return self.counted

    @property
    def table(self) -> SetTable:
        return daily_table(daily_date(self.date))

    def save_fields(self) -> dict[str, object]:
        return {"mode": self.name, "date": self.date, "counted": self.counted}

    @classmethod
    def from_save(cls, data: Mapping[str, object]) -> DailyMode:
        date, counted = data.get("date"), data.get("counted")
        if not isinstance(counted, bool):
            raise HeartsError("bad_save", "counted must be true or false")
        try:
            return cls(daily_date(date).isoformat(), counted)
        except HeartsError as exc:
            raise HeartsError("bad_save", exc.message) from None


@dataclass(frozen=True)
class ChallengeMode(_NoTips):
    """A challenge link's deals against its bots, to compare with the players who played them before.

    Deals played again: it counts in no statistics and moves no rating.
    """

    challenge: Challenge

    name: ClassVar[Mode] = "challenge"
    counts: ClassVar[bool] = False
    rated: ClassVar[bool] = False
    deal: ClassVar[SharedDeal | None] = None
    plays_every_card: ClassVar[bool] = False

    @property
    def table(self) -> SetTable:
        return self.challenge.table

    def save_fields(self) -> dict[str, object]:
        return {"mode": self.name, "challenge": challenge_code(self.challenge)}

    @classmethod
    def from_save(cls, data: Mapping[str, object]) -> ChallengeMode:
        try:
            return cls(read_challenge(data.get("challenge")))
        except HeartsError as exc:
            raise HeartsError("bad_save", exc.message) from None


_MODES: dict[str, type[MatchMode] | type[LearnMode]] = {"match": MatchMode, "learn": LearnMode}
_SAVED_MODES: dict[str, type[MatchMode] | type[LearnMode] | type[DailyMode] | type[ChallengeMode]] = {
    **_MODES, "daily": DailyMode, "challenge": ChallengeMode}


def settings_mode(settings: Mapping[str, object]) -> TableMode:
    """The mode a new match's settings ask for (``"mode"``, default a match).

    A mode that fixes its deal takes no other settings: there is nothing left to choose.
    """
    name = settings.get("mode", "match")
    if not isinstance(name, str) or name not in _MODES:
        raise HeartsError("bad_settings", f"mode must be \"match\" or \"learn\", got {name!r}")
    mode = _MODES[name]()
    if mode.deal is not None and set(settings) != {"mode"}:
        raise HeartsError("bad_settings", f"the {name} hand takes no other settings")
    return mode


def saved_mode(data: Mapping[str, object]) -> TableMode:
    """The mode of a save (:meth:`TableMode.save_fields`); a save without one, or an unknown one, is a match."""
    name = data.get("mode")
    kind = _SAVED_MODES[name] if isinstance(name, str) and name in _SAVED_MODES else MatchMode
    return kind.from_save(data)
