"""Cookies: the user's ``cookie NAME=VAL`` arguments, and Scrapy's cookie jar brought in when a cookie turns up.

`CookieArgsMiddleware` runs just before the jar (`CookiesMiddleware`), which
drops a hand-set Cookie header, so the cookies go into the jar and mix with
the ones the site sets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy.exceptions import NotConfigured

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Request
    from scrapy.crawler import Crawler
    from scrapy.downloadermiddlewares import cookies
    from scrapy.http import Response


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


class CookiesMiddleware:
    """Scrapy's `CookiesMiddleware`, imported when the first cookie turns up.

    Its module imports tldextract, and with it requests (some 60 ms of every
    start-up), for a public-suffix check that only matters once there is a
    cookie. Until a request carries cookies or a Cookie header, or a response
    sets one, Scrapy's jar would be empty and its middleware would change
    nothing, so this one does nothing; from then on it hands every call to
    Scrapy's. (``Set-Cookie2`` is ignored either way: Scrapy's jar keeps the
    standard library's default policy, which does not take RFC 2965 cookies.)
    """

    def __init__(self, crawler: Crawler) -> None:
        if not crawler.settings.getbool("COOKIES_ENABLED"):
            raise NotConfigured
        self.crawler = crawler
        self._jar: cookies.CookiesMiddleware | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def jar(self) -> cookies.CookiesMiddleware:
        if self._jar is None:
            from scrapy.downloadermiddlewares.cookies import CookiesMiddleware

            self._jar = CookiesMiddleware.from_crawler(self.crawler)
        return self._jar

    def process_request(self, request: Request) -> None:
        if self._jar is None and not request.cookies and b"Cookie" not in request.headers:
            return None
        return self.jar().process_request(request)

    def process_response(self, request: Request, response: Response) -> Response:
        if self._jar is None and b"Set-Cookie" not in response.headers:
            return response
        return self.jar().process_response(request, response)
