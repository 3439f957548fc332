"""PDF and DOCX responses read into pages: the core readers on files written in code, and every front end's path
(fetch, a site crawl following a linked PDF, documents=0) through a real local server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_process import run_web2md as web2md
from tests.documents import Text, make_docx, make_pdf
from tests.server import TestServer
from web2md import convert_document, crawl
from web2md.extract import UnsupportedContent
from web2md.extract.documents.reader import DOCX, PDF, DocumentError, read_document

ROOT = Path(__file__).resolve().parent.parent

REPORT = make_pdf(
    [
        [
            Text(72, 72, "Annual Report", 22, "F2"),
            Text(72, 110, "The first paragraph runs over", 11),
            Text(72, 124, "two lines of text.", 11),
            Text(72, 160, "Results", 16, "F2"),
            Text(72, 190, "- apples", 11),
            Text(72, 204, "- pears", 11),
            Text(72, 240, "def f(x):", 11, "F3"),
            Text(72, 253, "    return x", 11, "F3"),
            Text(72, 290, "See the site for more.", 11),
            Text(72, 700, "This sentence goes on", 11),
        ],
        [Text(72, 72, "over the page break.", 11)],
    ],
    info={"Title": "Report 2024", "Author": "Ann Lee", "CreationDate": "D:20240131120000+01'00'"},
    links=[(0, 90, 280, 130, 293, "https://example.com/site")],
)
REPORT_MARKDOWN = (
    "# Annual Report\n\nThe first paragraph runs over two lines of text.\n\n## Results\n\n- apples\n- pears\n\n"
    "```\ndef f(x):\n    return x\n```\n\nSee [the site](https://example.com/site) for more.\n\n"
    "This sentence goes on over the page break."
)
GUIDE = make_docx([("Heading1", "Guide"), ("", "Some text."), ("Heading2", "Part")], title="The Guide", author="Bo")


def test_pdf_headings_paragraphs_lists_code_links_and_metadata():
    page = read_document(REPORT, PDF, "https://e.test/report.pdf")
    assert page.markdown == REPORT_MARKDOWN
    assert (page.title, page.author, page.published_date) == ("Report 2024", "Ann Lee", "2024-01-31T12:00:00+01:00")


def test_a_paragraph_whose_last_line_on_the_page_is_full_goes_on():
    full = "This line is as long as the other one."
    pdf = make_pdf([[Text(72, 686, full, 11), Text(72, 700, full, 11)], [Text(72, 72, "It goes on here.", 11)]])
    assert read_document(pdf, PDF).markdown == f"{full} {full} It goes on here."


def test_a_table_of_one_line_rows_and_its_bold_header():
    rows = [("Metric", "Value", "F2"), ("errors", "1329", "F1"), ("requests", "9000", "F1"), ("rate", "23/sec", "F1")]
    texts = [Text(72, 72, "Results", 11)]
    for number, (name, value, font) in enumerate(rows):
        texts += [Text(72, 100 + 14 * number, name, 11, font), Text(200, 100 + 14 * number, value, 11, font)]
    texts.append(Text(72, 180, "That is all.", 11))
    assert read_document(make_pdf([texts]), PDF).markdown == (
        "Results\n\n| **Metric** | **Value** |\n|---|---|\n| errors | 1329 |\n| requests | 9000 |\n"
        "| rate | 23/sec |\n\nThat is all."
    )


def test_a_table_printed_a_cell_at_a_time_whose_cells_wrap_and_whose_rows_cross_a_page():
    # as a browser prints one: the header centred over its columns, each cell's lines in turn, the header again at
    # the top of the next page, where the first row goes on (its sentences are not done)
    header = [Text(100, 0, "Feature", 11, "F2"), Text(300, 0, "Why", 11, "F2"), Text(460, 0, "Instead", 11, "F2")]
    first = [Text(72, 72, "What changes:", 11), *(Text(t.x, 100, t.text, 11, "F2") for t in header)]
    first += [
        Text(72, 120, "Roots: the list of", 11),
        Text(72, 134, "folders a client shares", 11),
        Text(250, 120, "Retired by the", 11),
        Text(250, 134, "new protocol", 11),
        Text(400, 120, "Take paths as tool", 11),
        Text(400, 134, "arguments or resource", 11),
    ]
    second = [Text(t.x, 72, t.text, 11, "F2") for t in header]
    second += [
        Text(72, 92, "with the server.", 11),
        Text(250, 92, "revision.", 11),
        Text(400, 92, "URIs.", 11),
        Text(72, 116, "Sampling", 11),
        Text(250, 116, "Retired too.", 11),
        Text(400, 116, "Return a result", 11),
        Text(400, 130, "that asks for input.", 11),
        Text(72, 170, "That is all there is to say about these changes, which one proposal makes.", 11),
    ]
    assert read_document(make_pdf([first, second]), PDF).markdown == (
        "What changes:\n\n| **Feature** | **Why** | **Instead** |\n|---|---|---|\n"
        "| Roots: the list of folders a client shares with the server. | Retired by the new protocol revision. "
        "| Take paths as tool arguments or resource URIs. |\n| Sampling | Retired too. | Return a result that asks for "
        "input. |\n\nThat is all there is to say about these changes, which one proposal makes."
    )


def test_a_table_whose_cells_are_all_code_under_its_header():
    texts = [Text(72, 100, "Pattern", 11), Text(200, 100, "Example", 11), Text(330, 100, "Result", 11)]
    rows = [
        ("{name}", "alice", '"alice"'),
        ("{+path}", "docs/intro.md", '"docs/intro.md"'),
        ("{.ext}", ".json", '"json"'),
    ]
    for number, row in enumerate(rows):
        texts += [Text(x, 114 + 14 * number, cell, 11, "F3") for x, cell in zip((72, 200, 330), row)]
    assert read_document(make_pdf([texts]), PDF).markdown == (
        '| Pattern | Example | Result |\n|---|---|---|\n| `{name}` | `alice` | `"alice"` |\n'
        '| `{+path}` | `docs/intro.md` | `"docs/intro.md"` |\n| `{.ext}` | `.json` | `"json"` |'
    )


def test_aligned_code_under_a_line_whose_words_only_stand_a_little_apart_stays_code():
    # "Call" is 18.94 points wide in 11-point Helvetica: the next word starts three quarters of an em after it
    texts = [Text(72, 100, "Call", 11), Text(99.2, 100, "it with these arguments:", 11)]
    texts += [Text(72, 114, "result.content", 11, "F3"), Text(200, 114, "# the text", 11, "F3")]
    texts += [Text(72, 128, "result.data", 11, "F3"), Text(200, 128, "# the data", 11, "F3")]
    assert read_document(make_pdf([texts]), PDF).markdown == (
        "Call it with these arguments:\n\n```\nresult.content     # the text\nresult.data        # the data\n```"
    )


def test_bullet_shapes_make_a_nested_list():
    # as a browser prints a list: each bullet a small filled shape left of its line, deeper ones further right
    items = [(90, 100, "First item"), (110, 114, "Nested item"), (90, 128, "Second item")]
    texts = [Text(x, y, text, 11) for x, y, text in items]
    shapes = [(0, x - 10, y - 6, 3.5, 3.5) for x, y, _ in items]
    assert read_document(make_pdf([texts], shapes=shapes), PDF).markdown == (
        "- First item\n  - Nested item\n- Second item"
    )


def test_a_paragraph_goes_on_in_the_next_column():
    left = [Text(72, 100 + 14 * n, text, 10) for n, text in enumerate(["A sentence that starts", "in the left column"])]
    right = [Text(320, 100, "and ends in the right one.", 10), Text(320, 130, "A new paragraph.", 10)]
    assert read_document(make_pdf([left + right]), PDF).markdown == (
        "A sentence that starts in the left column and ends in the right one.\n\nA new paragraph."
    )


def test_a_paragraph_that_ended_its_sentence_is_not_joined_across_the_page_break():
    pdf = make_pdf([[Text(72, 700, "One sentence ends here.", 11)], [Text(72, 72, "Another starts.", 11)]])
    assert read_document(pdf, PDF).markdown == "One sentence ends here.\n\nAnother starts."


@pytest.mark.parametrize(
    "body, message",
    [
        (make_pdf([[Text(72, 72, "secret")]], encrypted=True), "encrypted PDF: it needs a password to be read"),
        (
            make_pdf([[], []], shapes=[(0, 50, 50, 400, 600)]),
            "no text layer: the PDF's 2 page(s) hold no text (a scan?)",
        ),
        (b"%PDF-1.4\n garbage", "corrupt PDF: Failed to load document (PDFium: Data format error)."),
        (b"PK\x03\x04 not a zip", "corrupt DOCX: File is not a zip file"),
    ],
)
def test_documents_that_cannot_be_read_say_why(body, message):
    with pytest.raises(DocumentError) as info:
        read_document(body, PDF if body.startswith(b"%PDF") else DOCX)
    assert str(info.value) == message


def test_the_python_api_tells_documents_apart_by_their_bytes():
    assert convert_document(REPORT, url="https://e.test/report.pdf").markdown == REPORT_MARKDOWN
    assert convert_document(GUIDE, "application/octet-stream").markdown == "# Guide\n\nSome text.\n\n## Part"
    with pytest.raises(UnsupportedContent, match=r"^cannot read application/zip \(22 bytes\)$"):
        convert_document(b"PK\x05\x06" + bytes(18), "application/zip")


def test_docx_through_mammoth_and_the_one_renderer():
    page = read_document(GUIDE, DOCX, "https://e.test/guide.docx")
    assert page.markdown == "# Guide\n\nSome text.\n\n## Part"
    assert (page.title, page.author, page.published_date) == ("The Guide", "Bo", "2024-03-01T10:00:00Z")


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        srv.route("/", '<html><body><h1>Home</h1><p><a href="/report.pdf">report</a> <a href="/guide">guide</a></p>')
        srv.route("/report.pdf", REPORT, headers={"Content-Type": "application/pdf"})
        docx_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        srv.route("/guide", GUIDE, headers={"Content-Type": docx_type})
        srv.route(
            "/locked.pdf", make_pdf([[Text(72, 72, "x")]], encrypted=True), headers={"Content-Type": "application/pdf"}
        )
        yield srv


def test_fetch_prints_a_pdf_as_markdown(server):
    done = web2md("fetch", server.url("/report.pdf"))
    assert (done.returncode, done.stdout, done.stderr) == (0, REPORT_MARKDOWN + "\n", "")


def test_fetch_of_an_encrypted_pdf_fails_with_one_line(server):
    done = web2md("fetch", server.url("/locked.pdf"))
    assert done.returncode == 1
    assert (
        done.stderr
        == f"web2md: extraction failed: encrypted PDF: it needs a password to be read: {server.url('/locked.pdf')}\n"
    )


def test_a_site_crawl_follows_linked_documents_into_pages_and_keeps_the_files(server, tmp_path):
    result = crawl.run("site", url=server.url("/"), output=str(tmp_path), depth="1")
    pages = {item["url"]: item for item in result.items}
    assert pages[server.url("/report.pdf")]["markdown"] == REPORT_MARKDOWN
    assert pages[server.url("/guide")]["markdown"] == "# Guide\n\nSome text.\n\n## Part"
    host = tmp_path / f"127.0.0.1_{server.port}"
    assert (host / "report.pdf").read_bytes() == REPORT  # the original, as it came
    assert (host / "report.pdf.md").read_text() == REPORT_MARKDOWN + "\n"
    assert result.stats["web2md/document_count"] == 2
    report = json.loads(next((tmp_path / "_runs").glob("*.json")).read_text())
    assert (report["pages_written"], report["documents_written"], report["files_written"]) == (3, 2, 5)


def test_documents_off_keeps_them_as_files(server, tmp_path):
    result = crawl.run("site", url=server.url("/"), output=str(tmp_path), depth="1", documents="0")
    documents = sorted(item["url"] for item in result.items if "markdown" not in item.fields)
    assert documents == [server.url("/guide"), server.url("/report.pdf")]
