"""XML outputs: trafilatura-style ``<doc>`` and TEI P5, well-formed whatever the page contained.

Documents are built with lxml, which escapes markup characters; characters XML
1.0 cannot carry at all (control characters, unpaired surrogates, U+FFFE/FFFF)
are removed first.
"""

from __future__ import annotations

import re
from typing import Any, Mapping
from urllib.parse import urlsplit

from lxml import etree

from web2md.formats.record import paragraphs

__all__ = ["TEI_NS", "render_tei", "render_xml", "tei_element", "xml_element", "xml_safe"]

TEI_NS = "http://www.tei-c.org/ns/1.0"
_T = f"{{{TEI_NS}}}"
_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_safe(value: Any) -> str:
    """`value` as text XML 1.0 can hold: characters it forbids are dropped."""
    text = value if isinstance(value, str) else str(value)
    return _NOT_XML.sub("", text)


def _sub(parent: etree._Element, tag: str, text: Any = None, **attrs: Any) -> etree._Element:
    el = etree.SubElement(parent, tag, {k: xml_safe(v) for k, v in attrs.items()})
    if text is not None:
        el.text = xml_safe(text)
    return el


def _paragraph(parent: etree._Element, tag: str, lines: list[str], lb: str) -> None:
    """A paragraph whose lines are kept apart by ``<lb/>``."""
    p = _sub(parent, tag, lines[0])
    for line in lines[1:]:
        _sub(p, lb).tail = xml_safe(line)


def _serialise(root: etree._Element) -> str:
    return _DECLARATION + etree.tostring(root, encoding="unicode", pretty_print=True).rstrip("\n")


def render_xml(record: Mapping[str, Any]) -> str:
    """``<doc>`` with url, title, author, date, language, fingerprint and ``<main>`` paragraphs."""
    return _serialise(xml_element(record))


def render_tei(record: Mapping[str, Any]) -> str:
    """A TEI P5 document: teiHeader (title, author, publisher, date, URL, language) and ``div type="entry"``."""
    return _serialise(tei_element(record))


def xml_element(record: Mapping[str, Any]) -> etree._Element:
    """The ``<doc>`` element of `render_xml` (feed exporters put many in one file)."""
    doc = etree.Element("doc")
    for tag, name in (("url", "url"), ("title", "title"), ("author", "author"), ("date", "published_date"),
                      ("language", "language"), ("page_type", "page_type"),
                      ("extraction_quality", "extraction_quality"), ("fingerprint", "fingerprint")):
        value = record.get(name)
        if value not in (None, ""):
            _sub(doc, tag, value)
    main = _sub(doc, "main")
    for lines in paragraphs(record):
        _paragraph(main, "p", lines, "lb")
    return doc


def tei_element(record: Mapping[str, Any]) -> etree._Element:
    """The ``<TEI>`` element of `render_tei` (a TEI corpus export holds many)."""
    tei = etree.Element(_T + "TEI", nsmap={None: TEI_NS})
    file_desc = _sub(_sub(tei, _T + "teiHeader"), _T + "fileDesc")
    title_stmt = _sub(file_desc, _T + "titleStmt")
    _sub(title_stmt, _T + "title", record.get("title") or "")
    if record.get("author"):
        _sub(title_stmt, _T + "author", record["author"])

    publication = _sub(file_desc, _T + "publicationStmt")
    # TEI wants a responsible agency before dates and identifiers.
    _sub(publication, _T + "publisher", record.get("site_name") or _host(record.get("url")) or "unknown")
    date = record.get("published_date")
    if date:
        _sub(publication, _T + "date", date, when=date)
    if record.get("url"):
        _sub(publication, _T + "idno", record["url"], type="URL")

    notes = [(name, record.get(name)) for name in ("description", "page_type", "extraction_quality", "fingerprint")]
    notes = [(name, value) for name, value in notes if value not in (None, "")]
    if notes:
        notes_stmt = _sub(file_desc, _T + "notesStmt")
        for name, value in notes:
            _sub(notes_stmt, _T + "note", value, type=name)
    _sub(_sub(file_desc, _T + "sourceDesc"), _T + "p", "Converted from web page by web2md")

    terms = [("keywords", t) for t in record.get("keywords") or []] + \
            [("categories", t) for t in record.get("categories") or []]
    if record.get("language") or terms:
        profile = _sub(tei[0], _T + "profileDesc")
        if record.get("language"):
            _sub(_sub(profile, _T + "langUsage"), _T + "language", ident=record["language"])
        if terms:
            text_class = _sub(profile, _T + "textClass")
            for scheme in ("keywords", "categories"):
                group = [t for s, t in terms if s == scheme]
                if group:
                    keywords = _sub(text_class, _T + "keywords", scheme=scheme)
                    for term in group:
                        _sub(keywords, _T + "term", term)

    div = _sub(_sub(_sub(tei, _T + "text"), _T + "body"), _T + "div", type="entry")
    blocks = paragraphs(record)
    for lines in blocks or [[""]]:  # a div needs at least one paragraph
        _paragraph(div, _T + "p", lines, _T + "lb")
    return tei


def _host(url: str | None) -> str:
    if not url:
        return ""
    try:
        return urlsplit(url).hostname or ""
    except ValueError:
        return ""
