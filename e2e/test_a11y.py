"""Accessibility: axe-core (pinned in package.json) over every screen in English and German, on a
desktop and a phone; a whole hand played with the keyboard alone while the live log
(role="log") announces each card played, by whom, and each trick's taker, in order."""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from conftest import NO_SERVICE_WORKER, READY, ROOT, Table
from hearts.cards import card_str
from hearts.match import Match
from helpers import (
    MAX_TURNS,
    RECORD_LOG,
    RECORD_LOG_FROM_LOAD,
    SAVE_KEY,
    behind_more,
    click_tool,
    font_suit_signs,
    heard,
    spoken_name,
    stored,
    until_i_hold_an_illegal_card,
)
from test_together import MY_TURN, Tables, connect, open_host, start

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SEAT_NAMES = {"en": ["You", "Alice", "Bob", "Carol"], "de": ["Du", "Anna", "Ben", "Cem"]}


def screens(*pairs: tuple[str, str]) -> list[Any]:
    """Parameters (lang, viewport) for the given language and size pairs; bypass_csp because axe's
    script is injected as an inline script, which the page's CSP (rightly) forbids."""
    sizes = {"desktop": DESKTOP, "phone": PHONE}
    return [pytest.param(lang, sizes[size], id=f"{lang}-{size}",
                         marks=pytest.mark.browser_context_args(viewport=sizes[size], bypass_csp=True))
            for lang, size in pairs]


# Each language on one size and each size in one language: every pair costs a page and a hand, and
# e2e/test_languages.py runs axe on the table's main screens in every language (two of them on a phone too).
SCREENS = screens(("en", "desktop"), ("de", "phone"))
GUEST_SCREENS = screens(("en", "phone"), ("de", "desktop"))


# Lesser findings failed too: a table heading with no name, content (the toasts) outside any landmark.
ALWAYS = ("empty-table-header", "region")


def serious_violations(page: Page) -> list[str]:
    """axe-core's violations of impact serious or critical on the page as it is now, and of ALWAYS."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    # target-size (WCAG 2.2 2.5.8, 24 × 24 px) is off in axe by default: the fanned hand must pass it too.
    results: dict[str, Any] = page.evaluate(
        "axe.run(document, {resultTypes: ['violations'], rules: {'target-size': {enabled: true}}})")
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}"
            for v in results["violations"] if v["impact"] in ("serious", "critical") or v["id"] in ALWAYS]


def check(page: Page, screen: str, found: dict[str, list[str]]) -> None:
    """axe's serious violations on the screen, and every suit sign a font would draw there."""
    violations = serious_violations(page) + [f"font suit sign: {where}" for where in font_suit_signs(page)]
    if violations:
        found[screen] = violations


def check_dialog(page: Page, action: str, screen: str, found: dict[str, list[str]]) -> None:
    """Open the dialog behind the bar's tool `action` (behind "More" on a phone), check it, close it with Esc."""
    dialog = page.locator(f"#dlg-{action}")
    click_tool(page, action)
    expect(dialog).to_be_visible()
    expect(dialog.locator("header h2")).to_be_focused()  # a screen reader starts at its title, not at "Close"
    check(page, screen, found)
    # Only its body scrolls: the dialog as a whole never does, or a wheel would scroll its title and
    # buttons away (a screen reader's hidden text placed outside the body once stretched it).
    height, room = dialog.evaluate("(d) => [d.scrollHeight, d.clientHeight]")
    if height > room + 1:
        found[f"{screen}: the dialog scrolls"] = [f"scrollHeight {height} > clientHeight {room}"]
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize(("lang", "viewport"), SCREENS)
def test_no_serious_axe_violation_on_any_screen(page: Page, lang: str, viewport: dict[str, int]) -> None:
    found: dict[str, list[str]] = {}
    page.goto(f"?lang={lang}")  # a first visit: the start screen (settings as a welcome)
    page.wait_for_selector(READY, timeout=60_000)
    expect(page.locator("#dlg-settings")).to_be_visible()
    check(page, "start screen", found)
    # The players' group is named by its text; each button by its number alone, the first too.
    expect(page.locator('[data-action="players-3"]')).to_have_accessible_name("3")
    # It is a radio group: one Tab stop (the size chosen), the arrows move the choice.
    players = page.locator('#dlg-settings [role="radiogroup"]:has([data-action="players-4"])')
    expect(players).to_have_accessible_name("Players" if lang == "en" else "Spieler")
    four, five = (page.locator(f'#dlg-settings [data-action="players-{n}"]') for n in (4, 5))
    expect(four).to_have_attribute("role", "radio")
    expect(four).to_have_attribute("aria-checked", "true")
    expect(four).to_have_attribute("tabindex", "0")
    expect(five).to_have_attribute("tabindex", "-1")
    four.focus()
    for key, now, was in (("ArrowRight", five, four), ("ArrowLeft", four, five)):
        page.keyboard.press(key)
        expect(now).to_have_attribute("aria-checked", "true")
        expect(was).to_have_attribute("aria-checked", "false")
        expect(now).to_be_focused()  # also once the dialog is drawn again for the new size
    table = Table(page).open(seed=21, bots="easy", lang=lang)
    check(page, "pass", found)
    check_dialog(page, "settings", "settings", found)
    table.wait_for_choice()
    table.pass_cards()
    table.wait_for_choice()
    check(page, "play", found)
    for _ in range(MAX_TURNS):
        if page.locator('[data-action="last-trick"]').is_enabled() or table.wait_for_choice() == "over":
            break
        table.play_any()
    page.click('[data-action="last-trick"]')
    expect(page.locator("#last-trick .caption")).to_be_visible()
    check(page, "trick taken", found)
    page.keyboard.press("Escape")
    page.keyboard.press("r")  # a hint
    check(page, "hint", found)
    table.play_hand()
    check(page, "result", found)
    check_dialog(page, "scores", "score sheet", found)
    check_dialog(page, "stats", "statistics", found)
    assert not found, json.dumps(found, indent=1)


# -- a whole hand by keyboard, heard through the live log ---------------------------------------

PLAY_LINE = {"en": ("You play {card}.", "{name} plays {card}."), "de": ("Du spielst {card}.", "{name} spielt {card}.")}


def expected_plays(save: str, lang: str) -> list[str]:
    """From the autosave (the engine's record): every play of the hand in order, as the log must say it."""
    hand = Match.from_json(json.loads(save)["match"]).finished[0]
    mine, theirs = PLAY_LINE[lang]
    return [(mine if seat == 0 else theirs).format(name=SEAT_NAMES[lang][seat], card=spoken_name(card_str(card), lang))
            for seat, card in hand.plays]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_hand_by_keyboard_alone_with_the_plays_announced(table: Table, lang: str) -> None:
    page = table.open(seed=33, bots="easy", lang=lang).page
    page.evaluate(RECORD_LOG)
    log = page.locator('[role="log"]')
    expect(log).to_have_count(1)
    phase = table.wait_for_choice()
    assert phase == "pass"
    expect(log).to_contain_text("Your cards:" if lang == "en" else "Deine Karten:")
    for key in ("1", "2", "3"):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    for _ in range(MAX_TURNS):
        if table.wait_for_choice() == "over":
            break
        legal = table.legal()
        # The key shown on the first playable card plays it; the card keeps its spoken name.
        first = page.locator(f'#hand [data-card="{legal[0]}"]')
        expect(first).to_have_attribute("aria-label", re.compile("^" + re.escape(spoken_name(legal[0], lang))))
        page.keyboard.press(str(first.get_attribute("data-key")))
        page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{legal[0]}\"]')")
    page.wait_for_selector("#result:not([hidden])")
    save = stored(page, SAVE_KEY)
    assert save is not None
    plays = expected_plays(save, lang)
    assert len(plays) == 52
    lines = heard(page)
    play_word = re.compile(r"^(You play|Du spielst(?! aus)|\w+ plays|\w+ spielt) ")  # not "Du spielst aus" (your lead)
    assert [line for line in lines if play_word.match(line)] == plays
    takes = [line for line in lines if re.search(r"takes? the trick|(nimmst|nimmt) den Stich", line)]
    assert len(takes) == 13
    # Q♠ taken is said in words, as its sound marks it: in the line of its trick alone.
    assert len([line for line in takes if spoken_name("QS", lang) in line]) == 1
    # Each trick's four plays come before the line that says who took it.
    first_take = lines.index(takes[0])
    assert [line for line in lines[:first_take] if play_word.match(line)] == plays[:4]
    assert any(line.startswith(("Hand 1 over", "Spiel 1 ist aus")) for line in lines)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_card_is_named_by_its_spoken_name(table: Table, lang: str) -> None:
    page = table.open(seed=8, bots="easy", lang=lang, rules={"passing": "none"}).page
    table.wait_for_choice()
    for card in table.hand():
        label = str(page.locator(f'#hand [data-card="{card}"]').get_attribute("aria-label"))
        assert label.startswith(spoken_name(card, lang)), (card, label)
    # A hand without a pass says the cards as it starts, as a passing hand says them with the pass.
    cards = ", ".join(spoken_name(card, lang) for card in table.hand())
    start = "Hand 1. No passing. Your cards:" if lang == "en" else "Spiel 1. Kein Tausch. Deine Karten:"
    expect(page.locator("#log p").filter(has_text=start)).to_have_text(f"{start} {cards}.")
    if lang == "en":
        pattern = (r"^(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
                   r" of (clubs|diamonds|hearts|spades)")
        for label in page.locator("#hand [data-card]").evaluate_all("n => n.map(e => e.ariaLabel)"):
            assert re.match(pattern, str(label)), label
    # The faces are images hidden from screen readers: the name is the spoken one alone.
    assert page.locator("#hand [data-card] img[aria-hidden='true'][alt='']").count() == len(table.hand())
    table.play_any()
    # Read in one go: at the instant speed the bots may finish the trick and clear it meanwhile.
    trick = page.locator("#trick [data-trick-card]").evaluate_all(
        "n => n.map(e => [e.getAttribute('role'), e.ariaLabel, e.dataset.trickCard])")
    for role, label, card in trick:
        assert role == "img"
        assert label == spoken_name(str(card), lang)


TURN_OR_HANDOFF = """() => {
  if (document.querySelector('[data-handoff]:not([hidden])')) return 'handoff';
  const t = document.querySelector('#table');
  return t.dataset.turn === t.dataset.self && document.querySelector('#hand [data-legal="true"]') ? 'play' : false;
}"""


def test_pass_and_play_each_person_hears_their_own_cards_as_a_hand_without_a_pass_starts(page: Page) -> None:
    """Two persons at one device: each hears "Your cards" once, after revealing, and only their own."""
    page.add_init_script(RECORD_LOG_FROM_LOAD)
    table = Table(page).open(seed=8, bots=["human", "easy", "easy"], names=["Anna", "Bob"], lang="en",
                             rules={"passing": "none"})
    start = "Hand 1. No passing. Your cards:"
    reveals = {0: 0, 1: 0}
    for _ in range(MAX_TURNS):
        if min(reveals.values()) >= 2:  # each person's second turn too: the cards are said once a hand
            break
        if page.wait_for_function(TURN_OR_HANDOFF).json_value() == "handoff":
            seat = int(str(page.locator("[data-handoff]:not([hidden])").get_attribute("data-handoff")))
            covered = len(heard(page))
            page.click('[data-action="reveal"]')
            page.wait_for_function(MY_TURN)
            own = f"{start} {', '.join(spoken_name(card) for card in table.hand())}."
            told = [line for line in heard(page)[covered:] if line.startswith(start)]
            assert told == ([own] if reveals[seat] == 0 else []), (seat, reveals[seat])
            reveals[seat] += 1
        card = table.play_any()
        page.wait_for_function("card => !document.querySelector(`#hand [data-card='${card}']`)", arg=card)
    else:
        raise AssertionError(f"the two persons did not each play twice within {MAX_TURNS} turns: {reveals}")
    # Twice in all, each after its person's reveal: nothing said while the hand-over screen covered the table.
    assert len([line for line in heard(page) if line.startswith(start)]) == 2


def test_unplayable_cards_say_why(table: Table) -> None:
    page = table.open(seed=3, bots="easy", rules={"passing": "none"}).page
    illegal = until_i_hold_an_illegal_card(table)
    label = str(page.locator(f'#hand [data-card="{illegal[0]}"]').get_attribute("aria-label"))
    assert re.match(r"^.+ of \w+, not playable: (you must follow (clubs|diamonds|hearts|spades)|"
                    r"hearts are not broken yet|the first trick is led with two of clubs|no points .+)", label), label


def test_the_read_table_key_says_trick_turn_scores_and_suits(table: Table) -> None:
    page = table.open(seed=8, bots="easy", rules={"passing": "none"}).page
    table.wait_for_choice()
    page.keyboard.press("t")
    last = page.locator("#log p").last
    expect(last).to_contain_text("Your turn.")
    expect(last).to_contain_text("Scores: You 0, Alice 0, Bob 0, Carol 0.")
    expect(last).to_contain_text(re.compile(r"Your cards: \d+ clubs, \d+ diamonds, \d+ hearts, \d+ spades\."))


def test_the_last_trick_key_says_the_trick_or_that_there_is_none(table: Table) -> None:
    page = table.open(seed=8, bots="easy", rules={"passing": "none"}).page
    table.wait_for_choice()
    last = page.locator("#log p").last
    page.keyboard.press("l")
    expect(last).to_have_text("No trick has been taken yet in this hand.")
    # At the person's turn, not before: the second trick cannot end before the person plays in it, so the
    # last trick is the first (led with clubs) once one is taken.
    for _ in range(MAX_TURNS):
        if table.wait_for_choice() == "over" or page.locator('[data-action="last-trick"]').is_enabled():
            break
        table.play_any()
    page.keyboard.press("l")
    expect(page.locator("#last-trick .caption")).to_be_visible()
    # The bots may play on meanwhile, and the person's turn be said after it: one of the lines, not the last.
    said = re.compile(r"^Last trick: (You|Alice|Bob|Carol) \w+ of clubs(, (Alice|Bob|Carol|You) \w+ of \w+){3}\. "
                      r"(You take|(Alice|Bob|Carol) takes) the trick\.$")
    expect(page.locator("#log p").filter(has_text=said)).to_have_count(1)


def test_the_read_table_key_says_the_pass_to_make_and_the_hands_end(table: Table) -> None:
    page = table.open(seed=8, bots="easy").page
    assert table.wait_for_choice() == "pass"
    page.keyboard.press("t")
    last = page.locator("#log p").last
    expect(last).to_contain_text("Pass 3 cards to the left, to Alice. Your turn.")
    expect(last).not_to_contain_text("No card on the table")
    table.play_hand()
    page.keyboard.press("t")
    expect(last).to_contain_text(re.compile(r"^Hand 1 over\. This hand: "))
    expect(last).not_to_contain_text("Your cards")  # none left: four suits of 0 would say nothing
    expect(last).not_to_contain_text("Scores:")  # the result says the totals, once


def test_the_log_says_what_a_void_hand_may_not_play_and_who_won_the_match(table: Table) -> None:
    """Void in clubs on the first trick, with Q♠ and hearts kept back: not "any card". A match of one
    hand (target 1): its end and its winners are said, not only shown."""
    page = table.open(seed=11, bots="easy", rules={"passing": "none", "target": 1}).page
    page.evaluate(RECORD_LOG)
    table.wait_for_choice()
    expect(page.locator("#log p").last).to_have_text(
        "Your turn: you have no clubs, but no points on the first trick while you have other cards.")
    table.play_hand()
    expect(page.locator("#result .winners")).not_to_be_empty()
    winners = page.locator("#result .winners").inner_text()
    assert f"Match over. {winners}" in heard(page)


def test_a_new_hand_says_its_number_once(table: Table) -> None:
    """ "Hand 2." as the hand starts, then the pass to make and the cards, without the number again."""
    page = table.open(seed=8, bots="easy").page
    page.evaluate(RECORD_LOG)
    table.play_hand()
    table.next_hand()
    assert table.wait_for_choice() == "pass"
    expect(page.locator("#log p").last).to_contain_text("Your cards:")
    lines = heard(page)
    assert [line for line in lines if line.startswith("Hand 2")] == ["Hand 2."]
    assert lines[-1].startswith("Pass 3 cards to the right, to Carol.")


def test_a_first_visit_says_only_the_hand_it_plays(page: Page) -> None:
    """The start screen deals a match behind it: its hand is not said until the screen closes, and
    "Start new match" deals another one, which alone the log says."""
    page.add_init_script(RECORD_LOG_FROM_LOAD)
    page.goto("")
    page.wait_for_selector(READY, timeout=60_000)
    expect(page.locator("#dlg-settings")).to_be_visible()
    page.wait_for_timeout(500)  # what the table's drawing would say
    assert [line for line in heard(page) if "Your cards" in line] == []
    page.click('#dlg-settings [data-action="start"]')
    expect(page.locator("#dlg-settings")).to_be_hidden()
    expect(page.locator("#log p").last).to_contain_text("Your cards")
    said = [line for line in heard(page) if "Your cards" in line]
    assert len(said) == 1 and all(spoken_name(card) in said[0] for card in Table(page).hand())


def test_cards_beyond_nine_have_keys_of_their_own(table: Table) -> None:
    page = table.open(seed=4, bots="easy", rules={"players": 3}).page  # 17 cards each, passing
    assert table.wait_for_choice() == "pass"
    keys = page.locator("#hand [data-card]").evaluate_all("n => n.map(e => e.dataset.key)")
    assert keys == list("123456789asdfghjk")
    hand = table.hand()
    page.keyboard.press("k")
    page.keyboard.press("a")
    for card in (hand[16], hand[9]):
        expect(page.locator(f'#hand [data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-action="pass"]')).to_have_text("Pass 2/3")
    # The key shows on the card (CSS draws data-key) and is said with its name.
    expect(page.locator(f'#hand [data-card="{hand[9]}"]')).to_have_attribute("aria-label", re.compile(r", key A$"))


# Whether a keyframe moves something (the dealing flies each card in; a fade moves nothing).
MOVES = """(k) => (k.translate && !['0px 0px', '0 0', '0px'].includes(k.translate))
    || (k.transform && k.transform !== 'none')"""
# Animations running now that move something.
MOVING = f"() => document.getAnimations().filter(a => a.effect?.getKeyframes?.().some({MOVES})).length"
# Whether each script animation of the hand's cards moves, recorded as it starts from the page's first line: the
# slow pace's deal runs 1.3 s from the frame after the table is drawn, and a loaded machine can spend that before
# a look taken once the page is ready.
HAND_ANIMATIONS = f"""(() => {{
  window.handAnimations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {{
    if (this.closest('#hand')) {{
      window.handAnimations.push(new KeyframeEffect(null, keyframes).getKeyframes().some({MOVES}));
    }}
    return animate.call(this, keyframes, options);
  }};
}})()"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_hand_is_dealt_in_unless_motion_is_reduced(browser: Any, base_url: str, motion: str) -> None:
    context = browser.new_context(base_url=base_url, reduced_motion=motion, viewport=DESKTOP, **NO_SERVICE_WORKER)
    try:
        page = context.new_page()
        page.add_init_script(HAND_ANIMATIONS)
        setup = json.dumps({"seed": 2, "bots": "easy", "speed": "slow", "clock": 0}, separators=(",", ":"))
        page.goto(f"?setup={urllib.parse.quote(setup)}")
        page.wait_for_selector(READY, timeout=60_000)
        page.wait_for_function("window.handAnimations.length > 0")  # dealt: flown in, or faded in together
        moved = page.evaluate("window.handAnimations")
        assert any(moved) == (motion == "no-preference"), moved
        if motion == "reduce":
            assert int(page.evaluate(MOVING)) == 0  # nor does anything else move (a CSS animation)
    finally:
        context.close()


# -- the screens that came later: learn tips, review, share, hand-off, hosting, a guest's page -----

# A modal <dialog> makes the page behind it inert: Tab goes round its controls and, past the
# last one, to the browser's own controls (document.body here), never to the page behind it.
FOCUS_IN = "id => document.getElementById(id).contains(document.activeElement)"


def check_modal(page: Page, opener: str, screen: str, found: dict[str, list[str]], ready: str = "") -> None:
    """Open the dialog behind `opener` (a button), check it (again once `ready` shows, if given):
    Tab stays inside it, it is named by its title, and Esc gives the focus back to the opener (or to
    "More", when the bar keeps the opener behind it: the list closes as the tool is chosen)."""
    tool = page.locator(opener)
    more = behind_more(page, tool)
    tool.focus()
    tool.press("Enter")
    button = more or tool
    dialog = page.locator("dialog[open]")
    expect(dialog).to_be_visible()
    dialog_id = str(dialog.get_attribute("id"))
    expect(dialog).to_have_accessible_name(str(dialog.locator("header h2").text_content()))
    expect(dialog.locator("header h2")).to_be_focused()  # the title first (APG), not ✕ ("Close")
    check(page, screen, found)
    if ready:
        page.wait_for_selector(ready, timeout=120_000)
        check(page, f"{screen} ({ready})", found)
    stops = dialog.locator("button, input, textarea, a[href], [tabindex='0']").count()
    for key in ("Tab", "Shift+Tab"):
        for _ in range(2 * stops + 2):  # round twice, forwards and backwards
            page.keyboard.press(key)
            assert page.evaluate(FOCUS_IN, dialog_id), f"{screen}: {key} left the dialog"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()


@pytest.mark.parametrize(("lang", "viewport"), SCREENS)
def test_no_serious_axe_violation_on_the_newer_screens(page: Page, lang: str, viewport: dict[str, int]) -> None:
    found: dict[str, list[str]] = {}
    table = Table(page).open(mode="learn", lang=lang)
    tip = page.locator('[data-tip="pass"]')
    expect(tip).to_be_visible()
    expect(tip).to_have_accessible_name(str(tip.locator("h2").text_content()))
    expect(tip.locator('[data-action="tip-ok"]')).to_be_focused()  # said at once, OK (Enter) next
    check(page, "learn tip", found)
    page.keyboard.press("Enter")
    expect(page.locator("#hand [data-card]:focus")).to_have_count(1)  # the focus back on the hand
    table.open(bots=["human", "easy", "easy"], lang=lang)
    expect(page.locator('[data-handoff="0"]')).to_be_visible()
    expect(page.locator('[data-action="reveal"]')).to_be_focused()  # the hand-off is said when it shows
    check(page, "hand-off", found)
    table.open(seed=21, bots="easy", lang=lang)
    check_modal(page, '.bar [data-action="share"]', "share", found)
    check_modal(page, '.bar [data-action="host"]', "hosting", found)
    table.play_hand()
    check_modal(page, '#result [data-action="review"]', "review", found, ready="[data-review-step][data-loss]")
    assert not found, json.dumps(found, indent=1)


@pytest.mark.parametrize(("lang", "viewport"), GUEST_SCREENS)
def test_no_serious_axe_violation_on_a_guests_page(browser: Browser, base_url: str, lang: str,
                                                   viewport: ViewportSize) -> None:
    """A host and a guest in two contexts (as in test_together), both open to axe's injected script."""
    found: dict[str, list[str]] = {}
    tables = Tables(browser, base_url)
    try:
        host = open_host(tables.page(viewport, bypass_csp=True), lang=lang)
        guest = tables.page(viewport, bypass_csp=True, lang=lang)
        guest_link = str(host.locator('[data-invite="1"]').get_attribute("href"))
        guest.goto(guest_link)
        # The panel is said when it shows: the focus on the button the guest needs next.
        expect(guest.locator("#join button.primary")).to_be_focused(timeout=15_000)
        check(guest, "join panel", found)
        connect(host, guest, 1)
        expect(host.locator('[data-peer="1"] h3')).to_be_focused()  # "Ben connected", not a lost focus
        check(host, "hosting, a guest connected", found)
        start(host, {1: guest})
        guest.wait_for_function(MY_TURN)
        expect(guest.locator("#hand [data-card]:focus")).to_have_count(1)  # from the join panel to the hand
        check(guest, "guest's table", found)
    finally:
        tables.check_and_close()
    assert not found, json.dumps(found, indent=1)
