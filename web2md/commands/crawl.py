"""``scrapy crawl`` with web2md's exit status: 1 when the crawl failed, 2 (one log line) for a bad argument.

Scrapy's own ``crawl`` exits 1 only when the spider could not be created, and then asyncio prints the
exception as "Task exception was never retrieved" with its whole traceback; a crawl whose every URL failed
exits 0. Cron and Scrapyd (which runs this same command through ``scrapyd.runner``) read the status, so it is
decided here, in one place, from the stat the spider sets when it closes (`RUN_FAILED_STAT`).
"""

from __future__ import annotations

import argparse
import logging
from typing import Any

from scrapy.commands import crawl
from twisted.internet.defer import Deferred

logger = logging.getLogger(__name__)

EXIT_FAILED = 1
EXIT_USAGE = 2  # as Scrapy's own usage errors (and web2md's command line)


class Command(crawl.Command):
    def long_desc(self) -> str:
        return (
            "Run a spider of the current project, by name. Exits 1 when the crawl failed (it exported nothing "
            "and a start URL or page failed), 2 for a bad spider argument."
        )

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            super().run(args, opts)  # its usage errors
            return
        # here: Scrapy imports every command to list them
        from web2md.browser.chromium import BrowserMissing
        from web2md.javascript.quickjs import EngineMissing
        from web2md.spiders.base import RUN_FAILED_STAT

        assert self.crawler_process is not None
        crawler = self._create_crawler(args[0])
        argument_errors: list[ValueError] = []

        def starting_failed(exc: BaseException) -> None:
            if isinstance(exc, ValueError):  # the spider's (or a pipeline's) refusal of an argument: its message
                logger.error("%s", exc)
                logger.debug("Where the argument was refused:", exc_info=exc)
                argument_errors.append(exc)
            elif isinstance(exc, (EngineMissing, BrowserMissing)):  # -a javascript=1 / browser=1: what to install
                logger.error("%s", exc)
            else:
                logger.error("The crawl stopped with an error", exc_info=exc)

        started: Any = self.crawler_process.crawl(crawler, **opts.spargs)
        if isinstance(started, Deferred):  # CrawlerProcess (FORCE_CRAWLER_PROCESS)
            started.addErrback(lambda failure: starting_failed(failure.value))
        else:  # AsyncCrawlerProcess: an asyncio task, whose exception is retrieved here rather than left to asyncio
            started.add_done_callback(
                lambda task: task.cancelled() or task.exception() is None or starting_failed(task.exception())
            )
        self.crawler_process.start()
        if argument_errors:
            self.exitcode = EXIT_USAGE
        elif self.crawler_process.bootstrap_failed or (crawler.stats and crawler.stats.get_value(RUN_FAILED_STAT)):
            self.exitcode = EXIT_FAILED
