"""Failure accounting in real crawls: a page that produced nothing is counted once, under ``web2md/failed/<reason>``.

The spiders, the middlewares and the pipelines share `record_failure`, so no
failure shows up under a second name (the old ``web2md/http_error/<status>``,
``web2md/http_error_count``, ``web2md/fetch_error_count``) or in a total.
"""

from __future__ import annotations

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.middlewares.limits import failure_count
from web2md.settings import DOWNLOADER_MIDDLEWARES

pytestmark = pytest.mark.integration


def web2md_stats(result: crawl.CrawlResult) -> dict[str, int]:
    """The per-page counts (the run's own verdict, ``web2md/run_failed``, is not one)."""
    return {k: v for k, v in result.stats.items() if k.startswith("web2md/") and k != "web2md/run_failed"}


@pytest.fixture()
def server():
    with TestServer() as srv:
        srv.route("/robots.txt", "User-agent: *\nDisallow: /private\n", headers={"Content-Type": "text/plain"})
        srv.route("/gone", "<html><body><p>gone</p></body></html>", status=404)
        srv.route("/broken", "<html><body><p>broken</p></body></html>", status=500)
        srv.route("/slow", "<html><body><p>slow</p></body></html>", delay=3)
        srv.route("/private/page", "<html><body><p>private</p></body></html>")
        srv.route("/ok", "<html><head><title>OK</title></head><body><p>fine</p></body></html>")
        yield srv


def test_one_404_page_increments_exactly_one_stat_by_one(server):
    result = crawl.run("page", url=server.url("/gone"), output="")
    assert web2md_stats(result) == {"web2md/failed/http_404": 1}
    assert result.stats["web2md/run_failed"] == 1  # nothing exported, something failed
    assert result.failures == [
        {"url": server.url("/gone"), "final_url": server.url("/gone"), "status": 404, "reason": "HTTP 404 Not Found"}
    ]
    assert result.items == []


def test_an_http_error_the_middleware_did_not_see_has_the_same_single_name(server):
    # without FailureMiddleware, Scrapy's HttpErrorMiddleware hands the spider an HttpError
    middlewares = {**DOWNLOADER_MIDDLEWARES, "web2md.middlewares.limits.FailureMiddleware": None}
    result = crawl.run("page", {"DOWNLOADER_MIDDLEWARES": middlewares}, url=server.url("/gone"), output="")
    assert web2md_stats(result) == {"web2md/failed/http_404": 1}
    assert [(f["status"], f["reason"]) for f in result.failures] == [(404, "HTTP 404 Not Found")]


def test_timeout_and_server_error_are_counted_once_after_retries(server):
    # the 500 is retried (RETRY_TIMES = 2) and counted once, when retries give up
    result = crawl.run("page", url=f"{server.url('/broken')} {server.url('/slow')}", timeout="1", output="")
    assert web2md_stats(result) == {"web2md/failed/http_500": 1, "web2md/failed/timeout": 1}
    assert server.paths().count("/broken") == 3
    assert sorted((f["status"], f["reason"]) for f in result.failures if f["status"] is not None) == [
        (500, "HTTP 500 Internal Server Error")
    ]
    assert [f["reason"] for f in result.failures if f["status"] is None] == ["timed out"]


def test_a_refusal_is_counted_by_its_own_stat_not_as_a_failure(server):
    result = crawl.run("page", url=server.url("/private/page"), output="")
    assert web2md_stats(result) == {}
    assert result.stats["robotstxt/forbidden"] == 1
    assert [f["reason"] for f in result.failures] == [
        "Forbidden by robots.txt (disallowed for user agent 'web2md/0.1 (+https://github.com/web2md)'): "
        + server.url("/private/page")
    ]


def test_batch_summary_and_stats_agree(server, tmp_path):
    urls = tmp_path / "urls.txt"
    urls.write_text("\n".join([server.url("/ok"), server.url("/gone"), server.url("/broken"), "not a url"]) + "\n")
    summaries = []

    from web2md.spiders.batch import BatchSpider

    class Recording(BatchSpider):
        def closed(self, reason: str) -> None:
            super().closed(reason)
            summaries.append(self.summary)

    result = crawl.run(Recording, {"RETRY_ENABLED": False}, urls_file=str(urls), output="")
    assert "web2md/run_failed" not in result.stats  # a page was converted
    assert web2md_stats(result) == {
        "web2md/failed/http_404": 1,
        "web2md/failed/http_500": 1,
        "web2md/failed/invalid_url": 1,
        "web2md/page_count": 1,
    }
    assert summaries == [
        {
            "urls": 4,
            "converted": 1,
            "skipped": {},
            "failed": {"HTTP 404 Not Found": 1, "HTTP 500 Internal Server Error": 1, "invalid URL": 1},
        }
    ]
    assert failure_count(result.stats) == sum(summaries[0]["failed"].values()) == len(result.failures) == 3
