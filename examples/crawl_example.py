"""Crawl the bundled example site offline: serve examples/site on 127.0.0.1 and run the `site` spider into output/.

    python3 examples/crawl_example.py [--output DIR] [--depth N] [--formats md,json]

The crawl goes through exactly the spiders, pipelines and settings that
``scrapy crawl site -a url=... -a depth=2`` uses on a real site.
"""

from __future__ import annotations

import argparse
import functools
import logging
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

SITE = Path(__file__).resolve().parent / "site"
PREFERRED_PORT = 8765  # a fixed port keeps the output folder name (127.0.0.1_8765) the same run to run


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(directory: Path) -> ThreadingHTTPServer:
    handler = functools.partial(QuietHandler, directory=str(directory))
    try:
        server = ThreadingHTTPServer(("127.0.0.1", PREFERRED_PORT), handler)
    except OSError:  # port taken: any free one will do
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default="output", help="folder for the Markdown files (default: output)")
    parser.add_argument("--depth", type=int, default=2, help="link hops from the home page (default: 2)")
    parser.add_argument("--formats", default="md", help="comma-separated: md, json (default: md)")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    from web2md import crawl  # after logging is set up, so Scrapy's loggers use it

    server = serve(SITE)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        result = crawl.run("site", url=url, depth=args.depth, output=args.output, formats=args.formats)
    finally:
        server.shutdown()
        server.server_close()

    out = Path(args.output)
    print(f"Crawled {url} (depth {args.depth}): {len(result.items)} pages into {out}/")
    for item in sorted(result.items, key=lambda i: i["final_url"]):
        print(f"  {item['final_url']}  {item.get('title') or ''}")
    for failure in result.failures:
        print(f"  failed: {failure['url']}: {failure['reason']}", file=sys.stderr)
    files = sorted(p for p in out.rglob("*") if p.is_file() and p.name != ".gitkeep")
    print(f"{len(files)} files, e.g. {files[0]}" if files else "no files written")
    return 0 if result.items and not result.failures else 1


if __name__ == "__main__":
    sys.exit(main())
