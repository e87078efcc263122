"""Read one block of ``static/js/i18n.js`` (per language) the way the page's ``t()`` sees it."""

from __future__ import annotations

import json
import re
from pathlib import Path

I18N = Path(__file__).resolve().parents[1] / "static" / "js" / "i18n.js"


def block_texts(name: str) -> dict[str, dict[str, str]]:
    """Per language, the top-level block ``name: { code: "text", ... }`` (the text maybe on the next line)."""
    source = I18N.read_text(encoding="utf-8")
    out: dict[str, dict[str, str]] = {}
    for lang, block in zip(("en", "de"), re.findall(rf"\n    {name}: \{{\n(.*?)\n    \}},", source, re.S)):
        pairs = re.findall(r'^\s+(\w+):\s+("(?:[^"\\]|\\.)*"),$', block, re.M)
        out[lang] = {code: json.loads(text) for code, text in pairs}
    return out
