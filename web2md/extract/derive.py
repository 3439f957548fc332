"""Views derived from the rendered Markdown (see docs/design.md#main-content): fit Markdown, citations, and an
extraction-quality score.

These read only our own, deterministic rendering, never raw markup, so a
simple line and block scan is exact here.
"""

from __future__ import annotations

import re

_IMAGE = r"!\[(?:\\.|[^\]\\\[])*\]\([^()\s]+\)"
# Link text: escaped characters, an image (a linked image `[![alt](src)](href)`), anything but a bracket; a link
# target: anything but whitespace and parentheses. The renderer escapes brackets in text and percent-encodes
# parentheses in URLs, so these are its links exactly; and every scan stops at the next bracket or parenthesis,
# so that a text of many unclosed `\[a\](` is read in linear time, not a scan to its end from each bracket.
_LINK_TEXT = r"(?:\\.|" + _IMAGE + r"|[^\]\\\[])*"
# A "[" not right after "\" or "!". The lookbehind comes after the "[" (looking back over both
# characters) so that the pattern starts with a literal, which the re module searches for fast.
_LINK = re.compile(r"\[(?<![\\!]\[)(" + _LINK_TEXT + r")\]\((https?://[^()\s]+)\)")
# Read left to right: an escaped character (so "\\[" is an escaped backslash, then a "[" that may
# open a link, while "\[" is a literal bracket and "\![" a literal "!" before a link), "![" (an
# image, not a link), a code span (the renderer escapes text backticks and fences a span with a
# run not inside it), or a link. Only the link has a `url` group.
_CODE_OR_LINK = re.compile(
    r"\\.|!\[|(?P<ticks>`(?<!``)`*)(?!`)[^\n]*?(?<!`)(?P=ticks)(?!`)"
    r"|\[(?P<text>" + _LINK_TEXT + r")\]\((?P<url>https?://[^()\s]+)\)"
)
# The links alone, the same groups: in a block without a backslash, a backtick or "![", they are all that
# _CODE_OR_LINK matches, and a pattern starting with a literal is searched for from that character on (the
# alternation is tried at every character).
_LINK_ONLY = re.compile(r"\[(?P<text>" + _LINK_TEXT + r")\]\((?P<url>https?://[^()\s]+)\)")
# A line of nothing but links and images (after a list marker, between separators) is read one link at a
# time: a repeated group over the whole line would keep state per repetition (500 MB for 200k links).
_LIST_MARKER = re.compile(r"(?:[-*+]\s+|\d+\.\s+)?")
_LINK_OR_IMAGE = re.compile(r"\[(?<!\\\[)" + _LINK_TEXT + r"\]\([^()\s]+\)|" + _IMAGE)
_SEPARATORS = re.compile(r"[\s|·•,;/-]*")
# Fewer words than this make a text block low-signal (`fit_markdown`).
_MIN_WORDS = 4
# _MIN_WORDS words with what separates them. It is tried at word starts only, and nothing in it backtracks (a
# possessive run stops at its end), so that a search over one long run of word characters stays linear.
_ENOUGH_WORDS = re.compile(r"\b\w++(?:\W++\w++){%d}" % (_MIN_WORDS - 1))  # noqa: UP031 (braces of a count inside a regex read better as %d)


def blocks(markdown: str) -> list[str]:
    """Split Markdown into blocks at blank lines, keeping fenced code blocks whole."""
    if "```" in markdown or "~~~" in markdown:
        return scanned_blocks(markdown)
    # No fence: an empty line ("\n\n") always ends a block, so the pieces between empty lines are read on their
    # own; most are one line (a paragraph, a heading) and need no scan
    out: list[str] = []
    for piece in markdown.split("\n\n"):
        if "\n" in piece:
            out.extend(scanned_blocks(piece))
        elif piece.strip(">").strip():
            out.append(piece)
    return out


def scanned_blocks(markdown: str) -> list[str]:
    """`blocks`, line by line."""
    out: list[str] = []
    current: list[str] = []
    fence = ""
    for line in markdown.split("\n"):
        stripped = line.lstrip("> ").lstrip()
        if fence:
            current.append(line)
            if stripped.startswith(fence) and stripped.strip("`~") == "":
                fence = ""
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[: len(stripped) - len(stripped.lstrip(stripped[0]))]
            current.append(line)
            continue
        if line.strip(">").strip():
            current.append(line)
        elif current:
            out.append("\n".join(current))
            current = []
    if current:
        out.append("\n".join(current))
    return out


# A block's kind by the first character after its quote markers; a fence needs three.
_KIND_BY_FIRST = {"#": "heading", "|": "table", "`": "code", "~": "code"}


def _kind(block: str) -> str:
    first = block.lstrip("> ")
    kind = _KIND_BY_FIRST.get(first[:1], "text")
    if kind == "code" and not first.startswith(("```", "~~~")):
        return "text"
    return kind


def _level(block: str) -> int:
    first = block.lstrip("> ")
    return len(first) - len(first.lstrip("#"))


def _link_text(match: re.Match[str]) -> str:
    return match.group(1)


def _only_links(line: str) -> bool:
    """Whether `line` is nothing but links and images (at least one), after an optional list marker."""
    at = _LIST_MARKER.match(line).end()  # type: ignore[union-attr]
    found = False
    for match in _LINK_OR_IMAGE.finditer(line, at):
        gap = line[at : match.start()]
        if gap and not (gap.isspace() if not found else _SEPARATORS.fullmatch(gap)):
            return False
        at, found = match.end(), True
    return found and _SEPARATORS.fullmatch(line, at) is not None


def _fewer_words(text: str) -> bool:
    """Whether `text` holds fewer than _MIN_WORDS words (runs of `\\w`), asked of the pattern in one call."""
    return _ENOUGH_WORDS.search(text) is None


def fit_markdown(markdown: str, parts: list[str] | None = None) -> str:
    """The Markdown with low-signal blocks dropped, for tight token budgets.

    Dropped: lines that are nothing but links or images, text blocks of fewer
    than four words, and headings left with no content under them.
    """
    kept: list[tuple[str, str]] = []  # (block, kind)
    for block in blocks(markdown) if parts is None else parts:
        kind = _kind(block)
        if kind == "text":
            if "](" in block:  # a link or an image: a line may be nothing else
                # (a line without "](" holds neither, so it is kept without trying the pattern)
                lines = [
                    line for line in block.split("\n") if "](" not in line or not _only_links(line.lstrip("> ").strip())
                ]
                if not lines:
                    continue
                block = "\n".join(lines)
                kind = _kind(block)  # (its first line may be gone)
                words = _LINK.sub(_link_text, block) if "](" in block else block
            else:
                words = block
            if _fewer_words(words):
                continue
        kept.append((block, kind))
    # a heading followed by a heading of the same or a higher rank (or by nothing) heads nothing
    result: list[str] = []
    last = len(kept) - 1
    for i, (block, kind) in enumerate(kept):
        if kind == "heading":
            if i == last:
                continue
            following, following_kind = kept[i + 1]
            if following_kind == "heading" and _level(following) <= _level(block):
                continue
        result.append(block)
    return "\n\n".join(result)


def with_citations(markdown: str, parts: list[str] | None = None) -> tuple[str, list[dict]]:
    """Links rewritten as ``text [n]`` with a numbered ``## References`` list (one number per URL)."""
    numbers: dict[str, int] = {}

    def cite(match: re.Match[str]) -> str:
        url = match.group("url")
        if url is None:  # an escaped character, an image opener or a code span: `[x](https://...)` in it is not a link
            return match.group(0)
        n = numbers.setdefault(url, len(numbers) + 1)
        return f"{match.group('text')} [{n}]"

    if "](" not in markdown:
        return markdown, []
    # a block without "](" holds no link: the pattern would give it back unchanged
    cited = [
        block
        if "](" not in block or _kind(block) == "code"
        else (_CODE_OR_LINK if "\\" in block or "`" in block or "![" in block else _LINK_ONLY).sub(cite, block)
        for block in (blocks(markdown) if parts is None else parts)
    ]
    references = [{"number": n, "url": url} for url, n in numbers.items()]
    body = "\n\n".join(cited)
    if references:
        body += "\n\n## References\n\n" + "\n".join(f"{r['number']}. {r['url']}" for r in references)
    return body, references


def extraction_quality(
    markdown: str, text: str, *, semantic: bool, metadata_fields: int, fallback: bool, parts: list[str] | None = None
) -> float:
    """A 0.0–1.0 confidence from length, structure, semantic markup, metadata and link density."""
    if not text:
        return 0.0
    length = min(len(text) / 3000.0, 1.0)
    if parts is None:
        parts = blocks(markdown)
    headings = paragraphs = 0
    for block in parts:
        kind = _kind(block)
        if kind == "heading":
            headings += 1
        elif kind == "text" and len(block) > 80:
            paragraphs += 1
    structure = min(paragraphs / 5.0, 1.0) * 0.7 + (0.3 if headings else 0.0)
    link_chars = sum(len(m.group(0)) - len(m.group(1)) for m in _LINK.finditer(markdown))
    link_density = link_chars / max(len(markdown), 1)
    score = (
        0.35 * length
        + 0.25 * structure
        + 0.15 * (1.0 if semantic else 0.0)
        + 0.15 * min(metadata_fields / 4.0, 1.0)
        + 0.10 * max(0.0, 1.0 - 2 * link_density)
    )
    if fallback:
        score *= 0.6
    return round(min(max(score, 0.0), 1.0), 2)
