"""Limits and failure accounting: gzip bombs, timeouts, redirect loops, meta refresh, HTTP errors, cache, request options."""

from __future__ import annotations

import os
import time
import zlib

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scrapy.statscollectors import MemoryStatsCollector

from tests.mw_harness import run_crawl, start_measured_crawl
from tests.server import TestServer
from web2md.middlewares import apply_politeness_options
from web2md.middlewares.limits import PageFailed, failure_count, failure_reason, record_failure

BOMB_MIB = 150


def gzip_bomb(mib: int) -> bytes:
    """A gzip body of `mib` MiB of zeros (about 150 KiB compressed), built without holding it."""
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)
    chunk = b"\0" * (1 << 20)
    parts = [packer.compress(chunk) for _ in range(mib)]
    parts.append(packer.flush())
    return b"".join(parts)


def options(**opts: str) -> dict:
    settings: dict = {}
    apply_politeness_options(settings, opts)
    return settings


@pytest.mark.integration
def test_failures_are_logged_once_counted_by_reason_and_the_crawl_goes_on():
    bomb = gzip_bomb(BOMB_MIB)
    assert len(bomb) < 1 << 20
    with TestServer() as srv:
        srv.route("/bomb", bomb, headers={"Content-Encoding": "gzip", "Content-Type": "text/html"})
        srv.route("/slow", "<p>slow</p>", delay=3)
        srv.route("/loop-a", status=302, headers={"Location": "/loop-b"})
        srv.route("/loop-b", status=302, headers={"Location": "/loop-a"})
        srv.route("/gone", "<p>gone</p>", status=404)
        srv.route("/broken", "<p>broken</p>", status=500)
        srv.route("/ok", "<p>still here</p>")
        urls = [srv.url(p) for p in ("/bomb", "/slow", "/loop-a", "/gone", "/broken", "/ok")]
        settings = {**options(timeout="1"), "DOWNLOAD_MAXSIZE": 32 * 1024 * 1024}
        # each in a process of its own, whose peak memory is the crawl's
        baseline = start_measured_crawl([srv.url("/ok")], settings)
        result = start_measured_crawl(urls, settings).result()
        baseline_mib = baseline.result().maxrss_mib
    assert [i["markdown"] for i in result.items] == ["still here"]
    # refused without a memory blow-up: the decompressed body is cut at DOWNLOAD_MAXSIZE (32 MiB),
    # so the peak stays far below what holding the 150 MiB bomb would add
    assert result.maxrss_mib - baseline_mib < BOMB_MIB / 2, (result.maxrss_mib, baseline_mib)
    expected = {
        "too_large": "/bomb",
        "timeout": "/slow",
        "redirect_loop": "/loop-a",
        "http_404": "/gone",
        "http_500": "/broken",
    }
    for reason, path in expected.items():
        assert result.stat(f"web2md/failed/{reason}") == 1, reason
        lines = [l for l in result.log if srv.url(path) in l and l.startswith(("WARNING", "ERROR"))]
        assert len(lines) == 1, (reason, lines)
    assert failure_count(result.stats) == len(expected)
    assert {f["reason"] for f in result.failures} == set(expected)
    assert {f["type"] for f in result.failures} == {"PageFailed"}
    loop_line = result.logged("(redirect_loop)")[0]
    assert f"redirect loop: {srv.url('/loop-a')} -> {srv.url('/loop-b')} -> {srv.url('/loop-a')}" in loop_line
    assert result.logged("(timeout)")[0].endswith(f"{srv.url('/slow')} (timeout): timed out after 1 s")


@pytest.mark.integration
def test_dns_failure_and_too_many_redirects():
    with TestServer() as srv:
        for i in range(6):
            srv.route(f"/r{i}", status=301, headers={"Location": f"/r{i + 1}"})
        srv.route("/r6", "<p>end</p>")
        result = run_crawl(["http://no-such-host.invalid/", srv.url("/r0")], {"REDIRECT_MAX_TIMES": 3})
    assert result.stat("web2md/failed/dns") == 1
    assert result.stat("web2md/failed/too_many_redirects") == 1
    [line] = result.logged("(too_many_redirects)")
    assert line.startswith(f"WARNING web2md.middlewares.limits: Failed {srv.url('/r0')} (too_many_redirects)")
    assert result.items == []


def test_meta_refresh_is_followed_once():
    from scrapy import Request, Spider
    from scrapy.http import HtmlResponse
    from scrapy.utils.test import get_crawler

    from web2md.middlewares.limits import MetaRefreshMiddleware

    refresh = '<html><head><meta http-equiv="refresh" content="0; url={}"></head><body><p>{}</p></body></html>'
    crawler = get_crawler(Spider)
    crawler.stats = MemoryStatsCollector(crawler)
    middleware = MetaRefreshMiddleware.from_crawler(crawler)
    first = Request("http://site.test/first")
    page = HtmlResponse(first.url, body=refresh.format("/second", "first"), encoding="utf-8", request=first)
    followed = middleware.process_response(first, page)
    assert isinstance(followed, Request) and followed.url == "http://site.test/second"
    assert followed.meta["redirect_urls"] == [first.url]
    # the page it leads to refreshes too: that one is the page, /third is not asked for
    second = HtmlResponse(followed.url, body=refresh.format("/third", "second"), encoding="utf-8", request=followed)
    assert middleware.process_response(followed, second) is second


@pytest.mark.integration
def test_cache_ttl_serves_the_second_run_and_refetches_after_expiry(tmp_path):
    ttl = 60
    settings = {**options(cache_ttl=str(ttl)), "HTTPCACHE_DIR": str(tmp_path / "cache")}
    assert settings["HTTPCACHE_ENABLED"] is True and settings["HTTPCACHE_EXPIRATION_SECS"] == ttl
    with TestServer() as srv:
        srv.route("/page", "<p>cached page</p>")
        first = run_crawl([srv.url("/page")], settings)
        after_first = srv.paths()
        second = run_crawl([srv.url("/page")], settings)
        after_second = srv.paths()
        # entries expire TTL seconds after they were stored (the mtime of their pickled_meta): stored that long
        # ago rather than waited for
        expired = time.time() - ttl - 1
        for meta in (tmp_path / "cache").rglob("pickled_meta"):
            os.utime(meta, (expired, expired))
        third = run_crawl([srv.url("/page")], settings)
        after_third = srv.paths()
    assert after_first.count("/page") == 1
    assert after_second == after_first  # served from the cache: the server saw nothing
    assert second.items[0]["cached"] is True and second.items[0]["markdown"] == "cached page"
    assert after_third.count("/page") == 2  # expired: fetched again
    assert first.items[0]["cached"] is False and third.items[0]["cached"] is False
    assert options(cache_ttl="0")["HTTPCACHE_ENABLED"] is False


@pytest.mark.integration
def test_cookie_header_and_user_agent_options_reach_the_server():
    settings = options(
        cookie=["session=abc", "theme=dark"], header=["X-Trace: 42", "Accept-Language: de"], user_agent="politebot/2.0"
    )
    with TestServer() as srv:
        srv.route("/", "<p>hi</p>")
        run_crawl([srv.url("/")], settings)
        [page] = [r for r in srv.requests if r.path == "/"]
        [robots] = [r for r in srv.requests if r.path == "/robots.txt"]
    assert page.headers["X-Trace"] == "42"
    assert page.headers["Accept-Language"] == "de"
    assert page.headers["User-Agent"] == "politebot/2.0"
    assert robots.headers["User-Agent"] == "politebot/2.0"
    assert sorted(page.headers["Cookie"].split("; ")) == ["session=abc", "theme=dark"]


def test_option_parsing():
    s = options(delay="250", timeout="7", header="User-Agent: ua/1", cookie="a=1; b=2")
    assert s["DOWNLOAD_DELAY"] == 0.25 and s["DOWNLOAD_DELAY_JITTER"] == 0.0
    assert s["DOWNLOAD_TIMEOUT"] == 7.0
    assert s["USER_AGENT"] == "ua/1"
    assert s["WEB2MD_COOKIES"] == {"a": "1", "b": "2"}
    assert options(ignore_robots="true")["ROBOTSTXT_OBEY"] is False
    assert options(ignore_robots="0")["ROBOTSTXT_OBEY"] is True
    assert options() == {}
    for bad in (
        {"header": "no colon"},
        {"cookie": "novalue"},
        {"delay": "-1"},
        {"timeout": "0"},
        {"ignore_robots": "maybe"},
    ):
        with pytest.raises(ValueError):
            options(**bad)


def test_record_failure_and_reasons(caplog):
    from scrapy.exceptions import CannotResolveHostError, DownloadTimeoutError

    stats = MemoryStatsCollector.__new__(MemoryStatsCollector)
    stats._stats = {}
    with caplog.at_level("WARNING", logger="web2md.middlewares.limits"):
        record_failure(stats, "https://a.test/p", "extraction_error", "ValueError: bad")
    assert stats.get_value("web2md/failed/extraction_error") == 1
    assert stats.get_stats() == {"web2md/failed/extraction_error": 1}  # one stat, no second name or total
    assert caplog.messages == ["Failed https://a.test/p (extraction_error): ValueError: bad"]
    assert failure_reason(DownloadTimeoutError("x")) == "timeout"
    assert failure_reason(CannotResolveHostError("x")) == "dns"
    assert failure_reason(UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad")) == "decode_error"
    assert failure_reason(PageFailed("u", "http_503")) == "http_503"
    assert failure_reason(RuntimeError()) == "error"


# -- meta refresh read from a prefix of the body ---------------------------------------------------------------
REFRESH_ENCODINGS = ["utf-8", "cp1252", "utf-16", "shift_jis", "iso-2022-jp", "gb18030", "cp500"]


@settings(max_examples=150, deadline=None)
@given(
    filler=st.text(alphabet="aé€日本語 <>&;\n", max_size=6000),
    at=st.integers(0, 6000),
    tail=st.integers(0, 30000),
    encoding=st.sampled_from(REFRESH_ENCODINGS),
    declared=st.sampled_from(["header", "meta", "none"]),
    target=st.sampled_from(["/next", "/é-page", "/日本"]),
    stray=st.booleans(),
    refresh=st.sampled_from(["refresh", "REFRESH", "Refresh", None]),
)
@example(
    filler="日" * 4000,
    at=4000,
    tail=10000,
    encoding="utf-8",
    declared="header",
    target="/日本",
    stray=False,
    refresh="refresh",
)
@example(
    filler="é" * 4000,
    at=4000,
    tail=10000,
    encoding="utf-16",
    declared="none",
    target="/next",
    stray=False,
    refresh="refresh",
)
# undeclared, UTF-8 up to a stray Latin-1 byte past the prefix: the whole body decides the encoding
@example(
    filler="a", at=0, tail=20000, encoding="utf-8", declared="none", target="/é-page", stray=True, refresh="refresh"
)
def test_meta_refresh_from_a_prefix_of_the_body_is_scrapys_answer(
    filler, at, tail, encoding, declared, target, stray, refresh
):
    # bodies shorter and longer than the prefix, refreshes before and after the 4,096th character, pages without
    # one (the bytes are searched before anything is decoded)
    from scrapy import Request, Spider
    from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware as ScrapyMetaRefresh
    from scrapy.http import HtmlResponse
    from scrapy.utils.test import get_crawler

    from web2md.middlewares.limits import MetaRefreshMiddleware

    refresh = f'<meta http-equiv="{refresh}" content="0; url={target}">' if refresh else '<meta name="x">'
    head = f'<meta charset="{encoding}">' if declared == "meta" else ""
    text = f"<html><head>{head}</head><body>{filler[:at]}{refresh}{filler[at:]}{'é日 ' * tail}</body></html>"
    body = text.encode(encoding, errors="xmlcharrefreplace") + (b"\xe9" if stray else b"")
    headers = {"Content-Type": f"text/html; charset={encoding}" if declared == "header" else "text/html"}
    url = "http://e.test/page"
    crawler = get_crawler(Spider)
    crawler.stats = MemoryStatsCollector(crawler)
    ours, scrapys = MetaRefreshMiddleware.from_crawler(crawler), ScrapyMetaRefresh.from_crawler(crawler)
    answers = []
    for middleware in (ours, scrapys):
        response = HtmlResponse(url, body=body, headers=headers)
        result = middleware.process_response(Request(url), response)
        answers.append(result.url if isinstance(result, Request) else ("page", result is response))
    assert answers[0] == answers[1]
