"""Help at the table: the hint (a card and the reason) and undo of the person's last play."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import Table
from helpers import (
    click_illegal,
    mark_toasts,
    new_toast,
    snapshot,
    spoken_name,
    until_i_hold_an_illegal_card,
    until_my_turn_in_play,
)


def ask_for_a_hint(table: Table) -> list[str]:
    """Press the hint button: a reason shows; returns the cards the hint marks."""
    page = table.page
    mark_toasts(page)
    page.click('.bar [data-action="hint"]')
    reason = new_toast(page)
    expect(reason).to_have_class("toast gold hint")
    expect(reason).not_to_be_empty()
    hinted = page.locator("#hand .card.hinted")
    expect(hinted).not_to_have_count(0)
    return [str(card) for card in hinted.evaluate_all("n => n.map(e => e.dataset.card)")]


def test_the_hint_shows_cards_and_a_reason_when_passing_and_playing(table: Table) -> None:
    table.open(seed=90, bots="easy")
    table.wait_for_choice()
    to_pass = ask_for_a_hint(table)
    assert len(to_pass) == 3 and set(to_pass) <= set(table.hand())
    table.pass_cards(to_pass)
    until_my_turn_in_play(table)
    to_play = ask_for_a_hint(table)
    assert len(to_play) == 1 and to_play[0] in table.legal()


# Whether the message showing now was taken off before its time ran out (it fades out with "out").
WATCH_TOAST = """() => {
    const showing = document.querySelector('#toasts .toast');
    window.cutShort = null;
    new MutationObserver(() => {
        if (!showing.isConnected && window.cutShort === null) window.cutShort = !showing.classList.contains('out');
    }).observe(document.querySelector('#toasts'), {childList: true});
}"""


def test_a_hint_asked_for_while_a_message_shows_takes_its_place(table: Table) -> None:
    """A hint waiting behind another message would show later, about a choice already made."""
    page = table.open(seed=90, bots="easy", lang="en").page
    table.pass_cards()
    refused = click_illegal(page, until_i_hold_an_illegal_card(table)[0])
    expect(refused).to_contain_text("You can't play")
    page.evaluate(WATCH_TOAST)
    ask_for_a_hint(table)
    assert page.evaluate("window.cutShort") is True


def test_undo_takes_back_the_persons_last_play_and_what_followed(table: Table) -> None:
    page = table.open(seed=91, bots="easy", rules={"passing": "none"}).page
    undo = page.locator('.bar [data-action="undo"]')
    until_my_turn_in_play(table)
    expect(undo).to_be_disabled()
    table.play_any()
    until_my_turn_in_play(table)
    before = snapshot(table)
    card = table.play_any()
    until_my_turn_in_play(table)
    assert card not in table.hand()
    expect(undo).to_be_enabled()
    undo.click()
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(1)
    # Said as well as shown: the play taken back, then the turn again.
    expect(page.locator("#log")).to_contain_text(f"Play taken back: {spoken_name(card)}.")
    table.wait_for_choice()
    assert snapshot(table) == before
