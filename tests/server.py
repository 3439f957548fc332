"""A real HTTP server on 127.0.0.1 for tests: serves a route table and records every request.

Usage::

    with TestServer() as srv:
        srv.route("/", "<html>...</html>")
        srv.route("/slow", "late", delay=2.0)
        srv.route("/moved", status=301, headers={"Location": "/"})
        url = srv.url("/")
        ...
        assert [r.path for r in srv.requests] == ["/"]

Unknown paths answer 404. Handlers run in threads, so a slow route does not
block the others. ``TestServer("::1")`` listens on another local address.
`srv.files(dir)` serves a folder (e.g. a fixture site).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "application/xml",
    ".json": "application/json",
    ".gz": "application/gzip",
    ".pdf": "application/pdf",
    ".png": "image/png",
    ".rss": "application/rss+xml",
    ".atom": "application/atom+xml",
}


@dataclass
class Route:
    body: bytes = b""
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    handler: Callable[[RecordedRequest], tuple[int, dict[str, str], bytes]] | None = None


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    time: float
    body: bytes = b""  # what a POST sent


class TestServer:
    __test__ = False  # not a pytest test class

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.host = host
        self.routes: dict[str, Route] = {}
        self.requests: list[RecordedRequest] = []
        self.root: Path | None = None
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # keep test output quiet
                pass

            def do_HEAD(self):
                self._serve(head=True)

            def do_GET(self):
                self._serve()

            def do_POST(self):
                self._serve()

            def _serve(self, head: bool = False) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                sent = self.rfile.read(length) if length else b""
                rec = RecordedRequest(self.command, self.path, dict(self.headers.items()), time.monotonic(), sent)
                with server._lock:
                    server.requests.append(rec)
                status, headers, body = server._respond(rec)
                try:
                    self.send_response(status)
                    lower = {k.lower() for k in headers}
                    if "content-type" not in lower:
                        self.send_header("Content-Type", "text/html; charset=utf-8")
                    for name, value in headers.items():
                        self.send_header(name, value)
                    if "content-length" not in lower:
                        self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    if not head:
                        self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        server_class = ThreadingHTTPServer
        if ":" in host:
            server_class = type("IPv6HTTPServer", (ThreadingHTTPServer,), {"address_family": socket.AF_INET6})
        self.httpd = server_class((host, 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    # -- configuration -------------------------------------------------
    def route(
        self,
        path: str,
        body: str | bytes = b"",
        status: int = 200,
        headers: dict[str, str] | None = None,
        delay: float = 0.0,
        handler=None,
    ) -> None:
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.routes[path] = Route(body, status, dict(headers or {}), delay, handler)

    def files(self, root: str | Path) -> None:
        """Serve files below `root`; `/dir/` serves `dir/index.html`.

        Each file comes with an ETag and Last-Modified, and a request holding its ETag gets a 304.
        """
        self.root = Path(root)

    def url(self, path: str = "/") -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{path}"

    def paths(self) -> list[str]:
        with self._lock:
            return [r.path for r in self.requests]

    # -- serving -------------------------------------------------------
    def _respond(self, rec: RecordedRequest) -> tuple[int, dict[str, str], bytes]:
        route = self.routes.get(rec.path)
        if route is None and "?" in rec.path:
            route = self.routes.get(rec.path.split("?", 1)[0])
        if route is not None:
            if route.delay:
                time.sleep(route.delay)
            if route.handler is not None:
                return route.handler(rec)
            return route.status, route.headers, route.body
        if self.root is not None:
            rel = rec.path.split("?", 1)[0].lstrip("/")
            target = (self.root / rel).resolve()
            if target.is_dir():
                target = target / "index.html"
            if self.root.resolve() in target.parents and target.is_file():
                ctype = CONTENT_TYPES.get(target.suffix, "application/octet-stream")
                body = target.read_bytes()
                # validators (an ETag from mtime and size, as nginx makes it), and a 304 to a request
                # that still holds the current ETag: incremental re-crawls
                stat = target.stat()
                etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
                last_modified = formatdate(stat.st_mtime, usegmt=True)
                headers = {"Content-Type": ctype, "ETag": etag, "Last-Modified": last_modified}
                if rec.headers.get("If-None-Match") == etag:
                    return 304, {**headers, "Content-Length": "0"}, b""
                return 200, headers, body
        return 404, {}, b"<html><body><h1>Not found</h1></body></html>"

    def __enter__(self) -> TestServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
