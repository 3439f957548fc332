"""Run web2md spiders from Python (the CLI, the MCP server, the browser) and collect what they produced.

All front ends go through here, so they share the spiders, middlewares,
pipelines and settings of ``scrapy crawl`` (see docs/design.md#layers: one fetch path). Crawls
run on Scrapy's `AsyncCrawlerRunner` inside the asyncio loop of Twisted's
asyncio reactor. That reactor cannot be restarted within a process, so it is
started once, on a daemon thread, and every crawl is submitted to its loop:
`run` blocks the calling thread, `crawl` can be awaited from any other asyncio
loop (e.g. the MCP server's). The reactor's DNS resolver and thread pool are
set up from the settings of the first crawl in the process.

Ctrl-C during `run` stops the crawl as ``scrapy crawl`` does on the first
one: gracefully, so a ``JOBDIR`` keeps its queue and state; with a ``JOBDIR``,
SIGTERM does the same, as in ``scrapy crawl``. A crawl with a
``JOBDIR`` also keeps what each run produced in the job folder, so the result
of a resumed job holds its whole crawl, earlier runs included.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import signal
import threading
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from scrapy import Spider, signals
from scrapy.crawler import AsyncCrawlerRunner, Crawler
from scrapy.settings import Settings
from scrapy.utils.job import job_dir
from scrapy.utils.misc import build_from_crawler, load_object
from scrapy.utils.reactor import is_asyncio_reactor_installed, is_reactor_installed

from web2md.incremental.store import UnchangedPage
from web2md.items import PageItem

T = TypeVar("T")

logger = logging.getLogger(__name__)

# Forced for every embedded run: no listening sockets inside a library call.
EMBEDDED_SETTINGS = {
    "TELNETCONSOLE_ENABLED": False,
    "REMOTE_CONTROL_ENABLED": False,
    "WEB2MD_EMBEDDED": True,  # the caller shows the results: spiders print nothing (e.g. a dry run's URL list)
}


#: The folder under a ``JOBDIR`` where each run of the job leaves what it produced (``run-00001.pickle``, ...).
JOB_RESULTS = "web2md-results"


class CrawlStopped(KeyboardInterrupt):
    """Ctrl-C stopped a crawl with a ``JOBDIR`` (`run`) gracefully: it closed as after ``scrapy crawl``'s first
    Ctrl-C, and the job holds its queue, state and pages; `result` is what it produced until then."""

    def __init__(self, result: CrawlResult) -> None:
        super().__init__()
        self.result = result


@dataclass
class CrawlResult:
    """What one crawl produced: exported pages, pages that failed (fetch or extraction) and the stats."""

    items: list[PageItem] = field(default_factory=list)
    spider: Spider | None = None  # what the spider kept (a site crawl's planned URLs and bundles)
    failures: list[dict[str, Any]] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    depths: dict[int, int] = field(default_factory=dict, repr=False)  # id(item) -> link hops from a start URL
    resumed: int = 0  # how many of the items earlier runs of the same JOBDIR produced

    def add(self, item: Any, depth: int) -> None:
        self.items.append(item)
        self.depths[id(item)] = depth

    def breadth_first(self) -> list[PageItem]:
        """The items in an order that does not depend on arrival: link depth, then URL (see docs/design.md#determinism:
        same bytes out)."""
        return sorted(self.items, key=lambda item: (self.depths.get(id(item), 0), item.get("url", "")))

    def sorted_failures(self) -> list[dict[str, Any]]:
        """The failures by URL, whatever order they happened in."""
        return sorted(self.failures, key=lambda failure: (failure.get("url", ""), str(failure.get("reason"))))


def project_settings(overrides: dict[str, Any] | None = None) -> Settings:
    """``web2md.settings`` plus ``overrides`` (at command-line priority), wherever the process was started."""
    settings = Settings()
    settings.setmodule("web2md.settings", priority="project")
    settings.update(overrides or {}, priority="cmdline")
    settings.update(EMBEDDED_SETTINGS, priority="cmdline")
    return settings


class _ReactorThread:
    """The process-wide Twisted asyncio reactor, running on its own daemon thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None

    def get_loop(self, settings: Settings) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self.loop is None:
                self.loop = self._start(settings)
            return self.loop

    def _start(self, settings: Settings) -> asyncio.AbstractEventLoop:
        if is_reactor_installed():
            if not is_asyncio_reactor_installed():
                raise RuntimeError("web2md needs Twisted's asyncio reactor, but another reactor is installed")
            from twisted.internet import reactor

            if reactor.running:  # a Twisted/Scrapy application already runs it: use its loop
                return reactor._asyncioEventloop
            loop = reactor._asyncioEventloop
        else:
            from twisted.internet import asyncioreactor

            loop = asyncio.new_event_loop()
            asyncioreactor.install(eventloop=loop)
            from twisted.internet import reactor

        _setup_reactor(reactor, settings)
        started = threading.Event()

        def serve() -> None:
            asyncio.set_event_loop(loop)
            reactor.callWhenRunning(started.set)
            reactor.run(installSignalHandlers=False)

        self.thread = threading.Thread(target=serve, name="web2md-reactor", daemon=True)
        self.thread.start()
        started.wait()
        return loop


def _setup_reactor(reactor: Any, settings: Settings) -> None:
    """What `scrapy crawl` does before starting the reactor: the configured DNS resolver and thread pool."""

    class _Holder:  # the resolvers only read .settings from the crawler they are built from
        pass

    holder = _Holder()
    holder.settings = settings  # type: ignore[attr-defined]
    resolver = build_from_crawler(load_object(settings["TWISTED_DNS_RESOLVER"]), holder, reactor=reactor)
    resolver.install_on_reactor()
    pool = reactor.getThreadPool()
    pool.adjustPoolsize(maxthreads=settings.getint("REACTOR_THREADPOOL_MAXSIZE"))

    # The reactor is never stopped (it serves the whole process), so its worker
    # threads must not keep the interpreter alive at exit.
    def daemon_thread(*args: Any, **kwargs: Any) -> threading.Thread:
        return threading.Thread(*args, daemon=True, **kwargs)

    pool.threadFactory = daemon_thread


_REACTOR = _ReactorThread()


async def _crawl_here(
    spider: type[Spider] | str, settings: Settings, spider_args: dict[str, Any], started: list[Crawler] | None = None
) -> CrawlResult:
    """Run one crawl on the reactor's loop (must be called there); its crawler is added to `started` at once."""
    if not isinstance(spider, str):  # a class needs no spider loader, which would import every spider module
        settings = settings.copy()
        settings.set("SPIDER_LOADER_CLASS", "scrapy.spiderloader.DummySpiderLoader", priority="cmdline")
    runner = AsyncCrawlerRunner(settings)
    crawler = runner.create_crawler(spider)
    if started is not None:
        started.append(crawler)
    result = CrawlResult()

    def scraped(item: Any, response: Any = None, **_: Any) -> None:
        meta = getattr(response, "meta", None) or {}
        result.add(item, meta.get("depth", 0))

    def dropped(item: Any, exception: BaseException, **_: Any) -> None:
        if isinstance(exception, UnchangedPage):  # an incremental re-crawl left its files as they were
            return
        url = item.get("url", "") if hasattr(item, "get") else ""
        final_url = item.get("final_url", url) if hasattr(item, "get") else url
        result.failures.append(
            {
                "url": url,
                "final_url": final_url,
                "status": item.get("status") if hasattr(item, "get") else None,
                "reason": str(exception),
            }
        )

    crawler.signals.connect(scraped, signal=signals.item_scraped)
    crawler.signals.connect(dropped, signal=signals.item_dropped)
    jobdir = job_dir(settings)
    running = Path(jobdir, JOB_RESULTS, "running") if jobdir else None
    if running is not None:
        _claim_job(running)
    try:
        await runner.crawl(crawler, **spider_args)
    except Exception:  # the crawl closed (Scrapy closes the engine on an error), the job with it
        if running is not None:
            running.unlink(missing_ok=True)
        raise
    result.spider = crawler.spider
    if crawler.spider is not None:
        result.failures[:0] = getattr(crawler.spider, "failures", [])
    result.stats = dict(crawler.stats.get_stats()) if crawler.stats else {}
    if running is not None:
        if crawler.spider is not None:
            # off the reactor thread: a long run's pages take a while to pickle and write
            result = await asyncio.to_thread(_with_earlier_runs, result, running.parent)
        running.unlink(missing_ok=True)
    return result


def _claim_job(running: Path) -> None:
    """Mark the job as running until this run has closed and saved its pages; a mark left by an earlier run
    means it was killed (or a second Ctrl-C stopped it at once) before Scrapy saved the job's queue and
    state, or that it still runs: going on would lose pages."""
    if running.exists():
        job = running.parent.parent
        raise ValueError(
            f"the job in {job} is in use, or its last run was stopped at once (a second Ctrl-C, "
            f"a kill) and cannot be resumed without losing pages: remove {job} to crawl afresh"
        )
    running.parent.mkdir(parents=True, exist_ok=True)
    running.touch()


def _with_earlier_runs(result: CrawlResult, folder: Path) -> CrawlResult:
    """Save what this run of a job produced beside its earlier runs; the result of all of them.

    One file per run, written when the run has stopped, as Scrapy writes the job's
    queue and spider state, and replaced atomically (`write_file`), so an
    interrupted write never leaves half a run.
    """
    from web2md.pipelines.export import write_file  # here: a one-page fetch has no JOBDIR

    earlier = sorted(folder.glob("run-*.pickle"))
    whole = CrawlResult(spider=result.spider, stats=result.stats)
    for path in earlier:
        saved = pickle.loads(path.read_bytes())  # noqa: S301 - written by an earlier run of this job
        for depth, item in saved["items"]:
            whole.add(item, depth)
        whole.failures += saved["failures"]
    whole.resumed = len(whole.items)
    if result.items or result.failures:
        pages = [(result.depths.get(id(item), 0), item) for item in result.items]
        data = pickle.dumps({"items": pages, "failures": result.failures}, protocol=pickle.HIGHEST_PROTOCOL)
        write_file(folder / f"run-{len(earlier) + 1:05d}.pickle", data)
    for item in result.items:
        whole.add(item, result.depths.get(id(item), 0))
    whole.failures += result.failures
    return whole


async def _stop(crawlers: list[Crawler]) -> None:
    """Stop `crawlers` gracefully, like ``scrapy crawl``'s first Ctrl-C: what is in flight finishes, then the
    spider closes (a ``JOBDIR`` is saved). An engine still starting cannot stop yet, so it is waited for."""
    for crawler in crawlers:
        while crawler.crawling and not (crawler._engine is not None and crawler._engine.running):
            await asyncio.sleep(0.05)
        await crawler.stop_async()


async def crawl(
    spider: type[Spider] | str, settings: dict[str, Any] | Settings | None = None, **spider_args: Any
) -> CrawlResult:
    """Run ``spider`` (a class or a name like ``"site"``) with ``-a``-style arguments; await from any loop.

    ``settings`` are overrides on top of ``web2md.settings`` (or a complete
    `Settings` object).
    """
    full = settings if isinstance(settings, Settings) else project_settings(settings)
    return await on_reactor(lambda: _crawl_here(spider, full, spider_args), full)


async def on_reactor(start: Callable[[], Coroutine[Any, Any, T]], settings: Settings) -> T:
    """Await the coroutine `start` makes on the reactor's loop (started with `settings` if it is not running
    yet), whichever loop awaits it."""
    loop = _REACTOR.get_loop(settings)
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        return await start()
    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(start(), loop))


def run(
    spider: type[Spider] | str, settings: dict[str, Any] | Settings | None = None, **spider_args: Any
) -> CrawlResult:
    """Blocking form of `crawl`, for code that is not itself asynchronous.

    A KeyboardInterrupt (Ctrl-C) while it waits stops the crawl gracefully. With a
    ``JOBDIR`` it waits for the crawl to close (the job is saved) and raises
    `CrawlStopped`, unless a second one comes meanwhile; without, the interruption
    is raised at once.
    """
    full = settings if isinstance(settings, Settings) else project_settings(settings)
    loop = _REACTOR.get_loop(full)
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        raise RuntimeError("web2md.crawl.run() would block the reactor's own loop; await web2md.crawl.crawl()")
    started: list[Crawler] = []
    # read, not made: Scrapy's job_dir creates the folder, which the crawl starting on the reactor's thread does too
    has_job = bool(full.get("JOBDIR"))
    future = asyncio.run_coroutine_threadsafe(_crawl_here(spider, full, spider_args, started), loop)
    with _terminate_as_interrupt(has_job):
        try:
            return future.result()
        except KeyboardInterrupt:
            # runs after `_crawl_here`'s first step (the loop runs them in the order given), which fills `started`
            asyncio.run_coroutine_threadsafe(_stop(started), loop)
            if not has_job:
                raise  # nothing to save: the crawl winds down on the reactor's thread, nobody waits for it
        # a second Ctrl-C while the crawl closes is a plain KeyboardInterrupt: the crawl is abandoned as it is
        raise CrawlStopped(future.result())


@contextlib.contextmanager
def _terminate_as_interrupt(wanted: bool) -> Iterator[None]:
    """While it lasts (when `wanted`, on the main thread), SIGTERM raises KeyboardInterrupt as Ctrl-C does, so a
    job killed by a service manager or ``kill`` pauses rather than losing its run (``scrapy crawl``'s own shutdown
    handlers treat both signals alike)."""
    if not wanted or threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)
