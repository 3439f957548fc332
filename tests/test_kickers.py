"""What the region holds over its headline (the page's `<h1>`) without content text is the headline's furniture: a
kicker naming the section, a breadcrumb trail, a "Skip to content" link. A heading of rank 2-3 there, the rows of a
table, and anything over a headline that does not open the region's text stay."""

from __future__ import annotations

import pytest

from tests.test_content import BODY, BODY_MD
from web2md import convert

URL = "https://example.org/science/tides"
H1, PARAGRAPHS = BODY.split("\n", 1)


@pytest.mark.parametrize(
    "kicker",
    [
        "<div><span>Analysis</span></div>",
        "<ol><li><a href='/'>Home</a></li><li><a href='/science'>Science</a></li><li>Tides</li></ol>",
        "<p><a href='#content'>Skip to main content</a></p>",
        "<h4><a href='/science'>Science</a> —</h4>",
    ],
)
def test_labels_over_the_headline_are_left_out(kicker):
    html = f"<html><body><article>{kicker}{H1}{PARAGRAPHS}</article></body></html>"
    assert convert(html, URL).markdown == BODY_MD


@pytest.mark.parametrize(
    "picture, markdown",
    [
        (
            "<div><img src='/dawn.jpg' alt='The harbour at dawn'></div>",
            "![The harbour at dawn](https://example.org/dawn.jpg)",
        ),
        (
            "<p><a href='/big.jpg'><img src='/dawn.jpg' alt='The harbour at dawn'></a></p>",
            "[![The harbour at dawn](https://example.org/dawn.jpg)](https://example.org/big.jpg)",
        ),
    ],
)
def test_a_picture_over_the_headline_stays(picture, markdown):
    html = f"<html><body><article>{picture}{H1}{PARAGRAPHS}</article></body></html>"
    assert convert(html, URL, include_images=True).markdown == markdown + "\n\n" + BODY_MD


def test_a_banner_h1_over_the_headline_is_left_out():
    """Of two `<h1>`s, the one the `<title>` names is the headline; the other, over it with no text between, is a
    banner (the site's or the section's name), as a kicker is."""
    html = (
        "<html><head><title>Tides explained | The Coastal Observer</title></head><body><article>"
        f"<h1>Science desk</h1>{H1}{PARAGRAPHS}</article></body></html>"
    )
    assert convert(html, URL).markdown == BODY_MD


def test_a_heading_over_the_headline_stays():
    html = f"<html><body><article><h2>Coasts and seas</h2>{H1}{PARAGRAPHS}</article></body></html>"
    assert convert(html, URL).markdown == "## Coasts and seas\n\n" + BODY_MD


def test_labels_over_a_headline_that_does_not_open_the_text_stay():
    """A page whose first `<h1>` comes after some of its text: what precedes that heading is content."""
    intro = "<p>Every harbour keeps a table of its tides, printed each year and posted on the quay.</p>"
    table = "<table><tr><td>High water</td><td>06:12</td></tr><tr><td>Low water</td><td>12:31</td></tr></table>"
    html = (
        f"<html><body><article><div><span>Tide table</span></div>{intro}{table}{H1}{PARAGRAPHS}</article></body></html>"
    )
    assert convert(html, URL).markdown == (
        "Tide table\n\nEvery harbour keeps a table of its tides, printed each year and posted on the quay.\n\n"
        "| High water | 06:12 |\n|---|---|\n| Low water | 12:31 |\n\n" + BODY_MD
    )


def test_a_label_in_a_line_of_loose_words_is_not_cut_out_of_it():
    """Over the headline, a `<time>` or a bold word followed by loose words on its line is part of that line, not a
    label of its own: the line is not left with a hole where the element was."""
    html = (
        "<html><body><article><div><time datetime='2022-02-01'>01.02.2022</time> | Harbour meeting"
        f"{H1}{PARAGRAPHS}</div></article></body></html>"
    )
    assert convert(html, URL).markdown == "01.02.2022 | Harbour meeting\n\n" + BODY_MD
