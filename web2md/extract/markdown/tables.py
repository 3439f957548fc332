"""Tables: what the renderer collects of a data table (its cells and caption), the test that tells a layout table
from a data table, and the layout of a data table as Markdown lines, plain-text lines and structured data."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice

from lxml import etree

from web2md.extract.html.entities import collapse_ws
from web2md.extract.html.rows import PACKED, shape
from web2md.extract.html.tags import HEADING_TAGS
from web2md.extract.markdown.emphasis import BREAK
from web2md.extract.markdown.escaping import inline_markdown

# Block-level descendants that make a table a layout table rather than data.
_LAYOUT_MARKERS = HEADING_TAGS | frozenset({"table", "pre", "blockquote", "form", "article", "section", "main", "nav"})
# Blocks that make a table a layout table unless its first row is a row of column headers (`th` cells, or a row of
# the table head): a data table's cell may hold a list or paragraphs (its cells join them by spaces), a layout
# table's cells seldom sit under headers.
_LIST_TAGS = frozenset({"ul", "ol", "dl"})


def is_layout_table(table: etree._Element) -> bool:
    """Tables used for page layout render as their cells' blocks, not as a grid."""
    if (table.get("role") or "").lower() in ("presentation", "none"):
        return True
    widest = 0
    rows = 0
    header_row = False
    blocks = False  # a list, or paragraphs side by side, in a cell
    for el in table.iterdescendants():
        tag = el.tag
        if tag in _LAYOUT_MARKERS:
            return True
        if tag == "tr":
            rows += 1
            cells = [c for c in el if c.tag in ("td", "th")]
            widest = max(widest, len(cells))
            if rows == 1:
                header_row = is_header_row(el, cells)
        elif tag == PACKED:
            packed_rows, packed_widest = shape(el)
            rows += packed_rows
            widest = max(widest, packed_widest)
        elif not blocks and (tag in _LIST_TAGS or tag == "p" and sum(1 for s in el.getparent() if s.tag == "p") > 1):
            if rows and not header_row:
                return True
            blocks = True
    return widest < 2 or rows < 1 or blocks and not header_row


def is_header_row(row: etree._Element, cells: list[etree._Element]) -> bool:
    """Whether a table row (its `cells`) is a row of column headers: two cells or more, all `th` or in the table
    head (a few wrappers deep at most, as in a table laid out with divs)."""
    if len(cells) < 2:
        return False
    if all(c.tag == "th" for c in cells):
        return True
    for ancestor in islice(row.iterancestors(), _HEAD_WRAPPERS):
        if ancestor.tag in ("thead", "table"):
            return ancestor.tag == "thead"
    return False


def is_headed(table: etree._Element) -> bool:
    """Whether the first row of `table` is a row of column headers. A look at a few elements only: the first row
    among the table's first descendants (a caption or column groups may come before it), the row's first cells."""
    row = next((el for el in islice(table.iterdescendants(), _FIRST_ELEMENTS) if el.tag == "tr"), None)
    return row is not None and is_header_row(row, [c for c in islice(row, _FIRST_CELLS) if c.tag in ("td", "th")])


_FIRST_ELEMENTS = 32
_HEAD_WRAPPERS = 3
_FIRST_CELLS = 64


@dataclass(slots=True)  # one per cell of a table: a big table has hundreds of thousands
class Cell:
    """A cell (or the caption) as the renderer collects it: its Markdown and text pieces."""

    md: list[str] = field(default_factory=list)
    tx: list[str] = field(default_factory=list)
    header: bool = False
    span: int = 1

    def close(self) -> ClosedCell:
        """The cell as the grid shows it: its Markdown, its text, whether it is a header cell, its span; a data
        cell of span 1 whose Markdown is its text (most cells) is that one string."""
        md = inline_markdown(collapse_ws("".join(self.md).replace(BREAK, " "))).replace("|", "\\|")
        tx = collapse_ws("".join(self.tx).replace(BREAK, " "))
        if md == tx and not self.header and self.span == 1:
            return tx
        return md, tx, self.header, self.span


#: A closed cell: what a row keeps of it once the walk has left it (a big table holds its cells' text, not
#: their pieces, and a plain cell as its one string, not a tuple).
ClosedCell = tuple[str, str, bool, int] | str


@dataclass
class TableState:
    """A data table being rendered: its rows so far and where the walk is in it."""

    rows: list[list[Cell | ClosedCell]] = field(default_factory=list)
    header_rows: int = 0
    caption_md: list[str] = field(default_factory=list)
    caption_tx: list[str] = field(default_factory=list)
    in_head: bool = False
    cell: Cell | None = None
    in_caption: bool = False
    # A row's content outside its cells (text or elements between them, as a row laid out with elements may hold)
    # is a cell of its own where it stands, as CSS makes an anonymous cell of it: this buffer gathers it.
    in_row: bool = False
    loose: Cell = field(default_factory=Cell)
    outer_code: int = 0  # an inline code element around the table does not make its cells code


@dataclass
class Table:
    """A data table as structured data (see docs/design.md#main-content `tables`)."""

    headers: list[str]
    rows: list[list[str]]
    caption: str


def table_blocks(state: TableState) -> tuple[list[tuple[list[str], list[str]]], Table | None]:
    """The blocks a data table is written as, each its Markdown lines and its text lines (the caption's, then the
    grid's), and the table as data (none when no row holds anything)."""
    blocks: list[tuple[list[str], list[str]]] = []
    # The grid's width first (the widest row holding anything), so that each row is written out as its line at
    # once: a big table's cells are not held twice, as the grid's Markdown and as its lines.
    width = 0
    rows = state.rows
    for row in rows:
        cells_width = 0
        filled = False
        for i, cell in enumerate(row):
            if isinstance(cell, Cell):
                cell = row[i] = cell.close()
            if isinstance(cell, str):
                cells_width += 1
                filled = filled or bool(cell)
            else:
                cells_width += max(cell[3], 1)
                filled = filled or bool(cell[0] or cell[1])
        if filled and cells_width > width:
            width = cells_width
    caption_md = inline_markdown(collapse_ws("".join(state.caption_md)))
    caption_tx = collapse_ws("".join(state.caption_tx))
    if caption_md:
        blocks.append(([caption_md], [caption_tx]))
    if not width:
        return blocks, None
    lines: list[str] = []
    grid_tx: list[list[str]] = []
    first_header = None
    # each row's cells are let go once written out
    rows, state.rows = rows[::-1], []
    while rows:
        row = rows.pop()
        cells_md: list[str] = []
        cells_tx: list[str] = []
        header = bool(row)
        for cell in row:
            if isinstance(cell, str):
                cells_md.append(cell)
                cells_tx.append(cell)
                header = False
                continue
            md, tx, is_header, span = cell
            cells_md.append(md)
            cells_tx.append(tx)
            for _ in range(span - 1):
                cells_md.append("")
                cells_tx.append("")
            header = header and is_header
        if any(cells_tx) or any(cells_md):
            cells_md.extend([""] * (width - len(cells_md)))
            cells_tx.extend([""] * (width - len(cells_tx)))
            lines.append(_tidy_row("| " + " | ".join(cells_md) + " |"))
            grid_tx.append(cells_tx)
            if first_header is None:
                first_header = header
    has_header = state.header_rows > 0 or bool(first_header)
    lines.insert(1, "|" + "|".join(["---"] * width) + "|")
    blocks.append((lines, [" | ".join(c for c in r if c) for r in grid_tx]))
    body_rows = grid_tx[1:] if has_header or len(grid_tx) > 1 else grid_tx
    headers = grid_tx[0] if has_header or len(grid_tx) > 1 else []
    return blocks, Table(headers, body_rows, caption_tx)  # the rows are this table's own lists


def _tidy_row(line: str) -> str:
    return line.replace("|  |", "| |").replace("|  |", "| |")


def table_of(el: etree._Element) -> etree._Element | None:
    """The table element a row/cell/section belongs to."""
    node = el.getparent()
    while node is not None and node.tag != "table":
        node = node.getparent()
    return node
