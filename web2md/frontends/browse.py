"""``web2md URL``: a Lynx-like terminal browser, a full-screen prompt_toolkit application over the same crawl
as every other front end.

Pages are rendered by `web2md.frontends.ansi` with numbered links. Single keys
page and scroll (space/PageDown, -/PageUp, arrows or j/k), a number then Enter
follows that link, ``b``, Backspace or Left goes back (see docs/design.md#command-line), ``g`` opens a URL, ``/`` finds
text (``n``/``N``), ``h`` shows help and ``q`` quits (see `HELP_SCREEN`). It
runs on the alternate screen and re-wraps the page when the window is resized.
A failed navigation shows the error on the status line and keeps the page.
Pages are fetched through one crawl kept open for the session (`web2md.frontends.page_crawl`, as the servers
fetch theirs), so following a link reuses the host's robots.txt and connection slot instead of starting a crawl.

Like a browser, it shows the whole page's links by default: the page's own
region, then the links elsewhere on the page (navigation, sidebars, footer)
that the region does not already hold, numbered with the others.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Always, Condition, Filter
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.styles import Style

from web2md.frontends.ansi import Rendered, render, strip_ansi
from web2md.frontends.common import EXIT_OK, CommandError, check_url, first_page
from web2md.frontends.sanitise import sanitise
from web2md.frontends.wording import plural

if TYPE_CHECKING:
    from web2md.frontends.page_crawl import PageCrawls

KEYS = "h help · q quit · space/- page · N⏎ link · b back · g URL · / find · m main"  # most needed first
HELP_SCREEN = """Keys

  space, PageDown  next screen         -, PageUp        previous screen
  Down, j          one line down       Up, k            one line up
  Home, <          top of the page     End, >           end of the page
  N then Enter     follow link N       Esc              forget the number
  b, Backspace, ←   back                f, Right         forward
  g, u             go to a URL (without a scheme: https, but http for a
                   port, localhost, a private address or a one-word host)
  /                find text           n, N             next, previous match
  r                reload              m                main content / all
  h, ?             this help           q, Ctrl-C        quit

Links are numbered [N]. The whole page's links are shown: the page's
text, then the navigation, sidebar and footer links under "Links
elsewhere on the page" (m: the main content only).
Press any key to go back to the page."""
ELSEWHERE = "Links elsewhere on the page"
NOT_WRITTEN = {"WEB2MD_OUTPUT_DIR": "", "WEB2MD_FORMATS": ""}
# quitting waits no longer for the session's crawl to close: a page still on its way would hold it until its
# download ends, and what is left ends with the process (Chromium with its driver)
CLOSE_SECONDS = 1.0
STYLE = Style.from_dict(
    {
        "title": "reverse bold",
        "status": "reverse",
        "error": "bold fg:ansiwhite bg:ansired",
        "prompt": "bold",
        "match": "reverse",
    }
)
_LINK_TARGET = re.compile(r"\]\(([^()\s]+)\)")  # parentheses are percent-encoded in URLs: a scan stops at one


@dataclass
class View:
    """A page in the history: where it came from, what it shows, and which line is at the top."""

    url: str
    title: str
    markdown: str
    rendered: Rendered
    width: int
    top: int = 0


class Browser:
    """History with back/forward, a pager over the rendered page, link numbers that map to URLs, and the
    full-screen application showing them (a title bar, the page, a status line that also takes prompts)."""

    def __init__(self, settings: dict[str, Any], options: dict[str, Any], timeout: float = 30) -> None:
        self.settings = settings
        self.options = dict(options)
        # --main-content starts in main-content mode; `m` switches
        self.main_only = bool(self.options.pop("main_content", False))
        self.timeout = timeout
        self.history: list[View] = []
        self.position = -1
        self.message = ""  # replaces the status line until the next key
        self.message_is_error = False
        self.busy = ""  # "Fetching URL ..." while a navigation runs
        self.search = ""  # the last text found with /
        self.help_shown = False
        self.number = ""  # digits typed towards "N then Enter"
        self.asking: str | None = None  # the prompt shown in the status line ("URL: ", "/")
        self.input = Buffer(multiline=False, accept_handler=self._answered)
        self.app: Application[int] | None = None  # made by `run` when there is a terminal
        self.pages: PageCrawls | None = None  # the session's crawl: made by the first fetch, closed by `close`

    # -- pages ---------------------------------------------------------
    @property
    def current(self) -> View | None:
        return self.history[self.position] if 0 <= self.position < len(self.history) else None

    async def fetch(self, url: str) -> View:
        """Fetch and render ``url`` through the session's page crawl; raises `CommandError` on failure."""
        from web2md import crawl
        from web2md.frontends.page_crawl import PageCrawls

        url = check_url(url)
        options = {"main_content": None if self.main_only else False, **self.options}
        if self.pages is None:  # nothing is written: the page is only shown
            self.pages = PageCrawls(crawl.project_settings(self.settings | NOT_WRITTEN))
        outcome = await self.pages.fetch(url, **options)
        item = first_page(outcome.result, url, self.timeout)
        markdown = item.get("markdown") or ""
        if not self.main_only:
            markdown = with_page_links(markdown, item.get("links") or [])
        title = item.get("title") or item.get("final_url") or url
        width = self.columns()
        return View(item.get("final_url") or url, title, markdown, render(markdown, width, number_links=True), width)

    def show(self, view: View, replace: bool = False) -> None:
        """Make ``view`` the current page; forward history is dropped, or with ``replace`` (a reload) it takes
        the current page's place."""
        if replace and self.current is not None:
            self.history[self.position] = view
        else:
            del self.history[self.position + 1 :]
            self.history.append(view)
            self.position = len(self.history) - 1

    async def open(self, url: str, replace: bool = False) -> bool:
        """Navigate to ``url``, showing "Fetching" meanwhile; a failure is shown on the status line."""
        assert self.app is not None
        self.busy = f"Fetching {url} ..."
        self.app.invalidate()
        try:
            self.show(await self.fetch(url), replace)
        except CommandError as exc:
            self.error(f"Error: {exc}")
            return False
        finally:
            self.busy = ""
            self.app.invalidate()
        return True

    def navigate(self, url: str, replace: bool = False) -> None:
        assert self.app is not None
        self.app.create_background_task(self.open(url, replace))

    # -- the screen ----------------------------------------------------
    def size(self) -> tuple[int, int]:
        """Columns and rows of the terminal, as the application last saw them."""
        if self.app is None:
            columns, rows = shutil.get_terminal_size()
        else:
            rows, columns = self.app.output.get_size()
        return max(columns, 20), max(rows, 3)

    def columns(self) -> int:
        return self.size()[0]

    def body_height(self) -> int:
        return self.size()[1] - 2  # the title bar and the status line

    def wrapped(self) -> View:
        """The current page, re-wrapped if the window's width changed (keeping the position roughly)."""
        view = self.current
        assert view is not None
        columns = self.columns()
        if view.width != columns:
            fraction = view.top / max(len(view.rendered.lines), 1)
            view.rendered = render(view.markdown, columns, number_links=True)
            view.width = columns
            view.top = int(fraction * len(view.rendered.lines))
        return view

    def title_bar(self) -> StyleAndTextTuples:
        view = self.current
        text = f" {view.title} — {view.url} " if view else " web2md "
        return [("class:title", _fit(text, self.columns()))]

    def body(self) -> StyleAndTextTuples:
        height = self.body_height()
        if self.help_shown:
            return [("", "\n".join(_fit(line, self.columns()).rstrip() for line in HELP_SCREEN.split("\n")[:height]))]
        view = self.wrapped()
        view.top = max(0, min(view.top, len(view.rendered.lines) - 1))
        page = to_formatted_text(ANSI("\n".join(view.rendered.lines[view.top : view.top + height])))
        return highlight(page, self.search) if self.search else page

    def status_line(self) -> StyleAndTextTuples:
        columns = self.columns()
        if self.busy:
            return [("class:status", _fit(f" {self.busy}", columns))]
        if self.message:
            return [("class:error" if self.message_is_error else "class:status", _fit(f" {self.message}", columns))]
        if self.number:
            return [("class:status", _fit(f" follow link {self.number}_ (Enter; Esc cancels)", columns))]
        view = self.wrapped()
        height = self.body_height()
        lines = len(view.rendered.lines)
        screens = max(1, -(-lines // height))
        screen = min(screens, view.top // height + 1 if view.top + height < lines else screens)
        status = f" screen {screen}/{screens} · {plural(len(view.rendered.links), 'link')} · {KEYS}"
        return [("class:status", _fit(status, columns))]

    def error(self, text: str) -> None:
        self.message, self.message_is_error = text, True

    def note(self, text: str) -> None:
        self.message, self.message_is_error = text, False

    # -- moving around -------------------------------------------------
    def scroll(self, lines: int) -> None:
        view = self.wrapped()
        last = max(len(view.rendered.lines) - self.body_height(), 0)
        if lines > 0 and view.top >= last:
            self.note("(end of page)")
        view.top = max(0, min(view.top + lines, last))

    def find(self, text: str, forward: bool = True) -> None:
        """Scroll so that the next (or previous) line holding ``text``, in any case, is at the top."""
        view = self.wrapped()
        needle = text.casefold()
        lines = range(view.top + 1, len(view.rendered.lines)) if forward else range(view.top - 1, -1, -1)
        for index in lines:
            if needle in strip_ansi(view.rendered.lines[index]).casefold():
                view.top = index
                self.note(f"found {text!r} on line {index + 1}")
                return
        self.error(f"{text!r} not found {'below' if forward else 'above'} this point")

    def find_again(self, forward: bool) -> None:
        if self.search:
            self.find(self.search, forward)
        else:
            self.error("nothing to find yet: press / and type a text")

    def typed(self, number: str) -> None:
        """The digits typed so far towards "N then Enter" (Backspace takes one back, Esc forgets them)."""
        self.number = number[-6:]

    def follow(self) -> None:
        number, self.number = int(self.number), ""
        links = self.wrapped().rendered.links
        if 1 <= number <= len(links):
            self.navigate(links[number - 1])
        else:
            self.error(f"No link {number} on this page")

    def go(self, step: int) -> None:
        """Back (-1) or forward (+1) in the history, without fetching again."""
        if 0 <= self.position + step < len(self.history):
            self.position += step
        else:
            self.note("(no previous page)" if step < 0 else "(no next page)")

    def toggle_main_content(self) -> None:
        async def toggle() -> None:
            self.main_only = not self.main_only
            if await self.open(self.wrapped().url, replace=True):
                self.note("main content only" if self.main_only else "whole page")
            else:
                self.main_only = not self.main_only

        assert self.app is not None
        self.app.create_background_task(toggle())

    def show_help(self) -> None:
        self.help_shown = True

    def close_help(self) -> None:
        self.help_shown = False

    def ask(self, prompt: str) -> None:
        """Turn the status line into a prompt; Enter answers (`_answered`), Esc cancels."""
        assert self.app is not None
        self.asking = prompt
        self.input.reset()
        self.app.layout.focus(self.input)

    def stop_asking(self) -> None:
        assert self.app is not None
        self.asking = None
        self.app.layout.focus(self.page_window)

    def _answered(self, buffer: Buffer) -> bool:
        text, prompt = buffer.text.strip(), self.asking
        self.stop_asking()
        if text and prompt == "/":
            self.search = text
            self.find(text)
        elif text and prompt == "URL: ":
            self.navigate(text)  # `fetch` completes it as every front end does
        return False  # the buffer is reset by the next `ask`

    # -- the application -----------------------------------------------
    def _application(self) -> Application[int]:
        asking = Condition(lambda: self.asking is not None)
        self.page_window = Window(FormattedTextControl(self.body, focusable=True), wrap_lines=False)
        prompt = Window(
            BufferControl(self.input, input_processors=[BeforeInput(lambda: self.asking or "", style="class:prompt")]),
            height=1,
        )
        layout = HSplit(
            [
                Window(FormattedTextControl(self.title_bar), height=1),
                self.page_window,
                ConditionalContainer(Window(FormattedTextControl(self.status_line), height=1), filter=~asking),
                ConditionalContainer(prompt, filter=asking),
            ]
        )
        return Application(
            layout=Layout(layout, focused_element=self.page_window),
            key_bindings=self._keys(),
            style=STYLE,
            full_screen=True,
        )

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()
        asking = Condition(lambda: self.asking is not None)
        reading = ~asking & Condition(lambda: not self.help_shown)
        idle = reading & Condition(lambda: not self.busy)  # no navigation while one is under way

        def on(names: str, action: Callable[[KeyPressEvent], None], when: Filter = reading) -> None:
            def handler(event: KeyPressEvent) -> None:
                self.message = ""  # a message stays until the next key
                action(event)

            for name in names.split():
                keys.add(name, filter=when)(handler)

        keys.add("<any>", filter=Condition(lambda: self.help_shown))(lambda event: self.close_help())
        for name in ("escape", "c-g"):
            keys.add(name, filter=asking)(lambda event: self.stop_asking())
        on("q c-d", lambda event: event.app.exit(result=EXIT_OK), when=~asking)
        on("c-c", lambda event: event.app.exit(result=EXIT_OK), when=Always())
        on("space pagedown", lambda event: self.scroll(self.body_height()))
        on("- pageup", lambda event: self.scroll(-self.body_height()))
        on("down j", lambda event: self.scroll(1))
        on("up k", lambda event: self.scroll(-1))
        on("home <", lambda event: self.scroll(-len(self.wrapped().rendered.lines)))
        on("end >", lambda event: self.scroll(len(self.wrapped().rendered.lines)))
        on("0 1 2 3 4 5 6 7 8 9", lambda event: self.typed(self.number + event.data))
        on("escape", lambda event: self.typed(""))
        on("enter", lambda event: self.follow() if self.number else self.scroll(self.body_height()), when=idle)
        on("backspace", lambda event: self.typed(self.number[:-1]) if self.number else self.go(-1), when=idle)
        on("b left", lambda event: self.go(-1), when=idle)
        on("right f", lambda event: self.go(+1), when=idle)
        on("g u", lambda event: self.ask("URL: "), when=idle)
        on("/", lambda event: self.ask("/"))
        on("n", lambda event: self.find_again(forward=True))
        on("N", lambda event: self.find_again(forward=False))
        on("r", lambda event: self.navigate(self.wrapped().url, replace=True), when=idle)
        on("m", lambda event: self.toggle_main_content(), when=idle)
        on("h ? f1", lambda event: self.show_help())
        return keys

    # -- running -------------------------------------------------------
    def run(self, url: str) -> int:
        """Open ``url``, then hand the terminal to the application until the user quits.

        When the start page fails, the error goes to stderr with the exit status
        `web2md fetch` would give. Without a terminal on both ends the page is
        printed once, with its links listed after it, as ``lynx -dump`` does.
        The session's crawl is closed however it ends (quit, Ctrl-C, an error).
        """
        try:
            return self._run(url)
        finally:
            self.close()

    def close(self) -> None:
        """Close the session's page crawl (Chromium with it, under ``--browser``), waiting `CLOSE_SECONDS` at most."""
        pages, self.pages = self.pages, None
        if pages is None:
            return
        try:
            asyncio.run(asyncio.wait_for(pages.close(), CLOSE_SECONDS))
        except TimeoutError:
            pass  # the reactor's thread is a daemon: the crawl ends with the process

    def _run(self, url: str) -> int:
        terminal = sys.stdin.isatty() and sys.stdout.isatty()
        if terminal:
            self.app = self._application()
            sys.stdout.write(f"Fetching {url} ...")
            sys.stdout.flush()
        failed: CommandError | None = None
        try:
            self.show(asyncio.run(self.fetch(url)))
        except CommandError as exc:
            failed = exc
        if terminal:  # the page or the error takes the "Fetching" line's place
            sys.stdout.write("\r\x1b[2K")
            sys.stdout.flush()
        if failed is not None:
            print(f"web2md: {sanitise(str(failed))}", file=sys.stderr)
            return failed.status
        if not terminal:
            view = self.wrapped()
            lines = view.rendered.lines if sys.stdout.isatty() else map(strip_ansi, view.rendered.lines)
            links = [f"{n:>4}. {sanitise(link)}" for n, link in enumerate(view.rendered.links, 1)]
            sys.stdout.write("\n".join([*lines, *(["", "Links:", *links] if links else [])]) + "\n")
            return EXIT_OK
        assert self.app is not None
        return self.app.run()


def highlight(fragments: StyleAndTextTuples, text: str) -> StyleAndTextTuples:
    """``fragments`` with every occurrence of ``text`` (in any case) shown as a search match."""
    cells = [(style, char) for style, chunk, *_ in fragments for char in chunk]
    plain = "".join(char for _, char in cells)
    for found in re.finditer(re.escape(text), plain, re.IGNORECASE):
        for index in range(found.start(), found.end()):
            cells[index] = (f"{cells[index][0]} class:match", cells[index][1])
    return [(style, "".join(char for _, char in run)) for style, run in itertools.groupby(cells, key=lambda c: c[0])]


def with_page_links(markdown: str, links: list[dict[str, Any]]) -> str:
    """The page's Markdown, then a list of the page's links it does not already hold (navigation, footer ...)."""
    from web2md.extract.markdown.render import escape_markdown

    shown = set(_LINK_TARGET.findall(markdown))
    rest = [link for link in links if link.get("url") and link["url"] not in shown]
    if not rest:
        return markdown
    lines = [f"## {ELSEWHERE}", ""]
    for link in rest:
        text = " ".join(str(link.get("text") or "").split()) or link["url"]
        lines.append(f"- [{escape_markdown(text)}]({link['url']})")
    return f"{markdown}\n\n" + "\n".join(lines) if markdown else "\n".join(lines)


def _fit(text: str, columns: int) -> str:
    """``text`` (sanitised: it may hold a page's title or URL) cut or padded to exactly ``columns`` cells."""
    from rich.cells import cell_len, set_cell_size

    text = sanitise(text)

    if cell_len(text) > columns:
        return set_cell_size(text[: columns * 2], columns - 1) + "…"
    return set_cell_size(text, columns)
