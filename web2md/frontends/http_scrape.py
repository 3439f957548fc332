"""Firecrawl's scrape options read into spider arguments, a fetched page written as a Firecrawl document, and a
failed one as Firecrawl's error (see docs/http.md); what `web2md serve`'s scrape, crawl and batch endpoints share."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from lxml import html as lxml_html

from web2md.extract.html.selectors import compile_selectors
from web2md.failures import BLOCKED, CANNOT_RESOLVE, TIMED_OUT, TLS_FAILED, explain
from web2md.formats.htmldoc import render_html
from web2md.items import item_to_dict
from web2md.spiders.typed_urls import check_start_url


class ApiError(Exception):
    """A request the API answers with ``{"success": false, "error": message}`` and `status`."""

    def __init__(self, message: str, status: int = 400, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


#: The formats served, by Firecrawl name.
FORMATS = ("markdown", "html", "rawHtml", "links", "images", "metadata")
#: Firecrawl formats that need an engine web2md does not have (a browser screenshot, a language model).
UNSUPPORTED_FORMATS = {
    "screenshot": "screenshots",
    "screenshot@fullPage": "screenshots",
    "json": "JSON (LLM) extraction",
    "extract": "LLM extraction",
    "summary": "LLM summaries",
    "changeTracking": "change tracking",
    "branding": "branding extraction",
    "attributes": "attribute extraction",
    "query": "LLM questions",
    "question": "LLM questions",
    "highlights": "LLM highlights",
    "audio": "audio extraction",
    "video": "video extraction",
}
#: Options that need an engine web2md does not have: a request using them is refused, naming the feature.
UNSUPPORTED_OPTIONS = {"actions": "actions (clicks, typing, scrolling)", "jsonOptions": "JSON (LLM) extraction"}
#: Options accepted without effect at their Firecrawl default (what the SDK sends on every call); another value gets a
#: warning. A default of None: any value is accepted without a word (bookkeeping such as origin, or caching).
NEUTRAL_OPTIONS: dict[str, Any] = {
    "mobile": False,
    "skipTlsVerification": None,
    "removeBase64Images": True,
    "blockAds": True,
    "fastMode": False,
    "storeInCache": True,
    "maxAge": None,
    "minAge": None,
    "proxy": None,
    "zeroDataRetention": False,
    "parsers": None,
    "location": None,
    "lockdown": False,
    "useMock": None,
    "origin": None,
    "integration": None,
    "auditMetadata": None,
    "threatProtection": None,
    "checkPromptInjection": None,
    "redactPII": None,
    "profile": None,
}
SCRAPE_OPTIONS = frozenset(
    {"formats", "onlyMainContent", "includeTags", "excludeTags", "timeout", "headers", "waitFor"}
)
MAX_TIMEOUT_MS = 300_000
MAX_WAIT_MS = 60_000  # the browser waits this long at most (web2md.browser.handler)
# What a failure's advice names (`web2md.failures.explain`): the request's option, or the server's flag.
KNOBS = {"timeout": "timeout", "max_bytes": "the server's --max-bytes"}


@dataclass
class ScrapeRequest:
    """One page's scrape options, read and checked."""

    formats: tuple[str, ...] = ("markdown",)
    only_main_content: bool = True
    include_tags: tuple[str, ...] = ()
    exclude_tags: tuple[str, ...] = ()
    timeout_ms: int | None = None
    headers: dict[str, str] = field(default_factory=dict)
    wait_ms: int = 0  # with the server's --javascript: how long the page's scripts run (the spider's wait)
    warnings: list[str] = field(default_factory=list)

    def spider_arguments(self) -> dict[str, Any]:
        """The spider arguments for these options: conversion, headers, raw HTML kept. (The timeout bounds a scrape
        call, or each download of a job: `web2md.frontends.http_jobs`.)"""
        arguments: dict[str, Any] = {}
        if not self.only_main_content:  # the whole page: the plain region with its header
            arguments.update(main_content=False, keep_header=True)
        if self.exclude_tags:
            arguments["exclude_selector"] = self.exclude_tags
        if self.headers:
            arguments["header"] = [f"{name}: {value}" for name, value in self.headers.items()]
        if "rawHtml" in self.formats or self.include_tags:
            arguments["raw_html"] = True
        if self.wait_ms:
            arguments["wait"] = self.wait_ms
        return arguments


def read_scrape_options(
    body: dict[str, Any], known: frozenset[str] = frozenset(), where: str = "", scripts: bool = False
) -> ScrapeRequest:
    """The scrape options of a request body (`known`: the endpoint's other keys); ApiError for a bad or unsupported
    one, a warning for an unknown one or a neutral one set off its default (`scripts`: the server runs pages'
    scripts, which ``waitFor`` needs)."""
    request = ScrapeRequest()
    for name, value in body.items():
        if name in known:
            continue
        label = f"{where}{name}"
        if name in UNSUPPORTED_OPTIONS:
            if value in (None, [], {}, False):
                continue
            raise ApiError(f"{label}: {UNSUPPORTED_OPTIONS[name]} are not supported by web2md serve")
        if name in NEUTRAL_OPTIONS:
            default = NEUTRAL_OPTIONS[name]
            if value is not None and default is not None and value != default:
                request.warnings.append(f"{label} is not supported and was ignored")
            continue
        if name not in SCRAPE_OPTIONS:
            request.warnings.append(f"unknown option {label} was ignored")
            continue
        if name == "formats":
            request.formats = read_formats(value, label)
        elif name == "onlyMainContent":
            request.only_main_content = strict_bool(value, label)
        elif name in ("includeTags", "excludeTags"):
            selectors = string_list(value, label)
            try:
                compile_selectors(selectors)
            except ValueError as exc:
                raise ApiError(f"{label}: {str(exc).partition(': ')[2] or exc}") from None
            if name == "includeTags":
                request.include_tags = selectors
            else:
                request.exclude_tags = selectors
        elif name == "timeout":
            request.timeout_ms = strict_int(value, label, 1, MAX_TIMEOUT_MS)
        elif name == "headers":
            request.headers = read_headers(value, label)
        elif name == "waitFor":
            wait = strict_int(value, label, 0, MAX_WAIT_MS)
            if scripts:
                request.wait_ms = wait
            elif wait:
                request.warnings.append(
                    f"{label} needs a server started with --javascript inline or browser and was ignored"
                )
    return request


def read_formats(value: Any, label: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ApiError(f"{label} must be a list")
    names: list[str] = []
    for entry in value:
        name = entry.get("type") if isinstance(entry, dict) else entry
        if not isinstance(name, str):
            raise ApiError(f"{label}: each format is a name or an object with a type")
        if name in UNSUPPORTED_FORMATS:
            raise ApiError(f"{label}: the {name} format ({UNSUPPORTED_FORMATS[name]}) is not supported by web2md serve")
        if name not in FORMATS:
            raise ApiError(f"{label}: unknown format {name!r} (supported: {', '.join(FORMATS)})")
        names.append(name)
    return tuple(dict.fromkeys(names))


def strict_bool(value: Any, label: str) -> bool:
    if not isinstance(value, bool):
        raise ApiError(f"{label} must be true or false")
    return value


def strict_int(value: Any, label: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(f"{label} must be an integer")
    if not low <= value <= high:
        raise ApiError(f"{label} must be between {low} and {high}, got {value}")
    return value


def string_list(value: Any, label: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ApiError(f"{label} must be a list of strings")
    return tuple(v.strip() for v in value if v.strip())


def read_headers(value: Any, label: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ApiError(f"{label} must be an object of header names and values")
    headers: dict[str, str] = {}
    for name, text in value.items():
        if not isinstance(text, str) or not name.strip() or any(c in name + text for c in "\r\n\0") or ":" in name:
            raise ApiError(f"{label}: invalid header {name!r}")
        headers[name.strip()] = text.strip()
    return headers


def included_html(raw: str, selectors: tuple[str, ...]) -> str:
    """The page's head and only the elements matching `selectors` (outermost first, in document order)."""
    root = lxml_html.document_fromstring(raw)
    xpath = compile_selectors(selectors)
    matched = set(xpath(root)) if xpath is not None else set()
    kept = [el for el in root.iter() if el in matched and not any(a in matched for a in el.iterancestors())]
    head = root.find("head")
    parts = [lxml_html.tostring(head, encoding="unicode")] if head is not None else []
    body = "".join(lxml_html.tostring(el, encoding="unicode", with_tail=False) for el in kept)
    return f"<html>{''.join(parts)}<body><main>{body}</main></body></html>"


def metadata(data: dict[str, Any], status: int | None = None) -> dict[str, Any]:
    """Firecrawl's document metadata from a page's fields (Open Graph, robots, status, ...)."""
    out: dict[str, Any] = {}
    for key, name in (("title", "title"), ("description", "description"), ("language", "language")):
        if data.get(name):
            out[key] = data[name]
    for key, name in (("keywords", "keywords"), ("robots", "robots")):
        if data.get(name):
            value = data[name]
            out[key] = ", ".join(value) if isinstance(value, list) else str(value)
    og = data.get("open_graph") or {}
    for key, name in (
        ("ogTitle", "title"),
        ("ogDescription", "description"),
        ("ogUrl", "url"),
        ("ogImage", "image"),
        ("ogSiteName", "site_name"),
        ("ogLocale", "locale"),
    ):
        if isinstance(og.get(name), str):
            out[key] = og[name]
    if data.get("favicons"):
        out["favicon"] = data["favicons"][0].get("url")
    for key, name in (
        ("author", "author"),
        ("publishedTime", "published_date"),
        ("modifiedTime", "modified_date"),
        ("siteName", "site_name"),
        ("canonicalUrl", "canonical_url"),
        ("wordCount", "word_count"),
    ):
        if data.get(name) not in (None, ""):
            out[key] = data[name]
    out["sourceURL"] = data.get("url", "")
    out["url"] = data.get("final_url") or data.get("url", "")
    out["statusCode"] = data.get("status") if status is None else status
    if data.get("content_type"):
        out["contentType"] = data["content_type"]
    out["scrapeId"] = str(uuid.uuid4())
    return out


def document(item: Any, request: ScrapeRequest, raw: str | None = None, markdown: str | None = None) -> dict[str, Any]:
    """The Firecrawl document of a converted page, in the formats asked for (`markdown`: the Markdown of the
    includeTags elements, in place of the page's)."""
    data = item_to_dict(item)
    if markdown is not None:
        data["markdown"] = markdown
    doc: dict[str, Any] = {}
    for name in request.formats:
        if name == "markdown":
            doc["markdown"] = data.get("markdown") or ""
        elif name == "html":
            doc["html"] = render_html(data)
        elif name == "rawHtml":
            doc["rawHtml"] = raw or ""
        elif name == "links":
            doc["links"] = [link["url"] for link in data.get("links") or [] if link.get("url")]
        elif name == "images":
            doc["images"] = list(dict.fromkeys(image["src"] for image in data.get("images") or [] if image.get("src")))
    doc["metadata"] = metadata(data)
    if request.warnings:
        doc["warning"] = "; ".join(request.warnings)
    return doc


class SiteError(ApiError):
    """The site answered with an HTTP error: a 502 where a page is expected, a document saying so for a scrape."""

    def __init__(self, message: str, failure: dict[str, Any]) -> None:
        super().__init__(message, 502, "SCRAPE_SITE_ERROR")
        url = failure.get("url", "")
        self.status_code = failure["status"]
        self.document = {
            "markdown": "",
            "metadata": {
                "sourceURL": url,
                "url": failure.get("final_url") or url,
                "statusCode": self.status_code,
                "error": message,
            },
        }


def start_url(url: str) -> str:
    try:
        return check_start_url(url.strip())
    except ValueError as exc:
        raise ApiError(str(exc)) from None


def failure_error(failure: dict[str, Any], timeout: float) -> ApiError:
    """The API error for a page that failed: its one-line reason and Firecrawl's status for it."""
    reason = str(failure.get("reason") or "")
    message = explain(failure, timeout, KNOBS)
    if reason == TIMED_OUT:
        return ApiError(message, 408, "SCRAPE_TIMEOUT")
    if reason == CANNOT_RESOLVE:
        return ApiError(message, 500, "SCRAPE_DNS_RESOLUTION_ERROR")
    if reason.startswith(TLS_FAILED):
        return ApiError(message, 500, "SCRAPE_SSL_ERROR")
    if reason.startswith("refused:") or "robots.txt" in reason or reason.startswith(BLOCKED):
        return ApiError(message, 403)
    if isinstance(failure.get("status"), int):
        return SiteError(message, failure)
    return ApiError(message, 500)


def included_markdown(raw: str, item: Any, request: ScrapeRequest) -> str:
    """The Markdown of only the includeTags elements of the page's raw HTML, with the page's conversion options."""
    from web2md import convert

    url = item.get("final_url") or item.get("url", "")
    # the elements asked for, whole: no main-content choice among them, their headers kept
    return convert(
        included_html(raw, request.include_tags),
        url,
        main_content=False,
        keep_header=True,
        exclude_selector=request.exclude_tags,
    ).markdown
