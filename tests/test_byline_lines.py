"""The page's author named again in a short line of the body (a byline: "By Ann Smith", "Text: Ann Smith / site")
is left out of the main content (see docs/design.md#main-content: bylines around the body), whatever its markup: the
name the page
declares (meta tags, JSON-LD, a byline element) is what recognises it."""

from __future__ import annotations

import pytest

from tests.test_content import BODY, BODY_MD
from web2md import convert
from web2md.extract.maincontent.furniture import byline_name, is_byline

URL = "https://example.org/tides"
H1, PARAGRAPHS = BODY.split("\n", 1)


def page(author: str | None, lines: str, where: str = "top") -> str:
    head = f"<head><meta name='author' content='{author}'></head>" if author else ""
    body = f"{H1}{lines}{PARAGRAPHS}" if where == "top" else f"{BODY}{lines}"
    return f"<html>{head}<body><article>{body}</article></body></html>"


@pytest.mark.parametrize(
    "line",
    [
        "<p>By Ann Smith</p>",
        "<p>Text: <a href='/team/ann'>Ann Smith</a> / tides.example</p>",
        "<div><span>Ann Smith, science desk</span> | <time>12 May 2026</time></div>",
        "<p><strong>ANN SMITH</strong></p>",
    ],
)
@pytest.mark.parametrize("where", ["top", "end"])
def test_a_line_naming_the_author_is_left_out(line, where):
    page_ = convert(page("Ann Smith", line, where), URL)
    assert page_.markdown == BODY_MD
    assert page_.author == "Ann Smith"


def test_sentences_about_the_author_and_bylines_of_undeclared_authors_stay():
    sentence = "<p>Ann Smith measured the tide at the harbour for ten years.</p>"
    assert convert(page("Ann Smith", sentence, "end"), URL).markdown == (
        BODY_MD + "\n\nAnn Smith measured the tide at the harbour for ten years."
    )
    assert convert(page(None, "<p>By Ann Smith</p>"), URL).markdown == (
        "# Tides explained\n\nBy Ann Smith\n\n" + BODY_MD.split("\n\n", 1)[1]
    )


def test_an_author_named_in_one_word_only_as_a_line_of_its_own():
    assert convert(page("Harbourmaster", "<p>Harbourmaster</p>", "end"), URL).markdown == BODY_MD
    assert convert(page("Harbourmaster", "<p>Ask the Harbourmaster</p>", "end"), URL).markdown == (
        BODY_MD + "\n\nAsk the Harbourmaster"
    )


def test_is_byline():
    name = byline_name("Ann Smith")
    assert name == ("ann", "smith")
    assert is_byline("By Ann Smith, 12. März 2026, 10:15", name)
    assert is_byline("Words and photos: Ann Smith", name)  # three words beside the name
    assert not is_byline("By Tom Brown, Lea Hart and Ann Smith", name)
    assert not is_byline("Ann", name) and not is_byline("Smith & Sons", name)
