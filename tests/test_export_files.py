"""Per-page files under hostile conditions (issue 19): long links, case variants, unwritable targets, planted
symlinks and stale temporary files; crawls against a real local server."""

from __future__ import annotations

import os

import pytest

from tests.server import TestServer
from web2md import crawl
from web2md.middlewares.limits import failure_count
from web2md.paths import MAX_PATH, page_path

pytestmark = pytest.mark.integration


def files_under(folder):
    """The pages' files (not the run report)."""
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if (p.is_file() or p.is_symlink()) and "_runs" not in p.relative_to(folder).parts
    )


def test_a_long_link_keeps_its_page(tmp_path):
    long_path = "/" + "~/" * 400 + "end"  # ~800 characters: each segment short, the whole past PATH_MAX
    with TestServer() as srv:
        srv.route("/", f'<p>Start.</p><a href="{long_path}">deep</a>')
        srv.route(long_path, "<p>Deep page.</p>")
        result = crawl.run("site", url=srv.url("/"), depth=1, output=str(tmp_path))
    assert failure_count(result.stats) == 0
    deep = page_path(srv.url(long_path), "md")
    assert len(str(deep).encode()) <= MAX_PATH
    assert (tmp_path / deep).read_text(encoding="utf-8") == "Deep page.\n"


def test_case_variants_are_distinct_files_on_any_file_system(tmp_path):
    with TestServer() as srv:
        for leaf in ("item0", "ITEM0", "Item0"):
            srv.route(f"/{leaf}", f"<p>Page {leaf}.</p>")
        urls = " ".join(srv.url(f"/{leaf}") for leaf in ("item0", "ITEM0", "Item0"))
        result = crawl.run("page", url=urls, output=str(tmp_path), dedupe="off")
    assert len(result.items) == 3
    names = files_under(tmp_path)
    assert len({n.lower() for n in names}) == 3
    assert f"127.0.0.1_{srv.port}/item0.md" in names  # the ordinary name is unchanged
    assert sorted((tmp_path / n).read_text() for n in names) == ["Page ITEM0.\n", "Page Item0.\n", "Page item0.\n"]


def test_an_unwritable_file_is_one_counted_failure_and_the_crawl_goes_on(tmp_path):
    with TestServer() as srv:
        srv.route("/blocked/page", "<p>Blocked.</p>")
        srv.route("/ok", "<p>Fine.</p>")
        host = tmp_path / f"127.0.0.1_{srv.port}"
        host.mkdir()
        (host / "blocked").write_text("a file where the folder should be")
        result = crawl.run(
            "page", {"LOG_LEVEL": "INFO"}, url=f"{srv.url('/blocked/page')} {srv.url('/ok')}", output=str(tmp_path)
        )
    assert [item["url"] for item in result.items] == [srv.url("/ok")]
    assert result.stats["web2md/failed/export_error"] == 1
    assert (host / "ok.md").read_text() == "Fine.\n"
    [failure] = result.failures
    assert failure["url"] == srv.url("/blocked/page")
    assert failure["reason"].startswith("cannot write its file: [Errno 17] File exists")


def test_planted_symlinks_are_replaced_never_followed(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("precious")
    out = tmp_path / "out"
    with TestServer() as srv:
        srv.route("/a", "<p>Page a.</p>")
        srv.route("/b", "<p>Page b.</p>")
        host = out / f"127.0.0.1_{srv.port}"
        host.mkdir(parents=True)
        (host / "a.md").symlink_to(outside)  # the target itself
        (host / "b.md.part").symlink_to(outside)  # the temporary name of earlier versions
        crawl.run("page", url=f"{srv.url('/a')} {srv.url('/b')}", output=str(out), dedupe="off")
    assert outside.read_text() == "precious"
    assert not (host / "a.md").is_symlink() and (host / "a.md").read_text() == "Page a.\n"
    assert (host / "b.md").read_text() == "Page b.\n"


def test_stale_temporary_files_are_removed_at_start(tmp_path):
    with TestServer() as srv:
        srv.route("/a", "<p>Page a.</p>")
        host = tmp_path / f"127.0.0.1_{srv.port}"
        (host / "docs").mkdir(parents=True)
        (host / ".a.md.k2j4h1.part").write_text("half a pa")
        (host / "docs" / ".x.md.9sd8f7.part").write_text("")
        (host / "docs" / "kept.md").write_text("a page\n")
        crawl.run("page", url=srv.url("/a"), output=str(tmp_path))
    assert files_under(tmp_path) == [f"127.0.0.1_{srv.port}/a.md", f"127.0.0.1_{srv.port}/docs/kept.md"]
    assert oct(os.stat(host / "a.md").st_mode & 0o777) == oct(0o666 & ~current_umask())


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
