"""The same game open in two tabs of one browser (or an installed app and a tab): one tab holds
the table (a Web Lock), the other says so (``[data-elsewhere]``) and offers to take it over
(``[data-action="take-over"]``); no move is lost and the tabs never write over each other's autosave.

Two pages of one browser context share storage and locks, as two tabs of one profile do.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import READY, Guards, Table
from helpers import SAVE_KEY, stored

ELSEWHERE = "[data-elsewhere]"
TAKE_OVER = '[data-elsewhere] [data-action="take-over"]'


@pytest.fixture
def second(page: Page, guards: Guards) -> Page:
    """Another tab of the same browser profile, guarded like the first (the context's requests are already)."""
    other = page.context.new_page()
    other.on("console", guards.on_console)
    other.on("pageerror", guards.on_page_error)
    return other


def open_second(first: Table, other: Page) -> Table:
    other.goto(first.page.url)
    return Table(other)


def _until_hand_has(table: Table, cards: int) -> None:
    """Wait until the tab's hand shows ``cards`` cards (a tab taking the table back redraws the other's autosave)."""
    table.page.wait_for_function("(n) => document.querySelectorAll('#hand [data-card]').length === n", arg=cards)


def test_a_second_tab_says_the_table_is_elsewhere_and_can_take_it_over(table: Table, second: Page) -> None:
    first = table.open(seed=5)
    first.wait_for_choice()
    first.pass_cards()
    first.wait_for_choice()
    played = first.play_any()
    first.wait_for_choice()
    save_before = stored(first.page)
    hand_before = first.hand()

    other = open_second(first, second)
    expect(second.locator(ELSEWHERE)).to_be_visible(timeout=60_000)
    expect(second.locator(READY)).to_have_count(0)  # it plays nothing while the other tab has the table
    assert stored(first.page) == save_before

    second.click(TAKE_OVER)
    second.wait_for_selector(READY, timeout=60_000)
    expect(second.locator(ELSEWHERE)).to_have_count(0)
    assert other.hand() == hand_before  # the same match, where the first tab left it
    assert played not in other.hand()
    # The first tab learns it lost the table, covers it and writes no more.
    expect(first.page.locator(ELSEWHERE)).to_be_visible()
    other.wait_for_choice()
    other.play_any()
    other.wait_for_choice()
    save_second = stored(second)
    assert save_second != save_before
    first.page.wait_for_timeout(500)
    assert stored(first.page) == save_second

    # And back: the first tab resumes the second's autosave.
    hand_second = other.hand()
    first.page.click(TAKE_OVER)
    expect(first.page.locator(ELSEWHERE)).to_have_count(0)
    expect(second.locator(ELSEWHERE)).to_be_visible()
    _until_hand_has(first, len(hand_second))
    assert first.hand() == hand_second
    first.wait_for_choice()
    first.play_any()
    first.wait_for_choice()
    assert stored(first.page) != save_second
    assert stored(second) == stored(first.page)
    assert stored(first.page, SAVE_KEY) is not None


def _settings(page: Page) -> None:
    """Open the settings dialog (built anew once Python has checked the stored rules)."""
    page.click('[data-action="settings"]')
    page.wait_for_selector("#dlg-settings[open]")


def _pick_look(page: Page, theme: str, card_back: str) -> None:
    """Change the table's look in the settings dialog, as a person does."""
    _settings(page)
    page.select_option('[data-setting="theme"]', theme)
    page.select_option('[data-setting="card-back"]', card_back)
    page.click('[data-action="settings-done"]')


def _large_cards(page: Page, on: bool) -> None:
    _settings(page)
    page.set_checked('[data-setting="large-cards"]', on)
    page.click('[data-action="settings-done"]')


def _look(page: Page) -> list[str]:
    root = "document.documentElement.dataset"
    return [str(v) for v in page.evaluate(f"[{root}.theme, {root}.cardBack]")]


def _stored_look(page: Page) -> list[object]:
    return list(page.evaluate("""() => { const s = JSON.parse(localStorage.getItem('hearts.settings.v1'));
                                        return [s.theme, s.cardBack, s.largeCards]; }"""))


def test_settings_changed_in_the_holding_tab_reach_the_tab_that_takes_over(table: Table, second: Page) -> None:
    """A tab reads the settings as it starts; the holder may change them while it waits (and again
    while it holds the table back). The tab that takes over shows and keeps them: a change it makes
    then must not store its stale copy over them."""
    first = table.open(seed=5)
    first.wait_for_choice()
    other = open_second(first, second)
    expect(second.locator(ELSEWHERE)).to_be_visible(timeout=60_000)
    _pick_look(first.page, "dark", "dots")  # while the second tab waits

    second.click(TAKE_OVER)
    second.wait_for_selector(READY, timeout=60_000)
    assert _look(second) == ["dark", "dots"]
    _large_cards(second, True)
    assert _stored_look(second) == ["dark", "dots", True]
    other.wait_for_choice()

    # And back: the first tab takes over with the second tab's change (it started before it).
    expect(first.page.locator(ELSEWHERE)).to_be_visible()
    _pick_look(second, "light", "lattice")
    first.page.click(TAKE_OVER)
    expect(first.page.locator(ELSEWHERE)).to_have_count(0)
    first.page.wait_for_function("document.documentElement.dataset.theme === 'light'")
    assert _look(first.page) == ["light", "lattice"]
    _large_cards(first.page, False)
    assert _stored_look(first.page) == ["light", "lattice", False]


# The lock taken from the page while it holds the table: `other` names a stand-in for another tab that
# took the table (its id beside the autosave), which holds the lock as a tab does until it closes; with
# none, the lock is let go at once, as WebKit lets go of a page's locks when it goes into the back/forward
# cache (another tab, or the back button, brings it back).
LOCK_GONE = """(other) => {
    if (other) localStorage.setItem('hearts.table.owner.v1', other);
    return new Promise((taken) => navigator.locks.request('hearts.table', {steal: true}, () => {
        taken();
        return other ? new Promise(() => {}) : undefined;
    }).catch(() => {}));  // AbortError: the page took the table back from the stand-in tab
}"""


def _play_while_the_lock_goes(table: Table, other: str | None) -> str:
    """Play a card at a slow pace; once it is autosaved, the lock goes while the card flies (the bots' next move
    is queued after it)."""
    page = table.open(seed=9, bots="easy", speed="slow", rules={"passing": "none"}).page
    table.wait_for_choice()
    before = stored(page)
    card = table.play_any()
    page.wait_for_function("([key, before]) => localStorage.getItem(key) !== before", arg=[SAVE_KEY, before])
    page.evaluate(LOCK_GONE, other)
    return card


def test_a_lock_let_go_with_no_other_tab_keeps_the_table_here(table: Table) -> None:
    """Back from the back/forward cache (WebKit), the page said another tab had the table, though none had."""
    card = _play_while_the_lock_goes(table, None)
    table.wait_for_choice()
    expect(table.page.locator(ELSEWHERE)).to_have_count(0)
    assert card not in table.hand()
    table.play_any()
    table.wait_for_choice()
    hand = table.hand()
    assert table.reload().hand() == hand  # autosaved all along


def test_bots_go_on_after_taking_the_table_back_from_a_tab_that_took_it_mid_move(table: Table) -> None:
    """A tab that lost the table while its bots' move was queued skipped that move, and after taking the table
    back it never queued the bots again: the hand stood still at a bot's turn."""
    _play_while_the_lock_goes(table, "another-tab")
    page = table.page
    expect(page.locator(ELSEWHERE)).to_be_visible()
    # The card has landed: the move after it was due then, with the table gone.
    page.wait_for_function("() => !document.querySelector('#trick').getAnimations({subtree: true}).length")
    page.click(TAKE_OVER)
    table.wait_for_choice()
    table.play_any()
    table.wait_for_choice()


def test_a_tab_waiting_for_the_table_takes_it_when_the_other_tab_closes(table: Table, second: Page) -> None:
    """A tab opened a moment before the holding tab closed said for ever that a tab no longer there had the table."""
    first = table.open(seed=5)
    first.wait_for_choice()
    hand = first.hand()
    other = open_second(first, second)
    expect(second.locator(ELSEWHERE)).to_be_visible(timeout=60_000)

    first.page.close()
    second.wait_for_selector(READY, timeout=60_000)
    expect(second.locator(ELSEWHERE)).to_have_count(0)
    assert other.hand() == hand
    other.wait_for_choice()
    save = stored(second)
    other.pass_cards()
    other.wait_for_choice()
    assert stored(second) != save  # this tab plays and writes


def test_a_tab_that_lost_the_table_resumes_when_the_tab_that_took_it_closes(table: Table, second: Page) -> None:
    first = table.open(seed=5)
    first.wait_for_choice()
    other = open_second(first, second)
    second.click(TAKE_OVER)
    second.wait_for_selector(READY, timeout=60_000)
    expect(first.page.locator(ELSEWHERE)).to_be_visible()
    other.wait_for_choice()
    other.pass_cards()
    other.wait_for_choice()
    hand = other.hand()

    second.close()
    expect(first.page.locator(ELSEWHERE)).to_have_count(0)
    _until_hand_has(first, len(hand))
    assert first.hand() == hand  # the closed tab's moves, resumed from its autosave
    first.wait_for_choice()
    save = stored(first.page)
    first.play_any()
    first.wait_for_choice()
    assert stored(first.page) != save  # this tab writes again
