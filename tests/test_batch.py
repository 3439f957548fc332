"""The `batch` spider: a file of URLs against a real local server (good, 404, blacklisted, invalid, duplicate lines)."""

from __future__ import annotations

import logging

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.spiders.batch import BatchSpider

SETTINGS = {"WEB2MD_USER_BLACKLIST": False, "RETRY_ENABLED": False, "LOG_LEVEL": "INFO"}


@pytest.fixture()
def server():
    with TestServer() as srv:
        srv.route("/one", "<html><head><title>One</title></head><body><p>First page</p></body></html>")
        srv.route("/two", "<html><head><title>Two</title></head><body><p>Second page</p></body></html>")
        srv.route("/ads/banner.html", "<html><body>ad</body></html>")
        yield srv


def write_list(tmp_path, srv) -> str:
    path = tmp_path / "urls.txt"
    path.write_text(
        "# pages to convert\n"
        f"{srv.url('/one')}\n"
        "\n"
        f"   {srv.url('/two')}   \n"
        f"{srv.url('/missing')}\n"
        f"{srv.url('/ads/banner.html')}\n"
        "not a url\n"
        "ftp://files.example.com/x\n"
        f"{srv.url('/one')}\n"
        "   # indented comment\n",
        encoding="utf-8",
    )
    return str(path)


@pytest.mark.integration
def test_batch_good_404_blacklisted_invalid_and_duplicate_lines(server, tmp_path, caplog):
    out = tmp_path / "out"
    with caplog.at_level(logging.INFO):
        result = crawl.run("batch", SETTINGS, urls_file=write_list(tmp_path, server), output=str(out))

    assert sorted((item["url"], item["title"], item["status"]) for item in result.items) == [
        (server.url("/one"), "One", 200),
        (server.url("/two"), "Two", 200),
    ]
    # each input fetched once; the blacklisted one never
    assert sorted(p for p in server.paths() if p != "/robots.txt") == ["/missing", "/one", "/two"]
    assert sorted((f["url"], f["status"], f["reason"]) for f in result.failures) == [
        ("ftp://files.example.com/x", None, "invalid URL"),
        (server.url("/missing"), 404, "HTTP 404 Not Found"),
        ("not a url", None, "invalid URL"),
    ]
    # written as by the export pipeline: one Markdown file per converted page
    files = sorted(p.name for p in out.rglob("*.md"))
    assert files == ["one.md", "two.md"]
    messages = [r.getMessage() for r in caplog.records]
    assert any("Skipping blacklisted URL" in m and server.url("/ads/banner.html") in m for m in messages)
    summary = [m for m in messages if m.startswith("Batch summary")]
    assert summary == [
        "Batch summary: 7 URLs, 2 converted, 3 failed (1 HTTP 404 Not Found, 2 invalid URL), "
        "2 skipped (1 blacklisted, 1 duplicate)"
    ]


@pytest.mark.integration
def test_batch_summary_is_kept_on_the_spider(server, tmp_path):
    summaries = []

    class Recording(BatchSpider):
        def closed(self, reason):
            super().closed(reason)
            summaries.append(self.summary)

    crawl.run(Recording, SETTINGS, urls_file=write_list(tmp_path, server), output="")
    assert summaries == [
        {
            "urls": 7,
            "converted": 2,
            "failed": {"HTTP 404 Not Found": 1, "invalid URL": 2},
            "skipped": {"blacklisted": 1, "duplicate": 1},
        }
    ]


@pytest.mark.integration
def test_batch_without_blacklist_fetches_everything(server, tmp_path):
    result = crawl.run(
        "batch", {**SETTINGS, "WEB2MD_BLACKLIST_ENABLED": False}, urls_file=write_list(tmp_path, server), output=""
    )
    assert "/ads/banner.html" in server.paths()
    assert len(result.items) == 3


def test_batch_needs_a_list():
    with pytest.raises(ValueError, match="urls_file"):
        BatchSpider()
