"""What one block's markup says: its words outside links, the page it links to, the heading it opens with,
its title link or closing link."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from itertools import islice
from urllib.parse import urljoin, urlsplit

from lxml import etree

from web2md.extract.exact import str_lower
from web2md.extract.html.entities import subtree_text
from web2md.extract.html.tags import BOLD_TAGS, HEADING_TAGS
from web2md.extract.maincontent.content import INLINE_TAGS, TITLE_BLOCK_TAGS
from web2md.extract.maincontent.furniture import MAX_DATE_LINE, block_text, is_date_line

NOT_PAGES = ("mailto:", "tel:", "javascript:")  # link addresses that lead to no page
HEADING_WRAPPERS = 4  # wrappers a heading alone in them is looked out of, for what follows
HEADING_LOOKAHEAD = 20  # elements of a block looked through for the heading it opens with
WORDS_LOOKAHEAD = 64  # elements of a block looked through for a word of its own beside its links
# The text nodes below an element, in document order, as `itertext` gives them, in one call: the iterator makes an
# element object for every element it passes.
_TEXT_NODES = etree.XPath("descendant::text()", smart_strings=False)
_UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")  # kana and CJK ideographs
MIN_HEADLINE = 12  # a heading the <title> holds, of at least this many characters, is the post's title
SENTENCE_WORDS = 4  # a link-heavy paragraph with this many words of its own around the links is prose
CONTROL_WORDS = 4  # a link closing a card's summary in the same paragraph has at most this many ("Read more")
KICKER_WORDS = 3  # a label over a teaser's title (its section, a date) has at most this many words
# Blocks that may wrap a teaser's linked title alone (a list item or a cell holding one link is a menu's entry)
TITLE_WRAPPER_TAGS = frozenset({"div", "p", "span"})
WRAPPED_TITLE_WORDS = 4  # a link alone in such a block titles a teaser with at least this many words


def link_target(el: etree._Element) -> str | None:
    """The page an element links to (its address without query or fragment: a title's link often carries tracking
    parameters that a "Read more" beside it lacks) when it is inside, or holds, a link to another page (not a
    named anchor or a permalink to its own section)."""
    anchor = next(el.iterancestors("a"), None)
    if anchor is None:
        anchor = next(el.iter("a"), None)
    href = anchor.get("href") if anchor is not None else None
    return href.split("#", 1)[0].split("?", 1)[0] or href if href and not href.startswith("#") else None


def link_into_the_page(target: str, base: str) -> bool:
    """Whether a card's link (`target`, as `link_target` reads it) leads into the page itself: its address but for a
    query or fragment, or an address below its own (a live blog's posts, a gallery's slides, a section front's
    stories), the page's address being `base` ("": only a link of a query alone tells). The address of a page named
    by its query (`article.php?id=12`) names other pages by theirs: those are other pages."""
    if not base:
        return target.startswith("?")
    page = urlsplit(base)
    if page.query:
        return False
    try:
        linked = urlsplit(urljoin(base, target))
    except ValueError:  # an invalid IPv6 literal: no address, none into the page
        return False
    path = page.path.rstrip("/")
    return str_lower(linked.netloc) == str_lower(page.netloc) and (
        linked.path.rstrip("/") == path or linked.path.startswith(path + "/")
    )


def parts_of_the_page(cards: list[etree._Element], base: str) -> bool:
    """Whether a list's cards all link into the page itself (`link_into_the_page`, the page's address being `base`):
    a live blog's posts, a section's stories, not other stories' teasers. A list without cards is none."""
    return bool(cards) and all(link_into_the_page(link_target(card) or "", base) for card in cards)


def is_title_link(
    anchor: etree._Element,
    title_blocks: Collection[tuple[str, str]] = (),
    dated: Callable[[], bool] | None = None,
) -> bool:
    """Whether a link is a title on a line of its own at the top of its block (a teaser's headline with its
    summary or date after it): words, alone in the inline elements around it (`<strong><a>`), with nothing but
    images before it and, after it, an element with words of its own or a line break and words. A link alone in a
    block of its own closing its card is one when it reads as a headline and that block is written as the blocks of
    titles of other cards on the page, its tag and class one of `title_blocks` (a tile of a headline alone). A link
    reading as a headline closing a block after its date alone is one too (`dated_headline`), where `dated`, asked
    only then, holds."""
    line = anchor
    parent = anchor.getparent()
    while (
        parent is not None
        and parent.tag in INLINE_TAGS
        and len(parent) == 1
        and not (parent.text or "").strip()
        and not (line.tail or "").strip()
    ):
        line, parent = parent, parent.getparent()
    if parent is None or (parent.text or "").strip() or (line.tail or "").strip():
        return False
    following = next(line.itersiblings(etree.Element), None)
    if following is None and len(parent) == 1 and parent.tag in TITLE_WRAPPER_TAGS:
        # the link alone in a block of its own (<div class="title"><a>): that block is the title's line, when the
        # link reads as a headline, not as a control ("Upload a photo") or a comment's date
        line, parent = parent, parent.getparent()
        if (
            parent is None
            or parent.tag not in TITLE_BLOCK_TAGS
            or (parent.text or "").strip()
            or (line.tail or "").strip()
        ):
            return False
        if not reads_as_headline(subtree_text(anchor)):
            return False
        following = next(line.itersiblings(etree.Element), None)
        if following is None and title_blocks and (line.tag, line.get("class")) in title_blocks:
            return True
    # one word on a line of its own is a control ("Enlarge", "Download"), not a title
    elif parent.tag not in TITLE_BLOCK_TAGS or word_count(subtree_text(anchor)) < 2:
        return False
    if following is None:
        # a tile: the story's picture linked to it, then its headline; or a river's entry, its date then its headline
        return titles_a_picture(line, anchor.get("href")) or (
            dated_headline(line, anchor) and (dated is None or dated())
        )
    # looked back only as far as the nearest text (each stretch of siblings once, as a title has words), past one
    # label of its own over the title (a kicker, a date; perhaps a link to its section)
    label = False
    for before in line.itersiblings(preceding=True):
        if (before.tail or "").strip():
            return False
        if isinstance(before.tag, str):
            text = subtree_text(before).strip()
            if text:
                if label or word_count(text) > KICKER_WORDS:
                    return False
                label = True
    if following.tag != "br":
        # a link before a menu of links (a member's name over a forum post) titles nothing
        return has_words_beside_links(following)
    if word_count(following.tail or "") > 0:
        return True
    # a headline in bold closing its line and its block (`<b><a>Headline</a></b><br>`, a card without summary):
    # a menu's entries are neither bold nor broken off
    return (
        line.tag in BOLD_TAGS
        and following.getnext() is None
        and word_count(subtree_text(anchor)) >= WRAPPED_TITLE_WORDS
    )


def reads_as_headline(text: str) -> bool:
    """Whether a link's text, standing alone, reads as a headline: not a control ("Upload a photo") nor a date."""
    return word_count(text) >= WRAPPED_TITLE_WORDS and not (len(text) <= MAX_DATE_LINE and is_date_line(text.strip()))


def dated_headline(line: etree._Element, anchor: etree._Element) -> bool:
    """Whether all that stands before `line` (closing its block) is its date (a `<time>`, or a block whose text is a
    date line, linking nowhere) and the link `anchor` reads as a headline: an entry of a river of dated headlines
    (`<li><time>14:32</time> <a>Headline</a></li>`), which a menu's entries, undated, are not."""
    date = alone_before(line)
    if date is None or next(date.iter("a"), None) is not None:
        return False
    text = " ".join(subtree_text(date).split())
    return (
        bool(text)
        and (date.tag == "time" or len(text) <= MAX_DATE_LINE and is_date_line(text))
        and reads_as_headline(subtree_text(anchor))
    )


def alone_before(line: etree._Element) -> etree._Element | None:
    """The one element before `line` in its block when nothing else stands there: no other element, no text."""
    before = list(islice(line.itersiblings(etree.Element, preceding=True), 2))
    if len(before) != 1 or (line.getparent().text or "").strip() or (before[0].tail or "").strip():
        return None
    return before[0]


def titles_a_picture(line: etree._Element, href: str | None) -> bool:
    """Whether all that stands before `line` in its block is a picture linked to the same page (`href`)."""
    picture = alone_before(line)
    return (
        picture is not None
        and href is not None
        and picture.tag == "a"
        and picture.get("href") == href
        and not subtree_text(picture).strip()
        and next(picture.iter("img", "picture"), None) is not None
    )


def closing_link(block: etree._Element, linked: int) -> etree._Element | None:
    """The link a block that opens with a title closes with, on a line of its own (`<a>Read more</a>`, or alone in
    a paragraph, or a short one closing the last paragraph; perhaps a date line after it), when it is the block's
    only link (`linked` characters of link text) and the block has words outside its title and the link (a summary):
    a card's link to its story under an unlinked title (a heading, or a first line all in bold)."""
    last = block[-1] if len(block) else None
    if last is None or not isinstance(last.tag, str) or (last.tail or "").strip():
        return None
    if (
        last.tag != "a"
        and len(last) <= 1
        and len(date := subtree_text(last)) <= MAX_DATE_LINE
        and next(last.iter("a"), None) is None
        and is_date_line(" ".join(date.split()))
    ):
        last = last.getprevious()  # the card's date under its summary ("<p>2012-11-09</p>")
        if last is None or not isinstance(last.tag, str) or (last.tail or "").strip():
            return None
    inline = False
    if last.tag != "a":
        if not len(last) or last.tag in HEADING_TAGS:
            return None
        # alone in a paragraph, or closing the summary's paragraph ("... <a>Read more</a>") as a short link
        inline = len(last) > 1 or bool((last.text or "").strip())
        last = last[-1]
        if last.tag != "a" or (last.tail or "").strip():
            return None
    text = subtree_text(last).strip()
    if (
        len(text) != linked
        or inline
        and word_count(text) > CONTROL_WORDS
        or str_lower((last.get("href") or "").lstrip()).startswith(NOT_PAGES)
    ):
        return None  # an address to write to or call is no story (a contact card)
    title = next((node for node in islice(block.iter(), HEADING_LOOKAHEAD) if node.tag in HEADING_TAGS), None)
    if title is None:
        title = bold_first_line(block)
        if title is None:
            return None
    return last if words_beside_links(block) > word_count(block_text(title)) else None


def bold_first_line(block: etree._Element) -> etree._Element | None:
    """The first child of a block when it is a line all in bold (`<p><strong>Title</strong></p>`, `<b>Title</b>`)
    with more after it: a title written without a heading."""
    first = block[0]
    if (block.text or "").strip() or not isinstance(first.tag, str) or (first.tail or "").strip() or first is block[-1]:
        return None
    if first.tag not in BOLD_TAGS:
        if len(first) != 1 or (first.text or "").strip() or (first[0].tail or "").strip():
            return None
        first = first[0]
    return first if first.tag in BOLD_TAGS and (first.text or "").strip() else None


def previous_element(el: etree._Element) -> etree._Element | None:
    """The element just before `el` among its siblings, comments and processing instructions passed over."""
    return next(el.itersiblings(etree.Element, preceding=True), None)


def opening_heading(el: etree._Element) -> etree._Element | None:
    """The heading a block opens with: itself, or its first child when no text comes before it, and so on down
    through a few wrappers (a heading wrapped deeper is not looked for: each block is looked into once or twice).
    An empty named anchor ahead of the heading (`<a id="comments"></a><h3>`, a target for links) opens nothing, nor
    does a markup comment (`<!-- You can start editing here. -->`)."""
    for _ in range(HEADING_WRAPPERS + 1):
        if el.tag in HEADING_TAGS:
            return el
        if (el.text or "").strip():
            return None
        first = first_element(el)
        if first is not None and first.tag == "a" and is_named_anchor(first):
            first = next_element(first)
        if first is None:
            return None
        el = first
    return None


def first_element(el: etree._Element) -> etree._Element | None:
    """The first child element of `el` when no text comes before it (markup comments and their blank tails skipped)."""
    return element_from(el[0]) if len(el) else None


def next_element(el: etree._Element) -> etree._Element | None:
    """The element after `el` among its siblings, markup comments between them skipped (None when text is between)."""
    return element_from(el.getnext())


def element_from(node: etree._Element | None) -> etree._Element | None:
    """`node` when it is an element, else the first element after it, past markup comments whose tails are blank
    (None when one has text after it)."""
    while node is not None and not isinstance(node.tag, str):
        if (node.tail or "").strip():
            return None
        node = node.getnext()
    return node


def is_named_anchor(el: etree._Element) -> bool:
    """An empty link target (`<a name="x"></a>`, `<a id="x"></a>`): no address, no text, nothing inside."""
    return (
        el.tag == "a"
        and not len(el)
        and el.get("href") is None
        and not (el.text or "").strip()
        and not (el.tail or "").strip()
    )


def heads_an_article(header: etree._Element, post: etree._Element | None = None) -> bool:
    """Whether a `<header>` outside any article is the article's: it holds the page's last `<h1>` (a site's name
    comes before the article's title), which links nowhere (a site's name links to its home page), with more
    words than the headline's outside links (a lead, a byline), and no menu (a site's header holds its
    navigation). On a page without an `<h1>`, also a `<header>` whose first heading is the post's title, `post` (an
    `<h2>` the `<title>` holds: `post-title-block`), unlinked, with no menu: the title over its byline
    (`<header><hgroup><h2>Title</h2></hgroup><div>By Ann Smith • May 3</div>`)."""
    h1 = next(header.iter("h1"), None)
    if h1 is None:
        if post is None or header.tag != "header":
            return False
        if next(post.iter("a"), None) is not None or next(header.iter("nav"), None) is not None:
            return False  # a linked title, a menu: the site's header
        return next((node for node in header.iter() if node.tag in HEADING_TAGS), None) is post
    return (
        next(h1.iter("a"), None) is None
        and next(header.iter("nav"), None) is None
        and words_beside_links(header) > word_count(block_text(h1)) + SENTENCE_WORDS
        and not h1.xpath("boolean(following::h1)")
    )


def inside_link(el: etree._Element) -> bool:
    """Whether `el` sits in a link, a few wrappers deep at most (`<a><div>Title</div></a>`)."""
    for ancestor in islice(el.iterancestors(), HEADING_WRAPPERS):
        if ancestor.tag == "a":
            return True
    return False


def opens_with_a_heading(el: etree._Element) -> bool:
    """Whether a heading is among the first elements of `el` (a block holding a title, and perhaps a byline)."""
    return any(node.tag in HEADING_TAGS for node in islice(el.iter(), HEADING_LOOKAHEAD))


def words_beside_links(el: etree._Element) -> int:
    """Words of a block's own text outside its links ("Read more:" has two; a sentence naming people has more);
    separators between links ("|", "·", "»") are no words."""
    words = lettered_word_count(block_text(el))
    for anchor in el.iter("a"):
        words -= lettered_word_count(block_text(anchor))
    return words


def has_words_beside_links(el: etree._Element) -> bool:
    """Whether a block holds a word (a letter or digit) outside its links among its first WORDS_LOOKAHEAD elements:
    what follows a title on its line is read from its start, and a block of nested wrappers is not read whole for
    every link ahead of it."""
    if el.tag == "a":
        return False  # (its words are its link's)
    stack = [el]
    for _ in range(WORDS_LOOKAHEAD):
        if not stack:
            return False
        node = stack.pop()
        if isinstance(node.tag, str) and has_words(node.text):
            return True
        for child in reversed(node):
            if has_words(child.tail):
                return True
            if isinstance(child.tag, str) and child.tag != "a":
                stack.append(child)
    return False


def has_words(text: str | None) -> bool:
    """Whether loose text holds a letter or a digit (not only spaces and separators)."""
    return bool(text) and any(map(str.isalnum, text))  # type: ignore[arg-type]


def lettered_word_count(text: str) -> int:
    """`word_count` of the words that hold a letter or digit."""
    return word_count(text) - sum(
        1 for token in text.split() if not token.isalnum() and not any(map(str.isalnum, token))
    )


def word_count(text: str) -> int:
    """Words separated by spaces; in Chinese and Japanese, which write none, every two ideographs or kana."""
    words = len(text.split())
    if text.isascii():  # (known without reading the text) no kana or ideographs: the class need not be tried
        return words
    return words + len(_UNSPACED.findall(text)) // 2


def furniture_text(el: etree._Element) -> int:
    """Characters of text in a furniture subtree, each text node trimmed (as the analysis counts text)."""
    return sum(map(len, map(str.strip, _TEXT_NODES(el))))


def shown_furniture_text(el: etree._Element) -> int:
    """`furniture_text` without the code of the scripts and styles below `el` (no text a reader sees: a footer of
    ad tags is no wrapper of the page)."""
    code = sum(len((node.text or "").strip()) for node in el.iter("script", "style"))
    return furniture_text(el) - code


def ancestors_below(el: etree._Element, top: etree._Element) -> list[etree._Element]:
    """The ancestors of `el` below `top`, nearest first."""
    found = []
    for node in el.iterancestors():
        if node is top:
            break
        found.append(node)
    return found


def holds(block: etree._Element, el: etree._Element) -> bool:
    """Whether `el` is `block` or inside it."""
    return el is block or any(ancestor is block for ancestor in el.iterancestors())


def wraps_formula(el: etree._Element) -> bool:
    """Whether a MathML formula is a child or grandchild of `el`."""
    for child in el:
        if child.tag == "math" or any(grandchild.tag == "math" for grandchild in child):
            return True
    return False
