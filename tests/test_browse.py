"""The terminal browser (`web2md URL`) driven through a pseudo-terminal with pexpect, against a real local server.

The screen is read as a terminal would show it: the child's output is fed to a
pyte terminal emulator, so redraws, the alternate screen and resizes land where
they would on a real terminal.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pyte
import pytest

from tests.server import TestServer
from web2md.spiders.typed_urls import complete_url

ROOT = Path(__file__).resolve().parent.parent

PAGE_DOWN, PAGE_UP, UP, DOWN, LEFT, RIGHT = "\x1b[6~", "\x1b[5~", "\x1b[A", "\x1b[B", "\x1b[D", "\x1b[C"
BACKSPACE, ENTER, ESCAPE = "\x7f", "\r", "\x1b"

FILLER = "".join(
    f"<p>Paragraph number {i} talks about the garden, the weather and the long walk home.</p>" for i in range(40)
)
START = f"""<html><head><title>Start page</title></head><body><main><h1>Start</h1>
<p>Welcome to the start page of this little test site. Read the <a href="/one">first page</a>
or the <a href="/two">second page</a> to learn more about it.</p>{FILLER}
<p>That was all about the garden; the story goes on elsewhere.</p></main></body></html>"""
ONE = """<html><head><title>One</title></head><body><main><h1>Page one</h1>
<p>This is the first target page, reached by typing its address.</p></main></body></html>"""
TWO = """<html><head><title>Two</title></head><body><main><h1>Page two</h1>
<p>This is the second target page. It has a <a href="/missing">broken link</a> that answers 404.</p>
<table><tr><th>Fruit</th><th>Colour</th></tr><tr><td>Apple</td><td>Red</td></tr></table>
</main></body></html>"""


def environment() -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return dict(os.environ, PYTHONPATH=path, TERM="xterm", HOME=os.environ.get("HOME", "/tmp"))


@pytest.fixture(scope="module")
def server():
    with TestServer() as srv:
        srv.route("/", START)
        srv.route("/one", ONE)
        srv.route("/two", TWO)
        yield srv


class Terminal:
    """A browser session in a pty whose output is read by a terminal emulator (pyte)."""

    def __init__(self, *args: str, rows: int = 30, columns: int = 100) -> None:
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "web2md.frontends.cli", *args],
            dimensions=(rows, columns),
            encoding="utf-8",
            timeout=60,
            env=environment(),
        )
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def title(self) -> str:
        return self.lines[0]

    @property
    def status(self) -> str:
        return self.lines[-1]

    def body(self) -> list[str]:
        return self.lines[1:-1]

    def reversed(self, row: int) -> list[str]:
        """The runs of text shown in reverse video on ``row``."""
        line = self.screen.buffer[row]
        marks = "".join(line[x].data if line[x].reverse else "\0" for x in range(self.screen.columns))
        return [run for run in marks.split("\0") if run]

    def wait_until(self, done: Callable[[], bool], what: str, timeout: float = 60) -> str:
        """Read output until the screen is still (nothing new for 0.2 s) and ``done()`` holds; the screen's text."""
        end = time.monotonic() + timeout
        while True:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.2))
            except pexpect.TIMEOUT:
                if done():
                    return self.text
                if time.monotonic() > end:
                    raise AssertionError(f"waited for {what}; the screen:\n{self.text}") from None

    def wait_for(self, *texts: str, gone: str = "") -> str:
        """Read output until every one of ``texts`` is on screen and ``gone`` is not."""
        return self.wait_until(
            lambda: all(t in self.text for t in texts) and not (gone and gone in self.text),
            f"{texts!r} (gone: {gone!r})",
        )

    def press(self, keys: str, *texts: str, gone: str = "") -> str:
        self.child.send(keys)
        return self.wait_for(*texts, gone=gone)

    def press_until(self, keys: str, done: Callable[[], bool], what: str) -> str:
        self.child.send(keys)
        return self.wait_until(done, what)

    def resize(self, rows: int, columns: int) -> None:
        self.screen.resize(rows, columns)
        self.child.setwinsize(rows, columns)  # the child gets SIGWINCH

    def quit(self) -> int:
        self.child.send("q")
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


@pytest.mark.integration
def test_keys_page_scroll_follow_back_forward_url_and_quit(server):
    browser = Terminal(server.url("/"))
    browser.wait_for("Start page —", "screen 1/")
    assert browser.title.startswith(f" Start page — {server.url('/')}")
    assert "[1]first page" in browser.text and "[2]second page" in browser.text
    assert re.match(r" screen 1/[2-9] · 2 links · h help · q quit", browser.status)
    assert "Paragraph number 0 " in browser.text and "Paragraph number 39" not in browser.text

    browser.press(" ", "screen 2/", gone="Paragraph number 0 ")  # space: the next screen
    browser.press("-", "screen 1/", "Paragraph number 0 ")  # -: the previous one
    browser.press(PAGE_DOWN, "screen 2/", gone="Paragraph number 0 ")
    browser.press(PAGE_UP, "screen 1/", "Paragraph number 0 ")
    page = browser.body()
    assert page[0] == "Start" and page[2].startswith("Welcome to the start page")
    for key, top in (("j", 1), (UP, 0), (DOWN, 1), ("k", 0)):  # one line down or up
        browser.press_until(
            key, lambda: browser.body()[:3] == page[top : top + 3], f"line {top} at the top after {key!r}"
        )

    browser.press("23", "follow link 23_")  # a number, then Enter; Backspace takes a digit back
    browser.press(BACKSPACE, "follow link 2_")
    browser.press(ENTER, f"Two — {server.url('/two')}", "This is the second target page.")
    assert "[1]broken link" in browser.text
    assert "┌" in browser.text and "│ Fruit" in browser.text and "Apple" in browser.text  # a box-drawn table

    browser.press("1" + ENTER, "Error: HTTP 404 Not Found")  # a failed navigation keeps the page
    assert browser.status.startswith(f" Error: HTTP 404 Not Found: {server.url('/missing')}")
    assert browser.title.startswith(" Two —") and "This is the second target page." in browser.text

    browser.press(BACKSPACE, "Start page —", "[2]second page")  # back in the history
    browser.press(RIGHT, "Two —")  # forward
    browser.press(LEFT, "Start page —")
    browser.press("f", "Two —")
    browser.press("b", "Start page —")  # b: back (see docs/design.md#command-line)
    browser.press("f", "Two —")
    assert server.paths().count("/two") == 1  # back and forward do not fetch again

    browser.press("g", "URL:")
    browser.press(server.url("/one") + ENTER, f"One — {server.url('/one')}", "This is the first target page")
    browser.press(BACKSPACE, "Two —")  # the URL entered is in the history too
    browser.press("42" + ENTER, "No link 42 on this page")
    browser.press("3", "follow link 3_")
    browser.press(ESCAPE, gone="follow link 3_")  # Esc forgets the number typed
    assert browser.quit() == 0
    assert [p for p in server.paths() if p != "/robots.txt"] == ["/", "/two", "/missing", "/one"]


@pytest.mark.integration
def test_one_crawl_serves_the_session_and_closes_when_it_ends():
    """Following links reuses the session's crawl: robots.txt is read once for the host; a reload fetches again;
    every request carries the session's header and cookie, and a cookie a page sets stays with that page, as when
    each page had a crawl of its own. Ctrl-C during a navigation ends the session at once."""
    with TestServer() as site:
        site.route("/robots.txt", "User-agent: *\nDisallow: /private\n", headers={"Content-Type": "text/plain"})
        site.route("/", START, headers={"Set-Cookie": "visit=1"})
        site.route("/one", ONE)
        site.route("/two", TWO)
        site.route("/slow", ONE, delay=60)
        browser = Terminal("browse", site.url("/"), "--header", "X-Session: kept", "--cookie", "flavour=plum")
        browser.wait_for("Start page —", "screen 1/")
        browser.press("1" + ENTER, f"One — {site.url('/one')}")
        browser.press_until(
            "r", lambda: site.paths().count("/one") == 2 and "Fetching" not in browser.text, "the reload"
        )
        assert browser.title.startswith(f" One — {site.url('/one')}")
        browser.press("b", "Start page —")
        browser.press("2" + ENTER, f"Two — {site.url('/two')}")
        browser.press("g", "URL:")
        browser.press(site.url("/slow") + ENTER, f"Fetching {site.url('/slow')}")
        browser.child.send("\x03")  # Ctrl-C while the page is on its way
        browser.child.expect(pexpect.EOF, timeout=30)
        browser.child.close()
        assert browser.child.exitstatus == 0
        assert site.paths() == ["/robots.txt", "/", "/one", "/one", "/two", "/slow"]
        pages = [r for r in site.requests if r.path != "/robots.txt"]
        assert {r.headers.get("X-Session") for r in pages} == {"kept"}
        assert [r.headers.get("Cookie") for r in pages] == ["flavour=plum"] * 5


@pytest.fixture(scope="module")
def example_site():
    with TestServer() as srv:
        srv.files(ROOT / "examples" / "site")
        yield srv


@pytest.mark.integration
def test_the_whole_pages_links_main_content_on_m_and_local_addresses_over_http(example_site):
    """Navigation and footer links are reachable (the About page is only linked from the nav)."""
    browser = Terminal(example_site.url("/index.html"), rows=60)
    browser.wait_for("Links elsewhere on the page")
    assert "[1]Brewing a good pot" in browser.text  # the page's own links come first
    match = re.search(r"\[(\d+)\]About", browser.text)
    assert match, browser.text
    browser.press("m", "main content only", gone="Links elsewhere on the page")
    browser.press("m", "whole page", "Links elsewhere on the page")
    browser.press(match.group(1) + ENTER, f"— {example_site.url('/about.html')}")

    port = example_site.url("/").split(":")[2].split("/")[0]
    browser.press("u", "URL:")
    browser.press(f"127.0.0.1:{port}/api.html" + ENTER, f"— http://127.0.0.1:{port}/api.html")  # not https
    browser.press("g", "URL:")
    browser.press("not a url" + ENTER, "Error: invalid URL: not a url")
    assert f"— http://127.0.0.1:{port}/api.html" in browser.title
    browser.press("g", "URL:")
    browser.press("x" + ESCAPE, gone="URL:")  # Esc leaves the prompt, nothing is fetched
    browser.press(BACKSPACE, f"— {example_site.url('/about.html')}")
    browser.press(BACKSPACE, f"— {example_site.url('/index.html')}")
    browser.press(BACKSPACE, "(no previous page)")
    assert browser.quit() == 0


@pytest.mark.integration
def test_find_help_resize_and_an_error_that_fits_the_status_line(server):
    browser = Terminal(server.url("/"))
    browser.wait_for("Start page —")
    browser.press_until("/", lambda: browser.status == "/", "the / prompt")
    browser.press("NUMBER 25" + ENTER, "found 'NUMBER 25' on line")  # any case
    assert browser.body()[0].startswith("Paragraph number 25 ")  # the match is the first line under the title
    assert browser.reversed(1) == ["number 25"]  # and shown in reverse video
    browser.press("n", "'NUMBER 25' not found below this point")  # no further match: stays, says so
    assert browser.body()[0].startswith("Paragraph number 25 ")
    browser.press("/paragraph" + ENTER, "found 'paragraph'")
    assert browser.body()[0].startswith("Paragraph number 26 ")
    browser.press("n", gone="Paragraph number 26 ")
    assert browser.body()[0].startswith("Paragraph number 27 ")
    browser.press("N", "Paragraph number 26 ")
    assert browser.body()[0].startswith("Paragraph number 26 ")

    browser.press("h", "Keys", "find text")
    assert "b, Backspace, ←   back" in browser.text and "Paragraph number" not in browser.text
    browser.press("x", "Paragraph number 26 ", gone="find text")  # any key goes back to the page
    browser.press("?", "find text")
    browser.press(ENTER, "Paragraph number 26 ", gone="find text")

    browser.resize(20, 60)  # the page is drawn again, wrapped to the new width
    browser.wait_for("Start page —", " screen ")
    assert all(len(line) <= 60 for line in browser.lines) and browser.title.startswith(" Start page —")
    assert browser.status.startswith(" screen ") and len(browser.lines) == 20
    at = browser.lines.index("Paragraph number 26 talks about the garden, the weather and")  # re-wrapped at 60
    assert browser.lines[at + 1] == "the long walk home."

    long_host = "a" * 60 + "." + "b" * 60 + ".invalid"  # long, but every label one DNS can carry
    browser.press("g", "URL:")
    browser.press(f"http://{long_host}/" + ENTER, "Error: cannot resolve host")
    assert browser.title.startswith(" Start page —")  # the title is still on screen
    assert browser.status.startswith(" Error: cannot resolve host") and browser.status.endswith("…")
    assert browser.quit() == 0


@pytest.mark.integration
def test_without_a_terminal_the_page_is_printed_with_its_links(server):
    done = subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", server.url("/two")],
        capture_output=True,
        text=True,
        env=environment(),
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout
    assert done.stdout.startswith("Page two\n\nThis is the second target page. It has a [1]broken link")
    assert done.stdout.endswith(f"\n\nLinks:\n   1. {server.url('/missing')}\n")


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("127.0.0.1:8123/x", "http://127.0.0.1:8123/x"),
        ("localhost/x", "http://localhost/x"),
        ("10.1.2.3/x", "http://10.1.2.3/x"),
        ("192.168.0.1", "http://192.168.0.1"),
        ("[::1]:8080/x", "http://[::1]:8080/x"),
        ("[2002:7f00:1::]/x", "http://[2002:7f00:1::]/x"),  # 6to4 around 127.0.0.1: the guard's judgement
        ("intranet/wiki", "http://intranet/wiki"),
        ("printer.local/status", "http://printer.local/status"),
        ("example.com:8080/x", "http://example.com:8080/x"),
        ("example.com/x", "https://example.com/x"),
        ("example.com:443/x", "https://example.com:443/x"),
        ("8.8.8.8/x", "https://8.8.8.8/x"),
        ("http://example.com/", "http://example.com/"),
        ("not a url", "not a url"),
    ],
)
def test_a_url_typed_without_a_scheme(typed, url):
    assert complete_url(typed) == url


@pytest.mark.integration
def test_browse_start_page_errors_exit_like_fetch(server):
    env = environment()
    bad = subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", "ftp:example.com"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert bad.returncode == 2
    assert bad.stderr == "web2md: invalid URL: ftp:example.com (need an absolute http:// or https:// URL)\n"
    missing = subprocess.run(
        [sys.executable, "-m", "web2md.frontends.cli", server.url("/nope")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert missing.returncode == 3
    assert missing.stderr.endswith(f"web2md: HTTP 404 Not Found: {server.url('/nope')}\n")

    in_a_terminal = Terminal(server.url("/nope"))  # the error replaces the "Fetching" line
    in_a_terminal.child.expect(pexpect.EOF)
    in_a_terminal.stream.feed(in_a_terminal.child.before)
    in_a_terminal.child.close()
    assert in_a_terminal.child.exitstatus == 3
    assert in_a_terminal.lines[0] == f"web2md: HTTP 404 Not Found: {server.url('/nope')}"


# -- the ANSI renderer behind the browser and --render ------------------------------------


def test_ansi_numbers_links_and_keeps_the_text():
    from web2md.frontends.ansi import render, strip_ansi

    page = render(
        '# Title\n\nSee [one](http://a/1) and [**two**](http://a/2 "t").\n\n'
        "- a \\*starred\\* item with `code`\n\n> quoted [three](http://a/3)\n\n"
        "| h1 | h2 \\| bar |\n|---|---|\n| x | y |",
        width=60,
        number_links=True,
    )
    text = strip_ansi(page.text)
    assert page.links == ["http://a/1", "http://a/2", "http://a/3"]
    assert "See [1]one and [2]two." in text and "• a *starred* item with code" in text
    assert "│ quoted [3]three" in text
    assert "│ h1 │ h2 | bar │" in text and text.count("┌") == 1 and text.count("└") == 1
    assert "\x1b[1;95mTitle" in page.text and "\x1b[4;36mone" in page.text


@pytest.mark.parametrize("width", [20, 33, 80])
def test_ansi_wraps_to_the_width(width):
    from rich.cells import cell_len

    from web2md.frontends.ansi import render, strip_ansi

    words = " ".join(f"word{i} [link {i}](http://x/{i}) **bold{i}**" for i in range(30))
    markdown = f"## {words}\n\n{words}\n\n- {words}\n\n> {words}\n\n```\n{'x' * 200}\n```\n\n{'y' * 150}"
    lines = [strip_ansi(line) for line in render(markdown, width=width, number_links=True).lines]
    assert max(cell_len(line) for line in lines) <= width
    # wrapping moves words to new lines, it never loses or splits one
    paragraph = render(words, width=width).lines
    assert " ".join(strip_ansi(line) for line in paragraph).split() == strip_ansi(render(words).text).split()
