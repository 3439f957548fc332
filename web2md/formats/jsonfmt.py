"""JSON output: the page fields (docs/design.md#page-fields) that have a value (omitted when empty, never null)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["render_json"]

# The plain text repeats the Markdown without its syntax: left out of JSON to keep it lean.
_OMITTED = frozenset({"text"})


def render_json(record: Mapping[str, Any], indent: int | None = 2) -> str:
    data = {k: v for k, v in record.items() if k not in _OMITTED}
    return json.dumps(data, ensure_ascii=False, indent=indent, default=str)
