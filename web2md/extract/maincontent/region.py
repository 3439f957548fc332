"""Plain region choice (see docs/design.md#plain-region): main, else the articles, else body without furniture, else
everything."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from lxml import etree

FURNITURE = frozenset({"nav", "header", "footer", "aside"})


def outermost(elements: Iterable[etree._Element]) -> list[etree._Element]:
    """The `elements` (of one tag, in document order) that are not inside another one."""
    found: list[etree._Element] = []
    for el in elements:
        if not any(anc in found for anc in el.iterancestors(el.tag)):
            found.append(el)
    return found


def marked_regions(
    mains: Iterable[etree._Element], articles: Iterable[etree._Element], role_main: etree._Element | None = None
) -> Iterator[list[etree._Element]]:
    """What the page itself marks as its content, in priority order: the first of its `mains` (else `role_main`,
    the first `[role=main]`, when the caller knows it), then the outermost `articles`. Lazy: the articles are
    only looked at when the caller asks for more than the main element."""
    main = next(iter(mains), None)
    if main is None:
        main = role_main
    if main is not None:
        yield [main]
    outer = outermost(articles)
    if outer:
        yield outer


def candidate_regions(
    root: etree._Element, keep_header: bool = False
) -> Iterator[tuple[list[etree._Element], Callable[[etree._Element], bool] | None]]:
    """Yield (subtrees, extra skip predicate) in priority order; the caller takes the first with text."""
    for subtrees in marked_regions(root.iter("main"), root.iter("article")):
        yield subtrees, None
    body = root.find("body")  # a child of <html>: found without walking the document
    if body is None:
        body = next(root.iter("body"), None)
    if body is not None:
        furniture = FURNITURE - {"header"} if keep_header else FURNITURE
        yield [body], lambda el: el.tag in furniture
    yield [root], None
