"""Crawl throughput: a bare Scrapy spider against `scrapy crawl site` on the same local site, in one run, as ratios.

usage: python3 benchmarks/crawl.py [--pages 2000] [--concurrency 16] [--corpus DIR] [--runs bare,site,iframes]

Builds a site of PAGES pages from the corpus pages (default: trafilatura-dev,
reused round-robin), each page's own links, iframes, refreshes and robots
directives neutralised and a link tree added: every page links to its ten
children, every other link off-site, and holds one iframe on a host that does
not resolve. The site is served by nginx when installed (else a threaded
`http.server` in its own process) on 127.0.0.1. Then, one after another, with
the same concurrency per run and per host:

- ``bare``: a Scrapy spider that fetches and follows same-host links, nothing else;
- ``site``: ``scrapy crawl site`` writing Markdown, iframes off, near-duplicate drop off;
- ``iframes``: the same with iframes on (every page's iframe host unreachable);
- ``inprocess`` (on request): ``site`` converting on the reactor thread (``WEB2MD_WORKERS=0``).

Each run is a fresh process; wall time includes interpreter start-up. Peak RSS
is the highest sum over the process and its children (the conversion workers),
sampled every 0.1 s, as are the CPU seconds each used (the crawl's own process,
and the workers together, as last seen before they ended). Each run is compared
with the ``bare`` run before it; repeat the pairs (``--runs bare,site,bare,site,...``)
and read the median, since on a shared machine the cores' speed drifts from run to run.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpora" / "trafilatura-dev" / "pages"
CHILDREN = 10  # on-site links per page

BARE_SPIDER = '''
import json
from urllib.parse import urlsplit

import scrapy


class BareSpider(scrapy.Spider):
    """Fetch and follow same-host links; nothing else."""

    name = "bare"

    def __init__(self, url, **kwargs):
        super().__init__(**kwargs)
        self.url = url
        self.host = urlsplit(url).netloc
        self.pages = 0

    async def start(self):
        yield scrapy.Request(self.url)

    def parse(self, response):
        self.pages += 1
        for href in response.css("a::attr(href)").getall():
            url = response.urljoin(href)
            if urlsplit(url).netloc == self.host:
                yield scrapy.Request(url)

    def closed(self, reason):
        print(json.dumps({"pages": self.pages}), flush=True)
'''

NGINX_CONF = """
worker_processes 1;
daemon off;
pid {root}/nginx.pid;
error_log {root}/nginx-error.log error;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {root}/tmp;
    proxy_temp_path {root}/tmp;
    fastcgi_temp_path {root}/tmp;
    uwsgi_temp_path {root}/tmp;
    scgi_temp_path {root}/tmp;
    types {{ text/html html; }}
    default_type application/octet-stream;
    sendfile on;
    keepalive_requests 100000;
    server {{
        listen 127.0.0.1:{port};
        root {root}/www;
    }}
}}
"""

# (an attribute may follow the quote of the one before without a space)
_OWN_LINK = re.compile(rb"(<(?:a|area|link)\b[^>]*?[\s\"'])href\s*=", re.IGNORECASE)
_OWN_FRAME = re.compile(rb"(<i?frame\b[^>]*?[\s\"'])src\s*=", re.IGNORECASE)
_REFRESH = re.compile(rb"http-equiv\s*=\s*([\"']?)refresh", re.IGNORECASE)
_ROBOTS = re.compile(rb"name\s*=\s*([\"']?)robots", re.IGNORECASE)
_BASE = re.compile(rb"<base\b", re.IGNORECASE)
_BODY_END = re.compile(rb"</body\s*>", re.IGNORECASE)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build_site(www: Path, corpus: Path, pages: int, origin: str) -> None:
    """`pages` pages under ``www/p/``: page k links to pages k*10+1 .. k*10+10 (an off-site link after each)."""
    sources = sorted(p for p in corpus.iterdir() if p.name.endswith((".html", ".html.gz")))
    if not sources:
        raise SystemExit(f"no .html or .html.gz pages in {corpus}")
    bodies = [gzip.decompress(p.read_bytes()) if p.suffix == ".gz" else p.read_bytes() for p in sources]
    (www / "p").mkdir(parents=True)
    for k in range(pages):
        body = bodies[k % len(bodies)]
        # the page's own links, frames, refreshes and robots directives would change what each crawler fetches
        for pattern, replacement in (
            (_OWN_LINK, rb"\1data-href="),
            (_OWN_FRAME, rb"\1data-src="),
            (_REFRESH, rb"data-x=\1"),
            (_ROBOTS, rb"data-x=\1"),
            (_BASE, rb"<nobase"),
        ):
            body = pattern.sub(replacement, body)
        links = []
        for child in range(k * CHILDREN + 1, min(k * CHILDREN + CHILDREN, pages - 1) + 1):
            links.append(f'<li><a href="{origin}/p/{child}.html">page {child}</a></li>')
            links.append(f'<li><a href="http://elsewhere{child % 13}.web2md-bench.invalid/{child}">away</a></li>')
        tail = (
            f'<ul class="web2md-bench">{"".join(links)}</ul>'
            f'<iframe src="http://widgets{k % 7}.web2md-bench.invalid/w/{k}.html"></iframe>'
        ).encode()
        match = None
        for match in _BODY_END.finditer(body):
            pass
        body = body[: match.start()] + tail + body[match.start() :] if match else body + tail
        (www / "p" / f"{k}.html").write_bytes(body)


class Server:
    """The site on 127.0.0.1:`port`: nginx if installed, else Python's threaded http.server (own process)."""

    def __init__(self, root: Path, port: int) -> None:
        nginx = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
        if nginx:
            (root / "tmp").mkdir(exist_ok=True)
            conf = root / "nginx.conf"
            conf.write_text(NGINX_CONF.format(root=root, port=port))
            self.name = "nginx"
            command = [nginx, "-c", str(conf), "-p", str(root), "-e", str(root / "nginx-error.log")]
        else:
            self.name = "python http.server"
            command = [
                sys.executable,
                "-m",
                "http.server",
                "--bind",
                "127.0.0.1",
                "--directory",
                str(root / "www"),
                str(port),
            ]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit(f"{self.name} did not start on port {port}")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def process_tree(pid: int) -> list[int]:
    """`pid` and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    ppid = int(stat.read().rsplit(b")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def sample(pids: list[int], cpu: dict[int, float]) -> int:
    """Resident bytes of `pids` together; records each one's CPU seconds so far in `cpu`."""
    total = 0
    page, tick = os.sysconf("SC_PAGE_SIZE"), os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm", "rb") as statm:
                total += int(statm.read().split()[1]) * page
            with open(f"/proc/{pid}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            cpu[pid] = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
        except (OSError, IndexError, ValueError):
            pass
    return total


def timed(command: list[str], cwd: Path, env: dict[str, str], log: Path) -> tuple[float, int, float, float, str]:
    """Run `command`: wall seconds, peak RSS bytes of its process tree, CPU seconds of the process and of
    its children (as last sampled), and its stdout."""
    cpu: dict[int, float] = {}
    with log.open("wb") as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=err)
        peak = 0
        while process.poll() is None:
            peak = max(peak, sample(process_tree(process.pid), cpu))
            time.sleep(0.1)
        wall = time.perf_counter() - start
        out = process.stdout.read().decode() if process.stdout else ""
    if process.returncode != 0:
        raise SystemExit(f"{command[:4]} failed ({process.returncode}); see {log}")
    own = cpu.pop(process.pid, 0.0)
    return wall, peak, own, sum(cpu.values()), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--runs", default="bare,site,iframes", help="comma separated: bare, site, iframes, inprocess")
    parser.add_argument(
        "-s",
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a Scrapy setting for the web2md runs (repeatable)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the site, logs and output (path printed)")
    args = parser.parse_args()
    runs = [r.strip() for r in args.runs.split(",") if r.strip()]

    work = Path(tempfile.mkdtemp(prefix="web2md-crawl-bench-"))
    work.chmod(0o755)  # nginx's workers run as another user
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    build_site(work / "www", args.corpus, args.pages, origin)
    (work / "bare.py").write_text(BARE_SPIDER)
    server = Server(work, port)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    start_url = f"{origin}/p/0.html"
    common = [
        "-s",
        f"CONCURRENT_REQUESTS={args.concurrency}",
        "-s",
        f"CONCURRENT_REQUESTS_PER_DOMAIN={args.concurrency}",
        "-s",
        "LOG_LEVEL=INFO",
    ]
    print(
        f"{args.pages} pages from {args.corpus.name}, served by {server.name}; concurrency {args.concurrency}; "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start"
    )
    results: list[tuple[str, float, int, int]] = []  # (run, wall, peak, pages) in the order they ran
    try:
        for run in runs:
            if run == "bare":
                command = [
                    sys.executable,
                    "-m",
                    "scrapy",
                    "runspider",
                    str(work / "bare.py"),
                    "-a",
                    f"url={start_url}",
                    "-s",
                    "TELNETCONSOLE_ENABLED=False",
                    *common,
                ]
                wall, peak, own, children, out = timed(command, work, env, work / "bare.log")
                pages = json.loads(out.strip().splitlines()[-1])["pages"]
            elif run in ("site", "iframes", "inprocess"):
                output = work / f"out-{run}"
                command = [
                    sys.executable,
                    "-m",
                    "scrapy",
                    "crawl",
                    "site",
                    "-a",
                    f"url={start_url}",
                    "-a",
                    "depth=100",
                    "-a",
                    f"max_pages={args.pages * 2}",
                    "-a",
                    f"output={output}",
                    "-a",
                    "dedupe=off",
                    "-s",
                    f"WEB2MD_IFRAMES={run == 'iframes'}",
                    *common,
                ]
                if run == "inprocess":
                    command += ["-s", "WEB2MD_WORKERS=0"]
                for setting in args.set:
                    command += ["-s", setting]
                wall, peak, own, children, _ = timed(command, ROOT, env, work / f"{run}.log")
                pages = sum(1 for _ in output.rglob("*.md"))
            else:
                raise SystemExit(f"unknown run {run!r}")
            results.append((run, wall, peak, pages))
            print(
                f"{run:8} {pages:6d} pages  {wall:7.2f} s  {pages / wall:7.1f} pages/s  "
                f"peak RSS {peak / 2**20:7.1f} MiB  CPU {own:6.1f} s + workers {children:6.1f} s",
                flush=True,
            )
    finally:
        server.stop()
        if args.keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    # Each run against the bare run just before it: on a shared machine the speed of the cores drifts between
    # runs (CPU seconds of the same run vary by a quarter), so repeat the pairs and read the median.
    ratios: dict[str, list[tuple[float, float]]] = {}
    bare = None
    for run, wall, peak, pages in results:
        if run == "bare":
            bare = (wall, peak, pages)
            continue
        if bare is None:
            continue
        if pages != bare[2]:
            print(f"WARNING: {run} exported {pages} pages, bare fetched {bare[2]}")
        ratios.setdefault(run, []).append((wall / bare[0], (peak - bare[1]) / 2**20))
    for run, pairs in ratios.items():
        walls = sorted(wall for wall, _ in pairs)
        print(
            f"{run:8} / bare: wall time {statistics.median(walls):.2f}x (median of {len(walls)}: "
            f"{', '.join(f'{w:.2f}' for w in walls)}), peak RSS {max(rss for _, rss in pairs):+.1f} MiB at most"
        )
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
