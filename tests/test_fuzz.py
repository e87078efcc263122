"""Fuzzed input through the page's only way into Python, ``hearts.table.api.call``.

A hypothesis state machine plays matches with valid moves and sends, between them, every
command with random payloads: wrong types, huge numbers, unicode (lone surrogates too), missing
and unknown keys, text that is not JSON or not an object. Whatever comes, the answer is JSON of
the protocol's types, never a traceback nor an ``internal`` error (a bug caught), a refusal
changes nothing, and a save resumed in a fresh table shows the same view.

Inside Pyodide (``node tools/pyodide_pytest.mjs -k fuzz``) the run is shorter.
"""

from __future__ import annotations

import json
import sys
from typing import Any, get_type_hints

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from hearts.table.api import call
from hearts.table.commands import COMMANDS
from hearts.table.protocol import PROTOCOL_VERSION, ErrorAnswer
from hearts.table.service import TableService
from test_protocol import _event_type as event_type
from test_protocol import conforms

IN_PYODIDE = sys.platform == "emscripten"
RANKS = "23456789TJQKA"
CARDS = [rank + suit for suit in "CDHS" for rank in RANKS]

# -- payloads ------------------------------------------------------------------------------------

_text = st.text(max_size=12) | st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), max_size=3) \
    | st.sampled_from(["", "💥", "Ω" * 40, "\x00", "🂡QS", "null"])
_number = st.integers() | st.integers(min_value=-(2**80), max_value=2**80) | st.floats() \
    | st.sampled_from([0, -1, 2**63, 2**64, -(2**63) - 1, 1e308, float("inf"), float("nan")])
_likely = st.sampled_from(CARDS) | st.lists(st.sampled_from(CARDS), max_size=5) | st.integers(-2, 7) \
    | st.sampled_from(["easy", "normal", "strong", "human", "learn", "classic", "omnibus"])
_scalar = st.none() | st.booleans() | _number | _text | _likely
_value = st.recursive(_scalar, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
                      max_leaves=10)


@st.composite
def payloads(draw: st.DrawFn, name: str) -> str:
    """A payload for ``name``: its own keys with random values (some left out) and unknown ones, or no object."""
    keys = list(get_type_hints(COMMANDS[name].request))
    shape = draw(st.sampled_from(["keys", "keys", "keys", "other json", "text"]))
    if shape == "text":
        return draw(st.sampled_from(["", "{", "[1,", "{\"a\": }", "nul", "1" * 5000, "[" * 3000 + "]" * 3000,
                                     "{\"x\": 1e999}", "\ud800"]) | _text)
    if shape == "other json":
        return json.dumps(draw(_value))
    chosen = draw(st.lists(st.sampled_from(keys), unique=True)) if keys else []
    payload: dict[str, Any] = {key: draw(_value) for key in chosen}
    payload.update(draw(st.dictionaries(_text, _value, max_size=2)))
    return json.dumps(payload)


# -- the machine ---------------------------------------------------------------------------------

def _answer(name: str, payload: str, table: TableService) -> dict[str, Any]:
    """Call as the page does; check the answer's JSON against the protocol (and no bug caught)."""
    answer: dict[str, Any] = json.loads(call(name, payload, table))
    assert answer["protocol"] == PROTOCOL_VERSION
    kind = ErrorAnswer if "error" in answer else COMMANDS[name].answer
    assert conforms(answer, kind) == [], (name, payload[:200], answer)
    for event in answer.get("events", []):
        assert conforms(event, event_type(event)) == [], (name, event)
    if "error" in answer:
        assert answer["error"]["code"] != "internal", (name, payload[:200], answer["error"])
    return answer


class FuzzedTable(RuleBasedStateMachine):
    """One table: valid moves keep a match going, random commands are thrown at it in between."""

    def __init__(self) -> None:
        super().__init__()
        self.table = TableService()

    def send(self, name: str, payload: Any = None) -> dict[str, Any]:
        return _answer(name, json.dumps(payload or {}), self.table)

    def shown(self) -> tuple[Any, Any]:
        """What the page would show and keep: the view and the save (None, None without a match)."""
        state, save = self.send("state"), self.send("save")
        if "error" in state:
            return None, None
        return state["state"], save["save"]

    @initialize(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**64 - 1))
    def start(self, players: int, seed: int) -> None:
        self.send("new_match", {"rules": {"players": players, "target": 40}, "bots": "easy", "seed": seed})

    @rule()
    def valid_move(self) -> None:
        state = self.send("state")
        if "error" in state:
            self.send("new_match", {"bots": "easy"})
            return
        view = state["state"]
        if view["stage"] == "match_over":
            self.send("new_match", {"bots": "easy"})
        elif view["stage"] == "hand_result":
            self.send("next_hand")
        elif view["self_to_act"]:
            self.send("auto_play")
        else:
            self.send("advance")

    @rule(data=st.data(), name=st.sampled_from(sorted(COMMANDS)))
    def random_command(self, data: st.DataObject, name: str) -> None:
        payload = data.draw(payloads(name))
        view, save = self.shown()
        answer = _answer(name, payload, self.table)
        if "error" in answer:
            assert self.shown() == (view, save), f"{name} was refused but changed the table"

    @rule(data=st.data())
    def unknown_command(self, data: st.DataObject) -> None:
        name = data.draw(_text.filter(lambda n: n not in COMMANDS))
        before = self.shown()
        assert _answer(name, "{}", self.table)["error"]["code"] == "unknown_command"
        assert self.shown() == before

    @precondition(lambda self: self.table.session is not None)
    @rule()
    def save_and_resume_elsewhere(self) -> None:
        view, save = self.shown()
        fresh = TableService()
        resumed = _answer("resume", json.dumps({"save": save}), fresh)
        assert "error" not in resumed, resumed
        assert resumed["state"] == view
        assert resumed["save"] == save

    @invariant()
    def protocol_answers_still_come(self) -> None:
        assert "error" not in _answer("rules_info", "{}", self.table)


FuzzedTable.TestCase.settings = settings(
    max_examples=6 if IN_PYODIDE else 40,
    stateful_step_count=15 if IN_PYODIDE else 30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
test_fuzzed_commands_never_break_the_table = FuzzedTable.TestCase
