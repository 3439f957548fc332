"""The ``web2md mcp`` server: web_fetch, web_crawl, web_grep, web_sitemap and web_feed over stdio JSON-RPC (see
docs/design.md#mcp).

The tools run the project's spiders through `web2md.crawl` (one fetch path), with
`web2md.middlewares.netguard` refusing non-public addresses unless ``--allow-private``.
"""

import asyncio
import difflib
import logging
import re
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from scrapy.settings import Settings
from w3lib.url import canonicalize_url

from web2md import __version__, crawl
from web2md.conversion.workers import WorkerError, WorkerPool, WorkerTimeout
from web2md.exporters import get_format
from web2md.extract.documents.sitemaps import MAX_SITEMAP_URLS
from web2md.extract.html.selectors import compile_selectors
from web2md.failures import explain, interactive_retry_exceptions
from web2md.formats import format_names, normalize_format
from web2md.formats.llms import estimate_tokens
from web2md.frontends.grep import DEFAULT_GREP_CHARS, render_grep, search
from web2md.frontends.page_crawl import Outcome, PageCrawls
from web2md.frontends.sanitise import sanitise
from web2md.frontends.wording import plural
from web2md.items import DocumentItem, PageItem, item_to_dict
from web2md.javascript.quickjs import EngineMissing, check_engine
from web2md.spiders.feed import FeedSpider
from web2md.spiders.site import SiteSpider
from web2md.spiders.sitemap import SitemapSpider
from web2md.spiders.typed_urls import check_start_url, complete_url

logger = logging.getLogger(__name__)

NETGUARD = "web2md.middlewares.netguard.NetGuardMiddleware"
DEFAULT_MAX_LENGTH = 20000
DEFAULT_TIMEOUT = 60.0
DEADLINE_GRACE = 15.0  # seconds a call may run past --timeout so that the deadline it met answers with its cause
DEFAULT_MAX_BYTES = 10 * 1024 * 1024
CONCURRENT_CALLS = 4
GREP_WORKERS = 2  # web_grep's worker processes: one overrunning pattern leaves the other for the next call
# The server's flags, named in the advice of a failure (the model cannot change them; whoever runs the server can).
KNOBS = {
    "timeout": "the server's --timeout",
    "extract_timeout": "web2md mcp --timeout",
    "max_bytes": "the server's --max-bytes",
}
SLICE_CACHE_SIZE = 32
SLICE_CACHE_TTL = 600.0  # seconds a rendering is kept for start_index > 0 calls

# Leading keys of a web_fetch result, in this order; the metadata follows.
FETCH_ORDER = (
    "url",
    "final_url",
    "status",
    "content_type",
    "title",
    "format",
    "start_index",
    "next_start_index",
    "total_length",
    "markdown",
)
# Renderings that get a header (title, URL, author, date) in the text content; the others are data formats.
TEXT_FORMATS = frozenset({"md", "txt"})
# Page fields that are not metadata of docs/design.md#page-fields (the body itself, docs/design.md#main-content
# by-products).
NOT_METADATA = frozenset(
    {"markdown", "text", "fit_markdown", "markdown_with_citations", "references", "tables", "outline"}
)
# Fields of docs/design.md#page-fields left out of web_fetch results unless full_metadata is asked for: long, rarely
# needed.
FULL_METADATA = frozenset(
    {"links", "images", "json_ld", "headings", "hreflangs", "favicons", "open_graph", "twitter_card", "dublin_core"}
)


# The renderings web_fetch offers: every name of every format in the registry (web2md.formats).
FormatName = Literal[format_names()]  # type: ignore[valid-type]


@dataclass(frozen=True)
class ServerOptions:
    """How the server fetches: address policy, per-call bounds, robots."""

    allow_private: bool = False
    allowed_hosts: tuple[str, ...] = ()  # let through the address check by name (tests, known internal hosts)
    timeout: float = DEFAULT_TIMEOUT  # seconds per tool call
    max_bytes: int = DEFAULT_MAX_BYTES  # per response, decompressed
    ignore_robots: bool = False
    remember: int = 500  # pages kept for web_grep
    # ``--browser auto``: an app shell an auto request's inline scripts leave empty is loaded in Chromium
    browser_auto: bool = False


# -- structured results ---------------------------------------------------------


class _Result(BaseModel):
    model_config = ConfigDict(extra="allow")


class FetchResult(_Result):
    """One slice of a page's rendering, and the page's metadata (absent fields: the page has none)."""

    url: str
    final_url: str
    status: int
    content_type: str
    title: str
    format: str
    markdown: str = Field(description="This slice of the rendering, in the requested format")
    start_index: int
    next_start_index: int | None = Field(None, description="Where the next slice starts; absent when nothing is left")
    total_length: int = Field(description="Length of the whole rendering, in characters")
    description: str | None = None
    author: str | None = None
    published_date: str | None = None
    modified_date: str | None = None
    image: str | None = None
    headline: str | None = None
    site_name: str | None = None
    keywords: list[str] | None = None
    categories: list[str] | None = None
    excerpt: str | None = None
    canonical_url: str | None = None
    language: str | None = None
    extraction_quality: float | None = None
    page_type: str | None = None
    fingerprint: str | None = None
    word_count: int | None = None


class CrawledPage(_Result):
    url: str
    final_url: str | None = None
    title: str
    excerpt: str | None = None
    word_count: int | None = None
    tokens: int | None = Field(default=None, description="estimated tokens of the page's Markdown (characters / 4)")


class Failure(BaseModel):
    url: str
    reason: str


class CrawlResult(BaseModel):
    url: str
    depth: int
    pages: list[CrawledPage]
    failed: list[Failure] = []
    planned: list[str] | None = Field(default=None, description="dry_run: the URLs a crawl would fetch")
    llms_txt: str | None = Field(default=None, description="bundle: the site's llms.txt index")
    bundle_tokens: int | None = Field(default=None, description="bundle: estimated tokens of llms-full.txt")


class GrepLine(BaseModel):
    line: int
    text: str


class GrepMatch(BaseModel):
    url: str
    line: int = Field(description="1-based line number in the page's Markdown rendering")
    text: str
    before: list[GrepLine] = []
    after: list[GrepLine] = []


class GrepResult(BaseModel):
    pattern: str
    searched: list[str]
    matches: list[GrepMatch]
    truncated: bool = False
    left_out: int = Field(0, description="Matches not returned (over max_matches or max_chars)")
    failed: list[Failure] = []


class SitemapUrl(_Result):
    url: str
    lastmod: str | None = None


class SitemapResult(BaseModel):
    url: str
    urls: list[SitemapUrl]
    truncated: bool = False


class FeedEntry(_Result):
    title: str | None = None
    url: str | None = None
    author: str | None = None
    published_date: str | None = None
    modified_date: str | None = None
    summary: str | None = None
    categories: list[str] | None = None
    markdown: str | None = None


class FeedResult(BaseModel):
    url: str
    feed_url: str | None = None
    feed_title: str | None = None
    entries: list[FeedEntry]


# -- remembered pages -------------------------------------------------------------


@dataclass
class StoredPage:
    url: str
    markdown: str


class PageStore:
    """Markdown renderings of fetched and crawled pages, for web_grep; the least recently stored go first."""

    def __init__(self, limit: int) -> None:
        self.limit = max(1, limit)
        self._pages: OrderedDict[str, StoredPage] = OrderedDict()

    @staticmethod
    def key(url: str) -> str:
        try:
            return canonicalize_url(url)
        except ValueError:
            return url

    def put(self, item: Any) -> StoredPage:
        page = StoredPage(item.get("url") or item.get("final_url", ""), item.get("markdown") or "")
        for url in {page.url, item.get("final_url") or page.url}:
            key = self.key(url)
            self._pages.pop(key, None)
            self._pages[key] = page
        while len(self._pages) > self.limit:
            self._pages.popitem(last=False)
        return page

    def get(self, url: str) -> StoredPage | None:
        return self._pages.get(self.key(url))

    def pages(self) -> list[StoredPage]:
        seen: dict[int, StoredPage] = {}
        for page in self._pages.values():
            seen.setdefault(id(page), page)
        return list(seen.values())


@dataclass
class _Rendering:
    text: str
    data: dict[str, Any]
    time: float


# -- the tools ---------------------------------------------------------------------


class Web2mdTools:
    """The tool implementations, sharing settings, the page store and the per-call bounds."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.settings = self._settings()
        self.store = PageStore(options.remember)
        self._slices: OrderedDict[tuple[Any, ...], _Rendering] = OrderedDict()
        self._calls = asyncio.Semaphore(CONCURRENT_CALLS)
        self._grep_pool: WorkerPool | None = None
        self._pages: PageCrawls | None = None  # made on first use: a front end may add to the settings before

    def _settings(self) -> Settings:
        opts = self.options
        settings = crawl.project_settings(
            {
                # only http(s): a redirect to file:, data:, ftp: or s3: finds no handler
                "DOWNLOAD_HANDLERS": {"file": None, "data": None, "ftp": None, "s3": None},
                "DOWNLOAD_MAXSIZE": opts.max_bytes,
                "DOWNLOAD_WARNSIZE": 0,
                "DOWNLOAD_TIMEOUT": min(30.0, opts.timeout),
                "CLOSESPIDER_TIMEOUT": opts.timeout,
                # a page converts within the call's bound too, in a worker: a slow one fails alone
                "WEB2MD_EXTRACT_TIMEOUT": opts.timeout,
                # a timeout, a refused connection or an unknown host is not retried: the call stays within its bound
                "RETRY_EXCEPTIONS": interactive_retry_exceptions(),
                "ROBOTSTXT_OBEY": not opts.ignore_robots,
                "WEB2MD_NETGUARD_ENABLED": not opts.allow_private,
                "WEB2MD_NETGUARD_ALLOWED_HOSTS": list(opts.allowed_hosts),
                "WEB2MD_OUTPUT_DIR": "",
                "WEB2MD_FORMATS": "",
                "STATS_DUMP": False,
                "LOGSTATS_INTERVAL": 0,
            }
        )
        if opts.browser_auto:  # under a request's own choice (a spider argument): javascript "browser" is every page
            settings.set("WEB2MD_BROWSER", "auto", priority="project")
        middlewares = dict(settings.getdict("DOWNLOADER_MIDDLEWARES"))
        middlewares[NETGUARD] = 50  # before blacklist and robots.txt: a refused host is never contacted
        settings.set("DOWNLOADER_MIDDLEWARES", middlewares, priority="cmdline")
        return settings

    # -- running spiders -----------------------------------------------------
    async def run(self, spider: type, url: str, **arguments: Any) -> crawl.CrawlResult:
        """Run `spider` on `url` within the per-call bounds; a bad URL or argument is a ToolError."""
        url = start_url(url)
        async with self._calls:
            try:
                return await asyncio.wait_for(
                    crawl.crawl(spider, self.settings, url=url, output="", formats="", **arguments),
                    self.options.timeout + DEADLINE_GRACE,
                )
            except TimeoutError:
                raise ToolError(f"timed out after {self.options.timeout:g} s: {url}") from None
            except ValueError as exc:  # spider argument checks
                raise ToolError(str(exc)) from None

    def failed(self, result: crawl.CrawlResult, url: str, what: str = "page") -> ToolError:
        """The one-line error for a crawl that produced nothing."""
        if result.failures:
            return ToolError(failure_text(result.failures[0], self.settings.getfloat("DOWNLOAD_TIMEOUT")))
        if result.stats.get("finish_reason") == "closespider_timeout":
            return ToolError(f"timed out after {self.options.timeout:g} s: {url}")
        return ToolError(f"no {what} extracted from {url}")

    async def page(self, url: str, bound: float | None = None, **arguments: Any) -> Outcome:
        """Fetch and convert one page with the page spider's `arguments` in the shared page crawl (see
        `web2md.frontends.page_crawl`), within `bound` seconds, never more than the server's --timeout."""
        url = start_url(url)
        if self._pages is None:
            self._pages = PageCrawls(self.settings)
        # under the server's own bound, the crawl's deadlines (download, extraction) end the call first, with their
        # cause and remedy; the wait past it only catches what they do not bound
        own_bound = bound is None
        bound = self.options.timeout if bound is None else min(bound, self.options.timeout)
        wait = bound + DEADLINE_GRACE if own_bound else bound
        try:
            if arguments.get("javascript"):
                check_engine()
            return await asyncio.wait_for(self._pages.fetch(url, **arguments), wait)
        except TimeoutError:
            raise ToolError(f"timed out after {bound:g} s: {url}") from None
        except (ValueError, EngineMissing) as exc:  # an argument's check, as a crawl's would be
            raise ToolError(str(exc)) from None

    async def close(self) -> None:
        """Close the shared page crawl (a server stopping)."""
        if self._pages is not None:
            await self._pages.close()

    async def fetch_item(self, url: str, **conversion: Any) -> Any:
        result = (await self.page(url, **conversion)).result
        if not result.items:
            raise self.failed(result, url)
        item = result.items[0]
        if isinstance(item, DocumentItem):
            raise ToolError(document_text(item))
        self.store.put(item)
        return item

    # -- web_fetch -------------------------------------------------------------
    async def fetch(
        self, url: str, max_length: int, start_index: int, format: str, conversion: dict[str, Any], full_metadata: bool
    ) -> CallToolResult:
        canonical = normalize_format(format)
        key = (PageStore.key(url), canonical, full_metadata, tuple(sorted((k, repr(v)) for k, v in conversion.items())))
        rendering = self._slices.get(key) if start_index else None
        if rendering is None or time.monotonic() - rendering.time > SLICE_CACHE_TTL:
            item = await self.fetch_item(url, **conversion)
            data = {
                k: v
                for k, v in item_to_dict(item).items()
                if k not in NOT_METADATA and (full_metadata or k not in FULL_METADATA)
            }
            rendering = _Rendering(get_format(canonical).render(item), data, time.monotonic())
            self._slices.pop(key, None)
            self._slices[key] = rendering
            while len(self._slices) > SLICE_CACHE_SIZE:
                self._slices.popitem(last=False)
        total = len(rendering.text)
        if start_index and start_index >= total:
            raise ToolError(f"start_index {start_index} is past the end of the content ({total} characters): {url}")
        chunk = rendering.text[start_index : start_index + max_length]
        end = start_index + len(chunk)
        data = dict(rendering.data)
        data.update(format=format, markdown=chunk, start_index=start_index, total_length=total)
        text = chunk if chunk.strip() else f"[no text content on {url}]"
        if start_index == 0 and canonical in TEXT_FORMATS:
            text = page_header(data) + text
        if end < total:
            data["next_start_index"] = end
            text += (
                f"\n\n[Content truncated: characters {start_index}-{end} of {total}. "
                f"Call web_fetch with start_index={end} to continue.]"
            )
        data = {k: data[k] for k in FETCH_ORDER if k in data} | {k: v for k, v in data.items() if k not in FETCH_ORDER}
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)

    # -- web_crawl -------------------------------------------------------------
    async def crawl(self, url: str, depth: int, max_pages: int, conversion: dict[str, Any]) -> CallToolResult:
        result = await self.run(SiteSpider, url, depth=depth, max_pages=max_pages, **conversion)
        ordered = result.breadth_first()
        items = [i for i in ordered if isinstance(i, PageItem)]
        documents = [
            {"url": i.get("url", ""), "reason": document_text(i)} for i in ordered if isinstance(i, DocumentItem)
        ]
        if not items:
            if documents and not result.failures:
                raise ToolError(documents[0]["reason"])
            raise self.failed(result, url)
        pages = []
        for item in items:
            self.store.put(item)
            page: dict[str, Any] = {"url": item.get("url", ""), "title": item.get("title") or ""}
            if item.get("final_url") and item.get("final_url") != page["url"]:
                page["final_url"] = item["final_url"]
            for name in ("excerpt", "word_count"):
                if item.get(name) not in (None, ""):
                    page[name] = item[name]
            page["tokens"] = estimate_tokens(item.get("markdown") or "")
            pages.append(page)
        failed = [
            {"url": sanitise(f.get("url", "")), "reason": sanitise(f.get("reason") or "failed")}
            for f in result.failures
        ]
        failed = sorted(failed + documents, key=lambda f: (f["url"], f["reason"]))  # the same on every run
        lines = [f"Crawled {plural(len(pages), 'page')} from {url} (depth {depth}):"]
        for page in pages:
            words = f" ({page['word_count']} words)" if "word_count" in page else ""
            lines.append(f"- {sanitise(page['url'])} — {sanitise(page['title'] or '(untitled)')}{words}")
            if page.get("excerpt"):
                lines.append(f"  {sanitise(page['excerpt'])}")
        for failure in failed:
            lines.append(f"! {failure_text(failure, self.settings.getfloat('DOWNLOAD_TIMEOUT'))}")
        lines.append("The pages are remembered: search them with web_grep.")
        data: dict[str, Any] = {"url": url, "depth": depth, "pages": pages}
        bundles = list(getattr(result.spider, "bundles", {}).values())
        if bundles:  # the start URL's host (a crawl with subdomains=1 may have more; their pages are listed above)
            bundle = next((b for b in bundles if any(p.url == url for p in b.pages)), bundles[0])
            data["llms_txt"], data["bundle_tokens"] = bundle.index, bundle.tokens
            lines += ["", f"llms.txt (llms-full.txt: ~{bundle.tokens} tokens):", bundle.index]
        if failed:
            data["failed"] = failed
        return CallToolResult(content=[TextContent(type="text", text="\n".join(lines))], structured_content=data)

    async def plan(self, url: str, depth: int, max_pages: int, arguments: dict[str, Any]) -> CallToolResult:
        """web_crawl with dry_run: the URLs a crawl would fetch, breadth first; no page is kept."""
        result = await self.run(SiteSpider, url, depth=depth, max_pages=max_pages, dry_run=True, **arguments)
        planned = result.spider.planned_urls()  # without the pages robots.txt forbids: those are in `failed`
        failed = [
            {"url": sanitise(f.get("url", "")), "reason": sanitise(f.get("reason") or "failed")}
            for f in result.sorted_failures()
        ]
        lines = [f"A crawl of {url} (depth {depth}) would fetch {len(planned)} URLs:", *map(sanitise, planned)]
        lines += [f"! {failure_text(f, self.settings.getfloat('DOWNLOAD_TIMEOUT'))}" for f in result.sorted_failures()]
        data: dict[str, Any] = {"url": url, "depth": depth, "pages": [], "planned": planned}
        if failed:
            data["failed"] = failed
        return CallToolResult(content=[TextContent(type="text", text="\n".join(lines))], structured_content=data)

    # -- web_grep --------------------------------------------------------------
    async def grep(
        self,
        pattern: str,
        urls: list[str] | None,
        context: int,
        ignore_case: bool,
        max_matches: int,
        max_chars: int = DEFAULT_GREP_CHARS,
    ) -> CallToolResult:
        try:
            regex = re.compile(pattern, re.IGNORECASE if ignore_case else 0)
        except re.error as exc:
            raise ToolError(f"invalid pattern {pattern!r}: {exc}") from None
        failed: list[dict[str, str]] = []
        if urls:
            pages: list[StoredPage] = []
            for url in dict.fromkeys(map(complete_url, urls)):
                page = self.store.get(url)
                if page is None:
                    try:
                        await self.fetch_item(url)
                    except ToolError as exc:
                        failed.append({"url": sanitise(url), "reason": sanitise(str(exc))})
                        continue
                    page = self.store.get(url)
                if page is not None:
                    pages.append(page)
            if not pages:
                raise ToolError("; ".join(f["reason"] for f in failed) or "nothing to search")
        else:
            pages = self.store.pages()
            if not pages:
                raise ToolError("no pages to search yet: pass urls, or call web_fetch or web_crawl first")
        matches, left_out = await self.search(regex, pages, context, max_matches, max_chars)
        text = render_grep(matches, context)
        if not matches:
            text = f"No lines match {pattern!r} in {plural(len(pages), 'page')}."
        elif left_out:
            limit = f"max_matches={max_matches}" if len(matches) >= max_matches else f"max_chars={max_chars}"
            text += (
                f"\n[{plural(left_out, 'more match', 'more matches')} left out ({limit}); "
                "narrow the pattern, pass urls, or raise the limit.]"
            )
        for failure in failed:
            text += f"\n! {failure['reason']}"
        data: dict[str, Any] = {"pattern": pattern, "searched": [p.url for p in pages], "matches": matches}
        if left_out:
            data["truncated"] = True
            data["left_out"] = left_out
        if failed:
            data["failed"] = failed
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)

    async def search(
        self, regex: re.Pattern[str], pages: list[StoredPage], context: int, max_matches: int, max_chars: int
    ) -> tuple[list[dict[str, Any]], int]:
        """`web2md.frontends.grep.search` in a worker process, killed after the server's --timeout: a pattern
        that backtracks without end (``(a+)+$``) fails this call alone, and the event loop answers the others."""
        if self._grep_pool is None:
            self._grep_pool = WorkerPool(GREP_WORKERS, timeout=self.options.timeout)
        texts = [(page.url, page.markdown) for page in pages]
        try:
            return await self._grep_pool.run(search, regex.pattern, regex.flags, texts, context, max_matches, max_chars)
        except WorkerTimeout:
            raise ToolError(
                f"pattern {regex.pattern!r} ran longer than {self.options.timeout:g} s (the server's --timeout) "
                "and was stopped: simplify it (nested repetition such as (a+)+ backtracks without end)"
            ) from None
        except WorkerError as exc:
            raise ToolError(f"web_grep failed: {str(exc).splitlines()[0]}") from None

    # -- web_sitemap -----------------------------------------------------------
    async def sitemap(self, url: str, max_urls: int, since: str | None) -> CallToolResult:
        arguments: dict[str, Any] = {"list": "1", "max_pages": max_urls}
        if since:
            arguments["since"] = since
        result = await self.run(SitemapSpider, url, **arguments)
        if not result.items and result.failures:
            raise self.failed(result, url, "sitemap")
        urls = []
        for item in result.items:
            # a <loc> with control characters is no URL anyone can fetch: shown escaped in the data too
            entry = {"url": sanitise(item.get("url", ""))}
            if item.get("lastmod"):
                entry["lastmod"] = sanitise(item["lastmod"])
            urls.append(entry)
        truncated = bool(
            result.stats.get("web2md/max_pages_skipped") or result.stats.get("web2md/sitemap_unread_count")
        )
        cut = [sanitise(name) for name in getattr(result.spider, "truncated_sitemaps", [])]
        lines = [
            f"{plural(len(urls), 'URL')} in the sitemap of {url}"
            + (f" (first {max_urls} shown)" if truncated else "")
            + ":"
        ]
        lines += [f"{e['url']} {e['lastmod']}" if "lastmod" in e else e["url"] for e in urls]
        lines += [
            f"! {name} lists more than {MAX_SITEMAP_URLS} entries, the sitemaps protocol's limit: the rest is left out"
            for name in cut
        ]
        data: dict[str, Any] = {"url": url, "urls": urls}
        if truncated or cut:
            data["truncated"] = True
        return CallToolResult(content=[TextContent(type="text", text="\n".join(lines))], structured_content=data)

    # -- web_feed --------------------------------------------------------------
    async def feed(self, url: str, max_entries: int, include_content: bool) -> CallToolResult:
        result = await self.run(FeedSpider, url, max_entries=max_entries, fetch_entries=False)
        if not result.items:
            if result.failures:
                raise self.failed(result, url, "feed")
            data = {"url": url, "entries": []}
            return CallToolResult(
                content=[TextContent(type="text", text=f"The feed at {url} has no entries.")], structured_content=data
            )
        first = result.items[0]
        entries = []
        for item in result.items:
            entry = {
                k: clean(item.get(k))
                for k in ("title", "url", "author", "published_date", "modified_date", "summary", "categories")
            }
            if include_content:
                entry["markdown"] = item.get("markdown")
            entries.append({k: v for k, v in entry.items() if v not in (None, "", [])})
        data: dict[str, Any] = {
            "url": url,
            "feed_url": clean(first.get("feed_url")),
            "feed_title": clean(first.get("feed_title")),
            "entries": entries,
        }
        data = {k: v for k, v in data.items() if v is not None}
        return CallToolResult(
            content=[TextContent(type="text", text=render_feed(data, include_content))], structured_content=data
        )


def clean(value: Any) -> Any:
    """A string (or the strings of a list) from a feed, sanitised; anything else as it is."""
    if isinstance(value, str):
        return sanitise(value, lines=True)
    if isinstance(value, list):
        return [clean(v) for v in value]
    return value


def start_url(url: str) -> str:
    """The URL to fetch for what the model passed (a scheme added as on the command line), or a ToolError."""
    try:
        return check_start_url(url)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


def page_header(data: dict[str, Any]) -> str:
    """Title, final URL, author and date above a page's text, for clients that read only the text content."""
    fields = [
        ("Title", data.get("title")),
        ("URL", data.get("final_url") or data.get("url")),
        ("Author", data.get("author")),
        ("Published", data.get("published_date")),
        ("Modified", None if data.get("published_date") else data.get("modified_date")),
    ]
    lines = [f"{name}: {sanitise(' '.join(str(value).split()))}" for name, value in fields if value]
    return "\n".join(lines) + "\n\n---\n\n"


def document_text(item: DocumentItem) -> str:
    """The error for a page that is a binary document (see docs/design.md#text-for: the message names the type and
    size)."""
    url = item.get("url") or item.get("final_url", "")
    return sanitise(f"cannot read {item.get('mime_type') or 'this type'} ({item.get('size', 0)} bytes): {url}")


def failure_text(failure: dict[str, Any], timeout: float | None = None) -> str:
    """A failure record as one sentence naming the URL once (`web2md.failures.explain`)."""
    return explain(failure, timeout, KNOBS)


def render_feed(data: dict[str, Any], include_content: bool) -> str:
    head = data.get("feed_title") or data.get("feed_url") or data["url"]
    where = f" ({data['feed_url']})" if data.get("feed_url") and data.get("feed_title") else ""
    lines = [f"Feed: {head}{where}: {plural(len(data['entries']), 'entry', 'entries')}"]
    for number, entry in enumerate(data["entries"], 1):
        lines.append("")
        date = entry.get("published_date") or entry.get("modified_date")
        lines.append(f"{number}. {entry.get('title') or '(untitled)'}" + (f" ({date})" if date else ""))
        if entry.get("url"):
            lines.append(f"   {entry['url']}")
        body = entry.get("markdown") if include_content else entry.get("summary")
        if body:
            lines.append(body if include_content else "   " + " ".join(body.split())[:300])
    return "\n".join(lines)


def conversion_options(
    main_content: bool = False,
    include_images: bool = False,
    keep_header: bool = False,
    exclude_selector: list[str] | None = None,
    javascript: str = "auto",
) -> dict[str, Any]:
    """Spider arguments for the conversion options that differ from the defaults."""
    options: dict[str, Any] = {}
    if javascript == "inline":
        options["javascript"] = True
    elif javascript == "none":
        options["javascript"] = False
    elif javascript == "browser":
        from web2md.browser.chromium import BrowserMissing, check_browser

        try:
            check_browser()
        except BrowserMissing as exc:
            raise ToolError(str(exc)) from None
        options["browser"] = True
    if main_content:
        options["main_content"] = True
    if include_images:
        options["include_images"] = True
    if keep_header:
        options["keep_header"] = True
    if exclude_selector:
        selectors = [s.strip() for s in exclude_selector if s and s.strip()]
        try:
            compile_selectors(tuple(selectors))
        except ValueError as exc:
            raise ToolError(str(exc)) from None
        if selectors:
            options["exclude_selector"] = tuple(selectors)
    return options


# -- the server ---------------------------------------------------------------------

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=True)

Url = Annotated[
    str,
    Field(description="An http:// or https:// URL; without a scheme, https (http for a port or a local address)"),
]
MainContent = Annotated[bool, Field(description="Keep only the main content (drop navigation, sidebars, comments)")]
# what auto adds to web_fetch's javascript on a server started with --browser auto
AUTO_IN_BROWSER = ", and load it in headless Chromium when they leave it empty"


class Web2mdServer(MCPServer):
    """`MCPServer` that reports arguments failing the input schema in one readable line."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        tool = self._tool_manager.get_tool(name)
        known = sorted((tool.parameters.get("properties") or {}) if tool is not None else ())
        for argument in arguments:
            if known and argument not in known:
                close = difflib.get_close_matches(argument, known, n=1)
                hint = f"did you mean {close[0]}?" if close else f"known: {', '.join(known)}"
                raise ToolError(f"Error executing tool {name}: unknown argument {sanitise(argument)!r} ({hint})")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(exc, UnexpectedToolError):
                raise
            if not isinstance(cause, ValidationError):
                raise ToolError(sanitise(str(exc))) from cause  # it may quote a URL, a pattern, a server's answer
            raise ToolError(f"Error executing tool {name}: invalid arguments: {describe_invalid(cause)}") from cause


def describe_invalid(error: ValidationError) -> str:
    """``max_length: Input should be greater than or equal to 1 (got 0); ...``"""
    parts = []
    for problem in error.errors(include_url=False):
        where = ".".join(str(p) for p in problem.get("loc", ())) or "arguments"
        got = f" (got {problem['input']!r})" if problem.get("type") != "missing" and "input" in problem else ""
        parts.append(f"{where}: {problem.get('msg', 'invalid')}{got}")
    return " ".join("; ".join(parts).split())[:500]


def build_server(options: ServerOptions | None = None) -> MCPServer:
    """The MCP server with the five tools, ready for ``run_stdio_async``."""
    tools = Web2mdTools(options or ServerOptions())
    server = Web2mdServer(
        "web2md",
        version=__version__,
        instructions=(
            "Web pages as clean Markdown. web_fetch reads a page (in slices: follow next_start_index); "
            "web_crawl reads a site; web_grep searches the pages read so far by regular expression and "
            "quotes url:line:text with stable line numbers; web_sitemap lists a site's URLs; web_feed reads a feed."
        ),
        log_level="WARNING",  # only applies when nothing configured logging before (serve() does)
        subscriptions=False,
    )

    @server.tool(name="web_fetch", annotations=READ_ONLY)
    async def web_fetch(
        url: Url,
        max_length: Annotated[
            int, Field(strict=True, ge=1, le=1_000_000, description="Characters to return")
        ] = DEFAULT_MAX_LENGTH,
        start_index: Annotated[
            int, Field(strict=True, ge=0, description="Start at this character (from next_start_index)")
        ] = 0,
        format: Annotated[FormatName, Field(description="Rendering to return")] = "markdown",
        main_content: MainContent = False,
        include_images: Annotated[bool, Field(description="Keep images as ![alt](src)")] = False,
        keep_header: Annotated[bool, Field(description="Keep the page's <header>")] = False,
        exclude_selector: Annotated[
            list[str] | None, Field(description="Drop elements matching these CSS selectors")
        ] = None,
        javascript: Annotated[
            Literal["auto", "none", "inline", "browser"],
            Field(
                description="auto: run the inline scripts of a page that holds next to no text but scripts"
                f"{AUTO_IN_BROWSER if tools.options.browser_auto else ''}; "
                "inline: run the page's inline scripts in a sandbox first (no network; timers up to 1 s); "
                "browser: load the page in headless Chromium (single-page applications; slower); none: no scripts"
            ),
        ] = "auto",
        full_metadata: Annotated[
            bool,
            Field(description="Also return links, images, headings, JSON-LD, Open Graph, Twitter card and Dublin Core"),
        ] = False,
    ) -> Annotated[CallToolResult, FetchResult]:
        """Fetch a web page as clean Markdown (or text/JSON) with its metadata.

        Long pages come in slices of max_length characters: when the result has
        next_start_index, call again with start_index set to it.
        """
        conversion = conversion_options(main_content, include_images, keep_header, exclude_selector, javascript)
        return await tools.fetch(start_url(url), max_length, start_index, format, conversion, full_metadata)

    @server.tool(name="web_crawl", annotations=READ_ONLY)
    async def web_crawl(
        url: Url,
        depth: Annotated[
            int, Field(strict=True, ge=0, le=5, description="Link hops from the start page (0: the page only)")
        ] = 1,
        max_pages: Annotated[int, Field(strict=True, ge=1, le=500, description="Pages to read at most")] = 20,
        main_content: MainContent = False,
        allow: Annotated[list[str] | None, Field(description="Follow only URLs matching one of these regexes")] = None,
        deny: Annotated[list[str] | None, Field(description="Never follow URLs matching one of these regexes")] = None,
        prefix: Annotated[bool, Field(description="Stay under the start URL's folder")] = False,
        subdomains: Annotated[
            bool, Field(description="Other hosts of the same registrable domain count as the site")
        ] = False,
        sitemap: Annotated[bool, Field(description="Also start from the site's sitemap URLs")] = False,
        drop_query: Annotated[bool, Field(description="URLs differing only in tracking parameters are one")] = False,
        dry_run: Annotated[bool, Field(description="Only list the URLs a crawl would fetch")] = False,
        bundle: Annotated[bool, Field(description="Also return the site's llms.txt index")] = False,
    ) -> Annotated[CallToolResult, CrawlResult]:
        """Crawl a site breadth first from url (same host) and list its pages with title, excerpt and word count.

        The pages' Markdown is remembered for web_grep. allow/deny/prefix/subdomains/sitemap/drop_query
        bound the crawl as the site spider's arguments of the same names do.
        """
        scope = {
            "allow": allow or [],
            "deny": deny or [],
            "prefix": prefix,
            "subdomains": subdomains,
            "sitemap": sitemap,
            "query": "drop" if drop_query else "keep",
        }
        if dry_run:
            return await tools.plan(start_url(url), depth, max_pages, scope)
        # the site spider takes its scope and bundle arguments beside the conversion options
        return await tools.crawl(
            start_url(url), depth, max_pages, conversion_options(main_content) | scope | {"bundle": bundle}
        )

    @server.tool(name="web_grep", annotations=READ_ONLY)
    async def web_grep(
        pattern: Annotated[str, Field(min_length=1, max_length=1000, description="Python regular expression")],
        urls: Annotated[
            list[str] | None,
            Field(description="Pages to search (fetched if not read yet); default: every page read so far"),
        ] = None,
        context: Annotated[int, Field(strict=True, ge=0, le=20, description="Lines of context around each match")] = 0,
        ignore_case: bool = False,
        max_matches: Annotated[int, Field(strict=True, ge=1, le=2000)] = 200,
        max_chars: Annotated[
            int,
            Field(
                strict=True,
                ge=200,
                le=200_000,
                description="Characters of matching and context "
                "lines to return at most; the matches beyond are counted",
            ),
        ] = DEFAULT_GREP_CHARS,
    ) -> Annotated[CallToolResult, GrepResult]:
        """Search the Markdown of fetched or crawled pages line by line; returns url:line:text lines.

        Line numbers are 1-based lines of the page's deterministic Markdown
        rendering (as web_fetch returns it); context lines read url-line-text.
        Overlapping context is merged; at most max_chars characters of lines come
        back (default 20000), and the reply says how many matches were left out.
        """
        return await tools.grep(pattern, urls, context, ignore_case, max_matches, max_chars)

    @server.tool(name="web_sitemap", annotations=READ_ONLY)
    async def web_sitemap(
        url: Annotated[
            str, Field(description="A site (sitemaps found via robots.txt and /sitemap.xml) or a sitemap URL")
        ],
        max_urls: Annotated[int, Field(strict=True, ge=1, le=50_000)] = 1000,
        since: Annotated[str | None, Field(description="Only URLs modified on or after this date (YYYY-MM-DD)")] = None,
    ) -> Annotated[CallToolResult, SitemapResult]:
        """List the URLs in a site's sitemaps (indexes followed) with their lastmod dates."""
        return await tools.sitemap(start_url(url), max_urls, since)

    @server.tool(name="web_feed", annotations=READ_ONLY)
    async def web_feed(
        url: Annotated[str, Field(description="An RSS, Atom or JSON feed, or a page that links to one")],
        max_entries: Annotated[int, Field(strict=True, ge=1, le=1000)] = 20,
        include_content: Annotated[bool, Field(description="Include each entry's content as Markdown")] = False,
    ) -> Annotated[CallToolResult, FeedResult]:
        """Read a feed's entries: title, link, date, author, summary (and content on request)."""
        return await tools.feed(start_url(url), max_entries, include_content)

    return server


def configure_logging(verbose: bool) -> None:
    """Log to stderr only (stdout carries JSON-RPC): warnings, or everything with ``-v``."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO if verbose else logging.WARNING)


def serve(options: ServerOptions | None = None, verbose: bool = False) -> None:
    """Run the server on stdin/stdout until the client closes the connection."""
    configure_logging(verbose)
    if options and options.allow_private:
        logger.warning("--allow-private: loopback, private and link-local addresses can be fetched")
    build_server(options).run("stdio")
