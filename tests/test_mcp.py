"""`web2md mcp` through the official `mcp` client over stdio: tools, slices, crawl + grep, errors, address safety."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.server import TestServer
from tests.test_documents import REPORT, REPORT_MARKDOWN
from web2md import convert
from web2md.middlewares.netguard import non_public_kind

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}

LONG = (
    "<html lang='en'><head><title>The long page</title>"
    "<meta name='description' content='Many numbered paragraphs.'>"
    "<meta name='author' content='Ada Lovelace'></head><body><nav><a href='/'>Home</a></nav><main>"
    "<h1>The long page</h1>"
    + "".join(
        f"<h2>Part {n}</h2><p>Paragraph {n} of the long page says something about engines, "
        f"numbers and the analytical <em>art</em> of calculation.</p>"
        for n in range(120)
    )
    + "</main></body></html>"
)


def page(title: str, body: str, links: tuple[str, ...] = ()) -> str:
    anchors = "".join(f'<li><a href="{href}">{href}</a></li>' for href in links)
    return (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>{body}"
        f"<ul>{anchors}</ul></main></body></html>"
    )


SITE = {
    "/site/": page(
        "Site home",
        "<p>Welcome to the small test site for the crawler and grep tools.</p>",
        ("/site/tea", "/site/coffee"),
    ),
    "/site/tea": page(
        "Tea",
        "<p>Green tea is steeped at eighty degrees for two minutes.</p>"
        "<p>Black tea wants boiling water.</p><p>A needle of pine in the cup.</p>",
    ),
    "/site/coffee": page("Coffee", "<p>Espresso is pressed at nine bars.</p><p>Filter coffee drips slowly.</p>"),
    "/unseen": page("Unseen", "<p>Nobody fetched this page before grep did; it holds a needle too.</p>"),
    "/broken/": page(
        "Broken links",
        "<p>Three of these links lead nowhere at all.</p>",
        ("/broken/zebra", "/broken/apple", "/broken/mango"),
    ),
    # 60 paragraphs, every third names a bee: context windows of 2 lines overlap
    "/bees": page("Bees", "".join(f"<p>Line {n}{' with a bee' if n % 3 == 0 else ''}.</p>" for n in range(60))),
}

SITEMAP = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>{base}/site/tea</loc><lastmod>2024-05-01</lastmod></url>
<url><loc>{base}/site/coffee</loc><lastmod>2024-06-02T10:00:00Z</lastmod></url>
</urlset>"""

FEED = """<?xml version="1.0"?>
<rss version="2.0"><channel><title>Test feed</title><link>{base}/site/</link>
<item><title>First post</title><link>{base}/site/tea</link><pubDate>Wed, 01 May 2024 10:00:00 GMT</pubDate>
<description>About tea.</description></item>
<item><title>Second post</title><link>{base}/site/coffee</link><description>About coffee.</description></item>
</channel></rss>"""


@pytest.fixture(scope="module")
def site() -> Iterator[TestServer]:
    with TestServer() as srv:
        base = srv.url("").rstrip("/")
        srv.route("/long", LONG)
        for path, body in SITE.items():
            srv.route(path, body)
        srv.route("/sitemap.xml", SITEMAP.format(base=base), headers={"Content-Type": "application/xml"})
        srv.route("/feed.xml", FEED.format(base=base), headers={"Content-Type": "application/rss+xml"})
        srv.route("/file.zip", b"PK\x03\x04 binary", headers={"Content-Type": "application/zip"})
        srv.route("/report.pdf", REPORT, headers={"Content-Type": "application/pdf"})
        yield srv


ALLOWED_HOST = "127.0.0.2"  # loopback too, but let through by name: the start of a redirect to 127.0.0.1


@pytest.fixture(scope="module")
def allowed(site) -> Iterator[str]:
    """A server on 127.0.0.2 (which the strict MCP server lets through): a page, a slow page, a redirect to 127.0.0.1."""
    routes = {
        "/fine": (200, {}, page("Fine", "<p>An allowed host serves this page.</p>"), 0),
        "/slow": (200, {}, page("Slow", "<p>late</p>"), 6),
        "/to-loopback": (302, {"Location": site.url("/secret-redirected")}, "", 0),
    }

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            status, headers, body, delay = routes.get(self.path, (404, {}, "not found", 0))
            time.sleep(delay)
            data = body.encode()
            self.send_response(status)
            for name, value in {"Content-Type": "text/html; charset=utf-8", **headers}.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    try:
        httpd = ThreadingHTTPServer((ALLOWED_HOST, 0), Handler)
    except OSError as exc:
        pytest.skip(f"cannot listen on {ALLOWED_HOST} here ({exc})")
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://{ALLOWED_HOST}:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class McpSession:
    """A `web2md mcp` subprocess and an `mcp.Client` on it, driven from synchronous tests via a loop thread."""

    def __init__(self, *args: str) -> None:
        self.params = StdioServerParameters(
            command=sys.executable, args=["-m", "web2md.frontends.cli", "mcp", *args], cwd=str(ROOT), env=ENV
        )
        self.loop = asyncio.new_event_loop()
        self.client: Client | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)
        self._thread.start()
        if not self._ready.wait(60) or self._error is not None:
            raise RuntimeError(f"MCP server did not start: {self._error!r}")

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            async with Client(self.params) as client:
                self.client = client
                self._ready.set()
                await self._stop.wait()
        except BaseException as exc:  # reported by __init__
            self._error = exc
            self._ready.set()

    def run(self, coro: Any, timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def call(self, tool: str, arguments: dict[str, Any]) -> Any:
        assert self.client is not None
        return self.run(self.client.call_tool(tool, arguments))

    def close(self) -> None:
        if self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)


@pytest.fixture(scope="module")
def mcp() -> Iterator[McpSession]:
    session = McpSession("--allow-private")
    yield session
    session.close()


@pytest.fixture(scope="module")
def strict() -> Iterator[McpSession]:
    """No --allow-private; 127.0.0.2 is let through by name so a redirect hop can be tested; short calls."""
    session = McpSession("--allow-host", ALLOWED_HOST, "--timeout", "3")
    yield session
    session.close()


def text_of(result: Any) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


def assert_no_nulls(value: Any) -> None:
    if isinstance(value, dict):
        for item in value.values():
            assert item is not None
            assert_no_nulls(item)
    elif isinstance(value, list):
        for item in value:
            assert_no_nulls(item)


def test_tools_are_listed_with_input_and_output_schemas(mcp):
    tools = {tool.name: tool for tool in mcp.run(mcp.client.list_tools()).tools}
    assert set(tools) == {"web_fetch", "web_crawl", "web_grep", "web_sitemap", "web_feed"}
    for tool in tools.values():
        assert tool.description
        assert tool.input_schema["type"] == "object" and tool.input_schema["properties"]
        assert tool.output_schema and tool.output_schema["properties"]
    fetch = tools["web_fetch"].input_schema
    assert fetch["required"] == ["url"]
    assert {"url", "max_length", "start_index", "format", "main_content", "include_images", "exclude_selector"} <= set(
        fetch["properties"]
    )
    assert fetch["properties"]["max_length"]["default"] == 20000
    assert {"markdown", "text", "json"} <= set(fetch["properties"]["format"]["enum"])
    assert {"markdown", "start_index", "next_start_index", "total_length"} <= set(
        tools["web_fetch"].output_schema["properties"]
    )
    assert tools["web_grep"].input_schema["required"] == ["pattern"]
    assert {"url", "depth", "max_pages"} <= set(tools["web_crawl"].input_schema["properties"])


@pytest.mark.integration
def test_web_fetch_reads_a_pdf(mcp, site):
    result = mcp.call("web_fetch", {"url": site.url("/report.pdf"), "max_length": 1_000_000})
    assert not result.is_error, text_of(result)
    assert result.structured_content["markdown"] == REPORT_MARKDOWN
    assert result.structured_content["title"] == "Report 2024"


@pytest.mark.integration
def test_a_long_page_comes_in_slices_that_add_up_to_the_whole(mcp, site):
    url = site.url("/long")
    whole = mcp.call("web_fetch", {"url": url, "max_length": 1_000_000})
    assert not whole.is_error, text_of(whole)
    data = whole.structured_content
    expected = convert(LONG, url=url).markdown
    assert data["markdown"] == expected
    # text-only clients get the page's title, final URL, author and date above the Markdown
    assert text_of(whole) == (f"Title: The long page\nURL: {url}\nAuthor: Ada Lovelace\n\n---\n\n{expected}")
    assert data["total_length"] == len(expected) and data["start_index"] == 0
    assert "next_start_index" not in data
    assert data["title"] == "The long page" and data["author"] == "Ada Lovelace"
    assert data["description"] == "Many numbered paragraphs." and data["language"] == "en"
    assert data["status"] == 200 and data["final_url"] == url and data["word_count"] > 1000
    assert "links" not in data and "text" not in data  # the compact metadata by default
    assert_no_nulls(data)

    pieces, start, calls = [], 0, 0
    while True:
        result = mcp.call("web_fetch", {"url": url, "max_length": 4000, "start_index": start})
        assert not result.is_error, text_of(result)
        part = result.structured_content
        assert part["start_index"] == start and part["total_length"] == len(expected)
        pieces.append(part["markdown"])
        calls += 1
        if "next_start_index" not in part:
            assert text_of(result) == part["markdown"]
            break
        assert part["next_start_index"] == start + 4000
        assert f"start_index={part['next_start_index']}" in text_of(result)
        start = part["next_start_index"]
    assert calls == -(-len(expected) // 4000) >= 3
    assert "".join(pieces) == expected

    past = mcp.call("web_fetch", {"url": url, "start_index": len(expected) + 10})
    assert past.is_error and "past the end" in text_of(past)


@pytest.mark.integration
def test_fetch_formats_and_options(mcp, site):
    url = site.url("/long")
    text = mcp.call("web_fetch", {"url": url, "format": "text", "max_length": 200})
    assert not text.is_error and text.structured_content["format"] == "text"
    assert "**" not in text.structured_content["markdown"] and "#" not in text.structured_content["markdown"]
    as_json = mcp.call("web_fetch", {"url": url, "format": "json", "max_length": 1_000_000})
    assert json.loads(as_json.structured_content["markdown"])["title"] == "The long page"
    full = mcp.call("web_fetch", {"url": url, "full_metadata": True, "max_length": 10})
    assert full.structured_content["headings"][0]["text"] == "The long page"


@pytest.mark.integration
def test_crawl_then_grep_quotes_lines_of_the_rendering(mcp, site):
    start = site.url("/site/")
    result = mcp.call("web_crawl", {"url": start, "depth": 1, "max_pages": 10})
    assert not result.is_error, text_of(result)
    pages = result.structured_content["pages"]
    assert [p["url"] for p in pages] == [start, site.url("/site/coffee"), site.url("/site/tea")]
    assert [p["title"] for p in pages] == ["Site home", "Coffee", "Tea"]
    assert all(p["word_count"] > 0 for p in pages)
    assert pages[2]["excerpt"].startswith("Green tea is steeped")
    assert site.url("/site/tea") in text_of(result)

    grep = mcp.call(
        "web_grep", {"pattern": r"tea\b", "ignore_case": True, "context": 1, "urls": [site.url("/site/tea")]}
    )
    assert not grep.is_error, text_of(grep)
    tea = site.url("/site/tea")
    rendering = convert(SITE["/site/tea"], url=tea).markdown.split("\n")
    matches = grep.structured_content["matches"]
    assert [m["line"] for m in matches] == [
        n + 1 for n, line in enumerate(rendering) if re.search(r"tea\b", line, re.I)
    ]
    for match in matches:
        assert rendering[match["line"] - 1] == match["text"]
        for near in match.get("before", []) + match.get("after", []):
            assert rendering[near["line"] - 1] == near["text"]
    lines = text_of(grep).split("\n")
    assert f"{tea}:1:# Tea" in lines
    assert f"{tea}:3:Green tea is steeped at eighty degrees for two minutes." in lines
    assert f"{tea}-2-" in lines  # a context line
    # every remembered page is searched by default: the crawl's and the earlier fetches'
    everywhere = mcp.call("web_grep", {"pattern": "needle|nine bars"})
    found = [line for line in text_of(everywhere).split("\n")]
    assert f"{tea}:7:A needle of pine in the cup." in found
    assert f"{site.url('/site/coffee')}:3:Espresso is pressed at nine bars." in found


@pytest.mark.integration
def test_grep_merges_overlapping_context_and_bounds_what_it_returns(mcp, site):
    url = site.url("/bees")
    rendering = convert(SITE["/bees"], url=url).markdown.split("\n")
    hits = [n + 1 for n, line in enumerate(rendering) if "bee" in line]
    assert len(hits) == 20
    result = mcp.call("web_grep", {"pattern": "bee", "urls": [url], "context": 2})
    assert not result.is_error, text_of(result)
    lines = text_of(result).split("\n")
    numbers = [int(re.match(rf"{re.escape(url)}[:-](\d+)[:-]", line).group(1)) for line in lines if line != "--"]
    assert numbers == sorted(set(numbers))  # no line twice, in order
    assert [n for n, line in zip(numbers, [x for x in lines if x != "--"]) if line.startswith(f"{url}:")] == hits
    data = result.structured_content
    shown = [m["line"] for m in data["matches"]]
    assert shown == hits and "left_out" not in data
    carried = [g["line"] for m in data["matches"] for g in m["before"] + [m] + m["after"]]
    assert carried == sorted(set(carried))  # structured context is merged as well

    small = mcp.call("web_grep", {"pattern": "bee", "urls": [url], "context": 2, "max_chars": 400})
    data = small.structured_content
    assert 1 <= len(data["matches"]) < 20 and data["left_out"] == 20 - len(data["matches"])
    assert data["truncated"] is True
    assert len(text_of(small)) < 400 + 200
    assert text_of(small).endswith(
        f"[{data['left_out']} more matches left out (max_chars=400); "
        "narrow the pattern, pass urls, or raise the limit.]"
    )
    capped = mcp.call("web_grep", {"pattern": "bee", "urls": [url], "max_matches": 19})
    assert capped.structured_content["left_out"] == 1
    assert text_of(capped).endswith(
        "[1 more match left out (max_matches=19); narrow the pattern, pass urls, or raise the limit.]"
    )


@pytest.mark.integration
def test_crawl_lists_failures_in_url_order_every_time(mcp, site):
    start = site.url("/broken/")
    runs = [mcp.call("web_crawl", {"url": start, "depth": 1}) for _ in range(2)]
    assert text_of(runs[0]) == text_of(runs[1])
    failed = runs[0].structured_content["failed"]
    assert [f["url"] for f in failed] == [site.url(f"/broken/{name}") for name in ("apple", "mango", "zebra")]
    assert [line for line in text_of(runs[0]).split("\n") if line.startswith("!")] == [
        f"! HTTP 404 Not Found: {site.url(f'/broken/{name}')}" for name in ("apple", "mango", "zebra")
    ]


def test_sitemap_of_a_refused_host_says_refused(mcp):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = mcp.call("web_sitemap", {"url": f"http://127.0.0.1:{port}/"})
    assert result.is_error
    assert text_of(result) == (
        f"Error executing tool web_sitemap: connection refused: http://127.0.0.1:{port}/ "
        "(is the server running, on that port?)"
    )


@pytest.mark.integration
def test_grep_fetches_a_page_it_has_not_seen(mcp, site):
    url = site.url("/unseen")
    before = site.paths().count("/unseen")
    result = mcp.call("web_grep", {"pattern": "needle", "urls": [url]})
    assert not result.is_error, text_of(result)
    assert text_of(result) == f"{url}:3:Nobody fetched this page before grep did; it holds a needle too."
    assert site.paths().count("/unseen") == before + 1
    again = mcp.call("web_grep", {"pattern": "needle", "urls": [url]})
    assert text_of(again) == text_of(result) and site.paths().count("/unseen") == before + 1
    none = mcp.call("web_grep", {"pattern": "zebra", "urls": [url]})
    assert not none.is_error and none.structured_content["matches"] == []


@pytest.mark.integration
def test_sitemap_and_feed(mcp, site):
    listing = mcp.call("web_sitemap", {"url": site.url("/sitemap.xml")})
    assert not listing.is_error, text_of(listing)
    assert listing.structured_content["urls"] == [
        {"url": site.url("/site/tea"), "lastmod": "2024-05-01"},
        {"url": site.url("/site/coffee"), "lastmod": "2024-06-02T10:00:00Z"},
    ]
    assert f"{site.url('/site/tea')} 2024-05-01" in text_of(listing)
    feed = mcp.call("web_feed", {"url": site.url("/feed.xml")})
    assert not feed.is_error, text_of(feed)
    data = feed.structured_content
    assert data["feed_title"] == "Test feed"
    assert [e["title"] for e in data["entries"]] == ["First post", "Second post"]
    assert data["entries"][0]["url"] == site.url("/site/tea")
    assert data["entries"][0]["published_date"].startswith("2024-05-01")
    assert "First post" in text_of(feed)


@pytest.mark.integration
@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"url": "/missing"}, "HTTP 404"),
        ({"url": "not a url"}, "invalid URL"),
        ({"url": "file:///etc/passwd"}, "invalid URL"),
        ({"url": "ftp://example.com/x"}, "invalid URL"),
        ({"url": "/file.zip"}, "cannot read application/zip"),
        ({"url": "/long", "max_length": 0}, "max_length"),
        ({"url": "/long", "format": "docx"}, "format"),
        ({"url": "/long", "exclude_selector": ["div >"]}, "exclude_selector"),
        ({"url": "http://no-such-host.invalid/"}, "cannot resolve host"),
    ],
)
def test_bad_arguments_and_failed_fetches_are_one_line_tool_errors(mcp, site, arguments, message):
    if arguments["url"].startswith("/"):
        arguments = dict(arguments, url=site.url(arguments["url"]))
    result = mcp.call("web_fetch", arguments)
    assert result.is_error
    text = text_of(result)
    assert message in text and "\n" not in text and "Traceback" not in text
    if message == "HTTP 404":
        assert arguments["url"] in text
    # the server is still there
    assert not mcp.call("web_fetch", {"url": site.url("/site/"), "max_length": 50}).is_error


def test_grep_argument_errors(mcp):
    bad = mcp.call("web_grep", {"pattern": "(unclosed", "urls": ["http://127.0.0.1:9/"]})
    assert bad.is_error and "invalid pattern" in text_of(bad)
    empty = mcp.call("web_grep", {"pattern": ""})
    assert empty.is_error


def loopback_name() -> str | None:
    """A host name other than `localhost` that resolves to loopback only, if this machine has one."""
    for name in (socket.gethostname(), socket.getfqdn()):
        try:
            addresses = {info[4][0] for info in socket.getaddrinfo(name, None)}
        except OSError:
            continue
        if name != "localhost" and addresses and all(ipaddress.ip_address(a).is_loopback for a in addresses):
            return name
    return None


@pytest.mark.integration
@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]", "2130706433", "machine-name"])
def test_without_allow_private_loopback_addresses_are_refused(strict, site, host):
    if host == "machine-name":
        host = loopback_name()
        if host is None:
            pytest.skip("this machine's host name does not resolve to a loopback address offline")
    path = f"/secret-{host.strip('[]').replace(':', '-')}"
    url = f"http://{host}:{site.port}{path}"
    result = strict.call("web_fetch", {"url": url})
    assert result.is_error
    text = text_of(result)
    assert "refused" in text and "loopback" in text and "--allow-private" in text and "\n" not in text
    if host not in ("127.0.0.1", "[::1]"):
        assert f"refused: {host} resolves to 127.0.0.1" in text
    assert path not in site.paths()
    crawl = strict.call("web_crawl", {"url": url})
    assert crawl.is_error and "refused" in text_of(crawl)
    assert path not in site.paths()


@pytest.mark.parametrize(
    "host, kind",
    [
        ("169.254.169.254", "cloud metadata"),
        ("[fd00:ec2::254]", "cloud metadata"),
        ("10.1.2.3", "private"),
        ("192.168.0.1", "private"),
        ("172.16.5.4", "private"),
        ("100.64.0.1", "carrier-grade NAT"),
        ("169.254.1.1", "link-local"),
        ("[fe80::1]", "link-local"),
        ("[::ffff:127.0.0.1]", "loopback"),
        ("0.0.0.0", "unspecified"),
    ],
)
def test_without_allow_private_other_non_public_addresses_are_refused(strict, host, kind):
    # refused before any connection is tried, so these addresses need not exist
    result = strict.call("web_fetch", {"url": f"http://{host}/latest/meta-data/"})
    article = "an" if kind[0] in "aeiou" else "a"
    assert result.is_error and f"refused: {host.strip('[]')} is {article} {kind}" in text_of(result)


def test_address_classification():
    assert non_public_kind("8.8.8.8") is None and non_public_kind("2606:4700:4700::1111") is None
    assert non_public_kind("64:ff9b::a9fe:a9fe") == "cloud metadata"  # NAT64 form of 169.254.169.254
    assert non_public_kind("100.100.100.200") == "cloud metadata"
    assert non_public_kind("127.255.255.254") == "loopback"
    assert non_public_kind("fc00::1") == "unique local"
    assert non_public_kind("224.0.0.1") == "multicast"
    assert non_public_kind("198.51.100.7") == "reserved"


@pytest.mark.integration
def test_every_redirect_hop_is_checked(strict, site, allowed):
    # 127.0.0.2 passes by name (--allow-host); its redirect to 127.0.0.1 does not
    fine = strict.call("web_fetch", {"url": f"{allowed}/fine"})
    assert not fine.is_error, text_of(fine)
    assert fine.structured_content["title"] == "Fine"
    result = strict.call("web_fetch", {"url": f"{allowed}/to-loopback"})
    assert result.is_error
    assert text_of(result).endswith(
        "refused: 127.0.0.1 is a loopback address (start the server with --allow-private to allow it): "
        f"{site.url('/secret-redirected')} (redirected from {allowed}/to-loopback)"
    )
    assert "/secret-redirected" not in site.paths()


@pytest.mark.integration
def test_each_call_is_time_bound(strict, allowed):
    started = time.monotonic()
    result = strict.call("web_fetch", {"url": f"{allowed}/slow"})
    assert result.is_error and "timed out" in text_of(result)
    assert time.monotonic() - started < 5.5


@pytest.mark.integration
def test_stdout_carries_only_json_rpc(site):
    """A raw session: every line the server writes to stdout is a JSON-RPC message, even around failures."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "web2md.frontends.cli", "mcp", "--allow-private", "-v"],
        cwd=ROOT,
        env=dict(os.environ, **ENV),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    stderr: list[str] = []
    threading.Thread(target=lambda: stderr.extend(proc.stderr), daemon=True).start()

    def send(message: dict[str, Any]) -> None:
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()

    def reply(id_: int) -> dict[str, Any]:
        while True:
            message = json.loads(lines.get(timeout=60))
            assert message["jsonrpc"] == "2.0"
            if message.get("id") == id_:
                return message

    try:
        send(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "raw", "version": "0"},
                },
            }
        )
        assert reply(1)["result"]["serverInfo"]["name"] == "web2md"
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        for id_, path in ((2, "/missing"), (3, "/site/tea")):
            send(
                {
                    "jsonrpc": "2.0",
                    "id": id_,
                    "method": "tools/call",
                    "params": {"name": "web_fetch", "arguments": {"url": site.url(path)}},
                }
            )
            result = reply(id_)["result"]
            assert result["isError"] is (path == "/missing")
    finally:
        proc.stdin.close()
        proc.wait(30)
    while not lines.empty():
        assert json.loads(lines.get())["jsonrpc"] == "2.0"
    assert any("404" in line for line in stderr)  # -v logs the crawl on stderr, not stdout
