"""``--browser``: finding the system's Chromium and switching a crawl's download handlers to it (see
docs/design.md#javascript).

The handler itself, and the proxy that checks the browser's own requests, are in
`web2md.browser.handler` (imported only when a crawl uses the browser); `Browser`,
an extension, holds the crawl's one handler.
"""

from __future__ import annotations

import os
import shutil
from typing import TYPE_CHECKING

from scrapy.exceptions import NotConfigured
from scrapy.settings import SETTINGS_PRIORITIES, BaseSettings

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler

#: Executables tried on PATH, in order (Debian's packages: chromium-headless-shell, chromium).
CHROMIUM_NAMES = ("chromium-headless-shell", "chromium", "chromium-browser")
HANDLER = "web2md.browser.handler.BrowserDownloadHandler"


#: Request meta key: a page auto mode asks the browser to render (docs/javascript.md#auto), the only page requests
#: the browser loads when ``WEB2MD_BROWSER`` is ``auto``.
META_RENDER = "web2md_render"


def browser_mode(settings: BaseSettings) -> str:
    """``WEB2MD_BROWSER`` as ``"on"`` (every page), ``"auto"`` (only those `META_RENDER` marks) or ``"off"``."""
    value = settings.get("WEB2MD_BROWSER")
    if isinstance(value, str) and value.strip().lower() == "auto":
        return "auto"
    return "on" if settings.getbool("WEB2MD_BROWSER") else "off"


class BrowserMissing(RuntimeError):
    """``--browser`` cannot work here: scrapy-playwright or Chromium is not installed."""


def find_chromium(configured: str = "") -> str:
    """The Chromium executable: ``configured`` (the WEB2MD_CHROMIUM setting or environment variable), else the
    first of `CHROMIUM_NAMES` on PATH."""
    configured = configured or os.environ.get("WEB2MD_CHROMIUM", "")
    if configured:
        found = shutil.which(configured)
        if found is None:
            raise BrowserMissing(f"--browser: WEB2MD_CHROMIUM={configured} is not an executable")
        return found
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found is not None:
            return found
    raise BrowserMissing(
        "--browser needs Chromium: install the Debian package chromium-headless-shell "
        "(apt-get install chromium-headless-shell; chromium works too) or set WEB2MD_CHROMIUM "
        "to a Chromium executable"
    )


def check_browser(configured: str = "") -> str:
    """The Chromium executable, once scrapy-playwright is known to be installed; else `BrowserMissing`."""
    try:
        import scrapy_playwright  # noqa: F401
    except ImportError:
        raise BrowserMissing("--browser needs scrapy-playwright: pip install 'web2md[browser]'") from None
    return find_chromium(configured)


def use_browser(settings: BaseSettings) -> None:
    """Point the http and https download handlers at `BrowserDownloadHandler` for this crawl (before the
    settings freeze); `BrowserMissing` when it cannot run."""
    executable = check_browser(settings.get("WEB2MD_CHROMIUM", ""))

    def put(name: str, value: object) -> None:
        # over a front end's own value too (the MCP server sets DOWNLOAD_HANDLERS at command-line priority)
        settings.set(name, value, priority=max(settings.getpriority(name) or 0, SETTINGS_PRIORITIES["spider"]))

    put("DOWNLOAD_HANDLERS", {**settings.getdict("DOWNLOAD_HANDLERS"), "http": HANDLER, "https": HANDLER})
    put(
        "PLAYWRIGHT_LAUNCH_OPTIONS",
        {"headless": True, **settings.getdict("PLAYWRIGHT_LAUNCH_OPTIONS"), "executable_path": executable},
    )
    put("PLAYWRIGHT_PROCESS_REQUEST_HEADERS", "web2md.browser.handler.request_headers")
    put("PLAYWRIGHT_MAX_PAGES_PER_CONTEXT", settings.getint("WEB2MD_BROWSER_PAGES"))
    put("PLAYWRIGHT_DEFAULT_NAVIGATION_TIMEOUT", settings.getfloat("DOWNLOAD_TIMEOUT") * 1000)


class Browser:
    """The crawl's one browser: Scrapy builds a download handler per scheme, and http and https share the
    `BrowserDownloadHandler` made here on first use. An extension, off unless `use_browser` switched the
    crawl's handlers (which the spider does before the crawl's extensions are built)."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.handler: object | None = None  # the crawl's one BrowserDownloadHandler, built by that class

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        if HANDLER not in crawler.settings.getwithbase("DOWNLOAD_HANDLERS").values():
            raise NotConfigured  # no browser in this crawl; no message: Scrapy would log a warning
        return cls(crawler)
