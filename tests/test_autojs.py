"""Auto JavaScript and bot challenges (docs/javascript.md#auto): an app shell is converted after its inline scripts
with no flag, a challenge page fails as ``blocked`` and is never exported.

The fixtures under ``tests/fixtures/pageshape/`` are pages of our own making: challenge shapes as several vendors
build them (a challenge form, a captcha widget, a captcha frame, a press-and-hold box, a notice asking for scripts
and cookies), app shells, and short ordinary pages that are neither (a 404 page, a login page with a captcha, a
page with little text).
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tests.app_shells import MAIN_JS, SPA, SPA_MARKDOWN
from tests.cli_process import run_web2md as run_cli
from tests.server import TestServer
from web2md import crawl
from web2md.conversion.shape import challenge, challenge_response, needs_scripts, page_shape
from web2md.extract.html.parse import parse_html

FIXTURES = Path(__file__).parent / "fixtures" / "pageshape"

CHALLENGES = {
    "challenge_form.html": "challenge form",
    "captcha_widget.html": "captcha widget",
    "captcha_frame.html": "captcha widget",
    "press_and_hold.html": "captcha widget",
    "scripts_and_cookies.html": "a notice to enable JavaScript and cookies",
}
SHELLS = {
    "app_shell.html": "an empty #app and scripts",
    "loading.html": "10 characters of text and scripts",
    "src_only_shell.html": "an empty #root and scripts",
}
ORDINARY = ("not_found.html", "login.html", "little_text.html")

APP_MARKDOWN = "# Ferry timetable\n\n- 06:10 Quay to Island\n- 07:45 Island to Harbour\n- 09:30 Harbour to Quay"
ARTICLE = (
    "<html><head><title>Harbour news</title></head><body><div id='app'><article><h1>Harbour news</h1>"
    "<p>The ferry to the island runs every hour from the quay this summer.</p></article></div>"
    "<script>var x = 1;</script></body></html>"
)
INDEX = (
    "<html><head><title>Index</title></head><body><main><h1>Index</h1><p>Two pages.</p>"
    "<ul><li><a href='/news'>News</a></li><li><a href='/wall'>Wall</a></li><li><a href='/widget'>Check</a></li></ul></main></body></html>"
)
FORBIDDEN = "<html><body><h1>403 Forbidden</h1><noscript>No scripts here.</noscript></body></html>"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


# -- the verdicts, on the fixtures ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(CHALLENGES))
def test_each_challenge_shape_is_recognised(name):
    shape = page_shape(parse_html(fixture(name)))
    assert (challenge(shape), needs_scripts(shape) if not challenge(shape) else "") == (CHALLENGES[name], "")


@pytest.mark.parametrize("name", sorted(SHELLS))
def test_each_app_shell_needs_its_scripts_and_is_no_challenge(name):
    shape = page_shape(parse_html(fixture(name)))
    assert (challenge(shape), needs_scripts(shape)) == ("", SHELLS[name])


@pytest.mark.parametrize("name", ORDINARY)
def test_short_ordinary_pages_are_neither(name):
    shape = page_shape(parse_html(fixture(name)))
    assert (challenge(shape), needs_scripts(shape)) == ("", "")


def test_a_page_with_real_text_is_not_walked_past_what_decides_it():
    shape = page_shape(parse_html("<body><div id='app'></div>" + "<p>word </p>" * 400 + "<script>x()</script></body>"))
    assert (shape.text, shape.inline_scripts, challenge(shape), needs_scripts(shape)) == (600, 0, "", "")


def test_a_page_framing_its_content_is_no_shell():
    page = "<body><iframe src='/story'></iframe><script>document.write('<p>x</p>')</script></body>"
    assert needs_scripts(page_shape(parse_html(page))) == ""


@pytest.mark.parametrize("name", sorted(CHALLENGES))
def test_an_http_error_carrying_a_challenge_is_recognised(name):
    body = fixture(name).encode()
    assert [challenge_response(status, {}, body) for status in (403, 429, 503, 404, 200)] == [CHALLENGES[name]] * 3 + [
        "",
        "",
    ]


def test_an_http_error_without_a_challenge_and_the_challenge_header():
    assert challenge_response(403, {}, FORBIDDEN.encode()) == ""
    assert challenge_response(403, {}, fixture("login.html").encode()) == ""
    assert challenge_response(200, {b"Cf-Mitigated": [b"challenge"]}, b"<p>x</p>") == "a challenge header"


# -- through the crawls and front ends, against a local server ---------------------------------------------


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        for name in [*CHALLENGES, *SHELLS, *ORDINARY]:
            srv.route(f"/{name}", fixture(name))
        srv.route("/", INDEX)
        srv.route("/news", ARTICLE)
        srv.route("/wall", fixture("challenge_form.html"), status=503)
        srv.route("/widget", fixture("captcha_widget.html"))
        srv.route("/mitigated", "<p>Just a moment</p>", status=403, headers={"cf-mitigated": "challenge"})
        srv.route("/forbidden", FORBIDDEN, status=403)
        yield srv


@pytest.mark.integration
def test_an_app_shell_is_rendered_with_no_flag_and_counted(server):
    result = crawl.run("page", url=f"{server.url('/app_shell.html')} {server.url('/news')}", output="")
    pages = {item["final_url"]: item["markdown"] for item in result.items}
    assert pages == {
        server.url("/app_shell.html"): APP_MARKDOWN,
        server.url("/news"): "# Harbour news\n\nThe ferry to the island runs every hour from the quay this summer.",
    }
    assert result.stats["web2md/javascript/escalated/inline"] == 1  # the shell only, not the article
    assert (result.stats["web2md/js/pages"], result.stats["web2md/js/ran"]) == (1, 1)


@pytest.mark.integration
def test_no_javascript_keeps_the_shell_and_a_shell_of_src_scripts_stays_one(server):
    off = crawl.run("page", url=server.url("/app_shell.html"), output="", javascript="0")
    assert [item["markdown"] for item in off.items] == [""]
    assert not any(key.startswith(("web2md/javascript/", "web2md/js/")) for key in off.stats)
    src = crawl.run("page", url=server.url("/src_only_shell.html"), output="")
    assert [item["markdown"] for item in src.items] == [""]
    assert src.stats["web2md/javascript/unrendered"] == 1 and "web2md/javascript/escalated/inline" not in src.stats


@pytest.mark.integration
def test_web2md_fetch_renders_a_shell_by_default_and_not_with_no_javascript(server):
    auto = run_cli("fetch", server.url("/app_shell.html"))
    off = run_cli("fetch", "--no-javascript", server.url("/loading.html"))
    assert (auto.returncode, auto.stdout) == (0, APP_MARKDOWN + "\n")
    assert (off.returncode, off.stdout) == (0, "Loading...\n")


@pytest.mark.integration
@pytest.mark.parametrize(
    "path, message",
    [
        ("/widget", "blocked by a bot challenge (captcha widget): URL"),
        ("/wall", "blocked by a bot challenge (challenge form, HTTP 503): URL"),
        ("/mitigated", "blocked by a bot challenge (a challenge header, HTTP 403): URL"),
    ],
)
def test_web2md_fetch_exits_9_on_a_challenge(server, path, message):
    done = run_cli("fetch", "--no-javascript", server.url(path))
    assert (done.returncode, done.stdout, done.stderr) == (
        9,
        "",
        f"web2md: {message.replace('URL', server.url(path))}\n",
    )


@pytest.mark.integration
def test_a_plain_403_is_still_an_http_error(server):
    done = run_cli("fetch", server.url("/forbidden"))
    assert done.returncode == 3


@pytest.mark.integration
def test_a_site_crawl_exports_no_challenge_and_its_report_counts_it(server, tmp_path):
    out = tmp_path / "out"
    asked = [r.path for r in server.requests].count("/wall")
    result = crawl.run("site", url=server.url("/"), depth=1, output=str(out), bundle=True)
    assert [r.path for r in server.requests].count("/wall") == asked + 1  # a challenge's 503 is not retried
    assert sorted(item["final_url"] for item in result.items) == [server.url("/"), server.url("/news")]
    assert result.stats["web2md/failed/blocked"] == 2  # one with a 503, one with a 200
    files = sorted(p.name for p in out.rglob("*.md") if "_runs" not in p.parts)
    assert files == ["index.md", "news.md"]
    full = (out / f"127.0.0.1_{server.port}" / "llms-full.txt").read_text(encoding="utf-8")
    assert [line for line in full.splitlines() if line.startswith("URL: ")] == [
        f"URL: {server.url('/')}",
        f"URL: {server.url('/news')}",
    ]
    (report,) = (out / "_runs").glob("*.json")
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["failed"] == {"blocked": 2}
    assert sorted(entry["url"] for entry in data["failed_urls"] + data["dropped_urls"]) == [
        server.url("/wall"),
        server.url("/widget"),
    ]


@pytest.mark.integration
def test_the_http_api_answers_a_challenge_with_a_403(server):
    from tests.api_harness import running_api
    from web2md.frontends.http_api import ApiOptions
    from web2md.frontends.mcp_server import ServerOptions

    with running_api(ApiOptions(fetch=ServerOptions(allow_private=True, timeout=20))) as base:
        answer = httpx.post(f"{base}/v2/scrape", json={"url": server.url("/widget")}, timeout=60)
    assert answer.status_code == 403
    assert answer.json() == {
        "success": False,
        "error": f"blocked by a bot challenge (captcha widget): {server.url('/widget')}",
    }


@pytest.mark.integration
def test_mcp_web_fetch_answers_a_challenge_with_a_tool_error(server):
    from tests.test_mcp import McpSession, text_of

    session = McpSession("--allow-private")
    try:
        blocked = session.call("web_fetch", {"url": server.url("/wall")})
        shell = session.call("web_fetch", {"url": server.url("/app_shell.html")})
    finally:
        session.close()
    assert blocked.is_error
    assert (
        text_of(blocked)
        == f"Error executing tool web_fetch: blocked by a bot challenge (challenge form, HTTP 503): {server.url('/wall')}"
    )
    assert shell.structured_content["markdown"] == APP_MARKDOWN


@pytest.mark.integration
@pytest.mark.browser
def test_with_browser_auto_a_shell_of_src_scripts_loads_in_chromium_and_nothing_else_does(tmp_path):
    with TestServer() as srv:
        srv.route("/spa", SPA)
        srv.route("/static/main.js", MAIN_JS, headers={"Content-Type": "text/javascript"})
        srv.route("/shell", fixture("app_shell.html"))
        srv.route("/news", ARTICLE)
        urls = " ".join(srv.url(path) for path in ("/spa", "/shell", "/news"))
        result = crawl.run("page", url=urls, output="", browser="auto")
        fetched = sorted(r.path for r in srv.requests if r.path != "/robots.txt")
    pages = {item["final_url"]: item["markdown"] for item in result.items}
    assert pages == {
        srv.url("/spa"): SPA_MARKDOWN,
        srv.url("/shell"): APP_MARKDOWN,
        srv.url("/news"): "# Harbour news\n\nThe ferry to the island runs every hour from the quay this summer.",
    }
    # the shell of src= scripts twice (as sent, then in the browser, which runs its script); the others once
    assert fetched == ["/news", "/shell", "/spa", "/spa", "/static/main.js"]
    assert (
        result.stats["web2md/javascript/escalated/browser"],
        result.stats["web2md/javascript/escalated/inline"],
    ) == (
        1,
        1,
    )
    assert "web2md/javascript/unrendered" not in result.stats


# a site drawn by its script: the start page sent is an empty shell, its title, text and links written by a src=
# script only a browser loads; the pages it links to are sent as they are shown
DRAWN_SHELL = (
    "<!DOCTYPE html><html><head><title>Quay</title></head><body><div id='root'></div>"
    "<script src='/static/quay.js'></script></body></html>"
)
QUAY_JS = (
    "document.getElementById('root').innerHTML = '<main><h1>Quay</h1><p>The boats leave from the quay at dawn and "
    'come back before the tide turns.</p><ul><li><a href="/boats">Boats</a></li><li><a href="/tides">Tides</a>'
    "</li></ul></main>';"
)
QUAY_MARKDOWN = "# Quay\n\nThe boats leave from the quay at dawn and come back before the tide turns."
PLAIN_QUAY = (
    "<html><head><title>Quay</title></head><body><main><h1>Quay</h1><p>The boats leave from the quay at dawn and "
    "come back before the tide turns.</p><ul><li><a href='/boats'>Boats</a></li><li><a href='/tides'>Tides</a></li>"
    "</ul></main></body></html>"
)


def story(title: str, text: str) -> str:
    return (
        f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1><p>{text}</p></article></body></html>"
    )


@pytest.fixture(scope="module")
def drawn_site():
    with TestServer() as srv:
        srv.route("/", DRAWN_SHELL)
        srv.route("/static/quay.js", QUAY_JS, headers={"Content-Type": "text/javascript"})
        srv.route("/plain", PLAIN_QUAY)  # the same page sent as it is shown
        srv.route("/inline", DRAWN_SHELL.replace(" src='/static/quay.js'>", f">{QUAY_JS}"))  # drawn by its own script
        # robots directives a script adds as it draws the page, or takes out
        for name, script in (
            ("nofollow", 'document.head.innerHTML += \'<meta name="robots" content="nofollow">\';'),
            ("noindex", 'document.head.innerHTML += \'<meta name="robots" content="noindex">\';'),
            ("unmeta", "document.querySelector('meta[name=robots]').remove();"),
        ):
            srv.route(f"/static/{name}.js", script + QUAY_JS, headers={"Content-Type": "text/javascript"})
            srv.route(f"/{name}", DRAWN_SHELL.replace("/static/quay.js", f"/static/{name}.js"))
        # a script drawing an iframe beside the links: the rendered page waits for its document before converting
        frame = "document.getElementById('root').innerHTML += '<iframe src=\"/note\"></iframe>';"
        srv.route("/static/framed.js", QUAY_JS + frame, headers={"Content-Type": "text/javascript"})
        srv.route("/framed", DRAWN_SHELL.replace("/static/quay.js", "/static/framed.js"))
        srv.route("/note", "<html><body><p>Tickets are sold on board.</p></body></html>")
        srv.route(
            "/kept",
            DRAWN_SHELL.replace("/static/quay.js", "/static/unmeta.js").replace(
                "</title>", "</title><meta name='robots' content='nofollow'>"
            ),
        )
        srv.route("/boats", story("Boats", "Six boats moor at the quay; two of them fish through the winter."))
        srv.route(
            "/tides", story("Tides", "High water comes an hour later each day; the table is at the harbour office.")
        )
        yield srv


@pytest.mark.integration
@pytest.mark.browser
def test_a_site_crawl_follows_the_links_the_browser_drew_on_a_shell(drawn_site):
    srv = drawn_site
    before = len(srv.requests)
    result = crawl.run("site", url=srv.url("/"), depth=1, output="", browser="auto")
    fetched = sorted(r.path for r in srv.requests[before:] if r.path != "/robots.txt")
    pages = {item["final_url"]: item["markdown"] for item in result.items}
    assert pages == {
        srv.url("/"): QUAY_MARKDOWN,
        srv.url("/boats"): "# Boats\n\nSix boats moor at the quay; two of them fish through the winter.",
        srv.url("/tides"): "# Tides\n\nHigh water comes an hour later each day; the table is at the harbour office.",
    }
    (start,) = (item for item in result.items if item["final_url"] == srv.url("/"))
    assert [link["url"] for link in start["links"]] == [srv.url("/boats"), srv.url("/tides")]
    # the shell as sent, then in the browser; the pages it links to once each, as sent
    assert fetched == ["/", "/", "/boats", "/static/quay.js", "/tides"]
    assert result.stats["web2md/javascript/escalated/browser"] == 1


@pytest.mark.integration
@pytest.mark.browser
def test_a_dry_run_lists_the_links_the_browser_draws_on_a_shell(drawn_site):
    srv = drawn_site
    before = len(srv.requests)
    result = crawl.run("site", url=srv.url("/"), depth=1, output="", dry_run=True, browser="auto")
    fetched = sorted(r.path for r in srv.requests[before:] if r.path != "/robots.txt")
    assert result.spider.planned_urls() == [srv.url("/"), srv.url("/boats"), srv.url("/tides")]
    assert fetched == ["/", "/", "/static/quay.js"]  # the shell as sent, then in the browser; nothing it links to


@pytest.mark.integration
def test_a_dry_run_lists_the_links_a_shells_inline_script_draws(drawn_site):
    srv = drawn_site
    result = crawl.run("site", url=srv.url("/inline"), depth=1, output="", dry_run=True)
    assert result.spider.planned_urls() == [srv.url("/inline"), srv.url("/boats"), srv.url("/tides")]
    # a page that is no shell is not converted for its links
    assert crawl.run("site", url=srv.url("/plain"), depth=1, output="", dry_run=True).spider.planned_urls() == [
        srv.url("/plain"),
        srv.url("/boats"),
        srv.url("/tides"),
    ]


@pytest.mark.integration
@pytest.mark.browser
def test_the_links_the_browser_drew_are_followed_when_the_page_it_drew_has_an_iframe(drawn_site):
    srv = drawn_site
    result = crawl.run("site", url=srv.url("/framed"), depth=1, output="", browser="auto")
    pages = {item["final_url"]: item["markdown"] for item in result.items}
    assert sorted(pages) == [srv.url("/boats"), srv.url("/framed"), srv.url("/tides")]
    assert pages[srv.url("/framed")] == QUAY_MARKDOWN  # the iframe stands outside <main>
    assert result.stats["web2md/iframe/inlined"] == 1


@pytest.mark.integration
@pytest.mark.browser
@pytest.mark.parametrize(
    "path, exported, counted",
    [
        ("/nofollow", ["/nofollow"], "web2md/robots_nofollow_count"),  # the rendered page's
        ("/kept", ["/kept"], "web2md/robots_nofollow_count"),  # the page's as sent, which its script takes out
        ("/noindex", ["/boats", "/tides"], "web2md/robots_noindex_count"),
    ],
)
def test_the_robots_directives_of_a_shell_the_browser_draws_hold(drawn_site, path, exported, counted):
    srv = drawn_site
    result = crawl.run("site", url=srv.url(path), depth=1, output="", browser="auto")
    assert sorted(item["final_url"] for item in result.items) == [srv.url(p) for p in exported]
    assert result.stats[counted] == 1
    if path != "/noindex":  # the page keeps the links it was not allowed to follow
        assert [link["url"] for link in result.items[0]["links"]] == [srv.url("/boats"), srv.url("/tides")]
        assert result.items[0]["markdown"] == QUAY_MARKDOWN


@pytest.mark.integration
@pytest.mark.browser
def test_a_site_sent_as_shown_is_crawled_with_browser_auto_as_without_it(drawn_site):
    srv = drawn_site
    crawled = {}
    for browser in ("auto", "0"):
        before = len(srv.requests)
        result = crawl.run("site", url=srv.url("/plain"), depth=1, output="", browser=browser)
        fetched = sorted(r.path for r in srv.requests[before:] if r.path != "/robots.txt")
        pages = sorted((item["final_url"], item["markdown"]) for item in result.items)
        crawled[browser] = (pages, fetched, sorted(k for k in result.stats if k.startswith("web2md/javascript/")))
    assert crawled["auto"] == crawled["0"]
    assert crawled["auto"][1:] == (["/boats", "/plain", "/tides"], [])
    assert [url for url, _ in crawled["auto"][0]] == [srv.url("/boats"), srv.url("/plain"), srv.url("/tides")]
