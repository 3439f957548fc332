"""Pages without their class and id names: what main-content extraction is worth when a site names nothing a word
list knows (CSS-in-JS hashes, utility classes, other languages; issue 30). Used by `quality.py --blind`.

`blind(page)` replaces every whitespace-separated token of every `class` and `id` attribute by an opaque token, a
short keyed hash of the token (`q` and six digits: no letters, so no word list can match a piece of it): the same
token maps to the same opaque one across the page (and across pages), so repetition, and the structure a stylesheet
would see, stay. The attributes that name an element by its id are mapped with the same key so that references still
meet their targets: `name` of `<a>` (an old anchor is an id), `for` of a label, `headers` of a cell, the fragment of
every link (`href="#comments"`, `/post/#comment-12`: the id it points at) and the id lists of `aria-labelledby`,
`aria-describedby`, `aria-controls` and `aria-owns`. Everything else is kept: tags, text, `role`, `itemprop`,
`itemtype`, other `aria-*` attributes, `data-*` attributes, `<meta>`, JSON-LD and all script and style text (a
stylesheet's selectors are not mapped: its class words become names no element carries).

The page is rewritten on its own bytes (or str), attribute by attribute in the start tags a lexer finds outside
comments, scripts, styles, textareas and CDATA; every other byte is kept, so a blind page differs from the page only
in the names (an lxml round trip would also change the encoding declaration, entities and whitespace, and the
difference would not be the names' alone). Deterministic; one pass per page.
"""

from __future__ import annotations

import hashlib
import re

KEY = b"web2md-blind-s28"  # one key for every run: the same token is the same opaque token on every page and run

# id-like attributes, mapped token by token; and those whose value is a list of ids (or, for href, a fragment)
_TOKENS = frozenset(
    {b"class", b"id", b"for", b"headers", b"aria-labelledby", b"aria-describedby", b"aria-controls", b"aria-owns"}
)

# comments, raw-text elements (skipped whole), then start tags; all on bytes
_LEX = re.compile(
    rb"<!--.*?(?:-->|\Z)"
    rb"|<!\[CDATA\[.*?(?:\]\]>|\Z)"
    rb"|<(script|style|textarea|title|xmp)\b[^>]*>.*?(?:</\1\s*>|\Z)"
    rb"|<([A-Za-z][^\s/>]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>",
    re.S | re.I,
)
_ATTR = re.compile(rb"([^\s\"'>/=]+)(\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+)))?")
_SPACE = re.compile(rb"\S+")


def opaque(token: bytes) -> bytes:
    """`q` and six digits of the token's keyed hash."""
    digest = hashlib.blake2b(token, key=KEY, digest_size=8).digest()
    return b"q%06d" % (int.from_bytes(digest, "big") % 1_000_000)


def _map_tokens(value: bytes) -> bytes:
    return _SPACE.sub(lambda m: opaque(m.group()), value)


def _attrs(tag: bytes, attrs: bytes) -> bytes:
    is_anchor = tag.lower() == b"a"

    def one(m: re.Match) -> bytes:
        if m.group(2) is None:
            return m.group()
        name = m.group(1).lower()
        if name in _TOKENS or name == b"name" and is_anchor:
            mapped = _map_tokens
        elif name == b"href":
            mapped = _map_fragment
        else:
            return m.group()
        for group in (3, 4, 5):
            if m.group(group) is not None:
                start, end = m.span(group)
                base = m.start()
                whole = m.group()
                return whole[: start - base] + mapped(m.group(group)) + whole[end - base :]
        return m.group()

    return _ATTR.sub(one, attrs)


def _map_fragment(href: bytes) -> bytes:
    """A link's fragment (`#comments`, `/post/#comment-12`) mapped like the id it points at; the address kept."""
    at = href.find(b"#")
    if at < 0 or at == len(href) - 1:
        return href
    return href[: at + 1] + opaque(href[at + 1 :].strip())


def _rewrite(m: re.Match) -> bytes:
    if m.group(2) is None:  # a comment, CDATA or raw-text element: kept whole
        return m.group()
    return b"<" + m.group(2) + _attrs(m.group(2), m.group(3)) + b">"


def blind_bytes(page: bytes) -> bytes:
    return _LEX.sub(_rewrite, page)


def blind(page: bytes | str) -> bytes | str:
    """The page with its class and id names made opaque; bytes stay bytes, a str stays a str (surrogateescape keeps
    any byte of a str read with errors)."""
    if isinstance(page, str):
        return blind_bytes(page.encode("utf-8", "surrogatepass")).decode("utf-8", "surrogatepass")
    return blind_bytes(page)
