"""Inline ``<iframe src>`` documents into a page's parsed tree before conversion.

Each iframe document is fetched through the engine, so the downloader
middlewares (blacklist, robots, cache, limits) apply to it; its ``<body>``
replaces the iframe in the page's tree, the one the core converts. A failed,
refused or non-HTML iframe stays an iframe, which the renderer drops.
"""

from __future__ import annotations

import logging
from copy import deepcopy
from typing import TYPE_CHECKING
from urllib.parse import urljoin

from twisted.internet.defer import DeferredList

from scrapy import Request
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse
from scrapy.http.request import NO_CALLBACK
from scrapy.utils.defer import deferred_from_coro, maybe_deferred_to_future

from web2md.middlewares import META_QUIET
from web2md.middlewares.limits import PageFailed
from web2md.responses import parse_response

if TYPE_CHECKING:
    from lxml.etree import _Element

    from scrapy.crawler import Crawler

__all__ = ["inline_iframes", "META_IFRAME_DEPTH"]

logger = logging.getLogger(__name__)

#: Request meta key: nesting level of an iframe fetch (1 = iframe of the page).
META_IFRAME_DEPTH = "web2md_iframe_depth"

_LINK_ATTRS = ("href", "src", "poster", "action")


async def inline_iframes(crawler: Crawler, tree: _Element, url: str, *, depth: int = 0) -> int:
    """Replace the ``<iframe src>`` elements of `tree` (the page at `url`) with the documents they load.

    Mutates `tree` in place and returns how many iframes were inlined; `depth`
    is the nesting level of `tree` itself (0 for a page). Settings:
    ``WEB2MD_IFRAMES`` (default on), ``WEB2MD_IFRAME_DEPTH`` (nesting levels
    fetched, default 2), ``WEB2MD_IFRAME_MAX`` (iframes per document, default 10).
    """
    settings = crawler.settings
    if not settings.getbool("WEB2MD_IFRAMES", True):
        return 0
    inliner = _Inliner(
        crawler,
        max_depth=settings.getint("WEB2MD_IFRAME_DEPTH", 2),
        max_count=settings.getint("WEB2MD_IFRAME_MAX", 10),
    )
    count = await inliner.inline(tree, url, depth)
    if count:
        crawler.stats.inc_value("web2md/iframe/inlined", count)
    return count


def _base_url(tree: _Element, url: str) -> str:
    for base in tree.iter("base"):
        href = (base.get("href") or "").strip()
        if href:
            return urljoin(url, href)
    return url


class _Inliner:
    def __init__(self, crawler: Crawler, max_depth: int, max_count: int) -> None:
        self.crawler = crawler
        self.max_depth = max_depth
        self.max_count = max_count

    async def inline(self, tree: _Element, url: str, depth: int) -> int:
        if depth >= self.max_depth:
            return 0
        base = _base_url(tree, url)
        frames: list[tuple[_Element, str]] = []
        for frame in tree.iter("iframe"):
            src = (frame.get("src") or "").strip()
            if not src:
                continue
            frame_url = urljoin(base, src).split("#", 1)[0]
            if frame_url.startswith(("http://", "https://")) and frame_url != url:
                frames.append((frame, frame_url))
                if len(frames) >= self.max_count:
                    break
        if not frames:
            return 0
        # Fetch each distinct source once, all of them concurrently.
        urls = list(dict.fromkeys(frame_url for _, frame_url in frames))
        results = await maybe_deferred_to_future(
            DeferredList(
                [deferred_from_coro(self._fetch(u, url, depth + 1)) for u in urls],
                consumeErrors=True,
            )
        )
        bodies = {u: body for u, (ok, body) in zip(urls, results) if ok and body is not None}
        count = 0
        for frame, frame_url in frames:
            body = bodies.get(frame_url)
            parent = frame.getparent()
            if body is None or parent is None:
                continue
            replacement = frame.makeelement("div", {"data-web2md-iframe": frame_url})
            replacement.text = body.text
            for child in body:
                # copies: a source used by two iframes appears in both places
                replacement.append(deepcopy(child))
            replacement.tail = frame.tail
            parent.replace(frame, replacement)
            count += 1
        return count

    async def _fetch(self, url: str, referer: str, depth: int) -> _Element | None:
        request = Request(
            url,
            dont_filter=True,
            callback=NO_CALLBACK,
            headers={"Referer": referer},
            meta={META_QUIET: True, META_IFRAME_DEPTH: depth},
        )
        stats = self.crawler.stats
        try:
            response = await self.crawler.engine.download_async(request)
        except Exception as exc:
            logger.debug("Iframe %s of %s omitted: %s", url, referer, exc or type(exc).__name__)
            # blacklist and robots refusals are counted apart from real failures
            outcome = "refused" if isinstance(exc, IgnoreRequest) and not isinstance(exc, PageFailed) else "failed"
            stats.inc_value(f"web2md/iframe/{outcome}")
            return None
        if not 200 <= response.status < 300 or not isinstance(response, HtmlResponse):
            logger.debug("Iframe %s of %s omitted: HTTP %d, %s", url, referer,
                         response.status, response.headers.get("Content-Type"))
            stats.inc_value("web2md/iframe/failed")
            return None
        tree = parse_response(response)[0]
        await self.inline(tree, response.url, depth)
        body = tree.find("body")
        if body is None:
            body = tree
        base = _base_url(tree, response.url)
        # The iframe's relative links are relative to the iframe document.
        for element in body.iter():
            if not isinstance(element.tag, str):
                continue
            for attr in _LINK_ATTRS:
                value = (element.get(attr) or "").strip()
                if value and not value.startswith(("#", "javascript:", "data:", "mailto:")):
                    element.set(attr, urljoin(base, value))
        return body
