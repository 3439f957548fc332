"""Scrapy's HTTP/1.1 download handler, closing without firing a Deferred twice.

Scrapy 2.19's ``HTTP11DownloadHandler.close`` waits for its pool's connections to close, and fires that Deferred
itself after one second (``reactor.callLater(1, d.callback, ())``), cancelling the timer once the coroutine
waiting on the Deferred has resumed. That resumption comes one loop iteration after the Deferred fired: when the
loop was held for a second (a busy server closing a crawl), the connections' closing and the timer are handled in
the same iteration, the timer fires the fired Deferred again, and Twisted logs an ``AlreadyCalledError``. Here the
timer fires it only if nothing has. Fails without it: tests/test_engine_http.py.
"""

from __future__ import annotations

from scrapy.core.downloader.handlers.http11 import HTTP11DownloadHandler
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.defer import Deferred


class HTTPDownloadHandler(HTTP11DownloadHandler):
    """``DOWNLOAD_HANDLERS_BASE`` for http and https: Scrapy's, with `close` fixed."""

    async def close(self) -> None:
        from twisted.internet import reactor

        closed: Deferred[None] = self._pool.closeCachedConnections()

        def give_up() -> None:  # Twisted's closeCachedConnections can hang (twisted/twisted#7738)
            if not closed.called:
                closed.callback(None)

        timer = reactor.callLater(self._disconnect_timeout, give_up)
        try:
            await maybe_deferred_to_future(closed)
        finally:
            if timer.active():
                timer.cancel()
