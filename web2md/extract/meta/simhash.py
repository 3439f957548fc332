"""64-bit simhash fingerprints of plain text, for near-duplicate detection (SPEC §5, §9).

Features are overlapping three-word shingles of the lowercased words of the
text's prose lines, weighted by how often they occur. Words are hashed with
BLAKE2b, so the fingerprint is the same on every platform and in every process
(Python's ``hash`` is not).
"""

from __future__ import annotations

import re
from functools import partial
from hashlib import blake2b

__all__ = ["MAX_CHARS", "SHINGLE", "body_lines", "fingerprint", "hamming", "simhash"]

SHINGLE = 3
_WORDS = re.compile(r"\w+")
# Texts are fingerprinted on their first MAX_CHARS characters: flat cost for huge pages.
MAX_CHARS = 1_000_000
# Only prose lines count (see `body_lines`), when they hold MIN_BODY_WORDS words together.
MIN_LINE_WORDS = 8
MIN_BODY_WORDS = 20
_KEY = 8 * SHINGLE  # bytes of key material per word: 8 for each place in a shingle
# BLAKE2b at its default size is the fastest to call; its first _KEY bytes are the key. A word's whole digest is
# laid out (_DIGEST bytes), sparing a slice per word.
_DIGEST = 64
# From a byte of a word's first key: how far on the same byte of the next word's second key lies, and of the
# third key of the word after that.
_SECOND = _DIGEST + 8
_THIRD = 2 * _DIGEST + 16
_ENCODE = partial(str.encode, encoding="utf-8", errors="surrogatepass")


def body_lines(text: str) -> str:
    """The lines of `text` that read as prose (at least MIN_LINE_WORDS words), when there are enough.

    Page templates differ mostly in short lines: headings, bylines, dates, share
    bars, menu leftovers. Leaving them out keeps the same article under two
    templates on the same fingerprint.
    """
    # The rendered text has single spaces between words: counting spaces counts words.
    lines = [line for line in text[:MAX_CHARS].split("\n") if line.count(" ") >= MIN_LINE_WORDS - 1]
    if sum(map(str.count, lines, [" "] * len(lines))) + len(lines) >= MIN_BODY_WORDS:
        return "\n".join(lines)
    return text


def simhash(text: str) -> int | None:
    """The simhash of `text` as an int, or None when it holds no words."""
    words = _WORDS.findall(body_lines(text).lower(), 0, MAX_CHARS)
    if not words:
        return None
    if len(words) < SHINGLE:
        words = [" ".join(words)] * SHINGLE  # one feature: the whole text
    # Each distinct word is hashed once, to three 8-byte keys (one per place in a
    # shingle); a shingle's hash is the XOR of its words' keys for their places,
    # so "a b c" and "c b a" differ. Laid out as one byte string, a digest a
    # word, byte b of shingle i's hash is byte b of word i's first key XOR byte b
    # of word i+1's second key XOR byte b of word i+2's third key: three strided
    # slices of the layout, read as big ints and XORed, give one column of bytes.
    distinct = dict.fromkeys(words)  # each distinct word once, in order of appearance
    try:
        encoded = list(map(str.encode, distinct))
    except UnicodeEncodeError:  # a lone surrogate: still hashable, as its UTF-8-like bytes
        encoded = list(map(_ENCODE, distinct))
    # a copy of one fresh state is cheaper to make than a new hash object built from its parameters
    copy = blake2b().copy
    for word, data in zip(distinct, encoded):
        state = copy()
        state.update(data)
        distinct[word] = state.digest()  # in place: the same keys, no second dict
    joined = b"".join(map(distinct.__getitem__, words))
    count = len(words) - SHINGLE + 1
    end = _DIGEST * count
    half = count / 2
    # Bit b of every byte of a column, counted at once: AND with 0x01 0x01 ... shifted by b.
    ones = int.from_bytes(b"\x01" * count, "big")
    masks = [ones << bit for bit in range(7, -1, -1)]
    value = 0
    for position in range(8):  # most significant byte first
        column = (int.from_bytes(joined[position:end:_DIGEST], "big")
                  ^ int.from_bytes(joined[position + _SECOND:end + _SECOND:_DIGEST], "big")
                  ^ int.from_bytes(joined[position + _THIRD:end + _THIRD:_DIGEST], "big"))
        for mask in masks:
            value = value << 1 | ((column & mask).bit_count() > half)
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


def bands(distance: int) -> list[tuple[int, int]]:
    """``(shift, mask)`` of ``distance + 1`` bit bands of a 64-bit fingerprint: two fingerprints within `distance`
    bits of each other agree on at least one whole band, so a near-duplicate search compares only those."""
    if not 0 <= distance < 64:
        raise ValueError(f"near-duplicate distance must be 0..63, got {distance}")
    count = distance + 1
    edges = [64 * i // count for i in range(count + 1)]
    return [(lo, (1 << (hi - lo)) - 1) for lo, hi in zip(edges, edges[1:])]
