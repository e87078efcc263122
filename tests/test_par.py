"""Par (hearts.table.par): the strong bot in the person's seat on the same cards, step by step."""

from __future__ import annotations

import json
import math
from dataclasses import replace

from hearts.bots.strong import EXPERT_BUDGET_MS, EXPERT_CONFIG, StrongBot
from hearts.cards import card_str
from hearts.deal import deal
from hearts.game import Hand
from hearts.rules import Rules
from hearts.table.par import ParJob, fixed_work_bot
from hearts.table.session import bot_seed
from rewards_play import WHEN, new_table, ok, par_of, play_hand, send


def test_par_is_the_strong_bots_score_in_your_seat_and_the_same_every_time() -> None:
    table = new_table()
    result = play_hand(table, ok(table, "new_match", seed=8, bots="easy"))[-1]
    first = ok(table, "par", hand=0)
    assert first["done"] is False and 0 < first["steps"] < first["of"] == 4 + 52
    done = par_of(table, 0)
    assert done["you"] == result["state"]["result"]["scores"][0] and isinstance(done["par"], int)
    assert "save" in done and json.loads(done["save"])["pars"] == {"0": done["par"]}
    again = ok(table, "par", hand=0)   # known: answered at once, nothing stored again
    assert again == {**{k: v for k, v in done.items() if k not in ("save", "stats_save", "achievements")},
                     "steps": again["of"]}
    assert ok(table, "state")["state"]["history"][0]["par"] == done["par"]
    other = new_table()
    play_hand(other, ok(other, "new_match", seed=8, bots="easy"))
    assert par_of(other, 0)["par"] == done["par"]


def test_copying_the_bot_gives_its_score() -> None:
    """The person plays exactly what the par bot played: the same bots answer the same, par equals yours."""
    table = new_table()
    start = ok(table, "new_match", seed=12, bots="easy")
    hand = table.current().match.hand
    job = ParJob.start(hand, 0, ["human", "easy", "easy", "easy"], [bot_seed(12, s) for s in range(4)])
    while not job.done:
        job.step()
    passed = [card_str(c) for c in range(52) if (job.replay.passes[0] or 0) >> c & 1]
    plays = iter(card_str(c) for s, c in job.replay.plays if s == 0)
    answer = start
    while answer["state"]["stage"] in ("pass", "play"):
        state = answer["state"]
        if state["self_to_act"] and state["phase"] == "pass":
            answer = ok(table, "pass", cards=passed)
        elif state["self_to_act"]:
            answer = ok(table, "play", card=next(plays))
        else:
            answer = ok(table, "advance")
    assert par_of(table, 0)["par"] == answer["state"]["result"]["scores"][0] == job.points


def test_par_moves_the_rating_of_a_counted_hand_only() -> None:
    table = new_table()
    play_hand(table, ok(table, "new_match", seed=8, bots="easy"))
    done = par_of(table, 0)
    rating = json.loads(done["stats_save"])["rating"]
    assert rating["periods"] == 1 and rating["history"][0]["date"] == WHEN
    # The same deal again: the match no longer counts, its hands move nothing.
    ok(table, "same_deal_again")
    play_hand(table, ok(table, "state"))
    replayed = par_of(table, 0)
    assert "stats_save" not in replayed and "achievements" not in replayed
    assert ok(table, "stats")["stats"]["rating"]["periods"] == 1
    # The learn hand and a shared deal played again move nothing either.
    share = ok(table, "share_link")["link"].removeprefix("?share=")
    for command, payload in (("new_match", {"mode": "learn"}), ("open_share", {"share": share})):
        play_hand(table, ok(table, command, **payload))
        assert "stats_save" not in par_of(table, 0)
    assert ok(table, "stats")["stats"]["rating"]["periods"] == 1


def test_par_is_for_one_person_and_a_finished_hand() -> None:
    table = new_table()
    ok(table, "new_match", seed=8, bots=["human", "easy", "easy"], names=["A", "B"])
    assert send(table, "par", hand=0)["error"]["code"] == "no_par"
    play_hand(table, ok(table, "new_match", seed=8, bots="easy"))
    for hand in (1, -1, "0", None):
        assert send(table, "par", hand=hand)["error"]["code"] == "bad_request"
    assert send(new_table(), "par", hand=0)["error"]["code"] == "no_match"


def test_a_save_with_pars_resumes_them_and_a_bad_one_is_refused() -> None:
    table = new_table()
    play_hand(table, ok(table, "new_match", seed=8, bots="easy"))
    save = par_of(table, 0)["save"]
    other = new_table()
    assert ok(other, "resume", save=save)["state"]["history"][0]["par"] is not None
    for pars in ({"1": 3}, {"0": "3"}, [3], {"x": 1}):
        data = json.loads(save)
        data["pars"] = pars
        assert send(other, "resume", save=json.dumps(data))["error"]["code"] == "bad_save"


def test_expert_bots_replay_with_their_fixed_work_and_each_decision_is_a_step() -> None:
    """Par (and the daily's and a challenge's bots) replay an expert uncapped with its own work, so the
    figure is the same on every device; its decisions are searches, one per step as strong's."""
    expert = fixed_work_bot("expert", 5)
    assert isinstance(expert, StrongBot) and expert.budget_ms == EXPERT_BUDGET_MS
    assert expert.config == replace(EXPERT_CONFIG, time_cap=math.inf)
    rules = Rules()
    hand = Hand(rules, deal(rules, 4), 1)
    job = ParJob.start(hand, 0, ["human", "expert", "easy", "strong"], [bot_seed(4, s) for s in range(4)])
    assert job.searching == [True, True, False, True]   # the par bot in seat 0, the expert, the strong bot
