"""The round trip of a table through web2md's Markdown: convert a page, read the Markdown back with markdown-it
(CommonMark with GFM tables) and return the cell grid a reader of the Markdown sees."""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from web2md import convert

READER = MarkdownIt("commonmark").enable("table")
LEAD = "A paragraph long enough to be the page's own text, ahead of the table that follows it here."
AFTER = "After the table."


def page(table: str) -> str:
    """A page holding `table` between two paragraphs."""
    return f"<html><body><main><h1>Data</h1><p>{LEAD}</p>{table}<p>{AFTER}</p></main></body></html>"


def grids(markdown: str) -> list[list[list[str]]]:
    """Each table of `markdown` as markdown-it reads it: rows of cell texts."""
    found: list[list[list[str]]] = []
    in_table = False
    for token in READER.parse(markdown):
        if token.type == "table_open":
            found.append([])
            in_table = True
        elif token.type == "table_close":
            in_table = False
        elif in_table and token.type == "tr_open":
            found[-1].append([])
        elif in_table and token.type == "inline":
            found[-1][-1].append(_text(token.children or []))
    return found


def _text(children: list[Token]) -> str:
    """The text a reader sees in an inline run: its text, code and image descriptions, a line break as a space."""
    out: list[str] = []
    for child in children:
        if child.type in ("text", "code_inline", "html_inline", "image"):
            out.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            out.append(" ")
    return "".join(out)


def round_trip(table: str, caption: str | None = None) -> list[list[str]]:
    """The one table web2md writes for `table` (in a page of its own), as a reader of the Markdown sees it. Fails
    if any other block than the page's heading, its two paragraphs, the table and its `caption` (a paragraph over
    it) is written: a cell that left its table would be one."""
    markdown = convert(page(table), main_content=False).markdown
    blocks = markdown.split("\n\n")
    captions = [caption] if caption is not None else []
    assert len(blocks) == 4 + len(captions), markdown
    assert blocks[:2] + blocks[2:-2] + blocks[-1:] == ["# Data", LEAD, *captions, AFTER], markdown
    found = grids(markdown)
    assert len(found) == 1, markdown
    return found[0]
