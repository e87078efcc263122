"""Browser benchmark (not a test): how fast the table starts and plays in Debian's Chromium.

Prints, in one run, on one machine (compare the figures of one run with each other, not
absolute seconds across machines or runs), for the game and for a bare page that only boots
the same Pyodide in the same kind of PyScript worker (no package, no table, no service worker):

- cold: first visit in a new browser profile (on disk, as a person's), navigation to
  ``body[data-ready="1"]``; warm: the second visit in that profile (the game's from its
  service worker, after its memory snapshot is kept; the bare page's from the HTTP cache),
  each with its ratio to the bare page's (the second visit in a new tab),
- preview: on the warm visit, ms to ``body[data-preview="1"]`` (the resumed table drawn),
- the bytes the server sent in the first visit until the service worker was active, and
  their ratio to the size of the built folder,
- the renderer's peak RSS (page + Python worker; VmHWM, reset before each visit),
- the longest main-thread task (Long Tasks API) while starting, and while a hand is played
  at normal speed against three strong bots (the page must not block while bots think),
- a bot's decision time in the browser (``--level``, default strong): ``advance()`` calls through the bridge
  (decision in the worker + the round trip), median and 95th percentile.

``--levers`` also builds the game without each start-up lever (``tools/build.py --without
snapshot|pyc|stdlib``) and measures those builds in the same run, alternating with the others;
``--baseline DIR`` measures another existing build (e.g. one of main) the same way, as
"baseline": before/after in one run.
Run: ``.venv/bin/python tools/bench/browser.py [--runs N] [--decisions N] [--level L] [--levers] [--dist DIR]
[--baseline DIR]`` (builds dist/ first unless ``--dist`` names an existing build).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from static_server import QuietHandler, StaticServer  # noqa: E402  (tools/ is not a package)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

# Runs before any page script: when the preview and data-ready appear, and every long task. The
# benchmark waits for its console message: Playwright's own waiting (wait_for_selector) would
# first evaluate its injected script in the page, a main-thread task of 50-80 ms of its own.
READY_MESSAGE = "hearts-bench:ready"
PROBE = """
window.__bench = {readyAt: null, previewAt: null, longTasks: []};
new MutationObserver(() => {
  const data = document.body ? document.body.dataset : {};
  if (!window.__bench.previewAt && data.preview === "1") window.__bench.previewAt = performance.now();
  if (!window.__bench.readyAt && data.ready === "1") {
    window.__bench.readyAt = performance.now();
    console.log(READY_MESSAGE);
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready", "data-preview"]});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.longTasks.push({start: e.startTime, duration: e.duration});
}).observe({type: "longtask", buffered: true});
""".replace("READY_MESSAGE", json.dumps(READY_MESSAGE))

# The bare page: the same Pyodide in the same kind of PyScript worker, a one-line worker, nothing else.
BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="./bare.js"></script></head>
<body><script type="py" worker name="bare" src="./bare.py" config="./{config}"></script></body></html>
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
# The second bare page boots the same Pyodide from the game's byte-compiled standard library
# (what a bare page could do with tools/boot/stdlib.mjs too): the game against the quickest bare boot.
BARE_COMPILED_MJS = """import * as pyodide from "./{runtime}/pyodide.mjs";
export const version = pyodide.version;
const at = (path) => new URL(path, import.meta.url).href;
const RUNTIME = {{ indexURL: at("./{runtime}/"), stdLibURL: at("./{stdlib}") }};
export const loadPyodide = (options = {{}}) => pyodide.loadPyodide({{ ...options, ...RUNTIME }});
"""
BARE_RUNTIME = "bare-pyodide"
BARE_PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
BARE_PAGES = {"bare Pyodide": "bare.html", "bare, compiled stdlib": "bare-compiled.html"}
# Build variants (tools/build.py --without LEVER) for --levers: each lever's share of the figures.
VARIANTS = {"game": (), "game without snapshot": ("snapshot",), "game without pyc": ("pyc",),
            "game without stdlib pyc": ("stdlib",), "game without both": ("snapshot", "pyc")}


def add_bare_page(dist: Path) -> None:
    """The bare pages (BARE_PAGES) in the game's folder; their files' names start with "bare"."""
    (dist / "bare.js").write_text(BARE_JS)
    (dist / "bare.py").write_text(BARE_PY)
    # Pyodide's files as published (npm's, also its standard library of sources: the game's build
    # boots from a byte-compiled one, tools/boot/stdlib.mjs), in a folder of the bare page's own.
    runtime = dist / BARE_RUNTIME
    runtime.mkdir(exist_ok=True)
    for name in BARE_PYODIDE_FILES:
        shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, runtime / name)
    [stdlib] = (dist / "py").glob("stdlib-*.zip")
    (dist / "bare-compiled.mjs").write_text(BARE_COMPILED_MJS.format(runtime=BARE_RUNTIME, stdlib=f"py/{stdlib.name}"))
    interpreters = {"bare.json": f"./{BARE_RUNTIME}/pyodide.mjs", "bare-compiled.json": "./bare-compiled.mjs"}
    for config, interpreter in interpreters.items():
        (dist / config).write_text(json.dumps({"interpreter": interpreter, "sync_main_only": True}))
        (dist / f"{config.removesuffix('.json')}.html").write_text(BARE_HTML.format(config=config))


class CountingHandler(QuietHandler):
    """Counts the bytes the server sends (headers and bodies), per mount: the first visit's download."""

    sent: dict[str, int] = {}

    def setup(self) -> None:
        super().setup()
        inner = self.wfile
        handler = self

        class Counter(io.RawIOBase):
            def write(self, data: Any) -> int:
                mount = next((m for m in sorted(handler.mounts, key=len, reverse=True)
                              if handler.path.startswith(m)), "?") if hasattr(handler, "path") else "?"
                handler.sent[mount] = handler.sent.get(mount, 0) + len(data)
                return int(inner.write(data) or len(data))

            def flush(self) -> None:
                inner.flush()

        self.wfile = Counter()  # type: ignore[assignment]


def renderers() -> dict[int, Path]:
    """Chromium renderer processes started by this benchmark (page and its workers live there)."""
    me, found = os.getpid(), {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if b"--type=renderer" not in (proc / "cmdline").read_bytes():
                continue
            pid = int(proc.name)
            while pid > 1:  # walk up the parents: ours only
                pid = int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[1])
                if pid == me:
                    found[int(proc.name)] = proc
                    break
        except (OSError, ValueError, IndexError):
            continue
    return found


def reset_peaks() -> None:
    for proc in renderers().values():
        try:
            (proc / "clear_refs").write_text("5")  # 5: reset the peak RSS (VmHWM)
        except OSError:
            pass


def peak_mb() -> float:
    peaks = []
    for proc in renderers().values():
        try:
            line = next(x for x in (proc / "status").read_text().splitlines() if x.startswith("VmHWM:"))
            peaks.append(int(line.split()[1]) / 1024)
        except (OSError, StopIteration):
            continue
    return max(peaks, default=0.0)


def visit(page: Page, url: str) -> dict[str, Any]:
    """Navigate and wait for data-ready: ms to the preview and to ready, FCP, longest task, peak memory."""
    reset_peaks()
    with page.expect_console_message(lambda message: message.text == READY_MESSAGE, timeout=180_000):
        page.goto(url)
    figures = dict(page.evaluate("""() => ({
        ready: window.__bench.readyAt,
        preview: window.__bench.previewAt,
        fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
        longest: Math.max(0, ...window.__bench.longTasks.filter(t => t.start < window.__bench.readyAt)
            .map(t => t.duration)),
        // The start-up step (tools/bench/start_trace.py's marks) the longest task came in.
        after: (() => {
            const task = window.__bench.longTasks.filter(t => t.start < window.__bench.readyAt)
                .reduce((a, t) => (a && a.duration >= t.duration ? a : t), null);
            if (!task) return null;
            const marks = performance.getEntriesByType('mark').filter(m => m.name.startsWith('hearts:')
                && m.startTime <= task.start);
            return `${Math.round(task.start)} ms, after ${marks.length ? marks.at(-1).name.slice(7) : 'navigation'}`;
        })(),
    })"""))
    figures["memory"] = peak_mb()
    return figures


def wait_offline_ready(page: Page) -> None:
    """Until the service worker controls the page and the memory snapshot (if the build makes one) is kept.

    Polled from here: wait_for_function takes a promise (an async predicate's answer) for a truthy value."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    deadline = time.monotonic() + 180
    while not page.evaluate("""async () => {
        const { SNAPSHOT_KEY } = await import('./static/js/boot/build.mjs');
        if (!SNAPSHOT_KEY) return true;
        for (const name of await caches.keys())
            if (name.startsWith('hearts-snapshot-') && (await (await caches.open(name)).keys()).length) return true;
        return false;
    }"""):
        if time.monotonic() > deadline:
            raise SystemExit("the memory snapshot was not kept within 180 s")
        page.wait_for_timeout(250)


def measure_loads(pw: Playwright, url: str, mount: str, offline: bool) -> dict[str, list[Any]]:
    """One first and one second visit in a new browser profile (the game's second visit: from its service worker).

    A profile on disk, as a person's: a new_context() (incognito) keeps its HTTP cache in memory with a
    per-entry limit below the 9.6 MB wasm, so there the service worker's precache downloads it again.
    """
    with tempfile.TemporaryDirectory(prefix="hearts-profile-") as profile:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return visit_twice(context, url, mount, offline)
        finally:
            context.close()


def visit_twice(context: BrowserContext, url: str, mount: str, offline: bool) -> dict[str, list[Any]]:
    context.add_init_script(PROBE)
    page = context.new_page()
    CountingHandler.sent[mount] = 0
    cold = visit(page, url)
    out: dict[str, list[Any]] = {"cold": [cold["ready"]], "cold_memory": [cold["memory"]]}
    if offline:
        wait_offline_ready(page)
        out["bytes"] = [float(CountingHandler.sent[mount])]
    # In a new tab, as a person opens the game again: navigating the first tab would also tear its
    # page down (its Python worker too) in the first main-thread task of the second visit.
    page.close()
    warm = visit(context.new_page(), url)
    out.update(warm=[warm["ready"]], warm_memory=[warm["memory"]], longest=[cold["longest"], warm["longest"]],
               where=[f"{name} {v['longest']:.0f} ms at {v['after']}" for name, v in (("cold", cold), ("warm", warm))
                      if v["after"]],
               fcp=[x for x in (cold["fcp"], warm["fcp"]) if x is not None])
    if warm["preview"] is not None:
        out["preview"] = [warm["preview"]]
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


# Bots' decisions through the game's own worker: ``advance`` calls timed in the page, the
# decision and the round trip (the page itself waits for the person meanwhile: its table is
# left alone). Evaluated with [how many, the bots' level].
DECISIONS = """async ([wanted, level]) => {
  const { whenDefined } = await import('./runtime/pyscript/core.js');
  const { xworker } = await whenDefined('py');
  const call = async (command, payload = {}) => {
    const answer = JSON.parse(await xworker.sync[command](JSON.stringify(payload)));
    if (answer.error) throw new Error(answer.error.message);
    return answer;
  };
  const times = [];
  let seed = 100;
  let answer = await call('new_match', {seed, bots: level, rules: {passing: 'none'}});
  while (times.length < wanted) {
    const s = answer.state;
    if (s.result) answer = await call('new_match', {seed: ++seed, bots: level, rules: {passing: 'none'}});
    else if (s.bots_to_act) {
      const t0 = performance.now();
      answer = await call('advance');
      times.push(performance.now() - t0);
    } else answer = await call('play', {card: s.hand.find((c) => c.legal).card});
  }
  return times;
}"""


def decision_times(browser: Browser, base: str, decisions: int, level: str = "strong") -> list[float]:
    """Milliseconds per decision of a bot of ``level``, timed around ``advance`` in the page."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "?setup=" + urllib.parse.quote(json.dumps({"speed": "instant", "clock": 0, "bots": "easy"})))
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
    times = page.evaluate(DECISIONS, [decisions, level])
    context.close()
    return [float(t) for t in times]


def build_dist(tmp: Path, existing: Path | None, without: Sequence[str] = (), name: str = "dist") -> Path:
    """A build of the game in ``tmp / name``: a copy of ``existing`` (only without levers removed), or a
    fresh ``tools/build.py`` run (``--without`` each lever in ``without``)."""
    folder = tmp / name
    if existing and not without:
        shutil.copytree(existing, folder)
    else:
        flags = [arg for lever in without for arg in ("--without", lever)]
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(folder), *flags],
                       check=True, stdout=subprocess.DEVNULL)
    return folder


# The person may act (a legal card in seat 0's hand), or the hand is over.
YOUR_TURN_OR_OVER = """() => {
    const table = document.querySelector('#table');
    return table.dataset.phase === 'over'
        || (table.dataset.turn === '0' && !!document.querySelector('#hand [data-legal="true"]'));
}"""


def open_match(page: Page, base: str, setup: dict[str, Any]) -> None:
    """Start a new match from ``setup`` (the ``?setup=`` link) and wait for the table."""
    page.goto(base + "?setup=" + urllib.parse.quote(json.dumps(setup)))
    page.wait_for_selector('body[data-ready="1"]', timeout=120_000)


def play_first_legal(page: Page) -> None:
    """Play the hand to its end by clicking the person's first legal card (and its first three to pass)."""
    for _ in range(200):
        page.wait_for_function(YOUR_TURN_OR_OVER, timeout=60_000)
        if page.locator("#table").get_attribute("data-phase") == "over":
            return
        if page.locator('[data-action="pass"]').is_visible():
            for card in page.locator('#hand [data-legal="true"]').all()[:3]:
                card.click()
            page.click('[data-action="pass"]')
            continue
        page.locator('#hand [data-legal="true"]').first.click()


@contextmanager
def served_chromium(existing: Path | None) -> Iterator[tuple[Browser, str]]:
    """Debian's Chromium and the URL of a build (a copy of ``existing``, else a fresh one) served on 127.0.0.1."""
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as tmp:
        dist = build_dist(Path(tmp), existing)
        with StaticServer({"/": dist}) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield browser, server.url()
            finally:
                browser.close()


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def build_variants(tmp: Path, levers: bool, dist: Path | None, baseline: Path | None) -> dict[str, Path]:
    folders = {name: build_dist(tmp, dist, without, name.replace(" ", "-"))
               for name, without in VARIANTS.items() if levers or not without}
    if baseline:
        folders["baseline"] = build_dist(tmp, baseline, (), "baseline")
    return folders


def folder_bytes(folder: Path) -> int:
    """The built folder's size, without what add_bare_page added to it."""
    return sum(p.stat().st_size for p in folder.rglob("*")
               if p.is_file() and not p.relative_to(folder).parts[0].startswith("bare"))


def print_table(pages: dict[str, dict[str, list[float]]], sizes: dict[str, int]) -> None:
    med = statistics.median
    bare = pages["bare Pyodide"]

    def runs(values: list[float]) -> str:
        return ", ".join(f"{x:.0f}" for x in values)

    print(f"  {'page':24s} {'cold ms':>8s} {'/bare':>6s} {'warm ms':>8s} {'/bare':>6s} {'preview':>8s} "
          f"{'1st-visit MB':>12s} {'/dist':>6s} {'peak MB c/w':>12s} {'task ms':>8s}   runs cold | warm")
    for name, got in pages.items():
        cold, warm = med(got["cold"]), med(got["warm"])
        preview = f"{med(got['preview']):8.0f}" if got.get("preview") else f"{'-':>8s}"
        sent = f"{med(got['bytes']) / 1e6:12.2f} {med(got['bytes']) / sizes[name]:6.2f}" if got.get("bytes") \
            else f"{'-':>12s} {'-':>6s}"
        memory = f"{max(got['cold_memory']):.0f}/{max(got['warm_memory']):.0f}"
        print(f"  {name:24s} {cold:8.0f} {cold / med(bare['cold']):6.2f} {warm:8.0f} {warm / med(bare['warm']):6.2f} "
              f"{preview} {sent} {memory:>12s} {max(got['longest']):8.0f}   {runs(got['cold'])} | {runs(got['warm'])}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="first+second visits per page (default 3)")
    parser.add_argument("--decisions", type=int, default=60, help="bot decisions to time (default 60; 0: none)")
    parser.add_argument("--level", default="strong", help="the bots whose decisions are timed (default strong)")
    parser.add_argument("--levers", action="store_true",
                        help="also measure builds without each start-up lever (tools/build.py --without)")
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one)")
    parser.add_argument("--baseline", type=Path, help="also measure this existing build (before/after in one run)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as tmp:
        folders = build_variants(Path(tmp), args.levers, args.dist, args.baseline)
        sizes = {name: folder_bytes(folder) for name, folder in folders.items()}
        add_bare_page(folders["game"])
        mounts = {f"/{folder.name}/": folder for folder in folders.values()} | {"/bare/": folders["game"]}
        began = time.time()
        with StaticServer(mounts, CountingHandler) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pages: dict[str, dict[str, list[float]]] = {name: {} for name in [*folders, *BARE_PAGES]}
            urls = {name: (server.url(f"/{folder.name}/"), f"/{folder.name}/") for name, folder in folders.items()}
            urls |= {name: (server.url(f"/bare/{page}"), "/bare/") for name, page in BARE_PAGES.items()}
            try:
                # Alternate the pages, so that a busy moment of the machine hits all alike.
                for _ in range(args.runs):
                    for name, (url, mount) in urls.items():
                        for key, values in measure_loads(pw, url, mount, offline=name not in BARE_PAGES).items():
                            pages[name].setdefault(key, []).extend(values)
                game = urls["game"][0]
                play_longest = play_a_hand(browser, game) if args.decisions else None
                times = decision_times(browser, game, args.decisions, args.level) if args.decisions else []
            finally:
                browser.close()

    print(f"Browser benchmark: Chromium {CHROMIUM}, {args.runs} first+second visits per page, medians "
          f"({time.time() - began:.0f} s). cold: first visit (empty profile); warm: second visit (the game's "
          "from its service worker, bare from the HTTP cache); preview: warm visit, ms to the drawn resumed table; "
          "1st-visit MB: bytes the server sent until the service worker was active; peak MB: renderer "
          "(page + Python worker) peak RSS; task: longest main-thread task while starting")
    print_table(pages, sizes)
    print("  longest start-up task of each visit (start, and the hearts: mark before it):")
    for name, got in pages.items():
        if got.get("where"):
            print(f"    {name:24s} " + "; ".join(str(where) for where in got["where"]))
    if play_longest is not None:
        print(f"  longest main-thread task, playing a hand vs 3 strong bots at normal speed: {play_longest:.0f} ms")
    if times:
        print(f"  {args.level} bot decision in the browser ({len(times)} advance() calls, worker + bridge): "
              f"median {statistics.median(times):.0f} ms, p95 {p95(times):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
