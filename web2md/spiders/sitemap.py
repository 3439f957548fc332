"""The `sitemap` spider: find a site's sitemaps (robots.txt, /sitemap.xml), follow indexes, then list or crawl the URLs.

Parsing is the core's (`web2md.extract.documents.sitemaps`); this module only decides
what to request next.
"""

from __future__ import annotations

import logging
import struct
import zlib
from collections import Counter, deque
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

from scrapy import Request, signals
from scrapy.exceptions import DontCloseSpider
from scrapy.http import Response
from scrapy.utils.gz import gunzip
from twisted.python.failure import Failure

from web2md.blacklist.middleware import load_blacklist
from web2md.conversion.converter import Converter
from web2md.conversion.feeds import read_feed
from web2md.conversion.workers import WorkerTimeout
from web2md.extensions import needed
from web2md.extract.documents.safexml import UnsafeXMLError
from web2md.extract.documents.sitemaps import (
    MAX_SITEMAP_SIZE,
    MAX_SITEMAP_URLS,
    Sitemap,
    SitemapEntry,
    SitemapReader,
    discovery_urls,
    is_gzip,
    looks_like_sitemap_url,
    read_sitemap,
    select_entries,
    sitemap_urls_from_robots,
)
from web2md.extract.meta.isodate import to_datetime
from web2md.failures import HOST_UNREACHABLE, classify
from web2md.items import SitemapEntryItem
from web2md.middlewares import META_EXPLICIT, META_QUIET
from web2md.middlewares.limits import record_failure
from web2md.middlewares.netguard import AddressRefused
from web2md.middlewares.robots import robots_head
from web2md.spiders.base import Web2mdSpider, count_argument, parse_bool

logger = logging.getLogger(__name__)

DEFAULT_MAX_PAGES = 1000  # pages fetched when crawling
DEFAULT_MAX_LISTED = 250_000  # URLs a listing (list=1) keeps: five full sitemaps
DEFAULT_MAX_DEPTH = 5  # sitemap indexes are not supposed to nest at all

META_SITE = "web2md_site"
META_DEPTH = "web2md_sitemap_depth"
META_FROM_INDEX = "web2md_from_index"  # a sitemap an index listed: the next one is requested once it is read


def gunzip_sitemap(body: bytes, max_size: int = MAX_SITEMAP_SIZE) -> bytes:
    """`body` gunzipped (all members) when it starts with the gzip magic number, else as it is.

    Raises ``ValueError`` when the data is not gzip, is cut short before any of it
    decompresses, or expands beyond `max_size` bytes. Scrapy's gunzip keeps what
    decompressed before a damaged tail, as its own sitemap spider does.
    """
    if not is_gzip(body):
        return body
    try:
        return gunzip(body, max_size=max_size)
    except EOFError:
        raise ValueError("truncated gzip data") from None
    except (OSError, struct.error, zlib.error) as exc:
        raise ValueError(f"invalid gzip data: {exc}") from None
    except ValueError:  # Scrapy's _DecompressionMaxSizeExceeded
        raise ValueError(f"gzip data expands beyond {max_size} bytes") from None


class SitemapSpider(Web2mdSpider):
    """``scrapy crawl sitemap -a url=URL [-a list=1] [-a since=2024-01-01] [-a max_pages=N]``.

    `url` is a sitemap (``/sitemap.xml``, ``/sitemap_index.xml.gz``, a text
    sitemap) or a site: then the sitemaps come from robots.txt ``Sitemap:``
    lines, ``/sitemap.xml`` and ``/sitemap_index.xml``. Indexes are followed
    up to ``max_depth`` levels. With ``list=1`` each URL becomes a
    `SitemapEntryItem` (url, lastmod, alternates) and nothing else is fetched,
    at most ``max_pages`` of them (default `DEFAULT_MAX_LISTED`); otherwise the
    URLs are crawled into `PageItem`s, at most ``max_pages`` (default 1000).
    ``since`` keeps entries whose lastmod is that date or later. Blacklisted
    URLs are left out either way.

    Memory stays bounded: each sitemap is read as a stream, at most
    `MAX_SITEMAP_URLS` entries of it (the protocol's limit; a longer one is
    named in a warning and `truncated_sitemaps`), at most as many sitemaps in
    all as one index may list; the sitemaps an index lists are requested a few
    at a time (``CONCURRENT_REQUESTS_PER_DOMAIN``), the next once one is read,
    and none once ``max_pages`` URLs are taken.
    """

    name = "sitemap"
    extra_arguments = ("list",)
    converter: Converter  # the crawl's, set when the spider opens

    def __init__(
        self, since: str | None = None, max_pages: Any = None, max_depth: Any = DEFAULT_MAX_DEPTH, **kwargs: Any
    ) -> None:
        list_only = kwargs.pop("list", False)  # "-a list=1"; not a parameter name, it would shadow list()
        super().__init__(**kwargs)
        self.list_only = parse_bool("list", list_only)
        self.since = since or None
        if self.since is not None and to_datetime(self.since) is None:
            raise ValueError(f"argument since expects a date such as 2024-01-31, got {since!r}")
        if max_pages in (None, ""):
            self.max_pages = DEFAULT_MAX_LISTED if self.list_only else DEFAULT_MAX_PAGES
        else:
            self.max_pages = count_argument("max_pages", max_pages)
        self.max_depth = count_argument("max_depth", max_depth)
        self.sitemaps_seen: set[str] = set()
        self.urls_seen: set[str] = set()
        self.found: Counter[str] = Counter()  # sitemaps read per start URL
        self.sites: list[str] = []
        self.listed: deque[tuple[str, str, int]] = deque()  # sitemaps indexes listed, not requested yet
        self.reading = 0  # sitemaps from indexes requested and not read yet
        self.truncated_sitemaps: list[str] = []  # sitemaps with more than MAX_SITEMAP_URLS entries

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any):
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.blacklist = load_blacklist(crawler.settings)
        spider.max_size = crawler.settings.getint("DOWNLOAD_MAXSIZE") or MAX_SITEMAP_SIZE
        spider.at_once = max(1, crawler.settings.getint("CONCURRENT_REQUESTS_PER_DOMAIN"))
        crawler.signals.connect(spider.idle, signal=signals.spider_idle)
        crawler.signals.connect(spider.opened, signal=signals.spider_opened)
        return spider

    def opened(self) -> None:
        # the crawl's Converter, an extension: built after the spider, so not there yet in from_crawler
        self.converter = needed(self.crawler, Converter)

    def page_bound(self) -> int | None:
        # a listing fetches no page: the workers only read a feed given as a sitemap
        return 1 if self.list_only else None

    def idle(self) -> None:
        """Nothing in flight while sitemaps wait: a request was dropped on its way without an answer (a spider
        middleware's filter): the waiting ones are requested all the same."""
        if not self.listed:
            return
        self.reading = 0
        for request in self.next_sitemaps():
            self.crawler.engine.crawl(request)
        if self.reading:
            raise DontCloseSpider

    async def start(self) -> AsyncIterator[Any]:
        for url in self.valid_start_urls():
            self.sites.append(url)
            if looks_like_sitemap_url(url):
                request = self.sitemap_request(url, site=url, depth=0, explicit=True)
                if request is not None:
                    yield request
                continue
            yield self.discovery_request(url)

    def discovery_request(self, site: str) -> Request:
        """The first step of finding a site's sitemaps: its robots.txt (then the usual locations)."""
        return Request(
            discovery_urls(site)[0],
            callback=self.parse_robots,
            errback=self.robots_failed,
            meta={META_SITE: site, META_QUIET: True},
            dont_filter=True,
        )

    def sitemap_request(
        self, url: str, site: str, depth: int, explicit: bool = False, guessed: bool = False
    ) -> Request | None:
        """A request for a sitemap not requested before; `guessed` ones may be missing without complaint."""
        if url in self.sitemaps_seen:
            return None
        self.sitemaps_seen.add(url)
        meta: dict[str, Any] = {META_SITE: site, META_DEPTH: depth}
        if explicit:
            meta[META_EXPLICIT] = True
        if guessed:
            meta[META_QUIET] = True
        return Request(url, callback=self.parse_sitemap, errback=self.sitemap_failed, meta=meta)

    def next_sitemaps(self) -> Iterator[Request]:
        """Requests for the sitemaps indexes listed, while fewer than `at_once` are being read and URLs are wanted."""
        while self.listed and self.reading < self.at_once:
            if self.full():
                logger.warning(
                    "%d sitemap(s) not read: max_pages=%d URLs already taken", len(self.listed), self.max_pages
                )
                self.crawler.stats.inc_value("web2md/sitemap_unread_count", len(self.listed))
                self.listed.clear()
                return
            url, site, depth = self.listed.popleft()
            self.reading += 1
            meta = {META_SITE: site, META_DEPTH: depth, META_FROM_INDEX: True}
            # each is requested once already (`sitemaps_seen`): one the duplicate filter dropped would never answer
            yield Request(url, callback=self.parse_sitemap, errback=self.sitemap_failed, meta=meta, dont_filter=True)

    def read_one(self, request: Request) -> Iterator[Request]:
        """A sitemap an index listed has been read (or failed): the next ones."""
        if request.meta.get(META_FROM_INDEX):
            self.reading -= 1
            yield from self.next_sitemaps()

    def full(self) -> bool:
        return self.max_pages is not None and len(self.urls_seen) >= self.max_pages

    # -- discovery -----------------------------------------------------
    def parse_robots(self, response: Response) -> Iterator[Request]:
        listed = sitemap_urls_from_robots(robots_head(response.body), response.url)
        logger.debug("robots.txt lists %d sitemap(s): %s", len(listed), response.url)
        yield from self.discovered(response.meta[META_SITE], listed)

    def robots_failed(self, failure: Failure) -> Iterator[Request]:
        site = failure.request.meta[META_SITE]
        reason, phrase = classify(failure.value)
        if reason in HOST_UNREACHABLE:  # the guessed sitemap locations would fail alike: say why, not "no sitemap"
            logger.warning("Failed %s (%s): %s", site, reason, phrase)
            record_failure(self.crawler.stats, site, reason, log=False)  # logged just above
            self.failures.append({"url": site, "status": None, "reason": phrase})
            return
        if isinstance(failure.value, AddressRefused):  # so would they here, refused alike (logged by the guard)
            refusal = str(failure.value)
            # it names robots.txt, the first request refused; the user asked for the site
            refusal = refusal.removesuffix(failure.value.url) + site if refusal.endswith(failure.value.url) else refusal
            self.failures.append({"url": site, "status": None, "reason": refusal})
            return
        logger.debug("No robots.txt for sitemap discovery: %s (%s)", failure.request.url, failure.value)
        yield from self.discovered(site, [])

    def discovered(self, site: str, listed: list[str]) -> Iterator[Request]:
        guesses = discovery_urls(site)[1:]
        for url in listed + [u for u in guesses if u not in listed]:
            request = self.sitemap_request(url, site=site, depth=0, guessed=url not in listed)
            if request is not None:
                yield request

    # -- sitemaps ------------------------------------------------------
    async def parse_sitemap(self, response: Response) -> AsyncIterator[Any]:
        async for result in self.use_sitemap(response):
            yield result
        for request in self.read_one(response.request):
            yield request

    async def use_sitemap(self, response: Response) -> AsyncIterator[Any]:
        site = response.meta[META_SITE]
        quiet = bool(response.meta.get(META_QUIET))
        try:
            sitemap = await self.read(response)
        except WorkerTimeout as exc:
            self.read_timed_out(response.url, exc, self.converter.timeout)
            return
        except UnsafeXMLError as exc:
            self.reject(response, f"refused: {exc}", quiet=False, cause="unsafe_sitemap")
            return
        except ValueError as exc:
            self.reject(response, str(exc), quiet=quiet)
            return
        self.found[site] += 1
        self.crawler.stats.inc_value("web2md/sitemap_count")
        if sitemap.is_index:
            self.follow_index(sitemap, response)
            for request in self.next_sitemaps():
                yield request
        else:
            for result in self.use_entries(sitemap, response.url):
                yield result
        if sitemap.truncated:
            what = "sitemaps" if sitemap.is_index else "URLs"
            logger.warning(
                "Sitemap %s lists more than %d %s, the sitemaps protocol's limit: the rest is not read",
                response.url,
                MAX_SITEMAP_URLS,
                what,
            )
            self.crawler.stats.inc_value("web2md/sitemap_truncated_count")
            self.truncated_sitemaps.append(response.url)

    async def read(self, response: Response) -> SitemapReader | Sitemap:
        """The sitemap in a response, to read as a stream; an RSS or Atom feed counts too (sitemaps.org allows
        them). A feed is parsed whole, in a conversion worker under the extraction deadline (`WorkerTimeout`)."""
        body = gunzip_sitemap(response.body, self.max_size)
        try:
            return read_sitemap(body, response.url, max_size=self.max_size)
        except UnsafeXMLError:
            raise
        except ValueError as exc:
            not_sitemap = exc
        answer = await self.converter.run(read_feed, body, response.url, MAX_SITEMAP_URLS)
        if "feed" not in answer:
            raise not_sitemap
        feed = answer["feed"]
        entries = tuple(SitemapEntry(e.link, e.updated or e.published) for e in feed.entries if e.link)
        return Sitemap("feed", entries)

    def follow_index(self, sitemap: SitemapReader | Sitemap, response: Response) -> None:
        """Queue the sitemaps an index lists; `next_sitemaps` requests them as earlier ones are read."""
        depth = response.meta.get(META_DEPTH, 0) + 1
        if depth > self.max_depth:
            logger.warning("Sitemap indexes nested deeper than %d, not following: %s", self.max_depth, response.url)
            self.crawler.stats.inc_value("web2md/sitemap_too_deep_count")
            return
        threshold = to_datetime(self.since) if self.since else None
        for entry in sitemap:
            modified = to_datetime(entry.lastmod)
            if threshold is not None and modified is not None and modified < threshold:
                logger.debug("Sitemap unchanged since %s, skipped: %s", self.since, entry.url)
                continue
            if entry.url in self.sitemaps_seen:
                continue
            if len(self.sitemaps_seen) >= MAX_SITEMAP_URLS:  # as many as one index may list, for the whole crawl
                logger.warning(
                    "More than %d sitemaps: the others %s lists are not read", MAX_SITEMAP_URLS, response.url
                )
                self.crawler.stats.inc_value("web2md/sitemap_truncated_count")
                self.truncated_sitemaps.append(response.url)
                return
            self.sitemaps_seen.add(entry.url)
            self.listed.append((entry.url, response.meta[META_SITE], depth))

    def use_entries(self, entries: Iterable[SitemapEntry], sitemap_url: str) -> Iterator[Any]:
        for entry in select_entries(entries, since=self.since, exclude=self.blacklisted):
            if entry.url in self.urls_seen:
                continue
            if self.full():  # the rest of this sitemap is not read
                self.crawler.stats.inc_value("web2md/max_pages_skipped")
                return
            self.urls_seen.add(entry.url)
            if self.list_only:
                self.crawler.stats.inc_value("web2md/sitemap_entry_count")
                yield self.entry_item(entry, sitemap_url)
            else:
                yield Request(entry.url, callback=self.parse, errback=self.on_error)

    def entry_item(self, entry: SitemapEntry, sitemap_url: str) -> SitemapEntryItem:
        item = SitemapEntryItem(url=entry.url, sitemap=sitemap_url)
        data = entry.to_dict()
        for name in ("lastmod", "alternates"):
            if name in data:
                item[name] = data[name]
        return item

    def blacklisted(self, url: str) -> bool:
        rule = self.blacklist.match(url)
        if rule is None:
            return False
        logger.debug("Blacklisted (%s), left out of the sitemap: %s", rule, url)
        self.crawler.stats.inc_value("web2md/blacklisted")
        return True

    def reject(self, response: Response, reason: str, quiet: bool, cause: str = "invalid_sitemap") -> None:
        """A sitemap that cannot be used; `cause` is the ``web2md/failed/<reason>`` stat it is counted under."""
        if quiet:  # a guessed location answered with something else (often a soft 404 page)
            logger.debug("No sitemap at %s: %s", response.url, reason)
            return
        logger.warning("Ignoring invalid sitemap %s: %s", response.url, reason)
        record_failure(self.crawler.stats, response.url, cause, log=False)  # logged just above
        self.failures.append(
            {
                "url": response.url,
                "final_url": response.url,
                "status": response.status,
                "reason": f"invalid sitemap: {reason}",
            }
        )

    def sitemap_failed(self, failure: Failure) -> Iterator[Request]:
        if failure.request.meta.get(META_QUIET):
            logger.debug("No sitemap at %s: %s", failure.request.url, failure.value)
        else:
            self.on_error(failure)
        yield from self.read_one(failure.request)

    # -- pages ---------------------------------------------------------
    def parse(self, response: Response, **kwargs: Any) -> Any:
        yield self.page_item(response)

    def closed(self, reason: str) -> None:
        if reason != "finished":  # stopped early: an unread sitemap is not a missing one
            return
        reported = {failure["url"] for failure in self.failures}
        for site in self.sites:
            if not self.found[site] and site not in reported:
                logger.error("No sitemap found for %s", site)
                record_failure(self.crawler.stats, site, "no_sitemap", log=False)  # logged just above
                self.failures.append({"url": site, "status": None, "reason": "no sitemap found"})
