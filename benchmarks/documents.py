"""PDF to Markdown fidelity and speed: each mdfidelity-dev page printed to PDF by Chromium, read by web2md and markitdown.

usage: python3 benchmarks/documents.py [--shared DIR] [--cache DIR] [--limit N] [--libraries]

Each page of `shared/corpora/mdfidelity-dev/pages` is served by a local HTTP server and printed with the system
Chromium (``chromium-headless-shell`` or ``chromium``: ``--headless --print-to-pdf --no-pdf-header-footer``) as
``http://docs.example.test/NNNN`` (Chromium maps that host to the local server), and links read back with that
prefix are compared as ``https://docs.example.test/``, the address the scorer resolves the truth's links against. The PDFs are cached under
``--cache`` (default: ``$XDG_CACHE_HOME/web2md-bench/documents``), never in the repository.
web2md reads each PDF with `web2md.extract.documents.read_document` (the core, no crawl); markitdown, when
``/work/venv-markitdown/bin/markitdown`` (or ``--markitdown PATH``) exists, reads the same PDFs in one subprocess
(its own virtualenv: it is no dependency of the project). `shared/tools/mdfidelity.py` scores both against the
truth: micro F1 overall and per block type (headings, code, tables, list items, paragraphs). Pages/s is the
conversion alone, without start-up. ``--libraries`` also times the two PDF libraries weighed for the reader
(pypdfium2, pdfminer.six) at reading the text of every PDF, and counts the characters each recovers.
The printed PDFs hold the page's navigation, sidebar and footer too: a document is all content, so both readers
keep them and lose the same paragraph precision.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KINDS = ("heading", "fence", "table", "item", "para")
HOST = "docs.example.test"


def chromium() -> str | None:
    return shutil.which("chromium-headless-shell") or shutil.which("chromium") or shutil.which("chromium-browser")


class PageHandler(http.server.SimpleHTTPRequestHandler):
    """``/NNNN`` answers with ``pages/NNNN.html``; anything else (stylesheets, images) is a 404."""

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        name = self.path.strip("/").split("?")[0]
        page = Path(self.directory) / f"{name}.html"
        if not name.isdigit() or not page.is_file():
            self.send_error(404)
            return
        body = page.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def print_pdfs(pages: list[Path], cache: Path, browser: str) -> list[Path]:
    """The PDF of each page, printed once into `cache`."""
    cache.mkdir(parents=True, exist_ok=True)
    missing = [p for p in pages if not (cache / f"{p.stem}.pdf").is_file()]
    if missing:
        handler = functools.partial(PageHandler, directory=str(pages[0].parent))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.server_address[1]
        print(f"printing {len(missing)} pages to PDF with {browser} into {cache}", file=sys.stderr)
        with tempfile.TemporaryDirectory() as profile:
            for page in missing:
                target = cache / f"{page.stem}.pdf"
                subprocess.run(
                    [
                        browser,
                        "--headless",
                        "--no-sandbox",
                        f"--user-data-dir={profile}",
                        f"--host-resolver-rules=MAP {HOST} 127.0.0.1:{port}",
                        "--ignore-certificate-errors",
                        f"--print-to-pdf={target}.part",
                        "--no-pdf-header-footer",
                        f"http://{HOST}/{page.stem}",
                    ],
                    check=True,
                    capture_output=True,
                    timeout=120,
                )
                os.replace(f"{target}.part", target)
        server.shutdown()
    return [cache / f"{p.stem}.pdf" for p in pages]


if __name__ == "__main__" and "--print-only" in sys.argv:
    corpus = ROOT.parent / "shared" / "corpora" / "mdfidelity-dev"
    if not corpus.is_dir():
        corpus = Path("/work/shared/corpora/mdfidelity-dev")
    print_pdfs(sorted((corpus / "pages").glob("*.html")), Path(sys.argv[-1]), chromium() or "chromium")
