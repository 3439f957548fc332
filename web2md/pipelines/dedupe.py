"""Near-duplicate pages (simhash within a Hamming distance, 3 by default) are dropped or flagged (see
docs/design.md#operations)."""

from __future__ import annotations

import logging
from typing import Any

from scrapy.crawler import Crawler
from scrapy.exceptions import DropItem

from web2md.distributed.scheduler import SharedFingerprintIndex
from web2md.extract.meta.simhash import bands, hamming
from web2md.items import PageItem

logger = logging.getLogger(__name__)

MODES = ("drop", "flag", "off")
STATE_KEY = "web2md/near_duplicates"  # the index's key in a JOBDIR's spider state


class FingerprintIndex:
    """Seen 64-bit fingerprints, searchable for any within `distance` bits.

    Split into ``distance + 1`` bit bands, two fingerprints that differ in at
    most `distance` bits agree on at least one whole band, so only entries
    sharing a band are compared: near-constant work per page, not a scan of
    the whole crawl.
    """

    def __init__(self, distance: int) -> None:
        self.distance = distance
        self._bands = bands(distance)
        self._tables: list[dict[int, list[tuple[int, int, str]]]] = [{} for _ in self._bands]
        self._count = 0

    def find(self, fp: int) -> str | None:
        """The URL of the earliest seen fingerprint within the distance, or None."""
        best: tuple[int, str] | None = None
        for table, (shift, mask) in zip(self._tables, self._bands):
            for seq, other, url in table.get(fp >> shift & mask, ()):
                if (best is None or seq < best[0]) and hamming(fp, other) <= self.distance:
                    best = (seq, url)
        return best[1] if best else None

    @property
    def size(self) -> int:
        return self._count

    def claim(self, fp: int, url: str) -> str | None:
        """The URL of the earliest seen fingerprint within the distance; None after adding `fp` as `url`'s."""
        original = self.find(fp)
        if original is None:
            self.add(fp, url)
        return original

    def add(self, fp: int, url: str) -> None:
        entry = (self._count, fp, url)
        self._count += 1
        for table, (shift, mask) in zip(self._tables, self._bands):
            table.setdefault(fp >> shift & mask, []).append(entry)


def near_duplicate_rules(crawler: Crawler) -> tuple[str, int]:
    """The crawl's near-duplicate mode and distance: the spider's ``-a dedupe=`` / ``-a dedupe_distance=``, else
    the ``WEB2MD_DEDUPE`` / ``WEB2MD_DEDUPE_DISTANCE`` settings; a bad value stops the crawl before it starts."""
    spider, settings = crawler.spider, crawler.settings
    mode = getattr(spider, "dedupe", None)
    mode = str(mode if mode is not None else settings.get("WEB2MD_DEDUPE", "drop")).strip().lower()
    if mode not in MODES:
        raise ValueError(f"dedupe must be one of {', '.join(MODES)}, got {mode!r}")
    distance = getattr(spider, "dedupe_distance", None)
    if distance is None:
        return mode, settings.getint("WEB2MD_DEDUPE_DISTANCE", 3)
    try:
        return mode, int(distance)
    except ValueError:
        raise ValueError(f"argument dedupe_distance expects a number, got {distance!r}") from None


class DedupePipeline:
    """Drop (``WEB2MD_DEDUPE=drop``, the default) or flag (``flag``: sets ``duplicate_of``) pages whose
    fingerprint is within ``WEB2MD_DEDUPE_DISTANCE`` bits of a page already seen in this crawl.

    Spider arguments ``-a dedupe=drop|flag|off`` and ``-a dedupe_distance=N``
    override the settings. Counted as ``web2md/near_duplicate_count``. With ``-s JOBDIR=DIR`` the
    fingerprints are kept with the job, so pages written before a pause count after the resume; with
    ``-s WEB2MD_REDIS_URL`` they are in Redis, shared by every process of the crawl.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.mode = "drop"
        self.distance = 3
        self.index: FingerprintIndex | SharedFingerprintIndex | None = None
        self.resumed = False

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> DedupePipeline:
        return cls(crawler)

    def open_spider(self) -> None:
        self.mode, self.distance = near_duplicate_rules(self.crawler)
        if self.mode != "off":
            # with WEB2MD_REDIS_URL the processes of a distributed crawl share one index
            self.index = SharedFingerprintIndex.for_crawler(self.crawler, self.distance) or FingerprintIndex(
                self.distance
            )

    def resumed_index(self) -> FingerprintIndex | SharedFingerprintIndex | None:
        """With a ``JOBDIR``, the index lives in the spider's persisted state, so a resumed crawl still knows the
        pages written before the pause (Scrapy's SpiderState loads that state after the pipelines open, so this
        is asked on the first item)."""
        state = getattr(self.crawler.spider, "state", None)
        if not isinstance(self.index, FingerprintIndex) or not isinstance(state, dict):
            return self.index
        saved = state.get(STATE_KEY)
        if isinstance(saved, FingerprintIndex) and saved.distance == self.distance:
            logger.info("Resuming with %d page fingerprints from the job's state", saved.size)
            return saved
        state[STATE_KEY] = self.index
        return self.index

    async def close_spider(self) -> None:
        if isinstance(self.index, SharedFingerprintIndex):
            await self.index.close()

    async def process_item(self, item: Any) -> Any:
        if not self.resumed:
            self.index, self.resumed = self.resumed_index(), True
        if self.index is None or not isinstance(item, PageItem) or not item.get("fingerprint"):
            return item
        url = item.get("final_url") or item.get("url", "")
        fp = int(item["fingerprint"], 16)
        if isinstance(self.index, SharedFingerprintIndex):
            original = await self.index.claim(fp, url)
        else:
            original = self.index.claim(fp, url)
        if original is None:
            return item
        self.stats.inc_value("web2md/near_duplicate_count")
        if self.mode == "flag":
            logger.info("Near duplicate %s of %s: flagged", url, original)
            if "duplicate_of" in item.fields:
                item["duplicate_of"] = original
            return item
        logger.info("Near duplicate %s of %s: dropped", url, original)
        raise DropItem(f"near duplicate of {original}")
