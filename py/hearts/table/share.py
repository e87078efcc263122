"""Shared deals: a link that opens the same deal with the same rules and bot levels.

The link is relative to the page (``?share=<code>``), so it works under any subpath and
offline. ``<code>`` is the base64url of a small JSON object, a dot, and the first
:data:`_CHECK_LENGTH` hex digits of its SHA-256: a typo or an edit is caught before
anything is read, and every value is then checked as a new match's settings would be.
A bad code raises ``HeartsError("bad_share")`` and nothing changes.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import jsontext
from ..bots import LEVELS
from ..errors import HeartsError
from ..rules import Rules

__all__ = ["SharedDeal", "share_code", "read_share", "SHARE_VERSION", "encode", "decode"]

SHARE_VERSION = 1
_CHECK_LENGTH = 10
_MAX_LENGTH = 2000
_KEYS = {"v", "rules", "bots", "deal", "pass"}


@dataclass(frozen=True)
class SharedDeal:
    rules: Rules
    bots: list[str]           # the level of seats 1..n-1
    deal: int                 # the deal number (hearts.deal)
    pass_offset: int


def _check(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:_CHECK_LENGTH]


def encode(fields: dict[str, Any]) -> str:
    """A link's code for ``fields``: base64url of their compact JSON, a dot, the check digits."""
    data = json.dumps(fields, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(data).decode().rstrip("=") + "." + _check(data)


def decode(code: Any, max_length: int, bad: Callable[[str, str], HeartsError]) -> Any:
    """The JSON value a code made by :func:`encode` holds; ``bad(problem, why)`` is raised when it
    is no code (``format``), fails its check (``changed``) or does not read (``format``)."""
    if not isinstance(code, str) or not 0 < len(code) <= max_length or code.count(".") != 1:
        raise bad("format", "it is not a link's code")
    text, check = code.split(".")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise bad("format", "it is not a link's code") from None
    if _check(data) != check:
        raise bad("changed", "it was changed or cut short")
    try:
        return jsontext.loads(data)
    except json.JSONDecodeError:
        raise bad("format", "its content is not readable") from None


def share_code(shared: SharedDeal) -> str:
    """The ``?share=`` value of ``shared``."""
    return encode({"v": SHARE_VERSION, "rules": shared.rules.to_json(), "bots": shared.bots,
                   "deal": shared.deal, "pass": shared.pass_offset})


def _bad(why: str) -> HeartsError:
    return HeartsError("bad_share", f"this shared link cannot be opened: {why}")


def read_share(code: Any) -> SharedDeal:
    """The deal a ``?share=`` value describes. Raises ``HeartsError("bad_share")`` for anything else."""
    return _shared_deal(decode(code, _MAX_LENGTH, lambda problem, why: _bad(why)))


def _shared_deal(fields: Any) -> SharedDeal:
    if not isinstance(fields, dict) or set(fields) != _KEYS or fields["v"] != SHARE_VERSION:
        raise _bad("unknown format")
    try:
        rules = Rules.from_json(fields["rules"])
    except HeartsError as exc:
        raise _bad(exc.message) from None
    bots, deal, offset = fields["bots"], fields["deal"], fields["pass"]
    if not isinstance(bots, list) or len(bots) != rules.players - 1 or any(b not in LEVELS for b in bots):
        raise _bad(f"bots must be {rules.players - 1} of {list(LEVELS)}")
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < 1 << 64:
        raise _bad("the deal number must be 0..2^64-1")
    if isinstance(offset, bool) or not isinstance(offset, int) or not 0 <= offset < rules.players:
        raise _bad(f"the pass offset must be 0..{rules.players - 1}")
    return SharedDeal(rules, list(bots), deal, offset)
