"""Golden rendering cases (see docs/design.md#rendering): every ``tests/golden/NAME.html`` renders to ``NAME.md``
exactly.

* Each case is rendered with the plain region choice of docs/design.md#plain-region (no main-content
  scoring), from the file's raw bytes (so charset detection and CRLF input are
  part of the case), with the page URL ``https://example.test/dir/page``.
* A first line ``<!-- web2md: include_images -->`` in the HTML turns the
  option on for that case (the comment itself is thrown away like any other).
* ``NAME.txt``, when present, is the expected plain text (``Page.text``).
* Expected files hold the exact output bytes: no final newline (see docs/design.md#rendering).

``WEB2MD_UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden.py`` rewrites the
expected files from the current output; review every changed file by hand
against docs/design.md#rendering before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from web2md import html_to_text
from web2md.extract.convert import render_plain
from web2md.extract.html.parse import parse_html
from web2md.extract.html.urls import document_base
from web2md.extract.options import Options

GOLDEN = Path(__file__).parent / "golden"
URL = "https://example.test/dir/page"
UPDATE = os.environ.get("WEB2MD_UPDATE_GOLDEN") == "1"
CASES = sorted(p.stem for p in GOLDEN.glob("*.html"))


def case_options(html: bytes) -> dict:
    first = html.split(b"\n", 1)[0].strip()
    prefix, suffix = b"<!-- web2md:", b"-->"
    if not (first.startswith(prefix) and first.endswith(suffix)):
        return {}
    names = first[len(prefix) : -len(suffix)].decode().split()
    return {name: True for name in names}


def render(html: bytes, **options):
    root = parse_html(html)
    return render_plain(root, document_base(root, URL), URL, Options(**options))


def check(path: Path, actual: str) -> None:
    if UPDATE:
        path.write_bytes(actual.encode("utf-8"))
        return
    assert path.exists(), f"missing expected file {path.name}"
    expected = path.read_bytes().decode("utf-8")
    assert actual == expected


def test_enough_cases():
    assert len(CASES) >= 40


@pytest.mark.parametrize("name", CASES)
def test_golden(name: str):
    html = (GOLDEN / f"{name}.html").read_bytes()
    options = case_options(html)
    rendered = render(html, **options)
    check(GOLDEN / f"{name}.md", rendered.markdown)
    txt = GOLDEN / f"{name}.txt"
    if txt.exists():
        check(txt, rendered.text)
    # the contract holds for every case, whatever its expected file says
    for out in (rendered.markdown, rendered.text):
        assert not out.endswith("\n") and not out.startswith("\n")
        assert "\r" not in out
    if not options:  # the public function renders the same plain region
        assert html_to_text(html, URL) == rendered.markdown


@pytest.mark.parametrize("name", CASES)
def test_golden_is_deterministic_and_line_ending_blind(name: str):
    html = (GOLDEN / f"{name}.html").read_bytes()
    options = case_options(html)
    first = render(html, **options).markdown
    assert render(html, **options).markdown == first
    lf = html.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    assert render(lf, **options).markdown == first
    assert render(lf.replace(b"\n", b"\r\n"), **options).markdown == first
