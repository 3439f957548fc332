"""Region choice: the part of the page that holds its body (descending from `<body>` into the child that holds
nearly all of the content text), with the article's title and lead ahead of it, or the page a `<noscript>` holds;
the overview of main-content selection is in `web2md.extract.maincontent`."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from itertools import chain
from typing import Any
from urllib.parse import urljoin, urlsplit

from lxml import etree

from web2md.extract.documents.feedlinks import feed_kind
from web2md.extract.exact import str_lower
from web2md.extract.html.entities import subtree_text
from web2md.extract.html.tags import HEADING_TAGS, SCRIPTLESS_SKIP_TAGS, SKIP_TAGS
from web2md.extract.maincontent.analysis import (
    CARD_LABEL_WORDS,
    MIN_UNIT,
    Analysis,
    Counts,
    PostTitles,
    analyse,
    document_body,
    page_title,
)
from web2md.extract.maincontent.blocks import (
    MIN_HEADLINE,
    WRAPPED_TITLE_WORDS,
    ancestors_below,
    holds,
    opens_with_a_heading,
    parts_of_the_page,
    reads_as_headline,
    word_count,
)
from web2md.extract.maincontent.content import REGION_TAGS, UNIT_TAGS
from web2md.extract.maincontent.furniture import (
    ancestors_of,
    block_text,
    class_and_id,
    hint_strength,
    holds_a_thread_alone,
    names_comments,
    names_content,
    names_screen_reader_text,
)
from web2md.extract.maincontent.furniture_test import (
    FurnitureTest,
    holds_a_reply_form,
    holds_a_thread,
    once_each,
    picture_post,
    picture_post_block,
    whole_tables,
)
from web2md.extract.maincontent.pagetype import page_comments
from web2md.extract.meta.meta_jsonld import story_type

_ARTICLE_HINT = re.compile(r"(?:^|[\s_-])(?:article|story|post|entry)(?:$|[\s_-])", re.I)
PRODUCT_WIDENING = 2.0  # a product's block holds up to this much more content text than its description
SEMANTIC_SHARE = 0.6  # the one article or main among blocks beside it, with this share of their content text
ARTICLE_WIDENING = 1.3  # an enclosing article with up to this much content text is the page's article
# Blocks named as furniture beside the block holding the title are passed over when they hold this share of its
# content text or more (a paywall's pitch, a subscription box; not a footer line beside a long article)
BESIDE_FURNITURE = 0.25
# A column of widgets: content text under WIDGET_COLUMN_CONTENT of its text, links over WIDGET_COLUMN_LINKS of it.
# Beside a column with WIDGET_COLUMN_BESIDE blocks' worth of content text (MIN_UNIT each), its text is not counted.
WIDGET_COLUMN_CONTENT = 0.3
WIDGET_COLUMN_LINKS = 0.5
WIDGET_COLUMN_BESIDE = 4
COLUMN_TAGS = frozenset(
    {"div", "td", "section", "article", "main"}
)  # a layout's columns (not a table among paragraphs)
# Beside the column holding the page's title, a column whose content text is under SPARSE_COLUMN of its text (bios,
# excerpts and labels among links) and less than the titled column's is not counted either.
SPARSE_COLUMN = 0.6
# a block of at least this many units' content text (MIN_UNIT each) with blocks of one unit each after it: theirs is
# not counted in the descent (rule lone-units-after)
LONE_UNITS_BESIDE = 2
SHORT_POST = 4  # a post of fewer units' content text than this, beside blocks holding more, is short
# a region of fewer units' content text than this, apart from a post told in a picture, is not the page's story
SHORT_REGION = 6
LISTING = 4.0  # a page whose cards hold this many times the content text outside them is a listing
# ... and one whose cards hold this many times that text when the page's title stands beside none of them with a story
# and no other heading heads one (`any_heading_heads_a_story`): the text outside the cards is then a note, a tagline
# or a company line
LISTING_UNTITLED = 1.5
# ... and this many times it on a page that names no story at all (`headline_in_text`): a front page under an
# editor's note or over a text about the site longer than its desks of headlines
LISTING_NO_TITLE = 0.5
# the page's story heading names a story in the listing decision when the story's block (the lowest holding the heading
# and a list of cards) holds this share of the page's content text outside the cards (`Analysis.story_text`)
STORY_SHARE = 0.5
NOTES_BESIDE_LISTS = 1.0  # blocks of prose beside a listing's lists are furniture when they hold less text than these
# on a listing, the column holding this share of the listed lists' text in its block is the listing's (rule
# listing-column): the lists in the columns beside it are a sidebar's (most read, popular posts, related links)
LISTING_COLUMN = 0.75
# ... and so does the column holding this share of it in LISTING_COLUMN_LISTS times as many lists as the columns beside
# it hold (rule listing-desks-column): the desks beside a sidebar's box or two of popular posts
LISTING_COLUMN_MOST = 0.5
LISTING_COLUMN_LISTS = 2
# the readers' comments weigh nothing against this many lists of cards ahead of the thread, even when the page holds
# no other text (rule thread-desks): desks, a front page's or a roundup's body, where a post told in a video has one
# related desk, and a thread whose comments hold the page's lists has none outside it
THREAD_DESKS = 2


@dataclass
class Choice:
    roots: list[etree._Element]
    skip: Callable[[etree._Element], bool]
    content_chars: int
    skip_tags: frozenset[str] = SKIP_TAGS  # what the renderer leaves out whatever `skip` says


def descend(
    body: etree._Element,
    analysis: Analysis,
    theta: float,
    title: etree._Element | None = None,
    apart: dict[etree._Element, int] | None = None,
    front: bool = False,
    titles: PostTitles | None = None,
) -> etree._Element:
    """From the body down, follow the child holding at least `theta` of the content text. The page's comments are
    never where its content is: where they hold more than any other child (a short post over a long thread), the
    descent stops at the block holding both. Nor is a block named as furniture (a paywall's pitch, a subscription
    box) beside the block holding the page's title (`title`, its `<h1>`): its text is not counted. Nor, beside a
    column (COLUMN_TAGS) holding a few paragraphs and nearly all the rest, are columns of widgets (mostly links,
    little content text) or, beside the column holding the title, columns of less content text that is not most of
    their text (bios, excerpts and labels): the descent goes into that column, whichever holds the most. For the
    columns, the post's title (`headline`) stands for the `<h1>` when the `<title>` does not hold the `<h1>`'s
    text (a widget's heading) or holds the post's longer title (the site's name as the `<h1>`). Nor, after the
    child holding the most, are blocks of one unit of content text each (`lone_units_after`: an author's box, a
    disclaimer, the footer's legal notice after a story of a few paragraphs); `apart`, when given, gets their content
    text by the block they were passed over in. On a `front` page (every list of cards listed, no story named), the
    child holding every listed list is the listing's unless the page's `<h1>` or a headed text stands beside it
    (`listing-holder`). `titles`: the page's `PostTitles`, when read already."""
    good = analysis.good
    if titles is None:
        titles = PostTitles(body)
    comments_apart = "comments-descent" not in analysis.disabled
    semantic = "semantic-region" not in analysis.disabled
    beside_title = "furniture-beside-title" not in analysis.disabled
    columns = "widget-columns" not in analysis.disabled
    sparse_columns = "sparse-columns" not in analysis.disabled
    # (not in precision mode: blocks under its longer unit hold no content text, and a story's list or a tracklist of
    # short lines after its paragraphs reads as one unit of it, or none)
    lone_units = "lone-units-after" not in analysis.disabled and analysis.min_unit <= MIN_UNIT
    titled_lone = "titled-lone-units" not in analysis.disabled
    stats = analysis.stats
    # the post's title, looked for once, where the descent first stops (rules short-posts and sparse-columns)
    short_posts = "short-posts" not in analysis.disabled
    find_post_title = short_posts or sparse_columns
    post_title = None
    column_title = title  # the heading whose column is the titled column
    if sparse_columns and "post-title-columns" not in analysis.disabled:
        # the post's title known from the start: where the <h1> is the blog's name in the sidebar's column (over a
        # note about its writer longer than a short post), that column is not the titled one at any level
        found, find_post_title = titles.headline(title), False
        post_title = found if short_posts else None
        if (
            found is not None
            and (title is None or not title_held(body, title, found))
            # (not a card's headline in a list of the blog's popular posts: the post's own title is no heading there)
            and not any(map(analysis.lists_of_cards().__contains__, found.iterancestors()))
        ):
            column_title = found
    threads: dict[etree._Element, bool] = {}  # blocks read by `holds_a_thread_alone`
    strengths: dict[str, int] = {}  # `hint_strength` per class/id token read (the levels' blocks share tokens)
    unnamed_threads = comments_apart and "comment-titles" not in analysis.disabled
    unnamed: dict[etree._Element, bool] = {}  # blocks read by `holds_a_thread`
    cited = "comments-by-name" not in analysis.disabled and "comment-names" not in analysis.disabled
    # on a listing, the text of its listed lists under each block holding one, and how many (`listing-column`)
    listed_in = listed_under(analysis) if analysis.listed_lists and "listing-column" not in analysis.disabled else {}
    desks_column = "listing-desks-column" not in analysis.disabled
    holders_of_lists = front and "listing-holder" not in analysis.disabled  # (on a front page: `beside_the_lists`)
    reply_forms = "reply-forms" not in analysis.disabled
    targets = analysis.comment_targets()  # the blocks links name as the comments, as if so named
    node = body
    while True:
        total = good(node)
        best_child = None
        best_good = 0
        comments = 0
        named = named_best = 0  # blocks named as furniture: their content text, the most of one
        named_child = None
        # the columns of widgets or sparse columns among them: content text (negative if named furniture), sparse
        passed: list[tuple[int, bool]] = []
        named_apart = False
        column, column_good = None, 0  # the column with the most content text, not one of widgets
        titled = child_holding(node, column_title) if column_title is not None else None
        titled_column = titled is not None and titled.tag in COLUMN_TAGS
        titled_good = good(titled) if titled_column else 0
        before_title = titled is not None
        for child in node:
            if child is titled:
                before_title = False
            g = good(child)
            if not g:
                continue
            hints = class_and_id(child)
            if hints and comments_apart and names_comments(hints):
                comments += g
                continue
            if child in targets:
                total -= g  # the comments the page's links point at: no text of the post's to follow
                continue
            widget = columns and child is not titled and is_widget_column(stats[child])
            sparse = (
                not widget
                and sparse_columns
                and titled_column
                and child is not titled
                and child.tag in COLUMN_TAGS
                and g < SPARSE_COLUMN * stats[child].text
                and g < titled_good
            )
            if widget or sparse:
                passed.append((g, sparse))
            if (
                hints
                and (
                    (strength := hint_strength(hints, strengths)) == 2
                    # before the title, a block named even weakly as furniture (a print header) heading nothing
                    or before_title
                    and strength == 1
                    and next(child.iter(*HEADING_TAGS), None) is None
                )
                and not names_content(hints)  # (after the strength: most class strings name no furniture)
                and beside_title
            ):
                named += g
                if g > named_best:
                    named_child, named_best = child, g
                if widget or sparse:
                    passed[-1] = (-g, sparse)  # (its text is not counted when the named blocks' is not)
            else:
                if g > best_good:
                    best_child, best_good = child, g
                if not (widget or sparse) and g > column_good and child.tag in COLUMN_TAGS:
                    column, column_good = child, g
        if comments > best_good:
            return node  # a thread longer than the post: the region holds both, and the thread is skipped in it
        if named:
            if (
                best_child is not None
                and named >= BESIDE_FURNITURE * best_good
                and title is not None
                and holds(best_child, title)
            ):
                total -= named  # the titled block beside furniture: the furniture's text is not the content's
                named_apart = True
            elif named_best > best_good:
                best_child, best_good = named_child, named_best
        # the columns passed over: of widgets beside any column, sparse ones only beside the titled column
        widgets = sum(abs(g) for g, sparse in passed if (g > 0 or not named_apart) and (not sparse or column is titled))
        if (
            widgets
            and column is not None
            and column_good >= WIDGET_COLUMN_BESIDE * analysis.min_unit
            and column_good >= theta * (total - widgets)
        ):
            # a column of paragraphs beside columns of widgets, however much prose they hold: theirs is not counted
            total -= widgets
            best_child, best_good = column, column_good
        if best_child is None or best_child.tag not in REGION_TAGS:
            return node
        if (
            reply_forms
            and any(map(analysis.text, best_child.itersiblings(etree.Element, preceding=True)))
            and holds_a_reply_form(best_child, good, analysis.text)
        ):
            return node  # a reply form after the post, holding more content text than a post of a line: not the body
        if best_good < theta * total and lone_units and best_good >= LONE_UNITS_BESIDE * analysis.min_unit:
            # after a block of several units of content text, blocks of one unit each (a legal notice, an author's
            # box, a disclaimer in the footer) are not the story's: their text is not counted
            lone = lone_units_after(node, best_child, analysis)
            if lone and best_good >= theta * (total - lone) and not is_one_unit(best_child, good):
                total -= lone
                if apart is not None:
                    apart[node] = lone
        if (
            best_good < theta * total
            and lone_units
            and titled_lone
            and titled is not None
            and titled is not best_child
            and titled.tag in REGION_TAGS
            and is_one_unit(best_child, good)
            and (titled_held := good(titled)) >= LONE_UNITS_BESIDE * analysis.min_unit
            and not is_one_unit(titled, good)
            # (a block holding text between them: the body's one long paragraph right after a header and its deck is
            # the story's)
            and next((el for el in titled.itersiblings(etree.Element) if good(el) or analysis.text(el)), None)
            is not best_child
        ):
            # the block holding the page's title, of several units, outweighed by a block of one unit after it (the
            # footer's legal notice after a short story and a rail of links): the blocks of one unit each after it
            # are not counted, as after the block holding the most
            lone = lone_units_after(node, titled, analysis)
            if lone and titled_held >= theta * (total - lone):
                total -= lone
                best_child, best_good = titled, titled_held
                if apart is not None:
                    apart[node] = lone
        if best_good < total and comments_apart and holds_a_thread_alone(best_child, good, threads):
            return node  # a thread in wrappers of its own outweighs the post beside it: as above
        if (
            best_good < total
            and best_good >= theta * total  # (else the descent stops here anyway)
            and unnamed_threads
            and (title is None or not holds(best_child, title))
            and (
                any(map(good, best_child.itersiblings(etree.Element, preceding=True)))  # (the post before it)
                # (or a post told in a picture under the page's title: no content text of its own)
                or cited
                and title is not None
                and holds(node, title)
                and not holds(best_child, title)
                and picture_post(node, title, analysis)[0] is not None
            )
            and holds_a_thread(best_child, analysis, unnamed, cited)
        ):
            # as above, the thread known by its comments' headers and replies, not by its name, after a block of
            # content text (the post); not under the page's title (a forum's thread is its page's content)
            return node
        if (
            best_good < theta * total
            and listed_in
            and best_child.tag in COLUMN_TAGS
            and (column_lists := listed_in.get(best_child, (0, 0)))[1] >= 2
            and column_lists[1] < (lists_here := listed_in.get(node, (0, 0)))[1]
            and (
                column_lists[0] >= LISTING_COLUMN * lists_here[0]
                # (or most of the listed text, in LISTING_COLUMN_LISTS times as many lists as stand beside it: desks
                # beside a box or two of a sidebar's, not beside a column of desks like its own)
                or desks_column
                and column_lists[0] >= LISTING_COLUMN_MOST * lists_here[0]
                and column_lists[1] >= LISTING_COLUMN_LISTS * (lists_here[1] - column_lists[1])
            )
            and best_good >= WIDGET_COLUMN_BESIDE * analysis.min_unit
        ):
            # a listing's column holding most of its listed lists (two or more: desks, not one desk among others),
            # with lists beside it: those are a sidebar's
            node = best_child
            continue
        if (
            best_good < theta * total
            and listed_in
            and holders_of_lists
            and (lists_here := listed_in.get(node, (0, 0)))[1]
            and listed_in.get(best_child, (0, 0))[1] == lists_here[1]
            and not any(
                next(child.iter("h1"), None) is not None
                or preceding
                and good(child)
                and next(child.iter(*HEADING_TAGS), None) is not None
                for preceding, siblings in (
                    (True, best_child.itersiblings(etree.Element, preceding=True)),
                    (False, best_child.itersiblings(etree.Element)),
                )
                for child in siblings
            )
        ):
            # on a front page, every listed list in one child: the prose beside it (a footer's text about the site, a
            # column of notes or an author's box) holds none of the listing, and is left out as `beside_the_lists`
            # leaves out notes beside the lists; not beside the page's <h1> (its name, or a story under it) nor a text
            # under a heading before the lists (a story over them, as `is_headed_story` reads one)
            node = best_child
            continue
        if best_good < theta * total:
            # the one article (or main) among blocks beside it: the markup names the content
            if not (
                semantic
                and best_good >= SEMANTIC_SHARE * total
                and is_semantic_region(best_child)
                and sum(1 for child in node if is_semantic_region(child)) == 1
            ):
                if find_post_title:
                    found, find_post_title = titles.headline(title), False
                    post_title = found if short_posts else None
                    if sparse_columns and found is not None and (title is None or not title_held(body, title, found)):
                        column_title = found
                        continue  # this block measured again, beside the column holding the post's title
                post = child_holding(node, post_title) if post_title is not None else None
                if post is None or not is_post_column(post, post_title, analysis):
                    return node
                best_child = post
        node = best_child


def listed_under(analysis: Analysis) -> dict[etree._Element, tuple[int, int]]:
    """The text of a listing's listed lists under each element holding one (the lists themselves too), and how many
    they are. Linear: each ancestor is passed once (the walk up from a list stops at one passed), then the sums go up
    from the elements holding no other one, each added to its parent once."""
    parent_of: dict[etree._Element, etree._Element | None] = {}
    pending: dict[etree._Element, int] = {}  # per element, its children on the lists' ways up not summed yet
    for el in analysis.listed_lists:
        node: etree._Element | None = el
        while node is not None and node not in parent_of:
            parent = node.getparent()
            parent_of[node] = parent
            if parent is not None:
                pending[parent] = pending.get(parent, 0) + 1
            node = parent
    found: dict[etree._Element, tuple[int, int]] = {}
    ready = [el for el in parent_of if not pending.get(el)]
    while ready:
        el = ready.pop()
        text, lists = found.get(el, (0, 0))
        if el in analysis.listed_lists:
            text, lists = text + analysis.text(el), lists + 1
        found[el] = text, lists
        parent = parent_of[el]
        if parent is not None:
            above = found.get(parent, (0, 0))
            found[parent] = above[0] + text, above[1] + lists
            pending[parent] -= 1
            if not pending[parent]:
                ready.append(parent)
    return found


def is_one_unit(block: etree._Element, good: Callable[[etree._Element], int]) -> bool:
    """Whether all of a block's content text is one unit's: down from it, one child at a time holds all of it (a
    paragraph in wrappers), until a block holding none in its children."""
    node, own = block, good(block)
    while True:
        holding = None
        for child in node:
            g = good(child) if isinstance(child.tag, str) else 0
            if not g:
                continue
            if holding is not None or g < own:
                return False  # two blocks of content text, or text of the block's own beside a child's
            holding = child
        if holding is None:
            return True
        node = holding


def lone_units_after(node: etree._Element, best: etree._Element, analysis: Analysis) -> int:
    """The content text of the children of `node` after `best` when each holds one unit of it (`is_one_unit`), else
    0: when a block after it holds several units (the story going on), is written as the children of `best` holding
    content text are (the same tag and class: its paragraphs going on) or as `best` itself is (the same tag and
    attributes: the story's text going on in blocks between boxes), is an `<article>` or holds an `<h1>` (a story
    of its own); when a paragraph is a child of `node` (the block is the story's text); on a listing (its lists of
    cards listed)."""
    if analysis.listed_lists:
        return 0  # a listing: its desks are its content
    good = analysis.good
    # how the story's own blocks are written: the tag and class of the children of `best` holding content text
    kinds = {(el.tag, el.get("class")) for el in best if isinstance(el.tag, str) and good(el)}
    written = (best.tag, *best.attrib.values())  # ... and the story's block itself (a plain <div> between two boxes)
    apart = 0
    after = False
    for child in node:
        if child is best:
            after = True
            continue
        if not isinstance(child.tag, str):
            continue
        g = good(child)
        if not g:
            continue
        if child.tag == "p":
            return 0  # paragraphs of the block's own: the block is the story's text (a quote in it holds the most)
        if not after:
            continue
        if (child.tag, child.get("class")) in kinds or (child.tag, *child.attrib.values()) == written:
            return 0  # written as the story's paragraphs are, or as its block is: the story going on
        if not is_one_unit(child, good):
            return 0  # a block of several units
        if is_semantic_region(child) or next(child.iter("h1"), None) is not None:
            return 0  # an article of its own beside it, or a story under its own title
        apart += g
    return apart


def is_home_link(heading: etree._Element) -> bool:
    """Whether a heading is one link to the site's home page (its logo or name): all its text in that link."""
    links = heading.findall(".//a")
    if len(links) != 1:
        return False
    href = (links[0].get("href") or "").strip()
    if not href or href.startswith("#"):
        return False
    try:
        parts = urlsplit(href)
    except ValueError:  # an invalid IPv6 literal ("http://[bad"): no address, no home
        return False
    home = parts.path in ("", "/") or parts.path.rsplit("/", 1)[-1].startswith("index.")
    return home and not parts.query and len(subtree_text(links[0]).strip()) == len(subtree_text(heading).strip())


def links_to_feed_home(heading: etree._Element, body: etree._Element) -> bool:
    """Whether a heading is one link (all its text) to the folder of the site's feed as the page declares it in its
    head (`<link rel="alternate" type="application/atom+xml" href="/blog/atom.xml">`: home `/blog/`): the blog's home
    as a path. Of several feeds the one in the shallowest folder is the site's (a post's comment feed lies under the
    post's own address)."""
    links = heading.findall(".//a")
    html = body.getparent()
    if len(links) != 1 or html is None:
        return False
    href = (links[0].get("href") or "").strip()
    if not href.endswith("/") or len(subtree_text(links[0]).strip()) != len(subtree_text(heading).strip()):
        return False
    home: str | None = None
    for head in html.iterchildren("head"):
        for link in head.iterchildren("link"):
            if feed_kind(link) in ("rss", "atom"):  # (the one reading of a feed link, the metadata's)
                feed = (link.get("href") or "").strip().rstrip("/")
                folder = feed.rsplit("/", 1)[0] + "/" if "/" in feed else ""
                if folder and (home is None or folder.count("/") < home.count("/")):
                    home = folder
    return home == href


def heads_another_page(heading: etree._Element, body: etree._Element, base: str) -> bool:
    """Whether a heading is one link to another page of the site than the page itself (`base`, its address; without
    one no link tells) that the page's `<title>` does not name: a card's headline (a portal's top story under its `<h1>`), not
    the heading of the page's story (a post's title linking to the post itself, or named by the `<title>`)."""
    links = heading.findall(".//a")
    if len(links) != 1 or not base or is_home_link(heading):
        return False
    text = block_text(heading)
    if not text or len(block_text(links[0])) != len(text):
        return False
    href = (links[0].get("href") or "").strip()
    if not href or href.startswith(("#", "?")):
        return False
    try:
        linked, page = urlsplit(urljoin(base, href)), urlsplit(base)
    except ValueError:  # an invalid IPv6 literal: no address
        return False
    if str_lower(linked.netloc) != str_lower(page.netloc) or linked.path.rstrip("/") == page.path.rstrip("/"):
        return False  # the page itself (a permalink), or a page of another site (a link post's source)
    return text.casefold() not in (page_title(body) or "")


def post_under_banner(
    body: etree._Element, title: etree._Element, title_text: str | None = None, titles: PostTitles | None = None
) -> etree._Element | None:
    """The post's title (`headline`: an `<h2>`/`<h3>` whose text the `<title>` holds) after the page's `<h1>`
    (`title`) when the page's title (`title_text`, the `<title>` without the site's name; else the `<title>`) holds none
    of the `<h1>`'s text and the `<h1>` is the shorter: the `<h1>` is a banner naming the site or its section
    ("Information and Resources"), the post's title the headline."""
    page = page_title(body)
    banner = block_text(title).casefold()
    held = " ".join(title_text.split()).casefold() if title_text else page
    if page is None or not banner or banner in held:  # type: ignore[operator]
        return None
    post = (titles if titles is not None else PostTitles(body)).headline(title)
    if post is None or post.tag == "h1" or len(block_text(post)) <= len(banner):
        return None
    for heading in body.iter("h1", "h2", "h3"):
        if heading is post:
            return None
        if heading is title:
            return post
    return None


def lists_by_thread(analysis: Analysis, comments: list[etree._Element]) -> tuple[int, list[etree._Element]]:
    """How many desks stand over the thread (`comments`, the top-level comments): lists of cards ahead of its first
    comment and outside it, a menu's aside (a roundup's body comes before its thread, a sidebar's boxes of recent
    posts may come after it); and the lists of cards inside a comment or holding one (the thread's own list, which
    the walk may read as a list of cards)."""
    holding = ancestors_of(comments)
    inside = set(comments)
    menus = analysis.menu_lists()
    lists = analysis.lists_of_cards()
    # the lists ahead of the thread, in one walk of the page up to its first comment (a sidebar's lists after it)
    ahead: set[etree._Element] = set()
    for el in analysis.root.iter(etree.Element):
        if el in inside:
            break
        if el in lists:
            ahead.add(el)
    outside, thread = 0, []
    for el in lists:
        if el in menus:
            continue
        if el in holding or any(node in inside for node in (el, *el.iterancestors())):
            thread.append(el)
        elif el in ahead:
            outside += 1
    return outside, thread


def headline_in_text(body: etree._Element, reader: bool = True) -> bool:
    """Whether the page's `<title>` holds the text of an element of the body with no element inside (a `<div>` or
    `<span>` standing for a heading: a headline in other markup than a heading's), of four words or more, that is
    not a link to the home page (the site's name)."""
    page = page_title(body)
    if page is None:
        return False
    for el in body.iter(etree.Element):
        if len(el) or not el.text or el.tag in SKIP_TAGS:
            continue
        text = block_text(el).casefold()
        if len(text) >= MIN_HEADLINE and word_count(text) >= WRAPPED_TITLE_WORDS and text in page:
            link = el if el.tag == "a" else next(el.iterancestors("a"), None)
            if (link is None or not is_home_link(link)) and not (
                reader and el.tag == "h1" and names_screen_reader_text(class_and_id(el))
            ):
                return True  # (not an <h1> for screen readers alone: `reader-h1`)
    return False


def title_held(body: etree._Element, title: etree._Element, post: etree._Element) -> bool:
    """Whether the `<title>` holds the text of the page's `<h1>` (`title`), as long as the post's title's."""
    text = block_text(title).casefold()
    return text in (page_title(body) or "") and len(text) >= len(block_text(post))


def any_heading_heads_a_story(body: etree._Element, analysis: Analysis, base: str = "") -> bool:
    """Whether a heading outside the lists of cards (not the site's logo) heads a story: the lowest block holding it
    and content text besides it holds no list of cards (a post under a title the `<title>` words otherwise, its
    header a block of its own), and a list of other stories follows it (what closes the page after every list, such
    as a portal's text about itself at its foot, is a note; cards linking into the page itself, `base`, are parts
    of it, as a section's stories under its name and introduction are). A heading in a card's body block is the
    card's (`card-bodies`)."""
    lists = analysis.lists_of_cards()
    stop = set(lists)  # the lists, the blocks holding them and the cards
    others: set[etree._Element] = set()  # ... of the lists of other stories
    in_cards = "card-bodies" not in analysis.disabled
    listed: set[etree._Element] = set()  # the lists and their cards
    carded: dict[etree._Element, bool] = {}  # blocks read by `inside_a_card`
    for el, cards in lists.items():
        held = {el, *el.iterancestors(), *cards}
        stop.update(held)
        listed.add(el)
        listed.update(cards)
        if not parts_of_the_page(cards, base):
            others.update(held)
    for heading in body.iter("h1", "h2", "h3"):
        if is_home_link(heading):
            continue
        own = analysis.good(heading) + analysis.min_unit
        for block in heading.iterancestors():
            if block is body or block in stop:
                break  # a card's headline, a desk's name, or a heading beside the cards
            if analysis.good(block) >= own:
                if any(
                    sibling in others
                    for node in (block, *ancestors_below(block, body))
                    for sibling in node.itersiblings()
                ):
                    if in_cards and inside_a_card(block, listed, carded):
                        break  # a card's headline over its summary in a body block of the card's
                    return True
                break
    return False


def inside_a_card(el: etree._Element, listed: set[etree._Element], known: dict[etree._Element, bool]) -> bool:
    """Whether `el` is inside one of `listed` (lists of cards and their cards). Linear over many calls: each element's
    answer is kept in `known`, so no ancestor is passed twice."""
    passed = []
    node: etree._Element | None = el.getparent()
    found = False
    while node is not None:
        if node in known:
            found = known[node]
            break
        if node in listed:
            found = True
            break
        passed.append(node)
        node = node.getparent()
    for node in passed:
        known[node] = found
    return found


def is_post_column(post: etree._Element, heading: etree._Element, analysis: Analysis) -> bool:
    """Whether the block holding a post's title holds a short post: a unit of content text between the title and
    the next heading (the post's text, not a share box's or a reply box's under their own headings), and less than
    a column of paragraphs in all (longer posts are told by the column rules). Not when the post's text goes on
    after it (a block after it holding more content text in paragraphs: the title's block was a header over its
    deck) or when blocks like it stand beside it (slides, a listing's posts)."""
    good = analysis.good
    if post.tag not in COLUMN_TAGS or good(post) >= SHORT_POST * analysis.min_unit:
        return False
    after = 0
    for node in chain((heading,), heading.iterancestors()):
        if node is post:
            break
        for el in node.itersiblings():
            if not isinstance(el.tag, str):
                continue
            if el.tag in HEADING_TAGS or next(el.iter(*HEADING_TAGS), None) is not None:
                break
            after += good(el)
        else:
            continue
        break
    if after < analysis.min_unit:
        return False
    kind = set((post.get("class") or "").split())
    if kind and any(
        el is not post and el.tag == post.tag and kind & set((el.get("class") or "").split()) and good(el)
        for el in post.getparent()
    ):
        return False
    return not any(sum(map(good, el.iter("p"))) > good(post) for el in post.itersiblings() if isinstance(el.tag, str))


def is_widget_column(counts: Counts) -> bool:
    """Whether a block's measures are those of a column of widgets: most of its text in links (archive lists,
    a blogroll, recent posts) and little of it content text (a short note about the site among them)."""
    return counts.good < WIDGET_COLUMN_CONTENT * counts.text and counts.links > WIDGET_COLUMN_LINKS * counts.text


def title_heading(
    headings: list[etree._Element], titles: list[etree._Element], disabled: frozenset[str] = frozenset()
) -> etree._Element | None:
    """The `<h1>` that titles the page: of several, the one with the longest text the `<title>` holds (the
    article's headline rather than a teaser's or the site's name), else the first."""
    h1s = [h for h in headings if h.tag == "h1"]
    if len(h1s) < 2 or not titles or "title-heading" in disabled:
        return h1s[0] if h1s else None
    page = block_text(titles[0]).casefold()
    best, best_size = h1s[0], 0
    for h1 in h1s:
        text = block_text(h1).casefold()
        if len(text) > best_size and text in page:
            best, best_size = h1, len(text)
    return best


def child_holding(block: etree._Element, el: etree._Element) -> etree._Element | None:
    """The child of `block` that is or holds `el`, None when `el` is not below `block`."""
    for node in chain((el,), el.iterancestors()):
        parent = node.getparent()
        if parent is block:
            return node
    return None


def is_semantic_region(el: etree._Element) -> bool:
    """An `<article>` or `<main>` (or `role="main"`): markup that names the page's content."""
    return el.tag in ("article", "main") or str_lower(el.get("role") or "") == "main"


def page_without_scripts(body: etree._Element) -> etree._Element | None:
    """The page inside a `<noscript>` when nothing outside one reads as content: sites that draw every page
    with scripts sometimes ship the whole text for browsers without them. It is read as such a browser shows
    it (SCRIPTLESS_SKIP_TAGS): a `<noscript>` inside it shows its content too, so it counts towards the
    outer one's size and the outer one is read."""
    best, best_size = None, 0
    for noscript in body.iter("noscript"):
        for child in noscript:
            size = len(subtree_text(child)) if isinstance(child.tag, str) else 0
            if size > best_size:
                best, best_size = child, size
    return best


def choose_main(
    root: etree._Element,
    keep_header: bool = False,
    precision: bool = False,
    recall: bool = False,
    analysis: Analysis | None = None,
    title: etree._Element | None = None,
    product: bool = False,
    author: str | None = None,
    disabled: frozenset[str] = frozenset(),
    base: str = "",
    title_text: str | None = None,
    article_body: str = "",
) -> Choice | None:
    """The main-content region of a document, or None when no block reads as content.

    `title` is the page's `<h1>`. When the region is the body of an article whose title stands apart from it, the
    block holding both is the article. On a product page, the region is widened to the block that holds the
    product's name (the title) with its description: the price, stock and feature list beside them are the
    product's, though they hold no prose. The rules named in `disabled` (`rules.RULES`) are switched off; a given
    `analysis` brings its own. `base` is the address the page's links are read against; `title_text` is the page's title
    as its metadata gives it (the `<title>` without the site's name); `article_body` the publisher's own text of the
    article (its JSON-LD `articleBody`; else the text of the elements marked `itemprop="articleBody"`), which closes the
    body where it ends (`publisher-body-end`)."""
    body = document_body(root)
    titles = PostTitles(body)  # the post's title, looked for by several tests
    if analysis is None:
        analysis = analyse(root, keep_header, precision, recall, disabled)
    off = analysis.disabled
    if not article_body and analysis.marked_bodies and not recall and "publisher-body-end" not in off:
        # the publisher's text is the elements it marks as the article's body (microdata) where its JSON-LD gives none
        article_body = "\n".join(map(subtree_text, analysis.marked_bodies))
    if not analysis.good(body) and analysis.pruned:
        # nothing visible reads as content: the page may sit in a hidden wrapper that scripts reveal
        analysis = Analysis(body, analysis.keep_header, analysis.min_unit, keep_hidden=True, disabled=off)
    analysis = analysis.unwrapped()
    # (a mega-menu's panels read as teaser lists: they are the menu's, no cards of the page)
    cards = analysis.teaser_text() + analysis.headline_text() - analysis.menu_text()
    outside = analysis.good(body)
    bare = 0
    if (
        not cards
        and analysis.lone_held.get(body)
        and "headline-lists" not in off
        and any(next(card.iter(*HEADING_TAGS), None) is not None for card in analysis.lone_cards)
    ):
        # a card apart titled by a heading (a section's lead story; not a list item of a link and a bold line) and no
        # list of cards: the page's lists of bare headlines may be its grid
        cards = bare = analysis.bare_text()
    # the heading naming the page's story for the listing decision: the <h1>, unless it is all one link to another
    # page the <title> does not name (a portal's top story as a card under its <h1>: that card is no story of the page)
    # or shown to screen readers alone
    named_title = title
    if title is not None and (
        "card-h1" not in off
        and heads_another_page(title, body, base)
        # nor an <h1> shown to screen readers alone (a line naming the site over a front page's desks)
        or "reader-h1" not in off
        and names_screen_reader_text(class_and_id(title))
    ):
        named_title = None
    # beside lists of cards, a card apart from them (a section's lead story) weighs on their side
    lone = analysis.lone_text(body, named_title) if cards else 0
    if lone:
        post = titles.headline(title)  # the post's title the <title> holds, under a banner <h1> or none
        if post is not None and not analysis.lone_text(body, post):
            analysis.lone_held.clear()  # that card is the page's story: no card stands apart from the lists
            lone = 0
    if not lone:
        cards -= bare  # (the bare lists weigh beside a card apart alone: else a post beside a blog's archive)
        bare = 0
    cards, outside = cards + lone, outside - lone
    if "listing-thread" not in off:
        # the readers' comments are no text of the page's own to weigh its cards against (a roundup's thread), unless
        # they hold all of it but a unit: the page is the thread
        comments = [el for el, depth in page_comments(analysis) if not depth]
        thread = sum(analysis.good(el) for el in comments)
        if outside - thread >= analysis.min_unit:
            outside -= thread
        elif "thread-desks" not in off:
            desks, in_thread = lists_by_thread(analysis, comments)
            if desks >= THREAD_DESKS:
                # desks over a thread: the thread weighs nothing, and its own lists (the comments' list read as
                # cards, a comment's list of links) are no desks of the listing
                outside -= thread
                analysis.thread_lists = frozenset(in_thread)
    # where no story stands beside them, a desk's cards without summary weigh their headlines, as a desk of headlines
    # alone does (beside a story, a desk of summaries weighs them alone)
    untitled = cards + analysis.bare_teaser_text()
    front = False
    if untitled >= LISTING_NO_TITLE * outside and "listing-pages" not in off:
        # a site's logo as the <h1> heads no story, nor does an <h1> heading a card: the post's title may
        story = titles.headline(title) if title is not None and (is_home_link(title) or named_title is None) else title
        named_by = page_title(body) if story is not None and "short-h1" not in off else None
        if (
            story is not None
            and story is title
            and named_by is not None
            and word_count(block_text(story)) < WRAPPED_TITLE_WORDS
            and not set(_WORD.findall(block_text(story).casefold())) & set(_WORD.findall(named_by))
            and after_a_list(body, story, analysis)
        ):
            # an <h1> of a word or two after a list of cards, none of whose words the <title> holds (a sidebar box's
            # "Search" beside the desks), names no story: a post titled so has its title, or a word of it, in the
            # <title> (without one, nothing tells), and its title stands over the cards after it
            story = None
        if lone and story is not named_title and not analysis.lone_text(body, story):
            # the post's title under a logo heads a card apart: that card is the story
            cards, outside, untitled = cards - lone - bare, outside + lone, untitled - lone - bare
        # below LISTING_UNTITLED, only on a page naming no story (no title, no line of text the <title> names)
        below = untitled < LISTING_UNTITLED * outside
        # (a walk of the body: once)
        in_text = headline_in_text(body, "reader-h1" not in off) if below and story is None else None
        # (a heading names the page's story when that story holds half the page's content text outside the cards: not
        # a post whose body is a desk of cards, under which comments or a sidebar hold the page's text)
        named = below and (
            story is not None
            and ("story-text" in off or analysis.story_text(story) >= STORY_SHARE * outside)
            or in_text
        )
        if not named and (
            cards >= LISTING * outside
            or not (analysis.beside_any_story(story, base) or any_heading_heads_a_story(body, analysis, base))
        ):
            # a listing: its teasers are its content, its lists of bare headlines too
            if "headline-lists" not in off:
                analysis.list_bare_headlines()
            analysis.list_linked_cards()
            # (a menu's lists never listed, nor the thread's)
            lists = len(analysis.lists_of_cards()) - len(analysis.menu_lists()) - len(analysis.thread_lists)
            analysis.restore_teasers(story, base)
            # a front page: every list of cards listed, on a page that names no story
            front = len(analysis.listed_lists) == lists and names_no_story(body, story, in_text, "reader-h1" not in off)
            if (bare or front and outside < analysis.min_unit) and "headline-lists" not in off:
                # desks of headlines alone weigh in the descent too where they made the page a listing beside a card
                # apart (a section's lead story), or on a front page of nothing but lists and cards (no text of its
                # own, which a short story beside a column of the same section's headlines is)
                analysis.weigh_bare_lists()
    if not analysis.good(body):
        shown = page_without_scripts(body) if "noscript-page" not in off else None
        if shown is None:
            return None
        body, analysis = (
            shown,
            Analysis(
                shown, analysis.keep_header, analysis.min_unit, skip_tags=SCRIPTLESS_SKIP_TAGS, disabled=off
            ).unwrapped(),
        )
        if not analysis.good(body):
            return None
    apart: dict[etree._Element, int] = {}  # the blocks the descent went through passing over lone units after it
    main = descend(body, analysis, 0.85 if precision else 0.98 if recall else 0.92, title, apart, front, titles)
    widened = (
        product_block(main, title, body, analysis)
        if product and title is not None and "product-block" not in off
        else None
    )
    # without an <h1>, the block holding the post's title and the region (`post-title-block`)
    titled_post: etree._Element | None = None
    if widened is not None:
        main = widened
        article = None
    else:
        article = enclosing_article(main, body, analysis, apart) if "enclosing-article" not in off else None
        # the title and lead may sit in a header block of their own ahead of the article's body; without an <h1>,
        # the post's title the <title> names, the site's name aside (the story heading: `post-title-block`)
        heading = (
            title
            if title is not None
            else story_heading(body, titles.headline(None), title_text)
            if "post-title-block" not in off
            else None
        )
        if heading is not None and (article is None or not holds(article, heading)) and "titled-block" not in off:
            titled = titled_block(article if article is not None else main, heading, body, analysis)
            if heading is title:
                if titled is not None:
                    article = titled
            elif titled is not body:  # (the post's title and the region held by the body alone: the page)
                titled_post = titled
    # a post's title under the site's name as the <h1> (one link home): what stands over it is the site's masthead
    # (or one link to the folder of the site's feed the page declares, a blog's home as a path, `/blog/`, when the
    # <title> does not name the <h1> as long as the post's title: no post's own title linking to its own folder)
    post = None
    if title is not None:
        if is_home_link(title):
            post = titles.headline(title)
        elif (
            "feed-homes" not in off
            and links_to_feed_home(title, body)
            and (under := titles.headline(title)) is not None
            and not title_held(body, title, under)
        ):
            post = under
    # the headline kickers are looked for over: the post's title where the lone <h1> is a section's banner over it
    heads = (
        None
        if "banner-kickers" in off
        else post_under_banner(body, title, title_text, titles)
        if title is not None
        else titles.headline(None)  # no <h1>: the post's title the <title> names
    )
    # the heading of the page's story: the post's title under the site's name, the headline under a banner, the <h1>
    story = story_heading(body, post if post is not None else heads if heads is not None else title, title_text)
    if story is not None:
        # a post told in a picture under the page's story heading: apart from a region of a line or two, or in the
        # region with no story text beside it (its author's box, its comments, widgets around it)
        region = article if article is not None else main
        moved = picture_post_apart(body, region, story, analysis) if "picture-posts" not in off else None
        if moved is None and "picture-post-region" not in off:
            moved, _ = picture_post_block(region, story, analysis)
        if moved is not None and moved is not region:
            main, article, titled_post = moved, None, None
    if titled_post is not None:
        # (after the post told in a picture is looked for in the region as the descent found it: beside the post's
        # title and picture, the region's few lines are its text, which the picture post would not keep)
        article = titled_post
    # what the furniture test reads of the page, wherever the region is
    page: dict[str, Any] = {
        "author": author,
        "title": title,
        "headline": heads,
        "post": post,
        "article_body": article_body,
        "story": story,
    }
    if article is None:
        whole = whole_tables(main)
        test = FurnitureTest(main, analysis, recall, whole=whole, **page)
        return Choice(
            [main],
            once_each(beside_the_lists(test, main, analysis, front, recall), test.text_of, off, whole),
            analysis.good(main),
            analysis.skip_tags,
        )
    whole = whole_tables(article)
    skip = FurnitureTest(article, analysis, recall, body=main, whole=whole, **page)
    above: set[etree._Element] = set()  # from the article down to the body's parent
    after: set[etree._Element] = set()  # what follows the body inside the article: notes, boxes, related links
    node = main
    while node is not article:
        after.update(node.itersiblings())
        node = node.getparent()
        above.add(node)
    before: set[etree._Element] = set()  # blocks ahead of the body kept so far: the title and the lead
    # a body the closing tests take whole (the readers' comments outweighing a short post, their names unread): what
    # stands ahead of it is the post, not a lead
    lead_only = "lead-blocks" not in off and not (
        "thread-bodies" not in off and closed_whole(main, article, skip.closing, analysis.good)
    )

    listing = beside_the_lists(skip, article, analysis, front, recall)

    def skip_beside_the_body(el: etree._Element) -> bool:
        if listing(el) or el in after and "after-the-body" not in off:
            return True
        parent = el.getparent()
        if parent in before or parent in above and el is not main and el not in above:
            if (
                el.tag in UNIT_TAGS
                and el.tag not in HEADING_TAGS
                and not analysis.good(el)
                and not opens_with_a_heading(el)
                and lead_only
            ):
                return True  # ahead of the body only headings, the blocks holding them, and content text
            before.add(el)
        return False

    return Choice(
        [article], once_each(skip_beside_the_body, skip.text_of, off, whole), analysis.good(article), analysis.skip_tags
    )


def closed_whole(
    body: etree._Element,
    article: etree._Element,
    closing: Collection[etree._Element],
    good: Callable[[etree._Element], int],
) -> bool:
    """Whether the closing furniture holds all of `body`'s content text: the body, a block holding it below
    `article`, or each of its children holding content text."""
    node: etree._Element | None = body
    while node is not None and node is not article:
        if node in closing:
            return True
        node = node.getparent()
    held = [child for child in body.iterchildren(etree.Element) if good(child)]
    return bool(held) and all(child in closing for child in held)


def after_a_list(body: etree._Element, heading: etree._Element, analysis: Analysis) -> bool:
    """Whether `heading` follows a list of cards in document order (one walk of the body up to it at most)."""
    lists = analysis.lists_of_cards()
    if not lists:
        return False
    for el in body.iter(etree.Element):
        if el is heading:
            return False
        if el in lists:
            return True
    return False


def story_heading(
    body: etree._Element, heading: etree._Element | None, title_text: str | None
) -> etree._Element | None:
    """The page's story heading: `heading` (its `<h1>`, or the post's title under a banner or where there is none)
    when the page's title (`title_text`, the `<title>` without the site's name; else the `<title>`) holds its text
    and it is no link to the home page (the site's name as a logo)."""
    if heading is None or is_home_link(heading):
        return None
    text = block_text(heading).casefold()
    held = " ".join(title_text.split()).casefold() if title_text else page_title(body)
    return heading if text and held and text in held else None


def picture_post_apart(
    body: etree._Element, region: etree._Element, story: etree._Element | None, analysis: Analysis
) -> etree._Element | None:
    """The block holding a post told in a picture (`picture_post`: the page's story heading `story`, its byline, a
    comic, a photo, a video) when the region found does not hold the heading and holds less than SHORT_REGION units
    of content text (a licence line, a bio, a note about the site), and is apart from the post: a heading of the
    page stands between the two (the post's comments, a sidebar's widgets, a footer's sections), so the region does
    not go on with the post's story (an article whose heading and picture stand in a header block over its text)."""
    if story is None or holds(region, story) or analysis.good(region) >= SHORT_REGION * analysis.min_unit:
        return None
    post, _ = picture_post(body, story, analysis)
    if post is None or post is body or holds(post, region):
        return None
    # the headings of the page between the two, in document order (one walk: the first of them met, then its end)
    second = end = None
    passed = False
    for el in body.iter():
        if second is None:
            if el is post or el is region:
                second, end = (region if el is post else post), last_descendant(el)
                passed = el is end
        elif not passed:
            passed = el is end
        elif el is second:
            return None  # no heading between them: the region goes on with the post
        elif el.tag in HEADING_TAGS:
            return post
    return None


def last_descendant(el: etree._Element) -> etree._Element:
    """The last element inside `el` in document order (`el` itself when it holds none)."""
    while len(el):
        el = el[-1]
    return el


def names_no_story(
    body: etree._Element, story: etree._Element | None, in_text: bool | None = None, reader: bool = True
) -> bool:
    """Whether a page names no story: no heading titles one (`story`, its `<h1>` or the post's title under a logo,
    is none or a word or two: a section's name) and no line of text the `<title>` names (`headline_in_text`, given
    as `in_text` when read already)."""
    if story is not None and (story.tag != "h1" or reads_as_headline(block_text(story))):
        return False
    return not (headline_in_text(body, reader) if in_text is None else in_text)


def beside_the_lists(
    skip: Callable[[etree._Element], bool], region: etree._Element, analysis: Analysis, front: bool, recall: bool
) -> Callable[[etree._Element], bool]:
    """`skip`, plus, on a listing page, a card's `<time>` label; and on a `front` page (every list of cards listed,
    no story named), the blocks of prose beside its lists in the `region` (an editor's note over the desks, a
    section's introduction, a text about the site at their foot: blocks holding content text and no linked
    headline, beside a block holding a list, and no story's heading: `is_headed_story`), when they hold less text
    than the lists. In `recall` mode a listing keeps them."""
    lists = analysis.listed_lists
    if not lists or recall or "listing-pages" in analysis.disabled:
        return skip
    notes: set[etree._Element] = set()
    if front:
        holders = {region}  # the region, the lists in it and the blocks between them
        for el in lists:
            if holds(region, el):
                holders.update(ancestors_below(el, region))
                holders.add(el)
        beside = [
            child
            for node in holders
            if node not in lists
            for child in node.iterchildren(etree.Element)
            if child not in holders and child in analysis.stats and not analysis.stats[child].titles
        ]
        notes = {child for child in beside if analysis.good(child) and not is_headed_story(child, holders, region)}
        listed = sum(analysis.text(el) for el in lists if holds(region, el))
        if NOTES_BESIDE_LISTS * sum(map(analysis.text, notes)) >= listed:
            notes = set()
        widgets, pagers = "listing-widgets" not in analysis.disabled, "pager-lines" not in analysis.disabled
        if widgets or pagers:
            # blocks of labels beside the lists (a markets or weather widget, a date bar): no content text, no
            # headline, no heading of their own, more words than a desk's name; or a line counting the pages
            notes.update(
                child
                for child in beside
                if not analysis.good(child)
                and child.tag not in HEADING_TAGS
                and (
                    widgets
                    and word_count(block_text(child)) > CARD_LABEL_WORDS
                    or pagers
                    and counts_pages(block_text(child))
                )
            )
    cards = analysis.listed - lists

    def skip_beside_the_lists(el: etree._Element) -> bool:
        if el in notes:
            return True
        if el.tag == "time" and el.getparent().tag != "a" and any(node in cards for node in el.iterancestors()):
            return True  # a card's date, not its headline or summary
        if (el.getparent() in cards or el in cards and el.tag == "dd") and is_card_label(el, analysis):
            return True
        return skip(el)

    return skip_beside_the_lists


_NUMBER = re.compile(r"\d+(?:[–-]\d+)?")
_WORD = re.compile(r"\w+")


def counts_pages(text: str) -> bool:
    """Whether a line of labels counts a listing's pages or items ("Page 2 of 40", "1 2 3 … 40", "Showing 1–20 of
    345"): two numbers or more, making half its words or more; not a desk's name ("Top 10", "2024")."""
    words = text.split()
    numbers = sum(1 for word in words if _NUMBER.fullmatch(word.strip(".,:;()…")))
    return numbers >= 2 and 2 * numbers >= len(words)


def is_card_label(el: etree._Element, analysis: Analysis) -> bool:
    """Whether a part of a listing's card (a child of it, or the `<dd>` after its `<dt>` headline) is a label: a few
    words, no sentence, outside its headline ("2 hours ago", "Opinion", "By Ann Smith"), not a heading (a title that
    links nowhere, the card closed by its link to the story)."""
    if el.tag in HEADING_TAGS:
        return False
    # the card's headline is a link in it (a card whose title links nowhere, closed by a "Read more", has its title
    # among such short parts)
    parent = el.getparent()
    if parent is None:
        return False
    parts = [el.getprevious()] if el.tag == "dd" else list(parent)  # the `<dt>` headline, else the card's parts
    if not any(part is not None and (own := analysis.stats.get(part)) and own.titles for part in parts):
        return False
    own = analysis.stats.get(el)
    if own is not None and (own.good or own.titles):
        return False
    words = word_count(block_text(el))  # (an inline element's text is counted in its block's)
    return 0 < words <= CARD_LABEL_WORDS


def is_headed_story(block: etree._Element, holders: set[etree._Element], region: etree._Element) -> bool:
    """Whether a block of prose beside a listing's lists may be a story: it holds an `<h1>` (the page's title,
    whatever the `<title>` says), or another heading with a list after it (`holders`: the blocks holding the lists, in
    the `region`). A headed text closing the page after every list is a note about the site."""
    headings = [el for el in block.iter(*HEADING_TAGS)]
    if not headings:
        return False
    if any(el.tag == "h1" for el in headings):
        return True
    return any(
        sibling in holders for node in (block, *ancestors_below(block, region)) for sibling in node.itersiblings()
    )


def product_block(
    main: etree._Element, name: etree._Element, body: etree._Element, analysis: Analysis
) -> etree._Element | None:
    """The nearest block around `main` that also holds the product's name, when it adds no more than a little
    content text (a product's other blocks are short: a price, a stock line, a list of features)."""
    return block_holding(main, name, body, analysis, PRODUCT_WIDENING, through=REGION_TAGS)


def titled_block(
    main: etree._Element, title: etree._Element, body: etree._Element, analysis: Analysis
) -> etree._Element | None:
    """The block holding the page's title and, after it, the region, when it adds little more content than a
    lead: the article, whatever its markup calls it."""
    if title in analysis.pruned or title not in analysis.stats:
        return None  # a title in the site's header or a hidden block
    block = block_holding(main, title, body, analysis, ARTICLE_WIDENING)
    # the title comes first: it is the first of the two in document order
    return block if block is not None and next(block.iter(title.tag, main.tag)) is not main else None


def block_holding(
    main: etree._Element,
    heading: etree._Element,
    body: etree._Element,
    analysis: Analysis,
    widening: float,
    through: frozenset[str] | None = None,
) -> etree._Element | None:
    """The nearest block around `main` (up to `body`) that also holds `heading`, when it holds at most `widening`
    times `main`'s content text and every block on the way is one of `through` (any, if None)."""
    holders = set(heading.iterancestors())
    if main in holders:
        return None  # the heading is inside the region already
    limit = widening * analysis.good(main)
    for ancestor in main.iterancestors():
        if analysis.good(ancestor) > limit or through is not None and ancestor.tag not in through:
            return None
        if ancestor in holders:
            return ancestor
        if ancestor is body:
            return None
    return None


def enclosing_article(
    main: etree._Element, body: etree._Element, analysis: Analysis, apart: dict[etree._Element, int] | None = None
) -> etree._Element | None:
    """The article the main region is the body of (an `<article>`, a block named article, story, post or entry, or
    one typed as an article), the outermost one that adds little more content than a title and a lead (not counting the blocks the
    descent passed over in it, `apart`: by block; they follow the body, and the article's blocks after its body are
    left out)."""
    if main is body:
        return None  # nothing above the body is the article, whatever <html> is named
    limit = ARTICLE_WIDENING * analysis.good(main)
    found = None
    passed = 0  # content text passed over in the descent, in the blocks up to the ancestor
    for ancestor in main.iterancestors():
        if apart:
            passed += apart.get(ancestor, 0)
        if analysis.good(ancestor) - passed > limit:
            break
        if ancestor is body:
            # the page read from inside a <noscript> can be the article itself; a <body> named
            # "single-post" is not
            if body.tag == "article" or body.tag not in ("body", "html") and _ARTICLE_HINT.search(class_and_id(body)):
                found = body
            break
        if ancestor.tag == "article" or _ARTICLE_HINT.search(class_and_id(ancestor)) or typed_as_article(ancestor):
            found = ancestor
    return found


def typed_as_article(el: etree._Element) -> bool:
    """Whether `el`'s microdata types it as a story (`itemtype="https://schema.org/Article"`, a NewsArticle, a
    BlogPosting, a Review...: the types whose JSON-LD nodes describe the page's own story)."""
    kinds = el.get("itemtype")
    return kinds is not None and any(story_type(str_lower(re.split(r"[/#]", kind)[-1])) for kind in kinds.split())
