"""PyScript worker entry: makes every command of the table (hearts.table.commands) callable from the page.

The page's static/js/bridge.js calls ``xworker.sync.<command>(json_text)`` and gets a JSON
text back (data or ``{"error": {"code", "message"}}``); hearts.table.api.call turns every
exception into such a typed error. The worker is ready once this file has run.
"""

from collections.abc import Callable

from pyscript import sync  # type: ignore[import-not-found]

from hearts.table.api import COMMANDS, call


def _expose(name: str) -> Callable[[str], str]:
    def command(payload: str = "{}") -> str:
        return call(name, payload)

    command.__name__ = name
    return command


for _name in COMMANDS:
    setattr(sync, _name, _expose(_name))


def _boot_info(payload: str = "{}") -> str:
    """How this worker started (static/js/boot/interpreter.mjs sets it): for tests and benchmarks."""
    import js  # type: ignore[import-not-found]

    return str(getattr(js, "heartsBoot", "{}"))


sync.boot = _boot_info
