"""Time and peak memory of converting one big, ordinary page whole: a table of many rows (issue 32).

usage: python3 benchmarks/bigpage.py [--rows N,...] [--max-memory N,...] [--largest] [--trace]

The page is generated, then converted by `web2md.convert` in a fresh Python process per run, so the peak RSS
(``ru_maxrss`` of that child, from ``os.wait4``) is that conversion's alone. Target: whole (not truncated) with peak
RSS <= 15 x the page's size + 150 MB. `--largest` converts the largest such table read whole within the default
memory bound (`DEFAULT_MAX_MEMORY`, estimated by `memory_estimate`). `--trace` prints tracemalloc's figures instead
(in one process; slower, and the lxml tree itself is not Python memory). Figures: benchmarks/bigpage.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MB = 1_000_000


def table_page(rows: int) -> bytes:
    """A page of one table: a heading row and `rows` rows of four cells (about 83 bytes a row)."""
    head = "<html><head><title>Big table</title></head><body><h1>A big table</h1><table>"
    head += "<tr><th>Row</th><th>Name</th><th>Value</th><th>Note</th></tr>\n"
    body = "".join(
        f"<tr><td>{i}</td><td>item {i}</td><td>{i * 7 % 1000}</td><td>note x</td></tr>\n" for i in range(rows)
    )
    return (head + body + "</table><p>The end.</p></body></html>").encode()


CHILD = """
import sys
from web2md import convert
body = open(sys.argv[1], "rb").read()
cap = int(sys.argv[2]) if sys.argv[2] != "default" else None
page = convert(body, "https://example.test/", **({} if cap is None else {"max_memory": cap}))
print(page.markdown.count("\\n"), bool(page.truncated), "The end." in page.markdown)
"""


def run(path: str, cap: str) -> dict:
    start = time.monotonic()
    child = subprocess.Popen([sys.executable, "-c", CHILD, path, cap], stdout=subprocess.PIPE, text=True)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)  # this child's own peak (ru_maxrss, KiB)
    wall = time.monotonic() - start
    if status:
        raise SystemExit(f"the conversion failed: status {status}")
    peak = usage.ru_maxrss
    lines, truncated, end = out.split()
    return {
        "cap": cap,
        "wall_s": round(wall, 1),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),  # what a loaded machine's wall time hides
        "peak_mb": round(peak * 1024 / MB),
        "lines": int(lines),
        "truncated": truncated == "True",
        "whole": end == "True",
    }


def trace(body: bytes) -> None:
    import tracemalloc

    from web2md import convert

    tracemalloc.start(25)
    convert(body, "https://example.test/", max_memory=0)
    snapshot = tracemalloc.take_snapshot()
    print(
        f"traced peak {tracemalloc.get_traced_memory()[1] / MB:.0f} MB (at the end: {sum(s.size for s in snapshot.statistics('filename')) / MB:.0f} MB)"
    )


def largest_rows() -> int:
    """The most rows `table_page` may have and still be read whole within the default memory bound."""
    from web2md.extract.html.parse import DEFAULT_MAX_MEMORY, memory_cut

    low, high = 1, 2_000_000
    while low < high:
        mid = (low + high + 1) // 2
        if memory_cut(table_page(mid), DEFAULT_MAX_MEMORY) is None:
            low = mid
        else:
            high = mid - 1
    return low


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="300000", help="row counts to run, comma-separated")
    parser.add_argument("--max-memory", default="default,0", help="bounds to run, comma-separated ('default', 0: none)")
    parser.add_argument("--largest", action="store_true", help="run the largest page read whole within the default")
    parser.add_argument("--trace", action="store_true")
    args = parser.parse_args()
    counts = [largest_rows()] if args.largest else [int(n) for n in args.rows.split(",")]
    for rows in counts:
        body = table_page(rows)
        size = len(body)
        print(f"{rows} rows, {size / MB:.1f} MB; target peak {15 * size / MB + 150:.0f} MB")
        if args.trace:
            trace(body)
            continue
        with tempfile.NamedTemporaryFile(suffix=".html") as f:
            f.write(body)
            f.flush()
            for cap in args.max_memory.split(","):
                print(run(f.name, cap), flush=True)


if __name__ == "__main__":
    main()
