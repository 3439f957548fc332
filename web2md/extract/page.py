"""The `Page` record: everything the core extracts from one HTML document."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


@dataclass
class Page:
    """Result of :func:`web2md.convert`.

    Scalar fields are ``None`` and list/dict fields empty when the page does not
    provide them; serialisers omit those (see docs/design.md#page-fields: omitted, never null).
    """

    url: str = ""
    markdown: str = ""
    text: str = ""
    title: str | None = None

    # main-content extraction (see docs/design.md#main-content)
    page_type: str | None = None
    extraction_quality: float | None = None
    truncated: bool | None = None  # True: converted up to the max_memory bound; the rest is not here
    fit_markdown: str = ""
    markdown_with_citations: str = ""
    references: list[dict[str, Any]] = field(default_factory=list)
    tables: list[dict[str, Any]] = field(default_factory=list)
    outline: list[dict[str, Any]] = field(default_factory=list)

    # metadata (see docs/design.md#page-fields)
    description: str | None = None
    author: str | None = None
    published_date: str | None = None
    modified_date: str | None = None
    image: str | None = None
    headline: str | None = None
    site_name: str | None = None
    keywords: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    excerpt: str | None = None
    canonical_url: str | None = None
    language: str | None = None
    fingerprint: str | None = None
    word_count: int | None = None
    charset: str | None = None
    robots: list[str] = field(default_factory=list)
    meta_refresh: dict[str, Any] | None = None
    feeds: list[dict[str, Any]] = field(default_factory=list)
    json_ld: list[Any] = field(default_factory=list)
    links: list[dict[str, Any]] = field(default_factory=list)
    images: list[dict[str, Any]] = field(default_factory=list)
    headings: list[dict[str, Any]] = field(default_factory=list)
    hreflangs: list[dict[str, Any]] = field(default_factory=list)
    favicons: list[dict[str, Any]] = field(default_factory=list)
    open_graph: dict[str, Any] = field(default_factory=dict)
    twitter_card: dict[str, Any] = field(default_factory=dict)
    dublin_core: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Fields with a value, in declaration order (empty and ``None`` omitted)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or value == "" or value == [] or value == {}:
                continue
            out[f.name] = value
        return out
