"""Peak memory and time of converting hostile pages, next to their body size (issue 19).

usage: python3 benchmarks/hostile.py [--only NAME,...] [--max-memory N] [--fetch]

Each page is generated, then converted in a fresh Python process (parse packing rows + `convert`, what the extraction
pipeline does), so the peak RSS is that page's alone; `--fetch` runs `web2md fetch` against a local server
instead (the whole crawl path, Scrapy included). Target: peak RSS <= 15 x body + 150 MB (the
"target" column), time linear; a page whose estimate passes the memory bound (`max_memory`) is cut there.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MB = 1_000_000


def table_page(size: int) -> bytes:
    row = "<tr>" + "".join(f"<td>cell {i}</td>" for i in range(8)) + "</tr>\n"
    head = "<html><body><h1>A big table</h1><table><tr>" + "<th>col</th>" * 8 + "</tr>\n"
    return (head + row * (size // len(row)) + "</table></body></html>").encode()


def links_page(size: int) -> bytes:
    link = '<a href="/page/{0}">link number {0}</a> '
    parts, total, i = ["<html><body><h1>Links</h1><p>"], 0, 0
    while total < size:
        text = link.format(i)
        parts.append(text)
        total += len(text)
        i += 1
    parts.append("</p></body></html>")
    return "".join(parts).encode()


PAGES = {
    "table-10MB": lambda: table_page(10 * MB),
    "table-30MB": lambda: table_page(30 * MB),
    "links-31MB": lambda: links_page(31 * MB),
}

CHILD = """
import json, sys, time
from web2md.extract.html.parse import DEFAULT_MAX_MEMORY, parse_html
from web2md import convert
def hwm():  # this process's peak RSS in MB (ru_maxrss would include the parent's, kept across exec)
    line = next(l for l in open("/proc/self/status") if l.startswith("VmHWM:"))
    return int(line.split()[1]) / 1000
base = hwm()
body = open(sys.argv[1], "rb").read()
cap = int(sys.argv[2]) if sys.argv[2] else DEFAULT_MAX_MEMORY
start = time.process_time()
page = convert(parse_html(body, max_memory=cap, pack_rows=True), "https://example.test/")
cpu = time.process_time() - start
print(json.dumps({"peak_mb": hwm(), "start_mb": base,
                  "cpu_s": round(cpu, 2), "truncated": bool(getattr(page, "truncated", False)),
                  "markdown_chars": len(page.markdown)}))
"""


def run_core(path: Path, env: dict[str, str], cap: int | None) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), "" if cap is None else str(cap)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_fetch(path: Path, env: dict[str, str], cap: int | None) -> dict:
    body = path.read_bytes()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            data = body if self.path == "/" else b""
            self.send_response(200 if data else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    probe = (
        "import resource, subprocess, sys, time; s = time.time(); "
        "p = subprocess.run([sys.executable, '-m', 'web2md.frontends.cli', 'fetch', *sys.argv[1:]], capture_output=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1000, "
        "resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime, p.returncode, len(p.stdout))"
    )
    try:
        cap_args = [] if cap is None else ["--max-memory", str(cap)]
        done = subprocess.run(
            [sys.executable, "-c", probe, f"http://127.0.0.1:{server.server_port}/", *cap_args],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
    finally:
        server.shutdown()
    peak, cpu, code, out = done.stdout.split()
    return {"peak_mb": float(peak), "cpu_s": round(float(cpu), 2), "exit": int(code), "markdown_chars": int(out)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="comma-separated page names: " + ", ".join(PAGES))
    parser.add_argument(
        "--max-memory", type=int, default=None, help="memory bound in bytes (default: web2md's; 0: none)"
    )
    parser.add_argument("--fetch", action="store_true", help="run `web2md fetch` against a local server")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    names = [n for n in args.only.split(",") if n] or list(PAGES)
    print(
        f"{'page':<12} {'body MB':>8} {'peak MB':>8} {'peak/body':>9} {'target MB':>9} {'cpu s':>7} {'s/MB':>6}  notes"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            path = Path(tmp) / f"{name}.html"
            path.write_bytes(PAGES[name]())
            size = path.stat().st_size / MB
            result = (run_fetch if args.fetch else run_core)(path, env, args.max_memory)
            target = 15 * size + 150
            notes = {k: v for k, v in result.items() if k not in ("peak_mb", "cpu_s")}
            print(
                f"{name:<12} {size:>8.1f} {result['peak_mb']:>8.0f} {result['peak_mb'] / size:>9.1f} "
                f"{target:>9.0f} {result['cpu_s']:>7.2f} {result['cpu_s'] / size:>6.2f}  {notes}",
                flush=True,
            )


if __name__ == "__main__":
    main()
