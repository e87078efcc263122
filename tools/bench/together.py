"""Play-together benchmark (not a test): how fast a guest joins, and what a move costs on the wire.

Prints, in one run:

- bytes per move: whole hands played through ``hearts.table.api.call`` with one guest
  seat (the messages the host's page sends are exactly Python's ``guests[].message``,
  serialised like ``JSON.stringify``); per move (a pass or a card of any seat) the bytes the
  guest receives, median and 95th percentile, and the bytes of the guest's own messages;
- the signalling codes: length of an invitation link and of an answer code;
- in Debian's Chromium, with a host and a guest in two browser contexts: time from opening
  the invitation to the answer code showing, from the host's "connect" to the guest's table
  showing, and the whole join with no human delay in between (median, p95), beside the
  host page's own start (it boots Python; the guest's page does not).

Run: ``nice -n 10 .venv/bin/python tools/bench/together.py [--hands N] [--joins N] [--dist DIR]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
from browser import p95, served_chromium  # noqa: E402  (tools/bench is not a package)
from rows import print_rows  # noqa: E402  (tools/bench is not a package)

from hearts.table.api import call  # noqa: E402
from hearts.table.service import TableService  # noqa: E402

GUEST = 1


def runs(values: list[float]) -> str:
    return "runs: " + ", ".join(f"{x:.0f}" for x in values)


def wire(message: Any) -> int:
    """Bytes of a message as the page sends it (JSON.stringify: no spaces, UTF-8)."""
    return len(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode())


def move_bytes(hands: int) -> tuple[list[int], list[int]]:
    """Per move, the bytes sent to the guest; and the bytes of each message the guest sent."""
    to_guest: list[int] = []
    from_guest: list[int] = []
    table = TableService()
    for hand in range(hands):
        answer = json.loads(call("new_match", json.dumps({"seed": 1000 + hand, "bots": ["human", "normal", "normal"],
                                                           "remote": [GUEST]}), table))
        while answer["state"]["stage"] == answer["state"]["phase"]:  # pass or play
            state = answer["state"]
            if state["bots_to_act"]:
                answer = json.loads(call("advance", "{}", table))
            elif state["self_to_act"]:
                answer = json.loads(call("auto_play", "{}", table))
            else:
                guest = answer["guests"][0]["message"]["state"]
                legal = [c["card"] for c in guest["hand"] if c["legal"]]
                message = ({"type": "pass", "cards": legal[:guest["pass"]["count"]]} if guest["phase"] == "pass"
                           else {"type": "play", "card": legal[0]})
                from_guest.append(wire(message))
                answer = json.loads(call("guest", json.dumps({"seat": GUEST, "message": json.dumps(message)}), table))
            to_guest.append(sum(wire(u["message"]) for u in answer["guests"]))
    return to_guest, from_guest


def join_times(browser: Browser, base: str, joins: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"host_ready": [], "answer": [], "connect": [], "join": [], "link": [], "code": []}
    setup = urllib.parse.quote(json.dumps({"speed": "instant", "clock": 0, "seed": 3}))
    for _ in range(joins):
        host_ctx, guest_ctx = browser.new_context(), browser.new_context()
        try:
            host, guest = host_ctx.new_page(), guest_ctx.new_page()
            began = time.perf_counter()
            host.goto(f"{base}?setup={setup}")
            host.wait_for_selector('body[data-ready="1"]', timeout=120_000)
            times["host_ready"].append(time.perf_counter() - began)
            host.click('[data-action="host"]')
            link = str(host.locator(f'[data-invite="{GUEST}"]').get_attribute("href"))
            opened = time.perf_counter()
            guest.goto(link)
            guest.wait_for_selector("[data-answer]", timeout=30_000)
            answered = time.perf_counter()
            code = guest.locator("[data-answer]").input_value()
            host.fill(f'[data-answer-input="{GUEST}"]', code)
            connecting = time.perf_counter()
            host.click(f'[data-action="connect"][data-seat="{GUEST}"]')
            host.wait_for_selector(f'[data-peer="{GUEST}"][data-connected="true"]', timeout=30_000)
            host.click('[data-action="host-start"]')
            guest.wait_for_selector('body[data-ready="1"]', timeout=30_000)
            shown = time.perf_counter()
            times["answer"].append(answered - opened)
            times["connect"].append(shown - connecting)
            times["join"].append(shown - opened - (connecting - answered))  # without the paste
            times["link"].append(len(link))
            times["code"].append(len(code))
        finally:
            host_ctx.close()
            guest_ctx.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40, help="hands for bytes per move (default 40)")
    parser.add_argument("--joins", type=int, default=5, help="guest joins to time (default 5)")
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one)")
    args = parser.parse_args(argv)
    to_guest, from_guest = move_bytes(args.hands)
    with served_chromium(args.dist) as (browser, base):
        times = join_times(browser, base, args.joins)
    med = statistics.median
    ms = {k: [v * 1000 for v in vs] for k, vs in times.items() if k not in ("link", "code")}
    rows = [
        ("bytes to the guest per move, median", f"{med(to_guest):8.0f} B", f"{len(to_guest)} moves"),
        ("bytes to the guest per move, p95", f"{p95([float(b) for b in to_guest]):8.0f} B", ""),
        ("bytes of a guest's move, median", f"{med(from_guest):8.0f} B", f"{len(from_guest)} guest messages"),
        ("invitation link", f"{med(times['link']):8.0f} ch", "median length"),
        ("answer code", f"{med(times['code']):8.0f} ch", "median length"),
        ("host page ready (boots Python)", f"{med(ms['host_ready']):8.0f} ms", runs(ms["host_ready"])),
        ("invitation opened -> answer code", f"{med(ms['answer']):8.0f} ms", runs(ms["answer"])),
        ("connect -> guest's table shows", f"{med(ms['connect']):8.0f} ms", runs(ms["connect"])),
        ("invitation -> table, no paste delay", f"{med(ms['join']):8.0f} ms", f"p95 {p95(ms['join']):.0f} ms"),
    ]
    title = f"Play-together benchmark: {args.hands} hands (1 guest, 2 normal bots), {args.joins} joins in Chromium"
    print_rows(title, rows, 38)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
