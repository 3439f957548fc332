"""Pause and resume with ``-s JOBDIR``: web2md's own crawl state goes with the job (a real crawl of a local site)."""

from __future__ import annotations

from pathlib import Path

from tests.server import TestServer
from web2md import crawl

STORY = ("<p>The harbour master counted the boats that came in before the storm, and wrote each name in the "
         "log book that hangs beside the door of the office on the pier.</p>") * 4


def written(out: Path) -> list[str]:
    return sorted(p.name for p in out.rglob("*.md"))


def test_near_duplicates_seen_before_a_pause_are_known_after_the_resume(tmp_path):
    # a chain / -> /b -> /c -> /d, and /d repeats /'s text: the pause comes before /c is even known
    with TestServer() as srv:
        chain = [("/", "/b", "boats"), ("/b", "/c", "nets"), ("/c", "/d", "gulls"), ("/d", None, "boats")]
        for path, next_path, word in chain:
            link = f'<p><a href="{next_path}">next</a></p>' if next_path else ""
            srv.route(path, f"<html><body><h1>{word}</h1>{STORY.replace('boats', word)}{link}</body></html>",
                  delay=0 if path == "/" else 2.0)  # the pause comes while /b is on its way
        out, job = tmp_path / "out", tmp_path / "job"
        settings = {"JOBDIR": str(job), "CONCURRENT_REQUESTS": 1, "WEB2MD_WORKERS": 0}
        first = crawl.run("site", settings | {"CLOSESPIDER_ITEMCOUNT": 1}, url=srv.url("/"), depth=3,
                          output=str(out))
        assert first.stats.get("finish_reason") == "closespider_itemcount"
        paused = [p for p in srv.paths() if p != "/robots.txt"]
        second = crawl.run("site", settings, url=srv.url("/"), depth=3, output=str(out))
        pages = {page["final_url"] for page in first.items + second.items}
        assert sorted(pages) == [srv.url(p) for p in ("/", "/b", "/c")]  # /d repeats / and is dropped
        assert second.stats.get("web2md/near_duplicate_count") == 1
        assert written(out) == ["b.md", "c.md", "index.md"]
        resumed = [p for p in srv.paths()[len(paused):] if p != "/robots.txt"]
        assert "/d" in resumed and "/d" not in paused  # /d came after the pause, and / was remembered


def test_max_pages_holds_across_a_pause(tmp_path):
    # a chain of eight pages, at most four: the resumed crawl does not start counting again
    with TestServer() as srv:
        for n in range(8):
            link = f'<p><a href="/p{n + 1}">next</a></p>' if n < 7 else ""
            srv.route("/" if n == 0 else f"/p{n}",
                      f"<html><body><h1>Page {n}</h1>{STORY.replace('boats', f'boats of page {n}')}{link}</body></html>",
                      delay=0 if n == 0 else 2.0)
        out, job = tmp_path / "out", tmp_path / "job"
        settings = {"JOBDIR": str(job), "CONCURRENT_REQUESTS": 1, "WEB2MD_WORKERS": 0}
        first = crawl.run("site", settings | {"CLOSESPIDER_ITEMCOUNT": 1}, url=srv.url("/"), depth=10, max_pages=4,
                          output=str(out))
        assert first.stats.get("finish_reason") == "closespider_itemcount"
        second = crawl.run("site", settings, url=srv.url("/"), depth=10, max_pages=4, output=str(out))
        pages = {page["final_url"] for page in first.items + second.items}
        assert sorted(pages) == sorted(srv.url(p) for p in ("/", "/p1", "/p2", "/p3"))
        assert len(written(out)) == 4
