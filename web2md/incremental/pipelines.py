"""Incremental re-crawl, the export side: a page whose Markdown is what its files already hold is not written again.

`UnchangedPipeline` runs just before `web2md.pipelines.export` and drops such a
page (counted as ``web2md/unchanged``); `ExportedPipeline` runs just after it and
records the Markdown (hash and text), title and files, which also makes the page's
validators and links the ones used next time (`web2md.incremental.store`), and
notes the page as new or changed (with the diff of its Markdown) in the run's
`web2md.incremental.changes.ChangeLog`. Both are off unless ``WEB2MD_INCREMENTAL`` is set.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured

from web2md.incremental.changes import markdown_diff
from web2md.incremental.store import IncrementalStore, UnchangedPage
from web2md.items import PageItem
from web2md.paths import output_file

logger = logging.getLogger(__name__)


class _IncrementalPipeline:
    def __init__(self, crawler: Crawler, store: IncrementalStore) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.store = store

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Any:
        store = crawler.get_extension(IncrementalStore)
        if store is None:
            raise NotConfigured  # WEB2MD_INCREMENTAL is not set; no message: Scrapy would log a warning
        return cls(crawler, store)

    def page_files(self, item: PageItem) -> list[Path]:
        """The files the export writes for this page (none when file output is off)."""
        spider = self.crawler.spider
        root, formats = getattr(spider, "output_dir", ""), getattr(spider, "formats", [])
        if not root:
            return []
        from web2md.exporters import get_format  # here: it imports Scrapy's exporters and pydantic (~80 ms)

        url = item.get("final_url") or item["url"]
        return [output_file(root, url, get_format(name).extension) for name in formats]


def markdown(item: PageItem) -> str:
    return item.get("markdown") or ""


def markdown_sha256(item: PageItem) -> str:
    return hashlib.sha256(markdown(item).encode("utf-8")).hexdigest()


class UnchangedPipeline(_IncrementalPipeline):
    def process_item(self, item: Any) -> Any:
        if not isinstance(item, PageItem):
            return item
        url = item.get("final_url") or item["url"]
        files = self.page_files(item)
        if files and self.store.markdown_sha256(url) == markdown_sha256(item) and all(f.is_file() for f in files):
            self.stats.inc_value("web2md/unchanged")
            self.store.changes.record(url, "unchanged", item.get("title"))
            # the response's validators now describe the files as they are
            self.store.exported(url, markdown_sha256(item), [str(f) for f in files], item.get("title"), markdown(item))
            raise UnchangedPage(f"unchanged since the last crawl: {url}", log_level="DEBUG")
        return item


class ExportedPipeline(_IncrementalPipeline):
    def process_item(self, item: Any) -> Any:
        if not isinstance(item, PageItem):
            return item
        files = self.page_files(item)
        if not files:
            return item
        url, digest, title = item.get("final_url") or item["url"], markdown_sha256(item), item.get("title")
        before = self.store.markdown_sha256(url)
        changes = self.store.changes
        if before is None:
            changes.record(url, "new", title)
        elif before == digest:  # the same Markdown written again (its files had gone)
            changes.record(url, "unchanged", title)
        else:
            _title, previous = self.store.previous(url)
            changes.changed(url, title, None if previous is None else markdown_diff(url, previous, markdown(item)))
        self.store.exported(url, digest, [str(f) for f in files], title, markdown(item))
        return item
