"""Run a real Scrapy crawl in a subprocess and report what happened, for middleware tests.

``run_crawl(urls, settings, ...)`` starts ``python -m tests.mw_harness`` with a
JSON job on stdin; the child runs a minimal spider (or a named project spider)
through ``CrawlerProcess`` with the web2md downloader middlewares and prints
JSON: items, errback failures, stats and log lines. A subprocess per crawl,
because a Twisted reactor cannot be restarted inside one process.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from web2md.settings import DOWNLOADER_MIDDLEWARES

ROOT = Path(__file__).resolve().parent.parent

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
    maxrss_mib: float = 0.0
    stderr: str = ""

    def stat(self, key: str) -> Any:
        return self.stats.get(key, 0)

    def logged(self, needle: str) -> list[str]:
        return [line for line in self.log if needle in line]


def run_crawl(
    urls: list[str] | None = None,
    settings: dict[str, Any] | None = None,
    **kwargs: Any,
) -> CrawlResult:
    """Crawl `urls` with the harness spider (or the project spider named `spider`) and wait for it."""
    return start_crawl(urls, settings, **kwargs).result()


class RunningCrawl:
    """A crawl subprocess started by :func:`start_crawl`; several can run side by side."""

    def __init__(self, proc: subprocess.Popen[str], job: str, timeout: float) -> None:
        self.proc = proc
        self.timeout = timeout
        proc.stdin.write(job)  # type: ignore[union-attr]
        proc.stdin.close()  # type: ignore[union-attr]
        proc.stdin = None  # communicate() must not touch the closed pipe

    def result(self) -> CrawlResult:
        try:
            stdout, stderr = self.proc.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            stdout, stderr = self.proc.communicate()
            raise AssertionError(f"crawl subprocess timed out:\n{stderr[-4000:]}") from None
        if self.proc.returncode != 0 or not stdout.strip():
            raise AssertionError(f"crawl subprocess failed ({self.proc.returncode}):\n{stderr[-4000:]}")
        data = json.loads(stdout.strip().splitlines()[-1])
        return CrawlResult(data["items"], data["failures"], data["stats"], data["log"], data["maxrss_mib"], stderr)


def start_crawl(
    urls: list[str] | None = None,
    settings: dict[str, Any] | None = None,
    *,
    spider: str | None = None,
    spider_args: dict[str, Any] | None = None,
    explicit: bool = True,
    follow: bool = False,
    iframes: bool = False,
    home: str | os.PathLike[str] | None = None,
    timeout: float = 90,
) -> RunningCrawl:
    """Start a crawl subprocess; ``.result()`` waits for it."""
    job = {
        "urls": urls or [],
        # a project spider runs on web2md.settings, so spider arguments can still override them
        "settings": {**(BASE_SETTINGS if spider is None else PROJECT_SPIDER_SETTINGS), **(settings or {})},
        "spider": spider,
        "spider_args": spider_args or {},
        "explicit": explicit,
        "follow": follow,
        "iframes": iframes,
    }
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    if home is not None:
        env["HOME"] = str(home)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.mw_harness"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=str(ROOT),
        env=env,
    )
    return RunningCrawl(proc, json.dumps(job), timeout)


# -- the child process ----------------------------------------------------
class _LogCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(f"{record.levelname} {record.name}: {record.getMessage()}")
        except Exception:  # a broken log call must not break the report
            self.lines.append(f"{record.levelname} {record.name}: {record.msg!r}")


def _harness_spider():
    import scrapy
    from scrapy.http import HtmlResponse

    from web2md.middlewares import META_EXPLICIT

    class HarnessSpider(scrapy.Spider):
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
                    url,
                    callback=self.parse,
                    errback=self.errback,
                    dont_filter=True,
                    meta={META_EXPLICIT: self.explicit},
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

    return HarnessSpider


def _main() -> None:
    job = json.load(sys.stdin)
    from scrapy import signals
    from scrapy.crawler import CrawlerProcess
    from scrapy.utils.project import get_project_settings

    settings = get_project_settings() if job["spider"] else None
    process = CrawlerProcess(settings)
    for name, value in job["settings"].items():
        process.settings.set(name, value, priority="cmdline")
    collector = _LogCollector()
    logging.getLogger().addHandler(collector)
    logging.getLogger().setLevel(logging.DEBUG)

    if job["spider"]:
        spidercls = process.spider_loader.load(job["spider"])
        kwargs = dict(job["spider_args"])
    else:
        spidercls = _harness_spider()
        kwargs = {
            "urls": job["urls"],
            "explicit": job["explicit"],
            "follow": job["follow"],
            "iframes": job["iframes"],
            **job["spider_args"],
        }
    crawler = process.create_crawler(spidercls)
    items: list[dict[str, Any]] = []

    def collect(item, response, spider):
        items.append({k: v for k, v in dict(item).items() if k != "tree" and not isinstance(v, bytes)})

    crawler.signals.connect(collect, signal=signals.item_scraped)
    process.crawl(crawler, **kwargs)
    process.start()
    stats = {
        k: (v if isinstance(v, (int, float, str, bool)) or v is None else str(v))
        for k, v in crawler.stats.get_stats().items()
    }
    failures = getattr(crawler.spider, "failures", [])
    import resource

    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    out = {"items": items, "failures": failures, "stats": stats, "log": collector.lines, "maxrss_mib": maxrss}
    sys.stdout.write("\n" + json.dumps(out, default=str) + "\n")


if __name__ == "__main__":
    _main()
