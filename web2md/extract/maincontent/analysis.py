"""The measuring walk of main-content selection: per element, its text, link text, content text and linked
headings, with the furniture and hidden subtrees it passed over."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice

from lxml import etree

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pure Python: the decorator only tells mypyc how to build the class

    def mypyc_attr(*_: object, **__: object) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda cls: cls


from web2md.extract.exact import str_lower
from web2md.extract.html.entities import subtree_text
from web2md.extract.html.rows import PACKED, cell_text
from web2md.extract.html.tags import HEADING_TAGS, SKIP_TAGS
from web2md.extract.maincontent.blocks import (
    MIN_HEADLINE,
    NOT_PAGES,
    TITLE_WRAPPER_TAGS,
    closing_link,
    furniture_text,
    heads_an_article,
    holds,
    is_title_link,
    link_target,
    parts_of_the_page,
    reads_as_headline,
    shown_furniture_text,
    word_count,
)
from web2md.extract.maincontent.content import FURNITURE_TAGS, INLINE_TAGS, TITLE_BLOCK_TAGS, TITLE_TAGS, UNIT_TAGS
from web2md.extract.maincontent.furniture import block_text, comment_counts, comment_link_targets, hint_strength
from web2md.extract.markdown.render import is_hidden

# The attributes the walk reads: whether an element is hidden, its role, a product's itemtype, what marks comments
# and bylines.
_READ_ATTRIBUTES = frozenset(
    {"style", "hidden", "role", "itemtype", "itemprop", "class", "id", "data-author", "data-testid"}
)
_CLASS_ONLY = ["class"]
_CLASS = frozenset(_CLASS_ONLY)
_NO_MARKS: frozenset[str] = frozenset()
_ROLES = frozenset(
    {
        "navigation",
        "banner",
        "contentinfo",
        "complementary",
        "search",
        "dialog",
        "menu",
        "menubar",
        "alert",
        "toolbar",
        "tablist",
    }
)
# the roles of text a page shows only over another element, on hover or focus (rule popup-roles): a tooltip's
# "Read Later" beside the button it explains is that button's label, not the article's
_POPUP_ROLES = frozenset({"tooltip"})
_ROLES_AND_POPUPS = _ROLES | _POPUP_ROLES
# What the walk does with an element, by its tag (`_tag_kind`), read once per tag and page: one dictionary look-up
# where a measured element would take a test against each set of tags. Ordered so that the paragraph-like blocks
# (UNIT_TAGS: `_UNIT` to `_HEADER`) and the tags that may be furniture (`_HEADER` and above) are ranges.
_SKIP = -1  # never measured (`skip_tags`)
_PLAIN = 0
_LINK = 1
_UNIT = 2  # any other of UNIT_TAGS
_ARTICLE = 3  # <article>, <main>
_HEADER = 4
_FURNITURE = 5  # FURNITURE_TAGS
_CUSTOM = 6  # a custom element's name (with a hyphen), not naming furniture outright
_CUSTOM_FURNITURE = 7  # ... naming furniture outright (<pp-navigation>, <amp-ad>)
# The document's first <title> (what `tree.find(".//title")` finds): libxml2 stops at it, where lxml's iterators, and
# `find` with them, look on for the next match before they return one, through the rest of the document.
_FIRST_TITLE = etree.XPath("descendant::title[1]")
MIN_UNIT = 50  # characters of non-link text before a block counts as content (chosen out of fold: --tune)
PRECISION_MIN_UNIT = 70  # ... with `precision`
RECALL_MIN_UNIT = 17  # ... with `recall`
# A card: a block titled by one linked heading, with at most this much text (a headline, a summary, a date).
# Siblings that are cards, this many or more, are a teaser list: their summaries are not the page's content.
CARD_CHARS = 800
CARD_HEADLINE_CHARS = 25  # a title of this many characters (with its badge) heads a card; a desk's name is shorter
RIVER_DEPTH = 3  # the blocks above a dated headline's own that a card's headline met before it makes a card's lines
LINKED_CARD_DEPTH = 3  # how far above a line of a card written as one link its card is (the link, a wrapper or two)
MIN_CARDS = 3
# Beside lists of cards, an `<h1>` of a word or two over less text than this of its own (outside links, lists and
# cards) names a section over its introduction, not a story
SECTION_INTRO = 200
# ... or less than this share of the text of the lists in its parent (an author's bio, a topic's introduction over a
# listing of many times its size)
INTRO_SHARE = 0.25
# A list item shorter than this (characters) is no headline of a desk of headlines alone (four words of a few letters)
BARE_HEADLINE_CHARS = 12
# beside a card apart, lists of bare headlines weigh as its grid when they hold this share of their branch's text
DESK_SHARE = 0.5
CARD_LABEL_WORDS = 4  # a part of a card outside its headline, of at most this many words, is a label of it


def _tag_kind(tag: str, skip_tags: frozenset[str], custom_tags: dict[str, int]) -> int:
    """What the walk does with an element named `tag` (`_SKIP` ... `_CUSTOM_FURNITURE`)."""
    if tag in skip_tags:
        return _SKIP
    if tag in FURNITURE_TAGS:
        return _FURNITURE
    if tag == "header":
        return _HEADER
    if "-" in tag:
        return _CUSTOM_FURNITURE if hint_strength(tag, custom_tags) == 2 else _CUSTOM
    if tag == "a":
        return _LINK
    if tag == "article" or tag == "main":
        return _ARTICLE
    return _UNIT if tag in UNIT_TAGS else _PLAIN


class Counts:
    """What the walk measured of one element: characters of its text, of its link text and of its content text
    (paragraph-like blocks long enough and not mostly links), and the linked headings below it."""

    __slots__ = ("text", "links", "good", "titles")

    text: int
    links: int
    good: int
    titles: int


#: Elements measured before the walk lets go of the plainest leaves (`Measures`): a page this big is mostly table
#: cells or list items, and each held measure keeps its element's Python object alive.
COMPACT_AFTER = 100_000


class Measures(dict):
    """`Analysis.stats` of a big page, without the measured leaves but links and blocks holding link text: a
    table cell, a list item, an inline element, an image. Their `Counts` follow from their tag and their own
    text (an inline element's text is its block's), and are made again when asked for."""

    __slots__ = ("root", "pruned", "skip_tags", "min_unit")

    def __init__(
        self, stats: dict, root: etree._Element, pruned: set, skip_tags: frozenset[str], min_unit: int
    ) -> None:
        super().__init__(stats)
        self.root = root
        self.pruned = pruned
        self.skip_tags = skip_tags
        self.min_unit = min_unit

    def get(self, el: etree._Element, default: Counts | None = None) -> Counts | None:  # type: ignore[override]
        own = dict.get(self, el)
        if own is None:
            own = self.let_go(el)
        return default if own is None else own

    def __getitem__(self, el: etree._Element) -> Counts:
        own = self.get(el)
        if own is None:
            raise KeyError(el)
        return own

    def __contains__(self, el: object) -> bool:
        return dict.__contains__(self, el) or self.let_go(el) is not None  # type: ignore[arg-type]

    def let_go(self, el: etree._Element) -> Counts | None:
        """The measures of `el` if the walk measured it and let them go, else None."""
        tag = el.tag
        if len(el) or tag == "a" or not isinstance(tag, str):  # (a comment is never measured)
            return None
        # measured: below the root, and neither it nor an element above it passed over (skipped or pruned)
        node: etree._Element | None = el
        while node is not self.root:
            if node is None or node in self.pruned or node.tag in self.skip_tags:
                return None
            node = node.getparent()
        text = el.text if tag in UNIT_TAGS else None
        n = len(text.strip()) if text else 0
        own = Counts()
        own.text, own.links, own.good, own.titles = n, 0, n if n >= self.min_unit else 0, 0
        return own


class Cards:
    """The cards among the children of an element: how many, their content text, the cards."""

    __slots__ = ("count", "good", "cards")

    def __init__(self) -> None:
        self.count = 0
        self.good = 0
        self.cards: list[etree._Element] = []


@mypyc_attr(serializable=True)  # (compiled: `copy.copy` makes it without calling __init__, as in Python)
class Analysis:
    """Text, link text and content text per element below `root`; furniture and hidden subtrees left out.

    `stats[el]` holds its `Counts`. Furniture subtrees
    are not walked; their size is estimated so that one wrapping the whole page (an
    unclosed `<header>`, a `<nav>` around everything) can be measured after all.
    """

    def __init__(
        self,
        root: etree._Element,
        keep_header: bool = False,
        min_unit: int = MIN_UNIT,
        keep_hidden: bool = False,
        not_furniture: frozenset = frozenset(),
        skip_tags: frozenset[str] = SKIP_TAGS,
        disabled: frozenset[str] = frozenset(),
        title_wrappers: frozenset[tuple[str, str]] = frozenset(),
    ) -> None:
        self.root = root
        # a dict, or a `Measures` on a big page
        self.stats: dict[etree._Element, Counts] = {}
        self.pruned: set[etree._Element] = set()
        # furniture left out, with an upper bound of its text (whitespace included, one libxml2 call)
        self.furniture_bound: dict[etree._Element, int] = {}
        # elements whose class/id/data attributes may mark a comment (pagetype.is_comment decides)
        self.comment_candidates: list[etree._Element] = []
        self.comments: list[tuple[etree._Element, int]] | None = None  # pagetype.page_comments, found once
        # elements a byline may be in (a class naming an author or byline, or an itemprop), in document order,
        # with the subtrees the walk passed over as (element, whether the element itself counts): byline_author
        self.byline_candidates: list[etree._Element | tuple[etree._Element, bool]] = []
        self.role_main: etree._Element | None = None  # the first [role=main]
        self.product_microdata = False  # an itemtype of schema.org/Product
        self.marked_bodies: list[etree._Element] = []  # the elements marked itemprop="articleBody", in document order
        self.caption_text = 0  # characters in <figcaption>s: a gallery's captions are its content
        self.skipped: list[etree._Element] = []  # the elements never measured (`skip_tags`), in document order
        # blocks holding MIN_CARDS or more cards side by side, with their cards' content text, which is not counted
        # as content (unless the page is a listing: `restore_teasers`)
        self.teaser_lists: dict[etree._Element, int] = {}
        self.teaser_cards: set[etree._Element] = set()  # the cards of the teaser lists
        # blocks holding MIN_CARDS or more cards side by side without content text (headlines alone), with the cards
        self.headline_lists: dict[etree._Element, list[etree._Element]] = {}
        # lists (`<ul>`, `<ol>`) of MIN_CARDS or more items each a link alone reading as a headline, with the items:
        # a desk of headlines on a front page, a menu's shape with a headline's words (`bare_headline_item`); listed
        # as lists of headlines on a listing page alone (`list_bare_headlines`)
        self.bare_lists: dict[etree._Element, list[etree._Element]] = {}
        self._bare_found: dict[etree._Element, list[etree._Element]] | None = None  # (find_bare_lists)
        self._linked_found: dict[etree._Element, list[etree._Element]] | None = None  # (find_linked_lists)
        # cards with a summary not in a list of cards (fewer than MIN_CARDS side by side, in a block holding more than
        # them: a section's lead story over its grid), and per block the content text of those below it (none passed
        # up out of a list of cards): a card's summary, not the page's prose (`lone_text`)
        self.lone_cards: set[etree._Element] = set()
        self.lone_held: dict[etree._Element, int] = {}
        # on a listing page, its lists of cards each written as one link without a heading tag (`list_linked_cards`)
        self.linked_lists: set[etree._Element] = set()
        self.linked_cards: set[etree._Element] = set()  # ... and their cards
        # on a listing, the blocks holding a listed list of bare headlines or of such cards (not link-dense: they hold
        # headlines)
        self.headline_holders: frozenset[etree._Element] = frozenset()
        self.listed: frozenset[etree._Element] = frozenset()  # on a listing page, its lists of cards and the cards
        self.listed_lists: frozenset[etree._Element] = frozenset()  # ... its lists of cards alone
        # lists of cards in the readers' comments or holding them, on a page whose thread weighs nothing against its
        # desks (rule thread-desks): the thread's, never listed
        self.thread_lists: frozenset[etree._Element] = frozenset()
        self._comment_targets: frozenset[etree._Element] | None = None  # (comment_targets)
        self._comment_counts: dict[etree._Element, frozenset[int]] = {}  # (counted_comments), per region
        self.keep_header = keep_header
        self.min_unit = min_unit
        self.keep_hidden = keep_hidden
        self.skip_tags = skip_tags  # never measured, as the renderer never renders them
        self.disabled = disabled  # the names of the rules switched off (`rules.RULES`), for every test of this page
        found = self._walk(root, keep_header, min_unit, keep_hidden, not_furniture, skip_tags, title_wrappers)
        if found is not None:
            # tiles were passed over before a title in a block of their kind was met: measured again, knowing it
            self.__init__(root, keep_header, min_unit, keep_hidden, not_furniture, skip_tags, disabled, found)  # type: ignore[misc]

    @staticmethod
    def _post_title(root: etree._Element, found: list[etree._Element | None]) -> etree._Element | None:
        """The post's `<h2>` title on a page without an `<h1>` (`headline`), looked for once (kept in `found`)."""
        if not found:
            post = headline(root, None) if next(root.iter("h1"), None) is None else None
            found.append(post if post is not None and post.tag == "h2" else None)
        return found[0]

    def _walk(
        self,
        root: etree._Element,
        keep_header: bool,
        min_unit: int,
        keep_hidden: bool,
        not_furniture: frozenset,
        skip_tags: frozenset[str],
        known_wrappers: frozenset[tuple[str, str]],
    ) -> frozenset[tuple[str, str]] | None:
        """Measure the elements below `root`. `known_wrappers`: the tags and classes of blocks holding a title link
        alone (`<div class="title"><a>`), known before; returns them all when a link alone in such a block, closing
        its card, was passed over before the first title in a block of its kind (else None)."""
        stats, pruned, candidates, bylines = self.stats, self.pruned, self.comment_candidates, self.byline_candidates
        skipped = self.skipped
        teaser_lists, teaser_cards, headline_lists = self.teaser_lists, self.teaser_cards, self.headline_lists
        lone_cards, lone_held = self.lone_cards, self.lone_held
        count_cards = "teaser-cards" not in self.disabled
        h2_titles = "post-title-block" not in self.disabled
        furniture_roles = _ROLES if "popup-roles" in self.disabled else _ROLES_AND_POPUPS
        post_title: list[etree._Element | None] = []  # the post's title without an <h1> (`headline`), once asked
        cards: dict[etree._Element, Cards] = {}  # per open element: the cards among its children
        targets: dict[etree._Element, str] = {}  # the one page the linked headings below an element lead to, or ""
        # the tags and classes of the blocks holding a title link alone (`<div class="title"><a>`) met so far, and
        # of those holding a link reading as a headline alone, closing their own, passed over
        title_wrappers: set[tuple[str, str]] = set(known_wrappers)
        passed_over: set[tuple[str, str]] = set()
        # per kind of block passed over, the block holding the cards it closed and how many of them side by side
        tile_runs: dict[tuple[str, str], tuple[etree._Element | None, int]] = {}
        alike_tiles = "alike-tiles" not in self.disabled
        dated_headlines = "dated-headlines" not in self.disabled

        def closes_a_tile(anchor: etree._Element, wrapper: etree._Element, wrapper_tag: str) -> bool:
            """Whether a link alone in a block closing its own (`wrapper`) is in a block of a title's kind."""
            kind = wrapper.get("class")
            if not kind:
                return False
            key = (wrapper_tag, kind)
            if key in title_wrappers:
                return True
            if reads_as_headline(subtree_text(anchor)):
                passed_over.add(key)
                if alike_tiles and next(anchor.iter("img"), None) is None:
                    # MIN_CARDS cards side by side each closed by a block of one kind holding a headline alone: a
                    # desk of tiles, the block a title's (as a title block with a summary after it elsewhere says);
                    # not a link holding its picture too (a slider of whole-card links to another site's offers)
                    card = wrapper.getparent()
                    grid = card.getparent() if card is not None else None
                    held, run = tile_runs.get(key, (None, 0))
                    run = run + 1 if grid is not None and held is grid else 1
                    tile_runs[key] = (grid, run)
                    if run >= MIN_CARDS:
                        title_wrappers.add(key)
            return False

        def in_a_card() -> bool:
            """Whether the block closing now (a list item, say) is a line of a card under its headline: a block of
            the RIVER_DEPTH above it holds a title met before it, of CARD_HEADLINE_CHARS or more with what else it
            holds so far, and no card (a live blog's updates, a card's related links); a block holding cards before
            it is a column of stories (a section's lead story over its river), one holding a short title a desk."""
            for block, counts in zip(
                open_elements[-2 : -2 - RIVER_DEPTH : -1], open_stats[-2 : -2 - RIVER_DEPTH : -1], strict=False
            ):
                if block is None or block in cards:
                    return False
                if counts.titles:
                    # a card's headline, not a desk's name over its river ("Latest", "More from Harbour")
                    return counts.text >= CARD_HEADLINE_CHARS
            return False

        def in_a_river() -> bool:
            """Whether a dated headline closing the block closing now is an entry of a river (rule
            dated-headlines), not a line of a card (`in_a_card`)."""
            return dated_headlines and not in_a_card()

        def holds_a_title(wrapper: etree._Element, wrapper_tag: str) -> None:
            """Note the kind of block holding a title link alone (`wrapper`)."""
            kind = wrapper.get("class")
            if kind and len(wrapper) == 1:
                title_wrappers.add((wrapper_tag, kind))

        furniture_bound = self.furniture_bound
        # The open measured elements from the root down, their tags and their counts; None at the bottom, so
        # that the end of a skipped element never matches.
        open_elements: list[etree._Element | None] = [None]
        open_tags: list[str] = []
        open_stats: list[Counts] = []
        # The open paragraph-like blocks ("units"): a text node counts towards the innermost one, as link
        # text inside a link. Its counts are kept in locals, the enclosing units' on a stack.
        unit_elements: list[etree._Element] = []
        outer_units: list[tuple[int, int]] = []
        unit_text = unit_links = 0
        in_link = 0
        in_article = 0  # a <header> inside an article holds its title and lead, not site furniture
        custom_tags: dict[str, int] = {}  # the hint strength of each custom element's name's tokens, read once
        kinds: dict[str, int] = {}  # `_tag_kind` of each tag met
        walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
        # (typed: compiled, each event is read as a tuple, where an untyped one is unpacked through an iterator)
        events: Iterator[tuple[str, etree._Element]] = walker
        let_go = False
        root_class = root.get("class")
        if root_class and ("uthor" in root_class or "yline" in root_class) or root.get("itemprop") is not None:
            bylines.append(root)

        def pass_up_titles(el: etree._Element, own: Counts, parent_el: etree._Element, parent: Counts) -> None:
            """Add the linked headings below `el` to its parent's, with the one page they all lead to."""
            if parent.titles:
                if targets.get(parent_el) != targets.get(el):
                    targets[parent_el] = ""  # headings leading to several pages
            else:
                targets[parent_el] = targets.get(el, "")
            parent.titles += own.titles

        # comments and processing instructions come as one event each: only their tail counts, below
        # ("<!-- ad -->The article...")
        for event, el in events:
            if event == "start":
                tag = el.tag
                kind = kinds.get(tag)
                if kind is None:
                    if not isinstance(tag, str):  # an entity reference (resolve_entities=False)
                        walker.skip_subtree()
                        continue
                    kind = kinds[tag] = _tag_kind(tag, skip_tags, custom_tags)
                if kind == _SKIP:
                    skipped.append(el)
                    walker.skip_subtree()
                    continue
                if el is not root:
                    keys = el.keys()
                    role = None
                    # the attributes read below that `el` has, found in one call: most elements have none of them
                    # but a class, or none at all (a link's href, an image's src)
                    if keys == _CLASS_ONLY:
                        # a class alone, the most frequent: told by comparing the list (no set made, no name hashed),
                        # its value the only one (`values` does not look the name up, as `get` does)
                        marks = _CLASS
                        cls = el.values()[0]
                    else:
                        marks = _READ_ATTRIBUTES.intersection(keys) if keys else _NO_MARKS
                        cls = el.get("class") if "class" in marks else None
                    if marks:
                        comment = cls and ("omment" in cls or "forum-post" in cls)
                        byline = cls and ("uthor" in cls or "yline" in cls)  # byline.candidates_in
                        if cls is None or len(marks) > 1:  # more than a class
                            if not keep_hidden and ("style" in marks or "hidden" in marks) and is_hidden(el):
                                pruned.add(el)
                                bylines.append((el, True))  # looked into only if the byline is needed
                                walker.skip_subtree()
                                continue
                            if "role" in marks:
                                role = str_lower(el.get("role") or "")
                                if role == "main" and self.role_main is None:
                                    self.role_main = el
                            # a product the page is about: an item of its own or the page's main entity, not a
                            # property of another item (a paywalled article `isPartOf` its subscription product)
                            if (
                                "itemtype" in marks
                                and "schema.org/Product" in (el.get("itemtype") or "")
                                and el.get("itemprop", "mainEntity") == "mainEntity"
                            ):
                                self.product_microdata = True
                            if "itemprop" in marks and "articlebody" in str_lower(el.get("itemprop")):
                                self.marked_bodies.append(el)
                            comment = (
                                comment
                                or "data-author" in marks
                                or "id" in marks
                                and el.get("id").startswith(("comment", "reply"))
                                or "data-testid" in marks
                                and el.get("data-testid") == "comment"
                            )
                            byline = byline or "itemprop" in marks
                        if comment:
                            candidates.append(el)
                        if byline:
                            bylines.append(el)
                    # a <header> inside an article, or holding one's headline and lead, is the article's; an
                    # <aside> holding the page's headline and text is the article itself, the markup misused
                    if (
                        (kind >= _HEADER or role is not None)
                        and (
                            kind == _FURNITURE
                            and not (tag == "aside" and heads_an_article(el))
                            or kind == _HEADER
                            and not (
                                keep_header
                                or in_article
                                or heads_an_article(el, self._post_title(root, post_title) if h2_titles else None)
                            )
                            or kind == _CUSTOM_FURNITURE
                            or role is not None
                            and role in furniture_roles
                        )
                        and el not in not_furniture
                    ):
                        pruned.add(el)
                        furniture_bound[el] = len(subtree_text(el))
                        bylines.append((el, False))
                        walker.skip_subtree()
                        continue
                # one per element of the page: Counts has no __init__, whose call would cost more than the stores
                own = stats[el] = Counts()
                own.text = own.links = own.good = own.titles = 0
                open_elements.append(el)
                open_tags.append(tag)
                open_stats.append(own)
                if kind == _LINK:
                    in_link += 1
                elif kind == _ARTICLE:
                    in_article += 1
                # plain table rows packed while parsing (html/rows.py): cells too short for content
                elif kind >= _CUSTOM and tag == PACKED:
                    own.text = cell_text(el)
                    continue
                if _UNIT <= kind <= _HEADER or not unit_elements:
                    unit_elements.append(el)
                    outer_units.append((unit_text, unit_links))
                    unit_text = unit_links = 0
                text = el.text
                if text:
                    n = len(text.strip())
                    if n:
                        unit_text += n
                        if in_link:
                            unit_links += n
                continue
            if open_elements[-1] is el:
                open_elements.pop()
                own = open_stats.pop()
                tag = open_tags.pop()  # read once: lxml builds a new string at every read
                if tag == "a":
                    in_link -= 1
                elif tag == "article" or tag == "main":
                    in_article -= 1
                if unit_elements[-1] is el:
                    unit_elements.pop()
                    t, linked = unit_text, unit_links
                    unit_text, unit_links = outer_units.pop()
                    own.text += t
                    own.links += linked
                    if t - linked >= min_unit and linked <= 0.5 * t:
                        own.good += t - linked
                    # a linked heading (its text may sit in blocks of its own: <h3><a><div>Title)
                    elif tag in TITLE_TAGS and own.text and own.links >= 0.9 * own.text:
                        target = link_target(el)
                        if target:
                            own.titles += 1
                            targets[el] = target
                if cards:
                    held = cards.pop(el, None)
                    if held is not None and held.count >= MIN_CARDS and count_cards:
                        if held.good:
                            own.good -= held.good
                            teaser_lists[el] = held.good
                            teaser_cards.update(held.cards)
                        else:
                            headline_lists[el] = held.cards
                        if lone_held:
                            lone_held.pop(el, None)  # a card's parts, not cards apart
                    elif (
                        held is not None
                        and held.good
                        and count_cards
                        and own.text > sum(stats[card].text for card in held.cards)
                    ):
                        lone_cards.update(held.cards)
                        lone_held[el] = lone_held.get(el, 0) + held.good
                if lone_held and open_stats:
                    held_n = lone_held.get(el)
                    if held_n:
                        lone_held[open_elements[-1]] = lone_held.get(open_elements[-1], 0) + held_n
                # (a link last in a block has nothing after it to title: most links in lists and menus; but a
                # link alone in a block written as the blocks of titles met before it is a title of its own, a tile's)
                if (
                    tag == "a"
                    and not own.text
                    and not own.titles
                    and open_stats
                    and (
                        el.getnext() is not None  # type: ignore[union-attr]
                        or open_tags[-1] in INLINE_TAGS
                        or el.getprevious() is not None  # type: ignore[union-attr]
                        or open_tags[-1] in TITLE_WRAPPER_TAGS
                        and len(open_elements[-1]) == 1
                        and (
                            open_elements[-1].getnext() is not None
                            or closes_a_tile(el, open_elements[-1], open_tags[-1])
                        )
                    )
                    and is_title_link(
                        el,
                        title_wrappers,
                        # (an entry of a river, not a line of a card under its headline: a live blog's updates,
                        # a card's related links)
                        in_a_river,
                    )
                ):
                    # a linked title on a line of its own counts as a linked heading (its text is its block's)
                    target = link_target(el)
                    if target:
                        own.titles = 1
                        targets[el] = target
                        if open_tags[-1] in TITLE_WRAPPER_TAGS:
                            holds_a_title(open_elements[-1], open_tags[-1])
                elif (
                    own.good
                    and own.links
                    and not own.titles
                    and own.text <= CARD_CHARS
                    and tag in TITLE_BLOCK_TAGS
                    and open_stats
                ):
                    # a card whose title links nowhere, closed by its one link to the story ("Read more"), with a
                    # summary long enough to be content text
                    anchor = closing_link(el, own.links)
                    if anchor is not None:
                        target = link_target(anchor)
                        if target:
                            own.titles = 1
                            targets[el] = target
                if own.text and open_stats:  # an element without text adds nothing to its parent
                    if tag == "figcaption":
                        self.caption_text += own.text
                    # a card: its linked headings (a title, perhaps a "Read more" under it) lead to one page
                    card: tuple[etree._Element, ...] = ()
                    if own.titles and own.text <= CARD_CHARS and tag not in TITLE_TAGS and targets.get(el):
                        card = (el,)
                    elif (
                        tag == "dd"
                        and (term := el.getprevious()) is not None  # type: ignore[union-attr]
                        and term.tag == "dt"
                        and targets.get(term)
                        and own.text + stats[term].text <= CARD_CHARS
                        and reads_as_headline(subtree_text(term))
                    ):
                        # a linked term and its description (`<dt><a>Headline</a></dt><dd>Summary</dd>`): a card,
                        # when the term reads as a headline, not a glossary's word
                        card = (term, el)
                    if card:
                        held = cards.get(open_elements[-1])
                        if held is None:
                            held = cards[open_elements[-1]] = Cards()
                        held.count += 1
                        held.good += own.good
                        held.cards += card
                    parent = open_stats[-1]
                    parent.text += own.text
                    parent.links += own.links
                    parent.good += own.good
                    if own.titles:
                        pass_up_titles(el, own, open_elements[-1], parent)
                elif own.titles and open_stats:  # a linked title (and its inline wrappers): its text is its block's
                    pass_up_titles(el, own, open_elements[-1], open_stats[-1])
                if (
                    not own.links
                    and not own.titles
                    and len(stats) > COMPACT_AFTER
                    and tag != "a"
                    and tag != PACKED
                    and not len(el)  # type: ignore[arg-type]
                    and open_stats
                ):
                    del stats[el]  # `Measures` makes them again
                    let_go = True
            if el is not root:
                tail = el.tail
                if tail:
                    n = len(tail.strip())
                    if n:
                        unit_text += n
                        if in_link:
                            unit_links += n

        if let_go:
            self.stats = Measures(stats, root, pruned, skip_tags, min_unit)
        if known_wrappers:
            return None
        return frozenset(title_wrappers) if passed_over & title_wrappers else None

    def teaser_text(self) -> int:
        """Content text the teaser lists hold (not counted in `good`)."""
        return sum(self.teaser_lists.values())

    def menu_lists(self) -> set[etree._Element]:
        """The teaser lists and the lists of headlines alone in a menu (`in_a_menu`: a mega-menu's panels, a name and a
        line each, or names alone): no cards of the page (`menu-panels`)."""
        if "menu-panels" in self.disabled:
            return set()
        return {el for el in chain(self.teaser_lists, self.headline_lists) if in_a_menu(el)}

    def menu_text(self) -> int:
        """What the lists in a menu (`menu_lists`) weigh in `teaser_text` and `headline_text`."""
        stats = self.stats
        return sum(
            self.teaser_lists[el]
            if el in self.teaser_lists
            else sum(stats[card].text for card in self.headline_lists[el])
            for el in self.menu_lists()
        )

    def bare_teaser_text(self) -> int:
        """Text of the teaser lists' cards without content text (headlines alone, beside cards with a summary); a
        `<dt>` headline counts with the `<dd>` after it, as one card."""
        stats, cards, text = self.stats, self.teaser_cards, 0
        menus = self.menu_lists()
        for el in self.teaser_lists:
            if el in menus:
                continue
            for card in el:
                if card in cards and not stats[card].good and card.tag != "dt":
                    text += stats[card].text + (stats[card.getprevious()].text if card.tag == "dd" else 0)
        return text

    def headline_text(self) -> int:
        """Text of the cards of the lists of headlines alone (not counted in `good`)."""
        stats = self.stats
        return sum(stats[card].text for cards in self.headline_lists.values() for card in cards)

    def restore_teasers(self, title: etree._Element | None = None, base: str = "") -> None:
        """Count the teaser lists' text as content again: on a listing page the teasers are what it holds. Its lists
        of cards, and the lists of headlines alone, are `listed` as content (kept whole), except those beside a story
        the page's title (`title`, its `<h1>`) heads (`beside_a_story`); `listed` empty, the page is no listing. A
        teaser list beside a story that makes a block of its own (`story_apart`) stays the teasers of other stories.
        `base` is the page's address."""
        stats = self.stats
        lists = self.lists_of_cards()
        # a list in a menu (`in_a_menu`: a mega-menu's panels, a name and a line each) is the menu's: not listed, its
        # text not restored
        menus = self.menu_lists() | self.thread_lists  # (and the thread's lists, which are no desks)
        listed = {
            el: cards
            for el, cards in lists.items()
            if el not in menus and not self.beside_a_story(el, title, lists, base)
        }
        apart = {
            el: good
            for el, good in self.teaser_lists.items()
            if el not in listed and (el in menus or self.story_apart(el, title, lists))
        }
        # a listed list counts all its cards' text, their headlines too, as a list of headlines alone does: a desk of
        # headlines with a summary or two weighs as much as one without
        restored = chain(
            (
                (el, sum(stats[card].text for card in lists[el]) if el in listed else good)
                for el, good in self.teaser_lists.items()
                if el not in apart
            ),
            (
                (el, sum(stats[card].text for card in cards))
                for el, cards in self.headline_lists.items()
                if el in listed and el not in self.bare_lists  # (bare headlines weigh nothing for the descent)
            ),
        )
        for el, text in restored:
            for node in (el, *el.iterancestors()):
                own = stats.get(node)
                if own is None:
                    break
                own.good += text
        self.listed = frozenset(chain(listed, *listed.values()))
        self.listed_lists = frozenset(listed)
        holders: set[etree._Element] = set()
        for el in listed:
            if el in self.bare_lists or el in self.linked_lists:
                for node in el.iterancestors():  # (each block once: the walk up stops at one passed already)
                    if node in holders:
                        break
                    holders.add(node)
        self.headline_holders = frozenset(holders)
        self.teaser_lists = apart
        self.teaser_cards = {card for el in apart for card in lists[el]}

    def lone_text(self, block: etree._Element, title: etree._Element | None) -> int:
        """Content text of the cards apart from lists of cards below `block` (`lone_cards`), or 0 when the page's
        title (`title`) is in one of them: that card is the page's story. Not a card holding another card apart
        beside the title (a short section's `<main>`, its name as the `<h1>` over its lead story): the title names
        the cards."""
        if not self.lone_held or "lead-cards" in self.disabled:
            return 0
        if title is not None:
            lone = self.lone_cards
            card = next((node for node in chain((title,), title.iterancestors()) if node in lone), None)
            # (the lowest card holding the title: any other card it holds is beside the title; titled by a heading, it
            # is a story's card, not its byline's or its meta line's block)
            if card is not None and (
                "section-cards" in self.disabled
                or not any(
                    other is not card and holds(card, other) and next(other.iter(*HEADING_TAGS), None) is not None
                    for other in lone
                )
            ):
                return 0
        return self.lone_held.get(block, 0)

    def list_bare_headlines(self) -> None:
        """On a listing page, find its lists of bare headlines (`bare_lists`: looked for here, not in the walk, as no
        other page needs them) and count them as lists of headlines alone."""
        self.bare_lists.update(self.find_bare_lists())
        self.headline_lists.update(self.bare_lists)

    def list_linked_cards(self) -> None:
        """On a listing page, count its lists of cards written as one link (`find_linked_lists`) as lists of headlines
        alone; their holders are not link-dense."""
        for el, cards in self.find_linked_lists().items():
            if el not in self.headline_lists and el not in self.teaser_lists:
                self.headline_lists[el] = cards
                self.linked_lists.add(el)
                self.linked_cards.update(cards)

    def in_a_linked_card(self, el: etree._Element) -> bool:
        """Whether `el` is a line of a listed card written as one link (`linked_cards`), a few levels below it."""
        cards = self.linked_cards
        if not cards or "inline-cards" in self.disabled:
            return False
        for node in islice(el.iterancestors(), LINKED_CARD_DEPTH):
            if node in cards:
                return True
        return False

    def find_linked_lists(self) -> dict[etree._Element, list[etree._Element]]:
        """The page's lists of cards each written as one link holding its lines in blocks or inline elements (`<a>
        <img><span>Headline</span></a>`, rule `inline-cards`), no heading tag among them (`opens_with_a_headline`;
        looked for on listings and beside a card apart, not in the walk: elsewhere a product
        list's names over their makers, an embedded post's placeholder open so too), each with its cards. A card is
        the link, or the blocks holding it alone; a list, the block holding MIN_CARDS such cards or more. A label over
        the headline counts only in a list where a card holds a picture (a menu's entries, a name over a line
        describing it, hold none)."""
        if self._linked_found is not None:
            return self._linked_found
        lists: dict[etree._Element, list[etree._Element]] = {}
        self._linked_found = lists
        if "linked-cards" in self.disabled or "teaser-cards" in self.disabled:
            return lists
        stats = self.stats
        found: dict[etree._Element, list[etree._Element]] = {}
        labelled: set[etree._Element] = set()  # the cards whose headline has a label over it
        pictured: set[etree._Element] = set()  # the lists holding a card with a picture
        inline = "inline-cards" not in self.disabled
        for anchor in self.root.iter("a"):
            own = stats.get(anchor)
            # (a link holding blocks: its own measures hold their text; a link of inline text passes it to its block)
            if own is None or own.titles or own.text > CARD_CHARS:
                continue
            if not own.text and not (
                # a link of inline lines (`<a><img><span>Headline</span></a>`): a card as one holding blocks is,
                # its headline in an element of its own
                inline
                and len(anchor)
                and not own.links  # (its text its block's: none of its own)
                and len(subtree_text(anchor)) <= CARD_CHARS
            ):
                continue
            opening = opens_with_a_headline(anchor)
            if not opening:
                continue
            card, parent = anchor, anchor.getparent()
            while parent is not None and len(parent) == 1 and not (parent.text or "").strip() and parent in stats:
                card, parent = parent, parent.getparent()
            if parent is None:
                continue
            found.setdefault(parent, []).append(card)
            if opening == 2:
                labelled.add(card)
            if next(anchor.iter("img"), None) is not None:
                pictured.add(parent)
        for el, cards in found.items():
            if el not in pictured:
                cards = [card for card in cards if card not in labelled]
            if len(cards) >= MIN_CARDS and el not in self.headline_lists and el not in self.teaser_lists:
                lists[el] = cards
        return lists

    def find_bare_lists(self) -> dict[etree._Element, list[etree._Element]]:
        """The page's lists of bare headlines (`bare_headline_item`), each with its items; looked for once."""
        if self._bare_found is not None:
            return self._bare_found
        found: dict[etree._Element, list[etree._Element]] = {}
        self._bare_found = found
        if "teaser-cards" in self.disabled:
            return found
        stats = self.stats
        for el in self.root.iter("ul", "ol"):
            items = [
                item
                for item in el
                if item.tag == "li"
                and (own := stats.get(item)) is not None  # (measured: not in furniture passed over)
                and own.text >= BARE_HEADLINE_CHARS  # (first: most list items are a menu's short entries)
                and own.links == own.text
                and not own.titles
                and bare_headline_item(item)
            ]
            if len(items) >= MIN_CARDS and 3 * len(items) >= 2 * len(el) and el not in self.headline_lists:
                found[el] = items
        return found

    def bare_text(self) -> int:
        """Text of the page's lists of bare headlines (`find_bare_lists`) that make desks beside a card apart: below
        the lowest block holding the list and such a card (`lone_held`), the branch holding the list holds
        DESK_SHARE of its text or more in such lists (a desk: the list and its name; not one of a sidebar's widgets,
        a blog's recent posts or links among its archives, categories and about box, which may be the card)."""
        stats, held = self.stats, self.lone_held
        found = {**self.find_bare_lists(), **self.find_linked_lists()}  # (cards written as one link: such lists too)
        branches: dict[etree._Element, int] = {}  # the branches holding the lists, with the lists' text in them
        branch_of: dict[etree._Element, etree._Element | None] = {}  # (each block passed once)
        for el, items in found.items():
            path, branch = [el], None
            for node in el.iterancestors():
                if node in branch_of:
                    branch = branch_of[node]
                    break
                if held.get(node):
                    branch = path[-1]
                    break
                path.append(node)
            branch_of.update(dict.fromkeys(path, branch))
            if branch is not None:
                branches[branch] = branches.get(branch, 0) + sum(stats[item].text for item in items)
        return sum(text for branch, text in branches.items() if text >= DESK_SHARE * self.text(branch))

    def weigh_bare_lists(self) -> None:
        """Count the listed lists of bare headlines' text as content, in them and the blocks holding them: on a front
        page they are desks like the others, for the descent too; not a list half of whose headlines lead to stories
        the other lists show (a "Most read" rail beside them)."""
        stats = self.stats
        # the stories the other listed lists lead to: a list of headlines repeating them is a rail ("Most read")
        shown = {
            target
            for el in self.listed_lists
            if el not in self.bare_lists
            for a in el.iter("a")
            if (target := link_target(a))
        }
        for el, items in self.bare_lists.items():
            if el not in self.listed_lists or 2 * sum(link_target(item[0]) in shown for item in items) >= len(items):
                continue
            text = sum(stats[item].text for item in items)
            for node in (el, *el.iterancestors()):
                own = stats.get(node)
                if own is None:
                    break
                own.good += text

    def lists_of_cards(self) -> dict[etree._Element, list[etree._Element]]:
        """The teaser lists and the lists of headlines alone, each with its cards."""
        lists = {el: [card for card in el if card in self.teaser_cards] for el in self.teaser_lists}
        lists.update(self.headline_lists)
        return lists

    def beside_any_story(self, title: etree._Element | None, base: str = "") -> bool:
        """Whether a list of cards stands beside a story the page's title (`title`) heads (`beside_a_story`)."""
        lists = self.lists_of_cards()
        return any(self.beside_a_story(el, title, lists, base) for el in lists)

    def beside_a_story(
        self,
        block: etree._Element,
        title: etree._Element | None,
        lists: dict[etree._Element, list[etree._Element]],
        base: str = "",
    ) -> bool:
        """Whether the page's title stands apart from the list of cards `block` with a story: text of its own (outside
        links and outside every list of cards, `lists`) in the lowest block holding both, such as the paragraphs of a
        brief or a video's description that the list follows. Cards that all link into the page itself (`base`, its
        address: `link_into_the_page`) are parts of it, a live blog's posts or a section's stories, beside no story."""
        if title is None or parts_of_the_page(lists[block], base):
            return False
        holding = {block, *block.iterancestors()}
        both = next((node for node in title.iterancestors() if node in holding), None)
        if both is None or both is block or title in holding:
            return False  # the title is inside the list, or heads it
        unlisted = sum(self.text(el) - self.links(el) for el in lists if el is not block and holds(both, el))
        own = self.text(both) - self.links(both) - unlisted
        own -= self.text(block) - self.links(block) + self.text(title) - self.links(title)
        lone = self.lone_text(both, title)
        own -= lone
        if (
            (
                own < SECTION_INTRO
                or own < INTRO_SHARE * self.lists_under(title.getparent(), lists)
                or own < CARD_CHARS
                and names_its_heading(title)
                and "bio-lines" not in self.disabled
            )
            and title.tag == "h1"
            and "lead-cards" not in self.disabled
            and (
                not reads_as_headline(heading := subtree_text(title))
                or title.getparent() is both
                and not self.title_holds(heading)
            )
        ):
            # an <h1> of a word or two, or one standing among the lists' blocks that the <title> does not hold ("Latest
            # news in Science" on "Science - The Daily Example"), over a line or two names a section over its
            # introduction (a story's <h1> heads a block of its own)
            return False
        # (a card apart from the lists, a section's lead story, is no story beside them: with it, the page's own text
        # must hold content text besides the card's, not only the labels and widgets around them)
        return own >= self.min_unit and (not lone or self.good(both) - self.good(title) - lone > 0)

    def story_text(self, title: etree._Element) -> int:
        """Content text of the story the page's title (`title`) heads: of the lowest block holding it and a list of
        cards (the cards' text is not content text), less the title's own; the page's content text where no list of
        cards is beside it. A post whose body is a desk of cards (a roundup of other stories) has none of its own."""
        above: set[etree._Element] = set()  # the lists' ancestors, each passed once
        for el in self.lists_of_cards():
            for node in el.iterancestors():
                if node in above:
                    break
                above.add(node)
        both = next((node for node in title.iterancestors() if node in above), None)
        return self.good(both if both is not None else self.root) - self.good(title)

    def lists_under(self, block: etree._Element | None, lists: Iterable[etree._Element]) -> int:
        """Text of the lists of cards (`lists`) in `block` (the `<h1>`'s parent: the lists it stands among, not a
        menu's in the header)."""
        return sum(self.text(el) for el in lists if block is not None and holds(block, el))

    def title_holds(self, text: str) -> bool:
        """Whether the page's `<title>` holds `text` (whitespace collapsed, casefolded); True without a `<title>`."""
        page = page_title(self.root)
        return page is None or " ".join(text.split()).casefold() in page

    def story_apart(self, block: etree._Element, title: etree._Element | None, lists: Iterable[etree._Element]) -> bool:
        """Whether the page's title and the story it heads make a block of their own beside the list of cards `block`:
        below the lowest block holding both, the branch holding the title holds most of that block's text outside
        links and lists (an article's block with desks of other stories after it), where a gallery's intro and its
        slides share the article's block, the title apart in a header of its own."""
        if title is None or title.tag == "h1" and not reads_as_headline(subtree_text(title)):
            # an <h1> of a word or two is as often a section's name over its introduction (the post's <h2>/<h3> the
            # <title> holds, standing in for a logo <h1>, is a story's title whatever its length)
            return False
        holding = {block, *block.iterancestors()}
        branch = title
        for node in title.iterancestors():
            if node in holding:
                break
            branch = node
        else:
            return False
        listed = sum(self.text(el) - self.links(el) for el in lists if holds(node, el))
        headline = self.text(title) - self.links(title)
        story = self.text(branch) - self.links(branch) - headline
        return story >= self.min_unit and 2 * story > self.text(node) - self.links(node) - listed - headline

    def text(self, el: etree._Element) -> int:
        own = self.stats.get(el)
        return own.text if own else 0

    def links(self, el: etree._Element) -> int:
        own = self.stats.get(el)
        return own.links if own else 0

    def good(self, el: etree._Element) -> int:
        own = self.stats.get(el)
        return own.good if own else 0

    def widest_furniture(self, limit: int) -> etree._Element | None:
        """The furniture element with the most text, if that is more than `limit` characters (the first of
        equals in document order). Text is counted only while an element's bound could still beat the best."""
        candidates = [el for el, bound in self.furniture_bound.items() if bound > limit]  # in document order
        best, best_size = None, limit
        # (`scriptless-wrappers`: the analysis counts no script's code, nor does a wrapper's measure)
        measure = furniture_text if "scriptless-wrappers" in self.disabled else shown_furniture_text
        for el in sorted(candidates, key=self.furniture_bound.__getitem__, reverse=True):
            if self.furniture_bound[el] < best_size:
                break
            size = measure(el)
            if (
                size > best_size
                or size == best_size
                and best is not None
                and candidates.index(el) < candidates.index(best)
            ):
                best, best_size = el, size
        return best

    def comment_targets(self) -> frozenset[etree._Element]:
        """The blocks the page's links name as its readers' comments (`comment_link_targets`), found once per page;
        none with rule comment-link-targets off."""
        if "comment-link-targets" in self.disabled:
            return frozenset()
        if self._comment_targets is None:
            self._comment_targets = comment_link_targets(self.root)
        return self._comment_targets

    def counted_comments(self, region: etree._Element) -> frozenset[int]:
        """The numbers of readers' comments a region's text counts (`comment_counts`), read once per region when
        asked."""
        found = self._comment_counts.get(region)
        if found is None:
            found = self._comment_counts[region] = comment_counts(subtree_text(region))
        return found

    def without_rules(self, names: frozenset[str]) -> Analysis:
        """This analysis with the rules named in `names` switched off as well (the measures are shared)."""
        other = copy.copy(self)
        other.disabled = self.disabled | names
        return other

    def titled_outside(self, wrapper: etree._Element) -> bool:
        """Whether a heading whose text the page's `<title>` holds (the post's title) stands outside `wrapper`: an
        `<aside>` beside the post, however long, is its sidebar, no wrapper of the page (rule `sidebar-asides`)."""
        if "sidebar-asides" in self.disabled:
            return False
        page = page_title(self.root)
        return page is not None and any(
            wrapper not in heading.iterancestors() for _, heading in headings_in_title(self.root, page)
        )

    def headed_outside(self, wrapper: etree._Element) -> bool:
        """Whether the post's title stands outside a page's `<header>`, `<footer>` or `<nav>` (LANDMARK_WRAPPERS),
        however long: a heading the `<title>` holds or an `<h1>` of MIN_HEADLINE characters or more outside it,
        and no `<h1>` nor heading the `<title>` holds inside it (a header left open around the post holds its
        title, whatever stands before it). Its menus under headings or the publisher's blurb, no wrapper of the page
        (rule `landmark-wrappers`)."""
        if wrapper.tag not in LANDMARK_WRAPPERS or "landmark-wrappers" in self.disabled:
            return False
        # (the headings inside it by one walk of it, not each heading's ancestors: a deep page of headings stays linear)
        inside = set(wrapper.iter("h1", "h2", "h3"))
        if any(heading.tag == "h1" for heading in inside):
            return False
        outside = any(len(block_text(heading)) >= MIN_HEADLINE for heading in self.root.iter("h1"))
        page = page_title(self.root)
        if page is not None:
            for _, heading in headings_in_title(self.root, page):
                if heading in inside:
                    return False
                outside = True
        return outside

    def unwrapped(self, rounds: int = 3) -> Analysis:
        """This analysis, or a new one when furniture elements hold more text than the rest of the page
        (wrappers inside wrappers are unwrapped in turn, a bounded number of times)."""
        analysis = self
        exempt: frozenset = frozenset()
        if "unwrap-furniture" in self.disabled:
            return analysis
        for _ in range(rounds):
            wrapper = analysis.widest_furniture(2 * analysis.text(self.root))  # a wrapper of most of the page
            if (
                wrapper is None
                or wrapper.tag == "aside"
                and self.titled_outside(wrapper)
                or self.headed_outside(wrapper)
            ):
                break
            exempt = exempt | {wrapper}
            analysis = Analysis(
                self.root, self.keep_header, self.min_unit, self.keep_hidden, exempt, self.skip_tags, self.disabled
            )
        return analysis


# the page's landmarks that hold its furniture, never its post, when the post's title stands outside them
LANDMARK_WRAPPERS = frozenset({"header", "footer", "nav"})


def bare_headline_item(item: etree._Element) -> bool:
    """Whether a list item is one link and nothing else, whose text reads as a headline (`reads_as_headline`: four
    words or more, no date) and which leads to a page: an entry of a desk of headlines, not of a menu."""
    if len(item) != 1 or (item.text or "").strip():
        return False
    anchor = item[0]
    return (
        anchor.tag == "a"
        and not (anchor.tail or "").strip()
        and reads_as_headline(subtree_text(anchor))
        and not str_lower((anchor.get("href") or "").lstrip()).startswith(NOT_PAGES)
        and link_target(anchor) is not None
    )


def opens_with_a_headline(anchor: etree._Element) -> int:
    """Whether a link holding blocks opens as a card written as one link does, its headline in a `<span>` or a
    `<div>` rather than a heading tag: 1 when a line reading as a headline (`reads_as_headline`) comes first, 2 when
    one label of a few words (a kicker, a section's name) comes before it, else 0. Its lines are read in document
    order until the headline."""
    if (anchor.text or "").strip():
        return 0
    labels = 0
    for node in anchor.iterdescendants(etree.Element):
        text = (node.text or "").strip()
        if text:
            if reads_as_headline(text):
                return 1 + labels
            labels += 1
            if labels > 1 or word_count(text) > CARD_LABEL_WORDS:
                return 0
        if (node.tail or "").strip():
            return 0  # text between the blocks (its place among them is not read): no card's lines
    return 0


def names_its_heading(title: etree._Element) -> bool:
    """Whether the block after a heading opens with the heading's words: a bio under an author's name ("Ann Smith
    covers the harbour ..."), a topic's introduction naming it."""
    after = title.getnext()
    if after is None:
        return False
    heading = " ".join(subtree_text(title).split()).casefold()
    return bool(heading) and " ".join(block_text(after).split()).casefold().startswith(heading)


def in_a_menu(el: etree._Element) -> bool:
    """Whether an element is inside a `<nav>` or a `<header>`: a site's menu, whose panels' entries (a name and a
    line each) are no stories."""
    return next(el.iterancestors("nav", "header"), None) is not None


def page_title(body: etree._Element) -> str | None:
    """The text of the page's `<title>`, whitespace collapsed and casefolded; None without one."""
    found = _FIRST_TITLE(body.getroottree().getroot())
    return block_text(found[0]).casefold() if found else None


def headings_in_title(body: etree._Element, page: str) -> Iterator[tuple[str, etree._Element]]:
    """The `<h1>` to `<h3>` below `body` whose text (casefolded, MIN_HEADLINE characters or more) the page's `<title>`
    (`page`, as `page_title` gives it) holds, with that text, in document order."""
    for heading in body.iter("h1", "h2", "h3"):
        text = block_text(heading).casefold()
        if len(text) >= MIN_HEADLINE and text in page:
            yield text, heading


def headline(body: etree._Element, title: etree._Element | None) -> etree._Element | None:
    """The `<h2>`/`<h3>` (or an `<h1>` other than the page's title, `title`) whose text is the longest the page's
    `<title>` holds, when no other heading repeats it (over comments, in a teaser, as the `<h1>`): a post's title
    where the `<h1>` is the site's name or there is none."""
    return PostTitles(body).headline(title)


class PostTitles:
    """The headings below `body` whose text the page's `<title>` holds, read once for the tests of one page that
    each ask for the post's title (`headline`); the tree is not changed between them."""

    __slots__ = ("body", "texts")

    def __init__(self, body: etree._Element) -> None:
        self.body = body
        # each such heading's text (as `headings_in_title` gives it) with its headings in document order, once read
        self.texts: dict[str, list[etree._Element]] | None = None

    def headline(self, title: etree._Element | None) -> etree._Element | None:
        """`headline` of the body, `title` the page's title."""
        texts = self.texts
        if texts is None:
            texts = self.texts = {}
            page = page_title(self.body)
            if page is not None:
                for text, heading in headings_in_title(self.body, page):
                    texts.setdefault(text, []).append(heading)
        # the page's <h1> has its own rules (the titled block, the titled column)
        posts = [text for text, headings in texts.items() if title not in headings]
        if not posts:
            return None
        longest = texts[max(posts, key=len)]
        return longest[0] if len(longest) == 1 else None


def document_body(root: etree._Element) -> etree._Element:
    """The `<body>` (a child of `<html>`, found without walking the document), else the document itself."""
    # `root.find("body")` by a loop over the few children: ElementPath's machinery costs more than the loop
    for child in root:
        if child.tag == "body":
            return child
    return next(root.iter("body"), root)


def analyse(
    root: etree._Element,
    keep_header: bool = False,
    precision: bool = False,
    recall: bool = False,
    disabled: frozenset[str] = frozenset(),
) -> Analysis:
    """Measure the document's body for main-content selection, with the rules named in `disabled` switched off."""
    min_unit = PRECISION_MIN_UNIT if precision else RECALL_MIN_UNIT if recall else MIN_UNIT
    return Analysis(document_body(root), keep_header, min_unit, disabled=disabled)
