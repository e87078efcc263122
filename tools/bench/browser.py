"""Browser benchmark (not a test): how fast the table starts and plays in Debian's Chromium.

Prints, in one run, on one machine (compare the figures of one run with each other, not
absolute seconds across machines or runs):

- cold and warm time from navigation to ``body[data-ready="1"]`` for the game, and the same
  for a bare page that only boots the same Pyodide in the same kind of PyScript worker
  (with no package and no table); the ratio game / bare is the figure of interest,
- first contentful paint of the table (the shell shows before Python is ready),
- the longest main-thread task (Long Tasks API) while loading, and while a hand is played
  at normal speed against three strong bots (the page must not block while bots think),
- the strong bot's decision time in the browser: ``advance()`` calls through the bridge
  (decision in the worker + the round trip), median and 95th percentile.

Cold: a new browser context (empty HTTP cache). Warm: a reload in the same context.
Run: ``.venv/bin/python tools/bench/browser.py [--runs N] [--decisions N] [--dist DIR]``
(builds dist/ first unless ``--dist`` names an existing build).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from static_server import StaticServer  # noqa: E402  (tools/ is not a package)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

# Runs before any page script: when data-ready appears, and every long task.
PROBE = """
window.__bench = {readyAt: null, longTasks: []};
new MutationObserver(() => {
  if (!window.__bench.readyAt && document.body && document.body.dataset.ready === "1")
    window.__bench.readyAt = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.longTasks.push({start: e.startTime, duration: e.duration});
}).observe({type: "longtask", buffered: true});
"""

# The bare page: the same interpreter and worker setup, a one-line worker, nothing else.
BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="./bare.js"></script></head>
<body><script type="py" worker name="bare" src="./bare.py" config="./bare.json"></script></body></html>
"""
BARE_JS = """import { whenDefined } from "./runtime/pyscript/core.js";
const { xworker } = await whenDefined("py");
await xworker.ready;
await xworker.sync.ping("{}");
document.body.dataset.ready = "1";
"""
BARE_PY = """from pyscript import sync
sync.ping = lambda payload: payload
"""


def add_bare_page(dist: Path) -> None:
    (dist / "bare.html").write_text(BARE_HTML)
    (dist / "bare.js").write_text(BARE_JS)
    (dist / "bare.py").write_text(BARE_PY)
    config = json.loads((dist / "pyscript.json").read_text())
    (dist / "bare.json").write_text(json.dumps({k: v for k, v in config.items() if k != "files"}))


def ready_time(page: Page, url: str, reload: bool = False) -> dict[str, float]:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
    return dict(page.evaluate("""() => ({
        ready: window.__bench.readyAt,
        fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
        longest: Math.max(0, ...window.__bench.longTasks.map(t => t.duration)),
    })"""))


def measure_loads(browser: Browser, url: str, runs: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"cold": [], "warm": [], "fcp": [], "longest": []}
    for _ in range(runs):
        context = browser.new_context()
        context.add_init_script(PROBE)
        page = context.new_page()
        cold = ready_time(page, url)
        warm = ready_time(page, url, reload=True)
        out["cold"].append(cold["ready"])
        out["warm"].append(warm["ready"])
        out["fcp"] += [x for x in (cold["fcp"], warm["fcp"]) if x is not None]
        out["longest"] += [cold["longest"], warm["longest"]]
        context.close()
    return out


def play_a_hand(browser: Browser, base: str) -> float:
    """Longest main-thread task while a hand is played at normal speed against strong bots."""
    setup = {"seed": 3, "bots": "strong", "speed": "normal", "clock": 0, "rules": {"passing": "none"}}
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(base + "?setup=" + urllib.parse.quote(json.dumps(setup)))
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
    start = page.evaluate("performance.now()")
    while True:
        page.wait_for_function("""() => {
            const t = document.querySelector('#table');
            if (t.dataset.phase === 'over') return true;
            return t.dataset.turn === '0' && !!document.querySelector('#hand [data-legal="true"]');
        }""", timeout=180_000, polling=100)  # not every frame: the probe must not add main-thread work
        if page.get_attribute("#table", "data-phase") == "over":
            break
        page.locator('#hand [data-legal="true"]').first.click()
    longest = float(page.evaluate(
        "start => Math.max(0, ...window.__bench.longTasks.filter(t => t.start >= start).map(t => t.duration))", start))
    context.close()
    return longest


def decision_times(browser: Browser, base: str, decisions: int) -> list[float]:
    """Milliseconds per strong-bot decision, timed around bridge.advance() in the page."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "?setup=" + urllib.parse.quote(json.dumps({"speed": "instant", "clock": 0, "bots": "easy"})))
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
    times = page.evaluate("""async (wanted) => {
        const bridge = await import('./static/js/bridge.js');
        const times = [];
        let seed = 100;
        let answer = await bridge.newMatch({seed, bots: 'strong', rules: {passing: 'none'}});
        while (times.length < wanted) {
            const s = answer.state;
            if (s.result) answer = await bridge.newMatch({seed: ++seed, bots: 'strong', rules: {passing: 'none'}});
            else if (s.bots_to_act) {
                const t0 = performance.now();
                answer = await bridge.advance();
                times.push(performance.now() - t0);
            } else {
                answer = await bridge.playCard(s.hand.find(c => c.legal).card);
            }
            if (answer.error) throw new Error(answer.error.message);
        }
        return times;
    }""", decisions)
    context.close()
    return [float(t) for t in times]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold+warm loads per page (default 3)")
    parser.add_argument("--decisions", type=int, default=60, help="strong-bot decisions to time (default 60)")
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as tmp:
        dist = Path(tmp) / "dist"
        if args.dist:
            shutil.copytree(args.dist, dist)
        else:
            subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(dist)], check=True,
                           stdout=subprocess.DEVNULL)
        add_bare_page(dist)
        began = time.time()
        with StaticServer({"/": dist}) as server, sync_playwright() as pw:
            base = server.url()
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                # Alternate the two pages, so that a busy moment of the machine hits both alike.
                game: dict[str, list[float]] = {}
                bare: dict[str, list[float]] = {}
                for _ in range(args.runs):
                    for into, url in ((game, base), (bare, base + "bare.html")):
                        for key, values in measure_loads(browser, url, 1).items():
                            into.setdefault(key, []).extend(values)
                play_longest = play_a_hand(browser, base)
                times = decision_times(browser, base, args.decisions)
            finally:
                browser.close()

    med = statistics.median

    def runs(values: list[float]) -> str:
        return "runs: " + ", ".join(f"{x:.0f}" for x in values)

    rows = [
        ("ready, cold (game)", f"{med(game['cold']):8.0f} ms", runs(game["cold"])),
        ("ready, cold (bare Pyodide)", f"{med(bare['cold']):8.0f} ms", runs(bare["cold"])),
        ("  ratio game / bare, cold", f"{med(game['cold']) / med(bare['cold']):8.2f}", ""),
        ("ready, warm (game)", f"{med(game['warm']):8.0f} ms", runs(game["warm"])),
        ("ready, warm (bare Pyodide)", f"{med(bare['warm']):8.0f} ms", runs(bare["warm"])),
        ("  ratio game / bare, warm", f"{med(game['warm']) / med(bare['warm']):8.2f}", ""),
        ("first contentful paint (game)", f"{med(game['fcp']):8.0f} ms", "median of cold and warm loads"),
        ("longest main-thread task, loading", f"{max(game['longest']):8.0f} ms", "game page, all loads"),
        ("longest main-thread task, playing", f"{play_longest:8.0f} ms", "a hand vs 3 strong bots, normal speed"),
        ("strong bot decision, median", f"{med(times):8.0f} ms", f"{len(times)} advance() calls, worker + bridge"),
        ("strong bot decision, p95", f"{p95(times):8.0f} ms", ""),
    ]
    print(f"Browser benchmark: Chromium {CHROMIUM}, {args.runs} cold+warm loads per page "
          f"({time.time() - began:.0f} s)")
    for name, value, note in rows:
        print(f"  {name:36s} {value:>12s}   {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
