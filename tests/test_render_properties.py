"""Property tests of the rendering contract (see docs/design.md#rendering) over HTML generated from a small grammar.

Same input, same bytes; CRLF, CR and LF inputs render identically; the output never starts or ends
with a newline, has no trailing whitespace on a line and never two blank lines in a row outside
fenced code blocks; the Markdown, read back by a CommonMark parser, says what the plain text says
(escaping is right); nothing raises, whatever the input.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import html as lxml_html

from web2md import convert, decode_entities, html_to_text
from web2md.extract.convert import render_plain
from web2md.extract.html.parse import parse_html
from web2md.extract.html.urls import document_base
from web2md.extract.options import Options

URL = "https://example.test/dir/page"
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text full of what Markdown, HTML and the entity rules care about; newlines are LF only here,
# the line-ending test derives its CRLF and CR variants from it.
SPECIAL = [
    "*",
    "**",
    "_",
    "__",
    "`",
    "```",
    "~~~",
    "[",
    "]",
    "(",
    ")",
    "\\",
    "#",
    "## ",
    "> ",
    "- ",
    "+ ",
    "1. ",
    "2) ",
    "|",
    "!",
    "<",
    ">",
    "&",
    "&amp;",
    "&lt;",
    "&gt;",
    "&nbsp;",
    "&copy",
    "&copy;",
    "&notit;",
    "&foo;",
    "&#65;",
    "&#x42;",
    "&#0;",
    "&#xD800;",
    "&#x110000;",
    "&#128;",
    "&#150;",
    "&#xZZ;",
    "\u00a0",
    "\u2009",
    "\u202f",
    "\u200b",
    "\u200e",
    "\ufeff",
    "\t",
    "\n",
    "\n\n",
    "   ",
    "---",
    "===",
    "snake_case",
    "1984. ",
    "&#8203;",
    "é",
    "\U0001f600",
    "<!-- c -->",
    "<![CDATA[x]]>",
    "<?pi x?>",
]
WORDS = st.sampled_from(["alpha", "beta", "gamma", "delta", "x", "42", "Hello", "world", "end."])
TEXT = st.lists(
    st.one_of(WORDS, st.sampled_from(SPECIAL), st.text(alphabet="ab \n*_#&;<>-", max_size=6)), max_size=6
).map(" ".join)
HREFS = st.sampled_from(
    [
        "/a",
        "b/c",
        "../up",
        "#frag",
        "page",
        "https://example.test/dir/page",
        "mailto:x@y.test",
        "javascript:void(0)",
        "https://other.test/x?a=1&amp;b=2",
        "",
        "http://[bad",
        "/p (1)",
        "?q=1",
    ]
)
CLASSES = st.sampled_from(["", "language-python", "lang-js", "x language-Rust", "highlight"])


def element(tag: str, children: st.SearchStrategy[str], attrs: str = "") -> st.SearchStrategy[str]:
    return children.map(lambda inner: f"<{tag}{attrs}>{inner}</{tag}>")


def _tree(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    many = st.lists(children, max_size=4).map("".join)
    inline = st.one_of(
        *(element(tag, many) for tag in ("b", "strong", "i", "em", "code", "span", "kbd")),
        st.tuples(HREFS, many).map(lambda t: f'<a href="{t[0]}">{t[1]}</a>'),
        st.just("<br>"),
        st.just("<br><br>"),
        st.sampled_from(['<img src="/i.png" alt="pic">', '<img src="/n.png">', '<img alt="a*b" src="x y.png">']),
    )
    blocks = st.one_of(
        *(
            element(tag, many)
            for tag in (
                "p",
                "div",
                "h1",
                "h2",
                "h3",
                "h6",
                "blockquote",
                "section",
                "article",
                "main",
                "nav",
                "header",
                "footer",
                "aside",
                "li",
                "td",
                "th",
                "caption",
                "textarea",
                "script",
                "style",
                "noscript",
                "template",
                "dd",
                "dt",
            )
        ),
        element("ul", st.lists(element("li", many), max_size=4).map("".join)),
        st.tuples(st.integers(-2, 12), st.lists(element("li", many), max_size=4)).map(
            lambda t: f'<ol start="{t[0]}">{"".join(t[1])}</ol>'
        ),
        st.tuples(CLASSES, many).map(lambda t: f'<pre class="{t[0]}">{t[1]}</pre>'),
        st.tuples(CLASSES, many).map(lambda t: f'<pre><code class="{t[0]}">{t[1]}</code></pre>'),
        st.lists(
            st.lists(st.tuples(st.sampled_from(["td", "th"]), st.integers(1, 3), many), min_size=1, max_size=3).map(
                lambda cells: "<tr>" + "".join(f'<{t} colspan="{n}">{c}</{t}>' for t, n, c in cells) + "</tr>"
            ),
            max_size=3,
        ).map(lambda rows: "<table>" + "".join(rows) + "</table>"),
        st.just("<hr>"),
    )
    return st.one_of(inline, blocks)


FRAGMENT = st.recursive(TEXT, _tree, max_leaves=25)
DOCUMENT = st.tuples(st.booleans(), st.lists(FRAGMENT, max_size=5)).map(
    lambda t: (
        ('<!doctype html><html><head><title>T</title><base href="https://base.test/b/"></head><body>' if t[0] else "")
        + "\n".join(t[1])
        + ("</body></html>" if t[0] else "")
    )
)


def render(html: str | bytes, include_images: bool = False):
    root = parse_html(html)
    return render_plain(root, document_base(root, URL), URL, Options(include_images=include_images))


CONTAINER_PREFIX = re.compile(r"^(?:[ >]|[-+*] |\d{1,10}[.)] )*")  # quote markers, list markers, indentation


def check_shape(out: str, markdown: bool = True) -> None:
    """No leading/trailing newline, no trailing spaces, no CR/NUL, no two blank lines outside fences.

    In Markdown a line of only quote markers is blank; in plain text (of a page without ``pre``)
    ">" and backticks are just text."""
    assert not out.startswith("\n") and not out.endswith("\n")
    assert "\r" not in out and "\x00" not in out
    fence = None
    prev_blank = False
    for line in out.split("\n"):
        assert line == line.rstrip(), repr(line)
        body = CONTAINER_PREFIX.sub("", line) if markdown else line
        if fence is not None:
            if body == fence:
                fence = None
            prev_blank = False
            continue
        run = body[: len(body) - len(body.lstrip("`"))]
        if markdown and len(run) >= 3 and "`" not in body[len(run) :]:  # a fence (a code span closes on its line)
            fence = run
            prev_blank = False
            continue
        blank = body == ""
        assert not (blank and prev_blank), f"two blank lines in a row in {out!r}"
        prev_blank = blank
    assert fence is None, "unclosed code fence"


@SETTINGS
@given(DOCUMENT, st.booleans())
def test_same_input_same_bytes(html, images):
    first = render(html, images)
    garbage = [object() for _ in range(len(html) % 17)]  # shift the allocator between the two runs
    second = render(html, images)
    del garbage
    assert (second.markdown, second.text) == (first.markdown, first.text)
    assert render(html.encode("utf-8"), images).markdown == first.markdown


@SETTINGS
@given(DOCUMENT)
def test_crlf_cr_and_lf_render_identically(html):
    lf = render(html)
    for variant in (html.replace("\n", "\r\n"), html.replace("\n", "\r")):
        other = render(variant)
        assert other.markdown == lf.markdown
        assert other.text == lf.text


@SETTINGS
@given(DOCUMENT, st.booleans())
def test_output_shape(html, images):
    rendered = render(html, images)
    check_shape(rendered.markdown)
    if "<pre" in html:  # the text of a pre block keeps its blank lines, there are no fences to tell
        assert not rendered.text.startswith("\n") and not rendered.text.endswith("\n")
    else:
        check_shape(rendered.text, markdown=False)


def read_back(markdown: str) -> str:
    """The text a CommonMark (+ GFM tables) reader sees in the Markdown."""
    markdown_it = pytest.importorskip("markdown_it")
    out = markdown_it.MarkdownIt("commonmark").enable("table").render(markdown)
    return lxml_html.fromstring(f"<div>{out}</div>").text_content() if out.strip() else ""


def words(text: str) -> str:
    # Table pipes are syntax in one and separators in the other. Asterisks and underscores count: markers
    # that CommonMark would leave unparsed ("x**:**y") are dropped, text ones escaped where they could pair.
    return " ".join(text.replace("|", " ").split())


@SETTINGS
@given(DOCUMENT, st.booleans())
def test_markdown_reads_back_as_the_text(html, images):
    rendered = render(html, images)
    assert words(read_back(rendered.markdown)) == words(rendered.text)


@SETTINGS
@given(DOCUMENT)
def test_convert_never_raises_and_is_deterministic(html):
    page = convert(html, URL)
    again = convert(html, URL)
    assert page.to_dict() == again.to_dict()
    check_shape(page.markdown)
    assert html_to_text(html, URL) == render(html).markdown


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="<>/&;#!-[]abpli \n\r\x00\"'=", max_size=300)))
def test_arbitrary_text_never_raises(text):
    check_shape(render(text).markdown)
    convert(text, URL)
    decode_entities(text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_raise(data):
    check_shape(render(data).markdown)
    convert(data, URL)


@pytest.mark.parametrize(
    "lists",
    [
        "<ul><li>a</li></ul><ul><li>b</li></ul>",
        "<ol><li>a</li></ol><ol><li>b</li></ol><ol><li>c</li></ol>",
        "<ul><li>a<ul><li>x</li></ul></li></ul><ul><li>b</li></ul>",
        "<ul><li>a<ul><li>x</li></ul><ul><li>y</li></ul></li></ul>",
        "<ol><li>a</li></ol><ul><li>b</li></ul><ul><li>c</li></ul>",
    ],
)
def test_lists_in_a_row_stay_as_many_lists_in_markdown(lists):
    """CommonMark reads items of one kind with a blank line between them as one list: a list right after one of
    its kind takes the other bullet or delimiter, so each HTML list is a list of its own."""
    from markdown_it import MarkdownIt

    markdown = convert(f"<html><body><main>{lists}</main></body></html>", main_content=False).markdown
    parsed = sum(1 for token in MarkdownIt("commonmark").parse(markdown) if token.type.endswith("list_open"))
    assert parsed == lists.count("<ul>") + lists.count("<ol>")


@pytest.mark.parametrize(
    ("line", "markdown"),
    [
        ("--- ---", "\\--- ---"),  # found by test_markdown_reads_back_as_the_text: a rule of dashes with spaces
        ("-- - -", "\\-- - -"),
        ("---", "\\---"),
        ("- - -", "\\- - -"),
        ("*** *", "\\*** *"),
        ("_ _ _", "\\_ _ _"),
        ("== =", "== ="),  # no setext underline: "=" lines have no spaces inside
        ("===", "\\==="),
        ("-- x", "-- x"),
    ],
)
def test_a_line_of_rule_characters_reads_back_as_text(line, markdown):
    rendered = render(f"<p>x</p><p>{line}</p>")
    assert rendered.markdown == f"x\n\n{markdown}"
    assert words(read_back(rendered.markdown)) == words(rendered.text) == f"x {line}"


@pytest.mark.parametrize(
    ("html", "markdown"),
    [
        ("<p>a`<code>b</code></p>", "a\\``b`"),  # found by test_markdown_reads_back_as_the_text (a no-shrink hunt)
        ("<p>a`<code>`b</code></p>", "a\\``` `b ``"),
        ("<p><code>a</code><code>b</code></p>", "`ab`"),
        ("<p><code>a</code><b><code>b</code></b></p>", "`a`**`b`**"),  # the marker keeps the spans apart
        ("<p><code>a</code><a href='/x'><code>b</code></a></p>", "`a`[`b`](https://example.test/x)"),
    ],
)
def test_a_code_span_after_a_text_backtick_is_written_without_a_space(html, markdown):
    """An escaped backtick starts no code span, nor does a code span after an emphasis or link marker join the one
    before it: neither needs a space to stay apart."""
    rendered = render(html)
    assert rendered.markdown == markdown
    assert words(read_back(rendered.markdown)) == words(rendered.text)


def test_text_and_a_list_right_inside_a_list_stay_under_its_last_item():
    """Text right inside a list, in none of its items, is written under the last item (where a browser shows it): at
    the list's margin it would end the list, and a list nested after it would read as an indented code block (found
    by test_markdown_reads_back_as_the_text in a no-shrink hunt)."""
    html = "<ol start=9><li>a<ol start=10><li>b</li><span>loose</span><ol start=3><li>end.</li></ol></ol></li></ol>"
    rendered = render(html)
    assert rendered.markdown == "9. a\n\n   10. b\n\n       loose\n\n       3. end."
    assert words(read_back(rendered.markdown)) == words(rendered.text) == "a b loose end."


@pytest.mark.parametrize(
    ("html", "markdown"),
    [
        ("<ul><li><hr>after</li></ul>", "- ___\n\n  after"),  # "- ---" reads as a rule alone
        ("<ul><li><ul><li><hr>deep</li></ul></li></ul>", "- - ___\n\n    deep"),  # found by the no-shrink hunt
        ("<p>a</p><hr><p>b</p>", "a\n\n---\n\nb"),
    ],
)
def test_a_rule_in_a_list_item_is_no_line_of_dashes(html, markdown):
    rendered = render(html)
    assert rendered.markdown == markdown
    assert words(read_back(rendered.markdown)) == words(rendered.text)


@pytest.mark.parametrize(
    ("html", "markdown"),
    [
        ("<p>x &amp;copy<span>;</span> y</p>", "x \\&copy; y"),  # each piece alone holds no reference
        ("<p>x &amp;copy<b>;</b> y</p>", "x \\&copy; y"),  # found by the no-shrink hunt: the "**" cannot open
        ("<p>x &amp;#16<span>9;</span> y</p>", "x \\&#169; y"),
        ("<p>x &amp;co<span>pz;</span> y</p>", "x &copz; y"),  # no reference: left as it is
        ("<p>Q&amp;<span>A</span> y</p>", "Q&A y"),
        ("<p>x \\&amp;copy<span>;</span> y</p>", "x \\\\\\&copy; y"),  # a text backslash before the "&"
    ],
)
def test_a_character_reference_split_across_elements_reads_back_as_text(html, markdown):
    """Text that spells a character reference only across two elements ("&copy" then ";") escapes its "&": a
    reader would decode the joined Markdown into "©"."""
    rendered = render(html)
    assert rendered.markdown == markdown
    assert words(read_back(rendered.markdown)) == words(rendered.text)


@pytest.mark.parametrize(
    ("html", "markdown"),
    [
        ("<p>x<code>a</code><b><code>b</code></b>y</p>", "x`ab`y"),  # found by the no-shrink hunt
        ("<p>x<code>a</code><i><code>b</code><code>c</code></i>y</p>", "x`abc`y"),
        ("<p><i><em><kbd>a b</kbd></em><em><kbd>c</kbd></em></i></p>", "*`a bc`*"),  # no marker: em in i
        ("<p><em><em><code>a</code></em><i><code>b</code><code>c</code></i></em></p>", "*`abc`*"),
    ],
)
def test_code_spans_whose_emphasis_between_them_is_dropped_are_written_as_one(html, markdown):
    """Two code spans with emphasis between them that CommonMark cannot open ("**" before "y" closes nothing): the
    markers are dropped, and spans of single backticks are written as one ("`a``b`" would read as one span holding
    "a``b", and "`a` `b`" as "a b")."""
    rendered = render(html)
    assert rendered.markdown == markdown
    assert words(read_back(rendered.markdown)) == words(rendered.text)


CARD = (
    '<div><a href="/story"><span>Analysis</span><h3>{kicker}</h3><h2>Harbour plan passes</h2>'
    "<p>The council voted to dredge the old channel.</p><p>By Ana Ruiz</p></a></div>"
)


@pytest.mark.parametrize(
    ("html", "markdown"),
    [
        (
            CARD.format(kicker="Cities"),
            "[Analysis](https://example.test/story)\n\n### [Cities](https://example.test/story)\n\n"
            "## [Harbour plan passes](https://example.test/story)\n\nThe council voted to dredge the old channel."
            "\n\nBy Ana Ruiz",
        ),
        (  # no heading says which block titles the card: each is linked
            '<a href="/story"><div>Cities</div><div>Harbour plan passes</div></a>',
            "[Cities](https://example.test/story)\n\n[Harbour plan passes](https://example.test/story)",
        ),
    ],
)
def test_a_link_around_a_cards_blocks_is_not_written_again_after_its_headline(html, markdown):
    """A link around a card's blocks is written on each block up to its headline (the heading of the highest rank),
    and not after it: the summary and byline would repeat the same address."""
    rendered = render(html)
    assert rendered.markdown == markdown
    assert words(read_back(rendered.markdown)) == words(rendered.text)


def test_a_cards_link_stays_on_its_blocks_when_its_headline_is_left_out():
    """The card's headline left out (here by `exclude_selector`): the blocks after it keep the link, which would be
    written nowhere otherwise."""
    html = f"<html><body><main>{CARD.format(kicker='Cities')}</main></body></html>"
    markdown = convert(html, URL, exclude_selector="h2", main_content=False).markdown
    assert markdown == (
        "[Analysis](https://example.test/story)\n\n### [Cities](https://example.test/story)\n\n"
        "[The council voted to dredge the old channel.](https://example.test/story)\n\n"
        "[By Ana Ruiz](https://example.test/story)"
    )


@pytest.mark.parametrize(
    ("html", "markdown", "text"),
    [
        # found by a no-shrink hunt: "* **" reads as a rule (the list after a list takes the other bullet)
        ("<ul><li>x</li></ul><ul><li>**</li><li>a</li></ul>", "- x\n\n* \\**\n* a", "x\n\n**\na"),
        ("<ul><li>-</li></ul>", "- \\-", "-"),
        # found by a no-shrink hunt: a line break in a code span merged with the next one was left in the text
        ("<p><code><dt></dt><br></code><code>alpha</code></p>", "`alpha`", "alpha"),
    ],
)
def test_hunted_cases_read_back_as_their_text(html, markdown, text):
    rendered = render(html)
    assert (rendered.markdown, rendered.text) == (markdown, text)
    assert words(read_back(rendered.markdown)) == words(rendered.text)
