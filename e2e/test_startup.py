"""Start-up: the memory snapshot, its fallbacks, the preview of the resumed table, the browser zip.

static/js/boot/interpreter.mjs boots Pyodide and keeps a memory snapshot in Cache Storage
(``hearts-snapshot-<scope>``); later starts restore it. Any failure of that path must end in
a normal boot that plays, and a new build must never restore the old heap. The worker's
``boot`` command (py/worker.py) says how it started: ``made``, ``snapshot`` or ``plain``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from conftest import READY, ROOT, Table
from engines.game import BOOT_INFO
from helpers import plays
from offline_support import SETUP, Recording, Site, copy_build, guarded_context, new_version, open_table, poll

sys.path.insert(0, str(ROOT / "tools"))
import build_boot  # noqa: E402  (tools/ is not a package)

SNAPSHOTS = """async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('hearts-snapshot-'));
    if (!names.length) return [];
    const keys = await (await caches.open(names[0])).keys();
    return keys.map((r) => r.url.split('/').pop());
}"""
SNAPSHOT_SIZE = """(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('hearts-snapshot-'));
    const [request] = await (await caches.open(name)).keys();
    return request ? (await (await caches.open(name)).match(request).then((r) => r.arrayBuffer())).byteLength : 0;
})()"""
# Records the table at the moment the preview appears (before any later change can hide it).
PREVIEW_PROBE = """
window.__preview = null;
new MutationObserver(() => {
  if (window.__preview || document.body?.dataset.preview !== "1") return;
  const table = document.querySelector('#table');
  window.__preview = {
    ready: document.body.dataset.ready ?? null, inert: table.inert, turn: table.dataset.turn,
    phase: table.dataset.phase, starting: document.body.classList.contains('starting'),
    hand: [...document.querySelectorAll('#hand [data-card]')].map((n) => n.dataset.card),
    legal: document.querySelectorAll('#hand [data-legal="true"]').length,
    toolsInert: document.querySelector('.bar .actions').inert,
  };
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-preview']});
"""

# How many script animations (animate.js's deal; not CSS transitions) started on the hand's cards up to
# two frames after data-ready: the deal starts in the frame after the hand is drawn, before those frames.
# Counted as they start, so that a loaded machine that ends some of them before the probe looks still
# counts every card.
DEAL_PROBE = """
window.__handAnimations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.closest?.('#hand')) window.__handAnimations += 1;
  return animate.apply(this, args);
};
new MutationObserver((_, observer) => {
  if (document.body?.dataset.ready !== "1") return;
  observer.disconnect();
  requestAnimationFrame(() => requestAnimationFrame(() => { window.__dealt = window.__handAnimations; }));
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""


def restart(table: Table) -> None:
    """Reload and wait for Python: a normal boot on this shared machine can take far longer than a restore."""
    table.page.reload()
    table.page.wait_for_selector(READY, timeout=180_000)


def boot_info(page: Page) -> dict[str, Any]:
    """How the worker started, without its timing marks (the benchmarks read those)."""
    info = dict(page.evaluate(BOOT_INFO))
    assert isinstance(info.pop("marks"), dict)
    return info


def wait_for_snapshot(page: Page) -> list[str]:
    poll(page, f"({SNAPSHOTS})().then((keys) => keys.length > 0)")
    return list(page.evaluate(SNAPSHOTS))


def snapshot_key(folder: Path) -> str:
    match = re.search(r'SNAPSHOT_KEY = "([0-9a-f]+)"', (folder / "static/js/boot/build.mjs").read_text())
    assert match
    return match.group(1)


def put_snapshot(page: Page, body: str) -> None:
    """Replace the kept snapshot's bytes (``body`` is a JS expression of the bytes, given the old ones as ``old``)."""
    page.evaluate(f"""async () => {{
        const name = (await caches.keys()).find((n) => n.startsWith('hearts-snapshot-'));
        const cache = await caches.open(name);
        const [request] = await cache.keys();
        const old = new Uint8Array(await (await cache.match(request)).arrayBuffer());
        await cache.put(request, new Response({body}, {{headers: {{"x-test": "put"}}}}));
    }}""")


# True once the kept snapshot is no longer the one put_snapshot wrote (a new one was made and kept).
REPLACED = """(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('hearts-snapshot-'));
    const cache = name && await caches.open(name);
    const [request] = cache ? await cache.keys() : [];
    const response = request && await cache.match(request);
    return Boolean(response) && !response.headers.has('x-test');
})()"""


def test_second_start_restores_the_snapshot_and_plays(browser: Browser, dist: Path) -> None:
    Recording.asked = []
    with Site({"/hearts/": dist}, Recording) as site, guarded_context(browser, site) as (context, _):
        table = open_table(context, site.url("/hearts/" + SETUP))
        assert boot_info(table.page) == {"mode": "made", "fallback": None}
        # Python booted from the build's byte-compiled standard library, never from Pyodide's own.
        [stdlib] = (dist / "py").glob("stdlib-*.zip")
        assert f"/hearts/py/{stdlib.name}" in Recording.asked
        assert not [path for path in Recording.asked if "python_stdlib" in path]
        # This context's HTTP cache lives in memory, as a private window's, and does not keep the wasm; still
        # the first visit's offline copy fetched none of the large versioned files again (interpreter.mjs).
        [package] = (dist / "py").glob("hearts-*.zip")
        for name in ("pyodide.asm.wasm", package.name, stdlib.name):
            assert [path.rpartition("/")[2] for path in Recording.asked].count(name) == 1, name
        assert wait_for_snapshot(table.page) == [snapshot_key(dist)]
        hand = table.hand()
        restart(table)
        assert boot_info(table.page) == {"mode": "snapshot", "fallback": None}
        assert table.hand() == hand  # the autosave resumed in the restored Python
        plays(table)


def test_missing_or_corrupt_snapshot_falls_back_to_a_normal_boot(browser: Browser, dist: Path) -> None:
    with Site({"/hearts/": dist}) as site, guarded_context(browser, site) as (context, _):
        table = open_table(context, site.url("/hearts/" + SETUP))
        page = table.page
        wait_for_snapshot(page)

        # Missing: the snapshot cache is gone (storage cleared by the browser).
        page.evaluate("caches.keys().then((names) => Promise.all("
                      "names.filter((n) => n.startsWith('hearts-snapshot-')).map((n) => caches.delete(n))))")
        restart(table)
        assert boot_info(page) == {"mode": "made", "fallback": None}
        wait_for_snapshot(page)

        # Corrupt: garbage, then a real header with the heap cut short, then one flipped byte in the header.
        for body in ("new Uint8Array(4096).fill(7)", "old.slice(0, 1 << 20)",
                     "(() => { const b = old.slice(); b[20] ^= 0xff; return b; })()"):
            put_snapshot(page, body)
            restart(table)
            info = boot_info(page)
            assert info["mode"] == "made" and info["fallback"], (body, info)
            # The fallback made a good snapshot again: the next start restores it.
            poll(page, REPLACED)
            assert page.evaluate(SNAPSHOT_SIZE) > (16 << 20)
            restart(table)
            assert boot_info(page) == {"mode": "snapshot", "fallback": None}
        plays(table)


def test_a_heap_without_every_module_of_the_zip_is_refused(browser: Browser, dist: Path, tmp_path: Path) -> None:
    """A restore unpacks only PyScript's part of the zip (the heap holds the game's modules): a heap
    that lacks one of them (a module nothing imports at the start) would fail on its first use, so
    that snapshot is refused and the start boots normally."""
    folder = copy_build(dist, tmp_path / "hearts")
    [zip_path] = (folder / "py").glob("hearts-*.zip")
    with zipfile.ZipFile(zip_path, "a") as package:  # the same name: the build's key and links stay
        package.writestr("hearts/spare.pyc", package.read("hearts/deal.pyc"))
    new_version(folder, "spare")  # sw.js anew: it precaches the changed zip
    with Site({"/hearts/": folder}) as site, guarded_context(browser, site) as (context, _):
        table = open_table(context, site.url("/hearts/" + SETUP))
        wait_for_snapshot(table.page)
        restart(table)
        assert boot_info(table.page) == {"mode": "made", "fallback": "snapshot lacks hearts.spare"}
        plays(table)


def test_an_update_never_restores_the_old_snapshot(browser: Browser, dist: Path, tmp_path: Path) -> None:
    folder = copy_build(dist, tmp_path / "hearts")
    with Site({"/hearts/": folder}) as site, guarded_context(browser, site) as (context, _):
        table = open_table(context, site.url("/hearts/" + SETUP))
        page = table.page
        v1_key = snapshot_key(folder)
        assert wait_for_snapshot(page) == [v1_key]

        # v2: a new package gives a new key (see test_the_key_follows_the_package); sw.js anew.
        build_mjs = folder / "static/js/boot/build.mjs"
        v2_key = "f" * 32
        build_mjs.write_text(build_mjs.read_text().replace(v1_key, v2_key))
        new_version(folder, "v2")
        restart(table)
        expect(page.locator("#update-banner")).to_be_visible(timeout=60_000)
        assert boot_info(page)["mode"] == "snapshot"  # still v1, from its own snapshot
        with page.expect_navigation():
            page.click('[data-action="update-reload"]')
        page.wait_for_selector(READY, timeout=180_000)
        assert boot_info(page) == {"mode": "made", "fallback": None}
        poll(page, f"({SNAPSHOTS})().then((keys) => keys.join() === '{v2_key}')")
        restart(table)
        assert boot_info(page) == {"mode": "snapshot", "fallback": None}
        plays(table)


# Cache Storage stuck in the game's workers, as WebKit's has been (promises that never settle), put
# before the first line of interpreter.mjs: the stored snapshot's bytes never come (e2e/test_engines.py
# has the other case, a cache that never opens, in every engine).
STUCK_BYTES = """{
  const open = caches.open.bind(caches);
  caches.open = async (name) => {
    const cache = await open(name);
    const match = cache.match.bind(cache);
    cache.match = async (...args) => {
      const response = await match(...args);
      if (response) response.arrayBuffer = () => new Promise(() => {});
      return response;
    };
    return cache;
  };
}
"""
INTERPRETER = "static/js/boot/interpreter.mjs"


def test_a_stored_snapshot_whose_bytes_never_come_never_holds_the_start_up(browser: Browser, dist: Path,
                                                                          tmp_path: Path) -> None:
    """The first start makes and keeps a snapshot as always (writing is not stuck); the next start finds
    it, waits for its bytes until its limit, then boots without it and plays."""
    folder = copy_build(dist, tmp_path / "hearts")
    module = folder / INTERPRETER
    module.write_text(STUCK_BYTES + module.read_text())
    new_version(folder, "stuck")  # sw.js anew: it precaches the changed module
    with Site({"/hearts/": folder}) as site, guarded_context(browser, site) as (context, _):
        table = open_table(context, site.url("/hearts/" + SETUP))
        page = table.page
        wait_for_snapshot(page)
        restart(table)
        info = boot_info(page)
        assert info["mode"] == "made" and "the stored snapshot did not answer" in str(info["fallback"]), info
        plays(table)


def test_the_resumed_table_shows_read_only_before_python(browser: Browser, dist: Path) -> None:
    with Site({"/hearts/": dist}) as site, guarded_context(browser, site) as (context, _):
        table = open_table(context, site.url("/hearts/" + SETUP))
        page = table.page
        hand, phase = table.hand(), table.phase
        context.add_init_script(PREVIEW_PROBE)
        restart(table)
        seen = page.evaluate("window.__preview")
        assert seen == {"ready": None, "inert": True, "turn": "-1", "phase": phase, "starting": True,
                        "hand": hand, "legal": 0, "toolsInert": True}
        # Once Python is ready the table is live again.
        assert page.evaluate("document.body.dataset.preview") is None
        assert not page.evaluate("document.querySelector('#table').inert")
        plays(table)

        # A view kept by another build (perhaps another protocol) is never drawn. Rewritten as the next
        # page starts: rewritten now, a bot's move still on its way would keep the right build again.
        context.add_init_script("""(() => {
            const kept = JSON.parse(localStorage.getItem('hearts.view.v1') ?? 'null');
            const other = {...kept, build: 'hearts-000000000000.zip'};
            if (kept) localStorage.setItem('hearts.view.v1', JSON.stringify(other));
        })()""")
        restart(table)
        assert page.evaluate("window.__preview") is None



def test_the_resumed_hand_is_not_dealt_again(browser: Browser, dist: Path) -> None:
    """A new match deals its hand; the resumed table shows the hand the preview drew without a new deal."""
    with Site({"/hearts/": dist}) as site, guarded_context(browser, site) as (context, _):
        context.add_init_script(DEAL_PROBE)
        table = open_table(context, site.url("/hearts/" + SETUP.replace('"instant"', '"normal"')))
        page = table.page
        page.wait_for_function("window.__dealt !== undefined")
        assert page.evaluate("window.__dealt") == len(table.hand())  # the new match's hand came in dealt
        context.add_init_script(PREVIEW_PROBE)
        restart(table)
        page.wait_for_function("window.__dealt !== undefined")
        assert page.evaluate("window.__preview") is not None  # the preview drew the hand first
        assert page.evaluate("window.__dealt") == 0
        plays(table)

def test_the_browser_zip_holds_what_the_worker_runs(dist: Path) -> None:
    [zip_path] = (dist / "py").glob("hearts-*.zip")
    names = set(zipfile.ZipFile(zip_path).namelist())
    assert names and all(n.endswith(".pyc") for n in names)
    needed = {"hearts/__init__.pyc", "hearts/table/api.pyc", "hearts/table/session.pyc", "hearts/bots/strong.pyc"}
    assert needed <= names
    # PyScript's own package, compiled where its import looks first (PyScript writes the sources beside).
    assert {"pyscript/__pycache__/__init__.cpython-314.pyc", "pyscript/__pycache__/context.cpython-314.pyc"} <= names
    for left_out in ("hearts/cli.pyc", "hearts/console.pyc", "hearts/__main__.pyc", "hearts/bots/cli.pyc",
                     "hearts/bots/arena.pyc"):
        assert left_out not in names
    with zipfile.ZipFile(zip_path) as z:
        headers = {z.read(n)[:8] for n in names}
    # One Python version (Pyodide's magic number); flags 1: hash-based, unchecked (no timestamps).
    assert len({h[:4] for h in headers}) == 1 and {int.from_bytes(h[4:8], "little") for h in headers} == {1}


def test_the_key_follows_the_package(dist: Path) -> None:
    class Out:
        out = dist
        files = [p.relative_to(dist) for p in dist.rglob("*") if p.is_file()]
        without: frozenset[str] = frozenset()

        def write(self, rel: str, data: bytes) -> Path:
            raise AssertionError("computing the key writes nothing")

    [zip_path] = (dist / "py").glob("hearts-*.zip")
    package = zip_path.read_bytes()
    imports = build_boot.standard_imports(build_boot.pyscript_sources().values())
    assert build_boot.snapshot_key(Out(), package, imports) == snapshot_key(dist)
    assert build_boot.snapshot_key(Out(), package + b"\0", imports) != snapshot_key(dist)
    assert build_boot.snapshot_key(Out(), package, [*imports, "email"]) != snapshot_key(dist)
    Out.files = [f for f in Out.files if not f.name.startswith("stdlib-")]  # another standard library: a new key
    assert build_boot.snapshot_key(Out(), package, imports) != snapshot_key(dist)
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./static/js/boot/interpreter.mjs" and "files" not in config


# Boots the pinned Pyodide under Node from the build's standard library and package, as the worker does.
BOOT_FROM_BUILD = """
import fs from "node:fs";
import { loadPyodide } from "pyodide";
const [stdlib, zip] = process.argv.slice(1);
const pyodide = await loadPyodide({ stdLibURL: stdlib });
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(zip)), "zip", { extractDir: "." });
console.log(pyodide.runPython(`
import json, sys, encodings, dataclasses, hearts.table.api
answer = json.loads(hearts.table.api.call("new_match", '{"seed": 5}'))
json.dumps([m.__file__ for m in (json, encodings, dataclasses)] + [sorted(answer)])
`));
"""


def test_the_standard_library_is_byte_compiled(dist: Path) -> None:
    """py/stdlib-<hash>.zip is Pyodide's with the start's modules compiled (tools/boot/stdlib.mjs), and boots."""
    [stdlib] = (dist / "py").glob("stdlib-*.zip")
    [package] = (dist / "py").glob("hearts-*.zip")
    published = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").namelist()
    names = zipfile.ZipFile(stdlib).namelist()
    compiled = {n for n in names if n.endswith(".pyc")}
    # Nothing lost: every published entry is there, as it was or compiled in its place.
    assert sorted(n.removesuffix("c") if n in compiled else n for n in names) == sorted(published)
    # What Pyodide's start, the package (secrets) and PyScript (asyncio) import is compiled.
    assert {"encodings/__init__.pyc", "json/__init__.pyc", "dataclasses.pyc", "secrets.pyc",
            "asyncio/__init__.pyc"} <= compiled
    assert "email/__init__.py" in names  # ... and what no start imports stays a source
    with zipfile.ZipFile(stdlib) as z, zipfile.ZipFile(package) as p:
        headers = {z.read(n)[:8] for n in compiled}
        magic = {p.read(n)[:4] for n in p.namelist()}
    # The package's Python version (magic number); flags 1: hash-based, unchecked (no timestamps).
    assert {h[:4] for h in headers} == magic and {int.from_bytes(h[4:8], "little") for h in headers} == {1}
    done = subprocess.run(["node", "--input-type=module", "-e", BOOT_FROM_BUILD, str(stdlib), str(package)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    *files, answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert all(f.startswith("/lib/python314.zip/") and f.endswith(".pyc") for f in files), files
    assert "state" in answer and "error" not in answer  # the game runs on it
