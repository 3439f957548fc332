"""The one-element furniture tests (web2md.extract.maincontent.furniture): class words, captions, calls to action, date lines."""

from __future__ import annotations

import pytest
from lxml import etree

from web2md.extract.html.tags import SKIP_TAGS
from web2md.extract.maincontent.furniture import (
    class_words,
    hint_strength,
    is_call_to_action,
    is_comments_label,
    is_credit_line,
    is_date_line,
    is_furniture_label,
    names_caption,
    names_comments,
    names_screen_reader_text,
    shown_block_text,
)


def element(html: str) -> etree._Element:
    return etree.fromstring(html, etree.HTMLParser()).find(".//body")[0]


def text_of(html: str) -> str:
    """A block's text as the main-content test hands it over: whitespace runs collapsed."""
    return " ".join("".join(element(html).itertext()).split())


@pytest.mark.parametrize(
    "token, words",
    [
        ("MtnCommentText", ["mtn", "comment", "text"]),
        ("comment_text-2", ["comment", "text", "2"]),
        ("ForumCommentAccountName", ["forum", "comment", "account", "name"]),
        ("--", []),
        ("wp_block-quote", ["wp", "block", "quote"]),
        ("nav:main/2", ["nav", "main", "2"]),
        ("café-menu", ["caf", "menu"]),
    ],
)
def test_class_words(token, words):
    assert class_words(token) == words


@pytest.mark.parametrize(
    "hints, strength",
    [
        ("comments-area", 2),
        ("sharedaddy", 2),
        ("author-box", 2),
        ("saboxplugin-wrap about-the-author", 2),
        ("article-paywall", 2),
        ("affiliate-disclaimer", 2),
        ("mol-factbox floatRHS", 2),
        ("teaser-breaker row", 2),
        ("infobox article-contact", 1),
        ("achgut_spenden formular", 2),
        ("werbung-mitte", 2),
        ("entry-meta", 1),
        ("post-tags", 1),
        ("has-sidebar", 0),
        ("tag-politics", 0),
        ("entry-category-social_media entry-type-post", 0),  # a term's slug names no part of the page
        ("post-tag-related", 0),
        ("tag-promotion category-sponsored", 0),
        ("entry-author-jane_doe", 0),
        ("entry-author-name", 1),
        ("post-footer", 2),
        ("elementor-widget-container", 0),
        ("entry-content", 0),
        ("author-admin", 0),  # WordPress names the article's author on the article itself
        ("row non-paywall", 0),
        ("freemium__preview", 0),
        ("prevnext-links", 1),
        ("j-module j-header", 0),
        # compounds: a strong or weak word opening or closing one class word
        ("relatedposts", 2),
        ("postfooter", 2),
        ("commentarybox", 0),
        ("commentarysidebar", 2),
        ("previewcard", 0),
        ("previouslink", 1),
        ("widgettitle", 1),
        ("photocredits", 1),
    ],
)
def test_hint_strength(hints, strength):
    assert hint_strength(hints) == strength


@pytest.mark.parametrize(
    "html, expected",
    [
        ("<p>Updated on 12.05.2023, 19:49</p>", True),
        ("<div>Aktualisiert am 12. Mai 2023</div>", True),
        ("<p>Posted March 3, 2024 by Sam</p>", True),
        ("<div>12. Mai 2023, 19:49 | Sam Rivers</div>", True),
        ("<p>Closing date: 03.11.2023 (postmark)</p>", False),
        ("<p>Veröffentlichung: 2. Februar 2022</p>", True),
        ("<p>Published: 03.11.2023</p>", True),
        ("<p>Date: 12 May 2024</p>", False),  # an event's date, not the page's
        ("<p>The harbour reopened on 12.05.2023 after three weeks of repairs to the outer wall.</p>", False),
        ("<p>No date here at all</p>", False),
        ("<div>19:49</div>", True),
        ("<p>10:00 Keynote by Jane Doe</p>", False),
        ("<span>05:28 Uhr</span>", True),
    ],
)
def test_is_date_line(html, expected):
    assert is_date_line(text_of(html)) is expected


@pytest.mark.parametrize(
    "html, expected",
    [
        ("<p>Subscribe now to our print edition for the full story.</p>", True),
        ("<p><strong>Follow The Coastal Times on Twitter and Instagram</strong></p>", True),
        ("<p>Folgen Sie uns auf Facebook.</p>", True),
        ("<p>¿Ya sabías que tenemos canal de Telegram? Únete desde aquí.</p>", True),
        ("<p>The service lost two hundred thousand subscribers last quarter.</p>", False),
        ("<p>Sign up for our weekly newsletter.</p>", True),
        ("<p>Zum Newsletter anmelden</p>", True),
        ("<p>Newsletters became the fastest-growing part of the media business last year.</p>", False),
        ("<p>Readers who subscribe to print editions are getting older, the survey found.</p>", False),
        ("<p>You must be logged in to post a comment.</p>", True),
        ("<p>Sie müssen sich anmelden, um Kommentare zu schreiben.</p>", True),
        ("<h2>Kommentieren</h2>", True),
        ("<p>Kommentieren war auf der alten Seite nicht möglich, sagt der Betreiber.</p>", False),
        ("<h2>Stay up-to-date on our work.</h2>", True),
        ("<p>Bitte teilen Sie uns Ihre Erfahrungen mit.</p>", True),
        ("<div>Be Sociable, Share!</div>", True),
        ("<p>The crew stayed informal throughout the voyage.</p>", False),
        ("<p>You must be logged in as root to install the package.</p>", False),
        ("<p>Sie müssen sich anmelden, wenn Sie in eine neue Wohnung ziehen.</p>", False),
        ("<p>Stay up to date with your vaccinations before you travel.</p>", False),
        ("<h2>Stay informed during a flood</h2>", False),
        ("<p>Stay informed!</p>", True),
        (
            "<p>"
            + "The tide came in slowly over the flats while we waited by the old harbour wall. " * 2
            + "Subscribe here.</p>",
            False,
        ),  # the ask comes only after 120 characters of something else
    ],
)
def test_is_call_to_action(html, expected):
    assert is_call_to_action(text_of(html)) is expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Related articles", True),
        ("Mehr zum Thema:", True),
        ("Auch interessant", True),
        ("À lire aussi", True),
        ("Das könnte Sie auch interessieren", True),
        ("Leggi anche", True),
        ("Czytaj także:", True),
        ("More stories from The Coastal Times", True),
        ("Über den Autor", True),
        ("About the author", True),
        ("Release Date:", True),
        ("Erschienen in", True),
        ("Von:", True),
        ("Tags:", True),
        ("Tags", False),
        ("Author", False),
        ("Updated", False),  # a README's or a manual's sections
        ("Published in the spring issue", False),
        ("Von der Küste", False),
        ("Kontakt:", True),
        ("Weitere Informationen:", True),
        ("Contact", False),  # a README's "Contact" section
        ("Further reading", False),  # a reading list under it is the page's
        ("Show more", True),
        ("Quellen ausblenden", True),
        ("Back to top", True),
        ("Weiterlesen …", True),
        ("Show more patience with new drivers", False),
        ("Related work has shown the same effect in colder water.", False),
        ("Mehr zum Thema Ebbe folgt morgen", False),
        ("Weitere Artikel über die Gezeiten erscheinen im Mai.", False),
        ("Read more", True),
    ],
)
def test_is_furniture_label(text, expected):
    assert is_furniture_label(text) is expected


@pytest.mark.parametrize(
    "hints, expected",
    [
        ("comments-container", True),
        ("commentlist", True),
        ("comments-area", True),
        ("post-kommentare", True),
        ("comment-body", False),
        ("comment-12", False),
        ("commentary", False),
        ("no-comments-yet", True),
        ("Comments-Area", True),
        ("KOMMENTARE", True),
        ("disqus_thread", True),  # the id every Disqus embed gives its thread
        ("entry-content", False),
    ],
)
def test_names_comments(hints, expected):
    assert names_comments(hints) is expected


@pytest.mark.parametrize(
    "hints, expected",
    [
        ("wp-caption-text", True),
        ("img_description", True),
        ("photo-credit", True),
        ("bildunterschrift", True),
        ("entry-content", False),
        ("description", False),
        ("imageinfo", True),
        ("Picture-Text", True),
        ("foto_desc", True),
        ("image", False),
        ("photo-gallery", False),
    ],
)
def test_names_caption(hints, expected):
    assert names_caption(hints) is expected


@pytest.mark.parametrize(
    "html, expected",
    [
        ("<p>Photo: Harbour Office</p>", True),
        ("<p>Quelle: Landesregierung</p>", True),
        ("<p>Crédits photos : Bestimage</p>", True),
        ("<p>Abb. 2: Der Pegel im Mai</p>", True),
        ("<p>Figure 3: tide gauge readings</p>", True),
        ("<p>Sources say the harbour will reopen.</p>", False),
        ("<p>The photo: a gauge.</p>", False),
    ],
)
def test_is_credit_line(html, expected):
    assert is_credit_line(text_of(html)) is expected


@pytest.mark.parametrize(
    "hints, expected",
    [
        ("screen-reader-text", True),
        ("sr-only", True),
        ("visually-hidden", True),
        ("u-visuallyhidden", True),
        ("time hidden", True),
        ("alert d-none", True),
        ("reader-mode", False),
        ("entry-content", False),
        ("hidden-xs col-md-4", False),
        ("unhidden", False),
        ("Hidden", True),
        ("box\tis-hidden", True),
        ("hide\n", True),
        ("not-hidden", False),
        ("ishidden", False),
    ],
)
def test_names_screen_reader_text(hints, expected):
    assert names_screen_reader_text(hints) is expected


@pytest.mark.parametrize(
    "label, names_comments",
    [
        ("Comments", True),
        ("12 Responses to “Tides explained”", True),
        ('3 thoughts on "Tides explained"', True),
        ("Comments (7)", True),
        ("TrackBack", True),
        ("Trackback Pings", True),
        ("Leave a Reply", True),
        ("One Response to “Tides”", True),
        ("Kommentare", True),
        ("Comment", False),  # one comment is an opinion piece
        ("KOMMENTAR", False),
        ("Comments are closed", False),
        ("Replies to my critics", False),
    ],
)
def test_comments_label(label, names_comments):
    assert is_comments_label(label) is names_comments


@pytest.mark.parametrize(
    "html, shown",
    [
        ("<div>ANZEIGE<script>var slot = 1;</script></div>", "ANZEIGE"),
        ("<div><span>Ad</span><style>.a{}</style>vert<!-- x -->isement</div>", "Advertisement"),
        ("<p>One <b>two<svg><text>axis</text></svg></b> three<?pi x?> four</p>", "One two three four"),
        ("<div><p>Kept text</p><noscript>Enable scripts</noscript></div>", "Kept text"),
        ("<p>Plain <i>text</i>,  spaced\n out</p>", "Plain text, spaced out"),
    ],
)
def test_a_blocks_shown_text_leaves_out_what_is_never_shown(html, shown):
    """Scripts, style sheets and the other skipped elements give no text, their tails (and comments') do."""
    assert shown_block_text(element(html), SKIP_TAGS) == shown
