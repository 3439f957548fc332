"""`web2md serve` under load: pages/s of POST /v2/scrape with concurrent clients, and the server's memory.

usage: python3 benchmarks/http_api.py [--scrapes N] [--clients C] [--pages P] [PAGES_DIR]

The server runs as a subprocess (``web2md serve --allow-private``) on a free port; a
local HTTP server in this process serves P real pages (default: the first of the
trafilatura-dev corpus by name, or generated articles when it is missing). C
clients (default 16) send N scrapes in all (default 1000), cycling through the
pages, after a warm-up of one scrape per page. Reported: pages/s over the N,
median and 95th-percentile latency, failed calls, and the server's resident
memory (VmRSS, with its child worker processes) after the warm-up and after each quarter of the N.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from tests.server import TestServer  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "trafilatura-dev" / "pages"


def load_pages(folder: Path, count: int) -> list[bytes]:
    files = sorted(folder.glob("*.html.gz"))[:count] if folder.is_dir() else []
    if files:
        return [gzip.decompress(path.read_bytes()) for path in files]
    body = "".join(
        f"<p>Paragraph {n} of a generated article about tea, kettles and the art of waiting.</p>" for n in range(40)
    )
    return [
        f"<html><head><title>Article {n}</title></head><body><nav><a href='/'>Home</a></nav>"
        f"<main><h1>Article {n}</h1>{body}</main></body></html>".encode()
        for n in range(count)
    ]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def resident_kib(pid: int) -> int:
    """VmRSS of `pid` and its descendants (the conversion workers), in KiB."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except (OSError, StopIteration):
            continue
        pending += [int(child) for child in children]
    return total


async def scrape_all(base: str, urls: list[str], clients: int) -> tuple[list[float], int]:
    latencies: list[float] = []
    failed = 0
    queue: asyncio.Queue[str] = asyncio.Queue()
    for url in urls:
        queue.put_nowait(url)

    async def client() -> None:
        nonlocal failed
        async with httpx.AsyncClient(timeout=120) as http:
            while not queue.empty():
                url = queue.get_nowait()
                start = time.perf_counter()
                answer = await http.post(f"{base}/v2/scrape", json={"url": url, "formats": ["markdown"]})
                latencies.append(time.perf_counter() - start)
                if answer.status_code != 200 or not answer.json().get("success"):
                    failed += 1

    await asyncio.gather(*(client() for _ in range(clients)))
    return latencies, failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages_dir", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--scrapes", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--server-log", type=Path, help="write the server's stderr (warnings, errors) to this file")
    args = parser.parse_args()
    pages = load_pages(args.pages_dir, args.pages)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    env.pop("WEB2MD_API_KEY", None)
    with TestServer() as site:
        for n, body in enumerate(pages):
            site.route(f"/p/{n}", body)
        command = [sys.executable, "-m", "web2md.frontends.cli", "serve", "--allow-private", "--port", str(port)]
        command += ["--state-dir", str(Path(os.environ.get("TMPDIR", "/tmp")) / f"web2md-bench-{port}")]
        log = args.server_log.open("wb") if args.server_log else subprocess.DEVNULL
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=log)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    httpx.get(f"{base}/", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            urls = [site.url(f"/p/{n}") for n in range(len(pages))]
            asyncio.run(scrape_all(base, urls, args.clients))  # warm-up: workers started, caches filled
            warm = resident_kib(server.pid)
            latencies: list[float] = []
            failed = 0
            memory = []  # RSS after each quarter of the scrapes: growth that stops is a bounded cache
            elapsed = 0.0
            for quarter in range(4):
                work = [
                    urls[n % len(urls)] for n in range(quarter * args.scrapes // 4, (quarter + 1) * args.scrapes // 4)
                ]
                start = time.perf_counter()
                times, errors = asyncio.run(scrape_all(base, work, args.clients))
                elapsed += time.perf_counter() - start
                latencies += times
                failed += errors
                memory.append(resident_kib(server.pid))
        finally:
            server.terminate()
            server.wait(30)
    latencies.sort()
    print(f"pages: {len(pages)} ({'corpus' if args.pages_dir.is_dir() else 'generated'}), clients: {args.clients}")
    print(f"scrapes: {args.scrapes} in {elapsed:.1f} s = {args.scrapes / elapsed:.1f} pages/s, failed: {failed}")
    print(
        f"latency: median {statistics.median(latencies) * 1000:.0f} ms, "
        f"p95 {latencies[int(len(latencies) * 0.95) - 1] * 1000:.0f} ms"
    )
    quarters = ", ".join(f"{kib / 1024:.0f}" for kib in memory)
    print(
        f"server RSS (with workers): {warm / 1024:.0f} MiB after warm-up; after each quarter of the scrapes: {quarters} MiB"
    )


if __name__ == "__main__":
    main()
