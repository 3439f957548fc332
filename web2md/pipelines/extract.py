"""Fill each `PageItem` with its converted page, read in a worker process beside the reactor (`web2md.conversion.converter`).

A spider that needs the page's links has had it read already (the item's
transient `read`); this pipeline converts the other items, fetches the iframes
of pages that have some and has those pages converted with them, and turns
the answers into item fields, stats and, for a page that could not be
converted, a dropped item.
"""

from __future__ import annotations

import hashlib
import logging
import re
from typing import Any
from urllib.parse import unquote, urlsplit

from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem
from w3lib.encoding import http_content_type_encoding, resolve_encoding

from web2md.conversion.converter import Converter
from web2md.conversion.shape import BLOCKED
from web2md.conversion.workers import WorkerTimeout
from web2md.extensions import needed
from web2md.failures import EXTRACTION_TIMED_OUT
from web2md.items import DocumentItem, PageItem, is_empty
from web2md.middlewares.limits import record_failure

logger = logging.getLogger(__name__)


class ExtractPipeline:
    """Fill a `PageItem` from `web2md.convert` (HTML) or `web2md.text_for` (other text types).

    The crawl's `Converter` (an extension) runs the conversions (``WEB2MD_WORKERS``,
    ``WEB2MD_EXTRACT_TIMEOUT``). A page that cannot be converted (an error, a
    dead worker, a timeout) is logged with its URL, counted as
    ``web2md/failed/extraction_error`` or ``extraction_timeout`` and dropped; the
    crawl goes on (see docs/design.md#failures). Scrapy holds back new downloads while the pages in
    the spider callbacks and pipelines exceed ``SCRAPER_SLOT_MAX_ACTIVE_SIZE``, so memory stays flat.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.converter = needed(crawler, Converter)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ExtractPipeline:
        return cls(crawler)

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, PageItem):
            return item
        read = item.pop("read", None)
        caller = item.pop("request", None)
        job = self.converter.job(item)
        item.pop("body", None)
        item.pop("html", None)
        item.pop("options", None)
        url = job.url
        try:
            if isinstance(read, Exception):  # the spider's reading failed
                raise read
            # in auto browser mode an app shell comes back as the browser renders it (`Converter.read`)
            result = await self.converter.finish(job, read, caller)
        except WorkerTimeout as exc:
            record_failure(self.stats, url, "extraction_timeout", str(exc))
            raise DropItem(f"{EXTRACTION_TIMED_OUT} after {self.converter.timeout:g} s") from exc
        except Exception as exc:
            logger.error("Extraction failed for %s: %s", url, exc, exc_info=self.converter.pool is None)
            record_failure(self.stats, url, "extraction_error", log=False)  # logged just above
            raise DropItem(f"extraction failed: {exc}") from exc
        if "error" in result:
            if "document" in result:  # a PDF or DOCX that cannot be read: the reason is its one line
                self.stats.inc_value("web2md/document_count")
            logger.error("Extraction failed for %s: %s", url, result["error"])
            record_failure(self.stats, url, "extraction_error", log=False)  # logged just above
            raise DropItem(f"extraction failed: {result['error'].splitlines()[0]}")
        if "blocked" in result:  # a bot challenge stands in for the page: never exported (docs/javascript.md#auto)
            record_failure(self.stats, url, "blocked", result["blocked"])
            raise DropItem(f"{BLOCKED} ({result['blocked']})")
        if "unsupported" in result:
            # not text: the export keeps the bytes and a DocumentItem describes them (see docs/design.md#documents)
            logger.info("Not a text document: %s: %s", url, result["reason"])
            self.stats.inc_value("web2md/unsupported_count")
            self.stats.inc_value("web2md/document_count")
            return document_item(item, job.body, result["unsupported"])
        if "document" in result:
            # a PDF or DOCX read into this page; the original is saved beside its files (docs/files.md#documents)
            self.stats.inc_value("web2md/document_count")
            item["document"] = document_item(item, job.body, result["document"])
        if "page" in result:
            item["charset"] = result[
                "encoding"
            ]  # what the body was decoded with (BOM, header, <meta>, else UTF-8/cp1252)
            if result["inlined"]:
                self.stats.inc_value("web2md/iframe/inlined", result["inlined"])
            if "escalated" in result:  # auto mode: an app shell converted after its scripts
                engine, why = result["escalated"]
                logger.info("Rendered %s (%s): %s", url, engine, why)
                self.stats.inc_value(f"web2md/javascript/escalated/{engine}")
            if "unrendered" in result:
                logger.info(
                    "%s looks like an app shell (%s): --browser may show its content", url, result["unrendered"]
                )
                self.stats.inc_value("web2md/javascript/unrendered")
            if result["js"] is not None:
                self.stats.inc_value("web2md/js/pages")
                for key, count in zip(("web2md/js/ran", "web2md/js/failed"), result["js"]):
                    if count:
                        self.stats.inc_value(key, count)
            for name, value in result["page"].items():
                if name == "url" or name not in item.fields:
                    continue
                item[name] = reported_charset(item, value) if name == "charset" else value
        else:
            item["markdown"] = item["text"] = result["markdown"]
        for name in ("markdown", "title"):
            if is_empty(item.get(name)):
                item[name] = ""
        self.stats.inc_value("web2md/page_count")
        return item


def reported_charset(item: PageItem, markup: str) -> str:
    """The `charset` of a page whose markup declares `markup` (``<meta charset>``).

    The encoding the body was decoded with wins: the one the spider's response
    declares (BOM, else the Content-Type charset, else the markup's declaration),
    else the core's fallback for undeclared bytes (``utf-8`` or ``cp1252``).
    The markup's own label is reported only when the response declared no charset
    and that label is what decoded the body (not a BOM, not an unknown name), or
    when the item has no encoding at all.
    """
    decoded = item.get("charset")
    if not decoded:
        return markup
    if http_content_type_encoding(item.get("content_type") or ""):
        return decoded
    return markup if resolve_encoding(markup) == resolve_encoding(decoded) else decoded


def document_item(item: PageItem, body: bytes, mime_type: str) -> DocumentItem:
    """The `DocumentItem` for a page whose body is not text; its bytes go along (transient) for the export."""
    url = item.get("final_url") or item.get("url", "")
    headers = item.get("headers") or {}
    return DocumentItem(
        url=item.get("url", url),
        final_url=url,
        status=item.get("status"),
        mime_type=mime_type,
        size=len(body),
        filename=document_filename(url, headers),
        sha256=hashlib.sha256(body).hexdigest(),
        headers=headers,
        body=body,
    )


def document_filename(url: str, headers: dict[str, str]) -> str:
    """The name the server gave the file (Content-Disposition), else the last segment of the URL path."""
    disposition = headers.get("content-disposition", "")
    match = re.search(r"filename\*?=(?:UTF-8'')?\s*\"?([^\";]+)", disposition, re.IGNORECASE)
    if match:
        name = unquote(match.group(1)).strip()
    else:
        name = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
    name = name.replace("\\", "/").rsplit("/", 1)[-1].strip()  # never a path: only the last part
    return name if name not in ("", ".", "..") else "download"
