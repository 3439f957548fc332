"""Pages per second of web2md's `convert` against its peers, same process, same run, as ratios.

usage: python3 benchmarks/speed.py [PAGES_DIR] [--limit N] [--only NAME,...] [--rounds N] [--fetched N]

PAGES_DIR holds `.html` / `.html.gz` pages (default: the trafilatura-dev corpus).
Peers that are not installed are skipped with a note.

``--fetched N`` then serves the first N pages from a local server and crawls them
(`web2md.crawl.run`, so fetching, start-up and the pipelines count too) three
ways: plain, ``--javascript`` and ``--browser`` (skipped with a note when
Chromium or scrapy-playwright is missing). Their resources on other hosts are
not loaded (a Content-Security-Policy header says so to the browser).
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout, whatever is installed
DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "trafilatura-dev" / "pages"
WARM_UP = 20  # pages run once through every extractor before timing


def load(folder: Path, limit: int | None) -> list[bytes]:
    files = sorted(p for p in folder.iterdir() if p.name.endswith((".html", ".html.gz", ".htm")))
    pages = [gzip.decompress(p.read_bytes()) if p.suffix == ".gz" else p.read_bytes() for p in files]
    return pages[:limit] if limit else pages


def extractors() -> dict[str, Callable[[bytes], object]]:
    found: dict[str, Callable[[bytes], object]] = {}
    from web2md import convert, html_to_text
    from web2md.extract.html.parse import parse_html

    found["web2md convert"] = lambda b: convert(b)
    try:
        from web2md.javascript.quickjs import check_engine, run_scripts

        check_engine()
        # --javascript: the page's inline scripts run first (web2md.javascript.quickjs), then the same convert
        found["web2md --javascript"] = lambda b: convert(run_scripts(parse_html(b)).tree)
    except Exception as exc:
        print(f"web2md --javascript skipped: {exc}", file=sys.stderr)
    # parse + plain region choice + Markdown (see docs/design.md#plain-region), no main-content scoring or metadata
    found["web2md html_to_text"] = lambda b: html_to_text(b)
    try:
        import lxml.html

        found["lxml.html.fromstring"] = lambda b: lxml.html.fromstring(b)
    except ImportError:
        pass
    found["web2md parse_html"] = lambda b: parse_html(b)
    try:
        import trafilatura

        found["trafilatura"] = lambda b: trafilatura.extract(b, include_tables=True, include_comments=False)
        # what `convert` gives, Markdown and the page's metadata: the ratios stay against plain text alone
        found["trafilatura md+metadata"] = lambda b: trafilatura.extract(
            b, include_tables=True, include_comments=False, output_format="markdown", with_metadata=True
        )
    except ImportError:
        print("trafilatura not installed: skipped", file=sys.stderr)
    try:
        from readability import Document

        found["readability-lxml"] = lambda b: Document(b.decode("utf-8", "replace")).summary()
    except ImportError:
        print("readability-lxml not installed: skipped", file=sys.stderr)
    try:
        import html2text

        def h2t(b: bytes) -> str:
            h = html2text.HTML2Text()
            h.body_width = 0
            return h.handle(b.decode("utf-8", "replace"))

        found["html2text"] = h2t
    except ImportError:
        print("html2text not installed: skipped", file=sys.stderr)
    try:
        from markdownify import markdownify

        found["markdownify"] = lambda b: markdownify(b.decode("utf-8", "replace"))
    except ImportError:
        print("markdownify not installed: skipped", file=sys.stderr)
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--only", default="", help="comma-separated extractor names")
    ap.add_argument("--rounds", type=int, default=1, help="passes over the pages; the median ratio is reported")
    ap.add_argument(
        "--fetched",
        type=int,
        default=0,
        metavar="N",
        help="also crawl N pages from a local server: plain, --javascript, --browser",
    )
    args = ap.parse_args()
    if not args.pages.is_dir():
        sys.exit(f"no pages folder at {args.pages}")
    pages = load(args.pages, args.limit)
    total_mb = sum(map(len, pages)) / 1e6
    print(f"{len(pages)} pages, {total_mb:.1f} MB from {args.pages}")
    from web2md.extract import core_build

    print(f"web2md's core: {core_build()} (docs/design.md#compiled-build)")
    if args.fetched:
        fetched(pages[: args.fetched])
        if args.only == "fetched":
            return
    chosen = {name: fn for name, fn in extractors().items() if not args.only or name in args.only.split(",")}
    for body in pages[:WARM_UP]:  # first calls load modules and compile patterns: not what is measured
        for fn in chosen.values():
            try:
                fn(body)
            except Exception:
                pass
    ratios: dict[str, list[float]] = {name: [] for name in chosen}
    for round_no in range(1, args.rounds + 1):
        elapsed = dict.fromkeys(chosen, 0.0)
        errors = dict.fromkeys(chosen, 0)
        # Interleaved page by page, so that a change in machine load touches every extractor alike.
        for body in pages:
            for name, fn in chosen.items():
                start = time.perf_counter()
                try:
                    fn(body)
                except Exception:
                    errors[name] += 1
                elapsed[name] += time.perf_counter() - start
        results = {name: len(pages) / elapsed[name] for name in chosen}
        if args.rounds > 1:
            print(f"round {round_no}:")
        for name in chosen:
            print(
                f"{name:24} {results[name]:8.1f} pages/s  ({elapsed[name]:6.2f} s, {errors[name]} errors)", flush=True
            )
        ref = results.get("trafilatura")
        if ref:
            for name, rate in results.items():
                ratios[name].append(rate / ref)
    if ratios.get("trafilatura"):
        label = "median of rounds, " if args.rounds > 1 else ""
        print(f"\nratio to trafilatura ({label}higher is faster):")
        for name, values in ratios.items():
            print(
                f"  {name:24} {statistics.median(values):6.2f}x"
                + (f"  (rounds: {', '.join(f'{v:.2f}' for v in values)})" if len(values) > 1 else "")
            )


def fetched(pages: list[bytes]) -> None:
    """Pages per second of whole crawls of ``pages`` served locally: plain, --javascript, --browser."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from web2md import crawl
    from web2md.browser.chromium import BrowserMissing, check_browser

    class Pages(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            name = self.path.strip("/").removesuffix(".html")
            body = pages[int(name)] if name.isdigit() and int(name) < len(pages) else b""
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html")  # the page's own <meta charset> decides
            # the pages' own scripts, styles and images are on hosts this (offline) machine cannot reach: the
            # browser is told not to try, so what is measured is loading, running and converting the page itself
            self.send_header("Content-Security-Policy", "default-src 'self' 'unsafe-inline' 'unsafe-eval' data:")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    urls = " ".join(f"http://127.0.0.1:{server.server_address[1]}/{n}.html" for n in range(len(pages)))
    ways = {"crawl (plain)": {}, "crawl --javascript": {"javascript": "1"}, "crawl --browser": {"browser": "1"}}
    try:
        check_browser()
    except BrowserMissing as exc:
        print(f"crawl --browser skipped: {exc}", file=sys.stderr)
        del ways["crawl --browser"]
    crawl.run("page", {"LOG_LEVEL": "ERROR"}, url=urls, output="")  # the reactor, imports, caches: not measured
    print(f"{len(pages)} pages served from 127.0.0.1 and crawled (start-up included):")
    for name, arguments in ways.items():
        start = time.perf_counter()
        result = crawl.run("page", {"LOG_LEVEL": "ERROR"}, url=urls, output="", **arguments)
        elapsed = time.perf_counter() - start
        print(
            f"  {name:22} {len(pages) / elapsed:8.1f} pages/s  ({elapsed:6.2f} s, {len(result.items)} pages, "
            f"{len(result.failures)} failed)",
            flush=True,
        )
    server.shutdown()


if __name__ == "__main__":
    main()
