"""`web2md mcp` against hostile input, through the official `mcp` client: a pattern that backtracks without end
is stopped at the deadline while other calls are answered, network strings come back escaped, arguments are
strictly typed and unknown ones named."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from tests.server import TestServer
from tests.test_front_safety import FEED, SITEMAP
from tests.test_mcp import McpSession, page, text_of

pytestmark = pytest.mark.integration

DEADLINE = 3  # the server's --timeout, which bounds a web_grep call too


@pytest.fixture(scope="module")
def site() -> Iterator[TestServer]:
    with TestServer() as srv:
        srv.route("/a", page("Aaa", "<p>" + "a" * 40 + "b</p>"))
        srv.route("/fine", page("Fine", "<p>A fine page.</p>"))
        srv.route("/sitemap.xml", SITEMAP, headers={"Content-Type": "application/xml"})
        srv.route("/feed.xml", FEED, headers={"Content-Type": "application/rss+xml"})
        srv.route("/binary", b"\x00\x01binary", headers={"Content-Type": "application/x-\x1b]0;pwned\x07evil"})
        srv.route("/to-ftp", status=302, headers={"Location": "ftp://example.com/file"})
        yield srv


@pytest.fixture(scope="module")
def mcp() -> Iterator[McpSession]:
    session = McpSession("--allow-private", "--timeout", str(DEADLINE))
    yield session
    session.close()


def test_a_catastrophic_pattern_is_stopped_at_the_deadline_while_other_calls_are_answered(mcp, site):
    assert not mcp.call("web_fetch", {"url": site.url("/a")}).is_error
    assert mcp.client is not None

    async def both() -> tuple[float, object, float, object]:
        start = time.monotonic()

        async def timed(call):
            result = await call
            return time.monotonic() - start, result

        grep = asyncio.ensure_future(timed(mcp.client.call_tool("web_grep", {"pattern": "(a+)+$"})))
        await asyncio.sleep(0.5)  # the grep is running
        fetched_after, fetched = await timed(mcp.client.call_tool("web_fetch", {"url": site.url("/fine")}))
        grep_after, grepped = await grep
        return grep_after, grepped, fetched_after, fetched

    grep_after, grepped, fetched_after, fetched = mcp.run(both())
    assert not fetched.is_error, text_of(fetched)
    assert "A fine page." in text_of(fetched)
    assert fetched_after < DEADLINE  # answered while the pattern ran
    assert grepped.is_error
    assert text_of(grepped) == (
        "Error executing tool web_grep: "
        f"pattern '(a+)+$' ran longer than {DEADLINE} s (the server's --timeout) and was stopped: simplify it "
        "(nested repetition such as (a+)+ backtracks without end)"
    )
    assert DEADLINE <= grep_after < DEADLINE + 5
    # the pool replaced the killed worker: the next search works
    again = mcp.call("web_grep", {"pattern": "fine"})
    assert not again.is_error
    assert text_of(again) == f"{site.url('/fine')}:3:A fine page."


def test_network_strings_come_back_escaped(mcp, site):
    listed = mcp.call("web_sitemap", {"url": site.url("/sitemap.xml")})
    assert not listed.is_error, text_of(listed)
    assert listed.structured_content["urls"] == [{"url": "http://e.com/\\x1b[2Jx\\u202ey"}]
    assert text_of(listed).endswith("\nhttp://e.com/\\x1b[2Jx\\u202ey")
    feed = mcp.call("web_feed", {"url": site.url("/feed.xml")})
    assert not feed.is_error, text_of(feed)
    assert feed.structured_content["entries"] == [{"title": "Post", "url": "http://e.com/\\x1b[2Jpost"}]
    assert "\x1b" not in text_of(feed) and "\x07" not in text_of(feed)
    binary = mcp.call("web_fetch", {"url": site.url("/binary")})
    assert binary.is_error
    assert text_of(binary) == (
        f"Error executing tool web_fetch: cannot read application/x-\\x1b]0 (8 bytes): {site.url('/binary')}"
    )


def test_a_redirect_to_another_scheme_says_so(mcp, site):
    moved = mcp.call("web_fetch", {"url": site.url("/to-ftp")})
    assert moved.is_error
    assert text_of(moved) == (
        "Error executing tool web_fetch: redirect to an unsupported scheme: ftp://example.com/file: "
        + site.url("/to-ftp")
    )


def test_urls_without_a_scheme_are_completed_and_passwords_never_echoed(mcp, site):
    typed = site.url("/fine").removeprefix("http://")
    fetched = mcp.call("web_fetch", {"url": typed})
    assert not fetched.is_error, text_of(fetched)
    assert fetched.structured_content["url"] == site.url("/fine")
    secret = mcp.call("web_fetch", {"url": site.url("/fine").replace("http://", "http://me:secret@")})
    assert secret.is_error
    assert text_of(secret) == (
        f"Error executing tool web_fetch: invalid URL: {site.url('/fine').replace('http://', 'http://***@')} "
        "(a user name or password in the URL is not supported: web2md sends no credentials)"
    )


def test_numbers_are_strict_and_unknown_arguments_are_named(mcp, site):
    url = site.url("/fine")
    boolean = mcp.call("web_fetch", {"url": url, "max_length": True})
    assert boolean.is_error
    assert text_of(boolean) == (
        "Error executing tool web_fetch: invalid arguments: max_length: Input should be a valid integer (got True)"
    )
    unknown = mcp.call("web_fetch", {"url": url, "max_lenght": 5})
    assert unknown.is_error
    assert (
        text_of(unknown) == "Error executing tool web_fetch: unknown argument 'max_lenght' (did you mean max_length?)"
    )
    nothing_close = mcp.call("web_feed", {"url": url, "zzz": 1})
    assert text_of(nothing_close) == (
        "Error executing tool web_feed: unknown argument 'zzz' (known: include_content, max_entries, url)"
    )
