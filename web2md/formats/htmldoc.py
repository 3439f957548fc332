"""HTML output: a clean, standalone HTML5 document of the extracted content and its metadata.

The body is the page's Markdown turned back into HTML, read by `web2md.formats.mdblocks`; every piece of
text is escaped, so nothing from the page can become markup.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape
from typing import Any

from web2md.formats.mdblocks import (
    Block,
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
    Span,
    Table,
    Text,
    read,
)

__all__ = ["markdown_to_html", "render_html"]

_SAFE_URL = re.compile(r"(?:https?:|mailto:|/|#|\.)", re.I)


def _url(url: str) -> str:
    # Only links the renderer can have written; anything else (javascript:, data:) is dropped.
    return escape(url) if _SAFE_URL.match(url) else ""


def inline(spans: list[Span]) -> str:
    """Inline spans as HTML; every character of text escaped."""
    out: list[str] = []
    for span in spans:
        if isinstance(span, Text):
            out.append(escape(span.text))
        elif isinstance(span, Code):
            out.append(f"<code>{escape(span.text)}</code>")
        elif isinstance(span, Emphasis):
            tag = "strong" if span.strong else "em"
            out.append(f"<{tag}>{inline(span.children)}</{tag}>")
        elif isinstance(span, Link):
            out.append(f'<a href="{_url(span.href)}">{inline(span.children)}</a>')
        elif isinstance(span, Image):
            out.append(f'<img src="{_url(span.src)}" alt="{escape(span.alt)}">')
        elif isinstance(span, Math):  # TeX as written, for a page that typesets it
            delimiter = "$$" if span.display else "$"
            out.append(escape(f"{delimiter}{span.tex}{delimiter}"))
        else:
            out.append("<br>\n" if span.hard else "\n")
    return "".join(out)


def _cells(tag: str, cells: list[list[Span]], aligns: list[str]) -> str:
    return "".join(
        f'<{tag} style="text-align:{align}">{inline(c)}</{tag}>' if align else f"<{tag}>{inline(c)}</{tag}>"
        for c, align in zip(cells, aligns)
    )


def _table(table: Table) -> str:
    head = _cells("th", table.head, table.aligns)
    rows = "".join(f"<tr>{_cells('td', row, table.aligns)}</tr>" for row in table.rows)
    body = f"<tbody>{rows}</tbody>" if rows else ""
    return f"<table><thead><tr>{head}</tr></thead>{body}</table>"


def _blocks(blocks: list[Block], sep: str, tight: bool = False) -> str:
    """Blocks as HTML elements joined by `sep`; in a tight list item, paragraphs are bare text."""
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            out.append(inline(block.spans) if tight else f"<p>{inline(block.spans)}</p>")
        elif isinstance(block, Heading):
            out.append(f"<h{block.level}>{inline(block.spans)}</h{block.level}>")
        elif isinstance(block, CodeBlock):
            lang = f' class="language-{escape(block.language)}"' if block.language else ""
            out.append(f"<pre><code{lang}>{escape(block.text)}</code></pre>")
        elif isinstance(block, ListBlock):
            # a list is written on one line, whatever its items hold
            kind = "ol" if block.ordered else "ul"
            items = "".join(f"<li>{_blocks(item.blocks, '', block.tight)}</li>" for item in block.items)
            start = f' start="{block.start}"' if block.ordered and block.start != 1 else ""
            out.append(f"<{kind}{start}>{items}</{kind}>")
        elif isinstance(block, Quote):
            out.append(sep.join(["<blockquote>", _blocks(block.blocks, sep), "</blockquote>"]))
        elif isinstance(block, Table):
            out.append(_table(block))
        else:
            out.append("<hr>")
    return sep.join(out)


def markdown_to_html(markdown: str) -> str:
    """The core's Markdown as HTML block elements, one per line."""
    return _blocks(read(markdown), "\n")


def render_html(record: Mapping[str, Any]) -> str:
    """A standalone HTML5 document: head metadata, then the content in ``<article>``."""
    lang = record.get("language") or ""
    head = ['<meta charset="utf-8">', f"<title>{escape(record.get('title') or '')}</title>"]
    for name, field in (("description", "description"), ("author", "author"), ("keywords", "keywords")):
        value = record.get(field)
        if isinstance(value, list):
            value = ", ".join(value)
        if value:
            head.append(f'<meta name="{name}" content="{escape(value)}">')
    for prop, field in (("article:published_time", "published_date"), ("article:modified_time", "modified_date")):
        if record.get(field):
            head.append(f'<meta property="{prop}" content="{escape(record[field])}">')
    canonical = record.get("canonical_url") or record.get("final_url") or record.get("url")
    if canonical:
        head.append(f'<link rel="canonical" href="{escape(canonical)}">')
    html_open = f'<html lang="{escape(lang)}">' if lang else "<html>"
    body = markdown_to_html(record.get("markdown") or "")
    return "\n".join(
        [
            "<!DOCTYPE html>",
            html_open,
            "<head>",
            *head,
            "</head>",
            "<body>",
            "<article>",
            body,
            "</article>",
            "</body>",
            "</html>",
        ]
    )
