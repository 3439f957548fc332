"""``web2md serve``: an HTTP API speaking Firecrawl's v2 (and v1) endpoints and Jina Reader's ``GET /<url>``, on
Starlette and uvicorn (see docs/http.md).

Every fetch runs the project's spiders through the MCP server's `Web2mdTools` (its settings, address guard and
bounds), so there is one fetch path; crawl and batch jobs live in `web2md.frontends.http_jobs`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from mcp.server.mcpserver.exceptions import ToolError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from web2md import __version__
from web2md.crawl import CrawlResult
from web2md.frontends.http_scrape import (
    ApiError,
    ScrapeRequest,
    SiteError,
    document,
    failure_error,
    included_markdown,
    read_scrape_options,
    start_url,
)
from web2md.frontends.mcp_server import (
    ServerOptions,
    Web2mdTools,
    configure_logging,
    document_text,
    page_header,
)
from web2md.frontends.sanitise import sanitise
from web2md.items import DocumentItem, item_to_dict

logger = logging.getLogger(__name__)

DEFAULT_PORT = 3002
DEFAULT_MAX_BODY = 1024 * 1024  # bytes of a request body (a batch of a few thousand URLs fits)
API_KEY_VARIABLE = "WEB2MD_API_KEY"
GC_FREEZE = "web2md.extensions.gcfreeze.FreezeAtStart"
USAGE = (
    f"web2md {__version__}: GET /<url> reads a page as Markdown; "
    "POST /v2/scrape, /v2/crawl, /v2/map, /v2/batch/scrape speak Firecrawl's API.\n"
)
# Page fields left out of the reader's JSON: the plain text repeats the Markdown, the derived views are long.
READER_LEFT_OUT = frozenset({"text", "markdown", "fit_markdown", "markdown_with_citations", "references"})


@dataclass(frozen=True)
class ApiOptions:
    """How the HTTP server listens, authenticates and bounds its work."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    api_key: str = ""
    max_body: int = DEFAULT_MAX_BODY
    state_dir: Path | None = None  # crawl and batch jobs (None: no job endpoints)
    max_jobs: int = 2  # crawl and batch jobs running at once; more wait in line
    max_limit: int = 1000  # pages a crawl or URLs a batch may ask for at most
    # pages' scripts run: auto (app shells' inline scripts), none, inline (QuickJS) or browser (headless Chromium)
    javascript: str = "auto"
    fetch: ServerOptions = ServerOptions()

    def script_arguments(self) -> dict[str, bool]:
        """The spider arguments that run each page's scripts as `javascript` says."""
        return {"none": {"javascript": False}, "inline": {"javascript": True}, "browser": {"browser": True}}.get(
            self.javascript, {}
        )

    @property
    def waits_for_scripts(self) -> bool:
        """Whether every page's scripts run, so that a request's ``waitFor`` means something."""
        return self.javascript in ("inline", "browser")


def is_loopback(host: str) -> bool:
    """True for a host name or address that only this machine can reach."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_exposure(options: ApiOptions) -> None:
    """Refuse to listen beyond this machine without an API key (ValueError)."""
    if not options.api_key and not is_loopback(options.host):
        raise ValueError(
            f"refusing to listen on {options.host} without an API key: set {API_KEY_VARIABLE} "
            "(clients send it as 'Authorization: Bearer KEY'), or bind to 127.0.0.1"
        )


def error(message: str, status: int, code: str | None = None) -> JSONResponse:
    """Firecrawl's error body."""
    body: dict[str, Any] = {"success": False, "error": sanitise(message)}
    if code:
        body["code"] = code
    return JSONResponse(body, status_code=status)


class HttpApi:
    """The endpoints, sharing the fetch settings, the job store and the bounds."""

    def __init__(self, options: ApiOptions) -> None:
        self.options = options
        self.tools = Web2mdTools(options.fetch)
        # A busy server always has a crawl running, so a garbage collector frozen while any runs would never be
        # unfrozen: what its crawls leave behind piled up (RSS rising by the hundred MiB over thousands of scrapes).
        extensions = dict(self.tools.settings.getdict("EXTENSIONS"))
        extensions[GC_FREEZE] = None
        self.tools.settings.set("EXTENSIONS", extensions, priority="cmdline")
        self.jobs: Any = None
        if options.state_dir is not None:
            from web2md.frontends.http_jobs import Jobs

            self.jobs = Jobs(self, options.state_dir)

    # -- requests ------------------------------------------------------------
    def authorised(self, request: Request) -> bool:
        if not self.options.api_key:
            return True
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(token.strip().encode(), self.options.api_key.encode())

    async def body(self, request: Request) -> dict[str, Any]:
        """The request's JSON object, read up to the body limit."""
        limit = self.options.max_body
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > limit:
            raise ApiError(f"request body over {limit} bytes", 413)
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                raise ApiError(f"request body over {limit} bytes", 413)
        try:
            body = json.loads(data or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise ApiError("the request body is not valid JSON") from None
        if not isinstance(body, dict):
            raise ApiError("the request body must be a JSON object")
        return body

    # -- scraping one page ---------------------------------------------------
    async def scrape_item(self, url: str, request: ScrapeRequest) -> tuple[Any, str | None, str | None]:
        """Fetch and convert `url`: the item, its raw HTML (when kept) and the Markdown of the includeTags
        elements (when asked); ApiError for a page that gave nothing."""
        url = start_url(url)
        bound = request.timeout_ms / 1000 if request.timeout_ms else None
        try:
            arguments = request.spider_arguments() | self.options.script_arguments()
            outcome = await self.tools.page(url, bound, **arguments)
        except ToolError as exc:
            message = str(exc)
            if message.startswith("timed out"):
                raise ApiError(message, 408, "SCRAPE_TIMEOUT") from None
            raise ApiError(message) from None
        item = self.page_of(outcome.result, url)
        raw = outcome.raw
        markdown = None
        if request.include_tags:
            markdown = await asyncio.to_thread(included_markdown, raw or "", item, request)
        return item, raw, markdown

    def page_of(self, result: CrawlResult, url: str) -> Any:
        """The page a request for one URL produced, or the ApiError saying why there is none."""
        if result.items:
            item = result.items[0]
            if isinstance(item, DocumentItem):
                raise ApiError(document_text(item), 415, "SCRAPE_UNSUPPORTED_FILE_ERROR")
            return item
        if not result.failures:
            raise ApiError(f"no page extracted from {url}", 500)
        raise failure_error(result.failures[0], self.tools.settings.getfloat("DOWNLOAD_TIMEOUT"))

    async def scrape(self, request: Request) -> Response:
        body = await self.body(request)
        url = body.get("url")
        if not isinstance(url, str) or not url.strip():
            raise ApiError("url is required (a string)")
        options = read_scrape_options(body, frozenset({"url"}), scripts=self.options.waits_for_scripts)
        try:
            item, raw, markdown = await self.scrape_item(url, options)
        except SiteError as exc:  # as Firecrawl: a document whose metadata holds the site's status and the error
            return JSONResponse({"success": True, "data": exc.document})
        return JSONResponse({"success": True, "data": document(item, options, raw, markdown)})

    # -- the reader ----------------------------------------------------------
    async def reader(self, request: Request) -> Response:
        target = reader_target(request)
        if not target:
            return PlainTextResponse(USAGE)
        first = target.split("/", 1)[0]
        if first in ("v0", "v1", "v2"):  # an API path asked with GET
            raise ApiError("method not allowed", 405)
        if "." not in first and ":" not in first and first != "localhost":
            raise ApiError(f"not found: /{first} (GET /<url> reads a page: {USAGE.strip()})", 404)
        item, _, _ = await self.scrape_item(target, ScrapeRequest())
        data = item_to_dict(item)
        if "application/json" in request.headers.get("accept", ""):
            fields = {k: v for k, v in data.items() if k not in READER_LEFT_OUT}
            fields["content"] = data.get("markdown") or ""
            return JSONResponse({"code": 200, "status": 20000, "data": fields})
        return PlainTextResponse(page_header(data) + (data.get("markdown") or ""))

    # -- routing -------------------------------------------------------------
    def app(self) -> Starlette:
        def endpoint(handler: Any) -> Any:
            async def answer(request: Request) -> Response:
                if not self.authorised(request):
                    return error("Unauthorized: send the server's API key as 'Authorization: Bearer KEY'", 401)
                try:
                    return await handler(request)
                except ApiError as exc:
                    return error(str(exc), exc.status, exc.code)
                except ToolError as exc:  # from a spider run: a bad argument, or the server's --timeout
                    timed_out = str(exc).startswith("timed out")
                    return error(str(exc), 408 if timed_out else 400, "SCRAPE_TIMEOUT" if timed_out else None)
                except Exception:
                    logger.exception("%s %s failed", request.method, request.url.path)
                    return error("internal error (see the server's log)", 500)

            return answer

        routes = [Route(f"/{version}/scrape", endpoint(self.scrape), methods=["POST"]) for version in ("v1", "v2")]
        if self.jobs is not None:
            routes += self.jobs.routes(endpoint)
        routes.append(Route("/{target:path}", endpoint(self.reader), methods=["GET"]))

        @contextlib.asynccontextmanager
        async def lifespan(app: Starlette) -> AsyncIterator[None]:
            yield
            if self.jobs is not None:
                await self.jobs.close()
            await self.tools.close()  # the shared page crawl ends with the server

        app = Starlette(routes=routes, lifespan=lifespan)
        app.add_exception_handler(404, lambda request, exc: error("not found", 404))
        app.add_exception_handler(405, lambda request, exc: error("method not allowed", 405))
        return app


def reader_target(request: Request) -> str:
    """The URL after the reader's slash, query string included (``/https://example.com/a?b=1``), as sent: escapes
    in it are the page's own, unless the whole URL was escaped (``/https%3A%2F%2Fexample.com%2F``); a proxy that
    merged the scheme's two slashes (``https:/example.com``) is undone."""
    path = (request.scope.get("raw_path", b"").decode("latin-1") or request.url.path).lstrip("/")
    if path.lower().startswith(("http%3a", "https%3a")):
        path = unquote(path)
    if not path:
        return ""
    for scheme in ("https:/", "http:/"):
        if path.startswith(scheme) and not path.startswith(scheme + "/"):
            path = scheme + "/" + path[len(scheme) :]
    query = request.scope.get("query_string", b"").decode("latin-1")
    return f"{path}?{query}" if query else path


def serve(options: ApiOptions, verbose: bool = False) -> None:
    """Run the server until interrupted (Ctrl-C, SIGTERM)."""
    import uvicorn

    check_exposure(options)
    configure_logging(verbose)
    if options.fetch.allow_private:
        logger.warning("--allow-private: loopback, private and link-local addresses can be fetched")
    api = HttpApi(options)
    config = uvicorn.Config(
        api.app(),
        host=options.host,
        port=options.port,
        log_level="info" if verbose else "warning",
        access_log=verbose,
        server_header=False,
    )
    print(f"web2md serve: listening on http://{options.host}:{options.port}", flush=True)
    uvicorn.Server(config).run()
