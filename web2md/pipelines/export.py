"""Write each page to its own file(s) under the output folder, one file per requested format."""

from __future__ import annotations

import logging
import mimetypes
import os
from pathlib import Path
from typing import Any
import asyncio
from concurrent.futures import ThreadPoolExecutor

from scrapy.crawler import Crawler

from web2md.exporters import get_format
from web2md.items import DocumentItem, PageItem
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
        # rendering and file system calls leave the reactor thread; one thread keeps the writes in order
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="web2md-export")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> "ExportPipeline":
        return cls(crawler)

    def open_spider(self) -> None:
        spider = self.crawler.spider
        settings = self.crawler.settings
        output = getattr(spider, "output_dir", settings.get("WEB2MD_OUTPUT_DIR", ""))
        self.formats = list(getattr(spider, "formats", [settings.get("WEB2MD_FORMATS", "md")]))
        self.root = Path(output).resolve() if output and self.formats else None

    async def process_item(self, item: Any) -> Any:
        return await asyncio.wrap_future(self.writer.submit(self.write_item, item))

    def close_spider(self) -> None:
        self.writer.shutdown(wait=True)

    def write_item(self, item: Any) -> Any:
        """Write the files of one item (in the writer thread)."""
        if isinstance(item, DocumentItem):
            body = item.pop("body", b"")
            if self.root is not None:
                self.save_document(item, body)
            return item
        if self.root is None or not isinstance(item, PageItem):
            return item
        url = item.get("final_url") or item["url"]
        for name in self.formats:
            fmt = get_format(name)
            target = output_file(self.root, url, fmt.extension)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = fmt.render(item)
            data = (text if text.endswith("\n") else text + "\n").encode("utf-8")  # CSV rows end in CRLF already
            # write then rename, so a reader never sees half a file
            partial = target.with_name(target.name + ".part")
            partial.write_bytes(data)
            os.replace(partial, target)
            logger.debug("Wrote %s for %s", target, url)
            self.stats.inc_value("web2md/file_count")
        return item

    def save_document(self, item: DocumentItem, body: bytes) -> None:
        """Non-HTML bytes (PDF, image, ...) go under the output folder as they came; the item records where."""
        assert self.root is not None
        url = item.get("final_url") or item["url"]
        ext = document_extension(item.get("filename") or "", item.get("mime_type") or "")
        target = output_file(self.root, url, ext)
        if target.name.endswith(f".{ext}.{ext}"):  # /report.pdf: keep report.pdf, not report.pdf.pdf
            target = target.with_name(target.name[: -len(ext) - 1])
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".part")
        partial.write_bytes(body)
        os.replace(partial, target)
        item["path"] = str(target)
        logger.debug("Saved %s (%s, %d bytes) for %s", target, item.get("mime_type"), len(body), url)
        self.stats.inc_value("web2md/document_file_count")


def document_extension(filename: str, mime_type: str) -> str:
    """The file extension for a saved document: the filename's own, else the usual one for its type."""
    suffix = filename.rsplit(".", 1)[1].lower() if "." in filename.strip(".") else ""
    if suffix.isalnum() and len(suffix) <= 10:
        return suffix
    guessed = mimetypes.guess_extension(mime_type.split(";")[0].strip().lower(), strict=False) or ".bin"
    return guessed.lstrip(".")

