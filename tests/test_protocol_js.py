"""The page's JSDoc typedefs (static/js/protocol.js) are exactly what protocol.py generates.

``tools/gen_protocol.py`` writes them from ``hearts.table.protocol``; a change to the Python
types without regenerating the file fails here (and ``tsc`` then checks the page against them).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from hearts.table import protocol
from hearts.table.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
GENERATOR = ROOT / "tools" / "gen_protocol.py"
COMMITTED = ROOT / "static" / "js" / "protocol.js"

if not GENERATOR.exists() or not COMMITTED.exists():  # e.g. a test run that has only tests/ and py/
    pytest.skip("tools/ or static/js/ is not readable here", allow_module_level=True)


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_protocol", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_file_is_the_generators_output() -> None:
    generated = load_generator().generate()
    assert COMMITTED.read_text(encoding="utf-8") == generated, "run: python tools/gen_protocol.py"


def test_every_typeddict_and_command_has_a_typedef() -> None:
    text = COMMITTED.read_text(encoding="utf-8")
    typedefs = set(re.findall(r"@typedef \{.*\} (\w+)$", text, re.MULTILINE))
    public = {name for name, value in vars(protocol).items()
              if isinstance(value, type) and hasattr(value, "__required_keys__") and not name.startswith("_")}
    assert public <= typedefs
    assert {"Event", "Param", "Stage", "Commands"} <= typedefs
    for command in COMMANDS:
        assert re.search(rf"@property \{{\{{request: \w+, answer: \w+\}}\}} {command}$", text, re.MULTILINE)
    assert f"export const PROTOCOL_VERSION = {protocol.PROTOCOL_VERSION};" in text


def test_generator_spells_types_as_typescript_does() -> None:
    js_type = load_generator().js_type
    assert js_type(list[protocol.TrickCard]) == "TrickCard[]"
    assert js_type(protocol.MoonView | None) == "MoonView|null"
    assert js_type(list[str | int]) == "(string|number)[]"
    assert js_type(dict[str, list[str]]) == "Object<string, string[]>"
    assert js_type(protocol.Phase) == '"pass"|"play"|"over"'
    with pytest.raises(ValueError):
        js_type(tuple[int, int])
