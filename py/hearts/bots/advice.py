"""``advise(view)``: the strong bot's choice with the reason its search weighed, as a code with parameters.

``advise(view, level="expert")`` asks the expert instead: the same search with more work
(:func:`~.strong.expert_bot`), so the same reasons.

The reason says what the search saw: the chosen option's expected points in the hand
against the best other option's, and why the candidate is what it is. When the search
kept the heuristics' own candidate, the code is the heuristics' rule that picked it
(:func:`~.policy.explain_play`, :func:`~.policy.explain_pass`: the very code the
playouts run, so there is no second set of thresholds here); when the search found
something better, it says so with both figures; a moon plan gets its own code.
Player-facing texts for every code live in ``static/locales/<lang>.json`` (``reasons``).

Parameter conventions (the page renders them): ``card`` / ``*_card`` a card code such
as ``"QS"``, ``cards`` / ``*_cards`` a list of card codes, ``suit`` / ``*_suit`` one of
``"C" "D" "H" "S"``, ``seat`` a seat number; ``points`` / ``*_points`` expected points
of the hand (text with one decimal, ``"2.3"``: the protocol's numbers are whole),
``equity`` / ``*_equity`` the chance to win the match in whole %.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..cards import SUITS, card_str, cards_of
from ..errors import HeartsError
from ..game import trick_winner
from ..view import SeatView
from .points import passes_to_partner, points_of
from .policy import (
    NO_MOON,
    SPADE_GUARDS,
    STYLE,
    Style,
    explain_pass,
    explain_play,
    moon_threat_of,
    table_of,
    voided_suit,
)
from .search.pimc import Choice, Scored, SearchConfig
from .strong import StrongBot, expert_bot

__all__ = ["Advice", "Reason", "advise", "ADVICE_LEVELS", "REASON_CODES"]

# The levels a hint may come from: the searching ones (the others have no figures to give a reason with).
ADVICE_LEVELS = ("strong", "expert")

Param = str | int | list[str]  # the table protocol's parameter types (hearts.table.protocol)

# Every code a reason can have (the page has a text for each: static/locales/<lang>.json ``reasons``).
REASON_CODES = (
    "only_card", "all_alike", "search_better", "search_safer", "search_close", "moon_shoot", "moon_call_off",
    "stop_moon_lead_heart", "stop_moon_take", "stop_moon_no_feed", "stop_moon_keep",
    "lead_no_one_follows", "lead_flush_queen", "lead_flush_points", "lead_winner", "lead_safest",
    "jack_take", "jack_win", "jack_keep", "bonus_take", "bonus_win", "bonus_keep",
    "first_trick_high", "shed_on_free_trick", "duck",
    "drop_queen_under", "drop_points_under", "last_must_win", "cheap_win_high", "must_win_low",
    "dump_queen", "dump_points", "dump_high_spade", "dump_heart", "discard_danger",
    "spare_partner", "bonus_to_partner",
    "pass_moon", "pass_queen", "pass_high_spades", "pass_void", "pass_danger", "pass_search_better",
    "pass_search_safer", "pass_search_close", "pass_forced",
)


@dataclass(frozen=True)
class Reason:
    """Why: a code (see :data:`REASON_CODES`) and its parameters."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "params": {k: list(v) if isinstance(v, list) else v for k, v in self.params.items()}}


@dataclass(frozen=True)
class Advice:
    cards: int      # one card when playing, pass_count cards when passing
    reason: Reason


def advise(view: SeatView, budget_ms: int | None = None, seed: int = 0, config: SearchConfig | None = None,
           level: str = "strong") -> Advice:
    """What the bot of ``level`` (one of :data:`ADVICE_LEVELS`) would do in ``view`` and why; ``budget_ms``
    and ``config`` replace the level's own (``config``: another search, for tests).

    Raises ``HeartsError("bad_level")`` for another level, ``HeartsError("not_to_act")`` when the
    seat has nothing to choose.
    """
    bot = _adviser(level, seed, budget_ms, config)
    if view.phase == "pass" and view.seat in view.to_act:
        choice = bot.decide_pass(view)
        return Advice(choice.card, _pass_reason(view, choice))
    if view.phase == "play" and view.legal:
        choice = bot.decide_play(view)
        return Advice(1 << choice.card, _play_reason(view, choice, bot.config.style))
    raise HeartsError("not_to_act", f"seat {view.seat} has nothing to choose now")


def _adviser(level: str, seed: int, budget_ms: int | None, config: SearchConfig | None) -> StrongBot:
    if level == "strong":
        return StrongBot(seed, budget_ms, config)
    if level == "expert":
        return expert_bot(seed, budget_ms, config)
    raise HeartsError("bad_level", f"hints come from a level of {list(ADVICE_LEVELS)}, not {level!r}")


def _shown(cards: int, many: bool) -> Param:
    """A set of cards as a list of codes (``many``), or one card as its code."""
    return _codes(cards) if many else card_str(cards)


def _codes(cards: int) -> list[str]:
    return [card_str(c) for c in cards_of(cards)]


def _figures(choice: Choice, many: bool) -> dict[str, Param]:
    """The choice with the search's figures: its expected points and match equity, and the runner-up's."""
    out: dict[str, Param] = {"cards" if many else "card": _shown(choice.card, many),
                             "points": _points(choice.points), "equity": round(100 * choice.value)}
    other = choice.runner_up
    if other is not None:
        out["alt_cards" if many else "alt_card"] = _shown(other.card, many)
        out["alt_points"] = _points(other.points)
        out["alt_equity"] = round(100 * other.value)
    return out


def _points(points: float) -> str:
    """Expected points with one decimal, as text (the protocol's numbers are whole)."""
    return f"{points:.1f}"


def _search_reason(choice: Choice, many: bool, moon_code: str, search_code: str) -> Reason | None:
    """The reason when the search itself decided: a moon plan, or better than the heuristics' own
    candidate (with both figures); None when it kept the heuristics' candidate."""
    figures = _figures(choice, many)
    if choice.moon:
        return Reason(moon_code, figures)
    if choice.plan == NO_MOON:
        return Reason("moon_call_off", figures)
    rule = choice.heuristic
    if rule is not None and rule.card != choice.card:
        return Reason(f"{search_code}_{_better_by(choice, rule)}",
                      {**figures, "rule_cards" if many else "rule_card": _shown(rule.card, many),
                       "rule_points": _points(rule.points), "rule_equity": round(100 * rule.value)})
    return None


def _better_by(choice: Choice, rule: Scored) -> str:
    """How the search's choice beats the heuristics' candidate, the end of its reason code: fewer points
    expected in this hand (``better``); else only a better chance to win the match, the figure it chooses
    by (``safer``: fewer big losses such as a moon or Q♠); else by less than either figure shows
    (``close``). The points alone argued against a safer choice: "≈10.9 points expected, against ≈6.5
    for the usual choice" read as a reason not to play it."""
    if round(choice.points, 1) < round(rule.points, 1):
        return "better"
    return "safer" if round(100 * choice.value) > round(100 * rule.value) else "close"


def _play_reason(view: SeatView, choice: Choice, style: Style) -> Reason:
    """Why the search chose its card; ``style``: the heuristics its playouts played (their rule names it)."""
    card = choice.card
    if view.legal.bit_count() == 1:
        return Reason("only_card", {"card": card_str(card)})
    if choice.runner_up is None:
        return Reason("all_alike", {"card": card_str(card)})
    searched = _search_reason(choice, False, "moon_shoot", "search")
    if searched is not None:
        return searched
    _, why = explain_play(table_of(view, style), view.seat, view.hand, view.legal)
    return Reason(why, {**_figures(choice, False), **_play_context(view, card, why)})


def _play_context(view: SeatView, card: int, why: str) -> dict[str, Param]:
    """The facts of the position the rule ``why`` refers to."""
    if why.startswith("stop_moon"):
        return {"seat": moon_threat_of(table_of(view), view.seat, STYLE.moon_threat)}
    if why in ("duck", "drop_queen_under", "drop_points_under"):
        return {"top_card": card_str(_winning_card(view))}
    if why.startswith("bonus_"):
        return {"bonus_card": card_str(view.rules.bonus)}
    suit = card // 13
    if why == "lead_flush_points":  # the burdens of the suit still out (Q♠ K♠ A♠ in Black Maria)
        return {"suit": SUITS[suit], "danger_cards": _codes(points_of(view.rules).heavy_suits[suit] & view.unseen)}
    return {"suit": SUITS[suit]}


def _winning_card(view: SeatView) -> int:
    cards = [c for _, c in view.trick]
    return cards[trick_winner(cards[0] // 13, cards)]


def _pass_reason(view: SeatView, choice: Choice) -> Reason:
    cards = choice.card
    if choice.runner_up is None:
        return Reason("pass_forced", {"cards": _codes(cards)})
    searched = _search_reason(choice, True, "pass_moon", "pass_search")
    if searched is not None:
        return searched
    figures = _figures(choice, True)
    _, why = explain_pass(view.rules, view.hand, to_partner=passes_to_partner(view.rules, view.pass_offset))
    if why == "pass_queen":
        figures["guards"] = SPADE_GUARDS
    if why == "pass_void":
        figures["suit"] = SUITS[voided_suit(view.hand, cards)]
    return Reason(why, figures)
