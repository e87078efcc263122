"""The error table of docs/protocol.md lists every ``HeartsError`` code the package raises, once, and the
page has a wording for every code a player can meet (``i18n.js`` ``errors``, ``illegal``,
``rulesProblem``)."""

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


def test_the_table_codes_a_person_meets_have_a_wording() -> None:
    table_codes = {"not_your_turn", "wrong_phase", "nothing_to_undo", "bad_pass", "learn_over", "bad_share",
                   "bad_stats", "forged", "seat_away", "not_a_person", "assist_off", "bad_seat", "bad_message",
                   "not_a_guest", "no_match", "cannot_claim"}
    assert {"en", "de"} <= set(languages())
    for lang in languages():
        worded = {key.removeprefix("errors.") for key in messages(lang) if key.startswith("errors.")}
        assert table_codes <= worded, lang
