"""The review of a finished hand (hearts.bots.review) and python -m hearts review."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from hearts import console
from hearts.bots.review import _replay_to, decisions, review, what_seat_saw
from hearts.cards import card_str, cards_of, parse_card
from hearts.record import hand_to_record
from hearts.rules import PRESETS, Rules
from hearts.table.seats import HOST_SEAT
from hearts.table.session import Session

BUDGET = 10


def finished_session(rules: Rules | None = None, seed: int = 3) -> Session:
    rules = rules or Rules()
    session = Session(rules, seed, ["human", *["normal"] * (rules.players - 1)])
    while session.stage in ("pass", "play"):
        if HOST_SEAT in session.match.hand.to_act():
            session.auto_play()
        else:
            session.advance()
    return session


@pytest.mark.parametrize("preset", ["classic", "three-players", "wikipedia-5"])
def test_every_decision_has_a_verdict(preset: str) -> None:
    rules = PRESETS[preset]
    hand = finished_session(rules).match.finished[0]
    result = review(hand, HOST_SEAT, BUDGET, 1)
    steps = result["steps"]
    assert len(steps) == rules.hand_size + (1 if hand.pass_offset else 0)
    for step in steps:
        assert step["loss"] >= 0
        assert (step["loss"] == 0) == (step["best"] == step["chosen"])
    assert result["total_loss"] == round(sum(s["loss"] for s in steps), 2)
    assert [s["trick"] for s in steps if s["kind"] == "play"] == list(range(1, rules.hand_size + 1))
    assert review(hand, HOST_SEAT, BUDGET, 1) == result, "deterministic"


def test_a_poor_card_costs_points() -> None:
    """Playing into Q♠ when ducking is easy shows a loss (a review that always says 0 would fail this)."""
    found = []
    for seed in range(2):
        hand = finished_session(seed=seed).match.finished[0]
        found += [s["loss"] for s in review(hand, 1, BUDGET, 0)["steps"]]
    assert max(found) > 0.5 and min(found) == 0


def test_the_seat_saw_only_its_view() -> None:
    hand = finished_session().match.finished[0]
    plays = [i for i, (kind, _, _) in enumerate(hand.history) if kind == "play"]
    for play in range(0, len(hand.plays), 3):
        saw = what_seat_saw(hand, play)
        seat, card = hand.plays[play]
        at = _replay_to(hand, plays[play])
        assert saw["seat"] == seat and saw["card"] == card_str(card) and saw["card"] in saw["legal"]
        assert saw["hand"] == [card_str(c) for c in cards_of(at.hands[seat])]
        hidden = {card_str(c) for s, h in enumerate(at.hands) if s != seat for c in cards_of(h)}
        shown = json.dumps(saw)
        assert not [c for c in hidden if f'"{c}"' in shown and c not in saw["passed"]], "no hidden card"
        assert saw["played"] == sorted(saw["played"], key=lambda c: parse_card(c))
    assert len(decisions(hand, 2)) == 14
    with pytest.raises(ValueError):
        what_seat_saw(hand, 52)


def _run(argv: list[str], text: str, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert console.main(argv) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_review_command(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = finished_session().match.finished[0]
    record = hand_to_record(hand, 0)
    lines = "\n".join([json.dumps(record), "{bad", json.dumps({**record, "plays": record["plays"][:3]}), "[1]",
                       json.dumps({**record, "rules": {"players": 9}})])
    good, bad_json, unfinished, not_record, bad_rules = _run(
        ["review", "--seat", "0", "--budget-ms", str(BUDGET)], lines + "\n", monkeypatch)
    assert good == review(hand, 0, BUDGET, 0)
    assert bad_json["error"]["code"] == "bad_json"
    assert unfinished["error"]["code"] == "wrong_phase"
    assert not_record["error"]["code"] == "bad_record"
    assert bad_rules["error"]["code"] == "bad_rules"
    (seat_error,) = _run(["review", "--seat", "7"], json.dumps(record) + "\n", monkeypatch)
    assert seat_error["error"]["code"] == "bad_seat"
