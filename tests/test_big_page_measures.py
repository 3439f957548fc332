"""The measures of main-content selection on a big page (issue 32): the walk lets go of the leaves whose measures
follow from their tag and text, and gives the same measures back when asked, so a big page is judged as a small
one is."""

from __future__ import annotations

from lxml import etree

from web2md import convert
from web2md.extract.html.parse import parse_html
from web2md.extract.maincontent import analysis as analysis_module
from web2md.extract.maincontent.analysis import Analysis, Measures, document_body

PAGE = """<html><body>
<nav><ul><li>Home</li><li><a href="/a">About</a></li></ul></nav>
<article><h1>Title</h1><p>A paragraph long enough to count as content text, well over fifty characters.</p>
<p>short</p><p><i>in</i> <b>line</b> and <a href="/x">a link</a> <!-- a comment --> text</p>
<table><tr><th>Head</th><th>More</th></tr><tr><td>cell</td><td><a href="/c">linked cell</a></td></tr>
<tr><td></td><td style="display:none">hidden cell</td></tr></table>
<ul><li>one</li><li><a href="/2">two</a></li><li>three, a list item long enough to be counted as content</li></ul>
<h3><a href="/story">A linked heading</a></h3><div><img src="/i.png"><br><span></span></div>
<script>var x = "<p>not measured</p>";</script><figure><figcaption>A caption</figcaption></figure>
</article><footer><p>Footer text that is furniture</p></footer></body></html>"""


def measures(analysis: Analysis, root: etree._Element) -> list:
    stats = analysis.stats
    out = []
    for el in root.iter():
        own = stats.get(el)
        out.append((el in stats, None if own is None else (own.text, own.links, own.good, own.titles)))
    return out


def test_the_measures_let_go_are_given_back_alike(monkeypatch):
    root = parse_html(PAGE)
    kept = measures(Analysis(document_body(root)), root)
    monkeypatch.setattr(analysis_module, "COMPACT_AFTER", 0)
    compact = Analysis(document_body(root))
    assert isinstance(compact.stats, Measures)
    held = dict.__len__(compact.stats)
    assert measures(compact, root) == kept
    # the cells, items, paragraphs and inline elements without links are let go; links and their blocks stay
    assert held < len(kept) // 2
    assert sum(1 for measured, _ in kept if measured) > held


def test_a_big_page_is_converted_as_a_small_one_is(monkeypatch):
    small = convert(PAGE, "https://example.test/")
    monkeypatch.setattr(analysis_module, "COMPACT_AFTER", 0)
    assert convert(PAGE, "https://example.test/").to_dict() == small.to_dict()
