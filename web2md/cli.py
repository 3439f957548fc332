"""The ``web2md`` command line: subcommands that run the project's spiders through `web2md.crawl`.

Errors are one line on stderr and a non-zero exit status: 2 for bad usage
(including an invalid URL), 1 when the page could not be fetched or converted.
"""

from __future__ import annotations

import argparse
import logging
import sys
import types
import typing
import warnings
from collections.abc import Callable, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from web2md import __version__

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2

logger = logging.getLogger(__name__)


class CommandError(Exception):
    """A failure to report as one line on stderr, with an exit status."""

    def __init__(self, message: str, status: int = EXIT_FAILED) -> None:
        super().__init__(message)
        self.status = status


# -- shared option groups ----------------------------------------------------

def add_conversion_options(parser: argparse.ArgumentParser) -> None:
    """One flag per field of `web2md.extract.options.Options` (``include_images`` -> ``--include-images``)."""
    from web2md.extract.options import Options

    group = parser.add_argument_group("conversion")
    hints = typing.get_type_hints(Options)
    for f in fields(Options):
        flag = "--" + f.name.replace("_", "-")
        hint = hints[f.name]
        args = typing.get_args(hint)
        if isinstance(hint, types.UnionType) and type(None) in args:
            hint = next(a for a in args if a is not type(None))
        if hint is bool:
            group.add_argument(flag, dest=f.name, action="store_true", default=None)
        elif typing.get_origin(hint) in (tuple, list):
            group.add_argument(flag, dest=f.name, action="append", metavar="VALUE", default=None,
                               help="repeatable")
        elif hint in (int, float):
            group.add_argument(flag, dest=f.name, type=hint, metavar="N", default=None)
        else:
            group.add_argument(flag, dest=f.name, metavar="VALUE", default=None)


def conversion_arguments(args: argparse.Namespace) -> dict[str, Any]:
    from web2md.extract.options import Options

    return {f.name: getattr(args, f.name) for f in fields(Options) if getattr(args, f.name, None) is not None}


def add_fetch_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timeout", type=float, metavar="SECONDS", default=None,
                        help="give up on a response after this long (default 30)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log the crawl on stderr")


def crawl_settings(args: argparse.Namespace) -> dict[str, Any]:
    from scrapy.settings import default_settings

    settings: dict[str, Any] = {
        # a timed-out request is not retried, so --timeout bounds how long the user waits
        "RETRY_EXCEPTIONS": [e for e in default_settings.RETRY_EXCEPTIONS
                             if e != "scrapy.exceptions.DownloadTimeoutError"],
    }
    if args.timeout is not None:
        settings["DOWNLOAD_TIMEOUT"] = args.timeout
    return settings


def configure_logging(verbose: bool) -> None:
    """Quiet by default (the command reports its own one-line errors); ``-v`` shows the crawl log."""
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
    data = (text + "\n").encode("utf-8")
    if path and path != "-":
        Path(path).write_bytes(data)
        return
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        sys.stdout.write(text + "\n")
    else:
        out.write(data)
        out.flush()


def failure_message(failure: dict[str, Any], timeout: float | None) -> str:
    url = failure.get("url", "")
    reason = failure.get("reason") or "failed"
    if reason == "timed out":
        reason = f"timed out after {timeout:g} s" if timeout else "timed out"
    return f"{reason}: {url}"


# -- fetch ---------------------------------------------------------------------

FETCH_FORMATS = ("markdown", "json", "text")


def add_fetch(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "fetch", help="fetch one page and print it as Markdown, JSON or text",
        description="Fetch URL with the `page` spider and print the converted page.",
    )
    parser.add_argument("url", metavar="URL")
    parser.add_argument("--format", choices=FETCH_FORMATS, default="markdown")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    add_fetch_options(parser)
    add_conversion_options(parser)
    parser.set_defaults(handler=run_fetch)


def run_fetch(args: argparse.Namespace) -> int:
    from web2md import crawl
    from web2md.exporters import get_format
    from web2md.spiders.base import is_fetchable
    from web2md.spiders.page import PageSpider

    if not is_fetchable(args.url):
        raise CommandError(f"invalid URL: {args.url} (need an absolute http:// or https:// URL)", EXIT_USAGE)
    settings = crawl_settings(args)
    result = crawl.run(PageSpider, settings, url=args.url, output="", formats="",
                       **conversion_arguments(args))
    if result.items:
        write_output(get_format(args.format).render(result.items[0]), args.output)
        return EXIT_OK
    if result.failures:
        timeout = settings.get("DOWNLOAD_TIMEOUT", 30)
        raise CommandError(failure_message(result.failures[0], timeout))
    raise CommandError(f"no page extracted from {args.url} (run with -v for details)")


# -- entry point ---------------------------------------------------------------

COMMANDS: tuple[Callable[[Any], None], ...] = (add_fetch,)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="web2md",
        description="Web pages to clean, deterministic Markdown with metadata.",
    )
    parser.add_argument("--version", action="version", version=f"web2md {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in COMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    configure_logging(getattr(args, "verbose", False))
    try:
        return args.handler(args)
    except CommandError as exc:
        print(f"web2md: {exc}", file=sys.stderr)
        return exc.status
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    except (OSError, ValueError) as exc:  # e.g. -o into a missing folder, a bad option value
        print(f"web2md: {exc}", file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
