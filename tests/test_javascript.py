"""``--javascript``: inline scripts run in QuickJS over a small DOM before conversion (see docs/design.md#javascript).

The real engine runs in every test: `run_scripts` on parsed pages, then the
same pages through ``web2md fetch --javascript``, ``crawl.run`` and
``scrapy crawl -a javascript=1`` against a local server.
"""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from lxml import etree

from tests.server import TestServer
from web2md import convert, crawl
from web2md.extract.html.parse import parse_html
from web2md.javascript.quickjs import START_TIME_MS, elements_of, run_scripts, snapshot

ROOT = Path(__file__).resolve().parent.parent
URL = "http://example.test/page"

WRITTEN = """<html><head><title>Written</title></head><body>
<script>document.write('<article><h1>The written article</h1><p>It was written by a script, ' +
  'with <b>bold</b> words &amp; an ampersand.</p></article>');</script>
<noscript>Please enable JavaScript.</noscript></body></html>"""

APP = """<html><head><title>App</title>
<script id="state" type="application/json">{"title": "Ferries", "stops": ["Quay", "Island", "Harbour"],
 "note": "Timetable < summer >"}</script></head>
<body><div id="app"></div>
<script>
  var state = JSON.parse(document.getElementById('state').textContent);
  var app = document.getElementById('app');
  app.innerHTML = '<h1></h1><p class="note"></p><ol id="stops"></ol>';
  app.querySelector('h1').textContent = state.title;
  document.querySelector('.note').innerText = state.note;
  state.stops.forEach(function (stop) {
    var li = document.createElement('li');
    li.textContent = stop;
    document.querySelector('#stops').appendChild(li);
  });
</script></body></html>"""

TIMER = """<html><body><main><h1>Results</h1><p id="status">Loading…</p></main>
<script>setTimeout(function () {
  document.getElementById('status').textContent = 'Shown after 200 ms.';
}, 200);</script></body></html>"""

HOSTILE = """<html><body><main><h1>Still here</h1><p id="out">Static text.</p></main>
<script>while (true) {}</script>
<script>var hoard = []; while (true) hoard.push(new Array(1e6).fill(7));</script>
<script>document.getElementById('out').textContent = 'The third script ran.';</script>
</body></html>"""

CLOCK = """<html><body><main><p id="t"></p><p id="r"></p></main>
<script>
  document.getElementById('t').textContent = 'now ' + Date.now() + ' ' + new Date().toISOString();
  document.getElementById('r').textContent = 'random ' + Math.random() + ' ' + Math.random();
  setTimeout(function () { document.getElementById('t').textContent += ' later ' + Date.now(); }, 50);
</script></body></html>"""


def markdown(page: str, wait: float | None = None, **options) -> tuple[str, int, int]:
    """The Markdown of `page` after its scripts, and how many scripts ran and failed."""
    run = run_scripts(parse_html(page), URL, wait)
    return convert(run.tree, url=URL, **options).markdown, run.ran, run.failed


# -- the cases the issue names --------------------------------------------------------------------


def test_a_page_that_writes_its_article():
    assert markdown(WRITTEN) == (
        "# The written article\n\nIt was written by a script, with **bold** words & an ampersand.",
        1,
        0,
    )
    # without scripts the page has only its noscript text
    assert "written" not in convert(WRITTEN, url=URL).markdown


def test_a_page_that_fills_its_app_from_an_inline_json_blob():
    assert markdown(APP) == ("# Ferries\n\nTimetable < summer >\n\n1. Quay\n2. Island\n3. Harbour", 1, 0)


def test_a_timer_shows_its_content_only_when_due_within_the_wait():
    assert markdown(TIMER, wait=500) == ("# Results\n\nShown after 200 ms.", 2, 0)
    assert markdown(TIMER, wait=100) == ("# Results\n\nLoading…", 1, 0)
    assert markdown(TIMER, wait=200)[0].endswith("Shown after 200 ms.")  # due at 200 is within 200
    assert markdown(TIMER, wait=float("inf"))[0].endswith("Shown after 200 ms.")  # virtual time: no real wait
    assert markdown(TIMER, wait=float("nan"))[0].endswith("Loading…")


def test_a_looping_and_a_hoarding_script_are_skipped_and_counted_and_the_page_converts():
    assert markdown(HOSTILE) == ("# Still here\n\nThe third script ran.", 1, 2)


def test_runs_are_deterministic_with_a_fixed_clock_and_random_sequence():
    first = markdown(CLOCK, wait=100)
    assert first == markdown(CLOCK, wait=100)
    text, ran, failed = first
    assert (ran, failed) == (2, 0)
    assert text.startswith(f"now {START_TIME_MS} 2025-01-01T00:00:00.000Z later {START_TIME_MS + 50}\n\nrandom 0.")
    assert len(set(text.split("random ")[1].split())) == 2  # two different numbers


# -- which scripts run ------------------------------------------------------------------------------


def test_only_classic_inline_scripts_run():
    page = """<html><body><main><p id="out">none</p></main>
    <script src="/app.js">document.getElementById('out').textContent += ' src';</script>
    <script type="module">document.getElementById('out').textContent += ' module';</script>
    <script type="application/ld+json">{"@type": "Article"}</script>
    <script type="text/template"><p>template</p></script>
    <script type="application/json">{"a": 1}</script>
    <script language="vbscript">document.getElementById('out').textContent += ' vbscript';</script>
    <script type="text/javascript">document.getElementById('out').textContent += ' classic';</script>
    <script>document.getElementById('out').textContent += ' plain';</script>
    </body></html>"""
    assert markdown(page) == ("none classic plain", 2, 0)


def test_scripts_run_in_document_order_and_written_scripts_run_but_inner_html_ones_do_not():
    page = """<html><body><main><p id="out">start</p></main>
    <script>var log = document.getElementById('out');
      document.write('<script>log.textContent += " written";<\\/script>');
      log.textContent += ' first';</script>
    <script>log.textContent += ' second';
      document.body.insertAdjacentHTML('beforeend', '<script>log.textContent += " inner";<\\/script>');
      var s = document.createElement('script'); s.textContent = 'log.textContent += " appended"';
      document.body.appendChild(s);</script>
    </body></html>"""
    assert markdown(page) == ("start first written second appended", 4, 0)


def test_a_script_that_decodes_markup_next_to_itself():
    # a pattern seen in the corpus (gofeminin.de): obfuscated markup put in after the script that decodes it
    page = """<html><body><main><p>Before.</p><div><script>
      var code = '>p/<.hpargarap dedoced A>p<'.split('').reverse().join('');
      document.currentScript.insertAdjacentHTML('afterend', code);
    </script></div><p>After.</p></main></body></html>"""
    assert markdown(page) == ("Before.\n\nA decoded paragraph.\n\nAfter.", 1, 0)


def test_load_listeners_and_promise_jobs_run_after_the_scripts():
    page = """<html><body><main><p id="out">start</p></main>
    <script>var out = document.getElementById('out');
      window.addEventListener('load', function () { out.textContent += ' load'; });
      document.addEventListener('DOMContentLoaded', function () { out.textContent += ' ready'; });
      Promise.resolve().then(function () { out.textContent += ' then'; });
      (async function () { await null; out.textContent += ' async'; })();
      out.textContent += ' script';</script></body></html>"""
    assert markdown(page)[0] == "start script then async ready load"


def test_timers_run_in_time_order_and_intervals_repeat_until_cleared():
    page = """<html><body><main><p id="out">t</p></main>
    <script>var out = document.getElementById('out');
      setTimeout(function () { out.textContent += ' 30'; }, 30);
      setTimeout(function () { out.textContent += ' 10'; }, 10);
      var n = 0, every = setInterval(function () { out.textContent += ' i' + (++n); if (n === 3) clearInterval(every); }, 15);
      var gone = setTimeout(function () { out.textContent += ' cleared'; }, 5); clearTimeout(gone);
      requestAnimationFrame(function (t) { out.textContent += ' frame' + t; });
    </script></body></html>"""
    assert markdown(page)[0] == "t 10 i1 frame16 30 i2 i3"


def test_a_failing_script_and_callback_are_counted_and_the_others_go_on():
    page = """<html><body><main><p id="out">a</p></main>
    <script>undefinedFunction();</script>
    <script>setTimeout(function () { null.x; }, 1);
      setTimeout(function () { document.getElementById('out').textContent += ' b'; }, 2);</script>
    <script>function deep() { return deep() + 1; } deep();</script>
    </body></html>"""
    assert markdown(page) == ("a b", 2, 3)


def test_scripts_have_no_network_file_or_clock_access():
    page = """<html><body><main><p id="out"></p></main>
    <script>var out = document.getElementById('out');
      out.textContent = [typeof fetch, typeof XMLHttpRequest, typeof WebSocket, typeof require, typeof std,
                         typeof os, typeof Atomics, performance.now()].join(' ');
      import('os').then(function () { out.textContent += ' imported'; },
                        function () { out.textContent += ' no modules'; });
    </script>
    <script>fetch('http://example.test/data.json').then(function () { out.textContent += ' fetched'; });</script>
    </body></html>"""
    assert markdown(page) == (
        "undefined undefined undefined undefined undefined undefined undefined 0 no modules",
        1,
        1,
    )


# -- the tree ---------------------------------------------------------------------------------------


def test_a_page_whose_scripts_change_nothing_is_the_same_tree():
    page = (
        "<html><body><main><p>Kept <!-- c --> as is &amp; all.</p></main><script>var x = 1 + 1;</script></body></html>"
    )
    tree = parse_html(page)
    run = run_scripts(tree, URL)
    assert run.tree is tree and (run.ran, run.failed) == (1, 0)


def test_only_changed_elements_are_rebuilt_and_the_parsed_tree_is_left_alone():
    page = """<html><body><main><p id="a">A &amp; <i>a</i></p><p id="b" hidden>B</p><p id="c">C</p></main>
    <script>document.getElementById('b').hidden = false;
      document.getElementById('c').style.color = 'red';
      document.getElementById('a').classList.add('x');</script></body></html>"""
    tree = parse_html(page)
    run = run_scripts(tree, URL)
    assert run.tree is not tree and tree.find(".//p[@id='b']").get("hidden") is not None
    paragraphs = run.tree.findall(".//p")
    assert [dict(p.attrib) for p in paragraphs] == [
        {"id": "a", "class": "x"},
        {"id": "b"},
        {"id": "c", "style": "color: red"},
    ]
    assert convert(run.tree, url=URL).markdown == "A & *a*\n\nB\n\nC"


def test_selectors_and_dom_reads():
    page = """<html><head><title>Sel</title></head><body><main>
    <ul id="l"><li class="x y">one</li><li class="y">two</li><li data-k="v">three</li></ul>
    <p id="out"></p></main>
    <script>var r = [];
      r.push(document.querySelectorAll('li').length, document.querySelectorAll('.y').length,
             document.querySelectorAll('ul > li.x.y').length, document.querySelector('[data-k=v]').textContent,
             document.querySelector('li[data-k]').dataset.k, document.getElementsByClassName('y').length,
             document.getElementsByTagName('LI')[1].textContent, document.title,
             document.getElementById('l').children.length, document.querySelector('#l').firstElementChild.className,
             document.querySelector('li').nextElementSibling.textContent, document.querySelector('li.x').closest('ul').id,
             document.getElementById('l').innerHTML.indexOf('<li class="x y">one</li>') === 0);
      document.getElementById('out').textContent = r.join(',');</script></body></html>"""
    assert markdown(page)[0].endswith("3,2,1,three,v,2,two,Sel,3,x y,two,l,true")


@settings(max_examples=60, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).filter(str.strip))
def test_text_set_by_a_script_converts_as_the_same_text_in_markup(text):
    scripted = f"""<html><body><main><p id="x">placeholder</p></main>
    <script>document.getElementById('x').textContent = {json.dumps(text)};</script></body></html>"""
    static = f'<html><body><main><p id="x">{html.escape(text)}</p></main></body></html>'
    assert markdown(scripted)[0] == convert(static, url=URL).markdown


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            list("<>/=\"'&;!-# abpdiv\n")
            + ["script", "style", "<!--", "-->", "&amp;", "</p>", "<div ", "<p>", "<br/>", "textarea"]
        ),
        max_size=40,
    ).map("".join)
)
@example("<script>")  # a script the page's script writes runs too
def test_any_markup_a_script_sets_is_parsed_and_converts(markup):
    page = f"""<html><body><main><div id="x">old</div><p>Kept.</p></main>
    <script>var x = document.getElementById('x'); x.innerHTML = {json.dumps(markup)};
      x.insertAdjacentHTML('afterend', {json.dumps(markup)}); document.write({json.dumps(markup)});
      x.setAttribute('data-m', x.innerHTML); x.textContent = x.textContent + x.outerHTML;</script></body></html>"""
    text, ran, failed = markdown(page, main_content=False)
    assert ran >= 1 and failed == 0
    assert "Kept." in text


_PIECES = st.sampled_from(
    [
        "<div>",
        "</div>",
        "<p>",
        "</p>",
        "<b>",
        "</b>",
        "<!-- c -->",
        "<?pi x?>",
        "text",
        "<br>",
        "<table><tr><td>",
        "</td></tr></table>",
        "<li>",
        "<script>var a = 1;</script>",
    ]
)


@settings(max_examples=100, deadline=None)
@given(st.lists(_PIECES, max_size=30))
def test_the_sandbox_indexes_the_elements_as_the_host_does(pieces):
    tree = parse_html("<html><body>" + "".join(pieces) + "</body></html>")
    entries = snapshot(tree)
    assert [entry[1] for entry in entries if len(entry) == 3] == [el.tag for el in elements_of(tree)]
    # the texts, comments and processing instructions left out, in document order
    assert "".join(entry[1] for entry in entries if len(entry) == 2) == etree.tostring(
        tree, method="text", encoding=str
    )


# -- through the command line and the crawls --------------------------------------------------------


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        for path, page in {"/written": WRITTEN, "/app": APP, "/timer": TIMER, "/hostile": HOSTILE}.items():
            srv.route(path, page)
        yield srv


def web2md(*args: str, code: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    command = (
        ["-c", f"{code}\nimport sys\nfrom web2md.frontends.cli import main\nsys.exit(main())", *args]
        if code
        else ["-m", "web2md.frontends.cli", *args]
    )
    return subprocess.run([sys.executable, *command], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.integration
def test_web2md_fetch_javascript(server):
    done = web2md("fetch", "--javascript", server.url("/app"))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "# Ferries\n\nTimetable < summer >\n\n1. Quay\n2. Island\n3. Harbour\n"
    plain = web2md("fetch", "--no-javascript", server.url("/app"))
    assert "Ferries" not in plain.stdout


@pytest.mark.integration
def test_web2md_fetch_wait_bounds_the_timers(server):
    late = web2md("fetch", "--javascript", "--wait", "500", server.url("/timer"))
    early = web2md("fetch", "--javascript", "--wait", "100", server.url("/timer"))
    assert (late.returncode, late.stdout) == (0, "# Results\n\nShown after 200 ms.\n")
    assert (early.returncode, early.stdout) == (0, "# Results\n\nLoading…\n")


@pytest.mark.integration
def test_web2md_fetch_without_the_engine_names_the_package(server):
    done = web2md("fetch", "--javascript", server.url("/app"), code="import sys; sys.modules['quickjs'] = None")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "web2md: --javascript needs a JavaScript engine: pip install 'web2md[javascript]' (the quickjs-ng package)\n"
    )


@pytest.mark.integration
def test_crawl_counts_the_failed_scripts_and_the_setting_turns_javascript_on(server, tmp_path):
    result = crawl.run("page", url=f"{server.url('/hostile')} {server.url('/written')}", output="", javascript="1")
    pages = {item["final_url"]: item["markdown"] for item in result.items}
    assert pages == {
        server.url("/hostile"): "# Still here\n\nThe third script ran.",
        server.url("/written"): markdown(WRITTEN)[0],
    }
    assert (result.stats["web2md/js/pages"], result.stats["web2md/js/ran"], result.stats["web2md/js/failed"]) == (
        2,
        2,
        2,
    )
    from_setting = crawl.run(
        "page", {"WEB2MD_JAVASCRIPT": "1", "WEB2MD_WAIT": "100"}, url=server.url("/timer"), output=""
    )
    assert [item["markdown"] for item in from_setting.items] == ["# Results\n\nLoading…"]
    off = crawl.run("page", url=server.url("/written"), output="", javascript="0")
    assert "web2md/js/pages" not in off.stats and "written" not in off.items[0]["markdown"]


@pytest.mark.integration
def test_scrapy_crawl_with_the_javascript_argument(server, tmp_path):
    env = dict(
        os.environ,
        SCRAPY_SETTINGS_MODULE="web2md.settings",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "scrapy",
            "crawl",
            "page",
            "-a",
            f"url={server.url('/app')}",
            "-a",
            "javascript=1",
            "-a",
            "wait=500",
            "-O",
            "pages.jsonl",
            "-s",
            "LOG_LEVEL=INFO",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    pages = [json.loads(line) for line in (tmp_path / "pages.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [p["markdown"] for p in pages] == [markdown(APP)[0]]
    assert "'web2md/js/ran': 1," in done.stderr and "web2md/js/failed" not in done.stderr
    assert (tmp_path / "output" / f"127.0.0.1_{server.port}" / "app.md").read_text(encoding="utf-8") == markdown(APP)[
        0
    ] + "\n"


@pytest.mark.integration
def test_mcp_web_fetch_runs_inline_scripts_when_asked(server):
    from tests.test_mcp import McpSession

    session = McpSession("--allow-private")
    try:
        tools = {tool.name: tool for tool in session.run(session.client.list_tools()).tools}
        assert tools["web_fetch"].input_schema["properties"]["javascript"]["enum"] == [
            "auto",
            "none",
            "inline",
            "browser",
        ]
        scripted = session.call("web_fetch", {"url": server.url("/app"), "javascript": "inline"})
        plain = session.call("web_fetch", {"url": server.url("/app"), "javascript": "none"})
    finally:
        session.close()
    assert scripted.structured_content["markdown"] == markdown(APP)[0]
    assert "Ferries" not in plain.structured_content["markdown"]
