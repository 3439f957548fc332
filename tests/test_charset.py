"""The `charset` of a crawled page: the encoding its body was decoded with, the `<meta charset>` only when the response declared none.

Scrapy decodes an HTML response by its BOM, else the Content-Type charset, else
the document's `<meta charset>`, else a guess (WHATWG labels: ``iso-8859-1`` and
``latin1`` mean Windows-1252, Python's ``cp1252``). `ExtractPipeline` keeps that
encoding; the markup's label is reported when it is what decoded the body.
"""

from __future__ import annotations

import asyncio

import pytest
from scrapy import Spider
from scrapy.utils.test import get_crawler

from tests.server import TestServer
from web2md import crawl
from web2md.items import PageItem
from web2md.pipelines.extract import ExtractPipeline
from web2md.settings import EXTENSIONS_BASE

pytestmark = pytest.mark.integration

# "café “quoted”" in Windows-1252: é is 0xE9, the curly quotes 0x93 and 0x94 (not valid UTF-8)
CP1252_TEXT = b"caf\xe9 \x93quoted\x94"
UTF8_TEXT = "café “quoted”".encode()


def page(meta: bytes, text: bytes) -> bytes:
    return b"<html><head>" + meta + b"<title>T</title></head><body><p>" + text + b"</p></body></html>"


@pytest.fixture()
def server():
    with TestServer() as srv:
        # the header says Latin-1 and is right; the markup claims UTF-8 and is wrong
        srv.route(
            "/header-latin1",
            page(b'<meta charset="utf-8">', CP1252_TEXT),
            headers={"Content-Type": "text/html; charset=iso-8859-1"},
        )
        # no charset in the header: the markup's declaration is what decodes the body
        srv.route("/meta-utf8", page(b'<meta charset="utf-8">', UTF8_TEXT), headers={"Content-Type": "text/html"})
        srv.route(
            "/meta-latin1", page(b'<meta charset="iso-8859-1">', CP1252_TEXT), headers={"Content-Type": "text/html"}
        )
        # no charset in the header, but a UTF-8 byte order mark: it decodes the body, whatever the markup says
        srv.route(
            "/bom",
            b"\xef\xbb\xbf" + page(b'<meta charset="iso-8859-1">', UTF8_TEXT),
            headers={"Content-Type": "text/html"},
        )
        # the header and the markup agree
        srv.route(
            "/both-utf8",
            page(b'<meta charset="UTF-8">', UTF8_TEXT),
            headers={"Content-Type": "text/html; charset=utf-8"},
        )
        yield srv


def test_charset_is_what_decoded_the_body_and_the_meta_label_only_without_a_header_charset(server):
    paths = ["/header-latin1", "/meta-utf8", "/meta-latin1", "/bom", "/both-utf8"]
    # the pages have the same text: near-duplicate dropping is off to see them all
    result = crawl.run("page", url=" ".join(server.url(p) for p in paths), output="", dedupe="off")
    assert result.failures == []
    pages = {item["url"][len(server.url("")) :]: item for item in result.items}
    assert {path: (item["charset"], item["markdown"]) for path, item in pages.items()} == {
        "/header-latin1": ("cp1252", "café “quoted”"),  # the header wins over <meta charset="utf-8">
        "/meta-utf8": ("utf-8", "café “quoted”"),
        "/meta-latin1": ("iso-8859-1", "café “quoted”"),  # no header charset: the markup's label
        "/bom": ("utf-8", "café “quoted”"),
        "/both-utf8": ("utf-8", "café “quoted”"),
    }


def test_pipeline_keeps_the_declared_encoding_and_fills_a_missing_one_from_the_markup():
    crawler = get_crawler(Spider, {"EXTENSIONS_BASE": EXTENSIONS_BASE})  # the crawl's Converter among them
    crawler.spider = Spider(name="test")
    pipeline = ExtractPipeline.from_crawler(crawler)
    html = page(b'<meta charset="Windows-1252">', CP1252_TEXT)

    async def run(item: PageItem) -> PageItem:
        return await pipeline.process_item(item)

    bare = asyncio.run(run(PageItem(url="https://e.test/", body=html, html=True)))
    assert bare["charset"] == "windows-1252"  # the markup's declaration, as written (lowercased)
    declared = asyncio.run(
        run(PageItem(url="https://e.test/", body=html, html=True, content_type="text/html; charset=latin1"))
    )
    assert declared["charset"] == "cp1252"  # the response declared one: what decoded the body
