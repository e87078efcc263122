"""Challenge links (hearts.table.challenge): made after a hand or a match, replayed and checked on
reading, played against the same bots, compared hand by hand, answered with a reply link."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from hearts.errors import HeartsError
from hearts.table.challenge import CARD_CHARS, clean_name, read_challenge
from hearts.table.service import TableService
from hearts.table.share import decode, encode
from rewards_play import new_table, ok, play_hand, play_match, send


def code_of(link: str) -> str:
    assert link.startswith("?challenge=")
    return link.removeprefix("?challenge=")


def sender(hands: int = 1, **settings: Any) -> tuple[TableService, dict[str, Any]]:
    """A table where the person played ``hands`` hands of a match against easy bots."""
    table = new_table()
    answer = ok(table, "new_match", seed=21, bots="easy", **settings)
    for k in range(hands):
        if k:
            answer = ok(table, "next_hand")
        answer = play_hand(table, answer)[-1]
    return table, answer


def test_a_hand_challenge_replays_the_senders_result_and_the_friend_plays_the_same_cards() -> None:
    table, result = sender(hands=2)
    link = ok(table, "challenge_link", name="Anna")
    assert (link["hands"], link["players"]) == (1, 1)
    read = ok(new_table(), "read_challenge", challenge=code_of(link["link"]))["challenge"]
    mine = result["state"]["result"]["scores"][0]
    assert read["names"] == ["Anna"] and read["playing"] is False and read["hands"] == 1
    assert read["rows"] == [{"hand": 1, "deal_number": result["state"]["deal_number"], "scores": [mine], "best": [0]}]
    friend = new_table()
    opened = ok(friend, "open_challenge", challenge=code_of(link["link"]))
    state = opened["state"]
    assert state["mode"] == "challenge" and state["deal_number"] == result["state"]["deal_number"]
    assert state["pass"]["offset"] == 3   # the sender's second hand passed right
    assert state["challenge"]["rows"][0]["scores"] == [mine, None]
    end = play_hand(friend, opened, pick=lambda s: [c["card"] for c in s["hand"] if c["legal"]][-1])[-1]
    assert end["state"]["stage"] == "match_over" and "stats_save" not in end
    theirs = end["state"]["result"]["scores"][0]
    row = end["state"]["challenge"]["rows"][0]
    assert row["scores"] == [mine, theirs]
    assert row["best"] == [i for i, s in enumerate([mine, theirs]) if s == min(mine, theirs)]
    reply = ok(friend, "challenge_link", scope="match", name="Ben")
    assert reply["players"] == 2
    both = ok(table, "read_challenge", challenge=code_of(reply["link"]))["challenge"]
    assert both["names"] == ["Anna", "Ben"] and both["rows"][0]["scores"] == [mine, theirs]
    assert both["totals"] == [mine, theirs]


def test_a_match_challenge_carries_every_finished_hand_and_the_bots_with_their_seeds() -> None:
    table, _ = sender(hands=1)
    end = play_match(table, ok(table, "next_hand"))[-1]["state"]
    link = ok(table, "challenge_link", scope="match")
    challenge = read_challenge(code_of(link["link"]))
    assert len(challenge.table.deals) == len(end["history"]) == link["hands"]
    assert challenge.table.seed == 21 and challenge.table.bots == ("easy",) * 3
    assert [p.scores for p in challenge.players] == [[row["scores"][0] for row in end["history"]]]
    # The friend's table deals the same hands, and its bots, given the same choices, play the same cards.
    friend = new_table()
    replayed = play_match(friend, ok(friend, "open_challenge", challenge=code_of(link["link"])))[-1]["state"]
    assert [row["scores"] for row in replayed["history"]] == [row["scores"] for row in end["history"]]
    assert replayed["challenge"]["totals"] == [end["totals"][0]] * 2


def test_a_challenge_resumes_from_its_save() -> None:
    table, _ = sender()
    link = ok(table, "challenge_link")
    friend = new_table()
    save = ok(friend, "open_challenge", challenge=code_of(link["link"]))["save"]
    again = new_table()
    assert ok(again, "resume", save=save)["state"]["challenge"] == ok(friend, "state")["state"]["challenge"]


def test_no_challenge_before_a_hand_is_over() -> None:
    table = new_table()
    ok(table, "new_match", seed=3, bots="easy")
    assert send(table, "challenge_link")["error"]["code"] == "wrong_phase"
    assert send(table, "challenge_link", scope="match")["error"]["code"] == "wrong_phase"
    table, _ = sender()
    assert send(table, "challenge_link", scope="all")["error"]["code"] == "bad_request"
    assert send(table, "challenge_link", name=7)["error"]["code"] == "bad_request"


def test_a_name_is_cleaned_and_cut() -> None:
    assert clean_name("  Anna\u0007\u202e  B  ") == "Anna B"
    assert clean_name("x" * 40) == "x" * 24 and clean_name(None) == "" and clean_name("y" * 23 + " z") == "y" * 23
    table, _ = sender()
    link = ok(table, "challenge_link", name="\u0000Zoë\n" + "z" * 30)
    assert read_challenge(code_of(link["link"])).players[0].name == "Zoë " + "z" * 20


def _fields(table: TableService) -> dict[str, Any]:
    code = code_of(ok(table, "challenge_link", name="Anna")["link"])
    fields = decode(code, 100_000, lambda problem, why: HeartsError(problem, why))
    assert isinstance(fields, dict)
    return fields


def _swap_two_plays(f: dict[str, Any]) -> None:
    text = f["players"][0]["hands"][0]
    f["players"][0]["hands"][0] = text[:-3] + text[-2] + text[-3] + text[-1]


@pytest.mark.parametrize(("change", "problem"), [
    (lambda f: f["players"][0]["scores"].__setitem__(0, f["players"][0]["scores"][0] + 1), "result"),
    (_swap_two_plays, "plays"),
    (lambda f: f["players"][0]["hands"].__setitem__(0, f["players"][0]["hands"][0][:-1]), "plays"),
    (lambda f: f["players"][0]["hands"].__setitem__(0, "!" * 64), "plays"),
    (lambda f: f["players"][0].update(name="a\u0007b"), "name"),
    (lambda f: f.update(players=f["players"] * 5), "players"),
    (lambda f: f.update(players=[]), "players"),
    (lambda f: f.update(bots=["god"] * 3), "bots"),
    (lambda f: f.update(rules={"players": 9}), "rules"),
    (lambda f: f.update(seed=-1), "seed"),
    (lambda f: f.update(deals=[[1, 9]]), "deals"),
    (lambda f: f.update(v=2), "format"),
    (lambda f: f.update(extra=1), "format"),
])
def test_a_link_that_does_not_replay_is_refused_and_changes_nothing(
        change: Callable[[dict[str, Any]], None], problem: str) -> None:
    table, _ = sender()
    fields = _fields(table)
    change(fields)
    friend = new_table()
    ok(friend, "new_match", seed=5, bots="easy")
    before = ok(friend, "save")["save"]
    for command in ("read_challenge", "open_challenge"):
        error = send(friend, command, challenge=encode(fields))["error"]
        assert (error["code"], error["params"]["problem"]) == ("bad_challenge", problem)
    assert ok(friend, "save")["save"] == before


@pytest.mark.parametrize("mangle", [
    lambda c: c[:-1] + ("0" if c[-1] != "0" else "1"),     # the check digits
    lambda c: c[:12] + ("A" if c[12] != "A" else "B") + c[13:],   # the content
    lambda c: c[: len(c) // 2],                            # cut short
    lambda c: "nonsense",
])
def test_a_changed_or_cut_link_is_refused(mangle: Callable[[str], str]) -> None:
    table, _ = sender()
    code = code_of(ok(table, "challenge_link")["link"])
    error = send(new_table(), "read_challenge", challenge=mangle(code))["error"]
    assert error["code"] == "bad_challenge" and error["params"]["problem"] in ("changed", "format")


def test_a_hand_is_one_character_per_card() -> None:
    table, result = sender()
    fields = _fields(table)
    text = fields["players"][0]["hands"][0]
    assert len(text) == 4 * 3 + 52 and set(text) <= set(CARD_CHARS)
    assert json.loads(json.dumps(fields)) == fields
