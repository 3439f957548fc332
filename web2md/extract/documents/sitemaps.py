"""Sitemaps (urlset, sitemap index, plain text) and robots.txt ``Sitemap:`` lines, parsed without fetching.

The spiders fetch and gunzip; these functions only read bytes, so the CLI and
the MCP server list sitemaps with exactly the same rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from protego import Protego

from web2md.extract.documents.safexml import local_name, parse_xml
from web2md.extract.html.urls import absolute_url
from web2md.extract.meta.isodate import iso_date, to_datetime

# sitemaps.org: at most 50,000 URLs and 50 MB uncompressed per sitemap
MAX_SITEMAP_SIZE = 50 * 1024 * 1024
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
    kind: str  # "urlset", "sitemapindex" or "text"
    entries: tuple[SitemapEntry, ...] = field(default=())

    @property
    def is_index(self) -> bool:
        return self.kind == "sitemapindex"


def is_gzip(body: bytes) -> bool:
    return body[:2] == GZIP_MAGIC


def parse_sitemap(body: bytes | str, base_url: str = "", max_size: int = MAX_SITEMAP_SIZE) -> Sitemap:
    """Parse a sitemap or sitemap index, already gunzipped (`web2md.spiders.sitemap.gunzip_sitemap`).

    Entries keep document order; a URL listed twice appears once; `<loc>`s
    that are not http(s) are dropped. Raises ``ValueError`` for anything that
    is not a sitemap (including XML that declares entities, and gzip data).
    """
    if isinstance(body, bytes):
        if is_gzip(body):
            raise ValueError("gzip data: gunzip the sitemap first")
        if len(body) > max_size:
            raise ValueError(f"sitemap larger than {max_size} bytes")
    head = body[:64].lstrip(b"\xef\xbb\xbf \t\r\n" if isinstance(body, bytes) else "\ufeff \t\r\n")
    if not head:
        raise ValueError("empty sitemap")
    if head[:1] not in (b"<", "<"):
        return Sitemap("text", tuple(_text_entries(body)))
    root = parse_xml(body, base_url)
    kind = local_name(root)
    if kind not in ("urlset", "sitemapindex"):
        raise ValueError(f"not a sitemap: root element <{kind}>")
    child = "url" if kind == "urlset" else "sitemap"
    entries: list[SitemapEntry] = []
    seen: set[str] = set()
    for el in root:
        if local_name(el) != child:
            continue
        entry = _entry(el, base_url)
        if entry is not None and entry.url not in seen:
            seen.add(entry.url)
            entries.append(entry)
    return Sitemap(kind, tuple(entries))


def sitemap_urls_from_robots(robots: bytes | str, base_url: str = "") -> list[str]:
    """The ``Sitemap:`` URLs of a robots.txt, in order, each once."""
    if isinstance(robots, bytes):
        robots = robots.decode("utf-8", "replace")
    urls: list[str] = []
    for value in Protego.parse(robots).sitemaps:
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
    if isinstance(body, bytes):
        body = body.decode("utf-8", "replace")
    seen: set[str] = set()
    for line in body.splitlines():
        line = line.strip().lstrip("\ufeff")
        # absolute URLs only: an HTML error page must not turn into a list of "URLs"
        url = absolute_url(line, "") if line and " " not in line else None
        if url and url not in seen:
            seen.add(url)
            yield SitemapEntry(url)
