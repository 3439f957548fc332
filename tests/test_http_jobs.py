"""`web2md serve`'s map, crawl and batch endpoints through the official firecrawl-py SDK: limits, include paths,
pagination, cancelling, errors, robots.txt, jobs kept across a restart, and the refusals."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from firecrawl import Firecrawl
from firecrawl.v2.utils.error_handler import BadRequestError, FirecrawlError, RateLimitError

from tests.api_harness import running_api
from tests.server import TestServer
from web2md.frontends import http_jobs
from web2md.frontends.http_api import ApiOptions
from web2md.frontends.mcp_server import ServerOptions

pytestmark = pytest.mark.integration


def page(title: str, *links: str) -> str:
    anchors = " ".join(f"<a href='{href}'>{href}</a>" for href in links)
    return (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        f"<p>This is the page called {title}, with enough words to be read as content.</p>"
        f"<p>{anchors}</p></main></body></html>"
    )


SITE = {
    "/": page("Home", "/blog/a", "/blog/b", "/about", "/private/x", "/gone"),
    "/blog/a": page("A", "/blog/b", "/blog/deep"),
    "/blog/b": page("B"),
    "/blog/deep": page("Deep"),
    "/about": page("About"),
    "/private/x": page("Private"),
    "/orphan": page("Orphan"),
}


@pytest.fixture(scope="module")
def site() -> Iterator[TestServer]:
    with TestServer() as srv:
        for path, body in SITE.items():
            srv.route(path, body)
        srv.route("/robots.txt", "User-agent: *\nDisallow: /private/\n", headers={"Content-Type": "text/plain"})
        srv.route(
            "/sitemap.xml",
            '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{srv.url('/about')}</loc></url><url><loc>{srv.url('/orphan')}</loc></url></urlset>",
            headers={"Content-Type": "application/xml"},
        )
        for n in range(4):
            srv.route(f"/slow/{n}", page(f"Slow {n}", *(f"/slow/{m}" for m in range(4))), delay=1.5)
        yield srv


def options(state: Path, **kwargs) -> ApiOptions:
    return ApiOptions(state_dir=state, fetch=ServerOptions(allow_private=True, timeout=20), **kwargs)


@pytest.fixture(scope="module")
def api(tmp_path_factory) -> Iterator[str]:
    with running_api(options(tmp_path_factory.mktemp("state"), max_limit=50)) as base:
        yield base


def sources(documents) -> list[str]:
    return sorted(doc.metadata.source_url for doc in documents)


def wait(client: Firecrawl, id: str, kind: str = "crawl"):
    deadline = time.monotonic() + 60
    while True:
        job = client.get_crawl_status(id) if kind == "crawl" else client.get_batch_scrape_status(id)
        if job.status != "scraping" or time.monotonic() > deadline:
            return job
        time.sleep(0.2)


def test_crawl_with_a_limit(api, site):
    job = Firecrawl(api_key="k", api_url=api).crawl(site.url("/"), limit=3, sitemap="skip", poll_interval=1)
    assert (job.status, job.completed) == ("completed", 3)
    # breadth first, in the order of the links: the start page and its first two links
    assert sources(job.data) == [site.url("/"), site.url("/blog/a"), site.url("/blog/b")]
    assert job.data[0].markdown.startswith("# ")


def test_crawl_with_include_and_exclude_paths(api, site):
    client = Firecrawl(api_key="k", api_url=api)
    job = client.crawl(site.url("/"), include_paths=["^/blog/.*"], exclude_paths=["deep"], poll_interval=1)
    assert job.status == "completed"
    # the start URL is always read (its links are the way in), as every web2md crawl does
    assert sources(job.data) == [site.url("/"), site.url("/blog/a"), site.url("/blog/b")]
    job = client.crawl(site.url("/"), max_discovery_depth=1, sitemap="include", poll_interval=1)
    assert sources(job.data) == [
        site.url("/"),
        site.url("/about"),
        site.url("/blog/a"),
        site.url("/blog/b"),
        site.url("/orphan"),
    ]


def test_crawl_errors_and_robots(api, site):
    client = Firecrawl(api_key="k", api_url=api)
    job = client.start_crawl(site.url("/"), max_discovery_depth=1, sitemap="skip")
    assert wait(client, job.id).status == "completed"
    errors = client.get_crawl_errors(job.id)
    assert errors.robots_blocked == [site.url("/private/x")]
    assert [(e.url, e.code, e.error) for e in errors.errors] == [
        (site.url("/gone"), "SCRAPE_SITE_ERROR", f"HTTP 404 Not Found: {site.url('/gone')}")
    ]


def test_crawl_scrape_options_apply_to_every_page(api, site):
    job = Firecrawl(api_key="k", api_url=api).crawl(
        site.url("/blog/a"),
        limit=2,
        sitemap="skip",
        scrape_options={"formats": ["raw_html", "links"], "include_tags": ["h1"]},
        poll_interval=1,
    )
    by_url = {doc.metadata.source_url: doc for doc in job.data}
    assert sorted(by_url) == [site.url("/blog/a"), site.url("/blog/b")]
    assert by_url[site.url("/blog/b")].raw_html == SITE["/blog/b"]
    assert by_url[site.url("/blog/a")].links == [site.url("/blog/b"), site.url("/blog/deep")]
    assert by_url[site.url("/blog/b")].markdown is None  # not asked for


def test_crawl_status_is_paginated(api, site, monkeypatch):
    monkeypatch.setattr(http_jobs, "PAGE_SIZE", 2)
    client = Firecrawl(api_key="k", api_url=api)
    # the limit counts the URLs planned: /private/x (robots.txt) and /gone (404) among them
    job = client.start_crawl(site.url("/"), limit=7, max_discovery_depth=2, sitemap="skip")
    assert wait(client, job.id).completed == 5
    first = httpx.get(f"{api}/v2/crawl/{job.id}").json()
    assert len(first["data"]) == 2
    assert first["next"] == f"{api}/v2/crawl/{job.id}?skip=2"
    last = httpx.get(f"{api}/v2/crawl/{job.id}?skip=4").json()
    assert (len(last["data"]), last["next"]) == (1, None)
    assert len(client.get_crawl_status(job.id).data) == 5  # the SDK follows `next`


def test_map_lists_sitemap_and_linked_urls(api, site):
    client = Firecrawl(api_key="k", api_url=api)
    links = [link.url for link in client.map(site.url("/")).links]
    assert sorted(links) == sorted(site.url(p) for p in ("/", "/about", "/blog/a", "/blog/b", "/blog/deep", "/orphan"))
    assert [link.url for link in client.map(site.url("/"), search="blog", limit=2).links] == [
        site.url("/blog/a"),
        site.url("/blog/b"),
    ]
    v1 = httpx.post(f"{api}/v1/map", json={"url": site.url("/"), "search": "blog", "limit": 2}).json()
    assert v1 == {"success": True, "links": [site.url("/blog/a"), site.url("/blog/b")]}
    assert [link.url for link in client.map(site.url("/"), sitemap="only").links] == [
        site.url("/about"),
        site.url("/orphan"),
    ]


def test_batch_scrape(api, site):
    client = Firecrawl(api_key="k", api_url=api)
    job = client.batch_scrape([site.url("/about"), site.url("/blog/b")], formats=["markdown"], poll_interval=1)
    assert (job.status, job.completed, job.total) == ("completed", 2, 2)
    assert sorted(doc.markdown.splitlines()[0] for doc in job.data) == ["# About", "# B"]
    started = client.start_batch_scrape([site.url("/about"), site.url("/missing")])
    assert wait(client, started.id, "batch").completed == 1
    assert [e.url for e in client.get_batch_scrape_errors(started.id).errors] == [site.url("/missing")]
    late = client.start_batch_scrape([site.url("/slow/3")], timeout=500)
    assert wait(client, late.id, "batch").status == "failed"
    [error] = client.get_batch_scrape_errors(late.id).errors
    assert (error.code, error.error) == (
        "SCRAPE_TIMEOUT",
        f"timed out after 0.5 s: {site.url('/slow/3')} (try a longer timeout)",
    )
    answer = httpx.post(
        f"{api}/v2/batch/scrape", json={"urls": [site.url("/about"), "ftp://x/"], "ignoreInvalidURLs": True}
    )
    assert answer.json()["invalidURLs"] == ["ftp://x/"]


def test_cancel(api, site):
    client = Firecrawl(api_key="k", api_url=api)
    job = client.start_crawl(site.url("/slow/0"), limit=4, sitemap="skip")
    assert client.cancel_crawl(job.id) is True
    assert client.get_crawl_status(job.id).status == "cancelled"
    assert client.cancel_crawl(job.id) is False  # 409: nothing left to cancel
    time.sleep(2)
    assert client.get_crawl_status(job.id).status == "cancelled"
    batch = client.start_batch_scrape([site.url("/slow/1")])
    assert client.cancel_batch_scrape(batch.id) is True
    assert client.get_batch_scrape_status(batch.id).status == "cancelled"


def test_job_refusals(api, site):
    client = Firecrawl(api_key="k", api_url=api)
    cases = [
        ("/v2/crawl", {"url": site.url("/"), "limit": "5"}, "limit must be an integer"),
        (
            "/v2/crawl",
            {"url": site.url("/"), "prompt": "find the blog"},
            "prompt: crawl prompts (LLM) are not supported by web2md serve",
        ),
        (
            "/v2/crawl",
            {"url": site.url("/"), "scrapeOptions": {"formats": ["screenshot"]}},
            "scrapeOptions.formats: the screenshot format (screenshots) is not supported by web2md serve",
        ),
        ("/v2/crawl", {"url": site.url("/"), "includePaths": ["(unclosed"]}, None),
        ("/v2/crawl", {"url": site.url("/"), "sitemap": "always"}, "sitemap must be one of include, skip, only"),
        ("/v2/batch/scrape", {"urls": []}, "urls is required (a list of URLs)"),
        (
            "/v2/batch/scrape",
            {"urls": [site.url(f"/{n}") for n in range(51)]},
            "urls: 51 URLs are more than this server takes in one batch (50)",
        ),
        ("/v2/batch/scrape", {"urls": ["ftp://x/"]}, None),
        ("/v2/map", {"url": site.url("/"), "limit": 0}, "limit must be between 1 and 100000, got 0"),
    ]
    for path, body, message in cases:
        answer = httpx.post(f"{api}{path}", json=body)
        assert answer.status_code == 400, body
        if message:
            assert answer.json() == {"success": False, "error": message}
    answer = httpx.get(f"{api}/v2/crawl/no-such-job")
    assert (answer.status_code, answer.json()["error"]) == (404, "crawl job not found: no-such-job")
    with pytest.raises(FirecrawlError, match="crawl job not found"):
        client.get_crawl_status("no-such-job")
    with pytest.raises(BadRequestError, match="maxDiscoveryDepth must be between 0 and 1000, got -1"):
        client.start_crawl(site.url("/"), max_discovery_depth=-1)  # the SDK sends it; the server names it
    warned = client.start_crawl(site.url("/about"), limit=500, sitemap="skip")
    assert wait(client, warned.id).warning == "limit 500 lowered to this server's --max-limit (50)"


def test_the_address_guard_applies_to_crawls(tmp_path, site):
    with running_api(ApiOptions(state_dir=tmp_path)) as guarded:
        client = Firecrawl(api_key="k", api_url=guarded)
        job = client.start_crawl(site.url("/"), limit=2)
        assert wait(client, job.id).status == "failed"
        [error] = client.get_crawl_errors(job.id).errors  # once, though the sitemap was refused too
        assert error.error.startswith("refused: 127.0.0.1 is a loopback address (start the server with")


def test_too_many_jobs(tmp_path, site, monkeypatch):
    monkeypatch.setattr(http_jobs, "QUEUED_PER_SLOT", 0)
    with running_api(options(tmp_path, max_jobs=1)) as base:
        client = Firecrawl(api_key="k", api_url=base)
        first = client.start_crawl(site.url("/slow/2"), limit=1, sitemap="skip")
        with pytest.raises(RateLimitError, match=r"too many jobs running or waiting \(1\): try again later"):
            client.start_crawl(site.url("/"), limit=1)
        client.cancel_crawl(first.id)


def test_jobs_outlive_the_server(tmp_path, site):
    with running_api(options(tmp_path)) as base:
        client = Firecrawl(api_key="k", api_url=base)
        done = client.crawl(site.url("/"), limit=2, sitemap="skip", poll_interval=1)
        running = client.start_crawl(site.url("/slow/3"), limit=4, sitemap="skip")
        time.sleep(0.5)
    # the server stopped its crawl before closing the store (a crawl left running wrote to a closed database)
    with contextlib.closing(sqlite3.connect(tmp_path / "jobs.sqlite")) as db:
        assert db.execute("SELECT status FROM jobs WHERE id = ?", (running.id,)).fetchall() == [("failed",)]
    with running_api(options(tmp_path)) as base:
        client = Firecrawl(api_key="k", api_url=base)
        again = client.get_crawl_status(done.id)
        assert (again.status, sources(again.data)) == ("completed", sources(done.data))
        interrupted = httpx.get(f"{base}/v2/crawl/{running.id}").json()
        assert (interrupted["status"], interrupted["error"]) == (
            "failed",
            "interrupted: the server stopped before the job finished",
        )


def test_two_servers_in_one_process_keep_their_own_jobs(tmp_path, site):
    with running_api(options(tmp_path / "b")) as b:
        client_b = Firecrawl(api_key="k", api_url=b)
        with running_api(options(tmp_path / "a")) as a:
            client_a = Firecrawl(api_key="k", api_url=a)
            job_a = client_a.start_crawl(site.url("/slow/0"), limit=4, sitemap="skip")
            job_b = client_b.start_crawl(site.url("/slow/1"), limit=2, sitemap="skip")
            # neither server knows the other's job, running or not
            assert httpx.delete(f"{b}/v2/crawl/{job_a.id}").status_code == 404
            assert httpx.get(f"{a}/v2/crawl/{job_b.id}").status_code == 404
            time.sleep(0.5)
        # server A stopped and interrupted its own job only: B's goes on to the end
        done = wait(client_b, job_b.id)
        assert (done.status, sources(done.data)) == ("completed", [site.url("/slow/0"), site.url("/slow/1")])
    with contextlib.closing(sqlite3.connect(tmp_path / "a" / "jobs.sqlite")) as db:
        assert db.execute("SELECT id, status FROM jobs").fetchall() == [(job_a.id, "failed")]
