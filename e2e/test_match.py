"""A whole match by mouse clicks, with the fast animations: refusals, the match end, a new match."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from conftest import Table
from helpers import (
    click_illegal,
    label_of,
    legal_flags,
    play_until_over,
    result_rows,
    snapshot,
    until_i_hold_an_illegal_card,
)

MAX_HANDS = 8  # target 10 ends a match after a hand or two; a bound, so a stuck match fails


def refuse(table: Table, card: str) -> None:
    """Click a card the person may not play: a message names it, nothing at all changes."""
    page = table.page
    before = snapshot(table)
    expect(click_illegal(page, card)).to_contain_text(label_of(page, card))
    table.wait_for_choice()
    assert snapshot(table) == before


def play_refusing_an_illegal_card(table: Table) -> str:
    """One turn: first click an illegal card (if the person holds one) and see it refused, then a legal one."""
    illegal = [card for card, legal in legal_flags(table.page).items() if not legal]
    if illegal:
        refuse(table, illegal[0])
    card = table.play_any()
    expect(table.page.locator(f'#hand [data-card="{card}"]')).to_have_count(0)
    return card


def totals_in_result(page: Page) -> dict[str, int]:
    return {re.sub(r"^\d+\.\s*", "", name): int(total) for name, _, total in result_rows(page)}


def test_a_match_by_clicks_ends_with_places_and_a_new_match_starts(table: Table) -> None:
    page = table.open(seed=2, bots="easy", rules={"target": 10}).page
    expect(table.root).to_have_attribute("data-phase", "pass")
    for _ in range(MAX_HANDS):
        play_until_over(table, play_refusing_an_illegal_card)
        if page.locator('#result [data-action="play-again"]').count():
            break
        table.next_hand()
    else:
        raise AssertionError(f"no match end within {MAX_HANDS} hands")
    expect(page.locator("#result h2")).to_have_text("Match over")
    expect(page.locator("#result .winners")).not_to_be_empty()
    names = page.locator("#seats .seat .name").all_inner_texts()
    shown = dict(zip(names, table.scores()))
    assert totals_in_result(page) == shown
    assert max(shown.values()) >= 10
    places = {re.sub(r"^\d+\.\s*", "", row[0]): int(row[0].split(".")[0]) for row in result_rows(page)}
    assert places == {name: 1 + sum(t < total for t in shown.values()) for name, total in shown.items()}
    page.click('.bar [data-action="scores"]')
    sheet = page.locator("#dlg-scores tfoot td").all_inner_texts()[2:]
    assert [int(t) for t in sheet] == table.scores()
    page.keyboard.press("Escape")
    page.click('.bar [data-action="new-match"]')
    expect(page.locator("#result")).to_be_hidden()
    expect(table.root).to_have_attribute("data-phase", "pass")
    assert table.scores() == [0, 0, 0, 0] and len(table.hand()) == 13
    expect(page.locator("#match-info")).to_contain_text("Hand 1")


def test_an_illegal_card_is_refused_with_the_reason_and_a_legal_one_plays(table: Table) -> None:
    page = table.open(seed=3, bots="easy", rules={"passing": "none"}).page
    illegal = until_i_hold_an_illegal_card(table)
    name = re.escape(label_of(page, illegal[0]))
    expect(click_illegal(page, illegal[0])).to_have_text(re.compile(rf"^You can't play {name} now: .+"))
    table.wait_for_choice()
    play_refusing_an_illegal_card(table)
