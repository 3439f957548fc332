"""A page that declares no charset (none in Content-Type, no BOM, no `<meta>`) is decoded as the core decodes bytes.

Scrapy's guess for such a body comes from statistics and can be nonsense
(``cp1250`` or ``cp1006`` for Latin-1 text: "naïve" becomes "naďve"). The
spiders decode it the way `web2md.extract.html.parse.parse_html` does for bytes:
UTF-8 when the bytes are valid UTF-8, else Windows-1252, and report that as the
`charset`. A declared charset still decides.
"""

from __future__ import annotations

import pytest
from scrapy.http import HtmlResponse

from tests.server import TestServer
from web2md import crawl
from web2md.conversion.responses import declared_encoding, parse_response
from web2md.extract.html.parse import parse_html

TEXT = "Café, naïve façade, Größe"
LATIN1 = TEXT.encode("iso-8859-1")
UTF8 = TEXT.encode("utf-8")
# Windows-1252 curly quotes: 0x93 and 0x94 (C1 controls in Latin-1, not valid UTF-8)
CP1252_QUOTES = b"caf\xe9 \x93quoted\x94"
BARE = {"Content-Type": "text/html"}  # no charset


def page(text: bytes, head: bytes = b"") -> bytes:
    return (
        b"<html><head>"
        + head
        + b"<title>"
        + text
        + b"</title></head><body><h1>"
        + text
        + b"</h1><p>"
        + text
        + b"</p></body></html>"
    )


@pytest.fixture()
def server():
    with TestServer() as srv:
        srv.route("/latin1", page(LATIN1), headers=BARE)
        srv.route("/utf8", page(UTF8), headers=BARE)
        srv.route("/declared-latin1", page(LATIN1), headers={"Content-Type": "text/html; charset=iso-8859-1"})
        srv.route("/quotes", page(CP1252_QUOTES), headers=BARE)
        yield srv


def crawl_pages(server: TestServer, *paths: str) -> dict[str, dict]:
    # the pages share their text: near-duplicate dropping is off to see them all
    result = crawl.run("page", url=" ".join(server.url(p) for p in paths), output="", dedupe="off")
    assert result.failures == []
    return {item["url"][len(server.url("")) :]: item for item in result.items}


@pytest.mark.integration
def test_undeclared_pages_decode_as_the_core_decodes_bytes(server):
    pages = crawl_pages(server, "/latin1", "/utf8", "/quotes")
    got = {path: (item["charset"], item["title"], item["markdown"]) for path, item in pages.items()}
    assert got == {
        "/latin1": ("cp1252", TEXT, "# Café, naïve façade, Größe\n\nCafé, naïve façade, Größe"),
        "/utf8": ("utf-8", TEXT, "# Café, naïve façade, Größe\n\nCafé, naïve façade, Größe"),
        "/quotes": ("cp1252", "café “quoted”", "# café “quoted”\n\ncafé “quoted”"),
    }
    for item in pages.values():
        assert "\ufffd" not in item["markdown"] and "\ufffd" not in item["title"]


@pytest.mark.integration
def test_a_declared_charset_still_decides(server):
    item = crawl_pages(server, "/declared-latin1")["/declared-latin1"]
    # reported as Scrapy reports it: the WHATWG label iso-8859-1 means Windows-1252
    assert item["charset"] == "cp1252"
    assert item["markdown"] == "# Café, naïve façade, Größe\n\nCafé, naïve façade, Größe"


@pytest.mark.parametrize("body", [page(LATIN1), page(UTF8), page(CP1252_QUOTES)])
def test_parse_response_matches_the_core_on_bytes(body):
    response = HtmlResponse("https://e.test/", body=body, headers=BARE)
    assert declared_encoding(response) is None
    tree, _encoding = parse_response(response)
    assert tree.findtext(".//p") == parse_html(body).findtext(".//p")


def test_declared_encoding_sees_header_bom_and_meta():
    def response(body: bytes, content_type: str = "text/html") -> HtmlResponse:
        return HtmlResponse("https://e.test/", body=body, headers={"Content-Type": content_type})

    assert declared_encoding(response(page(LATIN1), "text/html; charset=iso-8859-1")) == "cp1252"
    assert declared_encoding(response(b"\xef\xbb\xbf" + page(UTF8))) == "utf-8"
    assert declared_encoding(response(page(LATIN1, b'<meta charset="iso-8859-15">'))) == "iso8859-15"
    # an unknown label is no declaration: the core's fallback decodes the body
    assert declared_encoding(response(page(LATIN1), "text/html; charset=no-such-charset")) is None
    assert parse_response(response(page(LATIN1), "text/html; charset=no-such-charset"))[1] == "cp1252"


@pytest.mark.integration
def test_feed_discovery_reads_an_undeclared_page_as_the_core_does():
    feed = (
        b'<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>F</title>'
        b"<item><title>One</title><link>https://e.test/1</link><description>x</description></item>"
        b"</channel></rss>"
    )
    with TestServer() as srv:
        # the feed's path has an i-diaeresis, in Latin-1 in the undeclared page
        srv.route(
            "/", page(LATIN1, b'<link rel="alternate" type="application/rss+xml" href="/na\xefve.rss">'), headers=BARE
        )
        srv.route("/na%C3%AFve.rss", feed, headers={"Content-Type": "application/rss+xml"})
        result = crawl.run("feed", url=srv.url("/"), output="", fetch_entries="0")
        assert "/na%C3%AFve.rss" in srv.paths()
    assert result.failures == []
    assert [item["title"] for item in result.items] == ["One"]


def test_an_undeclared_utf8_page_is_parsed_from_its_bytes():
    # its text, four bytes a character for emoji in a str, was made and encoded again before parsing
    import tracemalloc

    body = page("Grüße 🙂 ".encode() * 200_000)
    response = HtmlResponse("https://e.test/", body=body, headers=BARE)
    tracemalloc.start()
    try:
        tree, encoding = parse_response(response)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (encoding, tree.findtext(".//p")[:7]) == ("utf-8", "Grüße 🙂")
    assert peak < len(body) // 4
