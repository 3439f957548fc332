"""A Word document (DOCX) read into HTML by mammoth, for the one Markdown writer; its core properties into ``<head>``."""

from __future__ import annotations

import html
import io
import zipfile

from lxml import etree

from web2md.extract.documents.errors import DocumentError

__all__ = ["docx_html"]

# unpacked, a DOCX's parts may take at most this many bytes: a zip bomb is refused before it is read
MAX_UNPACKED = 512 * 1024 * 1024
_CORE = "docProps/core.xml"
_NS = {
    "dc": "http://purl.org/dc/elements/1.1/",
    "dcterms": "http://purl.org/dc/terms/",
    "cp": "http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
}


def docx_html(body: bytes) -> str:
    """The HTML of a DOCX: headings, paragraphs, lists, tables and links as mammoth maps them, images left out.

    Raises `DocumentError` for a file that is no DOCX (not a zip, no ``word/document.xml``), an encrypted one
    (Office keeps those in an OLE container, not a zip) or one that unpacks to more than `MAX_UNPACKED` bytes.
    """
    import mammoth  # here: a crawl without documents never loads it

    if body.startswith(b"\xd0\xcf\x11\xe0"):
        raise DocumentError("encrypted or legacy Word document: only unencrypted DOCX files are read")
    try:
        archive = zipfile.ZipFile(io.BytesIO(body))
        names = {info.filename: info for info in archive.infolist()}
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise DocumentError(f"corrupt DOCX: {exc}") from None
    if "word/document.xml" not in names:
        raise DocumentError("corrupt DOCX: it has no word/document.xml")
    unpacked = sum(info.file_size for info in names.values())
    if unpacked > MAX_UNPACKED:
        raise DocumentError(f"DOCX too large: it unpacks to {unpacked} bytes (at most {MAX_UNPACKED})")
    try:
        result = mammoth.convert_to_html(io.BytesIO(body), convert_image=mammoth.images.img_element(_no_image))
    except Exception as exc:  # mammoth raises whatever its XML and zip readers raise on a broken file
        raise DocumentError(f"corrupt DOCX: {type(exc).__name__}: {exc}") from None
    head = _head(archive) if _CORE in names else []
    return f"<!DOCTYPE html><html><head><meta charset='utf-8'>{''.join(head)}</head><body>{result.value}</body></html>"


def _no_image(image: object) -> dict[str, str]:
    """Images are not inlined as data URIs (a page's Markdown links images, it does not hold them)."""
    return {"src": ""}


def _head(archive: zipfile.ZipFile) -> list[str]:
    """The title, author and dates of ``docProps/core.xml`` as the ``<head>`` tags the metadata reader knows."""
    try:
        root = etree.fromstring(archive.read(_CORE), etree.XMLParser(resolve_entities=False, no_network=True))
    except (etree.XMLSyntaxError, KeyError, zipfile.BadZipFile):
        return []
    out = []

    def text(path: str) -> str:
        found = root.find(path, _NS)
        return (found.text or "").strip() if found is not None else ""

    if text("dc:title"):
        out.append(f"<title>{html.escape(text('dc:title'))}</title>")
    if text("dc:creator"):
        out.append(f'<meta name="author" content="{html.escape(text("dc:creator"))}">')
    if text("dc:subject") or text("dc:description"):
        out.append(f'<meta name="description" content="{html.escape(text("dc:description") or text("dc:subject"))}">')
    if text("cp:keywords"):
        out.append(f'<meta name="keywords" content="{html.escape(text("cp:keywords"))}">')
    for path, prop in (("dcterms:created", "article:published_time"), ("dcterms:modified", "article:modified_time")):
        if text(path):
            out.append(f'<meta property="{prop}" content="{html.escape(text(path))}">')
    return out
