"""Text asterisks and underscores are escaped only where CommonMark could read them as emphasis.

The property: a paragraph of text full of `*`, `_`, letters, CJK, punctuation and spaces, with bold,
italic, code and links around parts of it, read back by a CommonMark parser (markdown-it) from web2md's
Markdown, has the same characters as the page, and no character is emphasised that the page does not
emphasise; where the page's emphasis can be written in Markdown (it starts and ends with a letter), it is.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from lxml import html as lxml_html

from web2md import convert
from web2md.extract.markdown.emphasis import MAX_DELIMITERS

markdown_it = pytest.importorskip("markdown_it")
MD = markdown_it.MarkdownIt("commonmark").enable("table")
URL = "https://example.test/dir/page"

CHARS = "**__ab한字1()[].,!?\"'-`\\ "
TEXT = st.text(alphabet=CHARS, min_size=1, max_size=8)
WORD = st.sampled_from(
    [
        "a",
        "b",
        "x_y",
        "snake_case_name",
        "字",
        "2*3",
        "(",
        ")",
        ".",
        "**",
        "*",
        "_",
        "__",
        "!",
        "&amp;",
        "&lt;",
        "&lt;b",
        "&amp;amp;",
        "#",
        "<br>",
    ]
)


def _inline(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    many = st.lists(children, min_size=1, max_size=4).map("".join)
    return st.one_of(
        *(many.map(lambda inner, t=tag: f"<{t}>{inner}</{t}>") for tag in ("b", "strong", "i", "em", "code")),
        many.map(lambda inner: f'<a href="/l">{inner}</a>'),
    )


INLINE = st.recursive(st.one_of(TEXT, WORD), _inline, max_leaves=12)
PARAGRAPH = st.lists(INLINE, min_size=1, max_size=6).map("".join)


def emphasis_of(root, bold_tags: tuple[str, ...], italic_tags: tuple[str, ...]) -> list[tuple[str, bool, bool]]:
    """Each non-space character under `root` with whether it is bold and whether italic (inside code,
    markup below the code does not count: code spans hold no emphasis)."""
    out: list[tuple[str, bool, bool]] = []

    def walk(el, bold: bool, italic: bool, code: bool) -> None:
        if not code:
            bold = bold or el.tag in bold_tags
            italic = italic or el.tag in italic_tags
        code = code or el.tag == "code"
        out.extend((c, bold, italic) for c in el.text or "" if not c.isspace())
        for child in el:
            walk(child, bold, italic, code)
            out.extend((c, bold, italic) for c in child.tail or "" if not c.isspace())

    walk(root, False, False, False)
    return out


def read_back(markdown: str) -> list[tuple[str, bool, bool]]:
    return emphasis_of(lxml_html.fromstring(f"<div>{MD.render(markdown)}</div>"), ("strong",), ("em",))


def of_page(html: str) -> list[tuple[str, bool, bool]]:
    return emphasis_of(lxml_html.fromstring(f"<div>{html}</div>"), ("b", "strong"), ("i", "em"))


def writable(html: str) -> bool:
    """Whether every bold and italic element of the page starts and ends with a letter or digit and stands
    between spaces (or at an end): then its markers can only open or only close, and must all pair.
    (Emphasis that starts or ends with punctuation next to a letter outside, or that touches other emphasis,
    cannot always be written with asterisks: "**1***1**1**1*" pairs the wrong markers.)"""
    marked: list[str] = []

    def walk(el, code: bool) -> None:
        emphasis = not code and el.tag in ("b", "strong", "i", "em")
        code = code or el.tag == "code"
        if el.tag == "br":
            marked.append("\n")
        marked.append("\x10" if emphasis else "")
        marked.append(el.text or "")
        for child in el:
            walk(child, code)
            marked.append(child.tail or "")
        marked.append("\x11" if emphasis else "")

    root = lxml_html.fromstring(f"<div>{html}</div>")
    if any(el.find(".//br") is not None for el in root.iter("b", "strong", "i", "em")):
        return False  # emphasis across a line break is not written
    walk(root, False)
    text = " " + "".join(marked) + " "
    for i, c in enumerate(text):
        if c == "\x10" and not (text[i - 1].isspace() and text[i + 1].isalnum()):
            return False
        if c == "\x11" and not (text[i - 1].isalnum() and text[i + 1].isspace()):
            return False
    return True


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PARAGRAPH)
# dropped markers left a text "_" at the line's start, escaped by a backslash, then escaped again in a later round
@example("<b>_</b><b>1<i>1</i></b><b><i>?</i><b><i>?</i></b><i>1<code>1</code></i></b>1<b>1</b><i>?</i>")
# still dropping markers after the last round: those left were written out, and showed as asterisks
@example("1<b><i>?</i><b>?</b><i>?</i></b><b><i>?1</i></b><b>1</b><b><i>?1</i></b><b><i>1</i><b><i>1</i></b></b>")
def test_emphasis_reads_back_as_in_the_page(html):
    markdown = convert(f"<p>{html}</p>", URL).markdown
    page, back = of_page(html), read_back(markdown)
    assert [c for c, _, _ in back] == [c for c, _, _ in page], markdown
    for (c, bold, italic), (_, page_bold, page_italic) in zip(back, page):
        assert bold <= page_bold and italic <= page_italic, (markdown, c)
    if writable(html):
        assert back == page, markdown


@pytest.mark.parametrize(
    "html, markdown",
    [
        # a closing "**" after punctuation and before a letter is no closer: the text's asterisks stay as written
        (
            '은 **<a href="/run/">서버 실행하기</a>**에서 다룹니다.',
            "은 **[서버 실행하기](https://example.test/run/)**에서 다룹니다.",
        ),
        ("**<code>Client</code>**는 Python", "**`Client`**는 Python"),
        ("ソース上で**暫定（provisional）**とマーク", "ソース上で**暫定（provisional）**とマーク"),
        # between letters and digits "*" can open and close, "_" cannot
        ("2*3*4", "2\\*3\\*4"),
        ("snake_case_names, x__y, max_tokens_", "snake_case_names, x__y, max_tokens_"),
        ("_private and __init__", "_private and \\_\\_init\\_\\_"),  # the pair is escaped, the lone opener not
        ("a * b * c", "a * b * c"),
        ("a *b* c", "a \\*b\\* c"),
        ("note* and *this", "note* and *this"),
        # the text's asterisks next to web2md's own markers
        ("*a <b>b</b>", "*a **b**"),
        ("<b>a</b>*b", "**a**\\*b"),
        ("<b>a</b> b*", "**a** b*"),
        ("a* <b>b</b>", "a* **b**"),
        ("<i>*</i>", "*\\**"),
        ("**<b>x</b>", "\\*\\***x**"),
        # a link text is a scope of its own
        ('<a href="/l">a*</a> b*', "[a\\*](https://example.test/l) b*"),
        ('*a <a href="/l">b*</a>', "*a [b\\*](https://example.test/l)"),
        # web2md's markers that CommonMark cannot read as emphasis are dropped rather than shown
        ("a<b>(b)</b>c", "a(b)c"),
        ("<b>x:</b>y", "x:y"),
        ("<b>x</b>: y", "**x**: y"),
        # a text "_" that dropped markers leave at the line's start is escaped once, however many rounds follow; markers
        # still unpaired after the last round of dropping are dropped, not written out
        (
            "<b>_</b><b>1<i>1</i></b><b><i>?</i><b><i>?</i></b><i>1<code>1</code></i></b>1<b>1</b><i>?</i>",
            "\\_11??1`1`11?",
        ),
        (
            "1<b><i>?</i><b>?</b><i>?</i></b><b><i>?1</i></b><b>1</b><b><i>?1</i></b><b><i>1</i><b><i>1</i></b></b>",
            "1????11?111",
        ),
    ],
)
def test_exact_paragraph_output(html, markdown):
    assert convert(f"<p>{html}</p>", URL).markdown == markdown


@pytest.mark.parametrize(
    "html, markdown",
    [
        ("<p>***</p>", "\\***"),
        ("<p>_ _ _</p>", "\\_ _ _"),
        ("<p>* item</p>", "\\* item"),
        ("<p>a<br>*b<br>c*</p>", "a\\\n\\*b\\\nc\\*"),  # emphasis may span a hard break
        ("<p>a<br>* b</p>", "a\\\n\\* b"),
        ("<p><b>2*3<br>****</b></p>", "2\\*3\\\n\\*\\*\\*\\*"),  # "\\***" would close what "2*3" opens
        ("<p><b><br>&lt;</b>?</p>", "\\<?"),  # "<" and "?" from two pieces of text make no tag
        ("<h2>*a* and b*</h2>", "## \\*a\\* and b*"),
        ("<table><tr><th>*a*</th><th>b* c</th></tr></table>", "| \\*a\\* | b* c |\n|---|---|"),
    ],
)
def test_exact_block_output(html, markdown):
    assert convert(html, URL).markdown == markdown


def test_many_delimiters_stay_linear_and_escaped():
    """Past MAX_DELIMITERS in one paragraph, every literal run that could open or close is escaped
    without the matching (which is repeated per escaping round)."""
    html = "<p>" + " ".join(["*a*"] * (MAX_DELIMITERS + 10)) + " x* y</p>"
    markdown = convert(html, URL).markdown
    assert markdown == " ".join(["\\*a\\*"] * (MAX_DELIMITERS + 10)) + " x\\* y"
    assert read_back(markdown) == of_page(html)
