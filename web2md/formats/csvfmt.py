"""CSV output (RFC 4180): one header row per file, then one row per page.

`render_csv` gives a complete file for one page; exporters writing many pages
call `csv_header` once and `csv_row` per page.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from web2md.formats.record import plain_text

__all__ = ["CSV_FIELDS", "csv_header", "csv_row", "render_csv"]

CSV_FIELDS = (
    "url",
    "title",
    "author",
    "published_date",
    "language",
    "page_type",
    "extraction_quality",
    "fingerprint",
    "text",
)


def _line(values: list[str]) -> str:
    out = io.StringIO()
    # QUOTE_MINIMAL quotes exactly the fields holding a comma, quote or line break (RFC 4180).
    csv.writer(out, lineterminator="\r\n").writerow(values)
    return out.getvalue()


def csv_header() -> str:
    return _line(list(CSV_FIELDS))


def _cell(record: Mapping[str, Any], name: str) -> str:
    if name == "text":
        return plain_text(record)
    value = record.get(name)
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(value)


def csv_row(record: Mapping[str, Any]) -> str:
    """One CSV record, ending in CRLF."""
    return _line([_cell(record, name) for name in CSV_FIELDS])


def render_csv(record: Mapping[str, Any]) -> str:
    return csv_header() + csv_row(record)
