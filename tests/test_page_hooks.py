"""Every ``data-*`` attribute the page uses is documented in docs/protocol.md, and nothing more.

The page's ``data-*`` attributes are either public test hooks (the tables of "Test hooks (public)")
or the page's own markers (the table "Other ``data-*`` attributes (not hooks)"). A new attribute
fails this test until it is listed in one of them; a listed one that the page no longer uses
fails it too, so the tables say what the page does.

The page's attribute names are read from ``index.html`` (attributes of its tags) and from
``static/js/**/*.js`` outside comments: attribute selectors ``[data-x``, quoted names
``"data-x"`` (``setAttribute``, ``attributeFilter``, attribute objects), ``dataset.x`` and
``dataset["x"]``, and the one-line ``data: {x: …, y}`` objects of ``dom.js``'s ``el()`` (each key
becomes ``data-<key in kebab case>``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROTOCOL = ROOT / "docs" / "protocol.md"
NOT_HOOKS = "### Other `data-*` attributes (not hooks)"
NAME = r"data-([a-z][a-z0-9-]*)"


def kebab(name: str) -> str:
    """``reviewStep`` → ``review-step`` (how ``dataset`` names map to attributes)."""
    return re.sub(r"[A-Z]", lambda m: "-" + m.group().lower(), name)


def without_comments(source: str) -> str:
    """JS without ``/* … */`` blocks and whole-line ``//`` comments (a ``//`` inside a string is left)."""
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    return re.sub(r"^\s*//.*$", "", source, flags=re.M)


def names_in_js(source: str) -> set[str]:
    code = without_comments(source)
    names = set(re.findall(r"\[" + NAME, code))
    names |= set(re.findall(r"(?<!class: )[\"']" + NAME + r"[\"']", code))
    names |= {kebab(n) for n in re.findall(r"\bdataset\.(\w+)", code)}
    names |= {kebab(n) for n in re.findall(r"\bdataset\[[\"'](\w+)[\"']\]", code)}
    for body in re.findall(r"\bdata: \{([^{}\n]*)\}", code):
        keys = re.findall(r"(?:^|,)\s*(\w+)\s*(?::|,|$)", body)
        names |= {kebab(key) for key in keys}
    return names


def names_in_html(source: str) -> set[str]:
    return {name for tag in re.findall(r"<[a-z][^>]*>", source) for name in re.findall(r"\s" + NAME, tag)}


def used_names() -> set[str]:
    names = names_in_html((ROOT / "index.html").read_text(encoding="utf-8"))
    for path in sorted((ROOT / "static" / "js").rglob("*.js")):
        names |= names_in_js(path.read_text(encoding="utf-8"))
    return names


def documented() -> tuple[set[str], set[str]]:
    """The attribute names in the hook tables, and in the table of the page's own markers."""
    text = PROTOCOL.read_text(encoding="utf-8")
    section = text[text.index("\n## Test hooks (public)"):]
    end = section.find("\n## ", 1)
    section = section if end < 0 else section[:end]
    hooks, _, others = section.partition(NOT_HOOKS)
    assert others, f"docs/protocol.md lacks the heading {NOT_HOOKS!r}"

    def in_rows(part: str) -> set[str]:
        return {name for row in part.splitlines() if row.startswith("| ") for name in re.findall(NAME, row)}

    return in_rows(hooks), in_rows(others)


def test_the_reader_finds_each_kind_of_use() -> None:
    js = """
    // [data-from-comment] is not a use
    $('[data-action="pass"]'); node.dataset.reviewStep = "1"; node.dataset["lastCard"] = c;
    el("p", { class: "data-status", data: { scoreSeat: seat, action } });
    observer.observe(body, { attributeFilter: ["data-ready"] });
    """
    assert names_in_js(js) == {"action", "review-step", "last-card", "score-seat", "ready"}
    assert names_in_html('<button type="button" data-action="hint" data-i18n-title="hint" disabled>') == {
        "action", "i18n-title"}


def test_every_attribute_the_page_uses_is_documented() -> None:
    hooks, others = documented()
    missing = used_names() - hooks - others
    assert not missing, f"add these to docs/protocol.md's test hooks (or its other attributes): {sorted(missing)}"


def test_every_documented_attribute_is_used() -> None:
    hooks, others = documented()
    assert hooks and others
    assert not hooks & others, f"listed both as a hook and not: {sorted(hooks & others)}"
    stale = (hooks | others) - used_names()
    assert not stale, f"docs/protocol.md lists attributes the page no longer uses: {sorted(stale)}"
