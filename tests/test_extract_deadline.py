"""One extraction deadline for every front end: a page whose conversion overruns ``WEB2MD_EXTRACT_TIMEOUT`` fails
alone, with its URL and the reason, and nothing else waits for it (the reactor, the MCP server's other calls).

The pages (and feeds) are made slow by the test hook in ``tests/worker_hooks`` (a page holding ``web2md-test-hang``
sleeps in its conversion, a feed holding it in its parsing), loaded by every process of the command under test, the command's own included, so a page
converted outside a worker would hang that process.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import test_mcp
from tests.server import TestServer

ROOT = Path(__file__).resolve().parent.parent
HOOKS = Path(__file__).parent / "worker_hooks"
HOOKED = os.pathsep.join(filter(None, [str(HOOKS), str(ROOT), os.environ.get("PYTHONPATH")]))
HANG = "<html><body><p>web2md-test-hang</p></body></html>"
FINE = "<html><body><h1>Fine</h1><p>A page that converts at once.</p></body></html>"
RSS = (
    '<rss version="2.0"><channel><title>{title}</title>'
    "<item><title>An entry</title><link>https://example.com/entry</link></item></channel></rss>"
)


@pytest.fixture(scope="module")
def site():
    with TestServer() as srv:
        srv.route("/hang", HANG)
        srv.route("/fine", FINE)
        srv.route("/hang.xml", RSS.format(title="web2md-test-hang"), headers={"Content-Type": "application/rss+xml"})
        srv.route("/fine.xml", RSS.format(title="Fine feed"), headers={"Content-Type": "application/rss+xml"})
        yield srv


def web2md(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "ignore", "-m", "web2md.frontends.cli", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=HOOKED, PYTHONWARNINGS="ignore"),
        stdin=subprocess.DEVNULL,
        timeout=90,
    )


def scrapy_crawl(spider: str, url: str, log_level: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``scrapy crawl SPIDER -a url=URL`` with a two-second extraction deadline and the slow-conversion hook."""
    return subprocess.run(
        [sys.executable, "-W", "ignore", "-m", "scrapy", "crawl", spider, "-a", f"url={url}"]
        + ["-a", "extract_timeout=2", "-s", f"LOG_LEVEL={log_level}", "-s", "WEB2MD_OUTPUT_DIR="],
        cwd=cwd,
        env=dict(os.environ, SCRAPY_SETTINGS_MODULE="web2md.settings", PYTHONPATH=HOOKED, PYTHONWARNINGS="ignore"),
        capture_output=True,
        text=True,
        timeout=90,
    )


@pytest.mark.integration
@pytest.mark.parametrize("command", [["fetch"], []], ids=["fetch", "browse"])
def test_a_page_converting_past_the_deadline_fails_with_its_url_and_status_4(site, command):
    started = time.monotonic()
    done = web2md(*command, site.url("/hang"), "--extract-timeout", "2")
    assert done.returncode == 4
    assert done.stdout == ""
    assert done.stderr.endswith(
        f"web2md: extraction timed out after 2 s: {site.url('/hang')} (try a longer --extract-timeout)\n"
    )
    assert time.monotonic() - started < 60
    fine = web2md(*command, site.url("/fine"), "--extract-timeout", "2")
    assert fine.returncode == 0, fine.stderr
    assert "A page that converts at once." in fine.stdout


def test_the_deadline_must_be_positive(site):
    done = web2md("fetch", site.url("/fine"), "--extract-timeout", "0")
    assert done.returncode == 2
    assert done.stderr == "web2md: extract_timeout must be > 0 s, got 0.0\n"


@pytest.mark.integration
def test_an_mcp_call_converting_past_the_deadline_fails_alone(site, monkeypatch):
    monkeypatch.setattr(test_mcp, "ENV", {"PYTHONPATH": HOOKED, "PYTHONWARNINGS": "ignore"})
    session = test_mcp.McpSession("--allow-private", "--timeout", "8")
    try:
        finished: dict[str, float] = {}

        async def call(path: str):
            assert session.client is not None
            result = await session.client.call_tool("web_fetch", {"url": site.url(path)})
            finished[path] = time.monotonic()
            return result

        async def both():
            hang = asyncio.ensure_future(call("/hang"))
            await asyncio.sleep(0.5)  # the slow page is converting when the other call comes
            return await asyncio.gather(hang, call("/fine"))

        hang, fine = session.run(both(), timeout=90)
        assert hang.is_error
        assert test_mcp.text_of(hang) == (
            "Error executing tool web_fetch: "
            f"extraction timed out after 8 s: {site.url('/hang')} (try a longer web2md mcp --timeout)"
        )
        assert not fine.is_error and "A page that converts at once." in test_mcp.text_of(fine)
        assert finished["/fine"] < finished["/hang"]  # it did not wait for the slow page
    finally:
        session.close()


@pytest.mark.integration
def test_scrapy_crawl_of_one_page_converts_it_under_the_deadline(site, tmp_path):
    done = scrapy_crawl("page", site.url("/hang"), "WARNING", tmp_path)
    assert done.returncode == 1
    lines = [line.partition(" [")[2] for line in done.stderr.splitlines() if " [web2md" in line]
    assert lines == [
        f"web2md.middlewares.limits] WARNING: Failed {site.url('/hang')} (extraction_timeout): no result after 2 s",
        "web2md.spiders.base] ERROR: Crawl failed: nothing exported; every page failed (see web2md/failed/* in the "
        "stats)",
    ]


@pytest.mark.integration
def test_a_feed_parsing_past_the_deadline_fails_with_its_url_and_status_4(site):
    started = time.monotonic()
    done = web2md("feed", site.url("/hang.xml"), "--extract-timeout", "2")
    assert done.returncode == 4
    assert done.stdout == ""
    assert done.stderr.endswith(
        f"web2md: extraction timed out after 2 s: {site.url('/hang.xml')} (try a longer --extract-timeout)\n"
    )
    assert time.monotonic() - started < 60
    fine = web2md("feed", site.url("/fine.xml"), "--extract-timeout", "2")
    assert fine.returncode == 0, fine.stderr
    assert fine.stdout == "# Fine feed\n\n## [An entry](https://example.com/entry)\n"


@pytest.mark.integration
def test_a_feed_read_as_a_sitemap_parsing_past_the_deadline_fails_with_its_url_and_status_4(site):
    done = web2md("sitemap", site.url("/hang.xml"), "--extract-timeout", "2")
    assert done.returncode == 4
    assert done.stdout == ""
    assert done.stderr.endswith(
        f"web2md: extraction timed out after 2 s: {site.url('/hang.xml')} (try a longer --extract-timeout)\n"
    )
    fine = web2md("sitemap", site.url("/fine.xml"), "--extract-timeout", "2")
    assert (fine.returncode, fine.stdout) == (0, "https://example.com/entry\n"), fine.stderr


@pytest.mark.integration
def test_an_mcp_feed_parsing_past_the_deadline_fails_alone(site, monkeypatch):
    monkeypatch.setattr(test_mcp, "ENV", {"PYTHONPATH": HOOKED, "PYTHONWARNINGS": "ignore"})
    session = test_mcp.McpSession("--allow-private", "--timeout", "8")
    try:
        finished: dict[str, float] = {}

        async def call(tool: str, path: str):
            assert session.client is not None
            result = await session.client.call_tool(tool, {"url": site.url(path)})
            finished[path] = time.monotonic()
            return result

        async def both():
            hang = asyncio.ensure_future(call("web_feed", "/hang.xml"))
            await asyncio.sleep(0.5)  # the slow feed is parsing when the other call comes
            return await asyncio.gather(hang, call("web_fetch", "/fine"))

        hang, fine = session.run(both(), timeout=90)
        assert hang.is_error
        assert test_mcp.text_of(hang) == (
            "Error executing tool web_feed: "
            f"extraction timed out after 8 s: {site.url('/hang.xml')} (try a longer web2md mcp --timeout)"
        )
        assert not fine.is_error and "A page that converts at once." in test_mcp.text_of(fine)
        assert finished["/fine"] < finished["/hang.xml"]  # the reactor served it while the feed was parsing
    finally:
        session.close()


@pytest.mark.integration
def test_scrapy_crawl_feed_parses_it_under_the_deadline(site, tmp_path):
    done = scrapy_crawl("feed", site.url("/hang.xml"), "INFO", tmp_path)
    assert done.returncode == 1
    assert "'web2md/failed/extraction_timeout': 1," in done.stderr
    lines = [line.partition(" [")[2] for line in done.stderr.splitlines() if " [web2md" in line]
    lines = [line for line in lines if "] WARNING: " in line or "] ERROR: " in line]
    assert lines == [
        f"web2md.middlewares.limits] WARNING: Failed {site.url('/hang.xml')} (extraction_timeout): no result after 2 s",
        f"web2md.spiders.base] ERROR: Crawl failed: nothing exported; {site.url('/hang.xml')}: extraction timed out "
        "after 2 s",
    ]
