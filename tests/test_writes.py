"""What the command line and the crawls write survives failures: ``-o`` replaced atomically on a full disk, a job
paused by SIGTERM as by Ctrl-C, per-page Markdown files with front matter (issue 32: items 20, 21 and 13)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.cli_process import run_web2md as web2md
from tests.server import TestServer
from tests.test_jobdir import pages_asked, tree_site, web2md_process
from web2md import crawl, formats
from web2md.paths import page_path

pytestmark = pytest.mark.integration

#: Bytes a file may grow to in a command started by `web2md_limited`: larger writes fail with EFBIG.
FILE_LIMIT = 4096
PARAGRAPH = "<p>The harbour master counted the boats that came in before the storm and wrote each name down.</p>"
#: A body whose Markdown is well past `FILE_LIMIT` (distinct paragraphs: repeated ones are boilerplate, dropped).
LONG = "".join(
    f"<p>Boat number {i} came in before the storm, and its name went into the log book.</p>" for i in range(200)
)


def web2md_limited(*args: str) -> subprocess.CompletedProcess[str]:
    """``web2md ARGS`` unable to write a file past `FILE_LIMIT` bytes, as on a disk that fills up (no root needed)."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # else the kernel kills the process instead of failing the write
        resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))

    return web2md(*args, preexec_fn=limit)


def leftovers(folder: Path) -> list[str]:
    """Temporary files left in `folder` (the pipelines' ``.<name>.<random>.part``)."""
    return sorted(p.name for p in folder.rglob(".*.part"))


# -- -o FILE and -o DIR on a full disk -------------------------------------------------------


def test_fetch_o_file_that_cannot_be_written_keeps_the_old_file_and_names_it(tmp_path):
    target = tmp_path / "page.md"
    target.write_text("the page as fetched yesterday\n")
    with TestServer() as srv:
        srv.route("/", f"<html><head><title>Big</title></head><body>{LONG}</body></html>")
        done = web2md_limited("fetch", "-o", str(target), srv.url("/"))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"web2md: cannot write {target}: File too large\n"
    assert target.read_text() == "the page as fetched yesterday\n"
    assert leftovers(tmp_path) == []


def test_fetch_o_file_replaces_the_file_whole_and_keeps_its_permissions(tmp_path):
    target = tmp_path / "page.md"
    target.write_text("old\n")
    target.chmod(0o600)
    with TestServer() as srv:
        srv.route("/", f"<html><head><title>Small</title></head><body>{PARAGRAPH}</body></html>")
        done = web2md_limited("fetch", "-o", str(target), srv.url("/"))
    assert (done.returncode, done.stderr) == (0, "")
    assert target.read_text() == PARAGRAPH[3:-4] + "\n"
    assert target.stat().st_mode & 0o777 == 0o600
    assert leftovers(tmp_path) == []


def test_fetch_o_into_a_missing_folder_or_onto_a_folder_is_one_line_naming_the_file(tmp_path):
    with TestServer() as srv:
        srv.route("/", f"<html><body>{PARAGRAPH}</body></html>")
        missing = web2md("fetch", "-o", str(tmp_path / "nowhere" / "page.md"), srv.url("/"))
        folder = web2md("fetch", "-o", str(tmp_path), srv.url("/"))
        device = web2md("fetch", "-o", os.devnull, srv.url("/"))
    assert (missing.returncode, missing.stderr) == (
        1,
        f"web2md: cannot write {tmp_path / 'nowhere' / 'page.md'}: No such file or directory\n",
    )
    assert not (tmp_path / "nowhere").exists()
    assert (folder.returncode, folder.stderr) == (1, f"web2md: cannot write {tmp_path}: Is a directory\n")
    assert (device.returncode, device.stderr) == (0, "")  # a device is written to, not replaced
    assert leftovers(tmp_path) == []


def test_fetch_depth_o_dir_stops_at_the_first_file_it_cannot_write_and_leaves_no_partial_file(tmp_path):
    out = tmp_path / "out"
    with TestServer() as srv:
        links = "".join(f'<a href="/{name}">{name}</a>' for name in ("a", "big", "c"))
        srv.route("/", f"<html><head><title>Home</title></head><body>{PARAGRAPH}{links}</body></html>")
        srv.route(
            "/a", "<html><head><title>A</title></head><body><p>Page A: the boats of the north pier.</p></body></html>"
        )
        srv.route("/big", f"<html><head><title>Big</title></head><body>{LONG}</body></html>")
        srv.route(
            "/c", "<html><head><title>C</title></head><body><p>Page C: the boats of the south pier.</p></body></html>"
        )
        big = out / page_path(srv.url("/big"), "md")
        big.parent.mkdir(parents=True)
        big.write_text("the big page as written by an earlier run\n")
        done = web2md_limited("fetch", "--depth", "1", "-o", str(out), srv.url("/"))
    assert done.returncode == 1
    # pages are written breadth first, then by URL: /, /a, then /big fails and /c is not tried
    assert done.stderr == f"web2md: cannot write {big}: File too large (wrote 2 of 4 pages to {out})\n"
    assert big.read_text() == "the big page as written by an earlier run\n"
    written = {p.relative_to(out).as_posix(): p.stat().st_size for p in out.rglob("*.md")}
    assert sorted(written) == sorted(page_path(srv.url(path), "md").as_posix() for path in ("/", "/a", "/big"))
    assert all(size > 0 for size in written.values())
    assert leftovers(out) == []


def test_fetch_depth_o_dir_replaces_a_symlink_at_a_page_file_and_never_writes_through_it(tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere.md"
    elsewhere.write_text("not the crawl's\n")
    with TestServer() as srv:
        srv.route("/", f"<html><head><title>Home</title></head><body>{PARAGRAPH}</body></html>")
        home = out / page_path(srv.url("/"), "md")
        home.parent.mkdir(parents=True)
        home.symlink_to(elsewhere)
        done = web2md("fetch", "--depth", "1", "-o", str(out), srv.url("/"))
    assert (done.returncode, done.stderr) == (0, f"web2md: wrote 1 page to {out}\n")
    assert not home.is_symlink()
    assert home.read_text() == PARAGRAPH[3:-4] + "\n"
    assert elsewhere.read_text() == "not the crawl's\n"


# -- SIGTERM pauses a job -------------------------------------------------------------------


def test_fetch_job_paused_by_sigterm_as_by_ctrl_c_and_resumed_by_the_same_command(tmp_path):
    with TestServer() as srv:
        paths = tree_site(srv, delay=0)
        command = ["fetch", srv.url("/"), "--depth", "2", "--job", str(tmp_path / "job")]
        whole = web2md(*command[:4])
        assert whole.returncode == 0, whole.stderr

        start = len(srv.paths())
        sent = threading.Event()

        def hold() -> None:  # after 40 pages the site answers only once SIGTERM was sent
            if len(pages_asked(srv, start)) > 40:
                sent.wait(timeout=60)

        tree_site(srv, delay=0.05, hold=hold)
        first = web2md_process(*command)
        deadline = time.monotonic() + 120
        while len(pages_asked(srv, start)) < 40:
            assert first.poll() is None, first.communicate()
            assert time.monotonic() < deadline, "the crawl did not get going"
            time.sleep(0.02)
        os.kill(first.pid, signal.SIGTERM)  # as `kill PID` or a service manager sends it
        sent.set()
        out, err = first.communicate(timeout=120)
        assert first.returncode == 130  # Ctrl-C's pause
        assert out == ""
        assert err.splitlines() == [f"web2md: paused; resume with: web2md {' '.join(command)}"]
        before = len(pages_asked(srv, start))
        assert 40 <= before < 301

        second = web2md(*command)
        assert (second.returncode, second.stderr) == (0, "")
        assert second.stdout == whole.stdout  # every page once, in the same order, as if never stopped
        assert sorted(pages_asked(srv, start)) == paths  # none fetched twice, none left out


# -- front matter in per-page files ---------------------------------------------------------

ARTICLE = (
    '<html><head><title>Storm log</title><meta name="author" content="Ada Harbour">'
    '<meta property="article:published_time" content="2024-03-01"></head>'
    f"<body><article><h1>Storm log</h1>{PARAGRAPH}</article></body></html>"
)


def test_frontmatter_argument_or_setting_starts_each_markdown_file_with_the_pages_metadata(tmp_path):
    with TestServer() as srv:
        srv.route("/log", ARTICLE)
        url = srv.url("/log")
        plain = crawl.run("page", url=url, output=str(tmp_path / "plain"), formats="md,json")
        argument = crawl.run("page", url=url, output=str(tmp_path / "argument"), formats="md,json", frontmatter="1")
        setting = crawl.run("page", {"WEB2MD_FRONTMATTER": "1"}, url=url, output=str(tmp_path / "setting"))
        off = crawl.run("page", {"WEB2MD_FRONTMATTER": "1"}, url=url, output=str(tmp_path / "off"), frontmatter="0")
        printed = web2md("fetch", "--frontmatter", url)
    [item] = argument.items
    markdown = item["markdown"]
    rendered = formats.render(item, "md", frontmatter=True)  # the renderer `fetch --frontmatter` uses
    assert rendered.startswith(
        f'---\ntitle: "Storm log"\nurl: "{url}"\nauthor: "Ada Harbour"\npublished_date: "2024-03-01"\n'
    )
    assert rendered.endswith(f"\n---\n\n{markdown}")

    def file(run: str, ext: str = "md") -> str:
        return (tmp_path / run / page_path(url, ext)).read_text(encoding="utf-8")

    assert file("argument") == f"{rendered}\n"
    assert file("argument") == printed.stdout  # as `web2md fetch --frontmatter` prints it
    assert file("setting") == file("argument")
    assert file("plain") == file("off") == f"{markdown}\n"
    assert file("argument", "json") == file("plain", "json")  # other formats carry their metadata already
    assert [len(run.items) for run in (plain, setting, off)] == [1, 1, 1]


def test_a_bad_frontmatter_value_stops_the_crawl_before_it_starts():
    with pytest.raises(ValueError, match=r"^argument frontmatter expects 1/true/yes or 0/false/no, got 'maybe'$"):
        crawl.run("page", url="http://127.0.0.1:9/", output="", frontmatter="maybe")
    with pytest.raises(ValueError, match=r"^WEB2MD_FRONTMATTER expects 1/true/yes or 0/false/no, got 'maybe'$"):
        crawl.run("page", {"WEB2MD_FRONTMATTER": "maybe"}, url="http://127.0.0.1:9/", output="")
