"""URL blacklist: host suffixes and path fragments of ad and tracking URLs.

A pure matcher shared by the downloader middleware, the spiders (crawl links,
iframes, sitemap output) and batch input; loading reads the pattern files once.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

__all__ = ["Blacklist", "BUILTIN_NAME", "user_blacklist_path"]

BUILTIN_NAME = "blacklist.txt"


def user_blacklist_path() -> Path:
    """``~/.web2md/blacklist.txt``, resolved through ``$HOME`` at call time."""
    return Path(os.path.expanduser("~")) / ".web2md" / "blacklist.txt"


@dataclass(frozen=True)
class _Rule:
    host: str  # host suffix, "" = any host
    path: str  # path fragment, "" = any path
    text: str  # the line as written, quoted in log messages

    def matches(self, host: str, path: str) -> bool:
        if self.host and not (host == self.host or host.endswith("." + self.host)):
            return False
        return not self.path or self.path in path


def _parse_line(line: str) -> _Rule | None:
    # A '#' starts a comment only at the line start or after whitespace, so
    # that fragments such as "/#!/ads/" stay usable.
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    for sep in (" #", "\t#"):
        if sep in text:
            text = text.split(sep, 1)[0].rstrip()
    pattern = text.lower()
    if pattern.startswith(("http://", "https://")):
        pattern = pattern.split("://", 1)[1]
    if pattern.startswith("/"):
        return _Rule("", pattern, text)
    host, slash, path = pattern.partition("/")
    host = host.lstrip("*").strip(".")
    if not host:
        return None
    return _Rule(host, slash + path if slash else "", text)


class Blacklist:
    """A set of host-suffix and path-fragment rules.

    A line starting with ``/`` is a path fragment (``/ads/``), anything else a
    host suffix (``doubleclick.net`` also matches ``ad.doubleclick.net``);
    ``host/path`` needs both. Matching ignores case; the path fragment is
    looked for in the path plus query string.
    """

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self._hosts: dict[str, list[_Rule]] = {}
        self._any_host: list[_Rule] = []
        self.sources: list[str] = []
        self.add_lines(lines)

    # -- building ------------------------------------------------------
    def add_lines(self, lines: Iterable[str]) -> None:
        for line in lines:
            rule = _parse_line(line)
            if rule is None:
                continue
            if rule.host:
                self._hosts.setdefault(rule.host, []).append(rule)
            else:
                self._any_host.append(rule)

    def add_file(self, path: str | os.PathLike[str]) -> None:
        """Add the rules of a pattern file; a missing file raises OSError."""
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        self.add_lines(text.splitlines())
        self.sources.append(str(path))

    @classmethod
    def builtin_lines(cls) -> list[str]:
        data = resources.files("web2md") / "data" / BUILTIN_NAME
        return data.read_text(encoding="utf-8").splitlines()

    @classmethod
    def load(
        cls,
        *,
        builtin: bool = True,
        user: bool = True,
        files: Iterable[str | os.PathLike[str]] = (),
    ) -> Blacklist:
        """The built-in list, ``~/.web2md/blacklist.txt`` when present, then `files`."""
        bl = cls()
        if builtin:
            bl.add_lines(cls.builtin_lines())
            bl.sources.append(f"<builtin {BUILTIN_NAME}>")
        if user:
            user_file = user_blacklist_path()
            if user_file.is_file():
                bl.add_file(user_file)
        for path in files:
            bl.add_file(os.path.expanduser(os.fspath(path)))
        return bl

    # -- matching ------------------------------------------------------
    def __len__(self) -> int:
        return len(self._any_host) + sum(len(r) for r in self._hosts.values())

    def __bool__(self) -> bool:
        return len(self) > 0

    def match(self, url: str) -> str | None:
        """The rule that blacklists `url` (as written in its file), or None."""
        try:
            parts = urlsplit(url)
            host = (parts.hostname or "").rstrip(".")
        except ValueError:
            return None
        path = parts.path.lower() or "/"
        if parts.query:
            path += "?" + parts.query.lower()
        # Walk the host's suffixes (a.b.c → a.b.c, b.c, c) instead of testing
        # every rule, so a long list costs no more than a short one.
        labels = host.split(".")
        for i in range(len(labels)):
            for rule in self._hosts.get(".".join(labels[i:]), ()):
                if rule.matches(host, path):
                    return rule.text
        for rule in self._any_host:
            if rule.matches(host, path):
                return rule.text
        return None

    def __contains__(self, url: str) -> bool:
        return self.match(url) is not None

    def filter(self, urls: Iterable[str]) -> list[str]:
        """The URLs of `urls` that are not blacklisted, in order."""
        return [u for u in urls if self.match(u) is None]
