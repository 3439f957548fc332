"""The learned block scorer under test (benchmarks only, not in the product): block features, the model, and the
patch that makes the product's `FurnitureTest` consult it for a run (`judged_by`).

Trained out of fold by `train_blocks.py`; measured by `quality.py --cv --blockmodel DIR`. Out of fold it did not
beat the rules (see benchmarks/learned_blocks.md), so the product has no learned scorer.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from web2md.extract.maincontent.blocks import previous_element
from web2md.extract.maincontent.furniture import class_and_id
from web2md.extract.maincontent.furniture_test import FurnitureTest

MAX_TEXT_FEATURES = 1500  # characters: longer blocks are not read word by word (their size says enough)
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_TAG_GROUPS = {
    "p": "p",
    "li": "li",
    "dd": "li",
    "dt": "li",
    "ul": "list",
    "ol": "list",
    "dl": "list",
    "table": "table",
    "tr": "table",
    "td": "table",
    "th": "table",
    "tbody": "table",
    "div": "div",
    "section": "div",
    "article": "div",
    "main": "div",
    "center": "div",
    "form": "div",
    "a": "inline",
    "span": "inline",
    "time": "inline",
    "em": "inline",
    "strong": "inline",
    "b": "inline",
    "i": "inline",
    "small": "inline",
    "font": "inline",
    **{h: "heading" for h in _HEADINGS},
}
# What the model judges: blocks of their own; a link or a span inside one is judged by the rules (or with it)
BLOCK_TAGS = frozenset(
    {
        "p",
        "pre",
        "blockquote",
        "li",
        "td",
        "th",
        "dd",
        "dt",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "div",
        "section",
        "article",
        "main",
        "figcaption",
        "caption",
        "address",
        "summary",
        "table",
        "ul",
        "ol",
        "dl",
        "tr",
        "center",
        "header",
        "form",
        "figure",
        "details",
        "tbody",
    }
)


@dataclass(frozen=True)
class BlockModel:
    """Log-odds that a block is content: a bias, weights over `features` (names in a fixed order, so the sum is the
    same on every platform) and boosted trees, each a leaf value or ``{"feature", "at", "le", "gt"}``."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    trees: tuple = ()
    # how sure (log-odds) the model must be to overrule the rules' "furniture" and "content"
    keep_margin: float = 0.0
    skip_margin: float = 0.0

    @classmethod
    def load(cls, path: Path, keep_margin: float = 0.0, skip_margin: float = 0.0) -> BlockModel:
        data = json.loads(path.read_text())
        return cls(
            tuple(data["weights"]),
            tuple(data["weights"].values()),
            data["bias"],
            tuple(data.get("trees", ())),
            keep_margin,
            skip_margin,
        )

    def logit(self, features: dict[str, float]) -> float:
        total = self.bias
        for name, weight in zip(self.names, self.weights):
            total += weight * features.get(name, 0.0)
        for tree in self.trees:
            while isinstance(tree, dict):
                tree = tree["le"] if features.get(tree["feature"], 0.0) <= tree["at"] else tree["gt"]
            total += tree
        return total


def features(test: FurnitureTest, el: etree._Element, verdict: bool) -> dict[str, float]:
    """Structural features of one block inside the region `test.main`, the rules' `verdict` among them."""
    own = test.stats[el]
    total, linked, good, linked_headings = own.text, own.links, own.good, own.titles
    out = {
        "rules_furniture": float(verdict),
        "log_chars": math.log1p(total) / 8,
        "link_density": linked / total,
        "content_share": good / total,
        "region_share": (total - linked) / test.region_text,
        "linked_headings": min(linked_headings, 10) / 10,
    }
    group = _TAG_GROUPS.get(el.tag, "other")
    out["tag_" + group] = 1.0
    parent = el.getparent()
    out["parent_" + _TAG_GROUPS.get(parent.tag, "other") if parent is not None else "parent_other"] = 1.0
    hints = class_and_id(el)
    if hints:
        reading = test.read(hints)
        out["hint_weak"] = float(reading.strength == 1)
        out["hint_strong"] = float(reading.strength >= 2)
        out["hint_caption"] = float(test.names_caption(hints))
    depth = 0
    for ancestor in el.iterancestors():
        if ancestor is test.main:
            break
        depth += 1
        if ancestor.tag == "article":
            out["in_article"] = 1.0
    out["depth"] = min(depth, 12) / 12
    region_total = max(1, test.analysis.text(test.main))
    before = text_before(test, el)
    out["position"] = before / region_total
    out["after_region"] = max(0.0, 1 - (before + total) / region_total)
    previous = next(el.itersiblings(etree.Element, preceding=True), None)
    out["after_heading"] = float(previous is not None and previous.tag in _HEADINGS)
    out["region_content"] = good / test.region_good if test.region_good else 0.0
    # the blocks around it: a paragraph among paragraphs, a link among links
    for name, node in (
        ("parent", parent),
        ("previous", previous),
        ("next", next(el.itersiblings(etree.Element), None)),
    ):
        counts = test.stats.get(node) if node is not None else None
        if counts and counts.text:
            out[name + "_link_density"] = counts.links / counts.text
            out[name + "_content_share"] = counts.good / counts.text
    if total <= MAX_TEXT_FEATURES:
        text = test.text_of(el)
        words = text.split()
        n = max(1, len(words))
        out["short"] = 1.0
        out["words"] = min(len(words), 60) / 60
        out["sentences"] = min(len(_SENTENCE_END.findall(text)) / n * 10, 2.0)
        out["commas"] = min(text.count(",") / n * 10, 2.0)
        out["digits"] = sum(c.isdigit() for c in text) / max(1, len(text))
        out["capitalised"] = sum(w[:1].isupper() for w in words) / n
        out["ends_sentence"] = float(text.endswith((".", "!", "?", "。", '"', "”", "»")))
    return out


def text_before(test: FurnitureTest, el: etree._Element) -> int:
    """Characters of the region's blocks ahead of `el` (loose text aside), memoised on the test: the renderer asks
    in document order, so each element walks back to its previous sibling or its parent, known already."""
    offsets = test.__dict__.setdefault("block_offsets", {test.main: 0})
    chain: list[tuple[etree._Element, bool]] = []  # (element, whether its predecessor is its sibling)
    node = el
    while node not in offsets:
        previous = previous_element(node)
        chain.append((node, previous is not None))
        node = previous if previous is not None else node.getparent()
        if node is None:
            return 0  # not inside the region
    offset = offsets[node]
    for element, after_sibling in reversed(chain):
        if after_sibling:
            offset += test.analysis.text(node)
        offsets[element] = offset
        node = element
    return offset


def is_furniture(test: FurnitureTest, el: etree._Element, verdict: bool, model: BlockModel) -> bool:
    """The model's verdict on a block with text, where it is sure enough to overrule the rules' `verdict`."""
    own = test.stats.get(el)
    if not own or not own.text or el.tag not in BLOCK_TAGS:
        return verdict
    logit = model.logit(features(test, el, verdict))
    return logit < model.keep_margin if verdict else logit < -model.skip_margin


@contextmanager
def judged_by(model: BlockModel | None) -> Iterator[None]:
    """The product's `FurnitureTest` asks `model` about each block after its rules (the rules alone for None)."""
    if model is None:
        yield
        return
    rules = FurnitureTest.__call__

    def with_model(self: FurnitureTest, el: etree._Element) -> bool:
        verdict = self.verdicts.get(el)
        if verdict is None:
            verdict = self.judge(el)
            if el is not self.main and el not in self.pruned:
                verdict = is_furniture(self, el, verdict, model)
            self.verdicts[el] = verdict
        return verdict

    FurnitureTest.__call__ = with_model
    try:
        yield
    finally:
        FurnitureTest.__call__ = rules
