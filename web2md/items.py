"""Scrapy items: `PageItem` carries one converted page (the SPEC §5 fields of `Page`, plus fetch facts)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from itemadapter import ItemAdapter
from scrapy import Field, Item

from web2md.extract.page import Page

# Present in every exported page, even when empty (SPEC §5 "always").
ALWAYS = ("url", "final_url", "status", "content_type", "markdown", "title")


class PageItem(Item):
    """One fetched page. `url` is the URL asked for, `final_url` the one answered after redirects.

    Fields marked ``transient`` carry what the spider parsed to the extraction
    pipeline (so the body is parsed once) and are removed before export.
    """

    url = Field()
    final_url = Field()
    status = Field()
    content_type = Field()
    markdown = Field()
    title = Field()
    tree = Field(transient=True)  # lxml root from web2md.extract.parse.parse_html
    body = Field(transient=True)  # raw bytes of a non-HTML response, for text_for
    headers = Field(transient=True)  # response headers of a non-HTML response, for a DocumentItem
    duplicate_of = Field()  # URL of an earlier near-duplicate page (web2md.pipelines.dedupe, flag mode)


# Mirror every Page field, so fields added to the core show up here without a second list to keep in sync.
for _f in fields(Page):
    PageItem.fields.setdefault(_f.name, Field())
del _f


class DocumentItem(Item):
    """A non-HTML response that cannot be read as text (PDF, image, archive, ...): facts about it, not its bytes.

    The bytes travel in the transient `body` field to the export pipeline, which
    saves them under the output folder and records where in `path`.
    """

    url = Field()
    final_url = Field()
    status = Field()
    mime_type = Field()
    size = Field()  # bytes
    filename = Field()
    sha256 = Field()  # hex digest of the body
    headers = Field()  # {name: value}, names lowercased
    path = Field()  # where the export pipeline saved the bytes
    body = Field(transient=True)


class SitemapEntryItem(Item):
    """A sitemap `<url>` listed without fetching it (``scrapy crawl sitemap -a list=1``)."""

    url = Field()
    lastmod = Field()  # ISO 8601, as precise as the sitemap wrote it
    alternates = Field()  # [{"hreflang", "url"}]
    sitemap = Field()  # the sitemap that listed it


class FeedEntryItem(Item):
    """One feed entry; field names follow `PageItem` so the same exporters and formats apply.

    `url` is the entry's link and `markdown` its content (the summary when the
    feed has no full content), rendered by the core renderer.
    """

    url = Field()
    title = Field()
    author = Field()
    published_date = Field()
    modified_date = Field()
    summary = Field()
    markdown = Field()
    categories = Field()
    entry_id = Field()
    feed_url = Field()
    feed_title = Field()


def is_empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {} or value == ()


def item_to_dict(item: Any) -> dict[str, Any]:
    """The exportable fields of an item, in declaration order: no transient fields, no empty values.

    The `ALWAYS` fields of a `PageItem` are kept even when empty (as ``""``,
    never ``null``).
    """
    adapter = ItemAdapter(item)
    meta = {name: adapter.get_field_meta(name) for name in adapter.field_names()}
    out: dict[str, Any] = {}
    for name in adapter.field_names():
        if meta[name].get("transient"):
            continue
        value = adapter.get(name)
        if is_empty(value):
            if isinstance(item, PageItem) and name in ALWAYS and name != "status":
                out[name] = ""
            continue
        out[name] = value
    return out
