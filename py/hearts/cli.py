"""Command-line protocols (public contract; see docs/cli.md).

``python -m hearts state`` reads hand records as JSON lines on stdin and answers
each with one JSON line. Other subcommands (``bot``, ``arena``) come from the bots
package, which :mod:`hearts.console` (the whole ``python -m hearts``) registers.
Bad input never shows a traceback: it answers ``{"error": {"code", "message"}}``
on its line and goes on.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

from . import jsontext
from .errors import HeartsError
from .record import hand_from_record, state_json

__all__ = ["main", "answer_lines", "json_line", "state_answer"]


def _parse_line(line: str) -> Any:
    try:
        return jsontext.loads(line)
    except json.JSONDecodeError as exc:
        raise HeartsError("bad_json", f"not valid JSON: {exc.msg} at column {exc.colno}") from None


def json_line(reply: Any) -> str:
    """One answer as the commands print it: compact JSON on one line (a public contract, docs/cli.md)."""
    return json.dumps(reply, separators=(",", ":")) + "\n"


def answer_lines(lines: Iterable[str], answer: Callable[[Any], dict[str, Any]], out: IO[str]) -> int:
    """Answer each non-blank JSON line with one JSON line. Returns how many lines had errors."""
    errors = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            reply = answer(_parse_line(line))
        except HeartsError as exc:
            reply = exc.to_json()
            errors += 1
        out.write(json_line(reply))
        out.flush()
    return errors


def state_answer(record: Any) -> dict[str, Any]:
    return state_json(hand_from_record(record))


def _cmd_state(args: argparse.Namespace) -> int:
    answer_lines(sys.stdin, state_answer, sys.stdout)
    return 0


Registrar = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]


def build_parser(registrars: Sequence[Registrar] = ()) -> argparse.ArgumentParser:
    """The engine's ``state`` command, plus the subcommands each registrar adds.

    The engine knows no layer above it: ``hearts.console`` hands in the bots' registrar.
    """
    parser = argparse.ArgumentParser(prog="python -m hearts", description="Hearts engine and bots.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("state", help="answer hand records (JSON lines on stdin) with their state")
    p.set_defaults(run=_cmd_state)
    for register in registrars:
        register(sub)
    return parser


def main(argv: list[str] | None = None, registrars: Sequence[Registrar] = ()) -> int:
    parser = build_parser(registrars)
    args = parser.parse_args(argv)
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 answer bad_json, not a traceback
    try:
        return int(args.run(args))
    except HeartsError as exc:
        sys.stdout.write(json_line(exc.to_json()))
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader closed the pipe (``| head -1``, a tool that read its answer): nothing more can be
        # said, and Python's flush at exit must not fail again with a traceback on stderr.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
