"""Exact-output tests for fixes: citations after an escaped character, one rule for feed links, and
a raw-text tag name that only Unicode case folding would match (it made parse_html raise)."""

from __future__ import annotations

from web2md import convert, html_to_text
from web2md.extract.derive import with_citations


def test_link_right_after_an_escaped_backslash_is_cited():
    # "\\" is an escaped backslash, so the "[" after it opens a real link
    cited, references = with_citations("a\\\\[x](https://e.com/) and [y](https://f.com/)")
    assert cited == ("a\\\\x [1] and y [2]\n\n## References\n\n1. https://e.com/\n2. https://f.com/")
    assert references == [{"number": 1, "url": "https://e.com/"}, {"number": 2, "url": "https://f.com/"}]


def test_escaped_bracket_and_image_are_still_not_links():
    markdown = "a\\[x](https://e.com/) ![i](https://e.com/i.png) `[c](https://e.com/c)` [y](https://f.com/)"
    cited, references = with_citations(markdown)
    assert cited == (
        "a\\[x](https://e.com/) ![i](https://e.com/i.png) `[c](https://e.com/c)` y [1]\n\n"
        "## References\n\n1. https://f.com/"
    )
    assert references == [{"number": 1, "url": "https://f.com/"}]


def test_link_right_after_an_escaped_exclamation_mark_is_cited():
    # the renderer writes "\!" before a link so that it does not read as an image
    cited, references = with_citations("Wow\\![again](https://e.com/)")
    assert cited == "Wow\\!again [1]\n\n## References\n\n1. https://e.com/"
    assert references == [{"number": 1, "url": "https://e.com/"}]


def test_citations_after_escapes_from_convert():
    html = (
        '<html><body><p>Files live in C:\\<a href="https://e.com/docs">the docs folder</a> and '
        '<a href="https://e.com/more">more</a>.</p><p>Wow!<a href="https://e.com/docs">again</a></p>'
        "</body></html>"
    )
    page = convert(html, url="https://e.com/page", main_content=False)
    assert page.markdown == (
        "Files live in C:\\\\[the docs folder](https://e.com/docs) and [more](https://e.com/more).\n\n"
        "Wow\\![again](https://e.com/docs)"
    )
    assert page.markdown_with_citations == (
        "Files live in C:\\\\the docs folder [1] and more [2].\n\n"
        "Wow\\!again [1]\n\n## References\n\n"
        "1. https://e.com/docs\n2. https://e.com/more"
    )
    assert page.references == [{"number": 1, "url": "https://e.com/docs"}, {"number": 2, "url": "https://e.com/more"}]


FEED_PAGE = """<html><head><title>Blog</title>
<link rel="alternate" type="application/rss+xml" title="Blog &raquo; Feed" href="/feed/">
<link rel="alternate" type="application/atom+xml" href="https://blog.example.com/atom.xml#latest">
<link rel="alternate" type="application/feed+json" title="JSON Feed" href="/feed.json">
<link rel="alternate" type="application/json" href="https://blog.example.com/wp-json/wp/v2/posts/42">
<link rel="alternate" type="application/json+oembed" href="https://blog.example.com/wp-json/oembed/1.0/embed?url=x">
<link rel="alternate" type="application/json" title="Comments feed" href="/comments.json">
<link rel="alternate" type="application/rss+xml" href="/feed/#again">
</head><body><p>Hello world, this is a post.</p></body></html>"""


def test_page_feeds_follow_the_feed_link_rule():
    # RSS, Atom and JSON Feed are listed once each (fragments stripped); the WordPress REST
    # document (application/json without "feed" in its URL or title) and oEmbed are not feeds
    page = convert(FEED_PAGE, url="https://blog.example.com/2024/post/")
    assert page.feeds == [
        {"url": "https://blog.example.com/feed/", "type": "rss", "title": "Blog » Feed"},
        {"url": "https://blog.example.com/atom.xml", "type": "atom"},
        {"url": "https://blog.example.com/feed.json", "type": "json", "title": "JSON Feed"},
        {"url": "https://blog.example.com/comments.json", "type": "json", "title": "Comments feed"},
    ]


def test_page_feeds_agree_with_feed_discovery():
    from web2md.extract.documents.feedlinks import discover_feeds

    url = "https://blog.example.com/2024/post/"
    assert convert(FEED_PAGE, url=url).feeds == discover_feeds(FEED_PAGE, url)


def test_wordpress_rest_alternate_alone_is_no_feed():
    html = (
        '<html><head><link rel="alternate" type="application/json" '
        'href="https://blog.example.com/wp-json/wp/v2/posts/42"></head><body><p>Text.</p></body></html>'
    )
    assert convert(html, url="https://blog.example.com/2024/post/").feeds == []


def test_non_ascii_lookalike_of_a_raw_text_tag_does_not_raise():
    # "ſ" (long s) and dotted/dotless i fold to ASCII letters only under Unicode case folding; libxml2 reads
    # "<ſcript>" as text, so the references after it are neutralised like any text
    html = "<p>a &copy=2</p><ſcript>x &foo y &amp; z</ſcript><p>b &notit; c</p><İframe >&bar</p>"
    assert html_to_text(html) == "a &copy=2\n\n<ſcript>x &foo y & z\n\nb &notit; c\n\n<İframe >&bar"
