"""The `feed` spider: read an RSS, Atom or JSON feed (or find one from a page) into entry items or entry pages.

Parsing and rendering are the core's (`web2md.extract.documents.feeds`), run where pages are converted (in the
crawl's worker pool, under the extraction deadline: `web2md.conversion.feeds`); this module only decides what to
request next.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

from scrapy import Request, signals
from scrapy.http import Response, TextResponse
from twisted.python.failure import Failure

from web2md.blacklist.middleware import load_blacklist
from web2md.conversion.converter import Converter
from web2md.conversion.feeds import read_feed
from web2md.conversion.responses import parse_response
from web2md.conversion.workers import WorkerTimeout
from web2md.extensions import needed
from web2md.extract.documents.feedlinks import common_feed_urls, discover_feeds
from web2md.extract.documents.feeds import MAX_FEED_ENTRIES, Feed
from web2md.items import FeedEntryItem
from web2md.middlewares import META_EXPLICIT, META_QUIET
from web2md.middlewares.limits import record_failure
from web2md.spiders.base import Web2mdSpider, count_argument, is_fetchable, parse_bool

logger = logging.getLogger(__name__)

META_PAGE = "web2md_feed_page"
META_CANDIDATES = "web2md_feed_candidates"


class Unread(Exception):
    """A feed document that was not read (refused, timed out, its worker died): recorded as a failure already."""


class FeedSpider(Web2mdSpider):
    """``scrapy crawl feed -a url=URL [-a max_entries=N] [-a fetch_entries=0]``.

    `url` is a feed, or a page: then the first feed it announces with
    ``<link rel="alternate">`` is read, and failing that the usual feed paths
    (``/feed``, ``/rss.xml``, ``/atom.xml``, ...) are tried one after another.
    Each entry's page is crawled into a `PageItem` (and written as any page is);
    with ``fetch_entries=0`` each entry becomes a `FeedEntryItem` with the
    feed's own content as Markdown instead, and nothing else is fetched (what
    ``web2md feed`` and MCP ``web_feed`` list). ``max_entries`` keeps the
    first N entries of each feed (default `MAX_FEED_ENTRIES`: a longer feed is
    named in a warning and `truncated_feeds`, and the rest of it is not read).
    Each feed is parsed in the crawl's conversion workers: one that takes longer
    than ``WEB2MD_EXTRACT_TIMEOUT`` fails (``web2md/failed/extraction_timeout``).
    """

    converter: Converter  # the crawl's, set when the spider opens

    name = "feed"

    def __init__(self, max_entries: Any = None, fetch_entries: Any = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_entries = None if max_entries in (None, "") else count_argument("max_entries", max_entries)
        self.fetch_entries = parse_bool("fetch_entries", fetch_entries)
        self.truncated_feeds: list[str] = []  # feeds with more than MAX_FEED_ENTRIES entries

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any):
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.blacklist = load_blacklist(crawler.settings)
        crawler.signals.connect(spider.opened, signal=signals.spider_opened)
        return spider

    def opened(self) -> None:
        # the crawl's Converter, an extension: built after the spider, so not there yet in from_crawler
        self.converter = needed(self.crawler, Converter)

    def page_bound(self) -> int | None:
        # listing entries reads one document at a time (the URL, then each feed location in turn) and no page
        return None if self.fetch_entries else 1

    async def start(self) -> AsyncIterator[Any]:
        for url in self.valid_start_urls():
            yield Request(
                url, callback=self.parse_start, errback=self.on_error, meta={META_EXPLICIT: True}, dont_filter=True
            )

    # -- finding the feed ----------------------------------------------
    async def parse_start(self, response: Response) -> AsyncIterator[Any]:
        try:
            feed = await self.read(response, response.url)
        except Unread:
            return
        if feed is not None:
            for result in self.use_feed(feed, response):
                yield result
            return
        if not isinstance(response, TextResponse):
            self.no_feed(
                response.url, f"not a feed or a page ({response.headers.get('Content-Type', b'').decode('latin-1')})"
            )
            return
        links = discover_feeds(parse_response(response)[0], response.url)
        if links:
            logger.info("Found feed %s on %s", links[0]["url"], response.url)
            yield Request(
                links[0]["url"], callback=self.parse_feed, errback=self.on_error, meta={META_PAGE: response.url}
            )
            return
        logger.info("No feed linked from %s; trying the usual feed locations", response.url)
        for request in self.probe(response.url, common_feed_urls(response.url)):
            yield request

    def probe(self, page: str, candidates: list[str]) -> Iterator[Request]:
        """Try the first candidate location; the next one is tried only if it holds no feed."""
        if not candidates:
            self.no_feed(page, "no feed linked from the page or at the usual locations")
            return
        yield Request(
            candidates[0],
            callback=self.parse_probe,
            errback=self.probe_failed,
            dont_filter=True,
            meta={META_PAGE: page, META_CANDIDATES: candidates[1:], META_QUIET: True},
        )

    async def parse_probe(self, response: Response) -> AsyncIterator[Any]:
        try:
            feed = await self.read(response, response.meta[META_PAGE], quiet=True)
        except Unread:
            return
        if feed is None:
            for request in self.probe(response.meta[META_PAGE], response.meta[META_CANDIDATES]):
                yield request
            return
        logger.info("Found feed %s for %s", response.url, response.meta[META_PAGE])
        for result in self.use_feed(feed, response):
            yield result

    def probe_failed(self, failure: Failure) -> Iterator[Request]:
        meta = failure.request.meta
        logger.debug("No feed at %s: %s", failure.request.url, failure.value)
        yield from self.probe(meta[META_PAGE], meta[META_CANDIDATES])

    def no_feed(self, url: str, reason: str) -> None:
        logger.error("No feed found for %s: %s", url, reason)
        record_failure(self.crawler.stats, url, "no_feed", log=False)  # logged just above
        self.failures.append({"url": url, "status": None, "reason": "no feed found"})

    def refused(self, url: str, feed_url: str, why: str) -> None:
        """A feed read as an attack: said once, with the reason; no other location is tried."""
        reason = f"feed {feed_url} refused: {why}"
        logger.error("No feed read for %s: %s", url, reason)
        record_failure(self.crawler.stats, url, "feed_refused", log=False)  # logged just above
        self.failures.append({"url": url, "status": None, "reason": reason})

    # -- reading it ----------------------------------------------------
    async def parse_feed(self, response: Response) -> AsyncIterator[Any]:
        page = response.meta.get(META_PAGE, response.url)
        try:
            feed = await self.read(response, page)
        except Unread:
            return
        if feed is None:
            self.no_feed(page, f"{response.url} is not a feed")
            return
        for result in self.use_feed(feed, response):
            yield result

    async def read(self, response: Response, page: str, quiet: bool = False) -> Feed | None:
        """The feed in a response (looked for on behalf of `page`), or None if it holds none.

        Parsed in a conversion worker, under the extraction deadline. A feed refused as an attack, one whose
        reading overran the deadline or failed is recorded as `page`'s failure and raises `Unread`.
        """
        max_entries = MAX_FEED_ENTRIES if self.max_entries is None else self.max_entries
        try:
            answer = await self.converter.run(read_feed, response.body, response.url, max_entries)
        except WorkerTimeout as exc:
            self.read_timed_out(response.url, exc, self.converter.timeout)
            raise Unread from exc
        except Exception as exc:  # its worker died, or parsing raised
            logger.error("Reading the feed %s failed: %s", response.url, exc)
            record_failure(self.crawler.stats, response.url, "extraction_error", log=False)  # logged just above
            self.failures.append({"url": response.url, "status": None, "reason": f"extraction failed: {exc}"})
            raise Unread from exc
        if "refused" in answer:
            self.refused(page, response.url, answer["refused"])
            raise Unread
        if "not_feed" in answer:
            # on the start URL this is the normal case of a page rather than a feed
            log = logger.debug if quiet or META_PAGE not in response.meta else logger.warning
            log("Not a feed: %s (%s)", response.url, answer["not_feed"])
            return None
        feed = answer["feed"]
        if feed.truncated and self.max_entries is None:
            logger.warning("Feed %s has more than %d entries: the rest is not read", response.url, MAX_FEED_ENTRIES)
            self.crawler.stats.inc_value("web2md/feed_truncated_count")
            self.truncated_feeds.append(response.url)
        return feed

    def use_feed(self, feed: Feed, response: Response) -> Iterator[Any]:
        self.crawler.stats.inc_value("web2md/feed_count")
        logger.debug("Feed %s: %d entries", response.url, len(feed.entries))
        for entry in feed.entries:
            if not self.fetch_entries:
                self.crawler.stats.inc_value("web2md/feed_entry_count")
                yield self.entry_item(feed, entry)
            elif entry.link is None or not is_fetchable(entry.link):
                logger.warning(
                    "Feed entry without a web link, not fetched: %s (%s)", entry.id or entry.title, response.url
                )
                self.crawler.stats.inc_value("web2md/feed_entry_without_link")
            elif (rule := self.blacklist.match(entry.link)) is not None:
                logger.info("Blacklisted (%s), not fetched: %s", rule, entry.link)
                self.crawler.stats.inc_value("web2md/blacklisted")
            else:
                yield Request(entry.link, callback=self.parse, errback=self.on_error)

    def entry_item(self, feed: Feed, entry: Any) -> FeedEntryItem:
        values = {
            "url": entry.link,
            "title": entry.title,
            "author": entry.author,
            "published_date": entry.published,
            "modified_date": entry.updated,
            "summary": entry.summary,
            "markdown": entry.content,
            "categories": entry.categories,
            "entry_id": entry.id,
            "feed_url": feed.url,
            "feed_title": feed.title,
        }
        return FeedEntryItem({k: v for k, v in values.items() if v not in (None, "", [])})

    # -- entry pages ---------------------------------------------------
    def parse(self, response: Response, **kwargs: Any) -> Any:
        yield self.page_item(response)
