"""Learn mode: the learn hand from the start screen, the menu and ?setup={"mode":"learn"}, with its tips."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import READY, Table
from helpers import HAND_SETTLED, SAVE_KEY, mark_toasts, new_toast, phone, screen, stored

REQUIRED = {"pass", "lead", "follow", "first-trick"}
TIP = "[data-tip]"


def play_learn_hand(table: Table, enter_every: int = 2, look: Callable[[str], None] = lambda kind: None) -> list[str]:
    """Play the learn hand by clicks, reading and dismissing every tip (OK or Enter), each first shown to `look`;
    the tips seen."""
    page = table.page
    seen: list[str] = []
    for _ in range(200):
        page.wait_for_function(
            """() => document.querySelector('[data-tip]') || document.querySelector('#table').dataset.phase === 'over'
                || (document.querySelector('#table').dataset.turn === '0'
                    && (document.querySelector('#hand [data-legal="true"]')))""", timeout=30_000)
        tip = page.locator(TIP)
        if tip.count():
            kind = str(tip.get_attribute("data-tip"))
            expect(tip).to_be_visible()
            expect(tip.locator("p")).not_to_be_empty()
            # A tip points at something: a trick taken before it showed points at its taker, not the empty middle.
            expect(page.locator(".tip-target").first).to_be_visible()
            expect(page.locator("#trick.tip-target")).to_have_count(0)
            seen.append(kind)
            look(kind)
            if len(seen) % enter_every == 0:
                page.keyboard.press("Enter")
            else:
                tip.locator('[data-action="tip-ok"]').click()
            expect(page.locator(f'[data-tip="{kind}"]')).to_have_count(0)
            continue
        if table.phase == "over":
            return seen
        if table.phase == "pass":
            table.pass_cards()
        else:
            table.play_any()
    raise AssertionError("the learn hand did not end")


# "Your turn" in the middle while none of the person's cards may be played (the card just played is on its way).
TURN_WITHOUT_A_CARD = """() => /^(Your turn|Your lead)/.test(document.querySelector('#status').textContent)
    && !document.querySelector('#hand [data-legal="true"]')"""


def check_tips(seen: list[str]) -> None:
    assert len(seen) == len(set(seen)), seen
    assert REQUIRED <= set(seen) and len(set(seen) - REQUIRED) >= 2, seen
    assert seen[0] == "pass"


def test_the_learn_hand_from_the_address_with_its_tips_and_summary(table: Table) -> None:
    page = table.open(mode="learn", lang="en").page
    expect(page.locator('[data-tip="pass"]')).to_be_visible()
    expect(page.locator('[data-tip="pass"] p')).to_contain_text("Pick 3 cards to pass")
    # A good pass from the person's own cards, pointed at and said why (Python's normal players' choice).
    expect(page.locator('[data-tip="pass"] p')).to_contain_text("Good here")
    expect(page.locator('[data-tip="pass"] p')).to_contain_text("With no diamonds left")
    expect(page.locator("#hand .card.tip-target")).to_have_count(3)
    assert sorted(page.locator("#hand .card.tip-target").evaluate_all("(ns) => ns.map((n) => n.dataset.card)")) \
        == ["3D", "AD", "JH"]
    # The game waits while a tip shows: a card click does nothing.
    first = table.hand()[0]
    page.locator(f'#hand [data-card="{first}"]').click(force=True)
    expect(page.locator("#hand .card.selected")).to_have_count(0)
    # While a tip holds the answer to the person's card, the middle does not say it is their turn again.
    turn_said: list[str] = []
    counted: list[bool] = []

    def look(kind: str) -> None:
        if page.evaluate(TURN_WITHOUT_A_CARD):
            turn_said.append(kind)
        # "Carol took Q♠: 13 points" points at Carol's seat: its counters say so already, not 0.
        if kind == "queen":
            counted.append(page.locator(".seat.tip-target .chip.queen:not([hidden])").count() == 1
                           and page.locator(".seat.tip-target .chip.points:not([hidden])").count() == 1)

    check_tips(play_learn_hand(table, look=look))
    assert not turn_said, f"'Your turn' with no card to play, under the tips {turn_said}"
    assert counted == [True], "the Q♠ tip's seat does not show the Q♠ and points it took"
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result.locator("h2")).to_have_text("Learn hand finished")
    expect(result.locator(".learn-summary")).to_contain_text("points in this hand")
    expect(page.locator("#match-info")).to_contain_text("Learn hand")
    page.click('#result [data-action="real-match"]')
    expect(page.locator("#match-info")).to_contain_text("Hand 1")
    expect(page.locator(TIP)).to_have_count(0)


def test_the_tip_after_the_pass_shows_the_hand_with_the_cards_received(table: Table) -> None:
    """The tip that follows the pass ("You hold 2♣: lead it", or the first follow) talks about the hand
    after the exchange: the cards passed are gone from it and the cards received are in it."""
    page = table.open(mode="learn", lang="en", speed="normal").page
    expect(page.locator('[data-tip="pass"]')).to_be_visible()
    page.keyboard.press("Enter")
    assert "2C" in table.hand()  # kept: the person leads, and the tip comes with the pass's answer
    passed = [card for card in table.hand() if card != "2C"][:3]
    table.pass_cards(passed)
    tip = page.locator(TIP)
    expect(tip).to_have_attribute("data-tip", "lead")
    assert not set(passed) & set(table.hand()), "the cards passed are still in the hand under the tip"
    expect(page.locator("#hand .card.received")).to_have_count(3)
    expect(page.locator('[data-action="pass"]')).to_be_hidden()


# The page's own learn.js shows a tip about the person's seat, as the game does when they take Q♠.
SHOW_QUEEN_TIP = """async () => {
    const { Tips } = await import("./static/js/learn.js");
    const tips = new Tips(() => () => {});
    const self = Number(document.querySelector('#table').dataset.self);
    const tip = { type: "tip", kind: "queen", target: "seat", cards: ["QS"], params: { seat: self, points: 13 } };
    tips.show(tip, self, tips.run);
}"""


@pytest.mark.parametrize("size", [(390, 844), (360, 740), (1280, 800), (740, 360)])
def test_a_tip_about_the_persons_own_seat_leaves_it_in_sight(table: Table, size: tuple[int, int]) -> None:
    """On a phone upright the person's seat stands just above the hand, where the tips stand: one
    about that seat (Q♠ taken, a moon in sight) moves up above it."""
    page = table.open(mode="learn", lang="en").page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    expect(page.locator('[data-tip="pass"]')).to_be_visible()
    page.keyboard.press("Enter")
    page.evaluate(SHOW_QUEEN_TIP)
    tip = page.locator('[data-tip="queen"]')
    expect(tip).to_be_visible()
    box, seat = tip.bounding_box(), page.locator(".seat.self").bounding_box()
    assert box and seat
    assert box["y"] + box["height"] <= seat["y"] or box["x"] >= seat["x"] + seat["width"], (box, seat)
    assert box["y"] >= 0


# Whether the tip showing covers the status line (what to do now, in the middle), when it says something.
TIP_OVER_STATUS = """() => {
    const status = document.querySelector('#status');
    const s = status.getBoundingClientRect(), tip = document.querySelector('[data-tip]').getBoundingClientRect();
    return status.textContent.trim() !== '' && s.left < tip.right && s.right > tip.left
        && s.top < tip.bottom && s.bottom > tip.top;
}"""


@pytest.mark.parametrize("lang", [pytest.param("fr", marks=phone(390, 844)), pytest.param("en", marks=phone(360, 640)),
                                  pytest.param("fr", marks=phone(844, 390))])
def test_no_tip_covers_the_status_line_on_a_phone(table: Table, lang: str) -> None:
    """"Pass 3 cards to the left, to Alice" and "Your lead" were under the tips that explain them (above
    the hand on a phone upright, in the middle sideways)."""
    page = table.open(mode="learn", lang=lang).page
    covering: list[str] = []
    play_learn_hand(table, look=lambda kind: covering.extend([kind] if page.evaluate(TIP_OVER_STATUS) else []))
    assert covering == []


# Which of `cards` the tip showing covers.
_COVERED_BY_TIP = """(cards) => {
    const tip = document.querySelector('[data-tip]').getBoundingClientRect();
    return cards.filter((card) => {
        const c = card.getBoundingClientRect();
        return c.left < tip.right && c.right > tip.left && c.top < tip.bottom && c.bottom > tip.top;
    });
}"""
# The hand's cards the tip showing covers, when the tip is about the hand or cards of it.
TIP_OVER_HAND = f"""() => !document.querySelector('#hand.tip-target, #hand .tip-target') ? []
    : ({_COVERED_BY_TIP})([...document.querySelectorAll('#hand [data-card]')]).map((card) => card.dataset.card)"""


# The trick's cards the tip showing covers.
TIP_OVER_TRICK = f"""() => ({_COVERED_BY_TIP})([...document.querySelectorAll('#trick [data-trick-card]')])
    .map((card) => card.dataset.trickCard)"""


@pytest.mark.parametrize("lang", [pytest.param("en", marks=phone(390, 844)), pytest.param("fr", marks=phone(360, 640)),
                                  pytest.param("en", marks=phone(360, 640))])
def test_a_tip_about_the_hand_covers_none_of_its_cards_on_a_phone(table: Table, lang: str) -> None:
    """A tip about the hand or cards of it (the pass, the lead, following) leaves every card of it in sight.
    Moved aside to the window's edge like a message, the pass tip went narrower and taller and covered the
    hand's right end (the cards it kept clear of were still flying in as it showed). The follow tip covered
    the very clubs it pointed at in French at 360 x 640: placed while the three received flew in. Following
    or discarding, the tip is about the card led: the discard tip covered it at 360 x 640."""
    page = table.open(mode="learn", lang=lang).page
    covering: list[tuple[str, list[str]]] = []

    def look(kind: str) -> None:
        page.wait_for_function(HAND_SETTLED)  # the tip is placed again as the hand comes to rest
        covered = page.evaluate(TIP_OVER_HAND)
        if kind in ("follow", "discard"):  # what they are about is the card led
            covered += page.evaluate(TIP_OVER_TRICK)
        covering.extend([(kind, covered)] if covered else [])

    play_learn_hand(table, look=look)
    assert covering == []


@pytest.mark.parametrize("lang", [pytest.param("pl", marks=phone(320, 568)), pytest.param("fr", marks=phone(320, 568))])
def test_the_pass_tip_with_a_good_pass_fits_a_small_phone(table: Table, lang: str) -> None:
    """The pass tip names a good pass from the person's cards and why: in its longest languages, on the
    smallest phone, it still leaves the status line it explains and every card of the hand in sight."""
    page = table.open(mode="learn", lang=lang).page
    expect(page.locator('[data-tip="pass"]')).to_be_visible()
    page.wait_for_function(HAND_SETTLED)
    assert not page.evaluate(TIP_OVER_STATUS)
    assert page.evaluate(TIP_OVER_HAND) == []
    assert page.locator("#hand .card.tip-target").count() == 3
    screen(page, f"learn-pass-{lang}-320")


def test_a_tool_or_a_new_deal_turned_to_while_a_tip_shows_need_not_wait_for_it(table: Table) -> None:
    """The game waits for a tip in the one queue to Python: whatever else the person turns to
    (a dialog that asks Python, a new deal) closes the tip rather than wait behind it."""
    page = table.open(mode="learn", lang="en").page
    expect(page.locator('[data-tip="pass"]')).to_be_visible()
    page.click('.bar [data-action="stats"]')
    expect(page.locator("#dlg-stats [data-stat]").first).to_be_visible()
    expect(page.locator(TIP)).to_have_count(0)
    page.keyboard.press("Escape")
    table.pass_cards()  # the learn hand goes on
    expect(page.locator(TIP)).to_be_visible(timeout=30_000)  # the next tip, before the person's first card
    page.click('.bar [data-action="daily"]')
    expect(page.locator("#match-info")).to_contain_text("Daily deal")
    expect(page.locator(TIP)).to_have_count(0)


def test_a_tip_on_show_at_a_reload_shows_again_until_it_is_read(table: Table) -> None:
    """Python counted a tip as shown once it had sent it: the one on the screen as the page reloaded (or the
    browser closed, or a phone discarded the tab) never showed again. It counts once the person has read it."""
    page = table.open(mode="learn", lang="en").page
    page.locator('[data-tip="pass"] [data-action="tip-ok"]').click()
    table.wait_for_choice()
    table.pass_cards([card for card in table.hand() if card != "2C"][:3])
    tip = page.locator('[data-tip="lead"]')
    expect(tip).to_be_visible()
    text = str(tip.text_content())
    table.reload()
    expect(tip).to_be_visible()  # the same tip again, and not the pass's, read before the reload
    expect(tip).to_have_text(text)
    expect(page.locator(TIP)).to_have_count(1)
    before = stored(page)
    page.keyboard.press("Enter")
    page.wait_for_function("([key, before]) => localStorage.getItem(key) !== before", arg=[SAVE_KEY, before])
    table.reload()
    expect(page.locator(TIP)).to_have_count(0)
    table.wait_for_choice()
    page.click('#hand [data-card="2C"]')  # the lead goes on, with no tip in the way
    # Taken: it left the hand (the trick it led may be over and collected by now, under a next tip).
    expect(page.locator('#hand [data-card="2C"]')).to_have_count(0)
    expect(tip).to_have_count(0)


def test_a_refused_click_in_the_learn_hand_says_why(table: Table) -> None:
    page = table.open(mode="learn", lang="en").page
    page.locator('[data-tip="pass"] [data-action="tip-ok"]').click()
    table.pass_cards()
    for _ in range(40):
        page.wait_for_function("""() => document.querySelector('[data-tip]')
            || (document.querySelector('#table').dataset.turn === '0'
                && document.querySelector('#hand [data-legal]'))""")
        if page.locator(TIP).count():
            page.locator('[data-action="tip-ok"]').click()
            continue
        illegal = page.locator('#hand [data-card][data-legal="false"]')
        if illegal.count():
            mark_toasts(page)
            illegal.first.click(force=True)
            expect(new_toast(page)).to_have_text(re.compile(r"^You can't play .+ now: .+\.$"))
            return
        table.play_any()
    raise AssertionError("never held a card that may not be played")


@pytest.mark.browser_context_args(locale="de-DE", viewport={"width": 390, "height": 844})
def test_the_learn_hand_from_the_start_screen_in_german_on_a_phone(page: Page) -> None:
    page.goto("")
    page.wait_for_selector(READY, timeout=60_000)
    page.locator('#dlg-settings [data-action="learn"]').click()
    tip = page.locator('[data-tip="pass"]')
    expect(tip).to_be_visible()
    expect(tip.locator("h2")).to_have_text("Weitergeben")
    box = tip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    screen(page, "learn-phone-de")
    seen = play_learn_hand(Table(page), enter_every=3)
    check_tips(seen)
    expect(page.locator("#result h2")).to_have_text("Lernspiel geschafft")
    expect(page.locator('#result [data-action="real-match"]')).to_have_text("Echte Partie spielen")
    # The same deal again is the lesson again: its tips show anew, from the pass.
    page.locator('#result [data-action="same-deal"]').click()
    expect(page.locator('[data-tip="pass"]')).to_be_visible()


def test_the_menu_starts_the_learn_hand_after_asking(table: Table) -> None:
    page = table.open(seed=5, bots="easy", lang="en").page
    table.pass_cards()
    page.click('.bar [data-action="learn"]')
    page.click('#dlg-confirm [data-action="confirm"]')
    expect(page.locator('[data-tip="pass"]')).to_be_visible()
    screen(page, "learn-desktop-en")
    expect(page.locator("#match-info")).to_contain_text("Learn hand")


# What the shown tip hides: the trick's cards under it, and its OK when not wholly inside the tip and the window.
TIP_FAULTS = """() => {
    const tip = document.querySelector('[data-tip]').getBoundingClientRect();
    const under = (r) => r.left < tip.right - 1 && r.right > tip.left + 1
        && r.top < tip.bottom - 1 && r.bottom > tip.top + 1;
    const faults = [...document.querySelectorAll('#trick [data-trick-card]')]
        .filter(card => under(card.getBoundingClientRect())).map(card => card.dataset.trickCard);
    const ok = document.querySelector('[data-tip] [data-action="tip-ok"]').getBoundingClientRect();
    if (ok.top < tip.top || ok.bottom > tip.bottom || ok.bottom > innerHeight || ok.right > innerWidth) {
        faults.push('OK');
    }
    return faults;
}"""


@pytest.mark.parametrize("lang", [pytest.param("de", marks=phone(740, 360)), pytest.param("fr", marks=phone(640, 360))])
def test_on_a_phone_sideways_a_tip_leaves_the_trick_it_explains_in_sight(table: Table, lang: str) -> None:
    """Above the hand, a tip covered the whole middle of a phone on its side: the trick's cards stay in sight."""
    page = table.open(mode="learn", lang=lang).page
    hidden: dict[str, list[str]] = {}

    def look(kind: str) -> None:
        if faults := page.evaluate(TIP_FAULTS):
            hidden[kind] = faults

    check_tips(play_learn_hand(table, look=look))
    assert not hidden, f"hidden under a tip: {hidden}"


def test_enter_held_down_dismisses_one_tip(table: Table) -> None:
    """Enter dismisses a tip; held down, its repeats dismissed every tip that followed, unread."""
    page = table.open(mode="learn").page
    expect(page.locator('[data-tip="pass"]')).to_be_visible()
    page.click('[data-action="tip-ok"]')
    table.wait_for_choice()
    table.pass_cards()
    expect(page.locator('[data-tip="lead"]')).to_be_visible()
    page.keyboard.down("Enter")
    expect(page.locator('[data-tip="lead"]')).to_have_count(0)
    following = page.locator(TIP)
    expect(following).to_be_visible()  # the next tip of the same answer
    kind = following.get_attribute("data-tip")
    for _ in range(30):  # a second's repeats
        page.keyboard.down("Enter")
    page.keyboard.up("Enter")
    expect(page.locator(f'[data-tip="{kind}"]')).to_be_visible()
