"""The `page` spider: fetch the given URLs (``-a url=`` and/or ``-a urls_file=``), one item each, no link following."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from scrapy import Request
from scrapy.http import Response

from web2md.middlewares import META_EXPLICIT
from web2md.spiders.base import Web2mdSpider


class PageSpider(Web2mdSpider):
    """``scrapy crawl page -a url=URL[,URL...]`` or ``-a urls_file=PATH``."""

    name = "page"

    def page_bound(self) -> int | None:
        return len(self.start_urls)

    async def start(self) -> AsyncIterator[Any]:
        for url in self.valid_start_urls():
            # a URL the user asked for explicitly is fetched even if it was listed twice or blacklisted
            yield Request(url, callback=self.parse, errback=self.on_error, dont_filter=True, meta={META_EXPLICIT: True})

    def parse(self, response: Response, **kwargs: Any) -> Any:
        yield self.page_item(response)
