"""The address guard in ordinary crawls (issue 19): what a page causes never reaches link-local or metadata
addresses, nor loopback or private ones unless the crawl started on that kind; against real local servers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.middlewares.netguard import kind_group, non_public_kind

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "address, kind",
    [
        ("::7f00:1", "loopback"),  # IPv4-compatible ::127.0.0.1
        ("::ffff:127.0.0.1", "loopback"),
        ("2002:7f00:1::", "loopback"),  # 6to4 of 127.0.0.1
        ("2002:7f00:1:ffff::1", "loopback"),
        ("2002:a9fe:a9fe::", "cloud metadata"),  # 6to4 of 169.254.169.254
        ("2002:a00:1::", "private"),  # 6to4 of 10.0.0.1
        ("fec0::1", "site-local"),
        ("2001:0:4136:e378:8000:63bf:f5ff:fffe", "private"),  # Teredo, client 10.0.0.1
        ("64:ff9b::7f00:1", "loopback"),  # NAT64
        ("64:ff9b:1::a00:1", "private"),  # local-use NAT64
        ("fe80::1%eth0", "link-local"),
        ("::", "unspecified"),
        ("::2", "unspecified"),  # IPv4-compatible 0.0.0.2
    ],
)
def test_address_kinds(address, kind):
    assert non_public_kind(address) == kind


@pytest.mark.parametrize("address", ["8.8.8.8", "2606:4700:4700::1111", "2002:808:808::1", "64:ff9b::808:808"])
def test_public_addresses(address):
    assert non_public_kind(address) is None


def test_kind_groups():
    assert [
        kind_group(k)
        for k in (
            "loopback",
            "unspecified",
            "private",
            "unique local",
            "site-local",
            "reserved",
            "link-local",
            "cloud metadata",
        )
    ] == ["loopback", "loopback", "private", "private", "private", "private", "never", "never"]


FRAMES = """<html><body><h1>Host page</h1><p>Before the frames.</p>
<iframe src="http://169.254.169.254/latest/meta-data/"></iframe>
<iframe src="http://[fe80::1]/"></iframe>
<iframe src="http://[::ffff:a9fe:a9fe]/"></iframe>
<iframe src="http://10.255.255.1/"></iframe>
<iframe src="/frame"></iframe>
<p>After the frames.</p></body></html>"""


@pytest.mark.integration
def test_iframes_never_reach_link_local_metadata_or_another_kind_of_network(tmp_path):
    # a crawl that started on loopback: its own loopback frame is inlined, the others are refused before
    # any connection (they would time out otherwise) and robots.txt is never asked of them
    with TestServer() as srv:
        srv.route("/", FRAMES)
        srv.route("/frame", "<p>Own frame.</p>")
        result = crawl.run("page", {"DOWNLOAD_TIMEOUT": 20}, url=srv.url("/"), output="")
    [item] = result.items
    assert item["markdown"] == "# Host page\n\nBefore the frames.\n\nOwn frame.\n\nAfter the frames."
    assert result.stats["web2md/netguard_refused"] == 4
    assert result.stats["web2md/iframe/refused"] == 4
    assert "robotstxt/exception_count/AddressRefused" not in str(result.stats)
    assert result.stats["robotstxt/request_count"] == 1


@pytest.mark.integration
def test_redirect_and_meta_refresh_to_link_local_are_refused():
    with TestServer() as srv:
        srv.route("/moved", status=302, headers={"Location": "http://169.254.169.254/latest/"})
        srv.route("/refresh", '<meta http-equiv="refresh" content="0; url=http://[fe80::1]/">')
        result = crawl.run("page", url=f"{srv.url('/moved')} {srv.url('/refresh')}", output="")
    assert result.items == []
    assert result.stats["web2md/netguard_refused"] == 2
    reasons = sorted(f["reason"] for f in result.failures)
    assert reasons[0].startswith(
        "refused: 169.254.169.254 is a cloud metadata address (not where the crawl started; allow it by name"
    )
    assert reasons[1].startswith("refused: fe80::1 is a link-local address")


@pytest.mark.integration
def test_sitemaps_listed_by_robots_txt_are_guarded():
    with TestServer() as srv:
        srv.route(
            "/robots.txt", "Sitemap: http://169.254.169.254/sitemap.xml\n", headers={"Content-Type": "text/plain"}
        )
        srv.route("/sitemap.xml", "", status=404)
        result = crawl.run("sitemap", url=srv.url("/"), output="")
    assert result.stats["web2md/netguard_refused"] == 1


def outbound_address(family: socket.AddressFamily, probe: str) -> str | None:
    """This machine's non-loopback address toward `probe` (no packet is sent), or None."""
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            address = s.getsockname()[0]
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.bind((address, 0))
    except OSError:
        return None
    kind = non_public_kind(address)
    return address if kind is not None and kind_group(kind) == "private" else None


@pytest.mark.integration
def test_a_crawl_on_another_network_does_not_reach_loopback():
    address = outbound_address(socket.AF_INET, "10.255.255.255") or outbound_address(socket.AF_INET6, "fd00::ffff")
    if address is None:
        pytest.skip("this machine has no private non-loopback address")
    with TestServer() as loopback, TestServer(address) as intranet:
        loopback.route("/secret", "<p>Secret.</p>")
        intranet.route(
            "/", f'<p>Intranet page.</p><iframe src="{loopback.url("/secret")}"></iframe><iframe src="/frame"></iframe>'
        )
        intranet.route("/frame", "<p>Intranet frame.</p>")
        result = crawl.run("page", url=intranet.url("/"), output="")
        [item] = result.items
        assert item["markdown"] == "Intranet page.\n\nIntranet frame."
        assert loopback.paths() == []
        # and the other way round: a crawl of loopback does not reach the intranet
        loopback.route("/", f'<p>Local page.</p><iframe src="{intranet.url("/frame")}"></iframe>')
        result = crawl.run("page", url=loopback.url("/"), output="")
        [item] = result.items
        assert item["markdown"] == "Local page."
        assert intranet.paths().count("/frame") == 1


@pytest.mark.integration
@pytest.mark.parametrize("allowed", ["address", "network"])
def test_allowed_by_name_or_network(allowed):
    address = outbound_address(socket.AF_INET, "10.255.255.255") or outbound_address(socket.AF_INET6, "fd00::ffff")
    if address is None:
        pytest.skip("this machine has no private non-loopback address")
    entry = address if allowed == "address" else f"{address}/16"
    with TestServer() as loopback, TestServer(address) as intranet:
        intranet.route("/frame", "<p>Intranet frame.</p>")
        loopback.route("/", f'<p>Local page.</p><iframe src="{intranet.url("/frame")}"></iframe>')
        result = crawl.run("page", {"WEB2MD_NETGUARD_ALLOWED_HOSTS": [entry]}, url=loopback.url("/"), output="")
    [item] = result.items
    assert item["markdown"] == "Local page.\n\nIntranet frame."
    assert "web2md/netguard_refused" not in result.stats


def has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.integration
@pytest.mark.skipif(not has_ipv6_loopback(), reason="no ::1 on this machine")
def test_ipv6_literal_urls_are_fetched_and_count_as_loopback(tmp_path):
    with TestServer("::1") as v6, TestServer() as v4:
        v4.route("/frame", "<p>IPv4 loopback frame.</p>")
        v6.route("/", f'<h1>Over IPv6</h1><iframe src="{v4.url("/frame")}"></iframe>')
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        done = subprocess.run(
            [sys.executable, "-m", "web2md.frontends.cli", "fetch", v6.url("/")],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "# Over IPv6\n\nIPv4 loopback frame.\n"
