"""A bounded crawl takes the same pages in every run, whatever the concurrency: breadth first, a depth at a time,
links in the order of their pages and then their order on the page."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from tests.server import TestServer
from web2md import crawl

pytestmark = pytest.mark.integration

PAGES = 150


def links_of(page: int) -> list[int]:
    """Each page's links, in page order: a tree of three children a page, plus two cross links."""
    targets = [3 * page + 1, 3 * page + 2, 3 * page + 3, (7 * page + 11) % PAGES, (13 * page + 5) % PAGES]
    out: list[int] = []
    for target in targets:
        if target < PAGES and target != page and target not in out:
            out.append(target)
    return out


def canonical_pages(depth: int, budget: int) -> set[int]:
    """The pages a breadth-first crawl from page 0 takes: each depth's links in the order of their pages (themselves
    in that order), then of the links on the page, until `budget` pages are taken."""
    taken, level = [0], [0]
    for _ in range(depth):
        following = []
        for page in level:
            for target in links_of(page):
                if target not in taken and len(taken) < budget:
                    taken.append(target)
                    following.append(target)
        level = following
    return set(taken)


def path_of(page: int) -> str:
    return "/" if page == 0 else f"/p{page}.html"


@pytest.fixture()
def slow_site():
    """The site of `links_of`, each response late by a random 0 to 40 ms, drawn anew for every request."""
    rng = random.Random()

    def page_handler(page: int):
        def handler(_request):
            time.sleep(rng.uniform(0, 0.04))
            links = "".join(f'<li><a href="{path_of(t)}">page {t}</a></li>' for t in links_of(page))
            body = f"<html><head><title>Page {page}</title></head><body><h1>Page {page}</h1>"
            body += f"<p>The text of page number {page}, long enough to be kept.</p><ul>{links}</ul></body></html>"
            return 200, {"Content-Type": "text/html; charset=utf-8"}, body.encode()

        return handler

    with TestServer() as srv:
        for page in range(PAGES):
            srv.route(path_of(page), handler=page_handler(page))
        yield srv


def crawl_paths(srv: TestServer, out: Path) -> set[str]:
    result = crawl.run(
        "site",
        settings={"CONCURRENT_REQUESTS": 16, "CONCURRENT_REQUESTS_PER_DOMAIN": 16},
        url=srv.url("/"),
        depth=5,
        max_pages=60,
        output=str(out),
        dedupe="off",
    )
    prefix = srv.url("")
    return {item["url"][len(prefix) :] or "/" for item in result.items}


def test_max_pages_takes_the_same_pages_under_concurrency(slow_site, tmp_path):
    expected = {path_of(page) for page in canonical_pages(depth=5, budget=60)}
    assert len(expected) == 60
    first = crawl_paths(slow_site, tmp_path / "one")
    second = crawl_paths(slow_site, tmp_path / "two")
    assert first == expected
    assert second == expected
    # and the files written are the same
    files = [sorted(p.relative_to(out) for p in out.rglob("*.md")) for out in (tmp_path / "one", tmp_path / "two")]
    assert files[0] == files[1]
    assert len(files[0]) == 60
