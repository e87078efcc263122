"""Another commit's ``hearts`` package beside this checkout's, for benchmarks that compare code versions.

``import_baseline(ref)`` takes ``py/hearts`` of the git commit ``ref`` (``git archive``), puts it in a
temporary directory as the package ``hearts_<commit>`` and returns that name: its modules import each
other relatively, so both versions live in one process and meet the very same deals and views.
Worker processes forked afterwards inherit it; the directory goes when the process that made it ends.
"""

from __future__ import annotations

import atexit
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

__all__ = ["import_baseline"]

ROOT = Path(__file__).resolve().parents[2]
_PACKAGES: dict[str, str] = {}   # git ref -> package name, for this process and the ones it forks


def _remove(where: Path, maker: int) -> None:
    """Remove ``where`` at the end of the process that made it (a forked worker leaves it)."""
    if os.getpid() == maker:
        shutil.rmtree(where, ignore_errors=True)


def import_baseline(ref: str) -> str:
    """The name under which the ``hearts`` package of commit ``ref`` can be imported."""
    if ref in _PACKAGES:
        return _PACKAGES[ref]
    commit = subprocess.run(["git", "rev-parse", "--short", ref], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    archive = subprocess.run(["git", "archive", commit, "py/hearts"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    where = Path(tempfile.mkdtemp(prefix="hearts-baseline-"))
    atexit.register(_remove, where, os.getpid())
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(where, filter="data")
    name = f"hearts_{commit}"
    (where / "py" / "hearts").rename(where / name)
    sys.path.insert(0, str(where))
    _PACKAGES[ref] = name
    return name
