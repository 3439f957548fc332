"""With ``-a bundle=1``, write ``<output>/<host>/llms.txt`` and ``llms-full.txt`` for each host of a site crawl."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scrapy.crawler import Crawler

from web2md.bundle import BundlePage, breadth_first, estimate_tokens, llms_full_txt, llms_txt
from web2md.items import PageItem
from web2md.paths import page_path

logger = logging.getLogger(__name__)

FILES = ("llms.txt", "llms-full.txt")


@dataclass(frozen=True)
class Bundle:
    """One host's bundle: its pages (breadth first) and both texts."""

    host: str  # the host's folder under the output folder (`web2md.paths`)
    pages: tuple[BundlePage, ...]
    index: str
    full: str

    @property
    def tokens(self) -> int:
        """Estimated tokens of ``llms-full.txt`` (`web2md.bundle.estimate_tokens`)."""
        return estimate_tokens(self.full)


class BundlePipeline:
    """Collects the pages that reach it (after near-duplicate dropping) and builds the bundles when the crawl ends.

    Active for spiders with a true ``bundle`` attribute (the `site` spider's
    ``-a bundle=1``). Pages are ordered by the fewest link hops the spider found
    them at (its ``planned`` map), then URL. The bundles are kept on the spider
    as ``bundles`` (host -> `Bundle`) and written under its output folder when
    it has one; counted as ``web2md/bundle/page_count`` and ``web2md/bundle/tokens``.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.items: list[PageItem] = []
        self.enabled = False

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> "BundlePipeline":
        return cls(crawler)

    def open_spider(self) -> None:
        self.enabled = bool(getattr(self.crawler.spider, "bundle", False))

    def process_item(self, item: Any) -> Any:
        if self.enabled and isinstance(item, PageItem):
            self.items.append(item)
        return item

    def close_spider(self) -> None:
        if not self.enabled:
            return
        spider = self.crawler.spider
        bundles = build_bundles(self.items, getattr(spider, "planned", {}), spider.scope.key)
        spider.bundles = bundles
        output = getattr(spider, "output_dir", "")
        for bundle in bundles.values():
            for page in bundle.pages:
                logger.info("Bundle page %s: ~%d tokens", page.url, page.tokens)
            logger.info("Bundle for %s: %d pages, ~%d tokens (llms-full.txt)", bundle.pages[0].url,
                        len(bundle.pages), bundle.tokens)
            self.stats.inc_value("web2md/bundle/page_count", len(bundle.pages))
            self.stats.inc_value("web2md/bundle/tokens", bundle.tokens)
            if output:
                write_bundle(Path(output).resolve(), bundle)


def build_bundles(items: list[Any], planned: dict[str, tuple[int, str]], key: Any) -> dict[str, Bundle]:
    """The bundle of each host folder the items belong to; ``planned[key(url)][0]`` is a page's hop count."""
    by_host: dict[str, list[BundlePage]] = {}
    for item in items:
        url = item.get("final_url") or item.get("url", "")
        hops = planned.get(key(item.get("url") or url), (0, url))[0]
        by_host.setdefault(page_path(url, "md").parts[0], []).append(BundlePage.from_item(item, hops))
    bundles = {}
    for host, pages in sorted(by_host.items()):
        ordered = tuple(breadth_first(pages))
        bundles[host] = Bundle(host, ordered, llms_txt(list(ordered)), llms_full_txt(list(ordered)))
    return bundles


def write_bundle(root: Path, bundle: Bundle) -> None:
    """``root/<host>/llms.txt`` and ``llms-full.txt``, each written whole then renamed into place."""
    folder = root / bundle.host
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in zip(FILES, (bundle.index, bundle.full)):
        target = folder / name
        partial = target.with_name(name + ".part")
        partial.write_bytes(text.encode("utf-8"))
        os.replace(partial, target)
        logger.info("Wrote %s for %s", target, bundle.pages[0].url)
