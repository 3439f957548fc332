"""The terminal browser (`web2md URL`) driven through a pseudo-terminal with pexpect, against a real local server."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.server import TestServer

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

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


class Screen:
    """A browser session in a pty; `command` sends a line and returns the screen it produced, without ANSI codes."""

    def __init__(self, *args: str) -> None:
        self.child = pexpect.spawn(sys.executable, ["-m", "web2md.frontends.cli", *args], dimensions=(30, 100),
                                   encoding="utf-8", timeout=60, env=environment())
        self.text = self.wait()

    def wait(self, prompt: str = "> ") -> str:
        self.child.expect_exact(prompt)
        return ANSI.sub("", self.child.before)

    def command(self, line: str, prompt: str = "> ") -> str:
        self.child.sendline(line)
        self.text = self.wait(prompt)
        return self.text


def test_browse_follow_back_forward_url_and_quit(server):
    browser = Screen(server.url("/"))
    screen = browser.text
    assert f"Start page — {server.url('/')}" in screen
    assert "Start" in screen and "[1]first page" in screen and "[2]second page" in screen
    assert re.search(r"screen 1/[2-9] · 2 links", screen)
    assert "Paragraph number 0 " in screen and "Paragraph number 39" not in screen

    screen = browser.command("")  # Enter: the next screen of the long page
    assert "screen 2/" in screen and "Paragraph number 0 " not in screen
    screen = browser.command("p")
    assert "screen 1/" in screen and "Paragraph number 0 " in screen

    screen = browser.command("2")  # follow link 2
    assert f"Two — {server.url('/two')}" in screen
    assert "This is the second target page." in screen and "[1]broken link" in screen
    assert "┌" in screen and "│ Fruit" in screen and "Apple" in screen  # a box-drawn table

    screen = browser.command("1")  # a failed navigation shows the error and keeps the page
    assert f"Error: HTTP 404 Not Found: {server.url('/missing')}" in screen
    assert "This is the second target page." in screen

    screen = browser.command("b")
    assert "Start page —" in screen and "[2]second page" in screen
    screen = browser.command("f")
    assert "This is the second target page." in screen
    assert server.paths().count("/two") == 1  # back and forward do not fetch again

    browser.command("u", prompt="URL: ")
    screen = browser.command(server.url("/one"))
    assert f"One — {server.url('/one')}" in screen and "This is the first target page" in screen
    screen = browser.command("b")  # the URL entered is in the history too
    assert "This is the second target page." in screen
    screen = browser.command("42")
    assert "No link 42 on this page" in screen

    browser.child.sendline("q")
    browser.child.expect(pexpect.EOF)
    browser.child.close()
    assert browser.child.exitstatus == 0
    assert [p for p in server.paths() if p != "/robots.txt"] == ["/", "/two", "/missing", "/one"]


def test_browse_subcommand_and_a_bad_url_in_the_prompt(server):
    browser = Screen("browse", server.url("/one"))
    assert "This is the first target page" in browser.text
    screen = browser.command("u not a url")
    assert "Error: invalid URL: not a url" in screen and "This is the first target page" in screen
    screen = browser.command("b")
    assert "(no previous page)" in screen
    browser.child.sendeof()  # Ctrl-D quits like q
    browser.child.expect(pexpect.EOF)
    browser.child.close()
    assert browser.child.exitstatus == 0


@pytest.fixture(scope="module")
def example_site():
    with TestServer() as srv:
        srv.files(ROOT / "examples" / "site")
        yield srv


def test_the_whole_pages_links_by_default_main_content_on_m(example_site):
    """Navigation and footer links are reachable (the About page is only linked from the nav)."""
    browser = Screen(example_site.url("/index.html"))
    screen = browser.text
    assert "Links elsewhere on the page" in screen
    match = re.search(r"\[(\d+)\]About", screen)
    assert match, screen
    about = match.group(1)
    assert "[1]Brewing a good pot" in screen  # the page's own links come first
    screen = browser.command("m")
    assert "main content only" in screen and "Links elsewhere on the page" not in screen
    screen = browser.command("m")
    assert "whole page" in screen and "Links elsewhere on the page" in screen
    screen = browser.command(about)
    assert f"— {example_site.url('/about.html')}" in screen
    port = example_site.url("/").split(":")[2].split("/")[0]
    screen = browser.command(f"u 127.0.0.1:{port}/api.html")  # no scheme: a local host is http, not https
    assert f"— http://127.0.0.1:{port}/api.html" in screen
    browser.child.sendline("q")
    browser.child.expect(pexpect.EOF)


def test_find_help_screen_resize_and_an_error_that_fits_the_status_line(server):
    browser = Screen(server.url("/"))
    screen = browser.command("/NUMBER 25")  # any case
    assert "found 'NUMBER 25' on line" in screen
    lines = screen.split("\n")
    top = next(i for i, line in enumerate(lines) if "—" in line)  # the title bar
    assert "Paragraph number 25 " in lines[top + 1]  # the match is the first line under the title
    screen = browser.command("n")  # no further match: stays, says so
    assert "'NUMBER 25' not found below this point" in screen and "Paragraph number 25 " in screen
    screen = browser.command("/paragraph")
    assert "Paragraph number 26 " in screen.split("\n")[top + 1]
    screen = browser.command("n")
    assert "Paragraph number 27 " in screen.split("\n")[top + 1]

    screen = browser.command("h")
    assert "Commands (type one and press Enter)" in screen and "/text        find text" in screen
    screen = browser.command("")
    assert "Commands (type" not in screen and "Paragraph number" in screen

    browser.child.setwinsize(20, 60)  # SIGWINCH: the page is drawn again at the new size
    browser.child.expect_exact("> ")
    redrawn = ANSI.sub("", browser.child.before)
    assert "Start page —" in redrawn and all(len(line) <= 60 for line in redrawn.split("\r\n"))

    long_host = "a" * 60 + "." + "b" * 60 + ".invalid"  # long, but every label one DNS can carry
    screen = browser.command(f"u http://{long_host}/")
    assert "Start page —" in screen  # the title is still on screen
    assert any(line.startswith("Error: cannot resolve host") and len(line.rstrip()) <= 60
               for line in screen.split("\n"))
    browser.child.sendline("q")
    browser.child.expect(pexpect.EOF)


def test_browse_start_page_errors_exit_like_fetch(server):
    env = environment()
    bad = subprocess.run([sys.executable, "-m", "web2md.frontends.cli", "example.com"], capture_output=True, text=True,
                         env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert bad.returncode == 2
    assert bad.stderr == "web2md: invalid URL: example.com (need an absolute http:// or https:// URL)\n"
    missing = subprocess.run([sys.executable, "-m", "web2md.frontends.cli", server.url("/nope")], capture_output=True,
                             text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert missing.returncode == 3
    assert missing.stderr.endswith(f"web2md: HTTP 404 Not Found: {server.url('/nope')}\n")


# -- the ANSI renderer behind the browser and --render ------------------------------------

def test_ansi_numbers_links_and_keeps_the_text():
    from web2md.frontends.ansi import render, strip_ansi

    page = render("# Title\n\nSee [one](http://a/1) and [**two**](http://a/2 \"t\").\n\n"
                  "- a \\*starred\\* item with `code`\n\n> quoted [three](http://a/3)\n\n"
                  "| h1 | h2 \\| bar |\n|---|---|\n| x | y |", width=60, number_links=True)
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
