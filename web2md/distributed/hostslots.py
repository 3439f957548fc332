"""Per-host politeness shared by the processes of a distributed crawl (``WEB2MD_REDIS_URL``, `web2md.distributed.scheduler`).

Scrapy keeps a download slot per host in each process; several processes on
one host would each keep their own delay and concurrency. This middleware
keeps the slot in Redis: a request leaves for a host only when fewer than
``CONCURRENT_REQUESTS_PER_DOMAIN`` requests of any process are out there and the
host's delay (the greater of ``DOWNLOAD_DELAY`` and robots.txt's Crawl-delay, which
`web2md.middlewares.robots` hands on in the request's meta) has passed since the
last request of any process. It talks to Redis with ``redis.asyncio`` on the
reactor's loop, so a request waiting for Redis never holds up the others.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
from typing import TYPE_CHECKING

from scrapy import signals
from scrapy.exceptions import NotConfigured

from web2md.distributed.scheduler import connect_async, redis_url
from web2md.middlewares import META_CRAWL_DELAY

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Request
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

META_LEASE = "web2md_host_lease"

# Send now if the host has a free place among its requests in flight and its delay has passed since the last
# request of any process; then that place is taken and now is the host's last request. KEYS: the host's leases
# (a sorted set: token -> expiry), its last start time. ARGV: token, limit, delay (ms), lease (ms). Returns 0
# (go), the milliseconds until the delay has passed, or -1 when the host has no free place.
ACQUIRE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit, delay, lease = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if limit > 0 and redis.call('ZCARD', KEYS[1]) >= limit then return -1 end
local last = redis.call('GET', KEYS[2])
if last and tonumber(last) + delay > now then return tonumber(last) + delay - now end
redis.call('SET', KEYS[2], now, 'PX', 600000)
redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
redis.call('PEXPIRE', KEYS[1], lease)
return 0
"""

# How often a request waiting for a free place on its host asks again.
FULL_POLL = 0.05


class HostSlotMiddleware:
    """Downloader middleware, innermost: waits for the host's shared slot before a request goes out.

    Off unless ``WEB2MD_REDIS_URL`` is set. The slot is taken at the last moment before the request is sent, and
    this process's own download slot then adds no delay of its own (it would only make requests late, and a
    late request lands closer to the next one of another process). A place is held until the response (or the
    error) comes back, at most ``DOWNLOAD_TIMEOUT`` + 60 s, so a killed process does not hold a host for long.
    Keys: ``web2md:host:<slot>:leases`` and ``:last``, shared by every crawl on the Redis server.
    """

    def __init__(self, crawler: Crawler) -> None:
        url = redis_url(crawler.settings)
        if not url:
            raise NotConfigured  # a crawl on its own: Scrapy's slots do it
        settings = crawler.settings
        self.crawler = crawler
        self.client = connect_async(url)
        self.acquire = self.client.register_script(ACQUIRE)
        self.limit = settings.getint("CONCURRENT_REQUESTS_PER_DOMAIN")
        self.delay = settings.getfloat("DOWNLOAD_DELAY")
        self.slot_delays = {
            key: float(slot.get("delay", self.delay)) for key, slot in settings.getdict("DOWNLOAD_SLOTS").items()
        }
        self.lease_ms = int((settings.getfloat("DOWNLOAD_TIMEOUT") + 60) * 1000)
        self.tokens = (f"{os.getpid()}:{os.urandom(4).hex()}:{n}" for n in itertools.count())
        # one request per host and process asks Redis at a time; the others wait their turn here
        self.turns: dict[str, asyncio.Lock] = {}

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        middleware = cls(crawler)
        crawler.signals.connect(middleware.spider_closed, signal=signals.spider_closed)
        return middleware

    async def spider_closed(self) -> None:
        await self.client.aclose()

    def host_delay(self, key: str, request: Request) -> float:
        """``DOWNLOAD_DELAY`` (or the slot's in ``DOWNLOAD_SLOTS``), or the greater robots.txt Crawl-delay; and this
        process's own slot for the host is told to add none."""
        downloader = self.crawler.engine.downloader
        downloader.per_slot_settings.setdefault(key, {}).update(delay=0.0, jitter=0.0)
        slot = downloader.slots.get(key)
        if slot is not None:
            slot.delay, slot.jitter = 0.0, 0.0
        return max(self.slot_delays.get(key, self.delay), request.meta.get(META_CRAWL_DELAY, 0.0))

    async def process_request(self, request: Request) -> None:
        key = self.crawler.engine.downloader.get_slot_key(request)
        token = next(self.tokens)
        delay_ms = int(self.host_delay(key, request) * 1000)
        keys = [f"web2md:host:{key}:leases", f"web2md:host:{key}:last"]
        async with self.turns.setdefault(key, asyncio.Lock()):
            while wait_ms := await self.acquire(keys=keys, args=[token, self.limit, delay_ms, self.lease_ms]):
                logger.debug("Waiting for the shared slot of %s (%s)", key, request.url)
                await asyncio.sleep(FULL_POLL if wait_ms < 0 else wait_ms / 1000)
        request.meta[META_LEASE] = (keys[0], token)

    async def release(self, request: Request) -> None:
        lease = request.meta.pop(META_LEASE, None)
        if lease is not None:
            await self.client.zrem(*lease)

    async def process_response(self, request: Request, response: Response) -> Response:
        await self.release(request)
        return response

    async def process_exception(self, request: Request, exception: Exception) -> None:
        await self.release(request)
