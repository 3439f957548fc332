"""Refuse requests to hosts that resolve to loopback, private, link-local, shared or metadata addresses.

Used by ``web2md mcp`` (a model chooses the URLs there): the host of every
request is resolved before it is downloaded, and redirect hops, meta refreshes,
robots.txt and iframe fetches come back through ``process_request``, so every
hop is checked. Enable with ``WEB2MD_NETGUARD_ENABLED``.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from typing import TYPE_CHECKING

from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.utils.httpobj import urlparse_cached

if TYPE_CHECKING:
    from typing_extensions import Self

    from scrapy import Request
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# Cloud metadata endpoints, named as such in the refusal (AWS/GCP/Azure/OpenStack,
# AWS over IPv6, Alibaba Cloud).
METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a) for a in ("169.254.169.254", "fd00:ec2::254", "100.100.100.200")
)

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
        ("reserved", ("192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24",
                      "203.0.113.0/24", "240.0.0.0/4", "100::/64", "2001:db8::/32")),
    )
)

# The well-known NAT64 prefix: a gateway forwards it to the IPv4 address in its low 32 bits.
NAT64 = ipaddress.ip_network("64:ff9b::/96")


def unwrap(ip: IPAddress) -> IPAddress:
    """The IPv4 address that an IPv4-mapped or NAT64 IPv6 address stands for, else ``ip`` itself."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return ip.ipv4_mapped
        if ip in NAT64:
            return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip


def non_public_kind(address: str | IPAddress) -> str | None:
    """What kind of non-public address this is (``"loopback"``, ``"private"``, ...), or None if it is public."""
    ip = ipaddress.ip_address(address) if isinstance(address, str) else address
    if isinstance(ip, ipaddress.IPv6Address) and ip.scope_id:
        ip = ipaddress.IPv6Address(str(ip).split("%", 1)[0])
    ip = unwrap(ip)
    if ip in METADATA_ADDRESSES:
        return "cloud metadata"
    for kind, networks in NON_PUBLIC_NETWORKS:
        if any(ip in network for network in networks):
            return kind
    if not ip.is_global:
        return "non-public"
    return None


async def resolve(host: str, port: int | None = None) -> list[str]:
    """Every address the system resolver gives for ``host`` (IP literals, in any form it accepts, included)."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


class AddressRefused(IgnoreRequest):
    """A request whose host resolves to an address the server must not reach."""

    def __init__(self, url: str, host: str, address: str, kind: str) -> None:
        shown = host if host == address else f"{host} resolves to {address}, which"
        super().__init__(
            f"refused: {shown} is {'an' if kind[0] in 'aeiou' else 'a'} {kind} address (start web2md mcp with --allow-private to allow it): {url}"
        )
        self.url = url
        self.host = host
        self.address = address
        self.kind = kind


class NetGuardMiddleware:
    """Downloader middleware raising :class:`AddressRefused` for non-public destinations.

    Settings: ``WEB2MD_NETGUARD_ENABLED`` (off unless set), and
    ``WEB2MD_NETGUARD_ALLOWED_HOSTS``, host names let through unchecked
    (exact, case-insensitive). A host that does not resolve is let through: the
    download then fails with Scrapy's own DNS error.

    Known limit: the name is resolved here and again by Twisted when it
    connects, so a DNS server that answers differently the second time (DNS
    rebinding with a zero TTL) is not caught; pinning the checked address into
    the connection would need a custom download handler.
    """

    def __init__(self, crawler: Crawler) -> None:
        settings = crawler.settings
        if not settings.getbool("WEB2MD_NETGUARD_ENABLED"):
            raise NotConfigured
        self.stats = crawler.stats
        self.allowed_hosts = frozenset(
            h.strip().lower().rstrip(".") for h in settings.getlist("WEB2MD_NETGUARD_ALLOWED_HOSTS") if h.strip()
        )
        self._verdicts: dict[str, tuple[str, str] | None] = {}  # host -> (address, kind) or None; one crawl long

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    async def process_request(self, request: Request) -> None:
        parts = urlparse_cached(request)
        host = (parts.hostname or "").lower()
        if not host or host.rstrip(".") in self.allowed_hosts:
            return
        if host not in self._verdicts:
            self._verdicts[host] = await self._check(host)
        verdict = self._verdicts[host]
        if verdict is None:
            return
        address, kind = verdict
        logger.info("Refused %s: %s is %s, a %s address", request.url, host, address, kind)
        if self.stats is not None:
            self.stats.inc_value("web2md/netguard_refused")
        raise AddressRefused(request.url, host, address, kind)

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
