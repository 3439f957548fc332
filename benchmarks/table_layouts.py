"""Markdown fidelity of the mdfidelity-dev pages with their tables written other ways: each `<table>` made a table of
`<div>`s declared by ARIA roles or by CSS display values, with or without wrappers around its rows and in its cells.

usage: python3 benchmarks/table_layouts.py [--shared DIR]

Prints the shared scorer's line (`mdfidelity.py`) per layout, web2md's `convert` in its default mode: every layout
should score as the pages as written do.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from corpora import SHARED  # benchmarks/
from lxml import etree
from lxml import html as lxml_html

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout, whatever is installed

ARIA = {"table": "table", "thead": "rowgroup", "tbody": "rowgroup", "tr": "row", "th": "columnheader", "td": "cell"}
DISPLAY = {
    "table": "table",
    "thead": "table-header-group",
    "tbody": "table-row-group",
    "tr": "table-row",
    "th": "table-cell",
    "td": "table-cell",
}


def wrap_content(cell: etree._Element, tag: str) -> None:
    """Put what `cell` holds in a `tag` element of its own."""
    inner = etree.SubElement(cell, tag)
    inner.text, cell.text = cell.text, None
    for child in list(cell)[:-1]:
        inner.append(child)


def as_divs(root: etree._Element, declare: Callable[[etree._Element, str], None], wrapped: bool) -> None:
    for el in list(root.iter("table", "thead", "tbody", "tr", "th", "td")):
        tag = el.tag
        el.tag = "div"
        declare(el, tag)
        if wrapped and tag in ("th", "td"):
            wrap_content(el, "p")
        elif wrapped and tag == "tr":
            outer = lxml_html.Element("div")
            el.addprevious(outer)
            outer.append(el)


def aria(root: etree._Element, wrapped: bool) -> None:
    def declare(el: etree._Element, tag: str) -> None:
        el.set("role", "gridcell" if wrapped and tag == "td" else ARIA[tag])

    as_divs(root, declare, wrapped)


def css(root: etree._Element, wrapped: bool) -> None:
    as_divs(root, lambda el, tag: el.set("style", f"display: {DISPLAY[tag]}"), wrapped)


def cells_wrapped(root: etree._Element) -> None:
    for cell in list(root.iter("th", "td")):
        wrap_content(cell, "div")


LAYOUTS: dict[str, Callable[[etree._Element], None]] = {
    "table": lambda root: None,
    "table, cells in divs": cells_wrapped,
    "aria": lambda root: aria(root, False),
    "aria, wrappers, gridcell": lambda root: aria(root, True),
    "css display": lambda root: css(root, False),
    "css display, wrappers": lambda root: css(root, True),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    args = parser.parse_args()
    corpus = args.shared / "corpora" / "mdfidelity-dev"
    sys.path.insert(0, str(args.shared / "tools"))
    import mdfidelity  # the shared scorer

    from web2md import convert

    for name, rewrite in LAYOUTS.items():
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            shutil.copytree(corpus / "truth", out / "truth")
            shutil.copy(corpus / "boiler.json", out)
            (out / "pages").mkdir()
            for page in sorted((corpus / "pages").glob("*.html")):
                text = page.read_text(encoding="utf8")
                if "<table" in text:
                    root = lxml_html.fromstring(text)
                    rewrite(root)
                    text = etree.tostring(root, encoding="unicode", method="html")
                (out / "pages" / page.name).write_text(text, encoding="utf8")
            mdfidelity.score(
                out,
                name,
                lambda p: convert(p.read_text(encoding="utf8"), url=mdfidelity.page_url(p.stem)).markdown,
            )


if __name__ == "__main__":
    main()
