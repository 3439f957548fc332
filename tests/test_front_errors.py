"""What a user reads when something goes wrong, and output that is the same on every run (issue 18).

Failures at the connection level (TLS, a closed connection, a cut body, a size
cap, refused, DNS) are one plain sentence naming the URL and what to try, from
the one mapping in `web2md.failures`; bad options stop before anything is fetched.
"""

from __future__ import annotations

import argparse
import logging
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.badserver import BadServer, closed_port
from tests.cli_process import run_web2md as web2md
from tests.server import TestServer
from web2md import crawl
from web2md.failures import explain
from web2md.spiders.page import PageSpider

pytestmark = pytest.mark.integration


def page(title: str, *links: str) -> str:
    anchors = "".join(f'<p>See <a href="{href}">{href}</a> for more about the {title.lower()}.</p>' for href in links)
    return (
        f"<html lang='en'><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        f"<p>This page is about the {title.lower()} and has enough words to be a page.</p>{anchors}"
        f"</main></body></html>"
    )


SITE = {
    "/": page("Home", "/b", "/a", "/c"),
    "/a": page("Apples", "/a/deep", "/gone-a"),
    "/b": page("Bananas", "/b/deep", "/gone-b"),
    "/c": page("Cherries", "/gone-c"),
    "/a/deep": page("Apple trees"),
    "/b/deep": page("Banana boats"),
}


@pytest.fixture(scope="module")
def bad():
    with BadServer() as server:
        yield server


@pytest.fixture(scope="module")
def site():
    with TestServer() as server:
        for path, body in SITE.items():
            server.route(path, body, delay=0.05 * (len(path) % 3))  # arrival order differs from URL order
        server.route("/file.zip", b"PK\x03\x04 not text", headers={"Content-Type": "application/zip"})
        yield server


@pytest.fixture(scope="module")
def runs(bad, site):
    refused = f"http://127.0.0.1:{closed_port()}/"
    listed = (
        f"{site.url('/a')}  # apples, with a comment\n# a comment line\n\n{site.url('/file.zip')}\n{site.url('/c')}\n"
    )
    commands = {
        "tls": (("fetch", bad.url("/", scheme="https")), None),
        "closed": (("fetch", bad.url("/close")), None),
        "loss": (("fetch", bad.url("/loss")), None),
        "refused": (("fetch", refused), None),
        "dns": (("fetch", "http://no-such-host.invalid/"), None),
        "max_length": (("fetch", "--max-length", "-5", site.url("/never-max-length")), None),
        "max_pages": (("fetch", "--depth", "1", "--max-pages", "-1", site.url("/never-max-pages")), None),
        "selector": (("fetch", "--exclude-selector", "div >", site.url("/never-selector")), None),
        "typo": (("fecth", site.url("/never-typo")), None),
        "long_label": (("fetch", "http://" + "a" * 64 + ".invalid/"), None),
        "batch_stdin": (("batch", "-"), listed),
        "depth_1": (("fetch", "--depth", "2", site.url("/")), None),
        "depth_2": (("fetch", "--depth", "2", site.url("/")), None),
        "sitemap_refused": (("sitemap", refused), None),
    }
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {name: pool.submit(web2md, *args, stdin=stdin) for name, (args, stdin) in commands.items()}
        results = {name: future.result() for name, future in futures.items()}
    results["refused_url"] = refused  # type: ignore[assignment]
    return results


@pytest.mark.parametrize(
    "name, sentence",
    [
        (
            "tls",
            "TLS handshake failed (wrong version number): {https} (does the server speak https on that port? "
            "try http://)",
        ),
        ("closed", "the server closed the connection without answering: {/close} (try again later)"),
        ("loss", "the connection broke before the whole response arrived: {/loss} (try again later)"),
        ("refused", "connection refused: {refused} (is the server running, on that port?)"),
        ("dns", "cannot resolve host: http://no-such-host.invalid/ (check the host name)"),
        ("sitemap_refused", "connection refused: {refused} (is the server running, on that port?)"),
    ],
)
def test_connection_failures_are_one_plain_sentence(runs, bad, name, sentence):
    expected = re.sub(r"\{(/[^}]*)\}", lambda m: bad.url(m.group(1)), sentence)
    expected = expected.replace("{https}", bad.url("/", scheme="https")).replace("{refused}", runs["refused_url"])
    done = runs[name]
    assert (done.returncode, done.stderr, done.stdout) == (1, f"web2md: {expected}\n", "")


@pytest.mark.parametrize(
    "name, message",
    [
        ("max_length", "--max-length must not be negative, got -5"),
        ("max_pages", "--max-pages must not be negative, got -1"),
        ("selector", "invalid --exclude-selector 'div >': Expected selector, got <EOF at 5>"),
        ("typo", "unknown command 'fecth', did you mean fetch?"),
        # a host label over 63 bytes: no DNS name (the resolver's thread hung on it until the timeout)
        ("long_label", f"invalid URL: http://{'a' * 64}.invalid/ (need an absolute http:// or https:// URL)"),
    ],
)
def test_bad_options_stop_before_any_fetch(runs, site, name, message):
    done = runs[name]
    assert (done.returncode, done.stderr, done.stdout) == (2, f"web2md: {message}\n", "")
    assert not [path for path in site.paths() if path.startswith("/never")]


def test_batch_reads_stdin_skips_comments_and_names_a_binary_page(runs, site):
    done = runs["batch_stdin"]
    assert done.returncode == 1
    assert done.stderr == f"web2md: cannot read application/zip (13 bytes): {site.url('/file.zip')}\n"
    headers = re.findall(r'^url: "([^"]+)"$', done.stdout, re.M)
    assert headers == [site.url("/a"), site.url("/c")]


def test_a_depth_crawl_prints_the_same_bytes_in_breadth_first_order(runs, site):
    first, second = runs["depth_1"], runs["depth_2"]
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout and first.stderr == second.stderr
    urls = re.findall(r'^url: "([^"]+)"$', first.stdout, re.M)
    assert urls == [site.url(p) for p in ("/", "/a", "/b", "/c", "/a/deep", "/b/deep")]
    skipped = [line for line in first.stderr.splitlines()]
    assert skipped == [f"web2md: skipped HTTP 404 Not Found: {site.url(p)}" for p in ("/gone-a", "/gone-b", "/gone-c")]


def test_a_body_over_the_size_cap_names_the_limit_and_the_knob(bad, caplog):
    with caplog.at_level(logging.WARNING):
        result = crawl.run(PageSpider, {"DOWNLOAD_MAXSIZE": 50_000}, url=bad.url("/big"), output="", formats="")
    [failure] = result.failures
    assert failure["reason"] == "the response is larger than the size limit (50000 bytes)"
    assert explain(failure, knobs={"max_bytes": "--max-bytes"}) == (
        f"the response is larger than the size limit (50000 bytes): {bad.url('/big')} (raise --max-bytes)"
    )
    logged = [r.getMessage() for r in caplog.records if r.name.startswith("web2md")]
    assert logged == [f"Failed {bad.url('/big')} (too_large): the response is larger than the size limit (50000 bytes)"]


def test_the_command_line_does_not_retry_refused_connections():
    from web2md.frontends.cli import crawl_settings

    url = f"http://127.0.0.1:{closed_port()}/"
    options = argparse.Namespace(
        timeout=None,
        delay=None,
        cache_ttl=None,
        ignore_robots=True,
        no_blacklist=None,
        blacklist_file=None,
        no_user_blacklist=None,
        cookie=None,
        header=None,
    )
    quick = crawl.run(PageSpider, crawl_settings(options), url=url, output="", formats="")
    assert [f["reason"] for f in quick.failures] == ["connection refused"]
    assert "retry/count" not in quick.stats
    patient = crawl.run(PageSpider, {"ROBOTSTXT_OBEY": False}, url=url, output="", formats="")  # scrapy crawl
    assert patient.stats["retry/count"] == 2


def test_a_dropped_page_is_one_log_line(site, caplog):
    with caplog.at_level(logging.INFO):
        result = crawl.run(PageSpider, {"LOG_LEVEL": "INFO"}, url=site.url("/c"), output="", formats="", lang="de")
    assert result.items == [] and len(result.failures) == 1
    dropped = [r.getMessage() for r in caplog.records if r.name == "scrapy.core.scraper"]
    assert dropped == [f"Dropped: {site.url('/c')}: language mismatch: page language is en, wanted de"]
