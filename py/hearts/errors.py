"""The one error type every public entry point raises for bad input.

Each error has a stable machine-readable ``code`` and a human ``message`` that
names the offending item. The CLI and the browser bridge turn it into
``{"error": {"code": ..., "message": ...}}``; nothing ever shows a traceback.
"""

from __future__ import annotations


class HeartsError(ValueError):
    """Bad input: ``code`` is stable (see README), ``message`` says what and where."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message}}
