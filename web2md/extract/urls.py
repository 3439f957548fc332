"""Resolving and judging link targets: absolute http(s) URLs or nothing."""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from lxml import etree

_UNSAFE = str.maketrans({" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", "|": "%7C", "\n": "", "\t": ""})


def document_base(root: etree._Element, page_url: str) -> str:
    """The base for relative links: the first `<base href>`, resolved against the page URL."""
    for base in root.iter("base"):
        href = (base.get("href") or "").strip()
        if href:
            resolved = absolute_url(href, page_url)
            if resolved:
                return resolved
    return page_url


def absolute_url(href: str, base: str) -> str | None:
    """`href` made absolute against `base`; None unless the result is an http(s) URL with a host."""
    href = href.strip()
    if not href:
        return None
    try:
        url = urljoin(base, href) if base else href
        parts = urlsplit(url)
    except ValueError:  # e.g. an invalid IPv6 literal
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return url


def strip_fragment(url: str) -> str:
    return url.split("#", 1)[0]


def markdown_url(url: str) -> str:
    """Escape the characters that would end a Markdown link destination early."""
    return url.translate(_UNSAFE)
