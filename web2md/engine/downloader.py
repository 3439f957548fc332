"""Scrapy's downloader, with its per-slot concurrency limit held under the asyncio reactor.

Scrapy 2.19 starts each download taken from a slot's queue as an asyncio task,
and the request only joins ``slot.transferring`` when that task first runs. The
loop handing out the queue therefore saw every place as still free and sent
the slot's whole queue at once: a plain crawl had 11 requests in flight at one
host with ``CONCURRENT_REQUESTS_PER_DOMAIN = 2``. Here a request takes its
place as it leaves the queue. Fails without it:
tests/test_downloader.py::test_requests_in_flight_at_one_host_never_exceed_the_limit.
"""

from __future__ import annotations

from time import monotonic

from scrapy.core.downloader import Downloader as ScrapyDownloader
from scrapy.core.downloader import Slot
from scrapy.utils.asyncio import call_later
from scrapy.utils.defer import _schedule_coro


class Downloader(ScrapyDownloader):
    """``DOWNLOADER``: Scrapy's, except that at most ``slot.concurrency`` requests of a slot are ever out."""

    def _process_queue(self, slot: Slot) -> None:
        if slot.latercall:  # a delayed call to this method is already due
            return
        now = monotonic()
        delay = slot.download_delay()
        if delay and slot.lastseen + delay > now:
            slot.latercall = call_later(slot.lastseen + delay - now, self._latercall, slot)
            return
        while slot.queue and slot.free_transfer_slots() > 0:
            slot.lastseen = now
            request, queue_dfd = slot.queue.popleft()
            # Taken now, not when the task starts; `_download` adds it again (a no-op) and removes it when done.
            slot.transferring.add(request)
            _schedule_coro(self._wait_for_download(slot, request, queue_dfd))
            if delay:  # one request per delay: the next call schedules itself for later
                self._process_queue(slot)
                return
