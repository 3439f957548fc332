"""Every ``WEB2MD_*`` setting the code defines or reads has a row in the settings table of docs/settings.md, and no row
is stale.

Names are collected from the source: string literals that are exactly a
setting name (``settings.getbool("WEB2MD_IFRAMES", True)``, ``put("WEB2MD_COOKIES", ...)``),
the ``WEB2MD_*`` assignments in ``web2md/settings.py``, and the one computed
family, ``WEB2MD_<OPTION>`` for each conversion option (``web2md.spiders.base.resolve_options``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from web2md import settings as project_settings
from web2md.spiders.base import option_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "web2md"
TABLE = ROOT / "docs" / "settings.md"
NAME = re.compile(r"WEB2MD_[A-Z0-9_]+")
# f"WEB2MD_{name.upper()}" in resolve_options: the only place a setting name is computed
COMPUTED_IN = {"web2md/spiders/base.py"}


def names_in_code() -> set[str]:
    names: set[str] = set()
    computed: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and NAME.fullmatch(node.value):
                names.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and str(first.value).startswith("WEB2MD_"):
                    computed.add(path.relative_to(ROOT).as_posix())
    assert computed == COMPUTED_IN, f"setting names computed in {sorted(computed)}: teach this test their names"
    names |= {f"WEB2MD_{name.upper()}" for name in option_names()}
    names |= {name for name in vars(project_settings) if NAME.fullmatch(name)}
    return names


def settings_table() -> dict[str, str]:
    """``{name: default cell}`` for every ``WEB2MD_*`` name in a table row of docs/settings.md that starts with one."""
    rows: dict[str, str] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `WEB2MD_"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        assert len(cells) == 3, f"a settings row has setting | default | meaning: {line}"
        for name in re.findall(r"`(WEB2MD_[A-Z0-9_]+)`", cells[0]):
            assert name not in rows, f"{name} has two rows"
            rows[name] = cells[1]
    return rows


def test_the_collector_sees_literal_computed_and_module_level_names():
    names = names_in_code()
    assert {
        "WEB2MD_BLACKLIST_ENABLED",
        "WEB2MD_ROBOTS_MAX_DELAY",
        "WEB2MD_IFRAME_MAX",  # literals
        "WEB2MD_INCLUDE_IMAGES",
        "WEB2MD_MAX_LENGTH",  # computed from the conversion options
        "WEB2MD_DEDUPE_DISTANCE",
    } <= names  # web2md/settings.py
    assert not any(name.endswith("_") for name in names)


def test_every_setting_the_code_reads_is_in_the_settings_table():
    missing = sorted(names_in_code() - set(settings_table()))
    assert missing == [], f"WEB2MD_* settings missing from the table in {TABLE}: {missing}"


def test_the_settings_table_lists_no_setting_the_code_does_not_read():
    stale = sorted(set(settings_table()) - names_in_code())
    assert stale == [], f"rows in {TABLE} for settings no code reads: {stale}"


def test_defaults_of_the_settings_module_match_the_table():
    table = settings_table()
    for name, value in vars(project_settings).items():
        if NAME.fullmatch(name):
            expected = "empty" if value == "" else f"`{value}`"
            assert table[name] == expected, (name, table[name], expected)
