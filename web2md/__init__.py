"""web2md: web pages to clean, deterministic Markdown with metadata.

The public API is a set of pure functions over strings (see docs/design.md#entry-points)::

    from web2md import convert, convert_document, html_to_text, extract_links, extract_title, text_for, decode_entities
"""

from typing import Any

__all__ = [
    "Page",
    "convert",
    "convert_document",
    "html_to_text",
    "extract_links",
    "extract_title",
    "text_for",
    "decode_entities",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """The API comes from `web2md.extract` on first use, so ``web2md --help`` does not load the core."""
    if name in __all__:
        import web2md.extract

        value = getattr(web2md.extract, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'web2md' has no attribute {name!r}")
