"""Documents (PDF, DOCX) into a `Page`: each reader writes simple HTML, which the one converter renders.

A document is all content, so main-content extraction is off: nothing of it is boilerplate to cut.
"""

from __future__ import annotations

import io
import zipfile

from web2md.extract.convert import convert
from web2md.extract.documents.errors import DocumentError
from web2md.extract.page import Page

__all__ = ["DOCUMENT_TYPES", "DocumentError", "convert_document", "document_type", "document_html", "read_document"]

PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
DOCUMENT_TYPES = (PDF, DOCX)


def document_type(body: bytes, content_type: str = "") -> str | None:
    """`PDF` or `DOCX` when the body is one (by its bytes, whatever the header says), else None."""
    media_type = content_type.split(";", 1)[0].strip().lower()
    head = body[:1024]
    if head.lstrip().startswith(b"%PDF-"):  # not anywhere in the head: a text about PDFs is text
        return PDF
    if head.startswith(b"PK\x03\x04") and (media_type == DOCX or _has_word_part(body)):
        return DOCX
    return None


def _has_word_part(body: bytes) -> bool:
    try:
        return "word/document.xml" in zipfile.ZipFile(io.BytesIO(body)).namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False


def document_html(body: bytes, kind: str) -> str:
    """The HTML of a document of type `kind` (`PDF` or `DOCX`); raises `DocumentError`."""
    if kind == PDF:
        from web2md.extract.documents.pdf import pdf_html

        return pdf_html(body)
    if kind == DOCX:
        from web2md.extract.documents.docx import docx_html

        return docx_html(body)
    raise DocumentError(f"cannot read {kind} documents")


def read_document(body: bytes, kind: str, url: str = "", **options: object) -> Page:
    """The `Page` of a document: its Markdown and the metadata of its document properties.

    `options` are `convert`'s; main-content extraction is always off. Raises `DocumentError` for a document
    that cannot be read (encrypted, corrupt, no text layer), with a one-line reason.
    """
    options = {**options, "main_content": False, "javascript": False}
    options.pop("wait", None)
    return convert(document_html(body, kind), url=url, **options)


def convert_document(body: bytes, content_type: str = "", url: str = "", **options: object) -> Page:
    """The `Page` of a PDF or DOCX body, told apart by its bytes (`convert`'s options apply); raises
    `UnsupportedContent` for any other body and `DocumentError` for a document that cannot be read."""
    kind = document_type(body, content_type)
    if kind is None:
        from web2md.extract.textfor import UnsupportedContent, media_type

        raise UnsupportedContent(media_type(content_type) or "application/octet-stream", len(body))
    return read_document(body, kind, url, **options)
