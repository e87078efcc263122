"""The strong search makes the very decisions it made before the speed work (``tools/bench/bots_same.py``).

The digest covers 240 decisions over six presets (card, moon plan, worlds, work, equity, points)
with the wall-clock cap lifted. It was taken on main before the search was made faster; a change
that alters decisions on purpose must say so and take a new digest (the last: that rival shooting
in a playout only where that leaves it fewer points, ``SearchConfig.rival_chooses``; before it, a
rival on its way to the moon shooting in the playouts, ``SearchConfig.rival_shoots``, and the
``normal`` players that set up the positions playing low under a would-be shooter,
``Style.moon_keep``). Inside Pyodide the same
digest also shows the browser's interpreter decides exactly as CPython does.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "bench"))

from bots_same import PRESETS, digest  # noqa: E402

BEFORE = "42fd2effa88d42d19e11758cc1fa55809f7870340a69d1e05e769766d9a99cdf"


def test_strong_decisions_are_unchanged() -> None:
    assert digest(PRESETS, 40, 25) == (BEFORE, 240)


def test_the_digest_sees_a_changed_decision() -> None:
    assert digest(PRESETS, 40, 24)[0] != BEFORE
