"""Write each page to its own file(s) under the output folder, one file per requested format."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from scrapy.crawler import Crawler

from web2md.exporters import get_format
from web2md.items import PageItem
from web2md.paths import output_file

logger = logging.getLogger(__name__)


class ExportPipeline:
    """Write ``<output>/<host>/<path>.<ext>`` for each page and format (see `web2md.paths`).

    The folder and formats come from the spider (``-a output=``, ``-a formats=``)
    or the ``WEB2MD_OUTPUT_DIR`` / ``WEB2MD_FORMATS`` settings; an empty folder
    or format list turns file output off.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.root: Path | None = None
        self.formats: list[str] = []

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> "ExportPipeline":
        return cls(crawler)

    def open_spider(self) -> None:
        spider = self.crawler.spider
        settings = self.crawler.settings
        output = getattr(spider, "output_dir", settings.get("WEB2MD_OUTPUT_DIR", ""))
        self.formats = list(getattr(spider, "formats", [settings.get("WEB2MD_FORMATS", "md")]))
        self.root = Path(output).resolve() if output and self.formats else None

    def process_item(self, item: Any) -> Any:
        if self.root is None or not isinstance(item, PageItem):
            return item
        url = item.get("final_url") or item["url"]
        for name in self.formats:
            fmt = get_format(name)
            target = output_file(self.root, url, fmt.extension)
            target.parent.mkdir(parents=True, exist_ok=True)
            data = (fmt.render(item) + "\n").encode("utf-8")
            # write then rename, so a reader never sees half a file
            partial = target.with_name(target.name + ".part")
            partial.write_bytes(data)
            os.replace(partial, target)
            logger.debug("Wrote %s for %s", target, url)
            self.stats.inc_value("web2md/file_count")
        return item
