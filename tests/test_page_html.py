"""index.html is well-formed: every element closed in order, no interactive element inside another.

Browsers repair a missing ``</button>`` silently (the next ``<button>`` closes it), so the page
looks right while the markup is wrong; this catches such slips.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "index.html"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
        "path", "circle", "rect", "use"}   # svg shapes are written self-closing
INTERACTIVE = {"button", "a", "select", "textarea", "input", "dialog"}


class Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, int]] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in INTERACTIVE - {"dialog"} and any(t in INTERACTIVE - {"dialog"} for t, _ in self.open):
            self.problems.append(f"line {self.getpos()[0]}: <{tag}> inside another interactive element")
        if tag not in VOID:
            self.open.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass  # <path ... /> and the like

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.open or self.open[-1][0] != tag:
            where = f"<{self.open[-1][0]}> of line {self.open[-1][1]}" if self.open else "nothing"
            self.problems.append(f"line {self.getpos()[0]}: </{tag}> closes {where}")
            return
        self.open.pop()


def test_the_page_is_well_formed() -> None:
    checker = Checker()
    checker.feed(PAGE.read_text(encoding="utf-8"))
    checker.close()
    assert checker.problems == []
    assert checker.open == []
