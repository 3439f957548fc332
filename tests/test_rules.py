"""The catalogue of main-content rules (`web2md.extract.maincontent.rules`) and `disable_rules`: each rule's name
switches that rule off, in the call that names it; unknown names are errors; by default every rule is on.

Each rule has a small page it acts on; the whole Markdown is asserted with the rule on and with it off.
"""

from __future__ import annotations

import json

import pytest

from tests.test_content import (
    ABOUT_ME_TEXT,
    APP_CALL_POST,
    APP_CALL_POST_MD,
    CAMERA_LEAD,
    CAMERA_POST,
    CAMERA_POST_MD,
    COUNTED_COMMENTS,
    COUNTED_POST,
    FILM_MD,
    FILM_PAGE,
    LATEST,
    LEAD_SUMMARY,
    LEGAL_NOTICE,
    LEGAL_NOTICE_MD,
    LEGAL_NOTICE_PAGE,
    LINKED_THREAD_COMMENTS,
    LINKED_THREAD_POST,
    OLDER_DESKS,
    PORTAL_DESKS,
    RIVER_HEADLINES,
    ROUNDUP_ABOUT,
    SHORT_POST_MD,
    SHORT_POST_PAGE,
    SIDEBAR_POST_MD,
    STORIES,
    TILE_HEADLINES,
    columnist_front,
    dated_river_page,
    desk_of_card_bodies,
    desks_front,
    desks_over_a_foot,
    front_beside_a_search_box,
    front_page_under_a_reader_h1,
    mega_menu_panels,
    picture_tiles_page,
    portal_front_under_an_h1,
    roundup_of_desks,
    roundup_post,
    section_page_of_headlines,
    sidebar_blog_page,
    tiles_page,
)
from tests.test_media_posts import META, STRIP, comic_page
from web2md import convert
from web2md.extract.maincontent import rules as rules_module
from web2md.extract.maincontent.rules import NAMES, RULES
from web2md.extract.options import Options

URL = "https://example.org/tides"
PARAGRAPHS = [
    "Tides are the regular rise and fall of the sea caused mostly by the gravity of the Moon and the Sun.",
    "Most coasts see two high tides and two low tides every lunar day of about twenty-four hours and fifty minutes.",
    "Spring tides happen near new and full moon, when the Sun and the Moon pull along the same line.",
    "Neap tides happen at the quarter moons, when the pull of the Sun works partly against the pull of the Moon.",
]
BODY = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
BODY_MD = "\n\n".join(PARAGRAPHS)
ARTICLE_MD = "# Tides explained\n\n" + BODY_MD


def article_holding(block: str, head: str = "") -> str:
    """The article with `block` between its second and third paragraphs (`head`: the page's `<head>`)."""
    at = BODY.index("<p>Spring")
    return f"<html>{head}<body><article><h1>Tides explained</h1>{BODY[:at]}{block}{BODY[at:]}</article></body></html>"


def article_md_holding(markdown: str) -> str:
    """ARTICLE_MD with `markdown` between its second and third paragraphs."""
    return "# Tides explained\n\n" + "\n\n".join([*PARAGRAPHS[:2], markdown, *PARAGRAPHS[2:]])


LONG_TITLE = "Tides explained: why the sea rises and falls twice a day on most coasts"  # longer than a label
MORE = (
    "<p>Tide tables give the times of high and low water for one harbour, a year at a time, in local time.</p>"
    "<p>Harbour masters post them at the pier, and fishermen keep a copy in the wheelhouse of every boat.</p>"
)
MORE_MD = (
    "Tide tables give the times of high and low water for one harbour, a year at a time, in local time.\n\n"
    "Harbour masters post them at the pier, and fishermen keep a copy in the wheelhouse of every boat."
)

NOTICE_MD = (
    "The harbour office publishes these pages as a service to sailors and visitors; the tables and the notes on them "
    "are given in good faith and are checked each season, but the office can take no responsibility for any loss that "
    "follows from reading them, nor for the weather, the state of the moorings or the tides themselves on the day."
)
EXTRA_MD = (
    "The highest tides in the world are in the Bay of Fundy, where the sea rises by sixteen metres twice a day.\n\n"
    "In the Mediterranean the tides are small, a few tens of centimetres, and the wind often moves the sea more."
)
EXTRA = "".join(f"<p>{p}</p>" for p in EXTRA_MD.split("\n\n"))


OFFICE_LINES = [
    "The harbour office publishes these pages as a service to sailors, fishermen and visitors, and answers their "
    "letters about berths, fees and works.",
    "Its six pilots and two tugs work from the old customs house on the east quay, where the office also keeps the "
    "tide tables of the last hundred years.",
    "The office is open every weekday from eight until four, and its duty pilot can be reached by radio on channel "
    "twelve at any hour of the day or night.",
    "Visitors may moor at the west pontoon for up to three nights; the fee is paid at the office or to the berthing "
    "master, who walks the pontoons each evening.",
    "Fishermen landing their catch at the fish quay are asked to keep the crane lane clear and to report any damage "
    "to the quay's fenders at once.",
    "The office's notices to mariners are posted on the board by the lifeboat station and printed in the local paper "
    "every Thursday.",
]
OFFICE_BLURB = "".join(f"<p>{line}</p>" for line in OFFICE_LINES)  # longer than twice the page's post


def article(block: str, head: str = "") -> str:
    """The article with `block` between its second and third paragraphs."""
    first, second, *rest = (f"<p>{p}</p>" for p in PARAGRAPHS)
    return (
        f"<html><head><title>Tides</title>{head}</head><body><div class='site'><article><h1>Tides explained</h1>"
        f"{first}{second}{block}{''.join(rest)}</article></div></body></html>"
    )


def with_block(block_md: str) -> str:
    """ARTICLE_MD with `block_md` where `article` puts its block."""
    return (
        f"# Tides explained\n\n{PARAGRAPHS[0]}\n\n{PARAGRAPHS[1]}\n\n{block_md}\n\n{PARAGRAPHS[2]}\n\n{PARAGRAPHS[3]}"
    )


# blocks inside an article, left out by one rule each: (block, its Markdown when the rule is off)
BLOCKS = {
    "captions": (
        '<figure class="wide"><img src="/gauge.jpg" alt=""><div class="text">A tide gauge in the harbour at low '
        "water.</div></figure>",
        "A tide gauge in the harbour at low water.",
    ),
    "media-blocks": (
        "<div class='clip'><div class='player'></div><p>Video: The tide comes in at the pier</p><span>01:42</span></div>",
        "Video: The tide comes in at the pier\n\n01:42",
    ),
    "call-boxes": (
        "<div class='x-q81'><h3>Keep reading</h3><p>Unlimited access to every tide table for a dollar a week.</p>"
        "<a href='/subscribe'>Subscribe now</a><p>Already a subscriber? <a href='/login'>Log in</a></p></div>",
        "### Keep reading\n\nUnlimited access to every tide table for a dollar a week.\n\n"
        "[Subscribe now](https://example.org/subscribe)",
    ),
    "image-blocks": (
        '<div><img src="/gauge.jpg" alt="Gauge"><div>A tide gauge at low water, seen from the pier.</div></div>',
        "A tide gauge at low water, seen from the pier.",
    ),
    "credit-lines": (
        "<p><em>Source: Harbour Office, tide tables 2023</em></p>",
        "*Source: Harbour Office, tide tables 2023*",
    ),
    "chart-labels": (
        '<div><img src="/chart.png" alt="">'
        + "".join(
            f'<div style="top:{top}%;left:{left}%"><p>{label}</p></div>'
            for top, left, label in ((10, 5, "High water"), (50, 40, "Low water"), (90, 80, "Mean level"))
        )
        + "</div>",
        "Low water\n\nMean level",  # "High water", placed first, is a label over furniture (furniture-labels)
    ),
    "furniture-labels": ("<p><strong>Read also:</strong></p>", "**Read also:**"),
    "jump-links": ('<a href="#tables">Skip to the tide tables</a>', "Skip to the tide tables"),
    "date-lines": ("<p>Updated on 12.05.2023, 19:49</p>", "Updated on 12.05.2023, 19:49"),
    "calls-to-action": (
        "<p>Subscribe now to our print edition for the full story.</p>",
        "Subscribe now to our print edition for the full story.",
    ),
    "copyright-lines": (
        "<p>© 2023 The Coastal Times. All rights reserved.</p>",
        "© 2023 The Coastal Times. All rights reserved.",
    ),
    "control-widgets": (
        "<div><span>Was this helpful?</span><button>Yes</button><button>No</button></div>",
        "Was this helpful?",
    ),
    "embed-placeholders": (
        "<div><div><p>Click the button below to load the video.</p><button>Show</button></div><iframe src='' "
        "data-src='https://video.example/embed/1'></iframe></div>",
        "Click the button below to load the video.",
    ),
    "popup-roles": (
        "<div><a href='/account/saved'><svg viewBox='0 0 8 8'></svg></a><div role='tooltip'><span>Read Later</span>"
        "</div></div>",
        "Read Later",
    ),
    "form-boxes": (
        '<div><p>Get the tide tables for your harbour every week.</p><input type="email" name="mail"></div>',
        "Get the tide tables for your harbour every week.",
    ),
    "class-hints": (
        '<div class="sidebar-widget"><p>Weather for the coast this week: sunny, light winds from the west.</p></div>',
        "Weather for the coast this week: sunny, light winds from the west.",
    ),
    "link-density": (
        '<p><a href="/salt">Why the sea is salty</a> · <a href="/waves">How waves form</a></p>',
        "[Why the sea is salty](https://example.org/salt) · [How waves form](https://example.org/waves)",
    ),
}

REPLIES = "".join(
    f'<li class="comment" id="comment-{n}"><cite>Reader {n}</cite><div class="comment-content"><p>I have seen the '
    f"same at harbour {n}, and the gauge there read even lower than yours.</p></div></li>"
    for n in range(12)
)
THREAD_MD = "\n".join(
    f"{n + 1}. *Reader {n}*\n\n{' ' * len(f'{n + 1}. ')}I have seen the same at harbour {n}, and the gauge there read "
    "even lower than yours."
    for n in range(12)
)
LINKED_POST_MD = (
    "[Low tide at the old pier this morning](https://example.org/low-tide), seen from [the harbour wall]"
    "(https://example.org/wall)."
)
FLAT_TEASERS = "".join(
    f"<h3><a href='/news/{k}'>Headline number {k} about the harbour</a></h3>"
    f"<p>A summary of story {k}, a line or two about what happened in town this week.</p>"
    for k in range(4)
)
FLAT_TEASERS_MD = "\n\n".join(
    f"### [Headline number {k} about the harbour](https://example.org/news/{k})\n\n"
    f"A summary of story {k}, a line or two about what happened in town this week."
    for k in range(4)
)
# four cards in two columns of two: no three cards side by side, but a block of linked headings and little else
COLUMNS = "".join(
    '<div class="col">'
    + "".join(
        f'<div><h3><a href="/s/{c}{n}">Story {c}{n} about the harbour</a></h3><p>A summary of the story {c}{n}, with '
        "two or three lines of text about what happened in the harbour on the day, and who was there to see it.</p>"
        "</div>"
        for n in range(2)
    )
    + "</div>"
    for c in "ab"
)
COLUMNS_MD = "\n\n".join(
    f"### [Story {c}{n} about the harbour](https://example.org/s/{c}{n})\n\nA summary of the story {c}{n}, with two or "
    "three lines of text about what happened in the harbour on the day, and who was there to see it."
    for c in "ab"
    for n in range(2)
)
PRODUCT = (
    '<html><head><title>Harbour Kettle - Shop</title><script type="application/ld+json">{"@context": '
    '"https://schema.org", "@type": "Product", "name": "Harbour Kettle 1.7 l", "offers": {"@type": "Offer", '
    '"price": "39.90", "priceCurrency": "EUR"}}</script></head><body><div class="product-info"><h1>Harbour Kettle '
    '1.7 l</h1><div class="price"><span>€39.90</span></div><div class="description"><p>A stainless steel kettle '
    "that boils a full litre in under three minutes.</p></div></div></body></html>"
)
PRODUCT_MD = (
    "# Harbour Kettle 1.7 l\n\n{price}A stainless steel kettle that boils a full litre in under three minutes.\n\n"
    "## Product details\n\n- Name: Harbour Kettle 1.7 l\n- Price: 39.90 EUR"
)

CARDS = "".join(
    f'<div class="card"><h3><a href="/s/{n}">Story number {n} about the sea</a></h3><p>A summary of story {n}, two or '
    "three lines of text about what happened at sea this week, and who was there to see it.</p></div>"
    for n in range(1, 5)
)
CARDS_MD = "\n\n".join(
    f"### [Story number {n} about the sea](https://example.org/s/{n})\n\nA summary of story {n}, two or three lines of "
    "text about what happened at sea this week, and who was there to see it."
    for n in range(1, 5)
)
PAYWALL = (
    "<div class='paywall'><h3>Subscribe to keep reading</h3><p>"
    + "Cancel any time, and get our morning newsletter with the news in your inbox. " * 6
    + "</p></div>"
)
PAYWALL_MD = "### Subscribe to keep reading\n\n" + " ".join(
    ["Cancel any time, and get our morning newsletter with the news in your inbox."] * 6
)

WRITER_NAMES = ("Sam Rivers", "Ann Moss", "Joe Quay")
WRITERS = "<h3>Our writers</h3>" + "".join(
    f"<div><h4>{name}</h4><div>Correspondent on the north coast desk since 2019</div><p>{name} writes about the sea "
    f"and the harbours of the coast.</p><div><a href='/p/{n}'>Posts</a> | <a href='/a/{n}'>Profile</a></div></div>"
    for n, name in enumerate(WRITER_NAMES)
)
WRITERS_MD = "### Our writers\n\n" + "\n\n".join(
    f"#### {name}\n\nCorrespondent on the north coast desk since 2019\n\n{name} writes about the sea and the "
    "harbours of the coast."
    for name in WRITER_NAMES
)
SIDE_NOTE_MD = (
    "### The log keeper\n\nA harbour master writes down what the sea did today, what the boats made of it, and what "
    "the weather will do to both of them tomorrow morning. Questions about the harbour are welcome by letter."
)
SIDE_NOTE = "<h3>The log keeper</h3><p>" + SIDE_NOTE_MD.split("\n\n")[1] + "</p>"
# three readers' comments after a story, each a name and a line (the comments-label pages)
READERS = "".join(
    f"<div><p>Reader {n}</p><p>The gauge at harbour {n} read even lower than yours this week.</p></div>"
    for n in range(1, 4)
)
READERS_MD = "".join(
    f"\n\nReader {n}\n\nThe gauge at harbour {n} read even lower than yours this week." for n in range(1, 4)
)
ARCHIVE = "".join(f"<li><a href='/archive/{n}'>Notes from the harbour, week {n} of 2011</a></li>" for n in range(1, 15))

HEADLINES = "".join(f"<li><a href='/h/{n}'>Headline number {n} about the harbour</a></li>" for n in range(1, 6))
HEADLINES_MD = "\n".join(f"- [Headline number {n} about the harbour](https://example.org/h/{n})" for n in range(1, 6))
TALES, TALES_MD = (
    cards.replace("/s/", "/t/").replace("Story number", "Tale number").replace("of story", "of tale")
    for cards in (CARDS, CARDS_MD)
)
LEAD = (
    "The harbour board published its figures on Monday: the busiest year since the port was widened, with grain "
    "and timber leading the cargo and the new deep-water berth taking ships that used to sail on to the city, and a "
    "surplus to be spent on dredging the inner basin before the winter storms come in from the west."
)
LEAD_MD = f"# Tides\n\n## [The busiest year of the port](https://example.org/s/lead)\n\n{LEAD}"

# cards each written as one link holding its lines in blocks, no heading tag (a picture, a label, the headline, a summary)
LINKED = "".join(
    f"<div class='c'><a href='/l/{n}'><img src='/l/{n}.jpg' alt=''><div><div>Harbour</div><span>Linked story number "
    f"{n} about the coast</span><div>A summary of linked story {n}, a line about the coast road and the ferry.</div>"
    "</div></a></div>"
    for n in range(1, 4)
)
LINKED_MD = "\n\n".join(
    f"[Harbour](https://example.org/l/{n})\n\n[Linked story number {n} about the coast](https://example.org/l/{n})"
    f"\n\n[A summary of linked story {n}, a line about the coast road and the ferry.](https://example.org/l/{n})"
    for n in range(1, 4)
)
# live blogs' cards, their latest updates linking into the live page
LIVE = "".join(
    f"<div class='card'><h3><a href='/live/{n}'>Live number {n} from the harbour</a></h3><ul>"
    + "".join(f"<li><a href='/live/{n}#p{k}'>Update {k} of live number {n}: the ferry is in</a></li>" for k in range(2))
    + "</ul></div>"
    for n in range(1, 4)
)
LIVE_HEADS_MD = [f"### [Live number {n} from the harbour](https://example.org/live/{n})" for n in range(1, 4)]
LIVE_MD = "\n\n".join(
    f"{head}\n\n"
    + "\n".join(
        f"- [Update {k} of live number {n}: the ferry is in](https://example.org/live/{n}#p{k})" for k in range(2)
    )
    for n, head in enumerate(LIVE_HEADS_MD, 1)
)

BIO = (
    "Ann Keel has covered the harbour, the ferries and the island councils for the Herald since 2009. Before that she "
    "reported on fishing and the coast for the county paper, and she still writes the Saturday tide column."
)
BYLINED = "".join(
    f"<li><a href='/k/{n}'>Story number {n} by Ann about the sea</a> <time>May {n + 1}</time></li>"
    for n in range(1, 12)
)
BYLINED_MD = "\n".join(f"- [Story number {n} by Ann about the sea](https://example.org/k/{n})" for n in range(1, 12))
COMIC_PAGE = comic_page(STRIP, META)
VIDEO_TITLE = "The greatest tide chart ever drawn by the harbour office"
COMIC_LINE = "Every Monday we run a strip about working for yourself by Pat Lowe. [See all the strips](https://example.org/strips/)."

TICKER = "<div class='ticker'><span>Breaking:</span> <a href='/2024/03/storm'>Storm closes the coast road</a></div>"
TOP_MD = f"[Grain lifts the port to its busiest year](https://example.org/2024/03/busiest-year)\n\n{LEAD_SUMMARY}"
DESKS_MD = "\n\n".join(
    f"## {name}\n\n"
    + "\n".join(f"- [{title}](https://example.org/{name.lower()}/story-{n})" for n, title in enumerate(titles))
    for name, titles in PORTAL_DESKS
)
SECTION_MD = f"# Business\n\n## {TOP_MD}\n\n" + "\n".join(
    f"- [{title}](https://example.org/business/latest/{n})" for n, title in enumerate(LATEST)
)
MENU_LINES = [
    "Ships, cargo and the berths.",
    "Timetables and the winter crossings.",
    "Votes, budgets and the town hall.",
    "Tides, storms and the week ahead.",
    "Results from the league and the club.",
]
# the mega-menu's panels as a nested list (their lines, each in every panel, rendered once: in the first)
MENU_MD = "[Harbour Herald](https://example.org/)\n\n" + "\n".join(
    f"- [{section.capitalize()}](https://example.org/{section})\n"
    + "\n".join(
        f"  - [{section.capitalize()} {name}](https://example.org/{section}/{n})"
        + (f"\n\n    {MENU_LINES[n]}" if k == 0 else "")
        for n, name in enumerate(["port", "ferry", "council", "weather", "sport"])
    )
    for k, section in enumerate(("news", "business", "sport", "culture", "travel", "opinion"))
)

READER_CARDS_MD = [
    f"**[{title}](https://example.org{href})**" + (f"\\\n{summary}" if n % 2 else "")
    for n, (title, href, summary) in enumerate(STORIES)
]
READER_LATEST_MD = "## [Latest](https://example.org/latest)\n\n" + "\n".join(
    f"- [{title}](https://example.org/latest/{n})" for n, title in enumerate(LATEST)
)

ROUNDUP_MD = "# What we read this week on the coast\n\n" + "\n\n".join(
    f"### [{title}](https://example.org{href})\n\n{summary}" for title, href, summary in STORIES
)

DESKS_COLUMNS, DESKS_CARDS = desks_front(
    [("main", [("Harbour", "a", 5), ("Town", "b", 5)]), ("side", [("Popular", "p", 3)])]
)


# a desk of cards with body blocks beside a sidebar of prose
CARD_BODIES_MD = (
    "## [Harbour](https://example.org/harbour)\n\n## [Harbour market plan approved by the lifeboat board a0"
    "](https://example.org/a/0)\n\nThe ferry and the festival will both change before the summer season beg"
    "ins on the coast, notice a0 said. The work starts at the council in the spring and ends by the autum"
    "n.\n\n### [Ferry school plan approved by the storm board a1](https://example.org/a/1)\n\nThe council wil"
    "l change, a1.\n\n#### [Council lifeboat plan approved by the festival board a2](https://example.org/a/"
    "2)\n\nThe market will change, a2.\n\n## [Market storm plan approved by the museum board a3](https://exam"
    "ple.org/a/3)\n\nThe school will change, a3.\n\n### [School festival plan approved by the bridge board a4"
    "](https://example.org/a/4)\n\nThe lifeboat will change, a4.\n\n#### [Lifeboat museum plan approved by th"
    "e tram board a5](https://example.org/a/5)\n\nThe storm will change, a5.\n\n## Popular\n\n- ### [Popular st"
    "ory number 0 about the harbour and the ferry](https://example.org/popular/0)\n\n  A line about the cou"
    "ncil that readers liked the most this week, notice 0 said.\n- ### [Popular story number 1 about the f"
    "erry and the council](https://example.org/popular/1)\n\n  A line about the market that readers liked t"
    "he most this week, notice 1 said.\n- ### [Popular story number 2 about the council and the market](ht"
    "tps://example.org/popular/2)\n\n  A line about the school that readers liked the most this week, notic"
    "e 2 said.\n- ### [Popular story number 3 about the market and the school](https://example.org/popular"
    "/3)\n\n  A line about the lifeboat that readers liked the most this week, notice 3 said.\n- ### [Popula"
    "r story number 4 about the school and the lifeboat](https://example.org/popular/4)\n\n  A line about t"
    "he storm that readers liked the most this week, notice 4 said.\n- ### [Popular story number 5 about t"
    "he lifeboat and the storm](https://example.org/popular/5)\n\n  A line about the festival that readers "
    "liked the most this week, notice 5 said."
)
CARD_BODIES_OFF_MD = (
    "Tide Notes is written on the coast by two people who like boats, the harbour and the council, and wh"
    "o have kept a diary of the weather on the harbour wall since the winter of the great storm, 0.\n\nTide"
    " Notes is written on the coast by two people who like boats, the ferry and the market, and who have "
    "kept a diary of the weather on the harbour wall since the winter of the great storm, 1."
)


# three desks beside a sidebar's box of popular posts nearly as long as two of them
DESKS_BOX, DESKS_BOX_CARDS = desks_front(
    [("main", [("Harbour", "a", 4), ("Town", "b", 4), ("Sport", "c", 3)]), ("side", [("Popular", "p", 7)])]
)


# desks beside a column of boxes of headlines alone in one block, over a footer's text about the site
HOLDER, HOLDER_CARDS = desks_over_a_foot()
HOLDER_BOXES_MD = "\n\n".join(
    f"### Picks {j}\n\n"
    + "\n".join(
        f"- [{w[(i + j) % 12].capitalize()} {w[(i + 3) % 12]} and {w[(i + 5) % 12]} row goes on at the "
        f"{w[(i + 7) % 12]} {j}{i}](https://example.org/m/{j}{i})"
        for i in range(6)
    )
    for j in range(3)
    for w in ["harbour ferry council market school lifeboat storm festival museum bridge tram island".split()]
)


def desks_md(*desks: tuple[str, str], cards: dict[str, list[tuple[str, str]]] = DESKS_CARDS) -> str:
    """The Markdown of `desks_front`'s desks (name, key) on a page at URL."""
    return "\n\n".join(
        f"## {name}\n\n"
        + "\n\n".join(
            f"### [{title}](https://example.org/{key}/{i})\n\n{summary}"
            for i, (title, summary) in enumerate(cards[key])
        )
        for name, key in desks
    )


# a front page whose last desk is a columnist's cards, his byline the page's first
COLUMNIST, COLUMNIST_CARDS = columnist_front()

# a front page of top stories over two desks of tiles of a headline alone (`<div class="title"><a>`)
TILES, _ = tiles_page()

# a section front: a lead story over a river of dated headlines (`<li><time>…</time> <a>Headline</a></li>`)
RIVER = dated_river_page()
RIVER_LEAD_MD = (
    "# Harbour\n\n## [Harbour wall to be rebuilt after winter storms](https://example.org/story/lead)\n\nThe harbour "
    "board has approved the plans to rebuild the eastern wall, which the storms of January broke in two places, and "
    "the work is to start in the spring once the fishing season has closed."
)
# a front page of three desks of tiles, each one link holding its picture and its headline in a `<span>`
PICTURE_TILES = picture_tiles_page()
PICTURE_DESKS = ("harbour", "sport", "culture")
PICTURE_TILES_OFF_MD = "\n\n".join(f"## [{desk.title()}](https://example.org/{desk})" for desk in PICTURE_DESKS)
PICTURE_TILES_MD = "\n\n".join(
    f"## [{desk.title()}](https://example.org/{desk})\n\n"
    + "\n\n".join(
        f"[{title}](https://example.org/story/{n})" for n, (name, title) in enumerate(TILE_HEADLINES) if name == desk
    )
    for desk in PICTURE_DESKS
)
RIVER_MD = "\n\n".join(
    [RIVER_LEAD_MD, "\n".join(f"- [{title}](https://example.org/story/{n})" for n, title in enumerate(RIVER_HEADLINES))]
)
TILES_TOP_MD = "## Top stories\n\n" + "\n\n".join(
    f"### [{title}](https://example.org/news/{n})\n\n{summary}" for n, (title, _, summary) in enumerate(STORIES)
)
TILES_MD = "\n\n".join(
    [TILES_TOP_MD]
    + [
        f"## [{desk.title()}](https://example.org/{desk})\n\n"
        + "\n\n".join(f"[{title}](https://example.org/{desk}/{n})" for n, title in enumerate(OLDER_DESKS[desk]))
        for desk in ("business", "sport")
    ]
)

# a blog's front page of two desks beside a sidebar under <h1>Search</h1> over a newsletter pitch
SEARCH_BOX, SEARCH_BOX_CARDS = front_beside_a_search_box()
SEARCH_BOX_MD = "# Search\n\n" + "\n\n".join(
    f"Sign up to the Tide Notes letter and get the week's {w} news, the tide tables and the ferry times in your inbox "
    f"every Friday morning before the first boat leaves the harbour, part {n}."
    for n, w in enumerate(("harbour", "ferry", "council", "market"))
)

# pages each rule acts on: (page, Markdown with the rule on, Markdown with it off)
PAGES = {
    "reader-h1": (
        front_page_under_a_reader_h1(),
        f"{READER_LATEST_MD}\n\n## [News](https://example.org/news)\n\n" + "\n\n".join(READER_CARDS_MD),
        # the <h1> the <title> holds names a story: the cards with a summary stay teasers, the desk of headlines goes
        f"### Markets\n\n## [News](https://example.org/news)\n\n{READER_CARDS_MD[1]}",
    ),
    "story-text": (
        roundup_post(),
        ROUNDUP_MD,
        # the <h1> names a story: the cards in its block are other stories' teasers
        "# What we read this week on the coast",
    ),
    "listing-thread": (
        roundup_post(comments=10, side=ROUNDUP_ABOUT),
        ROUNDUP_MD,
        # the thread outweighs the cards: no listing
        "# What we read this week on the coast",
    ),
    "thread-desks": (
        roundup_of_desks(),
        "# What we read this week on the coast\n\n## This week\n\n"
        + ROUNDUP_MD.split("\n\n", 1)[1]
        + "\n\n## Follow-ups\n\n"
        + "\n\n".join(
            f"### [{title}: what happened next](https://example.org{href}-update)\n\nA week on: {summary}"
            for title, href, summary in STORIES
        ),
        # the thread outweighs the two desks: no listing
        "# What we read this week on the coast",
    ),
    "listing-column": (
        DESKS_COLUMNS,
        desks_md(("Harbour", "a"), ("Town", "b")),
        # the column of popular posts beside the desks' column comes along
        desks_md(("Harbour", "a"), ("Town", "b"), ("Popular", "p")),
    ),
    "card-bodies": (desk_of_card_bodies(), CARD_BODIES_MD, CARD_BODIES_OFF_MD),
    "listing-desks-column": (
        DESKS_BOX,
        desks_md(("Harbour", "a"), ("Town", "b"), ("Sport", "c"), cards=DESKS_BOX_CARDS),
        # the box of popular posts beside the desks' column comes along
        desks_md(("Harbour", "a"), ("Town", "b"), ("Sport", "c"), ("Popular", "p"), cards=DESKS_BOX_CARDS),
    ),
    "listing-holder": (
        HOLDER,
        desks_md(("Harbour", "a"), ("Town", "b"), ("Sport", "c"), cards=HOLDER_CARDS),
        # the boxes of headlines beside the desks' column come along
        desks_md(("Harbour", "a"), ("Town", "b"), ("Sport", "c"), cards=HOLDER_CARDS) + "\n\n" + HOLDER_BOXES_MD,
    ),
    "short-h1": (
        SEARCH_BOX,
        desks_md(("Harbour", "a"), ("Town", "b"), cards=SEARCH_BOX_CARDS) + "\n\n" + SEARCH_BOX_MD,
        # the <h1> names a story: the cards are its teasers, the pitch under it its text
        SEARCH_BOX_MD,
    ),
    # the desks of tiles go by their links, their names with them
    "alike-tiles": (TILES, TILES_MD, TILES_TOP_MD),
    "dated-headlines": (RIVER, RIVER_MD, RIVER_LEAD_MD),
    "inline-cards": (PICTURE_TILES, PICTURE_TILES_MD, PICTURE_TILES_OFF_MD),
    "listed-desks": (
        COLUMNIST,
        desks_md(("Harbour", "a"), ("Town", "b"), ("Opinion", "c"), cards=COLUMNIST_CARDS),
        # the columnist's desk closing the page goes as a box about the page's author
        desks_md(("Harbour", "a"), ("Town", "b"), cards=COLUMNIST_CARDS),
    ),
    "card-h1": (
        portal_front_under_an_h1(),
        f"# {TOP_MD}\n\n{DESKS_MD}",
        # the <h1> heads the page's story: the desks after it are other stories'
        f"# {TOP_MD}",
    ),
    "section-cards": (
        section_page_of_headlines().replace("<main>", f"{TICKER}<main>"),
        SECTION_MD,
        # the <main> holding the <h1> is one card: the page's story, the list after it other stories'
        SECTION_MD.split("\n\n- ")[0],
    ),
    "menu-panels": (
        section_page_of_headlines().replace("</nav></header>", f"</nav>{mega_menu_panels()}</header>{TICKER}"),
        SECTION_MD,
        # the panels weigh as lists of cards, listed: the region is the whole page
        f"{MENU_MD}\n\n{SECTION_MD}",
    ),
    "bio-lines": (
        f"<html><body><div class='page'><h1>Ann Keel</h1><p>{BIO}</p><ul>{BYLINED}</ul></div></body></html>",
        "# Ann Keel\n\n" + BYLINED_MD,
        # the bio is a story beside the list
        f"# Ann Keel\n\n{BIO}",
    ),
    "linked-cards": (
        f"<html><body><div class='page'><div class='list'>{CARDS}</div><div class='desk'>{LINKED}</div>"
        f"<div class='list'>{TALES}</div></div></body></html>",
        CARDS_MD + "\n\n" + LINKED_MD + "\n\n" + TALES_MD,
        # the cards are links: the desk is link-dense
        CARDS_MD + "\n\n" + TALES_MD,
    ),
    "card-lines": (
        f"<html><body><div class='page'><div class='list'>{CARDS}</div><div class='list'>{LIVE}</div></div>"
        "</body></html>",
        CARDS_MD + "\n\n" + LIVE_MD,
        # the updates are lists of links
        CARDS_MD + "\n\n" + "\n\n".join(LIVE_HEADS_MD),
    ),
    "headline-lists": (
        f"<html><body><div class='page'><div class='list'>{CARDS}</div><div class='desk'><ul>{HEADLINES}</ul></div>"
        f"<div class='list'>{TALES}</div></div></body></html>",
        CARDS_MD + "\n\n" + HEADLINES_MD + "\n\n" + TALES_MD,
        # the desk of headlines alone is a menu's link list
        CARDS_MD + "\n\n" + TALES_MD,
    ),
    "pager-lines": (
        f"<html><body><div class='page'><div class='list'>{CARDS}</div><div class='count'>Page 3 of 12</div>"
        f"<div class='list'>{TALES}</div></div></body></html>",
        CARDS_MD + "\n\n" + TALES_MD,
        CARDS_MD + "\n\nPage 3 of 12\n\n" + TALES_MD,
    ),
    "listing-widgets": (
        f"<html><body><div class='page'><div class='list'>{CARDS}</div><div class='weather'>Harbour 14°C, cloudy "
        f"with light winds</div><div class='list'>{TALES}</div></div></body></html>",
        CARDS_MD + "\n\n" + TALES_MD,
        CARDS_MD + "\n\nHarbour 14°C, cloudy with light winds\n\n" + TALES_MD,
    ),
    "lead-cards": (
        "<html><body><div class='page'><h1>Tides</h1><div class='lead'><h2><a href='/s/lead'>The busiest year of the "
        f"port</a></h2><p>{LEAD}</p></div><div class='list'>{CARDS}</div></div></body></html>",
        LEAD_MD + "\n\n" + CARDS_MD,
        # the lead's summary is prose outside the cards: the page is no listing, the cards teasers
        LEAD_MD,
    ),
    "furniture-beside-title": (
        f"<html><body><div id='page'>{PAYWALL}<div class='story'><h1>Tides explained</h1>{BODY}</div></div>"
        "</body></html>",
        ARTICLE_MD,
        # the descent stops above both, and the pitch, more than half the region, is not furniture in it
        PAYWALL_MD + "\n\n" + ARTICLE_MD,
    ),
    "widget-columns": (
        # (titled by an <h2>: beside a column holding the page's <h1>, sparse-columns passes the column over too)
        # (the widgets' column ahead of the post's: after it, a column of one unit of content text is passed over
        # by lone-units-after too)
        f"<html><body><div class='wrap'><div class='col'>{SIDE_NOTE}<h3>Archives</h3><ul>{ARCHIVE}</ul></div>"
        f"<div class='col'><h2>Tides explained</h2>{BODY}</div></div></body></html>",
        "## Tides explained\n\n" + BODY_MD,
        # the descent stops above both columns; the archive list goes by its links, the note stays
        SIDE_NOTE_MD + "\n\n## Tides explained\n\n" + BODY_MD,
    ),
    "sparse-columns": (
        f"<html><body><div class='wrap'><div class='main'><h1>Tides explained</h1>{BODY}</div><div class='side'>"
        f"{WRITERS}</div></div></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n" + WRITERS_MD,
    ),
    "post-title-columns": (
        sidebar_blog_page(),
        SIDEBAR_POST_MD,
        "# [Reed on Ads](https://example.org/)\n\n## About Me\n\n**Name:**\n\nAnn Reed\n\n" + ABOUT_ME_TEXT,
    ),
    "titled-lone-units": (
        LEGAL_NOTICE_PAGE,
        LEGAL_NOTICE_MD,
        LEGAL_NOTICE_MD + "\n\n" + LEGAL_NOTICE,  # the region above the rail and the notice; the rail goes by its links
    ),
    "titled-sidebar-columns": (
        FILM_PAGE,
        FILM_MD,
        FILM_MD
        + "\n\n- ## About:\n\n  Harbour Pictures is edited by Ann Reed, who ran the photo desk of a sailing magazine "
        "for twelve years and of a travel monthly before that. She writes here about the pictures she likes, the "
        "people who make them and the editors who buy them, and answers the questions photographers send her each "
        "week.\n- ## Email me:\n\n  ann at example dot org. Every letter is read; I may answer your question here "
        "but will not say who asked it.",
    ),
    "lone-units-after": (
        f"<html><body><div id='page'><div class='main'><h1>Tides explained</h1>{BODY}</div><div class='small'><p>"
        f"{NOTICE_MD}</p></div></div></body></html>",
        ARTICLE_MD,
        # the descent stops above the story's block and the notice beside it
        ARTICLE_MD + "\n\n" + NOTICE_MD,
    ),
    "short-posts": (
        SHORT_POST_PAGE,
        SHORT_POST_MD,
        # the descent stops above the three columns; the credit line closing the page stays
        SHORT_POST_MD + "\n\nAll the pictures on this site are mine unless a credit line under them says otherwise.",
    ),
    "title-heading": (
        "<html><head><title>Tides explained - The Coast</title></head><body><div class='top'><h1><a href='/'>The "
        f"Coast</a></h1></div><div id='page'>{PAYWALL}<div class='story'><h1>Tides explained</h1>{BODY}</div></div>"
        "</body></html>",
        ARTICLE_MD,
        # the site's name is the title: the pitch is not passed over beside the story
        PAYWALL_MD + "\n\n" + ARTICLE_MD,
    ),
    "listing-pages": (
        "<html><body><div class='top'><a href='/'>Home</a> <a href='/about'>About us</a></div>"
        f"<div class='list'>{CARDS}</div></body></html>",
        CARDS_MD,
        # the cards' text not counted as content, nothing reads as content: the page as a plain browser shows it
        "[Home](https://example.org/) [About us](https://example.org/about)\n\n" + CARDS_MD,
    ),
    "lead-blocks": (
        "<html><body><div class='page'><div class='head'><h1>Tides explained</h1><div>Three minute read</div>"
        f"<p>A short lead about the tides.</p></div><div class='text'>{BODY}</div></div></body></html>",
        ARTICLE_MD,
        "# Tides explained\n\nThree minute read\n\nA short lead about the tides.\n\n" + BODY_MD,
    ),
    "after-the-body": (
        f"<html><body><article><h1>Tides explained</h1><div class='text'>{BODY}{MORE}{EXTRA}"
        "</div><p>Filed under science and the sea, and the tides of the coast.</p></article></body></html>",
        ARTICLE_MD + "\n\n" + MORE_MD + "\n\n" + EXTRA_MD,
        ARTICLE_MD
        + "\n\n"
        + MORE_MD
        + "\n\n"
        + EXTRA_MD
        + "\n\nFiled under science and the sea, and the tides of the coast.",
    ),
    "comments-descent": (
        "<html><body><div id='content'><div class='post'><h1>Low tide today</h1><p>Low.</p></div><div id='comments' "
        f"class='comments-area'><ol>{REPLIES}</ol><p>Comments are closed.</p></div></div>"
        "</body></html>",
        "# Low tide today\n\nLow.",
        "# Low tide today",
    ),
    "comment-sections": (
        f"<html><body><div class='entry'><h1>Tides explained</h1>{BODY}<h3>3 Responses to “Tides explained”</h3>"
        + "".join(
            f"<div id='c{n}'><p>The gauge at harbour {n} read even lower than yours, and the pier was dry at noon."
            f"</p><p>Posted by: Reader {n} at May {n + 1}, 2026 7:04 PM</p></div>"
            for n in range(3)
        )
        + "</div></body></html>",
        ARTICLE_MD,
        ARTICLE_MD
        + "\n\n### 3 Responses to “Tides explained”\n\n"
        + "\n\n".join(
            f"The gauge at harbour {n} read even lower than yours, and the pier was dry at noon.\n\n"
            f"Posted by: Reader {n} at May {n + 1}, 2026 7:04 PM"
            for n in range(3)
        ),
    ),
    "comment-label-titles": (
        f"<html><body><article><h1>{LONG_TITLE}</h1>{BODY}<h3>3 Responses to {LONG_TITLE}</h3>"
        + READERS
        + "</article></body></html>",
        f"# {LONG_TITLE}\n\n{BODY_MD}",
        f"# {LONG_TITLE}\n\n{BODY_MD}\n\n### 3 Responses to {LONG_TITLE}" + READERS_MD,
    ),
    "comment-count-labels": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<h3>There are 3 comments. Add yours.</h3>"
        + READERS
        + "</article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n### There are 3 comments. Add yours." + READERS_MD,
    ),
    "comment-label-lines": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<div><a name='talk'></a>Comments</div>"
        + READERS
        + "</article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\nComments" + READERS_MD,
    ),
    "comment-reply-boxes": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<div><h3>Comments</h3>{READERS}</div><div><div><h3>"
        "Previewing your comment</h3><p>This is only a preview: your comment has not been sent to the harbour office "
        "yet.</p></div><div><p>" + "Type the letters you see in the picture below to send your comment. " * 4 + "</p>"
        "<p>" + "The letters keep programs that write comments by themselves out of the log. " * 4 + "</p></div><form>"
        "<textarea name='c'></textarea><input type='submit' value='Send'></form></div></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD
        + "\n\n### Previewing your comment\n\nThis is only a preview: your comment has not been sent to the harbour "
        "office yet.\n\n"
        + ("Type the letters you see in the picture below to send your comment. " * 4).strip()
        + "\n\n"
        + ("The letters keep programs that write comments by themselves out of the log. " * 4).strip(),
    ),
    "post-without-comments": (APP_CALL_POST, APP_CALL_POST_MD, "## September 26, 2012"),
    "thread-bodies": (CAMERA_POST, CAMERA_POST_MD, f"# The new camera to be announced next\n\n{CAMERA_LEAD}"),
    "comment-threads": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<div>"
        + "".join(
            f"<div><p><b>Reader {n}</b> | 0{n + 2}.05.2026, 10:1{n}</p><p>The gauge at harbour {n} read even lower "
            "than yours this week, and the pier was dry until noon.</p></div>"
            for n in range(1, 4)
        )
        + "</div></article></body></html>",
        ARTICLE_MD,
        # (the header lines, a name and a date, go as date lines)
        ARTICLE_MD
        + "".join(
            f"\n\nThe gauge at harbour {n} read even lower than yours this week, and the pier was dry until noon."
            for n in range(1, 4)
        ),
    ),
    "comment-permalinks": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<dl>"
        + "".join(
            # (the date first, no name before it: no header comment-terms reads)
            f"<dt id='c{n}'><a href='#c{n}'>{n}</a> May {n + 2}, 2026, Reader {n}</dt><dd>Count me in!</dd>"
            for n in range(1, 4)
        )
        + "</dl><form><textarea name='c'></textarea></form></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "".join(f"\n\n**{n} May {n + 2}, 2026, Reader {n}**\n\nCount me in!" for n in range(1, 4)),
    ),
    "comment-titles": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<ul>"
        + "".join(
            f"<li><h4><a href='#c{n}'>Low water {n}</a></h4><div>by <a href='/u{n}'>r{n}</a> on May {n + 2}, 2026 "
            f"(<a href='#c{n}'>#{n}</a>)</div><div><p>The gauge at harbour {n} read even lower than yours this "
            "week.</p></div></li>"
            for n in range(1, 4)
        )
        + "</ul></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD
        + "\n\n"
        + "\n".join(
            f"- #### Low water {n}\n\n  The gauge at harbour {n} read even lower than yours this week."
            for n in range(1, 4)
        ),
    ),
    "comment-terms": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<dl>"
        + "".join(
            f"<dt><img src='/a{n}.png' alt=''> <span>Reader {n}</span> <span>May {n + 2}, 2026</span></dt><dd><p>The "
            f"gauge at harbour {n} read even lower than yours this week.</p></dd>"
            for n in range(1, 4)
        )
        + "</dl><form><textarea name='c'></textarea></form></article></body></html>",
        ARTICLE_MD,
        # (the names go as bylines by their words)
        ARTICLE_MD
        + "".join(
            f"\n\n**May {n + 2}, 2026**\n\nThe gauge at harbour {n} read even lower than yours this week."
            for n in range(1, 4)
        ),
    ),
    "comment-dates-first": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<ol>"
        + "".join(
            f"<li><div><span>0{n}. May, 2026 / </span><span><a href='https://r{n}.example'>Reader {n}</a> says:</span>"
            f"</div><div><p>The gauge at harbour {n} read even lower than yours this week.</p></div></li>"
            for n in range(1, 4)
        )
        + "</ol><form><textarea name='c'></textarea></form></article></body></html>",
        ARTICLE_MD,
        # (the headers, a date and a name, go as date lines and bylines)
        ARTICLE_MD
        + "\n\n"
        + "\n".join(f"{n}. The gauge at harbour {n} read even lower than yours this week." for n in range(1, 4)),
    ),
    "comments-by-name": (
        f"<html><body><div><div>{BODY}</div><div><ul>"
        + "".join(
            f"<li><div><cite>Reader {n}</cite></div><div><p>The gauge at harbour {n} read even lower than yours this "
            "week, and the pier was dry until noon.</p></div></li>"
            for n in range(1, 21)
        )
        + "</ul></div></div></body></html>",
        BODY_MD,
        BODY_MD
        + "\n\n"
        + "\n".join(
            f"- *Reader {n}*\n\n  The gauge at harbour {n} read even lower than yours this week, and the pier was dry "
            "until noon."
            for n in range(1, 21)
        ),
    ),
    "comment-names": (
        f"<html><body><article><h1>Tides explained</h1><div>{BODY}</div><div><ul>"
        + "".join(
            f"<li><div><cite>Reader {n}</cite></div><div><p>The gauge at harbour {n} read even lower than yours this "
            "week.</p></div></li>"
            for n in range(1, 4)
        )
        + "</ul></div></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD
        + "\n\n"
        + "\n".join(
            f"- *Reader {n}*\n\n  The gauge at harbour {n} read even lower than yours this week." for n in range(1, 4)
        ),
    ),
    "comment-lists": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<div>"
        + "".join(
            f"<ul><li><div><img src='/a{n}.png' alt=''><a href='/profile/{n}'>reader{n}</a><p>{n} May 2026 9:3{n}PM"
            f"</p></div><div><p>The gauge at harbour {n} read even lower than yours this week.</p></div></li><li><ul>"
            f"<li><a>Recommend?</a> ({n})</li><li><a href='/report'>Report</a></li></ul></li></ul>"
            for n in range(1, 4)
        )
        + "</div></article></body></html>",
        ARTICLE_MD,
        # (the headers, a name and a date, go as bylines and date lines; the lists alternate their markers)
        ARTICLE_MD
        + "\n\n"
        + "\n\n".join(
            f"{'-*'[(n - 1) % 2]} The gauge at harbour {n} read even lower than yours this week." for n in range(1, 4)
        ),
    ),
    "second-reading": (
        "<html><body><div id='content'><div class='post'><p><a href='/low-tide'>Low tide at the old pier this "
        "morning</a>, seen from <a href='/wall'>the harbour wall</a>.</p></div><div id='comments' "
        f"class='comments-area'><h2>12 comments</h2><ol>{REPLIES}</ol></div></div></body></html>",
        # the post is all links: the first reading leaves nothing, the second keeps it and still not the thread
        LINKED_POST_MD,
        # else the page as a plain browser shows it
        LINKED_POST_MD + "\n\n## 12 comments\n\n" + THREAD_MD,
    ),
    "semantic-region": (
        # (two paragraphs in the player's block: one alone after the article is passed over by lone-units-after)
        f"<html><body><div id='wrap'><article><h1>Tides explained</h1>{BODY}</article><div class='player'><h3>Watch: "
        "lifeboat crews train off the coast</h3><p>Lifeboat volunteers spent the weekend practising rescues in rough "
        "water, a drill they repeat every spring.</p><p>The crews of three stations took part, with two boats each "
        "and a helicopter from the coastguard.</p></div></div></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n### Watch: lifeboat crews train off the coast\n\nLifeboat volunteers spent the weekend "
        "practising rescues in rough water, a drill they repeat every spring.\n\nThe crews of three stations took "
        "part, with two boats each and a helicopter from the coastguard.",
    ),
    "enclosing-article": (
        f"<html><body><div class='page'><article><h2>Tides explained</h2><div class='text'>{BODY}</div></article>"
        f"<div class='more'><p>{PARAGRAPHS[0]} Again, and again, and again.</p></div></div></body></html>",
        "## Tides explained\n\n" + BODY_MD,
        BODY_MD,
    ),
    "titled-block": (
        "<html><body><div class='page'><div class='head'><h1>Tides explained</h1><p>A short lead about the tides.</p>"
        f"</div><div class='text'>{BODY}</div></div></body></html>",
        ARTICLE_MD,
        BODY_MD,
    ),
    "product-block": (PRODUCT, PRODUCT_MD.format(price="€39.90\n\n"), PRODUCT_MD.format(price="")),
    "unwrap-furniture": (
        f"<html><body><nav><a href='/'>Coastal Times</a><div class='story'><h1>Tides explained</h1>{BODY}</div></nav>"
        "</body></html>",
        ARTICLE_MD,
        "[Coastal Times](https://example.org/)\n\n" + ARTICLE_MD,  # no region: the page as a plain browser shows it
    ),
    "scriptless-wrappers": (
        # (the post's <h1> a word: under a headline's length, no title of a post standing outside the footer, which
        # landmark-wrappers would pass over as well)
        f"<html><head><title>Tides</title></head><body><div><h1>Tides</h1>{BODY}<footer><p>The Coastal Times is "
        "published by a family company on the quay since 1901.</p><script>"
        + "var slot = googletag.defineSlot('/6539/top', [728, 90], 'ad-top').addService(googletag.pubads()); " * 20
        + "</script></footer></div></body></html>",
        "# Tides\n\n" + BODY_MD,
        "# Tides\n\n" + BODY_MD + "\n\nThe Coastal Times is published by a family company on the quay since 1901.",
    ),
    "sidebar-asides": (
        "<html><head><title>Coastal Notes: Tides explained</title></head><body><header><h1>Coastal Notes</h1></header>"
        f"<div class='q1'><h2>Tides explained</h2>{BODY}</div><aside>"
        + "<div><h3>About these notes</h3><p>Notes on the sea by a harbour pilot of thirty years, written in the "
        "evenings after the last ship is in and the charts are put away for the night, about the tides, the weather "
        "and the boats.</p></div>" * 6 + "</aside></body></html>",
        "## Tides explained\n\n" + BODY_MD,
        "## Tides explained\n\n" + BODY_MD + "\n\n### About these notes\n\nNotes on the sea by a harbour pilot of "
        "thirty years, written in the evenings after the last ship is in and the charts are put away for the night, "
        "about the tides, the weather and the boats.\n\n### About these notes",
    ),
    "noscript-page": (
        f"<html><body><div id='app'></div><noscript><div><h1>Tides explained</h1>{BODY}</div></noscript></body></html>",
        ARTICLE_MD,
        "",
    ),
    "teaser-cards": (
        f"<html><body><div class='story'><h1>Tides explained</h1>{BODY}{MORE}{FLAT_TEASERS}</div></body></html>",
        ARTICLE_MD + "\n\n" + MORE_MD,
        ARTICLE_MD + "\n\n" + MORE_MD + "\n\n" + FLAT_TEASERS_MD,
    ),
    "teaser-lists": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<div class='row'>{COLUMNS}</div>{MORE}</article>"
        "</body></html>",
        ARTICLE_MD + "\n\n" + MORE_MD,
        ARTICLE_MD + "\n\n" + COLUMNS_MD + "\n\n" + MORE_MD,
    ),
    "publisher-body-end": (
        "<html><head><script type='application/ld+json'>"
        + json.dumps({"@type": "NewsArticle", "articleBody": "\n\n".join(PARAGRAPHS)})
        + f"</script></head><body><article><h1>Tides explained</h1>{BODY}<p>Tap the little bell at the bottom "
        "right to hear of every new story from the coast.</p></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\nTap the little bell at the bottom right to hear of every new story from the coast.",
    ),
    "closing-furniture": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<h3>About the Coastal Times</h3><p>The Coastal Times is "
        "the paper of the north coast since 1901.</p></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n### About the Coastal Times\n\nThe Coastal Times is the paper of the north coast since 1901.",
    ),
    "story-picture": (
        f"<html><head><title>{VIDEO_TITLE}</title></head><body><div class='wrap'><article><h1>{VIDEO_TITLE}</h1>"
        "<div class='entry'><iframe src='https://video.example/embed/1' width='560' height='315'></iframe><p>Wow, "
        "just wow.</p><p><a href='/via'>Via the harbour office</a></p></div></article></div></body></html>",
        f"# {VIDEO_TITLE}\n\nWow, just wow.",
        # the block holding the video and its line is link-dense beside the heading, which holds more content text
        f"# {VIDEO_TITLE}",
    ),
    "picture-post-region": (
        COMIC_PAGE,
        "# Weekly Strip 51: The Deadline Dragon\n\n" + COMIC_LINE,
        # the region holds the post, the writer's box, the empty related-posts widget and the comments
        "# Weekly Strip 51: The Deadline Dragon\n\n" + COMIC_LINE + "\n\n- ### More strips\n  - No related strips yet",
    ),
    "picture-posts": (
        # (the site's name as the <h1>: on a page without one, post-title-block widens the region to the post's <h2> title)
        "<html><head><title>Tides explained</title></head><body><header><h1><a href='/'>Harbour office</a></h1>"
        "</header><div class='wrap'><div class='post'><h2>Tides "
        "explained</h2><p>Drawn by the harbour office, May 2026</p><img src='/chart.png' width='600' height='400' "
        "alt=''></div><h3>Comments</h3><div class='foot'><p>Every chart on this site may be copied for any purpose as "
        "long as the harbour office is named.</p></div></div></body></html>",
        "## Tides explained\n\nDrawn by the harbour office, May 2026",
        # the only content text is the licence line: the region
        "Every chart on this site may be copied for any purpose as long as the harbour office is named.",
    ),
    "post-title-block": (
        "<html><head><title>Tides explained in a minute | Coastal Times</title></head><body><div class='page'>"
        "<header><hgroup><h2>Tides explained in a minute</h2></hgroup><div class='sub'>By Sam Rivers &bull; May 3, "
        f"2026</div></header><article>{BODY}</article></div></body></html>",
        "## Tides explained in a minute\n\n" + BODY_MD,
        BODY_MD,
    ),
    "closing-boxes": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<div class='box'><img src='/sam.jpg' alt=''><h4>Sam "
        "Rivers</h4><p>Sam Rivers writes about the sea, the tides and the harbours of the north coast for <a href='/'>"
        "the Coastal Times</a>.</p></div></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n#### Sam Rivers\n\nSam Rivers writes about the sea, the tides and the harbours of the north "
        "coast for [the Coastal Times](https://example.org/).",
    ),
    "bylines": (
        f"<html><head><meta name='author' content='Sam Rivers'></head><body><article><h1>Tides explained</h1><p>By Sam "
        f"Rivers</p>{BODY}</article></body></html>",
        ARTICLE_MD,
        "# Tides explained\n\nBy Sam Rivers\n\n" + BODY_MD,
    ),
    "link-lines": (
        f"<html><body><div class='post'><h1>Tides explained</h1>{BODY}« <a href='/tides/neap'>Neap tides</a> | "
        "<a href='/tides/spring'>Spring tides</a> »</div></body></html>",
        ARTICLE_MD,
        ARTICLE_MD
        + "\n\n« [Neap tides](https://example.org/tides/neap) | [Spring tides](https://example.org/tides/spring) »",
    ),
    "taxonomy-notes": (
        f"<html><body><div class='post'><h1>Tides explained</h1>{BODY}<p>This entry was posted on Monday and is filed "
        "under <a href='/c/sea' rel='category tag'>Sea</a>. You can follow any responses to this entry through its "
        "<a href='/tides/feed/'>feed</a>.</p></div></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\nThis entry was posted on Monday and is filed under [Sea](https://example.org/c/sea). You can "
        "follow any responses to this entry through its [feed](https://example.org/tides/feed/).",
    ),
    "mastheads": (
        "<html><head><title>Coastal Notes: Tides explained</title></head><body><div id='wrap'><div id='header'><h1>"
        "<a href='/'>Coastal Notes</a></h1><p>A blog about the sea and the harbours of the coast</p></div><div "
        f"class='post'><h2>Tides explained</h2>{BODY}</div></div><div id='footer'><p>Powered by a blog engine</p>"
        "</div></body></html>",
        "## Tides explained\n\n" + BODY_MD,
        "# [Coastal Notes](https://example.org/)\n\nA blog about the sea and the harbours of the coast\n\n## Tides "
        "explained\n\n" + BODY_MD,
    ),
    "sign-up-forms": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<form action='/letter'><p>Get the week's tide tables "
        "for your harbour in your inbox every Friday, with the moon's phases and the times of high water.</p><input "
        "type='email' name='email'><button type='submit'>Send</button><p>We keep your address for this letter alone "
        "and you can leave it at any time from the link in each issue; read how we handle it, and who else sees it "
        "(nobody), in our notes on privacy and on this letter.</p></form></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\nGet the week's tide tables for your harbour in your inbox every Friday, with the moon's "
        "phases and the times of high water.\n\nWe keep your address for this letter alone and you can leave it at "
        "any time from the link in each issue; read how we handle it, and who else sees it (nobody), in our notes on "
        "privacy and on this letter.",
    ),
    "site-footers": (
        f"<html><body><div class='q1'><div class='q2'><h1>Tides explained</h1>{BODY}</div>"
        "<ul class='q3'><li><a href='/tides/'>Tides</a></li><li><a href='/harbours/'>Harbours</a></li>"
        "<li><a href='/weather/'>Weather</a></li></ul><div class='q4'><p>The harbour office publishes these pages as a "
        "service to sailors and visitors.</p><p>Nothing on them may be copied or sold without the written leave of the "
        "office.</p></div></div></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\nThe harbour office publishes these pages as a service to sailors and visitors.\n\nNothing "
        "on them may be copied or sold without the written leave of the office.",
    ),
    "landmark-wrappers": (
        "<html><head><title>Harbour office: tide tables</title></head><body><div class='q2'><h1>Tides explained</h1>"
        f"{BODY}</div><footer><h2>About the harbour office</h2>{OFFICE_BLURB}</footer></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n## About the harbour office\n\n" + "\n\n".join(OFFICE_LINES),
    ),
    "rights-footers": (
        f"<html><body><div class='q1'><div class='q2'><h1>Tides explained</h1>{BODY}</div>"
        "<div class='q4'><h2>The harbour office</h2><p>The harbour office publishes these pages as a service to "
        "sailors, fishermen and visitors, and answers their letters about the harbour's berths, fees and works.</p>"
        "<p>Its six pilots and two tugs work from the old customs house on the east quay, where the office also keeps "
        "the tide tables of the last hundred years for anyone who asks to read them.</p><p><a href='/'>Home</a> | <a href='/contact/'>Contact</a> | <a href='/terms/'>Terms</a> © 2024 The harbour "
        "office</p></div></div></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n## The harbour office\n\nThe harbour office publishes these pages as a service to sailors, "
        "fishermen and visitors, and answers their letters about the harbour's berths, fees and works.\n\nIts six "
        "pilots and two tugs work from the old customs house on the east quay, where the office also keeps the tide "
        "tables of the last hundred years for anyone who asks to read them.\n\n[Home](https://example.org/) | "
        "[Contact](https://example.org/contact/) | [Terms](https://example.org/terms/) © 2024 The harbour office",
    ),
    "author-microdata": (
        article_holding(
            "<div class='q1' itemprop='author' itemscope itemtype='https://schema.org/Person'><p><span itemprop='name'>"
            "Ann Keel</span> has piloted ships into this harbour for thirty years and writes about the sea in the "
            "evenings.</p></div>"
        ),
        ARTICLE_MD,
        article_md_holding(
            "Ann Keel has piloted ships into this harbour for thirty years and writes about the sea in the evenings."
        ),
    ),
    "author-boxes": (
        article_holding(
            "<div class='q1'><h3>Ann Keel</h3><p>Ann has piloted ships into this harbour for thirty years and writes "
            "about the sea in the evenings.</p></div>",
            head="<head><meta name='author' content='Ann Keel'></head>",
        ),
        ARTICLE_MD,
        article_md_holding(
            "### Ann Keel\n\nAnn has piloted ships into this harbour for thirty years and writes about the sea in the "
            "evenings."
        ),
    ),
    "described-pictures": (
        article_holding(
            "<div class='q1'><img src='/img/pier.jpg' aria-describedby='q2' width='1024' height='768' alt=''><p "
            "id='q2' class='q3'>The pier at low water on a spring tide in March, seen from the harbour wall</p></div>"
        ),
        ARTICLE_MD,
        article_md_holding("The pier at low water on a spring tide in March, seen from the harbour wall"),
    ),
    "closing-credits": (
        article_holding(
            "<div class='q1'><img src='/img/pier.jpg' width='1024' height='768' alt=''></div><p class='q3'>The pier at "
            "low water on a spring tide in March. © Harbour Media / Jane Doe</p>"
        ),
        ARTICLE_MD,
        article_md_holding("The pier at low water on a spring tide in March. © Harbour Media / Jane Doe"),
    ),
    "box-leftovers": (
        f"<html><body><article><h1>Tides explained</h1><div class='q1'><p class='q2'>Contents</p><nav class='q3'><ul>"
        "<li><a href='#spring'>Spring tides at new and full moon</a></li><li><a href='#neap'>Neap tides at the quarter "
        "moons</a></li><li><a href='#tables'>Tide tables</a></li></ul></nav></div>"
        f"{BODY}</article></body></html>",
        ARTICLE_MD,
        "# Tides explained\n\nContents\n\n" + BODY_MD,
    ),
    "loose-rights-lines": (
        f"<html><body><div class='q1'><h1>Tides explained</h1><div class='q2'>{BODY}</div> <span class='q3'>© 2023 "
        "The Coastal Wire. All rights reserved. This material may not be published or rewritten.</span></div>"
        "</body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n© 2023 The Coastal Wire. All rights reserved. This material may not be published or "
        "rewritten.",
    ),
    "sidebar-columns": (
        "<html><head><title>Tides explained</title></head><body><div class='q1'><div class='q2'><h1 class='q3'>"
        f"Tides explained</h1></div><div class='q4'><div class='q5'>{BODY}{MORE}</div><div class='q6'><div><h2>"
        "Coastal Notes</h2><p>Notes on the sea by a harbour pilot of thirty years, written in the evenings.</p></div>"
        "<div><h2>Archive</h2><ul><li><a href='/2023/05/'>May</a> (4)</li><li><a href='/2023/04/'>April</a> (6)"
        "</li><li><a href='/2023/03/'>March</a> (2)</li></ul></div><div><h2>Questions?</h2><p>Ask about any harbour on this coast through the form.</p></div>"
        "</div></div></div></body></html>",
        ARTICLE_MD + "\n\n" + MORE_MD,
        ARTICLE_MD + "\n\n" + MORE_MD + "\n\n## Coastal Notes\n\nNotes on the sea by a harbour pilot of thirty years, "
        "written in the evenings.\n\n## Questions?\n\nAsk about any harbour on this coast through the form.",
    ),
    "bare-widgets": (
        "<html><head><title>Tides explained</title></head><body><div class='q1'><div class='q2'><h1 class='q3'>"
        f"Tides explained</h1></div><div class='q4'><div class='q5'>{BODY}{MORE}</div><div class='q6'><div><h2>"
        "Coastal Notes</h2><p>Notes on the sea by a harbour pilot of thirty years, written in the evenings.</p></div>"
        "<div><h2>New posts by e-mail</h2><form action='/sub'><input type='email' name='m'></form></div><div><h2>"
        "Follow</h2><a href='https://social.example/notes'><img src='/i/s.png' alt=''></a></div><div><h2>Questions?"
        "</h2><p>Ask about any harbour on this coast through the form.</p></div></div></div></div></body></html>",
        ARTICLE_MD + "\n\n" + MORE_MD,
        ARTICLE_MD + "\n\n" + MORE_MD + "\n\n## Coastal Notes\n\nNotes on the sea by a harbour pilot of thirty years, "
        "written in the evenings.\n\n## Questions?\n\nAsk about any harbour on this coast through the form.",
    ),
    "twin-columns": (
        "<html><head><title>Tides explained</title></head><body><div class='q1'><div class='q2'><h1 class='q3'>"
        "Tides explained</h1></div><div class='q4'><div class='q7'><div class='q8'><h2>About</h2><p>A harbour pilot "
        "of thirty years writes here about the sea.</p></div><div class='q8'><h2>Elsewhere</h2><p>Notes from the "
        f"northern harbours are on the sister blog.</p></div></div><div class='q5'>{BODY}{MORE}</div><div class='q6'>"
        "<div class='q8'><h2>Coastal Notes</h2><p>Notes on the sea by a harbour pilot of thirty years, written in the "
        "evenings.</p></div><div class='q8'><h2>Archive</h2><ul><li><a href='/2023/05/'>May</a> (4)</li><li><a "
        "href='/2023/04/'>April</a> (6)</li><li><a href='/2023/03/'>March</a> (2)</li></ul></div><div class='q8'>"
        "<h2>Questions?</h2><p>Ask about any harbour on this coast through the form.</p></div></div></div></div>"
        "</body></html>",
        ARTICLE_MD + "\n\n" + MORE_MD,
        "# Tides explained\n\n## About\n\nA harbour pilot of thirty years writes here about the sea.\n\n## Elsewhere"
        "\n\nNotes from the northern harbours are on the sister blog.\n\n"
        + ARTICLE_MD.removeprefix("# Tides explained\n\n")
        + "\n\n"
        + MORE_MD,
    ),
    "feed-homes": (
        "<html><head><title>Coastal Notes: Tides explained</title><link rel='alternate' type='application/atom+xml' "
        "href='/notes/atom.xml'></head><body><div id='wrap'><div id='header'><h1><a href='/notes/'>Coastal Notes</a>"
        "</h1><p>A blog about the sea and the harbours of the coast</p></div><div "
        f"class='post'><h2>Tides explained</h2>{BODY}</div></div><div id='footer'><p>Powered by a blog engine</p>"
        "</div></body></html>",
        "## Tides explained\n\n" + BODY_MD,
        "# [Coastal Notes](https://example.org/notes/)\n\nA blog about the sea and the harbours of the coast\n\n## "
        "Tides explained\n\n" + BODY_MD,
    ),
    "kickers": (
        f"<html><body><article><div><span>Analysis</span></div><h1>Tides explained</h1>{BODY}</article></body></html>",
        ARTICLE_MD,
        "Analysis\n\n" + ARTICLE_MD,
    ),
    "banner-kickers": (
        "<html><head><title>Tides explained in a minute</title></head><body><div class='bar'><h1>Science</h1></div>"
        f"<article><h2>Tides explained in a minute</h2>{BODY}</article></body></html>",
        "## Tides explained in a minute\n\n" + BODY_MD,
        "# Science\n\n## Tides explained in a minute\n\n" + BODY_MD,
    ),
    "repeats-once": (
        f"<html><body><article><h1>Tides explained</h1>{BODY}<p>{PARAGRAPHS[1]}</p></article></body></html>",
        ARTICLE_MD,
        ARTICLE_MD + "\n\n" + PARAGRAPHS[1],
    ),
    "reply-forms": (
        "<html><head><title>High water at the pier</title></head><body><div class='q1'><div class='q2'><h1>High water "
        "at the pier</h1><iframe src='https://video.example/embed/7'></iframe><p>The spring tide, filmed this "
        "morning.</p></div><div class='q5'><h3>Leave a Reply <small><a href='/tides#respond'>Cancel reply</a></small>"
        "</h3><form method='post' action='/comments-post'><p>Your email address will not be published. Required "
        "fields are marked *</p><p><label>Name</label> <input type='text' name='author'></p><p><label>Comment</label> "
        "<textarea name='comment'></textarea></p><p>You may use these HTML tags and attributes: &lt;a href=\"\" "
        'title=""&gt; &lt;abbr title=""&gt; &lt;b&gt; &lt;blockquote cite=""&gt; &lt;cite&gt; &lt;code&gt; '
        "&lt;em&gt; &lt;strong&gt;</p><p><input type='submit' value='Post Comment'></p></form></div></div></body>"
        "</html>",
        "# High water at the pier\n\nThe spring tide, filmed this morning.",
        "# High water at the pier\n\nYour email address will not be published. Required fields are marked *\n\nYou "
        'may use these HTML tags and attributes: \\<a href="" title=""> \\<abbr title=""> \\<b> \\<blockquote '
        'cite=""> \\<cite> \\<code> \\<em> \\<strong>',
    ),
    "comment-link-targets": (
        (
            "<html><head><title>Keeper emails from a startup school</title></head><body><div class='q1b2c3d'>"
            f"{LINKED_THREAD_POST}<div id='q77a1c0'>{LINKED_THREAD_COMMENTS}</div></div>"
            "<div class='q9e8d7c'><p>© 2012 Bob's blog</p></div></body></html>"
        ),
        "# Keeper emails from a startup school\n\nPosted on 08-07-2012 by Bob · [Comments](https://example.org/2012/08/keeper-emails/#q77a1c0)\n\nFor the past week I have been getting great advice by email from a startup school: first on bootstrapping a company without investors, then on running a software business in five hours a week.\n\nThen today a founder on going from an idea to a launch in eight steps. Highly recommended.",
        "# Keeper emails from a startup school\n\nPosted on 08-07-2012 by Bob · [Comments](https://example.org/2012/08/keeper-emails/#q77a1c0)\n\nFor the past week I have been getting great advice by email from a startup school: first on bootstrapping a company without investors, then on running a software business in five hours a week.\n\nThen today a founder on going from an idea to a launch in eight steps. Highly recommended.\n\n1. *Mark* 08-08-2012\n\n   Thanks for this. On your recommendation I just signed up; the one on bootstrapping was worth the whole year's reading for me.\n\n   By the time I retire that folder will keep me busy for years, looking back at all I could have done better.",
    ),
    "counted-comments": (
        (
            "<html><head><title>Man sentenced for catching rain water</title></head><body><div class='q1b2c3d'>"
            f"{COUNTED_POST.format(count='2 Comments')}{COUNTED_COMMENTS}</div></body></html>"
        ),
        "# Man sentenced for catching rain water\n\nBy Tammy on August 9, 2012 · 2 Comments\n\nAn Oregon man was sentenced to thirty days in jail for collecting rain and snow runoff in reservoirs on his own land, under a law of 1925 that gives the state the water of every stream.\n\nHe has vowed to fight the penalty, saying the water is his as long as it falls on his property.",
        "# Man sentenced for catching rain water\n\nBy Tammy on August 9, 2012 · 2 Comments\n\nAn Oregon man was sentenced to thirty days in jail for collecting rain and snow runoff in reservoirs on his own land, under a law of 1925 that gives the state the water of every stream.\n\nHe has vowed to fight the penalty, saying the water is his as long as it falls on his property.\n\n**Alain** says:\n\nI am interested in what the law says and why. My guess is that it was written to keep farmers from damming the streams their neighbours downstream depend on, which is another matter than catching rain.\n\nRegardless, it is bureaucracy out of control.\n\n**Shifra** says:\n\nI caught a snowflake in my mouth last winter. Can I get arrested for that too, or only for keeping it?",
    ),
    "heads-nothing": (
        article(
            '<h2>Tide tools</h2><div class="tools"><a href="/tools/tables">Harbour tide tables</a> '
            '<a href="/tools/clock">Moon phase clock</a></div><h2>Neap tides</h2>'
        ),
        with_block("## Neap tides"),
        with_block("## Tide tools\n\n## Neap tides"),
    ),
}
CASES = {name: (article(block), ARTICLE_MD, with_block(block_md)) for name, (block, block_md) in BLOCKS.items()} | PAGES


def test_every_rule_of_the_catalogue_has_a_page_it_acts_on():
    assert [rule.name for rule in RULES if rule.name not in CASES] == []
    assert sorted(CASES) == sorted(NAMES)
    assert len(NAMES) == len(RULES)  # one entry per name


@pytest.mark.parametrize("name", sorted(CASES))
def test_disabling_a_rule_by_name_switches_it_off(name):
    page, on, off = CASES[name]
    assert convert(page, URL).markdown == on
    assert convert(page, URL, disable_rules=(name,)).markdown == off


# the rules a page also relies on: the rule it is part of, its other furniture, the region that holds it
NEEDS = {
    "captions": {"class-hints"},  # the caption's class names it
    "credit-lines": {"captions"},  # a credit line is judged as a caption
    "image-blocks": {"captions"},
    "chart-labels": {"furniture-labels"},
    "closing-boxes": {"closing-furniture"},
    "heads-nothing": {"link-density"},  # the tools under the heading are furniture by their links
    "teaser-lists": {"repeats-once"},
    "comments-descent": {"class-hints"},  # the thread the region stops above is left out by its class
    "comment-permalinks": {"comment-threads"},  # the thread it finds is left out as one
    "comment-titles": {"comment-threads"},
    "comment-terms": {"comment-threads"},
    "comment-dates-first": {"comment-threads"},
    "comment-lists": {"comment-threads"},
    "comment-names": {"comment-threads"},
    "comments-by-name": {"comment-threads", "comment-names", "comments-descent", "comment-titles"},
    "comment-reply-boxes": {"comment-sections"},
    # the thread the body is, found under its label; the region widened to the post's title over it
    "thread-bodies": {"comment-sections", "closing-furniture", "lead-blocks", "titled-block"},
    # the post's one paragraph is a call to action, left out when measured with the comments
    "post-without-comments": {"comment-sections", "closing-furniture", "calls-to-action"},
    "enclosing-article": {"semantic-region"},  # the descent reaches the article's body through the article
    "unwrap-furniture": {"kickers"},
    "sidebar-asides": {"unwrap-furniture"},  # part of it
    "scriptless-wrappers": {"unwrap-furniture"},  # part of it
    "banner-kickers": {
        "kickers"
    },  # the banner goes as a kicker over the post's title  # the site's name over the headline, in the unwrapped <nav>
    "titled-block": {"lead-blocks"},  # the lead block under the title is no content: left out as well
    # the region widens as titled-block does; the byline under the title is no lead
    "post-title-block": {"titled-block", "lead-blocks"},
    "lead-blocks": {"titled-block"},  # the block holding the title is the article
    "after-the-body": {"enclosing-article"},  # the <article> around the body
    "comment-sections": {"closing-furniture"},  # the readers' comments close the article
    "comment-label-titles": {"comment-sections"},  # part of it
    "comment-count-labels": {"comment-sections"},  # part of it
    "comment-label-lines": {"comment-sections"},  # part of it
    "title-heading": {"furniture-beside-title"},  # the pitch is passed over beside the block holding the title
    "headline-lists": {"listing-pages", "teaser-cards"},  # listed on a listing, decided by its cards
    "listing-column": {"listing-pages", "teaser-cards"},  # the lists are a listing's
    "listing-desks-column": {"listing-pages", "teaser-cards", "listing-column"},  # part of it
    "listing-holder": {"listing-pages", "teaser-cards", "listing-column"},  # part of it
    "card-bodies": {"listing-pages", "teaser-cards"},
    "alike-tiles": {"listing-pages", "teaser-cards", "link-density"},
    "inline-cards": {"listing-pages", "teaser-cards", "linked-cards"},  # part of linked-cards
    "dated-headlines": {"listing-pages", "teaser-cards", "link-density", "lead-cards"},  # (a section's lead story)
    "short-h1": {"listing-pages", "teaser-cards", "link-density", "copyright-lines"},  # (the menu, the foot line)
    # part of closing-boxes; the cards' bylines and times go as card labels, or by their class
    "listed-desks": {
        "listing-pages",
        "teaser-cards",
        "closing-boxes",
        "closing-furniture",
        "card-lines",
        "class-hints",
    },
    "lead-cards": {"listing-pages", "teaser-cards"},
    "listing-widgets": {"listing-pages", "teaser-cards"},
    "linked-cards": {"listing-pages", "teaser-cards"},
    "bio-lines": {"listing-pages", "teaser-cards", "lead-cards"},
    "pager-lines": {"listing-pages", "teaser-cards"},
    "card-lines": {"listing-pages", "teaser-cards"},
    # (the lead's byline goes as a byline or by its class; the pager by its links, its class or as a control)
    "card-h1": {"listing-pages", "teaser-cards", "lead-cards", "headline-lists", "bylines", "class-hints"},
    "story-text": {"listing-pages", "teaser-cards", "class-hints"},  # (the post's meta line goes by its class)
    "listing-thread": {"listing-pages", "teaser-cards", "class-hints", "story-text"},
    "thread-desks": {"listing-pages", "teaser-cards", "class-hints", "story-text", "listing-thread"},  # part of it
    "reader-h1": {
        *("listing-pages", "teaser-cards", "headline-lists", "lead-cards", "listing-widgets", "class-hints"),
        "title-heading",  # the <h1> the <title> names, of two
    },
    "section-cards": {
        *("listing-pages", "teaser-cards", "lead-cards", "headline-lists"),
        *("bylines", "class-hints", "link-density", "control-widgets"),
    },
    "menu-panels": {
        *("listing-pages", "teaser-cards", "lead-cards", "headline-lists", "section-cards", "repeats-once"),
        *("bylines", "class-hints", "link-density", "control-widgets"),
    },
    # the post left out by its links, the thread by its class, the region above it
    "second-reading": {"link-density", "class-hints", "comments-descent"},
    "story-picture": {"link-density"},  # the blocks it spares are link-dense
    "picture-post-region": {"link-density"},  # the post's line of links to its writer and category
    "picture-posts": {"banner-kickers"},  # the post's title is an <h2> the <title> names
    "feed-homes": {"mastheads"},  # it finds the site's name mastheads leaves out
    "site-footers": {"link-density"},  # the menu it finds the footer after is left out by its links
    "rights-footers": {"site-footers"},  # part of it
    "landmark-wrappers": {"unwrap-furniture"},  # part of it
    "sidebar-columns": {"titled-block"},  # the region reaching up to the post's title over both columns
    # the short post's column, no longer passed over, is taken as short posts are
    "post-title-columns": {"short-posts"},
    "titled-lone-units": {"lone-units-after", "link-density"},  # part of it; the rail goes by its links
    "titled-sidebar-columns": {"sidebar-columns"},  # part of it
    "bare-widgets": {"sidebar-columns", "titled-block"},  # part of it
    "twin-columns": {"sidebar-columns", "titled-block"},  # part of it
    "described-pictures": {"captions"},  # judged as a caption: off with captions too
    "closing-credits": {"captions"},  # judged as a caption: off with captions too
    "reply-forms": {"heads-nothing"},  # the form's heading, over nothing once the form goes
    "counted-comments": {"comment-threads"},  # read where comment-threads reads a thread
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_disabling_other_rules_leaves_a_rule_on(name):
    """Each page's rule acts whatever else is off (the rules its page does not depend on)."""
    page, on, _ = CASES[name]
    others = tuple(sorted(NAMES - {name} - NEEDS.get(name, set())))
    assert convert(page, URL, disable_rules=others).markdown == on


def test_the_default_is_every_rule_on():
    page, on, _ = CASES["date-lines"]
    assert Options().disable_rules == ()
    assert convert(page, URL, disable_rules=()).markdown == convert(page, URL).markdown == on


def test_a_rule_switched_off_stays_with_its_call():
    page, on, off = CASES["date-lines"]
    assert convert(page, URL, disable_rules=("date-lines",)).markdown == off
    assert convert(page, URL).markdown == on  # nothing left behind for the next call


def test_one_name_and_lists_are_taken():
    page, _, off = CASES["date-lines"]
    assert Options.from_kwargs({"disable_rules": "date-lines"}).disable_rules == ("date-lines",)
    assert Options.from_kwargs({"disable_rules": ["date-lines", "captions"]}).disable_rules == (
        "date-lines",
        "captions",
    )
    assert convert(page, URL, disable_rules="date-lines").markdown == off


@pytest.mark.parametrize(
    "name, closest",
    [("caption", "captions"), ("date-line", "date-lines"), ("link_density", "link-density"), ("kicker", "kickers")],
)
def test_an_unknown_rule_is_an_error_naming_the_closest_known_one(name, closest):
    with pytest.raises(ValueError, match=f"unknown main-content rule '{name}'; did you mean '{closest}'"):
        convert("<p>Tides</p>", URL, disable_rules=("captions", name))


def test_each_threshold_the_catalogue_names_exists():
    for rule in RULES:
        values = rule.threshold_values()
        assert list(values) == list(rule.thresholds)
        assert all(isinstance(value, int | float) for value in values.values()), rule.name


def test_each_threshold_the_catalogue_names_has_one_value():
    """A name the catalogue reads is one constant: modules holding it hold one value (imported, not written twice),
    or the catalogue would report the first module's."""
    import importlib

    modules = [importlib.import_module(f"web2md.extract.maincontent.{name}") for name in rules_module._MODULES]
    for name in sorted({name for rule in RULES for name in rule.thresholds}):
        values = {repr(getattr(m, name)) for m in modules if hasattr(m, name)}
        assert len(values) == 1, (name, values)


def test_each_test_the_catalogue_names_exists():
    import importlib

    for rule in RULES:
        for test in rule.tests:
            module_name, _, function = test.partition("::")
            module = importlib.import_module(f"tests.{module_name}")
            assert callable(getattr(module, function, None)), test
