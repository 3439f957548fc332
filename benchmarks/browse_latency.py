"""`web2md browse` navigation latency: N pages of one local site fetched one after another in one browser session.

usage: python3 benchmarks/browse_latency.py [--pages N] [--runs R] [--latency MS]

Drives `web2md.frontends.browse.Browser.fetch` in-process, as the full-screen application does for each link
followed (fetch, convert, render), against a local HTTP server of generated article pages that link to each other
(``--latency``: each answer, robots.txt's 404 included, is that much late, as a distant server's would be).
Prints the first page's time (the reactor and the conversion pool starting) and the median and slowest of the
others, per run. Runs from whatever ``PYTHONPATH`` points at, so a copy of an earlier commit can be measured alike.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PAGE = (
    "<html><head><title>Page {n}</title></head><body><nav><a href='/'>Home</a> <a href='/page/{next}'>Next</a></nav>"
    "<main><h1>Page {n}</h1>{paragraphs}</main><footer><a href='/about'>About</a></footer></body></html>"
)
PARAGRAPH = "<p>Paragraph {i} of page {n} tells of the garden, the weather and <a href='/page/{i}'>page {i}</a>.</p>"


class Site(BaseHTTPRequestHandler):
    pages = 0
    latency = 0.0

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        time.sleep(self.latency)
        if not self.path.startswith("/page/"):
            self.send_error(404)
            return
        n = int(self.path.rsplit("/", 1)[-1])
        paragraphs = "".join(PARAGRAPH.format(i=i, n=n) for i in range(30))
        body = PAGE.format(n=n, next=(n + 1) % max(self.pages, 1), paragraphs=paragraphs).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def session(base: str, pages: int) -> list[float]:
    """Seconds per page of one browser session that visits `pages` pages."""
    from web2md.frontends.browse import Browser

    browser = Browser({}, {})
    times: list[float] = []

    async def visit() -> None:
        for n in range(pages):
            start = time.perf_counter()
            await browser.fetch(f"{base}/page/{n}")
            times.append(time.perf_counter() - start)

    try:
        asyncio.run(visit())
    finally:
        close = getattr(browser, "close", None)  # an earlier commit's browser has no crawl to close
        if close is not None:
            close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--runs", type=int, default=1, help="sessions, one after another in this process")
    parser.add_argument("--latency", type=float, default=0.0, metavar="MS", help="delay every answer by MS")
    args = parser.parse_args()
    Site.pages, Site.latency = args.pages, args.latency / 1000
    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    import web2md.frontends.browse as browse

    print(f"web2md from {Path(browse.__file__).resolve().parents[2]}", file=sys.stderr)
    for run in range(1, args.runs + 1):
        times = session(base, args.pages)
        rest = times[1:] or times
        print(
            f"run {run}: {args.pages} pages in {sum(times):.2f} s; first {times[0] * 1000:.0f} ms, "
            f"then median {statistics.median(rest) * 1000:.0f} ms, slowest {max(rest) * 1000:.0f} ms"
        )
    server.shutdown()


if __name__ == "__main__":
    main()
