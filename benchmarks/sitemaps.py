"""Time to list big sitemaps: the core parser alone, then the `sitemap` spider end to end over a local server::

    python benchmarks/sitemaps.py [--urls 10000,50000] [--no-spider]

The test suite only asserts counts (tests/test_sitemaps.py); the seconds live here.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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
    args = parser.parse_args(argv)
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
