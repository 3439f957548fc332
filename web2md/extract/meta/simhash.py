"""64-bit simhash fingerprints of plain text, for near-duplicate detection (see docs/design.md#page-fields,
docs/design.md#operations).

Features are overlapping three-word shingles of the lowercased words of the
text's prose lines, weighted by how often they occur. Words are hashed with
BLAKE2b, so the fingerprint is the same on every platform and in every process
(Python's ``hash`` is not).
"""

from __future__ import annotations

import re
from hashlib import blake2b
from operator import itemgetter

from web2md.extract.exact import str_lower

__all__ = ["MAX_CHARS", "SHINGLE", "body_lines", "fingerprint", "hamming", "simhash"]

SHINGLE = 3
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
_WORDS = re.compile(r"\w+")
_ASCII = bytes(range(128))
# Distinct non-word characters outside ASCII that `words_of` replaces one at a time (the dev pages have a few).
_MAX_REPLACED = 64
# Every byte as itself but the ASCII ones that are no word character (\w: letters, digits, "_"), made spaces.
_ASCII_NON_WORD_TO_SPACE = bytes(b if b >= 0x80 or chr(b).isalnum() or b == 0x5F else 0x20 for b in range(256))


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


def words_of(text: str) -> list[bytes]:
    """The UTF-8 bytes (lone surrogates as such, "surrogatepass") of the words of `text`, the runs of word
    characters: ``[w.encode("utf-8", "surrogatepass") for w in re.findall(r"\\w+", text)]``.

    The pattern tests every character through the Unicode tables and makes a string per word; here the bytes
    are split in C: the non-word characters outside ASCII (a handful of distinct ones a page: quotes, dashes)
    are replaced by spaces, then every ASCII byte that is no word character, and the bytes are split at spaces.
    UTF-8 never puts an ASCII byte inside another character, nor one character's bytes inside another's, so a
    replacement or a split falls between characters.
    """
    data = text.encode("utf-8", "surrogatepass")
    if not data.isascii():
        # the text's characters outside ASCII, each once: its bytes without the ASCII ones, decoded
        others = set(data.translate(None, _ASCII).decode("utf-8", "surrogatepass"))
        non_word = [char for char in others if not char.isalnum()]  # \w is alphanumeric or "_" (ASCII)
        if len(non_word) > _MAX_REPLACED:  # a pass of the bytes each would cost more than the pattern's one
            return [word.encode("utf-8", "surrogatepass") for word in _WORDS.findall(text)]
        for char in non_word:
            data = data.replace(char.encode("utf-8", "surrogatepass"), b" ")
    return data.translate(_ASCII_NON_WORD_TO_SPACE).split()


def lowered_words_of(text: str) -> list[bytes]:
    """``words_of(text.lower())``, lowercased in the UTF-8 bytes: the ASCII letters by bytes.lower, each distinct
    character outside ASCII that lowercase changes by a replacement (str.lower looks every character up in the
    Unicode tables, a page of them).

    A character's lowercase is stable (it lowercases to itself), so one replacement never makes another's target;
    what the lowercase characters are decides the words, as after str.lower ("İ" is "i" and a combining dot).
    """
    data = text.encode("utf-8", "surrogatepass").lower()
    if data.isascii():
        return data.translate(_ASCII_NON_WORD_TO_SPACE).split()
    # the text's characters outside ASCII, each once: its bytes without the ASCII ones, decoded
    others = set(data.translate(None, _ASCII).decode("utf-8", "surrogatepass"))
    if "\u03a3" in others or len(others) > _MAX_REPLACED:
        # capital sigma lowercases by what follows it (a final sigma); many characters: a pass each costs more
        return words_of(str_lower(text))
    lowered: set[str] = set()
    for char in others:
        lower = str_lower(char)
        if lower != char:
            data = data.replace(char.encode("utf-8", "surrogatepass"), lower.encode("utf-8", "surrogatepass"))
        lowered.update(lower)
    for char in lowered:
        if not char.isascii() and not char.isalnum():  # \w is alphanumeric or "_" (ASCII)
            data = data.replace(char.encode("utf-8", "surrogatepass"), b" ")
    return data.translate(_ASCII_NON_WORD_TO_SPACE).split()


def simhash(text: str) -> int | None:
    """The simhash of `text` as an int, or None when it holds no words."""
    text = body_lines(text)
    if len(text) <= MAX_CHARS // 2:  # (a character lowercases to two at most): no cut of the lowercased text
        words = lowered_words_of(text)
    else:
        text = str_lower(text)
        words = words_of(text[:MAX_CHARS] if len(text) > MAX_CHARS else text)
    if not words:
        return None
    if len(words) < SHINGLE:
        words = [b" ".join(words)] * SHINGLE  # one feature: the whole text
    # Each distinct word is hashed once, to three 8-byte keys (one per place in a
    # shingle); a shingle's hash is the XOR of its words' keys for their places,
    # so "a b c" and "c b a" differ. Laid out as one byte string, a digest a
    # word, byte b of shingle i's hash is byte b of word i's first key XOR byte b
    # of word i+1's second key XOR byte b of word i+2's third key: three strided
    # slices of the layout, read as big ints and XORed, give one column of bytes.
    distinct = dict.fromkeys(words)  # each distinct word once, in order of appearance
    # a copy of one fresh state is cheaper to make than a new hash object built from its parameters
    copy = blake2b().copy
    for word in distinct:
        state = copy()
        state.update(word)
        distinct[word] = state.digest()  # in place: the same keys, no second dict
    joined = b"".join(itemgetter(*words)(distinct))  # (one C call looks every word up; there are three or more)
    count = len(words) - SHINGLE + 1
    end = _DIGEST * count
    half = count / 2
    # Bit b of every byte of a column, counted at once: AND with 0x01 0x01 ... shifted by b.
    ones = int.from_bytes(b"\x01" * count, "big")
    masks = [ones << bit for bit in range(7, -1, -1)]
    value = 0
    for position in range(8):  # most significant byte first
        column = (
            int.from_bytes(joined[position:end:_DIGEST], "big")
            ^ int.from_bytes(joined[position + _SECOND : end + _SECOND : _DIGEST], "big")
            ^ int.from_bytes(joined[position + _THIRD : end + _THIRD : _DIGEST], "big")
        )
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
