"""The pure core: HTML in, a `Page` out. No Scrapy, no I/O, no clock, no global state (see docs/design.md#layers)."""

from importlib.machinery import EXTENSION_SUFFIXES

from web2md.extract.convert import convert, extract_links, extract_title, html_to_text
from web2md.extract.documents.reader import DocumentError, convert_document
from web2md.extract.html.entities import decode_entities
from web2md.extract.page import Page
from web2md.extract.textfor import UnsupportedContent, text_for

__all__ = [
    "DocumentError",
    "Page",
    "UnsupportedContent",
    "compiled",
    "core_build",
    "convert",
    "convert_document",
    "decode_entities",
    "extract_links",
    "extract_title",
    "html_to_text",
    "text_for",
]


def compiled() -> bool:
    """Whether the core runs compiled (a `WEB2MD_COMPILE=1` build, mypyc) or as the pure Python sources.

    Both give the same output (docs/design.md#compiled-build); benchmarks print which one they measured."""
    from web2md.extract.maincontent import analysis

    return (analysis.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def core_build() -> str:
    """The build of the core, "compiled" or "pure Python", in the words `web2md --version` and the benchmarks print."""
    return "compiled" if compiled() else "pure Python"
