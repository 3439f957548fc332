"""web2md: web pages to clean, deterministic Markdown with metadata.

The public API is a set of pure functions over strings (SPEC §1)::

    from web2md import convert, html_to_text, extract_links, extract_title, text_for, decode_entities
"""

from web2md.extract import (
    Page,
    convert,
    decode_entities,
    extract_links,
    extract_title,
    html_to_text,
    text_for,
)

__all__ = ["Page", "convert", "html_to_text", "extract_links", "extract_title", "text_for", "decode_entities"]
__version__ = "0.1.0"
