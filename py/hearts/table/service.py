"""The one table of a page: the running session, its last good save and the person's statistics.

:class:`TableService` is what the commands (:mod:`hearts.table.commands`) act on. After every
change it builds the answer the page gets (:class:`~hearts.table.protocol.StateAnswer`): the
shown seat's view, the change's events as that seat may see them, the save to keep, each
guest's own view to send it, and the statistics to store when the change ended a match that
counts or earned an achievement (:mod:`hearts.table.rewards`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from ..errors import HeartsError
from .protocol import PROTOCOL_VERSION, Event, GuestUpdate, StateAnswer, StatsAnswer
from .rewards import book_change
from .saves import resume, save_text
from .session import Session
from .stats import Stats
from .views import events_for, table_view

__all__ = ["TableService"]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class TableService:
    """The one table of a page: the running session (if any), its last good save, the statistics."""

    session: Session | None = None
    last_save: str | None = None
    stats: Stats = field(default_factory=Stats)
    clock: Callable[[], str] = _now    # when a booked match ended (tests set their own)

    def current(self) -> Session:
        if self.session is None:
            raise HeartsError("no_match", "no match is running: start a new match")
        return self.session

    def open(self, session: Session, events: Sequence[Event] = ()) -> StateAnswer:
        """Make ``session`` the running one (a new, shared or resumed table) and answer with it."""
        self.session = session
        return self.answer(events)

    def restore(self) -> None:
        """Put back the table as it was last saved (after a failure inside Python), or none."""
        try:
            self.session = resume(self.last_save) if self.last_save is not None else None
        except HeartsError:
            self.session = None

    def answer(self, events: Sequence[Event] = ()) -> StateAnswer:
        """The state after a change, the events that led to it, and the save text to keep;
        for each guest's seat, the message with its own view to send it."""
        session = self.current()
        seat = session.follow_turn()
        self.last_save = save_text(session)
        guests: list[GuestUpdate] = [
            {"seat": g, "message": {"type": "view", "state": table_view(session, g),
                                    "events": events_for(session, events, g)}}
            for g in session.seats.remote()]
        answer: StateAnswer = {"state": table_view(session, seat), "events": events_for(session, events, seat),
                               "save": self.last_save, "guests": guests, "protocol": PROTOCOL_VERSION}
        # The match_over event comes once, from the hand that ended the match: it counts once.
        booked = book_change(self.stats, session, events, self.clock())
        if booked.changed:
            answer["stats_save"] = self.stats.to_text()
        if booked.achievements:
            answer["achievements"] = booked.achievements
        return answer

    def stats_answer(self, today: date | None = None) -> StatsAnswer:
        """The statistics (the daily streak as of ``today``, see :meth:`Stats.view`) and their text to store."""
        return {"stats": self.stats.view(today), "stats_save": self.stats.to_text(), "protocol": PROTOCOL_VERSION}
