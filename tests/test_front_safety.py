"""Hostile servers against the command line: escape sequences from the network come out escaped, a redirect away
from http(s) says so, a password in a URL is never printed, and a URL typed without a scheme is completed as the
browser's ``g`` prompt does, by every front end."""

from __future__ import annotations

import pytest

from tests.server import TestServer
from tests.test_cli_fetch import web2md
from tests.test_loud_failures import errors, scrapy_crawl
from web2md import crawl
from web2md.frontends.browse import _fit
from web2md.frontends.sanitise import sanitise
from web2md.spiders.typed_urls import check_start_url

pytestmark = pytest.mark.integration

SITEMAP = (
    "<?xml version='1.0'?><urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>"
    "<url><loc>http://e.com/&#x1b;[2Jx&#x202e;y</loc></url></urlset>"
)
FEED = (
    "<?xml version='1.0'?><rss version='2.0'><channel><title>Feed&#x1b;]0;t&#x7;</title><link>http://e.com/</link>"
    "<item><title>Post</title><link>http://e.com/&#x1b;[2Jpost</link></item></channel></rss>"
)
PAGE = "<html><head><title>Plain</title></head><body><main><h1>Plain</h1><p>A plain page.</p></main></body></html>"


@pytest.fixture(scope="module")
def hostile():
    with TestServer() as srv:
        srv.route("/", PAGE)
        srv.route("/sitemap.xml", SITEMAP, headers={"Content-Type": "application/xml"})
        srv.route("/feed.xml", FEED, headers={"Content-Type": "application/rss+xml"})
        srv.route("/binary", b"\x00\x01binary", headers={"Content-Type": "application/x-\x1b]0;pwned\x07evil"})
        srv.route("/to-ftp", status=302, headers={"Location": "ftp://example.com/file"})
        srv.route("/to-js", status=302, headers={"Location": "javascript:alert(1)"})
        yield srv


def test_the_sanitiser_escapes_controls_and_bidi_and_hides_credentials():
    assert sanitise("a\x1b[31mb\x9bc\u202ed\x07e\tf\ng\x7f") == "a\\x1b[31mb\\x9bc\\u202ed\\x07e\\x09f\\x0ag\\x7f"
    assert sanitise("a\tb\nc\x1b", lines=True) == "a\tb\nc\\x1b"
    assert sanitise("see https://me:secret@example.com/x and https://medium.com/@me") == (
        "see https://***@example.com/x and https://medium.com/@me"
    )
    assert sanitise(sanitise("x\x1by https://a:b@h/")) == sanitise("x\x1by https://a:b@h/")


def test_a_sitemap_loc_with_escape_sequences_is_listed_escaped(hostile):
    done = web2md("sitemap", hostile.url("/sitemap.xml"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "http://e.com/\\x1b[2Jx\\u202ey\n"


def test_feed_urls_and_titles_are_printed_escaped(hostile):
    done = web2md("feed", hostile.url("/feed.xml"))
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert "## [Post](http://e.com/\\x1b[2Jpost)" in done.stdout


def test_a_hostile_content_type_is_echoed_escaped(hostile):
    done = web2md("fetch", hostile.url("/binary"))
    assert done.returncode == 8
    assert done.stderr == f"web2md: cannot read application/x-\\x1b]0 (8 bytes): {hostile.url('/binary')}\n"


@pytest.mark.parametrize("path, location", [("/to-ftp", "ftp://example.com/file"), ("/to-js", "javascript:alert(1)")])
def test_a_redirect_to_another_scheme_says_so(hostile, path, location):
    done = web2md("fetch", hostile.url(path))
    assert done.returncode == 1
    assert done.stderr == f"web2md: redirect to an unsupported scheme: {location}: {hostile.url(path)}\n"


def test_a_password_in_a_url_is_refused_and_never_printed(hostile):
    url = hostile.url("/").replace("http://", "http://me:secret@")
    done = web2md("fetch", url)
    assert done.returncode == 2
    assert done.stderr == (
        f"web2md: invalid URL: {hostile.url('/').replace('http://', 'http://***@')} (a user name or password in "
        "the URL is not supported: web2md sends no credentials)\n"
    )
    with pytest.raises(ValueError) as refused:
        check_start_url("me:secret@example.com/x")  # not completed: refused, and still not printed
    assert str(refused.value) == "invalid URL: ***@example.com/x (need an absolute http:// or https:// URL)"


def test_a_url_without_a_scheme_is_completed_by_every_front_end(hostile):
    typed = hostile.url("/").removeprefix("http://")  # 127.0.0.1:PORT/: http, as the browser's g prompt does
    fetched = web2md("fetch", typed)
    assert fetched.returncode == 0, fetched.stderr
    assert fetched.stdout.startswith("# Plain\n")
    browsed = web2md(typed)  # no terminal: the page is printed once
    assert browsed.returncode == 0, browsed.stderr
    assert "A plain page." in browsed.stdout
    listed = web2md("sitemap", typed + "sitemap.xml")
    assert listed.returncode == 0, listed.stderr
    result = crawl.run("page", url=typed, output="")  # the spiders' -a url=
    assert [item["url"] for item in result.items] == [hostile.url("/")]


def test_the_browser_status_and_title_lines_are_sanitised():
    assert _fit(" Fetching http://e.com/\x1b[2J\u202e ...", 60).rstrip() == " Fetching http://e.com/\\x1b[2J\\u202e ..."


def test_scrapy_crawl_refuses_a_start_url_with_a_password_without_logging_it(hostile, tmp_path):
    url = hostile.url("/").replace("http://", "http://me:secret@")
    done = scrapy_crawl(tmp_path, "page", "-a", f"url={url}")
    assert done.returncode == 1
    shown = hostile.url("/").replace("http://", "http://***@")
    assert errors(done.stderr) == [
        f"[web2md.spiders.base] ERROR: Invalid URL (need an absolute http or https URL, without credentials): {shown}",
        f"[web2md.spiders.base] ERROR: Crawl failed: nothing exported; {shown}: invalid URL",
    ]
    assert "secret" not in done.stderr + done.stdout
