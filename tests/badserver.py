"""A real server on 127.0.0.1 that misbehaves at the connection level, for the failure sentences.

``/close`` closes the connection without answering, ``/loss`` promises 1000
bytes and sends 20, ``/big`` sends 200 kB; any other path is a small page.
https:// to it fails the TLS handshake (it speaks plain HTTP).
"""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PAGE = b"<html><head><title>Fine</title></head><body><main><h1>Fine</h1><p>A fine page.</p></main></body></html>"


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.server.paths.append(self.path)  # type: ignore[attr-defined]
        if self.path == "/close":
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if self.path == "/loss":
            self._head("text/html", 1000)
            self.wfile.write(b"<html><body>short")
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        body = b"<html><body><p>" + b"x" * 200_000 + b"</p></body></html>" if self.path == "/big" else PAGE
        self._head("text/html; charset=utf-8", len(body))
        self.wfile.write(body)

    def _head(self, content_type: str, length: int) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(length))
        self.end_headers()


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # the client hung up on /big: expected


class BadServer:
    __test__ = False

    def __enter__(self) -> BadServer:
        self.httpd = _Server(("127.0.0.1", 0), _Handler)
        self.httpd.paths = []  # type: ignore[attr-defined]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    @property
    def paths(self) -> list[str]:
        return self.httpd.paths  # type: ignore[attr-defined]

    def url(self, path: str = "/", scheme: str = "http") -> str:
        return f"{scheme}://127.0.0.1:{self.httpd.server_address[1]}{path}"


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
