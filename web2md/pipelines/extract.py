"""Run the pure core on each `PageItem`, in worker processes beside the reactor (or in process with 0 workers).

With ``WEB2MD_WORKERS=0`` the tree the spider parsed goes to `convert`; with
workers, the page's body goes to a worker, which parses it the same way, so the
output is the same bytes either way. Iframes are fetched here, on the reactor,
and spliced in wherever the page is converted. What must outlive a page (the
near-duplicate fingerprints, the iframe cache) stays in this process.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

from lxml.etree import _Element
from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem
from w3lib.encoding import http_content_type_encoding, resolve_encoding

from web2md.extract import convert, text_for
from web2md.extract.textfor import UnsupportedContent
from web2md.extract.renderer.parse import DEFAULT_MAX_ELEMENTS
from web2md.iframes import FrameDocument, IframeFetcher, parse_document, splice_iframes
from web2md.items import DocumentItem, PageItem, is_empty
from web2md.javascript import run_scripts
from web2md.middlewares.limits import record_failure
from web2md.workers import WorkerPool, WorkerTimeout, default_workers

logger = logging.getLogger(__name__)


@dataclass
class Conversion:
    """What one page needs to be converted anywhere: plain data, small enough to send to a worker."""

    url: str
    body: bytes
    html: bool  # an HTML page (`convert`), else a text type (`text_for`)
    content_type: str | None = None
    frames: dict[str, FrameDocument] = field(default_factory=dict)
    max_frames: int = 0
    options: dict[str, Any] = field(default_factory=dict)


def run_conversion(job: Conversion, tree: _Element | None = None) -> dict[str, Any]:
    """Convert one page: ``{"page": Page fields, "inlined": n}`` for HTML, ``{"markdown": ...}`` for text,
    ``{"unsupported": content type, "reason": ...}`` for bytes that are not text.

    `tree` is the page already parsed from `job.body` (in process); a worker parses it again.
    """
    if job.html:
        if tree is None:
            tree = parse_document(job.url, job.body, job.content_type or "text/html",
                                  job.options.get("max_elements", DEFAULT_MAX_ELEMENTS))
        inlined = splice_iframes(tree, job.url, job.frames, job.max_frames) if job.frames else 0
        scripts = None
        if job.options.get("javascript"):
            # the page after its inline scripts (--javascript); whatever they do, it is converted
            scripts = run_scripts(tree, job.url, job.options.get("wait"))
            tree = scripts.tree
        return {"page": convert(tree, url=job.url, **job.options).to_dict(), "inlined": inlined,
                "js": [scripts.ran, scripts.failed] if scripts is not None else None}
    try:
        return {"markdown": text_for(job.body, job.content_type, job.url)}
    except UnsupportedContent as exc:
        return {"unsupported": exc.content_type, "reason": str(exc)}


class ExtractPipeline:
    """Fill a `PageItem` from `web2md.convert` (HTML) or `web2md.text_for` (other text types).

    ``WEB2MD_WORKERS`` processes convert (default: one per core; ``0``: in this
    process, for debugging). A page still converting after
    ``WEB2MD_EXTRACT_TIMEOUT`` seconds has its worker killed and replaced. A page
    that cannot be converted (an error, a dead worker, a timeout) is logged with
    its URL, counted as ``web2md/failed/extraction_error`` or
    ``extraction_timeout`` and dropped; the crawl goes on (SPEC §6). Pages wait
    for a free worker in order; Scrapy holds back new downloads while the pages
    in the pipelines exceed ``SCRAPER_SLOT_MAX_ACTIVE_SIZE``, so memory stays flat.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        settings = crawler.settings
        workers = settings.get("WEB2MD_WORKERS")
        self.workers = default_workers() if workers in (None, "") else settings.getint("WEB2MD_WORKERS")
        self.timeout = settings.getfloat("WEB2MD_EXTRACT_TIMEOUT", 60.0) or None
        self.iframes = IframeFetcher(crawler)
        self.pool: WorkerPool | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> "ExtractPipeline":
        return cls(crawler)

    def open_spider(self) -> None:
        # worker processes take a moment to start: a crawl of one page converts it here instead
        page_bound = getattr(self.crawler.spider, "page_bound", None)
        bound = page_bound() if page_bound is not None else None
        workers = self.workers if bound is None else min(self.workers, bound)
        if workers > 0 and bound != 1:
            self.pool = WorkerPool(workers, self.timeout)
            self.pool.warm_up()  # while the first pages download

    async def close_spider(self) -> None:
        if self.pool is not None:
            await self.pool.close()

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, PageItem):
            return item
        tree = item.pop("tree", None)
        url = item.get("final_url") or item.get("url", "")
        job = Conversion(url, item.pop("body", None) or b"", html=tree is not None,
                         content_type=item.get("content_type"), max_frames=self.iframes.max_count,
                         options=getattr(self.crawler.spider, "convert_options", {}))
        if tree is not None:
            # iframe documents are fetched through the same middlewares, spliced in where the page is converted
            job.frames = await self.iframes.fetch(tree, url)
        try:
            if self.pool is None:
                result = run_conversion(job, tree)
            else:
                tree = None  # the worker parses the body again; this process needs the tree no more
                result = await self.pool.run(run_conversion, job)
        except WorkerTimeout as exc:
            record_failure(self.stats, url, "extraction_timeout", str(exc))
            raise DropItem(f"extraction timed out: {exc}") from exc
        except Exception as exc:
            logger.error("Extraction failed for %s: %s", url, exc, exc_info=self.pool is None)
            record_failure(self.stats, url, "extraction_error", log=False)  # logged just above
            raise DropItem(f"extraction failed: {exc}") from exc
        if "unsupported" in result:
            # not text: the export keeps the bytes and a DocumentItem describes them (SPEC §5)
            logger.info("Not a text document: %s: %s", url, result["reason"])
            self.stats.inc_value("web2md/unsupported_count")
            self.stats.inc_value("web2md/document_count")
            return document_item(item, job.body, result["unsupported"])
        if "page" in result:
            if result["inlined"]:
                self.stats.inc_value("web2md/iframe/inlined", result["inlined"])
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
