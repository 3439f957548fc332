"""Resolving and judging link targets: absolute http(s) URLs or nothing."""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import quote, urljoin, urlsplit

from lxml import etree

from web2md.extract.exact import str_lower

# The host of an http(s) URL: up to the first "/", "?" or "#"; the match fails when it holds a
# space, tab, newline, "<", ">" or backslash.
_HTTP_HOST = re.compile(r"https?://([^/?#<>\\ \t\n]*)(?:[/?#]|\Z)")
# The start of an absolute http(s) URL that `absolute_url` gives back as it is, in its most common spelling
# (`_plain_absolute`): a host of letters, digits, dots and hyphens with a letter or digit in it, maybe a port, then
# the end or a path, query or fragment (possessive, so that a long href fails in linear time).
_PLAIN_ABSOLUTE_HOST = re.compile(r"https?://(?=[A-Za-z0-9.-]*[A-Za-z0-9])[A-Za-z0-9.-]++(?::[0-9]*+)?+(?=[/?#]|\Z)")
UNSEEN = object()  # `Resolver.known.get(href, UNSEEN)`: not resolved yet
# A relative path of plain characters (no scheme, query, fragment, parameters, backslash or whitespace):
# with no empty or dot segment, urljoin only puts the base's directory in front of it.
_PLAIN_PATH = re.compile(r"[A-Za-z0-9_~%!$&'()*+,=@./-]+")
# The same from the root, with a non-empty query of plain characters (urlunsplit drops an empty one).
_PLAIN_ROOTED = re.compile(r"/[A-Za-z0-9_~%!$&'()*+,=@./:-]*(?:\?[A-Za-z0-9_~%!$&'()*+,=@./:?-]+)?")
# A network-path reference ("//host/path") of a plain host and plain characters: urljoin only puts the base's
# scheme in front of it (no dot segment is resolved after a host; an empty query would be dropped, so none).
_PLAIN_NETWORK = re.compile(
    r"//(?=[A-Za-z0-9.-]*[A-Za-z0-9])[A-Za-z0-9.-]+"
    r"(?:/[A-Za-z0-9_~%!$&'()*+,=@./:-]*(?:\?[A-Za-z0-9_~%!$&'()*+,=@./:?-]+)?)?"
)
# A base URL of the common spelling (http or https in any case, a plain host, maybe a port, a path without empty,
# "." or ".." segments or parameters, maybe a non-empty query and a fragment of plain characters): what urljoin puts
# in front of a root-relative path, a relative one and a fragment follows from its parts (`_base_prefixes`).
_PLAIN_BASE = re.compile(
    r"([Hh][Tt][Tt][Pp][Ss]?)://((?=[A-Za-z0-9.-]*[A-Za-z0-9])[A-Za-z0-9.-]+(?::[0-9]*)?)"
    r"((?:/(?!\.\.?(?:[/?#]|\Z))[A-Za-z0-9_~%!$&'()*+,=@:.-]+)*/?)"
    r"(?:\?([A-Za-z0-9_~%!$&'()*+,=@./:?-]+))?(?:#[A-Za-z0-9_~%!$&'()*+,=@./:?#-]*)?"
)
# A scheme as urlsplit reads it (a letter, then letters, digits, "+", "-", "."), up to the first colon.
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_UNSAFE = str.maketrans({" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", "|": "%7C", "\n": "", "\t": ""})


def document_base(root: etree._Element, page_url: str) -> str:
    """The base for relative links: the first `<base href>`, resolved against the page URL."""
    return base_url(root.iter("base"), page_url)


def base_url(bases: Iterable[etree._Element], page_url: str) -> str:
    """The first of the document's `<base>` elements with an href that resolves, resolved against the page URL;
    else the page URL."""
    for base in bases:
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
    if href.startswith(("https://", "http://")) and "[" not in href:
        # already absolute (most links on most pages): skip urljoin, only check there is a host
        # (a "[" may open an IPv6 host, which only urlsplit validates)
        m = _HTTP_HOST.match(href)
        if m is not None:
            host = m.group(1)
            if host and host.rsplit("@", 1)[-1].strip(".:"):
                return href
        return None
    if not base:
        first = href[0]
        if first > " ":  # (urlsplit drops control characters in front)
            if not (first.isascii() and first.isalpha()):
                return None  # no scheme (a scheme starts with a letter), no base: not an http(s) URL
            # the scheme is what comes before the first colon, lowercased, once urlsplit has dropped tabs and line
            # breaks: "page.html", "mailto:...", "javascript:..." are no http(s) URL without asking it
            scheme = href.partition(":")[0]
            if (
                str_lower(scheme) not in ("http", "https")
                and "\t" not in scheme
                and "\n" not in scheme
                and "\r" not in scheme
            ):
                return None
    try:
        url = urljoin(base, href) if base else href
        parts = urlsplit(url)
    except ValueError:  # e.g. an invalid IPv6 literal
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return url


class Resolver:
    """Resolve hrefs of one document against its base, remembering answers (pages repeat links)."""

    def __init__(self, base: str) -> None:
        self.base = base
        # every href resolved so far and its answer (hot loops look here before calling)
        self.known: dict[str, str | None] = {}
        # what urljoin puts in front of a plain root-relative path ("scheme://host[:port]", the scheme lowercased),
        # of a plain relative path ("scheme://host/dir/") and of a fragment (the base without its fragment); None
        # when those resolve to nothing
        self._origin, self._directory, self._here = _base_prefixes(base) if base else (None, None, None)

    def __call__(self, href: str) -> str | None:
        url = self.known.get(href, UNSEEN)
        if url is not UNSEEN:
            return url  # type: ignore[return-value]
        return self.unseen(href)

    def unseen(self, href: str) -> str | None:
        """`self(href)` of an href not resolved yet (the caller looked it up in `known`)."""
        if href.startswith(("https://", "http://")):  # most links: absolute_url checks them without urljoin
            url = href if _plain_absolute(href) else absolute_url(href, self.base)
        # a plain root-relative path, maybe with a query: urljoin would only prepend the origin
        elif (
            self._origin is not None
            and _PLAIN_ROOTED.fullmatch(href)
            and "//" not in href.split("?", 1)[0]
            and "/." not in href.split("?", 1)[0]
        ):
            url = self._origin + href
        # a plain relative path ("page.html", "a/b/"): urljoin would only prepend the base's directory
        elif (
            self._directory is not None
            and _PLAIN_PATH.fullmatch(href)
            and not href.startswith("/")
            and "//" not in href
            and "/." not in "/" + href
        ):
            url = self._directory + href
        # a plain network-path reference: urljoin only puts the base's scheme (the origin's) in front
        elif self._origin is not None and href.startswith("//") and _PLAIN_NETWORK.fullmatch(href):
            url = self._origin[: self._origin.index("//")] + href
        # another scheme ("mailto:", "javascript:"): whatever the base, urljoin keeps it, so no http(s) URL
        elif (scheme := _SCHEME.match(href)) is not None and str_lower(scheme.group()) not in ("http:", "https:"):
            url = None
        # a fragment ("#top"): urljoin keeps the base up to its fragment, urlsplit drops tabs and newlines
        elif (
            self._here is not None
            and href.startswith("#")
            and href.strip() == href
            and "\t" not in href
            and "\n" not in href
            and "\r" not in href
        ):
            url = self._here + href if len(href) > 1 else self._here
        else:
            url = absolute_url(href, self.base)
        self.known[href] = url
        return url


def _base_prefixes(base: str) -> tuple[str | None, str | None, str | None]:
    """What urljoin (checked by `absolute_url`) puts in front of a plain root-relative path, of a plain relative path
    and of a fragment, against `base`: read from the parts of a base of the common spelling (`_PLAIN_BASE`: no
    segment for urljoin to resolve or drop), else by resolving "/", "x" and "#"."""
    plain = _PLAIN_BASE.fullmatch(base)
    if plain is not None:
        scheme, host, path, query = plain.groups()
        origin = f"{str_lower(scheme)}://{host}"
        here = origin + path + ("?" + query if query else "")
        return origin, origin + (path[: path.rfind("/") + 1] or "/"), here
    root = absolute_url("/", base)
    directory = absolute_url("x", base)
    return (
        root[:-1] if root and root.endswith("/") else None,
        directory[:-1] if directory and directory.endswith("x") else None,
        absolute_url("#", base),
    )


def _plain_absolute(href: str) -> bool:
    """Whether `href` (starting "http://" or "https://") is an absolute URL of the common spelling that
    `absolute_url` gives back as it is: its scheme and host by the pattern, then no "[" and no whitespace at the
    end, told by `in` and `isspace` rather than by sre testing every character of the path."""
    return _PLAIN_ABSOLUTE_HOST.match(href) is not None and "[" not in href and not href[-1].isspace()


def strip_fragment(url: str) -> str:
    return url.split("#", 1)[0]


def markdown_url(url: str) -> str:
    """Escape the characters that would end a Markdown link destination early."""
    url = url.translate(_UNSAFE)
    if not url.isprintable():  # other whitespace (U+2028, NBSP, CR, ...) and controls: percent-encoded
        url = "".join(c if c.isprintable() else quote(c) for c in url)
    return url
