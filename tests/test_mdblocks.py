"""The Markdown block reader (web2md.formats.mdblocks) and its two writers: the html format's body and the terminal."""

from __future__ import annotations

from web2md import convert
from web2md.formats.htmldoc import markdown_to_html
from web2md.formats.mdblocks import CodeBlock, Emphasis, Heading, Item, Link, ListBlock, Math, Paragraph, Text, read
from web2md.frontends.ansi import render, render_ansi, strip_ansi

# A list item holding more than one block: text, a fenced code block, a second paragraph and a nested list.
ITEM_HTML = (
    "<main><h1>Setup</h1><ol><li>Install it:"
    '<pre class="language-sh">pip install web2md\nweb2md --help</pre>'
    '<p>Then run it on <a href="https://example.org/">a page</a>.</p>'
    "<ul><li>first <em>try</em></li><li>second</li></ul></li>"
    "<li>Done.</li></ol><p>After.</p></main>"
)
ITEM_MD = (
    "# Setup\n\n"
    "1. Install it:\n\n"
    "   ```sh\n   pip install web2md\n   web2md --help\n   ```\n\n"
    "   Then run it on [a page](https://example.org/).\n"
    "   - first *try*\n"
    "   - second\n"
    "2. Done.\n\n"
    "After."
)


def test_the_fixture_is_what_the_renderer_writes():
    assert convert(ITEM_HTML, "https://x.example/").markdown == ITEM_MD


def test_blocks_of_a_list_item_are_read_into_it():
    heading, items, after = read(ITEM_MD)
    assert heading == Heading(1, [Text("Setup")])
    assert after == Paragraph([Text("After.")])
    assert isinstance(items, ListBlock) and items.ordered and items.start == 1 and not items.tight
    first, second = items.items
    assert first.marker == "1." and second == Item("2.", [Paragraph([Text("Done.")])])
    assert first.blocks[:3] == [
        Paragraph([Text("Install it:")]),
        CodeBlock("sh", "pip install web2md\nweb2md --help"),
        Paragraph([Text("Then run it on "), Link("https://example.org/", [Text("a page")]), Text(".")]),
    ]
    nested = first.blocks[3]
    assert isinstance(nested, ListBlock) and not nested.ordered and nested.tight
    assert nested.items == [
        Item("-", [Paragraph([Text("first "), Emphasis(False, [Text("try")])])]),
        Item("-", [Paragraph([Text("second")])]),
    ]


def test_html_of_a_list_item_holding_blocks():
    assert markdown_to_html(ITEM_MD) == (
        "<h1>Setup</h1>\n"
        "<ol><li><p>Install it:</p>"
        '<pre><code class="language-sh">pip install web2md\nweb2md --help</code></pre>'
        '<p>Then run it on <a href="https://example.org/">a page</a>.</p>'
        "<ul><li>first <em>try</em></li><li>second</li></ul></li>"
        "<li><p>Done.</p></li></ol>\n"
        "<p>After.</p>"
    )


def test_terminal_text_of_a_list_item_holding_blocks():
    assert strip_ansi(render_ansi(ITEM_MD)) == (
        "Setup\n"
        "\n"
        "1. Install it:\n"
        "\n"
        "                    sh \n"
        "    pip install web2md \n"
        "    web2md --help      \n"
        "\n"
        "   Then run it on a page.\n"
        "\n"
        "   • first try\n"
        "   • second\n"
        "\n"
        "2. Done.\n"
        "\n"
        "After."
    )
    numbered = render(ITEM_MD, 30, number_links=True)
    assert "   Then run it on [1]a page." in strip_ansi(numbered.text).split("\n")
    assert numbered.links == ["https://example.org/"]


def test_tight_list_items_stay_bare_and_unspaced():
    md = "- a\n  - b\n- c"
    assert markdown_to_html(md) == "<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>"
    assert strip_ansi(render_ansi(md)) == "• a\n  • b\n• c"


def test_a_hard_break_in_a_list_item():
    md = "- one\\\n  two\n- three"
    assert markdown_to_html(md) == "<ul><li>one<br>\ntwo</li><li>three</li></ul>"
    assert strip_ansi(render_ansi(md)) == "• one\n  two\n• three"


def test_emphasis_is_read_as_commonmark():
    md = "***both*** and a *literal, *star and snake_case_name"
    assert markdown_to_html(md) == ("<p><em><strong>both</strong></em> and a *literal, *star and snake_case_name</p>")
    assert strip_ansi(render_ansi(md)) == "both and a *literal, *star and snake_case_name"


def test_formulas_keep_their_tex():
    md = "Costs $5 and $10; $x_{1} * y_{2}$ holds.\n\n$$\\frac{a}{b}_{i}$$"
    (inline, display) = read(md)
    assert inline == Paragraph([Text("Costs $5 and $10; "), Math("x_{1} * y_{2}", False), Text(" holds.")])
    assert display == Paragraph([Math("\\frac{a}{b}_{i}", True)])
    assert markdown_to_html(md) == "<p>Costs $5 and $10; $x_{1} * y_{2}$ holds.</p>\n<p>$$\\frac{a}{b}_{i}$$</p>"
    assert strip_ansi(render_ansi(md)) == "Costs $5 and $10; $x_{1} * y_{2}$ holds.\n\n$$\\frac{a}{b}_{i}$$"


def test_table_alignment():
    md = "| left | centre | right |\n|:---|:---:|---:|\n| a | b | c |"
    assert markdown_to_html(md) == (
        '<table><thead><tr><th style="text-align:left">left</th><th style="text-align:center">centre</th>'
        '<th style="text-align:right">right</th></tr></thead><tbody><tr><td style="text-align:left">a</td>'
        '<td style="text-align:center">b</td><td style="text-align:right">c</td></tr></tbody></table>'
    )
    assert strip_ansi(render_ansi(md)).split("\n")[3] == "│ a    │   b    │     c │"


def test_links_keep_their_destination_as_written():
    md = "[a](javascript:alert(1)) [b](https://e.example/%20x?a=1&b=2) ![c *d*](/i.png)"
    assert markdown_to_html(md) == (
        '<p><a href="">a</a> <a href="https://e.example/%20x?a=1&amp;b=2">b</a> <img src="/i.png" alt="c d"></p>'
    )
    rendered = render(md, number_links=True)
    assert rendered.links == ["javascript:alert(1)", "https://e.example/%20x?a=1&b=2"]
    assert strip_ansi(rendered.text) == "[1]a [2]b [image: c d]"


def test_nesting_past_the_bound_is_read_without_error():
    deep_quote = "> " * 5000 + "deep\n\nAfter."
    assert markdown_to_html(deep_quote).endswith("<p>After.</p>")
    assert strip_ansi(render_ansi(deep_quote)).endswith("After.")
    deep_emphasis = "*_" * 2000 + "a" + "_*" * 2000
    assert strip_ansi(render_ansi(deep_emphasis)).strip("*_") == "a"
    assert "a" in markdown_to_html(deep_emphasis)
