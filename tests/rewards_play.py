"""Helpers for the rewards tests: send a command as the page does, play the person's simple moves.

Tests import these as ``from rewards_play import ...`` (tests/ is on ``sys.path``).
"""

from __future__ import annotations

import json
from typing import Any

from hearts.match import Match
from hearts.rules import Rules
from hearts.table.api import call
from hearts.table.service import TableService

WHEN = "2026-12-01T09:00:00+00:00"


def new_table() -> TableService:
    return TableService(clock=lambda: WHEN)


def send(table: TableService, command: str, **payload: Any) -> dict[str, Any]:
    answer = json.loads(call(command, json.dumps(payload), table))
    assert isinstance(answer, dict)
    return answer


def ok(table: TableService, command: str, **payload: Any) -> dict[str, Any]:
    answer = send(table, command, **payload)
    assert "error" not in answer, answer
    return answer


def play_hand(table: TableService, answer: dict[str, Any], pick: Any = None) -> list[dict[str, Any]]:
    """Play on until a hand's result (or the match end) shows; the person passes its first cards and
    plays ``pick(state)`` (default: its first legal card). Every answer on the way."""
    answers = [answer]
    while answer["state"]["stage"] in ("pass", "play"):
        state = answer["state"]
        if state["self_to_act"] and state["phase"] == "pass":
            answer = ok(table, "pass", cards=[c["card"] for c in state["hand"][:state["pass"]["count"]]])
        elif state["self_to_act"]:
            card = pick(state) if pick is not None else next(c["card"] for c in state["hand"] if c["legal"])
            answer = ok(table, "play", card=card)
        else:
            answer = ok(table, "advance")
        answers.append(answer)
    return answers


def play_match(table: TableService, answer: dict[str, Any]) -> list[dict[str, Any]]:
    """Play every hand to the match's end; every answer on the way."""
    answers = play_hand(table, answer)
    while answers[-1]["state"]["stage"] == "hand_result":
        answers += play_hand(table, ok(table, "next_hand"))
    return answers


def par_of(table: TableService, hand: int) -> dict[str, Any]:
    """Ask for the par of ``hand`` until it is known; the last answer."""
    for _ in range(500):
        answer = ok(table, "par", hand=hand)
        if answer["done"]:
            return answer
    raise AssertionError("par never finished")


def lowest_cards_match(rules: Rules, seed: int = 3) -> Match:
    """A match played to its end without bots or a table: every seat passes and plays its lowest cards."""
    match = Match(rules, seed)
    while not match.over:
        hand = match.hand
        while hand.phase != "over":
            if hand.phase == "pass":
                seat = hand.to_act()[0]
                hand.choose_pass(seat, _lowest(hand.hands[seat], rules.pass_count))
            else:
                hand.play(_lowest(hand.legal(), 1).bit_length() - 1)
        match.finish_hand()
    return match


def _lowest(cards: int, count: int) -> int:
    """The ``count`` lowest cards of ``cards`` (by card number: clubs first)."""
    out = 0
    for _ in range(count):
        low = cards & -cards
        out, cards = out | low, cards ^ low
    return out
