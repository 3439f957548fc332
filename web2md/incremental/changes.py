"""What changed since the last run of an incremental crawl: each page's status (new, changed, unchanged, gone), the
unified diff of a changed page's Markdown, and the files that say so beside the run report.

`ChangeLog` collects the statuses as the crawl goes (the middleware and pipelines
of `web2md.incremental` record them); the run report (`web2md.extensions.report`)
has it write ``changes.jsonl``, ``changes.md`` and the Atom feed ``changes.atom``
into ``<output>/_runs/`` when the crawl ends. The first two describe this run;
the feed keeps the entries of the latest runs, newest first, so a reader polling
less often than the crawl runs misses nothing recent.
"""

from __future__ import annotations

import difflib
import html
import json
import re
import tempfile
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from lxml import etree

#: A diff longer than this many lines is cut there (the rest is counted in its last line).
MAX_DIFF_LINES = 400
#: How many entries the Atom feed keeps, the newest.
MAX_FEED_ENTRIES = 500
STATUSES = ("new", "changed", "gone", "unchanged")
ATOM = "http://www.w3.org/2005/Atom"
JSONL, SUMMARY, FEED = "changes.jsonl", "changes.md", "changes.atom"
#: ``web2md/changes/<status>``: how many pages of each status the crawl had (set when it ends)
CHANGES_STAT = "web2md/changes"


@dataclass
class Change:
    status: str
    title: str | None
    reason: str | None = None  # a gone page's: "HTTP 404", "no longer linked"
    diff_at: tuple[int, int] | None = None  # where a changed page's diff is in the spool: offset, length
    no_diff: bool = False  # changed, but its previous Markdown was not kept
    news: bool = True  # False for a page found gone by an earlier run already: no new feed entry


def markdown_diff(url: str, before: str, after: str) -> str:
    """The unified diff of two Markdown texts, at most `MAX_DIFF_LINES` lines."""
    lines = list(
        difflib.unified_diff(
            before.splitlines(), after.splitlines(), f"{url} (previous run)", f"{url} (this run)", lineterm=""
        )
    )
    if len(lines) > MAX_DIFF_LINES:
        lines[MAX_DIFF_LINES:] = [f"... {len(lines) - MAX_DIFF_LINES} more lines of diff not shown"]
    return "\n".join(lines)


class ChangeLog:
    """The statuses of one crawl's pages, by URL; diffs wait in a temporary file so memory holds none of them."""

    def __init__(self) -> None:
        self.pages: dict[str, Change] = {}
        #: every URL requested in this crawl: an exported page not among them is no longer linked
        self.requested: set[str] = set()
        self._spool: IO[bytes] | None = None

    def record(self, url: str, status: str, title: str | None, reason: str | None = None, news: bool = True) -> None:
        self.pages[url] = Change(status, title, reason, news=news)

    def changed(self, url: str, title: str | None, diff: str | None) -> None:
        change = Change("changed", title, no_diff=diff is None)
        if diff is not None:
            if self._spool is None:
                self._spool = tempfile.TemporaryFile()
            data = diff.encode("utf-8")
            self._spool.seek(0, 2)
            change.diff_at = (self._spool.tell(), len(data))
            self._spool.write(data)
        self.pages[url] = change

    def diff(self, change: Change) -> str | None:
        if change.diff_at is None or self._spool is None:
            return None
        offset, length = change.diff_at
        self._spool.seek(offset)
        return self._spool.read(length).decode("utf-8")

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(STATUSES, 0)
        for change in self.pages.values():
            counts[change.status] += 1
        return counts

    def ordered(self) -> list[tuple[str, Change]]:
        """New, changed, gone, then unchanged pages, each by URL: the same order whatever order they came in."""
        return sorted(self.pages.items(), key=lambda pair: (STATUSES.index(pair[1].status), pair[0]))

    def entries(self) -> list[dict[str, Any]]:
        """One object a page, as ``changes.jsonl`` holds them."""
        rows = []
        for url, change in self.ordered():
            row: dict[str, Any] = {"url": url, "status": change.status, "title": change.title}
            if change.reason:
                row["reason"] = change.reason
            if change.status == "changed":
                row["diff"] = self.diff(change)
            if not change.news:
                row["already_gone"] = True
            rows.append(row)
        return rows

    def write(self, folder: Path, started: datetime, spider: str, output: str) -> list[Path]:
        """Write ``changes.jsonl``, ``changes.md`` and the feed into `folder`; the files written."""
        from web2md.pipelines.export import write_file  # here: the export pipeline imports the formats

        entries = self.entries()
        jsonl = "".join(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n" for row in entries)
        write_file(folder / JSONL, jsonl.encode("utf-8"))
        write_file(folder / SUMMARY, summary(entries, started, spider).encode("utf-8"))
        write_file(folder / FEED, feed(entries, started, spider, output, folder / FEED))
        return [folder / JSONL, folder / SUMMARY, folder / FEED]

    def close(self, **_: object) -> None:
        if self._spool is not None:
            self._spool.close()
            self._spool = None


def summary(entries: list[dict[str, Any]], started: datetime, spider: str) -> str:
    """``changes.md``: the counts, the new and gone pages listed, each changed page with its diff."""
    counts = dict.fromkeys(STATUSES, 0)
    for row in entries:
        counts[row["status"]] += 1
    out = [
        f"# What changed: {spider} crawl of {started.isoformat(timespec='seconds')}",
        "",
        ", ".join(f"{counts[status]} {status}" for status in STATUSES) + ".",
    ]
    for status in ("new", "changed", "gone"):
        rows = [row for row in entries if row["status"] == status]
        if not rows:
            continue
        out += ["", f"## {status.capitalize()}", ""]
        for row in rows:
            link = f"[{_label(row)}](<{row['url']}>)"
            if status == "changed":
                out += [f"### {link}", ""]
                if row["diff"] is None:
                    out += ["The previous Markdown was not kept: no diff.", ""]
                else:
                    fence = "`" * max(3, 1 + max((len(run) for run in re.findall("`+", row["diff"])), default=0))
                    out += [f"{fence}diff", row["diff"], fence, ""]
            else:
                out.append(f"- {link}" + (f" ({row['reason']})" if row.get("reason") else ""))
        if out[-1] == "":
            out.pop()
    return "\n".join(out) + "\n"


def _label(row: dict[str, Any]) -> str:
    text = row.get("title") or row["url"]
    return re.sub(r"([\\\[\]])", r"\\\1", text)


def feed(entries: list[dict[str, Any]], started: datetime, spider: str, output: str, previous: Path) -> bytes:
    """The Atom feed: an entry for each new, changed or gone page of this run, then the previous feed's entries."""
    when = started.isoformat(timespec="seconds")
    root = etree.Element(f"{{{ATOM}}}feed", nsmap={None: ATOM})
    _sub(root, "id", uuid.uuid5(uuid.NAMESPACE_URL, f"web2md-changes:{output}").urn)
    _sub(root, "title", f"web2md: what changed in {output}")
    _sub(root, "updated", when)
    author = _sub(root, "author")
    _sub(author, "name", "web2md")
    _sub(root, "generator", "web2md")
    count = 0
    for row in entries:
        if row["status"] == "unchanged" or row.get("already_gone"):
            continue
        entry = _sub(root, "entry")
        _sub(entry, "id", uuid.uuid5(uuid.NAMESPACE_URL, f"{row['url']}#{row['status']}@{when}").urn)
        _sub(entry, "title", f"{row['status'].capitalize()}: {row.get('title') or row['url']}")
        # a gone page has no page to read: its link is only related, so a feed spider does not fetch it
        rel = "related" if row["status"] == "gone" else "alternate"
        etree.SubElement(entry, f"{{{ATOM}}}link", rel=rel, type="text/html", href=row["url"])
        _sub(entry, "updated", when)
        about = {"new": "New", "changed": "Changed", "gone": f"Gone ({row.get('reason', '')})"}[row["status"]]
        _sub(entry, "summary", f"{about} in the {spider} crawl of {when}: {row['url']}")
        if row.get("diff"):
            # html, as a feed reader keeps the lines of a <pre> and would join those of plain text
            code = html.escape(row["diff"], quote=False)
            _sub(entry, "content", f'<pre><code class="language-diff">{code}</code></pre>').set("type", "html")
        count += 1
    if previous.is_file():
        try:
            old = etree.parse(str(previous), etree.XMLParser(resolve_entities=False, no_network=True)).getroot()
        except etree.XMLSyntaxError:
            old = None  # a damaged feed starts again from this run
        for entry in old.iterfind(f"{{{ATOM}}}entry") if old is not None else ():
            if count >= MAX_FEED_ENTRIES:
                break
            root.append(entry)
            count += 1
    etree.indent(root)
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)


def _sub(parent: etree._Element, name: str, text: str | None = None) -> etree._Element:
    element = etree.SubElement(parent, f"{{{ATOM}}}{name}")
    if text is not None:
        element.text = _NOT_XML.sub("", text)  # control characters a page may hold have no place in XML
    return element


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
