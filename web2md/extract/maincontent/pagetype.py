"""Page-type profiles (see docs/design.md#main-content): article, forum, product or page; forum comments and product
details.

The type comes from structured data first (JSON-LD `@type`, `og:type`,
microdata `itemtype`), then from structure (comment threads, `<article>`).
Forum and thread pages get their comments as a `## Comments` section, nesting
shown by blockquote depth; product pages get `## Product details` from JSON-LD.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from lxml import etree

from web2md.extract.exact import str_lower
from web2md.extract.html.elements import DocumentElements
from web2md.extract.html.entities import clean_text, decode_entities
from web2md.extract.maincontent.analysis import Analysis
from web2md.extract.maincontent.furniture import class_words
from web2md.extract.markdown.render import Renderer, escape_markdown
from web2md.extract.meta.meta_jsonld import JsonLd, node_types, story_type

ARTICLE = "article"
FORUM = "forum"
PRODUCT = "product"
PAGE = "page"

_FORUM_TYPES = {"discussionforumposting", "qapage", "question", "socialmediaposting"}
_COMMENT_ID = re.compile(r"^(?:comment|reply)[-_]?\d+$", re.I)
_FORUM_URL = re.compile(
    r"/(?:forums?|threads?|topics?|discussions?|boards?|community|t)/|showthread|viewtopic|"
    r"[?&](?:t|topic|thread)=\d",
    re.I,
)
_AUTHOR_CLASS = re.compile(
    r"(?:^|[\s_-])(?:author|username|user-name|nickname|commenter|fn|poster|account-name|"
    r"display-name)(?:$|[\s_-])",
    re.I,
)
_META_CLASS = re.compile(
    r"(?:^|[\s_-])(?:meta|reply|date|time|permalink|actions|footer|avatar|vote|votes|edit)"
    r"(?:$|[\s_-])",
    re.I,
)
MAX_COMMENTS = 500
MAX_DEPTH = 8


@dataclass
class Comment:
    author: str
    text: str
    depth: int


def _meta_property(metas: Iterable[etree._Element], name: str) -> str:
    for meta in metas:
        if str_lower(meta.get("property") or meta.get("name") or "") == name:
            return str_lower((meta.get("content") or "").strip())
    return ""


def class_text(el: etree._Element) -> str:
    """An element's classes as hyphenated words for the patterns above (`AccountName` -> `account-name`)."""
    return " ".join("-".join(class_words(token)) for token in (el.get("class") or "").split())


def is_comment(el: etree._Element) -> bool:
    if el.get("data-testid") == "comment" or el.get("data-author") is not None and el.tag != "a":
        return True
    ident = el.get("id")
    if ident and _COMMENT_ID.match(ident) and el.tag in ("li", "div", "article", "section", "tr", "table"):
        return True
    cls = el.get("class")
    if cls:
        for token in cls.split():
            # "comment", "user-comment", "MtnComment", "comment-item", "forum-post"; not "comment-body"
            parts = class_words(token)
            if parts and (parts[-1] == "comment" or parts[-2:] in (["comment", "item"], ["forum", "post"])):
                return True
    return False


def page_comments(analysis: Analysis) -> list[tuple[etree._Element, int]]:
    """The comments `find_comments` finds among the analysis's candidates, found once (the listing decision weighs
    the thread, the page type counts it, a forum renders it)."""
    if analysis.comments is None:
        analysis.comments = find_comments(analysis.comment_candidates)
    return analysis.comments


def find_comments(candidates: list[etree._Element]) -> list[tuple[etree._Element, int]]:
    """Comment elements (from document-order candidates) with their nesting depth among comments."""
    found: list[tuple[etree._Element, int]] = []
    depth_of: dict[etree._Element, int] = {}
    for el in candidates:
        if not is_comment(el):
            continue
        depth = 0
        for anc in el.iterancestors():
            if anc in depth_of:
                depth = depth_of[anc] + 1
                break
        depth_of[el] = depth
        found.append((el, min(depth, MAX_DEPTH)))
        if len(found) >= MAX_COMMENTS:
            break
    return found


def detect(
    elements: DocumentElements, data: JsonLd, url: str, comment_count: int, product_microdata: bool = False
) -> str:
    types: set[str] = set().union(*map(node_types, data.nodes()))
    og_type = _meta_property(elements.metas, "og:type")
    if "product" in types or og_type.startswith("product") or product_microdata:
        return PRODUCT
    if types & _FORUM_TYPES or "forum" in og_type or comment_count >= 3 and _FORUM_URL.search(url or ""):
        return FORUM
    if any(map(story_type, types)) or og_type == "article" or _meta_property(elements.metas, "article:published_time"):
        return ARTICLE
    if elements.articles:
        return ARTICLE
    return PAGE


def _author(el: etree._Element, nested: set[etree._Element]) -> tuple[str, etree._Element | None]:
    author = el.get("data-author")
    if author:
        return clean_text(author)[:80], None
    for node in el.iterdescendants():
        if node in nested:
            continue
        if not isinstance(node.tag, str):
            continue
        if node.get("itemprop") == "author" or node.tag == "cite" or _AUTHOR_CLASS.search(class_text(node)):
            name = clean_text("".join(node.itertext()))
            if 0 < len(name) <= 80:
                return name, node
    return "", None


def post_parts(el: etree._Element, posts: set[etree._Element]) -> tuple[str, Callable[[etree._Element], bool]]:
    """A post's author ("" when it names none) and what to leave out when rendering it: the other posts, its
    author line and its metadata (times, scores, reply links)."""
    author, author_el = _author(el, posts)
    skip_set = (posts - {el}) | ({author_el} if author_el is not None else set())

    def skip(node: etree._Element) -> bool:
        if node in skip_set:
            return True
        return (
            node.get("class") is not None
            and node.tag not in ("p", "blockquote", "pre")
            and _META_CLASS.search(class_text(node)) is not None
        )

    return author, skip


def comment_section(comments: list[tuple[etree._Element, int]], base: str, page_url: str) -> tuple[str, str]:
    """`## Comments` in Markdown and plain text, or empty strings when the page has none."""
    if not comments:
        return "", ""
    elements = {el for el, _ in comments}
    md_parts: list[str] = []
    tx_parts: list[str] = []
    for el, depth in comments:
        author, skip = post_parts(el, elements)
        rendered = Renderer(base, page_url, skip=skip).render([el])
        if not rendered.markdown:
            continue
        prefix = "> " * (depth + 1)
        body = rendered.markdown.split("\n")
        if el.tag == "li" and body[0].startswith("- "):  # a comment that is a list item: not a bullet
            body = [body[0][2:]] + [line[2:] if line.startswith("  ") else line for line in body[1:]]
        lines = (
            [f"**{escape_markdown(author)}**", ""] if author else []
        ) + body  # the author line is its own paragraph
        md_parts.append("\n".join((prefix + line).rstrip() for line in lines))
        tx_parts.append("\n".join(([author] if author else []) + [rendered.text]))
    if not md_parts:
        return "", ""
    return "## Comments\n\n" + "\n\n".join(md_parts), "Comments\n\n" + "\n\n".join(tx_parts)


def _offer(node: dict) -> dict:
    offers = node.get("offers")
    if isinstance(offers, list):
        offers = next((o for o in offers if isinstance(o, dict)), None)
    if isinstance(offers, dict) and isinstance(offers.get("offers"), list):  # AggregateOffer
        offers = next((o for o in offers["offers"] if isinstance(o, dict)), offers)
    return offers if isinstance(offers, dict) else {}


def _value(value: Any) -> str:
    if isinstance(value, dict):
        value = value.get("name") or value.get("@id") or ""
    if isinstance(value, list):
        value = next((v for v in value if isinstance(v, (str, int, float))), "")
    if isinstance(value, bool) or value is None:
        return ""
    return clean_text(str(value))


def product_section(data: JsonLd) -> tuple[str, str]:
    """`## Product details` from the first JSON-LD Product: name, brand, SKU, price, currency, availability."""
    products = data.nodes(("product",))
    if not products:
        return "", ""
    node = products[0]
    offer = _offer(node)
    price = _value(offer.get("price")) or _value(offer.get("lowPrice"))  # a price of 0 is a price
    currency = _value(offer.get("priceCurrency"))
    availability = _value(offer.get("availability")).rsplit("/", 1)[-1]
    rows = [
        ("Name", _value(node.get("name"))),
        ("Brand", _value(node.get("brand"))),
        ("SKU", _value(node.get("sku") or node.get("mpn"))),
        ("Price", f"{price} {currency}".strip() if price else ""),
        ("Availability", availability),
    ]
    rows = [(k, v) for k, v in rows if v]
    if not rows:
        return "", ""
    md = "## Product details\n\n" + "\n".join(f"- {k}: {escape_markdown(v)}" for k, v in rows)
    tx = "Product details\n\n" + "\n".join(f"{k}: {v}" for k, v in rows)
    return md, tx


def json_ld_body(data: JsonLd, key: str = "articleBody") -> str:
    """The first non-blank string `key` of the JSON-LD nodes (priority order), its line breaks kept:
    `data.first` collapses whitespace, which would run an article body's paragraphs together."""
    for node in data.nodes():
        value = node.get(key)
        if isinstance(value, str):
            text = decode_entities(value).strip()
            if text:
                return text
    return ""


def fallback_text(data: JsonLd, metas: Iterable[etree._Element], rendered_chars: int) -> str:
    """For a page whose body scores nothing: JSON-LD articleBody when it says more than the plain
    rendering did; when that rendering is empty, JSON-LD description, then the Open Graph one."""
    for key in ("articleBody", "text"):
        value = json_ld_body(data, key)
        if value and len(value) > rendered_chars:
            return value
    if rendered_chars:
        return ""
    described = data.first("description")
    if described:
        return described
    for meta in metas:
        if str_lower(meta.get("property") or meta.get("name") or "") in ("og:description", "description"):
            text = clean_text(meta.get("content"))
            if text:
                return text
    return ""
