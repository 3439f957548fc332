"""Feeds (RSS 0.9x/1.0/2.0, Atom 0.3/1.0, JSON Feed 1.0/1.1) read into entries with Markdown content.

Entry HTML goes through the core renderer (`html_to_text`), so a feed entry
reads exactly like the same markup on a web page.
"""

from __future__ import annotations

import copy
import html
import json
import re
from dataclasses import dataclass, field, fields
from typing import Any

from lxml import etree

from web2md.extract.convert import html_to_text
from web2md.extract.documents.safexml import UnsafeXMLError, inline_entity_refs, iter_xml, local_name, namespace
from web2md.extract.html.entities import clean_text, decode_entities
from web2md.extract.html.parse import parse_html
from web2md.extract.html.urls import absolute_url
from web2md.extract.meta.isodate import iso_date

ATOM_NS = "http://www.w3.org/2005/Atom"
ATOM03_NS = "http://purl.org/atom/ns#"
CONTENT_NS = "http://purl.org/rss/1.0/modules/content/"
DC_NS = "http://purl.org/dc/elements/1.1/"
DCTERMS_NS = "http://purl.org/dc/terms/"
RDF_NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RSS090_NS = "http://my.netscape.com/rdf/simple/0.9/"
RSS10_NS = "http://purl.org/rss/1.0/"
ITUNES_NS = "http://www.itunes.com/dtds/podcast-1.0.dtd"
# RSS core elements: unqualified (0.9x/2.0), RSS 1.0 / 0.90, or the two short-lived RSS 2.0 namespaces
RSS_NAMESPACES = frozenset(
    {"", RSS10_NS, RSS090_NS, "http://backend.userland.com/rss2", "http://blogs.law.harvard.edu/tech/rss"}
)
ATOM_NAMESPACES = frozenset({ATOM_NS, ATOM03_NS})

_TAG_LIKE = re.compile(r"<[A-Za-z/!]")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
# A person as "jane@example.com (Jane Doe)" or "Jane Doe <jane@example.com>". The address's parts exclude the
# characters around them, so that each is read in one way: `\S+@\S+` could split at every "@" and stop
# before every "(" or "<", and took minutes over a few kilobytes of "<a@<a@...".
_EMAIL_NAME = re.compile(r"[^\s@]+@[^\s(]+\s?\((.+)\)")
_NAME_EMAIL = re.compile(r"(.+?)\s?<[^\s<>@]+@[^\s<>]+>")


__all__ = ["MAX_FEED_ENTRIES", "Feed", "FeedEntry", "FeedError", "FeedRefused", "parse_feed"]

# Entries a feed spider reads of one feed unless told otherwise: as many URLs as a sitemap may list. An XML feed is
# read as a stream, each item dropped once read, so what is kept is the entries themselves.
MAX_FEED_ENTRIES = 50_000


class FeedError(ValueError):
    """The document is not a feed this module can read."""


class FeedRefused(FeedError):
    """The document is XML that declares entities: refused unread (a possible XXE or entity-expansion attack)."""


def _omit_empty(obj: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        if value is None or value is False or value == "" or value == [] or value == {}:
            continue
        out[f.name] = [v.to_dict() for v in value] if f.name == "entries" else value
    return out


@dataclass
class FeedEntry:
    """One item/entry. `summary` and `content` are Markdown; `content` falls back to the summary."""

    title: str | None = None
    link: str | None = None
    id: str | None = None
    published: str | None = None
    updated: str | None = None
    author: str | None = None
    summary: str | None = None
    content: str | None = None
    categories: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return _omit_empty(self)


@dataclass
class Feed:
    format: str  # "rss", "atom" or "json"
    version: str
    url: str = ""
    title: str | None = None
    link: str | None = None
    description: str | None = None
    language: str | None = None
    updated: str | None = None
    author: str | None = None
    entries: list[FeedEntry] = field(default_factory=list)
    truncated: bool = False  # it has more than the entries asked for: the rest was not read

    def to_dict(self) -> dict[str, Any]:
        return _omit_empty(self)


def parse_feed(body: bytes | str, url: str = "", max_entries: int | None = None) -> Feed:
    """Parse an RSS, Atom or JSON Feed document fetched from `url` (the base for relative links).

    Missing or unreadable fields are left empty rather than guessed; raises
    `FeedError` when the document is not a feed at all. At most `max_entries`
    entries are read (`truncated` says when there were more); an XML feed is
    read as a stream, so its tree is never held whole.
    """
    start = body[:256].lstrip(b"\xef\xbb\xbf \t\r\n" if isinstance(body, bytes) else "\ufeff \t\r\n")
    if start[:1] in (b"{", "{"):
        return _parse_json(body, url, max_entries)
    try:
        try:
            return _parse_xml(body, url, max_entries, repair=False)
        except etree.XMLSyntaxError:
            # HTML entities and bare ampersands repaired, then libxml2's recovery mode
            return _parse_xml(body, url, max_entries, repair=True)
    except UnsafeXMLError:
        raise FeedRefused("it declares XML entities (a possible XXE or entity-expansion attack)") from None
    except (etree.XMLSyntaxError, StopIteration):
        raise FeedError("not an XML document") from None


def _parse_xml(body: bytes | str, url: str, max_entries: int | None, repair: bool) -> Feed:
    """Read the feed's entries as they are parsed (each dropped once read), then its head from what is left."""
    events = iter_xml(body, url, repair=repair)
    root = next(events)[1]
    if not isinstance(root.tag, str):
        raise FeedError("not an XML document")
    name, ns = local_name(root), namespace(root)
    if name == "rss" and ns in RSS_NAMESPACES:
        kind, entry_name = "rss", "item"
    elif name == "RDF" and ns == RDF_NS:
        kind, entry_name = "rdf", "item"
    elif name == "feed" and ns in ATOM_NAMESPACES | {""}:
        kind, entry_name = "atom", "entry"
    else:
        raise FeedError(f"not a feed: root element <{name}>")
    entries: list[FeedEntry] = []
    truncated = False
    read: etree._Element | None = None  # the last entry read, removed once the parser has left it
    depth = 1
    for event, el in events:
        if event == "start":
            depth += 1
            continue
        depth -= 1
        # RSS 0.9x/2.0 nest items in the channel, RSS 1.0/0.90 make them siblings of it; Atom entries are the root's
        if local_name(el) != entry_name or depth > (1 if kind == "atom" else 2):
            continue
        if kind != "atom" and depth == 2 and local_name(el.getparent()) != "channel":
            continue
        if max_entries is not None and len(entries) >= max_entries:
            truncated = True
            break
        inline_entity_refs(el)
        entry = _rss_entry(el, url) if kind != "atom" else _atom_entry(el, url, None)
        if _worth_keeping(entry):
            entries.append(entry)
        el.clear()
        if read is not None and (parent := read.getparent()) is not None:
            parent.remove(read)
        read = el
    if read is not None and (parent := read.getparent()) is not None:
        parent.remove(read)
    inline_entity_refs(root)
    if kind == "rss":
        feed = _rss_head(root, url, root.get("version") or "2.0")
    elif kind == "rdf":
        feed = _rss_head(root, url, "0.90" if _has_ns(root, RSS090_NS) else "1.0")
    else:
        feed = _atom_head(root, url)
        for entry in entries:  # an entry without its own author has the feed's
            entry.author = entry.author or feed.author
    feed.entries = entries
    feed.truncated = truncated
    return feed


# -- RSS -------------------------------------------------------------------


def _rss_head(root: etree._Element, url: str, version: str) -> Feed:
    channel = next((el for el in root if local_name(el) == "channel"), None)
    head = channel if channel is not None else root
    feed = Feed("rss", version, url)
    feed.title = _plain(_rss_text(head, "title")) or None
    feed.link = _rss_link(head, url)
    feed.description = _plain(_rss_text(head, "description")) or None
    feed.language = clean_text(_rss_text(head, "language") or _ns_text(head, DC_NS, "language")) or None
    feed.updated = iso_date(
        _rss_text(head, "lastBuildDate") or _rss_text(head, "pubDate") or _ns_text(head, DC_NS, "date")
    )
    feed.author = _names(_ns_texts(head, DC_NS, "creator")) or _person(_rss_text(head, "managingEditor"))
    return feed


def _rss_entry(item: etree._Element, feed_url: str) -> FeedEntry:
    entry = FeedEntry()
    base = item.base or feed_url
    entry.title = _plain(_rss_text(item, "title") or _ns_text(item, DC_NS, "title")) or None
    guid = _rss_child(item, "guid")
    guid_text = _text(guid).strip() if guid is not None else ""
    entry.link = _rss_link(item, base)
    if entry.link is None and guid is not None and (guid.get("isPermaLink") or "true").lower() != "false":
        entry.link = absolute_url(guid_text, base)
    if entry.link is None:
        entry.link = absolute_url(item.get(f"{{{RDF_NS}}}about") or "", base)
    entry.id = guid_text or item.get(f"{{{RDF_NS}}}about") or entry.link
    entry.published = iso_date(
        _rss_text(item, "pubDate")
        or _ns_text(item, DC_NS, "date")
        or _ns_text(item, DCTERMS_NS, "issued")
        or _ns_text(item, ATOM_NS, "published")
    )
    entry.updated = iso_date(_ns_text(item, ATOM_NS, "updated") or _ns_text(item, DCTERMS_NS, "modified"))
    entry.author = (
        _names(_ns_texts(item, DC_NS, "creator"))
        or _person(_rss_text(item, "author"))
        or _names(_ns_texts(item, ITUNES_NS, "author"))
    )
    render_base = entry.link or base
    description = _rss_text(item, "description") or _ns_text(item, DC_NS, "description")
    entry.summary = _markdown(description, render_base)
    encoded = _ns_child(item, CONTENT_NS, "encoded")
    atom_content = _ns_child(item, ATOM_NS, "content")
    if encoded is not None:
        entry.content = _markdown(_text(encoded), render_base)
    elif atom_content is not None:
        entry.content = _construct_markdown(atom_content, render_base)
    entry.content = entry.content or entry.summary
    entry.categories = _unique(
        [
            clean_text(_text(el))
            for el in item
            if (local_name(el) == "category" and namespace(el) in RSS_NAMESPACES)
            or (local_name(el) == "subject" and namespace(el) == DC_NS)
        ]
    )
    return entry


def _rss_child(el: etree._Element, name: str) -> etree._Element | None:
    for child in el:
        if local_name(child) == name and namespace(child) in RSS_NAMESPACES:
            return child
    return None


def _rss_text(el: etree._Element, name: str) -> str:
    child = _rss_child(el, name)
    return _text(child) if child is not None else ""


def _rss_link(el: etree._Element, base: str) -> str | None:
    """The RSS `<link>`; an `<atom:link rel="alternate">` when it is missing (never atom:link rel=self)."""
    link = absolute_url(_rss_text(el, "link"), base)
    if link is None:
        link = _atom_link(el, base)
    return link


# -- Atom ------------------------------------------------------------------


def _atom_head(root: etree._Element, url: str) -> Feed:
    feed = Feed("atom", "0.3" if namespace(root) == ATOM03_NS else "1.0", url)
    feed.title = _construct_plain(_atom_child(root, "title")) or None
    feed.link = _atom_link(root, url)
    feed.description = (
        _construct_plain(_atom_child(root, "subtitle")) or _construct_plain(_atom_child(root, "tagline")) or None
    )
    feed.language = clean_text(root.get("{http://www.w3.org/XML/1998/namespace}lang")) or None
    feed.updated = iso_date(_atom_text(root, "updated") or _atom_text(root, "modified"))
    feed.author = _atom_authors(root)
    return feed


def _atom_entry(el: etree._Element, feed_url: str, feed_author: str | None) -> FeedEntry:
    entry = FeedEntry()
    base = el.base or feed_url
    entry.title = _construct_plain(_atom_child(el, "title")) or None
    entry.link = _atom_link(el, base)
    entry.id = clean_text(_atom_text(el, "id")) or entry.link
    entry.published = iso_date(_atom_text(el, "published") or _atom_text(el, "issued") or _atom_text(el, "created"))
    entry.updated = iso_date(_atom_text(el, "updated") or _atom_text(el, "modified"))
    if entry.published is None:
        entry.published = entry.updated
    source = _atom_child(el, "source")
    entry.author = _atom_authors(el) or (_atom_authors(source) if source is not None else None) or feed_author
    render_base = entry.link or base
    summary = _atom_child(el, "summary")
    content = _atom_child(el, "content")
    entry.summary = _construct_markdown(summary, render_base) if summary is not None else None
    entry.content = (_construct_markdown(content, render_base) if content is not None else None) or entry.summary
    entry.categories = _unique(
        [
            clean_text(c.get("label") or c.get("term"))
            for c in el
            if local_name(c) == "category" and namespace(c) in ATOM_NAMESPACES | {""}
        ]
    )
    return entry


def _atom_child(el: etree._Element, name: str) -> etree._Element | None:
    for child in el:
        if local_name(child) == name and namespace(child) in ATOM_NAMESPACES | {""}:
            return child
    return None


def _atom_text(el: etree._Element, name: str) -> str:
    child = _atom_child(el, name)
    return _text(child) if child is not None else ""


def _atom_link(el: etree._Element, base: str) -> str | None:
    """The entry's web page: an alternate link (rel missing counts), HTML preferred over other types."""
    best: str | None = None
    for child in el:
        if local_name(child) != "link" or namespace(child) not in ATOM_NAMESPACES:
            continue
        if (child.get("rel") or "alternate").strip().lower() != "alternate":
            continue
        url = absolute_url(child.get("href") or "", child.base or base)
        if url is None:
            continue
        mtype = (child.get("type") or "text/html").lower()
        if mtype in ("text/html", "application/xhtml+xml"):
            return url
        best = best or url
    return best


def _atom_authors(el: etree._Element) -> str | None:
    names = []
    for author in el:
        if local_name(author) == "author" and namespace(author) in ATOM_NAMESPACES | {""}:
            name = _atom_text(author, "name") or _atom_text(author, "email")
            names.append(name)
    return _names(names)


def _construct_plain(el: etree._Element | None) -> str:
    """An Atom text construct as plain text (titles)."""
    if el is None:
        return ""
    kind = (el.get("type") or "text").lower()
    if kind in ("xhtml", "application/xhtml+xml"):
        return clean_text(_text(el))
    if kind in ("html", "text/html") or el.get("mode") == "escaped":
        return _html_plain(_text(el))
    return clean_text(_text(el))


def _construct_markdown(el: etree._Element, base: str) -> str | None:
    """An Atom text construct (title, summary, content) as Markdown; None for out-of-line or binary content."""
    if el.get("src") is not None or el.get("mode") == "base64":
        return None
    kind = (el.get("type") or "text").lower()
    if kind in ("xhtml", "application/xhtml+xml") or el.get("mode") == "xml":
        return html_to_text(_inline_markup(el), base) or None
    if kind in ("html", "text/html"):
        return _markdown(_text(el), base)
    if kind == "text" or kind.startswith("text/"):
        return _text_markdown(_text(el), base)
    return None


def _inline_markup(el: etree._Element) -> str:
    """Serialise inline XHTML content without its namespaces, for the HTML renderer."""
    holder = copy.deepcopy(el)
    for node in holder.iter():
        if isinstance(node.tag, str):
            node.tag = local_name(node)
    etree.cleanup_namespaces(holder)
    return html.escape(holder.text or "", quote=False) + "".join(
        etree.tostring(child, encoding="unicode") for child in holder
    )


# -- JSON Feed -------------------------------------------------------------


def _parse_json(body: bytes | str, url: str, max_entries: int | None) -> Feed:
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise FeedError(f"invalid JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("items"), list):
        raise FeedError("not a JSON Feed: no items list")
    version = _str(data.get("version"))
    feed = Feed("json", "1.1" if version.endswith("/1.1") else "1.0", url)
    feed.title = _plain(_str(data.get("title"))) or None
    feed.link = absolute_url(_str(data.get("home_page_url")), url)
    feed.description = _plain(_str(data.get("description"))) or None
    feed.language = clean_text(_str(data.get("language"))) or None
    feed.author = _json_authors(data)
    base = feed.link or url
    items = [item for item in data["items"] if isinstance(item, dict)]
    for item in items:
        if _full(feed, max_entries):
            feed.truncated = True
            break
        entry = FeedEntry()
        entry.title = _plain(_str(item.get("title"))) or None
        entry.link = absolute_url(_str(item.get("url")), base) or absolute_url(_str(item.get("external_url")), base)
        item_id = item.get("id")
        # the spec says string, but numbers are common in the wild
        if isinstance(item_id, int) and not isinstance(item_id, bool):
            item_id = str(item_id)
        entry.id = clean_text(_str(item_id)) or entry.link
        entry.published = iso_date(_str(item.get("date_published")))
        entry.updated = iso_date(_str(item.get("date_modified")))
        entry.author = _json_authors(item) or feed.author
        render_base = entry.link or base
        entry.summary = _text_markdown(_str(item.get("summary")), render_base)
        entry.content = (
            _markdown(_str(item.get("content_html")), render_base)
            or _text_markdown(_str(item.get("content_text")), render_base)
            or entry.summary
        )
        tags = item.get("tags")
        entry.categories = (
            _unique([clean_text(t) for t in tags if isinstance(t, str)]) if isinstance(tags, list) else []
        )
        _append(feed, entry)
    return feed


def _json_authors(obj: dict[str, Any]) -> str | None:
    authors = obj.get("authors")
    if not isinstance(authors, list):
        authors = [obj.get("author")]  # JSON Feed 1.0
    return _names([_str(a.get("name")) for a in authors if isinstance(a, dict)])


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


# -- shared ----------------------------------------------------------------


def _full(feed: Feed, max_entries: int | None) -> bool:
    return max_entries is not None and len(feed.entries) >= max_entries


def _append(feed: Feed, entry: FeedEntry) -> None:
    if _worth_keeping(entry):
        feed.entries.append(entry)


def _worth_keeping(entry: FeedEntry) -> bool:
    # an item with nothing to show (no title, link, id or text) is noise, not an entry
    return bool(entry.title or entry.link or entry.id or entry.content)


def _text(el: etree._Element) -> str:
    return "".join(el.itertext())


def _ns_child(el: etree._Element, ns: str, name: str) -> etree._Element | None:
    for child in el:
        if local_name(child) == name and namespace(child) == ns:
            return child
    return None


def _ns_text(el: etree._Element, ns: str, name: str) -> str:
    child = _ns_child(el, ns, name)
    return _text(child) if child is not None else ""


def _ns_texts(el: etree._Element, ns: str, name: str) -> list[str]:
    return [_text(child) for child in el if local_name(child) == name and namespace(child) == ns]


def _has_ns(root: etree._Element, ns: str) -> bool:
    return any(namespace(el) == ns for el in root)


def _plain(value: str) -> str:
    """Plain text from a field that should be text but often carries markup or double-escaped entities."""
    if _TAG_LIKE.search(value):
        return _html_plain(value)
    return clean_text(decode_entities(value) if "&" in value else value)


def _html_plain(markup: str) -> str:
    if not markup.strip():
        return ""
    root = parse_html(markup)
    etree.strip_elements(root, "script", "style", "template", with_tail=False)
    return clean_text("".join(root.itertext()))


def _markdown(markup: str, base: str) -> str | None:
    if not markup.strip():
        return None
    return html_to_text(markup, base) or None


def _text_markdown(text: str, base: str) -> str | None:
    """Plain text as Markdown: blank lines separate paragraphs, Markdown characters are escaped."""
    paragraphs = [p for p in _BLANK_LINE.split(text.replace("\r\n", "\n")) if p.strip()]
    if not paragraphs:
        return None
    return html_to_text("".join(f"<p>{html.escape(p, quote=False)}</p>" for p in paragraphs), base) or None


def _person(value: str) -> str | None:
    value = clean_text(value)
    match = _EMAIL_NAME.fullmatch(value) or _NAME_EMAIL.fullmatch(value)
    if match:
        value = match.group(1).strip()
    return value or None


def _names(values: list[str]) -> str | None:
    return ", ".join(_unique([clean_text(v) for v in values])) or None


def _unique(values: list[str]) -> list[str]:
    return [v for v in dict.fromkeys(values) if v]
