"""The table's commands for the browser: a JSON string in, a JSON string out, never an exception.

``py/worker.py`` (the PyScript worker) exposes every name of
:data:`~hearts.table.commands.COMMANDS` to the page, and ``static/js/bridge.js`` is the only
caller. This is the one untyped place: the JSON text becomes an object that the command
parses (:mod:`hearts.table.commands`), and the command's typed answer becomes JSON text. Each
command answers one of:

- ``{"state": view, "events": [...], "save": text, "guests": [...]}``
  (:class:`~hearts.table.service.TableService`), plus ``"stats_save": text`` when the change
  ended a match that counts (:mod:`hearts.table.stats`),
- ``{"stats": view, "stats_save": text}``: the statistics Python owns (the page stores the text),
- a command's own answer (``hint``, ``save``, ``rules_info``, ``check_rules``, the review, a link),
- ``{"error": {"code": ..., "message": ...}}``: bad input, a corrupt save, a choice out
  of turn. The table is then exactly as before the call; an unexpected failure inside
  Python (a bug) answers code ``internal`` and restores the table from its last save.

Every answer carries ``"protocol"`` (:data:`~hearts.table.protocol.PROTOCOL_VERSION`).
"""

from __future__ import annotations

import json
from typing import Any

from .. import jsontext
from ..errors import HeartsError
from .commands import COMMANDS
from .protocol import PROTOCOL_VERSION, ErrorAnswer, ErrorBody
from .service import TableService

__all__ = ["COMMANDS", "SERVICE", "call", "error_answer"]

SERVICE = TableService()


def call(name: str, payload: str = "{}", service: TableService = SERVICE) -> str:
    """Run command ``name`` with the JSON object ``payload``; the answer as a JSON string."""
    session_before = service.session
    answer: Any
    try:
        if name not in COMMANDS:
            raise HeartsError("unknown_command", f"unknown command {name!r}; known: {sorted(COMMANDS)}")
        try:
            data = jsontext.loads(payload) if payload else {}
        except (json.JSONDecodeError, TypeError):  # TypeError: a payload that is not text (the page is untyped)
            raise HeartsError("bad_json", "the request is not valid JSON") from None
        if not isinstance(data, dict):
            raise HeartsError("bad_json", "the request must be a JSON object")
        answer = COMMANDS[name](service, data)
    except HeartsError as exc:
        # Commands check before they change anything; a failed new match or resume keeps the running one.
        service.session = session_before
        answer = error_answer(exc)
    except Exception as exc:  # a bug: never a traceback on the page, and the table as it was saved
        service.restore()
        answer = error_answer(HeartsError("internal", f"{type(exc).__name__}: {exc}"))
    return json.dumps(answer, separators=(",", ":"), ensure_ascii=False)


def error_answer(exc: HeartsError) -> ErrorAnswer:
    """A refusal as the page gets it: code, English message and the params to word it."""
    body: ErrorBody = {"code": exc.code, "message": exc.message}
    if exc.params:
        body["params"] = exc.params
    return {"protocol": PROTOCOL_VERSION, "error": body}
