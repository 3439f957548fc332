"""Digest of every page field web2md produces on the dev corpora: the check that a refactor changed no output.

usage: python3 benchmarks/fields.py OUT.json [--shared DIR] [--against BEFORE.json] [--own-address]

Converts each page of every corpus found (the shared dev corpora, else the bundled sample) in the default
mode and in precision and recall modes, and writes one SHA-256 of its `Page.to_dict()` per page and mode.
With --against, prints the pages whose fields differ from an earlier run and exits 1 if any do.
The pages other than trafilatura-dev's (which come with theirs) are converted at the scorers' address,
`http://fakehost/test/page.html`, so their absolute links never lead into the page itself; --own-address converts
each at the address it gives itself (its canonical or Open Graph URL), where it gives one.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from corpora import corpus_root  # benchmarks/

MODES = {"default": {}, "precision": {"precision": True}, "recall": {"recall": True}}


FAKEHOST = "http://fakehost/test/page.html"


def pages(root: Path, own_address: bool = False) -> Iterator[tuple[str, bytes, str]]:
    """(corpus/page id, body, URL) for every page of every corpus under `root` (`own_address`: see the usage)."""
    seg = root / "trafilatura-dev"
    if seg.is_dir():
        for url, item in sorted(json.loads((seg / "annotations.json").read_text(encoding="utf8")).items()):
            yield f"trafilatura-dev/{item['file']}", gzip.decompress((seg / "pages" / item["file"]).read_bytes()), url
    for name in ("readability-dev", "mdfidelity-dev", "dragnet-dev"):
        folder = root / name / "pages"
        for path in sorted(folder.glob("*")) if folder.is_dir() else ():
            body = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
            yield f"{name}/{path.name}", body, address(body) if own_address else FAKEHOST


def address(body: bytes) -> str:
    """The address a page gives itself (its canonical URL, else its Open Graph URL), else FAKEHOST."""
    from web2md import convert

    fields = convert(body, url=FAKEHOST).to_dict()
    url = fields.get("canonical_url") or (fields.get("open_graph") or {}).get("url") or ""
    return url if url.startswith(("http://", "https://")) else FAKEHOST


def digest(body: bytes, url: str, options: dict) -> str:
    from web2md import convert

    fields = convert(body, url=url, **options).to_dict()
    return hashlib.sha256(json.dumps(fields, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--shared", type=Path, default=None, help="folder holding corpora/")
    ap.add_argument("--against", type=Path, help="an earlier OUT.json to compare with")
    ap.add_argument("--own-address", action="store_true", help="convert each page at the address it gives itself")
    args = ap.parse_args()
    root = corpus_root(args.shared)
    result = {
        f"{mode}:{page_id}": digest(body, url, options)
        for page_id, body, url in pages(root, args.own_address)
        for mode, options in MODES.items()
    }
    args.out.write_text(json.dumps(result, indent=0, sort_keys=True))
    print(f"{len(result)} page fields digested from {root}")
    if args.against:
        before = json.loads(args.against.read_text())
        changed = sorted(k for k in before.keys() | result.keys() if before.get(k) != result.get(k))
        for key in changed:
            print(f"  differs: {key}")
        print(f"{len(changed)} of {len(result)} differ from {args.against}")
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
