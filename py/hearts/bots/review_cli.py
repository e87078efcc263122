"""``python -m hearts review --seat S [--budget-ms M] [--seed N]`` (public protocol; docs/cli.md).

Reads finished hand records as JSON lines and answers each with
``{"steps": [{"kind", "trick", "chosen", "best", "loss"}], "total_loss": x}`` (:mod:`hearts.bots.review`);
a bad line answers ``{"error": {"code", "message"}}`` and the next line goes on.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from typing import Any

from ..cli import answer_lines
from ..errors import HeartsError
from ..record import hand_from_record
from .cli import _non_negative, _positive
from .review import REVIEW_BUDGET_MS, review

__all__ = ["register", "review_answer"]


def register(sub: Any) -> None:
    """Add ``review`` to the ``python -m hearts`` parser."""
    p = sub.add_parser("review", help="answer finished hand records (JSON lines) with the review of one seat")
    p.add_argument("--seat", type=_non_negative, required=True)
    p.add_argument("--budget-ms", type=_positive, default=REVIEW_BUDGET_MS, help="search work per decision")
    p.add_argument("--seed", type=_non_negative, default=0)
    p.set_defaults(run=_cmd_review)


def review_answer(record: Any, seat: int, budget_ms: int, seed: int) -> dict[str, Any]:
    if not isinstance(record, Mapping):
        raise HeartsError("bad_record", "a record is a JSON object")
    return review(hand_from_record(record), seat, budget_ms, seed)


def _cmd_review(args: argparse.Namespace) -> int:
    answer_lines(sys.stdin, lambda record: review_answer(record, args.seat, args.budget_ms, args.seed), sys.stdout)
    return 0

