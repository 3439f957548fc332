"""What changed since the last run of an incremental crawl, against a real local site: each page's status, the diff,
the files beside the run report, the Atom feed, 304s that still yield links, and state files of the earlier format."""

from __future__ import annotations

import itertools
import json
import sqlite3
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.extract.documents.feeds import parse_feed

pytestmark = pytest.mark.integration

TEXT = "says something in its {} version, with enough words to count as the content of a page."


def page(title: str, text: str, links: tuple[str, ...] = ()) -> str:
    items = "".join(f'<li><a href="{href}">{href}</a></li>' for href in links)
    return (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1><p>{text}</p>"
        f"<ul>{items}</ul></main></body></html>"
    )


def leaf(n: int, version: str = "first") -> str:
    return page(f"Page {n}", f"Page number {n} {TEXT.format(version)}")


def home(*leaves: int) -> str:
    return page("Home", "All the pages of this site, one link each.", tuple(f"/p{n}.html" for n in leaves))


def rotating(counter: itertools.count):
    """A page whose boilerplate (a CSRF token, an advert, a timestamp) changes on every request, not its text."""

    def answer(_request) -> tuple[int, dict[str, str], bytes]:
        n = next(counter)
        body = (
            f'<html><head><title>Token</title></head><body><header><form><input type="hidden" name="csrf" '
            f'value="token{n}"></form><div class="ad">Advert number {n}</div></header><main><h1>Token</h1>'
            f"<p>The text of this page stays the same whatever the request, {TEXT.format('only')}</p></main>"
            f"<footer>Generated at 12:00:{n:02d}, request {n}</footer></body></html>"
        )
        return 200, {}, body.encode()

    return answer


@pytest.fixture()
def site(tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    (root / "index.html").write_text(home(0, 1, 2, 3))
    for n in range(4):
        (root / f"p{n}.html").write_text(leaf(n))
    with TestServer() as srv:
        srv.files(root)
        srv.site_root = root
        yield srv


def run(site: TestServer, tmp_path: Path, **extra: str) -> crawl.CrawlResult:
    args = {"url": site.url("/"), "depth": 1, "output": str(tmp_path / "out"), "dedupe": "off", **extra}
    return crawl.run("site", {"WEB2MD_INCREMENTAL": str(tmp_path / "state")}, **args)


def changes(tmp_path: Path) -> list[dict]:
    lines = (tmp_path / "out" / "_runs" / "changes.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def last_report(tmp_path: Path) -> dict:
    return json.loads(sorted((tmp_path / "out" / "_runs").glob("*.json"))[-1].read_text())


def test_each_page_is_new_changed_unchanged_or_gone_with_the_diff_of_its_markdown(site, tmp_path):
    site.route("/token", handler=rotating(itertools.count()))
    root = site.site_root
    (root / "index.html").write_text(home(0, 1, 2, 3).replace("</ul>", '<li><a href="/token">t</a></li></ul>'))
    run(site, tmp_path)
    url = site.url
    assert changes(tmp_path) == [
        {"status": "new", "title": "Home", "url": url("/")},
        *({"status": "new", "title": f"Page {n}", "url": url(f"/p{n}.html")} for n in range(4)),
        {"status": "new", "title": "Token", "url": url("/token")},
    ]

    (root / "p1.html").write_text(leaf(1, "second"))  # changed
    (root / "p2.html").unlink()  # gone: 404
    (root / "p4.html").write_text(leaf(4))  # new: linked from the home page instead of p3
    # p3 is no longer linked (its file stays): gone; the home page's Markdown changes with its links
    (root / "index.html").write_text(home(0, 1, 2, 4).replace("</ul>", '<li><a href="/token">t</a></li></ul>'))
    second = run(site, tmp_path)

    p1_diff = (
        f"--- {url('/p1.html')} (previous run)\n+++ {url('/p1.html')} (this run)\n@@ -1,3 +1,3 @@\n # Page 1\n \n"
        f"-Page number 1 {TEXT.format('first')}\n+Page number 1 {TEXT.format('second')}"
    )
    home_diff = (
        f"--- {url('/')} (previous run)\n+++ {url('/')} (this run)\n@@ -5,5 +5,5 @@\n"
        f" - [/p0.html]({url('/p0.html')})\n - [/p1.html]({url('/p1.html')})\n - [/p2.html]({url('/p2.html')})\n"
        f"-- [/p3.html]({url('/p3.html')})\n+- [/p4.html]({url('/p4.html')})\n - [t]({url('/token')})"
    )
    assert changes(tmp_path) == [
        {"status": "new", "title": "Page 4", "url": url("/p4.html")},
        {"status": "changed", "title": "Home", "url": url("/"), "diff": home_diff},
        {"status": "changed", "title": "Page 1", "url": url("/p1.html"), "diff": p1_diff},
        {"status": "gone", "title": "Page 2", "url": url("/p2.html"), "reason": "HTTP 404"},
        {"status": "gone", "title": "Page 3", "url": url("/p3.html"), "reason": "no longer linked"},
        {"status": "unchanged", "title": "Page 0", "url": url("/p0.html")},
        # its token, advert and timestamp changed on every request: not its Markdown
        {"status": "unchanged", "title": "Token", "url": url("/token")},
    ]
    counts = {"new": 1, "changed": 2, "gone": 2, "unchanged": 2}
    assert last_report(tmp_path)["changes"] == counts
    assert last_report(tmp_path)["gone"] == [url("/p2.html"), url("/p3.html")]
    assert {k: v for k, v in second.stats.items() if k.startswith("web2md/changes/")} == {
        f"web2md/changes/{status}": count for status, count in counts.items()
    }
    assert (tmp_path / "out" / "_runs" / "changes.md").read_text() == (
        f"# What changed: site crawl of {last_report(tmp_path)['started']}\n\n"
        "1 new, 2 changed, 2 gone, 2 unchanged.\n\n"
        f"## New\n\n- [Page 4](<{url('/p4.html')}>)\n\n"
        f"## Changed\n\n### [Home](<{url('/')}>)\n\n```diff\n{home_diff}\n```\n\n"
        f"### [Page 1](<{url('/p1.html')}>)\n\n```diff\n{p1_diff}\n```\n\n"
        f"## Gone\n\n- [Page 2](<{url('/p2.html')}>) (HTTP 404)\n- [Page 3](<{url('/p3.html')}>) (no longer linked)\n"
    )


def test_an_unchanged_site_is_asked_conditionally_and_every_page_answers_304(site, tmp_path):
    root = site.site_root
    (root / "p0.html").write_text(page("Page 0", f"Page number 0 {TEXT.format('first')}", ("/deep.html",)))
    (root / "deep.html").write_text(page("Deep", f"A page two links away {TEXT.format('first')}"))
    run(site, tmp_path, depth="2")
    pages = {"/", "/p0.html", "/p1.html", "/p2.html", "/p3.html", "/deep.html"}
    assert {r.path for r in site.requests} == pages | {"/robots.txt"}
    site.requests.clear()

    second = run(site, tmp_path, depth="2")
    # each page once, conditionally, and each answered 304: the home page and p0, whose links are followed, too
    asked = sorted(r.path for r in site.requests if r.path != "/robots.txt")
    assert asked == sorted(pages)
    assert all("If-None-Match" in r.headers for r in site.requests if r.path != "/robots.txt")
    assert second.stats["downloader/response_status_count/304"] == len(pages)
    assert "downloader/response_status_count/200" not in second.stats
    assert second.stats["web2md/unchanged"] == len(pages)
    assert second.items == []
    assert [row["status"] for row in changes(tmp_path)] == ["unchanged"] * len(pages)

    # a page changed below a 304: found through the links kept, fetched whole, and only it
    (root / "deep.html").write_text(page("Deep", f"A page two links away {TEXT.format('second')}"))
    site.requests.clear()
    third = run(site, tmp_path, depth="2")
    assert [item["url"] for item in third.items] == [site.url("/deep.html")]
    assert third.stats["downloader/response_status_count/304"] == len(pages) - 1
    assert [(row["status"], row["url"]) for row in changes(tmp_path)][0] == ("changed", site.url("/deep.html"))


def test_the_atom_feed_of_changes_is_read_by_the_feed_parser_and_the_feed_spider(site, tmp_path):
    run(site, tmp_path)
    (site.site_root / "p1.html").write_text(leaf(1, "second"))
    (site.site_root / "p2.html").unlink()
    run(site, tmp_path)
    runs = tmp_path / "out" / "_runs"
    feed = parse_feed((runs / "changes.atom").read_bytes(), "http://feeds.invalid/changes.atom")
    url = site.url
    assert feed.title == f"web2md: what changed in {tmp_path / 'out'}"
    # this run's entries first, then the first run's (a gone page links to nothing to read)
    assert [(entry.title, entry.link) for entry in feed.entries] == [
        ("Changed: Page 1", url("/p1.html")),
        ("Gone: Page 2", None),
        ("New: Home", url("/")),
        *((f"New: Page {n}", url(f"/p{n}.html")) for n in range(4)),
    ]
    assert feed.entries[0].content == (
        f"```diff\n--- {url('/p1.html')} (previous run)\n+++ {url('/p1.html')} (this run)\n@@ -1,3 +1,3 @@\n"
        f" # Page 1\n\n-Page number 1 {TEXT.format('first')}\n+Page number 1 {TEXT.format('second')}\n```"
    )
    assert len({entry.id for entry in feed.entries}) == 7
    started = last_report(tmp_path)["started"]
    assert feed.entries[1].summary == f"Gone (HTTP 404) in the site crawl of {started}: {url('/p2.html')}"

    # a third run with nothing new adds no entry: the page still gone is listed in changes.jsonl, not in the feed again
    run(site, tmp_path)
    assert changes(tmp_path)[0] == {
        "already_gone": True,
        "reason": "HTTP 404",
        "status": "gone",
        "title": "Page 2",
        "url": url("/p2.html"),
    }
    assert len(parse_feed((runs / "changes.atom").read_bytes()).entries) == 7
    # the feed spider reads the feed and fetches the pages its entries link to (p2's first entry, when it was new)
    with TestServer() as feeds:
        feeds.files(runs)
        site.requests.clear()
        read = crawl.run("feed", url=feeds.url("/changes.atom"), output="")
    assert sorted(item["url"] for item in read.items) == sorted([url("/"), *(url(f"/p{n}.html") for n in (0, 1, 3))])
    fetched = sorted(r.path for r in site.requests if r.path != "/robots.txt")
    assert fetched == ["/", "/p0.html", "/p1.html", "/p2.html", "/p3.html"]


def test_no_page_is_gone_unlinked_when_max_pages_stopped_the_crawl(site, tmp_path):
    run(site, tmp_path, max_pages="5")
    second = run(site, tmp_path, max_pages="3")
    assert second.stats["web2md/max_pages_skipped"] == 2
    assert "web2md/gone" not in second.stats
    assert [row["status"] for row in changes(tmp_path)] == ["unchanged"] * 3


def test_a_state_file_of_the_earlier_format_is_read_and_its_pages_gain_links_and_markdown(site, tmp_path):
    run(site, tmp_path)
    with sqlite3.connect(tmp_path / "state" / "incremental.sqlite3") as db:  # as web2md wrote it before
        for column in ("title", "markdown", "links", "directives", "staged_links", "staged_directives", "gone"):
            db.execute(f"ALTER TABLE pages DROP COLUMN {column}")
    (site.site_root / "p1.html").write_text(leaf(1, "second"))
    site.requests.clear()
    run(site, tmp_path)
    # the home page's links were not kept: it is fetched whole once; the leaves are asked conditionally
    assert sorted(r.path for r in site.requests if "If-None-Match" in r.headers) == [f"/p{n}.html" for n in range(4)]
    rows = changes(tmp_path)
    assert rows[0] == {"status": "changed", "title": "Page 1", "url": site.url("/p1.html"), "diff": None}
    assert [(row["status"], row["title"]) for row in rows[1:]] == [
        ("unchanged", "Home"),
        ("unchanged", None),  # a 304: the earlier state had no title
        ("unchanged", None),
        ("unchanged", None),
    ]
    assert "### [Page 1]" in (tmp_path / "out" / "_runs" / "changes.md").read_text()
    assert "The previous Markdown was not kept: no diff." in (tmp_path / "out" / "_runs" / "changes.md").read_text()
    site.requests.clear()
    run(site, tmp_path)
    assert all("If-None-Match" in r.headers for r in site.requests if r.path != "/robots.txt")
