"""A definition list is its terms in bold, each over its definitions: CommonMark has no definition list, and a bold
line over its text reads as one in every reader."""

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
            "**Tide**\n\nThe rise and fall of the sea.\n\n**Neap**\n\n**Neap tide**\n\nA tide of small range.\n\n"
            "Also: *neaps*.\n\nSecond paragraph.\n\n- one\n- two",
        ),
        ("<dl><dd>An indented formula, as wikis mark one up.</dd></dl>", "An indented formula, as wikis mark one up."),
        ("<ul><li><dl><dt>Term</dt><dd>in a list</dd></dl></li></ul>", "- **Term**\n\n  in a list"),
    ],
    ids=["terms and definitions", "a definition alone", "inside a list item"],
)
def test_a_definition_list_is_its_terms_in_bold_over_their_definitions(html, markdown):
    page = convert(f"<html><body>{html}</body></html>", main_content=False)
    assert page.markdown == markdown
    assert "*" not in page.text  # the plain text has the words only
