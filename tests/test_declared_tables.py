"""Tables laid out with other elements that declare themselves tables (ARIA role=table, CSS display:table in a
style attribute) come out as Markdown tables, cell for cell; interactive grids and one-row boxes do not."""

from __future__ import annotations

import pytest

from tests.linearity import assert_linear
from web2md import convert

LEAD = "<p>A paragraph long enough to be the page's own text, ahead of the table that follows it here.</p>"


def page(table: str) -> str:
    return f"<html><body><main><h1>Prices</h1>{LEAD}{table}<p>After the table.</p></main></body></html>"


def body(table: str) -> str:
    markdown = convert(page(table), main_content=False).markdown
    return markdown.split("\n\n", 2)[2].rsplit("\n\n", 1)[0]


ARIA = (
    '<div role="table" aria-label="Prices"><div role="rowgroup"><div role="row">'
    '<span role="columnheader">Tea</span><span role="columnheader">Price</span></div></div>'
    '<div role="rowgroup"><div role="row"><span role="rowheader">Sencha</span><span role="cell">4 €</span></div>'
    '<div role="row"><span role="rowheader">Assam</span><span role="cell">3 | 5 €</span></div></div></div>'
)
DISPLAY = (
    '<div style="display: table"><div style="display:table-row"><div style="DISPLAY: table-cell">Tea</div>'
    '<div style="display:table-cell">Price</div></div><div style="display:table-row">'
    '<div style="display:table-cell">Sencha</div><div style="display:table-cell">4 €</div></div></div>'
)


@pytest.mark.parametrize(
    "table, expected",
    [
        (ARIA, "| Tea | Price |\n|---|---|\n| Sencha | 4 € |\n| Assam | 3 \\| 5 € |"),
        (ARIA.replace('role="table"', 'role="table presentation"'), None),
        (DISPLAY, "| Tea | Price |\n|---|---|\n| Sencha | 4 € |"),
    ],
    ids=["aria", "aria role list, first role counts", "css display"],
)
def test_a_declared_table_is_a_markdown_table(table, expected):
    if expected is None:  # the same table as the first case
        expected = "| Tea | Price |\n|---|---|\n| Sencha | 4 € |\n| Assam | 3 \\| 5 € |"
    assert body(table) == expected


def test_the_table_is_also_page_data():
    tables = convert(page(ARIA), main_content=False).tables
    assert tables == [{"headers": ["Tea", "Price"], "rows": [["Sencha", "4 €"], ["Assam", "3 | 5 €"]], "caption": ""}]


@pytest.mark.parametrize(
    "table",
    [
        ARIA.replace('role="table"', 'role="grid"'),  # an interactive widget: its cells are controls
        '<div role="table"><div role="row"><span role="cell">Only</span><span role="cell">row</span></div></div>',
        '<div role="table"><div role="row"><span role="cell">One</span></div>'
        '<div role="row"><span role="cell">cell</span></div></div>',
    ],
    ids=["grid", "one row", "one cell a row"],
)
def test_not_a_table(table):
    assert "|---" not in body(table)


def test_a_layout_declared_as_a_table_renders_as_blocks():
    layout = (
        '<div style="display:table"><div style="display:table-row"><div style="display:table-cell">'
        "<p>Sidebar first paragraph.</p><p>Sidebar second paragraph.</p></div>"
        '<div style="display:table-cell"><p>Column one.</p><p>Column two.</p></div></div>'
        '<div style="display:table-row"><div style="display:table-cell">Foot</div>'
        '<div style="display:table-cell">Note</div></div></div>'
    )
    assert "|---" not in body(layout)


def test_a_table_declared_inside_a_declared_layout_is_still_a_table():
    outer = f'<div style="display:table"><div style="display:table-row"><div style="display:table-cell">{ARIA}</div></div></div>'
    assert "| Sencha | 4 € |" in body(outer)


def test_nested_and_many_declared_tables_stay_linear():
    def tables(count: int) -> str:
        nested = '<div role="table"><div role="row">' * count
        cells = '<i role="cell">a</i><i role="cell">b</i>'
        return f"<html><body><p>x</p>{nested}{cells}{'</div></div>' * count}{ARIA * count}</body></html>"

    assert_linear(tables, 1000, fn=convert)
