"""Plain region choice (SPEC §3): main, else the articles, else body without furniture, else everything."""

from __future__ import annotations

from typing import Callable, Iterator

from lxml import etree

FURNITURE = frozenset({"nav", "header", "footer", "aside"})


def outermost(root: etree._Element, tag: str) -> list[etree._Element]:
    """The `tag` elements below `root` that are not inside another one, in document order."""
    found: list[etree._Element] = []
    for el in root.iter(tag):
        if not any(anc in found for anc in el.iterancestors(tag)):
            found.append(el)
    return found


def marked_regions(root: etree._Element, role_main: etree._Element | None = None) -> Iterator[list[etree._Element]]:
    """What the page itself marks as its content, in priority order: the first `<main>` (else `role_main`,
    the first `[role=main]`, when the caller knows it), then the outermost articles. Lazy: the articles are
    only looked for when the caller asks for more than the main element."""
    main = next(root.iter("main"), None)
    if main is None:
        main = role_main
    if main is not None:
        yield [main]
    articles = outermost(root, "article")
    if articles:
        yield articles


def candidate_regions(
    root: etree._Element, keep_header: bool = False
) -> Iterator[tuple[list[etree._Element], Callable[[etree._Element], bool] | None]]:
    """Yield (subtrees, extra skip predicate) in priority order; the caller takes the first with text."""
    for subtrees in marked_regions(root):
        yield subtrees, None
    body = root.find("body")  # a child of <html>: found without walking the document
    if body is None:
        body = next(root.iter("body"), None)
    if body is not None:
        furniture = FURNITURE - {"header"} if keep_header else FURNITURE
        yield [body], lambda el: el.tag in furniture
    yield [root], None
