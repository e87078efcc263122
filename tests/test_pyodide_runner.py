"""tools/pyodide_pytest.mjs, the in-Pyodide test run, from a checkout whose .cache and node_modules
are symbolic links to another checkout's (a git worktree sharing the main checkout's installs)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess inside Pyodide")
def test_the_pyodide_run_finds_pytest_through_a_linked_cache(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "the in-Pyodide run needs Node (tools/setup.sh)"
    checkout = tmp_path / "worktree"
    (checkout / "tools").mkdir(parents=True)
    (checkout / "tests").mkdir()
    (checkout / "py").mkdir()
    shutil.copy(ROOT / "tools" / "pyodide_pytest.mjs", checkout / "tools")
    (checkout / "tests" / "test_one.py").write_text("def test_one() -> None:\n    assert 1 + 1 == 2\n")
    for shared in (".cache", "node_modules"):
        (checkout / shared).symlink_to((ROOT / shared).resolve())
    run = subprocess.run([node, "tools/pyodide_pytest.mjs", "-q"], cwd=checkout, capture_output=True,
                         text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]  # Pyodide prints its whole module on an error
    assert "1 passed" in run.stdout
