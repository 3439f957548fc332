"""The crawl keeps its start-up objects out of garbage collections, and collects less often, while it runs and only then."""

from __future__ import annotations

import gc
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from scrapy import signals

from tests.server import TestServer
from web2md import crawl
from web2md.conversion.workers import GC_THRESHOLDS
from web2md.settings import EXTENSIONS

pytestmark = pytest.mark.integration

FROZEN_DURING_CRAWL: list[tuple[int, int]] = []


class FreezeProbe:
    """Records how many objects are frozen when the spider closes (the engine still runs)."""

    def __init__(self, crawler) -> None:
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)

    @classmethod
    def from_crawler(cls, crawler) -> FreezeProbe:
        return cls(crawler)

    def spider_closed(self) -> None:
        FROZEN_DURING_CRAWL.append((gc.get_freeze_count(), gc.get_threshold()[0]))


def test_objects_alive_at_the_start_are_frozen_during_the_crawl_and_unfrozen_after():
    FROZEN_DURING_CRAWL.clear()
    assert gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    with TestServer() as srv:
        srv.route(
            "/",
            "<html><body><p>Some text long enough to be a paragraph of its own here.</p></body></html>",
            headers={"Content-Type": "text/html"},
        )
        result = crawl.run(
            "page", {"EXTENSIONS": {**EXTENSIONS, f"{__name__}.FreezeProbe": 1}}, url=srv.url("/"), output=""
        )
    assert len(result.items) == 1
    frozen, threshold = FROZEN_DURING_CRAWL[0]
    assert frozen > 10_000 and threshold == GC_THRESHOLDS[0]  # Scrapy, Twisted, lxml, this test run...
    # a process that runs crawl after crawl collects as before
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds


def test_crawls_side_by_side_restore_the_collector_when_the_last_one_stops():
    FROZEN_DURING_CRAWL.clear()
    thresholds = gc.get_threshold()
    settings = {"EXTENSIONS": {**EXTENSIONS, f"{__name__}.FreezeProbe": 1}}
    # the second crawl starts while the first runs (the first page answers once the second is asked for), and
    # stops after it (the second page answers once the first crawl has stopped)
    second_asked, first_stopped = threading.Event(), threading.Event()

    def first_page(_request):
        second_asked.wait(20)
        return 200, {"Content-Type": "text/html"}, b"<html><body><p>First.</p></body></html>"

    def second_page(_request):
        second_asked.set()
        first_stopped.wait(20)
        return 200, {"Content-Type": "text/html"}, b"<html><body><p>Second.</p></body></html>"

    with TestServer() as srv:
        srv.route("/first", handler=first_page)
        srv.route("/second", handler=second_page)
        with ThreadPoolExecutor(2) as pool:
            first = pool.submit(crawl.run, "page", settings, url=srv.url("/first"), output="")
            second = pool.submit(crawl.run, "page", settings, url=srv.url("/second"), output="")
            assert len(first.result().items) == 1
            first_stopped.set()
            assert len(second.result().items) == 1
        assert second_asked.is_set()
    # the first to stop left the collector to the one still running; the last restored it
    assert [threshold for _, threshold in FROZEN_DURING_CRAWL] == [GC_THRESHOLDS[0]] * 2
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds
