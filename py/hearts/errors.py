"""The one error type every public entry point raises for bad input.

Each error has a stable machine-readable ``code`` and a human ``message`` that
names the offending item. The CLI and the browser bridge turn it into
``{"error": {"code": ..., "message": ...}}``; nothing ever shows a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping

ErrorParam = str | int | list[str]


class HeartsError(ValueError):
    """Bad input: ``code`` is stable (see docs/protocol.md), ``message`` says what and where (in English).

    ``params`` carries what a page needs to word the error itself in the player's language,
    e.g. an illegal play's ``{"reason": "must_follow", "suit": "H"}``.
    """

    def __init__(self, code: str, message: str, params: Mapping[str, ErrorParam] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, ErrorParam] = dict(params or {})

    def to_json(self) -> dict[str, dict[str, str]]:
        """The command-line protocols' form: code and message only (stable, see docs/cli.md)."""
        return {"error": {"code": self.code, "message": self.message}}
