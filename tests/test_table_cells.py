"""Every cell of a table survives the Markdown: read back by a GFM reader, the grid is the HTML's, cell for cell,
whatever the cells hold (backslashes, pipes, code, line breaks, lists) and whether the table is written with
`<table>`, ARIA roles or CSS display values."""

from __future__ import annotations

import pytest

from tests.gfm_tables import AFTER, LEAD, grids, page, round_trip
from tests.linearity import assert_linear
from web2md import convert

# (cell HTML, the text a reader sees in it)
BACKSLASHES = [
    ("C:\\dir\\", "C:\\dir\\"),
    ("\\", "\\"),
    ("two\\\\", "two\\\\"),
    ("<em>ends\\</em>", "ends\\"),
    ('<a href="https://x.example/">link\\</a>', "link\\"),
    ("<code>C:\\dir\\</code>", "C:\\dir\\"),
    ("tail\\<code>x</code>", "tail\\x"),
]
PIPES = [
    ("a | b", "a | b"),
    ("a \\| b", "a \\| b"),
    ("|", "|"),
    ("||", "||"),
    ("\\|", "\\|"),
    ("\\\\|", "\\\\|"),
    ("x\\|y\\", "x\\|y\\"),
    ("<b>a|b</b>", "a|b"),
    ('<a href="https://x.example/a|b">l|k</a>', "l|k"),
]
CODE = [
    ("<code>a | b</code>", "a | b"),
    ("<code>a \\| b</code>", "a \\| b"),
    ("<code>|</code>", "|"),
    ("<code>`|`</code>", "`|`"),
    ("<code>\\|</code>", "\\|"),
    ("<code>a\\</code>|", "a\\|"),
    ("<kbd>Ctrl</kbd>+<kbd>|</kbd>", "Ctrl+|"),
]


def html_table(rows: list[list[str]]) -> str:
    head = "".join(f"<th>{c}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def aria_table(rows: list[list[str]]) -> str:
    head = "".join(f'<span role="columnheader">{c}</span>' for c in rows[0])
    body = "".join(
        '<div role="row">' + "".join(f'<span role="cell">{c}</span>' for c in row) + "</div>" for row in rows[1:]
    )
    return f'<div role="table"><div role="rowgroup"><div role="row">{head}</div></div><div role="rowgroup">{body}</div></div>'


def css_table(rows: list[list[str]]) -> str:
    def row(cells: list[str]) -> str:
        return (
            '<div style="display: table-row">'
            + "".join(f'<div style="display: table-cell">{c}</div>' for c in cells)
            + "</div>"
        )

    head = row(rows[0])
    body = "".join(row(r) for r in rows[1:])
    return (
        '<div style="display: table"><div style="display: table-header-group">'
        f'{head}</div><div style="display: table-row-group">{body}</div></div>'
    )


def css_wrapped_table(rows: list[list[str]]) -> str:
    """`css_table` with a wrapper around each row and each cell's content in a paragraph."""
    table = css_table([[f"<p>{c}</p>" for c in row] for row in rows])
    row_start = '<div style="display: table-row">'
    return table.replace(row_start, f'<div class="line">{row_start}').replace(
        "</p></div></div>", "</p></div></div></div>"
    )


@pytest.mark.parametrize("layout", [html_table, aria_table, css_table], ids=["table", "aria", "css"])
@pytest.mark.parametrize("cases", [BACKSLASHES, PIPES, CODE], ids=["backslashes", "pipes", "code"])
def test_cells_read_back_as_written(layout, cases):
    # each cell twice in its row: once before the next cell's delimiter, once before the row's end
    rows = [["Left", "Right"]] + [[html, html] for html, _ in cases]
    assert round_trip(layout(rows)) == [["Left", "Right"]] + [[text, text] for _, text in cases]


def test_a_cell_ending_in_a_backslash_is_written_with_it_escaped():
    markdown = convert(page(html_table([["Path", "Kind"], ["C:\\dir\\", "folder"]])), main_content=False).markdown
    assert "| C:\\\\dir\\\\ | folder |" in markdown.splitlines()


def test_an_aria_table_of_row_groups_row_headers_grid_cells_and_wrappers():
    table = (
        '<div role="table" aria-label="Teas">'
        '<div role="rowgroup"><div role="row"><div role="columnheader">Tea</div><div class="wrap">'
        '<div role="columnheader">Price</div></div><div role="columnheader">Note</div></div></div>'
        '<div role="rowgroup"><div class="line"><div role="row"><div role="rowheader">Sencha</div>'
        '<div role="gridcell">4 €</div><div role="cell"><div><span>green</span></div></div></div></div>'
        '<div role="row"><div role="rowheader">Assam</div><div role="cell">3 €</div><div role="cell">black</div>'
        "</div></div></div>"
    )
    assert round_trip(table) == [["Tea", "Price", "Note"], ["Sencha", "4 €", "green"], ["Assam", "3 €", "black"]]


def test_an_aria_caption_is_the_table_caption():
    table = aria_table([["Tea", "Price"], ["Sencha", "4 €"]]).replace(
        '<div role="table">', '<div role="table"><div role="caption">Teas we sell</div>'
    )
    assert round_trip(table, caption="Teas we sell") == [["Tea", "Price"], ["Sencha", "4 €"]]


def test_css_table_groups_caption_and_columns():
    table = (
        '<div style="display:table"><div style="display:table-caption">Teas we sell</div>'
        '<div style="display:table-column-group"><div style="display: table-column"></div></div>'
        '<div style="DISPLAY: TABLE-HEADER-GROUP"><div style="display:table-row"><div style="display:table-cell">Tea'
        '</div><div style="display:table-cell">Price</div></div></div><div style="display:table-row-group">'
        '<div style="display:table-row"><div style="display:table-cell">Sencha</div>'
        '<div style="display:table-cell">4 €</div></div></div><div style="display:table-footer-group">'
        '<div style="display:table-row"><div style="display:table-cell">Total</div>'
        '<div style="display:table-cell">4 €</div></div></div></div>'
    )
    assert round_trip(table, caption="Teas we sell") == [["Tea", "Price"], ["Sencha", "4 €"], ["Total", "4 €"]]


@pytest.mark.parametrize(
    "row",
    [
        '<div role="row"><div>Assam</div><div role="cell">3 €</div></div>',
        '<div role="row">Assam<div role="cell">3 €</div></div>',
        '<div role="row"><span role="cell">Assam</span> <b>3 €</b> </div>',
    ],
    ids=["element without a role", "text", "after the cells"],
)
def test_what_a_row_holds_outside_its_cells_is_a_cell_where_it_stands(row):
    table = aria_table([["Tea", "Price"], ["Sencha", "4 €"]])[: -len("</div></div>")] + row + "</div></div>"
    assert round_trip(table) == [["Tea", "Price"], ["Sencha", "4 €"], ["Assam", "3 €"]]


@pytest.mark.parametrize(
    "table",
    [
        '<div role="table">Prices <b>today</b>:<div role="row"><span role="cell">Tea</span><span role="cell">Price</span>'
        '</div><div role="row"><span role="cell">Sencha</span><span role="cell">4 €</span></div>Prices may change.</div>',
        "<table>Prices <b>today</b>:<tr><td>Tea</td><td>Price</td></tr><tr><td>Sencha</td><td>4 €</td></tr>"
        "Prices may change.</table>",
    ],
    ids=["aria", "table"],
)
def test_text_in_a_table_outside_its_rows_stays_before_or_after_it(table):
    markdown = convert(page(table), main_content=False).markdown
    assert markdown.split("\n\n")[2:5] == [
        "Prices **today**:",
        "| Tea | Price |\n|---|---|\n| Sencha | 4 € |",
        "Prices may change.",
    ]


def test_a_table_row_holding_text_outside_its_cells_keeps_it_in_place():
    table = "<table><tr><th>Tea</th><th>Price</th></tr><tr><span>Assam</span><td>3 €</td></tr></table>"
    assert round_trip(table) == [["Tea", "Price"], ["Assam", "3 €"]]


@pytest.mark.parametrize("layout", [html_table, aria_table, css_table], ids=["table", "aria", "css"])
def test_cells_holding_breaks_lists_and_paragraphs(layout):
    rows = [
        ["Plan", "Pros", "Cons"],
        ["Loan<br>fixed", "<ul><li>Own the car</li><li>Pay early</li></ul>", "<p>Higher rates.</p><p>Deposit.</p>"],
        ["<div>Lease</div><div>monthly</div>", "<ol><li>Low rates</li></ol>", "<dl><dt>Limit</dt><dd>10k</dd></dl>"],
    ]
    assert round_trip(layout(rows)) == [
        ["Plan", "Pros", "Cons"],
        ["Loan fixed", "Own the car Pay early", "Higher rates. Deposit."],
        ["Lease monthly", "Low rates", "Limit 10k"],
    ]


def test_cells_holding_lists_are_data_in_the_page_tables_too():
    table = html_table([["Plan", "Pros"], ["Loan", "<ul><li>Own the car</li><li>Pay early</li></ul>"]])
    assert convert(page(table), main_content=False).tables == [
        {"headers": ["Plan", "Pros"], "rows": [["Loan", "Own the car Pay early"]], "caption": ""}
    ]


@pytest.mark.parametrize(
    "table",
    [
        "<table><tr><td><ul><li>Home</li><li>About</li></ul></td><td><p>Welcome here.</p><p>Read on.</p></td></tr>"
        "<tr><td>Left</td><td>Right</td></tr></table>",
        "<table><tr><th>Menu</th><th>Page</th></tr><tr><td><h2>Home</h2></td><td>Welcome.</td></tr></table>",
    ],
    ids=["no header row", "a heading in a cell"],
)
def test_a_layout_table_still_renders_as_blocks(table):
    markdown = convert(page(table), main_content=False).markdown
    assert "|---" not in markdown


def test_a_headed_table_of_long_cells_stays_linear():
    def table(count: int) -> str:
        return page(html_table([["A", "B"], ["<p>x</p>" * count + "<ul><li>y</li></ul>" * count, "z"]]))

    assert_linear(table, 4000, fn=lambda html: convert(html, main_content=False))


@pytest.mark.parametrize(
    "layout", [html_table, aria_table, css_table, css_wrapped_table], ids=["table", "aria", "css", "css wrapped"]
)
def test_what_the_cells_of_a_headed_table_hold_is_kept_by_main_content_extraction(layout):
    # in a cell, a line of one link or a date is a value of the table, not a navigation block or a date line
    rows = [
        ["Version", "Released", "Notes"],
        ["<div>2.1</div>", "<div>2026-07-28</div>", '<div><a href="https://x.example/2.1">Release notes</a></div>'],
        ["<div>2.0</div>", "<div>2026-01-12</div>", '<div><a href="https://x.example/2.0">Release notes</a>.</div>'],
    ]
    story = "".join(f"<p>{LEAD} Paragraph {n} of the story goes on for a while here.</p>" for n in range(4))
    html = (
        '<html><body><nav><a href="/">Home</a> <a href="/docs">Docs</a> <a href="/blog">Blog</a></nav>'
        f"<article><h1>Versions</h1>{story}{layout(rows)}<p>{AFTER}</p></article>"
        "<footer><p>Copyright 2026 Example. All rights reserved.</p></footer></body></html>"
    )
    assert grids(convert(html, "https://x.example/versions").markdown) == [
        [
            ["Version", "Released", "Notes"],
            ["2.1", "2026-07-28", "Release notes"],
            ["2.0", "2026-01-12", "Release notes."],
        ]
    ]


@pytest.mark.parametrize("layout", [html_table, css_wrapped_table], ids=["table", "css wrapped"])
def test_a_cell_repeating_another_keeps_its_text(layout):
    # the repeat rule leaves out a paragraph written before; a table's values repeat, each in its own cell
    rows = [["Browser", "Support"], ["Firefox", "<p>Supported since version 12</p>"]]
    rows.append(["Chrome", "<p>Supported since version 12</p>"])
    story = "".join(f"<p>{LEAD} Paragraph {n} of the story goes on for a while here.</p>" for n in range(4))
    html = f"<html><body><article><h1>Support</h1>{story}{layout(rows)}<p>{AFTER}</p></article></body></html>"
    assert grids(convert(html, "https://x.example/support").markdown) == [
        [["Browser", "Support"], ["Firefox", "Supported since version 12"], ["Chrome", "Supported since version 12"]]
    ]


def test_furniture_inside_a_headed_table_is_still_left_out():
    rows = [["Version", "Notes"], ["2.1", "Faster <aside>Advertisement: buy our course today</aside>"]]
    story = "".join(f"<p>{LEAD} Paragraph {n} of the story goes on for a while here.</p>" for n in range(4))
    html = f"<html><body><article><h1>Versions</h1>{story}{html_table(rows)}<p>{AFTER}</p></article></body></html>"
    assert grids(convert(html, "https://x.example/versions").markdown) == [[["Version", "Notes"], ["2.1", "Faster"]]]
