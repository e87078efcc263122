"""Where the start-up time goes (a benchmark tool, not a test): a Chromium trace of the game's start.

For one new browser profile on disk (as tools/bench/browser.py), records a Chromium trace
(CDP ``Tracing``) of the first visit (cold) and of the second (warm: from the service
worker, after the memory snapshot is kept) and prints, for each:

- every main-thread task of the page over ``--over`` ms (default 50, the Long Tasks API's
  limit) between navigation and ``body[data-ready="1"]``, with the biggest pieces of work
  inside it (script evaluation and compilation with their URLs, function calls, style,
  layout, paint, garbage collection, HTML parsing, in ms) and the JavaScript functions most
  often on top of the CPU-profile samples in it (``js name file ×N``: N samples),
- the start-up timeline: every ``performance.mark()`` of the page and of its workers whose
  name starts with ``hearts:`` (static/js/main.js, bridge.js, boot/interpreter.mjs), in ms
  since navigation, with the thread that made it.

Run: ``.venv/bin/python tools/bench/start_trace.py [--dist DIR] [--runs N] [--over MS] [--save DIR]``
(builds dist/ first unless ``--dist`` names a build; ``--save`` keeps the trace JSON files, which
``--load FILE...`` prints again).
"""

from __future__ import annotations

import argparse
import base64
import json
import shutil
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, CDPSession, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import (  # noqa: E402  (a sibling script)
    CHROMIUM,
    CHROMIUM_ARGS,
    PROBE,
    READY_MESSAGE,
    build_dist,
    wait_offline_ready,
)

from static_server import QuietHandler, StaticServer  # noqa: E402  (browser.py put tools/ on the path)

CATEGORIES = [
    "toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "v8",
    "blink.user_timing", "loading", "blink", "disabled-by-default-v8.cpu_profiler",
]
# Work inside a task worth naming, and the argument that says which (a script's URL, an event's type).
NAMED_WORK = {
    "EvaluateScript": "url", "v8.evaluateModule": "url", "v8.compile": "url", "v8.compileModule": "url",
    "v8.produceModuleCache": "url", "FunctionCall": "url", "EventDispatch": "type", "TimerFire": "",
    "FireAnimationFrame": "", "ParseHTML": "", "UpdateLayoutTree": "", "Layout": "", "Paint": "",
    "PrePaint": "", "Layerize": "", "MajorGC": "", "MinorGC": "", "V8.GC_MARK_COMPACTOR": "",
    "ParseAuthorStyleSheet": "", "ScheduleStyleRecalculation": "", "HitTest": "",
    "V8.DeserializeContext": "", "v8.run": "", "ResourceReceivedData": "", "XHRReadyStateChange": "",
}
TASKS = ("ThreadControllerImpl::RunTask", "RunTask")


@dataclass
class Trace:
    """The events of one recorded visit, by thread."""

    events: list[dict[str, Any]]
    threads: dict[tuple[int, int], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for e in self.events:
            if e.get("ph") == "M" and e.get("name") == "thread_name":
                self.threads[(e["pid"], e["tid"])] = e["args"]["name"]

    def navigation_start(self) -> tuple[float, tuple[int, int]]:
        """When the visit's navigation started (µs) and on which thread: the page's renderer main thread.

        The trace also holds navigations of SVG images (each one a document of its own: no URL) and a new
        tab's about:blank.
        """
        for e in self.events:
            if e.get("name") != "navigationStart":
                continue
            if e.get("args", {}).get("data", {}).get("documentLoaderURL", "").startswith("http"):  # not about:blank
                return float(e["ts"]), (e["pid"], e["tid"])
        raise SystemExit("trace: no navigation of the page")

    def complete(self, thread: tuple[int, int]) -> list[dict[str, Any]]:
        return sorted((e for e in self.events if e.get("ph") == "X" and (e["pid"], e["tid"]) == thread),
                      key=lambda e: (e["ts"], -e.get("dur", 0)))

    def samples(self, thread: tuple[int, int]) -> list[tuple[float, str]]:
        """(µs, function) of each JavaScript CPU-profile sample on ``thread``: the innermost frame's name and file.

        A ``Profile`` event on the thread names a profile; its ``ProfileChunk`` events (by id) hold the call
        tree's new nodes and the samples, each a node id with the µs since the sample before.
        """
        clock = {e["id"]: float(e["args"]["data"].get("startTime", e["ts"])) for e in self.events
                 if e.get("name") == "Profile" and (e["pid"], e["tid"]) == thread}
        nodes: dict[tuple[str, int], str] = {}
        out = []
        for e in self.events:
            if e.get("name") != "ProfileChunk" or e.get("id") not in clock:
                continue
            data = e["args"]["data"]
            profile = data.get("cpuProfile", {})
            for node in profile.get("nodes", []):
                frame = node["callFrame"]
                where = frame.get("url", "").rsplit("/", 1)[-1]
                nodes[(e["id"], node["id"])] = f"{frame.get('functionName') or '(anonymous)'} {where}".strip()
            for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", []), strict=False):
                clock[e["id"]] += delta
                out.append((clock[e["id"]], nodes.get((e["id"], sample), "?")))
        return out

    def marks(self, pid: int) -> list[tuple[float, str, str]]:
        """(µs, name, thread) of every hearts: user-timing mark in the page's process."""
        out = []
        for e in self.events:
            if e.get("pid") == pid and e.get("cat") == "blink.user_timing" and str(e.get("name")).startswith("hearts:"):
                if e.get("ph") in ("R", "I", "n", "b"):
                    out.append((float(e["ts"]), e["name"], self.threads.get((e["pid"], e["tid"]), str(e["tid"]))))
        return sorted(out)


def work_label(event: dict[str, Any]) -> str:
    name = event["name"]
    key = NAMED_WORK.get(name, "")
    data = event.get("args", {}).get("data", {}) or event.get("args", {})
    detail = str(data.get(key, "") or data.get("functionName", "")) if key or name == "FunctionCall" else ""
    if "/" in detail:
        detail = detail.rsplit("/", 1)[1]
    return f"{name} {detail}".strip()


def long_tasks(trace: Trace, over_ms: float, until_ms: float) -> list[tuple[float, float, list[tuple[float, str]]]]:
    """(start ms, duration ms, [(ms, piece of work)]) of each page main-thread task over ``over_ms``."""
    origin, main = trace.navigation_start()
    events = trace.complete(main)
    samples = trace.samples(main)
    found = []
    ends = 0.0
    for task in events:
        if task["name"] not in TASKS or task["ts"] < ends:
            continue  # not a task, or one inside the task before (RunTask nests in ThreadControllerImpl::RunTask)
        ends = task["ts"] + task.get("dur", 0)
        if task.get("dur", 0) < over_ms * 1000:
            continue
        start = (task["ts"] - origin) / 1000
        if start < 0 or start > until_ms:
            continue
        found.append((start, task["dur"] / 1000, pieces(events, task) + sampled(samples, task)))
    return found


def sampled(samples: list[tuple[float, str]], task: dict[str, Any]) -> list[tuple[float, str]]:
    """The JavaScript functions most often on top of the CPU-profile samples inside ``task`` (count, "js name")."""
    inside = Counter(name for ts, name in samples if task["ts"] <= ts <= task["ts"] + task["dur"])
    return [(float(n), f"js {name} ×") for name, n in inside.most_common(4)]


def pieces(events: list[dict[str, Any]], task: dict[str, Any]) -> list[tuple[float, str]]:
    """The named work inside ``task``, summed by label (nested work counts in its own label too)."""
    end = task["ts"] + task["dur"]
    totals: dict[str, float] = defaultdict(float)
    for e in events:
        if e is task or e["ts"] < task["ts"] or e["ts"] + e.get("dur", 0) > end or e["name"] not in NAMED_WORK:
            continue
        totals[work_label(e)] += e.get("dur", 0) / 1000
    return sorted(((ms, label) for label, ms in totals.items() if ms >= 1), reverse=True)[:8]


def record(page: Page, session: CDPSession, url: str, save: Path | None, name: str) -> Trace:
    chunks: list[str] = []
    done: list[str] = []
    session.on("Tracing.tracingComplete", lambda params: done.append(params["stream"]))
    config = {"includedCategories": CATEGORIES, "recordMode": "recordAsMuchAsPossible"}
    session.send("Tracing.start", {"transferMode": "ReturnAsStream", "traceConfig": config})
    # Not wait_for_selector: Playwright would evaluate its injected script in the page first, a long task
    with page.expect_console_message(lambda message: message.text == READY_MESSAGE, timeout=180_000):
        page.goto(url)
    page.wait_for_timeout(500)  # the last frames after data-ready
    session.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    while True:
        chunk = session.send("IO.read", {"handle": done[0], "size": 1 << 22})
        chunks.append(base64.b64decode(chunk["data"]).decode() if chunk.get("base64Encoded") else chunk["data"])
        if chunk.get("eof"):
            break
    session.send("IO.close", {"handle": done[0]})
    path = (save or Path(tempfile.mkdtemp(prefix="hearts-trace-"))) / f"{name}.json"
    path.write_text("".join(chunks))
    trace = load(path)
    if not save:
        shutil.rmtree(path.parent)
    return trace


def ready_at(trace: Trace) -> float:
    """ms from navigation to the hearts:ready mark (main.js sets it with data-ready)."""
    origin, main = trace.navigation_start()
    return next(((ts - origin) / 1000 for ts, name, _ in trace.marks(main[0]) if name == "hearts:ready"), float("nan"))


def report(name: str, trace: Trace, over_ms: float) -> float:
    """Print the visit's long tasks and timeline; answer its longest main-thread task before ready (ms)."""
    origin, main = trace.navigation_start()
    ready = ready_at(trace)
    tasks = long_tasks(trace, over_ms, ready)
    print(f"{name}: ready at {ready:.0f} ms; main-thread tasks over {over_ms:g} ms before it: {len(tasks)}")
    for start, duration, work in tasks:
        # "js f file ×N": N CPU-profile samples had f on top; the other pieces are ms
        print(f"  task at {start:7.0f} ms, {duration:5.0f} ms: " + "; ".join(f"{label} {ms:.0f}" for ms, label in work))
    print("  timeline (ms since navigation, thread):")
    for ts, mark, thread in trace.marks(main[0]):
        print(f"    {(ts - origin) / 1000:7.0f}  {mark[len('hearts:'):]:28s} {thread}")
    return max((d for _, d, _ in long_tasks(trace, 0, ready)), default=0.0)


def visit_pair(context: BrowserContext, url: str, save: Path | None, run: int, over_ms: float) -> dict[str, float]:
    context.add_init_script(PROBE)  # says when data-ready appears (and notes long tasks: cheap)
    figures: dict[str, float] = {}
    for name in ("cold", "warm"):  # each in a new tab, as tools/bench/browser.py
        page = context.new_page()
        trace = record(page, context.new_cdp_session(page), url, save, f"{name}-{run}")
        figures[f"{name} longest task"] = report(f"run {run} {name}", trace, over_ms)
        figures[f"{name} ready"] = ready_at(trace)
        if name == "cold":
            wait_offline_ready(page)
        page.close()
    return figures


def load(path: Path) -> Trace:
    data = json.loads(path.read_text())
    return Trace(data["traceEvents"] if isinstance(data, dict) else data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one)")
    parser.add_argument("--runs", type=int, default=1, help="new profiles, each a cold and a warm visit (default 1)")
    parser.add_argument("--over", type=float, default=50.0, help="list main-thread tasks longer than this (ms)")
    parser.add_argument("--save", type=Path, help="keep the trace files (JSON, for chrome://tracing) here")
    parser.add_argument("--load", type=Path, nargs="+", help="only print the figures of trace files kept before")
    args = parser.parse_args(argv)
    if args.load:
        for path in args.load:
            report(path.stem, load(path), args.over)
        return 0
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    results: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory(prefix="hearts-trace-") as tmp:
        dist = build_dist(Path(tmp), args.dist.resolve() if args.dist else None)
        with StaticServer({"/hearts/": dist}, QuietHandler) as server, sync_playwright() as pw:
            for run in range(1, args.runs + 1):
                with tempfile.TemporaryDirectory(prefix="hearts-profile-") as profile:
                    context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM,
                                                                    args=CHROMIUM_ARGS)
                    try:
                        pair = visit_pair(context, server.url("/hearts/"), args.save, run, args.over)
                        for key, value in pair.items():
                            results[key].append(value)
                    finally:
                        context.close()
    print("medians: " + ", ".join(f"{key} {statistics.median(v):.0f} ms" for key, v in results.items())
)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
