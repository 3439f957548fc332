"""One crawl frontier shared by several processes through Redis (``-s WEB2MD_REDIS_URL=redis://HOST:PORT/DB``,
docs/design.md#operations).

With the setting, `Scheduler` keeps the request queue and the seen-request
fingerprints of a crawl in Redis, `SharedFingerprintIndex` the near-duplicate
fingerprints, and `web2md.distributed.hostslots` the per-host politeness state,
so any number of ``scrapy crawl`` processes on any number of machines crawl one
site together, each URL once. Without it `Scheduler` is Scrapy's own.

scrapy-redis (0.9.1) is not used: it feeds spiders through ``start_requests``
rather than Scrapy 2.19's async ``start()``, fingerprints requests its own way
(ignoring ``REQUEST_FINGERPRINTER``), keeps no per-host slot state, and lets the
first process to finish flush the frontier the others still work on.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import pickle
import socket
from typing import TYPE_CHECKING

from scrapy import signals
from scrapy.core.scheduler import BaseScheduler
from scrapy.core.scheduler import Scheduler as ScrapyScheduler
from scrapy.dupefilters import RFPDupeFilter
from scrapy.exceptions import DontCloseSpider
from scrapy.utils.request import request_from_dict
from twisted.internet import task

from web2md.extract.meta.simhash import bands
from web2md.middlewares import META_EXPLICIT
from web2md.spiders import PLANNED_STATE_KEY

if TYPE_CHECKING:
    from redis import Redis
    from redis.asyncio import Redis as AsyncRedis
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

logger = logging.getLogger(__name__)

# A process that took a request from the shared queue is "busy" until it has nothing left to do (no download, no
# page in its pipelines); its mark lasts BUSY_TTL seconds and is renewed every BUSY_TTL / 3 while it works, so a
# killed process holds the others up for BUSY_TTL at most.
BUSY_TTL = 30.0
BUSY_TTL_MS = int(BUSY_TTL * 1000)
# How often an idle process looks at the shared queue again while another process is still busy.
IDLE_POLL = 0.2

# Queue one request (`RedisScheduler.enqueue_request`), unless its fingerprint is in the seen set already (a
# request that is not filtered has an empty one): the check and the push in one step. A per-crawl counter makes
# members unique and keeps requests of one priority first in, first out. KEYS: seen fingerprints, queue, counter;
# ARGV: fingerprint, score, request. Returns 0 for a request seen before, else the new member's number.
ENQUEUE = """
if ARGV[1] ~= '' and redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
local n = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[2], ARGV[2], string.format('%016d', n) .. ARGV[3])
return n
"""

# Plan a page (`SharedPlan.plan`): KEYS: the planned pages; ARGV: URL key, link hops, entry, page budget. Returns
# {1} for a page planned now, {0, entry} for one planned before (its hops lowered if now found closer), {-1}
# when the budget is spent: look-up, budget and insertion in one step, so processes never plan past the budget.
PLAN = """
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if raw then
  local known = cjson.decode(raw)
  if tonumber(ARGV[2]) < known[1] then
    known[1] = tonumber(ARGV[2])
    raw = cjson.encode(known)
    redis.call('HSET', KEYS[1], ARGV[1], raw)
  end
  return {0, raw}
end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return {-1} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return {1}
"""

# Take the first request and, if there was one, mark this process busy until Redis's clock reaches its expiry: no
# process can see the queue empty and nobody busy while the request is on its way. KEYS: queue, busy marks, start
# redirects; ARGV: this process, mark lifetime (ms). Returns the request (or false) and the start redirects.
POP = """
local t = redis.call('TIME')
local popped = redis.call('ZPOPMIN', KEYS[1])
if popped[1] then
  redis.call('ZADD', KEYS[2], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[2]), ARGV[1])
end
return {popped[1] or false, redis.call('SMEMBERS', KEYS[3])}
"""

# Renew this process's busy mark (KEYS: busy marks; ARGV: this process, mark lifetime in ms).
RENEW = """
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[2]), ARGV[1])
"""

# Requests queued plus processes busy, marks expired by Redis's clock left out (KEYS: busy marks, queue).
OUTSTANDING = """
local t = redis.call('TIME')
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
return redis.call('ZCARD', KEYS[1]) + redis.call('ZCARD', KEYS[2])
"""

# Near-duplicate lookup and insertion in one step (`SharedFingerprintIndex.claim`): two processes converting
# near-identical pages at the same moment cannot both find nothing. KEYS: the fingerprint's band buckets, then
# the sequence counter; ARGV: high and low 32 bits, distance, URL. Redis's Lua has 32-bit `bit` operations only.
CLAIM = """
local hi, lo, distance = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local function ones(x)
  local n = 0
  while x ~= 0 do x = bit.band(x, x - 1); n = n + 1 end
  return n
end
local best_seq, best_url
for i = 1, #KEYS - 1 do
  for _, entry in ipairs(redis.call('LRANGE', KEYS[i], 0, -1)) do
    local seq, ehi, elo, url = string.match(entry, '^(%d+) (%d+) (%d+) (.*)$')
    seq = tonumber(seq)
    if (best_seq == nil or seq < best_seq)
       and ones(bit.bxor(hi, tonumber(ehi))) + ones(bit.bxor(lo, tonumber(elo))) <= distance then
      best_seq, best_url = seq, url
    end
  end
end
if best_url then return best_url end
local entry = redis.call('INCR', KEYS[#KEYS]) .. ' ' .. ARGV[1] .. ' ' .. ARGV[2] .. ' ' .. ARGV[4]
for i = 1, #KEYS - 1 do redis.call('RPUSH', KEYS[i], entry) end
return false
"""


def redis_url(settings: BaseSettings) -> str:
    """``WEB2MD_REDIS_URL`` (also ``-a redis_url=``); empty when the crawl runs alone."""
    return (settings.get("WEB2MD_REDIS_URL") or "").strip()


def connect(url: str) -> Redis:
    """A client for `url`, checked at once: a wrong address stops the crawl at its start, with the address."""
    import redis  # the ops requirement; only a distributed crawl needs it

    client = redis.Redis.from_url(url)
    try:
        client.ping()
    except redis.RedisError as exc:
        raise ValueError(f"cannot reach Redis at {url} (WEB2MD_REDIS_URL): {exc}") from None
    return client


def connect_async(url: str) -> AsyncRedis:
    """An asyncio client for `url`, for the reactor's loop; it connects on its first command (`connect`, which
    the scheduler of every distributed crawl calls at its start, has checked the address by then)."""
    import redis.asyncio

    return redis.asyncio.Redis.from_url(url)


def crawl_key(spider: Spider, settings: BaseSettings) -> str:
    """The Redis key prefix of a crawl, ``web2md:<spider>:<key>``: ``WEB2MD_REDIS_KEY``, else a hash of the start
    URLs, so processes started with the same ``-a url=`` join the same crawl."""
    key = (settings.get("WEB2MD_REDIS_KEY") or "").strip()
    if not key:
        urls = "\n".join(sorted(getattr(spider, "start_urls", None) or []))
        key = hashlib.sha1(urls.encode("utf-8")).hexdigest()[:12]
    return f"web2md:{spider.name}:{key}"


class RedisDupeFilter(RFPDupeFilter):
    """Scrapy's duplicate filter with the seen fingerprints in a Redis set: the crawler's own
    ``REQUEST_FINGERPRINTER``, one ``SADD`` a request."""

    def __init__(self, client: Redis, key: str, crawler: Crawler) -> None:
        super().__init__(
            debug=crawler.settings.getbool("DUPEFILTER_DEBUG"), fingerprinter=crawler.request_fingerprinter
        )
        self.client = client
        self.key = key

    def fingerprint(self, request: Request) -> bytes:
        return self.fingerprinter.fingerprint(request)

    def request_seen(self, request: Request) -> bool:
        return not self.client.sadd(self.key, self.fingerprint(request))


class Scheduler(BaseScheduler):
    """Scrapy's scheduler; with ``WEB2MD_REDIS_URL`` a shared one (`RedisScheduler`)."""

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> BaseScheduler:
        url = redis_url(crawler.settings)
        if not url:
            return ScrapyScheduler.from_crawler(crawler)
        if crawler.settings.get("JOBDIR"):
            raise ValueError(
                "JOBDIR and WEB2MD_REDIS_URL: a distributed crawl keeps its frontier and state in Redis, "
                "where it outlives a stop; leave JOBDIR out"
            )
        return RedisScheduler(crawler, connect(url))


class RedisScheduler(BaseScheduler):
    """A crawl's frontier in Redis: a sorted set of serialised requests (``<crawl>:queue``, highest priority
    first, first in first out within a priority) and the seen fingerprints (``<crawl>:seen``). The `site`
    spider's planned pages, which it keeps in its state (as with ``JOBDIR``), are a `SharedPlan`
    (``<crawl>:planned``), so ``max_pages`` bounds the crawl, not each process; and where a start URL
    redirects to (example.com -> www.example.com), which makes that a site of the crawl, is told to every
    process (``<crawl>:starts``), whichever fetched it.

    A process ends when the shared queue is empty and no process is busy (see `BUSY_TTL`); the last one
    removes the crawl's keys, so the same command later starts a new crawl. A process stopped before then
    (Ctrl-C, a kill) leaves the frontier in Redis, and processes started again continue it; requests the
    stopped process had taken but not finished are lost with it.
    """

    def __init__(self, crawler: Crawler, client: Redis) -> None:
        self.crawler = crawler
        self.client = client
        self.stats = crawler.stats
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{os.urandom(4).hex()}"
        self.local: list[Request] = []  # requests that cannot be serialised stay with this process
        self.enqueue = client.register_script(ENQUEUE)
        self.pop = client.register_script(POP)
        self.renew = client.register_script(RENEW)
        self.outstanding = client.register_script(OUTSTANDING)
        self.renewal = task.LoopingCall(self.renew_busy)

    def open(self, spider: Spider) -> None:
        self.spider = spider
        self.prefix = crawl_key(spider, self.crawler.settings)
        self.queue, self.busy, self.counter, self.starts = (
            f"{self.prefix}:{name}" for name in ("queue", "busy", "sequence", "starts")
        )
        self.known_starts: set[bytes] = set()
        self.df = RedisDupeFilter(self.client, f"{self.prefix}:seen", self.crawler)
        if getattr(spider, "state", None) is None:
            spider.state = {}
        spider.state[PLANNED_STATE_KEY] = SharedPlan(self.client, f"{self.prefix}:planned")
        self.crawler.signals.connect(self.spider_idle, signal=signals.spider_idle)
        self.renewal.start(BUSY_TTL / 3, now=False)
        logger.info(
            "Sharing the crawl frontier %s at %s (%d requests queued)",
            self.prefix,
            redis_url(self.crawler.settings),
            self.client.zcard(self.queue),
        )

    def close(self, reason: str) -> None:
        if self.renewal.running:
            self.renewal.stop()
        self.client.zrem(self.busy, self.worker)
        if reason == "finished" and self.crawl_finished():
            # nothing queued, nobody working: the crawl is complete everywhere
            keys = list(self.client.scan_iter(match=f"{self.prefix}:*", count=1000))
            if keys:  # another process that found the crawl finished may have removed them already
                self.client.delete(*keys)
            logger.info("Crawl %s finished in every process; its Redis keys are removed", self.prefix)
        self.df.close(reason)

    def has_pending_requests(self) -> bool:
        return bool(self.local) or self.client.zcard(self.queue) > 0

    def enqueue_request(self, request: Request) -> bool:
        try:
            data = pickle.dumps(request.to_dict(spider=self.spider), protocol=4)
        except (ValueError, TypeError, AttributeError, pickle.PicklingError) as exc:
            if not request.dont_filter and self.df.request_seen(request):
                self.df.log(request, self.spider)
                return False
            logger.debug("Keeping %s in this process: cannot be shared (%s)", request.url, exc)
            self.stats.inc_value("scheduler/unserializable")
            self.local.append(request)
        else:
            fingerprint = b"" if request.dont_filter else self.df.fingerprint(request)
            if not self.enqueue(
                keys=[self.df.key, self.queue, self.counter], args=[fingerprint, -request.priority, data]
            ):
                self.df.log(request, self.spider)
                return False
            if request.meta.get(META_EXPLICIT) and request.meta.get("redirect_urls"):
                self.client.sadd(self.starts, request.url)
            self.stats.inc_value("scheduler/enqueued/redis")
        self.stats.inc_value("scheduler/enqueued")
        return True

    def next_request(self) -> Request | None:
        if self.local:
            request = self.local.pop(0)
        else:
            popped, starts = self.pop(keys=[self.queue, self.busy, self.starts], args=[self.worker, BUSY_TTL_MS])
            self.learn_starts(set(starts))
            if not popped:
                return None
            request = request_from_dict(pickle.loads(popped[16:]), spider=self.spider)
            self.stats.inc_value("scheduler/dequeued/redis")
        self.stats.inc_value("scheduler/dequeued")
        return request

    def learn_starts(self, starts: set[bytes]) -> None:
        """Make the redirect targets of start URLs that any process fetched sites of this process's spider."""
        add_start = getattr(self.spider, "add_start", None)
        for url in sorted(starts - self.known_starts):
            self.known_starts.add(url)
            if add_start is not None:
                logger.info("A start URL redirected to %s: crawling its site too", url.decode("utf-8"))
                add_start(url.decode("utf-8"))

    # -- when to stop ------------------------------------------------------
    def crawl_finished(self) -> bool:
        """Nothing queued and no process busy (an expired mark is a process that died)."""
        return not self.outstanding(keys=[self.busy, self.queue])

    def spider_idle(self) -> None:
        """This process has nothing to do: it is no longer busy; it ends only when the whole crawl is done."""
        self.client.zrem(self.busy, self.worker)
        if self.crawl_finished():
            return
        # another process may still queue links: look again soon (Scrapy's own heartbeat comes every 5 s)
        slot = getattr(self.crawler.engine, "_slot", None)
        if slot is not None:
            slot.nextcall.schedule(IDLE_POLL)
        raise DontCloseSpider

    def renew_busy(self) -> None:
        engine = self.crawler.engine
        if engine is not None and engine.spider is not None and not engine.spider_is_idle():
            self.renew(keys=[self.busy], args=[self.worker, BUSY_TTL_MS])


class SharedFingerprintIndex:
    """The near-duplicate index of `web2md.pipelines.dedupe` in Redis, shared by the crawl's processes.

    The same banding as `FingerprintIndex` (``distance + 1`` bands, one Redis list per band value), searched and
    extended in one atomic script.
    """

    def __init__(self, client: AsyncRedis, prefix: str, distance: int) -> None:
        self.client = client
        self.distance = distance
        self._bands = bands(distance)
        self.prefix = f"{prefix}:near:{distance}"
        self._claim = client.register_script(CLAIM)

    @classmethod
    def for_crawler(cls, crawler: Crawler, distance: int) -> SharedFingerprintIndex | None:
        url = redis_url(crawler.settings)
        if not url:
            return None
        return cls(connect_async(url), crawl_key(crawler.spider, crawler.settings), distance)

    async def claim(self, fp: int, url: str) -> str | None:
        """The URL of the earliest page within the distance of `fp`; None after recording `fp` as `url`'s
        (awaited on the reactor's loop, which never waits for Redis)."""
        keys = [f"{self.prefix}:{i}:{fp >> shift & mask:x}" for i, (shift, mask) in enumerate(self._bands)]
        found = await self._claim(
            keys=[*keys, f"{self.prefix}:sequence"], args=[fp >> 32, fp & 0xFFFFFFFF, self.distance, url]
        )
        return found.decode("utf-8") if found is not None else None

    async def close(self) -> None:
        await self.client.aclose()


class SharedPlan:
    """The `site` spider's planned pages (`web2md.spiders.site.Plan`, the same methods) in a Redis hash shared by
    the crawl's processes (URL key -> JSON ``[link hops, URL]``). The hops of a page read or written once are
    remembered here, so a link found on every page costs one look-up per process; the length is always the
    crawl's."""

    def __init__(self, client: Redis, key: str) -> None:
        self.client = client
        self.key = key
        self.known: dict[str, int] = {}
        self.plan_script = client.register_script(PLAN)

    def plan(self, key: str, hops: int, url: str, budget: int) -> bool | None:
        """`Plan.plan` in one round trip: True for a page planned now, False for one planned before (by any
        process), None when the crawl's page budget is spent."""
        known = self.known.get(key)
        if known is not None and hops >= known:
            return False
        answer = self.plan_script(keys=[self.key], args=[key, hops, json.dumps([hops, url]), budget])
        if answer[0] == -1:
            return None
        if answer[0] == 1:
            self.known[key] = hops
            return True
        self.known[key] = json.loads(answer[1])[0]
        return False

    def hops(self, key: str) -> int | None:
        known = self.known.get(key)
        if known is None:
            raw = self.client.hget(self.key, key)
            if raw is None:
                return None
            known = self.known[key] = json.loads(raw)[0]
        return known

    def urls(self) -> list[str]:
        return [url for _hops, url in sorted(tuple(json.loads(raw)) for raw in self.client.hvals(self.key))]

    def __len__(self) -> int:
        return self.client.hlen(self.key)
