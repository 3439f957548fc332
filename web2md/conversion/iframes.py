"""Inline ``<iframe src>`` documents into a page's parsed tree before conversion.

Fetching and splicing are apart, so a worker process can splice what the crawl
fetched: `IframeFetcher` downloads a page's iframe documents through the engine
(the downloader middlewares, blacklist, robots, cache and limits apply), all of
them concurrently, each source once per crawl, and never for longer than
``WEB2MD_IFRAME_TIMEOUT``; `splice_iframes` puts each document's ``<body>`` in
place of its iframe. A failed, refused, late or non-HTML iframe stays an
iframe, which the renderer drops.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from copy import deepcopy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlsplit

from scrapy import Request
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse
from scrapy.http.request import NO_CALLBACK

from web2md.conversion.responses import parse_response
from web2md.extract.html.parse import DEFAULT_MAX_MEMORY
from web2md.middlewares import META_QUIET
from web2md.middlewares.limits import PageFailed

if TYPE_CHECKING:
    from lxml.etree import _Element
    from scrapy.crawler import Crawler

__all__ = [
    "FrameDocument",
    "IframeFetcher",
    "frame_urls",
    "inline_iframes",
    "parse_document",
    "splice_iframes",
    "META_IFRAME_DEPTH",
]

logger = logging.getLogger(__name__)

#: Request meta key: nesting level of an iframe fetch (1 = iframe of the page).
META_IFRAME_DEPTH = "web2md_iframe_depth"

#: Iframe documents remembered per crawl (least recently used go first), so memory stays bounded.
CACHE_SIZE = 256

_LINK_ATTRS = ("href", "src", "poster", "action")


@dataclass(frozen=True)
class FrameDocument:
    """A fetched iframe document: what `splice_iframes` needs, as plain data a worker process can unpickle."""

    url: str  # the URL that answered
    body: bytes
    content_type: str  # its Content-Type header (the charset in it decodes the body)
    frames: dict[str, FrameDocument] = field(default_factory=dict)  # its own iframes, by source URL


def parse_document(url: str, body: bytes, content_type: str, max_memory: int | None = DEFAULT_MAX_MEMORY) -> _Element:
    """The tree of an HTML document received from `url` with that body and Content-Type, as the spiders parse it.

    `parse_response` on the response rebuilt from these parts (with the run's memory bound): a worker process
    gets the same tree as the crawl's own process would.
    """
    return parse_response(HtmlResponse(url, body=body, headers={"Content-Type": content_type}), max_memory)[0]


def frame_sources(tree: _Element, url: str, max_count: int) -> list[tuple[_Element, str]]:
    """The first `max_count` ``<iframe>`` elements of `tree` (the document at `url`) with an http(s) source."""
    base = _base_url(tree, url)
    frames: list[tuple[_Element, str]] = []
    for frame in tree.iter("iframe"):
        src = (frame.get("src") or "").strip()
        if not src:
            continue
        frame_url = urljoin(base, src).split("#", 1)[0]
        if frame_url.startswith(("http://", "https://")) and frame_url != url:
            frames.append((frame, frame_url))
            if len(frames) >= max_count:
                break
    return frames


def frame_urls(tree: _Element, url: str, max_count: int) -> list[str]:
    """The sources of `frame_sources`, each once, in document order: the documents to fetch for `tree`."""
    return list(dict.fromkeys(frame_url for _, frame_url in frame_sources(tree, url, max_count)))


def splice_iframes(tree: _Element, url: str, frames: dict[str, FrameDocument], max_count: int) -> int:
    """Replace the iframes of `tree` whose source is in `frames` with that document's body; returns how many.

    Mutates `tree`; the same `frames` give the same tree, wherever this runs.
    """
    bodies: dict[str, _Element] = {}
    count = 0
    for frame, frame_url in frame_sources(tree, url, max_count):
        document = frames.get(frame_url)
        parent = frame.getparent()
        if document is None or parent is None:
            continue
        if frame_url not in bodies:
            bodies[frame_url] = _document_body(document, max_count)
        replacement = frame.makeelement("div", {"data-web2md-iframe": frame_url})
        replacement.text = bodies[frame_url].text
        for child in bodies[frame_url]:
            # copies: a source used by two iframes appears in both places
            replacement.append(deepcopy(child))
        replacement.tail = frame.tail
        parent.replace(frame, replacement)
        count += 1
    return count


def _document_body(document: FrameDocument, max_count: int) -> _Element:
    tree = parse_document(document.url, document.body, document.content_type)
    splice_iframes(tree, document.url, document.frames, max_count)
    body = tree.find("body")
    if body is None:
        body = tree
    base = _base_url(tree, document.url)
    # The iframe's relative links are relative to the iframe document.
    for element in body.iter():
        if not isinstance(element.tag, str):
            continue
        for attr in _LINK_ATTRS:
            value = (element.get(attr) or "").strip()
            if value and not value.startswith(("#", "javascript:", "data:", "mailto:")):
                element.set(attr, urljoin(base, value))
    return body


def _base_url(tree: _Element, url: str) -> str:
    for base in tree.iter("base"):
        href = (base.get("href") or "").strip()
        if href:
            return urljoin(url, href)
    return url


class IframeFetcher:
    """Fetch the iframe documents of pages, for one crawl.

    Settings: ``WEB2MD_IFRAMES`` (default on), ``WEB2MD_IFRAME_DEPTH`` (nesting
    levels fetched, default 2), ``WEB2MD_IFRAME_MAX`` (iframes per document,
    default 10), ``WEB2MD_IFRAME_TIMEOUT`` (seconds a page waits for all of its
    iframes, nested ones included, default 5). A source is fetched once per
    crawl (the last `CACHE_SIZE` are remembered, a fetch under way is shared);
    after a host failed to answer (DNS, refused, timeout) before answering at all,
    its other iframes are not requested, so an unreachable widget host cannot tie up the downloader.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        settings = crawler.settings
        self.enabled = settings.getbool("WEB2MD_IFRAMES", True)
        self.max_depth = settings.getint("WEB2MD_IFRAME_DEPTH", 2)
        self.max_count = settings.getint("WEB2MD_IFRAME_MAX", 10)
        self.timeout = settings.getfloat("WEB2MD_IFRAME_TIMEOUT", 5.0)
        self.download_timeout = min(self.timeout, settings.getfloat("DOWNLOAD_TIMEOUT", 180.0))
        self._documents: OrderedDict[tuple[str, int], asyncio.Future[FrameDocument | None]] = OrderedDict()
        # by host and port; a host that answered once is not written off for a slow answer
        self._unreachable: set[str] = set()
        self._answered: set[str] = set()

    @property
    def unreachable(self) -> frozenset[str]:
        """The hosts (``host:port``) whose iframes are no longer requested: they never answered."""
        return frozenset(self._unreachable)

    async def fetch(self, sources: list[str], url: str) -> dict[str, FrameDocument]:
        """The documents of `sources` (`frame_urls` of the page at `url`) that could be fetched in time, by source."""
        if not self.enabled:
            return {}
        deadline = asyncio.get_running_loop().time() + self.timeout
        self._answered.add(urlsplit(url).netloc)  # the page came from there
        return await self._frames(sources, url, 0, deadline)

    async def _frames(self, urls: list[str], url: str, depth: int, deadline: float) -> dict[str, FrameDocument]:
        if depth >= self.max_depth:
            return {}
        documents = await asyncio.gather(*(self._document(u, url, depth + 1, deadline) for u in urls))
        return {u: document for u, document in zip(urls, documents) if document is not None}

    async def _document(self, url: str, referer: str, depth: int, deadline: float) -> FrameDocument | None:
        key = (url, depth)
        future = self._documents.get(key)
        if future is None:
            future = asyncio.ensure_future(self._download(url, referer, depth, deadline))
            self._documents[key] = future
            if len(self._documents) > CACHE_SIZE:
                self._documents.popitem(last=False)
        else:
            self._documents.move_to_end(key)
        remaining = deadline - asyncio.get_running_loop().time()
        try:
            # shielded: a page that stops waiting leaves the fetch to the other pages sharing it
            return await asyncio.wait_for(asyncio.shield(future), max(remaining, 0))
        except TimeoutError:
            logger.debug("Iframe %s of %s omitted: not fetched within %g s", url, referer, self.timeout)
            return None

    async def _download(self, url: str, referer: str, depth: int, deadline: float) -> FrameDocument | None:
        stats = self.crawler.stats
        host = urlsplit(url).netloc
        if host in self._unreachable:
            logger.debug("Iframe %s of %s omitted: %s did not answer before", url, referer, host)
            stats.inc_value("web2md/iframe/failed")
            return None
        request = Request(
            url,
            dont_filter=True,
            callback=NO_CALLBACK,
            headers={"Referer": referer},
            meta={
                META_QUIET: True,
                META_IFRAME_DEPTH: depth,
                "dont_retry": True,
                "download_timeout": self.download_timeout,
            },
        )
        try:
            response = await asyncio.wait_for(
                self.crawler.engine.download_async(request), max(deadline - asyncio.get_running_loop().time(), 0)
            )
        except Exception as exc:
            logger.debug("Iframe %s of %s omitted: %s", url, referer, exc or type(exc).__name__)
            # blacklist and robots refusals are counted apart from real failures
            refused = isinstance(exc, IgnoreRequest) and not isinstance(exc, PageFailed)
            stats.inc_value(f"web2md/iframe/{'refused' if refused else 'failed'}")
            if not refused and getattr(exc, "response", None) is None and host not in self._answered:
                self._unreachable.add(host)
            return None
        self._answered.add(host)
        if not 200 <= response.status < 300 or not isinstance(response, HtmlResponse):
            logger.debug(
                "Iframe %s of %s omitted: HTTP %d, %s",
                url,
                referer,
                response.status,
                response.headers.get("Content-Type"),
            )
            stats.inc_value("web2md/iframe/failed")
            return None
        content_type = (response.headers.get("Content-Type") or b"text/html").decode("latin-1")
        # (an iframe's own iframes are looked for here, on the reactor: few pages have iframes, fewer nest them)
        sources = (
            frame_urls(parse_response(response)[0], response.url, self.max_count) if depth < self.max_depth else []
        )
        frames = await self._frames(sources, response.url, depth, deadline)
        return FrameDocument(response.url, response.body, content_type, frames)


async def inline_iframes(crawler: Crawler, tree: _Element, url: str) -> int:
    """Fetch the iframes of `tree` (the page at `url`) and splice them in; returns how many were inlined."""
    fetcher = IframeFetcher(crawler)
    frames = await fetcher.fetch(frame_urls(tree, url, fetcher.max_count), url)
    count = splice_iframes(tree, url, frames, fetcher.max_count)
    if count:
        crawler.stats.inc_value("web2md/iframe/inlined", count)
    return count
