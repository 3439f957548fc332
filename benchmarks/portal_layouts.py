"""Front pages and article pages of news portals generated at random, for the page-type decision that no dev corpus
measures: how many of a front page's headlines web2md keeps, and whether an article page keeps its body and leaves
the desks of other stories out.

usage: python3 benchmarks/portal_layouts.py [--pages N] [--peer trafilatura[-precision]] [--show] [--leaks]
       [--markups strong,dl] [--families F,..] [--chrome dragnet-dev,trafilatura-dev [--titles front] [--corpora DIR]]

Each page is drawn from a seeded generator (the same pages on every machine): desks of cards in eight markups (list
items, `<article>`s, `<div>`s titled by a heading, `<div>`s titled by a link alone in a block; and older ones: list
items of a link and a `<time>`, a `<strong>` title over a line break, table rows of a picture cell and a title cell,
`<dt>` titles with `<dd>` summaries), with or without summaries, pictures and time labels; and, at random, an
editor's note over the desks, a headed text about the site at their foot, a "Most read" list, a tagline under the
logo, wrappers around the page. An article page is a story under its `<h1>` with such desks after it or in a column
beside it. A front page is also scored as article-body scorers score a page, against its headlines and summaries
(4-word shingles; precision and recall averaged over pages, F1 of the two). The text is words of a fixed vocabulary:
the layout is what is measured. These are pages of our own making; a set of real front pages with their headline
lists marked is what would decide a target.

`--chrome` (session 27) puts the desks in real furniture instead: a dev page (dragnet-dev, trafilatura-dev; the first
N of its pages, in a seeded order of their sorted names, with an element holding its article) whose article's element
(the smallest holding 80 % of the truth's 4-word shingles, raised to a block desks fit in) holds a top story and desks
as the portal family draws them (`front_desks`), everything else of the page kept (header, menus, sidebars, comments,
scripts, the `<title>` and an `<h1>` outside that element) but what marks it as an article at its address (JSON-LD,
the canonical link, `og:type`, `og:url`, `article:*`, an Article itemtype). Scored as the front pages are: the real
furniture kept counts against precision. An evaluation set: never a rule's key.

`--titles front` (session 28) makes those pages more like a front page than a post whose body is desks: their
`<title>` and the titles they declare (og:title, twitter:title ...) name the site (`site_name`: og:site_name, else the
shorter end part of the `<title>`, else the host), and what is left of the real story outside the element (elements
whose text is the truth's, the post's `<h1>`/`<h2>` its `<title>` held) is taken out (`story_left_out`). The
trafilatura-dev truths are excerpts: there some of the story stays. Comment threads and sidebars stay as they are.

The river and tiles families (session 32): a section front of a river of dated headlines without summaries (a
list item of its date then its link, a date over a linked heading, an `<article>` of a heading and a time), under
the section's name, at random a lead story over it; a front page of desks of picture tiles without summaries (one
link holding its picture and its headline in a `<span>`, bare, wrapped, or with a label; a linked picture over a
linked heading). Their truths are the headlines (and the lead's summary).
"""

from __future__ import annotations

import argparse
import gzip
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout, whatever is installed

WORDS = (
    "harbour council ferry vote budget school rail port storm festival market court police hospital river bridge "
    "mayor union strike museum library farmers fishing coast island tourism housing tram airport energy wind solar "
    "water election minister report study season club league coach match final record"
).split()
NAV = "<nav><ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(9)) + "</ul></nav>"
FOOTER = (
    "<footer><p>© 2026 The Daily Example. All rights reserved.</p><ul>"
    + "".join(f"<li><a href='/f{i}'>Link {i}</a></li>" for i in range(6))
    + "</ul></footer>"
)
LOGOS = (
    "<h1><a href='/'>The Daily Example</a></h1>",
    "<a href='/' class='logo'>The Daily Example</a>",
    "<div class='logo'><a href='/'><img src='/logo.png' alt='The Daily Example'></a></div>",
)
MIN_KEPT = 0.8  # a front page passes when this share of its headlines is in the output


def sentence(rng: random.Random, words: int = 0) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words or rng.randint(12, 24))).capitalize() + "."


def headline(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 10))).capitalize()


def most_read(rng: random.Random, extras: list[str]) -> str:
    """At random, a "Most read" list of five headlines (noted in `extras`), else nothing."""
    if rng.random() >= 0.4:
        return ""
    extras.append("most-read")
    items = "".join(f"<li><a href='/m{i}'>{headline(rng)}</a></li>" for i in range(5))
    return f"<aside><h2>Most read</h2><ol>{items}</ol></aside>"


def card(rng: random.Random, n: int, markup: str, summary: bool, bare: bool = False) -> tuple[str, str, str]:
    """A card's markup, its headline and its summary ("" without one)."""
    title = f"{headline(rng)} {n}"
    href = f"/story/{n}-{rng.randint(0, 10**6)}"
    if markup in OLDER:
        html, text = older_card(rng, href, title, markup, summary)
        return html, title, text
    if markup in NEWER or markup in NEWEST:
        html, text = newer_card(rng, href, title, markup, summary, bare)
        return html, title, text
    picture = f"<a href='{href}'><img src='{href}.jpg' alt=''></a>" if rng.random() < 0.6 else ""
    label = "<span class='time'>2 hours ago</span>" if rng.random() < 0.5 else ""
    tag = "div" if markup == "div-title" else rng.choice(["h2", "h3", "h4"])
    text = sentence(rng) if summary else ""
    wrapper = markup if markup in ("li", "article") else "div"
    name = rng.choice(["card", "teaser", "item", "story", f"c-{rng.randint(1, 9)}"])
    paragraph = f"<p>{text}</p>" if text else ""
    return (
        f"<{wrapper} class='{name}'>{picture}<{tag} class='title'><a href='{href}'>{title}</a></{tag}>{paragraph}"
        f"{label}</{wrapper}>",
        title,
        text,
    )


def older_card(rng: random.Random, href: str, title: str, markup: str, summary: bool) -> tuple[str, str]:
    """A card in one of the older markups (a list item with a `<time>`, a bold title over a line break, a table row
    of a picture cell and a title cell, a `<dt>` title with its `<dd>`: a summary, or a time line when none), and
    its summary."""
    text = sentence(rng) if summary else ""
    if markup == "li-time":
        html = f"<li><a href='{href}'>{title}</a> <time datetime='2026-06-04'>June 4</time>" + (
            f"<p>{text}</p></li>" if text else "</li>"
        )
    elif markup == "strong":
        html = f"<div class='item'><strong><a href='{href}'>{title}</a></strong><br>{text}</div>"
    elif markup == "table":
        picture = f"<a href='{href}'><img src='{href}.jpg'></a>"
        html = f"<tr><td>{picture}</td><td><b><a href='{href}'>{title}</a></b><br>{text}</td></tr>"
    else:
        html = f"<dt><a href='{href}'>{title}</a></dt><dd>{text or 'Updated 1 hour ago'}</dd>"
    return html, text


def newer_card(
    rng: random.Random, href: str, title: str, markup: str, summary: bool, bare: bool = False
) -> tuple[str, str]:
    """A card in one of the markups of the portal and section families (a card whose whole body is one link, `bare`
    when the link is the card; a kicker over the headline, a summary, a byline and a time; a `<div class="col">` of
    a grid; a headline alone in a list item, of a desk of headlines), and its summary."""
    text = sentence(rng) if summary else ""
    paragraph = f"<p>{text}</p>" if text else ""
    picture = f"<img src='{href}.jpg' alt=''>" if rng.random() < 0.6 else ""
    tag = rng.choice(["h2", "h3", "h4"])
    if markup == "whole-link":
        inner = f"{picture}<{tag}>{title}</{tag}>{paragraph}"
        html = (
            f"<a href='{href}' class='card'>{inner}</a>"
            if bare
            else f"<div class='card'><a href='{href}'>{inner}</a></div>"
        )
    elif markup == "kicker":
        kicker = f"<a class='kicker' href='/topic/{rng.choice(WORDS)}'>{rng.choice(WORDS).capitalize()}</a>"
        picture = f"<a href='{href}'>{picture}</a>" if picture else ""
        byline = f"<span class='byline'>By {rng.choice(AUTHORS)}</span>" if rng.random() < 0.7 else ""
        when = "<time datetime='2026-06-04T09:00'>3 hours ago</time>" if rng.random() < 0.7 else ""
        meta = f"<div class='meta'>{byline} {when}</div>" if byline or when else ""
        html = f"<article class='story'>{picture}{kicker}<{tag}><a href='{href}'>{title}</a></{tag}>{paragraph}{meta}</article>"
    elif markup == "col":
        picture = f"<a href='{href}'>{picture}</a>" if picture else ""
        html = (
            f"<div class='col'>{picture}<div class='card-body'><{tag} class='card-title'><a href='{href}'>{title}</a>"
            f"</{tag}>{paragraph}</div></div>"
        )
    elif markup == "live":  # a live blog's card: a badge, its headline, its latest updates (their lines the summary)
        updates = [sentence(rng, rng.randint(6, 12)) for _ in range(rng.randint(2, 4))]
        items = "".join(
            f"<li><time datetime='2026-06-04T{10 + i}:{rng.randint(10, 59)}'>{10 + i}:{rng.randint(10, 59)}</time> "
            f"<a href='{href}#post-{i}'>{line}</a></li>"
            for i, line in enumerate(updates)
        )
        html = (
            f"<article class='card live'><span class='badge'>Live</span><{tag}><a href='{href}'>{title}</a></{tag}>"
            f"<ul class='updates'>{items}</ul></article>"
        )
        text = " ".join(updates)
    elif markup == "article-headlines":  # a desk of `<article>`s each a linked heading alone
        html, text = f"<article class='headline'><{tag}><a href='{href}'>{title}</a></{tag}></article>", ""
    elif markup == "div-soup":  # a card of `<div>`s and `<span>`s in one link, no heading tag (a script's markup)
        summary = f"<div class='css-1x2y3 desc'>{text}</div>" if text else ""
        label = f"<div class='css-9z8 label'>{rng.choice(WORDS).capitalize()}</div>" if rng.random() < 0.5 else ""
        html = (
            f"<div class='css-a1b2'><a href='{href}' class='css-c3d4'>{picture}<div class='css-e5f6'>{label}"
            f"<span class='css-g7h8 title'>{title}</span>{summary}</div></a></div>"
        )
    else:  # headlines
        html, text = f"<li><a href='{href}'>{title}</a></li>", ""
    return html, text


AUTHORS = ("Ann Smith", "Tom Reed", "Maria Lopez", "Sam Okafor", "Lena Berg")
MARKUPS = ["li", "article", "div", "div-title"]
OLDER = ["li-time", "strong", "table", "dl"]
NEWER = ["whole-link", "kicker", "col", "headlines"]  # drawn by the portal and section families alone
NEWEST = ["live", "article-headlines", "div-soup"]  # drawn by the desks family alone (session 25)
WRAPPERS = {"li": "ul", "li-time": "ul", "table": "table", "dl": "dl", "headlines": "ul"}  # holding a desk's cards
drawn_markups = MARKUPS + OLDER  # --markups narrows the draw to some of them
newer_markups = MARKUPS + OLDER + NEWER  # the portal and section families' draw
newest_markups = NEWER + NEWEST  # the desks family's draw


@dataclass(frozen=True)
class Desks:
    """How a front page's desks are drawn (`front_desks`): a top story in `top_share` of pages, two to `most_desks`
    desks drawn from `markups` with a summary share drawn from `summary_shares`; the `marked` markups a desk was drawn
    in are listed among the page's extras."""

    top_share: float
    most_desks: int
    summary_shares: tuple[float, ...]
    markups: list[str]
    marked: Iterable[str] = ()


def portal_desks() -> Desks:
    """The portal family's draw (read when called: `--markups` replaces the markups drawn)."""
    return Desks(0.6, 7, (0, 0.2, 0.5, 1), newer_markups)


def desk(
    rng: random.Random, k: int, cards: int, summaries: float, markups: list[str] | None = None, named: bool = True
) -> tuple[str, list[tuple[str, str]]]:
    """A desk of cards under its linked name (none unless `named`), and their headlines with their summaries."""
    markup = rng.choice(markups or drawn_markups)
    if markup == "headlines":  # a desk of headlines alone, 6 to 15 of them
        cards, summaries = rng.randint(6, 15), 0
    elif markup == "article-headlines":
        cards = rng.randint(4, 12)
    bare = markup == "whole-link" and rng.random() < 0.5
    drawn = [card(rng, k * 100 + n, markup, rng.random() < summaries, bare) for n in range(cards)]
    inner = "".join(html for html, _, _ in drawn)
    if markup in WRAPPERS:
        inner = f"<{WRAPPERS[markup]}>{inner}</{WRAPPERS[markup]}>"
    if markup == "col":
        inner = f"<section class='row'>{inner}</section>"
    name = headline(rng).split()[0]
    heading = (
        f"<h2><a href='/{name}'>{name}</a></h2>"
        if rng.random() < 0.7
        else f"<div class='desk-name'><a href='/{name}'>{name}</a></div>"
    )
    heading = heading if named else ""
    return f"<section class='desk'>{heading}<div class='grid'>{inner}</div></section>", [(t, x) for _, t, x in drawn]


def front_page(rng: random.Random) -> tuple[str, list[tuple[str, str]], list[str]]:
    """A front page, its cards' headlines with their summaries, and the extras drawn for it."""
    desks, cards = [], []
    for k in range(rng.randint(2, 7)):
        html, drawn = desk(rng, k, rng.randint(3, 8), rng.choice([0, 0.2, 0.5, 1]))
        desks.append(html)
        cards += drawn
    top = bottom = ""
    extras = []
    if rng.random() < 0.4:
        top = f"<div class='note'><p>{' '.join(sentence(rng) for _ in range(rng.randint(1, 5)))}</p></div>"
        extras.append("note")
    if rng.random() < 0.3:
        paragraphs = "".join(f"<p>{' '.join(sentence(rng) for _ in range(3))}</p>" for _ in range(rng.randint(1, 3)))
        bottom += f"<div class='seo'><h2>About the Daily Example</h2>{paragraphs}</div>"
        extras.append("foot-text")
    bottom += most_read(rng, extras)
    logo = rng.choice(LOGOS)
    if rng.random() < 0.3:
        logo += f"<p class='tagline'>{sentence(rng, 8)}</p>"
        extras.append("tagline")
    body = f"<header>{logo}{NAV}</header><main>{top}{''.join(desks)}{bottom}</main>{FOOTER}"
    if rng.random() < 0.3:
        body = f"<div id='page'><div class='wrap'>{body}</div></div>"
        extras.append("wrapped")
    title = "The Daily Example - News from the coast"
    return f"<html><head><title>{title}</title></head><body>{body}</body></html>", cards, extras


SECTIONS = ("News", "Business", "Science", "Sport", "Culture", "Travel", "Opinion")


def mega_menu(rng: random.Random) -> str:
    """A header's menu whose panels list links with a line describing each: it reads like a desk of cards."""
    panels = []
    for i, section in enumerate(SECTIONS[: rng.randint(3, 7)]):
        links = "".join(
            f"<li><a href='/{section.lower()}/{j}'>{' '.join(rng.choice(WORDS) for _ in range(2)).capitalize()}</a>"
            f"<p>{sentence(rng, rng.randint(5, 9))}</p></li>"
            for j in range(rng.randint(3, 6))
        )
        panels.append(f"<li><a href='/{section.lower()}'>{section}</a><div class='panel'><ul>{links}</ul></div></li>")
    tag = rng.choice(["nav", "div"])
    return f"<{tag} class='mega-menu'><ul>{''.join(panels)}</ul></{tag}>"


def fat_footer(rng: random.Random) -> str:
    """A footer holding the site's map: columns of a heading over a list of links."""
    columns = "".join(
        f"<div class='col'><h4>{section}</h4><ul>"
        + "".join(f"<li><a href='/{section.lower()}/{j}'>{rng.choice(WORDS).capitalize()}</a></li>" for j in range(6))
        + "</ul></div>"
        for section in SECTIONS[: rng.randint(4, 7)]
    )
    tag = rng.choice(["footer", "div"])
    return f"<{tag} class='footer'><div class='sitemap'>{columns}</div><p>© 2026 The Daily Example. All rights reserved.</p></{tag}>"


def ticker(rng: random.Random) -> str:
    return f"<div class='ticker'><span>Breaking:</span> <a href='/story/live-{rng.randint(0, 99)}'>{headline(rng)}</a></div>"


def widget(rng: random.Random) -> str:
    if rng.random() < 0.5:
        rows = "".join(
            f"<li><span>{name}</span> <span>{rng.randint(1000, 9000)}.{rng.randint(0, 9)}</span> "
            f"<span class='change'>{rng.choice('+-')}{rng.randint(0, 3)}.{rng.randint(0, 9)}%</span></li>"
            for name in ("FTSE 100", "Dow Jones", "Nikkei", "Brent crude")
        )
        return f"<div class='widget markets'><h3>Markets</h3><ul>{rows}</ul></div>"
    return (
        f"<div class='widget weather'><h3>Weather</h3><p><span>Harbour</span> <span>{rng.randint(5, 25)}°C</span> "
        "Cloudy, light winds</p><a href='/weather'>Full forecast</a></div>"
    )


AD = "<div class='ad-slot'><span>Advertisement</span></div>"


def pager(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "<button class='load-more'>Load more</button>"
    tag = rng.choice(["nav", "div"])
    links = " ".join(f"<a href='?page={i}'>{i}</a>" for i in range(1, 4))
    return f"<{tag} class='pagination'>{links} <a href='?page=2'>Next ›</a></{tag}>"


def lead_card(rng: random.Random, tag: str) -> tuple[str, str, str]:
    """A section's or a portal's top story: a big card, its summary of 200 to 400 characters, and a byline."""
    title, href = headline(rng), f"/story/lead-{rng.randint(0, 10**6)}"
    text = sentence(rng, 20)
    while len(text) < rng.randint(200, 400):
        text += " " + sentence(rng)
    picture = f"<a href='{href}'><img src='{href}.jpg' alt=''></a>" if rng.random() < 0.7 else ""
    byline = f"<p class='byline'>By {rng.choice(AUTHORS)} <time datetime='2026-06-04'>1 hour ago</time></p>"
    html = f"<article class='lead'>{picture}<{tag}><a href='{href}'>{title}</a></{tag}><p>{text}</p>{byline}</article>"
    return html, title, text


def chrome(rng: random.Random, extras: list[str]) -> tuple[str, str]:
    """A portal's header (logo, menu or mega-menu, a "Breaking:" ticker) and footer (a line and links, or the site's
    map), the extras drawn noted."""
    logo = rng.choice(LOGOS)
    menu = NAV
    if rng.random() < 0.5:
        menu = mega_menu(rng)
        extras.append("mega-menu")
    header = f"<header>{logo}{menu}</header>"
    if rng.random() < 0.3:
        header += ticker(rng)
        extras.append("ticker")
    footer = FOOTER
    if rng.random() < 0.5:
        footer = fat_footer(rng)
        extras.append("fat-footer")
    return header, footer


def between_desks(rng: random.Random, desks: list[str], extras: list[str]) -> str:
    """Desks with ad slots between them (at random) and a markets or weather widget among them (at random)."""
    html = ""
    ads = rng.random() < 0.4
    place = rng.randrange(len(desks) + 1) if rng.random() < 0.3 else -1
    for i, desk_html in enumerate(desks):
        if i == place:
            html += widget(rng)
        html += desk_html
        if ads and i < len(desks) - 1:
            html += AD
    if place == len(desks):
        html += widget(rng)
    extras += ["ads"] * ads + ["widget"] * (place >= 0)
    return html


def section_page(rng: random.Random) -> tuple[str, list[tuple[str, str]], list[str], str]:
    """A section page: its name as the `<h1>`, a lead card with a long summary and a byline, then cards in one or
    two grids, then pagination or a "Load more" button; its cards' headlines with their summaries, the extras, and
    its address (its stories' below it or not)."""
    extras: list[str] = []
    header, footer = chrome(rng, extras)
    section = rng.choice(SECTIONS)
    name = section if rng.random() < 0.6 else f"Latest news in {section}"
    intro = ""
    if rng.random() < 0.3:
        intro = f"<p class='description'>{sentence(rng, 10)}</p>"
        extras.append("description")
    lead, title, text = lead_card(rng, rng.choice(["h2", "h3"]))
    cards = [(title, text)]
    markup = rng.choice([m for m in newer_markups if m != "headlines"] or newer_markups)
    desks = []
    for k in range(rng.choice([1, 1, 2])):
        html, drawn = desk(rng, k, rng.randint(4, 12), rng.choice([0.5, 1, 1]), [markup], named=False)
        desks.append(html)
        cards += drawn
    side = most_read(rng, extras)
    grids = between_desks(rng, desks, extras)
    main = f"<main><h1>{name}</h1>{intro}{lead}{grids}{pager(rng)}</main>{side}"
    if rng.random() < 0.5:  # the section's stories under its address (/business/story/...), or elsewhere
        main = main.replace("href='/story/", f"href='/{section.lower()}/story/")
        extras.append("stories-below")
    title = f"{section} - The Daily Example"
    page = f"<html><head><title>{title}</title></head><body>{header}{main}{footer}</body></html>"
    return page, cards, extras, f"https://daily.example/{section.lower()}/"


def river_entry(rng: random.Random, n: int, form: str) -> tuple[str, str]:
    """An entry of a river of dated headlines, in `form` (a list item of its date then its link; a row of a date
    label over a linked heading; an `<article>` of a linked heading and a time, perhaps a picture), and its headline."""
    title, href = f"{headline(rng)} {n}", f"/story/{n}-{rng.randint(0, 10**6)}"
    hour, minute = rng.randint(6, 23), rng.randint(10, 59)
    when = (
        f"<time datetime='2026-06-04T{hour}:{minute}'>{hour}:{minute}</time>"
        if rng.random() < 0.6
        else f"<span class='date'>June {rng.randint(1, 9)}, 2026</span>"
    )
    picture = f"<a href='{href}'><img src='{href}.jpg' alt=''></a>" if rng.random() < 0.3 else ""
    if form == "li":
        return f"<li>{when} <a href='{href}'>{title}</a></li>", title
    tag = rng.choice(["h2", "h3"])
    if form == "row":
        return (
            f"<div class='row'>{picture}<div class='meta'>{when}</div><{tag}><a href='{href}'>{title}</a></{tag}></div>",
            title,
        )
    return f"<article class='entry'>{picture}<{tag}><a href='{href}'>{title}</a></{tag}>{when}</article>", title


def river_page(rng: random.Random) -> tuple[str, list[tuple[str, str]], list[str], str]:
    """A section front as news sites write their latest news (session 32): the section's name as the `<h1>`, at
    random one lead story with a long summary, then a river of 8 to 30 dated headlines without summaries in one form
    (`river_entry`), then pagination or "Load more"; at random a "Most read" list beside; its cards' headlines (the
    lead's with its summary), the extras and its address."""
    extras: list[str] = []
    header, footer = chrome(rng, extras)
    section = rng.choice(SECTIONS)
    cards: list[tuple[str, str]] = []
    lead = ""
    if rng.random() < 0.7:
        lead, title, text = lead_card(rng, rng.choice(["h2", "h3"]))
        cards.append((title, text))
        extras.append("lead")
    form = rng.choice(["li", "row", "article"])
    extras.append(f"river-{form}")
    entries = [river_entry(rng, n, form) for n in range(rng.randint(8, 30))]
    cards += [(title, "") for _, title in entries]
    inner = "".join(html for html, _ in entries)
    river = f"<ul class='river'>{inner}</ul>" if form == "li" else f"<div class='river'>{inner}</div>"
    side = most_read(rng, extras)
    name = section if rng.random() < 0.6 else f"Latest news in {section}"
    main = f"<main><h1>{name}</h1>{lead}{river}{pager(rng)}</main>{side}"
    page = f"<html><head><title>{section} - The Daily Example</title></head><body>{header}{main}{footer}</body></html>"
    return page, cards, extras, f"https://daily.example/{section.lower()}/"


TILE_FORMS = ("link-span", "wrapped-link-span", "picture-heading", "link-label-span")


def tile(rng: random.Random, n: int, form: str) -> tuple[str, str]:
    """A tile of a picture and its headline, no summary, in `form` (one link holding its picture and its headline
    in a `<span>`, bare or in a `<div>`; a linked picture over a linked heading; one link holding its picture, a
    section's label and its headline in `<span>`s), and its headline."""
    title, href = f"{headline(rng)} {n}", f"/story/{n}-{rng.randint(0, 10**6)}"
    picture = f"<img src='{href}.jpg' alt=''>"
    if form == "link-span":
        return f"<a class='tile' href='{href}'>{picture}<span class='t'>{title}</span></a>", title
    if form == "wrapped-link-span":
        return f"<div class='tile'><a href='{href}'>{picture}<span>{title}</span></a></div>", title
    if form == "link-label-span":
        label = f"<span class='label'>{rng.choice(SECTIONS)}</span>"
        return f"<a class='tile' href='{href}'>{picture}{label}<span class='t'>{title}</span></a>", title
    tag = rng.choice(["h2", "h3"])
    return f"<div class='tile'><a href='{href}'>{picture}</a><{tag}><a href='{href}'>{title}</a></{tag}></div>", title


def tiles_front(rng: random.Random) -> tuple[str, list[tuple[str, str]], list[str]]:
    """A front page of desks of picture tiles without summaries (session 32): three to seven desks under their
    linked names, each of four to ten tiles in one form (`tile`), at random a top story; the portal family's
    furniture (menu or mega-menu, ticker, footer, ad slots and a widget between the desks, "Most read")."""
    extras: list[str] = []
    header, footer = chrome(rng, extras)
    form = rng.choice(TILE_FORMS)
    extras.append(f"tiles-{form}")
    top, cards = "", []
    if rng.random() < 0.4:
        top, lead_title, text = lead_card(rng, "h2")
        cards.append((lead_title, text))
        extras.append("top")
    desks = []
    for k in range(rng.randint(3, 7)):
        drawn = [tile(rng, k * 100 + n, form) for n in range(rng.randint(4, 10))]
        cards += [(title, "") for _, title in drawn]
        name = rng.choice(WORDS).capitalize()
        inner = "".join(html for html, _ in drawn)
        desks.append(
            f"<section class='desk'><h2><a href='/{name.lower()}'>{name}</a></h2><div class='grid'>{inner}</div></section>"
        )
    body = f"{header}<main>{top}{between_desks(rng, desks, extras)}{most_read(rng, extras)}</main>{footer}"
    title = "The Daily Example - News from the coast"
    return f"<html><head><title>{title}</title></head><body>{body}</body></html>", cards, extras


def portal_page(rng: random.Random) -> tuple[str, list[tuple[str, str]], list[str]]:
    """A front page as portals write it now: at random a top story as a big card under an `<h1>` or `<h2>` with a
    long summary, desks in any markup (desks of headlines alone among them), ad slots and a widget between them, a
    mega-menu, a ticker and a fat footer; its cards' headlines with their summaries, and the extras drawn."""
    return portal_front(rng, portal_desks())


def desks_page(rng: random.Random) -> tuple[str, list[tuple[str, str]], list[str]]:
    """A front page of desks in the markups portals write now besides the portal family's (session 25): live blogs'
    cards (a badge, the headline and the latest updates, each a time and a line linking into the live page),
    desks of `<article>`s each a linked heading alone, cards of `<div>`s and `<span>`s in one link without a heading
    tag; at random a top story, and the portal family's furniture. Its own seeds: the other families draw as
    before."""
    page, cards, extras = portal_front(rng, Desks(0.5, 6, (0, 0.5, 1), newest_markups, NEWEST))
    return page, cards, sorted(set(extras))


def named_page(rng: random.Random) -> tuple[str, list[tuple[str, str]], list[str]]:
    """A front page whose `<h1>` is a line naming the site and what it covers, which the `<title>` holds (hidden
    from sight by its class, for screen readers: "News, sport and opinion from the coast"), at the top of `<main>`
    or in the header, over the portal family's desks and furniture; at random a top story under an `<h2>`. Its own
    seeds (session 26): the other families draw as before."""
    return portal_front(rng, portal_desks(), named=True)


def portal_front(rng: random.Random, drawn: Desks, named: bool = False) -> tuple[str, list[tuple[str, str]], list[str]]:
    """A portal's front page: its desks drawn as `drawn` says (`front_desks`), the furniture around them; the markups
    `drawn` marks that a desk was drawn in are listed among the extras. `named`: the page's `<h1>` a line naming the site that the `<title>`
    holds (`named_page`), the top story under an `<h2>`."""
    extras: list[str] = []
    header, footer = chrome(rng, extras)
    title = "The Daily Example - News from the coast"
    named_h1 = ""
    if named:
        line = rng.choice(NAMING_LINES)
        title = f"{line} | The Daily Example"
        named_h1 = f"<h1 class='{rng.choice(['visually-hidden', 'sr-only', 'a11y'])}'>{line}</h1>"
        if rng.random() < 0.5:
            header, named_h1 = header.replace("<header>", f"<header>{named_h1}", 1), ""
            extras.append("named-h1-header")
        else:
            extras.append("named-h1-main")
    top, desks, cards = front_desks(rng, drawn, extras, named)
    bottom = most_read(rng, extras)
    body = f"{header}<main>{named_h1}{top}{between_desks(rng, desks, extras)}{bottom}</main>{footer}"
    return f"<html><head><title>{title}</title></head><body>{body}</body></html>", cards, extras


def front_desks(
    rng: random.Random, drawn: Desks, extras: list[str], named: bool = False
) -> tuple[str, list[str], list[tuple[str, str]]]:
    """A front page's content as `portal_front` draws it: a top story in `drawn.top_share` of pages (under an `<h1>`
    or an `<h2>`, an `<h2>` when `named`), two to `drawn.most_desks` desks; the top story's card, the desks' markups,
    their cards' headlines with their summaries (the extras drawn noted)."""
    top, cards = "", []
    if rng.random() < drawn.top_share:
        tag = rng.choice(["h1", "h2"]) if not named else "h2"
        top, lead_title, text = lead_card(rng, tag)
        cards.append((lead_title, text))
        extras.append(f"top-{tag}")
    desks = []
    for k in range(rng.randint(2, drawn.most_desks)):
        html, titled = desk(rng, k, rng.randint(3, 8), rng.choice(drawn.summary_shares), drawn.markups)
        desks.append(html)
        cards += titled
        extras += [markup for markup in drawn.marked if f"class='{MARKS[markup]}" in html]
    return top, desks, cards


# lines naming a site and what it covers, as front pages write them in a hidden `<h1>` (and in their `<title>`)
NAMING_LINES = (
    "News, sport and opinion from the coast",
    "The Daily Example homepage",
    "Latest news and breaking stories from the harbour towns",
    "Front page",
)
MARKS = {"live": "card live", "article-headlines": "headline", "div-soup": "css-a1b2"}


def archive_card(rng: random.Random, n: int, kind: str) -> tuple[str, str, str]:
    """A card of an archive page (a topic's, an author's, a page of a paginated archive): an `<article>` holding an
    `<h3><a>` headline, a `<p>` summary and a `<time>` (kind "article"); or a headline alone whose summary is only in
    the link's `title=` or `aria-label` (kind "title-only": the summary is not shown, not in the truth)."""
    title, href = f"{headline(rng)} {n}", f"/story/{n}-{rng.randint(0, 10**6)}"
    text = sentence(rng)
    picture = f"<a href='{href}'><img src='{href}.jpg' alt=''></a>" if rng.random() < 0.5 else ""
    when = f"<time datetime='2026-05-{rng.randint(10, 28)}'>{rng.randint(2, 23)} hours ago</time>"
    if kind == "title-only":
        attribute = rng.choice(["title", "aria-label"])
        return (
            f"<li class='item'>{picture}<a href='{href}' {attribute}='{text}'>{title}</a> {when}</li>",
            title,
            "",
        )
    return (
        f"<article class='teaser'>{picture}<h3><a href='{href}'>{title}</a></h3><p>{text}</p>{when}</article>",
        title,
        text,
    )


def trending(rng: random.Random, extras: list[str]) -> str:
    """At random a "Trending" rail: five headlines ranked with numbers, in a `<div>` or an `<aside>` (furniture)."""
    if rng.random() >= 0.5:
        return ""
    extras.append("trending")
    items = "".join(f"<li><span class='rank'>{i + 1}</span> <a href='/t{i}'>{headline(rng)}</a></li>" for i in range(5))
    tag = rng.choice(["div", "aside"])
    return f"<{tag} class='trending'><h2>Trending</h2><ol>{items}</ol></{tag}>"


def archive_page(rng: random.Random) -> tuple[str, list[tuple[str, str]], list[str], str]:
    """A topic page (a tag's name as the `<h1>`, a short introduction), an author page (the author's name, a bio
    paragraph) or a page of a paginated archive ("Page 2 of 40" over the list), its cards `<article>`s of a linked
    `<h3>`, a summary and a time, or headlines alone with the summary in an attribute; at random a ranked "Trending"
    rail; the cards' headlines with their summaries (the truth: the introduction, the bio and the page line are not
    in it), the extras and the page's address."""
    extras: list[str] = []
    header, footer = chrome(rng, extras)
    kind = rng.choice(["topic", "author", "paginated"])
    extras.append(kind)
    if kind == "topic":
        word = rng.choice(WORDS)
        name = rng.choice([word.capitalize(), f"Topic: {word.capitalize()}", f"Everything about {word}"])
        intro = f"<p class='intro'>{sentence(rng, rng.randint(12, 30))}</p>" if rng.random() < 0.8 else ""
        address = f"https://daily.example/topic/{word}/"
    elif kind == "author":
        name = rng.choice(AUTHORS)
        bio = " ".join(sentence(rng) for _ in range(rng.randint(1, 3)))
        intro = f"<div class='bio'><img src='/a.jpg' alt=''><p class='intro'>{name} {bio.lower()}</p></div>"
        address = f"https://daily.example/author/{name.split()[0].lower()}/"
    else:
        name = rng.choice(SECTIONS)
        intro = f"<p class='intro'>Page {rng.randint(2, 9)} of {rng.randint(10, 60)}</p>"
        address = f"https://daily.example/{name.lower()}/page/2/"
    markup = "title-only" if rng.random() < 0.25 else "article"
    extras.append(markup)
    drawn = [archive_card(rng, n, markup) for n in range(rng.randint(6, 20))]
    inner = "".join(html for html, _, _ in drawn)
    listing = f"<ul class='list'>{inner}</ul>" if markup == "title-only" else f"<div class='list'>{inner}</div>"
    rail = trending(rng, extras)
    place = rng.choice(["main", "after"])
    main = f"<main><h1>{name}</h1>{intro}{listing}{pager(rng)}{rail if place == 'main' else ''}</main>"
    main += rail if place == "after" else ""
    title = f"{name} - The Daily Example"
    page = f"<html><head><title>{title}</title></head><body>{header}{main}{footer}</body></html>"
    return page, [(t, x) for _, t, x in drawn], extras, address


def article_page(rng: random.Random, newer: bool = False) -> tuple[str, list[str], list[str], list[str]]:
    """An article page, its paragraphs, the headlines of the desks around it, and its layout; `newer`, in the
    portal family's header and footer, desks drawn in its markups with ad slots between them."""
    title = headline(rng)
    paragraphs = [" ".join(sentence(rng) for _ in range(rng.randint(2, 5))) for _ in range(rng.randint(1, 9))]
    text = "".join(f"<p>{p}</p>" for p in paragraphs)
    # the story's title: an <h1> over its text, in a header block of its own, or an <h2> under the site's logo
    titled = rng.choice(["h1", "header", "h2"])
    if titled == "h1":
        story = f"<article><h1>{title}</h1><p class='byline'>By Ann Smith</p>{text}</article>"
    elif titled == "header":
        story = f"<div class='story'><div class='head'><h1>{title}</h1></div><div class='body'>{text}</div></div>"
    else:
        story = f"<div class='post'><h2>{title}</h2><div class='entry'>{text}</div></div>"
    desks, headlines = [], []
    for k in range(rng.randint(1, 5)):
        html, drawn = desk(rng, k, rng.randint(3, 8), rng.choice([0, 0.5, 1]), newer_markups if newer else None)
        desks.append(html + (AD if newer and rng.random() < 0.4 else ""))
        headlines += [title for title, _ in drawn]
    if rng.random() < 0.5:
        layout = f"<div class='layout'><main>{story}</main><aside>{desks[0]}</aside></div>{''.join(desks[1:])}"
        kind = ["column"]
    else:
        layout = f"<main>{story}{''.join(desks)}</main>"
        kind = ["after"]
    # the <title> names the story as it is titled, or otherwise (a post's title shortened for search engines)
    named = title if rng.random() < 0.7 else " ".join(title.split()[:3])
    head = f"<head><title>{named} - The Daily Example</title></head>"
    logo = LOGOS[0] if titled == "h2" else rng.choice(LOGOS[:2])
    body = f"<body><header>{logo}{NAV}</header>{layout}{FOOTER}</body>"
    if newer:
        extras: list[str] = []
        header, footer = chrome(rng, extras)
        body = f"<body>{header}{layout}{footer}</body>"
        kind += extras
    return f"<html>{head}{body}</html>", paragraphs, headlines, [*kind, titled]


# Real pages' furniture (session 27): a dev page whose article is replaced by generated desks, everything else kept
CORPORA = Path("/work/shared/corpora")  # the dev corpora (README there); --corpora for another place
CHROME_SOURCES = {"dragnet-dev": 8, "trafilatura-dev": 9}  # the source and the base of its seeds (x 10**6)
CHROME_DRAW = 27  # the seed of the pages' order: the same pages on every machine
HOLDS = 0.8  # the element replaced holds this share of the truth's 4-word shingles (the smallest that does)
CONTAINERS = {"div", "article", "section", "main", "td", "form", "center", "blockquote", "aside"}  # desks fit in
# what says, in the page's head or markup, that the page is an article at an address (a front page would not say it)
ARTICLE_MARKS = (
    "//script[@type='application/ld+json'] | //link[@rel='canonical'] | //meta[@property='og:type' or "
    "@property='og:url' or starts-with(@property, 'article:')]"
)
# the titles a page declares besides its `<title>` (a front page's name the site, as its `<title>` does)
DECLARED_TITLES = (
    "//meta[@property='og:title' or @name='og:title' or @name='twitter:title' or @property='twitter:title' or "
    "@name='dc.title' or @name='dcterms.title' or @name='parsely-title' or @name='title']"
)
# the separators of a `<title>`'s parts ("Post | Site", "Site \u00bb Post", "Post - Site")
TITLE_PARTS = re.compile(r"\s+[|\u00ab\u00bb\u2013\u2014-]\s+|\s+::\s+")
chrome_names: dict[int, str] = {}  # seed -> the dev page it is drawn on (for --show)


def shingle_set(text: str) -> set[tuple[str, ...]]:
    words = WORD.findall(text.casefold())
    return {tuple(words[i : i + 4]) for i in range(len(words) - 3)}


def truths(source: str, corpora: Path) -> dict[str, tuple[Path, str, str]]:
    """A source's pages by name: their file, their truth's text and their address ("" unknown)."""
    folder = corpora / source
    if source == "dragnet-dev":
        return {
            page.name: (page, (folder / "truth" / page.name.replace(".html.gz", ".txt")).read_text("utf-8"), "")
            for page in (folder / "pages").glob("*.html.gz")
        }
    import json

    annotations = json.loads((folder / "annotations.json").read_text("utf-8"))
    return {
        item["file"]: (folder / "pages" / item["file"], "\n".join(item["with"]), key if "://" in key else "")
        for key, item in annotations.items()
    }


def holder_of(body, want: set) -> object | None:
    """The smallest element under `body` holding `HOLDS` of the shingles `want` (walked down from `body`, a child
    at a time), raised to a block desks fit in; None when that is the body itself."""

    def holds(el) -> bool:
        return len(want & shingle_set(" ".join(el.itertext()))) >= HOLDS * len(want)

    if not want or not holds(body):
        return None
    el = body
    while True:
        inner = next((child for child in el if isinstance(child.tag, str) and holds(child)), None)
        if inner is None:
            break
        el = inner
    while el is not None and el.tag not in CONTAINERS:
        el = el.getparent()
    return el if el is not None and el.tag in CONTAINERS else None


def site_name(root, address: str) -> str:
    """What a front page's `<title>` would say: the site's name as the page declares it (`og:site_name`,
    `application-name`), else the shorter of the first and last parts of its `<title>` split at a separator ("Post |
    Site", "Site \u00bb Post"), else its host's name, else "Home"."""
    for name in root.xpath("//meta[@property='og:site_name' or @name='application-name']/@content"):
        if name.strip() and "://" not in name:
            return " ".join(name.split())
    found = root.xpath("//title")
    parts = (
        [part for part in TITLE_PARTS.split(" ".join("".join(found[0].itertext()).split())) if part] if found else []
    )
    if len(parts) > 1:
        return min(parts[0], parts[-1], key=len)
    host = re.match(r"https?://(?:www\.)?([^/:]+)", address)
    return host[1] if host else "Home"


def post_title(root, site: str) -> str:
    """The real post's `<title>` (collapsed, casefolded) without the site's name (`site`)."""
    found = root.xpath("//title")
    text = collapsed(" ".join(found[0].itertext())).casefold() if found else ""
    return text.replace(site.casefold(), " ") if site else text


def story_left_out(body, holder, want: set, title: str) -> None:
    """Take out of `body` the elements outside `holder` (and not holding it) whose text is the story's (`want`, its
    truth's 4-word shingles: HOLDS of theirs in it), and its headings whose text the post's `title` (its `<title>`
    without the site's name) holds: the post's title, its lead or its deck left beside the element the desks go in,
    which a front page would not hold."""
    holding = {holder, *holder.iterancestors()}
    gone = []
    for el in body.iter():
        if el in holding or not isinstance(el.tag, str) or any(node in gone for node in el.iterancestors()):
            continue
        text = collapsed(" ".join(el.itertext())).casefold()
        own = shingle_set(text)
        if own and len(own & want) >= HOLDS * len(own) or el.tag in ("h1", "h2") and len(text) > 8 and text in title:
            gone.append(el)
    for el in gone:
        parent, previous = el.getparent(), el.getprevious()
        if el.tail and previous is not None:
            previous.tail = (previous.tail or "") + el.tail
        elif el.tail:
            parent.text = (parent.text or "") + el.tail
        parent.remove(el)


def chrome_pages(source: str, n: int, corpora: Path, titles: str = "post") -> list[tuple[str, object, str, str]]:
    """The first `n` pages of `source` (in a seeded order of their sorted names) with an element holding their
    article: each page's name, its tree (what marks it as an article at its address taken out), the path of that
    element, and the site's address. With `titles` "front", the page's `<title>` and the titles it declares (og:title,
    twitter:title ...) name the site (`site_name`), as a front page's do, instead of the real post, and what is left
    of the story's text outside that element is taken out (`story_left_out`)."""
    from lxml import etree

    from web2md.extract.html.parse import parse_html

    found = truths(source, corpora)
    names = sorted(found)
    random.Random(CHROME_DRAW).shuffle(names)
    pages = []
    for name in names:
        path, truth, address = found[name]
        data = path.read_bytes()
        root = parse_html(gzip.decompress(data) if path.suffix == ".gz" else data)
        body = root.find("body")
        holder = holder_of(body, shingle_set(truth)) if body is not None else None
        if holder is None:
            continue
        for link in root.xpath("//link[@rel='canonical']/@href | //meta[@property='og:url']/@content"):
            address = address or link
        if titles == "front":
            name_of_site = site_name(root, address)
            story_left_out(body, holder, shingle_set(truth), post_title(root, name_of_site))
            for el in root.xpath("//title"):
                for child in list(el):
                    el.remove(child)
                el.text = name_of_site
            for el in root.xpath(DECLARED_TITLES):
                el.set("content", name_of_site)
        for el in root.xpath(ARTICLE_MARKS):
            el.getparent().remove(el)
        for el in root.xpath("//*[@itemtype]"):
            if re.search(r"Article|Posting", el.get("itemtype")):
                del el.attrib["itemtype"]
        host = re.match(r"https?://[^/]+", address)
        pages.append((name, root, etree.ElementTree(root).getpath(holder), host[0] + "/" if host else ""))
        if len(pages) == n:
            break
    return pages


def chrome_page(rng: random.Random, page: tuple[str, object, str, str]) -> tuple[str, list, list[str], str]:
    """A dev page (`chrome_pages`) whose article's element holds a front page's desks (`front_desks`, the portal
    family's draw) instead: the page, the cards' headlines with their summaries, the extras (the element's tag, an
    `<h1>` left outside it, comments' blocks) and the site's address."""
    import copy

    from lxml import etree

    name, root, path, address = page
    root = copy.deepcopy(root)
    holder = root.xpath(path)[0]
    extras = [f"in-{holder.tag}"]
    top, desks, cards = front_desks(rng, portal_desks(), extras)
    for child in list(holder):
        holder.remove(child)
    holder.text = None
    if root.xpath("//body//h1[normalize-space()]"):
        extras.append("h1-left")
    drawn = etree.fromstring(f"<html><body><div>{top}{''.join(desks)}</div></body></html>", etree.HTMLParser())
    for child in list(drawn.find("body/div")):
        holder.append(child)
    if root.xpath("//*[contains(@id, 'comment') or contains(@class, 'comment')]"):
        extras.append("comments")
    html = etree.tostring(root, method="html", encoding="unicode")
    return html, cards, extras, address or "https://daily.example/"


def collapsed(text: str) -> str:
    return " ".join(text.split())


WORD = re.compile(r"\w+")


def shingle_scores(expected: str, got: str) -> tuple[float, float]:
    """Precision and recall of `got`'s 4-word shingles against `expected`'s, counted with their repeats: how
    article-body scorers weigh a page (a front page's expected text is its headlines and summaries)."""

    def shingles(text: str) -> Counter:
        words = WORD.findall(text.casefold())
        return Counter(tuple(words[i : i + 4]) for i in range(max(1, len(words) - 3)))

    want, have = shingles(expected), shingles(got)
    hits = sum((want & have).values())
    precision = hits / sum(have.values()) if have else 0.0
    recall = hits / sum(want.values()) if want else 0.0
    return precision, recall


# What a front page holds besides its headlines and summaries, found in its markup: (kind, XPath to its elements)
FURNITURE = (
    ("editor's note", "//div[@class='note']"),
    ("text about the site", "//div[@class='seo']"),
    ("most read", "//aside"),
    ("tagline", "//p[@class='tagline']"),
    ("menu", "//nav"),
    ("footer", "//footer"),
    ("card time label", "//span[@class='time'] | //time | //dd[not(following-sibling::*)][.='Updated 1 hour ago']"),
    ("desk name", "//section[@class='desk']/*[1]"),
)


# ... and what the section and portal pages hold besides them
PORTAL_FURNITURE = (
    ("menu", "//nav[not(@class='pagination')] | //*[@class='mega-menu']"),
    ("mega-menu line", "//*[@class='mega-menu']//p"),
    ("footer", "//footer | //div[@class='footer']"),
    ("ticker", "//div[@class='ticker']"),
    ("widget", "//div[starts-with(@class, 'widget')]"),
    ("ad slot", "//div[@class='ad-slot']"),
    ("pager", "//*[@class='pagination'] | //button"),
    ("most read", "//aside"),
    ("section description", "//p[@class='description']"),
    ("byline", "//*[@class='byline']"),
    ("card time label", "//span[@class='time'] | //time | //dd[not(following-sibling::*)][.='Updated 1 hour ago']"),
    ("section name", "//main/h1"),
    ("intro, bio or page line", "//p[@class='intro']"),
    ("trending", "//*[@class='trending']"),
    ("live badge or update time", "//span[@class='badge'] | //ul[@class='updates']//time"),
    ("desk name", "//section[@class='desk']/*[1][not(@class='grid')]"),
    ("site line", "//h1[@class='visually-hidden' or @class='sr-only' or @class='a11y']"),
)
SHORT = (
    "live badge or update time",
    "card time label",
    "desk name",
    "ticker",
    "ad slot",
    "pager",
    "byline",
    "section name",
)
PAIRS = ("widget",)  # kinds whose lines of two words count ("FTSE 100", "Full forecast"; not "Harbour")


def furniture_kept(html: str, text: str, kinds: tuple = FURNITURE) -> list[str]:
    """The kinds of furniture (`kinds`) of a front page whose text is in `text` (collapsed): a line of theirs of
    more than two words, or a label or desk name whole."""
    from lxml import html as lxml_html

    doc = lxml_html.fromstring(html)
    kept = []
    for kind, path in kinds:
        lines = {collapsed(line) for el in doc.xpath(path) for line in el.itertext()}
        lines = {line for line in lines if re.search(r"[^\W\d]", line)}  # not a page number
        least = 1 if kind in SHORT else 2 if kind in PAIRS else 3
        if any(line in text for line in lines if len(line.split()) >= least):
            kept.append(kind)
    return kept


def extractors(peer: str | None) -> dict[str, Callable[[str, str], str]]:
    from web2md import convert

    found: dict[str, Callable[[str, str], str]] = {"web2md": lambda html, url: convert(html, url=url).text}
    if peer in ("trafilatura", "trafilatura-precision"):
        import trafilatura

        precision = peer == "trafilatura-precision"
        found[peer] = lambda html, url: (
            trafilatura.extract(html, url=url, include_comments=False, favor_precision=precision) or ""
        )
    elif peer:
        raise SystemExit(f"unknown peer {peer!r}")
    return found


def seeded(make: Callable[[random.Random], tuple]) -> Callable[[int], tuple]:
    return lambda seed: make(random.Random(seed))


def score_fronts(
    run: Callable[[str, str], str], make: Callable, seeds: range, furniture_kinds: tuple, leaks: bool
) -> tuple[str, Counter, dict[str, list[int]], Counter]:
    """Score the listing pages `make` draws from `seeds` (`make(seed)`): the figures' line, the failing pages by their
    extras (and their seeds), and per kind of furniture the pages keeping it."""
    kept_pages, shares, failing, scores = 0, [], Counter(), []
    examples: dict[str, list[int]] = {}
    furniture: Counter = Counter()
    for seed in seeds:
        drawn = make(seed)
        html, cards, extras = drawn[:3]
        got = run(html, drawn[3] if len(drawn) > 3 else "https://daily.example/")
        if leaks:
            furniture.update(furniture_kept(html, collapsed(got), furniture_kinds))
        scores.append(shingle_scores("\n".join(f"{title}\n{summary}" for title, summary in cards), got))
        text = collapsed(got)
        share = sum(title in text for title, _ in cards) / len(cards)
        shares.append(share)
        kept_pages += share >= MIN_KEPT
        if share < MIN_KEPT:
            key = "+".join(sorted(extras)) or "plain"
            failing[key] += 1
            examples.setdefault(key, []).append(seed)
    n = len(seeds)
    precision, recall = (sum(score[i] for score in scores) / n for i in range(2))
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0  # as articles.py averages
    line = (
        f"keeping {MIN_KEPT:.0%} of their headlines: {kept_pages}/{n} (headlines kept {sum(shares) / n:.3f}; "
        f"headlines and summaries F1 {f1:.3f}, P {precision:.3f} R {recall:.3f})"
    )
    return line, failing, examples, furniture


def score_articles(
    run: Callable[[str, str], str], make: Callable, seeds: range
) -> tuple[str, Counter, dict[str, list[int]]]:
    """Score the article pages `make` draws from `seeds`: the figures' line and the failing pages by layout."""
    clean, body_shares, leaks, failing = 0, [], [], Counter()
    examples: dict[str, list[int]] = {}
    for seed in seeds:
        html, paragraphs, headlines, layout = make(random.Random(seed))
        text = collapsed(run(html, "https://daily.example/story/this-story"))
        body = sum(collapsed(p) in text for p in paragraphs) / len(paragraphs)
        leak = sum(title in text for title in headlines) / len(headlines)
        body_shares.append(body)
        leaks.append(leak)
        if body >= 0.99 and leak <= 0.1:
            clean += 1
        else:
            key = "+".join(layout)
            failing[key] += 1
            examples.setdefault(key, []).append(seed)
    n = len(seeds)
    line = f"clean: {clean}/{n} (body kept {sum(body_shares) / n:.3f}, other stories' headlines {sum(leaks) / n:.3f})"
    return line, failing, examples


# The families: the front pages and article pages of sessions 19-21 (seeds 0.., 10**6..), and the section pages,
# front pages and article pages of session 23 (portal furniture, newer card markups; seeds 2*10**6.. on); the river
# and tiles families of session 32 (seeds 10*10**6.. and 11*10**6..: 8 and 9 are the chrome pages').
FAMILIES = ("front", "section", "portal", "portal-article", "archive", "desks", "named", "river", "tiles")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=200, help="pages of each family (seeds 0..N-1 of each)")
    ap.add_argument("--peer", help="score this peer too (trafilatura, trafilatura-precision)")
    ap.add_argument("--show", action="store_true", help="print the failing pages' seeds by the extras drawn")
    ap.add_argument(
        "--leaks", action="store_true", help="print, per kind of a front page's furniture, the pages keeping it"
    )
    ap.add_argument(
        "--markups", help=f"draw desks in these markups alone (comma-separated of {MARKUPS + OLDER + NEWER + NEWEST})"
    )
    ap.add_argument("--families", help=f"comma-separated of {FAMILIES} (all of them without --chrome)")
    ap.add_argument(
        "--chrome",
        help=f"comma-separated of {sorted(CHROME_SOURCES)}: their pages with the article replaced by desks (alone "
        "unless --families names others)",
    )
    ap.add_argument("--corpora", type=Path, default=CORPORA, help="the dev corpora's folder")
    ap.add_argument(
        "--titles",
        choices=("post", "front"),
        default="post",
        help="with --chrome: the pages keep the real post's <title> (post), or name the site as a front page does",
    )
    args = ap.parse_args()
    if args.markups:
        global drawn_markups, newer_markups, newest_markups
        drawn_markups = newer_markups = newest_markups = args.markups.split(",")
    families = args.families.split(",") if args.families else [] if args.chrome else list(FAMILIES)
    n = args.pages
    real = {
        source: chrome_pages(source, n, args.corpora, args.titles)
        for source in (args.chrome or "").split(",")
        if source
    }
    for name, run in extractors(args.peer).items():
        failing: Counter = Counter()
        examples: dict[str, list[int]] = {}

        def note(prefix: str, found: Counter, seeds: dict[str, list[int]]) -> None:
            for key, count in found.items():
                failing[f"{prefix} {key}"] += count
                examples[f"{prefix} {key}"] = seeds[key]

        if "front" in families:
            line, found, seeds, furniture = score_fronts(run, seeded(front_page), range(n), FURNITURE, args.leaks)
            note("front", found, seeds)
            article_line, found, seeds = score_articles(run, article_page, range(10**6, 10**6 + n))
            note("article", found, seeds)
            print(f"{name:<12} front pages {line}; article pages {article_line}")
            if args.leaks:
                print("  front pages keeping: " + ", ".join(f"{kind} {furniture[kind]}" for kind, _ in FURNITURE))
        for family, make, base in (
            ("section", section_page, 2),
            ("portal", portal_page, 3),
            ("archive", archive_page, 5),
            ("desks", desks_page, 6),
            ("named", named_page, 7),
            ("river", river_page, 10),
            ("tiles", tiles_front, 11),
        ):
            if family in families:
                seeds_of = range(base * 10**6, base * 10**6 + n)
                line, found, seeds, furniture = score_fronts(run, seeded(make), seeds_of, PORTAL_FURNITURE, args.leaks)
                note(family, found, seeds)
                print(f"{name:<12} {family} pages {line}")
                if args.leaks:
                    kinds = ", ".join(f"{kind} {furniture[kind]}" for kind, _ in PORTAL_FURNITURE)
                    print(f"  {family} pages keeping: {kinds}")
        for source, pages in real.items():
            base = CHROME_SOURCES[source] * 10**6
            chrome_names.update((base + i, page[0]) for i, page in enumerate(pages))
            line, found, seeds, _ = score_fronts(
                run,
                lambda seed: chrome_page(random.Random(seed), pages[seed - base]),  # noqa: B023 (called here)
                range(base, base + len(pages)),
                (),
                False,
            )
            note(f"chrome {source}", found, seeds)
            print(f"{name:<12} {source} pages holding desks {line}")
        if "portal-article" in families:
            seeds_of = range(4 * 10**6, 4 * 10**6 + n)
            line, found, seeds = score_articles(run, lambda rng: article_page(rng, newer=True), seeds_of)
            note("portal-article", found, seeds)
            print(f"{name:<12} article pages in portal furniture {line}")
        if args.show:
            for key, count in failing.most_common():
                shown = [chrome_names.get(seed, seed) for seed in examples[key][:6]]
                print(f"  {key:<44} {count:>4}  seeds {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
