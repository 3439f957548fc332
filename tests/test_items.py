"""The items' fields: names, order (the JSON and CSV exports follow it) and which ones never leave the crawl."""

from __future__ import annotations

from dataclasses import fields

import pytest
from scrapy import Field, Item

from web2md.extract.page import Page
from web2md.items import DocumentItem, FeedEntryItem, PageItem, SitemapEntryItem, item_fields, item_to_dict


def transient(cls: type[Item]) -> list[str]:
    return [name for name, meta in cls.fields.items() if meta.get("transient")]


def test_page_item_fields_are_the_fetch_facts_then_every_page_field():
    page_fields = [f.name for f in fields(Page) if f.name not in ("url", "markdown", "title")]
    assert list(PageItem.fields) == [
        "url",
        "final_url",
        "status",
        "content_type",
        "markdown",
        "title",
        "body",
        "html",
        "read",
        "headers",
        "options",
        "request",
        "document",
        "duplicate_of",
        *page_fields,
    ]
    assert transient(PageItem) == ["body", "html", "read", "headers", "options", "request", "document"]


def test_document_sitemap_and_feed_entry_fields():
    assert list(DocumentItem.fields) == [
        "url",
        "final_url",
        "status",
        "mime_type",
        "size",
        "filename",
        "sha256",
        "headers",
        "path",
        "body",
    ]
    assert transient(DocumentItem) == ["body"]
    assert list(SitemapEntryItem.fields) == ["url", "lastmod", "alternates", "sitemap"]
    assert list(FeedEntryItem.fields) == [
        "url",
        "title",
        "author",
        "published_date",
        "modified_date",
        "summary",
        "markdown",
        "categories",
        "entry_id",
        "feed_url",
        "feed_title",
    ]
    assert transient(SitemapEntryItem) == transient(FeedEntryItem) == []


def test_items_do_not_share_field_dicts_and_export_in_field_order():
    assert PageItem.fields is not DocumentItem.fields and "mime_type" not in PageItem.fields
    item = DocumentItem(body=b"%PDF", sha256="ab", url="https://e.test/a.pdf", size=4)
    assert list(item_to_dict(item)) == ["url", "size", "sha256"]  # field order, the transient body left out


def test_a_field_declared_outside_the_list_is_an_error():
    with pytest.raises(TypeError, match=r"Odd declares fields missing from its field list: \['extra'\]"):

        @item_fields("url")
        class Odd(Item):
            extra = Field()
