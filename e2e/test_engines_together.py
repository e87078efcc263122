"""Playing together across engines: a host in one engine, a guest in another, over a WebRTC data channel.

The invitation and the answer code go through the page's hooks, as in e2e/test_together.py (there
both people are in Chromium). Debian's WebKitGTK has no RTCPeerConnection (e2e/test_engines.py
checks that it still has none): a WebKit guest joins these tests the day it has one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from engines.driver import Engine, Tab
from engines.fixtures import GAME, guarded
from engines.game import CHOICE, MAX_TURNS, Game
from static_server import StaticServer

GUEST_SEAT = 1


@pytest.fixture
def open_tab() -> Iterator[ExitStack]:
    """Guarded tabs opened by the test (any engine), all checked and closed at its end."""
    with ExitStack() as stack:
        yield stack


def new_tab(stack: ExitStack, engine: Engine) -> Tab:
    tabs = guarded(engine.new_tab())
    tab = next(tabs)
    stack.callback(lambda: next(tabs, None))  # the guard's check and close, when the test ends
    return tab


def invite(host: Game, guest: Tab) -> None:
    """The guest opens its invitation; the host pastes the guest's answer code and connects."""
    host.tab.click('[data-action="host"]')
    host.tab.wait_visible(f'[data-invite="{GUEST_SEAT}"]')
    link = str(host.tab.evaluate("(seat) => document.querySelector(`[data-invite=\"${seat}\"]`).href", GUEST_SEAT))
    guest.goto(link)
    guest.wait_visible("[data-answer]")
    answer = str(guest.evaluate("() => document.querySelector('[data-answer]').value"))
    host.tab.fill(f'[data-answer-input="{GUEST_SEAT}"]', answer)
    host.tab.click(f'[data-action="connect"][data-seat="{GUEST_SEAT}"]')
    host.tab.wait_for("(seat) => !!document.querySelector(`[data-peer=\"${seat}\"][data-connected=\"true\"]`)",
                      GUEST_SEAT, what="the guest's data channel open")


def play_until_the_result(games: list[Game]) -> None:
    """Whoever's turn it is takes it by mouse, until every page shows the hand's result (a bound on rounds)."""
    for _ in range(20 * MAX_TURNS):
        choices = [g.tab.evaluate(CHOICE) for g in games]
        if all(choice == "over" for choice in choices):
            return
        for g, choice in zip(games, choices):
            if choice in ("pass", "play"):
                g.take_turn_by_mouse(str(choice))
                break
        else:
            games[0].tab.evaluate("() => new Promise((done) => setTimeout(done, 100))")
    raise AssertionError("the hand did not end on every page")


@pytest.mark.parametrize(("host_engine", "guest_engine"), [("chromium", "firefox"), ("firefox", "chromium")])
def test_a_host_and_a_guest_in_two_engines_play_a_hand(request: pytest.FixtureRequest, open_tab: ExitStack,
                                                       dist: Path, host_engine: str, guest_engine: str) -> None:
    host_side: Engine = request.getfixturevalue(host_engine)
    guest_side: Engine = request.getfixturevalue(guest_engine)
    with StaticServer({GAME: dist}) as site:
        host = Game(new_tab(open_tab, host_side), site.url(GAME)).open(seed=21, bots="easy")
        guest_tab = new_tab(open_tab, guest_side)
        invite(host, guest_tab)
        host.tab.click('[data-action="host-start"]')
        guest = Game(guest_tab, site.url(GAME)).wait_ready()
        assert guest_tab.attr("#table", "data-self") == str(GUEST_SEAT)
        assert not set(guest.hand()) & set(host.hand())
        play_until_the_result([host, guest])
        assert guest.scores() == host.scores() and sum(host.scores()) in (26, 78)
        open_tab.close()  # the guards, while the server still answers
