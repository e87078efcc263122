"""The table by keyboard alone: number keys, arrows and Enter for passing and playing, B, R, L, Esc."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from conftest import Table
from helpers import MAX_TURNS, RECORD_LOG, heard, mark_toasts, new_toast, spoken_name


def focused(page: Page) -> str | None:
    """The hand card that has the keyboard focus (None when the focus is elsewhere)."""
    card = page.evaluate("document.activeElement?.closest('#hand [data-card]')?.dataset.card ?? null")
    return None if card is None else str(card)


def focus_ring(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("""() => {
        const e = document.activeElement, s = getComputedStyle(e);
        return {visible: e.matches(':focus-visible'), style: s.outlineStyle, width: parseFloat(s.outlineWidth)};
    }"""))


# The card after the focused one, if the focused card covers the middle of its left strip
# (where its index and key show in the fan).
HIDDEN_NEIGHBOUR = """() => {
    const cards = [...document.querySelectorAll('#hand .card')];
    const at = cards.indexOf(document.activeElement);
    const next = at < 0 ? undefined : cards[at + 1];
    if (!next) return null;
    const box = next.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 8, (box.top + box.bottom) / 2);
    return hit?.closest('#hand .card') === next ? null : next.dataset.card;
}"""


def assert_visible_focus(page: Page) -> None:
    ring = focus_ring(page)
    assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 2, ring
    # The focused card keeps its place in the fan: raised, it would hide the next card's key.
    assert page.evaluate(HIDDEN_NEIGHBOUR) is None, "the focused card hides the next card's index and key"


def assert_focus_left_closed_dialogs(page: Page) -> None:
    """After a dialog closed, the keys must not go to a button hidden inside it.

    The page moves the focus in the dialog's ``close`` event, a task queued after the dialog
    hides, so this waits for it briefly instead of reading the focus in the same instant.
    """
    stuck = "document.activeElement?.closest('dialog:not([open])')?.id ?? null"
    try:
        page.wait_for_function(f"({stuck}) === null", timeout=2_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the focus stayed in the closed dialog #{page.evaluate(stuck)}") from None


def play_by_arrows_and_enter(table: Table) -> str:
    """Move the focus with → to a playable card, check it shows, and play it with Enter."""
    page = table.page
    for _ in range(len(table.hand()) + 1):
        page.keyboard.press("ArrowRight")
        if page.evaluate("document.activeElement?.dataset.legal === 'true'"):
            break
    card = focused(page)
    assert card in table.legal()
    assert_visible_focus(page)
    page.keyboard.press("Enter")
    return str(card)


def play_by_number_key(table: Table) -> str:
    card = table.legal()[0]
    table.page.keyboard.press("1")  # the first playable card
    return card


def test_a_hand_by_keyboard_alone(table: Table) -> None:
    page = table.open(seed=21, bots="easy").page
    hand = table.hand()
    page.keyboard.press("ArrowRight")
    first = focused(page)
    assert first in hand
    assert_visible_focus(page)
    page.keyboard.press("ArrowRight")
    second = focused(page)
    assert second == hand[(hand.index(str(first)) + 1) % len(hand)]
    assert_visible_focus(page)
    page.evaluate(RECORD_LOG)
    page.keyboard.press("Enter")  # picks the focused card …
    page.keyboard.press("1")  # … and the number keys pick by position
    page.keyboard.press("1")  # (put back, picked again)
    page.keyboard.press("1")
    page.keyboard.press("4")
    picked = {hand[0], hand[3], str(second)}
    pressed = page.locator('#hand [data-card][aria-pressed="true"]').evaluate_all("n => n.map(e => e.dataset.card)")
    assert set(pressed) == picked and len(picked) == 3
    # Each pick and put-back is said, with how many of the pass are picked (a number key's card
    # does not get the focus, so nothing else would say it).
    first, fourth = spoken_name(hand[0]), spoken_name(hand[3])
    expect(page.locator("#log p").last).to_have_text(f"{fourth} picked, 3 of 3.")
    assert [line for line in heard(page) if " of 3." in line] == [
        f"{spoken_name(str(second))} picked, 1 of 3.", f"{first} picked, 2 of 3.", f"{first} put back, 1 of 3.",
        f"{first} picked, 2 of 3.", f"{fourth} picked, 3 of 3."]
    page.keyboard.press("Shift+Tab")  # from the hand back to the pass button
    expect(page.locator('[data-action="pass"]')).to_be_focused()
    page.keyboard.press("Enter")
    for turn in range(MAX_TURNS):
        if table.wait_for_choice() == "over":
            break
        assert table.phase == "play"
        card = (play_by_arrows_and_enter if turn % 2 == 0 else play_by_number_key)(table)
        expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(0)
    assert not picked & set(table.hand())
    expect(page.locator("#result")).to_be_visible()
    # The played-out hand leaves the focus on the result's next step, not on the page, also once
    # the par line has arrived (the panel is drawn again then).
    expect(page.locator('#result [data-action="next-hand"]')).to_be_focused()
    expect(page.locator("#result [data-par]")).not_to_have_attribute("data-par", "", timeout=30_000)
    expect(page.locator('#result [data-action="next-hand"]')).to_be_focused()
    page.keyboard.press("b")
    expect(page.locator("#dlg-scores")).to_be_visible()
    expect(page.locator("#dlg-scores tbody tr")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-scores")).to_be_hidden()
    assert_focus_left_closed_dialogs(page)
    page.keyboard.press("Enter")  # next hand
    expect(table.root).to_have_attribute("data-phase", "pass")
    expect(page.locator("#match-info")).to_contain_text("Hand 2")
    for key in "123":  # README: 1–9 pick, Enter passes the picked cards
        page.keyboard.press(key)
    expect(page.locator('[data-action="pass"]')).to_be_enabled()
    page.keyboard.press("Enter")
    expect(page.locator('[data-action="pass"]')).to_be_hidden()


def test_r_shows_advice_with_a_reason_and_escape_clears_it(table: Table) -> None:
    page = table.open(seed=22, bots="easy", rules={"passing": "none"}).page
    table.wait_for_choice()
    mark_toasts(page)
    page.keyboard.press("r")
    toast = new_toast(page)
    expect(toast).not_to_be_empty()
    hinted = page.locator("#hand .card.hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-card") in table.legal()
    page.keyboard.press("Escape")
    expect(hinted).to_have_count(0)
    expect(toast).to_have_count(0, timeout=1500)  # its toast too (it would go by itself after 4.5 s)


def test_b_opens_the_score_sheet_and_escape_closes_every_dialog(table: Table) -> None:
    page = table.open(seed=23, bots="easy").page
    table.wait_for_choice()
    page.keyboard.press("b")
    expect(page.locator("#dlg-scores")).to_be_visible()
    page.keyboard.press("b")  # B closes the sheet it opened
    expect(page.locator("#dlg-scores")).to_be_hidden()
    page.keyboard.press("b")
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-scores")).to_be_hidden()
    page.click('.bar [data-action="settings"]')
    expect(page.locator("#dlg-settings")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-settings")).to_be_hidden()
    expect(table.root).to_have_attribute("data-phase", "pass")


def hold(page: Page, key: str, until: str) -> int:
    """`key` is down: go on pressing it, as the keyboard repeats a held key, until the function `until` is
    true in the page, and a few times more; then let it go. How many repeats were sent (bounded)."""
    repeats = 0
    for _ in range(MAX_TURNS):
        page.keyboard.down(key)  # pressed again while down: a repeat (KeyboardEvent.repeat)
        repeats += 1
        if page.evaluate(until):
            break
        page.wait_for_timeout(50)
    for _ in range(5):
        page.keyboard.down(key)
    page.keyboard.up(key)
    return repeats + 5


PERSONS_TURN = """() => { const t = document.querySelector('#table');
    return t.dataset.turn === '0' && !!document.querySelector('#hand [data-legal="true"]'); }"""


def test_a_card_key_held_down_plays_one_card(table: Table) -> None:
    """A held key repeats some thirty times a second: it played a card each time the turn came back."""
    page = table.open(seed=7, bots="easy", rules={"passing": "none"}).page
    table.wait_for_choice()
    hand = table.hand()
    page.evaluate("window.repeats = 0; addEventListener('keydown', (e) => { window.repeats += e.repeat; })")
    page.keyboard.down("1")
    # The card has left the hand (the turn may have gone round the table and back before a poll sees it).
    page.wait_for_function("(card) => !document.querySelector(`#hand [data-card='${card}']`)", arg=hand[0])
    sent = hold(page, "1", PERSONS_TURN)
    assert page.evaluate("window.repeats") == sent  # the page saw them as repeats
    table.wait_for_choice()
    assert table.hand() == hand[1:]  # the first card, once


def test_enter_held_down_on_a_result_goes_to_the_next_hand_only(table: Table) -> None:
    """Enter on the result's "Next hand", held: the repeats then reached the new hand's focused card,
    which the browser clicked (played) for each."""
    page = table.open(seed=7, bots="easy", rules={"passing": "none"}).page
    table.play_hand()
    page.focus('#result [data-action="next-hand"]')
    page.keyboard.down("Enter")
    expect(page.locator("#match-info")).to_contain_text("Hand 2")
    hold(page, "Enter", PERSONS_TURN)
    table.wait_for_choice()
    assert len(table.hand()) == 13
