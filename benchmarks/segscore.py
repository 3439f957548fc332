"""Main-text segment scoring, for a clone without the shared scoring tools: the bundled sample is scored with this.

An annotated page lists segments its main text must hold (`with`) and must not (`without`); a segment counts as
present when its whitespace-collapsed text is a substring of the whitespace-collapsed output.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_SPACE = re.compile(r"\s+")


def norm(text: str) -> str:
    """Whitespace runs as one space, no space at either end: how segments and outputs are compared."""
    return _SPACE.sub(" ", text).strip()


def builtin(name: str) -> Callable[[bytes], str]:
    """A peer run as the main-text benchmark runs it: tables kept, comments and formatting left out."""
    if name != "trafilatura":
        raise SystemExit(f"without the shared scoring tools only trafilatura can be scored beside web2md, not {name}")
    import trafilatura

    def run(body: bytes) -> str:
        return trafilatura.extract(body, include_comments=False, include_tables=True, include_formatting=False) or ""

    return run
