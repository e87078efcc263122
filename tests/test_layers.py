"""The package's layers, read from its import statements (nothing is imported to check them).

- the engine (``hearts/*.py``) imports nothing from the layers above it: ``bots/``, ``table/``;
- ``bots/`` imports nothing from ``table/``;
- no two modules import each other, directly or around a longer loop, not even from inside a
  function (a deferred import hides a cycle from Python, not from the next reader).

``hearts.console`` and ``hearts.__main__`` compose the command line of every layer: they are
the one place above all three.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import hearts

PACKAGE = Path(hearts.__file__).resolve().parent
TOP = {"hearts.console", "hearts.__main__"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    """``engine``, ``bots``, ``table`` or ``top``."""
    if module in TOP:
        return "top"
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ("bots", "table") else "engine"


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, also inside functions, except under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if _type_checking_only(node):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _import_nodes(node)


def imports_of(module: str) -> set[str]:
    """The package's modules that ``module`` imports (a package counts as its ``__init__``)."""
    path = MODULES[module]
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
            continue
        if node.level:
            base = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        submodules = {f"{target}.{alias.name}" for alias in node.names} & MODULES.keys()  # ``from . import game``
        found |= submodules
        if len(submodules) < len(node.names):  # a name defined in the module (or package) itself
            found.add(target)
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: imports_of(module) for module in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_parser_sees_the_imports_it_must() -> None:
    assert {"hearts.game", "hearts.rules", "hearts.cards"} <= GRAPH["hearts.match"] | GRAPH["hearts.game"]
    assert "hearts.bots" in GRAPH["hearts.table.commands"]  # from ..bots import LEVELS
    assert "hearts.table.session" in GRAPH["hearts.table.commands"]  # from .session import Session, ...
    assert layer("hearts.game") == "engine" and layer("hearts.bots.strong") == "bots" and layer("hearts") == "engine"


@pytest.mark.parametrize("lower, forbidden", [("engine", {"bots", "table"}), ("bots", {"table"})])
def test_a_layer_imports_nothing_above_it(lower: str, forbidden: set[str]) -> None:
    upward = sorted(f"{module} -> {target}" for module, targets in GRAPH.items() if layer(module) == lower
                    for target in targets if layer(target) in forbidden | {"top"})
    assert upward == []


def test_no_import_cycles() -> None:
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
