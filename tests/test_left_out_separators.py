"""The separators of a line whose links were left out go with them; a line of separators alone stays where
nothing of its block was left out, and a line keeping a word keeps its separators."""

from __future__ import annotations

import pytest

from web2md.extract.html.parse import parse_html
from web2md.extract.markdown.render import Renderer


def rendered(html: str, skip_links: bool) -> str:
    body = parse_html(html).find("body")
    skip = (lambda el: el.tag == "a") if skip_links else None
    return Renderer("https://e.com/", "https://e.com/p", skip=skip).render([body]).markdown


@pytest.mark.parametrize(
    "line",
    [
        "« <a href='/older'>Older</a> | <a href='/newer'>Newer</a> »",
        "<a href='/older'>← Older</a> · <a href='/newer'>Newer →</a>",
        "<a href='/a'>Share</a> / <a href='/b'>Print</a> — <a href='/c'>Mail</a> •",
    ],
)
def test_separators_of_links_left_out_go_with_them(line):
    html = f"<html><body><div><p>The ferry runs again.</p>{line}</div></body></html>"
    assert rendered(html, skip_links=True) == "The ferry runs again."


def test_a_line_of_separators_alone_stays_where_nothing_was_left_out():
    html = "<html><body><div><p>The ferry runs again.</p><p>—</p><p>The crossing reopens.</p></div></body></html>"
    assert rendered(html, skip_links=False) == "The ferry runs again.\n\n—\n\nThe crossing reopens."


def test_something_left_out_in_a_block_before_leaves_a_later_line_of_separators():
    html = "<html><body><p>Ferry <a href='/x'>news</a>.</p><p>—</p></body></html>"
    assert rendered(html, skip_links=True) == "Ferry .\n\n—"


def test_a_line_keeping_a_word_keeps_its_separators():
    html = "<html><body><p>« <a href='/older'>Older</a> | Index »</p></body></html>"
    assert rendered(html, skip_links=True) == "« | Index »"


def test_separators_in_a_line_broken_in_two_go_alone():
    html = "<html><body><p>The ferry runs again.<br><br>« <a href='/older'>Older</a> | <a href='/n'>Newer</a> »</p></body></html>"
    assert rendered(html, skip_links=True) == "The ferry runs again."


def test_a_table_cell_of_a_dash_stays():
    html = "<html><body><table><tr><th>Day</th><th>Boat</th></tr><tr><td>Mon</td><td>– <a href='/x'>x</a></td></tr></table></body></html>"
    assert "| Mon | – |" in rendered(html, skip_links=True)


def test_an_image_whose_caption_was_left_out_stays():
    html = "<html><body><figure><img src='/g.jpg' alt='Gauge'><a href='/x'>Photo: Ann</a></figure></body></html>"
    body = parse_html(html).find("body")
    renderer = Renderer("https://e.com/", "https://e.com/p", include_images=True, skip=lambda el: el.tag == "a")
    assert renderer.render([body]).markdown == "![Gauge](https://e.com/g.jpg)"
