"""Engines benchmark (not a test): the game's start and the strong bot in Chromium, Firefox ESR and WebKitGTK.

Each engine is driven as in the cross-engine suite (e2e/engines: Chromium through Playwright, in a
profile on disk as tools/bench/browser.py does; Firefox ESR through puppeteer-core; WebKitGTK's
MiniBrowser through WebKitWebDriver), the engines taking turns run by run, so that a busy moment
of the machine hits all alike. For each engine it prints:

- start: cold (a new profile's first visit) and warm (the same tab reloaded once the service
  worker controls it and the memory snapshot is kept), ms from navigation to the page's own
  ``hearts:ready`` mark, and the steps between the page's marks (static/js/main.js, bridge.js):
  the page's modules until PyScript's worker exists, the worker's start until Python answers,
  the first answer, the table drawn;
- boot: the game's interpreter module (static/js/boot/interpreter.mjs) run alone in a module worker
  of a bench page, its own ``hearts:`` marks and the time spent in ``WebAssembly`` calls: a normal
  boot ("made"), then after a snapshot is made, a restore ("snapshot"); and the wasm module's
  compile alone (``compileStreaming``);
- bots: tools/bench/bots_timing.py run inside the same Pyodide in a worker of the bench page with
  the product's wall-clock cap (``SearchConfig.time_cap``): the strong bot's work units per ms, median and
  p95 ms per decision and how many decisions ran into the cap (and so did less work than on
  CPython); and the strong bot through the game's own worker: ``advance`` calls timed in the page
  (decision + the worker round trip), median and p95.

Run: ``.venv/bin/python tools/bench/web_engines.py [--runs N] [--hands N] [--decisions N]
[--engines chromium,firefox,webkit] [--dist DIR]`` (builds dist/ unless ``--dist`` names a build).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
import urllib.parse
import zipfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "e2e"), str(Path(__file__).resolve().parent)]
from browser import CHROMIUM, CHROMIUM_ARGS, DECISIONS, build_dist, p95  # noqa: E402  (a sibling script)

from engines.chromium import ChromiumTab  # noqa: E402
from engines.driver import ENGINES, Engine, Tab  # noqa: E402
from engines.firefox import Firefox  # noqa: E402
from engines.game import BOOT_INFO, OFFLINE_READY, READY  # noqa: E402
from engines.webkit import WebKit  # noqa: E402
from hearts.bots.search.pimc import SearchConfig  # noqa: E402
from static_server import StaticServer  # noqa: E402  (browser.py put tools/ on the path)

GAME = "/hearts/"
BENCH = "/bench/"
SETUP = {"seed": 5, "bots": "easy", "speed": "instant", "clock": 0}
# The page's start-up marks, in order: each step is the time from one to the next.
PAGE_MARKS = ("boot", "pyscript-core", "worker-created", "python-ready", "first-answer", "table-drawn", "ready")
MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('hearts:')).map((m) => [m.name.slice(7), m.startTime]))"""

# The bench page: each task in a module worker of its own, its answer handed to the driver.
BENCH_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>engines bench</title>
<script type="module" src="./bench.js"></script></head><body></body></html>
"""
BENCH_JS = """window.benchRun = (task) => new Promise((resolve) => {
  const worker = new Worker(new URL("./bench-worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
  worker.onerror = (event) => { worker.terminate(); resolve({ error: String(event.message) }); };
  worker.postMessage(task);
});
document.body.dataset.ready = "1";
"""
# Times every WebAssembly compile/instantiate call of the task (Pyodide's among them), then runs it.
BENCH_WORKER = """const spans = [];
for (const name of ["compile", "compileStreaming", "instantiate", "instantiateStreaming"]) {
  const original = WebAssembly[name].bind(WebAssembly);
  WebAssembly[name] = async (...args) => {
    const start = performance.now();
    try { return await original(...args); } finally { spans.push([`wasm ${name}`, start, performance.now()]); }
  };
}
const build = (game) => import(`${game}static/js/boot/build.mjs`);
const RUN = `
import os, runpy, sys
os.chdir("/repo")
sys.argv = list(script_argv)
sys.path.insert(0, os.path.dirname(sys.argv[0]))
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    status = 0
except SystemExit as done:
    status = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
status
`;
const TASKS = {
  async boot({ game }) {
    const { loadPyodide } = await import(`${game}static/js/boot/interpreter.mjs`);
    await loadPyodide({});
    return JSON.parse(globalThis.heartsBoot);
  },
  async make({ game }) {
    globalThis.heartsSnapshotMaker = true;
    const { makeSnapshot } = await import(`${game}static/js/boot/interpreter.mjs`);
    await makeSnapshot();
    return "kept";
  },
  async compile({ game }) {
    const { PYODIDE_URL } = await build(game);
    await WebAssembly.compileStreaming(fetch(`${PYODIDE_URL}pyodide.asm.wasm`));
    return "compiled";
  },
  async bots({ game, repo, argv }) {
    const { PYODIDE_URL, STDLIB_URL } = await build(game);
    const { loadPyodide } = await import(`${PYODIDE_URL}pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL: PYODIDE_URL, stdLibURL: STDLIB_URL });
    const lines = [];
    pyodide.setStdout({ batched: (line) => lines.push(line) });
    pyodide.setStderr({ batched: (line) => lines.push(line) });
    pyodide.unpackArchive(await (await fetch(repo)).arrayBuffer(), "zip", { extractDir: "/repo" });
    pyodide.globals.set("script_argv", pyodide.toPy(argv));
    return { status: await pyodide.runPythonAsync(RUN), lines };
  },
};
onmessage = async ({ data }) => {
  const start = performance.now();
  try {
    const value = await TASKS[data.task](data);
    const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("hearts:"))
      .map((m) => [m.name.slice(7), m.startTime - start]);
    const times = spans.map(([name, from, to]) => [name, from - start, to - from]);
    postMessage({ value, total: performance.now() - start, marks, spans: times });
  } catch (error) {
    postMessage({ error: String(error?.stack ?? error) });
  }
};
"""
SNAPSHOT_SEEN = """async () => {
  for (const name of await caches.keys())
    if (name.startsWith('hearts-snapshot-') && (await (await caches.open(name)).keys()).length) return true;
  return false;
}"""
ALL_ROW = re.compile(r"^all\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+[\d.]+\s+[\d.]+\s+(\d+)$", re.M)
PACE = re.compile(r"([\d.]+) work units \(card plays\) per CPU ms; cap (\d+) ms")

Figures = dict[str, list[float]]


class ChromiumProfiles(Engine):
    """Chromium with each tab in a persistent profile on disk (as a person's, and as tools/bench/browser.py):
    an incognito context keeps its HTTP cache in memory, too small to cache the compiled wasm."""

    name = "chromium"
    webrtc = True

    def __init__(self, pw: Playwright) -> None:
        self.pw = pw
        self.profiles = Path(tempfile.mkdtemp(prefix="hearts-bench-chromium-"))
        self.made = 0

    def new_tab(self) -> Tab:
        self.made += 1
        context = self.pw.chromium.launch_persistent_context(
            str(self.profiles / str(self.made)), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 800})
        return ChromiumTab(context)

    def close(self) -> None:
        shutil.rmtree(self.profiles, ignore_errors=True)


def repo_zip() -> bytes:
    """The package's sources and the benchmark scripts, for the bench worker's /repo."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for path in [*(ROOT / "py" / "hearts").rglob("*.py"), *(ROOT / "tools" / "bench").glob("*.py")]:
            z.write(path, str(path.relative_to(ROOT)))
    return out.getvalue()


def bench_folder(folder: Path) -> Path:
    folder.mkdir()
    (folder / "bench.html").write_text(BENCH_HTML)
    (folder / "bench.js").write_text(BENCH_JS)
    (folder / "bench-worker.mjs").write_text(BENCH_WORKER)
    (folder / "repo.zip").write_bytes(repo_zip())
    return folder


@contextmanager
def opened(engine: Engine) -> Iterator[Tab]:
    tab = engine.new_tab()
    try:
        yield tab
    finally:
        tab.close()


def marks_after_ready(tab: Tab) -> dict[str, float]:
    tab.wait_for(READY, timeout=300, what="data-ready")
    tab.wait_for("() => performance.getEntriesByName('hearts:ready').length > 0", timeout=60)
    return {str(k): float(v) for k, v in tab.evaluate(MARKS).items()}


def measure_start(engine: Engine, site: StaticServer, decisions: int) -> Figures:
    """A cold and a warm start in a new profile (steps between the page's marks), then decisions."""
    out: Figures = {}
    with opened(engine) as tab:
        tab.goto(site.url(GAME) + "?setup=" + urllib.parse.quote(json.dumps(SETUP)))
        add_start(out, "cold", marks_after_ready(tab))
        add_worker_marks(out, "cold", tab)
        tab.wait_for(OFFLINE_READY, timeout=300, what="service worker and snapshot")
        tab.reload()
        add_start(out, "warm", marks_after_ready(tab))
        add_worker_marks(out, "warm", tab)
        if decisions:
            out["decisions"] = [float(t) for t in tab.evaluate(DECISIONS, [decisions, "strong"])]
    return out


def add_start(out: Figures, visit: str, marks: dict[str, float]) -> None:
    out.setdefault(visit, []).append(marks["ready"])
    if "preview" in marks:
        out.setdefault(f"{visit} preview", []).append(marks["preview"])
    for before, after in zip(PAGE_MARKS, PAGE_MARKS[1:]):
        if before in marks and after in marks:
            out.setdefault(f"{visit} {before}→{after}", []).append(marks[after] - marks[before])


def add_worker_marks(out: Figures, visit: str, tab: Tab) -> None:
    """The game worker's own start-up marks (static/js/boot/interpreter.mjs), ms since the worker began."""
    for name, at in dict(tab.evaluate(BOOT_INFO)).get("marks", {}).items():
        out.setdefault(f"{visit} worker @{name}", []).append(float(at))


def run_task(tab: Tab, task: dict[str, Any]) -> dict[str, Any]:
    answer = dict(tab.evaluate("(task) => window.benchRun(task)", task))
    if "error" in answer:
        raise SystemExit(f"{tab.engine}: bench task {task['task']} failed: {answer['error']}")
    return answer


def measure_boot(engine: Engine, site: StaticServer) -> Figures:
    """The interpreter module alone: a normal boot, a snapshot made, a restore; the wasm compile alone."""
    out: Figures = {}
    game = site.url(GAME)
    with opened(engine) as tab:
        tab.goto(site.url(BENCH) + "bench.html")
        tab.wait_for(READY, timeout=60)
        for label, task in (("compile", "compile"), ("made", "boot"), ("", "make"), ("snapshot", "boot")):
            answer = run_task(tab, {"task": task, "game": game})
            if not label:  # the snapshot is made: once the page sees it kept, the next boot restores it
                tab.wait_for(SNAPSHOT_SEEN, timeout=120, what="the snapshot in Cache Storage")
                continue
            if task == "boot" and answer["value"]["mode"] != label:
                out.setdefault(f"{label}: booted {answer['value']['mode']} instead", []).append(1)
                continue
            out.setdefault(f"{label} total", []).append(float(answer["total"]))
            for name, at in answer["marks"]:
                out.setdefault(f"{label} @{name}", []).append(float(at))
            for name, _, took in answer["spans"]:
                out.setdefault(f"{label} {name}", []).append(float(took))
    return out


def measure_bots(engine: Engine, site: StaticServer, hands: int) -> Figures:
    """tools/bench/bots_timing.py inside Pyodide in this engine, with the product's wall-clock cap."""
    with opened(engine) as tab:
        tab.goto(site.url(BENCH) + "bench.html")
        tab.wait_for(READY, timeout=60)
        argv = ["tools/bench/bots_timing.py", "--hands", str(hands), "--time-cap", str(SearchConfig().time_cap)]
        answer = run_task(tab, {"task": "bots", "game": site.url(GAME), "repo": site.url(BENCH) + "repo.zip",
                                "argv": argv})
    text = "\n".join(answer["value"]["lines"])
    row, pace = ALL_ROW.search(text), PACE.search(text)
    if answer["value"]["status"] != 0 or not row or not pace:
        raise SystemExit(f"{engine.name}: bots_timing.py failed:\n{text}")
    n, median, p95_ms, worst, capped = row.groups()
    return {"bots work/ms": [float(pace.group(1))], "bots median": [float(median)], "bots p95": [float(p95_ms)],
            "bots max": [float(worst)], "bots capped": [float(capped)], "bots n": [float(n)]}


def start_engines(names: list[str], pw: Playwright, stack: ExitStack) -> dict[str, Engine]:
    makers: dict[str, Callable[[], Engine]] = {"chromium": lambda: ChromiumProfiles(pw), "firefox": Firefox,
                                               "webkit": WebKit}
    engines: dict[str, Engine] = {}
    for name in names:
        engines[name] = makers[name]()
        stack.callback(engines[name].close)
    return engines


def print_figures(figures: dict[str, Figures]) -> None:
    names = list(figures)
    keys = list(dict.fromkeys(key for got in figures.values() for key in got))
    print(f"  {'median (runs)':44s}" + "".join(f"{name:>22s}" for name in names))
    for key in keys:
        cells = []
        for name in names:
            values = figures[name].get(key)
            if not values:
                cells.append(f"{'-':>22s}")
            elif key == "decisions":
                cells.append(f"{f'{statistics.median(values):.0f} / p95 {p95(values):.0f} ({len(values)})':>22s}")
            else:
                runs = ",".join(f"{v:.0f}" for v in values) if len(values) > 1 else ""
                cells.append(f"{f'{statistics.median(values):.0f}' + (f' ({runs})' if runs else ''):>22s}")
        print(f"  {key:44s}" + "".join(cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold+warm starts and boots per engine (default 3)")
    parser.add_argument("--hands", type=int, default=8, help="hands of bots_timing.py per engine (0: none)")
    parser.add_argument("--decisions", type=int, default=60, help="strong decisions through the game's worker")
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated (default: all three)")
    parser.add_argument("--parts", default="start,boot,bots", help="what to measure (default: start,boot,bots)")
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one)")
    args = parser.parse_args(argv)
    names = [name for name in args.engines.split(",") if name]
    parts = set(args.parts.split(","))
    began = time.time()
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as tmp, ExitStack() as stack:
        dist = build_dist(Path(tmp), args.dist)
        bench = bench_folder(Path(tmp) / "bench")
        pw = stack.enter_context(sync_playwright())
        engines = start_engines(names, pw, stack)
        figures: dict[str, Figures] = {name: {} for name in names}
        for run in range(args.runs):
            for name, engine in engines.items():  # the engines take turns, run by run
                # A server of its own for each run: a new origin, nothing kept from another run.
                with StaticServer({GAME: engine.serve(dist), BENCH: bench}) as site:
                    got = measure_start(engine, site, args.decisions if run == 0 else 0) if "start" in parts else {}
                    if "boot" in parts:
                        got |= measure_boot(engine, site)
                    if "bots" in parts and run == 0 and args.hands:
                        got |= measure_bots(engine, site, args.hands)
                for key, values in got.items():
                    figures[name].setdefault(key, []).extend(values)
    print(f"Engines benchmark: {args.runs} runs per engine, medians in ms ({time.time() - began:.0f} s). "
          "start: navigation → hearts:ready, and the steps between the page's marks; boot: the interpreter "
          "module alone in a worker (@mark: ms since the task began; wasm: time in WebAssembly calls); "
          f"bots: tools/bench/bots_timing.py --hands {args.hands} --time-cap {SearchConfig().time_cap:g} inside the "
          "engine's Pyodide; "
          "decisions: advance() through the game's worker, median / p95 (count)")
    print_figures(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
