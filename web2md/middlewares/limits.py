"""Failure accounting and bounded redirects: a failed page is logged once and counted by reason.

:class:`FailureMiddleware` sits outermost, so it sees what is left after
retries; the redirect and compression subclasses report what Scrapy's own
middlewares give up on. Every failure reaches the errback as :class:`PageFailed`,
an ``IgnoreRequest`` that Scrapy does not log a second time, and the crawl goes on.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scrapy import Request
from scrapy.downloadermiddlewares.httpcompression import (
    HttpCompressionMiddleware as _HttpCompressionMiddleware,
)
from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware as _MetaRefreshMiddleware
from scrapy.downloadermiddlewares.redirect import RedirectMiddleware as _RedirectMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse
from scrapy.spidermiddlewares.httperror import HttpError

from web2md.conversion.responses import stated_encoding
from web2md.conversion.shape import BLOCKED, challenge_response
from web2md.failures import classify, too_large
from web2md.middlewares import META_QUIET

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler
    from scrapy.http import Response
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

# Bytes that hold the 4,096 characters Scrapy searches for a meta refresh in any encoding (8 bytes each: ISO-2022
# escapes included), after a byte order mark
REFRESH_PREFIX = 8 * 4096 + 4

#: Every page that produced nothing is counted once, under ``web2md/failed/<reason>``
#: (``http_404``, ``timeout``, ``dns``, ``extraction_error``, ...); there is no total
#: counter, `failure_count` adds the reasons up.
STATS_PREFIX = "web2md/failed"


class PageFailed(IgnoreRequest):
    """A page that could not be fetched; ``reason`` is the stats key suffix.

    ``response`` is set for HTTP errors, so front ends can name the status.
    """

    def __init__(self, url: str, reason: str, detail: str = "", response: Response | None = None) -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.url = url
        self.reason = reason
        self.detail = detail
        self.response = response


def failure_reason(exc: BaseException) -> str:
    """A short stats-friendly name for why a download failed."""
    if isinstance(exc, PageFailed):
        return exc.reason
    if isinstance(exc, HttpError):  # only when FailureMiddleware is not installed
        return f"http_{exc.response.status}"
    return classify(exc)[0]


def record_failure(stats: StatsCollector | None, url: str, reason: str, detail: str = "", *, log: bool = True) -> None:
    """Log one failed page with its URL and reason and count it under ``web2md/failed/<reason>``.

    The one place a failure is counted: spiders and pipelines call this too, e.g.
    for ``reason="extraction_error"``, and count it nowhere else.
    """
    if log:
        logger.warning("Failed %s (%s)%s", url, reason, f": {detail}" if detail else "")
    if stats is not None:
        stats.inc_value(f"{STATS_PREFIX}/{reason}")


def failure_count(stats: Mapping[str, Any]) -> int:
    """How many pages failed, whatever the reason: the sum of the ``web2md/failed/<reason>`` stats."""
    prefix = f"{STATS_PREFIX}/"
    return sum(value for key, value in stats.items() if key.startswith(prefix))


class FailureMiddleware:
    """Outermost downloader middleware turning download errors and HTTP >= 400 into :class:`PageFailed`.

    Responses whose status the request or spider handles (``handle_httpstatus_list``,
    ``handle_httpstatus_all``, ``HTTPERROR_ALLOWED_CODES``, ``HTTPERROR_ALLOW_ALL``)
    pass, as with Scrapy's HttpErrorMiddleware; robots and blacklist refusals are
    not failures; auxiliary fetches (``meta["web2md_quiet"]``) are left to their caller.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self._allowed_codes = set(crawler.settings.getlist("HTTPERROR_ALLOWED_CODES"))
        self._allow_all = crawler.settings.getbool("HTTPERROR_ALLOW_ALL")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def process_response(self, request: Request, response: Response) -> Response:
        if response.status < 400 or request.meta.get(META_QUIET) or self._handled(request, response):
            return response
        reason = f"http_{response.status}"
        record_failure(self.stats, request.url, reason, f"HTTP {response.status}")
        raise PageFailed(request.url, reason, f"HTTP {response.status}", response=response)

    def process_exception(self, request: Request, exception: Exception) -> None:
        if isinstance(exception, IgnoreRequest) or request.meta.get(META_QUIET):
            return
        reason, detail = classify(exception)
        if reason == "timeout" and request.meta.get("download_timeout"):
            detail = f"{detail} after {request.meta['download_timeout']:g} s"
        record_failure(self.stats, request.url, reason, detail)
        raise PageFailed(request.url, reason, detail) from exception

    def _handled(self, request: Request, response: Response) -> bool:
        meta = request.meta
        if meta.get("handle_httpstatus_all") or self._allow_all:
            return True
        if "handle_httpstatus_list" in meta:
            return response.status in meta["handle_httpstatus_list"]
        spider_codes = getattr(self.crawler.spider, "handle_httpstatus_list", ())
        return response.status in self._allowed_codes or response.status in spider_codes


class ChallengeMiddleware:
    """A response that is a bot challenge (`challenge_response`: a ``cf-mitigated`` header, a 403, 429 or 503
    whose page is one) fails as ``web2md/failed/blocked`` (docs/javascript.md#auto), logged and counted once here,
    before a retry asks the wall again or its meta refresh is followed. Auxiliary fetches are left alone."""

    def __init__(self, crawler: Crawler) -> None:
        self.stats = crawler.stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def process_response(self, request: Request, response: Response) -> Response:
        if request.meta.get(META_QUIET):
            return response
        blocked = challenge_response(response.status, response.headers, response.body)
        if not blocked:
            return response
        detail = f"{BLOCKED} ({blocked}, HTTP {response.status})"
        record_failure(self.stats, request.url, "blocked", detail)
        raise PageFailed(request.url, "blocked", detail, response=response)


class _RedirectAccounting:
    """Shared by the redirect subclasses: name loops and overlong chains in one log line."""

    crawler: Crawler

    def _check_loop(self, result: Request | Response) -> Request | Response:
        if isinstance(result, Request):
            chain = list(result.meta.get("redirect_urls", ()))
            if result.url in chain:
                # Scrapy would drop the repeat as a duplicate without a word.
                hops = " -> ".join([*chain, result.url])
                raise self._failed(result, "redirect_loop", f"redirect loop: {hops}", chain[0])
        return result

    def _too_many(self, request: Request) -> PageFailed:
        chain = [*request.meta.get("redirect_urls", ()), request.url]
        hops = " -> ".join(chain)
        return self._failed(request, "too_many_redirects", f"too many redirects: {hops}", chain[0])

    def _failed(self, request: Request, reason: str, detail: str, url: str) -> PageFailed:
        quiet = bool(request.meta.get(META_QUIET))
        if quiet:
            logger.debug("Failed %s (%s): %s", url, reason, detail)
        record_failure(self.crawler.stats, url, reason, detail, log=not quiet)
        return PageFailed(url, reason, detail)


class RedirectMiddleware(_RedirectAccounting, _RedirectMiddleware):
    """Scrapy's RedirectMiddleware that ends a redirect loop with a clear log line."""

    def process_response(self, request: Request, response: Response) -> Request | Response:
        try:
            result = super().process_response(request, response)
        except IgnoreRequest as exc:
            raise self._too_many(request) from exc
        return self._check_loop(result)


class MetaRefreshMiddleware(_RedirectAccounting, _MetaRefreshMiddleware):
    """Scrapy's MetaRefreshMiddleware, following a ``<meta http-equiv=refresh>`` once per chain.

    Scrapy looks for the refresh in the first 4,096 characters of the page but
    decodes the whole body for them, on the reactor; here it gets a prefix of
    the body that holds those characters, and the encoding the page states.
    """

    def process_response(self, request: Request, response: Response) -> Request | Response:
        if "meta refresh" in request.meta.get("redirect_reasons", ()):
            return response
        probe = response
        if isinstance(response, HtmlResponse) and len(response.body) > REFRESH_PREFIX and stated_encoding(response):
            # (an encoding Scrapy would guess depends on all of the bytes: those pages are read whole)
            probe = response.replace(body=response.body[:REFRESH_PREFIX])
        try:
            result = super().process_response(request, probe)
        except IgnoreRequest as exc:
            raise self._too_many(request) from exc
        return self._check_loop(response if result is probe else result)


class HttpCompressionMiddleware(_HttpCompressionMiddleware):
    """Scrapy's HttpCompressionMiddleware, counting a body that decompresses past DOWNLOAD_MAXSIZE."""

    def process_response(self, request: Request, response: Response) -> Request | Response:
        try:
            return super().process_response(request, response)
        except IgnoreRequest as exc:
            # Scrapy has already logged the URL and sizes; count it only.
            if not request.meta.get(META_QUIET):
                record_failure(self.stats, request.url, "too_large", log=False)
            raise PageFailed(request.url, "too_large", too_large(str(exc))) from exc
