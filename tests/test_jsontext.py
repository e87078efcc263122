"""JSON from outside is read by one loader (hearts.jsontext), and every kind of bad JSON is a
``json.JSONDecodeError`` with its position: text nested deeper than the game ever writes (in
Pyodide, deep nesting would overflow the JavaScript stack and end the interpreter), a number of
too many digits, bytes that are not UTF-8. Each reader answers it with its own error code."""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts import jsontext
from hearts.errors import HeartsError
from hearts.table import api
from hearts.table.saves import resume
from hearts.table.service import TableService
from hearts.table.share import decode, encode
from hearts.table.stats import Stats

DEEP = "[" * 100_000 + "]" * 100_000

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\n'),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\a'), inner, max_size=3),
    max_leaves=20,
)


def depth_of(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


@given(json_values)
def test_the_depth_is_the_nesting_of_arrays_and_objects_not_brackets_in_strings(value: Any) -> None:
    text = json.dumps(value)
    assert jsontext.nesting_depth(text) == depth_of(value)
    assert jsontext.loads(text) == value
    assert jsontext.loads(text.encode()) == value


def test_the_limit_is_inclusive() -> None:
    assert jsontext.loads("[" * jsontext.MAX_DEPTH + "]" * jsontext.MAX_DEPTH) is not None
    with pytest.raises(json.JSONDecodeError, match="nested deeper"):
        jsontext.loads("[" * (jsontext.MAX_DEPTH + 1) + "]" * (jsontext.MAX_DEPTH + 1))


def error_code(answer: str) -> str:
    return str(json.loads(answer)["error"]["code"])


def test_a_deep_request_a_deep_guest_message_and_deep_stored_values_are_refused_with_their_codes() -> None:
    service = TableService()
    assert error_code(api.call("new_match", DEEP, service)) == "bad_json"
    assert service.session is None
    api.call("new_match", "{}", service)
    guest = json.dumps({"seat": 1, "message": "[" * 4000})
    assert error_code(api.call("guest", guest, service)) in {"bad_message", "not_a_guest"}
    with pytest.raises(HeartsError) as save:
        resume(DEEP)
    assert save.value.code == "bad_save"
    with pytest.raises(HeartsError) as stats:
        Stats.from_text("{" * 50_000)
    assert stats.value.code == "bad_stats"


def test_a_deep_link_is_refused_as_unreadable() -> None:
    nested: list[Any] = []
    for _ in range(3 * jsontext.MAX_DEPTH):
        nested = [nested]
    with pytest.raises(HeartsError) as link:
        decode(encode({"deep": nested}), 10**6, lambda problem, why: HeartsError("bad", why, {"problem": problem}))
    assert link.value.params == {"problem": "format"}


LONG_NUMBER = "9" * 5000   # more digits than Python's int() reads: json raises a plain ValueError


DEEPER = "[" * (jsontext.MAX_DEPTH + 1) + "]" * (jsontext.MAX_DEPTH + 1)


@pytest.mark.parametrize(("text", "problem", "position"), [
    (DEEPER, "nested deeper than 32 levels", jsontext.MAX_DEPTH),
    ('{"a": "[[{", "b": ' + DEEPER + "}", "nested deeper", 17 + jsontext.MAX_DEPTH),  # a string's brackets are text
    (f'{{"n": {LONG_NUMBER}}}', "a number has too many digits", 6),
    # a string's digits and a float's are no whole number
    (f'["{LONG_NUMBER}", {LONG_NUMBER}.5, -{LONG_NUMBER}]', "too many digits", 2 * len(LONG_NUMBER) + 9),
    (b'{"a": "\xff"}', "not UTF-8 text", 7),
    (b'{"a": "\xc3\xa9\xff"}', "not UTF-8", 8),  # a position in characters: é is one
], ids=["deep", "deep-after-a-string", "digits", "digits-after-a-string-and-a-float", "not-utf8",
        "not-utf8-after-a-two-byte-letter"])
def test_every_kind_of_bad_json_is_a_decode_error_that_says_where(text: str | bytes, problem: str,
                                                                   position: int) -> None:
    with pytest.raises(json.JSONDecodeError, match=problem) as refused:
        jsontext.loads(text)
    assert refused.value.pos == position


def test_a_number_of_too_many_digits_is_refused_with_each_values_own_code() -> None:
    """Not ``internal``: a challenge link, stored or imported statistics and a save answer their codes."""
    service = TableService()
    body = f'{{"v": 1, "seed": {LONG_NUMBER}}}'.encode()
    # A link made as share.encode makes one (its check digits right), around text json cannot read.
    link = base64.urlsafe_b64encode(body).decode().rstrip("=") + "." + hashlib.sha256(body).hexdigest()[:10]
    for command in ("read_challenge", "open_challenge"):
        answer = json.loads(api.call(command, json.dumps({"challenge": link}), service))
        assert answer["error"]["code"] == "bad_challenge" and answer["error"]["params"]["problem"] == "format"
    stats = json.dumps({"text": f'{{"format": "hearts-stats", "version": 3, "n": {LONG_NUMBER}}}'})
    assert error_code(api.call("stats_check", stats, service)) == "bad_stats"
    assert error_code(api.call("stats_load", stats, service)) == "bad_stats"
    with pytest.raises(HeartsError) as save:
        resume(f'{{"format": "hearts-table", "n": {LONG_NUMBER}}}')
    assert save.value.code == "bad_save"
