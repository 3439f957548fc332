"""The run report: every crawl that writes files leaves ``<output>/_runs/<UTC start>-<spider>.json``
(e.g. ``20261201T030000.123456Z-site.json``) describing itself.

So a scheduled job can be checked without reading its log: the arguments and
command-line settings, pages, documents and files written, unchanged and gone
(with their URLs), an incremental crawl's counts of new, changed, unchanged and
gone pages (each listed, changed ones with their diffs, in ``changes.jsonl``,
``changes.md`` and ``changes.atom`` beside it), failures by reason, each failed,
dropped and skipped URL with its reason (a bounded list each), bytes downloaded,
duration and Scrapy's finish reason.
"""

from __future__ import annotations

import json
import logging
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrapy import Spider, signals
from scrapy.settings import SETTINGS_PRIORITIES

from web2md.incremental.store import IncrementalStore
from web2md.items import DocumentItem, PageItem
from web2md.middlewares.limits import STATS_PREFIX
from web2md.pipelines.export import write_file

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

RUNS_FOLDER = "_runs"
#: At most how many URLs each list of the report holds; ``<list>_not_listed`` says how many more there were.
LIST_LIMIT = 1000


class RunReport:
    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.started = datetime.now(UTC)
        self.clock = time.monotonic()
        crawler.signals.connect(self.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)
        crawler.signals.connect(self.item_scraped, signal=signals.item_scraped)
        crawler.signals.connect(self.item_dropped, signal=signals.item_dropped)
        self.pages = 0
        self.documents = 0
        # pages a pipeline dropped (extraction failed, near duplicate, language, ...): the first LIST_LIMIT
        self.dropped: list[dict[str, Any]] = []
        self.dropped_more = 0

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def spider_opened(self, spider: Spider) -> None:
        self.started = datetime.now(UTC)
        self.clock = time.monotonic()

    def item_scraped(self, item: Any) -> None:
        # counted here rather than from item_scraped_count, which counts documents (PDFs...) with pages
        if isinstance(item, PageItem):
            self.pages += 1
            if item.get("document") and item["document"].get("path"):  # a PDF or DOCX read into the page
                self.documents += 1
        elif isinstance(item, DocumentItem) and item.get("path"):
            self.documents += 1

    def item_dropped(self, item: Any, exception: BaseException) -> None:
        if len(self.dropped) >= LIST_LIMIT:
            self.dropped_more += 1
            return
        url = item.get("url", "") if isinstance(item, (PageItem, DocumentItem)) else ""
        self.dropped.append({"url": url, "reason": str(exception)})

    def spider_closed(self, spider: Spider, reason: str) -> None:
        output, formats = getattr(spider, "output_dir", ""), getattr(spider, "formats", [])
        if not output or not formats or getattr(spider, "dry_run", False):
            return  # a crawl that writes no files (a dry run lists URLs only) leaves no report either
        # to the microsecond: two crawls started within one second keep a report each
        target = Path(output) / RUNS_FOLDER / f"{self.started.strftime('%Y%m%dT%H%M%S.%fZ')}-{spider.name}.json"
        store = self.crawler.get_extension(IncrementalStore)
        if store is not None:  # what changed since the last run, beside the report (web2md.incremental.changes)
            store.finish(spider, reason, self.crawler.stats)
            store.changes.write(target.parent, self.started, spider.name, str(output))
        write_file(target, (json.dumps(self.report(spider, reason), indent=2, sort_keys=True) + "\n").encode())
        logger.info("Run report written to %s", target)

    def report(self, spider: Spider, reason: str) -> dict[str, Any]:
        stats = self.crawler.stats.get_stats()
        settings = self.crawler.settings
        cmdline = SETTINGS_PRIORITIES["cmdline"]
        prefix = f"{STATS_PREFIX}/"
        store = self.crawler.get_extension(IncrementalStore)
        failures = getattr(spider, "failures", [])
        skipped = getattr(spider, "skipped", {})
        return {
            "spider": spider.name,
            "arguments": {k: str(v) for k, v in getattr(spider, "arguments", {}).items()},
            "settings": {k: str(v) for k, v in settings.items() if settings.getpriority(k) == cmdline},
            "output": str(getattr(spider, "output_dir", "")),
            "started": self.started.isoformat(timespec="seconds"),
            "duration_seconds": round(time.monotonic() - self.clock, 3),
            "finish_reason": reason,
            "pages_written": self.pages,
            "documents_written": self.documents,
            # a file per page and format, and a document's one file
            "files_written": stats.get("web2md/file_count", 0) + stats.get("web2md/document_file_count", 0),
            "unchanged": stats.get("web2md/unchanged", 0),
            "gone": sorted(store.gone) if store is not None else [],
            # new, changed, unchanged, gone: how many pages of each (an incremental crawl's; changes.jsonl lists them)
            "changes": store.changes.counts() if store is not None else {},
            "failed": {k[len(prefix) :]: v for k, v in sorted(stats.items()) if k.startswith(prefix)},
            "failed_urls": [
                {"url": f["url"], "status": f.get("status"), "reason": f["reason"]} for f in failures[:LIST_LIMIT]
            ],
            "failed_urls_not_listed": max(0, len(failures) - LIST_LIMIT),
            "dropped_urls": self.dropped,
            "dropped_urls_not_listed": self.dropped_more,
            "skipped_urls": [{"url": url, "reason": why} for url, why in skipped.items()],
            "skipped_urls_not_listed": getattr(spider, "skipped_more", 0),
            "bytes_downloaded": stats.get("downloader/response_bytes", 0),
        }
