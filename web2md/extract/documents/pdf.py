"""A PDF's text layer read into simple HTML (h1-h6, p, ul/ol/li, pre, a) with pypdfium2, for the one Markdown writer.

Headings come from font size relative to the body text (and bold lines at body size), paragraphs from the
spacing between baselines, list items from bullet glyphs or bullet shapes left of a line, code from monospaced
fonts; a paragraph cut by a page or column break is joined again unless its text ended a sentence.
"""

from __future__ import annotations

import ctypes
import html
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from web2md.extract.documents.errors import DocumentError

__all__ = ["pdf_html"]

BULLETS = "•◦▪▫‣⁃∙·●○■□–-*"
_ORDERED = re.compile(r"(\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})[.)]$")
_SENTENCE_END = re.compile(r"[.!?:;。！？」』\"”’)\]]$")
_MONO = re.compile(r"mono|courier|consol|code|menlo|monaco|fixed|typewriter|inconsolata|\bcmtt", re.IGNORECASE)
_BOLD = re.compile(r"bold|black|heavy|semibold|demi", re.IGNORECASE)
_REGULAR = re.compile(r"regular|book|light|thin|medium|roman|normal", re.IGNORECASE)
_ITALIC = re.compile(r"italic|oblique", re.IGNORECASE)
# Chinese and Japanese write no spaces between words: lines of them join without one (Korean does), and none
# comes after their full-width punctuation
_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
_CJK_PUNCTUATION = re.compile(r"[\u3000-\u303f\uff00-\uff0f\uff1a-\uff20]")
# at most this many characters are read (about 300 dense pages; each holds its position and style until the
# blocks are built): a longer document is cut at the end of the page that passes it, and the Markdown says so
MAX_CHARS = 1_000_000
CELL_GAP = 1.0  # ems between two cells of a table's line
WORD_GAP = 0.5  # ems between two words wider than a word space


@dataclass(slots=True)
class Char:
    text: str
    x0: float
    x1: float
    y: float  # baseline, page units from the page's top over all pages read so far
    size: float
    bold: bool
    italic: bool
    mono: bool
    href: str | None = None
    hyphen: bool = False


@dataclass
class Line:
    chars: list[Char]
    page: int
    bullet: float | None = None  # x of a bullet shape left of the line
    marker: str = ""  # "ul" or "ol" when the line starts a list item
    text_x: float = 0.0  # left of the text after the marker
    marker_chars: list[Char] = field(default_factory=list)  # a written marker ("1.", "•") taken off the text

    @property
    def x(self) -> float:
        return self.chars[0].x0

    @property
    def y(self) -> float:
        return max(c.y for c in self.chars)

    @property
    def size(self) -> float:
        sizes = [c.size for c in self.chars if not c.text.isspace()]
        return max(sizes) if sizes else self.chars[0].size

    @property
    def text(self) -> str:
        return "".join(c.text for c in self.chars)

    def all(self, attribute: str) -> bool:
        return all(getattr(c, attribute) for c in self.chars if not c.text.isspace())


@dataclass
class Block:
    kind: str  # h1..h6, p, li, pre, table
    lines: list[Line] = field(default_factory=list)
    depth: int = 0
    ordered: bool = False
    rows: list[list[list[Line]]] = field(default_factory=list)  # a table's cells, each a run of lines


def pdf_html(body: bytes) -> str:
    """The HTML of a PDF's text: its metadata in ``<head>``, its blocks in ``<body>``.

    Raises `DocumentError` for an encrypted PDF, one that cannot be parsed, or one without a text layer.
    """
    import pypdfium2 as pdfium  # here: a crawl without documents never loads it
    import pypdfium2.raw as raw

    try:
        pdf = pdfium.PdfDocument(body)
    except pdfium.PdfiumError as exc:
        if raw.FPDF_GetLastError() == raw.FPDF_ERR_PASSWORD:
            raise DocumentError("encrypted PDF: it needs a password to be read") from None
        raise DocumentError(f"corrupt PDF: {exc}") from None
    try:
        meta = pdf.get_metadata_dict(skip_empty=True)
        count = len(pdf)
        lines: list[Line] = []
        top = 0.0
        chars = 0
        read = 0
        while read < count and chars < MAX_CHARS:
            try:
                page = pdf[read]
            except pdfium.PdfiumError as exc:
                raise DocumentError(f"corrupt PDF: page {read + 1}: {exc}") from None
            try:
                height = page.get_height()
                found = _page_lines(pdf, page, read, top, height, raw)
            finally:
                page.close()
            lines.extend(found)
            chars += sum(len(line.chars) for line in found)
            top += height
            read += 1
    finally:
        pdf.close()
    if not any(line.text.strip() for line in lines):
        raise DocumentError(f"no text layer: the PDF's {count} page(s) hold no text (a scan?)")
    blocks = _blocks(lines)
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'>", *_head(meta), "</head><body>"]
    parts.extend(_render(blocks))
    if read < count:
        parts.append(
            f"<p><em>Only the first {read} of {count} pages were read: the rest is past {MAX_CHARS} characters.</em></p>"
        )
    parts.append("</body></html>")
    return "".join(parts)


# -- reading the text layer ---------------------------------------------------------------------------------


def _page_lines(pdf: Any, page: Any, index: int, top: float, height: float, raw: Any) -> list[Line]:
    """The lines of one page in reading order (the content stream's), each char with its style and link."""
    textpage = page.get_textpage()
    try:
        links = _links(pdf, page, raw)
        count = raw.FPDFText_CountChars(textpage)
        lines: list[Line] = []
        current: list[Char] = []
        fonts: dict[int, tuple[bool, bool, bool]] = {}
        buf = ctypes.create_string_buffer(128)
        flags = ctypes.c_int()
        x, y = ctypes.c_double(), ctypes.c_double()
        left, right, bottom, top_ = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
        for i in range(count):
            code = raw.FPDFText_GetUnicode(textpage, i)
            if code in (13, 10):
                if code == 10 and current:
                    lines.append(Line(current, index))
                    current = []
                continue
            if code in (0, 0xFFFE, 0xFFFF) or 0xD800 <= code <= 0xDFFF:
                continue
            # PDFium writes 2 for a hyphen that ends a line: kept (ids, compounds), the line joined without a space
            text = "-" if code == 2 else chr(code)
            generated = raw.FPDFText_IsGenerated(textpage, i) == 1
            if text.isspace():
                if current and not current[-1].text.isspace():
                    last = current[-1]
                    current.append(Char(" ", last.x1, last.x1, last.y, last.size, last.bold, last.italic, last.mono))
                continue
            raw.FPDFText_GetCharOrigin(textpage, i, x, y)
            raw.FPDFText_GetCharBox(textpage, i, left, right, bottom, top_)
            obj = raw.FPDFText_GetTextObject(textpage, i)
            key = ctypes.cast(obj, ctypes.c_void_p).value or 0
            style = fonts.get(key)
            if style is None:
                raw.FPDFText_GetFontInfo(textpage, i, buf, len(buf), flags)
                name = buf.value.decode("latin-1", "replace").split("+", 1)[-1]
                # the font's name says its weight when it names one (PDFium's weight is a guess from stem widths:
                # 625 for a regular Noto Sans); a bold drawn by stroking a regular font is bold too
                if _BOLD.search(name):
                    bold = True
                elif _REGULAR.search(name):
                    bold = False
                else:
                    bold = raw.FPDFText_GetFontWeight(textpage, i) >= 600 or bool(flags.value & (1 << 18))
                mode = raw.FPDFTextObj_GetTextRenderMode(obj) if obj else 0
                style = fonts[key] = (
                    bold or mode == raw.FPDF_TEXTRENDERMODE_FILL_STROKE,
                    bool(_ITALIC.search(name)) or bool(flags.value & (1 << 6)),
                    bool(_MONO.search(name)) or bool(flags.value & 1),
                )
            bold, italic, mono = style
            char = Char(
                text,
                x.value,  # the pen position: glyph boxes start where each glyph's ink does
                max(right.value, x.value),
                top + height - y.value,
                round(raw.FPDFText_GetFontSize(textpage, i), 1),
                bold,
                italic,
                mono,
                # PDFium also calls a hyphen that ends a line one: a real hyphen (an id, a compound) is kept
                hyphen=text == "\u00ad" or (generated and text == "-"),
            )
            if links:
                char.href = _link_at(links, (left.value + right.value) / 2, (bottom.value + top_.value) / 2)
            if current and abs(char.y - current[-1].y) > 0.5 * max(char.size, current[-1].size, 1) * 0.75:
                if not (current[-1].text.isspace() and len(current) == 1):
                    lines.append(Line(current, index))
                current = []
            current.append(char)
        if current:
            lines.append(Line(current, index))
        for line in lines:
            while line.chars and line.chars[-1].text.isspace():
                line.chars.pop()
        lines = [line for line in lines if line.chars]
        _mark_bullets(page, lines, top, height, raw)
        return lines
    finally:
        textpage.close()


def _links(pdf: Any, page: Any, raw: Any) -> list[tuple[float, float, float, float, str]]:
    """The URI links of a page: (left, bottom, right, top, uri)."""
    found = []
    pos = ctypes.c_int(0)
    link = raw.FPDF_LINK()
    rect = raw.FS_RECTF()
    buf = ctypes.create_string_buffer(4096)
    while raw.FPDFLink_Enumerate(page.raw, ctypes.byref(pos), ctypes.byref(link)):
        action = raw.FPDFLink_GetAction(link)
        if not action or raw.FPDFAction_GetType(action) != raw.PDFACTION_URI:
            continue
        size = raw.FPDFAction_GetURIPath(pdf.raw, action, buf, len(buf))
        uri = buf.value.decode("utf-8", "replace") if 0 < size <= len(buf) else ""
        if uri.startswith(("http://", "https://", "mailto:")) and raw.FPDFLink_GetAnnotRect(link, rect):
            found.append((rect.left, min(rect.bottom, rect.top), rect.right, max(rect.bottom, rect.top), uri))
    return found


def _link_at(links: list[tuple[float, float, float, float, str]], x: float, y: float) -> str | None:
    for left, bottom, right, top, uri in links:
        if left <= x <= right and bottom <= y <= top:
            return uri
    return None


def _mark_bullets(page: Any, lines: list[Line], top: float, height: float, raw: Any) -> None:
    """A small square-ish shape just left of a line's first character marks a list item (HTML printed to PDF)."""
    shapes = []
    for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_PATH,), max_depth=3):
        left, bottom, right, top_ = obj.get_bounds()
        width, tall = right - left, top_ - bottom
        if 1 < width < 9 and 1 < tall < 9 and abs(width - tall) < 1.5:
            shapes.append((left, right, top + height - (bottom + top_) / 2))
    for line in lines:
        first = line.chars[0]
        size = line.size * 0.75
        text = line.text
        for left, right, middle in shapes:
            if 0 < first.x0 - right < 3 * size and first.y - size <= middle <= first.y:
                line.bullet, line.marker, line.text_x = left, "ul", first.x0
                break
        else:
            # a written marker; not in code, where "- item" and "1." are the code's own
            head, _, rest = text.partition(" ") if not line.all("mono") else ("", "", "")
            if rest and head in BULLETS and len(head) == 1:
                line.marker, line.bullet = "ul", first.x0
            elif rest and _ORDERED.match(head) and (head[:-1].isdigit() or len(text) > 3):
                line.marker, line.bullet = "ol", first.x0
            if line.marker:
                line.marker_chars, line.chars = line.chars[: len(head) + 1], line.chars[len(head) + 1 :]
                if not line.chars:
                    line.marker, line.bullet = "", None
                    line.chars = [first]
        if line.marker and line.chars:
            line.text_x = line.chars[0].x0


# -- lines into blocks ----------------------------------------------------------------------------------------


def _blocks(lines: list[Line]) -> list[Block]:
    body = _body_size(lines)
    mono = _body_size(lines, mono=True) or body
    pitch = _body_pitch(lines, body)
    blocks: list[Block] = []
    previous: Line | None = None
    list_x: list[float] = []
    tables = _tables(lines, pitch)
    index = 0
    while index < len(lines):
        if index in tables:
            table, index = tables[index]
            blocks.append(table)
            previous = None
            continue
        line = lines[index]
        index += 1
        kind = _kind(line, body, mono)
        if kind in ("h4", "h5", "h6") and _has_neighbour(lines, index - 1):
            kind = "p"  # a bold cell of a table row, not a heading: headings have their line to themselves
        block = blocks[-1] if blocks else None
        gap = line.y - previous.y if previous is not None else 0.0
        scale = max(line.size, previous.size if previous else line.size) / body
        if block is not None and previous is not None and _continues(block, kind, line, previous, gap, pitch * scale):
            block.lines.append(line)
        elif kind == "li":
            list_x = [x for x in list_x if x < line.bullet - 2] if block and block.kind == "li" else []
            list_x.append(line.bullet)
            blocks.append(Block("li", [line], depth=len(list_x) - 1, ordered=line.marker == "ol"))
        else:
            list_x = list_x if kind == "li" else []
            blocks.append(Block(kind, [line]))
        previous = line
    return blocks


def _tables(lines: list[Line], pitch: float) -> dict[int, tuple[Block, int]]:
    """The tables among `lines`, by the index of their first line: (the table, the index after it). A table starts
    at a line whose words stand apart in two or more places (a header or a first row, `_gapped`): its one-line rows
    are told by the places where their cells start (`_table`), rows whose cells wrap by the header's columns
    (`_wrapped_table`)."""
    found: dict[int, tuple[Block, int]] = {}
    start = 0
    while start < len(lines):
        end = start
        while (
            end < len(lines)
            and not lines[end].marker
            and not (end == start and lines[end].all("mono"))  # aligned code; a table's cells may all be code
            and _gapped(lines[end])
            and (
                end == start
                or (lines[end].page == lines[end - 1].page and 0 < lines[end].y - lines[end - 1].y < 2.5 * pitch)
            )
        ):
            end += 1
        table = _table(lines[start:end]) if end - start >= 2 else None
        if (
            table is not None
            and all(line.all("mono") for line in lines[start + 1 : end])
            and len(_pieces(lines[start])) < 2
        ):
            table = None  # code under a line that is no header: its cells do not stand a cell's gap apart
        wrapped = _wrapped_table(lines, start, pitch) if end > start else None
        if wrapped is not None and (table is None or wrapped[1] > end):
            found[start] = wrapped
            start = wrapped[1]
            continue
        if table is not None:
            found[start] = (table, end)
        start = max(end, start + 1)
    return found


def _table(rows: list[Line]) -> Block | None:
    data = rows[1:] if len(rows) > 2 else rows
    starts = Counter()
    for line in data:
        for x in {round(piece[0].x0) for piece in _pieces(line, WORD_GAP)}:
            starts[x] += 1
    columns = sorted(x for x, n in starts.items() if n >= max(2, 0.6 * len(data)))
    if len(columns) < 2:
        return None
    grid = []
    for line in rows:
        cells: list[list[Char]] = [[] for _ in columns]
        column = 0
        for char in line.chars:
            if not char.text.isspace():
                column = max((i for i, x in enumerate(columns) if x <= char.x0 + 1.5), default=0)
            cells[column].append(char)
        grid.append([[Line(cell, line.page)] if cell else [] for cell in cells])
    return Block("table", rows, rows=grid)


def _wrapped_table(lines: list[Line], start: int, pitch: float) -> tuple[Block, int] | None:
    """A table whose cells may wrap over several lines, headed by the gapped line `lines[start]`, as a browser
    prints one, a cell at a time: the pieces of the lines below (`_pieces`) keep between the header's cells, a
    piece below the last one of its column (within a line's pitch) goes on that cell, one in a column further
    right goes on the row, and one further left or lower down starts a row. A header printed again at the top of
    a page is left out. None when fewer than two rows with two cells or more follow."""
    head = lines[start]
    if head.marker or head.all("mono"):
        return None
    head_pieces = _pieces(head)
    spans = [(piece[0].x0, piece[-1].x1) for piece in head_pieces]
    if len(spans) < 2:
        return None
    tolerance = 0.5 * head.size
    close = 1.3 * pitch
    lefts = [x0 for x0, _ in spans]
    rights = [x1 for _, x1 in spans]

    def fits(piece: list[Char]) -> bool:
        """Whether the piece keeps inside one column: after the header's cell before it, before the one after."""
        left, right = piece[0].x0, piece[-1].x1
        return any(
            (index == 0 or rights[index - 1] - tolerance <= left)
            and (index + 1 == len(spans) or right <= lefts[index + 1] + tolerance)
            for index in range(len(spans))
        )

    found: list[tuple[Line, list[list[Char]]]] = []
    end, page, fresh = start + 1, head.page, False
    low = high = head.y  # the baselines of the table's last lines
    while end < len(lines):
        line = lines[end]
        if line.marker or line.page > page + 1:
            break
        if line.page > page:
            page, fresh = line.page, True
            if line.text.split() == head.text.split():
                end += 1  # the header again at the top of the next page
                continue
        if not fresh and not (low - close <= line.y <= high + 2.5 * pitch):
            break
        pieces = _pieces(line)
        if not pieces or not all(map(fits, pieces)) or line.size > 1.15 * head.size:
            break  # prose across the columns, or a heading after the table
        found.append((line, pieces))
        low, high = (line.y, line.y) if fresh else (min(low, line.y), max(high, line.y))
        fresh = False
        end += 1
    # where each column starts: the left edge its cells share, else halfway between the header's cells
    edges = Counter(round(piece[0].x0) for _, pieces in found for piece in pieces)
    starts = []
    for index in range(1, len(spans)):
        shared = [
            x for x, n in edges.items() if n >= 2 and rights[index - 1] - tolerance < x <= lefts[index] + tolerance
        ]
        starts.append(min(shared) if shared else (rights[index - 1] + lefts[index]) / 2)
    header = {sum(start <= piece[0].x0 + tolerance for start in starts): piece for piece in head_pieces}
    if len(header) < len(spans):
        return None  # two of the header's pieces in one column: no header
    rows: list[list[list[Line]]] = [[[Line(header[index], head.page)] for index in range(len(spans))]]
    last_column, last_y, last_page = len(spans), head.y, head.page
    for line, pieces in found:
        for piece in pieces:
            index = sum(start <= piece[0].x0 + tolerance for start in starts)
            same_page = line.page == last_page
            below = index == last_column and same_page and 0 <= line.y - last_y <= close  # the cell's next line
            # a row cut by the page (its cells wrap) goes on when its last cell's sentence is not done, as a
            # paragraph does
            carried = (
                not same_page
                and any(len(cell) > 1 for cell in rows[-1])
                and not _SENTENCE_END.search(_last_text(rows[-1]))
            )
            if len(rows) > 1 and (below or index > last_column or carried):
                rows[-1][index].append(Line(piece, line.page))
            else:
                rows.append([[] for _ in spans])
                rows[-1][index].append(Line(piece, line.page))
            last_column, last_y, last_page = index, line.y, line.page
    body = rows[1:]
    if len(body) < 2 or sum(sum(1 for cell in row if cell) >= 2 for row in body) < 0.5 * len(body):
        return None
    return Block("table", lines[start:end], rows=rows), end


def _last_text(row: list[list[Line]]) -> str:
    """The text of the last line of a row's last cell that holds any."""
    filled = [cell for cell in row if cell]
    return filled[-1][-1].text.rstrip() if filled else ""


def _pieces(line: Line, gap: float = CELL_GAP) -> list[list[Char]]:
    """The line's characters cut where a gap is wider than `gap` ems, spaces between words kept: at `CELL_GAP` the
    cells of a table's line (narrower gaps are a glyph's own spacing, as a full-width comma's), at `WORD_GAP` its
    runs of words apart by more than a word space."""
    pieces: list[list[Char]] = []
    previous: Char | None = None
    for char in line.chars:
        if char.text.isspace():
            if previous is not None:
                pieces[-1].append(char)
            continue
        if previous is None or char.x0 - previous.x1 > gap * previous.size:
            pieces.append([])
        pieces[-1].append(char)
        previous = char
    for piece in pieces:
        while piece[-1].text.isspace():
            piece.pop()
    return pieces


def _body_size(lines: list[Line], mono: bool = False) -> float:
    """The most common size of the text (of the code with `mono`; 0 when there is none)."""
    sizes = Counter(c.size for line in lines for c in line.chars if c.mono == mono)
    if not sizes and not mono:
        sizes.update(c.size for line in lines for c in line.chars)
    return (sizes.most_common(1)[0][0] or 1.0) if sizes else 0.0


def _has_neighbour(lines: list[Line], index: int) -> bool:
    """Whether a nearby line of the same page shares this line's baseline (another cell of its row)."""
    line = lines[index]
    return any(
        other is not line and other.page == line.page and abs(other.y - line.y) < 1
        for other in lines[max(0, index - 4) : index + 5]
    )


def _body_pitch(lines: list[Line], body: float) -> float:
    """The usual distance between the baselines of two lines of body text in one paragraph."""
    pitches = Counter()
    for a, b in zip(lines, lines[1:]):
        gap = b.y - a.y
        if a.size == b.size == body and 0 < gap < 3 * body:
            pitches[round(gap, 0)] += 1
    return float(pitches.most_common(1)[0][0]) if pitches else 1.2 * body * 0.75


def _kind(line: Line, body: float, mono: float) -> str:
    """The block a line starts: h1-h6, li, pre or p. `body` and `mono` are the usual sizes of text and of code."""
    if line.marker and line.marker_chars and line.size / body >= 1.1:
        # a numbered heading ("2. Usage"), not a list item
        line.chars, line.marker, line.marker_chars = line.marker_chars + line.chars, "", []
    if line.marker:
        return "li"
    ratio = line.size / body
    if line.all("mono"):
        ratio = line.size / mono  # code is set smaller than text: a heading of code is large for code
        if ratio < 1.1:
            return "pre"
    bold = line.all("bold")
    for level, least in enumerate((1.75, 1.4, 1.1), start=1):
        if ratio >= least and (bold or ratio >= 1.3 or level < 3):
            return f"h{level}"
    if bold and len(line.text) < 200 and not _gapped(line):
        if ratio >= 0.95:
            return "h4"
        if 0.78 <= ratio < 0.9:
            return "h5"
        if 0.6 <= ratio < 0.72:
            return "h6"
    return "p"


def _gapped(line: Line) -> bool:
    """Whether the line has a gap wider than two spaces between its words: cells of a table row, not a heading."""
    drawn = [c for c in line.chars if not c.text.isspace()]
    return any(b.x0 - a.x1 > WORD_GAP * a.size for a, b in zip(drawn, drawn[1:]))


def _continues(block: Block, kind: str, line: Line, previous: Line, gap: float, pitch: float) -> bool:
    """Whether `line` goes on the block `previous` ended: the same kind, no paragraph's space between them."""
    close = 0 < gap <= 1.35 * pitch
    broken = line.page != previous.page or gap < 0  # a new page, or a new column (the baseline goes up)
    if block.kind == "pre":
        return kind == "pre" and (0 < gap <= 3.5 * pitch or broken)
    if block.kind == "li":
        # a wrapped item line starts where the item's text does
        return kind in ("p", "pre") and close and abs(line.x - block.lines[0].text_x) < 3
    if kind != block.kind:
        return False
    if block.kind.startswith("h"):
        return close and line.size == previous.size
    if close:
        return True
    # across a page or column break a paragraph goes on when its sentence is not done, or when its last line
    # was as long as the paragraph's others (a paragraph's last line stops short)
    if not broken:
        return False
    if not _SENTENCE_END.search(previous.text.rstrip()):
        return True
    rights = [other.chars[-1].x1 for other in block.lines if other.page == previous.page]
    return len(rights) >= 2 and previous.chars[-1].x1 >= max(rights) - 1.5 * previous.size


# -- blocks into HTML -----------------------------------------------------------------------------------------


def _render(blocks: list[Block]) -> list[str]:
    out: list[str] = []
    lists: list[str] = []  # the open list tags, one per depth
    for block in blocks:
        if block.kind != "li":
            while lists:
                out.append(f"</li></{lists.pop()}>")
        if block.kind == "li":
            tag = "ol" if block.ordered else "ul"
            while len(lists) > block.depth + 1:
                out.append(f"</li></{lists.pop()}>")
            if len(lists) == block.depth + 1:
                out.append("</li>")
                if lists[-1] != tag:
                    out.append(f"</{lists.pop()}>")
            while len(lists) < block.depth + 1:
                out.append(f"<{tag}>")
                lists.append(tag)
            out.append(f"<li>{_inline(block.lines)}")
        elif block.kind == "table":
            out.append("<table>")
            for number, cells in enumerate(block.rows):
                tag = (
                    "th"
                    if number == 0
                    and all(c.bold for cell in cells for line in cell for c in line.chars if not c.text.isspace())
                    else "td"
                )
                out.append("<tr>" + "".join(f"<{tag}>{_cell(cell)}</{tag}>" for cell in cells) + "</tr>")
            out.append("</table>")
        elif block.kind == "pre":
            out.append(f"<pre><code>{html.escape(_code(block.lines))}</code></pre>")
        else:
            out.append(f"<{block.kind}>{_inline(block.lines)}</{block.kind}>")
    while lists:
        out.append(f"</li></{lists.pop()}>")
    return out


def _inline(lines: list[Line]) -> str:
    """The lines of a block as one run of inline HTML: lines joined by a space (none after a soft hyphen or
    between CJK characters), code, bold, italic and links kept."""
    chars: list[Char] = []
    for line in lines:
        if chars:
            last, first = chars[-1], line.chars[0]
            if last.hyphen:  # a soft hyphen the typesetter added: the word goes on
                chars.pop()
            elif (
                last.text in "-‐/"
                or (_CJK.match(last.text) and _CJK.match(first.text))
                or _CJK_PUNCTUATION.match(last.text)
            ):
                pass  # a word broken after its own hyphen or slash (ids, URLs, compounds) goes on too
            elif not last.text.isspace():
                chars.append(Char(" ", last.x1, last.x1, last.y, last.size, last.bold, last.italic, last.mono))
        chars.extend(line.chars)
    for i in range(1, len(chars) - 1):
        # a space between two words of one link or one style is part of it
        if chars[i].text == " " and _style(chars[i - 1]) == _style(chars[i + 1]):
            chars[i] = Char(" ", chars[i].x0, chars[i].x1, chars[i].y, chars[i].size, *_style(chars[i - 1])[1:])
            chars[i].href = chars[i - 1].href
    out: list[str] = []
    run: list[Char] = []
    for char in chars:
        if run and _style(char) != _style(run[-1]):
            out.append(_run(run))
            run = []
        run.append(char)
    if run:
        out.append(_run(run))
    return "".join(out).strip()


def _cell(lines: list[Line]) -> str:
    trimmed = []
    for line in lines:
        chars = line.chars
        while chars and chars[0].text.isspace():
            chars = chars[1:]
        if chars:
            trimmed.append(Line(chars, line.page))
    return _inline(trimmed) if trimmed else ""


def _style(char: Char) -> tuple:
    return (char.href, char.bold, char.italic, char.mono)


def _run(run: list[Char]) -> str:
    text = "".join(c.text for c in run)
    core = text.strip()
    if not core:
        return html.escape(text)
    lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
    first = run[next(i for i, c in enumerate(run) if not c.text.isspace())]
    inner = html.escape(core)
    if first.mono:
        inner = f"<code>{inner}</code>"
    elif first.bold and first.size:
        inner = f"<strong>{inner}</strong>"
    if first.italic and not first.mono:
        inner = f"<em>{inner}</em>"
    if first.href:
        inner = f'<a href="{html.escape(first.href)}">{inner}</a>'
    return f"{html.escape(lead)}{inner}{html.escape(trail)}"


def _code(lines: list[Line]) -> str:
    """A code block's text as laid out: each character in its column, blank lines where the baselines skip."""
    # a monospaced font's advance: the least step between two characters of a line (spaces are not drawn)
    advances = [
        b.x0 - a.x0
        for line in lines
        for drawn in ([c for c in line.chars if not c.text.isspace()],)
        for a, b in zip(drawn, drawn[1:])
        if b.x0 - a.x0 > 0.2 * a.size
    ]
    width = min(advances) if advances else 0.0
    left = min(c.x0 for line in lines for c in line.chars if not c.text.isspace())
    pitches = [b.y - a.y for a, b in zip(lines, lines[1:]) if b.y > a.y]
    pitch = min(pitches) if pitches else 0.0
    out: list[str] = []
    previous: Line | None = None
    for line in lines:
        if previous is not None and pitch and line.y > previous.y:
            out.extend([""] * max(0, round((line.y - previous.y) / pitch) - 1))
        if width <= 0:
            out.append(line.text)
        else:
            cells: list[str] = []
            for c in line.chars:
                if c.text.isspace():
                    continue
                column = max(round((c.x0 - left) / width), len(cells))
                cells.extend(" " * (column - len(cells)))
                cells.append(c.text)
            out.append("".join(cells))
        previous = line
    return "\n".join(out)


# -- metadata --------------------------------------------------------------------------------------------------


def _head(meta: dict[str, str]) -> list[str]:
    out = []
    if meta.get("Title", "").strip():
        out.append(f"<title>{html.escape(meta['Title'].strip())}</title>")
    if meta.get("Author", "").strip():
        out.append(f'<meta name="author" content="{html.escape(meta["Author"].strip())}">')
    if meta.get("Subject", "").strip():
        out.append(f'<meta name="description" content="{html.escape(meta["Subject"].strip())}">')
    if meta.get("Keywords", "").strip():
        out.append(f'<meta name="keywords" content="{html.escape(meta["Keywords"].strip())}">')
    for key, prop in (("CreationDate", "article:published_time"), ("ModDate", "article:modified_time")):
        date = pdf_date(meta.get(key, ""))
        if date:
            out.append(f'<meta property="{prop}" content="{date}">')
    return out


_PDF_DATE = re.compile(r"D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+\-])?(\d{2})?'?(\d{2})?")


def pdf_date(value: str) -> str | None:
    """A PDF date (``D:20240131120000+01'00'``) as ISO 8601, or None when it is not one."""
    match = _PDF_DATE.match(value.strip())
    if not match:
        return None
    year, month, day, hour, minute, second, sign, off_h, off_m = match.groups()
    try:
        moment = datetime(int(year), int(month or 1), int(day or 1), int(hour or 0), int(minute or 0), int(second or 0))
    except ValueError:
        return None
    if sign in ("+", "-"):
        offset = timedelta(hours=int(off_h or 0), minutes=int(off_m or 0))
        moment = moment.replace(tzinfo=timezone(offset if sign == "+" else -offset))
    elif sign in ("Z", "z"):
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat()
