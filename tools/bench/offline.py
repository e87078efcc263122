"""Start-up and size figures of the built game, measured in one run (a benchmark, not a test).

    .venv/bin/python tools/bench/offline.py [--dist DIR] [--runs N] [--json]

- cold start: a fresh browser profile (empty HTTP cache, no service worker) opens the game;
  navigation start → ``body[data-ready="1"]`` (Python ready, the table drawn).
- warm start: the same profile, after the service worker has precached everything and the
  memory snapshot is kept, opens the game in a new tab; every response must come from the
  service worker.
- ratio: warm / cold (medians of ``--runs`` each).
- gzip size of dist/ (each file at level 9, summed): the runtime (Pyodide, PyScript, Workbox's
  page module), the generated service worker, and our own code (page, styles, modules, the
  Python package, manifests, icons, embed.js).
- ``--first-visit``: what a first visit downloads until the game works offline (the service
  worker controls the page, the memory snapshot is kept), as bytes of response bodies the server
  sent and their ratio to the size of dist/, and the time to a playable table, in a private
  window (Playwright's ``new_context()``: an in-memory HTTP cache, which does not keep the 9.6 MB
  wasm) and in a browser profile on disk, alternating, ``--runs`` of each.

Without ``--dist`` it builds a fresh dist/ into a temporary folder first. The server is a
plain static server on 127.0.0.1 (no compression, no cache headers, like STACK-NOTES'
http.server), stopped before the script ends.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Playwright, Response, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from static_server import QuietHandler, StaticServer  # noqa: E402  (tools/ is not a package)

sys.path.insert(0, str(ROOT / "tools" / "bench"))
from browser import wait_offline_ready  # noqa: E402  (a sibling script)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Records when main.js marks the table ready, relative to the navigation's start.
READY_CLOCK = """new MutationObserver((_, observer) => {
  if (document.body?.dataset.ready === "1") { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});"""


class Link:
    """The server's side of a network link: one shared bandwidth and a round trip per request.

    Throttling the server (not the browser) leaves what the service worker answers from its
    cache untouched, as on a real connection; Chromium's own network emulation slows those too.
    """

    def __init__(self) -> None:
        self.bytes_per_s = 0.0  # 0: as fast as localhost
        self.latency_s = 0.04
        self.free_at = 0.0
        self.sent = 0  # bytes of response bodies, all requests
        self.lock = threading.Lock()

    def round_trip(self) -> None:
        if self.bytes_per_s:
            time.sleep(self.latency_s)

    def send(self, size: int) -> None:
        """Block until ``size`` bytes have passed the link after what is already on it."""
        with self.lock:
            self.sent += size
        if not self.bytes_per_s:
            return
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.bytes_per_s
            done = self.free_at
        time.sleep(max(0.0, done - time.monotonic()))


LINK = Link()


class Handler(QuietHandler):
    """The quiet static handler, with every response sent through the simulated link."""

    def send_head(self) -> Any:
        LINK.round_trip()
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(64 * 1024):
            LINK.send(len(chunk))
            outputfile.write(chunk)


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    with StaticServer({"/": folder}, Handler) as server:
        yield server.url()


def open_game(context: BrowserContext, url: str) -> tuple[float, int, int]:
    """Open the game in a new tab: (ms to ready, responses, responses from the service worker)."""
    page = context.new_page()
    responses: list[bool] = []  # blob: (PyScript's worker script) never passes a service worker
    def seen(response: Response) -> None:
        if response.url.startswith("http"):
            responses.append(response.from_service_worker)

    page.on("response", seen)
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    ms = float(page.evaluate("window.__readyAt"))
    wait_offline_ready(page)  # the service worker controls the page, the memory snapshot is kept
    page.close()
    return ms, len(responses), sum(responses)


def start_times(browser: Browser, url: str, runs: int) -> tuple[list[float], list[float]]:
    cold, warm = [], []
    for _ in range(runs):
        context = browser.new_context()
        context.add_init_script(READY_CLOCK)
        try:
            cold.append(open_game(context, url)[0])
            ms, total, from_sw = open_game(context, url)
            if from_sw != total:
                raise SystemExit(f"warm start: {total - from_sw} of {total} responses not from the service worker")
            warm.append(ms)
        finally:
            context.close()
    return cold, warm


def first_visit(context: BrowserContext, url: str, dist_bytes: int) -> dict[str, float]:
    """One first visit in ``context`` until the game works offline: bytes sent, their ratio to dist/, ms to ready."""
    context.add_init_script(READY_CLOCK)
    LINK.sent = 0
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    ready_ms = float(page.evaluate("window.__readyAt"))
    wait_offline_ready(page)
    sent = LINK.sent
    return {"sent": sent, "ratio": sent / dist_bytes, "ready_ms": ready_ms}


def first_visits(p: Playwright, dist: Path, url: str, runs: int) -> dict[str, list[dict[str, float]]]:
    """``runs`` first visits in a private window and in a new profile on disk, alternating."""
    dist_bytes = sum(f.stat().st_size for f in dist.rglob("*") if f.is_file())
    out: dict[str, list[dict[str, float]]] = {"private window": [], "profile on disk": []}
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        for _ in range(runs):
            context = browser.new_context()
            try:
                out["private window"].append(first_visit(context, url, dist_bytes))
            finally:
                context.close()
            with tempfile.TemporaryDirectory(prefix="hearts-profile-") as profile:
                persistent = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    out["profile on disk"].append(first_visit(persistent, url, dist_bytes))
                finally:
                    persistent.close()
    finally:
        browser.close()
    return out


def first_visit_report(figures: dict[str, list[dict[str, float]]], dist_bytes: int) -> str:
    lines = [f"first visit until offline-ready (dist/ {dist_bytes / 1e6:.2f} MB), medians:"]
    for kind, visits in figures.items():
        sent = statistics.median(v["sent"] for v in visits)
        ready = statistics.median(v["ready_ms"] for v in visits)
        ratios = ", ".join(f"{v['ratio']:.2f}" for v in visits)
        lines.append(f"  {kind:<16} sent {sent / 1e6:6.2f} MB  {sent / dist_bytes:.2f} x dist ({ratios})"
                     f"  ready {ready:6.0f} ms ({', '.join(str(round(v['ready_ms'])) for v in visits)})")
    return "\n".join(lines)


def gzip_sizes(dist: Path) -> dict[str, dict[str, int]]:
    groups: dict[str, dict[str, int]] = {}
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        group = "runtime" if rel.startswith("runtime/") else "service worker" if rel == "sw.js" else "our code"
        data = path.read_bytes()
        sizes = groups.setdefault(group, {"files": 0, "raw": 0, "gzip": 0})
        sizes["files"] += 1
        sizes["raw"] += len(data)
        sizes["gzip"] += len(gzip.compress(data, 9))
    return groups


def starts(browser: Browser, url: str, runs: int, mbps: float) -> dict[str, Any]:
    LINK.bytes_per_s = mbps * 125_000
    cold, warm = start_times(browser, url, runs)
    cold_ms, warm_ms = statistics.median(cold), statistics.median(warm)
    return {"link": f"{mbps:g} Mbit/s, 40 ms" if mbps else "localhost", "cold_ms": round(cold_ms),
            "warm_ms": round(warm_ms), "ratio": round(warm_ms / cold_ms, 2),
            "cold_all_ms": [round(x) for x in cold], "warm_all_ms": [round(x) for x in warm]}


def measure(dist: Path, runs: int, mbps: float) -> dict[str, Any]:
    with serve(dist) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            links = [starts(browser, url, runs, rate) for rate in ([0.0, mbps] if mbps else [0.0])]
        finally:
            browser.close()
    return {"runs": runs, "starts": links, "sizes": gzip_sizes(dist)}


def report(figures: dict[str, Any]) -> str:
    lines = [f"start to a playable table (median of {figures['runs']}), warm = from the service worker:"]
    for s in figures["starts"]:
        lines.append(f"  {s['link']:<18} cold {s['cold_ms']:>6} ms  warm {s['warm_ms']:>6} ms  warm/cold {s['ratio']}"
                     f"   (cold {s['cold_all_ms']}, warm {s['warm_all_ms']})")
    lines.append("dist/ size       files      raw MB     gzip MB")
    total_raw = total_gzip = 0
    for group, size in figures["sizes"].items():
        lines.append(f"  {group:<15}{size['files']:>5}{size['raw'] / 1e6:>12.2f}{size['gzip'] / 1e6:>12.2f}")
        total_raw += size["raw"]
        total_gzip += size["gzip"]
    lines.append(f"  {'total':<15}{'':>5}{total_raw / 1e6:>12.2f}{total_gzip / 1e6:>12.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=3, help="cold and warm starts each (default 3)")
    parser.add_argument("--mbps", type=float, default=0.0,
                        help="also measure with the server sending N Mbit/s, 40 ms a request (default: localhost)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--first-visit", action="store_true",
                        help="only the bytes and time of a first visit, private window and profile on disk")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as tmp:
        dist = args.dist
        if dist is None:
            dist = Path(tmp) / "dist"
            subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(dist)], check=True,
                           stdout=subprocess.DEVNULL)
        dist = dist.resolve()
        if args.first_visit:
            with serve(dist) as url, sync_playwright() as p:
                visits = first_visits(p, dist, url, args.runs)
            dist_bytes = sum(f.stat().st_size for f in dist.rglob("*") if f.is_file())
            print(json.dumps(visits) if args.json else first_visit_report(visits, dist_bytes))
            return 0
        figures = measure(dist, args.runs, args.mbps)
    print(json.dumps(figures) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
