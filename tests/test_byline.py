"""The author from the page's byline markup when its metadata names none (issue 14, metadata)."""

from __future__ import annotations

import json

import pytest

from web2md import convert

URL = "https://www.valleycourier.example/2025/05/ferry.html"
STORY = (
    "<h1>Ferry back in service</h1><p>The ferry runs again from Monday, the town council said after a long meeting.</p>"
)


def author_of(body: str, head: str = "") -> str | None:
    return convert(f"<html><head><title>Ferry</title>{head}</head><body>{body}</body></html>", URL).author


CASES = [
    (
        "itemprop-name",
        '<article><p itemprop="author" itemscope><span itemprop="name">Ann Lee</span> — May 2</p>'
        + STORY
        + "</article>",
        "Ann Lee",
    ),
    (
        "itemprop-names",
        '<article><div itemprop="author" itemscope><span itemprop="name">Ann Lee</span> and '
        '<span itemprop="name">Bo Park</span></div>' + STORY + "</article>",
        "Ann Lee; Bo Park",
    ),
    ("itemprop-text", '<article><span itemprop="author">Ann Lee</span>' + STORY + "</article>", "Ann Lee"),
    (
        "rel-author",
        "<article>" + STORY + '<p>Story by <a rel="author" href="/people/ann">Ann Lee</a></p></article>',
        "Ann Lee",
    ),
    ("byline-class-by", '<article><div class="story-byline">By Ann Lee</div>' + STORY + "</article>", "Ann Lee"),
    ("byline-label", '<article><div class="byline">Text and pictures: Ann Lee</div>' + STORY + "</article>", "Ann Lee"),
    (
        "author-class-written-by",
        '<article><span class="author">Written by: Ann Lee,</span>' + STORY + "</article>",
        "Ann Lee",
    ),
    # a BEM element of the article block, before a profile box at the end
    (
        "bem-element-class",
        '<article><div class="article__header"><div class="article__author">By Ann Lee</div></div>'
        + STORY
        + '<aside class="author container"><h4>About the author</h4><strong>Ann Lee</strong></aside></article>',
        "Ann Lee",
    ),
    # a byline in lines: the author is on the first, a date or an editor on the next
    (
        "lines-date",
        '<article><p class="byline">By <b>Ann Lee</b><br>May 2, 2025</p>' + STORY + "</article>",
        "Ann Lee",
    ),
    (
        "lines-roles",
        '<article><p class="byline author">Written by Ann Lee<br/>Edited by Bo Park</p>' + STORY + "</article>",
        "Ann Lee",
    ),
    ("lines-label-alone", '<article><p class="byline">By<br>Ann Lee</p>' + STORY + "</article>", "Ann Lee"),
    # a byline holding the name and a menu of the author's links: the name beside the list
    (
        "name-beside-menu",
        '<article><div class="post-byline"><strong><a>Ann Lee</a></strong><div class="menu"><ul>'
        '<li><a rel="author" href="/people/ann">See her page</a></li><li><a href="mailto:ann@x.example">E-mail</a></li>'
        '<li><a href="/people/ann.xml">Feed</a></li></ul></div></div>' + STORY + "</article>",
        "Ann Lee",
    ),
    (
        "name-beside-menu-lines",
        '<article><div class="byline">By <a href="/ann">Ann Lee</a><br><span>Staff writer</span>'
        '<ul><li><a href="/share">Share</a></li><li><a href="/print">Print</a></li></ul></div>' + STORY + "</article>",
        "Ann Lee",
    ),
    # the authors as a list: the byline's text, as before
    (
        "names-in-list",
        '<article><div class="byline"><ul>\n<li>Ann Lee</li>\n<li>Bo Park</li>\n</ul></div>' + STORY + "</article>",
        "Ann Lee Bo Park",
    ),
    # no name beside a share bar's list: a lone word there is its button, not the author
    (
        "button-beside-menu",
        '<article><div class="byline"><a class="share">Share</a><ul><li><a href="#c">3 comments</a></li>'
        '<li><a href="/print">Print</a></li></ul></div>' + STORY + "</article>",
        None,
    ),
    # a byline inside the article wins over one in the page's header
    (
        "article-first",
        '<header><span class="author">Bo Park</span></header><article>'
        '<span class="author">Ann Lee</span>' + STORY + "</article>",
        "Ann Lee",
    ),
    # a surer sign wins over a class name
    (
        "itemprop-over-class",
        '<article><span class="byline">Desk</span><span itemprop="author">Ann Lee</span>' + STORY + "</article>",
        "Ann Lee",
    ),
    # a sidebar's byline only when the article has none
    ("aside-last", "<article>" + STORY + '</article><aside><span itemprop="author">Ann Lee</span></aside>', "Ann Lee"),
    # not a byline: comments, teasers, profile boxes; not a name: dates, sentences, addresses
    (
        "comment-author",
        "<article>" + STORY + '<div class="comments"><span class="author">Bo Park</span></div></article>',
        None,
    ),
    (
        "related-author",
        "<article>" + STORY + '<ul class="related-posts"><li><span class="byline">By Bo Park</span>'
        "</li></ul></article>",
        None,
    ),
    ("author-bio", "<article>" + STORY + '<div class="author-bio">Bo Park writes about ferries.</div></article>', None),
    ("date-in-byline", '<article><div class="byline">May 2, 2025</div>' + STORY + "</article>", None),
    (
        "sentence-in-byline",
        '<article><div class="byline">This story was reported over many months by a team of '
        "reporters across the valley and beyond</div>" + STORY + "</article>",
        None,
    ),
    ("email-in-byline", '<article><div class="byline">ann@valleycourier.example</div>' + STORY + "</article>", None),
]


@pytest.mark.parametrize("body,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_byline_author(body, expected):
    assert author_of(body) == expected


def test_metadata_author_wins_over_byline():
    body = '<article><span class="byline">By Bo Park</span>' + STORY + "</article>"
    assert author_of(body, '<meta name="author" content="Ann Lee">') == "Ann Lee"


def test_author_url_is_passed_over():
    body = '<article><span class="byline">By Bo Park</span>' + STORY + "</article>"
    assert author_of(body, '<meta name="author" content="https://www.valleycourier.example/people/ann">') == "Bo Park"
    ld = json.dumps({"@type": "Article", "author": {"@type": "Person", "name": "Ann Lee"}})
    head = (
        '<meta name="author" content="https://www.valleycourier.example/people/ann">'
        f'<script type="application/ld+json">{ld}</script>'
    )
    assert author_of(body, head) == "Ann Lee"


def test_url_beside_the_author_is_left_out():
    body = "<article>" + STORY + "</article>"
    assert author_of(body, '<meta name="author" content="Ann Lee - https://ann.example/">') == "Ann Lee"
    assert author_of(body, '<meta name="author" content="Ann Lee (www.ann.example)">') == "Ann Lee"
    assert author_of(body, '<meta name="author" content="www.valleycourier.example">') is None


def test_declared_author_without_by():
    body = "<article>" + STORY + "</article>"
    assert author_of(body, '<meta name="author" content="By Ann Lee">') == "Ann Lee"
    ld = json.dumps({"@type": "Article", "author": {"@type": "Person", "name": "von Ann Lee"}})
    assert author_of(body, f'<script type="application/ld+json">{ld}</script>') == "Ann Lee"
    # a name that starts with such a word stays whole
    assert author_of(body, '<meta name="author" content="Von Miller">') == "Von Miller"
    # schema.org markup too
    marked = '<article><div itemprop="author" itemscope><span itemprop="name">By Ann Lee</span></div>' + STORY
    assert author_of(marked + "</article>") == "Ann Lee"


def test_placeholder_author_is_passed_over():
    # a template's unfilled field: its name, or a programming language's nothing
    body = '<article><span class="byline">By Bo Park</span>' + STORY + "</article>"
    for placeholder in ("author", "Author", "null", "undefined"):
        assert author_of(body, f'<meta name="author" content="{placeholder}">') == "Bo Park"
    ld = json.dumps({"@type": "Article", "author": {"@type": "Person", "name": "Ann Lee"}})
    assert author_of(body, f'<meta name="author" content="null"><script type="application/ld+json">{ld}</script>') == (
        "Ann Lee"
    )


def test_site_name_as_author_is_kept():
    # a personal blog, an agency: the site's own name is the author the page declares
    head = '<meta name="author" content="Valley Courier"><meta property="og:site_name" content="Valley Courier">'
    assert author_of("<article>" + STORY + "</article>", head) == "Valley Courier"


def test_rank_reads_classes_as_the_token_rule():
    # `_rank` looks for "byline"/"author" in the class string before splitting it: the same ranks as testing each
    # lowercased token (the rule it replaces)
    import random

    from lxml import etree

    from web2md.extract.meta.byline import _rank

    def by_tokens(el):
        if "author" in (el.get("itemprop") or "").lower().split():
            return 0
        if el.tag == "a" and "author" in (el.get("rel") or "").lower().split():
            return 1
        classes = (el.get("class") or "").lower().split()
        if any("byline" in c for c in classes):
            return 2
        if any(
            c in ("author", "author-name", "authorname", "article-author", "post-author", "entry-author")
            or c.startswith(("author-name", "authorname"))
            for c in classes
        ):
            return 3
        return None

    pieces = [
        "author",
        "Author",
        "AUTHOR-name",
        "authorname",
        "byline",
        "ByLine",
        "by",
        "line",
        "post-",
        "entry-",
        "article-",
        "-",
        " ",
        "\t",
        "\u3000",
        "x",
        "name",
        "s",
    ]
    rng = random.Random(5)
    for _ in range(3000):
        el = etree.Element(rng.choice(["a", "div", "span"]))
        for attr in ("class", "rel", "itemprop"):
            if rng.random() < 0.7:
                el.set(attr, "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))))
        assert _rank(el) == by_tokens(el), dict(el.attrib)
