"""``web2md serve``'s jobs: POST /v2/map, crawls (/v2/crawl) and batch scrapes (/v2/batch/scrape) as Firecrawl's API
defines them, kept in SQLite so a restarted server still answers for them (see docs/http.md#jobs).

A crawl is the ``site`` spider and a batch the ``page`` spider, with the settings of every other fetch
(`Web2mdTools`); `JobPipeline`, last in the item pipelines, stores each page as it is converted and stops the crawl
when its job is cancelled. A job writes no files: output is off, its pages and errors are rows of the database.
Each server's `Jobs` keeps its running jobs; a job reaches its crawl's pipelines in the crawl's settings.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from w3lib.encoding import html_to_unicode

from web2md import crawl
from web2md.frontends.http_scrape import (
    ApiError,
    ScrapeRequest,
    document,
    failure_error,
    included_markdown,
    read_scrape_options,
    start_url,
    strict_bool,
    strict_int,
    string_list,
)
from web2md.items import DocumentItem, PageItem
from web2md.spiders.page import PageSpider
from web2md.spiders.site import SiteSpider
from web2md.spiders.sitemap import SitemapSpider

logger = logging.getLogger(__name__)

PAGE_SIZE = 100  # documents per GET /v2/crawl/{id}; `next` asks for the following ones
KEEP_SECONDS = 24 * 3600  # a finished job is answered for this long (Firecrawl's expiresAt), then deleted
JOB_SECONDS = 3600.0  # a crawl or batch still running after this is stopped
QUEUED_PER_SLOT = 10  # jobs waiting for a slot, per --max-jobs, before new ones are refused
DEFAULT_DEPTH = 100  # link hops of a crawl without maxDiscoveryDepth: its limit bounds it
MAP_DEPTH = 2  # link hops a map follows (the pages one hop away are read for their links)
DEFAULT_MAP_LIMIT = 5000
JOB_SETTING = "WEB2MD_HTTP_JOB"  # the `JobState` a crawl stores its pages for (`JobPipeline`)
_PIPELINE = "web2md.frontends.http_jobs.JobPipeline"
_RAW_PIPELINE = "web2md.frontends.http_jobs.RawHtmlPipeline"

CRAWL_OPTIONS = frozenset(
    {
        "url",
        "limit",
        "maxDiscoveryDepth",
        "includePaths",
        "excludePaths",
        "allowSubdomains",
        "sitemap",
        "ignoreQueryParameters",
        "scrapeOptions",
        "regexOnFullURL",
        "delay",
    }
)
# Sent by the SDK on every crawl at these values; another value is warned about.
CRAWL_NEUTRAL: dict[str, Any] = {
    "deduplicateSimilarURLs": True,
    "crawlEntireDomain": False,
    "allowExternalLinks": False,
    "ignoreRobotsTxt": False,
    "zeroDataRetention": False,
    "maxConcurrency": None,
    "ignoreSitemap": None,
    "origin": None,
    "integration": None,
    "robotsUserAgent": None,
    "webhook": None,
}
CRAWL_UNSUPPORTED = {"prompt": "crawl prompts (LLM)"}
MAP_OPTIONS = frozenset({"url", "search", "limit", "sitemap", "includeSubdomains", "ignoreQueryParameters", "timeout"})
MAP_NEUTRAL = frozenset({"origin", "integration", "location", "useIndex"})
BATCH_OPTIONS = frozenset({"urls", "ignoreInvalidURLs"})
BATCH_NEUTRAL = frozenset({"maxConcurrency", "appendToId", "webhook"})
SITEMAP_MODES = ("include", "skip", "only")
INTERRUPTED = "interrupted: the server stopped before the job finished"
SHUTDOWN_GRACE = 10.0  # seconds a stopping server gives its jobs' crawls to close


@dataclass
class JobState:
    """A job while it runs: its scrape options, whether it was cancelled, the raw HTML its pages need."""

    id: str
    kind: str
    request: ScrapeRequest
    store: JobStore
    cancelled: bool = False
    interrupted: bool = False  # cancelled because the server is stopping
    raw: dict[int, str] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> JobState:
        return self  # the crawl's copy of its settings holds the job itself: its pipelines see it cancelled


class JobStore:
    """The jobs, their documents and errors, in one SQLite file; used from the server's loop and the reactor's
    thread, one statement at a time."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.lock = threading.Lock()
        with self.lock:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.executescript(
                """
                CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, kind TEXT, url TEXT, status TEXT,
                    completed INTEGER DEFAULT 0, failed INTEGER DEFAULT 0, created REAL, finished REAL,
                    warning TEXT, error TEXT);
                CREATE TABLE IF NOT EXISTS pages (job TEXT, n INTEGER, doc TEXT, PRIMARY KEY (job, n));
                CREATE TABLE IF NOT EXISTS errors (job TEXT, n INTEGER, url TEXT, error TEXT, code TEXT,
                    robots INTEGER, time REAL, PRIMARY KEY (job, n));
                """
            )

    def run(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        with self.lock:
            return self.db.execute(sql, args).fetchall()

    def create(self, id: str, kind: str, url: str, warning: str | None) -> None:
        self.run(
            "INSERT INTO jobs (id, kind, url, status, created, warning) VALUES (?, ?, ?, 'scraping', ?, ?)",
            id,
            kind,
            url,
            time.time(),
            warning,
        )

    def add_page(self, id: str, doc: dict[str, Any]) -> None:
        with self.lock, self.db:
            (n,) = self.db.execute("SELECT completed FROM jobs WHERE id = ?", (id,)).fetchone()
            self.db.execute("INSERT INTO pages VALUES (?, ?, ?)", (id, n, json.dumps(doc, ensure_ascii=False)))
            self.db.execute("UPDATE jobs SET completed = completed + 1 WHERE id = ?", (id,))

    def add_error(self, id: str, url: str, error: str, code: str | None, robots: bool) -> None:
        with self.lock, self.db:
            (n,) = self.db.execute("SELECT failed FROM jobs WHERE id = ?", (id,)).fetchone()
            self.db.execute(
                "INSERT INTO errors VALUES (?, ?, ?, ?, ?, ?, ?)", (id, n, url, error, code, robots, time.time())
            )
            self.db.execute("UPDATE jobs SET failed = failed + 1 WHERE id = ?", (id,))

    def finish(self, id: str, status: str, error: str | None = None) -> None:
        self.run("UPDATE jobs SET status = ?, finished = ?, error = ? WHERE id = ?", status, time.time(), error, id)

    def get(self, id: str, kind: str) -> dict[str, Any] | None:
        rows = self.run(
            "SELECT status, completed, failed, created, warning, error FROM jobs WHERE id = ? AND kind = ?", id, kind
        )
        if not rows:
            return None
        keys = ("status", "completed", "failed", "created", "warning", "error")
        return dict(zip(keys, rows[0], strict=True))

    def pages(self, id: str, skip: int, count: int) -> list[dict[str, Any]]:
        rows = self.run("SELECT doc FROM pages WHERE job = ? AND n >= ? ORDER BY n LIMIT ?", id, skip, count)
        return [json.loads(doc) for (doc,) in rows]

    def errors(self, id: str) -> list[tuple[Any, ...]]:
        return self.run("SELECT n, url, error, code, robots, time FROM errors WHERE job = ? ORDER BY n", id)

    def interrupt_running(self) -> int:
        """Mark the jobs an earlier server left running as failed; how many there were."""
        rows = self.run("SELECT id FROM jobs WHERE status = 'scraping'")
        for (id,) in rows:
            self.finish(id, "failed", INTERRUPTED)
        return len(rows)

    def purge(self, before: float) -> None:
        with self.lock, self.db:
            old = [id for (id,) in self.db.execute("SELECT id FROM jobs WHERE finished < ?", (before,)).fetchall()]
            for table, column in (("pages", "job"), ("errors", "job"), ("jobs", "id")):
                self.db.executemany(f"DELETE FROM {table} WHERE {column} = ?", [(id,) for id in old])

    def close(self) -> None:
        with self.lock:
            self.db.close()


def job_of(crawler: Any) -> JobState | None:
    """The job a crawl runs for (its `JOB_SETTING`), None for any other crawl."""
    job = crawler.settings.get(JOB_SETTING)
    return job if isinstance(job, JobState) else None


class RawHtmlPipeline:
    """Before extraction: keeps the raw HTML of the pages of a job that asked for rawHtml or includeTags."""

    def __init__(self, crawler: Any) -> None:
        self.job = job_of(crawler)

    @classmethod
    def from_crawler(cls, crawler: Any) -> RawHtmlPipeline:
        return cls(crawler)

    def process_item(self, item: Any) -> Any:
        if self.job is not None and isinstance(item, PageItem) and item.get("body") is not None:
            raw = self.job.request.spider_arguments().get("raw_html")
            if raw:
                self.job.raw[id(item)] = html_to_unicode(item.get("content_type"), item["body"])[1]
        return item


class JobPipeline:
    """Last of the item pipelines: stores each converted page of a job as a Firecrawl document; stops the crawl
    once its job is cancelled."""

    def __init__(self, crawler: Any) -> None:
        self.crawler = crawler
        self.job = job_of(crawler)
        self.watcher: asyncio.Task[None] | None = None
        self.closing = False

    @classmethod
    def from_crawler(cls, crawler: Any) -> JobPipeline:
        return cls(crawler)

    def open_spider(self) -> None:
        if self.job is not None:
            self.watcher = asyncio.ensure_future(self.watch())

    async def watch(self) -> None:
        while self.job is not None and not self.job.cancelled:
            await asyncio.sleep(0.2)
        self.closing = True
        await self.crawler.engine.close_spider_async(reason="cancelled")

    def close_spider(self) -> None:
        if self.watcher is not None and not self.closing:
            self.watcher.cancel()

    def process_item(self, item: Any) -> Any:
        job = self.job
        if job is None or job.cancelled:
            return item
        url = item.get("url", "")
        if isinstance(item, DocumentItem):
            job.store.add_error(job.id, url, f"cannot read {item.get('mime_type') or 'this type'}", None, False)
            return item
        raw = job.raw.pop(id(item), None)
        markdown = None
        if job.request.include_tags:
            markdown = included_markdown(raw or "", item, job.request)
        job.store.add_page(job.id, document(item, job.request, raw, markdown))
        return item


class Jobs:
    """The map, crawl and batch endpoints, and the jobs they start."""

    def __init__(self, api: Any, state_dir: Path) -> None:
        self.api = api
        self.options = api.options
        self.store = JobStore(state_dir / "jobs.sqlite")
        interrupted = self.store.interrupt_running()
        if interrupted:
            logger.warning("%d job(s) were running when the server last stopped: marked failed", interrupted)
        self.store.purge(time.time() - KEEP_SECONDS)
        self.slots = asyncio.Semaphore(self.options.max_jobs)
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.active: dict[str, JobState] = {}  # this server's running jobs by id

    def routes(self, endpoint: Any) -> list[Route]:
        routes = []
        for version in ("v1", "v2"):
            routes += [
                Route(f"/{version}/map", endpoint(self.map), methods=["POST"]),
                Route(f"/{version}/crawl", endpoint(self.start_crawl), methods=["POST"]),
                Route(f"/{version}/crawl/{{id}}", endpoint(self.status), methods=["GET"]),
                Route(f"/{version}/crawl/{{id}}", endpoint(self.cancel), methods=["DELETE"]),
                Route(f"/{version}/crawl/{{id}}/errors", endpoint(self.errors), methods=["GET"]),
                Route(f"/{version}/batch/scrape", endpoint(self.start_batch), methods=["POST"]),
                Route(f"/{version}/batch/scrape/{{id}}", endpoint(self.status), methods=["GET"]),
                Route(f"/{version}/batch/scrape/{{id}}", endpoint(self.cancel), methods=["DELETE"]),
                Route(f"/{version}/batch/scrape/{{id}}/errors", endpoint(self.errors), methods=["GET"]),
            ]
        return routes

    async def close(self) -> None:
        """Stop the jobs still running, each marked failed as interrupted (their crawls close within
        `SHUTDOWN_GRACE` seconds, else their tasks are cancelled), then close the store: a crawl left running
        would go on writing to a closed database."""
        running = list(self.tasks.values())
        for job in self.active.values():
            job.cancelled = job.interrupted = True
        if running:
            _done, late = await asyncio.wait(running, timeout=SHUTDOWN_GRACE)
            for task in late:
                task.cancel()
        self.store.close()

    # -- map -------------------------------------------------------------------
    async def map(self, request: Request) -> Response:

        body = await self.api.body(request)
        warnings = [f"unknown option {name} was ignored" for name in body if name not in MAP_OPTIONS | MAP_NEUTRAL]
        url = start_url(required_url(body))
        limit = strict_int(body.get("limit", DEFAULT_MAP_LIMIT), "limit", 1, 100_000)
        search = body.get("search") or ""
        if not isinstance(search, str):
            raise ApiError("search must be a string")
        mode = sitemap_mode(body.get("sitemap", "include"))
        subdomains = strict_bool(body.get("includeSubdomains", False), "includeSubdomains")
        drop_query = strict_bool(body.get("ignoreQueryParameters", False), "ignoreQueryParameters")
        timeout = strict_int(body.get("timeout", 60_000), "timeout", 1, 300_000) / 1000
        budget = min(limit if not search else DEFAULT_MAP_LIMIT, self.options.max_limit * 10)
        urls: list[str] = []
        try:
            async with asyncio.timeout(timeout):
                if mode == "only":
                    result = await self.api.tools.run(SitemapSpider, url, list="1", max_pages=budget)
                    urls = [item.get("url", "") for item in result.items]
                else:
                    result = await self.api.tools.run(
                        SiteSpider,
                        url,
                        depth=MAP_DEPTH,
                        max_pages=budget,
                        dry_run=True,
                        sitemap=mode == "include",
                        subdomains=subdomains,
                        query="drop" if drop_query else "keep",
                    )
                    failed = {f.get("url") for f in result.failures}
                    urls = [u for u in result.spider.planned_urls() if u not in failed or u == url]
        except TimeoutError:
            raise ApiError(f"timed out after {timeout:g} s: {url}", 408, "MAP_TIMEOUT") from None
        if not urls and result.failures:
            raise failure_error(result.failures[0], self.api.tools.settings.getfloat("DOWNLOAD_TIMEOUT"))
        if search:
            words = search.lower().split()
            urls = [u for u in urls if all(w in u.lower() for w in words)]
        # v1 listed the URLs as strings, v2 as objects
        links: list[Any] = urls[:limit] if request.url.path.startswith("/v1/") else [{"url": u} for u in urls[:limit]]
        answer: dict[str, Any] = {"success": True, "links": links}
        if warnings:
            answer["warning"] = "; ".join(warnings)
        return JSONResponse(answer)

    # -- starting jobs ---------------------------------------------------------
    async def start_crawl(self, request: Request) -> Response:

        body = await self.api.body(request)
        url = start_url(required_url(body))
        warnings: list[str] = []
        for name, value in body.items():
            if name in CRAWL_UNSUPPORTED and value:
                raise ApiError(f"{name}: {CRAWL_UNSUPPORTED[name]} are not supported by web2md serve")
            if name in CRAWL_NEUTRAL:
                if value is not None and CRAWL_NEUTRAL[name] is not None and value != CRAWL_NEUTRAL[name]:
                    warnings.append(f"{name} is not supported and was ignored")
                elif name == "webhook" and value:
                    warnings.append("webhook is not supported and was ignored")
            elif name not in CRAWL_OPTIONS:
                warnings.append(f"unknown option {name} was ignored")
        scrape_options = body.get("scrapeOptions") or {}
        if not isinstance(scrape_options, dict):
            raise ApiError("scrapeOptions must be an object")
        scrape = read_scrape_options(scrape_options, where="scrapeOptions.", scripts=self.options.waits_for_scripts)
        scrape.warnings[:0] = warnings
        limit = self.limit(body.get("limit"), "limit", scrape.warnings)
        full_url = strict_bool(body.get("regexOnFullURL", False), "regexOnFullURL")
        arguments: dict[str, Any] = {
            "max_pages": limit,
            "depth": strict_int(body.get("maxDiscoveryDepth", DEFAULT_DEPTH), "maxDiscoveryDepth", 0, 1000),
            "allow": [path_pattern(p, full_url) for p in string_list(body.get("includePaths", []), "includePaths")],
            "deny": [path_pattern(p, full_url) for p in string_list(body.get("excludePaths", []), "excludePaths")],
            "subdomains": strict_bool(body.get("allowSubdomains", False), "allowSubdomains"),
            "query": "drop"
            if strict_bool(body.get("ignoreQueryParameters", False), "ignoreQueryParameters")
            else "keep",
        }
        for name in ("allow", "deny"):
            for pattern in arguments[name]:
                try:
                    re.compile(pattern)
                except re.error as exc:
                    raise ApiError(
                        f"{'includePaths' if name == 'allow' else 'excludePaths'}: {pattern!r}: {exc}"
                    ) from None
        mode = sitemap_mode(body.get("sitemap", "include"))
        arguments["sitemap"] = mode != "skip"
        if mode == "only":
            arguments["depth"] = 0
        if body.get("delay") is not None:
            arguments["delay"] = strict_int(body["delay"], "delay", 0, 3600) * 1000
        arguments |= {k: v for k, v in scrape.spider_arguments().items() if k != "raw_html"}
        return self.launch(request, "crawl", SiteSpider, url, arguments, scrape)

    async def start_batch(self, request: Request) -> Response:

        body = await self.api.body(request)
        urls = body.get("urls")
        if not isinstance(urls, list) or not urls or not all(isinstance(u, str) for u in urls):
            raise ApiError("urls is required (a list of URLs)")
        scrape = read_scrape_options(body, BATCH_OPTIONS | BATCH_NEUTRAL, scripts=self.options.waits_for_scripts)
        skip_invalid = strict_bool(body.get("ignoreInvalidURLs", False), "ignoreInvalidURLs")
        valid: list[str] = []
        invalid: list[str] = []
        for url in urls:
            try:
                valid.append(start_url(url))
            except ApiError as exc:
                if not skip_invalid:
                    raise ApiError(f"urls: {exc}") from None
                invalid.append(url)
        if not valid:
            raise ApiError("urls: none of the URLs is valid")
        self.limit(len(valid), "urls", None)
        arguments = {k: v for k, v in scrape.spider_arguments().items() if k != "raw_html"}
        answer = self.launch(request, "batch", PageSpider, "\n".join(valid), arguments, scrape)
        if skip_invalid:
            payload = json.loads(answer.body)
            payload["invalidURLs"] = invalid
            return JSONResponse(payload)
        return answer

    def limit(self, value: Any, name: str, warnings: list[str] | None) -> int:
        """A crawl's page limit (or a batch's size) within the server's --max-limit."""
        most = self.options.max_limit
        if value is None:
            return most
        if name == "urls":
            if value > most:
                raise ApiError(f"urls: {value} URLs are more than this server takes in one batch ({most})")
            return value
        count = strict_int(value, name, 1, 10**9)
        if count > most and warnings is not None:
            warnings.append(f"limit {count} lowered to this server's --max-limit ({most})")
        return min(count, most)

    def launch(
        self, request: Request, kind: str, spider: type, url: str, arguments: dict[str, Any], scrape: ScrapeRequest
    ) -> JSONResponse:
        waiting = sum(not task.done() for task in self.tasks.values())
        if waiting >= self.options.max_jobs * (QUEUED_PER_SLOT + 1):
            raise ApiError(f"too many jobs running or waiting ({waiting}): try again later", 429)
        self.store.purge(time.time() - KEEP_SECONDS)
        id = str(uuid.uuid4())
        self.store.create(id, kind, url, "; ".join(scrape.warnings) or None)
        job = JobState(id, kind, scrape, self.store)
        self.active[id] = job
        task = asyncio.ensure_future(self.run(job, spider, url, arguments | self.options.script_arguments()))
        self.tasks[id] = task
        task.add_done_callback(lambda _: self.tasks.pop(id, None))
        path = "batch/scrape" if kind == "batch" else "crawl"
        return JSONResponse({"success": True, "id": id, "url": f"{base_url(request)}/v2/{path}/{id}"})

    async def run(self, job: JobState, spider: type, url: str, arguments: dict[str, Any]) -> None:
        try:
            async with self.slots:
                if job.cancelled:
                    return
                settings = self.api.tools.settings.copy()
                pipelines = dict(settings.getdict("ITEM_PIPELINES"))
                pipelines[_RAW_PIPELINE] = 299  # before extraction drops the body
                pipelines[_PIPELINE] = 1000
                settings.set("ITEM_PIPELINES", pipelines, priority="cmdline")
                settings.set(JOB_SETTING, job, priority="cmdline")
                settings.set("CLOSESPIDER_TIMEOUT", JOB_SECONDS, priority="cmdline")
                if job.request.timeout_ms:  # each page's download
                    timeout = min(settings.getfloat("DOWNLOAD_TIMEOUT"), job.request.timeout_ms / 1000)
                    settings.set("DOWNLOAD_TIMEOUT", timeout, priority="cmdline")
                result = await asyncio.wait_for(
                    crawl.crawl(spider, settings, url=url, output="", formats="", **arguments), JOB_SECONDS + 60
                )
            self.record_failures(job, result)
            if job.cancelled:
                return
            done = self.store.get(job.id, job.kind) or {}
            if done.get("completed"):
                self.store.finish(job.id, "completed")
            else:
                first = result.failures[0]["reason"] if result.failures else "no page was converted"
                self.store.finish(job.id, "failed", str(first))
        except Exception as exc:  # a bad spider argument, a crawl that could not start
            logger.exception("job %s failed", job.id)
            if not job.cancelled:
                self.store.finish(job.id, "failed", str(exc) or type(exc).__name__)
        finally:
            self.active.pop(job.id, None)
            if job.interrupted:
                self.store.finish(job.id, "failed", INTERRUPTED)
            elif job.cancelled:
                self.store.finish(job.id, "cancelled")

    def record_failures(self, job: JobState, result: crawl.CrawlResult) -> None:

        timeout = self.api.tools.settings.getfloat("DOWNLOAD_TIMEOUT")
        if job.request.timeout_ms:
            timeout = min(timeout, job.request.timeout_ms / 1000)
        seen = set()
        for failure in result.sorted_failures():
            error = failure_error(failure, timeout)
            if (failure.get("url"), str(error)) in seen:  # a start URL refused as a page and as a sitemap's site
                continue
            seen.add((failure.get("url"), str(error)))
            robots = "robots.txt" in str(failure.get("reason"))
            job.store.add_error(job.id, failure.get("url", ""), str(error), error.code, robots)

    # -- job status ------------------------------------------------------------
    def job(self, request: Request) -> tuple[str, str, dict[str, Any]]:
        id = request.path_params["id"]
        kind = "batch" if "/batch/" in request.url.path else "crawl"
        row = self.store.get(id, kind)
        if row is None:
            raise ApiError(f"{kind} job not found: {id}", 404)
        return id, kind, row

    async def status(self, request: Request) -> Response:
        id, kind, row = self.job(request)
        skip_text = request.query_params.get("skip", "0")
        if not skip_text.isdigit():
            raise ApiError("skip must be a whole number")
        skip = int(skip_text)
        data = self.store.pages(id, skip, PAGE_SIZE + 1)
        answer: dict[str, Any] = {
            "success": True,
            "status": row["status"],
            "completed": row["completed"],
            "total": row["completed"] + row["failed"],
            "creditsUsed": row["completed"],
            "expiresAt": iso(row["created"] + KEEP_SECONDS),
            "next": None,
            "data": data[:PAGE_SIZE],
        }
        if len(data) > PAGE_SIZE:
            path = "batch/scrape" if kind == "batch" else "crawl"
            answer["next"] = f"{base_url(request)}/v2/{path}/{id}?skip={skip + PAGE_SIZE}"
        if row["warning"]:
            answer["warning"] = row["warning"]
        if row["error"]:
            answer["error"] = row["error"]
        return JSONResponse(answer)

    async def cancel(self, request: Request) -> Response:
        id, kind, row = self.job(request)
        if row["status"] != "scraping":
            raise ApiError(f"the {kind} job is already {row['status']}", 409)
        job = self.active.get(id)
        if job is not None:
            job.cancelled = True
        self.store.finish(id, "cancelled")
        return JSONResponse({"success": True, "status": "cancelled"})

    async def errors(self, request: Request) -> Response:
        id, _, _ = self.job(request)
        errors = []
        blocked = []
        for n, url, error, code, robots, when in self.store.errors(id):
            if robots:
                blocked.append(url)
                continue
            entry = {"id": f"{id}-{n}", "timestamp": iso(when), "url": url, "error": error}
            if code:
                entry["code"] = code
            errors.append(entry)
        return JSONResponse({"success": True, "errors": errors, "robotsBlocked": blocked})


def required_url(body: dict[str, Any]) -> str:
    url = body.get("url")
    if not isinstance(url, str) or not url.strip():
        raise ApiError("url is required (a string)")
    return url


def sitemap_mode(value: Any) -> str:
    if value not in SITEMAP_MODES:
        raise ApiError(f"sitemap must be one of {', '.join(SITEMAP_MODES)}")
    return value


def path_pattern(pattern: str, full_url: bool) -> str:
    """A Firecrawl include/exclude path pattern as a regular expression searched in the whole URL (as the site
    spider's allow/deny are): one anchored at the path's start is anchored after the origin."""
    if full_url or not pattern.startswith("^"):
        return pattern
    return r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]+" + pattern[1:]


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
