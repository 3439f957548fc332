"""The `sitemap` spider: find a site's sitemaps (robots.txt, /sitemap.xml), follow indexes, then list or crawl the URLs.

Parsing is the core's (`web2md.extract.documents.sitemaps`); this module only decides
what to request next.
"""

from __future__ import annotations

import logging
import struct
import zlib
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from typing import Any

from scrapy import Request
from scrapy.http import Response
from scrapy.utils.gz import gunzip
from twisted.python.failure import Failure

from web2md.blacklist.middleware import load_blacklist
from web2md.extract.documents.feeds import FeedError, parse_feed
from web2md.extract.documents.safexml import UnsafeXMLError
from web2md.extract.documents.sitemaps import (
    MAX_SITEMAP_SIZE,
    Sitemap,
    SitemapEntry,
    discovery_urls,
    is_gzip,
    looks_like_sitemap_url,
    parse_sitemap,
    select_entries,
    sitemap_urls_from_robots,
)
from web2md.extract.meta.isodate import to_datetime
from web2md.failures import HOST_UNREACHABLE, classify
from web2md.items import SitemapEntryItem
from web2md.middlewares import META_EXPLICIT, META_QUIET
from web2md.middlewares.limits import record_failure
from web2md.middlewares.netguard import AddressRefused
from web2md.spiders.base import Web2mdSpider, count_argument, parse_bool

logger = logging.getLogger(__name__)

DEFAULT_MAX_PAGES = 1000  # pages fetched when crawling; a listing has no default bound
DEFAULT_MAX_DEPTH = 5  # sitemap indexes are not supposed to nest at all

META_SITE = "web2md_site"
META_DEPTH = "web2md_sitemap_depth"


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
    `SitemapEntryItem` (url, lastmod, alternates) and nothing else is fetched;
    otherwise the URLs are crawled into `PageItem`s, at most ``max_pages``
    (default 1000). ``since`` keeps entries whose lastmod is that date or
    later. Blacklisted URLs are left out either way.
    """

    name = "sitemap"
    extra_arguments = ("list",)

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
            self.max_pages = None if self.list_only else DEFAULT_MAX_PAGES
        else:
            self.max_pages = count_argument("max_pages", max_pages)
        self.max_depth = count_argument("max_depth", max_depth)
        self.sitemaps_seen: set[str] = set()
        self.urls_seen: set[str] = set()
        self.found: Counter[str] = Counter()  # sitemaps read per start URL
        self.sites: list[str] = []

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any):
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.blacklist = load_blacklist(crawler.settings)
        spider.max_size = crawler.settings.getint("DOWNLOAD_MAXSIZE") or MAX_SITEMAP_SIZE
        return spider

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

    # -- discovery -----------------------------------------------------
    def parse_robots(self, response: Response) -> Iterator[Request]:
        listed = sitemap_urls_from_robots(response.body, response.url)
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
    def parse_sitemap(self, response: Response) -> Iterator[Any]:
        site = response.meta[META_SITE]
        quiet = bool(response.meta.get(META_QUIET))
        try:
            sitemap = self.read(response)
        except UnsafeXMLError as exc:
            self.reject(response, f"refused: {exc}", quiet=False, cause="unsafe_sitemap")
            return
        except ValueError as exc:
            self.reject(response, str(exc), quiet=quiet)
            return
        self.found[site] += 1
        self.crawler.stats.inc_value("web2md/sitemap_count")
        if sitemap.is_index:
            yield from self.follow_index(sitemap, response)
        else:
            yield from self.use_entries(sitemap.entries, response.url)

    def read(self, response: Response) -> Sitemap:
        """The sitemap in a response; an RSS or Atom feed counts too (sitemaps.org allows them)."""
        body = gunzip_sitemap(response.body, self.max_size)
        try:
            return parse_sitemap(body, response.url, max_size=self.max_size)
        except UnsafeXMLError:
            raise
        except ValueError as exc:
            try:
                feed = parse_feed(body, response.url)
            except FeedError:
                raise exc from None
        entries = tuple(SitemapEntry(e.link, e.updated or e.published) for e in feed.entries if e.link)
        return Sitemap("feed", entries)

    def follow_index(self, sitemap: Sitemap, response: Response) -> Iterator[Request]:
        depth = response.meta.get(META_DEPTH, 0) + 1
        if depth > self.max_depth:
            logger.warning("Sitemap indexes nested deeper than %d, not following: %s", self.max_depth, response.url)
            self.crawler.stats.inc_value("web2md/sitemap_too_deep_count")
            return
        threshold = to_datetime(self.since) if self.since else None
        for entry in sitemap.entries:
            modified = to_datetime(entry.lastmod)
            if threshold is not None and modified is not None and modified < threshold:
                logger.debug("Sitemap unchanged since %s, skipped: %s", self.since, entry.url)
                continue
            request = self.sitemap_request(entry.url, site=response.meta[META_SITE], depth=depth)
            if request is not None:
                yield request

    def use_entries(self, entries: tuple[SitemapEntry, ...], sitemap_url: str) -> Iterator[Any]:
        for entry in select_entries(entries, since=self.since, exclude=self.blacklisted):
            if entry.url in self.urls_seen:
                continue
            if self.max_pages is not None and len(self.urls_seen) >= self.max_pages:
                self.crawler.stats.inc_value("web2md/max_pages_skipped")
                continue
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

    def sitemap_failed(self, failure: Failure) -> None:
        if failure.request.meta.get(META_QUIET):
            logger.debug("No sitemap at %s: %s", failure.request.url, failure.value)
            return
        self.on_error(failure)

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
