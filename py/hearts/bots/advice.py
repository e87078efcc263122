"""``advise(view)``: the strong bot's choice with a short reason people understand.

The reason is a :class:`Reason`: a stable code and its parameters (card names, suits),
which the page words in the player's language (``static/js/i18n.js``, ``reasons``). It is
read off the situation and the chosen card, in the same terms the heuristics use ("duck
under the A♠", "dump Q♠ on a void", "stop the moon: take this heart").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..cards import HEART_MASK, HEARTS, QUEEN_OF_SPADES, SPADES, SUIT_MASKS, card_str, cards_of
from ..errors import HeartsError
from ..view import SeatView
from .knowledge import moon_threat, queen_out, winning_card
from .strong import StrongBot

__all__ = ["Advice", "Reason", "advise", "play_reason", "pass_reason"]

ReasonParam = str | int | list[str]
SUIT_LETTERS = "CDHS"


@dataclass(frozen=True)
class Reason:
    """Why a choice is good: ``code`` (see ``reasons`` in static/js/i18n.js) and its parameters."""

    code: str
    params: Mapping[str, ReasonParam] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "params": dict(self.params)}


@dataclass(frozen=True)
class Advice:
    cards: int      # one card when playing, pass_count cards when passing
    reason: Reason


def advise(view: SeatView, budget_ms: int | None = None, seed: int = 0) -> Advice:
    """What the strong bot would do in ``view`` and why.

    Raises ``HeartsError("not_to_act")`` when the seat has nothing to choose.
    """
    bot = StrongBot(seed, budget_ms)
    if view.phase == "pass" and view.seat in view.to_act:
        choice = bot.decide_pass(view)
        reason = _moon_pass_reason(view, choice.card) if choice.moon else pass_reason(view, choice.card)
        return Advice(choice.card, reason)
    if view.phase == "play" and view.legal:
        choice = bot.decide_play(view)
        reason = _moon_play_reason(choice.card) if choice.moon else play_reason(view, choice.card)
        return Advice(1 << choice.card, reason)
    raise HeartsError("not_to_act", f"seat {view.seat} has nothing to choose now")


def _names(cards: int) -> list[str]:
    return [card_str(c) for c in reversed(cards_of(cards))]


def _moon_pass_reason(view: SeatView, cards: int) -> Reason:
    return Reason("pass_moon", {"cards": _names(cards)})


def _moon_play_reason(card: int) -> Reason:
    return Reason("play_moon", {"card": card_str(card)})


def pass_reason(view: SeatView, cards: int) -> Reason:
    names = {"cards": _names(cards)}
    spades = view.hand & SUIT_MASKS[SPADES]
    high_spades = cards & spades & ~((1 << QUEEN_OF_SPADES) - 1)
    if cards >> QUEEN_OF_SPADES & 1 and (spades & ~cards).bit_count() < 4:
        return Reason("pass_queen", names)
    if high_spades:
        return Reason("pass_high_spades", names)
    for suit in range(4):
        in_suit = view.hand & SUIT_MASKS[suit]
        if in_suit and in_suit & ~cards == 0:
            return Reason("pass_void", {**names, "suit": SUIT_LETTERS[suit]})
    if cards & HEART_MASK:
        return Reason("pass_high_hearts", names)
    return Reason("pass_high_cards", names)


def play_reason(view: SeatView, card: int) -> Reason:
    if view.legal.bit_count() == 1:
        return Reason("only_card", {"card": card_str(card)})
    if not view.trick:
        return _lead_reason(view, card)
    lead_suit = view.trick[0][1] // 13
    if card // 13 == lead_suit:
        return _follow_reason(view, card)
    return _discard_reason(view, card)


def _lead_reason(view: SeatView, card: int) -> Reason:
    suit = card // 13
    named = {"card": card_str(card)}
    higher_out = view.unseen & SUIT_MASKS[suit] & ~((2 << card) - 1)
    if suit == SPADES and card < QUEEN_OF_SPADES and queen_out(view):
        return Reason("lead_drive_queen", named)
    if not higher_out:
        return Reason("lead_top_card", {**named, "suit": SUIT_LETTERS[suit]})
    lower_out = view.unseen & SUIT_MASKS[suit] & ((1 << card) - 1)
    if not lower_out or higher_out.bit_count() > lower_out.bit_count():
        return Reason("lead_low", named)
    return Reason("lead_safe_suit", {**named, "suit": SUIT_LETTERS[suit]})


def _follow_reason(view: SeatView, card: int) -> Reason:
    top = winning_card(view)
    named = {"card": card_str(card)}
    trick_cards = sum(1 << c for _, c in view.trick)
    if card < top:
        if card == QUEEN_OF_SPADES:
            return Reason("drop_queen_under", {"top_card": card_str(top)})
        return Reason("duck_under", {"top_card": card_str(top)})
    shooter = moon_threat(view)
    if shooter >= 0 and trick_cards & HEART_MASK:
        return Reason("stop_moon_heart", {**named, "seat": shooter})
    if shooter >= 0:
        return Reason("stop_moon_trick", {**named, "seat": shooter})
    last = len(view.trick) == view.players - 1
    if last and not view.rules.card_points(trick_cards):
        return Reason("take_clean_trick", named)
    if not view.legal & ((1 << top) - 1):
        return Reason("win_anyway_high", named)
    return Reason("take_trick", named)


def _discard_reason(view: SeatView, card: int) -> Reason:
    named = {"card": card_str(card)}
    if card == QUEEN_OF_SPADES:
        return Reason("dump_queen", named)
    if card // 13 == HEARTS:
        return Reason("dump_heart", named)
    if card // 13 == SPADES and card > QUEEN_OF_SPADES and queen_out(view):
        return Reason("dump_high_spade", named)
    return Reason("discard_high", named)
