"""Markdown escaping: the backslashes that keep text from reading as Markdown syntax, inside a line and at its
start, and the finishing of a paragraph's emphasis placeholders (emphasis.py)."""

from __future__ import annotations

import re
from collections.abc import Callable

from web2md.extract.markdown.emphasis import LITERAL_STAR, LITERAL_UNDERSCORE, has_placeholders, resolve_emphasis
from web2md.extract.markdown.references import CHAR_REF, escape_reference

# "_" only needs escaping where it is not between letters or digits ("snake_case" stays as it is).
# Every branch starts with its character (the "_" lookbehind looks back over the "_" too). The re module
# still tries the branches at every position (2 µs for a 100-character line), and so does a plain character
# class, so `_escaped` first tells the text that holds none of them (most text) by `in` scans.
# A "<" that ends a piece of text is escaped too: the next piece could complete a tag ("<b>&lt;</b>?").
_ESCAPE = re.compile(r"[\\`*\[\]]|_(?<![^\W_]_)|_(?![^\W_])|<(?=[A-Za-z/!?]|\Z)")
# Text backticks are always escaped; a line starting with 3+ unescaped ones is a code span, whose closing
# backticks keep it from being a fence, so only "~~~" needs escaping as a fence.
# A thematic break of "*", "_" or "-" (spaces between its marks or not) is escaped here too: text asterisks and underscores that cannot make emphasis
# are written unescaped (emphasis.py), and until then stand as placeholders (LITERAL_STAR, LITERAL_UNDERSCORE).
_LINE_START = re.compile(
    rf"^(?:#{{1,6}}(?=\s|$)|>|[-+*{LITERAL_STAR}](?=\s|$)|\d{{1,9}}(?=[.)](?:\s|$))|=+\s*$|(?:-\s*)+$"
    rf"|~{{3}}|(?:[*{LITERAL_STAR}]\s*){{3,}}$|(?:[_{LITERAL_UNDERSCORE}]\s*){{3,}}$)"
)
_LINE_START_FIRST = frozenset("#>-+*=~_" + LITERAL_STAR + LITERAL_UNDERSCORE)  # what a _LINE_START match starts with


def escape_markdown(text: str) -> str:
    """Backslash-escape the characters that Markdown would read as syntax inside a line."""
    return _escaped(text, _backslashed)


def escape_text(text: str) -> str:
    """`escape_markdown` for the renderer's text, whose "*" and "_" are left as placeholders for
    `inline_markdown` to decide once the paragraph is complete."""
    return _escaped(text, _placeheld)


def _escaped(text: str, mark: Callable[[re.Match[str]], str]) -> str:
    # whether it holds a character that starts a branch of _ESCAPE: seven `in` scans (memchr speed) take a
    # third of the instructions of one search of their character class, which sre tries at every position
    if "\\" in text or "`" in text or "*" in text or "_" in text or "[" in text or "]" in text or "<" in text:
        text = _ESCAPE.sub(mark, text)
    if "&" in text:
        text = CHAR_REF.sub(escape_reference, text)
    return text


def inline_markdown(text: str) -> str:
    """A finished paragraph, heading or cell: its placeholders written out, escaped only where CommonMark
    could read them as emphasis (emphasis.py)."""
    return resolve_emphasis(text) if has_placeholders(text) else text


def escape_paragraph(text: str) -> str:
    """A line of text made a Markdown paragraph of its own: inline syntax escaped, and a start that would
    read as a heading, list item, quote or rule ("# tag", "- x", "1. x") escaped too."""
    return escape_line_start(escape_markdown(text))


def _backslashed(m: re.Match[str]) -> str:
    return "\\" + m.group()


_PLACEHOLDERS = {"*": LITERAL_STAR, "_": LITERAL_UNDERSCORE}


def _placeheld(m: re.Match[str]) -> str:
    c = m.group()
    return _PLACEHOLDERS.get(c) or "\\" + c


def escape_line_start(line: str) -> str:
    """`line` with a start that would read as a heading, list item, quote, fence or rule escaped."""
    # a line whose first character starts no branch of _LINE_START (most lines) is answered without it: a match
    # attempt costs ~4k instructions (sre's \d is what str.isdecimal says)
    if not line or line[0] not in _LINE_START_FIRST and not line[0].isdecimal():
        return line
    m = _LINE_START.match(line)
    if not m:
        return line
    if line[0].isdigit():
        end = m.end()
        return line[:end] + "\\" + line[end:]
    return "\\" + line


def escape_closing_hashes(text: str) -> str:
    """A heading ending in a space and hashes (or only hashes) would lose them as an ATX closing sequence."""
    stripped = text.rstrip("#")
    if stripped != text and (not stripped or stripped.endswith(" ")):
        return stripped + "\\" + text[len(stripped) :]
    return text
