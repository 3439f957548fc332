"""A big page's plain table rows are packed while it is parsed (issue 32): the tree is a fraction of the size and
the page converts exactly as it does unpacked."""

from __future__ import annotations

import pytest
from lxml import etree

from web2md import convert
from web2md.extract.html import parse as parse_module
from web2md.extract.html.parse import parse_html
from web2md.extract.html.rows import MAX_CELL, PACKED
from web2md.extract.maincontent.analysis import RECALL_MIN_UNIT

URL = "https://example.test/"


def big_table(rows: int) -> str:
    body = "".join(f"<tr><td>{i}</td><td>item {i} &amp; co</td><td>{i * 7 % 1000}</td></tr>\n" for i in range(rows))
    return (
        "<html><head><title>Big</title></head><body><h1>A big table</h1><table>"
        f"<tr><th>Row</th><th>Name</th><th>Value</th></tr>\n{body}</table><p>The end.</p></body></html>"
    )


def unpacked(monkeypatch: pytest.MonkeyPatch, html: str | bytes, **options) -> dict:
    with monkeypatch.context() as patch:
        patch.setattr(parse_module, "PACK_MIN_ROWS", 10**12)
        return convert(html, URL, **options).to_dict()


def test_a_big_tables_rows_are_packed_and_convert_alike(monkeypatch):
    monkeypatch.setattr(parse_module, "PACK_MIN_BYTES", 0)  # (a table of 12,000 rows, 0.6 MB)
    html = big_table(12_000)
    root = parse_html(html.encode(), pack_rows=True)
    assert sum(1 for _ in root.iter()) < 50  # 12,000 rows of four elements each, packed by the thousand
    whole = parse_html(html.encode())
    assert "".join(root.itertext()) == "".join(whole.itertext())
    page = convert(html.encode(), URL).to_dict()
    assert page == unpacked(monkeypatch, html.encode())
    assert page["markdown"].count("\n") == 12_000 + 5 and page["markdown"].endswith(
        "| 11999 | item 11999 & co | 993 |\n\nThe end."
    )
    assert len(page["tables"][0]["rows"]) == 12_000


# rows packed and rows kept side by side: a header row, attributes, links and blocks in cells, text between rows,
# comments, a nested table, a one-column (layout) table, a row outside any table
MIXED = """<html><body><article><h1>Mixed tables</h1>
<table><tr><td>first</td><td>row</td></tr><tr><td>a</td><td>b</td></tr>
<tr><td> c </td><td>d</td></tr> stray text <tr><td>e</td><td>f</td></tr><tr><th>g</th><td>h</td></tr>
<tr class="x"><td>i</td><td>j</td></tr><tr><td>k</td><td><a href="/l">l</a></td></tr><tr><td>m</td><td>n</td></tr>
<tr><td>o</td><!-- c --><td>p</td></tr><tr><td colspan="2">q</td></tr><tr><td>r</td><td>s</td></tr>
<tr><td>t</td><td>u</td></tr></table>
<table><tr><td>one</td></tr><tr><td>column</td></tr><tr><td>layout</td></tr></table>
<table><tr><td>outer</td><td>cell</td></tr><tr><td>x</td><td><table><tr><td>1</td><td>2</td></tr>
<tr><td>3</td><td>4</td></tr><tr><td>5</td><td>6</td></tr></table></td></tr><tr><td>y</td><td>z</td></tr>
<tr><td>a paragraph-long cell of text that is long enough to count as content by itself</td><td>w</td></tr></table>
<div><tr><td>loose</td></tr><tr><td>rows</td></tr><tr><td>here</td></tr></div>
<p>After the tables.</p></article></body></html>"""


@pytest.mark.parametrize("mode", [{}, {"precision": True}, {"recall": True}, {"main_content": False}])
def test_packed_rows_convert_as_the_rows_do(monkeypatch, mode):
    expected = unpacked(monkeypatch, MIXED, **mode)
    monkeypatch.setattr(parse_module, "PACK_MIN_BYTES", 0)
    monkeypatch.setattr(parse_module, "PACK_MIN_ROWS", 0)
    root = parse_html(MIXED, pack_rows=True)
    assert [len(el.get("data-web2md-shape").split("t")) - 1 for el in root.iter(PACKED)] == [2] * 6
    assert etree.tostring(root, method="text") == etree.tostring(parse_html(MIXED), method="text")
    assert convert(MIXED, URL, **mode).to_dict() == expected


def test_selectors_see_the_rows():
    # an excluded selector may name rows or cells: the page is parsed without packing
    html = big_table(12_000)
    page = convert(html, URL, exclude_selector="tr:nth-child(3)")
    assert "| 1 | item 1 & co | 7 |" not in page.markdown and "| 2 | item 2 & co | 14 |" in page.markdown


def test_packed_cells_are_too_short_to_be_content():
    assert MAX_CELL < RECALL_MIN_UNIT


def test_past_libxml2s_depth_limit_while_packing(monkeypatch):
    # the pull parser says so in its own error log: the page is parsed again flattened, as in one piece
    monkeypatch.setattr(parse_module, "PACK_MIN_BYTES", 0)
    monkeypatch.setattr(parse_module, "PACK_MIN_ROWS", 0)
    n = 3000
    html = "<p>Before.</p>" + "<table><tr><td>" * n + "Deep." + "</td></tr></table>" * n + "<p>After.</p>"
    assert "".join(parse_html(html, pack_rows=True).itertext()) == "Before.Deep.After."


def test_the_worker_packs_a_big_pages_rows_unless_selectors_look_for_them(monkeypatch):
    from web2md.conversion.converter import Conversion, run_conversion
    from web2md.extract.html import rows

    packed: list[int] = []
    pack = rows.RowPacker.pack
    monkeypatch.setattr(rows.RowPacker, "pack", staticmethod(lambda run: packed.append(len(run)) or pack(run)))
    monkeypatch.setattr(parse_module, "PACK_MIN_BYTES", 0)
    body = big_table(12_000).encode()
    page = run_conversion(Conversion(URL, body, html=True, links=True))["page"]
    assert packed == [1000] * 12  # (the header row stays as it is)
    assert page == unpacked(monkeypatch, body)
    packed.clear()
    run_conversion(Conversion(URL, body, html=True, options={"exclude_selector": ("nav",)}))
    assert packed == []
