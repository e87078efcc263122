"""Every answer of the table's commands has exactly the shape hearts.table.protocol says.

Whole matches in several presets are played through ``hearts.table.api.call`` (the page's
only way into Python); every answer, error and event is checked against the TypedDicts:
no key missing, no key extra, every value of its declared type.
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from hearts.table import protocol
from hearts.table.api import call
from hearts.table.commands import COMMANDS
from hearts.table.protocol import PROTOCOL_VERSION
from hearts.table.service import TableService


def conforms(value: Any, kind: Any, path: str = "$") -> list[str]:
    """What in ``value`` does not match the type ``kind`` (empty: it matches)."""
    origin = get_origin(kind)
    if kind is Any or kind is object:
        return []
    if is_typeddict(kind):
        return _typed_dict(value, kind, path)
    if origin is Literal:
        return [] if value in get_args(kind) and type(value) in {type(a) for a in get_args(kind)} \
            else [f"{path}: {value!r} is not one of {get_args(kind)}"]
    if origin in (Union, types.UnionType):
        options = [conforms(value, option, path) for option in get_args(kind)]
        return [] if any(not o for o in options) else [f"{path}: {value!r} matches none of {kind}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: expected a list, got {value!r}"]
        return [e for i, item in enumerate(value) for e in conforms(item, get_args(kind)[0], f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: expected an object, got {value!r}"]
        return [e for k, item in value.items() for e in conforms(item, get_args(kind)[1], f"{path}.{k}")]
    if kind is type(None):
        return [] if value is None else [f"{path}: expected null, got {value!r}"]
    if kind is int:  # JSON has no separate bool: true is not a number here
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{path}: expected int, got {value!r}"]
    if kind is float:  # a JSON number: an int is a float too
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{path}: expected a number, got {value!r}"]
    if kind in (str, bool):
        return [] if isinstance(value, kind) else [f"{path}: expected {kind.__name__}, got {value!r}"]
    raise AssertionError(f"the checker does not know {kind!r}")


def _typed_dict(value: Any, kind: Any, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: expected {kind.__name__}, got {value!r}"]
    hints = get_type_hints(kind)
    errors = [f"{path}.{k}: missing ({kind.__name__})" for k in kind.__required_keys__ if k not in value]
    errors += [f"{path}.{k}: not in {kind.__name__}" for k in value if k not in hints]
    for key, item in value.items():
        if key in hints:
            errors += conforms(item, hints[key], f"{path}.{key}")
    return errors


def _event_type(event: dict[str, Any]) -> Any:
    for kind in get_args(protocol.Event):
        if get_args(get_type_hints(kind)["type"]) == (event.get("type"),):
            return kind
    raise AssertionError(f"unknown event {event}")


class Recorder:
    """Sends commands as the page does and checks every answer against the protocol."""

    def __init__(self) -> None:
        self.table = TableService()
        self.checked = 0

    def send(self, name: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
        answer = json.loads(call(name, json.dumps(payload or {}), self.table))
        assert answer["protocol"] == PROTOCOL_VERSION
        kind = protocol.ErrorAnswer if "error" in answer else COMMANDS[name].answer
        assert conforms(answer, kind) == [], (name, answer)
        for event in answer.get("events", []):
            assert conforms(event, _event_type(event)) == []
        self.checked += 1
        return typing.cast(dict[str, Any], answer)


def _play_match(rec: Recorder, settings: dict[str, Any], hints: bool, claims: bool = False) -> set[str]:
    """Play a match as the page does (``claims``: claim whenever the view offers it); the event types seen.

    The person's first choice of each hand is the computer's (``auto_play``, with a ``hint`` first when
    ``hints``): each is a strong search, and one a hand shows their shapes. The other cards are played
    with ``play`` (the first legal card), after a refused illegal one."""
    answer = rec.send("new_match", settings)
    state = answer["state"]
    seen: set[str] = set()
    searched = False  # the computer chose for the person in this hand
    for _ in range(2000):
        if state["stage"] == "match_over":
            return seen
        if state["stage"] == "hand_result":
            state = rec.send("next_hand")["state"]
            searched = False
            continue
        if claims and state["can_claim"]:
            answer = rec.send("claim")
        elif state["self_to_act"] and (not searched or state["phase"] == "pass"):
            if hints:
                rec.send("hint")
            answer = rec.send("auto_play")
            searched = True
        elif state["self_to_act"]:
            cards = state["hand"]
            illegal = [c["card"] for c in cards if not c["legal"]]
            if illegal:
                assert "error" in rec.send("play", {"card": illegal[0]})
            answer = rec.send("play", {"card": next(c["card"] for c in cards if c["legal"])})
        else:
            answer = rec.send("advance")
        state = answer["state"]
        seen |= {e["type"] for e in answer["events"]}
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("preset", ["black-maria", "spot-hearts", "omnibus-10d", "partners"])
def test_a_whole_match_of_each_variant_preset_has_the_protocol_shape(preset: str) -> None:
    rec = Recorder()
    seen = _play_match(rec, {"rules": {"preset": preset, "target": 60}, "seed": 11, "bots": "easy"},
                       hints=False, claims=True)
    assert {"claimed", "hand_over", "match_over"} <= seen
    state = rec.send("state")["state"]
    assert len(state["sides"]) == (2 if state["rules"].get("teams") else 4)
    rec.send("claim")  # after the match: a refusal, of the error's shape
    rec.send("guest", {"seat": 1, "message": '{"type": "claim"}'})


@pytest.mark.parametrize("rules", [
    {"target": 30}, {"preset": "three-players", "target": 30}, {"preset": "omnibus", "target": 30},
    {"preset": "sun", "target": 30}, {"preset": "wikipedia-6", "target": 30},
])
def test_every_answer_of_a_whole_match_has_the_protocol_shape(rules: dict[str, Any]) -> None:
    rec = Recorder()
    _play_match(rec, {"rules": rules, "seed": 11, "bots": "easy"}, hints=rules == {"target": 30})
    for name, payload in (("rules_info", {}), ("check_rules", {"rules": rules}), ("save", {}), ("state", {}),
                          ("same_deal_again", {}), ("undo", {}), ("next_hand", {}), ("play", {"card": "ZZ"})):
        rec.send(name, payload)
    save = rec.send("save")["save"]
    rec.send("resume", {"save": save})
    rec.send("resume", {"save": "{bad"})
    stats = rec.send("stats")
    assert stats["stats"]["total"]["matches"] == 1
    for name, payload in (("stats_check", {"text": stats["stats_save"]}), ("stats_check", {"text": "[]"}),
                          ("stats_load", {"text": '{"matches": 2, "wins": 1, "hands": 9, "moons": 0}'}),
                          ("stats_load", {"text": "{bad"}), ("stats_reset", {}), ("stats_load", {})):
        rec.send(name, payload)
    assert rec.checked > 50


def test_the_answer_that_ends_a_match_carries_the_statistics_to_store() -> None:
    rec = Recorder()
    answers: list[dict[str, Any]] = []
    original = rec.send

    def send(name: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
        answers.append(original(name, payload))
        return answers[-1]

    rec.send = send  # type: ignore[method-assign]
    _play_match(rec, {"rules": {"target": 1}, "seed": 3, "bots": "easy"}, hints=False)
    booked = [a for a in answers if "stats_save" in a and "state" in a]
    assert len(booked) == 1 and booked[0]["state"]["stage"] == "match_over"


def test_review_share_and_learn_answers_have_the_protocol_shape() -> None:
    rec = Recorder()
    _play_match(rec, {"rules": {"target": 20}, "seed": 5, "bots": "easy"}, hints=False)
    review = rec.send("review_hand", {"hand": 0})
    for step in (0, len(review["decisions"]) - 1, 99):
        rec.send("review_step", {"hand": 0, "step": step})
    for play in (1, 51, "x"):
        rec.send("review_seat", {"hand": 0, "play": play})
    rec.send("review_hand", {"hand": 40})
    link = rec.send("share_link")["link"]
    rec.send("open_share", {"share": link.removeprefix("?share=")})
    rec.send("open_share", {"share": "tampered.0000000000"})
    state = rec.send("new_match", {"mode": "learn"})["state"]
    rec.send("tip_read", {"kind": "pass"})
    rec.send("tip_read", {"kind": "pass"})
    while state["stage"] in ("pass", "play"):
        state = rec.send("auto_play" if state["self_to_act"] else "advance")["state"]
    rec.send("next_hand")
    assert rec.checked > 30


def test_par_daily_and_challenge_answers_have_the_protocol_shape() -> None:
    rec = Recorder()
    rec.send("daily_info", {"date": "2026-12-01"})
    rec.send("daily_info", {"date": "tomorrow"})
    state = rec.send("new_daily", {"date": "2026-12-01"})["state"]
    while state["stage"] in ("pass", "play"):
        state = rec.send("auto_play" if state["self_to_act"] else "advance")["state"]
    while not rec.send("par", {"hand": 0})["done"]:
        pass
    rec.send("par", {"hand": 0})
    rec.send("par", {"hand": 5})
    link = rec.send("challenge_link", {"scope": "match", "name": "Anna"})["link"]
    code = link.removeprefix("?challenge=")
    rec.send("read_challenge", {"challenge": code})
    rec.send("read_challenge", {"challenge": code[:-1]})
    state = rec.send("open_challenge", {"challenge": code})["state"]
    while state["stage"] in ("pass", "play"):
        state = rec.send("auto_play" if state["self_to_act"] else "advance")["state"]
    rec.send("challenge_link", {})
    rec.send("stats")
    assert rec.checked > 20


def test_the_checker_finds_what_is_wrong() -> None:
    good = {"card": "QS", "legal": True, "received": False, "passed": False, "why": None}
    assert conforms(good, protocol.HandCard) == []
    assert conforms({**good, "legal": 1}, protocol.HandCard)
    assert conforms({**good, "extra": 1}, protocol.HandCard)
    assert conforms({k: v for k, v in good.items() if k != "card"}, protocol.HandCard)
    assert conforms({"seat": True, "card": "2C"}, protocol.TrickCard)
    assert conforms({"type": "play", "seat": 1, "card": 5}, protocol.PlayEvent)


def test_every_command_has_its_types() -> None:
    for name, command in COMMANDS.items():
        assert command.name == name
        assert is_typeddict(command.request) and is_typeddict(command.answer)
        assert getattr(protocol, command.request.__name__) is command.request
        assert getattr(protocol, command.answer.__name__) is command.answer
