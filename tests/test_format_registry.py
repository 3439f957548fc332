"""The one registry of output formats (web2md.formats.FORMATS) and the front ends that read it."""

from __future__ import annotations

import typing

import pytest

from web2md import exporters, settings
from web2md.formats import FORMATS, feed_exporters, format_names, normalize_format
from web2md.frontends.cli import build_parser

NAMES = ("md", "markdown", "json", "jsonl", "csv", "tei", "xml", "txt", "text", "html", "htm")


def fetch_format_choices() -> tuple[str, ...]:
    parser = build_parser("fetch")
    fetch = next(a for a in parser._actions if a.dest == "command").choices["fetch"]
    return tuple(next(a for a in fetch._actions if a.dest == "format").choices)


def test_the_cli_the_exporters_the_mcp_server_and_the_registry_know_the_same_names():
    from web2md.frontends.mcp_server import FormatName

    assert format_names() == NAMES
    assert fetch_format_choices() == NAMES
    assert typing.get_args(FormatName) == NAMES
    for name in NAMES:
        canonical = FORMATS[normalize_format(name)]
        assert exporters.get_format(name).extension == canonical.extension
        assert exporters.get_format(name.upper()) is exporters.get_format(canonical.name)
    for unknown in ("pdf", "jl", "tei.xml", ""):
        with pytest.raises(ValueError, match=f"unknown format {unknown!r}"):
            normalize_format(unknown)
        with pytest.raises(ValueError, match=f"unknown format {unknown!r}"):
            exporters.get_format(unknown)


def test_canonical_names_aliases_and_extensions():
    assert {name: (fmt.extension, fmt.aliases) for name, fmt in FORMATS.items()} == {
        "md": ("md", ("markdown",)),
        "json": ("json", ("jsonl",)),
        "csv": ("csv", ()),
        "tei": ("tei.xml", ()),
        "xml": ("xml", ()),
        "txt": ("txt", ("text",)),
        "html": ("html", ("htm",)),
    }


def test_feed_exporters_come_from_the_registry():
    assert (
        settings.FEED_EXPORTERS
        == feed_exporters()
        == {
            "md": "web2md.exporters.MarkdownItemExporter",
            "markdown": "web2md.exporters.MarkdownItemExporter",
            "json": "web2md.exporters.JsonItemExporter",
            "jsonl": "web2md.exporters.JsonLinesItemExporter",
            "jsonlines": "web2md.exporters.JsonLinesItemExporter",
            "jl": "web2md.exporters.JsonLinesItemExporter",
            "csv": "web2md.exporters.CsvItemExporter",
            "tei": "web2md.exporters.TeiItemExporter",
            "xml": "web2md.exporters.XmlItemExporter",
        }
    )
    for path in feed_exporters().values():
        assert hasattr(exporters, path.rsplit(".", 1)[1])
    assert [name for name, fmt in FORMATS.items() if not fmt.is_feed_format] == ["txt", "html"]
