"""`web2md serve`: POST /v2/scrape through the official firecrawl-py SDK, the reader endpoint (GET /<url>) over
plain HTTP, and every refusal: authentication, the address guard, body size, unsupported features, bad options."""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from firecrawl import Firecrawl
from firecrawl.v2.utils.error_handler import (
    BadRequestError,
    RequestTimeoutError,
    UnauthorizedError,
    WebsiteNotSupportedError,
)

from tests.api_harness import running_api
from tests.server import TestServer
from tests.test_documents import REPORT, REPORT_MARKDOWN
from web2md.frontends import cli
from web2md.frontends.http_api import ApiOptions, check_exposure
from web2md.frontends.mcp_server import ServerOptions

pytestmark = pytest.mark.integration

HOME = (
    "<html lang='en'><head><title>Tea notes</title><meta name='description' content='Notes on tea.'>"
    "<meta property='og:title' content='Tea notes (OG)'></head><body>"
    "<nav><a href='/about'>About us</a></nav>"
    "<main><h1>Tea notes</h1><p>Green tea is steamed or pan-fired soon after picking, which keeps it green.</p>"
    "<div class='box'><p>Black tea is left to oxidise before it is dried.</p></div>"
    "<p>See <a href='/oolong'>oolong</a> for a tea between the two, halfway oxidised.<img src='/cup.png' alt='A cup'>"
    "</p></main>"
    "<footer><p>Footer text of the site.</p></footer></body></html>"
)
HOME_MARKDOWN = (
    "# Tea notes\n\nGreen tea is steamed or pan-fired soon after picking, which keeps it green.\n\n"
    "Black tea is left to oxidise before it is dried.\n\n"
    "See [oolong](http://HOST/oolong) for a tea between the two, halfway oxidised."
)
POST = (
    "<html><body><div class=post><h1>Post</h1><p>The post body has a long paragraph of text about many things.</p>"
    "<p>Another paragraph of the post body, also long enough to count.</p></div><div class=sidebar><h3>Related</h3>"
    "<ul><li><a href=/a>First related story</a></li><li><a href=/b>Second related story</a></li></ul></div>"
    "</body></html>"
)
POST_MARKDOWN = (
    "# Post\n\nThe post body has a long paragraph of text about many things.\n\n"
    "Another paragraph of the post body, also long enough to count."
)
SDK_KEY = "test-key"
WRITTEN_MARKDOWN = "# The written article\n\nIt was written by a script, not sent as markup."
WRITTEN = (
    "<html><head><title>Written</title></head><body><script>document.write('<article><h1>The written article</h1>"
    "<p>It was written by a script, not sent as markup.</p></article>');</script></body></html>"
)


@pytest.fixture(scope="module")
def site() -> Iterator[TestServer]:
    with TestServer() as srv:
        srv.route("/", HOME)
        srv.route("/echo", handler=lambda rec: (200, {}, f"<p>Header: {rec.headers.get('X-Tea', '-')}</p>".encode()))
        srv.route("/slow", "<p>late</p>", delay=3.0)
        srv.route("/post", POST)
        srv.route("/a%2Fb", "<p>Escaped slash kept.</p>")
        srv.route("/archive.zip", b"PK\x03\x04 binary", headers={"Content-Type": "application/zip"})
        srv.route("/report.pdf", REPORT, headers={"Content-Type": "application/pdf"})
        srv.route("/written", WRITTEN)
        yield srv


@pytest.fixture(scope="module")
def api() -> Iterator[str]:
    """A server that may fetch the local test site (--allow-private), without an API key."""
    with running_api(ApiOptions(fetch=ServerOptions(allow_private=True, timeout=20))) as base:
        yield base


@pytest.fixture(scope="module")
def guarded() -> Iterator[str]:
    """A server as deployed: the address guard on, an API key required, small request bodies."""
    with running_api(ApiOptions(api_key="sekret", max_body=2000)) as base:
        yield base


def expected(site: TestServer, text: str) -> str:
    return text.replace("HOST", f"127.0.0.1:{site.port}")


def test_sdk_scrape_returns_the_formats_asked_for(api, site):
    doc = Firecrawl(api_key=SDK_KEY, api_url=api).scrape(
        site.url("/"), formats=["markdown", "html", "raw_html", "links", "images"]
    )
    assert doc.markdown == expected(site, HOME_MARKDOWN)
    assert doc.raw_html == HOME
    assert doc.links == [site.url("/about"), site.url("/oolong")]
    assert doc.images == [site.url("/cup.png")]
    assert doc.html.startswith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Tea notes')
    assert "<h1>Tea notes</h1>" in doc.html and "Footer" not in doc.html
    meta = doc.metadata
    assert (meta.title, meta.description, meta.language, meta.og_title) == (
        "Tea notes",
        "Notes on tea.",
        "en",
        "Tea notes (OG)",
    )
    assert (meta.source_url, meta.url, meta.status_code) == (site.url("/"), site.url("/"), 200)
    assert meta.content_type == "text/html; charset=utf-8"
    assert doc.warning is None  # what the SDK sends by default is known, not warned about


def test_scrape_defaults_to_markdown_of_the_main_content(api, site):
    body = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/")}).json()
    assert body["success"] is True
    assert sorted(body["data"]) == ["markdown", "metadata"]
    assert body["data"]["markdown"] == expected(site, HOME_MARKDOWN)


def test_only_main_content_false_keeps_what_the_scoring_leaves_out(api, site):
    client = Firecrawl(api_key=SDK_KEY, api_url=api)
    assert client.scrape(site.url("/post")).markdown == POST_MARKDOWN
    assert client.scrape(site.url("/post"), only_main_content=False).markdown == POST_MARKDOWN + expected(
        site, "\n\n### Related\n\n- [First related story](http://HOST/a)\n- [Second related story](http://HOST/b)"
    )


def test_include_and_exclude_tags(api, site):
    client = Firecrawl(api_key=SDK_KEY, api_url=api)
    assert client.scrape(site.url("/"), include_tags=[".box", "h1"]).markdown == (
        "# Tea notes\n\nBlack tea is left to oxidise before it is dried."
    )
    assert client.scrape(site.url("/"), exclude_tags=["h1", ".box"]).markdown == expected(
        site,
        "Green tea is steamed or pan-fired soon after picking, which keeps it green.\n\n"
        "See [oolong](http://HOST/oolong) for a tea between the two, halfway oxidised.",
    )
    answer = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/"), "excludeTags": ["div["]})
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("excludeTags: ")


def test_headers_are_sent_to_the_site(api, site):
    doc = Firecrawl(api_key=SDK_KEY, api_url=api).scrape(site.url("/echo"), headers={"X-Tea": "sencha"})
    assert doc.markdown == "Header: sencha"


def test_unknown_and_unsupported_options(api, site):
    body = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/"), "colour": "green", "mobile": True}).json()
    assert body["data"]["warning"] == "unknown option colour was ignored; mobile is not supported and was ignored"
    refusals = [
        ({"actions": [{"type": "click", "selector": "#a"}]}, "actions: actions (clicks, typing, scrolling) are"),
        ({"formats": ["markdown", "screenshot"]}, "formats: the screenshot format (screenshots) is"),
        ({"formats": [{"type": "json", "prompt": "x"}]}, "formats: the json format (JSON (LLM) extraction) is"),
        ({"formats": ["summary"]}, "formats: the summary format (LLM summaries) is"),
    ]
    for options, message in refusals:
        answer = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/"), **options})
        assert answer.status_code == 400
        assert answer.json() == {"success": False, "error": f"{message} not supported by web2md serve"}
    with pytest.raises(BadRequestError, match="the screenshot format"):
        Firecrawl(api_key=SDK_KEY, api_url=api).scrape(site.url("/"), formats=["screenshot"])


def test_bad_requests(api, site):
    cases = [
        ({}, "url is required (a string)"),
        ({"url": site.url("/"), "formats": "markdown"}, "formats must be a list"),
        (
            {"url": site.url("/"), "formats": ["pdf"]},
            "formats: unknown format 'pdf' (supported: markdown, html, rawHtml, links, images, metadata)",
        ),
        ({"url": site.url("/"), "onlyMainContent": "yes"}, "onlyMainContent must be true or false"),
        ({"url": site.url("/"), "timeout": 0}, "timeout must be between 1 and 300000, got 0"),
        ({"url": site.url("/"), "headers": {"X-A": "1\r\nX-B: 2"}}, "headers: invalid header 'X-A'"),
        ({"url": "ftp://example.com/"}, None),
    ]
    for body, message in cases:
        answer = httpx.post(f"{api}/v2/scrape", json=body)
        assert answer.status_code == 400, body
        assert answer.json()["success"] is False
        if message:
            assert answer.json()["error"] == message
    answer = httpx.post(f"{api}/v2/scrape", content=b"{not json", headers={"content-type": "application/json"})
    assert (answer.status_code, answer.json()) == (
        400,
        {"success": False, "error": "the request body is not valid JSON"},
    )
    assert httpx.get(f"{api}/v2/scrape").json() == {"success": False, "error": "method not allowed"}
    assert httpx.post(f"{api}/v2/nothing", json={}).json() == {"success": False, "error": "method not allowed"}
    answer = httpx.get(f"{api}/nothing-here")
    assert answer.status_code == 404
    assert answer.json()["error"].startswith("not found: /nothing-here (GET /<url> reads a page: web2md ")


def test_a_page_the_site_refuses_is_a_document_with_its_status(api, site):
    body = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/missing")}).json()
    assert body == {
        "success": True,
        "data": {
            "markdown": "",
            "metadata": {
                "sourceURL": site.url("/missing"),
                "url": site.url("/missing"),
                "statusCode": 404,
                "error": f"HTTP 404 Not Found: {site.url('/missing')}",
            },
        },
    }


def test_timeout_and_binary_documents(api, site):
    with pytest.raises(RequestTimeoutError, match=r"timed out after 1 s: http://127\.0\.0\.1:\d+/slow"):
        Firecrawl(api_key=SDK_KEY, api_url=api).scrape(site.url("/slow"), timeout=1000)
    answer = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/archive.zip")})
    assert answer.status_code == 415
    assert answer.json()["error"] == f"cannot read application/zip (11 bytes): {site.url('/archive.zip')}"
    # a PDF is read into a page like any other (docs/design.md#documents)
    answer = httpx.post(f"{api}/v2/scrape", json={"url": site.url("/report.pdf")})
    assert answer.status_code == 200
    assert answer.json()["data"]["markdown"] == REPORT_MARKDOWN


def test_reader_returns_markdown_with_a_header(api, site):
    answer = httpx.get(f"{api}/{site.url('/')}")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/plain; charset=utf-8"
    assert answer.text == f"Title: Tea notes\nURL: {site.url('/')}\n\n---\n\n" + expected(site, HOME_MARKDOWN)
    # a query string belongs to the page; a proxy's merged slashes are undone
    assert httpx.get(f"{api}/{site.url('/echo')}?a=1").text.startswith(f"URL: {site.url('/echo?a=1')}\n")
    merged = site.url("/").replace("http://", "http:/")
    assert httpx.get(f"{api}/{merged}").text == answer.text
    escaped = site.url("/").replace(":", "%3A").replace("/", "%2F")
    assert httpx.get(f"{api}/{escaped}").text == answer.text
    # an escape inside the page's own URL is the page's
    assert httpx.get(f"{api}/{site.url('/a%2Fb')}").text.endswith("\n---\n\nEscaped slash kept.")


def test_reader_json_has_the_page_fields(api, site):
    body = httpx.get(f"{api}/{site.url('/')}", headers={"Accept": "application/json"}).json()
    assert (body["code"], body["status"]) == (200, 20000)
    data = body["data"]
    assert data["content"] == expected(site, HOME_MARKDOWN)
    assert (data["title"], data["url"], data["description"], data["language"]) == (
        "Tea notes",
        site.url("/"),
        "Notes on tea.",
        "en",
    )
    assert "markdown" not in data and "text" not in data


def test_reader_errors(api, site):
    answer = httpx.get(f"{api}/{site.url('/missing')}")
    assert answer.status_code == 502
    assert answer.json() == {
        "success": False,
        "error": f"HTTP 404 Not Found: {site.url('/missing')}",
        "code": "SCRAPE_SITE_ERROR",
    }
    assert httpx.get(f"{api}/").text.startswith("web2md ")


def test_the_api_key_is_required_when_set(guarded):
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "sekret"}):
        answer = httpx.post(f"{guarded}/v2/scrape", json={"url": "https://example.com/"}, headers=headers)
        assert answer.status_code == 401
        assert answer.json() == {
            "success": False,
            "error": "Unauthorized: send the server's API key as 'Authorization: Bearer KEY'",
        }
    assert httpx.get(f"{guarded}/https://example.com/").status_code == 401
    with pytest.raises(UnauthorizedError):
        Firecrawl(api_key="wrong", api_url=guarded).scrape("https://example.com/")


def test_the_address_guard_refuses_local_addresses(guarded, site):
    with pytest.raises(WebsiteNotSupportedError, match="refused: 127.0.0.1 is a loopback address"):
        Firecrawl(api_key="sekret", api_url=guarded).scrape(site.url("/"))
    answer = httpx.get(f"{guarded}/{site.url('/')}", headers={"Authorization": "Bearer sekret"})
    assert answer.status_code == 403
    assert answer.json()["error"] == (
        "refused: 127.0.0.1 is a loopback address (start the server with --allow-private to allow it): " + site.url("/")
    )


def test_request_bodies_are_bounded(guarded):
    answer = httpx.post(
        f"{guarded}/v2/scrape",
        json={"url": "https://example.com/", "pad": "x" * 3000},
        headers={"Authorization": "Bearer sekret"},
    )
    assert (answer.status_code, answer.json()) == (413, {"success": False, "error": "request body over 2000 bytes"})


def test_no_api_key_no_listening_beyond_loopback(monkeypatch, capsys):
    check_exposure(ApiOptions(host="127.0.0.1"))
    check_exposure(ApiOptions(host="::1"))
    check_exposure(ApiOptions(host="0.0.0.0", api_key="k"))
    with pytest.raises(ValueError, match="refusing to listen on 0.0.0.0 without an API key: set WEB2MD_API_KEY"):
        check_exposure(ApiOptions(host="0.0.0.0"))
    monkeypatch.delenv("WEB2MD_API_KEY", raising=False)
    assert cli.main(["serve", "--host", "0.0.0.0"]) == 2
    assert "refusing to listen on 0.0.0.0 without an API key" in capsys.readouterr().err
    assert cli.main(["serve", "--port", "0"]) == 2
    assert capsys.readouterr().err.strip().endswith("--port must be positive")
    assert os.environ.get("WEB2MD_API_KEY") is None


def test_the_garbage_collector_is_not_frozen_while_the_server_scrapes(api, site):
    # a busy server always has a crawl running: frozen while any runs, the collector would never thaw
    answers = []
    call = threading.Thread(
        target=lambda: answers.append(httpx.post(f"{api}/v2/scrape", json={"url": site.url("/slow")}, timeout=30))
    )
    call.start()
    time.sleep(1.0)
    assert gc.get_freeze_count() == 0
    call.join()
    assert answers[0].json()["data"]["markdown"] == "late"


@pytest.mark.parametrize("javascript, markdown", [("none", ""), ("inline", WRITTEN_MARKDOWN)])
def test_a_server_started_with_javascript_runs_each_pages_scripts(site, javascript, markdown):
    options = ApiOptions(javascript=javascript, fetch=ServerOptions(allow_private=True, timeout=20))
    with running_api(options) as base:
        answer = httpx.post(f"{base}/v2/scrape", json={"url": site.url("/written")}, timeout=60)
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"]["markdown"] == markdown
