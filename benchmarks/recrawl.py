"""What an incremental re-crawl saves, measured on a generated local site::

    python benchmarks/recrawl.py [--pages 300] [--changed 10]

Crawls the site (a home page linking to every leaf) into a temporary folder
with ``WEB2MD_INCREMENTAL`` set, changes some leaves, crawls again, and prints
for both crawls: pages written, unchanged, response bytes downloaded and the
wall time.
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


def leaf(n: int, version: int) -> str:
    words = " ".join(WORDS[(n * 7 + i * version) % len(WORDS)] for i in range(400))
    return (
        f"<html><head><title>Leaf {n}</title></head><body><main><h1>Leaf {n} v{version}</h1>"
        f"<p>{words}</p></main></body></html>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--changed", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "site"
        root.mkdir()
        links = "".join(f'<li><a href="/p{n}.html">{n}</a></li>' for n in range(args.pages))
        (root / "index.html").write_text(f"<html><body><main><h1>Home</h1><ul>{links}</ul></main></body></html>")
        for n in range(args.pages):
            (root / f"p{n}.html").write_text(leaf(n, 1))
        with TestServer() as srv:
            srv.files(root)
            run_args = {
                "url": srv.url("/"),
                "depth": 1,
                "output": str(Path(tmp) / "out"),
                "dedupe": "off",
                "max_pages": args.pages + 1,
            }
            settings = {"WEB2MD_INCREMENTAL": str(Path(tmp) / "state"), "LOG_LEVEL": "WARNING"}
            print("crawl   written  unchanged  bytes_downloaded  seconds")
            for label in ("first", "second"):
                started = time.perf_counter()
                result = crawl.run("site", settings, **run_args)
                seconds = time.perf_counter() - started
                stats = result.stats
                print(
                    f"{label:7} {len(result.items):7}  {stats.get('web2md/unchanged', 0):9}  "
                    f"{stats.get('downloader/response_bytes', 0):16}  {seconds:7.2f}"
                )
                for n in range(args.changed):
                    (root / f"p{n}.html").write_text(leaf(n, 2))


if __name__ == "__main__":
    main()
