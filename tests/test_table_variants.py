"""The variants at the table: claims, the early end, partners' totals, the 10♦ Omnibus, new rules choices.

Everything goes through ``hearts.table.api.call`` as the page does (test_protocol's :class:`Recorder`
checks every answer against the protocol's types), except where a chosen deal is set up on a
:class:`Session` first.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import make_deal, names
from hearts.cards import cards_of, parse_card
from hearts.ending import claim, no_points_left
from hearts.match import Match
from hearts.rules import BONUS_CARDS, HEART_POINT_MODES, TEAM_PLAYERS, Rules
from hearts.table.api import call
from hearts.table.commands import PASS_COUNTS
from hearts.table.saves import resume, save_text
from hearts.table.seats import Seats
from hearts.table.service import TableService
from hearts.table.session import Session
from hearts.table.stats import MatchFigures
from hearts.table.views import table_view
from test_protocol import Recorder

# Seat 0 holds the top cards of clubs, diamonds and spades: it takes every trick, whatever anyone plays.
SWEEP = {0: "TC JC QC KC AC TD JD QD KD AD QS KS AS"}


def deal_session(rules: Rules, fixed: dict[int, str], levels: list[str] | None = None,
                 remote: list[int] | None = None, early_end: bool = True) -> Session:
    """A table whose first hand deals ``fixed`` (the rest filled in), seat 0 a person, bots elsewhere."""
    record = {"deal": [names(h) for h in make_deal(rules, fixed)], "pass_offset": 0}
    match = Match.from_json({"rules": rules.to_json(), "seed": 1, "hands": [record]})
    levels = levels or ["human"] + ["easy"] * (rules.players - 1)
    seats = Seats.from_settings(levels, {"remote": remote or []})
    return Session(rules, 1, levels, match, seats, early_end=early_end)


class Page(Recorder):
    """A page in miniature: keeps the last state and plays the person's highest legal card."""

    def __init__(self, session: Session | None = None, **settings: Any) -> None:
        super().__init__()
        self.state: dict[str, Any] = {}
        if session is not None:
            self.table.open(session)
            self.send("state")
        elif settings:
            self.send("new_match", settings)

    def send(self, name: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
        answer = super().send(name, payload)
        if "state" in answer:
            self.state = answer["state"]
        return answer

    @property
    def session(self) -> Session:
        return self.table.current()

    def step(self, choose: Any = None) -> list[dict[str, Any]]:
        """Whatever the page does next: the next hand, a bot, the person's pass or card. Its events."""
        state = self.state
        if state["stage"] == "hand_result":
            answer = self.send("next_hand")
        elif state["bots_to_act"]:
            answer = self.send("advance")
        elif state["phase"] == "pass":
            answer = self.send("pass", {"cards": [c["card"] for c in state["hand"]][:state["pass"]["count"]]})
        else:
            legal = [c["card"] for c in state["hand"] if c["legal"]]
            answer = self.send("play", {"card": choose(legal) if choose else legal[-1]})
        assert "error" not in answer, answer
        events: list[dict[str, Any]] = answer["events"]
        return events

    def until(self, done: Any, choose: Any = None) -> list[dict[str, Any]]:
        """Step until ``done(state)``; the events on the way."""
        events: list[dict[str, Any]] = []
        for _ in range(1000):
            if done(self.state):
                return events
            events += self.step(choose)
        raise AssertionError("did not get there")


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# -- claims --------------------------------------------------------------------------------------------

def test_a_decided_hand_can_be_claimed_and_its_rest_is_played_at_once() -> None:
    page = Page(deal_session(Rules(passing="none"), SWEEP))
    expected = claim(page.session.match.hand)
    assert expected is not None
    assert page.state["stage"] == "play" and page.state["can_claim"]
    events = page.send("claim")["events"]
    assert events[0] == {"type": "claimed", "seat": 0, "tricks": 13}
    assert [parse_card(e["card"]) for e in events if e["type"] == "play"] == list(expected.plays)
    assert kinds(events).count("trick") == 13 and events[-1]["type"] == "hand_over"
    assert events[-1]["scores"] == [0, 26, 26, 26] == list(expected.result.scores)
    assert page.state["stage"] == "hand_result" and not page.state["can_claim"]
    assert page.state["result"]["scores"] == [0, 26, 26, 26]
    assert len(page.session.match.finished[0].plays) == 52


def test_a_claim_mid_hand_ends_it_with_the_score_the_engine_proved() -> None:
    page = Page(deal_session(Rules(passing="none", jack_of_diamonds=True), SWEEP))
    page.until(lambda s: s["trick_number"] == 5 and s["self_to_act"])
    expected = claim(page.session.match.hand)
    assert expected is not None and page.state["can_claim"]
    events = page.send("claim")["events"]
    assert events[0] == {"type": "claimed", "seat": 0, "tricks": 8}
    assert page.state["result"]["scores"] == list(expected.result.scores) == [-10, 26, 26, 26]


def test_no_claim_while_passing_while_the_rest_is_open_or_after_the_hand() -> None:
    page = Page(seed=4, bots="easy")
    assert not page.state["can_claim"]
    assert page.send("claim")["error"]["code"] == "wrong_phase"
    page.until(lambda s: s["phase"] == "play")
    assert not page.state["can_claim"]  # every card still in hand: far from decided
    before = page.send("save")["save"]
    assert page.send("claim")["error"]["code"] == "cannot_claim"
    assert page.send("save")["save"] == before
    page.until(lambda s: s["stage"] == "hand_result")
    assert page.send("claim")["error"]["code"] == "wrong_phase"


def test_no_claim_once_the_person_has_played_every_card() -> None:
    page = Page(deal_session(Rules(passing="none"), SWEEP))
    page.until(lambda s: s["stage"] == "play" and not s["hand"])  # the others still play the last trick
    assert claim(page.session.match.hand.copy()) is not None and not page.state["can_claim"]
    assert page.send("claim")["error"]["code"] == "cannot_claim"


def test_can_claim_follows_the_position_through_plays_and_undos() -> None:
    """The view's flag is the engine's claim of the position on the table, whatever came before."""
    page = Page(seed=12, bots="easy", rules={"preset": "black-maria"})
    seen = set()
    for step in range(400):
        state = page.state
        if len(page.session.match.finished) == 2 or state["stage"] == "match_over":
            break
        if state["stage"] == "play":
            decided = claim(page.session.match.hand.copy()) is not None and bool(state["hand"])
            assert state["can_claim"] == decided
            seen.add(decided)
        if state["stage"] == "play" and state["can_undo"] and state["self_to_act"] and step % 3 == 0:
            page.send("undo")
            page.step(choose=lambda legal: legal[0])  # another card than before, as often as not
        else:
            page.step()
    assert seen == {True, False}


def test_a_guest_claims_for_its_own_seat_through_its_channel() -> None:
    page = Page(deal_session(Rules(passing="none"), SWEEP, ["human", "human", "easy", "easy"], remote=[1]))
    answer = page.send("state")
    guest_view = next(u["message"]["state"] for u in answer["guests"] if u["seat"] == 1)
    assert guest_view["self"] == 1 and guest_view["can_claim"] and page.state["can_claim"]
    forged = page.send("guest", {"seat": 1, "message": json.dumps({"type": "claim", "seat": 0})})
    assert forged["error"]["code"] == "forged"
    answer = page.send("guest", {"seat": 1, "message": json.dumps({"type": "claim"})})
    assert answer["events"][0] == {"type": "claimed", "seat": 1, "tricks": 13}
    guest = next(u["message"] for u in answer["guests"] if u["seat"] == 1)
    assert guest["events"][0]["type"] == "claimed" and guest["state"]["stage"] == "hand_result"


def test_an_away_guest_cannot_claim_and_its_view_says_so() -> None:
    page = Page(deal_session(Rules(passing="none"), SWEEP, ["human", "human", "easy", "easy"], remote=[1]))
    answer = page.send("set_away", {"seat": 1, "away": True})
    assert not next(u["message"]["state"] for u in answer["guests"] if u["seat"] == 1)["can_claim"]
    assert page.send("claim", {"seat": 1})["error"]["code"] == "seat_away"
    assert page.state["can_claim"]  # the host still may


def test_pass_and_play_claims_name_the_person() -> None:
    page = Page(deal_session(Rules(passing="none"), SWEEP, ["human", "easy", "human", "easy"]))
    assert page.send("claim", {"seat": 1})["error"]["code"] == "not_a_person"
    events = page.send("claim", {"seat": 2})["events"]
    assert events[0]["seat"] == 2 and page.state["stage"] == "hand_result"


def test_the_learn_hand_plays_every_card() -> None:
    page = Page(mode="learn")
    assert not page.state["early_end"]
    events: list[dict[str, Any]] = []
    while page.state["stage"] in ("pass", "play"):
        assert not page.state["can_claim"]
        if page.state["stage"] == "play" and claim(page.session.match.hand) is not None:
            assert page.send("claim")["error"]["code"] == "cannot_claim"
        events += page.send("auto_play" if page.state["self_to_act"] else "advance")["events"]
    assert kinds(events).count("play") == 52 and "early_end" not in kinds(events)
    assert page.send("new_match", {"mode": "learn", "early_end": True})["error"]["code"] == "bad_settings"


# -- the early end -------------------------------------------------------------------------------------

def first_hand(early_end: bool, seed: int) -> tuple[Page, list[dict[str, Any]], int]:
    """A match's first hand played with the setting on or off: the page, its events, the answers it took."""
    page = Page(seed=seed, bots="easy", early_end=early_end)
    assert page.state["early_end"] is early_end
    before = page.checked
    events = page.until(lambda s: s["stage"] == "hand_result")
    return page, events, page.checked - before


def test_the_early_end_plays_the_rest_once_no_points_are_left_and_scores_the_same() -> None:
    page, early, answers_early = first_hand(True, seed=25)
    assert "early_end" in kinds(early), "this deal leaves tricks without points"
    at = kinds(early).index("early_end")
    rest = early[at + 1:]
    assert early[at]["tricks"] == kinds(rest).count("trick") > 0
    assert all(e["points"] == 0 for e in rest if e["type"] == "trick")
    assert kinds(early).count("play") == 52 and kinds(early).count("early_end") == 1
    assert rest[-1]["type"] == "hand_over"
    _, full, answers_full = first_hand(False, seed=25)
    assert "early_end" not in kinds(full) and kinds(full).count("play") == 52
    assert full[-1]["scores"] == rest[-1]["scores"]
    assert answers_early < answers_full
    # Points were left before the play that ended the hand, and none after it.
    played = kinds(early[:at]).count("play")
    after = page.session.match.finished[0].copy()
    while len(after.plays) > played:
        after.undo()
    before = after.copy()
    before.undo()
    assert no_points_left(before) is None and no_points_left(after) is not None


def test_the_early_end_setting_is_saved_and_old_saves_have_it_on() -> None:
    session = Session.new({"seed": 3, "early_end": False})
    again = resume(save_text(session))
    assert again.early_end is False and table_view(again)["early_end"] is False
    data = json.loads(save_text(session))
    del data["early_end"]  # a save of the build before the setting
    assert resume(json.dumps(data)).early_end is True
    data["early_end"] = "no"
    answer = json.loads(call("resume", json.dumps({"save": json.dumps(data)}), TableService()))
    assert answer["error"]["code"] == "bad_save"


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_bad_early_end_setting_is_refused(value: object) -> None:
    answer = json.loads(call("new_match", json.dumps({"early_end": value}), TableService()))
    assert answer["error"]["code"] == "bad_settings"


def test_a_shared_deal_opens_with_the_setting_sent() -> None:
    page = Page(seed=9, bots="easy")
    code = page.send("share_link")["link"].removeprefix("?share=")
    assert page.send("open_share", {"share": code, "early_end": False})["state"]["early_end"] is False
    assert page.send("open_share", {"share": code})["state"]["early_end"] is True
    assert page.send("open_share", {"share": code, "early_end": "off"})["error"]["code"] == "bad_request"


def test_an_open_sun_keeps_the_hand_going_at_the_table() -> None:
    page = Page(deal_session(Rules(passing="none", sun=True), SWEEP))
    events = page.until(lambda s: s["result"] is not None)
    assert "early_end" not in kinds(events) and events[-1]["scores"] == [0, 52, 52, 52]


# -- the seats' counters at the hand's end --------------------------------------------------------------

@pytest.mark.parametrize("rules", [
    Rules(passing="none"),                                                 # everyone else +26
    Rules(passing="none", moon="subtract", sun=True),                      # the shooter −52
    Rules(passing="none", moon="choice", jack_of_diamonds=True),           # J♦'s −10 stays the shooter's
    Rules(passing="none", moon="off", jack_of_diamonds=True),              # no moon: the points taken
], ids=["moon", "new-moon-sun", "choice-jack", "no-moon-jack"])
def test_a_seats_hand_score_is_the_results_once_the_hand_is_over(rules: Rules) -> None:
    """Seat 0 takes every trick: while the hand is played each seat has no hand score (its chip
    shows the points taken); on the result each has the result's score, moon or not."""
    page = Page(deal_session(rules, SWEEP))
    while page.state["result"] is None:
        assert [s["hand_score"] for s in page.state["seats"]] == [None] * 4
        page.step()
    seats, result = page.state["seats"], page.state["result"]
    assert [s["hand_score"] for s in seats] == result["scores"]
    assert [s["points"] for s in seats] == result["points"]  # the points taken stay as they were
    assert result["scores"] != result["points"] or result["moon"] is None


# -- partners ------------------------------------------------------------------------------------------

def partners_match(seed: int) -> tuple[Page, list[dict[str, Any]]]:
    page = Page(rules={"preset": "partners", "target": 30}, seed=seed, bots="easy")
    return page, page.until(lambda s: s["stage"] == "match_over")


def test_partners_show_each_sides_totals_places_and_winners() -> None:
    page, events = partners_match(5)
    state = page.state
    assert state["sides"] == [[0, 2], [1, 3]]
    totals = state["totals"]
    assert state["team_totals"] == [totals[0] + totals[2], totals[1] + totals[3]]
    for row in state["history"]:
        assert row["team_scores"] == [row["scores"][0] + row["scores"][2], row["scores"][1] + row["scores"][3]]
        assert row["team_totals"] == [row["totals"][0] + row["totals"][2], row["totals"][1] + row["totals"][3]]
    assert state["result"]["team_totals"] == state["team_totals"]
    assert state["result"]["team_scores"] == state["history"][-1]["team_scores"]
    low = min(state["team_totals"])
    winning = [i for i, t in enumerate(state["team_totals"]) if t == low]
    match = state["match"]
    assert match["winning_sides"] == winning
    assert match["winners"] == sorted(s for i in winning for s in state["sides"][i])
    assert match["team_places"] == [1 if t == low else 2 for t in state["team_totals"]]
    assert match["places"] == [match["team_places"][s % 2] for s in range(4)]
    over = [e for e in events if e["type"] == "match_over"][0]
    assert over["team_totals"] == state["team_totals"] and over["winning_sides"] == winning
    hand_overs = [e for e in events if e["type"] == "hand_over"]
    assert [e["team_totals"] for e in hand_overs] == [row["team_totals"] for row in state["history"]]
    assert [s["seat"] for s in state["seats"] if s["leading"]] == match["winners"]


def test_a_side_win_counts_as_a_win_in_the_statistics() -> None:
    page, _ = partners_match(16)
    totals = page.state["totals"]
    assert 0 in page.state["match"]["winners"] and totals[0] > min(totals), "seat 0 wins with its partner only"
    stats = page.send("stats")["stats"]["total"]
    assert stats["matches"] == 1 and stats["wins"] == 1 and stats["places"][0] == 1
    page, _ = partners_match(2)
    assert page.state["match"]["winning_sides"] == [1] and page.state["match"]["team_places"] == [2, 1]
    stats = page.send("stats")["stats"]["total"]
    assert stats["wins"] == 0 and stats["places"][1] == 1


def test_without_teams_every_seat_is_its_own_side() -> None:
    page = Page(seed=2, bots="easy", rules={"players": 3})
    assert page.state["sides"] == [[0], [1], [2]] and page.state["team_totals"] == page.state["totals"]
    assert page.state["match"]["team_places"] == page.state["match"]["places"]


# -- the bonus card ------------------------------------------------------------------------------------

def test_the_ten_of_diamonds_is_the_bonus_card_in_the_view_and_the_statistics() -> None:
    page = Page(seed=21, bots="easy", rules={"preset": "omnibus-10d", "target": 25})
    ten = 1 << parse_card("TD")
    flags = set()
    while page.state["stage"] != "match_over":
        page.step()
        for seat in page.state["seats"]:
            assert seat["jack"] == bool(page.session.hand.taken[seat["seat"]] & ten)
            flags.add(seat["jack"])
    assert flags == {True, False}
    finished = page.session.match.finished
    took = sum(bool(h.taken[0] & ten) for h in finished)
    figures = MatchFigures.of(page.session.match, 0)
    assert figures.hands["jacks"] == took and figures.hands["jack_hands"] == len(finished)
    assert page.send("stats")["stats"]["total"]["jacks"] == took


# -- the settings' choices -----------------------------------------------------------------------------

def test_rules_info_offers_the_variant_choices() -> None:
    info = Recorder().send("rules_info")
    assert info["pass_counts"] == list(PASS_COUNTS) == [3, 4, 5]
    assert info["heart_points"] == list(HEART_POINT_MODES) and info["bonus_cards"] == list(BONUS_CARDS)
    assert info["team_players"] == list(TEAM_PLAYERS)
    assert {"black-maria", "spot-hearts", "omnibus-10d", "partners"} <= set(info["presets_by_players"]["4"])


@pytest.mark.parametrize("count", PASS_COUNTS)
def test_every_offered_pass_count_passes_that_many(count: int) -> None:
    page = Page(seed=8, bots="easy", rules={"pass_count": count})
    assert page.state["pass"]["count"] == count
    hand = [c["card"] for c in page.state["hand"]]
    assert page.send("pass", {"cards": hand[:count - 1]})["error"]["code"] == "bad_pass"
    page.send("pass", {"cards": hand[:count]})
    page.until(lambda s: s["phase"] == "play")
    assert sum(c["received"] for c in page.state["hand"]) == count
    assert len(cards_of(page.session.match.hand.received[0])) == count
