"""The whole ``python -m hearts`` command: the engine's ``state``, the bots' ``bot`` and ``arena``,
and the review's ``review``.

It lives above these layers so that the engine never imports the bots.
"""

from __future__ import annotations

from . import cli
from .bots import cli as bots_cli
from .bots import review_cli


def main(argv: list[str] | None = None) -> int:
    return cli.main(argv, registrars=[bots_cli.register, review_cli.register])
