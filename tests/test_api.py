"""The public API (see docs/design.md#entry-points, docs/design.md#rendering): the Raku seed's examples reproduce
exactly (a `pre` block is a fenced
code block), plus `text_for`, `extract_links`, `decode_entities`, `extract_title` and `convert` rules."""

from __future__ import annotations

import json

import pytest
from lxml import etree

import web2md
from web2md import convert, decode_entities, extract_links, extract_title, html_to_text, text_for
from web2md.extract import UnsupportedContent
from web2md.extract.html.parse import parse_html

SEED_HTML = """<!doctype html>
<html>
<head><title>Raku &amp; regexes</title><script>var x = "</div>";</script></head>
<body>
  <nav><a href="/">Home</a></nav>
  <main>
    <h1>Grammars</h1>
    <p>See the <a href="/docs/grammar">grammar docs</a> for&nbsp;more.</p>
    <pre><code>rule TOP { &lt;thing&gt;+ }</code></pre>
  </main>
</body>
</html>
"""


def urls(links):
    return [(link["url"], link["nofollow"]) for link in links]


# -- the seed's examples ---------------------------------------------------------------------


def test_public_api_is_exactly_the_six_functions():
    for name in ("convert", "html_to_text", "extract_links", "extract_title", "text_for", "decode_entities"):
        assert callable(getattr(web2md, name))


def test_seed_extract_title():
    assert extract_title(SEED_HTML) == "Raku & regexes"


def test_seed_html_to_text_with_pre_as_fenced_code():
    assert html_to_text(SEED_HTML, base="https://example.test/page") == (
        "# Grammars\n"
        "\n"
        "See the [grammar docs](https://example.test/docs/grammar) for more.\n"
        "\n"
        "```\n"
        "rule TOP { <thing>+ }\n"
        "```"
    )


def test_seed_extract_links():
    assert urls(extract_links(SEED_HTML, base="https://example.test/page")) == [
        ("https://example.test/", False),
        ("https://example.test/docs/grammar", False),
    ]


def test_seed_text_for_json():
    assert text_for('{"b":1,"a":2}', content_type="application/json") == '{\n  "a": 2,\n  "b": 1\n}'


def test_seed_script_with_closing_div_is_skipped():
    assert html_to_text('<script>var a = "</div>";</script><p>Kept</p>') == "Kept"


def test_seed_extract_links_dedup_and_nofollow():
    links = extract_links(
        '<a href="/a">A</a> <a href="/a#x">again</a> <a rel="nofollow" href="/b">B</a>',
        base="https://example.test/",
    )
    assert urls(links) == [("https://example.test/a", False), ("https://example.test/b", True)]


def test_seed_decode_entities():
    assert decode_entities("caf&eacute; &amp; cr&egrave;me &mdash; 100&nbsp;%") == "café & crème — 100 %"
    assert decode_entities("AT&T &unknown; &#xZZ;") == "AT&T &unknown; &#xZZ;"


# -- text_for ------------------------------------------------------------------------------------


def test_text_for_json_sorted_two_space_indent_nested_and_unicode():
    body = '{"z": [1, {"y": null, "x": "\u00e9"}], "a": true}'
    assert text_for(body, "application/json; charset=utf-8") == json.dumps(
        {"a": True, "z": [1, {"x": "\u00e9", "y": None}]}, indent=2, ensure_ascii=False
    )
    assert text_for(body.encode(), "application/ld+json") == text_for(body, "application/json")
    assert "\u00e9" in text_for(body, "application/json")


def test_text_for_json_with_a_bom():
    assert text_for(b'\xef\xbb\xbf{"a":1}', "application/json") == '{\n  "a": 1\n}'


def test_text_for_invalid_json_is_verbatim_with_the_notice_appended():
    body = '{"a": 1,\n "b": oops}\n'
    out = text_for(body, "application/json")
    lines = out.split("\n")
    assert lines[:2] == ['{"a": 1,', ' "b": oops}']  # content keeps its line numbers
    assert lines[2] == ""
    assert lines[3].startswith("[") and lines[3].endswith("]") and "JSON" in lines[3]
    assert len(lines) == 4


def test_text_for_empty_invalid_json_is_only_the_notice():
    out = text_for("", "application/json")
    assert out.startswith("[") and out.endswith("]") and "\n" not in out


def test_text_for_html_renders_the_page():
    body = '<nav>Menu</nav><p>Hi <a href="/x">there</a></p>'
    assert text_for(body, "text/html; charset=utf-8", url="https://e.test/a") == "Hi [there](https://e.test/x)"
    assert text_for(body.encode(), "application/xhtml+xml", url="https://e.test/a") == "Hi [there](https://e.test/x)"
    assert text_for(body, None, url="https://e.test/a") == "Hi [there](https://e.test/x)"


def test_text_for_plain_text_and_xml():
    assert text_for(b"line 1\r\nline 2  \r\n\r\n", "text/plain") == "line 1\nline 2"
    assert text_for("<a><b>x</b></a>", "application/xml") == "<a><b>x</b></a>"
    assert text_for("<rss/>", "application/rss+xml") == "<rss/>"
    assert text_for("caf\u00e9".encode("latin-1"), "text/plain; charset=iso-8859-1") == "caf\u00e9"


@pytest.mark.parametrize(
    "ctype", ["application/pdf", "image/png", "application/zip", "application/octet-stream", "video/mp4"]
)
def test_text_for_binary_raises_naming_type_and_size(ctype):
    with pytest.raises(UnsupportedContent) as info:
        text_for(b"\x00\x01binary", ctype, url="https://e.test/f", byte_count=40213)
    assert str(info.value) == f"cannot read {ctype} (40213 bytes)"
    assert isinstance(info.value, ValueError)


def test_text_for_binary_error_message_from_the_seed():
    with pytest.raises(ValueError, match=r"^cannot read application/pdf \(40213 bytes\)$"):
        text_for(b"%PDF-1.7", content_type="application/pdf; qs=1", byte_count=40213)


def test_text_for_binary_size_defaults_to_the_body_length():
    with pytest.raises(UnsupportedContent, match=r"\(4 bytes\)"):
        text_for(b"\x89PNG", "image/png")
    with pytest.raises(UnsupportedContent, match=r"\(4 bytes\)"):  # a str body is counted in UTF-8 bytes
        text_for("\u00e9\u00e9", "image/png")


# -- extract_links ---------------------------------------------------------------------------


def test_extract_links_whole_document_in_order_once_without_fragments():
    html = """<html><head><base href="https://b.test/x/"></head><body>
      <header><a href="/home">Home</a></header>
      <nav><a href="y">Y</a></nav>
      <main><a href="y#part">Y again</a><a href="https://other.test/z?q=1#f">Z</a></main>
      <footer><map><area href="/area" alt="Area"></map></footer>
    </body></html>"""
    assert urls(extract_links(html, "https://example.test/page")) == [
        ("https://b.test/home", False),
        ("https://b.test/x/y", False),
        ("https://other.test/z?q=1", False),
        ("https://b.test/area", False),
    ]


def test_extract_links_only_http_and_https():
    html = (
        '<a href="mailto:a@b.test">m</a><a href="javascript:void(0)">j</a><a href="tel:1">t</a>'
        '<a href="ftp://f.test/">f</a><a href="data:text/plain,x">d</a><a href="http://[bad">b</a>'
        '<a href="HTTPS://E.test/up">u</a><a href="http://e.test/plain">p</a><a>no href</a>'
    )
    assert [u.lower() for u, _ in urls(extract_links(html, "https://e.test/"))] == [
        "https://e.test/up",
        "http://e.test/plain",
    ]


def test_extract_links_relative_without_a_base_cannot_be_made_absolute():
    assert extract_links('<a href="/a">A</a><a href="https://e.test/b">B</a>') == [
        {"url": "https://e.test/b", "text": "B", "nofollow": False, "rel": ""}
    ]


@pytest.mark.parametrize("order", [("nofollow", ""), ("", "nofollow")])
def test_extract_links_nofollow_only_when_unanimous(order):
    html = "".join(f'<a href="/p" rel="{rel}">p</a>' for rel in order)
    html += '<a href="/q" rel="nofollow">q</a><a href="/q#x" rel="noopener NOFOLLOW">q</a>'
    assert urls(extract_links(html, "https://e.test/")) == [("https://e.test/p", False), ("https://e.test/q", True)]


def test_extract_links_text_and_entities_in_hrefs():
    links = extract_links('<a href="/s?a=1&amp;b=2&copy=3">Tom &amp; Jerry&nbsp;<b>x</b></a>', "https://e.test/")
    assert links[0]["url"] == "https://e.test/s?a=1&b=2&copy=3"
    assert links[0]["text"] == "Tom & Jerry x"


def test_extract_links_accepts_a_parsed_tree():
    root = parse_html('<a href="/a">A</a>')
    assert urls(extract_links(root, "https://e.test/")) == [("https://e.test/a", False)]


# -- decode_entities -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source, expected",
    [
        ("&amp; &lt; &gt; &quot; &apos;", "& < > \" '"),
        ("&eacute;&Eacute;&copy;&reg;&trade;&hellip;&mdash;&ndash;&euro;&laquo;&raquo;", "éÉ©®™…—–€«»"),
        ("&copy 2024 &amp x &eacute", "&copy 2024 &amp x &eacute"),  # named entities need their semicolon
        ("&notit; &foo; &Amp; &AMP;", "&notit; &foo; &Amp; &AMP;"),  # unknown names stay verbatim
        ("fish & chips && &", "fish & chips && &"),
        ("&#65;&#x42;&#X43;&#0000068;", "ABCD"),
        ("&#69 &#x46", "E F"),  # numeric references do not need their semicolon
        ("[&#0;][&#x0;][&#xD800;][&#56319;][&#x110000;][&#99999999999999999999;]", "[][][][][][]"),
        ("[&#;][&#x;][&#xZZ;][&#-1;]", "[&#;][&#x;][&#xZZ;][&#-1;]"),
        ("&#x1F600;&#x10FFFF;", "\U0001f600\U0010ffff"),
        ("&#128;&#130;&#147;&#148;&#150;&#151;&#153;&#159;", "€‚“”–—™Ÿ"),  # C1 range read as Windows-1252
        ("[&#129;][&#141;][&#143;][&#144;][&#157;]", "[][][][][]"),  # unassigned in Windows-1252
        ("a&nbsp;b&#160;c&#xA0;d\u00a0e&thinsp;f\u2009g\u202fh&ensp;i&emsp;j", "a b c d e f g h i j"),
        ("a&#x200B;b&zwnj;c&zwj;d&lrm;e&rlm;f&#x2060;g&#xFEFF;h\u200bi\ufeffj&shy;k", "abcdefghijk"),
        ("a\r\nb\rc", "a\nb\nc"),
        ("no entities at all", "no entities at all"),
    ],
)
def test_decode_entities_rules(source, expected):
    assert decode_entities(source) == expected


def test_decode_entities_agrees_with_documents():
    cases = ["&copy 2", "&notit;", "&#65", "&#128;", "&#0;", "&#x110000;", "AT&T", "&eacute;&nbsp;x", "&#xZZ;"]
    for source in cases:
        assert html_to_text(f"<p>{source}</p>") == " ".join(decode_entities(source).split()), source


# -- extract_title and convert --------------------------------------------------------------------


def test_extract_title_fallbacks():
    assert extract_title("<title> a &lt; b  &amp; c </title>") == "a < b & c"
    assert extract_title('<head><meta property="og:title" content="OG &amp; title"></head><h1>H</h1>') == "OG & title"
    assert extract_title("<body><h1>First <b>h1</b></h1><h1>Second</h1></body>") == "First h1"
    assert extract_title("<p>none</p>") is None


def test_convert_returns_a_page_with_markdown_text_title_links():
    page = convert(SEED_HTML, "https://example.test/page")
    assert page.markdown == html_to_text(SEED_HTML, "https://example.test/page")
    assert page.text == "Grammars\n\nSee the grammar docs for more.\n\nrule TOP { <thing>+ }"
    assert page.title == "Raku & regexes"
    assert urls(page.links) == urls(extract_links(SEED_HTML, "https://example.test/page"))


def test_convert_accepts_str_bytes_and_a_parsed_tree():
    html = "<main><p>caf\u00e9 <a href='/x'>x</a></p></main>"
    expected = "café [x](https://e.test/x)"
    assert convert(html, "https://e.test/").markdown == expected
    assert convert(html.encode("utf-8"), "https://e.test/").markdown == expected
    assert convert(parse_html(html), "https://e.test/").markdown == expected
    scrapy_like = etree.fromstring(html.encode(), etree.HTMLParser(encoding="utf-8"))  # as parsel builds it
    assert convert(scrapy_like, "https://e.test/").markdown == expected
    with pytest.raises(TypeError):
        convert(12, "https://e.test/")


def test_convert_include_images_option():
    html = '<main><p>Look: <img src="/a.png" alt="A cat"> <img src="/b.png"></p></main>'
    assert convert(html, "https://e.test/").markdown == "Look:"
    assert convert(html, "https://e.test/", include_images=True).markdown == "Look: ![A cat](https://e.test/a.png)"


def test_convert_rejects_unknown_options():
    with pytest.raises(TypeError):
        convert("<p>x</p>", "https://e.test/", no_such_option=True)


def test_rendering_does_not_depend_on_memory_layout():
    # Regression: the renderer once compared containers by id(); a freed list-item container's id
    # reused by the next blockquote made that quote continue the list ("- a\n>\n> b") now and then.
    html = (
        '<ul><li><b>Bold item</b>: with <a href="/l">a link</a> and <code>code</code></li></ul>'
        "<blockquote><p><em>Italic quote</em>.</p></blockquote><ul><li>x</li></ul><blockquote>y</blockquote>"
    )
    seen = set()
    ballast = []
    for i in range(1500):
        seen.add(html_to_text(html, "https://e.test/"))
        ballast.append([object() for _ in range(i % 7)])
    assert seen == {"- **Bold item**: with [a link](https://e.test/l) and `code`\n\n> *Italic quote*.\n\n- x\n\n> y"}


def test_text_is_in_composed_unicode_whatever_the_page_used():
    # "é" written as e + combining acute, and Bengali YYA written precomposed (NFC spells it YA + NUKTA)
    page = convert(
        "<html><head><title>Cafe\u0301</title></head><body><p>Un cafe\u0301 au bord de la mer, "
        "\u09df\u09be, the harbour at dawn.</p></body></html>",
        "https://example.org/c",
    )
    assert page.markdown == "Un caf\u00e9 au bord de la mer, \u09af\u09bc\u09be, the harbour at dawn."
    assert page.title == "Caf\u00e9"
