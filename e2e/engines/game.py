"""The game on a :class:`~engines.driver.Tab`: its public test hooks read and driven the way a player does.

Everything goes through docs/protocol.md "Test hooks" and the page's own controls: clicks on
cards and buttons, keys. Loops are bounded so that a page that stops answering fails the test.
"""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

from engines.driver import Tab

MAX_TURNS = 80  # more than the turns of any hand: a bound, not a timing
START_SECONDS = 180  # a cold start of a slow engine on a busy 2-core machine
PLAY_CLICKS = 3  # clicks on a card before a play counts as refused (see Game.play_by_mouse)
PLAY_TAKEN_SECONDS = 10  # how long a click may take to show before the next (a busy machine's WebKit)
READY = "() => document.body?.dataset.ready === '1'"
# What the person whose hand is shown may do now: "pass", "play", "over" (the result shows), or false.
CHOICE = """() => {
  const t = document.querySelector('#table');
  if (!t || document.body.dataset.ready !== '1') return false;
  if (t.dataset.phase === 'over') return document.querySelector('#result:not([hidden])') ? 'over' : false;
  if (t.dataset.turn !== t.dataset.self) return false;
  if (t.dataset.phase === 'pass') return document.querySelector('[data-action="pass"]:not([hidden])') ? 'pass' : false;
  return document.querySelector('#hand [data-legal="true"]') ? 'play' : false;
}"""
# The cards are no longer in the hand shown: the host has taken them.
LEFT_HAND = '(cs) => cs.every((c) => !document.querySelector(`#hand [data-card="${c}"]`))'
# A pass taken: the cards gone, or (others still to pass: the cards stay until the exchange) the button hidden.
PASS_TAKEN = f"(cs) => ({LEFT_HAND})(cs) || !!document.querySelector('[data-action=pass][hidden]')"
# The cards picked to pass (render.js marks them pressed while passing).
PICKED = '#hand [data-card][aria-pressed="true"]'
# What the page showed when a wait failed: for the failure's message.
DESCRIBE = """() => ({
  url: location.href.slice(0, 100),
  // How far the start got (main.js boot marks each step) and what its loading box says.
  marks: performance.getEntriesByType('mark').map((m) => `${m.name}@${Math.round(m.startTime)}`),
  loading: document.querySelector('#loading:not([hidden])')?.textContent ?? '',
  hidden: document.hidden,
  focus: document.hasFocus(),
  body: {...document.body.dataset},
  table: {...document.querySelector('#table')?.dataset},
  hand: [...document.querySelectorAll('#hand [data-card]')]
    .map((e) => e.dataset.card + (e.dataset.legal === 'true' ? '*' : '')),
  toasts: document.querySelector('#toasts')?.textContent ?? '',
  log: [...document.querySelectorAll('#log > *')].slice(-6).map((e) => e.textContent),
  dialogs: [...document.querySelectorAll('dialog[open], [data-elsewhere], #handoff:not([hidden])')]
    .map((e) => e.id || e.className),
})"""
CARDS = "(s) => [...document.querySelectorAll(s)].map((e) => e.dataset.card)"
# How the worker started (py/worker.py's boot command): mode "made", "snapshot" or "plain".
BOOT_INFO = """async () => {
  const { whenDefined } = await import('./runtime/pyscript/core.js');
  const { xworker } = await whenDefined('py');
  return JSON.parse(await xworker.sync.boot('{}'));
}"""
# The service worker controls the page and the memory snapshot the next start restores is kept
# (static/js/boot/snapshot.js makes it after the first start, in a worker of its own).
OFFLINE_READY = """async () => {
  if (!navigator.serviceWorker?.controller) return false;
  const { SNAPSHOT_KEY } = await import('./static/js/boot/build.mjs');
  if (!SNAPSHOT_KEY) return true;
  for (const name of await caches.keys())
    if (name.startsWith('hearts-snapshot-') && (await (await caches.open(name)).keys()).length) return true;
  return false;
}"""


class Game:
    """The game page in ``tab``, served at ``base`` (the game's folder URL)."""

    def __init__(self, tab: Tab, base: str) -> None:
        self.tab = tab
        self.base = base

    def open(self, **setup: Any) -> Game:
        """Start a match with these settings (docs/protocol.md "Settings in the address") and wait for Python."""
        setup.setdefault("speed", "instant")
        setup.setdefault("clock", 0)
        self.tab.goto(self.base + "?setup=" + urllib.parse.quote(json.dumps(setup, separators=(",", ":"))))
        return self.wait_ready()

    def wait_ready(self) -> Game:
        try:
            self.tab.wait_for(READY, timeout=START_SECONDS, what="body[data-ready=1]")
        except AssertionError as failed:
            raise AssertionError(f"{failed}; the page: {self.describe()}") from None
        return self

    def reload(self) -> Game:
        self.tab.reload()
        return self.wait_ready()

    # -- reading ---------------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return str(self.tab.attr("#table", "data-phase"))

    def hand(self) -> list[str]:
        return [str(c) for c in self.tab.evaluate(CARDS, "#hand [data-card]")]

    def legal(self) -> list[str]:
        return [str(c) for c in self.tab.evaluate(CARDS, '#hand [data-card][data-legal="true"]')]

    def trick(self) -> list[list[str]]:
        cells = self.tab.evaluate("""() => [...document.querySelectorAll('#trick [data-trick-card]')]
            .map((e) => [e.dataset.seat, e.dataset.trickCard])""")
        return [[str(seat), str(card)] for seat, card in cells]

    def scores(self) -> list[int]:
        cells = self.tab.evaluate("""() => [...document.querySelectorAll('[data-score-seat]')]
            .map((e) => [Number(e.dataset.scoreSeat), Number(e.textContent)])""")
        return [int(score) for _, score in sorted(cells)]

    def state(self) -> dict[str, Any]:
        """What a player sees of the game: phase, turn, hand with its legal cards, trick, scores."""
        return {"phase": self.phase, "turn": self.tab.attr("#table", "data-turn"), "hand": self.hand(),
                "legal": self.legal(), "trick": self.trick(), "scores": self.scores()}

    def boot(self) -> dict[str, Any]:
        """How the worker started: ``mode`` and ``fallback`` (why a stored snapshot was not used, or None)."""
        info = self.tab.evaluate(BOOT_INFO)
        return {"mode": str(info["mode"]), "fallback": info["fallback"]}

    def boot_mode(self) -> str:
        return str(self.boot()["mode"])

    def wait_offline_ready(self) -> None:
        self.tab.wait_for(OFFLINE_READY, timeout=START_SECONDS, what="service worker in control, snapshot kept")

    # -- playing ---------------------------------------------------------------------------------

    def wait_for_choice(self, timeout: float = 60) -> str:
        """Wait until the shown person may pass or play, or the hand's result shows: "pass", "play", "over"."""
        return str(self.tab.wait_for(CHOICE, timeout=timeout, what="the person's choice or the result"))

    def pass_count(self) -> int:
        """How many cards to pass: the n of the pass button's label "Pass k/n"."""
        return int(self.tab.text('[data-action="pass"]').split("/")[-1])

    def pass_by_mouse(self) -> list[str]:
        cards = self.hand()[:self.pass_count()]
        for _ in range(PLAY_CLICKS):
            if self.tab.evaluate(PASS_TAKEN, cards):  # taken since the last look (a slow host)
                return cards
            self._pick_to_pass(cards)
            self._press_pass(cards)
            if self._true_within(PASS_TAKEN, cards, PLAY_TAKEN_SECONDS):
                return cards
            # A pass on its way (the page waits for the host) disables the button: a second press does
            # nothing, so pressing again is safe, and needed when the first missed (see _pick_to_pass).
        self.wait_until(PASS_TAKEN, cards, what=f"the pass of {', '.join(cards)} taken")
        return cards

    def _press_pass(self, cards: list[str]) -> None:
        try:
            self.tab.click('[data-action="pass"]')
        except AssertionError:
            if not self.tab.evaluate(PASS_TAKEN, cards):
                raise  # the button never came and no pass was taken
            # The pass taken between the look and the press: the button went with it.

    def _pick_to_pass(self, cards: list[str]) -> None:
        """Click cards until exactly ``cards`` are picked. Under load WebKit's driver sometimes presses
        beside a card (the hand laid out again after its aim): a person looks at what is picked, drops
        a wrong card and picks a missing one before pressing Pass."""
        for _ in range(PLAY_CLICKS):
            picked = [str(c) for c in self.tab.evaluate(CARDS, PICKED)]
            extra = [c for c in picked if c not in cards]
            missing = [c for c in cards if c not in picked]
            if not extra and not missing:
                return
            for card in extra + missing:  # extras first: a full pick refuses one more card
                self.tab.click(f'#hand [data-card="{card}"]')

    def play_by_mouse(self) -> str:
        card = self.legal()[0]
        for _ in range(PLAY_CLICKS):
            self.tab.click(f'#hand [data-card="{card}"]')
            if self._true_within(LEFT_HAND, [card], PLAY_TAKEN_SECONDS):
                return card
            # A click taken but still on its way (the page waits for the host) shows no playable card
            # (render.js marks none while waiting): it is waited for, never repeated, since the host
            # would refuse a second card.
            if self.tab.evaluate(CHOICE) != "play":
                break
            # The click did nothing. Under load WebKit's driver sometimes presses beside a card that
            # moved after its aim (the hand laid out again), or the card was read from a view the page
            # had already replaced (the last trick's suit still marked playable): a person whose click
            # did nothing looks again and clicks a card that is playable now.
            legal = self.legal()
            if legal and card not in legal:
                card = legal[0]
        self.wait_left_hand([card])
        return card

    def _true_within(self, function: str, arg: Any, seconds: float) -> bool:
        # Not wait_until: its failure reads (and so takes) the page's errors, which the guard must see.
        try:
            self.tab.wait_for(function, arg, timeout=seconds)
        except AssertionError:
            return False
        return True

    def wait_left_hand(self, cards: list[str], timeout: float = 60) -> None:
        """Wait until the host has taken the cards: until then the page still shows the same choice."""
        self.wait_until(LEFT_HAND, cards, timeout=timeout, what=f"{', '.join(cards)} gone from the hand")

    def wait_until(self, function: str, arg: Any, what: str, timeout: float = 60) -> None:
        """``tab.wait_for``, whose failure also says what the page showed and its errors."""
        try:
            self.tab.wait_for(function, arg, timeout=timeout, what=what)
        except AssertionError as failed:
            raise AssertionError(f"{failed}; the page: {self.describe()}") from None

    def describe(self) -> str:
        """What the page shows, and its errors so far: said when a wait fails."""
        return json.dumps({**self.tab.evaluate(DESCRIBE), "errors": self.tab.take_errors()})

    def take_turn_by_mouse(self, phase: str) -> None:
        if phase == "pass":
            self.pass_by_mouse()
        else:
            self.play_by_mouse()

    def play_hand_by_mouse(self) -> None:
        """Click through the hand (the first cards to pass, the first playable card) until its result shows."""
        for _ in range(MAX_TURNS):
            phase = self.wait_for_choice()
            if phase == "over":
                return
            self.take_turn_by_mouse(phase)
        raise AssertionError(f"{self.tab.engine}: the hand did not end within {MAX_TURNS} turns")

    def until_my_turn_in_play(self, into_a_trick: bool = False) -> None:
        """Pass and play by mouse until the person is to play (into a trick under way if asked)."""
        for _ in range(MAX_TURNS):
            phase = self.wait_for_choice()
            assert phase != "over", "the hand ended before the wanted turn"
            if phase == "play" and (not into_a_trick or self.trick()):
                return
            self.take_turn_by_mouse(phase)
        raise AssertionError(f"no such turn within {MAX_TURNS} turns")
