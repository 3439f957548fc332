"""Feed discovery: the `<link rel="alternate">` elements of a page that announce an RSS, Atom or JSON feed.

Kept apart from `web2md.extract.documents.feeds` (which renders entries through the
converter) so that the page metadata code can use the same rule.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from lxml import etree

from web2md.extract.html.entities import clean_text
from web2md.extract.html.parse import parse_html
from web2md.extract.html.urls import absolute_url, document_base, strip_fragment

FEED_TYPES = {
    "application/rss+xml": "rss",
    "application/rdf+xml": "rss",
    "application/atom+xml": "atom",
    "application/feed+json": "json",
    "application/json": "json",
}
# tried in order, relative to the page's folder and then the site root, when a page links no feed
COMMON_FEED_PATHS = ("feed", "rss", "feed.xml", "rss.xml", "atom.xml", "index.xml", "feed.json", "feeds/posts/default")


def feed_kind(el: etree._Element) -> str | None:
    """The feed type (rss, atom or json) `el` (a `<link>` or `<a>`) announces, else None."""
    rels = (el.get("rel") or "").lower().split()
    mtype = (el.get("type") or "").partition(";")[0].strip().lower()
    kind = FEED_TYPES.get(mtype)
    if "alternate" not in rels or kind is None:
        return None
    # plain application/json alternates are mostly REST API documents (WordPress), not feeds
    if mtype == "application/json" and "feed" not in f"{el.get('href') or ''} {el.get('title') or ''}".lower():
        return None
    return kind


def feed_link(el: etree._Element, base: str) -> dict[str, str] | None:
    """``{"url", "type": rss|atom|json, "title"?}`` when `el` (a `<link>` or `<a>`) announces a feed, else None."""
    kind = feed_kind(el)
    if kind is None:
        return None
    href = el.get("href") or ""
    title = clean_text(el.get("title"))
    url = absolute_url(href, base)
    if url is None:
        return None
    feed = {"url": strip_fragment(url), "type": kind}
    if title:
        feed["title"] = title
    return feed


def discover_feeds(html_or_root: str | bytes | etree._Element, base: str = "") -> list[dict[str, str]]:
    """Feeds a page announces with ``<link rel="alternate" type="application/rss+xml|atom+xml|feed+json">``.

    Each feed once (fragments stripped), in document order: ``{"url", "type": rss|atom|json, "title"?}``.
    """
    root = parse_html(html_or_root) if isinstance(html_or_root, (str, bytes)) else html_or_root
    base = document_base(root, base)
    found: list[dict[str, str]] = []
    seen: set[str] = set()
    for el in root.iter("link", "a"):
        feed = feed_link(el, base)
        if feed is not None and feed["url"] not in seen:
            seen.add(feed["url"])
            found.append(feed)
    return found


def common_feed_urls(url: str) -> list[str]:
    """Usual feed locations to probe when a page links no feed: its folder first, then the site root."""
    parts = urlsplit(url)
    path = parts.path or "/"
    last = path.rsplit("/", 1)[1]
    folder = path[: len(path) - len(last)] if "." in last else path.rstrip("/") + "/"
    urls: list[str] = []
    for prefix in dict.fromkeys((folder, "/")):
        for name in COMMON_FEED_PATHS:
            candidate = urlunsplit((parts.scheme, parts.netloc, prefix + name, "", ""))
            if candidate not in urls:
                urls.append(candidate)
    return urls
