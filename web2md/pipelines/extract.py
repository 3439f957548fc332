"""Run the pure core on each `PageItem`: the tree the spider parsed goes to `convert`, the `Page` fields come back."""

from __future__ import annotations

import logging
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem

from web2md.extract import convert, text_for
from web2md.extract.textfor import UnsupportedContent
from web2md.iframes import inline_iframes
from web2md.middlewares.limits import record_failure
from web2md.items import PageItem, is_empty

logger = logging.getLogger(__name__)


class ExtractPipeline:
    """Fill a `PageItem` from `web2md.convert` (HTML) or `web2md.text_for` (other text types).

    A page that cannot be converted is logged with its URL, counted in the
    stats and dropped; the crawl goes on (SPEC §6).
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> "ExtractPipeline":
        return cls(crawler)

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, PageItem):
            return item
        tree = item.pop("tree", None)
        body = item.pop("body", None)
        url = item.get("final_url") or item.get("url", "")
        options = getattr(self.crawler.spider, "convert_options", {})
        if tree is not None:
            # iframe documents are fetched through the same middlewares and spliced into the tree
            await inline_iframes(self.crawler, tree, url)
        try:
            if tree is not None:
                page = convert(tree, url=url, **options)
                for name, value in page.to_dict().items():
                    if name != "url" and name in item.fields:
                        item[name] = value
            else:
                markdown = text_for(body or b"", item.get("content_type"), url)
                item["markdown"] = markdown
                item["text"] = markdown
        except UnsupportedContent as exc:
            logger.warning("Not a text document: %s: %s", url, exc)
            self.stats.inc_value("web2md/unsupported_count")
            raise DropItem(str(exc)) from exc
        except Exception as exc:
            logger.exception("Extraction failed for %s", url)
            self.stats.inc_value("web2md/extract_error_count")
            record_failure(self.stats, url, "extraction_error", log=False)  # logged just above
            raise DropItem(f"extraction failed: {exc}") from exc
        for name in ("markdown", "title"):
            if is_empty(item.get(name)):
                item[name] = ""
        self.stats.inc_value("web2md/page_count")
        return item
