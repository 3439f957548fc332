"""``--browser``: pages load in the system's headless Chromium through scrapy-playwright (see
docs/design.md#javascript).

Against local servers: a single-page application whose ``src=`` script fetches
its article from a JSON endpoint, ``--wait-for`` and ``--wait``, a script that
calls a blacklisted URL, scripts and redirects that lead to 127.0.0.1 while the
network guard is on, a browser killed in the middle of a page, and the MCP
``web_fetch`` tool. Skipped when no Chromium is installed (`.ci/run` installs
Debian's chromium-headless-shell).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import suppress
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.browser.chromium import BrowserMissing, check_browser, find_chromium

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))

try:
    CHROMIUM = check_browser()
except BrowserMissing:
    CHROMIUM = ""  # the tests marked `browser` are skipped (tests/conftest.py)

SPA = """<html><head><title>Timetable</title><script src="/static/app.js"></script></head>
<body><div id="app"><p>Loading…</p></div></body></html>"""
APP_JS = """fetch('/api/article.json').then(r => r.json()).then(a => {
  document.getElementById('app').innerHTML = '<article><h1>' + a.title + '</h1><p>' + a.body + '</p></article>';
});"""
ARTICLE = {"title": "Ferries", "body": "The first ferry leaves the quay at nine."}
SPA_MARKDOWN = "# Ferries\n\nThe first ferry leaves the quay at nine."

LATE = """<html><head><title>Late</title></head><body><main><p>Waiting.</p></main>
<script>setTimeout(() => { document.querySelector('main').insertAdjacentHTML('beforeend',
  '<p id="late">Shown after two seconds.</p>'); }, 2000);</script></body></html>"""

TRACKED = """<html><head><title>Tracked</title></head><body><main><h1>Tracked</h1><p id="p">Text.</p></main>
<script>fetch('/ads/pixel.js').then(r => r.text()).then(t => { document.getElementById('p').textContent = t; });
</script></body></html>"""


def markdown_of(result: crawl.CrawlResult) -> dict[str, str]:
    return {item["final_url"]: item["markdown"] for item in result.items}


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        srv.route("/spa", SPA)
        srv.route("/static/app.js", APP_JS, headers={"Content-Type": "text/javascript"})
        srv.route("/api/article.json", json.dumps(ARTICLE), headers={"Content-Type": "application/json"})
        srv.route("/late", LATE)
        srv.route("/tracked", TRACKED)
        srv.route("/ads/pixel.js", "Tracked by an ad server.", headers={"Content-Type": "text/javascript"})
        srv.route("/notes.txt", "Plain notes, not HTML.", headers={"Content-Type": "text/plain; charset=utf-8"})
        srv.route("/secret", "<html><body><p>The secret.</p></body></html>")
        yield srv


@pytest.mark.integration
def test_a_missing_chromium_names_the_debian_package(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("WEB2MD_CHROMIUM", raising=False)
    with pytest.raises(BrowserMissing, match="install the Debian package chromium-headless-shell"):
        find_chromium()
    with pytest.raises(BrowserMissing, match="WEB2MD_CHROMIUM=/no/such/chromium is not an executable"):
        find_chromium("/no/such/chromium")
    done = subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", "fetch", "--browser", "http://127.0.0.1:9/"],
        env={**ENV, "PATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith(
        "web2md: --browser needs Chromium: install the Debian package chromium-headless-shell"
    )


@pytest.mark.integration
def test_wait_for_needs_browser():
    done = subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", "fetch", "--wait-for", "#x", "http://127.0.0.1:9/"],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (2, "web2md: --wait-for needs --browser\n")


@pytest.mark.browser
def test_chromium_is_found_on_path_or_by_setting(tmp_path):
    assert find_chromium() == CHROMIUM
    assert find_chromium(CHROMIUM) == CHROMIUM


@pytest.mark.integration
@pytest.mark.browser
def test_a_single_page_application_is_converted_only_in_the_browser(server):
    urls = f"{server.url('/spa')} {server.url('/notes.txt')}"
    browsed = crawl.run("page", url=urls, output="", browser="1")
    assert markdown_of(browsed) == {
        server.url("/spa"): SPA_MARKDOWN,
        server.url("/notes.txt"): "Plain notes, not HTML.",
    }
    stats = browsed.stats
    # one browser; each page closed after use; the text file's bytes came from the server, not Chromium's viewer
    assert stats["playwright/browser_count"] == 1
    assert stats["playwright/page_count"] == stats["playwright/page_count/closed"] == 2
    plain = crawl.run("page", url=server.url("/spa"), output="")
    assert markdown_of(plain) == {server.url("/spa"): "Loading…"}
    # robots.txt is fetched by Scrapy's own handler, only pages by the browser
    assert stats["downloader/response_count"] == 3 and stats.get("playwright/request_count/resource_type/document") == 2


@pytest.mark.integration
@pytest.mark.browser
def test_wait_for_and_wait(server):
    url = server.url("/late")
    settled = crawl.run("page", url=url, output="", browser="1")
    assert markdown_of(settled) == {url: "Waiting."}
    selector = crawl.run("page", url=url, output="", browser="1", wait_for="#late")
    assert markdown_of(selector) == {url: "Waiting.\n\nShown after two seconds."}
    waited = crawl.run("page", {"WEB2MD_BROWSER": True}, url=url, output="", wait="2500")
    assert markdown_of(waited) == {url: "Waiting.\n\nShown after two seconds."}


@pytest.mark.integration
@pytest.mark.browser
def test_the_browsers_requests_obey_the_blacklist(server):
    before = len([r for r in server.requests if r.path == "/ads/pixel.js"])
    result = crawl.run("page", url=server.url("/tracked"), output="", browser="1")
    assert markdown_of(result) == {server.url("/tracked"): "# Tracked\n\nText."}
    assert result.stats["web2md/browser/blocked"] == 1
    assert len([r for r in server.requests if r.path == "/ads/pixel.js"]) == before
    unblocked = crawl.run("page", url=server.url("/tracked"), output="", browser="1", no_blacklist="1")
    assert markdown_of(unblocked) == {server.url("/tracked"): "# Tracked\n\nTracked by an ad server."}


@pytest.fixture(scope="module")
def other_host(server):
    """Pages on 127.0.0.2, let through by name while the guard refuses loopback: their scripts and
    redirects lead to the secret on 127.0.0.1."""
    try:
        srv = TestServer("127.0.0.2").__enter__()
    except OSError as exc:
        pytest.skip(f"cannot listen on 127.0.0.2 here ({exc})")
    secret = server.url("/secret")
    srv.route(
        "/navigates",
        f"""<html><head><title>Navigates</title></head><body><main><h1>Navigates</h1>
<p>Stays here.</p></main><script>location.href = '{secret}?by=script';</script></body></html>""",
    )
    srv.route(
        "/calls",
        f"""<html><head><title>Calls</title></head><body><main><h1>Calls</h1>
<p id="p">Nothing fetched.</p></main><script>fetch('{secret}?by=fetch', {{mode: 'no-cors'}})
.then(() => {{ document.getElementById('p').textContent = 'Fetched.'; }});</script></body></html>""",
    )
    srv.route("/to-loopback", status=302, headers={"Location": f"{secret}?by=redirect"})
    srv.route(
        "/redirects",
        """<html><head><title>Redirects</title></head><body><main><h1>Redirects</h1>
<p id="p">Nothing fetched.</p></main><script>fetch('/to-loopback').then(r => r.text())
.then(t => { document.getElementById('p').textContent = t; });</script></body></html>""",
    )
    yield srv
    srv.__exit__(None, None, None)


GUARDED = {"WEB2MD_NETGUARD_ENABLED": True, "WEB2MD_NETGUARD_ALLOWED_HOSTS": ["127.0.0.2"]}


@pytest.mark.integration
@pytest.mark.browser
def test_the_guard_refuses_what_scripts_and_redirects_lead_to(server, other_host):
    pages = [other_host.url(p) for p in ("/navigates", "/calls", "/redirects", "/to-loopback")]
    result = crawl.run("page", GUARDED, url=" ".join(pages), output="", browser="1")
    # a refused fetch leaves the page as it was; a page led to a refused address fails with the reason
    assert markdown_of(result) == {pages[1]: "# Calls\n\nNothing fetched.", pages[2]: "# Redirects\n\nNothing fetched."}
    refusal = "refused: 127.0.0.1 is a loopback address (start the server with --allow-private to allow it): "
    assert result.sorted_failures() == [
        {
            "url": pages[0],
            "final_url": pages[0],
            "status": None,
            "reason": f"{refusal}{server.url('/secret')}?by=script",
        },
        {
            "url": pages[3],
            "final_url": pages[3],
            "status": None,
            "reason": f"{refusal}{server.url('/secret')}?by=redirect",
        },
    ]
    assert not [r for r in server.requests if r.path.startswith("/secret")]
    # the script's navigation and fetch are refused in the route, the two redirect hops by the proxy
    assert result.stats["web2md/browser/refused"] == 4


def chromium_processes() -> list[int]:
    """The Chromium processes this test process started (through Playwright's driver)."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                names[int(entry.name)] = (entry / "comm").read_text().strip()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])

    def descends(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == os.getpid():
                return True
        return False

    return [pid for pid, name in names.items() if "chrom" in name and descends(pid)]


@pytest.mark.integration
@pytest.mark.browser
def test_a_crashed_browser_fails_its_page_once_and_is_started_again(server):
    server.route("/hangs", "<html><body><p>Never settles.</p></body></html>")
    killed: list[int] = []

    def kill_when_loading() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not killed:
            if any(r.path == "/hangs" for r in server.requests):
                for pid in chromium_processes():
                    with suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                        killed.append(pid)
            time.sleep(0.05)

    killer = threading.Thread(target=kill_when_loading, daemon=True)
    killer.start()
    # the first page waits for an element that never comes, the browser is killed meanwhile; the second page
    # is requested after it (one at a time) in a new browser
    result = crawl.run(
        "page",
        # the second page waits out DOWNLOAD_TIMEOUT for the element: 8 s rather than the default 30
        {"CONCURRENT_REQUESTS": 1, "WEB2MD_BROWSER_PAGES": 1, "DOWNLOAD_TIMEOUT": 8},
        output="",
        browser="1",
        wait_for="#never",
        url=f"{server.url('/hangs')} {server.url('/spa')}",
    )
    killer.join()
    assert killed
    assert result.stats["web2md/failed/browser_crashed"] == 1
    assert [f["url"] for f in result.failures] == [server.url("/hangs")]
    assert markdown_of(result) == {server.url("/spa"): SPA_MARKDOWN}
    assert result.stats["playwright/browser_count"] == 2


@pytest.mark.integration
@pytest.mark.browser
def test_web2md_fetch_and_scrapy_crawl_with_the_browser(server, tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", "fetch", "--browser", server.url("/spa")],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, SPA_MARKDOWN + "\n", "")
    env = dict(ENV, SCRAPY_SETTINGS_MODULE="web2md.settings")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "scrapy",
            "crawl",
            "page",
            "-a",
            f"url={server.url('/late')}",
            "-a",
            "browser=1",
            "-a",
            "wait_for=#late",
            "-O",
            "pages.jsonl",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    pages = [json.loads(line) for line in (tmp_path / "pages.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [p["markdown"] for p in pages] == ["Waiting.\n\nShown after two seconds."]


@pytest.mark.integration
@pytest.mark.browser
def test_mcp_web_fetch_in_the_browser(server, other_host):
    from tests.test_mcp import McpSession, text_of

    session = McpSession("--allow-host", "127.0.0.2")
    try:
        tools = {tool.name: tool for tool in session.run(session.client.list_tools()).tools}
        assert tools["web_fetch"].input_schema["properties"]["javascript"]["enum"] == [
            "auto",
            "none",
            "inline",
            "browser",
        ]
        calls = session.call("web_fetch", {"url": other_host.url("/calls"), "javascript": "browser"})
        redirected = session.call("web_fetch", {"url": other_host.url("/to-loopback"), "javascript": "browser"})
    finally:
        session.close()
    assert calls.structured_content["markdown"] == "# Calls\n\nNothing fetched."
    assert redirected.is_error and "refused: 127.0.0.1 is a loopback address" in text_of(redirected)
    assert not [r for r in server.requests if r.path.startswith("/secret")]


@pytest.mark.integration
@pytest.mark.browser
def test_mcp_web_fetch_renders_a_single_page_application(server):
    from tests.test_mcp import McpSession

    session = McpSession("--allow-private")
    try:
        browsed = session.call("web_fetch", {"url": server.url("/spa"), "javascript": "browser"})
    finally:
        session.close()
    assert browsed.structured_content["markdown"] == SPA_MARKDOWN


@pytest.mark.integration
@pytest.mark.browser
def test_cookies_and_headers_go_to_the_page_not_where_its_script_sends_it(server, other_host):
    other_host.route("/landing", "<html><head><title>Landing</title></head><body><p>Landed.</p></body></html>")
    server.route(
        "/leaves",
        f"""<html><body><p>Leaving.</p>
<script>location.href = '{other_host.url("/landing")}';</script></body></html>""",
    )
    result = crawl.run(
        "page", url=server.url("/leaves"), output="", browser="1", cookie="token=s3cret", header="X-Team: blue"
    )
    assert [(item["final_url"], item["markdown"]) for item in result.items] == [(other_host.url("/landing"), "Landed.")]
    own, landing = (
        {k.lower(): v for k, v in requests[-1].headers.items()}
        for requests in (
            [r for r in server.requests if r.path == "/leaves"],
            [r for r in other_host.requests if r.path == "/landing"],
        )
    )
    assert (own.get("cookie"), own.get("x-team")) == ("token=s3cret", "blue")
    assert ("cookie" in landing, "x-team" in landing) == (False, False)
    assert landing["user-agent"] == own["user-agent"] == "web2md/0.1 (+https://github.com/web2md)"


@pytest.mark.integration
@pytest.mark.browser
def test_a_page_the_browser_cannot_reach_fails_as_without_it():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/"  # nothing listens there once the probe is closed
    result = crawl.run("page", url=url, output="", browser="1")
    assert result.items == []
    assert [(f["url"], f["reason"]) for f in result.failures] == [(url, "connection refused")]
    assert result.stats["web2md/failed/connection_refused"] == 1


@pytest.mark.integration
@pytest.mark.browser
def test_a_browser_error_is_one_line(server):
    result = crawl.run("page", url=server.url("/late"), output="", browser="1", wait_for="p[")
    assert result.items == [] and result.stats["web2md/failed/browser_error"] == 1
    [failure] = result.failures
    assert failure["reason"].startswith("Page.wait_for_selector: ") and "\n" not in failure["reason"]


@pytest.mark.integration
@pytest.mark.browser
def test_download_maxsize_holds_for_what_the_server_sends_and_what_scripts_build():
    big = "<html><body>" + "<p>Some words in a paragraph of a big page.</p>" * 8000 + "</body></html>"  # 376 kB
    built = (
        "<html><body><main id=m><p>Small source.</p></main><script>document.getElementById('m').innerHTML"
        " = '<p>' + 'word '.repeat(80000) + '</p>';</script></body></html>"
    )  # 400 kB once the script ran
    with TestServer() as srv:
        srv.route("/big", big)
        srv.route("/built", built)
        srv.route("/small", "<html><body><p>A small page.</p></body></html>")
        urls = [srv.url(path) for path in ("/big", "/built", "/small")]
        result = crawl.run("page", {"DOWNLOAD_MAXSIZE": 100_000}, url=" ".join(urls), output="", browser="1")
    assert markdown_of(result) == {urls[2]: "A small page."}
    assert sorted((f["url"], f["reason"]) for f in result.failures) == [
        (url, "the response is larger than the size limit (100000 bytes)") for url in urls[:2]
    ]
    assert result.stats["web2md/failed/too_large"] == 2


@pytest.mark.integration
def test_the_guard_proxy_cuts_a_connection_past_download_maxsize():
    from scrapy.exceptions import DownloadCancelledError

    from web2md.browser.handler import GuardProxy

    async def allow(url: str) -> None:
        return None

    async def fetch_through(proxy: GuardProxy, url: str) -> bytes:
        await proxy.start()
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
        writer.write(f"GET {url} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        received = await reader.read()  # until the proxy closes
        writer.close()
        await proxy.close()
        return received

    with TestServer() as srv:
        srv.route("/big", "x" * 300_000)
        srv.route("/small", "y" * 1000)
        cut = GuardProxy(allow, maxsize=100_000)
        big = asyncio.run(fetch_through(cut, srv.url("/big")))
        whole = asyncio.run(fetch_through(GuardProxy(allow, maxsize=100_000), srv.url("/small")))
    assert 0 < len(big) <= 100_000
    assert isinstance(cut.failure_of(srv.url("/big")), DownloadCancelledError)
    assert whole.startswith(b"HTTP/1.1 200") and whole.endswith(b"y" * 1000)
