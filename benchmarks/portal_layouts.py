"""Front pages and article pages of news portals generated at random, for the page-type decision that no dev corpus
measures: how many of a front page's headlines web2md keeps, and whether an article page keeps its body and leaves
the desks of other stories out.

usage: python3 benchmarks/portal_layouts.py [--pages N] [--peer trafilatura[-precision]] [--show] [--leaks]
       [--markups strong,dl]

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
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
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


def card(rng: random.Random, n: int, markup: str, summary: bool) -> tuple[str, str, str]:
    """A card's markup, its headline and its summary ("" without one)."""
    title = f"{headline(rng)} {n}"
    href = f"/story/{n}-{rng.randint(0, 10**6)}"
    if markup in OLDER:
        html, text = older_card(rng, href, title, markup, summary)
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


MARKUPS = ["li", "article", "div", "div-title"]
OLDER = ["li-time", "strong", "table", "dl"]
WRAPPERS = {"li": "ul", "li-time": "ul", "table": "table", "dl": "dl"}  # the element holding a desk's cards
drawn_markups = MARKUPS + OLDER  # --markups narrows the draw to some of them


def desk(rng: random.Random, k: int, cards: int, summaries: float) -> tuple[str, list[tuple[str, str]]]:
    """A desk of cards under its linked name, and their headlines with their summaries."""
    markup = rng.choice(drawn_markups)
    drawn = [card(rng, k * 100 + n, markup, rng.random() < summaries) for n in range(cards)]
    inner = "".join(html for html, _, _ in drawn)
    if markup in WRAPPERS:
        inner = f"<{WRAPPERS[markup]}>{inner}</{WRAPPERS[markup]}>"
    name = headline(rng).split()[0]
    heading = (
        f"<h2><a href='/{name}'>{name}</a></h2>"
        if rng.random() < 0.7
        else f"<div class='desk-name'><a href='/{name}'>{name}</a></div>"
    )
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
    if rng.random() < 0.4:
        items = "".join(f"<li><a href='/m{i}'>{headline(rng)}</a></li>" for i in range(5))
        bottom += f"<aside><h2>Most read</h2><ol>{items}</ol></aside>"
        extras.append("most-read")
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


def article_page(rng: random.Random) -> tuple[str, list[str], list[str], list[str]]:
    """An article page, its paragraphs, the headlines of the desks around it, and its layout."""
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
        html, drawn = desk(rng, k, rng.randint(3, 8), rng.choice([0, 0.5, 1]))
        desks.append(html)
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
    return f"<html>{head}{body}</html>", paragraphs, headlines, [*kind, titled]


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


def furniture_kept(html: str, text: str) -> list[str]:
    """The kinds of furniture (FURNITURE) of a front page whose text is in `text` (collapsed): a line of theirs of
    more than two words, or a label or desk name whole."""
    from lxml import html as lxml_html

    doc = lxml_html.fromstring(html)
    kept = []
    for kind, path in FURNITURE:
        lines = {collapsed(line) for el in doc.xpath(path) for line in el.itertext()} - {""}
        short = kind in ("card time label", "desk name")
        if any(line in text for line in lines if short or len(line.split()) > 2):
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=200, help="front pages and article pages, each (seeds 0..N-1)")
    ap.add_argument("--peer", help="score this peer too (trafilatura, trafilatura-precision)")
    ap.add_argument("--show", action="store_true", help="print the failing pages' seeds by the extras drawn")
    ap.add_argument(
        "--leaks", action="store_true", help="print, per kind of a front page's furniture, the pages keeping it"
    )
    ap.add_argument("--markups", help=f"draw desks in these markups alone (comma-separated of {MARKUPS + OLDER})")
    args = ap.parse_args()
    if args.markups:
        global drawn_markups
        drawn_markups = args.markups.split(",")
    for name, run in extractors(args.peer).items():
        kept_pages, shares, failing, scores = 0, [], Counter(), []
        examples: dict[str, list[int]] = {}
        clean, body_shares, leaks = 0, [], []
        furniture: Counter = Counter()
        for seed in range(args.pages):
            html, cards, extras = front_page(random.Random(seed))
            got = run(html, "https://daily.example/")
            if args.leaks:
                furniture.update(furniture_kept(html, collapsed(got)))
            scores.append(shingle_scores("\n".join(f"{title}\n{summary}" for title, summary in cards), got))
            text = collapsed(got)
            share = sum(title in text for title, _ in cards) / len(cards)
            shares.append(share)
            kept_pages += share >= MIN_KEPT
            if share < MIN_KEPT:
                key = "front " + ("+".join(sorted(extras)) or "plain")
                failing[key] += 1
                examples.setdefault(key, []).append(seed)
            html, paragraphs, headlines, layout = article_page(random.Random(10**6 + seed))
            text = collapsed(run(html, "https://daily.example/story/this-story"))
            body = sum(collapsed(p) in text for p in paragraphs) / len(paragraphs)
            leak = sum(title in text for title in headlines) / len(headlines)
            body_shares.append(body)
            leaks.append(leak)
            if body >= 0.99 and leak <= 0.1:
                clean += 1
            else:
                key = "article " + "+".join(layout)
                failing[key] += 1
                examples.setdefault(key, []).append(10**6 + seed)
        n = args.pages
        precision, recall = (sum(score[i] for score in scores) / n for i in range(2))
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0  # as articles.py averages
        print(
            f"{name:<12} front pages keeping {MIN_KEPT:.0%} of their headlines: {kept_pages}/{n} (headlines kept "
            f"{sum(shares) / n:.3f}; headlines and summaries F1 {f1:.3f}, P {precision:.3f} R {recall:.3f}); "
            f"article pages clean: {clean}/{n} (body kept {sum(body_shares) / n:.3f}, other stories' headlines "
            f"{sum(leaks) / n:.3f})"
        )
        if args.leaks:
            print("  front pages keeping: " + ", ".join(f"{kind} {furniture[kind]}" for kind, _ in FURNITURE))
        if args.show:
            for key, count in failing.most_common():
                print(f"  {key:<44} {count:>4}  seeds {examples[key][:6]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
