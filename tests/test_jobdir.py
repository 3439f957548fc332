"""Pause and resume with ``-s JOBDIR``: web2md's own crawl state goes with the job (a real crawl of a local site)."""

from __future__ import annotations

import functools
import os
import pickle
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli_process import environment
from tests.cli_process import run_web2md as web2md
from tests.server import TestServer
from web2md import crawl
from web2md.spiders import PLANNED_STATE_KEY
from web2md.spiders.site import FRONTIER_STATE_KEY

pytestmark = pytest.mark.integration

STORY = (
    "<p>The harbour master counted the boats that came in before the storm, and wrote each name in the "
    "log book that hangs beside the door of the office on the pier.</p>"
) * 4


def written(out: Path) -> list[str]:
    return sorted(p.name for p in out.rglob("*.md"))


def answer_at_once(srv: TestServer) -> None:
    """The pause is over: the resumed crawl's pages need not come slowly."""
    for route in srv.routes.values():
        route.delay = 0.0


def test_near_duplicates_seen_before_a_pause_are_known_after_the_resume(tmp_path):
    # a chain / -> /b -> /c -> /d, and /d repeats /'s text: the pause comes before /c is even known
    with TestServer() as srv:
        chain = [("/", "/b", "boats"), ("/b", "/c", "nets"), ("/c", "/d", "gulls"), ("/d", None, "boats")]
        for path, next_path, word in chain:
            link = f'<p><a href="{next_path}">next</a></p>' if next_path else ""
            srv.route(
                path,
                f"<html><body><h1>{word}</h1>{STORY.replace('boats', word)}{link}</body></html>",
                delay=0 if path == "/" else 2.0,
            )  # the pause comes while /b is on its way
        out, job = tmp_path / "out", tmp_path / "job"
        settings = {"JOBDIR": str(job), "CONCURRENT_REQUESTS": 1, "WEB2MD_WORKERS": 0}
        first = crawl.run("site", settings | {"CLOSESPIDER_ITEMCOUNT": 1}, url=srv.url("/"), depth=3, output=str(out))
        assert first.stats.get("finish_reason") == "closespider_itemcount"
        answer_at_once(srv)
        paused = [p for p in srv.paths() if p != "/robots.txt"]
        second = crawl.run("site", settings, url=srv.url("/"), depth=3, output=str(out))
        pages = {page["final_url"] for page in first.items + second.items}
        assert sorted(pages) == [srv.url(p) for p in ("/", "/b", "/c")]  # /d repeats / and is dropped
        assert second.stats.get("web2md/near_duplicate_count") == 1
        assert written(out) == ["b.md", "c.md", "index.md"]
        resumed = [p for p in srv.paths()[len(paused) :] if p != "/robots.txt"]
        assert "/d" in resumed and "/d" not in paused  # /d came after the pause, and / was remembered


@pytest.mark.parametrize("old_state", [False, True], ids=["", "paused-by-an-earlier-web2md"])
def test_max_pages_holds_across_a_pause(tmp_path, old_state):
    # a chain of eight pages, at most four: the resumed crawl does not start counting again
    with TestServer() as srv:
        for n in range(8):
            link = f'<p><a href="/p{n + 1}">next</a></p>' if n < 7 else ""
            srv.route(
                "/" if n == 0 else f"/p{n}",
                f"<html><body><h1>Page {n}</h1>{STORY.replace('boats', f'boats of page {n}')}{link}</body></html>",
                delay=0 if n == 0 else 2.0,
            )
        out, job = tmp_path / "out", tmp_path / "job"
        settings = {"JOBDIR": str(job), "CONCURRENT_REQUESTS": 1, "WEB2MD_WORKERS": 0}
        first = crawl.run(
            "site", settings | {"CLOSESPIDER_ITEMCOUNT": 1}, url=srv.url("/"), depth=10, max_pages=4, output=str(out)
        )
        assert first.stats.get("finish_reason") == "closespider_itemcount"
        answer_at_once(srv)
        if old_state:  # web2md before the compact plan saved the planned pages as a dict: key -> (hops, URL)
            state = pickle.loads((job / "spider.state").read_bytes())
            plan = state[PLANNED_STATE_KEY]
            state[PLANNED_STATE_KEY] = {key: (plan.hops(key), key) for key in plan.entries}
            # the pause kept the pages planned and the links found but not requested yet (the next depth's)
            assert list(state[PLANNED_STATE_KEY]) == [srv.url("/")]
            assert [url for *_, url in state[FRONTIER_STATE_KEY].values()] == [srv.url("/p1")]
            (job / "spider.state").write_bytes(pickle.dumps(state))
        second = crawl.run("site", settings, url=srv.url("/"), depth=10, max_pages=4, output=str(out))
        assert second.resumed == len(first.items)
        pages = {page["final_url"] for page in second.items}
        assert sorted(pages) == sorted(srv.url(p) for p in ("/", "/p1", "/p2", "/p3"))
        assert len(written(out)) == 4


# -- web2md fetch --depth N --job DIR: Ctrl-C pauses, the same command resumes ---------------------------------

WORDS = (
    "harbour boat storm net gull pier tide rope anchor sail mast keel deck cabin lantern compass chart reef "
    "shore wave cliff lighthouse fog bell"
).split()


def tree_site(srv: TestServer, delay: float, hold: Callable[[], None] | None = None) -> list[str]:
    """A home page, 15 sections of 19 pages each (301 pages, 2 hops deep), each page its own text; its paths.
    `hold`, when given, is called before each page is answered."""
    import random

    def page(title: str, links: list[str], seed: int) -> str:
        rng = random.Random(seed)  # distinct words per page: no page is a near duplicate of another
        text = " ".join(rng.choice(WORDS) for _ in range(120))
        items = "".join(f'<li><a href="{link}">{link}</a></li>' for link in links)
        return f"<html><head><title>{title}</title></head><body><h1>{title}</h1><p>{text}.</p><ul>{items}</ul></body></html>"

    sections = [f"/s{i}/" for i in range(15)]
    pages = {"/": page("Home", sections, 0)}
    for i, section in enumerate(sections):
        children = [f"{section}p{j}" for j in range(19)]
        pages[section] = page(f"Section {i}", children, 1000 + i)
        pages.update((child, page(f"Page {i}.{j}", [], 10_000 + 100 * i + j)) for j, child in enumerate(children))
    for path, html in pages.items():
        if hold is None:
            srv.route(path, html, delay=delay)
        else:
            srv.route(
                path,
                handler=lambda request, body=html.encode(): (
                    hold(),
                    time.sleep(delay),
                    (200, {"Content-Type": "text/html; charset=utf-8"}, body),
                )[-1],
            )
    return sorted(pages)


def web2md_process(*args: str) -> subprocess.Popen[str]:
    """``web2md ARGS`` in its own process group, so a signal reaches it (and its workers) as Ctrl-C in a terminal does.
    Its Ctrl-C is the terminal's default whatever this run inherited: a suite started in the background of a
    non-interactive shell (`nohup ... &`) ignores SIGINT, and its children would too."""
    return subprocess.Popen(
        [sys.executable, "-m", "web2md.frontends.cli", *args],
        env=environment(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL),
    )


def ctrl_c(process: subprocess.Popen[str]) -> None:
    os.killpg(process.pid, signal.SIGINT)


def pages_asked(srv: TestServer, since: int) -> list[str]:
    return [path for path in srv.paths()[since:] if path != "/robots.txt"]


def interrupt(
    process: subprocess.Popen[str],
    srv: TestServer,
    since: int,
    pages: int,
    again_after: float | None = None,
    sent: threading.Event | None = None,
) -> tuple[str, str]:
    """Ctrl-C once `srv` has been asked for `pages` pages (after request number `since`), and again `again_after`
    seconds later if given, then set `sent`; the command's output."""
    deadline = time.monotonic() + 120
    while len(pages_asked(srv, since)) < pages:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the crawl did not get going"
        time.sleep(0.02)
    ctrl_c(process)
    if again_after is not None:
        time.sleep(again_after)
        ctrl_c(process)
    if sent is not None:
        sent.set()
    try:
        return process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        # what the command was doing, for the failure report (py-spy when installed), then end it
        stacks = (
            subprocess.run(
                ["py-spy", "dump", "--pid", str(process.pid)], capture_output=True, text=True, timeout=60
            ).stdout
            if shutil.which("py-spy")
            else ""
        )
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        raise AssertionError(f"the command did not end after Ctrl-C:\n{err[-4000:]}\n{stacks}") from None


def test_fetch_job_paused_by_ctrl_c_resumes_to_the_uninterrupted_output(tmp_path):
    with TestServer() as srv:
        paths = tree_site(srv, delay=0)
        command = ["fetch", srv.url("/"), "--depth", "2", "--job", str(tmp_path / "job")]
        whole = web2md(*command[:4])
        assert whole.returncode == 0, whole.stderr
        depth = {"/": 0, **{path: 1 if path.endswith("/") else 2 for path in paths[1:]}}
        breadth_first = [f'url: "{srv.url(path)}"' for path in sorted(paths, key=lambda p: (depth[p], srv.url(p)))]
        assert re.findall("^url: .*$", whole.stdout, re.M) == breadth_first

        # interrupted a third of the way: after 100 pages, the site answers only once Ctrl-C was sent
        start = len(srv.paths())
        sent = threading.Event()

        def hold() -> None:
            if len(pages_asked(srv, start)) > 100:
                sent.wait(timeout=60)

        tree_site(srv, delay=0.05, hold=hold)
        first = web2md_process(*command)
        out, err = interrupt(first, srv, start, 100, sent=sent)
        assert first.returncode == 130
        assert out == ""
        assert err.splitlines() == [f"web2md: paused; resume with: web2md {' '.join(command)}"]
        before = len(pages_asked(srv, start))
        assert 100 <= before < 301

        second = web2md(*command)
        assert second.returncode == 0, second.stderr
        assert second.stderr == ""
        assert second.stdout == whole.stdout  # every page once, in the same order, as if never interrupted
        asked = pages_asked(srv, start)
        assert sorted(asked) == paths  # none fetched twice, none left out
        assert len(pages_asked(srv, start)[before:]) == 301 - before

        again = web2md(*command)
        assert again.returncode == 0
        assert again.stdout == whole.stdout
        finished = (
            f"web2md: the job in {tmp_path / 'job'} had finished: its 301 pages again, "
            f"nothing fetched (remove {tmp_path / 'job'} to crawl afresh)\n"
        )
        assert again.stderr == finished
        # the pages are the job's, whatever the output: -o DIR writes them all, one file each
        files = web2md(*command, "-o", str(tmp_path / "out"))
        assert files.stderr == f"{finished}web2md: wrote 301 pages to {tmp_path / 'out'}\n"
        assert len(list((tmp_path / "out").rglob("*.md"))) == 301
        assert len(srv.paths()) == start + len(asked) + srv.paths()[start:].count("/robots.txt")


def test_a_second_ctrl_c_or_no_job_ends_the_command_at_once(tmp_path):
    with TestServer() as srv:
        tree_site(srv, delay=5.0)  # every page takes 5 s: a graceful stop waits for the ones in flight
        command = ["fetch", srv.url("/"), "--depth", "2"]

        # a second Ctrl-C while the crawl closes: no resume line, and the command ends without waiting
        job = tmp_path / "job"
        hard = web2md_process(*command, "--job", str(job))
        out, err = interrupt(hard, srv, 0, 1, again_after=0.5)  # the first waits for the pages in flight
        assert hard.returncode == 130
        assert out == "" and err == ""
        # Scrapy saved neither the queue nor the state: the job says it cannot go on rather than lose pages
        start = len(srv.paths())
        broken = web2md(*command, "--job", str(job))
        assert broken.returncode == 1 and broken.stdout == ""
        assert broken.stderr == (
            f"web2md: the job in {job} is in use, or its last run was stopped at once "
            f"(a second Ctrl-C, a kill) and cannot be resumed without losing pages: "
            f"remove {job} to crawl afresh\n"
        )
        assert len(srv.paths()) == start

        # without --job, one Ctrl-C: the crawl is told to stop and the command ends, printing nothing
        plain = web2md_process(*command)
        out, err = interrupt(plain, srv, len(srv.paths()), 1)
        assert plain.returncode == 130
        assert out == "" and err == ""
