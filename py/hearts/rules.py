"""Every rule and house rule as one named, immutable parameter set.

:class:`Rules` is data: the engine reads it, never subclasses it. Missing keys
take the defaults of the classic four-player game; ``Rules.from_json`` rejects
unknown keys. :data:`PRESETS` names the variants described in the rule texts
the game is built from.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import (
    CLUBS,
    FULL_DECK,
    HEART_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    CardError,
    card_str,
    count,
    lowest,
    mask_of,
    parse_card,
)
from .errors import HeartsError

__all__ = [
    "Rules", "PRESETS", "PLAYER_PRESETS", "MOON_MODES", "TIE_MODES", "JACK_POINTS", "HEART_POINTS",
    "default_removed", "preset", "preset_name",
]

HEART_POINTS = 1     # each heart taken
JACK_POINTS = -10    # the J♦ with ``jack_of_diamonds`` (the "Omnibus" rule), for whoever takes it

MOON_MODES = ("others", "choice", "subtract", "off")
TIE_MODES = ("share", "play-on")
PASSING_NAMES = ("alternating", "left", "none")

# Cards taken out so that every seat gets the same number (the common modern choice).
_DEFAULT_REMOVED: dict[int, tuple[str, ...]] = {
    3: ("2D",),
    4: (),
    5: ("2D", "2S"),
    6: ("2C", "2D", "2H", "2S"),
}


def default_removed(players: int) -> tuple[str, ...]:
    return _DEFAULT_REMOVED[players]


def _alternating_cycle(players: int) -> tuple[int, ...]:
    """Left, right, (across with four), then a hand without passing."""
    if players == 4:
        return (1, 3, 2, 0)
    return (1, players - 1, 0)


@dataclass(frozen=True)
class Rules:
    """One immutable set of rules. Seats are 0..players-1 in play order.

    A pass offset ``k`` means seat ``i`` gives its cards to seat ``(i + k) % players``:
    left is 1, right is ``players - 1``, across is ``players // 2`` and 0 is no passing.
    """

    players: int = 4
    removed: tuple[str, ...] | None = None  # None: default for the player count
    queen_points: int = 13
    passing: str | tuple[int, ...] = "alternating"
    pass_count: int = 3
    qs_breaks_hearts: bool = False
    points_on_first_trick: bool = False
    moon: str = "others"
    sun: bool = False
    jack_of_diamonds: bool = False
    moon_needs_jack: bool = False
    target: int = 100
    ties: str = "share"
    # Derived, filled in by __post_init__ (not part of the JSON form).
    deck: int = field(default=0, init=False, repr=False, compare=False)
    hand_size: int = field(default=0, init=False, repr=False, compare=False)
    lead_card: int = field(default=0, init=False, repr=False, compare=False)
    moon_value: int = field(default=0, init=False, repr=False, compare=False)
    pass_cycle: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _validate_scalars(self)
        removed = default_removed(self.players) if self.removed is None else self.removed
        removed_mask = _removed_mask(removed)
        deck = FULL_DECK & ~removed_mask
        if count(deck) % self.players:
            raise HeartsError("bad_rules", f"removed {list(removed)} leaves {count(deck)} cards, "
                              f"which does not deal evenly to {self.players} players",
                              {"problem": "deck_uneven", "size": count(deck), "players": self.players})
        if not deck & SUIT_MASKS[CLUBS]:
            raise HeartsError("bad_rules", "the deck must keep at least one club to lead the first trick",
                              {"problem": "no_club"})
        if not deck & (1 << QUEEN_OF_SPADES):
            raise HeartsError("bad_rules", "QS may not be removed", {"problem": "queen_removed"})
        if self.jack_of_diamonds and not deck & (1 << JACK_OF_DIAMONDS):
            raise HeartsError("bad_rules", "jack_of_diamonds needs JD in the deck", {"problem": "jack_removed"})
        cycle = _pass_cycle(self.passing, self.players)
        hand_size = count(deck) // self.players
        if any(cycle) and not 1 <= self.pass_count < hand_size:
            raise HeartsError("bad_rules", f"pass_count must be between 1 and {hand_size - 1}",
                              {"problem": "range", "rule": "pass_count", "min": 1, "max": hand_size - 1})
        put = object.__setattr__  # frozen dataclass: set canonical and derived fields once
        put(self, "removed", tuple(card_str(c) for c in sorted(parse_card(r) for r in removed)))
        put(self, "passing", self.passing if isinstance(self.passing, str) else tuple(self.passing))
        put(self, "deck", deck)
        put(self, "hand_size", hand_size)
        put(self, "lead_card", lowest(deck & SUIT_MASKS[CLUBS]))
        put(self, "moon_value", count(deck & HEART_MASK) + self.queen_points)
        put(self, "pass_cycle", cycle)

    # -- queries -------------------------------------------------------------------------

    def pass_offset(self, hand_index: int) -> int:
        """The pass offset of hand number ``hand_index`` (0-based) of a match."""
        return self.pass_cycle[hand_index % len(self.pass_cycle)]

    @property
    def penalty_cards(self) -> int:
        """Cards a moon shooter must take: every heart in the deck and Q♠ (and J♦ if required)."""
        m = (self.deck & HEART_MASK) | (1 << QUEEN_OF_SPADES)
        if self.jack_of_diamonds and self.moon_needs_jack:
            m |= 1 << JACK_OF_DIAMONDS
        return m

    def card_points(self, cards: int) -> int:
        """Raw points of a set of taken cards: hearts 1, Q♠ ``queen_points``, J♦ −10 if on."""
        pts = HEART_POINTS * count(cards & HEART_MASK)
        if cards >> QUEEN_OF_SPADES & 1:
            pts += self.queen_points
        if self.jack_of_diamonds and cards >> JACK_OF_DIAMONDS & 1:
            pts += JACK_POINTS
        return pts

    def jack_points(self, cards: int) -> int:
        """The J♦'s part of ``card_points``: ``JACK_POINTS`` if the rule is on and J♦ is among ``cards``."""
        return JACK_POINTS if self.jack_of_diamonds and cards >> JACK_OF_DIAMONDS & 1 else 0

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.init:
                value = getattr(self, f.name)
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Rules:
        """Rules from a (possibly partial) JSON object; a ``preset`` key starts from a preset."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise HeartsError("bad_rules", "rules must be a JSON object", {"problem": "not_object"})
        data = dict(data)
        base: dict[str, Any] = {}
        if "preset" in data:
            base = preset(data.pop("preset")).to_json()
            if "removed" not in data and data.get("players", base["players"]) != base["players"]:
                base.pop("removed")  # the preset's removed cards belong to its own player count
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        unknown = sorted(set(data) - known)
        if unknown:
            raise HeartsError("bad_rules", f"unknown rule key(s) {unknown}; known: {sorted(known)}",
                              {"problem": "unknown", "rule": ", ".join(unknown)})
        base.update(data)
        if isinstance(base.get("removed"), list):
            base["removed"] = tuple(base["removed"])
        if isinstance(base.get("passing"), list):
            base["passing"] = tuple(base["passing"])
        try:
            return cls(**base)
        except TypeError as exc:  # wrong value types reaching the dataclass
            raise HeartsError("bad_rules", str(exc), {"problem": "value"}) from None

    def replace(self, **changes: Any) -> Rules:
        data = self.to_json()
        if "removed" not in changes and changes.get("players", self.players) != self.players:
            data.pop("removed")
        data.update(changes)
        return Rules.from_json(data)


def _check_type(name: str, value: Any, kind: type, choices: tuple[Any, ...] | None = None) -> None:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise HeartsError("bad_rules", f"{name} must be an integer, got {value!r}", {"problem": "value", "rule": name})
    if kind is not int and not isinstance(value, kind):
        raise HeartsError("bad_rules", f"{name} must be {kind.__name__}, got {value!r}",
                          {"problem": "value", "rule": name})
    if choices is not None and value not in choices:
        raise HeartsError("bad_rules", f"{name} must be one of {list(choices)}, got {value!r}",
                          {"problem": "value", "rule": name})


def _validate_scalars(r: Rules) -> None:
    _check_type("players", r.players, int, (3, 4, 5, 6))
    _check_type("queen_points", r.queen_points, int)
    _check_type("pass_count", r.pass_count, int)
    _check_type("qs_breaks_hearts", r.qs_breaks_hearts, bool)
    _check_type("points_on_first_trick", r.points_on_first_trick, bool)
    _check_type("moon", r.moon, str, MOON_MODES)
    _check_type("sun", r.sun, bool)
    _check_type("jack_of_diamonds", r.jack_of_diamonds, bool)
    _check_type("moon_needs_jack", r.moon_needs_jack, bool)
    _check_type("target", r.target, int)
    _check_type("ties", r.ties, str, TIE_MODES)
    if not 0 <= r.queen_points <= 100:
        raise HeartsError("bad_rules", "queen_points must be between 0 and 100",
                          {"problem": "range", "rule": "queen_points", "min": 0, "max": 100})
    if r.target < 1:
        raise HeartsError("bad_rules", "target must be at least 1", {"problem": "target"})
    if r.sun and r.moon == "off":
        raise HeartsError("bad_rules", "sun needs a moon: with moon 'off' there is no sun either",
                          {"problem": "sun_needs_moon"})
    if r.moon_needs_jack and not r.jack_of_diamonds:
        raise HeartsError("bad_rules", "moon_needs_jack needs jack_of_diamonds", {"problem": "moon_needs_jack"})
    if r.removed is not None and (isinstance(r.removed, str) or not isinstance(r.removed, (tuple, list))):
        raise HeartsError("bad_rules", "removed must be a list of cards", {"problem": "value", "rule": "removed"})


def _removed_mask(removed: tuple[str, ...]) -> int:
    try:
        cards = [parse_card(c) for c in removed]
    except CardError as exc:
        raise HeartsError("bad_rules", f"removed: {exc}", {"problem": "value", "rule": "removed"}) from None
    if len(set(cards)) != len(cards):
        raise HeartsError("bad_rules", f"removed lists a card twice: {list(removed)}",
                          {"problem": "value", "rule": "removed"})
    return mask_of(cards)


def _pass_cycle(passing: str | tuple[int, ...], players: int) -> tuple[int, ...]:
    if isinstance(passing, str) and passing in PASSING_NAMES:
        return {"alternating": _alternating_cycle(players), "left": (1,), "none": (0,)}[passing]
    if not isinstance(passing, (tuple, list)):
        raise HeartsError("bad_rules", f"passing must be one of {list(PASSING_NAMES)} or a list "
                          f"of seat offsets, got {passing!r}", {"problem": "value", "rule": "passing"})
    cycle = tuple(passing)
    if not cycle or any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < players for k in cycle):
        raise HeartsError("bad_rules", f"passing offsets must be a non-empty list of integers "
                          f"0..{players - 1}, got {list(cycle)}", {"problem": "value", "rule": "passing"})
    return cycle


# Named presets: the variants of the rule texts. Keys are public and stable.
_PRESET_DATA: dict[str, dict[str, Any]] = {
    "classic": {},
    "quick-50": {"target": 50},
    "omnibus": {"jack_of_diamonds": True},
    "wikipedia-3": {"players": 3, "removed": ["2C", "2D", "2H", "2S"], "queen_points": 12,
                    "passing": "alternating"},
    "wikipedia-5": {"players": 5, "removed": ["2D", "2S"], "passing": [1, 2, 3, 4, 0]},
    "wikipedia-6": {"players": 6, "removed": ["2C", "2D", "2H", "2S"], "queen_points": 12,
                    "passing": [1, 2, 3, 4, 5, 0]},
    "three-players": {"players": 3},
    "five-players": {"players": 5, "removed": ["2C", "2D"]},
    "six-players": {"players": 6},
    "sun": {"sun": True},
    "new-moon": {"moon": "subtract"},
    "moon-choice": {"moon": "choice"},
}

PRESETS: dict[str, Rules] = {}


def preset(name: str) -> Rules:
    """The :class:`Rules` of a named preset (see :data:`PRESETS`)."""
    if not isinstance(name, str) or name not in _PRESET_DATA:
        raise HeartsError("bad_rules", f"unknown preset {name!r}; known: {sorted(_PRESET_DATA)}",
                          {"problem": "value", "rule": "preset"})
    if name not in PRESETS:
        PRESETS[name] = Rules.from_json(_PRESET_DATA[name])
    return PRESETS[name]


for _name in _PRESET_DATA:
    preset(_name)

# The preset a player count starts from when someone picks that many players.
PLAYER_PRESETS: dict[int, str] = {3: "three-players", 4: "classic", 5: "five-players", 6: "six-players"}


def preset_name(rules: Rules) -> str | None:
    """The name of the first preset that is exactly these rules, or None for custom rules."""
    return next((name for name, r in PRESETS.items() if r == rules), None)
