"""Obey robots.txt (Protego) with one shared fetch per origin and Crawl-delay.

Replaces ``scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware``, whose
single shared Deferred hands the parser to the first two requests waiting for
a new host and lets the third and later ones through unchecked.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from protego import Protego
from scrapy import Request, signals
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http.request import NO_CALLBACK
from scrapy.robotstxt import decode_robotstxt
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy.utils.httpobj import urlparse_cached
from scrapy.utils.python import to_unicode
from twisted.internet.defer import Deferred

from web2md.middlewares import META_CRAWL_DELAY, META_EXPLICIT, META_QUIET

if TYPE_CHECKING:
    from typing import Self

    from scrapy.core.downloader import Slot
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)
#: The most of a robots.txt that is read: what RFC 9309 asks every crawler to parse (500 KiB).
ROBOTS_MAX_BYTES = 500 * 1024


def robots_head(body: bytes) -> bytes:
    """What of a robots.txt is read: its lines within `ROBOTS_MAX_BYTES`. RFC 9309 2.5: a parser must read at least
    500 KiB, and may ignore the rest; read whole, a robots.txt of tens of megabytes takes gigabytes of rules."""
    if len(body) <= ROBOTS_MAX_BYTES:
        return body
    return body[: body.rfind(b"\n", 0, ROBOTS_MAX_BYTES) + 1 or ROBOTS_MAX_BYTES]


class RobotsForbidden(IgnoreRequest):
    """A request refused by robots.txt; ``reason`` says which rule applied."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"Forbidden by robots.txt ({reason}): {url}")
        self.url = url
        self.reason = reason


@dataclass(frozen=True)
class RobotsPolicy:
    """What an origin's robots.txt allows: a parsed file, allow-all or deny-all."""

    parser: Protego | None = None
    deny_all: bool = False
    status: int | None = None

    def allowed(self, url: str, useragent: str) -> bool:
        if self.deny_all:
            return False
        return self.parser is None or self.parser.can_fetch(url, useragent)

    def crawl_delay(self, useragent: str) -> float:
        if self.parser is None:
            return 0.0
        delay = self.parser.crawl_delay(useragent)
        return float(delay) if delay else 0.0


ALLOW_ALL = RobotsPolicy()


class RobotsTxtMiddleware:
    """Downloader middleware enforcing robots.txt; ``ROBOTSTXT_OBEY`` turns it on.

    Settings: ``ROBOTSTXT_USER_AGENT`` (else the request's User-Agent),
    ``WEB2MD_ROBOTS_TIMEOUT`` (seconds for the robots.txt fetch, default the
    smaller of 10 and ``DOWNLOAD_TIMEOUT``), ``WEB2MD_ROBOTS_MAX_DELAY`` (cap on
    an honoured Crawl-delay, default 60 s).
    """

    DOWNLOAD_PRIORITY: int = 1000

    def __init__(self, crawler: Crawler) -> None:
        settings = crawler.settings
        if not settings.getbool("ROBOTSTXT_OBEY"):
            raise NotConfigured
        self.crawler = crawler
        self.stats = crawler.stats
        self._useragent: str | None = settings.get("ROBOTSTXT_USER_AGENT") or None
        self._default_useragent: str = settings.get("USER_AGENT") or ""
        self._timeout: float = settings.getfloat("WEB2MD_ROBOTS_TIMEOUT") or min(
            10.0, settings.getfloat("DOWNLOAD_TIMEOUT") or 10.0
        )
        self._max_delay: float = settings.getfloat("WEB2MD_ROBOTS_MAX_DELAY", 60.0)
        self._min_delay: float = settings.getfloat("DOWNLOAD_DELAY")
        # a distributed crawl keeps each host's delay in Redis (web2md.distributed.hostslots), not in local slots
        self._local_slots = not settings.get("WEB2MD_REDIS_URL")
        self._policies: dict[str, RobotsPolicy] = {}
        # One list of Deferreds per origin being fetched: each waiter gets its
        # own Deferred, so every one of them receives the policy.
        self._waiters: dict[str, list[Deferred[RobotsPolicy]]] = {}
        self._slot_delays: dict[str, float] = {}
        # hosts whose delay was announced (`_announce_delay`)
        self._announced: set[str] = set()
        crawler.signals.connect(self._response_downloaded, signal=signals.response_downloaded)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    async def process_request(self, request: Request) -> None:
        if request.meta.get("dont_obey_robotstxt"):
            return
        parts = urlparse_cached(request)
        if parts.scheme not in ("http", "https") or parts.path == "/robots.txt":
            return
        policy = await self.policy_for(f"{parts.scheme}://{parts.netloc}")
        useragent = self._useragent_for(request)
        refusal = self.refusal(policy, request.url, useragent)
        if refusal is not None:
            raise refusal
        delay = policy.crawl_delay(useragent)
        if parts.netloc not in self._announced:
            self._announced.add(parts.netloc)
            self._announce_delay(parts.netloc, delay)
        if delay:
            self._apply_crawl_delay(request, delay)

    def _announce_delay(self, host: str, crawl_delay: float) -> None:
        """Say once per host which delay between its requests applies and why: a Crawl-delay can slow a crawl
        many times over, and nothing else would tell."""
        crawl_delay = min(crawl_delay, self._max_delay)
        if crawl_delay > self._min_delay:
            applies, why = crawl_delay, f"robots.txt Crawl-delay {crawl_delay:g} s"
        elif self._min_delay:
            applies, why = self._min_delay, "the delay argument (DOWNLOAD_DELAY)"
            if crawl_delay:
                why += f", longer than robots.txt's Crawl-delay {crawl_delay:g} s"
        else:
            return
        logger.info("Requests to %s wait %g s between them: %s", host, applies, why)
        progress = self.crawler.settings.get("WEB2MD_PROGRESS")  # a command-line crawl's progress line
        if hasattr(progress, "note"):
            progress.note(f"{host}: {applies:g} s between requests ({why.split(' (')[0]})")

    def process_response(self, request: Request, response: Response) -> Response:
        # A robots.txt the spider fetched itself (sitemap discovery) saves the
        # origin a second fetch, unless ours is already on its way.
        parts = urlparse_cached(request)
        if parts.path == "/robots.txt" and not request.meta.get(META_QUIET):
            origin = f"{parts.scheme}://{parts.netloc}"
            if origin not in self._policies and origin not in self._waiters:
                self._policies[origin] = self._policy_from(response)
        return response

    # -- robots.txt, fetched once per origin ------------------------------
    def cached_policy(self, origin: str) -> RobotsPolicy | None:
        """The policy of `origin` (``scheme://host[:port]``) if already fetched."""
        return self._policies.get(origin)

    async def policy_for(self, origin: str) -> RobotsPolicy:
        """The robots.txt policy of `origin`, fetching it on first use."""
        policy = self._policies.get(origin)
        if policy is not None:
            return policy
        waiters = self._waiters.get(origin)
        if waiters is not None:
            waiter: Deferred[RobotsPolicy] = Deferred()
            waiters.append(waiter)
            return await maybe_deferred_to_future(waiter)
        self._waiters[origin] = []
        policy = ALLOW_ALL
        try:
            policy = await self._fetch(origin)
        finally:
            self._policies[origin] = policy
            for waiter in self._waiters.pop(origin):
                waiter.callback(policy)
        return policy

    async def _fetch(self, origin: str) -> RobotsPolicy:
        url = f"{origin}/robots.txt"
        request = Request(
            url,
            priority=self.DOWNLOAD_PRIORITY,
            dont_filter=True,
            callback=NO_CALLBACK,
            meta={
                "dont_obey_robotstxt": True,
                META_EXPLICIT: True,
                META_QUIET: True,
                "download_timeout": self._timeout,
            },
        )
        self.stats.inc_value("robotstxt/request_count")
        try:
            response: Response = await self.crawler.engine.download_async(request)
        except Exception as exc:
            self.stats.inc_value(f"robotstxt/exception_count/{type(exc).__name__}")
            logger.info("Could not fetch %s (%s): allowing all", url, exc or type(exc).__name__)
            return ALLOW_ALL
        return self._policy_from(response)

    def _policy_from(self, response: Response) -> RobotsPolicy:
        url, status = response.url, response.status
        self.stats.inc_value("robotstxt/response_count")
        self.stats.inc_value(f"robotstxt/response_status_count/{status}")
        if status in (401, 403):
            logger.info("%s answered HTTP %d: disallowing the whole origin", url, status)
            return RobotsPolicy(deny_all=True, status=status)
        if status >= 300:
            # 404 and other client errors mean "no robots.txt"; server errors
            # are read as unreadable, which docs/design.md#politeness also treats as allow-all.
            logger.debug("%s answered HTTP %d: allowing all", url, status)
            return RobotsPolicy(status=status)
        body = robots_head(response.body)
        if len(body) < len(response.body):
            logger.info("%s is %d bytes: its first %d read (RFC 9309)", url, len(response.body), len(body))
            self.stats.inc_value("robotstxt/truncated_count")
        try:
            parser = Protego.parse(decode_robotstxt(body, self.crawler.spider))
        except Exception as exc:
            logger.warning("Could not parse %s (%s): allowing all", url, exc)
            return RobotsPolicy(status=status)
        return RobotsPolicy(parser=parser, status=status)

    def refusal(self, policy: RobotsPolicy, url: str, useragent: str) -> RobotsForbidden | None:
        """Whether `policy` forbids `url` to `useragent`: the refusal, logged and counted, or None."""
        if policy.allowed(url, useragent):
            return None
        if policy.deny_all:
            reason = f"robots.txt answered HTTP {policy.status}"
        else:
            reason = f"disallowed for user agent {useragent!r}"
        logger.info("Forbidden by robots.txt (%s): %s", reason, url)
        self.stats.inc_value("robotstxt/forbidden")
        return RobotsForbidden(url, reason)

    async def refusal_of(self, url: str) -> RobotsForbidden | None:
        """`refusal` for a URL that is not requested (a dry run's listed page), under the crawl's user agent."""
        parts = urlsplit(url)
        policy = await self.policy_for(f"{parts.scheme}://{parts.netloc}")
        return self.refusal(policy, url, self._useragent_for(Request(url)))

    def _useragent_for(self, request: Request) -> str:
        if self._useragent:
            return self._useragent
        return to_unicode(request.headers.get(b"User-Agent") or self._default_useragent)

    # -- Crawl-delay through the downloader's slots ----------------------
    def _apply_crawl_delay(self, request: Request, delay: float) -> None:
        if delay > self._max_delay:
            logger.warning(
                "Crawl-delay of %s s for %s capped at WEB2MD_ROBOTS_MAX_DELAY (%s s)",
                delay,
                request.url,
                self._max_delay,
            )
            delay = self._max_delay
        floor = max(delay, self._min_delay)
        request.meta[META_CRAWL_DELAY] = floor
        if not self._local_slots:
            return
        downloader = self.crawler.engine.downloader
        key = downloader.get_slot_key(request)
        if self._slot_delays.get(key, 0.0) < floor:
            self._slot_delays[key] = floor
            logger.debug("Crawl-delay %s s applies to download slot %r (%s)", floor, key, request.url)
            # A slot created later (or re-created after garbage collection)
            # starts from DOWNLOAD_SLOTS-style per-slot settings.
            slot_settings = downloader.per_slot_settings.setdefault(key, {})
            slot_settings["delay"] = max(floor, float(slot_settings.get("delay", 0.0)))
            slot_settings["jitter"] = 0.0
        slot = downloader.slots.get(key)
        if slot is not None:
            self._enforce(slot, self._slot_delays[key])

    @staticmethod
    def _enforce(slot: Slot, floor: float) -> None:
        # Crawl-delay is a minimum: no random jitter below it.
        if slot.delay < floor:
            slot.delay = floor
        slot.jitter = 0.0

    def _response_downloaded(self, response: Response, request: Request, spider: object) -> None:
        # AutoThrottle adjusts slot.delay in the same signal; connected after
        # it (extensions are built before the downloader), this restores the floor.
        key = request.meta.get("download_slot")
        floor = self._slot_delays.get(key) if key is not None and self._local_slots else None
        if floor:
            slot = self.crawler.engine.downloader.slots.get(key)
            if slot is not None:
                self._enforce(slot, floor)
