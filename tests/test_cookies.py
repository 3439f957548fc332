"""Cookies a site sets are kept and sent back (Scrapy's jar), and the jar's import waits for the first cookie."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.server import TestServer
from web2md import crawl

ROOT = Path(__file__).resolve().parent.parent


def echo_cookie(request) -> tuple[int, dict[str, str], bytes]:
    cookie = request.headers.get("Cookie", "none")
    return 200, {"Content-Type": "text/html"}, f"<html><body><main><p>cookie: {cookie}</p></main></body></html>".encode()


def test_a_cookie_set_on_a_redirect_is_sent_to_the_next_page():
    with TestServer() as srv:
        srv.route("/login", status=302, headers={"Location": "/home", "Set-Cookie": "session=s1; Path=/"})
        srv.route("/home", handler=echo_cookie)
        result = crawl.run("page", url=srv.url("/login"), output="")
        [home] = [r for r in srv.requests if r.path == "/home"]
    assert [item["markdown"] for item in result.items] == ["cookie: session=s1"]
    assert home.headers["Cookie"] == "session=s1"


def test_cookie_arguments_and_the_sites_cookies_go_together():
    with TestServer() as srv:
        srv.route("/start", status=302, headers={"Location": "/page", "Set-Cookie": "site=yes; Path=/"})
        srv.route("/page", handler=echo_cookie)
        result = crawl.run("page", url=srv.url("/start"), cookie="mine=1", output="")
    assert [item["markdown"] for item in result.items] in (["cookie: mine=1; site=yes"], ["cookie: site=yes; mine=1"])


def test_no_cookie_no_jar_import():
    """A fetch that meets no cookie does not import Scrapy's cookie jar (and tldextract, requests with it)."""
    code = (
        "import sys\nfrom web2md import crawl\nfrom web2md.spiders.page import PageSpider\n"
        "result = crawl.run(PageSpider, url=sys.argv[1], output='')\n"
        "print(len(result.items), 'scrapy.downloadermiddlewares.cookies' in sys.modules, 'tldextract' in sys.modules)"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    with TestServer() as srv:
        srv.route("/", "<html><body><main><p>No cookies here.</p></main></body></html>")
        srv.route("/set", "<html><body><main><p>One cookie.</p></main></body></html>", headers={"Set-Cookie": "a=1"})
        plain = subprocess.run([sys.executable, "-c", code, srv.url("/")], capture_output=True, text=True, env=env,
                               timeout=120)
        cookie = subprocess.run([sys.executable, "-c", code, srv.url("/set")], capture_output=True, text=True,
                                env=env, timeout=120)
    assert plain.stdout == "1 False False\n", plain.stderr
    assert cookie.stdout == "1 True True\n", cookie.stderr
