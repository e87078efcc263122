"""Playing together: persons at one device (pass-and-play) and guests over the network.

The guest ↔ host messages go through ``hearts.table.api.call("guest", ...)`` exactly as the
host's page forwards them; every answer is checked against the protocol's types by
test_protocol's :class:`Recorder`.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from hearts.cards import card_str, cards_of
from hearts.errors import HeartsError
from hearts.table import protocol
from hearts.table.modes import LearnMode
from hearts.table.saves import resume, save_text
from hearts.table.service import TableService
from hearts.table.session import AWAY_LEVEL, Session
from hearts.table.shapes import display_order
from hearts.table.share import read_share
from hearts.table.views import WITHHELD_SEED, events_for, table_view
from test_protocol import Recorder, conforms

CARD = re.compile(r'"([2-9TJQKA][CDHS])"')


def guest_settings(**more: Any) -> dict[str, Any]:
    return {"seed": 5, "bots": ["human", "easy", "human"], "remote": [1], **more}


def session_of(rec: Recorder) -> Session:
    return rec.table.current()


def guest_says(rec: Recorder, seat: int, message: Any) -> dict[str, Any]:
    text = message if isinstance(message, str) else json.dumps(message)
    return rec.send("guest", {"seat": seat, "message": text})


def unchanged(rec: Recorder, action: Any) -> dict[str, Any]:
    """Run ``action``; assert it was refused and left the table exactly as it was."""
    before = save_text(session_of(rec))
    answer: dict[str, Any] = action()
    assert "error" in answer, answer
    assert save_text(session_of(rec)) == before
    return answer


def secret_cards(session: Session, seat: int) -> set[str]:
    """Cards of other seats' hands that ``seat`` may not know (not the ones it passed them)."""
    hand = session.hand
    known = hand.passes[seat] or 0
    hidden = 0
    for other in range(session.rules.players):
        if other != seat:
            hidden |= hand.hands[other] & ~known
    return {card_str(c) for c in cards_of(hidden)}


def check_guest_messages(rec: Recorder, answer: dict[str, Any]) -> None:
    """Each guest's message conforms and names no card of another seat's hand."""
    session = session_of(rec)
    for update in answer.get("guests", []):
        assert conforms(update["message"], protocol.ViewMessage) == []
        seat = update["seat"]
        state = update["message"]["state"]
        assert state["self"] == seat
        assert {c["card"] for c in state["hand"]} == {card_str(c) for c in cards_of(session.hand.hands[seat])}
        leaked = set(CARD.findall(json.dumps(update["message"]))) & secret_cards(session, seat)
        assert not leaked, (seat, leaked)
        # The seed or a deal number would deal every seat's cards (README: deal()).
        if not session.match.over:
            assert (state["seed"], state["deal_number"]) == (WITHHELD_SEED, ""), state["deal_number"]


def play_hand(rec: Recorder, answer: dict[str, Any]) -> dict[str, Any]:
    """Play one hand: bots advance, the persons pass and play their first legal cards."""
    for _ in range(200):
        check_guest_messages(rec, answer)
        state = answer["state"]
        session = session_of(rec)
        if state["stage"] != session.stage:
            raise AssertionError("the host's view and the session disagree")
        if state["stage"] in ("hand_result", "match_over"):
            return answer
        to_act = state["to_act"]
        if state["bots_to_act"]:
            answer = rec.send("advance")
        elif state["self_to_act"]:  # a person at this device (the shown seat)
            answer = act(rec, state, lambda m: rec.send(m.pop("type"), m))
        else:
            guest = next(u["message"]["state"] for u in answer["guests"] if u["seat"] in to_act)
            answer = act(rec, guest, lambda m, seat=guest["self"]: guest_says(rec, seat, m))
            assert "error" not in answer, answer
    raise AssertionError("the hand did not end")


def act(rec: Recorder, state: dict[str, Any], send: Any) -> dict[str, Any]:
    legal = [c["card"] for c in state["hand"] if c["legal"]]
    if state["phase"] == "pass":
        return send({"type": "pass", "cards": legal[:state["pass"]["count"]]})  # type: ignore[no-any-return]
    return send({"type": "play", "card": legal[0]})  # type: ignore[no-any-return]


def test_a_whole_hand_with_a_guest_sends_it_only_its_own_view() -> None:
    rec = Recorder()
    answer = play_hand(rec, rec.send("new_match", guest_settings(bots=["human", "easy", "easy"])))
    assert answer["state"]["stage"] == "hand_result"
    assert [u["seat"] for u in answer["guests"]] == [1]
    assert answer["state"]["persons"] == [0, 1] and answer["state"]["local"] == [0]


def test_a_guest_gets_the_seed_and_the_deal_number_only_once_the_match_is_over() -> None:
    rec = Recorder()
    answer = play_hand(rec, rec.send("new_match", guest_settings(rules={"target": 1})))
    assert answer["state"]["stage"] == "match_over"
    state = answer["guests"][0]["message"]["state"]
    assert (state["seed"], state["deal_number"]) == (5, answer["state"]["deal_number"])
    assert answer["state"]["seed"] == 5   # the host's page, which deals, keeps them


def test_a_guest_is_never_shown_and_the_host_stays_shown() -> None:
    rec = Recorder()
    answer = rec.send("new_match", guest_settings(bots=["human", "easy", "easy"]))
    for _ in range(30):
        assert answer["state"]["self"] == 0
        answer = rec.send("advance") if answer["state"]["bots_to_act"] else answer
        if not answer["state"]["bots_to_act"]:
            break


def test_out_of_turn_bad_and_forged_messages_change_nothing() -> None:
    rec = Recorder()
    rec.send("new_match", guest_settings(bots=["human", "easy", "easy"]))
    while session_of(rec).stage == "pass":
        state = table_view(session_of(rec), 0)
        if state["bots_to_act"]:
            rec.send("advance")
        elif 0 in state["to_act"]:
            rec.send("auto_play", {"seat": 0})
        else:
            guest = table_view(session_of(rec), 1)
            bad = unchanged(rec, lambda: guest_says(rec, 1, {"type": "pass", "cards": ["QS"]}))
            assert bad["error"]["code"] in ("bad_pass", "bad_card")
            assert "error" not in guest_says(rec, 1, {"type": "pass", "cards": [c["card"] for c in guest["hand"][:3]]})
    session = session_of(rec)
    hand = session.match.hand
    guest_card = card_str(cards_of(hand.hands[1])[0])
    if hand.turn != 1:
        assert unchanged(rec, lambda: guest_says(rec, 1, {"type": "play", "card": guest_card}))["error"]["code"] \
            == "not_your_turn"
    # Another seat's move, named in the guest's message: forged, whoever's turn it is.
    other = card_str(cards_of(hand.hands[2])[0])
    assert unchanged(rec, lambda: guest_says(rec, 1, {"type": "play", "card": other, "seat": 2}))["error"]["code"] \
        == "forged"
    # A channel that is no guest's (the host's own seat, a bot's seat).
    for seat in (0, 2, 9, "1"):
        answer = unchanged(rec, lambda seat=seat: guest_says(rec, seat, {"type": "hello"}))
        assert answer["error"]["code"] == "not_a_guest"
    for text in ("{bad", "[]", '{"type": "undo"}', '{"type": "play", "card": "ZZ"}', "x" * 5000, 7):
        code = unchanged(rec, lambda text=text: rec.send("guest", {"seat": 1, "message": text}))["error"]["code"]
        assert code in ("bad_message", "bad_card", "not_your_turn"), (text, code)
    # The host cannot play the guest's card as if it were its own either.
    assert unchanged(rec, lambda: rec.send("play", {"card": guest_card, "seat": 2}))["error"]["code"] == "not_a_person"


def test_a_guest_names_its_seat_with_hello_and_every_view_says_it() -> None:
    rec = Recorder()
    rec.send("new_match", guest_settings(bots=["human", "easy", "human"], remote=[1, 3],
                                         names=["Anna", "Ben", "Carol", "Dave"]))
    answer = guest_says(rec, 1, {"type": "hello", "name": "Zoë Ölm"})
    check_guest_messages(rec, answer)
    assert answer["state"]["seats"][1]["name"] == "Zoë Ölm"
    assert [u["message"]["state"]["seats"][1]["name"] for u in answer["guests"]] == ["Zoë Ölm", "Zoë Ölm"]
    assert resume(answer["save"]).seats.names[1] == "Zoë Ölm"  # the save keeps it
    # The same name again (a rejoin) is no change; a hello without one keeps the name.
    assert "error" not in guest_says(rec, 1, {"type": "hello", "name": "Zoë Ölm"})
    assert guest_says(rec, 1, {"type": "hello"})["state"]["seats"][1]["name"] == "Zoë Ölm"


@pytest.mark.parametrize(("name", "code"), [
    ("", "bad_name"), (7, "bad_name"), (None, "bad_name"), (["Zoë"], "bad_name"),
    ("x" * 25, "bad_name"), ("Zo\u0007ë", "bad_name"), ("Zoë\u202e", "bad_name"), ("Zo\në", "bad_name"),
    (" Zoë", "bad_name"), ("Zoë ", "bad_name"), ("Zo  ë", "bad_name"),
    ("Carol", "name_taken"), ("anna", "name_taken"), ("DAVE", "name_taken"),
])
def test_a_bad_or_taken_name_is_refused_and_the_seat_keeps_its_own(name: Any, code: str) -> None:
    """Checked as a name a challenge link carries (seats.checked_name: what clean_name leaves as it is), and
    no other seat's: two seats called alike could not be told apart. Nothing changes."""
    rec = Recorder()
    rec.send("new_match", guest_settings(bots=["human", "easy", "human"], remote=[1, 3],
                                         names=["Anna", "Ben", "Carol", "Dave"]))
    refused = unchanged(rec, lambda: guest_says(rec, 1, {"type": "hello", "name": name}))
    assert refused["error"]["code"] == code, refused
    assert session_of(rec).seats.names[1] == "Ben"
    # Its own name again, or the longest allowed, is taken.
    assert "error" not in guest_says(rec, 1, {"type": "hello", "name": "Ben"})
    assert guest_says(rec, 1, {"type": "hello", "name": "y" * 24})["state"]["seats"][1]["name"] == "y" * 24


def test_a_name_given_before_the_seat_is_a_guests_is_refused_as_no_guest() -> None:
    """Before the match the guest's hello is ``not_a_guest`` (its page sends the name again with its first view)."""
    rec = Recorder()
    rec.send("new_match", guest_settings(bots=["human", "easy", "easy"]))
    refused = unchanged(rec, lambda: guest_says(rec, 2, {"type": "hello", "name": "Zoë"}))
    assert refused["error"]["code"] == "not_a_guest"


def test_a_name_typed_in_the_settings_is_kept_as_the_table_keeps_names() -> None:
    rec = Recorder()
    rec.send("new_match", guest_settings(names=["  Anna\u0007  Lee ", "x" * 30, "", None]))
    assert session_of(rec).seats.names == ["Anna Lee", "x" * 24, None, None]


FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # three emoji joined by zero-width joiners: one picture


def test_a_name_keeps_its_joiners_and_loses_its_invisible_characters() -> None:
    """The zero-width joiner glues emoji and letters (a family was cut to its first woman); a bidirectional
    override, a zero-width space or a BOM only hide or reverse text, so they go, in the settings and in a
    guest's own name alike (a guest's page sends its name cleaned the same way: net/guest.js)."""
    rec = Recorder()
    names = [f"{FAMILY} Berg", "Bo\u200bb", "\u202eAnna\ufeff", "\u0645\u200c\u06cc"]
    rec.send("new_match", guest_settings(bots=["human", "easy", "human"], remote=[1], names=names))
    assert session_of(rec).seats.names == [f"{FAMILY} Berg", "Bob", "Anna", "\u0645\u200c\u06cc"]
    named = guest_says(rec, 1, {"type": "hello", "name": f"Zoë {FAMILY}"})
    assert named["state"]["seats"][1]["name"] == f"Zoë {FAMILY}"
    refused = unchanged(rec, lambda: guest_says(rec, 1, {"type": "hello", "name": "Zo\u200bë"}))
    assert refused["error"]["code"] == "bad_name"


def test_a_guest_who_drops_is_played_by_its_bot_and_gets_its_seat_back() -> None:
    rec = Recorder()
    answer = rec.send("new_match", guest_settings(bots=["human", "easy", "easy"]))
    answer = rec.send("set_away", {"seat": 1, "away": True})
    assert answer["events"] == [{"type": "seat", "seat": 1, "control": "away"}]
    assert answer["state"]["seats"][1]["control"] == "away"
    assert unchanged(rec, lambda: guest_says(rec, 1, {"type": "hello"}))["error"]["code"] == "seat_away"
    played_by_bot = False
    while not played_by_bot:
        state = answer["state"]
        if 0 in state["to_act"] and not state["bots_to_act"]:
            answer = rec.send("auto_play")
            continue
        played_by_bot = 1 in state["to_act"]
        answer = rec.send("advance")
        assert "error" not in answer
    answer = rec.send("set_away", {"seat": 1, "away": False})
    assert answer["state"]["seats"][1]["control"] == "remote"
    assert "error" not in guest_says(rec, 1, {"type": "hello"})
    for payload in ({"seat": 2, "away": True}, {"seat": 0, "away": True}, {"seat": 1, "away": "yes"}):
        assert "error" in unchanged(rec, lambda payload=payload: rec.send("set_away", payload))


def test_the_next_hand_waits_for_every_person_but_not_for_one_away() -> None:
    rec = Recorder()
    answer = play_hand(rec, rec.send("new_match", guest_settings()))
    assert answer["state"]["waiting_for"] == [0, 1, 3]
    answer = rec.send("next_hand")  # seat 0: counts for seat 3 too, at this device
    assert answer["events"] == [{"type": "ready", "seat": 0}]
    assert answer["state"]["stage"] == "hand_result" and answer["state"]["waiting_for"] == [1]
    assert unchanged(rec, lambda: guest_says(rec, 1, {"type": "next", "seat": 0}))["error"]["code"] == "forged"
    answer = guest_says(rec, 1, {"type": "next"})
    assert answer["state"]["stage"] == "pass" and answer["events"][-1]["type"] == "new_hand"
    answer = play_hand(rec, answer)
    rec.send("next_hand")
    answer = rec.send("set_away", {"seat": 1, "away": True})
    assert answer["state"]["stage"] == "pass", "the hand result does not wait for a guest who left"


def test_pass_and_play_shows_the_person_to_choose_and_only_their_cards() -> None:
    rec = Recorder()
    answer = rec.send("new_match", {"seed": 9, "bots": ["human", "easy", "human"]})  # seats 0, 1, 3
    shown = set()
    for _ in range(200):
        state = answer["state"]
        session = session_of(rec)
        seat = state["self"]
        shown.add(seat)
        assert {c["card"] for c in state["hand"]} == {card_str(c) for c in cards_of(session.hand.hands[seat])}
        shown_part = {k: v for k, v in answer.items() if k != "save"}  # the save is the host's own
        assert not set(CARD.findall(json.dumps(shown_part))) & secret_cards(session, seat)
        if state["stage"] == "hand_result":
            break
        if state["bots_to_act"]:
            answer = rec.send("advance")
        else:
            assert seat in state["to_act"], "the person to choose is shown"
            assert not state["can_hint"] and not state["can_undo"], "off by default with several persons"
            answer = act(rec, state, lambda m: rec.send(m.pop("type"), m))
    assert shown == {0, 1, 3}
    assert rec.send("hint")["error"]["code"] == "assist_off"


def test_a_pass_the_computer_made_names_its_cards_to_that_seat_alone() -> None:
    """Time ran out: the auto event names the cards passed for the seat in its own view only; the
    host's view, another person's at the device, a guest's and a bot's get none."""
    rec = Recorder()
    answer = rec.send("new_match", guest_settings())  # 0 and 3 here, 1 a guest, 2 a bot
    answer = rec.send("auto_play", {"seat": 1})  # the host's page keeps time for a guest
    check_guest_messages(rec, answer)
    session = session_of(rec)
    passed = [card_str(c) for c in display_order(session.hand.passes[1] or 0)]
    assert len(passed) == 3
    assert [e for e in answer["guests"][0]["message"]["events"] if e["type"] == "auto"] == [
        {"type": "auto", "seat": 1, "cards": passed}]
    assert [e for e in answer["events"] if e["type"] == "auto"] == [{"type": "auto", "seat": 1, "cards": []}]
    events = session.auto_play(3)  # a person at this device; the next one may be shown
    mine = [card_str(c) for c in display_order(session.hand.passes[3] or 0)]
    for seat in range(4):
        assert events_for(session, events, seat)[0] == {"type": "auto", "seat": 3, "cards": mine if seat == 3 else []}
    rec.send("state")
    answer = rec.send("auto_play")  # the shown person (seat 0); the last to pass: the exchange follows
    assert answer["events"][0] == {"type": "auto", "seat": 0,
                                   "cards": [card_str(c) for c in display_order(session.hand.passes[0] or 0)]}
    check_guest_messages(rec, answer)


def test_assist_on_allows_hints_and_undo_for_the_seat_that_played() -> None:
    rec = Recorder()
    answer = rec.send("new_match", {"seed": 9, "bots": ["human", "easy", "human"], "assist": True})
    for _ in range(100):
        state = answer["state"]
        if state["phase"] == "play" and state["self_to_act"]:
            break
        answer = rec.send("advance") if state["bots_to_act"] else act(rec, state, lambda m: rec.send(m.pop("type"), m))
    seat = answer["state"]["self"]
    assert "error" not in rec.send("hint")
    answer = act(rec, answer["state"], lambda m: rec.send(m.pop("type"), m))
    assert rec.send("undo", {"seat": seat})["events"][0]["type"] == "undo"


def test_seats_survive_a_save_and_older_saves_still_resume() -> None:
    table = TableService()
    session = Session.new(guest_settings(names=["Anna", "  Ben  ", None], assist=False))
    session.set_away(1, True)
    again = resume(save_text(session))
    assert again.seats == session.seats and again.seats.names == ["Anna", "Ben", None, None]
    data = json.loads(save_text(Session.new({"seed": 3})))
    data["version"] = 2
    del data["seats"], data["ready"], data["shown"]
    old = resume(json.dumps(data))
    assert old.seats.control == ["local", "bot", "bot", "bot"] and old.seats.assist
    table.session = again
    assert table.answer()["guests"][0]["seat"] == 1


@pytest.mark.parametrize("version", [2, 3])
def test_a_replayed_match_stays_a_replay_through_every_save_version_with_seats(version: int) -> None:
    """The statistics' ``replay`` key (version 2 on main) and the seats (version 3) both survive."""
    session = Session.new(guest_settings())
    session.same_deal_again()
    data = json.loads(save_text(session))
    assert data["version"] == 3 and data["replay"] is True
    if version == 2:
        data["version"] = 2
        del data["seats"], data["ready"], data["shown"]
    again = resume(json.dumps(data))
    assert again.replay and not again.counts_for_stats
    assert (again.seats == session.seats) is (version == 3)
    del data["replay"]  # saves before the statistics have none: they count
    assert resume(json.dumps(data)).counts_for_stats


@pytest.mark.parametrize("settings", [
    {"remote": [1]},                                        # seat 1 is a bot
    {"bots": ["human", "easy", "easy"], "remote": [0]},     # the host's seat
    {"bots": ["human", "easy", "easy"], "remote": "1"},
    {"bots": ["robot", "easy", "easy"]},
    {"names": ["a", 5]},
    {"names": ["a"] * 9},
    {"assist": "yes"},
])
def test_bad_seat_settings_are_refused(settings: dict[str, Any]) -> None:
    rec = Recorder()
    assert rec.send("new_match", settings)["error"]["code"] == "bad_settings"


# -- together with learn mode and shared deals -------------------------------------------------

def test_a_pass_and_play_table_shares_its_deal_with_bots_in_the_persons_seats() -> None:
    session = Session.new({"seed": 11, "bots": ["human", "easy", "strong"]})
    shared = read_share(session.share_code())
    assert shared.bots == [AWAY_LEVEL, "easy", "strong"]
    assert shared.deal == session.deal_number(0)
    assert Session.shared(session.share_code()).seats.persons() == [0]


def test_the_learn_hand_is_saved_with_one_person_and_its_tips() -> None:
    session = Session.new({"mode": "learn"})
    session.begin()
    session.pass_cards([c["card"] for c in table_view(session, 0)["hand"][:3]])
    again = resume(save_text(session))
    assert again.mode.name == "learn" and again.seats.persons() == [0] and again.seats.assist
    assert isinstance(again.mode, LearnMode) and isinstance(session.mode, LearnMode)
    assert (again.mode.tips_read, again.mode.unread) == (session.mode.tips_read, session.mode.unread)
    assert table_view(again, 0)["mode"] == "learn"


def test_a_save_whose_ready_is_not_a_list_is_refused_as_a_bad_save() -> None:
    data = json.loads(save_text(Session.new(guest_settings())))
    data["ready"] = 5
    with pytest.raises(HeartsError) as refused:
        resume(json.dumps(data))
    assert refused.value.code == "bad_save"
