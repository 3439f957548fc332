"""Scrapy extensions of web2md, and `needed`: how a component gets an extension it cannot do without.

A crawl's shared state (its converter, its incremental store, its browser) is
held by an extension of its feature's package; the components that use it ask
the crawler for it (``crawler.get_extension``), so each crawler has its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

T = TypeVar("T")


def needed(crawler: Crawler, extension: type[T]) -> T:
    """The crawl's `extension` (``crawler.get_extension``: only once the crawl's extensions are built, i.e. not
    in a spider's ``from_crawler``); an error naming it when the crawl's extensions leave it out."""
    found = crawler.get_extension(extension)
    if found is None:
        raise RuntimeError(f"{extension.__module__}.{extension.__qualname__} is not among the crawl's extensions")
    return found
