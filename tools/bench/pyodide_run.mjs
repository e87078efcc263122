// Runs one Python benchmark script inside Pyodide (the browser's interpreter) under Node, so its
// figures can be set beside CPython's: `node tools/bench/pyodide_run.mjs tools/bench/bots_timing.py --hands 8`.
// The repo is mounted at /repo; the script gets the remaining arguments as sys.argv.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const [script, ...args] = process.argv.slice(2);

const pyodide = await loadPyodide();
const raw = (stream) => ({
  write: (buf) => {
    stream.write(buf);
    return buf.length;
  },
});
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("script_argv", pyodide.toPy([script, ...args]));
await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir("/repo")
sys.argv = list(script_argv)
print(f"Python {sys.version.split()[0]} on {sys.platform} (Pyodide)")
runpy.run_path(sys.argv[0], run_name="__main__")
`);
