"""Render web2md's Markdown for a terminal with ANSI styles (``--render`` and the browser).

Bold headings coloured by level, underlined cyan links (numbered ``[N]`` in the
browser), box-drawn tables, code on a dark background and quotes with a bar.
The input is the project's own deterministic Markdown, so a small line-based
block parser and a linear inline scanner are enough; anything unrecognised is
shown as plain text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.cells import cell_len

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
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_LIST = re.compile(r"^(\s*)([-+*]|\d{1,9}[.)])\s+(.*)$")
_QUOTE = re.compile(r"^\s{0,3}>\s?(.*)$")
_RULE = re.compile(r"^\s{0,3}([-*_])(?:\s*\1){2,}\s*$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{1,}:?\s*+(\|\s*:?-{1,}:?\s*+)*\|?\s*$")  # possessive: one split of spaces
_ESCAPABLE = set("\\`*_{}[]()#+-.!|<>~=")

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
    renderer.blocks(markdown.replace("\r\n", "\n").replace("\r", "\n").split("\n"), "")
    while renderer.out and not strip_ansi(renderer.out[-1]).strip():
        renderer.out.pop()
    return Rendered(renderer.out, renderer.links)


def render_ansi(markdown: str, width: int | None = None) -> str:
    """``--render`` output: the styled text, links not numbered."""
    return render(markdown, width).text


# -- inline ---------------------------------------------------------------------


def _style(base: str, extra: str) -> str:
    return ";".join(p for p in (base, extra) if p)


_BRACKETS = re.compile(r"\\.|[][]", re.S)
_PARENS = re.compile(r"\\.|[()]", re.S)
_TICK_RUN = re.compile(r"`+")
# Markup nested deeper than this is shown as it is written (a bound on the recursion, whatever the input).
MAX_INLINE_DEPTH = 32


def _closing(text: str, pattern: re.Pattern[str]) -> dict[int, int]:
    """For each bracket of `pattern` ("[" or "("), the index of the one matching it, honouring escapes:
    one pass over the line, however many brackets stay open."""
    found: dict[int, int] = {}
    open_at: list[int] = []
    for m in pattern.finditer(text):
        c = m.group()
        if c in "[(":
            open_at.append(m.start())
        elif c in "])" and open_at:
            found[open_at.pop()] = m.start()
    return found


class _Inline:
    """Turns one line of inline Markdown into styled spans; collects link targets."""

    def __init__(self, links: list[str] | None, number_links: bool) -> None:
        self.links = links
        self.number_links = number_links

    def spans(self, text: str, style: str = "", depth: int = 0) -> list[Span]:
        out: list[Span] = []
        plain: list[str] = []
        if depth > MAX_INLINE_DEPTH:
            return [(text, style)]
        brackets: dict[int, int] | None = None  # matching brackets and parentheses, found when first needed
        parens: dict[int, int] | None = None

        def flush() -> None:
            if plain:
                out.append(("".join(plain), style))
                plain.clear()

        i, n = 0, len(text)
        while i < n:
            c = text[i]
            if c == "\\" and i + 1 < n and text[i + 1] in _ESCAPABLE:
                plain.append(text[i + 1])
                i += 2
                continue
            if c == "`":
                ticks = _TICK_RUN.match(text, i).end() - i
                fence = "`" * ticks
                end = text.find(fence, i + ticks)
                if end != -1:
                    flush()
                    code = text[i + ticks : end]
                    if code.startswith(" ") and code.endswith(" ") and code.strip():
                        code = code[1:-1]
                    out.append((code, CODE))
                    i = end + ticks
                    continue
                plain.append(fence)
                i += ticks
                continue
            if c == "*" or c == "_":
                double = text.startswith(c * 2, i)
                marker = c * 2 if double else c
                end = self._find_marker(text, i + len(marker), marker)
                if end != -1 and end > i + len(marker):
                    flush()
                    out.extend(
                        self.spans(text[i + len(marker) : end], _style(style, BOLD if double else ITALIC), depth + 1)
                    )
                    i = end + len(marker)
                    continue
                plain.append(marker)
                i += len(marker)
                continue
            if c == "[" or c == "!" and text.startswith("![", i):
                if brackets is None:
                    brackets, parens = _closing(text, _BRACKETS), _closing(text, _PARENS)
            if c == "!" and text.startswith("![", i):
                close = brackets.get(i + 1, -1)
                if close != -1 and text.startswith("(", close + 1):
                    end = parens.get(close + 1, -1)
                    if end != -1:
                        flush()
                        alt = _unescape(text[i + 2 : close])
                        out.append((f"[image: {alt}]" if alt else "[image]", _style(style, IMAGE)))
                        i = end + 1
                        continue
            if c == "[":
                close = brackets.get(i, -1)
                if close != -1 and text.startswith("(", close + 1):
                    end = parens.get(close + 1, -1)
                    if end != -1:
                        flush()
                        target = text[close + 2 : end].strip()
                        if target.startswith("<") and target.endswith(">"):
                            target = target[1:-1]
                        target = target.split(" ", 1)[0]
                        if self.links is not None:
                            self.links.append(target)
                            if self.number_links:
                                out.append((f"[{len(self.links)}]", _style(style, LINK_NUMBER)))
                        out.extend(self.spans(text[i + 1 : close], _style(style, LINK), depth + 1))
                        i = end + 1
                        continue
            plain.append(c)
            i += 1
        flush()
        return out

    @staticmethod
    def _find_marker(text: str, start: int, marker: str) -> int:
        i = start
        while True:
            j = text.find(marker, i)
            if j == -1:
                return -1
            if text[j - 1] == "\\":
                i = j + 1
                continue
            if len(marker) == 1 and text.startswith(marker * 2, j):
                # `**` inside `*...*` belongs to a nested bold span
                close = text.find(marker * 2, j + 2)
                if close != -1:
                    i = close + 2
                    continue
            return j


def _unescape(text: str) -> str:
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in _ESCAPABLE:
            out.append(text[i + 1])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


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
        self.links: list[str] = []
        self.inline = _Inline(self.links, number_links)
        self.out: list[str] = []

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

    def blocks(self, lines: list[str], quote_style: str, prefix: list[Span] | None = None) -> None:
        prefix = prefix or []
        i, n = 0, len(lines)
        while i < n:
            line = lines[i]
            if not line.strip():
                self.blank(prefix)
                i += 1
                continue
            fence = _FENCE.match(line)
            if fence:
                indent, marker, language = fence.groups()
                body: list[str] = []
                i += 1
                while i < n and not lines[i].strip().startswith(marker):
                    body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
                    i += 1
                i += 1  # the closing fence (or the end)
                self.code_block(body, language, prefix)
                continue
            if _QUOTE.match(line):
                inner = []
                while i < n and _QUOTE.match(lines[i]):
                    inner.append(_QUOTE.match(lines[i]).group(1))
                    i += 1
                bar = prefix + [("│ ", DIM)]
                self.blocks(inner, _style(quote_style, ITALIC), bar)
                continue
            heading = _HEADING.match(line)
            if heading:
                level = len(heading.group(1))
                spans = self.inline.spans(heading.group(2), _style(quote_style, HEADING[level]))
                self.emit(prefix, spans)
                i += 1
                continue
            if _RULE.match(line):
                self.out.append(_paint(prefix + [("─" * min(self.width or 40, 40), DIM)]))
                i += 1
                continue
            if (
                line.lstrip().startswith("|")
                and i + 1 < n
                and _TABLE_SEPARATOR.match(lines[i + 1])
                and "-" in lines[i + 1]
            ):
                rows = [line]
                i += 2
                while i < n and lines[i].lstrip().startswith("|"):
                    rows.append(lines[i])
                    i += 1
                self.table(rows, quote_style, prefix)
                continue
            item = _LIST.match(line)
            if item:
                indent, marker, rest = item.groups()
                bullet = "•" if marker in "-+*" else marker
                lead = prefix + [
                    (" " * len(indent), ""),
                    (bullet + " ", _style(quote_style, BOLD if bullet != "•" else "")),
                ]
                self.emit(lead, self.inline.spans(rest, quote_style))
                i += 1
                continue
            # paragraph line; a trailing backslash or two spaces is a hard break, shown as a new line anyway
            text = line.strip()
            if text.endswith("\\") and not text.endswith("\\\\"):
                text = text[:-1]
            indent = len(line) - len(line.lstrip(" "))
            lead = prefix + ([(" " * indent, "")] if indent else [])
            self.emit(lead, self.inline.spans(text, quote_style))
            i += 1

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

    def table(self, rows: list[str], quote_style: str, prefix: list[Span]) -> None:
        cells = [
            [self.inline.spans(cell.strip(), _style(quote_style, BOLD if r == 0 else "")) for cell in _split_row(row)]
            for r, row in enumerate(rows)
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
                    parts += [(" ", "")] + content + [(" " * pad + " ", ""), ("│", DIM)]
                self.out.append(_paint(parts))
            if r == 0 and len(cells) > 1:
                self.out.append(line("├", "┼", "┤"))
        self.out.append(line("└", "┴", "┘"))


def _split_row(row: str) -> list[str]:
    """The cells of a GFM table row; ``\\|`` is a literal bar."""
    text = row.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    cells, current, i = [], [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] == "|":
            current.append("\\|")
            i += 2
            continue
        if text[i] == "|":
            cells.append("".join(current))
            current = []
        else:
            current.append(text[i])
        i += 1
    cells.append("".join(current))
    return cells
