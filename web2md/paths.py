"""Map a page URL to a stable, collision-free file path that can never leave the output folder.

``https://example.com/docs/intro.html`` becomes ``example.com/docs/intro.html.md``,
``https://example.com/docs/`` becomes ``example.com/docs/index.md``. A path
component that is not plainly safe (odd characters, ``..``, a leading dot, a
Windows device name, a directory name with a dot, more than 100 bytes, a query
string, the reserved leaf name ``index``) is written as a readable sanitised
prefix plus ``~`` and a hash of the original component. Plain components never
contain ``~``, so they cannot collide with hashed ones.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

MAX_COMPONENT = 100  # bytes; well under the 255 of common file systems, leaves room for the extension
HASH_LEN = 12
INDEX = "index"

_PLAIN_LEAF = re.compile(r"[A-Za-z0-9_-](?:[A-Za-z0-9._-]*[A-Za-z0-9_-])?")
_PLAIN_DIR = re.compile(r"[A-Za-z0-9_-]+")  # no dot: a directory can never look like "page.md"
_PLAIN_HOST = re.compile(r"[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_WINDOWS_DEVICES = frozenset(
    ["con", "prn", "aux", "nul"] + [f"com{i}" for i in range(10)] + [f"lpt{i}" for i in range(10)]
)
_DEFAULT_PORTS = {"http": 80, "https": 443}


def _digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()[:HASH_LEN]


def _hashed(raw: str, readable: str) -> str:
    """``readable`` made safe and short, plus ``~`` and a hash of ``raw`` (what makes it unique)."""
    safe = _UNSAFE.sub("_", readable).strip("._")
    if _is_device(safe):
        safe = "_" + safe
    budget = MAX_COMPONENT - HASH_LEN - 1
    return f"{safe[:budget]}~{_digest(raw)}"


def _is_device(name: str) -> bool:
    return name.split(".", 1)[0].lower() in _WINDOWS_DEVICES


def _host_dir(scheme: str, hostname: str, port: int | None) -> str:
    if port == _DEFAULT_PORTS.get(scheme):
        port = None
    name = hostname
    if not (_PLAIN_HOST.fullmatch(name) and len(name) <= MAX_COMPONENT - 6 and not _is_device(name)):
        name = _hashed(hostname, hostname)
    # "_" never occurs in a plain host name, so the port suffix cannot be confused with one
    return f"{name}_{port}" if port is not None else name


def _dir_component(raw: str) -> str:
    if _PLAIN_DIR.fullmatch(raw) and len(raw) <= MAX_COMPONENT and not _is_device(raw):
        return raw
    return _hashed("d" + raw, unquote(raw))


def _leaf_component(raw: str, query: str) -> str:
    if not query and raw != INDEX and _PLAIN_LEAF.fullmatch(raw) and len(raw) <= MAX_COMPONENT \
            and not _is_device(raw):
        return raw
    if not raw and not query:
        return INDEX  # a trailing slash; the literal name "index" is hashed, so this is unique
    readable = unquote(raw) or INDEX
    if query:
        readable = f"{readable}_{unquote(query)}"
    # "?" cannot occur in a raw path component, so (raw, query) -> raw + "?" + query is one-to-one
    return _hashed("f" + raw + ("?" + query if query else ""), readable)


def page_path(url: str, ext: str) -> PurePosixPath:
    """The relative path (``host/dir/.../leaf.ext``) a page URL is stored under.

    Deterministic; the fragment, user info, the default port and host case are
    ignored (they do not change the document), everything else distinguishes.
    """
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    host = _host_dir(parts.scheme.lower(), parts.hostname or "", port)
    segments = parts.path.split("/")
    if segments and segments[0] == "":
        segments = segments[1:]
    if not segments:
        segments = [""]
    dirs = [_dir_component(s) for s in segments[:-1]]
    leaf = _leaf_component(segments[-1], parts.query)
    return PurePosixPath(host, *dirs, f"{leaf}.{ext}")


def output_file(root: str | Path, url: str, ext: str) -> Path:
    """The absolute file below ``root`` for ``url``; raises ValueError if it would escape ``root``."""
    base = Path(root).resolve()
    target = base.joinpath(*page_path(url, ext).parts)
    # Belt and braces: page_path never yields "..", "/" or "" components, but a symlink inside root could.
    if base not in target.resolve().parents:
        raise ValueError(f"refusing to write {url} outside {base}")
    return target
