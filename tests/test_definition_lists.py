"""A definition list is its terms in bold, each definition a block opened by ": " (the definition list of Pandoc and
PHP Markdown Extra); a definition with no term before it only indents, as wikis use it."""

from __future__ import annotations

import pytest

from web2md import convert

DEFINITIONS = (
    "<dl><dt>Tide</dt><dd>The rise and fall of the sea.</dd>"
    "<dt>Neap</dt><dt>Neap <b>tide</b></dt><dd>A tide of small range.</dd>"
    "<dd><p>Also: <em>neaps</em>.</p><p>Second paragraph.</p><ul><li>one</li><li>two</li></ul></dd></dl>"
)


@pytest.mark.parametrize(
    "html, markdown",
    [
        (
            DEFINITIONS,
            "**Tide**\n\n: The rise and fall of the sea.\n\n**Neap**\n\n**Neap tide**\n\n: A tide of small range.\n\n"
            ": Also: *neaps*.\n\n  Second paragraph.\n\n  - one\n  - two",
        ),
        ("<dl><dd>An indented formula, as wikis mark one up.</dd></dl>", "An indented formula, as wikis mark one up."),
        ("<ul><li><dl><dt>Term</dt><dd>in a list</dd></dl></li></ul>", "- **Term**\n\n  : in a list"),
        (
            "<table><tr><td><dl><dt>a</dt><dd>b</dd></dl></td><td>c</td></tr><tr><td>d</td><td>e</td></tr></table>",
            "**a**\n\n: b\n\nc\n\nd\n\ne",  # a list in a cell makes it a layout table: its cells are blocks
        ),
    ],
    ids=["terms and definitions", "a definition alone", "inside a list item", "inside a layout table"],
)
def test_a_definition_list_is_terms_in_bold_and_definitions_after_a_colon(html, markdown):
    page = convert(f"<html><body>{html}</body></html>", main_content=False)
    assert page.markdown == markdown
    assert ":" not in page.text.replace("Also:", "")  # the plain text has the words only
