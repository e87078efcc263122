"""The whole ``python -m hearts`` command: the engine's ``state`` and the bots' ``bot`` and ``arena``.

It lives above both layers so that the engine never imports the bots.
"""

from __future__ import annotations

from . import cli
from .bots import cli as bots_cli


def main(argv: list[str] | None = None) -> int:
    return cli.main(argv, registrars=[bots_cli.register])
