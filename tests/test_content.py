"""Main-content extraction (see docs/design.md#main-content, issue 3): small realistic pages per heuristic, asserting
whole outputs.

Each page is built so that one heuristic decides a block's fate; the expected Markdown is the
complete `page.markdown` (and `page.text` where the plain text differs in an interesting way).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from web2md import convert, html_to_text
from web2md.extract.derive import fit_markdown, with_citations
from web2md.extract.maincontent.blocks import is_title_link, link_into_the_page

ROOT = Path(__file__).resolve().parent.parent
URL = "https://blog.example.com/posts/build-time"

# -- a news/blog article with every kind of furniture around and inside it ----------------------------

ARTICLE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>How we cut our build time in half | Example Blog</title>
<meta property="og:type" content="article">
<meta name="author" content="Jane Doe">
<meta property="article:published_time" content="2024-03-03T09:00:00Z">
<meta name="description" content="What we changed in our CI pipeline.">
</head>
<body>
<div id="cookie-banner" class="cookie-consent"><p>We use cookies to improve your experience on our site.
  <a href="/privacy">Learn more</a></p><button>Accept all</button></div>
<header class="site-header"><a href="/" class="logo">Example Blog</a>
  <nav><ul><li><a href="/">Home</a></li><li><a href="/archive">Archive</a></li><li><a href="/about">About</a></li></ul></nav>
</header>
<div class="page-wrapper">
 <div class="content-column">
  <ol class="breadcrumbs"><li><a href="/">Home</a></li><li><a href="/eng">Engineering</a></li><li>Build times</li></ol>
  <article class="post">
   <h1>How we cut our build time in half</h1>
   <p class="byline">By <a href="/authors/jane">Jane Doe</a></p>
   <div class="post-meta"><time datetime="2024-03-03">March 3, 2024</time> · 6 min read</div>
   <div class="share-bar"><a href="https://twitter.com/share">Twitter</a> <a href="https://facebook.com/share">Facebook</a>
     <a href="mailto:?subject=x">Email</a></div>
   <p>Our continuous integration pipeline used to take forty minutes for every pull request,
      which slowed the whole team down.</p>
   <p>We measured where the time went and found three big problems: cold caches, serial test runs
      and oversized <a href="https://www.docker.com/">Docker</a> images.</p>
   <h2>What we changed</h2>
   <ul>
    <li>Warm the dependency cache on every runner before jobs start.</li>
    <li>Split the test suite into four parallel shards.</li>
    <li>Build slim images from a shared base layer.</li>
   </ul>
   <p>Read more: <a href="/posts/caching-deep-dive">Our caching deep dive</a></p>
   <p>The shard runner is a small script that assigns test files by their recorded duration:</p>
   <pre><code class="language-python">def shard(files, n):
    return [files[i::n] for i in range(n)]
</code></pre>
   <table>
    <caption>Pipeline stages</caption>
    <thead><tr><th>Stage</th><th>Before</th><th>After</th></tr></thead>
    <tbody><tr><td>Install</td><td>9 min</td><td>2 min</td></tr>
           <tr><td>Tests</td><td>25 min</td><td>11 min</td></tr></tbody>
   </table>
   <blockquote><p>Fast feedback is the single biggest productivity lever a team has, and it compounds over time.</p></blockquote>
   <p>After these changes the median pipeline takes nineteen minutes, and nobody misses the coffee breaks.</p>
   <div class="newsletter-box"><h3>Enjoyed this post?</h3>
     <p>Get the best engineering stories delivered to your inbox every week.</p>
     <form><input type="email" placeholder="you@example.com"><button>Subscribe</button></form></div>
   <ul class="tags"><li><a href="/tag/ci">ci</a></li><li><a href="/tag/docker">docker</a></li></ul>
   <section class="related-posts"><h2>Related posts</h2>
    <ul><li><a href="/posts/a">Speeding up Docker builds with BuildKit caches</a></li>
        <li><a href="/posts/b">Flaky tests and how to kill them for good</a></li></ul></section>
  </article>
 </div>
 <aside class="sidebar"><h3>About this blog</h3>
  <p>Example Blog is written by the engineers who build Example, a product used by thousands of teams.</p></aside>
</div>
<footer class="site-footer"><p>&copy; 2024 Example Inc. All rights reserved. <a href="/terms">Terms</a>
  <a href="/privacy">Privacy</a></p></footer>
</body></html>
"""

ARTICLE_MD = """# How we cut our build time in half

Our continuous integration pipeline used to take forty minutes for every pull request, which slowed the whole team down.

We measured where the time went and found three big problems: cold caches, serial test runs and oversized [Docker](https://www.docker.com/) images.

## What we changed

- Warm the dependency cache on every runner before jobs start.
- Split the test suite into four parallel shards.
- Build slim images from a shared base layer.

The shard runner is a small script that assigns test files by their recorded duration:

```python
def shard(files, n):
    return [files[i::n] for i in range(n)]
```

Pipeline stages

| Stage | Before | After |
|---|---|---|
| Install | 9 min | 2 min |
| Tests | 25 min | 11 min |

> Fast feedback is the single biggest productivity lever a team has, and it compounds over time.

After these changes the median pipeline takes nineteen minutes, and nobody misses the coffee breaks."""

ARTICLE_TEXT = """How we cut our build time in half

Our continuous integration pipeline used to take forty minutes for every pull request, which slowed the whole team down.

We measured where the time went and found three big problems: cold caches, serial test runs and oversized Docker images.

What we changed

Warm the dependency cache on every runner before jobs start.
Split the test suite into four parallel shards.
Build slim images from a shared base layer.

The shard runner is a small script that assigns test files by their recorded duration:

def shard(files, n):
    return [files[i::n] for i in range(n)]

Pipeline stages

Stage | Before | After
Install | 9 min | 2 min
Tests | 25 min | 11 min

Fast feedback is the single biggest productivity lever a team has, and it compounds over time.

After these changes the median pipeline takes nineteen minutes, and nobody misses the coffee breaks."""


@pytest.fixture(scope="module")
def article():
    return convert(ARTICLE_PAGE, URL)


def test_article_is_exactly_the_body(article):
    assert article.markdown == ARTICLE_MD
    assert article.text == ARTICLE_TEXT


def test_article_type_tables_and_outline(article):
    assert article.page_type == "article"
    assert article.tables == [
        {
            "headers": ["Stage", "Before", "After"],
            "rows": [["Install", "9 min", "2 min"], ["Tests", "25 min", "11 min"]],
            "caption": "Pipeline stages",
        }
    ]
    assert article.outline == [
        {"level": 1, "text": "How we cut our build time in half"},
        {"level": 2, "text": "What we changed"},
    ]


def test_article_citations(article):
    assert article.references == [{"number": 1, "url": "https://www.docker.com/"}]
    assert (
        article.markdown_with_citations
        == ARTICLE_MD.replace("[Docker](https://www.docker.com/)", "Docker [1]")
        + "\n\n## References\n\n1. https://www.docker.com/"
    )


def test_article_fit_markdown_drops_only_the_two_word_caption(article):
    assert article.fit_markdown == ARTICLE_MD.replace("Pipeline stages\n\n", "")


# Each kind of furniture alone beside the same body: the output is always just the body.
BODY = """<h1>Tides explained</h1>
<p>Tides are the regular rise and fall of the sea caused mostly by the gravity of the Moon.</p>
<p>Most coasts see two high tides and two low tides every lunar day of about twenty-four hours and fifty minutes.</p>
<p>Spring tides happen near new and full moon, when the Sun and the Moon pull along the same line.</p>"""
BODY_MD = """# Tides explained

Tides are the regular rise and fall of the sea caused mostly by the gravity of the Moon.

Most coasts see two high tides and two low tides every lunar day of about twenty-four hours and fifty minutes.

Spring tides happen near new and full moon, when the Sun and the Moon pull along the same line."""

FURNITURE = {
    "share bar": '<div class="social-share"><span>Share this:</span> <a href="https://x.com/i">Post</a> '
    '<a href="https://facebook.com/s">Share</a></div>',
    "share buttons": '<div class="sharedaddy"><h3>Share this article</h3><ul><li><a href="/s/1">Facebook</a></li>'
    '<li><a href="/s/2">LinkedIn</a></li></ul></div>',
    "cookie banner": '<div class="cookie-notice"><p>This website uses cookies to ensure you get the best '
    "experience.</p><button>Got it</button></div>",
    "cookie dialog": '<div role="dialog" aria-label="Privacy"><p>We and our partners store and access '
    "information on your device.</p></div>",
    "newsletter": '<div class="newsletter"><p>Sign up for our weekly newsletter about the ocean.</p>'
    '<input type="email"><button>Sign up</button></div>',
    "related list": '<div class="related"><h3>You may also like</h3><ul><li><a href="/a">Why the sea is '
    'salty</a></li><li><a href="/b">How waves form</a></li></ul></div>',
    "breadcrumbs": '<nav aria-label="breadcrumb"><a href="/">Home</a> › <a href="/science">Science</a></nav>',
    "breadcrumb div": '<div class="breadcrumb"><a href="/">Home</a> / <a href="/science">Science</a> / Tides</div>',
    "byline": '<p class="byline">By <a href="/people/sam">Sam Rivers</a>, science editor</p>',
    "screen-reader text": '<a class="screen-reader-text" href="#content">Skip to content</a>',
    "date line in the entry meta": '<div class="entry-meta"><span class="date">Published 12 May 2023</span></div>',
    "read more teaser": '<p>Read more: <a href="/ocean-currents">How ocean currents shape the climate</a></p>',
    "tags": '<div class="post-tags">Tags: <a href="/t/ocean">ocean</a>, <a href="/t/moon">moon</a></div>',
    "advert": '<div class="advertisement"><p>Advertisement: the best sailing holidays of the year, book now.</p></div>',
    "figure caption": "<figure><figcaption>A tide gauge in the harbour at low water.</figcaption></figure>",
    "print/email tools": '<ul class="article-tools"><li><a href="/print">Print</a></li>'
    '<li><a href="/mail">Email</a></li></ul>',
    "author box": '<div class="author-box"><h4>About Sam Rivers</h4><p>Sam Rivers has written about the sea for '
    "twenty years, first for local papers on the north coast and then as a science editor, and "
    "sails whenever the weather allows it. He lives in a small harbour town with two cats and far "
    "too many charts.</p></div>",
    "caption inside a figure": '<figure class="wide"><img src="/gauge.jpg" alt=""><div class="text">A tide gauge '
    "in the harbour at low water. Photo: Harbour Office</div></figure>",
    "image description": '<div class="img-description"><p>The gauge at the harbour entrance, seen from the pier.</p></div>',
    "photo credit": '<p class="photo-credit">Photo: Harbour Office / Sam Rivers</p>',
    "subscribe line": "<p>Subscribe now to our print edition for the full story.</p>",
    "follow us": "<p><strong>Follow The Coastal Times on Twitter and Instagram @coastaltimes</strong></p>",
    "app and newsletter (German)": "<p>Folgen Sie uns auf Facebook. Zum Newsletter anmelden und nichts verpassen.</p>",
    "donation ask (Spanish)": "<h3>Hazte miembro y disfruta de beneficios exclusivos</h3>",
    "affiliate disclaimer": '<p class="affiliate-disclaimer">The links on this page are affiliate links: we earn a '
    "commission when you buy through them, at no extra cost to you.</p>",
    "paywall": '<div class="article-paywall"><h2>Read the rest of this story</h2><p>Log in or take out a '
    "subscription to keep reading.</p></div>",
    "credit line": "<p><em>Source: Harbour Office, tide tables 2023</em></p>",
    "date line": "<p>Updated on 12.05.2023, 19:49</p>",
    "date and author line": "<div>12. Mai 2023, 19:49 | Sam Rivers</div>",
    "figure label": "<p>Figure 3: tide gauge readings for May.</p>",
    "date line with a month name": "<div>Aktualisiert am 12. Mai 2023</div>",
    "caption under an image outside a figure": '<div class="visual"><img src="/gauge.jpg" alt="Gauge"><div '
    'class="description"><strong>A tide gauge at low water.</strong> '
    "© Harbour Office</div></div>",
    "related label": "<p><strong>Read also:</strong></p>",
    "related heading (German)": "<h3>Mehr zum Thema</h3>",
    "author box heading alone": "<div>About the author</div>",
    "metadata label without its value": '<p><span class="field-label">Release Date:</span></p>',
    "labelled publication date": '<p class="meta">Veröffentlichung: <time>2. Februar 2022</time></p>',
    "teaser cards": "<section><h2>More from Science</h2>"
    + "".join(
        f'<div class="card"><h3><a href="/s/{n}">Story number {n} about the sea</a></h3>'
        f"<p>A short summary of story {n}, two lines of text at most.</p></div>"
        for n in range(1, 5)
    )
    + "</section>",
}


@pytest.mark.parametrize("kind", sorted(FURNITURE))
@pytest.mark.parametrize("where", ["before", "after"])
def test_furniture_inside_the_article_is_dropped(kind, where):
    block = FURNITURE[kind]
    inner = BODY + block if where == "after" else block + BODY
    html = (
        f"<html><head><title>Tides</title></head><body><div class='site'><article>{inner}</article></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_news_about_subscribers_and_a_late_share_word_are_content():
    lines = (
        "<p>The streaming service lost two hundred thousand subscribers in the last quarter of the year.</p>"
        "<p>Fishermen have long watched the tides, and many still like to share this knowledge with anyone "
        "who asks them at the harbour wall. Subscribe is not a word they use.</p>"
    )
    md = convert(f"<html><body><article>{BODY}{lines}</article></body></html>", "https://example.org/tides").markdown
    assert md == BODY_MD + (
        "\n\nThe streaming service lost two hundred thousand subscribers in the last quarter of the year."
        "\n\nFishermen have long watched the tides, and many still like to share this knowledge with anyone "
        "who asks them at the harbour wall. Subscribe is not a word they use."
    )


def test_a_sentence_opening_with_a_source_label_is_kept():
    line = (
        "<p><strong>Source:</strong> the harbour office measured the tide every hour for a year, "
        "then published the tables.</p>"
    )
    md = convert(f"<html><body><article>{BODY}{line}</article></body></html>", "https://example.org/tides").markdown
    assert md == BODY_MD + (
        "\n\n**Source:** the harbour office measured the tide every hour for a year, then published the tables."
    )


def test_the_article_around_the_body_gives_its_title_and_lead_but_not_its_byline_or_notes():
    body = "".join(
        f"<p>Tide table {n}: on day {n} of the survey the harbour gauge recorded two high waters and "
        f"two low waters, and the range grew as the Moon moved towards its full phase.</p>"
        for n in range(1, 16)
    )
    html = f"""<html><body><nav><a href="/">Home</a></nav>
    <article>
      <div class="head"><h1>Tides explained</h1><p class="lead">Why the sea rises and falls twice a day, and why some coasts see one tide.</p>
        <div class="meta">Sam Rivers</div></div>
      <div class="text">{body}</div>
      <div class="notice"><p>This article first appeared in the Sunday print edition of the paper.</p></div>
    </article></body></html>"""
    md = convert(html, "https://example.org/tides").markdown
    assert md.startswith(
        "# Tides explained\n\nWhy the sea rises and falls twice a day, and why some coasts see one "
        "tide.\n\nTide table 1: "
    )
    assert "Sam Rivers" not in md and "print edition" not in md and md.endswith("full phase.")


def test_a_labelled_date_is_a_fact_not_a_date_line():
    line = "<p>Closing date: 03.11.2023 (postmark)</p>"
    md = convert(f"<html><body><article>{BODY}{line}</article></body></html>", "https://example.org/tides").markdown
    assert md == BODY_MD + "\n\nClosing date: 03.11.2023 (postmark)"


def test_a_story_inside_an_unclosed_menu_item_is_found():
    """Broken templates leave a menu item open around the whole page: the menu holds most of the content."""
    html = (
        f"<html><body><header><nav><ul class='menu'><li class='menu-item'><a href='/'>Home</a>"
        f"<div class='sub-menu'><a href='/a'>Teams</a> <a href='/b'>Tickets</a> <a href='/c'>Shop</a> "
        f"<a href='/d'>Fan club</a> <a href='/e'>Partners</a> <a href='/f'>Contact</a></div>"
        f"<div class='page'><article>{BODY}</article></div></body></html>"
    )
    md = convert(html, "https://example.org/tides").markdown
    assert all(line in md for line in BODY_MD.split("\n\n")) and "Tickets" not in md


def test_a_table_of_linked_names_with_amounts_is_content():
    rows = "".join(
        f'<tr><td>{amount}</td><td><a href="/i/{n}">{name}</a></td></tr>'
        for n, (amount, name) in enumerate([("250 g", "Quark"), ("2", "Eier"), ("1 Pck.", "Vanillin-Zucker")])
    )
    html = f"<html><body><article>{BODY}<h2>Zutaten</h2><table>{rows}</table></article></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert md == BODY_MD + (
        "\n\n## Zutaten\n\n| 250 g | [Quark](https://example.org/i/0) |\n|---|---|\n"
        "| 2 | [Eier](https://example.org/i/1) |\n| 1 Pck. | [Vanillin-Zucker](https://example.org/i/2) |"
    )


def test_a_style_hiding_in_capitals_hides_in_the_region_and_the_whole_page():
    html = (
        f"<html><body><article>{BODY}<div style='DISPLAY: NONE'><p>Subscribers only: the full tide tables "
        "for every harbour on the coast this year.</p></div></article></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD
    assert html_to_text(html) == BODY_MD


def test_ruby_annotations_are_left_out():
    html = (
        "<html><body><article><h1><ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>を読む</h1>"
        "<p><ruby>子<rt>こ</rt></ruby>どもへの<ruby>虐待<rt>ぎゃくたい</rt></ruby>をなくすための<ruby>法律<rt>ほうりつ</rt>"
        "</ruby>ができて、親が子どもを教育するために体罰を禁止することになりました。</p></article></body></html>"
    )
    expected = "# 漢字を読む\n\n子どもへの虐待をなくすための法律ができて、親が子どもを教育するために体罰を禁止することになりました。"
    assert convert(html, "https://example.org/news").markdown == expected
    assert html_to_text(html) == expected


def test_highlighted_code_keeps_tokens_named_like_furniture():
    """A highlighter names its spans by their syntax: a `token comment` in code is the code's comment, not the
    page's comments; a `meta` or `tag` token is code too (in a block and inline)."""
    code = (
        '<pre><code class="language-c"><span class="token comment">// add.c: the sum of two tides</span>\n'
        '<span class="token keyword">int</span> add(<span class="token keyword">int</span> a, '
        '<span class="token keyword">int</span> b) { <span class="token keyword">return</span> a + b; } '
        '<span class="token comment">/* no overflow check */</span>\n'
        '<span class="hljs-meta">#pragma once</span>\n</code></pre>'
        '<p>Call it as <code><span class="token comment">/* tides */</span> add(2, 2)</code> from the harbour '
        "program.</p>"
    )
    md = convert(f"<html><body><article>{BODY}{code}</article></body></html>", "https://example.org/tides").markdown
    assert md == BODY_MD + (
        "\n\n```c\n// add.c: the sum of two tides\n"
        "int add(int a, int b) { return a + b; } /* no overflow check */\n#pragma once\n```"
        "\n\nCall it as `/* tides */ add(2, 2)` from the harbour program."
    )


NEAP = "<p>Neap tides come a week after spring tides, when the Sun and the Moon pull at right angles.</p>"
NEAP_MD = "Neap tides come a week after spring tides, when the Sun and the Moon pull at right angles."


def test_labels_placed_over_a_chart_are_left_out():
    """A chart drawn as a picture with its labels placed over it (`top: 40%; left: 2%`, as chart tools write them):
    the axis labels are the graphic's, not lines of the article; the line introducing the chart stays."""
    labels = "".join(
        f'<div class="label" style="top:{top}%;margin-top:-9px;left:{left}%;width:60px;"><p>{text}</p></div>'
        for top, left, text in [
            (5, 2, "High water (m)"),
            (10, 2, "4"),
            (40, 2, "2"),
            (80, 2, "0"),
            (90, 10, "Mon"),
            (90, 40, "Wed"),
            (90, 70, "Fri"),
        ]
    )
    chart = (
        '<div class="graphic"><p>Heights of high water at the pier during one week in May.</p>'
        f'<div class="board"><img src="/tides-chart.png" alt="">{labels}</div></div>'
    )
    md = convert(f"<html><body><article>{BODY}{chart}{NEAP}</article></body></html>", "https://example.org/tides")
    assert md.markdown == BODY_MD + "\n\nHeights of high water at the pier during one week in May.\n\n" + NEAP_MD


def test_one_text_placed_over_a_picture_is_kept():
    """One text placed over a picture (a banner's line, centred with `top: 50%; left: 50%`) is no chart: kept."""
    hero = (
        '<div class="hero"><div style="position:absolute;top:50%;left:50%;transform:translate(-50%,-50%)">'
        "<p>Twice a day the sea comes back to the harbour, and the boats lift off the mud.</p></div>"
        '<img src="/harbour.jpg" alt=""></div>'
    )
    md = convert(f"<html><body><article>{BODY}{hero}{NEAP}</article></body></html>", "https://example.org/tides")
    assert md.markdown == (
        BODY_MD + "\n\nTwice a day the sea comes back to the harbour, and the boats lift off the mud.\n\n" + NEAP_MD
    )


def test_a_sentence_made_mostly_of_linked_names_is_prose():
    line = (
        '<p>The club elected <a href="/p/1">Jane Doe</a> and <a href="/p/2">John Roe</a> to lead '
        '<a href="/p/3">the Harbour Rowing Association</a>.</p>'
    )
    md = convert(f"<html><body><article>{BODY}{line}</article></body></html>", "https://example.org/tides").markdown
    assert md == BODY_MD + (
        "\n\nThe club elected [Jane Doe](https://example.org/p/1) and "
        "[John Roe](https://example.org/p/2) to lead "
        "[the Harbour Rowing Association](https://example.org/p/3)."
    )


@pytest.mark.parametrize(
    "sentence, expected",
    [
        # Japanese and Chinese write no spaces: their words beside the link are counted by characters
        (
            '途中で止まってユーザーに尋ねるハンドラーについては、<a href="/e">エリシテーション（elicitation）</a>を参照してください。',
            "途中で止まってユーザーに尋ねるハンドラーについては、[エリシテーション（elicitation）](https://example.org/e)を参照してください。",
        ),
        (
            '工具除了文字之外还能返回的所有东西，请见<a href="/m">图片、音频与图标</a>。',
            "工具除了文字之外还能返回的所有东西，请见[图片、音频与图标](https://example.org/m)。",
        ),
    ],
    ids=["japanese", "chinese"],
)
def test_a_sentence_around_a_link_without_spaces_is_prose(sentence, expected):
    md = convert(f"<html><body><article>{BODY}<p>{sentence}</p></article></body></html>", "https://example.org/tides")
    assert md.markdown == BODY_MD + "\n\n" + expected


def test_custom_elements_named_as_navigation_or_ads_are_furniture():
    menu = "".join(
        f'<site-navigation-item><a href="/{n}">Section {n} of the harbour site</a> '
        f"with a short description of what section {n} holds for visitors</site-navigation-item>"
        for n in range(8)
    )
    html = (
        f"<html><body><site-navigation>{menu}</site-navigation><div class='page'><article>{BODY}</article>"
        "<amp-ad><p>Book your ferry tickets online today and save ten percent.</p></amp-ad></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_heading_alone_in_its_wrapper_is_judged_by_what_follows_the_wrapper():
    related = (
        '<div class="section-title"><h2>You might also like</h2></div>'
        '<ul><li><a href="/a">Why the sea is salty</a></li><li><a href="/b">How waves form</a></li></ul>'
    )
    kept = '<div class="section-title"><h2>Neap tides</h2></div><p>Neap tides come a week after spring tides.</p>'
    html = f"<html><body><article>{BODY}{related}{kept}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == (
        BODY_MD + "\n\n## Neap tides\n\nNeap tides come a week after spring tides."
    )


def test_a_linked_heading_ends_the_section_of_the_heading_before_it():
    """A section holding only furniture ends at the next heading, linked or not: its heading goes."""
    tools = (
        '<h2>Tide tools</h2><div class="tools"><a href="/tools/tables">Harbour tide tables</a> '
        '<a href="/tools/clock">Moon phase clock</a></div>'
    )
    kept = '<h2><a href="/guide/neap">Neap tides</a></h2><p>Neap tides come a week after spring tides.</p>'
    html = f"<html><body><article>{BODY}{tools}{kept}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == (
        BODY_MD + "\n\n## [Neap tides](https://example.org/guide/neap)\n\nNeap tides come a week after spring tides."
    )


@pytest.mark.parametrize(
    "closing, kept",
    [
        ('<h3><a href="/news/ferry">Ferry timetable changes for the winter</a></h3>', ""),  # the next story's title
        ("<h3>Neap tides</h3>", "\n\n### Neap tides"),  # a heading of this page: its section may be outside the region
        ('<h3><a href="#neap">Neap tides</a></h3>', "\n\n### Neap tides"),  # a link within the page
    ],
)
def test_a_linked_heading_closing_the_region_titles_another_page(closing, kept):
    html = f"<html><body><article>{BODY}{closing}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + kept


def test_an_empty_heading_ends_no_section():
    """Editors leave empty headings (a line break in an `<h4>`) between paragraphs: the heading before one still
    heads the text after it."""
    html = (
        f"<html><body><article>{BODY}<h4><em>Neap tides</em></h4><p><br></p><h4><br></h4>"
        "<p>Neap tides come a week after spring tides, at the quarter moons.</p></article></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == (
        BODY_MD + "\n\n#### *Neap tides*\n\nNeap tides come a week after spring tides, at the quarter moons."
    )


PARAGRAPHS = BODY.split("\n", 1)[1]  # the body's paragraphs without its title
PARAGRAPHS_MD = BODY_MD.split("\n\n", 1)[1]


@pytest.mark.parametrize(
    "masthead",
    [
        "<a href='/'>Harbour News</a>",
        "<h1><a href='/'>Harbour News</a></h1>",  # the site's name as the first <h1>, linked to its home page
    ],
)
def test_a_header_holding_the_headline_and_its_lead_is_the_articles(masthead):
    """A `<header>` outside any `<article>` is the site's, unless it holds an unlinked `<h1>` with words of its own
    beside it and no menu: then it holds the article's title and lead, ahead of the body."""
    html = (
        f"<html><body><header class='masthead'>{masthead}<nav><a href='/science'>Science</a> "
        "<a href='/sport'>Sport</a></nav></header><div class='page'><header class='story-head'><h1>Tides "
        "explained</h1><p class='standfirst'>Why the sea rises and falls twice a day, and what the Moon has to do "
        f"with it.</p></header><div class='story-body'>{PARAGRAPHS}</div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == (
        "# Tides explained\n\nWhy the sea rises and falls twice a day, and what the Moon has to do with it.\n\n"
        + PARAGRAPHS_MD
    )


def test_a_site_header_with_an_unlinked_name_and_a_menu_stays_out():
    html = (
        "<html><body><header class='masthead'><h1>Harbour News</h1><p>News from the harbour and the town "
        "around it, every day since 1901.</p><nav><a href='/science'>Science</a> <a href='/sport'>Sport</a></nav>"
        f"</header><div class='page'><div class='story-body'>{PARAGRAPHS}</div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == PARAGRAPHS_MD


PAYWALL_PITCH = (
    "<div class='paywall'><h2>Subscribe to keep reading</h2><p>"
    + "Our journalism is funded by readers like you, and a subscription opens every story we publish. " * 3
    + "</p><p>"
    + "Cancel any time, and get our morning newsletter with the news in your inbox. " * 3
    + "</p><a href='/subscribe'>Subscribe now</a></div>"
)
PRINT_HEADER = (
    "<div class='print-header'><img src='/logo.png'><p>"
    + "The Harbour Herald is published daily by Harbour Media, 4 Quay Street, Springfield. " * 5
    + "</p></div>"
)


@pytest.mark.parametrize(
    "furniture, order", [(PAYWALL_PITCH, "before"), (PAYWALL_PITCH, "after"), (PRINT_HEADER, "before")]
)
def test_furniture_beside_a_short_article_is_left_out(furniture, order):
    """A block named as furniture (a paywall) that holds more prose than the article beside it is not where the
    content is: the block holding the page's title is. Ahead of that block, a weak name (`print-header`) of a block
    with no heading is enough."""
    story = f"<div class='story'>{BODY}</div>"
    blocks = furniture + story if order == "before" else story + furniture
    html = f"<html><body><div id='page'>{blocks}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


@pytest.mark.parametrize("order", ["before", "after"])
def test_the_title_is_the_h1_the_page_title_names_not_the_sites_name_before_it(order):
    """The site's name in an `<h1>` ahead of the article's: the `<title>` names the article's, and the paywall's
    pitch beside the block holding it is passed over as when the article's `<h1>` is the page's only one."""
    story = f"<div class='story'>{BODY}</div>"
    blocks = PAYWALL_PITCH + story if order == "before" else story + PAYWALL_PITCH
    html = (
        "<html><head><title>Tides explained - The Coast</title></head><body><div class='top'><h1><a href='/'>The "
        f"Coast</a></h1></div><div id='page'>{blocks}</div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


COMMENTS_UNDER_A_HEADING = "<h2>Comments</h2>" + "".join(
    f"<p>The gauge at harbour {n} read even lower than yours this week, and the pier was dry at noon.</p>"
    f"<p>Posted by: Reader {n} | May {n + 1}, 2026</p>"
    for n in range(1, 4)
)
CLOSING_NOTE = "<h3>About the Coastal Times</h3><p>The Coastal Times is the paper of the north coast since 1901.</p>"


@pytest.mark.parametrize("closing", [COMMENTS_UNDER_A_HEADING, CLOSING_NOTE])
def test_what_closes_the_body_is_left_out_when_a_column_beside_it_closes_the_article(closing):
    """The article widened to the block holding its title, whose last block is the column beside the body (a
    sidebar): the readers' comments under their heading, or a closing note, in the body are still found and left
    out."""
    html = (
        f"<html><body><div id='page'><div class='head'>{BODY.split(chr(10), 1)[0]}</div><div class='cols'><div "
        f"class='post'>{PARAGRAPHS}{closing}</div><div class='right'><a href='/feed'>Subscribe "
        "to this blog's feed</a> <a href='/'>Home</a></div></div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


TRACKBACKS = (
    "<div class='pings'><a id='trackback'></a><h3>TrackBack</h3><div><p>TrackBack URL for this entry:<br>"
    "https://example.org/services/trackback/6a00d834</p><p>Listed below are links to weblogs that reference "
    "<a href='/tides'>Tides explained</a>:</p></div></div>"
)


@pytest.mark.parametrize(
    "closing",
    [
        TRACKBACKS,
        TRACKBACKS.replace("<a id='trackback'></a>", "<a name='tb'></a>"),
        TRACKBACKS.replace("<a id='trackback'></a>", "<!-- You can start editing here. -->\n"),
        TRACKBACKS.replace("<a id='trackback'></a>", "<!-- pings --> <a id='trackback'></a> <!-- the list -->"),
    ],
)
def test_comments_under_a_heading_after_a_named_anchor_are_left_out(closing):
    """The readers' comments (here the trackbacks) open with their heading after an empty anchor that links point to
    (`<a id="trackback"></a><h3>TrackBack</h3>`) or a markup comment a template left: neither is text, the block
    still opens with the heading, and goes."""
    html = f"<html><body><div id='page'>{BODY}{closing}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


LONG_TITLE = "Tides explained: why the sea rises and falls twice a day on most coasts"
UNDATED_COMMENTS = "".join(
    f"<div><p>Reader {n}</p><p>The gauge at harbour {n} read even lower than yours this week, and the pier was dry "
    f"until noon.</p><p>Rate this: {n} 0</p></div>"
    for n in (1, 2, 3)
)


@pytest.mark.parametrize(
    "label",
    [
        f"3 Responses to {LONG_TITLE}",
        f"3 Responses to \u201c{LONG_TITLE}\u201d",
        f"3 thoughts on \u201c{LONG_TITLE}\u201d",
    ],
)
def test_comments_under_a_heading_quoting_the_long_title_are_left_out(label):
    """The readers' comments (no dates, no names the lists know) under a heading that quotes the story's long title:
    the heading is read without the title, a label naming the comments, and they go with it."""
    body = BODY.replace("Tides explained", LONG_TITLE)
    html = f"<html><body><div id='page'>{body}<h3>{label}</h3>{UNDATED_COMMENTS}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD.replace("Tides explained", LONG_TITLE)


@pytest.mark.parametrize(
    "label",
    ["Reader Comments (3)", "There are 3 comments. Add yours.", "{ 3 comments\u2026 read them below or add one }"],
)
def test_comments_under_a_line_counting_them_are_left_out(label):
    """The readers' comments (no dates, no names the lists know) under a line counting them with a few words around
    the count: the line heads them after the story's text, and they go with it."""
    html = f"<html><body><div id='page'>{BODY}<h3>{label}</h3>{UNDATED_COMMENTS}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_meta_line_counting_comments_under_the_title_stays():
    """A line under the title counting the comments, before the story's paragraphs (its meta line): no story text
    before it, so it heads nothing, and the story under it stays."""
    title, paragraphs = BODY.split("\n", 1)
    html = f"<html><body><div id='page'>{title}<p><b>By Ann Lee, 3 comments</b></p>{paragraphs}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "Spring tides happen near new and full moon" in md


def test_comments_under_a_plain_line_naming_them_are_left_out():
    """The readers' comments (no dates, no names the lists know) under a label that is a plain block of its own, no
    heading and no bold (`<div><a name=…></a>Comments</div>`): it heads them, and they go with it."""
    html = (
        f"<html><body><div id='page'>{BODY}<div><a name='talk'></a>Comments</div>{UNDATED_COMMENTS}</div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


# Session 30 (issue 30): the reply form after the comments' section, with the boxes its script shows in turn
REPLY_FORM_BOXES = (
    "<div class='q8101'><div class='q8102'><h3>Previewing your comment</h3><p>Posted by: <span></span> | <span>"
    "</span></p></div><div class='q8102'><p>This is only a preview. Your comment has not been posted yet, and the "
    "harbour office reads every one first.</p><form><input type='submit' value='Post'></form></div><div "
    "class='q8102'>Your comment has been saved and will show once the harbour office has read it.</div><div "
    "class='q8102'><p>The letters and numbers you typed did not match the picture, so the comment was not sent; "
    "please look again and type them once more.</p><p>As a last step before your comment is sent, type the letters "
    "and numbers you see in the picture below: this keeps programs that write comments by themselves out of the "
    "harbour log.</p><form><input name='code'><input type='submit' value='Go on'></form></div><form><p>"
    "<label>Name</label><input name='n'></p><p><textarea name='c'></textarea></p><input type='submit' value='Send'>"
    "</form></div>"
)


def test_the_reply_form_after_the_comments_section_goes_with_its_boxes():
    """After the block the comments' label opens (`<div><h3>Comments</h3>…</div>`), the block holding the box to write
    in (the reply form), with the preview and notices its script shows in turn, closing the region: left out."""
    section = f"<div class='q8100'><h3>Comments</h3>{UNDATED_COMMENTS}</div>"
    html = f"<html><body><div id='page'>{BODY}{section}{REPLY_FORM_BOXES}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_thread_closed_by_a_reply_form_of_prose_is_left_out():
    """Dated comments side by side, no heading or class naming them, closed by the reply form whose notes are prose
    ("Your email address will not be published…"): the form is read past as the thread's box, and the thread goes."""
    comments = "".join(
        f"<div class='q9501'><div class='q9502'><span><a href='https://r{n}.example'>Reader {n}</a> writes</span> "
        f"<span>05/0{n}/26 at 2:1{n} pm</span></div><p>The gauge at harbour {n} read even lower than yours this week, "
        "and the pier was dry until noon.</p></div>"
        for n in range(1, 5)
    )
    form = (
        "<div class='q9503'><h3>Leave a Comment</h3><form><p>Your email address will not be published, and the harbour "
        "office reads every comment before it shows on this page.</p><p><textarea name='c'></textarea></p><input "
        "type='submit' value='Send'></form></div>"
    )
    html = f"<html><body><div class='q7001'>{BODY}{comments}{form}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_post_holding_a_box_to_write_in_after_another_posts_comments_stays():
    """On a page of posts, each with its comments' section, a later post holding a box to write in of its own (a box
    to try a tide formula in) is no reply form: blocks of text follow it, and it stays."""
    section = f"<div class='q8100'><h3>Comments</h3>{UNDATED_COMMENTS}</div>"
    second = (
        "<div class='q8200'><h2>Try the tide formula</h2><p>Type a harbour's name below and the page works out the "
        "times of its next two high tides from the moon's phase.</p><p>"
        + "The formula adds the lunar day's fifty minutes to each high tide and corrects for the harbour. " * 5
        + "</p><form><textarea name='h'></textarea><input type='submit' value='Work it out'></form></div>"
    )
    third = "<div class='q8200'><h2>Neap tides</h2><p>" + "Neap tides are weaker than spring tides. " * 3 + "</p></div>"
    html = f"<html><body><div id='page'>{BODY}{section}{second}{third}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "works out the times of its next two high tides" in md


def test_a_link_to_the_comments_between_the_lead_and_the_story_stays():
    """A button-like link of its own naming the comments ("Comments" to the box) between the story's lead and its
    paragraphs: a link is no label over what follows, and the story under it stays."""
    title, paragraphs = BODY.split("\n", 1)
    lead, rest = paragraphs.split("\n", 1)
    html = (
        f"<html><body><div id='page'>{title}{lead}<div><a href='#talk'>Comments</a></div>{rest}<div id='talk'>"
        "</div></div></body></html>"
    )
    md = convert(html, "https://example.org/tides").markdown
    assert "Spring tides happen near new and full moon" in md


def test_a_paragraph_reading_comments_between_paragraphs_stays():
    """A story's paragraph that reads "Comments" alone (a word answered by the next paragraph), between its
    paragraphs: a line among paragraphs is no label, and the story after it stays."""
    more = (
        "<p>Comments</p><p>Readers wrote in about the spring tides at the old pier, and the harbour master answered "
        "them all in the Saturday paper.</p>"
    )
    html = f"<html><body><div id='page'>{BODY}{more}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "the harbour master answered them all" in md


def test_a_section_heading_ending_with_the_title_over_a_list_stays():
    """A section of the story whose heading ends with the title ("Further reading on …") over a list: read without
    the title it names no comments, and stays."""
    body = BODY.replace("Tides explained", LONG_TITLE)
    section = (
        f"<h3>Further reading on {LONG_TITLE}</h3><ul><li>The Admiralty tide tables for the north coast, a volume a "
        "year since 1833.</li><li>A harbour master's notes on spring tides and the moorings they move.</li></ul>"
    )
    html = f"<html><body><div id='page'>{body}{section}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "Further reading on" in md and "spring tides and the moorings" in md


# (two paragraphs: a block of one after the post's is passed over in the descent, rule lone-units-after)
LOG_NOTE = (
    "<p>The log keeper writes down what the sea did today, what the boats made of it and what the weather will do to "
    "both of them tomorrow.</p><p>Letters about the harbour, its moorings and its slipway are welcome at the office "
    "by the pier.</p>"
)
READERS_COMMENTS = "".join(
    f"<div><p>Reader {n} | May {n + 1}, 2026</p><p>The gauge at harbour {n} read even lower than yours this week, and "
    "the pier was dry until noon.</p></div>"
    for n in (1, 2)
)


@pytest.mark.parametrize(
    "label", ["2 Comments", "2 Comments »", "Comments (2)", "Reader Comments (2)", "Readers\u2019 comments"]
)
def test_comments_in_the_post_are_left_out_when_a_block_beside_it_closes_the_region(label):
    """A short post with its readers' comments under a heading naming them, in a block beside a note that closes the
    region (the walk from the region's end does not reach the post): the comments are found from their heading."""
    html = (
        f"<html><body><div id='wrap'><div id='content'>{BODY}<h2>{label}</h2>{READERS_COMMENTS}</div>"
        f"<div id='note'>{LOG_NOTE}</div></div></body></html>"
    )
    md = convert(html, "https://example.org/tides").markdown
    assert md == BODY_MD + "\n\n" + html_to_text(LOG_NOTE)


def test_a_section_about_comments_followed_by_other_sections_stays():
    """A text with a section headed "Comments" (a style guide's) and more sections after it, beside a closing note:
    no readers' comments, the section stays."""
    guide = (
        "<h2>Comments</h2><p>Write a comment above the code it explains, in whole sentences, and keep it up to date "
        "when the code changes.</p><h2>Strings</h2><p>Use double quotes for strings unless the string holds a double "
        "quote itself, and never mix both kinds in one file.</p>"
    )
    html = (
        f"<html><body><div id='wrap'><div id='content'>{BODY}{guide}</div><div id='note'>{LOG_NOTE}</div></div>"
        "</body></html>"
    )
    md = convert(html, "https://example.org/tides").markdown
    assert md == BODY_MD + "\n\n" + html_to_text(guide) + "\n\n" + html_to_text(LOG_NOTE)


READERS = ("Ann Keel", "Bo Lind", "Cem Ava")
THREADS = {
    # WordPress-like: avatar, <cite> name "says:", a date linked to the comment, the text in paragraphs
    "cite": "<ol>"
    + "".join(
        f"<li><div><img src='/avatars/{n}.png' alt=''><cite><a href='https://reader{n}.example'>{name}</a></cite> "
        f"says:</div><div><a href='#comment-{n}'>May {n + 2}, 2026 at 10:1{n} am</a></div><p>The gauge at harbour {n} "
        "read even lower than yours this week, and the pier was dry until noon.</p></li>"
        for n, name in enumerate(READERS, 1)
    )
    + "</ol>",
    # a title of its own, "written by" a linked name and a date, the text after a line break
    "written by": "<div>"
    + "".join(
        f"<div><span>Low water</span><br><span>written by <a href='https://reader{n}.example'>{name}</a>, "
        f"May {n + 2}, 2026</span><br>The gauge at harbour {n} read even lower than yours this week, and the pier was "
        "dry until noon.</div>"
        for n, name in enumerate(READERS, 1)
    )
    + "</div>",
    # a bold name and a numeric date in one line, the text in a paragraph; a reply box after the thread
    "bold": "<div>"
    + "".join(
        f"<div><p><b>{name}</b> | 0{n + 2}.05.2026, 10:1{n}</p><p>The gauge at harbour {n} read even lower than yours "
        "this week, and the pier was dry until noon.</p></div>"
        for n, name in enumerate(READERS, 1)
    )
    + "<div><p>Your name</p><textarea></textarea></div></div>",
}


@pytest.mark.parametrize("thread", THREADS.values(), ids=THREADS.keys())
def test_a_thread_of_comments_without_a_heading_or_class_naming_it_is_left_out(thread):
    """The readers' comments after the article, neither a heading nor a class naming them: blocks side by side, each
    opening with its writer's name (a link, `<cite>`, bold, beside an avatar) just before a date, then what the reader
    wrote on a line of its own. The heading over them ("What readers say") heads nothing left."""
    html = f"<html><body><div id='page'>{BODY}<h3>What readers say</h3>{thread}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_guest_book_under_a_line_of_introduction_keeps_its_entries():
    """Entries like a thread's (a name, a date, what the writer wrote) that are nearly all the page's content, under
    a line of introduction: a guest book, the page's content."""
    entries = "".join(
        f"<div><p><b>Visitor {n}</b> | 0{n}.05.2026</p><p>We moored at the old pier for three nights in May and the "
        f"harbour master found us a berth out of the wind, and the fish shop on the quay was the best of the trip, "
        f"number {n}.</p></div>"
        for n in range(1, 7)
    )
    intro = "<p>Sailors who moored here write a line for the next crews to read.</p>"
    html = f"<html><body><div id='page'><h1>Guest book</h1>{intro}<div>{entries}</div></div></body></html>"
    md = convert(html, "https://example.org/guests").markdown
    # (a name and a date on a line of their own go as date lines, as everywhere)
    kept = [line for line in html_to_text(intro + entries).split("\n\n") if not line.startswith("**Visitor")]
    assert md == "\n\n".join(["# Guest book", *kept])


# Session 28 (issue 30): threads on pages whose class and id names say nothing (hashed, opaque: `q4711`)
def opaque_thread(readers: int, wrapped: bool) -> str:
    """A WordPress-like thread with opaque class names: avatar, `<cite>` name "says:", a date, the text in a paragraph;
    with `wrapped`, each comment held whole by one block of its own (`<li><div>…</div></li>`)."""
    items = []
    for n in range(1, readers + 1):
        comment = (
            f"<div class='q1033'><img src='/avatars/{n}.png' alt=''><cite><a href='https://reader{n}.example'>Reader "
            f"{n}</a></cite> says:</div><div class='q2071'><a href='#q88{n}'>May {n % 28 + 1}, 2026 at 10:1{n % 10} "
            f"am</a></div><p>The gauge at harbour {n} read even lower than yours this week, and the pier was dry until "
            "noon.</p>"
        )
        items.append(
            f"<li id='q88{n}' class='q3301'>" + (f"<div class='q4410'>{comment}</div>" if wrapped else comment)
        )
    return "<ol class='q5520'>" + "</li>".join(items) + "</li></ol>"


REPLY_BOX = (
    "<div id='q6610'><h3>Leave a Reply</h3><form><p><label>Name</label><input name='n'></p>"
    "<p><textarea name='c'></textarea></p><input type='submit' value='Post Comment'></form></div>"
)


def test_a_thread_of_comments_each_wrapped_in_a_block_of_its_own_is_left_out():
    """The readers' comments after the article, no class naming them (opaque names), each held whole by one block
    (`<li><div>` header, date, text `</div></li>`): the comment is read inside its wrapper."""
    html = f"<html><body><div class='q7001'>{BODY}<h3>What readers say</h3>{opaque_thread(3, True)}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_long_thread_under_a_short_post_before_a_reply_box_is_left_out():
    """A thread holding many times the post's text, no heading or class naming it: left out when a box to write in
    (the form to add a comment) follows it; the form is furniture as always."""
    thread = opaque_thread(40, False)
    html = f"<html><body><div class='q7001'>{BODY}{thread}{REPLY_BOX}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_long_run_of_dated_entries_without_a_box_to_write_in_stays():
    """The same entries holding many times the text before them, with no box to write in after them: a guest book or
    a page of reviews, the page's content (the run may go only before a reply box)."""
    thread = opaque_thread(40, False)
    html = f"<html><body><div class='q7001'>{BODY}{thread}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert md.startswith(BODY_MD)
    assert "The gauge at harbour 40 read even lower" in md and "The gauge at harbour 1 read even lower" in md


SHORT_REPLIES = ("Count me in!", "Same here, low tide at noon.", "Lovely.", "Thanks for this.")


def permalinked_thread(readers: int, pairs: bool) -> str:
    """A thread with opaque class names whose comments are known by their permalinks only: each block (`<li id=X>`)
    links to itself from its date (`<a href="#X">`) and holds a short reply, shorter than a comment's usual words of
    its own; with `pairs`, a `<dl>` of a `<dt>` header (its number linking to it, the name, the date) over a `<dd>` text
    (a theme's markup)."""
    items = []
    for n in range(1, readers + 1):
        reply = SHORT_REPLIES[n % len(SHORT_REPLIES)]
        date = f"May {n % 28 + 1}, 2026 at 10:1{n % 10} am"
        if pairs:
            items.append(
                f"<dt id='q91{n}' class='q3302'><span class='q1034'><a href='#q91{n}'>{n}</a></span> "
                f"<span class='q1035'>Reader {n}</span> <span class='q1036'>{date}</span></dt>"
                f"<dd class='q3302'><div class='q1037'><p>{reply}</p></div></dd>"
            )
        else:
            items.append(
                f"<li id='q92{n}' class='q3303'><div class='q1038'><span class='q1039'>Reader {n}</span> "
                f"<a href='/tides/#q92{n}'>{date}</a></div><p>{reply}</p></li>"
            )
    return "<dl class='q5521'>" + "".join(items) + "</dl>" if pairs else "<ol class='q5522'>" + "".join(items) + "</ol>"


@pytest.mark.parametrize("pairs", [False, True], ids=["items", "dt-dd"])
def test_a_thread_of_short_comments_each_linking_to_itself_is_left_out(pairs):
    """Short replies, too short to read as comments by their words, each linking to itself from its dated header
    (a permalink), before a reply box: a thread, left out; a `<dt>` header over a `<dd>` text is one comment."""
    html = (
        f"<html><body><div class='q7001'>{BODY}<h3>What readers say</h3>{permalinked_thread(4, pairs)}"
        f"{REPLY_BOX}</div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_sections_of_a_changelog_linking_to_themselves_stay():
    """A changelog closing a page, each release a block linking to itself from its dated heading (`<h3><a
    href="#X">¶</a>`): sections of the text, not comments (a permalink under a heading is a section's anchor)."""
    releases = "".join(
        f"<div id='q93{n}' class='q3304'><h3><a href='#q93{n}'>¶</a> Release 2.{n}, May {n + 2}, 2026</h3>"
        f"<p>Fixed.</p></div>"
        for n in range(1, 5)
    )
    html = f"<html><body><div class='q7001'>{BODY}{releases}{REPLY_BOX}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "Release 2.1, May 3, 2026" in md and "Release 2.4, May 6, 2026" in md


def test_a_glossary_of_terms_linking_to_themselves_stays():
    """A `<dl>` of terms, each `<dt>` linking to itself (an anchor to share), over a `<dd>` explaining it: no date in
    the header, so no comment (a permalink alone is an anchor)."""
    terms = "".join(
        f"<dt id='q94{n}'><a href='#q94{n}'>#</a> {term}</dt><dd>{text}</dd>"
        for n, (term, text) in enumerate(
            (
                ("Neap tide", "A tide of small range."),
                ("Spring tide", "A tide of large range."),
                ("Slack water", "Still water."),
                ("Ebb", "The falling tide."),
            ),
            1,
        )
    )
    html = f"<html><body><div class='q7001'>{BODY}<dl class='q5523'>{terms}</dl>{REPLY_BOX}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "Neap tide" in md and "A tide of small range." in md and "The falling tide." in md


def titled_comments(count: int, depth: int = 1) -> str:
    """Readers' comments as a discussion site writes them (opaque names): each opens with a title of its own (`<h4>`
    linking to the comment's address), the writer and the date under it, the comment's number linking to the same
    address; then the text, then the replies nested in it (`depth` levels). Every third one is folded to its title
    and name (no date, no permalink), as such sites show comments scored low."""
    out = []
    for n in range(1, count + 1):
        key = f"{depth}{n}"
        if n % 3 == 0:
            head = (
                f"<h4><a href='#c{key}'>Me too {key}</a></h4><div class='q4402'>by <a href='/~r{key}'>r{key}</a></div>"
            )
            text = "Same here."
        else:
            head = (
                f"<h4><a href='#c{key}'>Gauge readings {key}</a> (Score: {n % 5})</h4><div class='q4402'>by "
                f"<a href='/~r{key}'>r{key}</a> on Tuesday May {n + 2}, 2026 (<a href='#c{key}'>#{key}</a>)</div>"
            )
            text = (
                f"I measured the same at harbour {key} last spring, and the gauge there read even lower than yours "
                "did; the harbour master said the silt had moved again after the winter storms."
            )
        replies = f"<ul class='q4405'>{titled_comments(2, depth + 1)}</ul>" if depth < 2 and n % 2 else ""
        out.append(
            f"<li id='c{depth}{n}' class='q4401'><div class='q4400'>{head}</div><div class='q4403'><p>{text}</p></div>{replies}</li>"
        )
    return "".join(out)


def test_a_short_post_over_a_long_thread_of_titled_comments_is_the_content():
    """A short post beside a discussion many times its length (opaque names), each comment titled by a heading of its
    own whose link comes back under it (its permalink), nested replies, no reply box: the descent stops above the
    thread (found by its comments, not its name), and the thread is left out."""
    html = (
        f"<html><body><div class='q7000'><div class='q7001'>{BODY}</div><div class='q7002'><div class='q7003'>"
        f"<ul class='q4404'>{titled_comments(12)}</ul></div></div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_forum_thread_under_its_title_stays():
    """A forum's thread under its title (the page's `<h1>` in the thread's block), beside a sidebar: the thread is the
    page's content, however its posts are titled and nested."""
    html = (
        "<html><body><div class='q7000'><div class='q7005'><p>This forum is for the harbour's sailors and anglers to "
        "swap tide readings, notes and questions.</p></div><div class='q7002'><h1>Gauge readings this spring</h1>"
        f"<ul class='q4404'>{titled_comments(12)}</ul></div></div></body></html>"
    )
    md = convert(html, "https://example.org/forum/gauge").markdown
    assert "I measured the same at harbour 11 last spring" in md and "harbour 110 last spring" in md


def test_a_blog_listing_of_titled_dated_posts_stays():
    """A blog's front page: posts titled by a heading linking to the post, the writer and the date under it linking to
    the post again, an excerpt; after a short introduction. No post answers another (no replies nested), no box to
    write in: the page's content, not a thread."""
    posts = "".join(
        f"<div class='q4501'><h2><a href='/post/{n}'>Low water at harbour {n}</a></h2><div class='q4502'>By "
        f"<a href='/about'>Ann Keel</a> on <a href='/post/{n}'>May {n + 2}, 2026</a></div><p>The gauge at harbour {n} "
        "read lower than ever this morning, and the pier was dry as far as the second ladder at slack water.</p></div>"
        for n in range(1, 9)
    )
    html = (
        "<html><body><div class='q7001'><p>Notes from a tide watcher on the west coast, written most mornings after "
        f"the first low water.</p>{posts}</div></body></html>"
    )
    md = convert(html, "https://example.org/").markdown
    assert "The gauge at harbour 1 read lower" in md and "The gauge at harbour 8 read lower" in md


def test_a_thread_of_term_headers_naming_the_writer_and_the_date_is_left_out():
    """Comments as a `<dl>` (opaque names): each `<dt>` an avatar, the writer's name and the date, no permalink, over
    a `<dd>` holding what the reader wrote, before a reply box: a thread, left out."""
    comments = "".join(
        f"<dt class='q5601'><span><img src='/a/{n}.png' alt=''></span> <span>Reader {n}</span> "
        f"<span>May {n + 2}, 2026 at 9:1{n} pm</span></dt><dd class='q5601'><div><p>I measured the same at harbour {n} "
        "last spring, and the gauge there read even lower than yours did.</p></div></dd>"
        for n in range(1, 5)
    )
    html = f"<html><body><div class='q7001'>{BODY}<dl class='q5602'>{comments}</dl>{REPLY_BOX}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_schedule_of_dated_places_as_terms_stays():
    """A `<dl>` closing a story, each `<dt>` a place in bold and a date, each `<dd>` what happens there: read as a
    comment's header by its words, but no box to write in follows it: the story's schedule, kept."""
    dates = "".join(
        f"<dt><b>{place}</b>, May {n + 2}, 2026</dt><dd>The harbour choir sings on pier {n} at the evening tide, "
        "boats welcome.</dd>"
        for n, place in enumerate(("Tarbert", "Oban", "Mallaig", "Ullapool"), 1)
    )
    html = f"<html><body><div class='q7001'>{BODY}<dl class='q5602'>{dates}</dl></div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "Tarbert" in md and "Ullapool" in md and "sings on pier 1" in md and "sings on pier 4" in md


def dated_first(count: int) -> str:
    """Entries whose header gives the date first, then a name (`<span>09. May, 2026 / </span><span><a>Ann</a> says:`),
    then the text on lines of its own (opaque names)."""
    return (
        "<ol class='q5701'>"
        + "".join(
            f"<li class='q5702'><div class='q5703'><span>0{n}. May, 2026 / </span><span><a href='https://r{n}.example'>"
            f"Reader {n}</a> says:</span></div><div class='q5704'><p>I measured the same at harbour {n} last spring, and "
            "the gauge there read even lower than yours did.</p></div></li>"
            for n in range(1, count + 1)
        )
        + "</ol>"
    )


def test_a_thread_of_comments_dated_before_their_writers_name_is_left_out():
    """Comments whose header puts the date before the writer's name ("09. Jul, 2012 / Ann says:"), before a reply
    box: a thread, left out."""
    html = f"<html><body><div class='q7001'>{BODY}{dated_first(4)}{REPLY_BOX}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_list_of_dated_entries_with_the_date_first_and_no_box_to_write_in_stays():
    """The same entries, date first then a name, with no box to write in after them (a news desk's dated notes: the
    date first is how lists of news and events are written): kept."""
    html = f"<html><body><div class='q7001'>{BODY}{dated_first(4)}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "harbour 1 last spring" in md and "harbour 4 last spring" in md


def headed_entries(count: int) -> str:
    """Entries each under a heading that holds only a name and a date (`<h3><span>Ann</span> <span>07 May 26</span>`),
    the text under it (opaque names)."""
    return (
        "<div class='q5801'>"
        + "".join(
            f"<div class='q5802'><h3><span>Reader {n}</span> <span>0{n} May 26</span></h3><div class='q5803'><p>I "
            f"measured the same at harbour {n} last spring, and the gauge there read even lower than yours did.</p></div>"
            "</div>"
            for n in range(1, count + 1)
        )
        + "</div>"
    )


def test_a_thread_of_comments_headed_by_the_name_and_date_is_left_out():
    """Comments whose header is a heading of the writer's name and the date, before a reply box: a thread, left out."""
    html = f"<html><body><div class='q7001'>{BODY}{headed_entries(4)}{REPLY_BOX}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_sections_headed_by_a_name_and_a_date_without_a_box_to_write_in_stay():
    """The same sections, each a heading of a name and a date over its text, with no box to write in after them (a
    schedule of places and days, a diary's entries): kept."""
    html = f"<html><body><div class='q7001'>{BODY}{headed_entries(4)}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "harbour 1 last spring" in md and "harbour 4 last spring" in md


# Session 30 (issue 30): a comment written as a list of its own, its first item the comment, its tools after it
def listed_comments(count: int, tools: bool = True) -> str:
    """Comments each a `<ul>` of its own (opaque names): the first item the avatar, the writer's name, the date and the
    text; with `tools`, an item of the comment's tools after it ("Recommend? (3)", "Responses (0)", "Report"), else an
    item of text of its own (a list of entries alike)."""
    lists = []
    for n in range(1, count + 1):
        comment = (
            f"<li class='q6102'><div class='q6103'><img src='/avatars/{n}.png' alt=''><a href='/profile/{n}'>reader{n}"
            f"</a><p class='q6104'>{n} May 2026 9:3{n}PM</p></div><div class='q6105'><p>The gauge at harbour {n} read "
            "even lower than yours this week, and the pier was dry until noon.</p></div></li>"
        )
        after = (
            f"<li class='q6106'><ul><li><a>Recommend?</a> (<span>{n}</span>)</li><li>Responses (0)</li><li><a "
            "href='/report'>Report</a></li></ul></li>"
            if tools
            else f"<li class='q6106'><p>The harbour master at harbour {n} logged the lowest water since the pier was "
            "built, a metre under the old mark.</p></li>"
        )
        lists.append(f"<ul class='q6101'>{comment}{after}</ul>")
    return "<div class='q6100'>" + "".join(lists) + "</div>"


def test_a_thread_of_comments_each_a_list_of_its_own_is_left_out():
    """Comments each written as a list of its own (`<ul>`: the comment, then an item of its tools), no heading or
    class naming them: a thread, left out."""
    html = f"<html><body><div class='q7001'>{BODY}{listed_comments(4)}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_lists_opening_with_a_dated_entry_over_items_of_text_stay():
    """The same lists with an item of text of its own after the first (a log's entries, each a list of notes): no
    comment's tools after it, kept."""
    html = f"<html><body><div class='q7001'>{BODY}{listed_comments(4, tools=False)}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "harbour 1 read even lower" in md and "harbour 4 logged the lowest" in md


# Session 30 (issue 30): comments without a date, their header the writer's name alone
def named_thread(count: int, cited: bool = True) -> str:
    """A thread whose comments carry no date (opaque names): with `cited`, a Disqus-like list (`<li><div><cite>name
    </cite></div><div>text</div></li>`, the replies in a list of their own right in the list); else blocks headed
    "<a>name</a> said," over the text, a short reply among them."""
    if cited:
        items = "".join(
            f"<li id='q91{n}'><div class='q9101'><cite>https://reader{n}.example <span>Reader {n}</span></cite></div>"
            f"<div class='q9102'><div class='q9103'><p>The gauge at harbour {n} read even lower than yours this week, "
            "and the pier was dry until noon.</p></div></div></li>"
            + (
                "<ul class='q9104'><li id='q919'><div class='q9101'><cite><span>Ann Keel</span></cite></div><div "
                "class='q9102'><div class='q9103'><p>Thank you, the harbour master said the same about the old pier."
                "</p></div></div></li></ul>"
                if n == 1
                else ""
            )
            for n in range(1, count + 1)
        )
        return f"<div class='q9100'><div class='q9105'><ul class='q9106'>{items}</ul></div></div>"
    return (
        "<div class='q9100'>"
        + "".join(
            "<div class='q9201'><div class='q9202'></div><div class='q9203'><span class='q9204'>"
            + (
                # (a short reply from the post's writer, whose name links nowhere)
                "Ann Keel said,</span><div class='q9205'><p>Same here, thanks."
                if n == 2
                else f"<a href='https://reader{n}.example'>Reader {n}</a> said,</span><div class='q9205'><p>The gauge at "
                f"harbour {n} read even lower than yours this week, and the pier was dry until noon."
            )
            + "</p></div></div></div>"
            for n in range(1, count + 1)
        )
        + "</div>"
    )


@pytest.mark.parametrize("cited", [True, False], ids=["cite", "said-before-a-reply-box"])
def test_a_thread_of_comments_headed_by_the_writers_name_alone_is_left_out(cited):
    """Comments without a date after the post's block, each headed by its writer's name alone, all opening alike: in
    a `<cite>` (the markup for who wrote it), or "<name> said," over a thread a box to write in follows."""
    box = "" if cited else REPLY_BOX
    html = f"<html><body><div class='q7001'><div class='q7002'>{BODY}</div>{named_thread(4, cited)}{box}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_list_of_quotations_under_cited_names_after_the_posts_paragraphs_stays():
    """A post's own list of quotations, each under its author's name in a `<cite>`, right after its paragraphs (a
    piece of the post, not a block after it): kept."""
    quotes = "".join(
        f"<li><div class='q9301'><cite>Sailor {n}</cite></div><div class='q9302'><p>The sea at harbour {n} keeps its "
        "own hours, and a crew that forgets it waits on the mud until the evening tide.</p></div></li>"
        for n in range(1, 5)
    )
    html = f"<html><body><div class='q7001'>{BODY}<ul class='q9300'>{quotes}</ul></div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "harbour 1 keeps its own hours" in md and "harbour 4 keeps its own hours" in md


def test_a_crew_page_of_named_bios_over_a_contact_form_stays():
    """A page's bios, each under a bold name, after its paragraphs and over a contact form (a box to write in): the
    page's own pieces, kept."""
    bios = "".join(
        f"<div class='q9401'><b>Skipper {n}</b><p>Has sailed out of harbour {n} for twenty years and knows every "
        "sandbank between the pier and the point.</p></div>"
        for n in range(1, 5)
    )
    html = f"<html><body><div class='q7001'>{BODY}{bios}{REPLY_BOX}</div></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert "harbour 1 for twenty years" in md and "harbour 4 for twenty years" in md


def cited_list(count: int, pingback: bool = False) -> str:
    """A Disqus-like fallback list of `count` comments headed by names in a `<cite>`, without dates or replies (opaque
    names); with `pingback`, a line of a link alone among them."""
    items = [
        f"<li id='q93{n}'><div class='q9101'><cite>https://reader{n}.example <span>Reader {n}</span></cite></div>"
        f"<div class='q9102'><div class='q9103'><p>The gauge at harbour {n} read even lower than yours this week, and "
        "the pier was dry until noon, so the boats waited on the mud for the evening tide.</p></div></div></li>"
        for n in range(1, count + 1)
    ]
    if pingback:
        items.insert(
            count // 2,
            "<li class='q9107'><p>Pingback: <a href='https://other.example/tides'>A reply to the "
            "post about tides</a></p></li>",
        )
    return f"<ul class='q9106'>{''.join(items)}</ul>"


def test_a_post_over_a_longer_thread_of_cited_names_is_the_content():
    """A post in a block of its own over a thread many times its length, each comment headed by its writer's name in
    a `<cite>`, with no date, no reply and no box to write in after it (a Disqus fallback list), a pingback's line
    among them: the post is the content, the thread and its pingback go."""
    html = (
        f"<html><body><div class='q7000'><div class='q7001'><div class='q7002'>{BODY}</div>"
        f"<div class='q9100'><div class='q9105'>{cited_list(24, pingback=True)}</div></div></div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_guest_book_of_cited_names_under_a_line_of_introduction_stays():
    """A guest book's entries, each under its writer's name in a `<cite>`, under a line of introduction: the page's
    content, kept (a line is no post for a thread to follow)."""
    html = (
        "<html><body><div class='q7001'><div class='q7002'><h1>Harbour guest book</h1><p>Notes left by visitors to "
        f"the harbour this summer.</p></div>{cited_list(12)}</div></body></html>"
    )
    md = convert(html, "https://example.org/guests").markdown
    assert "harbour 1 read even lower" in md and "harbour 12 read even lower" in md


def titled_over_cited_thread(picture: bool) -> str:
    """A block holding the page's title and byline (with `picture`, an infographic under them: a post told in a
    picture, no text of its own) over a block holding a Disqus-like thread of comments under cited names."""
    pic = (
        "<div class='q9502'><img src='/charts/watchers.png' alt='A chart of tide watchers' width='600' height='900'>"
        "</div>"
        if picture
        else ""
    )
    return (
        "<html><head><title>How to spot a tide watcher</title></head><body><div class='q9500'><div class='q9501'><h1>"
        "<a href='https://example.org/watchers'>How to spot a tide watcher</a></h1><div class='q9503'>by Ann Keel on "
        f"May 3, 2012</div>{pic}</div><div class='q9504'><div class='q9505'>{cited_list(12)}</div></div></div></body>"
        "</html>"
    )


def test_a_post_told_in_a_picture_over_a_thread_of_cited_names_is_the_content():
    """A post told in a picture under the page's title, with no text of its own, over a thread of comments under
    cited names: the region stops above the thread and narrows to the post (its title and byline)."""
    md = convert(titled_over_cited_thread(True), "https://example.org/watchers").markdown
    assert md == "# How to spot a tide watcher\n\nby Ann Keel on May 3, 2012"


def test_a_title_over_a_thread_of_cited_names_without_a_post_keeps_the_thread():
    """The page's title alone over entries under cited names (no picture, no text: a forum's thread under its title,
    whose posts are the content): kept."""
    md = convert(titled_over_cited_thread(False), "https://example.org/watchers").markdown
    assert md.startswith("# How to spot a tide watcher") and "harbour 12 read even lower" in md


LISTS_OF_DATES = {
    # tour dates closing a story: a bold place and a date, what happens there on the same line
    "dates": "<ul>"
    + "".join(
        f"<li><b>{place}</b>, May {n + 2}, 2026: the harbour choir sings on the pier at the evening tide, boats "
        "welcome.</li>"
        for n, place in enumerate(("Tarbert", "Oban", "Mallaig"), 1)
    )
    + "</ul>",
    # a live blog's entries: the time first, no name before it
    "live": "".join(
        f"<div><p><b>10:1{n}</b></p><p>The water at harbour {n} is still falling, and the pier is dry as far as the "
        "second ladder.</p></div>"
        for n in range(1, 4)
    ),
}


@pytest.mark.parametrize("closing", LISTS_OF_DATES.values(), ids=LISTS_OF_DATES.keys())
def test_dated_entries_that_are_no_comments_stay(closing):
    """Entries with a name and a date that are the story's: a list of tour dates (what happens there on the date's
    line), a live blog's entries (the time first, no name before it)."""
    html = f"<html><body><div id='page'>{BODY}{closing}</div></body></html>"
    kept = html_to_text(closing).split("\n\n")
    # (a live blog's times on lines of their own are date lines, left out as everywhere)
    expected = [entry for entry in kept if not entry.startswith("**10:1")]
    assert convert(html, "https://example.org/tides").markdown == "\n\n".join([BODY_MD, *expected])


def test_a_short_post_with_many_category_links_is_not_link_dense_when_it_holds_most_of_the_content():
    """A post of one paragraph under a linked headline, filed under many categories (a footer of links): the block is
    mostly links, but it holds most of the region's content text, so it is the content, not navigation."""
    cats = ", ".join(
        f"<a href='/category/{c}'>{c.title()}</a>"
        for c in ("tides", "harbours", "boats", "weather", "moorings", "fishing", "coastline", "lighthouses")
    )
    post = "The sea went out further than anyone at the harbour remembers, and the old pier stood dry until noon today."
    intro = "High and low water at the harbour for the coming weeks, as the tables give them."
    days = [f"Tuesday {n} May, high water at {n}:15" for n in range(1, 21)]
    html = (
        "<html><body><div class='main'><div class='entry'><h3><a href='/low-tide'>Low tide at the old pier</a></h3>"
        f"<div><p>{post}</p></div><div>Posted at 05:00 AM in {cats} | <a href='/low-tide#comments'>Comments (3)</a>"
        f"</div></div><div class='tides'><p>{intro}</p>{''.join(f'<div>{day}</div>' for day in days)}</div></div>"
        "</body></html>"
    )
    md = convert(html, "https://example.org/low-tide").markdown
    assert md == "\n\n".join(["### Low tide at the old pier", post, intro, *days])


WIDGET_COLUMN = (
    "<h3>The log keeper</h3><p>A harbour master writes down what the sea did today, what the boats made of it, and "
    "what the weather will do to both of them tomorrow morning. Questions about the harbour and its moorings are "
    "welcome by letter.</p><h3>Archives</h3><ul>"
    + "".join(f"<li><a href='/archive/{n}'>Notes from the harbour, week {n} of 2011</a></li>" for n in range(1, 15))
    + "</ul>"
)


@pytest.mark.parametrize(
    "layout",
    [
        "<div class='wrap'><div class='col'>{post}</div><div class='col'>{widgets}</div></div>",
        "<div class='wrap'><div class='col'>{widgets}</div><div class='col'>{post}</div></div>",
        "<table><tr><td>{widgets}</td><td>{post}</td></tr></table>",
    ],
)
def test_a_column_of_widgets_beside_the_post_is_left_out(layout):
    """A sidebar column that is mostly links (an archive list) with a note of prose among them, beside the column
    holding the post: the region is the post's column, not the block holding both, whichever side it stands on."""
    html = "<html><body>" + layout.format(post=BODY, widgets=WIDGET_COLUMN) + "</body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_column_of_widgets_with_more_prose_than_the_post_is_still_left_out():
    """A sidebar whose notes hold more content text than a short post beside it, among many more links: the post's
    column is the region (the descent would otherwise follow the sidebar, the child holding the most)."""
    letters = "<h3>Letters</h3><p>" + "Readers write to the harbour master about moorings, fees and the slipway. " * 4
    archive = "".join(f"<li><a href='/letters/{n}'>A letter from a reader, number {n}</a></li>" for n in range(1, 40))
    side = f"{WIDGET_COLUMN}{letters}</p><ul>{archive}</ul>"
    html = (
        f"<html><body><div class='wrap'><div class='col'>{BODY}</div><div class='col'>{side}</div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


NOTICE = (
    "<div class='small'><p>The harbour office publishes these pages as a service to sailors and visitors; the tables "
    "and the notes on them are given in good faith and are checked each season, but the office can take no "
    "responsibility for any loss that follows from reading them.</p></div>"
)
WRITER_BOX = (
    "<div class='writer'><p>Sam Rivers has kept the harbour log for eleven years. Before that he sailed coasters "
    "between the northern ports and taught navigation at the sea school in the old town by the lighthouse.</p></div>"
)


def test_blocks_of_one_paragraph_each_after_the_story_are_left_out():
    """After the block holding the story's paragraphs, an author's box and the footer's notice, one paragraph each
    (content text enough to keep the descent at the page's wrapper): the region is the story's block."""
    html = (
        f"<html><body><div id='page'><div class='main'>{BODY}</div>{WRITER_BOX}<div class='menu'><a href='/'>Home"
        f"</a> <a href='/about'>About</a></div>{NOTICE}</div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD
    # in precision mode the rule is off (its longer unit leaves a story's lists and short lines without content text)
    assert "Sam Rivers has kept the harbour log" in convert(html, "https://example.org/tides", precision=True).markdown


def test_the_title_ahead_of_a_story_with_blocks_of_one_paragraph_after_it_comes_along():
    """The story's `<h1>` in the post (a block named so) holding its paragraphs' block and, after that, an author's
    box and a notice: the descent passes them over into the paragraphs' block, and the widening to the post does not
    count them either: the title comes, the boxes do not (the post's blocks after its body are left out)."""
    body = BODY.replace("<h1>Tides explained</h1>", "")
    html = (
        f"<html><body><div id='page'><div class='post'><h1>Tides explained</h1><div class='text'>{body}</div>"
        f"{WRITER_BOX}{NOTICE}</div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def _typed_page(itemtype: str) -> str:
    body = BODY.replace("<h1>Tides explained</h1>", "")
    return (
        f"<html><body><div id='page'><div class='item-page' itemscope itemtype='{itemtype}'><div class='page-header'>"
        f"<h2 itemprop='headline'>Tides explained</h2></div><div itemprop='articleBody'>{body}</div>{WRITER_BOX}"
        f"{NOTICE}</div></div></body></html>"
    )


def test_the_title_of_a_block_typed_as_an_article_comes_along():
    """The story's title in a block its microdata types as an article (schema.org's Article, NewsArticle,
    BlogPosting), whatever its class: the region widens to it from the article's body (enclosing-article), so its
    short `<h2>` title comes; the blocks of one paragraph after the body do not (lone-units-after)."""
    for itemtype in (
        "https://schema.org/Article",
        "http://schema.org/NewsArticle",
        "https://schema.org/BlogPosting",
        "https://schema.org/SatiricalArticle",
        "https://schema.org/Review",
        "http://schema.org/Thing#Recipe",
    ):
        markdown = convert(_typed_page(itemtype), "https://example.org/tides").markdown
        assert markdown == "#" + BODY_MD, itemtype


@pytest.mark.parametrize(
    "kind", ["BackgroundNewsArticle", "ReviewNewsArticle", "Recipe", "https://schema.org/HowTo", "schema:Recipe"]
)
def test_a_page_whose_json_ld_names_a_story_of_any_kind_is_an_article(kind):
    """Every kind of story schema.org names (an Article of any kind, a recipe, a how-to) makes the page an article,
    without an `og:type` or an `<article>` to say so; a type written with the vocabulary's prefix (`schema:`) is the
    same type, as the metadata reads it."""
    script = json.dumps({"@context": "https://schema.org", "@type": kind, "headline": "Tides explained"})
    html = f"<html><head><script type='application/ld+json'>{script}</script></head><body>{BODY}</body></html>"
    assert convert(html, "https://example.org/tides").page_type == "article"


def test_a_block_typed_as_a_web_page_or_a_forum_post_is_no_article():
    """The same page typed as a web page or as a post of a forum thread (a thread's posts are not one story): no
    article to widen to, so the region stays the body's text."""
    for itemtype in ("https://schema.org/WebPage", "https://schema.org/DiscussionForumPosting"):
        markdown = convert(_typed_page(itemtype), "https://example.org/tides").markdown
        assert markdown == BODY_MD.removeprefix("# Tides explained\n\n"), itemtype


def test_a_story_going_on_in_a_block_of_paragraphs_after_its_first_keeps_it():
    """The story's text goes on in a block of two paragraphs after the first block: the region holds both (and the
    notice after them, the blocks after the first not being of one paragraph each)."""
    more = (
        "<p>Neap tides come a week later, when the Moon stands at a right angle to the Sun and the two pulls partly "
        "cancel.</p><p>Tide tables give the times and heights of high and low water for each port, day by day, a "
        "year ahead.</p>"
    )
    html = f"<html><body><div id='page'><div class='main'>{BODY}</div><div class='more'>{more}</div>{NOTICE}</div></body></html>"
    markdown = convert(html, "https://example.org/tides").markdown
    assert markdown.startswith(BODY_MD) and "Tide tables give the times" in markdown


def test_a_lead_in_a_block_of_its_own_ahead_of_the_story_is_kept():
    """A lead paragraph in a block of its own between the title and the story's block: the blocks of one paragraph
    passed over are only those after the story's block, so the lead stays in the region."""
    lead = (
        "<div class='lead'><p>Why the sea comes and goes twice a day along most coasts, and what the Moon and the Sun "
        "have to do with the times and the heights of the water.</p></div>"
    )
    body = BODY.replace("<h1>Tides explained</h1>", "")
    html = f"<html><body><div id='page'><h1>Tides explained</h1>{lead}<div class='main'>{body}</div>{NOTICE}</div></body></html>"
    assert "Why the sea comes and goes" in convert(html, "https://example.org/tides").markdown


STORY_LINES = (
    "The harbour board met on Monday to decide what to do about the silt that has built up at the mouth of the river.",
    "Dredging the channel would cost more than the board takes in fees in a year, the treasurer told the meeting.",
    "The fishermen asked for a cheaper plan: a new pier further out, where the water stays deep at every tide.",
    "The board will vote on both plans in June, after the engineers have measured the channel again in May.",
    "Until then the larger boats will only leave and come back in the two hours either side of high water.",
)


def test_a_story_written_in_divs_goes_on_after_its_longest_block():
    """A story whose paragraphs are written as plain `<div>`s, most of them in one block and the last ones beside it
    as single `<div>`s of their own, written as those inside the block are: they are the story going on, not blocks
    apart after it (lone-units-after)."""
    inner = "".join(f"<div>{line}</div>" for line in STORY_LINES[:3])
    after = "".join(f"<div>{line}</div>" for line in STORY_LINES[3:])
    html = f"<html><body><div id='page'><div class='entry'><div>{inner}</div>{after}</div></div></body></html>"
    markdown = convert(html, "https://example.org/silt").markdown
    assert all(line in markdown for line in STORY_LINES)


def test_a_story_going_on_in_plain_blocks_between_boxes_keeps_them():
    """A story's first paragraphs in a plain `<div>`, the rest in plain `<div>`s of one paragraph each between
    newsletter boxes (as news pages wrap paragraphs between slots): the later blocks are written as the first one is,
    so they are the story going on, not blocks apart after it (lone-units-after)."""
    first = "".join(f"<p>{line}</p>" for line in STORY_LINES[:3])
    box = (
        "<div class='box'><p>Get the harbour's morning letter in your inbox every weekday, with the tides, the "
        "weather and the boats due in.</p></div>"
    )
    rest = "".join(f"<div><p>{line}</p></div>" for line in STORY_LINES[3:])
    html = f"<html><body><div id='page'><div>{first}</div>{box}{rest}</div></body></html>"
    markdown = convert(html, "https://example.org/silt").markdown
    assert all(line in markdown for line in STORY_LINES)


def test_a_story_whose_quote_holds_most_of_it_keeps_its_closing_paragraph():
    """A story's long quote (a block of three paragraphs) holds most of its text; the story's closing paragraph is a
    paragraph beside it, whatever its class: the block holding both is the story's text (lone-units-after)."""
    quote = "".join(f"<p>{line}</p>" for line in STORY_LINES[1:4])
    html = (
        f"<html><body><div id='page'><div class='entry'><div class='quote'>{quote}</div><p class='last'>"
        f"{STORY_LINES[4]}</p></div></div></body></html>"
    )
    assert STORY_LINES[4] in convert(html, "https://example.org/silt").markdown


WRITERS = "<h3>Our writers</h3>" + "".join(
    f"<div><h4>{name}</h4><div>Correspondent on the north coast desk since 2019</div><p>{name} writes about the sea, "
    f"the tides and the harbours of the north coast for the paper.</p><div><a href='/p/{n}'>Posts</a> | <a "
    f"href='/a/{n}'>Profile</a></div></div>"
    for n, name in enumerate(("Sam Rivers", "Ann Moss", "Joe Quay"))
)


def test_a_sidebar_of_bios_and_excerpts_beside_the_titled_column_is_left_out():
    """A column of writers' bios (a name, a role line, a sentence, links: not mostly links, not mostly content text)
    beside the column holding the page's `<h1>` and more content text: the titled column is the region."""
    html = (
        f"<html><body><div class='wrap'><div class='main'>{BODY}</div><div class='side'>{WRITERS}</div></div>"
        "</body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_block_named_like_furniture_that_also_names_content_is_not_passed_over():
    """`post-wrap sidebar-right` names the article's wrapper as well as its layout: the descent still takes it."""
    html = (
        f"<html><body><div id='page'><div class='intro'><h1>Tides explained</h1></div>"
        f"<div class='post-wrap sidebar-right'>{PARAGRAPHS}</div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_linked_headings_with_long_sections_are_content():
    sections = "".join(
        f'<h2><a href="/guide/{n}">Step {n}</a></h2><p>{"Tie the line to the cleat. " * 20}</p>' for n in range(1, 4)
    )
    md = convert(
        f"<html><body><nav><a href='/'>Home</a></nav><article>{BODY}{sections}</article></body></html>",
        "https://example.org/tides",
    ).markdown
    assert md.count("## [Step") == 3 and md.startswith(BODY_MD)


def test_sections_whose_headings_link_to_themselves_are_not_teasers():
    sections = "".join(
        f'<section><h2 id="s{n}"><a href="#s{n}">Step {n}</a></h2><p>Tie the line to cleat {n}.</p></section>'
        for n in range(1, 5)
    )
    html = f"<html><body><article>{BODY}<div class='steps'>{sections}</div></article></body></html>"
    md = convert(html, "https://example.org/tides").markdown
    assert md == BODY_MD + "".join(f"\n\n## Step {n}\n\nTie the line to cleat {n}." for n in range(1, 5))


def test_a_page_of_teasers_is_its_own_content():
    cards = "".join(
        f'<div class="card"><h3><a href="/s/{n}">Story number {n} about the sea</a></h3>'
        f"<p>A short summary of story {n}, two lines of text at most.</p></div>"
        for n in range(1, 5)
    )
    md = convert(
        f"<html><body><nav><a href='/'>Home</a></nav><main>{cards}</main></body></html>", "https://example.org/science"
    ).markdown
    assert md == "\n\n".join(
        f"### [Story number {n} about the sea](https://example.org/s/{n})\n\n"
        f"A short summary of story {n}, two lines of text at most."
        for n in range(1, 5)
    )


def stream_of_cards(n: int) -> str:
    """A news stream: cards whose linked headline wraps its text in a div, each with a summary and a source."""
    return (
        "<ul class='stream'>"
        + "".join(
            f'<li><div><a href="/n/{k}"><img src="/i/{k}.jpg"></a><div>Wire</div>'
            f'<h3><a href="/n/{k}"><div>Headline number {k} from the wire</div></a></h3>'
            f"<p>{f'A summary sentence of story {k}, told in a few words. ' * 4}</p></div></li>"
            for k in range(n)
        )
        + "</ul>"
    )


def test_an_article_beside_a_larger_stream_of_teasers_is_chosen_and_the_stream_left_out():
    html = f"<html><body><div id='feed'>{stream_of_cards(4)}</div><div id='story'>{BODY}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_stream_of_teasers_after_the_article_is_left_out():
    html = f"<html><body><article>{BODY}<h2>More news</h2>{stream_of_cards(3)}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_teasers_with_a_read_more_heading_after_a_short_article_are_left_out():
    """A card's linked headings may be two, a title and a "Read the rest" under it, leading to one page (the title's
    link with tracking parameters): the cards are a teaser list even when they outweigh a short article."""
    cards = "".join(
        f'<div class="next"><h2><a href="/2019/{k}/story.html?utm_source=more">Headline number {k} of another day</a>'
        f"</h2><p>{f'A summary sentence of story {k}, told in a few words. ' * 4}</p>"
        f'<h3><a href="/2019/{k}/story.html">Read the rest</a></h3></div>'
        for k in range(4)
    )
    html = f"<html><body><div id='page'>{BODY}<div id='more'>{cards}</div></div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_teasers_titled_by_a_link_on_a_line_of_its_own_are_left_out():
    """A "More in" list whose items open with a linked headline (no heading) followed by a summary and a date is
    a list of teasers, as cards with linked headings are."""
    items = "".join(
        f"<li><a href='/politics/{k}'>Headline number {k} about the harbour</a>"
        f"<p>A summary of story {k}, a line or two about what happened in town this week.</p>"
        f"<time>2 May 2024</time></li>"
        for k in range(5)
    )
    html = (
        f"<html><body><div id='page'><div class='story'>{BODY}</div><h2>More in Politics</h2><ul>{items}</ul>"
        "</div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


@pytest.mark.parametrize(
    "item",
    [
        "<li><strong><a href='/politics/{k}'>Headline number {k} about the harbour</a></strong><p>{summary}</p></li>",
        "<li><a href='/politics/{k}'>Headline number {k} about the harbour</a><br>{summary}</li>",
    ],
)
def test_a_linked_title_in_bold_or_ended_by_a_line_break_titles_its_teaser(item):
    items = "".join(
        item.format(k=k, summary=f"A summary of story {k}, a line or two about what happened in town.")
        for k in range(4)
    )
    html = f"<html><body><div id='page'><div class='story'>{BODY}</div><ul>{items}</ul></div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_teasers_written_flat_after_the_article_are_left_out():
    """Linked headings each over a line of summary, with no block around each teaser, after the article's text in
    the same block: a run of teasers."""
    teasers = "".join(
        f"<h3><a href='/news/{k}'>Headline number {k} about the harbour</a></h3>"
        f"<p>A summary of story {k}, a line or two about what happened in town this week.</p>"
        for k in range(4)
    )
    more = (
        "<p>Neap tides come in between, at the quarter moons, when the two pull at right angles to each other.</p>"
        "<p>Tide tables give the times of high and low water for one harbour, a year at a time, in local time.</p>"
    )
    html = f"<html><body><div class='story'>{BODY}{more}{teasers}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + (
        "\n\nNeap tides come in between, at the quarter moons, when the two pull at right angles to each other.\n\n"
        "Tide tables give the times of high and low water for one harbour, a year at a time, in local time."
    )


def test_a_page_of_short_sections_under_linked_headings_keeps_them():
    """A changelog: every section is short and headed by a link, and they are the page."""
    versions = "".join(
        f"<h2><a href='https://code.example/compare/v1.{k}'>1.{k}.0</a></h2>"
        f"<ul><li>Fixed the tide table parser for harbour number {k}, which read summer time wrongly."
        f"</li></ul>"
        for k in range(4, 0, -1)
    )
    md = convert(
        f"<html><body><main><h1>Changelog</h1>{versions}</main></body></html>", "https://code.example/changelog"
    ).markdown
    assert md.count("Fixed the tide table parser") == 4 and md.count("## [1.") == 4, md


def test_posts_opening_with_their_authors_name_are_no_teasers():
    """A forum reply opens with a link to its author, followed by a menu of links, then the reply: no title, and
    the replies after the opening post stay."""
    posts = "".join(
        f"<li class='message'><div class='user'><a href='/members/{k}'>Member number {k}</a>"
        f"<ul class='menu'><li><a href='/pm/{k}'>Send a message</a></li></ul></div>"
        f"<div class='text'>Reply {k}: the tide tables in the harbour office were corrected last week, "
        f"so check the date printed on yours before you sail.</div></li>"
        for k in range(4)
    )
    html = f"<html><body><div class='opening'>{BODY}</div><ol class='thread'>{posts}</ol></body></html>"
    md = convert(html, "https://forum.example/t/1").markdown
    assert md.count("the tide tables in the harbour office were corrected") == 4, md


def test_a_page_that_is_a_stream_of_teasers_keeps_them():
    md = convert(f"<html><body><main>{stream_of_cards(4)}</main></body></html>", "https://example.org/news").markdown
    assert md.count("### [Headline number") == 4 and md.count("A summary sentence") == 16, md


# -- teaser runs after a short news story, in the forms sites write them (issue 14, held-out class 1) ---------

FERRY = (
    "<h1>Council approves new ferry timetable</h1>"
    "<p class='dateline'>By Ann Keel, 12 March 2024</p>"
    "<p>The harbour council voted on Tuesday evening to approve a new ferry timetable that adds two early sailings "
    "on weekdays.</p>"
    "<p>Commuters had asked for an earlier crossing for years, saying the first boat at seven left them late for "
    "work on the mainland.</p>"
    "<p>The operator said the extra sailings would be run with the existing fleet, and that fares would not "
    "change before next spring.</p>"
    "<p>The new timetable takes effect on the first Monday of March and will be reviewed by the council after six "
    "months.</p>"
)
FERRY_MD = """# Council approves new ferry timetable

The harbour council voted on Tuesday evening to approve a new ferry timetable that adds two early sailings on weekdays.

Commuters had asked for an earlier crossing for years, saying the first boat at seven left them late for work on the mainland.

The operator said the extra sailings would be run with the existing fleet, and that fares would not change before next spring.

The new timetable takes effect on the first Monday of March and will be reviewed by the council after six months."""
# (headline, address, summary) of other stories of the same paper
STORIES = [
    (
        "Harbour wall repairs to start in April",
        "/2024/03/harbour-wall-repairs",
        "Contractors will close the north pier for eight weeks while the wall is rebuilt.",
    ),
    (
        "School bus route changes after parents' petition",
        "/2024/03/school-bus-route",
        "The county has moved two stops closer to the estate after a petition signed by 300 parents.",
    ),
    (
        "Fish market reopens after fire",
        "/2024/03/fish-market-reopens",
        "Traders returned to the market hall on Saturday, four months after a fire destroyed its roof.",
    ),
    (
        "Lifeboat crew rescues two kayakers off the point",
        "/2024/03/lifeboat-rescue",
        "Both were taken to hospital as a precaution after three hours in the water.",
    ),
    (
        "New cycle lane splits opinion on the seafront",
        "/2024/03/cycle-lane",
        "Shop owners say the lane has cost them parking; cyclists say it has made the road safer.",
    ),
]


def herald_page(story: str, after: str = "") -> str:
    """A newspaper page: masthead, the story in an <article> (teasers may follow inside it), more after it."""
    return (
        "<html><head><title>Council approves new ferry timetable | Harbour Herald</title></head><body>"
        "<header><a href='/'>Harbour Herald</a><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav>"
        f"</header><div id='page'><article>{story}</article>{after}</div>"
        "<footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )


def ferry(html: str) -> str:
    return convert(html, "https://herald.example/2024/03/ferry-timetable").markdown


@pytest.mark.parametrize(
    "card",
    [
        "<div><h3>{title}</h3><p>{summary}</p><a href='{href}'>Read more</a></div>",
        "<div><img src='{href}.jpg' alt=''><h4>{title}</h4><p>{summary}</p><p><a href='{href}?ref=more'>Continue reading"
        " &#8594;</a></p></div>",
        "<div><h3>{title}</h3><p>{summary} <a href='{href}'>Read more</a></p></div>",
        "<div><p><strong>{title}</strong></p><p>{summary}</p><p><a href='{href}'>Read more</a></p></div>",
        # a date line under the link
        "<div><h3>{title}</h3><p>{summary} <a href='{href}'>Read more...</a></p><p>2024-03-0{day}</p></div>",
    ],
    ids=["read-more", "image-and-paragraph-link", "link-closing-the-summary", "bold-title", "dated"],
)
def test_teaser_cards_with_an_unlinked_title_and_a_link_to_the_story_are_left_out(card):
    """A card whose headline links nowhere, closed by its one link to the story: a teaser as much as a card with a
    linked headline, whatever its link says."""
    cards = "".join(
        card.format(title=title, href=href, summary=summary, day=day)
        for day, (title, href, summary) in enumerate(STORIES[:4], 1)
    )
    assert ferry(herald_page(FERRY + f"<section><h2>More from the Herald</h2>{cards}</section>")) == FERRY_MD


@pytest.mark.parametrize("wrapper", ["<div class='headline'>{link}</div>", "<p>{link}</p>"], ids=["div", "p"])
def test_teaser_cards_whose_linked_title_sits_alone_in_a_block_are_left_out(wrapper):
    """A card titled by a link alone in a block of its own (no heading tag), with its summary under it: a teaser."""
    cards = "".join(
        f"<div class='card'>{wrapper.format(link=f'<a href={href!r}>{title}</a>')}<p>{summary} More on this story "
        "as it develops.</p></div>"
        for title, href, summary in STORIES
    )
    assert ferry(herald_page(FERRY, f"<div class='more'>{cards}</div>")) == FERRY_MD


@pytest.mark.parametrize(
    ("link", "titles"),
    [
        ("<a href='/2024/03/pier'>Harbour wall repairs to start</a>", True),
        ("<a href='/upload'>Upload a photo</a>", False),  # a control
        ("<a href='#comment-3'>March 3, 2024 at 8:23 am</a>", False),  # a comment's permalink
    ],
    ids=["headline", "control", "date"],
)
def test_a_link_alone_in_a_block_of_its_own_titles_what_follows_only_as_a_headline(link, titles):
    """`is_title_link` of a link alone in a `<div>` over a paragraph: a headline of four words or more titles the
    paragraph (a teaser card whose title is no heading tag); a short control or a date does not."""
    card = etree.fromstring(
        f"<div><div class='t'>{link}</div><p>Contractors will close the north pier for eight weeks while the wall "
        "is rebuilt, the council said.</p></div>"
    )
    assert is_title_link(card.find(".//a")) is titles


def march_index_markdown(cards: str) -> str:
    """The Markdown of a blog's index for March 2024 holding `cards` under its `<h1>`, at its own address."""
    return convert(
        f"<html><body><header><a href='/'>Harbour Herald</a></header><main><h1>March 2024</h1>{cards}"
        "</main></body></html>",
        "https://herald.example/2024/03/",
    ).markdown


def test_a_blog_index_of_cards_with_a_read_more_link_keeps_them():
    """A page that is a list of such cards: they are its content."""
    cards = "".join(
        f"<div><h2>{title}</h2><p>{summary}</p><a href='{href}'>Read more</a></div>"
        for title, href, summary in STORIES[:4]
    )
    md = march_index_markdown(cards)
    assert md == "# March 2024\n\n" + "\n\n".join(
        f"## {title}\n\n{summary}" for title, href, summary in STORIES[:4]
    )  # "Read more" is a control


def test_contact_cards_after_the_story_are_kept():
    """Offices with a bold name, an address and an e-mail link: the link leads to no page, so no teasers (the
    e-mail line alone is a link-only line, left out as before)."""
    offices = [
        ("Harbour office", "Quay Street 4, open on weekdays from nine in the morning to five", "office"),
        ("Ferry operator", "Ferry Terminal, Pier Road, tickets sold there until the last sailing", "tickets"),
        ("Council transport desk", "Town Hall, second floor, open on Tuesdays and Thursdays only", "transport"),
    ]
    cards = "".join(
        f"<div><p><strong>{name}</strong></p><p>{address}</p><p><a href='mailto:{box}@herald.example'>"
        f"{box}@herald.example</a></p></div>"
        for name, address, box in offices
    )
    assert ferry(herald_page(FERRY + f"<h2>Contacts</h2>{cards}")) == FERRY_MD + "\n\n## Contacts\n\n" + "\n\n".join(
        f"**{name}**\n\n{address}" for name, address, box in offices
    )


def test_questions_whose_answers_end_with_a_link_to_a_page_are_content():
    """A FAQ after the story, each answer closing with a link of its own words (not a short "Read more"): kept."""
    faq = [
        (
            "When does the first boat leave?",
            "From the first Monday of March the first boat leaves at a quarter past "
            "six on weekdays and at seven on Saturdays. Sunday sailings do not change. The full list is in",
            "/ferry/timetable",
            "the timetable for the winter season",
        ),
        (
            "Do fares change?",
            "The operator has promised to keep fares as they are until next spring. Season tickets "
            "bought before March stay valid for the new sailings, as set out in",
            "/ferry/fares",
            "the council's agreement with the ferry operator",
        ),
        (
            "Who reviews the timetable?",
            "The harbour council reviews it after six months and can ask the operator to "
            "move the early sailings if few people use them, on the advice of",
            "/council/transport",
            "the transport committee and the passengers' forum",
        ),
    ]
    items = "".join(
        f"<div><h3>{question}</h3><p>{answer} <a href='{href}'>{link}</a></p></div>"
        for question, answer, href, link in faq
    )
    assert ferry(
        herald_page(FERRY + f"<h2>Questions and answers</h2>{items}")
    ) == FERRY_MD + "\n\n## Questions and answers\n\n" + "\n\n".join(
        f"### {question}\n\n{answer} [{link}](https://herald.example{href})" for question, answer, href, link in faq
    )


def test_a_definition_list_of_linked_headlines_with_summaries_is_left_out():
    """Related stories as a `<dl>`: each term a linked headline, each definition its one-line summary."""
    items = "".join(f"<dt><a href='{href}'>{title}</a></dt><dd>{summary}</dd>" for title, href, summary in STORIES)
    assert ferry(herald_page(FERRY + f"<h2>Also this week</h2><dl>{items}</dl>")) == FERRY_MD


GLOSSARY = [
    (
        "Slack water",
        "/glossary/slack-water",
        "The short period around high or low water when the tidal stream is weak or turns. In narrow channels it may last "
        "only a few minutes, and pilots plan the passage of large ships through a harbour mouth to fall within it, "
        "because a vessel that meets the full stream broadside can be set onto a bank or a pier. Tide tables give its "
        "times for the main ports, but local knowledge still counts for the smaller ones.",
    ),
    (
        "Spring tide",
        "/glossary/spring-tide",
        "A tide with a larger range than usual, which happens shortly after new and full moon, when the pull of the Sun "
        "and the Moon acts along one line. High water is higher and low water lower than on other days, so harbours "
        "that dry out at low water are closed for longer, and the strongest streams of the month run in the channels. "
        "The name has nothing to do with the season of the year.",
    ),
    (
        "Chart datum",
        "/glossary/chart-datum",
        "The level from which the depths on a chart and the heights in a tide table are measured, usually close to the "
        "lowest tide that can be predicted for the place. A depth on the chart is therefore about the least water a "
        "boat will find there, and the height of the tide at any moment is added to it. Older charts used other levels, "
        "so the datum is printed on every sheet and should be checked before the two are compared.",
    ),
]


def test_a_glossary_of_linked_terms_with_long_definitions_after_the_story_is_kept():
    items = "".join(f"<dt><a href='{href}'>{term}</a></dt><dd>{text}</dd>" for term, href, text in GLOSSARY)
    assert ferry(
        herald_page(FERRY + f"<h2>Glossary</h2><dl>{items}</dl>")
    ) == FERRY_MD + "\n\n## Glossary\n\n" + "\n\n".join(
        f"**[{term}](https://herald.example{href})**\n\n{text}" for term, href, text in GLOSSARY
    )


@pytest.mark.parametrize(
    "label",
    ["<span>Local</span> ", "<time datetime='2024-03-11'>11 March</time>", "<a href='/local'>Local</a> "],
    ids=["section", "date", "linked-section"],
)
def test_teasers_with_a_label_before_their_linked_title_are_left_out(label):
    """A section name or a date over each teaser's headline link: the headline still titles its teaser."""
    items = "".join(
        f"<li>{label}<a href='{href}'>{title}</a><p>{summary}</p></li>" for title, href, summary in STORIES[:4]
    )
    assert ferry(herald_page(FERRY, f"<section><h2>Latest news</h2><ul>{items}</ul></section>")) == FERRY_MD


@pytest.mark.parametrize(
    "label", ["<span>Local</span>", "<a href='/local'>Local</a>"], ids=["section", "linked-section"]
)
def test_a_page_listing_labelled_teasers_keeps_them(label):
    """Teasers each under a section's name: a listing's teasers, kept without their labels (a card's few words
    outside its headline and summary)."""
    items = "".join(
        f"<li>{label} <a href='{href}'>{title}</a><p>{summary}</p></li>" for title, href, summary in STORIES
    )
    md = convert(
        f"<html><body><header><a href='/'>Harbour Herald</a></header><main><h1>Latest news</h1><ul>{items}"
        "</ul></main></body></html>",
        "https://herald.example/latest",
    ).markdown
    assert md == "# Latest news\n\n" + "\n".join(
        f"- [{title}](https://herald.example{href})\n\n  {summary}" for title, href, summary in STORIES
    )


def test_teaser_cards_in_the_block_of_a_short_story_after_its_text_are_left_out():
    """Cards with no block around them, right after the story's paragraphs in the same block: teasers, even when
    their summaries hold more text than the short story."""
    cards = "".join(
        f"<div><h3><a href='{href}'>{title}</a></h3><p>{summary} The Herald will report on what "
        f"happens next.</p><span>11 March 2024</span></div>"
        for title, href, summary in STORIES
    )
    html = (
        "<html><body><header><a href='/'>Harbour Herald</a></header>"
        f"<div id='content'>{FERRY}{cards}</div><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )
    assert ferry(html) == FERRY_MD


def test_teaser_cards_in_the_body_block_of_an_article_with_its_title_in_a_header_leave_the_body():
    """The article's title in its `<header>`, its paragraphs and then cards in one body block: the cards go, the
    body stays (the block holding the cards used to be skipped whole as a teaser list, the story with it)."""
    cards = "".join(
        f"<div><h3><a href='{href}'>{title}</a></h3><p>{summary} The Herald will report on what happens "
        f"next.</p><span>11 March 2024</span></div>"
        for title, href, summary in STORIES
    )
    title, body = FERRY.split("</h1>", 1)
    html = (
        "<html><body><header><a href='/'>Harbour Herald</a></header>"
        f"<article><header>{title}</h1></header><div class='body'>{body}{cards}</div></article></body></html>"
    )
    assert ferry(html) == FERRY_MD


def test_a_section_front_of_cards_under_a_line_of_introduction_keeps_them():
    """A page that is a list of such cards, after a line introducing the section: the cards are its content."""
    more = "Our reporter was there and talked to the people involved."
    cards = "".join(
        f"<div><h3><a href='{href}'>{title}</a></h3><p>{summary} {more}</p><span>11 March 2024</span></div>"
        for title, href, summary in STORIES
    )
    md = convert(
        "<html><body><header><a href='/'>Harbour Herald</a></header><div id='content'><h1>Local news</h1>"
        "<p>News from the harbour, the seafront and the estates, updated every morning by our reporters.</p>"
        f"{cards}</div></body></html>",
        "https://herald.example/local",
    ).markdown
    assert (
        md == "# Local news\n\nNews from the harbour, the seafront and the estates, updated every morning by our "
        "reporters.\n\n"
        + "\n\n".join(
            f"### [{title}](https://herald.example{href})\n\n{summary} {more}" for title, href, summary in STORIES
        )
    )


SECTIONS = {
    "business": ["Port authority posts record cargo year", "Boatyard hires forty apprentices", "Ferry fares frozen"],
    "sport": ["Rowing club wins the coastal regatta", "Harbour swim moved to June", "New coach for the town's side"],
}
SUMMARIES = [
    "Shares in the yard rose after it won the contract to build two new ferries for the island route.",
    "The agency expects the first forty jobs to go to school leavers from the estates around the harbour.",
]
SECTION_LEADS = {
    "business": "Figures published on Monday show the busiest year since the port was widened, with grain leading.",
    "sport": "The club's eight beat crews from four towns in the final race, rowed in a rising wind off the pier.",
}


def front_page_card(section: str, n: int, headline: str, summary: str = "") -> str:
    href = f"/{section}/{n}"
    return (
        f"<article><a href='{href}'><img src='{href}.jpg' alt=''></a><h3><a href='{href}'>{headline}</a></h3>"
        + (f"<p>{summary}</p>" if summary else "")
        + "<span>2 hours ago</span></article>"
    )


def front_page(lead_summaries: bool) -> str:
    """A portal's front page: top stories with summaries, then a section of cards per desk under its linked name,
    the desk's lead with a summary (or none), a "Most read" list beside them, a footer."""
    top = "".join(front_page_card("news", n, title, summary) for n, (title, href, summary) in enumerate(STORIES))
    sections = "".join(
        f"<section><h2><a href='/{section}'>{section.title()}</a></h2>"
        + "".join(
            front_page_card(section, n, headline, SECTION_LEADS[section] if n == 0 and lead_summaries else "")
            for n, headline in enumerate(headlines)
        )
        + "</section>"
        for section, headlines in SECTIONS.items()
    )
    most_read = "".join(f"<li><a href='/news/{n}'>{title}</a></li>" for n, (title, href, summary) in enumerate(STORIES))
    return (
        "<html><head><title>Harbour Herald - News from the harbour</title></head><body>"
        "<header><a href='/'>Harbour Herald</a><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header>"
        f"<main><section><h2>Top stories</h2>{top}</section>{sections}</main>"
        f"<aside><h2>Most read</h2><ol>{most_read}</ol></aside>"
        "<footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )


def front_page_markdown(lead_summaries: bool) -> str:
    base = "https://herald.example"
    top = "\n\n".join(
        f"### [{title}]({base}/news/{n})\n\n{summary}" for n, (title, href, summary) in enumerate(STORIES)
    )
    sections = "\n\n".join(
        f"## [{section.title()}]({base}/{section})\n\n"
        + "\n\n".join(
            f"### [{headline}]({base}/{section}/{n})"
            + (f"\n\n{SECTION_LEADS[section]}" if n == 0 and lead_summaries else "")
            for n, headline in enumerate(headlines)
        )
        for section, headlines in SECTIONS.items()
    )
    return f"## Top stories\n\n{top}\n\n{sections}"


@pytest.mark.parametrize("lead_summaries", [True, False], ids=["desk-leads-with-summaries", "headlines-only"])
def test_a_front_page_keeps_every_desk_of_cards(lead_summaries):
    """A listing's cards are its content however link-dense: the desks after the top stories, whose cards are mostly
    or only headlines, are kept with them; the "Most read" list beside them and the masthead are not."""
    assert convert(front_page(lead_summaries), "https://herald.example/").markdown == front_page_markdown(
        lead_summaries
    )


def test_a_front_page_keeps_headlines_whose_cards_close_with_a_label():
    """Cards of a headline and a time label its class names as furniture: the label goes, and on a listing the
    linked headline is its card's content, not a heading of nothing but furniture."""
    html = front_page(lead_summaries=False).replace("<span>2 hours ago</span>", "<span class='time'>2 hours ago</span>")
    assert convert(html, "https://herald.example/").markdown == front_page_markdown(False).replace(
        "\n\n2 hours ago", ""
    )


def test_a_front_page_keeps_desks_whose_headlines_are_no_heading_tags():
    """Cards whose linked headline sits alone in a block of its own instead of a heading tag: still cards, so the
    front page is a listing and keeps them, their headlines as plain links after their pictures (no captions). A
    link of fewer than four words alone in a block reads as a control, not a headline: that card is a picture and a
    time label, and its desk, of two cards, no list of cards, so its cards keep their time labels."""
    html = front_page(lead_summaries=True).replace("<h3>", "<div class='headline'>").replace("</h3>", "</div>")
    expected = front_page_markdown(True).replace("### ", "")
    business = "https://herald.example/business"
    expected = expected.replace(SECTION_LEADS["business"], f"{SECTION_LEADS['business']}\n\n2 hours ago")
    expected = expected.replace(f"apprentices]({business}/1)", f"apprentices]({business}/1)\n\n2 hours ago")
    expected = expected.replace(f"[Ferry fares frozen]({business}/2)", "2 hours ago")
    assert convert(html, "https://herald.example/").markdown == expected


def test_a_front_page_whose_h1_is_its_logo_keeps_every_desk():
    """The site's name as the `<h1>`, one link to the home page, with a tagline beside it and a company line after
    the desks outside `<footer>`: the logo heads no story, so that text does not make the desks a story's extras."""
    html = (
        front_page(lead_summaries=False)
        .replace(
            "<header><a href='/'>Harbour Herald</a>",
            "<header><h1><a href='/'>Harbour Herald</a></h1><p>News from the harbour towns since 1901, owned by its "
            "readers</p>",
        )
        .replace(
            "<footer>",
            "<div class='bottom'><p>Harbour Herald Ltd, 4 Quay Street, Harbour Town, registered in England.</p></div>"
            "<footer>",
        )
    )
    assert convert(html, "https://herald.example/").markdown == front_page_markdown(False)


def test_a_post_under_a_logo_h1_leaves_the_cards_of_other_posts_out():
    """A blog's name as its `<h1>` (a link home) over a short post titled by an `<h2>` the `<title>` holds, then
    cards of other posts holding many times its text: the post's title heads a story beside them, so the page is
    no listing and the cards are furniture."""
    cards = "".join(
        f"<div class='card'><h3><a href='/p/{n}'>Another post number {n} about the harbour</a></h3><p>A summary of "
        f"post {n}: the pilots, the tugs and the crews who bring the big ships in at night, told in a few lines.</p>"
        "</div>"
        for n in range(1, 8)
    )
    html = (
        "<html><head><title>Notes on the spring tide - Quay Notes</title></head><body><header><h1><a href='/'>Quay "
        "Notes</a></h1></header><div class='post'><h2>Notes on the spring tide</h2><p>The spring tide came in higher "
        "than the tables said, over the lower steps of the quay.</p></div>"
        f"<div class='more'>{cards}</div><footer><p>Quay Notes</p></footer></body></html>"
    )
    assert convert(html, "https://notes.example/spring").markdown == (
        "## Notes on the spring tide\n\nThe spring tide came in higher than the tables said, over the lower steps of "
        "the quay."
    )


EDITORS_NOTE = [
    "The Harbour Herald has served the harbour towns since 1901.",
    "It is owned by its readers and edited in the old customs house on the quay.",
    "Our reporters cover the council, the port, the courts and the schools of every town along the coast.",
    "Letters to the editor are welcome and printed every Saturday, with the replies they draw in the week after.",
    "Corrections are printed on page two of the next edition, and here, as soon as an error is found.",
]


@pytest.mark.parametrize("sentences", [2, 5], ids=["two-lines", "five-sentences"])
def test_a_front_page_with_an_editors_note_keeps_its_desks(sentences):
    """A note above the desks of headlines, of a few lines or a paragraph: the cards, headlines included, hold
    more than its text, and no heading heads a story of its own, so the page is a listing; on a page naming no
    story, the note, prose beside the lists holding less text than they do, is the front page's furniture."""
    note = " ".join(EDITORS_NOTE[:sentences])
    html = front_page(lead_summaries=False).replace("<main>", f"<main><div><p>{note}</p></div>")
    assert convert(html, "https://herald.example/").markdown == front_page_markdown(False)


def test_a_front_page_naming_no_story_keeps_its_desks_under_a_note_longer_than_they_are():
    """A note of two paragraphs over the desks of headlines outweighs the cards, but nothing on the page is a story's
    title (no `<h1>`, no heading or line of text the `<title>` names): a page naming no story is no article, so
    the cards holding half the note's text make it a listing."""
    note = f"<p>{' '.join(EDITORS_NOTE)}</p><p>{' '.join(reversed(EDITORS_NOTE))}</p>"
    html = front_page(lead_summaries=False).replace("<main>", f"<main><div>{note}</div>")
    md = convert(html, "https://herald.example/").markdown
    assert md.endswith(front_page_markdown(False))


def test_an_article_titled_by_a_line_of_text_leaves_the_cards_after_it_out():
    """An article whose headline is a `<div>` the `<title>` names, not a heading, then cards of other stories
    holding more than half its text: the page names its story, so the cards stay teasers beside it."""
    cards = "".join(
        f"<div class='card'><h3><a href='{href}'>{title}</a></h3><p>{summary}</p></div>"
        for title, href, summary in STORIES
    )
    story = FERRY.replace("<h1>Council approves new ferry timetable</h1>", "")
    html = (
        "<html><head><title>Council approves new ferry timetable - Harbour Herald</title></head><body><header><a "
        "href='/' class='logo'>Harbour Herald</a></header><div id='page'><div class='headline'>Council approves new "
        f"ferry timetable</div>{story}<div class='more'>{cards}</div></div></body></html>"
    )
    md = ferry(html)
    assert "Harbour wall repairs" not in md
    assert md.endswith(FERRY_MD.split("\n\n")[-1])


def test_a_front_page_keeps_a_desk_of_headlines_beside_a_desk_of_long_cards():
    """A desk of headlines, one of them with a summary, beside a desk of whole-card links with long summaries: on a
    listing every card weighs its whole text, headline included, so the desk of headlines is not left out of the
    region as a sliver beside the heavier desk."""
    latest = [
        "Ferry timetable changes from Monday",
        "Harbour swim moved to June this year",
        "New coach named for the town",
    ]
    quick = "".join(
        f"<div class='card'><a href='/news/{n}'>{title}</a>"
        + ("<p>The first sailing leaves at six, an hour earlier than now, the council said.</p>" if n == 0 else "")
        + " <span>1 hour ago</span></div>"
        for n, title in enumerate(latest)
    )
    features = [(title, href, f"{summary} {summary}") for title, href, summary in STORIES]
    whole = "".join(
        f"<div class='card'><a href='{href}'><h3>{title}</h3><p>{summary}</p></a></div>"
        for title, href, summary in features
    )
    html = (
        "<html><head><title>Harbour Herald - News from the harbour</title></head><body><header><a href='/'>Harbour "
        f"Herald</a></header><main><section><h2>Latest</h2><div>{quick}</div></section><section><h2>Features</h2>"
        f"<div>{whole}</div></section></main><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )
    base = "https://herald.example"
    assert convert(html, f"{base}/").markdown == (
        "## Latest\n\n"
        f"[{latest[0]}]({base}/news/0)\n\nThe first sailing leaves at six, an hour earlier than now, the council said."
        "\n\n"
        + "\n\n".join(f"[{title}]({base}/news/{n})" for n, title in enumerate(latest) if n)
        + "\n\n## Features\n\n"
        + "\n\n".join(f"### [{title}]({base}{href})\n\n{summary}" for title, href, summary in features)
    )


def test_a_front_page_with_a_headed_note_at_its_foot_keeps_its_desks():
    """A heading over a paragraph about the paper after every desk (what portals write at their foot for search
    engines): no list of cards follows it, so it heads no story and the page is a listing; the note, the
    publisher's text closing the region, goes as closing furniture."""
    note = " ".join(EDITORS_NOTE[:3])
    html = front_page(lead_summaries=False).replace(
        "</main>", f"<div><h2>About the Harbour Herald</h2><p>{note}</p></div></main>"
    )
    assert convert(html, "https://herald.example/").markdown == front_page_markdown(False)


def small_front_page(note: str = "", foot: str = "") -> str:
    """A front page of two desks of headlines, each followed by its date, with a `note` over them and a `foot`
    after them."""
    desks = "".join(
        FRONT_DESK.format(
            section=section,
            name=section.title(),
            cards="".join(
                f"<li><a href='/{section}/{n}'>{title}</a> <time datetime='2024-06-04'>June 4</time></li>"
                for n, title in enumerate(titles)
            ),
        )
        for section, titles in OLDER_DESKS.items()
    )
    return (
        "<html><head><title>Harbour Herald - News from the harbour</title></head><body><header><h1><a href='/'>Harbour "
        f"Herald</a></h1></header><main>{note}{desks}{foot}</main><footer><p>© 2024 Harbour Herald Ltd</p></footer>"
        "</body></html>"
    )


def small_front_page_markdown(dates: bool = False) -> str:
    base = "https://herald.example"
    return "\n\n".join(
        f"## [{section.title()}]({base}/{section})\n\n"
        + "\n".join(
            f"- [{title}]({base}/{section}/{n})" + (" June 4" if dates else "") for n, title in enumerate(titles)
        )
        for section, titles in OLDER_DESKS.items()
    )


FRONT_DESK = "<section><h2><a href='/{section}'>{name}</a></h2><ul>{cards}</ul></section>"


def test_a_front_page_leaves_out_the_time_labels_of_its_cards():
    """Desks of headlines each followed by a `<time>` on its line: on a listing a card's date is a label of it,
    not its headline or summary, and goes as an article's date line does."""
    assert convert(small_front_page(), "https://herald.example/").markdown == small_front_page_markdown()


def test_a_front_page_in_recall_mode_keeps_the_labels_of_its_cards():
    """--recall keeps what may be content: a listing's card dates (and its notes) stay."""
    markdown = convert(small_front_page(), "https://herald.example/", recall=True).markdown
    assert markdown == small_front_page_markdown(dates=True)


def test_a_front_page_leaves_out_the_labels_of_its_cards():
    """Cards under a kicker naming their desk, with a time and a byline after the summary, and a desk of `<dt>`
    headlines whose descriptions are time lines: on a listing, a card's parts of a few words outside its headline and
    summary are its labels, not its content."""
    card = (
        "<div class='card'><span>{desk}</span><h3><a href='{href}'>{title}</a></h3>{summary}<span>2 hours ago</span>"
        "<small>By Ann Keel</small></div>"
    )
    html = older_desks_page(card.replace("{summary}", "<p>{summary}</p>").replace("{desk}", "Desk"))
    html = html.replace("<p></p>", "")
    assert convert(html, "https://herald.example/").markdown == older_desks_markdown("### {link}", "\n\n{lead}")


def test_a_listing_of_cards_titled_in_a_few_bold_words_keeps_their_titles():
    """A blog index of cards whose short bold title links nowhere, closed by a "Read more" link: the title is the
    card's headline, not a label of it, though it holds as few words as one."""
    titles = ["Pier reopens", "Ferry fares frozen", "Regatta moved", "New harbour master"]
    cards = "".join(
        f"<div><p><strong>{title}</strong></p><p>{summary}</p><p><a href='{href}'>Read more</a></p></div>"
        for title, (_, href, summary) in zip(titles, STORIES)
    )
    md = march_index_markdown(cards)
    assert md == "# March 2024\n\n" + "\n\n".join(
        f"**{title}**\n\n{summary}" for title, (_, href, summary) in zip(titles, STORIES)
    )


def test_a_front_page_leaves_out_its_notes_over_and_after_the_desks():
    """A front page of two small desks under a note of a sentence and over a headed text about the paper: on a page
    that names no story, blocks of prose beside the lists of cards (no linked headline in them, no heading with a
    list after it), holding less text than the lists, are the page's furniture, not its content."""
    note = f"<div><p>{EDITORS_NOTE[0]}</p></div>"
    foot = f"<div><h2>About the Harbour Herald</h2><p>{EDITORS_NOTE[2]}</p></div>"
    md = convert(small_front_page(note, foot), "https://herald.example/").markdown
    assert md == small_front_page_markdown()


def test_a_story_under_its_own_h1_after_desks_of_many_times_its_text_keeps_its_text():
    """A short story under an `<h1>` the `<title>` words otherwise, beside the site's logo `<h1>`, after a column of
    desks of many times its text: the page reads as a listing naming no story, and the story closes the region
    after every list as a text about the site would, but a block holding an `<h1>` may be the story, so it is no
    note and stays with the desks."""
    story = "The new tug brought in three grain ships on its first night, a job that needed two boats before."
    desks = summarised_desks()
    html = (
        "<html><head><title>Harbour Herald: tug enters service</title></head><body><header><h1><a href='/'>Harbour "
        f"Herald</a></h1></header><main><div class='column'>{desks}</div><div class='story'><h1>New tug earns its keep "
        f"in its first week</h1><p>{story}</p></div></main></body></html>"
    )
    md = convert(html, "https://herald.example/tug").markdown
    assert f"# New tug earns its keep in its first week\n\n{story}" in md
    assert "Rowing club wins the coastal regatta" in md


OLDER_DESKS = {
    "business": [
        "Port authority posts record cargo year",
        "Boatyard hires forty apprentices this spring",
        "Ferry fares frozen until next summer",
    ],
    "sport": [
        "Rowing club wins the coastal regatta",
        "Harbour swim moved to June this year",
        "New coach for the town's side",
    ],
}


def summarised_desks() -> str:
    """The two desks of OLDER_DESKS, each headline an `<h3>` link over a summary, in a list."""
    return "".join(
        f"<section><h2><a href='/{section}'>{section.title()}</a></h2><ul>"
        + "".join(
            f"<li><h3><a href='/{section}/{n}'>{title}</a></h3><p>{SUMMARIES[n % 2]}</p></li>"
            for n, title in enumerate(titles)
        )
        + "</ul></section>"
        for section, titles in OLDER_DESKS.items()
    )


def older_desks_page(card: str, around: str = "{}", summaries: tuple[str, ...] = ("business", "sport")) -> str:
    """A front page of two desks written in an older markup: `card` (with `{href}`, `{title}` and `{summary}`) for
    each headline, `around` (with `{}`) around a desk's cards; the first card of the desks named in `summaries` has
    the desk's lead as its summary, the others none."""
    desks = "".join(
        f"<section><h2><a href='/{desk}'>{desk.title()}</a></h2><div class='grid'>"
        + around.format(
            "".join(
                card.format(
                    href=f"/{desk}/{n}",
                    title=title,
                    summary=SECTION_LEADS[desk] if n == 0 and desk in summaries else "",
                )
                for n, title in enumerate(titles)
            )
        )
        + "</div></section>"
        for desk, titles in OLDER_DESKS.items()
    )
    return (
        "<html><head><title>Harbour Herald - News from the harbour</title></head><body>"
        "<header><a href='/'>Harbour Herald</a><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header>"
        f"<main>{desks}</main><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )


def older_desks_markdown(headline: str, lead: str) -> str:
    """The Markdown of an `older_desks_page` kept whole, at https://herald.example/: each desk's linked name, then
    its headlines written as `headline` (the link as `{link}`), the first followed by the desk's lead as `lead`
    (with `{lead}`)."""
    base = "https://herald.example"
    return "\n\n".join(
        f"## [{desk.title()}]({base}/{desk})\n\n"
        + "\n\n".join(
            headline.format(link=f"[{title}]({base}/{desk}/{n})")
            + (lead.format(lead=SECTION_LEADS[desk]) if n == 0 else "")
            for n, title in enumerate(titles)
        )
        for desk, titles in OLDER_DESKS.items()
    )


def test_a_front_page_keeps_desks_of_bold_headlines_over_a_line_break():
    """Cards written as a bold linked headline closing its line (`<strong><a>…</a></strong><br>`), a summary after
    it or nothing: a headline in bold broken off and closing its block is a title (a menu's entries are neither),
    so the headlines without summary are cards as well, and the page a listing that keeps both desks."""
    html = older_desks_page("<div class='item'><strong><a href='{href}'>{title}</a></strong><br>{summary}</div>")
    assert convert(html, "https://herald.example/").markdown == older_desks_markdown("**{link}**", "\\\n{lead}")


def test_a_front_page_keeps_a_table_desk_of_bold_headlines_alone():
    """Desks as table rows of a picture cell and a title cell (`<b><a>` over a `<br>`), one desk's rows headlines
    alone: each row is a card, so that desk is a list of headlines and kept beside the desk with a summary."""
    html = older_desks_page(
        "<tr><td><a href='{href}'><img src='{href}.jpg'></a></td><td><b><a href='{href}'>{title}</a></b><br>{summary}"
        "</td></tr>",
        "<table>{}</table>",
        summaries=("business",),
    )
    base = "https://herald.example"
    rows = {
        desk: [
            f"| | **[{title}]({base}/{desk}/{n})**"
            + (f" {SECTION_LEADS[desk]}" if n == 0 and desk == "business" else "")
            + " |"
            for n, title in enumerate(titles)
        ]
        for desk, titles in OLDER_DESKS.items()
    }
    assert convert(html, f"{base}/").markdown == "\n\n".join(
        f"## [{desk.title()}]({base}/{desk})\n\n{first}\n|---|---|\n" + "\n".join(others)
        for desk, (first, *others) in rows.items()
    )


def test_a_front_page_keeps_desks_written_as_definition_lists():
    """Desks as `<dl>`s: a linked headline as the term, its summary or a time line as the description. The term and
    its description are one card (no element of their own holds them), so the desks are lists of cards."""
    html = older_desks_page("<dt><a href='{href}'>{title}</a></dt><dd>{summary}</dd>", "<dl>{}</dl>").replace(
        "<dd></dd>", "<dd>Updated 1 hour ago</dd>"
    )
    assert convert(html, "https://herald.example/").markdown == older_desks_markdown("**{link}**", "\n\n{lead}")


PIER_STORY = [
    "The harbour board voted on Tuesday night to rebuild the north pier, closed since the winter storms broke its "
    "outer wall and flooded the fish market behind it.",
    "Work starts in April and should take two years. Boats that land at the pier will use the old ferry berth "
    "meanwhile, which the board says can take up to twelve trawlers at a time.",
    "Fishermen at the meeting asked for the berth to be dredged first. The chair said a survey would be done this "
    "month.",
]
RELATED = [
    ("/news/1", "Fish market to reopen in a marquee on the quay"),
    ("/news/2", "Storm damage bill passes two million pounds"),
    ("/news/3", "Ferry berth survey finds silt at the outer wall"),
]


@pytest.mark.parametrize(
    "card, around",
    [
        ("<div class='item'><strong><a href='{href}'>{title}</a></strong><br></div>", "{}"),
        (
            "<tr><td><a href='{href}'><img src='{href}.jpg'></a></td><td><b><a href='{href}'>{title}</a></b><br></td>"
            "</tr>",
            "<table>{}</table>",
        ),
        ("<dt><a href='{href}'>{title}</a></dt><dd>Updated 1 hour ago</dd>", "<dl>{}</dl>"),
    ],
    ids=["bold-over-a-break", "table-rows", "definition-list"],
)
def test_related_stories_in_older_markups_after_an_article_are_left_out(card, around):
    """The older desk markups as related stories after an article, and a menu of bold links each over a line
    break: the cards follow a story its title heads, so the page is no listing; the menu's short links are no
    titles. Only the story is kept."""
    more = around.format("".join(card.format(href=href, title=title) for href, title in RELATED))
    menu = "".join(
        f"<div><b><a href='/{name}'>{name.title()}</a></b><br></div>" for name in ("news", "sport", "weather")
    )
    body = "".join(f"<p>{paragraph}</p>" for paragraph in PIER_STORY)
    html = (
        "<html><head><title>Board votes to rebuild the north pier - Harbour Herald</title></head><body><header><a "
        f"href='/'>Harbour Herald</a></header><div class='menu'>{menu}</div><main><article><h1>Board votes to rebuild "
        f"the north pier</h1>{body}</article><section><h2>More from the harbour</h2>{more}</section></main><footer>"
        "<p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )
    assert convert(html, "https://herald.example/news/0").markdown == (
        "# Board votes to rebuild the north pier\n\n" + "\n\n".join(PIER_STORY)
    )


@pytest.mark.parametrize("lead_summaries", [True, False], ids=["desk-leads-with-summaries", "headlines-only"])
def test_a_front_page_with_a_long_headed_note_at_its_foot_keeps_its_desks(lead_summaries):
    """The same with a note of five sentences, heavier than the desks' summaries: where no story stands beside them,
    a desk's cards without summary weigh their headlines whether or not another card of the desk has one, so desks
    whose lead has a summary weigh no less than desks of headlines alone, and the page stays a listing."""
    note = " ".join(EDITORS_NOTE)
    html = front_page(lead_summaries).replace(
        "</main>", f"<div><h2>About the Harbour Herald</h2><p>{note}</p></div></main>"
    )
    assert convert(html, "https://herald.example/").markdown == front_page_markdown(lead_summaries)


def test_a_post_titled_otherwise_than_its_page_beside_desks_of_more_text_stays_a_post():
    """A post under a logo `<h1>`, titled by an `<h2>` that the `<title>` words otherwise, beside desks of headlines
    holding twice its text: its heading heads a story of its own, so the page is no listing and the desks go."""
    desks = "".join(
        f"<section><h2><a href='/{section}'>{section.title()}</a></h2>"
        + "".join(front_page_card(section, n, headline) for n, headline in enumerate(headlines))
        + "</section>"
        for section, headlines in SECTIONS.items()
    )
    post = (
        "Pilots said the new tug had already brought in three grain ships at night, a job that needed two boats "
        "before. The harbour master thanked the crews."
    )
    html = (
        "<html><head><title>Harbour Herald: tug enters service</title></head><body><header><h1><a href='/'>Harbour "
        f"Herald</a></h1></header><div class='post'><h2>New tug earns its keep in its first week</h2><p>{post}</p>"
        f"</div><div class='more'>{desks}</div><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )
    assert convert(html, "https://herald.example/tug").markdown == (
        f"## New tug earns its keep in its first week\n\n{post}"
    )


@pytest.mark.parametrize(
    "card, expected",
    [
        (
            "<div class='card'><a href='{href}'><img src='{href}.jpg' alt=''></a><h3><a href='{href}'>{title}</a></h3>"
            "<p>{summary}</p></div>",
            "### [{title}]({url})\n\n{summary}",
        ),
        (
            "<div class='card'><a href='{href}'><img src='{href}.jpg' alt=''><h3>{title}</h3><p>{summary}</p></a></div>",
            "### [{title}]({url})\n\n{summary}",  # the card's link not written again after its headline
        ),
        (
            "<div><span><a href='/local'>Local</a></span><h2><a href='{href}'>{title}</a></h2><p>{summary}</p>"
            "<p>By Ann Keel</p></div>",
            "## [{title}]({url})\n\n{summary}",
        ),
    ],
    ids=["headline-and-summary", "the-whole-card-a-link", "kicker-and-byline"],
)
def test_a_section_page_keeps_cards_whose_headline_is_a_third_of_their_text(card, expected):
    """Cards under the section's title whose summary is one short sentence (link-dense by the measure of a block
    inside an article) are the page's content; the column of "Most read" headlines beside them is not."""
    cards = "".join(card.format(title=title, href=href, summary=summary) for title, href, summary in STORIES)
    most_read = "".join(f"<li><a href='{href}?ref=most-read'>{title}</a></li>" for title, href, summary in STORIES)
    md = convert(
        "<html><body><div class='top'><a href='/'>Harbour Herald</a><ul><li><a href='/news'>News</a></li>"
        f"<li><a href='/sport'>Sport</a></li></ul></div><div id='content'><div class='col-main'><h1>Local news</h1>"
        f"{cards}</div><div class='col-side'><h2>Most read</h2><ol>{most_read}</ol></div></div></body></html>",
        "https://herald.example/local/",
    ).markdown
    assert md == "# Local news\n\n" + "\n\n".join(
        expected.format(title=title, url=f"https://herald.example{href}", summary=summary)
        for title, href, summary in STORIES
    )


def test_a_front_page_of_tiles_keeps_every_desk():
    """Tiles of a picture linked to the story, then its headline linked to it with nothing after: a card (the
    headline titles the picture), so a desk of them, its lead with a summary, is a list of cards on a listing page."""

    def tile(section: str, n: int, headline: str, summary: str = "") -> str:
        href = f"/{section}/{n}"
        return (
            f"<div><a href='{href}'><img src='{href}.jpg' alt=''></a><a href='{href}'>{headline}</a>"
            + (f"<p>{summary}</p>" if summary else "")
            + "</div>"
        )

    top = "".join(tile("news", n, title, summary) for n, (title, href, summary) in enumerate(STORIES))
    desks = "".join(
        f"<div><h2>{section.title()}</h2>"
        + "".join(
            tile(section, n, headline, SECTION_LEADS[section] if n == 0 else "") for n, headline in enumerate(headlines)
        )
        + "</div>"
        for section, headlines in SECTIONS.items()
    )
    md = convert(
        "<html><body><div><a href='/'>Harbour Herald</a><ul><li><a href='/news'>News</a></li>"
        f"<li><a href='/sport'>Sport</a></li></ul></div><div id='main'><div>{top}</div>{desks}</div></body></html>",
        "https://herald.example/",
    ).markdown
    base = "https://herald.example"
    assert md == "\n\n".join(
        [f"[{title}]({base}/news/{n})\n\n{summary}" for n, (title, href, summary) in enumerate(STORIES)]
        + [
            f"## {section.title()}\n\n"
            + "\n\n".join(
                f"[{headline}]({base}/{section}/{n})" + (f"\n\n{SECTION_LEADS[section]}" if n == 0 else "")
                for n, headline in enumerate(headlines)
            )
            for section, headlines in SECTIONS.items()
        ]
    )


def test_a_front_page_keeps_tiles_whose_headline_closes_them_in_a_block_of_its_own():
    """Tiles of a picture and a headline linked alone in a block of its own (`<div class="title"><a>`) with nothing
    after it, and one card whose title block, written the same, has its time after it: a link alone in a block
    closing its tile titles nothing on its own (menus are written so), but one in a block written as the blocks
    of the page's other titles is a title, before that other title as well as after it."""
    desks = {"business": OLDER_DESKS["business"], "sport": OLDER_DESKS["sport"] + ["Sailing school opens its doors"]}

    def tile(desk: str, n: int, title: str) -> str:
        href = f"/{desk}/{n}"
        timed = desk == "sport" and n == len(desks["sport"]) - 1  # the page's last tile
        return (
            f"<div class='tile'><a href='{href}'><img src='{href}.jpg' alt=''></a><div class='title'><a href='{href}'>"
            f"{title}</a></div>" + ("<time datetime='2024-06-04'>June 4</time>" if timed else "") + "</div>"
        )

    html = (
        "<html><head><title>Harbour Herald - News from the harbour</title></head><body><header><a href='/'>Harbour "
        "Herald</a><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><main>"
        + "".join(
            f"<section><h2><a href='/{desk}'>{desk.title()}</a></h2><div class='grid'>"
            + "".join(tile(desk, n, title) for n, title in enumerate(titles))
            + "</div></section>"
            for desk, titles in desks.items()
        )
        + "</main><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )
    base = "https://herald.example"
    assert convert(html, f"{base}/").markdown == "\n\n".join(
        f"## [{desk.title()}]({base}/{desk})\n\n"
        + "\n\n".join(f"[{title}]({base}/{desk}/{n})" for n, title in enumerate(titles))
        for desk, titles in desks.items()
    )


def test_a_front_page_keeps_desks_whose_cards_sit_in_lists_of_one_or_two():
    """A desk laid out in rows, a list of one or two whole-card links each (no list holds three cards): on a listing
    page its cards are content, though every block of it is one link."""

    def card(section: str, n: int, headline: str, summary: str) -> str:
        href = f"/{section}/{n}"
        return f"<li><article><a href='{href}'><h3>{headline}</h3><p>{summary}</p></a></article></li>"

    top = "".join(card("news", n, title, summary) for n, (title, href, summary) in enumerate(STORIES))
    headlines = SECTIONS["business"]
    rows = (
        f"<ol>{card('business', 0, headlines[0], SECTION_LEADS['business'])}</ol>"
        f"<ol>{card('business', 1, headlines[1], SUMMARIES[0])}{card('business', 2, headlines[2], SUMMARIES[1])}</ol>"
    )
    md = convert(
        "<html><body><div><a href='/'>Harbour Herald</a></div><main><h2>Highlights</h2>"
        f"<ol>{top}</ol><section><h2>Business</h2><a href='/business'>More in Business</a>{rows}</section></main>"
        "</body></html>",
        "https://herald.example/",
    ).markdown
    base = "https://herald.example"
    items = [(f"{base}/news/{n}", title, summary) for n, (title, href, summary) in enumerate(STORIES)]
    desk = [
        (f"{base}/business/0", headlines[0], SECTION_LEADS["business"]),
        (f"{base}/business/1", headlines[1], SUMMARIES[0]),
        (f"{base}/business/2", headlines[2], SUMMARIES[1]),
    ]
    assert md == "## Highlights\n\n" + "\n".join(
        f"{n}. ### [{title}]({url})\n\n   {summary}" for n, (url, title, summary) in enumerate(items, 1)
    ) + "\n\n## Business\n\n[More in Business](https://herald.example/business)\n\n" + "\n".join(
        f"{n}. ### [{title}]({url})\n\n   {summary}" for n, (url, title, summary) in enumerate(desk[:1], 1)
    ) + "\n\n" + "\n".join(
        f"{n}) ### [{title}]({url})\n\n   {summary}" for n, (url, title, summary) in enumerate(desk[1:], 1)
    )


def test_a_brief_followed_by_more_cards_than_its_text_keeps_only_the_brief():
    """A story of two paragraphs, then a grid of cards with summaries holding many times its text: the page measures
    as a listing, but the title heads a story of its own apart from the cards, so they are other stories."""
    paragraphs = 2
    cards = "".join(
        f"<div class='card'><h3><a href='{href}'>{title}</a></h3><p>{summary} {summary}</p></div>"
        for title, href, summary in STORIES
    )
    story = FERRY.split("</p>")[: paragraphs + 1]
    html = herald_page("</p>".join(story) + "</p>", f"<div><h2>More news</h2>{cards}</div>")
    assert ferry(html) == "\n\n".join(FERRY_MD.split("\n\n")[: paragraphs + 1])


def test_a_one_paragraph_story_in_a_block_of_its_own_leaves_out_desks_of_many_times_its_text():
    """A story of one paragraph under its headline, in a block of its own, then desks of other stories (cards as
    <article>s, then as list items) holding many times its text: the page measures as a listing whose desks all
    stand beside the story, and the desks stay the teasers of other stories, left out, rather than coming along as
    its content."""
    cards = "".join(
        f"<article><h3><a href='{href}'>{title}</a></h3><p>{summary} {summary}</p></article>"
        for title, href, summary in STORIES
    )
    items = "".join(
        f"<li><h3><a href='{href}?more'>{title}</a></h3><p>{summary}</p><span>2 hours ago</span></li>"
        for title, href, summary in STORIES
    )
    story = FERRY.split("</p>")[:2]
    html = (
        "<html><head><title>Council approves new ferry timetable | Harbour Herald</title></head><body>"
        "<header><a href='/'>Harbour Herald</a></header><main><div class='story'><div class='head'>"
        f"{story[0]}</p></div><div class='text'>{story[1]}</p></div></div>"
        f"<section><h2><a href='/news'>News</a></h2><div class='grid'>{cards}</div></section>"
        f"<section><h2><a href='/more'>More</a></h2><ul>{items}</ul></section></main></body></html>"
    )
    assert ferry(html) == "\n\n".join(FERRY_MD.split("\n\n")[:2])


@pytest.mark.parametrize(
    "permalink",
    ["?post={n}", "/live/ferry-vote?post={n}#post", "https://herald.example/live/ferry-vote/", "/live/ferry-vote/{n}"],
)
def test_a_live_blogs_posts_linking_into_the_page_itself_stay_its_content(permalink):
    """A live blog: its headline and standfirst in a block of their own, then its posts, each titled by a link into
    the page itself (a query or fragment picking the post, or the post's address below the page's): however much
    more text they hold, they are parts of this page, not other stories' teasers."""
    posts = "".join(
        f"<article class='post'><time>18:0{n}</time><h2><a href='{permalink.format(n=n)}'>Update {n}: the count goes "
        f"on in the harbour hall</a></h2><p>The council counted the votes of ward {n} this evening; the tally of the "
        "wards that have reported so far is below, with more to come before midnight.</p></article>"
        for n in range(1, 9)
    )
    html = (
        "<html><head><title>Live: ferry vote results | Harbour Herald</title></head><body><header><a href='/'>Harbour "
        "Herald</a></header><main><div class='head'><h1>Live: ferry vote results</h1><p>Follow the count of the "
        f"harbour council's ferry vote as the wards report tonight.</p></div><div class='posts'>{posts}</div></main>"
        "</body></html>"
    )
    md = convert(html, "https://herald.example/live/ferry-vote").markdown
    assert md.count("The council counted the votes of ward") == 8


@pytest.mark.parametrize(
    ("target", "base", "into"),
    [
        ("?post=3", "", True),  # a query alone: this page with a parameter, whatever its address
        ("/live/x", "", False),
        ("?post=3", "https://herald.example/live/x", True),
        ("/live/x/3", "https://herald.example/live/x/", True),
        ("/live/x", "https://herald.example/live/x/", True),
        ("/live/xy", "https://herald.example/live/x", False),
        ("https://other.example/live/x", "https://herald.example/live/x", False),
        ("/2024/03/story", "https://herald.example/", True),  # a home page's stories are its own
        ("article.php", "https://herald.example/article.php?id=12", False),  # a page named by its query
    ],
)
def test_which_links_lead_into_the_page_itself(target, base, into):
    assert link_into_the_page(target, base) is into


@pytest.mark.parametrize(
    ("heading", "folder"),
    [("Politics", "/2024/03"), ("Politics and the council: the latest from the harbour towns", "/politics")],
)
def test_a_section_front_keeps_its_cards_under_a_headed_introduction_of_its_own(heading, folder):
    """A section front: its name and a line of introduction in a block of their own, then its cards. The name is no
    story's headline (a word or two), or the cards' addresses lie below the section's own: the cards are the page's
    content, not teasers beside a story."""
    cards = "".join(
        f"<article class='card'><h3><a href='{folder}{href[8:]}'>{title}</a></h3><p>{summary}</p></article>"
        for title, href, summary in STORIES
    )
    html = (
        f"<html><head><title>{heading} | Harbour Herald</title></head><body><header><a href='/'>Harbour Herald</a>"
        f"</header><main><div class='head'><h1>{heading}</h1><p>Latest news and analysis on the politics of the "
        f"harbour towns, from the Herald's newsroom.</p></div><div class='grid'>{cards}</div></main></body></html>"
    )
    md = convert(html, "https://herald.example/politics").markdown
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)


def test_a_gallery_keeps_its_slides_after_an_intro_beside_its_headers_block():
    """A gallery's headline and byline in a header block of their own, its intro in a block beside it, then its
    slides, each titled by a link to the slide's own page: the slides share the article's block with the intro (the
    header holds less of the article's text than the blocks beside it), so they are its content, however much more
    text they hold."""
    slides = "".join(
        f"<figure class='slide'><div class='slide-header'><h2><a href='/gallery/costumes/{n}'>{n}. A pirate of the "
        f"harbour</a></h2></div><div class='picture'><img src='/c{n}.jpg' alt=''></div><figcaption><p>Ahoy there!</p>"
        f"<p><strong>What you need:</strong> a striped shirt, a red scarf and boots; costume {n} takes an hour.</p>"
        "</figcaption></figure>"
        for n in range(1, 9)
    )
    html = (
        "<html><head><title>Eight costumes to make at home | Harbour Herald</title></head><body>"
        "<header><a href='/'>Harbour Herald</a></header><article><header><h1>Eight costumes to make at home</h1>"
        "<p>By Ann Keel, 20 October 2024, for the Living pages of the Herald</p></header><div class='intro'><p>Halloween is near: here are eight costumes you can make from what you have "
        f"in the wardrobe.</p></div><div class='slides'>{slides}</div></article></body></html>"
    )
    md = convert(html, "https://herald.example/gallery/costumes").markdown
    assert md.count("What you need") == 8
    assert "\n\nHalloween is near: here are eight costumes" in md


def test_a_video_page_keeps_its_description_not_the_episodes_listed_after_it():
    """A player page: the title, then a block holding the video's description and a long list of other episodes'
    headlines. The headlines outweigh the description many times, but the title stands apart from them with a text of
    its own, so they are not the page's content."""
    episodes = "".join(
        f"<div><a href='/show/{n}'><img src='/show/{n}.jpg' alt=''></a><a href='/show/{n}'>Episode {n}: {title}</a>"
        "</div>"
        for n, (title, href, summary) in enumerate(STORIES * 4, 1)
    )
    description = "The harbour council's vote on the new ferry timetable, filmed in the chamber on Tuesday evening."
    html = (
        "<html><body><div class='page'><h1>Council approves new ferry timetable</h1><div class='player'>"
        f"<div class='video'><p>{description}</p></div><div class='more'><h2>More from the show</h2><div>{episodes}"
        "</div></div></div></div></body></html>"
    )
    assert ferry(html) == f"# Council approves new ferry timetable\n\n{description}"


def test_desks_of_headline_cards_after_a_story_are_left_out():
    """The same desks of headline cards after an article: the page is the story, not a listing."""
    desks = "".join(
        f"<section><h2><a href='/{section}'>{section.title()}</a></h2>"
        + "".join(front_page_card(section, n, headline) for n, headline in enumerate(headlines))
        + "</section>"
        for section, headlines in SECTIONS.items()
    )
    assert ferry(herald_page(FERRY, desks)) == FERRY_MD


@pytest.mark.parametrize(
    "before, item",
    [
        ("", "<li><a href='{href}'>{title}</a> {summary}</li>"),
        ("", "<li><strong><a href='{href}'>{title}</a></strong> &#8211; {summary}</li>"),
        ("<h2>More news</h2>", "<li><a href='https://herald.example{href}'>{title}</a> {summary}</li>"),
        (None, "<p><a href='{href}'>{title}</a> {summary}</p>"),
        (None, "<div><a href='{href}'>{title}</a> {summary}</div>"),
        ("", "<li><a href='{href}'><img src='{href}.jpg' alt=''></a><a href='{href}'>{title}</a> {summary}</li>"),
    ],
    ids=["plain", "bold-and-dash", "under-a-heading", "paragraphs", "divs", "image-first"],
)
def test_a_list_of_headline_links_with_one_line_summaries_closing_the_story_is_left_out(before, item):
    """Items each opening with their one link, a headline leading to another page of the site, then a line of
    summary: the site's other stories, after the story's last paragraph."""
    items = "".join(item.format(title=title, href=href, summary=summary) for title, href, summary in STORIES[:4])
    assert ferry(herald_page(FERRY + (items if before is None else f"{before}<ul>{items}</ul>"))) == FERRY_MD


STORY_LIST = (
    "<ul>"
    + "".join(f"<li><a href='{href}'>{title}</a> {summary}</li>" for title, href, summary in STORIES[:4])
    + "</ul>"
)
RATING = (
    "<div><p>Rate this article</p><button>1</button><button>2</button><button>3</button><span>4.2 (31 votes)</span>"
    "</div>"
)
AUTHOR_BOX = (
    "<div><img src='/staff/ann.jpg' alt=''><p><strong>Ann Keel</strong></p><p>Ann Keel is a reporter covering "
    "the harbour, transport and the council for the Herald since 2019.</p><p><a href='/authors/ann-keel'>All "
    "stories by Ann Keel</a></p></div>"
)
TAG_LINE = "<p>Tags: <a href='/tag/ferry'>ferry</a>, <a href='/tag/council'>council</a></p>"


@pytest.mark.parametrize(
    "after",
    [STORY_LIST + RATING, AUTHOR_BOX + STORY_LIST, STORY_LIST + AUTHOR_BOX + TAG_LINE, AUTHOR_BOX + RATING + TAG_LINE],
    ids=["list-then-rating", "bio-then-list", "list-bio-tags", "bio-rating-tags"],
)
def test_story_lists_and_author_boxes_closing_the_story_go_in_any_order(after):
    """Each is looked for from the end back, past blocks judged on their own (widgets, link lines)."""
    assert ferry(herald_page(FERRY + after)) == FERRY_MD


def test_paragraphs_citing_sources_on_several_sites_closing_the_story_are_kept():
    items = "".join(f"<p><a href='{href}'>{title}</a>: {note}</p>" for title, href, note in SOURCES)
    assert ferry(herald_page(FERRY + items)) == FERRY_MD + "\n\n" + "\n\n".join(
        f"[{title}]({href}): {note}" for title, href, note in SOURCES
    )


SOURCES = [
    (
        "Tide gauge records for the harbour, 1990-2023",
        "https://data.example.gov/tides/harbour",
        "the national survey's hourly readings, used for the figures on early sailings.",
    ),
    (
        "Ferry passenger counts by sailing",
        "https://transport.example.org/ferries/counts",
        "the operator's own counts, which the council asked to see before the vote.",
    ),
    (
        "Minutes of the council meeting of 12 March",
        "https://council.example.net/minutes/2024-03-12",
        "the record of the vote and of the questions put by members of the public.",
    ),
]


def test_a_list_of_cited_sources_on_several_sites_closing_the_story_is_kept():
    """The same shape, each item a link with a sentence about it, but leading to several sites: the story's
    sources, which stay."""
    items = "".join(f"<li><a href='{href}'>{title}</a>: {note}</li>" for title, href, note in SOURCES)
    assert ferry(
        herald_page(FERRY + f"<h2>Sources</h2><ul>{items}</ul>")
    ) == FERRY_MD + "\n\n## Sources\n\n" + "\n".join(f"- [{title}]({href}): {note}" for title, href, note in SOURCES)


def test_a_list_of_linked_terms_with_long_definitions_closing_the_story_is_kept():
    """Linked terms of the site's glossary, each with a definition longer than a teaser's summary: content."""
    items = "".join(f"<li><a href='{href}'>{term}</a> {text}</li>" for term, href, text in GLOSSARY)
    assert ferry(
        herald_page(FERRY + f"<h2>Words used in this story</h2><ul>{items}</ul>")
    ) == FERRY_MD + "\n\n## Words used in this story\n\n" + "\n".join(
        f"- [{term}](https://herald.example{href}) {text}" for term, href, text in GLOSSARY
    )


def test_a_list_of_linked_headlines_inside_the_story_is_kept():
    """The same list between the story's paragraphs (its earlier coverage, introduced in the text): not the end
    of the story, so part of it."""
    items = "".join(f"<li><a href='{href}'>{title}</a> {summary}</li>" for title, href, summary in STORIES[:3])
    intro = "<p>The Herald has reported on the harbour's troubles since the winter storms:</p>"
    last = "</p>".join(FERRY.split("</p>")[-2:])  # the story's last paragraph
    head = FERRY[: len(FERRY) - len(last)]
    md = ferry(herald_page(head + intro + f"<ul>{items}</ul>" + last))
    last_md = FERRY_MD.rsplit("\n\n", 1)[1]
    assert (
        md == FERRY_MD.rsplit("\n\n", 1)[0] + "\n\nThe Herald has reported on the harbour's troubles since the "
        "winter storms:\n\n"
        + "\n".join(f"- [{title}](https://herald.example{href}) {summary}" for title, href, summary in STORIES[:3])
        + "\n\n"
        + last_md
    )


@pytest.mark.parametrize(
    "widget",
    [
        "<div><p>Rate this article</p><button>1</button><button>2</button><button>3</button><button>4</button>"
        "<button>5</button><span>4.2 (31 votes)</span></div>",
        "<div><p>Was this article helpful?</p><a href='?vote=yes'>Yes</a> <a href='?vote=no'>No</a>"
        "<span>17 people found this helpful</span></div>",
        "<div><a href='#' role='button'>Like</a> <span>12</span> <a href='javascript:void(0)'>Share</a></div>",
    ],
    ids=["rating", "helpful", "like-and-share"],
)
def test_a_small_block_of_controls_with_labels_and_counts_is_left_out(widget):
    """Buttons, or links that lead to no page, among a label and a count: a widget, whatever it asks."""
    assert ferry(herald_page(FERRY + widget)) == FERRY_MD


def test_a_tooltip_beside_a_button_in_the_story_is_left_out():
    """A save button's tooltip (`role="tooltip"`, shown on hover) under the headline and between the paragraphs:
    the button's label, not the story's, whatever the classes say (here nothing)."""
    tools = (
        "<div class='x9f2'><a href='/account/saved?add=ferry-timetable'><svg viewBox='0 0 8 8'><path d='M0 0h8v8z'/>"
        "</svg></a><div class='x3a1'><div role='tooltip'><h6><span>Read Later</span></h6></div></div></div>"
    )
    story = FERRY.replace("</h1>", "</h1>" + tools).replace("weekdays.</p>", "weekdays.</p>" + tools)
    assert ferry(herald_page(story)) == FERRY_MD


@pytest.mark.parametrize(
    "box",
    [
        "<div class='k1'><div class='k2'><div class='k3'></div></div><div class='k4'><p>Click the button below to load "
        "the content.</p><button class='k5'>Show content</button></div><div class='k3'><iframe width='560' "
        "height='315' src='' data-src='https://video.example/embed/7MDl'></iframe></div></div>",
        "<div class='k1'><div class='k2'><p>Click the button below to load the content from maps.example.</p><p><a "
        "class='k5' href='#' role='button'>Load content</a></p></div><div class='k6'><script type='text/template'>"
        '&lt;iframe src="https://maps.example/embed/1"&gt;&lt;/iframe&gt;</script></div></div>',
    ],
    ids=["player-without-source", "script-box"],
)
def test_a_placeholder_for_an_embed_not_loaded_is_left_out(box):
    """A "two-click" embed between the paragraphs: a line asking the reader to load it, one button, and the slot a
    script fills once they do (a player without a source, a box holding only the script). Opaque classes."""
    assert ferry(herald_page(FERRY.replace("weekdays.</p>", "weekdays.</p>" + box))) == FERRY_MD


@pytest.mark.parametrize(
    "box, line",
    [
        (  # a player showing its video: the line is its caption
            "<div class='k1'><iframe width='560' height='315' src='https://video.example/embed/7MDl'></iframe><p>{}</p>"
            "<button class='k5'>Play</button></div>",
            "The new boats on their trial run across the harbour.",
        ),
        (  # a chart drawn by its script: the line explains it
            "<div class='k1'><svg viewBox='0 0 10 10'><rect width='5' height='5'/></svg><p>{}</p><button class='k5'>"
            "Start</button><div><script>draw()</script></div></div>",
            "Press the button to see each sailing on the map.",
        ),
        (  # no slot: the story's sentence beside a button of its own
            "<div class='k1'><p>{}</p><button class='k5'>Sign</button></div>",
            "Readers can sign the ferry petition online until the end of March.",
        ),
    ],
    ids=["video-caption", "interactive", "sentence-beside-a-button"],
)
def test_a_line_beside_a_button_and_what_it_shows_stays(box, line):
    """The same shape where something is shown (a player with its source, a picture) or nothing waits to be
    loaded: the line is the story's."""
    md = ferry(herald_page(FERRY.replace("weekdays.</p>", "weekdays.</p>" + box.format(line))))
    head, tail = FERRY_MD.split("weekdays.\n\n")
    assert md == head + "weekdays.\n\n" + line + "\n\n" + tail


def test_a_short_line_with_links_to_its_notes_is_kept():
    """Links to the page's own notes (`#n1`) are no controls: a short line of the story citing them stays."""
    line = "<p>Figures: the operator<a href='#n1'>[1]</a> and the council<a href='#n2'>[2]</a>.</p>"
    assert ferry(herald_page(FERRY + line)) == FERRY_MD + "\n\nFigures: the operator\\[1\\] and the council\\[2\\]."


@pytest.mark.parametrize(
    "bio",
    [
        "<div><img src='/staff/ann.jpg' alt=''><p><strong>Ann Keel</strong></p><p>Ann Keel is a reporter covering the "
        "harbour, transport and the council for the Herald since 2019.</p><p><a href='https://social.example/annkeel'>"
        "Follow</a> <a href='/authors/ann-keel'>All stories by Ann Keel</a></p></div>",
        "<div><h4>Ann Keel</h4><img src='/staff/ann.jpg' alt=''><p>Ann writes about the harbour and the council. She "
        "joined the Herald in 2019.</p><a href='/authors/ann-keel'>More from this author</a></div>",
    ],
    ids=["bold-name", "name-heading"],
)
def test_a_box_about_the_author_closing_the_story_is_left_out(bio):
    """A portrait, the author's name over a sentence naming them again, links to their pages: no class needed."""
    assert ferry(herald_page(FERRY + bio)) == FERRY_MD


def test_a_box_closing_the_story_whose_title_is_not_named_again_is_kept():
    """The same shape about a place, its title not named again in its text: the story's own box, which stays
    (its link is a links-only line, left out as before)."""
    box = (
        "<div><img src='/maps/pier.png' alt=''><p><strong>Getting There</strong></p><p>Ferries leave from the Pier "
        "Road terminal; the car park beside it is free for ticket holders.</p><p><a href='/ferry/timetable'>Full "
        "timetable</a></p></div>"
    )
    assert (
        ferry(herald_page(FERRY + box)) == FERRY_MD + "\n\n**Getting There**\n\nFerries leave from the Pier Road "
        "terminal; the car park beside it is free for ticket holders."
    )


def test_a_box_about_a_person_inside_the_story_is_kept():
    """A box about a person between the story's paragraphs is part of it (only one closing the story goes)."""
    last = "</p>".join(FERRY.split("</p>")[-2:])  # the story's last paragraph
    bio = (
        "<div><img src='/staff/tom.jpg' alt=''><h4>Tom Reed</h4><p>Tom Reed has been the harbour master since "
        "2010 and chaired the working group on the timetable.</p><p><a href='/people/tom-reed'>Profile</a></p></div>"
    )
    head, last_md = FERRY_MD.rsplit("\n\n", 1)
    assert (
        ferry(herald_page(FERRY[: len(FERRY) - len(last)] + bio + last)) == head + "\n\n#### Tom Reed\n\nTom Reed "
        "has been the harbour master since 2010 and chaired the working group on the timetable.\n\n" + last_md
    )


def between_paragraphs(block: str) -> str:
    """FERRY with `block` after its first paragraph (the dateline's block before it)."""
    first, second, *rest = FERRY.split("</p>")
    return "</p>".join([first, second, block + rest[0], *rest[1:]])


@pytest.mark.parametrize(
    "player, label",
    [
        ("<div class='player'></div>", "02:13"),
        ("<iframe src='https://video.example/embed/8841'></iframe>", "(1:04:30)"),
        ("<video src='/clips/pier.mp4'></video>", "0:58"),
        ("<a href='/video/8841'><img src='/clips/pier.jpg' alt=''></a>", "12:07"),
        # a podcast's player writes its length in minutes
        ("<button aria-label='Play'></button>", "27 min listen"),
        ("<audio src='/audio/pier.mp3' controls></audio>", "(12 mins)"),
    ],
    ids=["empty-player", "embed", "video", "poster", "podcast", "audio"],
)
def test_a_video_block_between_the_storys_paragraphs_is_left_out(player, label):
    """A player (an element showing no text: an empty mount a script fills, an embed, a poster) with a line of
    title and a running time alone under it: the video's furniture, whatever its classes say."""
    block = (
        f"<div class='box'>{player}<p class='t'>Video: Commuters board the first early ferry</p><span>{label}</span>"
        "</div>"
    )
    assert ferry(herald_page(between_paragraphs(block))) == FERRY_MD


def test_a_paragraph_after_an_empty_block_without_a_running_time_is_kept():
    """The same shape without a running time: a paragraph of the story after a picture's empty mount."""
    block = "<div><div class='photo'></div><p>Some crossings will take longer while the new pier is built.</p></div>"
    parts = FERRY_MD.split("\n\n")
    assert ferry(herald_page(between_paragraphs(block))) == "\n\n".join(
        [*parts[:2], "Some crossings will take longer while the new pier is built.", *parts[2:]]
    )


def test_a_length_in_minutes_inside_a_line_after_an_empty_block_is_kept():
    """Minutes in a line of the story after a picture's empty mount: no player's length (which stands alone)."""
    block = "<div><div class='photo'></div><p>The crossing will take 40 min longer</p></div>"
    parts = FERRY_MD.split("\n\n")
    assert ferry(herald_page(between_paragraphs(block))) == "\n\n".join(
        [*parts[:2], "The crossing will take 40 min longer", *parts[2:]]
    )


def test_a_line_of_times_between_the_storys_paragraphs_is_kept():
    """A running time's shape in a block opening with text: a clock time in the story's own line, kept."""
    block = "<div><strong>First sailing on weekdays</strong> <span>06:40</span></div>"
    parts = FERRY_MD.split("\n\n")
    assert ferry(herald_page(between_paragraphs(block))) == "\n\n".join(
        [*parts[:2], "**First sailing on weekdays** 06:40", *parts[2:]]
    )


PAYWALL_STUBS = [
    "<div class='css-7hq2x0'><h2>Subscribe to continue reading</h2><p>Get unlimited digital access for $1 a week."
    " Cancel anytime.</p><a href='/subscribe'>Subscribe now</a><p>Already a subscriber? <a href='/login'>Log in</a>"
    "</p></div>",
    "<section><p><strong>Support local journalism</strong></p><p>Our reporters cover the harbour every day, and your support keeps it free.</p><div><a href='/join'>"
    "Subscribe today</a> <a href='/newsletters'>Sign up for our newsletters</a></div></section>",
]


@pytest.mark.parametrize("box", PAYWALL_STUBS, ids=["paywall", "pitch"])
@pytest.mark.parametrize("where", ["between", "closing"])
def test_a_box_of_asks_in_the_story_is_left_out(box, where):
    """A box of calls to action (a paywall's stub, a membership pitch: "Subscribe now", "Already a subscriber? Log
    in") with a heading and a line of offer, whatever its class, between the story's paragraphs or closing them."""
    story = between_paragraphs(box) if where == "between" else FERRY + box
    assert ferry(herald_page(story)) == FERRY_MD


def test_a_closing_paragraph_with_one_ask_beside_it_is_kept():
    """A short last paragraph of the story and one call to action in its block: the paragraph stays (one ask makes
    no box of asks)."""
    last = "Timetables for the two new early sailings are posted at the harbour office, on every boat and at the bus station in the town centre."
    html = herald_page(FERRY + f"<div><p>{last}</p><p><a href='/follow'>Follow us on Twitter</a></p></div>")
    assert ferry(html) == FERRY_MD + "\n\n" + last


def test_a_paragraph_of_the_story_beside_two_asks_is_kept():
    """A block of the story's paragraph longer than a pitch with two asks after it: the asks go, not the
    paragraph."""
    last = (
        "Passengers with season tickets will be able to use them on the new early sailings without paying extra, the"
        " operator said, and a review of the winter timetable is due in the autumn."
    )
    html = herald_page(
        FERRY + f"<div><p>{last}</p><p><a href='/follow'>Follow us on Twitter</a></p>"
        "<p><a href='/nl'>Sign up for our newsletter</a></p></div>"
    )
    assert ferry(html) == FERRY_MD + "\n\n" + last


THEME_NOTES = [
    "<p>This entry was posted on Tuesday, March 12th, 2024 at 9:12 pm and is filed under <a href='/category/"
    "transport/' rel='category tag'>Transport</a>, <a href='/category/council/' rel='category tag'>Council</a>. You "
    "can follow any responses to this entry through the <a href='/2024/03/ferry-timetable/feed/'>RSS 2.0</a> feed. "
    "You can <a href='#respond'>leave a response</a>.</p>",
    "<div><p>This post was written on a Tuesday and tagged <a href='/t/ferries' rel='tag'>Ferries</a>, "
    "<a href='/t/harbour' rel='tag'>Harbour</a>. Comments are closed, but you can follow the replies to this entry "
    "through its feed.</p></div>",
]


@pytest.mark.parametrize("note", THEME_NOTES, ids=["kubrick", "tags"])
def test_a_themes_note_filing_the_post_under_its_categories_is_left_out(note):
    """A blog theme's note closing the post, filing it under its categories (links marked rel=category, or a run of
    rel=tag links), whatever its class: not the story."""
    assert ferry(herald_page(FERRY + note)) == FERRY_MD


def test_a_themes_note_longer_than_a_short_post_is_left_out():
    """The note closing a post of one short paragraph, though it holds more text than the post."""
    post = "<h1>Council approves new ferry timetable</h1><p>The council voted for two early sailings on weekdays.</p>"
    md = ferry(herald_page(post + THEME_NOTES[0]))
    assert md == "# Council approves new ferry timetable\n\nThe council voted for two early sailings on weekdays."


def test_a_closing_paragraph_with_a_tag_link_in_its_sentence_is_kept():
    """A tag plugin's link (rel=tag) in a sentence of the story's last paragraph: the story, not a note."""
    last = (
        "The new timetable will be reviewed by the <a href='/tag/harbour-council/' rel='tag'>harbour council</a> "
        "after six months."
    )
    md = ferry(herald_page(FERRY + f"<p>{last}</p>"))
    assert (
        md
        == FERRY_MD
        + "\n\nThe new timetable will be reviewed by the [harbour council](https://herald.example/tag/harbour-council/) after six months."
    )


def test_a_closing_paragraph_with_tag_links_among_its_words_is_kept():
    """Two tag plugin's links with words between them in the story's last paragraph: no run of tags."""
    last = (
        "The <a href='/tag/operator/' rel='tag'>operator</a> and the <a href='/tag/harbour-council/' rel='tag'>harbour"
        " council</a> will review the timetable after six months."
    )
    md = ferry(herald_page(FERRY + f"<p>{last}</p>"))
    assert md.endswith("will review the timetable after six months.")


def test_a_byline_closing_the_post_with_its_category_is_no_themes_note():
    """A line naming the post's author (a link to the author's page) with its category, closing the post: a byline,
    left to the rules on bylines (the dev truths split on them), not a theme's note."""
    line = (
        "<p>Posted by <a href='/author/ann-keel/'>Ann Keel</a> on March 12, 2024 in <a href='/category/transport/' "
        "rel='category tag'>Transport</a></p>"
    )
    md = ferry(herald_page(FERRY + line))
    assert md.endswith("in [Transport](https://herald.example/category/transport/)")


def test_a_line_filing_the_post_ahead_of_its_paragraphs_is_kept():
    """A line naming the post's category (rel=category) with the story after it in its block: no closing note."""
    line = (
        "<p>From the <a href='/category/transport/' rel='category tag'>Transport</a> desk, reporting from the harbour "
        "on the council's vote and the operator's plans for the spring</p>"
    )
    story = FERRY.replace("<p class='dateline'>", line + "<p class='dateline'>", 1)
    md = ferry(herald_page(story))
    assert "From the [Transport](https://herald.example/category/transport/) desk" in md


def by_ann_keel(page: str) -> str:
    """A page whose metadata names its author, Ann Keel."""
    return page.replace("<head>", "<head><meta name='author' content='Ann Keel'>", 1)


@pytest.mark.parametrize("name", ["Ann Keel", "Ann"], ids=["full-name", "first-name"])
def test_a_portrait_and_prose_naming_the_author_closing_the_story_are_left_out(name):
    """A box about the page's author (named in its metadata, in full or by a first name) with their portrait,
    however it is called: no name line over it, no link in it."""
    box = (
        "<div class='box'><img src='/staff/ann.jpg' alt=''><p>Ann Keel is a reporter covering the harbour and the "
        "council for the Herald. She joined in 2015.</p></div>"
    )
    page = by_ann_keel(herald_page(FERRY + box)).replace("content='Ann Keel'", f"content='{name}'")
    assert ferry(page) == FERRY_MD


SIGN_UP = (
    "Every Friday the Herald's harbour letter brings the week's sailings, the council's decisions and the stories "
    "from the pier to your inbox, free of charge and without advertising."
)
AUTHOR_BOXES = {
    "portrait": "<div class='q1'><img src='/staff/ann.jpg' alt=''><p>Ann Keel is a reporter covering the harbour and "
    "the council for the Herald. She joined in 2015.</p></div>",
    "name-heading": "<div class='q1'><h3><a href='/author/ann'>Ann Keel</a></h3><p>I cover the harbour and the council "
    "for the Herald and have lived by the pier since 2015.</p><p><a href='/author/ann'>More posts</a></p></div>",
}


@pytest.mark.parametrize("box", AUTHOR_BOXES.values(), ids=AUTHOR_BOXES.keys())
def test_a_box_about_the_author_before_more_text_is_left_out(box):
    """A box about the byline's author after the story that does not close the region (a sign-up note of prose
    follows it), with opaque class names: known by the byline it refers to, a portrait and prose naming the author or
    a heading that is the author's name."""
    page = by_ann_keel(herald_page(FERRY + box + f"<div class='q2'><p>{SIGN_UP}</p></div>"))
    assert ferry(page) == FERRY_MD + "\n\n" + SIGN_UP


def test_a_block_under_the_authors_name_opening_the_post_stays():
    """The author's name as a heading over the post's first section (nothing of the post before it): the post's
    header, not a box about the author."""
    first = (
        "<div class='q1'><h3>Ann Keel</h3><p>I took the first early sailing on Monday and found the boat half full, "
        "the coffee hot and the crew as surprised as the passengers.</p></div>"
    )
    page = by_ann_keel(herald_page("<h1>Council approves new ferry timetable</h1>" + first + FERRY.split("</p>", 1)[1]))
    assert "I took the first early sailing" in ferry(page)


def test_a_box_about_another_person_after_the_story_stays():
    """A heading naming someone who is not the byline's author over prose after the story: the story's own (a
    portrait of the skipper)."""
    box = (
        "<div class='q1'><h3>Tom Reed</h3><p>Tom Reed has skippered the early boat for eleven years and will "
        "take the first of the new sailings on Monday.</p></div>"
    )
    page = by_ann_keel(herald_page(FERRY + box + f"<div class='q2'><p>{SIGN_UP}</p></div>"))
    assert "Tom Reed has skippered" in ferry(page)


def test_a_picture_credited_to_the_author_after_the_story_stays():
    """A picture whose prose names the author last (who took it) is no box about her."""
    box = (
        "<div class='q1'><img src='/photos/pier.jpg' alt=''><p>The pier at low water in March, seen from the harbour "
        "wall before the works began, as photographed by Ann Keel</p></div>"
    )
    page = by_ann_keel(herald_page(FERRY + box + f"<div class='q2'><p>{SIGN_UP}</p></div>"))
    assert "seen from the harbour wall" in ferry(page)


def test_slides_each_opening_with_the_authors_name_stay():
    """A series of pictures whose lines each open with the author's name (a reporter's trip told in slides): items
    alike, no one box about her."""
    slides = "".join(
        f"<div class='q5'><img src='/photos/trip{n}.jpg' alt=''><p>Ann Keel {line}</p></div>"
        for n, line in enumerate(
            [
                "boards the first early sailing on Monday, a few minutes before six in the morning.",
                "talks to the skipper on the bridge while the boat leaves the harbour in the dark.",
                "counts the passengers on the upper deck as the sun comes up over the mainland.",
            ]
        )
    )
    page = by_ann_keel(herald_page(FERRY + slides + f"<div class='q2'><p>{SIGN_UP}</p></div>"))
    assert "counts the passengers" in ferry(page)


def test_a_byline_heading_over_more_of_the_story_stays():
    """ "By" and the author's name as a heading over a block after the story's first part: the byline of what
    follows, not a box about her."""
    more = (
        "<div class='q1'><h3>By Ann Keel</h3><p>Later on Tuesday the operator said the first early boat would also "
        "stop at the island pier on request.</p></div>"
    )
    page = by_ann_keel(herald_page(FERRY + more + f"<div class='q2'><p>{SIGN_UP}</p></div>"))
    assert "stop at the island pier" in ferry(page)


CLOSING_WITH_PHOTO = (
    "After the vote, commuters gathered on the pier to read the new timetable pinned beside the ticket office, and "
    "several said they would try the first early sailing on Monday. The operator has promised a second boat for the "
    "busiest weeks of the summer, when the crossings fill with visitors."
)


def test_a_closing_paragraph_with_a_photo_of_its_own_is_kept():
    """The same shape not naming the author: the story's last paragraph with its photo, which stays."""
    box = f"<div><img src='/photos/pier.jpg' alt=''><p>{CLOSING_WITH_PHOTO}</p></div>"
    assert ferry(by_ann_keel(herald_page(FERRY + box))) == FERRY_MD + "\n\n" + CLOSING_WITH_PHOTO


def test_a_closing_paragraph_naming_the_author_without_a_portrait_is_kept():
    """Prose naming the author without a picture closing the story: the story's own (a reporter's account)."""
    last = (
        "Ann Keel, who has reported on the harbour for the Herald since 2019, took the first early sailing on Monday "
        "and found it half full."
    )
    assert ferry(by_ann_keel(herald_page(FERRY + f"<div><p>{last}</p></div>"))) == FERRY_MD + "\n\n" + last


def test_a_box_about_the_author_before_the_readers_comments_is_left_out():
    """The readers' comments after the box, named so by their class, are passed over on the way back from the end:
    the box still closes the story."""
    box = (
        "<div class='box'><img src='/staff/ann.jpg' alt=''><p>Ann Keel is a reporter covering the harbour and the "
        "council for the Herald. She joined in 2015.</p></div>"
    )
    thread = (
        "<div id='comments'><h3>2 comments</h3><div><p>Tom, 12 March 2024</p><p>About time the early boat came back, "
        "I have been late for work every Monday since the winter.</p></div><div><p>Sue, 12 March 2024</p><p>Will "
        "the fares really stay the same until spring, or is that only for season tickets?</p></div></div>"
    )
    assert ferry(by_ann_keel(herald_page(FERRY + box + thread))) == FERRY_MD


# a box about the author as a blog theme's plugin writes it: microdata marking it the article's author, a Person with a
# description; opaque class names, no portrait the page's metadata names, no name line over a link
AUTHOR_BOX = (
    "<section class='q3b9e2' itemprop='author' itemscope itemtype='https://schema.org/Person'>"
    "<h3>Über <span itemprop='name'>Anna</span></h3><div class='q51c0d' itemprop='description'><p>Hallo, ich bin "
    "Reporterin beim Hafenboten und schreibe seit zehn Jahren über den Hafen, die Fähren und den Stadtrat. Wenn ich "
    "nicht schreibe, segle ich.</p></div></section>"
)


@pytest.mark.parametrize("where", ["after-the-story", "between-its-paragraphs"])
def test_a_box_the_page_marks_as_its_author_with_a_description_is_left_out(where):
    """The page says what the box is (itemprop=author around prose about the person): whatever its class, wherever it
    stands in the story, it is no part of it."""
    if where == "after-the-story":
        story = FERRY + AUTHOR_BOX
    else:
        cut = FERRY.index("<p>The operator")
        story = FERRY[:cut] + AUTHOR_BOX + FERRY[cut:]
    assert ferry(herald_page(story)) == FERRY_MD


def test_a_byline_the_page_marks_as_its_author_stays_where_it_stands():
    """The author's mark around a name and a date (a byline, no description of the person): not a box about them;
    the byline rules judge it, not this one."""
    byline = (
        "<div class='q8d0a4' itemprop='author' itemscope itemtype='https://schema.org/Person'>Reported from the pier "
        "by <span itemprop='name'>Ann Keel</span></div>"
    )
    cut = FERRY.index("<p>The harbour")
    md = ferry(herald_page(FERRY[:cut] + byline + FERRY[cut:]))
    assert "Reported from the pier by Ann Keel" in md


def test_an_about_page_whose_text_the_page_marks_as_its_author_stays():
    """A blog's about page written inside the author's mark: the text is the page's own, not a box beside it."""
    about = (
        "<h1>Über uns</h1><div class='q3b9e2' itemprop='author' itemscope itemtype='https://schema.org/Person'>"
        "<p>Wir sind zu zweit und schreiben seit 2011 über das Leben am Hafen, über Fähren, Fischer und den "
        "Stadtrat.</p><p>Angefangen hat alles mit einem Notizbuch auf der ersten Fähre am Morgen, in das wir "
        "schrieben, was die Pendler erzählten.</p></div><div class='q51c0d'><p>Heute erscheinen hier jede Woche "
        "zwei Geschichten aus dem Hafen, geschrieben am Abend nach der letzten Fähre.</p><p>Wer uns schreiben will, "
        "erreicht uns über das Hafenbüro oder direkt an der Mole.</p></div>"
    )
    md = ferry(herald_page(about))
    assert "Wir sind zu zweit" in md and "Angefangen hat alles" in md


def test_the_line_left_of_a_box_whose_other_parts_went_is_left_out():
    """A box's own label stays behind when what it labels goes: a table of contents' title over its links (opaque
    class names)."""
    block = (
        "<div class='q1a2b3'><div class='q4c5d6'><p class='q7e8f9'>Inhaltsverzeichnis</p></div><nav class='q0a1b2'>"
        "<ul><li><a href='#q3c4d5'>Die frühen Fähren</a></li><li><a href='#q6e7f8'>Der neue Fahrplan</a></li>"
        "<li><a href='#q9a0b1'>Was die Pendler sagen</a></li></ul></nav></div>"
    )
    cut = FERRY.index("<p>The harbour")
    assert ferry(herald_page(FERRY[:cut] + block + FERRY[cut:])) == FERRY_MD


def test_a_schedules_activities_stay_beside_their_times():
    """A programme's rows of a time and an activity: the times go as date lines, and each activity, longer than the
    time beside it, is the row's text, not a label left of a box."""
    rows = "".join(
        f"<div class='q2b3c4'><div class='q5d6e7'><p>{time}</p></div><div class='q8f9a0'><p>{what}</p></div></div>"
        for time, what in (
            ("10:00 – 11:30 Uhr", "Eintreffen an der Mole"),
            ("11:30 – 13:00 Uhr", "Besichtigung der neuen Fähre"),
            ("13:00 – 14:00 Uhr", "Mittagessen im Hafenbüro"),
        )
    )
    md = ferry(herald_page(FERRY + f"<h2>Programm am Eröffnungstag</h2><div class='q1a2b3'>{rows}</div>"))
    assert "Besichtigung der neuen Fähre" in md and "Mittagessen im Hafenbüro" in md


def test_a_storys_source_beside_its_date_line_stays():
    """The dateline closing the story, its source beside the date (named so): the date line goes, the source with it
    is no box's label (the furniture beside it is a line, not a box)."""
    stamp = (
        "<div class='storytimestamp'><span class='storySource'>Harbour Herald (Portsmouth)</span> <span "
        "class='dateStamp'>First published March 12, 2024: 1:28 PM</span></div>"
    )
    assert "Harbour Herald (Portsmouth)" in ferry(herald_page(FERRY + stamp))


def test_a_short_closing_sentence_beside_a_share_bar_stays():
    """The story's last line in a block of its own with the share bar: a sentence, however short, is no label."""
    last = (
        "<div class='q1a2b3'><p>The new fares stay the same until next spring.</p><div class='q4c5d6'>"
        "<a href='https://share.example/?u=1'>Share</a></div></div>"
    )
    md = ferry(herald_page(FERRY + last))
    assert md.endswith("The new fares stay the same until next spring.")


def test_the_caption_a_picture_declares_is_left_out_whatever_its_class():
    """A publishing tool's captioned picture between the story's paragraphs: the image names its caption
    (aria-describedby), a paragraph like the story's own in a block of opaque name."""
    picture = (
        "<div id='q5e0a1' class='q77c2d'><img aria-describedby='q9b1f3' src='/photos/pier.jpg' alt='' width='1024' "
        "height='768'><p id='q9b1f3' class='q0c4e8'>Le piquet de grève dans le hall du port / (C) Kab Niang</p></div>"
    )
    cut = FERRY.index("<p>The operator")
    assert ferry(herald_page(FERRY[:cut] + picture + FERRY[cut:])) == FERRY_MD


def test_a_list_a_chart_declares_as_its_description_stays():
    """An image may name more than a caption as its description: a chart's values written out as a list are the
    story's data, not a caption."""
    chart = (
        "<div class='q77c2d'><img aria-describedby='q2d7e0' src='/charts/sailings.png' alt='Sailings by year'>"
        "<ul id='q2d7e0' class='q0c4e8'><li>2022: 14 sailings a day</li><li>2023: 16 sailings a day</li>"
        "<li>2024: 18 sailings a day</li></ul></div>"
    )
    cut = FERRY.index("<p>The operator")
    md = ferry(herald_page(FERRY[:cut] + chart + FERRY[cut:]))
    assert "2023: 16 sailings a day" in md


NOTES_POST = (
    "<p>The first early ferry left the pier at ten to six on Monday, with forty commuters and two dogs on board, and "
    "reached the mainland four minutes ahead of the timetable.</p><p>The crew said the crossing was calm, and that "
    "most of the passengers slept until the engines slowed for the landing stage.</p><p>The council will count the "
    "passengers on every early sailing until the summer.</p>"
)
NOTES_POST_MD = (
    "The first early ferry left the pier at ten to six on Monday, with forty commuters and two dogs on board, and "
    "reached the mainland four minutes ahead of the timetable.\n\nThe crew said the crossing was calm, and that most "
    "of the passengers slept until the engines slowed for the landing stage.\n\nThe council will count the "
    "passengers on every early sailing until the summer."
)


def blog_page(header: str) -> str:
    """A blog's post page: `header`, then the post under its `<h2>` title, which the `<title>` holds after the
    site's name."""
    return (
        "<html><head><title>Harbour Notes » The first early ferry</title></head><body><div id='wrap'>"
        f"{header}<div class='post'><h2>The first early ferry</h2>{NOTES_POST}</div></div>"
        "<div id='footer'><p>Powered by a blog engine</p></div></body></html>"
    )


def test_a_blogs_name_and_tagline_over_the_posts_title_are_left_out():
    """The site's name as the `<h1>`, one link home, and its tagline in a block over the post: the masthead,
    not the post, whose title is the `<h2>` the `<title>` holds."""
    header = (
        "<div id='header'><h1><a href='https://notes.example/'>Harbour Notes</a></h1><p>A blog about boats, tides "
        "and the people of the harbour</p></div>"
    )
    md = convert(blog_page(header), "https://notes.example/2024/03/first-ferry").markdown
    assert md == "## The first early ferry\n\n" + NOTES_POST_MD


def test_a_block_holding_the_blogs_name_and_more_than_a_tagline_is_kept():
    """The same block holding a paragraph of the post's own beside the site's name: not a masthead alone."""
    lead = (
        "Every Monday this spring I will take the first boat across and write down how it went: who was on board, "
        "how long the crossing took, and whether the new timetable keeps its promise to the commuters of the island."
    )
    header = f"<div id='header'><h1><a href='https://notes.example/'>Harbour Notes</a></h1><p>{lead}</p></div>"
    md = convert(blog_page(header), "https://notes.example/2024/03/first-ferry").markdown
    assert md == (
        f"# [Harbour Notes](https://notes.example/)\n\n{lead}\n\n## The first early ferry\n\n" + NOTES_POST_MD
    )


def test_a_section_whose_id_is_made_from_its_heading_is_not_named_by_it():
    # documentation generators give each section the slug of its heading: "sharing", "related" there are words
    sections = "".join(
        f'<div class="section" id="{slug}"><h2>{title}</h2><p>{title} is explained in this section, '
        f"with enough words to be a paragraph.</p></div>"
        for slug, title in [
            ("sharing-with-a-single-developer", "Sharing with a single developer"),
            ("related-work-2", "Related work"),
        ]
    )
    html = f"<html><body><div class='content'>{BODY}{sections}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + (
        "\n\n## Sharing with a single developer\n\nSharing with a single developer is explained in this section, "
        "with enough words to be a paragraph.\n\n## Related work\n\nRelated work is explained in this section, with "
        "enough words to be a paragraph."
    )


def test_a_heading_whose_text_is_a_link_with_a_furniture_class_keeps_its_text():
    html = (
        f'<html><body><article>{BODY}<h2><a class="toc-backref" href="#toc">Neap tides</a>'
        '<a class="headerlink" href="#neap">¶</a></h2><p>Neap tides come a week after spring tides.</p>'
        "</article></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == (
        BODY_MD + "\n\n## Neap tides¶\n\nNeap tides come a week after spring tides."
    )


def test_a_date_kicker_inside_a_heading_is_still_left_out():
    html = (
        f'<html><body><article><h1><span class="date">27.01.2022</span>Tides explained</h1>'
        f"{BODY.split('</h1>', 1)[1]}</article></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def post_over_a_thread(post: str) -> str:
    replies = "".join(
        f'<li class="comment" id="comment-{n}"><cite>Reader {n}</cite><div class="comment-content"><p>'
        f"I have seen the same at harbour {n}, and the gauge there read even lower than yours.</p></div>"
        f"</li>"
        for n in range(12)
    )
    return (
        f"<html><body><div id='content'><div class='post'><h1>Low tide today</h1>{post}</div>"
        f"<div id='comments' class='comments-area'><h2>12 comments</h2><ol>{replies}</ol>"
        f"<p>Comments are closed.</p></div></div></body></html>"
    )


@pytest.mark.parametrize(
    "post, expected",
    [
        (
            "<p>The tide was very low this morning, lower than any of us had seen it.</p>",
            "# Low tide today\n\nThe tide was very low this morning, lower than any of us had seen it.",
        ),
        ("<p>Low.</p>", "# Low tide today\n\nLow."),
    ],
)
def test_a_short_post_over_a_long_comment_thread_is_the_content(post, expected):
    assert convert(post_over_a_thread(post), "https://example.org/low-tide").markdown == expected


def post_over_a_wrapped_thread(post: str) -> str:
    """A short post without a heading (a video's description) over a long thread that unnamed wrappers hold alone,
    between a menu with a login box and a footer line."""
    replies = "".join(
        f'<div class="entry"><div class="who"><a href="/u/{n}">Reader {n}</a> 3 days ago</div><div class="said">'
        f"I have seen the same at harbour {n}, and the gauge there read even lower than yours.</div></div>"
        for n in range(30)
    )
    return (
        "<html><body><div class='top'><ul class='menu'><li><a href='/'>Home</a></li><li><a href='/shop'>Shop</a>"
        "</li></ul><div class='login'><form><label>Name</label><input name='u'><p>Members sign in here to see their "
        "orders and saved items.</p></form></div></div>"
        f"<div class='page'><div class='intro-top'><div class='name'>Low tide today</div>{post}</div>"
        f"<div><div><div class='comments_box'>{replies}</div></div></div></div>"
        "<div class='bottom'><p>All the tide tables on this site are drawn from the harbour office's own readings."
        "</p></div></body></html>"
    )


def test_a_short_post_over_a_thread_in_wrappers_of_its_own_is_the_content():
    # the descent stops above the wrappers holding the thread alone, and the post's weakly named block ("top") is
    # measured against the post, not against the region with its thread
    html = post_over_a_wrapped_thread("<p>The tide was very low this morning, lower than any of us had seen it.</p>")
    assert convert(html, "https://example.org/low-tide").markdown == (
        "Low tide today\n\nThe tide was very low this morning, lower than any of us had seen it."
    )


PRODUCT_PAGE = """<html><head><title>Harbour Kettle - Shop</title><script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Product", "name": "Harbour Kettle 1.7 l",
 "offers": {"@type": "Offer", "price": "39.90", "priceCurrency": "EUR"}}</script></head><body>
<nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
<div class="product-page"><div class="gallery"><img src="/k1.jpg" alt="Kettle"></div>
<div class="product-info"><h1>Harbour Kettle 1.7 l</h1><div class="price"><span>€39.90</span></div>
<div class="stock">In stock</div><button>Add to cart</button>
<div class="description"><p>A stainless steel kettle that boils a full litre in under three minutes.</p></div>
<ul><li>1.7 litre capacity</li><li>2200 W</li><li>Limescale filter</li></ul></div></div>
<div class="related"><h2>Customers also bought</h2><ul><li><a href="/p/2">Harbour Toaster</a> €29.90</li>
<li><a href="/p/3">Harbour Mug</a> €9.90</li></ul></div><footer>© Shop</footer></body></html>"""


def test_a_product_page_keeps_the_name_price_and_features_beside_the_description():
    page = convert(PRODUCT_PAGE, "https://shop.example/kettle")
    assert page.page_type == "product"
    assert (
        page.markdown
        == """# Harbour Kettle 1.7 l

€39.90

In stock

A stainless steel kettle that boils a full litre in under three minutes.

- 1.7 litre capacity
- 2200 W
- Limescale filter

## Product details

- Name: Harbour Kettle 1.7 l
- Price: 39.90 EUR"""
    )


def test_a_thread_of_replies_under_the_article_is_left_out_whatever_its_class_strength():
    replies = "".join(
        f'<article class="reply"><div class="reply-content"><p>Reply {n}: I measured the same at my '
        f"harbour last spring, and the gauge there read even lower than yours did.</p></div></article>"
        for n in range(6)
    )
    html = f"<html><body><div class='main-column'>{BODY}<section class='js_replies'>{replies}</section></div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_title_and_lead_standing_apart_from_the_body_come_with_it_whatever_the_markup_calls_them():
    body = "".join(
        f"<p>Tide table {n}: on day {n} the harbour gauge recorded two high waters and two low waters, "
        f"and the range grew as the Moon moved towards its full phase.</p>"
        for n in range(1, 12)
    )
    html = f"""<html><body><div class="top-bar"><a href="/">Home</a></div><div class="container">
      <div class="col-head"><h1>Tides explained</h1><p class="p-large">Why the sea rises and falls twice a day, and
      why some coasts see only one tide.</p></div>
      <div class="col-text">{body}</div><div class="col-more"><ul><li><a href="/a">Other story</a></li></ul></div>
      </div></body></html>"""
    md = convert(html, "https://example.org/tides").markdown
    assert md.startswith(
        "# Tides explained\n\nWhy the sea rises and falls twice a day, and why some coasts see "
        "only one tide.\n\nTide table 1: "
    ) and md.endswith("full phase.")


def test_figure_keeps_its_image_and_quote_but_not_its_caption():
    html = (
        "<html><body><article>" + BODY + '<figure><img src="/g.jpg" alt="Tide gauge"><p>The gauge at low '
        "water.</p></figure><figure><blockquote><p>Time and tide wait for no man.</p></blockquote>"
        "<figcaption>Proverb</figcaption></figure></article></body></html>"
    )
    md = convert(html, "https://example.org/tides", include_images=True).markdown
    assert md == BODY_MD + ("\n\n![Tide gauge](https://example.org/g.jpg)\n\n> Time and tide wait for no man.")


def test_site_chrome_around_a_div_body_is_dropped():
    html = f"""<html><body>
    <div id="top-bar"><a href="/login">Log in</a> | <a href="/signup">Sign up</a></div>
    <div class="header"><div class="menu"><a href="/">Home</a><a href="/news">News</a><a href="/sport">Sport</a></div></div>
    <div class="layout">
      <div class="col-main"><div class="story-body">{BODY}</div></div>
      <div class="col-side"><div class="widget popular"><h3>Most read</h3><ol><li><a href="/1">Storm warning for
        the weekend issued by the met office</a></li><li><a href="/2">Harbour to close for repairs</a></li></ol></div></div>
    </div>
    <div id="footer"><p>Copyright 2023 The Coastal Times. All rights reserved. Contact us.</p></div>
    </body></html>"""
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_comments_on_an_article_are_not_a_forum_and_not_the_body():
    html = f"""<html><head><meta property="og:type" content="article"></head><body><article>{BODY}</article>
    <section id="comments" class="comments-area"><h2>3 comments</h2>
    <div class="comment" data-author="amy"><p>Great post, thanks for writing it all up so clearly.</p></div>
    <div class="comment" data-author="ben"><p>I disagree with the second point but liked the rest of it.</p></div>
    <div class="comment" data-author="cy"><p>Bookmarked for later, this is going to be useful at work.</p></div>
    </section></body></html>"""
    page = convert(html, "https://example.org/blog/tides")
    assert page.page_type == "article"
    assert page.markdown == BODY_MD


def test_body_blocks_keep_their_structure():
    """Tables, code, quotes, nested and ordered lists and a definition list inside the body survive."""
    html = """<html><body><nav><a href="/">Home</a></nav><main><article>
    <h1>Sorting in Python</h1>
    <p>Python's built-in <code>sorted</code> returns a new list; <code>list.sort</code> sorts in place.</p>
    <ol><li>Pick a key function.<ul><li>It must return comparable values.</li><li>It runs once per item.</li></ul></li>
        <li>Decide on <em>reverse</em> order.</li></ol>
    <pre class="lang-py">people.sort(key=lambda p: (p.age, p.name))
print(people[0] | people[1])</pre>
    <table><tr><th>Function</th><th>Stable</th><th>Returns</th></tr>
      <tr><td><code>sorted</code></td><td>yes</td><td>new list</td></tr>
      <tr><td><code>list.sort</code></td><td>yes</td><td>None (a | b)</td></tr></table>
    <blockquote><p>Sorting is guaranteed to be stable since Python 2.2.</p><p>— the Python docs</p></blockquote>
    <p>Both accept the same <strong>key</strong> and <strong>reverse</strong> arguments.</p>
    </article></main><footer><p>Footer text about the site and its licence, long enough to count.</p></footer>
    </body></html>"""
    page = convert(html, "https://docs.example.com/sorting")
    assert (
        page.markdown
        == """# Sorting in Python

Python's built-in `sorted` returns a new list; `list.sort` sorts in place.

1. Pick a key function.
   - It must return comparable values.
   - It runs once per item.
2. Decide on *reverse* order.

```py
people.sort(key=lambda p: (p.age, p.name))
print(people[0] | people[1])
```

| Function | Stable | Returns |
|---|---|---|
| `sorted` | yes | new list |
| `list.sort` | yes | None (a \\| b) |

> Sorting is guaranteed to be stable since Python 2.2.
>
> — the Python docs

Both accept the same **key** and **reverse** arguments."""
    )
    assert page.tables == [
        {
            "headers": ["Function", "Stable", "Returns"],
            "rows": [["sorted", "yes", "new list"], ["list.sort", "yes", "None (a | b)"]],
            "caption": "",
        }
    ]


def test_include_images_keeps_body_images_only():
    html = f"""<html><body><header><img src="/logo.png" alt="Coastal Times"></header>
    <article>{BODY}<p><img src="/img/tide.jpg" alt="High tide at the pier"> <img src="/img/spacer.gif"></p></article>
    <aside><img src="/ads/banner.jpg" alt="Buy a boat"></aside></body></html>"""
    with_images = convert(html, "https://example.org/tides", include_images=True)
    assert with_images.markdown == BODY_MD + "\n\n![High tide at the pier](https://example.org/img/tide.jpg)"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_keep_header_keeps_the_page_header():
    html = f"""<html><body><header><h1>The Coastal Times</h1><p>Independent news from the coast since 1921,
    read by fishermen and sailors alike.</p></header><div class="story">{BODY}</div></body></html>"""
    assert convert(html, "https://example.org/tides").markdown == BODY_MD
    assert convert(html, "https://example.org/tides", keep_header=True).markdown == (
        "# The Coastal Times\n\nIndependent news from the coast since 1921, read by fishermen and sailors alike.\n\n"
        + BODY_MD
    )


# -- forum threads ------------------------------------------------------------------------------------

FORUM_PAGE = """<html><head><title>Best way to learn Rust? - Example Forum</title></head><body>
<nav><a href="/">Forum home</a> <a href="/forums/rust">Rust</a></nav>
<div id="content">
<h1>Best way to learn Rust?</h1>
<div class="post-body"><p>I have been writing Python for five years and want to learn Rust this winter.
Where should I start, and which book do you recommend?</p></div>
<div class="comment-list">
 <div class="comment" id="comment-1" data-author="ferris">
  <p>Start with the official book, then do the Rustlings exercises until the borrow checker makes sense.</p>
  <div class="comment" id="comment-2" data-author="alice">
   <p>Seconded. The chapter on ownership is the one to read twice before moving on.</p>
   <div class="comment" id="comment-3" data-author="bob"><p>Agreed, and keep the compiler error index open
   in a browser tab while you work.</p></div>
  </div>
 </div>
 <div class="comment" id="comment-4" data-author="carol"><p>Build a small command line tool you actually need;
 nothing teaches lifetimes faster than a real project.</p></div>
</div>
</div>
<footer>Powered by ExampleBB</footer>
</body></html>"""

FORUM_QUESTION_MD = """# Best way to learn Rust?

I have been writing Python for five years and want to learn Rust this winter. Where should I start, and which book do you recommend?"""

FORUM_COMMENTS_MD = """## Comments

> **ferris**
>
> Start with the official book, then do the Rustlings exercises until the borrow checker makes sense.

> > **alice**
> >
> > Seconded. The chapter on ownership is the one to read twice before moving on.

> > > **bob**
> > >
> > > Agreed, and keep the compiler error index open in a browser tab while you work.

> **carol**
>
> Build a small command line tool you actually need; nothing teaches lifetimes faster than a real project."""


def test_forum_thread_gets_a_comments_section():
    page = convert(FORUM_PAGE, "https://forum.example.com/threads/123")
    assert page.page_type == "forum"
    assert page.markdown == FORUM_QUESTION_MD + "\n\n" + FORUM_COMMENTS_MD
    assert (
        page.text
        == """Best way to learn Rust?

I have been writing Python for five years and want to learn Rust this winter. Where should I start, and which book do you recommend?

Comments

ferris
Start with the official book, then do the Rustlings exercises until the borrow checker makes sense.

alice
Seconded. The chapter on ownership is the one to read twice before moving on.

bob
Agreed, and keep the compiler error index open in a browser tab while you work.

carol
Build a small command line tool you actually need; nothing teaches lifetimes faster than a real project."""
    )


def test_no_comments_removes_the_comments_section():
    page = convert(FORUM_PAGE, "https://forum.example.com/threads/123", no_comments=True)
    assert page.page_type == "forum"
    assert page.markdown == FORUM_QUESTION_MD


def test_forum_comments_as_list_items_with_author_elements():
    """WordPress-style `li#comment-N` with a `.author` span: the author is named once, not as a bullet;
    comment metadata (the time) is left out; JSON-LD DiscussionForumPosting makes it a forum on any URL."""
    html = """<html><head><title>Kernel panics after upgrade</title>
    <script type="application/ld+json">{"@context": "https://schema.org", "@type": "DiscussionForumPosting",
      "headline": "Kernel panics after upgrade"}</script></head><body>
    <div class="thread">
    <h1>Kernel panics after upgrade</h1>
    <p>Since upgrading to 6.8 my laptop panics on resume from suspend. Has anyone seen this on a ThinkPad?</p>
    <ol class="comment-list">
    <li id="comment-11"><div class="comment-meta"><span class="author">penguin42</span> <time>2 hours ago</time></div>
      <p>Yes, the same here on a T14. Booting with <code>mem_sleep_default=deep</code> fixed it for me.</p>
      <ol class="children"><li id="comment-12"><div class="comment-meta"><span class="author">tux</span></div>
        <p>That worked, thank you! Marking this as *solved*.</p></li></ol>
    </li>
    <li id="comment-13"><div class="comment-meta"><span class="author">root_&amp;_co*</span></div>
      <p>There is a patch queued for 6.8.2 that fixes the resume path properly.</p>
      <ul><li>It touches the NVMe driver.</li><li>It needs a reboot.</li></ul></li>
    </ol></div></body></html>"""
    page = convert(html, "https://example.com/q/1")
    assert page.page_type == "forum"
    assert (
        page.markdown
        == """# Kernel panics after upgrade

Since upgrading to 6.8 my laptop panics on resume from suspend. Has anyone seen this on a ThinkPad?

## Comments

> **penguin42**
>
> Yes, the same here on a T14. Booting with `mem_sleep_default=deep` fixed it for me.

> > **tux**
> >
> > That worked, thank you! Marking this as \\*solved\\*.

> **root\\_&\\_co\\***
>
> There is a patch queued for 6.8.2 that fixes the resume path properly.
> - It touches the NVMe driver.
> - It needs a reboot."""
    )


def test_forum_comments_named_in_camel_case():
    posts = "".join(
        f'<div class="ForumComment"><div class="ForumCommentProfile" id="Comment{n}"><img src="/a.png" alt=""></div>'
        f'<div class="ForumCommentInfo"><span class="ForumCommentAccountName">{name}</span>'
        f'<span class="ForumCommentTime">28.09.19 12:44</span></div>'
        f'<div class="ForumCommentText">{text}</div></div>'
        for n, name, text in [
            (1, "macfan", "Since the update the store only loads over wifi, never over mobile data."),
            (2, "chris", "Mobile data works fine here with the latest version of the system."),
            (3, "maculi", "Check the mobile data switch for the store app in the settings."),
        ]
    )
    html = f"<html><body><main><h1>No app store over mobile data</h1>{posts}</main></body></html>"
    page = convert(html, "https://forum.example.com/forum/discussion/no-store-338679.html")
    assert page.page_type == "forum"
    assert page.markdown == (
        "# No app store over mobile data\n\n## Comments\n\n"
        "> **macfan**\n>\n> Since the update the store only loads over wifi, never over mobile data.\n\n"
        "> **chris**\n>\n> Mobile data works fine here with the latest version of the system.\n\n"
        "> **maculi**\n>\n> Check the mobile data switch for the store app in the settings."
    )


def test_forum_opening_post_marked_up_like_its_replies_is_the_main_content():
    """Every post, the question too, is a `comment` and nothing else in the thread scores: the first post is
    the main content (without its author line) and the others are the comments."""
    posts = "".join(
        f'<div class="post-comment" id="comment-{n}"><div class="comment-author">{name}</div>'
        f'<div class="comment-text">{text}</div></div>'
        for n, name, text in [
            (1, "macfan", "Since the update the store only loads over wifi, never over mobile data."),
            (2, "chris", "Mobile data works fine here with the latest version of the system."),
            (3, "maculi", "Check the mobile data switch for the store app in the settings."),
        ]
    )
    html = (
        f'<html><body><main>{posts}<div class="reply-form"><h2>Kommentieren</h2>'
        f'<p>Sie müssen sich <a href="/login">einloggen</a>, um mitzudiskutieren.</p></div></main></body></html>'
    )
    page = convert(html, "https://forum.example.com/forum/discussion/no-store-338679.html")
    assert page.page_type == "forum"
    assert page.markdown == (
        "Since the update the store only loads over wifi, never over mobile data.\n\n## Comments\n\n"
        "> **chris**\n>\n> Mobile data works fine here with the latest version of the system.\n\n"
        "> **maculi**\n>\n> Check the mobile data switch for the store app in the settings."
    )


def test_exclude_selector_applies_to_an_opening_post_taken_as_the_main_content():
    posts = "".join(
        f'<div class="post-comment" id="comment-{n}"><div class="comment-author">{name}</div>'
        f'<div class="comment-text">{text}</div></div>'
        for n, name, text in [
            (
                1,
                "macfan",
                "Since the update the store only loads over wifi, never over mobile data."
                '<div class="sig">Sent from my phone</div>',
            ),
            (2, "chris", "Mobile data works fine here with the latest version of the system."),
            (3, "maculi", "Check the mobile data switch for the store app in the settings."),
        ]
    )
    page = convert(
        f"<html><body><main>{posts}</main></body></html>",
        "https://forum.example.com/forum/discussion/no-store-338679.html",
        exclude_selector=(".sig",),
    )
    assert page.markdown == (
        "Since the update the store only loads over wifi, never over mobile data.\n\n## Comments\n\n"
        "> **chris**\n>\n> Mobile data works fine here with the latest version of the system.\n\n"
        "> **maculi**\n>\n> Check the mobile data switch for the store app in the settings."
    )


def test_comments_need_a_forum():
    """Three comments on a page that is neither forum-typed nor on a forum URL: no Comments section."""
    page = convert(FORUM_PAGE, "https://example.com/blog/learn-rust")
    assert page.page_type == "page"
    assert "## Comments" not in page.markdown
    assert "ferris" not in page.markdown


# -- product pages ------------------------------------------------------------------------------------


def product_page(ld: dict) -> str:
    return f"""<html><head><title>Trail Runner 3 - Shoes</title>
    <script type="application/ld+json">{json.dumps(ld)}</script></head><body>
    <header><a href="/">Acme Store</a> <a href="/cart">Cart (0)</a></header>
    <div class="product">
    <h1>Trail Runner 3</h1>
    <p>A lightweight trail shoe with a grippy outsole and a breathable mesh upper for long days in the mountains.</p>
    <p>The rock plate protects your feet on technical terrain without making the shoe feel stiff.</p>
    <div class="reviews-widget"><a href="#reviews">4.6 stars (212 reviews)</a></div>
    </div>
    <footer>Free shipping over 50 EUR</footer></body></html>"""


PRODUCT_BODY_MD = """# Trail Runner 3

A lightweight trail shoe with a grippy outsole and a breathable mesh upper for long days in the mountains.

The rock plate protects your feet on technical terrain without making the shoe feel stiff."""


def test_product_page_gets_product_details():
    ld = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": "Trail Runner 3",
        "brand": {"@type": "Brand", "name": "Acme"},
        "sku": "TR3-42",
        "offers": {
            "@type": "Offer",
            "price": "129.90",
            "priceCurrency": "EUR",
            "availability": "https://schema.org/InStock",
        },
    }
    page = convert(product_page(ld), "https://shop.example.com/p/tr3")
    assert page.page_type == "product"
    assert (
        page.markdown
        == PRODUCT_BODY_MD
        + """

## Product details

- Name: Trail Runner 3
- Brand: Acme
- SKU: TR3-42
- Price: 129.90 EUR
- Availability: InStock"""
    )
    assert page.text.endswith("""

Product details

Name: Trail Runner 3
Brand: Acme
SKU: TR3-42
Price: 129.90 EUR
Availability: InStock""")


def test_product_details_from_a_graph_with_offer_list_and_free_price():
    """A Product inside @graph, brand as a string, mpn for the SKU, a list of offers whose first price is 0,
    Markdown characters in the name escaped."""
    ld = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebPage", "name": "Shop"},
            {
                "@type": "Product",
                "name": "Sample *pack*",
                "brand": "Acme",
                "mpn": "SP-1",
                "offers": [
                    {
                        "@type": "Offer",
                        "price": 0,
                        "priceCurrency": "USD",
                        "availability": "http://schema.org/OutOfStock",
                    },
                    {"@type": "Offer", "price": 5, "priceCurrency": "USD"},
                ],
            },
        ],
    }
    page = convert(product_page(ld), "https://shop.example.com/p/sample")
    assert page.page_type == "product"
    assert (
        page.markdown
        == PRODUCT_BODY_MD
        + """

## Product details

- Name: Sample \\*pack\\*
- Brand: Acme
- SKU: SP-1
- Price: 0 USD
- Availability: OutOfStock"""
    )


def test_product_microdata_is_a_product_without_details():
    html = product_page({"@type": "WebSite", "name": "Acme"}).replace(
        '<div class="product">', '<div class="product" itemscope itemtype="https://schema.org/Product">'
    )
    page = convert(html, "https://shop.example.com/p/tr3")
    assert page.page_type == "product"
    assert page.markdown == PRODUCT_BODY_MD


def test_a_paywalled_article_part_of_a_subscription_product_is_an_article():
    """Paywall markup makes the article `isPartOf` a product (the subscription): a property of the article, not
    what the page is about."""
    html = f"""<html><body><article itemscope itemtype="https://schema.org/NewsArticle">
    <meta itemprop="isAccessibleForFree" content="false"><span itemprop="isPartOf" itemscope
    itemtype="https://schema.org/CreativeWork https://schema.org/Product"><meta itemprop="name" content="Daily">
    <meta itemprop="productID" content="daily.example:basic"></span>{BODY}</article></body></html>"""
    page = convert(html, "https://daily.example/2024/tides")
    assert page.page_type == "article"
    assert page.markdown == BODY_MD


# -- JSON-LD / Open Graph fallback --------------------------------------------------------------------


def test_fallback_to_json_ld_article_body_keeps_its_paragraphs():
    html = """<html><head><title>Loading...</title>
    <script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle",
     "headline": "City opens new library", "description": "A new library.",
     "articleBody": "The city opened its new central library on Monday.\\n\\nIt holds 300,000 books and a *maker* space.\\r\\nEntry is free."}
    </script></head><body><div id="app"></div><noscript>Please enable JavaScript.</noscript></body></html>"""
    page = convert(html, "https://news.example.com/library")
    assert page.page_type == "article"
    assert page.markdown == (
        "The city opened its new central library on Monday.\n\n"
        "It holds 300,000 books and a \\*maker\\* space.\n\nEntry is free."
    )
    assert page.text == (
        "The city opened its new central library on Monday.\n\n"
        "It holds 300,000 books and a *maker* space.\n\nEntry is free."
    )


def test_fallback_paragraphs_that_look_like_markdown_blocks_stay_paragraphs():
    body = (
        "# Not a heading but a hashtag line that is long enough to count as content here.\\n"
        "- not a list item but a dash line in the article body text.\\n"
        "1. not an ordered item either, just a sentence in the body."
    )
    html = (
        f'<html><head><script type="application/ld+json">{{"@type": "NewsArticle", "articleBody": "{body}"}}'
        "</script></head><body><div id=app></div></body></html>"
    )
    page = convert(html)
    assert page.markdown == (
        "\\# Not a heading but a hashtag line that is long enough to count as content here.\n\n"
        "\\- not a list item but a dash line in the article body text.\n\n"
        "1\\. not an ordered item either, just a sentence in the body."
    )
    assert page.text.startswith("# Not a heading")


def test_fallback_article_body_beats_a_shorter_unscored_body():
    html = """<html><head><script type="application/ld+json">{"@type": "NewsArticle",
     "articleBody": "The city opened its new central library on Monday. It holds 300,000 books."}</script>
    </head><body><div id="app"><p>Menu</p></div></body></html>"""
    assert convert(html).markdown == "The city opened its new central library on Monday. It holds 300,000 books."


def test_fallback_to_json_ld_description_then_open_graph():
    both = """<html><head><script type="application/ld+json">{"@type": "WebPage",
     "description": "A short summary of the page from JSON-LD."}</script>
    <meta property="og:description" content="The Open Graph summary."></head><body><div id="app"></div></body></html>"""
    assert convert(both).markdown == "A short summary of the page from JSON-LD."
    og_only = """<html><head><meta property="og:description" content="The Open Graph summary &amp; [more].">
    </head><body><div id="app"></div></body></html>"""
    page = convert(og_only)
    assert page.markdown == "The Open Graph summary & \\[more\\]."
    assert page.text == "The Open Graph summary & [more]."


def test_no_fallback_when_the_body_scores():
    html = f"""<html><head><script type="application/ld+json">{{"@type": "NewsArticle",
     "articleBody": "{"An article body in JSON-LD that is much longer than the visible page text. " * 10}"}}</script>
    </head><body><article>{BODY}</article></body></html>"""
    assert convert(html).markdown == BODY_MD


def test_fallback_lowers_extraction_quality():
    body = "The city opened its new central library on Monday. " * 20
    fallback = convert(f"""<html><head><script type="application/ld+json">{{"@type": "NewsArticle",
     "articleBody": "{body}"}}</script></head><body><div id="app"></div></body></html>""")
    visible = convert(f"""<html><head><script type="application/ld+json">{{"@type": "NewsArticle"}}</script>
    </head><body><article><p>{body}</p></article></body></html>""")
    assert fallback.markdown == visible.markdown == body.strip()
    assert fallback.extraction_quality < visible.extraction_quality


# -- precision and recall -----------------------------------------------------------------------------

STORY = """<p>Our continuous integration pipeline used to take forty minutes for every pull request.</p>
<p>We measured where the time went and found three big problems in the setup of the runners.</p>
<p>After these changes the median pipeline takes nineteen minutes, and nobody misses the breaks.</p>"""
STORY_MD = """Our continuous integration pipeline used to take forty minutes for every pull request.

We measured where the time went and found three big problems in the setup of the runners.

After these changes the median pipeline takes nineteen minutes, and nobody misses the breaks."""


def test_precision_drops_short_blocks_beside_the_story():
    """Two 55-character notes in a sibling block: content by default (a unit needs 50 characters),
    not with precision (70), so the region narrows to the story."""
    html = (
        f"<html><body><div class='wrap'><div class='story'>{STORY}</div>"
        "<div><p>Filed under build tooling, CI runners and their caches.</p><p>Updated twice since then, last "
        "in May after the audit.</p></div></div></body></html>"
    )
    notes = (
        "\n\nFiled under build tooling, CI runners and their caches.\n\nUpdated twice since then, last in May "
        "after the audit."
    )
    assert convert(html).markdown == STORY_MD + notes
    assert convert(html, recall=True).markdown == STORY_MD + notes
    assert convert(html, precision=True).markdown == STORY_MD


def test_precision_narrows_to_the_block_with_most_of_the_content():
    """A sibling with 10% of the content text: the default keeps both (the story holds under 92%),
    precision follows the story (over 85%)."""
    more = (
        "<p>The biggest win came from caching the dependency downloads on every runner machine.</p>"
        "<p>Sharding the test suite four ways cut the longest stage from twenty-five minutes to eleven.</p>"
    )
    more_md = (
        "\n\nThe biggest win came from caching the dependency downloads on every runner machine."
        "\n\nSharding the test suite four ways cut the longest stage from twenty-five minutes to eleven."
    )
    # (two paragraphs: a block of one after the story is passed over by rule lone-units-after)
    note = (
        "Filed under build tooling and continuous delivery practices.\n\n"
        "Written up by the build team after a month of measuring it."
    )
    paragraphs = "".join(f"<p>{line}</p>" for line in note.split("\n\n"))
    html = (
        f"<html><body><div class='wrap'><div class='story'>{STORY}{more}</div>"
        f"<div>{paragraphs}</div></div></body></html>"
    )
    assert convert(html).markdown == STORY_MD + more_md + "\n\n" + note
    assert convert(html, recall=True).markdown == STORY_MD + more_md + "\n\n" + note
    assert convert(html, precision=True).markdown == STORY_MD + more_md


def test_recall_keeps_a_short_weak_hint_block():
    """`entry-meta` is a weak furniture hint: a block with 10% of the region's text is dropped by default,
    kept with recall (which only drops such blocks under 5%)."""
    html = (
        f"<html><body><article><h1>Build times</h1>{STORY}"
        "<div class='entry-meta'><p>Jane Doe writes about builds.</p></div></article></body></html>"
    )
    assert convert(html).markdown == "# Build times\n\n" + STORY_MD
    assert convert(html, precision=True).markdown == "# Build times\n\n" + STORY_MD
    assert convert(html, recall=True).markdown == "# Build times\n\n" + STORY_MD + "\n\nJane Doe writes about builds."


def test_recall_keeps_short_lines_beside_the_story():
    """Short lines (12-24 characters) count as content only with recall; over 2% of the content text
    beside the story stops the descent at their common parent."""
    lines = "".join(f"<p>{t}</p>" for t in ("Step one: measure.", "Step two: shard.", "Step three: cache."))
    html = f"<html><body><div class='wrap'><div class='story'>{STORY}</div><div>{lines}</div></div></body></html>"
    assert convert(html).markdown == STORY_MD
    assert convert(html, recall=True).markdown == (
        STORY_MD + "\n\nStep one: measure.\n\nStep two: shard.\n\nStep three: cache."
    )


# -- exclude_selector ---------------------------------------------------------------------------------

EXCLUDE_PAGE = f"""<html><body><article><h1>Build times</h1>
<p class="lead intro">An introduction that is long enough to read as a paragraph of the story.</p>
{STORY}
<p id="editor-note">Editor's note: this post was updated with new numbers in May.</p>
</article></body></html>"""
INTRO = "An introduction that is long enough to read as a paragraph of the story."
NOTE = "Editor's note: this post was updated with new numbers in May."


@pytest.mark.parametrize(
    "selector, expected",
    [
        ((), f"# Build times\n\n{INTRO}\n\n{STORY_MD}\n\n{NOTE}"),
        (".intro", f"# Build times\n\n{STORY_MD}\n\n{NOTE}"),
        ("#editor-note", f"# Build times\n\n{INTRO}\n\n{STORY_MD}"),
        ([".lead", "#editor-note"], f"# Build times\n\n{STORY_MD}"),
        (("#no-such-id", ".no-such-class"), f"# Build times\n\n{INTRO}\n\n{STORY_MD}\n\n{NOTE}"),
    ],
)
def test_exclude_selector(selector, expected):
    assert convert(EXCLUDE_PAGE, exclude_selector=selector).markdown == expected
    # the plain region honours it too
    assert convert(EXCLUDE_PAGE, exclude_selector=selector, main_content=False).markdown == expected


@pytest.mark.parametrize("selector", ["#", ".", "", "div >", "[id=", "p::before"])
def test_exclude_selector_rejects_what_is_not_css(selector):
    with pytest.raises(ValueError, match=f"invalid exclude_selector {re.escape(repr(selector))}: "):
        convert(EXCLUDE_PAGE, exclude_selector=selector)
    with pytest.raises(ValueError, match="invalid exclude_selector"):
        convert(EXCLUDE_PAGE, exclude_selector=[".ok", selector])


# -- main_content -------------------------------------------------------------------------------------

MAIN_PAGE = f"""<html><body><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
<div class="intro"><p>This introduction sits outside the main element and is long enough to count.</p></div>
<main><h1>Title</h1>{STORY}<div class="promo-box"><p>Try our product free for thirty days, no card needed.</p></div>
</main>
<footer><p>Footer text that is long enough to read as a paragraph of content.</p></footer></body></html>"""


def test_main_content_modes():
    outside = "This introduction sits outside the main element and is long enough to count."
    promo = "Try our product free for thirty days, no card needed."
    # scoring: the one <main> holds most of the content (the paragraph beside it the rest), so it is the
    # region, furniture dropped
    assert convert(MAIN_PAGE).markdown == f"# Title\n\n{STORY_MD}"
    assert outside not in convert(MAIN_PAGE).markdown
    # forced: <main>, still without its furniture
    assert convert(MAIN_PAGE, main_content=True).markdown == f"# Title\n\n{STORY_MD}"
    # off: the plain region of docs/design.md#plain-region, exactly what html_to_text gives
    plain = convert(MAIN_PAGE, main_content=False).markdown
    assert plain == f"# Title\n\n{STORY_MD}\n\n{promo}"
    assert plain == html_to_text(MAIN_PAGE)


def test_main_content_true_uses_role_main_then_articles():
    role = f"""<html><body><div class="intro"><p>An introduction outside the main region, long enough.</p></div>
    <div role="main">{STORY}</div></body></html>"""
    assert convert(role, main_content=True).markdown == STORY_MD
    articles = """<html><body><div><p>Some text outside the articles that is long enough to count.</p></div>
    <article><p>First article with enough words to be a paragraph of content.</p></article>
    <article><p>Second article with enough words to be a paragraph of content.</p></article></body></html>"""
    assert convert(articles, main_content=True).markdown == (
        "First article with enough words to be a paragraph of content.\n\n"
        "Second article with enough words to be a paragraph of content."
    )


def test_main_content_false_on_a_page_without_landmarks_is_the_body_without_furniture():
    html = f"""<html><body><header><p>Site header with a tagline that is quite long indeed.</p></header>
    <div class="share"><a href="https://x.com/s">Share on X</a></div><div>{STORY}</div>
    <footer><p>Footer</p></footer></body></html>"""
    assert convert(html, main_content=False).markdown == "[Share on X](https://x.com/s)\n\n" + STORY_MD
    assert convert(html).markdown == STORY_MD


def test_max_length_cuts_the_markdown():
    page = convert(ARTICLE_PAGE, URL, max_length=60)
    assert page.markdown == "# How we cut our build time in half\n\nOur continuous integrat"
    assert page.text == "How we cut our build time in half\n\nOur continuous integratio"


# -- repeated blocks ----------------------------------------------------------------------------------


def test_repeated_paragraph_blocks_appear_once():
    html = """<html><body><article><h1>Release notes</h1>
    <p>Version 2.0 ships a new query planner and faster joins.</p>
    <p>The planner now reorders joins by estimated cardinality for every query.</p>
    <p>Short and repeated.</p>
    <p>Version 2.0 ships a new query planner and faster joins.</p>
    <p>Short and repeated.</p>
    </article></body></html>"""
    assert (
        convert(html).markdown
        == """# Release notes

Version 2.0 ships a new query planner and faster joins.

The planner now reorders joins by estimated cardinality for every query.

Short and repeated.

Short and repeated."""
    )


# -- fit_markdown and citations -----------------------------------------------------------------------

FIT_SOURCE = """# Release notes

Version 2.0 ships a new query planner and faster joins.

## Planner

The planner now reorders joins by [estimated cardinality](https://docs.example.com/planner).

[Planner docs](https://docs.example.com/planner) · [Blog](https://example.com/blog)

- [Changelog](https://example.com/changelog)
- [Download](https://example.com/download)

Short note.

## Deprecated

## Upgrading

### Before you start

Run the [migration tool](https://docs.example.com/upgrade) before starting the new server.

[![Logo](https://example.com/logo.png)](https://example.com/)

```
see [docs](https://docs.example.com/planner) here
```

## Appendix"""


def test_fit_markdown_drops_low_signal_blocks():
    assert (
        fit_markdown(FIT_SOURCE)
        == """# Release notes

Version 2.0 ships a new query planner and faster joins.

## Planner

The planner now reorders joins by [estimated cardinality](https://docs.example.com/planner).

## Upgrading

### Before you start

Run the [migration tool](https://docs.example.com/upgrade) before starting the new server.

```
see [docs](https://docs.example.com/planner) here
```"""
    )


def test_fit_markdown_from_convert():
    html = """<html><body><h1>Release notes</h1>
    <p>Version 2.0 ships a new query planner and faster joins.</p>
    <p><a href="https://docs.example.com/planner">Planner docs</a> | <a href="/blog">Blog</a></p>
    <p>Short note.</p><h2>Deprecated</h2><h2>Upgrading</h2>
    <p>Run the migration tool before starting the new server.</p></body></html>"""
    page = convert(html, "https://example.com/notes", main_content=False)
    assert (
        page.markdown
        == """# Release notes

Version 2.0 ships a new query planner and faster joins.

[Planner docs](https://docs.example.com/planner) | [Blog](https://example.com/blog)

Short note.

## Deprecated

## Upgrading

Run the migration tool before starting the new server."""
    )
    assert (
        page.fit_markdown
        == """# Release notes

Version 2.0 ships a new query planner and faster joins.

## Upgrading

Run the migration tool before starting the new server."""
    )


def test_citations_number_each_url_once_and_leave_code_alone():
    cited, references = with_citations(FIT_SOURCE)
    assert references == [
        {"number": 1, "url": "https://docs.example.com/planner"},
        {"number": 2, "url": "https://example.com/blog"},
        {"number": 3, "url": "https://example.com/changelog"},
        {"number": 4, "url": "https://example.com/download"},
        {"number": 5, "url": "https://docs.example.com/upgrade"},
        {"number": 6, "url": "https://example.com/"},
    ]
    assert (
        cited
        == """# Release notes

Version 2.0 ships a new query planner and faster joins.

## Planner

The planner now reorders joins by estimated cardinality [1].

Planner docs [1] · Blog [2]

- Changelog [3]
- Download [4]

Short note.

## Deprecated

## Upgrading

### Before you start

Run the migration tool [5] before starting the new server.

![Logo](https://example.com/logo.png) [6]

```
see [docs](https://docs.example.com/planner) here
```

## Appendix

## References

1. https://docs.example.com/planner
2. https://example.com/blog
3. https://example.com/changelog
4. https://example.com/download
5. https://docs.example.com/upgrade
6. https://example.com/"""
    )


def test_citations_from_convert_skip_code_spans_and_escaped_brackets():
    html = """<html><body><p>Write <code>[docs](https://x.example/y)</code> for a link, as
    <a href="https://x.example/guide">the [Markdown] guide</a> says; <a href="https://x.example/guide">it</a> is short.</p>
    <p><a href="https://x.example/"><img src="/logo.png" alt="Home"></a> and an image
    <img src="https://x.example/pic.png" alt="pic"> that is not a link.</p></body></html>"""
    page = convert(html, "https://x.example/page", main_content=False, include_images=True)
    assert page.markdown == (
        "Write `[docs](https://x.example/y)` for a link, as [the \\[Markdown\\] guide](https://x.example/guide) says; "
        "[it](https://x.example/guide) is short.\n\n"
        "[![Home](https://x.example/logo.png)](https://x.example/) and an image ![pic](https://x.example/pic.png) "
        "that is not a link."
    )
    assert page.markdown_with_citations == (
        "Write `[docs](https://x.example/y)` for a link, as the \\[Markdown\\] guide [1] says; it [1] is short.\n\n"
        "![Home](https://x.example/logo.png) [2] and an image ![pic](https://x.example/pic.png) "
        "that is not a link.\n\n## References\n\n1. https://x.example/guide\n2. https://x.example/"
    )
    assert page.references == [
        {"number": 1, "url": "https://x.example/guide"},
        {"number": 2, "url": "https://x.example/"},
    ]


def test_no_links_no_references():
    page = convert(f"<html><body><article>{BODY}</article></body></html>")
    assert page.markdown_with_citations == page.markdown == BODY_MD
    assert page.references == []


# -- extraction quality -------------------------------------------------------------------------------


def test_extraction_quality_ranks_a_full_article_above_a_near_empty_page(article):
    empty = convert("<html><body><p>Hi.</p></body></html>")
    nothing = convert("<html><body></body></html>")
    assert nothing.markdown == "" and nothing.extraction_quality == 0.0
    assert 0.0 <= empty.extraction_quality < article.extraction_quality <= 1.0
    assert article.extraction_quality >= 0.5
    assert convert(ARTICLE_PAGE, URL).extraction_quality == article.extraction_quality


def test_extraction_quality_is_bounded_for_a_long_rich_page():
    paragraphs = "".join(
        f"<h2>Part {i}</h2><p>{f'A sentence of part {i} of a long article in plain prose. ' * 10}</p>"
        for i in range(40)
    )  # distinct paragraphs: repeated blocks appear once
    html = f"""<html><head><title>Long</title><meta name="author" content="A. Writer">
    <meta name="description" content="A long read."><meta property="article:published_time" content="2024-01-01">
    </head><body><main><article>{paragraphs}</article></main></body></html>"""
    quality = convert(html).extraction_quality
    assert 0.9 <= quality <= 1.0


# -- determinism --------------------------------------------------------------------------------------

DETERMINISM_PAGES = [
    ARTICLE_PAGE,
    FORUM_PAGE,
    MAIN_PAGE,
    EXCLUDE_PAGE,
    product_page({"@type": "Product", "name": "Trail Runner 3", "offers": {"price": 1}}),
]


@pytest.mark.parametrize("index", range(len(DETERMINISM_PAGES)))
def test_same_input_same_page_and_crlf_is_lf(index):
    html = DETERMINISM_PAGES[index]
    first = convert(html, "https://forum.example.com/threads/9").to_dict()
    assert convert(html, "https://forum.example.com/threads/9").to_dict() == first
    assert convert(html.replace("\n", "\r\n"), "https://forum.example.com/threads/9").to_dict() == first
    assert convert(html.replace("\n", "\r"), "https://forum.example.com/threads/9").to_dict() == first
    assert convert(html.encode("utf-8"), "https://forum.example.com/threads/9").to_dict() == first


@pytest.mark.integration
def test_output_does_not_depend_on_the_hash_seed():
    code = (
        "import json, sys; from web2md import convert; p = convert(sys.stdin.read(), sys.argv[1]); "
        "print(json.dumps(p.to_dict(), sort_keys=True))"
    )
    html = ARTICLE_PAGE + FORUM_PAGE
    outs = {
        subprocess.run(
            [sys.executable, "-c", code, "https://forum.example.com/threads/9"],
            input=html,
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outs) == 1


WORDS = ["tide", "moon", "harbour", "sailor", "current", "wave", "coast", "salt", "storm", "pier", "the", "and", "of"]
sentence = st.lists(st.sampled_from(WORDS), min_size=3, max_size=18).map(lambda ws: " ".join(ws).capitalize() + ".")
block = st.one_of(
    st.lists(sentence, min_size=1, max_size=3).map(lambda ss: "<p>" + "\n".join(ss) + "</p>"),
    st.lists(sentence, min_size=1, max_size=3).map(lambda ss: "<ul>" + "".join(f"<li>{s}</li>" for s in ss) + "</ul>"),
    sentence.map(lambda s: f"<h2>{s}</h2>"),
    sentence.map(lambda s: f'<p>Read more: <a href="/x">{s}</a></p>'),
    sentence.map(lambda s: f'<div class="share"><a href="https://x.com/s">{s}</a></div>'),
    sentence.map(lambda s: f"<pre><code>{s}\n  {s}\n</code></pre>"),
    sentence.map(lambda s: f"<blockquote><p>{s}</p></blockquote>"),
    sentence.map(lambda s: f"<table><tr><th>{s}</th></tr><tr><td>{s}</td></tr></table>"),
)
furniture = st.sampled_from(
    [
        "",
        "<nav><a href='/'>Home</a></nav>",
        "<aside><p>Side text about tides.</p></aside>",
        "<footer><p>Copyright the coast.</p></footer>",
        "<div class='cookie'><p>Cookies!</p></div>",
    ]
)


@given(st.lists(block, min_size=1, max_size=8), furniture, furniture, st.booleans())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_generated_articles_are_deterministic(blocks, before, after, wrap):
    inner = "\n".join(blocks)
    if wrap:
        inner = f"<article>{inner}</article>"
    html = f"<html><body>{before}\n<div class='content'>{inner}</div>\n{after}</body></html>"
    page = convert(html, "https://example.org/a")
    assert convert(html, "https://example.org/a") == page
    assert convert(html.replace("\n", "\r\n"), "https://example.org/a") == page
    assert 0.0 <= page.extraction_quality <= 1.0
    assert page.markdown == page.markdown.strip()
    assert "\n\n\n" not in page.markdown
    fit = page.fit_markdown
    assert len(fit) <= len(page.markdown)
    assert [r["number"] for r in page.references] == list(range(1, len(page.references) + 1))


def test_max_length_cut_inside_a_code_block_closes_the_fence():
    html = (
        "<article><p>" + "word " * 20 + "</p><pre><code class='language-py'>print(1)\nprint(2)\nprint(3)"
        "</code></pre><p>after</p></article>"
    )
    assert convert(html, max_length=130).markdown == (
        " ".join(["word"] * 20) + "\n\n```py\nprint(1)\nprint(2)\nprint\n```"
    )
    assert convert(html, max_length=20).markdown == "word word word word"


def test_free_preview_of_a_paywalled_article_is_its_content():
    """`non-paywall` names what is outside the paywall and `preview` is not `prev`: the preview is kept."""
    html = """<html><body><header><a href="/">The Courier</a></header><main>
    <section class="row non-paywall"><article><h1>Students search for rooms</h1>
    <div class="freemium__preview"><!-- SPEAK -->Gesine has been looking for a room for more than a month and has
    sent two hundred applications through the usual portals, she estimates.</div></article></section>
    <div class="paywall"><p>Already a subscriber? Log in to keep reading this article.</p></div></main></body></html>"""
    assert convert(html, "https://courier.example/rooms").markdown == (
        "# Students search for rooms\n\nGesine has been looking for a room for more than a month and has sent two "
        "hundred applications through the usual portals, she estimates."
    )


def test_reader_comments_longer_than_the_article_are_left_out():
    """A block named as the comments is not the article, however much of the page it fills."""
    comments = "".join(
        f'<div class="comment"><p>Reader {n} writes: I disagree with the multiplier argument, because '
        f"the model leaves out what happens to savings when interest rates stay low for years.</p></div>"
        for n in range(8)
    )
    html = f"""<html><body><div class="article"><h1>The multiplier</h1>
    <p>How much output does one more euro of public spending create? The answer depends on what the central bank
    does and on how much of the money households save.</p>
    <div class="comments-container">Dieser Artikel hat 8 Kommentare. {comments}</div></div></body></html>"""
    assert convert(html, "https://economists.example/multiplier").markdown == (
        "# The multiplier\n\nHow much output does one more euro of public spending create? The answer depends on what "
        "the central bank does and on how much of the money households save."
    )


def test_page_inside_noscript_is_read_when_nothing_else_is_content():
    """A site that draws pages with scripts ships the whole text in <noscript> for browsers without them."""
    html = """<html><body><script>render()</script><noscript><div id="nojs"><div class="menu"><a href="/">Home</a>
    <a href="/news">News</a></div><h1>Bear census: a record year</h1>
    <p>At least nine female bears had cubs in the park this year, the highest number in fourteen years of
    counting, and sixteen cubs were seen in all.</p></div></noscript></body></html>"""
    assert convert(html, "https://park.example/news/1").markdown == (
        "# Bear census: a record year\n\nAt least nine female bears had cubs in the park this year, the highest "
        "number in fourteen years of counting, and sixteen cubs were seen in all."
    )


def test_noscript_is_left_out_when_the_page_has_content():
    html = """<html><body><article><h1>Tides</h1><p>Tides are the regular rise and fall of the sea, caused mostly
    by the gravity of the Moon.</p></article><noscript><p>Please enable JavaScript to see the comments on this
    article, which are loaded by a script.</p></noscript></body></html>"""
    assert convert(html, "https://example.org/tides").markdown == (
        "# Tides\n\nTides are the regular rise and fall of the sea, caused mostly by the gravity of the Moon."
    )


def test_heading_followed_by_loose_text_heads_it():
    """Text right after a heading, in no element of its own (`<h2>..</h2><br>Text<br>`), is its section."""
    html = """<html><body><article><h1>Internet law, fifth edition</h1><p>The handbook covers the whole field in one
    volume and has become a standard work since its first edition.</p><h2>Structure and contents</h2><br>
    Internet law cuts across copyright, data protection, distance selling and domain names.<br></article>
    </body></html>"""
    assert convert(html, "https://review.example/book").markdown == (
        "# Internet law, fifth edition\n\nThe handbook covers the whole field in one volume and has become a "
        "standard work since its first edition.\n\n## Structure and contents\n\nInternet law cuts across "
        "copyright, data protection, distance selling and domain names."
    )


def test_heading_over_an_inline_element_heads_it():
    """A section made of one element that is no block of its own (a MathJax formula's `<mjx-container>`, a
    `<span>`) has text, counted in the block around it: its heading stays, and the sections stay apart."""
    html = """<html><body><div class="page"><h1>Three equations</h1>
    <p>Each of these equations is shown as MathJax draws it, with the MathML kept beside it for screen readers.</p>
    <h2>The Lorenz equations</h2>
    <mjx-container class="MathJax" display="true"><mjx-math aria-hidden="true"><mjx-c></mjx-c></mjx-math>
    <mjx-assistive-mml display="block"><math display="block"><mi>x</mi><mo>=</mo><mi>y</mi></math>
    </mjx-assistive-mml></mjx-container>
    <h2>A line of its own</h2>
    <span>Words in a span are a line of the section too.</span>
    <h2>Euler's identity</h2>
    <p>The most quoted of all, joining five constants in one short line of algebra.</p></div></body></html>"""
    assert convert(html, "https://maths.example/three").markdown == (
        "# Three equations\n\nEach of these equations is shown as MathJax draws it, with the MathML kept beside it "
        "for screen readers.\n\n## The Lorenz equations\n\nx = y\n\n## A line of its own\n\nWords in a span are "
        "a line of the section too.\n\n## Euler's identity\n\nThe most quoted of all, joining five constants in "
        "one short line of algebra."
    )


def test_short_post_between_two_images_is_not_a_caption():
    html = """<html><body><div class="post"><h2>Number two</h2><div class="entry"><p>Leo arrived a few days ago.</p>
    <p><img src="/leo.jpg" alt="Leo"></p><p>This is how it looked when Henry first met him:</p>
    <p><img src="/both.jpg" alt="Both"></p><p>=)</p></div></div></body></html>"""
    assert convert(html, "https://blog.example/leo").markdown == (
        "## Number two\n\nLeo arrived a few days ago.\n\nThis is how it looked when Henry first met him:\n\n=)"
    )


def test_heading_id_made_from_its_text_is_no_hint():
    html = """<html><body><article><h1>Recycling lithium</h1><p>A new process recovers the metal from old batteries
    without melting them down first.</p><h3 id="nav_only_the_foil_remains__1">Only the foil remains</h3><p>After the
    bath, the copper foil comes out clean enough to be sold again.</p></article></body></html>"""
    assert convert(html, "https://news.example/lithium").markdown == (
        "# Recycling lithium\n\nA new process recovers the metal from old batteries without melting them down "
        "first.\n\n### Only the foil remains\n\nAfter the bath, the copper foil comes out clean enough to be sold again."
    )


def test_dateline_time_beside_the_title_is_left_out_and_a_header_module_is_kept():
    """A <time> on a line of its own is a dateline even inside a block with the title; a class word `header`
    names a heading module (`j-header`, `card-header`), not the site's header."""
    html = """<html><body><article><section class="intro"><time datetime="2019-05-15">15. Mai 2019, 05:28 Uhr</time>
    <h2>Coaches attack the railway</h2></section><p>Bus companies fear that the planned timetable will give the
    railway an unfair advantage on the main routes.</p><div class="j-module j-header"><h3>What the companies want</h3>
    </div><p>They ask for the same reduced tax rate on tickets that trains and taxis already enjoy.</p>
    <p>Posted at <time>05:28</time> by the desk.</p></article></body></html>"""
    assert convert(html, "https://news.example/coaches").markdown == (
        "## Coaches attack the railway\n\nBus companies fear that the planned timetable will give the railway an "
        "unfair advantage on the main routes.\n\n### What the companies want\n\nThey ask for the same reduced tax "
        "rate on tickets that trains and taxis already enjoy.\n\nPosted at 05:28 by the desk."
    )


def test_times_in_tables_lists_and_after_a_label_are_facts_not_datelines():
    """A <time> alone in a table cell or list item is one of a schedule's values, and one after a label is the
    label's value: none of them is the page's dateline."""
    html = """<html><body><article><h1>Release schedule</h1><p>The project ships a minor release every six weeks,
    and each release is supported until the next one is out.</p><table><tr><th>Version</th><th>Released</th></tr>
    <tr><td>1.0</td><td><time datetime="2024-03-01">2024-03-01</time></td></tr></table><ul><li><time>March 3,
    2024</time></li><li><time>April 5, 2024</time></li></ul><p><strong>Deadline:</strong> <time>3.11.2024</time></p>
    </article></body></html>"""
    assert convert(html, "https://project.example/releases").markdown == (
        "# Release schedule\n\nThe project ships a minor release every six weeks, and each release is supported "
        "until the next one is out.\n\n| Version | Released |\n|---|---|\n| 1.0 | 2024-03-01 |\n\n- March 3, 2024\n"
        "- April 5, 2024\n\n**Deadline:** 3.11.2024"
    )


def test_a_time_that_is_a_heading_is_kept():
    """A diary's or a changelog's days are headings made of a <time>: they head the entries, they are no dateline."""
    html = """<html><body><article><h1>Log of the Albatross</h1><h3><time datetime="2024-05-12">12 May 2024</time>
    </h3><p>We reached the harbour at noon after a long night of sailing against the wind.</p><h3><time
    datetime="2024-05-13">13 May 2024</time></h3><p>A quiet day in port, repairing the mainsail.</p></article>
    </body></html>"""
    assert convert(html, "https://sail.example/log").markdown == (
        "# Log of the Albatross\n\n### 12 May 2024\n\nWe reached the harbour at noon after a long night of sailing "
        "against the wind.\n\n### 13 May 2024\n\nA quiet day in port, repairing the mainsail."
    )


def test_metadata_words_without_a_colon_head_sections_and_name_list_items():
    """ "Tags", "Author", "Date" alone are a manual's or a README's headings and items, not labels of furniture."""
    html = """<html><body><main><h1>Exports</h1><p>An export is a spreadsheet with one row for every post published
    on the site during the chosen period.</p><ul><li>Date</li><li>Author</li><li>Tags</li></ul><h2>Tags</h2><p>Tags
    group posts across categories; a post can carry up to ten of them.</p><h2>Author</h2><p>Written by Jane Doe,
    who maintains the export tool.</p></main></body></html>"""
    assert convert(html, "https://docs.example/exports").markdown == (
        "# Exports\n\nAn export is a spreadsheet with one row for every post published on the site during the chosen "
        "period.\n\n- Date\n- Author\n- Tags\n\n## Tags\n\nTags group posts across categories; a post can carry up "
        "to ten of them.\n\n## Author\n\nWritten by Jane Doe, who maintains the export tool."
    )


def test_gallery_captions_are_its_text_whatever_their_class():
    """When captions hold most of the text, the page is a gallery: its captions stay, even named `slide-caption`."""
    slides = "".join(
        f'<figure class="slide"><img src="/s{n}.jpg" alt="Look {n}"><figcaption class="slide-caption">'
        f"<p>Look {n}: a bowler hat, false lashes and a little face paint make this costume in ten "
        f"minutes.</p></figcaption></figure>"
        for n in range(1, 9)
    )
    html = f"<html><body><article><h1>Halloween looks</h1>{slides}</article></body></html>"
    assert convert(html, "https://style.example/halloween").markdown == "# Halloween looks\n\n" + "\n\n".join(
        f"Look {n}: a bowler hat, false lashes and a little face paint make this costume in ten minutes."
        for n in range(1, 9)
    )


_PHOTO_LINES = [
    "Crowds line the harbour wall as the first ferry of the season comes in (Ann Lee)",
    "The captain waves from the bridge while the crew make the ropes fast (Ann Lee)",
    "Children from the island school carry a banner down the pier (Tom Berg)",
    "The harbour master cuts the ribbon on the new waiting room (Tom Berg)",
]
_PHOTO_INTRO = "The ferry to the island ran again on Saturday after two winters without it. These photos show the day."
_PHOTO_SIDEBAR = """<div class="sidebar"><h3>About this blog</h3><p>Pictures from the harbour, posted every week by
    the volunteers of the town's photo club since 2009.</p></div>"""


@pytest.mark.parametrize(
    "picture",
    [
        # a blogging tool's captioned pictures: the caption block is named for what it is
        '<div class="wp-caption aligncenter"><a href="/p/{n}.jpg"><img src="/p/{n}.jpg" alt=""></a>'
        '<p class="wp-caption-text">{line}</p></div><p>&nbsp;</p>',
        # a photo blog's pictures, each with its line of text under it in a block of its own
        '<div class="photo"><img src="/p/{n}.jpg" alt="Ferry day"><div class="text"><p>{line}</p></div></div>',
    ],
)
def test_a_post_told_in_captioned_pictures_keeps_its_captions(picture):
    """A post whose words are mostly the lines under its pictures (a gallery, a photo blog's post): those lines are
    its text, whatever markup or class they have, not captions to leave out."""
    photos = "".join(picture.format(n=n, line=line) for n, line in enumerate(_PHOTO_LINES))
    html = f"""<html><body><div class="post"><h1>Ferry day in pictures</h1><div class="entry"><p>{_PHOTO_INTRO}</p>
    {photos}</div></div>{_PHOTO_SIDEBAR}</body></html>"""
    md = convert(html, "https://harbour.example/2024/05/ferry-day/").markdown
    assert md == "\n\n".join(["# Ferry day in pictures", _PHOTO_INTRO, *_PHOTO_LINES]), md


def test_captions_beside_a_story_told_in_paragraphs_are_left_out():
    """Captions holding less than half of the post's text are captions: the story is in its paragraphs."""
    story = [
        "The ferry to the island ran again on Saturday after two winters without it, and the town came to see it.",
        "The company had stopped the crossing when its old boat failed an inspection, and a new one took a year.",
        "The council paid a third of the new boat, and the fares will stay as they were for at least two years.",
        "The first boat leaves at seven every morning, and the last one comes back from the island at nine.",
    ]
    photos = "".join(
        f'<div class="wp-caption"><img src="/p/{n}.jpg" alt=""><p class="wp-caption-text">{line}</p></div>'
        for n, line in enumerate(_PHOTO_LINES[:2])
    )
    html = f"""<html><body><div class="post"><h1>Ferry day</h1><div class="entry"><p>{story[0]}</p>{photos}
    {"".join(f"<p>{line}</p>" for line in story[1:])}</div></div>{_PHOTO_SIDEBAR}</body></html>"""
    md = convert(html, "https://harbour.example/2024/05/ferry-day/").markdown
    assert md == "\n\n".join(["# Ferry day", *story]), md


def test_cards_of_a_picture_a_heading_and_text_are_no_gallery():
    """Pictures over a heading and a line of text are cards (steps, features, teasers), not captioned pictures:
    a page of them is not read as a gallery, so the caption under the lead picture is still left out."""
    steps = "".join(
        f'<div class="step"><img src="/icon{n}.svg" alt=""><div class="text"><h3>{title}</h3><p>{line}</p></div></div>'
        for n, (title, line) in enumerate(
            [
                ("Register", "Fill in the form and join the community of testers in a minute or two."),
                ("Apply", "Answer the questions in the invitation to apply for the test you want."),
                ("Test", "Get the parcel, try the products with friends and fill in the short report."),
            ]
        )
    )
    html = f"""<html><body><main><h1>Test our products</h1><p>Every month a hundred readers test new products at
    home and tell the makers what they think of them.</p><div class="lead"><img src="/lead.jpg" alt="">
    <div class="text"><p>Testers at home with this month's parcel of new products from the makers (Ann Lee)</p>
    </div></div>{steps}</main></body></html>"""
    md = convert(html, "https://tests.example/how").markdown
    assert md.startswith("# Test our products\n\nEvery month") and "Testers at home" not in md, md


def test_bold_label_opening_a_sentence_beside_an_image_is_not_a_caption():
    html = """<html><body><article><h1>Silk Road</h1><p>The market closed after the arrest of its operator, and its
    copies did not last long either.</p><p class="bio"><img src="/avatar.png" alt=""><strong>About me</strong>: I write
    the way I talk, sarcasm and spelling mistakes included.</p></article></body></html>"""
    assert convert(html, "https://blog.example/silk-road").markdown.endswith(
        "**About me**: I write the way I talk, sarcasm and spelling mistakes included."
    )


def test_heading_after_an_icon_titles_a_card_and_is_no_caption():
    cards = "".join(
        f'<div class="feature"><img src="/icon{n}.svg" alt=""><h3>{title}</h3><p>{text}</p></div>'
        for n, (title, text) in enumerate(
            [
                ("Touch Bar", "Use the Touch Bar with your Windows apps."),
                ("Retina display", "Sharp text and images in every app."),
            ]
        )
    )
    html = f"""<html><body><main><h1>Desktop for Mac</h1><p>Run Windows applications side by side with your Mac
    apps, without rebooting and without giving up speed.</p>{cards}</main></body></html>"""
    assert convert(html, "https://vendor.example/desktop").markdown == (
        "# Desktop for Mac\n\nRun Windows applications side by side with your Mac apps, without rebooting and without "
        "giving up speed.\n\n### Touch Bar\n\nUse the Touch Bar with your Windows apps.\n\n### Retina display\n\n"
        "Sharp text and images in every app."
    )


def test_body_as_the_region_under_an_html_named_like_an_article():
    """The region can be the body itself; an <html class="post-template"> above it is not its article."""
    html = """<html class="single-post post-template"><body><p>First paragraph of the page, with enough words in it
    to count as content text in every mode.</p><div><p>Second paragraph, in a block of its own, long enough to count
    as content text in every mode as well.</p></div></body></html>"""
    for options in ({}, {"recall": True}, {"precision": True}):
        assert convert(html, "https://example.org/p", **options).markdown == (
            "First paragraph of the page, with enough words in it to count as content text in every mode.\n\n"
            "Second paragraph, in a block of its own, long enough to count as content text in every mode as well."
        )


def test_forum_opening_post_with_nothing_to_render_stays_a_comment():
    """When the first post renders empty (only an image) the thread has no main region; the page's own rendering
    leaves the posts to the comments section (no second copy), and the first post is not taken out of them."""
    posts = "".join(
        f'<div class="post-comment" id="comment-{n}"><div class="comment-author">{name}</div>'
        f'<div class="comment-text">{text}</div></div>'
        for n, name, text in [
            (1, "macfan", '<img src="/screenshot.png" alt="">'),
            (2, "chris", "Mobile data works fine here with the latest version of the system."),
            (3, "maculi", "Check the mobile data switch for the store app in the settings."),
        ]
    )
    html = f"<html><body><main>{posts}</main></body></html>"
    page = convert(html, "https://forum.example.com/forum/discussion/no-store-338679.html")
    assert page.markdown == (
        "## Comments\n\n"
        "> **chris**\n>\n> Mobile data works fine here with the latest version of the system.\n\n"
        "> **maculi**\n>\n> Check the mobile data switch for the store app in the settings."
    )


def test_a_paragraph_beside_each_picture_is_no_caption():
    """How-to steps put one paragraph beside each picture: the paragraph is the step, not the picture's caption."""
    steps = "".join(
        f'<div class="step"><img src="/step{n}.jpg" alt=""><p>{text}</p></div>'
        for n, text in enumerate(
            [
                "Remove the four screws from the back panel and lift it off.",
                "Unplug the old battery and put the new one in its place.",
            ],
            1,
        )
    )
    html = f"<html><body><article><h1>Replace the battery</h1>{steps}</article></body></html>"
    assert convert(html, "https://howto.example/battery").markdown == (
        "# Replace the battery\n\nRemove the four screws from the back panel and lift it off.\n\n"
        "Unplug the old battery and put the new one in its place."
    )


def test_page_inside_noscript_that_is_an_article_keeps_its_title():
    html = """<html><body><script>render()</script><noscript><article class="post"><h1>Bear census</h1>
    <div class="text"><p>At least nine female bears had cubs in the park this year, the highest number in fourteen
    years of counting.</p><p>Sixteen cubs were seen in all, and the rangers expect more next spring.</p></div>
    </article></noscript></body></html>"""
    assert convert(html, "https://park.example/news/1").markdown == (
        "# Bear census\n\nAt least nine female bears had cubs in the park this year, the highest number in fourteen "
        "years of counting.\n\nSixteen cubs were seen in all, and the rangers expect more next spring."
    )


def test_a_control_link_on_a_line_of_its_own_is_left_out():
    """ "Zurück zur Übersicht" or "Mehr lesen..." as a link standing alone beside the text, in a block with content."""
    html = """<html><body><article><div class="news-show"><h1>Holiday hours</h1><p>The harbour office closes early on
    the twenty-fourth and opens again on the second of January.</p><a href="/news">Zurück zur Übersicht</a>
    <p>Boats can still be moored at the visitor pier during the holidays.</p><a href="/news/2">Mehr lesen...</a>
    </div></article></body></html>"""
    assert convert(html, "https://harbour.example/news/1").markdown == (
        "# Holiday hours\n\nThe harbour office closes early on the twenty-fourth and opens again on the second of "
        "January.\n\nBoats can still be moored at the visitor pier during the holidays."
    )


def test_links_jumping_about_the_page_are_left_out():
    """Links to other places on the page, each a line of its own: to the content itself ("Skip to content", in a
    wrapper around the whole page), to a place no element is (a script's), and to the comments, which are no text of
    the story."""
    html = """<html><body><div id="page"><div></div><a href="#story">Skip to content</a>
    <div id="story"><h1>Harbour dredging</h1><p>The dredgers start work in the outer harbour on Monday and will keep
    the channel at nine metres for the ferries.</p><p>Moorings on the north quay move to the east pontoon until the
    work is done in May.</p></div>
    <a href="#nav"><span>Skip to navigation</span></a>
    <div id="comments" class="comments"><h3>2 comments</h3><div class="comment"><p>Good news for the ferry crews,
    who have waited two years for this.</p></div><div class="comment"><p>What about the fishing boats on the north
    quay?</p></div></div><a href="#comments">Jump to comments</a></div></body></html>"""
    assert convert(html, "https://harbour.example/news/dredging").markdown == (
        "# Harbour dredging\n\nThe dredgers start work in the outer harbour on Monday and will keep the channel at nine "
        "metres for the ferries.\n\nMoorings on the north quay move to the east pontoon until the work is done in May."
    )
    # skipping to the block that holds the story inside the article
    html = """<html><body><article><header><h1>Harbour dredging</h1></header><a href="#text">Skip to the story</a>
    <div id="text"><p>The dredgers start work in the outer harbour on Monday and will keep the channel at nine metres
    for the ferries.</p><p>Moorings on the north quay move to the east pontoon until the work is done in May.</p></div>
    </article></body></html>"""
    assert convert(html, "https://harbour.example/news/dredging").markdown == (
        "# Harbour dredging\n\nThe dredgers start work in the outer harbour on Monday and will keep the channel at nine "
        "metres for the ferries.\n\nMoorings on the north quay move to the east pontoon until the work is done in May."
    )


def test_a_lone_link_to_a_section_of_the_text_is_kept():
    """A link to a section of the story written as a line of its own between its paragraphs is the text's own
    pointer, its address written escaped (`#%C3%A9t%C3%A9`) or not; a footnote's number links to its note (here
    outside the article) from inside a sentence."""
    html = """<html><body><article><h1>Harbour works</h1><p>The dredgers start work in the outer harbour on Monday
    and will keep the channel at nine metres for the ferries<sup><a href="#note-1">1</a></sup>.</p>
    <a href="#%C3%A9t%C3%A9">Summer moorings are listed below</a>
    <p>Moorings on the north quay move to the east pontoon until the work is done in May.</p>
    <h2 id="été">Summer moorings</h2><p>The pontoon stays open all summer, and the harbour office takes bookings from
    the first of March.</p></article><footer><p id="note-1">1. Chart datum.</p></footer></body></html>"""
    assert convert(html, "https://harbour.example/news/works").markdown == (
        "# Harbour works\n\nThe dredgers start work in the outer harbour on Monday and will keep the channel at nine "
        "metres for the ferries1.\n\nSummer moorings are listed below\n\nMoorings on the north quay move to the east "
        "pontoon until the work is done in May.\n\n## Summer moorings\n\nThe pontoon stays open all summer, and the "
        "harbour office takes bookings from the first of March."
    )


BLOG_POST_PARAGRAPHS = (
    "<p>The ferry to the north islands runs twice a day again from Monday, after three weeks of repairs to its "
    "bow door.</p><p>The harbour office asks drivers to book ahead: the deck holds twenty cars, and the first "
    "crossings are nearly full.</p>"
)
BLOG_POST_MD = (
    "The ferry to the north islands runs twice a day again from Monday, after three weeks of repairs to its bow "
    "door.\n\nThe harbour office asks drivers to book ahead: the deck holds twenty cars, and the first crossings are "
    "nearly full."
)


def blog_post(header_extra: str, site_href: str = "/") -> str:
    """A blog's post page: the blog's name as the `<h1>` linking to the blog, the post's title as a heading linking
    to the post, in a header block with `header_extra`, then the post."""
    return f"""<html><head><title>The ferry is back &laquo; Harbour Notes</title></head><body><div id="top"><h1><a
    href="{site_href}">Harbour Notes</a></h1></div><div id="content"><div class="post"><div class="post-header"><h2><a
    href="/notes/2024/05/the-ferry-is-back" rel="bookmark">The ferry is back</a></h2>{header_extra}</div>
    {BLOG_POST_PARAGRAPHS}</div></div></body></html>"""


def test_a_posts_linked_title_over_its_byline_is_kept():
    """A blog post's title is a link to the post, in a header block with its byline: the block is mostly link, yet
    it is the story's header, not a menu; the byline goes as ever, the title stays."""
    page = blog_post('<p>by <a href="/notes/author/ann">Ann</a> on May 3, 2024</p>')
    assert convert(page, "https://harbour.example/notes/2024/05/the-ferry-is-back").markdown == (
        "## The ferry is back\n\n" + BLOG_POST_MD
    )


def test_a_menu_beside_the_posts_title_is_no_header_of_it():
    """A block holding the post's title and a menu of the blog's pages is navigation: more links beside the title
    than a byline has (the author, a section or two) leave it to be judged by its links."""
    menu = "".join(f'<a href="/notes/{page}">{page.title()}</a> | ' for page in ("about", "archive", "maps", "tides"))
    page = blog_post(f"<p>{menu}</p>")
    assert convert(page, "https://harbour.example/notes/2024/05/the-ferry-is-back").markdown == BLOG_POST_MD


def test_noscript_inside_the_page_read_without_scripts_shows_its_content():
    """A browser without scripts shows every <noscript>: one inside the page read from a <noscript> (a widget's
    fallback, a block loaded by a script) is part of that page."""
    html = """<html><body><div id="app"></div><script>render()</script><noscript><div id="nojs">
    <h1>Bear census: a record year</h1><p>At least nine female bears had cubs in the park this year, the highest
    number in fourteen years of counting.</p><div class="lazy-text"><noscript><p>Sixteen cubs were seen in all, and
    the rangers expect more of them next spring.</p></noscript></div></div></noscript></body></html>"""
    assert convert(html, "https://park.example/news/1").markdown == (
        "# Bear census: a record year\n\nAt least nine female bears had cubs in the park this year, the highest "
        "number in fourteen years of counting.\n\nSixteen cubs were seen in all, and the rangers expect more of them "
        "next spring."
    )


def test_body_text_in_divs_beside_pictures_is_no_caption():
    """A page that writes its text in divs (how-to steps, icon cards): the div after each picture is a step or a
    card's title over its text, not a caption; a short line in a span under a lone picture still is one."""
    html = """<html><body><article><h1>Replace the battery</h1>
    <div class="intro">You need a small screwdriver and about ten minutes for the whole job.</div>
    <div class="visual"><img src="/phone.jpg" alt=""><span>The phone, face down</span></div>
    <div class="step"><img src="/step1.jpg" alt=""><div class="step-title">Open the case</div>
    <div class="step-text">Remove the four screws from the back panel and lift it off.</div></div>
    <div class="step"><img src="/step2.jpg" alt=""><div class="step-text">Unplug the old battery and put the new
    one in its place.</div></div></article></body></html>"""
    assert convert(html, "https://howto.example/battery").markdown == (
        "# Replace the battery\n\nYou need a small screwdriver and about ten minutes for the whole job.\n\n"
        "Open the case\n\nRemove the four screws from the back panel and lift it off.\n\n"
        "Unplug the old battery and put the new one in its place."
    )


def test_div_caption_under_a_lone_image_in_an_article_written_in_paragraphs():
    """Where the text is in paragraphs, a div of a sentence or two under a lone image is its caption."""
    html = """<html><body><article><h1>Low water</h1><p>The harbour dries out twice a day, and the boats settle on
    the mud until the tide comes back in.</p><div class="media"><a href="/img/harbour.jpg"><img src="/harbour.jpg"
    alt=""></a><div class="media-text">Boats resting on the mud of the inner harbour at low water, seen from the
    pier.</div></div><p>The harbour office publishes the times of high and low water a year ahead.</p></article>
    </body></html>"""
    assert convert(html, "https://coast.example/low-water").markdown == (
        "# Low water\n\nThe harbour dries out twice a day, and the boats settle on the mud until the tide comes back "
        "in.\n\nThe harbour office publishes the times of high and low water a year ahead."
    )


def test_a_quote_or_list_item_holding_an_image_keeps_its_text():
    """An image inside a quote or a list item is the quote's or the item's own: the text beside it is no caption."""
    html = """<html><body><article><h1>Our mission</h1><p>We help people share their work with the world, and we
    have done so for twenty years with partners on every continent.</p>
    <blockquote><img src="/quote-mark.png" alt=""><div>Our work is to build a vibrant, usable commons.</div>
    </blockquote><ul><li><img src="/icon-a.png" alt=""><div>Free licences for everyone</div></li>
    <li><img src="/icon-b.png" alt=""><div>Tools to find shared works</div></li></ul>
    <p>Everything we publish is free to copy, adapt and share again.</p></article></body></html>"""
    assert convert(html, "https://commons.example/mission").markdown == (
        "# Our mission\n\nWe help people share their work with the world, and we have done so for twenty years with "
        "partners on every continent.\n\n> Our work is to build a vibrant, usable commons.\n\n"
        "- Free licences for everyone\n- Tools to find shared works\n\n"
        "Everything we publish is free to copy, adapt and share again."
    )


def test_related_heading_over_links_goes():
    """A "Related" heading over a list of links labels furniture: both go, the article's text after them stays."""
    html = """<html><body><article><h1>Choosing a tide table</h1><p>Tide tables give the times and heights of high
    and low water for one harbour, a year at a time.</p>
    <h3>Related</h3><ul><li><a href="/tides/why">Why there are two tides a day</a></li>
    <li><a href="/tides/spring">Spring and neap tides</a></li></ul>
    <p>Online tables are updated when the harbour authority corrects its predictions.</p></article></body></html>"""
    assert convert(html, "https://coast.example/tide-tables").markdown == (
        "# Choosing a tide table\n\nTide tables give the times and heights of high and low water for one harbour, "
        "a year at a time.\n\nOnline tables are updated when the harbour authority corrects its predictions."
    )


VIDEO_BESIDE_ARTICLE = """<html><body><div id="wrap"><div id="main">
<article><h1>Harbour reopens after the storm</h1>
<p>The harbour reopened on Monday after three days of repairs to the sea wall, the port authority said in a statement.</p>
<p>Fishing boats were the first to leave, followed by the morning ferry, which ran forty minutes late but full.</p>
<p>Engineers will inspect the wall again next week, and the authority expects the works to end before the summer season.</p>
<p>Residents who lost power during the storm should have it back by Wednesday, according to the electricity board.</p>
</article>
<div class="player"><h3>Watch: lifeboat crews train off the coast</h3>
<p>Lifeboat volunteers spent the weekend practising rescues in rough water, a drill they repeat every spring before the season.</p></div>
</div></div></body></html>"""


def test_an_articles_title_and_lead_in_a_block_ahead_of_it_come_along():
    """The region is the body of an `<article>` whose title and lead sit in a block of their own before it: the
    block holding both is the article, as it is when the body is in no article."""
    html = """<html><body><div class="page"><div class="head"><h1>Harbour wall repaired</h1>
    <p>The sea wall reopened on Monday after three days of works, ahead of the spring tides.</p></div>
    <article><div class="text">
    <p>Engineers replaced forty metres of the wall's facing stones, which the February storm had torn loose.</p>
    <p>The port authority said the works cost less than feared, as most of the stones could be used again.</p>
    <p>Fishing boats left the harbour at dawn on Monday, followed by the morning ferry to the islands.</p>
    </div></article></div></body></html>"""
    assert convert(html, "https://news.example/harbour").markdown == (
        "# Harbour wall repaired\n\nThe sea wall reopened on Monday after three days of works, ahead of the spring "
        "tides.\n\nEngineers replaced forty metres of the wall's facing stones, which the February storm had torn "
        "loose.\n\nThe port authority said the works cost less than feared, as most of the stones could be used "
        "again.\n\nFishing boats left the harbour at dawn on Monday, followed by the morning ferry to the islands."
    )


def test_the_one_article_among_blocks_beside_it_is_the_region():
    # the <article> holds most, not nearly all, of the content text: the markup names the content
    page = convert(VIDEO_BESIDE_ARTICLE, "https://news.example/harbour")
    assert (
        page.markdown
        == """# Harbour reopens after the storm

The harbour reopened on Monday after three days of repairs to the sea wall, the port authority said in a statement.

Fishing boats were the first to leave, followed by the morning ferry, which ran forty minutes late but full.

Engineers will inspect the wall again next week, and the authority expects the works to end before the summer season.

Residents who lost power during the storm should have it back by Wednesday, according to the electricity board."""
    )


def test_role_main_names_the_region_whatever_its_case():
    # HTML attribute values such as role are matched without regard to case, as the analysis walk does
    as_role = VIDEO_BESIDE_ARTICLE.replace("<article>", '<div role="MAIN">').replace("</article>", "</div>")
    assert as_role != VIDEO_BESIDE_ARTICLE
    page = convert(as_role, "https://news.example/harbour")
    assert page.markdown == convert(VIDEO_BESIDE_ARTICLE, "https://news.example/harbour").markdown


def test_two_articles_side_by_side_are_no_single_region():
    two = VIDEO_BESIDE_ARTICLE.replace('<div class="player">', '<article class="player">').replace(
        "season.</p></div>", "season.</p></article>"
    )
    assert "Lifeboat volunteers" in convert(two, "https://news.example/harbour").markdown


PRESS_TAIL = (
    "<h2>About Harbour Research</h2><p>Harbour Research studies coasts and the sea in twelve countries "
    "and publishes its data openly for schools.</p>"
    "<div class='legal'><h3>Forward-looking statements</h3><p>This release contains statements about "
    "future events that involve risks and uncertainties.</p></div>"
    "<h2>Media contact</h2><p>Jane Doe<br>press@harbour.example</p>"
)


BOLD_PRESS_TAIL = (
    "<p><strong>About Harbour Research</strong></p><p>Harbour Research studies coasts and the sea in "
    "twelve countries and publishes its data openly for schools.</p>"
    "<p><b>Forward-looking statements</b><br>This release contains statements about future events "
    "that involve risks and uncertainties.</p>"
    "<p><strong>Media contact:</strong></p><p>Jane Doe<br>press@harbour.example</p>"
)


@pytest.mark.parametrize("tail", [PRESS_TAIL, BOLD_PRESS_TAIL])
def test_closing_notes_of_a_press_release_are_left_out(tail):
    """Sections at the end of an article headed as the publisher's self-description, press contacts or legal notices
    are not the story, whatever their markup (a heading, a block that opens with one, a paragraph in bold)."""
    html = f"<html><body><article>{BODY}{tail}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_section_of_the_story_after_an_about_heading_keeps_it():
    """Notes are what closes the article: a section headed "About ..." followed by more of the story is content."""
    middle = "<h2>About the Moon</h2><p>The Moon is about a quarter of the size of the Earth.</p>"
    after = "<h2>Neap tides</h2><p>Neap tides happen when the Sun and the Moon pull at right angles.</p>"
    md = convert(
        f"<html><body><article>{BODY}{middle}{after}</article></body></html>", "https://example.org/tides"
    ).markdown
    assert md == (
        BODY_MD + "\n\n## About the Moon\n\nThe Moon is about a quarter of the size of the Earth."
        "\n\n## Neap tides\n\nNeap tides happen when the Sun and the Moon pull at right angles."
    )


def test_an_about_page_is_its_own_content():
    """Notes holding half the page's text or more are what the page is about (an "About us" page)."""
    about = "<h2>About Harbour Research</h2>" + "".join(
        f"<p>Harbour Research studies the coasts of {n} countries and publishes its data.</p>"
        for n in ("twelve", "nine", "four", "two")
    )
    md = convert(
        f"<html><body><article><h1>Who we are</h1><p>We are a small team.</p>{about}</article></body></html>",
        "https://example.org/about",
    ).markdown
    assert md.startswith("# Who we are\n\nWe are a small team.\n\n## About Harbour Research\n\n")
    assert md.endswith("Harbour Research studies the coasts of two countries and publishes its data.")


def headline_pairs(count: int) -> str:
    return "".join(
        f"<p><a href='/local/{n}'>Headline number {n} about the harbour</a></p>"
        f"<p>A one-line summary of story {n} that tells a little.</p>"
        for n in range(1, count + 1)
    )


def test_teasers_written_as_paragraphs_after_the_story_are_left_out():
    """Headlines written as paragraphs that are one link, each over a one-line summary, closing the article: the
    headline lines go as link-only lines, and their summaries with them (no summary without its headline)."""
    html = (
        f"<html><body><main>{BODY}<h2>Read more</h2>{headline_pairs(4)}<p><a href='/local'>All stories</a></p>"
        f"</main></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_headline_paragraphs_followed_by_the_story_are_content():
    """The same run inside the story (more of it follows) is left alone, as two pairs at its end are (no run); its
    headline lines are link-only lines, left out as before."""
    after = "Neap tides happen when the Sun and the Moon pull at right angles to each other."
    for count, tail in ((4, after), (2, "")):
        html = f"<html><body><main>{BODY}{headline_pairs(count)}{f'<p>{tail}</p>' if tail else ''}</main></body></html>"
        summaries = "".join(f"\n\nA one-line summary of story {n} that tells a little." for n in range(1, count + 1))
        assert convert(html, "https://example.org/tides").markdown == BODY_MD + summaries + (
            f"\n\n{tail}" if tail else ""
        )


def test_a_weakly_named_block_after_the_title_is_still_the_content():
    """After the title, a weak name (`side-panel`) does not pass the body over: only blocks ahead of the title are."""
    html = (
        f"<html><body><div id='page'><div class='head'><h1>Tides explained</h1></div>"
        f"<div class='side-panel'>{PARAGRAPHS}</div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


@pytest.mark.parametrize(
    "label",
    [
        "<div>Advertisement</div>",
        "<p><span>ANZEIGE</span></p>",
        "<div><span>Story continues below advertisement</span></div>",
        "<p class='css-1x9k2q'>Advertisement - scroll to continue</p>",
        "<div><div>ADVERTISEMENT</div><span>Scroll to continue with content</span></div>",
        # the slot's script or style sheet beside its label: their code is no text of the block
        "<div><span>ANZEIGE</span><script>window.ads = window.ads || []; ads.push('slot-1');</script></div>",
        "<div>- Advertisement -<style>.slot { min-height: 250px }</style><script>load()</script></div>",
    ],
)
def test_the_label_of_an_empty_ad_slot_is_left_out(label):
    """An ad slot whose ad a script loads keeps only its label in the page: a label over furniture."""
    first, rest = PARAGRAPHS.split("\n", 1)
    html = f"<html><body><article><h1>Tides explained</h1>\n{first}{label}<div class='slot'></div>{rest}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_short_line_beside_a_script_is_read_without_the_scripts_code():
    """A line of the story beside a script stays, read as shown (not as a label followed by code)."""
    line = "<div>Advertising, he said, kept the paper alive.<script>track('quote')</script></div>"
    html = f"<html><body><article>{BODY}{line}</article></body></html>"
    assert (
        convert(html, "https://example.org/tides").markdown
        == BODY_MD + "\n\nAdvertising, he said, kept the paper alive."
    )


def test_a_sentence_about_advertising_is_content():
    sentence = "Advertisement revenue of the harbour authority fell by a third last year."
    html = f"<html><body><article>{BODY}<p>{sentence}</p></article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + "\n\n" + sentence


@pytest.mark.parametrize(
    "notice",
    [
        "<p>Copyright 2026 The Harbour Press. All rights reserved. This material may not be redistributed.</p>",
        "<p><em>© Harbour Herald 2026</em></p>",
        "<div><small>© 2026 Harbour Media <a href='/terms'>Terms</a></small></div>",
    ],
)
def test_a_copyright_notice_after_the_story_is_left_out(notice):
    html = f"<html><body><article>{BODY}{notice}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


@pytest.mark.parametrize(
    "notice",
    [
        "<span class='q7'>© 2026 The Harbour Wire. All Rights Reserved. This material may not be published, "
        "broadcast, rewritten or redistributed.</span> <a name='replies'></a>",
        "<br><small class='q7'>Copyright 2026 Harbour Media. All rights reserved. Reprints of this story may be "
        "ordered from the harbour office.</small><br>",
    ],
)
def test_a_copyright_line_between_the_storys_blocks_is_left_out(notice):
    """An inline element holding a notice between the story's block and the next block: its text is its parent's
    loose text, whatever its class."""
    html = (
        f"<html><body><div class='q1'><h1>Tides</h1><div class='q2'>{BODY}</div> {notice} <div class='q3'></div>"
        "</div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == "# Tides\n\n" + BODY_MD


def test_a_notice_inside_a_line_of_loose_text_stays():
    """A credit opening loose text, or a notice in the middle of a line, is part of that line."""
    line = "<span>© Harbour Media</span> The new charts show the sandbanks that moved in the winter storms."
    html = f"<html><body><div class='q1'><h1>Tides</h1><div class='q2'>{BODY}</div>{line}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == (
        "# Tides\n\n"
        + BODY_MD
        + "\n\n© Harbour Media The new charts show the sandbanks that moved in the winter storms."
    )


def test_sentences_about_copyright_and_credits_ahead_of_a_paragraph_are_content():
    """A sentence about copyright is no notice; nor is a paragraph that a credit opens in an element of its own."""
    sentence = "Copyright law changed in 2019, when the harbour charts went into the public domain."
    credited = (
        "<p><span class='attribution'>© Harbour Media</span> The new charts show the sandbanks that moved "
        "in the winter storms.</p>"
    )
    html = f"<html><body><article>{BODY}<p>{sentence}</p>{credited}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == (
        BODY_MD
        + f"\n\n{sentence}\n\n© Harbour Media The new charts show the sandbanks that moved in the winter storms."
    )


def test_separators_between_links_are_no_words():
    """A line of links is link-dense whatever separates them ("|", "•", "–"); a sentence with dashes and a link is not."""
    meta = (
        "<p>Posted in <a href='/c/local'>Local</a> | Tagged <a href='/t/tides'>tides</a> • "
        "<a href='/t/moon'>moon</a> – <a href='/t/sea'>sea</a></p>"
    )
    sentence = "The survey – run by <a href='/harbour'>the harbour office</a> – starts again in April."
    html = f"<html><body><article>{BODY}<p>{sentence}</p>{meta}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == (
        BODY_MD + "\n\nThe survey – run by [the harbour office](https://example.org/harbour) – starts again in April."
    )


def test_a_credit_naming_who_made_the_picture_is_left_out():
    """ "Photo by <name>" on a line of its own is a credit; "Photo by photo, ..." opens a sentence."""
    first, rest = PARAGRAPHS.split("\n", 1)
    sentence = "Photo by photo, the archive shows how the harbour grew."
    html = (
        f"<html><body><article><h1>Tides explained</h1>\n{first}<div><img src='/tide.jpg'></div>"
        f"<p>Photo by Jane Doe on Unsplash</p>{rest}<p>{sentence}</p></article></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + "\n\n" + sentence


@pytest.mark.parametrize(
    "caption",
    [
        "<p class='q7'>The harbour wall at low tide. © Harbour Media / Jane Doe</p>",
        "<div class='q7'>Ann Lee checks the gauge on the pier (Photo: Jane Doe/Reuters)</div>",
        "<p class='q7'>Die Hafenmauer bei Ebbe. Foto: Jane Doe/dpa</p>",
        "<p class='q7'>Ann Lee checks the gauge on the pier, Tuesday, Aug. 7, 2012. (AP Photo/Jane Doe)</p>",
    ],
    ids=["copyright-sign", "photo-label", "foto-label", "agency-photo"],
)
def test_a_caption_closing_with_its_pictures_credit_is_left_out_whatever_its_class(caption):
    """A short block closing with a picture's credit after words of its own is a caption, in a <p> or a <div> after
    a block holding the picture, with no class naming it (`closing-credits`)."""
    first, rest = PARAGRAPHS.split("\n", 1)
    html = (
        f"<html><body><article><h1>Tides explained</h1>\n{first}<div class='q6'><a href='/tide.jpg'>"
        f"<img src='/tide-small.jpg'></a></div>{caption}{rest}</article></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_paragraph_closing_with_its_source_or_a_colon_in_a_sentence_stays():
    """A story's paragraph naming its source at the end ("(Quelle: SWR)"), one whose photo is the subject of a
    sentence after a colon, and a sentence after a capitalised one are no closing credits."""
    lines = [
        "The harbour office says the wall will be raised next year. (Source: Harbour Office)",
        "Die Ermittlungen zum Fall gehen weiter. (Quelle: SWR)",
        "One thing stood out in the old photo: the harbour wall had moved",
        "The Photo: it shows the harbour. Then the tide came in",
        "The old prints are kept in the harbour office's Photo/Film archive",
    ]
    html = f"<html><body><article>{BODY}{''.join(f'<p>{line}</p>' for line in lines)}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + "".join(f"\n\n{line}" for line in lines)


def test_a_quoted_passage_closing_with_a_credit_stays():
    """A passage the story quotes (a space agency's note on a picture, in a <blockquote>) is the quote's text,
    however it closes."""
    quote = "The satellite took this image of the storm on the morning of October 31. Credit: NASA/NOAA"
    html = f"<html><body><article>{BODY}<blockquote><p>{quote}</p></blockquote></article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + f"\n\n> {quote}"


@pytest.mark.parametrize(
    "line", ["<p>Tags: tides, moon, sea</p>", "<div>Filed under: Tides</div>", "<p>Themen: Gezeiten, Mond</p>"]
)
def test_a_line_filing_the_page_under_its_topics_is_left_out(line):
    html = f"<html><body><article>{BODY}{line}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


def test_a_category_or_a_sentence_after_a_topic_label_is_content():
    """An award's category is a fact about the subject; a label over sentences heads prose."""
    lines = ["Category: Children's books", "Topics: the survey covers tides. It also covers the moon."]
    html = f"<html><body><article>{BODY}{''.join(f'<p>{line}</p>' for line in lines)}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + "".join(f"\n\n{line}" for line in lines)


def test_a_list_of_links_holding_most_of_the_region_is_its_content():
    """Link density finds furniture beside the content: a list of links that is most of the article (its talks, its
    reading list) is what the article holds."""
    items = "".join(
        f"<li><a href='/talks/{n}'>Talk {n}: the sea, the Moon and the tides of the north coast</a></li>"
        for n in range(8)
    )
    html = (
        "<html><body><div class='page'><article><h1>Talks on the tides</h1><p>Eight talks from the harbour's winter "
        f"series, each about an hour long, recorded in the old lifeboat house.</p><ul>{items}</ul></article>"
        "<aside><a href='/'>Home</a></aside></div></body></html>"
    )
    assert convert(html, "https://example.org/talks").markdown == (
        "# Talks on the tides\n\nEight talks from the harbour's winter series, each about an hour long, recorded in "
        "the old lifeboat house.\n\n"
        + "\n".join(
            f"- [Talk {n}: the sea, the Moon and the tides of the north coast](https://example.org/talks/{n})"
            for n in range(8)
        )
    )


def test_text_pasted_block_after_block_under_a_furniture_class_is_the_article():
    """A post pasted from elsewhere can carry a byline's class on every paragraph (inline spans at that): blocks of one
    class that together hold most of the region's text are its content, whatever the class says."""
    paragraphs = [
        "Tides are the regular rise and fall of the sea caused mostly by the gravity of the Moon and the Sun.",
        "Most coasts see two high tides and two low tides every lunar day of about twenty-four hours and fifty minutes.",
        "Spring tides happen near new and full moon, when the Sun and the Moon pull along the same line.",
    ]
    spans = "<br>".join(f"<span class='byline-author'>{p}</span>" for p in paragraphs)
    html = (
        "<html><body><div class='page'><div class='post'><h1>Tides explained</h1><div class='post-body'>"
        f"{spans}</div></div><div class='sidebar'><a href='/'>Home</a></div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == "# Tides explained\n\n" + "\\\n".join(paragraphs)


def test_an_aside_holding_the_headline_and_the_text_is_the_article():
    """An <aside> is furniture, unless the page's markup puts its article in one: the headline and its text."""
    body = "".join(
        f"<p>{p}</p>"
        for p in (
            "Tides are the regular rise and fall of the sea caused mostly by the gravity of the Moon and the Sun.",
            "Most coasts see two high tides and two low tides every lunar day of about twenty-four hours.",
        )
    )
    html = (
        "<html><body><section id='left'><aside class='blogPost'><h1>Tides explained</h1><div class='text'>"
        f"{body}</div></aside><div class='respond'><h3>Leave a reply</h3><p>Your email address will not be published. "
        "Required fields are marked, and comments wait for approval before they appear.</p></div></section>"
        "<section id='right'><div class='box'><h3>About this blog</h3><p>Notes on the sea, the weather and the boats "
        "of the north coast, written since 2009 by the harbour's volunteers.</p></div></section></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == (
        "# Tides explained\n\nTides are the regular rise and fall of the sea caused mostly by the gravity of the Moon "
        "and the Sun.\n\nMost coasts see two high tides and two low tides every lunar day of about twenty-four hours."
    )


def test_prose_in_an_inline_element_around_blocks_is_measured_whole():
    """Old editors wrap a whole post in <font> around <div>s: its link density is that of all its text, not of the
    blocks inside it alone (a line that is a link must not make the post navigation)."""
    html = (
        "<html><body><div class='post'><h1>Tides explained</h1><div class='body'><font size='3'>Tides are the regular "
        "rise and fall of the sea caused mostly by the gravity of the Moon and the Sun, and most coasts see two high "
        "tides and two low tides every lunar day of about twenty-four hours and fifty minutes."
        "<div><a href='/tables'>Get the harbour's tide tables</a>.</div></font></div></div>"
        "<aside><p>Notes on the sea and the boats of the north coast.</p></aside></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == (
        "# Tides explained\n\nTides are the regular rise and fall of the sea caused mostly by the gravity of the Moon "
        "and the Sun, and most coasts see two high tides and two low tides every lunar day of about twenty-four hours "
        "and fifty minutes."
    )


def test_a_post_written_in_one_weakly_named_span_of_a_paragraph_is_the_article():
    # the post's text sits in an inline element (`<p><span class="feed">` with line breaks) whose class names it
    # furniture weakly; its text is counted in the paragraph's, but it is the article
    lines = "".join(
        f"Note {n}: the harbour gauge recorded two high waters and two low waters on day {n} of the survey, "
        f"and the range grew as the Moon moved towards its full phase.<br><br>"
        for n in range(1, 5)
    )
    links = "".join(f'<li><a href="/b{i}">Blog number {i} of the list</a></li>' for i in range(8))
    html = f"""<html><head><title>Tide notes</title></head><body><table><tr>
<td><div class="post"><h2>Tide notes</h2><p><span class="feed">{lines}</span></p>
<p class="byline">Posted by Ann</p></div>
<div class="comments"><p>Nice post, thanks for the notes on the harbour gauge and the survey days.</p>
<p>I measured the same tides last year and found the range grew just the same way.</p></div></td>
<td><div class="links"><h3>Elsewhere</h3><ul>{links}</ul></div></td>
</tr></table></body></html>"""
    notes = "\n\n".join(
        f"Note {n}: the harbour gauge recorded two high waters and two low waters on day {n} of the survey, "
        f"and the range grew as the Moon moved towards its full phase."
        for n in range(1, 5)
    )
    assert convert(html, "https://example.org/tides").markdown == "## Tide notes\n\n" + notes


def test_a_short_post_of_links_over_a_long_comment_thread_is_measured_without_the_thread():
    # the descent stops above the post and its longer thread; the post's body is mostly links, and held against the
    # region with its thread it was navigation (only the title was left)
    comments = "".join(
        f"<div class='comment-body'><p>Reader {n} wrote: I went to the harbour on day {n} and watched the gauge too, "
        f"and the range grew exactly as you say, which surprised my neighbours.</p><p>Posted on day {n} at noon.</p>"
        "</div>"
        for n in range(1, 9)
    )
    html = f"""<html><head><title>More harbour photographs</title></head><body>
<div class="site"><h3><a href="/">Harbour blog</a></h3></div>
<div class="content"><div class="post"><h1>More harbour photographs</h1>
<div class="meta">By Ann | Published: 28 October</div>
<div class="entry"><p>Besides the <a href="/tides">first set</a> of photographs of the spring tide I showed a few days ago,
here are a few more from the harbour, found on <a href="https://photos.example.net/">the photo site</a>:</p>
<p><a href="https://photos.example.net/harbour/1">High water at the north quay</a></p>
<p><a href="https://photos.example.net/harbour/2">Low water at the old slipway</a></p></div>
<div class="utility">This entry was posted in <a href="/c/photos">Photos</a> and tagged <a href="/t/tides">tides</a>.
Bookmark the <a href="/photos">permalink</a>.</div></div>
<div class="comments"><h2>8 comments</h2>{comments}</div></div></body></html>"""
    # (a paragraph that is one link is left out here as in any article)
    assert convert(html, "https://example.org/photos").markdown == (
        "# More harbour photographs\n\nBesides the [first set](https://example.org/tides) of photographs of the spring "
        "tide I showed a few days ago, here are a few more from the harbour, found on "
        "[the photo site](https://photos.example.net/):"
    )


def test_links_that_show_their_address_are_cited_sources():
    """A list of links, or a paragraph that is one link, whose text is the address written out cites a source: it
    stays with the story. Links with titles, or an address after a label ("Facebook: www...", a profile line), are
    read as before: link-dense lines that go."""
    sources = (
        "<h3>Sources</h3><ul><li><a href='https://tides.example.org/tables.html'>https://tides.example.org/tables.html"
        "</a></li><li><a href='http://www.moon.example.net/'>www.moon.example.net</a></li></ul>"
        "<p><a href='https://sea.example.com/a?b=1'>https://sea.example.com/a?b=1</a></p>"
    )
    titled = "<ul><li><a href='/tides/why'>Why there are two tides a day</a></li><li><a href='/tides/spring'>Spring"
    titled += " and neap tides</a></li></ul><p>Facebook: <a href='https://fb.example.com/x'>fb.example.com/x</a></p>"
    html = f"<html><body><article>{BODY}{sources}{titled}</article></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD + (
        "\n\n### Sources\n\n- [https://tides.example.org/tables.html](https://tides.example.org/tables.html)\n"
        "- [www.moon.example.net](http://www.moon.example.net/)\n\n"
        "[https://sea.example.com/a?b=1](https://sea.example.com/a?b=1)"
    )


def test_a_heading_right_after_the_title_in_its_header_is_the_deck():
    """An `<h2>` right after the `<h1>` in the article's `<header>`, over only the byline, is the title's deck and
    stays; the same pair in a site's banner (no header group: a blog's name and tagline) heads nothing and goes."""
    story = (
        "<div class='story'><p>The ferry to the islands runs again from Monday, after three weeks in dry dock for a "
        "new engine and a repainted hull.</p><p>The operator said the crossing will take twenty minutes less, and that"
        " the winter timetable stays as it was.</p><p>Islanders had used a smaller boat in the meantime, which could "
        "not carry cars or the weekly delivery of fuel.</p></div>"
    )
    story_md = (
        "The ferry to the islands runs again from Monday, after three weeks in dry dock for a new engine and a "
        "repainted hull.\n\nThe operator said the crossing will take twenty minutes less, and that the winter "
        "timetable stays as it was.\n\nIslanders had used a smaller boat in the meantime, which could not carry cars "
        "or the weekly delivery of fuel."
    )
    header = (
        "<header><h1>Island ferry back in service</h1><h2>A new engine cuts twenty minutes off the crossing.</h2>"
        "<div class='post-meta'><p class='byline'>by <a href='/author/ann'>Ann Keel</a></p></div></header>"
    )
    html = f"<html><head><title>Island ferry back in service</title></head><body><article>{header}{story}</article>"
    html += "</body></html>"
    assert convert(html, "https://news.example.org/ferry").markdown == (
        "# Island ferry back in service\n\n## A new engine cuts twenty minutes off the crossing.\n\n" + story_md
    )
    banner = (
        "<div id='logo'><h1>Island ferry back in service</h1><h2>A new engine cuts twenty minutes off the crossing."
        "</h2><div class='widget'></div></div>"
    )
    html = f"<html><head><title>Island ferry back in service</title></head><body><div>{banner}{story}</div>"
    html += "</body></html>"
    assert convert(html, "https://news.example.org/ferry").markdown == "# Island ferry back in service\n\n" + story_md


SHORT_POST_PAGE = (
    "<html><head><title>Tide pools at dawn | Shore Notes</title></head><body><div id='wrap'>"
    "<div id='posts'><h2>Tide pools at dawn</h2>"
    "<p>The pools below the pier filled with anemones and small crabs this morning, and a starfish.</p></div>"
    "<div id='aside'><div class='box'><b>About me</b><br>"
    "I walk the same stretch of coast every week and write down what I find there.</div><div class='box'>"
    "<b>By mail</b><br>Sign up to get every new note by mail, once a week, with the best pictures of the month."
    "</div></div><div id='bottom'>All the pictures on this site are mine unless a credit line under them says "
    "otherwise.</div></div></body></html>"
)
SHORT_POST_MD = "## Tide pools at dawn\n\nThe pools below the pier filled with anemones and small crabs this morning, and a starfish."


def test_a_short_post_beside_more_prose_is_the_column_holding_its_title():
    """A post of a sentence under a title the `<title>` names (an `<h2>`, no `<h1>`), beside a sidebar of boxes and
    a footer holding more content text than it: the descent goes into the column holding the title, and the
    sidebar's and footer's text is not the post's."""
    assert convert(SHORT_POST_PAGE, "https://example.org/tides").markdown == SHORT_POST_MD


def test_a_titled_header_over_the_body_beside_it_is_no_short_post():
    """A block holding the title (an `<h2>` the `<title>` names) and a deck, followed by a block of paragraphs: the
    post goes on after the title's block, which is a header, and the region holds both (the same for slides, blocks
    alike beside the titled one)."""
    deck = "<p>More of the pools below the pier fill each autumn, and this is what lives in them.</p>"
    html = (
        "<html><head><title>Tide pools at dawn | Shore Notes</title></head><body><div id='wrap'>"
        f"<div class='top'><h2>Tide pools at dawn</h2>{deck}</div><div class='text'>{PARAGRAPHS}</div>"
        "<div class='side'><div class='box'>I walk the same stretch of coast every week and write down what I find "
        "there, with a camera and a notebook.</div></div></div></body></html>"
    )
    md = convert(html, "https://example.org/tides").markdown
    assert md.startswith("## Tide pools at dawn\n\nMore of the pools below the pier fill each autumn")
    assert BODY_MD.split("\n\n")[-1] in md


@pytest.mark.parametrize(
    "h1",
    [
        "<div class='left'><h1>Feeds:</h1><ul><li><a href='/rss'>Posts</a></li></ul></div>",  # a widget's heading
        "<div class='top'><h1><a href='/'>Harbour News</a></h1></div>",  # the site's name, shorter than the post's
    ],
)
def test_a_sidebar_of_bios_beside_the_column_titled_by_the_posts_heading_is_left_out(h1):
    """Where the page's `<h1>` is not the post's title (the `<title>` does not hold it, or holds the longer text of
    a post's `<h3>`), the column holding the post's title is the titled column: a sparse sidebar beside it goes."""
    html = (
        "<html><head><title>Tides explained - Harbour News</title></head><body>"
        f"<div class='wrap'>{h1}<div class='main'><h3>Tides explained</h3>{PARAGRAPHS}</div>"
        f"<div class='side'>{WRITERS}</div></div></body></html>"
    )
    assert convert(html, "https://example.org/tides").markdown == "### Tides explained\n\n" + PARAGRAPHS_MD


def test_a_call_to_action_holding_most_of_the_post_is_the_post():
    """A short block opening with a call to action ("Download the app today") is furniture beside an article, but
    not when it holds half the post's content text or more: then the post is the call."""
    call = (
        "Download the app today and take part in a global experiment on how we live, from now until the second of "
        "October: answer a few questions each day and compare yourself with the rest of the world."
    )
    html = (
        "<html><head><title>Are you in? - Field Notes</title></head><body><nav><a href='/'>Home</a> "
        f"<a href='/about'>About</a></nav><div class='post'><h1>Are you in?</h1><p>{call}</p>"
        "<p>It will be fun to see how this turns out.</p></div>"
        "<footer><p>Field Notes, a blog about data.</p></footer></body></html>"
    )
    md = convert(html, "https://example.org/in").markdown
    assert md == f"# Are you in?\n\n{call}\n\nIt will be fun to see how this turns out."


READERS_UNDER_LABEL = "".join(
    f"<div class='q{n}1'><p>{text}</p><p class='q{n}2'>Posted by: {name} | October {n}, 2012 at 10:1{n} AM</p></div>"
    for n, (name, text) in enumerate(
        [
            (
                "Ann Lee",
                "I signed up this morning and the first questions were about how far I travel to work each day, which "
                "made me think about the hours I spend on the train every week.",
            ),
            (
                "Tom Ruiz",
                "Count me in as well. I wonder how they will keep the answers private once millions of people have "
                "sent them in, and whether the results will be published in full.",
            ),
            (
                "Mia Chen",
                "The comparison with the rest of the world is the best part: my sleep is apparently very average, and "
                "my coffee far above it, which surprised nobody in my family.",
            ),
        ],
        1,
    )
)


def blog_post_over_comments(post: str) -> str:
    """A blog's post under its date and title, over the readers' comments under their label, class names opaque."""
    return (
        "<html><head><title>Are you in? - Field Notes</title></head><body><div class='q7'><h1><a href='/'>Field "
        "Notes</a></h1></div><div class='q8'><div class='q9'><h2 class='q10'>September 26, 2012</h2><div "
        f"class='q11'><h3>Are you in?</h3><div class='q12'>{post}</div></div><div class='q13'><h3>Comments</h3>"
        f"{READERS_UNDER_LABEL}</div></div></div></body></html>"
    )


APP_CALL = (
    "Download the app today and take part in a global experiment on how we live, from now until the second of "
    "October: answer a few questions each day and compare yourself with the rest of the world."
)
APP_CALL_POST = blog_post_over_comments(f"<p>{APP_CALL}</p>")
APP_CALL_POST_MD = f"## September 26, 2012\n\n### Are you in?\n\n{APP_CALL}"


def test_a_one_paragraph_post_over_comments_under_their_label_stays():
    """A post of one paragraph is measured without the readers' comments its label heads, as without a thread its
    class names: with class names that say nothing, the thread made the post's one paragraph (a call to action) a
    small part of the post, and it went as furniture."""
    assert convert(APP_CALL_POST, "https://example.org/in").markdown == APP_CALL_POST_MD


def test_a_call_to_action_closing_a_longer_post_over_comments_under_their_label_goes():
    """Measured without its comments, a post of several paragraphs still leaves out the call to action closing it."""
    story = (
        "<p>The app asks a few questions each day about how far you travel, how long you sleep and what you drink, and "
        "shows you where your answers stand against everyone else's.</p><p>The answers are gathered for a week, then "
        "read together by a team of statisticians who will publish what they find in a book and on the web.</p><p>I "
        "answered the first questions this morning on the train, and it took less than a minute of my time.</p>"
    )
    call = "<p>Subscribe to our newsletter for more stories like this one.</p>"
    md = convert(blog_post_over_comments(story + call), "https://example.org/in").markdown
    assert "Subscribe" not in md and "statisticians" in md and "Ann Lee" not in md


CAMERA_COMMENTS = [
    "Sounds like a good upgrade for the price, but I will wait for the first reviews before I sell my old body.",
    "The sensor is the same as last year's, so the pictures will look the same; what matters is the metering.",
    "I hope the battery is the same too, I have three of them and do not want to buy new ones again this year.",
    "Five frames a second is enough for my children's football games, and the screen that turns is welcome.",
    "Still no weather sealing at this price, which is a pity for those of us who walk in the hills all year.",
    "They will announce it next week together with two lenses, if the people who wrote to the site are right.",
]


CAMERA_SPECS = [
    "It will use the same 24MP sensor",
    "The same processor as last year",
    "Metering with 2,016 pixels",
    "Five frames a second",
    "A screen that turns (3 inches)",
]
CAMERA_LEAD = (
    "The fifth camera promised for this year will replace the old model in the next few weeks, and it will have "
    "slightly different specifications:"
)
# a short post under its <h1> over a thread of readers' comments under their label, thirty times its length
CAMERA_POST = (
    "<html><head><title>The new camera to be announced next | Camera Rumors</title></head><body><div class='q9'>"
    "<a href='/'>Camera Rumors</a></div><div class='q10'><div class='q11'><div class='q12'><h1 class='q1'>The new "
    f"camera to be announced next</h1><div class='q3'><p>{CAMERA_LEAD}</p><ul>"
    + "".join(f"<li>{spec}</li>" for spec in CAMERA_SPECS)
    + "</ul></div></div><div class='q13'><div class='q14'><h3>30 Comments</h3><ol>"
    + "".join(
        f"<li class='q{n}'><div class='q5{n}'>reader{n}</div><div class='q6{n}'>Posted October 29, 2012 at 9:{n:02}"
        f" am</div><div class='q7{n}'><p>{text}</p></div></li>"
        for n, text in enumerate(CAMERA_COMMENTS * 5)
    )
    + "</ol></div></div></div></div></body></html>"
)
CAMERA_POST_MD = f"# The new camera to be announced next\n\n{CAMERA_LEAD}\n\n" + "\n".join(
    f"- {spec}" for spec in CAMERA_SPECS
)


def test_a_short_posts_list_ahead_of_a_longer_thread_under_its_label_stays():
    """Where the readers' comments under their label outweigh a short post many times (class names that say
    nothing), the descent finds the thread as the article's body; the post ahead of it is no lead, and its list of
    short lines without content text stays."""
    assert convert(CAMERA_POST, "https://example.org/camera").markdown == CAMERA_POST_MD


def test_lightboxes_beside_the_article_are_not_its_text():
    """A lightbox (like a modal or a popup) is shown over the page on demand: the video descriptions a page keeps in
    hidden lightboxes after its columns are not the article's text, however much prose they hold."""
    boxes = "".join(
        f"<div class='video-lightbox'><div class='text'><p>Episode {n} of our harbour series follows the pilots who "
        "bring the big ships in at night, the tugs that push them and the crews who tie them to the quay before "
        "dawn.</p></div></div>"
        for n in range(1, 4)
    )
    html = f"<html><body><div class='wrap'><div class='main'>{BODY}</div>{boxes}</div></body></html>"
    assert convert(html, "https://example.org/tides").markdown == BODY_MD


BANNER_STORY = (
    "<p>The ferry from the mainland now runs twice a day through the winter, after the harbour board agreed to keep "
    "the second crossing that had been cut each October for the last twenty years.</p>"
    "<p>Islanders had asked for the change at every meeting since the school moved to the mainland, and the board's "
    "vote was carried without a word against it once the fuel grant had been renewed for three more years.</p>"
    "<p>The first winter timetable leaves the island at seven and at four, and the crossing takes fifty minutes in "
    "fair weather; the board will look at the figures again in the spring before it sets next year's fares.</p>"
)


def banner_page(banner: str, headline: str, title: str, head: str = "") -> str:
    """A page whose section's banner (`banner`, in a title bar of its own) stands over the post's `headline`."""
    return (
        f"<html><head><title>{title}</title>{head}</head><body>"
        "<div class='nav'><a href='/'>Home</a> <a href='/news'>News</a> <a href='/travel'>Travel</a></div>"
        f"<div id='content'><div class='titlebar'><div class='tb'>{banner}</div></div>"
        f"<div class='story'>{headline}{BANNER_STORY}</div></div>"
        "<div class='footer'><a href='/about'>About us</a> <a href='/contact'>Contact</a></div></body></html>"
    )


def test_a_sections_banner_as_the_h1_over_the_posts_title_is_left_out():
    """The lone `<h1>` names the site's section, not the post: the `<title>` names the `<h2>` after it (the
    post's title, longer), so the banner is a label over the headline, as a kicker is."""
    html = banner_page(
        "<h1>Island News</h1>",
        "<h2>Winter ferry keeps its second crossing</h2>",
        "Winter ferry keeps its second crossing",
    )
    text = convert(html, url="https://example.org/news/ferry").text
    assert "Island News" not in text
    assert text.startswith("Winter ferry keeps its second crossing")
    assert "the board will look at the figures again" in text


def test_an_h1_the_title_does_not_name_over_a_subheading_it_names_stays():
    """Where the `<h1>` is the longer heading, it is the post's own headline (the `<title>` words the post by its
    shorter subheading): it stays."""
    html = banner_page(
        "<h1>Winter ferry keeps its second crossing</h1>",
        "<h2>The harbour board's vote</h2>",
        "The harbour board's vote | Island News",
    )
    text = convert(html, url="https://example.org/news/ferry").text
    assert text.startswith("Winter ferry keeps its second crossing")


def test_a_kicker_over_the_posts_title_goes_where_the_page_has_no_h1():
    """No `<h1>`: the `<h2>` the `<title>` names is the headline, and a label over it (the post's day in a box of
    its own) is a kicker like any other."""
    html = banner_page(
        "",
        "<div class='day'><span>Thursday</span> <span>Oct 2012</span></div><h2>Winter ferry keeps its second crossing</h2>",
        "Winter ferry keeps its second crossing - Island News",
    )
    text = convert(html, url="https://example.org/news/ferry").text
    assert text.startswith("Winter ferry keeps its second crossing")


def test_a_short_headline_the_title_names_over_its_longer_deck_stays():
    """The `<title>` words both the `<h1>` and the longer `<h2>` under it: the `<h1>` is the headline, the `<h2>` its
    deck, and no banner goes (a banner is an `<h1>` the `<title>` does not name)."""
    html = banner_page(
        "<h1>Winter ferry stays</h1>",
        "<h2>The harbour board keeps the second crossing through the winter</h2>",
        "Winter ferry stays - The harbour board keeps the second crossing through the winter",
    )
    text = convert(html, url="https://example.org/news/ferry").text
    assert text.startswith("Winter ferry stays\n")


def test_a_sites_name_as_the_h1_over_the_posts_title_is_left_out():
    """The `<title>` holds the `<h1>`'s text only as the site's name (the part the page's title goes without, as
    og:site_name names it): the `<h1>` is the site's banner over the post's title."""
    html = banner_page(
        "<h1>Island News</h1>",
        "<h2>Winter ferry keeps its second crossing</h2>",
        "Winter ferry keeps its second crossing | Island News",
        "<meta property='og:site_name' content='Island News'>",
    )
    text = convert(html, url="https://example.org/news/ferry").text
    assert text.startswith("Winter ferry keeps its second crossing")


# Session 23: front and section pages as portals write them now (benchmarks/portal_layouts.py, section and portal
# families)
LATEST = [
    "Harbour council delays the vote on the new ferry contract",
    "Storm damage closes the coast road north of the point",
    "Museum opens a gallery of the town's fishing history",
    "Rail operator adds a late train on Friday evenings",
    "Lifeboat station appeals for volunteers after a busy summer",
    "Island school wins a national prize for its garden",
]


def test_a_front_page_keeps_its_desks_of_headlines_alone():
    """A desk of headlines alone, written as a menu is (`<ul><li><a>`), each link a headline of several words: on a
    listing it is a desk like the others, not the link list of a menu."""
    items = "".join(f"<li><a href='/news/latest/{n}'>{title}</a></li>" for n, title in enumerate(LATEST))
    html = front_page(lead_summaries=True).replace(
        "</main>", f"<section><h2><a href='/latest'>Latest</a></h2><ul>{items}</ul></section></main>"
    )
    md = convert(html, "https://herald.example/").markdown
    assert md.startswith(front_page_markdown(True))
    assert [title in md for title in LATEST] == [True] * len(LATEST)


def test_a_front_page_leaves_out_a_list_of_short_links_among_its_desks():
    """A list of links of a word or two among the desks (the sections' index, a menu written in the page) is no
    desk of headlines: left out."""
    links = ["Ferry times", "Tide tables", "Weather", "Jobs", "Property", "Notices"]
    items = "".join(f"<li><a href='/{name.lower().replace(' ', '-')}'>{name}</a></li>" for name in links)
    html = front_page(lead_summaries=True).replace(
        "</main>", f"<section><h2><a href='/services'>Services</a></h2><ul>{items}</ul></section></main>"
    )
    md = convert(html, "https://herald.example/").markdown
    assert md.startswith(front_page_markdown(True))
    assert not any(name in md for name in links)


LEAD_SUMMARY = (
    "Figures published on Monday show the busiest year since the port was widened, with grain and timber leading "
    "the cargo and the new deep-water berth taking ships that used to sail on to the city. The harbour board says "
    "it will spend the surplus on dredging the inner basin before the winter storms."
)


def section_page(extra: str = "") -> str:
    """A section page: its name as the `<h1>`, a lead story as a big card (a long summary and a byline) over a grid
    of cards holding about as much text, then pagination; `extra` after the grid (a widget)."""
    lead = (
        "<article class='lead'><a href='/2024/03/busiest-year'><img src='/lead.jpg' alt=''></a><h2><a "
        f"href='/2024/03/busiest-year'>Grain lifts the port to its busiest year</a></h2><p>{LEAD_SUMMARY}</p>"
        "<p class='byline'>By Ann Keel</p></article>"
    )
    cards = "".join(
        f"<div class='card'><h3><a href='{href}'>{title}</a></h3><p>{summary}</p></div>"
        for title, href, summary in STORIES
    )
    return (
        "<html><head><title>Business | Harbour Herald</title></head><body><header><a href='/'>Harbour Herald</a>"
        "<nav><a href='/news'>News</a> <a href='/business'>Business</a></nav></header><main><h1>Business</h1>"
        f"{lead}<div class='grid'>{cards}</div>{extra}<div class='pager'><a href='?page=2'>2</a> <a href='?page=3'>3"
        "</a> <a href='?page=2'>Next ›</a></div></main><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )


MARKETS = (
    "<div class='markets'><h3>Markets</h3><ul><li>FTSE 100 <span>7,612.3</span> <span>+0.4%</span></li><li>Brent "
    "crude <span>81.20</span> <span>-1.1%</span></li><li>Pound/euro <span>1.17</span> <span>+0.2%</span></li></ul></div>"
)


@pytest.mark.parametrize("extra", ["", MARKETS], ids=["plain", "markets-widget"])
def test_a_section_page_keeps_its_cards_under_a_lead_story(extra):
    """The lead story's summary is a card's, not the page's prose: beside the grid it weighs with the cards, so the
    page is a listing and its grid is kept (not the lead alone); the labels and the widget beside them are no story
    either (the widget itself is still kept: left for later)."""
    md = convert(section_page(extra), "https://herald.example/business").markdown
    assert LEAD_SUMMARY in md
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)


def test_a_front_page_leaves_out_a_widget_beside_its_lists():
    """Beside a front page's lists, a block of labels (a markets widget: no content text, no headline, more words
    than a desk's name) is furniture."""
    md = convert(section_page(MARKETS), "https://herald.example/business").markdown
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)
    assert "FTSE" not in md and "Markets" not in md


def test_a_front_page_keeps_desk_names_that_are_no_headings():
    """A desk's name in a block of its own over the desk's grid, not a heading (`<div class="desk-name">Business
    news</div>`): beside the lists like a widget, without content text or headline, but of a word or two, it stays
    over its desk."""
    desks = "".join(
        f"<section><div class='desk-name'>{section.title()} news</div><div class='grid'>"
        + "".join(front_page_card(section, n, headline, SUMMARIES[n % 2]) for n, headline in enumerate(headlines))
        + "</div></section>"
        for section, headlines in SECTIONS.items()
    )
    html = (
        "<html><head><title>Harbour Herald - News from the harbour</title></head><body><header><a href='/'>Harbour "
        f"Herald</a></header><main>{desks}</main></body></html>"
    )
    md = convert(html, "https://herald.example/").markdown
    assert all(f"{section.title()} news\n\n" in md for section in SECTIONS)
    assert all(headline in md for headlines in SECTIONS.values() for headline in headlines)


def test_a_section_page_named_in_a_few_words_over_a_line_of_introduction_keeps_its_cards():
    """A section's name that reads as a headline ("Latest news from the harbour"), which the `<title>` does not hold,
    standing among the blocks of the grid, over a line of introduction: it names the section, no story beside the
    cards."""
    html = section_page().replace(
        "<h1>Business</h1>",
        "<h1>Latest news from the harbour</h1><p>Business, trade and jobs in the harbour towns, from the Herald's "
        "newsroom.</p>",
    )
    md = convert(html, "https://herald.example/business").markdown
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)


def test_a_brief_titled_otherwise_than_its_page_leaves_out_the_cards_after_it():
    """A brief of one short paragraph under its `<h1>`, in a block of its own, the `<title>` wording it otherwise,
    then a grid of other stories' cards: the `<h1>` heads a story, not a section."""
    cards = "".join(
        f"<div class='card'><h3><a href='{href}'>{title}</a></h3><p>{summary}</p></div>"
        for title, href, summary in STORIES
    )
    html = (
        "<html><head><title>Ferry timetable: two early sailings | Harbour Herald</title></head><body><header><a "
        "href='/'>Harbour Herald</a></header><main><article><h1>Council approves new ferry timetable</h1><p>The "
        "harbour council approved a timetable that adds two early sailings on weekdays.</p></article><div "
        f"class='grid'>{cards}</div></main></body></html>"
    )
    md = convert(html, "https://herald.example/2024/03/ferry-timetable").markdown
    assert "two early sailings on weekdays" in md
    assert not any(title in md for title, _, _ in STORIES)


def test_a_short_post_whose_title_links_to_itself_leaves_out_the_cards_after_it():
    """A short post whose `<h1>` links to the post (a card's shape: a linked heading over a summary) followed by a
    grid of other stories' cards holding more text: the card holding the page's title is its story, not a lead
    card, so the grid stays other stories' teasers."""
    post = (
        "<div class='post'><h1><a href='/2024/03/ferry-timetable'>Council approves new ferry timetable</a></h1><p>"
        "The harbour council voted on Tuesday evening to approve a new ferry timetable that adds two early sailings "
        "on weekdays, after commuters asked for an earlier crossing for years.</p></div>"
    )
    cards = "".join(
        f"<div class='card'><h3><a href='{href}'>{title}</a></h3><p>{summary}</p></div>"
        for title, href, summary in STORIES
    )
    html = (
        "<html><head><title>Ferry timetable | Harbour Herald</title></head><body><header><a href='/'>Harbour Herald"
        f"</a></header><main>{post}<div class='more'><h2>More news</h2><div class='grid'>{cards}</div></div></main>"
        "</body></html>"
    )
    md = convert(html, "https://herald.example/2024/03/ferry-timetable").markdown
    assert "two early sailings" in md
    assert not any(title in md for title, _, _ in STORIES)


def test_a_post_under_a_banner_titled_by_a_link_to_itself_leaves_out_the_cards_after_it():
    """A blog's name as the `<h1>` (linking to the blog, not home), then a short post whose `<h2>`, the headline
    the `<title>` holds, links to the post (a card's shape), then a grid of other posts' cards holding more text:
    the card holding the post's title is the page's story, not a lead card, so the grid stays other posts'
    teasers."""
    post = (
        "<div class='post'><h2><a href='/blog/2024/03/ferry-timetable'>Council approves new ferry timetable</a></h2>"
        "<p>The harbour council voted on Tuesday evening to approve a new ferry timetable that adds two early "
        "sailings on weekdays, after commuters asked for an earlier crossing for years.</p></div>"
    )
    cards = "".join(
        f"<div class='card'><h3><a href='{href}'>{title}</a></h3><p>{summary}</p></div>"
        for title, href, summary in STORIES
    )
    html = (
        "<html><head><title>Council approves new ferry timetable | The Harbour Blog</title></head><body><header><h1>"
        f"<a href='/blog'>The Harbour Blog</a></h1></header><main>{post}<div class='more'><h3>More posts</h3>"
        f"<div class='grid'>{cards}</div></div></main></body></html>"
    )
    md = convert(html, "https://herald.example/blog/2024/03/ferry-timetable").markdown
    assert "two early sailings" in md
    assert not any(title in md for title, _, _ in STORIES)


def test_links_named_as_tags_inside_the_storys_sentences_are_kept():
    """A site that links the people, places and topics its story names to their listings, marking each link with a
    weak class word ("meta-per", "st_tag internal_tag"): the words are the sentence's, whether the sentence runs into
    them, goes on after them with a possessive, or stands on both sides; the block of tags after the story still
    goes."""
    html = """<html><body><article><h1>Ferry returns to the harbour</h1>
    <p><a class="meta-per" href="/topic/ann-keel">Ann Keel</a>’s company will run the ferry to the island again from
    May, after two winters in which the crossing was closed.</p>
    <p>The council in <a class="st_tag internal_tag" rel="tag" href="/tag/northport/">Northport</a> agreed the
    contract on Tuesday, and the first boat will leave at seven, as the old timetable had it.</p>
    <p>The crossing takes forty minutes, said <a class="meta-per" href="/topic/tom-berg">Tom Berg</a>, the
    harbour master, who expects the boat to be full on most summer mornings.</p>
    <div class="tags">Tags: <a href="/tag/ferries/" rel="tag">Ferries</a>, <a href="/tag/northport/" rel="tag">Northport</a></div>
    </article></body></html>"""
    assert convert(html, "https://harbour.example/news/ferry").markdown == (
        "# Ferry returns to the harbour\n\n"
        "[Ann Keel](https://harbour.example/topic/ann-keel)’s company will run the ferry to the island again from "
        "May, after two winters in which the crossing was closed.\n\n"
        "The council in [Northport](https://harbour.example/tag/northport/) agreed the contract on Tuesday, and the "
        "first boat will leave at seven, as the old timetable had it.\n\n"
        "The crossing takes forty minutes, said [Tom Berg](https://harbour.example/topic/tom-berg), the harbour "
        "master, who expects the boat to be full on most summer mornings."
    )


@pytest.mark.parametrize(
    ("closing", "why"),
    [
        (" <a class='more-link' href='/news'>Further reading</a>", "after a full stop"),
        (" The first boat leaves at seven <a class='more-link' href='/news/2'>Read more</a>", "a label over furniture"),
        (" Ann Smith, harbour desk <span class='meta'>Published 12 May 2026</span>", "a date"),
    ],
)
def test_a_weakly_named_element_a_line_runs_into_is_no_word_of_a_sentence(closing, why):
    """The words of a sentence are those it runs into or goes on with: a link named "more" after a sentence's full
    stop is no part of it, nor a label over furniture or a date that a line runs into (a teaser cut short before
    its "Read more", a byline before its date)."""
    html = f"""<html><body><article><h1>Ferry returns to the harbour</h1>
    <p>The company will run the ferry to the island again from May, after two winters in which the crossing was
    closed.</p><p>The council agreed the contract on Tuesday, and the timetable is the old one.{closing}</p>
    </article></body></html>"""
    md = convert(html, "https://harbour.example/news/ferry").markdown
    assert "Further reading" not in md and "Read more" not in md and "Published" not in md, why


@pytest.mark.parametrize(
    "line",
    [
        "« <a href='/2024/05/council-budget/'>Previous Post</a> | <a href='/2024/06/lifeboat-rescue/'>Next post</a> »",
        "<a href='/2024/05/council-budget/' rel='prev'>← Council votes on the harbour budget</a> "
        "<a href='/2024/06/lifeboat-rescue/' rel='next'>Lifeboat crew rescues two sailors →</a>",
        "<span class='n'><a href='/2024/05/council-budget/'>Older</a></span> · "
        "<span class='n'><a href='/2024/06/lifeboat-rescue/'>Newer</a></span>",
    ],
)
def test_a_loose_line_of_links_to_other_posts_closing_the_post_is_left_out(line):
    """A blog's links to the posts before and after this one, written as loose words in the post's block after its
    paragraphs (no block of their own for link density to measure): a line holding nothing but links to pages of the
    site and separators goes as such a block would, and its separators with it (no line of "« | »" is left)."""
    html = f"""<html><body><div class="post"><h1>Ferry returns to the harbour</h1>
    <div class="entry"><p>The company will run the ferry to the island again from May, after two winters in which
    the crossing was closed.</p><p>The council agreed the contract on Tuesday, and the first boat will leave at seven,
    as the old timetable had it.</p>
    {line}
    </div></div></body></html>"""
    md = convert(html, "https://harbour.example/2024/05/ferry/").markdown
    assert md.startswith("# Ferry returns to the harbour") and "as the old timetable had it." in md
    assert not any(word in md for word in ("Previous", "Next", "Council", "Lifeboat", "Older", "Newer")), md
    assert md.endswith("as the old timetable had it."), md


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (
            "<a href='/by/ann-lee'>Ann Lee</a> and <a href='/by/tom-berg'>Tom Berg</a> contributed reporting.",
            "words of its own",
        ),
        (
            "<a href='https://port.example/report'>The port's annual report</a> · "
            "<a href='https://tides.example/north'>Tide tables for the north coast</a>",
            "links to other sites",
        ),
        (
            "<a href='/timetable'>https://harbour.example/timetable</a> | "
            "<a href='/fares'>https://harbour.example/fares</a>",
            "links showing their address",
        ),
        (
            "<a href='/contact'>Harbour office</a> | <a href='TEL:+441234567890'>Call the harbour master</a>",
            "a link that leads to no page (a phone number)",
        ),
    ],
)
def test_a_loose_line_of_links_with_words_or_to_other_sites_is_kept(line, why):
    """Only a line of nothing but links to pages of the site goes: words of the line's own, links to several sites
    or links showing their address (cited sources) are the post's."""
    html = f"""<html><body><div class="post"><h1>Ferry returns to the harbour</h1>
    <div class="entry"><p>The company will run the ferry to the island again from May, after two winters in which
    the crossing was closed.</p><p>The council agreed the contract on Tuesday, and the first boat will leave at seven,
    as the old timetable had it.</p>
    {line}
    </div></div></body></html>"""
    md = convert(html, "https://harbour.example/2024/05/ferry/").markdown
    assert "Ann Lee" in md or "annual report" in md or "/fares" in md or "harbour master" in md, why


def test_a_post_that_is_a_loose_line_of_links_keeps_them():
    """A post whose text is a line of links alone, no block beside it in its block (a reading list): link density
    measures its block, which holds the post; the line is not taken from it."""
    links = " · ".join(
        f"<a href='/2024/{n}/'>{title}</a>"
        for n, title in enumerate(
            ["Tides of the north coast", "The harbour in winter", "Ferries and their crews", "A year of storms"]
        )
    )
    html = f"""<html><body><div class="post"><h1>Reading for the weekend</h1><div class="entry">{links}</div></div>
    <div class="footer"><p>The Harbour Blog, written at the pier since 2009.</p></div></body></html>"""
    md = convert(html, "https://harbour.example/2024/05/reading/").markdown
    assert "Tides of the north coast" in md and "A year of storms" in md, md


def test_a_loose_line_of_links_inside_the_post_is_kept():
    """A post written in lines between line breaks, whose line of links to what it is about comes before more of its
    words: only a line closing the post's block is a way to other posts."""
    html = """<html><body><div class="post"><h1>Gadget of the week: the tide clock</h1><div class="entry">
    <h2>The tide clock</h2><b>Name:</b> Tide Clock<br><b>Author:</b> Ann Lee<br><b>Description:</b> Shows the next
    high and low water for your harbour, updated every hour from the tide tables.<br><br>
    <a href="/gadgets/tide-clock">More information</a> | <a href="/gadgets/tide-clock/download">Download gadget</a>
    <br><br><i>Each week this blog features a new gadget that looks promising, chosen by the editors.</i>
    </div></div></body></html>"""
    md = convert(html, "https://harbour.example/2024/05/tide-clock/").markdown
    assert "More information" in md and "Download gadget" in md, md


def test_a_loose_line_of_links_holding_most_of_the_post_is_kept():
    """A short post whose words are mostly its line of links (a reading list under a line of introduction): the
    links are what it gives, not a way to other posts."""
    links = " · ".join(
        f"<a href='/2024/{n}/'>{title}</a>"
        for n, title in enumerate(
            [
                "Tides of the north coast and the harbours that live by them",
                "The harbour in winter, when the ferries stop and the storms come",
                "Ferries and their crews: forty years on the crossing to the island",
            ]
        )
    )
    html = f"""<html><head><title>Three reads for the weekend</title></head><body><div class="post">
    <h1>Three reads for the weekend</h1><div class="entry"><p>Three long reads from our archive, chosen for a rainy
    weekend at the harbour.</p>{links}</div></div></body></html>"""
    md = convert(html, "https://harbour.example/2024/05/reading/").markdown
    assert "Tides of the north coast" in md and "Ferries and their crews" in md, md


def test_a_heading_linking_to_an_invalid_address_is_no_home_link():
    """An `<h1>` of one link whose address cannot be split (an invalid IPv6 literal) is read as no link home, not an
    error (hypothesis found it: test_render_properties)."""
    assert convert('<h1><a href="http://[bad"></a></h1>').markdown == ""
    assert convert('<h1><a href="http://[bad">Ferry news</a></h1>').markdown == "# Ferry news"


# Session 24: front and section pages of desks of headlines alone (benchmarks/portal_layouts.py --markups headlines)
def headline_items(titles: list[str], prefix: str = "/business/latest/") -> str:
    return "".join(f"<li><a href='{prefix}{n}'>{title}</a></li>" for n, title in enumerate(titles))


def section_page_of_headlines(side: str = "") -> str:
    """A section page: its name as the `<h1>`, a lead story as a big card, and below it the section's latest
    stories as a list of headlines alone (no list of cards on the page); `side`, a column beside it."""
    lead = (
        "<article class='lead'><h2><a href='/2024/03/busiest-year'>Grain lifts the port to its busiest year</a></h2>"
        f"<p>{LEAD_SUMMARY}</p><p class='byline'>By Ann Keel</p></article>"
    )
    return (
        "<html><head><title>Business | Harbour Herald</title></head><body><header><a href='/'>Harbour Herald</a>"
        "<nav><a href='/news'>News</a> <a href='/business'>Business</a></nav></header><main><h1>Business</h1>"
        f"{lead}<section class='desk'><ul>{headline_items(LATEST)}</ul></section><div class='pager'><a "
        f"href='?page=2'>2</a> <a href='?page=2'>Next ›</a></div></main>{side}<footer><p>© 2024 Harbour Herald Ltd"
        "</p></footer></body></html>"
    )


def test_a_section_page_keeps_its_list_of_headlines_alone_under_a_lead_story():
    """A lead card titled by a heading and a list of headlines alone under it, no list of cards: the list weighs as
    the section's grid, the page is a listing, and both are kept (not the lead alone)."""
    md = convert(section_page_of_headlines(), "https://herald.example/business").markdown
    assert LEAD_SUMMARY in md
    assert [title in md for title in LATEST] == [True] * len(LATEST)


def test_a_front_page_keeps_a_desk_of_headlines_alone_beside_one_desk_of_cards():
    """One desk of cards and one of headlines alone, nothing else: on a front page without text of its own the desk
    of headlines weighs in the descent too, which stops above both desks."""
    cards = "".join(
        f"<li class='card'><h3><a href='{href}'>{title}</a></h3>{'<p>' + summary + '</p>' if n == 0 else ''}</li>"
        for n, (title, href, summary) in enumerate(STORIES[:3])
    )
    html = (
        "<html><head><title>Harbour Herald - News from the harbour</title></head><body><header><a href='/'>Harbour "
        "Herald</a><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><main><section "
        f"class='desk'><h2><a href='/news'>News</a></h2><ul>{cards}</ul></section><section class='desk'><h2><a "
        f"href='/latest'>Latest</a></h2><ul>{headline_items(LATEST, '/latest/')}</ul></section></main><footer><p>© "
        "2024 Harbour Herald Ltd</p></footer></body></html>"
    )
    md = convert(html, "https://herald.example/").markdown
    assert [title in md for title, _, _ in STORIES[:3]] == [True] * 3
    assert [title in md for title in LATEST] == [True] * len(LATEST)


RECENT = [
    "Why the harbour wall needs more than a patch",
    "Ten years of the island ferry in pictures",
    "What the new timetable means for commuters",
    "Notes from the lifeboat open day",
    "The tide tables for the spring holiday",
]


def short_post_beside(sidebar: str) -> str:
    """A blog's short post, its title a link to itself (the `<title>` words it otherwise: a card apart), beside a
    sidebar."""
    return (
        "<html><head><title>Island Notes | a blog about the island</title></head><body><div id='wrap'><div "
        "id='content'><div class='post'><h2><a href='https://notes.example/2024/ferry'>The winter ferry keeps its "
        "second crossing</a></h2><p>The harbour board agreed on Monday to keep the second winter crossing, which had "
        "been cut each October for twenty years; the first winter timetable leaves at seven and at four.</p></div>"
        "<div class='navigation'><a href='https://notes.example/2024/tides'>« Older posts</a></div></div>"
        f"<div id='sidebar'>{sidebar}</div></div></body></html>"
    )


def test_a_short_post_beside_a_sidebar_of_widgets_holding_a_list_of_headlines_stays_a_post():
    """A list of headlines alone in a sidebar holding more than it (categories, an about note, archives) is a
    widget among widgets, no desk: the page stays a post."""
    items = headline_items(RECENT, "https://notes.example/2024/recent-")
    widgets = (
        "<div class='about'><h3>About</h3><p>Notes on island life by a retired harbour master, written most weeks "
        "since the school moved to the mainland, about the ferry, the tides, the birds and the weather.</p></div>"
        "<h3>Categories</h3><ul><li><a href='/c/ferry'>Ferry</a></li><li><a href='/c/tides'>Tides</a></li><li><a "
        "href='/c/birds'>Birds</a></li></ul>"
    )
    md = convert(
        short_post_beside(f"<h3>Recent posts</h3><ul>{items}</ul>{widgets}"), "https://notes.example/2024/ferry"
    ).markdown
    assert "the first winter timetable leaves at seven" in md
    assert not any(title in md for title in RECENT)


def test_an_author_page_keeps_its_cards_under_a_bio_longer_than_a_line():
    """An author's page: the name as the `<h1>` (a word or two), a bio of a few sentences (more than a line of
    introduction), then a list of the author's stories many times its size: the name and bio head the listing, no
    story beside it, and the cards are kept."""
    bio = (
        "Ann Keel has covered the harbour, the ferries and the island councils for the Herald since 2009. Before "
        "that she reported on fishing and the coast for the county paper, and she still writes the Saturday tide "
        "column."
    )
    cards = "".join(
        f"<article class='teaser'><h3><a href='{href}'>{title}</a></h3><p>{summary} {summary}</p><time "
        f"datetime='2024-03-0{n + 1}'>{n + 2} days ago</time></article>"
        for n, (title, href, summary) in enumerate(STORIES)
    )
    html = (
        "<html><head><title>Ann Keel | Harbour Herald</title></head><body><header><a href='/'>Harbour Herald</a>"
        f"<nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><main><h1>Ann Keel</h1><div "
        f"class='bio'><img src='/ann.jpg' alt=''><p>{bio}</p></div><div class='list'>{cards}</div><div "
        "class='pager'><a href='?page=2'>2</a> <a href='?page=2'>Next ›</a></div></main><footer><p>© 2024 Harbour "
        "Herald Ltd</p></footer></body></html>"
    )
    md = convert(html, "https://herald.example/author/ann-keel/").markdown
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)


LINKED_CARDS = [
    (
        "Ferries",
        "Night ferry returns to the island timetable",
        "The operator restores the late crossing after a summer of complaints from islanders working in town.",
    ),
    (
        "Schools",
        "Harbour school opens a sailing club for pupils",
        "Forty pupils signed up in the first week, and the club borrows boats from the rowing club at weekends.",
    ),
    (
        "Weather",
        "Storm warning for the coast on Thursday night",
        "Gusts of up to ninety kilometres an hour are expected along the point, and the coast road may close.",
    ),
    (
        "Council",
        "Council agrees a budget for the new library",
        "The library will open in the old fish market, and the council expects the works to last eighteen months.",
    ),
]


def linked_card_desk(cards=LINKED_CARDS) -> str:
    """A desk of cards each written as one link holding `<div>`s and `<span>`s, no heading tag (a script's markup)."""
    return (
        "<section><h2><a href='/more'>More news</a></h2><div class='grid'>"
        + "".join(
            f"<div class='css-1a'><a class='css-2b' href='/more/{n}'><img src='/more/{n}.jpg' alt=''>"
            f"<div class='css-3c'><div class='css-4d'>{label}</div><span class='css-5e'>{title}</span>"
            f"<div class='css-6f'>{summary}</div></div></a></div>"
            for n, (label, title, summary) in enumerate(cards)
        )
        + "</div></section>"
    )


def test_a_front_page_keeps_a_desk_of_cards_written_as_one_link_without_heading_tags():
    """A card written as one link holding its lines in `<div>`s and `<span>`s, its headline in no heading tag (a
    label, the headline, the summary): the link is the card's linked title, and a desk of such cards is a desk like
    the others, not a block of links."""
    html = front_page(lead_summaries=True).replace("</main>", linked_card_desk() + "</main>")
    md = convert(html, "https://herald.example/").markdown
    assert md.startswith(front_page_markdown(True))
    assert all(title in md and summary in md for _, title, summary in LINKED_CARDS)


def test_a_front_page_leaves_out_a_menu_of_links_holding_a_name_and_a_line_each():
    """A menu written in the page as links each holding a section's name of a word or two and a line describing it
    (`<a><div>Ferries</div><div>Timetables and fares</div></a>`) opens with no headline: no cards, left out."""
    entries = [
        ("Ferries", "Timetables, fares and the winter crossings"),
        ("Tides", "Tables for the harbour and the point"),
        ("Jobs", "Work on the coast and the islands"),
        ("Notices", "Births, marriages and deaths this week"),
    ]
    menu = (
        "<div class='menu'>"
        + "".join(f"<a href='/{name.lower()}'><div>{name}</div><div>{line}</div></a>" for name, line in entries)
        + "</div>"
    )
    html = front_page(lead_summaries=True).replace("<main>", f"<main>{menu}")
    md = convert(html, "https://herald.example/").markdown
    assert md.startswith(front_page_markdown(True))
    assert not any(line in md for _, line in entries)


LIVE_UPDATES = [
    [
        "Divers reach the wreck at the harbour mouth",
        "Coastguard says the crew of the trawler are all safe ashore",
        "Harbour master closes the inner basin until the morning tide",
    ],
    [
        "Polls close at ten in every ward of the town",
        "Turnout in the harbour ward is the highest since the war",
        "First count expected from the island ward after midnight",
    ],
    [
        "Rowing club leads the regatta after the first heat",
        "Wind picks up off the point and the race is delayed",
        "Island crew capsizes at the turn but is back in the race",
    ],
]


def live_desk(lines: list[list[str]] = LIVE_UPDATES, same_story: bool = True) -> str:
    """A desk of live blogs' cards: a badge, the headline, and a list of the latest updates, each a time and a line
    linking into the live page (`same_story`), or to other stories."""
    cards = ""
    for n, updates in enumerate(lines):
        href = f"/live/{n}"
        items = "".join(
            f"<li><time>1{k}:0{k}</time> <a href='{href if same_story else f'/other/{n}{k}'}#post-{k}'>{line}</a></li>"
            for k, line in enumerate(updates)
        )
        cards += (
            f"<article class='card'><span class='badge'>Live</span><h3><a href='{href}'>Live: the harbour story "
            f"number {n} as it happens</a></h3><ul class='updates'>{items}</ul></article>"
        )
    return f"<section><h2><a href='/live'>Live</a></h2>{cards}</section>"


def test_a_front_page_keeps_a_live_blogs_latest_updates_under_its_card():
    """A live blog's card lists its latest updates under its headline, each a line linking into the live page: the
    card's own lines (its summary), not a list of links."""
    html = front_page(lead_summaries=True).replace("</main>", live_desk() + "</main>")
    md = convert(html, "https://herald.example/").markdown
    assert md.startswith(front_page_markdown(True))
    assert all(line in md for updates in LIVE_UPDATES for line in updates)


def test_a_front_page_leaves_out_a_cards_list_of_links_to_other_stories():
    """A card's list of links to other stories (related links under its headline) is no line of its own: left out
    as link-dense."""
    html = front_page(lead_summaries=True).replace("</main>", live_desk(same_story=False) + "</main>")
    md = convert(html, "https://herald.example/").markdown
    assert md.startswith(front_page_markdown(True))
    assert not any(line in md for updates in LIVE_UPDATES for line in updates)


def test_a_section_page_keeps_its_desk_of_cards_written_as_one_link_under_a_lead_story():
    """A section page of a lead story and a grid of cards written as one link without heading tags: beside the card
    apart, the grid weighs as a list of cards in the listing decision, as a list of bare headlines does."""
    grid = linked_card_desk().replace("<section><h2><a href='/more'>More news</a></h2>", "").replace("</section>", "")
    html = re.sub(r"<div class='grid'>.*?</div>(?=<div class='pager'>)", lambda _: grid, section_page(), flags=re.S)
    assert "css-1a" in html and "<h3>" not in html
    md = convert(html, "https://herald.example/business/").markdown
    assert "Grain lifts the port to its busiest year" in md and LEAD_SUMMARY in md
    assert all(title in md and summary in md for _, title, summary in LINKED_CARDS)


def archive_page(line: str) -> str:
    """A page of a section's archive: its name as the `<h1>`, a line of labels (`line`) over a list of headlines each
    with a time, then pagination."""
    items = "".join(
        f"<li><a href='/news/latest/{n}'>{title}</a> <time datetime='2024-05-0{n + 1}'>May {n + 1}</time></li>"
        for n, title in enumerate(LATEST)
    )
    return (
        "<html><head><title>Harbour | Harbour Herald</title></head><body><header><a href='/'>Harbour Herald</a></header>"
        f"<main><h1>Harbour</h1><div class='count'>{line}</div><ul class='list'>{items}</ul><div class='pager'><a "
        "href='?page=2'>2</a> <a href='?page=4'>Next ›</a></div></main></body></html>"
    )


def test_an_archive_page_leaves_out_the_line_counting_its_pages():
    """A line of labels beside a listing's lists counting its pages or items ("Page 3 of 12", "Showing 41–60 of
    230"): two numbers or more, half its words, is the pager's, not the listing's text."""
    for line in ("Page 3 of 12", "Showing 41–60 of 230"):
        md = convert(archive_page(line), "https://herald.example/harbour/page/3/").markdown
        assert all(title in md for title in LATEST)
        assert line not in md


def test_an_archive_page_keeps_a_desk_name_holding_a_number():
    """A desk's name holding one number ("Top 10") beside the list is no count of pages: it stays."""
    md = convert(archive_page("Top 10"), "https://herald.example/harbour/page/3/").markdown
    assert all(title in md for title in LATEST)
    assert "Top 10" in md


BIO = (
    "Ann Keel has covered the harbour, the ferries and the island councils for the Herald since 2009. Before that she "
    "reported on fishing and the coast for the county paper, and she still writes the Saturday tide column."
)


AUTHOR_HEADLINES = [(title, href) for title, href, _ in STORIES] + [
    (title, f"/news/latest/{n}") for n, title in enumerate(LATEST)
]


def author_page(bio: str, headlines: list[tuple[str, str]] = AUTHOR_HEADLINES) -> str:
    """An author's page: the name as the `<h1>`, `bio` under it, then a list of her stories' headlines alone, each
    with a time (no summary: the list is not many times the bio's size)."""
    items = "".join(
        f"<li class='item'><a href='{href}'>{title}</a> <time datetime='2024-03-0{n % 9 + 1}'>{n + 2} days ago</time>"
        "</li>"
        for n, (title, href) in enumerate(headlines)
    )
    return (
        "<html><head><title>Ann Keel | Harbour Herald</title></head><body><header><a href='/'>Harbour Herald</a>"
        "<nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><main><h1>Ann Keel</h1><div "
        f"class='bio'><img src='/ann.jpg' alt=''><p>{bio}</p></div><ul class='list'>{items}</ul></main><footer><p>© "
        "2024 Harbour Herald Ltd</p></footer></body></html>"
    )


def test_an_author_page_keeps_its_headlines_under_a_bio_naming_her():
    """Under an `<h1>` of a word or two, a bio opening with the heading's words (the author's name) names a section
    over its introduction, however long beside a list of headlines alone: the list is the page's content."""
    md = convert(author_page(BIO), "https://herald.example/author/ann-keel/").markdown
    assert [title in md for title, _ in AUTHOR_HEADLINES] == [True] * len(AUTHOR_HEADLINES)


def test_a_profile_under_its_subjects_name_stays_a_story():
    """A profile under its subject's name, opening with it, longer than a card (CARD_CHARS), over a list of three
    times as many headlines alone: a story, the list after it left out."""
    paragraphs = [p.strip() for p in PARAGRAPHS_MD.split("\n\n")]
    profile = " ".join([BIO, *paragraphs, BIO.replace("Ann Keel", "She"), *paragraphs])
    headlines = [(f"{title}, part {k}", f"{href}-{k}") for k in range(3) for title, href in AUTHOR_HEADLINES]
    assert len(profile) > 800
    md = convert(author_page(profile, headlines), "https://herald.example/2024/ann-keel/").markdown
    assert "she still writes the Saturday tide column" in md
    assert not any(title in md for title, _ in headlines)


# Session 26: a top story's card under the page's `<h1>`, a section's `<main>` read as one card, a mega-menu's panels

PORTAL_DESKS = [
    ("News", LATEST[:3]),
    ("Coast", LATEST[3:]),
]


def portal_front_under_an_h1(
    title: str = "Harbour Herald - News from the harbour",
    desks: list[tuple[str, list[str]]] = PORTAL_DESKS,
    href: str = "/2024/03/busiest-year",
    banner: str = "",
) -> str:
    """A portal's front page: its top story as a big card under the page's `<h1>` (a link to the story, `href`),
    then desks of headlines alone; with a `banner`, that is the `<h1>` over the card, titled by an `<h2>`."""
    desks_html = "".join(
        f"<section class='desk'><h2>{name}</h2><ul>{headline_items(titles, f'/{name.lower()}/story-')}</ul></section>"
        for name, titles in desks
    )
    tag = "h2" if banner else "h1"
    return (
        f"<html><head><title>{title}</title></head><body><header><a href='/'>Harbour Herald</a><nav><a "
        f"href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><main>{banner}<article class='lead'><{tag}><a "
        f"href='{href}'>Grain lifts the port to its busiest year</a></{tag}><p>{LEAD_SUMMARY}</p><p "
        f"class='byline'>By Ann Keel</p></article>{desks_html}</main><footer><p>© 2024 Harbour Herald Ltd</p></footer>"
        "</body></html>"
    )


def test_a_front_page_keeps_its_desks_of_headlines_under_a_top_story_headed_by_its_h1():
    """The page's `<h1>` is one link to another page of the site that the `<title>` does not name: the headline of
    the top story's card, no story of the page. The desks of headlines alone are kept with it."""
    md = convert(portal_front_under_an_h1(), "https://herald.example/").markdown
    assert LEAD_SUMMARY in md
    assert [title in md for title in LATEST] == [True] * len(LATEST)


def test_a_short_story_whose_h1_links_to_itself_stays_a_story():
    """The same page but for its address: the `<h1>` links to the page itself (a permalink), so it heads the page's
    story, and the desks after it are other stories'."""
    md = convert(portal_front_under_an_h1(), "https://herald.example/2024/03/busiest-year").markdown
    assert LEAD_SUMMARY in md
    assert not any(title in md for title in LATEST)


def test_a_short_story_whose_h1_the_title_names_stays_a_story():
    """The same page but for its `<title>`, which names the `<h1>`: the page's story, however short."""
    html = portal_front_under_an_h1(title="Grain lifts the port to its busiest year | Harbour Herald")
    md = convert(html, "https://herald.example/2024/03/grain").markdown
    assert LEAD_SUMMARY in md
    assert not any(title in md for title in LATEST)


def test_a_short_story_whose_h1_links_to_another_site_stays_a_story():
    """The same page but for the `<h1>`'s link, to another site (a link post's source): no card of the site's own,
    the page's story."""
    html = portal_front_under_an_h1(href="https://port.example/annual-report")
    md = convert(html, "https://herald.example/2024/03/grain").markdown
    assert LEAD_SUMMARY in md
    assert not any(title in md for title in LATEST)


def test_a_short_post_under_a_linked_banner_h1_stays_a_post():
    """A blog's banner as the `<h1>` (one link to the blog's index, which the `<title>` does not name) over a short
    post titled by an `<h2>` the `<title>` names, then desks of headlines: the post is the page's story."""
    html = portal_front_under_an_h1(
        title="Grain lifts the port to its busiest year | Harbour Herald",
        banner="<h1><a href='/blog'>The Harbour Herald Blog</a></h1>",
    )
    md = convert(html, "https://herald.example/blog/2024/03/grain").markdown
    assert LEAD_SUMMARY in md
    assert not any(title in md for title in LATEST)


def test_a_section_page_in_a_short_main_beside_a_ticker_keeps_its_headlines():
    """A section's `<main>` short enough to read as one card (its name as the `<h1>`, the lead story's card, a list
    of headlines alone) beside a ticker: a card holding another card is the section, not a story under its `<h1>`,
    and the list is kept."""
    ticker = "<div class='ticker'><span>Breaking:</span> <a href='/2024/03/storm'>Storm closes the coast road</a></div>"
    html = section_page_of_headlines().replace("<main>", f"{ticker}<main>")
    md = convert(html, "https://herald.example/business").markdown
    assert LEAD_SUMMARY in md
    assert [title in md for title in LATEST] == [True] * len(LATEST)


def short_post_with_its_authors_box() -> str:
    """A short post (its `<h2>` title the `<title>` names) whose block holds its author's box (a picture, a linked
    name, a date line: a card apart of its own) before its text, under a blog's banner, and desks of headlines
    after it."""
    desks = "".join(
        f"<section class='desk'><h2>{name}</h2><ul>{headline_items(titles, f'/{name.lower()}/story-')}</ul></section>"
        for name, titles in [*PORTAL_DESKS, ("Notes", RECENT)]
    )
    return (
        "<html><head><title>Grain lifts the port to its busiest year | Harbour Herald</title></head><body><header><a "
        "href='/'>Harbour Herald</a><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><div "
        "id='content'><div class='post'><h2>Grain lifts the port to its busiest year</h2><div class='post-info'><div "
        "class='author'><img src='/ann.jpg' alt='Ann Keel'><br><a href='/blog/author/ann-keel'>Ann Keel</a><div "
        f"class='created'>March 21, 2024 <br> 06:00 AM</div></div></div><div class='text'><p>{LEAD_SUMMARY}</p>"
        "</div></div></div><div class='more'>"
        f"{desks}</div><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )


@pytest.mark.parametrize("recall", [False, True])
def test_a_short_post_holding_its_authors_box_stays_a_post(recall):
    """A block holding the post's title and a card apart without a heading (its author's box, a card in recall mode)
    is the post's: the title heads the page's story, and the desks after it are other stories'."""
    md = convert(short_post_with_its_authors_box(), "https://herald.example/2024/03/grain", recall=recall).markdown
    assert LEAD_SUMMARY in md
    assert not any(title in md for title in LATEST + RECENT)


def mega_menu_panels() -> str:
    """A header's menu whose panels list a name and a line describing each (read like cards)."""
    lines = [
        "Ships, cargo and the berths.",
        "Timetables and the winter crossings.",
        "Votes, budgets and the town hall.",
        "Tides, storms and the week ahead.",
        "Results from the league and the club.",
    ]
    panels = "".join(
        f"<li><a href='/{section}'>{section.capitalize()}</a><div class='panel'><ul>"
        + "".join(
            f"<li><a href='/{section}/{n}'>{section.capitalize()} {name}</a><p>{line}</p></li>"
            for n, (name, line) in enumerate(
                zip(["port", "ferry", "council", "weather", "sport"], lines[k:] + lines[:k])
            )
        )
        + "</ul></div></li>"
        for k, section in enumerate(("news", "business", "sport", "culture", "travel", "opinion"))
    )
    return f"<div class='mega-menu'><ul>{panels}</ul></div>"


def test_a_section_page_of_headlines_leaves_out_its_mega_menus_panels():
    """A mega-menu in the page's `<header>` whose panels read as lists of cards, over a short `<main>` (as above):
    the menu's lists, no cards of the page. The section's lead story and its headlines are its content, not the
    menu's lines."""
    ticker = "<div class='ticker'><span>Breaking:</span> <a href='/2024/03/storm'>Storm closes the coast road</a></div>"
    html = section_page_of_headlines().replace("</nav></header>", f"</nav>{mega_menu_panels()}</header>{ticker}")
    md = convert(html, "https://herald.example/business").markdown
    assert LEAD_SUMMARY in md
    assert [title in md for title in LATEST] == [True] * len(LATEST)
    assert "the winter crossings" not in md


def front_page_under_a_reader_h1(hint: str = "sr-only") -> str:
    """A front page whose `<h1>` is a line naming the site for screen readers alone (the `<title>` holds it), over a
    desk of headlines alone, a markets widget and a desk of cards some of which have a summary."""
    cards = "".join(
        f"<div class='item'><strong><a href='{href}'>{title}</a></strong><br>{summary if n % 2 else ''}</div>"
        for n, (title, href, summary) in enumerate(STORIES)
    )
    markets = "".join(
        f"<li><span>{name}</span> <span>{value}</span> <span class='change'>{change}</span></li>"
        for name, value, change in (
            ("FTSE 100", "7459.6", "+0.4%"),
            ("Dow Jones", "38546.0", "-0.2%"),
            ("Brent", "81.2", "+1.1%"),
        )
    )
    return (
        "<html><head><title>News from the harbour towns | Harbour Herald</title></head><body><header><h1><a "
        "href='/'>Harbour Herald</a></h1><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><main>"
        f"<h1 class='{hint}'>News from the harbour towns</h1><section class='desk'><h2><a href='/latest'>Latest</a>"
        f"</h2><ul>{headline_items(LATEST, '/latest/')}</ul></section><div class='widget markets'><h3>Markets</h3><ul>"
        f"{markets}</ul></div><section class='desk'><h2><a href='/news'>News</a></h2><div class='grid'>{cards}</div>"
        "</section></main><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )


def test_a_front_page_under_an_h1_for_screen_readers_keeps_its_desks():
    """An `<h1>` shown to screen readers alone, naming the site, heads no story: the page names none, and its desks
    (of headlines alone, and of cards) are its content."""
    md = convert(front_page_under_a_reader_h1(), "https://herald.example/").markdown
    assert [title in md for title in LATEST] == [True] * len(LATEST)
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)


def test_a_story_under_an_h1_for_screen_readers_stays_a_story():
    """An article whose `<h1>` for screen readers repeats its headline (shown in a `<div>`), over its paragraphs and
    a desk of other stories' headlines: the page names its story in text the `<title>` holds, and the desk stays
    out."""
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS_MD.split("\n\n"))
    html = (
        "<html><head><title>Grain lifts the port to its busiest year | Harbour Herald</title></head><body><header><a "
        "href='/'>Harbour Herald</a><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><main><h1 "
        "class='sr-only'>Grain lifts the port to its busiest year</h1><div class='headline'>Grain lifts the port to "
        f"its busiest year</div>{body}<section class='desk'><h2>Latest</h2><ul>{headline_items(LATEST, '/latest/')}"
        "</ul></section></main><footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )
    md = convert(html, "https://herald.example/2024/03/grain").markdown
    assert PARAGRAPHS_MD.split("\n\n")[0] in md
    assert not any(title in md for title in LATEST)


ROUNDUP_COMMENTS = [
    "Thanks for the list, the piece about the harbour wall was the best thing I read all week and I shared it.",
    "I would add the council's own report on the ferry contract, which says more than any of these articles do.",
    "The fish market story made me go back on Saturday morning, and the new hall is better than the old one was.",
    "Good to see the lifeboat crew get some attention, they are out in all weathers and rarely hear a thank you.",
    "The cycle lane piece missed the point: the shops on the front lost their loading bay, not their customers.",
    "Does anyone know whether the early ferry will run on bank holidays too, or only on ordinary weekdays?",
    "My daughter rides that school bus and the new stops have made her morning twenty minutes shorter, at last.",
    "I walked past the harbour wall yesterday and the contractors had already fenced off the north pier end.",
    "Every week this list is the first thing I open on a Saturday, please keep it going through the summer.",
    "The kayakers were lucky, the tide off the point turns fast and the water is still cold in March.",
]


ROUNDUP_ABOUT = (
    "<div class='side'><h3>About</h3><p>Tide Notes is written by Ann, who has lived on the coast for thirty years and "
    "writes about the harbour and its boats.</p></div>"
)


def roundup_post(own: str = "", comments: int = 4, side: str = "") -> str:
    """A blog's post whose body is a desk of cards (a linked headline over a line each: other stories), under its
    `<h1>` the `<title>` holds and a byline, with a thread of `comments` after it; `own`, the post's own paragraphs
    ahead of the cards, in the block holding them; `side`, a column beside the post."""
    cards = "".join(
        f"<article class='teaser'><h3><a href='{href}'>{title}</a></h3><p>{summary}</p></article>"
        for title, href, summary in STORIES
    )
    thread = "".join(
        f"<li class='comment'><p class='who'>Reader {n}</p><p>{text}</p></li>"
        for n, text in enumerate(ROUNDUP_COMMENTS[:comments])
    )
    return (
        "<html><head><title>What we read this week on the coast | Tide Notes</title></head><body><div id='wrap'>"
        "<div class='top'><a href='/'>Tide Notes</a><ul class='menu'><li><a href='/about'>About</a></li><li><a "
        "href='/archive'>Archive</a></li></ul></div><div class='main'><div class='post'><h1>What we read this week on "
        "the coast</h1><p class='meta'>Posted by Ann on March 9, 2024</p>"
        f"<div class='entry'>{own}{cards}</div></div><div id='comments'><h3>{comments} comments</h3><ol>{thread}</ol>"
        f"</div></div>{side}</div><div class='foot'>© 2024 Tide Notes</div></body></html>"
    )


def test_a_post_whose_body_is_a_desk_of_cards_keeps_them():
    """A post whose story has no text of its own besides a desk of cards (a roundup of other stories) under its
    `<h1>`, the page's content text in the comment thread after it: the `<h1>` names no story, and the cards are the
    content."""
    md = convert(roundup_post(), "https://tidenotes.example/").markdown
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)


def test_a_post_whose_body_is_a_desk_of_cards_keeps_them_over_a_long_thread():
    """The same post under a thread holding more text than its cards, beside a column about the blog: the readers'
    comments are not the page's text, and the cards still are the content."""
    md = convert(roundup_post(comments=10, side=ROUNDUP_ABOUT), "https://tidenotes.example/").markdown
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)


def test_a_video_post_over_a_long_thread_leaves_its_related_cards_out():
    """A post told in a video under its `<h1>` (a line of text at most), a long thread of comments and a desk of
    related cards after it: with the thread taken out, the page holds no text of its own to weigh the cards against,
    and the thread stays what the cards are weighed against (the post's page, not a listing)."""
    html = roundup_post(comments=10).replace(
        "<div class='entry'>",
        "<div class='entry'><div class='video'><iframe src='https://video.example/embed/81'></iframe></div><p>Watch."
        "</p></div><div class='related'><h3>Related</h3>",
        1,
    )
    md = convert(html, "https://tidenotes.example/2024/03/what-we-read").markdown
    assert not any(title in md for title, _, _ in STORIES)


def roundup_of_desks(comments: int = 10) -> str:
    """The roundup post with its cards in two desks under their names (the stories, then the same stories' follow-ups
    in a desk of their own), no text besides them and the thread."""
    cards = "".join(
        f"<article class='teaser'><h3><a href='{href}'>{title}</a></h3><p>{summary}</p></article>"
        for title, href, summary in STORIES
    )
    later = "".join(
        f"<article class='teaser'><h3><a href='{href}-update'>{title}: what happened next</a></h3><p>A week on: "
        f"{summary}</p></article>"
        for title, href, summary in STORIES
    )
    desks = f"<div class='desk'><h2>This week</h2>{cards}</div><div class='desk'><h2>Follow-ups</h2>{later}</div>"
    html = roundup_post(comments=comments).replace(cards, desks, 1)
    # each reader writes twice as much: the thread holds more text than the desks
    return re.sub(
        r"<p class='who'>Reader (\d+)</p><p>([^<]*)</p>",
        lambda m: (
            f"<p class='who'>Reader {m[1]}</p><p>{m[2]}</p><p>{ROUNDUP_COMMENTS[(int(m[1]) + 5) % len(ROUNDUP_COMMENTS)]}</p>"
        ),
        html,
    )


def test_a_roundup_of_two_desks_over_a_long_thread_and_no_other_text_keeps_its_desks():
    """A roundup post whose body is two desks of cards over a thread holding more text than they do, and no other text
    on the page: the thread holds all its text but a unit, yet two desks outside it are the post's body (a front page's
    or a roundup's), not a post's related desk, and the cards are the content."""
    md = convert(roundup_of_desks(), "https://tidenotes.example/").markdown
    assert [title in md for title, _, _ in STORIES] == [True] * len(STORIES)
    assert [f"{title}: what happened next" in md for title, _, _ in STORIES] == [True] * len(STORIES)


def test_a_thread_whose_comments_hold_lists_of_cards_stays_the_page_over_a_desk():
    """A post told in a video over a long thread whose first comment holds a list of linked headlines with a line each
    (what a reader recommends), and one related desk outside the thread: the list in the comment is the thread's, not
    a desk of the page's, and the cards outside stay out (`thread-desks` counts the lists outside the thread alone)."""
    picks = "".join(
        f"<li><h4><a href='{href}'>{title}</a></h4><p>{summary}</p></li>" for title, href, summary in STORIES
    )
    html = (
        roundup_post(comments=10)
        .replace(
            "<div class='entry'>",
            "<div class='entry'><div class='video'><iframe src='https://video.example/embed/81'></iframe></div><p>"
            "Watch.</p></div><div class='related'><h3>Related</h3>",
            1,
        )
        .replace("</p></li>", f"</p><ul class='picks'>{picks}</ul></li>", 1)
    )
    md = convert(html, "https://tidenotes.example/2024/03/what-we-read").markdown
    assert not any(title in md for title, _, _ in STORIES)


def test_a_video_post_over_a_long_thread_and_a_sidebar_of_boxes_after_it_leaves_the_cards_out():
    """The post told in a video over its thread and a related desk, with a column after the thread holding two boxes
    of teasers (recent and popular posts, a headline and a line each): lists after the thread are a sidebar's, not
    desks the thread stands under, and the related cards stay out."""
    boxes = [
        "".join(
            f"<div class='item'><h4><a href='/2024/0{k}/{w}'>{w.capitalize()} crews return to the "
            f"{DESK_WORDS[(i + 3) % 12]} after winter</a></h4><p>The {w} and the {DESK_WORDS[(i + 5) % 12]} reopen "
            f"in April, the crews said on {DESK_WORDS[(i + 7) % 12]} day.</p></div>"
            for i, w in enumerate(DESK_WORDS[k : k + 4])
        )
        for k in (0, 5)
    ]
    side = (
        f"<div class='side'><div class='box'><h3>Recent</h3>{boxes[0]}</div><div class='box'><h3>Popular</h3>"
        f"{boxes[1]}</div></div>"
    )
    html = roundup_post(comments=10, side=side).replace(
        "<div class='entry'>",
        "<div class='entry'><div class='video'><iframe src='https://video.example/embed/81'></iframe></div><p>Watch."
        "</p></div><div class='related'><h3>Related</h3>",
        1,
    )
    md = convert(html, "https://tidenotes.example/2024/03/what-we-read").markdown
    assert not any(title in md for title, _, _ in STORIES)


def test_a_short_story_over_a_desk_of_cards_in_its_block_stays_a_story():
    """The same post with paragraphs of its own ahead of the cards, in their block, and a short thread: the story
    holds the page's text, its `<h1>` names it, and the cards stay out (other stories' teasers after a short story)."""
    own = "".join(f"<p>{p}</p>" for p in PARAGRAPHS_MD.split("\n\n"))
    md = convert(roundup_post(own, comments=1), "https://tidenotes.example/").markdown
    assert PARAGRAPHS_MD.split("\n\n")[0] in md
    assert not any(title in md for title, _, _ in STORIES)


def test_a_post_under_a_one_word_h1_with_its_text_leaves_its_related_cards_out():
    """The short story over a desk of cards in its block, under an `<h1>` of one word (a post titled "Catharsis"): the
    heading still names the story, and the cards stay out. (Session 28 dropped a rule that let an `<h1>` of a word or
    two name no story in the listing decision, for a sidebar's "Search" box: this page then kept its cards.)"""
    own = "".join(f"<p>{p}</p>" for p in PARAGRAPHS_MD.split("\n\n"))
    html = roundup_post(own, comments=1).replace("What we read this week on the coast", "Catharsis")
    md = convert(html, "https://tidenotes.example/").markdown
    assert PARAGRAPHS_MD.split("\n\n")[0] in md
    assert not any(title in md for title, _, _ in STORIES)


DESK_WORDS = "harbour ferry council market school lifeboat storm festival museum bridge tram island".split()


def desks_front(
    columns: list[tuple[str, list[tuple[str, str, int]]]],
) -> tuple[str, dict[str, list[tuple[str, str]]]]:
    """A front page of desks in columns: each column a class and its desks (a name, a key, a number of cards: an
    `<article>` of a linked `<h3>` headline and a summary, in a `<div class="grid">` under the desk's `<h2>`, linking
    to /key/n); the page and each desk's headlines with their summaries by its key."""
    titles: dict[str, list[tuple[str, str]]] = {}
    html = ""
    for kind, desks in columns:
        html += f"<div class='{kind}'>"
        for name, key, n in desks:
            w = [DESK_WORDS[(i + k) % len(DESK_WORDS)] for i in range(n) for k in (0, 1, 3, 5, 7)]
            cards = [
                (
                    f"{w[5 * i].capitalize()} {w[5 * i + 2]} plan approved by the {w[5 * i + 3]} board {key}{i}",
                    f"The {w[5 * i + 1]} and the {w[5 * i + 4]} will both change before the summer season begins on "
                    f"the coast, notice {key}{i} said.",
                )
                for i in range(n)
            ]
            items = "".join(
                f"<article class='teaser'><h3><a href='/{key}/{i}'>{t}</a></h3><p>{summary}</p></article>"
                for i, (t, summary) in enumerate(cards)
            )
            html += f"<section class='desk'><h2>{name}</h2><div class='grid'>{items}</div></section>"
            titles[key] = cards
        html += "</div>"
    return (
        "<html><head><title>Tide Notes</title></head><body><div class='top'><a href='/'>Tide Notes</a><ul class='menu'>"
        "<li><a href='/about'>About</a></li><li><a href='/archive'>Archive</a></li></ul></div>"
        f"<div class='page'>{html}</div><div class='foot'>© 2024 Tide Notes</div></body></html>"
    ), titles


def desks_kept(columns: list[tuple[str, list[tuple[str, str, int]]]], **options) -> dict[str, int]:
    html, titles = desks_front(columns)
    md = convert(html, "https://tidenotes.example/", **options).markdown
    return {key: sum(title in md for title, _ in found) for key, found in titles.items()}


def test_a_front_page_of_desks_beside_a_column_of_popular_posts_leaves_the_column_out():
    """A front page of three desks in its main column, beside a column of "Popular posts" (cards with summaries, a
    list of cards too): the column holding most of the listed lists is the listing's (`listing-column`), and the
    sidebar's list stays out."""
    columns = [("main", [("Harbour", "a", 6), ("Town", "b", 6), ("Sport", "c", 5)]), ("side", [("Popular", "p", 3)])]
    assert desks_kept(columns) == {"a": 6, "b": 6, "c": 5, "p": 0}
    assert desks_kept(columns, disable_rules=("listing-column",))["p"] == 3


def test_a_front_page_of_desks_beside_a_long_box_of_popular_posts_leaves_the_box_out():
    """Three desks in the main column beside a sidebar's box of popular posts with summaries, nearly as long as two
    desks: the main column holds under LISTING_COLUMN of the listed text, but most of it in three lists to the one
    beside it (`listing-desks-column`), and the box stays out."""
    columns = [("main", [("Harbour", "a", 4), ("Town", "b", 4), ("Sport", "c", 3)]), ("side", [("Popular", "p", 7)])]
    assert desks_kept(columns) == {"a": 4, "b": 4, "c": 3, "p": 0}
    assert desks_kept(columns, disable_rules=("listing-desks-column",))["p"] == 7


def test_a_front_page_of_three_desks_beside_a_column_of_two_keeps_both():
    """Three desks in one column beside two in another, most of the listed text in the first: a column of desks like
    its own stands beside it (fewer than LISTING_COLUMN_LISTS times as many lists), and both stay."""
    columns = [
        ("left", [("Harbour", "a", 5), ("Town", "b", 5), ("Sport", "c", 4)]),
        ("right", [("Arts", "d", 3), ("Food", "e", 3)]),
    ]
    assert desks_kept(columns) == {"a": 5, "b": 5, "c": 4, "d": 3, "e": 3}


def desks_over_a_foot() -> tuple[str, dict[str, list[tuple[str, str]]]]:
    """A front page (opaque class names) whose desks' column and a column of three boxes of headlines alone share a
    block, over a footer of two paragraphs about the site."""
    html, titles = desks_front([("k4", [("Harbour", "a", 4), ("Town", "b", 4), ("Sport", "c", 3)])])
    w = DESK_WORDS
    boxes = "".join(
        f"<div class='k3'><h3>Picks {j}</h3><ul>"
        + "".join(
            f"<li><a href='/m/{j}{i}'>{w[(i + j) % 12].capitalize()} {w[(i + 3) % 12]} and {w[(i + 5) % 12]} row goes "
            f"on at the {w[(i + 7) % 12]} {j}{i}</a></li>"
            for i in range(6)
        )
        + "</ul></div>"
        for j in range(3)
    )
    foot = "".join(
        f"<p>Tide Notes is written on the coast by a small team of reporters who have covered the {w[k]} and the "
        f"{w[k + 1]} for twenty years, and it is read in every town between the two bays, paragraph {k}.</p>"
        for k in range(2)
    )
    html = html.replace("<div class='page'>", "<div class='page'><div class='k1'>").replace(
        "</div><div class='foot'>", f"</div><div class='k2'>{boxes}</div></div><div class='foot'>{foot}"
    )
    return html, titles


def test_a_front_page_over_a_footer_of_prose_leaves_its_sidebar_of_headlines_out():
    """Desks beside a column of boxes of headlines alone, in one block, over a footer's text about the site: the
    footer's prose kept the descent above that block, so the region held both columns and the boxes, listed on a
    listing, stayed. The block holding every listed list and most of the content text is the listing's
    (`listing-holder`); in it the desks' column holds the content text, and the boxes go."""
    html, titles = desks_over_a_foot()
    for off, boxes in (((), 0), (("listing-holder",), 18)):
        md = convert(html, "https://tidenotes.example/", disable_rules=off).markdown
        assert {key: sum(title in md for title, _ in found) for key, found in titles.items()} == {
            "a": 4,
            "b": 4,
            "c": 3,
        }
        assert md.count("row goes on") == boxes
        assert "small team of reporters" not in md


@pytest.mark.parametrize("paragraphs", [1, 2])
def test_a_front_page_keeps_a_headed_text_over_the_block_of_its_lists(paragraphs):
    """A front page named for the site: a text of a paragraph or two under its own heading, then a column of desks
    many times its length, over a footer's line. The column holds every listed list, but a headed text before the
    lists may be a story (as `is_headed_story` reads one), so the descent stays above it (`listing-holder`'s guard)
    and the text stays."""
    texts = [
        "The harbour board met on Monday to agree the winter timetable for the ferries, and it chose to keep the late "
        "crossing on Fridays.",
        "The council will pay for the extra crew, the board said, and the fares stay as they are until the spring, "
        "when the new quay opens.",
    ][:paragraphs]
    desks = summarised_desks()
    html = (
        "<html><head><title>Harbour Herald</title></head><body><header><a href='/'>Harbour Herald</a></header><main>"
        "<div class='k5'><h3>What the board decided</h3>"
        + "".join(f"<p>{text}</p>" for text in texts)
        + f"</div><div class='column'>{desks}</div></main><footer><p>The Harbour Herald is written on the coast by a "
        "small team of reporters who have covered the port for twenty years.</p></footer></body></html>"
    )
    md = convert(html, "https://herald.example/").markdown
    assert all(text in md for text in texts)
    assert "Rowing club wins the coastal regatta" in md


def test_an_author_page_keeps_her_name_beside_the_block_of_her_headlines():
    """An author's page: her name as the `<h1>`, a short bio naming her, and a block of eight cards with summaries, in
    its `<main>`: the block holds every listed list, but the page's `<h1>` beside it names the page, so the descent
    stays above it (`listing-holder`'s guard) and the name stays over the headlines."""
    w = DESK_WORDS
    cards = "".join(
        f"<article class='k4'><h3><a href='/story/{i}'>{w[i].capitalize()} {w[(i + 2) % 12]} plan approved by the "
        f"{w[(i + 4) % 12]} board {i}</a></h3><p>The {w[(i + 1) % 12]} and the {w[(i + 5) % 12]} will both change "
        f"before the summer season begins on the coast, notice {i} said.</p></article>"
        for i in range(8)
    )
    html = (
        "<html><head><title>Ann Keel - Tide Notes</title></head><body><div class='k1'><a href='/'>Tide Notes</a></div>"
        "<main><h1>Ann Keel</h1><div class='k2'><p>Ann Keel covers the harbour and the council for Tide Notes, and has "
        f"written about the ferries since they came.</p></div><div class='k3'>{cards}</div></main><div class='k9'><p>"
        "Tide Notes is written on the coast by a small team of reporters.</p></div></body></html>"
    )
    md = convert(html, "https://tidenotes.example/author/ann-keel").markdown
    assert md.startswith("# Ann Keel\n\n")
    assert sum(f"board {i}]" in md for i in range(8)) == 8


def test_a_post_without_an_h1_told_in_headed_sections_leaves_its_related_cards_out():
    """A post whose title is in its `<title>` alone, its text in three blocks each under a subheading, over a desk of
    related stories elsewhere longer than it: a subheading over a section heads a story with the cards after it, and
    the cards stay out (session 29 dropped a rule, `alike-stories`, that read blocks side by side each under a heading
    of its own as a widget's tabs or a desk's cards, heading no story: this page then kept its cards)."""
    w = DESK_WORDS
    sections = "".join(
        f"<div class='sec'><h2>The {w[i]} part</h2><p>The {w[i]} works begin in the spring and the {w[i + 1]} follows "
        f"in the summer, the council said on Monday, {i}.</p></div>"
        for i in range(3)
    )
    related = "".join(
        f"<li><h3><a href='https://other.example/r/{i}'>Related story {i} about the {w[i]} and the {w[(i + 2) % 12]} "
        f"board plan</a></h3><p>The {w[(i + 3) % 12]} and the {w[(i + 4) % 12]} will both change before the summer "
        f"season begins, notice {i}.</p></li>"
        for i in range(10)
    )
    html = (
        "<html><head><title>Harbour works to begin in spring | Tide Notes</title></head><body><div class='page'>"
        f"<div class='post'>{sections}</div><div class='rel'><h2>Related</h2><ul>{related}</ul></div></div></body>"
        "</html>"
    )
    md = convert(html, "https://tidenotes.example/2024/harbour").markdown
    assert md.count("works begin in the spring") == 3
    assert "Related story" not in md


def desk_of_card_bodies() -> str:
    """A desk of cards each a picture and a body block (a headline and its summary), the first with a longer summary,
    beside a sidebar of prose and a list of popular stories."""
    w = DESK_WORDS
    cards = "".join(
        f"<div class='col'><a href='/a/{i}'><img src='/a/{i}.jpg' alt=''></a><div class='card-body'>"
        f"<h{2 + i % 3} class='card-title'><a href='/a/{i}'>{w[i].capitalize()} {w[i + 3]} plan approved by the "
        f"{w[i + 5]} board a{i}</a></h{2 + i % 3}><p>"
        + (
            f"The {w[1]} and the {w[7]} will both change before the summer season begins on the coast, notice a{i} "
            f"said. The work starts at the {w[2]} in the spring and ends by the autumn."
            if not i
            else f"The {w[i + 1]} will change, a{i}."
        )
        + "</p></div></div>"
        for i in range(6)
    )
    about = "".join(
        f"<p>Tide Notes is written on the coast by two people who like boats, the {w[i]} and the {w[i + 2]}, and who "
        f"have kept a diary of the weather on the harbour wall since the winter of the great storm, {i}.</p>"
        for i in range(2)
    )
    popular = "".join(
        f"<li><h3><a href='/popular/{i}'>Popular story number {i} about the {w[i]} and the {w[i + 1]}</a></h3><p>A line "
        f"about the {w[i + 2]} that readers liked the most this week, notice {i} said.</p></li>"
        for i in range(6)
    )
    return (
        "<html><head><title>Tide Notes</title></head><body><div class='top'><a href='/'>Tide Notes</a></div>"
        "<div class='wrap'><div class='main'><section class='desk'><h2><a href='/harbour'>Harbour</a></h2>"
        f"<div class='grid'><section class='row'>{cards}</section></div></section></div><div class='sidebar'>"
        f"<div class='about'>{about}</div><h2>Popular</h2><ul class='popular'>{popular}</ul></div></div>"
        "<div class='foot'>© 2024 Tide Notes</div></body></html>"
    )


def test_a_desk_of_cards_with_body_blocks_beside_a_sidebar_of_prose_is_kept():
    """A desk of cards each a picture and a body block (a headline and its summary), the first with a longer summary,
    beside a sidebar of prose and a list of popular stories: the headline in a card's body block is a card's, no
    story's (`card-bodies`), and the desk is the page's."""
    w = DESK_WORDS
    html = desk_of_card_bodies()
    for off, kept in (((), 6), (("card-bodies",), 0)):
        md = convert(html, "https://tidenotes.example/home", disable_rules=off).markdown
        assert sum(f"plan approved by the {w[i + 5]} board a{i}" in md for i in range(6)) == kept


def test_a_front_page_of_desks_in_two_columns_keeps_both():
    """Desks in two columns of about the same size: neither holds LISTING_COLUMN of the listed text, and both stay."""
    columns = [("left", [("Harbour", "a", 5), ("Town", "b", 5)]), ("right", [("Sport", "c", 4), ("Arts", "d", 4)])]
    assert desks_kept(columns) == {"a": 5, "b": 5, "c": 4, "d": 4}


def test_a_big_desk_beside_a_small_one_in_the_listings_column_keeps_both():
    """In the listing's column, one desk holding most of its listed text beside a small one: a column of one list is
    one desk among others, not the listing's column, and the small desk stays."""
    columns = [("main", [("Harbour", "a", 12), ("Town", "b", 3)]), ("side", [("Popular", "p", 3)])]
    assert desks_kept(columns) == {"a": 12, "b": 3, "p": 0}


STORY_HEADER_H2 = (
    "<html><head><title>Harbour wall repaired after the storm | Harbour News</title></head><body>"
    "<header class='masthead'><a href='/'>Harbour News</a><nav><a href='/science'>Science</a> "
    "<a href='/sport'>Sport</a></nav></header><div class='page'><div class='main'>"
    "<header><hgroup><h2 class='article-title'>Harbour wall repaired after the storm</h2></hgroup>"
    "<div class='subheader'>By <a href='/author/ann-smith'>Ann Smith</a> &bull; May 3, 2026 &bull; Springfield"
    "</div></header><article><section>"
    "<p>Engineers replaced forty metres of the wall's facing stones, which the February storm had torn loose.</p>"
    "<p>The port authority said the works cost less than feared, as most of the stones could be used again.</p>"
    "<p>Fishing boats left the harbour at dawn on Monday, followed by the morning ferry to the islands.</p>"
    "</section></article></div>"
    "<div class='side'><h3>Most read</h3><ul><li><a href='/a'>Ferry timetable changes for the summer season</a></li>"
    "<li><a href='/b'>Lighthouse open to visitors again</a></li></ul></div></div></body></html>"
)
STORY_HEADER_H2_MD = (
    "## Harbour wall repaired after the storm\n\nEngineers replaced forty metres of the wall's facing stones, which "
    "the February storm had torn loose.\n\nThe port authority said the works cost less than feared, as most of the "
    "stones could be used again.\n\nFishing boats left the harbour at dawn on Monday, followed by the morning ferry "
    "to the islands."
)


def test_a_story_header_titled_by_an_h2_ahead_of_the_article_comes_along():
    """A page without an `<h1>` titles its story with an `<h2>` the `<title>` holds, in a `<header>` of its own (with
    the byline) ahead of the `<article>`: the header is the article's, and the block holding it with the article
    is the region (the byline left out as the page's author line, the column beside it as before)."""
    page = convert(STORY_HEADER_H2, "https://news.example/harbour")
    assert page.markdown == STORY_HEADER_H2_MD
    off = convert(STORY_HEADER_H2, "https://news.example/harbour", disable_rules=("post-title-block",))
    assert off.markdown == STORY_HEADER_H2_MD.split("\n\n", 1)[1]


def test_a_site_header_titled_by_an_h2_over_a_story_titled_in_its_article_stays_out():
    """The site's `<header>` with its name as an unlinked `<h2>` and a tagline, no menu, on a page without an `<h1>`
    whose story has its `<h2>` title inside the `<article>`: the header is the site's (the story's title is the one
    the `<title>` holds at its longest), and stays out."""
    html = (
        "<html><head><title>Harbour wall repaired after the storm | Harbour News</title></head><body>"
        "<header class='top'><h2>Harbour News</h2><p>News from the harbour and the town around it, every day since "
        "1901, written by the people who live here.</p></header><div class='page'><article>"
        "<h2>Harbour wall repaired after the storm</h2>"
        "<p>Engineers replaced forty metres of the wall's facing stones, which the February storm had torn loose.</p>"
        "<p>The port authority said the works cost less than feared, as most of the stones could be used again.</p>"
        "<p>Fishing boats left the harbour at dawn on Monday, followed by the morning ferry to the islands.</p>"
        "</article></div></body></html>"
    )
    assert convert(html, "https://news.example/harbour").markdown == STORY_HEADER_H2_MD


POST_TITLE_AHEAD = (
    "<html><head>{meta}<title>{title}</title></head><body><div id='wrapper'>{top}<div id='single'><div class='item'>"
    "<div class='item-head'>{head}<div class='meta'>Posted on May 3, 2026 by Ann Smith</div></div><div class='item-text'>"
    "<p>The harbour's twelve lights will run on solar panels from June, the port authority said on Monday.</p>"
    "<p>Each light gets a panel and a battery that lasts three nights, so a grey week will not leave it dark.</p>"
    "<p>The old cables under the quay will stay in place for the two lights at the entrance of the harbour.</p>"
    "</div></div></div></div></body></html>"
)
POST_TITLE_BODY_MD = (
    "The harbour's twelve lights will run on solar panels from June, the port authority said on Monday.\n\nEach light "
    "gets a panel and a battery that lasts three nights, so a grey week will not leave it dark.\n\nThe old cables "
    "under the quay will stay in place for the two lights at the entrance of the harbour."
)


def test_a_posts_h3_title_in_a_block_ahead_of_its_text_comes_along_without_an_h1():
    """No `<h1>`: the post's title is an `<h3>` (a link to the post) the `<title>` holds, in a block of its own with
    the byline ahead of the block of its text (neither named an article). The region widens to the block holding
    both, as it does for an `<h1>` (the byline left out as before)."""
    html = POST_TITLE_AHEAD.format(
        meta="",
        title="Harbour lights go solar this summer | Gadget Loop",
        top="<div class='top'><a href='/'>Gadget Loop</a></div>",
        head="<h3><a href='/2026/05/harbour-lights'>Harbour lights go solar this summer</a></h3>",
    )
    page = convert(html, "https://gadgets.example/2026/05/harbour-lights")
    assert page.markdown == "### Harbour lights go solar this summer\n\n" + POST_TITLE_BODY_MD
    off = convert(html, "https://gadgets.example/2026/05/harbour-lights", disable_rules=("post-title-block",))
    assert off.markdown == POST_TITLE_BODY_MD


def test_the_sites_name_as_the_only_heading_the_title_holds_is_no_post_title():
    """The `<title>` holds the site's name after the post's, and the only heading on the page is the site's name as
    an `<h2>` in a band over the post: the page's title without the site's name (its metadata) holds none of it, so
    no block is widened to for it (the story heading's test)."""
    html = POST_TITLE_AHEAD.format(
        meta="<meta property='og:title' content='Harbour lights go solar this summer'>",
        title="Harbour lights go solar this summer | Gadget Loop Weekly",
        top="<div class='band'><div class='inner'><h2>Gadget Loop Weekly</h2></div></div>",
        head="",
    )
    assert convert(html, "https://gadgets.example/2026/05/harbour-lights").markdown == POST_TITLE_BODY_MD


FERRY_POST = (
    "<p>Die erste Fähre legte am Montag um zehn vor sechs ab, mit vierzig Pendlern und zwei Hunden an Bord, und "
    "erreichte das Festland vier Minuten vor dem Fahrplan.</p><p>Die Besatzung sagte, die Überfahrt sei ruhig "
    "gewesen und die meisten Fahrgäste hätten geschlafen, bis die Maschinen vor dem Anleger langsamer wurden.</p>"
)
FERRY_POST_MD = (
    "Die erste Fähre legte am Montag um zehn vor sechs ab, mit vierzig Pendlern und zwei Hunden an Bord, und "
    "erreichte das Festland vier Minuten vor dem Fahrplan.\n\nDie Besatzung sagte, die Überfahrt sei ruhig gewesen "
    "und die meisten Fahrgäste hätten geschlafen, bis die Maschinen vor dem Anleger langsamer wurden."
)


def ferry_page(feeds: str, header: str, post: str) -> str:
    """A blog's post page with opaque class names, the feeds it declares in its head, a header and the post."""
    return (
        f"<html><head><title>Hafennotizen: Die erste Fähre am Morgen</title>{feeds}</head><body>"
        f"<div class='q7c1e0'>{header}<div class='q4f2a1'>{post}{FERRY_POST}</div></div>"
        "<div class='q90b3d'><p>Betrieben mit einer Blog-Software</p></div></body></html>"
    )


@pytest.mark.parametrize(
    "feed",
    [
        "rel='alternate' type='application/atom+xml'",
        "rel='Alternate' type='application/rss+xml; charset=UTF-8'",
        "rel='alternate feed' type='application/rdf+xml'",
    ],
)
def test_a_blogs_name_linking_to_the_home_of_its_feed_and_tagline_over_the_post_are_left_out(feed):
    """A blog living under a path (`/notizen/`): its name as the `<h1>` links to the folder of the feed the page
    declares, not to the site's root; with its tagline, a masthead over the post titled by the `<h3>` the
    `<title>` holds. The feed is any the page's metadata reads as one (`feedlinks.feed_kind`): a `rel` of several
    words, a type with parameters, RSS 1.0."""
    feeds = f"<link {feed} href='https://hafen.example/notizen/atom.xml'>"
    header = (
        "<div class='q3b8d5'><h1><a href='https://hafen.example/notizen/'>Hafennotizen</a></h1>"
        "<h2>Über Boote, Gezeiten und die Leute am Hafen</h2></div>"
    )
    md = convert(
        ferry_page(feeds, header, "<h3>Die erste Fähre am Morgen</h3>"),
        "https://hafen.example/notizen/2024/03/erste-faehre.html",
    ).markdown
    assert md == "### Die erste Fähre am Morgen\n\n" + FERRY_POST_MD


def test_a_posts_h1_linking_to_the_folder_of_its_comment_feed_stays():
    """The post's own `<h1>`, a link to its address, where its comment feed lies (`…/erste-faehre/feed/`), the
    `<title>` naming it as long as the site's name: the post's title, no blog's home, and it stays."""
    feeds = "<link rel='alternate' type='application/rss+xml' href='https://hafen.example/2024/03/erste-faehre/feed/'>"
    header = (
        "<div class='q3b8d5'><h3><a href='https://hafen.example/'>Hafennotizen</a></h3></div><div class='q55e10'>"
        "<h1><a href='https://hafen.example/2024/03/erste-faehre/'>Die erste Fähre am Morgen</a></h1></div>"
    )
    md = convert(ferry_page(feeds, header, ""), "https://hafen.example/2024/03/erste-faehre/").markdown
    assert md.endswith("# Die erste Fähre am Morgen\n\n" + FERRY_POST_MD)


def test_a_short_posts_h1_linking_to_its_comment_feed_beside_the_sites_feed_stays():
    """Of the feeds a page declares, the site's lies in the shallowest folder: a short `<h1>` linking to the post's
    own folder, where its comment feed lies, is no home, even where a longer heading the `<title>` holds (the
    site's name) stands over it."""
    feeds = (
        "<link rel='alternate' type='application/rss+xml' href='https://hafen.example/feed/'>"
        "<link rel='alternate' type='application/rss+xml' href='https://hafen.example/2024/03/faehre/feed/'>"
    )
    header = (
        "<div class='q3b8d5'><h3>Hafennotizen: Die erste Fähre am Morgen</h3></div><div class='q55e10'>"
        "<h1><a href='https://hafen.example/2024/03/faehre/'>Die erste Fähre</a></h1></div>"
    )
    md = convert(ferry_page(feeds, header, ""), "https://hafen.example/2024/03/faehre/").markdown
    assert md.endswith("# Die erste Fähre\n\n" + FERRY_POST_MD)


# A site's page whose region is as wide as the page (a wrapper holding the post, a sidebar and the footer), its
# class names opaque (`quality.py --blind`): the footer goes by where it stands, after the page's first menu below
# the post, not by its name.
RIVER_POST = (
    "<h1>La crue de printemps sur la Loire</h1>"
    "<p>Depuis lundi, la Loire monte de quelques centimètres par heure entre Orléans et Blois, et les digues sont "
    "surveillées jour et nuit par les équipes de la préfecture, qui relèvent les niveaux toutes les deux heures.</p>"
    "<p>Les riverains des quartiers bas ont été invités à monter leurs meubles à l'étage et à garer leurs voitures "
    "sur les hauteurs, loin des berges où l'eau pourrait déborder dès la nuit de mercredi.</p>"
    "<p>Les anciens du village se souviennent de la crue de mille neuf cent quatre-vingt-deux, quand l'eau avait "
    "atteint les marches de l'église et que les barques circulaient dans la grand-rue pendant trois jours.</p>"
)
RIVER_MENU = (
    "<ul class='q40d1e7'><li><a href='/actualites/'>Actualités</a></li><li><a href='/sport/'>Sport</a></li>"
    "<li><a href='/culture/'>Culture</a></li><li><a href='/meteo/'>Météo</a></li></ul>"
)
RIVER_FOOTER = (
    "<p>Le Courrier du Val est un journal indépendant fondé par ses lecteurs, qui le financent chaque année.</p>"
    "<p>Toute reproduction des contenus de ce site, même partielle, est interdite sans l'accord écrit de "
    "l'éditeur.</p>"
)


def river_page(after_post: str) -> str:
    return (
        "<html><head><title>La crue de printemps sur la Loire</title></head><body><div class='q7a1c02'>"
        f"<div class='q11b9e0'>{RIVER_MENU}</div><div class='q3c52f8'>{RIVER_POST}</div>{after_post}"
        "</div></body></html>"
    )


@pytest.mark.parametrize(
    "after_post",
    [
        # a sidebar's list of links, then the footer's blurb and terms
        f"<div class='q9e0b41'>{RIVER_MENU}</div><div class='q5d7e3a'>{RIVER_FOOTER}</div>",
        # the footer opening with its own menu
        f"<div class='q5d7e3a'><div class='q2f8c61'>{RIVER_MENU}</div><div class='q6b04d9'>{RIVER_FOOTER}</div></div>",
    ],
    ids=["after-a-sidebar", "opening-with-a-menu"],
)
def test_the_sites_footer_after_a_menu_below_the_post_is_left_out(after_post):
    md = convert(river_page(after_post), "https://courrier-du-val.example/2024/04/crue.html").markdown
    assert "la Loire monte" in md and "les barques circulaient" in md
    assert "journal indépendant" not in md
    assert "reproduction" not in md


RIVER_BLURB = (
    "<div class='q5d7e3a'><h2>Le Courrier du Val, un journal de la vallée</h2>"
    "<p>Le Courrier du Val est un journal indépendant fondé en mille neuf cent douze par ses lecteurs, qui le "
    "financent chaque année par leurs abonnements et leurs dons, et qui élisent chaque printemps son comité.</p>"
    "<p>Sa rédaction de six journalistes couvre les communes de la vallée, leurs conseils, leurs écoles, leurs "
    "clubs et leurs fêtes, et publie chaque samedi une édition imprimée vendue dans les bureaux de tabac.</p>"
    "<p><a href='/'>Accueil</a> | <a href='/contact/'>Contact</a> | <a href='/abonnement/'>Abonnement</a> © 2024 Le "
    "Courrier du Val</p>"
    "{after}</div>"
)


@pytest.mark.parametrize(
    "after",
    [
        "",
        "<ul class='q2f8c61'><li><a href='/plan/'>Plan du site</a></li><li><a href='/mentions/'>Mentions</a></li></ul>",
    ],
    ids=["closing-with-the-notice", "over-its-links"],
)
def test_the_sites_blurb_closing_the_page_over_a_copyright_notice_is_left_out(after):
    """No menu before it, and as long as half the post: the page's last block after the post's, whose last words
    outside links are a copyright notice, is the site's footer (its blurb about the site goes with it)."""
    page = (
        "<html><head><title>La crue de printemps sur la Loire</title></head><body><div class='q7a1c02'>"
        f"<div class='q11b9e0'><h3>Le Courrier du Val</h3></div><div class='q3c52f8'>{RIVER_POST}</div>"
        f"{RIVER_BLURB.format(after=after)}</div></body></html>"
    )
    md = convert(page, "https://courrier-du-val.example/2024/04/crue.html").markdown
    assert "la Loire monte" in md and "les barques circulaient" in md
    assert "journal indépendant" not in md and "rédaction de six" not in md


@pytest.mark.parametrize(
    "closing",
    [
        # (the caption's links, to the gallery and the photographer, as many as a footer's)
        "<figure><img src='/digue.jpg' alt=''><figcaption>La digue de Blois mardi soir. <a href='/photos/'>Toutes "
        "les photos</a> · <a href='/galerie/'>La galerie</a> · <a href='/auteurs/morel/'>Jean Morel</a> © 2024"
        "</figcaption></figure>",
        "<p>© 2024 Le Courrier du Val</p>",
    ],
    ids=["a-credited-picture", "a-notice-alone"],
)
def test_the_storys_last_part_closing_on_a_copyright_notice_stays(closing):
    """A block after the post's closing on a copyright notice is the story going on when the notice is a picture's
    credit, or stands without the site's links (its last section, then the notice of the story's text)."""
    part = (
        "<div class='q5d7e3a'><h2>Ce que prévoit la préfecture</h2>"
        "<p>La préfecture a ouvert deux gymnases pour accueillir les familles évacuées, et des navettes partiront "
        "de la mairie toutes les heures à partir de jeudi matin, tant que l'alerte restera au niveau orange.</p>"
        "<p>Les écoles des quartiers bas resteront fermées jusqu'à la fin de la semaine, et les cours seront "
        "donnés dans les salles de la mairie annexe pour les élèves des classes d'examen, matin et après-midi.</p>"
        f"{closing}</div>"
    )
    page = (
        "<html><head><title>La crue de printemps sur la Loire</title></head><body><div class='q7a1c02'>"
        f"<div class='q11b9e0'><h3>Le Courrier du Val</h3></div><div class='q3c52f8'>{RIVER_POST}</div>{part}"
        "</div></body></html>"
    )
    md = convert(page, "https://courrier-du-val.example/2024/04/crue.html").markdown
    assert "la Loire monte" in md and "deux gymnases" in md and "écoles des quartiers" in md


def test_a_story_going_on_after_a_list_of_links_stays():
    """Past a list of links below the post's block, a block holding half as much content text as the post's or
    more is the story going on (a second part after a "read also" list), not the footer."""
    more = (
        "<div class='q5d7e3a'><h2>Ce que prévoit la préfecture</h2>"
        "<p>La préfecture a ouvert deux gymnases pour accueillir les familles évacuées, et des navettes partiront "
        "de la mairie toutes les heures à partir de jeudi matin, tant que l'alerte restera au niveau orange.</p>"
        "<p>Les écoles des quartiers bas resteront fermées jusqu'à la fin de la semaine, et les cours seront "
        "donnés dans les salles de la mairie annexe pour les élèves des classes d'examen, matin et après-midi.</p>"
        "</div>"
    )
    md = convert(
        river_page(f"<div class='q9e0b41'>{RIVER_MENU}</div>{more}"), "https://courrier-du-val.example/crue.html"
    ).markdown
    assert "deux gymnases" in md and "écoles des quartiers bas" in md


def test_a_closing_paragraph_after_the_storys_list_of_sources_stays():
    """Where the region is the story's own paragraphs (no block of its own holds them), a paragraph after a list of
    links is the story's last word, not a footer."""
    page = (
        "<html><head><title>La crue de printemps sur la Loire</title></head><body><div class='q7a1c02'>"
        f"{RIVER_POST.replace('</p><p>Les riverains', ' Les riverains')}{RIVER_MENU}"
        "<p>Nous mettrons cet article à jour dès que les niveaux de mercredi seront connus.</p>"
        "</div></body></html>"
    )
    md = convert(page, "https://courrier-du-val.example/crue.html").markdown
    assert "mettrons cet article à jour" in md


SIGN_UP_FORM = (
    "<form class='q0c8e21' action='/newsletter'><h3>Der Newsletter vom Hafen</h3>"
    "<p>Melden Sie sich jetzt an: jeden Freitag die Gezeiten der Woche, die Fahrpläne der Fähren und was am Hafen "
    "geschieht, kostenlos in Ihrem Postfach.</p>"
    "<div class='q71f0aa'><label for='q5e2'>E-Mail-Adresse</label><input id='q5e2' type='email' name='email'></div>"
    "<button type='submit'>Anmelden</button>"
    "<div class='q3d9b70'><small>Mit der Anmeldung akzeptieren Sie unsere Hinweise zum Datenschutz. Sie können den "
    "Newsletter jederzeit über den Link in jeder Ausgabe wieder abbestellen.</small></div></form>"
)
FERRY_STORY = (
    "<h1>Die erste Fähre am Morgen</h1>"
    "<p>Um halb sechs legt die erste Fähre ab, und an Bord sind fast nur Pendler, die auf der anderen Seite des "
    "Flusses arbeiten und die Überfahrt nutzen, um noch eine Zeitung zu lesen oder einen Kaffee zu trinken.</p>"
    "<p>Der Kapitän fährt die Strecke seit zwanzig Jahren und kennt jeden Fahrgast beim Namen; bei Nebel steuert er "
    "nach dem Klang der Glocke an der Mole, wie es schon sein Vater getan hat.</p>"
    "<p>Im Winter fällt die Fähre manchmal aus, wenn Eis auf dem Fluss treibt, und dann fahren die Pendler einen "
    "Umweg von vierzig Kilometern über die Brücke in der Stadt.</p>"
)


def test_a_sign_up_form_with_its_pitch_and_small_print_is_left_out_whatever_its_class():
    """A newsletter box measured from its `<form>`: its heading, pitch, field, button and small print are its own,
    more together than a box measured from the field's label takes in."""
    page = (
        f"<html><body><div class='q7a1c02'><div class='q3c52f8'>{FERRY_STORY}</div>{SIGN_UP_FORM}</div></body></html>"
    )
    md = convert(page, "https://hafen.example/2024/03/erste-faehre.html").markdown
    assert "Kapitän fährt die Strecke" in md and "Umweg von vierzig Kilometern" in md
    assert "Newsletter" not in md and "Postfach" not in md and "Datenschutz" not in md


def test_a_list_in_a_form_that_sends_nothing_stays():
    """A recipe's ingredients as boxes to tick in a `<form>` with no control sending it: the recipe's text."""
    ingredients = (
        "<form class='q0c8e21'><h2>Zutaten</h2><ul>"
        + "".join(
            f"<li><input type='checkbox' name='q{i}'> {item}</li>"
            for i, item in enumerate(
                [
                    "500 g Mehl",
                    "250 ml lauwarme Milch",
                    "80 g Butter",
                    "1 Würfel frische Hefe",
                    "2 Eier",
                    "1 Prise Salz",
                ]
            )
        )
        + "</ul></form>"
    )
    method = (
        "<h2>Zubereitung</h2><p>Die Hefe in der lauwarmen Milch auflösen und mit dem Mehl, der weichen Butter, den Eiern "
        "und dem Salz zu einem glatten Teig verkneten, der sich vom Rand der Schüssel löst.</p>"
        "<p>Den Teig zugedeckt an einem warmen Ort eine Stunde gehen lassen, bis er sich sichtbar vergrößert hat, dann "
        "zu einem Zopf flechten und bei 180 Grad etwa dreißig Minuten goldbraun backen.</p>"
    )
    page = f"<html><body><div class='q7a1c02'><h1>Hefezopf wie bei Oma</h1>{ingredients}{method}</div></body></html>"
    md = convert(page, "https://backstube.example/hefezopf.html").markdown
    assert "500 g Mehl" in md and "Würfel frische Hefe" in md


def test_a_front_pages_last_desk_after_a_desk_of_links_stays():
    """On a listing, a desk of links alone (its name over its pages: a menu by its measure) between desks ends none
    of them: the desk after it is the page's content, not its footer."""

    def desk(name: str, n: int, start: int) -> str:
        cards = "".join(
            f"<div class='q2a'><h3><a href='/{name.lower()}/story-{i}.html'>{name} story {i}: the council votes on "
            f"the harbour plan</a></h3><p>The council met on Tuesday evening to vote on plan number {i} for the "
            "harbour, after a long debate about the ferry and the new quay.</p></div>"
            for i in range(start, start + n)
        )
        return f"<section class='q1b'><h2><a href='/{name.lower()}/'>{name}</a></h2><div class='q3c'>{cards}</div></section>"

    page = (
        "<html><head><title>The Daily Example</title></head><body><main>"
        + desk("Harbour", 8, 0)
        + "<section class='q1b'><h2><a href='/sport/'>Sport</a></h2><ul class='q4d'>"
        + "".join(f"<li><a href='/sport/{kind.lower()}/'>{kind}</a></li>" for kind in ("Results", "Tables", "Fixtures"))
        + "</ul></section>"
        + desk("Weather", 3, 20)
        + "</main></body></html>"
    )
    md = convert(page, "https://daily.example/").markdown
    assert "Weather story 20" in md and "Weather story 22" in md


HUT_POST = (
    "<h2 class='q81c2e0'>Zwei Tage auf der Hütte</h2>"
    "<p>Am Samstag sind wir früh losgegangen, der Weg zur Hütte war noch vom Regen der Nacht aufgeweicht.</p>"
    "<p>Nach drei Stunden kam die Sonne heraus, und oben wartete eine Suppe auf uns, die wir lange nicht vergessen.</p>"
    "<p>Am Sonntag ging es über den Grat zurück ins Tal, wo der Bus schon auf die letzten Wanderer wartete.</p>"
    "<p>Die Hüttenwirtin erzählte am Abend von den Wintern, in denen sie wochenlang allein oben geblieben ist, "
    "nur mit dem Funkgerät und einem Stapel Bücher, und wie sie im Frühjahr die ersten Gäste kommen hört.</p>"
    "<p>Wer die Tour nachgehen will, sollte feste Schuhe mitnehmen und für den Grat etwas Trittsicherheit haben; "
    "bei Nässe ist der Abstieg über die Platten rutschig, und die Markierungen sind stellenweise verblasst.</p>"
)
HUT_SIDEBAR = (
    "<div class='q55a0c1'><h2>Bergnotizen</h2><p>Ich wandere seit zwanzig Jahren in den Bergen und schreibe hier "
    "darüber, meist am Abend nach der Tour, wenn die Füße noch schwer sind. Vorher war ich Lehrerin, heute führe ich "
    "Gruppen über die Alpen und sammle Geschichten von den Hütten.</p></div>"
    "<div class='q55a0c1'><h2>Blog-Archiv</h2><ul><li><a href='/2024/05/'>Mai</a> (4)</li>"
    "<li><a href='/2024/04/'>April</a> (6)</li><li><a href='/2024/03/'>März</a> (3)</li></ul></div>"
    "<div class='q55a0c1'><h2>Fragen?</h2><p>Hast du eine Frage oder eine Anmerkung zu einer Tour? Schreib mir eine "
    "Nachricht über das Formular.</p></div>"
)


def hut_page(columns: str) -> str:
    return (
        "<html><head><title>Zwei Tage auf der Hütte</title></head><body><div class='q0b7e41'>"
        "<div class='q2d04f3'><h1 class='q1a9c33'><a href='/'>Bergnotizen</a></h1></div>"
        f"<div class='q6e13b2'>{columns}</div></div></body></html>"
    )


@pytest.mark.parametrize(
    "columns",
    [
        f"<div class='q9c7e20'>{HUT_POST}</div><div class='q3f5d18'>{HUT_SIDEBAR}</div>",
        f"<div class='q3f5d18'>{HUT_SIDEBAR}</div><div class='q9c7e20'>{HUT_POST}</div>",
    ],
    ids=["after-the-post", "before-the-post"],
)
def test_a_sidebars_column_of_headed_boxes_after_the_post_is_left_out(columns):
    """A blog's sidebar beside the post, its boxes each under a heading and one a list of links (an archive by
    month with its counts), whatever its class: not the post's."""
    md = convert(hut_page(columns), "https://bergnotizen.example/2024/05/huette.html").markdown
    assert "den Grat zurück" in md
    assert "zwanzig Jahren" not in md and "März" not in md and "Formular" not in md


LEFT_BOXES = (
    "<div class='{cls}'><h2>Über mich</h2><p>Ich bin Bergführerin im Wallis und nehme euch hier mit auf meine Touren, "
    "von der ersten Hütte im Frühjahr bis zum letzten Gipfel im Herbst.</p></div>"
    "<div class='{cls}'><h2>Unterwegs</h2><p>Diesen Sommer führe ich vor allem in den Berner Alpen, mit Gruppen von "
    "höchstens sechs Leuten.</p></div>"
)


def test_a_second_sidebar_of_two_boxes_made_as_the_sidebars_boxes_is_left_out():
    """A blog of three columns: two boxes before the post, too few to read as a sidebar's column alone, made as the
    boxes of the sidebar after it (the same class): the blog's second sidebar, whatever the class says."""
    columns = (
        f"<div class='q7a1b2c'>{LEFT_BOXES.format(cls='q55a0c1')}</div>"
        f"<div class='q9c7e20'>{HUT_POST}</div><div class='q3f5d18'>{HUT_SIDEBAR}</div>"
    )
    md = convert(hut_page(columns), "https://bergnotizen.example/2024/05/huette.html").markdown
    assert "den Grat zurück" in md and "Trittsicherheit" in md
    assert "Bergführerin" not in md and "sechs Leuten" not in md and "zwanzig Jahren" not in md


def test_boxes_before_the_post_made_otherwise_than_the_sidebars_stay():
    """Two boxes before the post whose class the sidebar's boxes do not carry: nothing says they are a sidebar's."""
    columns = (
        f"<div class='q7a1b2c'>{LEFT_BOXES.format(cls='q0f0f0f')}</div>"
        f"<div class='q9c7e20'>{HUT_POST}</div><div class='q3f5d18'>{HUT_SIDEBAR}</div>"
    )
    md = convert(hut_page(columns), "https://bergnotizen.example/2024/05/huette.html").markdown
    assert "den Grat zurück" in md and "Bergführerin" in md and "sechs Leuten" in md


AD_CODE = "var slot = googletag.defineSlot('/6539/top', [728, 90], 'ad-top').addService(googletag.pubads()); " * 30
QUAY_POST = (
    "<p>The harbour council met on Tuesday evening to vote on the plan for the new quay and the ferry.</p>"
    "<p>After a long debate about the cost, the members agreed to ask the port for a second survey of the seabed.</p>"
    "<p>The vote on the plan itself is now set for the spring, when the survey should be back.</p>"
)


def test_a_footer_of_ad_scripts_beside_a_short_post_is_not_measured_as_the_wrapper():
    """A short post's <footer> holding a line about the publisher and a long ad script: the script's code is no text
    a reader sees, so the footer holds no more than the post and is no wrapper of the page to measure after all."""
    foot = (
        "<footer><p>The Harbour Gazette is published by Gazette Media, a family company since 1901, with offices on "
        f"the quay and a printing works in the old net loft.</p><script>{AD_CODE}</script></footer>"
    )
    # (a title of two words, under a headline's length: no post's title outside the footer, which landmark-wrappers
    # would pass over as well)
    page = (
        "<html><head><title>Quay vote</title></head><body><div><h1>Quay vote</h1>"
        f"<div>{QUAY_POST}</div>{foot}</div></body></html>"
    )
    md = convert(page, "https://gazette.example/news/quay.html").markdown
    assert "Quay vote" in md and "second survey" in md
    assert "family company" not in md


def test_a_nav_left_open_around_the_post_and_a_script_is_measured():
    """A <nav> left open around the post (and an ad script) beside a short line of the page's own: what it shows is
    most of the page, a wrapper measured after all."""
    page = (
        "<html><head><title>Council delays the quay vote</title></head><body><p>Fog on the quay today, sun later."
        f"</p><nav><a href='/'>The Harbour Gazette</a><script>{AD_CODE}</script><div><h1>Council delays the quay "
        f"vote</h1><div>{QUAY_POST}</div></div></nav></body></html>"
    )
    md = convert(page, "https://gazette.example/news/quay.html").markdown
    assert "second survey" in md and "spring" in md


GAZETTE_FOOTER = (
    "<footer><h2>About the Harbour Gazette</h2><p>The Harbour Gazette has reported on the harbour, its boats and its "
    "people since 1901, from a small office on the quay that once sold tickets for the steamers to the islands.</p>"
    "<p>It is owned by the Gazette Trust, whose members are its readers, and it takes no money from the port, the "
    "council or the shipping lines whose work it reports on, so that it can say what it finds about each of them.</p>"
    "<p>Its eight reporters and two photographers cover the council, the courts, the schools and the fishing fleet, "
    "and its printed edition comes out every Thursday with the week's tide tables and the ferry timetable.</p>"
    "<p>Readers may write to the editor about anything the Gazette has printed; letters are answered within a week, "
    "and corrections are printed on page two of the next edition, under the same heading as the story they mend.</p>"
    "<p>The Gazette's archive of every edition since 1901 can be read in the public library on the square, and its "
    "photographs of the old harbour are shown each summer in the net loft beside the lifeboat station.</p>"
    "<ul><li><a href='/about/'>About us</a></li><li><a href='/contact/'>Contact</a></li><li><a href='/jobs/'>Jobs"
    "</a></li><li><a href='/terms/'>Terms</a></li></ul></footer>"
)
DESK_PROMISE = (
    "Each desk of the Gazette has its own reporter, who answers readers' letters and takes their tips by telephone "
    "every weekday morning."
)
GAZETTE_MENUS = (
    "<header><a href='/'>The Harbour Gazette</a>"
    + "".join(
        f"<div><h3>{desk}</h3><p>{line} {DESK_PROMISE}</p><ul>"
        + "".join(f"<li><a href='/{desk.lower()}/{n}/'>{desk} {n}</a></li>" for n in ("today", "archive", "letters"))
        + "</ul></div>"
        for desk, line in [
            ("News", "What happened on the quay, in the council and in the courts this week, told by our reporters."),
            ("Boats", "The fleet's catches, the ferries' timetables and the yachts that came in for the regatta."),
            ("People", "The harbour's families, its pilots and its old sailors, and the stories they tell us."),
            ("Weather", "The week's winds, the tides and the storms the coastguard warns of, each morning at six."),
            ("Schools", "The schools on the hill and by the harbour, their plays, their exams and their sports days."),
            ("Council", "The council's meetings, its votes on the quay and the budget, and what its members said."),
            ("Letters", "What our readers wrote to the editor this week about the quay, the ferry and the fleet."),
        ]
    )
    + "</header>"
)


@pytest.mark.parametrize("furniture", ["footer", "header"])
def test_a_pages_footer_or_header_longer_than_the_post_under_its_h1_is_left_out(furniture):
    """A `<footer>` of the publisher's blurb, or a `<header>` of menus under headings, holding more than twice the rest
    of the page, while the post's `<h1>` stands outside it (its words not the `<title>`'s): the page's furniture,
    not a wrapper of the page to measure after all."""
    before, after = (GAZETTE_MENUS, "") if furniture == "header" else ("", GAZETTE_FOOTER)
    page = (
        "<html><head><title>Quay vote put off • The Harbour Gazette</title></head><body>"
        f"{before}<div><h1>Council delays the quay vote until a second survey</h1><div>{QUAY_POST}</div></div>{after}"
        "</body></html>"
    )
    md = convert(page, "https://gazette.example/news/quay.html").markdown
    assert "Council delays the quay vote" in md and "second survey of the seabed" in md
    assert "Gazette Trust" not in md and "regatta" not in md and "old sailors" not in md


def test_a_nav_left_open_around_the_post_under_the_sites_h1_is_measured():
    """A `<nav>` left open around the post and its own `<h1>`, after the site's name in an `<h1>` of its own: the
    wrapper of the page, measured after all (an `<h1>` outside it is no post's title when one is inside)."""
    page = (
        "<html><head><title>Quay vote put off • The Harbour Gazette</title></head><body><h1>The Harbour Gazette</h1>"
        "<p>Fog on the quay today, sun later.</p><nav><a href='/'>Home</a> <a href='/news/'>News</a><div><h1>Council "
        f"delays the quay vote until a second survey</h1><div>{QUAY_POST}</div></div></nav></body></html>"
    )
    md = convert(page, "https://gazette.example/news/quay.html").markdown
    assert "second survey of the seabed" in md and "spring" in md


BARE_SIDEBAR = (
    "<div class='q55a0c1'><h2>Bergnotizen</h2><p>Ich wandere seit zwanzig Jahren in den Bergen und schreibe hier "
    "darüber, meist am Abend nach der Tour, wenn die Füße noch schwer sind. Vorher war ich Lehrerin, heute führe ich "
    "Gruppen über die Alpen und sammle Geschichten von den Hütten.</p></div>"
    "<div class='q55a0c1'><h2>Neue Beiträge per E-Mail</h2><form action='/abo'><input type='email' name='m'>"
    "<input type='submit' value=''></form></div>"
    "<div class='q55a0c1'><h2>Folge mir</h2><a href='https://social.example/bergnotizen'><img src='/i/s.png' "
    "alt=''></a> <a href='https://bilder.example/bergnotizen'><img src='/i/b.png' alt=''></a></div>"
    "<div class='q55a0c1'><h2>Fragen?</h2><p>Hast du eine Frage oder eine Anmerkung zu einer Tour? Schreib mir eine "
    "Nachricht über das Formular.</p></div>"
)


def test_a_sidebars_column_of_headed_boxes_over_forms_and_icons_is_left_out():
    """A blog's sidebar beside the post whose boxes hold no list of links: two show their heading alone over a
    sign-up form and icons linking elsewhere, whatever its class."""
    columns = f"<div class='q9c7e20'>{HUT_POST}</div><div class='q3f5d18'>{BARE_SIDEBAR}</div>"
    md = convert(hut_page(columns), "https://bergnotizen.example/2024/05/huette.html").markdown
    assert "den Grat zurück" in md
    assert "zwanzig Jahren" not in md and "Formular" not in md


def test_a_posts_closing_sections_over_a_map_and_pictures_stay():
    """The post's closing sections where two headings stand over a map's frame and pictures (no text under them):
    the story's own."""
    sections = (
        "<div class='q3f5d18'><div><h3>Anreise</h3><p>Mit dem Bus bis zur Talstation, dann in drei Stunden zu Fuß "
        "über den alten Saumweg.</p></div>"
        "<div><h3>Karte</h3><iframe src='https://karten.example/embed?route=12'></iframe><a "
        "href='https://karten.example/route/12'></a></div>"
        "<div><h3>Bilder</h3><img src='/bilder/1.jpg' alt=''><img src='/bilder/2.jpg' alt=''><script>zeige()</script>"
        "</div>"
        "<div><h3>Kosten</h3><p>Rund fünfzig Euro die Nacht mit Halbpension, Getränke extra.</p></div></div>"
    )
    md = convert(
        hut_page(f"<div class='q9c7e20'>{HUT_POST}</div>{sections}"), "https://bergnotizen.example/2024/05/h.html"
    ).markdown
    assert "Halbpension" in md and "Saumweg" in md


SIDEBAR_ASIDE = (
    "<aside>"
    + "".join(
        f"<div><h3>{head}</h3><p>{text}</p></div>"
        for head, text in [
            (
                "Über mich",
                "Ich wandere seit zwanzig Jahren in den Bergen und schreibe hier darüber, meist am Abend nach der Tour, "
                "wenn die Füße noch schwer sind. Vorher war ich Lehrerin, heute führe ich Gruppen über die Alpen.",
            ),
            (
                "Was ich gerade lese",
                "Ein Buch über die alten Saumwege im Wallis, ein Bändchen mit Gedichten über den Schnee und einen "
                "dicken Führer durch die Hütten der Ostalpen, den ich jeden Winter von neuem durchblättere.",
            ),
            (
                "Warum dieses Blog",
                "Weil die schönsten Tage in den Bergen die sind, an denen nichts Besonderes passiert, und weil man sie "
                "sonst vergisst. Hier schreibe ich sie auf, mit allen Umwegen, Pausen und Gewittern.",
            ),
            (
                "Meine Ausrüstung",
                "Ein alter Rucksack mit vierzig Litern, ein Paar Bergschuhe, die schon drei Sohlen hatten, ein Kocher, "
                "eine Thermosflasche und eine Karte aus Papier, weil das Telefon am Grat nie Empfang hat.",
            ),
            (
                "Kontakt",
                "Schreib mir, wenn du eine Tour nachgehen willst oder eine Frage zu einer Hütte hast; ich antworte "
                "meistens am Wochenende, wenn ich nicht selbst unterwegs bin.",
            ),
        ]
    )
    + "</aside>"
)


def test_a_sidebar_aside_longer_than_the_post_beside_its_title_is_left_out():
    """An `<aside>` of prose boxes holding more than twice the rest of the page, beside the post whose title the
    `<title>` names: the post's sidebar, not a wrapper of the page to measure after all."""
    page = (
        "<html><head><title>Bergnotizen: Zwei Tage auf der Hütte</title></head><body><div class='q1'><header><h1>"
        "Bergnotizen</h1></header><div class='q2'><div class='q3'><h2>Zwei Tage auf der Hütte</h2><p>Am Samstag "
        "sind wir über den alten Saumweg zur Hütte aufgestiegen und am Sonntag über den Grat zurück ins Tal "
        f"gewandert.</p></div>{SIDEBAR_ASIDE}</div></div></body></html>"
    )
    md = convert(page, "https://bergnotizen.example/2024/05/huette.html").markdown
    assert "über den Grat zurück" in md
    assert "zwanzig Jahren" not in md and "Thermosflasche" not in md


def test_an_aside_wrapping_the_post_and_its_title_is_measured():
    """An `<aside>` misused around the post itself (its title inside it, the site's name outside): measured after all,
    its text the content."""
    post = (
        "<aside><h2>Zwei Tage auf der Hütte</h2><p>Am Samstag sind wir über den alten Saumweg zur Hütte aufgestiegen "
        "und am Sonntag über den Grat zurück ins Tal gewandert, bei bestem Wetter und mit schweren Beinen.</p><p>Die "
        "Hütte war voll, das Essen gut und der Sonnenaufgang über dem Gletscher jede Stunde Schlaf wert, die wir "
        "dafür geopfert haben.</p></aside>"
    )
    page = (
        "<html><head><title>Bergnotizen: Zwei Tage auf der Hütte</title></head><body><header><h1>Bergnotizen</h1>"
        f"</header>{post}<div class='q9'><p>Betrieben mit einer Blog-Software, gehostet im Tal.</p></div></body></html>"
    )
    md = convert(page, "https://bergnotizen.example/2024/05/huette.html").markdown
    assert "über den Grat zurück" in md and "Sonnenaufgang" in md


def test_a_posts_closing_sections_under_their_headings_stay():
    """Short sections under headings after the post's block, none a list of links: the post's own."""
    sections = (
        "<div class='q3f5d18'><div><h3>Anreise</h3><p>Mit dem Bus bis zur Talstation, dann in drei Stunden zu Fuß "
        "über den alten Saumweg.</p></div>"
        "<div><h3>Übernachtung</h3><p>Im Lager unter dem Dach, mit eigenem Schlafsack und einer Stirnlampe.</p></div>"
        "<div><h3>Kosten</h3><p>Rund fünfzig Euro die Nacht mit Halbpension, Getränke extra.</p></div></div>"
    )
    md = convert(
        hut_page(f"<div class='q9c7e20'>{HUT_POST}</div>{sections}"), "https://bergnotizen.example/2024/05/h.html"
    ).markdown
    assert "Halbpension" in md and "Schlafsack" in md


def test_an_aside_of_headed_boxes_inside_the_story_stays():
    """An aside of headed boxes, one a list of links, between the story's blocks: the story goes on past it."""
    more = (
        "<div class='q7d2a90'><p>Der Abstieg am Sonntag war steiler als gedacht, aber der Blick über das Tal hat "
        "jede Mühe gelohnt, und am Ende waren alle froh, den Bus noch erreicht zu haben, müde und zufrieden.</p>"
        "<p>Nächstes Jahr wollen wir wieder hinauf, dann vielleicht mit zwei Nächten auf der Hütte statt einer, "
        "und mit einem Abstecher zum See unter dem Gletscher, von dem die Wirtin so viel erzählt hat.</p></div>"
    )
    md = convert(
        hut_page(f"<div class='q9c7e20'>{HUT_POST}</div><div class='q3f5d18'>{HUT_SIDEBAR}</div>{more}"),
        "https://bergnotizen.example/2024/05/h.html",
    ).markdown
    assert "den Grat zurück" in md and "Nächstes Jahr" in md and "zwanzig Jahren" in md


def test_a_short_posts_column_beside_a_longer_footer_stays():
    """A short post's column, its boxes under headings and one a list of tags, beside a footer of more paragraphs:
    the column holding the page's title is the post's, not a sidebar."""
    post = (
        "<div class='q4a0e17'><div><h1>Hating the young</h1><p>A cartoonist got a spot on the evening news for his "
        "scathing critique of the story we tell about the young. Click through for the whole thing.</p></div>"
        "<div><h3>Tags</h3><ul><li><a href='/tag/a'>comics</a></li><li><a href='/tag/b'>news</a></li>"
        "<li><a href='/tag/c'>youth</a></li></ul></div>"
        "<div><h3>Share</h3><p>Send this to a friend who reads the paper on paper.</p></div></div>"
    )
    footer = (
        "<div class='q9b3c52'>"
        + "".join(
            f"<p>{line}</p>"
            for line in (
                "Read the rules you agree to by using this website in our terms of service, which change from time to "
                "time and which you should read again now and then.",
                "We take part in an affiliate programme that pays us a fee for some of the links on these pages, at no "
                "cost to you, and we say so wherever it applies.",
                "This site uses cookies and counts its readers, and is paid for by advertising, merchandise and the "
                "links above; read our privacy policy for the details of each.",
            )
        )
        + "</div>"
    )
    html = f"<html><head><title>Hating the young</title></head><body>{post}{footer}</body></html>"
    md = convert(html, "https://mutants.example/2013/07/19/hating.html").markdown
    assert "scathing critique" in md


# A blog's page as Blogger's older templates lay it out: the sidebar's column first, holding the blog's name as the
# `<h1>` (one link home) and a box about its writer of a long paragraph; the post's column beside it, a date, the
# post's title (an `<h3>` the `<title>` names) over a post of three short lines
ABOUT_ME_TEXT = (
    "I have written advertising copy in this city for nineteen years, for banks, for carmakers and for a brewery "
    "that no longer exists. I started this blog to keep the ads I love and the ones I cannot stand in one place, and "
    "to say what I think of them without a client reading over my shoulder. I still write copy by day, mostly for "
    "people who sell shoes, and I answer every letter sent to the address above, though not always quickly. Before "
    "that I sold records, washed dishes and spent one long summer painting fences along the river, which taught me "
    "more about deadlines than any agency ever did."
)
ABOUT_ME = (
    "<div class='q2'><h2 class='q3'>About Me</h2><dl class='q4'><dt>Name:</dt><dd>Ann Reed</dd></dl>"
    f"<p class='q5'>{ABOUT_ME_TEXT}</p><p class='q6'><a href='/profile'>View my complete profile</a></p></div>"
)
PREVIOUS = (
    "<h2 class='q3'>Previous Posts</h2><ul class='q7'>"
    + "".join(f"<li><a href='/2012/10/post-{n}.html'>Top five ads of week {n}</a></li>" for n in range(1, 6))
    + "</ul>"
)
SIDEBAR_POST = (
    "<h2 class='q8'>Sunday, October 21, 2012</h2><div class='q9'><h3 class='q10'>Top five ads of the week</h3>"
    "<div class='q11'>&bull; <a href='https://example.com/a'>Thirteen of the worst quotation marks</a> ever seen.<br>"
    "&bull; Seven of the worst celebrity ads of the last seven years.<br>"
    "&bull; <a href='https://example.com/b'>The most literary wash-your-hands sign</a> ever printed.</div>"
    "<p class='q12'>posted by Ann Reed @ 2:23 PM</p></div>"
    "<div class='q17'><h4>0 Comments:</h4><a href='/post-comment'>Post a Comment</a> <a href='/'>&lt;&lt; Home</a></div>"
)


def sidebar_blog_page(home: str = "<a href='/'>Reed on Ads</a>") -> str:
    return (
        "<html><head><title>Reed on Ads: Top five ads of the week</title></head><body><div class='q0'>"
        f"<div class='q1'><div class='q13'><h1 class='q14'>{home}</h1><p>Send me tips: ann at example dot org</p>"
        f"{ABOUT_ME}{PREVIOUS}</div></div><div class='q15'><div class='q16'>{SIDEBAR_POST}</div></div></div></body></html>"
    )


SIDEBAR_POST_MD = (
    "• [Thirteen of the worst quotation marks](https://example.com/a) ever seen.\\\n"
    "• Seven of the worst celebrity ads of the last seven years.\\\n"
    "• [The most literary wash-your-hands sign](https://example.com/b) ever printed."
)


@pytest.mark.parametrize("home", ["<a href='/'>Reed on Ads</a>", "Reed on Ads"])
def test_a_short_post_beside_the_column_holding_the_blogs_name_and_its_writers_note_is_the_post(home):
    """The page's `<h1>` is the blog's name, in the sidebar's column over a note about the writer longer than the
    post: the post's title (the heading the `<title>` names, longer than the `<h1>`) marks the post's column, and
    the sidebar's column is not the post's for holding the `<h1>`."""
    md = convert(sidebar_blog_page(home), "https://example.org/2012/10/top-five.html").markdown
    assert md == SIDEBAR_POST_MD


def test_a_post_beside_a_list_of_popular_posts_repeating_its_title_keeps_its_column():
    """The post's own title is no heading (a styled block), and a column of the blog's popular posts beside it
    repeats it as one card's `<h2>` among others: that card's headline does not mark the titled column, and the
    column of cards stays furniture beside the post."""
    titles = ["Timeline is now on your phone"] + [
        f"What the harbour blog wrote about the ferries and the quay in week {n}" for n in range(7)
    ]
    cards = "".join(
        f"<li class='q5'><h2 class='q6'><a href='/blog?post={n}'>{t}</a></h2></li>" for n, t in enumerate(titles)
    )
    note = (
        "<p class='q10'>These are the stories our readers opened most often this week, as the blog's staff count.</p>"
        "<p class='q10'>Looking for an older post? Our archive holds every one of them since the first winter, sorted "
        "by month and topic.</p>"
    )
    more = "".join(
        f"<p>On day {n} of the trial the app showed the ferry's place on the map, the queue at the quay and the "
        "weather over the sound, and the crews answered the questions readers sent from the deck.</p>"
        for n in range(1, 5)
    )
    html = (
        "<html><head><title>Timeline is now on your phone | Harbour Blog</title></head><body>"
        "<div class='q0'><h1 class='q1'><a href='/'>The Harbour Blog</a></h1></div><div class='q2'>"
        f"<div class='q3'><div class='q7'>Timeline is now on your phone</div>{PARAGRAPHS}{STORY}{more}</div>"
        f"<div class='q4'><div class='q11'><h3 class='q8'>Most popular stories</h3><ul class='q9'>{cards}</ul></div>"
        f"<div class='q11'>{note}</div></div>"
        "</div></body></html>"
    )
    md = convert(html, "https://example.org/blog?post=1").markdown
    assert PARAGRAPHS_MD in md
    assert "Looking for an older post?" not in md


LEGAL_NOTICE = (
    "Harbour League is the official web site of the Harbour Rowing League. The league's shield, the word mark and "
    "image of the Harbour Cup, the names and logos of its clubs and of its regattas are registered trademarks of the "
    "league and its clubs, and may not be used without their written consent. All other marks are the property of "
    "their owners. The league and its clubs accept no liability for the content of the sites linked from here, which "
    "are run by others and which the league does not check; the views expressed on them are their writers' alone. "
    "Results, times and standings are given as the timekeepers report them and may change after a protest is heard. "
    "Copyright 2012 the Harbour Rowing League and its clubs. All rights reserved. Reproduction of any part of this "
    "site, its photographs and its video in any form, printed or electronic, without the league's written leave is "
    "forbidden, as is the sale of tickets for its regattas by anyone but the clubs and their agents."
)
RAIL = (
    "<div class='q6'><h3 class='q7'>Top headlines</h3><ul class='q8'>"
    + "".join(f"<li><a href='/news/{n}'>Regatta report from the harbour, day {n}</a></li>" for n in range(1, 7))
    + "</ul><p class='q9'>More reports from every club of the league each morning.</p></div>"
)


LEGAL_NOTICE_PAGE = (
    "<html><head><title>Rowers return to the water - Harbour League</title></head><body><div class='q0'>"
    f"<div class='q1'><div class='q2'><h1>Tides explained</h1>{PARAGRAPHS}</div>{RAIL}"
    f"<div class='q5'>{LEGAL_NOTICE}</div></div></div></body></html>"
)

LEGAL_NOTICE_MD = "# Tides explained\n\n" + PARAGRAPHS_MD


def test_a_footers_legal_notice_longer_than_the_story_is_left_out():
    """A short story under its title, a rail of headlines, and the footer's legal notice of one paragraph longer than
    the story, side by side in one block: the notice is one unit after the title's block, not the page's story."""
    assert convert(LEGAL_NOTICE_PAGE, "https://example.org/news/rowers").markdown == LEGAL_NOTICE_MD


def test_a_storys_one_long_paragraph_after_its_header_and_deck_stays():
    """The story's title over a deck of two paragraphs in a header block, then its body of one long paragraph in a
    block of its own right after it: the body is the story's, however it outweighs the header."""
    deck = (
        "<p>The rowers return to the harbour water this week, after a winter spent on the machines in the sheds.</p>"
        "<p>The league's clubs have waited since the spring storms for the moorings at the quay to be mended.</p>"
    )
    html = (
        "<html><head><title>Rowers return to the water - Harbour League</title></head><body><div class='q0'>"
        f"<div class='q1'><div class='q2'><h1>Rowers return to the water</h1>{deck}</div>"
        f"<div class='q5'><p>{LEGAL_NOTICE}</p></div>{RAIL}</div></div></body></html>"
    )
    md = convert(html, "https://example.org/news/rowers").markdown
    assert LEGAL_NOTICE in md


def headed_boxes(boxes: list[tuple[str, str]]) -> str:
    """A column of boxes, each an `<li>` opening with a heading over what it holds."""
    return (
        "<div class='q20'><ul class='q21'>"
        + "".join(f"<li class='q22'><div class='q23'><h2>{heading}</h2>{held}</div></li>" for heading, held in boxes)
        + "</ul></div>"
    )


LINKS = (
    "<ul>"
    + "".join(f"<li><a href='/2012/{n}'>Pictures from the harbour, part {n}</a></li>" for n in range(8))
    + "</ul>"
)
WRITERS_SIDEBAR = headed_boxes(
    [
        (
            "About:",
            "<p>Harbour Pictures is edited by Ann Reed, who ran the photo desk of a sailing magazine for twelve years "
            "and of a travel monthly before that. She writes here about the pictures she likes, the people who make "
            "them and the editors who buy them, and answers the questions photographers send her each week.</p>",
        ),
        (
            "Email me:",
            "<p>ann at example dot org. Every letter is read; I may answer your question here but will not say who "
            "asked it.</p>",
        ),
        ("Subscribe:", "<form action='/subscribe'><input type='email'><input type='submit' value='Go'></form>"),
        ("Recent posts", LINKS),
    ]
)


FILM_POST = (
    "<p>A new film follows four photographers through a year of covering the harbour strikes.</p>"
    "<p>It opens next month in the old cinema by the quay, with the photographers there to answer questions.</p>"
    "<p>The trailer is below; the pictures in it are theirs.</p>"
)
FILM_PAGE = (
    "<html><head><title>A film about the strike photographers</title></head><body><div class='q0'>"
    f"<div class='q1'><h1>A film about the strike photographers</h1>{FILM_POST}</div>{WRITERS_SIDEBAR}</div>"
    "</body></html>"
)
FILM_MD = (
    "# A film about the strike photographers\n\nA new film follows four photographers through a year of covering the "
    "harbour strikes.\n\nIt opens next month in the old cinema by the quay, with the photographers there to answer "
    "questions.\n\nThe trailer is below; the pictures in it are theirs."
)


def test_a_sidebar_of_headed_boxes_outweighing_the_titled_post_is_left_out():
    """A post of three short paragraphs under the page's title, and beside it a column of boxes under their headings
    (a note about the writer, an e-mail box, a form, a list of links) holding more content text than the post: the
    column is the sidebar, not the post's."""
    assert convert(FILM_PAGE, "https://example.org/2012/film").markdown == FILM_MD


def test_a_column_of_headed_boxes_under_a_header_of_title_and_intro_stays():
    """A page's header (its title and a line of introduction) over a column of boxes under their headings, each a
    note and a list of links: the boxes are the page's content, not a sidebar beside a post."""
    boxes = headed_boxes(
        [
            (
                f"Tide tables for the {place}",
                f"<p>The harbour office prints the tables for the {place} each January, with the times of high and "
                "low water for every day of the year and the heights the gauges expect, corrected for the new "
                "dredging of the channel.</p><ul>"
                + "".join(
                    f"<li><a href='/tables/{place}/{form}'>Tables for {form}</a></li>"
                    for form in ("printing at home", "a spreadsheet", "the harbour app", "a calendar", "the radio")
                )
                + "</ul>",
            )
            for place in ("north quay", "south quay", "river mouth")
        ]
    )
    html = (
        "<html><head><title>Tide tables</title></head><body><div class='q0'>"
        "<div class='q1'><h1>Tide tables</h1><p>Every table the harbour office publishes for the quays, in each of "
        "the forms it prints them in: choose your quay, then the form.</p></div>"
        f"{boxes}</div></body></html>"
    )
    md = convert(html, "https://example.org/tides").markdown
    assert "## Tide tables for the river mouth" in md


def columnist_front(bio: str = "") -> tuple[str, dict[str, list[tuple[str, str]]]]:
    """A front page of three desks of cards, each a linked headline, a summary and a byline line; the last desk a
    columnist's, whose byline is the page's first (the one the page's author is read from); `bio` closing the page
    after the desks. The page and each desk's headlines with their summaries by its key."""
    w = DESK_WORDS
    desks, cards = "", {}
    for name, key, n, writer in (
        ("Harbour", "a", 4, "Tom Reed"),
        ("Town", "b", 4, "Lena Berg"),
        ("Opinion", "c", 3, "Tom Reed"),
    ):
        items = ""
        cards[key] = []
        for i in range(n):
            title = f"{w[i].capitalize()} {w[(i + 2) % 12]} plan approved by the {w[(i + 3) % 12]} board {key}{i}"
            summary = (
                f"The {w[(i + 1) % 12]} and the {w[(i + 4) % 12]} will both change before the summer season begins, "
                f"notice {key}{i} said."
            )
            picture = f"<a href='/{key}/{i}'><img src='/{key}/{i}.jpg' alt=''></a>" if i == 0 else ""
            items += (
                f"<article class='story'>{picture}<h3><a href='/{key}/{i}'>{title}</a></h3><p>{summary}</p>"
                f"<div class='meta'><span class='byline'>By {writer}</span> <time>3 hours ago</time></div></article>"
            )
            cards[key].append((title, summary))
        desks += f"<section class='desk'><h2>{name}</h2><div class='grid'>{items}</div></section>"
    html = (
        "<html><head><title>Tide Notes</title></head><body><div class='top'><a href='/'>Tide Notes</a></div>"
        f"<main>{desks}{bio}</main><div class='foot'>© 2024 Tide Notes</div></body></html>"
    )
    return html, cards


def test_a_front_page_whose_last_desk_has_a_columnist_s_bylines_keeps_it():
    """A front page whose last desk is a columnist's cards (one picture, summaries, his byline on each), the page's
    first byline his too: that desk closing the page read as a box about the page's author (a portrait and prose
    naming him), and was lost. A listing's desk is its content (`listed-desks`)."""
    html, cards = columnist_front()
    titles = [title for found in cards.values() for title, _ in found]
    md = convert(html, "https://tidenotes.example/").markdown
    assert all(title in md for title in titles)
    md = convert(html, "https://tidenotes.example/", disable_rules=("listed-desks",)).markdown
    assert sum(title in md for title in titles) == 8


def test_a_box_about_the_columnist_closing_a_front_page_after_its_desks_is_left_out():
    """The same front page closed by a box about its columnist (a portrait and a line naming him) after the desks:
    the walk from the end takes the box before it meets a desk (`listed-desks` stops it at the desks alone)."""
    bio = (
        "<div class='about'><img src='/tom.jpg' alt=''><p>Tom Reed has written about the harbour and its ferries for "
        "twenty years from his desk by the quay.</p></div>"
    )
    html, cards = columnist_front(bio)
    titles = [title for found in cards.values() for title, _ in found]
    md = convert(html, "https://tidenotes.example/").markdown
    assert all(title in md for title in titles)
    assert "twenty years" not in md


def tiles_page(main: str = "") -> tuple[str, list[str]]:
    """A page of two desks of tiles, each a picture and a headline linked alone in a block of its own closing it
    (`<div class="title"><a>`), none with anything after its title (no summary, no time), after `main` (an article's
    block, or nothing: a front page) and a desk of top stories with summaries under headings. The page and the
    tiles' headlines."""
    desks = {"business": OLDER_DESKS["business"], "sport": OLDER_DESKS["sport"]}
    tiles = (
        "<section><h2>Top stories</h2>"
        + "".join(front_page_card("news", n, title, summary) for n, (title, _, summary) in enumerate(STORIES))
        + "</section>"
    )
    for desk, titles in desks.items():
        tiles += f"<section><h2><a href='/{desk}'>{desk.title()}</a></h2><div class='grid'>"
        for n, title in enumerate(titles):
            href = f"/{desk}/{n}"
            tiles += (
                f"<div class='tile'><a href='{href}'><img src='{href}.jpg' alt=''></a><div class='title'>"
                f"<a href='{href}'>{title}</a></div></div>"
            )
        tiles += "</div></section>"
    html = (
        "<html><head><title>Harbour Herald - News from the harbour</title></head><body><header><a href='/'>Harbour "
        f"Herald</a><nav><a href='/news'>News</a> <a href='/sport'>Sport</a></nav></header><main>{main}{tiles}</main>"
        "<footer><p>© 2024 Harbour Herald Ltd</p></footer></body></html>"
    )
    return html, [title for titles in desks.values() for title in titles]


def test_a_front_page_of_tiles_alone_keeps_every_desk():
    """Desks of tiles whose headline closes them in a block of its own, no title block on the page with a summary or
    time after it: three cards side by side each closed by a block of one kind holding a headline alone make that
    block a title's (`alike-tiles`), and the desks are kept."""
    html, titles = tiles_page()
    md = convert(html, "https://herald.example/").markdown
    assert all(title in md for title in titles)
    md = convert(html, "https://herald.example/", disable_rules=("alike-tiles",)).markdown
    assert not any(title in md for title in titles)


def test_tiles_alone_after_an_article_stay_out():
    """The same desks of tiles after an article under its `<h1>`: they are other stories' teasers, and stay out."""
    story = "".join(
        f"<p>The harbour board met on Monday to settle the ferry timetable for the summer, part {n}, and agreed to "
        "run the late boat on Fridays from June to September after a long debate with the island council.</p>"
        for n in range(4)
    )
    html, titles = tiles_page(f"<article><h1>Late ferry to run on Fridays</h1>{story}</article>")
    md = convert(html, "https://herald.example/news/late-ferry").markdown
    assert md.count("late boat on Fridays") == 4
    assert not any(title in md for title in titles)


def test_a_menu_of_short_links_in_alike_blocks_titles_nothing():
    """A menu written as tiles (a block of one kind holding a link of two words, closing each item): the links do not
    read as headlines, and the menu titles no desk beside an article."""
    menu = "".join(
        f"<div class='item'><div class='label'><a href='/s/{n}'>Section {n}</a></div></div>" for n in range(6)
    )
    story = "".join(
        f"<p>The harbour board met on Monday to settle the ferry timetable for the summer, part {n}, and agreed to "
        "run the late boat on Fridays from June to September after a long debate with the island council.</p>"
        for n in range(3)
    )
    md = convert(
        f"<html><body><div class='menu'>{menu}</div><article><h1>Late ferry</h1>{story}</article></body></html>",
        "https://herald.example/news/late-ferry",
    ).markdown
    assert "Section 1" not in md
    assert md.count("late boat on Fridays") == 3


def front_beside_a_search_box() -> tuple[str, dict[str, list[tuple[str, str]]]]:
    """A blog's front page of two desks of cards (`desks_front`) beside a sidebar opening with `<h1>Search</h1>`, a
    search form and a newsletter pitch of four paragraphs; the `<title>` names the site alone. The page and each
    desk's headlines with their summaries by its key."""
    html, cards = desks_front([("main", [("Harbour", "a", 4), ("Town", "b", 4)])])
    pitch = "".join(
        f"<p>Sign up to the Tide Notes letter and get the week's {w} news, the tide tables and the ferry times in "
        f"your inbox every Friday morning before the first boat leaves the harbour, part {n}.</p>"
        for n, w in enumerate(DESK_WORDS[:4])
    )
    side = (
        "<div class='side'><h1>Search</h1><form action='/search'><input name='q'><button>Go</button></form>"
        f"<div class='letter'>{pitch}</div></div>"
    )
    return html.replace("<div class='foot'>", f"{side}<div class='foot'>"), cards


def test_a_front_page_beside_a_sidebar_under_a_one_word_h1_keeps_its_desks():
    """The front page beside a search box under `<h1>Search</h1>`: an `<h1>` of a word or two the `<title>` does not
    hold names no story in the listing decision (`short-h1`: a post titled in a word has it in its `<title>`, as the
    one-word post of the test above does), and the desks are kept."""
    html, cards = front_beside_a_search_box()
    titles = [title for found in cards.values() for title, _ in found]
    md = convert(html, "https://tidenotes.example/").markdown
    assert all(title in md for title in titles)
    md = convert(html, "https://tidenotes.example/", disable_rules=("short-h1",)).markdown
    assert not any(title in md for title in titles)


def test_a_post_under_a_one_word_h1_its_title_does_not_name_keeps_its_cards_out():
    """The one-word post over a desk of cards in its block, its `<title>` naming the site alone: the `<h1>` stands
    over the cards, not after a list of them (`short-h1` reads a short `<h1>` after the cards alone: a sidebar's box),
    and still names the story."""
    own = "".join(f"<p>{p}</p>" for p in PARAGRAPHS_MD.split("\n\n"))
    html = roundup_post(own, comments=1).replace("What we read this week on the coast", "Catharsis")
    html = html.replace("<title>Catharsis | Tide Notes</title>", "<title>Tide Notes</title>")
    assert "<title>Tide Notes</title>" in html
    md = convert(html, "https://tidenotes.example/").markdown
    assert PARAGRAPHS_MD.split("\n\n")[0] in md
    assert not any(title in md for title, _, _ in STORIES)


def test_a_slider_of_whole_card_links_in_alike_blocks_is_no_desk_of_tiles():
    """A sidebar's slider of three offers, each a link holding its picture and its line alone in a block closing its
    slide: links holding their picture are whole-card links, not a tile's title (`alike-tiles` counts text links
    alone), so the slider is no list of cards."""
    from web2md.extract.html.parse import parse_html
    from web2md.extract.maincontent.choice import analyse

    slides = "".join(
        f"<div class='slide'><div class='slide-item'><a href='https://offers.example/{n}'><img src='/o{n}.jpg' alt=''>"
        f"<span>WHITEPAPER:<br>How to plan the {w} season in six steps</span></a></div></div>"
        for n, w in enumerate(DESK_WORDS[:3])
    )
    root = parse_html(f"<html><body><div class='side'><div class='slider'>{slides}</div></div></body></html>".encode())
    assert not analyse(root, False, False, False, frozenset()).unwrapped().lists_of_cards()
    html, _ = tiles_page()
    assert analyse(parse_html(html.encode()), False, False, False, frozenset()).unwrapped().lists_of_cards()


# a reply form after a short post: its notes and small print, with a box to write in, under opaque class names
REPLY_FORM = (
    "<div class='q5e01a2'><h3 class='q66c3d0'>Leave a Reply <small><a href='/2012/11/12/pizza-advert/#respond'>Cancel "
    "reply</a></small></h3>"
    "<form class='q0f7b19' method='post' action='/wp-comments-post.php'>"
    "<p class='q11ab02'>Your email address will not be published. Required fields are marked *</p>"
    "<p><label>Name</label> <input type='text' name='author'></p>"
    "<p><label>Email</label> <input type='text' name='email'></p>"
    "<p><label>Comment</label> <textarea name='comment'></textarea></p>"
    '<p class=\'q7c3d19\'>You may use these HTML tags and attributes: &lt;a href="" title=""&gt; &lt;abbr '
    'title=""&gt; &lt;b&gt; &lt;blockquote cite=""&gt; &lt;cite&gt; &lt;code&gt; &lt;em&gt; &lt;i&gt; '
    "&lt;strike&gt; &lt;strong&gt;</p>"
    "<p><input type='submit' name='submit' value='Post Comment'></p></form></div>"
)


def test_a_reply_form_after_a_short_post_goes_with_its_notes():
    """A form holding a box to write in and a control sending it, after the post (a video's title and a line): its
    notes and small print are its own, though they hold more text than the short post (rule reply-forms)."""
    page = (
        "<html><head><title>The greatest pizza advert of all time</title></head><body><div class='q1b2c3d'>"
        "<div class='q9d8e7f'><h1>The greatest pizza advert of all time</h1>"
        "<iframe src='https://video.example/embed/381'></iframe><p>Wow, just wow. A whole minute of it.</p></div>"
        f"{REPLY_FORM}</div></body></html>"
    )
    md = convert(page, "https://geeks.example/2012/11/12/pizza-advert/").markdown
    assert "Wow, just wow" in md
    assert "will not be published" not in md and "HTML tags and attributes" not in md


def test_a_form_holding_the_post_with_a_box_to_write_in_stays():
    """A page wrapped whole in its form (a site framework's), the post and a box to write in under it: the form
    holds the post, so it is no reply form beside it."""
    post = (
        "<h1>Ferry timetable changes</h1><p>From the first of May the morning ferry leaves the harbour at a quarter "
        "past six, twenty minutes earlier than in winter, and calls at the island's north pier on weekdays.</p>"
        "<p>The evening crossing keeps its time; bicycles travel free on every crossing until the end of June.</p>"
    )
    page = (
        "<html><head><title>Ferry timetable changes</title></head><body>"
        "<form class='q0f7b19' method='post' action='/page.aspx'><div class='q1b2c3d'>"
        f"{post}<p><label>Your question</label> <textarea name='q'></textarea></p>"
        "<p><input type='submit' value='Send'></p></div></form></body></html>"
    )
    md = convert(page, "https://ferry.example/timetable.aspx").markdown
    assert "quarter past six" in md and "bicycles travel free" in md


def test_a_form_of_fields_without_a_box_to_write_in_holding_most_of_the_page_stays():
    """A competition's entry form under a line of introduction, its rules in the form, fields and a button but no box
    to write in: no reply form, and it holds most of the page (sign-up-forms keeps it: the page's content)."""
    form = (
        "<form class='q0f7b19' method='post' action='/enter'>"
        "<p class='q11ab02'>Send us one picture of the harbour taken this summer. Entries close on the last day of "
        "August; the jury of three harbour pilots picks ten pictures for the calendar and one for its cover.</p>"
        "<p class='q11ab03'>Each entrant may send one picture only, taken by themselves, at least three thousand "
        "pixels wide; the winner of the cover sails on the pilot boat for a day in September.</p>"
        "<p><label>Name</label> <input type='text' name='name'></p>"
        "<p><label>Email</label> <input type='email' name='email'></p>"
        "<p><input type='file' name='picture'> <input type='submit' value='Enter'></p></form>"
    )
    page = (
        "<html><head><title>Harbour photo competition</title></head><body><div class='q1b2c3d'>"
        "<h1>Harbour photo competition</h1><p>Our calendar needs you.</p>"
        f"{form}</div></body></html>"
    )
    md = convert(page, "https://harbour.example/competition").markdown
    assert "Entries close on the last day of August" in md and "pilot boat for a day" in md


def test_a_page_that_is_a_letter_form_keeps_its_instructions():
    """A page whose text is a form to write to the editor (its instructions, fields, a box to write in): nothing of
    the region stands before the form, so it is no reply form after a post (rule reply-forms' guard)."""
    page = (
        "<html><head><title>Write to the editor</title></head><body><div class='q9a0b1c'><a href='/'>The Harbour "
        "Gazette</a></div><div class='q1b2c3d'><form class='q0f7b19' method='post' action='/letters'>"
        "<h2>Write to the editor</h2><p class='q11ab02'>Letters of up to three hundred words about anything the "
        "Gazette has printed are welcome; we print a selection every Saturday and may shorten them.</p>"
        "<p class='q11ab03'>Give your name and the town you live in, which we print under your letter, and a "
        "telephone number, which we do not print, so that we can check the letter is yours.</p>"
        "<p><label>Name and town</label> <input type='text' name='name'></p>"
        "<p><label>Your letter</label> <textarea name='letter'></textarea></p>"
        "<p><input type='submit' value='Send'></p></form></div></body></html>"
    )
    md = convert(page, "https://gazette.example/letters").markdown
    assert "Letters of up to three hundred words" in md and "so that we can check the letter is yours" in md


def test_a_reply_forms_heading_and_notes_beside_it_go_with_it():
    """A reply form under a heading of its own with its notes in blocks beside it, closing the post's block: the
    heading, the notes and the form are the form's section (rule reply-forms), whatever their class."""
    post = (
        "<h2>New work: a symbol for a harbour festival</h2><p class='q028550'>Published on November 7th, 2012</p>"
        "<p>Since its founding the harbour festival has brought boats from every port of the coast to the town for "
        "three days of races, music and markets on the quay.</p><p>After an email out of the blue and a few early "
        "morning calls, I was asked to draw a symbol for this year's festival, its posters and its flags.</p>"
    )
    form = (
        "<h3>Anything to add?</h3><p><small>All comments are moderated so you may experience a short delay before "
        "yours appears. Comments should be respectful of other voices in the discussion.</small></p><p><small>Please "
        "use your real name. Keywords will be removed.</small></p><form method='post' action='/comments-post'>"
        "<p><input type='text' name='author'> <label>Name</label></p><p><textarea name='comment'></textarea></p>"
        "<p><input type='submit' value='Submit comment'></p></form>"
    )
    page = (
        "<html><head><title>New work: a symbol for a harbour festival</title></head><body><div class='q224260'>"
        f"<div class='q006895'>{post}{form}</div></div></body></html>"
    )
    md = convert(page, "https://studio.example/new-work-harbour-festival/").markdown
    assert "three days of races" in md and "its posters and its flags" in md
    assert "Anything to add" not in md and "moderated" not in md and "real name" not in md


def test_a_section_of_the_story_over_a_form_to_write_in_stays():
    """The story's last section under its heading closes with a form to send a question: the section holds more
    than a form's notes (MAX_SIGN_UP characters), so only the form goes, not the section's text."""
    post = (
        "<h1>The harbour festival returns</h1><p>Boats from every port of the coast come to the town for three days "
        "of races, music and markets on the quay, as they have every August since the festival began.</p>"
    )
    section = (
        "<h3>How to take part</h3><p>Crews register their boat at the harbour office by the first of August; each "
        "boat races in its class, and the classes are drawn up from the entries once registration closes, so that "
        "no crew sails against boats twice its length.</p><p>Stalls on the quay are let to local makers first, "
        "then to traders from the rest of the coast; the market committee meets in June to share out the pitches "
        "and writes to every applicant before the first of July.</p><p>Musicians who would like to play on the "
        "festival's stage send a recording and a few lines about themselves; the stage's programme is printed in "
        "the Gazette a week before the festival.</p>"
        "<form method='post' action='/ask'><p><label>Your question</label> <textarea name='q'></textarea></p>"
        "<p><input type='submit' value='Ask'></p></form>"
    )
    page = (
        "<html><head><title>The harbour festival returns</title></head><body><div class='q224260'>"
        f"<div class='q006895'>{post}{section}</div></div></body></html>"
    )
    md = convert(page, "https://gazette.example/festival").markdown
    assert "How to take part" in md and "Crews register their boat" in md and "printed in the Gazette" in md


LINKED_THREAD_POST = (
    "<div class='q2c4e6a'><h1>Keeper emails from a startup school</h1>"
    "<p class='q3d5f7b'>Posted on 08-07-2012 by Bob · <a href='/2012/08/keeper-emails/#q77a1c0'>Comments</a></p>"
    "<p>For the past week I have been getting great advice by email from a startup school: first on bootstrapping a "
    "company without investors, then on running a software business in five hours a week.</p>"
    "<p>Then today a founder on going from an idea to a launch in eight steps. Highly recommended.</p></div>"
)
LINKED_THREAD_COMMENTS = (
    "<ol class='q4e6a8c'>"
    "<li class='q5f7b9d'><div><img src='/avatar/1.png' alt=''><div><cite>Mark</cite> <span>08-08-2012</span>"
    "<p>Thanks for this. On your recommendation I just signed up; the one on bootstrapping was worth the whole "
    "year's reading for me.</p><p>I am still drowning in newsletters though: I sign up for everything that looks "
    "like it will teach me something, save the best of it in a notebook, and read almost none of it.</p>"
    "<p>By the time I retire that folder will keep me busy for years, looking back at all I could have done "
    "better.</p></div></div></li>"
    "<li class='q5f7b9d'><div><img src='/avatar/2.png' alt=''><div><cite>Ann Keel</cite> <span>08-09-2012</span>"
    "<p>I have a folder of such letters I never find the time to read. Maybe this one will get read at last; the "
    "part on pricing alone made me change the plans on my own site, and the week is not over yet.</p>"
    "</div></div></li></ol>"
)


def test_two_comments_a_link_naming_them_jumps_to_are_left_out():
    """Two readers' comments after the post, too few to read as a thread by their make (MIN_COMMENTS), without a
    heading naming them, nor a count of them; the post's meta line links "Comments" to the block holding them: the
    page says where its comments are (rule comment-link-targets)."""
    page = (
        "<html><head><title>Keeper emails from a startup school</title></head><body><div class='q1b2c3d'>"
        f"{LINKED_THREAD_POST}<div id='q77a1c0'>{LINKED_THREAD_COMMENTS}</div></div>"
        "<div class='q9e8d7c'><p>© 2012 Bob's blog</p></div></body></html>"
    )
    md = convert(page, "https://bob.example/2012/08/keeper-emails/").markdown
    assert "eight steps" in md and "bootstrapping a company" in md
    assert "Thanks for this" not in md and "drowning in newsletters" not in md and "folder of such letters" not in md


def test_a_link_naming_the_comments_that_jumps_to_a_wrapper_of_the_post_keeps_the_post():
    """The link naming the comments jumps to a block holding the post's title and text as well as the comments (an
    id put on the whole entry): no block of comments, the post stays (rule comment-link-targets' `<h1>` guard)."""
    page = (
        "<html><head><title>Keeper emails from a startup school</title></head><body><div class='q1b2c3d'>"
        "<p class='q0a1b2c'>Notes on running a small software company, written by one who does</p>"
        f"<div id='q77a1c0'>{LINKED_THREAD_POST}{LINKED_THREAD_COMMENTS}</div></div>"
        "<div class='q9e8d7c'><p>© 2012 Bob's blog</p></div></body></html>"
    )
    md = convert(page, "https://bob.example/2012/08/keeper-emails/").markdown
    assert "eight steps" in md and "bootstrapping a company" in md


COUNTED_POST = (
    "<div class='q2c4e6a'><h1>Man sentenced for catching rain water</h1>"
    "<p class='q3d5f7b'>By Tammy on August 9, 2012 · {count}</p>"
    "<p>An Oregon man was sentenced to thirty days in jail for collecting rain and snow runoff in reservoirs on his "
    "own land, under a law of 1925 that gives the state the water of every stream.</p>"
    "<p>He has vowed to fight the penalty, saying the water is his as long as it falls on his property.</p></div>"
)
COUNTED_COMMENTS = (
    "<div class='q6a8c0e'>"
    "<div class='q7b9d1f'><div class='q8c0e2a'><img src='/avatar/1.png' alt=''> <b>Alain</b> says:</div>"
    "<div class='q9d1f3b'>August 9, 2012 at 10:20 am</div>"
    "<p>I am interested in what the law says and why. My guess is that it was written to keep farmers from "
    "damming the streams their neighbours downstream depend on, which is another matter than catching rain.</p>"
    "<p>Regardless, it is bureaucracy out of control.</p></div>"
    "<div class='q7b9d1f'><div class='q8c0e2a'><img src='/avatar/2.png' alt=''> <b>Shifra</b> says:</div>"
    "<div class='q9d1f3b'>August 9, 2012 at 11:12 am</div>"
    "<p>I caught a snowflake in my mouth last winter. Can I get arrested for that too, or only for keeping it?</p>"
    "</div></div>"
)


def test_two_comments_the_page_counts_are_left_out():
    """Two readers' comments after the post, each a name and a date over the reader's words, under no heading: too
    few to read as a thread by their make alone (MIN_COMMENTS), but the post's meta line counts "2 Comments": the
    run of as many comments closing the region is its thread (rule counted-comments)."""
    page = (
        "<html><head><title>Man sentenced for catching rain water</title></head><body><div class='q1b2c3d'>"
        f"{COUNTED_POST.format(count='2 Comments')}{COUNTED_COMMENTS}</div></body></html>"
    )
    md = convert(page, "https://news.example/2012/08/rain-water/").markdown
    assert "thirty days in jail" in md and "vowed to fight" in md
    assert "bureaucracy out of control" not in md and "snowflake" not in md


def test_two_dated_quotations_closing_a_post_whose_count_differs_stay():
    """The same two blocks, each a name and a date over a paragraph, where the page counts five comments (the
    thread elsewhere, or not shown): two such blocks alone are not told from quotations closing the post, and the
    count is not theirs: they stay (rule counted-comments' count)."""
    page = (
        "<html><head><title>Man sentenced for catching rain water</title></head><body><div class='q1b2c3d'>"
        f"{COUNTED_POST.format(count='5 Comments')}{COUNTED_COMMENTS}</div></body></html>"
    )
    md = convert(page, "https://news.example/2012/08/rain-water/").markdown
    assert "thirty days in jail" in md
    assert "bureaucracy out of control" in md and "snowflake" in md


def test_a_post_under_a_dated_byline_after_its_title_on_a_page_counting_one_comment_stays():
    """The post's block opens as a comment may over a box to write in (a date, the writer's name, then paragraphs)
    and closes its parent after the block of its title; the page counts one comment. One block holding nearly all the region's text is the
    post, not its one comment (rule counted-comments' guard: COMMENTS_OVER_POST)."""
    paragraphs = "".join(
        f"<p>[{n}] The study follows research projects that were broken off before their end, in the archives of "
        f"academies and foundations of the last two centuries, and asks what their breaking off meant for the "
        f"field and for the people who had worked on them for years ({n}).</p>"
        for n in range(1, 9)
    )
    page = (
        "<html><head><title>Broken-off research: a new study</title></head><body><div class='q1b2c3d'>"
        "<div class='q2c4e6a'><h1>Broken-off research: a new study</h1><p>A review of a book on research never "
        "finished, and what it tells us.</p></div><div class='q0f1e2d'><div class='q3d5f7b'><div class='q4e6a8c'><div><span>Date:</span> <span>10 Feb 2020</span></div>"
        f"<div><span>By:</span> <span>Wolfgang Schmale</span></div></div>{paragraphs}</div></div>"
        "<div class='q9e8d7c'><h3>1 Comment</h3><form method='post' action='/comments'><textarea name='comment'>"
        "</textarea><input type='submit' value='Post'></form></div></div></body></html>"
    )
    md = convert(page, "https://historian.example/broken-off-research/").markdown
    assert "years (1)." in md and "years (8)." in md


def test_a_post_under_a_dated_byline_after_a_sidebar_on_a_page_counting_one_comment_stays_in_recall_mode():
    """Recall mode's wide region holds the sidebar's prose, then the post, its block opening as a comment may over a
    box to write in (a heading of two words, a name by a date, then the text); the page counts one comment. A block
    with most of the region's other text before it is no comment closing the post (rule counted-comments' guard:
    `follows_the_post`, found on a dev page in recall mode; this page pins the outcome, other tests keep it too)."""
    page = (
        "<html><head><title>Designer Daily</title></head><body><div class='q1b2c3d'>"
        "<div class='q6a8c0e'><p>This magazine covers design, illustration and the tools of both, with tutorials for "
        "beginners and interviews with the people whose work we admire, every week since 2008.</p><p>Our job board "
        "lists design positions from studios around the world; posting a job costs nothing for non-profits.</p>"
        "<p>Subscribe by email or by feed to get every article the day it comes out, and nothing else from us.</p>"
        "</div><div class='q2c4e6a'><div class='q3d5f7b'><h2>Calligraphy robot</h2><div class='q4e6a8c'>October "
        "18th, 2012 by <a href='/author/mirko'>Mirko</a> in Articles · 1 Comment</div><div class='q5f7b9d'><p>Japan "
        "is often associated with robots, more advanced in this field than any other nation. What is more uncommon "
        "is to see a robot practise the delicate art of calligraphy.</p><p>You can see a few of its calligraphies in "
        "this post; the original post has more on how it holds the brush.</p></div></div>"
        "<form method='post' action='/comments'><textarea name='comment'></textarea><input type='submit' "
        "value='Post'></form></div></div></body></html>"
    )
    md = convert(page, "https://design.example/2012/10/calligraphy-robot/", recall=True).markdown
    assert "delicate art of calligraphy" in md and "how it holds the brush" in md


RIVER_HEADLINES = (
    "Harbour board agrees late ferry timetable for summer",
    "Island council opens new library beside the old pier",
    "Fishing fleet returns early as storm warning holds",
    "Tram line to airport delayed by another two years",
    "Coast guard marks fifty years of rescues at the port",
    "School roof repairs finished before the autumn term",
)


def dated_river_page(before: str = "") -> str:
    """A section front: its name, a lead story with its summary, then a river of dated headlines, each a list item
    of its `<time>` then its link, no summary."""
    items = "".join(
        f"<li><time datetime='2026-06-0{n + 1}'>June {n + 1}, 2026</time> <a href='/story/{n}'>{headline}</a></li>"
        for n, headline in enumerate(RIVER_HEADLINES)
    )
    lead = (
        "<article class='lead'><h2><a href='/story/lead'>Harbour wall to be rebuilt after winter storms</a></h2>"
        "<p>The harbour board has approved the plans to rebuild the eastern wall, which the storms of January broke "
        "in two places, and the work is to start in the spring once the fishing season has closed.</p></article>"
    )
    return (
        "<html><head><title>Harbour - The Herald</title></head><body><header><a href='/'>The Herald</a><nav><ul>"
        "<li><a href='/news'>News</a></li><li><a href='/sport'>Sport</a></li></ul></nav></header>"
        f"<main>{before or '<h1>Harbour</h1>' + lead}<ul class='river'>{items}</ul></main>"
        "<footer><p>© The Herald</p></footer></body></html>"
    )


def test_a_section_front_over_a_river_of_dated_headlines_keeps_them():
    """A section front whose lead story is followed by a river of dated headlines (`<li><time>…</time> <a>Headline
    </a></li>`): each entry's link, after its date alone, is its headline (`dated-headlines`), and the river is kept
    as the section's list beside the lead story, not dropped as links."""
    html = dated_river_page()
    md = convert(html, "https://herald.example/harbour/").markdown
    assert all(headline in md for headline in RIVER_HEADLINES)
    assert "rebuild the eastern wall" in md
    md = convert(html, "https://herald.example/harbour/", disable_rules=("dated-headlines",)).markdown
    assert not any(headline in md for headline in RIVER_HEADLINES)


def test_a_river_of_dated_headlines_after_an_article_stays_out():
    """The same river after an article under its `<h1>`: other stories' headlines, left out."""
    story = "".join(
        f"<p>The harbour board met on Monday to settle the ferry timetable for the summer, part {n}, and agreed to "
        "run the late boat on Fridays from June to September after a long debate with the island council.</p>"
        for n in range(4)
    )
    html = dated_river_page(f"<article><h1>Late ferry to run on Fridays</h1>{story}</article>")
    md = convert(html, "https://herald.example/news/late-ferry").markdown
    assert md.count("late boat on Fridays") == 4
    assert not any(headline in md for headline in RIVER_HEADLINES)


def test_links_after_a_label_that_is_no_date_title_nothing():
    """A list of links each after a label that is no date (a section's name): no river of dated headlines, the
    links are no titles."""
    items = "".join(
        f"<li><span>Sport</span> <a href='/story/{n}'>{headline}</a></li>" for n, headline in enumerate(RIVER_HEADLINES)
    )
    root = etree.fromstring(f"<ul>{items}</ul>")
    assert not any(is_title_link(anchor) for anchor in root.iter("a"))
    dated = etree.fromstring(items.join(("<ul>", "</ul>")).replace("<span>Sport</span>", "<span>14:32</span>"))
    assert all(is_title_link(anchor) for anchor in dated.iter("a"))


TILE_HEADLINES = (
    ("harbour", "Harbour board agrees late ferry timetable for summer"),
    ("harbour", "Island council opens new library beside the old pier"),
    ("harbour", "Fishing fleet returns early as storm warning holds"),
    ("harbour", "Tram line to the airport delayed by another two years"),
    ("harbour", "School roof repairs finished before the autumn term"),
    ("sport", "Harbour rowing club wins the regatta for a third year"),
    ("sport", "Island league final moved to Sunday after the storm"),
    ("sport", "Coach of the coast team steps down after ten seasons"),
    ("sport", "New stand for the harbour ground to open in August"),
    ("sport", "Swimmers cross the bay for the lifeboat charity again"),
    ("culture", "Museum of the coast reopens its fishing gallery"),
    ("culture", "Island festival names its headline bands for July"),
    ("culture", "Library lends out telescopes for the winter nights"),
    ("culture", "Harbour choir records an album in the old church"),
    ("culture", "Painters of the bay show their work at the market"),
)


def picture_tiles_page(before: str = "") -> str:
    """A front page of three desks of tiles, each tile one link holding its picture and its headline in a `<span>`
    (no heading tag, no summary)."""
    desks = ""
    for desk in ("harbour", "sport", "culture"):
        tiles = "".join(
            f"<a class='tile' href='/story/{n}'><img src='/img/{n}.jpg' alt=''><span>{headline}</span></a>"
            for n, (name, headline) in enumerate(TILE_HEADLINES)
            if name == desk
        )
        desks += f"<section><h2><a href='/{desk}'>{desk.title()}</a></h2><div class='grid'>{tiles}</div></section>"
    return (
        "<html><head><title>The Herald</title></head><body><header><a href='/'>The Herald</a><nav><ul>"
        "<li><a href='/news'>News</a></li><li><a href='/sport'>Sport</a></li></ul></nav></header>"
        f"<main>{before}{desks}</main><footer><p>© The Herald</p></footer></body></html>"
    )


def test_a_front_page_of_picture_tiles_each_one_link_keeps_its_headlines():
    """Desks of tiles each written as one link holding its picture and its headline in a `<span>`: on a listing each
    is a card as a link holding blocks is (`inline-cards`), and its headline after the picture is no caption."""
    html = picture_tiles_page()
    md = convert(html, "https://herald.example/").markdown
    assert all(headline in md for _, headline in TILE_HEADLINES)
    md = convert(html, "https://herald.example/", disable_rules=("inline-cards",)).markdown
    assert not any(headline in md for _, headline in TILE_HEADLINES)


def test_picture_tiles_each_one_link_after_an_article_stay_out():
    """The same desks after an article under its `<h1>`: other stories' teasers, left out."""
    story = "".join(
        f"<p>The harbour board met on Monday to settle the ferry timetable for the summer, part {n}, and agreed to "
        "run the late boat on Fridays from June to September after a long debate with the island council.</p>"
        for n in range(4)
    )
    html = picture_tiles_page(f"<article><h1>Late ferry to run on Fridays</h1>{story}</article>")
    md = convert(html, "https://herald.example/news/late-ferry").markdown
    assert md.count("late boat on Fridays") == 4
    assert not any(headline in md for _, headline in TILE_HEADLINES)


def test_a_menu_of_icon_links_with_short_labels_makes_no_tiles():
    """A menu of links each holding an icon and a label of a word or two in a `<span>`: the labels read as no
    headlines, so the menu is no desk of tiles on a front page."""
    menu = "".join(
        f"<a class='tile' href='/s/{n}'><img src='/i/{n}.svg' alt=''><span>Section {n}</span></a>" for n in range(6)
    )
    html = picture_tiles_page().replace("<main>", f"<main><div class='icons'>{menu}</div>")
    md = convert(html, "https://herald.example/").markdown
    assert "Section 1" not in md
    assert all(headline in md for _, headline in TILE_HEADLINES)


def test_tiles_side_by_side_each_one_link_render_as_blocks_of_their_own():
    """Links touching one another, each holding a picture and words (tiles), are blocks of their own in the
    Markdown and the text, as their page shows them: not one line of glued headlines. Links of words alone, and
    links holding a picture alone (a gallery's thumbnails), stay on their line."""
    tiles = "".join(
        f"<a href='/story/{n}'><img src='/i/{n}.jpg' alt=''><span>Harbour story number {n}</span></a>" for n in range(3)
    )
    text = convert(f"<html><body><div>{tiles}</div></body></html>", "https://herald.example/", main_content=False).text
    assert text.splitlines() == ["Harbour story number 0", "", "Harbour story number 1", "", "Harbour story number 2"]
    words = "".join(f"<a href='/s/{n}'><span>Section {n}</span></a>" for n in range(3))
    thumbs = "".join(f"<a href='/g/{n}'><img src='/g/{n}.jpg' alt='Boat {n}'></a>" for n in range(3))
    md = convert(
        f"<html><body><p>{words}</p><p>{thumbs}</p></body></html>",
        "https://herald.example/",
        main_content=False,
        include_images=True,
    ).markdown
    assert md.count("\n\n") == 1  # two paragraphs, each on one line


def test_a_front_page_keeps_its_desks_of_dated_headlines_under_their_short_names():
    """Desks each a river of dated headlines under a linked name of a word ("Latest"): a desk's name heads no card,
    so its entries are headlines (`dated-headlines`), not a card's lines as a live blog's updates are."""
    names = ("Latest", "Harbour", "Sport")
    desks = "".join(
        f"<section><h2><a href='/{name.lower()}'>{name}</a></h2><ul>"
        + "".join(
            f"<li><time>1{n}:0{n}</time> <a href='/story/{name}{n}'>{headline} in {name}</a></li>"
            for n, headline in enumerate(RIVER_HEADLINES)
        )
        + "</ul></section>"
        for name in names
    )
    html = (
        "<html><head><title>The Herald</title></head><body><header><a href='/'>The Herald</a></header>"
        f"<main>{desks}</main><footer><p>© The Herald</p></footer></body></html>"
    )
    md = convert(html, "https://herald.example/").markdown
    assert all(f"{headline} in {name}" in md for headline in RIVER_HEADLINES for name in names)
