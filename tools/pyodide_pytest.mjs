// Runs the Python test suite inside Pyodide (Python 3.14, the browser's interpreter) under Node.
// The repo is mounted read-only-in-spirit at /repo; the pure-Python test wheels from
// .cache/pyodide-wheels (made by tools/setup.sh), mounted at /wheels, are unpacked into site-packages.
// Exit code: pytest's (0 all passed, 1 failures, …).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

// Pyodide's file mount does not follow a symbolic link out of the mounted folder: mount the real
// folders, so that a git worktree whose .cache links to another checkout's finds its wheels.
const repo = fs.realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const wheels = fs.realpathSync(path.join(repo, ".cache", "pyodide-wheels"));
const args = process.argv.slice(2);

const pyodide = await loadPyodide();
// Raw writes, not line callbacks: pytest's progress dots then stay on one line.
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
pyodide.FS.mkdir("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: wheels }, "/wheels");
pyodide.globals.set("pytest_args", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, site, sys, zipfile, glob
target = site.getsitepackages()[0]
for wheel in sorted(glob.glob("/wheels/*.whl")):
    zipfile.ZipFile(wheel).extractall(target)
sys.path.insert(0, "/repo/py")
os.chdir("/repo")
print(f"Python {sys.version.split()[0]} on {sys.platform}")
import pytest
pytest.main(["tests", "-p", "no:cacheprovider", *pytest_args])
`);
process.exit(Number(code));
