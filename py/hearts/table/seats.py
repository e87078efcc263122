"""Who plays each seat of a table: a bot, a person at this device, or a guest over the network.

Seat 0 is always a person at this device (the host). Any other seat is a bot level, or
``"human"``: a person at this device (pass-and-play, ``local``) or, when the settings list
the seat in ``remote``, a guest whose moves come over a WebRTC data channel. A guest whose
connection drops is ``away``: its bot plays for it at once, until it rejoins and its seat is
``remote`` again. Hints and undo ("assist") are on for one person and off by default when
several people share the table, since they would show or take back another person's game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..bots import LEVELS
from ..errors import HeartsError
from .protocol import Control

__all__ = ["HOST_SEAT", "HUMAN_LEVEL", "SETTING_KEYS", "MAX_NAME", "Seats", "checked_name", "clean_name",
           "parse_levels"]

HOST_SEAT = 0          # the host's seat: always a person at this device
HUMAN_LEVEL = "human"  # the level of a seat a person plays
SETTING_KEYS = frozenset({"remote", "names", "assist"})
MAX_NAME = 24          # characters of a player's name


# Invisible format characters a name never needs: the bidirectional controls (one reverses what follows it,
# and the text around a name on every page with it), the zero-width space, the word joiner and the BOM.
# Not every format character: the zero-width joiner and non-joiner are letters' glue (👩‍👩‍👧 is three emoji
# joined by two, and Persian or Indic names use them).
_INVISIBLE = frozenset("\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff")


def _kept(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cc", "Cs") and ch not in _INVISIBLE


def clean_name(value: object) -> str:
    """A player's name as the table keeps it: text without control characters or invisible format
    characters (:data:`_INVISIBLE`), spaces collapsed, at most :data:`MAX_NAME` characters (a name typed
    in the settings, a name a challenge link or a guest gives). The page's copy: settings.js ``cleanName``."""
    if not isinstance(value, str):
        return ""
    words = ("".join(ch for ch in word if _kept(ch)) for word in value.split())
    return " ".join(word for word in words if word)[:MAX_NAME].rstrip()


def checked_name(value: object) -> str:
    """A name someone else gave (a guest's own, a challenge link's), refused unless it is one as the table
    keeps it: text that :func:`clean_name` leaves as it is, not empty. Else ``bad_name``."""
    if not isinstance(value, str) or not value or clean_name(value) != value:
        raise HeartsError("bad_name", f"a name is text of 1..{MAX_NAME} characters, single spaces, no control "
                          "characters", {"max": MAX_NAME})
    return value


def parse_levels(value: Any, players: int) -> list[str]:
    """Every seat's level: seat 0 is ``"human"``; ``value`` is one level or one per seat 1..n-1."""
    levels = [value] * (players - 1) if isinstance(value, str) else value
    if not isinstance(levels, list) or len(levels) != players - 1:
        raise HeartsError("bad_settings", f"bots must be one level or a list of {players - 1} levels "
                          f"(seats 1..{players - 1})")
    for level in levels:
        if level != HUMAN_LEVEL and level not in LEVELS:
            raise HeartsError("bad_settings", f"unknown level {level!r}; known: {[HUMAN_LEVEL, *LEVELS]}")
    return [HUMAN_LEVEL, *levels]


@dataclass
class Seats:
    """The controller of every seat, the players' names and whether hints and undo are offered."""

    control: list[Control]
    names: list[str | None]
    assist: bool

    @classmethod
    def from_settings(cls, levels: list[str], data: Mapping[str, Any]) -> Seats:
        """``remote``: the person seats played by guests; ``names``; ``assist`` (hints and undo)."""
        players = len(levels)
        remote = data.get("remote", [])
        if not isinstance(remote, list) or not all(_is_seat(s, players) and s > 0 for s in remote):
            raise HeartsError("bad_settings", f"remote must be a list of seats 1..{players - 1}")
        if any(levels[s] != HUMAN_LEVEL for s in remote):
            raise HeartsError("bad_settings", "a remote seat must be a person (level \"human\")")
        control: list[Control] = [
            "bot" if level != HUMAN_LEVEL else "remote" if seat in remote else "local"
            for seat, level in enumerate(levels)]
        persons = sum(c != "bot" for c in control)
        assist = data.get("assist", persons == 1)
        if not isinstance(assist, bool):
            raise HeartsError("bad_settings", "assist must be true or false")
        return cls(control, _names(data.get("names"), players), assist)

    @classmethod
    def from_json(cls, data: Any, levels: list[str]) -> Seats:
        """Read back :meth:`to_json`; an older save (no seats) is one person against bots."""
        if data is None:
            return cls.from_settings(levels, {})
        if not isinstance(data, dict):
            raise HeartsError("bad_save", "seats must be an object")
        control = data.get("control")
        if (not isinstance(control, list) or len(control) != len(levels)
                or any((c == "bot") != (level != HUMAN_LEVEL) or c not in ("bot", "local", "remote", "away")
                       for c, level in zip(control, levels)) or control[0] != "local"):
            raise HeartsError("bad_save", "seat controllers do not fit the levels")
        assist = data.get("assist")
        if not isinstance(assist, bool):
            raise HeartsError("bad_save", "assist must be true or false")
        return cls(list(control), _names(data.get("names"), len(levels)), assist)

    def to_json(self) -> dict[str, Any]:
        return {"control": list(self.control), "names": list(self.names), "assist": self.assist}

    # -- questions --------------------------------------------------------------------------

    def persons(self) -> list[int]:
        return [s for s, c in enumerate(self.control) if c != "bot"]

    def local(self) -> list[int]:
        return [s for s, c in enumerate(self.control) if c == "local"]

    def remote(self) -> list[int]:
        """Guests' seats, connected or away: each gets its view sent."""
        return [s for s, c in enumerate(self.control) if c in ("remote", "away")]

    def present(self) -> list[int]:
        """Persons who make their own choices now (not a guest who dropped out)."""
        return [s for s, c in enumerate(self.control) if c in ("local", "remote")]

    def by_bot(self, seat: int) -> bool:
        """A bot chooses for this seat: a bot seat, or a guest's seat while it is away."""
        return self.control[seat] in ("bot", "away")

    # -- checks and changes -----------------------------------------------------------------

    def require_person(self, seat: object) -> int:
        """``seat`` as a seat whose person may choose now, else a typed refusal."""
        if not _is_seat(seat, len(self.control)):
            raise HeartsError("bad_seat", f"seat must be a number 0..{len(self.control) - 1}",
                              {"players": len(self.control)})
        if self.control[seat] == "bot":
            raise HeartsError("not_a_person", f"seat {seat} is played by a bot", {"seat": seat})
        if self.control[seat] == "away":
            raise HeartsError("seat_away", f"seat {seat} is away: its bot plays", {"seat": seat})
        return seat

    def require_guest(self, seat: object) -> int:
        """``seat`` as a guest's seat (connected or away), else a typed refusal."""
        if not _is_seat(seat, len(self.control)) or self.control[seat] not in ("remote", "away"):
            raise HeartsError("not_a_guest", f"seat {seat!r} is not a guest's seat")
        return seat

    def require_name(self, seat: int, name: object) -> str:
        """``name`` for ``seat`` (a guest names itself): :func:`checked_name`, and no other seat's name
        (``name_taken``: two seats called alike could not be told apart)."""
        name = checked_name(name)
        if any(other is not None and other.casefold() == name.casefold()
               for s, other in enumerate(self.names) if s != seat):
            raise HeartsError("name_taken", f"another seat is called {name!r}", {"name": name})
        return name

    def set_away(self, seat: int, away: bool) -> Control:
        """A guest dropped out (``away``: its bot plays at once) or came back."""
        new: Control = "away" if away else "remote"
        self.control[self.require_guest(seat)] = new
        return new


def _is_seat(value: object, players: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _names(value: Any, players: int) -> list[str | None]:
    """Players' own names, one per seat (``None``: the page's default name for that seat)."""
    if value is None:
        return [None] * players
    if not isinstance(value, list) or len(value) > players:
        raise HeartsError("bad_settings", f"names must be a list of at most {players} names")
    names: list[str | None] = []
    for name in [*value, *[None] * (players - len(value))]:
        if name is not None and not isinstance(name, str):
            raise HeartsError("bad_settings", "a name must be text")
        names.append(clean_name(name) or None)
    return names

