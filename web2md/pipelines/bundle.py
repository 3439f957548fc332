"""With ``-a bundle=1``, write ``<output>/<host>/llms.txt`` and ``llms-full.txt`` for each host of a site crawl."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scrapy.crawler import Crawler

from web2md.formats.llms import BundlePage, breadth_first, estimate_tokens, llms_full_txt, llms_txt
from web2md.items import PageItem
from web2md.paths import page_path
from web2md.pipelines.dedupe import FingerprintIndex, near_duplicate_rules
from web2md.pipelines.export import write_file

if TYPE_CHECKING:
    from web2md.spiders.site import Plan

logger = logging.getLogger(__name__)

FILES = ("llms.txt", "llms-full.txt")
# What a bundle reads of a page; the rest of the item (links, JSON-LD, ...) is not kept until the crawl ends.
KEPT_FIELDS = ("url", "final_url", "title", "markdown", "description", "site_name", "fingerprint")
TEXT_KEPT = 2000  # characters of the plain text: enough to find the page's first sentence


@dataclass(frozen=True)
class Bundle:
    """One host's bundle: its pages (breadth first) and both texts."""

    host: str  # the host's folder under the output folder (`web2md.paths`)
    pages: tuple[BundlePage, ...]
    index: str
    full: str

    @property
    def tokens(self) -> int:
        """Estimated tokens of ``llms-full.txt`` (`web2md.formats.llms.estimate_tokens`)."""
        return estimate_tokens(self.full)


class BundlePipeline:
    """Collects the pages that reach it and builds the bundles when the crawl ends.

    Active for spiders with a true ``bundle`` attribute (the `site` spider's
    ``-a bundle=1``). Pages are ordered by the fewest link hops the spider found
    them at (its ``planned`` map), then URL. It runs before `DedupePipeline`
    and settles near duplicates itself, with the same ``dedupe`` mode and
    distance, in that order, so the page kept does not depend on which arrived
    first: ``drop`` leaves them out of both files, ``flag`` out of ``llms-full.txt``.
    The bundles are kept on the spider as ``bundles`` (host -> `Bundle`) and
    written under its output folder when it has one; counted as
    ``web2md/bundle/page_count`` and ``web2md/bundle/tokens``.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.items: list[dict[str, Any]] = []
        self.enabled = False

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> BundlePipeline:
        return cls(crawler)

    def open_spider(self) -> None:
        spider = self.crawler.spider
        self.enabled = bool(getattr(spider, "bundle", False))
        # the near-duplicate rules DedupePipeline applies
        self.dedupe, self.distance = near_duplicate_rules(self.crawler)

    def process_item(self, item: Any) -> Any:
        if self.enabled and isinstance(item, PageItem):
            kept = {name: item.get(name) for name in KEPT_FIELDS}
            kept["text"] = (item.get("text") or "")[:TEXT_KEPT]
            self.items.append(kept)
        return item

    def close_spider(self) -> None:
        if not self.enabled:
            return
        spider = self.crawler.spider
        distance = None if self.dedupe == "off" else self.distance
        bundles = build_bundles(self.items, spider.planned, spider.scope.key, distance, listed=self.dedupe != "drop")
        spider.bundles = bundles
        output = getattr(spider, "output_dir", "")
        for bundle in bundles.values():
            for page in bundle.pages:
                logger.info("Bundle page %s: ~%d tokens", page.url, page.tokens)
            logger.info(
                "Bundle for %s: %d pages, ~%d tokens (llms-full.txt)",
                bundle.pages[0].url,
                len(bundle.pages),
                bundle.tokens,
            )
            self.stats.inc_value("web2md/bundle/page_count", len(bundle.pages))
            self.stats.inc_value("web2md/bundle/tokens", bundle.tokens)
            if output:
                write_bundle(Path(output).resolve(), bundle)


def build_bundles(
    items: list[Any], planned: Plan, key: Any, distance: int | None = 3, listed: bool = True
) -> dict[str, Bundle]:
    """The bundle of each host folder the items belong to; ``planned.hops(key(url))`` is a page's hop count.

    Near duplicates (within ``distance`` bits; None: none) are left out of
    ``llms-full.txt``, and out of ``llms.txt`` too unless ``listed``.
    """
    by_host: dict[str, list[BundlePage]] = {}
    for item in items:
        url = item.get("final_url") or item.get("url", "")
        hops = planned.hops(key(item.get("url") or url)) or 0
        by_host.setdefault(page_path(url, "md").parts[0], []).append(BundlePage.from_item(item, hops))
    bundles = {}
    for host, pages in sorted(by_host.items()):
        ordered = breadth_first(pages)
        if distance is not None:
            ordered = [page for page in mark_near_duplicates(ordered, distance) if listed or not page.duplicate]
        ordered = tuple(ordered)
        bundles[host] = Bundle(host, ordered, llms_txt(list(ordered)), llms_full_txt(list(ordered)))
    return bundles


def mark_near_duplicates(pages: list[BundlePage], distance: int) -> list[BundlePage]:
    """`pages` (breadth first) with ``duplicate`` set on each whose fingerprint is within ``distance`` bits of
    an earlier page's: the first in breadth-first order is the original, whatever order the pages arrived in."""
    index = FingerprintIndex(distance)
    marked = []
    for page in pages:
        fp = int(page.fingerprint, 16) if page.fingerprint else None
        if fp is not None and index.find(fp) is not None:
            page = replace(page, duplicate=True)
        elif fp is not None:
            index.add(fp, page.url)
        marked.append(page)
    return marked


def write_bundle(root: Path, bundle: Bundle) -> None:
    """``root/<host>/llms.txt`` and ``llms-full.txt``, each written as every per-page file is (`write_file`: a
    private temporary in the folder, synced, renamed into place)."""
    folder = root / bundle.host
    for name, text in zip(FILES, (bundle.index, bundle.full)):
        target = folder / name
        write_file(target, text.encode("utf-8"))
        logger.info("Wrote %s for %s", target, bundle.pages[0].url)
