"""Rebuild the bundled sample from the shared trafilatura-dev corpus: every 13th page by file name, 50 pages.

usage: python3 benchmarks/sample/make_sample.py [SHARED_CORPORA_DIR]
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = "trafilatura-dev"
STEP, COUNT = 13, 50


def main() -> int:
    source_root = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "shared" / "corpora"
    source = source_root / CORPUS
    annotations = json.loads((source / "annotations.json").read_text(encoding="utf8"))
    chosen = set(sorted(item["file"] for item in annotations.values())[::STEP][:COUNT])
    target = HERE / CORPUS
    shutil.rmtree(target / "pages", ignore_errors=True)
    (target / "pages").mkdir(parents=True)
    for name in sorted(chosen):
        shutil.copyfile(source / "pages" / name, target / "pages" / name)
    kept = {url: item for url, item in sorted(annotations.items()) if item["file"] in chosen}
    (target / "annotations.json").write_text(json.dumps(kept, ensure_ascii=False, indent=1) + "\n", encoding="utf8")
    folds = json.loads((source_root / "folds.json").read_text(encoding="utf8"))
    sample_folds = {CORPUS: {name: fold for name, fold in sorted(folds[CORPUS].items()) if name in chosen}}
    (HERE / "folds.json").write_text(json.dumps(sample_folds, indent=1) + "\n", encoding="utf8")
    print(f"{len(kept)} pages of {source} -> {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
