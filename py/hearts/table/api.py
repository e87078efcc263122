"""The table's commands for the browser: a JSON string in, a JSON string out, never an exception.

``py/worker.py`` (the PyScript worker) exposes every name of :data:`COMMANDS` to the
page, and ``static/js/bridge.js`` is the only caller. Each command takes a JSON object
and answers one of:

- ``{"state": view, "events": [...], "save": text}`` (:mod:`hearts.table.session`), plus
  ``"stats_save": text`` when the change ended a match that counts (:mod:`hearts.table.stats`),
- ``{"stats": view, "stats_save": text}``: the statistics Python owns (the page stores the text),
- a command's own answer (``hint``, ``save``, ``rules_info``, ``check_rules``),
- ``{"error": {"code": ..., "message": ...}}``: bad input, a corrupt save, a choice out
  of turn. The table is then exactly as before the call; an unexpected failure inside
  Python (a bug) answers code ``internal`` and restores the table from its last save.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..bots import LEVELS
from ..bots.review import REVIEW_BUDGET_MS
from ..cards import card_str
from ..errors import HeartsError
from ..rules import MOON_MODES, PASSING_NAMES, PLAYER_PRESETS, PRESETS, TIE_MODES, Rules, default_removed, preset_name
from .protocol import PROTOCOL_VERSION, ErrorAnswer, ErrorBody
from .seats import HUMAN_LEVEL
from .session import HUMAN, Session, pass_direction
from .stats import Stats

__all__ = ["COMMANDS", "Table", "TABLE", "call"]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class Table:
    """The one table of a page: the running session (if any), its last good save, the statistics."""

    session: Session | None = None
    last_save: str | None = None
    stats: Stats = field(default_factory=Stats)
    clock: Callable[[], str] = _now    # when a booked match ended (tests set their own)

    def current(self) -> Session:
        if self.session is None:
            raise HeartsError("no_match", "no match is running: start a new match")
        return self.session

    def answer(self) -> dict[str, Any]:
        """The state after a change, the events that led to it, and the save text to keep;
        for each guest's seat, the message with its own view to send it."""
        session = self.current()
        events, session.events = session.events, []
        seat = session.follow_turn()
        self.last_save = session.save()
        guests = [{"seat": g, "message": {"type": "view", "state": session.view(g),
                                          "events": session.events_for(events, g)}}
                  for g in session.seats.remote()]
        answer = {"state": session.view(seat), "events": session.events_for(events, seat),
                  "save": self.last_save, "guests": guests}
        # The match_over event comes once, from the hand that ended the match: it counts once.
        if session.counts_for_stats and any(e["type"] == "match_over" for e in events):
            self.stats.book(session.match, session.levels, HUMAN, self.clock())
            answer["stats_save"] = self.stats.to_text()
        return answer

    def stats_answer(self) -> dict[str, Any]:
        return {"stats": self.stats.view(), "stats_save": self.stats.to_text()}


Command = Callable[[Table, dict[str, Any]], dict[str, Any]]


def _rules_info(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """Everything the settings screen offers, from the engine: presets, choices, defaults, levels."""
    return {
        "defaults": Rules().to_json(),
        "presets": {name: rules.to_json() for name, rules in PRESETS.items()},
        "players": [3, 4, 5, 6],
        "default_removed": {str(n): list(default_removed(n)) for n in (3, 4, 5, 6)},
        "moon": list(MOON_MODES),
        "ties": list(TIE_MODES),
        "passing": list(PASSING_NAMES),
        "levels": [*LEVELS, HUMAN_LEVEL],
        "presets_by_players": {str(n): [name for name, r in PRESETS.items() if r.players == n] for n in (3, 4, 5, 6)},
        "player_presets": {str(n): name for n, name in PLAYER_PRESETS.items()},
    }


def _check_rules(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """Validate a rules object from the settings screen and say what it means."""
    rules = Rules.from_json(data.get("rules"))
    return {
        "rules": rules.to_json(),
        "preset": preset_name(rules),
        "hand_size": rules.hand_size,
        "moon_value": rules.moon_value,
        "lead_card": card_str(rules.lead_card),
        "pass_cycle": [pass_direction(k, rules.players) for k in rules.pass_cycle],
    }


def _new_match(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    table.session = Session.new(data)
    return table.answer()


def _resume(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    table.session = Session.resume(data.get("save"))
    return table.answer()


def _state(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    return table.answer()


def _save(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    return {"save": table.current().save()}


def _hint(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    return {"hint": table.current().hint(data.get("seat"))}


# A guest's message → the session's command for the guest's own seat.
_GUEST_ACTIONS: dict[str, Callable[[Session, dict[str, Any], int], None]] = {
    "pass": lambda s, m, seat: s.pass_cards(m.get("cards"), seat),
    "play": lambda s, m, seat: s.play(m.get("card"), seat),
    "next": lambda s, m, seat: s.next_hand(seat),
    "hello": lambda s, m, seat: None,
}


def _guest(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """A message from the guest on ``seat``'s data channel, refereed like any move of that seat.

    The channel is the guest's identity: a message that names another seat is ``forged``.
    """
    session = table.current()
    seat = data.get("seat")
    if seat not in session.seats.remote():
        raise HeartsError("not_a_guest", f"seat {seat!r} is not a guest's seat")
    message = _guest_message(data.get("message"))
    if message.get("seat", seat) != seat:
        raise HeartsError("forged", "a guest may only choose for its own seat", {"seat": seat})
    session.seats.require_person(seat)
    _GUEST_ACTIONS[message["type"]](session, message, seat)
    return table.answer()


def _guest_message(text: Any) -> dict[str, Any]:
    if not isinstance(text, str) or len(text) > 4096:
        raise HeartsError("bad_message", "a guest's message is JSON text of at most 4096 characters")
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise HeartsError("bad_message", "a guest's message must be valid JSON") from None
    if not isinstance(message, dict) or message.get("type") not in _GUEST_ACTIONS:
        raise HeartsError("bad_message", f"a guest's message is an object with a type of {sorted(_GUEST_ACTIONS)}")
    return message


def _stats_load(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """Take the statistics the page stored (v2 or the former v1 counters); none yet: empty ones."""
    table.stats = Stats.from_text(data.get("text"))
    return table.stats_answer()


def _stats_check(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """Check statistics from an import file without taking them; the text to store if they are good."""
    return {"stats_save": Stats.from_text(data.get("text")).to_text()}


def _stats_reset(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    table.stats = Stats()
    return table.stats_answer()


def _review_hand(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    session, index = table.current(), data.get("hand")
    return {"hand": index, "replay": session.review_replay(index), "decisions": session.review_decisions(index),
            "budget_ms": REVIEW_BUDGET_MS}


def _review_step(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    index, step = data.get("hand"), data.get("step")
    return {"hand": index, "step": step, "verdict": table.current().review_verdict(index, step)}


def _review_seat(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    return {"saw": table.current().review_seat(data.get("hand"), data.get("play"))}


def _share_link(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    session = table.current()
    number = session.deal_number(session.shown_hand_index())
    return {"link": "?share=" + session.share_code(), "deal_number": str(number)}


def _open_share(table: Table, data: dict[str, Any]) -> dict[str, Any]:
    table.session = Session.shared(data.get("share"))
    return table.answer()


def _change(action: Callable[[Session, dict[str, Any]], None]) -> Command:
    """A command that changes the running session and answers with the new state."""
    def command(table: Table, data: dict[str, Any]) -> dict[str, Any]:
        action(table.current(), data)
        return table.answer()
    return command


COMMANDS: dict[str, Command] = {
    "rules_info": _rules_info,
    "check_rules": _check_rules,
    "new_match": _new_match,
    "resume": _resume,
    "state": _state,
    "save": _save,
    "hint": _hint,
    "pass": _change(lambda s, d: s.pass_cards(d.get("cards"), d.get("seat"))),
    "play": _change(lambda s, d: s.play(d.get("card"), d.get("seat"))),
    "advance": _change(lambda s, d: s.advance()),
    "auto_play": _change(lambda s, d: s.auto_play(d.get("seat"))),
    "undo": _change(lambda s, d: s.undo(d.get("seat"))),
    "next_hand": _change(lambda s, d: s.next_hand(d.get("seat"))),
    "guest": _guest,
    "set_away": _change(lambda s, d: s.set_away(d.get("seat"), d.get("away"))),
    "same_deal_again": _change(lambda s, d: s.same_deal_again()),
    "stats_load": _stats_load,
    "stats_check": _stats_check,
    "stats": lambda table, data: table.stats_answer(),
    "stats_reset": _stats_reset,
    "review_hand": _review_hand,
    "review_step": _review_step,
    "review_seat": _review_seat,
    "share_link": _share_link,
    "open_share": _open_share,
}

TABLE = Table()


def call(name: str, payload: str = "{}", table: Table = TABLE) -> str:
    """Run command ``name`` with the JSON object ``payload``; the answer as a JSON string."""
    session_before = table.session
    try:
        if name not in COMMANDS:
            raise HeartsError("unknown_command", f"unknown command {name!r}; known: {sorted(COMMANDS)}")
        try:
            data = json.loads(payload) if payload else {}
        except (json.JSONDecodeError, TypeError, RecursionError):
            raise HeartsError("bad_json", "the request is not valid JSON") from None
        if not isinstance(data, dict):
            raise HeartsError("bad_json", "the request must be a JSON object")
        answer = COMMANDS[name](table, data)
    except HeartsError as exc:
        # Commands check before they change anything; a failed new match or resume keeps the old one.
        table.session = session_before
        if session_before is not None:
            session_before.events = []
        answer = dict(error_answer(exc))
    except Exception as exc:  # a bug: never a traceback on the page, and the table as it was saved
        table.session = _restore(table.last_save)
        answer = dict(error_answer(HeartsError("internal", f"{type(exc).__name__}: {exc}")))
    answer["protocol"] = PROTOCOL_VERSION
    return json.dumps(answer, separators=(",", ":"), ensure_ascii=False)


def error_answer(exc: HeartsError) -> ErrorAnswer:
    """A refusal as the page gets it: code, English message and the params to word it."""
    body: ErrorBody = {"code": exc.code, "message": exc.message}
    if exc.params:
        body["params"] = exc.params
    return {"protocol": PROTOCOL_VERSION, "error": body}


def _restore(save: str | None) -> Session | None:
    try:
        return Session.resume(save) if save is not None else None
    except HeartsError:
        return None
