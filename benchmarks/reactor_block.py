"""How long reading a big feed (or sitemap) holds the reactor: the longest gap between ticks of a 10 ms timer
during ``scrapy crawl feed -a fetch_entries=0`` of a local feed, and the crawl's seconds::

    python benchmarks/reactor_block.py [--entries 50000] [--sitemap | --feed-as-sitemap] [--against DIR]

Each entry carries a little HTML (a paragraph, a link, a list), so the feed's entries are rendered as they
are in real feeds. ``--sitemap`` lists a sitemap of as many URLs instead (``scrapy crawl sitemap -a list=1``,
`benchmarks.sitemaps.urlset`); ``--feed-as-sitemap`` lists the feed with the sitemap spider (sitemaps.org allows
feeds as sitemaps). ``--against DIR`` runs the same crawl from another checkout too (e.g. the code
before a change). Figures: benchmarks/reactor_block.md.
"""

from __future__ import annotations

import argparse
import functools
import html
import http.server
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from twisted.internet import task

ROOT = Path(__file__).resolve().parent.parent
GAP = re.compile(r"reactor ticks: longest gap ([\d.]+) s over ([\d.]+) s")
ENTRIES = re.compile(r"'web2md/(?:feed|sitemap)_entry_count': (\d+)")


class Ticks:
    """A Scrapy extension: a 10 ms timer on the reactor; at the end, the longest it waited between two ticks."""

    INTERVAL = 0.01

    def __init__(self) -> None:
        self.last = self.started = time.perf_counter()
        self.longest = 0.0
        self.loop = task.LoopingCall(self.tick)

    @classmethod
    def from_crawler(cls, crawler):
        from scrapy import signals

        ticks = cls()
        crawler.signals.connect(ticks.opened, signal=signals.spider_opened)
        crawler.signals.connect(ticks.closed, signal=signals.spider_closed)
        return ticks

    def tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def opened(self) -> None:
        self.last = self.started = time.perf_counter()
        self.loop.start(self.INTERVAL)

    def closed(self) -> None:
        self.loop.stop()
        elapsed = time.perf_counter() - self.started
        print(f"reactor ticks: longest gap {self.longest:.3f} s over {elapsed:.3f} s", file=sys.stderr, flush=True)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def feed(count: int) -> bytes:
    content = html.escape(
        "<p>Entry {i} has <b>bold</b> words and <a href='/x/{i}'>a link</a>.</p><ul><li>one</li><li>two</li></ul>"
    )
    items = "".join(
        f"<item><title>Item {i}</title><link>https://big.test/i/{i}</link>"
        f"<description>{content.format(i=i)}</description></item>"
        for i in range(count)
    )
    return (
        f'<rss version="2.0"><channel><title>Big</title><link>https://big.test/</link>{items}</channel></rss>'.encode()
    )


def crawl(tree: Path, url: str, sitemap: bool) -> tuple[float, float, float, int]:
    """Longest reactor gap, the crawl's seconds by the timer, wall seconds and entries listed, run from `tree`."""
    extensions = '{"reactor_block.Ticks": 0}'
    spider = ["sitemap", "-a", "list=1"] if sitemap else ["feed", "-a", "fetch_entries=0"]
    command = [sys.executable, "-W", "ignore", "-m", "scrapy", "crawl", *spider, "-a", f"url={url}"]
    command += ["-s", "WEB2MD_OUTPUT_DIR=", "-s", f"EXTENSIONS={extensions}"]
    command += ["-s", "LOG_LEVEL=INFO", "-s", "WEB2MD_EXTRACT_TIMEOUT=600"]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).parent), str(tree)]))
    env["SCRAPY_SETTINGS_MODULE"] = "web2md.settings"
    with tempfile.TemporaryDirectory() as cwd:
        start = time.perf_counter()
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
    gap = GAP.search(done.stderr)
    listed = ENTRIES.search(done.stderr)
    if gap is None:
        raise SystemExit(f"no tick figures from {tree}:\n{done.stderr[-3000:]}")
    return float(gap.group(1)), float(gap.group(2)), wall, int(listed.group(1)) if listed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=50_000)
    parser.add_argument("--sitemap", action="store_true", help="a sitemap of as many URLs instead of a feed")
    parser.add_argument("--feed-as-sitemap", action="store_true", help="the feed, listed by the sitemap spider")
    parser.add_argument("--against", type=Path, action="append", default=[])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as root:
        if args.sitemap:
            from sitemaps import urlset

            body = urlset(args.entries)
        else:
            body = feed(args.entries)
        (Path(root) / "feed.xml").write_bytes(body)
        handler = functools.partial(Quiet, directory=root)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/feed.xml"
        size = (Path(root) / "feed.xml").stat().st_size
        print(f"{'sitemap' if args.sitemap else 'feed'} of {args.entries} entries, {size / 1e6:.1f} MB")
        print(f"{'checkout':<40} {'longest gap':>12} {'crawl s':>8} {'wall s':>7} {'entries':>8}")
        for tree in [ROOT, *args.against]:
            gap, seconds, wall, listed = crawl(tree, url, args.sitemap or args.feed_as_sitemap)
            print(f"{str(tree):<40} {gap:>11.3f}s {seconds:>8.2f} {wall:>7.2f} {listed:>8}")
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
