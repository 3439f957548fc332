"""Scrapy's LogFormatter with one line per dropped item: the URL and why, not the whole item pretty-printed.

Scrapy's own formats the whole item into the message, a page's Markdown included: a crawl that drops duplicates
logs megabytes. Fails without it: tests/test_engine.py."""

from __future__ import annotations

from typing import Any

from scrapy.logformatter import LogFormatter, LogFormatterResult


class OneLineLogFormatter(LogFormatter):
    """``Dropped <url>: <reason>`` (the URL once) instead of Scrapy's reason followed by every field of the item."""

    def dropped(self, item: Any, exception: BaseException, response: Any, spider: Any) -> LogFormatterResult:
        result = super().dropped(item, exception, response, spider)
        url = item.get("url", "") if hasattr(item, "get") else ""
        if not url or url in str(exception):  # named once
            return {**result, "msg": "Dropped: %(exception)s", "args": {"exception": exception}}
        return {**result, "msg": "Dropped %(url)s: %(exception)s", "args": {"url": url, "exception": exception}}
