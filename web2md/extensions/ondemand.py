"""Scrapy's telnet console and remote control, imported only when switched on.

Scrapy imports every extension its base list names, switched off or not, and
the remote control imports aiohttp: 0.15-0.35 s of every crawl's start for two
extensions web2md switches off (``TELNETCONSOLE_ENABLED``, ``REMOTE_CONTROL_ENABLED``).
These stand in for them in ``EXTENSIONS_BASE`` and build the real one when its
setting is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy.exceptions import NotConfigured
from scrapy.utils.misc import build_from_crawler, load_object

if TYPE_CHECKING:
    from scrapy.crawler import Crawler


class _OnDemand:
    extension = ""  # Scrapy's class
    enabled_setting = ""

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Any:
        if not crawler.settings.getbool(cls.enabled_setting):
            raise NotConfigured
        return build_from_crawler(load_object(cls.extension), crawler)


class TelnetConsole(_OnDemand):
    extension = "scrapy.extensions.telnet.TelnetConsole"
    enabled_setting = "TELNETCONSOLE_ENABLED"


class RemoteControl(_OnDemand):
    extension = "scrapy.extensions.remote_control.RemoteControl"
    enabled_setting = "REMOTE_CONTROL_ENABLED"


#: Scrapy's extension path -> its stand-in here
STAND_INS = {cls.extension: f"{__name__}.{cls.__name__}" for cls in (TelnetConsole, RemoteControl)}
