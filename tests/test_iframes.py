"""Iframe inlining: fetched through the downloader middlewares, spliced into the page tree, failures omitted."""

from __future__ import annotations

import threading

import pytest

from tests.mw_harness import run_crawl
from tests.server import TestServer
from web2md.middlewares.limits import failure_count

pytestmark = pytest.mark.integration

PAGE = """<html><body>
<h1>Host page</h1>
<p>Before the frames.</p>
<iframe src="/frames/ok.html"></iframe>
<iframe src="/ads/frame.html"></iframe>
<iframe src="/frames/missing.html"></iframe>
<iframe src="/frames/slow.html"></iframe>
<iframe src="javascript:void(0)"></iframe>
<iframe>no source</iframe>
<p>After the frames.</p>
</body></html>"""

OK_FRAME = """<html><head><title>frame</title></head><body>
<p>Inside the frame with a <a href="detail.html">relative link</a>.</p>
</body></html>"""


def test_iframes_are_inlined_blacklisted_and_failed_ones_omitted():
    with TestServer() as srv:
        srv.route("/", PAGE)
        srv.route("/frames/ok.html", OK_FRAME)
        srv.route("/ads/frame.html", "<p>ADVERT</p>")
        srv.route("/frames/slow.html", "<p>too late</p>", delay=3)
        result = run_crawl([srv.url("/")], {"DOWNLOAD_TIMEOUT": 1}, iframes=True)
        paths = srv.paths()
    [item] = result.items
    assert item["inlined"] == 1
    md = item["markdown"]
    assert md.index("Before the frames.") < md.index("Inside the frame") < md.index("After the frames.")
    assert f"[relative link]({srv.url('/frames/detail.html')})" in md
    assert "ADVERT" not in md and "too late" not in md and "no source" not in md
    assert "/ads/frame.html" not in paths  # blacklisted: never requested
    assert "/frames/missing.html" in paths and "/frames/slow.html" in paths
    # a failed iframe is omitted silently: no failed page, no warning
    assert failure_count(result.stats) == 0
    assert result.failures == []
    assert not [line for line in result.log if line.startswith(("WARNING", "ERROR"))]
    assert result.stat("web2md/iframe/failed") == 2
    assert result.stat("web2md/iframe/refused") == 1
    assert result.stat("web2md/blacklisted") == 1


def test_nested_iframes_are_bounded():
    with TestServer() as srv:
        srv.route("/", '<p>level 0</p><iframe src="/l1"></iframe>')
        srv.route("/l1", '<p>level 1</p><iframe src="/l2"></iframe>')
        srv.route("/l2", '<p>level 2</p><iframe src="/l3"></iframe>')
        srv.route("/l3", '<p>level 3</p><iframe src="/"></iframe>')
        result = run_crawl([srv.url("/")], {"WEB2MD_IFRAME_DEPTH": 2}, iframes=True)
        paths = srv.paths()
    [item] = result.items
    assert item["markdown"] == "level 0\n\nlevel 1\n\nlevel 2"
    assert [p for p in paths if p != "/robots.txt"] == ["/", "/l1", "/l2"]


def test_iframes_can_be_switched_off():
    with TestServer() as srv:
        srv.route("/", '<p>page</p><iframe src="/f"></iframe>')
        srv.route("/f", "<p>frame</p>")
        result = run_crawl([srv.url("/")], {"WEB2MD_IFRAMES": False}, iframes=True)
        paths = srv.paths()
    assert result.items[0]["markdown"] == "page"
    assert "/f" not in paths


def test_page_spider_inlines_iframes_through_the_extract_pipeline():
    with TestServer() as srv:
        srv.route(
            "/",
            '<html><body><h1>Host</h1><p>Host text here.</p><iframe src="/embed"></iframe>'
            '<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe></body></html>',
        )
        srv.route("/embed", "<html><body><p>Embedded paragraph from the frame.</p></body></html>")
        srv.route("/ads/landing", "<p>explicitly requested ad page</p>")
        result = run_crawl(
            spider="page", spider_args={"url": f"{srv.url('/')} {srv.url('/ads/landing')}", "output": ""}
        )
        paths = srv.paths()
    by_url = {i["url"]: i for i in result.items}
    assert "Embedded paragraph from the frame." in by_url[srv.url("/")]["markdown"]
    # an explicitly requested URL is fetched even though /ads/ is blacklisted
    assert "explicitly requested ad page" in by_url[srv.url("/ads/landing")]["markdown"]
    assert sorted(paths) == ["/", "/ads/landing", "/embed", "/robots.txt"]
    assert result.stat("web2md/iframe/inlined") == 1
    assert result.stat("web2md/iframe/refused") == 1  # the tag manager iframe: blacklisted host


def test_an_iframe_that_declares_no_charset_is_decoded_like_the_page():
    """Latin-1 bytes with no charset anywhere: Scrapy guesses a code page, web2md reads Windows-1252."""
    with TestServer() as srv:
        srv.route("/", '<p>Host</p><iframe src="/frame"></iframe>', headers={"Content-Type": "text/html"})
        srv.route("/frame", "<p>Café, naïve façade, Größe</p>".encode("latin-1"), headers={"Content-Type": "text/html"})
        result = run_crawl([srv.url("/")], {}, iframes=True)
    [item] = result.items
    assert item["markdown"] == "Host\n\nCafé, naïve façade, Größe"


def test_an_iframe_that_never_answers_or_cannot_connect_is_given_up_after_the_iframe_timeout():
    answer = threading.Event()  # set once the crawl is over: until then the slow iframe never answers

    def never(_request):
        answer.wait(60)
        return 200, {"Content-Type": "text/html"}, b"<p>too late</p>"

    with TestServer() as srv, TestServer() as silent:
        srv.route(
            "/",
            '<html><body><p>Page text.</p><iframe src="/frame"></iframe>'
            f'<iframe src="{silent.url("/silent")}"></iframe>'
            '<iframe src="http://127.0.0.1:1/refused"></iframe>'
            '<iframe src="http://web2md-test.invalid/unresolvable"></iframe></body></html>',
        )
        srv.route("/frame", "<p>Frame text.</p>")
        silent.route("/silent", handler=never)
        try:
            result = run_crawl(
                spider="page",
                spider_args={"url": srv.url("/"), "output": ""},
                settings={"WEB2MD_IFRAME_TIMEOUT": 1, "DOWNLOAD_TIMEOUT": 60},
            )
        finally:
            answer.set()
    [item] = result.items
    assert item["markdown"] == "Page text.\n\nFrame text."
    assert result.stat("web2md/iframe/inlined") == 1
    assert result.stat("web2md/iframe/failed") == 3
    assert result.failures == []


def test_the_iframes_of_a_page_are_fetched_side_by_side():
    # each iframe answers only once all three were asked for: one at a time, none would be inlined
    barrier = threading.Barrier(3, timeout=20)

    def together(request):
        barrier.wait()
        return 200, {"Content-Type": "text/html"}, f"<p>Frame {request.path[-1]}.</p>".encode()

    with TestServer() as srv:
        srv.route("/", '<p>Page.</p><iframe src="/f1"></iframe><iframe src="/f2"></iframe><iframe src="/f3"></iframe>')
        for n in (1, 2, 3):
            srv.route(f"/f{n}", handler=together)
        result = run_crawl(
            spider="page", spider_args={"url": srv.url("/"), "output": ""}, settings={"WEB2MD_IFRAME_TIMEOUT": 30}
        )
    [item] = result.items
    assert item["markdown"] == "Page.\n\nFrame 1.\n\nFrame 2.\n\nFrame 3."


def test_an_iframe_source_is_fetched_once_per_crawl():
    with TestServer() as srv:
        pages = [f"/p{n}" for n in range(6)]
        for n, path in enumerate(pages):
            srv.route(path, f'<p>Page {n}.</p><iframe src="/widget"></iframe><iframe src="/widget#again"></iframe>')
        srv.route("/widget", "<p>Widget.</p>")
        result = run_crawl(spider="page", spider_args={"url": " ".join(srv.url(p) for p in pages), "output": ""})
        paths = srv.paths()
    assert sorted(item["markdown"] for item in result.items) == [f"Page {n}.\n\nWidget.\n\nWidget." for n in range(6)]
    assert paths.count("/widget") == 1
    assert result.stat("web2md/iframe/inlined") == 12


def test_pages_waiting_for_a_slow_iframe_host_do_not_stop_the_crawl():
    # A site crawl of 40 pages of 400 kB, half of them with an iframe on a host that answers nothing
    # (robots.txt included) until all 40 pages were asked for. Scrapy stops fetching while the responses being
    # processed exceed SCRAPER_SLOT_MAX_ACTIVE_SIZE; at its default (5 MB) the 20 pages waiting for their
    # iframes held up the rest until the iframe host answered, here only when it gives up waiting. web2md lets
    # 16 MiB wait, so all 40 are fetched while the host is silent. (Concurrency 24 leaves room for the 20
    # iframe requests beside the pages, whatever the order: a full downloader is not what this is about.)
    filler = "<p>" + "A sentence of the page that waits for its iframe. " * 40 + "</p>"
    pages = 40
    all_pages_asked = threading.Event()
    asked: set[str] = set()
    lock = threading.Lock()
    waits: list[bool] = []  # per answer of the iframe host: whether every page had been asked for before it

    def page(request):
        with lock:
            asked.add(request.path)
            if len(asked) == pages:
                all_pages_asked.set()
        n = int(request.path[2:])
        frame = f'<iframe src="{slow.url(f"/frame{n}")}"></iframe>' if n % 2 == 0 else ""
        return (
            200,
            {"Content-Type": "text/html"},
            f"<html><body><h1>Page {n}</h1>{filler * 200}{frame}</body></html>".encode(),
        )

    def silent_until_all_pages_asked(request):
        waits.append(all_pages_asked.wait(timeout=20))
        return 200, {"Content-Type": "text/html"}, b"<p>Frame.</p>"

    with TestServer() as srv, TestServer() as slow:
        for path in ("/robots.txt", *(f"/frame{n}" for n in range(0, pages, 2))):
            slow.route(path, handler=silent_until_all_pages_asked)
        for n in range(pages):
            srv.route(f"/p{n}", handler=page)
        srv.route(
            "/", "<html><body>" + "".join(f'<a href="/p{n}">Page {n}</a> ' for n in range(pages)) + "</body></html>"
        )
        result = run_crawl(
            spider="site",
            spider_args={"url": srv.url("/"), "depth": "1", "output": "", "dedupe": "off"},
            settings={"WEB2MD_IFRAME_TIMEOUT": 60, "CONCURRENT_REQUESTS": 24, "CONCURRENT_REQUESTS_PER_DOMAIN": 24},
        )
    assert len(result.items) == pages + 1
    assert len(asked) == pages
    assert len(filler) * 200 > 400_000
    assert len(waits) == pages // 2 + 1 and all(waits)  # the iframe host never had to give up waiting for the pages
    assert result.stat("web2md/iframe/inlined") == pages // 2
