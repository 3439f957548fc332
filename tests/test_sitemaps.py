"""Sitemap parsing (web2md.extract.documents.sitemaps), dates (isodate), safe XML, and the `sitemap` spider."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from datetime import timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from tests.cli_process import run_web2md
from tests.server import TestServer
from web2md import crawl
from web2md.extract.documents.safexml import UnsafeXMLError, inline_entity_refs, iter_xml
from web2md.extract.documents.sitemaps import (
    MAX_SITEMAP_URLS,
    Sitemap,
    SitemapEntry,
    discovery_urls,
    looks_like_sitemap_url,
    parse_sitemap,
    read_sitemap,
    select_entries,
    sitemap_urls_from_robots,
)
from web2md.extract.meta.isodate import iso_date, to_datetime
from web2md.spiders.sitemap import gunzip_sitemap

FIXTURES = Path(__file__).parent / "fixtures" / "sitemaps"
ROOT = Path(__file__).resolve().parent.parent
BASE = "http://site.test/"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def urlset(urls: list[str]) -> bytes:
    body = "".join(f"<url><loc>{u}</loc></url>" for u in urls)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{body}</urlset>'
    ).encode()


# -- robots.txt ------------------------------------------------------------


def test_robots_sitemap_lines_in_order_once_resolved():
    assert sitemap_urls_from_robots(fixture("robots.txt"), BASE + "robots.txt") == [
        "http://site.test/sitemap_index.xml"
    ]
    robots = "sitemap: https://cdn.test/a.xml # comment\nUser-agent: *\n  Sitemap : b.xml\n"
    assert sitemap_urls_from_robots(robots, BASE + "robots.txt") == ["https://cdn.test/a.xml", "http://site.test/b.xml"]


def test_robots_without_sitemaps_and_non_http_lines():
    assert sitemap_urls_from_robots("User-agent: *\nDisallow: /\n", BASE) == []
    assert sitemap_urls_from_robots("Sitemap: ftp://x.test/s.xml\nSitemap:\n", BASE) == []
    assert sitemap_urls_from_robots(b"\xff\xfeSitemap: /s.xml", BASE) == []  # garbage before the name


def test_robots_sitemap_lines_are_read_as_protego_reads_them():
    robots = "Sitemap https://a.test/1.xml\nsite-map: /2.xml\nSitemaps: /3.xml\nSitemap: /4.xml#part\n"
    assert sitemap_urls_from_robots(robots, BASE) == [
        "https://a.test/1.xml",
        "http://site.test/2.xml",
        "http://site.test/3.xml",
        "http://site.test/4.xml",
    ]


def test_discovery_urls_and_sitemap_url_detection():
    assert discovery_urls("https://www.example.com/blog/post?x=1") == [
        "https://www.example.com/robots.txt",
        "https://www.example.com/sitemap.xml",
        "https://www.example.com/sitemap_index.xml",
    ]
    assert looks_like_sitemap_url("https://e.com/sitemap.xml")
    assert looks_like_sitemap_url("https://e.com/post-sitemap2.xml.gz")
    assert looks_like_sitemap_url("https://e.com/urls.txt")
    assert not looks_like_sitemap_url("https://e.com/")
    assert not looks_like_sitemap_url("https://e.com/blog/post")


# -- urlset and index ------------------------------------------------------


def test_urlset_with_hreflang_alternates_lastmod_and_junk():
    sitemap = parse_sitemap(fixture("sitemap-pages.xml"), BASE + "sitemap-pages.xml")
    assert sitemap.kind == "urlset" and not sitemap.is_index
    assert [e.to_dict() for e in sitemap.entries] == [
        {
            "url": "http://site.test/en/about",
            "lastmod": "2024-01-10",
            "alternates": [
                {"hreflang": "en", "url": "http://site.test/en/about"},
                {"hreflang": "de", "url": "http://site.test/de/ueber-uns"},
                {"hreflang": "x-default", "url": "http://site.test/about"},
            ],
        },
        {
            "url": "http://site.test/de/ueber-uns",
            "lastmod": "2024-02-20T08:15:00+01:00",
            "alternates": [
                {"hreflang": "en", "url": "http://site.test/en/about"},
                {"hreflang": "de", "url": "http://site.test/de/ueber-uns"},
            ],
        },
        # unreadable lastmod dropped; duplicate /en/about, loc-less and mailto: entries skipped;
        # the nested <image:loc> is not a page
        {"url": "http://site.test/ads/banner.html"},
    ]


def test_sitemap_index_entries():
    sitemap = parse_sitemap(fixture("sitemap_index.xml"), BASE + "sitemap_index.xml")
    assert sitemap.is_index
    assert sitemap.entries == (
        SitemapEntry("http://site.test/sitemap-pages.xml", "2024-03-01T10:00:00Z"),
        SitemapEntry("http://site.test/sitemap-posts.xml.gz", "2024-03-05"),
    )


def test_gzipped_sitemap_reads_like_the_plain_one_and_news_date_stands_in_for_lastmod():
    plain = parse_sitemap(fixture("sitemap-posts.xml"), BASE)
    zipped = parse_sitemap(gunzip_sitemap(gzip.compress(fixture("sitemap-posts.xml"), mtime=0)), BASE)
    assert zipped == plain
    assert [(e.url, e.lastmod) for e in plain.entries] == [
        ("http://site.test/posts/first", "2023-12-31T23:59:59Z"),
        ("http://site.test/posts/second", "2024-03-04"),
        ("http://site.test/posts/news", "2024-03-05T06:00:00Z"),
    ]


def test_gzip_bomb_and_broken_gzip_are_refused():
    bomb = gzip.compress(b"<urlset>" + b" " * 2_000_000 + b"</urlset>", mtime=0)
    with pytest.raises(ValueError, match="expands beyond"):
        gunzip_sitemap(bomb, max_size=1_000_000)
    with pytest.raises(ValueError, match="truncated"):
        gunzip_sitemap(gzip.compress(b"x" * 1000, mtime=0)[:-20])
    with pytest.raises(ValueError, match="invalid gzip"):
        gunzip_sitemap(b"\x1f\x8bnot really gzip")
    with pytest.raises(ValueError, match="gzip data: gunzip the sitemap first"):
        parse_sitemap(bomb, BASE)


def test_concatenated_gzip_members_and_plain_bytes():
    assert gunzip_sitemap(gzip.compress(b"ab", mtime=0) + gzip.compress(b"cd", mtime=0)) == b"abcd"
    assert gunzip_sitemap(b"<urlset/>") == b"<urlset/>"


def test_a_damaged_gzip_tail_keeps_what_decompressed_before_it():
    body = b"".join(b"https://a.test/%d\n" % n for n in range(20_000))
    cut = gunzip_sitemap(gzip.compress(body, mtime=0)[:-100])
    # how much comes out before the cut is zlib's business: all of it but the last few hundred bytes
    assert body.startswith(cut) and len(body) - 1000 < len(cut) < len(body)


def test_text_sitemap():
    body = b"\xef\xbb\xbfhttps://a.test/1\n\nhttps://a.test/2\r\nnot a url\nhttps://a.test/1\n/relative\n"
    sitemap = parse_sitemap(body, BASE)
    assert sitemap.kind == "text"
    assert [e.url for e in sitemap.entries] == ["https://a.test/1", "https://a.test/2"]


def test_ten_thousand_urls():
    urls = [f"https://big.test/page/{i}" for i in range(10_000)]
    sitemap = parse_sitemap(urlset(urls), "https://big.test/sitemap.xml")
    assert len(sitemap.entries) == 10_000
    assert sitemap.entries[0].url == urls[0] and sitemap.entries[-1].url == urls[-1]


@pytest.mark.parametrize(
    "body",
    [
        b"<html><body>Not found</body></html>",
        b"<rss version='2.0'><channel/></rss>",
        b"",
        b"   ",
    ],
)
def test_not_a_sitemap(body):
    with pytest.raises(ValueError):
        parse_sitemap(body, BASE)


# -- safety ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["xxe.xml", "billion_laughs.xml"])
def test_entity_declarations_are_refused_without_expansion(name):
    with pytest.raises(UnsafeXMLError):
        parse_sitemap(fixture(name), BASE)


def read_whole(body: bytes, repair: bool = False):
    events = iter_xml(body, repair=repair)
    root = next(events)[1]
    for _ in events:
        pass
    inline_entity_refs(root)
    return root


def test_unresolved_references_never_expand():
    # entity nodes left by resolve_entities=False: an undeclared one reads as HTML would, or verbatim
    root = read_whole(b'<!DOCTYPE x SYSTEM "http://127.0.0.1:9/x.dtd"><x>a&nbsp;b &madeup; c</x>')
    assert root.text == "a\xa0b &madeup; c"


def test_html_entities_and_bare_ampersands_are_repaired():
    body = b"<x>Fish &nbsp;&amp; chips & peas &eacute; &lt;</x>"
    with pytest.raises(etree.XMLSyntaxError):
        read_whole(body)
    assert read_whole(body, repair=True).text == "Fish \xa0& chips & peas \xe9 <"


@given(st.binary(max_size=300))
def test_arbitrary_bytes_raise_value_error_or_parse(body):
    try:
        sitemap = parse_sitemap(body, BASE)
    except ValueError:
        return
    assert isinstance(sitemap, Sitemap)


@given(st.lists(st.from_regex(r"https://[a-z]{1,8}\.test/[a-z0-9/]{0,12}", fullmatch=True), max_size=30))
def test_urls_round_trip_in_order_once(urls):
    sitemap = parse_sitemap(urlset(urls), BASE)
    assert [e.url for e in sitemap.entries] == list(dict.fromkeys(urls))


# -- since / exclude -------------------------------------------------------


def test_select_entries_since_and_exclude():
    entries = [
        SitemapEntry("https://a.test/old", "2023-12-31T22:00:00Z"),
        SitemapEntry("https://a.test/new", "2024-01-01T00:30:00+01:00"),  # 2023-12-31T23:30Z
        SitemapEntry("https://a.test/newer", "2024-01-01"),
        SitemapEntry("https://a.test/ads/x", "2024-06-01"),
        SitemapEntry("https://a.test/undated"),
    ]
    assert [e.url for e in select_entries(entries)] == [e.url for e in entries]
    assert [e.url for e in select_entries(entries, since="2024-01-01")] == [
        "https://a.test/newer",
        "https://a.test/ads/x",
    ]
    assert [e.url for e in select_entries(entries, since="2023-12-31T23:30:00Z", exclude=lambda u: "/ads/" in u)] == [
        "https://a.test/new",
        "https://a.test/newer",
    ]
    with pytest.raises(ValueError, match="since"):
        list(select_entries(entries, since="last tuesday"))


# -- dates -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2024", "2024"),
        ("2024-03", "2024-03"),
        ("2024-03-05", "2024-03-05"),
        ("2024-3-5", "2024-03-05"),
        ("2024-03-05T10:00Z", "2024-03-05T10:00:00Z"),
        ("2024-03-05T10:00:00.123456+00:00", "2024-03-05T10:00:00Z"),
        ("2024-03-05 10:00:00", "2024-03-05T10:00:00"),
        ("2024-03-05T10:00:00+0530", "2024-03-05T10:00:00+05:30"),
        ("2024-03-05t10:00:00-08", "2024-03-05T10:00:00-08:00"),
        ("Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Wed, 10 Jan 2024 17:05:00 EST", "2024-01-10T17:05:00-05:00"),
        ("10 Jan 2024 17:05 +0100", "2024-01-10T17:05:00+01:00"),
        ("  2024-01-01  ", "2024-01-01"),
        ("2024-02-30", None),
        ("2024-13-01", None),
        ("2024-02-28T25:00:00Z", None),
        ("2024-02-28T10:00:00+25:00", None),
        ("Mon, 45 Foo 2024 99:99:99 +0000", None),
        ("Someday in March", None),
        ("", None),
        (None, None),
    ],
)
def test_iso_date(text, expected):
    assert iso_date(text) == expected


OFFSETS = st.integers(-18 * 60 + 1, 18 * 60 - 1).map(lambda m: timezone(timedelta(minutes=m)))


@given(st.datetimes(timezones=OFFSETS))
def test_iso_date_is_idempotent_and_keeps_the_instant(dt):
    dt = dt.replace(microsecond=0)
    text = iso_date(dt.isoformat())
    assert text is not None
    assert iso_date(text) == text
    assert to_datetime(text) == dt


@given(st.text(max_size=80))
def test_iso_date_never_raises(text):
    result = iso_date(text)
    assert result is None or iso_date(result) == result


# -- the sitemap spider ----------------------------------------------------

SETTINGS = {"WEB2MD_USER_BLACKLIST": False, "RETRY_ENABLED": False, "LOG_LEVEL": "WARNING"}
XML = {"Content-Type": "application/xml"}
PAGE = "<html><head><title>{0}</title></head><body><p>Page {0}</p></body></html>"


def fetched(srv: TestServer) -> list[str]:
    """Paths requested, robots.txt aside (the robots middleware fetches it on its own when enabled)."""
    return [p for p in srv.paths() if p != "/robots.txt"]


@pytest.fixture()
def site():
    """robots.txt -> sitemap_index.xml -> sitemap-pages.xml + gzipped sitemap-posts.xml.gz; /sitemap.xml is missing."""
    with TestServer() as srv:
        srv.route("/robots.txt", fixture("robots.txt"), headers={"Content-Type": "text/plain"})
        srv.route("/sitemap_index.xml", fixture("sitemap_index.xml"), headers=XML)
        srv.route("/sitemap-pages.xml", fixture("sitemap-pages.xml"), headers=XML)
        srv.route(
            "/sitemap-posts.xml.gz",
            gzip.compress(fixture("sitemap-posts.xml"), mtime=0),
            headers={"Content-Type": "application/x-gzip"},
        )
        for path in ("/en/about", "/de/ueber-uns", "/posts/first", "/posts/second", "/posts/news"):
            srv.route(path, PAGE.format(path))
        yield srv


def run_sitemap(srv, tmp_path, path="/", **args):
    args.setdefault("output", str(tmp_path / "out"))
    return crawl.run("sitemap", SETTINGS, url=srv.url(path), **args)


@pytest.mark.integration
def test_spider_lists_through_robots_index_and_gzip(site, tmp_path):
    result = run_sitemap(site, tmp_path, list="1")
    u = site.url
    listed = sorted((dict(item) for item in result.items), key=lambda i: i["url"])
    assert listed == [
        {
            "url": u("/de/ueber-uns"),
            "lastmod": "2024-02-20T08:15:00+01:00",
            "sitemap": u("/sitemap-pages.xml"),
            "alternates": [{"hreflang": "en", "url": u("/en/about")}, {"hreflang": "de", "url": u("/de/ueber-uns")}],
        },
        {
            "url": u("/en/about"),
            "lastmod": "2024-01-10",
            "sitemap": u("/sitemap-pages.xml"),
            "alternates": [
                {"hreflang": "en", "url": u("/en/about")},
                {"hreflang": "de", "url": u("/de/ueber-uns")},
                {"hreflang": "x-default", "url": u("/about")},
            ],
        },
        {"url": u("/posts/first"), "lastmod": "2023-12-31T23:59:59Z", "sitemap": u("/sitemap-posts.xml.gz")},
        {"url": u("/posts/news"), "lastmod": "2024-03-05T06:00:00Z", "sitemap": u("/sitemap-posts.xml.gz")},
        {"url": u("/posts/second"), "lastmod": "2024-03-04", "sitemap": u("/sitemap-posts.xml.gz")},
    ]
    # /ads/banner.html is blacklisted (built-in "/ads/" rule): not listed; no page was fetched
    assert set(site.paths()) == {
        "/robots.txt",
        "/sitemap-pages.xml",
        "/sitemap-posts.xml.gz",
        "/sitemap.xml",
        "/sitemap_index.xml",
    }
    assert sorted(fetched(site)) == [
        "/sitemap-pages.xml",
        "/sitemap-posts.xml.gz",
        "/sitemap.xml",
        "/sitemap_index.xml",
    ]
    assert result.failures == []  # the guessed /sitemap.xml is missing, which is no failure
    assert result.stats["web2md/sitemap_count"] == 3
    assert result.stats["web2md/blacklisted"] == 1


@pytest.mark.integration
def test_spider_since_skips_old_entries_and_unchanged_child_sitemaps(site, tmp_path):
    result = run_sitemap(site, tmp_path, list="true", since="2024-03-02")
    assert sorted(item["url"] for item in result.items) == [site.url("/posts/news"), site.url("/posts/second")]
    assert "/sitemap-pages.xml" not in site.paths()  # its lastmod (2024-03-01T10:00Z) predates since


@pytest.mark.integration
def test_spider_crawls_listed_urls_into_pages_up_to_max_pages(site, tmp_path):
    result = run_sitemap(site, tmp_path, path="/sitemap-posts.xml.gz", max_pages="2")
    assert "/sitemap_index.xml" not in site.paths()  # a sitemap URL is read directly, no discovery
    pages = sorted(item["url"] for item in result.items)
    assert pages == [site.url("/posts/first"), site.url("/posts/second")]
    assert all(item["title"] in ("/posts/first", "/posts/second") for item in result.items)
    assert sorted(p for p in site.paths() if p.startswith("/posts/")) == ["/posts/first", "/posts/second"]
    assert result.stats["web2md/max_pages_skipped"] == 1
    assert len(list((tmp_path / "out").rglob("*.md"))) == 2


@pytest.mark.integration
def test_spider_without_any_sitemap_reports_it(tmp_path):
    with TestServer() as srv:
        srv.route("/sitemap.xml", "<html><body>Soft 404</body></html>")
        result = run_sitemap(srv, tmp_path, list="1")
    assert result.items == []
    assert result.failures == [{"url": srv.url("/"), "status": None, "reason": "no sitemap found"}]
    assert set(srv.paths()) == {"/robots.txt", "/sitemap.xml", "/sitemap_index.xml"}
    assert sorted(fetched(srv)) == ["/sitemap.xml", "/sitemap_index.xml"]


@pytest.mark.integration
def test_spider_refuses_xxe_and_billion_laughs(tmp_path):
    with TestServer() as srv:
        srv.route("/xxe.xml", fixture("xxe.xml"), headers=XML)
        srv.route("/lol.xml", fixture("billion_laughs.xml"), headers=XML)
        result = crawl.run("sitemap", SETTINGS, url=f"{srv.url('/xxe.xml')} {srv.url('/lol.xml')}", list="1", output="")
    assert result.items == []
    assert sorted(f["url"] for f in result.failures) == [srv.url("/lol.xml"), srv.url("/xxe.xml")]
    assert all(f["reason"].startswith("invalid sitemap: refused") for f in result.failures)
    assert result.stats["web2md/failed/unsafe_sitemap"] == 2
    assert "web2md/failed/invalid_sitemap" not in result.stats  # counted once, as refused


@pytest.mark.integration
def test_spider_bounds_index_nesting(tmp_path):
    def index(child: str) -> str:
        return (
            f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<sitemap><loc>{child}</loc></sitemap></sitemapindex>"
        )

    with TestServer() as srv:
        for n in range(5):
            srv.route(f"/index{n}.xml", index(f"/index{n + 1}.xml"), headers=XML)
        result = crawl.run("sitemap", SETTINGS, url=srv.url("/index0.xml"), list="1", max_depth="2", output="")
    assert fetched(srv) == ["/index0.xml", "/index1.xml", "/index2.xml"]
    assert result.stats["web2md/sitemap_too_deep_count"] == 1


@pytest.mark.integration
def test_spider_lists_ten_thousand_urls(tmp_path):
    urls = [f"http://big.test/page/{i}" for i in range(10_000)]
    with TestServer() as srv:
        srv.route("/sitemap.xml", urlset(urls), headers=XML)
        result = crawl.run("sitemap", SETTINGS, url=srv.url("/sitemap.xml"), list="1", output="")
    assert len(result.items) == 10_000
    assert result.stats["web2md/sitemap_entry_count"] == 10_000


def test_spider_rejects_bad_arguments():
    from web2md.spiders.sitemap import SitemapSpider

    with pytest.raises(ValueError, match="since"):
        SitemapSpider(url="https://a.test/", since="whenever")
    with pytest.raises(ValueError, match="max_pages"):
        SitemapSpider(url="https://a.test/", max_pages="-1")
    with pytest.raises(ValueError, match="list"):
        SitemapSpider(url="https://a.test/", list="maybe")


# -- bounds ------------------------------------------------------------------


def test_a_sitemap_is_read_up_to_the_protocols_50000_urls_and_says_when_there_were_more():
    urls = [f"https://big.test/p/{i}" for i in range(MAX_SITEMAP_URLS + 2)]
    reader = read_sitemap(urlset(urls), BASE)
    assert reader.kind == "urlset" and not reader.truncated
    listed = [entry.url for entry in reader]
    assert listed == urls[:MAX_SITEMAP_URLS]
    assert reader.truncated
    whole = parse_sitemap(urlset(urls[:MAX_SITEMAP_URLS] * 2), BASE)  # repeats are not counted
    assert len(whole.entries) == MAX_SITEMAP_URLS and not whole.truncated
    text = parse_sitemap("".join(u + "\n" for u in urls).encode(), BASE)
    assert [e.url for e in text.entries] == urls[:MAX_SITEMAP_URLS] and text.truncated


def test_a_sitemap_broken_halfway_gives_each_url_once():
    body = urlset(["https://a.test/1", "https://a.test/2"]).replace(
        b"</urlset>",
        b"<url><loc>https://a.test/3&x</loc></url><url><loc>https://a.test/1</loc></url><url><loc>https://a.test/4</loc></url></urlset>",
    )
    assert [e.url for e in read_sitemap(body, BASE)] == [f"https://a.test/{n}" for n in ("1", "2", "3&x", "4")]


def test_robots_txt_sitemap_lines_are_read_without_building_its_rules():
    robots = "Sitemap: /first.xml\n" + "Disallow: /x/\n" * 300_000 + "sitemap: /last.xml\n"
    assert sitemap_urls_from_robots(robots.encode(), BASE) == [BASE + "first.xml", BASE + "last.xml"]


@pytest.mark.integration
def test_the_sitemaps_an_index_lists_are_requested_only_while_urls_are_wanted(tmp_path):
    def index(children: list[str]) -> str:
        rows = "".join(f"<sitemap><loc>{child}</loc></sitemap>" for child in children)
        return f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{rows}</sitemapindex>'

    with TestServer() as srv:
        srv.route("/index.xml", index([f"/part{n}.xml" for n in range(6)]), headers=XML)
        for n in range(6):
            srv.route(f"/part{n}.xml", urlset([f"https://a.test/{n}/{i}" for i in range(3)]), headers=XML)
        settings = {**SETTINGS, "CONCURRENT_REQUESTS_PER_DOMAIN": 1}
        result = crawl.run("sitemap", settings, url=srv.url("/index.xml"), list="1", max_pages="4", output="")
    assert [item["url"] for item in result.items] == [
        "https://a.test/0/0",
        "https://a.test/0/1",
        "https://a.test/0/2",
        "https://a.test/1/0",
    ]
    assert fetched(srv) == ["/index.xml", "/part0.xml", "/part1.xml"]
    assert result.stats["web2md/sitemap_unread_count"] == 4


@pytest.mark.integration
def test_web2md_sitemap_lists_a_sitemap_past_the_protocols_limit_up_to_it_and_says_so(tmp_path):
    urls = [f"https://big.test/p/{i}" for i in range(MAX_SITEMAP_URLS + 3)]
    with TestServer() as srv:
        srv.route("/sitemap.xml", urlset(urls), headers=XML)
        done = run_web2md("sitemap", srv.url("/sitemap.xml"), "--no-user-blacklist")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "".join(url + "\n" for url in urls[:MAX_SITEMAP_URLS])
    assert done.stderr == (
        f"web2md: {srv.url('/sitemap.xml')} lists more than 50000 entries, the sitemaps protocol's limit: "
        "the rest is left out\n"
    )


@pytest.mark.integration
def test_web2md_sitemap_says_when_max_urls_cut_the_listing(tmp_path):
    with TestServer() as srv:
        srv.route("/sitemap.xml", urlset([f"https://a.test/{i}" for i in range(5)]), headers=XML)
        done = subprocess.run(
            [sys.executable, "-m", "web2md.frontends.cli", "sitemap", srv.url("/sitemap.xml"), "--max-urls", "3"],
            capture_output=True,
            text=True,
            env=dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))),
            timeout=120,
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "https://a.test/0\nhttps://a.test/1\nhttps://a.test/2\n"
    assert done.stderr == "web2md: the first 3 URLs only (--max-urls N)\n"


@pytest.mark.integration
def test_sitemap_discovery_reads_robots_txt_as_the_robots_middleware_does(tmp_path):
    robots = "Sitemap: /first.xml\n" + "Disallow: /x/\n" * 50_000 + "Sitemap: /past-500-kib.xml\n"
    with TestServer() as srv:
        srv.route("/robots.txt", robots, headers={"Content-Type": "text/plain"})
        srv.route("/first.xml", urlset(["https://a.test/1"]), headers=XML)
        srv.route("/past-500-kib.xml", urlset(["https://a.test/2"]), headers=XML)
        result = run_sitemap(srv, tmp_path, list="1")
    assert [item["url"] for item in result.items] == ["https://a.test/1"]
    assert "/past-500-kib.xml" not in srv.paths()
