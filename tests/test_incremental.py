"""Incremental re-crawls against a real local site: 304s, unchanged Markdown, gone pages, the run report, and file mtimes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.paths import page_path

pytestmark = pytest.mark.integration

LEAVES = 20
CHANGED = (1, 4, 7, 10, 13)
DELETED = (5, 15)
TOUCHED = 8  # new bytes (so a new ETag), same Markdown
OLD = 1_000_000_000  # the mtime every file gets after the first crawl


def leaf(n: int, version: str = "first") -> str:
    return (
        f"<html><head><title>Leaf {n}</title></head><body><main><h1>Leaf {n}</h1>"
        f"<p>Leaf number {n} talks about topic {n * 7919 % 1000} in its {version} version, "
        f"with enough words to count as content for the extractor.</p></main></body></html>"
    )


@pytest.fixture()
def site(tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    links = "".join(f'<li><a href="/p{n}.html">Leaf {n}</a></li>' for n in range(LEAVES))
    (root / "index.html").write_text(
        f"<html><head><title>Home</title></head><body><main><h1>Home</h1>"
        f"<p>All the leaves of this site, one link each.</p><ul>{links}</ul>"
        f"</main></body></html>"
    )
    for n in range(LEAVES):
        (root / f"p{n}.html").write_text(leaf(n))
    with TestServer() as srv:
        srv.files(root)
        srv.site_root = root
        yield srv


def mtimes(out: Path) -> dict[str, int]:
    return {
        str(p.relative_to(out)): p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file() and "_runs" not in p.parts
    }


def reports(out: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted((out / "_runs").glob("*.json"))]


def test_recrawl_rewrites_only_changed_pages_and_reports_gone_ones(site, tmp_path):
    out, state = tmp_path / "out", tmp_path / "state"
    args = {"url": site.url("/"), "depth": 1, "output": str(out), "formats": "md,json", "dedupe": "off"}
    first = crawl.run("site", {"WEB2MD_INCREMENTAL": str(state)}, **args)
    assert len(first.items) == LEAVES + 1
    assert (state / "incremental.sqlite3").is_file()
    before = mtimes(out)
    assert len(before) == 2 * (LEAVES + 1)
    for name in before:
        os.utime(out / name, ns=(OLD * 10**9, OLD * 10**9))

    for n in CHANGED:
        (site.site_root / f"p{n}.html").write_text(leaf(n, "second"))
    for n in DELETED:
        (site.site_root / f"p{n}.html").unlink()
    (site.site_root / f"p{TOUCHED}.html").write_text(leaf(TOUCHED) + "<!-- rebuilt -->")
    site.requests.clear()

    second = crawl.run("site", {"WEB2MD_INCREMENTAL": str(state)}, **args)
    rewritten = {str(page_path(site.url(f"/p{n}.html"), ext)) for n in CHANGED for ext in ("md", "json")}
    after = mtimes(out)
    assert set(after) == set(before)  # nothing removed without WEB2MD_PRUNE_GONE
    assert {name for name, mtime in after.items() if mtime != OLD * 10**9} == rewritten
    for n in CHANGED:
        assert "second version" in (out / page_path(site.url(f"/p{n}.html"), "md")).read_text()
    unchanged = LEAVES - len(CHANGED) - len(DELETED) + 1  # the 304s, the touched leaf and the home page
    assert second.stats["web2md/unchanged"] == unchanged
    assert second.stats["web2md/gone"] == len(DELETED)
    assert not [k for k in second.stats if k.startswith("web2md/failed/")]
    assert sorted(item["final_url"] for item in second.items) == sorted(site.url(f"/p{n}.html") for n in CHANGED)
    assert second.failures == []  # neither unchanged nor gone pages are failures
    # every page was asked for conditionally, the home page (whose links are followed) too: its 304 gave its links
    conditional = {r.path for r in site.requests if "If-None-Match" in r.headers}
    assert conditional == {"/"} | {f"/p{n}.html" for n in range(LEAVES)}

    report = reports(out)[-1]
    assert report["spider"] == "site"
    assert report["arguments"] == {k: str(v) for k, v in args.items()}
    assert report["settings"]["WEB2MD_INCREMENTAL"] == str(state)
    assert (report["pages_written"], report["files_written"], report["unchanged"]) == (5, 10, unchanged)
    assert report["gone"] == sorted(site.url(f"/p{n}.html") for n in DELETED)
    assert report["failed"] == {}
    assert report["finish_reason"] == "finished"
    assert report["bytes_downloaded"] > 0

    # a third crawl with -a prune_gone=1 (and the folder as an argument) removes the gone pages' files
    third = crawl.run("site", incremental=str(state), prune_gone="1", **args)
    assert third.stats["web2md/gone"] == len(DELETED)
    assert third.stats["web2md/unchanged"] == LEAVES - len(DELETED) + 1
    gone_files = {str(page_path(site.url(f"/p{n}.html"), ext)) for n in DELETED for ext in ("md", "json")}
    assert set(mtimes(out)) == set(before) - gone_files
    # forgotten: a fourth crawl no longer calls them gone, they are plain 404s
    fourth = crawl.run("site", incremental=str(state), **args)
    assert "web2md/gone" not in fourth.stats
    assert fourth.stats["web2md/failed/http_404"] == len(DELETED)
    assert len(reports(out)) == 4


def test_a_crawl_without_output_writes_no_report(site, tmp_path):
    crawl.run("page", url=site.url("/p0.html"), output="")
    assert not list(tmp_path.rglob("_runs"))


def test_a_bundle_recrawl_asks_for_pages_whole_so_llms_full_keeps_every_page(site, tmp_path):
    out, state = tmp_path / "out", tmp_path / "state"
    args = {"url": site.url("/"), "depth": 1, "output": str(out), "bundle": "1", "dedupe": "off"}
    crawl.run("site", {"WEB2MD_INCREMENTAL": str(state)}, **args)
    (site.site_root / "p1.html").write_text(leaf(1, "second"))
    site.requests.clear()

    again = crawl.run("site", {"WEB2MD_INCREMENTAL": str(state)}, **args)
    full = ((out / page_path(site.url("/"), "md")).parent / "llms-full.txt").read_text()
    assert "Leaf number 1 talks about topic 919 in its second version" in full
    assert all(f"Leaf number {n} talks" in full for n in range(LEAVES))
    assert again.stats["web2md/unchanged"] == LEAVES  # unchanged Markdown: no file written again
    assert not [r.path for r in site.requests if "If-None-Match" in r.headers]
