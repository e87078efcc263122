"""The variants at the table: a preset from the menu, partners' totals, a claim, the early end, four cards passed.

Each test plays by clicks with numbered deals and a fixed seed; what the hand must end with comes
from the same match played here through the table's commands (``hearts.table.api.call``), with the
person making the same choices: the bots and the deals are the same Python in the browser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from conftest import Table
from hearts.table.api import call
from hearts.table.service import TableService
from helpers import MAX_TURNS, RECORD_LOG, Settings, heard, play_until_over

MAX_HANDS = 8  # a bound on a short match's hands, so a stuck match fails
RESULT = "#result"


# -- the same match, played here ----------------------------------------------------------------------

Choice = Callable[[list[str]], str]


def first(legal: list[str]) -> str:
    return legal[0]


def highest(legal: list[str]) -> str:
    """The last legal card as the hand shows them: it throws points late, so hands often end early."""
    return legal[-1]


class Model:
    """A match through the table's commands, the person passing the first cards shown and playing `choose`."""

    def __init__(self, settings: dict[str, Any], choose: Choice = first, claim: bool = False) -> None:
        self.table = TableService()
        self.choose = choose
        self.claim = claim
        self.events: list[dict[str, Any]] = []
        self.state = self.send("new_match", settings)

    def send(self, name: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
        answer = json.loads(call(name, json.dumps(payload or {}), self.table))
        assert "error" not in answer, answer
        self.events += answer["events"]
        state: dict[str, Any] = answer["state"]
        return state

    def hand(self) -> dict[str, Any]:
        """Play the hand on the table to its result; that result."""
        state = self.state
        while state["stage"] in ("pass", "play"):
            if state["bots_to_act"]:
                state = self.send("advance")
            elif state["phase"] == "pass":
                state = self.send("pass", {"cards": [c["card"] for c in state["hand"]][:state["pass"]["count"]]})
            elif self.claim and state["can_claim"]:
                state = self.send("claim")
            else:
                state = self.send("play", {"card": self.choose([c["card"] for c in state["hand"] if c["legal"]])})
        self.state = state
        result: dict[str, Any] = state["result"]
        return result

    def match(self) -> dict[str, Any]:
        """Play hands until the match is over; the last state."""
        for _ in range(MAX_HANDS):
            self.hand()
            if self.state["stage"] == "match_over":
                return self.state
            self.state = self.send("next_hand")
        raise AssertionError("the model's match did not end")


# -- reading and playing the page --------------------------------------------------------------------

def number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


def seat_scores(page: Page) -> list[int]:
    """The hand's score of every seat in the result panel (in seat order while the match goes on)."""
    cells = page.locator(f"{RESULT} .scores-table:not(.sides-table) tbody tr td:nth-child(2)").all_inner_texts()
    return [number(text) for text in cells]


def play_with(choose: Choice) -> Callable[[Table], None]:
    """A turn of `play_until_over` that clicks the card `choose` picks among the legal ones."""
    def play(table: Table) -> None:
        table.page.click(f'#hand [data-card="{choose(table.legal())}"]')
    return play


def play_match(table: Table) -> None:
    page = table.page
    for _ in range(MAX_HANDS):
        play_until_over(table)
        if page.locator(f'{RESULT} [data-action="play-again"]').count():
            return
        table.next_hand()
    raise AssertionError(f"no match end within {MAX_HANDS} hands")


# -- a preset from the menu -------------------------------------------------------------------------

def test_black_maria_from_the_rule_set_menu_plays_a_hand_to_its_end(table: Table) -> None:
    page = table.open(seed=5, bots="easy", lang="en").page
    settings = Settings(page).open()
    settings.preset("Black Maria")
    summary = settings.dialog.locator(".preset-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("counts 10 and")
    expect(settings.derived).to_contain_text("moon 43")
    expect(settings.control("king of spades counts")).to_have_value("10")
    expect(settings.control("ace of spades counts")).to_have_value("7")
    settings.start()
    expected = Model({"rules": {"preset": "black-maria"}, "seed": 5, "bots": "easy"}).hand()
    play_until_over(table)
    assert seat_scores(page) == expected["scores"]
    assert sum(expected["points"]) in (43, 0)  # every point of Black Maria is taken (or a moon moved them)
    page.click('[data-action="scores"]')
    expect(page.locator("#dlg-scores .rules-summary")).to_contain_text("Extra points")


def test_the_menu_offers_every_new_preset_with_its_summary(table: Table) -> None:
    page = table.open(seed=1, bots="easy", lang="en").page
    settings = Settings(page).open()
    summary = settings.dialog.locator(".preset-summary")
    for label, words in (("Spot Hearts", "its rank"), ("Omnibus (ten of diamonds −10)", "gets −10"),
                         ("Partners", "Partners across the table"), ("Black Maria", "as well as")):
        settings.preset(label)
        expect(summary).to_contain_text(words)
    settings.preset("Partners")
    expect(settings.control("Partners across the table (4 or 6 players)")).to_be_checked()


@pytest.mark.parametrize(("preset", "summary"), [
    # Seed 003: "„nach Wahl“ (der Schütze zieht sich selbst 26 ab, wenn die +26 für alle anderen die Partie beenden
    # würden, ohne dass er gewinnt)": the table decides by that rule, nobody is asked to choose.
    ("moon-choice", "Everyone else gets the moon's points, unless that would end the match without the shooter "
                    "winning: then the shooter subtracts them."),
    # Seed 000, six players: "zwei Plätze nach links, dann drei, vier, fünf und zum Schluss sechs Plätze": the
    # passing is what sets this preset apart from "Six players" besides Q♠ 12.
    ("wikipedia-6", "Six players without the 2s, queen of spades counts 12, passing 1 to 5 seats on."),
])
def test_a_preset_summary_says_the_rule_it_plays(table: Table, preset: str, summary: str) -> None:
    page = table.open(seed=1, bots="easy", lang="en").page
    settings = Settings(page).open()
    settings.preset_named(preset)
    expect(settings.dialog.locator(".preset-summary")).to_have_text(summary)


# -- partners ---------------------------------------------------------------------------------------

def test_a_partners_match_ends_with_each_sides_total(table: Table) -> None:
    rules = {"preset": "partners", "target": 30}
    page = table.open(seed=5, bots="easy", rules=rules, lang="en").page
    end = Model({"rules": rules, "seed": 5, "bots": "easy"}).match()
    play_match(table)
    for side, total in enumerate(end["team_totals"]):
        expect(page.locator(f'{RESULT} [data-side-total="{side}"]')).to_have_text(str(total))
    mine = next(i for i, side in enumerate(end["sides"]) if 0 in side)
    won = end["match"]["winning_sides"]
    expect(page.locator(f"{RESULT} .winners")).to_have_text("Your side wins!" if won == [mine] else re.compile(r" win"))
    expect(page.locator(f"{RESULT} .sides-table caption")).to_have_text("Sides")
    # Sides, places and a chart make the panel scroll: its next step stays in sight at its foot.
    panel = page.locator(RESULT)
    assert panel.evaluate("p => p.scrollHeight > p.clientHeight"), "the panel does not scroll: nothing is tested"
    play_again = page.locator(f'{RESULT} [data-action="play-again"]')
    assert play_again.evaluate("""b => { const r = b.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b; }""")
    page.click('[data-action="scores"]')
    sheet = page.locator("#dlg-scores")
    for side, total in enumerate(end["team_totals"]):
        expect(sheet.locator(f'[data-side-total="{side}"]')).to_have_text(str(total))
    partner = page.inner_text('#seats .seat[data-seat="2"] .name')
    expect(sheet.locator("thead th.side").first).to_have_text(f"You & {partner}")


# -- a claim ----------------------------------------------------------------------------------------

def test_a_claim_shows_when_the_rest_is_decided_and_ends_the_hand_with_its_score(table: Table) -> None:
    model = Model({"seed": 2, "bots": "easy"}, claim=True)
    expected = model.hand()
    claimed = [e for e in model.events if e["type"] == "claimed"]
    assert claimed, "the person can claim in this deal"
    page = table.open(seed=2, bots="easy", lang="en").page
    claim = page.locator('[data-action="claim"]')
    for _ in range(MAX_TURNS):
        phase = table.wait_for_choice()
        assert phase != "over", "the claim did not show"
        if phase == "pass":
            table.pass_cards()
        elif claim.is_visible():
            break
        else:
            table.play_any()
    expect(claim).to_have_accessible_name("Claim the rest")
    claim.focus()  # a button: Tab reaches it, Enter presses it
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{RESULT}:not([hidden])")
    expect(claim).to_be_hidden()
    assert seat_scores(page) == expected["scores"]
    tricks = claimed[0]["tricks"]
    expect(page.locator("#log")).to_contain_text(f"You claim: the rest is decided, the last {tricks} tricks")


# -- the early end ----------------------------------------------------------------------------------

def test_the_early_end_on_plays_the_rest_at_once_and_says_why(table: Table) -> None:
    model = Model({"seed": 7, "bots": "easy"}, choose=highest)
    expected = model.hand()
    early = [e for e in model.events if e["type"] == "early_end"]
    assert early and early[0]["tricks"] > 1, "no points are left before the end of this deal"
    page = table.open(seed=7, bots="easy", lang="en").page
    play_until_over(table, play_with(highest))
    assert seat_scores(page) == expected["scores"]
    expect(page.locator("#log")).to_contain_text(
        f"No points are left: the last {early[0]['tricks']} tricks are played at once.")


def test_the_early_end_off_plays_every_card_and_scores_the_same(table: Table) -> None:
    expected = Model({"seed": 7, "bots": "easy", "early_end": False}, choose=highest).hand()
    page = table.open(seed=7, bots="easy", lang="en").page
    settings = Settings(page).open()
    settings.check("End the hand when no points are left", False)
    settings.start()
    play_until_over(table, play_with(highest))
    assert seat_scores(page) == expected["scores"]
    assert expected["scores"] == Model({"seed": 7, "bots": "easy"}, choose=highest).hand()["scores"]
    expect(page.locator("#log")).not_to_contain_text("No points are left")
    settings.open()
    expect(settings.control("End the hand when no points are left")).not_to_be_checked()


# -- a sun with the J♦ --------------------------------------------------------------------------------

FULL_DECK = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]
SMALL_DECK = "2C 3C 4C AC 2D 3D JD AD 2H 3H 4H AH 2S 3S QS AS".split()  # four cards each


def test_a_sun_claimed_with_the_jack_of_diamonds_is_marked_explained_earned_and_counted(table: Table) -> None:
    """Seed 957 deals the person every ace of this small deck: a claim takes every trick."""
    rules = {"removed": [c for c in FULL_DECK if c not in SMALL_DECK], "passing": "none",
             "jack_of_diamonds": True, "sun": True, "target": 30}
    page = table.open(seed=957, bots="easy", lang="en", rules=rules).page
    page.evaluate(RECORD_LOG)
    table.wait_for_choice()
    page.click('[data-action="claim"]')
    expect(page.locator(RESULT)).to_contain_text("You shot the sun!")
    expect(page.locator(f"{RESULT} .jack-line")).to_have_text("You took jack of diamonds: −10.")  # why −10
    earned = [line for line in heard(page) if line.startswith("Achievement: ")]
    assert {"Achievement: Shoot the moon", "Achievement: Shoot the sun"} <= set(earned), earned  # every point card too
    page.click('[data-action="scores"]')
    sheet = page.locator("#dlg-scores")
    # The sun's own mark, and the J♦'s (its spoken name for the ear; the eye sees J and a diamond).
    expect(sheet.locator("tbody td.moon")).to_have_text("☀\ufe0e jack of diamonds -10")
    expect(sheet.locator("tbody td.moon .jack-mark .card-ref-label")).to_have_attribute("data-rank", "J")
    expect(sheet.locator(".lb-line")).to_contain_text("hand 1: 23")  # 13 for the sun, raised by the J♦'s −10


# -- four cards passed ------------------------------------------------------------------------------

def test_four_cards_to_pass_chosen_in_the_settings(table: Table) -> None:
    page = table.open(seed=3, bots="easy", lang="en").page
    settings = Settings(page).open()
    settings.type("Cards passed", "4")
    expect(settings.derived).not_to_have_class(re.compile("error"))
    settings.start()
    expect(page.locator("#status")).to_have_text(re.compile(r"^Pass 4 cards to the left, to .+"))
    expect(page.locator('[data-action="pass"]')).to_have_text("Pass 0/4")
    table.pass_cards()
    assert table.wait_for_choice() in ("play", "over")
    expect(page.locator("#hand .card.received")).to_have_count(4)
    page.click('[data-action="scores"]')
    expect(page.locator("#dlg-scores .rules-summary")).to_contain_text(
        "Passing: Pass left, Pass right, Pass across, No passing (4)")


def test_a_cycle_of_seat_offsets_is_said_in_words_on_the_score_sheet(table: Table) -> None:
    page = table.open(seed=3, bots="easy", lang="en", rules={"players": 5, "passing": [2, 0]}).page
    page.click('[data-action="scores"]')
    expect(page.locator("#dlg-scores .rules-summary")).to_contain_text("Passing: Pass 2 left, No passing (3)")
    page.keyboard.press("Escape")
    table.open(seed=3, bots="easy", lang="en", rules={"passing": "none"})
    page.click('[data-action="scores"]')
    summary = page.locator("#dlg-scores .rules-summary")
    expect(summary).to_contain_text("Passing: No passing")
    expect(summary).not_to_contain_text("No passing (")
