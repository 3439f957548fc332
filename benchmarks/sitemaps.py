"""Time to list big sitemaps: the core parser alone, then the `sitemap` spider end to end over a local server::

    python benchmarks/sitemaps.py [--urls 10000,50000] [--no-spider]

With ``--memory``, the peak memory (RSS) of ``web2md sitemap`` and ``web2md feed``
listing a 600,000-URL sitemap, a sitemap index of twelve 50,000-URL sitemaps, a
200,000-item RSS feed and a site whose robots.txt holds a million rules before its
``Sitemap:`` line, each command a process of its own; ``--against DIR`` runs
the same commands from another checkout too (e.g. the code before a change)::

    python benchmarks/sitemaps.py --memory [--against /path/to/other/checkout]

The test suite only asserts counts (tests/test_sitemaps.py); the seconds and megabytes live here.
"""

from __future__ import annotations

import argparse
import gzip
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from web2md.extract.documents.sitemaps import parse_sitemap  # noqa: E402
from web2md.spiders.sitemap import gunzip_sitemap  # noqa: E402


def urlset(count: int) -> bytes:
    rows = "".join(
        f"<url><loc>https://big.test/page/{i}</loc><lastmod>2024-01-{i % 28 + 1:02d}</lastmod>"
        f'<xhtml:link rel="alternate" hreflang="de" href="https://big.test/de/page/{i}"/></url>'
        for i in range(count)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        f'xmlns:xhtml="http://www.w3.org/1999/xhtml">{rows}</urlset>'
    ).encode()


def short_urlset(first: int, count: int) -> bytes:
    """URLs alone, as short as real ones get: 600,000 of them stay under DOWNLOAD_MAXSIZE."""
    rows = "".join(f"<url><loc>https://big.test/p/{i}</loc></url>" for i in range(first, first + count))
    return f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{rows}</urlset>'.encode()


def rss(count: int) -> bytes:
    items = "".join(
        f"<item><title>Item {i}</title><link>https://big.test/i/{i}</link><description>Text {i}</description></item>"
        for i in range(count)
    )
    return (
        f'<rss version="2.0"><channel><title>Big</title><link>https://big.test/</link>{items}</channel></rss>'.encode()
    )


def peak(command: list[str], tree: Path) -> tuple[float, float, int, int]:
    """Peak RSS in MB, wall seconds, exit status and lines printed of `command` run from checkout `tree`."""
    with tempfile.TemporaryFile() as out:
        env = dict(os.environ, PYTHONPATH=str(tree))
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, env=env, cwd=tree)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        out.seek(0)
        lines = sum(1 for line in out if line.startswith((b"https://", b"## ")))
    return usage.ru_maxrss / 1024, seconds, os.waitstatus_to_exitcode(status), lines


def memory(trees: list[Path], only: str = "") -> None:
    from tests.server import TestServer

    xml = {"Content-Type": "application/xml"}
    # the second origin serves the big robots.txt
    with TestServer() as srv, TestServer() as site:
        srv.route("/big.xml", short_urlset(0, 600_000), headers=xml)
        for n in range(12):
            srv.route(f"/part{n}.xml", short_urlset(n * 50_000, 50_000), headers=xml)
        rows = "".join(f"<sitemap><loc>{srv.url(f'/part{n}.xml')}</loc></sitemap>" for n in range(12))
        index = f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{rows}</sitemapindex>'
        srv.route("/index.xml", index, headers=xml)
        srv.route("/feed.xml", rss(200_000), headers={"Content-Type": "application/rss+xml"})
        robots = "User-agent: *\n" + "".join(f"Disallow: /private/{i}/\n" for i in range(1_000_000))
        site.route("/robots.txt", f"Sitemap: {srv.url('/part0.xml')}\n{robots}", headers={"Content-Type": "text/plain"})
        web2md = [sys.executable, "-m", "web2md.frontends.cli"]
        cases = {
            "web2md sitemap, one sitemap of 600,000 URLs": [*web2md, "sitemap", srv.url("/big.xml")],
            "web2md sitemap, index of 12 x 50,000 URLs": [*web2md, "sitemap", srv.url("/index.xml")],
            "web2md feed, 200,000 items": [*web2md, "feed", srv.url("/feed.xml")],
            "web2md sitemap, site with a 27 MB robots.txt": [*web2md, "sitemap", site.url("/")],
        }
        print(f"{'command':<46} {'checkout':<28} {'peak RSS':>9} {'seconds':>8} {'listed':>8}")
        for label, command in cases.items():
            if only not in label:
                continue
            for tree in trees:
                rss_mb, seconds, status, lines = peak(command, tree)
                failed = f"  (exit status {status})" if status else ""
                print(f"{label:<46} {str(tree)[-28:]:<28} {rss_mb:6.0f} MB {seconds:8.1f} {lines:8d}{failed}")


def timed(label: str, func, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<44} {best * 1000:9.1f} ms   ({result})")
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--urls", default="10000,50000", help="comma-separated sitemap sizes")
    parser.add_argument("--no-spider", action="store_true", help="time the core parser only")
    parser.add_argument("--memory", action="store_true", help="peak memory of listing a big sitemap, index and feed")
    parser.add_argument("--against", type=Path, action="append", default=[], help="another checkout to measure too")
    parser.add_argument("--only", default="", metavar="TEXT", help="with --memory: the cases whose name holds TEXT")
    args = parser.parse_args(argv)
    if args.memory:
        memory([ROOT, *args.against], args.only)
        return 0
    sizes = [int(n) for n in args.urls.split(",")]

    for count in sizes:
        body = urlset(count)
        packed = gzip.compress(body, mtime=0)
        timed(
            f"parse_sitemap {count} URLs ({len(body) // 1024} KiB)",
            lambda: f"{len(parse_sitemap(body, 'https://big.test/').entries)} entries",
        )
        timed(
            f"parse_sitemap {count} URLs gzipped ({len(packed) // 1024} KiB)",
            lambda: f"{len(parse_sitemap(gunzip_sitemap(packed), 'https://big.test/').entries)} entries",
        )

    if not args.no_spider:
        from tests.server import TestServer
        from web2md import crawl

        settings = {"LOG_LEVEL": "WARNING", "WEB2MD_USER_BLACKLIST": False}
        for count in sizes:
            with TestServer() as srv:
                srv.route("/sitemap.xml", urlset(count), headers={"Content-Type": "application/xml"})
                timed(
                    f"sitemap spider, list=1, {count} URLs",
                    lambda: (
                        f"{len(crawl.run('sitemap', settings, url=srv.url('/sitemap.xml'), list='1', output='').items)} items"
                    ),
                    repeat=1,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
