"""Saving a table as text and resuming it: the autosave the page keeps after every change.

A save is a JSON object (``format`` ``hearts-table``, ``version`` :data:`SAVE_VERSION`): the
match (:meth:`hearts.match.Match.to_json`), the bots' levels, what the table shows (a hand's
result, the shown seat, who is ready for the next hand), the seats, the table's ``early_end``
setting, and what the mode adds (:meth:`~hearts.table.modes.TableMode.save_fields`). Every
save version the page may hold is read: version 2 has no seats (one person against bots);
version 1 names the result flag ``result_pending``; a save without ``early_end`` (written
before the setting existed) has it on, its default. A save may add ``pars`` (par of finished
hands, :mod:`hearts.table.par`). Anything else is refused with ``bad_save``, and the running
table stays.
"""

from __future__ import annotations

import json
from typing import Any

from .. import jsontext
from ..deal import deal
from ..errors import HeartsError
from ..match import Match
from .modes import saved_mode
from .seats import HOST_SEAT, Seats, parse_levels
from .session import Session, parse_early_end

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "save_text", "resume"]

SAVE_FORMAT = "hearts-table"
SAVE_VERSION = 3


def save_text(session: Session) -> str:
    """The save of ``session``: :func:`resume` rebuilds the same table from it."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT, "version": SAVE_VERSION, "match": session.match.to_json(),
        "bots": session.levels[1:], "result_shown": session.result_shown, "replay": session.replay,
        "seats": session.seats.to_json(), "ready": sorted(session.ready), "shown": session.shown,
        "early_end": session.early_end, **session.mode.save_fields()}
    if session.first_deal is not None:
        data["first_deal"] = session.first_deal
    if session.pars:
        data["pars"] = {str(k): v for k, v in sorted(session.pars.items())}
    return json.dumps(data, separators=(",", ":"))


def resume(text: object) -> Session:
    """The session saved in ``text``. Raises ``HeartsError("bad_save")`` for anything else."""
    try:
        return _resume(text)
    except HeartsError as exc:
        raise HeartsError("bad_save", f"the saved game cannot be resumed: {exc.message}") from None
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        raise HeartsError("bad_save", f"the saved game cannot be resumed: {exc}") from None


def _resume(text: object) -> Session:
    if not isinstance(text, str):
        raise HeartsError("bad_save", "a save is a string")
    data = jsontext.loads(text)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise HeartsError("bad_save", "not a saved Hearts table")
    version = data.get("version")
    if version not in (1, 2, SAVE_VERSION):
        raise HeartsError("bad_save", f"unknown save version {version!r}")
    match = Match.from_json(data.get("match"))
    shown = data.get("result_pending" if version == 1 else "result_shown")
    if not isinstance(shown, bool) or (shown and not match.finished):
        raise HeartsError("bad_save", "a result can be shown only after a finished hand")
    replayed = data.get("replay", False)  # a save without it was never replayed
    if not isinstance(replayed, bool):
        raise HeartsError("bad_save", "replay must be true or false")
    session = _session(data, match)
    session.result_shown = shown or match.over
    session.replay = replayed
    session.early_end = parse_early_end(data, "bad_save")
    ready = data.get("ready", [])
    if not isinstance(ready, list):
        raise HeartsError("bad_save", "ready must be a list of seats")
    session.ready = {s for s in ready if s in session.seats.persons()}
    seat = data.get("shown", HOST_SEAT)
    session.shown = seat if seat in session.seats.local() else HOST_SEAT
    session.pars = _pars(data.get("pars", {}), len(session.match.finished))
    return session


def _pars(value: object, finished: int) -> dict[int, int]:
    """Par of the finished hands (hearts.table.par), by index; a save without them has none yet."""
    if not isinstance(value, dict) or not all(
            k.isdigit() and int(k) < finished and isinstance(v, int) and not isinstance(v, bool)
            for k, v in value.items()):
        raise HeartsError("bad_save", "pars must map finished hands to whole numbers")
    return {int(k): v for k, v in value.items()}


def _session(data: dict[str, Any], match: Match) -> Session:
    """The saved match at its table: the one its mode fixes, or the saved levels, seats and first deal."""
    levels = parse_levels(data.get("bots"), match.rules.players)
    mode = saved_mode(data)
    if mode.table is not None:  # every deal set: the daily, a challenge
        return Session.set_table(mode.table, mode, data.get("match"))
    if mode.deal is not None:
        _first_deal(mode.deal.deal, match)
        return Session.starting_with(mode.deal, mode, match)
    seats = Seats.from_json(data.get("seats"), levels)
    return Session(match.rules, match.seed, levels, match, seats, mode, _first_deal(data.get("first_deal"), match))


def _first_deal(number: object, match: Match) -> int | None:
    """A saved first deal number, checked against the first hand's cards."""
    if number is None:
        return None
    first = match.finished[0] if match.finished else match.hand
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < 1 << 64 \
            or tuple(deal(match.rules, number)) != first.deal:
        raise HeartsError("bad_save", "first_deal does not match the first hand")
    return number
