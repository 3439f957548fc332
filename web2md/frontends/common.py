"""What the command line and the terminal browser share: exit statuses, the one-line `CommandError`, and the
page a one-URL crawl fetched or the error that says why there is none. Both import it; it imports neither."""

from __future__ import annotations

from typing import Any

from web2md.frontends.sanitise import sanitise

EXIT_OK = 0
EXIT_FAILED = 1  # anything else: connection refused, DNS, no sitemap or feed found, extraction error
EXIT_USAGE = 2  # bad usage, including an invalid URL
EXIT_HTTP = 3  # the server answered with a non-2xx status
EXIT_TIMEOUT = 4
EXIT_ROBOTS = 5  # robots.txt disallows the URL
EXIT_LANGUAGE = 6  # --lang mismatch
EXIT_METADATA = 7  # --only-with-metadata and no title or no published date
EXIT_BINARY = 8  # a type that cannot be read as text (PDF, images, archives)
EXIT_BLOCKED = 9  # blocked by a bot challenge ("checking your browser", a captcha) instead of the page
EXIT_INTERRUPTED = 130

EXIT_CODES = {
    EXIT_OK: "success",
    EXIT_FAILED: "other failure",
    EXIT_USAGE: "invalid URL or usage",
    EXIT_HTTP: "HTTP error",
    EXIT_TIMEOUT: "timeout",
    EXIT_ROBOTS: "robots.txt disallows",
    EXIT_LANGUAGE: "language mismatch",
    EXIT_METADATA: "missing metadata",
    EXIT_BINARY: "binary content",
    EXIT_BLOCKED: "blocked by a bot challenge",
}


class CommandError(Exception):
    """A failure to report as one line on stderr, with an exit status."""

    def __init__(self, message: str, status: int = EXIT_FAILED) -> None:
        super().__init__(message)
        self.status = status


def check_url(url: str) -> str:
    """The URL to fetch for what was typed (a scheme added as `web2md.spiders.typed_urls.complete_url` does), or
    a usage error."""
    from web2md.spiders.typed_urls import check_start_url

    try:
        return check_start_url(url)
    except ValueError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None


def failure_error(failure: dict[str, Any], timeout: float) -> CommandError:
    """The one-line error (`web2md.failures.explain`) and exit status for a page that produced nothing."""
    from web2md.failures import BLOCKED, EXTRACTION_TIMED_OUT, TIMED_OUT, UNSUPPORTED_REDIRECT, explain

    reason = str(failure.get("reason") or "failed")
    lowered = reason.lower()
    status = failure.get("status")
    message = explain(failure, timeout)
    if reason.startswith(UNSUPPORTED_REDIRECT):
        return CommandError(message, EXIT_FAILED)
    if reason.startswith(BLOCKED):  # whatever status the challenge came with
        return CommandError(message, EXIT_BLOCKED)
    if reason.startswith("HTTP ") or (isinstance(status, int) and not 200 <= status < 300):
        return CommandError(message, EXIT_HTTP)
    if lowered.startswith((TIMED_OUT, EXTRACTION_TIMED_OUT)):
        return CommandError(message, EXIT_TIMEOUT)
    if "robots.txt" in lowered:
        url = failure.get("url", "")
        return CommandError(f"forbidden by robots.txt: {url} (--ignore-robots to fetch it anyway)", EXIT_ROBOTS)
    if lowered.startswith("cannot read "):
        return CommandError(message, EXIT_BINARY)
    if "language mismatch" in lowered:
        return CommandError(reason, EXIT_LANGUAGE)
    if "missing metadata" in lowered:
        return CommandError(reason, EXIT_METADATA)
    return CommandError(message, EXIT_FAILED)


def binary_error(item: Any) -> CommandError | None:
    """A non-HTML document item (PDF, image, ...) cannot be printed as a page."""
    if "markdown" in getattr(item, "fields", {"markdown": None}):
        return None
    data = dict(item)
    mime = data.get("mime_type") or data.get("content_type") or "application/octet-stream"
    size = data.get("size")
    detail = f" ({size} bytes)" if size is not None else ""
    return CommandError(sanitise(f"cannot read {mime}{detail}: {data.get('url', '')}"), EXIT_BINARY)


def first_page(result: Any, url: str, timeout: float) -> Any:
    """The page a one-URL crawl produced, or the error that explains why there is none."""
    if result.items:
        error = binary_error(result.items[0])
        if error is not None:
            raise error
        return result.items[0]
    if result.failures:
        raise failure_error(result.failures[0], timeout)
    raise CommandError(f"no page extracted from {url} (run with -v for details)")
