"""Incremental re-crawl (``-s WEB2MD_INCREMENTAL=DIR``): conditional requests for pages exported before, 304s and gone pages.

A page exported by an earlier crawl is asked for with its ``If-None-Match`` /
``If-Modified-Since``; a 304 is counted as ``web2md/unchanged`` and ends there
(its files stay as they are), except for a page whose links the spider follows:
its 304 goes on to the spider with the links and robots directives read from it
last time (meta `META_UNCHANGED`), so it yields its links without its body. Such
a page is asked conditionally only when its links were kept. An exported page
that now answers 404 or 410 is counted as ``web2md/gone`` (and listed in the run
report); with ``WEB2MD_PRUNE_GONE`` its files are removed and it is forgotten.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scrapy import Request
from scrapy.exceptions import IgnoreRequest, NotConfigured

from web2md.incremental import META_UNCHANGED
from web2md.incremental.store import IncrementalStore
from web2md.middlewares import META_QUIET

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

META_CONDITIONAL = "web2md_conditional"
GONE_STATUSES = (404, 410)


class Unchanged(IgnoreRequest):
    """The server says the page has not changed since it was exported (304): nothing to do."""


class Gone(IgnoreRequest):
    """A page exported before now answers 404 or 410."""


class IncrementalMiddleware:
    def __init__(self, crawler: Crawler, store: IncrementalStore) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.store = store

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        store = crawler.get_extension(IncrementalStore)
        if store is None:
            raise NotConfigured  # WEB2MD_INCREMENTAL is not set; no message: Scrapy would log a warning
        return cls(crawler, store)

    def process_request(self, request: Request) -> None:
        if request.method != "GET" or request.meta.get(META_QUIET):
            return
        self.store.changes.requested.add(request.url)
        if getattr(self.crawler.spider, "bundle", False):
            return  # llms-full.txt is built from every page's text, which a 304 does not carry: whole
        etag, last_modified, links_kept = self.store.validators(request.url)
        if not links_kept and self._needs_links(request):
            return  # its links were not kept (a state from an earlier web2md, or read at the last depth): whole
        if etag:
            request.headers.setdefault("If-None-Match", etag)
        if last_modified:
            request.headers.setdefault("If-Modified-Since", last_modified)
        if etag or last_modified:
            request.meta[META_CONDITIONAL] = True

    def process_response(self, request: Request, response: Response) -> Response:
        if request.meta.get(META_QUIET):
            return response
        if response.status == 304 and request.meta.get(META_CONDITIONAL):
            logger.debug("Unchanged since the last crawl (304): %s", request.url)
            self.stats.inc_value("web2md/unchanged")
            self.store.changes.record(request.url, "unchanged", self.store.title(request.url))
            known = self.store.known_links(request.url) if self._needs_links(request) else None
            if known is None:
                raise Unchanged(f"unchanged: {request.url}")
            # on to the spider, which follows the links read last time; a 304 is not an error to it
            request.meta[META_UNCHANGED] = known
            request.meta["handle_httpstatus_list"] = [*request.meta.get("handle_httpstatus_list", ()), 304]
            return response
        if response.status in GONE_STATUSES and self.store.is_exported(response.url):
            self.store.page_gone(response.url, f"HTTP {response.status}", self.stats)
            raise Gone(f"gone (HTTP {response.status}): {response.url}")
        if 200 <= response.status < 300:
            etag = response.headers.get("ETag")
            last_modified = response.headers.get("Last-Modified")
            self.store.stage(
                response.url,
                etag.decode("latin-1") if etag else None,
                last_modified.decode("latin-1") if last_modified else None,
            )
        return response

    def _needs_links(self, request: Request) -> bool:
        """Whether the spider follows this page's links (the `site` spider below its depth)."""
        depth = getattr(self.crawler.spider, "depth", None)
        return isinstance(depth, int) and request.meta.get("depth", 0) < depth
