"""Extraction accuracy and Markdown fidelity of web2md against its peers, on the shared corpora.

usage: python3 benchmarks/quality.py [--corpora DIR] [--peers trafilatura,html2text,...]

Runs the corpus scorers shipped beside the corpora (`shared/tools/segments.py`
for main-text precision/recall on trafilatura-dev, `shared/tools/mdfidelity.py`
for Markdown block fidelity on mdfidelity-dev) with web2md and the peers in one
process, and prints their tables. Skips with a message when the corpora are absent.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT = HERE.parents[1] / "shared"


def web2md_text(body: bytes) -> str:
    """Plain text of the main content (the segment scorer's input)."""
    from web2md import convert

    return convert(body).text


def web2md_markdown(html: str, url: str) -> str:
    """Markdown of the main content (the fidelity scorer's input)."""
    from web2md import convert

    return convert(html, url=url).markdown


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=DEFAULT, help="folder holding corpora/ and tools/")
    ap.add_argument("--peers", default="trafilatura,readability_lxml,html2text",
                    help="peers for the segment scorer (built-in names of segments.py)")
    ap.add_argument("--md-peers", default="trafilatura,html2text,markdownify",
                    help="peers for the Markdown fidelity scorer (built-in names of mdfidelity.py)")
    args = ap.parse_args()
    tools = args.shared / "tools"
    corpora = args.shared / "corpora"
    if not (tools / "segments.py").exists() or not corpora.is_dir():
        print(f"corpora or scoring tools not found under {args.shared}: nothing to measure", file=sys.stderr)
        return 0
    env_path = os.pathsep.join([str(HERE), str(HERE.parent)])  # this checkout, whatever is installed

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [env_path, os.environ.get("PYTHONPATH")])))
    status = 0
    seg = corpora / "trafilatura-dev"
    if seg.is_dir():
        print(f"== main text: {seg.name} (precision / recall / F1 of annotated segments)", flush=True)
        peers = [p for p in args.peers.split(",") if p]
        cmd = [sys.executable, str(tools / "segments.py"), str(seg / "annotations.json"), str(seg / "pages"), "--",
               "web2md=quality:web2md_text", *peers]
        status |= subprocess.call(cmd, env=env)
    md = corpora / "mdfidelity-dev"
    if md.is_dir():
        print(f"\n== Markdown fidelity: {md.name} (block F1 by type, boilerplate leaks)", flush=True)
        peers = [p for p in args.md_peers.split(",") if p]
        cmd = [sys.executable, str(tools / "mdfidelity.py"), "score", str(md), "web2md=quality:web2md_markdown", *peers]
        status |= subprocess.call(cmd, env=env)
    return status


if __name__ == "__main__":
    sys.exit(main())
