"""Shared deals (hearts.table.share): the link opens the same deal; a bad or changed link changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hearts.deal import deal, match_deal_number
from hearts.rules import Rules
from hearts.table.api import call
from hearts.table.service import TableService
from hearts.table.share import SharedDeal, read_share, share_code


def _send(table: TableService, name: str, **payload: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(call(name, json.dumps(payload), table))
    return answer


def test_a_shared_hand_opens_with_its_deal_rules_and_bots() -> None:
    table = TableService()
    state = _send(table, "new_match", rules={"preset": "five-players"}, seed=9, bots=["easy", "strong", "normal",
                                                                                     "easy"])["state"]
    assert state["deal_number"] == str(match_deal_number(9, 0))
    link = _send(table, "share_link")
    assert link["link"].startswith("?share=") and link["deal_number"] == state["deal_number"]
    other = TableService()
    opened = _send(other, "open_share", share=link["link"][len("?share="):])["state"]
    assert opened["rules"] == state["rules"] and opened["hand"] == state["hand"]
    assert [s["level"] for s in opened["seats"]] == [s["level"] for s in state["seats"]]
    assert opened["deal_number"] == state["deal_number"] and opened["pass"]["offset"] == state["pass"]["offset"]


def test_a_later_hand_keeps_its_pass_direction_and_number() -> None:
    rules = Rules()
    code = share_code(SharedDeal(rules, ["normal"] * 3, 12345, 3))
    table = TableService()
    state = _send(table, "open_share", share=code)["state"]
    assert state["deal_number"] == "12345" and state["pass"]["offset"] == 3
    assert table.session is not None
    assert list(table.session.match.hand.deal) == deal(rules, 12345)
    state = _send(table, "same_deal_again")["state"]
    assert state["pass"]["offset"] == 3 and state["deal_number"] == "12345"
    resumed = _send(TableService(), "resume", save=_send(table, "save")["save"])["state"]
    assert resumed["deal_number"] == "12345"


@pytest.mark.parametrize("mangle", [
    lambda c: c[:-1] + ("0" if c[-1] != "0" else "1"),          # the check changed
    lambda c: ("A" if c[0] != "A" else "B") + c[1:],              # the content changed
    lambda c: c[: len(c) // 2],                                   # cut short
    lambda c: "",
    lambda c: "not a code",
    lambda c: c + "." + c,
])
def test_a_bad_link_changes_nothing(mangle: Any) -> None:
    table = TableService()
    before = _send(table, "new_match", seed=4)
    code = share_code(SharedDeal(Rules(), ["easy"] * 3, 7, 1))
    error = _send(table, "open_share", share=mangle(code))
    assert error["error"]["code"] == "bad_share"
    assert _send(table, "state")["state"] == before["state"]


def test_codes_with_bad_values_are_refused() -> None:
    import base64
    import hashlib

    def forged(fields: dict[str, Any]) -> str:
        data = json.dumps(fields).encode()
        return base64.urlsafe_b64encode(data).decode().rstrip("=") + "." + hashlib.sha256(data).hexdigest()[:10]

    good = {"v": 1, "rules": {}, "bots": ["easy"] * 3, "deal": 5, "pass": 1}
    assert read_share(forged(good)).deal == 5
    for bad in ({**good, "v": 2}, {**good, "bots": ["easy"]}, {**good, "bots": ["god"] * 3}, {**good, "deal": -1},
                {**good, "pass": 4}, {**good, "rules": {"players": 9}}, {**good, "rules": {"target": 2**64}},
                {**good, "extra": 1}, [1, 2]):
        with pytest.raises(ValueError, match="shared link"):
            read_share(forged(bad))  # type: ignore[arg-type]
