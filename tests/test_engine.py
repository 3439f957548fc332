"""The Scrapy parts web2md replaces (web2md/engine/), each against what Scrapy's own part does."""

from __future__ import annotations

from scrapy import Spider
from scrapy.exceptions import DropItem
from scrapy.logformatter import LogFormatter
from scrapy.utils.test import get_crawler

from web2md.engine.logformatter import OneLineLogFormatter
from web2md.items import PageItem


def spider() -> Spider:
    return get_crawler(Spider)._create_spider("s")


def rendered(result: dict) -> str:
    return result["msg"] % result["args"]


def test_a_dropped_page_is_one_line_naming_its_url_and_why_not_every_field():
    item = PageItem(url="https://example.test/a", markdown="x" * 5000, title="A page")
    crawled = spider()
    ours = rendered(OneLineLogFormatter().dropped(item, DropItem("duplicate of /b"), None, crawled))
    assert ours == "Dropped https://example.test/a: duplicate of /b"
    theirs = rendered(LogFormatter().dropped(item, DropItem("duplicate of /b"), None, crawled))
    assert "x" * 5000 in theirs  # what Scrapy's own formatter logs: the whole item


def test_a_reason_that_names_the_url_names_it_once():
    item = PageItem(url="https://example.test/a")
    reason = DropItem("https://example.test/a is not in German")
    assert rendered(OneLineLogFormatter().dropped(item, reason, None, spider())) == (
        "Dropped: https://example.test/a is not in German"
    )
