"""64-bit simhash fingerprints of plain text, for near-duplicate detection (SPEC §5, §9).

Features are overlapping three-word shingles of the lowercased words of the
text's prose lines, weighted by how often they occur; each is hashed with BLAKE2b, so the fingerprint is the
same on every platform and in every process (Python's ``hash`` is not).
"""

from __future__ import annotations

import re
from functools import partial
from hashlib import blake2b
from operator import methodcaller
from typing import Iterable

__all__ = ["MAX_CHARS", "SHINGLE", "body_lines", "fingerprint", "hamming", "simhash"]

SHINGLE = 3
_WORDS = re.compile(r"\w+")
# Texts are fingerprinted on their first MAX_CHARS characters: flat cost for huge pages.
MAX_CHARS = 1_000_000
# Only prose lines count (see `body_lines`), when they hold MIN_BODY_WORDS words together.
MIN_LINE_WORDS = 8
MIN_BODY_WORDS = 20
_DIGEST_SIZE = 8
_ENCODE = partial(str.encode, encoding="utf-8", errors="surrogatepass")
_HASH = partial(blake2b, digest_size=_DIGEST_SIZE)
_DIGEST = methodcaller("digest")
# For each bit of a byte, most significant first: maps a byte to 1 if it has that bit set, else 0.
_BIT_TABLES = tuple(bytes(v >> bit & 1 for v in range(256)) for bit in range(7, -1, -1))


def body_lines(text: str) -> str:
    """The lines of `text` that read as prose (at least MIN_LINE_WORDS words), when there are enough.

    Page templates differ mostly in short lines: headings, bylines, dates, share
    bars, menu leftovers. Leaving them out keeps the same article under two
    templates on the same fingerprint.
    """
    lines = [line for line in text[:MAX_CHARS].split("\n") if len(line.split()) >= MIN_LINE_WORDS]
    if sum(len(line.split()) for line in lines) >= MIN_BODY_WORDS:
        return "\n".join(lines)
    return text


def simhash(text: str) -> int | None:
    """The simhash of `text` as an int, or None when it holds no words."""
    words = _WORDS.findall(body_lines(text).lower(), 0, MAX_CHARS)
    if not words:
        return None
    if len(words) < SHINGLE:
        shingles: Iterable[str] = [" ".join(words)]
    else:
        shingles = map(" ".join, zip(words, words[1:], words[2:]))
    # Every occurrence of a shingle adds its 8-byte hash (so weight = frequency);
    # the per-bit counts are then taken with bytes methods: no Python-level loop
    # runs per word.
    digests = b"".join(map(_DIGEST, map(_HASH, map(_ENCODE, shingles))))
    half = len(digests) // _DIGEST_SIZE / 2
    value = 0
    for position in range(8):  # most significant byte first
        column = digests[position::_DIGEST_SIZE]
        for table in _BIT_TABLES:
            value = value << 1 | (column.translate(table).count(1) > half)
    return value


def fingerprint(text: str) -> str | None:
    """The simhash of `text` as 16 lowercase hex digits (the `fingerprint` field), or None."""
    value = simhash(text)
    return None if value is None else f"{value:016x}"


def hamming(a: int | str, b: int | str) -> int:
    """Number of differing bits between two fingerprints (ints or hex strings)."""
    if isinstance(a, str):
        a = int(a, 16)
    if isinstance(b, str):
        b = int(b, 16)
    return (a ^ b).bit_count()
