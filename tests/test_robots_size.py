"""A robots.txt is read up to RFC 9309's 500 KiB: a file of megabytes of rules costs no more than that."""

from __future__ import annotations

import pytest

from tests.mw_harness import run_crawl
from tests.server import TestServer
from web2md.middlewares.robots import ROBOTS_MAX_BYTES

pytestmark = pytest.mark.integration

TEXT = {"Content-Type": "text/plain"}
PAGE = "<html><body><p>page</p></body></html>"


def test_the_rules_past_500_kib_are_not_read():
    filler = "".join(f"Disallow: /filler/{i:08d}/\n" for i in range(2 * ROBOTS_MAX_BYTES // 28))
    robots = f"User-agent: *\nDisallow: /early/\n{filler}Disallow: /late/\n"
    assert len(robots) > 2 * ROBOTS_MAX_BYTES
    with TestServer() as srv:
        srv.route("/robots.txt", robots, headers=TEXT)
        for path in ("/early/a", "/late/a", "/open"):
            srv.route(path, PAGE)
        result = run_crawl([srv.url(p) for p in ("/early/a", "/late/a", "/open")])
        fetched = set(srv.paths())
    assert "/early/a" not in fetched  # a rule in the first 500 KiB is obeyed
    assert {"/late/a", "/open"} <= fetched  # one past it is not read
    assert result.stat("robotstxt/truncated_count") == 1
