"""``python -m hearts bot`` and ``python -m hearts arena`` (public protocols; see docs/cli.md).

``bot`` reads JSON lines ``{"record": <hand record>, "seat": s}`` and answers
each with ``{"pass": [...]}`` or ``{"card": "QS"}``; it builds the hand from the
record but gives the bot only seat ``s``'s view. ``arena`` runs a duplicate
tournament and prints one JSON object (``--json``) or a table.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from .. import jsontext
from ..cards import card_str, cards_of
from ..cli import answer_lines, json_line
from ..errors import HeartsError
from ..record import hand_from_record
from ..rules import Rules
from ..view import seat_view
from .arena import FIELDS, run_arena
from .base import Bot
from .registry import LEVELS, make_bot

__all__ = ["register", "bot_answer"]


def register(sub: Any) -> None:
    """Add the ``bot`` and ``arena`` subcommands to the ``python -m hearts`` parser."""
    p = sub.add_parser("bot", help="answer {record, seat} JSON lines with the bot's pass or card")
    p.add_argument("--level", choices=LEVELS, required=True)
    p.add_argument("--seed", type=_non_negative, default=0)
    p.add_argument("--budget-ms", type=_positive, default=None, help="work budget (strong, expert)")
    p.set_defaults(run=_cmd_bot)
    a = sub.add_parser("arena", help="duplicate tournament: a hero level against a field")
    a.add_argument("--hero", choices=LEVELS, required=True)
    a.add_argument("--field", choices=FIELDS, required=True)
    a.add_argument("--deals", type=_positive, default=100)
    a.add_argument("--seed", type=_non_negative, default=0)
    a.add_argument("--rules", default=None, help='rules as JSON, e.g. \'{"preset": "three-players"}\'')
    a.add_argument("--jobs", type=_positive, default=1, help="worker processes")
    a.add_argument("--budget-ms", type=_positive, default=None, help="work budget of the strong and expert bots")
    a.add_argument("--json", action="store_true", help="print one JSON object")
    a.set_defaults(run=_cmd_arena)


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # argparse would name this function in its message
        raise argparse.ArgumentTypeError(f"must be an integer, got {text!r}") from None


def _non_negative(text: str) -> int:
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be a non-negative integer")
    return value


def _positive(text: str) -> int:
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be a positive integer")
    return value


def bot_answer(bot: Bot, request: Any) -> dict[str, Any]:
    """The answer to one ``{"record", "seat"}`` request."""
    if not isinstance(request, Mapping) or set(request) != {"record", "seat"}:
        raise HeartsError("bad_request", 'a request is {"record": <hand record>, "seat": <seat number>}')
    hand = hand_from_record(request["record"])
    seat = request["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.players:
        raise HeartsError("bad_seat", f"seat must be 0..{hand.players - 1}, got {seat!r}")
    if seat not in hand.to_act():
        raise HeartsError("not_to_act", f"seat {seat} has nothing to choose now (phase {hand.phase}, "
                          f"waiting for {hand.to_act()})")
    view = seat_view(hand, seat)
    if hand.phase == "pass":
        return {"pass": [card_str(c) for c in cards_of(bot.choose_pass(view))]}
    return {"card": card_str(bot.choose_play(view))}


def _cmd_bot(args: argparse.Namespace) -> int:
    bot = make_bot(args.level, args.seed, args.budget_ms)
    answer_lines(sys.stdin, lambda request: bot_answer(bot, request), sys.stdout)
    return 0


def _parse_rules(text: str | None) -> Rules:
    if text is None:
        return Rules()
    try:
        data = jsontext.loads(text)
    except json.JSONDecodeError as exc:
        raise HeartsError("bad_rules", f"--rules is not valid JSON: {exc.msg}") from None
    return Rules.from_json(data)


def _progress_printer(total: int) -> Callable[[int, int], None] | None:
    if total < 20 or not sys.stderr.isatty() and total < 100:
        return None
    step = max(1, total // 20)
    live = sys.stderr.isatty()

    def show(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            end = "\n" if done == total or not live else ""
            print(f"\r{done}/{total} deals", end=end, file=sys.stderr, flush=True)

    return show


def _cmd_arena(args: argparse.Namespace) -> int:
    rules = _parse_rules(args.rules)
    summary = run_arena(rules, args.hero, args.field, args.deals, args.seed, args.budget_ms, args.jobs,
                        _progress_printer(args.deals))
    if args.json:
        sys.stdout.write(json_line(summary))
    else:
        print(format_table(summary))
    return 0


def format_table(s: dict[str, Any]) -> str:
    se = "n/a" if s["diff_se"] is None else f"{s['diff_se']:.2f}"
    ms = s["hero_ms_per_decision"]
    rows = [
        ("hero / field", f"{s['hero']} / {s['field']}"),
        ("deals (hands)", f"{s['deals']} ({s['hands']})"),
        ("points per hand", f"hero {s['hero_points_per_hand']:.2f}, field {s['field_points_per_hand']:.2f}"),
        ("diff ± SE", f"{s['diff']:+.2f} ± {se}"),
        ("moons", f"hero {s['moons']['hero']}, field {s['moons']['field']}"),
        ("hero ms/decision", f"median {ms['median']:.1f}, p95 {ms['p95']:.1f}"),
    ]
    return "\n".join(f"{k:<18} {v}" for k, v in rows)
