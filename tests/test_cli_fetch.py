"""`web2md fetch` as a user runs it: a subprocess against a real HTTP server; output formats and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_process import run_web2md as web2md
from tests.server import TestServer
from web2md import convert

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent

PAGE = """<!DOCTYPE html>
<html><head><title>Fetch me</title></head>
<body><nav><a href="/">Home</a></nav>
<main><h1>Fetch me</h1><p>Some <strong>bold</strong> text and <a href="/next">a link</a>,
and a picture of it: <img src="/pic.png" alt="Pic"></p></main></body></html>"""


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        srv.route("/", PAGE)
        srv.route("/old", status=301, headers={"Location": "/"})
        srv.route("/error", "<p>boom</p>", status=500)
        srv.route("/file.zip", b"PK\x03\x04 not text", headers={"Content-Type": "application/zip"})
        srv.route("/slow", PAGE, delay=3)
        yield srv


def test_markdown_is_the_default_format(server, tmp_path):
    done = web2md("fetch", server.url("/"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == convert(PAGE, url=server.url("/")).markdown + "\n"
    assert "**bold**" in done.stdout and f"[a link]({server.url('/next')})" in done.stdout
    assert done.stderr == ""
    assert list(tmp_path.iterdir()) == []  # fetch prints; it writes no output/ folder


def test_json_format_has_the_page_fields_and_no_nulls(server):
    done = web2md("fetch", "--format", "json", "--include-images", server.url("/old"))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["url"] == server.url("/old")
    assert data["final_url"] == server.url("/")
    assert data["status"] == 200
    assert data["title"] == "Fetch me"
    assert data["markdown"] == convert(PAGE, url=server.url("/"), include_images=True).markdown
    assert f"![Pic]({server.url('/pic.png')})" in data["markdown"]
    assert data["content_type"] == "text/html; charset=utf-8"
    assert None not in data.values()


def test_text_format_and_output_file(server, tmp_path):
    target = tmp_path / "page.txt"
    done = web2md("fetch", "--format", "text", "-o", str(target), server.url("/"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    text = target.read_text(encoding="utf-8")
    assert text == convert(PAGE, url=server.url("/")).text + "\n"
    assert "Some bold text and a link" in text and "**" not in text and "](" not in text


@pytest.mark.parametrize("url", ["ftp:example.com", "ftp://example.com/x", "http://", "not a url"])
def test_invalid_url_exits_2_with_one_line(url):
    done = web2md("fetch", url)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"web2md: invalid URL: {url} (need an absolute http:// or https:// URL)\n"


@pytest.mark.parametrize(
    "path, message, status",
    [
        ("/missing", "web2md: HTTP 404 Not Found: {url}\n", 3),
        ("/error", "web2md: HTTP 500 Internal Server Error: {url}\n", 3),
        ("/file.zip", "web2md: cannot read application/zip (13 bytes): {url}\n", 8),
    ],
)
def test_failures_exit_with_their_status_and_one_line(server, path, message, status):
    done = web2md("fetch", server.url(path))
    assert done.returncode == status  # README "Command line": 3 HTTP error, 8 binary content
    assert done.stdout == ""
    assert done.stderr == message.format(url=server.url(path))


def test_timeout_is_reported(server):
    done = web2md("fetch", "--timeout", "0.5", server.url("/slow"))
    assert done.returncode == 4  # README "Command line": 4 timeout
    assert done.stderr == f"web2md: timed out after 0.5 s: {server.url('/slow')} (try a longer --timeout)\n"
    assert server.paths().count("/slow") == 1  # not retried: --timeout bounds the wait


def test_usage():
    done = web2md("--help")
    assert done.returncode == 0 and "fetch" in done.stdout
    done = web2md("fetch", "--format", "pdf", "http://example.com/")
    assert done.returncode == 2 and "invalid choice: 'pdf'" in done.stderr
