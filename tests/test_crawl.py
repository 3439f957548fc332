"""Crawls against a real HTTP server on 127.0.0.1: the `site` and `page` spiders, pipelines, files and feed exports."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md import convert, crawl, text_for
from web2md.exporters import MarkdownItemExporter, render_header
from web2md.items import PageItem, item_to_dict
from web2md.paths import page_path

FIXTURE = Path(__file__).parent / "fixtures" / "site"
ROOT = Path(__file__).resolve().parent.parent

# final URL paths of the pages a crawl of the fixture site exports, by depth
LAYERS = [
    {"/"},
    {"/a.html", "/b.html", "/c.html"},
    {"/docs/a1.html", "/docs/b1.html", "/docs/c1.html"},
    {"/docs/a2.html", "/index.html"},
]


@pytest.fixture()
def external():
    with TestServer() as srv:
        srv.route("/", "<html><body><p>external</p></body></html>")
        yield srv


@pytest.fixture()
def site(external):
    """The fixture site, with a redirect, a 404, a 500 and a link to the `external` server."""
    with TestServer() as srv:
        home = (FIXTURE / "index.html").read_text().replace("EXTERNAL_URL", external.url("/page.html"))
        srv.route("/", home)
        srv.route("/index.html", home)
        srv.route("/moved", status=301, headers={"Location": "/c.html"})
        srv.route("/error", "<html><body>boom</body></html>", status=500)
        srv.files(FIXTURE)
        yield srv


def fetched(srv: TestServer) -> list[str]:
    """Paths the crawl requested, leaving out robots.txt (the robots middleware's business)."""
    return [p for p in srv.paths() if p != "/robots.txt"]


def paths_of(srv: TestServer, items) -> set[str]:
    prefix = srv.url("")
    return {item["final_url"][len(prefix) :] or "/" for item in items}


def run_site(srv, tmp_path, **args):
    args.setdefault("output", str(tmp_path / "out"))
    return crawl.run("site", url=srv.url("/"), **args)


@pytest.mark.integration
@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_depth_bounds_the_breadth_first_crawl(site, tmp_path, depth):
    # "/" and "/index.html" are one page: near-duplicate dropping is off to see both (tests/test_pipelines_meta.py)
    result = run_site(site, tmp_path, depth=depth, dedupe="off")
    assert paths_of(site, result.items) == set().union(*LAYERS[: depth + 1])
    assert len(result.items) == len(set().union(*LAYERS[: depth + 1]))  # each page once


@pytest.mark.integration
def test_breadth_first_order(site, tmp_path):
    # one request at a time, so the order the server sees is the scheduler's order. A page's links reach the
    # scheduler once a worker has read it, while the next page downloads: the scheduler hands out the shallowest
    # request it knows of, so all of a layer goes before the next one only where every link of the layer above is known
    result = crawl.run("site", {"CONCURRENT_REQUESTS": 1}, url=site.url("/"), depth=3, output="", dedupe="off")
    depth_of = {p: d for d, layer in enumerate(LAYERS) for p in layer}
    order = [depth_of[p] for p in fetched(site) if p in depth_of]
    assert order[:4] == [0, 1, 1, 1]
    assert paths_of(site, result.items) == set(depth_of)
    assert sorted(order) == [0, 1, 1, 1, 2, 2, 2, 3, 3]
    # each page at the fewest link hops it is found at
    assert {paths_of(site, [item]).pop(): result.depths[id(item)] for item in result.items} == depth_of


@pytest.mark.integration
def test_only_same_origin_http_links_are_followed(site, external, tmp_path):
    run_site(site, tmp_path, depth=2)
    assert external.requests == []
    requested = set(fetched(site))
    assert requested == {
        "/",
        "/a.html",
        "/b.html",
        "/moved",
        "/c.html",
        "/missing.html",
        "/error",
        "/docs/a1.html",
        "/docs/b1.html",
        "/docs/c1.html",
    }
    assert not any("#" in p or "mailto" in p or "javascript" in p for p in requested)


@pytest.mark.integration
def test_redirect_records_the_final_url(site, tmp_path):
    result = run_site(site, tmp_path, depth=1)
    moved = [item for item in result.items if item["url"].endswith("/moved")]
    assert len(moved) == 1
    assert moved[0]["final_url"] == site.url("/c.html")
    assert moved[0]["title"] == "Page C"
    assert (tmp_path / "out" / page_path(site.url("/c.html"), "md")).is_file()


@pytest.mark.integration
def test_http_errors_are_counted_and_do_not_stop_the_crawl(site, tmp_path):
    result = run_site(site, tmp_path, depth=2)
    assert {(f["url"], f["status"]) for f in result.failures} == {
        (site.url("/missing.html"), 404),
        (site.url("/error"), 500),
    }
    assert {k: v for k, v in result.stats.items() if k.startswith("web2md/failed/")} == {
        "web2md/failed/http_404": 1,
        "web2md/failed/http_500": 1,
    }
    # pages after the failures still came through, the failures wrote nothing
    assert {"/docs/a1.html", "/docs/c1.html"} <= paths_of(site, result.items)
    names = {p.name for p in (tmp_path / "out").rglob("*")}
    assert "missing.html.md" not in names and "error.md" not in names


@pytest.mark.integration
def test_files_hold_the_markdown_and_the_json_fields(site, tmp_path):
    result = run_site(site, tmp_path, depth=1, formats="md,json")
    out = tmp_path / "out"
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file() and "_runs" not in p.parts)
    host = f"127.0.0.1_{site.port}"
    assert files == sorted(
        f"{host}/{name}"
        for name in [
            "index.md",
            "index.json",
            "a.html.md",
            "a.html.json",
            "b.html.md",
            "b.html.json",
            "c.html.md",
            "c.html.json",
        ]
    )
    for item in result.items:
        md = (out / page_path(item["final_url"], "md")).read_text(encoding="utf-8")
        assert md == item["markdown"] + "\n"
        data = json.loads((out / page_path(item["final_url"], "json")).read_text(encoding="utf-8"))
        # the JSON format leaves out `text` (the Markdown without its syntax)
        assert data == json.loads(json.dumps({k: v for k, v in item_to_dict(item).items() if k != "text"}))
        assert None not in data.values() and "tree" not in data and "body" not in data
        assert {"url", "final_url", "status", "content_type", "markdown", "title"} <= set(data)
    # the page went through the core with its final URL
    expected = convert((FIXTURE / "c.html").read_bytes(), url=site.url("/c.html")).markdown
    assert (out / host / "c.html.md").read_text(encoding="utf-8") == expected + "\n"
    assert "reached through the redirect" in expected


@pytest.mark.integration
def test_output_setting_is_the_default_folder(site, tmp_path):
    crawl.run("site", {"WEB2MD_OUTPUT_DIR": str(tmp_path / "from-setting")}, url=site.url("/"), depth=0)
    assert (tmp_path / "from-setting" / f"127.0.0.1_{site.port}" / "index.md").is_file()


@pytest.mark.integration
def test_empty_format_list_writes_no_files(site, tmp_path):
    result = run_site(site, tmp_path, depth=1, formats="")
    assert len(result.items) == 4
    assert not (tmp_path / "out").exists()


@pytest.mark.integration
def test_unknown_format_is_refused_before_crawling(site, tmp_path):
    with pytest.raises(ValueError, match="unknown format 'pdf'"):
        run_site(site, tmp_path, depth=1, formats="md,pdf")
    assert site.requests == []


@pytest.mark.integration
def test_max_pages_bounds_the_requests(site, tmp_path):
    result = run_site(site, tmp_path, depth=3, max_pages=3)
    assert sorted(fetched(site)) == ["/", "/a.html", "/b.html"]  # the first three links in document order
    assert paths_of(site, result.items) == {"/", "/a.html", "/b.html"}
    assert result.stats["web2md/max_pages_skipped"] > 0


@pytest.mark.integration
def test_nofollow_links_are_not_followed(tmp_path):
    with TestServer() as srv:
        srv.route("/", '<html><body><a href="/x" rel="nofollow">x</a> <a href="/y">y</a></body></html>')
        srv.route("/x", "<p>x</p>")
        srv.route("/y", "<p>y</p>")
        crawl.run("site", url=srv.url("/"), depth=1, output="")
        assert sorted(fetched(srv)) == ["/", "/y"]


@pytest.mark.integration
def test_a_link_redirecting_off_site_is_not_fetched_or_exported(external, tmp_path):
    with TestServer() as srv:
        srv.route("/", '<html><body><a href="/out">out</a></body></html>')
        srv.route("/out", status=302, headers={"Location": external.url("/")})
        result = crawl.run("site", url=srv.url("/"), depth=1, output="")
        assert [item["final_url"] for item in result.items] == [srv.url("/")]
        assert result.stats["web2md/offsite_redirect_count"] == 1


@pytest.mark.integration
def test_a_start_url_that_redirects_makes_the_target_the_site(external, tmp_path):
    external.route("/home", '<html><body><a href="/next">next</a></body></html>')
    external.route("/next", "<p>next page</p>")
    with TestServer() as srv:
        srv.route("/", status=301, headers={"Location": external.url("/home")})
        result = crawl.run("site", url=srv.url("/"), depth=1, output="")
    assert sorted(item["final_url"] for item in result.items) == [external.url("/home"), external.url("/next")]


@pytest.mark.integration
def test_hostile_urls_become_safe_distinct_file_names(tmp_path):
    odd = [
        "/odd/%2e%2e/%2e%2e/escape.html",
        "/odd/..%2F..%2Fescape",
        "/odd/a%20b%3F.html?x=../../y&z=1",
        "/odd/" + "long" * 100 + ".html",
        "/odd/CON",
        "/odd/.hidden",
        "/odd/caf%C3%A9",
        "/odd/index",
        "/odd/",
        "/odd/q?a=1",
        "/odd/q?a=2",
        "/odd/%00nul",
        "/odd/back%5Cslash",
    ]
    links = "".join(f'<a href="{u}">{i}</a> ' for i, u in enumerate(odd))
    with TestServer() as srv:
        srv.route("/", f"<html><body><p>{links}</p></body></html>")
        answer = srv._respond

        def respond(rec):  # every /odd/ path is a page
            if rec.path.startswith("/odd/"):
                return 200, {}, f"<html><body><p>page {rec.path}</p></body></html>".encode()
            return answer(rec)

        srv._respond = respond
        out = tmp_path / "out"
        result = crawl.run("site", url=srv.url("/"), depth=1, output=str(out))
    assert len(result.items) == len(odd) + 1
    files = [p for p in out.rglob("*") if p.is_file() and "_runs" not in p.parts]  # _runs: the run report
    assert len(files) == len(result.items)  # no two pages share a file
    assert [p for p in tmp_path.iterdir()] == [out]  # nothing landed beside the output folder
    for path in files:
        assert out.resolve() in path.resolve().parents
        for part in path.relative_to(out).parts:
            assert re.fullmatch(r"[A-Za-z0-9_~-][A-Za-z0-9._~-]*", part), part
            assert len(part.encode()) <= 104
    for item in result.items:
        assert (out / page_path(item["final_url"], "md")).read_text().rstrip("\n") == item["markdown"]


@pytest.mark.integration
def test_page_spider_fetches_every_listed_url(site, tmp_path):
    listing = tmp_path / "urls.txt"
    listing.write_text(f"# pages\n{site.url('/b.html')}\n\n{site.url('/docs/a1.html')}\n")
    result = crawl.run(
        "page", url=f"{site.url('/a.html')}, {site.url('/c.html')} ftp:example.com", urls_file=str(listing), output=""
    )
    assert paths_of(site, result.items) == {"/a.html", "/c.html", "/b.html", "/docs/a1.html"}
    assert result.failures == [{"url": "ftp:example.com", "status": None, "reason": "invalid URL"}]
    assert sorted(fetched(site)) == ["/a.html", "/b.html", "/c.html", "/docs/a1.html"]  # no links followed


@pytest.mark.integration
def test_page_spider_keeps_commas_inside_a_url(tmp_path):
    with TestServer() as srv:
        srv.route("/list", "<p>list</p>")
        crawl.run("page", url=srv.url("/list?ids=1,2,3"), output="")
        assert fetched(srv) == ["/list?ids=1,2,3"]


@pytest.mark.integration
def test_conversion_options_are_spider_arguments(tmp_path):
    html = '<html><body><p>Our logo, drawn by hand in 1999: <img src="/logo.png" alt="Logo"></p></body></html>'
    with TestServer() as srv:
        srv.route("/", html)
        plain = crawl.run("page", url=srv.url("/"), output="")
        images = crawl.run("page", url=srv.url("/"), output="", include_images="yes")
        from_setting = crawl.run("page", {"WEB2MD_INCLUDE_IMAGES": "1"}, url=srv.url("/"), output="")
        with pytest.raises(ValueError, match="include_images expects"):
            crawl.run("page", url=srv.url("/"), output="", include_images="maybe")
    assert plain.items[0]["markdown"] == convert(html, url=srv.url("/")).markdown
    assert images.items[0]["markdown"] == convert(html, url=srv.url("/"), include_images=True).markdown
    assert from_setting.items[0]["markdown"] == images.items[0]["markdown"]
    assert f"![Logo]({srv.url('/logo.png')})" in images.items[0]["markdown"]
    assert "![Logo]" not in plain.items[0]["markdown"]


@pytest.mark.integration
def test_non_html_responses(tmp_path):
    with TestServer() as srv:
        srv.route("/data.json", '{"b": 1, "a": [true]}', headers={"Content-Type": "application/json"})
        srv.route("/doc.zip", b"PK\x03\x04 binary1234", headers={"Content-Type": "application/zip"})
        result = crawl.run("page", url=f"{srv.url('/data.json')} {srv.url('/doc.zip')}", output="")
    page, document = sorted(result.items, key=lambda item: item["url"])
    assert page["markdown"] == text_for(b'{"b": 1, "a": [true]}', "application/json")
    # a binary response becomes a DocumentItem (see docs/design.md#documents); its bytes are not in the item
    assert dict(document) == {
        "url": srv.url("/doc.zip"),
        "final_url": srv.url("/doc.zip"),
        "status": 200,
        "mime_type": "application/zip",
        "size": 15,
        "filename": "doc.zip",
        "sha256": hashlib.sha256(b"PK\x03\x04 binary1234").hexdigest(),
        "headers": document["headers"],
    }
    assert document["headers"]["content-type"] == "application/zip"
    assert result.failures == []
    assert result.stats["web2md/unsupported_count"] == 1


def test_markdown_feed_exporter_writes_a_header_per_page():
    import io

    buffer = io.BytesIO()
    exporter = MarkdownItemExporter(buffer)
    exporter.start_exporting()
    exporter.export_item(
        PageItem(
            url="https://h/a",
            final_url="https://h/a",
            status=200,
            content_type="text/html",
            title='A "quoted" title',
            markdown="# A",
        )
    )
    exporter.export_item(
        PageItem(url="https://h/old", final_url="https://h/b", status=200, content_type="text/html", markdown="B body")
    )
    exporter.finish_exporting()
    assert buffer.getvalue().decode() == (
        '---\nurl: "https://h/a"\ntitle: "A \\"quoted\\" title"\n---\n\n# A\n\n'
        '---\nurl: "https://h/old"\nfinal_url: "https://h/b"\ntitle: ""\n---\n\nB body\n'
    )


def scrapy_crawl(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        SCRAPY_SETTINGS_MODULE="web2md.settings",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    return subprocess.run(
        [sys.executable, "-m", "scrapy", "crawl", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.integration
def test_scrapy_crawl_feed_exports_jsonl_and_md(site, tmp_path):
    done = scrapy_crawl(
        tmp_path,
        "site",
        "-a",
        f"url={site.url('/')}",
        "-a",
        "depth=1",
        "-O",
        "pages.jsonl",
        "-O",
        "pages.md",
        "-s",
        "LOG_LEVEL=WARNING",
    )
    assert done.returncode == 0, done.stderr
    lines = (tmp_path / "pages.jsonl").read_text(encoding="utf-8").splitlines()
    pages = [json.loads(line) for line in lines]
    assert {p["final_url"] for p in pages} == {site.url(p) for p in ["/", "/a.html", "/b.html", "/c.html"]}
    for page in pages:
        assert None not in page.values() and "tree" not in page
        assert page["status"] == 200 and page["markdown"]
    md = (tmp_path / "pages.md").read_text(encoding="utf-8")
    # both feeds saw the same pages in the same order: the Markdown feed is header + body per page
    assert md == "\n\n".join(render_header(page) + "\n\n" + page["markdown"] for page in pages) + "\n"
    assert f'url: "{site.url("/moved")}"\nfinal_url: "{site.url("/c.html")}"\ntitle: "Page C"' in md
    # the per-page files went to the default output folder, relative to where scrapy ran
    assert (tmp_path / "output" / f"127.0.0.1_{site.port}" / "b.html.md").is_file()
