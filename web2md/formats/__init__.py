"""Serialise a page to md, json, csv, tei, xml, txt or html: one function, `render(page, fmt)`.

A page is a core `Page`, a Scrapy item or a plain mapping of its fields. The
export pipeline, the feed exporters and `web2md fetch --format` all call this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from web2md.extract.page import Page
from web2md.formats.csvfmt import CSV_FIELDS, csv_header, csv_row, render_csv
from web2md.formats.htmldoc import markdown_to_html, render_html
from web2md.formats.jsonfmt import render_json
from web2md.formats.markdown import front_matter, render_markdown
from web2md.formats.record import as_record, plain_text
from web2md.formats.xmlfmt import render_tei, render_xml, xml_safe

__all__ = [
    "CSV_FIELDS",
    "EXTENSIONS",
    "FORMATS",
    "as_record",
    "csv_header",
    "csv_row",
    "extension",
    "front_matter",
    "markdown_to_html",
    "normalize_format",
    "render",
    "xml_safe",
]

FORMATS = ("md", "json", "csv", "tei", "xml", "txt", "html")
EXTENSIONS: Mapping[str, str] = {
    "md": "md",
    "json": "json",
    "csv": "csv",
    "tei": "tei.xml",
    "xml": "xml",
    "txt": "txt",
    "html": "html",
}
_ALIASES = {"markdown": "md", "text": "txt", "jsonl": "json", "htm": "html"}

_RENDERERS: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "json": render_json,
    "csv": render_csv,
    "tei": render_tei,
    "xml": render_xml,
    "txt": plain_text,
    "html": render_html,
}


def normalize_format(name: str) -> str:
    """The canonical name of a format (``markdown`` -> ``md``, ``text`` -> ``txt``); ValueError if unknown."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in FORMATS:
        known = ", ".join(FORMATS + tuple(_ALIASES))
        raise ValueError(f"unknown format {name!r} (known: {known})")
    return key


def extension(fmt: str) -> str:
    """File name extension for a format (``tei`` files are ``.tei.xml``)."""
    return EXTENSIONS[normalize_format(fmt)]


def render(page: Page | Mapping[str, Any], fmt: str = "md", *, frontmatter: bool = False) -> str:
    """`page` in format `fmt`, without a trailing newline (CSV rows end in CRLF, as RFC 4180 has it).

    `frontmatter` puts a YAML metadata block above Markdown output (ignored by other formats).
    """
    key = normalize_format(fmt)
    record = as_record(page)
    if key == "md":
        return render_markdown(record, frontmatter=frontmatter)
    return _RENDERERS[key](record)
