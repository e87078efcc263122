"""JSON text from outside the table (the page's requests, a guest's message, a save, a link, the
stored statistics), parsed without letting its nesting crash the interpreter.

Python's JSON parser goes one level deeper into the C stack for each nested array or object.
On CPython that ends in a ``RecursionError``; in the browser Pyodide runs on the JavaScript
stack, which overflows first, and that overflow is a fatal error of the whole interpreter (the
table, its save and every guest with it). So the nesting is measured first, in one linear pass,
and text nested deeper than anything the game writes is refused like any other bad JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["MAX_DEPTH", "loads", "nesting_depth"]

MAX_DEPTH = 32      # arrays and objects inside one another; a save, the deepest value written, has fewer than 10
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)   # a string's brackets are text, not nesting
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON ``text`` (0 for a bare number or string)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def loads(text: str | bytes) -> Any:
    """``json.loads(text)``, refusing text nested deeper than :data:`MAX_DEPTH`, or a number of more
    digits than Python's ``int()`` reads (``sys.get_int_max_str_digits()``: a plain ``ValueError``
    from ``json``), with the same ``json.JSONDecodeError`` as any other bad JSON (bytes must be
    UTF-8: ``UnicodeDecodeError``)."""
    if isinstance(text, bytes):
        text = text.decode()
    if nesting_depth(text) > MAX_DEPTH:
        raise json.JSONDecodeError(f"nested deeper than {MAX_DEPTH} levels", text, 0)
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError:
        raise json.JSONDecodeError("a number has too many digits", text, 0) from None
