"""`web2md mcp` web_fetch latency: one call at a time, then several at once, on local copies of real pages.

usage: python3 benchmarks/mcp_latency.py [--pages N] [--concurrent C] [PAGES_DIR]

The server runs as a stdio subprocess (``web2md mcp --allow-private``) driven by the official `mcp` client
(`tests.test_mcp.McpSession`); a local HTTP server serves the first 2N pages of the trafilatura-dev corpus by
name. After five warm-up calls, N pages are fetched one after another (median latency), then N others with C calls
in flight (pages/s, median and slowest call).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))

from tests.server import TestServer  # noqa: E402
from tests.test_mcp import McpSession  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "trafilatura-dev" / "pages"
WARM_UP = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages_dir", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--pages", type=int, default=60)
    parser.add_argument("--concurrent", type=int, default=8)
    args = parser.parse_args()
    files = sorted(args.pages_dir.glob("*.html.gz"))[: WARM_UP + 2 * args.pages]
    with TestServer() as site:
        for n, path in enumerate(files):
            site.route(f"/p/{n}", gzip.decompress(path.read_bytes()))
        urls = [site.url(f"/p/{n}") for n in range(len(files))]
        session = McpSession("--allow-private")
        try:
            for url in urls[:WARM_UP]:
                session.call("web_fetch", {"url": url})
            one_by_one = []
            for url in urls[WARM_UP : WARM_UP + args.pages]:
                start = time.perf_counter()
                session.call("web_fetch", {"url": url})
                one_by_one.append(time.perf_counter() - start)

            async def at_once() -> tuple[list[float], float]:
                slots = asyncio.Semaphore(args.concurrent)

                async def call(url: str) -> float:
                    async with slots:
                        start = time.perf_counter()
                        await session.client.call_tool("web_fetch", {"url": url})
                        return time.perf_counter() - start

                start = time.perf_counter()
                times = await asyncio.gather(*(call(url) for url in urls[WARM_UP + args.pages :]))
                return list(times), time.perf_counter() - start

            together, wall = session.run(at_once(), timeout=600)
        finally:
            session.close()
    print(f"one at a time: median {statistics.median(one_by_one) * 1000:.0f} ms over {len(one_by_one)} calls")
    print(
        f"{args.concurrent} at once: {len(together) / wall:.1f} pages/s, median "
        f"{statistics.median(together) * 1000:.0f} ms, slowest {max(together) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
