"""64-bit simhash fingerprints of plain text, for near-duplicate detection (SPEC §5, §9).

Features are overlapping three-word shingles of the lowercased words, weighted
by how often they occur; each is hashed with BLAKE2b, so the fingerprint is the
same on every platform and in every process (Python's ``hash`` is not).
"""

from __future__ import annotations

import re
from collections import Counter
from hashlib import blake2b

__all__ = ["SHINGLE", "fingerprint", "hamming", "simhash"]

SHINGLE = 3
_WORDS = re.compile(r"\w+")
# For each bit of a byte, the byte values that have it set.
_WITH_BIT = tuple(tuple(v for v in range(256) if v >> bit & 1) for bit in range(8))


def simhash(text: str) -> int | None:
    """The simhash of `text` as an int, or None when it holds no words."""
    words = _WORDS.findall(text.lower())
    if not words:
        return None
    if len(words) < SHINGLE:
        features = Counter([" ".join(words)])
    else:
        features = Counter(" ".join(words[i:i + SHINGLE]) for i in range(len(words) - SHINGLE + 1))
    # Sum the weights per (byte position, byte value) instead of per bit: eight
    # additions per feature rather than sixty-four.
    t0, t1, t2, t3, t4, t5, t6, t7 = ([0] * 256 for _ in range(8))
    total = 0
    for feature, weight in features.items():
        d = blake2b(feature.encode("utf-8", "surrogatepass"), digest_size=8).digest()
        t0[d[0]] += weight
        t1[d[1]] += weight
        t2[d[2]] += weight
        t3[d[3]] += weight
        t4[d[4]] += weight
        t5[d[5]] += weight
        t6[d[6]] += weight
        t7[d[7]] += weight
        total += weight
    value = 0
    for table in (t0, t1, t2, t3, t4, t5, t6, t7):  # most significant byte first
        for bit in range(7, -1, -1):
            ones = sum(table[v] for v in _WITH_BIT[bit])
            value = value << 1 | (ones * 2 > total)
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
