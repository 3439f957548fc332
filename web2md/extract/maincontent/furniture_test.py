"""The furniture test: the predicate the renderer asks about each element of the main region, and the rules it
applies (`rules` names them)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from itertools import chain, islice
from urllib.parse import unquote

from lxml import etree

from web2md.extract.exact import str_lower
from web2md.extract.html.entities import subtree_text
from web2md.extract.html.tags import BLOCK_TAGS, BOLD_TAGS, HEADING_TAGS, INVISIBLE_TEXT_TAGS, PRE_AND_CODE_TAGS
from web2md.extract.maincontent.analysis import CARD_CHARS, MIN_CARDS, MIN_UNIT, Analysis, Counts
from web2md.extract.maincontent.blocks import (
    HEADING_LOOKAHEAD,
    HEADING_WRAPPERS,
    NOT_PAGES,
    SENTENCE_WORDS,
    ancestors_below,
    bold_first_line,
    furniture_text,
    has_words,
    holds,
    inside_link,
    lettered_word_count,
    link_target,
    opening_heading,
    previous_element,
    word_count,
    words_beside_links,
    wraps_formula,
)
from web2md.extract.maincontent.content import (
    BIO_TAGS,
    COMMENT_TAGS,
    CONTROL_TAGS,
    ENTRY_TAGS,
    FORM_BOX_TAGS,
    HINT_EXEMPT_TAGS,
    IMAGE_TAGS,
    INLINE_TAGS,
    ITEM_TAGS,
    KICKER_TAGS,
    LINE_TAGS,
    LINK_BLOCK_TAGS,
    LIST_ITEMS,
    LIST_TAGS,
    MEDIA_TAG_SET,
    NAME_TAGS,
    NOT_IMAGE_CAPTIONS,
    REGION_TAGS,
    REPEAT_TAGS,
    SECTION_HEADINGS,
    SHORT_BLOCK_TAGS,
    UNIT_TAGS,
    WIDGET_TAGS,
)
from web2md.extract.maincontent.furniture import (
    BYLINE_TAGS,
    CALL_TAGS,
    CAPTION_TAGS,
    CLOSING_CREDIT_TAGS,
    CREDIT_TAGS,
    DATE_LINE_TAGS,
    FURNITURE_LABEL_TAGS,
    MAX_BYLINE_EXTRA,
    MAX_CALL,
    MAX_CAPTION,
    MAX_CREDIT,
    MAX_DATE_LINE,
    MAX_FURNITURE_LABEL,
    MAX_HEADER_LINKS,
    MAX_READER_ONLY,
    MAX_RIGHTS,
    MAX_STORY_HEADER,
    MEDIA_TAGS,
    QUOTE_MARKS,
    RIGHTS_TAGS,
    HintReading,
    ancestors_of,
    block_text,
    byline_name,
    class_and_id,
    closes_with_credit,
    counts_comments,
    date_at,
    hint_strength,
    holds_a_thread_alone,
    is_byline,
    is_call_to_action,
    is_comments_label,
    is_credit_line,
    is_date_line,
    is_furniture_label,
    is_rights_line,
    is_tail_label,
    may_hold_rights,
    name_words,
    names_caption,
    names_comments,
    names_content,
    read_hints,
    shown_block_text,
    shows_text,
    without_title,
)
from web2md.extract.markdown.tables import is_headed, is_layout_table
from web2md.extract.meta.simhash import words_of

MIN_GALLERY = 2  # captioned pictures: a post told in them
GALLERY_CAPTION_TAGS = CAPTION_TAGS - HEADING_TAGS
CAPTION_LEVELS = 3  # blocks around a picture, each looked after for its caption
MAX_SHORT_BLOCK = max(MAX_DATE_LINE, MAX_CALL, MAX_FURNITURE_LABEL, MAX_RIGHTS)
# inline elements that may hold a copyright line of their own among a region's blocks (their text is the region's)
LOOSE_RIGHTS_TAGS = frozenset({"span", "small", "font"})
MAX_HEADING = 200  # a "heading" holding more than this wraps content (broken markup), it heads nothing
LINK_DENSITY = 0.25  # a short block inside the region with more link text than this is navigation
LIST_LINK_DENSITY = 0.8  # a list or table is navigation only when nearly all its text is links
TEASER_CHARS = 400  # text per linked heading below which a block reads as a list of teasers
MAX_MASTHEAD = 200  # characters outside links of the block holding a site's name over a post (its tagline)
MAX_ABOVE_TITLE = 100  # characters of a block without content text over the headline (a kicker, breadcrumbs)
MAX_FORM_BOX = 300  # characters of text outside the form's own controls
MAX_PITCH = 150  # characters a sign-up box's pitch beside the block holding its fields adds to it (a sentence)
TEXT_ENTRY_TYPES = frozenset({"text", "email", "search", "tel", "url", "password", "number"})
# A form of at most MAX_SIGN_UP characters that sends something (a submit button) is a box asking for input whole:
# its labels, button, pitch and small print are its own (a form around a page's whole text is larger)
MAX_SIGN_UP = 600
REPLY_FORM_DEPTH = 4  # wrappers down from a block to the reply form holding all its content text
SEND_TYPES = frozenset({"submit", "image"})  # input types that send their form (a <button> does unless typed so)
MAX_ASK = 80  # characters of a call to action counted as an ask of such a box ("Already a subscriber? Log in")
BOX_ELEMENTS = 40  # elements of a block looked through for its asks
MIN_ASKS = 2  # calls to action in a box of asks (a paywall's "Subscribe now" and "Already a subscriber? Log in")
MIN_ANSWERS = 2  # named radio buttons of one name that make a question put to the reader (a poll)
POLL_DEPTH = 6  # elements from a poll's first answer up to the block holding its question and answers
MIN_LABELS = 3  # texts placed over a picture side by side that make it a drawing (a chart's labels)
MAX_WIDGET = 80  # characters of labels and counts in a widget of controls ("Rate this", "4.2 (31 votes)")
MIN_CONTROLS = 2
WIDGET_ELEMENTS = 30  # elements of a block looked through for controls
# The publisher's own text of the article (JSON-LD `articleBody`) closes the body where its last words stand. What is
# left out after them holds less than PUBLISHER_TAIL of the text of the block it closes (else that block is the body's
# container, looked into, or its last block); the text is trusted only when it ends where the last block holding its
# words ends (not a teaser cut off, not a copy of the description); a block holds its words when PUBLISHER_SHARE of
# the block's word shingles are in it.
PUBLISHER_TAIL = 0.5
PUBLISHER_SHARE = 0.5
_TAG = re.compile(r"<[^<>]*>")  # markup some publishers leave in their text (<p>, <a href=...>)
MAX_BIO = 400  # characters of a box about a person closing the article (a name, a sentence or two, links)
NO_LINE: frozenset[etree._Element] = frozenset()  # a block closed by no line of links
MIN_LINE_LINKS = 2  # links to other pages of the site in a loose line of nothing else ("« Previous | Next »")
MAX_PORTRAIT_BIO = 700  # characters of a box closing the article of a portrait and prose naming the page's author
AUTHOR_BOX_OPENING = 8  # words of such a box among which the author's name opens its prose (after a heading's few)
NAME_WORDS = 4  # words of a person's name over such a box
LEFTOVER_TAGS = frozenset({"p", "div", "span", "small"})  # the lines a box holds beside its furniture
SENTENCE_ENDS = frozenset(".!?…")
# measured characters past which a block's text is surely longer than a label and a unit, however its whitespace
# collapses: its text need not be read (on a page nested level in level, each level holds all the levels below it)
SURELY_LONG = 4 * max(MIN_UNIT, MAX_FURNITURE_LABEL)
MAX_BOX_PARTS = 8  # children of a box whose label is looked for (a label, a list, a caption, a button)
AUTHOR_BOX_TAGS = BIO_TAGS | frozenset({"aside", "address", "footer"})  # blocks microdata marks as the author
MAX_TAXONOMY_NOTE = 400  # characters of a theme's note closing the post filing it under its categories
TAXONOMY_TAGS = 2  # links marked rel=tag one after the other in such a note (without a rel=category one)
TAXONOMY_NOTE_TAGS = frozenset({"p", "div", "footer", "section", "small"})
# The site's footer inside a region as wide as the page: what follows the page's first menu after the block holding
# most of the region's content text. A menu is a block of MIN_MENU_LINKS links or more, no content text, nearly all
# its text links (LIST_LINK_DENSITY); what closes the region after it goes when it holds less than FOOTER_SHARE of
# the body block's content text (more is the story going on past a list of links).
MIN_MENU_LINKS = 3
FOOTER_SHARE = 0.5
# A block closing the region on a copyright notice is the footer with no menu before it, while it holds less than
# the post's block does (a site's blurb about itself is as long as a short post)
RIGHTS_FOOTER_SHARE = 1.0
LINK_SEPARATORS = "|·•/-–—"  # between the links of a footer's line, before its notice
CREDITED_TAGS = frozenset({"figure", "figcaption", "caption"})  # where a notice closing a block credits a picture
MENU_DEPTH = 3  # blocks down from a block closing the region to the first one holding text: one opening with a menu
# A sidebar's column after the body block: this many boxes opening with a heading, one of them with this share of its
# text or more in links (an archive by month with its counts, a blogroll, a list of labels)
MIN_WIDGETS = 3
BARE_WIDGETS = 2  # boxes of a column showing their heading alone (a form, icons or a script's slot under it)
BARE_CONTROLS = frozenset({"a", "form", "input", "select", "button", "textarea", "script"})
BARE_MEDIA = frozenset({"video", "audio", "iframe", "object", "embed", "picture", "canvas", "figure"})
WIDGET_LINKS = 0.5
SIDEBAR_SHARE = 1.0  # a sidebar holds less content text than the post beside it (its profile, its notes)
# ... and one holding more content text than the column holding the story's title, when its content text is under
# this share of its text (notes, a form and lists of links under their headings; the post's column beside it holds its
# SIDEBAR_POST units of content text or more)
SIDEBAR_CONTENT = 0.6
SIDEBAR_POST = 4
SIDEBAR_DEPTH = 4  # levels down the region, along the block holding the most content text, a sidebar is looked for
# A thread of readers' comments: MIN_COMMENTS or more blocks side by side, each opening with a header that names its
# writer before a date or time (`is_comment`), then words of its own
MIN_COMMENTS = 3
_DIGIT = re.compile(r"\d")
COMMENT_HEAD_ELEMENTS = 20
COMMENT_HEAD = 160  # characters of a comment's opening read for its header
COMMENT_HEAD_WORDS = 12  # words ahead of its date (a title of its own, then the name)
COMMENT_WORDS_OWN = 40  # characters of text outside links after the header: what the reader wrote
COMMENTS_OVER_POST = 4  # a thread holds at most this many times the content text of the rest of the region
# a thread of comments headed by names in a `<cite>` outweighs the post more than that after a post of this many
# units of content text (rule comments-by-name): more than a guest book's introduction
CITED_POST_UNITS = 4
COMMENT_WRAPPERS = 2  # blocks wrapping a comment whole, one in the other, looked through for its header
# ... or, whatever its header, a comment linking to itself from it (its permalink: `<li id=X>… <a href="#X">`, or
# to an id inside it), a day's date among the header's first SELF_LINK_WORDS words; a `<dt>` header over a `<dd>` text
# read as one comment with it
SELF_LINK_WORDS = 24
THREAD_TAGS = COMMENT_TAGS | frozenset({"dt"})
# a comment may be a list of its own (rule comment-lists): its first item the comment, the items after it its tools
# ("Recommend (7)", "Responses (0)", "Report", "Link to this comment"): no content text, fewer than COMMENT_HEAD
# characters outside links in all (a header's worth)
LIST_COMMENT_TAGS = frozenset({"ul", "ol"})
# what may stand right before a thread told by its writers' names alone (rule comment-names) when it is the post's:
# its paragraphs, its lists (a list of quotations, a page's bios follow its text in these), never a block wrapping them
POST_PIECES = frozenset({"p", "blockquote", "pre", "ul", "ol", "dl", "table"}) | HEADING_TAGS
# A thread found without its name where the descent to the region would follow it (rule comment-titles): the share
# of a block's content text its comments hold
THREAD_SHARE = 0.8
DATE_WORDS = 3  # words of a date written out ("09. Jul, 2012"), after which a date-first header names the writer
SIGNATURE_ELEMENTS = 6  # elements opening a block read for its template (`signature`)
NAMED_SIGNATURE = 3  # of a comment read by its name alone: the block, its header, the name (its link or not)
# A media block: a player (an embed, or an element showing nothing that a script fills) first, then a line of title
# and a running time standing alone ("02:13", "1:04:30"); at most MAX_CAPTION characters in all
MEDIA_BLOCK_TAGS = frozenset({"div", "section", "figure", "aside"})
PLAYER_TAGS = frozenset({"video", "audio", "iframe", "object", "embed"})
# ... or its length in minutes, as players of podcasts write it ("27 min listen", "12 mins", "(8 minutes)")
RUNNING_TIME = re.compile(r"\(?(?:(?:\d{1,2}:)?\d{1,2}:\d{2}|\d{1,3} ?(?:min|mins|minutes)(?: listen| watch)?)\)?\Z")
MEDIA_ELEMENTS = 12  # elements of a media block looked through for its running time
# A post told in a picture (a comic, an infographic, a photo, a video): the block holding the page's story heading and,
# after it, a picture or player no side under MIN_PICTURE pixels as declared (not an avatar, an icon, a like button)
STORY_PICTURE_TAGS = ("img", "video", "iframe", "object", "embed")
MIN_PICTURE = 100
PICTURE_POST = 4  # units of content text (MIN_UNIT each) under which such a block is a post without text of its own
# A placeholder standing for an embed the reader has not agreed to load ("two-click" videos and social posts): a
# block of at most MAX_PLACEHOLDER characters holding one control (a button, an element declared one) outside any
# form, the slot of what it would load (a player with no source to show yet, or a box holding only the script that
# writes the embed), and nothing shown (no picture, no player with a source: a video with its caption, a chart with
# its explanation); at most PLACEHOLDER_ELEMENTS elements are looked through
MAX_PLACEHOLDER = 300
PLACEHOLDER_ELEMENTS = 30
PICTURE_TAGS = frozenset({"img", "picture", "svg", "canvas"})
PLACEHOLDER_TAGS = frozenset({"div", "section", "figure", "aside"})
PLACEHOLDER_INPUTS = frozenset({"button", "checkbox"})
_PIXELS = re.compile(r"(?:^|[;\s])(width|height)\s*:\s*(\d+)px", re.I)


def is_widget(block: etree._Element) -> bool:
    """Whether a block is a small widget of controls: at most WIDGET_ELEMENTS elements (looked through no further,
    so each block costs little), no heading, and MIN_CONTROLS or more controls: buttons, form fields, links that
    lead to no page (none, `#`, `?vote=1`, `javascript:`; a named anchor or a link to a section is no control)."""
    controls = 0
    for count, node in enumerate(islice(block.iter(), WIDGET_ELEMENTS + 1)):
        tag = node.tag
        if count == WIDGET_ELEMENTS or tag in HEADING_TAGS:
            return False  # more than a widget holds; or a heading, which titles what is around it
        if tag == "a":
            href = node.get("href")
            if href is None:
                if node.get("name") is not None or node.get("id") is not None:
                    continue  # a named anchor
            else:
                href = href.strip()
                if href and href != "#" and not href.startswith("?") and not str_lower(href).startswith("javascript:"):
                    continue
        elif tag not in CONTROL_TAGS:
            continue
        controls += 1
    return controls >= MIN_CONTROLS


def is_embed_placeholder(block: etree._Element) -> bool:
    """Whether a small block stands for an embed not loaded yet: one control (a `<button>`, `role="button"`, a
    button or checkbox `<input>`), no form, the slot a script fills (a player without a source, a box holding only
    a script) and no picture or player showing something."""
    controls = 0
    slot = False
    for count, node in enumerate(islice(block.iter(), PLACEHOLDER_ELEMENTS + 1)):
        tag = node.tag
        if count == PLACEHOLDER_ELEMENTS or tag == "form" or tag in PICTURE_TAGS:
            return False
        if tag in PLAYER_TAGS:
            source = (node.get("src") or "").strip()
            if source and source != "about:blank":
                return False  # a player showing something (a video with its caption stays)
            slot = True
        elif tag == "script":
            parent = node.getparent()
            slot = (
                slot
                or parent is not None
                and parent is not block
                and len(parent) == 1
                and not (parent.text or "").strip()
            )
        elif (
            tag == "button"
            or tag == "input"
            and str_lower(node.get("type") or "") in PLACEHOLDER_INPUTS
            or (isinstance(tag, str) and str_lower(node.get("role") or "") == "button")
        ):
            controls += 1
    return controls == 1 and slot


def shows_controls(box: etree._Element) -> bool:
    """Whether a box holds a control, a link or a script (a form, icons linking elsewhere, a script's slot) and no
    picture, player or frame of its own (a story's map or gallery under its heading)."""
    controls = False
    for el in box.iter(etree.Element):
        tag = el.tag
        if tag in BARE_MEDIA or tag == "img" and not inside_link(el):
            return False
        controls = controls or tag in BARE_CONTROLS
    return controls


def is_small_widget(el: etree._Element, tag: str, own: Counts) -> bool:
    """Whether a block (`tag`, its counts `own`) is a few labels and counts among controls: some text, at most
    MAX_WIDGET characters and no content text, in a block of MIN_CONTROLS children or more that `is_widget`."""
    return (
        0 < own.text <= MAX_WIDGET and not own.good and len(el) >= MIN_CONTROLS and tag in WIDGET_TAGS and is_widget(el)
    )


def is_link_dense(el: etree._Element, tag: str, total: int, linked: int, density: float) -> bool:
    """Whether a block (`tag`, `total` characters of text, `linked` of them in links) is navigation: under 200
    characters outside its links, more than `density` of its text in them, not a paragraph holding a sentence's
    worth of words beside them, and not only links that show their address (sources cited)."""
    return (
        total - linked < 200
        and linked > density * total
        and not (tag == "p" and words_beside_links(el) >= SENTENCE_WORDS)
        and not cites_addresses(el)
    )


# a link's text that is an address written out: a scheme and what follows, or a host opening with "www."
ADDRESS = re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.)\S+\Z", re.I)


def cites_addresses(el: etree._Element) -> bool:
    """Whether a paragraph, or a list whose items each are one, is only links that each show their address written
    out (`https://example.org/spec`), with no words beside them: sources cited for the reader to note, not labels to
    click through (a profile line "Facebook: www..." has a label, a "Related" list has titles). Only the block's own
    items are looked at, so that wrappers nested deep around a long list cost nothing more."""
    if el.tag == "p":
        items = [el]
    elif el.tag in ("ul", "ol"):
        items = [item for item in el if isinstance(item.tag, str)]
        if not items or any(item.tag != "li" for item in items):
            return False
    else:
        return False
    for item in items:
        if has_words(item.text):
            return False
        links = 0
        for child in item:
            if not isinstance(child.tag, str) or child.tag == "br" and not has_words(child.tail):
                continue  # a comment, a line break between two addresses
            if child.tag != "a" or not ADDRESS.match(subtree_text(child).strip()) or has_words(child.tail):
                return False
            links += 1
        if not links:
            return False
    return True


def follows_a_title(heading: etree._Element) -> bool:
    """Whether a heading comes right after an `<h1>` in a `<header>` or `<hgroup>`, nothing between them (no element,
    no text): the title's deck. (A blog's name and tagline stand so in the site's banner, whose markup names no
    header group.)"""
    parent = heading.getparent()
    if parent is None or parent.tag not in ("header", "hgroup"):
        return False
    previous = heading.getprevious()
    while previous is not None and not isinstance(previous.tag, str):  # a comment between
        if previous.tail and previous.tail.strip():
            return False
        previous = previous.getprevious()
    return previous is not None and previous.tag == "h1" and not (previous.tail and previous.tail.strip())


def one_site(links: list[tuple[str, str] | None]) -> bool:
    """Whether items' links (page, address) all lead to different pages of one site: relative addresses, or one
    host (a list citing sources leads to several)."""
    pages: set[str] = set()
    hosts: set[str] = set()
    for link in links:
        if link is None or link[0] in pages:
            return False
        pages.add(link[0])
        href = link[1]
        if "//" in href[:8]:
            hosts.add(str_lower(href.split("//", 1)[1].split("/", 1)[0]))
    return len(hosts) <= 1


_PLACED_TOP = re.compile(r"(?:^|;)\s*top\s*:\s*-?[\d.]+%", re.I)
_PLACED_SIDE = re.compile(r"(?:^|;)\s*(?:left|right)\s*:\s*-?[\d.]+%", re.I)


def is_picture(el: etree._Element) -> bool:
    """Whether an image, video or embedded player is a picture of its own: no side declared under MIN_PICTURE pixels
    (in its attributes or style), which an avatar, an icon, a counter or a like button declares."""
    for side in ("width", "height"):
        value = (el.get(side) or "").strip().removesuffix("px")
        if value.isdigit() and int(value) < MIN_PICTURE:
            return False
    style = el.get("style")
    return not style or all(int(px) >= MIN_PICTURE for _, px in _PIXELS.findall(style))


def picture_post(
    top: etree._Element, heading: etree._Element | None, analysis: Analysis
) -> tuple[etree._Element, etree._Element] | tuple[None, None]:
    """The lowest block below `top` holding the page's story heading (`heading`) and, after it, a picture
    (`is_picture`), with that picture, when it holds less than PICTURE_POST units of content text: a post told in a
    picture (a comic, a photo, an infographic, a video) under its heading and byline, no text of its own but a line
    or two. Each block after the heading is looked through once (the blocks after it in its parent, then after its
    parent, and so on) until a picture is found or a block holding the heading holds that much content text."""
    if heading is None or not holds(top, heading):
        return None, None
    good = analysis.good
    most = PICTURE_POST * analysis.min_unit
    node = heading
    while node is not top:
        parent = node.getparent()
        if good(parent) >= most:
            return None, None  # a story with text of its own (and every block holding it)
        for sibling in node.itersiblings():
            if isinstance(sibling.tag, str) and sibling.tag not in HEADING_TAGS:  # (an icon in a heading: no picture)
                picture = next((el for el in sibling.iter(STORY_PICTURE_TAGS) if is_picture(el)), None)
                if picture is not None:
                    return parent, picture
        node = parent
    return None, None


def picture_post_block(
    main: etree._Element, heading: etree._Element | None, analysis: Analysis
) -> tuple[etree._Element, etree._Element] | tuple[None, None]:
    """The block of the region `main` holding a post told in a picture under its heading (`picture_post`) and its
    picture, when no story text stands elsewhere in the region: the blocks beside it and beside each block holding it
    hold less than PICTURE_POST units of content text, those named as furniture (an author's box) or as the comments,
    or holding a thread alone, aside. (A story's header over its hero picture, beside the story's text, is no such
    post.)"""
    post, picture = picture_post(main, heading, analysis)
    if post is None:
        return None, None
    good = analysis.good
    most = PICTURE_POST * analysis.min_unit
    elsewhere = 0
    read: dict[etree._Element, bool] = {}
    unnamed: dict[etree._Element, bool] = {}
    cited = "comments-by-name" not in analysis.disabled and "comment-names" not in analysis.disabled
    node = post
    while node is not main:
        parent = node.getparent()
        for sibling in parent:
            if sibling is node or not isinstance(sibling.tag, str) or not (g := good(sibling)):
                continue
            hints = class_and_id(sibling)
            if hints and (names_comments(hints) or hint_strength(hints) == 2 and not names_content(hints)):
                continue  # an author's box, the readers' comments
            if holds_a_thread_alone(sibling, good, read):
                continue
            if cited and holds_a_thread(sibling, analysis, unnamed, True):
                continue  # (a thread of comments under their writers' names, rule comments-by-name)
            elsewhere += g
            if elsewhere >= most:
                return None, None  # the story's text stands beside its header
        node = parent
    return post, picture


def story_picture_post(
    main: etree._Element, heading: etree._Element | None, analysis: Analysis
) -> Collection[etree._Element]:
    """The block of the region `main` holding a post told in a picture under its heading (`picture_post_block`), with
    the blocks holding it up to `main` and the blocks in it holding the picture."""
    post, picture = picture_post_block(main, heading, analysis)
    if post is None:
        return NO_LINE
    # (the picture is below the post; the post is the region or below it)
    return {post, *(ancestors_below(post, main) if post is not main else ()), *ancestors_below(picture, post)}


def is_placed(style: str) -> bool:
    """Whether an inline style places an element at a share of its container's height and width (`top: 34%;
    left: 5%`): a label drawn over a picture, as chart and map tools write them."""
    return "%" in style and _PLACED_TOP.search(style) is not None and _PLACED_SIDE.search(style) is not None


def bold_line(block: etree._Element) -> etree._Element | None:
    """The bold element a paragraph is, or opens with on a line of its own (`bold_first_line`)."""
    if block.tag not in ("p", "div") or not len(block):
        return None
    first = block[0]
    if (
        first is block[-1]
        and first.tag in BOLD_TAGS
        and not (block.text or "").strip()
        and not (first.tail or "").strip()
    ):
        return first
    return bold_first_line(block)


def lead_line(block: etree._Element, leads: dict[etree._Element, etree._Element | None]) -> etree._Element | None:
    """The heading `block` opens with (`opening_heading`), else its bold line (`bold_line`); read once per block
    into `leads` (the comments and the closing notes are looked for among the same blocks)."""
    line = leads.get(block, block)
    if line is block:
        line = opening_heading(block)
        if line is None:
            line = bold_line(block)
        leads[block] = line
    return line


def opens_line(el: etree._Element) -> bool:
    """Whether a block is one line that its own text opens (`<p>© 2026 ...`), or that one inline element wraps whole
    (`<p><em>© ...</em></p>`): not a block whose first child opens it (an image's credit ahead of a paragraph, judged
    on its own)."""
    if any(child.tag not in LINE_TAGS for child in el.iterchildren(etree.Element)):
        return False
    if (el.text or "").strip():
        return True
    return len(el) == 1 and not (el[0].tail or "").strip()


def in_line(el: etree._Element) -> bool:
    """Whether an inline element holds text or more inline elements (an empty anchor `<a name=…>` holds no line)."""
    return el.tag in LINE_TAGS and (bool((el.text or "").strip()) or len(el) > 0)


def is_prose(text: str | None) -> bool:
    """Loose text (an element's tail) long enough to be content rather than a separator."""
    return bool(text) and len(text.strip()) >= MIN_UNIT  # type: ignore[union-attr, misc]


def question_box(
    answers: list[etree._Element], region: etree._Element, text: Callable[[etree._Element], int]
) -> etree._Element | None:
    """The nearest block holding a poll's `answers` (its radio buttons) that holds text ahead of the first of
    them: its question. Text is as `text` measures it (labels, which name the answers, are not measured). None when
    the answers lie further apart, or the question further out, than POLL_DEPTH elements up (a poll keeps them
    together), or the block would be `region`. Linear: each answer is looked up at most POLL_DEPTH levels."""
    first = answers[0]
    lineage = list(islice(chain((first,), first.iterancestors()), POLL_DEPTH + 1))
    level = {node: i for i, node in enumerate(lineage)}
    holding = 0  # the level of the block holding every answer so far
    for button in answers[1:]:
        shared = next(
            (level[node] for node in islice(chain((button,), button.iterancestors()), POLL_DEPTH + 1) if node in level),
            None,
        )
        if shared is None:
            return None
        holding = max(holding, shared)
    asked = False  # whether a block passed so far holds text ahead of the first answer
    for node, block in zip(lineage, lineage[1:]):
        if block is region:
            return None
        asked = (
            asked
            or bool((block.text or "").strip())
            or any(text(sibling) or (sibling.tail or "").strip() for sibling in node.itersiblings(preceding=True))
        )
        if asked and level[block] >= holding:
            return block
    return None


def is_prompt(value: str | None) -> bool:
    """Whether a text field's value leaves it empty for the reader to fill: no value, or words with no digit (its
    prompt, "Your email address", "Search...", as pages wrote a placeholder before the attribute); a number (a
    basket's quantity) or a value holding one (a date, a code) is what the field holds."""
    value = (value or "").strip()
    return not value or not any(ch.isdigit() for ch in value) and any(ch.isalpha() for ch in value)


def names_answer(button: etree._Element) -> bool:
    """Whether text names a radio button's answer: its `<label>` (around it or right after it), or the words
    after it (a rating's stars name nothing)."""
    if (button.tail or "").strip():
        return True
    for label in (button.getparent(), button.getnext()):
        if label is not None and label.tag == "label" and subtree_text(label).strip():
            return True
    return False


# the loose text before an element runs into it: it ends in a word, perhaps then spaces or an opening quote
_RUNS_INTO = re.compile(r"\w[\s\"'(\u201c\u201e\u2018\u00ab]*\Z")
_POSSESSIVE = re.compile(r"[\u2019']s\b")  # the tail goes on with a possessive: "<a>Ann Keel</a>'s company"


def in_a_sentence(el: etree._Element) -> bool:
    """Whether an inline element is words of a sentence: the loose text before it runs into it ("said <a>Tom
    Berg</a>"), its tail goes on with a possessive ("<a>Ann Keel</a>'s company"), or words stand on both sides of
    it. Not a link after a full stop, nor a label opening a line."""
    previous = el.getprevious()
    parent = el.getparent()
    before = previous.tail if previous is not None else parent.text if parent is not None else None
    after = el.tail
    if before and _RUNS_INTO.search(before) or after and _POSSESSIVE.match(after):
        return True
    return has_words(before) and has_words(after)


def in_running_text(el: etree._Element) -> bool:
    """Whether words run on right beside `el` (the loose text just before it or its tail holds a letter or digit):
    `el` is part of a line of text, not a line of its own."""
    previous = el.getprevious()
    before = previous.tail if previous is not None else el.getparent().text if el.getparent() is not None else None
    return any(text and any(c.isalnum() for c in text) for text in (before, el.tail))


def whole_tables(root: etree._Element) -> set[etree._Element]:
    """What the data tables under `root` headed by a row of column headers hold: their rows, cells and what the cells
    hold. Such a table is judged whole: a date, a link or a line repeated in a cell is a value of the table, not a
    block of its own."""
    parts: set[etree._Element] = set()
    for table in root.iter("table"):
        if is_headed(table) and not is_layout_table(table):
            parts.update(table.iterdescendants())
    return parts


def once_each(
    skip: Callable[[etree._Element], bool],
    text: Callable[[etree._Element], str] = block_text,
    disabled: frozenset[str] = frozenset(),
    whole: Collection[etree._Element] = (),
) -> Callable[[etree._Element], bool]:
    """`skip`, plus: a paragraph-level block repeating one already rendered (over 20 characters) is skipped (unless
    `disabled` names "repeats-once"), but not in a table judged `whole` (`whole_tables`).

    Asked by the renderer in document order, so the first occurrence is the one kept.
    """
    if "repeats-once" in disabled:
        return skip
    seen: set[str] = set()

    def skip_repeats(el: etree._Element) -> bool:
        if skip(el):
            return True
        # an item holding paragraphs is judged by them, so a paragraph never repeats its own item
        tag = el.tag
        if tag in REPEAT_TAGS and (tag == "p" or next(el.iter("p"), None) is None) and el not in whole:
            key = text(el)
            if len(key) > 20:
                if key in seen:
                    return True
                seen.add(key)
        return False

    return skip_repeats


def is_a_line_of_its_own(el: etree._Element) -> bool:
    """Whether an inline element is a line of its own in its block: no text beside it in the elements around it,
    up to the nearest block, and a block, a line break or nothing on each side (not a footnote's number)."""
    node = el
    while True:
        parent = node.getparent()
        if parent is None:
            return False
        previous = node.getprevious()
        if previous is None:
            if parent.text and not parent.text.isspace():
                return False
        elif previous.tail and not previous.tail.isspace() or not is_a_break(previous):
            return False
        if node.tail and not node.tail.isspace():
            return False
        following = node.getnext()
        if following is not None and not is_a_break(following):
            return False
        if parent.tag in BLOCK_TAGS or parent.tag in ENTRY_TAGS:
            return parent.tag not in ENTRY_TAGS  # an entry of a list or table is no line of the text
        node = parent


def sends(form: etree._Element) -> bool:
    """Whether a form holds a control that sends it: a submit input or a button that is not a plain button."""
    for control in form.iter("input", "button"):
        kind = str_lower((control.get("type") or ("submit" if control.tag == "button" else "text")).strip())
        if kind in SEND_TYPES:
            return True
    return False


def is_reply_form(form: etree._Element, size: int) -> bool:
    """Whether a block is a reply form: a `<form>` of at most MAX_SIGN_UP characters (`size`) holding a box to write
    in (a `<textarea>`) and a control that sends it (rule reply-forms)."""
    return form.tag == "form" and size <= MAX_SIGN_UP and next(form.iter("textarea"), None) is not None and sends(form)


def holds_a_reply_form(
    block: etree._Element, good: Callable[[etree._Element], int], text: Callable[[etree._Element], int]
) -> bool:
    """Whether all of a block's content text is in a reply form (`is_reply_form`), down through up to
    REPLY_FORM_DEPTH wrappers holding all of it."""
    node: etree._Element | None = block
    total = good(block)
    for _ in range(REPLY_FORM_DEPTH):
        if node is None or not total:
            return False
        if node.tag == "form":
            return is_reply_form(node, text(node))
        node = next((child for child in node.iterchildren(etree.Element) if good(child) == total), None)
    return False


def in_blocks(block: etree._Element, good: Callable[[etree._Element], int]) -> bool:
    """Whether a block's content text is spread over several blocks: down from it, one child at a time holding all
    of it (wrappers), a block with two children holding content text or more."""
    node = block
    while True:
        holding = [child for child in node.iterchildren(etree.Element) if good(child)]
        if len(holding) != 1:
            return len(holding) > 1
        node = holding[0]


def closes_on_rights(block: etree._Element) -> bool:
    """Whether the last words of `block` outside links (past separators and a menu's links) are a copyright notice
    with links to the site's pages on its line or after it (MIN_MENU_LINKS: "Home | Contact © 2024 Harbour Media",
    the notice over a menu), not a picture's credit (in a caption or a figure) nor a notice closing a story's text
    alone."""
    if not may_hold_rights("".join(block.itertext())):
        return False  # (one read of its text in C, not a walk in Python, for the many blocks holding no notice)
    # (the element showing it, a text outside links, the links seen before that element opened), in order
    strings: list[tuple[etree._Element, str, int]] = []
    hidden: set[etree._Element] = set()  # the links and unseen elements below the block, and all they hold
    opened: dict[etree._Element, int] = {}  # per element showing text: the links seen before it opened
    links = 0
    for event, el in etree.iterwalk(block, events=("start", "end")):
        parent = el.getparent() if el is not block else None
        out = parent is None or parent not in hidden
        if event == "end":
            if el.tail and out and parent is not None:
                strings.append((parent, el.tail, opened.get(parent, 0)))
        elif not isinstance(el.tag, str) or not out or el.tag == "a" or el.tag in INVISIBLE_TEXT_TAGS:
            hidden.add(el)
            links += el.tag == "a" and out
        else:
            opened[el] = links
            if el.text:
                strings.append((el, el.text, links))
    # (by index from the end: mypyc cannot type a reversed() list of these tuples)
    for i in range(len(strings) - 1, -1, -1):
        holder, string, before = strings[i]
        line = string.strip().lstrip(LINK_SEPARATORS).lstrip()  # ("… | <a>Contact</a> | © 2024 …")
        if not any(ch.isalnum() for ch in line):
            continue  # a separator between links
        return (
            len(line) <= MAX_RIGHTS
            and is_rights_line(line)
            and links - before >= MIN_MENU_LINKS
            and not any(up.tag in CREDITED_TAGS for up in chain((holder,), holder.iterancestors()))
        )
    return False


def is_a_break(el: etree._Element) -> bool:
    """Whether an element beside an inline one ends its line: a block, a line break, or an element without text
    (a script, an empty wrapper)."""
    tag = el.tag
    # the first text found decides: a line's neighbours with text have it near their start
    return tag in BLOCK_TAGS or tag == "br" or not isinstance(tag, str) or not shows_text(el)


def is_comment(
    block: etree._Element,
    own: Counts,
    titles: bool = True,
    boxed: Callable[[], bool] | None = None,
    dates_first: bool = False,
) -> bool:
    """A reader's comment: its first COMMENT_HEAD_ELEMENTS elements hold no heading (a post's or an event's title),
    and a day's date (perhaps with a time) within its first COMMENT_HEAD_WORDS words, after the writer's name: an
    element of its own of 1 to NAME_WORDS words (a link, `<cite>`, bold) ending at most two words before the date
    ("Ann Keel says:", "by <a>Ann</a>,"), or an avatar's image ahead of it; then, on a line of its own (a
    paragraph, after a line break), what the reader wrote: COMMENT_WORDS_OWN characters and more (a list of dates
    and places is one line each). With `titles` (rule comment-titles), the comment may open with a heading of its own
    (its title, "Re: …") when the header under it links again to where the heading links (the comment's permalink,
    from its title and from its date or number): the name and date are then read under the heading; or when the
    heading holds the header itself (a name and a date, a few words) and `boxed()` says a box to write in follows the
    thread. With `dates_first` (rule comment-dates-first) and `boxed()`, the date may come first, the writer's name
    right after it ("09. Jul, 2012 / Ann says:")."""
    for _ in range(COMMENT_WRAPPERS):  # a comment wrapped whole in a block of its own (`<li><div>…</div></li>`)
        if len(block) != 1 or block.text and block.text.strip() or block[0].tail and block[0].tail.strip():
            break
        block = block[0]
    if len(block) < 2 or not _DIGIT.search("".join(islice(block.itertext(), COMMENT_HEAD_ELEMENTS))[:COMMENT_HEAD]):
        return False  # (no header and text apart, or no number to write a date with: most blocks, told cheaply)
    words: list[tuple[str, int]] = []  # the words read, each with the number of the line it is on
    names: list[str] = []
    image = False
    size = line = 0
    title = None  # the comment's own heading (`titles`), while it is read, and its links
    title_links: set[str] = set()
    linked_back = False
    headed = False  # a heading holding the header
    events = 2 * COMMENT_HEAD_ELEMENTS
    walk = etree.iterwalk(block, events=("start", "end"))
    for event, node in walk:
        events -= 1
        if events < 0:
            break
        tag = node.tag
        if event == "start":
            if not isinstance(tag, str):
                continue
            if tag in HEADING_TAGS:
                if not titles or title_links or headed or words or image:
                    return False  # a heading inside the header, or a second one: a post's or an event's title
                links = {href for a in node.iter("a") if (href := a.get("href")) and href != "#"}
                if links:
                    title, title_links = node, links
                    continue
                # a heading holding the header itself (`<h3><span>Ann</span> <span>07 Nov 12</span></h3>`): a few
                # words, over a thread a box to write in follows (else a schedule's dated places, a changelog's)
                if boxed is None or len(" ".join(node.itertext()).split()) > NAME_WORDS + DATE_WORDS + 1 or not boxed():
                    return False
                headed = True
            if title is not None:
                continue  # the title's own words are not the header's
            if tag == "a" and title_links and node.get("href") in title_links:
                linked_back = True
            if tag in IMAGE_TAGS:
                image = True
            elif tag in UNIT_TAGS or tag == "br":
                line += 1
            piece = node.text
            if piece and piece.strip() and tag in NAME_TAGS:
                names.append(" ".join(piece.split()))
        else:
            if node is block:
                break
            if node is title:
                title = None
                events = 2 * COMMENT_HEAD_ELEMENTS  # the header is read under the title
            elif title is not None:
                continue
            if tag in UNIT_TAGS:
                line += 1
            piece = node.tail
        if piece and piece.strip():
            words.extend((word, line) for word in piece.split() if any(c.isalnum() for c in word))
            size += len(piece)
            if size > COMMENT_HEAD:
                break
    if title_links and not linked_back:
        return False  # a heading whose link does not come back under it: a post's or a section's
    at = date_at([word for word, _ in words], times=False)  # a day: a time alone is a schedule's
    if at is None or at > COMMENT_HEAD_WORDS or at == 0 and not (dates_first and boxed is not None and boxed()):
        return False
    if at == 0:
        # the date first ("09. Jul, 2012 / Ann says:", `dates_first`: a box to write in follows the thread), the
        # name right after it: an element of its own that is no date
        near = " ".join(word for word, _ in words[1 : 1 + DATE_WORDS + NAME_WORDS])
        names = [name for name in names if date_at(name.split()) is None]
    else:
        near = " ".join(word for word, _ in words[max(0, at - NAME_WORDS - 2) : at])  # the name, "says:" or a comma
    dated = words[at][1]
    return (
        (image or any(0 < len(name.split()) <= NAME_WORDS and name in near for name in names))
        and any(on > dated for _, on in words[at:])
        and own.text - own.links > sum(len(word) + 1 for word, _ in words[:at]) + COMMENT_WORDS_OWN
    )


def is_named_comment(
    block: etree._Element, own: Counts, boxed: Callable[[], bool], least: int = COMMENT_WORDS_OWN
) -> bool:
    """A reader's comment without a date (rule comment-names): down through up to COMMENT_WRAPPERS blocks holding it
    alone (beside empty ones: an avatar's place), its first element holding text is its header: no heading, the
    writer's name first (an element of its own of 1 to NAME_WORDS words; a homepage's address written out before it
    is no word of it), at most two words after it ("said,"); then what the reader wrote, `least` characters and more
    (a short reply: less). The name a `<cite>` (the markup for who wrote it), or a box to write in follows the
    thread."""
    for _ in range(COMMENT_WRAPPERS):
        if block.text and block.text.strip():
            break
        holding = [child for child in block.iterchildren(etree.Element) if shows_text(child)]
        if len(holding) != 1 or any(child.tail and child.tail.strip() for child in block.iterchildren()):
            break
        block = holding[0]
    head = next((child for child in block.iterchildren(etree.Element) if shows_text(child)), None)
    if (
        head is None
        or block.text
        and block.text.strip()
        or not (head.tail and head.tail.strip())
        and not any(map(shows_text, head.itersiblings(etree.Element)))
    ):
        return False  # (no header apart from the text)
    words: list[str] = []
    name = 0  # words of the first element of the header that holds a name
    cited = False
    for node in islice(head.iter(), COMMENT_HEAD_ELEMENTS):
        tag = node.tag
        if not isinstance(tag, str):
            continue
        if tag in HEADING_TAGS or tag in IMAGE_TAGS and words:
            return False
        if tag == "cite":
            cited = True
        own_words = [word for word in (node.text or "").split() if "://" not in word]
        if own_words and not name and tag in NAME_TAGS and len(own_words) <= NAME_WORDS and not words:
            name = len(own_words)
        words.extend(own_words)
        if node is not head and node.tail:
            words.extend(word for word in node.tail.split() if "://" not in word)
        if len(words) > NAME_WORDS + 2:
            return False
    header = sum(len(word) + 1 for word in words)
    return 0 < name and len(words) <= name + 2 and own.text - own.links > header + least and (cited or boxed())


def comment_item(block: etree._Element, stats: dict[etree._Element, Counts]) -> etree._Element | None:
    """The item of a list that is a comment of its own (rule comment-lists): its first item, when the items after it
    hold no content text and fewer than COMMENT_HEAD characters outside links in all (the comment's tools: a count of
    votes, of replies, a link to report it); else None (a list of items alike, a log's notes)."""
    first = None
    size = 0
    for item in block.iterchildren(etree.Element):
        if first is None:
            if item.tag != "li":
                return None
            first = item
            continue
        own = stats.get(item)
        if own:
            size += own.text - own.links
            if own.good or size >= COMMENT_HEAD:
                return None
    return first


def heads_a_comment(head: etree._Element) -> bool:
    """Whether a `<dt>` is a comment's header over the `<dd>` text after it (rule comment-terms): a day's date within
    its first COMMENT_HEAD_WORDS words, after the writer's name (an element of its own of 1 to NAME_WORDS words
    ending at most two words before it) or an avatar's image; no heading, and no more than COMMENT_HEAD characters
    in all (a header, not a term's text)."""
    words: list[str] = []
    names: list[str] = []
    image = False
    size = 0
    for event, node in islice(etree.iterwalk(head, events=("start", "end")), 2 * COMMENT_HEAD_ELEMENTS):
        tag = node.tag
        if event == "start":
            if not isinstance(tag, str):
                continue
            if tag in HEADING_TAGS:
                return False
            if tag in IMAGE_TAGS:
                image = True
            piece = node.text
            if piece and piece.strip() and tag in NAME_TAGS:
                names.append(" ".join(piece.split()))
        else:
            if node is head:
                break
            piece = node.tail
        if piece and piece.strip():
            words.extend(word for word in piece.split() if any(c.isalnum() for c in word))
            size += len(piece.strip())
            if size > COMMENT_HEAD:
                return False
    at = date_at(words, times=False)
    if not at or at > COMMENT_HEAD_WORDS:
        return False
    near = " ".join(words[max(0, at - NAME_WORDS - 2) : at])
    return image or any(0 < len(name.split()) <= NAME_WORDS and name in near for name in names)


def signature(block: etree._Element, size: int = SIGNATURE_ELEMENTS) -> tuple[str, ...]:
    """How a block opens: the tags of its first `size` elements (comments of one template open alike)."""
    return tuple(node.tag for node in islice(block.iter(etree.Element), size))


def holds_replies(run: list[etree._Element], stats: dict[etree._Element, Counts]) -> bool:
    """Whether a comment of `run` holds a reply: a block of its tag reading as a comment too, in a list of its own
    inside the comment (a block of the tag the run's list has: `<li>…<ul><li>`) — a threaded discussion; entries of a
    guest book or of reviews, and posts of a listing, do not answer one another."""
    tag = run[0].tag
    parent = run[0].getparent()
    lists = parent.tag if parent is not None else None
    for block in run:
        for inner in block.iterdescendants(tag):
            holder = inner.getparent()
            own = stats.get(inner)
            if holder is not block and holder.tag == lists and own and own.text > own.links and is_comment(inner, own):
                return True
    return False


def holds_cited_comments(node: etree._Element, analysis: Analysis) -> bool:
    """Whether THREAD_SHARE of a block's content text is in comments headed by their writer's name in a `<cite>`
    (`is_named_comment`, no box to write in asked for), MIN_COMMENTS or more of one tag opening alike
    (NAMED_SIGNATURE) among its first blocks of content text (rule comments-by-name): the markup says who wrote each,
    as a thread's fallback list does."""
    good = analysis.good
    stats = analysis.stats
    comments: list[etree._Element] = []
    for child in islice((child for child in node if good(child)), 4 * MIN_COMMENTS):
        if child.tag in COMMENT_TAGS and is_named_comment(child, stats[child], _no_box):
            comments.append(child)
            if len(comments) == 2 * MIN_COMMENTS:
                break
    if len(comments) < MIN_COMMENTS or len({child.tag for child in comments}) != 1:
        return False
    kin = {signature(child, NAMED_SIGNATURE) for child in comments}
    tag = comments[0].tag
    held = sum(good(child) for child in node if child.tag == tag and signature(child, NAMED_SIGNATURE) in kin)
    return held >= THREAD_SHARE * good(node)


def _no_box() -> bool:
    return False


def holds_a_thread(
    block: etree._Element, analysis: Analysis, read: dict[etree._Element, bool], named: bool = False
) -> bool:
    """Whether all of a block's content text is in a thread of readers' comments found without its name, down through
    wrappers holding nothing else: where the content text first spreads over several children, MIN_COMMENTS or more
    of them of one tag read as comments (`is_comment`), holding THREAD_SHARE of it, and answering one another
    (`holds_replies`: a discussion, not a guest book's or a review page's entries). `read` keeps the blocks already
    read, so a descent through deep wrappers reads each once."""
    good = analysis.good
    stats = analysis.stats
    chain = []
    node: etree._Element | None = block
    found = False
    while node is not None:
        if node in read:
            found = read[node]
            break
        chain.append(node)
        total = good(node)
        inner = next((child for child in node if good(child) == total), None)
        if inner is None:
            # a few comments tell the template: the first 4 * MIN_COMMENTS blocks of content text read, until
            # 2 * MIN_COMMENTS are found (a thread's blocks are most of its list's)
            comments: list[etree._Element] = []
            for child in islice((child for child in node if good(child)), 4 * MIN_COMMENTS):
                if child.tag in COMMENT_TAGS and is_comment(child, stats[child]):
                    comments.append(child)
                    if len(comments) == 2 * MIN_COMMENTS:
                        break
            kin = {signature(child) for child in comments}
            found = (
                len(comments) >= MIN_COMMENTS
                and len({child.tag for child in comments}) == 1
                and sum(good(child) for child in node if child.tag == comments[0].tag and signature(child) in kin)
                >= THREAD_SHARE * total
                and holds_replies(comments, stats)
            )
            if not found and named:
                found = holds_cited_comments(node, analysis)
        node = inner
    for el in chain:
        read[el] = found
    return found


class FurnitureTest:
    """The predicate the renderer asks, element by element, inside the main region.

    A class rather than closures that call each other: closures referring to one another form a
    reference cycle, which keeps each page's analysis alive until the garbage collector runs.
    """

    def __init__(
        self,
        main: etree._Element,
        analysis: Analysis,
        recall: bool = False,
        body: etree._Element | None = None,
        author: str | None = None,
        title: etree._Element | None = None,
        whole: set[etree._Element] | None = None,
        headline: etree._Element | None = None,
        post: etree._Element | None = None,
        article_body: str = "",
        story: etree._Element | None = None,
    ) -> None:
        self.main = main
        self.story_heading = story  # the heading of the page's story (a post's title linking to the post)
        # it and the blocks holding it (read once: a page's link-dense blocks each ask)
        self.story_holders = frozenset(chain((story,), story.iterancestors())) if story is not None else frozenset()
        self.author = byline_name(author)  # the words of the page's author's name, whose byline lines go
        # the longest such line: the name, a few words and a date (a name in one word: alone)
        self.max_byline = sum(map(len, self.author)) + (MAX_BYLINE_EXTRA if len(self.author) > 1 else 2)
        # the article's body (the region found by descent) and the blocks between it and `main`: a block holding
        # teaser cards beside the body's paragraphs is not skipped whole (its cards are judged one by one)
        self.body_path: set[etree._Element] = set()
        if body is not None and body is not main:
            self.body_path.add(body)
            for ancestor in body.iterancestors():
                if ancestor is main:
                    break
                self.body_path.add(ancestor)
        self.analysis = analysis
        self.stats = analysis.stats
        self.pruned = analysis.pruned
        self.region_text = max(1, analysis.text(main) - analysis.links(main))
        self.region_good = analysis.good(main)
        # the region's text and content text without its comment thread (named, or held alone by wrappers), which a
        # short post (with its links, or in a weakly named block) is measured against (the descent stops above a short
        # post over a long thread); a post without content text of its own is measured against the whole region (and
        # read again if nothing else is left)
        read: dict[etree._Element, bool] = {}
        good = analysis.good
        targets = analysis.comment_targets()
        threads = [
            child
            for child in main
            if (hints := class_and_id(child))
            and names_comments(hints)
            or child in targets
            or good(child)
            and holds_a_thread_alone(child, good, read)
        ]
        post_good = self.region_good - sum(map(analysis.good, threads))
        self.post_sizes = (
            (analysis.text(main) - sum(map(analysis.text, threads)), post_good)
            if post_good
            else (analysis.text(main), self.region_good)
        )
        self.weak_share = 0.05 if recall else 0.15
        self.gallery: set[etree._Element] = set()  # the region's captions, when they carry the post (`captions_carry`)
        self.hint_readings: dict[str, HintReading] = {}  # one per distinct class/id string
        self.caption_hints: dict[str, bool] = {}  # per distinct class/id string: whether it names a caption
        self.token_strengths: dict[str, int] = {}  # one per distinct class/id token
        self.beside_cards: dict[etree._Element, int] = {}
        # per parent: the tag and class its children share with a sibling (`repeats`)
        self.repeated_kinds: dict[etree._Element, set[tuple[str, str]]] = {}
        # per parent: the content text of its children before each (`follows_the_post`)
        self.good_before: dict[etree._Element, dict[etree._Element, int]] = {}
        self.one_image: dict[etree._Element, bool] = {}  # per block: holds exactly one image
        self.loose_text: dict[etree._Element, bool] = {}  # per block: has text outside its child elements
        self.anchors: dict[str, etree._Element] | None = None  # the page's link targets by name (when asked)
        self.off_text: dict[etree._Element, bool] = {}  # per link target: outside the region or in its furniture
        self.texts: dict[etree._Element, str] = {}
        self.holds_skipped: set[etree._Element] | None = None  # the elements holding one never shown, once asked
        self.hints: dict[etree._Element, str] = {}
        # what a table judged whole holds is not furniture (`whole_tables`), but what the measuring walk pruned
        self.verdicts: dict[etree._Element, bool] = dict.fromkeys(whole - self.pruned if whole else (), False)
        self.teaser_runs: dict[etree._Element, set[etree._Element]] = {}  # per parent: its flat teaser sections
        self.teaser_after: dict[etree._Element, set[etree._Element]] = {}  # per parent: its cards after content
        self.drawings: dict[etree._Element, bool] = {}  # per block: holds labels placed over a picture
        self.code: dict[etree._Element, bool] = {}  # per block: whether it is inside code (`in_code`)
        self.has_code: bool | None = None  # whether the region holds code at all (when asked)
        self.prose_in_paragraphs: bool | None = None  # most of the region's content text is in <p> (when asked)
        self.textarea_holders: set[etree._Element] | None = None  # the blocks holding a box to write in (when asked)
        # the rules switched off, by name (`rules.RULES`), are read from the analysis: one more attribute here
        # would take the instances past the size up to which CPython shares their attribute keys, and every
        # attribute read would be slower
        off = analysis.disabled
        # the story's title as a heading over the comments may quote it ("13 Responses to “…”": `without_title`)
        heading = headline if headline is not None else title
        label_title = (
            " ".join(self.text_of(heading).split()).strip(QUOTE_MARKS)
            if heading is not None and "comment-label-titles" not in off
            else ""
        )
        # the blocks closing the region that are not the story
        # (the readers' comments under a heading naming them are named outright: left out in a second reading too,
        # which goes without the closing notes, measured against the region)
        comments: set[etree._Element] = set()  # the readers' comments found by their label (`comment_sections`)
        self.closing = (
            self.closing_furniture(title=label_title, comments=comments)
            if "closing-furniture" not in off
            else self.closing_furniture(notes=False, title=label_title, comments=comments)
            if "comment-sections" not in off
            else set()
        )
        if comments and "post-without-comments" not in off:
            # a short post is measured without its comments however they are found, as without those named so
            # above: else a thread whose names say nothing (as blind reads it) makes the post's own paragraph a
            # small part of "the post", and the tests guarded by `holds_the_post` take it as furniture
            apart = comments.union(threads)
            tops = [el for el in apart if not any(up in apart for up in el.iterancestors())]
            post_good = self.region_good - sum(map(good, tops))
            if post_good > 0:
                self.post_sizes = (analysis.text(main) - sum(map(analysis.text, tops)), post_good)
        if article_body and not recall and "publisher-body-end" not in off:
            self.closing.update(self.after_the_publishers_text(article_body))
        if not recall and "site-footers" not in off:
            self.closing.update(self.site_footer())
        if not recall and "sidebar-columns" not in off:
            self.closing.update(self.sidebar_columns(heading))
        # what the region holds over its headline
        # (over the post's title, `headline`, where the <h1> is a section's banner over it: the banner is a label)
        self.above_title = (
            self.labels_above(headline if headline is not None else title) if "kickers" not in off else set()
        )
        if post is not None and title is not None and "mastheads" not in off:
            masthead = self.masthead(title, post)
            if masthead is not None:
                self.verdicts[masthead] = True
        self.entry_holders: set[etree._Element] | None = None  # the blocks around a text field (when asked)
        self.reply_heads: set[etree._Element] | None = None  # a reply form's heading and notes beside it (when asked)
        self.follows: dict[etree._Element, bool] = {}  # blocks after text of the region (`follows_text`)
        self.after_text: dict[etree._Element, set[etree._Element]] = {}  # children after a parent's first with text
        self.heading_holders: set[etree._Element] | None = None  # the blocks of the region holding a heading
        self.alike_shares: dict[tuple[etree._Element, str], float] = {}
        self.threads: dict[etree._Element, set[etree._Element]] = {}  # per parent: the comments closing it
        self.lines_of_links: dict[etree._Element, Collection[etree._Element]] = {}  # per parent: its line of links
        self.gallery = self.captions_carry(main)
        if not self.gallery and "captions" not in off and "described-pictures" not in off:
            for caption in self.described_pictures(main):
                self.verdicts.setdefault(caption, True)
        # the page's story heading, until a verdict asks for the post told in a picture under it: then the blocks
        # holding that post (`story_picture_post`), read once
        self.story_post: etree._Element | Collection[etree._Element] | None = (
            story if "story-picture" not in off else None
        )

    def captions_carry(self, main: etree._Element) -> set[etree._Element]:
        """The captions of the region's pictures when they hold more than half of its content text (a gallery, a
        post told in pictures with a line under each), with the blocks holding each with its picture: they are the
        post's text, not furniture; else an empty set. A caption is a `<figcaption>` or a block the captions rule
        reads as one, holding no heading (a picture over a heading and text is a card); MIN_GALLERY of them with
        content text at least. (A page whose `<figcaption>`s hold more than half of the region's text is a gallery
        however short they are.)"""
        figcaptions = self.analysis.caption_text
        images = list(main.iter("img"))
        if len(images) < MIN_GALLERY and not figcaptions:
            return set()
        stats = self.stats
        # a picture's caption is the block right after it, or after the block holding it (a link, a figure-like
        # block), or that block's first block (a wrapper of the caption): a few blocks looked at per picture
        candidates: list[list[etree._Element]] = [[el] for el in main.iter("figcaption")] if figcaptions else []
        for image in images:
            node = image
            for _ in range(CAPTION_LEVELS):
                after = node.getnext()
                if after is not None:
                    wrapped: list[etree._Element] = []
                    while after is not None and after.tag in GALLERY_CAPTION_TAGS and len(wrapped) < CAPTION_LEVELS:
                        wrapped.append(after)
                        after = after[0] if len(after) else None
                    if wrapped:
                        candidates.append(wrapped)
                    break
                node = node.getparent()
                if node is None or node is main:
                    break
        gallery_of_figures = figcaptions > 0.5 * self.region_text  # (the page's <figcaption>s, however short)
        # no caption holds more content text than the block it is or is in: most pages stop here
        if not gallery_of_figures and sum(own.good for wrapped in candidates if (own := stats.get(wrapped[0]))) <= (
            0.5 * self.region_good
        ):
            return set()
        found: set[etree._Element] = set()
        held = count = 0
        for wrapped in candidates:
            for el in wrapped:
                own = stats.get(el)
                if own is None or not own.text or el in found:
                    continue
                if el.tag == "figcaption" or (
                    own.text <= MAX_CAPTION
                    and not own.titles
                    and next(el.iterdescendants(HEADING_TAGS), None) is None
                    and self.is_caption(el, el.tag, own)
                ):
                    found.add(el)
                    found.update(el.iterdescendants(etree.Element))  # (its paragraphs: parts of the caption)
                    if own.good:
                        held += own.good
                        count += 1
                    break
        if (count < MIN_GALLERY or held <= 0.5 * self.region_good) and not gallery_of_figures:
            return set()
        # the blocks holding a caption with its picture alone (a class naming them a caption or a picture reads as
        # furniture): judged no furniture as a whole, what they hold is judged one by one
        for caption in list(found):
            for block in caption.iterancestors():
                if block is main or block in found:
                    break
                counts = stats.get(block)
                if counts is None or counts.text > MAX_CAPTION or not self.holds_one_image(block):
                    break
                found.add(block)
        return found

    def described_pictures(self, main: etree._Element) -> list[etree._Element]:
        """The captions the page declares: the short blocks of the region an image names as its description
        (`<img aria-describedby=ID>`, as a publishing tool writes a captioned picture), holding no picture, list,
        quote or table of their own. Read once per page; the ids looked up only where an image declares one."""
        ids = {name for image in main.iter("img") if (names := image.get("aria-describedby")) for name in names.split()}
        if not ids:
            return []
        stats = self.stats
        return [
            el
            for el in main.iter(etree.Element)
            if el.get("id") in ids
            and (own := stats.get(el)) is not None
            and 0 < own.text <= MAX_CAPTION
            and next(el.iter(MEDIA_TAGS), None) is None
        ]

    def __call__(self, el: etree._Element) -> bool:
        # a section's heading judges the blocks after it, which the renderer then asks about again
        verdict = self.verdicts.get(el)
        if verdict is None:
            verdict = self.verdicts[el] = self.judge(el)
        return verdict

    def judge(self, el: etree._Element) -> bool:
        """Whether `el` is furniture inside the main region (asked once per element)."""
        stats = self.stats
        if el is self.main:
            return False
        if el in self.pruned:
            return True
        if el in self.analysis.listed and "listing-pages" not in self.analysis.disabled:
            return False  # a listing's teasers are its content, however link-dense or named
        tag = el.tag
        if el in self.gallery:
            return False  # a gallery's captions are its text, whatever their class says
        own = stats.get(el)
        total, linked = (own.text, own.links) if own else (0, 0)
        # Every test below can only find furniture, so their order changes no verdict, only the cost: the cheap
        # ones and the class/id test, which finds most, come first. Whether a rule is switched off is asked last,
        # once it would find furniture.
        off = self.analysis.disabled
        if tag in LINK_BLOCK_TAGS and total and tag not in UNIT_TAGS:
            # an inline element around blocks (<font>, <span>): the walk counts only their text, not its own
            total = len(self.text_of(el))
            linked = sum(len(self.text_of(a)) for a in el.iter("a"))
        if (
            tag in LINK_BLOCK_TAGS
            and total
            and is_link_dense(el, tag, total, linked, LIST_LINK_DENSITY if tag in LIST_TAGS else LINK_DENSITY)
            and not inside_link(el)  # a block inside a link is the link's text
            and not (self.analysis.listed and own and own.titles)  # a listing's content is headlines of stories
            and el not in self.analysis.headline_holders
            and total < 0.5 * self.post_sizes[0]
            and not self.holds_the_post(own)  # a short post with its links: most of its content
            and not self.heads_the_story(el, total)
            and not (tag in LIST_TAGS and self.card_lines(el))
            and not self.in_picture_post(el)  # a post told in a picture: its heading, byline and picture
            and "link-density" not in off
        ):
            return True
        if el in self.closing:
            return True
        if (
            el in self.analysis.comment_targets()
            and el not in self.body_path
            and el not in self.story_holders
            and self.follows_text(el)
        ):
            return True  # the block the page's links name as its comments ("3 Comments" jumping to it)
        if (
            0 < total <= MAX_PORTRAIT_BIO
            and tag in AUTHOR_BOX_TAGS
            and (itemprop := el.get("itemprop"))
            and "author" in itemprop.split()
            and own is not None
            and own.good  # prose about the person, not a byline's name
            and el not in self.body_path
            and not self.holds_the_post(own)  # an about page written inside the author's mark: the page's text
            and "author-microdata" not in off
        ):
            return True  # the page marks the box as its author (a schema.org Person) and it describes them
        if (
            self.author
            and tag in AUTHOR_BOX_TAGS
            and 0 < total <= MAX_PORTRAIT_BIO
            and own is not None
            and own.good
            and el not in self.body_path
            and not self.holds_the_post(own)
            and self.is_author_box(el, own.good)
            and "author-boxes" not in off
        ):
            return True  # a box about the byline's author after the post, wherever it stands (not only closing it)
        if tag in TAXONOMY_NOTE_TAGS and 0 < linked and total <= MAX_TAXONOMY_NOTE and self.is_taxonomy_note(el):
            return True  # "This entry was posted on ... and is filed under <a rel='category tag'>News</a>. ..."
        hints = None  # the class and id, once read
        if tag not in HINT_EXEMPT_TAGS:
            # a heading's id is made from its text (`nav_the_results`), so only its class counts
            if tag in HEADING_TAGS:
                class_hints = el.get("class")
            else:
                # read here once (the verdict is kept): no copy kept for later readers
                class_hints = hints = class_and_id(el)
            if class_hints:
                # first what the class string says alone: most name nothing, told without the tests of the element
                reading = self.hint_readings.get(class_hints) or self.read(class_hints)
                # a formula's wrappers are named for the script that draws it ("CtxtMenu", "MJX_Assistive_MathML")
                if (
                    (reading.strength or reading.comments or reading.reader_only and total < MAX_READER_ONLY)
                    and not self.in_code(el)
                    and self.judge_hints(el, tag, class_hints, reading, total, linked, own)
                    and not wraps_formula(el)
                    and "class-hints" not in off
                ):
                    return True
        if not self.gallery and (
            tag == "figcaption"
            or tag in CAPTION_TAGS
            and own is not None
            and own.text <= MAX_CAPTION
            and self.is_caption(el, tag, own, hints)
            and "captions" not in off
        ):
            return True
        if 0 < total <= MAX_CAPTION:
            if tag in MEDIA_BLOCK_TAGS and self.is_media_block(el) and "media-blocks" not in off:
                return True  # a video's title and running time under its player, wherever it stands
            style = el.get("style")
            if style and is_placed(style) and self.is_drawing(el.getparent()) and "chart-labels" not in off:
                return True  # a label placed over a picture among others (a chart's axes, a map's names): a graphic
        if (
            0 < total <= MAX_SHORT_BLOCK
            and tag in SHORT_BLOCK_TAGS
            and not self.holds_the_post(own)  # a short post: most of the content text
            and self.is_short_furniture(el, tag, total)
        ):
            return True
        if (
            not total
            and tag in LOOSE_RIGHTS_TAGS
            and el.text
            and self.is_loose_rights_line(el)
            and "loose-rights-lines" not in off
        ):
            return True  # "© 2012 The Wire. All rights reserved. This material may not be published…" after the story
        if (
            0 < total <= self.max_byline
            and self.author
            and tag in BYLINE_TAGS
            and is_byline(self.text_of(el), self.author)
            and "bylines" not in off
        ):
            return True  # "By Ann Smith", "Ann Smith, science desk | 12 May 2026": the page's author named again
        if (
            total <= MAX_ABOVE_TITLE
            and (tag in KICKER_TAGS or tag == "h1")
            and el in self.above_title
            and (total or self.text_of(el))
            and not in_running_text(el)  # a label is a line of its own: not "<b>Note</b>: the text goes on"
        ):
            # a kicker, a breadcrumb trail, a section's name over the headline (`labels_above` holds only blocks
            # without content text; an inline label's text is counted in its block); a picture is no label; an
            # <h1> over the headline is a banner (the headline the post's title under it: `banner-kickers`)
            return True
        if tag == "time" and self.stands_alone(el) and is_date_line(self.text_of(el)) and "date-lines" not in off:
            return True  # a dateline's <time> (its text is counted in the block around it, so judged here)
        if (
            tag == "a"
            and self.stands_alone(el)  # first: most links sit in a sentence, whose text need not be read
            and len(self.text_of(el)) <= MAX_FURNITURE_LABEL
            and is_furniture_label(self.text_of(el))
            and "furniture-labels" not in off
        ):
            return True  # "Zurück zur Übersicht", "Mehr zum Thema" as a link of its own
        if (
            tag == "a"
            and (href := el.get("href"))
            and href[0] == "#"
            and len(href) > 1
            and self.text_of(el)  # (a link without text renders nothing)
            and is_a_line_of_its_own(el)
            and self.jumps_off_the_text(href[1:])
            and "jump-links" not in off
        ):
            return True  # "Skip to content", "Back to top", "Jump to comments" as a link of its own
        if (
            tag in LINE_TAGS
            and (parent := el.getparent()) is not None
            and el in self.link_lines(parent)
            and "link-lines" not in off
        ):
            return True  # "« Previous post | Next post »" written loose in the post's block after its paragraphs
        if tag in SECTION_HEADINGS and total <= MAX_HEADING and self.heads_nothing(el) and "heads-nothing" not in off:
            return True
        if own and 0 < own.text <= MAX_WIDGET and is_small_widget(el, tag, own) and "control-widgets" not in off:
            return True  # a few labels and counts among controls: a rating, "Was this helpful? Yes No", "Like"
        if el in self.analysis.teaser_lists and el not in self.body_path:
            return True  # cards side by side (what the region was chosen without), not around the article's body
        if self.analysis.listed:
            return False  # the teasers of a listing are its content (the tests below find other pages' teasers)
        parent = el.getparent()
        if (
            tag in LEFTOVER_TAGS
            and not (own and own.good)
            and parent is not None
            and parent is not self.main
            and parent not in self.body_path
            and el not in self.story_holders
            and self.is_leftover(el, parent)
            and "box-leftovers" not in off
        ):
            return True  # "Inhaltsverzeichnis" over a table of contents that went, a reading time beside a date line
        if parent is not None:
            sections = self.teaser_runs.get(parent)  # (read here: most parents were asked about already)
            if sections is None:
                sections = self.teaser_sections(parent)
            if el in sections:
                return True
        if (
            0 < total <= MAX_FORM_BOX
            and tag in FORM_BOX_TAGS
            and el in self.entry_boxes()
            and el not in self.body_path
            and total - linked < 0.5 * self.region_text
            and "form-boxes" not in off
        ):
            return True
        if (
            0 < total <= MAX_PLACEHOLDER
            and tag in PLACEHOLDER_TAGS
            and el not in self.body_path
            and not self.holds_the_post(own)
            and is_embed_placeholder(el)
            and "embed-placeholders" not in off
        ):
            return True  # "Click the button below to load the content." beside the button and the empty player
        if el in self.reply_form_sections() and el not in self.body_path and "reply-forms" not in off:
            return True  # a reply form's heading and notes ("Anything to add?", "All comments are moderated…")
        if (
            tag == "form"
            and 0 < total <= MAX_SIGN_UP
            and el not in self.body_path
            and (
                total - linked < 0.5 * self.region_text
                and not self.holds_the_post(own)
                and sends(el)
                and "sign-up-forms" not in off
                # a reply form (a box to write in) after text of the region: however short the post before it, its
                # notes and small print are the form's
                or is_reply_form(el, total)
                and self.follows_text(el)
                and "reply-forms" not in off
            )
        ):
            return True  # a sign-up or donation form: its pitch, fields, button and small print are its own
        if (
            0 < total <= MAX_FORM_BOX
            and tag in FORM_BOX_TAGS
            and 0 < linked
            and el not in self.body_path
            and total - linked < 0.5 * self.region_text
            and not self.holds_the_post(own)  # a short post asking the reader to join in: the post
            and not self.in_picture_post(el)  # a post told in a picture, its share buttons beside it
            and self.is_call_box(el, total)
            and "call-boxes" not in off
        ):
            return True  # a paywall's stub, a pitch box: its asks ("Subscribe now", "Already a subscriber? Log in")
        if el in self.analysis.teaser_cards and el in self.cards_after_content(parent):
            return True  # cards side by side after the article's text in its block (no block around them)
        if own and own.titles >= MIN_CARDS and self.is_teaser_run(el) and "teaser-cards" not in off:
            return True
        if (
            own
            and own.titles >= 3
            and total < TEASER_CHARS * own.titles
            and (total - linked) < 0.5 * self.region_text
            and self.is_teaser_list(el)
            and "teaser-lists" not in off
        ):
            return True
        if (
            own
            and own.text > own.links
            and (
                (tag in THREAD_TAGS or tag in LIST_COMMENT_TAGS and "comment-lists" not in off)
                and (len(parent) >= MIN_COMMENTS or self.short_thread_counts())
                and el in self.comment_thread(parent)
                or own.text - own.links > COMMENT_WORDS_OWN
                and len(el) >= MIN_COMMENTS
                and el in self.comment_thread(el)
            )
            and "comment-threads" not in off
        ):
            return True  # a reader's comment in a thread, or the block holding the thread alone
        return False

    def heads_the_story(self, el: etree._Element, total: int) -> bool:
        """Whether a block is the story's header: it holds the story's heading (a post's title linking to the post)
        and little more, with a few links at most (a byline, a date, the post's section; not a menu)."""
        if el not in self.story_holders:
            return False
        heading = self.story_heading
        own = self.stats.get(heading)
        if total - (own.text if own else len(self.text_of(heading))) > MAX_STORY_HEADER:
            return False
        links = sum(1 for _ in islice(el.iter("a"), MAX_HEADER_LINKS + 2))
        heading_links: int = sum(1 for _ in islice(heading.iter("a"), 2))  # type: ignore[union-attr, misc]
        return links - heading_links <= MAX_HEADER_LINKS

    def card_lines(self, el: etree._Element) -> bool:
        """Whether a list in a listing's card is the card's own lines: MIN_CARDS - 1 links or more, each linking into
        the card's story (a live blog's latest updates under its headline, each a permalink into the live page), not
        to other stories (related links)."""
        analysis = self.analysis
        card = el.getparent()
        if (
            card is None
            or card not in analysis.listed
            or card in analysis.listed_lists
            or "card-lines" in analysis.disabled
        ):
            return False
        target = link_target(card)
        anchors = list(el.iter("a"))
        return target is not None and len(anchors) >= MIN_CARDS - 1 and all(link_target(a) == target for a in anchors)

    def in_picture_post(self, el: etree._Element) -> bool:
        """Whether `el` is a block of a post told in a picture under the page's story heading (`story_picture_post`)."""
        post = self.story_post
        if post is None:
            return False
        if isinstance(post, etree._Element):
            post = self.story_post = story_picture_post(self.main, post, self.analysis)
        return el in post

    def reply_form_sections(self) -> set[etree._Element]:
        """The blocks beside a reply form (`is_reply_form`, after text of the region) that make its section with it:
        from the last heading of their parent before the form (none after it) to the parent's end ("Anything to
        add?", "All comments are moderated…", the form, its small print), when they hold MAX_SIGN_UP characters at
        most and no other heading; found once per page, each parent's children read once (rule reply-forms)."""
        found = self.reply_heads
        if found is None:
            found = self.reply_heads = set()
            text = self.analysis.text
            tails: dict[etree._Element, set[etree._Element]] = {}  # per parent: its section, empty when none
            for form in self.main.iter("form"):
                parent = form.getparent()
                if parent is None or not is_reply_form(form, text(form)) or not self.follows_text(form):
                    continue
                tail = tails.get(parent)
                if tail is None:
                    children = list(parent.iterchildren(etree.Element))
                    last = max((i for i, child in enumerate(children) if child.tag in HEADING_TAGS), default=None)
                    tail = tails[parent] = (
                        set(children[last:])
                        if last is not None
                        and sum(map(text, children[last:])) <= MAX_SIGN_UP
                        and self.follows_text(children[last])
                        else set()
                    )
                if form in tail:
                    found.update(el for el in tail if el is not form)
        return found

    def follows_text(self, el: etree._Element) -> bool:
        """Whether text of the region stands before `el`: in a block before it, or before a block holding it. Each
        parent's children are read once (the children after its first child holding text), each answer kept."""
        known = self.follows
        answer = known.get(el)
        if answer is None:
            parent = el.getparent()
            if parent is None or el is self.main:
                answer = False
            else:
                after = self.after_text.get(parent)
                if after is None:
                    text = self.analysis.text
                    after = self.after_text[parent] = set()
                    seen = False
                    for child in parent.iterchildren(etree.Element):
                        if seen:
                            after.add(child)
                        elif text(child):
                            seen = True
                answer = el in after or parent is not self.main and self.follows_text(parent)
            known[el] = answer
        return answer

    def holds_the_post(self, own: Counts | None) -> bool:
        """Whether a block (its counts `own`) holds half the post's content text or more: the post itself."""
        return own is not None and own.good >= 0.5 * self.post_sizes[1]

    def judge_hints(
        self,
        el: etree._Element,
        tag: str,
        hints: str,
        reading: HintReading,
        total: int,
        linked: int,
        own: Counts | None,
    ) -> bool:
        """Whether the class and id of `el` (`hints`, and what they say: `reading`) name it furniture, given its size
        in the region."""
        if reading.reader_only and total < MAX_READER_ONLY:
            return True  # "Skip to content", "Search for:", "Opens in new window": text only screen readers get
        if reading.comments:
            return True  # the page's comments, however much of it they fill
        strength = reading.strength
        if not strength or self.holds_a_heading(el):
            return False
        if not total and strength >= 2:
            total = len(self.text_of(el))  # an inline element: its text is counted in its block's
        share = (total - linked) / self.region_text
        if strength >= 2:
            if share < 0.5 and self.named_alike_share(el, hints) < 0.5:
                # broken markup can leave a menu open around the page: then it holds the article
                return not (
                    own and own.good >= 0.5 * self.region_good and next(el.iter("article", "main"), None) is not None
                )
            return False
        if tag in HEADING_TAGS:  # a heading class with a weak word ("entry-title meta") still titles content
            return False
        if not total:  # an inline element, its text counted in its block's: furniture unless it holds the region
            # or is words of a sentence (a person or place the story names, linked to its listing: "meta-per")
            # (not a date nor a label over furniture, "Published 12 May", "Read more", which a line runs into)
            text = self.text_of(el)
            return len(text) < 0.5 * self.region_text and not (
                in_a_sentence(el) and not is_date_line(text) and not is_furniture_label(text)
            )
        # weakly named: a small share of the region, unless it holds half the post (a short post beside its thread)
        return (
            share < self.weak_share and (total - linked < 200 or linked > 0.3 * total) and not self.holds_the_post(own)
        )

    def named_alike_share(self, el: etree._Element, hints: str) -> float:
        """The share of the region's text outside links held by `el` and its siblings of the same class and id: text
        pasted with a byline's class, block after block, is the article whatever the class says."""
        parent = el.getparent()
        key = (parent, hints)
        share = self.alike_shares.get(key)
        if share is None:
            stats, class_and_id = self.stats, self.class_and_id
            held = 0
            for sibling in parent.iterchildren(el.tag):
                if class_and_id(sibling) == hints:
                    own = stats.get(sibling)
                    held += own.text - own.links if own is not None and own.text else len(self.text_of(sibling))
            share = self.alike_shares[key] = held / self.region_text
        return share

    def labels_above(self, title: etree._Element | None) -> set[etree._Element]:
        """The elements of the region ahead of its headline (`title`, the page's `<h1>`) that do not hold it, when
        none of them holds content text (else the headline does not open the region's text)."""
        if title is None or title is self.main or not holds(self.main, title):
            return set()
        holding = set(title.iterancestors())
        stats = self.stats
        ahead: set[etree._Element] = set()
        for el in self.main.iter():
            if el is title:
                return ahead - holding
            if el not in holding:
                own = stats.get(el)
                if own and own.good:
                    return set()
                ahead.add(el)
        return set()

    def masthead(self, name: etree._Element, post: etree._Element) -> etree._Element | None:
        """The site's masthead over a post: the block of the region holding the site's name (`name`, an `<h1>` that
        is one link home) and not the post's title (`post`), when it holds at most MAX_MASTHEAD characters outside
        links (a tagline)."""
        main = self.main
        if not holds(main, name) or not holds(main, post) or holds(name, post):
            return None
        line = {main, *post.iterancestors()}
        node = name
        while node.getparent() not in line:
            node = node.getparent()
        own = self.stats.get(node)
        return node if own is not None and own.text - own.links <= MAX_MASTHEAD else None

    def entry_boxes(self) -> set[etree._Element]:
        """The blocks of the region that ask the reader for input: around an empty field to type text into
        (`<textarea>`, a text-like `<input>` with no value or its prompt as its value, "Your email address", as
        older pages write a placeholder: a field holding a number, a basket's quantity, is part of what it is next
        to), the nearest block holding text, its heading or pitch; around a link to a block holding a box
        to write in (`#respond`), the nearest block holding text; around the named answers of a
        poll (radio buttons of one name), its `question_box`. Polls together hold less than half the region's text
        (more is a quiz: the page's content). Found once, each ancestor of a field passed once."""
        if self.entry_holders is None:
            boxes: set[etree._Element] = set()
            passed: set[etree._Element] = set()  # ancestors found to hold no text
            found: set[etree._Element] = set()  # the nearest blocks holding text around a field, each widened once
            text = self.analysis.text
            answers: dict[str, list[etree._Element]] = {}  # radio buttons by the name of the choice they make
            forms: set[str] = set()  # the ids of the blocks holding a box to write in (a reply form), as link targets
            holding: set[etree._Element] = set()  # the blocks found to hold one (each passed once: linear)
            for field in self.main.iter("input", "textarea"):
                if field.tag == "textarea":
                    for node in chain((field,), field.iterancestors()):
                        if node is self.main or node in holding:
                            break
                        holding.add(node)
                        ident = node.get("id")
                        if ident:
                            forms.add(ident)
                elif field.tag == "input":
                    kind = str_lower((field.get("type") or "text").strip())
                    if kind == "radio":
                        answers.setdefault(field.get("name") or "", []).append(field)
                        continue
                    if kind not in TEXT_ENTRY_TYPES or not is_prompt(field.get("value")):
                        continue
                for ancestor in field.iterancestors():
                    if ancestor is self.main or ancestor in passed:
                        break
                    if text(ancestor):
                        if ancestor not in found:
                            found.add(ancestor)
                            boxes.add(self.widen_entry_box(ancestor))
                        break
                    passed.add(ancestor)
            polls = set()
            for buttons in answers.values():
                # a rating's stars, or a toggle that shows a caption, name nothing: controls, not a question
                if sum(1 for button in buttons if names_answer(button)) >= MIN_ANSWERS:
                    box = question_box(buttons, self.main, text)
                    if box is not None:
                        polls.add(box)
            if sum(text(box) - self.analysis.links(box) for box in polls) < 0.5 * self.region_text:
                boxes |= polls
            if forms:
                # a line pointing the reader to the box ("You can <a href='#respond'>leave a reply</a>", "Comments
                # (0)"): the nearest block holding text around the link
                for anchor in self.main.iter("a"):
                    href = anchor.get("href")
                    if href and "#" in href and href.rsplit("#", 1)[1] in forms:
                        block = next((node for node in anchor.iterancestors() if text(node)), None)
                        if block is not None and block is not self.main:
                            boxes.add(block)
            self.entry_holders = boxes
        return self.entry_holders

    def is_call_box(self, block: etree._Element, total: int) -> bool:
        """A box made of asks (a paywall's stub: "Subscribe now", "Already a subscriber? Log in"; a pitch box):
        MIN_ASKS or more calls to action (links and buttons, and lines around no link that is one, of at most MAX_ASK
        characters each) among its first BOX_ELEMENTS elements, which hold all of it, and at most MAX_PITCH
        characters that are not the asks' (its heading, an offer). Judged from the top down, so the highest such
        block goes whole."""
        text = self.analysis.text
        asks = held = 0
        for count, el in enumerate(block.iter(etree.Element)):
            if count == BOX_ELEMENTS:
                return False  # more than a box holds
            tag = el.tag
            if tag in CALL_TAGS and el is not block:
                size = text(el)
                if not 0 < size <= MAX_ASK or any(is_call_to_action(self.text_of(a)) for a in el.iter("a", "button")):
                    continue  # (a line around a link is the ask only when the link is not one already)
            elif tag == "a" or tag == "button":
                size = len(self.text_of(el)) if len(el) else len((el.text or "").strip())
                if not 0 < size <= MAX_ASK:
                    continue
            else:
                continue
            if is_call_to_action(self.text_of(el)):
                asks += 1
                held += size
        return asks >= MIN_ASKS and total - held <= MAX_PITCH

    def widen_entry_box(self, box: etree._Element) -> etree._Element:
        """The box asking for input around `box`, the nearest block holding text around a field (often only the
        field's labels): the highest block around it holding no heading, at most MAX_FORM_BOX characters and at most
        MAX_PITCH more than `box`, so that the pitch in a block beside the fields ("Get our tide tables in your
        inbox") goes with them, not a paragraph of the story beside a search box. A heading titles what is around
        it: a header holding the headline, its lead and a search box loses the box only."""
        text = self.analysis.text
        limit = min(MAX_FORM_BOX, text(box) + MAX_PITCH)
        if self.heading_holders is None:
            # found once, each ancestor of a heading passed once: a box's ancestors are not searched for headings
            # one by one (fields in wrappers nested thousands deep)
            holders = self.heading_holders = set()
            for heading in self.main.iter(*HEADING_TAGS):
                for node in chain((heading,), heading.iterancestors()):
                    if node in holders or node is self.main:
                        break
                    holders.add(node)
        for parent in box.iterancestors():
            if parent is self.main or text(parent) > limit or parent in self.heading_holders:
                break
            box = parent
        return box

    def is_drawing(self, parent: etree._Element | None) -> bool:
        """Whether `parent` holds MIN_LABELS or more children placed at shares of its height and width (a chart's
        labels; one text placed over a picture is a banner's headline, which stays)."""
        if parent is None:
            return False
        drawing = self.drawings.get(parent)
        if drawing is None:
            placed = 0
            for child in parent.iterchildren(etree.Element):
                style = child.get("style")
                if style and is_placed(style):
                    placed += 1
                    if placed >= MIN_LABELS:
                        break
            drawing = self.drawings[parent] = placed >= MIN_LABELS
        return drawing

    def in_code(self, el: etree._Element) -> bool:
        """Whether `el` is inside code (`<pre>`, `<code>`) in the region: a highlighter names its tokens by their
        syntax (`<span class="token comment">`, `hljs-meta`), not as furniture. Answered once per block on the
        way up, so that deep nesting stays linear."""
        if self.has_code is None:
            self.has_code = next(self.main.iter(*PRE_AND_CODE_TAGS), None) is not None
        if not self.has_code:
            return False
        known = self.code
        passed = []
        node = el.getparent()
        while node is not None and node is not self.main:
            inside = known.get(node)
            if inside is not None:
                break
            if node.tag in PRE_AND_CODE_TAGS:
                inside = True
                break
            passed.append(node)
            node = node.getparent()
        else:
            inside = False
        known.update(dict.fromkeys(passed, inside))
        return inside

    def holds_a_heading(self, el: etree._Element) -> bool:
        """Whether `el` holds most of a heading's text (`<h2><a class="toc-backref">Title</a>¶</h2>`): the heading
        is judged whole, by its own class, and a kicker or date in it (`<span class="date">`) by theirs."""
        for depth, ancestor in enumerate(el.iterancestors()):
            if ancestor.tag in HEADING_TAGS:
                return 2 * len(self.text_of(el)) >= len(self.text_of(ancestor))
            if depth == HEADING_WRAPPERS or ancestor is self.main:
                return False
        return False

    def jumps_off_the_text(self, name: str) -> bool:
        """Whether a link to `#name` on this page leads away from the region's text: to no element, outside the
        region (the navigation, the page's top), to furniture inside it (the comments), or to the region itself or a
        block holding half its content text (a link skipping to the content). A link to a place in the region's text
        (a table of contents' entry to a section) does not. The page's targets are read once, when first asked."""
        if self.anchors is None:
            anchors: dict[str, etree._Element] = {}
            for node in self.main.getroottree().iter(etree.Element):
                key = node.get("id") or node.tag == "a" and node.get("name")
                if key and key not in anchors:  # the first of two alike is where a browser goes
                    anchors[key] = node
            self.anchors = anchors
        target = self.anchors.get(unquote(name) if "%" in name else name)
        if target is None or target is self.main:
            return True
        return self.off_the_text(target) or (
            self.analysis.text(target) - self.analysis.links(target) >= 0.5 * self.region_text
        )

    def off_the_text(self, target: etree._Element) -> bool:
        """Whether `target` is outside the region, or furniture or inside furniture in it. Each element's answer is
        kept (and its ancestors' on the way), so the links of a page walk each ancestor once."""
        main = self.main
        memo = self.off_text
        path = []
        node: etree._Element | None = target
        while True:
            if node is None:
                off = True  # the top of the page passed without the region: outside it
                break
            if node is main:
                off = False
                break
            known = memo.get(node)
            if known is not None:
                off = known
                break
            path.append(node)
            node = node.getparent()
        downwards = reversed(path)  # (named: mypyc 2.4.1 crashes on a for over reversed() of a list[Any])
        for node in downwards:  # from the top down: inside furniture once an ancestor is
            off = off or self(node)
            memo[node] = off
        return off

    def stands_alone(self, el: etree._Element) -> bool:
        """Whether an inline element is a line of its own: not an entry of a list or table or a heading, not the
        value of a label before it ("<b>Deadline:</b> <time>"), and in no sentence (its parent has no loose text)."""
        parent = el.getparent()
        if parent is None or parent.tag in ENTRY_TAGS:
            return False
        # the loose text first: read once per parent, where the label before `el` is read per element
        loose = self.loose_text.get(parent)
        if loose is None:
            loose = self.loose_text[parent] = bool(parent.text and parent.text.strip()) or any(
                child.tail and child.tail.strip() for child in parent
            )
        if loose:
            return False
        previous = previous_element(el)
        return previous is None or not self.text_of(previous).endswith(":")

    def link_lines(self, parent: etree._Element) -> Collection[etree._Element]:
        """The inline elements of the loose line of links closing `parent` after a block with text (a line after the
        post's paragraphs, which link density does not measure as it has no block of its own): the run of inline
        elements after `parent`'s last block or line break (empty blocks after it aside), whose loose text holds no
        word, only separators, and whose text is all in MIN_LINE_LINKS or more links to different pages of one site
        (`one_site`), none showing its address (cited sources), less than half the post's text. Read once a block."""
        lines = self.lines_of_links
        found = lines.get(parent)
        if found is not None:
            return found
        lines[parent] = NO_LINE
        child = parent[-1] if len(parent) else None
        while child is not None and isinstance(child.tag, str) and (child.tag not in LINE_TAGS or child.tag == "br"):
            if has_words(child.tail) or self.analysis.text(child):
                return NO_LINE  # words after the line, or a block holding them: the line does not close `parent`
            child = child.getprevious()  # an empty block after the line (a float's clearing block, a line break)
        line: list[etree._Element] = []
        while child is not None and (not isinstance(child.tag, str) or child.tag in LINE_TAGS and child.tag != "br"):
            if has_words(child.tail):
                return NO_LINE  # (read from the end: a paragraph's last words are told first)
            # (a comment in the line: only its tail is text; an element without text or children, an icon's empty
            # mount, holds nothing of it)
            if isinstance(child.tag, str) and (child.tag == "a" or len(child) or has_words(child.text)):
                line.append(child)
            child = child.getprevious()
        if not line or has_words(child.tail if child is not None else parent.text):
            return NO_LINE
        while child is not None and not (isinstance(child.tag, str) and self.analysis.text(child)):
            child = child.getprevious()
        if child is None:
            return NO_LINE  # no block with text before the line
        links = [el if el.tag == "a" else el[0] for el in line if el.tag == "a" or len(el) == 1 and el[0].tag == "a"]
        if len(links) < MIN_LINE_LINKS or len(links) < len(line):
            return NO_LINE
        held = sum(len(self.text_of(el)) for el in line)
        hrefs = [(a.get("href") or "").strip() for a in links]
        if (
            held > sum(len(self.text_of(a)) for a in links)  # words of their own beside the links
            or held >= 0.5 * self.post_sizes[0]
            or not all(href and href[0] != "#" and not str_lower(href).startswith(NOT_PAGES) for href in hrefs)
            or not one_site([(href.split("#", 1)[0], href) for href in hrefs])
            or any(ADDRESS.match(self.text_of(a)) for a in links)
        ):
            return NO_LINE
        found = lines[parent] = set(line)
        return found

    def teaser_sections(self, parent: etree._Element) -> set[etree._Element]:
        """The children of `parent` that make up teasers written flat, without a block around each: MIN_CARDS or
        more sections in a row, each a linked heading and what follows it up to the next heading, no more text
        than a card holds, together less than half the region's text outside links (more is a page of them)."""
        found = self.teaser_runs.get(parent)
        if found is not None:
            return found
        found = self.teaser_runs[parent] = set()
        counts = self.stats.get(parent)
        # fewer linked headings below than a run needs (or the rule switched off)
        if not counts or counts.titles < MIN_CARDS or "teaser-cards" in self.analysis.disabled:
            return found
        analysis = self.analysis
        run: list[list[etree._Element]] = []  # the sections in a row so far, each its heading and what follows
        section: list[etree._Element] | None = None
        for child in [*parent.iterchildren(etree.Element), None]:  # None: the end closes the last section
            # a term titles its definition: one block, a line or two of summary under a linked headline
            opening = (child if child.tag == "dt" else opening_heading(child)) if child is not None else None
            if child is not None and opening is None:
                if section is not None:
                    section.append(child)
                continue
            teaser = section is not None and sum(map(analysis.text, section)) <= (
                TEASER_CHARS if section[0].tag == "dt" else CARD_CHARS
            )
            if teaser:
                run.append(section)  # type: ignore[arg-type]
            if not teaser or child is None:  # the run ends
                if (
                    len(run) >= MIN_CARDS
                    and sum(analysis.text(m) - analysis.links(m) for section_ in run for m in section_)
                    < 0.5 * self.region_text
                ):
                    found.update(member for section_ in run for member in section_)
                run = []
            own = self.stats.get(opening) if opening is not None else None
            section = [child] if own and own.titles else None
        return found

    def closing_furniture(
        self, notes: bool = True, title: str = "", comments: set[etree._Element] | None = None
    ) -> set[etree._Element]:
        """The blocks that close the region and are not the story: its closing notes, from a heading that labels
        them (`is_tail_label`) on, when no other heading follows it and they hold less than half the region's text
        (the publisher's self-description, press contacts and legal notices), and teasers written as paragraphs
        (`closing_teasers`). Looked for in the region and, in turn, in its last block holding text (only there does
        nothing with text follow them), each from its end back; and the lists of other stories and boxes about the
        author closing them (`closing_boxes`). The readers' comments (`comment_sections`) are looked for on the same
        walk and in the post (`comments_in_the_post`); with `notes` False, only they are. `title`: the story's title, which
        their heading may quote (`without_title`)."""
        found: set[etree._Element] = set()
        text, links = self.analysis.text, self.analysis.links
        limit = 0.5 * self.region_text
        comments_apart = "comment-sections" not in self.analysis.disabled
        body = next((el for el in self.body_path if not any(child in self.body_path for child in el)), None)
        starts = [self.main]
        node: etree._Element | None = None
        visited: set[etree._Element | None] = set()
        leads: dict[etree._Element, etree._Element | None] = {}
        while starts or node is not None:
            if node is None:
                node = starts.pop()
                visited.add(node)
            children = list(node.iterchildren(etree.Element))
            start = len(children)
            if comments_apart:
                thread = self.comment_sections(children, leads, title)
                if thread:
                    found.update(thread)
                    if comments is not None:
                        comments.update(thread)
                    children = [child for child in children if child not in thread]
                    start = len(children)
            held = 0  # text outside links from the child looked at to the end
            for i in range(len(children) - 1, -1, -1) if notes else ():
                child = children[i]
                held += text(child) - links(child)
                if held >= limit:
                    break
                heading = lead_line(child, leads)  # press releases title their notes in bold paragraphs
                if heading is None or heading.tag in HEADING_TAGS and heading.tag not in SECTION_HEADINGS:
                    continue
                label = self.text_of(heading)
                if len(label) > MAX_FURNITURE_LABEL or not is_tail_label(label):
                    break  # a section of the story: the notes start after it
                start = i
            if notes:
                found.update(children[start:])
                found.update(self.closing_teasers(children))
                if "closing-boxes" not in self.analysis.disabled:
                    found.update(self.closing_boxes(children))
            backwards = reversed(children)  # (named: mypyc's typing of reversed() inside next() fails)
            node = next((child for child in backwards if text(child)), None)
            visited.add(node)
            if node is None and body is not None and body not in visited:
                # the article's body is not its last block (a column beside it closes the region): what closes
                # the body is looked for as well
                starts.append(body)
        if comments_apart:
            thread = self.comments_in_the_post(visited, title)
            found.update(thread)
            if comments is not None:
                comments.update(thread)
        return found

    def site_footer(self) -> list[etree._Element]:
        """The site's footer closing a region as wide as the page: the blocks after the page's first menu
        (`is_menu`) that follows the region's body block (its child holding half its content text or more, in more
        than one block: not a paragraph of the story's), or from a block opening with such a menu on; none when they
        hold FOOTER_SHARE of the body block's content text or more."""
        text, good = self.analysis.text, self.analysis.good
        children = [child for child in self.main.iterchildren(etree.Element) if text(child)]
        if len(children) < 2:
            return []
        body = max(children, key=good)
        held = good(body)
        if held < 0.5 * self.region_good or not in_blocks(body, good):
            return []
        footer: list[etree._Element] = []
        for i in range(children.index(body) + 1, len(children)):
            child = children[i]
            if self.is_menu(child):
                footer = children[i + 1 :]
                break
            node = child
            for _ in range(MENU_DEPTH):
                node = next((el for el in node.iterchildren(etree.Element) if text(el)), None)
                if node is None:
                    break
                if self.is_menu(node):
                    footer = children[i:]
                    break
            if footer:
                break
        if footer and sum(map(good, footer)) < FOOTER_SHARE * held and not self.holds_listed(footer):
            return footer  # (a listing's desks are its content: a menu between them ends none of them)
        last = children[-1]
        if (
            last is not body
            and "rights-footers" not in self.analysis.disabled
            and good(last) < RIGHTS_FOOTER_SHARE * held
            and closes_on_rights(last)
            and not self.holds_listed([last])
        ):
            # the region's last block closing on a copyright notice and the site's links is the footer, a menu
            # before it or not: its blurb about the site may be as long as a short post's text
            return [last]
        return []

    def sidebar_columns(self, title: etree._Element | None) -> list[etree._Element]:
        """A sidebar's column beside the post's (`is_widget_column`), and what follows it: looked for after the
        block holding the most content text, level by level down from the region along that block (a region as wide
        as the page holds the post's column and the sidebar's side by side, a level or two down), up to
        SIDEBAR_DEPTH levels; none when they hold as much content text as that block (SIDEBAR_SHARE), paragraphs
        after the column, a listing's cards or the post's title (`title`)."""
        text, good = self.analysis.text, self.analysis.good
        titled_columns = "titled-sidebar-columns" not in self.analysis.disabled and self.story_heading is not None
        node = self.main
        for _ in range(SIDEBAR_DEPTH):
            children = [child for child in node.iterchildren(etree.Element) if text(child)]
            if not children:
                return []
            body = max(children, key=good)
            held = good(body)
            titled = self.titled_beside(children, body) if titled_columns else None
            if titled is not None:
                # the column holding the story's title beside a sparse column of headed boxes holding more content
                # text than it (the blog's note about its writer over a short post): that column is the sidebar
                at = children.index(titled)
                i = children.index(body)
                found = children[i:] if i > at else [body]
                if any(in_blocks(block, good) for block in found[1:]) or self.holds_listed(found):
                    return []
                return found
            if held < 0.5 * good(node) or node is self.main and not in_blocks(body, good):
                return []  # (the region's body block in blocks, as site-footers asks: a lone notice is no post)
            at = children.index(body)
            for i, child in enumerate(children):
                if i != at and self.is_widget_column(child):
                    # after the post's column, what follows the sidebar closes the page too; before it, the column
                    # alone (the post's title may stand over both)
                    found = children[i:] if i > at else [child]
                    if (
                        sum(map(good, found)) >= SIDEBAR_SHARE * held
                        # the story going on past an aside of its own: paragraphs after it
                        or any(in_blocks(block, good) for block in found[1:])
                        or self.holds_listed(found)
                        # the post's title heads the post's column (a short post beside a long footer)
                        or title is not None
                        and any(holds(block, title) for block in found)
                    ):
                        return []
                    if "twin-columns" not in self.analysis.disabled:
                        found = found + self.twin_columns(children, at, child, found, held, title)
                    return found
            node = body
        return []

    def column_boxes(self, el: etree._Element, under_a_heading: bool = False) -> list[etree._Element]:
        """The boxes of a column: the children holding text of its first block holding more than one, down its
        wrappers (MENU_DEPTH levels; none past them). `under_a_heading`: a column may open with a heading over its
        boxes (the blog's name)."""
        text = self.analysis.text
        node = el
        for _ in range(MENU_DEPTH):
            boxes = [child for child in node.iterchildren(etree.Element) if text(child)]
            if under_a_heading and len(boxes) == 2 and boxes[0].tag in HEADING_TAGS:
                boxes = boxes[1:]
            if len(boxes) != 1:
                return boxes
            node = boxes[0]
        return []

    def twin_columns(
        self,
        children: list[etree._Element],
        at: int,
        column: etree._Element,
        found: list[etree._Element],
        held: int,
        title: etree._Element | None,
    ) -> list[etree._Element]:
        """The other columns beside the post's, on its other side, made as the sidebar's `column` is: each of
        their boxes carries a class its boxes carry (a blog's second sidebar, of one or two boxes, too few to read as
        a widget column alone). Not a column holding the post's title or a listing's cards, nor columns holding as
        much content text as the post (rule `twin-columns`)."""
        good = self.analysis.good
        made: set[str] = set()
        for box in self.column_boxes(column):
            made.update((box.get("class") or "").split())
        if not made:
            return []
        twins: list[etree._Element] = []
        before = children.index(column) < at
        taken = set(found)
        for i, child in enumerate(children):
            if i == at or (i < at) == before or child in taken:
                continue
            boxes = self.column_boxes(child)
            if not boxes or not all(made.intersection((box.get("class") or "").split()) for box in boxes):
                continue
            if self.holds_listed([child]) or title is not None and holds(child, title):
                continue
            twins.append(child)
        if sum(map(good, twins)) >= SIDEBAR_SHARE * held:
            return []
        return twins

    def titled_beside(self, children: list[etree._Element], body: etree._Element) -> etree._Element | None:
        """The child of `children` holding the story's title and a post (SIDEBAR_POST units of content text or
        more: more than a header's line of introduction) when `body`, the child holding the most content text, is a
        sidebar's column beside it: a widget column (`is_widget_column`) whose content text is under SIDEBAR_CONTENT
        of its text."""
        if body in self.story_holders:
            return None
        titled = next((child for child in children if child in self.story_holders), None)
        if titled is None:
            return None
        good = self.analysis.good
        own = self.stats.get(body)
        if (
            good(titled) < SIDEBAR_POST * self.analysis.min_unit
            or own is None
            or own.good >= SIDEBAR_CONTENT * own.text
            or not self.is_widget_column(body, under_a_heading=True)
        ):
            return None
        return titled

    def holds_listed(self, blocks: list[etree._Element]) -> bool:
        """Whether `blocks` hold a listing's list of cards (its desks are its content)."""
        if not self.analysis.listed_lists:
            return False
        held = set(blocks)
        for listed in self.analysis.listed_lists:
            for block in listed.iterancestors():
                if block in held:
                    return True
                if block is self.main:
                    break
        return False

    def is_widget_column(self, el: etree._Element, under_a_heading: bool = False) -> bool:
        """A sidebar's column: down its wrappers (one child holding text at a time), MIN_WIDGETS boxes or more that
        open with a heading ("About Me", "Blog Archive", "Labels"), as many as those without or more, among them a list
        of MIN_MENU_LINKS links or more (WIDGET_LINKS of its text linked) under its heading: a story's closing
        sections of prose under their headings hold no such list."""
        text = self.analysis.text
        boxes = self.column_boxes(el, under_a_heading)
        if len(boxes) < MIN_WIDGETS:
            return False
        headed = links = bare = 0
        for box in boxes:
            first = box
            for _ in range(MENU_DEPTH):
                first = next((child for child in first.iterchildren(etree.Element) if text(child)), None)
                if first is None or first.tag in HEADING_TAGS:
                    break
            if first is not None and first.tag in HEADING_TAGS:
                headed += 1
                # what the box holds under its heading: its last block holding text
                last: etree._Element | None = next(
                    (child for child in reversed(first.getparent()) if text(child)), None
                )
                if last is None or last is first:
                    bare += shows_controls(box)  # the heading alone shows text: a form, icons, a script's slot
                    continue
                own = self.stats.get(last)
                if (
                    own is not None
                    and own.text
                    and own.links >= WIDGET_LINKS * own.text
                    and sum(1 for _ in islice(last.iter("a"), MIN_MENU_LINKS)) >= MIN_MENU_LINKS  # a list, not a pair
                ):
                    links += 1
        return (
            headed >= MIN_WIDGETS
            and 2 * headed >= len(boxes)
            and (links > 0 or bare >= BARE_WIDGETS and "bare-widgets" not in self.analysis.disabled)
        )

    def is_menu(self, el: etree._Element) -> bool:
        """A block of links alone: MIN_MENU_LINKS links or more, no content text, nearly all its text linked."""
        own = self.stats.get(el)
        return (
            own is not None
            and not own.good
            and 0 < own.text
            and own.links >= LIST_LINK_DENSITY * own.text
            and sum(1 for _ in islice(el.iter("a"), MIN_MENU_LINKS)) >= MIN_MENU_LINKS
        )

    def after_the_publishers_text(self, article_body: str) -> list[etree._Element]:
        """The blocks closing the region after the last one holding words of the publisher's own text of the article
        (`article_body`, its JSON-LD `articleBody`): a membership pitch, an ad's label, a box asking to follow the
        site. Looked for from the region's end back, and down into its last block holding PUBLISHER_TAIL or more of
        the text left (the body's container): only the blocks after the body's are read, each once. Nothing when the
        text does not end where the last block holding its words ends (a teaser cut off, the description: another
        text)."""
        if "<" in article_body:
            article_body = _TAG.sub(" ", article_body)
        # its words as UTF-8 bytes (`words_of`, the runs `\w+` finds, split in C: the pattern over the whole text cost
        # more than the rest of the test); the blocks' words alike, so they compare
        words = words_of(article_body.casefold())
        if len(words) < 4:
            return []
        # its word shingles, by their hashes: a set of ints holds nothing the garbage collector walks
        known = set(map(hash, zip(words, words[1:], words[2:], words[3:])))
        joined = b""  # its words, for a block of fewer than four (when asked)
        text = self.analysis.text

        def in_body(block: list[bytes]) -> bool:
            nonlocal joined
            if len(block) < 4:
                joined = joined or b" " + b" ".join(words) + b" "
                return b" " + b" ".join(block) + b" " in joined
            held = sum(map(known.__contains__, map(hash, zip(block, block[1:], block[2:], block[3:]))))
            return held >= PUBLISHER_SHARE * (len(block) - 3)

        found: list[etree._Element] = []
        node = self.main
        while True:
            limit = PUBLISHER_TAIL * text(node)
            held = 0
            last = None
            backwards = reversed(list(node.iterchildren(etree.Element)))  # (named: as above)
            for child in backwards:
                size = text(child)
                if not size:
                    continue
                held += size
                if held >= limit:
                    last = child  # the body's container: looked into
                    break
                block = words_of(self.text_of(child).casefold())
                if block and in_body(block):
                    last = child  # the body's last block
                    break
                found.append(child)
            if last is None:
                return []  # no block holds the publisher's text
            if held >= limit and len(last) and last.tag in REGION_TAGS:
                node = last
                continue
            break
        ending = words_of(self.text_of(last).casefold())
        last_words = (words[-4], words[-3], words[-2], words[-1])  # (four at least, above)
        if hash(tuple(ending[-4:])) not in known or last_words not in zip(ending, ending[1:], ending[2:], ending[3:]):
            return []  # its last words are not where the body's last block ends (cut off, or another text)
        return found

    def comments_in_the_post(self, visited: set[etree._Element | None], title: str = "") -> set[etree._Element]:
        """The readers' comments (`comment_sections`) in a block the walk from the region's end did not reach (a post
        beside a sidebar or over a footer, on a page whose region holds them all): found from their heading, a
        section heading naming them (`is_comments_label`); where it stands alone, only when no later heading of its
        rank or above in its block names something else (a section about comments in a text goes on to others)."""
        found: set[etree._Element] = set()
        looked: set[etree._Element] = set()
        stats = self.stats
        boxes = "comment-reply-boxes" not in self.analysis.disabled
        for heading in self.main.iter(*SECTION_HEADINGS):
            own = stats.get(heading)
            if not own or own.text > MAX_FURNITURE_LABEL + len(title):
                continue  # (a heading the walk passed over, or longer than a label)
            label = without_title(self.text_of(heading), title)
            if len(label) > MAX_FURNITURE_LABEL or not is_comments_label(label):
                continue
            node = heading  # out of the wrappers it opens (`<div><h3>Comments</h3>...`)
            parent = node.getparent()
            while parent is not None and parent is not self.main and opening_heading(parent) is heading:
                node, parent = parent, parent.getparent()
            if parent is None or parent in visited or parent in looked:
                continue
            looked.add(parent)
            children = list(parent.iterchildren(etree.Element))
            sections = self.comment_sections(children, title=title)
            rank = heading.tag
            if not any(
                (opening := opening_heading(child)) is not None
                and opening.tag <= rank
                and not is_comments_label(self.text_of(opening))
                for child in children
                # (the reply form after them, `comment-reply-boxes`, heads its own boxes: "Preview your comment")
                if child in sections and child is not node and not (boxes and child in self.box_holders())
            ):
                found |= sections
        return found

    def comment_thread(self, parent: etree._Element) -> set[etree._Element]:
        """The readers' comments closing `parent` without a heading or class naming them: MIN_COMMENTS or more blocks
        of one tag side by side, each `is_comment`, with blocks without text between them and after them (a reply
        form's labels, pagination, nothing of content text); after content text in the region, with up to
        COMMENTS_OVER_POST times the rest's content text (a short post over a long thread; more, under a line of
        introduction, is a guest book or a page of reviews: the page's content)."""
        found = self.threads.get(parent)
        if found is not None:
            return found
        found = self.threads[parent] = set()
        stats = self.stats
        # the blocks closing `parent` that may be comments by their counts and tags, from the end back (most blocks
        # are told apart here: their last block of content text is a paragraph), then each read for its header; walked
        # by siblings, not listed (most parents are told apart at their last block)
        candidates: list[etree._Element] = []
        heads: dict[etree._Element, etree._Element] = {}  # a `<dd>` comment's `<dt>` header
        linked: set[etree._Element] = set()  # the candidates found linking to themselves
        self_links = "comment-permalinks" not in self.analysis.disabled
        titles = "comment-titles" not in self.analysis.disabled
        dt_heads = "comment-terms" not in self.analysis.disabled
        dates_first = "comment-dates-first" not in self.analysis.disabled
        lists = "comment-lists" not in self.analysis.disabled
        by_name = "comment-names" not in self.analysis.disabled
        reply_boxes = "comment-reply-boxes" not in self.analysis.disabled
        replies: list[etree._Element] = []  # lists of replies between the comments, read with them
        between: list[etree._Element] = []  # lines without content text between the comments, read with them
        before = None  # the block before the thread, the last one from the end that is not of it
        child = parent[-1] if len(parent) else None
        while child is not None:
            previous = child.getprevious()
            own = stats.get(child) if isinstance(child.tag, str) else None
            if not own or not own.text:
                child = previous
                continue  # blocks without text between the comments (anchors, spacers)
            tag = child.tag
            if by_name and tag in LIST_COMMENT_TAGS and parent.tag in LIST_COMMENT_TAGS:
                replies.append(child)  # a list right in the list: the replies to the comment before it
                child = previous
                continue
            if tag == "dt" and candidates and heads.get(candidates[-1]) is child:
                child = previous
                continue  # the header of the comment after it, read with it
            head = None
            if (self_links or dt_heads) and tag == "dd":
                node = previous_element(child)
                if node is not None and node.tag == "dt":
                    head = heads[child] = node  # a `<dt>` header over a `<dd>` comment
            alike = (tag in COMMENT_TAGS or lists and tag in LIST_COMMENT_TAGS) and (
                not candidates or tag == candidates[0].tag
            )
            short = own.text - own.links <= COMMENT_WORDS_OWN
            if alike and short and self_links and own.text > own.links and self.links_to_itself(child, head):
                linked.add(child)  # a short comment known by its permalink
                short = False
            if alike and short and titles and candidates and signature(child) == signature(candidates[-1]):
                short = False  # within the run and opening as the block after it: perhaps a comment folded to its title
            if (
                alike
                and short
                and by_name
                and candidates
                and own.text > own.links
                and signature(child, NAMED_SIGNATURE) == signature(candidates[-1], NAMED_SIGNATURE)
                and is_named_comment(child, own, lambda: True, 0)
            ):
                short = False  # a short reply headed by its writer's name, opening as the comment after it (its box
                # looked for below)
            if alike and short and dt_heads and head is not None and own.text > own.links and heads_a_comment(head):
                short = False  # a short reply under a `<dt>` header of a name and a date (its box looked for below)
            if not candidates and (
                not alike or short or reply_boxes and child in self.box_holders() and not is_comment(child, own)
            ):
                if not own.good or reply_boxes and child in self.box_holders():
                    child = previous
                    continue  # a line without content text after the thread ("Older comments"), the reply box
                before = child
                break
            if by_name and alike and short and not own.good and "comments-by-name" not in self.analysis.disabled:
                between.append(child)  # a line without content text among the comments (a pingback), read past
                child = previous
                continue
            if not alike or short:
                before = child
                break
            candidates.append(child)
            child = previous
        fewest = MIN_COMMENTS  # comments read as such that make the run a thread
        if len(candidates) < MIN_COMMENTS:
            if not candidates or len(candidates) not in self.short_thread_counts():
                return found
            fewest = len(candidates)  # one comment or two, as many as the page counts
        run: list[etree._Element] = []

        # a box to write in after the run, read when a comment's header asks for it, once, from the run's last block
        # (from each block it would be read over the run)
        box: list[bool] = []

        def boxed() -> bool:
            if not box:
                box.append(self.box_to_write_after(candidates[0]))
            return box[0]

        def reads_as_comment(child: etree._Element) -> bool:
            head = heads.get(child)
            own = stats[child]
            block: etree._Element | None = child
            if child.tag in LIST_COMMENT_TAGS:
                block = comment_item(child, stats)  # a list of its own per comment, its tools after it
            return bool(
                (
                    block is not None and is_comment(block, own, titles, boxed, dates_first)
                    if head is None
                    # (a `<dl>` of dated places and names without a box to write in after it is a schedule's)
                    else dt_heads and own.text > own.links and heads_a_comment(head) and boxed()
                )
                or self_links
                and (child in linked or self.links_to_itself(child, head))
            )

        # with comment-names, a comment without a date is one of a template the thread's blocks share: MIN_COMMENTS
        # candidates or more open alike (`signature`), counted once
        openings: dict[tuple[str, ...], int] = {}
        named: list[bool] = []  # whether a comment was read by its name alone

        def named_comment(child: etree._Element, least: int = COMMENT_WORDS_OWN) -> bool:
            if not openings:
                for other in candidates:
                    opening = signature(other, NAMED_SIGNATURE)
                    openings[opening] = openings.get(opening, 0) + 1
            if openings.get(signature(child, NAMED_SIGNATURE), 0) < fewest or not is_named_comment(
                child, stats[child], boxed, least
            ):
                return False
            named.append(True)
            return True

        # with comment-titles, a block failing the test is of the thread when it opens as a comment of it does (a
        # comment folded to its title and name, without its date): a comment of the run or one before it in the
        # candidates opening alike (read lazily, each block once)
        verdicts: dict[etree._Element, bool] = {}

        def verdict(child: etree._Element) -> bool:
            found_one = verdicts.get(child)
            if found_one is None:
                found_one = verdicts[child] = reads_as_comment(child)
            return found_one

        passed = 0
        for i, child in enumerate(candidates):
            if verdict(child) or by_name and child.tag in COMMENT_TAGS and named_comment(child):
                passed += 1
            elif named and child.tag in COMMENT_TAGS and named_comment(child, 0):
                pass  # a short reply of a thread told by its writers' names
            elif not titles or not (
                (opening := signature(child)) in {signature(other) for other in run[-MIN_COMMENTS:]}
                or any(
                    signature(other) == opening and verdict(other) for other in candidates[i + 1 : i + 1 + MIN_COMMENTS]
                )
            ):
                before = child  # what comes before the thread ends here
                break
            run.append(child)
        if passed < fewest:
            return found
        headers = [head for child in run if (head := heads.get(child)) is not None]
        good = self.analysis.good
        held = sum(map(good, run))
        if fewest < MIN_COMMENTS and (
            held > COMMENTS_OVER_POST * (self.region_good - held)
            or not self.follows_the_post(run[-1], (self.region_good - held) // 2)
        ):
            # one comment or two outweighing the rest fourfold, or before most of it: the post under a dated byline
            # after its title, or ahead of a sidebar (a wide region)
            return found
        if (
            held > COMMENTS_OVER_POST * (self.region_good - held)
            and not self.box_to_write_after(run[0])
            and not (titles and holds_replies(run, stats))
            and not (named and self.post_before_cited(run, held))
        ):
            # entries with little else around them: a guest book, a page of reviews (the page's content); unless a
            # box to write in follows them (the form to add one: a thread under a short post, however long), or
            # the entries answer one another (replies nested in them: a discussion)
            return found
        # content text ahead of the thread: in the blocks before it, here or further up in the region
        node, ahead = run[-1], False
        while not ahead and node is not None and node is not self.main:
            ahead = any(good(sibling) for sibling in node.itersiblings(etree.Element, preceding=True))
            node = node.getparent()
        if ahead and named and not self.after_the_post(run[-1], held):
            return found  # (comments by name alone beside the post's paragraphs: a list of its own, its quotations)
        if ahead:
            found.update(run)
            found.update(headers)
            first = run[-1]
            found.update(reply for reply in replies if first in reply.itersiblings(preceding=True))
            found.update(line for line in between if first in line.itersiblings(preceding=True))
            text = self.analysis.text
            if before is None or not (
                text(before) or any(map(text, before.itersiblings(etree.Element, preceding=True)))
            ):
                # the block holds the thread alone: it is the thread (a heading over it heads nothing)
                found.add(parent)
        return found

    def short_thread_counts(self) -> frozenset[int]:
        """The numbers under MIN_COMMENTS of comments the region counts ("1 Comment", "Comments (2)"): a run of that
        many blocks, each reading as a comment, closing the region after its text is its thread (rule
        counted-comments); none with the rule off."""
        if "counted-comments" in self.analysis.disabled:
            return frozenset()
        return frozenset(n for n in self.analysis.counted_comments(self.main) if 0 < n < MIN_COMMENTS)

    def post_before_cited(self, run: list[etree._Element], held: int) -> bool:
        """Whether a thread read by its writers' names, each in a `<cite>`, follows a post of its own (rule
        comments-by-name): the rest of the region holds CITED_POST_UNITS units of content text or more, in the
        post's block (`after_the_post`), more than a guest book's line of introduction."""
        if "comments-by-name" in self.analysis.disabled:
            return False
        rest = self.region_good - held
        if rest < CITED_POST_UNITS * self.analysis.min_unit or not self.after_the_post(run[-1], held):
            return False
        return all(next(child.iter("cite"), None) is not None for child in run[:MIN_COMMENTS])

    def after_the_post(self, first: etree._Element, held: int) -> bool:
        """Whether the thread opening with `first` (holding `held` of content text) follows the post's block (rule
        comment-names): up from it to where the blocks before it hold half the rest of the region's content text
        or more (the post), they hold it in blocks wrapping it (a post's `<div>`) more than in pieces of their own
        (POST_PIECES: its paragraphs and lists, which a list of quotations or of bios follows)."""
        good = self.analysis.good
        rest = self.region_good - held
        ahead = 0
        node = first
        while node is not None and node is not self.main:
            pieces = blocks = 0
            for other in node.itersiblings(etree.Element, preceding=True):
                size = good(other)
                if other.tag in POST_PIECES:
                    pieces += size
                else:
                    blocks += size
            ahead += pieces + blocks
            if pieces + blocks and 2 * ahead >= rest:
                return blocks > pieces
            node = node.getparent()
        return False

    def box_holders(self) -> set[etree._Element]:
        """The blocks of the region holding a box to write in (a `<textarea>`), found once per page."""
        holders = self.textarea_holders
        if holders is None:
            holders = self.textarea_holders = set()
            for field in self.main.iter("textarea"):
                for node in chain((field,), field.iterancestors()):
                    if node is self.main or node in holders:
                        break
                    holders.add(node)
        return holders

    def box_to_write_after(self, block: etree._Element) -> bool:
        """Whether a box to write in (a `<textarea>`: a reply form) follows `block` in the region: in a block after it,
        or after a block holding it. The blocks holding a `<textarea>` are found once per page."""
        holders = self.box_holders()
        if not holders:
            return False
        node = block
        while node is not None and node is not self.main:
            if any(sibling in holders for sibling in node.itersiblings(etree.Element)):
                return True
            node = node.getparent()
        return False

    def links_to_itself(self, block: etree._Element, head: etree._Element | None) -> bool:
        """A comment by its permalink: among the first COMMENT_HEAD_ELEMENTS elements of its header (`head`, a `<dt>`
        over the `<dd>` `block`, else the block's own), no heading, and a link whose fragment is the id of the block,
        of its header or of an element among those; and a day's date among the header's first SELF_LINK_WORDS words
        (a permalink alone is a section's anchor: `<section id=x><a href="#x">¶`)."""
        top = head if head is not None else block
        ids: set[str] = set()
        for node in (block, top):
            ident = node.get("id")
            if ident:
                ids.add(ident)
        fragments: list[str] = []
        words: list[str] = []
        for node in islice(top.iter(), COMMENT_HEAD_ELEMENTS):
            tag = node.tag
            if not isinstance(tag, str):
                continue
            if tag in HEADING_TAGS:
                return False
            ident = node.get("id")
            if ident:
                ids.add(ident)
            if tag == "a":
                href = node.get("href")
                if href and "#" in href:
                    fragments.append(href[href.index("#") + 1 :])
        if not fragments or ids.isdisjoint(fragments):
            return False
        for piece in top.itertext():
            words.extend(word for word in piece.split() if any(c.isalnum() for c in word))
            if len(words) >= SELF_LINK_WORDS:
                break
        return date_at(words[:SELF_LINK_WORDS], times=False) is not None

    def comment_sections(
        self,
        children: list[etree._Element],
        leads: dict[etree._Element, etree._Element | None] | None = None,
        title: str = "",
    ) -> set[etree._Element]:
        """The readers' comments among `children`, after some of the region's text, whatever they fill: a block that
        opens with a heading naming them (`is_comments_label`), or such a heading standing alone and everything after
        it (`<h3>Comments</h3>` over one block per comment)."""
        text, good = self.analysis.text, self.analysis.good
        before = story = 0
        found: set[etree._Element] = set()
        if leads is None:
            leads = {}
        counts = "comment-count-labels" not in self.analysis.disabled
        lines = "comment-label-lines" not in self.analysis.disabled
        boxes = "comment-reply-boxes" not in self.analysis.disabled
        section = False  # a block opened by such a heading was found
        for i, child in enumerate(children):
            if (
                section
                and boxes
                and child in self.box_holders()
                and not any(map(text, children[i + 1 :]))  # (closing the block: not a post holding a form)
            ):
                found.add(child)  # the reply form after the comments, with its preview and notices
                continue
            if before:
                heading = lead_line(child, leads)
                if (
                    heading is None
                    and lines
                    and child.tag in FURNITURE_LABEL_TAGS
                    and text(child) <= MAX_FURNITURE_LABEL + len(title)
                    # (a line of a story's paragraphs, "Comments" between two of them, is no label over anything;
                    # asked first, its children unread)
                    and (child.tag != "p" or i + 1 == len(children) or children[i + 1].tag != "p")
                    and all(el.tag in LINE_TAGS for el in child.iterchildren(etree.Element))  # one line
                    # a link ("Comments (3)" to the box) heads less than the story before it: between a lead and
                    # the body it is a button (a share bar's "Comment")
                    and (not self.analysis.links(child) or sum(map(good, children[i + 1 :])) < story)
                ):
                    heading = child  # the label a plain block of its own (`<div>Comments</div>`)
                if heading is not None:
                    line = self.text_of(heading)
                    label = without_title(line, title)
                    if len(label) <= MAX_FURNITURE_LABEL and (
                        is_comments_label(label)
                        # a count with words around it after the story's text (not a meta line under its title)
                        or counts
                        and story
                        and counts_comments(label)
                    ):
                        if child.tag in HEADING_TAGS or len(self.text_of(child)) == len(line):
                            found.update(children[i:])  # the heading stands alone: the comments follow it
                            return found
                        found.add(child)  # the block it opens
                        section = True
                        continue
            before += text(child)
            story += good(child)
        return found

    def closing_teasers(self, children: list[etree._Element]) -> list[etree._Element]:
        """A run of MIN_CARDS or more teasers written as paragraphs that closes `children`: a line that is one link
        (a headline), then a short paragraph without links (its summary), in turn; links-only lines after the run
        ("All stories") are part of it. Less than half the region's text (more is a page of them)."""
        stats, text, links = self.stats, self.analysis.text, self.analysis.links
        end = len(children)
        while end and text(children[end - 1]) == links(children[end - 1]):
            end -= 1  # links and empty blocks after the run
        at, pairs, held = end, 0, 0
        while at >= 2:
            summary = stats.get(children[at - 1])
            title = children[at - 2]
            if (
                summary is None
                or summary.links
                or not 0 < summary.text <= TEASER_CHARS
                or children[at - 1].tag != "p"
                or title.tag != "p"
                or not self.is_headline_line(title)
            ):
                break
            pairs += 1
            held += summary.text
            at -= 2
        if pairs < MIN_CARDS or held >= 0.5 * self.region_text or "teaser-cards" in self.analysis.disabled:
            return []
        return children[at:]

    def closing_boxes(self, children: list[etree._Element]) -> list[etree._Element]:
        """The blocks closing `children` that are lists of other stories (`is_story_list`, or `story_run` of items
        side by side) or a box about the author (`is_bio`), in any order, looked for from the end back past blocks
        judged on their own (`passed_over`: links, widgets); together less than half the region's text (more is
        a page of them). On a listing the walk stops at a desk of its (`listed-desks`)."""
        text, links = self.analysis.text, self.analysis.links
        found: list[etree._Element] = []
        held = 0
        end = len(children)
        listing = bool(self.analysis.listed_lists) and "listed-desks" not in self.analysis.disabled
        while end:
            child = children[end - 1]
            if self.passed_over(child):
                end -= 1
                continue
            if listing and (child in self.analysis.listed or self.holds_listed([child])):
                break  # a listing's desk closing the page is its content (a card's byline names no author of a box)
            run = (
                [child]
                if self.is_story_list(child) or self.is_bio(child) or self.is_portrait_bio(child)
                else self.story_run(children, end)
            )
            if not run:
                break
            held += sum(text(block) - links(block) for block in run)
            found.extend(run)
            end -= len(run)
        return found if held < 0.5 * self.region_text else []

    def passed_over(self, el: etree._Element) -> bool:
        """A block after the story that is furniture on its own: links alone, a short link-dense line ("Tags:
        ferry, council"), a widget of controls, all holding no content text; the readers' comments, named so by
        their class or id, whatever they hold."""
        own = self.stats.get(el)
        if not own or own.text == own.links:
            return True
        total, linked = own.text, own.links
        if own.good:
            hints = self.class_and_id(el)
            return bool(hints) and self.read(hints).comments and "class-hints" not in self.analysis.disabled
        tag = el.tag
        if is_small_widget(el, tag, own) and "control-widgets" not in self.analysis.disabled:
            return True
        return (
            tag in LINK_BLOCK_TAGS
            and is_link_dense(el, tag, total, linked, LINK_DENSITY)
            and "link-density" not in self.analysis.disabled
        )

    def is_taxonomy_note(self, block: etree._Element) -> bool:
        """A note filing the post under its categories, as a blog theme writes it closing the post ("This entry was
        posted on ... and is filed under <a rel='category tag'>News</a>. You can follow any responses ...",
        "Published June 4 in <a rel='category'>World</a>"): a block of at most MAX_TAXONOMY_NOTE characters holding
        a link marked rel=category (the post's own categories), or TAXONOMY_TAGS links marked rel=tag one after the
        other (a tag plugin's link in a sentence of the story is one, or among words), with no content text after it
        in its block (it closes the post's block, or the post) and no block inside it (a post's block holding its
        header line with the categories is no note); not a byline (a link to the author's page, marked rel=author or
        under /author/: `bylines` judges those, the dev truths split on them)."""
        if any(child.tag in BLOCK_TAGS or child.tag in HEADING_TAGS or child.tag in LIST_TAGS for child in block):
            return False
        tagged = 0
        listed = True  # the rel=tag links one after the other, nothing but separators between them
        previous: etree._Element | None = None
        category = False
        for link in block.iter("a"):
            rel = str_lower(link.get("rel") or "").split()
            if "author" in rel or "/author/" in (link.get("href") or ""):
                return False  # a byline ("Posted by <a>Ann Smith</a> on 4 June in News"): `bylines`' line
            if "category" in rel:
                category = True
                continue
            if "tag" in rel:
                tagged += 1
                if previous is not None and (previous.getparent() is not link.getparent() or has_words(previous.tail)):
                    listed = False
                previous = link
        if not category and (tagged < TAXONOMY_TAGS or not listed):
            return False
        good = self.analysis.good
        if is_prose(block.tail) or any(
            good(sibling) or sibling.tag in HEADING_TAGS or is_prose(sibling.tail) for sibling in block.itersiblings()
        ):
            return False  # the story goes on after it (a heading: a section, or the post's title under a kicker)
        return "taxonomy-notes" not in self.analysis.disabled

    def is_bio(self, block: etree._Element) -> bool:
        """A small box about a person: one image (a portrait), a name line (a heading or bold, of 2 to NAME_WORDS
        words, each capitalised) whose words come again in a sentence after it, and at least one link (the
        person's pages); at most MAX_BIO characters."""
        counts = self.stats.get(block)
        if block.tag not in BIO_TAGS or not counts or not counts.links or counts.text > MAX_BIO:
            return False
        images = block.iter("img")
        if next(images, None) is None or next(images, None) is not None:
            return False
        name = next(
            (
                node
                for node in islice(block.iter(), HEADING_LOOKAHEAD)
                if (node.tag in HEADING_TAGS or node.tag in BOLD_TAGS) and (node.text or "").strip()
            ),
            None,
        )
        if name is None:
            return False
        words = block_text(name).split()
        if not 2 <= len(words) <= NAME_WORDS or not all(word[:1].isupper() for word in words):
            return False
        rest = block_text(block).split(block_text(name), 1)[-1].split()
        return words_beside_links(block) >= len(words) + SENTENCE_WORDS and any(
            len(word) > 2 and word in rest for word in words
        )

    def is_portrait_bio(self, block: etree._Element) -> bool:
        """A box about the page's author, however it is marked up: one image (a portrait) and a sentence's worth
        of words outside links that name the author (every word of the byline's name: a first name alone where the
        page names no more), at most MAX_PORTRAIT_BIO characters and less than half the post's content text."""
        counts = self.stats.get(block)
        if (
            not self.author
            or block.tag not in BIO_TAGS
            or not counts
            or counts.text > MAX_PORTRAIT_BIO
            or self.holds_the_post(counts)
        ):
            return False
        images = block.iter("img")
        if next(images, None) is None or next(images, None) is not None:
            return False
        words = set(name_words(self.text_of(block)))
        return all(word in words for word in self.author) and words_beside_links(block) >= SENTENCE_WORDS

    def is_author_box(self, block: etree._Element, held: int) -> bool:
        """A box about the page's author, known by the byline it refers to: a portrait and prose opening with the
        author's name (`is_portrait_bio`, the name in its first AUTHOR_BOX_OPENING words: a step's or a slide's
        picture credited to the author names them last), or a heading that is the byline's name alone over a
        sentence's worth of words outside links ("By" and the name over the story is its byline); one of a kind among
        its siblings (`repeats`: steps and slides come alike); after more content text than its own `held`
        (`follows_the_post`): a block opening with the author's name over the post's first lines is its header."""
        if self.is_portrait_bio(block):
            words = name_words(self.text_of(block))[:AUTHOR_BOX_OPENING]
            size = len(self.author)
            if not any(tuple(words[at : at + size]) == self.author for at in range(len(words) - size + 1)):
                return False
        else:
            line = next(
                (
                    node
                    for node in islice(block.iter(), HEADING_LOOKAHEAD)
                    if node.tag in HEADING_TAGS and has_words(block_text(node))
                ),
                None,
            )
            if line is None or tuple(name_words(block_text(line))) != self.author:
                return False
            named = lettered_word_count(block_text(line)) - sum(
                lettered_word_count(block_text(anchor)) for anchor in line.iter("a")
            )
            if words_beside_links(block) - named < SENTENCE_WORDS:
                return False
        return not self.repeats(block) and self.follows_the_post(block, held)

    def repeats(self, block: etree._Element) -> bool:
        """Whether a sibling of `block` has its tag and class (an item of a series: steps, slides, cards)."""
        parent = block.getparent()
        if parent is None:
            return False
        seen = self.repeated_kinds.get(parent)
        if seen is None:  # each parent's children read once
            kinds: set[tuple[str, str]] = set()
            seen = self.repeated_kinds[parent] = set()
            for child in parent.iterchildren(etree.Element):
                kind = (child.tag, child.get("class") or "")
                if kind in kinds:
                    seen.add(kind)
                kinds.add(kind)
        return (block.tag, block.get("class") or "") in seen

    def follows_the_post(self, block: etree._Element, need: int) -> bool:
        """Whether the region holds more than `need` characters of content text before `block` (in the blocks
        before it and before each of its ancestors up to the region)."""
        held = 0
        node = block
        while node is not self.main:
            parent = node.getparent()
            if parent is None:
                return False
            before = self.good_before.get(parent)
            if before is None:  # each parent's children summed once (a page of many such boxes stays linear)
                before = self.good_before[parent] = {}
                running = 0
                for child in parent.iterchildren(etree.Element):
                    before[child] = running
                    running += self.analysis.good(child)
            held += before.get(node, 0)
            if held > need:
                return True
            node = parent
        return False

    def is_story_list(self, block: etree._Element) -> bool:
        """A list whose MIN_CARDS or more items are each a headline link with a line of its own (`link_item`),
        each to a different page of one site (`one_site`)."""
        counts = self.stats.get(block)
        if (
            block.tag not in LIST_ITEMS
            or not counts
            or counts.text > TEASER_CHARS * len(block)
            or (block.text or "").strip()
        ):
            return False
        items = [item for item in block if isinstance(item.tag, str)]
        return (
            len(items) >= MIN_CARDS
            and "teaser-cards" not in self.analysis.disabled
            and all(item.tag == "li" for item in items)
            and one_site([self.link_item(item) for item in items])
        )

    def story_run(self, children: list[etree._Element], end: int) -> list[etree._Element]:
        """MIN_CARDS or more paragraphs or divs side by side ending before `end`, each a headline link with a line of
        its own (`<p><a>Headline</a> one-line summary</p>`), each to a different page of one site (`one_site`)."""
        start = end
        links: list[tuple[str, str] | None] = []  # the items' links, from the last back (their order does not matter)
        while start and children[start - 1].tag in ITEM_TAGS:
            link = self.link_item(children[start - 1])
            if link is None:
                break
            links.append(link)
            start -= 1
        if end - start < MIN_CARDS or "teaser-cards" in self.analysis.disabled or not one_site(links):
            return []
        return children[start:end]

    def link_item(self, item: etree._Element) -> tuple[str, str] | None:
        """The page and the address of the one link an item opens with (perhaps after an image), when that link is a
        headline (two words or more) and a line of the item's own follows it, and the item is short (at most
        TEASER_CHARS)."""
        own = self.stats.get(item)
        if not own or not own.links or own.text > TEASER_CHARS or (item.text or "").strip():
            return None
        anchor = None
        for child in item:  # past images (perhaps linked) ahead of the headline
            if (
                not isinstance(child.tag, str)
                or child.tag == "a"
                and furniture_text(child)
                or child.tag != "a"
                and child.tag not in IMAGE_TAGS
                or (child.tail or "").strip()
            ):
                anchor = child
                break
        while (
            anchor is not None
            and anchor.tag in INLINE_TAGS
            and len(anchor) == 1
            and not (anchor.text or "").strip()
            and not (anchor[0].tail or "").strip()
        ):
            anchor = anchor[0]  # <strong><a>Headline</a></strong>
        if (
            anchor is None
            or anchor.tag != "a"
            or furniture_text(anchor) != own.links
            or word_count(block_text(anchor)) < 2
            or words_beside_links(item) < 1
        ):
            return None
        href = (anchor.get("href") or "").strip()
        target = link_target(anchor)
        return (target, href) if target and not str_lower(href).startswith(NOT_PAGES) else None

    def is_headline_line(self, el: etree._Element) -> bool:
        """A paragraph that is one link of a few words, all its text: a headline written without a heading."""
        own = self.stats.get(el)
        if not own or not own.text or own.links < own.text or (el.text or "").strip():
            return False
        anchor = el[0] if len(el) == 1 else None
        return (
            anchor is not None
            and anchor.tag == "a"
            and not (anchor.tail or "").strip()
            and word_count(block_text(anchor)) >= 3
            and bool(link_target(anchor))
        )

    def cards_after_content(self, parent: etree._Element) -> set[etree._Element]:
        """The cards of a teaser list that close `parent`, after a child holding content text that is no card and
        has no linked title (the article's body, then teasers of other stories in the same block; not the short
        posts after long ones on a blog's front page)."""
        found = self.teaser_after.get(parent)
        if found is None:
            found = self.teaser_after[parent] = set()
            cards, good = self.analysis.teaser_cards, self.analysis.good
            for child in parent.iterchildren(etree.Element, reversed=True):
                if child in cards:
                    found.add(child)
                elif good(child):
                    if self.stats[child].titles:
                        found.clear()  # a longer post under a linked title: the short ones are posts as well
                    break  # the content the cards follow
            else:
                found.clear()  # nothing but cards: a page of them
        return found

    def is_teaser_run(self, el: etree._Element) -> bool:
        """A block made of a run of teasers written flat and nothing else (`<dl>` of linked headlines and their
        summaries): furniture as a whole, so that the heading over it heads nothing."""
        sections = self.teaser_sections(el)
        if not sections or (el.text or "").strip():
            return False
        text = self.analysis.text
        return all(
            child in sections or not text(child) and not (child.tail or "").strip()
            for child in el.iterchildren(etree.Element)
        )

    def is_leftover(self, el: etree._Element, parent: etree._Element) -> bool:
        """Whether a short line (at most MAX_FURNITURE_LABEL characters, no content text) is all its block holds
        beside furniture: every other child holding text is left out, one at least, and no loose text runs between
        them. Such a line labels the box it shares (a table of contents' title, a credit in a caption, a reading
        time beside a date line). Asked of `el` while its own verdict is held at False, so that two short lines of
        one block, each asking about the other, both stay."""
        if len(parent) > MAX_BOX_PARTS:
            return False  # a line among many (a list's entries, a row of cells): no box's label; and no sibling is
            # read for each of many children
        stats = self.stats
        own = stats.get(el)
        if own is not None and own.text >= SURELY_LONG:
            return False
        text = self.text_of(el).strip()
        if not text or len(text) > MAX_FURNITURE_LABEL or text[-1] in SENTENCE_ENDS:
            return False  # (a sentence beside a share bar is the story's last line, however short)
        if (parent.text or "").strip() or any((child.tail or "").strip() for child in parent):
            return False  # words between the children: a sentence, not a box of blocks
        self.verdicts[el] = False
        others = []
        beside = 0
        for child in parent:
            if child is el or not isinstance(child.tag, str):
                continue
            own = stats.get(child)
            if own is not None and own.text >= SURELY_LONG:
                size = own.text  # past both bounds below
            else:
                child_text = self.text_of(child)
                size = len(child_text) if child_text.strip() else 0
            if size:
                others.append(child)
                beside += size
        # the box is more than its label and more than a line (a list of contents, a caption): a short value beside a
        # shorter label that went (a time in a schedule's row, a recipe's "Course") is the row's text, and a source
        # beside the date line that went ("CNNMoney (New York)", "First published …") the story's dateline
        return beside > len(text) and beside >= MIN_UNIT and all(self(child) for child in others)

    def holds_text(self, el: etree._Element) -> bool:
        """Whether `el` holds text: measured, or, for an element that is no block of its own (a formula's
        `<mjx-container>`, a `<span>`), words outside links, counted in the block around it."""
        return bool(self.analysis.text(el)) or el.tag not in UNIT_TAGS and words_beside_links(el) > 0

    def text_of(self, el: etree._Element) -> str:
        """`block_text` of `el`, computed once (several tests and the repeat check read it)."""
        text = self.texts.get(el)
        if text is None:
            holds_skipped = self.holds_skipped
            if holds_skipped is None:
                holds_skipped = self.holds_skipped = ancestors_of(self.analysis.skipped)
            if el in holds_skipped:
                text = shown_block_text(el, self.analysis.skip_tags)
            else:
                text = block_text(el)
            self.texts[el] = text
        return text

    def class_and_id(self, el: etree._Element) -> str:
        """`class_and_id` of `el`, read once (the caption test and the class test both ask)."""
        hints = self.hints.get(el)
        if hints is None:
            hints = self.hints[el] = class_and_id(el)
        return hints

    def read(self, hints: str) -> HintReading:
        reading = self.hint_readings.get(hints)
        if reading is None:
            reading = self.hint_readings[hints] = read_hints(hints, self.token_strengths)
        return reading

    def names_caption(self, hints: str) -> bool:
        named = self.caption_hints.get(hints)
        if named is None:
            named = self.caption_hints[hints] = names_caption(hints)
        return named

    def is_short_furniture(self, el: etree._Element, tag: str, total: int) -> bool:
        """A short block that is a label over furniture, a date line, a call to action or a copyright notice."""
        text = self.text_of(el)
        off = self.analysis.disabled
        return (
            total <= MAX_FURNITURE_LABEL
            and tag in FURNITURE_LABEL_TAGS
            and is_furniture_label(text)
            and "furniture-labels" not in off
            or tag in DATE_LINE_TAGS
            and total <= MAX_DATE_LINE
            and is_date_line(text)
            and "date-lines" not in off
            or tag in CALL_TAGS
            and total <= MAX_CALL
            and is_call_to_action(text)
            and "calls-to-action" not in off
            or tag in RIGHTS_TAGS
            and total <= MAX_RIGHTS
            and is_rights_line(text)
            and opens_line(el)
            and "copyright-lines" not in off
        )

    def is_loose_rights_line(self, el: etree._Element) -> bool:
        """An inline element that is a copyright notice standing as a line of its own among blocks: the walk counts
        its text as its parent's loose text, so the short-block tests never see it (`<div>…story…</div> <span>©
        2012 …</span>`). Not one inside a line of text (a credit ahead of a sentence, judged with its paragraph)."""
        if (el.tail or "").strip():
            return False
        before = el.getprevious()
        if before is None:
            parent = el.getparent()
            if parent is None or (parent.text or "").strip():
                return False
        elif before.tail and before.tail.strip() or before.tag != "br" and in_line(before):
            return False
        after = el.getnext()
        if after is not None and after.tag != "br" and in_line(after):
            return False
        text = self.text_of(el)
        return len(text) <= MAX_RIGHTS and is_rights_line(text) and opens_line(el)

    def is_caption(self, el: etree._Element, tag: str, own: Counts | None, hints: str | None = None) -> bool:
        """A short text block under a figure's image, or one named a caption/credit by its class or id
        (`tag` is the element's tag, `own` its counts, `hints` its `class_and_id` if read already)."""
        if not own or own.text > MAX_CAPTION:
            return False
        parent = el.getparent()
        in_figure = False
        # may be the text after an image in a figure-like block (on a listing, a linked title after a picture is its
        # card's headline)
        after_image = (
            tag not in NOT_IMAGE_CAPTIONS
            and not (own.titles and self.analysis.listed)
            # nor its headline in a line of its own in a card written as one link (`<a><img><span>Headline`)
            and not self.analysis.in_a_linked_card(el)
        )
        stats = self.stats
        # an inline element deeper in a figure sits in a block that was judged already
        levels = 1 if tag in INLINE_TAGS else 3
        while parent is not None:
            parent_tag = parent.tag
            if parent_tag == "figure":
                in_figure = True
                break
            if parent_tag in MEDIA_TAG_SET or parent_tag == "li":
                break  # a quote, list or table in a figure is the figure's content; an image in one is its own
            if after_image:
                # (a block holding more than a caption is no image block: told here, without the call)
                counts = stats.get(parent)
                if (
                    counts is not None
                    and counts.text <= MAX_CAPTION
                    and self.is_image_block(parent, el)
                    and not self.is_body_text(el)
                    and "image-blocks" not in self.analysis.disabled
                ):
                    in_figure = True
                    break
            levels -= 1
            if not levels:
                break
            parent = parent.getparent()
        if not in_figure:
            if hints is None:
                hints = self.class_and_id(el)
            named = bool(hints) and self.names_caption(hints)
            if not (
                named
                or tag in CREDIT_TAGS
                and own.text <= MAX_CREDIT
                and is_credit_line(self.text_of(el))
                and "credit-lines" not in self.analysis.disabled
                or tag in CLOSING_CREDIT_TAGS
                and closes_with_credit(self.text_of(el))
                # one line of its own: not a header of lines (a title, a deck, a byline) closed by a caption
                and next(el.iterdescendants(*BLOCK_TAGS), None) is None
                and next(el.iterancestors("blockquote"), None) is None  # a quoted caption is the quote's text
                and not self.holds_the_post(own)  # a post of one captioned picture: its text
                and "closing-credits" not in self.analysis.disabled
            ):
                return False
        return next(el.iter(MEDIA_TAGS), None) is None

    def is_media_block(self, block: etree._Element) -> bool:
        """A player with its title line and running time: the block's first element shows no text (a video,
        an embed, a poster image, or an empty element a script fills with the player) and one of its elements (at
        most MEDIA_ELEMENTS looked through) holds only a running time (`RUNNING_TIME`: "02:13", "1:04:30")."""
        if (block.text or "").strip():
            return False
        first = next(block.iterchildren(etree.Element), None)
        if first is None or first.tag not in PLAYER_TAGS and (self.analysis.text(first) or self.text_of(first)):
            return False  # a block opening with text: a line of times (a timetable), not a player
        for node in islice(block.iter(etree.Element), 1, MEDIA_ELEMENTS):
            if len(node) == 0 and node.text and RUNNING_TIME.match(node.text.strip()):
                return True
        return False

    def is_image_block(self, block: etree._Element, el: etree._Element) -> bool:
        """A figure in all but name: an image with a line or two of text about it right after it."""
        own = self.stats.get(block)
        if not own or own.text > MAX_CAPTION or own.links > 0.5 * own.text or el.tail and el.tail.strip():
            return False  # text after it makes it part of a sentence ("<b>About me</b>: I write...")
        if not self.holds_one_image(block):
            return False
        node = el
        while node is not block:
            previous = previous_element(node)
            if previous is not None:
                return (
                    previous.tag in IMAGE_TAGS
                    or not self.analysis.text(previous)
                    and next(previous.iter(IMAGE_TAGS), None) is not None
                )
            node = node.getparent()
        return False

    def holds_one_image(self, block: etree._Element) -> bool:
        one_image = self.one_image.get(block)
        if one_image is None:
            images = block.iter("img")  # a <picture> holds its <img>
            one_image = self.one_image[block] = next(images, None) is not None and next(images, None) is None
        return one_image

    def is_body_text(self, el: etree._Element) -> bool:
        """Whether a `<div>` after an image is the page's body text rather than the image's caption, on a page
        that writes its paragraphs in divs (most of the region's content text is outside `<p>`), as icon cards and
        how-to steps built of divs do: it holds a paragraph's worth of text, or it titles one that follows it."""
        if el.tag != "div":
            return False
        good = self.analysis.good
        if not good(el):
            following = next(el.itersiblings(etree.Element), None)
            if following is None or not good(following):
                return False
        if self.prose_in_paragraphs is None:
            self.prose_in_paragraphs = sum(good(p) for p in self.main.iter("p")) >= 0.5 * self.region_good
        return not self.prose_in_paragraphs

    def is_teaser_list(self, el: etree._Element) -> bool:
        """Cards whose headings are links, each with a line or two of text, and little else around them."""
        return self.text_beside_cards(el) < 0.25 * self.stats[el].text

    def text_beside_cards(self, el: etree._Element) -> int:
        """Text below `el` that is not in a card; a block with several cards is looked into, once (memoised)."""
        pending = [(el, False)]
        while pending:
            node, children_done = pending.pop()
            if node in self.beside_cards:
                continue
            groups = [child for child in node if self.is_card_group(child)]
            if not children_done and any(group not in self.beside_cards for group in groups):
                pending.append((node, True))
                pending.extend((group, False) for group in groups)
                continue
            total = 0
            for child in node:
                counts = self.stats.get(child)
                if counts and not counts.titles:
                    total += counts.text
            self.beside_cards[node] = total + sum(self.beside_cards[group] for group in groups)
        return self.beside_cards[el]

    def is_card_group(self, el: etree._Element) -> bool:
        """Not one card: several linked headings, or more text than a card holds."""
        counts = self.stats.get(el)
        return bool(counts and counts.titles and (counts.titles > 2 or counts.text >= TEASER_CHARS * counts.titles))

    def heads_nothing(self, heading: etree._Element) -> bool:
        """A heading whose section (what follows it up to the next heading of its rank) is all furniture;
        a heading alone in its wrapper is judged by what follows the wrapper."""
        if follows_a_title(heading) or heading is self.story_heading:
            return False  # the title's deck or the story's heading, over the byline: not a section
        stats = self.stats
        if self.analysis.listed:
            own = stats.get(heading)
            if own and own.titles:
                return False  # on a listing, a linked headline heads its card, whatever labels follow it
        level = int(heading.tag[1])
        node = heading
        seen = False
        for _ in range(HEADING_WRAPPERS + 1):
            if is_prose(node.tail):
                return False  # text right after it, in no element of its own
            for sibling in node.itersiblings():
                if not isinstance(sibling.tag, str):
                    if is_prose(sibling.tail):
                        return False
                    continue
                opening = opening_heading(sibling)
                if opening is not None and self.analysis.text(opening):  # an empty heading ends no section
                    return seen and int(opening.tag[1]) <= level  # a subsection's content belongs to this section
                if self.holds_text(sibling) and not self(sibling) or is_prose(sibling.tail):
                    return False
                seen = True
            if seen:
                return True
            parent = node.getparent()
            if parent is None or parent is self.main:
                # the last words of the region: a heading that is one link to another page titles that page (a
                # teaser), not a section here
                own = stats.get(heading)
                return bool(own and own.titles)
            if parent not in stats or stats[parent].text > stats[node].text:
                return False  # the last words of a block: the next block may be its section
            node = parent
        return False  # wrapped deeper than any template wraps a heading: judged as content
