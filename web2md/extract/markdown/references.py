"""Character references in Markdown: which "&" a CommonMark reader would decode, within a piece of text and
where two pieces join."""

from __future__ import annotations

import re
from html.entities import html5

# "&" only where a Markdown reader would decode a character reference (text "&copy;" must stay "&copy;").
CHAR_REF = re.compile(r"&(?=(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});)")
# What a piece of text can end with and still become a reference once the next piece follows ("&copy" + ";")
_OPEN_REF = re.compile(r"&[#A-Za-z0-9]{0,32}\Z")
# What the next piece must start with to continue one
CONTINUES_REF = frozenset("#;0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def decodes(ref: str) -> bool:
    """Whether `ref` (what stands between "&" and ";") is a reference CommonMark decodes: a number, or one of
    HTML's named references."""
    return ref[0] == "#" or ref + ";" in html5


def escape_reference(m: re.Match[str]) -> str:
    """A CHAR_REF match escaped when a reader would decode it."""
    return "\\&" if decodes(m.group(1)) else "&"


def escape_split_reference(before: str, after: str) -> str:
    """`before` with the "&" it ends with escaped when `after` completes a reference a reader would decode
    ("&copy" then ";"): each piece was escaped alone, so neither saw the reference."""
    m = _OPEN_REF.search(before)
    if m is None:
        return before
    at = m.start()
    if (at - len(before[:at].rstrip("\\"))) % 2:  # the "&" is escaped already
        return before
    joined = CHAR_REF.match(before[at:] + after[:40])
    if joined is None or not decodes(joined.group(1)):
        return before
    return before[:at] + "\\" + before[at:]
