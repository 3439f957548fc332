"""Metadata extraction (see docs/design.md#page-fields): every field, every fallback, conflicting sources and broken
markup."""

from __future__ import annotations

import html
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web2md import convert
from web2md.extract.meta.dates import normalize_date
from web2md.extract.meta.meta_jsonld import parse_json_ld
from web2md.extract.meta.metadata import MissingMetadata, check_metadata, excerpt_of, missing_metadata
from web2md.formats import FORMATS, render

URL = "https://news.example.com/2025/01/story.html"
ARTICLE = (
    "<main><h1>Rivers in winter</h1>"
    "<p>The river froze early this year, and the town council met on Monday to decide "
    "what to do about the ferry that carries about two hundred people a day across it to work.</p>"
    "<p>Second paragraph with more words in it.</p></main>"
)


def page(head: str = "", body: str = ARTICLE, url: str = URL, html_attrs: str = ' lang="en"'):
    return convert(f"<!DOCTYPE html><html{html_attrs}><head>{head}</head><body>{body}</body></html>", url)


def ld(obj) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


# (case id, <head> markup, expected fields) -- each page is a realistic fragment of a real site's head.
CASES = [
    ("title-element", "<title>Rivers in winter</title>", {"title": "Rivers in winter"}),
    ("title-without-site-beside-h1", "<title>Rivers in winter | Daily</title>", {"title": "Rivers in winter"}),
    ("title-dc-fallback", '<meta name="DC.title" content="Dublin river report">', {"title": "Dublin river report"}),
    ("title-dcterms-fallback", '<meta name="dcterms.title" content="Terms title">', {"title": "Terms title"}),
    ("title-entities", "<title>Tom &amp; Jerry &ndash; the story</title>", {"title": "Tom & Jerry – the story"}),
    (
        "description-meta",
        '<meta name="description" content="  A   short\n summary. ">',
        {"description": "A short summary."},
    ),
    ("description-og-fallback", '<meta property="og:description" content="OG summary">', {"description": "OG summary"}),
    ("description-dc-fallback", '<meta name="DC.description" content="DC summary">', {"description": "DC summary"}),
    (
        "description-empty-tag-skipped",
        '<meta name="description" content=""><meta name="description" content="Real one">',
        {"description": "Real one"},
    ),
    ("author-meta", '<meta name="author" content="Jane Doe">', {"author": "Jane Doe"}),
    ("author-jsonld-string", ld({"@type": "NewsArticle", "author": "Max Mustermann"}), {"author": "Max Mustermann"}),
    (
        "author-jsonld-object",
        ld({"@type": "Article", "author": {"@type": "Person", "name": "Ana Lima"}}),
        {"author": "Ana Lima"},
    ),
    (
        "author-jsonld-array",
        ld({"@type": "BlogPosting", "author": [{"name": "A. One"}, {"name": "B. Two"}, "A. One"]}),
        {"author": "A. One; B. Two"},
    ),
    ("author-dc-creator", '<meta name="DC.creator" content="Creator Name">', {"author": "Creator Name"}),
    (
        "author-meta-beats-jsonld",
        '<meta name="author" content="Meta Author">' + ld({"@type": "Article", "author": {"name": "LD Author"}}),
        {"author": "Meta Author"},
    ),
    # RDFa's prefixed Dublin Core, one property attribute naming several properties, og:-prefixed article ones
    (
        "author-rdfa-dc-creator-among-properties",
        '<meta property="dc:creator twitter:creator" content="Creator Name">',
        {
            "author": "Creator Name",
            "dublin_core": {"creator": "Creator Name"},
            "twitter_card": {"creator": "Creator Name"},
        },
    ),
    (
        "og-article-author-and-published-time",
        '<meta property="og:article:author" content="Ann Lee">'
        '<meta property="og:article:published_time" content="2025-01-15T08:00:00Z">',
        {"author": "Ann Lee", "published_date": "2025-01-15T08:00:00Z"},
    ),
    (
        "author-article-author-url-ignored",
        '<meta property="article:author" content="https://facebook.com/someone">',
        {"author": None},
    ),
    (
        "published-og-beats-jsonld",
        '<meta property="article:published_time" content="2025-01-15T08:30:00+01:00">'
        + ld({"@type": "NewsArticle", "datePublished": "2024-12-31"}),
        {"published_date": "2025-01-15T08:30:00+01:00"},
    ),
    (
        "published-jsonld",
        ld({"@type": "NewsArticle", "datePublished": "2025-01-15T08:30:00.000Z"}),
        {"published_date": "2025-01-15T08:30:00Z"},
    ),
    ("published-dc-date", '<meta name="DC.date" content="2023-06-01">', {"published_date": "2023-06-01"}),
    (
        "published-dcterms-rfc822",
        '<meta name="dcterms.date" content="Wed, 15 Jan 2025 08:30:00 GMT">',
        {"published_date": "2025-01-15T08:30:00Z"},
    ),
    (
        "published-unreadable-skipped",
        '<meta property="article:published_time" content="soon"><meta name="DC.date" content="15.01.2025">',
        {"published_date": "2025-01-15"},
    ),
    (
        "modified-dates",
        '<meta property="article:modified_time" content="2025-02-01T10:00:00Z">'
        + ld({"@type": "Article", "dateModified": "2025-03-01"}),
        {"modified_date": "2025-02-01T10:00:00Z"},
    ),
    ("modified-jsonld", ld({"@type": "Article", "dateModified": "2025-03-01"}), {"modified_date": "2025-03-01"}),
    (
        "image-og-relative",
        '<meta property="og:image" content="/img/cover.jpg">',
        {"image": "https://news.example.com/img/cover.jpg"},
    ),
    (
        "image-jsonld-string",
        ld({"@type": "Article", "image": "https://cdn.example.com/a.jpg"}),
        {"image": "https://cdn.example.com/a.jpg"},
    ),
    (
        "image-jsonld-object",
        ld({"@type": "Article", "image": {"@type": "ImageObject", "url": "/b.png"}}),
        {"image": "https://news.example.com/b.png"},
    ),
    (
        "image-jsonld-array",
        ld({"@type": "Article", "image": ["https://cdn.example.com/1.jpg", "https://cdn.example.com/2.jpg"]}),
        {"image": "https://cdn.example.com/1.jpg"},
    ),
    (
        "headline-jsonld",
        ld({"@type": "NewsArticle", "headline": "Breaking: river froze"}),
        {"headline": "Breaking: river froze"},
    ),
    ("site-name-og", '<meta property="og:site_name" content="Daily River">', {"site_name": "Daily River"}),
    (
        "site-name-publisher-fallback",
        ld({"@type": "Article", "publisher": {"@type": "Organization", "name": "River Media"}}),
        {"site_name": "River Media"},
    ),
    (
        "keywords-article-tags",
        '<meta property="article:tag" content="Rivers"><meta property="article:tag" content="Winter">'
        '<meta property="article:tag" content="Rivers"><meta name="keywords" content="ignored, words">',
        {"keywords": ["Rivers", "Winter"]},
    ),
    (
        "keywords-meta-comma",
        '<meta name="keywords" content="rust, web scraping,  markdown ,">',
        {"keywords": ["rust", "web scraping", "markdown"]},
    ),
    ("keywords-jsonld-string", ld({"@type": "Article", "keywords": "alpha, beta"}), {"keywords": ["alpha", "beta"]}),
    (
        "keywords-jsonld-array",
        ld({"@type": "Article", "keywords": ["gamma", "delta"]}),
        {"keywords": ["gamma", "delta"]},
    ),
    (
        "categories-article-section",
        '<meta property="article:section" content="Technology"><meta property="article:section" content="Open Source">',
        {"categories": ["Technology", "Open Source"]},
    ),
    (
        "categories-jsonld",
        ld({"@type": "NewsArticle", "articleSection": ["Local", "Weather"]}),
        {"categories": ["Local", "Weather"]},
    ),
    (
        "canonical-link",
        '<link rel="canonical" href="/2025/01/story"><meta property="og:url" content="https://other.example/x">',
        {"canonical_url": "https://news.example.com/2025/01/story"},
    ),
    (
        "canonical-og-url-fallback",
        '<meta property="og:url" content="https://news.example.com/s">',
        {"canonical_url": "https://news.example.com/s"},
    ),
    ("charset-meta", '<meta charset="UTF-8">', {"charset": "utf-8"}),
    (
        "charset-http-equiv",
        '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">',
        {"charset": "iso-8859-1"},
    ),
    (
        "robots",
        '<meta name="robots" content="NOINDEX, follow, max-snippet:-1"><meta name="googlebot" content="nofollow">',
        {"robots": ["noindex", "nofollow"]},
    ),
    ("robots-none", '<meta name="robots" content="none">', {"robots": ["noindex", "nofollow"]}),
    (
        "meta-refresh",
        '<meta http-equiv="refresh" content="5; URL=\'/next page\'">',
        {"meta_refresh": {"delay": 5, "url": "https://news.example.com/next page"}},
    ),
    ("meta-refresh-no-url", '<meta http-equiv="refresh" content="30">', {"meta_refresh": {"delay": 30}}),
    (
        "feeds",
        '<link rel="alternate" type="application/rss+xml" title="RSS" href="/feed.xml">'
        '<link rel="alternate" type="application/atom+xml" href="/atom.xml">'
        '<link rel="alternate" type="application/feed+json" href="/feed.json">'
        '<link rel="alternate" type="application/rss+xml" href="/feed.xml">',
        {
            "feeds": [
                {"url": "https://news.example.com/feed.xml", "type": "rss", "title": "RSS"},
                {"url": "https://news.example.com/atom.xml", "type": "atom"},
                {"url": "https://news.example.com/feed.json", "type": "json"},
            ]
        },
    ),
    (
        "hreflangs",
        '<link rel="alternate" hreflang="de" href="/de/story"><link rel="alternate" hreflang="x-default" href="/">',
        {
            "hreflangs": [
                {"hreflang": "de", "url": "https://news.example.com/de/story"},
                {"hreflang": "x-default", "url": "https://news.example.com/"},
            ]
        },
    ),
    (
        "favicons",
        '<link rel="icon" type="image/png" sizes="32x32" href="/f32.png"><link rel="shortcut icon" href="/favicon.ico">'
        '<link rel="apple-touch-icon" href="/apple.png"><link rel="stylesheet" href="/s.css">',
        {
            "favicons": [
                {"url": "https://news.example.com/f32.png", "rel": "icon", "sizes": "32x32", "type": "image/png"},
                {"url": "https://news.example.com/favicon.ico", "rel": "shortcut icon"},
                {"url": "https://news.example.com/apple.png", "rel": "apple-touch-icon"},
            ]
        },
    ),
    (
        "open-graph-twitter-dc",
        '<meta property="og:title" content="OG T"><meta property="og:title" content="OG T2">'
        '<meta property="og:type" content="article"><meta property="og:locale:alternate" content="fr_FR">'
        '<meta property="og:locale:alternate" content="es_ES">'
        '<meta name="twitter:card" content="summary_large_image"><meta name="twitter:site" content="@daily">'
        '<meta name="DC.publisher" content="Daily Press"><meta name="dcterms.rights" content="CC BY">',
        {
            "open_graph": {"title": ["OG T", "OG T2"], "type": "article", "locale:alternate": ["fr_FR", "es_ES"]},
            "twitter_card": {"card": "summary_large_image", "site": "@daily"},
            "dublin_core": {"publisher": "Daily Press", "rights": "CC BY"},
        },
    ),
    (
        "jsonld-entities-decoded",
        ld({"@type": "Article", "headline": "Caf&eacute; &amp; cr&egrave;me"}),
        {"headline": "Café & crème"},
    ),
    (
        "jsonld-graph-priority",
        ld(
            {
                "@context": "https://schema.org",
                "@graph": [
                    {"@type": "WebSite", "name": "River Site", "description": "site description"},
                    {"@type": "WebPage", "datePublished": "2020-01-01", "description": "page description"},
                    {"@type": ["NewsArticle"], "datePublished": "2025-01-15", "author": {"@id": "#me"}},
                ],
            }
        ),
        {"published_date": "2025-01-15", "description": "page description", "site_name": "River Site", "author": None},
    ),
]


@pytest.mark.parametrize("head,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_metadata_field(head, expected):
    p = page(f'<meta charset="utf-8">{head}' if "charset" not in head.lower() else head)
    for field, value in expected.items():
        got = getattr(p, field)
        assert (got or None) == value, field


def test_at_least_thirty_metadata_cases():
    assert len(CASES) >= 30


def test_time_element_when_no_meta_date():
    body = '<main><p>By Ann on <time datetime="2025-01-20T09:00:00Z">20 January</time></p>' + ARTICLE[6:]
    assert page(body=body).published_date == "2025-01-20T09:00:00Z"


def test_time_element_marked_pubdate_wins_over_earlier_time():
    body = (
        '<main><time datetime="2025-03-03">updated</time>'
        '<time itemprop="datePublished" datetime="2025-01-02">x</time></main>'
    )
    assert page(body=body).published_date == "2025-01-02"


def test_meta_date_beats_time_element_and_time_beats_jsonld():
    body = '<main><time datetime="2025-01-20">x</time></main>'
    head = ld({"@type": "Article", "datePublished": "2019-01-01"})
    assert page(head, body).published_date == "2025-01-20"
    head += '<meta property="article:published_time" content="2025-01-10">'
    assert page(head, body).published_date == "2025-01-10"


def test_excerpt_first_substantive_paragraph_cut_with_ellipsis():
    p = page()
    assert p.excerpt.startswith("The river froze early this year, and the town council met")
    assert p.excerpt.endswith("…")
    assert len(p.excerpt) <= 161
    # cut at a word boundary
    assert (
        p.excerpt[:-1] in "The river froze early this year, and the town council met on Monday to decide "
        "what to do about the ferry that carries about two hundred people a day across it to work."
    )


def test_excerpt_skips_headings_lists_and_short_paragraphs():
    md = (
        "# A long heading that has more than forty characters in it\n\nShort.\n\n- a list item that is "
        "also longer than forty characters\n\nThe **first** real [paragraph](https://x.example/) with enough text."
    )
    assert excerpt_of(md) == "The first real paragraph with enough text."
    assert excerpt_of("```\ncode block line that is long enough to count as a paragraph\n```") is None


def test_language_from_markup_normalised_to_iso639_1():
    assert page(html_attrs=' lang="en-US"').language == "en"
    assert page('<meta property="og:locale" content="de_DE">', html_attrs="").language == "de"
    assert page(ld({"@type": "Article", "inLanguage": "pt-BR"}), html_attrs="").language == "pt"
    assert page(html_attrs=' xml:lang="fr"').language == "fr"
    assert page('<meta http-equiv="content-language" content="es, en">', html_attrs="").language == "es"


def test_language_invalid_markup_falls_through_to_next_source():
    assert page('<meta property="og:locale" content="it_IT">', html_attrs=' lang="x-default"').language == "it"


def test_language_detected_from_text_is_iso639_3():
    body = (
        "<main><p>Der Stadtrat hat am Montag beschlossen, dass die Fähre über den Fluss auch im Winter "
        "fahren soll, weil viele Menschen sie jeden Tag für den Weg zur Arbeit nutzen.</p></main>"
    )
    assert page(body=body, html_attrs="").language == "deu"
    assert page(html_attrs="").language == "eng"


def test_language_none_for_too_little_text():
    assert page(body="<main><p>OK</p></main>", html_attrs="").language is None


def test_word_count_and_fingerprint():
    p = page()
    assert p.word_count == len(p.text.split())
    assert re.fullmatch(r"[0-9a-f]{16}", p.fingerprint)
    assert page(body="<main></main>").fingerprint is None


def test_images_with_attributes_lazy_sources_and_dedup():
    body = (
        '<main><img src="/a.jpg" alt=" A  cat " title="Cat" width="640" height="480px" '
        'srcset="/a-2x.jpg 2x"><img data-src="/lazy.jpg" src="data:image/gif;base64,R0lGOD">'
        '<img src="/a.jpg"><img alt="no source"></main>'
    )
    assert page(body=body).images == [
        {
            "src": "https://news.example.com/a.jpg",
            "alt": "A cat",
            "title": "Cat",
            "width": 640,
            "height": 480,
            "srcset": "/a-2x.jpg 2x",
        },
        {"src": "https://news.example.com/lazy.jpg"},
    ]


def test_headings_whole_document_in_order():
    body = "<header><h2>Site  name</h2></header><main><h1>Main</h1><h3><a href='/x'>Sub</a></h3><h4> </h4></main>"
    assert page(body=body).headings == [
        {"level": 2, "text": "Site name"},
        {"level": 1, "text": "Main"},
        {"level": 3, "text": "Sub"},
    ]


def test_base_href_applies_to_urls():
    head = '<base href="https://cdn.example.org/base/"><meta property="og:image" content="img.png"><link rel="canonical" href="c">'
    p = page(head)
    assert p.image == "https://cdn.example.org/base/img.png"
    assert p.canonical_url == "https://cdn.example.org/base/c"


def test_jsonld_entries_kept_as_authored():
    head = ld({"@context": "https://schema.org", "@type": "Article", "name": "x"}) + ld(
        [{"@type": "A"}, {"@type": "B"}]
    )
    assert page(head).json_ld == [
        {"@context": "https://schema.org", "@type": "Article", "name": "x"},
        {"@type": "A"},
        {"@type": "B"},
    ]


def test_malformed_jsonld_is_tolerated():
    head = (
        '<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Trailing",}</script>'
        '<script type="application/ld+json"><!-- {"@type": "Thing", "name": "commented"} --></script>'
        '<script type="application/ld+json">{"@type": "Article", "description": "line one\nline two"}</script>'
        '<script type="application/ld+json">{"a": 1}{"b": 2}</script>'
        '<script type="application/ld+json">{"@type": "Article", "author": </script>'
        '<script type="application/ld+json">   </script>'
    )
    p = page(head)
    assert p.headline == "Trailing"
    assert p.description == "line one line two"
    assert p.json_ld == [
        {"@type": "NewsArticle", "headline": "Trailing"},
        {"@type": "Thing", "name": "commented"},
        {"@type": "Article", "description": "line one\nline two"},
        {"a": 1},
        {"b": 2},
    ]


@pytest.mark.parametrize(
    "raw,expected",
    [
        ('{"a": 1,}', [{"a": 1}]),
        ('[{"a": 1},]', [[{"a": 1}]]),
        ('<![CDATA[ {"a": 1} ]]>', [{"a": 1}]),
        ('//<![CDATA[\n{"a": 1}\n//]]>', [{"a": 1}]),
        ('{"a": 1}, {"b": 2};', [{"a": 1}, {"b": 2}]),
        ("not json at all", []),
        ("", []),
    ],
)
def test_parse_json_ld(raw, expected):
    assert parse_json_ld(raw) == expected


def test_conflicting_duplicate_tags_first_non_empty_wins():
    head = '<meta property="og:site_name" content=""><meta property="og:site_name" content="One">'
    head += '<meta property="og:site_name" content="Two">'
    assert page(head).site_name == "One"


def test_repeated_author_tags_name_several_authors():
    # each author tag names one of the page's authors (as DC.creator does in Dublin Core)
    head = (
        '<meta name="author" content=""><meta name="author" content="First Author">'
        '<meta name="author" content="Second Author"><meta name="author" content="First Author">'
    )
    assert page(head).author == "First Author; Second Author"
    head = '<meta name="DC.creator" content="Kay, A."><meta name="DC.creator" content="Lee, B. de">'
    assert page(head).author == "Kay, A.; Lee, B. de"


def test_page_fields_absent_are_none_or_empty_and_omitted_from_dict():
    p = convert("<p>hi</p>", "")
    for name in (
        "description",
        "author",
        "published_date",
        "image",
        "headline",
        "site_name",
        "canonical_url",
        "meta_refresh",
        "charset",
    ):
        assert getattr(p, name) is None
    for name in ("keywords", "categories", "robots", "feeds", "json_ld", "images", "hreflangs", "favicons"):
        assert getattr(p, name) == []
    assert not {"author", "keywords", "feeds", "language"} & set(p.to_dict())
    assert None not in p.to_dict().values()


def test_metadata_is_deterministic():
    html = "<html><head>" + CASES[-1][1] + CASES[44][1] + "</head><body>" + ARTICLE + "</body></html>"
    assert convert(html, URL).to_dict() == convert(html, URL).to_dict()


def test_missing_metadata_check():
    p = page("<title>T</title>")
    assert missing_metadata(p) == ["published_date"]
    with pytest.raises(MissingMetadata, match=r"news\.example\.com.*missing metadata: no published date"):
        check_metadata(p)
    check_metadata(page('<title>T</title><meta name="DC.date" content="2025-01-01">'))
    assert missing_metadata({"url": "u"}) == ["title", "published_date"]
    with pytest.raises(MissingMetadata, match="no title and no published date"):
        check_metadata({"url": "https://x.example/"})


@pytest.mark.parametrize(
    "raw,iso",
    [
        ("2025-01-15T08:30:00Z", "2025-01-15T08:30:00Z"),
        ("2025-01-15T08:30:00.123+0100", "2025-01-15T08:30:00+01:00"),
        ("2025-01-15 08:30", "2025-01-15T08:30:00"),
        ("2025-01-15", "2025-01-15"),
        ("2025-01", "2025-01"),
        ("Wed, 15 Jan 2025 08:30:00 GMT", "2025-01-15T08:30:00Z"),
        ("2025/01/15", "2025-01-15"),
        ("15.01.2025", "2025-01-15"),
        ("15.01.2025 14:05", "2025-01-15T14:05:00"),
        ("01/23/2020", "2020-01-23"),
        ("23/01/2020", "2020-01-23"),
        ("January 15, 2025", "2025-01-15"),
        ("Jan 15th, 2025 at 8:30 pm", "2025-01-15T20:30:00"),
        ("15 January 2025", "2025-01-15"),
        ("15. März 2025", "2025-03-15"),
        ("1er mars 2025", "2025-03-01"),
        ("15 de enero de 2025", "2025-01-15"),
        ("20250115", "2025-01-15"),
        ("05/06/2020", None),  # day/month order unknowable
        ("2025-02-30", None),
        ("2025-13-01", None),
        ("0000-00-00", None),
        ("yesterday", None),
        ("", None),
        (None, None),
    ],
)
def test_normalize_date(raw, iso):
    assert normalize_date(raw) == iso


META_NAMES = [
    "description",
    "author",
    "keywords",
    "robots",
    "og:image",
    "og:title",
    "og:locale",
    "og:url",
    "article:published_time",
    "article:modified_time",
    "article:tag",
    "article:section",
    "article:author",
    "DC.date",
    "DC.creator",
    "twitter:card",
    "og:site_name",
    "language",
]


@given(
    metas=st.lists(st.tuples(st.sampled_from(META_NAMES), st.text(max_size=30)), max_size=8),
    script=st.text(max_size=60),
    href=st.text(max_size=20),
    lang=st.text(max_size=8),
)
@settings(max_examples=150, deadline=None)
def test_any_head_markup_gives_serialisable_metadata(metas, script, href, lang):
    head = "".join(f'<meta property="{html.escape(n)}" content="{html.escape(c)}">' for n, c in metas)
    safe_script = script.replace("</", "<" + "\\/")  # a JSON escape: the script element stays closed
    head += f'<script type="application/ld+json">{safe_script}</script>'
    head += f'<link rel="canonical alternate icon" type="application/rss+xml" href="{html.escape(href)}">'
    head += f'<meta http-equiv="refresh" content="{html.escape(href)}">'
    p = page(head, html_attrs=f' lang="{html.escape(lang)}"')
    json.dumps(p.to_dict(), allow_nan=False)
    for fmt in FORMATS:
        render(p, fmt)
    assert p.published_date is None or normalize_date(p.published_date) == p.published_date


def test_hostile_json_ld_is_bounded():
    deep = "[" * 100_000
    wide = json.dumps([{"@type": "Thing", "name": str(i)} for i in range(20_000)])
    p = page(
        f'<script type="application/ld+json">{deep}</script>'
        f'<script type="application/ld+json">{wide}</script>'
        '<script type="application/ld+json">{"a": NaN, "headline": "ok"}</script>'
    )
    assert p.headline == "ok"
    assert len(p.json_ld) == 20_001
    json.dumps(p.to_dict(), allow_nan=False)


def test_the_document_text_for_language_detection_is_the_visible_text_in_order():
    from web2md.extract.html.parse import parse_html
    from web2md.extract.meta.metadata import _document_text

    html = (
        "<html><head><title>T</title></head><body>one<script>no</script> two<!-- not --> three"
        "<noscript>no</noscript><p>four<style>no</style></p><template><p>no</p></template>five</body></html>"
    )
    assert _document_text(parse_html(html)).split() == ["one", "two", "three", "four", "five"]
    long = parse_html("<html><body>" + "<p>word</p>" * 20000 + "</body></html>")
    assert _document_text(long) == " ".join(["word"] * 3001)  # the sample's size (12,000), not the page's


@pytest.mark.parametrize(
    "paragraph, excerpt",
    [
        (
            "<p>[1] A footnote mark in brackets opens this paragraph of the article text.</p>",
            "[1] A footnote mark in brackets opens this paragraph of the article text.",
        ),
        (
            '<p>[Bracketed aside, then a <a href="/s">link to the site</a> and more words after it.</p>',
            "[Bracketed aside, then a link to the site and more words after it.",
        ),
        (
            '<p>A <a href="/a?x[]=1">link whose address holds brackets</a> in a sentence of enough words.</p>',
            "A link whose address holds brackets in a sentence of enough words.",
        ),
    ],
    ids=["literal brackets", "a literal bracket before a link", "brackets in a link target"],
)
def test_the_excerpt_reads_literal_brackets_as_text_and_links_as_their_text(paragraph, excerpt):
    assert convert(f"<html><body>{paragraph}</body></html>", url="https://example.test/").excerpt == excerpt
