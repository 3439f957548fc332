"""The one HTML parser: bytes or text in, an lxml tree out (the same tree parsel/Scrapy would build).

Bytes are decoded with w3lib's charset detection (BOM, `<meta charset>`, then
UTF-8 with a Windows-1252 fallback). Named references that are not a known
entity with its semicolon are neutralised before parsing, because libxml2 would
otherwise decode a known prefix (``&copy=2`` in a URL becomes ``©=2``,
``&notit;`` becomes ``¬it;``), which SPEC §3 rules out. The content of raw-text
elements (scripts, JSON-LD, styles) and of comments is left as it is.
"""

from __future__ import annotations

import re

from lxml import etree
from w3lib.encoding import html_to_unicode

from web2md.extract.entities import NAMED

# Elements libxml2 reads as raw text (no entities, no tags inside); plaintext runs to the end.
_RAW_TEXT = ("script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext")
_REF_OR_RAW = re.compile(r"&([A-Za-z][A-Za-z0-9]*)(;?)|<(" + "|".join(_RAW_TEXT) + r")(?=[\s/>])|<!--", re.I)


def neutralise_references(html: str) -> str:
    """Escape the '&' of each named reference that is not a known entity with its semicolon.

    One forward scan: a raw-text element or a comment is jumped over to its end.
    """
    out: list[str] = []
    copied = 0
    at = 0
    lower: str | None = None
    while (m := _REF_OR_RAW.search(html, at)) is not None:
        name = m.group(1)
        if name is not None:
            if not (m.group(2) and name in NAMED):
                out.append(html[copied:m.start()])
                out.append("&amp;")
                copied = m.start() + 1
            at = m.end()
            continue
        if m.group(3) is not None:
            if lower is None:
                lower = html.lower()
            end = lower.find("</" + m.group(3).lower(), m.end())
        else:
            end = html.find("-->", m.end())
        if end < 0:
            break
        at = end
    out.append(html[copied:])
    return "".join(out)


def utf8_or_cp1252(body: bytes) -> str:
    """The encoding of an undeclared body: UTF-8 if it is valid UTF-8, else Windows-1252 (what browsers assume)."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def decode_body(body: bytes, encoding: str | None = None, content_type: str | None = None) -> tuple[str, str]:
    """Decode a response body by its BOM, declared charset (argument, Content-Type, `<meta>`), else
    `utf8_or_cp1252`; returns ``(text, encoding)``."""
    if encoding:
        content_type = f"text/html; charset={encoding}"
    enc, text = html_to_unicode(content_type, body, auto_detect_fun=utf8_or_cp1252)
    return text, enc


def parse_html(html: str | bytes, encoding: str | None = None) -> etree._Element:
    """Parse an HTML document (or fragment) into an lxml root element. Never raises on bad markup."""
    if isinstance(html, bytes):
        html, _ = decode_body(html, encoding)
    if "\x00" in html:
        html = html.replace("\x00", "")
    if "&" in html:
        html = neutralise_references(html)
    # "ignore" drops lone surrogates, which cannot be represented (SPEC §3)
    data = html.strip().encode("utf-8", "ignore") or b"<html></html>"
    # a parser per call: libxml2 parser objects are not safe to share between threads
    parser = etree.HTMLParser(recover=True, encoding="utf-8", huge_tree=True, remove_pis=True)
    root = etree.fromstring(data, parser=parser)
    if root is None:  # libxml2 gives up on some inputs (e.g. only a comment)
        root = etree.fromstring(b"<html></html>", parser=parser)
    return root
