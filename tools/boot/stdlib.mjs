// Writes the standard library the browser's Python boots from: Pyodide's python_stdlib.zip with
// the modules a start imports byte-compiled (the npm package ships sources only, so every start
// would compile them again: most of Pyodide's own boot; docs/benchmarks.md has the figures).
//
//   node tools/boot/stdlib.mjs OUT.zip PACKAGE.zip MODULE...
//
// It boots the pinned Pyodide, unpacks the game's package zip (tools/build_boot.py's), imports
// every module in it and the MODULEs named (the standard modules PyScript's own package
// imports), and records which modules came from the standard library's zip: those, and what
// Pyodide's own start imported, are written as unchecked-hash .pyc files (no timestamps: the
// same sources give the same bytes) in place of their sources, every other entry is copied as
// it is. A module compiled here keeps its source path as its code's file name; only its source
// lines are missing from a traceback. Exit code 1 when a module fails to import or compile.

import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [out, packageZip, ...imports] = process.argv.slice(2);
if (!out || !packageZip) {
  console.error("usage: node tools/boot/stdlib.mjs OUT.zip PACKAGE.zip [MODULE...]");
  process.exit(2);
}

const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(packageZip)), "zip", { extractDir: "." });
pyodide.FS.mkdir("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.dirname(path.resolve(out)) }, "/out");
pyodide.globals.set("out_name", path.basename(out));
pyodide.globals.set("named", pyodide.toPy(imports));
const COMPILE = `
import importlib, pathlib, py_compile, sys, zipfile

STDLIB = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"  # Pyodide's zip on sys.path
game = sorted(str(p.with_suffix("")).replace("/", ".").removesuffix(".__init__")
              for p in pathlib.Path(".").glob("hearts/**/*.py*"))  # .pyc, or .py (build --without pyc)
for name in [*game, *named]:
    importlib.import_module(name)
imported = {module.__file__[len(STDLIB) + 1:] for module in list(sys.modules.values())
            if (getattr(module, "__file__", None) or "").startswith(STDLIB + "/")}

def compiled_source(source: bytes, name: str) -> bytes:
    work = pathlib.Path("/tmp/stdlib-module.py")
    work.write_bytes(source)
    py_compile.compile(str(work), cfile=str(work) + "c", dfile=f"{STDLIB}/{name}", doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return pathlib.Path(str(work) + "c").read_bytes()

with zipfile.ZipFile(STDLIB) as original, \\
        zipfile.ZipFile(f"/out/{out_name}", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
    for entry in original.infolist():
        data = original.read(entry)
        if entry.filename in imported:
            data = compiled_source(data, entry.filename)
            entry = zipfile.ZipInfo(entry.filename + "c", date_time=entry.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        target.writestr(entry, data, compresslevel=9)
[len(imported), len(original.infolist())]
`;
const [compiled, total] = pyodide.runPython(COMPILE).toJs();
const version = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(`stdlib: ${compiled} of ${total} entries byte-compiled for Python ${version}`);
