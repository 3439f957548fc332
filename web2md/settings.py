"""Scrapy settings for web2md: polite defaults for `scrapy crawl`, the CLI, the MCP server and the browser.

Every front end loads this module (see `web2md.crawl`), so a setting here
applies to all of them. Override per run with ``-s NAME=value``.
"""

from scrapy.settings import default_settings

from web2md.extensions import ondemand
from web2md.formats import feed_exporters

BOT_NAME = "web2md"

SPIDER_MODULES = ["web2md.spiders"]
COMMANDS_MODULE = "web2md.commands"  # `scrapy crawl` exits non-zero when the crawl failed (web2md.commands.crawl)
NEWSPIDER_MODULE = "web2md.spiders"

USER_AGENT = "web2md/0.1 (+https://github.com/web2md)"

# robots.txt is obeyed by web2md's own downloader middleware (see docs/design.md#politeness), not by
# Scrapy's, which lets concurrent requests through while robots.txt is pending.
# ROBOTSTXT_OBEY switches ours; "-a ignore_robots=1" turns it off.
ROBOTSTXT_OBEY = True
DOWNLOADER_MIDDLEWARES = {
    "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
    "scrapy.downloadermiddlewares.redirect.MetaRefreshMiddleware": None,
    "scrapy.downloadermiddlewares.httpcompression.HttpCompressionMiddleware": None,
    "scrapy.downloadermiddlewares.redirect.RedirectMiddleware": None,
    # outermost: sees what retries leave over; logs and counts each failed page once
    "web2md.middlewares.limits.FailureMiddleware": 10,
    # before blacklist and robots.txt: a refused host is never contacted
    "web2md.middlewares.netguard.NetGuardMiddleware": 50,
    "web2md.blacklist.middleware.BlacklistMiddleware": 90,
    "web2md.middlewares.robots.RobotsTxtMiddleware": 100,
    "web2md.middlewares.limits.MetaRefreshMiddleware": 580,
    # a bot challenge fails once decompressed, before a 503 or 429 is retried or its meta refresh followed
    "web2md.middlewares.limits.ChallengeMiddleware": 585,
    "web2md.middlewares.limits.HttpCompressionMiddleware": 590,
    "web2md.middlewares.limits.RedirectMiddleware": 600,
    "web2md.middlewares.cookies.CookieArgsMiddleware": 690,
    # Scrapy's cookie jar, imported when the first cookie turns up (see DOWNLOADER_MIDDLEWARES_BASE below)
    "web2md.middlewares.cookies.CookiesMiddleware": 700,
    # next to FailureMiddleware: answers a re-crawl's 304s and notes gone pages before it sees them (WEB2MD_INCREMENTAL)
    "web2md.incremental.middleware.IncrementalMiddleware": 20,
    # innermost (after the HTTP cache): the per-host slot shared through Redis (WEB2MD_REDIS_URL only)
    "web2md.distributed.hostslots.HostSlotMiddleware": 950,
}
# Scrapy's own CookiesMiddleware leaves the base list rather than being set to None above: Scrapy imports
# every middleware named there, disabled or not, and that module imports tldextract and requests (~60 ms).
DOWNLOADER_MIDDLEWARES_BASE = {
    path: order
    for path, order in default_settings.DOWNLOADER_MIDDLEWARES_BASE.items()
    if path != "scrapy.downloadermiddlewares.cookies.CookiesMiddleware"
}

# "-a cache_ttl=SECONDS" turns on Scrapy's HTTP cache with that expiry; every
# response is kept (DummyPolicy) except transient server errors.
HTTPCACHE_ENABLED = False
HTTPCACHE_POLICY = "scrapy.extensions.httpcache.DummyPolicy"
HTTPCACHE_IGNORE_HTTP_CODES = [408, 429, 500, 502, 503, 504]

ITEM_PIPELINES = {
    "web2md.pipelines.extract.ExtractPipeline": 300,
    "web2md.pipelines.language.LanguagePipeline": 400,
    "web2md.pipelines.metadata_filter.MetadataFilterPipeline": 410,
    "web2md.pipelines.bundle.BundlePipeline": 440,  # only with -a bundle=1: llms.txt, llms-full.txt
    "web2md.pipelines.dedupe.DedupePipeline": 450,
    "web2md.incremental.pipelines.UnchangedPipeline": 790,
    "web2md.pipelines.export.ExportPipeline": 800,
    "web2md.incremental.pipelines.ExportedPipeline": 810,
}

# Incremental re-crawl ("-a incremental=DIR", "-a prune_gone=1"): per-URL validators and Markdown hashes kept
# in DIR/incremental.sqlite3; unchanged pages are not written again, gone ones (404/410) listed or removed.
WEB2MD_INCREMENTAL = ""
WEB2MD_PRUNE_GONE = False

# Scrapy's telnet console and remote control stand in the base list by proxies that import them only when switched
# on (below): Scrapy imports every extension named there, and the remote control imports aiohttp (0.15-0.35 s).
# Below them, the extensions that hold what a crawl's components share (each fetched with crawler.get_extension):
# in the base list, as a crawl cannot run without them and an EXTENSIONS given for one run (the progress bar's,
# "-s EXTENSIONS=...") replaces this module's EXTENSIONS rather than adding to it.
EXTENSIONS_BASE = {
    **{ondemand.STAND_INS.get(path, path): order for path, order in default_settings.EXTENSIONS_BASE.items()},
    "web2md.conversion.converter.Converter": 0,  # the worker processes that read pages
    "web2md.incremental.store.IncrementalStore": 0,  # WEB2MD_INCREMENTAL only
    "web2md.browser.chromium.Browser": 0,  # the browser's download handler (--browser only)
}

# One JSON report per crawl that writes files: <output>/_runs/<UTC start>-<spider>.json
EXTENSIONS = {
    "web2md.extensions.report.RunReport": 500,
    "web2md.extensions.gcfreeze.FreezeAtStart": 0,
    "web2md.frontends.progress.ProgressExtension": 900,  # a command-line crawl's progress bar (WEB2MD_PROGRESS only)
}

# Filters (also as "-a lang=de", "-a only_with_metadata=1", "-a dedupe=flag", "-a dedupe_distance=5"):
# keep only pages in this language (ISO 639-1 or 639-3; empty = all), only pages with a title and a
# published date, and drop ("drop") or mark ("flag": the duplicate_of field) pages whose simhash is
# within WEB2MD_DEDUPE_DISTANCE bits of a page already seen in the crawl ("off" to keep all).
WEB2MD_LANG = ""
WEB2MD_ONLY_WITH_METADATA = False
WEB2MD_DEDUPE = "drop"
WEB2MD_DEDUPE_DISTANCE = 3

# Pages are converted in WEB2MD_WORKERS processes beside the reactor (unset: one per core; 0: in the crawl's
# own process, for debugging); a page still converting after WEB2MD_EXTRACT_TIMEOUT seconds is given up
# (its worker is replaced). A page waits at most WEB2MD_IFRAME_TIMEOUT seconds for its iframes.
WEB2MD_EXTRACT_TIMEOUT = 60
WEB2MD_IFRAME_TIMEOUT = 5
# Scrapy fetches nothing more while the responses being processed add up to this. A page is held while a
# worker converts it and while it waits for its iframes: at Scrapy's 5 MB, one iframe host slow to answer
# (a DNS lookup that timed out after 5 s) stopped the whole crawl. benchmarks/crawl.py, iframes on:
# 2.41x -> 1.85x the bare spider's wall time (median of 3 pairs), peak RSS +40 MiB.
SCRAPER_SLOT_MAX_ACTIVE_SIZE = 16 * 1024 * 1024

# "--browser" ("-a browser=1"): pages load in headless Chromium (web2md.browser), the system's: WEB2MD_CHROMIUM
# (setting or environment variable) or the first of chromium-headless-shell, chromium on PATH. After the load event
# a page waits for the network to go idle (at most WEB2MD_BROWSER_IDLE_TIMEOUT seconds), then for the CSS selector
# WEB2MD_BROWSER_WAIT_FOR ("--wait-for") and "--wait" ms; WEB2MD_BROWSER_PAGES pages are open at once.
WEB2MD_BROWSER = False
WEB2MD_BROWSER_WAIT_FOR = ""
WEB2MD_BROWSER_IDLE_TIMEOUT = 5
WEB2MD_BROWSER_PAGES = 4
WEB2MD_CHROMIUM = ""

# "-O pages.md", "-O pages.jsonl", ...: the feed formats of the format registry (web2md.formats.FORMATS)
FEED_EXPORTERS = feed_exporters()
FEED_EXPORT_ENCODING = "utf-8"

# Per-page files (web2md.pipelines.export); "-a output=DIR", "-a formats=md,json" and "-a frontmatter=1"
# override these.
WEB2MD_OUTPUT_DIR = "output"
WEB2MD_FORMATS = "md"
WEB2MD_FRONTMATTER = False

# Politeness and limits.
CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 4
# Scrapy's, holding CONCURRENT_REQUESTS_PER_DOMAIN under the asyncio reactor (Scrapy 2.19 did not: see the module)
DOWNLOADER = "web2md.engine.downloader.Downloader"
# Scrapy's HTTP/1.1 handler, except that closing it never fires a Deferred twice (see the module)
DOWNLOAD_HANDLERS_BASE = {
    **default_settings.DOWNLOAD_HANDLERS_BASE,
    "http": "web2md.engine.http.HTTPDownloadHandler",
    "https": "web2md.engine.http.HTTPDownloadHandler",
}
DOWNLOAD_DELAY = 0
# Scrapy starts this many tasks for the output of every response (one page item and its links here);
# 100, its default, cost the crawl ~15% of its own CPU time (benchmarks/crawl.py)
CONCURRENT_ITEMS = 16
DOWNLOAD_TIMEOUT = 30
DOWNLOAD_MAXSIZE = 32 * 1024 * 1024  # applies to the decompressed body
DOWNLOAD_WARNSIZE = 8 * 1024 * 1024
RETRY_TIMES = 2
REDIRECT_MAX_TIMES = 10
COOKIES_ENABLED = True

# Breadth-first order: the `site` spider's depth bound then cuts a complete layer.
DEPTH_PRIORITY = 1
SCHEDULER_DISK_QUEUE = "scrapy.squeues.PickleFifoDiskQueue"
# Scrapy's scheduler, or with WEB2MD_REDIS_URL=redis://HOST:PORT/DB (or "-a redis_url=") a frontier, duplicate
# filter, near-duplicate index and per-host slots shared in Redis by every process crawling with the same
# WEB2MD_REDIS_KEY (empty: a hash of the start URLs). See web2md.distributed.scheduler.
SCHEDULER = "web2md.distributed.scheduler.Scheduler"
WEB2MD_REDIS_URL = ""
WEB2MD_REDIS_KEY = ""
# First in, first out, each waiting request held serialised: the frontier of a large crawl in a tenth of the memory.
SCHEDULER_MEMORY_QUEUE = "web2md.engine.queues.CompactFifoMemoryQueue"

# No listening sockets by default: the telnet console and the remote-control
# HTTP server both execute code inside the crawler.
TELNETCONSOLE_ENABLED = False
REMOTE_CONTROL_ENABLED = False

# Resolves IPv6 too (Scrapy's default resolver is IPv4-only: http://[::1]/ would not resolve).
TWISTED_DNS_RESOLVER = "scrapy.resolver.CachingHostnameResolver"
TWISTED_REACTOR = "twisted.internet.asyncioreactor.AsyncioSelectorReactor"
LOG_LEVEL = "INFO"
LOG_FORMATTER = "web2md.engine.logformatter.OneLineLogFormatter"  # a dropped page is one log line, not the whole item
