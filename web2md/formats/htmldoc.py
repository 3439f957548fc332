"""HTML output: a clean, standalone HTML5 document of the extracted content and its metadata.

The body is the page's Markdown turned back into HTML. Only the Markdown the
core renderer writes is read (ATX headings, paragraphs, ``-``/numbered lists
nested by two spaces, fenced code, ``>`` quotes, pipe tables, links, images,
bold, italic, code, backslash escapes and hard breaks); every piece of text is
escaped, so nothing from the page can become markup.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape
from typing import Any

__all__ = ["markdown_to_html", "render_html"]

_HEADING = re.compile(r"(#{1,6})\s+(.*?)\s*$")
_FENCE = re.compile(r"(`{3,}|~{3,})\s*([^`\s]*)")
_LIST_ITEM = re.compile(r"( *)([-+*]|\d{1,9}[.)])\s+(.*)")
# Possessive spaces after the dashes: "\s*" twice in a row would try every split of a long run of spaces.
_TABLE_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*+(\|\s*:?-{3,}:?\s*+)*\|?\s*$")
_RULE = re.compile(r"(?:-{3,}|\*{3,}|_{3,})\s*$")
# Linear on any text: a code span opens and closes with a whole run of backticks of one length, and neither
# an image's alt nor a link's label holds a "[" other than a whole image's (the renderer escapes the others),
# so that no span is looked for again from each of a long run of openings.
_INLINE = re.compile(
    r"\\(?P<esc>[!-/:-@\[-`{-~])"
    r"|(?<!`)(?P<ticks>`+)(?!`)(?P<code>.+?)(?<!`)(?P=ticks)(?!`)"
    r"|!\[(?P<alt>(?:\\.|[^\]\\\[])*)\]\((?P<src>[^)\s]*)\)"
    r"|\[(?P<label>(?:\\.|!\[(?:\\.|[^\]\\\[])*\]\([^)\s]*\)|[^\]\\\[])*)\]\((?P<href>[^)\s]*)\)"
    r"|\*\*(?P<strong>(?:\\.|[^\\])+?)\*\*"
    r"|\*(?P<em>(?:\\.|[^\\*])+?)\*"
    r"|(?P<br>\\$)"
)
_SAFE_URL = re.compile(r"(?:https?:|mailto:|/|#|\.)", re.I)


def _url(url: str) -> str:
    # Only links the renderer can have written; anything else (javascript:, data:) is dropped.
    return escape(url) if _SAFE_URL.match(url) else ""


def inline(text: str) -> str:
    """Inline Markdown to HTML; every character of text escaped."""
    out: list[str] = []
    pos = 0
    for m in _INLINE.finditer(text):
        out.append(escape(text[pos : m.start()]))
        pos = m.end()
        if m.group("esc") is not None:
            out.append(escape(m.group("esc")))
        elif m.group("ticks") is not None:
            out.append(f"<code>{escape(m.group('code'))}</code>")
        elif m.group("src") is not None:
            alt = re.sub(r"\\(.)", r"\1", m.group("alt"))
            out.append(f'<img src="{_url(m.group("src"))}" alt="{escape(alt)}">')
        elif m.group("href") is not None:
            out.append(f'<a href="{_url(m.group("href"))}">{inline(m.group("label"))}</a>')
        elif m.group("strong") is not None:
            out.append(f"<strong>{inline(m.group('strong'))}</strong>")
        elif m.group("em") is not None:
            out.append(f"<em>{inline(m.group('em'))}</em>")
        else:
            out.append("<br>")
    out.append(escape(text[pos:]))
    return "".join(out)


def _cells(row: str) -> list[str]:
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|") and not row.endswith("\\|"):
        row = row[:-1]
    cells, current, escaped = [], [], False
    for ch in row:
        if escaped:
            current.append("\\" + ch if ch != "|" else "|")
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "|":
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    if escaped:
        current.append("\\")
    cells.append("".join(current).strip())
    return cells


def _table(lines: list[str]) -> str:
    head = "".join(f"<th>{inline(c)}</th>" for c in _cells(lines[0]))
    rows = "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in _cells(line)) + "</tr>" for line in lines[2:])
    body = f"<tbody>{rows}</tbody>" if rows else ""
    return f"<table><thead><tr>{head}</tr></thead>{body}</table>"


def _list(lines: list[str]) -> str:
    """Nested lists from items indented by two spaces per level (an iterative stack, no recursion)."""
    out: list[str] = []
    stack: list[tuple[int, str]] = []  # (indent, "ul"/"ol") of open lists
    for line in lines:
        m = _LIST_ITEM.match(line)
        if m is None:  # a continuation line of the current item
            out.append("<br>" + inline(line.strip()))
            continue
        indent, marker, text = len(m.group(1)), m.group(2), m.group(3)
        kind = "ol" if marker[0].isdigit() else "ul"
        while stack and stack[-1][0] > indent:
            out.append(f"</li></{stack.pop()[1]}>")
        if stack and stack[-1][0] == indent:
            if stack[-1][1] != kind:
                out.append(f"</li></{stack.pop()[1]}>")
            else:
                out.append("</li>")
        if not stack or stack[-1][0] < indent:
            start = int(marker[:-1]) if kind == "ol" and marker[:-1] != "1" else None
            out.append(f'<{kind} start="{start}">' if start is not None else f"<{kind}>")
            stack.append((indent, kind))
        out.append("<li>" + inline(text))
    while stack:
        out.append(f"</li></{stack.pop()[1]}>")
    return "".join(out)


def markdown_to_html(markdown: str) -> str:
    """The core's Markdown as HTML block elements, one per line."""
    lines = markdown.split("\n")
    blocks: list[str] = []
    quote_depth = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        depth = 0
        while line.startswith(">"):
            line = line[1:].removeprefix(" ")
            depth += 1
        while quote_depth < depth:
            blocks.append("<blockquote>")
            quote_depth += 1
        while quote_depth > depth:
            blocks.append("</blockquote>")
            quote_depth -= 1
        stripped = line.strip()
        if not stripped:
            i += 1
            continue
        fence = _FENCE.match(line)
        if fence:
            code: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].lstrip("> ").startswith(fence.group(1)):
                code.append(lines[i][2 * depth :] if depth else lines[i])
                i += 1
            lang = f' class="language-{escape(fence.group(2))}"' if fence.group(2) else ""
            blocks.append(f"<pre><code{lang}>{escape(chr(10).join(code))}</code></pre>")
            i += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            blocks.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
            i += 1
            continue
        group = [line]
        j = i + 1
        while j < len(lines):
            nxt = lines[j]
            for _ in range(depth):
                nxt = nxt[1:].removeprefix(" ") if nxt.startswith(">") else "\x00"
            if not nxt.strip() or nxt == "\x00" or _FENCE.match(nxt) or _HEADING.match(nxt):
                break
            group.append(nxt)
            j += 1
        i = j
        if stripped.startswith("|") and len(group) > 1 and _TABLE_RULE.match(group[1].strip()):
            blocks.append(_table(group))
        elif _LIST_ITEM.match(line):
            blocks.append(_list(group))
        elif len(group) == 1 and _RULE.match(stripped):
            blocks.append("<hr>")
        else:
            blocks.append("<p>" + "\n".join(inline(g.strip()) for g in group) + "</p>")
    blocks.extend("</blockquote>" for _ in range(quote_depth))
    return "\n".join(blocks)


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
