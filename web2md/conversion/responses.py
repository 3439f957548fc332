"""Reading Scrapy responses for the core: the encoding a response declares and its parsed tree.

Shared by the spiders and the iframe inliner, so that every HTML document is
decoded the same way: with its declared encoding, else as the core decodes bytes.
"""

from __future__ import annotations

import logging

from lxml.etree import _Element
from scrapy.http import TextResponse
from w3lib.encoding import html_body_declared_encoding, http_content_type_encoding, read_bom

from web2md.extract.html.parse import DEFAULT_MAX_MEMORY, parse_html, utf8_or_cp1252
from web2md.extract.html.sniff import implausible_charset

__all__ = ["declared_encoding", "parse_response", "stated_encoding"]

logger = logging.getLogger(__name__)


def declared_encoding(response: TextResponse) -> str | None:
    """The encoding a response declares (BOM, else Content-Type charset, else `<meta>`), or None.

    None when `response.encoding` would only be Scrapy's guess from the bytes,
    which can be nonsense (``cp1006``, ``cp1250`` for Latin-1 text). An unknown
    label counts as no declaration, as it does for Scrapy and w3lib. A declared
    encoding that reads the body as implausible text (``charset=utf-16`` on
    UTF-8 bytes) is overruled by the clean one, and the log says why.
    """
    encoding = stated_encoding(response)
    overruled = implausible_charset(response.body, encoding) if encoding else None
    if overruled is not None:
        encoding, why = overruled
        logger.info("Decoded %s as %s: %s", response.url, encoding, why)
    return encoding


def stated_encoding(response: TextResponse) -> str | None:
    """The encoding a response states (BOM, else Content-Type charset, else `<meta>` in its first 4 KiB), unchecked."""
    declared = getattr(response, "_declared_encoding", None)  # Scrapy's, without the guess (private)
    if callable(declared):
        return declared()
    header = response.headers.get(b"Content-Type") or b""
    return (
        read_bom(response.body)[0]
        or http_content_type_encoding(header.decode("latin-1"))
        or html_body_declared_encoding(response.body)
    )


def parse_response(
    response: TextResponse, max_memory: int | None = DEFAULT_MAX_MEMORY, pack_rows: bool = False
) -> tuple[_Element, str]:
    """The parsed tree of an HTML response and the encoding its body was decoded with.

    The declared encoding decodes the body; without one the body is decoded
    exactly as the core decodes bytes (`web2md.extract.html.parse.utf8_or_cp1252`:
    UTF-8 when the bytes are valid UTF-8, else Windows-1252), not with Scrapy's
    guess. The body is parsed once either way, from its bytes (a UTF-8 body's text
    is never made), within `max_memory` bytes, a big page's plain table rows packed
    with `pack_rows` (`web2md.extract.html.parse.parse_html`).
    """
    encoding = declared_encoding(response) or utf8_or_cp1252(response.body)
    return parse_html(response.body, encoding=encoding, max_memory=max_memory, pack_rows=pack_rows), encoding
