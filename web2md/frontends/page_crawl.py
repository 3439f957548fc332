"""The long-lived crawl that fetches single pages for the servers (``web2md mcp``'s web_fetch, ``web2md serve``'s
scrape and reader) and for a terminal browser session, so that requests share one crawl's per-host slots,
robots.txt and settings (see docs/mcp.md).

One crawl of `PagesSpider` stays open (its idle spider is kept open) and takes requests as they come, each
carrying its own conversion options, headers and key in its meta; whatever becomes of a request (its item scraped
or dropped, a download that failed, a callback that raised) is handed back to the caller waiting on its key. Every
`RECYCLE_REQUESTS` requests or `RECYCLE_SECONDS` a fresh crawl takes over (the old one closes once idle), so what a
crawl keeps per origin (robots.txt rules, hosts seen) is bounded and read again now and then. A browser crawl
(``browser``: Chromium download handlers) is a second such crawl.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from scrapy import Request, signals
from scrapy.crawler import AsyncCrawlerRunner, Crawler
from scrapy.exceptions import DontCloseSpider, IgnoreRequest
from scrapy.http import Response
from scrapy.settings import Settings
from twisted.python.failure import Failure

from web2md import crawl
from web2md.middlewares import META_EXPLICIT, META_NAMED, META_OPTIONS
from web2md.spiders.base import Web2mdSpider, option_names, resolve_options

logger = logging.getLogger(__name__)

#: Request meta keys: the caller waiting for the request; whether it wants the body as the site sent it.
META_KEY = "web2md_page_key"
META_RAW = "web2md_raw_html"
#: Spider arguments a request carries itself (the others change a crawl's settings).
PER_REQUEST = frozenset({*option_names(), "header", "raw_html", "browser"})
RECYCLE_REQUESTS = 10_000
RECYCLE_SECONDS = 3600.0
GC_FREEZE = "web2md.extensions.gcfreeze.FreezeAtStart"
WITHDRAWN = "web2md.frontends.page_crawl.WithdrawnMiddleware"
WITHDRAWN_STAT = "web2md/page_crawl/withdrawn_count"


@dataclass
class Outcome:
    """What became of one request: its item (or none) and its failures, as `web2md.crawl.CrawlResult` holds them
    for a one-page crawl, and the body as the site sent it (when asked for)."""

    result: crawl.CrawlResult = field(default_factory=crawl.CrawlResult)
    raw: str | None = None


class PagesSpider(Web2mdSpider):
    """A spider with no start URLs that stays open while idle: `PageCrawl` hands it requests as they come."""

    name = "pages"
    needs_start_urls = False

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> PagesSpider:
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.retiring = False
        crawler.signals.connect(spider.keep_open, signal=signals.spider_idle)
        return spider

    def page_bound(self) -> int | None:
        return 1  # pages come one by one: the process's pool for single pages converts them

    async def start(self) -> Any:
        return  # no start requests (the yield below makes this the async generator Scrapy expects)
        yield

    def keep_open(self) -> None:
        if not self.retiring:
            raise DontCloseSpider

    def parse(self, response: Response, **kwargs: Any) -> Any:
        if not self.crawler.page_crawl.awaited(response.meta.get(META_KEY)):
            # its caller stopped waiting (its time bound): the page is not converted for nobody
            logger.info("Not converting %s: its caller is no longer waiting", response.url)
            self.crawler.stats.inc_value("web2md/page_crawl/abandoned_count")
            return
        item = self.page_item(response)
        options = response.meta.get(META_OPTIONS)
        if options is not None:
            item["options"] = options
        item["request"] = response.request  # the caller's, should auto mode have the page rendered in the browser
        if response.meta.get(META_RAW) and hasattr(response, "text"):
            self.crawler.page_crawl.note_raw(response.meta.get(META_KEY), response.text)
        yield item

    def on_error(self, failure: Failure) -> None:
        if isinstance(failure.value, Withdrawn):
            return  # nobody waits for it
        before = len(self.failures)
        super().on_error(failure)  # the failure record, worded as for every crawl
        record = self.failures.pop() if len(self.failures) > before else None
        self.crawler.page_crawl.finish(failure.request.meta.get(META_KEY), failures=[record] if record else [])


class Withdrawn(IgnoreRequest):
    """A request whose caller stopped waiting before it was sent."""


class WithdrawnMiddleware:
    """Outermost downloader middleware of the page crawls: a request that waited in the scheduler past its caller's
    time bound is not sent (`PageCrawl.withdraw` takes it out of its host's line in the downloader)."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> WithdrawnMiddleware:
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        key = request.meta.get(META_KEY)
        if key is not None and not self.crawler.page_crawl.awaited(key):  # (robots.txt requests have none)
            raise self.crawler.page_crawl.withdrawn(request.url)


class PageCrawl:
    """One open crawl of `PagesSpider` on the reactor's loop, and the callers waiting for its requests."""

    def __init__(self, settings: Settings, arguments: dict[str, Any]) -> None:
        self.settings = settings
        self.arguments = arguments
        self.crawler: Crawler | None = None
        self.opened: asyncio.Future[None] | None = None
        self.waiting: dict[int, asyncio.Future[Outcome]] = {}
        self.raw: dict[int, str] = {}
        self.requests = 0
        self.started = time.monotonic()

    def worn(self) -> bool:
        return self.requests >= RECYCLE_REQUESTS or time.monotonic() - self.started > RECYCLE_SECONDS

    async def open(self) -> None:
        """Start the crawl (on the reactor's loop) and wait until its spider is open."""
        loop = asyncio.get_running_loop()
        self.opened = loop.create_future()
        runner = AsyncCrawlerRunner(self.settings)
        crawler = runner.create_crawler(PagesSpider)
        crawler.page_crawl = self  # type: ignore[attr-defined]  # how the spider reaches its callers
        for handler, signal in (
            (self._opened, signals.spider_opened),
            (self._scraped, signals.item_scraped),
            (self._dropped, signals.item_dropped),
            (self._errored, signals.item_error),
            (self._errored, signals.spider_error),
            (self._request_dropped, signals.request_dropped),
            (self._closed, signals.spider_closed),
        ):
            crawler.signals.connect(handler, signal=signal)
        self.crawler = crawler
        done = asyncio.ensure_future(runner.crawl(crawler, **self.arguments))
        done.add_done_callback(self._ended)
        await self.opened

    async def fetch(self, request: Request, key: int) -> Outcome:
        """Crawl `request` and wait for what becomes of it (on the reactor's loop)."""
        assert self.crawler is not None and self.crawler.engine is not None
        waiter = asyncio.get_running_loop().create_future()
        self.waiting[key] = waiter
        self.requests += 1
        try:
            self.crawler.engine.crawl(request)
            return await waiter
        finally:  # answered, or the caller gave up (its bound): what is kept for the request goes
            if waiter.cancelled() or not waiter.done():  # (the caller's cancellation cancels the waiter)
                self.withdraw(request)
            self.waiting.pop(key, None)
            self.raw.pop(key, None)
            self._forget_cookies(key)

    def retire(self) -> None:
        """Close once the requests in flight are done."""
        if self.crawler is not None and self.crawler.spider is not None:
            self.crawler.spider.retiring = True

    async def close(self) -> None:
        if self.crawler is not None and self.crawler.crawling:
            self.retire()
            await self.crawler.stop_async()

    def withdraw(self, request: Request) -> None:
        """Take `request`, whose caller stopped waiting, out of its host's line in the downloader, so that it is
        never sent. Scrapy has no call for it (dropping the downloader's queued requests was proposed for a spider's
        stop in scrapy/scrapy#5000, closed unmerged): the line is the slot's queue of the requests (copies of the one
        crawled, told by their key) with the deferreds their downloads answer. One already sent is left to finish;
        one still in the scheduler is dropped on its way to the downloader (`WithdrawnMiddleware`)."""
        engine = self.crawler.engine if self.crawler is not None else None
        if engine is None:
            return
        downloader = engine.downloader
        slot = downloader.slots.get(downloader.get_slot_key(request))
        key = request.meta.get(META_KEY)
        for entry in slot.queue if slot is not None else ():
            if entry[0].meta.get(META_KEY) == key:
                slot.queue.remove(entry)
                entry[1].errback(Failure(self.withdrawn(request.url)))
                return

    def withdrawn(self, url: str) -> Withdrawn:
        """The failure of a request not sent because its caller stopped waiting, logged and counted."""
        logger.info("Not fetching %s: its caller is no longer waiting", url)
        self.crawler.stats.inc_value(WITHDRAWN_STAT)
        return Withdrawn(url)

    # -- what became of a request ------------------------------------------
    def awaited(self, key: int | None) -> bool:
        """Whether a caller still waits for the request of `key`."""
        return key in self.waiting

    def note_raw(self, key: int | None, text: str) -> None:
        if self.awaited(key):
            self.raw[key] = text

    def finish(self, key: int | None, items: list[Any] = (), failures: list[dict[str, Any]] = ()) -> None:  # type: ignore[assignment]
        waiter = self.waiting.get(key) if key is not None else None
        if waiter is None or waiter.done():
            return
        result = crawl.CrawlResult(items=list(items), failures=list(failures))
        waiter.set_result(Outcome(result, self.raw.get(key)))

    @staticmethod
    def _key(response: Any) -> int | None:
        return (getattr(response, "meta", None) or {}).get(META_KEY)

    def _scraped(self, item: Any, response: Any = None, **_: Any) -> None:
        self.finish(self._key(response), items=[item])

    def _dropped(self, item: Any, exception: BaseException, response: Any = None, **_: Any) -> None:
        url = item.get("url", "") if hasattr(item, "get") else ""
        failure = {
            "url": url,
            "final_url": item.get("final_url", url) if hasattr(item, "get") else url,
            "status": item.get("status") if hasattr(item, "get") else None,
            "reason": str(exception),
        }
        self.finish(self._key(response), failures=[failure])

    def _errored(self, response: Any = None, **_: Any) -> None:
        self.finish(self._key(response))  # logged by Scrapy; the caller says nothing was extracted

    def _request_dropped(self, request: Request, **_: Any) -> None:
        self.finish(request.meta.get(META_KEY))

    def _opened(self, **_: Any) -> None:
        if self.opened is not None and not self.opened.done():
            self.opened.set_result(None)

    def _closed(self, **_: Any) -> None:
        for key in list(self.waiting):
            self.finish(key)

    def _ended(self, done: asyncio.Future[Any]) -> None:
        error = None if done.cancelled() else done.exception()
        if self.opened is not None and not self.opened.done():  # it could not start: its callers hear why
            self.opened.set_exception(error or RuntimeError("the page crawl closed as it started"))
        elif error is not None:
            logger.error("The page crawl stopped: %s", error)

    def _forget_cookies(self, key: int) -> None:
        """Drop the request's cookie jar: each request has its own, as a one-page crawl has."""
        engine = self.crawler.engine if self.crawler is not None else None
        if engine is None:
            return
        for middleware in engine.downloader.middleware.middlewares:
            jars = getattr(getattr(middleware, "_jar", None), "jars", None)
            if isinstance(jars, dict):
                jars.pop(key, None)


class PageCrawls:
    """The page crawls of one server: requests with the same crawl settings (with or without the browser) share
    one crawl. Callers await `fetch` from their own loop; the crawls run on the reactor's."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings.copy()
        self.settings.set("SPIDER_LOADER_CLASS", "scrapy.spiderloader.DummySpiderLoader", priority="cmdline")
        self.settings.set("CLOSESPIDER_TIMEOUT", 0, priority="cmdline")  # the caller bounds each request
        self.settings.set("WEB2MD_DEDUPE", "off", priority="cmdline")  # a page asked twice is answered twice
        # a crawl that never ends would keep the collector frozen for good
        extensions = dict(self.settings.getdict("EXTENSIONS"))
        extensions[GC_FREEZE] = None
        self.settings.set("EXTENSIONS", extensions, priority="cmdline")
        middlewares = dict(self.settings.getdict("DOWNLOADER_MIDDLEWARES"))
        middlewares[WITHDRAWN] = 1  # before any other: a withdrawn request asks for no robots.txt either
        self.settings.set("DOWNLOADER_MIDDLEWARES", middlewares, priority="cmdline")
        self.crawls: dict[bool, PageCrawl] = {}
        self.keys = itertools.count(1)

    async def fetch(self, url: str, **arguments: Any) -> Outcome:
        """Fetch and convert `url` with the page spider's `arguments` (`PER_REQUEST` only: ValueError for another,
        which would need a crawl of its own); await from any loop."""
        unknown = sorted(set(arguments) - PER_REQUEST)
        if unknown:
            raise ValueError(f"not an argument of a single page's request: {', '.join(unknown)}")
        return await crawl.on_reactor(lambda: self._fetch(url, arguments), self.settings)

    async def _fetch(self, url: str, arguments: dict[str, Any]) -> Outcome:
        browser = bool(arguments.pop("browser", False))
        page_crawl = await self._crawl(browser)
        key = next(self.keys)
        host = urlsplit(url).hostname or ""
        meta: dict[str, Any] = {META_EXPLICIT: True, META_NAMED: [host], META_KEY: key, "cookiejar": key}
        options = {k: v for k, v in arguments.items() if k in option_names()}
        if options:
            meta[META_OPTIONS] = page_crawl.crawler.spider.convert_options | resolve_options(self.settings, options)
        if arguments.get("raw_html"):
            meta[META_RAW] = True
        headers = (header.partition(":") for header in arguments.get("header") or ())
        request = Request(
            url,
            callback=page_crawl.crawler.spider.parse,
            errback=page_crawl.crawler.spider.on_error,
            dont_filter=True,
            meta=meta,
            headers={name.strip(): value.strip() for name, _, value in headers} or None,
        )
        return await page_crawl.fetch(request, key)

    async def _crawl(self, browser: bool) -> PageCrawl:
        current = self.crawls.get(browser)
        if current is not None and current.worn():
            current.retire()
            current = None
        if current is None or (current.opened is not None and current.opened.done() and not current.crawler.crawling):
            current = self.crawls[browser] = PageCrawl(self.settings, {"browser": True} if browser else {})
            try:
                await current.open()
            except BaseException:
                self.crawls.pop(browser, None)
                raise
        elif current.opened is not None and not current.opened.done():
            await asyncio.shield(current.opened)
        return current

    async def close(self) -> None:
        """Close the crawls (a server stopping); await from any loop."""
        crawls, self.crawls = list(self.crawls.values()), {}
        if not crawls:
            return
        loop = crawl._REACTOR.get_loop(self.settings)

        async def close_all() -> None:
            await asyncio.gather(*(c.close() for c in crawls), return_exceptions=True)

        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(close_all(), loop))
