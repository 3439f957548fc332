"""Keeps what a crawl holds from its start to its end out of the garbage collector's full collections."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from scrapy import signals

from web2md.conversion.workers import keep_out_of_collections

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler


class _Collector:
    """The process's garbage collector, which its crawls share: the first crawl to start sets it up and the last
    to stop restores it (all on the reactor's thread). Process state, not a crawl's, hence not an extension."""

    def __init__(self) -> None:
        self.crawls = 0
        self.thresholds_before: tuple[int, int, int] | None = None

    def crawl_started(self) -> None:
        if not self.crawls:
            # no collection first: garbage frozen with the rest is collected after the crawl, once unfrozen
            self.thresholds_before = keep_out_of_collections()
        self.crawls += 1

    def crawl_stopped(self) -> None:
        self.crawls -= 1
        if not self.crawls and self.thresholds_before is not None:
            gc.unfreeze()
            gc.set_threshold(*self.thresholds_before)
            self.thresholds_before = None


COLLECTOR = _Collector()


class FreezeAtStart:
    """Freeze (`gc.freeze`) the objects alive when the engine starts and collect less often while it runs
    (`web2md.conversion.workers.keep_out_of_collections`); unfreeze and restore when it stops.

    By then the process holds Scrapy, Twisted, lxml and the spider's modules: a few hundred thousand objects
    that live as long as the crawl, which every full collection would walk again. On a 2,000-page site
    (`benchmarks/crawl.py`) the crawl process spent 23% of its CPU in collections, 3% with this. Undone at
    the end, so that a process that runs crawl after crawl (the MCP server) collects what they left as before.
    """

    def __init__(self, crawler: Crawler) -> None:
        crawler.signals.connect(self.engine_started, signal=signals.engine_started)
        crawler.signals.connect(self.engine_stopped, signal=signals.engine_stopped)
        self.started = False

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def engine_started(self) -> None:
        COLLECTOR.crawl_started()
        self.started = True

    def engine_stopped(self) -> None:
        if self.started:
            self.started = False
            COLLECTOR.crawl_stopped()
