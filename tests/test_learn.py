"""Learn mode (hearts.table.learn): the tips, and the learn hand that shows them whatever the person plays."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from hearts.cards import parse_card
from hearts.rules import PRESETS, Rules
from hearts.table.api import call
from hearts.table.modes import LearnMode
from hearts.table.protocol import Event, TipEvent
from hearts.table.saves import resume, save_text
from hearts.table.seats import HOST_SEAT
from hearts.table.service import TableService
from hearts.table.session import Session
from hearts.table.views import table_view

Strategy = Callable[[list[str], random.Random], str]
_RANK = "23456789TJQKA"


def _by_rank(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: (_RANK.index(c[0]), c[1]))


STRATEGIES: dict[str, Strategy] = {
    "lowest": lambda legal, rng: _by_rank(legal)[0],
    "highest": lambda legal, rng: _by_rank(legal)[-1],
    "first": lambda legal, rng: legal[0],
    "last": lambda legal, rng: legal[-1],
    "hearts first": lambda legal, rng: next((c for c in legal if c[1] == "H"), legal[-1]),
    "spades first": lambda legal, rng: next((c for c in reversed(legal) if c[1] == "S"), legal[0]),
    **{f"random {i}": (lambda legal, rng: rng.choice(legal)) for i in range(30)},
}


def learn_hand() -> tuple[Session, list[Event]]:
    """A new learn hand and the events that open it."""
    session = Session.new({"mode": "learn"})
    return session, session.begin()


def play_hand(session: Session, strategy: Strategy, rng: random.Random, opening: list[Event] | None = None
              ) -> list[TipEvent]:
    """Play the whole hand with ``strategy`` for the person (its passes: three cards it picks); the tips
    (``opening``: the events that opened the table)."""
    events: list[Event] = list(opening or [])
    while session.stage in ("pass", "play"):
        if HOST_SEAT not in session.match.hand.to_act():
            events += session.advance()
        elif session.stage == "pass":
            hand = [c["card"] for c in table_view(session)["hand"]]
            chosen: list[str] = []
            for _ in range(session.rules.pass_count):
                chosen.append(strategy([c for c in hand if c not in chosen], rng))
            events += session.pass_cards(chosen)
        else:
            events += session.play(strategy([c["card"] for c in table_view(session)["hand"] if c["legal"]], rng))
    return [e for e in events if e["type"] == "tip"]


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_the_learn_hand_shows_every_tip_whatever_the_person_plays(name: str) -> None:
    session, opening = learn_hand()
    tips = play_hand(session, STRATEGIES[name], random.Random(name), opening)
    kinds = [t["kind"] for t in tips]
    assert len(kinds) == len(set(kinds)), "each tip shows once"
    assert {"pass", "lead", "follow", "first-trick"} <= set(kinds)
    assert len(set(kinds) - {"pass", "lead", "follow", "first-trick"}) >= 2
    assert {"hearts-broken", "queen"} <= set(kinds), f"{name}: {kinds}"
    assert kinds[0] == "pass"


def test_the_learn_hand_played_again_shows_its_tips_again() -> None:
    """"Same deal again" on the learn hand's result is the lesson again: its tips show anew, from the pass
    (they were all shown once already, so the hand played again had none)."""
    session, opening = learn_hand()
    first = play_hand(session, STRATEGIES["lowest"], random.Random(1), opening)
    events = session.same_deal_again()
    assert events[0]["type"] == "new_hand"
    again = play_hand(session, STRATEGIES["lowest"], random.Random(1), events)
    assert [t["kind"] for t in again] == [t["kind"] for t in first]
    assert again[0]["kind"] == "pass"


def test_the_discard_tip_advises_getting_rid_of_what_the_person_holds() -> None:
    """"Get rid of Q♠ or high hearts" is said only to a person holding Q♠: else their highest heart,
    else a high card (the learn hand never gives the person Q♠: it was said to nearly everyone)."""
    said: set[str] = set()
    for name in sorted(STRATEGIES):
        session, opening = learn_hand()
        for tip in play_hand(session, STRATEGIES[name], random.Random(name), opening):
            if tip["kind"] != "discard" or tip["params"]["first"]:
                continue
            held = tip["cards"]  # off the first trick, a void may play any card: the tip points at them all
            rid = "queen" if "QS" in held else "hearts" if any(c.endswith("H") for c in held) else "high"
            assert tip["params"]["rid"] == rid, (name, held, tip["params"])
            said.add(rid)
    assert said >= {"high", "hearts"}, said


def _opening_pass_tip(rules: Rules, seed: int) -> tuple[TipEvent, list[str]]:
    """The pass tip of a learn hand dealt by ``seed``, and the person's cards."""
    session = Session(rules, seed, ["human", *["normal"] * (rules.players - 1)], mode=LearnMode())
    tip = next(e for e in session.begin() if e["type"] == "tip")
    assert tip["kind"] == "pass"
    return tip, [c["card"] for c in table_view(session, HOST_SEAT)["hand"]]


def test_the_pass_tip_points_at_a_good_pass_from_the_persons_own_cards_and_says_why() -> None:
    """"Good to pass: Q♠, high spades and high hearts" was said to every hand, also to one without any:
    the tip now names what the table's normal players would pass from these cards, and the rule why."""
    tip = next(e for e in learn_hand()[1] if e["type"] == "tip")  # the learn deal: three diamonds, no Q♠
    assert tip["cards"] == tip["params"]["cards"] == ["3D", "AD", "JH"]
    assert {k: tip["params"][k] for k in ("why", "suit", "others")} == {"why": "void", "suit": "D", "others": 1}
    said: set[str] = set()
    for preset in ("classic", "three-players", "wikipedia-6"):
        rules = PRESETS[preset]
        for seed in range(60):
            tip, hand = _opening_pass_tip(rules, seed)
            cards, params = tip["cards"], tip["params"]
            assert params["cards"] == cards and len(cards) == rules.pass_count and set(cards) <= set(hand)
            why = params["why"]
            said.add(str(why))
            if why == "queen":
                assert "QS" in cards
            elif why == "high_spades":
                assert "QS" not in cards and {"KS", "AS"} & set(cards)
            elif why == "void":
                suit = str(params["suit"])
                kept = [c for c in hand if c not in cards]
                assert any(c[-1] == suit for c in cards) and not any(c[-1] == suit for c in kept)
                assert params["others"] == int(any(c[-1] != suit for c in cards))
            else:
                assert why in ("danger", "moon"), why
    assert said >= {"queen", "high_spades", "void", "danger"}, said


@pytest.mark.parametrize("preset", ["three-players", "five-players", "wikipedia-6", "omnibus"])
def test_tips_follow_the_rules_in_force(preset: str) -> None:
    rules = PRESETS[preset]
    session = Session(rules, 5, ["human", *["easy"] * (rules.players - 1)], mode=LearnMode())
    tips = play_hand(session, STRATEGIES["random 1"], random.Random(3))
    lead = next(t for t in tips if t["kind"] == "lead")
    assert lead["params"]["card"] == lead["cards"][0] == {"five-players": "3C", "wikipedia-6": "3C"}.get(preset, "2C")
    queen = next(t for t in tips if t["kind"] == "queen")
    assert queen["params"]["points"] == rules.queen_points
    first = next(t for t in tips if t["kind"] == "first-trick")
    assert first["params"]["allowed"] == int(rules.points_on_first_trick)
    assert len(first["cards"]) == rules.players


def test_hearts_broken_by_the_queen_when_the_rules_say_so() -> None:
    rules = Rules(qs_breaks_hearts=True)
    for seed in range(40):
        session = Session(rules, seed, ["human", "easy", "easy", "easy"], mode=LearnMode())
        tips = play_hand(session, STRATEGIES["spades first"], random.Random(seed))
        broken = next(t for t in tips if t["kind"] == "hearts-broken")
        assert str(broken["params"]["card"])[1] in "HS"
        if broken["params"]["card"] == "QS":
            return
    raise AssertionError("no hand had hearts broken by Q♠")


def _send(table: TableService, name: str, **payload: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(call(name, json.dumps(payload), table))
    return answer


def test_learn_mode_through_the_commands() -> None:
    table = TableService()
    answer = _send(table, "new_match", mode="learn")
    assert answer["state"]["mode"] == "learn" and not answer["state"]["match"]["counts"]
    assert [e["kind"] for e in answer["events"] if e["type"] == "tip"] == ["pass"]
    assert _send(table, "new_match", mode="learn", seed=3)["error"]["code"] == "bad_settings"
    assert _send(table, "new_match", mode="nonsense")["error"]["code"] == "bad_settings"
    assert table.session is not None and table.session.mode.name == "learn"
    session = table.session
    play_hand(session, STRATEGIES["lowest"], random.Random(1))
    assert session.stage == "hand_result"
    assert _send(table, "next_hand")["error"]["code"] == "learn_over"
    # A save of the learn hand resumes as the learn hand, with the tips it has sent (none read here).
    resumed = resume(save_text(session))
    assert isinstance(resumed.mode, LearnMode) and isinstance(session.mode, LearnMode)
    assert resumed.mode.tips_read == session.mode.tips_read and resumed.mode.unread == session.mode.unread
    assert not resumed.counts_for_stats and Session.new({}).counts_for_stats


def test_a_learn_save_with_unknown_tips_is_refused() -> None:
    data = json.loads(save_text(learn_hand()[0]))
    data["tips"] = ["pass", "nonsense"]
    with pytest.raises(ValueError, match="tips"):
        resume(json.dumps(data))


def test_refused_clicks_in_learn_mode_say_why() -> None:
    session = learn_hand()[0]
    table = TableService(session)
    hand = [c["card"] for c in table_view(session)["hand"]]
    error = _send(table, "pass", cards=hand[:2])["error"]
    assert error["code"] == "bad_pass" and error["params"] == {"count": 3}
    assert parse_card(hand[0]) >= 0


def _tips(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in answer["events"] if e["type"] == "tip"]


def _resumed_tips(save: str) -> list[dict[str, Any]]:
    """The tips a page that reloaded with ``save`` shows: those of the resumed table's answer."""
    return _tips(_send(TableService(), "resume", save=save))


def _play_on(table: TableService, answer: dict[str, Any]) -> dict[str, Any]:
    """The next answer of the learn hand: the person's first legal choice, or a bot's."""
    state = answer["state"]
    if not state["self_to_act"]:
        return _send(table, "advance")
    if state["stage"] == "pass":
        return _send(table, "pass", cards=[c["card"] for c in state["hand"]][:3])
    return _send(table, "play", card=next(c["card"] for c in state["hand"] if c["legal"]))


def test_a_tip_counts_as_shown_only_once_the_person_has_read_it() -> None:
    """Python counted a tip as shown when it sent it: a page reloaded while it showed never showed it again.
    Now the save keeps it unread until the page says it was read (``tip_read``), and a resumed table shows
    it again; read, it never shows again."""
    table = TableService()
    opened = _send(table, "new_match", mode="learn")
    assert _resumed_tips(opened["save"]) == _tips(opened) != []  # the page reloaded while the pass tip showed
    read = _send(table, "tip_read", kind="pass")
    assert read["save"] == table.last_save and _resumed_tips(read["save"]) == []
    assert _send(table, "tip_read", kind="pass")["error"]["code"] == "bad_request"  # read once


def test_the_tips_of_one_answer_not_yet_read_show_again_and_a_tip_read_never() -> None:
    """The answer that tells of Q♠ taken also says a moon is in sight: read the first, reload, the second
    shows again alone. Played to its end with every tip read at once, each kind shows once, and a reload
    at any moment shows none again."""
    table = TableService()
    answer = _send(table, "new_match", mode="learn")
    kinds: list[str] = []
    while answer["state"]["stage"] in ("pass", "play"):
        tips = _tips(answer)
        kinds += [tip["kind"] for tip in tips]
        if len(tips) > 1:
            _send(table, "tip_read", kind=tips[0]["kind"])
            assert _resumed_tips(str(table.last_save)) == tips[1:]
            tips = tips[1:]
        for tip in tips:
            _send(table, "tip_read", kind=tip["kind"])
        assert _resumed_tips(str(table.last_save)) == []
        answer = _play_on(table, answer)
    assert ["queen", "moon"] in [kinds[i:i + 2] for i in range(len(kinds))], kinds
    assert len(kinds) == len(set(kinds)) >= 6, kinds


def test_a_tip_read_is_refused_with_a_typed_error_when_nothing_of_the_kind_waits() -> None:
    table = TableService()
    assert _send(table, "tip_read", kind="pass")["error"]["code"] == "no_match"
    _send(table, "new_match", mode="learn")
    save = table.last_save
    for payload in ({}, {"kind": "nonsense"}, {"kind": 3}, {"kind": ["pass"]}, {"kind": "lead"}):
        error = _send(table, "tip_read", **payload)["error"]
        assert error["code"] == "bad_request" and error["message"], payload
    assert table.last_save == save and _resumed_tips(str(save))[0]["kind"] == "pass"  # nothing changed
    _send(table, "new_match", bots="easy")
    assert _send(table, "tip_read", kind="pass")["error"]["code"] == "bad_request"  # a match shows no tips


def test_a_learn_save_without_unread_tips_resumes_with_those_it_sent_read() -> None:
    """A save from before tips were kept unread: its ``tips`` were counted as shown when sent, and stay so."""
    session, _ = learn_hand()
    data = json.loads(save_text(session))
    del data["unread"]
    data["tips"] = ["pass"]
    resumed = resume(json.dumps(data))
    assert isinstance(resumed.mode, LearnMode)
    assert resumed.mode.tips_read == {"pass"} and resumed.mode.unread_tips() == []


@pytest.mark.parametrize("unread", [
    "pass", [None], [{"type": "play", "kind": "pass", "params": {}, "cards": [], "target": "hand"}],
    [{"type": "tip", "kind": "nonsense", "params": {}, "cards": [], "target": "hand"}],
    [{"type": "tip", "kind": "pass", "params": {}, "cards": [], "target": "sky"}],
    [{"type": "tip", "kind": "pass", "params": {}, "cards": ["ZZ"], "target": "hand"}],
    [{"type": "tip", "kind": "pass", "params": {}, "cards": "2C", "target": "hand"}],
    [{"type": "tip", "kind": "pass", "params": {"count": True}, "cards": [], "target": "hand"}],
    [{"type": "tip", "kind": "pass", "params": {"cards": [2]}, "cards": [], "target": "hand"}],
    [{"type": "tip", "kind": "pass", "params": [], "cards": [], "target": "hand"}],
    [{"type": "tip", "kind": "pass", "params": {}, "cards": []}],
    [{"type": "tip", "kind": "lead", "params": {}, "cards": [], "target": "hand"}] * 2,
    [{"type": "tip", "kind": "queen", "params": {}, "cards": [], "target": "hand"}],  # read already
])
def test_a_learn_save_with_bad_unread_tips_is_refused(unread: object) -> None:
    data = json.loads(save_text(learn_hand()[0]))
    data["tips"], data["unread"] = ["queen"], unread
    error = json.loads(call("resume", json.dumps({"save": json.dumps(data)}), TableService()))["error"]
    assert error["code"] == "bad_save"
