"""``--browser auto`` in every front end (docs/javascript.md#auto): an app shell of ``src=`` scripts, which the
embedded engine leaves empty, is loaded in the system's headless Chromium when the command (``fetch``, ``batch``) or
the server (``web2md mcp``, ``web2md serve``) was started with it, and only then.

Against a local server; the tests marked `browser` are skipped where no Chromium is installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx
import pytest

from tests.api_harness import running_api
from tests.app_shells import MAIN_JS, SPA, SPA_MARKDOWN
from tests.cli_process import environment, run_web2md
from tests.server import TestServer
from web2md.frontends.cli import with_browser_values
from web2md.frontends.http_api import ApiOptions
from web2md.frontends.mcp_server import ServerOptions

pytestmark = pytest.mark.integration

ARTICLE = (
    "<html><head><title>Harbour news</title></head><body><article><h1>Harbour news</h1>"
    "<p>The ferry to the island runs every hour from the quay this summer.</p></article></body></html>"
)
NEWS = "# Harbour news\n\nThe ferry to the island runs every hour from the quay this summer."
MISSING = "web2md: --browser needs Chromium: install the Debian package chromium-headless-shell"


@pytest.fixture(scope="module")
def site():
    with TestServer() as srv:
        srv.route("/spa", SPA)
        srv.route("/static/main.js", MAIN_JS, headers={"Content-Type": "text/javascript"})
        srv.route("/news", ARTICLE)
        srv.route("/inline", SPA.replace("<script src='/static/main.js'></script>", f"<script>{MAIN_JS}</script>"))
        yield srv


def scripts_fetched(site: TestServer) -> int:
    return sum(r.path == "/static/main.js" for r in site.requests)


def test_browser_auto_is_one_option_and_a_bare_browser_takes_no_value():
    assert with_browser_values(["fetch", "--browser", "auto", "https://a.example/"]) == [
        "fetch",
        "--browser=auto",
        "https://a.example/",
    ]
    assert with_browser_values(["fetch", "--browser", "https://a.example/"]) == [
        "fetch",
        "--browser",
        "https://a.example/",
    ]
    assert with_browser_values(["fetch", "--", "--browser", "auto"]) == ["fetch", "--", "--browser", "auto"]


@pytest.mark.parametrize(
    "args",
    [
        ("fetch", "--browser", "auto", "http://127.0.0.1:9/"),
        ("mcp", "--browser", "auto"),
        ("serve", "--browser", "auto"),
    ],
)
def test_browser_auto_without_chromium_says_what_to_install(tmp_path, args):
    done = subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", *args],
        env={**environment(), "PATH": str(tmp_path), "WEB2MD_CHROMIUM": ""},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (1 if args[0] == "fetch" else 2, "")
    assert done.stderr.startswith(MISSING)


def test_browser_auto_needs_auto_javascript():
    done = run_web2md("serve", "--javascript", "inline", "--browser", "auto", timeout=60)
    assert (done.returncode, done.stderr) == (2, "web2md: --browser auto works with --javascript auto, not inline\n")
    done = run_web2md("fetch", "--no-javascript", "--browser", "auto", "http://127.0.0.1:9/", timeout=60)
    assert (done.returncode, done.stderr) == (
        2,
        "web2md: --browser auto works with auto JavaScript: leave out --no-javascript\n",
    )


@pytest.mark.browser
def test_fetch_and_batch_with_browser_auto(site, tmp_path):
    before = scripts_fetched(site)
    plain = run_web2md("fetch", site.url("/spa"), timeout=120)
    assert (plain.returncode, plain.stdout, plain.stderr) == (0, "\n", "")
    assert scripts_fetched(site) == before  # no browser: the src= script is never fetched
    for flag in (("--browser", "auto"), ("--browser=auto",)):
        done = run_web2md("fetch", *flag, site.url("/spa"), timeout=120)
        assert (done.returncode, done.stdout, done.stderr) == (0, SPA_MARKDOWN + "\n", "")
    (tmp_path / "urls.txt").write_text(f"{site.url('/spa')}\n{site.url('/news')}\n", encoding="utf-8")
    done = run_web2md("batch", "--browser", "auto", str(tmp_path / "urls.txt"), "-o", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    pages = sorted(p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.md"))
    assert [page.split("\n", 1)[0] for page in pages] == ["# Harbour news", "# Rota"]


@pytest.mark.browser
def test_browser_auto_without_the_javascript_engine_renders_every_shell_in_chromium(site, tmp_path):
    # an import of the engine that fails, as where the optional package is not installed
    (tmp_path / "quickjs.py").write_text("raise ImportError('not installed')\n", encoding="utf-8")
    env = environment()
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env["PYTHONPATH"]])

    def fetch(*flags: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "web2md.frontends.cli", "fetch", *flags, site.url("/inline")],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert (fetch().returncode, fetch().stdout) == (0, "\n")
    done = fetch("--browser", "auto")
    assert (done.returncode, done.stdout, done.stderr) == (0, SPA_MARKDOWN + "\n", "")


@pytest.mark.browser
def test_mcp_started_with_browser_auto_renders_the_shells_of_auto_requests(site):
    from tests.test_mcp import McpSession

    def fetch(session: McpSession, **arguments: str) -> str:
        answer = session.call("web_fetch", {"url": site.url("/spa"), **arguments})
        assert not answer.is_error, answer
        return answer.structured_content["markdown"]

    session = McpSession("--allow-private", "--browser", "auto")
    try:
        tools = {tool.name: tool for tool in session.run(session.client.list_tools()).tools}
        described = tools["web_fetch"].input_schema["properties"]["javascript"]["description"]
        escalated = fetch(session)
        scripts_off = fetch(session, javascript="none")
        news = session.call("web_fetch", {"url": site.url("/news")}).structured_content["markdown"]
    finally:
        session.close()
    assert (escalated, scripts_off, news) == (SPA_MARKDOWN, "", NEWS)
    assert described.startswith(
        "auto: run the inline scripts of a page that holds next to no text but scripts, and load it in headless "
        "Chromium when they leave it empty; inline: "
    )
    session = McpSession("--allow-private")
    try:
        plain = fetch(session)
    finally:
        session.close()
    assert plain == ""


@pytest.mark.browser
def test_serve_started_with_browser_auto_renders_the_shells(site, tmp_path):
    def scrape(base: str) -> str:
        body = {"url": site.url("/spa"), "headers": {"X-Team": "blue"}}
        answer = httpx.post(f"{base}/v2/scrape", json=body, timeout=120)
        assert answer.status_code == 200, answer.text
        return answer.json()["data"]["markdown"]

    def reader(base: str) -> str:
        return httpx.get(f"{base}/{site.url('/spa')}", headers={"Accept": "application/json"}, timeout=120).json()[
            "data"
        ]["content"]

    fetch = ServerOptions(allow_private=True, timeout=30, browser_auto=True)
    with running_api(ApiOptions(state_dir=tmp_path, fetch=fetch)) as base:
        before = len(site.requests)
        scraped = scrape(base)
        # the shell as sent, then in the browser: the request's own header goes with both
        teams = [
            {k.lower(): v for k, v in r.headers.items()}.get("x-team")
            for r in site.requests[before:]
            if r.path == "/spa"
        ]
        read = reader(base)
        batch = httpx.post(f"{base}/v2/batch/scrape", json={"urls": [site.url("/spa")]}, timeout=30).json()
        status = {"status": "scraping"}
        for _ in range(300):
            status = httpx.get(f"{base}/v2/batch/scrape/{batch['id']}", timeout=30).json()
            if status["status"] != "scraping":
                break
            time.sleep(0.2)
    assert (scraped, read, teams) == (SPA_MARKDOWN, SPA_MARKDOWN, ["blue", "blue"])
    assert (status["status"], [doc["markdown"] for doc in status["data"]]) == ("completed", [SPA_MARKDOWN])
    with running_api(ApiOptions(fetch=ServerOptions(allow_private=True, timeout=30))) as base:
        assert (scrape(base), reader(base)) == ("", "")
