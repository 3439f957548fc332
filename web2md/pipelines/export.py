"""Write each page to its own file(s) under the output folder, one file per requested format.

With ``-a frontmatter=1`` (or ``WEB2MD_FRONTMATTER``) a Markdown file starts with
the page's metadata as YAML front matter, as ``web2md fetch --frontmatter`` prints it.
Each file is written to a new temporary file beside it (created exclusively, so
a planted symlink is never followed), flushed to disk and renamed over the
target, so a reader never sees half a file; temporary files left by a killed
crawl are removed when the next one starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import mimetypes
import os
import stat
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem

from web2md import formats
from web2md.formats import FORMATS
from web2md.items import DocumentItem, PageItem
from web2md.middlewares import as_bool
from web2md.middlewares.limits import record_failure
from web2md.paths import document_path, output_file

logger = logging.getLogger(__name__)

#: Temporary files are ``.<target name>.<random>.part``; no page or document file starts with a dot.
PART_PREFIX = "."
PART_SUFFIX = ".part"


class ExportPipeline:
    """Write ``<output>/<host>/<path>.<ext>`` for each page and format (see `web2md.paths`).

    The folder and formats come from the spider (``-a output=``, ``-a formats=``)
    or the ``WEB2MD_OUTPUT_DIR`` / ``WEB2MD_FORMATS`` settings; an empty folder
    or format list turns file output off. Front matter comes from ``-a frontmatter=``
    or ``WEB2MD_FRONTMATTER`` (`wants_frontmatter`).
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.root: Path | None = None
        self.formats: list[str] = []
        self.frontmatter = False
        # rendering and file system calls leave the reactor thread; one thread keeps the writes in order
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="web2md-export")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ExportPipeline:
        return cls(crawler)

    def open_spider(self) -> None:
        spider = self.crawler.spider
        settings = self.crawler.settings
        output = getattr(spider, "output_dir", settings.get("WEB2MD_OUTPUT_DIR", ""))
        self.formats = list(getattr(spider, "formats", [settings.get("WEB2MD_FORMATS", "md")]))
        self.root = Path(output).resolve() if output and self.formats else None
        self.frontmatter = wants_frontmatter(spider, settings)
        if self.root is not None and self.root.is_dir():
            remove_stale_parts(self.root)

    async def process_item(self, item: Any) -> Any:
        return await asyncio.wrap_future(self.writer.submit(self.write_item, item))

    def close_spider(self) -> None:
        self.writer.shutdown(wait=True)

    def write_item(self, item: Any) -> Any:
        """Write the files of one item (in the writer thread)."""
        if isinstance(item, DocumentItem):
            body = item.pop("body", b"")
            if self.root is not None:
                try:
                    self.save_document(item, body)
                except (OSError, ValueError) as exc:
                    self.failed(item, exc)
            return item
        if not isinstance(item, PageItem):
            return item
        document = item.get("document")
        body = document.pop("body", b"") if document is not None else b""
        if self.root is None:
            return item
        if document is not None:  # a PDF or DOCX read into this page is kept as it came too
            try:
                self.save_document(document, body)
            except (OSError, ValueError) as exc:
                self.failed(item, exc)
            del body
        url = item.get("final_url") or item["url"]
        from web2md.exporters import get_format  # here: it imports Scrapy's exporters and pydantic (~80 ms)

        for name in self.formats:
            fmt = get_format(name)
            if self.frontmatter and formats.normalize_format(name) == "md":
                text = formats.render(item, "md", frontmatter=True)
            else:
                text = fmt.render(item)
            ending = b"" if text.endswith("\n") else b"\n"  # CSV rows end in CRLF already
            data = text.encode("utf-8")  # no `text + "\n"`: a copy of a page's whole JSON
            del text
            try:
                target = output_file(self.root, url, fmt.extension)
                write_file(target, data, ending)
            except (OSError, ValueError) as exc:
                self.failed(item, exc)
            logger.debug("Wrote %s for %s", target, url)
            self.stats.inc_value("web2md/file_count")
        return item

    def failed(self, item: PageItem | DocumentItem, exc: Exception) -> None:
        """A file that could not be written: one log line, counted as a failed page and dropped; the crawl goes on."""
        url = item.get("final_url") or item.get("url", "")
        detail = f"cannot write its file: {exc}"
        record_failure(self.stats, url, "export_error", detail)
        # logged just above: Scrapy's own "Dropped" line (with the whole item) only at DEBUG
        raise DropItem(detail, log_level="DEBUG") from exc

    def save_document(self, item: DocumentItem, body: bytes) -> None:
        """Non-HTML bytes (PDF, image, ...) go under the output folder as they came; the item records where."""
        assert self.root is not None
        url = item.get("final_url") or item["url"]
        ext = document_extension(item.get("filename") or "", item.get("mime_type") or "")
        target = output_file(self.root, url, ext, document_path(url, ext, PAGE_EXTENSIONS))
        write_file(target, body)
        item["path"] = str(target)
        logger.debug("Saved %s (%s, %d bytes) for %s", target, item.get("mime_type"), len(body), url)
        self.stats.inc_value("web2md/document_file_count")


def wants_frontmatter(spider: Any, settings: Any) -> bool:
    """``-a frontmatter=`` if given, else the ``WEB2MD_FRONTMATTER`` setting; ValueError for a value not a boolean."""
    value = getattr(spider, "frontmatter", None)
    name = "argument frontmatter"
    if value is None:
        name, value = "WEB2MD_FRONTMATTER", settings.get("WEB2MD_FRONTMATTER", False)
    try:
        return as_bool(value)
    except ValueError:
        raise ValueError(f"{name} expects 1/true/yes or 0/false/no, got {value!r}") from None


def write_file(target: Path, data: bytes, ending: bytes = b"") -> None:
    """Replace `target` with `data` + `ending` atomically: a new temporary file in its folder, fsync, rename.

    A file replaced keeps its permissions; a new one gets the usual ones (0666 less the umask).
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_of(target)
    # mkstemp opens with O_CREAT | O_EXCL: it never writes through an existing file or symlink
    fd, partial = tempfile.mkstemp(prefix=f"{PART_PREFIX}{target.name}.", suffix=PART_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.write(ending)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(partial, mode)  # mkstemp makes it 0600; a page file is as readable as any other
        os.replace(partial, target)  # a symlink at `target` is replaced, not followed
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise


def remove_stale_parts(root: Path) -> None:
    """Remove the temporary files a killed crawl left under `root` (a symlink is removed, never followed)."""
    removed = 0
    for folder, _dirs, files in os.walk(root):
        for name in files:
            if name.startswith(PART_PREFIX) and name.endswith(PART_SUFFIX):
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(folder, name))
                    removed += 1
    if removed:
        logger.info("Removed %d temporary file(s) left under %s by an interrupted crawl", removed, root)


#: The last suffix of every page file's name: a document with one of these is never named as its URL alone.
PAGE_EXTENSIONS = frozenset(fmt.extension.rsplit(".", 1)[-1] for fmt in FORMATS.values())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _umask()


def _mode_of(target: Path) -> int:
    """The permissions of the regular file at `target` (a symlink there is replaced, so it has none to keep)."""
    try:
        info = os.lstat(target)
    except OSError:
        return 0o666 & ~_UMASK
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else 0o666 & ~_UMASK


def document_extension(filename: str, mime_type: str) -> str:
    """The file extension for a saved document: the filename's own, else the usual one for its type."""
    suffix = filename.rsplit(".", 1)[1].lower() if "." in filename.strip(".") else ""
    if suffix.isalnum() and len(suffix) <= 10:
        return suffix
    guessed = mimetypes.guess_extension(mime_type.split(";")[0].strip().lower(), strict=False) or ".bin"
    return guessed.lstrip(".")
