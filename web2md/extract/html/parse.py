"""The one HTML parser: bytes or text in, an lxml tree out (the same tree parsel/Scrapy would build).

Bytes are decoded with w3lib's charset detection (BOM, `<meta charset>`, then
UTF-8 with a Windows-1252 fallback). Named references that libxml2 would decode
but that are not a known entity with its semicolon are neutralised before
parsing: libxml2 decodes a name starting with one of HTML5's legacy names by
that prefix (``&copy=2`` in a URL becomes ``©=2``, ``&notit;`` becomes
``¬it;``) and the entities HTML5 added (``&Colon;``), which docs/design.md#entities rules out.
Any other reference (``&utm=``) reads as it is written, escaped or not. The
content of raw-text elements (scripts, JSON-LD, styles) and of comments is left
as it is.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable
from html.entities import html5
from typing import AnyStr

from lxml import etree
from w3lib.encoding import html_body_declared_encoding, html_to_unicode, http_content_type_encoding, read_bom

from web2md.extract.html.aria import declared_tables
from web2md.extract.html.entities import NAMED
from web2md.extract.html.rows import RowPacker
from web2md.extract.html.tags import CLOSED_BY_SAME_START_TAGS, RAW_TEXT_TAGS, VOID_TAGS

# Names are matched ASCII case-insensitively, as libxml2 reads them ("<ſcript>" is no script; Unicode
# folding would also give names that are no key of _RAW_END). The lookahead on the first letter turns
# most tags away with one test.
_RAW_START = re.compile(r"<(?a:(?=[sxinp!]))(?:((?a:" + "|".join(RAW_TEXT_TAGS) + r"))(?=[\s/>])|!--)", re.I)
_RAW_END = {tag: re.compile("</" + tag, re.I) for tag in RAW_TEXT_TAGS}
#: What converting one document may take in memory, in bytes, unless told otherwise (see `parse_html`): the markup
#: past the point where `memory_estimate` reaches it is not parsed. Far above real pages: it is there for hostile
#: ones (benchmarks/bigpage.py measures the largest table read whole within it, benchmarks/hostile.py the peaks).
DEFAULT_MAX_MEMORY = 2_000_000_000
#: The estimate's terms, upper bounds of what pages of table cells, of links and of inline elements take
#: (benchmarks/bigpage.py, benchmarks/hostile.py): per element (its node and its text's in the tree, its measures
#: for main-content selection, its pieces in the renderer), per link more (its entry in the page's links, its
#: Markdown and its reference) and per byte of markup (the copies of the text on its way to Markdown).
ELEMENT_COST = 1000
LINK_COST = 1000
BYTE_COST = 8
#: Attribute set on the root of a tree whose document was cut at `max_memory`; its value is the bound.
TRUNCATED = "data-web2md-truncated"
#: A page is parsed packing its plain table rows (`web2md.extract.html.rows`) when it is this big and has this many
#: row tags: its tree then takes a fraction of the memory (benchmarks/bigpage.py); smaller pages are parsed at once.
PACK_MIN_BYTES = 1_000_000
PACK_MIN_ROWS = 10_000
_PACK_CHUNK = 1 << 18
_START_TAG = re.compile(rb"<[A-Za-z]")
_DECODED_PIECE = 1 << 14  # bytes of a UTF-8 body decoded at a time when only checked (`_utf8_ends`; four or more)
_LINK_NAME_END = frozenset((b" ", b"\t", b"\n", b"\r", b"\f", b"/", b">", b""))


def _prefix_trie(words: Iterable[str]) -> str:
    """A regex matching at a position where one of `words` (ASCII) starts, written as a trie: sre tries the
    alternatives of a group in turn, passing over one whose first letter differs at once."""
    tree: dict = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        if "" in node:
            return ""  # a word ends here: what follows does not matter
        # the letters that end a word make one class (a smaller regex, quicker to compile)
        last = "".join(sorted(char for char, child in node.items() if "" in child))
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if "" not in child]
        if last:
            branches.append(re.escape(last) if len(last) == 1 else f"[{re.escape(last)}]")
        return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"

    return pattern(tree)


# The named references libxml2 would decode that are not a known entity (NAMED) with its semicolon: a name starting
# with one of HTML5's legacy names, decoded by that prefix without a semicolon ("&copy=2", "&notit;"), or an entity
# HTML5 added, with its semicolon ("&Colon;"). libxml2 leaves any other reference as it is written ("&utm=",
# "&hellip", "&xyz;"), so escaping it would change no text and no attribute value (tests/test_speed_invariants.py).
_LEGACY = _prefix_trie(name for name in html5 if not name.endswith(";"))
# The frequent known entities with their semicolon, passed over inside the regex (sparing a callback per `&amp;`).
_FREQUENT = (
    "amp quot lt gt nbsp copy reg raquo laquo hellip ndash mdash rsquo lsquo rdquo ldquo middot bull uuml ouml "
    "auml Uuml Ouml Auml szlig eacute egrave agrave ccedil"
).split()
# The regex yields the references with a legacy prefix (group 1 set) and those of two letters or more with a
# semicolon (every entity name has two): `_unknown_references` tells them apart. A '&' before anything but a letter
# (a third of them: "&&", "&#") fails at the first test, and the frequent entities are told by their first letters.
_REFERENCE = re.compile(
    r"&(?=[A-Za-z])(?!" + _prefix_trie(name + ";" for name in _FREQUENT) + r")"
    r"(?=(" + _LEGACY + r")|[A-Za-z][A-Za-z0-9]+;)([A-Za-z][A-Za-z0-9]*)(;?)"
)
# The same patterns for UTF-8 bytes, matching where the text patterns match in the decoded text: a tag name also
# ends at the Unicode whitespace that `\s` matches in text (U+001C-U+001F, U+0085, U+00A0, U+1680, U+2000-U+200A,
# U+2028, U+2029, U+202F, U+205F, U+3000), and an end tag's name also holds the letters that match "s" and "i"
# ignoring case in text ("ſ" U+017F, "İ" U+0130, "ı" U+0131).
_UTF8_SPACE = (
    rb"[\s\x1c-\x1f/>]|\xc2[\x85\xa0]|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]|\xe2\x81\x9f|"
    rb"\xe3\x80\x80"
)
_UTF8_RAW_START = re.compile(
    rb"<(?a:(?=[sxinp!]))(?:((?a:" + "|".join(RAW_TEXT_TAGS).encode() + rb"))(?=" + _UTF8_SPACE + rb")|!--)", re.I
)
_UTF8_LETTERS = {"s": rb"(?:[sS]|\xc5\xbf)", "i": rb"(?:[iI]|\xc4[\xb0\xb1])"}
_UTF8_RAW_END = {
    tag.encode(): re.compile(b"</" + b"".join(_UTF8_LETTERS.get(c, f"[{c}{c.upper()}]".encode()) for c in tag))
    for tag in RAW_TEXT_TAGS
}
_UTF8_REFERENCE = re.compile(_REFERENCE.pattern.encode())
# The shortest stretch without '&' the reference scan skips, and how far past a '&' it reads its name: the '&', the
# longest entity name with its semicolon (any name longer than that is no entity's).
_GAP = 2048
_NAME_ROOM = 1 + max(map(len, html5))
_UTF8_NAMED = frozenset(name.encode() for name in NAMED)


def _unknown_references(
    html: str | bytes, start: int, end: int, found: list[int], reference: re.Pattern, named: frozenset, amp: str | bytes
) -> None:
    """Add the position of the '&' of each named reference in ``html[start:end]`` that libxml2 would decode and
    that is not a known entity with its semicolon."""
    # The regex's search for '&' tests every character; memchr (find, rfind) skips the stretches without one. The
    # regex is set to work on each run of '&'s closer than _GAP to the next, up to _NAME_ROOM past its last one: a
    # name running past that holds no entity name, and its '&' is found by its legacy prefix alone, or not at all.
    find, rfind = html.find, html.rfind
    at = find(amp, start, end)
    while at >= 0:
        last = at
        while (nearer := rfind(amp, last + 1, min(last + 1 + _GAP, end))) >= 0:
            last = nearer
        for match in reference.finditer(html, at, min(last + _NAME_ROOM, end)):  # endpos: the text ends there
            legacy, name, semicolon = match.group(1, 2, 3)
            if semicolon and name in named:
                continue
            # an entity HTML5 added ("Colon;": html5 holds the names with their semicolon)
            if legacy is not None or (name if isinstance(name, str) else name.decode()) + ";" in html5:
                found.append(match.start())
        at = find(amp, last + 1, end)


def unknown_references(html: str | bytes) -> list[int]:
    """Positions of the '&' of each named reference that libxml2 would decode and that is not a known entity
    with its semicolon.

    One forward scan: the text between raw-text elements and comments is searched,
    a raw-text element or a comment is passed over up to its end. `html` may also be
    the UTF-8 bytes of the text: the positions are then byte offsets.
    """
    if isinstance(html, bytes):
        raw_start, raw_end, reference, named, amp, comment_end = (
            _UTF8_RAW_START,
            _UTF8_RAW_END,
            _UTF8_REFERENCE,
            _UTF8_NAMED,
            b"&",
            b"-->",
        )
    else:
        raw_start, raw_end, reference, named, amp, comment_end = _RAW_START, _RAW_END, _REFERENCE, NAMED, "&", "-->"
    found: list[int] = []
    # Most documents hold no such reference, not even in a script or a comment: then the raw-text elements, which
    # take a stop at every '<' to find, need not be looked for.
    _unknown_references(html, 0, len(html), found, reference, named, amp)
    if not found:
        return found
    found = []
    at = 0
    while (m := raw_start.search(html, at)) is not None:
        _unknown_references(html, at, m.start(), found, reference, named, amp)
        if m.group(1) is not None:
            close = raw_end[m.group(1).lower()].search(html, m.end())
            end = close.start() if close else -1
        else:
            end = html.find(comment_end, m.end())
        if end < 0:
            return found  # runs to the end of the document
        at = end
    _unknown_references(html, at, len(html), found, reference, named, amp)
    return found


def neutralise_references(html: str) -> str:
    """Escape the '&' of each named reference that libxml2 would decode and that is not a known entity with its
    semicolon.

    The document is copied only when a reference needs escaping.
    """
    found = unknown_references(html)
    return _escaped(html, found) if found else html


def _escaped(html: AnyStr, found: list[int]) -> AnyStr:
    """`html` (text, or its UTF-8 bytes) with "&amp;" for the '&' at each position of `found` (in increasing
    order)."""
    pieces: list[AnyStr] = []
    at = 0
    for amp in found:
        pieces.append(html[at:amp])
        at = amp + 1
    pieces.append(html[at:])
    return ("&amp;" if isinstance(html, str) else b"&amp;").join(pieces)


def _utf8_source(body: bytes, ends: tuple[int, int]) -> bytes:
    """``neutralised(text).strip().encode("utf-8")`` built from `body`, the UTF-8 bytes `text` decodes from without
    loss (BOM aside), whose text starts and ends with `ends` bytes of whitespace (`_utf8_ends`), instead of encoding
    the whole text again.

    The references are looked for in the bytes themselves (`unknown_references` of bytes: a scan of a wide
    text and the mapping of its positions to byte offsets cost about as much again).
    """
    if body.startswith(codecs.BOM_UTF8):
        body = body[len(codecs.BOM_UTF8) :]
    escape = unknown_references(body) if b"&" in body else []
    if escape:
        body = _escaped(body, escape)
    # what str.strip() takes off: whitespace characters, which hold no '&'
    lead, trail = ends
    if lead or trail:
        body = body[lead : len(body) - trail]
    return body


def _utf8_ends(body: bytes) -> tuple[int, int] | None:
    """For a body that is UTF-8 (its text, BOM aside, is decoded without loss), the bytes of whitespace its text
    starts and ends with (what ``str.strip`` takes off); None for any other body.

    The body is decoded a piece at a time and each piece let go: only whether the decoding fails is asked of it,
    and the text of a whole page, in a string of up to four bytes a character, need not be made.
    """
    view = memoryview(body)
    at = len(codecs.BOM_UTF8) if body.startswith(codecs.BOM_UTF8) else 0
    lead = trail = 0
    leading = True
    while True:
        final = at + _DECODED_PIECE >= len(body)
        try:
            # (a character cut at the piece's end is left for the next piece: `used` stops before it)
            piece, used = codecs.utf_8_decode(view[at : at + _DECODED_PIECE], "strict", final)
        except UnicodeDecodeError:
            return None
        if leading:
            rest = piece.lstrip()
            lead += len(piece[: len(piece) - len(rest)].encode("utf-8"))
            leading = not rest
        if not piece[-1:].isspace():
            trail = 0 if piece else trail
        elif kept := piece.rstrip():
            trail = len(piece[len(kept) :].encode("utf-8"))
        else:
            trail += len(piece.encode("utf-8"))  # whitespace after the whitespace the last pieces ended with
        if final:
            return lead, trail  # (text all whitespace: both are all of it, and the slice is empty)
        at += used


def utf8_or_cp1252(body: bytes) -> str:
    """The encoding of an undeclared body: UTF-8 if it is valid UTF-8, else Windows-1252 (what browsers assume)."""
    return "cp1252" if _utf8_ends(body) is None else "utf-8"


def decode_body(body: bytes, encoding: str | None = None, content_type: str | None = None) -> tuple[str, str]:
    """Decode a response body by its BOM, declared charset (argument, Content-Type, `<meta>`), else
    `utf8_or_cp1252`; returns ``(text, encoding)``."""
    if encoding:
        content_type = f"text/html; charset={encoding}"
    enc, text = html_to_unicode(content_type, body, auto_detect_fun=utf8_or_cp1252)
    return text, enc


def _declared(body: bytes, encoding: str | None = None) -> str | None:
    """The encoding `body` declares, found as `html_to_unicode` looks (BOM, `encoding` as the declared charset,
    `<meta>`), or None when it declares none."""
    bom_encoding, bom = read_bom(body)
    if bom_encoding is not None and bom is not None:
        return bom_encoding
    found = http_content_type_encoding(f"text/html; charset={encoding}" if encoding else None)
    if found is None:
        found = html_body_declared_encoding(body)
    if found is None:
        return None
    return found + "-be" if found in ("utf-16", "utf-32") else found


def memory_estimate(size: int, elements: int, links: int = 0) -> int:
    """What converting `size` bytes of markup holding `elements` start tags, `links` of them links, takes in memory,
    in bytes (an upper estimate)."""
    return BYTE_COST * size + ELEMENT_COST * elements + LINK_COST * links


def memory_cut(data: bytes, max_memory: int | None) -> int | None:
    """The offset where `data` is cut so that what is kept estimates at `max_memory` bytes or less (before the
    start tag that would pass it, else inside the text that would), or None if the whole estimates within it."""
    if not max_memory:
        return None
    # a start tag takes two bytes or more ("<a"), and has a '<': most pages are within the bound whatever they hold,
    # and are not scanned
    size = len(data)
    if memory_estimate(size, size // 2, size // 2) <= max_memory:
        return None
    tags = data.count(b"<")
    if memory_estimate(size, tags, tags) <= max_memory:
        return None
    count = links = 0
    for count, match in enumerate(_START_TAG.finditer(data), 1):
        at = match.start()
        if data[at + 1] in b"aA" and data[at + 2 : at + 3] in _LINK_NAME_END:
            links += 1
        if memory_estimate(at, count, links) > max_memory:
            return at
    cut = max(0, (max_memory - ELEMENT_COST * count - LINK_COST * links) // BYTE_COST)
    if cut >= len(data):
        return None  # (a '<' counted above that starts no tag)
    while cut and data[cut] & 0xC0 == 0x80:  # not inside a UTF-8 sequence
        cut -= 1
    return cut


def parse_html(
    html: str | bytes, encoding: str | None = None, max_memory: int | None = None, pack_rows: bool = False
) -> etree._Element:
    """Parse an HTML document (or fragment) into an lxml root element. Never raises on bad markup.

    With `max_memory`, markup past the point where converting it would take more
    than that many bytes (`memory_cut`) is not parsed, memory and time stay
    bounded on a hostile page, and the root carries the `TRUNCATED` attribute.
    With `pack_rows`, a big page's plain table rows are packed as it is parsed
    (`web2md.extract.html.rows`): for a reader that knows packed rows.
    """
    body = None
    ends = None
    if isinstance(html, bytes):
        # a body its text is decoded from without loss goes to libxml2 as it is (the text is not made); its bytes
        # are searched for NUL (memchr, where a str wider than Latin-1 is searched one character at a time)
        # (a body that declares no encoding is UTF-8 when it decodes as such, `utf8_or_cp1252`: checked once, here)
        declared = _declared(html, encoding)
        ends = _utf8_ends(html) if declared in (None, "utf-8") else None
        if ends is None and declared is None:
            html, _ = decode_body(html, "cp1252")  # what `utf8_or_cp1252` would find again
        elif ends is None or b"\x00" in html:
            html, _ = decode_body(html, encoding)
        else:
            body = html
    if body is None and "\x00" in html:
        html = html.replace("\x00", "")
    if body is not None:
        data = _utf8_source(body, ends)  # the same bytes as below, without encoding the text again
    else:
        escape = unknown_references(html) if "&" in html else []
        if escape:
            html = _escaped(html, escape)
        # "ignore" drops lone surrogates, which cannot be represented (see docs/design.md#entities)
        data = html.strip().encode("utf-8", "ignore")
    del html  # the text is the size of the page again (four times it, wide): the tree is built from `data`
    data = data or b"<html></html>"
    cut = memory_cut(data, max_memory)
    flat = cut is not None
    if flat:
        # the bound counts the elements the tree will hold, the nesting flattened as below: a page nested
        # hundreds of thousands deep is a few hundred elements, however many tags it has (the scan ends past
        # as many as the bound could hold)
        data = flatten_depth(data.decode("utf-8"), max_elements=max_memory // ELEMENT_COST).encode("utf-8")
        cut = memory_cut(data, max_memory)
        if cut is not None:
            data = data[:cut]
    # a parser per call: libxml2 parser objects are not safe to share between threads; no table of
    # id attributes (nothing here looks elements up by id, and filling it is parse time)
    if pack_rows and len(data) >= PACK_MIN_BYTES and _row_tags_at_least(data, PACK_MIN_ROWS):
        root, deep = _parse_packing(data)
    else:
        parser = etree.HTMLParser(recover=True, encoding="utf-8", huge_tree=True, remove_pis=True, collect_ids=False)
        root = etree.fromstring(data, parser=parser)
        deep = _too_deep(parser.error_log)
    if not flat and deep:
        # libxml2 stops at a nesting depth of 2048, dropping the rest of the document: parse it again with
        # what lies deeper than a browser nests (MAX_DEPTH) put beside its parent, as browsers do
        parser = etree.HTMLParser(recover=True, encoding="utf-8", huge_tree=True, remove_pis=True, collect_ids=False)
        root = etree.fromstring(flatten_depth(data.decode("utf-8")).encode("utf-8"), parser=parser)
    if root is None:  # libxml2 gives up on some inputs (e.g. only a comment)
        root = etree.fromstring(b"<html></html>", parser=etree.HTMLParser())
    if cut is not None:
        root.set(TRUNCATED, str(max_memory))
    declared_tables(data, root)
    return root


def _row_tags_at_least(data: bytes, rows: int) -> bool:
    """Whether `data` holds `rows` row tags or more (``<tr`` and ``<TR``, as counted). Each holds a '<', whose count
    (one test a byte) turns most pages away before the two counts of a three-byte needle."""
    if data.count(b"<") < rows:
        return False
    lower = data.count(b"<tr")
    return lower >= rows or lower + data.count(b"<TR") >= rows


def _parse_packing(data: bytes) -> tuple[etree._Element | None, bool]:
    """The tree `etree.fromstring` builds of `data`, its plain table rows packed as they are parsed (the same
    libxml2 parser, fed in pieces: the whole tree never exists), and whether libxml2 stopped at its depth limit."""
    parser = etree.HTMLPullParser(
        events=("end",), tag="tr", recover=True, encoding="utf-8", huge_tree=True, remove_pis=True, collect_ids=False
    )
    packer = RowPacker()
    for at in range(0, len(data), _PACK_CHUNK):
        parser.feed(data[at : at + _PACK_CHUNK])
        for _, row in parser.read_events():
            packer.add(row)
    try:
        root = parser.close()
    except etree.XMLSyntaxError:
        root = None
    for _, row in parser.read_events():
        packer.add(row)
    packer.finish()
    return root, _too_deep(parser.feed_error_log)


def _too_deep(log: etree._ListErrorLog) -> bool:
    """Whether libxml2 stopped parsing at its depth limit (a fatal error, so the last one in a parser's `log`)."""
    error = log.last_error
    return error is not None and error.type == etree.ErrorTypes.ERR_RESOURCE_LIMIT  # type: ignore[attr-defined]


# The deepest nesting kept: Blink puts elements deeper than 512 beside their parent (HTMLTreeBuilder's
# maximum DOM depth); libxml2 gives up at 2048.
MAX_DEPTH = 512
_TAG = re.compile(r"<(?:(/?)([A-Za-z][^\s/>]*)|!--)")


def flatten_depth(html: str, max_depth: int = MAX_DEPTH, max_elements: int | None = None) -> str:
    """`html` without the start and end tags of elements nested deeper than `max_depth`: their content stays,
    inside the deepest element kept. One forward scan; raw-text elements and comments are passed over.

    With `max_elements`, the scan ends after the start tag that makes one more than that many kept: the
    result then runs to there, past where `memory_cut` cuts it.
    """
    left = max_elements + 1 if max_elements else -1  # kept start tags until the scan may end
    out: list[str] = []
    # The open elements' names, one shared string per name: the page may nest millions deep. The element at
    # index i is kept when i < max_depth, or when it is a raw-text element (which holds no element, so it is
    # closed before anything else is opened).
    stack: list[str] = []
    names: dict[str, str] = {}
    open_count: dict[str, int] = {}
    copied = at = 0
    while (m := _TAG.search(html, at)) is not None:
        name = m.group(2)
        if name is None:  # a comment
            end = html.find("-->", m.end())
            if end < 0:
                break
            at = end + 3
            continue
        end = html.find(">", m.end())
        if end < 0:
            break
        at = end + 1
        name = name.lower()
        name = names.setdefault(name, name)
        if m.group(1):  # an end tag
            if not open_count.get(name):
                continue  # a stray end tag: libxml2 ignores it
            while True:
                top = stack.pop()
                open_count[top] -= 1
                if top == name:
                    break
            if len(stack) >= max_depth and name not in _RAW_END:
                out.append(html[copied : m.start()])
                copied = at
            continue
        if name in VOID_TAGS or html[end - 1] == "/":
            left -= 1
            if not left:
                break
            continue
        if name in _RAW_END:  # script, style, ...: their text holds no tags
            close = _RAW_END[name].search(html, at)
            if close is None:
                break
            at = close.start()
        if name in CLOSED_BY_SAME_START_TAGS and stack and stack[-1] == name:
            open_count[stack.pop()] -= 1
        # a raw-text element holds no elements, and without its tags its content would read as text
        if len(stack) >= max_depth and name not in _RAW_END:
            out.append(html[copied : m.start()])
            copied = at
        else:
            left -= 1
            if not left:
                break
        stack.append(name)
        open_count[name] = open_count.get(name, 0) + 1
    out.append(html[copied:] if left else html[copied:at])
    return "".join(out)
