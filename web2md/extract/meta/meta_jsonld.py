"""JSON-LD blocks: parsed tolerantly, kept as authored, and queried by field with schema.org priorities.

Real pages wrap JSON-LD in comments or CDATA, leave trailing commas, put raw
newlines inside strings and concatenate several objects in one block; all of
that is read. What still is not JSON is skipped, never guessed at.
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterable
from typing import Any

from web2md.extract.exact import str_lower
from web2md.extract.html.entities import clean_text, decode_entities

__all__ = ["JsonLd", "node_types", "parse_json_ld", "story_type"]

_OPENERS = ("<!--", "<![CDATA[", "//<![CDATA[", "// <![CDATA[")
_CLOSERS = ("-->", "]]>", "//]]>", "// ]]>")
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def _no_constant(name: str) -> None:
    return None  # NaN and Infinity are not JSON; they would make the JSON output invalid


_DECODER = json.JSONDecoder(strict=False, parse_constant=_no_constant)

# JSON-LD nodes looked at per document; real pages have a handful.
MAX_NODES = 1000
# schema.org types of a story besides Article and its kinds (NewsArticle, TechArticle, SatiricalArticle, ...)
STORY_TYPES = frozenset({"blogposting", "liveblogposting", "report", "review", "recipe", "howto"})
# the other nodes that describe the page's own content: forum and social posts, videos, podcast episodes, products
OTHER_CONTENT_TYPES = frozenset(
    {"discussionforumposting", "socialmediaposting", "videoobject", "podcastepisode", "product"}
)
PAGE_TYPES = frozenset(
    {
        "webpage",
        "itempage",
        "collectionpage",
        "aboutpage",
        "profilepage",
        "faqpage",
        "qapage",
        "medicalwebpage",
        "contactpage",
        "searchresultspage",
        "checkoutpage",
        "realestatelisting",
    }
)


def story_type(name: str) -> bool:
    """Whether a schema.org type, lowercase and without its vocabulary's address, is a story's: an Article of any
    kind, a blog post, a report, a review, a recipe or a how-to (nodes of these describe the page's own content)."""
    return name.endswith("article") or name in STORY_TYPES


def parse_json_ld(raw: str) -> list[Any]:
    """The JSON values in one ``<script type="application/ld+json">`` block (empty when unreadable)."""
    text = _unwrap(raw)
    if not text:
        return []
    try:
        for candidate in (text, _TRAILING_COMMA.sub(r"\1", text)):
            try:
                return [_DECODER.decode(candidate)]
            except ValueError:
                pass
        return _concatenated(_TRAILING_COMMA.sub(r"\1", text))
    except RecursionError:  # nested deeper than the json module goes
        return []


def _unwrap(raw: str) -> str:
    """The block without the comment or CDATA wrapper pages put around scripts."""
    text = raw.strip()
    for opener in _OPENERS:
        if text.startswith(opener):
            text = text[len(opener) :].lstrip()
            break
    for closer in _CLOSERS:
        if text.endswith(closer):
            text = text[: -len(closer)].rstrip()
            break
    return text


def _concatenated(text: str) -> list[Any]:
    """Several JSON values one after another (``{...}{...}`` or ``{...},{...}``); stops at the first bad one."""
    values: list[Any] = []
    pos, end = 0, len(text)
    while pos < end:
        while pos < end and text[pos] in " \t\r\n,;":
            pos += 1
        if pos >= end:
            break
        try:
            value, pos = _DECODER.raw_decode(text, pos)
        except ValueError:
            break
        values.append(value)
    return values


def node_types(node: dict) -> set[str]:
    """A node's ``@type``s, lowercased, without a vocabulary's address or prefix (``schema:NewsArticle``,
    ``https://schema.org/NewsArticle``: ``newsarticle``)."""
    kind = node.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return {str_lower(k.rsplit("/", 1)[-1].rsplit(":", 1)[-1]) for k in kinds if isinstance(k, str)}


def _text(value: Any) -> str | None:
    if isinstance(value, str):
        return clean_text(decode_entities(value)) or None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def _person(value: Any) -> str | None:
    if isinstance(value, list):
        names: list[str] = []
        for item in value:
            name = _person(item)
            if name and name not in names:
                names.append(name)
        return "; ".join(names) or None
    if isinstance(value, dict):
        name = _text(value.get("name"))
        if name:
            return name
        parts = [_text(value.get(k)) for k in ("givenName", "familyName")]
        return " ".join(p for p in parts if p) or None
    return _text(value)


def _url(value: Any) -> str | None:
    if isinstance(value, list):
        for item in value:
            url = _url(item)
            if url:
                return url
        return None
    if isinstance(value, dict):
        for key in ("url", "contentUrl", "@id"):
            url = _url(value.get(key))
            if url:
                return url
        return None
    text = _text(value)
    return text if text and " " not in text else None


def _name(value: Any) -> str | None:
    if isinstance(value, list):
        return next(filter(None, map(_name, value)), None)
    if isinstance(value, dict):
        return _text(value.get("name"))
    return _text(value)


def _language(value: Any) -> str | None:
    if isinstance(value, list):
        return next(filter(None, map(_language, value)), None)
    if isinstance(value, dict):
        return _text(value.get("alternateName")) or _text(value.get("name"))
    return _text(value)


def _list(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [t for t in map(_text, items) if t]


_READERS = {"text": _text, "person": _person, "url": _url, "name": _name, "language": _language}


class JsonLd:
    """The JSON-LD of one document: entries as authored, plus the nodes to read fields from."""

    def __init__(self) -> None:
        self.entries: list[Any] = []
        self._nodes: list[tuple[int, int, dict]] = []
        self._ordered: list[dict] | None = None

    def add(self, values: Iterable[Any]) -> None:
        for value in values:
            if isinstance(value, list):
                self.entries.extend(value)
            else:
                self.entries.append(value)
            self._collect(value)

    def _collect(self, value: Any) -> None:
        stack: deque[Any] = deque([value])
        seen = 0
        while stack and seen < MAX_NODES:  # bounded: a hostile block cannot make this slow
            item = stack.popleft()
            seen += 1
            self._ordered = None
            if isinstance(item, list):
                stack.extendleft(reversed(item))
            elif isinstance(item, dict):
                children: list[Any] = []
                graph = item.get("@graph")
                if isinstance(graph, (list, dict)):
                    children.extend(graph if isinstance(graph, list) else [graph])
                types = node_types(item)
                if types or graph is None:
                    rank = (
                        0
                        if types & OTHER_CONTENT_TYPES or any(map(story_type, types))
                        else 1
                        if types & PAGE_TYPES
                        else 2
                    )
                    self._nodes.append((rank, len(self._nodes), item))
                main = item.get("mainEntity")
                if isinstance(main, (dict, list)):
                    children.extend(main if isinstance(main, list) else [main])
                stack.extendleft(reversed(children))

    def nodes(self, types: tuple[str, ...] | None = None) -> list[dict]:
        if self._ordered is None:
            self._ordered = [node for _, _, node in sorted(self._nodes, key=lambda t: (t[0], t[1]))]
        ordered = self._ordered
        if types is None:
            return ordered
        wanted = set(types)
        return [n for n in ordered if node_types(n) & wanted]

    def first(self, key: str, kind: str = "text", types: tuple[str, ...] | None = None) -> str | None:
        """The first readable value of `key`, article-like nodes first, then pages, then the rest."""
        read = _READERS[kind]
        for node in self.nodes(types):
            if key in node:
                value = read(node[key])
                if value:
                    return value
        return None

    def every(self, key: str, kind: str = "text") -> list[Any]:
        """Every readable value of `key` in priority order; ``kind="list"`` flattens arrays of strings."""
        out: list[Any] = []
        for node in self.nodes():
            if key not in node:
                continue
            if kind == "list":
                out.extend(_list(node[key]))
            else:
                value = _READERS[kind](node[key])
                if value:
                    out.append(value)
        return out
