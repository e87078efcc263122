"""A quiet static file server on 127.0.0.1, for the browser tests and benchmarks only.

The game itself needs no server code: any static host serves ``dist/``. Tests and
benchmarks need one they control: :class:`StaticServer` serves folders under URL
prefixes (``{"/site/games/hearts/": dist, "/site/": host}``; anything else is 404),
on a free port, and can be stopped and started again on the same port (the offline
tests take the "network" away that way).
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any

__all__ = ["QuietHandler", "StaticServer"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the server's mounts with the MIME types the game needs, and logs nothing."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".webmanifest": "application/manifest+json"}
    mounts: dict[str, Path] = {}

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        for prefix in sorted(self.mounts, key=len, reverse=True):
            if path.startswith(prefix):
                self.directory = str(self.mounts[prefix])
                return super().translate_path("/" + path[len(prefix):])
        return str(Path(self.directory) / "__not_served__")

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when the browser drops a connection mid-download (a page navigating away, a worker
    ended): that is how browsers behave, not a failure; any other error is still printed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class StaticServer:
    """Serves ``mounts`` (URL prefix → folder) in a thread until :meth:`stop`; :meth:`start` again keeps the port."""

    def __init__(self, mounts: dict[str, Path], handler: type[QuietHandler] = QuietHandler) -> None:
        self.handler = type("MountedHandler", (handler,), {"mounts": dict(mounts)})
        self.port = 0
        self.server: QuietServer | None = None
        self.thread: threading.Thread | None = None

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "/") -> str:
        return self.origin + path

    def start(self) -> StaticServer:
        # The handler's own directory only matters for paths outside every mount (404).
        handler = functools.partial(self.handler, directory=str(Path(__file__).parent))
        self.server = QuietServer(("127.0.0.1", self.port), handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        if self.server is None:
            return
        self.server.shutdown()
        self.server.server_close()
        assert self.thread is not None
        self.thread.join(timeout=10)
        self.server = self.thread = None

    def __enter__(self) -> StaticServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
