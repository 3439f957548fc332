"""A progress bar on stderr for long command-line crawls (depth crawls, batches, sitemaps).

`ProgressExtension` is a Scrapy extension counting scheduled and finished
requests and exported items; it reports to the `CrawlProgress` given as the
``WEB2MD_PROGRESS`` setting (one object, which copies of the settings share).
The bar is drawn with rich, only when stderr is a terminal.
"""

from __future__ import annotations

import sys
from typing import Any

from scrapy import Request, signals
from scrapy.crawler import Crawler
from scrapy.exceptions import NotConfigured


class CrawlProgress:
    """A rich progress bar (pages done of pages scheduled) on stderr; does nothing when stderr is not a terminal."""

    def __init__(self, description: str, enabled: bool | None = None) -> None:
        self.description = description
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self._progress: Any = None
        self._task: Any = None
        self.total = 0
        self.done = 0
        self.items = 0
        self.notes: list[str] = []  # what slows the crawl (a host's Crawl-delay), shown after the counts

    def settings(self) -> dict[str, Any]:
        """Crawl settings that attach this bar to the crawl (empty when disabled)."""
        if not self.enabled:
            return {}
        return {"WEB2MD_PROGRESS": self}

    def __deepcopy__(self, memo: dict[int, Any]) -> CrawlProgress:
        return self  # Scrapy copies a crawl's settings deeply: every copy reports to this one bar

    def __repr__(self) -> str:
        return f"CrawlProgress({self.description!r})"

    def __enter__(self) -> CrawlProgress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                SpinnerColumn,
                TextColumn,
                TimeElapsedColumn,
            )

            self._progress = Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[items]} exported"),
                TimeElapsedColumn(),
                TextColumn("{task.fields[note]}"),
                console=Console(file=sys.stderr),
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task(self.description, total=None, items=0, note="; ".join(self.notes))
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    def note(self, text: str) -> None:
        """Show `text` on the progress line for the rest of the crawl."""
        self.notes.append(text)
        if self._progress is not None:
            self._progress.update(self._task, note="; ".join(self.notes))

    def update(self, scheduled: int = 0, finished: int = 0, items: int = 0) -> None:
        self.total += scheduled
        self.done += finished
        self.items += items
        if self._progress is not None:
            self._progress.update(
                self._task, total=max(self.total, self.done) or None, completed=self.done, items=self.items
            )


class ProgressExtension:
    """Counts requests the scheduler takes and the downloader finishes, and items exported."""

    def __init__(self, sink: CrawlProgress) -> None:
        self.sink = sink
        self._scheduled: set[int] = set()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ProgressExtension:
        sink = crawler.settings.get("WEB2MD_PROGRESS")
        if not isinstance(sink, CrawlProgress):
            raise NotConfigured
        ext = cls(sink)
        crawler.signals.connect(ext.request_scheduled, signal=signals.request_scheduled)
        crawler.signals.connect(ext.request_finished, signal=signals.request_left_downloader)
        crawler.signals.connect(ext.request_finished_dropped, signal=signals.request_dropped)
        crawler.signals.connect(ext.item_scraped, signal=signals.item_scraped)
        return ext

    def request_scheduled(self, request: Request, **_: Any) -> None:
        self._scheduled.add(id(request))
        self.sink.update(scheduled=1)

    def request_finished(self, request: Request, **_: Any) -> None:
        if id(request) in self._scheduled:  # robots.txt fetches bypass the scheduler: not counted
            self._scheduled.discard(id(request))
            self.sink.update(finished=1)

    def request_finished_dropped(self, request: Request, **_: Any) -> None:
        self.request_finished(request)

    def item_scraped(self, **_: Any) -> None:
        self.sink.update(items=1)
