"""The end-of-hand review: every hand face up, one step per decision of the person with the strong
bot's choice and the points lost, computed in the worker while the dialog is already open."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from conftest import Table
from helpers import SAVE_KEY, screen, stored

STEP = "[data-review-step]"


def open_review(page: Page, selector: str = '#result [data-action="review"]') -> None:
    page.click(selector)
    expect(page.locator("[data-review]")).to_be_visible()


def wait_for_verdicts(page: Page, steps: int) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('{STEP}[data-loss]').length === {steps}", timeout=120_000)


def check_steps(page: Page, players: int, hand_size: int, passing: bool) -> list[dict[str, str]]:
    steps = page.locator(STEP).evaluate_all(
        "n => n.map(e => ({card: e.dataset.reviewCard, best: e.dataset.best, loss: e.dataset.loss}))")
    assert len(steps) == hand_size + (1 if passing else 0)
    if passing:
        assert len(steps[0]["card"].split(",")) == 3 and len(steps[0]["best"].split(",")) == 3
    for step in steps:
        loss = float(step["loss"])
        assert loss >= 0
        assert (loss == 0) == (step["card"] == step["best"]), step
    for seat in range(players):
        expect(page.locator(f'[data-review-hand="{seat}"] .rc-list').first).not_to_be_empty()
    return [{str(k): str(v) for k, v in step.items()} for step in steps]


def test_review_of_a_hand_in_english(table: Table) -> None:
    page = table.open(seed=21, bots="normal", lang="en").page
    table.play_hand()
    open_review(page)
    # The dialog is there at once; the verdicts come one by one with visible progress.
    expect(page.locator(STEP)).to_have_count(14)
    expect(page.locator(".review-progress")).to_contain_text("Strong bot's verdicts")
    wait_for_verdicts(page, 14)
    steps = check_steps(page, 4, 13, True)
    expect(page.locator("[data-review-summary]")).to_have_text(
        "No points lost to choices this hand: every choice was as good as the strong bot's."
        if all(float(s["loss"]) == 0 for s in steps) else re.compile(r"^≈ \d+\.\d points lost"))
    # How far to trust a verdict, in a player's words; no figure of the search's budget ("60 ms of work").
    expect(page.locator(".review-sure")).to_contain_text("A small difference is a hint, not a certainty.")
    expect(page.locator("#dlg-review")).not_to_contain_text(re.compile(r"\d\s*ms\b"))
    # The bots played fair: a bot's card shows what that bot could see, nothing more.
    expect(page.locator(".review-fair")).to_contain_text("The bots played fair")
    page.locator("[data-review-play]").first.click()
    saw = page.locator("[data-review-saw]")
    expect(saw.locator("h3")).to_contain_text("trick 1, knowing:")
    expect(saw).to_contain_text("Nothing else: no other seat's cards.")
    # Card names apart for the ear (a hidden comma): "two of clubs, five of clubs", not run together.
    apart = re.compile(r" of (clubs|diamonds|hearts|spades), \w+ of ")
    expect(saw).to_contain_text(apart)
    expect(page.locator('[data-review-hand="0"] .rc-list').first).to_contain_text(apart)
    # Below the list of tricks: brought into the dialog's view, and said (a polite live region).
    expect(saw).to_be_in_viewport()
    expect(saw).to_have_attribute("aria-live", "polite")
    page.set_viewport_size({"width": 1280, "height": 800})
    screen(page, "review-desktop-en")
    page.click('[data-action="close-review"]')
    expect(page.locator("#dlg-review")).not_to_be_visible()


@pytest.mark.browser_context_args(locale="de-DE", viewport={"width": 390, "height": 844})
def test_review_from_the_score_sheet_in_german_on_a_phone(page: Page) -> None:
    table = Table(page)
    table.open(seed=22, bots="easy", lang="de", rules={"preset": "three-players"})
    table.play_hand()
    table.next_hand()
    page.click('.bar [data-action="scores"]')
    page.locator('#dlg-scores [data-action="review-hand"]').first.click()
    expect(page.locator("#dlg-review h2")).to_have_text("Rückblick auf Spiel 1")
    wait_for_verdicts(page, 18)
    check_steps(page, 3, 17, True)
    expect(page.locator(".review-fair")).to_contain_text("fair gespielt")
    screen(page, "review-phone-de", full_page=False)


def test_the_table_goes_on_while_the_review_computes_and_nothing_changes(table: Table) -> None:
    page = table.open(seed=23, bots="easy", lang="en", rules={"passing": "none"}).page
    table.play_hand()
    before = stored(page, SAVE_KEY)
    open_review(page)
    expect(page.locator(STEP)).to_have_count(13)
    # Closing before the end stops the computing; the match and its save are as they were.
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-review")).not_to_be_visible()
    table.next_hand()
    first_hand = json.loads(stored(page, SAVE_KEY) or "{}")["match"]["hands"][0]
    assert first_hand == json.loads(before or "{}")["match"]["hands"][0]
