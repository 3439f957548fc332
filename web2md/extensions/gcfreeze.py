"""Keeps what a crawl holds from its start to its end out of the garbage collector's full collections."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

from scrapy import signals

if TYPE_CHECKING:
    from typing_extensions import Self

    from scrapy.crawler import Crawler


class FreezeAtStart:
    """Freeze (`gc.freeze`) the objects alive when the engine starts, and unfreeze them when it stops.

    By then the process holds Scrapy, Twisted, lxml and the spider's modules: a few hundred thousand objects
    that live as long as the crawl. A full collection, which the crawl's own allocations start every few
    hundred pages, would walk all of them each time (about a tenth of the crawl process's CPU on a
    2,000-page site, `benchmarks/crawl.py`). Unfrozen at the end, so that a process that runs crawl after
    crawl (the MCP server) collects what they left as before.
    """

    def __init__(self, crawler: Crawler) -> None:
        crawler.signals.connect(self.engine_started, signal=signals.engine_started)
        crawler.signals.connect(self.engine_stopped, signal=signals.engine_stopped)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def engine_started(self) -> None:
        # no collection first: garbage frozen with the rest is collected after the crawl, once unfrozen
        gc.freeze()

    def engine_stopped(self) -> None:
        gc.unfreeze()
