"""The one HTML parser: bytes or text in, an lxml tree out (the same tree parsel/Scrapy would build).

Bytes are decoded with w3lib's charset detection (BOM, `<meta charset>`, then
UTF-8 with a Windows-1252 fallback). Named entities without their semicolon are
neutralised before parsing, because libxml2 would otherwise decode the legacy
forms (``&copy=2`` in a URL becomes ``©=2``), which SPEC §3 rules out.
"""

from __future__ import annotations

import re

from lxml import etree
from w3lib.encoding import html_to_unicode

# A named reference with no semicolon: "&name" followed by something that is not a name character or ';'.
_BARE_ENTITY = re.compile(r"&(?=[A-Za-z][A-Za-z0-9]{0,31}(?![A-Za-z0-9;]))")


def decode_body(body: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode a response body; returns ``(text, encoding)``."""
    content_type = f"text/html; charset={encoding}" if encoding else None
    enc, text = html_to_unicode(content_type, body)
    return text, enc


def parse_html(html: str | bytes, encoding: str | None = None) -> etree._Element:
    """Parse an HTML document (or fragment) into an lxml root element. Never raises on bad markup."""
    if isinstance(html, bytes):
        html, _ = decode_body(html, encoding)
    if "\x00" in html:
        html = html.replace("\x00", "")
    if "&" in html:
        html = _BARE_ENTITY.sub("&amp;", html)
    # "ignore" drops lone surrogates, which cannot be represented (SPEC §3)
    data = html.strip().encode("utf-8", "ignore") or b"<html></html>"
    # a parser per call: libxml2 parser objects are not safe to share between threads
    parser = etree.HTMLParser(recover=True, encoding="utf-8", huge_tree=True, remove_pis=True)
    root = etree.fromstring(data, parser=parser)
    if root is None:  # libxml2 gives up on some inputs (e.g. only a comment)
        root = etree.fromstring(b"<html></html>", parser=parser)
    return root
