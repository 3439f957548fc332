"""What a body really is, whatever its headers say: binary by its magic number or its share of control bytes,
and whether a declared charset decodes it into plausible text."""

from __future__ import annotations

import codecs
import unicodedata

from web2md.extract.html.parse import utf8_or_cp1252

__all__ = ["binary_type", "implausible_charset"]

SAMPLE = 4096  # bytes looked at; a lying header is told from the first few kilobytes

# (prefix, media type); offsets other than 0 are written into the prefix check below
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "application/pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"PK\x03\x04", "application/zip"),
    (b"\x1f\x8b\x08", "application/gzip"),
    (b"BZh", "application/x-bzip2"),
    (b"\xfd7zXZ\x00", "application/x-xz"),
    (b"7z\xbc\xaf\x27\x1c", "application/x-7z-compressed"),
    (b"Rar!\x1a\x07", "application/vnd.rar"),
    (b"\x28\xb5\x2f\xfd", "application/zstd"),
    (b"\x7fELF", "application/x-executable"),
    (b"\x00asm", "application/wasm"),
    (b"OggS\x00", "audio/ogg"),
    (b"fLaC", "audio/flac"),
    (b"ID3", "audio/mpeg"),
    (b"\x1aE\xdf\xa3", "video/webm"),
    (b"wOFF", "font/woff"),
    (b"wOF2", "font/woff2"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "application/x-ole-storage"),  # .doc, .xls, .msi
    (b"SQLite format 3\x00", "application/vnd.sqlite3"),
)

# C0 controls that never occur in text (WHATWG MIME sniffing's "binary data bytes")
_BINARY_BYTES = bytes([*range(0x00, 0x09), 0x0B, *range(0x0E, 0x1B), *range(0x1C, 0x20)])
_DELETE_TEXT = bytes.maketrans(b"", b"")
_LINE_CONTROLS = dict.fromkeys(map(ord, "\t\n\r\x0c"))
BINARY_SHARE = 0.1  # more than this share of binary bytes in the sample: not text


def binary_type(body: bytes) -> str | None:
    """The media type of a body that is not text (``application/pdf``, ...), or None for text.

    A known magic number names the type; otherwise a sample with more than a
    tenth of control bytes is ``application/octet-stream``. Text in UTF-16 or
    UTF-32 (with a BOM, or mostly ASCII without one) is text.
    """
    head = body[:SAMPLE]
    for magic, media in _MAGIC:
        if head.startswith(magic):
            return media
    if head[4:8] == b"ftyp":
        return "video/mp4"
    if head[:4] == b"RIFF" and head[8:12] in (b"WEBP", b"WAVE", b"AVI "):
        return {b"WEBP": "image/webp", b"WAVE": "audio/wav", b"AVI ": "video/x-msvideo"}[head[8:12]]
    if head.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return None  # UTF-32 BOMs start like UTF-16 ones
    binary = len(head) - len(head.translate(_DELETE_TEXT, _BINARY_BYTES))
    if binary <= BINARY_SHARE * len(head) or _wide_text(head):
        return None
    return "application/octet-stream"


def _wide_text(head: bytes) -> bool:
    """UTF-16 or UTF-32 without a BOM: one of them decodes the sample to text that is mostly printable ASCII
    (markup is; random bytes decode to about one ASCII character in 500)."""
    for encoding, width in (("utf-16-le", 2), ("utf-16-be", 2), ("utf-32-le", 4), ("utf-32-be", 4)):
        text = head[: len(head) // width * width].decode(encoding, "replace")
        ascii_text = text.encode("ascii", "ignore").translate(_DELETE_TEXT, _BINARY_BYTES)
        if len(ascii_text) >= 0.5 * len(text):
            return True
    return False


def implausible_charset(body: bytes, encoding: str, html: bool = True) -> tuple[str, str] | None:
    """``(clean encoding, why)`` when the declared `encoding` cannot be the body's, or None if it can be.

    Implausible: an HTML body whose declared decoding has no ``<`` although
    the bytes have one (``charset=utf-16`` on UTF-8 markup reads as CJK), or a
    decoding where over a tenth of the characters are unassigned, private-use,
    control characters or replacement characters. Only said when the
    undeclared decoding (UTF-8 if valid, else Windows-1252) reads the body
    plausibly.
    """
    head = body[:SAMPLE]
    try:
        text = codecs.decode(head, encoding, "replace")
    except LookupError:
        return None
    problem = _implausible(head, text, html)
    if problem is None:
        return None
    fallback = utf8_or_cp1252(body)
    if _implausible(head, head.decode(fallback, "replace"), html) is not None:
        return None
    return fallback, f"the declared charset {encoding} {problem}; the body reads cleanly as {fallback}"


def _implausible(head: bytes, text: str, html: bool) -> str | None:
    if html and b"<" in head and "<" not in text:
        return "decodes the markup to no tags"
    if text.translate(_LINE_CONTROLS).isprintable():  # the usual case, without a look at each character
        return None
    bad = sum(
        1
        for ch in text
        if ch == "\ufffd" or (unicodedata.category(ch) in ("Cn", "Co", "Cs", "Cc") and ch not in "\t\n\r\x0c")
    )
    if bad > 0.1 * max(len(text), 1):
        return f"decodes {bad} of the first {len(text)} characters to unassigned, control or invalid ones"
    return None
