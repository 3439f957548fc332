"""Which links a crawl may follow: the site (origin, or registrable domain), a path prefix, allow/deny patterns.

`Scope` answers one question for a URL, ``refusal(url)``: ``None`` (follow it)
or the reason it is refused, counted as ``web2md/scope/<reason>``. It also
gives the form a URL is requested and deduplicated under (``query=drop``
removes tracking parameters and canonicalises with w3lib). Patterns have the
semantics of Scrapy's `LinkExtractor` (``re.search`` on the absolute URL).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import tldextract
from scrapy.linkextractors import LinkExtractor
from w3lib.url import canonicalize_url, url_query_cleaner

QUERY_MODES = ("keep", "drop")

# Dropped with query=drop: campaign tags (Google Analytics' utm_*, ad click ids, Mailchimp) and session ids,
# which name the same page under many URLs. Kept small on purpose: any other parameter may select content.
TRACKING_PARAMETERS = (
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "utm_id",
    "gclid",
    "fbclid",
    "msclkid",
    "mc_cid",
    "mc_eid",
    "sessionid",
    "sid",
    "PHPSESSID",
    "phpsessid",
    "jsessionid",
    "JSESSIONID",
)

_DEFAULT_PORTS = {"http": 80, "https": 443}

# The public suffix list snapshot tldextract ships with: no download, no cache file (see docs/design.md#crawling: no
# lookups at run time).
# Its private section too: alice.github.io and bob.github.io are two sites, not two hosts of github.io.
_SUFFIXES = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True)


def origin(url: str) -> tuple[str, int | None]:
    """``(host, port)`` of a URL, with the scheme's default port filled in."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    return (parts.hostname or "", port or _DEFAULT_PORTS.get(parts.scheme.lower()))


@lru_cache(maxsize=4096)
def registrable_domain(host: str) -> str:
    """``docs.example.co.uk`` -> ``example.co.uk``; a host with no public suffix (an IP, ``localhost``) is itself."""
    return _SUFFIXES(host).top_domain_under_public_suffix or host.lower()


def path_prefix(url: str) -> str:
    """The folder a crawl with ``prefix=1`` stays in: ``/docs/`` for ``/docs/``, ``/docs`` and ``/docs/intro.html``."""
    path = urlsplit(url).path or "/"
    folder, _, leaf = path.rpartition("/")
    if leaf and "." not in leaf:  # /docs: a folder named without its slash
        return path + "/"
    return folder + "/"


def patterns(name: str, value: Any) -> tuple[str, ...]:
    """``allow``/``deny`` patterns: one string (``-a allow=REGEX``) or a list (CLI, MCP, Python); each must compile."""
    if value is None or value == "":
        return ()
    items = (value,) if isinstance(value, str) else tuple(value)
    for item in items:
        try:
            re.compile(item)
        except re.error as exc:
            raise ValueError(f"argument {name} is not a valid regular expression ({exc}): {item!r}") from None
    return tuple(items)


class Scope:
    """The links a crawl follows, from its start URLs and the ``allow``, ``deny``, ``prefix``, ``subdomains``
    and ``query`` arguments.

    A URL is in scope when it is on a start URL's site (same host and port; with
    ``subdomains``, any host under the same registrable domain), under a start
    URL's folder when ``prefix`` is on, matches one ``allow`` pattern if any is
    given, and matches no ``deny`` pattern. Start URLs themselves are always fetched.
    """

    def __init__(
        self,
        allow: Iterable[str] = (),
        deny: Iterable[str] = (),
        prefix: bool = False,
        subdomains: bool = False,
        query: str = "keep",
    ) -> None:
        query = str(query or "keep").strip().lower()
        if query not in QUERY_MODES:
            raise ValueError(f"argument query must be one of {', '.join(QUERY_MODES)}, got {query!r}")
        self.patterns = LinkExtractor(allow=tuple(allow), deny=tuple(deny))
        self.prefix = prefix
        self.subdomains = subdomains
        self.drop_query = query == "drop"
        self.origins: set[tuple[str, int | None]] = set()
        self.domains: set[str] = set()
        self.prefixes: set[str] = set()

    def add_start(self, url: str) -> None:
        """Make ``url``'s site (and folder) part of the scope: a start URL, or where one redirected."""
        site = origin(url)
        self.origins.add(site)
        self.domains.add(registrable_domain(site[0]))
        self.prefixes.add(path_prefix(url))

    def on_site(self, url: str) -> bool:
        site = origin(url)
        if self.subdomains:
            return registrable_domain(site[0]) in self.domains
        return site in self.origins

    def refusal(self, url: str) -> str | None:
        """Why ``url`` is out of scope (``offsite``, ``prefix``, ``deny``, ``allow``), or None when it is in."""
        if not self.on_site(url):
            return "offsite"
        if self.prefix and not self.under_prefix(url):
            return "prefix"
        if any(regex.search(url) for regex in self.patterns.deny_res):
            return "deny"
        if self.patterns.allow_res and not any(regex.search(url) for regex in self.patterns.allow_res):
            return "allow"
        return None

    def under_prefix(self, url: str) -> bool:
        """Whether the URL's path is in a start URL's folder (`path_prefix`); the site is checked apart."""
        path = urlsplit(url).path or "/"
        return any(path.startswith(folder) or path == folder.rstrip("/") for folder in self.prefixes)

    def request_url(self, url: str) -> str:
        """The URL to fetch for a link: with ``query=drop``, tracking parameters removed and w3lib-canonical."""
        if not self.drop_query:
            return url
        # unique=False: a repeated parameter (?tag=a&tag=b) may select content; only tracking ones go
        cleaned = url_query_cleaner(url, TRACKING_PARAMETERS, remove=True, unique=False, keep_fragments=False)
        return canonicalize_url(cleaned)

    def key(self, url: str) -> str:
        """What two URLs of one page have in common (the crawl requests each key once)."""
        return canonicalize_url(self.request_url(url))
