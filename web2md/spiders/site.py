"""The `site` spider: breadth-first crawl of one site from a start URL, up to ``depth`` link hops, within a `Scope`."""

from __future__ import annotations

import logging
import sys
from collections.abc import AsyncIterator, Iterator
from typing import Any

from scrapy import Request, signals
from scrapy.exceptions import DontCloseSpider
from scrapy.http import Response
from scrapy.utils.defer import deferred_from_coro
from twisted.python.failure import Failure

from web2md.conversion.converter import Converter, robots_directives
from web2md.extract.documents.sitemaps import SitemapEntry, select_entries
from web2md.incremental import META_UNCHANGED, page_links_read
from web2md.middlewares import META_EXPLICIT
from web2md.middlewares.robots import RobotsForbidden, RobotsTxtMiddleware
from web2md.scope import Scope, patterns
from web2md.spiders import PLANNED_STATE_KEY
from web2md.spiders.base import count_argument, parse_bool
from web2md.spiders.sitemap import SitemapSpider

logger = logging.getLogger(__name__)


DEFAULT_DEPTH = 1
DEFAULT_MAX_PAGES = 1000
#: The spider state's links found but not admitted yet (`SiteSpider.frontier`), kept across a JOBDIR pause.
FRONTIER_STATE_KEY = "web2md/frontier"
#: At most how many links not followed a crawl keeps with their reason (for the run report); the others are counted.
SKIPPED_LIMIT = 1000
#: A page's rank among the pages of its depth, in admission order: the first key of its links' canonical order.
META_RANK = "web2md_rank"


class Plan:
    """The pages a crawl requests (lists, in a dry run): URL key -> the fewest link hops it was found at, and the
    URL requested when it is not its key (with ``query=keep``, the URL usually is its key, so an entry is one
    string and a small int). A crawl's shared plan (`web2md.distributed.scheduler.SharedPlan`) has the same methods."""

    def __init__(self) -> None:
        self.entries: dict[str, int | tuple[int, str]] = {}

    @classmethod
    def from_state(cls, saved: Any) -> Any:
        """The plan a JOBDIR's spider state saved; a job paused by an earlier web2md saved a dict of
        URL key -> (hops, URL), which resumes as the same plan."""
        if not isinstance(saved, dict):
            return saved
        plan = cls()
        plan.entries = {key: hops if url == key else (hops, url) for key, (hops, url) in saved.items()}
        return plan

    def plan(self, key: str, hops: int, url: str, budget: int) -> bool | None:
        """True for a page planned now, False for one planned before (its hops lowered when found closer now),
        None when `budget` pages are planned."""
        known = self.entries.get(key)
        if known is not None:
            if isinstance(known, int):
                if hops < known:
                    self.entries[key] = hops
            elif hops < known[0]:
                self.entries[key] = (hops, known[1])
            return False
        if len(self.entries) >= budget:
            return None
        self.entries[key] = hops if url == key else (hops, url)
        return True

    def hops(self, key: str) -> int | None:
        """The fewest link hops the page of `key` was found at; None for a page not planned."""
        known = self.entries.get(key)
        return known if known is None or isinstance(known, int) else known[0]

    def urls(self) -> list[str]:
        """The URLs planned, breadth first: fewest hops, then URL."""
        return [
            url
            for _hops, url in sorted(
                (known, key) if isinstance(known, int) else known for key, known in self.entries.items()
            )
        ]

    def __len__(self) -> int:
        return len(self.entries)


class SiteSpider(SitemapSpider):
    """``scrapy crawl site -a url=URL -a depth=2 -a max_pages=500``.

    Follows ``<a href>`` links on the same host and port as a start URL (or as
    the page a start URL redirected to), breadth first; ``depth=0`` fetches the
    start page only. Links marked ``rel=nofollow`` everywhere they occur, and
    links that are not http(s), are not followed; fragments are stripped by
    `extract_links` (run by the worker that converts the page). At most
    ``max_pages`` pages are requested, and the same ones whatever the
    concurrency: the links found on the pages of one depth are requested once
    every page of that depth is done, in a canonical order (their pages' order,
    then their order on the page) until the budget is spent (`admit_level`). A
    distributed crawl (`web2md.distributed.scheduler.SharedPlan`) requests links
    as they are found, first come first served. Blacklisted links are not followed; a
    page whose robots meta tag (or X-Robots-Tag header) says nofollow has its
    links ignored, noindex keeps it out of the export; ``ignore_robots`` lifts
    nofollow and noindex.

    Scope (`web2md.scope.Scope`): ``allow``/``deny`` (regular expressions),
    ``prefix=1``, ``subdomains=1``, ``query=drop``; each refused link is counted
    as ``web2md/scope/<reason>``. ``sitemap=1`` also starts from the URLs of the
    site's sitemaps (found and read as the `sitemap` spider does, whose
    machinery this spider inherits), at depth 0. ``dry_run=1`` fetches only
    the pages whose links it needs and prints the URLs a crawl would fetch, in
    breadth-first order, instead of exporting pages. ``bundle=1`` makes
    `web2md.pipelines.bundle` write ``llms.txt`` and ``llms-full.txt`` per host.
    """

    name = "site"
    extra_arguments = ()  # not the sitemap spider's list=1: a site crawl fetches the pages
    converter: Converter  # the crawl's, set when the spider opens

    def __init__(
        self,
        depth: int | str = DEFAULT_DEPTH,
        max_pages: int | str = DEFAULT_MAX_PAGES,
        allow: Any = None,
        deny: Any = None,
        prefix: Any = False,
        subdomains: Any = False,
        sitemap: Any = False,
        query: str = "keep",
        dry_run: Any = False,
        bundle: Any = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(max_pages=count_argument("max_pages", max_pages), **kwargs)
        self.depth = count_argument("depth", depth)
        self.scope = Scope(
            patterns("allow", allow),
            patterns("deny", deny),
            parse_bool("prefix", prefix),
            parse_bool("subdomains", subdomains),
            query,
        )
        self.seed_from_sitemaps = parse_bool("sitemap", sitemap)
        self.dry_run = parse_bool("dry_run", dry_run)
        self.bundle = parse_bool("bundle", bundle)
        # every URL requested (or, in a dry run, listed)
        self.planned: Plan = Plan()
        # links found and not requested yet: URL key -> (hops, the rank of the page found on, index on it, URL)
        self.frontier: dict[str, tuple[int, int, int, str]] = {}
        # False with a shared plan, whose processes cannot tell when a depth is done everywhere
        self.levelled = True
        self.checking = False  # a dry run's `check_listed` started by `admit_level` is running
        # links not followed (scope, blacklist, max_pages): URL -> why, the first SKIPPED_LIMIT; how many more
        self.skipped: dict[str, str] = {}
        self.skipped_more = 0
        # a dry run's listed pages that are not fetched, until robots.txt is asked about them (`check_listed`)
        self.unchecked: list[str] = []
        # a dry run's listed pages robots.txt forbids: URL -> why; left out of `planned_urls`
        self.forbidden: dict[str, str] = {}
        # Scrapy's OffsiteMiddleware reads this on every request, so a link that
        # redirects to another host is dropped before it is fetched.
        self.allowed_domains: list[str] = []

    def page_bound(self) -> int | None:
        return len(self.start_urls) if self.depth == 0 else self.max_pages

    async def start(self) -> AsyncIterator[Any]:
        state = getattr(self, "state", None)  # with a JOBDIR, Scrapy's SpiderState keeps it across a pause
        if isinstance(state, dict):
            # what was planned before the pause still counts against max_pages, and is not planned again
            self.planned = state[PLANNED_STATE_KEY] = Plan.from_state(state.get(PLANNED_STATE_KEY, self.planned))
            self.frontier = state.setdefault(FRONTIER_STATE_KEY, self.frontier)
        self.levelled = isinstance(self.planned, Plan)
        for rank, url in enumerate(self.valid_start_urls()):
            self.add_start(url)
            request = self.follow_request(url, hops=0)
            if request is not None:
                request.meta[META_RANK] = rank
                # a start URL may redirect anywhere (a site that moved); the target becomes the site
                request.meta["allow_offsite"] = True
                request.meta[META_EXPLICIT] = True
                yield request
            await self.check_listed()
            if self.seed_from_sitemaps:
                self.sites.append(url)
                yield self.discovery_request(url)

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any):
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.obey_robots = crawler.settings.getbool("ROBOTSTXT_OBEY")
        crawler.signals.connect(spider.admit_level, signal=signals.spider_idle)
        return spider

    def add_start(self, url: str) -> None:
        self.scope.add_start(url)
        # OffsiteMiddleware lets subdomains of an allowed domain through too
        hosts = self.scope.domains if self.scope.subdomains else {host for host, _port in self.scope.origins}
        for host in sorted(hosts):
            if host not in self.allowed_domains:
                self.allowed_domains.append(host)

    def use_entries(self, entries: tuple[SitemapEntry, ...], sitemap_url: str) -> Iterator[Request]:
        """Sitemap URLs in scope start the crawl at depth 0, like the start URL."""
        for entry in select_entries(entries, since=self.since, exclude=self.blacklisted):
            request = self.link_request(entry.url, hops=0)
            if request is not None:
                request.meta[META_RANK] = len(self.planned)  # after the start URLs, in the sitemaps' order
                request.meta["depth_reset"] = True  # Scrapy's depth is the link hops: 0, not robots -> sitemap -> URL
                yield request

    async def parse_sitemap(self, response: Response) -> AsyncIterator[Any]:
        async for result in super().parse_sitemap(response):
            yield result
        await self.check_listed()  # a dry run at depth 0 lists the sitemap's URLs without fetching them

    def link_request(self, url: str, hops: int) -> Request | None:
        """A request for a link found ``hops`` hops from a start URL, unless out of scope or blacklisted."""
        return self.follow_request(url, hops) if self.followable(url) else None

    def followable(self, url: str) -> bool:
        """False (counted and noted) for a link out of scope or blacklisted."""
        reason = self.scope.refusal(url)
        if reason is not None:
            logger.debug("Not following %s: out of scope (%s)", url, reason)
            self.crawler.stats.inc_value(f"web2md/scope/{reason}")
            self.note_skipped(url, f"scope: {reason}")
            return False
        rule = self.blacklist.match(url)
        if rule is not None:
            logger.debug("Not following blacklisted link (%s): %s", rule, url)
            self.crawler.stats.inc_value("web2md/blacklisted")
            self.note_skipped(url, f"blacklist: {rule}")
            return False
        return True

    def note_skipped(self, url: str, reason: str) -> None:
        """Keep a link not followed, once per URL, for the run report (`web2md.extensions.report`): the first
        `SKIPPED_LIMIT` URLs, then only how many more."""
        if url in self.skipped:
            return
        if len(self.skipped) < SKIPPED_LIMIT:
            self.skipped[url] = reason
        else:
            self.skipped_more += 1

    def find_link(self, url: str, hops: int, rank: int, index: int) -> None:
        """Keep a followable link found on a page of ``hops - 1`` hops (of `rank` among them, the `index`-th link
        on it) in the frontier, unless planned already; the earliest place it was found is what counts."""
        if not self.followable(url):
            return
        url = self.scope.request_url(url)
        key = self.scope.key(url)
        if self.planned.hops(key) is not None:
            return  # planned at fewer hops (a depth is admitted only once the one before is done)
        entry = (hops, rank, index, url)
        known = self.frontier.get(key)
        if known is None or entry < known:
            self.frontier[key] = entry

    def admit_level(self) -> None:
        """When the crawl is idle (every requested page done), request the frontier's links of the fewest hops in
        canonical order, until the page budget is spent: each depth takes the same pages in every run."""
        if self.checking:
            raise DontCloseSpider
        engine = self.crawler.engine
        while self.frontier:
            hops = min(entry[0] for entry in self.frontier.values())
            level = sorted(entry for entry in self.frontier.values() if entry[0] == hops)
            for key in [key for key, entry in self.frontier.items() if entry[0] == hops]:
                del self.frontier[key]
            admitted = False
            for rank, (_hops, _parent, _index, url) in enumerate(level):
                request = self.follow_request(url, hops)
                if request is not None:
                    # requests given to the engine skip the spider middlewares: DepthMiddleware sets no depth
                    request.meta.update({"depth": hops, META_RANK: rank})
                    engine.crawl(request)
                    admitted = True
            if self.unchecked:  # a dry run's last depth, listed without being fetched
                self.checking = True
                done = deferred_from_coro(self.check_listed())
                done.addBoth(self.checked)
                admitted = True
            if admitted:
                raise DontCloseSpider
        # nothing admitted (the budget is spent): the crawl closes now, not at the engine's next heartbeat

    def checked(self, result: Any) -> Any:
        self.checking = False
        slot = getattr(self.crawler.engine, "_slot", None)
        if slot is not None:  # ask the engine for idleness again now, not at its next heartbeat seconds later
            slot.nextcall.schedule()
        return result

    def follow_request(self, url: str, hops: int) -> Request | None:
        """A request for ``url`` unless it was already scheduled or the page budget is spent.

        A URL found again by a shorter path keeps the smaller hop count (what the
        bundle and the dry run order by, so their order does not depend on arrival).
        """
        url = self.scope.request_url(url)
        planned = self.planned.plan(self.scope.key(url), hops, url, self.max_pages)
        if planned is None:
            self.crawler.stats.inc_value("web2md/max_pages_skipped")
            self.note_skipped(url, "max_pages")
        if not planned:
            return None
        if self.dry_run and hops >= self.depth:
            # listed; its links would not be followed, so there is nothing to learn from fetching it
            self.unchecked.append(url)
            return None
        return Request(url, callback=self.parse, errback=self.on_error)

    async def parse(self, response: Response, **kwargs: Any) -> AsyncIterator[Any]:
        depth = response.meta.get("depth", 0)
        if response.meta.get(META_EXPLICIT):
            # a start URL that redirects (example.com -> www.example.com) makes the target its site
            self.add_start(response.url)
        elif not self.scope.on_site(response.url):
            # same host name, other port: a redirect OffsiteMiddleware cannot tell apart
            asked = (response.meta.get("redirect_urls") or [response.url])[0]
            logger.info("Not exporting %s: redirected off site to %s", asked, response.url)
            self.crawler.stats.inc_value("web2md/offsite_redirect_count")
            return
        known = response.meta.get(META_UNCHANGED)
        if response.status == 304 and known is not None:
            # unchanged since the last crawl (web2md.incremental): its links are the ones read from it then
            directives = set(known["directives"]) if self.obey_robots else set()
            for request in self.follow_links(response, known["links"], directives, depth):
                yield request
            return
        item = self.page_item(response)
        headers = tuple(v.decode("latin-1") for v in response.headers.getlist("X-Robots-Tag"))
        directives = robots_directives(headers, None) if self.obey_robots else set()
        links: list[dict[str, Any]] = []
        if item["html"]:
            # the page is parsed once, in a worker: it answers with the links and directives, and the page converted
            job = self.converter.job(
                item, links=depth < self.depth, robots=headers if self.obey_robots else None, convert=not self.dry_run
            )
            try:
                read = await self.converter.read(job)
            except Exception as exc:  # a crash, a timeout: the extraction pipeline counts the page as failed
                read = exc
            else:
                directives.update(read.get("directives", ()))
                links = read.get("links", [])
                if depth < self.depth:  # kept by an incremental crawl, for a 304 next time
                    self.crawler.signals.send_catch_log(
                        page_links_read, url=response.url, links=links, directives=sorted(directives)
                    )
            item["read"] = read
        stats = self.crawler.stats
        requests = self.follow_links(response, links, directives, depth) if item["html"] else []
        if self.dry_run:
            await self.check_listed()  # nothing is exported
        elif "noindex" in directives:
            logger.info("Not exporting %s: robots noindex", response.url)
            stats.inc_value("web2md/robots_noindex_count")
        else:
            yield item
        for request in requests:
            yield request

    def follow_links(
        self, response: Response, links: list[dict[str, Any]], directives: set[str], depth: int
    ) -> list[Request]:
        """Follow the links read from a page of `depth` hops, as its robots `directives` allow: into the frontier,
        or, with a shared plan, the requests made now."""
        if depth >= self.depth:
            return []
        if "nofollow" in directives:
            logger.debug("Not following the links of %s: robots nofollow", response.url)
            self.crawler.stats.inc_value("web2md/robots_nofollow_count")
        rank = response.meta.get(META_RANK, 0)
        requests = []
        for index, link in enumerate(links):
            if link.get("nofollow") and self.obey_robots:
                continue
            if self.levelled:
                self.find_link(link["url"], depth + 1, rank, index)
                continue
            request = self.link_request(link["url"], depth + 1)
            if request is not None:
                requests.append(request)
        return requests

    async def check_listed(self) -> None:
        """A dry run's listed pages that are not fetched, asked about as the robots.txt middleware asks about
        every request (one robots.txt fetch per origin): a forbidden one is recorded as a crawl would record it."""
        urls, self.unchecked = self.unchecked, []
        robots = self.robots_middleware()
        if robots is None:  # ignore_robots=1
            return
        for url in urls:
            refusal = await robots.refusal_of(url)
            if refusal is None:
                continue
            self.failures.append({"url": url, "final_url": url, "status": None, "reason": str(refusal)})
            self.forbidden[url] = str(refusal)

    def robots_middleware(self) -> RobotsTxtMiddleware | None:
        """The crawl's robots.txt middleware; None when robots.txt is not obeyed."""
        downloader = self.crawler.engine.downloader if self.crawler.engine else None
        middlewares = downloader.middleware.middlewares if downloader else ()
        return next((m for m in middlewares if isinstance(m, RobotsTxtMiddleware)), None)

    def on_error(self, failure: Failure) -> None:
        super().on_error(failure)
        if self.dry_run and isinstance(failure.value, RobotsForbidden):  # a page whose links were needed
            self.forbidden[failure.request.url] = str(failure.value)

    def planned_urls(self) -> list[str]:
        """The URLs requested (listed, in a dry run), breadth first: fewest hops, then URL. A dry run leaves out
        those robots.txt forbids (`forbidden`, also in `failures`): a crawl would not fetch them."""
        return [url for url in self.planned.urls() if url not in self.forbidden]

    def exported(self) -> int:
        if not self.dry_run:
            return super().exported()
        failed = {failure["url"] for failure in self.failures}
        return sum(url not in failed for url in self.planned_urls())  # a dry run's output is its list

    def closed(self, reason: str) -> None:
        if self.seed_from_sitemaps:
            for site in self.sites:
                if not self.found[site]:
                    logger.warning("No sitemap found for %s; crawling from its links only", site)
        if self.dry_run and not self.crawler.settings.getbool("WEB2MD_EMBEDDED"):
            # `scrapy crawl site -a dry_run=1`: the list is the output (web2md fetch and MCP read planned_urls())
            sys.stdout.write("".join(f"{url}\n" for url in self.planned_urls()))
            sys.stdout.flush()
