// Byte-compiles a folder of Python sources for the browser's Python (Pyodide's CPython 3.14),
// which the build machine's CPython (3.11+) cannot do: a .pyc is tied to one Python version.
//
//   node tools/boot/pyc.mjs DIR [--pycache]
//
// Every DIR/**/*.py gets a DIR/**/*.pyc beside it (the "legacy" layout that sourceless
// imports read), compiled with optimize level 0 (asserts stay) and an unchecked-hash header
// (no timestamps: the same sources give the same bytes). tools/build_boot.py then ships only
// the .pyc files. With --pycache it goes to __pycache__/<name>.<cache tag>.pyc instead: the
// place an import looks first when the source is there too (an unchecked-hash .pyc is then
// used without reading the source). Exit code 1 when a file does not compile.

import path from "node:path";
import { loadPyodide } from "pyodide";

const [dir, layout] = process.argv.slice(2);
if (!dir || (layout && layout !== "--pycache")) {
  console.error("usage: node tools/boot/pyc.mjs DIR [--pycache]");
  process.exit(2);
}

const pyodide = await loadPyodide();
pyodide.FS.mkdir("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(dir) }, "/src");
pyodide.globals.set("pycache", layout === "--pycache");
const count = pyodide.runPython(`
import importlib.util, pathlib, py_compile
sources = sorted(pathlib.Path("/src").rglob("*.py"))
for src in sources:
    rel = src.relative_to("/src").as_posix()
    cfile = importlib.util.cache_from_source(str(src)) if pycache else str(src) + "c"
    py_compile.compile(str(src), cfile=cfile, dfile=rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
len(sources)
`);
console.log(`pyc: ${count} modules compiled for Python ${pyodide.runPython("import sys; sys.version.split()[0]")}`);
