"""Output formats (see docs/design.md#command-line): md with front matter, json, csv, tei, xml, txt, html through
`render`."""

from __future__ import annotations

import csv
import io
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from web2md import convert
from web2md.extract.page import Page
from web2md.formats import CSV_FIELDS, FORMATS, csv_header, csv_row, extension, normalize_format, render

trafilatura = pytest.importorskip("trafilatura")


def tei_dtd() -> etree.DTD:
    """trafilatura's TEI DTD, with the tables TEI P5 has and it leaves out: <table> among the list-like elements,
    made of <row>s (a `role`, e.g. "label" for a header row) of <cell>s (a `role`, phrase-level content)."""
    with open(os.path.join(os.path.dirname(trafilatura.__file__), "data", "tei_corpus.dtd"), encoding="utf-8") as f:
        text = f.read()
    tei = 'xmlns CDATA "http://www.tei-c.org/ns/1.0"'
    listlike = '<!ENTITY % model.listLike "list |listOrg |listEvent |listPerson |listPlace |listRelation |listObject '
    assert listlike in text
    text = text.replace(listlike, listlike + "|table ")
    text += (
        f"<!ELEMENT table ((head)*, (row)+)><!ATTLIST table {tei} rows CDATA #IMPLIED cols CDATA #IMPLIED>"
        f"<!ELEMENT row (cell)+><!ATTLIST row {tei} role CDATA #IMPLIED>"
        f"<!ELEMENT cell %macro.specialPara;><!ATTLIST cell {tei} role CDATA #IMPLIED cols CDATA #IMPLIED>"
    )
    return etree.DTD(io.StringIO(text))


TEI_DTD = tei_dtd()

PAGE = Page(
    url="https://example.com/article",
    markdown="# Article Title\n\nBody *content* with a [link](https://example.com/x).\n\nSecond paragraph\\\nwith a break.",
    text="Article Title\n\nBody content with a link.\n\nSecond paragraph\nwith a break.",
    title="Article Title",
    author="Jane Doe",
    published_date="2025-01-15T08:30:00Z",
    language="en",
    page_type="article",
    extraction_quality=0.86,
    fingerprint="a1b2c3d4e5f60718",
    keywords=["Rust", "Markdown"],
    site_name="Tech Blog",
    word_count=12,
)


def test_markdown_plain_and_with_front_matter():
    assert render(PAGE, "md") == PAGE.markdown
    assert render(PAGE, "markdown", frontmatter=True) == (
        '---\ntitle: "Article Title"\nurl: "https://example.com/article"\nauthor: "Jane Doe"\n'
        'published_date: "2025-01-15T08:30:00Z"\nsite_name: "Tech Blog"\nlanguage: "en"\n'
        'keywords: ["Rust", "Markdown"]\npage_type: "article"\nextraction_quality: 0.86\nword_count: 12\n'
        'fingerprint: "a1b2c3d4e5f60718"\n---\n\n' + PAGE.markdown
    )


def test_front_matter_values_are_quoted_safely():
    page = Page(url="https://x.example/", markdown="body", title='a: "b" #c\n---\nd')
    out = render(page, "md", frontmatter=True)
    head = out.split("\n---\n\n")[0]
    assert head.count("\n") == 2  # the title's line breaks are escaped, not written
    assert json.loads(head.split("title: ", 1)[1].split("\n")[0]) == page.title


def test_json_omits_empty_and_never_null():
    data = json.loads(render(PAGE, "json"))
    assert data["author"] == "Jane Doe" and data["keywords"] == ["Rust", "Markdown"]
    assert "text" not in data and "description" not in data and "links" not in data
    assert None not in data.values()
    assert list(data)[:4] == ["url", "markdown", "title", "page_type"]


def test_text():
    assert render(PAGE, "txt") == PAGE.text
    assert render(PAGE, "text") == PAGE.text
    assert render({"url": "u", "markdown": "only *markdown*"}, "txt") == "only *markdown*"


def test_csv_single_page_file():
    out = render(PAGE, "csv")
    assert out == (
        "url,title,author,published_date,language,page_type,extraction_quality,fingerprint,text\r\n"
        "https://example.com/article,Article Title,Jane Doe,2025-01-15T08:30:00Z,en,article,0.86,"
        'a1b2c3d4e5f60718,"Article Title\n\nBody content with a link.\n\nSecond paragraph\nwith a break."\r\n'
    )


def test_csv_round_trips_commas_quotes_and_newlines():
    tricky = [
        Page(
            url="https://a.example/?q=1,2",
            title='He said "hi", then left',
            author="Doe, Jane",
            text='line one\nline "two", with comma\r\nline three',
            extraction_quality=0.5,
        ),
        Page(url="https://b.example/", title="", text="", fingerprint="0000000000000000"),
        Page(url="https://c.example/", title="Ünïcödé — ‘quotes’ ,,", text='""\n\n,\n"'),
    ]
    data = csv_header() + "".join(csv_row(p.to_dict()) for p in tricky)
    rows = list(csv.reader(io.StringIO(data, newline="")))
    assert rows[0] == list(CSV_FIELDS)
    assert len(rows) == 4  # the header once, one row per page
    for page, row in zip(tricky, rows[1:]):
        record = dict(zip(CSV_FIELDS, row))
        assert record["url"] == page.url
        assert record["title"] == (page.title or "")
        assert record["author"] == (page.author or "")
        assert record["text"] == page.text
    assert rows[1][CSV_FIELDS.index("extraction_quality")] == "0.5"


def test_xml_document():
    assert render(PAGE, "xml") == (
        '<?xml version="1.0" encoding="UTF-8"?>\n<doc>\n  <url>https://example.com/article</url>\n'
        "  <title>Article Title</title>\n  <author>Jane Doe</author>\n  <date>2025-01-15T08:30:00Z</date>\n"
        "  <language>en</language>\n  <page_type>article</page_type>\n"
        "  <extraction_quality>0.86</extraction_quality>\n  <fingerprint>a1b2c3d4e5f60718</fingerprint>\n"
        '  <main>\n    <head rend="h1">Article Title</head>\n'
        '    <p>Body <hi rend="#i">content</hi> with a <ref target="https://example.com/x">link</ref>.</p>\n'
        "    <p>Second paragraph<lb/>with a break.</p>\n  </main>\n</doc>"
    )


def test_tei_is_valid_tei_p5():
    out = render(PAGE, "tei")
    root = etree.fromstring(out.encode("utf-8"))
    assert TEI_DTD.validate(root), TEI_DTD.error_log.filter_from_errors()
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    assert root.findtext(".//t:titleStmt/t:title", namespaces=ns) == "Article Title"
    assert root.findtext(".//t:titleStmt/t:author", namespaces=ns) == "Jane Doe"
    assert root.findtext(".//t:publicationStmt/t:publisher", namespaces=ns) == "Tech Blog"
    assert root.find(".//t:publicationStmt/t:date", namespaces=ns).get("when") == "2025-01-15T08:30:00Z"
    assert root.findtext(".//t:idno[@type='URL']", namespaces=ns) == "https://example.com/article"
    assert root.find(".//t:langUsage/t:language", namespaces=ns).get("ident") == "en"
    assert root.findtext(".//t:note[@type='fingerprint']", namespaces=ns) == "a1b2c3d4e5f60718"
    section = root.find(".//t:body/t:div[@type='entry']/t:div[@type='section']", namespaces=ns)
    assert section.findtext("t:head", namespaces=ns) == "Article Title"
    paragraphs = section.findall("t:p", namespaces=ns)
    assert [etree.tostring(p, method="text", encoding=str, with_tail=False) for p in paragraphs] == [
        "Body content with a link.",
        "Second paragraphwith a break.",
    ]


STRUCTURED = Page(
    url="https://x.example/s",
    title="S",
    markdown="Lead.\n\n## Steps\n\n1. mix\n2. bake\n   - at 180\n\n| Day | Degrees |\n|---|---|\n| Mon | 12 |\n\n"
    "> a quote\n\n```python\ndef f():\n    return  1\n```\n\n### Deeper\n\n## Next\n\nEnd.",
)


def test_xml_keeps_headings_lists_tables_and_code():
    assert render(STRUCTURED, "xml").split("<main>\n")[1] == (
        "    <p>Lead.</p>\n"
        '    <head rend="h2">Steps</head>\n'
        '    <list rend="ol">\n      <item>mix</item>\n      <item>bake<list rend="ul"><item>at 180</item></list></item>\n'
        "    </list>\n"
        '    <table>\n      <row>\n        <cell role="head">Day</cell>\n        <cell role="head">Degrees</cell>\n'
        "      </row>\n      <row>\n        <cell>Mon</cell>\n        <cell>12</cell>\n      </row>\n    </table>\n"
        "    <quote>\n      <p>a quote</p>\n    </quote>\n"
        '    <code rend="python">def f():\n    return  1</code>\n'
        '    <head rend="h3">Deeper</head>\n    <head rend="h2">Next</head>\n    <p>End.</p>\n  </main>\n</doc>'
    )


def test_tei_keeps_structure_in_sections_and_validates():
    root = etree.fromstring(render(STRUCTURED, "tei").encode("utf-8"))
    assert TEI_DTD.validate(root), TEI_DTD.error_log.filter_from_errors()
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    entry = root.find(".//t:div[@type='entry']", namespaces=ns)
    assert entry.findtext("t:p", namespaces=ns) == "Lead."
    steps, after = entry.findall("t:div[@type='section']", namespaces=ns)
    assert [steps.findtext("t:head", namespaces=ns), after.findtext("t:head", namespaces=ns)] == ["Steps", "Next"]
    assert steps.find("t:div/t:head", namespaces=ns).text == "Deeper"  # h3 nested in the h2's section
    items = steps.findall("t:list[@rend='ol']/t:item", namespaces=ns)
    assert [i.text for i in items] == ["mix", "bake"] and items[1].findtext("t:list/t:item", namespaces=ns) == "at 180"
    rows = steps.findall("t:table/t:row", namespaces=ns)
    assert [[c.text for c in r] for r in rows] == [["Day", "Degrees"], ["Mon", "12"]]
    assert [r.get("role") for r in rows] == ["label", None]  # the header row
    assert [c.get("role") for c in rows[0]] == ["label", "label"] and [c.get("role") for c in rows[1]] == [None, None]
    code = steps.find("t:ab[@type='code']", namespaces=ns)
    assert code.text == "def f():\n    return  1" and code.get("rend") == "python"
    assert code.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"
    assert after.findtext("t:p", namespaces=ns) == "End."


def test_tei_of_a_converted_page_validates():
    html = (
        "<html lang='de'><head><title>Titel</title><meta name='author' content='A'>"
        "<meta name='keywords' content='x, y'><meta property='article:section' content='Z'></head>"
        "<body><main><h1>Kopf</h1><p>Ein Absatz.</p><ul><li>eins</li></ul></main></body></html>"
    )
    for page in (convert(html, "https://e.example/a?b=1&c=2"), Page()):
        root = etree.fromstring(render(page, "tei").encode("utf-8"))
        assert TEI_DTD.validate(root), TEI_DTD.error_log.filter_from_errors()


def test_html_document_escapes_and_keeps_structure():
    page = Page(
        url="https://x.example/p",
        title="A <b>&</b>",
        language="en",
        description='say "hi"',
        markdown="## Sub <script>alert(1)</script>\n\n- one\n- two\n  1. nested\n\n"
        "[bad](javascript:alert%281%29) and [ok](https://x.example/)\n\n"
        "| a | b\\|c |\n|---|---|\n| 1 | 2 |\n\n> quoted **bold**\n\n```js\nif (a < b) {}\n```",
    )
    assert render(page, "html") == (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>A &lt;b&gt;&amp;&lt;/b&gt;</title>\n'
        '<meta name="description" content="say &quot;hi&quot;">\n<link rel="canonical" href="https://x.example/p">\n'
        "</head>\n<body>\n<article>\n"
        "<h2>Sub &lt;script&gt;alert(1)&lt;/script&gt;</h2>\n"
        "<ul><li>one</li><li>two<ol><li>nested</li></ol></li></ul>\n"
        '<p><a href="">bad</a> and <a href="https://x.example/">ok</a></p>\n'
        "<table><thead><tr><th>a</th><th>b|c</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>\n"
        "<blockquote>\n<p>quoted <strong>bold</strong></p>\n</blockquote>\n"
        '<pre><code class="language-js">if (a &lt; b) {}</code></pre>\n'
        "</article>\n</body>\n</html>"
    )


def test_html_of_converted_page_is_well_formed_fragment():
    html = (
        "<main><h2>T</h2><p>a <b>b</b> <i>c</i> <code>d</code><br>e</p><ol><li>x<ul><li>y</li></ul></li>"
        "</ol><blockquote><p>q</p></blockquote><pre><code>z</code></pre></main>"
    )
    body = render(convert(html, "https://x.example/"), "html").split("<article>\n")[1].split("\n</article>")[0]
    etree.fromstring(f"<div>{body.replace('<br>', '<br/>')}</div>")  # balanced tags


def test_all_inputs_render_alike():
    as_dict = PAGE.to_dict()
    for fmt in FORMATS:
        assert render(PAGE, fmt) == render(as_dict, fmt) == render({**as_dict, "tree": object(), "links": []}, fmt)


def test_format_names_and_extensions():
    assert [normalize_format(n) for n in ("MD", "markdown", "text", "txt", "json", "jsonl", "htm")] == [
        "md",
        "md",
        "txt",
        "txt",
        "json",
        "json",
        "html",
    ]
    assert extension("tei") == "tei.xml" and extension("markdown") == "md"
    with pytest.raises(ValueError, match="unknown format 'pdf'"):
        render(PAGE, "pdf")
    with pytest.raises(TypeError):
        render("not a page", "md")


HOSTILE = st.lists(
    st.one_of(
        st.characters(exclude_categories=()),  # includes unpaired surrogates and control characters
        st.sampled_from(["]]>", "<", "&", '"', "'", "\x00", "\x0b", "\ufffe", "\uffff", "\ud800", "&amp;", "<!--"]),
    ),
    max_size=20,
).map("".join)


HOSTILE_MARKDOWN = st.lists(
    st.one_of(
        HOSTILE,
        st.sampled_from(
            [
                "\n",
                "\n\n",
                "# ",
                "## ",
                "> ",
                "- ",
                "  - ",
                "1. ",
                "| a | b |\n|---|---|\n",
                "```\n",
                "**",
                "*",
                "`",
                "[x](",
                ")",
                "![a](",
                "\\\n",
                "---",
            ]
        ),
    ),
    max_size=30,
).map("".join)


@given(title=HOSTILE, author=HOSTILE, text=HOSTILE, url=HOSTILE, lang=HOSTILE, kw=HOSTILE, site=HOSTILE)
@settings(max_examples=150, deadline=None)
def test_xml_and_tei_stay_well_formed_for_hostile_text(title, author, text, url, lang, kw, site):
    page = {
        "url": url,
        "title": title,
        "author": author,
        "text": text,
        "language": lang,
        "keywords": [kw],
        "site_name": site,
        "published_date": title,
        "fingerprint": author,
        "description": text,
    }
    for fmt in ("xml", "tei"):
        out = render(page, fmt)
        root = etree.fromstring(out.encode("utf-8"))  # strict parser: raises if not well-formed
        if fmt == "tei":
            assert TEI_DTD.validate(root), TEI_DTD.error_log.filter_from_errors()
    doc = etree.fromstring(render(page, "xml").encode("utf-8"))
    expected_title = "".join(
        c for c in title if c in "\t\n\r" or (" " <= c <= "\ud7ff") or ("\ue000" <= c <= "\ufffd") or c >= "\U00010000"
    )
    assert (doc.findtext("title") or "") == expected_title


@given(text=HOSTILE, title=HOSTILE)
@settings(max_examples=100, deadline=None)
def test_csv_and_json_round_trip_any_text(text, title):
    page = {"url": "https://x.example/", "title": title, "text": text.replace("\ud800", "")}
    rows = list(csv.reader(io.StringIO(render(page, "csv"), newline="")))
    assert len(rows) == 2
    assert rows[1][CSV_FIELDS.index("text")] == page["text"]
    assert json.loads(render(page, "json")).get("title", "") == title


@given(markdown=HOSTILE_MARKDOWN)
@settings(max_examples=150, deadline=None)
def test_xml_and_tei_of_any_markdown_are_well_formed_and_valid(markdown):
    page = {"url": "https://x.example/", "title": "t", "markdown": markdown}
    etree.fromstring(render(page, "xml").encode("utf-8"))
    root = etree.fromstring(render(page, "tei").encode("utf-8"))
    assert TEI_DTD.validate(root), TEI_DTD.error_log.filter_from_errors()


@settings(deadline=None)  # the first example imports itemadapter
@given(
    markdown=st.none() | st.text(max_size=50),
    title=st.none() | st.text(max_size=10),
    kind=st.sampled_from(["page", "feed", "dict"]),
)
def test_the_markdown_file_of_an_item_is_what_render_makes_of_its_fields(markdown, title, kind):
    # the export writes every page's .md through the exporters' render_markdown, which reads one field
    from web2md.exporters import render_markdown
    from web2md.items import FeedEntryItem, PageItem, item_to_dict

    fields = {"url": "https://example.com/a", "title": title, "markdown": markdown}
    item = {"page": PageItem, "feed": FeedEntryItem, "dict": dict}[kind](
        **{k: v for k, v in fields.items() if v is not None or kind == "dict"}
    )
    assert render_markdown(item) == render(item_to_dict(item), "md")
