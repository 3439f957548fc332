"""The output formats (`FORMATS`, the one registry of their names) and `render(page, fmt)`, the one serialiser.

A page is a core `Page`, a Scrapy item or a plain mapping of its fields. The
export pipeline, the feed exporters, `web2md fetch --format` and the MCP
server all read the registry and render through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
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
    "Format",
    "as_record",
    "csv_header",
    "csv_row",
    "extension",
    "feed_exporters",
    "format_names",
    "front_matter",
    "get_format",
    "markdown_to_html",
    "normalize_format",
    "render",
    "xml_safe",
]


@dataclass(frozen=True)
class Format:
    """An output format: its canonical name, other names, file extension and renderer.

    `feeds` names the Scrapy feed exporters (``-O pages.<name>``, classes in
    `web2md.exporters`) that write many pages of this format into one file.
    """

    name: str
    extension: str
    render: Callable[[Mapping[str, Any]], str]
    aliases: tuple[str, ...] = ()
    feeds: Mapping[str, str] = field(default_factory=dict)

    @property
    def is_feed_format(self) -> bool:
        return bool(self.feeds)


# The one list of output formats: the per-page files, `web2md fetch --format`, the feed
# exporters and the MCP server all read it. A new format is one entry here.
FORMATS: Mapping[str, Format] = {
    fmt.name: fmt
    for fmt in (
        Format(
            "md",
            "md",
            render_markdown,
            aliases=("markdown",),
            feeds={"md": "MarkdownItemExporter", "markdown": "MarkdownItemExporter"},
        ),
        Format(
            "json",
            "json",
            render_json,
            aliases=("jsonl",),
            # a feed of JSON pages is an array, or JSON lines: one compact object a line
            feeds={
                "json": "JsonItemExporter",
                "jsonl": "JsonLinesItemExporter",
                "jsonlines": "JsonLinesItemExporter",
                "jl": "JsonLinesItemExporter",
            },
        ),
        Format("csv", "csv", render_csv, feeds={"csv": "CsvItemExporter"}),
        Format("tei", "tei.xml", render_tei, feeds={"tei": "TeiItemExporter"}),
        Format("xml", "xml", render_xml, feeds={"xml": "XmlItemExporter"}),
        Format("txt", "txt", plain_text, aliases=("text",)),
        Format("html", "html", render_html, aliases=("htm",)),
    )
}
EXTENSIONS: Mapping[str, str] = {name: fmt.extension for name, fmt in FORMATS.items()}
_ALIASES = {alias: fmt.name for fmt in FORMATS.values() for alias in fmt.aliases}


def format_names() -> tuple[str, ...]:
    """Every name a format is known by: each canonical name followed by its aliases."""
    return tuple(name for fmt in FORMATS.values() for name in (fmt.name, *fmt.aliases))


def get_format(name: str) -> Format:
    """The `Format` called `name` (any spelling of `format_names`, any case); ValueError if unknown."""
    return FORMATS[normalize_format(name)]


def normalize_format(name: str) -> str:
    """The canonical name of a format (``markdown`` -> ``md``, ``text`` -> ``txt``); ValueError if unknown."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in FORMATS:
        known = ", ".join(FORMATS) + ", " + ", ".join(_ALIASES)
        raise ValueError(f"unknown format {name!r} (known: {known})")
    return key


def extension(fmt: str) -> str:
    """File name extension for a format (``tei`` files are ``.tei.xml``)."""
    return get_format(fmt).extension


def feed_exporters() -> dict[str, str]:
    """Scrapy's ``FEED_EXPORTERS`` setting: every feed name to its exporter class path."""
    return {name: f"web2md.exporters.{cls}" for fmt in FORMATS.values() for name, cls in fmt.feeds.items()}


def render(page: Page | Mapping[str, Any], fmt: str = "md", *, frontmatter: bool = False) -> str:
    """`page` in format `fmt`, without a trailing newline (CSV rows end in CRLF, as RFC 4180 has it).

    `frontmatter` puts a YAML metadata block above Markdown output (ignored by other formats).
    """
    key = normalize_format(fmt)
    record = as_record(page)
    if key == "md":
        return render_markdown(record, frontmatter=frontmatter)
    return FORMATS[key].render(record)
