"""Parse untrusted XML (sitemaps, feeds) without expanding entities, loading DTDs or touching the network.

A document that declares entities is refused outright (the defusedxml rule):
that is what XXE and "billion laughs" attacks need, and no real sitemap or feed
does it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

from lxml import etree

from web2md.extract.html.entities import NAMED

# XML knows five named entities; feeds written by hand use HTML's (&nbsp;, &eacute;) and bare "&".
_XML_NAMED = frozenset({"amp", "lt", "gt", "quot", "apos"})
_AMPERSAND = re.compile(rb"&(?:(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9._-]*);)?")


class UnsafeXMLError(ValueError):
    """The document declares entities (a possible XXE or entity-expansion attack)."""


def iter_xml(body: bytes | str, base_url: str = "", repair: bool = False) -> Iterator[tuple[str, etree._Element]]:
    """``("start" | "end", element)`` as `body` is parsed, for reading a large document without keeping its tree.

    No entity is expanded, no DTD loaded, nothing fetched. ``repair=True`` repairs HTML entities and bare ampersands first and
    parses in libxml2's recovery mode; otherwise malformed input raises
    ``etree.XMLSyntaxError`` where it is met. A document that declares entities
    raises `UnsafeXMLError` at its root's start. Elements' ``base`` resolve
    against `base_url`. The caller clears what it read.
    """
    data, encoding = _data(body)
    if repair:
        data = _repair_entities(data)
    events = etree.iterparse(
        io.BytesIO(data),
        events=("start", "end"),
        encoding=encoding,
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        recover=repair,
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
    )
    first = True
    for event, element in events:
        if first:
            first = False
            docinfo = element.getroottree().docinfo
            if base_url:
                docinfo.URL = base_url
            dtd = docinfo.internalDTD
            if dtd is not None and any(True for _ in dtd.iterentities()):
                raise UnsafeXMLError("XML document declares entities; refused")
        yield event, element


def local_name(el: etree._Element) -> str:
    """The tag without its namespace; ``""`` for comments, processing instructions and entities."""
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    return tag.rpartition("}")[2]


def namespace(el: etree._Element) -> str:
    tag = el.tag
    if not isinstance(tag, str) or not tag.startswith("{"):
        return ""
    return tag[1:].partition("}")[0]


def _data(body: bytes | str) -> tuple[bytes, str | None]:
    if isinstance(body, str):
        # the text is already decoded: the XML declaration's encoding no longer applies
        return body.lstrip("\ufeff \t\r\n").encode("utf-8"), "utf-8"
    return body.lstrip(b" \t\r\n"), None


def _repair_entity(match: re.Match[bytes]) -> bytes:
    ref = match.group(1)
    if ref is None:
        return b"&amp;"
    if ref.startswith(b"#"):
        return match.group(0)
    name = ref.decode("ascii")
    if name in _XML_NAMED:
        return match.group(0)
    char = NAMED.get(name)
    if char is None:
        return b"&amp;" + ref + b";"
    return b"&#%d;" % ord(char)


def _repair_entities(data: bytes) -> bytes:
    if b"&" not in data:
        return data
    return _AMPERSAND.sub(_repair_entity, data)


def inline_entity_refs(root: etree._Element) -> None:
    """Replace undeclared entity references (left by ``resolve_entities=False``) with their HTML meaning."""
    for ent in list(root.iter(etree.Entity)):
        name = ent.text[1:-1] if ent.text else ""
        text = NAMED.get(name, ent.text or "") + (ent.tail or "")
        parent = ent.getparent()
        if parent is None:
            continue
        previous = ent.getprevious()
        if previous is None:
            parent.text = (parent.text or "") + text
        else:
            previous.tail = (previous.tail or "") + text
        parent.remove(ent)
