"""Failures that used to be silent: a failed crawl's exit status (``scrapy crawl``, ``web2md jobs run``), a dry
run's pages robots.txt forbids, and MCP ``web_sitemap`` on a refused address."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import TestServer
from tests.test_mcp import McpSession, text_of

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
LOG_TIME = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ")


@pytest.fixture(scope="module")
def site() -> Iterator[TestServer]:
    with TestServer() as srv:
        srv.route("/robots.txt", "User-agent: *\nDisallow: /private\n", headers={"Content-Type": "text/plain"})
        srv.route("/", '<html><body><a href="/a">a</a> <a href="/private/x">x</a> <a href="/gone">g</a></body></html>')
        srv.route(
            "/a", '<html><body><main><p>Page a.</p><a href="/private/y">y</a> <a href="/b">b</a></main></body></html>'
        )
        srv.route("/b", "<html><body><main><p>Page b.</p></main></body></html>")
        srv.route("/private/x", '<html><body><a href="/c">c</a></body></html>')
        srv.route("/plain", "<html><body><p>No sitemap here.</p></body></html>")
        yield srv


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env={**ENV, "SCRAPY_SETTINGS_MODULE": "web2md.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def scrapy_crawl(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return run(cwd, "-m", "scrapy", "crawl", *args, "-s", "LOG_LEVEL=ERROR", "-s", "RETRY_ENABLED=0")


def errors(stderr: str) -> list[str]:
    return [LOG_TIME.sub("", line) for line in stderr.splitlines()]


# -- scrapy crawl's exit status ------------------------------------------------------------------


def test_scrapy_crawl_of_an_invalid_start_url_exits_1(tmp_path):
    done = scrapy_crawl(tmp_path, "site", "-a", "url=ftp://127.0.0.1:8901/", "-a", "depth=0")
    assert done.returncode == 1
    assert errors(done.stderr) == [
        "[web2md.spiders.base] ERROR: Invalid URL (need an absolute http or https URL, without credentials): "
        "ftp://127.0.0.1:8901/",
        "[web2md.spiders.base] ERROR: Crawl failed: nothing exported; ftp://127.0.0.1:8901/: invalid URL",
    ]


def test_scrapy_crawl_of_an_unreachable_start_url_exits_1(tmp_path):
    url = f"http://127.0.0.1:{closed_port()}/"
    done = scrapy_crawl(tmp_path, "page", "-a", f"url={url}")
    assert done.returncode == 1
    assert (
        errors(done.stderr)[-1]
        == f"[web2md.spiders.base] ERROR: Crawl failed: nothing exported; {url}: connection refused"
    )


def test_scrapy_crawl_without_a_sitemap_exits_1(site, tmp_path):
    done = scrapy_crawl(tmp_path, "sitemap", "-a", f"url={site.url('/plain')}", "-a", "list=1")
    assert done.returncode == 1
    assert errors(done.stderr)[-1] == (
        f"[web2md.spiders.base] ERROR: Crawl failed: nothing exported; {site.url('/plain')}: no sitemap found"
    )


def test_scrapy_crawl_of_a_start_page_robots_txt_forbids_exits_1(site, tmp_path):
    done = scrapy_crawl(tmp_path, "page", "-a", f"url={site.url('/private/x')}")
    assert done.returncode == 1
    assert "ERROR: Crawl failed: nothing exported" in done.stderr


def test_scrapy_crawl_that_exported_pages_exits_0_though_some_failed(site, tmp_path):
    done = scrapy_crawl(tmp_path, "site", "-a", f"url={site.url('/')}", "-a", "depth=1", "-O", "pages.jsonl")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "pages.jsonl").read_text().count("\n") == 2  # / and /a; /gone is 404, /private/x refused


def test_a_dry_run_that_lists_pages_exits_0(site, tmp_path):
    done = scrapy_crawl(tmp_path, "site", "-a", f"url={site.url('/')}", "-a", "depth=1", "-a", "dry_run=1")
    assert done.returncode == 0, done.stderr


# -- web2md jobs run ------------------------------------------------------------------------------


def test_jobs_run_exits_1_when_a_crawl_failed(site, tmp_path):
    down = f"http://127.0.0.1:{closed_port()}/"
    (tmp_path / "jobs.toml").write_text(
        f'[jobs.down]\nspider = "page"\nschedule = "* * * * *"\noutput = "o"\nargs = {{ url = "{down}" }}\n\n'
        f'[jobs.fine]\nspider = "page"\nschedule = "* * * * *"\noutput = "o"\nargs = {{ url = "{site.url("/b")}" }}\n'
    )
    done = run(tmp_path, "-m", "web2md.frontends.cli", "jobs", "run", "jobs.toml")
    assert done.returncode == 1
    assert (
        done.stdout == "down\tfailed: 0 pages, 0 unchanged, 1 failed\nfine\tfinished: 1 pages, 0 unchanged, 0 failed\n"
    )


# -- a dry run and robots.txt ---------------------------------------------------------------------


def test_fetch_dry_run_leaves_out_what_robots_txt_forbids_and_says_why(site, tmp_path):
    done = run(tmp_path, "-m", "web2md.frontends.cli", "fetch", site.url("/"), "--depth", "2", "--dry-run")
    assert done.returncode == 0, done.stderr
    # /private/x is fetched for its links (depth 1), /private/y only listed (depth 2): both are refused alike
    assert done.stdout == "".join(f"{site.url(p)}\n" for p in ("/", "/a", "/gone", "/b"))
    assert done.stderr.splitlines() == [
        f"web2md: skipped HTTP 404 Not Found: {site.url('/gone')}",
        f"web2md: skipped forbidden by robots.txt: {site.url('/private/x')} (--ignore-robots to fetch it anyway)",
        f"web2md: skipped forbidden by robots.txt: {site.url('/private/y')} (--ignore-robots to fetch it anyway)",
    ]
    assert "/private/y" not in site.paths()
    ignoring = run(
        tmp_path, "-m", "web2md.frontends.cli", "fetch", site.url("/"), "--depth", "1", "--dry-run", "--ignore-robots"
    )
    assert ignoring.stdout == "".join(f"{site.url(p)}\n" for p in ("/", "/a", "/gone", "/private/x"))


def test_fetch_dry_run_of_a_start_page_robots_txt_forbids_fails(site, tmp_path):
    done = run(tmp_path, "-m", "web2md.frontends.cli", "fetch", site.url("/private/x"), "--depth", "1", "--dry-run")
    assert (done.returncode, done.stdout) == (5, "")
    assert (
        done.stderr
        == f"web2md: forbidden by robots.txt: {site.url('/private/x')} (--ignore-robots to fetch it anyway)\n"
    )


def test_fetch_dry_run_of_an_unreachable_start_page_fails(tmp_path):
    url = f"http://127.0.0.1:{closed_port()}/"
    done = run(tmp_path, "-m", "web2md.frontends.cli", "fetch", url, "--depth", "1", "--dry-run")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"web2md: connection refused: {url} (is the server running, on that port?)\n"


def test_scrapy_crawl_dry_run_leaves_out_what_robots_txt_forbids(site, tmp_path):
    done = run(
        tmp_path, "-m", "scrapy", "crawl", "site", "-a", f"url={site.url('/')}", "-a", "depth=1", "-a", "dry_run=1",
        "-s", "LOG_LEVEL=INFO",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == "".join(f"{site.url(p)}\n" for p in ("/", "/a", "/gone"))
    assert (
        f"Forbidden by robots.txt (disallowed for user agent 'web2md/0.1 (+https://github.com/web2md)'): {site.url('/private/x')}"
        in done.stderr
    )


# -- MCP ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def strict() -> Iterator[McpSession]:
    session = McpSession("--timeout", "3")  # no --allow-private
    yield session
    session.close()


def test_mcp_sitemap_of_a_refused_address_says_why(strict):
    result = strict.call("web_sitemap", {"url": "http://10.1.2.3/"})
    assert result.is_error
    assert text_of(result) == (
        "Error executing tool web_sitemap: refused: 10.1.2.3 is a private address "
        "(start the server with --allow-private to allow it): http://10.1.2.3/"
    )


def test_mcp_dry_run_leaves_out_what_robots_txt_forbids(site):
    session = McpSession("--allow-private")
    try:
        result = session.call("web_crawl", {"url": site.url("/"), "depth": 1, "dry_run": True})
    finally:
        session.close()
    assert result.structured_content["planned"] == [site.url(p) for p in ("/", "/a", "/gone")]
    # at depth 1 the pages one link away are listed, not fetched: robots.txt is asked about them all the same
    assert result.structured_content["failed"] == [
        {
            "url": site.url("/private/x"),
            "reason": "Forbidden by robots.txt (disallowed for user agent 'web2md/0.1 (+https://github.com/web2md)'): "
            + site.url("/private/x"),
        }
    ]


def test_a_dry_run_checks_the_sitemaps_urls_against_robots_txt_too(tmp_path):
    with TestServer() as srv:
        srv.route("/robots.txt", f"User-agent: *\nDisallow: /private\nSitemap: {srv.url('/map.xml')}\n")
        srv.route("/", "<html><body><p>Home.</p></body></html>")
        urls = "".join(f"<url><loc>{srv.url(p)}</loc></url>" for p in ("/b", "/private/z"))
        srv.route("/map.xml", f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>')
        done = run(
            tmp_path, "-m", "web2md.frontends.cli", "fetch", srv.url("/"), "--depth", "0", "--sitemap", "--dry-run"
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout == f"{srv.url('/')}\n{srv.url('/b')}\n"
        assert done.stderr == (
            f"web2md: skipped forbidden by robots.txt: {srv.url('/private/z')} (--ignore-robots to fetch it anyway)\n"
        )
