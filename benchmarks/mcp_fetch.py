"""`web2md mcp` web_fetch against the reference MCP fetch server (mcp-server-fetch): latency, tokens, main content.

usage: python3 benchmarks/mcp_fetch.py [--pages N] [--rounds R] [--main-content] [--ignore-robots]
                                      [--reference-without-node] [PAGES_DIR]

Both servers run as stdio subprocesses driven by the same official `mcp`
client, fetching the same real pages (default: a deterministic sample of the
trafilatura-dev corpus) from one local HTTP server, in the same run, calls
interleaved and alternating which server goes first. Both are warmed up first.
Reported per server: median call latency, tokens of the text a model reads
(a whitespace/punctuation tokenizer, ``\\w+|[^\\w\\s]``: tiktoken needs its
encoding files from the network, which this machine does not have), and how
much of each page's annotated main content (``with`` segments) the text keeps
and how much boilerplate (``without`` segments) leaks into it.

mcp-server-fetch simplifies pages with readabilipy, which runs Mozilla's
Readability.js under Node when ``node`` is on PATH (it installs its npm
packages on first use) and otherwise falls back to pure Python;
``--reference-without-node`` hides Node from it to measure the fallback.
Both servers' stderr goes to ``mcp_fetch.log`` in the working directory.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

from tests.server import TestServer  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "trafilatura-dev"
TOKEN = re.compile(r"\w+|[^\w\s]")
MAX_LENGTH = 999_999  # the reference's largest max_length: whole pages from both


def tokens(text: str) -> int:
    return len(TOKEN.findall(text))


def plain(markdown: str) -> str:
    """Markdown reduced to its words, so segments match whichever converter wrote it."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)  # links and images: their text
    text = re.sub(r"\\([\\`*_{}\[\]()#+\-.!|>~<])", r"\1", text)  # Markdown escapes
    text = re.sub(r"(\*\*|__|\*|_|`)", "", text)
    text = re.sub(r"^\s{0,3}(#{1,6}|>|[-+*]|\d+\.)\s+", "", text, flags=re.MULTILINE)
    text = text.replace("|", " ")
    return re.sub(r"\s+", " ", text).strip()


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def load_pages(folder: Path, count: int) -> list[tuple[str, bytes, dict[str, Any]]]:
    annotations = json.loads((folder / "annotations.json").read_text(encoding="utf-8"))
    by_file = {a["file"]: a for a in annotations.values()}
    files = sorted(p for p in (folder / "pages").iterdir() if p.name in by_file)
    step = max(1, len(files) // count)
    chosen = files[::step][:count]
    pages = []
    for path in chosen:
        data = path.read_bytes()
        pages.append(
            (path.name.removesuffix(".gz"), gzip.decompress(data) if path.suffix == ".gz" else data, by_file[path.name])
        )
    return pages


def coverage(text: str, annotation: dict[str, Any]) -> tuple[int, int, int, int]:
    """(with segments found, with segments, without segments found, without segments)."""
    flat = plain(text)
    found = sum(1 for s in annotation["with"] if norm(plain(s)) in flat)
    leaked = sum(1 for s in annotation["without"] if norm(plain(s)) in flat)
    return found, len(annotation["with"]), leaked, len(annotation["without"])


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> tuple[float, str, bool]:
    start = time.perf_counter()
    result = await client.call_tool(tool, arguments)
    elapsed = time.perf_counter() - start
    text = "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")
    return elapsed, text, bool(result.is_error)


async def run(args: argparse.Namespace) -> int:
    pages = load_pages(args.corpus, args.pages)
    web2md_args = ["-m", "web2md.frontends.cli", "mcp", "--allow-private"] + (
        ["--ignore-robots"] if args.ignore_robots else []
    )
    ref_args = ["-m", "mcp_server_fetch", "--allow-private-ips"] + (
        ["--ignore-robots-txt"] if args.ignore_robots else []
    )
    # without Node on PATH readabilipy takes its pure-Python path
    ref_env = {"PATH": os.path.dirname(sys.executable)} if args.reference_without_node else None
    fetch_options = {"main_content": True} if args.main_content else {}
    servers = {
        "web2md": (
            StdioServerParameters(command=sys.executable, args=web2md_args, cwd=str(ROOT)),
            "web_fetch",
            fetch_options,
        ),
        "mcp-server-fetch": (
            StdioServerParameters(command=sys.executable, args=ref_args, cwd=str(ROOT), env=ref_env),
            "fetch",
            {},
        ),
    }
    log = open("mcp_fetch.log", "w", encoding="utf-8")  # noqa: SIM115 - open for the whole run
    with TestServer() as site:
        for name, body, _ in pages:
            site.route(f"/{name}", body, headers={"Content-Type": "text/html"})
        site.route("/warm", "<html><head><title>Warm</title></head><body><main><p>Warm up.</p></main></body></html>")
        async with (
            Client(stdio_client(servers["web2md"][0], errlog=log)) as ours,
            Client(stdio_client(servers["mcp-server-fetch"][0], errlog=log)) as ref,
        ):
            clients = {"web2md": ours, "mcp-server-fetch": ref}
            for name, client in clients.items():  # warm: imports, reactor, first connections
                tool, options = servers[name][1], servers[name][2]
                for _ in range(3):
                    await call(client, tool, {"url": site.url("/warm"), "max_length": MAX_LENGTH, **options})
            times: dict[str, dict[str, list[float]]] = {n: {} for n in clients}
            texts: dict[str, dict[str, str]] = {n: {} for n in clients}
            errors: dict[str, int] = {n: 0 for n in clients}
            order = list(clients)
            for round_ in range(args.rounds):
                for index, (page, _, _) in enumerate(pages):
                    first = order if (index + round_) % 2 == 0 else order[::-1]
                    for name in first:
                        tool, options = servers[name][1], servers[name][2]
                        elapsed, text, failed = await call(
                            clients[name], tool, {"url": site.url(f"/{page}"), "max_length": MAX_LENGTH, **options}
                        )
                        times[name].setdefault(page, []).append(elapsed)
                        if round_ == 0:
                            texts[name][page] = "" if failed else text
                            errors[name] += failed

    log.close()
    print(
        f"{len(pages)} pages from {args.corpus.name}, {args.rounds} rounds, interleaved; "
        f"robots.txt {'ignored' if args.ignore_robots else 'obeyed'} by both; "
        f"web2md web_fetch options: {fetch_options or 'defaults'}; mcp-server-fetch "
        f"{'without Node (pure-Python readabilipy)' if args.reference_without_node else 'with the PATH as is'}"
    )
    ratios = [
        statistics.median(times["web2md"][p]) / statistics.median(times["mcp-server-fetch"][p]) for p, _, _ in pages
    ]
    print(
        f"{'server':18} {'median ms':>10} {'p90 ms':>8} {'tokens':>9} {'main kept':>10} {'boiler leaked':>14} {'errors':>7}"
    )
    for name in clients:
        medians = sorted(statistics.median(v) for v in times[name].values())
        all_calls = sorted(t for v in times[name].values() for t in v)
        token_total = sum(tokens(t) for t in texts[name].values())
        found = total = leaked = total_without = 0
        for page, _, annotation in pages:
            f, t, lk, tw = coverage(texts[name].get(page, ""), annotation)
            found, total, leaked, total_without = found + f, total + t, leaked + lk, total_without + tw
        print(
            f"{name:18} {statistics.median(medians) * 1000:10.1f} "
            f"{all_calls[int(len(all_calls) * 0.9) - 1] * 1000:8.1f} {token_total:9d} "
            f"{found:>4}/{total:<5} {leaked:>6}/{total_without:<7} {errors[name]:7d}"
        )
    ours_tokens = sum(tokens(t) for t in texts["web2md"].values())
    ref_tokens = sum(tokens(t) for t in texts["mcp-server-fetch"].values())
    print(
        f"median per-page latency ratio web2md/mcp-server-fetch: {statistics.median(ratios):.2f} "
        f"(<= 1.0 means web2md is at least as fast)"
    )
    print(f"token ratio web2md/mcp-server-fetch: {ours_tokens / max(1, ref_tokens):.2f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "corpus",
        nargs="?",
        type=Path,
        default=CORPUS,
        help="a folder with pages/*.html.gz and annotations.json (default: trafilatura-dev)",
    )
    parser.add_argument("--pages", type=int, default=30, help="pages to sample (default 30)")
    parser.add_argument("--rounds", type=int, default=3, help="fetches of each page per server (default 3)")
    parser.add_argument("--main-content", action="store_true", help="call web_fetch with main_content=true")
    parser.add_argument("--ignore-robots", action="store_true", help="both servers skip robots.txt")
    parser.add_argument(
        "--reference-without-node",
        action="store_true",
        help="hide node from mcp-server-fetch (its pure-Python readabilipy path)",
    )
    args = parser.parse_args()
    if not (args.corpus / "annotations.json").is_file():
        parser.error(f"no annotations.json in {args.corpus}")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
