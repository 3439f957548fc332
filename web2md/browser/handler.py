"""The download handler of ``--browser``: scrapy-playwright's, over the system's headless Chromium (see
docs/design.md#javascript).

Only page requests (those a spider parses as pages) go through the browser;
robots.txt, sitemaps, feeds and iframe documents keep Scrapy's own handler. The
browser's own requests (scripts, XHR/fetch, redirects, navigations made by
script) are checked too: the blacklist in a route handler, the network guard
in `GuardProxy`, a local forward proxy every browser connection goes through,
so redirect hops (which Playwright's routing does not see) are checked as well.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Awaitable, Callable
from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from playwright._impl._errors import TargetClosedError  # scrapy-playwright imports it from there too
from playwright.async_api import TimeoutError as BrowserTimeout
from scrapy import Request
from scrapy.core.downloader.handlers.http11 import HTTP11DownloadHandler
from scrapy.exceptions import (
    CannotResolveHostError,
    DownloadCancelledError,
    DownloadConnectionRefusedError,
    IgnoreRequest,
)
from scrapy_playwright.handler import ScrapyPlaywrightDownloadHandler
from scrapy_playwright.page import PageMethod

from web2md.blacklist.middleware import Blacklisted, load_blacklist
from web2md.browser.chromium import META_RENDER, Browser, browser_mode
from web2md.extensions import needed
from web2md.middlewares import META_NAMED, META_OPTIONS, META_QUIET
from web2md.middlewares.netguard import AddressRefused, NetGuardMiddleware

if TYPE_CHECKING:
    from playwright.async_api import Page, Route
    from playwright.async_api import Request as BrowserRequest
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

#: Response header the proxy puts on a refused plain-HTTP request (HTTPS refusals fail the tunnel instead).
REFUSED_HEADER = "X-Web2md-Refused"
HTML_TYPES = ("text/html", "application/xhtml+xml")
DEFAULT_PORTS = {"http": 80, "https": 443}
RESTART_ATTEMPTS = 5
MAX_FAILURES = 1000  # connection failures the proxy remembers, for the pages that ask why they failed


def is_page_request(request: Request) -> bool:
    """A request whose response a spider converts as a page (its ``parse``), not robots.txt, a sitemap, a feed
    or an iframe document."""
    callback = request.callback
    if request.meta.get(META_RENDER):
        return True
    return not request.meta.get(META_QUIET) and (callback is None or getattr(callback, "__name__", "") == "parse")


class BrowserDownloadHandler(ScrapyPlaywrightDownloadHandler):
    """scrapy-playwright's handler, sending page requests through Chromium and every other request through
    Scrapy's HTTP handler.

    After the load event a page waits for the network to go idle (at most
    ``WEB2MD_BROWSER_IDLE_TIMEOUT`` seconds), then for ``WEB2MD_BROWSER_WAIT_FOR``
    (a CSS selector) and ``--wait`` milliseconds. ``WEB2MD_BROWSER_PAGES`` pages
    are open at once, each closed after use. A browser that crashes fails the
    page it was loading once (``web2md/failed/browser_crashed``) and is started
    again for the next page.
    """

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> BrowserDownloadHandler:
        # Scrapy builds a handler per scheme (after the crawl's extensions): http and https share the one the
        # crawl's `Browser` holds, so a crawl has one browser
        browser = needed(crawler, Browser)
        if browser.handler is None:
            browser.handler = cls(crawler)
        return browser.handler

    def __init__(self, crawler: Crawler) -> None:
        super().__init__(crawler)
        self.closed = False
        settings = crawler.settings
        self.crawler = crawler
        self.idle_timeout = settings.getfloat("WEB2MD_BROWSER_IDLE_TIMEOUT") * 1000
        self.wait_for = settings.get("WEB2MD_BROWSER_WAIT_FOR") or ""
        self.only_asked = browser_mode(settings) == "auto"  # only the app shells auto mode hands over
        self.blacklist = load_blacklist(settings)
        self.guard = NetGuardMiddleware.from_crawler(crawler)
        self.maxsize = settings.getint("DOWNLOAD_MAXSIZE")
        self.proxy = GuardProxy(self.refusal, self.maxsize)
        # Playwright sends loopback through the proxy too (it adds "<-loopback>" to the bypass list)
        self.config.launch_options["proxy"] = {"server": f"http://127.0.0.1:{self.proxy.port}"}
        self.config.target_closed_max_retries = 0  # a page that crashed the browser is not loaded again

    async def download_request(self, request: Request) -> Response:
        if not is_page_request(request) or (self.only_asked and not request.meta.get(META_RENDER)):
            return await HTTP11DownloadHandler.download_request(self, request)
        await self.proxy.start()
        if request.meta.get(META_NAMED):  # a crawl serving several callers: the hosts its callers named
            self.guard.name(request.meta[META_NAMED])
        load = PageLoad(request.url)
        request.meta.update(
            playwright=True,
            playwright_context_kwargs={"service_workers": "block"},  # a worker's requests are not routed
            playwright_page_init_callback=partial(self.route_page, load),
            playwright_page_event_handlers={"request": load.navigated},
            playwright_page_methods=[PageMethod(partial(self.settle, wait=self._wait(request)))],
        )
        try:
            response = await self._load(request, load)
        except Exception as exc:
            # behind the proxy Chromium sees only "tunnel failed": say what the proxy saw on the way
            cause = load.refused or next(filter(None, map(self.proxy.failure_of, reversed(load.hops))), None)
            if cause is None:
                raise
            raise cause from exc
        refusal = response.headers.get(REFUSED_HEADER)
        if load.refused is not None or refusal:
            raise load.refused or IgnoreRequest(refusal.decode("latin-1"))
        content_type = (response.headers.get("Content-Type") or b"text/html").decode("latin-1").lower()
        if not content_type.startswith(HTML_TYPES):
            # Chromium shows text, JSON and images inside an HTML page of its own: fetch the bytes themselves
            return await HTTP11DownloadHandler.download_request(self, request)
        maxsize = request.meta.get("download_maxsize", self.maxsize)
        if maxsize and len(response.body) > maxsize:  # the document a script built counts as the page's body
            raise DownloadCancelledError(
                f"Cancelling {request.url}: the rendered page ({len(response.body)} bytes) "
                f"is larger than download max size ({maxsize})."
            )
        headers = response.headers.copy()
        headers.pop("Content-Length", None)  # the body is the rendered document, not what the server sent
        return response.replace(headers=headers)

    async def _load(self, request: Request, load: PageLoad) -> Response:
        """The page from the browser; a page that could not even be opened because the browser had just died
        waits for the next one (a page that was loading when it died fails: it may be what killed it)."""
        attempt = 1
        while True:
            try:
                return await super().download_request(request)
            except TargetClosedError:
                if load.started or attempt == RESTART_ATTEMPTS:
                    raise
            await asyncio.sleep(0.2 * attempt)  # until scrapy-playwright has seen the disconnection
            attempt += 1

    def _wait(self, request: Request) -> float | None:
        # a request's own options (web2md.frontends.page_crawl) over the crawl's
        options = request.meta.get(META_OPTIONS) or getattr(self.crawler.spider, "convert_options", {})
        return options.get("wait")

    async def route_page(self, load: PageLoad, page: Page, request: Request) -> None:
        """Before the page loads: the request's cookies into the browser (Chromium drops a Cookie header set on
        a request), and the guard and the blacklist on its requests."""
        cookies = cookie_pairs(request.headers.get("Cookie", b"").decode("latin-1"))
        if cookies:
            await page.context.add_cookies(
                [{"name": name, "value": value, "url": request.url} for name, value in cookies]
            )

        async def check(route: Route, browser_request: BrowserRequest) -> None:
            main = browser_request.is_navigation_request() and browser_request.frame.parent_frame is None
            if main and not load.opened:
                load.opened = True  # the page itself: the downloader middlewares have checked it
                await route.fallback()
                return
            refused = await self.refused(browser_request)
            if refused is None:
                await route.fallback()
                return
            if main:
                # the page itself would become what it was led to: it fails, with the reason
                load.refused = load.refused or refused
            await route.abort("blockedbyclient")

        await page.route("**", check)  # added after scrapy-playwright's route, so asked first

    async def refused(self, browser_request: BrowserRequest) -> IgnoreRequest | None:
        """Why a request of the browser's is not made: its URL is blacklisted (counted) or the network guard
        refuses its address. (Redirect hops are not routed: the proxy checks those.)"""
        url = browser_request.url
        if not url.startswith(("http://", "https://")):
            return None
        rule = self.blacklist.match(url)
        if rule is not None:
            logger.debug("Blocked the browser's request (%s): %s", rule, url)
            self.stats.inc_value("web2md/browser/blocked")
            return Blacklisted(url, rule)
        return await self.refusal(url)

    async def refusal(self, url: str) -> AddressRefused | None:
        """Why the network guard refuses the browser's request for `url` (logged and counted), or None."""
        try:
            await self.guard.process_request(Request(url))
        except AddressRefused as exc:
            self.stats.inc_value("web2md/browser/refused")
            return exc
        except ValueError:  # no URL Scrapy could request: nor may the browser
            self.stats.inc_value("web2md/browser/refused")
            return IgnoreRequest(f"refused: not a URL web2md can check: {url}")
        return None

    async def settle(self, page: Page, *, wait: float | None) -> None:
        """After the load event: network idle (capped), the ``--wait-for`` selector, then ``--wait`` ms."""
        try:
            await page.wait_for_load_state("networkidle", timeout=self.idle_timeout)
        except BrowserTimeout:
            logger.debug("Network still busy after %g ms: %s", self.idle_timeout, page.url)
            self.stats.inc_value("web2md/browser/busy")
        if self.wait_for:
            try:
                await page.wait_for_selector(self.wait_for, state="attached", timeout=self.config.navigation_timeout_ms)
            except BrowserTimeout:
                logger.warning("No %s on %s; converted as it is", self.wait_for, page.url)
                self.stats.inc_value("web2md/browser/wait_for_missing")
        if wait:
            await page.wait_for_timeout(min(float(wait), 60_000.0))

    async def close(self) -> None:
        if not self.closed:  # once for both schemes
            self.closed = True
            await super().close()
            await self.proxy.close()


async def request_headers(
    *, browser_type_name: str, playwright_request: BrowserRequest, scrapy_request_data: dict[str, Any]
) -> dict[str, str]:
    """The headers of a browser request (``PLAYWRIGHT_PROCESS_REQUEST_HEADERS``): the Scrapy request's
    (``--header``, ``Accept``) on navigations to the page's own origin, never to another host a script sends the
    page to; web2md's User-Agent on all."""
    scrapy_headers = scrapy_request_data["headers"].to_unicode_dict()
    own = urlsplit(scrapy_request_data["url"])
    target = urlsplit(playwright_request.url)
    if playwright_request.is_navigation_request() and (own.scheme, own.netloc) == (target.scheme, target.netloc):
        return scrapy_headers
    headers = await playwright_request.all_headers()
    if scrapy_headers.get("User-Agent"):
        headers["user-agent"] = scrapy_headers["User-Agent"]
    return headers


def cookie_pairs(header: str) -> list[tuple[str, str]]:
    """``[("a", "1"), ("b", "2")]`` from a ``Cookie: a=1; b=2`` header."""
    pairs = (part.strip().partition("=") for part in header.split(";"))
    return [(name, value) for name, sep, value in pairs if name and sep]


class PageLoad:
    """What happened while one page loaded: the URLs it was redirected through, why it was refused."""

    def __init__(self, url: str) -> None:
        self.hops = [url]
        self.started = False  # the browser has started loading the page
        self.opened = False  # the route has let the page's own request through
        self.refused: IgnoreRequest | None = None

    def navigated(self, browser_request: BrowserRequest) -> None:
        self.started = True
        if browser_request.redirected_from is not None and browser_request.is_navigation_request():
            self.hops.append(browser_request.url)


class GuardProxy:
    """A forward proxy on 127.0.0.1 that the browser sends every connection through (HTTP requests, HTTPS and
    WebSocket tunnels), redirect hops included; `refusal` checks each URL first, so a page's scripts and
    redirects reach no address the crawl itself could not. One request per connection: the next may name
    another host. A connection that brings more than ``maxsize`` bytes (``DOWNLOAD_MAXSIZE``; 0: no limit)
    is cut, so no resource can fill the browser's memory."""

    def __init__(self, refusal: Callable[[str], Awaitable[Exception | None]], maxsize: int = 0) -> None:
        self.refusal = refusal
        self.maxsize = maxsize
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.server: asyncio.Server | None = None
        # (host, port) -> why the last connection to it failed, as the Scrapy error the failure reports understand
        self.failures: dict[tuple[str, int], Exception] = {}
        self._starting = asyncio.Lock()

    def failure_of(self, url: str) -> Exception | None:
        parts = urlsplit(url)
        return self.failures.pop((parts.hostname or "", parts.port or DEFAULT_PORTS.get(parts.scheme, 0)), None)

    def note_failure(self, host: str, port: int, exc: Exception) -> None:
        self.failures.pop((host, port), None)
        self.failures[host, port] = exc
        while len(self.failures) > MAX_FAILURES:  # the oldest go: a page that failed has asked by now
            del self.failures[next(iter(self.failures))]

    async def start(self) -> None:
        async with self._starting:
            if self.server is None:
                self.server = await asyncio.start_server(self.serve, sock=self.socket)

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            with suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 5)
        else:
            self.socket.close()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream: asyncio.StreamWriter | None = None
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            method, target, _version = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
            tunnel = method.upper() == "CONNECT"
            url = f"https://{target}/" if tunnel else target
            parts = urlsplit(url)
            host, port = parts.hostname or "", parts.port or (443 if tunnel else 80)
            refused = await self.refusal(url)
            if refused is not None:
                self.note_failure(host, port, refused)
                message = str(refused).encode("latin-1", "replace")
                writer.write(
                    b"HTTP/1.1 403 Forbidden\r\n"
                    + REFUSED_HEADER.encode()
                    + b": "
                    + message
                    + b"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                )
                return
            try:
                upstream_reader, upstream = await asyncio.open_connection(host, port)
            except OSError as exc:
                self.note_failure(host, port, connection_error(exc, host))
                if tunnel:
                    writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                return
            if tunnel:
                writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            else:
                upstream.write(origin_form(head, parts))
            _, within = await asyncio.gather(_pipe(reader, upstream), _pipe(upstream_reader, writer, self.maxsize))
            if not within:
                logger.debug(
                    "Browser proxy: cut a connection to %s:%s past %s bytes (%s)", host, port, self.maxsize, url
                )
                self.note_failure(
                    host,
                    port,
                    DownloadCancelledError(f"Cancelling {url}: more than download max size ({self.maxsize})."),
                )
        except (OSError, ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as exc:
            logger.debug("Browser proxy: connection ended (%s)", exc)
        finally:
            for stream in (upstream, writer):
                if stream is not None:
                    with suppress(Exception):
                        stream.close()


def connection_error(exc: OSError, host: str) -> Exception:
    """The Scrapy download error for a failed connection, so the failure is worded as without a browser."""
    if isinstance(exc, socket.gaierror):
        return CannotResolveHostError(f"cannot resolve {host}: {exc}")
    if isinstance(exc, ConnectionRefusedError):
        return DownloadConnectionRefusedError(str(exc))
    return exc


def origin_form(head: bytes, parts: Any) -> bytes:
    """A proxy request's head as the server expects it: the path in the request line, one request per
    connection, no proxy headers."""
    lines = head.decode("latin-1").split("\r\n")
    method, _target, version = lines[0].split(" ", 2)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    kept = [
        line
        for line in lines[1:]
        if line
        and line.split(":", 1)[0].strip().lower()
        not in ("proxy-connection", "connection", "keep-alive", "proxy-authorization")
    ]
    return "\r\n".join([f"{method} {path} {version}", *kept, "Connection: close", "", ""]).encode("latin-1")


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, maxsize: int = 0) -> bool:
    """Copy until the reader ends; stop early, returning False, past ``maxsize`` bytes (0: no limit)."""
    sent = 0
    try:
        while data := await reader.read(65536):
            sent += len(data)
            if maxsize and sent > maxsize:
                return False
            writer.write(data)
            await writer.drain()
    except (OSError, asyncio.CancelledError):
        pass
    finally:
        with suppress(Exception):
            writer.close()
    return True
