"""PDF to Markdown fidelity and speed: each mdfidelity-dev page printed to PDF by Chromium, read by web2md and markitdown.

usage: python3 benchmarks/documents.py [--shared DIR] [--cache DIR] [--limit N] [--libraries]

Each page of `shared/corpora/mdfidelity-dev/pages` is served by a local HTTP server and printed with the system
Chromium (``chromium-headless-shell`` or ``chromium``: ``--headless --print-to-pdf --no-pdf-header-footer``) as
``http://docs.example.test/NNNN`` (Chromium maps that host to the local server), and links read back with that
prefix are compared as ``https://docs.example.test/``, the address the scorer resolves the truth's links against.
The PDFs are cached under ``--cache`` (default: ``$XDG_CACHE_HOME/web2md-bench/documents``; never in the
repository), in a folder per browser and set of installed fonts. Chromium needs fonts for the corpus's scripts
(Debian: ``fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji``): without them it prints CJK, Devanagari and
emoji as empty boxes, whose text no reader gets back (a warning says so).
web2md reads each PDF with `web2md.extract.documents.read_document` (the core, no crawl); markitdown, when
``/work/venv-markitdown/bin/python`` (or ``--markitdown PATH``) exists, reads the same PDFs in one subprocess
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
import hashlib
import http.server
import importlib.metadata
import json
import logging
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

KINDS = ("heading", "code", "table", "item", "para", "quote")
HOST = "docs.example.test"


def font_list() -> str:
    """The installed fonts as fontconfig lists them (sorted), or "" without fontconfig."""
    if shutil.which("fc-list") is None:
        return ""
    done = subprocess.run(["fc-list", "--format", "%{family}\\n"], capture_output=True, text=True, check=False)
    return "\n".join(sorted(set(done.stdout.splitlines())))


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


def web2md_markdown(pdfs: list[Path]) -> tuple[dict[str, str], float]:
    """web2md's Markdown of each PDF (the core, in this process) and the seconds it took."""
    from web2md.extract.documents.reader import PDF, DocumentError, read_document

    out: dict[str, str] = {}
    start = time.perf_counter()
    for pdf in pdfs:
        try:
            out[pdf.stem] = read_document(pdf.read_bytes(), PDF, f"http://{HOST}/{pdf.stem}").markdown
        except DocumentError as exc:
            print(f"web2md: {pdf.name}: {exc}", file=sys.stderr)
            out[pdf.stem] = ""
    return out, time.perf_counter() - start


MARKITDOWN_RUN = """
import json, sys, time
from markitdown import MarkItDown
md = MarkItDown()
out = {}
start = time.perf_counter()
for path in sys.argv[1:]:
    try:
        out[path] = md.convert(path).text_content
    except Exception as exc:
        out[path] = ""
print(json.dumps({"seconds": time.perf_counter() - start, "markdown": out}))
"""


def markitdown_markdown(pdfs: list[Path], python: Path) -> tuple[dict[str, str], float] | None:
    """markitdown's Markdown of each PDF, run by the Python of its own virtualenv; None when it is absent."""
    if not python.is_file():
        print(
            f"markitdown skipped: {python} not found (python3 -m venv /work/venv-markitdown && "
            "/work/venv-markitdown/bin/pip install 'markitdown[pdf]')",
            file=sys.stderr,
        )
        return None
    done = subprocess.run(
        [str(python), "-c", MARKITDOWN_RUN, *map(str, pdfs)], check=True, capture_output=True, text=True
    )
    data = json.loads(done.stdout)
    return {Path(k).stem: v for k, v in data["markdown"].items()}, data["seconds"]


def score(mdf, corpus: Path, outputs: dict[str, str]) -> dict[str, float]:
    """Micro F1 overall and per block type of `outputs` against the truth, as `mdfidelity.py score` counts."""
    totals = {kind: [0, 0, 0] for kind in (*KINDS, "overall")}
    for stem, markdown in outputs.items():
        base = mdf.page_url(stem)
        # the pages were printed from http://docs.example.test/: their links compare as the truth's https ones
        markdown = markdown.replace(f"http://{HOST}/", f"https://{HOST}/")
        truth = mdf.blocks((corpus / "truth" / f"{stem}.md").read_text(), base)
        pred = mdf.blocks(markdown, base)
        for kind in KINDS:
            tp, n_pred, n_truth = mdf.prf([b for b in truth if b[0] == kind], [b for b in pred if b[0] == kind])
            for i, value in enumerate((tp, n_pred, n_truth)):
                totals[kind][i] += value
                totals["overall"][i] += value
    return {kind: f1(*counts) for kind, counts in totals.items()}


def f1(tp: float, n_pred: float, n_truth: float) -> float:
    if not tp:
        return 0.0
    precision, recall = tp / n_pred, tp / n_truth
    return 2 * precision * recall / (precision + recall)


def libraries(pdfs: list[Path]) -> None:
    """Seconds and characters of text each candidate library reads from the PDFs (`--libraries`)."""
    import pypdfium2

    start = time.perf_counter()
    chars = 0
    for pdf in pdfs:
        document = pypdfium2.PdfDocument(pdf.read_bytes())
        for page in document:
            text = page.get_textpage().get_text_range()
            chars += sum(not c.isspace() for c in text)
        document.close()
    print(
        f"pypdfium2 {importlib.metadata.version('pypdfium2')}: {time.perf_counter() - start:.1f} s, {chars} characters"
    )
    logging.getLogger("pdfminer").setLevel(logging.ERROR)  # a warning a glyph on Chromium's fonts
    try:
        from pdfminer.high_level import extract_text
    except ImportError:
        print("pdfminer.six not installed: skipped")
        return
    start = time.perf_counter()
    chars = unread = 0
    for pdf in pdfs:
        text = extract_text(str(pdf))
        unread += text.count("(cid:")
        chars += sum(not c.isspace() for c in text) - 7 * text.count("(cid:")
    print(f"pdfminer.six: {time.perf_counter() - start:.1f} s, {chars} characters, {unread} glyphs unread ((cid:N))")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "web2md-bench" / "documents"
    ap.add_argument("--cache", type=Path, default=cache)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--markitdown", type=Path, default=Path("/work/venv-markitdown/bin/python"))
    ap.add_argument("--libraries", action="store_true")
    args = ap.parse_args()
    shared = args.shared if (args.shared / "corpora").is_dir() else Path("/work/shared")
    corpus = shared / "corpora" / "mdfidelity-dev"
    sys.path.insert(0, str(shared / "tools"))
    import mdfidelity

    browser = chromium()
    if browser is None:
        print("no chromium-headless-shell or chromium on PATH: cannot print the pages", file=sys.stderr)
        return 1
    pages = sorted((corpus / "pages").glob("*.html"))
    if args.limit:
        pages = pages[: args.limit]
    fonts = font_list()
    if "CJK" not in fonts:
        print(
            "warning: no CJK font installed: Chromium prints those pages' characters as empty boxes "
            "(Debian: apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)",
            file=sys.stderr,
        )
    # PDFs printed with other fonts are other PDFs: each set of installed fonts has its own cache folder
    cache = args.cache / hashlib.sha256(f"{browser}\n{fonts}".encode()).hexdigest()[:12]
    pdfs = print_pdfs(pages, cache, browser)
    if args.libraries:
        libraries(pdfs)
    rows = [("web2md", *web2md_markdown(pdfs))]
    peer = markitdown_markdown(pdfs, args.markitdown)
    if peer is not None:
        rows.append(("markitdown", *peer))
    print(f"{len(pdfs)} mdfidelity-dev pages printed to PDF by {Path(browser).name}")
    print(f"{'tool':<12}{'overall':>8}{'heading':>8}{'code':>8}{'table':>8}{'item':>8}{'para':>8}{'pages/s':>9}")
    for name, outputs, seconds in rows:
        figures = score(mdfidelity, corpus, outputs)
        print(
            f"{name:<12}{figures['overall']:>8.3f}{figures['heading']:>8.3f}{figures['code']:>8.3f}"
            f"{figures['table']:>8.3f}{figures['item']:>8.3f}{figures['para']:>8.3f}{len(pdfs) / seconds:>9.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
