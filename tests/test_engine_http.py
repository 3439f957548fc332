"""Closing the HTTP download handler fires its Deferred once, even when the reactor's loop was held past the
handler's own timeout (web2md/engine/http.py)."""

from __future__ import annotations

import asyncio
import time

from scrapy.utils.test import get_crawler
from twisted.internet.defer import Deferred

from web2md import crawl
from web2md.engine.http import HTTPDownloadHandler


class CountingDeferred(Deferred):
    def __init__(self) -> None:
        super().__init__()
        self.fired = 0

    def callback(self, result: object) -> None:
        self.fired += 1
        super().callback(result)


async def close_with_the_loop_held(handler_class: type) -> int:
    """Close a handler whose connections close just before its timeout, while the loop is held past both: how
    many times the Deferred it waits on was fired."""
    from twisted.internet import reactor

    handler = handler_class.from_crawler(get_crawler(settings_dict={}))
    closed = CountingDeferred()
    handler._pool.closeCachedConnections = lambda: closed
    handler._disconnect_timeout = 0.2
    reactor.callLater(0.05, time.sleep, 0.3)  # a busy loop: both calls below are due when it is free again
    reactor.callLater(0.19, closed.callback, None)  # the connections closed, just before the timeout
    await handler.close()
    await asyncio.sleep(0.1)
    return closed.fired


def test_closing_fires_the_deferred_once_when_the_loop_was_held():
    loop = crawl._REACTOR.get_loop(crawl.project_settings())
    fired = asyncio.run_coroutine_threadsafe(close_with_the_loop_held(HTTPDownloadHandler), loop).result(10)
    assert fired == 1
