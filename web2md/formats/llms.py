"""A crawled site as one text for a language model: ``llms.txt`` (an index of its pages) and ``llms-full.txt``.

Pure functions over `BundlePage` records (no Scrapy, no I/O). Pages come out
breadth first, fewest link hops then URL, never in arrival order, so two
crawls of an unchanged site give the same bytes. ``llms.txt`` follows
https://llmstxt.org: the site's title as ``#``, its description as ``>``, then
one ``## /section/`` per top-level path with ``- [Title](URL): summary`` lines.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

SUMMARY_LIMIT = 200  # characters of a page's summary line when its first sentence runs longer

_SENTENCE = re.compile(r"(.+?[.!?])(?=\s|$)")
_SPACE = re.compile(r"\s+")


def estimate_tokens(text: str) -> int:
    """About how many tokens a model reads for ``text``: one per four characters (rounded up).

    A deliberately cheap estimate: close for English prose under common BPE
    tokenisers, an underestimate for code and non-Latin scripts.
    """
    return (len(text) + 3) // 4


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` on one line, cut at a word near `SUMMARY_LIMIT` characters."""
    text = _SPACE.sub(" ", text).strip()
    match = _SENTENCE.match(text)
    sentence = match.group(1) if match else text
    if len(sentence) <= SUMMARY_LIMIT:
        return sentence
    cut = sentence[:SUMMARY_LIMIT].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def lead_paragraph(text: str, title: str) -> str:
    """The first paragraph of a page's text that reads as prose: not its title, not a short heading."""
    blocks = [_SPACE.sub(" ", block).strip() for block in text.split("\n\n")]
    blocks = [block for block in blocks if block and block != title]
    for block in blocks:
        if block[-1] in ".!?:;" or len(block.split()) >= 8:
            return block
    return blocks[0] if blocks else ""


def section_of(url: str) -> str:
    """The top-level path a page is listed under: ``/docs/`` for ``/docs/a/b.html``, ``/`` for ``/about``."""
    segments = (urlsplit(url).path or "/").split("/")
    return f"/{segments[1]}/" if len(segments) > 2 and segments[1] else "/"


@dataclass(frozen=True)
class BundlePage:
    url: str
    title: str
    markdown: str
    summary: str = ""
    hops: int = 0
    site_name: str = ""
    description: str = ""
    fingerprint: str = ""  # the page's simhash (hex), for `web2md.pipelines.bundle.mark_near_duplicates`
    duplicate: bool = False  # a near duplicate of an earlier page: listed, but left out of llms-full.txt

    @classmethod
    def from_item(cls, item: Mapping[str, Any], hops: int) -> BundlePage:
        url = item.get("final_url") or item.get("url") or ""
        description = _SPACE.sub(" ", item.get("description") or "").strip()
        title = _SPACE.sub(" ", item.get("title") or "").strip() or url
        return cls(
            url=url,
            title=title,
            markdown=(item.get("markdown") or "").strip(),
            summary=first_sentence(description or lead_paragraph(item.get("text") or "", title)),
            hops=hops,
            site_name=_SPACE.sub(" ", item.get("site_name") or "").strip(),
            description=description,
            fingerprint=item.get("fingerprint") or "",
        )

    @property
    def tokens(self) -> int:
        return estimate_tokens(self.markdown)


def breadth_first(pages: list[BundlePage]) -> list[BundlePage]:
    """Fewest hops first, then by URL; one page per URL."""
    unique = {page.url: page for page in sorted(pages, key=lambda p: (p.hops, p.url), reverse=True)}
    return sorted(unique.values(), key=lambda p: (p.hops, p.url))


def _link_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _link_target(url: str) -> str:
    return url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")


def _header(pages: list[BundlePage]) -> list[str]:
    home = pages[0]
    lines = [f"# {home.site_name or home.title}", ""]
    if home.description:
        lines += [f"> {home.description}", ""]
    return lines


def llms_txt(pages: list[BundlePage]) -> str:
    """The index: the site's title and description, then each section's pages, breadth first."""
    ordered = breadth_first(pages)
    if not ordered:
        return ""
    sections: dict[str, list[BundlePage]] = {}
    for page in ordered:  # a section comes where its first page comes
        sections.setdefault(section_of(page.url), []).append(page)
    lines = _header(ordered)
    for section, members in sections.items():
        lines += [f"## {section}", ""]
        for page in members:
            summary = f": {page.summary}" if page.summary else ""
            lines.append(f"- [{_link_text(page.title)}]({_link_target(page.url)}){summary}")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def llms_full_txt(pages: list[BundlePage]) -> str:
    """Every page's Markdown under its title and URL, breadth first; near duplicates left out."""
    ordered = breadth_first(pages)
    if not ordered:
        return ""
    lines = _header(ordered)
    for page in ordered:
        if page.duplicate:
            continue
        lines += [f"# {page.title}", f"URL: {page.url}", ""]
        body = page.markdown
        heading, _, rest = body.partition("\n")
        if heading.strip() == f"# {page.title}":  # the page's own title heading: said once, with the URL under it
            body = rest.strip("\n")
        if body:
            lines += [body, ""]
    return "\n".join(lines).rstrip("\n") + "\n"
