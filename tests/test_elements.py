"""The one pass that finds the elements metadata, links and region choice read (web2md.extract.html.elements)."""

from __future__ import annotations

from web2md.extract.html.elements import DocumentElements
from web2md.extract.html.parse import parse_html


def test_elements_by_kind_in_document_order():
    root = parse_html(
        '<html lang="en"><head><title>T</title><base href="/b/"><meta name="a" content="1">'
        '<link rel="canonical" href="/c"><script type="application/ld+json">{}</script></head>'
        '<body><h2>Two</h2><a href="/1">one</a><main><h1>One</h1><map><area href="/2"></map>'
        '<a href="/3">three</a><img src="/i.png"><time datetime="2024-01-01">x</time></main>'
        "<article><h3>Three</h3><article>inner</article></article><svg><title>icon</title></svg></body></html>"
    )
    found = DocumentElements(root)
    assert [el.get("href") for el in found.anchors] == ["/1", "/2", "/3"]  # <a> and <area> share one list
    assert [el.tag for el in found.headings] == ["h2", "h1", "h3"]  # so do the six heading levels
    assert [el.text for el in found.titles] == ["T", "icon"]
    assert [
        len(found.htmls),
        len(found.bases),
        len(found.metas),
        len(found.links),
        len(found.scripts),
        len(found.times),
        len(found.images),
        len(found.mains),
        len(found.articles),
    ] == [1, 1, 1, 1, 1, 1, 1, 1, 2]
