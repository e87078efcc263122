"""Build steps for a fast start (tools/build.py's STEPS): what the browser's Python boots from.

- :func:`step_python`: ``py/hearts-<hash>.zip``, the package as the browser runs it: only the
  modules ``py/worker.py`` imports (traced, so no CLI, arena or benchmark code), byte-compiled
  for Pyodide's Python by ``tools/boot/pyc.mjs`` (sources are not shipped), and PyScript's own
  ``pyscript`` package byte-compiled into ``pyscript/__pycache__/`` (see :func:`pyscript_sources`);
  ``py/worker.py``; ``static/js/boot/build.mjs`` (where Pyodide and the zip are, the key of the
  memory snapshot static/js/boot/interpreter.mjs keeps, the standard modules it imports into
  the snapshot); ``pyscript.json``.
- ``py/stdlib-<hash>.zip``: Pyodide's standard library with the modules a start imports
  byte-compiled (``tools/boot/stdlib.mjs``; npm's python_stdlib.zip holds sources only, which
  every start would compile again: the larger part of Python's own boot). interpreter.mjs boots from
  it (``stdLibURL``); the runtime folder keeps Pyodide's files otherwise as published.

The snapshot key is a hash of everything a snapshot depends on (the Pyodide files, the zip,
the module that makes it): any change of one of them is a new key, and the page makes a new
snapshot instead of restoring a stale one.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import modulefinder
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
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
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core"
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


def run_node(script: str, *args: str) -> None:
    """Run one of tools/boot/'s Node scripts (they drive the pinned Pyodide from node_modules/)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit(f"build: node is needed to byte-compile for Pyodide (tools/boot/{script})")
    subprocess.run([node, str(ROOT / "tools" / "boot" / script), *args], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)


def compile_for_pyodide(folder: Path, pycache: bool = False) -> None:
    run_node("pyc.mjs", str(folder), *(["--pycache"] if pycache else []))


def stdlib_zip(package: bytes, imports: Sequence[str], compiled: bool = True) -> bytes:
    """The standard library the browser boots from: Pyodide's, with what a start imports byte-compiled
    (the game's package, ``imports`` and Pyodide's own start; ``compiled=False``: as published)."""
    published = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    if not compiled:
        return published.read_bytes()
    with tempfile.TemporaryDirectory(prefix="hearts-stdlib-") as tmp:
        (Path(tmp) / "package.zip").write_bytes(package)
        run_node("stdlib.mjs", str(Path(tmp) / "stdlib.zip"), str(Path(tmp) / "package.zip"), *imports)
        return (Path(tmp) / "stdlib.zip").read_bytes()


def pyscript_sources() -> dict[str, str]:
    """PyScript's ``pyscript`` package (path → source) exactly as the shipped core chunk writes it in the worker.

    At every start PyScript writes these files and imports them (``import pyscript``) before
    py/worker.py runs: compiled from source in the browser, that would cost a warm start more
    than restoring the snapshot. Compiled here into ``pyscript/__pycache__/`` of our zip (unpacked
    before PyScript writes the sources), the import reads them instead. The sources are taken
    from @pyscript/core's generated ``src/stdlib/pyscript.js`` and each must appear, as a JSON
    string, in the ``dist/core-*.js`` the page loads: a PyScript whose chunk differs fails the build.
    """
    module = (PYSCRIPT / "src" / "stdlib" / "pyscript.js").read_text()
    tree = json.loads(module[module.index("export default") + len("export default"):].strip().rstrip(";"))
    chunk = "".join(p.read_text() for p in (PYSCRIPT / "dist").glob("core-*.js"))
    sources = {}

    def walk(node: dict[str, object], prefix: str) -> None:
        for name, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{name}/")
            elif isinstance(value, str):
                if json.dumps(value, ensure_ascii=False) not in chunk:
                    raise SystemExit(f"build: PyScript's core chunk does not write {prefix}{name} as its stdlib says")
                sources[prefix + name] = value

    walk(tree, "")
    return sources


def standard_imports(sources: Iterable[str]) -> list[str]:
    """The standard-library modules the sources import when they are imported (not inside functions)."""
    found: set[str] = set()
    for source in sources:
        pending: list[ast.AST] = [ast.parse(source)]
        while pending:
            node = pending.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
            pending.extend(ast.iter_child_nodes(node))
    return sorted(name for name in found if name.split(".")[0] in sys.stdlib_module_names)


def zip_files(folder: Path, names: Iterable[str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(names):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, (folder / name).read_bytes())
    return buf.getvalue()


def package_zip(pyc: bool = True) -> bytes:
    """The browser's package zip: the traced modules, as .pyc (or as sources with ``pyc=False``), and
    (with ``pyc``) PyScript's package compiled into its ``__pycache__``."""
    modules = browser_modules()
    with tempfile.TemporaryDirectory(prefix="hearts-pyc-") as tmp:
        folder = Path(tmp) / "hearts"
        for rel in modules:
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(PY / rel, folder / rel)
        if not pyc:
            return zip_files(folder, (rel.as_posix() for rel in modules))
        compile_for_pyodide(folder)
        pyscript = Path(tmp) / "pyscript"
        for name, source in pyscript_sources().items():
            (pyscript / name).parent.mkdir(parents=True, exist_ok=True)
            (pyscript / name).write_text(source, encoding="utf-8")
        compile_for_pyodide(pyscript, pycache=True)
        compiled = [cached.relative_to(pyscript) for cached in pyscript.rglob("*.pyc")]
        for rel in compiled:
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(pyscript / rel, folder / rel)
        return zip_files(folder, [rel.as_posix() + "c" for rel in modules] + [rel.as_posix() for rel in compiled])


def snapshot_key(b: Output, package: bytes, imports: Sequence[str] = ()) -> str:
    digest = hashlib.sha256(package)
    digest.update(json.dumps(list(imports)).encode())
    runtime = (PYODIDE_DIR + "/", "py/stdlib-")  # Pyodide's files and the standard library it boots from
    for rel in sorted(f for f in b.files if f.as_posix().startswith(runtime)):
        digest.update((b.out / rel).read_bytes())
    digest.update((b.out / INTERPRETER).read_bytes())
    return digest.hexdigest()[:32]


def build_module(package: str, stdlib: str, key: str | None, imports: Sequence[str]) -> str:
    """static/js/boot/build.mjs: the build's facts for interpreter.mjs (URLs relative to it)."""
    up = "../../../"
    return "\n".join([
        "// Written by tools/build_boot.py for static/js/boot/ (interpreter.mjs, preview.js): do not edit.",
        f'export const PYODIDE_URL = new URL("{up}{PYODIDE_DIR}/", import.meta.url).href;',
        f'export const PACKAGE_URL = new URL("{up}{package}", import.meta.url).href;',
        "// The standard library, its start-up modules byte-compiled (loadPyodide's stdLibURL)",
        f'export const STDLIB_URL = new URL("{up}{stdlib}", import.meta.url).href;',
        "// null: no memory snapshot (a build made with --without snapshot)",
        f"export const SNAPSHOT_KEY = {json.dumps(key)};",
        "// The standard modules PyScript's own package imports at every start: imported into the snapshot",
        f"export const SNAPSHOT_IMPORTS = {json.dumps(list(imports))};",
        "",
    ])


def step_python(b: Output) -> None:
    data = package_zip(pyc="pyc" not in b.without)
    name = f"py/hearts-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    b.write(name, data)
    b.write("py/worker.py", (PY / "worker.py").read_bytes())
    imports = standard_imports(pyscript_sources().values())
    stdlib = stdlib_zip(data, imports, compiled="stdlib" not in b.without)
    stdlib_name = f"py/stdlib-{hashlib.sha256(stdlib).hexdigest()[:12]}.zip"
    b.write(stdlib_name, stdlib)
    key = None if "snapshot" in b.without else snapshot_key(b, data, imports)
    b.write("static/js/boot/build.mjs", build_module(name, stdlib_name, key, imports).encode())
    config = {
        # Relative to this file. Our module wraps Pyodide's loadPyodide (memory snapshot, package
        # unpacking); without an interpreter PyScript would load Pyodide from a CDN.
        "interpreter": f"./{INTERPRETER}",
        # Only the page calls the worker; no SharedArrayBuffer (no COOP/COEP headers) needed.
        "sync_main_only": True,
    }
    b.write("pyscript.json", (json.dumps(config, indent=2) + "\n").encode())


PRELOAD_AFTER = '<link rel="modulepreload" href="runtime/pyscript/core.js">'


def step_preloads(b: Output) -> None:
    """index.html: fetch what PyScript loads at every start at once, side by side with the page's modules.

    Without this PyScript finds its chunks one import level at a time (on a warm start behind
    the preview's card faces in the service worker's queue), and its config and the worker's
    source only after its chunks ran. ``as="fetch"`` with ``crossorigin`` matches PyScript's
    plain ``fetch(url)`` (cors mode, same-origin credentials). Not the page's own modules:
    preloading them starts the table no sooner (the service worker answers them quickly) but
    makes the HTML parse, and later the evaluation of the whole module graph at once, long
    main-thread tasks.
    """
    page = b.out / "index.html"
    html = page.read_text()
    if PRELOAD_AFTER not in html:
        raise SystemExit(f"build: index.html lacks {PRELOAD_AFTER}")
    chunks = sorted(f.as_posix() for f in b.files
                    if f.as_posix().startswith("runtime/pyscript/") and f.suffix == ".js" and f.name != "core.js")
    links = [f'<link rel="modulepreload" href="{chunk}">' for chunk in chunks]
    fetched = ("pyscript.json", "py/worker.py")
    links += [f'<link rel="preload" href="{name}" as="fetch" crossorigin>' for name in fetched]
    page.write_text(html.replace(PRELOAD_AFTER, "\n  ".join([PRELOAD_AFTER, *links])))
