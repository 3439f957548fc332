"""A distributed crawl (``-s WEB2MD_REDIS_URL``): two ``scrapy crawl`` processes share one frontier in a real redis-server."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.server import TestServer
from web2md.distributed.scheduler import SharedFingerprintIndex, SharedPlan, connect_async
from web2md.pipelines.dedupe import FingerprintIndex
from web2md.spiders.site import Plan

ROOT = Path(__file__).resolve().parent.parent
REDIS_SERVER = shutil.which("redis-server")
WORDS = (
    "harbour boat storm pier net gull tide anchor rope sail keel mast deck cabin lantern compass chart "
    "reef shore wave current fog bell buoy dock crane cargo crew oar hull rudder"
).split()

pytestmark = [pytest.mark.integration, pytest.mark.redis]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """A redis-server of its own on a free port, nothing saved to disk (each crawl removes its keys at its end)."""
    tmp_path = tmp_path_factory.mktemp("redis")
    port = free_port()
    server = subprocess.Popen(
        [
            REDIS_SERVER,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


def story(n: int) -> str:
    """A paragraph of its own for page `n`: no two are near duplicates by chance."""
    rng = random.Random(n)
    return "<p>" + " ".join(rng.choice(WORDS) for _ in range(120)) + ".</p>"


def crawl_processes(tmp_path: Path, start_url: str, redis_url: str, count: int, *settings: str) -> list[Path]:
    """Run `count` ``scrapy crawl site`` processes at once, each writing to its own folder; their folders. Each
    process's requests carry its number in the header ``X-Process``."""
    env = dict(
        os.environ,
        SCRAPY_SETTINGS_MODULE="web2md.settings",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    outputs = [tmp_path / f"out{n}" for n in range(count)]
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "scrapy",
                "crawl",
                "site",
                "-a",
                f"url={start_url}",
                "-a",
                "depth=20",
                "-a",
                f"output={out}",
                "-s",
                f"WEB2MD_REDIS_URL={redis_url}",
                # pages convert in the crawl's own process: worker processes starting up
                # would hold a request up for 100 ms and more on a small machine
                "-s",
                "WEB2MD_WORKERS=0",
                "-s",
                "LOG_LEVEL=INFO",
                "-s",
                f'DEFAULT_REQUEST_HEADERS={{"X-Process": "{n}"}}',
                *settings,
            ],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(tmp_path / f"log{n}.txt", "w"),
        )
        for n, out in enumerate(outputs)
    ]
    try:
        for n, process in enumerate(processes):
            log = tmp_path / f"log{n}.txt"
            assert process.wait(120) == 0, log.read_text()[-3000:]
            assert "ERROR" not in log.read_text(), log.read_text()[-3000:]
    finally:
        for process in processes:  # a process still running after a failure must not outlive the test
            if process.poll() is None:
                process.kill()
                process.wait()
    return outputs


def pages_written(out: Path) -> list[str]:
    """The page files under `out` (one folder per host, which is the test server's)."""
    return sorted(p.name for p in out.rglob("*.md") if "_runs" not in p.parts)


def test_two_processes_share_one_frontier_and_the_crawl_delay(tmp_path, redis_url):
    # 200 pages in a binary tree (/p<n> links to its children and back to /); pages 190..199 repeat the text of
    # pages 10..19, so of each such pair only the one converted first is written, whichever process has it
    delay = 0.05
    pages = 200
    twin = pages - 20  # page n + twin repeats page n
    with TestServer() as srv:
        srv.route("/robots.txt", f"User-agent: *\nCrawl-delay: {delay}\n", headers={"Content-Type": "text/plain"})
        for n in range(pages):
            links = "".join(f'<li><a href="/p{c}">page {c}</a></li>' for c in (2 * n + 1, 2 * n + 2) if c < pages)
            text = story(n - twin if n >= pages - 10 else n)
            srv.route(
                "/" if n == 0 else f"/p{n}",
                f"<html><head><title>Page {n}</title></head><body><h1>Page {n}</h1>{text}"
                f'<ul>{links}<li><a href="/">home</a></li></ul></body></html>',
            )
        outputs = crawl_processes(tmp_path, srv.url("/"), redis_url, 2)
        requests = [r for r in srv.requests if r.path != "/robots.txt"]

    written = [pages_written(out) for out in outputs]
    assert all(written), "both processes wrote pages"
    every = Counter(name for names in written for name in names)
    assert max(every.values()) == 1  # no page written by both
    pairs = [(f"p{n}.md", f"p{n + twin}.md") for n in range(10, 20)]
    for pair in pairs:  # a near-duplicate pair is written once, by whichever process converted it first
        assert len(set(pair) & set(every)) == 1, pair
    paired = {name for pair in pairs for name in pair}
    assert set(every) - paired == {"index.md"} | {f"p{n}.md" for n in range(1, pages - 10)} - paired

    fetched = Counter(r.path for r in requests)
    assert sorted(fetched) == sorted(["/"] + [f"/p{n}" for n in range(1, pages)])
    assert max(fetched.values()) == 1  # no URL fetched twice
    # the Crawl-delay held across both processes: each keeping it on its own, the two would send twice as often
    # (20 requests in 9.5 delays). Arrivals are timed by the server, and on a busy machine (load 8 on 2 cores
    # here) a request leaves late by up to a few delays now and then, which shortens the gap after the one
    # before it but not the whole of 20 arrivals: those span 19 delays, less that lateness.
    arrivals = sorted((r.time, r.path) for r in requests)
    spans = sorted((b[0] - a[0], a[1], b[1]) for a, b in zip(arrivals, arrivals[19:]))
    assert spans[0][0] >= 15 * delay, spans[:5]
    assert arrivals[-1][0] - arrivals[0][0] >= (len(arrivals) - 5) * delay


def test_concurrency_per_host_and_max_pages_hold_across_processes(tmp_path, redis_url):
    # slow pages, no delay: each process alone would have 2 requests out at a time, the two together still 2;
    # and 20 pages of the 40 in all, not 20 each (two processes can both take the last place: 21)
    lock, active, peak = threading.Lock(), [0], [0]

    def slow(rec):
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.2)
        with lock:
            active[0] -= 1
        n = 0 if rec.path == "/" else int(rec.path[2:])
        links = "".join(f'<a href="/p{c}">page {c}</a> ' for c in range(1 + 4 * n, 5 + 4 * n) if c < 40)
        return 200, {}, f"<html><body><h1>Page {n}</h1>{story(n)}<p>{links}</p></body></html>".encode()

    with TestServer() as srv:
        for n in range(40):
            srv.route("/" if n == 0 else f"/p{n}", handler=slow)
        outputs = crawl_processes(
            tmp_path, srv.url("/"), redis_url, 2, "-a", "max_pages=20", "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=2"
        )
        fetched = Counter(r.path for r in srv.requests if r.path != "/robots.txt")
    assert len(fetched) in (20, 21) and max(fetched.values()) == 1
    assert sum(len(pages_written(out)) for out in outputs) == len(fetched)
    assert peak[0] == 2


def test_where_a_start_url_redirects_is_a_site_of_every_process(tmp_path, redis_url):
    # the start URL moved to another origin; whichever process follows the redirect, both crawl the new site
    # (a process holding 4 requests at most, as the README advises for one site, leaves work for the other).
    # The new site's pages after its home page (which links to all of them, so that the shared frontier holds
    # more than one process takes) wait until both processes have come to the site: a process starting late on a
    # busy machine would otherwise find nothing left to do. The site takes 8 requests at a time from all
    # processes together, so the first one's 4 waiting leave room for the other's.
    came, both_came, gave_up = set(), threading.Event(), threading.Event()

    def page(rec):
        came.add(rec.headers.get("X-Process"))
        if len(came) == 2:
            both_came.set()
        n = 0 if rec.path == "/" else int(rec.path[2:])
        if n and not gave_up.is_set() and not both_came.wait(20):
            gave_up.set()  # the other process never came: answer at once, so the test fails on its assertion, not a hang
        links = "".join(f'<a href="/p{c}">page {c}</a> ' for c in range(1, 40)) if n == 0 else '<a href="/">home</a>'
        return 200, {}, f"<html><body><h1>Page {n}</h1>{story(n)}<p>{links}</p></body></html>".encode()

    with TestServer() as old, TestServer() as new:
        old.route("/", status=301, headers={"Location": new.url("/")})
        for n in range(40):
            new.route("/" if n == 0 else f"/p{n}", handler=page)
        outputs = crawl_processes(
            tmp_path,
            old.url("/"),
            redis_url,
            2,
            "-s",
            "CONCURRENT_REQUESTS=4",
            "-s",
            "CONCURRENT_REQUESTS_PER_DOMAIN=8",
        )
        fetched = Counter(r.path for r in new.requests if r.path != "/robots.txt")
    assert both_came.is_set(), f"only processes {came} came to the new site"
    written = [pages_written(out) for out in outputs]
    assert all(written), "both processes wrote pages of the new site"
    assert sorted(sum(written, [])) == sorted(["index.md"] + [f"p{n}.md" for n in range(1, 40)])
    assert len(fetched) == 40 and max(fetched.values()) == 1


# a page's fingerprint: one of a few bases (so near duplicates come up) with some of its bits flipped
near_fingerprints = st.lists(
    st.tuples(
        st.sampled_from([0, 0xFFFFFFFFFFFFFFFF, 0x8000000080000000, 0x0123456789ABCDEF]),
        st.sets(st.integers(0, 63), max_size=6),
    ).map(lambda t: t[0] ^ sum(1 << bit for bit in t[1])),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(fingerprints=near_fingerprints, distance=st.integers(0, 5))
def test_the_shared_near_duplicate_index_answers_as_the_local_one(redis_url, fingerprints, distance):
    # the Lua script (32-bit halves, Redis lists per band) finds the same earliest page as the in-process index
    local = FingerprintIndex(distance)

    async def answers() -> list[str | None]:
        shared = SharedFingerprintIndex(connect_async(redis_url), f"test:{uuid.uuid4()}", distance)  # a new index
        try:
            return [await shared.claim(fp, f"https://h/{n}") for n, fp in enumerate(fingerprints)]
        finally:
            await shared.close()

    assert asyncio.run(answers()) == [local.claim(fp, f"https://h/{n}") for n, fp in enumerate(fingerprints)]


@settings(max_examples=60, deadline=None)
@given(links=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 4)), max_size=40), budget=st.integers(0, 8))
def test_the_shared_plan_answers_as_the_local_one(redis_url, links, budget):
    # one script on Redis (look-up, budget, insertion, fewer hops kept) plans as the spider's own Plan does
    import redis

    local = Plan()
    shared = SharedPlan(redis.Redis.from_url(redis_url), f"test:{uuid.uuid4()}:planned")
    for page, hops in links:
        # even pages are requested under their key, odd ones under another URL (query=drop, a tracking parameter)
        key = f"https://h/{page}"
        url = key if page % 2 == 0 else f"{key}?utm_source=x"
        assert shared.plan(key, hops, url, budget) == local.plan(key, hops, url, budget)
    assert shared.urls() == local.urls()
    assert len(shared) == len(local) == min(len({page for page, _ in links}), budget)
    planned = list(dict.fromkeys(page for page, _ in links))[:budget]  # the first pages found, up to the budget
    fresh = SharedPlan(redis.Redis.from_url(redis_url), shared.key)  # another process: nothing cached
    for page in range(13):
        key = f"https://h/{page}"
        expected = min(hops for p, hops in links if p == page) if page in planned else None
        assert fresh.hops(key) == local.hops(key) == expected


def test_the_shared_queue_filters_repeats_but_not_requests_that_ask_not_to_be(redis_url):
    # one script checks the seen set and pushes; an unfiltered request (robots.txt, a start URL) skips the check
    import redis
    from scrapy import Request, Spider
    from scrapy.utils.test import get_crawler

    from web2md.distributed.scheduler import RedisScheduler

    crawler = get_crawler(Spider, {"WEB2MD_REDIS_URL": redis_url, "WEB2MD_REDIS_KEY": f"test-{uuid.uuid4()}"})
    crawler.spider = spider = Spider.from_crawler(crawler, name="queue-test")
    scheduler = RedisScheduler(crawler, redis.Redis.from_url(redis_url))
    scheduler.open(spider)
    try:
        page, robots = Request("https://h/page"), Request("https://h/robots.txt", dont_filter=True)
        assert [scheduler.enqueue_request(r) for r in (page, page, robots, robots)] == [True, False, True, True]
        taken = [scheduler.next_request() for _ in range(4)]
        assert [r.url if r else None for r in taken] == [
            "https://h/page",
            "https://h/robots.txt",
            "https://h/robots.txt",
            None,
        ]
    finally:
        scheduler.close("shutdown")
