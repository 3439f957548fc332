"""The scheduler's compact memory queue: the same requests, in the same order as Scrapy's, in a tenth of the memory."""

from __future__ import annotations

import threading
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scrapy import FormRequest, Request
from scrapy.pqueues import ScrapyPriorityQueue
from scrapy.squeues import FifoMemoryQueue
from scrapy.utils.test import get_crawler

from tests.server import TestServer
from web2md import crawl
from web2md.engine.queues import CompactFifoMemoryQueue
from web2md.spiders.site import SiteSpider

ORIGIN = "http://127.0.0.1:8000"


def site_crawler():
    crawler = get_crawler(SiteSpider)
    crawler.spider = SiteSpider.from_crawler(crawler, url=f"{ORIGIN}/")
    return crawler


def link_request(spider: SiteSpider, page: int, parent: int, depth: int) -> Request:
    """A request as the site spider yields it for a link, once Scrapy's spider middlewares have seen it."""
    request = Request(
        f"{ORIGIN}/p/{page}.html",
        callback=spider.parse,
        errback=spider.on_error,
        priority=-depth,
        meta={"depth": depth},
    )
    request.headers.setdefault("Referer", f"{ORIGIN}/p/{parent}.html")
    return request


def odd_requests(spider: SiteSpider) -> list[Request]:
    """Requests of other shapes: kept serialised (the first four) or as they are (the last two)."""
    return [
        Request(f"{ORIGIN}/robots.txt", priority=1, dont_filter=True, meta={"web2md_quiet": True}),
        Request(f"{ORIGIN}/x", callback=spider.parse, cb_kwargs={"n": [1, 2]}, cookies={"a": "b"}, flags=["f"]),
        FormRequest(f"{ORIGIN}/form", formdata={"q": "boats"}, callback=spider.parse),
        Request(f"{ORIGIN}/post", method="POST", body=b"\x00\x01", headers={"X-A": ["1", "2"]}),
        Request(f"{ORIGIN}/lambda", callback=lambda response: None),  # not a spider method
        Request(f"{ORIGIN}/lock", meta={"lock": threading.Lock()}),  # meta that does not pickle
    ]


def test_requests_come_back_as_they_went_in_first_in_first_out():
    crawler = site_crawler()
    spider = crawler.spider
    queue = CompactFifoMemoryQueue.from_crawler(crawler, "")
    pushed = [link_request(spider, page, 0, 1) for page in range(1, 4)] + odd_requests(spider)
    for request in pushed:
        queue.push(request)
    assert len(queue) == len(pushed)
    assert queue.peek().to_dict(spider=spider) == pushed[0].to_dict(spider=spider)
    popped = [queue.pop() for _ in pushed]
    assert queue.pop() is None and len(queue) == 0
    assert [type(r) for r in popped] == [type(r) for r in pushed]
    for before, after in zip(pushed[:-2], popped[:-2]):
        assert after is not before  # rebuilt
        assert after.to_dict(spider=spider) == before.to_dict(spider=spider)
    assert popped[-2:] == pushed[-2:]  # the same objects


@settings(max_examples=100, deadline=None)
@given(ops=st.lists(st.one_of(st.tuples(st.integers(-3, 1), st.integers(0, 50)), st.none()), max_size=60))
def test_a_priority_queue_of_them_hands_out_what_scrapys_hands_out(ops):
    # pushes (priority, page) and pops (None) in any order: the same requests, in the same order
    crawler = site_crawler()
    spider = crawler.spider
    queues = [
        ScrapyPriorityQueue.from_crawler(crawler, downstream, "")
        for downstream in (CompactFifoMemoryQueue, FifoMemoryQueue)
    ]
    answers: list[list[dict | None]] = [[], []]
    for op in [*ops, *[None] * len(ops)]:
        for queue, answer in zip(queues, answers):
            if op is None:
                request = queue.pop()
                answer.append(request.to_dict(spider=spider) if request else None)
            else:
                priority, page = op
                queue.push(link_request(spider, page, page // 10, -priority))
    assert answers[0] == answers[1]


def test_a_waiting_request_takes_a_tenth_of_the_memory():
    crawler = site_crawler()
    spider = crawler.spider
    compact, plain = CompactFifoMemoryQueue.from_crawler(crawler, ""), FifoMemoryQueue()
    sizes = []
    for queue in (compact, plain):
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for page in range(1, 2001):
                queue.push(link_request(spider, page, page // 10, 3))  # ten links a page, as on a site
            sizes.append((tracemalloc.get_traced_memory()[0] - before) / 2000)
        finally:
            tracemalloc.stop()
    assert sizes[0] < 200 < 1000 < sizes[1]


@pytest.mark.integration
def test_a_crawl_writes_the_same_files_as_with_scrapys_queue(tmp_path):
    with TestServer() as srv:
        for n in range(31):  # a tree: page n links to 3n+1 .. 3n+3
            links = "".join(f'<li><a href="/p{c}">page {c}</a></li>' for c in range(3 * n + 1, min(3 * n + 4, 31)))
            srv.route(
                "/" if n == 0 else f"/p{n}",
                f"<html><head><title>Page {n}</title></head><body><h1>Page {n}"
                f"</h1><p>{'Boats and nets of page %d. ' % n * 12}</p><ul>{links}</ul></body></html>",
            )
        outputs = []
        for queue in ("web2md.engine.queues.CompactFifoMemoryQueue", "scrapy.squeues.FifoMemoryQueue"):
            out = tmp_path / queue
            result = crawl.run("site", {"SCHEDULER_MEMORY_QUEUE": queue}, url=srv.url("/"), depth=3, output=str(out))
            assert result.stats.get("scheduler/enqueued/memory") == 31  # every page went through the queue
            outputs.append({str(p.relative_to(out)): p.read_bytes() for p in sorted(Path(out).rglob("*.md"))})
        assert len(outputs[0]) == 31
        assert outputs[0] == outputs[1]
