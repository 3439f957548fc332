"""Main-content selection (SPEC §4): score blocks of the tree, choose the body, mark boilerplate to skip.

One pass over the elements gathers, per element, how much text it holds and how
much of that is link text. Paragraph-like blocks vote for their ancestors
(readability-style, weighted by length and decaying with distance); class/id
hints and semantic tags adjust the votes. The best candidate, plus siblings that
look like more of the same, is the main region; inside it, link-dense lists,
share bars and similar furniture are skipped when rendering.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from lxml import etree

from web2md.extract.render import SKIP_TAGS

# Tags whose content is never the main text.
FURNITURE_TAGS = frozenset({"nav", "aside", "footer", "button", "dialog", "menu", "select", "label", "input", "textarea"})
# Tags that make a paragraph-like unit: their own text is judged as one block.
UNIT_TAGS = frozenset({"p", "pre", "blockquote", "li", "td", "th", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6",
                       "div", "section", "article", "main", "figcaption", "caption", "address", "summary", "body",
                       "table", "ul", "ol", "dl", "tr", "span_block", "font", "center", "header", "form"})
CONTAINER_TAGS = frozenset({"div", "section", "article", "main", "td", "body", "center", "form", "table", "tbody", "tr", "font", "span", "blockquote", "header", "ul", "ol", "dl"})
# Blocks judged by their link density inside the main region (teaser links, "read more" lines, link lists).
LINK_BLOCK_TAGS = frozenset({"p", "div", "li", "ul", "ol", "dl", "section", "span", "table", "td", "font", "center"})
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

# class/id words of furniture. A strong word marks furniture wherever it appears in a
# class or id; a weak one only decides when the block is small relative to the content.
STRONG_WORDS = frozenset("""
nav navbar navigation navi menu menus mainmenu submenu breadcrumb breadcrumbs crumbs sidebar sidebars footer
share sharing sharebar shares social socials related recommended recommendations recommend newsletter subscribe
subscription cookie cookies consent gdpr advert advertisement advertising ads ad adsense adslot sponsor sponsored
promo promotion popup modal comment comments commentlist disqus respond tagcloud pagination pager byline toolbar
login signup signin search outbrain taboola copyright masthead banner
""".split())
WEAK_WORDS = frozenset("""
side tags tag keywords meta postmeta entrymeta teaser teasers widget widgets print skip rating ratings author authors date
dates time published toc prev previous next popular trending more links categories category utility tools actions
follow rss feed lang language top bottom header aside noprint infobox bio about contact caption credit credits
wp-caption-text
""".split())
# Taxonomy prefixes that CMSs put on the article itself (WordPress `tag-foo`, `category-bar`).
SLUG_PREFIXES = frozenset({"tag", "tags", "category", "categories", "post", "postid", "type", "status", "format", "has",
                           "single", "page", "template", "author", "topic", "section", "entry", "node"})
_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
POSITIVE = re.compile(r"article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose|markdown|"
                      r"news-?item|single", re.I)
NEGATIVE = re.compile(r"combx|comment|com-|contact|foot|footer|footnote|masthead|media|meta|outbrain|promo|related|"
                      r"scroll|shoutbox|sidebar|sponsor|shopping|tags|tool|widget|nav|menu|share|social|teaser|"
                      r"recommend|banner|cookie|newsletter|subscribe|breadcrumb", re.I)
_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary", "search", "dialog", "menu", "menubar",
                    "alert", "toolbar", "tablist"})


# Words also recognised inside compounds ("relatedposts", "sharedaddy", "postfooter").
_STRONG_AFFIX = re.compile(r"^(?:related|share|social|comment|footer|sidebar|newsletter|subscribe|breadcrumb|"
                           r"advert|sponsor|promo|cookie|navigation|navbar|menu|banner|disqus|outbrain|taboola)|"
                           r"(?:related|comments|footer|sidebar|navigation|navbar|menu|banner|sharing|share)$")
_WEAK_AFFIX = re.compile(r"^(?:widget|teaser|author|meta|tags|ratings?|toolbar|popular|trending|next|prev)|"
                         r"(?:widget|teaser|meta|tags|ratings|toolbar|byline|caption|credits?)$")


def hint_strength(hints: str) -> int:
    """2 when a class/id names furniture outright, 1 when it hints at it, else 0."""
    strength = 0
    for token in _CAMEL.sub("-", hints).lower().split():
        parts = [p for p in _SPLIT.split(token) if p]
        if len(parts) > 1 and parts[0] in SLUG_PREFIXES:
            parts = parts[1:]  # `tag-politics` names the article's tag, `post-footer` a footer
            if len(parts) == 1 and parts[0] not in STRONG_WORDS and parts[0] not in WEAK_WORDS:
                continue
        for part in parts:
            if part in STRONG_WORDS:
                return 2
            if part in WEAK_WORDS:
                strength = 1
            elif len(part) > 5:
                if _STRONG_AFFIX.search(part):
                    return 2
                if _WEAK_AFFIX.search(part):
                    strength = 1
    return strength


MIN_UNIT = 25  # characters of own text before a block votes


@dataclass
class Choice:
    roots: list[etree._Element]
    skip: Callable[[etree._Element], bool]
    score: float


def _hints(el: etree._Element) -> str:
    cls = el.get("class")
    ident = el.get("id")
    if cls and ident:
        return cls + " " + ident
    return cls or ident or ""


def is_furniture(el: etree._Element, keep_header: bool = False) -> bool:
    """Furniture by tag or ARIA role alone: never part of the main text."""
    tag = el.tag
    if tag in FURNITURE_TAGS or (tag == "header" and not keep_header):
        return True
    role = el.get("role")
    return bool(role) and role.lower() in _ROLES


def class_weight(el: etree._Element) -> float:
    weight = 0.0
    hints = _hints(el)
    if hints:
        if NEGATIVE.search(hints):
            weight -= 25
        if POSITIVE.search(hints):
            weight += 25
    tag = el.tag
    if tag in ("article", "main"):
        weight += 30
    if el.get("itemprop") == "articleBody":
        weight += 50
    return weight


class Analysis:
    """Per-element text and link-text totals over the tree, boilerplate excluded."""

    def __init__(self, root: etree._Element, keep_header: bool = False) -> None:
        self.text: dict[etree._Element, int] = {}
        self.links: dict[etree._Element, int] = {}
        self.pruned: set[etree._Element] = set()
        self.units: list[tuple[etree._Element, int, int]] = []  # (element, own text, own link text)
        self.order: list[etree._Element] = []
        self._walk(root, keep_header)

    def _walk(self, root: etree._Element, keep_header: bool) -> None:
        text = self.text
        links = self.links
        # own[el] = [text chars, link chars] of text belonging to el's unit (its nearest unit ancestor)
        unit_of: dict[etree._Element, etree._Element] = {}
        own: dict[etree._Element, list[int]] = {}
        link_depth = 0
        walker = etree.iterwalk(root, events=("start", "end"))
        stack_unit: list[etree._Element] = []
        for event, el in walker:
            tag = el.tag
            if event == "start":
                if not isinstance(tag, str) or tag in SKIP_TAGS:
                    walker.skip_subtree()
                    continue
                if el is not root and is_furniture(el, keep_header):
                    self.pruned.add(el)
                    walker.skip_subtree()
                    continue
                if (el.get("style") or el.get("hidden") is not None) and _hidden(el):
                    self.pruned.add(el)
                    walker.skip_subtree()
                    continue
                self.order.append(el)
                text[el] = 0
                links[el] = 0
                if tag in UNIT_TAGS or not stack_unit:
                    stack_unit.append(el)
                    own[el] = [0, 0]
                if tag == "a":
                    link_depth += 1
                if el.text:
                    n = len(el.text.strip())
                    if n:
                        cell = own[stack_unit[-1]]
                        cell[0] += n
                        if link_depth:
                            cell[1] += n
            else:
                if el not in text:  # skipped
                    parent = el.getparent()
                else:
                    if tag == "a":
                        link_depth -= 1
                    if stack_unit and stack_unit[-1] is el:
                        stack_unit.pop()
                        t, l = own.pop(el)
                        text[el] += t
                        links[el] += l
                        if t:
                            self.units.append((el, t, l))
                        if stack_unit and t:
                            pass
                    parent = el.getparent()
                    if parent is not None and parent in text:
                        text[parent] += text[el]
                        links[parent] += links[el]
                if el is not root and el.tail and stack_unit:
                    n = len(el.tail.strip())
                    if n:
                        cell = own[stack_unit[-1]]
                        cell[0] += n
                        if link_depth:
                            cell[1] += n

    def link_density(self, el: etree._Element) -> float:
        total = self.text.get(el, 0)
        return self.links.get(el, 0) / total if total else 0.0


def _hidden(el: etree._Element) -> bool:
    if el.get("hidden") is not None:
        return True
    style = (el.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style


def choose_main(root: etree._Element, keep_header: bool = False, precision: bool = False,
                recall: bool = False) -> Choice | None:
    """The main-content region of a document, or None when nothing scores."""
    body = next(root.iter("body"), root)
    analysis = Analysis(body, keep_header)
    scores: dict[etree._Element, float] = {}
    min_unit = MIN_UNIT * (2 if precision else 1) // (2 if recall else 1)
    for el, own_text, own_links in analysis.units:
        if el.tag in ("body",):
            continue
        plain = own_text - own_links
        if plain < min_unit or own_links > 0.5 * own_text:
            continue
        vote = 1.0 + min(plain / 100.0, 3.0)
        node = el.getparent()
        if el.tag in HEADING_TAGS:
            vote *= 0.5
        for share in (1.0, 0.5, 0.33, 0.25):
            if node is None:
                break
            if node in analysis.text:
                scores[node] = scores.get(node, 0.0) + vote * share
            node = node.getparent()
        if el.tag in CONTAINER_TAGS:
            scores[el] = scores.get(el, 0.0) + vote
    if not scores:
        return None
    best = None
    best_score = 0.0
    for node, score in scores.items():
        score = (score + class_weight(node)) * (1.0 - analysis.link_density(node))
        scores[node] = score
        if score > best_score:
            best, best_score = node, score
    if best is None:
        return None
    roots = [best]
    parent = best.getparent()
    if parent is not None and best.tag != "body":
        threshold = max(10.0, best_score * (0.3 if precision else 0.2 if not recall else 0.1))
        roots = []
        for sibling in parent:
            if sibling is best:
                roots.append(sibling)
                continue
            if sibling not in analysis.text:
                continue
            if scores.get(sibling, 0.0) >= threshold:
                roots.append(sibling)
            elif sibling.tag == "p":
                n = analysis.text[sibling]
                if n > 80 and analysis.link_density(sibling) < 0.25:
                    roots.append(sibling)
    pruned = analysis.pruned
    text = analysis.text
    links = analysis.links
    region_text = sum(text.get(r, 0) - links.get(r, 0) for r in roots) or 1
    strong_share = 0.5
    weak_share = 0.15 if not recall else 0.05

    strengths: dict[str, int] = {}

    root_set = set(roots)

    def skip(el: etree._Element) -> bool:
        if el in pruned:
            return True
        if el in root_set:
            return False
        tag = el.tag
        if tag == "figcaption":
            return True
        if tag in LINK_BLOCK_TAGS:
            total = text.get(el, 0)
            linked = links.get(el, 0)
            if total and linked > 0.5 * total and total - linked < 200:
                return True
        hints = _hints(el)
        if not hints:
            return False
        strength = strengths.get(hints)
        if strength is None:
            strength = strengths[hints] = hint_strength(hints)
        if not strength:
            return False
        plain = text.get(el, 0) - links.get(el, 0)
        if strength == 2:
            return plain / region_text < strong_share
        # a weak hint only decides for small or link-heavy blocks
        return plain / region_text < weak_share and (plain < 200 or links.get(el, 0) > 0.3 * text.get(el, 1))

    return Choice(roots, skip, best_score)
