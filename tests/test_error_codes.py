"""The error table of docs/protocol.md lists every ``HeartsError`` code the package raises, once, and the
page has a wording for every code in every language (``errors``, and ``illegal``,
``rulesProblem`` for their reasons)."""

from __future__ import annotations

import re
from pathlib import Path

from i18n_blocks import languages, messages

ROOT = Path(__file__).resolve().parents[1]


def raised_codes() -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "py" / "hearts").rglob("*.py"):
        codes |= set(re.findall(r'HeartsError\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    return codes


def test_every_raised_code_is_in_the_docs_table_once() -> None:
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    table = protocol[protocol.index("\n## Error codes"):]
    table = table[:table.index("\n## ", 1)]
    rows = re.findall(r"^\| `(\w+)` \|", table, re.M)
    assert len(rows) == len(set(rows)), "a code is listed twice"
    assert raised_codes() <= set(rows)


def test_every_code_has_a_wording_in_every_language() -> None:
    """No refusal falls back to Python's English message: a site's own ``?setup=`` or a tool can meet any code.
    ``illegal_play`` and ``bad_rules`` are worded by their ``params`` first (``illegal``, ``rulesProblem``);
    their ``errors`` entry words them when a reason is missing."""
    page_codes = {"worker", "restarted"}  # the page's own (static/js/bridge.js)
    assert {"en", "de"} <= set(languages())
    for lang in languages():
        worded = {key.removeprefix("errors.") for key in messages(lang) if key.startswith("errors.")}
        assert raised_codes() | page_codes <= worded, (lang, sorted((raised_codes() | page_codes) - worded))
