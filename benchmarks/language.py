"""Language detection from text alone, measured on labelled real pages.

Every page's declarations (``<html lang>``/``xml:lang``, og:locale, the
content-language and language metas, JSON-LD ``inLanguage``) are removed first,
the page is converted with :func:`web2md.convert`, and ``page.language`` (now
necessarily from the built-in detector) is compared with the label; the
detector's answer on ``page.text`` alone is reported too::

    python benchmarks/language.py [../shared/corpora/trafilatura-dev] [-v]

Prints the share of pages whose language is found correctly (target: >= 97%),
the pages left undecided, and the confusions.

With ``--metadata-cost`` it instead measures what metadata extraction (every
page field (docs/design.md#page-fields), language detection and the fingerprint: `metadata.fill`) adds to
`convert` on the corpus pages (target: at most 20%)::

    python benchmarks/language.py --metadata-cost [--limit 200]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

# measure the checkout this file is in, not whatever web2md happens to be installed
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from web2md import convert  # noqa: E402
from web2md.extract.html.elements import DocumentElements  # noqa: E402
from web2md.extract.html.parse import parse_html  # noqa: E402
from web2md.extract.html.urls import base_url  # noqa: E402
from web2md.extract.meta import metadata  # noqa: E402
from web2md.extract.meta.language import detect_language, to_iso639_3  # noqa: E402

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "trafilatura-dev"
_IN_LANGUAGE = re.compile(r'"inLanguage"\s*:\s*(?:"[^"]*"|\[[^\]]*\]|\{[^}]*\})\s*,?')
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def strip_declarations(html: bytes):
    """Parse `html` and remove every language declaration the metadata code would read."""
    root = parse_html(html)
    for el in root.iter("html"):
        for attr in ("lang", "xml:lang", _XML_LANG):
            el.attrib.pop(attr, None)
    for meta in list(root.iter("meta")):
        prop = (meta.get("property") or meta.get("name") or "").lower()
        equiv = (meta.get("http-equiv") or "").lower()
        if (
            prop.startswith("og:locale")
            or equiv == "content-language"
            or prop in ("language", "dc.language", "dcterms.language", "content-language")
        ):
            meta.getparent().remove(meta)
    for script in root.iter("script"):
        if "ld+json" in (script.get("type") or "").lower() and script.text:
            script.text = _IN_LANGUAGE.sub("", script.text)
    return root


def _fastest(fn, *args, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - started)
    return best


def metadata_cost(corpus: Path, limit: int) -> int:
    """Time `convert` without metadata and `metadata.fill` alone, page by page (fastest of 5 runs each)."""
    files = sorted((corpus / "pages").glob("*.html.gz"))[:limit]
    real_fill = metadata.fill
    base = fill = 0.0
    for path in files:
        body = gzip.decompress(path.read_bytes())
        metadata.fill = lambda *args: None
        try:
            base += _fastest(convert, body, "https://example.org/")
        finally:
            metadata.fill = real_fill
        root = parse_html(body)
        page = convert(root, "https://example.org/")
        # as convert calls it: with the element lists and the JSON-LD that convert has read for other fields too
        elements = DocumentElements(root)
        data = metadata.json_ld_of(elements.scripts)
        fill += _fastest(real_fill, page, root, base_url(elements.bases, "https://example.org/"), data, elements)
    n = len(files)
    print(f"pages: {n}")
    print(f"convert without metadata: {base * 1000 / n:.2f} ms/page")
    print(f"metadata.fill: {fill * 1000 / n:.2f} ms/page = {fill / base:.1%} of convert (target <= 20%)")
    return 0 if fill / base <= 0.20 else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("-v", "--verbose", action="store_true", help="list every wrong or undecided page")
    parser.add_argument("--metadata-cost", action="store_true", help="measure metadata extraction time instead")
    parser.add_argument("--limit", type=int, default=200, help="pages for --metadata-cost (default 200)")
    args = parser.parse_args(argv)
    if args.metadata_cost:
        return metadata_cost(args.corpus, args.limit)
    labels: dict[str, str] = json.loads((args.corpus / "languages.json").read_text())
    right = undecided = 0
    confusions: Counter[tuple[str, str]] = Counter()
    end_to_end = 0
    spent = 0.0
    for name, label in sorted(labels.items()):
        root = strip_declarations(gzip.decompress((args.corpus / "pages" / name).read_bytes()))
        page = convert(root, "https://example.org/")
        started = time.perf_counter()
        found = detect_language(page.text)
        spent += time.perf_counter() - started
        want = to_iso639_3(label)
        end_to_end += to_iso639_3(page.language) == want
        if found == want:
            right += 1
            continue
        if found is None:
            undecided += 1
        confusions[(label, found or "-")] += 1
        if args.verbose:
            print(f"{name}: label {label}, detected {found or 'nothing'} ({len(page.text.split())} words)")
    total = len(labels)
    print(f"pages: {total}")
    print(f"page.language with declarations removed: {end_to_end}/{total} = {end_to_end / total:.1%} (target >= 97%)")
    print(f"detector on page.text alone: {right}/{total} = {right / total:.1%}, undecided {undecided}")
    print(f"detector time: {spent * 1000 / total:.2f} ms/page")
    for (label, found), n in confusions.most_common():
        print(f"  detector on page.text: {label} -> {found}: {n}")
    return 0 if end_to_end / total >= 0.97 else 1


if __name__ == "__main__":
    sys.exit(main())
