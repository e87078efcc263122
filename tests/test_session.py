"""The card table's flow (hearts.table.session) through its JSON commands (hearts.table.api).

Everything here goes through ``call(name, json)`` exactly as the browser does, except the
few tests that set up a chosen deal (those build a Session around a Match from a record).
"""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest

import hearts.table.session as session_module
from hearts.bots import ADVICE_LEVELS, Advice, advise
from hearts.bots.advice import REASON_CODES
from hearts.bots.search.pimc import SearchConfig
from hearts.cards import card_str, cards_of, mask_of, parse_card
from hearts.errors import HeartsError
from hearts.game import places
from hearts.match import Match
from hearts.rules import PRESETS, Rules
from hearts.table.api import COMMANDS, call
from hearts.table.protocol import PROTOCOL_VERSION, Event, HintLevel, Level
from hearts.table.seats import HOST_SEAT
from hearts.table.service import TableService
from hearts.table.session import HINT_BUDGET_MS, Session
from hearts.table.views import events_for, table_view
from hearts.view import SeatView


class Driver:
    """A page in miniature: sends commands, keeps the last state, plays simple moves for the person."""

    def __init__(self, **settings: Any) -> None:
        self.table = TableService()
        self.answer: dict[str, Any] = {}
        self.state: dict[str, Any] = {}
        if settings:
            self.ok("new_match", **settings)

    def send(self, name: str, **payload: Any) -> dict[str, Any]:
        answer = json.loads(call(name, json.dumps(payload), self.table))
        assert isinstance(answer, dict)
        if "state" in answer:
            self.answer, self.state = answer, answer["state"]
        return answer

    def ok(self, name: str, **payload: Any) -> dict[str, Any]:
        answer = self.send(name, **payload)
        assert "error" not in answer, answer
        return answer

    def error(self, name: str, **payload: Any) -> dict[str, Any]:
        answer = self.send(name, **payload)
        assert set(answer) == {"error", "protocol"} and answer["protocol"] == PROTOCOL_VERSION, answer
        assert {"code", "message"} <= set(answer["error"]) <= {"code", "message", "params"}
        error: dict[str, Any] = answer["error"]
        return error

    def save(self) -> str:
        text = self.ok("save")["save"]
        assert isinstance(text, str)
        return text

    def legal(self) -> list[str]:
        return [c["card"] for c in self.state["hand"] if c["legal"]]

    def human_move(self) -> None:
        if self.state["phase"] == "pass":
            self.ok("pass", cards=[c["card"] for c in self.state["hand"][:self.state["pass"]["count"]]])
        else:
            self.ok("play", card=self.legal()[-1])

    def step(self) -> None:
        """Whatever the page would do next: the next hand, a bot decision, else the person's move."""
        if self.state["result"] is not None and not self.state["match"]["over"]:
            self.ok("next_hand")
        elif self.state["bots_to_act"]:
            bot = self.state["bot_to_act"]
            self.ok("advance")
            assert self.answer["events"][0]["seat"] == bot  # the seat the view named
        elif self.state["self_to_act"]:
            self.human_move()
        else:
            raise AssertionError("nobody to act")

    def until(self, done: Any, limit: int = 2000) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for _ in range(limit):
            if done(self.state):
                return events
            self.step()
            events += self.answer["events"]
        raise AssertionError("did not get there")


def finished(state: dict[str, Any]) -> bool:
    return state["result"] is not None


def human_turn_in_play(state: dict[str, Any]) -> bool:
    return state["phase"] == "play" and bool(state["self_to_act"])


# -- starting ---------------------------------------------------------------------------------


def test_new_match_shows_the_pass_phase_for_the_person() -> None:
    d = Driver(seed=5, bots="easy")
    s = d.state
    assert s["phase"] == "pass" and s["turn"] == HOST_SEAT and s["self_to_act"] and s["bots_to_act"]
    assert s["players"] == 4 and len(s["hand"]) == 13 and all(c["legal"] for c in s["hand"])
    assert s["pass"] == {"offset": 1, "name": "left", "to": 1, "from": 3, "count": 3, "done": False}
    assert [p["name"] for p in s["pass_cycle"]] == ["left", "right", "across", "none"]
    assert s["hand_number"] == 1 and s["totals"] == [0, 0, 0, 0] and s["history"] == []
    assert [seat["level"] for seat in s["seats"]] == ["human", "easy", "easy", "easy"]
    assert s["result"] is None and not s["match"]["over"] and not s["can_undo"]
    assert d.answer["events"] == [] and isinstance(d.answer["save"], str)
    # The person's hand comes black, red, black, red: clubs, diamonds, spades, hearts.
    suits = [c["card"][1] for c in s["hand"]]
    assert suits == sorted(suits, key="CDSH".index)


def test_same_seed_same_match() -> None:
    a, b = Driver(seed=11, bots="easy"), Driver(seed=11, bots="easy")
    a.until(finished)
    b.until(finished)
    assert a.save() == b.save()
    assert Driver(seed=12, bots="easy").state["hand"] != Driver(seed=11, bots="easy").state["hand"]


def test_a_seed_is_chosen_when_missing() -> None:
    d = Driver(bots="easy")
    assert isinstance(d.state["seed"], int) and d.state["seed"] >= 0


@pytest.mark.parametrize("settings, code", [
    ({"rules": {"players": 7}}, "bad_rules"),
    ({"rules": {"preset": "nope"}}, "bad_rules"),
    ({"rules": {"moon": "maybe"}}, "bad_rules"),
    ({"seed": -1}, "bad_settings"),
    ({"seed": "x"}, "bad_settings"),
    ({"bots": ["easy"]}, "bad_settings"),
    ({"bots": "genius"}, "bad_settings"),
    ({"lang": "fr"}, "bad_settings"),
    ({"colour": "red"}, "bad_settings"),
])
def test_bad_settings_are_refused_and_the_running_match_stays(settings: dict[str, Any], code: str) -> None:
    d = Driver(seed=3, bots="easy")
    before = d.save()
    assert d.error("new_match", **settings)["code"] == code
    assert d.save() == before


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_plays_a_hand(name: str) -> None:
    d = Driver(rules={"preset": name}, seed=2, bots="easy")
    rules = PRESETS[name]
    assert d.state["rules"] == rules.to_json()
    assert d.state["players"] == rules.players == len(d.state["seats"])
    assert len(d.state["hand"]) == rules.hand_size
    d.until(finished)
    result = d.state["result"]
    assert d.state["phase"] == "over" and len(result["scores"]) == rules.players
    assert d.state["history"][0]["scores"] == result["scores"] == d.state["totals"]


def test_every_rule_option_reaches_the_table() -> None:
    rules = {"players": 5, "removed": ["2C", "2D"], "queen_points": 12, "passing": [2, 0], "pass_count": 2,
             "qs_breaks_hearts": True, "points_on_first_trick": True, "moon": "choice", "sun": True,
             "jack_of_diamonds": True, "moon_needs_jack": True, "target": 40, "ties": "play-on"}
    d = Driver(rules=rules, seed=9, bots=["easy", "normal", "strong", "easy"])
    s = d.state
    assert s["rules"] == Rules.from_json(rules).to_json()
    assert s["pass"]["count"] == 2 and s["pass"]["name"] == "seats" and s["pass"]["to"] == 2
    assert [(p["offset"], p["name"]) for p in s["pass_cycle"]] == [(2, "seats"), (0, "none")]  # the score sheet says it
    assert s["match"]["target"] == 40
    assert [seat["level"] for seat in s["seats"]] == ["human", "easy", "normal", "strong", "easy"]
    assert d.error("pass", cards=[c["card"] for c in s["hand"][:3]])["code"] == "bad_pass"
    d.until(finished)
    d.ok("next_hand")
    assert d.state["pass"]["name"] == "none" and d.state["phase"] == "play"


# -- passing ----------------------------------------------------------------------------------


def test_passing_and_receiving() -> None:
    d = Driver(seed=4, bots="easy")
    mine = [c["card"] for c in d.state["hand"]]
    give = mine[-3:]
    d.ok("pass", cards=give)
    assert d.state["pass"]["done"] and d.state["turn"] != HOST_SEAT and not d.state["self_to_act"]
    assert [c["card"] for c in d.state["hand"] if c["passed"]] == give
    assert not any(c["legal"] for c in d.state["hand"])
    assert d.answer["events"] == [{"type": "passed", "seat": 0}]
    events = d.until(lambda s: s["phase"] == "play")
    assert [e["seat"] for e in events if e["type"] == "passed"] == [1, 2, 3]
    exchange = [e for e in events if e["type"] == "exchange"]
    received = exchange[0]["received"]
    assert len(exchange) == 1 and len(received) == 3
    hand = [c["card"] for c in d.state["hand"]]
    assert not set(give) & set(hand) and set(received) <= set(hand)
    assert {c["card"] for c in d.state["hand"] if c["received"]} == set(received)
    # The marks stay until the first trick has been played.
    d.until(lambda s: s["trick_number"] == 1)
    assert not any(c["received"] for c in d.state["hand"])


def test_bots_pass_before_the_person() -> None:
    d = Driver(seed=4, bots="easy")
    for seat in (1, 2, 3):  # bot_to_act names the bot whose choice the next advance makes
        assert d.state["bot_to_act"] == seat
        d.ok("advance")
        assert d.answer["events"][0] == {"type": "passed", "seat": seat}
    assert [seat["passed"] for seat in d.state["seats"]] == [False, True, True, True]
    assert not d.state["bots_to_act"] and d.state["bot_to_act"] == -1 and d.state["self_to_act"]
    assert d.error("advance")["code"] == "not_bots_turn"
    d.human_move()
    assert d.state["phase"] == "play"
    assert [e["type"] for e in d.answer["events"]] == ["passed", "exchange"]


@pytest.mark.parametrize("cards", [["2C", "3C"], ["2C", "2C", "3C"], ["2C", "3C", "4C", "5C"]])
def test_a_wrong_number_of_cards_is_refused(cards: list[str]) -> None:
    d = Driver(seed=4, bots="easy")
    before = d.save()
    error = d.error("pass", cards=cards)
    assert error["code"] == "bad_pass" and error["params"] == {"count": 3}
    assert d.save() == before


def test_passing_cards_not_held_or_not_cards_is_refused() -> None:
    d = Driver(seed=4, bots="easy")
    mine = {c["card"] for c in d.state["hand"]}
    other = next(n for n in ("2C", "3C", "4C", "5C") if n not in mine)
    assert d.error("pass", cards=[other, *sorted(mine)[:2]])["code"] == "bad_pass"
    assert d.error("pass", cards=["ZZ", "2C", "3C"])["code"] == "bad_card"
    assert d.error("pass", cards="2C 3C 4C")["code"] == "bad_card"
    assert d.error("pass")["code"] == "bad_card"
    assert d.error("play", card="2C")["code"] == "wrong_phase"


# -- playing ----------------------------------------------------------------------------------


def test_legal_flags_come_from_the_engine() -> None:
    d = Driver(seed=8, bots="easy")
    d.human_move()
    session = d.table.current()
    for _ in range(300):
        if finished(d.state):
            break
        if human_turn_in_play(d.state):
            engine = {c for c in cards_of(session.match.hand.legal())}
            assert {parse_card(n) for n in d.legal()} == engine
        elif d.state["phase"] == "play":
            assert not d.legal()  # not the person's turn: nothing is playable
        d.step()
    assert finished(d.state)


def test_an_illegal_card_is_refused_with_the_rule_as_a_code() -> None:
    d = Driver(seed=8, bots="easy", rules={"passing": "none"})
    d.until(human_turn_in_play)
    illegal = [c["card"] for c in d.state["hand"] if not c["legal"]]
    assert illegal
    before = d.save()
    error = d.error("play", card=illegal[0])
    assert error["code"] == "illegal_play"
    assert error["params"]["reason"] in ("must_lead_card", "must_follow", "no_points_first_trick", "hearts_not_broken")
    assert d.save() == before
    assert d.error("play", card="XX")["code"] == "bad_card"
    assert d.error("play")["code"] == "bad_card"
    assert d.error("pass", cards=["2C", "3C", "4C"])["code"] == "wrong_phase"


def test_each_unplayable_card_says_why_with_the_refusals_code() -> None:
    d = Driver(seed=8, bots="easy", rules={"passing": "none"})
    d.until(human_turn_in_play)
    for _ in range(13):
        if not human_turn_in_play(d.state):
            break
        for c in d.state["hand"]:
            if c["legal"]:
                assert c["why"] is None
                continue
            before = d.save()
            error = d.error("play", card=c["card"])
            assert c["why"] == {"code": error["params"]["reason"],
                                "params": {k: v for k, v in error["params"].items() if k != "reason"}}
            assert d.save() == before
        d.ok("play", card=d.legal()[0])
        if not d.state["self_to_act"]:  # not the person's turn: no reason is given
            assert all(c["why"] is None for c in d.state["hand"])
        d.until(lambda state: human_turn_in_play(state) or finished(state))


def test_every_reason_for_an_illegal_card_has_its_code_and_params() -> None:
    # Seat 0 holds 2C and hearts; seat 1 is void in clubs, so points on the first trick get refused.
    rules = Rules(passing="none")
    deal = {0: "2C 3C AH KH QH", 1: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"}
    session = _session_with_deal(rules, deal)
    for name, params in (("3C", {"reason": "must_lead_card", "card": "2C"}),
                         ("AH", {"reason": "must_lead_card", "card": "2C"}),
                         ("2S", {"reason": "not_in_hand", "card": "2S"})):
        with pytest.raises(HeartsError) as info:
            session.play(name)
        assert info.value.code == "illegal_play" and info.value.params == params
    session.play("2C")
    with pytest.raises(HeartsError) as info:  # seat 1 plays now: the person is refused
        session.play("3C")
    assert info.value.code == "not_your_turn"


def _session_with_deal(rules: Rules, fixed: dict[int, str], seed: int = 1, people: int = 1) -> Session:
    """A session of this deal (no passing): ``people`` persons in the first seats, the others easy bots."""
    from conftest import make_deal, names

    record = {"deal": [names(h) for h in make_deal(rules, fixed)], "pass_offset": 0}
    match = Match.from_json({"rules": rules.to_json(), "seed": seed, "hands": [record]})
    return Session(rules, seed, ["human"] * people + ["easy"] * (rules.players - people), match)


def test_events_tell_the_story_of_a_hand() -> None:
    d = Driver(seed=21, bots="easy")
    events = d.until(finished)
    plays = [e for e in events if e["type"] == "play"]
    tricks = [e for e in events if e["type"] == "trick"]
    assert len(plays) == 52 and len(tricks) == 13
    assert [t["number"] for t in tricks] == list(range(1, 14))
    for i, trick in enumerate(tricks):
        played = [(p["seat"], p["card"]) for p in plays[4 * i:4 * i + 4]]
        assert [(c["seat"], c["card"]) for c in trick["cards"]] == played
        if i + 1 < len(tricks):
            assert tricks[i + 1]["cards"][0]["seat"] == trick["winner"]  # the winner leads next
    assert sum(t["points"] for t in tricks) == 26
    assert len([e for e in events if e["type"] == "hearts_broken"]) == 1
    over = [e for e in events if e["type"] == "hand_over"]
    assert len(over) == 1 and events[-1]["type"] == "hand_over"
    assert over[0]["scores"] == d.state["result"]["scores"]
    per_seat = [sum(t["points"] for t in tricks if t["winner"] == s) for s in range(4)]
    assert over[0]["points"] == per_seat == d.state["result"]["points"]


def test_counters_follow_the_cards_taken() -> None:
    d = Driver(seed=21, bots="easy", rules={"jack_of_diamonds": True})
    session = d.table.current()
    for _ in range(400):
        if finished(d.state):
            break
        d.step()
        hand = session.hand
        for seat in d.state["seats"]:
            taken = hand.taken[seat["seat"]]
            assert seat["points"] == session.rules.card_points(taken)
            assert seat["hearts"] == len([c for c in cards_of(taken) if c // 13 == 2])
            assert seat["queen"] == bool(taken & mask_of([parse_card("QS")]))
            assert seat["jack"] == bool(taken & mask_of([parse_card("JD")]))
            assert seat["tricks"] == hand.tricks[seat["seat"]]
    assert sum(s["tricks"] for s in d.state["seats"]) == 13


# Seat 3 takes the first three tricks: nothing; Q♠ J♦ A♥; 3♥ 9♦ 10♦ (every seat played by hand).
TRICK_DEAL = {0: "2C 5C 6C 7C QS 3H 4H 5H 6H 7H 8H 9H TH", 1: "3C 8C 9C TC 2D 3D 4D 5D 6D 7D 8D 9D JD",
              2: "4C JC QC KC TD QD KD AD 2H JH QH KH AH", 3: "AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"}
TRICKS = [["2C", "3C", "4C", "AC"], ["AS", "QS", "JD", "AH"], ["KS", "3H", "9D", "TD"]]
NOTHING = {"points": 0, "hearts": 0, "queen": False, "jack": False}


@pytest.mark.parametrize(("rules", "after_two", "after_three"), [
    # The J♦ rule off: J♦ counts nothing, but "jack" says it was taken (the page shows the chip only with the rule).
    ({}, {"points": 14, "hearts": 1, "queen": True, "jack": True},
     {"points": 15, "hearts": 2, "queen": True, "jack": True}),
    ({"jack_of_diamonds": True}, {"points": 4, "hearts": 1, "queen": True, "jack": True},
     {"points": 5, "hearts": 2, "queen": True, "jack": True}),
    # The 10♦ variant: J♦ is a plain card, 10♦ the bonus.
    ({"jack_of_diamonds": True, "bonus_card": "TD"}, {"points": 14, "hearts": 1, "queen": True, "jack": False},
     {"points": 5, "hearts": 2, "queen": True, "jack": True}),
], ids=["jack-off", "jack-on", "ten-of-diamonds"])
def test_a_trick_event_carries_its_takers_counters_as_every_seat_sees_them(
        rules: dict[str, Any], after_two: dict[str, Any], after_three: dict[str, Any]) -> None:
    session = _session_with_deal(Rules.from_json(rules), TRICK_DEAL, people=4)
    taken = []
    for trick in TRICKS:
        for card in trick:
            events = session.play(card, session.hand.turn)
        event = next(e for e in events if e["type"] == "trick")
        assert event["type"] == "trick" and event["winner"] == 3
        taken.append(event["taken"])
        seat_three: dict[str, Any] = dict(table_view(session, HOST_SEAT)["seats"][3])
        assert event["taken"] == {key: seat_three[key] for key in NOTHING}   # the counters the view shows next
        assert all(events_for(session, events, seat) == events for seat in range(4))   # public: the same for all
    assert taken == [NOTHING, after_two, after_three]


def test_last_trick_and_hearts_broken() -> None:
    d = Driver(seed=30, bots="easy")
    assert d.state["last_trick"] is None and not d.state["hearts_broken"]
    events = d.until(lambda s: s["trick_number"] == 1)
    trick = next(e for e in events if e["type"] == "trick")
    assert d.state["last_trick"] == {"winner": trick["winner"], "cards": trick["cards"]}
    events = d.until(lambda s: s["hearts_broken"])
    assert [e for e in events if e["type"] == "hearts_broken"]


# -- hand end, moon, match end ----------------------------------------------------------------


def _run_the_table(session: Session) -> list[Event]:
    """Seat 0 (who holds every top card here) plays its highest card; the bots play theirs."""
    events: list[Event] = []
    while not session.showing_result:
        if HOST_SEAT in session.match.hand.to_act():
            events += session.play(card_str(cards_of(session.match.hand.legal())[-1]))
        else:
            events += session.advance()
    return events


SWEEP = {0: "TC JC QC KC AC TD JD QD KD AD QS KS AS"}  # seat 0 takes every trick


@pytest.mark.parametrize("rules, scores, moon", [
    (Rules(passing="none"), [0, 26, 26, 26], {"seat": 0, "sun": False, "value": 26, "subtracted": False}),
    (Rules(passing="none", sun=True), [0, 52, 52, 52], {"seat": 0, "sun": True, "value": 52, "subtracted": False}),
    (Rules(passing="none", moon="subtract"), [-26, 0, 0, 0],
     {"seat": 0, "sun": False, "value": 26, "subtracted": True}),
    (Rules(passing="none", jack_of_diamonds=True), [-10, 26, 26, 26],
     {"seat": 0, "sun": False, "value": 26, "subtracted": False}),
    (Rules(passing="none", moon="off"), [26, 0, 0, 0], None),
])
def test_moon_and_sun_are_announced(rules: Rules, scores: list[int], moon: dict[str, Any] | None) -> None:
    session = _session_with_deal(rules, SWEEP)
    events = _run_the_table(session)
    over = [e for e in events if e["type"] == "hand_over"][0]
    assert over["scores"] == scores and over["moon"] == moon
    view = table_view(session)
    assert view["result"] is not None
    assert view["result"]["moon"] == moon and view["history"][0]["moon"] == moon
    assert view["phase"] == "over" and view["hand"] == [] and view["turn"] == -1


def test_a_match_ends_with_places_and_winners() -> None:
    d = Driver(seed=13, bots="easy", rules={"target": 30})
    events = d.until(lambda s: s["match"]["over"])
    assert events[-1]["type"] == "match_over" and events[-2]["type"] == "hand_over"
    s = d.state
    totals = [row["totals"] for row in s["history"]][-1]
    assert s["totals"] == totals and max(totals) >= 30
    assert s["match"]["places"] == places(totals) == events[-1]["places"]
    assert s["match"]["winners"] == [i for i, t in enumerate(totals) if t == min(totals)]
    assert s["result"]["match_over"] and not s["bots_to_act"] and not s["self_to_act"]
    assert d.error("next_hand")["code"] == "match_over"
    assert d.error("advance")["code"] == "not_bots_turn"
    assert d.error("undo")["code"] == "nothing_to_undo"
    assert d.error("hint")["code"] == "not_your_turn"
    d.ok("new_match", seed=14, bots="easy")
    assert d.state["hand_number"] == 1 and d.state["totals"] == [0, 0, 0, 0]


def test_next_hand_shows_the_next_deal() -> None:
    d = Driver(seed=13, bots="easy")
    assert d.error("next_hand")["code"] == "wrong_phase"
    d.until(finished)
    assert d.state["hand_number"] == 1 and d.state["phase"] == "over"
    totals = d.state["totals"]
    d.ok("next_hand")
    assert d.answer["events"] == [{"type": "new_hand", "hand_number": 2}]
    s = d.state
    assert s["hand_number"] == 2 and s["result"] is None and s["totals"] == totals
    assert s["pass"]["name"] == "right" and len(s["hand"]) == 13 and s["seats"][0]["points"] == 0


def test_same_deal_again_mid_hand_and_after_the_hand() -> None:
    d = Driver(seed=17, bots="easy")
    first = [c["card"] for c in d.state["hand"]]
    d.until(lambda s: s["trick_number"] == 3)
    d.ok("same_deal_again")
    assert d.state["phase"] == "pass" and [c["card"] for c in d.state["hand"]] == first
    assert d.state["trick_number"] == 0 and d.state["hand_number"] == 1
    d.until(finished)
    d.ok("next_hand")
    second = [c["card"] for c in d.state["hand"]]
    d.until(finished)
    totals_after_two = d.state["totals"]
    d.ok("same_deal_again")
    s = d.state
    assert s["hand_number"] == 2 and s["result"] is None and s["phase"] == "pass"
    assert [c["card"] for c in s["hand"]] == second
    assert s["totals"] == s["history"][0]["totals"] != totals_after_two and len(s["history"]) == 1


def test_same_deal_again_after_the_match_ended() -> None:
    d = Driver(seed=13, bots="easy", rules={"target": 20})
    d.until(lambda s: s["match"]["over"])
    hands = d.state["hand_number"]
    d.ok("same_deal_again")
    assert not d.state["match"]["over"] and d.state["hand_number"] == hands and d.state["result"] is None
    d.until(finished)


# -- undo, hint, automatic play ----------------------------------------------------------------


def test_undo_takes_back_the_persons_last_play() -> None:
    d = Driver(seed=40, bots="easy")
    assert d.error("undo")["code"] == "nothing_to_undo"
    d.until(lambda s: human_turn_in_play(s) and s["trick_number"] >= 2)
    before = d.save()
    state_before = d.state
    d.human_move()
    d.until(human_turn_in_play)
    assert d.state["can_undo"]
    d.ok("undo")
    assert d.answer["events"][0]["type"] == "undo"
    assert d.save() == before
    assert d.state["hand"] == state_before["hand"] and d.state["trick"] == state_before["trick"]
    # Undo again goes one play further back; then the table plays on as before.
    d.ok("undo")
    d.until(finished)


def test_undo_is_not_offered_before_the_first_play_or_after_the_hand() -> None:
    d = Driver(seed=40, bots="easy")
    d.until(human_turn_in_play)
    assert not d.state["can_undo"]
    assert d.error("undo")["code"] == "nothing_to_undo"
    d.until(finished)
    assert not d.state["can_undo"] and d.error("undo")["code"] == "nothing_to_undo"


def test_hint_names_a_legal_choice_with_a_reason() -> None:
    d = Driver(seed=50, bots="easy")
    hint = d.ok("hint")["hint"]
    mine = {c["card"] for c in d.state["hand"]}
    assert len(hint["cards"]) == 3 and set(hint["cards"]) <= mine
    reason = hint["reason"]
    assert reason["code"].startswith("pass_") and sorted(reason["params"]["cards"]) == sorted(hint["cards"])
    assert "state" not in d.ok("hint")
    d.human_move()
    assert d.error("hint")["code"] == "not_your_turn"
    d.until(human_turn_in_play)
    hint = d.ok("hint")["hint"]
    assert len(hint["cards"]) == 1 and hint["cards"][0] in d.legal()


def test_the_hint_comes_from_the_level_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strong by default with the hint's own work, the expert (its own work) when asked; the same reasons."""
    asked: list[tuple[int | None, str]] = []
    real = advise

    def spy(view: SeatView, budget_ms: int | None = None, seed: int = 0, config: SearchConfig | None = None,
            level: str = "strong") -> Advice:
        asked.append((budget_ms, level))
        return real(view, budget_ms, seed, config, level)

    monkeypatch.setattr(session_module, "advise", spy)
    d = Driver(seed=50, bots="easy")
    d.until(human_turn_in_play)
    hints = [d.ok("hint")["hint"], d.ok("hint", level="strong")["hint"], d.ok("hint", level="expert")["hint"]]
    assert asked == [(HINT_BUDGET_MS, "strong"), (HINT_BUDGET_MS, "strong"), (None, "expert")]
    for hint in hints:
        assert len(hint["cards"]) == 1 and hint["cards"][0] in d.legal() and hint["reason"]["code"] in REASON_CODES


def test_a_hint_of_another_level_is_refused_and_changes_nothing() -> None:
    d = Driver(seed=50, bots="easy")
    before, state = d.save(), d.state
    for level in ("normal", "easy", "human", "Expert", "", 3, None, ["expert"]):
        assert d.error("hint", level=level)["code"] == "bad_level", level
    assert d.save() == before and d.ok("state")["state"] == state
    d.human_move()   # the pass: now it is the bots' turn, and that refusal comes first
    assert d.error("hint", level="genius")["code"] == "not_your_turn"


def test_auto_play_chooses_for_the_person() -> None:
    d = Driver(seed=60, bots="easy")
    d.ok("auto_play")
    auto = d.answer["events"][0]
    assert d.state["pass"]["done"] and auto["type"] == "auto" and auto["seat"] == 0
    # The cards it passed, said to the person (the page's log): the ones marked passed, in the hand's order.
    assert auto["cards"] == [c["card"] for c in d.state["hand"] if c["passed"]] and len(auto["cards"]) == 3
    d.until(human_turn_in_play)
    legal = d.legal()
    d.ok("auto_play")
    assert d.answer["events"][0] == {"type": "auto", "seat": 0, "cards": []}  # a play: its play event names it
    play = [e for e in d.answer["events"] if e["type"] == "play"][0]
    assert play["seat"] == 0 and play["card"] in legal
    d.until(finished)
    assert d.error("auto_play")["code"] == "not_your_turn"


# -- saving and resuming ------------------------------------------------------------------------


@pytest.mark.parametrize("moment", [
    lambda s: True,
    lambda s: any(seat["passed"] for seat in s["seats"][1:]),
    lambda s: s["phase"] == "play" and s["trick"],
    finished,
    lambda s: s["match"]["over"],
])
def test_resume_gives_back_the_same_table(moment: Any) -> None:
    d = Driver(seed=80, bots=["easy", "normal", "easy"], rules={"target": 40, "preset": "omnibus"})
    d.until(moment)
    text = d.save()
    state = d.state
    other = Driver()
    other.ok("resume", save=text)
    assert other.state == state == d.ok("state")["state"]
    assert other.save() == text
    # Both play on identically.
    if not d.state["match"]["over"]:
        for _ in range(30):
            if finished(d.state):
                break
            d.step()
            other.step()
        assert other.save() == d.save()


def _save_text(**changes: Any) -> str:
    """A save of the shape Session.save writes, with some parts replaced."""
    data: dict[str, Any] = {"format": "hearts-table", "version": 1,
                            "match": {"rules": {}, "seed": 1, "hands": [{"deal": 3}]},
                            "bots": ["easy", "easy", "easy"], "lang": "en", "result_pending": False}
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("text", [
    "", "not json", "{", "[]", "null", '{"format": "hearts-table"}',
    _save_text(format="other"),
    _save_text(version=99),
    _save_text(match={"rules": {}, "seed": 1, "hands": []}),
    _save_text(match={"rules": {}, "seed": 1, "hands": [{"deal": 3, "pass_offset": 0, "plays": ["AS"]}]}),
    _save_text(match={"rules": {"players": 9}, "seed": 1, "hands": [{"deal": 3}]}),
    _save_text(match={"rules": {}, "seed": -4, "hands": [{"deal": 3}]}),
    _save_text(bots=["easy"]),
    _save_text(bots=None),
    _save_text(result_pending=True),
    _save_text(result_pending="yes"),
    _save_text(version=2, result_shown=True),
    _save_text(version=2, result_shown=None),
    "[" * 5000 + "]" * 5000,
])
def test_a_corrupt_save_is_refused_and_the_table_stays(text: str) -> None:
    d = Driver(seed=90, bots="easy")
    before = d.save()
    error = d.error("resume", save=text)
    assert error["code"] == "bad_save"
    assert d.save() == before
    assert Driver().error("resume", save=text)["code"] == "bad_save"


def test_the_saves_above_differ_from_a_good_one_only_in_the_broken_part() -> None:
    state = Driver().ok("resume", save=_save_text())["state"]
    assert state["phase"] == "pass" and state["seed"] == 1


def test_a_save_that_is_not_a_string_is_refused() -> None:
    assert Driver().error("resume", save={"format": "hearts-table"})["code"] == "bad_save"
    assert Driver().error("resume")["code"] == "bad_save"


def test_a_truncated_save_is_refused() -> None:
    d = Driver(seed=91, bots="easy")
    d.until(lambda s: s["trick_number"] == 2)
    text = d.save()
    for cut in (len(text) // 3, len(text) // 2, len(text) - 2):
        assert Driver().error("resume", save=text[:cut])["code"] == "bad_save"


# -- the command layer ----------------------------------------------------------------------------


def test_commands_before_a_match_and_bad_requests() -> None:
    d = Driver()
    for name in ("state", "play", "pass", "advance", "hint", "undo", "save", "next_hand", "auto_play"):
        assert d.error(name)["code"] == "no_match", name
    assert d.error("fly")["code"] == "unknown_command"
    assert json.loads(call("state", "{nope", d.table))["error"]["code"] == "bad_json"
    assert json.loads(call("state", "[1]", d.table))["error"]["code"] == "bad_json"
    assert json.loads(call("new_match", "", d.table))["state"]["players"] == 4


@pytest.mark.parametrize("settings, name, payload, code", [
    ({"seed": 4, "bots": "easy"}, "play", {"card": 5}, "wrong_phase"),          # passing now, whatever the card
    ({"seed": 4, "bots": "easy"}, "play", {"card": 5, "seat": 1}, "not_a_person"),
    ({"seed": 4, "bots": "easy"}, "pass", {"cards": "x", "seat": "1"}, "bad_seat"),
    ({"seed": 4, "bots": "easy"}, "next_hand", {"seat": "x"}, "wrong_phase"),
    ({"seed": 9, "bots": ["human", "easy", "human"]}, "hint", {"seat": "x"}, "assist_off"),
    ({"seed": 9, "bots": ["human", "easy", "human"]}, "hint", {"level": "x"}, "assist_off"),
    ({"seed": 4, "bots": "easy"}, "hint", {"seat": 1, "level": "x"}, "not_a_person"),
    ({"seed": 9, "bots": ["human", "easy", "human"]}, "undo", {"seat": "x"}, "assist_off"),
    ({"seed": 4, "bots": "easy"}, "set_away", {"seat": 0, "away": "x"}, "not_a_guest"),
    ({"mode": "learn"}, "next_hand", {"seat": "x"}, "learn_over"),
    ({}, "new_match", {"rules": {"players": 7}, "seed": "x"}, "bad_rules"),
    ({}, "new_match", {"mode": "learn", "seed": "x"}, "bad_settings"),
])
def test_the_tables_refusal_comes_before_a_refusal_of_what_was_sent(
        settings: dict[str, Any], name: str, payload: dict[str, Any], code: str) -> None:
    """A request wrong in two ways gets the refusal a person can act on first: the table's."""
    d = Driver(**settings)
    assert d.error(name, **payload)["code"] == code


def test_an_internal_failure_answers_a_typed_error_and_restores_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver(seed=95, bots="easy")
    d.human_move()
    before = d.save()
    session = d.table.current()

    def broken_advance(self: Session) -> list[Event]:
        self.match.hand.passes[1] = 7  # half a change, then a crash
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(Session, "advance", broken_advance)
    error = d.error("advance")
    assert error["code"] == "internal" and "ZeroDivisionError" in error["message"]
    monkeypatch.undo()
    assert d.table.current() is not session and d.save() == before
    d.ok("advance")


def test_rules_info_and_check_rules() -> None:
    d = Driver()
    info = d.ok("rules_info")
    assert set(info["presets"]) == set(PRESETS) and info["players"] == [3, 4, 5, 6]
    assert info["levels"] == ["easy", "normal", "strong", "expert", "human"] and info["protocol"] == PROTOCOL_VERSION
    assert set(get_args(Level)) == set(info["levels"]) and get_args(HintLevel) == ADVICE_LEVELS  # the page's types
    assert info["presets_by_players"]["5"] == ["wikipedia-5", "five-players"]
    assert info["player_presets"] == {"3": "three-players", "4": "classic", "5": "five-players", "6": "six-players"}
    assert info["default_removed"]["5"] == ["2D", "2S"] and info["defaults"] == Rules().to_json()
    checked = d.ok("check_rules", rules={"preset": "wikipedia-5"})
    assert checked["hand_size"] == 10 and checked["moon_value"] == 26
    assert [p["offset"] for p in checked["pass_cycle"]] == [1, 2, 3, 4, 0]
    assert checked["lead_card"] == "2C" and checked["preset"] == "wikipedia-5"
    checked = d.ok("check_rules", rules={"players": 6, "target": 75})
    assert checked["lead_card"] == "3C" and checked["hand_size"] == 8 and checked["preset"] is None
    assert d.error("check_rules", rules={"players": 6, "removed": ["2C"]})["code"] == "bad_rules"


def test_every_command_is_listed() -> None:
    assert set(COMMANDS) == {
        "rules_info", "check_rules", "new_match", "resume", "state", "save", "tip_read", "hint", "pass", "play",
        "advance", "auto_play", "claim", "undo", "next_hand", "same_deal_again", "guest", "set_away",
        "stats_load", "stats_check", "stats", "stats_reset",
        "review_hand", "review_step", "review_seat", "share_link", "open_share",
        "par", "daily_info", "new_daily", "challenge_link", "read_challenge", "open_challenge",
    }


@pytest.mark.parametrize("players", [3, 5, 6])
def test_other_table_sizes_play_a_hand(players: int) -> None:
    d = Driver(seed=100 + players, bots="easy", rules={"players": players})
    assert len(d.state["seats"]) == players
    events = d.until(finished)
    tricks = [e for e in events if e["type"] == "trick"]
    assert all(len(t["cards"]) == players for t in tricks)
    assert sum(seat["tricks"] for seat in d.state["seats"]) == len(tricks) == Rules(players=players).hand_size
