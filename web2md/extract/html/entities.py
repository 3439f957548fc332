"""Entity decoding and character normalisation shared by the renderer and the metadata code.

The rules (see docs/design.md#entities): named entities need their semicolon, numeric ones are
validated, non-breaking and thin spaces become U+0020, invisible marks vanish,
unrepresentable code points are dropped, and C1 controls read as Windows-1252.
"""

from __future__ import annotations

import re
from html.entities import name2codepoint
from unicodedata import is_normalized, normalize

from lxml.etree import tostring as _tostring

# The HTML 4 set (what libxml2 knows too, so documents and strings agree) plus &apos;.
NAMED: dict[str, str] = {name: chr(cp) for name, cp in name2codepoint.items()}
NAMED["apos"] = "'"

_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\x0b\x0c"
_INVISIBLE = (
    "\u00ad\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff\ufffd\x00\x7f"
)


def _build_table() -> dict[int, str | None]:
    table: dict[int, str | None] = {ord(c): " " for c in _SPACES}
    table.update({ord(c): None for c in _INVISIBLE})
    for cp in range(0x01, 0x20):
        if chr(cp) not in "\t\n\r\x0b\x0c":
            table[cp] = None
    for cp in range(0x80, 0xA0):
        try:
            table[cp] = bytes([cp]).decode("cp1252")
        except UnicodeDecodeError:  # 0x81, 0x8D, 0x8F, 0x90, 0x9D are unassigned
            table[cp] = None
    for cp in range(0xD800, 0xE000):
        table[cp] = None
    return table


_TABLE = _build_table()
# Every character the table changes; most text has none, and a regex search is far cheaper than translate.
SPECIAL_CHARS = re.compile(
    "["
    + "".join(re.escape(chr(cp)) for cp in sorted(_TABLE) if cp < 0xD800 or cp > 0xDFFF)
    + chr(0xD800)
    + "-"
    + chr(0xDFFF)
    + "]"
)
# Runs of them: each run is translated on its own, as str.translate takes ~40 ns a character of a text wider than
# ASCII (a dictionary lookup each), mapped or not.
_SPECIAL_RUN = re.compile(SPECIAL_CHARS.pattern + "+")
# Numeric references decode with or without their semicolon (as in documents); named ones need it.
_ENTITY = re.compile(r"&(?:#([0-9]+);?|#[xX]([0-9a-fA-F]+);?|([A-Za-z][A-Za-z0-9]*);)")


def needs_mapping(text: str) -> bool:
    """Whether `normalise_chars` maps characters of `text` (line breaks, spaces, invisible marks, controls).
    Every character it maps but U+FFFD is unprintable, so printable text (most text) is answered without the
    regex search."""
    if text.isprintable():
        return "\ufffd" in text
    return unprintable_needs_mapping(text)


def unprintable_needs_mapping(text: str) -> bool:
    """`needs_mapping` of a text that is not printable (or holds U+FFFD). Line breaks and tabs, the usual reason
    text is not printable, are not mapped: text that is printable once they are taken out holds no mapped
    character but U+FFFD, told without the search of the class (which sre tries at every position)."""
    if "\r" in text:
        return True
    if "\n" in text or "\t" in text:
        rest = text.replace("\n", "").replace("\t", "")
        if rest.isprintable():
            return "\ufffd" in rest
    return SPECIAL_CHARS.search(text) is not None


def _translated(run: re.Match[str]) -> str:
    return run.group().translate(_TABLE)


def normalise_chars(text: str) -> str:
    """Apply the character rules to already-decoded text (CRLF/CR become LF first), in Unicode's composed
    form (NFC: one spelling of each letter, whichever the page used, as search and tokenizers expect)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\xa0" in text:  # the commonest by far, the no-break space: replaced at memchr speed
        text = text.replace("\xa0", " ")
    if needs_mapping(text):  # (without "\r", whether SPECIAL_CHARS is found, most often without searching)
        text = _SPECIAL_RUN.sub(_translated, text)
    if not text.isascii() and not is_normalized("NFC", text):
        text = normalize("NFC", text)
    return text


def collapse_ws(text: str, spaces_only: bool | None = None) -> str:
    """Collapse whitespace runs to single spaces and trim: ``" ".join(text.split())``. Text whose only whitespace
    is single spaces between its words (most rendered text: the space is the only printable whitespace) is only
    trimmed, without splitting it into words and joining them again (half the time). A caller that knows whether
    the space is the text's only whitespace (printable text's is) says so (`spaces_only`), sparing the question
    of whether the text is printable (~25 instructions a character). Text holding a line break (no printable
    whitespace: most text read from markup that holds whitespace other than single spaces holds one) is split at
    once, without those tests."""
    if spaces_only is None and "\n" in text:
        return " ".join(text.split())
    trimmed = text.strip(" ")
    if "  " not in trimmed and (trimmed.isprintable() if spaces_only is None else spaces_only):
        return trimmed
    return " ".join(text.split())


def clean_text(text: str | None) -> str:
    """Normalise characters and collapse whitespace: the form of every metadata string."""
    if not text:
        return ""
    # whether normalise_chars would change it, tested inline (every metadata string comes through here);
    # printable text holds none of the characters it maps but U+FFFD (see `needs_mapping`)
    printable = text.isprintable()
    if (
        ("\ufffd" in text if printable else unprintable_needs_mapping(text))
        or not text.isascii()
        and not is_normalized("NFC", text)
    ):
        text = normalise_chars(text)
        printable = text.isprintable()
    # `collapse_ws(text, printable)`, written out: most metadata strings and link texts are only trimmed
    trimmed = text.strip(" ")
    if printable and "  " not in trimmed:
        return trimmed
    return " ".join(text.split())


def subtree_text(el) -> str:
    """All text below an element, as it stands (no comments, no processing instructions, no tail):
    ``"".join(el.itertext())``, produced by libxml2 in one call instead of a string per text node."""
    if not len(el):
        return el.text or ""
    return _tostring(el, method="text", encoding="unicode", with_tail=False)


def element_text(el) -> str:
    """All text below an element (no comments, no tail), cleaned."""
    return clean_text(subtree_text(el))


def _codepoint(number: str, base: int) -> str:
    digits = number.lstrip("0") or "0"
    if len(digits) > 8:  # far beyond U+10FFFF, and int() of a huge string is costly
        return ""
    cp = int(digits, base)
    if cp == 0 or cp > 0x10FFFF or 0xD800 <= cp <= 0xDFFF:
        return ""
    return chr(cp)


def _replace(match: re.Match[str]) -> str:
    dec, hexa, name = match.groups()
    if dec is not None:
        return _codepoint(dec, 10)
    if hexa is not None:
        return _codepoint(hexa, 16)
    return NAMED.get(name, match.group(0))


def decode_entities(text: str) -> str:
    """Decode HTML entities in a string and normalise its characters.

    >>> decode_entities("AT&T &unknown; &#xZZ; caf&eacute;&nbsp;&amp;")
    'AT&T &unknown; &#xZZ; café &'
    """
    if "&" in text:
        text = _ENTITY.sub(_replace, text)
    return normalise_chars(text)
