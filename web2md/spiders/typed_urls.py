"""URLs as people type them: every front end (command line, browser, MCP server, the spiders' ``-a url=``)
completes a URL without a scheme through `complete_url` and checks it with `check_start_url`."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

INVALID = "need an absolute http:// or https:// URL"


def complete_url(text: str) -> str:
    """A URL typed without a scheme: ``example.com/x`` is https. A host with a port other than 443
    (``127.0.0.1:8123/x``), ``localhost``, a private or loopback address or a one-word intranet name is
    http, as such servers seldom speak TLS. Text that would not become a fetchable URL that way (``not a url``,
    ``mailto:a@example.com``) is returned as typed, for the error to quote it."""
    if "://" in text or " " in text:
        return text
    host = text.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    if "@" in host:  # user:pass@host, or a scheme such as mailto: read as a host
        return text
    if host.startswith("["):  # [::1]:8080
        name, _, port = host[1:].partition("]")
        port = port.removeprefix(":")
    elif host.count(":") == 1:
        name, _, port = host.partition(":")
    else:
        name, port = host, ""
    name = name.lower().rstrip(".")
    local = name == "localhost" or name.endswith((".localhost", ".local")) or "." not in name and ":" not in name
    scheme = "http://" if port.isdigit() and port not in ("443", "8443") or local or _is_private(name) else "https://"
    return scheme + text if is_fetchable(scheme + text) else text


def check_start_url(text: str) -> str:
    """`complete_url`, or ValueError with the one-line reason: not http(s), or credentials in it (web2md sends
    none, and the message must not repeat a password)."""
    from web2md.frontends.sanitise import sanitise

    url = complete_url(text)
    if not is_fetchable(url):
        # what precedes an @ before the path may be a password typed without a scheme (me:secret@host)
        shown = text if "://" in text else re.sub(r"^[^/?#\s@]*@", "***@", text)
        raise ValueError(f"invalid URL: {sanitise(shown)} ({INVALID})")
    if has_credentials(url):
        raise ValueError(
            f"invalid URL: {sanitise(url)} (a user name or password in the URL is not supported: "
            "web2md sends no credentials)"
        )
    return url


def has_credentials(url: str) -> bool:
    """``url`` names a user (``https://me:secret@host/``)."""
    try:
        return "@" in urlsplit(url).netloc
    except ValueError:
        return False


def _is_private(host: str) -> bool:
    """A literal address that is not on the public internet, as the address guard judges it (loopback, private,
    link-local, and their IPv6 wrappings)."""
    from web2md.middlewares.netguard import non_public_kind

    try:
        return non_public_kind(host) is not None
    except ValueError:  # a host name, not an address
        return False


def is_fetchable(url: str) -> bool:
    """An absolute http(s) URL with a host name DNS can carry (labels of at most 63 bytes, 253 in all), or an
    IP address. (A longer label made the resolver's thread fail without an answer: the fetch hung until its
    timeout.)"""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        return False
    host = parts.hostname
    return parts.scheme.lower() in ("http", "https") and bool(host) and (":" in host or is_host_name(host))


def is_host_name(host: str) -> bool:
    try:
        encoded = host.rstrip(".").encode("idna")
    except UnicodeError:  # an empty or over-long label, among others
        return False
    return 0 < len(encoded) <= 253 and all(0 < len(label) <= 63 for label in encoded.split(b"."))
