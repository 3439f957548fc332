"""Run a real Scrapy crawl for middleware tests and report what happened: items, errback failures, stats, log lines.

``run_crawl(urls, settings, ...)`` crawls in this process, on the reactor thread
`web2md.crawl` keeps for every crawl of a process, with a minimal spider (or a
named project spider) and the web2md downloader middlewares. ``start_crawl``
returns at once, so crawls can run side by side (their log lines then mix).
``start_measured_crawl`` runs one in a process of its own (``python -m
tests.mw_harness``, a JSON job on stdin), for a test of its peak memory.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import scrapy
from scrapy.http import HtmlResponse

from web2md.middlewares import META_EXPLICIT
from web2md.settings import DOWNLOADER_MIDDLEWARES

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 90

BASE_SETTINGS: dict[str, Any] = {
    "DOWNLOADER_MIDDLEWARES": DOWNLOADER_MIDDLEWARES,  # the project's own wiring, not a copy that could drift
    "ROBOTSTXT_OBEY": True,
    "USER_AGENT": "web2md-test/1.0",
    "TELNETCONSOLE_ENABLED": False,
    "LOG_LEVEL": "DEBUG",
    "RETRY_ENABLED": False,
    "DOWNLOAD_TIMEOUT": 10,
    "DOWNLOAD_MAXSIZE": 32 * 1024 * 1024,
    "DOWNLOAD_WARNSIZE": 8 * 1024 * 1024,
    "TWISTED_REACTOR": "twisted.internet.asyncioreactor.AsyncioSelectorReactor",
}

PROJECT_SPIDER_SETTINGS: dict[str, Any] = {
    "TELNETCONSOLE_ENABLED": False,
    "LOG_LEVEL": "DEBUG",
    "RETRY_ENABLED": False,
}


@dataclass
class CrawlResult:
    items: list[dict[str, Any]] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    maxrss_mib: float = 0.0  # the crawl process's peak resident memory (measured crawls only)

    def stat(self, key: str) -> Any:
        return self.stats.get(key, 0)

    def logged(self, needle: str) -> list[str]:
        return [line for line in self.log if needle in line]


class HarnessSpider(scrapy.Spider):
    """Requests the given URLs (explicit ones by default), reports each response as an item, its failures."""

    name = "harness"

    def __init__(self, urls=(), explicit=True, follow=False, iframes=False, **kwargs):
        super().__init__(**kwargs)
        self.urls = list(urls)
        self.explicit = explicit
        self.follow = follow
        self.iframes = iframes
        self.failures: list[dict[str, Any]] = []

    async def start(self):
        for url in self.urls:
            yield scrapy.Request(
                url, callback=self.parse, errback=self.errback, dont_filter=True, meta={META_EXPLICIT: self.explicit}
            )

    async def parse(self, response):
        item: dict[str, Any] = {
            "url": response.url,
            "status": response.status,
            "size": len(response.body),
            "redirect_urls": response.meta.get("redirect_urls", []),
            "cached": "cached" in response.flags,
        }
        if isinstance(response, HtmlResponse):
            from web2md import convert
            from web2md.extract.html.parse import parse_html

            tree = parse_html(response.body, encoding=response.encoding)
            if self.iframes:
                from web2md.conversion.iframes import inline_iframes

                item["inlined"] = await inline_iframes(self.crawler, tree, response.url)
            item["markdown"] = convert(tree, response.url).markdown
        yield item
        if self.follow and isinstance(response, HtmlResponse):
            for href in response.css("a::attr(href)").getall():
                yield response.follow(href, callback=self.parse, errback=self.errback)

    def errback(self, failure):
        exc = failure.value
        self.failures.append(
            {
                "url": failure.request.url,
                "type": type(exc).__name__,
                "reason": getattr(exc, "reason", None),
                "message": str(exc),
            }
        )


class _LogCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(f"{record.levelname} {record.name}: {record.getMessage()}")
        except Exception:  # a broken log call must not break the report
            self.lines.append(f"{record.levelname} {record.name}: {record.msg!r}")


_collecting_lock = threading.Lock()
_collectors: list[_LogCollector] = []
_root_level: list[int] = []


@contextmanager
def _collecting_log() -> Iterator[_LogCollector]:
    """Every log line of the process while the crawl runs; the root logger passes DEBUG meanwhile."""
    root, collector = logging.getLogger(), _LogCollector()
    with _collecting_lock:
        if not _collectors:
            _root_level[:] = [root.level]
            root.setLevel(logging.DEBUG)
        _collectors.append(collector)
        root.addHandler(collector)
    try:
        yield collector
    finally:
        with _collecting_lock:
            root.removeHandler(collector)
            _collectors.remove(collector)
            if not _collectors:
                root.setLevel(_root_level[0])


def _job(
    urls: list[str] | None,
    settings: dict[str, Any] | None,
    spider: str | None,
    spider_args: dict[str, Any] | None,
    explicit: bool,
    follow: bool,
    iframes: bool,
) -> dict[str, Any]:
    return {
        # a project spider runs on web2md.settings, so spider arguments can still override them
        "settings": {**(BASE_SETTINGS if spider is None else PROJECT_SPIDER_SETTINGS), **(settings or {})},
        "spider": spider,
        "spider_args": (
            {**(spider_args or {})}
            if spider
            else {"urls": urls or [], "explicit": explicit, "follow": follow, "iframes": iframes, **(spider_args or {})}
        ),
    }


def _plain(item: Any) -> dict[str, Any]:
    return {k: v for k, v in dict(item).items() if k != "tree" and not isinstance(v, bytes)}


def _crawl(job: dict[str, Any]) -> CrawlResult:
    from scrapy.settings import Settings

    from web2md import crawl

    if job["spider"]:
        spider: type[scrapy.Spider] | str = job["spider"]
        settings = crawl.project_settings(job["settings"])
    else:
        spider = HarnessSpider
        settings = Settings()
        settings.setdict(job["settings"], priority="cmdline")
    with _collecting_log() as collector:
        result = crawl.run(spider, settings, **job["spider_args"])
    return CrawlResult(
        [_plain(item) for item in result.items],
        list(getattr(result.spider, "failures", [])),
        result.stats,
        collector.lines,
    )


class RunningCrawl:
    """A crawl started by :func:`start_crawl`; ``.result()`` waits for it."""

    def __init__(self, future: Future[CrawlResult]) -> None:
        self.future = future

    def result(self) -> CrawlResult:
        try:
            return self.future.result(timeout=TIMEOUT)
        except FutureTimeout:
            raise AssertionError(f"the crawl did not finish in {TIMEOUT} s") from None


def start_crawl(
    urls: list[str] | None = None,
    settings: dict[str, Any] | None = None,
    *,
    spider: str | None = None,
    spider_args: dict[str, Any] | None = None,
    explicit: bool = True,
    follow: bool = False,
    iframes: bool = False,
) -> RunningCrawl:
    """Start crawling `urls` with the harness spider (or the project spider named `spider`)."""
    job = _job(urls, settings, spider, spider_args, explicit, follow, iframes)
    future: Future[CrawlResult] = Future()

    def crawl() -> None:
        try:
            future.set_result(_crawl(job))
        except BaseException as exc:  # handed to whoever waits for the result
            future.set_exception(exc)

    # a daemon thread: a crawl that never ends fails its test (RunningCrawl.result) without holding up the exit
    threading.Thread(target=crawl, name="mw-harness", daemon=True).start()
    return RunningCrawl(future)


def run_crawl(urls: list[str] | None = None, settings: dict[str, Any] | None = None, **kwargs: Any) -> CrawlResult:
    """Crawl `urls` with the harness spider (or the project spider named `spider`) and wait for it."""
    return start_crawl(urls, settings, **kwargs).result()


class MeasuredCrawl:
    """A crawl process started by :func:`start_measured_crawl`."""

    def __init__(self, proc: subprocess.Popen[str], job: str) -> None:
        self.proc = proc
        proc.stdin.write(job)  # type: ignore[union-attr]
        proc.stdin.close()  # type: ignore[union-attr]
        proc.stdin = None  # communicate() must not touch the closed pipe

    def result(self) -> CrawlResult:
        try:
            stdout, stderr = self.proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            stdout, stderr = self.proc.communicate()
            raise AssertionError(f"crawl subprocess timed out:\n{stderr[-4000:]}") from None
        if self.proc.returncode != 0 or not stdout.strip():
            raise AssertionError(f"crawl subprocess failed ({self.proc.returncode}):\n{stderr[-4000:]}")
        return CrawlResult(**json.loads(stdout.strip().splitlines()[-1]))


def start_measured_crawl(urls: list[str], settings: dict[str, Any] | None = None) -> MeasuredCrawl:
    """Start crawling `urls` with the harness spider in a process of its own, which reports its peak memory."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.mw_harness"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=str(ROOT),
        env=env,
    )
    return MeasuredCrawl(proc, json.dumps(_job(urls, settings, None, None, True, False, False)))


def _main() -> None:
    import resource

    result = _crawl(json.load(sys.stdin))
    result.maxrss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    sys.stdout.write("\n" + json.dumps(result.__dict__, default=str) + "\n")


if __name__ == "__main__":
    _main()
