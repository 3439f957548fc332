"""Incremental re-crawl (``-s WEB2MD_INCREMENTAL=DIR``): conditional requests for pages exported before, 304s and gone pages.

A page exported by an earlier crawl is asked for with its ``If-None-Match`` /
``If-Modified-Since``; a 304 is counted as ``web2md/unchanged`` and ends there
(its files stay as they are). An exported page that now answers 404 or 410 is
counted as ``web2md/gone`` (and listed in the run report); with
``WEB2MD_PRUNE_GONE`` its files are removed and it is forgotten.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from scrapy import Request
from scrapy.exceptions import IgnoreRequest, NotConfigured

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
        self.prune = crawler.settings.getbool("WEB2MD_PRUNE_GONE")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        store = crawler.get_extension(IncrementalStore)
        if store is None:
            raise NotConfigured  # WEB2MD_INCREMENTAL is not set; no message: Scrapy would log a warning
        return cls(crawler, store)

    def process_request(self, request: Request) -> None:
        if request.method != "GET" or request.meta.get(META_QUIET) or self._needs_body(request):
            return
        etag, last_modified = self.store.validators(request.url)
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
            raise Unchanged(f"unchanged: {request.url}")
        if response.status in GONE_STATUSES and self.store.is_exported(response.url):
            self._gone(response.url, response.status)
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

    def _needs_body(self, request: Request) -> bool:
        # a page whose links the `site` spider still follows is fetched whole: a 304 has no links
        depth = getattr(self.crawler.spider, "depth", None)
        return isinstance(depth, int) and request.meta.get("depth", 0) < depth

    def _gone(self, url: str, status: int) -> None:
        self.stats.inc_value("web2md/gone")
        self.store.gone.append(url)
        if not self.prune:
            logger.warning("Gone (HTTP %d) since the last crawl: %s", status, url)
            return
        for name in self.store.files(url):
            Path(name).unlink(missing_ok=True)
        self.store.forget(url)
        logger.warning("Gone (HTTP %d) since the last crawl, its files removed: %s", status, url)
