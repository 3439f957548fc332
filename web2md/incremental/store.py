"""What an incremental re-crawl remembers per page URL: validators (ETag, Last-Modified), the Markdown's hash, its files.

One SQLite file, ``<WEB2MD_INCREMENTAL>/incremental.sqlite3``, committed after
every change (WAL), so a crawl killed at any point leaves it consistent. A
page's validators are staged when its response arrives and become the ones
sent (``If-None-Match`` / ``If-Modified-Since``) only once its files are
written, so a page that was fetched but never exported is fetched whole again.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrapy import signals
from scrapy.exceptions import DropItem, NotConfigured

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

FILENAME = "incremental.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS pages (
    url TEXT PRIMARY KEY,
    etag TEXT, last_modified TEXT,
    staged_etag TEXT, staged_last_modified TEXT,
    markdown_sha256 TEXT,
    files TEXT NOT NULL DEFAULT '[]'
)
"""


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
        #: URLs that answered 404/410 in this crawl although they had been exported (for the run report)
        self.gone: list[str] = []

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        folder = crawler.settings.get("WEB2MD_INCREMENTAL") or ""
        if not folder:
            raise NotConfigured  # not an incremental crawl; no message: Scrapy would log a warning
        store = cls(Path(folder))
        logger.info("Incremental crawl: state in %s", store.path)
        crawler.signals.connect(store.close, signal=signals.engine_stopped)
        return store

    def _row(self, url: str) -> sqlite3.Row | None:
        with self._lock:
            cursor = self._db.execute(
                "SELECT etag, last_modified, markdown_sha256, files FROM pages WHERE url = ?", (url,)
            )
            return cursor.fetchone()

    def validators(self, url: str) -> tuple[str | None, str | None]:
        """``(ETag, Last-Modified)`` of the exported copy of ``url``; ``(None, None)`` when there is none."""
        row = self._row(url)
        if row is None or row[2] is None:
            return None, None
        return row[0], row[1]

    def markdown_sha256(self, url: str) -> str | None:
        row = self._row(url)
        return row[2] if row else None

    def files(self, url: str) -> list[str]:
        row = self._row(url)
        return json.loads(row[3]) if row else []

    def is_exported(self, url: str) -> bool:
        row = self._row(url)
        return row is not None and row[2] is not None

    def stage(self, url: str, etag: str | None, last_modified: str | None) -> None:
        self._execute(
            "INSERT INTO pages (url, staged_etag, staged_last_modified) VALUES (?, ?, ?) "
            "ON CONFLICT(url) DO UPDATE SET staged_etag = excluded.staged_etag, "
            "staged_last_modified = excluded.staged_last_modified",
            (url, etag, last_modified),
        )

    def exported(self, url: str, markdown_sha256: str, files: list[str]) -> None:
        """The page's files hold this Markdown: its staged validators become the ones sent next time."""
        self._execute(
            "INSERT INTO pages (url, markdown_sha256, files) VALUES (?, ?, ?) "
            "ON CONFLICT(url) DO UPDATE SET etag = staged_etag, last_modified = staged_last_modified, "
            "markdown_sha256 = excluded.markdown_sha256, files = excluded.files",
            (url, markdown_sha256, json.dumps(files)),
        )

    def forget(self, url: str) -> None:
        self._execute("DELETE FROM pages WHERE url = ?", (url,))

    def _execute(self, sql: str, params: tuple[Any, ...]) -> None:
        with self._lock:
            self._db.execute(sql, params)

    def close(self, **_: object) -> None:
        with self._lock:
            self._db.close()
