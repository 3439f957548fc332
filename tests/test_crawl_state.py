"""What a crawl's components share is held by its own extensions: two crawlers in one process share none of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from scrapy import Spider, signals
from scrapy.exceptions import NotConfigured
from scrapy.utils.test import get_crawler

from web2md.browser.chromium import HANDLER, Browser
from web2md.conversion.converter import Converter
from web2md.extensions import needed
from web2md.incremental.middleware import IncrementalMiddleware
from web2md.incremental.pipelines import ExportedPipeline, UnchangedPipeline
from web2md.incremental.store import FILENAME, IncrementalStore
from web2md.pipelines.extract import ExtractPipeline
from web2md.settings import EXTENSIONS_BASE
from web2md.spiders.site import SiteSpider


def crawler(spider: type[Spider] = Spider, **settings: object):
    """A crawler with web2md's base extensions built, as at the start of a crawl."""
    return get_crawler(spider, {"EXTENSIONS_BASE": EXTENSIONS_BASE, **settings})


def test_two_crawlers_have_a_converter_each_which_their_spider_and_pipeline_share():
    first, second = crawler(SiteSpider, WEB2MD_WORKERS=0), crawler(SiteSpider, WEB2MD_WORKERS=0)
    converters = [needed(c, Converter) for c in (first, second)]
    assert converters[0] is not converters[1]
    assert converters[0].iframes is not converters[1].iframes  # the iframe documents fetched, hosts written off
    for c, converter in zip((first, second), converters, strict=True):
        c.spider = SiteSpider.from_crawler(c, url="http://127.0.0.1:8000/")
        c.signals.send_catch_log(signals.spider_opened, spider=c.spider)
        assert c.spider.converter is converter
        assert ExtractPipeline.from_crawler(c).converter is converter


def test_two_incremental_crawlers_have_a_store_each_which_their_middleware_and_pipelines_share(tmp_path: Path):
    first = crawler(WEB2MD_INCREMENTAL=str(tmp_path / "first"))
    second = crawler(WEB2MD_INCREMENTAL=str(tmp_path / "second"))
    stores = [c.get_extension(IncrementalStore) for c in (first, second)]
    try:
        assert [store.path for store in stores] == [tmp_path / "first" / FILENAME, tmp_path / "second" / FILENAME]
        for c, store in zip((first, second), stores, strict=True):
            assert IncrementalMiddleware.from_crawler(c).store is store
            assert UnchangedPipeline.from_crawler(c).store is store
            assert ExportedPipeline.from_crawler(c).store is store
        stores[0].gone.append("https://example.com/gone")
        assert stores[1].gone == []
    finally:
        for store in stores:
            store.close()


def test_same_incremental_folder_still_a_store_per_crawler(tmp_path: Path):
    first, second = (crawler(WEB2MD_INCREMENTAL=str(tmp_path)) for _ in range(2))
    stores = [c.get_extension(IncrementalStore) for c in (first, second)]
    try:
        assert stores[0] is not stores[1] and stores[0].path == stores[1].path
    finally:
        for store in stores:
            store.close()


def test_a_crawl_that_is_not_incremental_has_no_store_nor_its_components():
    plain = crawler()
    assert plain.get_extension(IncrementalStore) is None
    for component in (IncrementalMiddleware, UnchangedPipeline, ExportedPipeline):
        with pytest.raises(NotConfigured):
            component.from_crawler(plain)


def test_a_browser_per_crawler_shared_by_its_schemes_and_only_in_a_crawl_that_uses_it(monkeypatch):
    from web2md.browser.handler import BrowserDownloadHandler

    def stand_in(self, crawler) -> None:  # the Playwright handler's own needs the asyncio reactor running
        self.crawler = crawler

    monkeypatch.setattr(BrowserDownloadHandler, "__init__", stand_in)
    handlers = {"http": HANDLER, "https": HANDLER}
    first, second = crawler(DOWNLOAD_HANDLERS=handlers), crawler(DOWNLOAD_HANDLERS=handlers)
    browsers = [c.get_extension(Browser) for c in (first, second)]
    assert None not in browsers and browsers[0] is not browsers[1]
    http, https = BrowserDownloadHandler.from_crawler(first), BrowserDownloadHandler.from_crawler(first)
    assert http is https is browsers[0].handler  # http's and https's
    other = BrowserDownloadHandler.from_crawler(second)
    assert other is not http and other is browsers[1].handler and other.crawler is second
    assert crawler().get_extension(Browser) is None


def test_a_component_whose_extension_is_left_out_says_which():
    bare = get_crawler(Spider)  # Scrapy's own extensions only
    with pytest.raises(RuntimeError, match=r"web2md\.conversion\.converter\.Converter is not among"):
        ExtractPipeline.from_crawler(bare)


def test_a_progress_bar_keeps_the_run_report_and_the_gc_freeze():
    """The bar attaches through its own setting: it must not replace the project's extensions (it once did, so a
    crawl run in a terminal wrote no run report)."""
    from web2md.crawl import project_settings
    from web2md.extensions.gcfreeze import FreezeAtStart
    from web2md.extensions.report import RunReport
    from web2md.frontends.progress import CrawlProgress, ProgressExtension

    settings = project_settings(CrawlProgress("pages", enabled=True).settings())
    enabled = {name for name, order in settings.getwithbase("EXTENSIONS").items() if order is not None}
    for extension in (RunReport, FreezeAtStart, ProgressExtension):
        assert f"{extension.__module__}.{extension.__name__}" in enabled
