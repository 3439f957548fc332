"""The `batch` spider: the `page` spider over a file of URLs, each once, blacklist applied, with a summary at the end."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

from scrapy import Request, signals
from w3lib.url import canonicalize_url

from web2md.blacklist.middleware import load_blacklist
from web2md.spiders.page import PageSpider

logger = logging.getLogger(__name__)


class BatchSpider(PageSpider):
    """``scrapy crawl batch -a urls_file=urls.txt``: one URL a line, blank lines and ``#`` comments skipped.

    Unlike `page`, a URL listed twice is fetched once and blacklisted inputs
    are skipped (logged, counted). Pages are exported as by `page`. When the
    crawl ends, a summary (converted, failed by reason, skipped by reason) is
    logged and kept in ``self.summary`` for the front ends.
    """

    name = "batch"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.skipped: list[dict[str, Any]] = []
        self.dropped: list[dict[str, Any]] = []
        self.summary: dict[str, Any] = {}

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any):
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.blacklist = load_blacklist(crawler.settings)
        crawler.signals.connect(spider.item_dropped, signal=signals.item_dropped)
        return spider

    async def start(self) -> AsyncIterator[Any]:
        seen: set[str] = set()
        for url in self.valid_start_urls():
            key = canonicalize_url(url)
            if key in seen:
                logger.debug("Duplicate input, fetched once: %s", url)
                self.skipped.append({"url": url, "reason": "duplicate"})
                continue
            seen.add(key)
            rule = self.blacklist.match(url)
            if rule is not None:
                logger.info("Skipping blacklisted URL (%s): %s", rule, url)
                self.crawler.stats.inc_value("web2md/blacklisted")
                self.skipped.append({"url": url, "reason": "blacklisted"})
                continue
            yield Request(url, callback=self.parse, errback=self.on_error, dont_filter=True)

    def item_dropped(self, item: Any, exception: BaseException, **kwargs: Any) -> None:
        self.dropped.append({"url": item.get("url", ""), "reason": str(exception)})

    def closed(self, reason: str) -> None:
        failed = Counter(f["reason"] for f in self.failures + self.dropped)
        skipped = Counter(s["reason"] for s in self.skipped)
        converted = self.crawler.stats.get_value("item_scraped_count", 0)
        self.summary = {
            "urls": len(self.start_urls),
            "converted": converted,
            "failed": dict(sorted(failed.items())),
            "skipped": dict(sorted(skipped.items())),
        }
        logger.info(
            "Batch summary: %d URLs, %d converted, %d failed%s, %d skipped%s",
            len(self.start_urls),
            converted,
            sum(failed.values()),
            _reasons(failed),
            sum(skipped.values()),
            _reasons(skipped),
        )


def _reasons(counts: Counter[str]) -> str:
    if not counts:
        return ""
    return " (" + ", ".join(f"{n} {reason}" for reason, n in sorted(counts.items())) + ")"
