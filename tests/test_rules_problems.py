"""Refused house rules carry a ``problem`` code (and its parameters) that the page words itself
(static/locales/<lang>.json ``rulesProblem``): the settings dialog shows why, in the player's language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hearts.errors import HeartsError
from hearts.rules import Rules
from i18n_blocks import block_texts

RULES_SOURCE = (Path(__file__).resolve().parents[1] / "py" / "hearts" / "rules.py").read_text(encoding="utf-8")


def test_every_refusal_of_the_rules_names_its_problem() -> None:
    refusals = RULES_SOURCE.count('HeartsError("bad_rules"')
    assert refusals > 10
    assert RULES_SOURCE.count('{"problem": ') == refusals


def test_every_problem_has_a_text_in_every_language() -> None:
    problems = set(re.findall(r'\{"problem": "(\w+)"', RULES_SOURCE))
    texts = block_texts("rulesProblem")
    assert {"en", "de"} <= set(texts)
    for lang, worded in texts.items():
        assert set(worded) == problems, lang


@pytest.mark.parametrize(("rules", "problem", "params"), [
    ({"sun": True, "moon": "off"}, "sun_needs_moon", {}),
    ({"moon_needs_jack": True}, "moon_needs_jack", {}),
    ({"players": 5, "removed": []}, "deck_uneven", {"size": 52, "players": 5}),
    ({"removed": ["2C"]}, "deck_uneven", {"size": 51, "players": 4}),
    ({"removed": ["QS", "2D", "3D", "4D"]}, "queen_removed", {}),
    ({"jack_of_diamonds": True, "removed": ["JD", "2D", "3D", "4D"]}, "jack_removed", {}),
    ({"pass_count": 13}, "range", {"rule": "pass_count", "min": 1, "max": 12}),
    ({"queen_points": 101}, "range", {"rule": "queen_points", "max": 100}),
    ({"target": 0}, "target", {"max": 10_000}),
    ({"target": 10_001}, "target", {"max": 10_000}),
    ({"jokers": 2}, "unknown", {"rule": "jokers"}),
    ({"players": "four"}, "value", {"rule": "players"}),
    ({"passing": "sideways"}, "value", {"rule": "passing"}),
    ({"preset": "chess"}, "value", {"rule": "preset"}),
    ({"extra_points": {"QS": 5}}, "extra_points_card", {"card": "QS"}),
    ({"extra_points": {"7h": 5}}, "extra_points_card", {"card": "7H"}),
    ({"jack_of_diamonds": True, "extra_points": {"JD": 5}}, "extra_points_card", {"card": "JD"}),
    ({"players": 5, "extra_points": {"2S": 5}}, "extra_points_removed", {"card": "2S"}),
    ({"extra_points": {"KS": 101}}, "range", {"rule": "extra_points", "min": -100, "max": 100}),
    ({"extra_points": {"KS": "10"}}, "value", {"rule": "extra_points"}),
    ({"extra_points": {"KS": True}}, "value", {"rule": "extra_points"}),
    ({"extra_points": {"XX": 1}}, "value", {"rule": "extra_points"}),
    ({"extra_points": {"KS": 1, "ks": 2}}, "value", {"rule": "extra_points"}),
    ({"extra_points": [["KS", 10]]}, "value", {"rule": "extra_points"}),
    ({"heart_points": "pips"}, "value", {"rule": "heart_points"}),
    ({"jack_of_diamonds": True, "bonus_card": "QD"}, "value", {"rule": "bonus_card"}),
    ({"jack_of_diamonds": True, "bonus_card": 10}, "value", {"rule": "bonus_card"}),
    ({"bonus_card": "TD"}, "bonus_needs_jack", {}),
    ({"jack_of_diamonds": True, "bonus_card": "TD", "removed": ["TD", "2D", "3D", "4D"]}, "jack_removed",
     {"card": "TD"}),
    ({"teams": 1}, "value", {"rule": "teams"}),
    ({"teams": True, "players": 5}, "teams_players", {"players": 5}),
    ({"teams": True, "players": 3}, "teams_players", {"players": 3}),
])
def test_refused_rules_say_which_problem(rules: dict[str, Any], problem: str, params: dict[str, Any]) -> None:
    with pytest.raises(HeartsError) as refused:
        Rules.from_json(rules)
    assert refused.value.code == "bad_rules"
    assert refused.value.params["problem"] == problem
    assert params.items() <= refused.value.params.items()


def test_a_non_object_is_refused_as_not_an_object() -> None:
    with pytest.raises(HeartsError) as refused:
        Rules.from_json("classic")  # type: ignore[arg-type]
    assert refused.value.params == {"problem": "not_object"}
