"""The hint's reason: a code with parameters that the page renders (static/js/i18n.js ``reasons``)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from conftest import make_hand, names
from hearts import Hand, HeartsError, deal, preset
from hearts.bots import Reason, advise, make_bot
from hearts.bots.advice import REASON_CODES
from hearts.bots.policy import AUTO, SPADE_GUARDS, explain_pass, explain_play, table_of
from hearts.bots.search.budget import DEFAULT_BUDGET_MS
from hearts.bots.search.pimc import Choice, Scored, SearchConfig
from hearts.bots.strong import EXPERT_BUDGET_MS, EXPERT_CONFIG, StrongBot
from hearts.cards import SUITS, cards_of, parse_card
from hearts.rules import PRESETS
from hearts.view import SeatView, seat_view
from i18n_blocks import block_texts

UNCAPPED = SearchConfig(time_cap=1000.0)  # no wall-clock cap: the same work on a busy machine
def reason_texts() -> dict[str, dict[str, str]]:
    return block_texts("reasons")


def test_every_reason_code_has_a_text_in_every_language() -> None:
    texts = reason_texts()
    assert {"en", "de"} <= set(texts)
    for lang, worded in texts.items():
        assert set(worded) == set(REASON_CODES), lang


def _views(rules_name: str, deals: int) -> list[SeatView]:
    """Every decision of a few hands of normal bots, as the deciding seat sees it."""
    rules = preset(rules_name)
    out = []
    for number in range(deals):
        hand = Hand(rules, deal(rules, number), rules.pass_offset(number + 1))
        bots = [make_bot("normal") for _ in range(rules.players)]
        while hand.phase == "pass":
            for seat in hand.to_act():
                out.append(seat_view(hand, seat))
                hand.choose_pass(seat, bots[seat].choose_pass(out[-1]))
        while hand.phase == "play":
            out.append(seat_view(hand, hand.turn))
            hand.play(bots[hand.turn].choose_play(out[-1]))
    return out


@pytest.mark.parametrize("rules_name", sorted(PRESETS))
def test_every_rule_of_the_heuristics_has_a_reason_code(rules_name: str) -> None:
    for view in _views(rules_name, 3):
        if view.phase == "pass":
            code = explain_pass(view.rules, view.hand)[1]
        else:
            code = explain_play(table_of(view), view.seat, view.hand, view.legal)[1]
        assert code in REASON_CODES


def _check_params(reason: Reason) -> None:
    """The parameter conventions the page relies on, and a value for every placeholder of both texts."""
    for key, value in reason.params.items():
        if key == "card" or key.endswith("_card"):
            assert isinstance(value, str) and parse_card(value) >= 0
        elif key == "cards" or key.endswith("_cards"):
            assert isinstance(value, list) and value == names(sum(1 << parse_card(c) for c in value))
        elif key == "suit" or key.endswith("_suit"):
            assert isinstance(value, str) and value in SUITS
        elif key == "points" or key.endswith("_points"):
            assert isinstance(value, str) and re.fullmatch(r"-?\d+\.\d", value)
        else:
            assert isinstance(value, int) and not isinstance(value, bool)
    for texts in reason_texts().values():
        assert set(re.findall(r"\{(\w+)\}", texts[reason.code])) <= set(reason.params), reason


@pytest.mark.parametrize("rules_name", ["classic", "omnibus", "three-players", "black-maria", "spot-hearts",
                                       "omnibus-10d", "partners"])
def test_advice_reasons_follow_the_conventions(rules_name: str) -> None:
    for view in _views(rules_name, 2)[::3]:
        advice = advise(view, budget_ms=3, config=UNCAPPED)
        _check_params(advice.reason)
        shown = advice.reason.params.get("card", advice.reason.params.get("cards"))
        assert shown == (names(advice.cards)[0] if view.phase == "play" else names(advice.cards))
        assert json.loads(json.dumps(advice.reason.to_json())) == {"code": advice.reason.code,
                                                                   "params": dict(advice.reason.params)}


def test_a_pass_reason_names_the_threshold_the_heuristics_use() -> None:
    """Q♠ with fewer low spades than the heuristics want as guards: the rule and the hint quote their number."""
    rules = preset("classic")
    guarded = make_hand(rules, {0: "QS " + " ".join(f"{r}S" for r in "234"[:SPADE_GUARDS])}, pass_offset=1)
    assert explain_pass(rules, guarded.hands[0])[1] != "pass_queen"
    view = seat_view(Hand(rules, deal(rules, 8), 1), 3)  # Q♠ K♠ and too few low spades: the search agrees
    cards, code = explain_pass(rules, view.hand)
    assert code == "pass_queen" and cards >> parse_card("QS") & 1
    advice = advise(view, budget_ms=30, config=UNCAPPED)
    assert advice.reason.code == "pass_queen" and advice.cards == cards
    assert advice.reason.params["guards"] == SPADE_GUARDS


def test_the_expert_gives_hints_with_its_own_search_and_the_same_reasons(monkeypatch: pytest.MonkeyPatch) -> None:
    """``advise(level=...)`` builds the level's bot (expert: EXPERT_BUDGET_MS and EXPERT_CONFIG unless
    given), and its reason follows the same conventions; a level without a search is ``bad_level``."""
    built: list[tuple[int, SearchConfig]] = []
    search = StrongBot.decide_play

    def spy(bot: StrongBot, view: SeatView) -> Choice:
        built.append((bot.budget_ms, bot.config))
        return search(StrongBot(bot.seed, 3, replace(bot.config, time_cap=1000.0)), view)  # the bot, cheaply

    monkeypatch.setattr(StrongBot, "decide_play", spy)
    view = next(v for v in _views("classic", 1) if v.phase == "play" and v.legal.bit_count() > 2)
    for level, budget_ms in [("strong", None), ("expert", None), ("expert", 9)]:
        advice = advise(view, budget_ms=budget_ms, seed=2, level=level)
        assert advice.cards.bit_count() == 1 and advice.cards & view.legal and advice.reason.code in REASON_CODES
        _check_params(advice.reason)
    assert built == [(DEFAULT_BUDGET_MS, SearchConfig()), (EXPERT_BUDGET_MS, EXPERT_CONFIG), (9, EXPERT_CONFIG)]
    for level in ("normal", "easy", "human", "Expert"):
        with pytest.raises(HeartsError) as err:
            advise(view, level=level)
        assert err.value.code == "bad_level"
    assert len(built) == 3  # refused before any search


@pytest.mark.parametrize(("points", "equity", "code"), [
    ((3.2, 4.0), (0.251, 0.252), "better"),  # fewer points expected: the points say why
    ((10.9, 6.5), (0.30, 0.26), "safer"),    # more points, a better chance to win the match (a moon stopped)
    ((5.04, 5.01), (0.251, 0.249), "close"),  # neither figure, as shown, tells them apart
    ((5.0, 5.0), (0.27, 0.26), "safer"),
])
def test_a_searched_reason_never_argues_against_its_choice(monkeypatch: pytest.MonkeyPatch, points: tuple[float, float],
                                                           equity: tuple[float, float], code: str) -> None:
    """The search chooses by the chance to win the match, the hint quoted the points expected: a choice that
    expects more points than the usual one (stopping a moon, say) read "≈10.9 points expected, against ≈6.5
    for the usual choice", a reason not to play it. Now the figure that tells them apart is the one quoted."""
    views = _views("classic", 1)
    play = next(v for v in views if v.phase == "play" and v.legal.bit_count() > 2)
    chosen, usual = cards_of(play.legal)[:2]
    pick = views[0]
    chosen_set, usual_set = (sum(1 << c for c in cards_of(pick.hand)[i:i + 3]) for i in (0, 3))

    def choice(card: int, rule_card: int) -> Choice:
        rule = Scored(rule_card, AUTO, equity[1], points[1], 40)
        return Choice(card, False, equity[0], points[0], 40, heuristic=rule, runner_up=rule, options=(rule,))

    monkeypatch.setattr(StrongBot, "decide_play", lambda bot, view: choice(1 << chosen, 1 << usual))
    monkeypatch.setattr(StrongBot, "decide_pass", lambda bot, view: choice(chosen_set, usual_set))
    for view, prefix in ((play, "search"), (pick, "pass_search")):
        reason = advise(view).reason
        assert reason.code == f"{prefix}_{code}"
        _check_params(reason)
        assert (reason.params["equity"], reason.params["rule_equity"]) == tuple(round(100 * e) for e in equity)
        assert reason.params["points"] == f"{points[0]:.1f}" and reason.params["rule_points"] == f"{points[1]:.1f}"
