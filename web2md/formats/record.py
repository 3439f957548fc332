"""What every serialiser reads: a page's non-empty fields as a plain mapping, and its text as paragraphs.

Accepts a core `Page`, a Scrapy item (any mapping) or a dict, so the same
serialisers serve `web2md fetch`, the export pipeline and the feed exporters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from web2md.extract.page import Page

__all__ = ["as_record", "is_empty", "paragraphs", "plain_text"]

# Values the Scrapy layer attaches for its own use (a parsed tree, raw bytes); never serialised.
_TRANSIENT = frozenset({"tree", "body"})


def is_empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {} or value == ()


def as_record(page: Page | Mapping[str, Any]) -> dict[str, Any]:
    """The page's fields with a value, in declaration order (`Page`) or item order (mappings)."""
    if isinstance(page, Page):
        return page.to_dict()
    if not isinstance(page, Mapping):
        raise TypeError(f"expected a Page or a mapping, not {type(page).__name__}")
    declared = getattr(page, "fields", None)  # a Scrapy Item: skip its transient fields
    out: dict[str, Any] = {}
    for name, value in page.items():
        if name in _TRANSIENT or is_empty(value):
            continue
        if isinstance(declared, Mapping) and (declared.get(name) or {}).get("transient"):
            continue
        out[name] = value
    return out


def plain_text(record: Mapping[str, Any]) -> str:
    """The plain-text rendering (the `text` field), else the Markdown."""
    return record.get("text") or record.get("markdown") or ""


def paragraphs(record: Mapping[str, Any]) -> list[list[str]]:
    """The plain text as paragraphs (blank-line separated), each a list of its lines."""
    out: list[list[str]] = []
    for block in plain_text(record).split("\n\n"):
        lines = [line.strip() for line in block.split("\n") if line.strip()]
        if lines:
            out.append(lines)
    return out
