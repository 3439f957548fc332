"""`text_for`: turn any response body into text by its content type (HTML, JSON, text, XML; binary refused)."""

from __future__ import annotations

import json

from web2md.extract.convert import html_to_text
from web2md.extract.html.entities import normalise_chars
from web2md.extract.html.parse import decode_body
from web2md.extract.html.sniff import binary_type

_TEXT_TYPES = (
    "text/",
    "application/xml",
    "application/xhtml+xml",
    "application/javascript",
    "application/x-javascript",
    "application/ecmascript",
    "application/x-yaml",
    "application/yaml",
    "application/toml",
    "application/x-sh",
    "application/sql",
    "application/csv",
    "application/x-ndjson",
    "image/svg+xml",
)


class UnsupportedContent(ValueError):
    """A body of a type that cannot be read as text (PDF, images, archives, ...)."""

    def __init__(self, content_type: str, size: int) -> None:
        self.content_type = content_type
        self.size = size
        super().__init__(f"cannot read {content_type} ({size} bytes)")


def media_type(content_type: str | None) -> str:
    return (content_type or "").split(";", 1)[0].strip().lower()


def is_html(content_type: str | None) -> bool:
    return media_type(content_type) in ("", "text/html", "application/xhtml+xml")


def is_json(mtype: str) -> bool:
    return mtype == "application/json" or mtype.endswith("+json") or mtype == "text/json"


def text_for(
    body: str | bytes, content_type: str | None = "text/html", url: str = "", byte_count: int | None = None
) -> str:
    """Render a body as text according to its content type."""
    mtype = media_type(content_type)
    size = (
        byte_count
        if byte_count is not None
        else len(body if isinstance(body, bytes) else body.encode("utf-8", "replace"))
    )
    if isinstance(body, bytes):
        if not (
            mtype in ("", "text/html", "application/xhtml+xml")
            or is_json(mtype)
            or mtype.startswith(_TEXT_TYPES)
            or mtype.endswith("+xml")
        ):
            raise UnsupportedContent(mtype or "application/octet-stream", size)
        sniffed = binary_type(body)  # a text type on binary bytes: the header lies
        if sniffed is not None:
            raise UnsupportedContent(sniffed, size)
    if mtype in ("", "text/html", "application/xhtml+xml"):
        return html_to_text(body, url)
    if isinstance(body, bytes):
        body, _ = decode_body(body, content_type=content_type)
    if is_json(mtype):
        try:
            data = json.loads(body)
            return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)
        except ValueError as exc:
            notice = f"[not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}]"
        except RecursionError:  # nested deeper than the interpreter's stack: shown as it came
            notice = "[JSON nested too deeply to pretty-print]"
        text = normalise_chars(body).rstrip()
        return f"{text}\n\n{notice}" if text.strip() else notice
    if mtype.startswith(_TEXT_TYPES) or mtype.endswith("+xml"):
        return "\n".join(line.rstrip() for line in normalise_chars(body).strip("\n").split("\n"))
    raise UnsupportedContent(mtype, size)
