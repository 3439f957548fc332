"""The one crawl that serves the single pages of `web2md serve` and `web2md mcp` (web2md/frontends/page_crawl.py):
politeness and robots.txt hold across requests, each request keeps its own options and cookies, a failing one
leaves the others alone, and a fresh crawl takes over after a while. Real servers, the real firecrawl-py SDK and
the real MCP client."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from firecrawl import Firecrawl
from firecrawl.v2.utils.error_handler import RequestTimeoutError
from scrapy import signals

from tests.api_harness import running_api
from tests.server import RecordedRequest, TestServer
from tests.test_http_api import POST, POST_MARKDOWN, expected
from tests.test_mcp import McpSession, text_of
from web2md import crawl
from web2md.frontends import page_crawl
from web2md.frontends.http_api import ApiOptions
from web2md.frontends.mcp_server import ServerOptions

pytestmark = pytest.mark.integration

ARTICLE = (
    "<html><head><title>{title}</title></head><body><nav><a href='/'>Home</a></nav><main><h1>{title}</h1>"
    "<p>A paragraph long enough to be the main content of the page called {title}.</p></main></body></html>"
)
LATE = (
    "<html><head><title>Late</title></head><body><div id=app></div><script>setTimeout(function () {"
    "document.getElementById('app').innerHTML = '<article><h1>Late article</h1><p>Written by a timer after one "
    "and a half seconds.</p></article>'}, 1500);</script></body></html>"
)
SHOWN_LATE = (
    "<html><head><title>Shown late</title></head><body><main><h1>Shown late</h1><p>Waiting for the rest.</p></main>"
    "<script>setTimeout(() => document.querySelector('main').insertAdjacentHTML('beforeend', "
    "'<p>Shown after three seconds.</p>'), 3000);</script></body></html>"
)
CRAWL_DELAY = 0.4
KEY = "test-key"


class Overlap:
    """A route handler that notes how many of its requests were being answered at once, at most."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.now = 0
        self.most = 0
        self.lock = threading.Lock()

    def __call__(self, rec: RecordedRequest) -> tuple[int, dict[str, str], bytes]:
        with self.lock:
            self.now += 1
            self.most = max(self.most, self.now)
        time.sleep(self.seconds)
        with self.lock:
            self.now -= 1
        name = rec.path.rsplit("/", 1)[-1]
        return 200, {}, ARTICLE.format(title=name).encode()


@pytest.fixture
def polite_site() -> Iterator[tuple[TestServer, Overlap]]:
    overlap = Overlap(0.2)
    with TestServer() as srv:
        srv.route("/robots.txt", f"User-agent: *\nCrawl-delay: {CRAWL_DELAY}\n", headers={"Content-Type": "text/plain"})
        for n in range(4):
            srv.route(f"/p/{n}", handler=overlap)
        yield srv, overlap


@pytest.fixture(scope="module")
def site() -> Iterator[TestServer]:
    with TestServer() as srv:
        srv.route("/robots.txt", "User-agent: *\nDisallow: /private\n", headers={"Content-Type": "text/plain"})
        for n in range(6):
            srv.route(f"/p/{n}", ARTICLE.format(title=f"Page {n}"))
        srv.route("/slow", ARTICLE.format(title="Slow"), delay=2.0)
        srv.route("/missing", "<p>gone</p>", status=404)
        srv.route("/set", ARTICLE.format(title="Set"), headers={"Set-Cookie": "session=abc; Path=/"})
        srv.route("/cookie", handler=lambda rec: (200, {}, f"<p>Cookie: {rec.headers.get('Cookie', '-')}</p>".encode()))
        srv.route("/late", LATE)
        srv.route("/post", POST)
        srv.route("/shown-late", SHOWN_LATE)
        yield srv


@pytest.fixture(scope="module")
def api() -> Iterator[str]:
    with running_api(ApiOptions(fetch=ServerOptions(allow_private=True, timeout=20))) as base:
        yield base


def markdown_of(title: str) -> str:
    return f"# {title}\n\nA paragraph long enough to be the main content of the page called {title}."


def test_scrapes_of_one_host_are_spaced_by_its_crawl_delay_across_requests(polite_site):
    site, overlap = polite_site
    with running_api(ApiOptions(fetch=ServerOptions(allow_private=True, timeout=20))) as base:
        client = Firecrawl(api_key=KEY, api_url=base)
        with ThreadPoolExecutor(4) as pool:
            docs = list(pool.map(lambda n: client.scrape(site.url(f"/p/{n}")), range(4)))
    assert [doc.markdown for doc in docs] == [markdown_of(str(n)) for n in range(4)]
    assert site.paths().count("/robots.txt") == 1
    pages = [rec for rec in site.requests if rec.path.startswith("/p/")]
    assert len(pages) == 4 and overlap.most == 1  # one at a time, though four clients asked at once
    # the server's own clock: each request came about the Crawl-delay after the one before (Scrapy times it from
    # when it sent the request before, the server from when it arrived: a few milliseconds either way)
    gaps = [later.time - earlier.time for earlier, later in zip(pages, pages[1:])]
    assert all(gap >= CRAWL_DELAY * 0.9 for gap in gaps), gaps


def test_robots_txt_is_fetched_once_for_many_mcp_fetches(site):
    session = McpSession("--allow-private")
    try:
        for n in range(3):
            result = session.call("web_fetch", {"url": site.url(f"/p/{n}")})
            assert not result.is_error, text_of(result)
            assert text_of(result).endswith(markdown_of(f"Page {n}"))
        refused = session.call("web_fetch", {"url": site.url("/private")})
        assert refused.is_error and "robots.txt" in text_of(refused)
    finally:
        session.close()
    assert site.paths().count("/robots.txt") == 1
    assert "/private" not in site.paths()


def test_a_failing_scrape_leaves_the_others_alone(api, site):
    client = Firecrawl(api_key=KEY, api_url=api)

    def scrape(path: str, **options) -> object:
        try:
            return client.scrape(site.url(path), **options)
        except RequestTimeoutError as exc:
            return exc

    calls = [("/slow", {"timeout": 500}), ("/missing", {}), ("/post", {}), ("/post", {"only_main_content": False})]
    with ThreadPoolExecutor(len(calls)) as pool:
        slow, missing, page, whole = pool.map(lambda call: scrape(call[0], **call[1]), calls)
    assert isinstance(slow, RequestTimeoutError) and "timed out after 0.5 s" in str(slow)
    assert (missing.markdown, missing.metadata.status_code) == ("", 404)
    # one crawl, two requests of one page, each converted with its own options
    assert page.markdown == POST_MARKDOWN
    assert whole.markdown == POST_MARKDOWN + expected(
        site, "\n\n### Related\n\n- [First related story](http://HOST/a)\n- [Second related story](http://HOST/b)"
    )
    # the slow page's late answer goes to nobody: the next scrapes get their own pages
    time.sleep(2.0)
    assert [client.scrape(site.url(f"/p/{n}")).markdown for n in (1, 2)] == [markdown_of(f"Page {n}") for n in (1, 2)]


def test_each_scrape_has_its_own_cookie_jar(api, site):
    assert httpx.post(f"{api}/v2/scrape", json={"url": site.url("/set")}).json()["success"]
    answer = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/cookie")}).json()
    assert answer["data"]["markdown"] == "Cookie: -"


def test_a_fresh_crawl_takes_over_after_its_requests(site, monkeypatch):
    monkeypatch.setattr(page_crawl, "RECYCLE_REQUESTS", 2)
    before = site.paths().count("/robots.txt")
    with running_api(ApiOptions(fetch=ServerOptions(allow_private=True, timeout=20))) as base:
        client = Firecrawl(api_key=KEY, api_url=base)
        assert [client.scrape(site.url(f"/p/{n}")).markdown for n in range(5)] == [
            markdown_of(f"Page {n}") for n in range(5)
        ]
    assert site.paths().count("/robots.txt") - before == 3  # crawls of 2, 2 and 1 requests, robots.txt read by each


def test_wait_for_lets_a_pages_timers_run_longer(site):
    options = ApiOptions(javascript="inline", fetch=ServerOptions(allow_private=True, timeout=20))
    with running_api(options) as base:
        client = Firecrawl(api_key=KEY, api_url=base)
        assert client.scrape(site.url("/late")).markdown == ""  # the default second of timers
        late = client.scrape(site.url("/late"), wait_for=2000)
    assert late.markdown == "# Late article\n\nWritten by a timer after one and a half seconds."
    assert late.warning is None


def test_wait_for_without_javascript_is_ignored_with_a_warning(api, site):
    body = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/p/3"), "waitFor": 2000}).json()
    assert body["data"]["markdown"] == markdown_of("Page 3")
    assert (
        body["data"]["warning"] == "waitFor needs a server started with --javascript inline or browser and was ignored"
    )


@pytest.mark.browser
def test_wait_for_in_the_browser_is_each_requests_own(site):
    options = ApiOptions(javascript="browser", fetch=ServerOptions(allow_private=True, timeout=30))
    with running_api(options) as base:
        client = Firecrawl(api_key=KEY, api_url=base)
        with ThreadPoolExecutor(2) as pool:
            waited, hurried = pool.map(
                lambda wait: client.scrape(site.url("/shown-late"), wait_for=wait, timeout=60000), [4000, 0]
            )
    assert waited.markdown == "# Shown late\n\nWaiting for the rest.\n\nShown after three seconds."
    assert hurried.markdown == "# Shown late\n\nWaiting for the rest."


def test_a_page_whose_caller_stopped_waiting_is_not_converted():
    """A caller's time bound runs out while the site holds its answer: when the answer comes, the page is not
    converted for nobody, and the crawl goes on serving the next caller."""
    release = threading.Event()
    received = threading.Event()

    def held(rec: RecordedRequest) -> tuple[int, dict[str, str], bytes]:
        release.wait(30)
        return 200, {}, ARTICLE.format(title="Held").encode()

    def noted(response: object, **_: object) -> None:
        if getattr(response, "url", "").endswith("/held"):
            received.set()

    async def scenario(site: TestServer) -> tuple[str, dict]:
        pages = page_crawl.PageCrawls(crawl.project_settings({"WEB2MD_OUTPUT_DIR": "", "WEB2MD_FORMATS": ""}))
        try:
            first = await pages.fetch(site.url("/p/0"))  # opens the crawl
            stats = pages.crawls[False].crawler.stats
            pages.crawls[False].crawler.signals.connect(noted, signal=signals.response_received)
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(pages.fetch(site.url("/held")), 0.5)
            release.set()
            assert await asyncio.to_thread(received.wait, 30)
            after = await pages.fetch(site.url("/p/1"))
        finally:
            await pages.close()  # once what is in flight is done: the held page's fate is known
        assert first.result.items[0]["markdown"] == markdown_of("Page 0")
        return after.result.items[0]["markdown"], stats.get_stats()

    with TestServer() as site:
        site.route("/robots.txt", "User-agent: *\n", headers={"Content-Type": "text/plain"})
        site.route("/held", handler=held)
        for n in range(2):
            site.route(f"/p/{n}", ARTICLE.format(title=f"Page {n}"))
        markdown, stats = asyncio.run(scenario(site))
    assert markdown == markdown_of("Page 1")
    assert stats.get("web2md/page_count") == 2  # the two pages whose callers waited
    assert stats.get("web2md/page_crawl/abandoned_count") == 1


@pytest.mark.parametrize(
    "line",
    [
        {"CONCURRENT_REQUESTS_PER_DOMAIN": 1},  # in its host's line in the downloader
        {"CONCURRENT_REQUESTS": 1},  # in the scheduler, before the downloader takes it
    ],
    ids=["host-line", "scheduler"],
)
def test_a_request_whose_caller_stopped_waiting_in_line_is_never_sent(line):
    """A request waits behind one the site holds; its caller's time bound runs out: the site never sees it, and
    the next caller is served."""
    release = threading.Event()
    holding = threading.Event()

    def held(rec: RecordedRequest) -> tuple[int, dict[str, str], bytes]:
        holding.set()
        release.wait(30)
        return 200, {}, ARTICLE.format(title="Held").encode()

    async def scenario(site: TestServer) -> tuple[str, str, dict]:
        settings = crawl.project_settings({"WEB2MD_OUTPUT_DIR": "", "WEB2MD_FORMATS": "", **line})
        pages = page_crawl.PageCrawls(settings)
        try:
            await pages.fetch(site.url("/p/0"))  # opens the crawl
            stats = pages.crawls[False].crawler.stats
            first = asyncio.ensure_future(pages.fetch(site.url("/held")))
            assert await asyncio.to_thread(holding.wait, 30)
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(pages.fetch(site.url("/queued")), 0.3)
            release.set()
            held_page = await first
            after = await pages.fetch(site.url("/p/1"))
        finally:
            await pages.close()
        return held_page.result.items[0]["markdown"], after.result.items[0]["markdown"], stats.get_stats()

    with TestServer() as site:
        site.route("/robots.txt", "User-agent: *\n", headers={"Content-Type": "text/plain"})
        site.route("/held", handler=held)
        site.route("/queued", ARTICLE.format(title="Queued"))
        for n in range(2):
            site.route(f"/p/{n}", ARTICLE.format(title=f"Page {n}"))
        held_markdown, markdown, stats = asyncio.run(scenario(site))
        paths = [r.path for r in site.requests]
    assert (held_markdown, markdown) == (markdown_of("Held"), markdown_of("Page 1"))
    assert paths == ["/robots.txt", "/p/0", "/held", "/p/1"]
    assert stats.get("web2md/page_crawl/withdrawn_count") == 1
    assert stats.get("web2md/page_count") == 3
