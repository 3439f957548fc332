"""The ``web2md`` command line: subcommands that run the project's spiders through `web2md.crawl`.

``web2md fetch|browse|sitemap|feed|batch``, and ``web2md URL`` for the terminal
browser. Errors are one line on stderr and an exit status that names the kind
of failure (see `EXIT_CODES` and the README's "Command line" section).
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import shlex
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from web2md import __version__
from web2md.frontends.common import (
    EXIT_CODES,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_LANGUAGE,
    EXIT_METADATA,
    EXIT_OK,
    EXIT_USAGE,
    CommandError,
    binary_error,
    check_url,
    failure_error,
    first_page,
)
from web2md.frontends.sanitise import sanitise
from web2md.frontends.wording import plural

#: ``--browser auto`` (the commands that take ``--browser``): Chromium only for the pages auto mode hands over.
BROWSER_AUTO = "--browser=auto"

#: One line per subcommand, for ``web2md --help`` (which builds no subcommand's options: that needs the core).
COMMAND_HELP = {
    "fetch": "fetch a page (or crawl a site with --depth) and print it",
    "browse": "read the web in the terminal (also: web2md URL)",
    "sitemap": "list a site's URLs from its sitemaps",
    "feed": "read an RSS, Atom or JSON feed and print its entries as Markdown",
    "batch": "convert every URL listed in a file",
    "mcp": "serve web_fetch, web_crawl, web_grep, web_sitemap and web_feed over MCP (stdio)",
    "serve": "serve an HTTP API that Firecrawl and Jina Reader clients can use (scrape, crawl, map, batch)",
    "jobs": "run or list the recurring crawls of a jobs.toml file",
}

# -- option groups --------------------------------------------------------------

CONVERSION_HELP = {
    "include_images": "emit Markdown image references",
    "keep_header": "keep <header> elements (stripped by default)",
    "main_content": "extract only the main content (<article>, <main>, [role=main] or the best-scoring block)",
    "precision": "favour precision: less noise, stricter main-content extraction",
    "recall": "favour recall: more text, looser main-content extraction",
    "exclude_selector": "strip elements matching a CSS selector, e.g. .ad, #banner, div.ad > p (repeatable)",
    "no_comments": "skip forum/thread comment extraction",
    "max_length": "truncate the output after N characters",
    "max_memory": "bound in bytes on the memory converting a page may take, estimated from its markup: a page past "
    "it is converted up to there and marked truncated (default 2000000000; 0: no bound)",
    "javascript": "run the page's inline <script> blocks in a sandboxed engine before converting; by default "
    "only pages that hold next to no text but scripts (app shells) run them, --no-javascript: none",
    "wait": "with --javascript: run timer callbacks due within MS milliseconds (default 1000); "
    "with --browser: wait MS more after the page settled",
}


def add_conversion_options(parser: argparse.ArgumentParser) -> None:
    """One flag per field of `web2md.extract.options.Options` (``include_images`` -> ``--include-images``)."""
    import types
    import typing
    from dataclasses import fields

    from web2md.extract.options import Options

    group = parser.add_argument_group("conversion")
    hints = typing.get_type_hints(Options)
    for f in fields(Options):
        flag = "--" + f.name.replace("_", "-")
        hint = hints[f.name]
        args = typing.get_args(hint)
        if isinstance(hint, types.UnionType) and type(None) in args:
            hint = next(a for a in args if a is not type(None))
        help_text = CONVERSION_HELP.get(f.name)
        if f.name == "javascript":  # three ways: --javascript, --no-javascript, neither (auto)
            group.add_argument(flag, dest=f.name, action=argparse.BooleanOptionalAction, default=None, help=help_text)
        elif hint is bool:
            group.add_argument(flag, dest=f.name, action="store_true", default=None, help=help_text)
        elif typing.get_origin(hint) in (tuple, list):
            metavar = "SEL" if f.name == "exclude_selector" else "VALUE"
            group.add_argument(
                flag, dest=f.name, action="append", metavar=metavar, default=None, help=help_text or "repeatable"
            )
        elif hint in (int, float):
            group.add_argument(
                flag, dest=f.name, type=hint, metavar="MS" if f.name == "wait" else "N", default=None, help=help_text
            )
        else:
            group.add_argument(flag, dest=f.name, metavar="VALUE", default=None, help=help_text)


def conversion_arguments(args: argparse.Namespace) -> dict[str, Any]:
    from dataclasses import fields

    from web2md.extract.options import Options

    return {f.name: getattr(args, f.name) for f in fields(Options) if getattr(args, f.name, None) is not None}


def add_request_options(parser: argparse.ArgumentParser) -> None:
    """What every subcommand sends: timeout, cookies and headers."""
    group = parser.add_argument_group("requests")
    group.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        default=None,
        help="give up on a response after this long (default 30; not retried)",
    )
    group.add_argument(
        "--extract-timeout",
        type=float,
        metavar="SECONDS",
        default=None,
        help="give up converting a page after this long (default 60)",
    )
    group.add_argument("--cookie", action="append", metavar="NAME=VAL", default=None, help="send a cookie (repeatable)")
    group.add_argument(
        "--header", action="append", metavar='"Name: Val"', default=None, help="send a request header (repeatable)"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log the crawl on stderr")


def add_politeness_options(parser: argparse.ArgumentParser, cache: bool = True) -> None:
    group = parser.add_argument_group("politeness and filtering")
    group.add_argument(
        "--delay", type=float, metavar="MS", default=None, help="polite delay between requests in milliseconds"
    )
    if cache:
        group.add_argument(
            "--cache-ttl",
            type=float,
            metavar="SECONDS",
            default=None,
            help="cache fetched pages for N seconds (0 = disabled)",
        )
    group.add_argument(
        "--ignore-robots", action="store_true", default=None, help="ignore robots.txt disallow rules and Crawl-delay"
    )
    group.add_argument(
        "--no-blacklist",
        action="store_true",
        default=None,
        help="disable URL blacklist filtering for ads/tracking URLs",
    )
    group.add_argument(
        "--blacklist-file",
        action="append",
        metavar="PATH",
        default=None,
        help="additional blacklist pattern file (repeatable)",
    )
    group.add_argument(
        "--no-user-blacklist", action="store_true", default=None, help="do not load ~/.web2md/blacklist.txt"
    )


def add_page_output_options(parser: argparse.ArgumentParser, formats: bool = True) -> None:
    group = parser.add_argument_group("output")
    if formats:
        from web2md.formats import format_names

        group.add_argument(
            "--format", choices=format_names(), default="markdown", help="output format (default markdown)"
        )
        group.add_argument(
            "--render",
            action="store_true",
            help="ANSI colours: bold headings, underlined links, boxed tables, shaded code",
        )
    group.add_argument(
        "--frontmatter", action="store_true", help="prepend YAML front matter (metadata) to Markdown output"
    )


def add_page_command_options(
    parser: argparse.ArgumentParser, handler: Callable[[argparse.Namespace], int], **defaults: Any
) -> None:
    """What every command that fetches and converts pages (`fetch`, `browse`, `batch`) takes after its own
    arguments: the request, politeness, conversion and JavaScript options; `handler` runs the command."""
    add_request_options(parser)
    add_politeness_options(parser)
    add_conversion_options(parser)
    add_browser_options(parser)
    parser.set_defaults(handler=handler, **defaults)


def add_browser_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("browser")
    group.add_argument(
        "--browser",
        action="store_const",
        const=True,
        default=None,
        help="load pages in the system's headless Chromium (scripts, XHR, client-side routing) "
        "and convert what it shows once the network is idle",
    )
    # an option string of its own: `--browser URL` must not read the URL as the flag's value
    group.add_argument(
        BROWSER_AUTO,
        dest="browser",
        action="store_const",
        const="auto",
        help="(or --browser auto) load in Chromium only the pages that convert to next to nothing and whose inline "
        "scripts add nothing (app shells of src= scripts): see docs/javascript.md#auto",
    )
    group.add_argument(
        "--wait-for",
        metavar="SELECTOR",
        default=None,
        help="with --browser: wait until an element matches this CSS selector",
    )


def add_server_browser_option(parser: argparse.ArgumentParser) -> None:
    """``--browser auto`` of the servers for other programs (`mcp`, `serve`): their auto requests may escalate."""
    parser.add_argument(
        "--browser",
        choices=("auto",),
        default=None,
        help="auto: a page that converts to next to nothing and whose inline scripts add nothing (an app shell of "
        "src= scripts) is loaded in the system's headless Chromium, for requests in the default auto JavaScript mode",
    )


def with_browser_values(argv: list[str]) -> list[str]:
    """``--browser auto`` as ``--browser=auto``: a bare ``--browser`` takes no value (``--browser URL``)."""
    out: list[str] = []
    for index, arg in enumerate(argv):
        if arg == "--":
            return out + argv[index:]
        if arg == "auto" and out and out[-1] == "--browser":
            out[-1] = BROWSER_AUTO
        else:
            out.append(arg)
    return out


def check_server_browser(args: argparse.Namespace) -> bool:
    """Whether a server runs with ``--browser auto``; CommandError when Chromium is not there."""
    if args.browser != "auto":
        return False
    from web2md.browser.chromium import BrowserMissing, check_browser

    try:
        check_browser()
    except BrowserMissing as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    return True


def add_filter_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("requirements")
    group.add_argument(
        "--lang",
        metavar="CODE",
        default=None,
        help="require the page language to be CODE (ISO 639-1 or 639-3, e.g. en, eng)",
    )
    group.add_argument("--only-with-metadata", action="store_true", help="require a title and a published date")


def crawl_settings(args: argparse.Namespace) -> dict[str, Any]:
    """Scrapy settings for this run: the request and politeness options, mapped as for ``-a`` arguments."""
    from web2md.failures import interactive_retry_exceptions
    from web2md.middlewares import POLITENESS_OPTIONS, apply_politeness_options

    # a timeout, a refused connection or an unknown host is reported at once: --timeout bounds the wait
    settings: dict[str, Any] = {"RETRY_EXCEPTIONS": interactive_retry_exceptions()}
    options = {name: getattr(args, name, None) for name in POLITENESS_OPTIONS}
    try:
        apply_politeness_options(settings, options)
    except ValueError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    if settings.get("HTTPCACHE_ENABLED"):
        cache_home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        settings["HTTPCACHE_DIR"] = str(cache_home / "web2md" / "httpcache")
    return settings


def timeout_of(settings: dict[str, Any]) -> float:
    return float(settings.get("DOWNLOAD_TIMEOUT", 30))


def configure_logging(verbose: bool) -> None:
    """Quiet by default (the command reports its own one-line errors); ``-v`` shows the crawl log."""
    import logging
    import warnings

    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    if verbose:
        handler: logging.Handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        root.setLevel(logging.INFO)
    else:
        handler = logging.NullHandler()  # keeps logging's last-resort handler from printing warnings
        root.setLevel(logging.CRITICAL)
        warnings.simplefilter("ignore")
    root.addHandler(handler)


def write_output(text: str, path: str | None) -> None:
    if not text.endswith("\n"):  # CSV rows already end in CRLF
        text += "\n"
    data = text.encode("utf-8")
    if path and path != "-":
        save(Path(path), data)
        return
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write(data)
        out.flush()


def save(path: Path, data: bytes, page: bool = False) -> None:
    """Replace the file at `path` with `data` as the pipelines do (`write_file`: a temporary file renamed over
    it), so a failed write leaves the old file whole; a CommandError names the file.

    A `page` under ``-o DIR`` is written exactly as the pipelines write it (missing folders made, a symlink
    replaced). The file of ``-o FILE`` is the user's: its folder must exist, a symlink's target is replaced,
    and a device or FIFO (``/dev/null``) is written to."""
    from web2md.pipelines.export import write_file  # here: it imports Scrapy

    target = path if page else Path(os.path.realpath(path))
    try:
        if page:
            write_file(target, data)
        elif target.exists() and not target.is_file():  # a folder fails here
            with open(target, "wb") as out:
                out.write(data)
        elif not target.parent.is_dir():
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        else:
            write_file(target, data)
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None


def warn(message: str) -> None:
    print(f"web2md: {sanitise(message)}", file=sys.stderr)


# -- checks and errors ------------------------------------------------------------


def check_javascript(args: argparse.Namespace) -> None:
    wait = getattr(args, "wait", None)
    if wait is not None and wait < 0:
        raise CommandError(f"--wait must be >= 0 ms, got {wait:g}", EXIT_USAGE)
    if getattr(args, "javascript", None):
        from web2md.javascript.quickjs import EngineMissing, check_engine

        try:
            check_engine()
        except EngineMissing as exc:
            raise CommandError(str(exc)) from None
    if getattr(args, "browser", None) == "auto" and getattr(args, "javascript", None) is not None:
        # only auto mode looks at what a page is made of, and hands the browser the shells
        flag = "--javascript" if args.javascript else "--no-javascript"
        raise CommandError(f"--browser auto works with auto JavaScript: leave out {flag}", EXIT_USAGE)
    if getattr(args, "browser", None):
        from web2md.browser.chromium import BrowserMissing, check_browser

        try:
            check_browser()
        except BrowserMissing as exc:
            raise CommandError(str(exc)) from None
    elif getattr(args, "wait_for", None):
        raise CommandError("--wait-for needs --browser", EXIT_USAGE)


def check_conversion(args: argparse.Namespace) -> None:
    """The conversion options make sense, checked before anything is fetched."""
    from web2md.extract.html.selectors import compile_selectors

    max_length = getattr(args, "max_length", None)
    if max_length is not None and max_length < 0:
        raise CommandError(f"--max-length must not be negative, got {max_length}", EXIT_USAGE)
    try:
        compile_selectors(tuple(getattr(args, "exclude_selector", None) or ()))
    except ValueError as exc:
        raise CommandError(str(exc).replace("exclude_selector", "--exclude-selector"), EXIT_USAGE) from None


def check_language_option(args: argparse.Namespace) -> None:
    from web2md.extract.meta.language import parse_language_option

    if getattr(args, "lang", None):
        try:
            parse_language_option(args.lang)
        except ValueError as exc:
            raise CommandError(f"--lang: {exc}", EXIT_USAGE) from None


def requirement_error(item: Any, args: argparse.Namespace) -> CommandError | None:
    """Why a fetched page fails ``--lang`` or ``--only-with-metadata``, or None."""
    from web2md.extract.meta.language import LanguageMismatch, check_language
    from web2md.extract.meta.metadata import MissingMetadata, check_metadata

    url = item.get("url", "")
    try:
        if getattr(args, "lang", None):
            check_language(item.get("language"), args.lang, url)
        if getattr(args, "only_with_metadata", False):
            check_metadata(dict(item), url)
    except LanguageMismatch as exc:
        return CommandError(str(exc), EXIT_LANGUAGE)
    except MissingMetadata as exc:
        return CommandError(str(exc), EXIT_METADATA)
    return None


# -- rendering pages ----------------------------------------------------------------


def frontmatter(item: Any) -> str:
    """YAML front matter with the page's metadata (`web2md.formats.front_matter`)."""
    from web2md.formats import as_record, front_matter

    return front_matter(as_record(item))


def is_markdown(fmt: str) -> bool:
    """True for any name of the Markdown format (``markdown``, ``md``)."""
    from web2md.formats import normalize_format

    return normalize_format(fmt) == "md"


def render_page(item: Any, fmt: str, with_frontmatter: bool = False, ansi: bool = False) -> str:
    """One page in an output format (``--format``), with front matter or ANSI styling for Markdown."""
    from web2md.formats import render

    if is_markdown(fmt) and ansi:
        from web2md.frontends.ansi import render_ansi

        body = render_ansi(render(item, "md"))
        return f"{frontmatter(item)}\n\n{body}" if with_frontmatter else body
    return render(item, fmt, frontmatter=with_frontmatter)


def page_with_header(item: Any, with_frontmatter: bool, ansi: bool = False) -> str:
    """A page for a multi-page stream: a ``---`` header naming it, then its Markdown."""
    from web2md.exporters import render_header

    header = frontmatter(item) if with_frontmatter else render_header(item)
    return f"{header}\n\n{render_page(item, 'markdown', ansi=ansi)}"


def write_pages(items: Iterable[Any], args: argparse.Namespace) -> int:
    """Pages to files under ``-o DIR`` (one ``.md`` each), or to stdout separated by ``---`` headers."""
    from web2md.paths import output_file

    items = list(items)
    if args.output and args.output != "-":
        root = Path(args.output)
        for done, item in enumerate(items):
            target = output_file(root.resolve(), item.get("final_url") or item["url"], "md")
            try:
                save(target, (render_page(item, "markdown", args.frontmatter) + "\n").encode("utf-8"), page=True)
            except CommandError as exc:  # the disk is full or the folder read-only: the next pages would fail too
                raise CommandError(f"{exc} (wrote {done} of {plural(len(items), 'page')} to {root})") from None
        warn(f"wrote {plural(len(items), 'page')} to {root}")
        return len(items)
    ansi = bool(getattr(args, "render", False))
    write_output("\n\n".join(page_with_header(item, args.frontmatter, ansi) for item in items), None)
    return len(items)


def pages_of(result: Any) -> list[Any]:
    """The pages of a crawl in breadth-first order (depth, then URL), the same on every run."""
    from web2md.items import PageItem

    return [item for item in result.breadth_first() if isinstance(item, PageItem)]


def keep_matching(items: list[Any], args: argparse.Namespace) -> list[Any]:
    """Pages meeting ``--lang`` / ``--only-with-metadata``; the others are named on stderr."""
    kept = []
    for item in items:
        error = requirement_error(item, args)
        if error is None:
            kept.append(item)
        else:
            warn(f"skipped {error}")
    return kept


# -- fetch ------------------------------------------------------------------------------


def add_fetch(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "fetch",
        help=COMMAND_HELP["fetch"],
        description="Fetch URL with the `page` spider and print the converted page; with --depth N, "
        "crawl same-origin links N hops deep with the `site` spider.",
    )
    parser.add_argument("url", metavar="URL")
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE instead of stdout (with --depth: a folder, one .md file per page)",
    )
    add_page_output_options(parser)
    add_filter_options(parser)
    crawl = parser.add_argument_group("crawling")
    crawl.add_argument(
        "--depth", type=int, metavar="N", default=0, help="crawl same-origin links up to N hops (markdown only)"
    )
    crawl.add_argument(
        "--max-pages", type=int, metavar="N", default=None, help="with --depth: fetch at most N pages (default 1000)"
    )
    crawl.add_argument(
        "--job",
        metavar="DIR",
        default=None,
        help="with --depth: keep the crawl's state in DIR (Scrapy's JOBDIR), so Ctrl-C pauses it "
        "and the same command resumes it",
    )
    add_scope_options(crawl)
    add_page_command_options(parser, run_fetch)


def add_scope_options(group: Any) -> None:
    """``fetch --depth``'s scope and bundle flags: the `site` spider's arguments of the same names."""
    group.add_argument(
        "--allow",
        action="append",
        metavar="REGEX",
        default=None,
        help="follow only links whose URL matches REGEX (repeatable: any of them)",
    )
    group.add_argument(
        "--deny",
        action="append",
        metavar="REGEX",
        default=None,
        help="never follow links whose URL matches REGEX (repeatable)",
    )
    group.add_argument("--prefix", action="store_true", help="stay under the start URL's folder (/docs/ -> /docs/...)")
    group.add_argument(
        "--subdomains", action="store_true", help="count every host of the start URL's registrable domain as the site"
    )
    group.add_argument("--sitemap", action="store_true", help="also start from the site's sitemap URLs (depth 0)")
    group.add_argument(
        "--drop-query",
        action="store_true",
        help="treat URLs differing only in tracking parameters (utm_*, session ids) as one",
    )
    group.add_argument(
        "--dry-run", action="store_true", help="print the URLs the crawl would fetch, breadth first, and write nothing"
    )
    group.add_argument(
        "--bundle", action="store_true", help="with -o DIR: also write DIR/<host>/llms.txt and llms-full.txt"
    )


def scope_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The `site` spider arguments for the scope flags, checked before anything is fetched."""
    from web2md.scope import Scope, patterns

    arguments: dict[str, Any] = {
        "allow": args.allow or [],
        "deny": args.deny or [],
        "prefix": args.prefix,
        "subdomains": args.subdomains,
        "sitemap": args.sitemap,
        "query": "drop" if args.drop_query else "keep",
        "dry_run": args.dry_run,
        "bundle": args.bundle,
    }
    try:
        Scope(patterns("--allow", arguments["allow"]), patterns("--deny", arguments["deny"]))
    except ValueError as exc:
        raise CommandError(str(exc).replace("argument --", "--"), EXIT_USAGE) from None
    if args.bundle and (not args.output or args.output == "-"):
        raise CommandError("--bundle needs -o DIR (the bundle is written beside the pages)", EXIT_USAGE)
    if args.bundle and args.job:
        raise CommandError("--bundle cannot be resumed: leave out --job", EXIT_USAGE)
    return arguments


def run_fetch(args: argparse.Namespace) -> int:
    from web2md import crawl
    from web2md.spiders.page import PageSpider

    args.url = check_url(args.url)
    check_javascript(args)
    check_conversion(args)
    check_language_option(args)
    for flag, value in (("--depth", args.depth), ("--max-pages", args.max_pages)):
        if value is not None and value < 0:
            raise CommandError(f"{flag} must not be negative, got {value}", EXIT_USAGE)
    if args.render and not is_markdown(args.format):
        raise CommandError("--render needs --format markdown", EXIT_USAGE)
    if args.depth or args.sitemap or args.dry_run or args.bundle:
        return run_depth(args)
    if args.job:
        raise CommandError("--job needs --depth N (a one-page fetch has nothing to resume)", EXIT_USAGE)
    settings = crawl_settings(args)
    result = crawl.run(PageSpider, settings, url=args.url, output="", formats="", **conversion_arguments(args))
    item = first_page(result, args.url, timeout_of(settings))
    error = requirement_error(item, args)
    if error is not None:
        raise error
    write_output(render_page(item, args.format, args.frontmatter, args.render), args.output)
    return EXIT_OK


def run_depth(args: argparse.Namespace) -> int:
    from urllib.parse import urlsplit

    from web2md import crawl
    from web2md.frontends.progress import CrawlProgress
    from web2md.spiders.base import RUN_FAILED_STAT
    from web2md.spiders.site import SiteSpider

    if not is_markdown(args.format):
        raise CommandError(f"--depth needs --format markdown (got --format {args.format})", EXIT_USAGE)
    extra = scope_arguments(args)
    settings = crawl_settings(args)
    if args.bundle:  # the bundle pipeline writes under the folder; the pages are written below, as always
        extra["output"] = args.output
    if args.max_pages is not None:
        extra["max_pages"] = args.max_pages
    if args.job:
        settings["JOBDIR"] = args.job
    try:
        with CrawlProgress(f"crawling {urlsplit(args.url).netloc}") as progress:
            settings.update(progress.settings())
            result = crawl.run(
                SiteSpider,
                settings,
                **{"output": "", **extra},
                url=args.url,
                depth=args.depth,
                formats="",
                **conversion_arguments(args),
            )
    except crawl.CrawlStopped:  # with a JOBDIR only: the job folder holds the crawl's queue, state and pages
        warn(f"paused; resume with: {shlex.join(['web2md', *args.argv])}")
        raise
    if args.job and result.resumed and not result.stats.get("downloader/request_count"):
        warn(
            f"the job in {args.job} had finished: its {plural(result.resumed, 'page')} again, nothing fetched "
            f"(remove {args.job} to crawl afresh)"
        )
    if args.dry_run:
        # the list leaves out what robots.txt forbids; each such page (and any page whose links could not be
        # read) is named with its reason, as a crawl names the pages it skipped
        if result.stats.get(RUN_FAILED_STAT):  # every URL it would fetch failed (the start page, often)
            raise failure_error(result.sorted_failures()[0], timeout_of(settings))
        for failure in result.sorted_failures():
            warn(f"skipped {failure_error(failure, timeout_of(settings))}")
        write_output("\n".join(result.spider.planned_urls()), args.output)
        return EXIT_OK
    pages = pages_of(result)
    if not pages:
        start = [f for f in result.failures if f.get("url") == args.url] or result.failures
        if start:
            raise failure_error(start[0], timeout_of(settings))
        raise CommandError(f"no page extracted from {args.url} (run with -v for details)")
    for failure in result.sorted_failures():
        warn(f"skipped {failure_error(failure, timeout_of(settings))}")
    write_pages(keep_matching(pages, args), args)
    for bundle in getattr(result.spider, "bundles", {}).values():
        warn(
            f"wrote {Path(args.output) / bundle.host}/llms.txt and llms-full.txt: {len(bundle.pages)} pages, "
            f"~{bundle.tokens} tokens (characters / 4)"
        )
    return EXIT_OK


# -- browse ---------------------------------------------------------------------------------


def add_browse(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "browse",
        help=COMMAND_HELP["browse"],
        description="A Lynx-like terminal browser. Keys: space and - page, a number then Enter follows that "
        "link, b goes back, g opens a URL, / finds text, m shows the main content only, "
        "h shows help, q quits.",
    )
    parser.add_argument("url", metavar="URL")
    add_page_command_options(parser, run_browse)


def run_browse(args: argparse.Namespace) -> int:
    from web2md.frontends.browse import Browser

    args.url = check_url(args.url)
    check_javascript(args)
    check_conversion(args)
    settings = crawl_settings(args)
    browser = Browser(settings, conversion_arguments(args), timeout=timeout_of(settings))
    return browser.run(args.url)


# -- sitemap ----------------------------------------------------------------------------------


def add_listing_command(
    subparsers: Any,
    name: str,
    handler: Callable[[argparse.Namespace], int],
    *,
    help: str,
    description: str,
    json_help: str,
    arguments: dict[str, dict[str, Any]],
) -> None:
    """A subcommand that reads URL and lists what it found (`sitemap`, `feed`).

    ``URL``, the command's own `arguments` (flag -> `add_argument` keywords), then
    what both share: ``--json``, ``-o FILE``, the request and politeness options
    (no cache: what they list changes).
    """
    parser = subparsers.add_parser(name, help=help, description=description)
    parser.add_argument("url", metavar="URL")
    for flag, options in arguments.items():
        parser.add_argument(flag, **options)
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    add_request_options(parser)
    add_politeness_options(parser, cache=False)
    parser.set_defaults(handler=handler)


def add_sitemap(subparsers: Any) -> None:
    add_listing_command(
        subparsers,
        "sitemap",
        run_sitemap,
        help=COMMAND_HELP["sitemap"],
        description="Find URL's sitemaps (robots.txt Sitemap: lines, /sitemap.xml, /sitemap_index.xml, "
        "or URL itself), follow indexes and print one URL a line.",
        json_help="emit JSON (url, lastmod, alternates) instead",
        arguments={
            "--feeds": {"action": "store_true", "help": "also check the HTML page for RSS/Atom/JSON Feed links"},
            "--since": {
                "metavar": "DATE",
                "default": None,
                "help": "only URLs modified on or after DATE (e.g. 2024-01-31)",
            },
            "--max-urls": {
                "type": int,
                "metavar": "N",
                "default": None,
                "help": "list at most N URLs (default 250000; each sitemap is read up to 50000, the protocol's limit)",
            },
        },
    )


def run_sitemap(args: argparse.Namespace) -> int:
    from urllib.parse import urlsplit

    from web2md import crawl
    from web2md.extract.documents.sitemaps import MAX_SITEMAP_URLS
    from web2md.frontends.progress import CrawlProgress
    from web2md.items import SitemapEntryItem, item_to_dict
    from web2md.spiders.sitemap import SitemapSpider

    args.url = check_url(args.url)
    if args.max_urls is not None and args.max_urls < 1:
        raise CommandError(f"--max-urls must be at least 1, got {args.max_urls}", EXIT_USAGE)
    settings = crawl_settings(args)
    arguments: dict[str, Any] = {"url": args.url, "list": True, "output": "", "formats": ""}
    if args.since:
        arguments["since"] = args.since
    if args.max_urls is not None:
        arguments["max_pages"] = args.max_urls
    with CrawlProgress(f"reading sitemaps of {urlsplit(args.url).netloc}") as progress:
        settings.update(progress.settings())
        try:
            result = crawl.run(SitemapSpider, settings, **arguments)
        except ValueError as exc:
            raise CommandError(str(exc), EXIT_USAGE) from None
    listed = [i for i in result.items if isinstance(i, SitemapEntryItem)]
    entries = [item_to_dict(i) for i in listed] if args.json else [{"url": i["url"]} for i in listed]
    del listed
    for name in getattr(result.spider, "truncated_sitemaps", []):
        warn(f"{name} lists more than {MAX_SITEMAP_URLS} entries, the sitemaps protocol's limit: the rest is left out")
    if result.stats.get("web2md/max_pages_skipped") or result.stats.get("web2md/sitemap_unread_count"):
        warn(f"the first {len(entries)} URLs only (--max-urls N)")
    feeds = find_feeds(args, settings) if args.feeds else None
    if not entries and not feeds:
        if result.failures:
            raise failure_error(result.failures[0], timeout_of(settings))
        if feeds is None:
            raise CommandError(f"no URLs in the sitemaps of {args.url}")
    if args.json:
        data: dict[str, Any] = {"urls": entries}
        if feeds is not None:
            data["feeds"] = feeds
        write_output(json.dumps(data, ensure_ascii=False, indent=2), args.output)
        return EXIT_OK
    lines = [sanitise(e["url"]) for e in entries]
    if feeds is not None:
        if lines:
            lines.append("")
        lines.append("Feeds:" if feeds else "Feeds: none found")
        lines += [
            " ".join(
                filter(
                    None,
                    [
                        sanitise(f["url"]),
                        f"({sanitise(f['type'])})" if f.get("type") else "",
                        json.dumps(f["title"], ensure_ascii=False) if f.get("title") else "",
                    ],
                )
            )
            for f in feeds
        ]
    write_output("\n".join(lines), args.output)
    return EXIT_OK


def find_feeds(args: argparse.Namespace, settings: dict[str, Any]) -> list[dict[str, Any]]:
    """The feeds the page at ``args.url`` announces (``<link rel=alternate>``), read by the `page` spider."""
    from web2md import crawl
    from web2md.spiders.page import PageSpider

    result = crawl.run(PageSpider, settings, url=args.url, output="", formats="")
    for item in pages_of(result):
        return [dict(f) for f in item.get("feeds") or []]
    for failure in result.failures:
        warn(f"no feeds: {failure_error(failure, timeout_of(settings))}")
    return []


# -- feed --------------------------------------------------------------------------------------


def add_feed(subparsers: Any) -> None:
    add_listing_command(
        subparsers,
        "feed",
        run_feed,
        help=COMMAND_HELP["feed"],
        description="Read the feed at URL (or the feed a page links to) and print its entries.",
        json_help="emit structured JSON instead of Markdown",
        arguments={
            "--max-entries": {"type": int, "metavar": "N", "default": None, "help": "keep the first N entries"},
        },
    )


def run_feed(args: argparse.Namespace) -> int:
    from web2md import crawl
    from web2md.extract.documents.feeds import MAX_FEED_ENTRIES
    from web2md.items import FeedEntryItem, item_to_dict
    from web2md.spiders.feed import FeedSpider

    args.url = check_url(args.url)
    if args.max_entries is not None and args.max_entries < 0:
        raise CommandError(f"--max-entries must not be negative, got {args.max_entries}", EXIT_USAGE)
    settings = crawl_settings(args)
    arguments: dict[str, Any] = {"url": args.url, "output": "", "formats": "", "fetch_entries": False}
    if args.max_entries is not None:
        arguments["max_entries"] = args.max_entries
    result = crawl.run(FeedSpider, settings, **arguments)
    entries = [item_to_dict(i) for i in result.items if isinstance(i, FeedEntryItem)]
    for name in getattr(result.spider, "truncated_feeds", []):
        warn(f"{name} has more than {MAX_FEED_ENTRIES} entries: the first {MAX_FEED_ENTRIES} only (--max-entries N)")
    if not entries and result.failures:
        raise failure_error(result.failures[0], timeout_of(settings))
    feed_url = entries[0].get("feed_url", args.url) if entries else args.url
    feed_title = entries[0].get("feed_title") if entries else None
    if args.json:
        data: dict[str, Any] = {"url": feed_url}
        if feed_title:
            data["title"] = feed_title
        data["entries"] = [{k: v for k, v in e.items() if k not in ("feed_url", "feed_title")} for e in entries]
        write_output(json.dumps(data, ensure_ascii=False, indent=2), args.output)
    else:
        write_output(feed_markdown(feed_title, feed_url, entries), args.output)
    return EXIT_OK


def feed_markdown(title: str | None, url: str, entries: list[dict[str, Any]]) -> str:
    """A feed as one Markdown document: the feed title, then a section per entry."""
    parts = [f"# {sanitise(title or url)}"]
    for entry in entries:
        name = sanitise(entry.get("title") or entry.get("url") or "Untitled entry")
        parts.append(f"## [{name}]({sanitise(entry['url'])})" if entry.get("url") else f"## {name}")
        byline = " · ".join(
            filter(None, [entry.get("published_date") or entry.get("modified_date"), entry.get("author")])
        )
        if byline:
            parts.append(f"*{byline}*")
        body = entry.get("markdown") or entry.get("summary")
        if body:
            parts.append(body)
    return "\n\n".join(parts)


# -- batch ----------------------------------------------------------------------------------------


def add_batch(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "batch",
        help=COMMAND_HELP["batch"],
        description="Fetch the URLs in FILE (one a line, # comments allowed; each once, blacklisted ones "
        "skipped) and print them separated by --- headers, or write one .md file each with -o DIR.",
    )
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("-o", "--output", metavar="DIR", help="write Markdown files to DIR (default: stdout)")
    add_page_output_options(parser, formats=False)
    add_page_command_options(parser, run_batch, render=False)


def run_batch(args: argparse.Namespace) -> int:
    from web2md import crawl
    from web2md.frontends.progress import CrawlProgress
    from web2md.spiders.base import parse_url_list, read_urls_file
    from web2md.spiders.batch import BatchSpider

    check_javascript(args)
    check_conversion(args)
    if args.file == "-":
        urls = parse_url_list(sys.stdin.read())
        name = "stdin"
    else:
        path = Path(args.file)
        if not path.is_file():
            raise CommandError(f"cannot read {args.file}: no such file", EXIT_USAGE)
        urls = read_urls_file(str(path))
        name = path.name
    if not urls:
        raise CommandError(f"no URLs in {name}", EXIT_USAGE)
    settings = crawl_settings(args)
    with CrawlProgress(f"batch {name}") as progress:
        settings.update(progress.settings())
        result = crawl.run(
            BatchSpider, settings, url=" ".join(urls), output="", formats="", **conversion_arguments(args)
        )
    failures = [failure_error(failure, timeout_of(settings)) for failure in result.sorted_failures()]
    failures += [error for error in map(binary_error, result.items) if error is not None]
    for error in sorted(failures, key=str):
        warn(str(error))
    write_pages(pages_of(result), args)
    return EXIT_FAILED if failures else EXIT_OK


# -- mcp -------------------------------------------------------------------------------------------


def add_guard_options(parser: argparse.ArgumentParser) -> None:
    """The address guard's options of the servers for other programs (`mcp`, `serve`)."""
    parser.add_argument(
        "--allow-private",
        action="store_true",
        help="allow loopback, private and link-local addresses (local testing only)",
    )
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="HOST",
        help="let this host name through the address check (repeatable); its redirects are still checked",
    )


def add_tool_limits(parser: argparse.ArgumentParser, timeout_help: str) -> None:
    """The bounds of each call to the servers for other programs (`mcp`, `serve`), and robots.txt."""
    parser.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS", help=timeout_help)
    parser.add_argument(
        "--max-bytes",
        type=int,
        default=10 * 1024 * 1024,
        metavar="N",
        help="largest response body accepted, decompressed (default 10 MiB)",
    )
    parser.add_argument("--ignore-robots", action="store_true", help="do not obey robots.txt")


def add_mcp(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "mcp",
        help=COMMAND_HELP["mcp"],
        description="Run the MCP server on stdin/stdout (JSON-RPC). By default it refuses URLs whose host "
        "resolves to a loopback, private, link-local, shared (CGNAT) or metadata address, "
        "checked on every redirect hop.",
    )
    add_guard_options(parser)
    add_tool_limits(parser, "bound on each tool call (default 60)")
    add_server_browser_option(parser)
    parser.add_argument("-v", "--verbose", action="store_true", help="log the crawls on stderr")
    parser.set_defaults(handler=run_mcp)


def run_mcp(args: argparse.Namespace) -> int:
    from web2md.frontends.mcp_server import ServerOptions, serve

    if args.timeout <= 0 or args.max_bytes <= 0:
        raise CommandError("--timeout and --max-bytes must be positive", EXIT_USAGE)
    serve(
        ServerOptions(
            allow_private=args.allow_private,
            allowed_hosts=tuple(args.allow_host),
            timeout=args.timeout,
            max_bytes=args.max_bytes,
            ignore_robots=args.ignore_robots,
            browser_auto=check_server_browser(args),
        ),
        verbose=args.verbose,
    )
    return EXIT_OK


# -- serve -----------------------------------------------------------------------------------------


def add_serve(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help=COMMAND_HELP["serve"],
        description="Run an HTTP API on HOST:PORT that speaks Firecrawl's v2 API (POST /v2/scrape, /v2/crawl, "
        "/v2/map, /v2/batch/scrape) and Jina Reader's GET /<url>, so their clients work with "
        "api_url=http://HOST:PORT. By default it refuses URLs whose host resolves to a loopback, private, "
        "link-local, shared (CGNAT) or metadata address, checked on every redirect hop. With WEB2MD_API_KEY set, "
        "every request must send 'Authorization: Bearer KEY'; on an address other than loopback the key is required.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=3002, help="port to listen on (default 3002)")
    add_guard_options(parser)
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=Path("~/.web2md/serve"),
        metavar="DIR",
        help="where crawl and batch jobs are kept (default ~/.web2md/serve)",
    )
    parser.add_argument(
        "--max-jobs", type=int, default=2, metavar="N", help="crawl and batch jobs run at once (default 2)"
    )
    parser.add_argument(
        "--max-limit", type=int, default=1000, metavar="N", help="largest crawl limit or batch size (default 1000)"
    )
    parser.add_argument(
        "--max-body", type=int, default=1024 * 1024, metavar="BYTES", help="largest request body (default 1 MiB)"
    )
    add_tool_limits(parser, "bound on each page scrape (default 60)")
    parser.add_argument(
        "--javascript",
        choices=("auto", "none", "inline", "browser"),
        default="auto",
        help="run pages' scripts first: auto (the embedded engine, for pages that hold next to no text but scripts; "
        "the default), inline (the embedded engine, every page), browser (headless Chromium) or none",
    )
    add_server_browser_option(parser)
    parser.add_argument("-v", "--verbose", action="store_true", help="log requests and crawls on stderr")
    parser.set_defaults(handler=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    from web2md.frontends.http_api import API_KEY_VARIABLE, ApiOptions, check_exposure, serve
    from web2md.frontends.mcp_server import ServerOptions

    for name in ("port", "max_jobs", "max_limit", "max_body", "max_bytes", "timeout"):
        if getattr(args, name) <= 0:
            raise CommandError(f"--{name.replace('_', '-')} must be positive", EXIT_USAGE)
    if args.javascript == "browser":
        from web2md.browser.chromium import BrowserMissing, check_browser

        try:
            check_browser()
        except BrowserMissing as exc:
            raise CommandError(str(exc), EXIT_USAGE) from None
    if args.browser and args.javascript != "auto":
        raise CommandError(f"--browser auto works with --javascript auto, not {args.javascript}", EXIT_USAGE)
    options = ApiOptions(
        host=args.host,
        port=args.port,
        api_key=os.environ.get(API_KEY_VARIABLE, ""),
        max_body=args.max_body,
        state_dir=args.state_dir.expanduser(),
        max_jobs=args.max_jobs,
        max_limit=args.max_limit,
        javascript=args.javascript,
        fetch=ServerOptions(
            allow_private=args.allow_private,
            allowed_hosts=tuple(args.allow_host),
            timeout=args.timeout,
            max_bytes=args.max_bytes,
            ignore_robots=args.ignore_robots,
            browser_auto=check_server_browser(args),
        ),
    )
    try:
        check_exposure(options)
    except ValueError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    serve(options, verbose=args.verbose)
    return EXIT_OK


def add_jobs(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "jobs",
        help=COMMAND_HELP["jobs"],
        description="Recurring crawls declared in a TOML file: ``web2md jobs run FILE`` "
        "runs (or submits to Scrapyd) the ones that are due.",
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    run = verbs.add_parser("run", help="run the jobs that are due (for a crontab line)")
    run.add_argument("file", type=Path)
    run.add_argument("--scrapyd", metavar="URL", help="submit the due jobs to this Scrapyd instead of running them")
    run.add_argument("--project", default="web2md", help="the Scrapyd project (default: web2md)")
    run.add_argument("-v", "--verbose", action="store_true", help="log the crawls on stderr")
    run.set_defaults(handler=run_jobs_command)
    show = verbs.add_parser("list", help="each job's next and last run, with its outcome")
    show.add_argument("file", type=Path)
    show.set_defaults(handler=list_jobs_command)


def run_jobs_command(args: argparse.Namespace) -> int:
    from web2md.frontends.jobs import run_due  # here: only the jobs command needs it (and croniter)

    report = run_due(args.file, args.scrapyd, args.project)
    for name, what in report:
        print(f"{name}\t{what}")
    # a job failed: it could not start ("error: ...") or its crawl failed as a whole ("failed: ...", `run_local`)
    return EXIT_FAILED if any(what.startswith(("error", "failed")) for _, what in report) else EXIT_OK


def list_jobs_command(args: argparse.Namespace) -> int:
    from web2md.frontends.jobs import list_jobs

    print("\t".join(("name", "spider", "schedule", "next", "last", "outcome")))
    for row in list_jobs(args.file):
        print("\t".join(row.values()))
    return 0


# -- entry point ------------------------------------------------------------------------------------

COMMANDS: dict[str, Callable[[Any], None]] = {
    "fetch": add_fetch,
    "browse": add_browse,
    "sitemap": add_sitemap,
    "feed": add_feed,
    "batch": add_batch,
    "mcp": add_mcp,
    "serve": add_serve,
    "jobs": add_jobs,
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``web2md`` parser; only `command` (the one being run) gets its options.

    The others are listed with their one-line help, so ``web2md --help`` answers
    without importing the core (the conversion flags are read from its `Options`).
    """
    parser = argparse.ArgumentParser(
        prog="web2md",
        description="Web pages to clean, deterministic Markdown with metadata. "
        "`web2md URL` opens URL in the terminal browser.",
        epilog="exit status: " + ", ".join(f"{code} {what}" for code, what in EXIT_CODES.items()),
    )
    parser.add_argument("--version", action=VersionAction, help="show the version and which core runs, and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, add in COMMANDS.items():
        if name == command:
            add(subparsers)
        else:
            subparsers.add_parser(name, help=COMMAND_HELP[name])
    return parser


class VersionAction(argparse.Action):
    """``--version``: the version and the build of the core (compiled or pure Python; the same output), read only
    when asked, so the parser does not import the core; on stdout, as argparse's own version action writes."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        from web2md.extract import core_build

        print(f"web2md {__version__} ({core_build()} core)")
        parser.exit()


def with_default_command(argv: list[str], commands: Iterable[str]) -> list[str]:
    """``web2md URL [OPTIONS]`` means ``web2md browse URL [OPTIONS]``; a mistyped command is a usage error."""
    if not argv or argv[0] in ("-h", "--help", "--version"):
        return argv
    if any(arg in commands for arg in argv):
        return argv
    first = next((arg for arg in argv if not arg.startswith("-")), "")
    if first and not any(c in first for c in ".:/"):  # a word, not a URL
        import difflib

        close = difflib.get_close_matches(first, sorted(commands), n=1)
        hint = f", did you mean {close[0]}?" if close else f" (commands: {', '.join(sorted(commands))})"
        raise CommandError(f"unknown command {first!r}{hint}", EXIT_USAGE)
    return ["browse", *argv]


def main(argv: Sequence[str] | None = None) -> int:
    argv = with_browser_values(list(sys.argv[1:] if argv is None else argv))
    try:
        argv = with_default_command(argv, COMMANDS)
    except CommandError as exc:
        warn(str(exc))
        return exc.status
    command = next((arg for arg in argv if arg in COMMANDS), None)
    args = build_parser(command).parse_args(argv)
    args.argv = argv  # the command as typed, to say how to run it again
    configure_logging(getattr(args, "verbose", False))
    try:
        return args.handler(args)
    except CommandError as exc:
        warn(str(exc))
        return exc.status
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except (OSError, ValueError) as exc:  # e.g. -o into a missing folder, a bad option value
        warn(str(exc))
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
