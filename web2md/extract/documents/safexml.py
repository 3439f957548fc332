"""Parse untrusted XML (sitemaps, feeds) without expanding entities, loading DTDs or touching the network.

A document that declares entities is refused outright (the defusedxml rule):
that is what XXE and "billion laughs" attacks need, and no real sitemap or feed
does it.
"""

from __future__ import annotations

import re

from lxml import etree

from web2md.extract.html.entities import NAMED

# XML knows five named entities; feeds written by hand use HTML's (&nbsp;, &eacute;) and bare "&".
_XML_NAMED = frozenset({"amp", "lt", "gt", "quot", "apos"})
_AMPERSAND = re.compile(rb"&(?:(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9._-]*);)?")


class UnsafeXMLError(ValueError):
    """The document declares entities (a possible XXE or entity-expansion attack)."""


def parse_xml(body: bytes | str, base_url: str = "") -> etree._Element:
    """Parse `body` into an lxml root element; raise ``ValueError`` when it holds no XML element.

    Well-formed input parses strictly. Otherwise HTML named entities and bare
    ampersands are repaired and the parse retried, and only then libxml2's
    recovery mode is used (it silently drops text around the first error).
    """
    if isinstance(body, str):
        # the text is already decoded: the XML declaration's encoding no longer applies
        data, encoding = body.lstrip("\ufeff \t\r\n").encode("utf-8"), "utf-8"
    else:
        data, encoding = body.lstrip(b" \t\r\n"), None
    root = _parse(data, encoding, base_url, recover=False)
    if root is None:
        data = _repair_entities(data)
        root = _parse(data, encoding, base_url, recover=False)
        if root is None:
            root = _parse(data, encoding, base_url, recover=True)
    if root is None or not isinstance(root.tag, str):
        raise ValueError("not an XML document")
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):
        raise UnsafeXMLError("XML document declares entities; refused")
    _inline_entity_refs(root)
    return root


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


def _parse(data: bytes, encoding: str | None, base_url: str, recover: bool) -> etree._Element | None:
    # a parser per call: libxml2 parser objects keep state and are not thread-safe
    parser = etree.XMLParser(
        encoding=encoding,
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        recover=recover,
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
    )
    try:
        return etree.fromstring(data, parser, base_url=base_url or None)
    except etree.XMLSyntaxError:
        return None


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


def _inline_entity_refs(root: etree._Element) -> None:
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
