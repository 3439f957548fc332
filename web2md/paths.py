"""Map a page URL to a stable, collision-free file path that can never leave the output folder.

``https://example.com/docs/intro.html`` becomes ``example.com/docs/intro.html.md``,
``https://example.com/docs/`` becomes ``example.com/docs/index.md``. A path
component that is not plainly safe (odd characters, ``..``, a leading dot, a
Windows device name, a directory name with a dot, more than 100 bytes, a query
string, the reserved leaf name ``index``, an upper-case letter) is written as a
readable sanitised prefix plus ``~`` and a hash of the original component.
Plain components never contain ``~`` nor upper case, so they cannot collide
with hashed ones, even on a case-insensitive file system. The host folder
names the port unless the URL is https on 443 (``http://h/`` is ``h_80``), so
the two schemes never share a file; a relative path over 240 bytes keeps the
directories that fit and ends in one hashed leaf for the rest.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

MAX_COMPONENT = 100  # bytes; well under the 255 of common file systems, leaves room for the extension
MAX_PATH = 240  # bytes of the whole relative path: with the output folder, well under PATH_MAX (4096) anywhere
HASH_LEN = 12
INDEX = "index"

# lower case only: "Item" and "ITEM" are the same name on macOS and Windows, so upper case gets a hash
_PLAIN_LEAF = re.compile(r"[a-z0-9_-](?:[a-z0-9._-]*[a-z0-9_-])?")
_PLAIN_DIR = re.compile(r"[a-z0-9_-]+")  # no dot: a directory can never look like "page.md"
_PLAIN_HOST = re.compile(r"[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_WINDOWS_DEVICES = frozenset(
    ["con", "prn", "aux", "nul"] + [f"com{i}" for i in range(10)] + [f"lpt{i}" for i in range(10)]
)
_DEFAULT_PORTS = {"http": 80, "https": 443}
_UNNAMED_PORT = ("https", 443)  # the one scheme and port a host folder does not name


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
    """``host`` for https on 443, ``host_PORT`` for http on any port, ``host_PORT_https`` for https on another."""
    if port is None:
        port = _DEFAULT_PORTS.get(scheme)
    name = hostname
    if not (_PLAIN_HOST.fullmatch(name) and len(name) <= MAX_COMPONENT - 12 and not _is_device(name)):
        name = _hashed(hostname, hostname)
    if (scheme, port) == _UNNAMED_PORT:
        return name
    # "_" never occurs in a plain host name, so the port suffix cannot be confused with one
    return f"{name}_{port}_https" if scheme == "https" else f"{name}_{port}"


def _dir_component(raw: str) -> str:
    if _PLAIN_DIR.fullmatch(raw) and len(raw) <= MAX_COMPONENT and not _is_device(raw):
        return raw
    return _hashed("d" + raw, unquote(raw))


def _leaf_component(raw: str, query: str) -> str:
    if not query and raw != INDEX and _PLAIN_LEAF.fullmatch(raw) and len(raw) <= MAX_COMPONENT and not _is_device(raw):
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
    leaf = f"{_leaf_component(segments[-1], parts.query)}.{ext}"
    if len("/".join([host, *dirs, leaf]).encode("utf-8")) > MAX_PATH:
        # keep the directories that fit beside a full-length leaf; one hashed leaf stands for the rest
        budget = MAX_PATH - len(host) - 1 - (MAX_COMPONENT + len(ext) + 2)
        kept = 0
        while kept < len(dirs) and len(dirs[kept]) + 1 <= budget:
            budget -= len(dirs[kept]) + 1
            kept += 1
        rest = "/".join(segments[kept:]) + ("?" + parts.query if parts.query else "")
        # "p" keeps these hashes apart from the component ones ("d", "f")
        leaf = f"{_hashed('p' + rest, unquote(rest))}.{ext}"
        dirs = dirs[:kept]
    return PurePosixPath(host, *dirs, leaf)


def document_path(url: str, ext: str, page_extensions: frozenset[str]) -> PurePosixPath:
    """The relative path a saved document (a PDF, an image) of ``url`` is stored under, by its extension ``ext``.

    A URL that ends in the document's own extension keeps its name (``/report.pdf`` is ``report.pdf``), unless that
    extension is one a page file can have (``page_extensions``). Any other document gets its leaf hashed in a domain
    of its own (``/report`` is ``report~<hash>.pdf``), so no two URLs, and no document and page file, share a name.
    """
    path = page_path(url, ext)
    stem = path.name[: -len(ext) - 1]
    if ext not in page_extensions:
        if stem.endswith(f".{ext}"):
            return path.with_name(stem)
        if "~" in stem:  # a hashed leaf is already one no other URL has
            return path
    # "x" keeps these hashes apart from the page ones ("d", "f", "p")
    return path.with_name(f"{_hashed('x' + stem, stem)}.{ext}")


def output_file(root: str | Path, url: str, ext: str, relative: PurePosixPath | None = None) -> Path:
    """The absolute file below ``root`` for ``url`` (at ``relative`` if given, else its page path); raises
    ValueError if it would escape ``root``."""
    base = Path(root).resolve()
    target = base.joinpath(*(relative or page_path(url, ext)).parts)
    # Belt and braces: page_path never yields "..", "/" or "" components, but a symlinked folder inside
    # root could. A symlink at the file itself is harmless: the write renames over it.
    folder = target.parent.resolve()
    if folder != base and base not in folder.parents:
        raise ValueError(f"refusing to write {url} outside {base}")
    return target
