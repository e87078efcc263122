"""The JSON game record of one hand (a public contract; see docs/rules.md).

``{"rules": {...}, "hand_index": 0, "pass_offset": 1, "deal": [[...], ...],
"passes": [[...], ...], "plays": [...], "totals": [...]}``: rules (partial, missing
keys take defaults), the deal (one list per seat, before passing, or a deal
number), the passes (all seats or none), the cards played in order, and the
optional match totals before the hand (only ``moon="choice"`` looks at them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import CardError, card_str, cards_of, mask_of, parse_card
from .deal import deal as numbered_deal
from .errors import HeartsError
from .game import Hand
from .rules import Rules

__all__ = ["hand_from_record", "hand_to_record", "state_json", "RECORD_KEYS"]

RECORD_KEYS = ("rules", "hand_index", "pass_offset", "deal", "passes", "plays", "totals")


def _cards(items: Any, where: str) -> list[int]:
    if not isinstance(items, list):
        raise HeartsError("bad_record", f"{where} must be a list of cards")
    out = []
    for i, text in enumerate(items):
        try:
            out.append(parse_card(text))
        except CardError as exc:
            raise HeartsError("bad_card", f"{where}[{i}]: {exc}") from None
    return out


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise HeartsError("bad_record", f"{where} must be a non-negative integer, got {value!r}")
    return value


def _deal(rules: Rules, value: Any) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return numbered_deal(rules, _int(value, "deal"))
    if not isinstance(value, list):
        raise HeartsError("bad_record", "deal must be a list of hands (one list of cards per seat) "
                          "or a deal number")
    hands = []
    seen: dict[int, str] = {}
    for seat, hand in enumerate(value):
        cards = _cards(hand, f"deal[{seat}]")
        for c in cards:
            if c in seen:
                raise HeartsError("duplicate_card", f"{card_str(c)} is dealt twice "
                                  f"({seen[c]} and deal[{seat}])")
            seen[c] = f"deal[{seat}]"
        hands.append(mask_of(cards))
    return hands


def hand_from_record(record: Any) -> Hand:
    """Rebuild the exact state of a hand from its record. Raises :class:`HeartsError`."""
    if not isinstance(record, Mapping):
        raise HeartsError("bad_record", "a record must be a JSON object")
    unknown = sorted(set(record) - set(RECORD_KEYS))
    if unknown:
        raise HeartsError("bad_record", f"unknown record key(s) {unknown}; known: {list(RECORD_KEYS)}")
    if "deal" not in record:
        raise HeartsError("bad_record", "the record has no deal")
    rules = Rules.from_json(record.get("rules"))
    hand_index = _int(record.get("hand_index", 0), "hand_index")
    offset = record.get("pass_offset")
    offset = rules.pass_offset(hand_index) if offset is None else _int(offset, "pass_offset")
    totals = record.get("totals")
    if totals is not None and (not isinstance(totals, list) or len(totals) != rules.players
                               or any(isinstance(t, bool) or not isinstance(t, int) for t in totals)):
        raise HeartsError("bad_record", f"totals must be a list of {rules.players} integers")
    hand = Hand(rules, _deal(rules, record["deal"]), offset, totals)
    _apply_passes(hand, record.get("passes"))
    plays = record.get("plays", [])
    for i, c in enumerate(_cards(plays, "plays")):
        try:
            hand.play(c)
        except HeartsError as exc:
            raise HeartsError(exc.code, f"plays[{i}] ({card_str(c)}): {exc.message}") from None
    return hand


def _apply_passes(hand: Hand, passes: Any) -> None:
    if passes is None or passes == []:
        return
    if not isinstance(passes, list) or len(passes) != hand.players:
        raise HeartsError("bad_pass", f"passes must list the cards of all {hand.players} seats (or none)")
    if not hand.pass_offset:
        raise HeartsError("wrong_phase", "this hand has no passing (pass offset 0) but the record has passes")
    for seat, given in enumerate(passes):
        cards = _cards(given, f"passes[{seat}]")
        if len(set(cards)) != len(cards):
            raise HeartsError("bad_pass", f"passes[{seat}] names a card twice")
        try:
            hand.choose_pass(seat, mask_of(cards))
        except HeartsError as exc:
            raise HeartsError(exc.code, f"passes[{seat}]: {exc.message}") from None


def _names(mask: int) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def hand_to_record(hand: Hand, hand_index: int | None = None) -> dict[str, Any]:
    """The record of a hand (passes only once every seat has chosen)."""
    rec: dict[str, Any] = {"rules": hand.rules.to_json()}
    if hand_index is not None:
        rec["hand_index"] = hand_index
    rec["pass_offset"] = hand.pass_offset
    rec["deal"] = [_names(h) for h in hand.deal]
    if hand.passes and all(p is not None for p in hand.passes):
        rec["passes"] = [_names(p or 0) for p in hand.passes]
    rec["plays"] = [card_str(c) for _, c in hand.plays]
    if any(hand.totals_before):
        rec["totals"] = list(hand.totals_before)
    return rec


def state_json(hand: Hand) -> dict[str, Any]:
    """The answer of ``python -m hearts state`` for one hand (public contract)."""
    to_act = hand.to_act()
    if hand.phase == "play":
        legal = hand.legal()
    elif hand.phase == "pass":
        legal = hand.hands[to_act[0]]
    else:
        legal = 0
    return {
        "phase": hand.phase,
        "to_act": to_act,
        "legal": _names(legal),
        "hands": [_names(h) for h in hand.hands],
        "trick": [{"seat": s, "card": card_str(c)} for s, c in hand.trick],
        "hearts_broken": hand.hearts_broken,
        "taken": hand.taken_points(),
        "score": hand.score(),
    }
