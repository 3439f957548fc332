"""Page metadata (SPEC §5). Placeholder until the metadata issue lands: fills nothing."""

from __future__ import annotations

from lxml.etree import _Element

from web2md.extract.page import Page


def fill(page: Page, root: _Element, base_url: str) -> None:
    """Fill `page`'s metadata fields from the document tree (after rendering)."""
