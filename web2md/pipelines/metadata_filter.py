"""`only_with_metadata`: pages without a title and a published date are dropped (see docs/design.md#command-line
``--only-with-metadata``)."""

from __future__ import annotations

import logging
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem

from web2md.extract.meta.metadata import MissingMetadata, check_metadata
from web2md.items import PageItem

logger = logging.getLogger(__name__)

_TRUE = frozenset({"1", "true", "yes", "on"})


class MetadataFilterPipeline:
    """Drop pages lacking a title or a published date when ``-a only_with_metadata=1``
    (or ``WEB2MD_ONLY_WITH_METADATA``) is set; counted as ``web2md/missing_metadata_count``."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.enabled = crawler.settings.getbool("WEB2MD_ONLY_WITH_METADATA")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> MetadataFilterPipeline:
        return cls(crawler)

    def open_spider(self) -> None:
        argument = getattr(self.crawler.spider, "only_with_metadata", None)
        if argument is not None:
            self.enabled = argument is True or str(argument).strip().lower() in _TRUE

    def process_item(self, item: Any) -> Any:
        if not self.enabled or not isinstance(item, PageItem):
            return item
        url = item.get("final_url") or item.get("url", "")
        try:
            check_metadata(item, url)
        except MissingMetadata as exc:
            logger.info("Dropped %s: no %s", url, " and no ".join(exc.missing))
            self.stats.inc_value("web2md/missing_metadata_count")
            raise DropItem(str(exc)) from exc
        return item
