"""Render web2md's Markdown for a terminal with ANSI styles (``--render`` and the browser).

Bold headings coloured by level, underlined cyan links (numbered ``[N]`` in the
browser), box-drawn tables, code on a dark background and quotes with a bar.
The Markdown is read by `web2md.formats.mdblocks`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.cells import cell_len

from web2md.formats.mdblocks import (
    Block,
    Break,
    Code,
    CodeBlock,
    Emphasis,
    Heading,
    Image,
    Link,
    ListBlock,
    Math,
    Paragraph,
    Quote,
    Table,
    Text,
    read,
)
from web2md.formats.mdblocks import Span as MdSpan

RESET = "\x1b[0m"
HEADING = {1: "1;95", 2: "1;94", 3: "1;92", 4: "1;93", 5: "1;96", 6: "1;37"}
BOLD = "1"
ITALIC = "3"
LINK = "4;36"
LINK_NUMBER = "36"
CODE = "38;5;252;48;5;236"
DIM = "90"
IMAGE = "35"

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

Span = tuple[str, str]  # (text, SGR parameters; "" = plain)


def strip_ansi(text: str) -> str:
    """``text`` without ANSI escape sequences (what the screen shows)."""
    return _ANSI.sub("", text)


@dataclass
class Rendered:
    """Styled lines plus the link targets in the order they were numbered (``links[0]`` is ``[1]``)."""

    lines: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def render(markdown: str, width: int | None = None, number_links: bool = False) -> Rendered:
    """Render ``markdown`` for a terminal; wrap to ``width`` columns when given; ``[N]`` before links if asked."""
    renderer = _Renderer(width, number_links)
    renderer.blocks(read(markdown), "", [])
    while renderer.out and not strip_ansi(renderer.out[-1]).strip():
        renderer.out.pop()
    return Rendered(renderer.out, renderer.links)


def render_ansi(markdown: str, width: int | None = None) -> str:
    """``--render`` output: the styled text, links not numbered."""
    return render(markdown, width).text


# -- inline ---------------------------------------------------------------------


def _style(base: str, extra: str) -> str:
    return ";".join(p for p in (base, extra) if p)


def _paint(spans: list[Span]) -> str:
    parts = []
    for text, style in spans:
        if not text:
            continue
        parts.append(f"\x1b[{style}m{text}{RESET}" if style else text)
    return "".join(parts)


def _spans_width(spans: list[Span]) -> int:
    return sum(cell_len(t) for t, _ in spans)


def _wrap(spans: list[Span], width: int | None) -> list[list[Span]]:
    """Word-wrap styled spans to ``width`` cells (no wrapping when width is None or too small)."""
    if width is None or width < 10 or _spans_width(spans) <= width:
        return [spans]
    # split into words that keep their style, with the spaces as separate tokens
    tokens: list[Span] = []
    for text, style in spans:
        for piece in re.split(r"( +)", text):
            if piece:
                tokens.append((piece, style))
    lines: list[list[Span]] = [[]]
    used = 0
    for text, style in tokens:
        w = cell_len(text)
        if text.startswith(" "):
            if used == 0:
                continue
            if used + w > width:
                lines.append([])
                used = 0
                continue
        elif used + w > width and used > 0:
            while lines[-1] and lines[-1][-1][0].isspace():
                lines[-1].pop()
            lines.append([])
            used = 0
        while w > width:  # a word longer than the line: hard break
            cut, cells = 0, 0
            while cut < len(text) and cells + cell_len(text[cut]) <= width - used:
                cells += cell_len(text[cut])
                cut += 1
            cut = max(cut, 1)
            lines[-1].append((text[:cut], style))
            lines.append([])
            used = 0
            text = text[cut:]
            w = cell_len(text)
        if text:
            lines[-1].append((text, style))
            used += w
    return [line for line in lines if line] or [[]]


# -- blocks ---------------------------------------------------------------------


class _Renderer:
    def __init__(self, width: int | None, number_links: bool) -> None:
        self.width = width
        self.number_links = number_links
        self.links: list[str] = []
        self.out: list[str] = []

    def styled(self, spans: list[MdSpan], style: str) -> list[Span]:
        """Inline spans as styled text (a line break as a space); link targets collected, numbered if asked."""
        out: list[Span] = []
        for span in spans:
            if isinstance(span, Text):
                out.append((span.text, style))
            elif isinstance(span, Code):
                out.append((span.text, CODE))
            elif isinstance(span, Emphasis):
                out.extend(self.styled(span.children, _style(style, BOLD if span.strong else ITALIC)))
            elif isinstance(span, Link):
                self.links.append(span.href)
                if self.number_links:
                    out.append((f"[{len(self.links)}]", _style(style, LINK_NUMBER)))
                out.extend(self.styled(span.children, _style(style, LINK)))
            elif isinstance(span, Image):
                out.append((f"[image: {span.alt}]" if span.alt else "[image]", _style(style, IMAGE)))
            elif isinstance(span, Math):
                delimiter = "$$" if span.display else "$"
                out.append((f"{delimiter}{span.tex}{delimiter}", style))
            else:
                out.append((" ", style))
        return out

    def emit(
        self, prefix: list[Span], spans: list[Span], style: str = "", continuation: list[Span] | None = None
    ) -> None:
        """Wrap ``spans`` after ``prefix`` (later lines get ``continuation``, default blanks of the same width)."""
        if continuation is None:
            continuation = [(" " * _spans_width(prefix), "")] if prefix else []
        room = None if self.width is None else max(self.width - _spans_width(prefix), 10)
        for n, line in enumerate(_wrap(spans, room)):
            self.out.append(_paint((prefix if n == 0 else continuation) + line))

    def blank(self, prefix: list[Span]) -> None:
        """One separating line (inside a quote: the bar alone); never two in a row, none at the top."""
        bar = _paint([(t.rstrip(), s) for t, s in prefix])
        if self.out and self.out[-1] != bar:
            self.out.append(bar)

    def blocks(self, blocks: list[Block], quote_style: str, prefix: list[Span], tight: bool = False) -> None:
        """Blocks after ``prefix``, a blank line between them unless they sit in a tight list item."""
        for n, block in enumerate(blocks):
            if n and not tight:
                self.blank(prefix)
            if isinstance(block, Paragraph):
                # each line of the paragraph (a line break, hard or soft) on a line of its own
                line: list[MdSpan] = []
                for span in block.spans:
                    if isinstance(span, Break):
                        self.emit(prefix, self.styled(line, quote_style))
                        line = []
                    else:
                        line.append(span)
                self.emit(prefix, self.styled(line, quote_style))
            elif isinstance(block, Heading):
                self.emit(prefix, self.styled(block.spans, _style(quote_style, HEADING[block.level])))
            elif isinstance(block, CodeBlock):
                self.code_block(block.text.split("\n") if block.text else [], block.language, prefix)
            elif isinstance(block, ListBlock):
                self.list_block(block, quote_style, prefix)
            elif isinstance(block, Quote):
                self.blocks(block.blocks, _style(quote_style, ITALIC), prefix + [("│ ", DIM)])
            elif isinstance(block, Table):
                self.table(block, quote_style, prefix)
            else:
                self.out.append(_paint(prefix + [("─" * min(self.width or 40, 40), DIM)]))

    def list_block(self, block: ListBlock, quote_style: str, prefix: list[Span]) -> None:
        """Each item's blocks indented by its marker's width, the marker on the first line."""
        for n, item in enumerate(block.items):
            if n and not block.tight:
                self.blank(prefix)
            bullet = item.marker if block.ordered else "•"
            lead = _paint(prefix + [(bullet + " ", _style(quote_style, BOLD if block.ordered else ""))])
            indent = prefix + [(" " * (len(item.marker) + 1), "")]
            first = len(self.out)
            self.blocks(item.blocks, quote_style, indent, block.tight)
            if len(self.out) == first:  # an empty item
                self.out.append(lead)
            else:  # the item's first line starts with the blanks of `indent`: the marker takes their place
                self.out[first] = lead + self.out[first][len(_paint(indent)) :]

    def code_block(self, body: list[str], language: str, prefix: list[Span]) -> None:
        widest = max((cell_len(line.expandtabs(4)) for line in body), default=0)
        if language:
            widest = max(widest, cell_len(language) + 1)
        if self.width is not None:
            widest = min(widest, max(self.width - _spans_width(prefix) - 2, 10))
        if language:
            self.out.append(_paint(prefix + [(" " + language.rjust(widest) + " ", _style("2", CODE))]))
        for raw in body or [""]:
            text = raw.expandtabs(4)
            pieces = [text]
            if self.width is not None and cell_len(text) > widest:
                pieces = [text[k : k + widest] for k in range(0, len(text), widest)]
            for piece in pieces:
                pad = " " * max(widest - cell_len(piece), 0)
                self.out.append(_paint(prefix + [(" " + piece + pad + " ", CODE)]))

    def table(self, table: Table, quote_style: str, prefix: list[Span]) -> None:
        cells = [
            [self.styled(cell, _style(quote_style, BOLD if r == 0 else "")) for cell in row]
            for r, row in enumerate([table.head, *table.rows])
        ]
        columns = max(len(row) for row in cells)
        for row in cells:
            row.extend([] for _ in range(columns - len(row)))
        widths = [max(_spans_width(row[c]) for row in cells) for c in range(columns)]
        if self.width is not None:
            budget = self.width - _spans_width(prefix) - (3 * columns + 1)
            while sum(widths) > budget and max(widths) > 8:
                widths[widths.index(max(widths))] -= 1
        line = lambda left, mid, right: _paint(prefix + [(left + mid.join("─" * (w + 2) for w in widths) + right, DIM)])  # noqa: E731
        self.out.append(line("┌", "┬", "┐"))
        for r, row in enumerate(cells):
            wrapped = [
                _wrap(cell, widths[c]) if _spans_width(cell) > widths[c] else [cell] for c, cell in enumerate(row)
            ]
            height = max(len(w) for w in wrapped)
            for k in range(height):
                parts: list[Span] = list(prefix) + [("│", DIM)]
                for c, cell_lines in enumerate(wrapped):
                    content = cell_lines[k] if k < len(cell_lines) else []
                    pad = widths[c] - _spans_width(content)
                    align = table.aligns[c] if c < len(table.aligns) else ""
                    before = pad if align == "right" else pad // 2 if align == "center" else 0
                    parts += [(" " * (1 + before), "")] + content + [(" " * (pad - before) + " ", ""), ("│", DIM)]
                self.out.append(_paint(parts))
            if r == 0 and len(cells) > 1:
                self.out.append(line("├", "┼", "┤"))
        self.out.append(line("└", "┴", "┘"))
