"""Every rule and house rule as one named, immutable parameter set.

:class:`Rules` is data: the engine reads it, never subclasses it. Missing keys
take the defaults of the classic four-player game; ``Rules.from_json`` rejects
unknown keys. :data:`PRESETS` names the variants described in the rule texts
the game is built from.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import (
    CLUBS,
    FULL_DECK,
    HEART_MASK,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    CardError,
    card_str,
    count,
    iter_cards,
    lowest,
    mask_of,
    parse_card,
    rank_of,
)
from .errors import HeartsError

__all__ = [
    "Rules", "PRESETS", "PLAYER_PRESETS", "MOON_MODES", "TIE_MODES", "JACK_POINTS", "HEART_POINTS",
    "SPOT_OFFSET", "EXTRA_POINTS_LIMIT", "MAX_TARGET", "HEART_POINT_MODES", "BONUS_CARDS", "TEAM_PLAYERS",
    "VARIANT_DEFAULTS",
    "default_removed", "preset", "preset_name",
]

HEART_POINTS = 1     # each heart taken, with ``heart_points="one"``
JACK_POINTS = -10    # the bonus card (J♦, or 10♦) with ``jack_of_diamonds``, for whoever takes it
SPOT_OFFSET = 2      # ``heart_points="rank"`` (Spot Hearts): a heart's pip value is its rank index + 2 (2..A: 2..14)
EXTRA_POINTS_LIMIT = 100  # an ``extra_points`` value lies in -100..100 (Q♠'s own value lies in 0..100)
# The highest match target: a match to it lasts hundreds of hands, and every total stays a number
# the page's JavaScript holds exactly (a target of 2**64 came back rounded from a shared link).
MAX_TARGET = 10_000

MOON_MODES = ("others", "choice", "subtract", "off")
TIE_MODES = ("share", "play-on")
PASSING_NAMES = ("alternating", "left", "none")
HEART_POINT_MODES = ("one", "rank")
BONUS_CARDS = ("JD", "TD")   # the Omnibus card: J♦, or 10♦ in the variant that uses it
TEAM_PLAYERS = (4, 6)        # partners sit across the table, which needs an even number of seats

# The variant keys and their defaults. ``to_json`` writes them only when they differ from these, so
# rules that leave them alone keep the JSON form (records, saves, shared links) they have without them.
VARIANT_DEFAULTS: dict[str, Any] = {"extra_points": {}, "heart_points": "one", "bonus_card": "JD", "teams": False}

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
    # Cards with points of their own besides hearts and Q♠, as (card, points) in card order; the JSON
    # form is an object {"KS": 10, "AS": 7} (Black Maria). Zero points is no entry.
    extra_points: tuple[tuple[str, int], ...] = ()
    heart_points: str = "one"    # "one": each heart 1; "rank": its pip value (Spot Hearts)
    bonus_card: str = "JD"       # the card ``jack_of_diamonds`` gives JACK_POINTS to: "JD" or "TD"
    teams: bool = False          # partners across the table (4 or 6 seats); a side's total is its members' sum
    # Derived, filled in by __post_init__ (not part of the JSON form).
    deck: int = field(default=0, init=False, repr=False, compare=False)
    hand_size: int = field(default=0, init=False, repr=False, compare=False)
    lead_card: int = field(default=0, init=False, repr=False, compare=False)
    moon_value: int = field(default=0, init=False, repr=False, compare=False)
    pass_cycle: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    # The points each card index scores for whoever takes it (0 for a card without points or out of the deck).
    card_values: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    # Every card that scores (points other than 0), as a set.
    point_cards: int = field(default=0, init=False, repr=False, compare=False)
    # (card, points) of every card outside hearts that scores: Q♠, the bonus card, the extra points.
    other_points: tuple[tuple[int, int], ...] = field(default=(), init=False, repr=False, compare=False)
    # The moon cards: every heart in the deck, Q♠ (even at 0 points), every card with positive extra
    # points, and the bonus card when ``moon_needs_jack`` asks for it.
    penalty_cards: int = field(default=0, init=False, repr=False, compare=False)
    # The bonus card's index, -1 when ``jack_of_diamonds`` is off.
    bonus: int = field(default=-1, init=False, repr=False, compare=False)
    # The seats of each side: one seat each, or the partners (4: 0+2, 1+3; 6: 0+3, 1+4, 2+5).
    sides: tuple[tuple[int, ...], ...] = field(default=(), init=False, repr=False, compare=False)

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
        bonus_card = _bonus_card(self.bonus_card, self.jack_of_diamonds)
        if self.jack_of_diamonds and not deck & (1 << bonus_card):
            raise HeartsError("bad_rules", f"jack_of_diamonds needs {card_str(bonus_card)} in the deck",
                              {"problem": "jack_removed", "card": card_str(bonus_card)})
        bonus = bonus_card if self.jack_of_diamonds else -1
        extra = _extra_points(self.extra_points, deck, bonus)
        if self.teams and self.players not in TEAM_PLAYERS:
            raise HeartsError("bad_rules", f"teams need 4 or 6 players (partners sit across), not {self.players}",
                              {"problem": "teams_players", "players": self.players})
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
        put(self, "pass_cycle", cycle)
        put(self, "extra_points", tuple((card_str(c), points) for c, points in extra))
        put(self, "bonus_card", card_str(bonus_card))
        values = _card_values(self, deck, extra, bonus)
        penalty = (deck & HEART_MASK) | 1 << QUEEN_OF_SPADES | mask_of(c for c, points in extra if points > 0)
        if self.moon_needs_jack:
            penalty |= 1 << bonus
        put(self, "card_values", values)
        put(self, "point_cards", mask_of(c for c, v in enumerate(values) if v))
        put(self, "other_points", tuple((c, v) for c, v in enumerate(values) if v and c // 13 != HEARTS))
        put(self, "penalty_cards", penalty)
        put(self, "bonus", bonus)
        put(self, "moon_value", sum(values[c] for c in iter_cards(penalty) if values[c] > 0))
        put(self, "sides", _sides(self.players, self.teams))

    # -- queries -------------------------------------------------------------------------

    def pass_offset(self, hand_index: int) -> int:
        """The pass offset of hand number ``hand_index`` (0-based) of a match."""
        return self.pass_cycle[hand_index % len(self.pass_cycle)]

    def card_points(self, cards: int) -> int:
        """Raw points of a set of taken cards: the sum of their ``card_values``.

        Hearts, Q♠ ``queen_points``, every ``extra_points`` card, the bonus card −10 if on.
        """
        hearts = cards & HEART_MASK
        if self.heart_points == "one":  # every heart the same: a count is the sum
            pts = HEART_POINTS * count(hearts)
        else:
            pts = sum(self.card_values[c] for c in iter_cards(hearts))
        for c, value in self.other_points:
            if cards >> c & 1:
                pts += value
        return pts

    def jack_points(self, cards: int) -> int:
        """The bonus card's part of ``card_points``: ``JACK_POINTS`` if the rule is on and it is among ``cards``."""
        return JACK_POINTS if self.bonus >= 0 and cards >> self.bonus & 1 else 0

    def moon_free_points(self, cards: int) -> int:
        """The negative points among ``cards`` (the bonus card, negative extra points).

        A moon takes the positive points only: these count for whoever takes them, moon or not.
        """
        return sum(value for c, value in self.other_points if value < 0 and cards >> c & 1)

    def side_of(self, seat: int) -> int:
        """The index in ``sides`` of the side ``seat`` plays for (the seat itself without teams)."""
        return seat % len(self.sides)

    def side_totals(self, totals: Sequence[int]) -> list[int]:
        """Each side's total: the sum of its seats' totals (the seats' own totals without teams)."""
        if not self.teams:  # every seat its own side: the bots' playouts ask this often
            return list(totals)
        return [sum(totals[s] for s in side) for side in self.sides]

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Every rule by name; a variant key (``VARIANT_DEFAULTS``) only when it is not its default."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.init:
                value = getattr(self, f.name)
                if f.name == "extra_points":
                    value = dict(value)
                if f.name in VARIANT_DEFAULTS and value == VARIANT_DEFAULTS[f.name]:
                    continue
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
        if isinstance(base.get("extra_points"), Mapping):
            base["extra_points"] = tuple(base["extra_points"].items())
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
    _check_type("heart_points", r.heart_points, str, HEART_POINT_MODES)
    _check_type("teams", r.teams, bool)
    if not 0 <= r.queen_points <= 100:
        raise HeartsError("bad_rules", "queen_points must be between 0 and 100",
                          {"problem": "range", "rule": "queen_points", "min": 0, "max": 100})
    if not 1 <= r.target <= MAX_TARGET:
        raise HeartsError("bad_rules", f"target must be between 1 and {MAX_TARGET}",
                          {"problem": "target", "max": MAX_TARGET})
    if r.sun and r.moon == "off":
        raise HeartsError("bad_rules", "sun needs a moon: with moon 'off' there is no sun either",
                          {"problem": "sun_needs_moon"})
    if r.moon_needs_jack and not r.jack_of_diamonds:
        raise HeartsError("bad_rules", "moon_needs_jack needs jack_of_diamonds", {"problem": "moon_needs_jack"})
    if r.removed is not None and (isinstance(r.removed, str) or not isinstance(r.removed, (tuple, list))):
        raise HeartsError("bad_rules", "removed must be a list of cards", {"problem": "value", "rule": "removed"})


def _bonus_card(name: Any, rule_on: bool) -> int:
    """The bonus card's index; naming 10♦ only makes sense with the rule on."""
    try:
        c = parse_card(name)
    except CardError:
        c = -1
    if c < 0 or card_str(c) not in BONUS_CARDS:
        raise HeartsError("bad_rules", f"bonus_card must be one of {list(BONUS_CARDS)}, got {name!r}",
                          {"problem": "value", "rule": "bonus_card"})
    if c != JACK_OF_DIAMONDS and not rule_on:
        raise HeartsError("bad_rules", "bonus_card needs jack_of_diamonds", {"problem": "bonus_needs_jack"})
    return c


def _extra_points(value: Any, deck: int, bonus: int) -> tuple[tuple[int, int], ...]:
    """The (card index, points) pairs of ``extra_points``, in card order, without zeros."""
    if not isinstance(value, (Mapping, tuple)):
        raise HeartsError("bad_rules", f"extra_points must map cards to points, got {value!r}",
                          {"problem": "value", "rule": "extra_points"})
    points: dict[int, int] = {}
    for entry in value.items() if isinstance(value, Mapping) else value:
        c, value_of_card = _extra_entry(entry)
        if c in points:
            raise HeartsError("bad_rules", f"extra_points names {card_str(c)} twice",
                              {"problem": "value", "rule": "extra_points"})
        if c // 13 == HEARTS or c == QUEEN_OF_SPADES or c == bonus:
            raise HeartsError("bad_rules", f"extra_points may not name {card_str(c)}: its points are a rule of "
                              "their own (heart_points, queen_points, jack_of_diamonds)",
                              {"problem": "extra_points_card", "card": card_str(c)})
        if not deck >> c & 1:
            raise HeartsError("bad_rules", f"extra_points names {card_str(c)}, which the rules remove",
                              {"problem": "extra_points_removed", "card": card_str(c)})
        points[c] = value_of_card
    return tuple((c, v) for c, v in sorted(points.items()) if v)


def _extra_entry(entry: Any) -> tuple[int, int]:
    """One ``extra_points`` entry: a card name and a whole number in ±EXTRA_POINTS_LIMIT."""
    if not isinstance(entry, tuple) or len(entry) != 2:
        raise HeartsError("bad_rules", f"extra_points must map cards to points, got {entry!r}",
                          {"problem": "value", "rule": "extra_points"})
    name, value = entry
    try:
        c = parse_card(name)
    except CardError as exc:
        raise HeartsError("bad_rules", f"extra_points: {exc}", {"problem": "value", "rule": "extra_points"}) from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise HeartsError("bad_rules", f"extra_points of {card_str(c)} must be an integer, got {value!r}",
                          {"problem": "value", "rule": "extra_points"})
    if not -EXTRA_POINTS_LIMIT <= value <= EXTRA_POINTS_LIMIT:
        raise HeartsError("bad_rules", f"extra_points must be between {-EXTRA_POINTS_LIMIT} and {EXTRA_POINTS_LIMIT}",
                          {"problem": "range", "rule": "extra_points", "min": -EXTRA_POINTS_LIMIT,
                           "max": EXTRA_POINTS_LIMIT})
    return c, value


def _card_values(rules: Rules, deck: int, extra: tuple[tuple[int, int], ...], bonus: int) -> tuple[int, ...]:
    """The points of every card index under ``rules``: the one table scoring reads."""
    values = [0] * 52
    for c in iter_cards(deck & HEART_MASK):
        values[c] = HEART_POINTS if rules.heart_points == "one" else rank_of(c) + SPOT_OFFSET
    values[QUEEN_OF_SPADES] = rules.queen_points
    for c, points in extra:
        values[c] = points
    if bonus >= 0:
        values[bonus] = JACK_POINTS
    return tuple(values)


def _sides(players: int, teams: bool) -> tuple[tuple[int, ...], ...]:
    """Who plays together: partners across the table with teams (seat s and s + players/2), else nobody."""
    if not teams:
        return tuple((seat,) for seat in range(players))
    half = players // 2
    return tuple((seat, seat + half) for seat in range(half))


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
    # Black Maria: K♠ and A♠ score too (Q♠ keeps its 13): a moon takes 43.
    "black-maria": {"extra_points": {"KS": 10, "AS": 7}},
    # Spot Hearts: each heart counts its pip value (2..10, J 11, Q 12, K 13, A 14): a moon takes 117.
    "spot-hearts": {"heart_points": "rank"},
    # Omnibus with the 10♦ as the −10 card.
    "omnibus-10d": {"jack_of_diamonds": True, "bonus_card": "TD"},
    # Team Hearts: partners across (0+2, 1+3) add their totals.
    "partners": {"teams": True},
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
