"""Send the user's ``cookie NAME=VAL`` arguments (``WEB2MD_COOKIES``) with every request.

Runs just before Scrapy's CookiesMiddleware, which drops a hand-set Cookie
header, so the cookies go into its jar and mix with the ones the site sets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy.exceptions import NotConfigured

if TYPE_CHECKING:
    from typing_extensions import Self

    from scrapy import Request
    from scrapy.crawler import Crawler

class CookieArgsMiddleware:
    def __init__(self, crawler: Crawler) -> None:
        self.cookies: dict[str, str] = dict(crawler.settings.getdict("WEB2MD_COOKIES"))
        if not self.cookies:
            raise NotConfigured
        self._jar = crawler.settings.getbool("COOKIES_ENABLED")

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        if not self._jar or request.meta.get("dont_merge_cookies"):
            if b"Cookie" not in request.headers:
                request.headers[b"Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            return
        # The request's own cookies win over the command-line defaults.
        if isinstance(request.cookies, dict):
            request.cookies = {**self.cookies, **request.cookies}
        else:
            named = {c.get("name") for c in request.cookies}
            request.cookies = [
                *request.cookies,
                *({"name": k, "value": v} for k, v in self.cookies.items() if k not in named),
            ]
