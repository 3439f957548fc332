"""Where the benchmarks find annotated pages: the shared dev corpora beside the clone, else the sample shipped here."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / "shared"
SAMPLE = HERE / "sample"


def corpus_root(shared: Path | None = None) -> Path:
    """The folder holding the corpora: `shared`/corpora if given or present, else the bundled sample."""
    for candidate in [shared] if shared else [SHARED]:
        if (candidate / "corpora").is_dir():
            return candidate / "corpora"
    return SAMPLE
