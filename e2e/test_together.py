"""Playing together in one Chromium: a host and guests in separate browser contexts over
direct WebRTC data channels (host candidates, no STUN), and pass-and-play on one page.

A spy (an init script, like a look in devtools) records every message a guest's page
receives over its data channel, so the tests can check that none names a card of another
seat's hand.
"""

from __future__ import annotations

import base64
import json
import re
import urllib.parse
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from conftest import NO_SERVICE_WORKER, READY, Guards
from helpers import RECORD_LOG_FROM_LOAD, Settings, click_tool, heard, mark_toasts, spoken_name

CARD = re.compile(r'"([2-9TJQKA][CDHS])"')
SPY = """
(() => {
  window.__received = [];
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === "message" && this instanceof RTCDataChannel && !this.__spied) {
      this.__spied = true;
      add.call(this, "message", (e) => window.__received.push(String(e.data)));
    }
    return add.call(this, type, listener, options);
  };
})();
"""
MY_TURN = """() => {
  const t = document.querySelector('#table');
  if (t.dataset.phase === 'over' || !document.querySelector('#result').hidden) return 'over';
  if (t.dataset.turn !== t.dataset.self) return false;
  if (t.dataset.phase === 'pass') return document.querySelector('[data-action="pass"]:not([hidden])') ? 'pass' : false;
  return document.querySelector('#hand [data-legal="true"]') ? 'play' : false;
}"""


class Tables:
    """Browser contexts (one per person), each with the conftest guards; closed at the end."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.contexts: list[tuple[BrowserContext, Guards]] = []

    def page(self, viewport: ViewportSize | None = None, bypass_csp: bool = False, lang: str | None = None) -> Page:
        """A person's page in a context of its own (`bypass_csp` lets a test inject axe-core's script)."""
        parts = urllib.parse.urlsplit(self.base_url)
        guards = Guards(f"{parts.scheme}://{parts.netloc}")
        context = self.browser.new_context(base_url=self.base_url, viewport=viewport or {"width": 1280, "height": 800},
                                           bypass_csp=bypass_csp, **NO_SERVICE_WORKER)
        context.add_init_script(SPY)
        # A guest's page has its own settings: no animations, so the tests wait for no card to fly.
        settings = json.dumps({"speed": "instant", "clock": 0, "lang": lang})
        context.add_init_script(
            f"localStorage.getItem('hearts.settings.v1') || localStorage.setItem('hearts.settings.v1', {settings!r})")
        context.on("request", guards.on_request)
        context.on("response", guards.on_response)
        context.on("requestfailed", guards.on_failed)
        page = context.new_page()
        page.on("console", guards.on_console)
        page.on("pageerror", guards.on_page_error)
        self.contexts.append((context, guards))
        return page

    def close(self, page: Page) -> None:
        for context, guards in self.contexts:
            if page in context.pages:
                guards.check()
                context.close()
                self.contexts.remove((context, guards))
                return

    def check_and_close(self) -> None:
        for context, guards in self.contexts:
            context.close()
            guards.check()


@pytest.fixture
def tables(browser: Browser, base_url: str) -> Iterator[Tables]:
    t = Tables(browser, base_url)
    try:
        yield t
    finally:
        t.check_and_close()


def open_host(page: Page, **setup: Any) -> Page:
    setup = {"speed": "instant", "clock": 0, "seed": 21, **setup}
    page.goto(f"?setup={urllib.parse.quote(json.dumps(setup))}")
    page.wait_for_selector(READY, timeout=60_000)
    click_tool(page, "host")  # behind "More" on a phone upright
    return page


def join(host: Page, guest: Page, seat: int) -> None:
    """The guest opens its invitation; the host pastes the answer code and connects."""
    invite = host.locator(f'[data-invite="{seat}"]')
    expect(invite).to_be_visible()
    # Its text is cut after whole lines, never through the middle of one (in every engine's font).
    lines = invite.evaluate("(a) => a.clientHeight / parseFloat(getComputedStyle(a).lineHeight)")
    assert abs(lines - round(lines)) < 0.05, f"the invitation shows {lines:.2f} lines"
    link = str(invite.get_attribute("href"))
    guest.goto(link)
    connect(host, guest, seat)


def connect(host: Page, guest: Page, seat: int) -> None:
    """The host pastes the answer code the guest's page (open at its invitation) shows, and connects."""
    answer = guest.locator("[data-answer]")
    expect(answer).to_be_visible(timeout=15_000)
    host.fill(f'[data-answer-input="{seat}"]', answer.input_value())
    host.click(f'[data-action="connect"][data-seat="{seat}"]')
    expect(host.locator(f'[data-peer="{seat}"][data-connected="true"]')).to_be_visible(timeout=15_000)


def start(host: Page, guests: dict[int, Page]) -> None:
    host.click('[data-action="host-start"]')
    for seat, guest in guests.items():
        guest.wait_for_selector(READY, timeout=15_000)
        expect(guest.locator("#table")).to_have_attribute("data-self", str(seat))


def hand(page: Page) -> list[str]:
    return [str(c) for c in page.locator("#hand [data-card]").evaluate_all("n => n.map(e => e.dataset.card)")]


def table_data(page: Page) -> dict[str, str]:
    """The table's data-* attributes (phase, turn, self, ...): what a failure message shows."""
    return dict(page.evaluate("() => ({...document.querySelector('#table').dataset})"))


def take_turn(page: Page, phase: str) -> None:
    if phase == "pass":
        count = int(page.locator('[data-action="pass"]').inner_text().split("/")[-1])
        for card in hand(page)[:count]:
            page.click(f'#hand [data-card="{card}"]')
        page.click('[data-action="pass"]')
    else:
        legal = page.locator('#hand [data-card][data-legal="true"]').first.get_attribute("data-card")
        assert legal is not None
        page.click(f'#hand [data-card="{legal}"]')
        # The answer goes through the host's queue: on a loaded machine (CI runs other browsers
        # beside this one) that can take seconds. A refusal would show in the toasts.
        played = page.locator(f'#hand [data-card="{legal}"]')
        try:
            expect(played).to_have_count(0, timeout=15_000)
        except AssertionError as missed:
            toasts = page.locator("#toasts").inner_text()
            raise AssertionError(f"{legal} was not played: table {table_data(page)}, toasts {toasts!r}") from missed


def play_round(pages: list[Page], until: Callable[[], bool], bound: int = 600) -> None:
    """Whoever's turn it is takes it, until `until()` holds (a bound on polls, not a timing)."""
    for _ in range(bound):
        if until():
            return
        for page in pages:
            phase = page.evaluate(MY_TURN)
            if phase in ("pass", "play"):
                take_turn(page, phase)
                break
        else:
            pages[0].wait_for_timeout(100)
    state = [table_data(p) for p in pages]
    raise AssertionError(f"the table did not get there: {state}")


def hand_over(page: Page) -> Callable[[], bool]:
    return lambda: page.locator("#result:not([hidden])").count() == 1


def messages(page: Page) -> list[dict[str, Any]]:
    return [json.loads(text) for text in page.evaluate("window.__received")]


def public_cards(state: dict[str, Any], events: list[dict[str, Any]]) -> set[str]:
    cards = {c["card"] for c in state["trick"]} | set(CARD.findall(json.dumps(state["rules"])))  # e.g. removed 2D
    if state["last_trick"]:
        cards |= {c["card"] for c in state["last_trick"]["cards"]}
    for event in events:
        cards |= set(CARD.findall(json.dumps(event)))
    return cards


def assert_only_own_cards(guest: Page, seat: int, others: list[Page]) -> None:
    """Every message the guest got names only its own cards and public ones; its DOM holds its own hand."""
    received = messages(guest)
    assert received, "the guest received nothing"
    for message in received:
        if message["type"] != "view":
            continue
        state = message["state"]
        assert state["self"] == seat
        own = {c["card"] for c in state["hand"]}
        secret = set(CARD.findall(json.dumps(message))) - public_cards(state, message["events"]) - own
        assert not secret, f"seat {seat} was sent other seats' cards {secret}"
        if not state["match"]["over"]:   # the seed or a deal number deals every seat's cards
            assert (state["seed"], state["deal_number"]) == (0, ""), f"seat {seat} was sent the deal"
    mine = set(hand(guest))
    for other in others:
        assert not mine & set(hand(other)), "two seats show the same card"


def test_two_guests_and_a_bot_play_a_whole_hand(tables: Tables) -> None:
    host = open_host(tables.page())
    guests = {1: tables.page(), 3: tables.page()}
    # A guest gives its own name on the joining page: seat 1's browser has one in its settings (the
    # field shows it), seat 3's person types one (the page sends it as the host keeps names: single
    # spaces, no control characters), and the browser keeps it.
    own = json.dumps({"speed": "instant", "clock": 0, "names": ["Zoë"]})
    guests[1].context.add_init_script(f"localStorage.setItem('hearts.settings.v1', {own!r})")
    for seat, guest in guests.items():
        join(host, guest, seat)
    expect(guests[1].get_by_label("Your name")).to_have_value("Zoë")
    guests[3].get_by_label("Your name").fill("  Max   Muster\u0007mann\u200b ")
    start(host, guests)
    # Every page calls each guest's seat by its own name (a guest's page: the other guest's).
    for page, seat, name in ((host, 1, "Zoë"), (host, 3, "Max Mustermann"), (guests[3], 1, "Zoë"),
                             (guests[1], 3, "Max Mustermann")):
        expect(page.locator(f".seat[data-seat='{seat}'] .name")).to_have_text(name)
    assert guests[3].evaluate("JSON.parse(localStorage.getItem('hearts.settings.v1')).names[0]") == "Max Mustermann"
    expect(host.locator(".seat[data-seat='2'] .level")).not_to_have_text("")  # seat 2: a bot
    pages = [host, *guests.values()]
    # A guest's page has no match, statistics or settings of its own: no tool of them shows.
    assert guests[1].locator(".bar .tool:visible").count() == 0
    play_round(pages, hand_over(host))
    for seat, guest in guests.items():
        expect(guest.locator("#result")).to_be_visible()
        assert_only_own_cards(guest, seat, [p for p in pages if p is not guest])
        host_scores = host.locator("[data-score-seat]").evaluate_all("n => n.map(e => e.textContent)")
        assert guest.locator("[data-score-seat]").evaluate_all("n => n.map(e => e.textContent)") == host_scores
    # The next hand waits for every person.
    host.click('[data-action="next-hand"]')
    expect(host.locator("#result .waiting-next")).to_be_visible()
    expect(host.locator("#result")).to_be_visible()
    for guest in guests.values():
        guest.click('[data-action="next-hand"]')
    expect(host.locator("#result")).to_be_hidden()
    expect(host.locator("#table")).to_have_attribute("data-phase", "pass")


def test_a_keyboard_guest_copies_its_code_then_tabs_on_to_its_name_which_reaches_the_host(tables: Tables) -> None:
    """The joining page's focus is on Copy, the step every guest takes; the optional name is the next Tab stop,
    and a name typed after the copy is the one the host's table shows."""
    host = open_host(tables.page(), bots=["easy", "easy"], rules={"players": 3})
    guest = tables.page()
    guest.context.grant_permissions(["clipboard-read", "clipboard-write"])
    guest.goto(invitation(host, 1))
    copy = guest.get_by_role("button", name="Copy")
    expect(copy).to_be_focused(timeout=15_000)
    guest.keyboard.press("Enter")
    expect(guest.locator("#toasts")).to_contain_text("Copied")
    assert guest.evaluate("navigator.clipboard.readText()") == guest.locator("[data-answer]").input_value()
    expect(copy).to_be_focused()  # back from the code that the copy selected
    guest.keyboard.press("Tab")
    expect(guest.get_by_label("Your name (optional)")).to_be_focused()
    guest.keyboard.type("Rex")
    connect(host, guest, 1)
    start(host, {1: guest})
    expect(host.locator(".seat[data-seat='1'] .name")).to_have_text("Rex")


def test_a_host_reloaded_mid_hand_lets_the_bots_play_for_its_guests_until_they_rejoin(tables: Tables) -> None:
    """A reload ends the host's connections: the resumed table must not wait for a guest it cannot hear."""
    host = open_host(tables.page(), bots=["easy", "easy", "easy"], rules={"players": 3}, lang="de")
    guest = tables.page()
    join(host, guest, 1)
    start(host, {1: guest})
    # The guest's page (in English) calls each seat as the host's (in German) does: "Ben", not "Bob".
    expect(host.locator(".seat[data-seat='2'] .name")).to_have_text("Ben")
    expect(guest.locator(".seat[data-seat='2'] .name")).to_have_text("Ben")
    play_round([host, guest], lambda: guest.evaluate(MY_TURN) == "play")
    cards_before = host.locator(".seat[data-seat='1'] .mini-back").count()
    host.reload()
    host.wait_for_selector(READY, timeout=60_000)
    host.wait_for_function("n => document.querySelectorAll(\".seat[data-seat='1'] .mini-back\").length < n",
                           arg=cards_before, timeout=20_000)


def test_a_guest_who_drops_mid_trick_is_played_by_a_bot_and_rejoins(tables: Tables) -> None:
    host = open_host(tables.page(), bots=["easy", "easy", "easy"], rules={"players": 3})
    guest = tables.page()
    join(host, guest, 1)
    start(host, {1: guest})
    # Play until a trick is under way and it is the guest's turn, then the guest leaves.
    play_round([host, guest], lambda: guest.evaluate(MY_TURN) == "play"
               and host.locator("#trick [data-trick-card]").count() > 0)
    cards_before = host.locator(".seat[data-seat='1'] .mini-back").count()
    tables.close(guest)
    # Its bot plays its card at once (and on, while the host is not to play).
    host.wait_for_function("n => document.querySelectorAll(\".seat[data-seat='1'] .mini-back\").length < n",
                           arg=cards_before, timeout=20_000)
    expect(host.locator("#toasts")).to_contain_text("dropped out")
    # Rejoin with a new invitation, under a name of its own now: the seat comes back to its person, and
    # the hosting panel, still open, calls the seat by that name.
    host.click('[data-action="host"]')
    expect(host.locator('[data-peer="1"] h3')).to_contain_text("Alice")
    back = tables.page()
    back.goto(invitation(host, 1))
    back.get_by_label("Your name").fill("Rex")
    connect(host, back, 1)
    expect(host.locator(".seat[data-seat='1'] .name")).to_have_text("Rex")
    expect(host.locator('[data-peer="1"] h3')).to_contain_text("Rex")
    host.keyboard.press("Escape")
    back.wait_for_selector(READY, timeout=15_000)
    expect(back.locator("#table")).to_have_attribute("data-self", "1")
    assert len(hand(back)) < cards_before
    play_round([host, back], hand_over(host))
    expect(back.locator("#result")).to_be_visible()
    assert_only_own_cards(back, 1, [host])


def test_a_forged_or_bad_message_from_a_guest_is_refused_and_changes_nothing(tables: Tables) -> None:
    host = open_host(tables.page(), rules={"players": 3}, bots=["easy", "easy"])
    guest = tables.page()
    join(host, guest, 1)
    start(host, {1: guest})
    # Once the bots have passed nothing moves until a person passes: the table stands still.
    host.wait_for_function(MY_TURN)
    guest.wait_for_function(MY_TURN)
    save = host.evaluate("localStorage.getItem('hearts.save.v1')")
    for forged in ('{"type":"pass","cards":["2C","3C","4C"],"seat":2}', '{"type":"next","seat":0}',
                   '{"type":"undo"}', "not json", '{"type":"play","card":"ZZ"}',
                   '{"type":"hello","name":"Zo\\u0007\\u00eb"}', '{"type":"hello","name":"bob"}'):
        before = len(messages(guest))
        guest.evaluate("text => window.heartsNet.send(text)", forged)
        guest.wait_for_function("n => window.__received.length > n", arg=before)
        reply = messages(guest)[before]
        assert reply["type"] == "error" and reply["error"]["code"] in (
            "forged", "bad_message", "wrong_phase", "bad_card", "not_your_turn", "bad_name", "name_taken"), reply
    assert [m["error"]["code"] for m in messages(guest)[-7:]][:2] == ["forged", "forged"]
    # A name with a control character, or another seat's (seat 2's bot is Bob): refused, and said.
    assert [m["error"]["code"] for m in messages(guest)[-2:]] == ["bad_name", "name_taken"]
    expect(guest.locator("#toasts")).to_contain_text("already called bob")
    expect(host.locator(".seat[data-seat='1'] .name")).to_have_text("Alice")
    assert host.evaluate("localStorage.getItem('hearts.save.v1')") == save
    # The host leaves: the guest's table ends with a clear message.
    tables.close(host)
    expect(guest.locator("#join")).to_contain_text("The host has left the table.", timeout=20_000)


def invitation(host: Page, seat: int) -> str:
    return str(host.locator(f'[data-invite="{seat}"]').get_attribute("href"))


def answer_code(guest: Page, other_than: str = "") -> str:
    """The answer code the guest's page shows (a new one, when it showed `other_than` before)."""
    guest.wait_for_function("old => (document.querySelector('[data-answer]')?.value ?? old) !== old",
                            arg=other_than, timeout=15_000)
    return guest.locator("[data-answer]").input_value()


def paste(host: Page, seat: int, code: str, double: bool = False) -> None:
    host.fill(f'[data-answer-input="{seat}"]', code)
    button = host.locator(f'[data-action="connect"][data-seat="{seat}"]')
    button.dblclick() if double else button.click()


def with_another_fingerprint(code: str) -> str:
    """An answer code (signal.js: raw deflate, base64url) whose DTLS fingerprint is not the guest's: the
    ICE checks succeed, the DTLS handshake then fails, and the host's connection is "failed" at once."""
    body = code[1:]
    lines = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), -15).decode().split("\n")
    changed = [line[:-2] + ("00" if not line.endswith("00") else "11") if line[0] == "f" else line for line in lines]
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress("\n".join(changed).encode()) + packer.flush()
    return code[0] + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_an_answer_code_goes_to_its_seat_and_a_wrong_or_old_one_breaks_no_invitation(tables: Tables) -> None:
    """Codes pasted into the wrong row, twice, from an old invitation or a second person: each is routed or
    refused with a message, and every seat still connects; a connected guest waits calmly for the start.
    A connection that fails leaves no seat stuck: the seat gets a new invitation in place."""
    host = open_host(tables.page())
    a, b, c = tables.page(), tables.page(), tables.page()
    c.clock.install()
    # A opens seat 2's invitation and then seat 1's in the same tab: only the fragment changes.
    a.goto(invitation(host, 2))
    first = answer_code(a)
    a.goto(invitation(host, 1))
    seat_2 = invitation(host, 2)
    b.goto(seat_2)
    # B's code pasted into A's row (and Connect clicked twice) connects B's seat, and says so.
    paste(host, 1, answer_code(b), double=True)
    expect(host.locator('[data-peer="2"][data-connected="true"]')).to_be_visible(timeout=15_000)
    # A second person opens the same invitation. (Opened before the host connects either, the two
    # answering pages' connection checks may reach the host's one connection alike: docs/multiplayer.md.)
    c.goto(seat_2)
    expect(host.locator("#toasts")).to_contain_text("This code answers the invitation for")
    expect(host.locator("#toasts")).not_to_contain_text("does not fit")
    # A's code: for seat 1, which connects although a wrong code was pasted into its row.
    old = answer_code(a, other_than=first)
    paste(host, 1, old)
    expect(host.locator('[data-peer="1"][data-connected="true"]')).to_be_visible(timeout=15_000)
    # Connected before the match: A's page says so, with no error for its hello.
    expect(a.locator("#join")).to_contain_text("Waiting for the host to start the match")
    a.wait_for_function("() => window.__received.some(t => t.includes('not_a_guest'))")
    expect(a.locator("#toasts")).not_to_contain_text("no guest")
    # C answered seat 2's invitation too: refused, and C's page, never connected, says what to do.
    c_code = answer_code(c)
    paste(host, 3, c_code)
    expect(host.locator("#toasts")).to_contain_text("has been answered already")
    c.clock.fast_forward("01:31")
    expect(c.locator("#join")).to_contain_text("ask the host for a new invitation")
    # A reloads: its page knows the invitation is spent, and its old code does not touch seat 1's new one.
    a.reload()
    expect(a.locator("#join")).to_contain_text("Ask the host for the new invitation")
    expect(host.locator('[data-peer="1"][data-connected="false"]')).to_be_visible(timeout=15_000)
    paste(host, 1, old)
    expect(host.locator("#toasts")).to_contain_text("This answer code is for an old invitation")
    a.goto(invitation(host, 1))
    paste(host, 1, answer_code(a, other_than=old))
    expect(host.locator('[data-peer="1"][data-connected="true"]')).to_be_visible(timeout=15_000)
    # C answers seat 3's invitation, and the connection fails (a real failure, at once: the code's DTLS
    # fingerprint is not C's). The seat is not left answered until a reload: its row says the connection
    # failed beside a new invitation, C's page says so too, and C's real code, for the old invitation, is
    # refused as such; the new invitation connects.
    seat_3 = invitation(host, 3)
    c.goto(seat_3)
    code = answer_code(c, other_than=c_code)
    paste(host, 3, with_another_fingerprint(code))
    row = host.locator('[data-peer="3"]')
    expect(row.locator("h3")).to_contain_text("connection failed", timeout=15_000)
    expect(row).to_contain_text("The connection failed. Send")
    assert invitation(host, 3) != seat_3
    expect(c.locator("#join")).to_contain_text("The connection to the host failed", timeout=40_000)
    mark_toasts(host)
    paste(host, 3, code)
    refused = host.locator("#toasts .toast:not([data-seen])", has_text="This answer code is for an old invitation")
    expect(refused).to_be_visible(timeout=20_000)
    c.goto(invitation(host, 3))
    paste(host, 3, answer_code(c, other_than=code))
    expect(host.locator('[data-peer="3"][data-connected="true"]')).to_be_visible(timeout=15_000)
    expect(row).not_to_contain_text("The connection failed")


def test_an_answer_code_half_pasted_into_a_row_stays_as_the_panel_is_drawn_again(tables: Tables) -> None:
    """The code the host is pasting into a row of the hosting panel stays (with its focus and caret) while another
    seat's guest drops out and its row is drawn again; and as the panel is closed and opened again, which draws
    every row anew (the code was lost then)."""
    host = open_host(tables.page(), rules={"players": 3}, bots=["easy", "easy"])
    b = tables.page()
    join(host, b, 2)
    a = tables.page()
    a.goto(invitation(host, 1))
    code = answer_code(a)
    half = len(code) // 2
    field = host.locator('[data-answer-input="1"]')
    field.click()
    host.keyboard.insert_text(code[:half])
    tables.close(b)  # seat 2's row is drawn again: its guest gone, a new invitation
    expect(host.locator('[data-peer="2"][data-connected="false"] [data-invite="2"]')).to_be_visible(timeout=15_000)
    expect(field).to_have_value(code[:half])
    expect(field).to_be_focused()
    assert field.evaluate("(f) => [f.selectionStart, f.selectionEnd]") == [half, half]
    host.keyboard.press("Escape")
    expect(host.locator("#dlg-host")).to_be_hidden()
    click_tool(host, "host")
    expect(field).to_have_value(code[:half])
    field.click()
    field.press("End")
    host.keyboard.insert_text(code[half:])
    host.click('[data-action="connect"][data-seat="1"]')
    expect(host.locator('[data-peer="1"][data-connected="true"]')).to_be_visible(timeout=15_000)


def seconds_left(page: Page) -> int:
    """The seconds the think-time clock (#clock, clock.js) shows, once it shows some."""
    clock = page.locator("#clock")
    expect(clock).to_be_visible()
    expect(clock).to_have_text(re.compile(r"^\d+ s$"))
    return int(clock.inner_text().split()[0])


def test_a_guests_clock_shows_the_hosts_setting_and_goes_with_it(tables: Tables) -> None:
    # A STUN address the browser refuses: no invitation can be made, and each row says why. Mended in
    # the settings, the panel opened again makes the invitations (no reload needed).
    host = open_host(tables.page(), rules={"players": 3}, bots=["easy", "easy"], clock=30, iceUrl="stun:")
    expect(host.locator('[data-peer="1"]')).to_contain_text("No invitation could be made here")
    host.keyboard.press("Escape")
    settings = Settings(host).open()
    settings.control("STUN/TURN server for play across networks (empty: none, same network only)").fill("")
    settings.done()
    host.click('[data-action="host"]')
    guest = tables.page()
    # The guest's own setting is another one (the default's 120 s): its page must not show it.
    own = json.dumps({"speed": "instant", "clock": 120})
    guest.context.add_init_script(f"localStorage.setItem('hearts.settings.v1', {own!r})")
    join(host, guest, 1)
    start(host, {1: guest})
    assert guest.wait_for_function(MY_TURN).json_value() == "pass"
    assert 0 < seconds_left(guest) <= 30, "the guest's clock does not show the host's 30 s"
    # The host's setting changes mid-turn: the guest's clock starts this turn again with it.
    settings = Settings(host).open()
    settings.select("Think-time clock", "60 s")
    settings.done()
    guest.wait_for_function("() => Number(document.querySelector('#clock .clock-text').textContent.split(' ')[0]) > 30")
    assert 30 < seconds_left(guest) <= 60
    # The host's C key switches its clock off: the guest's page shows none, and the host keeps no time for it.
    host.locator("#hand [data-card]").first.focus()
    host.keyboard.press("c")
    expect(host.locator("#clock")).to_be_hidden()
    expect(guest.locator("#clock")).to_be_hidden()
    assert guest.evaluate(MY_TURN) == "pass"
    assert [m["seconds"] for m in messages(guest) if m["type"] == "clock"] == [30, 60, 0]


def telling(lines: list[str], cards: list[str]) -> list[str]:
    """The live log's lines that name one of `cards` (a hand only its person may hear of)."""
    names = [spoken_name(card) for card in cards]
    return [line for line in lines if any(name in line for name in names)]


def reveal(page: Page, said: list[str]) -> None:
    """The next person shows their hand: nothing `said` while the hand-over screen waited named its cards."""
    page.click('[data-action="reveal"]')
    expect(page.locator("#hand [data-card]").first).to_be_visible()
    assert telling(said, hand(page)) == [], "the log told a person's cards before they revealed them"


def test_pass_and_play_hands_the_device_over_with_no_card_in_the_page(tables: Tables) -> None:
    page = tables.page()
    # The match ends with the first hand (target 1): its end names the winners too. "Bob" is the
    # usual name of seat 2 as well: that seat gets another, so no two seats are called alike.
    setup = {"speed": "instant", "clock": 0, "seed": 4, "bots": ["human", "easy", "easy"],
             "names": ["Anna", "Bob", "", "", "", ""], "rules": {"target": 1}}
    page.add_init_script(RECORD_LOG_FROM_LOAD)
    page.goto(f"?setup={urllib.parse.quote(json.dumps(setup))}")
    page.wait_for_selector(READY, timeout=60_000)
    seen: dict[int, list[str]] = {}
    # The live log's lines up to the last choice made: later ones are for the next person to hear.
    acted = 0
    for seat, name in ((0, "Anna"), (1, "Bob")):
        handoff = page.locator(f'[data-handoff="{seat}"]')
        expect(handoff).to_be_visible()
        expect(handoff).to_contain_text(name)
        expect(page.locator("#table")).to_have_attribute("data-self", str(seat))
        assert page.locator("[data-card]").count() == 0, "a hand is in the page behind the hand-off screen"
        reveal(page, heard(page)[acted:])
        expect(page.locator("#hand [data-card]")).to_have_count(13)
        seen[seat] = hand(page)
        acted = len(heard(page))
        take_turn(page, "pass")
    assert not set(seen[0]) & set(seen[1])
    # Play on: each time the device changes hands, the screen covers the table first, and the log
    # keeps the next person's cards until they reveal; then it says the cards they received.
    handoffs, revealed, received = 0, 0, []
    for _ in range(200):
        if page.locator("#result:not([hidden])").count():
            break
        if page.locator("[data-handoff]:not([hidden])").count():
            assert page.locator("[data-card]").count() == 0
            handoffs += 1
            revealed = len(heard(page))
            reveal(page, heard(page)[acted:])
        phase = page.evaluate(MY_TURN)
        if phase in ("pass", "play"):
            received += [line for line in heard(page)[revealed:] if line.startswith("You received")]
            acted = revealed = len(heard(page))
            take_turn(page, phase)
        else:
            page.wait_for_timeout(30)
    assert handoffs >= 2
    assert received, "nobody heard the cards they received"
    expect(page.locator("#result")).to_be_visible()
    # Everyone at the device reads the result and hears the log: each person by name, nobody "You".
    rows = page.locator("#result tbody")
    expect(rows).to_contain_text("Anna")
    expect(rows).to_contain_text("Bob")
    names = rows.locator("td:first-child").evaluate_all("(cells) => cells.map((c) => c.lastChild.textContent)")
    assert len(set(names)) == 4, names
    assert "You" not in page.locator("#result").inner_text()
    assert page.locator("#result tr.me").count() == 0, "one person's row is marked as the reader's"
    expect(page.locator("#result .winners")).not_to_be_empty()
    # The leaderboard is the host's (seat 0, whose statistics the match goes to), by name.
    expect(page.locator("#result .leaderboard-line")).to_contain_text("Anna’s leaderboard score")
    told = [line for line in heard(page) if line.startswith("Hand 1 over")]
    assert told and "Anna" in told[-1] and "Bob" in told[-1] and "You" not in told[-1], told
    assert not [line for line in heard(page) if line.startswith("You play") or line.startswith("You take")]
    # Everyone saw the result: the deal that follows shows nobody's hand before its person reveals,
    # even when the person shown last is the one to choose first.
    shown = page.locator("#table").get_attribute("data-self")
    page.click('[data-action="same-deal"]')
    handoff = page.locator(f'[data-handoff="{shown}"]')
    expect(handoff).to_be_visible()
    assert page.locator("[data-card]").count() == 0, "a hand is in the page after the result, before a reveal"
    # A new match over the hand-over screen, with the set deal number (the same seed and hand number
    # as the deal before it), is handed over as well.
    page.click('.bar [data-action="new-match"]')
    page.click('#dlg-confirm [data-action="confirm"]')   # the same deal again is a match in progress
    expect(page.locator("#table")).to_have_attribute("data-phase", "pass")
    expect(page.locator("[data-handoff]:not([hidden])")).to_be_visible()
    assert page.locator("[data-card]").count() == 0, "a hand is in the page after a new match, before a reveal"
