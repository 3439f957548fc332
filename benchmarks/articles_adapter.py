"""web2md as an article extractor for `shared/tools/articles.py`, and per-fold metadata counts on readability-dev.

usage: python3 benchmarks/articles_adapter.py [--shared DIR] [--misses FIELD]

The scorer takes ``NAME=articles_adapter:article`` (with ``benchmarks/`` on PYTHONPATH). Run as a script,
this prints how many titles, authors, site names and dates match per fold of `corpora/folds.json`, with the
scorer's own matching rule, and with ``--misses`` the pages that miss one field.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT = HERE.parents[1] / "shared"


def article(html: str, url: str, **options: object) -> dict:
    """The article text and metadata in the scorer's fields (`options` as `convert` takes them)."""
    from web2md import convert

    page = convert(html, url=url, **options)
    return {
        "text": page.text,
        "title": page.title,
        "author": page.author,
        "site_name": page.site_name,
        "date": page.published_date,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=DEFAULT, help="folder holding corpora/ and tools/")
    ap.add_argument("--misses", default="", help="print the pages that miss this field (title, author, ...)")
    args = ap.parse_args()
    corpus = args.shared / "corpora" / "readability-dev"
    if not corpus.is_dir():
        print(f"{corpus} not found: nothing to measure", file=sys.stderr)
        return 0
    spec = importlib.util.spec_from_file_location("articles", args.shared / "tools" / "articles.py")
    scorer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scorer)
    folds = json.loads((args.shared / "corpora" / "folds.json").read_text())["readability-dev"]
    expected = json.loads((corpus / "metadata.json").read_text())
    hits: Counter = Counter()
    seen: Counter = Counter()
    for page in sorted((corpus / "pages").glob("*.html")):
        out = article(page.read_text(encoding="utf8", errors="replace"), scorer.URL)
        site = page.stem.rstrip("0123456789").rstrip("-") if page.stem[-1:].isdigit() else page.stem
        fold = folds.get(page.stem, folds.get(site))
        for ours, theirs in scorer.FIELDS.items():
            want = scorer.fold(expected.get(page.stem, {}).get(theirs), ours)
            if not want:
                continue
            got = scorer.fold(out.get(ours), ours)
            seen[ours, fold] += 1
            hits[ours, fold] += got == want
            if ours == args.misses and got != want:
                print(f"{page.stem:<32} fold {fold}  want {want!r}\n{'':<40}got  {got!r}")
    for ours in scorer.FIELDS:
        total = sum(hits[ours, f] for f in range(5)), sum(seen[ours, f] for f in range(5))
        per = "  ".join(f"f{f} {hits[ours, f]}/{seen[ours, f]}" for f in range(5))
        print(f"{ours:<10} {total[0]}/{total[1]}   {per}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
