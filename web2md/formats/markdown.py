"""Markdown output, optionally under a YAML front matter block of the page's metadata."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["FRONT_MATTER_FIELDS", "front_matter", "render_markdown"]

# The scalar and list metadata a reader of the file wants at the top, in this order.
FRONT_MATTER_FIELDS = (
    "title",
    "url",
    "final_url",
    "canonical_url",
    "author",
    "published_date",
    "modified_date",
    "description",
    "site_name",
    "language",
    "keywords",
    "categories",
    "image",
    "page_type",
    "extraction_quality",
    "word_count",
    "fingerprint",
)


def front_matter(record: Mapping[str, Any]) -> str:
    """A ``---`` delimited YAML block. Values are written as JSON scalars and flow lists, which YAML reads as is."""
    lines = ["---"]
    for name in FRONT_MATTER_FIELDS:
        value = record.get(name)
        if value is None or value == "" or value == []:
            continue
        if name == "final_url" and value == record.get("url"):
            continue
        lines.append(f"{name}: {json.dumps(value, ensure_ascii=False)}")
    lines.append("---")
    return "\n".join(lines)


def render_markdown(record: Mapping[str, Any], frontmatter: bool = False) -> str:
    markdown = record.get("markdown") or ""
    if not frontmatter:
        return markdown
    header = front_matter(record)
    return f"{header}\n\n{markdown}" if markdown else header
