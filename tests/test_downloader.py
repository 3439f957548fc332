"""The downloader holds CONCURRENT_REQUESTS_PER_DOMAIN: never more requests at one host than the limit, against a real server."""

from __future__ import annotations

import threading
import time

import pytest

from tests.server import RecordedRequest, TestServer
from web2md import crawl

pytestmark = pytest.mark.integration

PAGES = 12
SERVE_TIME = 0.3  # long enough that a burst past the limit would overlap at the server


class InFlight:
    """A route handler that serves a small page slowly and keeps the most requests it saw at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.now = 0
        self.peak = 0

    def __call__(self, request: RecordedRequest) -> tuple[int, dict[str, str], bytes]:
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)
        time.sleep(SERVE_TIME)
        with self.lock:
            self.now -= 1
        return 200, {}, f"<html><body><p>Page {request.path}: a paragraph of text.</p></body></html>".encode()


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_requests_in_flight_at_one_host_never_exceed_the_limit(tmp_path, limit):
    in_flight = InFlight()
    with TestServer() as srv:
        srv.route("/robots.txt", "User-agent: *\nAllow: /\n", headers={"Content-Type": "text/plain"})
        for i in range(PAGES):
            srv.route(f"/p{i}", handler=in_flight)
        urls = tmp_path / "urls.txt"
        urls.write_text("".join(srv.url(f"/p{i}") + "\n" for i in range(PAGES)), encoding="utf-8")
        result = crawl.run(
            "batch",
            {
                "CONCURRENT_REQUESTS": 16,
                "CONCURRENT_REQUESTS_PER_DOMAIN": limit,
                "DOWNLOAD_DELAY": 0,
                "RETRY_ENABLED": False,
                "LOG_LEVEL": "INFO",
            },
            urls_file=str(urls),
            output=str(tmp_path / "out"),
        )
    assert len(result.items) == PAGES
    assert in_flight.peak == limit  # held, and used: the limit is what the host saw
