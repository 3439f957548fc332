"""Blacklist: the matcher, the built-in/user/extra pattern files, and the downloader middleware in a crawl."""

from __future__ import annotations

import pytest
from scrapy import Request, Spider
from scrapy.exceptions import NotConfigured
from scrapy.settings import Settings
from scrapy.statscollectors import MemoryStatsCollector
from scrapy.utils.test import get_crawler

from tests.mw_harness import run_crawl
from tests.server import TestServer
from web2md.blacklist.middleware import Blacklisted, BlacklistMiddleware, load_blacklist
from web2md.blacklist.patterns import Blacklist, user_blacklist_path
from web2md.middlewares import apply_politeness_options
from web2md.middlewares.limits import failure_count


def test_host_suffix_and_path_fragment_rules():
    bl = Blacklist(["doubleclick.net", "/ads/", "example.org/tracker/", "*.metrics.io", "https://Pixel.Example.COM"])
    assert bl.match("https://doubleclick.net/x") == "doubleclick.net"
    assert bl.match("https://ad.g.doubleclick.net/pagead?x=1") == "doubleclick.net"
    assert bl.match("https://notdoubleclick.net/") is None
    assert bl.match("https://doubleclick.network/") is None
    assert bl.match("https://news.example/ads/banner.png") == "/ads/"
    assert bl.match("https://news.example/ADS/banner.png") == "/ads/"
    assert bl.match("https://news.example/downloads/file") is None
    assert bl.match("https://www.example.org/tracker/1") == "example.org/tracker/"
    assert bl.match("https://www.example.org/about") is None
    assert bl.match("https://eu.metrics.io/") == "*.metrics.io"
    assert bl.match("http://pixel.example.com/p.gif") == "https://Pixel.Example.COM"
    assert bl.match("not a url") is None
    assert "https://x.doubleclick.net/" in bl
    assert bl.filter(["https://a.test/", "https://doubleclick.net/", "https://b.test/ads/1"]) == ["https://a.test/"]


def test_comments_and_blank_lines_are_ignored():
    bl = Blacklist(["# a comment", "", "   ", "  # indented comment", "tracker.test  # trailing note", "/#!/ads/"])
    assert len(bl) == 2
    assert bl.match("https://cdn.tracker.test/") == "tracker.test"
    assert bl.match("https://site.test/#!/ads/") is None  # fragments are not part of the path
    assert bl.match("https://site.test/x/#!/ads/?") is None


def test_query_string_is_searched_for_path_fragments():
    bl = Blacklist(["/collect?v="])
    assert bl.match("https://www.google-analytics.test/collect?v=1&tid=UA") == "/collect?v="
    assert bl.match("https://site.test/collect") is None


def test_builtin_list_has_well_known_ad_and_tracking_hosts():
    lines = [l for l in Blacklist.builtin_lines() if l.strip() and not l.lstrip().startswith("#")]
    assert len(lines) >= 100
    bl = Blacklist.load(user=False)
    for url in (
        "https://securepubads.g.doubleclick.net/tag/js/gpt.js",
        "https://www.googletagmanager.com/gtm.js?id=GTM-1",
        "https://www.google-analytics.com/analytics.js",
        "https://connect.facebook.net/en_US/fbevents.js",
        "https://static.criteo.net/js/ld/publishertag.js",
        "https://cdn.taboola.com/libtrc/x/loader.js",
        "https://example.com/ads/slot1.html",
    ):
        assert bl.match(url), url
    for url in (
        "https://en.wikipedia.org/wiki/Advertising",
        "https://www.facebook.com/help",
        "https://www.google.com/search?q=ads",
        "https://example.com/downloads/",
    ):
        assert bl.match(url) is None, url


def test_load_user_file_from_home_and_extra_files(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_blacklist_path() == tmp_path / ".web2md" / "blacklist.txt"
    assert Blacklist.load().match("https://mine.test/") is None  # no user file: fine
    (tmp_path / ".web2md").mkdir()
    user_blacklist_path().write_text("# mine\nmine.test\n", encoding="utf-8")
    extra = tmp_path / "extra.txt"
    extra.write_text("/private-ads/\n", encoding="utf-8")
    bl = Blacklist.load(files=[extra])
    assert bl.match("https://www.mine.test/") == "mine.test"
    assert bl.match("https://a.test/private-ads/1") == "/private-ads/"
    assert bl.match("https://doubleclick.net/") == "doubleclick.net"
    assert Blacklist.load(user=False).match("https://mine.test/") is None
    only_extra = Blacklist.load(builtin=False, user=False, files=[extra])
    assert len(only_extra) == 1 and only_extra.match("https://doubleclick.net/") is None
    with pytest.raises(OSError):
        Blacklist.load(files=[tmp_path / "missing.txt"])


def test_options_map_to_settings():
    settings: dict = {"WEB2MD_BLACKLIST_FILES": ["a.txt"]}
    apply_politeness_options(
        settings, {"no_blacklist": "true", "no_user_blacklist": "0", "blacklist_file": ["b.txt", "c.txt"]}
    )
    assert settings["WEB2MD_BLACKLIST_ENABLED"] is False
    assert settings["WEB2MD_USER_BLACKLIST"] is True
    assert settings["WEB2MD_BLACKLIST_FILES"] == ["a.txt", "b.txt", "c.txt"]


HUB = """<html><body>
<a href="/ok">ok</a>
<a href="/ads/banner">builtin path fragment</a>
<a href="/mine/page">user file</a>
<a href="/extra/page">extra file</a>
<a href="http://localhost:{port}/other">user file host</a>
</body></html>"""


def _site(srv: TestServer) -> None:
    srv.route("/", HUB.format(port=srv.port))
    for path in ("/ok", "/ads/banner", "/mine/page", "/extra/page", "/ads/explicit"):
        srv.route(path, f"<p>{path}</p>")


@pytest.mark.integration
def test_crawl_skips_blacklisted_links_but_fetches_explicit_urls(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".web2md").mkdir()
    (tmp_path / ".web2md" / "blacklist.txt").write_text("/mine/\nlocalhost\n", encoding="utf-8")
    extra = tmp_path / "extra.txt"
    extra.write_text("/extra/\n", encoding="utf-8")
    settings: dict = {}
    apply_politeness_options(settings, {"blacklist_file": str(extra)})
    with TestServer() as srv:
        _site(srv)
        result = run_crawl([srv.url("/"), srv.url("/ads/explicit")], settings, follow=True)
        paths = srv.paths()
    assert sorted(p for p in paths if p != "/robots.txt") == ["/", "/ads/explicit", "/ok"]
    assert result.stat("web2md/blacklisted") == 4
    assert sorted(f["type"] for f in result.failures) == ["Blacklisted"] * 4
    assert failure_count(result.stats) == 0


def blacklist_middleware(options: dict[str, str]) -> BlacklistMiddleware:
    settings: dict = {}
    apply_politeness_options(settings, options)
    crawler = get_crawler(Spider, settings)
    crawler.stats = MemoryStatsCollector(crawler)
    return BlacklistMiddleware.from_crawler(crawler)


def refused(middleware: BlacklistMiddleware, url: str) -> bool:
    try:
        middleware.process_request(Request(url))
    except Blacklisted:
        return True
    return False


def test_no_user_blacklist_and_no_blacklist(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".web2md").mkdir()
    (tmp_path / ".web2md" / "blacklist.txt").write_text("/mine/\n", encoding="utf-8")
    default = blacklist_middleware({})
    assert refused(default, "http://site.test/mine/page") and refused(default, "http://site.test/ads/banner")
    without_user = blacklist_middleware({"no_user_blacklist": "1"})
    assert not refused(without_user, "http://site.test/mine/page")
    assert refused(without_user, "http://site.test/ads/banner")
    assert not refused(without_user, "http://site.test/ok")
    assert without_user.stats.get_value("web2md/blacklisted") == 1
    # no blacklist: the middleware stands aside and the spiders' link filter is empty
    settings: dict = {}
    apply_politeness_options(settings, {"no_blacklist": "1"})
    assert not load_blacklist(Settings(settings))
    with pytest.raises(NotConfigured):
        blacklist_middleware({"no_blacklist": "1"})
