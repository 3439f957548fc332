"""Renderings of a page item (per-page files, CLI output) and the Scrapy feed exporters built on them.

`FORMATS` maps a format name to its file extension and render function; the
export pipeline, the feed exporters and `web2md fetch` all render through it,
so a new format is one entry here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from scrapy.exporters import BaseItemExporter
from scrapy.exporters import JsonItemExporter as _ScrapyJsonItemExporter
from scrapy.exporters import JsonLinesItemExporter as _ScrapyJsonLinesItemExporter

from web2md.items import item_to_dict


class Format(NamedTuple):
    extension: str
    render: Callable[[Any], str]


def render_markdown(item: Any) -> str:
    return item_to_dict(item).get("markdown", "")


def render_text(item: Any) -> str:
    data = item_to_dict(item)
    return data.get("text") or data.get("markdown", "")


def render_json(item: Any) -> str:
    return json.dumps(item_to_dict(item), ensure_ascii=False, indent=2)


def render_header(item: Any) -> str:
    """A YAML front matter block naming the page (values JSON-quoted, which is valid YAML)."""
    data = item_to_dict(item)
    lines = ["---", f"url: {json.dumps(data.get('url', ''), ensure_ascii=False)}"]
    if data.get("final_url") and data.get("final_url") != data.get("url"):
        lines.append(f"final_url: {json.dumps(data['final_url'], ensure_ascii=False)}")
    lines.append(f"title: {json.dumps(data.get('title', ''), ensure_ascii=False)}")
    lines.append("---")
    return "\n".join(lines)


FORMATS: dict[str, Format] = {
    "md": Format("md", render_markdown),
    "json": Format("json", render_json),
    "text": Format("txt", render_text),
}
ALIASES = {"markdown": "md", "txt": "text"}


def get_format(name: str) -> Format:
    """The `Format` called ``name`` (aliases accepted); ValueError names the known ones."""
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in FORMATS:
        known = ", ".join(sorted(set(FORMATS) | set(ALIASES)))
        raise ValueError(f"unknown format {name!r} (known: {known})")
    return FORMATS[key]


class MarkdownItemExporter(BaseItemExporter):
    """``-O pages.md``: every page's Markdown, each under a front matter header naming its URL."""

    def __init__(self, file: Any, **kwargs: Any) -> None:
        super().__init__(dont_fail=True, **kwargs)
        self.file = file
        self._first = True

    def export_item(self, item: Any) -> None:
        parts = [] if self._first else ["\n\n"]
        parts += [render_header(item), "\n\n", render_markdown(item)]
        self.file.write("".join(parts).encode(self.encoding or "utf-8"))
        self._first = False

    def finish_exporting(self) -> None:
        if not self._first:
            self.file.write(b"\n")


class JsonLinesItemExporter(_ScrapyJsonLinesItemExporter):
    """``-O pages.jsonl``: one JSON object per page, empty fields omitted (never null)."""

    def export_item(self, item: Any) -> None:
        super().export_item(item_to_dict(item))


class JsonItemExporter(_ScrapyJsonItemExporter):
    """``-O pages.json``: a JSON array of pages, empty fields omitted (never null)."""

    def export_item(self, item: Any) -> None:
        super().export_item(item_to_dict(item))
