"""What an incremental re-crawl remembers per page URL: validators (ETag, Last-Modified), the Markdown (its hash, and
the text itself compressed, for the next run's diff), its title and files, and the links and robots directives read from it.

One SQLite file, ``<WEB2MD_INCREMENTAL>/incremental.sqlite3``, committed after
every change (WAL), so a crawl killed at any point leaves it consistent. A
page's validators and links are staged when its response arrives and become
the ones used (``If-None-Match`` / ``If-Modified-Since``, the links a 304
yields) only once its files are written, so a page that was fetched but never
exported is fetched whole again. A state file written before the Markdown and
links were kept is read as it is: its pages gain the new columns empty, so each
is fetched whole once (its links are not known) and a change has no diff.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.exceptions import DropItem, NotConfigured

from web2md.incremental import page_links_read
from web2md.incremental.changes import CHANGES_STAT, ChangeLog

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Spider
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

FILENAME = "incremental.sqlite3"
#: A page's Markdown longer than this (characters) is not kept: its next change is reported without a diff.
MAX_KEPT_MARKDOWN = 1_000_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS pages (
    url TEXT PRIMARY KEY,
    etag TEXT, last_modified TEXT,
    staged_etag TEXT, staged_last_modified TEXT,
    markdown_sha256 TEXT,
    files TEXT NOT NULL DEFAULT '[]'
)
"""
#: Columns added since the first state format; a state file without them gets them, empty.
_ADDED_COLUMNS = {
    "title": "TEXT",
    "markdown": "BLOB",  # zlib-compressed UTF-8
    "links": "TEXT",  # JSON: the page's links when they were read, NULL when not (a page at the last depth)
    "directives": "TEXT",  # JSON: the robots directives obeyed when its links were read
    "staged_links": "TEXT",
    "staged_directives": "TEXT",
    "gone": "TEXT",  # why the page was found gone, until it is exported again
}


class UnchangedPage(DropItem):
    """The page's Markdown is what its files already hold: nothing to export, and nothing failed."""


class IncrementalStore:
    """The crawl's one store, an extension (off unless ``WEB2MD_INCREMENTAL`` is set): the middleware, the
    pipelines and the run report get it with ``crawler.get_extension(IncrementalStore)``."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder.resolve() / FILENAME
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(_SCHEMA)
        present = {row[1] for row in self._db.execute("PRAGMA table_info(pages)")}
        for name, kind in _ADDED_COLUMNS.items():
            if name not in present:
                self._db.execute(f"ALTER TABLE pages ADD COLUMN {name} {kind}")
        #: URLs that answered 404/410 in this crawl although they had been exported (for the run report)
        self.gone: list[str] = []
        #: what happened to each page in this crawl (new, changed, unchanged, gone)
        self.changes = ChangeLog()
        self.prune = False
        self._finished = False

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        folder = crawler.settings.get("WEB2MD_INCREMENTAL") or ""
        if not folder:
            raise NotConfigured  # not an incremental crawl; no message: Scrapy would log a warning
        store = cls(Path(folder))
        store.prune = crawler.settings.getbool("WEB2MD_PRUNE_GONE")
        logger.info("Incremental crawl: state in %s", store.path)
        crawler.signals.connect(store.stage_links, signal=page_links_read)
        crawler.signals.connect(store.changes.close, signal=signals.engine_stopped)
        crawler.signals.connect(store.close, signal=signals.engine_stopped)
        return store

    def _row(self, url: str) -> sqlite3.Row | None:
        with self._lock:
            cursor = self._db.execute(
                "SELECT etag, last_modified, markdown_sha256, files, links IS NOT NULL FROM pages WHERE url = ?", (url,)
            )
            return cursor.fetchone()

    def validators(self, url: str) -> tuple[str | None, str | None, bool]:
        """``(ETag, Last-Modified, whether its links were kept)`` of the exported copy of ``url``; ``(None, None,
        False)`` when there is none."""
        row = self._row(url)
        if row is None or row[2] is None:
            return None, None, False
        return row[0], row[1], bool(row[4])

    def markdown_sha256(self, url: str) -> str | None:
        row = self._row(url)
        return row[2] if row else None

    def files(self, url: str) -> list[str]:
        row = self._row(url)
        return json.loads(row[3]) if row else []

    def is_exported(self, url: str) -> bool:
        row = self._row(url)
        return row is not None and row[2] is not None

    def known_links(self, url: str) -> dict[str, list[Any]] | None:
        """``{"links", "directives"}`` read from the exported copy of ``url``; None when its links were not read."""
        with self._lock:
            row = self._db.execute(
                "SELECT links, directives FROM pages WHERE url = ? AND markdown_sha256 IS NOT NULL", (url,)
            ).fetchone()
        if row is None or row[0] is None:
            return None
        return {"links": json.loads(row[0]), "directives": json.loads(row[1] or "[]")}

    def previous(self, url: str) -> tuple[str | None, str | None]:
        """``(title, Markdown)`` of the exported copy of ``url``; the Markdown is None when it was not kept."""
        with self._lock:
            row = self._db.execute("SELECT title, markdown FROM pages WHERE url = ?", (url,)).fetchone()
        if row is None:
            return None, None
        return row[0], zlib.decompress(row[1]).decode("utf-8") if row[1] is not None else None

    def exported_urls(self) -> list[str]:
        with self._lock:
            return [row[0] for row in self._db.execute("SELECT url FROM pages WHERE markdown_sha256 IS NOT NULL")]

    def stage(self, url: str, etag: str | None, last_modified: str | None) -> None:
        """A page answered in full: its validators, sent once it is exported; the links read from it come next."""
        self._execute(
            "INSERT INTO pages (url, staged_etag, staged_last_modified) VALUES (?, ?, ?) "
            "ON CONFLICT(url) DO UPDATE SET staged_etag = excluded.staged_etag, "
            "staged_last_modified = excluded.staged_last_modified, staged_links = NULL, staged_directives = NULL",
            (url, etag, last_modified),
        )

    def stage_links(self, url: str, links: list[dict[str, Any]], directives: list[str]) -> None:
        """The `page_links_read` signal: what a 304 to this page yields once it is exported."""
        kept = [{"url": link["url"], **({"nofollow": True} if link.get("nofollow") else {})} for link in links]
        self._execute(
            "INSERT INTO pages (url, staged_links, staged_directives) VALUES (?, ?, ?) "
            "ON CONFLICT(url) DO UPDATE SET staged_links = excluded.staged_links, "
            "staged_directives = excluded.staged_directives",
            (url, json.dumps(kept), json.dumps(sorted(directives))),
        )

    def exported(self, url: str, markdown_sha256: str, files: list[str], title: str | None, markdown: str) -> None:
        """The page's files hold this Markdown: its staged validators and links become the ones used next time."""
        kept = zlib.compress(markdown.encode("utf-8")) if len(markdown) <= MAX_KEPT_MARKDOWN else None
        self._execute(
            "INSERT INTO pages (url, markdown_sha256, files, title, markdown) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(url) DO UPDATE SET etag = staged_etag, last_modified = staged_last_modified, "
            "links = staged_links, directives = staged_directives, "
            "markdown_sha256 = excluded.markdown_sha256, files = excluded.files, "
            "title = excluded.title, markdown = excluded.markdown, gone = NULL",
            (url, markdown_sha256, json.dumps(files), title, kept),
        )

    def title(self, url: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT title FROM pages WHERE url = ?", (url,)).fetchone()
        return row[0] if row else None

    def page_gone(self, url: str, reason: str, stats: StatsCollector) -> None:
        """An exported page is gone (`reason`: "HTTP 404", "no longer linked"): counted, listed, and with
        ``WEB2MD_PRUNE_GONE`` its files removed and the page forgotten."""
        stats.inc_value("web2md/gone")
        self.gone.append(url)
        with self._lock:
            row = self._db.execute("SELECT title, gone FROM pages WHERE url = ?", (url,)).fetchone()
            self._db.execute("UPDATE pages SET gone = ? WHERE url = ?", (reason, url))
        self.changes.record(url, "gone", row[0] if row else None, reason, news=not (row and row[1]))
        if not self.prune:
            logger.warning("Gone (%s) since the last crawl: %s", reason, url)
            return
        for name in self.files(url):
            Path(name).unlink(missing_ok=True)
        self.forget(url)
        logger.warning("Gone (%s) since the last crawl, its files removed: %s", reason, url)

    def finish(self, spider: Spider, reason: str, stats: StatsCollector) -> None:
        """The crawl is over: a page exported before and in scope, that this crawl of every link it could follow
        neither planned nor requested, is gone (no longer linked). Only a finished crawl that did not spend its
        page budget followed every link, and only a crawl of one process sees all it planned; once only, whoever
        asks first."""
        if self._finished:
            return
        self._finished = True
        scope, planned = getattr(spider, "scope", None), getattr(spider, "planned", None)
        follows = scope is not None and planned is not None and isinstance(getattr(spider, "depth", None), int)
        # a distributed crawl's other processes may still be finding links (a shared plan: not `levelled`)
        whole = follows and getattr(spider, "levelled", False) and not getattr(spider, "dry_run", False)
        if whole and reason == "finished" and not stats.get_value("web2md/max_pages_skipped"):
            reached = self.changes.requested
            for url in self.exported_urls():
                if url in self.changes.pages or url in reached or scope.refusal(url):
                    continue
                if (
                    planned.hops(scope.key(scope.request_url(url))) is None
                ):  # planned before a pause (JOBDIR) counts as reached
                    self.page_gone(url, "no longer linked", stats)
        for status, count in self.changes.counts().items():
            stats.set_value(f"{CHANGES_STAT}/{status}", count)

    def forget(self, url: str) -> None:
        self._execute("DELETE FROM pages WHERE url = ?", (url,))

    def _execute(self, sql: str, params: tuple[Any, ...]) -> None:
        with self._lock:
            self._db.execute(sql, params)

    def close(self, **_: object) -> None:
        with self._lock:
            self._db.close()
