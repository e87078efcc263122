"""The built deck: 52 faces (and the four-colour diamonds and clubs), drawn with paths only
(no text, no font: a glyph the system lacks would show as a box), within the size budget."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

RANKS = "23456789TJQKA"
BUDGET = 150_000  # bytes gzip for the whole deck (issue 13)


def test_every_face_is_built_and_draws_no_text(dist: Path) -> None:
    cards = dist / "static" / "cards"
    faces = {p.stem for p in cards.glob("*.svg")}
    assert faces == {r + s for r in RANKS for s in "CDHS"}
    assert {p.stem for p in (cards / "4c").glob("*.svg")} == {r + s for r in RANKS for s in "CD"}
    for path in cards.rglob("*.svg"):
        svg = path.read_text(encoding="utf-8")
        assert svg.startswith("<svg") and "viewBox" in svg, path.name
        assert not re.search(r"<text\b|font-family|@font-face", svg), path.name


def test_the_deck_fits_its_download_budget(dist: Path) -> None:
    total = sum(len(gzip.compress(p.read_bytes(), 9)) for p in (dist / "static" / "cards").glob("*.svg"))
    assert total <= BUDGET, f"{total} bytes gzip"
