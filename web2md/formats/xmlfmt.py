"""XML outputs: trafilatura-style ``<doc>`` and TEI P5, well-formed whatever the page contained.

Documents are built with lxml, which escapes markup characters; characters XML
1.0 cannot carry at all (control characters, unpaired surrogates, U+FFFE/FFFF)
are removed first. The body keeps the page's structure: it is read from the
same block structure as the HTML output (`web2md.formats.htmldoc`, which reads
the core's Markdown) and mapped to headings, lists, tables, quotes and code
with its whitespace. Tables are TEI P5's ``<table>`` of ``<row>`` (``role="label"``
for a header row) of ``<cell>`` (``role="label"`` for a header cell); code is
``<ab type="code">`` with ``xml:space="preserve"``; headings open nested
``<div type="section">``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from lxml import etree, html

from web2md.extract.html.tags import HEADING_LEVELS
from web2md.formats.htmldoc import markdown_to_html
from web2md.formats.record import paragraphs

__all__ = ["TEI_NS", "render_tei", "render_xml", "tei_element", "xml_element", "xml_safe"]

TEI_NS = "http://www.tei-c.org/ns/1.0"
_T = f"{{{TEI_NS}}}"
_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_CONTAINERS = frozenset({"blockquote", "ul", "ol", "table", "thead", "tbody", "tr"})


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
    for tag, name in (
        ("url", "url"),
        ("title", "title"),
        ("author", "author"),
        ("date", "published_date"),
        ("language", "language"),
        ("page_type", "page_type"),
        ("extraction_quality", "extraction_quality"),
        ("fingerprint", "fingerprint"),
    ):
        value = record.get(name)
        if value not in (None, ""):
            _sub(doc, tag, value)
    main = _sub(doc, "main")
    blocks = _content_blocks(record)
    if blocks is None:
        for lines in paragraphs(record):
            _paragraph(main, "p", lines, "lb")
    else:
        for block in blocks:
            _Writer(XML_TAGS).block(main, block)
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

    terms = [("keywords", t) for t in record.get("keywords") or []] + [
        ("categories", t) for t in record.get("categories") or []
    ]
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
    blocks = _content_blocks(record)
    if blocks is None:
        for lines in paragraphs(record):
            _paragraph(div, _T + "p", lines, _T + "lb")
    else:
        _tei_sections(div, blocks)
    if len(div) == 0:  # a div needs at least one paragraph
        _sub(div, _T + "p", "")
    return tei


def _host(url: str | None) -> str:
    if not url:
        return ""
    try:
        return urlsplit(url).hostname or ""
    except ValueError:
        return ""


# -- the body, from the Markdown's block structure ---------------------------------------


def _content_blocks(record: Mapping[str, Any]) -> list[etree._Element] | None:
    """The page's blocks as HTML elements (`markdown_to_html`), or None for a record without Markdown."""
    markdown = record.get("markdown")
    if not markdown or not markdown.strip():
        return None
    fragment = html.fragment_fromstring(markdown_to_html(xml_safe(markdown)), create_parent="article")
    return [child for child in fragment if isinstance(child.tag, str)]


#: HTML tag -> (tag, attributes) in each dialect; ``None``: the element's content goes to its parent.
XML_TAGS: dict[str, tuple[str, dict[str, str]] | None] = {
    "p": ("p", {}),
    "blockquote": ("quote", {}),
    "ul": ("list", {"rend": "ul"}),
    "ol": ("list", {"rend": "ol"}),
    "li": ("item", {}),
    "table": ("table", {}),
    "thead": None,
    "tbody": None,
    "tr": ("row", {}),
    "th": ("cell", {"role": "head"}),
    "td": ("cell", {}),
    "pre": ("code", {}),
    "br": ("lb", {}),
    "strong": ("hi", {"rend": "#b"}),
    "em": ("hi", {"rend": "#i"}),
    "code": ("code", {}),
    "a": ("ref", {}),
    "img": ("graphic", {}),
    **{h: ("head", {"rend": h}) for h in HEADING_LEVELS},
}
TEI_TAGS: dict[str, tuple[str, dict[str, str]] | None] = {
    **{k: (_T + v[0], v[1]) if v else None for k, v in XML_TAGS.items()},
    "th": (_T + "cell", {"role": "label"}),
    "pre": (_T + "ab", {"type": "code"}),
    "code": (_T + "hi", {"rend": "#code"}),
    # no <head> inside a quote in TEI: a heading there is a paragraph
    **{h: (_T + "p", {"rend": h}) for h in HEADING_LEVELS},
}


class _Writer:
    """Copies one HTML block into a dialect (`XML_TAGS`, `TEI_TAGS`), text made XML-safe on the way."""

    def __init__(self, tags: dict[str, tuple[str, dict[str, str]] | None]) -> None:
        self.tags = tags
        self.tei = tags is TEI_TAGS

    def block(self, parent: etree._Element, source: etree._Element) -> etree._Element:
        """Append `source` (a block) to `parent`; iterative, so deep nesting cannot exhaust the stack."""
        top = self._element(parent, source)
        stack = [(top, source)]
        while stack:
            target, element = stack.pop()
            if element.tag == "pre":
                target.text = xml_safe(element.text_content())  # code: every space and line kept
                continue
            if element.tag in ("a", "img"):
                self._link(target, element)
            inline = element.tag not in _CONTAINERS  # between the blocks of a container, whitespace is layout
            if inline:
                self._text(target, None, element.text)
            pending = []
            for child in element:
                if not isinstance(child.tag, str):
                    continue
                mapped = self._element(target, child)
                pending.append((mapped, child))
                if inline:
                    self._text(target, mapped if mapped is not target else None, child.tail)
            stack.extend(reversed(pending))
        return top

    def _element(self, parent: etree._Element, source: etree._Element) -> etree._Element:
        mapping = self.tags.get(source.tag)
        if mapping is None:
            return parent
        tag, attributes = mapping
        element = etree.SubElement(parent, tag, attributes)
        if self.tei and source.tag == "tr" and len(source) and all(cell.tag == "th" for cell in source):
            element.set("role", "label")
        if source.tag == "pre":
            language = (source[0].get("class") or "").removeprefix("language-") if len(source) else ""
            if language:
                element.set("rend", xml_safe(language))
            if self.tei:
                element.set(_XML_SPACE, "preserve")
        return element

    def _link(self, target: etree._Element, source: etree._Element) -> None:
        if source.tag == "a":
            target.set("target", xml_safe(source.get("href") or ""))
        elif self.tei:
            target.set("url", xml_safe(source.get("src") or ""))
            if source.get("alt"):
                _sub(target, _T + "desc", source.get("alt"))
        else:
            target.set("src", xml_safe(source.get("src") or ""))
            if source.get("alt"):
                target.set("alt", xml_safe(source.get("alt")))

    @staticmethod
    def _text(parent: etree._Element, after: etree._Element | None, text: str | None) -> None:
        """Add `text` inside `parent`, after its child `after` (or at its start); a line break after <lb/> goes."""
        if not text:
            return
        if after is not None and after.tag.endswith("lb"):
            text = text.removeprefix("\n")
        text = xml_safe(text.replace("\n", " "))
        if not text:
            return
        if after is None:
            last = parent[-1] if len(parent) else None
            if last is None:
                parent.text = (parent.text or "") + text
            else:
                last.tail = (last.tail or "") + text
        else:
            after.tail = (after.tail or "") + text


def _tei_sections(entry: etree._Element, blocks: list[etree._Element]) -> None:
    """Blocks into the entry div; each heading opens a ``<div type="section">`` that ends at the next heading of
    its level or above (TEI allows ``<head>`` only at the start of a div, and no paragraph after a nested div)."""
    writer = _Writer(TEI_TAGS)
    open_divs: list[tuple[int, etree._Element]] = [(0, entry)]
    for block in blocks:
        level = HEADING_LEVELS.get(block.tag)
        if level is None:
            if block.tag != "hr":
                writer.block(open_divs[-1][1], block)
            continue
        while len(open_divs) > 1 and open_divs[-1][0] >= level:
            open_divs.pop()
        section = _sub(open_divs[-1][1], _T + "div", type="section")
        head = etree.SubElement(section, _T + "head", {"rend": block.tag})
        writer.block(head, _without_tag(block))
        open_divs.append((level, section))


def _without_tag(element: etree._Element) -> etree._Element:
    """`element` as a wrapper whose own tag is not mapped, so only its content is copied."""
    wrapper = html.Element("span")
    wrapper.text = element.text
    for child in element:
        wrapper.append(child)
    return wrapper
