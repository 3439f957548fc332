"""Refuse requests to blacklisted ad and tracking URLs, except explicitly requested ones.

Spiders use :func:`load_blacklist` to drop blacklisted links before scheduling
them; this middleware is the backstop for everything fetched (iframes too).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scrapy.exceptions import IgnoreRequest, NotConfigured

from web2md.blacklist.patterns import Blacklist
from web2md.middlewares import META_EXPLICIT

if TYPE_CHECKING:
    from typing import Self

    from scrapy import Request
    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings

logger = logging.getLogger(__name__)


class Blacklisted(IgnoreRequest):
    """A request refused by the blacklist; ``rule`` is the matching pattern."""

    def __init__(self, url: str, rule: str) -> None:
        super().__init__(f"Blacklisted ({rule}): {url}")
        self.url = url
        self.rule = rule


def load_blacklist(settings: BaseSettings) -> Blacklist:
    """The blacklist the settings ask for; empty when ``WEB2MD_BLACKLIST_ENABLED`` is off.

    Settings: ``WEB2MD_BLACKLIST_ENABLED`` (default on), ``WEB2MD_USER_BLACKLIST``
    (read ``~/.web2md/blacklist.txt`` when present, default on) and
    ``WEB2MD_BLACKLIST_FILES`` (extra pattern files). A missing extra file is
    logged as an error and skipped.
    """
    if not settings.getbool("WEB2MD_BLACKLIST_ENABLED", True):
        return Blacklist()
    blacklist = Blacklist.load(builtin=True, user=settings.getbool("WEB2MD_USER_BLACKLIST", True))
    for path in settings.getlist("WEB2MD_BLACKLIST_FILES"):
        try:
            blacklist.add_file(path)
        except OSError as exc:
            logger.error("Cannot read blacklist file %s: %s", path, exc.strerror or exc)
    return blacklist


class BlacklistMiddleware:
    """Downloader middleware raising :class:`Blacklisted` for blacklisted URLs.

    Requests with ``meta["web2md_explicit"]`` (what the user asked for) pass.
    """

    def __init__(self, crawler: Crawler) -> None:
        self.blacklist = load_blacklist(crawler.settings)
        if not self.blacklist:
            raise NotConfigured
        self.stats = crawler.stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        if request.meta.get(META_EXPLICIT):
            return
        rule = self.blacklist.match(request.url)
        if rule is None:
            return
        logger.debug("Blacklisted (%s): %s", rule, request.url)
        self.stats.inc_value("web2md/blacklisted")
        raise Blacklisted(request.url, rule)
