"""News article pages generated at random, with the furniture news sites put in and around a story: how often each
kind leaks into web2md's text, and how often the story's own parts are lost.

usage: python3 benchmarks/news_layouts.py [--pages N] [--peer trafilatura|trafilatura-precision] [--show]

Each page is drawn from a seeded generator (the same pages on every machine): a story under its `<h1>` (a dek, a
byline and a date under it), paragraphs with, between them at random, furniture ("Read more:" lines in three
markups, a related list, ad labels, a newsletter box, a video's title and length) and parts of the story (a
subheading, a list, a figure, a pull quote, a paragraph naming people or places linked to their listings); over it
a breadcrumb trail, a listen button, a share bar; closing its paragraphs a loose line of links to the posts before
and after it; after it a blog theme's note on the post's categories and feed, tags, a box about the author, a
comments link, a "More from" desk, a copyright line; a "Most popular" column beside it. Furniture as modern
templates write it (classes hashed by a CSS toolchain, labels no class word names, drawn from a generator of their
own): ad slots' labels, rails of other stories' cards (with summaries or not) under a label, newsletter sign-up
boxes with a form, podcast players with a title and a length, topic chips, a paywall's stub, the story's toolbar, a
blog theme's note filing the post under its categories; and parts of the story: an editor's note, a line naming
where the story first appeared, the wire's reporting credit; on some pages the body's paragraphs in blocks of a few
each with the furniture between them. Two closing notes are counted apart, because sites and annotators disagree on
them: a correction note and a line asking for tips. The text is words of a fixed vocabulary (`portal_layouts.WORDS`); a kind is counted
as leaked when one of its marker strings is in the text, as lost when one of the story's is not. These are pages of
our own making: they measure the classes, not a target.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout, whatever is installed

from portal_layouts import FOOTER, LOGOS, NAV, WORDS, collapsed, extractors, headline, sentence  # noqa: E402

UNDECIDED = ("correction", "tip")  # closing notes the conventions split on: reported, not counted


class Page:
    """A page being drawn: its markup parts, and per kind the strings that must stay out (`furniture`) or in
    (`story`)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.furniture: list[tuple[str, str]] = []
        self.story: list[tuple[str, str]] = []

    def put(self, kind: str, html: str, furniture: tuple[str, ...] = (), story: tuple[str, ...] = ()) -> str:
        self.furniture += [(kind, text) for text in furniture]
        self.story += [(kind, text) for text in story]
        return html


def read_more(page: Page) -> str:
    rng = page.rng
    title = headline(rng)
    label = rng.choice(["READ MORE:", "Read more:", "Related:", "RELATED:", "See also:"])
    link = f"<a href='/r/{rng.randint(0, 999)}'>{title}</a>"
    markup = rng.choice(["strong", "em", "plain"])
    inner = {"strong": f"<strong>{label}</strong> {link}", "em": f"<em>{label} {link}</em>", "plain": f"{label} {link}"}
    return page.put(f"read-more-{markup}", f"<p>{inner[markup]}</p>", (title,))


def related_list(page: Page) -> str:
    titles = [headline(page.rng) for _ in range(page.rng.randint(2, 4))]
    items = "".join(f"<li><a href='/r/{i}'>{t}</a></li>" for i, t in enumerate(titles))
    return page.put("related-list", f"<p><strong>Related</strong></p><ul>{items}</ul>", tuple(titles))


def ad_label(page: Page) -> str:
    label = page.rng.choice(["Advertisement", "Story continues below advertisement", "ADVERTISEMENT"])
    name = page.rng.choice(["ad", "slot", "x-7"])
    return page.put("ad-label", f"<div class='{name}'><p>{label}</p><div></div></div>", (label,))


def newsletter(page: Page) -> str:
    pitch = "Get the morning briefing delivered to your inbox every weekday before seven."
    name = page.rng.choice(["newsletter", "signup", "box"])
    return page.put(
        "newsletter",
        f"<div class='{name}'><h3>Sign up for our newsletter</h3><p>{pitch}</p><form><input type='email'>"
        "<button>Sign up</button></form></div>",
        (pitch, "Sign up for our newsletter"),
    )


def video(page: Page) -> str:
    title = headline(page.rng)
    return page.put(
        "video",
        f"<div class='video'><div class='player'></div><p class='video-title'>Video: {title}</p><span>02:13</span></div>",
        (title,),
    )


def figure(page: Page) -> str:
    caption = sentence(page.rng, 10)
    return page.put(
        "figure",
        f"<figure><img src='/p{page.rng.randint(0, 99)}.jpg' alt=''><figcaption>{caption} <span class='credit'>"
        "Photo: Ann Lee/Example Agency</span></figcaption></figure>",
    )


def subheading(page: Page) -> str:
    title = headline(page.rng)
    return page.put("subheading", f"<h2>{title}</h2>", story=(title,))


def body_list(page: Page) -> str:
    items = [sentence(page.rng, 8) for _ in range(3)]
    return page.put("body-list", "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>", story=tuple(items))


def pull_quote(page: Page) -> str:
    return page.put(
        "pull-quote", f"<aside class='pull'><blockquote><p>{sentence(page.rng, 12)}</p></blockquote></aside>"
    )


INLINE: tuple[Callable[[Page], str], ...] = (
    read_more,
    read_more,
    related_list,
    ad_label,
    ad_label,
    newsletter,
    video,
    figure,
    subheading,
    body_list,
    pull_quote,
)


def correction(page: Page) -> str:
    note = f"Correction: An earlier version of this story misstated the {page.rng.choice(WORDS)} of the bridge."
    return page.put("correction", f"<p><em>{note}</em></p>", story=(note,))


def tip(page: Page) -> str:
    line = page.rng.choice(
        [
            "Got a tip? Email us at tips@daily.example.",
            "Follow us on Twitter and Facebook for the latest news.",
            "Have a story idea? Contact our newsroom.",
        ]
    )
    return page.put("tip", f"<p><em>{line}</em></p>", (line,))


def copyright_line(page: Page) -> str:
    line = "© 2024 The Daily Example. All rights reserved. This material may not be published or redistributed."
    return page.put("copyright", f"<p class='copy'>{line}</p>", (line,))


def tags(page: Page) -> str:
    names = [f"{page.rng.choice(WORDS).capitalize()}topic {page.rng.choice(WORDS)}" for _ in range(4)]
    items = "".join(f"<li><a href='/t/{i}'>{name}</a></li>" for i, name in enumerate(names))
    return page.put("tags", f"<div class='tags'><span>Topics:</span><ul>{items}</ul></div>", tuple(names))


def author_box(page: Page) -> str:
    rng = page.rng
    about = (
        f"Ann Smith is a reporter covering the {rng.choice(WORDS)} and the {rng.choice(WORDS)} for the Daily "
        "Example. She joined in 2015."
    )
    name = rng.choice(["author-bio", "about-author", "box"])
    return page.put("author-box", f"<div class='{name}'><img src='/a.jpg' alt=''><p>{about}</p></div>", (about,))


def comments_link(page: Page) -> str:
    return page.put(
        "comments-link",
        "<div class='comments'><a href='#c'>Comments (12)</a> <button>Join the conversation</button></div>",
        ("Join the conversation", "Comments (12)"),
    )


def more_from(page: Page) -> str:
    titles = [headline(page.rng) for _ in range(page.rng.randint(3, 5))]
    cards = "".join(
        f"<div class='card'><a href='/m/{i}'><img src='/m{i}.jpg'></a><h3><a href='/m/{i}'>{t}</a></h3></div>"
        for i, t in enumerate(titles)
    )
    return page.put("more-from", f"<section><h2>More from World</h2>{cards}</section>", tuple(titles))


CLOSING = (correction, tip, copyright_line, tags, author_box, comments_link, more_from)


def named_links(page: Page, rng: random.Random) -> str:
    """A paragraph naming a person, place or topic linked to its listing, the link weakly named ("meta-per", a tag
    plugin's "st_tag internal_tag"), in the middle of a sentence or opening it with a possessive."""
    name = f"{rng.choice(WORDS).capitalize()} {rng.choice(WORDS).capitalize()}"
    link = f"<a class='{rng.choice(['meta-per', 'meta-loc', 'st_tag internal_tag', 'tag'])}' rel='tag' href='/tag/{name.lower().replace(' ', '-')}/'>{name}</a>"
    first, rest = sentence(rng, 8)[:-1], sentence(rng, 10).lower()
    if rng.random() < 0.5:
        html, text = f"{first} in {link} {rest}", f"{first} in {name} {rest}"
    else:
        html, text = f"{link}’s {rest}", f"{name}’s {rest}"
    return page.put("named-links", f"<p>{html}</p>", story=(text,))


def post_nav(page: Page, rng: random.Random) -> str:
    """Links to the posts before and after this one, written loose after the story's paragraphs."""
    older, newer = ("Previous Post", "Next post") if rng.random() < 0.5 else (headline(rng), headline(rng))
    return page.put(
        "post-nav",
        f"« <a href='/2024/05/{rng.randint(0, 999)}/'>{older}</a> | <a href='/2024/06/{rng.randint(0, 999)}/'>{newer}</a> »",
        (older, newer),
    )


def post_meta(page: Page, rng: random.Random) -> str:
    """A blog theme's closing note about the post: when it was filed under which categories (links to their
    listings), how to follow the replies (its feed) and reply (its reply form, its trackback address)."""
    categories = [rng.choice(WORDS).capitalize() for _ in range(rng.randint(1, 3))]
    links = ", ".join(f"<a href='/category/{c.lower()}/' rel='category tag'>{c}</a>" for c in categories)
    note = "This entry was posted on Tuesday, June 4th, 2024 at 9:12 am and is filed under"
    return page.put(
        "post-meta",
        f"<p class='postmetadata alt'><small>{note} {links}. You can follow any responses to this entry through the "
        "<a href='/world/story/feed/'>RSS 2.0</a> feed. You can <a href='#respond'>leave a response</a>, or "
        "<a href='/world/story/trackback/' rel='trackback'>trackback</a> from your own site.</small></p>",
        (note, "You can follow any responses"),
    )


# Furniture as modern (2018-2024) news templates write it, inside or right around the story's paragraphs: classes
# hashed by a CSS toolchain (`css-1x9k2q`, `sc-bdVaJa`), labels and markup no class word names. Drawn from a
# generator of their own (`modern` in `news_page`), so the pages' other parts stay as they were.
def hashed(rng: random.Random) -> str:
    """A class a CSS-in-JS toolchain writes: it names nothing."""
    return (
        rng.choice(["css", "sc", "jsx", "c", "_"])
        + "-"
        + "".join(rng.choice("abcdefghjkmnpqrstuvwxyz0123456789") for _ in range(6))
    )


def ad_slot(page: Page, rng: random.Random) -> str:
    """An ad slot's label between the paragraphs, the ad itself an empty mount a script fills."""
    label = rng.choice(
        [
            "Advertisement",
            "ADVERTISEMENT",
            "Story continues below advertisement",
            "Article continues after this ad",
            "Advertisement - scroll to continue",
        ]
    )
    markup = rng.choice(
        [
            f"<div class='{hashed(rng)}'><span>{label}</span><div id='gpt-ad-{rng.randint(1, 9)}'></div></div>",
            f"<aside aria-label='advertisement'><p>{label}</p><div></div></aside>",
            f"<p class='{hashed(rng)}'>{label}</p>",
            f"<div data-ad-slot='mid-{rng.randint(1, 9)}'><div class='{hashed(rng)}'>{label}</div><div></div></div>",
        ]
    )
    return page.put("ad-slot", markup, (label,))


def rail(page: Page, rng: random.Random) -> str:
    """A rail of other stories' cards between the paragraphs, under a label of its own."""
    label = rng.choice(
        [
            "More from World",
            "Recommended",
            "You might also like",
            "Read next",
            "Editors' picks",
            "Don't miss",
            "More on this story",
            "Popular now",
        ]
    )
    titles = [headline(rng) for _ in range(rng.randint(2, 4))]
    n = [rng.randint(100, 999) for _ in titles]
    form = rng.randrange(3)
    if form == 0:
        items = "".join(
            f"<li><a href='/world/{i}'><img src='/t{i}.jpg' alt=''><span>{t}</span></a></li>" for i, t in zip(n, titles)
        )
        html = f"<div class='{hashed(rng)}'><h2>{label}</h2><ul>{items}</ul></div>"
    elif form == 1:
        cards = "".join(
            f"<div><a href='/world/{i}'><div><img src='/t{i}.jpg' alt=''></div><h3>{t}</h3></a></div>"
            for i, t in zip(n, titles)
        )
        html = f"<section class='{hashed(rng)}'><p><strong>{label}</strong></p>{cards}</section>"
    else:
        links = "".join(f"<a href='/world/{i}'>{t}</a>" for i, t in zip(n, titles))
        html = f"<aside class='{hashed(rng)}'><h4>{label}</h4>{links}</aside>"
    return page.put(f"rail-{form}", html, (label, *titles))


def signup_box(page: Page, rng: random.Random) -> str:
    """A newsletter's sign-up box between the paragraphs: its name, a pitch, a form, the small print."""
    name = rng.choice(["The Morning Brief", "Climate Fwd", "The Evening Wrap", "Europe Today"])
    pitch = rng.choice(
        [
            "The biggest stories of the day, explained, in your inbox every morning.",
            "Our reporters on what matters this week, delivered every Friday.",
            "A guide to the news you need, sent each weekday evening.",
        ]
    )
    terms = "By signing up, you agree to our Privacy Policy and Terms of Use."
    form = (
        "<form action='/nl'><label for='em'>Email address</label><input id='em' type='email' "
        "placeholder='you@example.com'><button type='submit'>Sign up</button></form>"
    )
    heading = rng.choice([f"<h3>{name}</h3>", f"<p><strong>{name}</strong></p>", f"<div>{name}</div>"])
    return page.put(
        "signup-box",
        f"<div class='{hashed(rng)}'>{heading}<p>{pitch}</p>{form}<p><small>{terms}</small></p></div>",
        (name, pitch, terms),
    )


def podcast(page: Page, rng: random.Random) -> str:
    """A podcast's or a video's player between the paragraphs: a play button, the show, the episode's title, its
    length."""
    title = headline(rng)
    show = rng.choice(["The Daily Example podcast", "World in Brief", "Listen: Inside the Story"])
    length = rng.choice(
        [
            f"{rng.randint(10, 59)}:{rng.randint(10, 59)}",
            f"1:{rng.randint(10, 59)}:{rng.randint(10, 59)}",
            f"{rng.randint(3, 40)} min listen",
        ]
    )
    form = rng.randrange(2)
    if form == 0:
        html = (
            f"<div class='{hashed(rng)}'><button aria-label='Play'></button><div><p>{show}</p><p>{title}</p>"
            f"<span>{length}</span></div></div>"
        )
    else:
        html = f"<div class='{hashed(rng)}'><audio controls src='/e.mp3'></audio><p>{show}: {title}</p><p>{length}</p></div>"
    return page.put(f"podcast-{form}", html, (title,))


def topic_chips(page: Page, rng: random.Random) -> str:
    """The story's topics as chips closing the body, no label over them."""
    names = [
        f"{rng.choice(WORDS).capitalize()}{rng.choice(['ville', 'shire', ' affairs', ' policy'])}"
        for _ in range(rng.randint(3, 5))
    ]
    names = list(dict.fromkeys(names))
    if rng.random() < 0.5:
        items = "".join(f"<li><a href='/topic/{i}'>{n}</a></li>" for i, n in enumerate(names))
        html = f"<ul class='{hashed(rng)}'>{items}</ul>"
    else:
        html = (
            f"<div class='{hashed(rng)}'>"
            + " ".join(f"<a href='/topic/{i}'>{n}</a>" for i, n in enumerate(names))
            + "</div>"
        )
    return page.put("topic-chips", html, tuple(names))


def paywall(page: Page, rng: random.Random) -> str:
    """A paywall's stub where the story's visible part ends."""
    heading = rng.choice(
        [
            "Subscribe to continue reading",
            "This article is for subscribers",
            "You have reached your limit of free articles",
        ]
    )
    offer = "Get unlimited digital access for $1 a week. Cancel anytime."
    return page.put(
        "paywall",
        f"<div class='{hashed(rng)}'><h2>{heading}</h2><p>{offer}</p><a href='/subscribe'>Subscribe now</a>"
        "<p>Already a subscriber? <a href='/login'>Log in</a></p></div>",
        (heading, offer),
    )


def editors_note(page: Page, rng: random.Random) -> str:
    """An editor's note opening the story: content (the dev truths keep them)."""
    note = f"Editor's note: This story has been updated with comment from the {rng.choice(WORDS)} ministry."
    return page.put("editors-note", f"<p><em>{note}</em></p>", story=(note,))


def origin_line(page: Page, rng: random.Random) -> str:
    """A line closing the story naming where it first appeared: content (the dev truths mostly keep them)."""
    where = rng.choice(["The Conversation", "Kaiser Health News", "Grist"])
    text = f"This article originally appeared in {where}."
    html = f"This article originally appeared in <a href='https://{where.split()[-1].lower()}.example/'>{where}</a>."
    return page.put("origin-line", f"<p><em>{html}</em></p>", story=(text,))


def rail_with_summaries(page: Page, rng: random.Random) -> str:
    """Two or three other stories' cards, each with a line of summary, between the paragraphs."""
    label = rng.choice(["More from World", "Related coverage", "In other news", "Catch up"])
    stories = [(headline(rng), sentence(rng, 12)) for _ in range(rng.randint(2, 3))]
    cards = "".join(
        f"<div class='{hashed(rng)}'><a href='/world/{rng.randint(100, 999)}'><img src='/s.jpg' alt=''></a>"
        f"<h3><a href='/world/{rng.randint(100, 999)}'>{t}</a></h3><p>{summary}</p></div>"
        for t, summary in stories
    )
    return page.put(
        "rail-summaries",
        f"<div class='{hashed(rng)}'><h2>{label}</h2>{cards}</div>",
        (label, *(t for t, _ in stories), *(summary for _, summary in stories)),
    )


def toolbar(page: Page, rng: random.Random) -> str:
    """The story's buttons: gift, save, share, comments' count, in no named block."""
    labels = rng.sample(["Gift this article", "Save", "Share full article", "Copy link", "142 comments"], 3)
    return page.put(
        "toolbar",
        f"<div class='{hashed(rng)}'>"
        + "".join(f"<button type='button'>{label}</button>" for label in labels)
        + "</div>",
        tuple(label for label in labels if len(label) > 4),
    )


def reporting_credit(page: Page, rng: random.Random) -> str:
    """The wire's closing line naming who reported and edited: content (the dev truths keep it)."""
    line = rng.choice(
        [
            "(Reporting by Lena Hart in Paris and Omar Rudd in Rome; Editing by Tom Berg)",
            "Additional reporting by Omar Rudd in Rome.",
        ]
    )
    return page.put("reporting-credit", f"<p>{line}</p>", story=(line,))


def theme_note(page: Page, rng: random.Random) -> str:
    """A blog theme's note on the post's categories and tags, as the themes write it, in a block no class names:
    the categories and tags linked with rel=category/tag, a date, the post's feed and reply form."""
    cats = [rng.choice(WORDS).capitalize() + " desk" for _ in range(rng.randint(1, 3))]
    cat_links = ", ".join(f"<a href='/category/{c.split()[0].lower()}/' rel='category tag'>{c}</a>" for c in cats)
    tag_links = ", ".join(
        f"<a href='/tag/{t.lower()}/' rel='tag'>{t}</a>" for t in [rng.choice(WORDS) + "tag" for _ in range(2)]
    )
    form = rng.randrange(3)
    if form == 0:
        note = "This entry was posted on Tuesday, June 4th, 2024 at 9:12 am and is filed under"
        html = (
            f"{note} {cat_links}. You can follow any responses to this entry through the <a href='/world/story/feed/'>"
            "RSS 2.0</a> feed. You can <a href='#respond'>leave a response</a>."
        )
        markers: tuple[str, ...] = (note,)
    elif form == 1:
        html = f"Posted in {cat_links} | Tagged {tag_links} | <a href='#respond'>Leave a comment</a>"
        markers = ("Posted in", "Tagged")
    else:
        html = f"Published June 4, 2024 in {cat_links}"
        markers = ("Published June 4, 2024 in",)
    tag = rng.choice(["p", "div", "footer"])
    attrs = f" class='{hashed(rng)}'" if rng.random() < 0.5 else ""
    return page.put(f"theme-note-{form}", f"<{tag}{attrs}>{html}</{tag}>", markers + tuple(cats))


MODERN_INLINE: tuple[Callable[[Page, random.Random], str], ...] = (ad_slot, rail, signup_box, podcast)


def news_page(rng: random.Random) -> tuple[str, Page]:
    """A news article page and what it holds."""
    page = Page(rng)
    # the kinds added later are drawn from a generator of their own, so that the pages' other parts stay as they were
    extra = random.Random(hash(rng.getstate()[1]))
    modern = random.Random(hash(rng.getstate()[1]) + 1)  # and the modern templates' furniture from a third
    title = headline(rng)
    paragraphs = [" ".join(sentence(rng) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(4, 12))]
    body = []
    for i, paragraph in enumerate(paragraphs):
        body.append(page.put("paragraph", f"<p>{paragraph}</p>", story=(paragraph,)))
        if 0 < i < len(paragraphs) - 1 and rng.random() < 0.35:
            body.append(rng.choice(INLINE)(page))
    if len(body) > 2 and extra.random() < 0.35:
        body.insert(extra.randint(1, len(body) - 1), named_links(page, extra))
    # the modern templates' furniture: between the paragraphs (never before the first), closing the body's block
    inline = [kind(page, modern) for kind in MODERN_INLINE if modern.random() < 0.25]
    for block in inline:
        body.insert(modern.randint(1, max(1, len(paragraphs) - 1)), block)
    if modern.random() < 0.2:
        body.insert(0, editors_note(page, modern))
    closing_body = [kind(page, modern) for kind in (origin_line, topic_chips, paywall) if modern.random() < 0.2]
    body += closing_body
    for block in [kind(page, modern) for kind in (rail_with_summaries,) if modern.random() < 0.25]:
        body.insert(modern.randint(1, max(1, len(paragraphs) - 1)), block)
    if modern.random() < 0.2:
        body.insert(len(body) - len(closing_body), reporting_credit(page, modern))  # closing the story's text
    toolbar_at = modern.random()  # under the byline, closing the body's block, or none
    theme = modern.random() < 0.2  # a theme's note closing the body's block
    note = post_meta(page, extra) if extra.random() < 0.3 else ""
    in_body = extra.random() < 0.5  # the note in the body's block after its paragraphs, or right after it
    if note and in_body:
        body.append(note)
    elif theme:
        body.append(theme_note(page, modern))  # (one theme's note, not two)
    if extra.random() < 0.3:
        body.append(post_nav(page, extra))  # closing the body's block
    head = []
    if rng.random() < 0.4:
        head.append(
            page.put(
                "breadcrumb",
                "<nav class='crumbs'><a href='/'>Home</a> › <a href='/world'>World</a> › "
                "<a href='/world/europe'>Europe</a></nav>",
                ("Europe",),
            )
        )
    head.append(f"<h1>{title}</h1>")
    if rng.random() < 0.5:
        head.append(f"<p class='dek'>{sentence(rng, 14)}</p>")
    head.append(
        "<p class='byline'>By <a href='/by/ann'>Ann Smith</a></p><p><time datetime='2024-06-04'>June 4, 2024</time></p>"
    )
    if rng.random() < 0.3:
        head.append(
            page.put(
                "listen",
                "<div class='audio'><button>Listen to this article</button><span>5 min</span></div>",
                ("Listen to this article",),
            )
        )
    if rng.random() < 0.4:
        head.append(
            page.put(
                "share-bar",
                "<div class='share'><span>Share this article</span><a href='#'>Facebook</a> <a href='#'>Twitter</a> "
                "<a href='#'>Copy link</a></div>",
                ("Share this article", "Copy link"),
            )
        )
    if toolbar_at < 0.15:
        head.append(toolbar(page, modern))
    elif toolbar_at < 0.3:
        body.append(toolbar(page, modern))
    if rng.random() < 0.4:
        head.append(figure(page))
    closing = [block(page) for block in CLOSING if rng.random() < 0.35]
    if note and not in_body:
        closing.insert(0, note)
    # as many templates write it now, the body's paragraphs in blocks of a few each, the furniture between them
    # (a chunk's class hashed, or none), in a wrapper of no name
    wrapper = "body"
    if modern.random() < 0.3:
        chunk_class = hashed(modern) if modern.random() < 0.5 else ""
        wrapper = hashed(modern)
        chunked: list[str] = []
        run: list[str] = []
        for block in body:
            if block.startswith("<p>") or not block.startswith("<"):
                run.append(block)
                continue
            if run:
                chunked.append(f"<div class='{chunk_class}'>{''.join(run)}</div>")
                run = []
            chunked.append(block)
        if run:
            chunked.append(f"<div class='{chunk_class}'>{''.join(run)}</div>")
        body = chunked
    story = (
        f"<article><header>{''.join(head)}</header><div class='{wrapper}'>{''.join(body)}</div>{''.join(closing)}"
        "</article>"
    )
    column = ""
    if rng.random() < 0.5:
        titles = [headline(rng) for _ in range(5)]
        items = "".join(f"<li><a href='/p/{i}'>{t}</a></li>" for i, t in enumerate(titles))
        column = page.put(
            "popular-column", f"<aside class='rail'><h2>Most popular</h2><ol>{items}</ol></aside>", tuple(titles)
        )
    html = (
        f"<html><head><title>{title} - The Daily Example</title></head><body><header>{LOGOS[1]}{NAV}</header>"
        f"<main><div class='col'>{story}</div>{column}</main>{FOOTER}</body></html>"
    )
    return html, page


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=200, help="pages to draw (seeds 0..N-1)")
    ap.add_argument("--peer", help="score this peer too (trafilatura, trafilatura-precision)")
    ap.add_argument("--show", action="store_true", help="print a seed of each kind that leaks or is lost")
    args = ap.parse_args()
    for name, run in extractors(args.peer).items():
        leaked, drawn, lost, kept_drawn = Counter(), Counter(), Counter(), Counter()
        examples: dict[str, int] = {}
        clean = 0
        for seed in range(args.pages):
            html, page = news_page(random.Random(seed))
            text = collapsed(run(html, "https://daily.example/world/story"))
            ok = True
            for kind, marker in page.furniture:
                drawn[kind] += 1
                if collapsed(marker) in text:
                    leaked[kind] += 1
                    examples.setdefault(kind, seed)
                    ok = ok and kind in UNDECIDED
            for kind, part in page.story:
                kept_drawn[kind] += 1
                if collapsed(part) not in text:
                    lost[kind] += 1
                    examples.setdefault(f"lost {kind}", seed)
                    ok = ok and kind in UNDECIDED
            clean += ok
        print(f"{name:<22} pages clean (undecided notes aside): {clean}/{args.pages}")
        print("  leaked: " + ", ".join(f"{k} {leaked[k]}/{drawn[k]}" for k in sorted(drawn)))
        print("  lost:   " + ", ".join(f"{k} {lost[k]}/{kept_drawn[k]}" for k in sorted(kept_drawn)))
        if args.show:
            print("  seeds:  " + ", ".join(f"{k} {seed}" for k, seed in sorted(examples.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
