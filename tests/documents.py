"""Small PDF and DOCX files written in code for the document tests: text in the standard fonts, links, an
information dictionary, an encryption dictionary; Word parts with styles and core properties."""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

FONTS = {"F1": "Helvetica", "F2": "Helvetica-Bold", "F3": "Courier"}


@dataclass
class Text:
    x: float
    y: float  # from the page's top
    text: str
    size: float = 11
    font: str = "F1"  # F1 Helvetica, F2 Helvetica-Bold, F3 Courier


def pdf_string(text: str) -> str:
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def make_pdf(
    pages: list[list[Text]],
    info: dict[str, str] | None = None,
    links: list[tuple[int, float, float, float, float, str]] = (),
    encrypted: bool = False,
    shapes: list[tuple[int, float, float, float, float]] = (),
) -> bytes:
    """A PDF of US-letter pages holding `pages`' texts; `links`: (page, x0, top, x1, bottom, uri);
    `shapes`: filled rectangles (page, x, top, width, height); `encrypted`: a standard security handler whose
    password no one knows."""
    height = 792
    objects: list[bytes] = []

    def add(body: str | bytes) -> int:
        objects.append(body.encode("latin-1") if isinstance(body, str) else body)
        return len(objects)

    catalog = add("")  # filled in below
    pages_id = add("")
    fonts = {name: add(f"<< /Type /Font /Subtype /Type1 /BaseFont /{base} >>") for name, base in FONTS.items()}
    font_dict = " ".join(f"/{name} {ref} 0 R" for name, ref in fonts.items())
    kids = []
    for number, texts in enumerate(pages):
        ops = []
        for t in texts:
            ops.append(f"BT /{t.font} {t.size} Tf {t.x} {height - t.y} Td {pdf_string(t.text)} Tj ET")
        for page, x, top, width, tall in shapes:
            if page == number:
                ops.append(f"{x} {height - top - tall} {width} {tall} re f")
        stream = "\n".join(ops).encode("latin-1")
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        annots = [
            add(
                f"<< /Type /Annot /Subtype /Link /Rect [{x0} {height - bottom} {x1} {height - top}] /Border [0 0 0]"
                f" /A << /S /URI /URI {pdf_string(uri)} >> >>"
            )
            for page, x0, top, x1, bottom, uri in links
            if page == number
        ]
        annot_refs = f" /Annots [{' '.join(f'{a} 0 R' for a in annots)}]" if annots else ""
        kids.append(
            add(
                f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox [0 0 612 {height}] /Contents {content} 0 R"
                f" /Resources << /Font << {font_dict} >> >>{annot_refs} >>"
            )
        )
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_id} 0 R >>".encode()
    objects[pages_id - 1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>".encode()
    )
    trailer = f"/Root {catalog} 0 R"
    if info:
        entries = " ".join(f"/{key} {pdf_string(value)}" for key, value in info.items())
        trailer += f" /Info {add(f'<< {entries} >>')} 0 R"
    if encrypted:
        junk = "<" + "7f" * 32 + ">"
        encrypt = add(f"<< /Filter /Standard /V 1 /R 2 /O {junk} /U {junk} /P -4 >>")
        trailer += (
            f" /Encrypt {encrypt} 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]"
        )
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(f"trailer\n<< /Size {len(objects) + 1} {trailer} >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


WORD = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def make_docx(paragraphs: list[tuple[str, str]], title: str = "", author: str = "") -> bytes:
    """A DOCX of `paragraphs` ((style id, text); style ids Heading1, Heading2, ListBullet or "" for Normal)."""
    body = "".join(
        "<w:p>"
        + (f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else "")
        + f"<w:r><w:t>{text}</w:t></w:r></w:p>"
        for style, text in paragraphs
    )
    styles = "".join(
        f'<w:style w:type="paragraph" w:styleId="{sid}"><w:name w:val="{name}"/></w:style>'
        for sid, name in (("Heading1", "heading 1"), ("Heading2", "heading 2"))
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as docx:
        docx.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'wordprocessingml.document.main+xml"/></Types>',
        )
        docx.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'officeDocument" Target="word/document.xml"/></Relationships>',
        )
        docx.writestr(
            "word/_rels/document.xml.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'styles" Target="styles.xml"/></Relationships>',
        )
        docx.writestr("word/document.xml", f'<w:document xmlns:w="{WORD}"><w:body>{body}</w:body></w:document>')
        docx.writestr("word/styles.xml", f'<w:styles xmlns:w="{WORD}">{styles}</w:styles>')
        docx.writestr(
            "docProps/core.xml",
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"'
            ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/">'
            f"<dc:title>{title}</dc:title><dc:creator>{author}</dc:creator>"
            "<dcterms:created>2024-03-01T10:00:00Z</dcterms:created></cp:coreProperties>",
        )
    return out.getvalue()
