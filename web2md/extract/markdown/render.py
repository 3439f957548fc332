"""The Markdown renderer: one iterative walk over an lxml tree, producing Markdown and plain text.

The walk is driven by lxml's ``iterwalk`` (start/end events, no recursion, so
100k nested elements are fine). Inline content collects into a buffer of
pieces; block elements flush the buffer into finished blocks, which carry the
prefixes of the containers (list items, blockquotes) they sit in. Every piece
of text is added twice: escaped for Markdown, raw for plain text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar
from unicodedata import is_normalized

from lxml import etree

from web2md.extract.exact import str_lower
from web2md.extract.html.entities import collapse_ws, normalise_chars, subtree_text, unprintable_needs_mapping
from web2md.extract.html.parse import parse_html
from web2md.extract.html.rows import PACKED, repack, unpack
from web2md.extract.html.tags import (
    BLOCK_TAGS,
    BOLD_TAGS,
    CODE_SPAN_TAGS,
    HEADING_LEVELS,
    HEADING_TAGS,
    ITALIC_TAGS,
    SKIP_TAGS,
)
from web2md.extract.html.urls import Resolver, markdown_url, strip_fragment
from web2md.extract.markdown.emphasis import (
    BOLD_CLOSE,
    BOLD_OPEN,
    BREAK,
    ITALIC_CLOSE,
    ITALIC_OPEN,
    single_tick_spans_meet,
)
from web2md.extract.markdown.escaping import (
    escape_closing_hashes,
    escape_line_start,
    escape_markdown,
    escape_text,
    inline_markdown,
)
from web2md.extract.markdown.mathml import is_display, linear_text, tex_of, visual_copies
from web2md.extract.markdown.references import CONTINUES_REF, escape_split_reference
from web2md.extract.markdown.tables import Cell, Table, TableState, is_layout_table, table_blocks, table_of

# Beyond this depth of nested inline formatting, markers are not added: keeps the
# per-element re-joining of the buffer linear on hostile input. Only the open inline
# elements below this depth can carry markup, so only they are visited at a block end.
MAX_INLINE_DEPTH = 24

# Elements that act on the output even when they hold nothing (block boundaries, breaks, rules, lists,
# tables). An empty element of any other tag (no children, no text) renders nothing whether it is skipped
# or not, so the renderer does not ask the skip predicate about it (images count when they are rendered).
ACTS_WHEN_EMPTY = (
    BLOCK_TAGS
    | HEADING_TAGS
    | frozenset(
        {
            "br",
            "hr",
            "pre",
            "listing",
            "xmp",
            "ul",
            "ol",
            "menu",
            "li",
            "blockquote",
            "table",
            "thead",
            "tbody",
            "tfoot",
            "tr",
            "td",
            "th",
            "caption",
        }
    )
)

# What stays of a line of links whose links were left out ("« Previous | Next »", "Share: Facebook · X"): a line of
# these alone (their Markdown escapes aside), in a block where something was left out, is no line of the page's text
SEPARATORS = frozenset(" |/\u00b7\u2022\u00ab\u00bb\u2039\u203a\u2013\u2014\u2190\u2192")


def separators_alone(md_line: str, separators: frozenset[str] | None) -> bool:
    """Whether a rendered line is `separators` alone (its Markdown escapes aside); never when `separators` is None."""
    return separators is not None and separators.issuperset(md_line.replace("\\", ""))


SUBTREE = 2  # a start handler's answer: it rendered the element and everything in it
_LANG_CLASS = re.compile(r"(?:^|\s)(?:language|lang|highlight-source|highlight)-([A-Za-z0-9_+#.-]+)")


def code_language(el: etree._Element) -> str:
    """The language named by `class="language-x"` / `lang-x` on a pre or its code child."""
    candidates = [el]
    for child in el:
        if child.tag == "code":
            candidates.append(child)
            break
    for node in candidates:
        cls = node.get("class")
        if cls:
            m = _LANG_CLASS.search(cls)
            if m:
                return str_lower(m.group(1))
        lang = node.get("data-lang") or node.get("data-language")
        if lang and lang.replace("-", "").replace("+", "").isalnum():
            return str_lower(lang)
    return ""


def is_hidden(el: etree._Element) -> bool:
    """Hidden by its own markup: the `hidden` attribute or an inline display:none / visibility:hidden
    (CSS is case-insensitive: `DISPLAY: NONE` hides too)."""
    if el.get("hidden") is not None:
        return True
    style = el.get("style")
    if not style:
        return False
    style = str_lower(style)
    if "none" in style or "hidden" in style:
        compact = style.replace(" ", "")
        return "display:none" in compact or "visibility:hidden" in compact
    return False


def is_pixel(img: etree._Element) -> bool:
    """A tracking pixel: an image at most one pixel wide and high."""
    sizes = [(img.get(attr) or "").strip().removesuffix("px") for attr in ("width", "height")]
    return all(size.isdigit() and int(size) <= 1 for size in sizes)


@dataclass
class Container:
    """A list item or a blockquote: the prefix it puts in front of the lines of its blocks."""

    kind: str  # "item" or "quote"
    marker: str = ""
    pending: bool = True  # the item's marker has not been written yet
    first: bool = False  # no earlier item of its list was written

    def first_prefix(self) -> str:
        if self.kind == "quote":
            return "> "
        if self.pending:
            return self.marker
        return " " * len(self.marker)

    def rest_prefix(self) -> str:
        return "> " if self.kind == "quote" else " " * len(self.marker)


@dataclass
class ListState:
    ordered: bool
    counter: int = 1
    items: int = 0  # items written so far
    # the other marker ("* ", "1) "): the list follows one of its kind that Markdown would otherwise read it into
    other: bool = False
    depth: int = 0  # the containers around the list: a block written with no more is in no item of it

    def under_last_item(self) -> Container:
        """A container putting a block under the list's last item written (a list or text right inside the list)."""
        return Container("item", " " * (len(f"{self.counter - 1}. ") if self.ordered else 2), pending=False)


@dataclass
class Inline:
    """An open inline element whose content gets wrapped on close."""

    kind: str  # "bold", "italic", "code", "link", "plain"
    start: int
    tx_start: int
    href: str | None = None
    headline: etree._Element | None = None  # a link's heading, after which its blocks are not linked again


@dataclass
class Rendered:
    markdown: str
    text: str
    tables: list[Table]
    headings: list[tuple[int, str]]


class Renderer:
    """Render one or more subtrees of a document to Markdown and plain text."""

    def __init__(
        self,
        base_url: str = "",
        page_url: str = "",
        include_images: bool = False,
        skip: Callable[[etree._Element], bool] | None = None,
        resolve: Resolver | None = None,
        skip_tags: frozenset[str] = SKIP_TAGS,
    ) -> None:
        self.resolve = resolve or Resolver(base_url)
        self.skip_tags = skip_tags  # never rendered (SCRIPTLESS_SKIP_TAGS for a page read without scripts)
        self.page = strip_fragment(page_url)
        self.include_images = include_images
        self.skip = skip
        self.acts_when_empty = ACTS_WHEN_EMPTY | {"img"} if include_images else ACTS_WHEN_EMPTY
        self.out_md: list[str] = []
        self.out_tx: list[str] = []
        self.md: list[str] = []
        self.tx: list[str] = []
        self.containers: list[Container] = []
        self.prev_stack: tuple[Container, ...] = ()  # the objects, not ids: a freed container's id can be reused
        self.prev_in_list = False
        self.lists: list[ListState | None] = []
        self.inlines: list[Inline] = []
        # the markup written last: its kind, its piece, its content, where its text starts
        self.last_markup: tuple[str, str, str, int] | None = None
        self.bold = 0
        self.italic = 0
        self.code = 0
        self.links = 0
        self.pre = 0
        self.pre_el: etree._Element | None = None
        self.heading = 0
        self.tables: list[TableState] = []
        self.table_els: list[etree._Element] = []
        self.data_tables: list[Table] = []
        self.headings: list[tuple[int, str]] = []
        self.in_noscript_markup = False
        # The buffer may hold whitespace other than the space (a formula's TeX, preformatted text): every other
        # piece has its whitespace collapsed to spaces when it is added, and a flush only trims and joins spaces.
        self.odd_space = False
        self.left_out = False  # whether an element of the block being buffered was left out (skipped, hidden)

    # -- public -------------------------------------------------------------
    def render(self, roots: Iterable[etree._Element]) -> Rendered:
        for root in roots:
            self.walk(root)
            self.flush()
        md = self.out_md
        # a rule before everything or after everything separates nothing (what it separated was left out)
        while md and md[0] == "---":
            del md[:2]
        while md and md[-1] == "---":
            del md[-2:]
        return Rendered("\n".join(md), "\n".join(self.out_tx), self.data_tables, self.headings)

    def walk(self, root: etree._Element) -> None:
        walker = etree.iterwalk(root, events=("start", "end", "comment"))
        # (typed: compiled, each event is read as a tuple, where an untyped one is unpacked through an iterator)
        events: Iterator[tuple[str, etree._Element]] = walker
        # the tag of each open element, None for one whose subtree is skipped (its end event still comes)
        open_tags: list[str | None] = []
        push, pop = open_tags.append, open_tags.pop
        start_handlers = self.START
        end_handlers = self.END
        skip = self.skip
        skip_tags = self.skip_tags
        acts_when_empty = self.acts_when_empty
        add_text = self.text
        for event, el in events:
            if event == "start":
                tag = el.tag
                keys = el.keys()  # one call for the names, where `el.get` parses each name it is given
                if (
                    tag in skip_tags
                    or not isinstance(tag, str)
                    or keys
                    and ("style" in keys or "hidden" in keys)
                    and is_hidden(el)
                    and self.hidden_formulas(el)
                    or skip is not None
                    and (tag in acts_when_empty or len(el) or el.text)
                    and skip(el)
                ):
                    walker.skip_subtree()
                    push(None)
                    self.left_out = True
                    continue
                push(tag)
                handler = start_handlers.get(tag)
                if handler is not None:
                    done = handler(self, el)
                    if done:  # the handler rendered the element's own text, or its whole subtree
                        if done is SUBTREE:
                            walker.skip_subtree()
                        continue
                elif tag in BLOCK_TAGS and (self.md or self.tables):  # else the boundary would change nothing
                    self.block_boundary()
                text = el.text  # read once: lxml builds a new string at every read
                if text:
                    add_text(text)
            elif event == "end":
                tag = pop()
                if tag is not None:
                    handler = end_handlers.get(tag)
                    if handler is not None:
                        handler(self, el)
                    elif tag in BLOCK_TAGS and (self.md or self.tables):
                        self.block_boundary()
                if el is not root:
                    tail = el.tail
                    if tail:
                        add_text(tail)
            elif el is not root:  # a comment: only its tail is text
                tail = el.tail
                if tail:
                    add_text(tail)

    # -- text -------------------------------------------------------------------
    def text(self, raw: str) -> None:
        if not raw.strip(" \t\n\r\f\v") and not self.pre:
            # whitespace between tags, the most frequent text: one space (these characters stay whitespace
            # through normalise_chars, so there is nothing to normalise)
            self.md.append(" ")
            self.tx.append(" ")
            return
        # whether normalise_chars would change it, tested inline: this is the hottest text path. Every character
        # it maps but U+FFFD is unprintable, so in printable text (most text) only the composition can change.
        printable = raw.isprintable() and "\ufffd" not in raw
        if not printable and unprintable_needs_mapping(raw) or not raw.isascii() and not is_normalized("NFC", raw):
            raw = normalise_chars(raw)
            printable = raw.isprintable()
        if self.pre:
            self.md.append(raw)
            self.tx.append(raw)
            self.odd_space = True
            return
        if raw.isspace():  # other whitespace (no-break spaces, ...): one space too
            self.md.append(" ")
            self.tx.append(" ")
            return
        # collapse here so that pieces stay small; joins are re-collapsed at flush
        if printable and "  " not in raw:
            # the space is the only printable whitespace: single spaces only, nothing to collapse (most text)
            collapsed = raw
        else:
            collapsed = " ".join(raw.split())
            if collapsed:
                if raw[0].isspace():
                    collapsed = " " + collapsed
                if raw[-1].isspace():
                    collapsed += " "
        if not collapsed:
            return  # empty (normalising removed every character)
        if self.code:
            self.md.append(collapsed)
        else:
            md = self.md
            if md and collapsed[0] in CONTINUES_REF and "&" in md[-1]:
                md[-1] = escape_split_reference(md[-1], collapsed)
            md.append(escape_text(collapsed))
        self.tx.append(collapsed)

    # -- blocks -----------------------------------------------------------------
    def block_boundary(self) -> None:
        if self.tables and self.tables[-1].cell is not None:
            self.md.append(" ")
            self.tx.append(" ")
        elif self.pre:
            if self.md and not self.md[-1].endswith("\n"):
                self.md.append("\n")
                self.tx.append("\n")
                self.odd_space = True
        else:
            self.flush()

    def flush(self) -> None:
        """Turn the inline buffer into paragraph blocks (a <br><br> run splits paragraphs)."""
        if not self.md:
            self.left_out = False  # (what was left out ended with the block before)
            return
        if self.inlines:  # a block ends inside inline elements: close their markup here, reopen it in the next block
            self._close_open_inlines()
        md = "".join(self.md)
        spaces_only = None if self.odd_space else True  # (the placeholders make it unprintable, not whitespace)
        self.odd_space = False
        separators = SEPARATORS if self.left_out and not self.pre else None
        self.left_out = False
        if md.isspace():  # no words and no line break: no paragraph
            self.md.clear()
            self.tx.clear()
            return
        tx = "".join(self.tx)
        self.md.clear()
        self.tx.clear()
        if BREAK not in md:  # one line (the common case)
            md_line = collapse_ws(md, spaces_only)
            if md_line:
                if not separators_alone(md_line, separators):
                    self.paragraph([md_line], [collapse_ws(tx, spaces_only)])
            return
        md_par: list[str] = []
        tx_par: list[str] = []
        for md_seg, tx_seg in zip(md.split(BREAK), tx.split(BREAK)):
            md_line = collapse_ws(md_seg, spaces_only)
            tx_line = collapse_ws(tx_seg, spaces_only)
            if not md_line or separators_alone(md_line, separators):
                if md_par:
                    self.paragraph(md_par, tx_par)
                    md_par, tx_par = [], []
                continue
            md_par.append(md_line)
            tx_par.append(tx_line)
        if md_par:
            self.paragraph(md_par, tx_par)

    def paragraph(self, md_lines: list[str], tx_lines: list[str]) -> None:
        """Emit the lines of one paragraph (or of a heading), their inline Markdown still to be finished."""
        if self.heading:
            level = self.heading
            md_text = escape_closing_hashes(inline_markdown(escape_line_start(" ".join(md_lines))))
            tx_text = " ".join(tx_lines)
            self.headings.append((level, tx_text))
            self.emit(["#" * level + " " + md_text], [tx_text])
            return
        # Line starts are escaped before the emphasis is decided (escaping a "***" splits its run) and after
        # (a dropped marker can leave a line starting with "#").
        if len(md_lines) > 1:  # hard breaks: one inline run, so emphasis may span the lines
            md_lines = inline_markdown("\\\n".join(escape_line_start(line) for line in md_lines)).split("\n")
            md_lines = [escape_line_start(line) for line in md_lines]
        else:
            md_lines = [escape_line_start(inline_markdown(escape_line_start(md_lines[0])))]
        self.emit(md_lines, tx_lines)

    def emit(self, md_lines: list[str], tx_lines: list[str]) -> None:
        """Append a finished block, prefixed by its containers, separated from the previous one.

        The plain text gets the block's lines only when they hold text (a rule or an image has none). A block right
        inside a list, in none of its items, is written under the last item written (where a browser shows it): at
        the list's own margin it would end the list, and a list nested after it would read as code.
        """
        state = self.lists[-1] if self.lists else None
        if state is not None and state.items and len(self.containers) == state.depth:
            self.containers.append(state.under_last_item())
            try:
                self.emit_in_containers(md_lines, tx_lines)
            finally:
                self.containers.pop()
            return
        self.emit_in_containers(md_lines, tx_lines)

    def emit_in_containers(self, md_lines: list[str], tx_lines: list[str]) -> None:
        has_text = any(tx_lines)
        if not self.containers:  # the common case, a block at the top level: what follows, made simple
            if self.out_md:
                self.out_md.append("")
                if has_text and self.out_tx:
                    self.out_tx.append("")
            self.out_md.append(md_lines[0].rstrip())
            for line in md_lines[1:]:
                self.out_md.append(line.rstrip())
            if has_text:
                self.out_tx.extend(tx_lines)
            self.prev_stack = ()
            self.prev_in_list = False
            return
        stack = tuple(self.containers)
        in_list = any(c.kind == "item" for c in self.containers)
        if self.out_md:
            if self.prev_in_list and self.tight_item():
                sep_md = None
            else:
                shared = 0
                for a, b in zip(stack, self.prev_stack):
                    if a is not b:
                        break
                    shared += 1
                sep_md = "".join(c.rest_prefix() for c in self.containers[:shared]).rstrip()
            if sep_md is not None:
                self.out_md.append(sep_md)
                if has_text and self.out_tx:
                    self.out_tx.append("")
        first = "".join(c.first_prefix() for c in self.containers)
        rest = "".join(c.rest_prefix() for c in self.containers)
        line = md_lines[0]
        inner = self.containers[-1]
        if inner.pending and line[:1] == inner.marker[:1] in ("*", "-") and not line.strip(line[0] + " \t"):
            line = "\\" + line  # an item of "**" after the bullet "* " would read as a rule ("* **")
        for c in self.containers:
            c.pending = False
        self.out_md.append((first + line).rstrip())
        for line in md_lines[1:]:
            self.out_md.append((rest + line).rstrip())
        if has_text:
            self.out_tx.extend(tx_lines)
        self.prev_stack = stack
        self.prev_in_list = in_list

    def tight_item(self) -> bool:
        """Whether the block opens a list item that follows the previous block without a blank line:
        a next item of the same list, or an item right under its parent item's text if it may
        interrupt that text (CommonMark: a bullet, or an ordered list starting at 1)."""
        for depth, c in enumerate(self.containers):
            if c.kind == "item" and c.pending:
                if len(self.prev_stack) == depth:
                    return c.marker in ("- ", "* ", "1. ", "1) ")
                return not c.first
        return False

    # -- element handlers -------------------------------------------------------------
    def start_heading(self, el: etree._Element) -> None:
        if self.in_cell():
            return
        self.block_boundary()
        if not self.pre:
            self.heading = HEADING_LEVELS[el.tag]

    def end_heading(self, el: etree._Element) -> None:
        if self.in_cell():
            self.md.append(" ")
            self.tx.append(" ")
            return
        if self.pre:
            self.block_boundary()
            return
        for inline in self.inlines[: MAX_INLINE_DEPTH + 1]:  # headings inside emphasis: plain; links, code kept
            if inline.kind in ("bold", "italic"):
                inline.kind = "plain"
        self._close_open_inlines()
        for inline in self.inlines[: MAX_INLINE_DEPTH + 1]:
            if inline.headline is el:
                # a link around a card's blocks (its kicker, headline, summary, byline) is not written again after
                # its headline: the same address on each block says nothing more. Up to it, each block keeps the
                # link, as the headline may yet be left out.
                inline.kind = "plain"
        md_text = escape_closing_hashes(inline_markdown(collapse_ws("".join(self.md).replace(BREAK, " "))))
        tx_text = collapse_ws("".join(self.tx).replace(BREAK, " "))
        self.md.clear()
        self.tx.clear()
        level, self.heading = self.heading or HEADING_LEVELS[el.tag], 0  # 0 after a heading nested in this one
        if md_text:
            self.headings.append((level, tx_text))
            self.emit(["#" * level + " " + md_text], [tx_text])

    def start_br(self, el: etree._Element) -> None:
        if self.pre:
            self.md.append("\n")
            self.tx.append("\n")
            self.odd_space = True
        elif self.in_cell() or self.heading:
            self.md.append(" ")
            self.tx.append(" ")
        else:
            self.md.append(BREAK)
            self.tx.append(BREAK)

    def start_hr(self, el: etree._Element) -> None:
        if self.pre or self.in_cell():
            return
        self.flush()
        # in a list item "- ---" would read as a rule alone, ending the list ("___" is no list marker)
        self.emit(["___" if any(c.kind == "item" for c in self.containers) else "---"], [])

    def start_pre(self, el: etree._Element) -> None:
        if self.pre:
            self.pre += 1
            return
        if self.in_cell():
            return
        self.flush()
        self.pre = 1
        self.pre_el = el

    def end_pre(self, el: etree._Element) -> None:
        if self.pre > 1:
            self.pre -= 1
            return
        if el is not self.pre_el:
            return
        self.pre = 0
        self.pre_el = None
        code = "".join(self.md)
        self.md.clear()
        self.tx.clear()
        if code.startswith("\n"):
            code = code[1:]
        lines = [line.rstrip() for line in code.rstrip().split("\n")]
        while lines and not lines[0]:
            lines.pop(0)
        if not lines:
            return
        fence = "```"
        while fence in code:
            fence += "`"
        self.emit([fence + code_language(el)] + lines + [fence], lines)

    def start_list(self, el: etree._Element) -> None:
        if self.pre:
            return
        if self.in_cell():
            self.block_boundary()
            return
        self.flush()
        parent = el.getparent()
        if (
            parent is not None
            and parent.tag in ("ul", "ol")
            and self.lists
            and self.lists[-1] is not None
            and self.lists[-1].items
        ):
            # a list directly inside a list: nest it under the previous item (if one was written)
            self.containers.append(self.lists[-1].under_last_item())
            self.lists.append(None)
        try:
            start = int(el.get("start", "1")) if el.tag == "ol" else 1
        except ValueError:
            start = 1
        ordered = el.tag == "ol"
        self.lists.append(
            ListState(
                ordered, max(0, min(start, 10**9)), other=self.continues_a_list(ordered), depth=len(self.containers)
            )
        )

    def continues_a_list(self, ordered: bool) -> bool:
        """Whether a list starting here would be read as more items of the list written just before it (the last
        block written was an item of a list of the same kind at this depth, nothing between): then it takes the
        other marker of that list, as CommonMark starts a new list where the bullet or delimiter changes."""
        depth = len(self.containers)
        prev = self.prev_stack
        if len(prev) <= depth or any(a is not b for a, b in zip(prev, self.containers)):
            return False
        item = prev[depth]
        if item.kind != "item" or not item.marker.strip():
            return False
        was_ordered = item.marker[0].isdigit()
        if was_ordered != ordered:
            return False
        return item.marker.endswith(". ") if ordered else item.marker == "- "

    def end_list(self, el: etree._Element) -> None:
        if self.pre:
            return
        if self.in_cell():
            self.block_boundary()
            return
        self.flush()
        if self.lists:
            self.lists.pop()
        if self.lists and self.lists[-1] is None:
            self.lists.pop()
            self.containers.pop()

    def start_item(self, el: etree._Element) -> None:
        if self.pre:
            return
        if self.in_cell():
            self.block_boundary()
            return
        self.flush()
        state = self.lists[-1] if self.lists else None
        if state is not None and state.ordered:
            marker = f"{state.counter}) " if state.other else f"{state.counter}. "
            state.counter += 1
        else:
            marker = "* " if state is not None and state.other else "- "
        self.containers.append(Container("item", marker, first=state is not None and state.items == 0))

    def end_item(self, el: etree._Element) -> None:
        if self.pre:
            return
        if self.in_cell():
            self.block_boundary()
            return
        self.flush()
        if self.containers and self.containers[-1].kind == "item":
            item = self.containers.pop()
            if not item.pending and self.lists and self.lists[-1] is not None:
                self.lists[-1].items += 1  # items written so far (an empty item is not one)

    # definition lists: a term is a line in bold, its definitions the blocks after it (CommonMark has no definition
    # list; a bold line over its text reads as one in every reader)
    def start_term(self, el: etree._Element) -> None:
        if self.pre or self.in_cell():
            self.block_boundary()
            return
        self.flush()
        self.start_bold(el)

    def end_term(self, el: etree._Element) -> None:
        if self.pre or self.in_cell():
            self.block_boundary()
            return
        self.end_bold(el)
        self.flush()

    def start_quote(self, el: etree._Element) -> None:
        if self.pre or self.in_cell():
            self.block_boundary()
            return
        self.flush()
        self.containers.append(Container("quote"))

    def end_quote(self, el: etree._Element) -> None:
        if self.pre or self.in_cell():
            self.block_boundary()
            return
        self.flush()
        if self.containers and self.containers[-1].kind == "quote":
            self.containers.pop()

    # inline formatting
    def _open(self, kind: str, href: str | None = None) -> None:
        self.inlines.append(Inline(kind, len(self.md), len(self.tx), href))

    def _close(self) -> Inline | None:
        return self.inlines.pop() if self.inlines else None

    def start_bold(self, el: etree._Element) -> None:
        kind = (
            "bold"
            if not (self.bold or self.code or self.pre or self.heading or len(self.inlines) > MAX_INLINE_DEPTH)
            else "plain"
        )
        self.bold += 1
        self._open(kind)

    def end_bold(self, el: etree._Element) -> None:
        self.bold -= 1
        self._finish(self._close())

    def start_italic(self, el: etree._Element) -> None:
        kind = (
            "italic" if not (self.italic or self.code or self.pre or len(self.inlines) > MAX_INLINE_DEPTH) else "plain"
        )
        self.italic += 1
        self._open(kind)

    def end_italic(self, el: etree._Element) -> None:
        self.italic -= 1
        self._finish(self._close())

    def start_code(self, el: etree._Element) -> None:
        kind = "code" if not (self.code or self.pre or len(self.inlines) > MAX_INLINE_DEPTH) else "plain"
        self.code += 1
        self._open(kind)

    def end_code(self, el: etree._Element) -> None:
        self.code -= 1
        self._finish(self._close())

    def start_link(self, el: etree._Element) -> None:
        if not self.inlines and not self.links and len(el) and is_tile(el):
            previous = el.getprevious()
            if (
                previous is not None
                and previous.tag == "a"
                and not (previous.tail or "").strip()
                and len(previous)
                and is_tile(previous)
            ):
                # tiles side by side, each one link holding its picture and its words (a desk's cards written so):
                # blocks of their own, as their page shows them, not one line of glued headlines
                self.block_boundary()
        href = None
        if not (self.pre or self.code or self.links or len(self.inlines) > MAX_INLINE_DEPTH):
            raw = el.get("href")
            if raw is not None and not raw.strip().startswith("#"):
                url = self.resolve(raw)
                if url and strip_fragment(url) != self.page:
                    href = url
        self.links += 1
        self._open("link" if href else "plain", href)
        if href and len(el):  # (a link of text alone holds no heading: most links, not searched)
            self.inlines[-1].headline = _headline_within(el)

    def end_link(self, el: etree._Element) -> None:
        self.links -= 1
        self._finish(self._close())

    def _close_open_inlines(self) -> None:
        """Write the markup of every open inline element around its content so far; its content restarts at 0.

        Deeper (plain) inline elements are not visited: their start is never read."""
        for inline in reversed(self.inlines[: MAX_INLINE_DEPTH + 1]):
            self._finish(inline)
            inline.start = 0
            inline.tx_start = 0

    def _finish(self, inline: Inline | None) -> None:
        """Replace the buffer pieces of a closing inline element by one piece carrying its markup."""
        if inline is None or inline.kind == "plain":
            return
        start = inline.start
        inner = "".join(self.md[start:])
        if not inner:
            return
        tx_start = inline.tx_start
        last = self.last_markup
        if (
            last is not None
            and last[0] == inline.kind != "link"
            and start > 0
            and self.md[start - 1] is last[1]
            and start > self._enclosing_start(inline)
        ):
            # the same markup right after itself ("**a****b**", "`a``b`" would not read back): one span
            start -= 1
            inner = last[2] + inner
            tx_start = last[3]
        del self.md[start:]
        out = _MARKUP[inline.kind](inner, inline.href)
        joined = False  # written as the end of the span before it
        if start and out.startswith("[") and _ends_unescaped(self.md[start - 1], "!"):
            self.md[start - 1] = self.md[start - 1][:-1] + "\\!"  # "![" would read as an image
        elif (
            start
            and out.startswith("`")
            and _ends_unescaped(self.md[start - 1], "`")
            and not self._marked_before(inline, start)
        ):
            before = self.md[start - 1]
            if single_tick_spans_meet(before, out):  # in elements apart that write no marker: one span
                self.md[start - 1] = before[:-1]
                out = out[1:]
                joined = True
            else:
                out = " " + out  # a code span that could not be merged with the one before it would join it
        self.md.append(out)
        # (a joined piece is no span of its own)
        self.last_markup = None if joined else (inline.kind, out, inner, tx_start)
        if BREAK in inner and BREAK not in out:  # the markup turned its line breaks into spaces: so does the text
            text = "".join(self.tx[tx_start:]).replace(BREAK, " ")
            del self.tx[tx_start:]
            self.tx.append(text)

    def _marked_before(self, inline: Inline, start: int) -> bool:
        """Whether an open element around `inline` that writes a marker (emphasis, a link) starts where it does: that
        marker will stand between `inline` and what is before it (were it dropped, the gap it leaves is spaced)."""
        for other in self.inlines:
            if other is inline:
                return False
            if other.start == start and other.kind in ("bold", "italic", "link"):
                return True
        return False

    def _enclosing_start(self, inline: Inline) -> int:
        """Where the content of the open inline element around `inline` starts (a span may not merge with
        markup before it: that belongs to the outer element's surroundings)."""
        floor = 0
        for other in self.inlines:
            if other is inline:
                break
            floor = other.start
        return floor

    def start_img(self, el: etree._Element) -> None:
        if not self.include_images or self.pre or self.code or is_pixel(el):
            return
        alt = " ".join(normalise_chars(el.get("alt") or "").split())
        if not alt:
            return
        src = el.get("src") or ""
        if not src or src.startswith("data:"):
            src = el.get("data-src") or el.get("data-original") or ""
        url = self.resolve(src)
        if url:
            alt_md = escape_markdown(alt)
            self.md.append(f"![{alt_md}]({markdown_url(url)})")

    def start_math(self, el: etree._Element) -> int:
        """A formula: its TeX as ``$...$`` (``$$...$$`` standing alone when displayed), else its linear reading
        as text; the plain text gets the linear reading. The picture drawn beside it for the eye is left out."""
        for copy in visual_copies(el):
            copy.set("hidden", "")
        linear = linear_text(el)
        tex = "" if self.pre or self.code else tex_of(el)
        self.odd_space = True  # TeX and the linear reading are written as they are
        if "$" in tex:
            tex = ""  # no delimiter could hold it
        if not (tex or linear):
            return SUBTREE
        if tex and is_display(el) and not (self.heading or self.in_cell() or self.inlines):
            self.block_boundary()
            self.md.append(f"$${tex}$$")
            self.tx.append(linear or tex)
            self.block_boundary()
            return SUBTREE
        # TeX is written as it is: Markdown readers that know math ($...$) read it before emphasis
        self.md.append(f"${tex}$" if tex else linear if self.pre or self.code else escape_text(linear))
        self.tx.append(linear or tex)
        return SUBTREE

    def hidden_formulas(self, el: etree._Element) -> bool:
        """Render the formulas of a hidden element (MathML kept for readers while a picture shows it); True."""
        for math in el.iter("math"):
            self.start_math(math)
        return True

    def start_noscript(self, el: etree._Element) -> bool:
        """A `<noscript>` shown (a page read without scripts) whose content is one text that is markup: a
        browser running scripts keeps a noscript's content as text, and pages saved from one hold it escaped
        (``&lt;img src=...&gt;``). That markup is what a browser without scripts shows, so it is parsed and
        rendered; once (markup escaped twice stays text)."""
        text = el.text
        if len(el) or not text or "<" not in text or self.in_noscript_markup:
            return False
        self.in_noscript_markup = True
        try:
            fragment = parse_html(text)
            body = fragment.find("body")
            self.walk(body if body is not None else fragment)
        finally:
            self.in_noscript_markup = False
        return True

    # tables
    def in_cell(self) -> bool:
        return bool(self.tables) and self.tables[-1].cell is not None

    def start_table(self, el: etree._Element) -> None:
        if self.pre or self.in_cell() or is_layout_table(el):
            self.block_boundary()
            return
        self.flush()
        self.tables.append(TableState(outer_code=self.code))
        self.code = 0
        self.table_els.append(el)
        self._saved = (self.md, self.tx)

    def end_table(self, el: etree._Element) -> None:
        if not self.table_els or self.table_els[-1] is not el:
            self.block_boundary()
            return
        self.table_els.pop()
        state = self.tables.pop()
        self.code = state.outer_code
        self.emit_table(state)

    def start_section(self, el: etree._Element) -> None:  # thead / tbody / tfoot
        if self.tables and self.table_els[-1] is table_of(el):
            self.tables[-1].in_head = el.tag == "thead"
        else:
            self.block_boundary()

    def end_section(self, el: etree._Element) -> None:
        if self.tables and self.table_els[-1] is table_of(el):
            self.tables[-1].in_head = False
        else:
            self.block_boundary()

    def start_row(self, el: etree._Element) -> None:
        state = self.tables[-1] if self.tables else None
        if state is None or self.table_els[-1] is not table_of(el):
            self.block_boundary()
            return
        self._end_cell(state)
        self.flush()  # text in the table outside its rows is a paragraph before it (where browsers show it)
        state.rows.append([])
        if state.in_head:
            state.header_rows = len(state.rows)
        state.in_row = True
        self._gather_loose(state)

    def end_row(self, el: etree._Element) -> None:
        state = self.tables[-1] if self.tables else None
        if state is None or self.table_els[-1] is not table_of(el):
            self.block_boundary()
            return
        self._end_cell(state)
        state.in_row = False

    def start_cell(self, el: etree._Element) -> None:
        state = self.tables[-1] if self.tables else None
        if state is None or self.table_els[-1] is not table_of(el):
            self.block_boundary()
            return
        self._end_cell(state)
        if not state.rows:
            state.rows.append([])
        try:
            span = max(1, min(int(el.get("colspan", "1")), 50))
        except ValueError:
            span = 1
        cell = Cell(header=el.tag == "th", span=span)
        state.rows[-1].append(cell)
        state.cell = cell
        self.md = cell.md
        self.tx = cell.tx

    def end_cell(self, el: etree._Element) -> None:
        state = self.tables[-1] if self.tables else None
        if state is None or self.table_els[-1] is not table_of(el):
            self.block_boundary()
            return
        self._end_cell(state)
        if state.in_row:
            self._gather_loose(state)

    def _gather_loose(self, state: TableState) -> None:
        """What a row holds from here up to its next cell or its end goes to the row's loose content."""
        state.cell = state.loose
        self.md = state.loose.md
        self.tx = state.loose.tx

    def _end_cell(self, state: TableState) -> None:
        row = state.rows[-1] if state.rows else None
        loose = state.loose
        if state.cell is loose:
            if row is not None and "".join(loose.md).strip():
                row.append(loose.close())  # content between cells (whitespace between them is not a cell)
            loose.md.clear()
            loose.tx.clear()
        elif row and row[-1] is state.cell and not state.in_caption:
            row[-1] = state.cell.close()  # the row keeps the cell's text, its pieces are let go
        if state.cell is not None or state.in_caption:
            state.cell = None
            state.in_caption = False
            self.md, self.tx = self._saved

    def start_caption(self, el: etree._Element) -> None:
        state = self.tables[-1] if self.tables else None
        if state is None or self.table_els[-1] is not el.getparent():
            self.block_boundary()
            return
        self._end_cell(state)
        state.in_caption = True
        state.cell = Cell()
        self.md = state.caption_md
        self.tx = state.caption_tx

    def end_caption(self, el: etree._Element) -> None:
        state = self.tables[-1] if self.tables else None
        if state is None or self.table_els[-1] is not el.getparent():
            self.block_boundary()
            return
        self._end_cell(state)

    def start_packed(self, el: etree._Element) -> bool:
        unpack(el)  # its rows are walked as they were parsed; its text is theirs
        return True

    def end_packed(self, el: etree._Element) -> None:
        repack(el)

    def emit_table(self, state: TableState) -> None:
        blocks, table = table_blocks(state)
        for md_lines, tx_lines in blocks:
            self.emit(md_lines, tx_lines)
        if table is not None:
            self.data_tables.append(table)

    START: ClassVar[dict[str, Callable[[Renderer, etree._Element], object]]] = {}
    END: ClassVar[dict[str, Callable[[Renderer, etree._Element], object]]] = {}


def _headline_within(link: etree._Element) -> etree._Element | None:
    """The heading of the highest rank with words inside a link (the first of them): the card's headline, after
    which the link is not written again."""
    found: etree._Element | None = None
    for heading in link.iter(*HEADING_LEVELS):
        if (found is None or HEADING_LEVELS[heading.tag] < HEADING_LEVELS[found.tag]) and "".join(
            heading.itertext()
        ).strip():
            found = heading
    return found


def _emphasis(opening: str, closing: str) -> Callable[[str, str | None], str]:
    """Wrap in the placeholders of a marker pair (written, or dropped, by `inline_markdown`)."""

    def wrap(inner: str, href: str | None) -> str:
        if BREAK in inner:  # emphasis across a line break: markers per line would be fragile
            return inner
        lead, body, trail = _split_ws(inner)
        return f"{lead}{opening}{body}{closing}{trail}" if body else inner

    return wrap


def _code_span(inner: str, href: str | None) -> str:
    lead, body, trail = _split_ws(inner.replace(BREAK, " "))
    if not body:
        return inner
    body = " ".join(body.split())
    ticks = "`"
    while ticks in body:
        ticks += "`"
    pad = " " if len(ticks) > 1 or body.startswith("`") or body.endswith("`") else ""
    return f"{lead}{ticks}{pad}{body}{pad}{ticks}{trail}"


def is_tile(anchor: etree._Element) -> bool:
    """Whether a link holds a picture and words: a tile (its picture and its headline, perhaps a label)."""
    return next(anchor.iter("img", "picture"), None) is not None and bool(subtree_text(anchor).strip())


def _link(inner: str, href: str | None) -> str:
    lead, body, trail = _split_ws(inner.replace(BREAK, " "))
    return f"{lead}[{body}]({markdown_url(href or '')}){trail}" if body else inner


_MARKUP: dict[str, Callable[[str, str | None], str]] = {
    "bold": _emphasis(BOLD_OPEN, BOLD_CLOSE),
    "italic": _emphasis(ITALIC_OPEN, ITALIC_CLOSE),
    "code": _code_span,
    "link": _link,
}


def _ends_unescaped(text: str, char: str) -> bool:
    """Whether `text` ends with `char` not already escaped by a backslash."""
    if not text.endswith(char):
        return False
    rest = text[:-1]
    return (len(rest) - len(rest.rstrip("\\"))) % 2 == 0


def _split_ws(text: str) -> tuple[str, str, str]:
    body = text.strip()
    if not body:
        return text, "", ""
    lead = " " if text[0].isspace() else ""
    trail = " " if text[-1].isspace() else ""
    return lead, body, trail


def _register() -> None:
    start, end = Renderer.START, Renderer.END
    for tag in HEADING_LEVELS:
        start[tag] = Renderer.start_heading
        end[tag] = Renderer.end_heading
    start["br"] = Renderer.start_br
    start["hr"] = Renderer.start_hr
    start["pre"] = Renderer.start_pre
    end["pre"] = Renderer.end_pre
    start["listing"] = start["xmp"] = Renderer.start_pre
    end["listing"] = end["xmp"] = Renderer.end_pre
    for tag in ("ul", "ol", "menu"):
        start[tag] = Renderer.start_list
        end[tag] = Renderer.end_list
    start["li"] = Renderer.start_item
    end["li"] = Renderer.end_item
    start["blockquote"] = Renderer.start_quote
    end["blockquote"] = Renderer.end_quote
    start["dt"] = Renderer.start_term
    end["dt"] = Renderer.end_term
    for tag in BOLD_TAGS:
        start[tag] = Renderer.start_bold
        end[tag] = Renderer.end_bold
    for tag in ITALIC_TAGS:
        start[tag] = Renderer.start_italic
        end[tag] = Renderer.end_italic
    for tag in CODE_SPAN_TAGS:
        start[tag] = Renderer.start_code
        end[tag] = Renderer.end_code
    start["a"] = Renderer.start_link
    end["a"] = Renderer.end_link
    start["img"] = Renderer.start_img
    start["noscript"] = Renderer.start_noscript
    start["math"] = Renderer.start_math
    start["table"] = Renderer.start_table
    end["table"] = Renderer.end_table
    for tag in ("thead", "tbody", "tfoot"):
        start[tag] = Renderer.start_section
        end[tag] = Renderer.end_section
    start["tr"] = Renderer.start_row
    end["tr"] = Renderer.end_row
    start["td"] = start["th"] = Renderer.start_cell
    end["td"] = end["th"] = Renderer.end_cell
    start["caption"] = Renderer.start_caption
    end["caption"] = Renderer.end_caption
    start[PACKED] = Renderer.start_packed
    end[PACKED] = Renderer.end_packed


_register()
