"""The page title (issue 14 item 7): the site's name is taken off `<title>` on evidence from the page itself,
and a title with a dash or a colon and no such evidence is kept whole."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from web2md import convert, extract_title
from web2md.extract.meta.titles import choose_title, host_label

URL = "https://www.riverpost.example/2025/05/ferry.html"
STORY = "<p>The ferry runs again from Monday, the town council said after a long meeting about the winter.</p>"


def meta(prop: str, content: str, attr: str = "property") -> str:
    return f'<meta {attr}="{prop}" content="{content}">'


FEED = '<link rel="alternate" type="application/rss+xml" title="{}" href="/feed/">'


def ld(obj) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


def title_of(head: str, body: str = STORY, url: str = URL) -> str | None:
    return convert(f"<html><head>{head}</head><body><article>{body}</article></body></html>", url).title


CASES = [
    # a declared title that is <title> without its tail
    (
        "og-title-is-head",
        "<title>Ferry back in service | Valley Courier</title>" + meta("og:title", "Ferry back in service"),
        STORY,
        "Ferry back in service",
    ),
    (
        "twitter-title-is-head",
        "<title>Ferry back in service — Valley Courier</title>"
        + meta("twitter:title", "Ferry back in service", "name"),
        STORY,
        "Ferry back in service",
    ),
    (
        "jsonld-headline-is-head",
        "<title>Ferry back in service · Valley Courier</title>"
        + ld({"@type": "NewsArticle", "headline": "Ferry back in service"}),
        STORY,
        "Ferry back in service",
    ),
    # a declared title that is <title> without a blog's name in front of a dash
    (
        "og-title-is-tail",
        "<title>Valley Notes - Ferry back in service</title>" + meta("og:title", "Ferry back in service"),
        STORY,
        "Ferry back in service",
    ),
    # an author or section kept when the declared title keeps it
    (
        "og-title-keeps-author",
        "<title>Ferry back | Ann Lee | Travel | Valley Courier</title>" + meta("og:title", "Ferry back | Ann Lee"),
        STORY,
        "Ferry back | Ann Lee",
    ),
    # the <h1> is the headline: the rest of <title> goes
    (
        "h1-is-head",
        "<title>Ferry back in service - Valley Courier</title>",
        "<h1>Ferry back in service</h1>" + STORY,
        "Ferry back in service",
    ),
    # an <h1> not much longer than the rest is the site's logo, not the headline
    (
        "h1-logo-kept",
        "<title>Valley Courier - Ferry back in service</title>",
        "<h1>Valley Courier</h1>" + STORY,
        "Valley Courier - Ferry back in service",
    ),
    (
        "h1-at-end",
        "<title>Notes — Ferry back in service</title>",
        "<h1>Ferry back in service</h1>" + STORY,
        "Ferry back in service",
    ),
    # two headings, each the other's rest: the first is the site's logo, however long
    (
        "h1-logo-before-headline",
        "<title>Ferry back — Valley Courier weekly</title>",
        "<h1>Valley Courier weekly</h1><h1>Ferry back</h1>" + STORY,
        "Ferry back",
    ),
    (
        "h1-logo-before-headline-title-in-front",
        "<title>Ferry back | Valley Courier weekly</title>",
        "<header><h1>Valley Courier weekly</h1></header><article><h1>Ferry back</h1></article>" + STORY,
        "Ferry back",
    ),
    # a <title> nothing confirms, beside a declared title the headline shows: the headline
    (
        "declared-and-h1-beat-lone-title",
        "<title>Winter timetable for river crossings</title>"
        + meta("og:title", "Ferry back in service | Valley Courier")
        + meta("og:site_name", "Valley Courier"),
        "<h1>Ferry back in service</h1>" + STORY,
        "Ferry back in service",
    ),
    # declared titles agreeing are copies of one field: the <title> stays
    (
        "declared-copies-do-not-beat-title",
        "<title>Winter timetable for river crossings</title>"
        + meta("og:title", "Ferry back in service")
        + meta("twitter:title", "Ferry back in service", "name"),
        "<h1>River news</h1>" + STORY,
        "Winter timetable for river crossings",
    ),
    # the site's declared names
    (
        "og-site-name",
        "<title>Ferry back in service | Valley Courier</title>" + meta("og:site_name", "Valley Courier"),
        STORY,
        "Ferry back in service",
    ),
    (
        "application-name",
        "<title>Valley Courier: Ferry back in service</title>" + meta("application-name", "Valley Courier", "name"),
        STORY,
        "Ferry back in service",
    ),
    (
        "jsonld-publisher",
        "<title>Ferry back in service – VALLEY-COURIER</title>"
        + ld({"@type": "Article", "publisher": {"@type": "Organization", "name": "Valley Courier"}}),
        STORY,
        "Ferry back in service",
    ),
    (
        "site-name-and-section",
        "<title>Ferry back in service | Travel | Valley Courier</title>" + meta("og:site_name", "Valley Courier"),
        STORY,
        "Ferry back in service | Travel",
    ),
    # the first part of a feed's title (a blog's feeds are "Name » Feed", "Name » Headline Comments Feed")
    (
        "feed-title",
        "<title>Ferry back in service | Valley Notes</title>" + FEED.format("Valley Notes » Feed"),
        STORY,
        "Ferry back in service",
    ),
    (
        "comments-feed-title-site-in-front",
        "<title>Valley Notes: Ferry back in service</title>"
        + FEED.format("Valley Notes » Ferry back in service Comments Feed"),
        STORY,
        "Ferry back in service",
    ),
    # a feed's title of one part names a section as often as the site: no evidence
    (
        "one-part-feed-title",
        "<title>Travel: Ferry back in service</title>" + FEED.format("Travel"),
        STORY,
        "Travel: Ferry back in service",
    ),
    # the host's name, whatever its case, spaces and punctuation
    ("host-name", "<title>Ferry back in service - River Post</title>", STORY, "Ferry back in service"),
    ("host-name-with-more", "<title>Ferry back in service - River-Post News</title>", STORY, "Ferry back in service"),
    ("host-name-in-front", "<title>RIVERPOST » Ferry back in service</title>", STORY, "Ferry back in service"),
    # a title cut short, and the declared one it was cut from
    (
        "cut-title",
        "<title>Ferry back in service after a long...</title>"
        + meta("og:title", "Ferry back in service after a long winter of repairs"),
        STORY,
        "Ferry back in service after a long winter of repairs",
    ),
    # a <title> that only names the site, and a declared title the heading confirms
    (
        "title-only-site",
        "<title>Valley Courier</title>"
        + meta("og:site_name", "Valley Courier")
        + meta("og:title", "Ferry back in service"),
        "<h1>Ferry back in service</h1>" + STORY,
        "Ferry back in service",
    ),
    # no <title>: the declared title a heading confirms, before the first declared one
    (
        "no-title-confirmed",
        meta("og:title", "Share this: ferries are back")
        + ld({"@type": "NewsArticle", "headline": "Ferry back in service"}),
        "<h1>Ferry back in service</h1>" + STORY,
        "Ferry back in service",
    ),
    ("no-title-parsely", meta("parsely-title", "Ferry back in service", "name"), STORY, "Ferry back in service"),
    # kept whole: a dash, a colon or a bar and nothing naming the site
    ("dash-kept", "<title>Spider-Man - the musical returns</title>", STORY, "Spider-Man - the musical returns"),
    ("colon-kept", "<title>Flooding: what the council decided</title>", STORY, "Flooding: what the council decided"),
    (
        "bar-kept",
        "<title>Ferry back in service | Notes from the valley</title>",
        STORY,
        "Ferry back in service | Notes from the valley",
    ),
    # a kicker before a colon is part of the title even when the heading leaves it out
    (
        "kicker-kept",
        "<title>Flooding: Ferry back in service</title>",
        "<h1>Ferry back in service</h1>" + STORY,
        "Flooding: Ferry back in service",
    ),
    # a subtitle after a colon too
    (
        "subtitle-kept",
        "<title>Ferry back: what changes for riders</title>" + meta("og:title", "Ferry back"),
        STORY,
        "Ferry back: what changes for riders",
    ),
    # a colon beside a blog's name, which a heading of its own shows
    (
        "blog-name-colon",
        "<title>Valley Notes: Ferry back in service</title>" + meta("og:title", "Ferry back in service"),
        "<h1>Valley Notes</h1>" + STORY,
        "Ferry back in service",
    ),
    # a headline that starts with the host's name is no site name ("RiverPost" + much more)
    (
        "host-name-in-headline",
        "<title>Riverpost cooperative buys three new ferries - Valley Courier</title>",
        STORY,
        "Riverpost cooperative buys three new ferries - Valley Courier",
    ),
    # a blog named after its author: the author's name (from the author meta or the byline) at the end goes
    (
        "author-at-end",
        "<title>Ferry back in service | Notes | Ann Lee</title>" + meta("author", "Ann Lee", "name"),
        STORY,
        "Ferry back in service | Notes",
    ),
    (
        "by-author-at-end",
        "<title>Ferry back in service - by Ann Lee</title>",
        '<p class="byline">By <a rel="author" href="/ann">Ann Lee</a></p>' + STORY,
        "Ferry back in service",
    ),
    # ... but not in front (an opinion piece under its writer's name), nor behind a colon, nor all of the title
    (
        "author-in-front-kept",
        "<title>Ann Lee - Ferry back in service</title>" + meta("author", "Ann Lee", "name"),
        STORY,
        "Ann Lee - Ferry back in service",
    ),
    (
        "author-after-colon-kept",
        "<title>Ferry back in service: Ann Lee</title>" + meta("author", "Ann Lee", "name"),
        STORY,
        "Ferry back in service: Ann Lee",
    ),
    ("author-only-kept", "<title>Ann Lee</title>" + meta("author", "Ann Lee", "name"), STORY, "Ann Lee"),
    # nothing is left when the whole title is the site's name: kept
    (
        "only-site-name",
        "<title>Valley Courier</title>" + meta("og:site_name", "Valley Courier"),
        STORY,
        "Valley Courier",
    ),
]


@pytest.mark.parametrize("head,body,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_title(head, body, expected):
    assert title_of(head, body) == expected


def test_extract_title_is_the_page_title():
    html = (
        "<html><head><title>Ferry back in service - River Post</title></head>"
        "<body><h1>Ferry back in service</h1></body></html>"
    )
    assert extract_title(html) == "Ferry back in service"
    assert extract_title(html, URL) == "Ferry back in service"
    assert extract_title("<title>Ferry back in service - River Post</title>", URL) == "Ferry back in service"
    assert extract_title("<title>Ferry back in service - River Post</title>") == "Ferry back in service - River Post"
    # the author's name is read from the byline for extract_title as for convert
    byline = (
        "<html><head><title>Ferry back in service | Ann Lee</title></head>"
        '<body><article><p class="byline">By Ann Lee</p>' + STORY + "</article></body></html>"
    )
    assert extract_title(byline) == convert(byline).title == "Ferry back in service"
    feed = "<title>Ferry back in service | Valley Notes</title>" + FEED.format("Valley Notes » Feed")
    assert extract_title(feed) == convert(feed).title == "Ferry back in service"


@pytest.mark.parametrize(
    "url,label",
    [
        ("https://www.nytimes.example.com/a", "example"),
        ("https://www.riverpost.example/a", "riverpost"),
        ("https://news.valley.co.uk/a", "valley"),
        ("https://valley.com.au/", "valley"),
        ("http://localhost:8080/", ""),
        ("http://127.0.0.1/", ""),
        ("http://fakehost/test/page.html", ""),
        ("not a url", ""),
    ],
)
def test_host_label(url, label):
    assert host_label(url) == label


words = st.text(alphabet=st.sampled_from("abc XY-|:·»—"), min_size=0, max_size=30)


@settings(max_examples=300, deadline=None)
@given(
    title=words,
    declared=st.lists(words, max_size=3),
    h1s=st.lists(words, max_size=3),
    names=st.lists(words, max_size=2),
)
def test_title_is_a_part_of_the_page_s_own_titles(title, declared, h1s, names):
    clean = [" ".join(t.split()) for t in [title, *declared, *h1s]]
    got = choose_title(clean[0] or None, clean[1 : 1 + len(declared)], clean[1 + len(declared) :], names, URL)
    if got is not None:
        assert got and any(got in t for t in clean)  # cut from the page's titles, never made up
    if clean[0]:
        assert got  # a page with a <title> has a title
