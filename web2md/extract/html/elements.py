"""The elements of a document that its readers look up by tag (base, scripts, metadata, links, images, headings,
anchors, main, articles), found in one pass over the tree.

Each reader then goes through its own short list, in document order, instead of walking the whole document
again: a walk costs about as much whatever it looks for, and `convert` asked for seven of them.
"""

from __future__ import annotations

from lxml import etree

from web2md.extract.html.tags import HEADING_LEVELS


class DocumentElements:
    """Lists of the document's elements by kind, each in document order. Tags that share a list (`a` and
    `area`; the six heading levels) keep their document order within it."""

    def __init__(self, root: etree._Element) -> None:
        self.htmls: list[etree._Element] = []
        self.bases: list[etree._Element] = []
        self.titles: list[etree._Element] = []
        self.metas: list[etree._Element] = []
        self.links: list[etree._Element] = []  # <link>
        self.scripts: list[etree._Element] = []
        self.times: list[etree._Element] = []
        self.images: list[etree._Element] = []
        self.mains: list[etree._Element] = []
        self.articles: list[etree._Element] = []
        self.anchors: list[etree._Element] = []  # <a> and <area>
        self.headings: list[etree._Element] = []
        lists = {
            "html": self.htmls,
            "base": self.bases,
            "title": self.titles,
            "meta": self.metas,
            "link": self.links,
            "script": self.scripts,
            "time": self.times,
            "img": self.images,
            "main": self.mains,
            "article": self.articles,
            "a": self.anchors,
            "area": self.anchors,
            **{tag: self.headings for tag in HEADING_LEVELS},
        }
        for el in root.iter(tuple(lists)):
            lists[el.tag].append(el)
