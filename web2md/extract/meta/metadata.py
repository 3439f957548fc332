"""Page metadata (see docs/design.md#page-fields): one pass over the document's meta-bearing elements fills the `Page`
fields.

Sources and their priorities follow docs/design.md#page-fields; every string is cleaned with
:func:`~web2md.extract.html.entities.clean_text`, every URL made absolute, every date
normalised to ISO 8601. The language comes from markup when declared, else from
the built-in detector over the rendered text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from itertools import chain
from typing import Any

from lxml import etree

from web2md.extract.documents.feedlinks import feed_kind, feed_link
from web2md.extract.exact import str_lower
from web2md.extract.html.elements import DocumentElements
from web2md.extract.html.entities import clean_text, element_text
from web2md.extract.html.tags import HEADING_LEVELS, INVISIBLE_TEXT_TAGS
from web2md.extract.html.urls import Resolver, absolute_url
from web2md.extract.meta.byline import byline_author, without_by
from web2md.extract.meta.dates import normalize_date
from web2md.extract.meta.language import SAMPLE_CHARS, detect_language, normalize_language
from web2md.extract.meta.meta_jsonld import JsonLd, parse_json_ld
from web2md.extract.meta.simhash import fingerprint
from web2md.extract.meta.titles import choose_title, feed_site_name
from web2md.extract.page import Page

__all__ = ["MissingMetadata", "check_metadata", "excerpt_of", "fill", "missing_metadata", "word_count"]

EXCERPT_MIN = 40
EXCERPT_MAX = 160
REQUIRED = ("title", "published_date")
# Rendered text shorter than this is topped up with the title and description
# before its language is detected.
SHORT_TEXT = 1000  # the `only_with_metadata` rule (see docs/design.md#command-line)

_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_RESTRICTIVE = ("noindex", "nofollow", "noarchive", "nosnippet", "noimageindex", "notranslate", "none")
_DC_PREFIXES = frozenset({"dc", "dcterms"})
_ICON_RELS = frozenset({"icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon", "fluid-icon"})
_REFRESH = re.compile(r"\s*(\d+(?:\.\d*)?)?\s*[;,]?\s*(?:url\s*=\s*)?(['\"]?)(.*?)\2\s*$", re.I | re.S)
# Markdown blocks that are not prose paragraphs, and the inline syntax stripped from those that are.
_NOT_PROSE = re.compile(r"(?:#{1,6}\s|[|>]|[-+*]\s|\d{1,9}[.)]\s|!\[|```|~~~|---)")
_MD_IMAGE = re.compile(r"!\[((?:\\.|[^\]\\\[])*)\]\([^()\s]*\)")
# the renderer's links and images (see derive.py: scans stop at brackets and parentheses, so they stay linear)
_MD_LINK = re.compile(r"\[(?<!\\\[)((?:\\.|[^\]\\\[])*)\]\([^()\s]*\)")
_MD_MARK = re.compile(r"(?<!\\)(?:\*\*|\*|`)")
_MD_ESCAPE = re.compile(r"\\(.)")


class MissingMetadata(ValueError):
    """A page lacks the title or published date that `only_with_metadata` requires."""

    def __init__(self, url: str, missing: list[str]) -> None:
        self.url, self.missing = url, missing
        where = f"{url}: " if url else ""
        super().__init__(f"{where}missing metadata: no {' and no '.join(m.replace('_', ' ') for m in missing)}")


def missing_metadata(record: Page | Mapping[str, Any]) -> list[str]:
    """Which of the `only_with_metadata` fields (title, published_date) a page or item lacks."""
    get = record.get if isinstance(record, Mapping) else lambda name: getattr(record, name, None)
    return [name for name in REQUIRED if not get(name)]


def check_metadata(record: Page | Mapping[str, Any], url: str = "") -> None:
    """Raise :class:`MissingMetadata` unless the page has a title and a published date."""
    missing = missing_metadata(record)
    if missing:
        if not url:
            url = (record.get("url") if isinstance(record, Mapping) else getattr(record, "url", "")) or ""
        raise MissingMetadata(url, missing)


def word_count(text: str) -> int:
    return len(text.split())


def excerpt_of(markdown: str) -> str | None:
    """The first prose paragraph of at least 40 characters, cut to about 160 with an ellipsis."""
    fenced = False
    paragraph: list[str] = []
    for line in chain(_lines(markdown), [""]):
        if line.startswith(("```", "~~~")):
            fenced = not fenced
            paragraph = []
            continue
        if fenced:
            continue
        if line.strip():
            paragraph.append(line)
            continue
        if paragraph and not _NOT_PROSE.match(paragraph[0]):
            text = _plain(" ".join(paragraph))
            if len(text) >= EXCERPT_MIN:
                return _cut(text)
        paragraph = []
    return None


def _lines(text: str) -> Iterator[str]:
    """``text.split("\\n")``, split a batch of lines at a time, each batch twice the last: the excerpt is most
    often in the first few lines of a page of thousands."""
    batch = 16
    while True:
        lines = text.split("\n", batch)
        if len(lines) <= batch:  # the last batch: no line left unsplit
            yield from lines
            return
        text = lines.pop()
        yield from lines
        batch *= 2


def _plain(markdown: str) -> str:
    text = _MD_IMAGE.sub("", markdown)
    text = _MD_LINK.sub(r"\1", text)
    text = _MD_MARK.sub("", text)
    return clean_text(_MD_ESCAPE.sub(r"\1", text))


def _cut(text: str) -> str:
    if len(text) <= EXCERPT_MAX:
        return text
    cut = text[:EXCERPT_MAX]
    space = cut.rfind(" ")
    if space >= EXCERPT_MAX // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-–—") + "…"


class _Found:
    """What the single pass over the document collects, before priorities are applied."""

    def __init__(self) -> None:
        self.html_lang: str | None = None
        self.title: str | None = None
        self.meta: dict[str, list[str]] = {}
        self.equiv: dict[str, str] = {}
        self.charset: str | None = None
        self.canonical: str | None = None
        self.feeds: list[dict[str, str]] = []
        self.feed_titles: list[str] = []
        self.hreflangs: list[dict[str, str]] = []
        self.favicons: list[dict[str, str]] = []
        self.json_ld = JsonLd()
        self.times: list[tuple[bool, str]] = []
        self.images: list[dict[str, Any]] = []
        self.image_srcs: set[str] = set()
        self.headings: list[dict[str, Any]] = []

    def first(self, *names: str) -> str | None:
        for name in names:
            values = self.meta.get(name)
            if values:
                return values[0]
        return None

    def every(self, name: str) -> list[str]:
        return self.meta.get(name, [])


def is_json_ld(script: etree._Element) -> bool:
    """The one rule for JSON-LD blocks: a script whose type names ld+json (parameters allowed)."""
    kind = script.get("type")
    return bool(kind) and "ld+json" in str_lower(kind) and bool(script.text)


def document_json_ld(root: etree._Element) -> JsonLd:
    """Every JSON-LD block of the document, parsed once for page typing and metadata alike."""
    return json_ld_of(root.iter("script"))


def json_ld_of(scripts: Iterable[etree._Element]) -> JsonLd:
    """Every JSON-LD block among `scripts` (in document order), parsed."""
    data = JsonLd()
    for script in scripts:
        if is_json_ld(script):
            data.add(parse_json_ld(script.text))
    return data


def _scan(elements: DocumentElements, resolve: Resolver | None, json_ld: JsonLd | None) -> _Found:
    """What the document's meta-bearing elements say, read list by list (document order within each kind is all
    that matters). URLs are resolved by `resolve`; without one, links and images are not read (the title needs
    neither). The scripts' JSON-LD is parsed unless `json_ld` is the document's, parsed already."""
    found = _Found()
    if json_ld is not None:
        found.json_ld = json_ld
    else:
        for script in elements.scripts:
            if is_json_ld(script):
                found.json_ld.add(parse_json_ld(script.text))
    for el in elements.htmls:
        if found.html_lang is None:
            found.html_lang = el.get("lang") or el.get(_XML_LANG) or el.get("xml:lang")
    for el in elements.titles:
        if found.title is None and not _in_svg(el):
            found.title = element_text(el) or None
    for el in elements.metas:
        _meta(found, el)
    for el in elements.links:
        rel = el.get("rel")
        if not rel:
            continue  # neither a feed nor an icon, canonical or alternate link
        rels = str_lower(rel).split()
        # feeds' titles name the site, which the title needs: read with or without `resolve` (a feed is an
        # alternate link, `feed_kind` reads the rest)
        if "alternate" in rels and feed_kind(el) is not None and (title := clean_text(el.get("title"))):
            found.feed_titles.append(title)
        if resolve is not None:
            _link(found, el, resolve, rels)
    if resolve is not None:
        for el in elements.times:
            value = el.get("datetime")
            if value:
                marked = el.get("pubdate") is not None or str_lower(el.get("itemprop") or "") == "datepublished"
                found.times.append((marked, value))
        for el in elements.images:
            _image(found, el, resolve)
    for el in elements.headings:
        text = element_text(el)
        if text:
            found.headings.append({"level": HEADING_LEVELS[el.tag], "text": text})
    return found


def _in_svg(el: etree._Element) -> bool:
    return any(a.tag == "svg" for a in el.iterancestors())


def _meta(found: _Found, el: etree._Element) -> None:
    # the names first (one call), then only the attributes the element has: most metas have two of the six read
    # here, and `get` of an absent name costs most of what reading a present one does
    keys = el.keys()
    get = el.get
    if "charset" in keys:
        charset = get("charset")
        if charset and found.charset is None:
            found.charset = str_lower(charset.strip()) or None
    if "content" not in keys:
        return
    content = clean_text(get("content"))
    if not content:
        return
    if "http-equiv" in keys:
        equiv = get("http-equiv")
        if equiv and (equiv := str_lower(equiv.strip())):
            found.equiv.setdefault(equiv, content)
    meta = found.meta
    # RDFa's `property` lists names ("dc:title og:title"): the content is each one's
    names = str_lower(get("property")).split() if "property" in keys else []
    if "name" in keys:
        names.append(str_lower(get("name").strip()))
    for key in names:
        if key:
            key = _meta_key(key)
            values = meta.setdefault(key, [])
            if content not in values:
                values.append(content)
    if "itemprop" in keys:
        itemprop = str_lower(get("itemprop").strip())
        if itemprop:
            meta.setdefault("itemprop:" + itemprop, []).append(content)


def _meta_key(key: str) -> str:
    """One spelling of a property written several ways: Dublin Core's RDFa prefix ("dc:creator") as its HTML
    one ("DC.creator"), an Open Graph article property behind the og: prefix ("og:article:author") without it."""
    head, colon, rest = key.partition(":")
    if colon and head in _DC_PREFIXES:
        return f"{head}.{rest}"
    if head == "og" and rest.startswith("article:"):
        return rest
    return key


def _link(found: _Found, el: etree._Element, resolve: Resolver, rels: list[str]) -> None:
    """What a `<link>` whose `rel` names `rels` (lowercased) says: the canonical URL, alternates, feeds, icons."""
    icon = not _ICON_RELS.isdisjoint(rels)
    if not (icon or "canonical" in rels or "alternate" in rels):
        return  # stylesheets, preloads, ...: nothing to resolve
    href = el.get("href")
    if not href:
        return
    url = resolve(href)
    if url is None:
        return
    if "canonical" in rels and found.canonical is None:
        found.canonical = url
    if "alternate" in rels:
        hreflang = (el.get("hreflang") or "").strip()
        if hreflang:
            found.hreflangs.append({"hreflang": hreflang, "url": url})
        feed = feed_link(el, resolve.base)  # the one rule for feed links (WordPress REST JSON is not a feed)
        if feed is not None and all(f["url"] != feed["url"] for f in found.feeds):
            found.feeds.append(feed)
    if icon and all(f["url"] != url for f in found.favicons):
        favicon = {"url": url, "rel": " ".join(rels)}
        for attr in ("sizes", "type"):
            value = (el.get(attr) or "").strip()
            if value:
                favicon[attr] = value
        found.favicons.append(favicon)


def _image(found: _Found, el: etree._Element, resolve: Resolver) -> None:
    src = el.get("src") or ""
    url = resolve(src) if src and not src.startswith("data:") else None
    if url is None:  # lazy-loading pages keep the real source aside
        for attr in ("data-src", "data-lazy-src", "data-original"):
            value = el.get(attr)
            if value and (url := resolve(value)):
                break
    if url is None or url in found.image_srcs:
        return
    found.image_srcs.add(url)
    image: dict[str, Any] = {"src": url}
    get = el.get
    for attr in ("alt", "title"):
        value = get(attr)
        if value and (value := clean_text(value)):
            image[attr] = value
    for attr in ("width", "height"):
        value = get(attr)
        if value and (value := value.strip().removesuffix("px")).isdigit():
            image[attr] = int(value)
    srcset = get("srcset")
    if srcset and (srcset := clean_text(srcset)):
        image["srcset"] = srcset
    found.images.append(image)


def _namespaces(meta: Mapping[str, list[str]]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Open Graph (``og:`` stripped, ``article:`` kept), Twitter card and Dublin Core properties.

    Repeated properties with different values become a list; the first spelling of a name wins.
    """
    og: dict[str, Any] = {}
    twitter: dict[str, Any] = {}
    dc: dict[str, Any] = {}
    for key, values in meta.items():
        if key.startswith("og:"):
            name, target = key[3:], og
        elif key.startswith("article:"):
            name, target = key, og
        elif key.startswith("twitter:"):
            name, target = key[8:], twitter
        elif key.startswith("dc."):
            name, target = key[3:], dc
        elif key.startswith("dcterms."):
            name, target = key[8:], dc
        else:
            continue
        if name and name not in target:
            target[name] = values[0] if len(values) == 1 else list(values)
    return og, twitter, dc


def _split_keywords(values: Iterable[str]) -> list[str]:
    out: list[str] = []
    for value in values:
        for part in re.split(r"[,;]", value) if ("," in value or ";" in value) else (value,):
            part = clean_text(part)
            if part and part not in out:
                out.append(part)
    return out


def _first_date(candidates: Iterable[str | None]) -> str | None:
    for value in candidates:
        iso = normalize_date(value)
        if iso:
            return iso
    return None


def _refresh(content: str | None, base: str) -> dict[str, Any] | None:
    if not content:
        return None
    m = _REFRESH.match(content)
    if not m or m.group(1) is None:
        return None
    delay = float(m.group(1))
    refresh: dict[str, Any] = {"delay": int(delay) if delay.is_integer() else delay}
    target = m.group(3).strip()
    if target:
        url = absolute_url(target, base)
        if url:
            refresh["url"] = url
    return refresh


def _robots(found: _Found) -> list[str]:
    directives: list[str] = []
    for name in ("robots", "googlebot"):
        for value in found.every(name):
            for part in str_lower(value).split(","):
                part = part.strip()
                if part == "none":
                    parts = ["noindex", "nofollow"]
                elif part in _RESTRICTIVE:
                    parts = [part]
                else:
                    continue
                directives.extend(p for p in parts if p not in directives)
    return directives


def _charset(found: _Found) -> str | None:
    if found.charset:
        return found.charset
    content_type = found.equiv.get("content-type", "")
    m = re.search(r"charset\s*=\s*['\"]?([\w.:-]+)", content_type, re.I)
    return str_lower(m.group(1)) if m else None


def _language(found: _Found, page: Page, root: etree._Element) -> str | None:
    declared = [
        found.html_lang,
        found.first("og:locale"),
        found.json_ld.first("inLanguage", kind="language"),
        found.equiv.get("content-language", "").split(",")[0],
        found.first("language", "dc.language", "dcterms.language"),
    ]
    for code in declared:
        lang = normalize_language(code)
        if lang:
            return lang
    text = page.text
    if len(text) < SHORT_TEXT:  # title and description are more evidence in the page's language
        text = "\n".join(filter(None, (page.title, page.description, text)))
    return detect_language(text) or detect_language(_document_text(root))


def _document_text(root: etree._Element) -> str:
    """All visible text of the document, for when the extracted text is too thin to tell its language."""
    body = next(root.iter("body"), None)
    if body is None:
        return ""
    parts: list[str] = []
    size = 0
    # one walk in document order that stops at the sample's size (an XPath with ancestor tests per text node
    # took seconds on a paragraph of thousands of nested elements)
    walker = etree.iterwalk(body, events=("start", "end", "comment", "pi"))
    for event, el in walker:
        if event == "start":
            if el.tag in INVISIBLE_TEXT_TAGS:
                walker.skip_subtree()
                continue
            text = el.text
        else:  # an element's end, or a comment (its text is no text; its tail is)
            text = el.tail if el is not body else None
        if text:
            parts.append(text)
            size += len(text)
            if size > SAMPLE_CHARS:
                break
    return " ".join(parts)


# What a template writes where no author was filled in: the field's name, a programming language's nothing.
_PLACEHOLDERS = frozenset({"author", "null", "undefined", "none", "nil"})
# Titles the page declares besides <title>, in priority order.
_DECLARED_TITLES = ("dc.title", "dcterms.title", "og:title", "twitter:title", "parsely-title")


def title_of(found: _Found, url: str, author: str | None) -> str | None:
    """The page title (see docs/design.md#page-fields): `<title>` without the site's name (or its `author`'s name at
    its end), else a declared title, else the first h1."""
    ld = found.json_ld
    declared = [found.first(name) for name in _DECLARED_TITLES] + [ld.first("headline")]
    h1s = [h["text"] for h in found.headings if h["level"] == 1]
    site_names = [
        *found.every("og:site_name"),
        *found.every("application-name"),
        ld.first("publisher", kind="name"),
        ld.first("name", types=("website",)),
        *map(feed_site_name, found.feed_titles),
    ]
    if not found.title and not any(declared) and not h1s:
        return ld.first("name")
    return choose_title(found.title, declared, h1s, filter(None, site_names), url, author)


def _author(
    declared: list[str | None],
    root: etree._Element,
    anchors: list[etree._Element],
    bylines: list[etree._Element | tuple[etree._Element, bool]] | None,
) -> str | None:
    """The first declared author that is not a URL (one written beside the name is left out) nor a template's
    placeholder, without a byline's "By" in front, else the byline's. (The site's own name is an author: of a
    personal blog, of an agency's report.)"""
    for author in declared:
        if author and ("://" in author or "www." in author):
            author = " ".join(w for w in author.split() if "://" not in w and not w.strip("(<[").startswith("www."))
            author = author.strip(" -–—|,;:()<>")
        if author and author.casefold() not in _PLACEHOLDERS:
            return _without_by(author)
    return byline_author(root, anchors, bylines)


def _without_by(name: str) -> str:
    """`name` without the word that introduces a byline ("By Ann Lee", "Von Ann Lee"), unless that leaves one word
    ("Von Miller" is a name)."""
    rest = without_by(name)
    return rest if len(rest.split()) > 1 else name


def page_title(root: etree._Element, url: str = "", elements: DocumentElements | None = None) -> str | None:
    """The title `fill` gives the page, alone."""
    if elements is None:
        elements = DocumentElements(root)
    found = _scan(elements, None, None)
    return title_of(found, url, author_of(found, root, elements))


def scan(
    root: etree._Element,
    base_url: str,
    json_ld: JsonLd | None = None,
    elements: DocumentElements | None = None,
    resolve: Resolver | None = None,
) -> _Found:
    """The single pass over the document's meta-bearing elements that `fill` reads (taken before rendering, so
    that the page's declared author is known to the main-content test).

    `base_url` is the document base (``<base href>`` already applied), `json_ld` the document's JSON-LD when
    the caller has parsed it, `elements` its `DocumentElements`, and `resolve` a `Resolver` of `base_url` (the
    renderer's, so that the URLs seen here are resolved once).
    """
    if elements is None:
        elements = DocumentElements(root)
    return _scan(elements, resolve or Resolver(base_url), json_ld)


def _names(found: _Found, *keys: str) -> str | None:
    """The names the first of `keys` that the page has gives, one tag a name, joined as JSON-LD's list is."""
    for key in keys:
        values = found.every(key)
        if values:
            return "; ".join(dict.fromkeys(values))
    return None


def author_of(
    found: _Found,
    root: etree._Element,
    elements: DocumentElements,
    bylines: list[etree._Element | tuple[etree._Element, bool]] | None = None,
) -> str | None:
    """The page's author: declared (meta tags, JSON-LD), else its byline's (`bylines`: the elements a byline may
    be in, `content.Analysis.byline_candidates`)."""
    article_author = found.first("article:author")
    if article_author and absolute_url(article_author, "") is not None:
        article_author = None  # a profile URL, not a name
    return _author(
        [
            _names(found, "author"),
            found.json_ld.first("author", kind="person"),
            _names(found, "dc.creator", "dcterms.creator"),
            article_author,
            _names(found, "itemprop:author", "parsely-author", "sailthru.author"),
        ],
        root,
        elements.anchors,
        bylines,
    )


def fill(
    page: Page,
    found: _Found,
    root: etree._Element,
    base_url: str,
    author: str | None,
    title: str | None,
) -> None:
    """Fill `page`'s metadata fields from what `scan` found (after rendering: the excerpt, language, word count
    and fingerprint read the page's text). `author` is `author_of` the page; `title` its `title_of`. Fields the
    renderer set (links) are only filled when still empty."""
    ld = found.json_ld
    meta = found.first

    page.title = title
    page.description = meta(
        "description", "og:description", "twitter:description", "dc.description", "dcterms.description"
    ) or ld.first("description")
    site_name = meta("og:site_name") or ld.first("publisher", kind="name") or ld.first("name", types=("website",))
    page.author = author
    times = [v for marked, v in found.times if marked] + [v for marked, v in found.times if not marked]
    page.published_date = _first_date(
        [
            meta("article:published_time"),
            *times,
            *ld.every("datePublished"),
            meta("dc.date", "dcterms.date", "dcterms.created", "dcterms.issued", "dc.date.issued", "dc.date.created"),
            meta(
                "itemprop:datepublished",
                "og:published_time",
                "published_time",
                "pubdate",
                "publishdate",
                "publish-date",
                "publish_date",
                "date",
                "parsely-pub-date",
                "sailthru.date",
                "citation_publication_date",
            ),
        ]
    )
    page.modified_date = _first_date(
        [
            meta("article:modified_time"),
            meta("og:updated_time"),
            *ld.every("dateModified"),
            meta("dcterms.modified", "dc.date.modified", "itemprop:datemodified", "last-modified"),
            found.equiv.get("last-modified"),
        ]
    )
    image = meta("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src") or ld.first(
        "image", kind="url"
    )
    page.image = absolute_url(image, base_url) if image else None
    page.headline = ld.first("headline")
    page.site_name = site_name
    page.keywords = (
        _split_keywords(found.every("article:tag"))
        or _split_keywords(found.every("keywords"))
        or _split_keywords(found.every("news_keywords"))
        or _split_keywords(ld.every("keywords", kind="list"))
    )
    page.categories = _split_keywords(found.every("article:section")) or _dedupe(
        clean_text(v) for v in ld.every("articleSection", kind="list")
    )
    page.excerpt = excerpt_of(page.markdown)
    canonical = found.canonical or meta("og:url")
    page.canonical_url = absolute_url(canonical, base_url) if canonical else None
    page.language = _language(found, page, root)
    page.charset = _charset(found)
    page.robots = _robots(found)
    page.meta_refresh = _refresh(found.equiv.get("refresh"), base_url)
    page.feeds = found.feeds
    page.json_ld = ld.entries
    page.images = found.images
    page.headings = found.headings
    page.hreflangs = found.hreflangs
    page.favicons = found.favicons
    page.open_graph, page.twitter_card, page.dublin_core = _namespaces(found.meta)
    page.word_count = word_count(page.text)
    page.fingerprint = fingerprint(page.text)


def _dedupe(values: Iterable[str]) -> list[str]:
    out: list[str] = []
    for v in values:
        if v and v not in out:
            out.append(v)
    return out
