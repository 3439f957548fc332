"""Hostile bodies in a crawl (issue 19): JSON nested past the stack, feeds that declare XML entities."""

from __future__ import annotations

import pytest

from tests.server import TestServer
from web2md import crawl, text_for

XXE = (
    b'<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
    b'<rss version="2.0"><channel><title>&xxe;</title></channel></rss>'
)
DEEP_JSON = b"[" * 100_000 + b"]" * 100_000


def test_json_nested_past_the_stack_is_shown_as_it_came():
    notice = "[JSON nested too deeply to pretty-print]"
    assert text_for(DEEP_JSON, "application/json") == DEEP_JSON.decode() + "\n\n" + notice


@pytest.mark.integration
def test_a_crawl_keeps_a_deeply_nested_json_body(caplog):
    with TestServer() as srv:
        srv.route("/deep.json", DEEP_JSON, headers={"Content-Type": "application/json"})
        with caplog.at_level("WARNING"):
            result = crawl.run("page", url=srv.url("/deep.json"), output="")
    [item] = result.items
    assert item["markdown"].endswith("]\n\n[JSON nested too deeply to pretty-print]")
    assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]
    assert "RecursionError" not in caplog.text


@pytest.mark.integration
def test_a_feed_declaring_entities_is_refused_and_said_so():
    with TestServer() as srv:
        srv.route("/feed.xml", XXE, headers={"Content-Type": "application/rss+xml"})
        srv.route(
            "/",
            '<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head>'
            "<body><p>A blog.</p></body></html>",
        )
        direct = crawl.run("feed", url=srv.url("/feed.xml"), output="")
        linked = crawl.run("feed", url=srv.url("/"), output="")
        paths = srv.paths()
    reason = (
        f"feed {srv.url('/feed.xml')} refused: it declares XML entities (a possible XXE or entity-expansion attack)"
    )
    assert direct.failures == [{"url": srv.url("/feed.xml"), "status": None, "reason": reason}]
    assert linked.failures == [{"url": srv.url("/"), "status": None, "reason": reason}]
    assert direct.stats["web2md/failed/feed_refused"] == 1 and linked.stats["web2md/failed/feed_refused"] == 1
    # no guessed locations after a refusal
    assert sorted(set(paths)) == ["/", "/feed.xml", "/robots.txt"]
