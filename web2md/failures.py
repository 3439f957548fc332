"""Why a page produced nothing, in plain words: the one mapping from a download error to what people read.

`classify` turns a Scrapy or Twisted exception into a stats name and a short
phrase (``"connection refused"``); `explain` turns a failure record into one
sentence naming what happened, the URL and what to try. The crawl log, the
command line, the browser and the MCP server all word failures through here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from web2md.frontends.sanitise import sanitise

#: What a front end calls its knobs, for the advice in a sentence.
DEFAULT_KNOBS = {
    "timeout": "--timeout",
    "extract_timeout": "--extract-timeout",
    "max_bytes": "the DOWNLOAD_MAXSIZE setting",
}

TIMED_OUT = "timed out"
EXTRACTION_TIMED_OUT = "extraction timed out"  # the page was fetched, converting it outlived WEB2MD_EXTRACT_TIMEOUT
CANNOT_RESOLVE = "cannot resolve host"
REFUSED = "connection refused"
CLOSED = "the server closed the connection without answering"
DATA_LOSS = "the connection broke before the whole response arrived"
TLS_FAILED = "TLS handshake failed"
TOO_LARGE = "the response is larger than the size limit"
BROWSER_CRASHED = "the browser crashed or closed while loading the page"
BLOCKED = "blocked by a bot challenge"  # the site answered with a challenge page, not the page (web2md/failed/blocked)

#: Stats names of failures that say the host cannot be reached at all (any other URL on it fails alike).
HOST_UNREACHABLE = frozenset({"timeout", "dns", "connection_refused", "tls"})

UNSUPPORTED_REDIRECT = "redirect to an unsupported scheme"
_NO_SCHEME = "Missing scheme in request url: "
_SCHEME = re.compile(r"\s*([a-zA-Z][a-zA-Z0-9+.-]*):")

_MAX_SIZE = re.compile(r"max size \((\d+)\)|MAXSIZE \((\d+) B\)")


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """``exc``, what caused it, and the errors Twisted wrapped in it (``ResponseNeverReceived.reasons``)."""
    seen: set[int] = set()
    todo = [exc]
    while todo:
        current = todo.pop(0)
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        todo += [current.__cause__, current.__context__]
        for reason in getattr(current, "reasons", None) or ():
            value = getattr(reason, "value", reason)
            if isinstance(value, BaseException):
                todo.append(value)


def _named(exc: BaseException, *names: str) -> bool:
    """``exc`` is an instance of a class with one of these qualified names (no import of Twisted or OpenSSL)."""
    return any(f"{c.__module__}.{c.__qualname__}" in names for c in type(exc).__mro__)


def classify(exc: BaseException) -> tuple[str, str]:
    """``(stats name, phrase)`` for a download error, e.g. ``("dns", "cannot resolve host")``.

    The stats name is the ``web2md/failed/<reason>`` suffix; the phrase says what
    happened without the URL.
    """
    from scrapy.exceptions import (
        CannotResolveHostError,
        DownloadCancelledError,
        DownloadConnectionRefusedError,
        DownloadTimeoutError,
        ResponseDataLossError,
        UnsupportedURLSchemeError,
    )

    chain = list(_chain(exc))
    for error in chain:
        if isinstance(error, (DownloadTimeoutError, TimeoutError)) or _named(
            error, "twisted.internet.error.TimeoutError", "twisted.internet.defer.TimeoutError"
        ):
            return "timeout", TIMED_OUT
        if isinstance(error, CannotResolveHostError) or _named(error, "twisted.internet.error.DNSLookupError"):
            return "dns", CANNOT_RESOLVE
        if isinstance(error, DownloadConnectionRefusedError) or _named(
            error, "twisted.internet.error.ConnectionRefusedError"
        ):
            return "connection_refused", REFUSED
        if _named(error, "OpenSSL.SSL.Error"):
            detail = _ssl_detail(error)
            return "tls", f"{TLS_FAILED} ({detail})" if detail else TLS_FAILED
        if isinstance(error, ResponseDataLossError) or _named(error, "twisted.web.http._DataLoss"):
            return "data_loss", DATA_LOSS
        if isinstance(error, DownloadCancelledError):
            # the HTTP handlers cancel a download only when it outgrows DOWNLOAD_MAXSIZE
            return "too_large", too_large(str(error))
        if isinstance(error, UnsupportedURLSchemeError):
            return "unsupported_scheme", "unsupported URL scheme"
        if isinstance(error, UnicodeError):
            return "decode_error", "cannot decode the response"
        if isinstance(error, ValueError) and str(error).startswith(_NO_SCHEME):
            # Scrapy's redirect middleware could not make a request of the Location (``javascript:...``)
            return "unsupported_scheme", f"{UNSUPPORTED_REDIRECT}: {str(error).removeprefix(_NO_SCHEME)}"
    for error in chain:  # --browser: Playwright's errors
        if _named(error, "playwright._impl._errors.TimeoutError"):
            return "timeout", TIMED_OUT
        if _named(error, "playwright._impl._errors.TargetClosedError") or (
            _named(error, "playwright._impl._errors.Error") and ("crash" in str(error) or "disconnected" in str(error))
        ):
            return "browser_crashed", BROWSER_CRASHED
        if _named(error, "playwright._impl._errors.Error"):  # "Page.goto: net::ERR_... at URL", then a call log
            return "browser_error", (str(error).splitlines() or ["the browser failed"])[0]
    for error in chain:
        if _named(
            error,
            "twisted.internet.error.ConnectionDone",
            "twisted.internet.error.ConnectionLost",
            "twisted.web._newclient.ResponseNeverReceived",
        ):
            return "connection_closed", CLOSED
    from scrapy.exceptions import DownloadFailedError

    text = str(exc).strip() or type(exc).__name__
    if "twisted.python.failure" in text:  # a list of Twisted failures: nothing a reader can use
        text = ""
    if isinstance(exc, DownloadFailedError):
        return "connection_failed", f"download failed ({text})" if text else "download failed"
    return "error", text or type(exc).__name__


def http_reason(status: int, location: str | None = None) -> str:
    """``HTTP 404 Not Found``; for a redirect Scrapy did not follow because it leads away from http(s)
    (``ftp:``, ``javascript:``), ``redirect to an unsupported scheme: ftp://...``."""
    import http

    scheme = _SCHEME.match(location or "")
    if 300 <= status < 400 and scheme and scheme.group(1).lower() not in ("http", "https"):
        return f"{UNSUPPORTED_REDIRECT}: {location}"
    try:
        phrase = http.HTTPStatus(status).phrase
    except ValueError:
        phrase = ""
    return f"HTTP {status} {phrase}".rstrip()


def too_large(message: str) -> str:
    """The size phrase, with the limit when Scrapy's message names it."""
    found = _MAX_SIZE.search(message)
    if found:
        return f"{TOO_LARGE} ({int(found.group(1) or found.group(2))} bytes)"
    return TOO_LARGE


def _ssl_detail(error: BaseException) -> str:
    """``wrong version number`` from OpenSSL's ``[('SSL routines', '', 'wrong version number')]``."""
    args = error.args[0] if error.args else None
    if isinstance(args, list):
        parts = [item[-1] for item in args if isinstance(item, tuple) and item and item[-1]]
        return "; ".join(str(p) for p in parts)
    return str(error)


def advice(reason: str, knobs: Mapping[str, str] | None = None) -> str:
    """What to try after a failure with this phrase, or ``""``."""
    knobs = {**DEFAULT_KNOBS, **(knobs or {})}
    if reason == TIMED_OUT:
        return f"try a longer {knobs['timeout']}"
    if reason.startswith(EXTRACTION_TIMED_OUT):
        return f"try a longer {knobs['extract_timeout']}"
    if reason == CANNOT_RESOLVE:
        return "check the host name"
    if reason == REFUSED:
        return "is the server running, on that port?"
    if reason.startswith(TLS_FAILED):
        return "does the server speak https on that port? try http://"
    if reason in (CLOSED, DATA_LOSS):
        return "try again later"
    if reason.startswith(TOO_LARGE):
        return f"raise {knobs['max_bytes']}"
    return ""


def explain(failure: Mapping[str, Any], timeout: float | None = None, knobs: Mapping[str, str] | None = None) -> str:
    """A failure record (``url``, ``final_url``, ``reason``) as one sentence: what happened, the URL, what to try.

    ``timeout`` (seconds) is named in a timeout's sentence.
    """
    url = failure.get("url", "")
    final_url = failure.get("final_url") or url
    reason = str(failure.get("reason") or "failed")
    what = f"timed out after {timeout:g} s" if reason == TIMED_OUT and timeout is not None else reason
    if url and url in reason:
        sentence = what
    elif final_url != url and final_url in reason:
        sentence = f"{what} (redirected from {url})"
    else:
        sentence = f"{what}: {url}" if url else what
    hint = advice(reason, knobs)
    # the URL and the reason come from the network (a Content-Type, a Location): shown escaped
    return sanitise(f"{sentence} ({hint})" if hint else sentence)


#: Errors not worth retrying while someone waits (a person at the command line, a model over MCP): a
#: timeout has already used the whole --timeout, and a refused connection or an unknown host rarely
#: change within the second a retry takes.
NOT_RETRIED_INTERACTIVE = frozenset(
    {
        "scrapy.exceptions.DownloadTimeoutError",
        "scrapy.exceptions.CannotResolveHostError",
        "scrapy.exceptions.DownloadConnectionRefusedError",
    }
)


def interactive_retry_exceptions() -> list[Any]:
    """Scrapy's RETRY_EXCEPTIONS without `NOT_RETRIED_INTERACTIVE`, for front ends that answer a person."""
    from scrapy.settings import default_settings

    return [e for e in default_settings.RETRY_EXCEPTIONS if e not in NOT_RETRIED_INTERACTIVE]
