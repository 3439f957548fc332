"""Runs of plain table rows packed into one element while a big page is parsed, and unpacked where they are read.

A row of a big table takes ten libxml2 nodes; packed, a run of up to `RUN` rows is one `PACKED` element whose
text is the rows' text as it was (what `itertext` and `text_content` read of the page stays the same) and whose
`SHAPE` attribute tells where each row and cell starts in it. A row is plain when it, its cells (`td`, `th`) and
nothing else are there, without attributes, the cells holding text only, with nothing but whitespace between
them, each cell's text too short to be content; the first row after anything else than a row stays as it is (a
table's first row tells header rows).
The measuring walk counts a packed run as its cells (`cell_text`), the renderer unpacks it while it passes
(`unpack`, `repack`), the layout-table test reads its shape (`shape`).
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

PACKED = "web2md-rows"
SHAPE = "data-web2md-shape"
CELL_TEXT = "data-web2md-cell-text"  # the characters of the cells' text, each stripped (what the measuring walk counts)
RUN = 1000  # rows per packed element: unpacked at once by the renderer
#: The longest cell text (stripped) a packed row holds: shorter than the shortest block main-content selection
#: counts as content (`maincontent.analysis.RECALL_MIN_UNIT`), so that no row or cell packed could be chosen as the
#: page's content.
MAX_CELL = 16
_CELLS = frozenset(("td", "th"))


def _read(row: etree._Element) -> tuple[list[str], list[str], int] | None:
    """The texts, the shape and the cell text of `row` (ended, but for its tail) if it is plain, else None."""
    text = row.text or ""
    if row.keys() or text and not text.isspace():
        return None
    texts = [text]
    shape = ["r" + str(len(text))]
    cell_text = 0
    for cell in row:
        tag = cell.tag
        if tag not in _CELLS or len(cell) or cell.keys():
            return None
        text, tail = cell.text or "", cell.tail or ""
        n = len(text.strip()) if text else 0
        if tail and not tail.isspace() or n > MAX_CELL:
            return None
        cell_text += n
        texts.append(text)
        texts.append(tail)
        shape.append(("h" if tag == "th" else "d") + str(len(text)) + "." + str(len(tail)))
    return (texts, shape, cell_text) if len(shape) > 1 else None


class RowPacker:
    """Packs the rows a pull parser reports ended (`add`), once what follows each is parsed (`finish` at the end)."""

    def __init__(self) -> None:
        # consecutive plain rows with their texts and shapes, the last one's tail perhaps not all parsed
        self.run: list[tuple[etree._Element, list[str], list[str], int]] = []

    def add(self, row: etree._Element) -> None:
        run = self.run
        previous = row.getprevious()
        if run and previous is run[-1][0] and not (previous.tail and not previous.tail.isspace()):
            if len(run) > RUN:
                self.pack(run[:RUN])
                del run[:RUN]
        else:
            self.finish()  # (a later element is parsed: the run's last tail is whole)
            if previous is None or previous.tag not in ("tr", PACKED):
                return
        read = _read(row)
        if read is not None:
            run.append((row, *read))
        else:
            self.finish()

    def finish(self) -> None:
        if len(self.run) > 1:
            self.pack(self.run)
        self.run.clear()

    @staticmethod
    def pack(rows: list[tuple[etree._Element, list[str], list[str], int]]) -> None:
        texts: list[str] = []
        shape: list[str] = []
        cell_text = 0
        last = rows[-1][0]
        for row, row_texts, row_shape, row_cell_text in rows:
            cell_text += row_cell_text
            tail = row.tail or "" if row is not last else ""
            texts += row_texts
            texts.append(tail)
            shape += row_shape
            shape.append("t" + str(len(tail)))
        packed = etree.Element(PACKED)
        try:
            packed.text = "".join(texts) or None
        except ValueError:  # a character lxml takes from libxml2 but not from Python: the rows stay
            return
        packed.set(SHAPE, " ".join(shape))
        packed.set(CELL_TEXT, str(cell_text))
        packed.tail = last.tail
        first = rows[0][0]
        parent = first.getparent()
        first.addprevious(packed)
        for row, *_ in rows:
            parent.remove(row)  # with its tail


def _rows(el: etree._Element) -> Iterator[tuple[str, list[tuple[str, str, str]], str]]:
    """Each packed row of `el`: its text, its cells (tag, text, tail) and its tail."""
    text = el.text or ""
    at = 0
    row_text = ""
    cells: list[tuple[str, str, str]] = []
    for token in el.get(SHAPE, "").split():
        kind = token[0]
        if kind == "r":
            n = int(token[1:])
            row_text, at, cells = text[at : at + n], at + n, []
        elif kind == "t":
            n = int(token[1:])
            yield row_text, cells, text[at : at + n]
            at += n
        else:
            n, _, m = token[1:].partition(".")
            end = at + int(n)
            cells.append(("th" if kind == "h" else "td", text[at:end], text[end : end + int(m)]))
            at = end + int(m)


def cell_text(el: etree._Element) -> int:
    """The characters of the text of the cells packed in `el`, each stripped: no content text (`MAX_CELL`)."""
    return int(el.get(CELL_TEXT, "0"))


def shape(el: etree._Element) -> tuple[int, int]:
    """How many rows `el` packs, and the most cells a row of them has."""
    rows = widest = 0
    for row in el.get(SHAPE, "").split("r")[1:]:
        rows += 1
        widest = max(widest, row.count("."))
    return rows, widest


def unpack(el: etree._Element) -> None:
    """Put the rows packed in `el` back as its children (its text stays: whoever unpacks reads the rows)."""
    for row_text, cells, tail in _rows(el):
        row = etree.SubElement(el, "tr")
        row.text = row_text or None
        row.tail = tail or None
        for tag, text, cell_tail in cells:
            cell = etree.SubElement(row, tag)
            cell.text = text or None
            cell.tail = cell_tail or None


def repack(el: etree._Element) -> None:
    """Let go of the rows `unpack` put back."""
    del el[:]
