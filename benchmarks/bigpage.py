"""Time and peak memory of converting one big, ordinary page whole: a table of many rows (issue 32).

usage: python3 benchmarks/bigpage.py [--rows N] [--max-elements N,...] [--trace]

The page is generated, then converted by `web2md.convert` in a fresh Python process per run, so the peak RSS
(``ru_maxrss`` of that child, from ``os.wait4``) is that conversion's alone. Target: whole (not truncated) with peak
RSS <= 15 x the page's size + 150 MB. `--trace` prints tracemalloc's largest allocation sites at the peak
instead (in one process; slower, and the lxml tree itself is not Python memory).
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
page = convert(body, "https://example.test/", **({} if cap is None else {"max_elements": cap}))
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
        "peak_mb": round(peak * 1024 / MB),
        "lines": int(lines),
        "truncated": truncated == "True",
        "whole": end == "True",
    }


def trace(body: bytes) -> None:
    import tracemalloc

    from web2md import convert

    tracemalloc.start(25)
    convert(body, "https://example.test/", max_elements=0)
    snapshot = tracemalloc.take_snapshot()
    print(
        f"traced peak {tracemalloc.get_traced_memory()[1] / MB:.0f} MB (at the end: {sum(s.size for s in snapshot.statistics('filename')) / MB:.0f} MB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=300_000)
    parser.add_argument("--max-elements", default="default,0", help="caps to run, comma-separated ('default', 0: none)")
    parser.add_argument("--trace", action="store_true")
    args = parser.parse_args()
    body = table_page(args.rows)
    size = len(body)
    print(f"{args.rows} rows, {size / MB:.1f} MB; target peak {15 * size / MB + 150:.0f} MB")
    if args.trace:
        trace(body)
        return
    with tempfile.NamedTemporaryFile(suffix=".html") as f:
        f.write(body)
        f.flush()
        for cap in args.max_elements.split(","):
            print(run(f.name, cap), flush=True)


if __name__ == "__main__":
    main()
