"""CSS selectors (``exclude_selector``) as one compiled XPath, through cssselect, and the set of elements they match."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from cssselect import HTMLTranslator, SelectorError
from cssselect.parser import Class
from cssselect.xpath import XPathExpr
from lxml import etree

# `.name` and `#name` as they were read before full CSS: any word characters and hyphens, taken
# literally (so `.1col`, which CSS would refuse, still means the class "1col").
_SIMPLE = re.compile(r"([.#])([\w-]+)")
_NS = "urn:web2md:selectors"


def _has_class(_context: object, values: list[str], name: str) -> bool:
    # a class attribute split as str.split() splits it: Unicode spaces and control separators included
    return bool(values) and name in values[0].split()


class _Translator(HTMLTranslator):
    """cssselect's HTML translator, with `.name` matching the class attribute's words as `str.split` finds them."""

    def xpath_class(self, class_selector: Class) -> XPathExpr:
        xpath = self.xpath(class_selector.selector)
        name = self.xpath_literal(class_selector.class_name)
        # contains() first: the Python test runs only for attributes holding the name somewhere
        xpath.add_condition(f"@class and contains(@class, {name}) and w2m:has-class(@class, {name})")
        return xpath


_TRANSLATOR = _Translator()


def _escaped(selector: str) -> str:
    simple = _SIMPLE.fullmatch(selector)
    if simple is None:
        return selector
    return simple[1] + "".join(f"\\{ord(c):x} " for c in simple[2])


@lru_cache(maxsize=64)
def compile_selectors(selectors: tuple[str, ...]) -> etree.XPath | None:
    """One XPath matching any of the CSS `selectors`; None when there are none.

    Raises ``ValueError`` naming the first selector cssselect cannot read or translate.
    """
    parts = []
    for selector in selectors:
        try:
            parts.append(_TRANSLATOR.css_to_xpath(_escaped(selector)))
        except SelectorError as exc:
            raise ValueError(f"invalid exclude_selector {selector!r}: {exc}") from None
    if not parts:
        return None
    return etree.XPath(" | ".join(parts), namespaces={"w2m": _NS}, extensions={(_NS, "has-class"): _has_class})


def selector_predicate(selectors: tuple[str, ...], root: etree._Element) -> Callable[[etree._Element], bool] | None:
    """An element test for the elements of `root`'s document matched by any of the CSS `selectors`."""
    xpath = compile_selectors(selectors)
    if xpath is None:
        return None
    return set(xpath(root.getroottree().getroot())).__contains__
