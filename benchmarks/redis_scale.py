"""What a distributed crawl (``-s WEB2MD_REDIS_URL``) costs Redis: pages/s per process, Redis commands per page, memory.

usage: python3 benchmarks/redis_scale.py [--pages 1000] [--processes 0,1,2] [--monitor] [--fingerprints 100000]

Starts a redis-server of its own (``--save '' --appendonly no``) and the site of
benchmarks/crawl.py (PAGES corpus pages in a link tree, nginx when installed).
For each process count, crawls the site with that many ``scrapy crawl site``
(0: one process without Redis, for comparison)
processes sharing one Redis (Redis emptied and its command statistics reset
before each), and reports pages/s per process (pages it fetched over its own
``elapsed_time_seconds``), and per fetched page all commands Redis ran
(``INFO commandstats``, the commands inside scripts included) and the CPU time
of the redis-server process (``INFO cpu``); with ``--monitor``, instead of the
CPU time (a monitor costs Redis much of it), the commands the processes sent,
each a round trip (``MONITOR`` lines not run by a script). Then measures memory: FINGERPRINTS request
fingerprints (Scrapy's fingerprinter, 20 bytes) added to a set as the
duplicate filter adds them, and as many planned-page entries and queued
requests as the `site` spider makes, each as ``MEMORY USAGE`` of its key, and
half as many pages in the near-duplicate index (Redis's ``used_memory`` grown),
extrapolated linearly to a million.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import os
import pickle
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis
from scrapy import Request
from scrapy.utils.request import RequestFingerprinter

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crawl import DEFAULT_CORPUS, ROOT, Server, build_site, free_port  # noqa: E402

from web2md.distributed.scheduler import ENQUEUE, SharedFingerprintIndex, connect_async  # noqa: E402


def start_redis(work: Path) -> tuple[subprocess.Popen, redis.Redis, str]:
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(work)],
        stdout=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    for _ in range(100):
        try:
            client.ping()
            return process, client, url
        except redis.ConnectionError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


def stats_of(log: Path) -> dict[str, object]:
    """The stats dict Scrapy dumps at the end of a crawl log."""
    text = log.read_text(encoding="utf-8", errors="replace")
    start = text.rfind("Dumping Scrapy stats:")
    body = text[text.index("{", start) : text.index("}", start) + 1]
    body = body.replace("datetime.datetime", "").replace("tzinfo=datetime.timezone.utc", "")
    stats = {}
    for line in body.strip("{}").splitlines():
        key, sep, value = line.strip().rstrip(",").partition(": ")
        if sep:
            try:
                stats[ast.literal_eval(key)] = ast.literal_eval(value)
            except (ValueError, SyntaxError):
                pass
    return stats


def crawl(work: Path, url: str, start_url: str, processes: int, pages: int, env: dict[str, str]) -> list[dict]:
    runs = []
    for n in range(max(processes, 1)):
        log = work / f"crawl-{processes}-{n}.log"
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
            f"max_pages={pages * 2}",
            "-a",
            f"output={work / f'out-{processes}-{n}'}",
            "-s",
            f"WEB2MD_REDIS_URL={url if processes else ''}",
            "-s",
            "WEB2MD_IFRAMES=False",
            "-s",
            "LOG_LEVEL=INFO",
        ]
        runs.append(
            (subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(log, "w")), log)
        )
    for process, log in runs:
        if process.wait() != 0:
            raise SystemExit(f"crawl failed, see {log}")
    return [stats_of(log) for _process, log in runs]


async def fill_index(url: str, pages: int) -> None:
    """Claim `pages` random fingerprints in a near-duplicate index as a crawl's pipeline does (awaited)."""
    index = SharedFingerprintIndex(connect_async(url), "near", 3)
    rng = random.Random(1)
    for i in range(pages):
        await index.claim(rng.getrandbits(64), f"https://www.example.com/section-{i % 97}/article-{i}.html")
    await index.close()


def memory(client: redis.Redis, url: str, count: int) -> None:
    client.flushall()
    fingerprinter = RequestFingerprinter()
    pipe = client.pipeline(transaction=False)
    requests = [Request(f"https://www.example.com/section-{i % 97}/article-{i}.html") for i in range(count)]
    for i, request in enumerate(requests):
        pipe.sadd("seen", fingerprinter.fingerprint(request))
        pipe.hset(
            "planned",
            f"https://www.example.com/section-{i % 97}/article-{i}.html",
            f'[3, "https://www.example.com/section-{i % 97}/article-{i}.html"]',
        )
        if i % 1000 == 999:
            pipe.execute()
    pipe.execute()
    enqueue = client.register_script(ENQUEUE)
    queued = min(count, 20000)
    meta = {"depth": 3, "download_slot": "www.example.com"}
    for request in requests[:queued]:
        data = pickle.dumps(request.replace(meta=meta, callback=None).to_dict(), protocol=4)
        enqueue(keys=["seen", "queue", "sequence"], args=[b"", -3, data])
    sizes = {
        key: (n, client.memory_usage(key, samples=0))
        for key, n in (("seen", count), ("planned", count), ("queue", queued))
    }
    # the near-duplicate index: one entry per written page in each of its 4 band lists (distance 3), many keys
    before = client.info("memory")["used_memory"]
    pages = count // 2
    asyncio.run(fill_index(url, pages))
    sizes["near"] = (pages, client.info("memory")["used_memory"] - before)
    for key, (n, used) in sizes.items():
        print(
            f"{key:8} {n:7d} entries: {used / 2**20:7.1f} MiB, {used / n:6.1f} bytes each, "
            f"{used / n * 1_000_000 / 2**20:7.1f} MiB per million (extrapolated)"
        )
    client.flushall()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--processes", default="0,1,2")
    parser.add_argument("--monitor", action="store_true", help="count the commands sent (MONITOR), not Redis's CPU")
    parser.add_argument("--fingerprints", type=int, default=100_000)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="web2md-redis-bench-"))
    work.chmod(0o755)  # nginx's workers run as another user
    redis_process, client, url = start_redis(work)
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    build_site(work / "www", args.corpus, args.pages, origin)
    server = Server(work, port)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    print(
        f"{args.pages} pages from {args.corpus.parent.name}, served by {server.name}; redis-server "
        f"{client.info('server')['redis_version']}; {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.2f} at start"
    )
    try:
        for processes in (int(p) for p in args.processes.split(",")):
            client.flushall()
            client.config_resetstat()
            if args.monitor:
                monitor_log = work / f"monitor-{processes}.txt"
                monitor = subprocess.Popen(["redis-cli", "-u", url, "monitor"], stdout=open(monitor_log, "w"))
                time.sleep(0.5)
            cpu = client.info("cpu")
            results = crawl(work, url, f"{origin}/p/0.html", processes, args.pages, env)
            if args.monitor:
                monitor.terminate()
                monitor.wait(10)
                lines = monitor_log.read_text(errors="replace").splitlines()[1:]  # after its "OK"
                sent = sum(1 for line in lines if " lua]" not in line)
            commands = client.info("commandstats")
            fetched = sum(int(r.get("downloader/response_count", 0)) for r in results)
            label = f"{processes} processes" if processes else "no Redis"
            for n, result in enumerate(results):
                got = int(result.get("downloader/response_count", 0))
                print(
                    f"{label}, #{n}: fetched {got} pages, wrote {result.get('item_scraped_count', 0)}, "
                    f"{got / result['elapsed_time_seconds']:.1f} pages/s"
                )
            if not processes:
                continue
            after = client.info("cpu")
            busy = sum(after[k] - cpu[k] for k in ("used_cpu_sys", "used_cpu_user")) * 1e6
            total = sum(stat["calls"] for stat in commands.values()) - commands.get("cmdstat_monitor", {}).get(
                "calls", 0
            )
            detail = ", ".join(
                f"{name.removeprefix('cmdstat_')} {stat['calls'] / fetched:.2f}"
                for name, stat in sorted(commands.items(), key=lambda kv: -kv[1]["calls"])
                if stat["calls"] / fetched >= 0.05 and name != "cmdstat_monitor"
            )
            cost = (
                f"{sent / fetched:.1f} commands sent"
                if args.monitor
                else f"{busy / fetched:.0f} µs of redis-server CPU"
            )
            print(f"{label}: {total / fetched:.1f} commands run by Redis and {cost} per fetched page ({detail})")
        memory(client, url, args.fingerprints)
    finally:
        server.stop()
        redis_process.terminate()
        redis_process.wait(10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
