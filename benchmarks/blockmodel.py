"""The learned block scorer under test (benchmarks only, not in the product): block features, the model, and the
patch that makes the product's `FurnitureTest` consult it for a run (`judged_by`).

Trained by `train_blocks.py`; measured by `quality.py --cv --blockmodel DIR [--loso]`. It did not beat the rules on
every source left out (see benchmarks/learned_blocks.md), so the product has no learned scorer.
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
    grandparent = parent.getparent() if parent is not None else None
    if grandparent is not None:
        out["grandparent_" + _TAG_GROUPS.get(grandparent.tag, "other")] = 1.0
    out["parent_share"] = total / max(1, test.analysis.text(parent)) if parent is not None else 1.0
    out.update(context_features(test, el, total, before, region_total))
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


_DIGITS = re.compile(r"\d+")
LONG_PARAGRAPH = 150  # characters of content text that make a paragraph the body's, wherever it stands


@dataclass
class PageContext:
    """What the features of one block read from the whole region or page: the block holding the main text (its
    span in region characters), the longest paragraph's span, where the last long paragraph ends, how often each
    class string occurs on the page, and the heading ahead of each block."""

    core: etree._Element
    core_span: tuple[int, int]
    densest_span: tuple[int, int]
    last_long_end: int
    class_counts: dict[str, int]
    heading_before: dict[etree._Element, etree._Element]
    runs: dict[etree._Element, dict[str, list[etree._Element]]]


def class_key(el: etree._Element) -> str:
    """The class string as a template repeats it: digits (an item's number) left out."""
    return _DIGITS.sub("", " ".join((el.get("class") or "").split()))


def page_context(test: FurnitureTest) -> PageContext:
    """The region's `PageContext`, made once per test."""
    ctx = test.__dict__.get("page_context")
    if ctx is not None:
        return ctx
    stats, main = test.stats, test.main
    densest, densest_good, last_long_end = (0, 0), 0, 0
    heading_before: dict[etree._Element, etree._Element] = {}
    heading = None
    # the main text's block: the one whose paragraphs (children holding their content text themselves) hold the
    # most content text, as a page's comments, each in a block of its own, do not
    paragraphs: dict[etree._Element, int] = {}
    for el in main.iter(etree.Element):
        own = stats.get(el)
        if own is None or el in test.pruned:
            continue
        if heading is not None:
            heading_before[el] = heading
        if el.tag in _HEADINGS:
            heading = el
        if not own.good or sum(stats[c].good for c in el.iterchildren(etree.Element) if c in stats) >= own.good / 2:
            continue
        parent = el.getparent()
        if el is not main and parent is not None:
            paragraphs[parent] = paragraphs.get(parent, 0) + own.good
        if own.good >= LONG_PARAGRAPH:
            at = text_before(test, el)
            last_long_end = max(last_long_end, at + own.text)
            if own.good > densest_good:
                densest, densest_good = (at, at + own.text), own.good
    core = max(paragraphs, key=paragraphs.__getitem__, default=main)
    start = text_before(test, core)
    core_span = (start, start + test.analysis.text(core))
    if not densest_good:
        densest = core_span
    counts: dict[str, int] = {}
    for el in main.getroottree().iter(etree.Element):
        if el.get("class"):
            key = class_key(el)
            counts[key] = counts.get(key, 0) + 1
    ctx = test.__dict__["page_context"] = PageContext(
        core, core_span, densest, last_long_end, counts, heading_before, {}
    )
    return ctx


def sibling_run(ctx: PageContext, el: etree._Element, parent: etree._Element | None) -> list[etree._Element]:
    """The siblings of `el` with its tag and class string, itself among them."""
    if parent is None:
        return [el]
    runs = ctx.runs.get(parent)
    if runs is None:
        runs = ctx.runs[parent] = {}
        for child in parent.iterchildren(etree.Element):
            runs.setdefault(f"{child.tag} {class_key(child)}", []).append(child)
    return runs.get(f"{el.tag} {class_key(el)}", [el])


def context_features(
    test: FurnitureTest, el: etree._Element, total: int, start: int, region_total: int
) -> dict[str, float]:
    """Where a block stands beside the region's main text, its sibling run, its class's repetition on the page and
    the heading ahead of it: what a block does not tell alone."""
    ctx = page_context(test)
    out: dict[str, float] = {}
    end = start + total
    core_start, core_end = ctx.core_span
    if el is ctx.core or any(a is ctx.core for a in el.iterancestors()):
        out["in_core"] = 1.0
    elif any(a is el for a in ctx.core.iterancestors()):
        out["holds_core"] = 1.0
    elif end <= core_start:
        out["before_core"] = 1.0
        out["core_distance"] = min(1.0, (core_start - end) / region_total)
    else:
        out["after_core"] = 1.0
        out["core_distance"] = min(1.0, (start - core_end) / region_total)
    dense_start, dense_end = ctx.densest_span
    gap = dense_start - end if end <= dense_start else max(0, start - dense_end)
    out["densest_distance"] = min(1.0, gap / region_total)
    out["densest_log_distance"] = math.log1p(gap) / 10
    if ctx.last_long_end and start >= ctx.last_long_end:
        out["after_last_long"] = 1.0
        out["after_last_long_chars"] = math.log1p(start - ctx.last_long_end) / 10
    if el.get("class"):
        out["class_repeats"] = math.log1p(ctx.class_counts.get(class_key(el), 1) - 1) / 4
    run = sibling_run(ctx, el, el.getparent())
    if len(run) > 1:
        stats = test.stats
        text = sum(stats[s].text for s in run if s in stats)
        links = sum(stats[s].links for s in run if s in stats)
        good = sum(stats[s].good for s in run if s in stats)
        out["run_log_size"] = math.log1p(len(run) - 1) / 3
        out["run_share"] = text / region_total
        out["run_link_density"] = links / text if text else 0.0
        out["run_content_share"] = good / text if text else 0.0
        out["run_mean_chars"] = math.log1p(text / len(run)) / 8
    heading = ctx.heading_before.get(el)
    if heading is not None:
        counts = test.stats.get(heading)
        out["heading_level"] = int(heading.tag[1]) / 6
        if counts and counts.text:
            out["heading_linked"] = counts.links / counts.text
        out["heading_distance"] = min(1.0, max(0, start - text_before(test, heading)) / region_total)
    else:
        out["no_heading_before"] = 1.0
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
