"""Builds ``dist/``: one static folder that plays the game, at the root of a host or under any subpath.

Run ``python tools/build.py [--out DIR]`` after ``tools/setup.sh`` (it needs node_modules/).
Nothing in the result is fetched from another origin: the Pyodide and PyScript runtime
files are copied from node_modules/ (no source maps, typings or consoles), the ``hearts``
package travels as one zip that PyScript unpacks in the worker, and every URL is relative.

The build is the list :data:`STEPS`; each step is a function of a :class:`Build` and adds
its files. Later steps (a service worker, a manifest) append themselves to that list.

Layout of dist/::

    index.html                 the page (table shell, loading indicator), with preloads of PyScript's files
    static/css, static/js      the page's styles and ES modules
    static/locales/<lang>.json every player-facing string of one language (JSON modules of static/js/i18n.js)
    pyscript.json              PyScript config: the interpreter is static/js/boot/interpreter.mjs, no CDN
    static/js/boot/build.mjs   written here: where Pyodide and the package are, the snapshot's key
    py/worker.py               the worker entry: exposes hearts.table.api to the page
    py/hearts-<hash>.zip       the hearts package as the browser runs it: traced from py/worker.py,
                               byte-compiled for Pyodide's Python (content-hashed name)
    py/stdlib-<hash>.zip       Pyodide's standard library, the modules a start imports byte-compiled
    runtime/pyodide-<version>/ pyodide.mjs, pyodide.asm.{mjs,wasm}, pyodide-lock.json
                               (the pinned npm version in the name: its files never change under a URL)
    runtime/pyscript/          core.js, core.css and the chunks the page loads
    runtime/workbox/           workbox-window (registers the service worker)
    runtime/qrcode/            qrcode-generator's ES module (QR codes of the play-together invitations)
    static/cards/<card>.svg    the 52 card faces (tools/cards/extract.mjs, CC0 deck from node_modules/)
    static/icons/              app icons; manifest.{en,de}.webmanifest; embed.js (mounts the game in a site)
    sw.js                      the service worker: precaches every file above (tools/build_offline.py)
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from build_boot import PYODIDE_DIR, step_preloads, step_python  # tools/ is on sys.path: this file runs as a script
from build_offline import OFFLINE_STEPS

ROOT = Path(__file__).resolve().parents[1]
NODE = ROOT / "node_modules"

# Not python_stdlib.zip: the worker boots from a byte-compiled copy (build_boot.py's py/stdlib-<hash>.zip).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
# PyScript's dist/ chunks are named <name>-<hash>.js. The page loads core.js, its core chunk
# and the small plugin chunks core always imports (donkey, editor, game, terminal: a few kB
# each); the big ones behind them (codemirror, xterm, MicroPython, TOML, zip, the package
# graph) load only when such a tag or config is used, which this page never does (measured).
PYSCRIPT_CHUNKS = ("core", "deprecations-manager", "error", "donkey", "py-editor", "py-game", "py-terminal")
PYSCRIPT_STATIC = ("core.js", "core.css")


@dataclass
class Build:
    out: Path
    files: list[Path] = field(default_factory=list)  # every file written, relative to out
    without: frozenset[str] = frozenset()  # start-up levers left out (--without), to measure them

    def write(self, rel: str, data: bytes) -> Path:
        path = self.out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.files.append(Path(rel))
        return path

    def copy(self, src: Path, rel: str) -> None:
        self.write(rel, src.read_bytes())


def step_clean(b: Build) -> None:
    if b.out.exists():
        shutil.rmtree(b.out)
    b.out.mkdir(parents=True)


def step_page(b: Build) -> None:
    b.copy(ROOT / "index.html", "index.html")
    # Every file of static/ (the locale files too: static/locales/<lang>.json), not the notes for
    # translators there (README.md), which the service worker would otherwise precache.
    for src in sorted((ROOT / "static").rglob("*")):
        if src.is_file() and src.suffix != ".md":
            b.copy(src, src.relative_to(ROOT).as_posix())


def step_runtime(b: Build) -> None:
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("build: node_modules/ lacks pyodide or @pyscript/core: run `bash tools/setup.sh` first")
    for name in PYODIDE_FILES:
        b.copy(pyodide / name, f"{PYODIDE_DIR}/{name}")
    for name in PYSCRIPT_STATIC:
        b.copy(pyscript / name, f"runtime/pyscript/{name}")
    for src in sorted(pyscript.glob("*.js")):
        if src.stem.rsplit("-", 1)[0] in PYSCRIPT_CHUNKS and src.name not in PYSCRIPT_STATIC:
            b.copy(src, f"runtime/pyscript/{src.name}")


def step_qrcode(b: Build) -> None:
    # qrcode-generator (MIT, no dependencies, no source map): static/js/net/qr.js draws its matrix.
    b.copy(NODE / "qrcode-generator" / "dist" / "qrcode.mjs", "runtime/qrcode/qrcode.mjs")


def step_cards(b: Build) -> None:
    """The card faces as SVG files, one per card, from the pinned CC0 deck in node_modules/."""
    node = shutil.which("node")
    if node is None:
        sys.exit("build: node is needed for the card faces (tools/cards/extract.mjs)")
    out = b.out / "static" / "cards"
    subprocess.run([node, str(ROOT / "tools" / "cards" / "extract.mjs"), str(out)], check=True, cwd=ROOT)
    b.files.extend(sorted(p.relative_to(b.out) for p in out.rglob("*.svg")))


STEPS: list[Callable[[Build], None]] = [step_clean, step_page, step_runtime, step_python, step_qrcode, step_preloads,
                                       step_cards]
# Icons, manifests, embed.js and the service worker (tools/build_offline.py). Its sw.js step
# precaches every file written before it, so steps that add files go before OFFLINE_STEPS.
STEPS += OFFLINE_STEPS


LEVERS = ("snapshot", "pyc", "stdlib")


def build(out: Path, without: frozenset[str] = frozenset()) -> Build:
    b = Build(out, without=without)
    for step in STEPS:
        step(b)
    return b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--without", action="append", choices=LEVERS, default=[],
                        help="leave a start-up lever out (benchmarks): the memory snapshot, the byte-compiled "
                             "package zip, the byte-compiled standard library")
    args = parser.parse_args(argv)
    b = build(args.out.resolve(), frozenset(args.without))
    size = sum((b.out / f).stat().st_size for f in b.files)
    print(f"built {b.out} ({len(b.files)} files, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
