"""The `feed` spider: read an RSS, Atom or JSON feed (or find one from a page) into entry items or entry pages.

Parsing and rendering are the core's (`web2md.extract.documents.feeds`); this module
only decides what to request next.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

from scrapy import Request
from scrapy.http import Response, TextResponse
from twisted.python.failure import Failure

from web2md.blacklist.middleware import load_blacklist
from web2md.conversion.responses import parse_response
from web2md.extract.documents.feedlinks import common_feed_urls, discover_feeds
from web2md.extract.documents.feeds import MAX_FEED_ENTRIES, Feed, FeedError, FeedRefused, parse_feed
from web2md.items import FeedEntryItem
from web2md.middlewares import META_EXPLICIT, META_QUIET
from web2md.middlewares.limits import record_failure
from web2md.spiders.base import Web2mdSpider, count_argument, is_fetchable, parse_bool

logger = logging.getLogger(__name__)

META_PAGE = "web2md_feed_page"
META_CANDIDATES = "web2md_feed_candidates"


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
    """

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
        return spider

    async def start(self) -> AsyncIterator[Any]:
        for url in self.valid_start_urls():
            yield Request(
                url, callback=self.parse_start, errback=self.on_error, meta={META_EXPLICIT: True}, dont_filter=True
            )

    # -- finding the feed ----------------------------------------------
    def parse_start(self, response: Response) -> Iterator[Any]:
        try:
            feed = self.read(response)
        except FeedRefused as exc:
            self.refused(response.url, response.url, exc)
            return
        if feed is not None:
            yield from self.use_feed(feed, response)
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
        yield from self.probe(response.url, common_feed_urls(response.url))

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

    def parse_probe(self, response: Response) -> Iterator[Any]:
        try:
            feed = self.read(response, quiet=True)
        except FeedRefused as exc:
            self.refused(response.meta[META_PAGE], response.url, exc)
            return
        if feed is None:
            yield from self.probe(response.meta[META_PAGE], response.meta[META_CANDIDATES])
            return
        logger.info("Found feed %s for %s", response.url, response.meta[META_PAGE])
        yield from self.use_feed(feed, response)

    def probe_failed(self, failure: Failure) -> Iterator[Request]:
        meta = failure.request.meta
        logger.debug("No feed at %s: %s", failure.request.url, failure.value)
        yield from self.probe(meta[META_PAGE], meta[META_CANDIDATES])

    def no_feed(self, url: str, reason: str) -> None:
        logger.error("No feed found for %s: %s", url, reason)
        record_failure(self.crawler.stats, url, "no_feed", log=False)  # logged just above
        self.failures.append({"url": url, "status": None, "reason": "no feed found"})

    def refused(self, url: str, feed_url: str, exc: FeedRefused) -> None:
        """A feed read as an attack: said once, with the reason; no other location is tried."""
        reason = f"feed {feed_url} refused: {exc}"
        logger.error("No feed read for %s: %s", url, reason)
        record_failure(self.crawler.stats, url, "feed_refused", log=False)  # logged just above
        self.failures.append({"url": url, "status": None, "reason": reason})

    # -- reading it ----------------------------------------------------
    def parse_feed(self, response: Response) -> Iterator[Any]:
        try:
            feed = self.read(response)
        except FeedRefused as exc:
            self.refused(response.meta.get(META_PAGE, response.url), response.url, exc)
            return
        if feed is None:
            self.no_feed(response.meta.get(META_PAGE, response.url), f"{response.url} is not a feed")
            return
        yield from self.use_feed(feed, response)

    def read(self, response: Response, quiet: bool = False) -> Feed | None:
        """The feed in a response, or None if it holds none; raises `FeedRefused` for one read as an attack."""
        try:
            feed = parse_feed(
                response.body,
                response.url,
                max_entries=MAX_FEED_ENTRIES if self.max_entries is None else self.max_entries,
            )
        except FeedRefused:
            raise
        except FeedError as exc:
            # on the start URL this is the normal case of a page rather than a feed
            log = logger.debug if quiet or META_PAGE not in response.meta else logger.warning
            log("Not a feed: %s (%s)", response.url, exc)
            return None
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
