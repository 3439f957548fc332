"""Refuse requests to loopback, private, link-local and metadata addresses that the user did not ask for.

Every request is checked after DNS resolution, including what a page causes:
redirect hops, meta refreshes, iframes, sitemaps and feeds come back through
``process_request``. In every front end, a request to a host other than the
start URLs' is refused when it resolves to a link-local or cloud metadata
address, or to a loopback or private one unless the crawl started on that kind
of address (an intranet crawl). ``web2md mcp`` (where a model chooses the URLs)
checks the start URLs too (``WEB2MD_NETGUARD_ENABLED``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from scrapy.exceptions import IgnoreRequest
from scrapy.utils.httpobj import urlparse_cached

from web2md.middlewares import META_EXPLICIT, META_NAMED

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Request
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# Cloud metadata endpoints, named as such in the refusal (AWS/GCP/Azure/OpenStack,
# AWS over IPv6, Alibaba Cloud).
METADATA_ADDRESSES = frozenset(ipaddress.ip_address(a) for a in ("169.254.169.254", "fd00:ec2::254", "100.100.100.200"))

# Checked in order; the first hit names the kind of address in the refusal.
# ``ip.is_global`` covers most of these, but its tables changed between Python
# releases, so the ranges that matter are listed explicitly.
NON_PUBLIC_NETWORKS: tuple[tuple[str, tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]], ...] = tuple(
    (kind, tuple(ipaddress.ip_network(n) for n in networks))
    for kind, networks in (
        ("loopback", ("127.0.0.0/8", "::1/128")),
        ("unspecified", ("0.0.0.0/8", "::/128")),
        ("private", ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")),
        ("link-local", ("169.254.0.0/16", "fe80::/10")),
        ("carrier-grade NAT (shared)", ("100.64.0.0/10",)),
        ("unique local", ("fc00::/7",)),
        ("multicast", ("224.0.0.0/4", "ff00::/8")),
        (
            "reserved",
            (
                "192.0.0.0/24",
                "192.0.2.0/24",
                "198.18.0.0/15",
                "198.51.100.0/24",
                "203.0.113.0/24",
                "240.0.0.0/4",
                "100::/64",
                "2001:db8::/32",
            ),
        ),
    )
)

# Prefixes whose low 32 bits carry an IPv4 destination: the well-known and the local-use NAT64 prefix
# (a gateway forwards them to that address) and IPv4-compatible addresses (``::7f00:1`` is 127.0.0.1).
EMBEDDED_IPV4 = tuple(ipaddress.ip_network(n) for n in ("64:ff9b::/96", "64:ff9b:1::/48", "::/96"))
SITE_LOCAL = ipaddress.ip_network("fec0::/10")  # deprecated, still routed inside sites

#: Kinds a page may reach when the crawl started on the same group; the other
#: kinds (link-local, cloud metadata) only by name.
LOOPBACK_KINDS = frozenset({"loopback", "unspecified"})
NEVER_KINDS = frozenset({"link-local", "cloud metadata"})


def unwrap(ip: IPAddress) -> IPAddress:
    """The IPv4 address an IPv6 address carries, else ``ip`` itself.

    IPv4-mapped (``::ffff:127.0.0.1``), IPv4-compatible (``::7f00:1``), NAT64,
    6to4 (``2002:7f00:1::``) and Teredo (the client) addresses all lead there.
    """
    if not isinstance(ip, ipaddress.IPv6Address):
        return ip
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if int(ip) > 1 and any(ip in network for network in EMBEDDED_IPV4):  # "::" and "::1" are themselves
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip


def non_public_kind(address: str | IPAddress) -> str | None:
    """What kind of non-public address this is (``"loopback"``, ``"private"``, ...), or None if it is public."""
    ip = ipaddress.ip_address(address) if isinstance(address, str) else address
    if isinstance(ip, ipaddress.IPv6Address) and ip.scope_id:
        ip = ipaddress.IPv6Address(str(ip).split("%", 1)[0])
    if ip in METADATA_ADDRESSES:
        return "cloud metadata"
    ip = unwrap(ip)
    if ip in METADATA_ADDRESSES:
        return "cloud metadata"
    for kind, networks in NON_PUBLIC_NETWORKS:
        if any(ip in network for network in networks):
            return kind
    if ip in SITE_LOCAL:
        return "site-local"
    if not ip.is_global or ip.is_reserved:
        return "non-public"
    return None


def kind_group(kind: str) -> str:
    """``"loopback"``, ``"private"`` (any other non-public address a network can route) or ``"never"``."""
    if kind in LOOPBACK_KINDS:
        return "loopback"
    return "never" if kind in NEVER_KINDS else "private"


async def resolve(host: str, port: int | None = None) -> list[str]:
    """Every address the system resolver gives for ``host`` (IP literals, in any form it accepts, included)."""
    try:
        ipaddress.ip_address(host)
        return [host]
    except ValueError:
        pass
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


class AddressRefused(IgnoreRequest):
    """A request whose host resolves to an address the crawl must not reach."""

    def __init__(self, url: str, host: str, address: str, kind: str, remedy: str) -> None:
        shown = host if host == address else f"{host} resolves to {address}, which"
        article = "an" if kind[0] in "aeiou" else "a"
        super().__init__(f"refused: {shown} is {article} {kind} address ({remedy}): {url}")
        self.url = url
        self.host = host
        self.address = address
        self.kind = kind


# the servers for other programs (`web2md mcp`, `web2md serve`) guard their start URLs too, each with this flag
STRICT_REMEDY = "start the server with --allow-private to allow it"
NAMED_REMEDY = "not where the crawl started; allow it by name with WEB2MD_NETGUARD_ALLOWED_HOSTS"


class NetGuardMiddleware:
    """Downloader middleware raising :class:`AddressRefused` for non-public destinations nobody asked for.

    Settings: ``WEB2MD_NETGUARD_ENABLED`` (``web2md mcp``: check the start URLs
    too and refuse every non-public address), ``WEB2MD_NETGUARD_ALLOWED_HOSTS``
    (host names, IP addresses or networks let through unchecked). A host that
    does not resolve is let through: the download then fails with Scrapy's own
    DNS error.

    Known limit: the name is resolved here and again by Twisted when it
    connects, so a DNS server that answers differently the second time (DNS
    rebinding with a zero TTL) is not caught; pinning the checked address into
    the connection would need a custom download handler.
    """

    def __init__(self, crawler: Crawler) -> None:
        settings = crawler.settings
        self.crawler = crawler
        self.strict = settings.getbool("WEB2MD_NETGUARD_ENABLED")
        self.stats = crawler.stats
        allowed = [h.strip().lower().strip("[]").rstrip(".") for h in settings.getlist("WEB2MD_NETGUARD_ALLOWED_HOSTS")]
        self.allowed_hosts = frozenset(_canonical(h) for h in allowed if h)
        self.allowed_networks = tuple(_network(h) for h in allowed if _network(h) is not None)
        self._verdicts: dict[str, tuple[str, str] | None] = {}  # host -> (address, kind) or None; one crawl long
        self._named: set[str] | None = None  # hosts of the URLs the user asked for (canonical)
        self._start_hosts: set[str] = set()  # the same, as written (resolved only if a page leads off the Internet)
        self._grouped: set[str] = set()  # start hosts whose address kind is in _groups already
        self._groups: set[str] = set()  # "loopback", "private": what the start hosts resolve to
        self._grouping = asyncio.Lock()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    async def process_request(self, request: Request) -> None:
        host = (urlparse_cached(request).hostname or "").lower()
        key = _canonical(host)
        if not host or key in self.allowed_hosts:
            return
        own = request.meta.get(META_NAMED)  # this request's caller's hosts, in a crawl serving several callers
        if not self.strict:
            named = self._named_hosts()
            if _asked_by_user(request):
                named.add(key)
                self._start_hosts.add(host)
            if key in (named if own is None else {_canonical(h) for h in own}):
                return  # the user named it
        verdict = await self._verdict(host)
        if verdict is None:
            return
        address, kind = verdict
        if self.strict:
            remedy = STRICT_REMEDY
        elif any(ipaddress.ip_address(address.split("%")[0]) in n for n in self.allowed_networks):
            return
        elif kind_group(kind) != "never" and kind_group(kind) in await self._start_groups(own):
            return  # an intranet crawl reaching its own kind of network
        else:
            remedy = NAMED_REMEDY
        logger.info("Refused %s: %s is %s, a %s address", request.url, host, address, kind)
        if self.stats is not None:
            self.stats.inc_value("web2md/netguard_refused")
        raise AddressRefused(request.url, host, address, kind, remedy)

    async def _verdict(self, host: str) -> tuple[str, str] | None:
        key = _canonical(host)
        if key not in self._verdicts:
            self._verdicts[key] = await self._check(host)
        return self._verdicts[key]

    def name(self, hosts: list[str]) -> None:
        """Count `hosts` among those the user named (the browser's guard, which sees its pages' own requests only
        as the URLs they connect to)."""
        named = self._named_hosts()
        for host in hosts:
            named.add(_canonical(host))
            self._start_hosts.add(host)

    def _named_hosts(self) -> set[str]:
        """The hosts of the spider's start URLs (and of the requests it marked as the user's), read once."""
        if self._named is None:
            for url in getattr(self.crawler.spider, "start_urls", ()):
                try:
                    host = (urlsplit(url).hostname or "").lower()
                except ValueError:
                    continue
                if host:
                    self._start_hosts.add(host)
            self._named = {_canonical(h) for h in self._start_hosts}
        return self._named

    async def _start_groups(self, own: list[str] | None = None) -> set[str]:
        """The kinds of non-public network the start hosts (`own`: a request's caller's) are on; resolved when a
        page first leads off the Internet, so a batch of many hosts is not looked up before its first request."""
        if own is not None:
            verdicts = await asyncio.gather(*(self._verdict(h) for h in own))
            return {kind_group(v[1]) for v in verdicts if v is not None} - {"never"}
        async with self._grouping:
            pending = self._start_hosts - self._grouped
            verdicts = await asyncio.gather(*(self._verdict(h) for h in pending))
            self._grouped |= pending
            self._groups.update(kind_group(v[1]) for v in verdicts if v is not None)
            self._groups.discard("never")
        return self._groups

    @staticmethod
    async def _check(host: str) -> tuple[str, str] | None:
        try:
            addresses = await resolve(host)
        except (socket.gaierror, UnicodeError, OSError):
            return None
        for address in addresses:
            kind = non_public_kind(address)
            if kind is not None:
                return address, kind
        return None


def _asked_by_user(request: Request) -> bool:
    """A start URL itself: not a redirect hop, refresh or robots.txt fetch, which carry the same mark."""
    meta = request.meta
    return bool(meta.get(META_EXPLICIT)) and not meta.get("redirect_urls") and not meta.get("dont_obey_robotstxt")


def _canonical(host: str) -> str:
    """An IP literal in its one spelling (``0:0::1`` is ``::1``); a name as it is."""
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        return host


def _network(text: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    if "/" not in text:
        return None
    try:
        return ipaddress.ip_network(text, strict=False)
    except ValueError:
        return None
