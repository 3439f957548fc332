"""Reading fetched pages where they are converted: in worker processes beside the reactor, or in process.

A page's body is parsed once, by `run_conversion`, which returns from that one
tree everything the crawl needs: the converted page, and on request the page's
links and robots directives (for the spider's next requests) or its iframe
sources (to fetch before converting). The reactor never parses a page. The
`Converter` of a crawl runs these calls (`WEB2MD_WORKERS` processes, ``0``: in
process) for its spider and its extraction pipeline alike; in auto browser mode it
answers for an app shell with the page the browser renders, links included.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import dataclasses
import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar
from urllib.parse import urlsplit

from lxml.etree import _Element
from scrapy import Request, signals
from scrapy.crawler import Crawler
from scrapy.http import HtmlResponse

from web2md.browser.chromium import HANDLER, META_RENDER, browser_mode
from web2md.conversion.iframes import FrameDocument, IframeFetcher, frame_urls, splice_iframes
from web2md.conversion.responses import parse_response
from web2md.conversion.shape import LOOKED_AT, PageShape, challenge, needs_scripts, page_shape
from web2md.conversion.workers import WorkerPool, default_workers
from web2md.extract import convert, extract_links, text_for
from web2md.extract.documents.reader import DocumentError, document_type, read_document
from web2md.extract.html.parse import DEFAULT_MAX_MEMORY, TRUNCATED
from web2md.extract.page import Page
from web2md.extract.textfor import UnsupportedContent
from web2md.javascript.quickjs import EngineMissing, ScriptRun, run_scripts
from web2md.middlewares import META_NAMED, META_OPTIONS, META_QUIET

__all__ = ["Conversion", "Converter", "robots_directives", "run_conversion"]

logger = logging.getLogger(__name__)

# what `run_conversion` needs, imported by each worker as it starts, while the crawl fetches its first pages
PRELOAD = (__name__,)

#: Request meta of a crawl serving several callers that a page's render in the browser keeps: the hosts its caller
#: named (the address guard), its conversion options (the browser's ``wait``) and its cookie jar.
CALLER_META = (META_NAMED, META_OPTIONS, "cookiejar")


@dataclass
class Conversion:
    """What one page needs to be read anywhere: plain data, small enough to send to a worker."""

    url: str
    body: bytes
    html: bool  # an HTML page (`convert`), else a text type (`text_for`)
    content_type: str | None = None
    # the fetched iframe documents by source; None: not fetched yet, so a page with iframes is not converted
    # but answers with their sources (none are looked for when `max_frames` is 0: iframes off)
    frames: dict[str, FrameDocument] | None = None
    max_frames: int = 0
    unreachable: frozenset[str] = frozenset()  # iframe hosts that never answered: the page needs nothing from them
    options: dict[str, Any] = field(default_factory=dict)
    links: bool = False  # answer with the page's links (a spider that follows them)
    robots: tuple[str, ...] | None = None  # the X-Robots-Tag header values when robots directives are obeyed
    convert: bool = True  # False: links and directives only (a dry run)
    documents: bool = False  # a PDF or DOCX body is read into a page (else it is a document saved as it came)


def run_conversion(job: Conversion) -> dict[str, Any]:
    """Read one page: parse it once and answer with what `job` asks for, as plain data.

    HTML: ``{"encoding": what decoded the body, "truncated": memory bound or None}``,
    plus ``"directives"`` (robots, when asked), ``"links"`` (when asked and not
    nofollow), then, unless the job only wants those or the page is noindex:
    ``"frame_sources"`` for a page with iframes whose documents are not fetched
    yet (it is not converted, unless all of them are on `job.unreachable` hosts),
    else the conversion: ``{"page": Page fields, "inlined": n, "js": ...}`` (in auto mode with ``"escalated"`` and
    ``"unrendered"`` when the page is an app shell), ``{"blocked": which}`` for a bot challenge, or
    ``{"error": message}`` when converting raised (what was read before stays).
    Other text: ``{"markdown": ...}``; bytes that are not text: ``{"unsupported": content type, "reason": ...}``;
    with `job.documents`, a PDF or DOCX: ``{"page": ..., "document": its type}`` as for HTML, or ``{"error": why}``.
    """
    kind = document_type(job.body, job.content_type or "") if job.documents and not job.html else None
    if kind is not None:
        try:
            page = read_document(job.body, kind, job.url, **job.options)
        except DocumentError as exc:
            return {"error": str(exc), "document": kind}
        return {"page": page.to_dict(), "document": kind, "encoding": None, "inlined": 0, "js": None}
    if not job.html:
        try:
            return {"markdown": text_for(job.body, job.content_type, job.url)}
        except UnsupportedContent as exc:
            return {"unsupported": exc.content_type, "reason": str(exc)}
    response = HtmlResponse(job.url, body=job.body, headers={"Content-Type": job.content_type or "text/html"})
    # rows are packed for a tree only web2md reads (page scripts and selectors look for the elements)
    pack_rows = not job.options.get("javascript") and not job.options.get("exclude_selector")
    tree, encoding = parse_response(response, job.options.get("max_memory", DEFAULT_MAX_MEMORY), pack_rows)
    result: dict[str, Any] = {"encoding": encoding, "truncated": tree.get(TRUNCATED)}
    directives: set[str] = set()
    if job.robots is not None:
        directives = robots_directives(job.robots, tree)
        result["directives"] = sorted(directives)
    follow = job.links and "nofollow" not in directives
    # links only (a dry run): an app shell is converted all the same, as the crawl would convert it, so that the
    # links listed are those its scripts or the browser draw, which the crawl follows
    convert_now = (job.convert or follow and drawn_by_scripts(tree, job)) and "noindex" not in directives
    sources = frame_urls(tree, job.url, job.max_frames) if convert_now and job.frames is None and job.max_frames else []
    if sources:
        result["frame_sources"] = sources
        # converted once their documents are fetched (iframes only on hosts that never answered: the page is
        # converted now, as it will be without them)
        convert_now = all(urlsplit(source).netloc in job.unreachable for source in sources)
    # a page converted from this very tree has its `extract_links` as its links: they are not read twice
    # (iframes spliced in or scripts run change the tree: then the links are read before)
    links_of_page = follow and convert_now and not job.frames and not job.options.get("javascript")
    if follow and not links_of_page:
        result["links"] = extract_links(tree, job.url)
    if not convert_now:
        return result
    try:
        result.update(converted(tree, job))
    except Exception as exc:
        result["error"] = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
    if links_of_page:
        result["links"] = result["page"].get("links", []) if "page" in result else extract_links(tree, job.url)
    return result


def drawn_by_scripts(tree: _Element, job: Conversion) -> bool:
    """Whether the page of `tree` is an app shell that auto mode (`escalate`) would convert after its scripts."""
    return job.options.get("javascript") is None and bool(needs_scripts(page_shape(tree)))


def converted(tree: _Element, job: Conversion) -> dict[str, Any]:
    """The page of `tree` converted, its fetched iframes spliced in, after its scripts with ``javascript``; with
    ``javascript`` unset (auto), after them only when the page is an app shell (`escalate`). A page that is a bot
    challenge answers ``{"blocked": which}`` instead."""
    inlined = splice_iframes(tree, job.url, job.frames, job.max_frames) if job.frames else 0
    mode = job.options.get("javascript")
    scripts = None
    if mode:
        # the page after its inline scripts (--javascript); whatever they do, it is converted
        scripts = run_scripts(tree, job.url, job.options.get("wait"))
        tree = scripts.tree
    page = convert(tree, url=job.url, **job.options)
    result: dict[str, Any] = {"inlined": inlined}
    if len(page.text) < LOOKED_AT:  # next to nothing: what is the page made of?
        shape = page_shape(tree)
        blocked = challenge(shape)
        if blocked:
            return {**result, "blocked": blocked}
        if mode is None:
            page, scripts = escalate(tree, page, shape, job, result)
    result["page"] = page.to_dict()
    result["js"] = [scripts.ran, scripts.failed] if scripts is not None else None
    return result


def escalate(
    tree: _Element, page: Page, shape: PageShape, job: Conversion, result: dict[str, Any]
) -> tuple[Page, ScriptRun | None]:
    """Auto mode: an app shell (`needs_scripts`) is converted after its inline scripts when they give it more
    text; ``result["escalated"]`` says so (``["inline", why]``), ``result["unrendered"]`` why a shell stayed one."""
    why = needs_scripts(shape)
    if not why:
        return page, None
    if not shape.inline_scripts:
        result["unrendered"] = f"{why}, none of them inline"
        return page, None
    try:
        scripts = run_scripts(tree, job.url, job.options.get("wait"))
    except EngineMissing:  # auto mode without the engine, for the browser (WEB2MD_BROWSER=auto)
        result["unrendered"] = f"{why}; no JavaScript engine for its inline scripts"
        return page, None
    rendered = convert(scripts.tree, url=job.url, **job.options) if scripts.tree is not tree else page
    result["escalated"] = ["inline", why]
    if len(rendered.text) <= len(page.text):
        result["unrendered"] = f"{why}; its inline scripts added no text"
        return page, scripts
    return rendered, scripts


def robots_directives(header_values: tuple[str, ...] | list[str], tree: _Element | None) -> set[str]:
    """``noindex``/``nofollow`` from X-Robots-Tag header values and the ``<meta name=robots>`` of `tree`."""
    values = list(header_values)
    if tree is not None:
        values += [
            meta.get("content") or ""
            for meta in tree.iter("meta")
            if (meta.get("name") or "").strip().lower() == "robots"
        ]
    directives: set[str] = set()
    for value in values:
        for part in value.lower().split(","):
            part = part.strip()
            if ":" in part:  # "otherbot: noindex" is for another bot
                continue
            directives.update(("noindex", "nofollow") if part == "none" else (part,))
    return directives & {"noindex", "nofollow"}


class Converter:
    """One crawl's page reading: its worker pool, its iframe fetcher and, in auto browser mode, the browser's render
    of an app shell, shared by the spider and the pipeline.

    An extension (``EXTENSIONS_BASE``): the components that read pages get it with
    ``crawler.get_extension(Converter)``. ``WEB2MD_WORKERS`` processes read
    pages (default: one per core; ``0``: in this process, for debugging),
    started when the spider opens and stopped when it closes. A crawl of one
    page starts one worker, and the others only when it is busy; run from a
    front end (``web2md fetch``, a page of ``web2md browse``, an MCP call) it
    uses a pool the process keeps for the next such crawl. A call still
    running after ``WEB2MD_EXTRACT_TIMEOUT`` seconds has its worker killed and
    replaced (`web2md.conversion.workers.WorkerTimeout`). Calls wait for a free
    worker in order.
    """

    # the front ends' pools for crawls of a single page, per process and deadline, kept between them: a worker
    # takes a moment to start, and a page converted in the crawl's own process would have no deadline and could
    # hold the reactor (and a long-lived front end's every other call) for as long as it runs
    _single_page_pools: ClassVar[dict[tuple[int, float | None], WorkerPool]] = {}

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        settings = crawler.settings
        workers = settings.get("WEB2MD_WORKERS")
        self.workers = default_workers() if workers in (None, "") else settings.getint("WEB2MD_WORKERS")
        self.timeout = settings.getfloat("WEB2MD_EXTRACT_TIMEOUT", 60.0) or None
        self.iframes = IframeFetcher(crawler)
        # WEB2MD_BROWSER=auto and Chromium there: app shells the embedded engine left empty load in the browser
        self.browser = (
            browser_mode(settings) == "auto" and HANDLER in settings.getwithbase("DOWNLOAD_HANDLERS").values()
        )
        self.pool: WorkerPool | None = None
        self._owns_pool = False

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Converter:
        converter = cls(crawler)
        crawler.signals.connect(converter.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(converter.close, signal=signals.spider_closed)
        return converter

    def spider_opened(self) -> None:
        page_bound = getattr(self.crawler.spider, "page_bound", None)
        self.open(page_bound() if page_bound is not None else None)

    def open(self, page_bound: int | None) -> None:
        """Start the workers (a crawl of one page: the process's single-page worker, if not running yet)."""
        workers = self.workers if page_bound is None else min(self.workers, page_bound)
        if self.pool is not None or workers <= 0:
            return
        # one page: a worker starts with the crawl, another only if a call finds it busy
        warm = 1 if page_bound == 1 else None
        if page_bound == 1 and self.crawler.settings.getbool("WEB2MD_EMBEDDED"):
            key = (self.workers, self.timeout)
            pool = self._single_page_pools.get(key)
            if pool is None:
                pool = self._single_page_pools[key] = WorkerPool(self.workers, self.timeout, PRELOAD)
                atexit.register(_close_at_exit, pool, asyncio.get_running_loop())
            self.pool = pool
        else:
            self.pool = WorkerPool(self.workers if page_bound == 1 else workers, self.timeout, PRELOAD)
            self._owns_pool = True
        self.pool.warm_up(warm)  # while the first pages download

    async def close(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None and self._owns_pool:
            await pool.close()

    def job(self, item: Any, **wants: Any) -> Conversion:
        """The `Conversion` of a `PageItem` (its transient `body` and `html`); `wants`: links, robots, convert."""
        return Conversion(
            item.get("final_url") or item.get("url", ""),
            item.get("body") or b"",
            html=bool(item.get("html")),
            content_type=item.get("content_type"),
            max_frames=self.iframes.max_count if self.iframes.enabled else 0,
            unreachable=self.iframes.unreachable,
            options=item.get("options") or getattr(self.crawler.spider, "convert_options", {}),
            documents=getattr(self.crawler.spider, "documents", False),
            **wants,
        )

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` where pages are read: in a worker, under the extraction deadline (in process
        without a pool); raises `WorkerError`s. `function` and `args` must be picklable."""
        if self.pool is None:
            return function(*args)
        return await self.pool.run(function, *args)

    async def read(self, job: Conversion, caller: Request | None = None) -> dict[str, Any]:
        """`run_conversion` of `job` in a worker (in process without a pool); raises `WorkerError`s. In auto
        browser mode, an app shell it leaves one is read again as the browser renders it (`render_in_browser`,
        `caller` as there), so whoever reads it, the spider following its links or the pipeline, gets that page."""
        result = await self.run(run_conversion, job)
        if result.get("truncated") is not None and job.frames is None:  # once per page, not again with its iframes
            logger.warning(
                "Truncated %s: converting it whole would take more than %s bytes (WEB2MD_MAX_MEMORY); the rest is not converted",
                job.url,
                result["truncated"],
            )
            self.crawler.stats.inc_value("web2md/truncated")
        if "unrendered" in result and self.browser:
            result = await self.render_in_browser(job, result, caller)
        return result

    async def finish(
        self, job: Conversion, result: dict[str, Any] | None, caller: Request | None = None
    ) -> dict[str, Any]:
        """The page converted, from what reading it answered already (`result`, if it was read); with the links and
        directives that reading answered."""
        if result is None:
            result = await self.read(job, caller)
        if "frame_sources" in result:
            # fetched through the same middlewares, spliced in where the page is parsed again
            job.frames = await self.iframes.fetch(result["frame_sources"], job.url)
            if job.frames or "page" not in result:
                answered = {key: result[key] for key in ("links", "directives") if key in result}
                job.links, job.robots = False, None  # answered already
                return answered | await self.read(job, caller)
        return result

    async def render_in_browser(
        self, job: Conversion, result: dict[str, Any], caller: Request | None = None
    ) -> dict[str, Any]:
        """The app shell of `result` as the browser renders it, read as `job` asks (its links and robots directives
        are the rendered page's), when that gives it more text (``escalated: ["browser", why]``); else `result` as
        it was. A challenge found there is the answer too, and so is a rendered page that is noindex.
        `caller`: the request the shell answered in a crawl serving several callers, whose hosts, options,
        cookies and headers are the render's too."""
        # not from the HTTP cache, which holds the shell as it was sent
        meta: dict[str, Any] = {META_RENDER: True, META_QUIET: True, "dont_cache": True}
        headers = None
        if caller is not None:
            meta = {name: caller.meta[name] for name in CALLER_META if name in caller.meta} | meta
            headers = {k: v for k, v in caller.headers.items() if k.lower() != b"cookie"}  # the jar adds its own
        request = Request(job.url, meta=meta, headers=headers, dont_filter=True)
        try:
            response = await self.crawler.engine.download_async(request)
            if not isinstance(response, HtmlResponse) or response.status >= 400:
                return result
            options = {**job.options, "javascript": False}
            # converted even in a dry run: its text decides whether the rendered page's links are the ones
            rendered = dataclasses.replace(job, body=response.body, options=options, frames=None, convert=True)
            answer = await self.finish(rendered, None)
        except Exception as exc:  # the shell as it was sent is the page
            logger.info("The browser could not render %s: %s", job.url, exc)
            return result
        if "blocked" in answer:
            return answer
        if job.robots is not None:
            # what the page as sent says holds as well: a script that takes out a nofollow does not lift it
            directives = set(result.get("directives", ())) | set(answer.get("directives", ()))
            answer["directives"] = sorted(directives)
            if "nofollow" in directives:
                answer.pop("links", None)
            if "noindex" in directives:  # only the rendered page can say so: a noindex shell is not converted
                return answer
        if len(answer.get("page", {}).get("text", "")) <= len(result["page"].get("text", "")):
            return result
        answer["escalated"] = ["browser", result["unrendered"]]
        return answer


def _close_at_exit(pool: WorkerPool, loop: asyncio.AbstractEventLoop) -> None:
    """End a pool kept between crawls with the process: its workers end as at a crawl's end, nothing is left
    pending on the loop (which runs on in the reactor's thread while the interpreter exits)."""
    if loop.is_closed() or not loop.is_running():
        return
    with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError):
        asyncio.run_coroutine_threadsafe(pool.close(grace=1.0), loop).result(5)
