"""The pure core: HTML in, a `Page` out. No Scrapy, no I/O, no clock, no global state (see docs/design.md#layers)."""

from web2md.extract.convert import convert, extract_links, extract_title, html_to_text
from web2md.extract.documents.reader import DocumentError, convert_document
from web2md.extract.html.entities import decode_entities
from web2md.extract.page import Page
from web2md.extract.textfor import UnsupportedContent, text_for

__all__ = [
    "DocumentError",
    "Page",
    "UnsupportedContent",
    "convert",
    "convert_document",
    "decode_entities",
    "extract_links",
    "extract_title",
    "html_to_text",
    "text_for",
]
