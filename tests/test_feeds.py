"""Feed parsing and discovery (web2md.extract.documents.feeds) and the `feed` spider."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.cli_process import run_web2md
from tests.server import TestServer
from web2md import crawl
from web2md.extract.documents.feedlinks import common_feed_urls, discover_feeds, feed_link
from web2md.extract.documents.feeds import FeedError, parse_feed
from web2md.extract.html.parse import parse_html
from web2md.paths import page_path

FIXTURES = Path(__file__).parent / "fixtures" / "feeds"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


# -- formats ---------------------------------------------------------------


def rss_with_author(author: str) -> str:
    return (
        f'<rss version="2.0"><channel><title>T</title><item><title>Entry</title>'
        f"<author>{author}</author></item></channel></rss>"
    )


@pytest.mark.parametrize(
    "author, name",
    [
        ("jane@example.com (Jane Doe)", "Jane Doe"),
        ("jane@example.com(Jane Doe)", "Jane Doe"),
        ("Jane Doe &lt;jane@example.com&gt;", "Jane Doe"),
        ("Jane  Doe&lt;jane@example.com&gt;", "Jane Doe"),
        ("ops@example.com (Ops (night shift))", "Ops (night shift)"),
        ("jane@example.com", "jane@example.com"),
        ("Jane Doe", "Jane Doe"),
        ("Jane Doe &lt;not an address&gt;", "Jane Doe <not an address>"),
    ],
)
def test_rss_author_name_and_address(author, name):
    assert parse_feed(rss_with_author(author)).entries[0].author == name


def test_rss2_with_content_encoded():
    feed = parse_feed(fixture("rss2.xml"), "https://blog.example.com/feed/")
    assert (feed.format, feed.version) == ("rss", "2.0")
    assert feed.title == "Example Engineering Blog"
    assert feed.link == "https://blog.example.com/"  # the channel <link>, not atom:link rel=self
    assert feed.description == "Notes on building things & breaking them"
    assert feed.language == "en-US"
    assert feed.updated == "2024-01-15T09:30:00Z"
    first, second, third = feed.entries
    assert first.to_dict() == {
        "title": "Scaling the crawler to 10k pages/hour",
        "link": "https://blog.example.com/2024/01/scaling-the-crawler/",
        "id": "https://blog.example.com/?p=1234",
        "published": "2024-01-15T08:30:00Z",
        "author": "Jane Doe",
        "summary": "How we made the crawler *fast* without being rude.",
        "content": "## Background\n\n"
        "Our crawler fetched **400 pages** an hour. See "
        "[the first post](https://blog.example.com/2023/12/first-crawler/).\n\n"
        "- robots.txt first\n- one request per host\n\n"
        "```python\ndelay = max(crawl_delay, 1.0)\n```",
        "categories": ["Engineering", "Crawling"],
    }
    # relative <link> resolved against the feed URL; "email (Name)" author; EST offset kept
    assert second.link == "https://blog.example.com/2024/01/release-2-0/"
    assert second.author == "John Smith"
    assert second.published == "2024-01-10T17:05:00-05:00"
    assert second.content == second.summary == "Version 2.0 is out. Upgrade with pip install -U example."
    # no title, no link: the permalink guid stands in; escaped HTML description rendered
    assert third.title is None
    assert third.link == "https://blog.example.com/2024/01/guid-only/"
    assert third.summary == "An item with no title and no link."


def test_rss1_rdf():
    feed = parse_feed(fixture("rss1.rdf"), "https://news.example.org/rss")
    assert (feed.format, feed.version, feed.language) == ("rss", "1.0", "de")
    assert feed.updated == "2024-02-01T06:00:00+01:00"
    assert [e.to_dict() for e in feed.entries] == [
        {
            "title": "Rathaus renoviert",
            "link": "https://news.example.org/a/1",
            "id": "https://news.example.org/a/1",
            "published": "2024-02-01T05:45:00+01:00",
            "author": "Erika Mustermann",
            "summary": "Die Renovierung ist abgeschlossen.",
            "content": "Die Renovierung ist abgeschlossen.",
            "categories": ["Lokales"],
        },
        # no <link>: rdf:about is the entry's URL
        {
            "title": "Neue Buslinie",
            "link": "https://news.example.org/a/2",
            "id": "https://news.example.org/a/2",
            "published": "2024-02-01",
            "summary": "Ab Montag fährt die Linie 7.",
            "content": "Ab Montag fährt die **Linie 7** im Takt von 10 Minuten.",
        },
    ]


def test_atom_with_xhtml_content_and_xml_base():
    feed = parse_feed(fixture("atom.xml"), "https://dev.example.net/atom.xml")
    assert (feed.format, feed.version) == ("atom", "1.0")
    assert feed.title == "dev notes"
    assert feed.description == "Writing about systems"
    assert feed.link == "https://dev.example.net/"
    assert feed.language == "en"
    assert feed.author == "Ada Lovelace"
    first, second = feed.entries
    assert first.to_dict() == {
        "title": "Parsing XML safely",
        "link": "https://dev.example.net/posts/xml-safely.html",
        "id": "tag:dev.example.net,2024:42",
        "published": "2024-03-01T12:00:00+01:00",
        "updated": "2024-03-02T10:00:00Z",
        "author": "Ada Lovelace",  # inherited from the feed
        "summary": "Entities are dangerous: \\*never\\* expand them.",
        "content": "Use a parser with `resolve_entities=False`. Details in "
        "[the XXE note](https://dev.example.net/posts/xxe.html).\n\n> Never trust input.",
        "categories": ["XML", "security"],
    }
    assert second.author == "Charles Babbage"
    assert second.published == second.updated == "2024-02-20T08:00:00Z"
    assert second.content == "HTML content with an [absolute-path link](https://dev.example.net/about)."


def test_json_feed_1_1():
    feed = parse_feed(fixture("jsonfeed.json"), "https://example.org/feed.json")
    assert (feed.format, feed.version) == ("json", "1.1")
    assert (feed.title, feed.link, feed.language, feed.author) == (
        "My Example Feed",
        "https://example.org/",
        "en-GB",
        "Feed Author",
    )
    first, second = feed.entries
    assert first.to_dict() == {
        "title": "Second item",
        "link": "https://example.org/second-item",
        "id": "2",
        "published": "2024-04-02T10:00:00-05:00",
        "updated": "2024-04-03T10:00:00Z",
        "author": "Alice, Bob",
        "summary": "A short summary.",
        "content": "This is a **second** item with [a link](https://example.org/third).",
        "categories": ["json", "feeds"],
    }
    assert second.id == "1"  # a number where the spec wants a string
    assert second.author == "Feed Author"
    assert second.content == "Plain text \\*content\\*.\n\nSecond paragraph."


def test_json_feed_1_0_author_and_bad_types():
    body = json.dumps(
        {
            "version": "https://jsonfeed.org/version/1",
            "title": ["not", "a", "string"],
            "author": {"name": "Old Style"},
            "items": [
                "not an object",
                {
                    "id": True,
                    "url": 42,
                    "title": "<b>Bold</b> &amp; plain",
                    "date_published": "yesterday",
                    "tags": "not-a-list",
                    "content_html": None,
                    "content_text": "text",
                },
                {},
            ],
        }
    )
    feed = parse_feed(body, "https://x.test/feed.json")
    assert feed.version == "1.0" and feed.title is None
    assert [e.to_dict() for e in feed.entries] == [
        {"title": "Bold & plain", "author": "Old Style", "content": "text"},
    ]


def test_rss091_with_netscape_doctype_and_html_entity():
    feed = parse_feed(fixture("rss091.xml"), "http://writetheweb.com/rss")
    assert (feed.format, feed.version) == ("rss", "0.91")
    assert feed.author == "dishes@writetheweb.com"
    assert len(feed.entries) == 2
    assert "Gnutella -allowing" in feed.entries[0].summary  # &nbsp; read as a space, not dropped


def test_malformed_feed_does_not_crash():
    feed = parse_feed(fixture("malformed.xml"), "https://messy.example.com/feed")
    assert feed.title == "Broken & Messy Feed"
    first = feed.entries[0]
    # escaped markup and a CDATA section in a title become plain text
    assert first.title == "Bold claims & more"
    assert first.published is None  # "Someday in March"
    assert first.summary == "Fish & chips & peas"
    # the date-only and empty items carry nothing worth an entry; the unclosed <em> swallows what follows
    assert all(e.title or e.link or e.content for e in feed.entries)
    assert all(e.published is None for e in feed.entries)


def test_html_in_rss_titles():
    body = b"""<rss version="2.0"><channel><title>T</title>
      <item><title>&lt;script&gt;alert(1)&lt;/script&gt;Safe &amp;amp; sound</title><link>https://a.test/1</link></item>
      <item><title><![CDATA[Tom &amp; Jerry <em>return</em>]]></title><link>https://a.test/2</link></item>
      <item><title>5 &lt; 6 and AT&amp;T</title><link>https://a.test/3</link></item>
    </channel></rss>"""
    assert [e.title for e in parse_feed(body, "https://a.test/").entries] == [
        "Safe & sound",
        "Tom & Jerry return",
        "5 < 6 and AT&T",
    ]


def test_max_entries_counts_only_real_entries():
    feed = parse_feed(fixture("rss2.xml"), "https://blog.example.com/feed/", max_entries=2)
    assert len(feed.entries) == 2
    assert parse_feed(fixture("atom.xml"), "", max_entries=0).entries == []
    assert len(parse_feed(fixture("jsonfeed.json"), "", max_entries=1).entries) == 1


@pytest.mark.parametrize(
    "body",
    [
        b"<html><head><title>Hi</title></head><body>no feed</body></html>",
        b"<urlset/>",
        b'{"version": "https://jsonfeed.org/version/1.1"}',
        b"{not json",
        b"",
        b"just text",
    ],
)
def test_not_a_feed(body):
    with pytest.raises(FeedError):
        parse_feed(body, "https://x.test/")


def test_xxe_and_billion_laughs_in_a_feed_are_refused():
    xxe = (
        b'<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        b'<rss version="2.0"><channel><title>&xxe;</title></channel></rss>'
    )
    laughs = (FIXTURES.parent / "sitemaps" / "billion_laughs.xml").read_bytes().replace(b"urlset", b"rss")
    for body in (xxe, laughs):
        with pytest.raises(FeedError, match="entities"):
            parse_feed(body, "https://x.test/")


def test_determinism():
    for name in ("rss2.xml", "rss1.rdf", "atom.xml", "jsonfeed.json", "malformed.xml"):
        first = parse_feed(fixture(name), "https://x.test/feed").to_dict()
        assert parse_feed(fixture(name), "https://x.test/feed").to_dict() == first


@given(st.binary(max_size=400))
def test_arbitrary_bytes_raise_feed_error_or_parse(body):
    try:
        parse_feed(body, "https://x.test/")
    except FeedError:
        pass


@given(st.text(max_size=60))
def test_any_rss_title_text_survives(title):
    from xml.sax.saxutils import escape

    body = f'<rss version="2.0"><channel><item><title>{escape(title)}</title><link>https://a.test/</link></item></channel></rss>'
    feed = parse_feed(body, "https://a.test/")
    assert len(feed.entries) == 1
    assert "\n" not in (feed.entries[0].title or "")


# -- discovery -------------------------------------------------------------

PAGE = """<!doctype html><html><head>
<base href="https://www.example.com/blog/">
<link rel="alternate" type="application/rss+xml" title="Posts  (RSS)" href="feed.xml">
<link rel="alternate" type="application/atom+xml" href="/atom.xml">
<link rel="Alternate" type="application/feed+json; charset=utf-8" href="feed.json">
<link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/2">
<link rel="alternate" type="application/json+oembed" href="/oembed?url=x">
<link rel="alternate" hreflang="de" href="/de/">
<link rel="stylesheet" type="application/rss+xml" href="/not-alternate.xml">
<link rel="alternate" type="application/rss+xml" href="feed.xml#again">
<link rel="alternate" type="application/rss+xml" href="javascript:void(0)">
</head><body>
<a rel="alternate" type="application/rss+xml" href="/comments/feed/">Comments feed</a>
</body></html>"""


def test_discover_feeds_from_link_alternate():
    expected = [
        {"url": "https://www.example.com/blog/feed.xml", "type": "rss", "title": "Posts (RSS)"},
        {"url": "https://www.example.com/atom.xml", "type": "atom"},
        {"url": "https://www.example.com/blog/feed.json", "type": "json"},
        {"url": "https://www.example.com/comments/feed/", "type": "rss"},
    ]
    assert discover_feeds(PAGE, "https://www.example.com/blog/post-1") == expected
    # an already-parsed tree (what the spiders hand over) gives the same answer
    assert discover_feeds(parse_html(PAGE), "https://www.example.com/blog/post-1") == expected


def test_feed_link_judges_one_element():
    link = parse_html('<link rel="alternate feed" type="application/atom+xml" href="/a.xml#x" title=" A ">')
    el = next(link.iter("link"))
    assert feed_link(el, "https://a.test/blog/") == {"url": "https://a.test/a.xml", "type": "atom", "title": "A"}
    el.set("rel", "stylesheet")
    assert feed_link(el, "https://a.test/blog/") is None


def test_discover_feeds_none():
    assert discover_feeds("<html><head><title>x</title></head></html>", "https://a.test/") == []
    assert discover_feeds("", "https://a.test/") == []


def test_common_feed_urls():
    assert common_feed_urls("https://a.test/") == [
        "https://a.test/feed",
        "https://a.test/rss",
        "https://a.test/feed.xml",
        "https://a.test/rss.xml",
        "https://a.test/atom.xml",
        "https://a.test/index.xml",
        "https://a.test/feed.json",
        "https://a.test/feeds/posts/default",
    ]
    blog = common_feed_urls("https://a.test/blog/index.html?x=1")
    assert blog[:2] == ["https://a.test/blog/feed", "https://a.test/blog/rss"]
    assert blog[8:10] == ["https://a.test/feed", "https://a.test/rss"]
    assert len(blog) == 16
    assert common_feed_urls("https://a.test/blog")[0] == "https://a.test/blog/feed"


# -- the feed spider -------------------------------------------------------

SETTINGS = {"WEB2MD_USER_BLACKLIST": False, "RETRY_ENABLED": False, "LOG_LEVEL": "WARNING"}
RSS = {"Content-Type": "application/rss+xml"}
HOME = """<html><head><title>Blog</title>
<link rel="alternate" type="application/atom+xml" title="Atom" href="/atom.xml">
<link rel="alternate" type="application/rss+xml" title="Comments" href="/comments.xml">
</head><body><p>Welcome</p></body></html>"""


def fetched(srv: TestServer) -> list[str]:
    """Paths requested, robots.txt aside (the robots middleware fetches it on its own when enabled)."""
    return [p for p in srv.paths() if p != "/robots.txt"]


def entry_feed(srv, n: int) -> str:
    items = "".join(
        f"<item><title>Post {i}</title><link>{srv.url(f'/post/{i}')}</link><description>Body {i}</description></item>"
        for i in range(n)
    )
    return f'<rss version="2.0"><channel><title>Local</title>{items}</channel></rss>'


@pytest.mark.integration
def test_spider_lists_a_feed_url_into_entry_items_with_fetch_entries_0(tmp_path):
    with TestServer() as srv:
        srv.route("/feed/", fixture("rss2.xml"), headers=RSS)
        result = crawl.run("feed", SETTINGS, url=srv.url("/feed/"), output=str(tmp_path), fetch_entries="0")
    assert fetched(srv) == ["/feed/"]
    assert list(tmp_path.rglob("*.md")) == []  # entries are items only: no page files
    assert [dict(item) for item in result.items][0] == {
        "url": "https://blog.example.com/2024/01/scaling-the-crawler/",
        "title": "Scaling the crawler to 10k pages/hour",
        "author": "Jane Doe",
        "published_date": "2024-01-15T08:30:00Z",
        "summary": "How we made the crawler *fast* without being rude.",
        "markdown": parse_feed(fixture("rss2.xml"), srv.url("/feed/")).entries[0].content,
        "categories": ["Engineering", "Crawling"],
        "entry_id": "https://blog.example.com/?p=1234",
        "feed_url": srv.url("/feed/"),
        "feed_title": "Example Engineering Blog",
    }
    assert [item["url"] for item in result.items] == [
        "https://blog.example.com/2024/01/scaling-the-crawler/",
        srv.url("/2024/01/release-2-0/"),  # relative link, resolved against where the feed was fetched
        "https://blog.example.com/2024/01/guid-only/",
    ]
    assert result.failures == []
    assert result.stats["web2md/feed_entry_count"] == 3


@pytest.mark.integration
def test_spider_discovers_the_first_announced_feed(tmp_path):
    with TestServer() as srv:
        srv.route("/", HOME)
        srv.route("/atom.xml", fixture("atom.xml"), headers={"Content-Type": "application/atom+xml"})
        result = crawl.run("feed", SETTINGS, url=srv.url("/"), max_entries="1", output=str(tmp_path), fetch_entries="0")
    assert fetched(srv) == ["/", "/atom.xml"]
    assert [item["title"] for item in result.items] == ["Parsing XML safely"]


@pytest.mark.integration
def test_spider_probes_common_locations_one_at_a_time(tmp_path):
    with TestServer() as srv:
        srv.route("/", "<html><body><p>No feed links here</p></body></html>")
        srv.route("/rss", "<html><body>soft 404</body></html>")
        srv.route("/feed.xml", fixture("jsonfeed.json"), headers={"Content-Type": "application/feed+json"})
        result = crawl.run("feed", SETTINGS, url=srv.url("/"), output=str(tmp_path), fetch_entries="0")
    assert fetched(srv) == ["/", "/feed", "/rss", "/feed.xml"]
    assert [item["title"] for item in result.items if "title" in item] == ["Second item"]
    assert len(result.items) == 2


@pytest.mark.integration
def test_spider_reports_a_page_without_feed(tmp_path):
    with TestServer() as srv:
        srv.route("/blog/", "<html><body><p>Nothing</p></body></html>")
        result = crawl.run("feed", SETTINGS, url=srv.url("/blog/"), output=str(tmp_path))
    assert result.items == []
    assert result.failures == [{"url": srv.url("/blog/"), "status": None, "reason": "no feed found"}]
    assert len(fetched(srv)) == 1 + 16  # the page, then every usual location in its folder and at the root


@pytest.mark.integration
def test_spider_crawls_the_entry_pages_by_default_and_writes_their_files(tmp_path):
    with TestServer() as srv:
        srv.route("/rss.xml", entry_feed(srv, 4), headers=RSS)
        for i in range(4):
            srv.route(f"/post/{i}", f"<html><head><title>Post {i}</title></head><body><p>Text {i}</p></body></html>")
        result = crawl.run("feed", SETTINGS, url=srv.url("/rss.xml"), max_entries="3", output=str(tmp_path / "out"))
    assert sorted(p for p in srv.paths() if p.startswith("/post/")) == ["/post/0", "/post/1", "/post/2"]
    assert sorted((item["title"], item["status"]) for item in result.items) == [
        ("Post 0", 200),
        ("Post 1", 200),
        ("Post 2", 200),
    ]
    assert all("Text" in item["markdown"] for item in result.items)
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.md")) == [
        page_path(srv.url(f"/post/{i}"), "md").as_posix() for i in range(3)
    ]


@pytest.mark.integration
def test_spider_missing_feed_is_a_failure(tmp_path):
    with TestServer() as srv:
        result = crawl.run("feed", SETTINGS, url=srv.url("/gone.xml"), output=str(tmp_path))
    assert result.items == []
    assert [(f["url"], f["status"]) for f in result.failures] == [(srv.url("/gone.xml"), 404)]


# -- bounds ------------------------------------------------------------------


def rss(count: int, head: str = "<title>Big</title>", tail: str = "") -> bytes:
    items = "".join(f"<item><title>Item {i}</title><link>https://big.test/{i}</link></item>" for i in range(count))
    return f'<rss version="2.0"><channel>{head}{items}{tail}</channel></rss>'.encode()


def test_a_feed_read_up_to_max_entries_says_when_there_were_more():
    feed = parse_feed(rss(5), "https://big.test/feed", max_entries=3)
    assert [e.link for e in feed.entries] == [f"https://big.test/{i}" for i in range(3)]
    assert feed.truncated and feed.title == "Big"
    whole = parse_feed(rss(3), "https://big.test/feed", max_entries=3)
    assert len(whole.entries) == 3 and not whole.truncated
    assert "truncated" not in whole.to_dict() and feed.to_dict()["truncated"] is True


def test_a_feed_read_as_a_stream_still_reads_a_head_that_follows_its_entries():
    feed = parse_feed(rss(2, head="", tail="<title>Late</title><language>de</language>"), "https://big.test/feed")
    assert (feed.title, feed.language, len(feed.entries)) == ("Late", "de", 2)
    atom = (
        b'<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>One</title><link href="/1"/></entry>'
        b"<entry><title>Two</title><author><name>Own</name></author></entry><author><name>Feed</name></author></feed>"
    )
    parsed = parse_feed(atom, "https://big.test/atom.xml")
    assert [(e.title, e.link, e.author) for e in parsed.entries] == [
        ("One", "https://big.test/1", "Feed"),
        ("Two", None, "Own"),
    ]


@pytest.mark.integration
def test_web2md_feed_reads_a_feed_up_to_its_bound_and_says_so():
    from web2md.extract.documents.feeds import MAX_FEED_ENTRIES

    with TestServer() as srv:
        srv.route("/feed.xml", rss(MAX_FEED_ENTRIES + 2), headers={"Content-Type": "application/rss+xml"})
        done = run_web2md("feed", srv.url("/feed.xml"), "--json")
    assert done.returncode == 0, done.stderr
    entries = json.loads(done.stdout)["entries"]
    assert len(entries) == MAX_FEED_ENTRIES == 50_000
    assert entries[-1]["url"] == f"https://big.test/{MAX_FEED_ENTRIES - 1}"
    assert done.stderr == (
        f"web2md: {srv.url('/feed.xml')} has more than 50000 entries: the first 50000 only (--max-entries N)\n"
    )
