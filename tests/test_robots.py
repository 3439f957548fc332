"""robots.txt: one shared fetch per origin under concurrency, Crawl-delay via download slots, status handling."""

from __future__ import annotations

import pytest

from tests.mw_harness import run_crawl, start_crawl
from tests.server import TestServer
from web2md.middlewares import apply_politeness_options
from web2md.middlewares.limits import failure_count
from web2md.middlewares.robots import RobotsPolicy

TEXT = {"Content-Type": "text/plain"}
PAGE = "<html><body><p>page {}</p></body></html>"
# Arrival times at the server carry connection and thread-scheduling noise on top of
# the spacing Scrapy keeps between sends: on a loaded machine one arrival came 72 ms
# late, shortening the next gap. Without the delay the gaps would be a few ms, so a
# 150 ms allowance still tells the two apart.
SLACK = 0.15


def page_gaps(srv: TestServer, prefix: str = "/p") -> list[float]:
    times = [r.time for r in srv.requests if r.path.startswith(prefix)]
    return [b - a for a, b in zip(times, times[1:])]


@pytest.mark.integration
def test_concurrent_waiters_all_wait_for_one_slow_robots_txt():
    with TestServer() as srv:
        srv.route("/robots.txt", "User-agent: *\nDisallow: /private/\n", headers=TEXT, delay=1.0)
        srv.route("/open", PAGE.format("open"))
        urls = [srv.url(f"/private/{i}") for i in range(20)] + [srv.url("/open")]
        result = run_crawl(urls, {"CONCURRENT_REQUESTS": 16, "CONCURRENT_REQUESTS_PER_DOMAIN": 16})
        paths = srv.paths()
    assert paths.count("/robots.txt") == 1
    assert [p for p in paths if p.startswith("/private/")] == []
    assert [i["url"] for i in result.items] == [srv.url("/open")]
    assert result.stat("robotstxt/forbidden") == 20
    assert result.stat("robotstxt/request_count") == 1
    assert sorted(f["type"] for f in result.failures) == ["RobotsForbidden"] * 20
    reasons = result.logged("Forbidden by robots.txt (disallowed for user agent 'web2md-test/1.0'): ")
    assert len(reasons) == 20
    # a refusal is not a failed page
    assert failure_count(result.stats) == 0


@pytest.mark.integration
def test_crawl_delay_and_delay_space_requests_to_the_host():
    # Three independent crawls side by side, each against its own server:
    # Crawl-delay 0.5 with delay 0; delay 750 ms with Crawl-delay 0.5; Crawl-delay 0.5
    # under AutoThrottle, which would otherwise lower the slot delay.
    cases = {
        "crawl-delay": (0.5, apply_settings(delay="0")),
        "delay wins": (0.75, apply_settings(delay="750")),
        "autothrottle": (
            0.5,
            {"AUTOTHROTTLE_ENABLED": True, "AUTOTHROTTLE_START_DELAY": 0.0, "AUTOTHROTTLE_TARGET_CONCURRENCY": 8.0},
        ),
    }
    servers = {name: TestServer().__enter__() for name in cases}
    try:
        for srv in servers.values():
            srv.route("/robots.txt", "User-agent: *\nCrawl-delay: 0.5\n", headers=TEXT)
            for i in range(3):
                srv.route(f"/p{i}", PAGE.format(i))
        running = {
            name: start_crawl([servers[name].url(f"/p{i}") for i in range(3)], settings)
            for name, (_, settings) in cases.items()
        }
        results = {name: crawl.result() for name, crawl in running.items()}
    finally:
        for srv in servers.values():
            srv.__exit__(None, None, None)
    for name, (floor, _) in cases.items():
        gaps = page_gaps(servers[name])
        assert len(results[name].items) == 3, name
        assert len(gaps) == 2, name
        assert all(gap >= floor - SLACK for gap in gaps), (name, gaps)


@pytest.mark.integration
def test_robots_status_codes_and_unreadable_files():
    # One crawl over several origins: each server answers robots.txt differently.
    cases = {
        "401": dict(body="", status=401),
        "403": dict(body="", status=403),
        "404": dict(body="User-agent: *\nDisallow: /\n", status=404),
        "500": dict(body="User-agent: *\nDisallow: /\n", status=500),
        "garbage": dict(body=b"\xff\xfe\x00\x89PNG\r\n\x1a\n\x00\x00binary", status=200),
        "slow": dict(body="User-agent: *\nDisallow: /\n", status=200, delay=2.5),
    }
    servers = {name: TestServer() for name in cases}
    for name, srv in servers.items():
        spec = dict(cases[name])
        srv.route("/robots.txt", spec.pop("body"), headers=TEXT, **spec)
        srv.route("/page", PAGE.format(name))
        srv.__enter__()
    try:
        result = run_crawl([srv.url("/page") for srv in servers.values()], {"WEB2MD_ROBOTS_TIMEOUT": 1.0})
    finally:
        for srv in servers.values():
            srv.__exit__(None, None, None)
    fetched = {name for name, srv in servers.items() if "/page" in srv.paths()}
    assert fetched == {"404", "500", "garbage", "slow"}
    for name, srv in servers.items():
        assert srv.paths().count("/robots.txt") == 1, name
    assert len(result.logged("Forbidden by robots.txt (robots.txt answered HTTP 401)")) == 1
    assert len(result.logged("Forbidden by robots.txt (robots.txt answered HTTP 403)")) == 1
    assert result.stat("robotstxt/forbidden") == 2


@pytest.mark.integration
def test_user_agent_group_robots_txt_itself_and_ignore_robots():
    with TestServer() as srv, TestServer() as ignoring:
        srv.route("/robots.txt", "User-agent: web2md-test\nDisallow: /\n\nUser-agent: *\nAllow: /\n", headers=TEXT)
        srv.route("/page", PAGE.format("x"))
        ignoring.route("/robots.txt", "User-agent: *\nDisallow: /\nCrawl-delay: 5\n", headers=TEXT)
        for i in range(2):
            ignoring.route(f"/p{i}", PAGE.format(i))
        # one at a time: the spider's own robots.txt fetch comes first and is reused
        obey = start_crawl([srv.url("/robots.txt"), srv.url("/page")], {"CONCURRENT_REQUESTS": 1})
        ignore = start_crawl([ignoring.url("/p0"), ignoring.url("/p1")], apply_settings(ignore_robots="1"))
        obeyed, ignored = obey.result(), ignore.result()
        obeyed_paths, ignored_paths = srv.paths(), ignoring.paths()
        gaps = page_gaps(ignoring)
    assert obeyed_paths == ["/robots.txt"]
    # /robots.txt is never checked against itself
    assert [i["url"] for i in obeyed.items] == [srv.url("/robots.txt")]
    assert [f["type"] for f in obeyed.failures] == ["RobotsForbidden"]

    assert sorted(ignored_paths) == ["/p0", "/p1"]  # robots.txt not even fetched
    assert len(ignored.items) == 2
    assert gaps[0] < 5  # no Crawl-delay either


def test_policy_object():
    from protego import Protego

    policy = RobotsPolicy(Protego.parse("User-agent: *\nDisallow: /x\nCrawl-delay: 2\nSitemap: http://h/s.xml\n"))
    assert not policy.allowed("http://h/x/1", "bot")
    assert policy.allowed("http://h/y", "bot")
    assert policy.crawl_delay("bot") == 2.0
    assert not RobotsPolicy(deny_all=True, status=403).allowed("http://h/y", "bot")
    assert RobotsPolicy().allowed("http://h/x", "bot") and RobotsPolicy().crawl_delay("bot") == 0.0


def apply_settings(**options: str) -> dict:
    settings: dict = {}
    apply_politeness_options(settings, options)
    return settings


HOME_PAGE = """<html><body><h1>Home</h1>
<a href="/open">open</a> <a href="/private/secret">private</a> <a href="/ads/promo">ad</a>
<a href="/sponsored" rel="nofollow">sponsored</a> <a href="/noindex">noindex</a> <a href="/shy">shy</a>
</body></html>"""


def _hygiene_site(srv: TestServer) -> None:
    srv.route("/robots.txt", "User-agent: *\nDisallow: /private/\n", headers=TEXT)
    srv.route("/", HOME_PAGE)
    srv.route("/open", "<p>open page</p>")
    srv.route("/private/secret", "<p>secret</p>")
    srv.route("/ads/promo", "<p>promo</p>")
    srv.route("/sponsored", "<p>sponsored</p>")
    srv.route("/noindex", '<meta name="robots" content="noindex"><p>not for the index</p><a href="/from-noindex">x</a>')
    srv.route("/from-noindex", "<p>reached through a noindex page</p>")
    srv.route("/shy", '<meta name="robots" content="nofollow"><p>shy page</p><a href="/hidden">hidden</a>')
    srv.route("/hidden", "<p>hidden</p>")


@pytest.mark.integration
def test_site_spider_obeys_robots_blacklist_nofollow_and_noindex():
    with TestServer() as srv, TestServer() as ignoring:
        _hygiene_site(srv)
        _hygiene_site(ignoring)
        args = {"depth": "2", "output": "", "header": "X-Crawl: e2e"}
        obey = start_crawl(spider="site", spider_args={"url": srv.url("/"), **args})
        ignore = start_crawl(spider="site", spider_args={"url": ignoring.url("/"), "ignore_robots": "1", **args})
        obeyed, ignored = obey.result(), ignore.result()
        obeyed_paths, ignored_paths = set(srv.paths()), set(ignoring.paths())
        headers = [r.headers.get("X-Crawl") for r in srv.requests]
    assert obeyed_paths == {"/robots.txt", "/", "/open", "/noindex", "/from-noindex", "/shy"}
    assert {i["url"] for i in obeyed.items} == {srv.url(p) for p in ("/", "/open", "/from-noindex", "/shy")}
    assert obeyed.stat("web2md/robots_noindex_count") == 1
    assert obeyed.stat("web2md/robots_nofollow_count") == 1
    assert obeyed.stat("robotstxt/forbidden") == 1
    assert obeyed.stat("web2md/blacklisted") == 1
    assert set(headers) == {"e2e"}  # -a header=... reaches every request, robots.txt included

    # ignore_robots lifts robots.txt, rel=nofollow and the robots meta tag, not the blacklist
    assert ignored_paths == {
        "/",
        "/open",
        "/private/secret",
        "/sponsored",
        "/noindex",
        "/from-noindex",
        "/shy",
        "/hidden",
    }
    assert len(ignored.items) == 8
