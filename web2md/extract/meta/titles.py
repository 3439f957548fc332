"""The page title: the `<title>` without the site's name, checked against the page's other titles.

`<title>` is usually "Headline - Site", "Headline | Section | Site" or "Site: Headline". A part is taken off
only on evidence from the page itself: another of its titles (og:title, twitter:title, DC.title, JSON-LD
headline, an `<h1>`) is the rest of it, or the part names the site (og:site_name, application-name, the
JSON-LD publisher or website, the first part of a feed's title, the host name); a part at the end goes too when
it is the page's author's name (a blog named after its author). A title with a dash or a colon and no such
evidence is kept whole. A `<title>` that no other title of the page repeats gives way to a declared title that an
`<h1>` shows.
(A tail repeated on two titles of the page found no page on the dev corpora the rules above miss.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from urllib.parse import urlsplit

from web2md.extract.meta.byline import without_by

__all__ = ["choose_title", "feed_site_name", "host_label", "strip_site"]

# Between a headline and a site or section name: a dash, bar, dot or guillemet with spaces around it
# ("U.S.-Israeli" is one word), or a colon followed by a space ("Site: Headline").
_SEPARATOR = re.compile(r"\s+(?:[-|–—·•»«~/\\:]|::)\s+|(?<=\S):\s+")
_NOT_KEY = re.compile(r"[\W_]+")
# Second-level labels under a country code that are no name ("bbc.co.uk" is named "bbc").
_GENERIC_SLD = frozenset({"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go", "gv", "nic"})
# A part that is the host's name with a little after it ("BBC News" for bbc.co.uk, "Example.com") names the
# site; more after it is a headline that starts with the site's name, and a word in front ("Skitouring" on
# touring.example) makes another word.
_HOST_SLACK = 6


def _key(text: str) -> str:
    """Letters and digits only, case folded: "Ars Technica", "ars-technica" and "ArsTechnica" are one name."""
    return _NOT_KEY.sub("", text.casefold())


def host_label(url: str) -> str:
    """The name part of the URL's host, as a key: "nytimes" for www.nytimes.com, "bbc" for www.bbc.co.uk;
    empty for a host without a domain name."""
    try:
        host = (urlsplit(url).hostname or "").rstrip(".")
    except ValueError:
        return ""
    labels = host.split(".")
    if len(labels) < 2 or labels[-1].isdigit():  # "localhost", an IPv4 address
        return ""
    labels.pop()
    if len(labels) > 1 and len(host.rsplit(".", 1)[-1]) == 2 and labels[-1] in _GENERIC_SLD:
        labels.pop()
    return _key(labels[-1]) if labels[-1] != "www" else ""


def _parts(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of `text` between separators."""
    spans, at = [], 0
    for m in _SEPARATOR.finditer(text):
        spans.append((at, m.start()))
        at = m.end()
    spans.append((at, len(text)))
    return spans


def feed_site_name(feed_title: str) -> str | None:
    """The site's name a feed's title gives: its first part when it has more ("Valley Notes » Feed", "Valley Notes
    » Ferry back Comments Feed"). A title of one part names a section's feed as often as the site's."""
    spans = _parts(feed_title)
    return feed_title[slice(*spans[0])] if len(spans) > 1 else None


class _SiteNames:
    """What names the site: keys of its declared names, and its host."""

    def __init__(self, names: Iterable[str], host: str) -> None:
        self.keys = {k for k in map(_key, names) if k}
        self.host = host

    def __call__(self, part: str) -> bool:
        key = _key(part)
        if not key:
            return False
        if key in self.keys:
            return True
        host = self.host
        return len(host) >= 3 and len(key) <= len(host) + _HOST_SLACK and key.startswith(host)


def _author_names(authors: str | None):
    """Whether a part of a title is the page's author ("Jane Doe", "by Jane Doe"); `authors` joined by "; "."""
    keys = {k for k in map(_key, (authors or "").split(";")) if k}

    def is_author(part: str) -> bool:
        return bool(keys) and (_key(part) in keys or _key(without_by(part)) in keys)

    return is_author


def _is_colon(title: str, at: int) -> bool:
    """Whether the separator at `at` is a colon right after a word ("Site: Headline", "Kicker: Headline")."""
    return title[at : at + 1] == ":"


def strip_site(title: str, is_site, is_tail=None) -> str:
    """`title` without the parts at either end that name the site; kept whole when nothing else would be left.
    A colon right after a word only separates a site name in front ("Site: Headline"), never one behind.
    `is_tail` names what else may go from the end (the author of a blog named after its author)."""
    spans = _parts(title)
    first, last = 0, len(spans) - 1
    while last > first and not _is_colon(title, spans[last - 1][1]):
        part = title[slice(*spans[last])]
        if not (is_site(part) or (is_tail is not None and is_tail(part))):
            break
        last -= 1
    while first < last and is_site(title[slice(*spans[first])]):
        first += 1
    if first == 0 and last == len(spans) - 1:
        return title
    return title[spans[first][0] : spans[last][1]]


def _rest(title: str, headline: str, names_site) -> str | None:
    """What `title` holds besides `headline` when it is the headline, a separator and more, or more, a separator
    and the headline (case aside); else None. A colon right after a word joins a kicker or a subtitle to a
    headline as often as a site's name: across one, the rest must pass `names_site`."""
    folded, head = title.casefold(), headline.casefold()
    if len(head) >= len(folded):
        return None
    if folded.startswith(head):
        m = _SEPARATOR.match(title, len(headline))
        if m is not None:
            rest = title[m.end() :]
            if not _is_colon(title, m.start()) or names_site(rest):
                return rest
    if folded.endswith(head):
        at = len(title) - len(headline)
        m = _SEPARATOR.search(title, max(0, at - 8), at)
        if m is not None and m.end() == at:
            rest = title[: m.start()]
            if not _is_colon(title, m.start()) or names_site(rest):
                return rest
    return None


def choose_title(
    title: str | None,
    declared: Sequence[str | None],
    h1s: Sequence[str | None],
    site_names: Iterable[str],
    url: str = "",
    author: str | None = None,
) -> str | None:
    """The page's title from its `<title>` text, its `declared` titles (meta and JSON-LD, in priority order),
    its `<h1>` texts, the names it gives its site and its `author`; all strings already cleaned."""
    given = [d for d in declared if d]  # (names of their own: the parameters may hold None)
    headings = [h for h in h1s if h]
    names = list(site_names)
    is_site = _SiteNames(names, host_label(url))
    if title and given and _key(title) in is_site.keys:
        title = None  # the title only names the site (a home page's title on an article)
    if title:
        cut = title.rstrip(".…").rstrip()
        if cut != title:  # a title cut short: the given one it was cut from
            for candidate in given:
                if len(candidate) > len(cut) and candidate.casefold().startswith(cut.casefold()):
                    return strip_site(candidate, is_site)
        # a part beside a colon names the site when a heading of its own shows it too (a blog's name)
        named = _SiteNames(names + headings, is_site.host)
        for candidate in given:
            rest = _rest(title, candidate, named)
            if rest is not None and not is_site(candidate):
                return strip_site(candidate, is_site)
        h1_keys = [_key(h) for h in headings]
        for i, heading in enumerate(headings):
            rest = _rest(title, heading, named)
            # a heading shorter than the rest is the site's logo beside the headline, unless the rest is an earlier
            # heading: of two headings that are each other's rest, the first is the logo
            if rest is None or is_site(heading) or _key(rest) in h1_keys[i + 1 :]:
                continue
            if len(heading) >= len(rest) or _key(rest) in h1_keys[:i]:
                return strip_site(heading, is_site)
        # a blog named after its author ends its titles with the name ("Post | Section | Jane Doe")
        title = strip_site(title, is_site, _author_names(author))
        # a <title> no other title of the page confirms loses to a declared title the headline shows (templates
        # fill <title> from other fields, or leave it stale); declared titles agreeing are copies of one field
        stripped = [strip_site(d, is_site) for d in given]
        keys = set(h1_keys).union(map(_key, stripped))
        if _key(title) in keys:
            return title
        for candidate in stripped:
            key = _key(candidate)
            if key and key in h1_keys and not is_site(candidate):
                return candidate
        return title
    # no <title>: a declared title that another title or a heading confirms, else the first one
    all_keys = [_key(t) for t in given + headings]
    for i, candidate in enumerate(given):
        key = all_keys[i]
        if key and key in all_keys[:i] + all_keys[i + 1 :]:
            return strip_site(candidate, is_site)
    for candidate in given + headings:
        if not is_site(candidate):
            return strip_site(candidate, is_site)
    both = given + headings
    return both[0] if both else None
