"""`web2md serve`'s app on a real uvicorn server, on a free port of 127.0.0.1, in a thread of the test process."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from web2md.frontends.http_api import ApiOptions, HttpApi


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_api(options: ApiOptions) -> Iterator[str]:
    """The base URL of a server answering with `options` until the block ends."""
    api = HttpApi(options)
    server = uvicorn.Server(uvicorn.Config(api.app(), host="127.0.0.1", port=free_port(), log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the API server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{server.config.port}"
    finally:
        server.should_exit = True
        thread.join(30)
