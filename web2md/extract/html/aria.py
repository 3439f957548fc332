"""Tables laid out with other elements that declare themselves tables (ARIA roles, CSS display in a style attribute)
are given the tags of the HTML table they declare, so every reader sees their rows and cells.

Only static tables: ``role=grid`` and ``treegrid`` are interactive widgets (file browsers, date pickers, editable
sheets) whose cells are controls, not data a reader wants as a table."""

from __future__ import annotations

import re

from lxml import etree

# the row and cell roles (and display values) a declared table is made of, and the HTML tag each stands for; a
# `gridcell` inside a static table is one of its cells (the table is not a widget for it)
ROLE_TAGS = {
    "row": "tr",
    "cell": "td",
    "gridcell": "td",
    "columnheader": "th",
    "rowheader": "th",
    "caption": "caption",
}
# a column (group) holds no content: it declares nothing
DISPLAY_TAGS = {
    "table": "table",
    "table-row": "tr",
    "table-cell": "td",
    "table-header-group": "thead",
    "table-row-group": "tbody",
    "table-footer-group": "tfoot",
    "table-caption": "caption",
}
TABLE_ROLES = frozenset(("table",))
TABLE_TAGS = frozenset(("table", "tr", "td", "th", "thead", "tbody", "tfoot", "caption"))

# what declares a table, as it stands just before the word "table"
_DECLARATION = re.compile(rb"(?:role\s*=\s*[\"']?|display\s*:)\s*$", re.IGNORECASE)
# candidates only (lower case, as the source scan looks): `declared_tag` decides; no translate() over every attribute.
# Read from the role and style attributes themselves: each step on the attribute axis passes over an element
# without that attribute in libxml2's loop, where a predicate on every element (`//*[@role or @style]...`) is
# evaluated element by element, most of them without either. A `display:table` in a style sheet (a clearfix)
# sends many a page without a declared table here.
_DECLARED = etree.XPath(
    "/descendant::*/@role[starts-with(normalize-space(.), 'table')]/parent::*[not(self::table)]"
    " | /descendant::*/@style[contains(., 'table')]/parent::*[not(self::table)]"
)
# the whole value: "table-row-group" is a group of rows, not a row
_DISPLAY = re.compile(r"display\s*:\s*(table(?:-[a-z]+)*)(?![\w-])", re.IGNORECASE)

# fewer rows, or no row of two cells, is a list or a single box, not a table
MIN_ROWS = 2
MIN_CELLS = 2


def declared_tag(el: etree._Element) -> str | None:
    """The table tag `el` declares itself to be: by its first role, else by its style's display."""
    role = el.get("role")
    if role:
        first = role.split(None, 1)[0].lower() if role.strip() else ""
        if first in TABLE_ROLES:
            return "table"
        if first in ROLE_TAGS:
            return ROLE_TAGS[first]
    style = el.get("style")
    if style and "table" in style.lower():
        found = _DISPLAY.search(style)
        if found:
            return DISPLAY_TAGS.get(found.group(1).lower())
    return None


def declares_a_table(source: bytes) -> bool:
    """Whether the source declares a table by role or display: a look before each word "table" (C-speed finds; a
    case-blind regex over the whole page would cost a quarter of a conversion). The keyword is taken as it is
    written, in lower case: a page that spells it otherwise keeps its cells as blocks."""
    at = source.find(b"table")
    while at >= 0:
        if _DECLARATION.search(source, max(0, at - 24), at):
            return True
        at = source.find(b"table", at + 5)
    return False


def declared_tables(source: bytes, root: etree._Element) -> int:
    """Retag the declared tables under `root` (found in `source`, the parsed bytes); returns how many.

    Each element is read once, by the nearest declared table around it: a walk skips the tables declared inside.
    """
    if not declares_a_table(source):
        return 0
    done = 0
    for table in _DECLARED(root):
        if declared_tag(table) != "table":
            continue
        members = _members(table)
        rows = sum(1 for _, tag, _ in members if tag == "tr")
        if rows >= MIN_ROWS and max((cells for _, _, cells in members), default=0) >= MIN_CELLS:
            table.tag = "table"
            for el, tag, _ in members:
                if tag is not None and el.tag not in TABLE_TAGS:
                    el.tag = tag
            done += 1
    return done


def _members(table: etree._Element) -> list[tuple[etree._Element, str | None, int]]:
    """The elements of `table` outside the tables declared in it: each with the tag it declares and, for a row, the
    cells declared in it."""
    members: list[tuple[etree._Element, str | None, int]] = []
    open_rows: list[int] = []  # index in members of each row still open
    walker = etree.iterwalk(table, events=("start", "end"))
    for event, el in walker:
        if el is table or not isinstance(el.tag, str):
            continue
        if event == "end":
            if open_rows and members[open_rows[-1]][0] is el:
                open_rows.pop()
            continue
        tag = declared_tag(el)
        if tag == "table":
            walker.skip_subtree()  # the nested table's own walk reads it
            continue
        if tag == "tr":
            open_rows.append(len(members))
        elif tag in ("td", "th") and open_rows:
            row, _, cells = members[open_rows[-1]]
            members[open_rows[-1]] = (row, "tr", cells + 1)
        members.append((el, tag, 0))
    return members
