"""Start-up time of the command line: ``web2md --help`` and ``web2md fetch`` of a tiny local page.

Each command runs as a new process, several times; the median wall time is
printed, with the median CPU time (user + system, less disturbed by other
processes on a shared machine) and, for comparison, a bare ``python -c pass``::

    python benchmarks/startup.py [--runs 9]

Targets (issue 18): ``web2md --help`` <= 0.3 s, ``web2md fetch`` of a local page <= 0.9 s.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server import TestServer  # noqa: E402

PAGE = "<html><head><title>Tiny</title></head><body><main><h1>Tiny</h1><p>A tiny local page.</p></main></body></html>"


def measure(command: list[str], runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of `command` as a child process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    web2md = [sys.executable, "-m", "web2md.frontends.cli"]
    with TestServer() as server:
        server.route("/robots.txt", "User-agent: *\nAllow: /\n", headers={"Content-Type": "text/plain"})
        server.route("/", PAGE)
        cases = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "web2md --help": [*web2md, "--help"],
            "web2md fetch (local page)": [*web2md, "fetch", server.url("/")],
        }
        print(f"median of {runs} runs      wall s   cpu s")
        for name, command in cases.items():
            wall, cpu = measure(command, runs)
            print(f"{name:26} {wall:7.3f} {cpu:7.3f}")


if __name__ == "__main__":
    main()
