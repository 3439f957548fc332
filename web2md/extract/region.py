"""Plain region choice (SPEC §3): main, else the articles, else body without furniture, else everything."""

from __future__ import annotations

from typing import Callable, Iterator

from lxml import etree

FURNITURE = frozenset({"nav", "header", "footer", "aside"})


def _outermost(root: etree._Element, tag: str) -> list[etree._Element]:
    found: list[etree._Element] = []
    for el in root.iter(tag):
        if not any(anc in found for anc in el.iterancestors(tag)):
            found.append(el)
    return found


def candidate_regions(
    root: etree._Element, keep_header: bool = False
) -> Iterator[tuple[list[etree._Element], Callable[[etree._Element], bool] | None]]:
    """Yield (subtrees, extra skip predicate) in priority order; the caller takes the first with text."""
    main = next(root.iter("main"), None)
    if main is not None:
        yield [main], None
    articles = _outermost(root, "article")
    if articles:
        yield articles, None
    body = next(root.iter("body"), None)
    if body is not None:
        furniture = FURNITURE - {"header"} if keep_header else FURNITURE
        yield [body], lambda el: el.tag in furniture
    yield [root], None
