"""``web2md URL``: a Lynx-like terminal browser over the same crawl runner as every other front end.

Pages are rendered by `web2md.frontends.ansi` with numbered links and shown a screen at a
time. Commands are typed at the prompt and confirmed with Enter: a number
follows that link, Enter (or space) shows the next screen, ``p`` the previous
one, ``b`` goes back, ``f`` forward, ``u`` asks for a URL, ``r`` reloads,
``m`` switches between the whole page and its main content, ``/text`` finds
text (``n`` the next match), ``h`` shows a help screen and ``q`` quits. A failed
navigation shows the error on the status line and keeps the current page. On
a terminal it uses the alternate screen and redraws when the window is resized.

Like a browser, it shows the whole page's links by default: the page's own
region, then the links elsewhere on the page (navigation, sidebars, footer)
that the region does not already hold, numbered with the others.
"""

from __future__ import annotations

import re
import shutil
import signal
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from web2md.frontends.ansi import Rendered, render
from web2md.frontends.common import EXIT_OK, CommandError, check_url, first_page
from web2md.wording import plural

HELP = "N=link  Enter=next  p=prev  b=back  f=fwd  u=URL  /=find  m=main/whole  h=help  q=quit"
HELP_SCREEN = """Commands (type one and press Enter):

  N            follow link number N
  Enter, space next screen                 p, -        previous screen
  t            top of the page             n           next match of the last search, else next screen
  /text        find text (from the next line on, any case)
  b            back                        f           forward
  u [URL], g   go to a URL (no scheme: https; localhost, IP addresses and ports other than 443: http)
  r            reload                      m           main content only / whole page
  h, ?         this help                   q, Ctrl-D   quit

Links are numbered [N]. By default the whole page's links are shown: the page's text,
then the navigation, sidebar and footer links under "Links elsewhere on the page".
Press Enter to go back to the page."""
ELSEWHERE = "Links elsewhere on the page"
CLEAR = "\x1b[H\x1b[2J"
TITLE_STYLE = "\x1b[1;7m"
STATUS_STYLE = "\x1b[7m"
ERROR_STYLE = "\x1b[1;31m"
RESET = "\x1b[0m"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = "> "
ALTERNATE_SCREEN_ON = "\x1b[?1049h"
ALTERNATE_SCREEN_OFF = "\x1b[?1049l"
_LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")


@dataclass
class View:
    """A page in the history: where it came from, what it shows, and which screen was on."""

    url: str
    title: str
    markdown: str
    rendered: Rendered
    width: int
    top: int = 0


class Browser:
    """The browse loop: history with back/forward, a pager, and link numbers that map to URLs."""

    def __init__(self, settings: dict[str, Any], options: dict[str, Any], timeout: float = 30,
                 stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.settings = settings
        self.options = dict(options)
        # --main-content starts in main-content mode; `m` switches
        self.main_only = bool(self.options.pop("main_content", False))
        self.timeout = timeout
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.history: list[View] = []
        self.position = -1
        self.message = ""  # replaces the status line once
        self.message_style = ""
        self.search = ""  # the last /text
        self.help_shown = False

    # -- terminal ------------------------------------------------------
    def size(self) -> tuple[int, int]:
        columns, rows = shutil.get_terminal_size((80, 24))
        return max(columns, 20), max(rows, 6)

    def write(self, text: str) -> None:
        self.stdout.write(text)
        self.stdout.flush()

    def read_line(self, prompt: str) -> str | None:
        """One line typed by the user, or None at end of input."""
        self.write(prompt)
        line = self.stdin.readline()
        if not line:
            return None
        return line.rstrip("\r\n")

    # -- pages ---------------------------------------------------------
    @property
    def current(self) -> View | None:
        return self.history[self.position] if 0 <= self.position < len(self.history) else None

    def fetch(self, url: str) -> View:
        """Fetch and render ``url`` through the `page` spider; raises `CommandError` on failure."""
        from web2md import crawl
        from web2md.spiders.page import PageSpider

        self.write(f"\r\x1b[2KFetching {url} ...")
        options = {"main_content": None if self.main_only else False, **self.options}
        result = crawl.run(PageSpider, self.settings, url=url, output="", formats="", **options)
        item = first_page(result, url, self.timeout)
        markdown = item.get("markdown") or ""
        if not self.main_only:
            markdown = with_page_links(markdown, item.get("links") or [])
        title = item.get("title") or item.get("final_url") or url
        width = self.size()[0]
        return View(item.get("final_url") or url, title, markdown, render(markdown, width, number_links=True), width)

    def open(self, url: str, replace: bool = False) -> bool:
        """Navigate to ``url``: on success it becomes the current page and forward history is dropped.

        With ``replace`` (a reload) it takes the place of the current page instead.
        """
        try:
            check_url(url)
            view = self.fetch(url)
        except CommandError as exc:
            self.error(f"Error: {exc}")
            return False
        if replace and self.current is not None:
            self.history[self.position] = view
        else:
            del self.history[self.position + 1:]
            self.history.append(view)
            self.position = len(self.history) - 1
        self.message = ""
        return True

    # -- screen --------------------------------------------------------
    def body_height(self) -> int:
        return self.size()[1] - 3  # title bar, status line, prompt

    def show(self) -> None:
        view = self.current
        if view is None:
            return
        columns, _ = self.size()
        if view.width != columns:  # the terminal was resized: re-wrap, keep the position roughly
            fraction = view.top / max(len(view.rendered.lines), 1)
            view.rendered = render(view.markdown, columns, number_links=True)
            view.width = columns
            view.top = int(fraction * len(view.rendered.lines))
        height = self.body_height()
        lines = view.rendered.lines[view.top:view.top + height]
        if self.help_shown:
            lines = [_fit(line, columns).rstrip() for line in HELP_SCREEN.split("\n")][:height]
        screens = max(1, -(-len(view.rendered.lines) // height))
        screen = view.top // height + 1
        title = f" {view.title} — {view.url} "
        status = f" screen {screen}/{screens} · {plural(len(view.rendered.links), 'link')} · {HELP} "
        out = [CLEAR, TITLE_STYLE, _fit(title, columns), RESET, "\n"]
        out += [line + "\n" for line in lines]
        out += ["\n"] * (height - len(lines))
        if self.message:  # cut to the width: a long error must not wrap and scroll the title away
            out += [self.message_style, _fit(self.message, columns), RESET, "\n"]
        else:
            out += [STATUS_STYLE, _fit(status, columns), RESET, "\n"]
        self.message = self.message_style = ""
        self.write("".join(out))

    def error(self, text: str) -> None:
        self.message = text
        self.message_style = ERROR_STYLE

    def find(self, view: View, text: str) -> None:
        """Scroll so that the next line (after the top one) holding `text`, in any case, is at the top."""
        needle = text.casefold()
        for index in range(view.top + 1, len(view.rendered.lines)):
            if needle in _ANSI.sub("", view.rendered.lines[index]).casefold():
                view.top = index
                self.message = f"found {text!r} on line {index + 1}"
                return
        self.error(f"{text!r} not found below this point")

    # -- commands ------------------------------------------------------
    def run(self, url: str) -> int:
        try:
            check_url(url)
            view = self.fetch(url)
        except CommandError as exc:
            self.write("\r\x1b[2K")
            print(f"web2md: {exc}", file=sys.stderr)
            return exc.status
        self.history.append(view)
        self.position = 0
        terminal = self.stdout.isatty()
        if terminal:
            self.write(ALTERNATE_SCREEN_ON)
        redraw = self._redraw_on_resize() if terminal else None
        try:
            while True:
                self.show()
                line = self.read_line(PROMPT)
                if line is None or not self.command(line):
                    return EXIT_OK
        finally:
            if redraw is not None:
                signal.signal(signal.SIGWINCH, redraw)
            self.write(ALTERNATE_SCREEN_OFF if terminal else "\n")

    def _redraw_on_resize(self) -> Any:
        """Redraw the screen and the prompt when the window changes size; returns the previous handler."""
        if not hasattr(signal, "SIGWINCH"):
            return None

        def resized(signum: int, frame: Any) -> None:
            self.show()
            self.write(PROMPT)

        return signal.signal(signal.SIGWINCH, resized)

    def command(self, line: str) -> bool:
        """Carry out one command; False means quit."""
        view = self.current
        assert view is not None
        height = self.body_height()
        self.help_shown = False
        if line.strip().startswith("/"):
            self.search = line.strip()[1:].strip() or self.search
            if self.search:
                self.find(view, self.search)
            return True
        word, _, rest = line.strip().partition(" ")
        if word in ("n", "next") and self.search:
            self.find(view, self.search)
        elif not word or word in ("n", "next"):
            if view.top + height < len(view.rendered.lines):
                view.top += height
            else:
                self.message = "(end of page)"
        elif word in ("p", "prev", "-"):
            view.top = max(0, view.top - height)
        elif word in ("t", "top"):
            view.top = 0
        elif word.isdigit():
            number = int(word)
            if 1 <= number <= len(view.rendered.links):
                self.open(view.rendered.links[number - 1])
            else:
                self.error(f"No link {number} on this page")
        elif word in ("b", "back"):
            if self.position > 0:
                self.position -= 1
            else:
                self.message = "(no previous page)"
        elif word in ("f", "forward"):
            if self.position < len(self.history) - 1:
                self.position += 1
            else:
                self.message = "(no next page)"
        elif word in ("u", "g", "url", "go"):
            target = rest.strip() or (self.read_line("URL: ") or "").strip()
            if target:
                self.open(_complete_url(target))
        elif word in ("r", "reload"):
            self.open(view.url, replace=True)
        elif word in ("m", "main"):
            self.main_only = not self.main_only
            if self.open(view.url, replace=True):
                self.message = "main content only" if self.main_only else "whole page"
            else:
                self.main_only = not self.main_only
        elif word in ("h", "help", "?"):
            self.help_shown = True
        elif word in ("q", "quit", "exit"):
            return False
        else:
            self.error(f"Unknown command {word!r} · {HELP}")
        return True


def with_page_links(markdown: str, links: list[dict[str, Any]]) -> str:
    """The page's Markdown, then a list of the page's links it does not already hold (navigation, footer ...)."""
    from web2md.extract.renderer.render import escape_markdown

    shown = set(_LINK_TARGET.findall(markdown))
    rest = [link for link in links if link.get("url") and link["url"] not in shown]
    if not rest:
        return markdown
    lines = [f"## {ELSEWHERE}", ""]
    for link in rest:
        text = " ".join(str(link.get("text") or "").split()) or link["url"]
        lines.append(f"- [{escape_markdown(text)}]({link['url']})")
    return f"{markdown}\n\n" + "\n".join(lines) if markdown else "\n".join(lines)


def _complete_url(text: str) -> str:
    """A URL typed without a scheme: ``example.com/x`` is https; a local or numeric host, or one with a port
    (``127.0.0.1:8123/x``, ``localhost/x``), is http, as such servers seldom speak TLS."""
    if "://" in text or " " in text:
        return text
    host = text.split("/", 1)[0]
    if host.startswith("["):  # [::1]:8080
        name, _, port = host[1:].partition("]")
        port = port.removeprefix(":")
    elif host.count(":") == 1:
        name, _, port = host.partition(":")
    else:
        name, port = host, ""
    if port.isdigit() and port not in ("443", "8443") or name == "localhost" or _is_ip(name):
        return "http://" + text
    if "." not in host:
        return text
    return "https://" + text


def _is_ip(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _fit(text: str, columns: int) -> str:
    """Cut or pad ``text`` to exactly ``columns`` cells."""
    from rich.cells import cell_len, set_cell_size

    if cell_len(text) > columns:
        return set_cell_size(text[: columns * 2], columns - 1) + "…"
    return set_cell_size(text, columns)
