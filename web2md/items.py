"""Scrapy items: `PageItem` carries one converted page (the page fields (docs/design.md#page-fields) of `Page`, plus
fetch facts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

from scrapy import Field, Item

from web2md.extract.page import Page

ItemT = TypeVar("ItemT", bound=Item)

# What every fetched response records: the URL asked for, the one that answered after redirects, the HTTP status.
FETCHED = ("url", "final_url", "status")
# Present in every exported page, even when empty (see docs/design.md#page-fields "always").
ALWAYS = (*FETCHED, "content_type", "markdown", "title")


def item_fields(*names: str) -> Callable[[type[ItemT]], type[ItemT]]:
    """Class decorator: the item's fields are `names`, in this order (a repeated name counts once).

    A field the class body declares keeps its metadata (e.g. ``transient=True``);
    the other names become plain fields. One list of names per item, so the items
    share their common fields (`FETCHED`, `ALWAYS`, `Page`'s) instead of repeating them.
    """

    def decorate(cls: type[ItemT]) -> type[ItemT]:
        order = dict.fromkeys(names)
        undeclared = sorted(set(cls.fields) - set(order))
        if undeclared:
            raise TypeError(f"{cls.__name__} declares fields missing from its field list: {undeclared}")
        cls.fields = {name: cls.fields[name] if name in cls.fields else Field() for name in order}
        return cls

    return decorate


# Every Page field is mirrored, so fields added to the core show up here without a second list to keep in sync.
@item_fields(
    *ALWAYS,
    "body",
    "html",
    "read",
    "headers",
    "options",
    "request",
    "document",
    "duplicate_of",
    *(f.name for f in fields(Page)),
)
class PageItem(Item):
    """One fetched page. `url` is the URL asked for, `final_url` the one answered after redirects.

    Fields marked ``transient`` carry the response to the extraction pipeline
    (`web2md.pipelines.extract`) and are removed before export.
    `duplicate_of` is the URL of an earlier near-duplicate page (`web2md.pipelines.dedupe`,
    flag mode); the other fields are `Page`'s.
    """

    body = Field(
        transient=True
    )  # raw bytes of the response, parsed once, where it is converted (web2md.conversion.converter)
    html = Field(transient=True)  # true for an HTML page (convert), else text_for reads the body
    read = Field(transient=True)  # what reading the page answered the spider, or the error it raised
    headers = Field(transient=True)  # response headers of a non-HTML response, for a DocumentItem
    options = Field(transient=True)  # this page's conversion options, over the spider's (web2md.frontends.page_crawl)
    # the request of a crawl serving several callers (web2md.frontends.page_crawl): its caller's hosts, options,
    # cookies and headers go with the page to the browser when auto mode has it rendered
    request = Field(transient=True)
    document = Field(transient=True)  # a PDF or DOCX read into this page: its `DocumentItem`, saved beside it


@item_fields(*FETCHED, "mime_type", "size", "filename", "sha256", "headers", "path", "body")
class DocumentItem(Item):
    """A non-HTML response that cannot be read as text (PDF, image, archive, ...): facts about it, not its bytes.

    `size` is in bytes, `sha256` the hex digest of the body, `headers` the response
    headers (``{name: value}``, names lowercased). The bytes travel in the transient
    `body` field to the export pipeline, which saves them under the output folder
    and records where in `path`.
    """

    body = Field(transient=True)


@item_fields("url", "lastmod", "alternates", "sitemap")
class SitemapEntryItem(Item):
    """A sitemap `<url>` listed without fetching it (``scrapy crawl sitemap -a list=1``).

    `lastmod` is ISO 8601, as precise as the sitemap wrote it; `alternates` the
    hreflang links (``[{"hreflang", "url"}]``); `sitemap` the sitemap that listed it.
    """


@item_fields(
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
)
class FeedEntryItem(Item):
    """One feed entry; field names follow `PageItem` so the same exporters and formats apply.

    `url` is the entry's link and `markdown` its content (the summary when the
    feed has no full content), rendered by the core renderer.
    """


def is_empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {} or value == ()


def item_to_dict(item: Any) -> dict[str, Any]:
    """The exportable fields of an item, in declaration order: no transient fields, no empty values.

    The `ALWAYS` fields of a `PageItem` are kept even when empty (as ``""``,
    never ``null``).
    """
    from itemadapter import ItemAdapter  # here, not above: it imports pydantic (when installed), ~60 ms

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
