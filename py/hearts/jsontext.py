"""JSON text from outside (a command line's input and options, the page's requests, a guest's
message, a save, a link, the stored statistics), where every kind of bad JSON is one error.

``json.loads`` fails on text from outside in four ways, and only one of them is a
``json.JSONDecodeError``; :func:`loads` turns the other three into it, with a position:

- nesting: the parser goes one level deeper into the C stack for each nested array or object.
  On CPython that ends in a ``RecursionError``; in the browser Pyodide runs on the JavaScript
  stack, which overflows first, and that overflow is a fatal error of the whole interpreter (the
  table, its save and every guest with it). So the nesting is measured first, in one linear
  pass, and text nested deeper than anything the game reads is refused;
- a whole number of more digits than Python's ``int()`` reads (``sys.get_int_max_str_digits()``):
  a plain ``ValueError``;
- bytes that are not UTF-8: a ``UnicodeDecodeError``.

Each caller turns the ``json.JSONDecodeError`` into its own error code (``bad_json``,
``bad_rules``, ``bad_save``, ``bad_stats``, ``bad_message``, a link's ``format``).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from typing import Any

__all__ = ["MAX_DEPTH", "loads", "nesting_depth"]

MAX_DEPTH = 32      # arrays and objects inside one another; a save, the deepest value written, has fewer than 10
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)   # a string's brackets are text, not nesting
_BRACKET = re.compile(r"[\[\]{}]")
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?', re.DOTALL)
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON ``text`` (0 for a bare number or string)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def loads(text: str | bytes) -> Any:
    """``json.loads(text)`` (bytes as UTF-8), raising ``json.JSONDecodeError`` for every kind of
    bad JSON: also text nested deeper than :data:`MAX_DEPTH`, a number of too many digits and
    bytes that are not UTF-8."""
    if isinstance(text, bytes):
        text = _decoded(text)
    if nesting_depth(text) > MAX_DEPTH:
        raise json.JSONDecodeError(f"nested deeper than {MAX_DEPTH} levels", text, _too_deep_at(text))
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError:  # int() refuses a number of more digits than sys.get_int_max_str_digits()
        raise json.JSONDecodeError("a number has too many digits", text, _long_number_at(text)) from None


def _decoded(data: bytes) -> str:
    try:
        return data.decode()
    except UnicodeDecodeError as exc:
        raise json.JSONDecodeError("not UTF-8 text", data.decode(errors="replace"),
                                   len(data[:exc.start].decode())) from None


def _tokens(text: str) -> Iterator[re.Match[str]]:
    """The brackets and numbers of ``text``, each with its position (strings skipped)."""
    return (token for token in _TOKEN.finditer(text) if not token[0].startswith('"'))


def _too_deep_at(text: str) -> int:
    """Where the first array or object deeper than :data:`MAX_DEPTH` opens."""
    depth = 0
    for token in _tokens(text):
        depth += _NESTING.get(token[0], 0)
        if depth > MAX_DEPTH:
            return token.start()
    return 0


def _long_number_at(text: str) -> int:
    """Where the first whole number of more digits than ``int()`` reads begins (a fraction or an
    exponent makes it a float, which has no such limit)."""
    limit = sys.get_int_max_str_digits()
    for token in _tokens(text):
        number = token[0]
        if number[-1].isdigit() and not any(mark in number for mark in ".eE") and len(number.lstrip("-")) > limit:
            return token.start()
    return 0
