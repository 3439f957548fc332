"""The annotated segments web2md leaks (boilerplate kept) or misses (content dropped) on trafilatura-dev,
each with the path of the element that holds it, for working on the main-content heuristics.

usage: python3 benchmarks/segment_errors.py [leaks|misses] [--shared DIR] [--limit N] [--rules]

--rules    after each segment, the catalogue rules (`web2md/extract/maincontent/rules.py`) that flip it when switched
           off alone: for a miss, the rules whose verdict dropped it; for a leak, the rules whose verdict let it in
           (empty: no one rule decided it: the region's choice, or several rules together). One conversion per rule
           per page with errors: a few minutes.

Reads `shared/corpora/trafilatura-dev` (skips with a message when absent); the
counts at the end are the segment scorer's (whitespace-normalised substrings of
`convert(page).text`). Development data: never special-case what it shows.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout, whatever is installed
DEFAULT = Path(__file__).resolve().parents[2] / "shared"


def normalise(text: str) -> str:
    return " ".join(text.split())


def describe(el) -> str:
    ident = f"#{el.get('id')[:25]}" if el.get("id") else ""
    classes = "." + ".".join((el.get("class") or "").split()[:3]) if el.get("class") else ""
    return f"{el.tag}{ident}{classes[:40]}"


def where(root, segment: str) -> str:
    """The innermost element whose text holds the segment's opening words, with five ancestors."""
    key = normalise(segment)[:20]
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if key in normalise(el.text or "") or key in normalise(el.tail or ""):
            holder = el if key in normalise(el.text or "") else el.getparent()
            chain = [holder, *list(holder.iterancestors())[:5]] if holder is not None else []
            return " < ".join(describe(node) for node in chain)
    return "? (split across elements, or only in a script)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", nargs="?", choices=("leaks", "misses"), default="leaks")
    ap.add_argument("--shared", type=Path, default=DEFAULT, help="folder holding corpora/")
    ap.add_argument("--limit", type=int, default=0, help="stop after this many pages with errors")
    ap.add_argument("--rules", action="store_true", help="name the rules that flip each segment when switched off")
    args = ap.parse_args()
    corpus = args.shared / "corpora" / "trafilatura-dev"
    if not (corpus / "annotations.json").exists():
        print(f"{corpus} not found: nothing to list", file=sys.stderr)
        return 0
    from web2md import convert
    from web2md.extract.html.parse import parse_html
    from web2md.extract.maincontent.rules import RULES

    annotations = json.loads((corpus / "annotations.json").read_text())
    counts = {"leaks": 0, "misses": 0}
    shown = 0
    for url, item in sorted(annotations.items()):
        body = gzip.decompress((corpus / "pages" / item["file"]).read_bytes())
        text = normalise(convert(body, url=url).text)
        errors = {
            "leaks": [s for s in item["without"] if normalise(s) in text],
            "misses": [s for s in item["with"] if normalise(s) not in text],
        }
        counts["leaks"] += len(errors["leaks"])
        counts["misses"] += len(errors["misses"])
        if not errors[args.kind] or args.limit and shown >= args.limit:
            continue
        shown += 1
        root = parse_html(body)
        flips: dict[str, list[str]] = {segment: [] for segment in errors[args.kind]}
        for rule in RULES if args.rules else ():
            without = normalise(convert(body, url=url, disable_rules=(rule.name,)).text)
            for segment in flips:
                if (normalise(segment) in without) == (args.kind == "misses"):
                    flips[segment].append(rule.name)
        print(f"== {item['file']}")
        for segment in errors[args.kind]:
            decided = f" | rules: {', '.join(flips[segment]) or '-'}" if args.rules else ""
            print(f"   {normalise(segment)[:70]!r} | {where(root, segment)}{decided}")
    print(
        f"\n{counts['leaks']} boilerplate segments leaked, {counts['misses']} content segments missed "
        f"({len(annotations)} pages)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
