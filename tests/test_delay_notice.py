"""A crawl says once per host which delay between requests applies and why, in the log and the progress line."""

from __future__ import annotations

import logging

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.frontends.progress import CrawlProgress

pytestmark = pytest.mark.integration

TEXT = {"Content-Type": "text/plain"}
NOTICE = "web2md.middlewares.robots"


def small_site(srv: TestServer, robots: str) -> None:
    srv.route("/robots.txt", robots, headers=TEXT)
    srv.route("/", '<html><body><h1>Home</h1><p>Home page.</p><a href="/a">a</a> <a href="/b">b</a></body></html>')
    for path in ("/a", "/b"):
        srv.route(path, f"<html><body><h1>{path}</h1><p>The page {path}.</p></body></html>")


def notices(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == NOTICE and "between them" in r.message]


def test_robots_crawl_delay_is_announced_once_per_host(caplog):
    progress = CrawlProgress("crawling", enabled=False)
    with TestServer() as srv, caplog.at_level(logging.INFO, logger=NOTICE):
        small_site(srv, "User-agent: *\nCrawl-delay: 0.4\n")
        crawl.run("site", {"WEB2MD_PROGRESS": progress}, url=srv.url("/"), depth=1, output="")
        host = srv.url("")[len("http://") :]
    assert notices(caplog) == [
        (logging.INFO, f"Requests to {host} wait 0.4 s between them: robots.txt Crawl-delay 0.4 s")
    ]
    assert progress.notes == [f"{host}: 0.4 s between requests (robots.txt Crawl-delay 0.4 s)"]


def test_the_delay_argument_is_announced_when_it_is_the_longer(caplog):
    with TestServer() as srv, caplog.at_level(logging.INFO, logger=NOTICE):
        small_site(srv, "User-agent: *\nCrawl-delay: 0.1\n")
        crawl.run("site", url=srv.url("/"), depth=1, output="", delay="300")
        host = srv.url("")[len("http://") :]
    assert notices(caplog) == [
        (
            logging.INFO,
            f"Requests to {host} wait 0.3 s between them: the delay argument (DOWNLOAD_DELAY), "
            "longer than robots.txt's Crawl-delay 0.1 s",
        )
    ]


def test_no_delay_no_notice(caplog):
    with TestServer() as srv, caplog.at_level(logging.INFO, logger=NOTICE):
        small_site(srv, "User-agent: *\nDisallow: /private/\n")
        crawl.run("site", url=srv.url("/"), depth=1, output="")
    assert notices(caplog) == []
