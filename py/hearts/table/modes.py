"""What kind of table a session is: a match, or the learn hand.

Everything that differs between the two is said here, once, by a mode object the session
holds (:class:`MatchMode` or :class:`LearnMode`): the deal the mode fixes (the learn hand
always deals :data:`~hearts.table.learn.LEARN_DEAL`), the tips that follow a change, whether
the match's end counts in the statistics, whether a next hand exists, and what the mode adds
to a save. The session and the save code ask the mode and never test its name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from ..errors import HeartsError
from ..game import Hand
from ..rules import Rules
from .learn import LEARN_BOTS, LEARN_DEAL, TIP_KINDS, opening_tips, tips_for
from .protocol import Event, Mode, TipEvent
from .share import SharedDeal

__all__ = ["TableMode", "MatchMode", "LearnMode", "LEARN_HAND", "settings_mode", "saved_mode"]

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

    def opening_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        """The tips that open the table for the person at ``seat``."""

    def tips_after(self, events: Sequence[Event], hand: Hand, seat: int) -> list[TipEvent]:
        """The tips that a change's ``events`` call for."""

    def require_next_hand(self) -> None:
        """Refuses a next hand when the mode has none."""

    def save_fields(self) -> dict[str, object]:
        """What a save of this table adds to the match's own data."""


@dataclass(frozen=True)
class MatchMode:
    """A match: the settings choose the table, hands follow until the target, its end counts."""

    name: ClassVar[Mode] = "match"
    counts: ClassVar[bool] = True
    deal: ClassVar[SharedDeal | None] = None

    def opening_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        return []

    def tips_after(self, events: Sequence[Event], hand: Hand, seat: int) -> list[TipEvent]:
        return []

    def require_next_hand(self) -> None:
        return None

    def save_fields(self) -> dict[str, object]:
        return {}

    @classmethod
    def from_save(cls, data: Mapping[str, object]) -> MatchMode:
        return cls()


@dataclass
class LearnMode:
    """The learn hand: one fixed hand for newcomers, a tip the first time each thing happens.

    It is practice, so it never counts, and it is one hand: a real match follows, not a next hand.
    """

    name: ClassVar[Mode] = "learn"
    counts: ClassVar[bool] = False
    deal: ClassVar[SharedDeal | None] = LEARN_HAND

    tips_shown: set[str] = field(default_factory=set)

    def opening_tips(self, hand: Hand, seat: int) -> list[TipEvent]:
        return self._shown(opening_tips(hand, seat))

    def tips_after(self, events: Sequence[Event], hand: Hand, seat: int) -> list[TipEvent]:
        return self._shown(tips_for(events, hand, seat, self.tips_shown))

    def _shown(self, tips: list[TipEvent]) -> list[TipEvent]:
        """Each kind of tip shows once: remember the kinds about to be shown."""
        self.tips_shown |= {tip["kind"] for tip in tips}
        return tips

    def require_next_hand(self) -> None:
        raise HeartsError("learn_over", "the learn hand is one hand: start a real match")

    def save_fields(self) -> dict[str, object]:
        return {"mode": self.name, "tips": sorted(self.tips_shown)}

    @classmethod
    def from_save(cls, data: Mapping[str, object]) -> LearnMode:
        kinds = data.get("tips")
        if not isinstance(kinds, list) or any(k not in TIP_KINDS for k in kinds):
            raise HeartsError("bad_save", f"tips must be a list of {list(TIP_KINDS)}")
        return cls(set(kinds))


_MODES: dict[str, type[MatchMode] | type[LearnMode]] = {"match": MatchMode, "learn": LearnMode}


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
    kind = _MODES[name] if isinstance(name, str) and name in _MODES else MatchMode
    return kind.from_save(data)
