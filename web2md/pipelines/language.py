"""The `lang` filter: pages not in the wanted language are dropped (``-a lang=de``, ``WEB2MD_LANG``)."""

from __future__ import annotations

import logging
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem

from web2md.extract.meta.language import LanguageMismatch, check_language, parse_language_option
from web2md.items import PageItem

logger = logging.getLogger(__name__)


class LanguagePipeline:
    """Drop pages whose `language` (ISO 639-1 from markup or 639-3 from the detector) is not `lang`.

    `lang` accepts ISO 639-1 or 639-3 (``de``, ``deu``). A page whose language
    could not be determined does not match. Dropped pages are logged with their
    URL and counted as ``web2md/language_mismatch_count``.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.wanted: str | None = crawler.settings.get("WEB2MD_LANG") or None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> LanguagePipeline:
        return cls(crawler)

    def open_spider(self) -> None:
        argument = getattr(self.crawler.spider, "lang", None)
        if argument:
            self.wanted = str(argument)
        if self.wanted:
            parse_language_option(self.wanted)  # a typo fails the crawl at start-up, not every page

    def process_item(self, item: Any) -> Any:
        if not self.wanted or not isinstance(item, PageItem):
            return item
        url = item.get("final_url") or item.get("url", "")
        try:
            check_language(item.get("language"), self.wanted, url)
        except LanguageMismatch as exc:
            logger.info("Dropped %s: language %s, wanted %s", url, exc.language or "unknown", self.wanted)
            self.stats.inc_value("web2md/language_mismatch_count")
            raise DropItem(str(exc)) from exc
        return item
