"""The README, ARCHITECTURE.md and ``docs/`` stay true: every Python example runs, every link leads somewhere.

Python examples are fenced ```` ```python ```` blocks written as doctests (``>>>`` prompts and
the output they print). The blocks of one file run in order with shared names, so a later
example may build on an earlier one. A failure names the file and its line.

Links are the relative ones (``[text](docs/rules.md#numbered-deals)``, ``![…](…)``): the file
must exist and the anchor must be one of its headings as GitHub slugs them.
"""

from __future__ import annotations

import doctest
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "ARCHITECTURE.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\S*)\s*$")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
EXTERNAL = ("http://", "https://", "mailto:")


def prose_and_code(text: str) -> tuple[list[str], dict[int, tuple[str, list[str]]]]:
    """The lines outside fences (code lines blanked), and each fenced block by its first line: (language, lines)."""
    prose: list[str] = []
    blocks: dict[int, tuple[str, list[str]]] = {}
    current: tuple[str, list[str]] | None = None
    for number, line in enumerate(text.splitlines()):
        fence = FENCE.match(line)
        if current is None and fence:
            current = (fence.group(1), [])
            blocks[number + 1] = current
        elif current is not None and line.startswith("```"):
            current = None
        elif current is not None:
            current[1].append(line)
        prose.append(line if current is None and not fence else "")
    return prose, blocks


def doctest_text(text: str) -> str:
    """The file with everything but its Python blocks blanked, so doctest's line numbers are the file's."""
    lines = [""] * len(text.splitlines())
    for start, (language, code) in prose_and_code(text)[1].items():
        if language == "python":
            lines[start:start + len(code)] = code
    return "\n".join(lines) + "\n"


def python_blocks(path: Path) -> list[tuple[int, list[str]]]:
    return [(start, code) for start, (language, code) in prose_and_code(path.read_text(encoding="utf-8"))[1].items()
            if language == "python"]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (not ``-`` or ``_``), spaces to ``-``."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    prose, _ = prose_and_code(path.read_text(encoding="utf-8"))
    for line in prose:
        heading = re.match(r"^#{1,6} (.+)$", line)
        if heading:
            base = slug(heading.group(1))
            name, n = base, 0
            while name in found:  # GitHub numbers repeated headings: name, name-1, name-2
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def links(path: Path) -> list[str]:
    prose, _ = prose_and_code(path.read_text(encoding="utf-8"))
    return [target for line in prose for target in LINK.findall(re.sub(r"`[^`]*`", "", line))]


def test_the_docs_have_examples_and_a_readme() -> None:
    assert (ROOT / "README.md") in PAGES and len(PAGES) > 1
    assert python_blocks(ROOT / "README.md"), "the README's example of the Python package is gone"


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_python_block_is_a_doctest(path: Path) -> None:
    for start, code in python_blocks(path):
        assert any(line.startswith(">>> ") for line in code), f"{path.name}:{start + 1}: a python block without >>>"


@pytest.mark.parametrize("path", [p for p in PAGES if python_blocks(p)], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_python_examples_run(path: Path) -> None:
    name = path.relative_to(ROOT).as_posix()
    test = doctest.DocTestParser().get_doctest(doctest_text(path.read_text(encoding="utf-8")), {}, name, name, 0)
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=report.write)
    assert result.attempted > 0
    assert result.failed == 0, report.getvalue()


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(path: Path) -> None:
    broken = []
    for target in links(path):
        if target.startswith(EXTERNAL):
            continue
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and (linked.suffix != ".md" or anchor not in anchors(linked)):
            broken.append(f"{target}: no such heading")
    assert not broken, f"{path.name}: " + "; ".join(broken)


def test_the_slugs_follow_github() -> None:
    assert slug("Card notation (public, stable)") == "card-notation-public-stable"
    assert slug("`python -m hearts state`") == "python--m-hearts-state"
    assert slug("Rules (every rule a named parameter)") == "rules-every-rule-a-named-parameter"
    assert slug("Offline, install, embedding") == "offline-install-embedding"
