"""Pages whose content is written in short lines (a data sheet, a walk's facts, a photo post of one-line captions):
no block holds a paragraph long enough to count, so the region is measured again in shorter units, and its
furniture (share bars, related links, topic lines, bylines) is judged as on any other page, instead of the whole
page being taken."""

from __future__ import annotations

from web2md import convert

URL = "https://example.org/walks/harbour"
FACTS = ("<h1>Harbour walk, 12 May</h1><p>Posted <a href='/2026/05/12'>12 May 2026</a> by <a href='/author/ann'>Ann</a>"
         "</p><h3>Start</h3><p>Old lighthouse.</p><h3>Length</h3><p>7 km, about two hours.</p>"
         "<h3>Tide</h3><p>Low water at 14:10.</p><h3>Bring</h3><ul><li>Boots</li><li>Tide table</li></ul>")
FACTS_MD = ("# Harbour walk, 12 May\n\n### Start\n\nOld lighthouse.\n\n### Length\n\n7 km, about two hours.\n\n"
            "### Tide\n\nLow water at 14:10.\n\n### Bring\n\n- Boots\n- Tide table")
FURNITURE = ("<div><h3>Share this:</h3><ul><li><a href='/share?f'>Facebook</a></li><li><a href='/share?t'>Twitter</a>"
             "</li></ul></div><div><h3>Related</h3><ul><li><a href='/walks/dunes'>Dune walk, 3 May</a></li>"
             "<li><a href='/walks/cliffs'>Cliff walk, 20 April</a></li><li><a href='/walks/river'>River walk, 2 April"
             "</a></li></ul></div><p>Posted in: <a href='/c/walks'>Walks</a>, <a href='/c/coast'>Coast</a> | Tagged: "
             "<a href='/t/tide'>tide</a></p>")


def test_a_page_of_short_lines_loses_its_furniture():
    html = f"<html><body><nav><a href='/'>Home</a></nav><article>{FACTS}{FURNITURE}</article></body></html>"
    assert convert(html, URL).markdown == FACTS_MD


def test_a_page_of_short_lines_keeps_every_line_but_its_byline():
    html = f"<html><body><div>{FACTS}</div></body></html>"
    assert convert(html, URL).markdown == FACTS_MD
