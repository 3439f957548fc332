"""The whole ``web2md`` command as a user runs it: every subcommand, format and exit status against a real server.

Each case is a real ``web2md`` subprocess. They are independent, so the module
starts them all at once on a small thread pool (a crawl costs a second or two
of interpreter start-up) and each test then checks the runs it is about.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from xml.etree import ElementTree

import pexpect
import pytest

from tests.cli_process import environment
from tests.cli_process import run_web2md as web2md
from tests.server import TestServer
from web2md import convert
from web2md.frontends.common import (
    EXIT_BINARY,
    EXIT_FAILED,
    EXIT_HTTP,
    EXIT_LANGUAGE,
    EXIT_METADATA,
    EXIT_OK,
    EXIT_ROBOTS,
    EXIT_TIMEOUT,
    EXIT_USAGE,
)

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

HOME = """<!DOCTYPE html>
<html lang="en"><head><title>Garden notes</title>
<meta name="author" content="Ann Gardener">
<meta property="article:published_time" content="2024-03-01T08:00:00Z">
<link rel="alternate" type="application/rss+xml" title="Garden feed" href="/feed.xml">
</head><body><nav><a href="/">Home</a></nav>
<main><h1>Garden notes</h1>
<p>The garden was quiet this morning, and the tomatoes, "as usual", were the first to ripen.
Read the <a href="/second">second page</a> for the weather report of the week.</p>
<p>We planted beans, peas and three kinds of lettuce along the southern fence this spring.</p>
</main></body></html>"""

SECOND = """<!DOCTYPE html>
<html lang="en"><head><title>Weather report</title></head><body><main><h1>Weather report</h1>
<p>It rained on Monday and the wind came from the west for the rest of the week.
The <a href="/third">third page</a> has a table of the temperatures we measured.</p>
</main></body></html>"""

THIRD = """<!DOCTYPE html>
<html lang="en"><head><title>Temperatures</title></head><body><main><h1>Temperatures</h1>
<p>These are the temperatures we measured in the garden every morning at seven o'clock.
A <a href="/missing">missing page</a> is linked here on purpose.</p>
<table><tr><th>Day</th><th>Degrees</th></tr><tr><td>Monday</td><td>12</td></tr>
<tr><td>Tuesday</td><td>14</td></tr></table>
<pre><code class="language-python">print("warm")</code></pre>
<blockquote><p>A quoted remark about the frost that never came.</p></blockquote>
</main></body></html>"""

FEED_ITEMS = "".join(
    f"<item><title>Entry {i}</title><link>/entries/{i}</link>"
    f"<pubDate>Mon, 0{i} Jan 2024 08:30:00 +0000</pubDate><author>ann@example.com (Ann)</author>"
    f"<description>&lt;p&gt;Body of entry {i} with &lt;strong&gt;bold&lt;/strong&gt; text.&lt;/p&gt;</description></item>"
    for i in range(1, 4)
)


def echo(request) -> tuple[int, dict[str, str], bytes]:
    """A page that shows the Cookie and X-Test headers it was sent."""
    cookie = request.headers.get("Cookie", "none")
    test = request.headers.get("X-Test", "none")
    body = (
        f"<html><head><title>Echo</title></head><body><main><h1>Echo</h1>"
        f"<p>cookie header: {cookie}</p><p>test header: {test}</p></main></body></html>"
    )
    return 200, {"Content-Type": "text/html; charset=utf-8"}, body.encode()


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        u = srv.url
        srv.route("/", HOME)
        srv.route("/second", SECOND)
        srv.route("/third", THIRD)
        srv.route("/private/page", "<html><body><p>Robots say no to this page.</p></body></html>")
        srv.route("/slow", HOME, delay=3)
        srv.route("/file.zip", b"PK\x03\x04 not text", headers={"Content-Type": "application/zip"})
        srv.route("/echo", handler=echo)
        srv.route(
            "/robots.txt",
            f"User-agent: *\nDisallow: /private/\nSitemap: {u('/sitemap.xml')}\n",
            headers={"Content-Type": "text/plain"},
        )
        srv.route(
            "/sitemap.xml",
            '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
            f"<url><loc>{u('/')}</loc><lastmod>2024-03-01</lastmod></url>"
            f"<url><loc>{u('/second')}</loc></url><url><loc>{u('/third')}</loc></url></urlset>",
            headers={"Content-Type": "application/xml"},
        )
        srv.route(
            "/feed.xml",
            f'<?xml version="1.0"?><rss version="2.0"><channel><title>Garden feed</title>'
            f"<link>{u('/')}</link>{FEED_ITEMS}</channel></rss>",
            headers={"Content-Type": "application/rss+xml"},
        )
        yield srv


@pytest.fixture(scope="module")
def runs(server, tmp_path_factory):
    """Every command of this module, run concurrently; ``runs[name]`` is its CompletedProcess."""
    u = server.url
    work = tmp_path_factory.mktemp("cli")
    (work / "urls.txt").write_text(
        f"# pages to convert\n{u('/')}\n\n{u('/second')}\n{u('/missing')}\n{u('/')}\n", encoding="utf-8"
    )
    (work / "blacklist.txt").write_text("# no weather\n/second\n", encoding="utf-8")
    (work / "good.txt").write_text(f"{u('/second')}\n{u('/third')}\n", encoding="utf-8")
    commands: dict[str, tuple[str, ...]] = {
        "markdown": ("fetch", u("/")),
        "json": ("fetch", "--format", "json", u("/")),
        "text": ("fetch", "--format", "text", u("/")),
        "html": ("fetch", "--format", "html", u("/")),
        "csv": ("fetch", "--format", "csv", u("/")),
        "tei": ("fetch", "--format", "tei", u("/")),
        "xml": ("fetch", "--format", "xml", u("/")),
        "file": (
            "fetch",
            "--frontmatter",
            "--lang",
            "eng",
            "--only-with-metadata",
            "-o",
            str(work / "page.md"),
            u("/"),
        ),
        "max_length": ("fetch", "--max-length", "40", u("/")),
        "render": ("fetch", "--render", u("/third")),
        "echo": ("fetch", "--cookie", "a=1", "--cookie", "b=2", "--header", "X-Test: yes", u("/echo")),
        "invalid": ("fetch", "ftp:example.com"),
        "http_404": ("fetch", u("/missing")),
        "timeout": ("fetch", "--timeout", "1", u("/slow")),
        "robots": ("fetch", u("/private/page")),
        "robots_ignored": ("fetch", "--ignore-robots", u("/private/page")),
        "binary": ("fetch", u("/file.zip")),
        "lang": ("fetch", "--lang", "de", u("/")),
        "lang_unknown": ("fetch", "--lang", "zz", u("/")),
        "metadata": ("fetch", "--only-with-metadata", u("/second")),
        "depth_stdout": ("fetch", "--depth", "2", u("/")),
        "depth_dir": ("fetch", "--depth", "1", "-o", str(work / "site"), u("/")),
        "depth_blacklist": ("fetch", "--depth", "2", "--blacklist-file", str(work / "blacklist.txt"), u("/")),
        "depth_json": ("fetch", "--depth", "1", "--format", "json", u("/")),
        "sitemap": ("sitemap", u("/")),
        "sitemap_feeds": ("sitemap", "--json", "--feeds", u("/")),
        "feed": ("feed", "--max-entries", "2", u("/feed.xml")),
        "feed_json": ("feed", "--json", "-o", str(work / "feed.json"), u("/")),
        "batch": ("batch", str(work / "urls.txt")),
        "batch_dir": ("batch", "--frontmatter", "-o", str(work / "batch"), str(work / "good.txt")),
        "batch_missing": ("batch", str(work / "nope.txt")),
        "help": ("--help",),
        **{f"help_{name}": (name, "--help") for name in ("fetch", "browse", "sitemap", "feed", "batch")},
    }
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {name: pool.submit(web2md, *args, cwd=work) for name, args in commands.items()}
        results = {name: future.result() for name, future in futures.items()}
    results["work"] = work  # type: ignore[assignment]
    return results


def ok(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == EXIT_OK, done.stderr
    assert done.stderr == ""
    return done.stdout


# -- fetch and its formats -----------------------------------------------------------


def test_version_names_the_build_of_the_core():
    from web2md import __version__

    # the tests run the checkout's sources; tests/test_compiled.py checks the compiled build's label
    assert web2md("--version").stdout == f"web2md {__version__} (pure Python core)\n"


def test_markdown(runs, server):
    out = ok(runs["markdown"])
    assert out == convert(HOME, url=server.url("/")).markdown + "\n"
    assert out.startswith("# Garden notes\n") and f"[second page]({server.url('/second')})" in out
    assert list(runs["work"].glob("output*")) == []  # fetch prints; it writes no output/ folder


def test_json(runs, server):
    data = json.loads(ok(runs["json"]))
    assert data["url"] == server.url("/") and data["status"] == 200 and data["title"] == "Garden notes"
    assert data["author"] == "Ann Gardener" and data["published_date"].startswith("2024-03-01")
    assert data["language"] == "en"
    assert data["markdown"] == convert(HOME, url=server.url("/")).markdown
    assert None not in data.values()


def test_text_html_csv_tei_xml(runs, server):
    text = ok(runs["text"])
    assert text.startswith("Garden notes\n") and "**" not in text and "](" not in text
    html = ok(runs["html"])
    assert "<h1>Garden notes</h1>" in html and f'href="{server.url("/second")}"' in html
    rows = list(csv.reader(io.StringIO(ok(runs["csv"]), newline="")))
    assert rows[0] == [
        "url",
        "title",
        "author",
        "published_date",
        "language",
        "page_type",
        "extraction_quality",
        "fingerprint",
        "text",
    ]
    assert len(rows) == 2 and rows[1][:3] == [server.url("/"), "Garden notes", "Ann Gardener"]
    assert '"as usual"' in rows[1][8]  # quotes survive RFC 4180 quoting
    tei = ElementTree.fromstring(ok(runs["tei"]).encode())
    ns = {"tei": "http://www.tei-c.org/ns/1.0"}
    assert tei.find(".//tei:titleStmt/tei:title", ns).text == "Garden notes"
    assert tei.find(".//tei:div[@type='entry']", ns) is not None
    doc = ElementTree.fromstring(ok(runs["xml"]).encode())
    assert doc.tag == "doc" and doc.findtext("title") == "Garden notes" and doc.findtext("url") == server.url("/")
    assert any("tomatoes" in (p.text or "") for p in doc.find("main"))


def test_output_file_with_front_matter_and_requirements_met(runs, server):
    assert ok(runs["file"]) == ""
    saved = (runs["work"] / "page.md").read_text(encoding="utf-8")
    header, _, body = saved.partition("\n---\n\n")
    assert header.startswith("---\n") and 'title: "Garden notes"' in header and 'author: "Ann Gardener"' in header
    assert f'url: "{server.url("/")}"' in header
    assert body == convert(HOME, url=server.url("/")).markdown + "\n"


def test_max_length(runs, server):
    out = ok(runs["max_length"])
    assert len(out) <= 41 and out.startswith("# Garden notes")
    assert convert(HOME, url=server.url("/")).markdown.startswith(out.rstrip("\n"))


def test_render_styles_markdown_for_a_terminal(runs):
    out = ok(runs["render"])
    plain = ANSI.sub("", out)
    assert "\x1b[1;95mTemperatures" in out  # bold coloured level-1 heading
    assert "\x1b[4;36mmissing page" in out  # underlined cyan link
    assert "48;5;236m" in out  # code on a dark background
    assert "┌" in plain and "┬" in plain and "│ Day" in plain and "└" in plain
    assert "│ A quoted remark" in plain
    assert "](" not in plain and "# " not in plain


def test_cookies_and_headers_are_sent(runs):
    out = ok(runs["echo"])
    assert "cookie header: a=1; b=2" in out and "test header: yes" in out


# -- errors and exit statuses ------------------------------------------------------------


@pytest.mark.parametrize(
    "name, status, message",
    [
        ("invalid", EXIT_USAGE, "web2md: invalid URL: ftp:example.com (need an absolute http:// or https:// URL)"),
        ("http_404", EXIT_HTTP, "web2md: HTTP 404 Not Found: {/missing}"),
        ("timeout", EXIT_TIMEOUT, "web2md: timed out after 1 s: {/slow} (try a longer --timeout)"),
        (
            "robots",
            EXIT_ROBOTS,
            "web2md: forbidden by robots.txt: {/private/page} (--ignore-robots to fetch it anyway)",
        ),
        ("binary", EXIT_BINARY, "web2md: cannot read application/zip (13 bytes): {/file.zip}"),
        ("lang", EXIT_LANGUAGE, "web2md: {/}: language mismatch: page language is en, wanted de"),
        ("metadata", EXIT_METADATA, "web2md: {/second}: missing metadata: no published date"),
        ("depth_json", EXIT_USAGE, "web2md: --depth needs --format markdown (got --format json)"),
        ("batch_missing", EXIT_USAGE, "web2md: cannot read {nope.txt}: no such file"),
    ],
)
def test_errors_are_one_line_with_a_distinct_status(runs, server, name, status, message):
    done = runs[name]
    expected = re.sub(r"\{(/[^}]*)\}", lambda m: server.url(m.group(1)), message)
    expected = expected.replace("{nope.txt}", str(runs["work"] / "nope.txt"))
    assert (done.returncode, done.stderr, done.stdout) == (status, expected + "\n", "")


def test_distinct_statuses_and_usage_errors(runs):
    statuses = {
        EXIT_FAILED,
        EXIT_USAGE,
        EXIT_HTTP,
        EXIT_TIMEOUT,
        EXIT_ROBOTS,
        EXIT_LANGUAGE,
        EXIT_METADATA,
        EXIT_BINARY,
    }
    assert len(statuses) == 8 and EXIT_OK not in statuses and EXIT_USAGE == 2
    assert runs["lang_unknown"].returncode == EXIT_USAGE and "unknown language code 'zz'" in runs["lang_unknown"].stderr
    assert "robots say no" in ok(runs["robots_ignored"]).lower()


# -- crawls ------------------------------------------------------------------------------------


def test_depth_prints_pages_separated_by_headers(runs, server):
    done = runs["depth_stdout"]
    assert done.returncode == EXIT_OK
    pages = re.findall(r"^---\nurl: \"([^\"]+)\"\ntitle: \"([^\"]*)\"\n---\n", done.stdout, re.M)
    assert sorted(pages) == sorted(
        [
            (server.url("/"), "Garden notes"),
            (server.url("/second"), "Weather report"),
            (server.url("/third"), "Temperatures"),
        ]
    )
    assert done.stdout.startswith(f'---\nurl: "{server.url("/")}"')
    assert "It rained on Monday" in done.stdout and "| Monday | 12 |" in done.stdout
    # two hops: /missing is three hops away and never requested
    assert done.stderr == ""


def test_depth_writes_a_folder(runs, server):
    done = runs["depth_dir"]
    assert done.returncode == EXIT_OK and done.stdout == ""
    folder = runs["work"] / "site"
    assert done.stderr == f"web2md: wrote 2 pages to {folder}\n"
    host = f"127.0.0.1_{server.port}"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md")) == [
        f"{host}/index.md",
        f"{host}/second.md",
    ]
    assert (folder / host / "index.md").read_text(encoding="utf-8") == convert(
        HOME, url=server.url("/")
    ).markdown + "\n"


def test_depth_crawl_skips_blacklisted_links(runs, server):
    out = ok(runs["depth_blacklist"])
    assert re.findall(r"^url: \"([^\"]+)\"$", out, re.M) == [server.url("/")]


def test_cache_ttl_serves_the_second_run_from_the_cache(tmp_path):
    with TestServer() as srv:
        srv.route("/", HOME)
        env = dict(environment(), XDG_CACHE_HOME=str(tmp_path))
        outputs = [
            subprocess.run(
                [sys.executable, "-m", "web2md.frontends.cli", "fetch", "--cache-ttl", "60", srv.url("/")],
                capture_output=True,
                text=True,
                env=env,
                timeout=180,
            ).stdout
            for _ in range(2)
        ]
        assert outputs[0] == outputs[1] == convert(HOME, url=srv.url("/")).markdown + "\n"
        assert srv.paths() == ["/robots.txt", "/"]  # the second run asked the server nothing
        assert (tmp_path / "web2md" / "httpcache").is_dir()


def test_progress_bar_on_a_terminal(server, tmp_path):
    # not on a pipe: test_depth_writes_a_folder sees nothing but the one summary line on stderr
    child = pexpect.spawn(
        sys.executable,
        ["-m", "web2md.frontends.cli", "fetch", "--depth", "1", "-o", str(tmp_path), server.url("/")],
        env=dict(environment(), TERM="xterm"),
        encoding="utf-8",
        dimensions=(24, 120),
        timeout=120,
    )
    child.expect(pexpect.EOF)
    child.close()
    screen = ANSI.sub("", child.before)
    assert child.exitstatus == EXIT_OK
    assert f"crawling 127.0.0.1:{server.port}" in screen and "exported" in screen
    assert f"wrote 2 pages to {tmp_path}" in screen


def test_sitemap_lists_urls(runs, server):
    assert ok(runs["sitemap"]).splitlines() == [server.url("/"), server.url("/second"), server.url("/third")]
    data = json.loads(ok(runs["sitemap_feeds"]))
    assert data["urls"][0] == {"url": server.url("/"), "lastmod": "2024-03-01", "sitemap": server.url("/sitemap.xml")}
    assert [e["url"] for e in data["urls"]] == [server.url("/"), server.url("/second"), server.url("/third")]
    assert data["feeds"] == [{"url": server.url("/feed.xml"), "type": "rss", "title": "Garden feed"}]


def test_feed_markdown_and_json(runs, server):
    out = ok(runs["feed"])
    assert out.startswith("# Garden feed\n\n## [Entry 1](" + server.url("/entries/1") + ")\n")
    assert "Body of entry 2 with **bold** text." in out and "Entry 3" not in out
    assert ok(runs["feed_json"]) == ""  # found through the page's <link rel=alternate>, written to -o
    data = json.loads((runs["work"] / "feed.json").read_text(encoding="utf-8"))
    assert data["url"] == server.url("/feed.xml") and data["title"] == "Garden feed"
    assert [e["title"] for e in data["entries"]] == ["Entry 1", "Entry 2", "Entry 3"]
    assert data["entries"][0]["published_date"] == "2024-01-01T08:30:00Z"


def test_batch_to_stdout_reports_failures(runs, server):
    done = runs["batch"]
    assert done.returncode == EXIT_FAILED
    assert done.stderr == f"web2md: HTTP 404 Not Found: {server.url('/missing')}\n"
    urls = re.findall(r"^url: \"([^\"]+)\"$", done.stdout, re.M)
    assert sorted(urls) == [server.url("/"), server.url("/second")]  # the duplicate once
    assert "tomatoes" in done.stdout and "It rained on Monday" in done.stdout


def test_batch_to_a_folder(runs, server):
    done = runs["batch_dir"]
    folder = runs["work"] / "batch"
    assert done.returncode == EXIT_OK and done.stderr == f"web2md: wrote 2 pages to {folder}\n"
    third = (folder / f"127.0.0.1_{server.port}" / "third.md").read_text(encoding="utf-8")
    assert third.startswith('---\ntitle: "Temperatures"\n') and "| Monday | 12 |" in third


def test_help_for_every_command(runs):
    top = ok(runs["help"])
    for name in ("fetch", "browse", "sitemap", "feed", "batch"):
        assert name in top
    assert "exit status" in top
    fetch = ok(runs["help_fetch"])
    for flag in (
        "--max-length",
        "--timeout",
        "--include-images",
        "--cookie",
        "--header",
        "--format",
        "--lang",
        "--precision",
        "--recall",
        "--no-comments",
        "--only-with-metadata",
        "--render",
        "--delay",
        "--keep-header",
        "--cache-ttl",
        "--main-content",
        "--output",
        "--frontmatter",
        "--exclude-selector",
        "--javascript",
        "--wait",
        "--no-blacklist",
        "--blacklist-file",
        "--no-user-blacklist",
        "--depth",
        "--ignore-robots",
    ):
        assert flag in fetch, flag
    assert "--format {md,markdown,json,jsonl,csv,tei,xml,txt,text,html,htm}" in fetch  # web2md.formats.FORMATS
    for flag in ("--timeout", "--cookie", "--header", "--feeds"):
        assert flag in ok(runs["help_sitemap"])
    for flag in ("--timeout", "--cookie", "--header", "--max-entries", "--json", "--output"):
        assert flag in ok(runs["help_feed"])
    batch = ok(runs["help_batch"])
    for flag in (
        "--timeout",
        "--include-images",
        "--delay",
        "--keep-header",
        "--cache-ttl",
        "--main-content",
        "--output",
        "--frontmatter",
        "--exclude-selector",
        "--javascript",
        "--wait",
        "--no-blacklist",
        "--blacklist-file",
        "--no-user-blacklist",
        "--ignore-robots",
    ):
        assert flag in batch, flag
    assert "--ignore-robots" in ok(runs["help_browse"]) and "--no-blacklist" in ok(runs["help_browse"])
