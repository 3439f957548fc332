"""Conversion in worker processes: the same files as in process, and a crawl that outlives crashing workers."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.server import TestServer
from tests.worker_functions import (
    exit_now,
    fail,
    frozen_objects,
    identity,
    log_and_fail,
    niceness,
    pid,
    sleep,
    sleep_then_pid,
    square,
)
from web2md import crawl
from web2md.conversion.workers import GC_THRESHOLDS, WORKER_NICENESS, WorkerDied, WorkerError, WorkerPool, WorkerTimeout

GOLDEN = Path(__file__).parent / "golden"
HOOKS = Path(__file__).parent / "worker_hooks"
ROOT = Path(__file__).resolve().parent.parent


# -- the pool itself -----------------------------------------------------
@pytest.mark.integration
def test_workers_yield_the_cores_to_the_crawl():
    """Converting is throughput work; the crawl's reactor keeps downloads going, so it runs first when both
    want a core (the workers' niceness is 10 above the crawl's, at most 19)."""

    async def scenario():
        pool = WorkerPool(1, timeout=10)
        try:
            return await pool.run(niceness)
        finally:
            await pool.close()

    assert asyncio.run(scenario()) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICENESS)


@pytest.mark.integration
def test_pool_replaces_a_dead_or_late_worker_and_keeps_answering():
    async def scenario():
        pool = WorkerPool(1, timeout=10)
        try:
            first = await pool.run(pid)
            assert first != os.getpid()
            assert await pool.run(square, 12) == 144
            assert await pool.run(pid) == first  # one worker serves call after call
            with pytest.raises(WorkerDied):
                await pool.run(exit_now)
            second = await pool.run(pid)
            assert second != first
            with pytest.raises(WorkerTimeout):
                await pool.run(sleep, 60)
            third = await pool.run(pid)
            assert third not in (first, second)
            with pytest.raises(WorkerError, match="ValueError: bad input"):
                await pool.run(fail)
            assert await pool.run(pid) == third  # an exception leaves the worker in service
        finally:
            await pool.close()

    asyncio.run(scenario())


@pytest.mark.integration
def test_a_worker_keeps_what_its_first_call_imported_out_of_the_garbage_collectors_view():
    async def scenario():
        pool = WorkerPool(1)
        try:
            return [await pool.run(frozen_objects) for _ in range(3)]
        finally:
            await pool.close()

    first, second, third = asyncio.run(scenario())
    # frozen once, after the first answer: later collections do not walk the modules the calls imported
    assert first == (0, 700)  # CPython's default threshold
    assert second[0] > 1000 and second[1] == GC_THRESHOLDS[0]
    assert third[0] > 1000 and third[1] == GC_THRESHOLDS[0]  # not frozen again: what froze stays (or is freed)


@pytest.mark.integration
def test_pool_runs_calls_side_by_side():
    async def scenario():
        pool = WorkerPool(3)
        try:
            results = await asyncio.gather(*(pool.run(square, n) for n in range(20)))
            pids = await asyncio.gather(*(pool.run(sleep_then_pid, 0.5) for _ in range(3)))
        finally:
            await pool.close()
        assert results == [n * n for n in range(20)]
        assert len(set(pids)) == 3

    asyncio.run(scenario())


@pytest.mark.integration
def test_calls_queued_behind_a_lost_or_abandoned_call_get_their_own_answers():
    async def scenario():
        pool = WorkerPool(1, timeout=3)
        try:
            first = await pool.run(pid)
            # queued in the worker's input behind a call that kills it, then one that overruns: a new worker answers
            died, after_death = await asyncio.gather(
                pool.run(exit_now), pool.run(sleep_then_pid, 0), return_exceptions=True
            )
            late, after_timeout = await asyncio.gather(
                pool.run(sleep, 60), pool.run(sleep_then_pid, 0), return_exceptions=True
            )
            # a queued call given up before its turn: its answer is not taken for the next call's
            running = asyncio.ensure_future(pool.run(sleep_then_pid, 0.5))
            queued = asyncio.ensure_future(pool.run(square, 3))
            await asyncio.sleep(0.2)
            queued.cancel()
            next_answer = await pool.run(square, 4)
            return first, died, after_death, late, after_timeout, await running, queued.cancelled(), next_answer
        finally:
            await pool.close()

    first, died, after_death, late, after_timeout, running, cancelled, next_answer = asyncio.run(scenario())
    assert isinstance(died, WorkerDied) and isinstance(late, WorkerTimeout)
    assert len({first, after_death, after_timeout}) == 3  # each loss replaced the worker
    assert running == after_timeout  # the worker outlived the call given up behind it
    assert cancelled and next_answer == 16


PAYLOADS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text() | st.binary(max_size=3 << 20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def shared_pool():
    """One pool of two workers on one loop for every example (starting workers takes a moment)."""
    loop = asyncio.new_event_loop()
    pool = WorkerPool(2)
    yield loop, pool
    loop.run_until_complete(pool.close())
    loop.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(values=st.lists(PAYLOADS, min_size=1, max_size=6))
@example(values=[bytes(range(256)) * (3 << 12), "page " * 300_000, {"links": [b"\x00" * 70_000] * 3}])
def test_whatever_goes_to_a_worker_comes_back_equal(shared_pool, values):
    # payloads over the pipe size and calls side by side: each answer belongs to its own call
    loop, pool = shared_pool

    async def calls():
        return await asyncio.gather(*(pool.run(identity, value) for value in values))

    assert loop.run_until_complete(calls()) == values


# -- crawls --------------------------------------------------------------
def golden_site(srv: TestServer, extra: dict[str, str] | None = None) -> None:
    """An index linking every golden HTML page, a page with iframes, a text page and `extra` pages."""
    names = sorted(p.name for p in GOLDEN.glob("*.html"))
    pages = {f"/{name}": (GOLDEN / name).read_bytes() for name in names}
    pages["/framed.html"] = (
        b'<html><body><h1>Framed</h1><p>Before.</p><iframe src="/frame.html"></iframe>'
        b'<iframe src="/frame.html"></iframe><p>After.</p></body></html>'
    )
    pages["/frame.html"] = b'<html><body><p>Frame text with <a href="x.html">a link</a>.</p></body></html>'
    pages.update({path: body.encode() for path, body in (extra or {}).items()})
    links = "".join(f'<li><a href="{path}">{path}</a></li>' for path in [*pages, "/notes.txt"])
    srv.route("/", f"<html><body><h1>Index</h1><ul>{links}</ul></body></html>")
    for path, body in pages.items():
        srv.route(path, body, headers={"Content-Type": "text/html"})
    srv.route("/notes.txt", "Plain notes.\n\nSecond paragraph.\n", headers={"Content-Type": "text/plain"})


def files_under(root: Path) -> dict[str, bytes]:
    """The pages' files (not the run report, which has the time in it)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "_runs" not in p.relative_to(root).parts
    }


@pytest.mark.integration
def test_worker_processes_write_the_same_files_as_in_process_conversion(tmp_path):
    with TestServer() as srv:
        golden_site(srv)
        outputs = {}
        for workers in (0, 2):
            out = tmp_path / f"workers{workers}"
            result = crawl.run(
                "site",
                {"WEB2MD_WORKERS": workers},
                url=srv.url("/"),
                depth=1,
                output=str(out),
                formats="md,json",
                dedupe="off",
            )
            assert result.failures == []
            outputs[workers] = files_under(out)
    assert len(outputs[0]) == 2 * (len(list(GOLDEN.glob("*.html"))) + 4)  # + index, framed, frame, notes
    assert outputs[2] == outputs[0]
    framed = outputs[0][next(name for name in outputs[0] if name.endswith("framed.html.md"))].decode()
    assert framed.count("Frame text with") == 2


def robots_site(srv: TestServer) -> None:
    """Pages whose links and robots directives decide what a crawl of depth 2 from ``/start`` fetches and writes."""
    pages = {
        "/start": '<a href="/noindex">noindex</a> <a href="/nofollow">nofollow</a> <a href="/plain#frag">plain</a>'
        ' <a href="/marked" rel="nofollow">marked</a> <a href="https://elsewhere.invalid/x">away</a>'
        ' <iframe src="/frame"></iframe>',
        "/noindex": '<meta name="robots" content="NoIndex"><p>Kept out.</p><a href="/behind-noindex">on</a>',
        "/nofollow": '<meta name="robots" content="otherbot: noindex, nofollow"><p>Not followed.</p>'
        '<a href="/behind-nofollow">on</a>',
        "/plain": '<p>Plain page.</p><a href="/deeper">on</a>',
        "/behind-noindex": "<p>Found through a noindex page.</p>",
        "/behind-nofollow": "<p>Must not be fetched.</p>",
        "/marked": "<p>Linked with rel=nofollow only.</p>",
        "/deeper": '<p>Two hops away.</p><a href="/deepest">on</a>',
        "/deepest": "<p>Three hops away: not fetched.</p>",
        "/frame": '<p>Frame text <a href="/from-frame">link</a>.</p>',
        "/from-frame": "<p>Linked from an iframe only.</p>",
    }
    for path, body in pages.items():
        srv.route(
            path,
            f"<html><head><title>{path}</title></head><body><h1>{path}</h1>{body}</body></html>",
            headers={"Content-Type": "text/html"},
        )
    srv.route(
        "/tagged",
        "<html><body><p>Tagged.</p></body></html>",
        headers={"Content-Type": "text/html", "X-Robots-Tag": "noindex"},
    )


@pytest.mark.integration
def test_links_and_robots_directives_read_in_workers_crawl_the_same_pages(tmp_path):
    with TestServer() as srv:
        robots_site(srv)
        srv.route("/tagged-start", '<html><body><a href="/tagged">t</a></body></html>')
        outputs, stats = {}, {}
        for workers in (0, 2):
            out = tmp_path / f"workers{workers}"
            result = crawl.run(
                "site",
                {"WEB2MD_WORKERS": workers},
                url=f"{srv.url('/start')} {srv.url('/tagged-start')}",
                depth=2,
                output=str(out),
                formats="md,json",
                dedupe="off",
            )
            assert result.failures == []
            outputs[workers] = files_under(out)
            stats[workers] = {k: v for k, v in result.stats.items() if k.startswith("web2md/robots")}
    assert outputs[2] == outputs[0]
    assert stats[2] == stats[0] == {"web2md/robots_noindex_count": 2, "web2md/robots_nofollow_count": 1}
    written = sorted(name.rsplit("/", 1)[-1] for name in outputs[0] if name.endswith(".md"))
    # the links of the page, not of its iframe; a noindex page's links are followed, a nofollow page's are not
    assert written == ["behind-noindex.md", "deeper.md", "nofollow.md", "plain.md", "start.md", "tagged-start.md"]
    start = outputs[0][next(name for name in outputs[0] if name.endswith("start.md") and "tagged" not in name)]
    assert b"Frame text" in start


LINKED_PAGE = b"""<html><head><base href="/docs/"><meta name="robots" content="%s"></head><body>
<p><a href="a.html">A <b>bold</b> one</a> <a href="a.html#part" rel="NoFollow">again</a>
<a href="https://other.example/x?y=1">Elsewhere</a> <a href="mailto:x@example.org">mail</a>
<a href="#top">top</a></p><map><area href="/map" alt="Map area"></map>
<iframe src="https://frames.invalid/f"></iframe></body></html>"""


@pytest.mark.parametrize("robots", ["", "noindex"])
@pytest.mark.parametrize("max_frames", [0, 1])
def test_the_links_a_worker_answers_are_the_pages_links_whether_it_converts_or_not(robots, max_frames):
    from web2md.conversion.converter import Conversion, run_conversion
    from web2md.extract import extract_links

    url = "https://example.org/docs/page"
    body = LINKED_PAGE % robots.encode()
    result = run_conversion(Conversion(url, body, html=True, links=True, robots=(), max_frames=max_frames))
    expected = extract_links(body, url)
    assert [link["url"] for link in expected] == [
        "https://example.org/docs/a.html",
        "https://other.example/x?y=1",
        "https://example.org/docs/",
        "https://example.org/map",
    ]
    assert result["links"] == expected
    # converted now only when nothing holds it back (noindex, an iframe to fetch first); then its links are the same
    assert ("page" in result) == (not robots and not max_frames)
    if "page" in result:
        assert result["page"]["links"] == expected


@pytest.mark.integration
def test_the_crawl_process_parses_no_page_when_workers_convert(monkeypatch):
    from web2md.conversion import responses

    parsed: list[str] = []
    parse_html = responses.parse_html
    monkeypatch.setattr(responses, "parse_html", lambda *a, **k: parsed.append("page") or parse_html(*a, **k))
    with TestServer() as srv:
        robots_site(srv)
        # in process, each page once: start, noindex, nofollow, plain, behind-noindex, deeper
        for workers, expected in ((2, 0), (0, 6)):
            parsed.clear()
            result = crawl.run(
                "site",
                {"WEB2MD_WORKERS": workers, "WEB2MD_IFRAMES": False},
                url=srv.url("/start"),
                depth=2,
                output="",
                dedupe="off",
            )
            assert len(result.items) == 5
            assert len(parsed) == expected


@pytest.mark.integration
def test_a_crashing_hanging_or_failing_conversion_costs_only_its_page(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(HOOKS), os.environ.get("PYTHONPATH")])))
    with TestServer() as srv:
        golden_site(
            srv,
            {
                "/exit.html": "<html><body><p>web2md-test-exit</p></body></html>",
                "/hang.html": "<html><body><p>web2md-test-hang</p></body></html>",
                "/raise.html": "<html><body><p>web2md-test-raise</p></body></html>",
            },
        )
        baseline = crawl.run("site", {"WEB2MD_WORKERS": 0}, url=srv.url("/"), depth=1, output="", dedupe="off")
        result = crawl.run(
            "site",
            {"WEB2MD_WORKERS": 2, "WEB2MD_EXTRACT_TIMEOUT": 5},
            url=srv.url("/"),
            depth=1,
            output="",
            dedupe="off",
        )
    markers = {srv.url(p) for p in ("/exit.html", "/hang.html", "/raise.html")}
    # in process the hook is not loaded: every page converts
    assert len(baseline.items) == len(list(GOLDEN.glob("*.html"))) + 7
    assert {item["final_url"] for item in result.items} == {item["final_url"] for item in baseline.items} - markers
    assert {f["final_url"] for f in result.failures} == markers
    assert result.stats["web2md/failed/extraction_timeout"] == 1
    assert result.stats["web2md/failed/extraction_error"] == 2
    by_url = {item["final_url"]: item for item in baseline.items}
    for item in result.items:
        assert item["markdown"] == by_url[item["final_url"]]["markdown"]


@pytest.mark.integration
def test_web2md_batch_converts_in_workers_and_outlives_a_dying_one(tmp_path):
    pages = {f"/p{n}": f"<html><body><h1>Page {n}</h1><p>Text of page {n}.</p></body></html>" for n in range(4)}
    pages["/exit"] = "<html><body><p>web2md-test-exit</p></body></html>"
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(HOOKS), str(ROOT), os.environ.get("PYTHONPATH")]))
    )
    with TestServer() as srv:
        for path, body in pages.items():
            srv.route(path, body)
        urls = tmp_path / "urls.txt"
        urls.write_text("".join(srv.url(path) + "\n" for path in pages))
        done = subprocess.run(
            [sys.executable, "-m", "web2md.frontends.cli", "batch", str(urls), "-o", str(tmp_path / "out")],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
    assert done.returncode == 1, done.stderr  # a batch with a failed URL
    written = sorted(p.read_text() for p in (tmp_path / "out").rglob("*.md"))
    assert written == [f"# Page {n}\n\nText of page {n}.\n" for n in range(4)]
    assert srv.url("/exit") in done.stderr


@pytest.mark.integration
@pytest.mark.parametrize("calls", [0, 1])
def test_a_worker_whose_crawl_is_gone_ends_without_a_word(calls):
    """A crawl stopped by Ctrl-C no longer reads its workers' answers: a worker starting then, or answering a
    page, ends quietly (no BrokenPipeError traceback on the terminal the crawl shares with it)."""
    import pickle

    from web2md.conversion.workers import _LENGTH

    worker = subprocess.Popen(
        [sys.executable, "-m", "web2md.conversion.workers"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    worker.stdout.close()  # the crawl is gone before the worker says it is ready
    for _ in range(calls):
        payload = pickle.dumps((square, (7,)))
        worker.stdin.write(_LENGTH.pack(len(payload)) + payload)
    worker.stdin.close()
    assert worker.wait(timeout=60) == 0
    assert worker.stderr.read() == b""


def test_a_web2md_folder_in_the_current_directory_is_not_imported_by_the_workers(tmp_path, monkeypatch):
    """An output folder named web2md (``fetch -o web2md``) beside the crawl must not stand in for the package."""
    impostor = tmp_path / "web2md"
    impostor.mkdir()
    (impostor / "__init__.py").write_text("raise ImportError('the folder in the current directory was imported')\n")
    monkeypatch.chdir(tmp_path)

    async def scenario():
        pool = WorkerPool(1, timeout=10)
        try:
            return await pool.run(square, 7)
        finally:
            await pool.close()

    assert asyncio.run(scenario()) == 49


@pytest.mark.integration
def test_what_a_call_logs_in_its_worker_is_logged_by_the_caller(caplog):
    """A page converted in a worker logs as one converted in the crawl's process (a charset decision, a warning),
    even when the call then fails; below INFO nothing is sent."""

    async def scenario() -> None:
        pool = WorkerPool(1, timeout=10)
        try:
            with pytest.raises(WorkerError):
                await pool.run(log_and_fail, "https://example.org/wide")
        finally:
            await pool.close()

    with caplog.at_level("DEBUG", logger="web2md.conversion.responses"):
        asyncio.run(scenario())
    assert [(r.name, r.levelname, r.getMessage()) for r in caplog.records if r.name.startswith("web2md.conv")] == [
        ("web2md.conversion.responses", "INFO", "Decoded https://example.org/wide as utf-8")
    ]
