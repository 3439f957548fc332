"""web_grep's search, run in a worker process (`web2md.conversion.workers`) so that a pattern that backtracks
for minutes costs that worker, which the pool kills at the deadline, and never the server's event loop."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

GREP_LINE_CHARS = 1000  # a longer line is cut (minified pages have 100 KB lines)
DEFAULT_GREP_CHARS = 20000  # characters of matching and context lines per call


class Lines(Protocol):
    url: str

    @property
    def lines(self) -> list[str]: ...


class _Page:
    def __init__(self, url: str, markdown: str) -> None:
        self.url = url
        # split on "\n" only: line N is the N-th line of the rendering, whatever else the text holds
        self.lines = markdown.split("\n")


def search(
    pattern: str,
    flags: int,
    pages: Sequence[tuple[str, str]],
    context: int,
    max_matches: int,
    max_chars: int = DEFAULT_GREP_CHARS,
) -> tuple[list[dict[str, Any]], int]:
    """`grep_pages` over ``(url, markdown)`` pairs: the call a worker runs (plain data in, plain data out)."""
    return grep_pages(
        re.compile(pattern, flags), [_Page(url, text) for url, text in pages], context, max_matches, max_chars
    )


def grep_pages(
    regex: re.Pattern[str],
    pages: Iterable[Lines],
    context: int,
    max_matches: int,
    max_chars: int = DEFAULT_GREP_CHARS,
) -> tuple[list[dict[str, Any]], int]:
    """Matching lines of each page's rendering, and how many matches were left out.

    Each match carries the ``context`` lines around it that no earlier match of
    the page already carries (overlapping windows are merged, never repeated).
    Matches stop at ``max_matches`` or once their lines hold ``max_chars``
    characters; the rest are only counted. A line longer than `GREP_LINE_CHARS` is cut.
    """
    matches: list[dict[str, Any]] = []
    left_out = 0
    size = 0
    for page in pages:
        lines = page.lines
        hits = [index for index, line in enumerate(lines) if regex.search(line)]
        shown = -1  # index of the last line of this page already carried by a match
        for number, index in enumerate(hits):
            if left_out or len(matches) >= max_matches:
                left_out += 1
                continue
            match: dict[str, Any] = {"url": page.url, "line": index + 1, "text": _cut(lines[index])}
            if context:
                after_end = min(len(lines), index + 1 + context)
                if number + 1 < len(hits):
                    after_end = min(after_end, hits[number + 1])  # the next match carries its own line
                match["before"] = [
                    {"line": n + 1, "text": _cut(lines[n])} for n in range(max(shown + 1, index - context), index)
                ]
                match["after"] = [{"line": n + 1, "text": _cut(lines[n])} for n in range(index + 1, after_end)]
            cost = sum(
                len(page.url) + len(g["text"]) + 8 for g in [match, *match.get("before", ()), *match.get("after", ())]
            )
            if matches and size + cost > max_chars:
                left_out += 1
                continue
            size += cost
            shown = match["after"][-1]["line"] - 1 if match.get("after") else index
            matches.append(match)
    return matches, left_out


def _cut(line: str) -> str:
    return line if len(line) <= GREP_LINE_CHARS else line[: GREP_LINE_CHARS - 1] + "…"


def render_grep(matches: list[dict[str, Any]], context: int) -> str:
    """grep -n style: ``url:line:text`` for a match, ``url-line-text`` for context, ``--`` between groups."""
    out: list[str] = []
    last: tuple[str, int] | None = None  # (url, line) last printed
    for match in matches:
        url = match["url"]
        group = [(g["line"], g["text"], "-") for g in match.get("before", [])]
        group.append((match["line"], match["text"], ":"))
        group += [(g["line"], g["text"], "-") for g in match.get("after", [])]
        if context and out and not (last is not None and last[0] == url and last[1] + 1 == group[0][0]):
            out.append("--")  # a gap between windows
        for line, text, sep in group:
            out.append(f"{url}{sep}{line}{sep}{text}")
        last = (url, group[-1][0])
    return "\n".join(out)
