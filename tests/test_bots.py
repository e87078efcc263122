"""The bots' public API: levels, legality in every preset, determinism, fairness, advice, CLI."""

from __future__ import annotations

import io
import json
import math
from collections.abc import Sequence
from dataclasses import replace

import pytest

from conftest import names
from hearts import Hand, HeartsError, Match, deal, match_deal_number, preset
from hearts.bots import LEVELS, Advice, Bot, advise, make_bot
from hearts.bots.advice import REASON_CODES
from hearts.bots.arena import make_player
from hearts.bots.cli import bot_answer
from hearts.bots.search.budget import DEFAULT_BUDGET_MS
from hearts.bots.search.pimc import SearchConfig
from hearts.bots.strong import EXPERT_BUDGET_MS, EXPERT_CONFIG, StrongBot, expert_bot
from hearts.cards import SUIT_MASKS, card_str, cards_of, parse_card
from hearts.cli import answer_lines
from hearts.rules import PRESETS
from hearts.view import seat_view

TINY = 5  # ms: keeps the strong bot quick in tests


def play_out(hand: Hand, bots: Sequence[Bot], stop_after: int | None = None) -> None:
    """Let the bots play ``hand`` (to the end, or until ``stop_after`` cards are played)."""
    while hand.phase == "pass":
        for seat in hand.to_act():
            view = seat_view(hand, seat)
            cards = bots[seat].choose_pass(view)
            assert cards & ~view.hand == 0 and cards.bit_count() == hand.rules.pass_count
            hand.choose_pass(seat, cards)
    while hand.phase == "play" and (stop_after is None or len(hand.plays) < stop_after):
        view = seat_view(hand, hand.turn)
        card = bots[hand.turn].choose_play(view)
        assert view.legal >> card & 1, f"{card_str(card)} is not legal"
        hand.play(card)


def test_levels_and_unknown_level() -> None:
    assert LEVELS == ("easy", "normal", "strong", "expert")
    with pytest.raises(HeartsError) as err:
        make_bot("genius")
    assert err.value.code == "bad_level"


def test_the_expert_is_the_strong_search_with_its_own_work_and_world_cap() -> None:
    expert = make_bot("expert", seed=4)
    assert isinstance(expert, StrongBot)
    assert (expert.seed, expert.budget_ms, expert.config) == (4, EXPERT_BUDGET_MS, EXPERT_CONFIG)
    assert EXPERT_BUDGET_MS > DEFAULT_BUDGET_MS and EXPERT_CONFIG.max_worlds > SearchConfig().max_worlds
    assert replace(EXPERT_CONFIG, max_worlds=SearchConfig().max_worlds) == SearchConfig()  # nothing else differs
    given = make_bot("expert", seed=4, budget_ms=7)   # budget_ms replaces the level's own, as for strong
    assert isinstance(given, StrongBot) and (given.budget_ms, given.config) == (7, EXPERT_CONFIG)
    with pytest.raises(HeartsError) as err:
        make_bot("expert", budget_ms=0)
    assert err.value.code == "bad_budget"


def test_the_expert_does_more_work_than_strong_by_its_budget() -> None:
    """Without the wall-clock cap the work is the budget's, whatever the machine: the expert spends
    EXPERT_BUDGET_MS / DEFAULT_BUDGET_MS times strong's and plays out more deals."""
    rules = preset("classic")
    hand = Hand(rules, deal(rules, 3), 0)
    play_out(hand, [make_bot("normal", seed=s) for s in range(4)], stop_after=30)
    view = seat_view(hand, hand.turn)
    # No option dropped either: a search left with one option stops early, whatever its budget.
    strong = StrongBot(1, None, SearchConfig(time_cap=math.inf, drop_se=math.inf)).decide_play(view)
    expert = expert_bot(1, None, replace(EXPERT_CONFIG, time_cap=math.inf, drop_se=math.inf)).decide_play(view)
    ratio = EXPERT_BUDGET_MS / DEFAULT_BUDGET_MS
    assert expert.work == pytest.approx(strong.work * ratio, rel=0.01)  # the last world of each overshoots a little
    assert expert.worlds > strong.worlds and view.legal >> expert.card & 1


def test_the_bot_command_plays_the_expert(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.console import main

    request = {"record": {"deal": 5, "pass_offset": 0, "plays": ["2C"]}, "seat": 2}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(request) + "\n"))
    assert main(["bot", "--level", "expert", "--budget-ms", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["card"] in ("8C", "KC")
    with pytest.raises(SystemExit):
        main(["bot", "--level", "master"])


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_match_in_every_preset(level: str, name: str) -> None:
    """A short match (target 26) with the level in seat 0 and the other levels around it."""
    rules = preset(name).replace(target=26)
    match = Match(rules, seed=len(name))
    others = [lv for lv in LEVELS if lv != level] + ["random"]
    bots = [make_player(level if s == 0 else others[s % len(others)], seed=s, budget_ms=1)
            for s in range(rules.players)]
    for _ in range(12):
        play_out(match.hand, bots)
        assert match.hand.phase == "over"
        match.finish_hand()
        if match.over:
            break
    assert match.over and match.winners()


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_view_same_decision(level: str) -> None:
    rules = preset("classic")
    hand = Hand(rules, deal(rules, 7), 0)
    play_out(hand, [make_bot("easy", seed=1) for _ in range(4)], stop_after=9)
    view = seat_view(hand, hand.turn)
    first = make_bot(level, seed=3, budget_ms=TINY).choose_play(view)
    other = make_bot(level, seed=3, budget_ms=TINY)
    assert other.choose_play(view) == first


def _swap_hidden(cards: list[int], a: int, b: int, keep: int) -> list[int]:
    """The deal with one unplayed card of the same suit swapped between seats a and b."""
    for suit in range(4):
        xa = cards[a] & SUIT_MASKS[suit] & ~keep
        xb = cards[b] & SUIT_MASKS[suit] & ~keep
        if xa and xb:
            ca, cb = cards_of(xa)[-1], cards_of(xb)[0]
            out = list(cards)
            out[a] = out[a] & ~(1 << ca) | (1 << cb)
            out[b] = out[b] & ~(1 << cb) | (1 << ca)
            return out
    raise AssertionError("no swappable cards")


@pytest.mark.parametrize("level", LEVELS)
def test_decision_depends_only_on_the_seat_view(level: str) -> None:
    """Two deals that differ only in cards the seat cannot see give the same view and the same decision."""
    rules = preset("classic")
    cards = deal(rules, 11)
    hand = Hand(rules, cards, 0)
    play_out(hand, [make_bot("easy", seed=2) for _ in range(4)], stop_after=10)
    me = hand.turn
    others = [s for s in range(4) if s != me]
    played = sum(1 << c for _, c in hand.plays)
    twin = Hand(rules, _swap_hidden(cards, others[0], others[1], played), 0)
    for _, c in hand.plays:
        twin.play(c)
    assert twin.hands != hand.hands
    view, twin_view = seat_view(hand, me), seat_view(twin, me)
    assert view == twin_view
    bot = make_bot(level, seed=5, budget_ms=TINY)
    assert bot.choose_play(view) == make_bot(level, seed=5, budget_ms=TINY).choose_play(twin_view)


@pytest.mark.parametrize("level", LEVELS)
def test_pass_depends_only_on_own_cards(level: str) -> None:
    rules = preset("classic")
    cards = deal(rules, 12)
    twin_cards = _swap_hidden(cards, 1, 2, 0)
    views = [seat_view(Hand(rules, c, 1), 0) for c in (cards, twin_cards)]
    assert views[0] == views[1]
    picks = {make_bot(level, seed=9, budget_ms=TINY).choose_pass(v) for v in views}
    assert len(picks) == 1


def test_advice_play_and_pass() -> None:
    rules = preset("classic")
    hand = Hand(rules, deal(rules, 3), 1)
    advice = advise(seat_view(hand, 2), budget_ms=TINY)
    assert isinstance(advice, Advice)
    assert advice.cards & ~hand.hands[2] == 0 and advice.cards.bit_count() == 3
    assert advice.reason.code in REASON_CODES and advice.reason.params["cards"] == names(advice.cards)
    play_out(hand, [make_bot("easy") for _ in range(4)], stop_after=6)
    view = seat_view(hand, hand.turn)
    advice = advise(view, budget_ms=TINY)
    assert advice.cards.bit_count() == 1 and advice.cards & view.legal
    with pytest.raises(HeartsError) as err:
        advise(seat_view(hand, (hand.turn + 1) % 4))
    assert err.value.code == "not_to_act"


def test_bot_protocol_answers_only_the_seat_to_act() -> None:
    bot = make_bot("normal", seed=1)
    lines = [
        json.dumps({"record": {"deal": 5, "pass_offset": 1}, "seat": 2}),
        json.dumps({"record": {"deal": 5, "pass_offset": 0, "plays": ["2C"]}, "seat": 2}),
        json.dumps({"record": {"deal": 5, "pass_offset": 0, "plays": ["2C"]}, "seat": 1}),
        json.dumps({"record": {"deal": 5}, "seat": 9}),
        "not json",
    ]
    out = io.StringIO()
    errors = answer_lines(lines, lambda r: bot_answer(bot, r), out)
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert errors == 3
    hand2 = deal(preset("classic"), 5)[2]
    assert len(replies[0]["pass"]) == 3 and all(hand2 >> parse_card(c) & 1 for c in replies[0]["pass"])
    assert hand2 >> parse_card(replies[1]["card"]) & 1
    assert [r.get("error", {}).get("code") for r in replies[2:]] == ["not_to_act", "bad_seat", "bad_json"]


def test_arena_summary_has_the_public_keys(capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.console import main

    assert main(["arena", "--hero", "normal", "--field", "random", "--deals", "3", "--seed", "4", "--json",
                 "--rules", '{"preset": "three-players"}']) == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary) == {"hero", "field", "deals", "hands", "hero_points_per_hand", "field_points_per_hand",
                            "diff", "diff_se", "moons", "hero_ms_per_decision"}
    assert summary["deals"] == 3 and summary["hands"] == 9
    assert summary["diff"] == pytest.approx(summary["hero_points_per_hand"] - summary["field_points_per_hand"],
                                            abs=1e-3)
    assert set(summary["moons"]) == {"hero", "field"} and set(summary["hero_ms_per_decision"]) == {"median", "p95"}


def test_arena_duplicate_deals_replay_the_same_cards_for_every_seat() -> None:
    """Hero and field alike (deterministic normal bots): every replay is the same game, so the hero's
    points over its seats are that game's scores and the diff is exactly zero."""
    from hearts.bots.arena import play_deal

    rules = preset("classic")
    result = play_deal(rules, 0, 1, "normal", "normal")
    hand = Hand(rules, deal(rules, match_deal_number(0, 1)), rules.pass_offset(1))
    play_out(hand, [make_bot("normal") for _ in range(4)])
    assert result.hero_points == hand.score()
    assert sum(result.hero_points) == pytest.approx(sum(result.field_points))
