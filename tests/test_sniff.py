"""Lying headers (issue 19): binary bytes sent as text/html, a charset that cannot be the body's."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from tests.cli_process import run_web2md as web2md
from tests.server import TestServer
from web2md import crawl, text_for
from web2md.extract.html.sniff import binary_type, implausible_charset
from web2md.extract.textfor import UnsupportedContent

ROOT = Path(__file__).resolve().parent.parent
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n" + bytes(range(256)) * 40
PAGE = "<html><body><h1>Grüße</h1><p>Ein Text über Ölmühlen, 世界.</p></body></html>"


@pytest.mark.parametrize(
    "body, media",
    [
        (PDF, "application/pdf"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image/png"),
        (b"PK\x03\x04\x14\x00\x06\x00", "application/zip"),
        (b"\x00\x00\x00\x18ftypmp42", "video/mp4"),
        (bytes(range(32)) * 100, "application/octet-stream"),  # no magic number, mostly control bytes
    ],
)
def test_binary_bodies(body, media):
    assert binary_type(body) == media
    with pytest.raises(UnsupportedContent, match=f"cannot read {media}"):
        text_for(body, "text/html; charset=utf-8")


@pytest.mark.parametrize(
    "body",
    [
        PAGE.encode("utf-8"),
        PAGE.encode("utf-16"),  # BOM
        PAGE.encode("utf-16-le"),  # none: NULs in every other byte, text in the others
        PAGE.encode("utf-32-be"),
        PAGE.encode("cp1252", "replace"),
        b"<p>a\x00b</p>" + b"x" * 100,  # a stray NUL is no binary file
    ],
)
def test_text_bodies(body):
    assert binary_type(body) is None


def test_a_charset_that_reads_markup_as_no_tags_is_overruled():
    assert implausible_charset(PAGE.encode("utf-8"), "utf-16") == (
        "utf-8",
        "the declared charset utf-16 decodes the markup to no tags; the body reads cleanly as utf-8",
    )
    assert implausible_charset(PAGE.encode("utf-16-le"), "utf-16-le") is None
    assert implausible_charset(PAGE.encode("utf-8"), "utf-8") is None
    assert implausible_charset(PAGE.encode("utf-8"), "iso-8859-1") is None  # mojibake, but text: the header wins


@pytest.fixture(scope="module")
def liar():
    with TestServer() as srv:
        srv.route("/report", PDF, headers={"Content-Type": "text/html; charset=utf-8"})
        srv.route("/wide", PAGE.encode("utf-8"), headers={"Content-Type": "text/html; charset=utf-16"})
        srv.route(
            "/wide-bom",
            codecs.BOM_UTF16_LE + PAGE.encode("utf-16-le"),
            headers={"Content-Type": "text/html; charset=utf-16"},
        )
        yield srv


@pytest.mark.integration
def test_fetch_of_a_pdf_sent_as_html_reads_it_as_a_pdf(liar, tmp_path):
    done = web2md("fetch", liar.url("/report"), cwd=tmp_path)
    assert done.returncode == 1, done.stderr  # read as the PDF it is (docs/files.md#documents): this one is broken
    assert done.stdout == ""
    assert done.stderr.startswith("web2md: extraction failed: corrupt PDF: ")


@pytest.mark.integration
def test_a_crawl_without_documents_saves_a_pdf_sent_as_html_as_a_document(liar, tmp_path):
    result = crawl.run("page", url=liar.url("/report"), output=str(tmp_path), documents="0")
    [item] = result.items
    assert item["mime_type"] == "application/pdf" and item["size"] == len(PDF)
    assert Path(item["path"]).read_bytes() == PDF
    assert not list(tmp_path.rglob("*.md"))


@pytest.mark.integration
@pytest.mark.parametrize("path", ["/wide", "/wide-bom"])
def test_utf8_sent_as_utf16_reads_cleanly(liar, tmp_path, path):
    done = web2md("fetch", liar.url(path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "# Grüße\n\nEin Text über Ölmühlen, 世界.\n"


@pytest.mark.integration
def test_the_overruled_charset_is_logged(liar, caplog):
    with caplog.at_level("INFO", logger="web2md.conversion.responses"):
        result = crawl.run("page", url=liar.url("/wide"), output="")
    assert [r.getMessage() for r in caplog.records if r.name == "web2md.conversion.responses"] == [
        f"Decoded {liar.url('/wide')} as utf-8: the declared charset utf-16 decodes the markup to no tags; "
        "the body reads cleanly as utf-8"
    ]
    [item] = result.items
    assert item["markdown"] == "# Grüße\n\nEin Text über Ölmühlen, 世界."
    assert item["charset"] == "utf-8"
