"""Helpers the e2e test files share, on top of conftest's :class:`Table` (one place, no copies).

Everything here drives or reads the page through its public test hooks (docs/protocol.md "Test hooks")
and what a player sees; loops are bounded so that a page that stops answering fails a test
instead of hanging the suite.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from conftest import Table
from hearts.cards import card_str, cards_of
from hearts.deal import deal, match_deal_number
from hearts.rules import Rules

# Screenshots some tests take for a person to look at (never compared): in the checkout's test-results/
# (ignored by git), or where HEARTS_SCREENS says; not in the system's temporary folder, where every run
# left them.
SCREENS = Path(os.environ.get("HEARTS_SCREENS") or Path(__file__).resolve().parent.parent / "test-results" / "screens")


def screen(target: Page | Locator, name: str, **options: Any) -> None:
    """Save a screenshot of ``target`` as ``SCREENS/<name>.png`` (Playwright makes the folder)."""
    target.screenshot(path=str(SCREENS / f"{name}.png"), **options)

# More than the turns of any hand (17 cards, a pass, a refused card each turn): a bound, not a timing.
MAX_TURNS = 80
SAVE_KEY = "hearts.save.v1"  # static/js/storage.js
RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK = [rank + suit for suit in SUITS for rank in RANKS]


# -- suit signs ----------------------------------------------------------------------------------

FONT_SUITS = """() => {
    // Every place a font would draw a suit sign: shown text, an option's text, a tooltip, and a
    // name a screen reader would read out (aria-label). Cards in sentences are SVG + a spoken name.
    const sign = /[♣♦♥♠]/u;
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (sign.test(node.data) && parent.closest('option, script, style') === null && parent.checkVisibility())
            found.push(`text "${node.data.trim()}" in <${parent.tagName.toLowerCase()} class="${parent.className}">`);
    }
    for (const option of document.querySelectorAll('option'))
        if (sign.test(option.text)) found.push(`option "${option.text}"`);
    for (const node of document.querySelectorAll('[title], [aria-label]'))
        for (const name of ['title', 'aria-label'])
            if (sign.test(node.getAttribute(name) ?? '')) found.push(`${name} "${node.getAttribute(name)}"`);
    return found;
}"""


def phone(width: int, height: int) -> pytest.MarkDecorator:
    """A test's page on a phone of this size: a touch screen, mobile viewport rules."""
    return pytest.mark.browser_context_args(viewport={"width": width, "height": height}, has_touch=True,
                                            is_mobile=True)


def behind_more(page: Page, tool: Locator) -> Locator | None:
    """The bar's "More" button when `tool` is kept behind it (a phone upright), after opening its list; else None."""
    more = page.locator('.bar [data-action="more"]')
    if tool.is_visible() or not more.is_visible():
        return None
    more.click()
    expect(tool).to_be_visible()
    return more


def click_tool(page: Page, action: str) -> None:
    """Press a tool of the bar as a person does: from the list behind "More" where the bar keeps it there."""
    tool = page.locator(f'.bar [data-action="{action}"]')
    behind_more(page, tool)
    tool.click()


def font_suit_signs(page: Page) -> list[str]:
    """Where the page as it is now draws a suit sign with a font (docs/accessibility.md: suits are SVG everywhere)."""
    return list(page.evaluate(FONT_SUITS))


# -- reading the table ------------------------------------------------------------------------

def trick(page: Page) -> list[tuple[int, str]]:
    """The cards on the table, as (seat, card)."""
    cells = page.locator("#trick [data-trick-card]").evaluate_all(
        "n => n.map(e => [Number(e.dataset.seat), e.dataset.trickCard])")
    return [(int(seat), str(card)) for seat, card in cells]


def seats(page: Page) -> int:
    return page.locator("#seats .seat").count()


def backs(page: Page) -> list[int]:
    """How many card backs each computer seat shows (seats 1..n-1)."""
    return [int(n) for n in page.locator("#seats .seat .backs").evaluate_all(
        "n => n.map(e => e.querySelectorAll('.mini-back').length)")]


def legal_flags(page: Page) -> dict[str, bool]:
    pairs = page.locator("#hand [data-card]").evaluate_all(
        "n => n.map(e => [e.dataset.card, e.dataset.legal === 'true'])")
    return {str(card): bool(legal) for card, legal in pairs}


def label_of(page: Page, card: str) -> str:
    """The card's spoken name as the page says it (its accessible label up to its state)."""
    return str(page.locator(f'#hand [data-card="{card}"]').get_attribute("aria-label")).split(",")[0]


SPOKEN = {
    "en": ("{rank} of {suit}",
           dict(zip(RANKS, "two three four five six seven eight nine ten jack queen king ace".split(), strict=True)),
           dict(zip(SUITS, ["clubs", "diamonds", "hearts", "spades"], strict=True))),
    "de": ("{suit}-{rank}",
           dict(zip(RANKS, "Zwei Drei Vier Fünf Sechs Sieben Acht Neun Zehn Bube Dame König Ass".split(), strict=True)),
           dict(zip(SUITS, ["Kreuz", "Karo", "Herz", "Pik"], strict=True))),
}


def spoken_name(card: str, lang: str = "en") -> str:
    """How a screen reader must hear a card: "queen of spades" / "Pik-Dame" (docs/protocol.md hooks)."""
    pattern, ranks, suits = SPOKEN[lang]
    return pattern.format(rank=ranks[card[0]], suit=suits[card[1]])


def stored(page: Page, key: str = SAVE_KEY) -> str | None:
    """The text the page keeps in localStorage under `key` (the autosave by default)."""
    text = page.evaluate("key => localStorage.getItem(key)", key)
    return None if text is None else str(text)


def snapshot(table: Table) -> dict[str, Any]:
    """Everything a player sees of the game: hand (with legal flags), trick, scores, turn, counters."""
    page = table.page
    return {
        "phase": table.phase,
        "turn": table.turn,
        "hand": list(legal_flags(page).items()),
        "trick": trick(page),
        "scores": table.scores(),
        "info": page.inner_text("#match-info"),
        "chips": page.locator("#seats .seat .counters").evaluate_all(
            "n => n.map(e => [...e.querySelectorAll('.chip:not([hidden])')].map(c => c.textContent))"),
        "backs": backs(page),
        "status": page.inner_text("#status"),
        "hearts_broken": page.locator("#hearts-badge").is_visible(),
    }


def result_rows(page: Page) -> list[list[str]]:
    """The rows of the hand result / match end panel: [name (with place), this hand, total]."""
    rows = page.locator("#result tbody tr").evaluate_all(
        "n => n.map(r => [...r.cells].map(c => c.textContent.trim()))")
    return [[str(cell) for cell in row] for row in rows]


def corrupt_value_is_kept_aside(table: Table, key: str, what: str, bad: str, says: str = "") -> None:
    """Store `bad` under `key`, reload: a notice (that `says` so) names the hearts.corrupt.<what>.* key that keeps
    it; OK closes it. The next start finds a readable value there: no notice again, no second copy."""
    page = table.page
    page.evaluate("([key, bad]) => localStorage.setItem(key, bad)", [key, bad])
    table.reload()
    notice = page.locator("#dlg-notice")
    expect(notice).to_be_visible()
    kept_copies = """prefix => Object.keys(localStorage).filter(k => k.startsWith(prefix))
                     .map(k => [k, localStorage.getItem(k)])"""
    kept = page.evaluate(kept_copies, f"hearts.corrupt.{what}.")
    assert [value for _, value in kept] == [bad]
    expect(notice).to_contain_text(kept[0][0])  # the notice says where the old value is kept
    expect(notice).to_contain_text(says)
    page.click('#dlg-notice [data-action="notice-ok"]')
    expect(notice).to_be_hidden()
    table.reload()
    expect(notice).to_be_hidden()
    assert page.evaluate(kept_copies, f"hearts.corrupt.{what}.") == kept


# -- the live log (what a screen reader hears) -------------------------------------------------

RECORD_LOG = """() => {
    window.heardLines = [...document.querySelectorAll('#log p')].map(p => p.textContent);
    new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) window.heardLines.push(node.textContent);
    }).observe(document.querySelector('#log'), {childList: true});
}"""


# The same, as an init script (page.add_init_script): every line from the page's first one.
RECORD_LOG_FROM_LOAD = f"addEventListener('DOMContentLoaded', {RECORD_LOG});"


def heard(page: Page) -> list[str]:
    """Every line the live log said since RECORD_LOG ran, in order."""
    return [str(line) for line in page.evaluate("window.heardLines")]


# -- toasts (the page's messages) ------------------------------------------------------------

def mark_toasts(page: Page) -> None:
    """Mark the messages showing now, so that :func:`new_toast` finds only a later one."""
    page.evaluate("document.querySelectorAll('#toasts .toast').forEach(t => t.dataset.seen = '1')")


def new_toast(page: Page) -> Locator:
    """The first message shown since :func:`mark_toasts` (waits for it)."""
    toast = page.locator("#toasts .toast:not([data-seen])").first
    expect(toast).to_be_visible()
    return toast


# -- playing ---------------------------------------------------------------------------------

def play_until_over(table: Table, play: Callable[[Table], Any] | None = None) -> None:
    """Play the hand to its result: pass the first cards, then `play` (the first legal card) each turn."""
    for _ in range(MAX_TURNS):
        phase = table.wait_for_choice()
        if phase == "over":
            table.page.wait_for_selector("#result:not([hidden])")
            return
        if phase == "pass":
            table.pass_cards()  # the page shows nobody to act (data-turn -1) until Python answers
        else:
            (play or Table.play_any)(table)
    raise AssertionError(f"the hand did not end within {MAX_TURNS} turns")


def plays(table: Table) -> None:
    """Python answers moves (after a restart, a restore, a fallback): pass, then a card."""
    if table.wait_for_choice() == "pass":
        table.pass_cards()
    assert table.wait_for_choice() == "play"
    hand = table.hand()
    card = table.play_any()
    table.page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")
    assert table.hand() == [c for c in hand if c != card]


def until_my_turn_in_play(table: Table, trick_not_empty: bool = False) -> None:
    """Pass when asked, and play first legal cards, until the person is to play (optionally into a trick)."""
    for _ in range(MAX_TURNS):
        phase = table.wait_for_choice()
        assert phase != "over", "the hand ended before the wanted turn"
        if phase == "pass":
            table.pass_cards()  # the page shows nobody to act (data-turn -1) until Python answers
        elif not trick_not_empty or trick(table.page):
            return
        else:
            table.play_any()
    raise AssertionError(f"no such turn within {MAX_TURNS} turns")


def until_i_hold_an_illegal_card(table: Table) -> list[str]:
    """Play first legal cards until the person, to play, holds cards they may not play; returns those."""
    for _ in range(MAX_TURNS):
        assert table.wait_for_choice() == "play", "the hand ended before the person held an illegal card"
        illegal = [card for card, legal in legal_flags(table.page).items() if not legal]
        if illegal:
            return illegal
        table.play_any()
    raise AssertionError(f"no such turn within {MAX_TURNS} turns")


def click_illegal(page: Page, card: str) -> Locator:
    """Click a card the person may not play and return the message the page shows."""
    mark_toasts(page)
    # The card is aria-disabled, which Playwright treats as not clickable (a person can click it),
    # so no actionability check finds where it shows: click a point of the settled hand where this
    # card, not a neighbour fanned over it, is on top.
    page.wait_for_function(HAND_SETTLED)
    point = page.evaluate(CARD_ON_TOP, card)
    assert point, f"no point of {card} is on top"
    page.mouse.click(*point)
    return new_toast(page)


# No script animation (the deal, a card moving) runs on the hand's cards.
HAND_SETTLED = "() => !document.getAnimations().some((a) => a.effect?.target?.closest?.('#hand'))"
# A point [x, y] inside the card where it is the topmost card, or null.
CARD_ON_TOP = """(card) => {
  const node = document.querySelector(`#hand [data-card="${card}"]`);
  const box = node.getBoundingClientRect();
  for (const fy of [0.5, 0.3, 0.7]) {
    for (let x = box.left + 2; x < box.right - 2; x += 3) {
      const y = box.top + box.height * fy;
      if (document.elementFromPoint(x, y)?.closest('[data-card]') === node) return [x, y];
    }
  }
  return null;
}"""


# -- the settings dialog --------------------------------------------------------------------

class Settings:
    """The settings dialog, used the way a player does: labels, buttons, selects, checkboxes."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dialog = page.locator("#dlg-settings")

    def open(self) -> Settings:
        self.page.click('.bar [data-action="settings"]')
        expect(self.dialog).to_be_visible()
        expect(self.derived).not_to_be_empty()
        return self

    @property
    def derived(self) -> Locator:
        """Python's summary of the chosen rules (cards each, lead card, moon value, pass cycle)."""
        return self.dialog.locator("fieldset:not(.data-section) > p.derived:last-child")

    def control(self, label: str) -> Locator:
        """The input or select of the field captioned exactly `label`.

        (Not get_by_label: a select's or a text field's accessible name also holds its value.)
        """
        caption = self.page.locator("span", has_text=re.compile(rf"^{re.escape(label)}$"))
        return self.dialog.locator("label", has=caption).locator("input, select")

    def _rebuilt_after(self, change: Callable[[], Any]) -> None:
        """Make a change that redraws the whole dialog, and wait for the redraw."""
        self.dialog.locator("header").evaluate("h => h.dataset.stale = '1'")
        change()
        expect(self.dialog.locator("header[data-stale]")).to_have_count(0)
        expect(self.dialog.locator("header")).to_have_count(1)

    def players(self, n: int) -> None:
        self._rebuilt_after(lambda: self.dialog.locator(f'[data-action="players-{n}"]').click())
        expect(self.dialog.locator(f'[data-action="players-{n}"]')).to_have_attribute("aria-checked", "true")

    def preset(self, label: str) -> None:
        self._rebuilt_after(lambda: self.control("Rule set").select_option(label=label))

    def preset_named(self, name: str) -> None:
        """Pick a preset by its name in the rules (its label may name cards, which options spell out)."""
        self._rebuilt_after(lambda: self.control("Rule set").select_option(value=name))

    def select(self, label: str, option: str) -> None:
        self.control(label).select_option(label=option)

    def check(self, label: str, on: bool = True) -> None:
        self.control(label).set_checked(on)
        expect(self.control(label)).to_be_checked(checked=on)

    def type(self, label: str, value: str) -> None:
        """Fill a text or number field and commit it (its change event), as leaving the field does."""
        field = self.control(label)
        field.fill(value)
        field.dispatch_event("change")
        expect(self.control(label)).to_have_value(value)

    def start(self) -> None:
        """Press "Start new match" (and OK when a match in progress asks first) and wait until the new
        match is on the table (a new autosave)."""
        before = stored(self.page)
        button = self.dialog.locator('[data-action="start"]')
        expect(button).to_be_enabled()
        button.click()
        expect(self.dialog).to_be_hidden()
        self.page.wait_for_function(
            "([key, before]) => localStorage.getItem(key) !== before || document.querySelector('#dlg-confirm[open]')",
            arg=[SAVE_KEY, before])
        asked = self.page.locator('#dlg-confirm[open] [data-action="confirm"]')
        if asked.count():
            asked.click()
        self.page.wait_for_function(
            "([key, before]) => localStorage.getItem(key) !== before", arg=[SAVE_KEY, before])
        self.page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'loading'")

    def done(self) -> None:
        self.dialog.locator('[data-action="settings-done"]').click()
        expect(self.dialog).to_be_hidden()


def tiny_deck_removed(keep: list[str]) -> str:
    """The "Cards removed" text that leaves only `keep` in the deck."""
    return " ".join(card for card in DECK if card not in keep)


def find_seed(wanted: Callable[[list[list[str]]], bool], rules: dict[str, Any] | None = None) -> int:
    """The first match seed whose first hand is dealt as `wanted` (hands as card lists, seat 0 first).

    Uses the public, stable numbered deals (docs/rules.md "Numbered deals"): a match with seed S deals
    hand 0 as deal number match_deal_number(S, 0), the same in the browser as here.
    """
    parsed = Rules.from_json(rules or {})
    for seed in range(100_000):
        hands = [[card_str(c) for c in cards_of(h)] for h in deal(parsed, match_deal_number(seed, 0))]
        if wanted(hands):
            return seed
    raise AssertionError("no such deal among the first 100000 seeds")


# A headless browser never hides a tab, so the page is told it is hidden (document.hidden,
# visibilityState, visibilitychange) as a browser tells a tab in the background; it also counts
# the moves (Element.animate) it starts. window.__setHidden(false) brings it to the front.
HIDDEN = """(() => {
  let hidden = true;
  Object.defineProperty(Document.prototype, "hidden", { get: () => hidden, configurable: true });
  Object.defineProperty(Document.prototype, "visibilityState", { get: () => (hidden ? "hidden" : "visible"),
                                                                 configurable: true });
  window.__setHidden = (on) => { hidden = on; document.dispatchEvent(new Event("visibilitychange")); };
  window.__moves = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__moves += 1; return animate.apply(this, args); };
})();"""
