"""Cookies a site sets are kept and sent back (Scrapy's jar, imported when the first cookie turns up)."""

from __future__ import annotations

import pytest

from tests.server import TestServer
from web2md import crawl

pytestmark = pytest.mark.integration


def echo_cookie(request) -> tuple[int, dict[str, str], bytes]:
    cookie = request.headers.get("Cookie", "none")
    return (
        200,
        {"Content-Type": "text/html"},
        f"<html><body><main><p>cookie: {cookie}</p></main></body></html>".encode(),
    )


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
