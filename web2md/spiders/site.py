"""The `site` spider: breadth-first crawl of one site from a start URL, up to ``depth`` link hops."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import urlsplit

from scrapy import Request
from scrapy.http import Response
from w3lib.url import canonicalize_url

from web2md.extract import extract_links
from web2md.middlewares import META_EXPLICIT
from web2md.middlewares.blacklist import load_blacklist
from web2md.spiders.base import Web2mdSpider, count_argument

logger = logging.getLogger(__name__)

DEFAULT_DEPTH = 1
DEFAULT_MAX_PAGES = 1000
_DEFAULT_PORTS = {"http": 80, "https": 443}


def origin(url: str) -> tuple[str, int | None]:
    """``(host, port)`` of a URL, with the scheme's default port filled in."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    return (parts.hostname or "", port or _DEFAULT_PORTS.get(parts.scheme.lower()))


class SiteSpider(Web2mdSpider):
    """``scrapy crawl site -a url=URL -a depth=2 -a max_pages=500``.

    Follows ``<a href>`` links on the same host and port as a start URL (or as
    the page a start URL redirected to), breadth first; ``depth=0`` fetches the
    start page only. Links marked ``rel=nofollow`` everywhere they occur, and
    links that are not http(s), are not followed; fragments are stripped by
    `extract_links`. At most ``max_pages`` pages are requested. Blacklisted
    links are not followed; a page whose robots meta tag (or X-Robots-Tag
    header) says nofollow has its links ignored, noindex keeps it out of the
    export; ``ignore_robots`` lifts nofollow and noindex.
    """

    name = "site"

    def __init__(self, depth: int | str = DEFAULT_DEPTH, max_pages: int | str = DEFAULT_MAX_PAGES,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.depth = count_argument("depth", depth)
        self.max_pages = count_argument("max_pages", max_pages)
        self.origins: set[tuple[str, int | None]] = set()
        self.seen: set[str] = set()
        # Scrapy's OffsiteMiddleware reads this on every request, so a link that
        # redirects to another host is dropped before it is fetched.
        self.allowed_domains: list[str] = []

    def page_bound(self) -> int | None:
        return len(self.start_urls) if self.depth == 0 else self.max_pages

    async def start(self) -> AsyncIterator[Any]:
        for url in self.valid_start_urls():
            self.add_origin(url)
            request = self.follow_request(url)
            if request is not None:
                # a start URL may redirect anywhere (a site that moved); the target becomes the site
                request.meta["allow_offsite"] = True
                request.meta[META_EXPLICIT] = True
                yield request

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any):
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.blacklist = load_blacklist(crawler.settings)
        spider.obey_robots = crawler.settings.getbool("ROBOTSTXT_OBEY")
        return spider

    def add_origin(self, url: str) -> None:
        host_port = origin(url)
        self.origins.add(host_port)
        if host_port[0] not in self.allowed_domains:
            self.allowed_domains.append(host_port[0])

    def follow_request(self, url: str) -> Request | None:
        """A request for ``url`` unless it was already scheduled or the page budget is spent."""
        key = canonicalize_url(url)
        if key in self.seen:
            return None
        if len(self.seen) >= self.max_pages:
            self.crawler.stats.inc_value("web2md/max_pages_skipped")
            return None
        self.seen.add(key)
        return Request(url, callback=self.parse, errback=self.on_error)

    def parse(self, response: Response, **kwargs: Any) -> Iterator[Any]:
        depth = response.meta.get("depth", 0)
        if depth == 0:
            # a start URL that redirects (example.com -> www.example.com) makes the target its site
            self.add_origin(response.url)
        elif origin(response.url) not in self.origins:
            # same host name, other port: a redirect OffsiteMiddleware cannot tell apart
            asked = (response.meta.get("redirect_urls") or [response.url])[0]
            logger.info("Not exporting %s: redirected off site to %s", asked, response.url)
            self.crawler.stats.inc_value("web2md/offsite_redirect_count")
            return
        item, tree = self.page_item(response)
        directives = robots_directives(tree, response) if self.obey_robots else set()
        stats = self.crawler.stats
        # links first: the extraction pipeline may take the tree apart once it has the item
        requests = []
        if tree is not None and depth < self.depth:
            if "nofollow" in directives:
                logger.debug("Not following the links of %s: robots nofollow", response.url)
                stats.inc_value("web2md/robots_nofollow_count")
                links = []
            else:
                links = extract_links(tree, response.url)
            for link in links:
                if (link.get("nofollow") and self.obey_robots) or origin(link["url"]) not in self.origins:
                    continue
                rule = self.blacklist.match(link["url"])
                if rule is not None:
                    logger.debug("Not following blacklisted link (%s): %s", rule, link["url"])
                    stats.inc_value("web2md/blacklisted")
                    continue
                request = self.follow_request(link["url"])
                if request is not None:
                    requests.append(request)
        if "noindex" in directives:
            logger.info("Not exporting %s: robots noindex", response.url)
            stats.inc_value("web2md/robots_noindex_count")
        else:
            yield item
        yield from requests


def robots_directives(tree: Any, response: Response) -> set[str]:
    """``noindex``/``nofollow`` from ``<meta name=robots>`` and the X-Robots-Tag header."""
    values = [v.decode("latin-1") for v in response.headers.getlist("X-Robots-Tag")]
    if tree is not None:
        values += [meta.get("content") or "" for meta in tree.iter("meta")
                   if (meta.get("name") or "").strip().lower() == "robots"]
    directives: set[str] = set()
    for value in values:
        for part in value.lower().split(","):
            part = part.strip()
            if ":" in part:  # "otherbot: noindex" is for another bot
                continue
            directives.update(("noindex", "nofollow") if part == "none" else (part,))
    return directives & {"noindex", "nofollow"}
