"""What an incremental re-crawl downloads, measured on a generated local site::

    python benchmarks/recrawl.py [--pages 11] [--kilobytes 40] [--changed 2] [--removed 1]

Serves a site of ``--pages`` pages of about ``--kilobytes`` kB each, every page
linking onward to the next two and back to the first (so every page's links are
followed), from a real local HTTP server that answers ``If-None-Match`` with 304
(`tests.server.TestServer`). Crawls it three times with ``WEB2MD_INCREMENTAL``
set: the first crawl, a re-crawl of the unchanged site, and a re-crawl after
``--changed`` pages changed and ``--removed`` were removed. Prints for each run
the response bytes downloaded (headers and bodies, robots.txt included), the
ratio to the first crawl, the 304s and the pages new, changed, unchanged and gone.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server import TestServer  # noqa: E402
from web2md import crawl  # noqa: E402

WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar".split()


def page(n: int, pages: int, kilobytes: int, version: int) -> str:
    paragraphs = []
    size = 0
    for p in range(10_000):
        words = " ".join(WORDS[(n * 7 + p * 3 + i * version) % len(WORDS)] for i in range(60))
        paragraphs.append(f"<p>Paragraph {p} of page {n}, version {version}: {words}.</p>")
        size += len(paragraphs[-1])
        if size >= kilobytes * 1000:
            break
    onward = [(n + 1) % pages, (n + 2) % pages, 0]
    links = "".join(f'<li><a href="/p{m}.html">Page {m}</a></li>' for m in dict.fromkeys(onward) if m != n)
    return (
        f"<html><head><title>Page {n}</title></head><body><main><h1>Page {n}</h1>"
        f"{''.join(paragraphs)}<ul>{links}</ul></main></body></html>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=11)
    parser.add_argument("--kilobytes", type=int, default=40)
    parser.add_argument("--changed", type=int, default=2)
    parser.add_argument("--removed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "site"
        root.mkdir()
        for n in range(args.pages):
            (root / f"p{n}.html").write_text(page(n, args.pages, args.kilobytes, 1))
        with TestServer() as srv:
            srv.files(root)
            run_args = {
                "url": srv.url("/p0.html"),
                "depth": args.pages,
                "output": str(Path(tmp) / "out"),
                "dedupe": "off",
                "max_pages": args.pages * 2,
            }
            settings = {"WEB2MD_INCREMENTAL": str(Path(tmp) / "state"), "LOG_LEVEL": "ERROR"}
            print("run        bytes_downloaded  ratio  304s  new  changed  unchanged  gone  seconds")
            first = 0
            for label in ("first", "unchanged", "changed"):
                if label == "changed":
                    # the last pages change, and one before them is removed (still linked: it answers 404)
                    for n in range(args.pages - args.changed, args.pages):
                        (root / f"p{n}.html").write_text(page(n, args.pages, args.kilobytes, 2))
                    for n in range(args.pages - args.changed - args.removed, args.pages - args.changed):
                        (root / f"p{n}.html").unlink()
                started = time.perf_counter()
                stats = crawl.run("site", settings, **run_args).stats
                seconds = time.perf_counter() - started
                downloaded = stats.get("downloader/response_bytes", 0)
                first = first or downloaded
                counts = [
                    stats.get(f"web2md/changes/{status}", 0) for status in ("new", "changed", "unchanged", "gone")
                ]
                print(
                    f"{label:10} {downloaded:16}  {downloaded / first:5.1%}  "
                    f"{stats.get('downloader/response_status_count/304', 0):4}  "
                    f"{counts[0]:3}  {counts[1]:7}  {counts[2]:9}  {counts[3]:4}  {seconds:7.2f}"
                )


if __name__ == "__main__":
    main()
