"""The run report lists each failed, dropped and skipped URL with its reason, and counts what was written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md import crawl

pytestmark = pytest.mark.integration

HOME = """<html><head><title>Home</title></head><body><h1>Home</h1><p>The home page of a small site.</p><ul>
<li><a href="/ok">a page</a></li>
<li><a href="/paper.zip">a document</a></li>
<li><a href="/missing">a page that is not there</a></li>
<li><a href="/private/secret">a page robots.txt forbids</a></li>
<li><a href="/ads/banner">a blacklisted link</a></li>
<li><a href="/drafts/one">a link out of scope</a></li>
<li><a href="http://other.invalid/page">a link to another site</a></li>
</ul></body></html>"""


def report_of(out: Path) -> dict:
    (path,) = (out / "_runs").glob("*-site.json")
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_report_names_each_url_not_written_and_counts_the_files(tmp_path):
    with TestServer() as srv:
        srv.route("/", HOME)
        srv.route("/ok", "<html><head><title>OK</title></head><body><h1>OK</h1><p>A page of text.</p></body></html>")
        srv.route("/robots.txt", "User-agent: *\nDisallow: /private/\n", headers={"Content-Type": "text/plain"})
        srv.route("/private/secret", "<p>secret</p>")
        srv.route("/paper.zip", b"PK\x03\x04\n", headers={"Content-Type": "application/zip"})
        out = tmp_path / "out"
        crawl.run("site", url=srv.url("/"), depth=1, deny="/drafts/", output=str(out), formats="md,json")
        report = report_of(out)
        base = srv.url("")
    robots = "Forbidden by robots.txt (disallowed for user agent 'web2md/0.1 (+https://github.com/web2md)'): "
    assert sorted(report["failed_urls"], key=lambda f: f["url"]) == [  # in the order they failed
        {"url": f"{base}/missing", "status": 404, "reason": "HTTP 404 Not Found"},
        {"url": f"{base}/private/secret", "status": None, "reason": f"{robots}{base}/private/secret"},
    ]
    assert report["skipped_urls"] == [
        {"url": f"{base}/ads/banner", "reason": "blacklist: /ads/"},
        {"url": f"{base}/drafts/one", "reason": "scope: deny"},
        {"url": "http://other.invalid/page", "reason": "scope: offsite"},
    ]
    assert (report["failed_urls_not_listed"], report["skipped_urls_not_listed"]) == (0, 0)
    assert report["dropped_urls"] == []
    pages = [p for p in out.rglob("*.md")]
    files = [p for p in out.rglob("*") if p.is_file() and "_runs" not in p.parts]
    assert len(pages) == 2 and len(files) == 2 * 2 + 1  # two pages in two formats, the archive as it came
    assert (report["pages_written"], report["documents_written"], report["files_written"]) == (2, 1, len(files))
