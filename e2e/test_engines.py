"""The core of the browser suite, written once and run in every engine (``--engine``, e2e/engines/).

``bash tools/test.sh`` runs this file in Chromium (with the rest of e2e/), in Firefox ESR and in
WebKitGTK. Each test has a fresh profile and a server of its own; any console error, uncaught
exception or unhandled rejection of the page fails it (the ``tab`` fixture), in every engine.
Anything an engine lacks gets a fallback in the page, not a skip here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engines.driver import Engine, Tab
from engines.fixtures import guarded
from engines.frame import HOST_PAGE, FrameTab
from engines.game import CHOICE, MAX_TURNS, Game
from hearts.deal import match_deal_number
from helpers import HAND_SETTLED
from offline_support import SET_SW_CACHE, SW_READY, copy_build, new_version, with_sw_cache_stub
from static_server import StaticServer
from test_layouts import FINGER, NO_FINGER_ROOM, TAP, TAPPABLE
from test_looks import SUIT_TO_TEXT
from test_startup import INTERPRETER, PREVIEW_PROBE

GAME = "/hearts/"
# The page's errors the guard must catch, made after the table is ready (one of each kind).
MISCHIEF = """() => {
  console.error('engines: a console error');
  setTimeout(() => { throw new Error('engines: an uncaught exception'); });
  Promise.reject(new Error('engines: an unhandled rejection'));
}"""


def game(tab: Tab, site: StaticServer) -> Game:
    return Game(tab, site.url(GAME))


def passes(table: Game) -> None:
    """Python answers (after a restore, a fallback): the pass by mouse is taken and the cards leave the hand."""
    assert table.wait_for_choice() == "pass"
    passed = table.pass_by_mouse()
    table.wait_for_choice()
    assert not set(passed) & set(table.hand())


def assert_the_guard_catches_mischief(tab: Tab) -> None:
    """The page's errors of each kind, made now, are each reported by the tab (and taken from it)."""
    tab.evaluate(MISCHIEF)
    deadline = time.monotonic() + 10
    errors: list[str] = []
    while len(errors) < 3 and time.monotonic() < deadline:
        errors += tab.take_errors()
        time.sleep(0.1)
    for kind in ("a console error", "an uncaught exception", "an unhandled rejection"):
        assert any(f"engines: {kind}" in error for error in errors), (kind, errors)


def test_the_guard_catches_console_errors_exceptions_and_rejections(tab: Tab, site: StaticServer) -> None:
    game(tab, site).open(seed=1, bots="easy")
    assert_the_guard_catches_mischief(tab)


def test_webrtc_is_there_exactly_where_the_engine_has_it(engine: Engine, tab: Tab, site: StaticServer) -> None:
    """Debian's WebKitGTK has no RTCPeerConnection: the page offers pass-and-play instead. The day it has one,
    this fails: then add a WebKit guest to e2e/test_engines_together.py."""
    game(tab, site).open(seed=1, bots="easy")
    kind = tab.evaluate("() => typeof RTCPeerConnection")
    assert kind == ("function" if engine.webrtc else "undefined"), f"{engine.name}: RTCPeerConnection is {kind}"


# Points a few pixels inside the edges of a hand card's visible part (at rest, nothing hovered):
# its top and bottom on the middle of the strip it shows, its left and right at half its height.
EDGE_POINTS = """([card, inset]) => {
  const node = document.querySelector(`#hand [data-card="${card}"]`);
  const box = node.getBoundingClientRect();
  const mine = (x, y) => document.elementFromPoint(x, y)?.closest('[data-card]') === node;
  const row = box.top + box.height / 2;
  const xs = [];
  for (let x = Math.ceil(box.left); x <= box.right; x += 1) if (mine(x, row)) xs.push(x);
  if (!xs.length) return [];
  const [left, right] = [xs[0], xs[xs.length - 1]];
  const column = (left + right) / 2;
  const ys = [];
  for (let y = Math.ceil(box.top); y <= box.bottom; y += 1) if (mine(column, y)) ys.push(y);
  const [top, bottom] = [ys[0], ys[ys.length - 1]];
  return [[column, top + inset], [column, bottom - inset], [left + inset, row], [right - inset, row]];
}"""
# Every hand card at rest: nothing lifted, nothing moving (the face's lift is an animation too).
HAND_STILL = """() => [...document.querySelectorAll('#hand .card, #hand .card .face')]
  .every((n) => !n.getAnimations().length)"""
PRESSED = "(card) => document.querySelector(`#hand [data-card=\"${card}\"]`)?.getAttribute('aria-pressed')"


def _rest(tab: Tab) -> None:
    tab.move_to(2, 2)
    tab.wait_for(HAND_SETTLED, what="the hand settled")
    tab.wait_for(HAND_STILL, what="no hand card moving")


def test_a_card_takes_a_press_near_the_edges_of_its_visible_part_while_its_hover_lift_runs(
        tab: Tab, site: StaticServer) -> None:
    """The hover lift moves the face, not the hit box: a press a few pixels inside a fanned card's
    edge lands on it while the lift runs and after (the first, middle and last cards of the fan)."""
    table = game(tab, site).open(seed=3, bots="easy")
    assert table.wait_for_choice() == "pass"
    cards = table.hand()
    for card in cards[::3]:
        _rest(tab)
        points = tab.evaluate(EDGE_POINTS, [card, 2])
        assert len(points) == 4, f"{card} shows no part of itself"
        for x, y in points:
            for wait_ms in (60, 250):  # pressed while the lift runs, and after it ran
                _rest(tab)
                tab.press_at(x, y, wait_ms)
                missed = f"{tab.engine}: {card} missed a press at ({x:.0f}, {y:.0f}) {wait_ms} ms after the move"
                tab.wait_for(f"() => ({PRESSED})({card!r}) === 'true'", timeout=5, what=missed)
                tab.evaluate("(card) => document.querySelector(`#hand [data-card=\"${card}\"]`).click()", card)
                tab.wait_for(f"() => ({PRESSED})({card!r}) === 'false'", timeout=5, what=f"{card} unpicked")


def test_cold_start_a_hand_by_mouse_and_the_statistics(tab: Tab, site: StaticServer) -> None:
    table = game(tab, site).open(seed=5, bots="easy", lang="en", rules={"target": 1})
    assert table.boot_mode() == "made"  # a first start: no memory snapshot yet
    assert len(table.hand()) == 13
    table.play_hand_by_mouse()
    assert tab.visible('[data-action="play-again"]')  # a one-hand match: its end shows
    assert sum(table.scores()) in (26, 78)  # every point taken, or a moon shot
    tab.click('[data-action="stats"]')
    tab.wait_visible("#dlg-stats")
    # A dialog opens with the focus on its title, where a screen reader starts (Firefox's showModal alone
    # focuses the first Tab stop, ✕, which says only "Close").
    tab.wait_for("() => document.activeElement?.id === 'dlg-stats-title'", timeout=5,
                 what=f"{tab.engine}: the statistics' title has the focus as the dialog opens")
    figures = {key: tab.text(f'#dlg-stats [data-stat="{key}"]') for key in ("matches", "hands")}
    assert figures == {"matches": "1", "hands": "1"}


def test_warm_start_from_the_snapshot_with_the_preview_then_offline(tab: Tab, site: StaticServer) -> None:
    table = game(tab, site).open(seed=6, bots="easy")
    table.wait_offline_ready()
    before = table.state()
    tab.add_init_script(PREVIEW_PROBE)
    table.reload()
    # The resumed table was drawn from the kept view before Python, read-only.
    preview = tab.evaluate("() => window.__preview")
    assert preview == {"ready": None, "inert": True, "turn": "-1", "phase": before["phase"], "starting": True,
                       "hand": before["hand"], "legal": 0, "toolsInert": True}
    assert table.boot_mode() == "snapshot"
    assert table.state() == before
    # Offline: the server is gone; the service worker and the snapshot start the game.
    site.stop()
    table.reload()
    assert table.boot_mode() == "snapshot"
    assert table.state() == before
    passes(table)


INSTALL_OVER = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(registration?.active && !registration.installing && !registration.waiting);
}"""


def test_a_second_page_opened_during_the_first_install_shows_no_update_banner(tab: Tab, site: StaticServer) -> None:
    """A page opened while the first visit's service worker still installs sees that worker installed for
    a moment before it activates (nothing was active yet): no new version, so no banner offers one
    (Firefox showed it most times)."""
    table = game(tab, site).open(seed=7, bots="easy")
    table.open(seed=8, bots="easy")  # at once: the first visit's precache still runs
    # The first install goes on without the page that started it and is over (active and alone) within
    # seconds, in WebKit too: the page registers as it starts, so it has seen register() resolve long
    # before it leaves (static/js/sw-first-install.js). No banner may show meanwhile either.
    deadline = time.monotonic() + 45
    while not (over := tab.evaluate(INSTALL_OVER)) and time.monotonic() < deadline:
        assert not tab.visible("#update-banner")
        time.sleep(0.5)
    assert over, f"{tab.engine}: the first install is not over after 45 s"
    time.sleep(2)  # what the page makes of the worker's activation
    assert not tab.visible("#update-banner")


# Cache Storage stuck in the game's worker, put before the first line of interpreter.mjs: opening the
# cache never answers (e2e/test_startup.py has the other case, the stored snapshot's bytes never come).
STUCK_OPEN = "caches.open = () => new Promise(() => {});\n"


def test_a_start_that_cache_storage_never_answers(engine: Engine, dist: Path, tmp_path: Path) -> None:
    """Cache Storage stuck in the game's worker (its promises never settle, as WebKit's have been) holds a
    first start up by seconds at most: Python boots without a snapshot and the hand plays."""
    folder = copy_build(engine.serve(dist), tmp_path / "hearts")
    module = folder / INTERPRETER
    module.write_text(STUCK_OPEN + module.read_text())
    new_version(folder, "stuck")  # sw.js anew: it precaches the changed module
    with StaticServer({GAME: folder}) as server, contextmanager(guarded)(engine.new_tab()) as tab:
        table = Game(tab, server.url(GAME)).open(seed=6, bots="easy")
        info = table.boot()
        assert info["mode"] == "plain" and "Cache Storage did not answer" in str(info["fallback"]), info
        passes(table)


# Every card face of the hand loaded (an image that failed is complete too, but has no width).
FACES_DRAWN = """() => {
  const faces = [...document.querySelectorAll('[data-card] img.face')];
  return faces.length > 0 && faces.every((img) => img.complete && img.naturalWidth > 0);
}"""


def test_a_service_worker_whose_cache_never_answers_starts_the_game_from_the_network(
        engine: Engine, dist: Path, tmp_path: Path) -> None:
    """Cache Storage stuck in the service worker (no lookup of its precache ever answers) does not hold a
    start: static/js/sw-guard.js asks the network too, and the game resumes and plays. Without the guard
    Chromium waits for ever, and Firefox and WebKit give up on the worker after a minute or more (Firefox
    then loads the page without one, WebKit starts a new one): so the same worker must have answered."""
    folder = with_sw_cache_stub(engine.serve(dist), tmp_path / "hearts")
    with StaticServer({GAME: folder}) as server, contextmanager(guarded)(engine.new_tab()) as tab:
        table = Game(tab, server.url(GAME)).open(seed=6, bots="easy")
        tab.wait_for(f"() => {SW_READY}", what="the service worker in control")
        before = table.state()
        stub = tab.evaluate(SET_SW_CACHE, "stuck")
        table.reload()
        assert table.state() == before
        # The hand's faces came through the guard too (Firefox's report of a face whose load a navigation
        # cut short is not counted, e2e/engines/firefox.py: a face that failed here would show as broken).
        tab.wait_for(FACES_DRAWN, what="every card face of the hand drawn")
        after = tab.evaluate(SET_SW_CACHE, "stuck")
        assert after["worker"] == stub["worker"] and after["held"] > 0, (stub, after)
        passes(table)


def test_a_whole_hand_by_keyboard(tab: Tab, site: StaticServer) -> None:
    table = game(tab, site).open(seed=21, bots="easy", lang="en")
    assert table.wait_for_choice() == "pass"
    hand = table.hand()
    # The mouse first (a card picked and put back), then the arrow keys: the focused card shows it
    # (WebKit alone does not count a focus moved by script as visible once the mouse was used).
    for _ in range(2):
        tab.click(f'#hand [data-card="{hand[5]}"]')
    tab.wait_for("() => !document.querySelector('#hand [aria-pressed=\"true\"]')")
    tab.press("ArrowRight")
    ring = tab.evaluate("() => [document.activeElement.dataset.card,"
                        " getComputedStyle(document.activeElement).outlineStyle]")
    assert ring[0] in hand and ring[1] != "none", ring
    for key in "123":  # 1-9 pick cards by position, Enter passes them
        tab.press(key)
    tab.wait_for("() => document.querySelectorAll('#hand [aria-pressed=\"true\"]').length === 3")
    tab.press("Enter")
    for turn in range(MAX_TURNS):
        if table.wait_for_choice() == "over":
            break
        card = play_by_arrows_and_enter(tab, table) if turn % 2 else play_by_number_key(tab, table)
        table.wait_left_hand([card])
    assert table.wait_for_choice() == "over"
    assert not set(hand[:3]) & set(table.hand())
    tab.press("Enter")  # the next hand
    tab.wait_for("() => document.querySelector('#table').dataset.phase === 'pass'")
    assert "Hand 2" in tab.text("#match-info")


def play_by_number_key(tab: Tab, table: Game) -> str:
    card = table.legal()[0]
    tab.press("1")  # the first playable card
    return card


def play_by_arrows_and_enter(tab: Tab, table: Game) -> str:
    """Move the focus with → to a playable card and play it with Enter."""
    for _ in range(len(table.hand()) + 1):
        tab.press("ArrowRight")
        if tab.evaluate("() => document.activeElement?.dataset.legal === 'true'"):
            break
    card = str(tab.evaluate("() => document.activeElement.dataset.card"))
    assert card in table.legal()
    tab.press("Enter")
    return card


def test_resume_after_a_reload_mid_hand(tab: Tab, site: StaticServer) -> None:
    table = game(tab, site).open(seed=70, bots="easy")
    table.until_my_turn_in_play()
    table.play_by_mouse()
    table.until_my_turn_in_play(into_a_trick=True)
    before = table.state()
    assert before["trick"] and len(before["hand"]) < 13
    table.reload()
    table.wait_for_choice()
    assert table.state() == before


# Marks the table's window as it is shown again: `persisted` when it came back from the back/forward cache
# (WebKit keeps it there, and lets go of its locks meanwhile); a page loaded again has no mark.
MARK_SHOWN = "() => addEventListener('pageshow', (event) => { window.__backFromCache = event.persisted; })"
BACK_AT_THE_TABLE = "(path) => location.pathname === path && document.readyState === 'complete'"


def _until_navigated(tab: Tab, function: str, arg: Any, seconds: float, what: str) -> None:
    """Poll ``function`` until it is true in the page the tab shows, through a navigation (asked while the page goes,
    each driver raises an error of its own: the page is not there to ask)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if tab.evaluate(function, arg):
                return
        except Exception:  # noqa: BLE001 (each driver's own error: the page is navigating, not there to ask)
            pass
        time.sleep(0.2)
    raise AssertionError(f"{tab.engine}: {what} not after {seconds} s")


def test_back_to_the_table_mid_hand_keeps_it_here(tab: Tab, site: StaticServer) -> None:
    """Away to another page mid-hand and back (the back button): the table is still this tab's, whether the
    page comes back from the back/forward cache (WebKit let go of its Web Lock there, and the page said another
    tab had the table) or loads again; and a reload that follows starts cleanly (a page on its way out that
    asked for the lock again crashed or hung WebKit's next page)."""
    table = game(tab, site).open(seed=71, bots="easy")
    table.until_my_turn_in_play()
    before = table.state()
    tab.evaluate(MARK_SHOWN)
    tab.goto("about:blank")
    tab.evaluate("() => { setTimeout(() => history.back()); }")  # after the answer: the page goes
    _until_navigated(tab, BACK_AT_THE_TABLE, GAME, 30, "back at the table")
    cached = tab.evaluate("() => window.__backFromCache === true")
    if not cached:
        table.wait_ready()
    table.wait_for_choice()
    assert not tab.visible("[data-elsewhere]"), f"{tab.engine}: back (from the cache: {cached}) says elsewhere"
    assert table.state() == before
    table.play_by_mouse()
    table.reload()
    table.wait_for_choice()
    assert not tab.visible("[data-elsewhere]")


def test_a_learn_tip_shows_and_goes_by_click_and_by_enter(tab: Tab, site: StaticServer) -> None:
    table = game(tab, site).open(mode="learn", lang="en")
    tab.wait_visible('[data-tip="pass"]')
    assert "Pick 3 cards to pass" in tab.text('[data-tip="pass"] p')
    tab.click('[data-action="tip-ok"]')
    tab.wait_gone("[data-tip]")
    table.pass_by_mouse()
    # The next tip (a lead, a follow, the first trick) comes before the person's first card.
    kind = tab.wait_for("() => document.querySelector('[data-tip]')?.dataset.tip", what="a second tip")
    assert kind != "pass" and tab.text(f'[data-tip="{kind}"] p')
    tab.press("Enter")
    tab.wait_for("(k) => !document.querySelector(`[data-tip=\"${k}\"]`)", kind)


def test_suits_in_sentences_stand_about_as_high_as_the_capitals_beside_them(tab: Tab, site: StaticServer) -> None:
    """A suit named in a sentence is sized by its text's capitals (static/css/cards.css: about 0.9em). Firefox
    takes a font's ascent for 1cap where the font gives no capitals' height (DejaVu Sans, this machine's
    system font and many a Linux's): the suits were 1.11em, half as high again as the capitals."""
    game(tab, site).open(seed=21, bots="easy", lang="en")
    tab.click('[data-action="settings"]')
    tab.wait_visible("#dlg-settings .preset-summary")  # the rules' summary names Q♠
    ratios = tab.evaluate(SUIT_TO_TEXT)
    assert ratios and all(0.75 <= ratio <= 1 for ratio in ratios), f"{tab.engine}: suit / font size {ratios}"


def test_the_review_of_a_hand(tab: Tab, site: StaticServer) -> None:
    table = game(tab, site).open(seed=23, bots="easy", lang="en", rules={"passing": "none"})
    table.play_hand_by_mouse()
    tab.click('#result [data-action="review"]')
    tab.wait_for("() => !!document.querySelector('[data-review-progress=\"done\"]')", timeout=300, what="the verdicts")
    steps: list[dict[str, Any]] = tab.evaluate("""() => [...document.querySelectorAll('[data-review-step]')]
        .map((e) => ({card: e.dataset.reviewCard, best: e.dataset.best, loss: Number(e.dataset.loss)}))""")
    assert len(steps) == 13
    for step in steps:
        assert step["loss"] >= 0 and (step["loss"] == 0) == (step["card"] == step["best"]), step
    assert tab.text("[data-review-summary]")
    tab.click('[data-action="close-review"]')
    tab.wait_gone("#dlg-review")


def test_a_share_link_opens_the_same_deal(tab: Tab, site: StaticServer) -> None:
    table = game(tab, site).open(seed=31, bots=["easy", "strong", "normal"], lang="en")
    hand = table.hand()
    tab.click('.bar [data-action="share"]')
    tab.wait_visible("[data-share-url]")
    url = str(tab.evaluate("() => document.querySelector('[data-share-url]').value"))
    assert url.startswith(site.url(GAME)) and "?share=" in url
    tab.press("Escape")
    table.open(seed=32, bots="easy")  # another deal on the table ...
    assert table.hand() != hand
    tab.goto(url)  # ... and the link brings the shared one back
    table.wait_ready()
    assert f"Deal #{match_deal_number(31, 0)}" in tab.text("#match-info")
    assert table.hand() == hand


def test_pass_and_play_hands_the_device_over(tab: Tab, site: StaticServer) -> None:
    table = game(tab, site).open(seed=4, bots=["human", "easy", "easy"], names=["Anna", "Ben", "", "", "", ""])
    handoffs = 0
    for _ in range(4 * MAX_TURNS):
        choice = tab.wait_for(f"""() => document.querySelector('[data-handoff]:not([hidden])') ? 'handoff'
                                       : ({CHOICE})()""", what="a hand-off or a choice")
        if choice == "over":
            break
        if choice == "handoff":
            assert tab.count("[data-card]") == 0, "a hand is in the page behind the hand-off screen"
            handoffs += 1
            tab.click('[data-action="reveal"]')
            continue
        table.take_turn_by_mouse(str(choice))
    assert table.wait_for_choice() == "over"
    assert handoffs >= 3  # both people passed, and the device changed hands in the play



# What an iPhone reads when the page is added to its home screen, and the manifest other browsers read.
HOME_SCREEN = """async () => {
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content ?? null;
  const link = document.querySelector('link[rel="apple-touch-icon"]');
  const icon = new Image();
  icon.src = link.href;
  await icon.decode();
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [icon.naturalWidth, icon.naturalHeight];
  const context = canvas.getContext('2d');
  context.drawImage(icon, 0, 0);
  const alpha = context.getImageData(0, 0, canvas.width, canvas.height).data.filter((_, i) => i % 4 === 3);
  const manifest = await (await fetch(document.querySelector('link[rel="manifest"]').href)).json();
  return {
    capable: meta('apple-mobile-web-app-capable'), mobileCapable: meta('mobile-web-app-capable'),
    statusBar: meta('apple-mobile-web-app-status-bar-style'), title: meta('apple-mobile-web-app-title'),
    icon: [link.sizes.value, icon.naturalWidth, icon.naturalHeight, alpha.every((a) => a === 255)],
    manifest: [manifest.display, manifest.start_url, manifest.scope, manifest.short_name],
  };
}"""


def test_the_home_screen_install_an_iphone_reads(tab: Tab, site: StaticServer) -> None:
    """Safari reads no manifest icon: the apple-touch-icon (180 px, opaque: iOS draws transparency black),
    standalone display, the status bar and the name come from the page's head."""
    game(tab, site).open(seed=1, bots="easy")
    assert tab.evaluate(HOME_SCREEN) == {
        "capable": "yes", "mobileCapable": "yes", "statusBar": "black", "title": "Hearts",
        "icon": ["180x180", 180, 180, True], "manifest": ["standalone", "./", "./", "Hearts"]}


# -- a phone's screen: the game in a frame of its size ---------------------------------------------------

# Upright phones: an iPhone's 390 x 844 (the whole scenario), then a small Android's 360 x 640 and the iPhone
# turned (the layout).
PHONE = (390, 844)
SMALL_PHONE = (360, 640)
SIDEWAYS_PHONE = (844, 390)
HOST = "/host/"
# What lies over a seat's name or a card of the hand where it is drawn, for a grid of points over each where
# the name (the card) is hit: the topmost element there when it is not the name itself (over a card: not
# another hand card, that is the fan); the status line or a message whose box holds the point (they take no
# clicks, pointer-events: none, so no hit test finds them); and a name that reaches out of the window.
COVERED = """() => {
  const say = (n) => [n.tagName.toLowerCase() + (n.id ? '#' + n.id : ''), ...n.classList].join('.');
  const shown = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== 'hidden';
  const overlays = [...document.querySelectorAll('#status, #toasts .toast')]
    .filter((n) => shown(n) && n.textContent.trim()).map((n) => [n, n.getBoundingClientRect()]);
  const found = new Set();
  for (const target of [...document.querySelectorAll('#seats .seat .name, #hand [data-card]')].filter(shown)) {
    const card = target.dataset.card;
    const what = card ?? `seat ${target.closest('.seat').dataset.seat}'s name`;
    const box = target.getBoundingClientRect();
    if (!card && (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight))
      found.add(`${what} out of the window`);
    for (let x = box.left + 1; x < box.right - 1; x += 3)
      for (let y = box.top + 1; y < box.bottom - 1; y += 3) {
        const stack = document.elementsFromPoint(x, y);
        const at = stack.findIndex((n) => target.contains(n));
        if (at < 0) continue;
        for (const [overlay, r] of overlays)
          if (x >= r.left && x < r.right && y >= r.top && y < r.bottom) found.add(`${what} under ${say(overlay)}`);
        if (at > 0 && !(card && stack[0].closest('#hand [data-card]'))) found.add(`${what} under ${say(stack[0])}`);
      }
  }
  return [...found];
}"""
# What scrolls sideways: the page (by how far a scroll moves it), and any box a finger could scroll sideways.
SIDEWAYS = """() => {
  const before = scrollX;
  scrollBy(40, 0);
  const moved = scrollX !== before;
  scrollTo(before, scrollY);
  const scrollers = [...document.querySelectorAll('*')].filter((n) => ['auto', 'scroll']
    .includes(getComputedStyle(n).overflowX) && n.scrollWidth > n.clientWidth + 1 && n.getClientRects().length);
  return [...(moved ? ['the page'] : []), ...scrollers.map((n) => n.id || n.className || n.tagName.toLowerCase())];
}"""
MORE = '.bar [data-action="more"]'
MORE_OPEN = f"() => document.querySelector('{MORE}').getAttribute('aria-expanded') === 'true'"
HINT_SHOWN = """() => { const toast = document.querySelector('#toasts .toast.hint');
  return !!toast && toast.getClientRects().length > 0 && toast.getAnimations().length === 0; }"""


def _rest_in_frame(tab: FrameTab) -> None:
    """The mouse off the frame (no card lifted by a hover) and the hand at rest."""
    tab.move_to(tab.size[0] + 20, 2)
    tab.wait_for(HAND_SETTLED, what="the hand settled")
    tab.wait_for(HAND_STILL, what="no hand card moving")


def _fits_a_phone(tab: FrameTab) -> None:
    """What a phone's player needs of the table as it is: a finger's target for every tool of the bar, nothing
    over a seat's name or the hand, a square of every card that takes a tap, no sideways scrolling."""
    _rest_in_frame(tab)
    size = f"{tab.engine} at {tab.size[0]}x{tab.size[1]}"
    assert tab.evaluate(NO_FINGER_ROOM, [FINGER, ".bar .tool, .last-trick-button"]) == [], f"{size}: small tools"
    assert tab.evaluate(COVERED) == [], f"{size}: covered"
    cards = tab.evaluate(TAPPABLE, TAP)
    assert cards and [c["card"] for c in cards if not c["inside"] or c["tap"] is None] == [], f"{size}: {cards}"
    assert tab.evaluate(SIDEWAYS) == [], f"{size}: scrolls sideways"


def host_folder(tmp_path: Path) -> Path:
    """A folder with the host page of engines/frame.py, to be served at HOST beside the game."""
    host = tmp_path / "host"
    host.mkdir()
    (host / "index.html").write_text(HOST_PAGE)
    return host


@contextmanager
def phone_frame(engine: Engine, dist: Path, tmp_path: Path, size: tuple[int, int]) -> Iterator[tuple[FrameTab, str]]:
    """A guarded tab of the engine whose host page holds the game in a same-origin frame of ``size``, and the game's
    address; the server and the tab end with the block."""
    with (StaticServer({GAME: engine.serve(dist), HOST: host_folder(tmp_path)}) as server,
          contextmanager(guarded)(FrameTab(engine.new_tab(), server.url(HOST), *size)) as tab):
        assert isinstance(tab, FrameTab)
        yield tab, server.url(GAME)


def _click_tool(tab: FrameTab, action: str) -> None:
    """Press a tool of the bar, from the list behind "More" where the bar keeps it there."""
    tool = f'.bar [data-action="{action}"]'
    if not tab.visible(tool):
        tab.click(MORE)
        tab.wait_visible(tool, timeout=5)
    tab.click(tool)


def test_a_phone_sized_frame_fits_a_phones_player_who_passes_and_plays_by_taps(
        engine: Engine, dist: Path, tmp_path: Path) -> None:
    """The game in a same-origin frame of a phone's size lays out as on that phone, in every engine (WebKitGTK's
    window is never narrower than 447 px): 44 px tools, the less used behind "More", which opens and whose tool
    works; no status line or message over a seat's name or the hand; every card tappable; no sideways
    scrolling; a pass and a card played by clicks in the frame."""
    with phone_frame(engine, dist, tmp_path, PHONE) as (tab, game_url):
        table = Game(tab, game_url).open(seed=5, bots="easy", lang="fr")
        assert tab.evaluate("() => [innerWidth, innerHeight]") == list(PHONE)
        assert table.wait_for_choice() == "pass"
        _fits_a_phone(tab)
        # The less used tools wait behind "More": it opens, its tools are a finger's targets, and one works.
        assert tab.visible(MORE) and not tab.visible('.bar [data-action="stats"]')
        tab.click(MORE)
        tab.wait_for(MORE_OPEN, timeout=5, what="More open")
        assert tab.evaluate(NO_FINGER_ROOM, [FINGER, "#more-tools .tool"]) == []
        tab.click('.bar [data-action="stats"]')
        tab.wait_visible("#dlg-stats", timeout=10)
        assert not tab.evaluate(MORE_OPEN)
        tab.press("Escape")
        tab.wait_gone("#dlg-stats", timeout=10)
        tab.wait_for(f"() => document.activeElement === document.querySelector('{MORE}')", timeout=5,
                     what="the focus back on More")
        table.pass_by_mouse()
        table.until_my_turn_in_play()
        # A message over the table (the hint's) leaves the seats' names and the hand in sight.
        _rest_in_frame(tab)
        _click_tool(tab, "hint")
        # Looked at while it shows (for 4.5 s), in the same call.
        seen = tab.wait_for(f"() => ({HINT_SHOWN})() && {{covered: ({COVERED})()}}", timeout=60, what="the hint said")
        assert seen["covered"] == [], f"{tab.engine}: covered with the hint shown"
        table.play_by_mouse()
        for size in (SMALL_PHONE, SIDEWAYS_PHONE):
            tab.resize(*size)
            tab.wait_for("(w) => innerWidth === w", size[0], timeout=10, what="the frame resized")
            table.wait_for_choice()
            _fits_a_phone(tab)
        # The guard hears the frame's page too (it found nothing there so far): each kind of error made there.
        assert tab.take_errors() == []
        assert_the_guard_catches_mischief(tab)


# -- what a browser has only on a secure origin -------------------------------------------------------

# A page served over plain http from another host than this one (a computer on the home network, an
# http-only static host) is not a secure context: every engine leaves out the APIs of secure contexts
# there. Taken away before the page's own scripts, as such a page lacks them (the game's worker still
# has its own, which the server's loopback address gives it: it has fallbacks of its own, see
# test_a_start_that_cache_storage_never_answers).
NOT_SECURE = """(() => {
  for (const [owner, name] of [[Crypto.prototype, 'randomUUID'], [Navigator.prototype, 'locks'],
      [Navigator.prototype, 'serviceWorker'], [Navigator.prototype, 'clipboard'], [Navigator.prototype, 'storage']])
    delete owner[name];
  Object.defineProperty(window, 'caches', { value: undefined, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
})();"""


def test_a_page_served_over_plain_http_from_another_host_plays(engine: Engine, dist: Path, tmp_path: Path) -> None:
    """Without the APIs of secure contexts (no crypto.randomUUID, Web Locks, service worker, Cache Storage,
    clipboard or storage manager) the game starts, plays, resumes after a reload, and a link to copy is
    selected for the person to copy (crypto.randomUUID alone once stopped every engine's start there)."""
    with (StaticServer({GAME: engine.serve(dist), HOST: host_folder(tmp_path)}) as server,
          contextmanager(guarded)(engine.new_tab()) as tab):
        tab.goto(server.url(HOST))  # a page of the origin, where the tab keeps its init script
        tab.add_init_script(NOT_SECURE)
        table = Game(tab, server.url(GAME)).open(seed=6, bots="easy", lang="en")
        assert tab.evaluate("() => [isSecureContext, typeof crypto.randomUUID, 'serviceWorker' in navigator]") == [
            False, "undefined", False]
        passes(table)
        before = table.state()
        table.reload()
        assert table.state() == before
        tab.click('.bar [data-action="share"]')
        tab.wait_visible("[data-share-url]")
        tab.click('[data-action="share-copy"]')
        tab.wait_for("() => document.querySelector('#toasts').textContent.includes('Copy the selected link.')",
                     timeout=10, what=f"{tab.engine}: the link selected to copy by hand")


# -- the settings' data section: a file out and a file in -------------------------------------------------

# The export's file as the page hands it to the download (URL.createObjectURL still makes the link).
KEEP_EXPORT = """() => {
  const make = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    blob.text().then((text) => { window.__exported = text; });
    return make.call(URL, blob);
  };
}"""
# A file chosen in the hidden file input, as the picker hands it over (no driver here opens a picker).
CHOOSE_FILE = """(text) => {
  const input = document.querySelector('[data-import-file]');
  const chosen = new DataTransfer();
  chosen.items.add(new File([text], 'hearts-backup.json', { type: 'application/json' }));
  input.files = chosen.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}"""


def test_export_to_a_file_and_import_it_back(tab: Tab, site: StaticServer) -> None:
    """The backup goes out as a Blob downloaded by <a download> (the page stays), and comes back in through the
    file input (File.text): after the confirmation the page reloads with the file's settings and its match."""
    table = game(tab, site).open(seed=9, bots="easy", lang="en")
    passes(table)
    before = table.state()
    tab.click('[data-action="settings"]')
    tab.evaluate(KEEP_EXPORT)
    tab.click('[data-action="export-data"]')
    exported = str(tab.wait_for("() => window.__exported", timeout=20, what=f"{tab.engine}: the file exported"))
    assert tab.attr("[data-data-status]", "data-data-status") == "ok"
    backup = json.loads(exported)
    assert backup["format"] == "hearts-backup" and backup["save"] and backup["settings"]["theme"] == "system"
    backup["settings"]["theme"] = "dark"
    tab.evaluate("() => { window.__notReloaded = true; }")
    tab.evaluate(CHOOSE_FILE, json.dumps(backup))
    tab.click('[data-action="confirm"]')
    _until_navigated(tab, "() => !window.__notReloaded", None, 60, "the page reloaded")  # the import reloads it
    table.wait_ready()
    table.wait_for_choice()
    assert tab.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert table.state() == before


# -- a desktop's mouse -----------------------------------------------------------------------------------

# How far the face of the hand card ``card`` is lifted now (its `translate`, static/css/cards.css), in px.
LIFT = """(card) => {
  const face = document.querySelector(`#hand [data-card="${card}"] .face`);
  const [, y = '0px'] = getComputedStyle(face).translate.split(' ');
  return parseFloat(y);
}"""


def test_a_card_under_the_mouse_lifts(tab: Tab, site: StaticServer) -> None:
    """A card the person may pick lifts under a desktop's mouse (`(hover: hover) and (pointer: fine)`) and
    settles when the mouse leaves. Headless Firefox had no pointer device, so the page never lifted a card
    there and the press test above ran without the lift (e2e/engines/firefox_bridge.js now gives it one)."""
    table = game(tab, site).open(seed=3, bots="easy")
    assert table.wait_for_choice() == "pass"
    card = table.hand()[6]
    _rest(tab)
    x, y = tab.evaluate(EDGE_POINTS, [card, 2])[0]  # the middle of the strip the card shows, near its top
    tab.move_to(x, y + 20)
    tab.wait_for(f"() => ({LIFT})({card!r}) <= -10", timeout=5, what=f"{tab.engine}: {card} lifted under the mouse")
    _rest(tab)
    assert tab.evaluate(LIFT, card) == 0
