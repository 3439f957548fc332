"""web2md's Markdown read back into typed blocks and inline spans, for the writers that show it in another form
(the HTML document, the terminal). The reading is markdown-it-py's CommonMark with pipe tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # markdown-it is imported when Markdown is first read: a fetch in another format never needs it
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline
    from markdown_it.token import Token

__all__ = [
    "Block",
    "Break",
    "Code",
    "CodeBlock",
    "Emphasis",
    "Heading",
    "Image",
    "Item",
    "Link",
    "ListBlock",
    "Math",
    "Paragraph",
    "Quote",
    "Rule",
    "Span",
    "Table",
    "Text",
    "read",
]

# Nesting deeper than this (containers, or brackets inside brackets) is not read as structure: markdown-it
# recurses once per level, so the bound keeps any input within Python's recursion limit.
MAX_NESTING = 100


@cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "maxNesting": MAX_NESTING}).enable("table")
    # web2md never writes reference definitions, setext headings or indented code; without these rules a line
    # of text cannot turn into one by accident.
    md.disable(["reference", "lheading", "code"])
    # Destinations are kept as written (no percent-encoding, no scheme check): each writer decides what to show.
    md.normalizeLink = lambda url: url  # type: ignore[method-assign]
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    md.inline.ruler.after("backticks", "math", _math)
    return md


def _math(state: StateInline, silent: bool) -> bool:
    """A formula as the renderer writes one: ``$tex$``, or ``$$tex$$`` for a displayed one (a paragraph of its
    own). Its TeX is kept as written. As in Markdown readers that know math, the TeX neither starts nor ends
    with a space and a closing ``$`` is not followed by a digit, so that prices ("$5 and $10") stay text."""
    src, pos = state.src, state.pos
    if src[pos] != "$":
        return False
    delimiter = "$$" if src.startswith("$$", pos) else "$"
    start = pos + len(delimiter)
    end = src.find(delimiter, start)
    if end == -1 or end == start or src[start].isspace() or src[end - 1].isspace():
        return False
    if delimiter == "$" and src[end + 1 : end + 2].isdigit():
        return False
    if not silent:
        token = state.push("math", "", 0)
        token.content = src[start:end]
        token.markup = delimiter
    state.pos = end + len(delimiter)
    return True


# -- inline spans ---------------------------------------------------------------------------------------------


@dataclass
class Text:
    text: str


@dataclass
class Code:
    text: str


@dataclass
class Emphasis:
    strong: bool
    children: list[Span] = field(default_factory=list)


@dataclass
class Link:
    href: str
    children: list[Span] = field(default_factory=list)


@dataclass
class Image:
    src: str
    alt: str


@dataclass
class Math:
    """A formula's TeX, inline (``$...$``) or displayed (``$$...$$``)."""

    tex: str
    display: bool


@dataclass
class Break:
    """A line break inside a paragraph: hard (a backslash at the line's end) or soft."""

    hard: bool


Span = Text | Code | Emphasis | Link | Image | Math | Break


# -- blocks ---------------------------------------------------------------------------------------------------


@dataclass
class Heading:
    level: int
    spans: list[Span]


@dataclass
class Paragraph:
    spans: list[Span]


@dataclass
class CodeBlock:
    language: str  # the first word of the fence's info string
    text: str  # without the final newline


@dataclass
class Rule:
    pass


@dataclass
class Quote:
    blocks: list[Block] = field(default_factory=list)


@dataclass
class Item:
    marker: str  # as written: "-", "3."
    blocks: list[Block] = field(default_factory=list)


@dataclass
class ListBlock:
    ordered: bool
    start: int
    tight: bool = True  # no blank line between its items or their blocks: the items' paragraphs are bare text
    items: list[Item] = field(default_factory=list)


@dataclass
class Table:
    aligns: list[str]  # per column: "", "left", "center" or "right"
    head: list[list[Span]]
    rows: list[list[list[Span]]]


Block = Heading | Paragraph | CodeBlock | Rule | Quote | ListBlock | Table


def read(markdown: str) -> list[Block]:
    """The blocks of `markdown`, containers holding theirs; one pass over markdown-it's token stream."""
    tokens = _parser().parse(markdown)
    top: list[Block] = []
    into = [top]  # where the next block goes: the innermost open container's blocks
    lists: list[ListBlock] = []
    i, n = 0, len(tokens)
    while i < n:
        t = tokens[i]
        kind = t.type
        if kind == "paragraph_open":
            into[-1].append(Paragraph(_spans(tokens[i + 1])))
            if t.hidden is False and lists and into[-1] is lists[-1].items[-1].blocks:
                lists[-1].tight = False
            i += 3
            continue
        if kind == "heading_open":
            into[-1].append(Heading(int(t.tag[1:]), _spans(tokens[i + 1])))
            i += 3
            continue
        if kind == "fence":
            text = t.content[:-1] if t.content.endswith("\n") else t.content
            into[-1].append(CodeBlock(t.info.split()[0] if t.info.strip() else "", text))
        elif kind == "hr":
            into[-1].append(Rule())
        elif kind == "blockquote_open":
            quote = Quote()
            into[-1].append(quote)
            into.append(quote.blocks)
        elif kind == "bullet_list_open" or kind == "ordered_list_open":
            start = t.attrGet("start")
            block = ListBlock(kind == "ordered_list_open", int(start) if start is not None else 1)
            into[-1].append(block)
            lists.append(block)
        elif kind == "list_item_open":
            item = Item(t.info + t.markup)
            lists[-1].items.append(item)
            into.append(item.blocks)
        elif kind == "blockquote_close" or kind == "list_item_close":
            into.pop()
        elif kind == "bullet_list_close" or kind == "ordered_list_close":
            lists.pop()
        elif kind == "table_open":
            table, i = _table(tokens, i)
            into[-1].append(table)
        i += 1
    return top


def _table(tokens: list[Token], i: int) -> tuple[Table, int]:
    """The table opening at tokens[i], and the index of its closing token."""
    aligns: list[str] = []
    rows: list[list[list[Span]]] = []
    while tokens[i].type != "table_close":
        t = tokens[i]
        if t.type == "tr_open":
            rows.append([])
        elif t.type == "th_open":
            style = t.attrGet("style")
            aligns.append(str(style).removeprefix("text-align:") if style else "")
        elif t.type == "inline":
            rows[-1].append(_spans(t))
        i += 1
    return Table(aligns, rows[0], rows[1:]), i


def _spans(inline: Token) -> list[Span]:
    """The spans of an inline token, nested as its open/close children are (emphasis and links nested deeper
    than MAX_NESTING are left out, their text kept: markdown-it does not bound the depth of emphasis)."""
    top: list[Span] = []
    into = [top]
    unopened = 0  # open/close pairs past the depth bound, still open
    for t in inline.children or ():
        kind = t.type
        if unopened and t.nesting or t.nesting == 1 and len(into) > MAX_NESTING:
            unopened += t.nesting
            continue
        if kind == "text":
            into[-1].append(Text(t.content))
        elif kind == "code_inline":
            into[-1].append(Code(t.content))
        elif kind == "math":
            into[-1].append(Math(t.content, t.markup == "$$"))
        elif kind == "softbreak" or kind == "hardbreak":
            into[-1].append(Break(kind == "hardbreak"))
        elif kind == "em_open" or kind == "strong_open":
            span = Emphasis(kind == "strong_open")
            into[-1].append(span)
            into.append(span.children)
        elif kind == "link_open":
            link = Link(str(t.attrGet("href") or ""))
            into[-1].append(link)
            into.append(link.children)
        elif kind == "em_close" or kind == "strong_close" or kind == "link_close":
            into.pop()
        elif kind == "image":
            into[-1].append(Image(str(t.attrGet("src") or ""), plain_text(t.children or [])))
    return top


def plain_text(tokens: list[Token]) -> str:
    """The text of inline tokens without their markup (an image's alt text)."""
    out: list[str] = []
    for t in tokens:
        if t.type == "text" or t.type == "code_inline":
            out.append(t.content)
        elif t.type == "math":
            out.append(t.markup + t.content + t.markup)
        elif t.type == "image":
            out.append(plain_text(t.children or []))
        elif t.type == "softbreak" or t.type == "hardbreak":
            out.append("\n")
    return "".join(out)
