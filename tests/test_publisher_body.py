"""The publisher's own text of the article (JSON-LD `articleBody`) closes the body where it ends
(`publisher-body-end`): what closes the article after its last words is left out, when that text is trusted."""

from __future__ import annotations

import json

from web2md import convert

URL = "https://example.org/tide"
TITLE = "Record tide at the harbour"
PARAGRAPHS = [
    "The harbour gauge recorded the highest tide of the decade on Tuesday night, half a metre above the spring mark.",
    "Fishermen moved their boats to the inner basin before dusk, and the quay was closed to traffic for six hours.",
    "The harbour master said the surge came from a storm far out at sea meeting the full moon's spring tide.",
    "Engineers will inspect the sea wall this week; no damage was reported to the houses along the front.",
    "The council will decide next month whether the wall along the old quay needs to be raised by a metre.",
    "Residents of the lower town were told to keep sandbags ready until the spring tides are over on Sunday.",
]
# what closes the article on a news page: a membership pitch under a heading, an ad's label, a box asking to follow
CLOSING = (
    "<div class='box'><h2>Good journalism needs you</h2>"
    "<p>We have reported on this coast for more than a hundred years, and we want to keep doing it for everyone "
    "who lives here, whatever the weather brings.</p>"
    "<p><b>Become a member and enjoy exclusive benefits</b></p><p><a href='/join'>Join now</a></p></div>"
    "<p><b>Advertisement - Fancy a night out? How about:</b></p>"
    "<p><b>Tap the little bell to stay informed!</b><br>Follow us on <a href='/fb'>Facebook</a> | "
    "<a href='/ig'>Instagram</a></p>"
)
ARTICLE_MD = f"# {TITLE}\n\n" + "\n\n".join(PARAGRAPHS)
# what the rules without the publisher's text keep of the closing blocks
CLOSING_MD = (
    "## Good journalism needs you\n\nWe have reported on this coast for more than a hundred years, and we want to keep "
    "doing it for everyone who lives here, whatever the weather brings.\n\n"
    "**Advertisement - Fancy a night out? How about:**"
)


def page(article_body: object = None) -> str:
    """The news page, with `article_body` (a string, or a whole JSON-LD value) as its JSON-LD when given."""
    data = (
        ""
        if article_body is None
        else json.dumps(
            article_body
            if isinstance(article_body, dict)
            else {
                "@context": "https://schema.org",
                "@type": "NewsArticle",
                "headline": TITLE,
                "articleBody": article_body,
            }
        )
    )
    script = f'<script type="application/ld+json">{data}</script>' if data else ""
    paragraphs = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    return (
        f"<html><head><title>{TITLE}</title>{script}</head><body><nav><a href='/'>Home</a> <a href='/news'>News</a>"
        f"</nav><article><h1>{TITLE}</h1>{paragraphs}{CLOSING}</article><footer>Harbour Gazette</footer></body></html>"
    )


def test_the_page_without_the_publishers_text_keeps_what_closes_its_article():
    assert convert(page(), URL).markdown == ARTICLE_MD + "\n\n" + CLOSING_MD


def test_what_closes_the_article_after_the_publishers_text_is_left_out():
    assert convert(page("\n\n".join(PARAGRAPHS)), URL).markdown == ARTICLE_MD


def test_the_publishers_text_in_a_graph_is_read_as_well():
    graph = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebPage", "name": TITLE},
            {"@type": "NewsArticle", "headline": TITLE, "articleBody": " ".join(PARAGRAPHS)},
        ],
    }
    assert convert(page(graph), URL).markdown == ARTICLE_MD


def test_markup_left_in_the_publishers_text_is_read_past():
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    assert convert(page(body), URL).markdown == ARTICLE_MD


def test_a_text_cut_off_inside_a_paragraph_is_not_trusted():
    # a teaser: the first paragraphs and half of the next, then an ellipsis
    cut = "\n\n".join(PARAGRAPHS[:4]) + "\n\n" + PARAGRAPHS[4][:60] + "…"
    assert convert(page(cut), URL).markdown == ARTICLE_MD + "\n\n" + CLOSING_MD


def test_a_copy_of_the_description_is_not_trusted():
    # the lead paragraph alone (the page's description) ends where its block ends, but is no text of the article
    assert convert(page(PARAGRAPHS[0]), URL).markdown == ARTICLE_MD + "\n\n" + CLOSING_MD


def test_recall_mode_keeps_what_closes_the_article():
    whole = convert(page(), URL, recall=True).markdown
    assert "Good journalism needs you" in whole
    assert convert(page("\n\n".join(PARAGRAPHS)), URL, recall=True).markdown == whole


def marked_page(marked: str) -> str:
    """The news page without JSON-LD, the element `marked` (`body`: the paragraphs' block, `sidebar`: a box in the
    sidebar) marked as the article's body with microdata."""
    prop = ' itemprop="articleBody"'
    paragraphs = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    sidebar = (
        f"<div class='rail'><div{prop if marked == 'sidebar' else ''}><p>Our newsletter brings the week's stories from the coast "
        "to your inbox every Friday morning.</p></div></div>"
    )
    return (
        f"<html><head><title>{TITLE}</title></head><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
        f"<div class='main'><article itemscope itemtype='https://schema.org/NewsArticle'><h1>{TITLE}</h1>"
        f"<div{prop if marked == 'body' else ''}>{paragraphs}</div>{CLOSING}</article>{sidebar}</div>"
        "<footer>Harbour Gazette</footer></body></html>"
    )


def test_what_closes_the_article_after_the_block_marked_as_its_body_is_left_out():
    assert convert(marked_page("body"), URL).markdown == ARTICLE_MD


def test_a_box_of_the_sidebar_marked_as_the_body_changes_nothing():
    assert convert(marked_page("sidebar"), URL).markdown == convert(marked_page(""), URL).markdown
    assert convert(marked_page(""), URL).markdown == ARTICLE_MD + "\n\n" + CLOSING_MD
