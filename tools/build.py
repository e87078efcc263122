"""Builds ``dist/``: one static folder that plays the game, at the root of a host or under any subpath.

Run ``python tools/build.py [--out DIR]`` after ``tools/setup.sh`` (it needs node_modules/).
Nothing in the result is fetched from another origin: the Pyodide and PyScript runtime
files are copied from node_modules/ (no source maps, typings or consoles), the ``hearts``
package travels as one zip that PyScript unpacks in the worker, and every URL is relative.

The build is the list :data:`STEPS`; each step is a function of a :class:`Build` and adds
its files. Later steps (a service worker, a manifest) append themselves to that list.

Layout of dist/::

    index.html                 the page (table shell, loading indicator)
    static/css, static/js      the page's styles and ES modules
    pyscript.json              PyScript config: interpreter path, files to unpack, no CDN
    py/worker.py               the worker entry: exposes hearts.table.api to the page
    py/hearts-<hash>.zip       the hearts package (content-hashed name: a new build is a new URL)
    runtime/pyodide/           pyodide.mjs, pyodide.asm.{mjs,wasm}, python_stdlib.zip, pyodide-lock.json
    runtime/pyscript/          core.js, core.css and the chunks the page loads
    runtime/workbox/           workbox-window (registers the service worker)
    static/icons/              app icons; manifest.{en,de}.webmanifest; embed.js (mounts the game in a site)
    sw.js                      the service worker: precaches every file above (tools/build_offline.py)
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import shutil
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from build_offline import OFFLINE_STEPS  # tools/ is on sys.path: this file runs as a script

ROOT = Path(__file__).resolve().parents[1]
NODE = ROOT / "node_modules"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
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
    for src in sorted((ROOT / "static").rglob("*")):
        if src.is_file():
            b.copy(src, src.relative_to(ROOT).as_posix())


def step_runtime(b: Build) -> None:
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("build: node_modules/ lacks pyodide or @pyscript/core: run `bash tools/setup.sh` first")
    for name in PYODIDE_FILES:
        b.copy(pyodide / name, f"runtime/pyodide/{name}")
    for name in PYSCRIPT_STATIC:
        b.copy(pyscript / name, f"runtime/pyscript/{name}")
    for src in sorted(pyscript.glob("*.js")):
        if src.stem.rsplit("-", 1)[0] in PYSCRIPT_CHUNKS and src.name not in PYSCRIPT_STATIC:
            b.copy(src, f"runtime/pyscript/{src.name}")


def package_zip() -> bytes:
    """The hearts package as a zip with fixed timestamps, so the same sources give the same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for src in sorted((ROOT / "py" / "hearts").rglob("*")):
            if src.is_file() and "__pycache__" not in src.parts and src.suffix in (".py", ".typed"):
                info = zipfile.ZipInfo(src.relative_to(ROOT / "py").as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, src.read_bytes())
    return buf.getvalue()


def step_python(b: Build) -> None:
    data = package_zip()
    name = f"py/hearts-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    b.write(name, data)
    b.copy(ROOT / "py" / "worker.py", "py/worker.py")
    config = {
        # Relative to this file: without it PyScript would load Pyodide from a CDN.
        "interpreter": "./runtime/pyodide/pyodide.mjs",
        "files": {f"./{name}": "./*"},
        # Only the page calls the worker; no SharedArrayBuffer (no COOP/COEP headers) needed.
        "sync_main_only": True,
    }
    b.write("pyscript.json", (json.dumps(config, indent=2) + "\n").encode())


STEPS: list[Callable[[Build], None]] = [step_clean, step_page, step_runtime, step_python]
# Icons, manifests, embed.js and the service worker (tools/build_offline.py). Its sw.js step
# precaches every file written before it, so steps that add files go before OFFLINE_STEPS.
STEPS += OFFLINE_STEPS


def build(out: Path) -> Build:
    b = Build(out)
    for step in STEPS:
        step(b)
    return b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    args = parser.parse_args(argv)
    b = build(args.out.resolve())
    size = sum((b.out / f).stat().st_size for f in b.files)
    print(f"built {b.out} ({len(b.files)} files, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
