"""Downloader middlewares that make web2md a polite, safe crawler (see docs/design.md#politeness).

Also maps the politeness spider arguments (``-a delay=1500`` ...) onto the
Scrapy settings the middlewares read, so every front end sets them one way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any

__all__ = [
    "META_CRAWL_DELAY",
    "META_EXPLICIT",
    "META_NAMED",
    "META_OPTIONS",
    "META_QUIET",
    "POLITENESS_OPTIONS",
    "apply_politeness_options",
    "as_bool",
    "as_list",
]

#: Request meta key: the user asked for this URL (start URL, browse target),
#: so the blacklist never blocks it.
META_EXPLICIT = "web2md_explicit"
#: Request meta key: the host's delay in seconds from robots.txt (the greater of Crawl-delay and DOWNLOAD_DELAY),
#: set by the robots.txt middleware for the shared host slots of a distributed crawl (`hostslots`).
META_CRAWL_DELAY = "web2md_crawl_delay"
#: Request meta key: an auxiliary fetch (robots.txt, iframe) whose failure is
#: not a page failure and is not logged or counted as one.
META_QUIET = "web2md_quiet"
#: Request meta key: the hosts the caller of this request named, when a crawl serves several callers
#: (`web2md.frontends.page_crawl`): the address guard checks the request and its redirect hops as in a crawl
#: started on them, whatever the other callers named.
META_NAMED = "web2md_named_hosts"
#: Request meta key: the page's own conversion options, over the spider's (a crawl serving requests that differ in
#: them: `web2md.frontends.page_crawl`); read where the page is converted and by the browser (``wait``).
META_OPTIONS = "web2md_options"

#: Spider arguments handled by :func:`apply_politeness_options`.
POLITENESS_OPTIONS = (
    "delay",
    "timeout",
    "extract_timeout",
    "cookie",
    "header",
    "cache_ttl",
    "user_agent",
    "ignore_robots",
    "no_blacklist",
    "no_user_blacklist",
    "blacklist_file",
    "incremental",
    "prune_gone",
    "browser",
    "wait_for",
    "redis_url",
)

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"", "0", "false", "no", "off", "n", "none"}


def as_bool(value: Any) -> bool:
    """A spider argument as a boolean: ``-a ignore_robots=1`` and ``=true`` are on."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ValueError(f"not a boolean: {value!r}")
    return bool(value)


def as_list(value: Any) -> list[str]:
    """A repeatable spider argument as a list (a lone string is one value)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, Iterable):
        return [str(v) for v in value if v not in (None, "")]
    return [str(value)]


def _parse_header(text: str) -> tuple[str, str]:
    name, sep, value = text.partition(":")
    if not sep or not name.strip():
        raise ValueError(f'header must look like "Name: Value", got {text!r}')
    return name.strip(), value.strip()


def _parse_cookies(texts: Iterable[str]) -> dict[str, str]:
    cookies: dict[str, str] = {}
    for text in texts:
        # "a=1; b=2" is accepted too, as copied from a browser's Cookie header
        for part in text.split(";"):
            if not part.strip():
                continue
            name, sep, value = part.partition("=")
            if not sep or not name.strip():
                raise ValueError(f"cookie must look like NAME=VALUE, got {part.strip()!r}")
            cookies[name.strip()] = value.strip()
    return cookies


def apply_politeness_options(
    settings: MutableMapping[str, Any] | Any,
    options: Mapping[str, Any],
    priority: str = "spider",
) -> None:
    """Set the Scrapy settings for the politeness options present in `options`.

    `settings` is a mutable :class:`scrapy.settings.Settings` (call this from a
    spider's ``from_crawler``, before the crawler freezes its settings) or a
    plain dict of settings for a runner. Options that are absent or None are
    left alone; a malformed value raises ValueError with a readable message.
    """

    def put(name: str, value: Any) -> None:
        if hasattr(settings, "set"):
            settings.set(name, value, priority=priority)
        else:
            settings[name] = value

    def get_dict(name: str) -> dict[str, Any]:
        if hasattr(settings, "getdict"):
            return dict(settings.getdict(name))
        return dict(settings.get(name) or {})

    def get_list(name: str) -> list[str]:
        if hasattr(settings, "getlist"):
            return list(settings.getlist(name))
        return as_list(settings.get(name))

    opts = {k: v for k, v in options.items() if v is not None}
    if "delay" in opts:
        delay_ms = float(opts["delay"])
        if delay_ms < 0:
            raise ValueError(f"delay must be >= 0 ms, got {opts['delay']!r}")
        put("DOWNLOAD_DELAY", delay_ms / 1000.0)
        # The delay is a floor between requests, as Crawl-delay is; Scrapy's
        # default jitter would otherwise go below it half of the time.
        put("DOWNLOAD_DELAY_JITTER", 0.0)
    if "timeout" in opts:
        timeout = float(opts["timeout"])
        if timeout <= 0:
            raise ValueError(f"timeout must be > 0 s, got {opts['timeout']!r}")
        put("DOWNLOAD_TIMEOUT", timeout)
    if "extract_timeout" in opts:
        deadline = float(opts["extract_timeout"])
        if deadline <= 0:
            raise ValueError(f"extract_timeout must be > 0 s, got {opts['extract_timeout']!r}")
        put("WEB2MD_EXTRACT_TIMEOUT", deadline)
    if "cookie" in opts:
        cookies = get_dict("WEB2MD_COOKIES")
        cookies.update(_parse_cookies(as_list(opts["cookie"])))
        put("WEB2MD_COOKIES", cookies)
    if "header" in opts:
        headers = get_dict("DEFAULT_REQUEST_HEADERS")
        if not headers and not hasattr(settings, "getdict"):
            # a plain dict of overrides replaces the whole setting: keep Scrapy's Accept headers
            from scrapy.settings import default_settings

            headers = dict(default_settings.DEFAULT_REQUEST_HEADERS)
        for text in as_list(opts["header"]):
            name, value = _parse_header(text)
            if name.lower() == "user-agent":
                put("USER_AGENT", value)
                continue
            headers = {k: v for k, v in headers.items() if k.lower() != name.lower()}
            headers[name] = value
        put("DEFAULT_REQUEST_HEADERS", headers)
    if "cache_ttl" in opts:
        ttl = int(float(opts["cache_ttl"]))
        if ttl < 0:
            raise ValueError(f"cache_ttl must be >= 0 s, got {opts['cache_ttl']!r}")
        put("HTTPCACHE_ENABLED", ttl > 0)
        put("HTTPCACHE_EXPIRATION_SECS", ttl)
    if "user_agent" in opts and opts["user_agent"]:
        put("USER_AGENT", str(opts["user_agent"]))
    if "ignore_robots" in opts:
        put("ROBOTSTXT_OBEY", not as_bool(opts["ignore_robots"]))
    if "no_blacklist" in opts:
        put("WEB2MD_BLACKLIST_ENABLED", not as_bool(opts["no_blacklist"]))
    if "no_user_blacklist" in opts:
        put("WEB2MD_USER_BLACKLIST", not as_bool(opts["no_user_blacklist"]))
    if "incremental" in opts:
        put("WEB2MD_INCREMENTAL", str(opts["incremental"]))
    if "prune_gone" in opts:
        put("WEB2MD_PRUNE_GONE", as_bool(opts["prune_gone"]))
    if "browser" in opts:  # 1/0, or auto: only the app shells the embedded engine could not render
        auto = str(opts["browser"]).strip().lower() == "auto"
        put("WEB2MD_BROWSER", "auto" if auto else as_bool(opts["browser"]))
    if "wait_for" in opts and opts["wait_for"]:
        put("WEB2MD_BROWSER_WAIT_FOR", str(opts["wait_for"]))
    if "redis_url" in opts:
        put("WEB2MD_REDIS_URL", str(opts["redis_url"]))
    if "blacklist_file" in opts:
        files = get_list("WEB2MD_BLACKLIST_FILES")
        files.extend(as_list(opts["blacklist_file"]))
        put("WEB2MD_BLACKLIST_FILES", files)
