"""Links for the crawler: every http(s) link of the whole document, once, in document order."""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from web2md.extract.exact import str_lower
from web2md.extract.html.entities import clean_text, element_text, subtree_text
from web2md.extract.html.urls import UNSEEN, Resolver, document_base


def links_from_tree(
    root: etree._Element,
    page_url: str,
    resolve: Resolver | None = None,
    anchors: Iterable[etree._Element] | None = None,
) -> list[dict]:
    """Every http(s) link of the document (its `<a>` and `<area>` elements, or `anchors` when the caller has
    them in document order)."""
    if resolve is None:
        resolve = Resolver(document_base(root, page_url))
    found: dict[str, dict] = {}
    entry_for = found.get
    known = resolve.known.get  # an href seen before (here or by the renderer) without a call
    for a in root.iter("a", "area") if anchors is None else anchors:
        href = a.get("href")
        if href is None:
            continue
        url = known(href, UNSEEN)
        if url is UNSEEN:
            url = resolve.unseen(href)
        if url is None:
            continue
        if "#" in url:  # type: ignore[operator]
            url = url.split("#", 1)[0]  # type: ignore[attr-defined]  # strip_fragment
        entry = entry_for(url)  # type: ignore[call-overload]
        if entry is not None and entry["text"] and not entry["nofollow"]:
            continue  # a link seen before, followed and with its text: nothing of this one can change its entry
        rel_attr = a.get("rel")
        rel = str_lower(rel_attr).split() if rel_attr else None
        nofollow = rel is not None and "nofollow" in rel
        if entry is None:
            # (`element_text`, with the text of a link without children read in place: most links)
            text = clean_text(a.get("alt") if a.tag != "a" else subtree_text(a) if len(a) else a.text)
            found[url] = {"url": url, "text": text, "nofollow": nofollow, "rel": " ".join(rel) if rel else ""}  # type: ignore[index]
        elif not nofollow:
            # nofollow only counts when every occurrence says so
            entry["nofollow"] = False
            if not entry["text"]:
                entry["text"] = element_text(a)
    return list(found.values())
