"""The scheduler's in-memory request queue, which keeps a waiting request as its URL and a serialised rest
instead of as a `Request`, so a crawl's frontier takes about a tenth of the memory.

Scrapy's memory queues hold every waiting `Request` object whole (headers, meta, callbacks): a crawl with a frontier of
millions of URLs runs out of memory. Fails without it: tests/test_queues.py::test_a_waiting_request_takes_a_tenth_of_the_memory.
"""

from __future__ import annotations

import pickle
from collections import deque
from typing import TYPE_CHECKING, Any

from scrapy import Request
from scrapy.utils.request import request_from_dict

if TYPE_CHECKING:
    from typing import Self

    from scrapy.crawler import Crawler


class CompactFifoMemoryQueue:
    """``SCHEDULER_MEMORY_QUEUE``: first in, first out, as Scrapy's `FifoMemoryQueue`.

    A waiting `Request` holds about 2.3 KB on a crawl: itself, its headers, and entries in the caches Scrapy
    keys on it (fingerprint, parsed URL, live references). Here it is kept as a ``JOBDIR`` disk queue keeps it,
    `Request.to_dict` pickled, with the URL apart and the pickled rest shared with the request pushed before
    when equal (the links of one page differ only in their URL): about 150 bytes. It is rebuilt when it is
    popped, as from a disk queue. A request that does not serialise (a callback that is not a spider method,
    meta that does not pickle) is kept as it is.
    """

    def __init__(self, crawler: Crawler, key: str) -> None:
        self.spider = crawler.spider
        self.urls: deque[str | Request] = deque()  # the URL, or the request itself when it does not serialise
        self.rests: deque[bytes | None] = deque()  # everything else, pickled
        self.last_rest = b""

    @classmethod
    def from_crawler(cls, crawler: Crawler, key: str) -> Self:
        return cls(crawler, key)

    def push(self, request: Request) -> None:
        try:
            rest = pickle.dumps(self.fields(request), protocol=4)
        except (ValueError, TypeError, AttributeError, pickle.PicklingError):
            self.urls.append(request)
            self.rests.append(None)
            return
        if rest == self.last_rest:
            rest = self.last_rest
        self.last_rest = rest
        self.urls.append(request.url)
        self.rests.append(rest)

    def fields(self, request: Request) -> dict[str, Any]:
        """`Request.to_dict` without the URL. `to_dict` finds the name of a callback among every attribute of the
        spider (50 µs a request on the `site` spider); a spider's method is named by its own name here."""
        fields = {
            "callback": self.method_name(request.callback),
            "errback": self.method_name(request.errback),
            "headers": dict(request.headers),
        }
        for attr in request.attributes:
            if attr != "url":
                fields.setdefault(attr, getattr(request, attr))
        if type(request) is not Request:
            fields["_class"] = f"{type(request).__module__}.{type(request).__name__}"
        return fields

    def method_name(self, function: Any) -> Any:
        """The name of a spider method on its spider (as `to_dict` names it); anything not callable as it is."""
        if not callable(function):
            return function
        name = getattr(function, "__name__", "")
        if getattr(function, "__self__", None) is self.spider and getattr(self.spider, name, None) == function:
            return name
        raise ValueError(f"{function!r} is not a method of {self.spider!r}")

    def pop(self) -> Request | None:
        if not self.urls:
            return None
        return self.rebuilt(self.urls.popleft(), self.rests.popleft())

    def peek(self) -> Request | None:
        if not self.urls:
            return None
        return self.rebuilt(self.urls[0], self.rests[0])

    def rebuilt(self, url: str | Request, rest: bytes | None) -> Request:
        if rest is None:
            assert isinstance(url, Request)
            return url
        fields = pickle.loads(rest)
        fields["url"] = url
        return request_from_dict(fields, spider=self.spider)

    def close(self) -> None:
        self.urls.clear()
        self.rests.clear()

    def __len__(self) -> int:
        return len(self.urls)
