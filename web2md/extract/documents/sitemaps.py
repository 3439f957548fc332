"""Sitemaps (urlset, sitemap index, plain text) and robots.txt ``Sitemap:`` lines, parsed without fetching.

The spiders fetch and gunzip; these functions only read bytes, so the CLI and
the MCP server list sitemaps with exactly the same rules. A sitemap is read as
a stream (`read_sitemap`): its entries come as they are parsed, no tree of the
whole document is kept, and reading stops at the sitemaps protocol's
`MAX_SITEMAP_URLS` entries per file.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from lxml import etree
from protego import Protego

from web2md.extract.documents.safexml import inline_entity_refs, iter_xml, local_name
from web2md.extract.html.urls import absolute_url
from web2md.extract.meta.isodate import iso_date, to_datetime

# sitemaps.org: at most 50,000 URLs and 50 MB uncompressed per sitemap (and 50,000 sitemaps per index)
MAX_SITEMAP_SIZE = 50 * 1024 * 1024
MAX_SITEMAP_URLS = 50_000
GZIP_MAGIC = b"\x1f\x8b"
SITEMAP_PATHS = ("/sitemap.xml", "/sitemap_index.xml")


@dataclass(frozen=True)
class SitemapEntry:
    """A `<url>` of a urlset or a `<sitemap>` of an index."""

    url: str
    lastmod: str | None = None
    alternates: tuple[tuple[str, str], ...] = ()  # (hreflang, url) pairs

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"url": self.url}
        if self.lastmod:
            out["lastmod"] = self.lastmod
        if self.alternates:
            out["alternates"] = [{"hreflang": lang, "url": url} for lang, url in self.alternates]
        return out


@dataclass(frozen=True)
class Sitemap:
    kind: str  # "urlset", "sitemapindex", "text" (or "feed", read by the spider)
    entries: tuple[SitemapEntry, ...] = field(default=())
    truncated: bool = False  # it lists more than `MAX_SITEMAP_URLS` entries: the rest was not read

    @property
    def is_index(self) -> bool:
        return self.kind == "sitemapindex"

    def __iter__(self) -> Iterator[SitemapEntry]:
        return iter(self.entries)


def is_gzip(body: bytes) -> bool:
    return body[:2] == GZIP_MAGIC


class SitemapReader:
    """A sitemap read as it is iterated: `kind` is known at once, the entries come one by one, each URL once.

    The document's tree is not kept: each entry's element is dropped once read.
    Iteration stops after `max_entries`, with `truncated` set when there was
    more. A document that is not well-formed is read again from its start with
    entities repaired in libxml2's recovery mode, the entries already given
    skipped (as `parse_sitemap` reads it whole). Iterate once.
    """

    def __init__(
        self,
        body: bytes | str,
        base_url: str = "",
        max_size: int = MAX_SITEMAP_SIZE,
        max_entries: int = MAX_SITEMAP_URLS,
    ) -> None:
        if isinstance(body, bytes):
            if is_gzip(body):
                raise ValueError("gzip data: gunzip the sitemap first")
            if len(body) > max_size:
                raise ValueError(f"sitemap larger than {max_size} bytes")
        head = body[:64].lstrip(b"\xef\xbb\xbf \t\r\n" if isinstance(body, bytes) else "\ufeff \t\r\n")
        if not head:
            raise ValueError("empty sitemap")
        self.body = body
        self.base_url = base_url
        self.max_entries = max_entries
        self.truncated = False
        self._seen: set[str] = set()
        self._events: Iterator[tuple[str, Any]] | None = None
        self._repaired = False
        if head[:1] not in (b"<", "<"):
            self.kind = "text"
            return
        root = self._root()
        self.kind = local_name(root)
        if self.kind not in ("urlset", "sitemapindex"):
            raise ValueError(f"not a sitemap: root element <{self.kind}>")

    @property
    def is_index(self) -> bool:
        return self.kind == "sitemapindex"

    def __iter__(self) -> Iterator[SitemapEntry]:
        entries = _text_entries(self.body) if self.kind == "text" else self._xml_entries()
        for entry in entries:
            if entry.url in self._seen:
                continue
            if len(self._seen) >= self.max_entries:
                self.truncated = True
                return
            self._seen.add(entry.url)
            yield entry
        self.body = b""  # read: the caller may hold this reader longer than the document is needed

    def _root(self) -> Any:
        """Start the parse at the root element (repaired when the strict parse fails before it)."""
        try:
            self._events = iter_xml(self.body, self.base_url)
            return next(self._events)[1]
        except (etree.XMLSyntaxError, StopIteration):
            self._repaired = True
            self._events = iter_xml(self.body, self.base_url, repair=True)
            try:
                return next(self._events)[1]
            except (etree.XMLSyntaxError, StopIteration):
                raise ValueError("not an XML document") from None

    def _xml_entries(self) -> Iterator[SitemapEntry]:
        child = "url" if self.kind == "urlset" else "sitemap"
        while True:
            assert self._events is not None
            try:
                yield from self._children(self._events, child)
                return
            except etree.XMLSyntaxError:
                if self._repaired:
                    return
            # from the start again, repaired; the entries already given are skipped as repeats
            self._repaired = True
            self._events = iter_xml(self.body, self.base_url, repair=True)
            next(self._events, None)

    def _children(self, events: Iterator[tuple[str, Any]], child: str) -> Iterator[SitemapEntry]:
        depth = 1  # the root has started
        for event, el in events:
            if event == "start":
                depth += 1
                continue
            depth -= 1
            if depth != 1:
                continue
            if local_name(el) == child:
                inline_entity_refs(el)
                entry = _entry(el, self.base_url)
                if entry is not None:
                    yield entry
            # the entry is read: empty it and drop those before it, so the tree stays one entry deep (the parser
            # may still hold the last one)
            el.clear()
            parent = el.getparent()
            while parent is not None and el.getprevious() is not None:
                del parent[0]


def read_sitemap(
    body: bytes | str, base_url: str = "", max_size: int = MAX_SITEMAP_SIZE, max_entries: int = MAX_SITEMAP_URLS
) -> SitemapReader:
    """A sitemap or sitemap index, already gunzipped (`web2md.spiders.sitemap.gunzip_sitemap`), to read as a stream.

    Entries keep document order; a URL listed twice appears once; `<loc>`s
    that are not http(s) are dropped; at most `max_entries` are read. Raises
    ``ValueError`` for anything that is not a sitemap (including XML that
    declares entities, and gzip data), `UnsafeXMLError` for the former.
    """
    return SitemapReader(body, base_url, max_size, max_entries)


def parse_sitemap(
    body: bytes | str, base_url: str = "", max_size: int = MAX_SITEMAP_SIZE, max_entries: int = MAX_SITEMAP_URLS
) -> Sitemap:
    """`read_sitemap`, read whole: its entries as a tuple."""
    reader = read_sitemap(body, base_url, max_size, max_entries)
    entries = tuple(reader)
    return Sitemap(reader.kind, entries, reader.truncated)


def sitemap_urls_from_robots(robots: bytes | str, base_url: str = "") -> list[str]:
    """The ``Sitemap:`` URLs of a robots.txt, in order, each once, read as Protego reads them.

    Only the lines that can name a sitemap (``Sitemap:``, ``site-map:``, ...) are
    given to Protego: the rules of a huge robots.txt are never built.
    """
    lines = io.BytesIO(robots) if isinstance(robots, bytes) else io.StringIO(robots)
    named = [line for line in lines if line.lstrip()[:4].lower() in (b"site", "site")]
    text = b"".join(named).decode("utf-8", "replace") if isinstance(robots, bytes) else "".join(named)
    urls: list[str] = []
    for value in Protego.parse(text).sitemaps:
        url = absolute_url(value, base_url)
        if url and url not in urls:
            urls.append(url)
    return urls


def robots_url(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/robots.txt", "", ""))


def discovery_urls(url: str) -> list[str]:
    """Where to look for a site's sitemaps when given its home page: robots.txt, then the usual paths."""
    parts = urlsplit(url)
    origin = (parts.scheme, parts.netloc)
    return [robots_url(url)] + [urlunsplit((*origin, path, "", "")) for path in SITEMAP_PATHS]


def looks_like_sitemap_url(url: str) -> bool:
    """True for a URL that names a sitemap itself rather than a site (``/sitemap.xml``, ``/x.xml.gz``, ...)."""
    path = urlsplit(url).path.lower()
    return "sitemap" in path or path.endswith((".xml", ".xml.gz", ".gz", ".txt"))


def select_entries(
    entries: Iterable[SitemapEntry],
    since: str | None = None,
    exclude: Callable[[str], bool] | None = None,
) -> Iterator[SitemapEntry]:
    """Entries modified at or after `since` (entries without a readable lastmod are dropped when it is
    given) and not matched by `exclude` (e.g. the blacklist)."""
    threshold = to_datetime(since) if since else None
    if since and threshold is None:
        raise ValueError(f"unreadable date for since: {since!r}")
    for entry in entries:
        if threshold is not None:
            modified = to_datetime(entry.lastmod)
            if modified is None or modified < threshold:
                continue
        if exclude is not None and exclude(entry.url):
            continue
        yield entry


def _entry(el: Any, base_url: str) -> SitemapEntry | None:
    url: str | None = None
    lastmod: str | None = None
    news_date: str | None = None
    alternates: list[tuple[str, str]] = []
    # direct children only: image:image and video:video nest their own <loc>s
    for child in el:
        name = local_name(child)
        if name == "loc" and url is None:
            url = absolute_url(_text(child), base_url)
        elif name == "lastmod":
            lastmod = iso_date(_text(child))
        elif name == "link" and (child.get("rel") or "alternate").lower() == "alternate":
            href = absolute_url(child.get("href") or "", base_url)
            if href:
                alternates.append(((child.get("hreflang") or "").strip(), href))
        elif name == "news":
            for sub in child:
                if local_name(sub) == "publication_date":
                    news_date = iso_date(_text(sub))
    if url is None:
        return None
    return SitemapEntry(url, lastmod or news_date, tuple(alternates))


def _text(el: Any) -> str:
    if len(el) == 0:  # the usual case; itertext() costs a generator per element
        return (el.text or "").strip()
    return "".join(el.itertext()).strip()


def _text_entries(body: bytes | str) -> Iterator[SitemapEntry]:
    lines: Iterable[bytes | str] = io.BytesIO(body) if isinstance(body, bytes) else io.StringIO(body)
    for raw in lines:
        line = (raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw).strip().lstrip("\ufeff")
        # absolute URLs only: an HTML error page must not turn into a list of "URLs"
        url = absolute_url(line, "") if line and " " not in line else None
        if url:
            yield SitemapEntry(url)
