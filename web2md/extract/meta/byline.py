"""The author named in the page's markup, for pages whose metadata names none: schema.org `itemprop="author"`,
`rel="author"` links, then a block classed as the byline or the author, inside the article when it has one."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from lxml import etree

from web2md.extract.exact import str_lower
from web2md.extract.html.entities import clean_text, element_text

__all__ = ["byline_author", "candidates_in", "plausible_name", "without_by"]

_NAME_PROP = etree.XPath(".//*[@itemprop='name']")
# "By Jane Doe", "Written by: Jane Doe", "Von Max Muster", "Par Jean Dupont": the words that introduce a byline;
# a label up to a colon ("Text and interview: Jane Doe") and punctuation around the name go too.
_BY = re.compile(
    r"^(?:[^:]{0,40}:\s*)?(?:(?:written|posted|edited)\s+by|geschrieben\s+von|by|von|par|por|door|av|af|"
    r"przez|author|autor|autorin|auteur)\b\s*:?\s*|^[^:]{0,40}:\s*",
    re.I,
)
_PUNCTUATION = " |~,;:-–—·•/"
_LISTS = frozenset({"ul", "ol"})
_AUTHOR_CLASSES = frozenset({"author", "author-name", "authorname", "article-author", "post-author", "entry-author"})
# Words, initials and name particles: a name is a few of them.
MAX_NAME_CHARS = 80
MAX_NAME_WORDS = 8
# Blocks a byline is seldom in (the authors of teasers, a profile box), read after the others.
_ELSEWHERE = frozenset({"aside", "nav", "footer", "form", "li"})
_NOT_BYLINE = re.compile(
    r"(?:^|\s)(?:comment|related|teaser|follow|bio|author-bio|photo|avatar|image|img|widget)", re.I
)


def plausible_name(text: str | None) -> bool:
    """A person's or an organisation's name rather than a sentence, a date, a URL or an e-mail address."""
    if not text or len(text) > MAX_NAME_CHARS or len(text.split()) > MAX_NAME_WORDS:
        return False
    if "://" in text or "www." in text or "@" in text or any(c.isdigit() for c in text):
        return False
    return any(c.isalpha() for c in text)


def without_by(line: str) -> str:
    """`line` without the words that introduce a byline ("By", "Written by:", "Von") and the punctuation around it."""
    return _BY.sub("", line).strip(_PUNCTUATION)


def _tokens(value: str | None) -> list[str]:
    return str_lower(value).split() if value else []


def _rank(el: etree._Element) -> int | None:
    """How surely `el` holds the byline (lower is surer), or None when it does not."""
    if "author" in _tokens(el.get("itemprop")):
        return 0
    if el.tag == "a" and "author" in _tokens(el.get("rel")):
        return 1
    # a class token holds "byline" (or names an author) only when the class string does: most candidates are
    # read without splitting it
    classes = str_lower(el.get("class") or "")
    if "byline" in classes:
        return 2
    # a BEM element of a block ("article__author") names what the block's own class would
    if "author" in classes and any(
        c in _AUTHOR_CLASSES or c.startswith(("author-name", "authorname"))
        for c in (token.rpartition("__")[2] for token in classes.split())
    ):
        return 3
    return None


def _name(el: etree._Element) -> str | None:
    names = [without_by(element_text(n)) for n in _NAME_PROP(el)] if el.get("itemprop") else []
    names = [n for n in names if plausible_name(n)]
    if names:
        return "; ".join(dict.fromkeys(names))
    if el.tag == "meta":
        return None  # <meta itemprop="author" content=...> is read with the other meta tags
    # a byline holding a list beside the name is the name and its menu ("View profile", "E-mail", "RSS"): the name is
    # the first line beside the list, of two words or more (a lone word beside a share bar is its button)
    if any(el.find(f".//{tag}") is not None for tag in _LISTS):
        for line in _lines(el, skip_lists=True):
            text = without_by(line)
            if text:
                if len(text.split()) > 1 and plausible_name(text):
                    return text
                break
    # a byline broken into lines ("Written by A<br>Edited by B", "By A<br>May 2") names the author on its first
    for line in _lines(el) if el.find(".//br") is not None else (element_text(el),):
        text = without_by(line)
        if text:
            return text if plausible_name(text) else None
    return None


def _lines(el: etree._Element, skip_lists: bool = False) -> Iterator[str]:
    """The text of `el` between its `<br>`s (without its lists' text when `skip_lists`), cleaned, empty lines left
    out."""
    line: list[str] = []
    walker = etree.iterwalk(el, events=("start", "end", "comment", "pi"))
    for event, node in walker:
        if event == "start":
            if node.tag == "br":
                if text := clean_text("".join(line)):
                    yield text
                line = []
            elif skip_lists and node.tag in _LISTS:
                walker.skip_subtree()
            else:
                line.append(node.text or "")
        elif node is not el:  # an element's end, a comment or a processing instruction: its tail follows
            line.append(node.tail or "")
    if text := clean_text("".join(line)):
        yield text


def _place(el: etree._Element) -> int | None:
    """Where `el` is: 0 in the article (or main), 1 elsewhere in the body, 2 in a sidebar, list or footer;
    None in a comment, a teaser or a profile box."""
    place = 1
    for ancestor in el.iterancestors():
        if _NOT_BYLINE.search(ancestor.get("class") or ""):
            return None
        if ancestor.tag in _ELSEWHERE:
            place = 2
        elif ancestor.tag in ("article", "main"):
            return 0 if place == 1 else place
    return place


def candidates_in(root: etree._Element, itself: bool = True) -> Iterator[etree._Element]:
    """Where a byline may be in `root`'s subtree (with `root` itself unless `itself` is false), in document order:
    an element with a class naming an author or byline, or with an itemprop (content.Analysis tests the same in
    its walk). (A loop over the elements, the test inline: an XPath with the same test takes twice as long.)"""
    for el in root.iter(etree.Element):
        cls = el.get("class")
        if (cls and ("uthor" in cls or "yline" in cls) or el.get("itemprop") is not None) and (
            itself or el is not root
        ):
            yield el


def expanded(candidates: Iterable[etree._Element | tuple[etree._Element, bool]]) -> Iterator[etree._Element]:
    """The candidates, with a subtree a walk passed over, ``(element, itself too)``, replaced by those in it."""
    for candidate in candidates:
        if isinstance(candidate, tuple):
            yield from candidates_in(*candidate)
        else:
            yield candidate


def byline_author(
    root: etree._Element,
    anchors: Iterable[etree._Element] = (),
    candidates: Iterable[etree._Element | tuple[etree._Element, bool]] | None = None,
) -> str | None:
    """The author the page's byline names, None when it names none that reads as a name. `anchors` are the
    document's links (`DocumentElements.anchors`), where `rel="author"` is looked for; `candidates` the elements
    with a class naming an author or byline or with an itemprop, when a walk over the page found them already
    (`content.Analysis` does), else they are looked up."""
    found: list[tuple[int, int, int, etree._Element]] = []

    def consider(at: int, el: etree._Element, cls: str | None) -> None:
        rank = _rank(el)
        if rank is not None and not _NOT_BYLINE.search(cls or ""):
            place = _place(el)
            if place is not None:
                found.append((place, rank, at, el))

    if candidates is None:
        body = root.find("body")
        candidates = candidates_in(body if body is not None else root)
    for at, el in enumerate(expanded(candidates)):
        consider(at, el, el.get("class"))
    for at, el in enumerate(anchors):
        if el.get("rel"):
            consider(at, el, el.get("class"))
    for _, _, _, el in sorted(found, key=lambda f: f[:3]):
        name = _name(el)
        if name:
            return name
    return None
