"""Run the pure core on each `PageItem`: the tree the spider parsed goes to `convert`, the `Page` fields come back."""

from __future__ import annotations

import hashlib
import logging
import re
from typing import Any
from urllib.parse import unquote, urlsplit

from lxml.etree import _Element
from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem
from w3lib.encoding import http_content_type_encoding, resolve_encoding

from web2md.extract import convert, text_for
from web2md.extract.textfor import UnsupportedContent
from web2md.iframes import inline_iframes
from web2md.javascript import run_scripts
from web2md.middlewares.limits import record_failure
from web2md.items import DocumentItem, PageItem, is_empty

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
        if tree is not None and options.get("javascript"):
            tree = self.run_scripts(tree, url, options.get("wait"))
        try:
            if tree is not None:
                page = convert(tree, url=url, **options)
                for name, value in page.to_dict().items():
                    if name == "url" or name not in item.fields:
                        continue
                    item[name] = reported_charset(item, value) if name == "charset" else value
            else:
                markdown = text_for(body or b"", item.get("content_type"), url)
                item["markdown"] = markdown
                item["text"] = markdown
        except UnsupportedContent as exc:
            # not text: the export keeps the bytes and a DocumentItem describes them (SPEC §5)
            logger.info("Not a text document: %s: %s", url, exc)
            self.stats.inc_value("web2md/unsupported_count")
            self.stats.inc_value("web2md/document_count")
            return document_item(item, body or b"", exc.content_type)
        except Exception as exc:
            logger.exception("Extraction failed for %s", url)
            record_failure(self.stats, url, "extraction_error", log=False)  # logged just above
            raise DropItem(f"extraction failed: {exc}") from exc
        for name in ("markdown", "title"):
            if is_empty(item.get(name)):
                item[name] = ""
        self.stats.inc_value("web2md/page_count")
        return item

    def run_scripts(self, tree: _Element, url: str, wait: float | None) -> _Element:
        """The page after its inline scripts (``--javascript``), counted as ``web2md/js/*``; whatever
        happens to the scripts, the page is converted."""
        self.stats.inc_value("web2md/js/pages")
        run = run_scripts(tree, url, wait)
        for key, count in (("web2md/js/ran", run.ran), ("web2md/js/failed", run.failed)):
            if count:
                self.stats.inc_value(key, count)
        return run.tree


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
