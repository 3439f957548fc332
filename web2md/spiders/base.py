"""What the `page` and `site` spiders share: argument parsing, turning a response into a `PageItem`, error accounting.

Spiders only decide what to fetch (see docs/design.md#layers). They do not parse pages: an HTML
body is parsed once, where it is converted (`web2md.conversion.converter`, in a worker
process), and the same call answers with the links a spider follows. A body is
decoded with the encoding the response declares (BOM, Content-Type charset,
`<meta>`); one that declares none is decoded the way the core decodes bytes
(UTF-8 if valid, else Windows-1252), never with Scrapy's statistical guess (`parse_response`).
"""

from __future__ import annotations

import difflib
import inspect
import logging
import re
import types
import typing
from collections.abc import Iterable
from dataclasses import fields
from pathlib import Path
from typing import Any

from scrapy import Spider, signals
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse, Response, TextResponse, XmlResponse
from scrapy.settings import BaseSettings
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.python.failure import Failure

from web2md.browser.chromium import BrowserMissing, browser_mode, use_browser
from web2md.extract.html.sniff import binary_type
from web2md.extract.options import Options
from web2md.failures import EXTRACTION_TIMED_OUT, classify, http_reason
from web2md.frontends.sanitise import sanitise
from web2md.incremental.middleware import Gone, Unchanged
from web2md.items import PageItem
from web2md.javascript.quickjs import INSTALL_HINT, EngineMissing, check_engine
from web2md.middlewares import POLITENESS_OPTIONS, apply_politeness_options
from web2md.middlewares.limits import PageFailed, failure_count, failure_reason, record_failure
from web2md.spiders.typed_urls import complete_url, has_credentials, is_fetchable

logger = logging.getLogger(__name__)

#: Spider arguments read by pipelines (`web2md.pipelines.dedupe`, `.language`, `.metadata_filter`, `.export`), not by
#: the spider.
PIPELINE_ARGUMENTS = ("dedupe", "dedupe_distance", "lang", "only_with_metadata", "frontmatter")
#: The stat set (to 1) when a crawl failed as a whole (`Web2mdSpider.run_failure`); ``scrapy crawl`` exits 1 on it.
RUN_FAILED_STAT = "web2md/run_failed"

TRUE = frozenset({"1", "true", "yes", "on"})
FALSE = frozenset({"0", "false", "no", "off", ""})

# In a list of URLs, " # ..." after a URL is a comment ("#" right after a URL character is its fragment).
_TRAILING_COMMENT = re.compile(r"\s+#.*$")
# Whitespace always separates URLs; a comma only when the next URL starts right after it.
_URL_SEPARATOR = re.compile(r"\s+|,\s*(?=https?://)", re.IGNORECASE)


def parse_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise ValueError(f"argument {name} expects 1/true/yes or 0/false/no, got {value!r}")


OPTION_FIELDS = {f.name: f for f in fields(Options)}


def coerce_option(name: str, value: Any) -> Any:
    """Convert an ``-a name=value`` string (or a setting value) to the type `Options` declares for it."""
    hint = typing.get_type_hints(Options)[name]
    args = typing.get_args(hint)
    optional = isinstance(hint, types.UnionType) and type(None) in args
    if optional:
        hint = next(a for a in args if a is not type(None))
        if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none", "auto")):
            return None
    if hint is bool:
        return parse_bool(name, value)
    if hint in (int, float):
        try:
            return hint(value)
        except (TypeError, ValueError):
            raise ValueError(f"argument {name} expects a number, got {value!r}") from None
    if typing.get_origin(hint) in (tuple, list):
        if isinstance(value, str) and OPTION_FIELDS[name].metadata.get("one_item"):
            return (value.strip(),) if value.strip() else ()
        items = value.split(",") if isinstance(value, str) else list(value)
        return tuple(s.strip() for s in items if s.strip())
    return value


def count_argument(name: str, value: Any) -> int:
    """A non-negative whole-number spider argument (depth, max_pages, ...)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"argument {name} expects a whole number, got {value!r}") from None
    if number < 0:
        raise ValueError(f"argument {name} must not be negative, got {number}")
    return number


def option_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(Options))


def resolve_options(settings: BaseSettings, arguments: dict[str, Any]) -> dict[str, Any]:
    """Conversion options given for this run: ``WEB2MD_<NAME>`` settings, overridden by ``-a name=`` arguments."""
    options: dict[str, Any] = {}
    for name in option_names():
        if name in arguments:
            options[name] = coerce_option(name, arguments[name])
        elif settings.get(f"WEB2MD_{name.upper()}") is not None:
            options[name] = coerce_option(name, settings.get(f"WEB2MD_{name.upper()}"))
    return options


def auto_javascript(settings: BaseSettings) -> bool | None:
    """``javascript`` when none is given: None (auto: app shells run their inline scripts, see
    docs/javascript.md#auto) when the engine is installed and the browser does not run the scripts, or when the
    browser renders the app shells (``WEB2MD_BROWSER=auto``); else False."""
    if browser_mode(settings) == "on":
        return False
    try:
        check_engine()
    except EngineMissing:
        if browser_mode(settings) == "auto":
            return None  # app shells go to the browser as they are
        logger.debug("No JavaScript engine: app shells are converted as they are (%s)", INSTALL_HINT)
        return False
    return None


def split_urls(text: str) -> list[str]:
    return [u for u in _URL_SEPARATOR.split(text.strip()) if u]


def read_urls_file(path: str) -> list[str]:
    """URLs from a file, one per line (`parse_url_list`)."""
    return parse_url_list(Path(path).read_text(encoding="utf-8"))


def parse_url_list(text: str) -> list[str]:
    """One URL a line; blank lines, ``# comment`` lines and `` # comment`` after a URL are skipped.

    A ``#`` right after a URL character is the URL's fragment, not a comment.
    """
    urls = []
    for line in text.splitlines():
        line = _TRAILING_COMMENT.sub("", line).strip()
        if line and not line.startswith("#"):
            urls.append(line)
    return urls


def describe_failure(failure: Failure) -> tuple[int | None, str]:
    """``(HTTP status or None, one-line reason)`` for a failed request."""
    exc = failure.value
    if isinstance(exc, PageFailed):
        # raised by web2md.middlewares.limits; the original error is its cause
        cause = exc.__cause__
        if exc.response is None and (not isinstance(cause, Exception) or isinstance(cause, IgnoreRequest)):
            return None, exc.detail or exc.reason
        if exc.reason == "blocked":  # a bot challenge, whatever status it came with: said as such
            return exc.response.status, exc.detail
        exc = exc.response if exc.response is not None else exc.__cause__
    if isinstance(exc, (HttpError, Response)):
        response = exc.response if isinstance(exc, HttpError) else exc
        location = response.headers.get("Location")
        return response.status, http_reason(response.status, location.decode("latin-1") if location else None)
    return None, classify(exc)[1]


class Web2mdSpider(Spider):
    """Base of the web2md spiders; has no ``name``, so Scrapy does not list it.

    Its arguments (``-a name=value``) are those its ``__init__`` methods name, the conversion options
    (`option_names`), the politeness options (`POLITENESS_OPTIONS`), the pipelines' `PIPELINE_ARGUMENTS` and
    `extra_arguments`; any other is refused with the closest known name, except names starting with ``_``,
    which Scrapyd adds to every job (``_job``, ``_version``).

    A crawl fails as a whole (`run_failure`; ``scrapy crawl`` exits 1, ``web2md jobs run`` too) when it
    exported no page and something failed: a start URL invalid, unreachable, refused by robots.txt or
    answered with an HTTP error, no sitemap or feed found, a page that could not be fetched or converted.
    A bad argument stops it before it starts (``scrapy crawl`` exits 2).
    """

    #: arguments taken from ``**kwargs`` rather than named by an ``__init__`` (``list`` would shadow the builtin)
    extra_arguments: tuple[str, ...] = ()
    #: False for a spider handed its requests while it runs (`web2md.frontends.page_crawl`)
    needs_start_urls = True

    def __init__(
        self,
        url: str = "",
        urls_file: str = "",
        output: str | None = None,
        formats: str | None = None,
        documents: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.option_arguments = {k: kwargs.pop(k) for k in list(kwargs) if k in option_names()}
        super().__init__(**kwargs)
        self.start_urls = split_urls(url)
        if urls_file:
            self.start_urls += read_urls_file(urls_file)
        # a URL typed without a scheme is completed as every front end completes it
        self.start_urls = [complete_url(u) for u in self.start_urls]
        if not self.start_urls and self.needs_start_urls:
            raise ValueError(f"{self.name} spider needs -a url=URL (or -a urls_file=PATH)")
        self.output_argument = output
        self.formats_argument = formats
        self.documents_argument = documents
        # every request that produced no page: {"url", "final_url", "status", "reason"}; read by web2md.crawl
        self.failures: list[dict[str, Any]] = []

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any):
        cls.check_arguments(kwargs)  # here, not in __init__: each __init__ takes its own arguments out of kwargs
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.arguments = dict(kwargs)  # as given, for the run report (web2md.extensions.report)
        settings = crawler.settings
        # -a delay=, timeout=, cookie=, header=, cache_ttl=, ignore_robots= ... become
        # the settings the downloader middlewares read (settings freeze after this)
        apply_politeness_options(settings, {k: v for k, v in kwargs.items() if k in POLITENESS_OPTIONS})
        spider.convert_options = resolve_options(settings, spider.option_arguments)
        if spider.convert_options.get("javascript"):
            check_engine()  # a missing engine stops the crawl here, not on every page
        elif spider.convert_options.get("javascript") is None:
            spider.convert_options["javascript"] = auto_javascript(settings)
        if browser_mode(settings) == "on":
            use_browser(settings)  # so does a missing Chromium
        elif browser_mode(settings) == "auto":
            try:
                use_browser(settings)
            except BrowserMissing as exc:  # auto mode without the browser: shells stay as they are
                logger.info("No browser for app shells: %s", exc)
        output = spider.output_argument
        output = output if output is not None else settings.get("WEB2MD_OUTPUT_DIR", "")
        # absolute from the start: a job started by Scrapyd runs in Scrapyd's folder, so say where files go
        spider.output_dir = str(Path(output).resolve()) if output else ""
        if output:
            logger.info("Writing files under %s", spider.output_dir)
        formats = spider.formats_argument
        if formats is None:
            formats = settings.get("WEB2MD_FORMATS", "md")
        if not isinstance(formats, str):
            formats = ",".join(formats)
        names = [f.strip() for f in formats.split(",") if f.strip()]
        if names:  # fail at start-up on a typo, not at the first page
            from web2md.exporters import get_format  # here: it imports Scrapy's exporters and pydantic (~80 ms)

            for name in names:
                get_format(name)
        spider.check_pipeline_arguments()
        spider.formats = names
        spider.documents = wants_documents(spider.documents_argument, settings)
        # connected after Spider.close, so it runs once closed() has recorded its last failures
        crawler.signals.connect(spider.note_outcome, signal=signals.spider_closed)
        return spider

    def check_pipeline_arguments(self) -> None:
        """Raise ValueError for a bad value of a `PIPELINE_ARGUMENTS` argument (or its setting) now: the pipelines
        read them when the spider opens, where an error also breaks Scrapy's closing (a traceback, not a line)."""
        from web2md.extract.meta.language import parse_language_option
        from web2md.pipelines.dedupe import near_duplicate_rules
        from web2md.pipelines.export import wants_frontmatter

        near_duplicate_rules(types.SimpleNamespace(spider=self, settings=self.crawler.settings))
        wants_frontmatter(self, self.crawler.settings)
        wanted = getattr(self, "lang", None) or self.crawler.settings.get("WEB2MD_LANG")
        if wanted:
            parse_language_option(str(wanted))

    @classmethod
    def argument_names(cls) -> frozenset[str]:
        """Every ``-a`` argument this spider takes."""
        names = {*option_names(), *POLITENESS_OPTIONS, *PIPELINE_ARGUMENTS, *cls.extra_arguments}
        for klass in cls.__mro__:
            if issubclass(klass, Web2mdSpider) and "__init__" in vars(klass):
                parameters = inspect.signature(vars(klass)["__init__"]).parameters.values()
                names.update(p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD and p.name != "self")
        return frozenset(names)

    @classmethod
    def check_arguments(cls, names: Iterable[str]) -> None:
        """Raise ValueError for the first name that is not an argument of this spider, naming the closest one."""
        known = cls.argument_names()
        for name in names:
            if name in known or name.startswith("_"):
                continue
            close = difflib.get_close_matches(name, sorted(known), n=1)
            hint = f", did you mean {close[0]}?" if close else f" (its arguments: {', '.join(sorted(known))})"
            raise ValueError(f"unknown argument {name!r} for the {cls.name} spider{hint}")

    def exported(self) -> int:
        """How many pages (or entries) this crawl exported, pages an incremental re-crawl left unchanged included."""
        stats = self.crawler.stats
        return (stats.get_value("item_scraped_count") or 0) + (stats.get_value("web2md/unchanged") or 0)

    def run_failure(self) -> str | None:
        """Why the crawl failed as a whole (see the class docstring), or None."""
        if self.exported():
            return None
        if self.failures:
            first = self.failures[0]
            return f"nothing exported; {first['url']}: {first['reason']}"
        if failure_count(self.crawler.stats.get_stats()):
            return "nothing exported; every page failed (see web2md/failed/* in the stats)"
        return None

    def note_outcome(self) -> None:
        failure = self.run_failure()
        if failure is None:
            return
        self.crawler.stats.set_value(RUN_FAILED_STAT, 1)
        if not self.crawler.settings.getbool("WEB2MD_EMBEDDED"):  # a front end says it its own way
            logger.error("Crawl failed: %s", failure)

    def page_bound(self) -> int | None:
        """At most how many pages this crawl yields, when known in advance (the Converter sizes its pool by it)."""
        return None

    # -- requests ------------------------------------------------------
    def valid_start_urls(self) -> list[str]:
        """The start URLs that can be fetched; the others are logged, counted and recorded as failures."""
        valid = []
        for url in self.start_urls:
            if is_fetchable(url) and not has_credentials(url):
                valid.append(url)
            else:
                url = sanitise(url)  # and without a password, which is never logged
                logger.error("Invalid URL (need an absolute http or https URL, without credentials): %s", url)
                record_failure(self.crawler.stats, url, "invalid_url", log=False)  # logged just above
                self.failures.append({"url": url, "status": None, "reason": "invalid URL"})
        return valid

    def read_timed_out(self, url: str, exc: Exception, timeout: float | None) -> None:
        """A document (a feed) whose reading in a conversion worker overran ``WEB2MD_EXTRACT_TIMEOUT``: it fails
        as a page past it does."""
        record_failure(self.crawler.stats, url, "extraction_timeout", str(exc))
        self.failures.append({"url": url, "status": None, "reason": f"{EXTRACTION_TIMED_OUT} after {timeout:g} s"})

    def on_error(self, failure: Failure) -> None:
        """Errback: a page that could not be fetched is recorded; the crawl goes on.

        web2md's middlewares have already logged and counted what they gave up on
        (`PageFailed`, under ``web2md/failed/<reason>``) or refused (robots.txt,
        blacklist: their own stats), all of it an ``IgnoreRequest``; anything else
        (an error that did not pass through them, such as Scrapy's `HttpError` when
        `FailureMiddleware` is switched off) is logged and counted here, under the same name.
        """
        request = failure.request
        asked = (request.meta.get("redirect_urls") or [request.url])[0]
        status, reason = describe_failure(failure)
        exc = failure.value
        if isinstance(exc, (Unchanged, Gone)):  # an incremental re-crawl's outcomes, counted by its middleware
            return
        if isinstance(exc, HttpError) or not isinstance(exc, IgnoreRequest):
            record_failure(self.crawler.stats, request.url, failure_reason(exc), reason)
        self.failures.append({"url": asked, "final_url": request.url, "status": status, "reason": reason})

    # -- responses -----------------------------------------------------
    def page_item(self, response: Response) -> PageItem:
        """The item for a response: its fetch facts and its body, which is parsed where it is converted."""
        redirects = response.meta.get("redirect_urls") or []
        header = response.headers.get("Content-Type")
        content_type = header.decode("latin-1").strip() if header else guess_content_type(response)
        item = PageItem(
            url=redirects[0] if redirects else response.url,
            final_url=response.url,
            status=response.status,
            content_type=content_type,
            body=response.body,
            # bytes that are no text (a PDF sent as text/html) go to text_for, which refuses them by what they are
            html=isinstance(response, HtmlResponse) and binary_type(response.body) is None,
        )
        if not item["html"]:
            item["headers"] = {
                k.decode("latin-1").lower(): b", ".join(v).decode("latin-1") for k, v in response.headers.items()
            }
        return item


def wants_documents(value: Any, settings: Any) -> bool:
    """``-a documents=`` if given, else ``WEB2MD_DOCUMENTS``: whether PDF and DOCX responses become pages
    (docs/design.md#documents); ValueError for a value that is not a boolean."""
    name = "argument documents"
    if value is None:
        name, value = "WEB2MD_DOCUMENTS", settings.get("WEB2MD_DOCUMENTS", True)
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE or text in FALSE:
        return text in TRUE
    raise ValueError(f"{name} expects 1/true/yes or 0/false/no, got {value!r}")


def guess_content_type(response: Response) -> str:
    """A media type for a response that sent none, from the class Scrapy picked by sniffing."""
    if isinstance(response, HtmlResponse):
        return "text/html"
    if isinstance(response, XmlResponse):
        return "application/xml"
    if isinstance(response, TextResponse):
        return "text/plain"
    return "application/octet-stream"
