"""Renderings of a page item (per-page files, CLI output) and the Scrapy feed exporters built on them.

The formats and their names are `web2md.formats.FORMATS`; `get_format` gives
the export pipeline and the MCP server a registry format's extension and a
renderer of items, and ``FEED_EXPORTERS`` names the exporter classes here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from lxml import etree
from scrapy.exporters import BaseItemExporter
from scrapy.exporters import JsonItemExporter as _ScrapyJsonItemExporter
from scrapy.exporters import JsonLinesItemExporter as _ScrapyJsonLinesItemExporter

from web2md import formats
from web2md.formats.xmlfmt import TEI_NS, tei_element, xml_element
from web2md.items import PageItem, item_to_dict


class ItemFormat(NamedTuple):
    """A registry format (`web2md.formats.FORMATS`) as the pipelines use it: file extension, item renderer."""

    extension: str
    render: Callable[[Any], str]


def _rendered(fmt: str) -> Callable[[Any], str]:
    def render_item(item: Any) -> str:
        return formats.render(item_to_dict(item), fmt)

    render_item.__name__ = f"render_{fmt}"
    return render_item


def render_markdown(item: Any) -> str:
    """The Markdown file of a page: its `markdown` field as it is (what ``formats.render(item_to_dict(item))``
    gives, without copying every field of the page first: this runs once per page written)."""
    from itemadapter import ItemAdapter  # here, not above: it imports pydantic (when installed), ~60 ms

    return ItemAdapter(item).get("markdown") or ""


def render_header(item: Any) -> str:
    """A YAML front matter block naming the page (values JSON-quoted, which is valid YAML)."""
    data = item_to_dict(item)
    lines = ["---", f"url: {json.dumps(data.get('url', ''), ensure_ascii=False)}"]
    if data.get("final_url") and data.get("final_url") != data.get("url"):
        lines.append(f"final_url: {json.dumps(data['final_url'], ensure_ascii=False)}")
    lines.append(f"title: {json.dumps(data.get('title', ''), ensure_ascii=False)}")
    lines.append("---")
    return "\n".join(lines)


# Every format renders through web2md.formats.render, the one serialiser.
_ITEM_FORMATS: dict[str, ItemFormat] = {
    name: ItemFormat(fmt.extension, render_markdown if name == "md" else _rendered(name))
    for name, fmt in formats.FORMATS.items()
}


def get_format(name: str) -> ItemFormat:
    """The format called `name` (any name the registry knows); ValueError names the known ones."""
    return _ITEM_FORMATS[formats.normalize_format(name)]


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


class CsvItemExporter(BaseItemExporter):
    """``-O pages.csv``: the header row once, then one RFC 4180 row per page (`web2md.formats.csv_row`)."""

    def __init__(self, file: Any, **kwargs: Any) -> None:
        super().__init__(dont_fail=True, **kwargs)
        self.file = file

    def start_exporting(self) -> None:
        self.file.write(formats.csv_header().encode(self.encoding or "utf-8"))

    def export_item(self, item: Any) -> None:
        if isinstance(item, PageItem):
            self.file.write(formats.csv_row(item_to_dict(item)).encode(self.encoding or "utf-8"))


class _XmlDocumentsExporter(BaseItemExporter):
    """Pages as XML elements inside one root element, written as they come."""

    opening = ""
    closing = ""

    def __init__(self, file: Any, **kwargs: Any) -> None:
        super().__init__(dont_fail=True, **kwargs)
        self.file = file

    def element(self, record: dict[str, Any]) -> etree._Element:
        raise NotImplementedError

    def start_exporting(self) -> None:
        self.file.write(f'<?xml version="1.0" encoding="UTF-8"?>\n{self.opening}\n'.encode())

    def export_item(self, item: Any) -> None:
        if isinstance(item, PageItem):
            self.file.write(etree.tostring(self.element(item_to_dict(item)), encoding="utf-8", pretty_print=True))

    def finish_exporting(self) -> None:
        self.file.write(f"{self.closing}\n".encode())


class XmlItemExporter(_XmlDocumentsExporter):
    """``-O pages.xml``: ``<docs>`` holding one trafilatura-style ``<doc>`` per page."""

    opening, closing = "<docs>", "</docs>"

    def element(self, record: dict[str, Any]) -> etree._Element:
        return xml_element(record)


class TeiItemExporter(_XmlDocumentsExporter):
    """``-O pages.tei``: a TEI corpus, one ``<TEI>`` document per page."""

    opening = (
        f'<teiCorpus xmlns="{TEI_NS}"><teiHeader><fileDesc><titleStmt><title>web2md export</title>'
        "</titleStmt><publicationStmt><p>Converted from web pages by web2md</p></publicationStmt>"
        "<sourceDesc><p>Web pages</p></sourceDesc></fileDesc></teiHeader>"
    )
    closing = "</teiCorpus>"

    def element(self, record: dict[str, Any]) -> etree._Element:
        return tei_element(record)
