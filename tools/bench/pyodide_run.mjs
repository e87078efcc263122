// Runs one Python benchmark script inside Pyodide (the browser's interpreter) under Node, so its
// figures can be set beside CPython's: `node tools/bench/pyodide_run.mjs tools/bench/bots_timing.py --hands 8`.
// The repo is mounted at /repo; the script gets the remaining arguments as sys.argv.
// time.process_time() reads Node's CPU time of this process (in Pyodide it is the wall clock), so CPU
// figures stay CPU figures on a busy machine.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const [script, ...args] = process.argv.slice(2);

const pyodide = await loadPyodide();
// A benchmark prints whole lines (unlike pytest's progress dots): line callbacks will do.
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("script_argv", pyodide.toPy([script, ...args]));
// As `python script` does: the script's folder first on sys.path; a failure prints its traceback, exit 1.
const code = await pyodide.runPythonAsync(`
import os, runpy, sys, time, traceback
import js
time.process_time = lambda: js.process.cpuUsage().user / 1e6
os.chdir("/repo")
sys.argv = list(script_argv)
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[0])))
print(f"Python {sys.version.split()[0]} on {sys.platform} (Pyodide)")
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    status = 0
except SystemExit as done:
    status = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
except BaseException:
    traceback.print_exc()
    status = 1
status
`);
process.exit(Number(code));
