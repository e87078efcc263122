"""Build steps for a fast start (tools/build.py's STEPS): what the browser's Python boots from.

- :func:`step_python`: ``py/hearts-<hash>.zip``, the package as the browser runs it: only the
  modules ``py/worker.py`` imports (traced, so no CLI, arena or benchmark code), byte-compiled
  for Pyodide's Python by ``tools/boot/pyc.mjs`` (sources are not shipped); ``py/worker.py``;
  ``static/js/boot/build.mjs`` (where Pyodide and the zip are, and the key of the memory
  snapshot static/js/boot/interpreter.mjs keeps); ``pyscript.json``.

The snapshot key is a hash of everything a snapshot depends on (the Pyodide files, the zip,
the module that makes it): any change of one of them is a new key, and the page makes a new
snapshot instead of restoring a stale one.
"""

from __future__ import annotations

import hashlib
import io
import json
import modulefinder
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

ROOT = Path(__file__).resolve().parents[1]
PY = ROOT / "py"
PYODIDE_VERSION = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"] \
    if (ROOT / "node_modules" / "pyodide" / "package.json").is_file() else "missing"
# The pinned npm version names the folder: its files never change under one URL, so the service
# worker may fill its precache from the HTTP cache the page already filled (tools/sw/generate.mjs).
PYODIDE_DIR = f"runtime/pyodide-{PYODIDE_VERSION}"
INTERPRETER = "static/js/boot/interpreter.mjs"
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # zip entries: the same sources give the same bytes


class Output(Protocol):
    """What a step needs of tools/build.py's Build (kept structural: build.py runs as __main__)."""

    out: Path
    files: list[Path]
    without: frozenset[str]

    def write(self, rel: str, data: bytes) -> Path: ...


def browser_modules() -> list[Path]:
    """The package's files that py/worker.py imports, directly or not (function-level imports too)."""
    finder = modulefinder.ModuleFinder(path=[str(PY)])
    finder.run_script(str(PY / "worker.py"))
    found = (getattr(module, "__file__", None) for name, module in finder.modules.items() if name.startswith("hearts"))
    files = {Path(path) for path in found if path}
    return sorted(f.relative_to(PY) for f in files)


def compile_for_pyodide(folder: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build: node is needed to byte-compile for Pyodide (tools/boot/pyc.mjs)")
    subprocess.run([node, str(ROOT / "tools" / "boot" / "pyc.mjs"), str(folder)], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)


def zip_files(folder: Path, names: Iterable[str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(names):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, (folder / name).read_bytes())
    return buf.getvalue()


def package_zip(pyc: bool = True) -> bytes:
    """The browser's package zip: the traced modules, as .pyc (or as sources with ``pyc=False``)."""
    modules = browser_modules()
    with tempfile.TemporaryDirectory(prefix="hearts-pyc-") as tmp:
        folder = Path(tmp)
        for rel in modules:
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(PY / rel, folder / rel)
        if not pyc:
            return zip_files(folder, (rel.as_posix() for rel in modules))
        compile_for_pyodide(folder)
        return zip_files(folder, (rel.as_posix() + "c" for rel in modules))


def snapshot_key(b: Output, package: bytes) -> str:
    digest = hashlib.sha256(package)
    for rel in sorted(f for f in b.files if f.as_posix().startswith(PYODIDE_DIR + "/")):
        digest.update((b.out / rel).read_bytes())
    digest.update((b.out / INTERPRETER).read_bytes())
    return digest.hexdigest()[:32]


def build_module(package: str, key: str | None) -> str:
    """static/js/boot/build.mjs: the build's facts for interpreter.mjs (URLs relative to it)."""
    up = "../../../"
    return "\n".join([
        "// Written by tools/build_boot.py for static/js/boot/ (interpreter.mjs, preview.js): do not edit.",
        f'export const PYODIDE_URL = new URL("{up}{PYODIDE_DIR}/", import.meta.url).href;',
        f'export const PACKAGE_URL = new URL("{up}{package}", import.meta.url).href;',
        "// null: no memory snapshot (a build made with --without snapshot)",
        f"export const SNAPSHOT_KEY = {json.dumps(key)};",
        "",
    ])


def step_python(b: Output) -> None:
    data = package_zip(pyc="pyc" not in b.without)
    name = f"py/hearts-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    b.write(name, data)
    b.write("py/worker.py", (PY / "worker.py").read_bytes())
    key = None if "snapshot" in b.without else snapshot_key(b, data)
    b.write("static/js/boot/build.mjs", build_module(name, key).encode())
    config = {
        # Relative to this file. Our module wraps Pyodide's loadPyodide (memory snapshot, package
        # unpacking); without an interpreter PyScript would load Pyodide from a CDN.
        "interpreter": f"./{INTERPRETER}",
        # Only the page calls the worker; no SharedArrayBuffer (no COOP/COEP headers) needed.
        "sync_main_only": True,
    }
    b.write("pyscript.json", (json.dumps(config, indent=2) + "\n").encode())
