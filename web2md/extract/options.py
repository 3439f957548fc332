"""Conversion options accepted by :func:`web2md.convert` (and as spider arguments)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from web2md.extract.html.parse import DEFAULT_MAX_MEMORY
from web2md.extract.maincontent.rules import rule_names

#: Field metadata: a spider argument's value is one item, commas and all (CSS separates selectors with commas, and
#: one may stand inside an attribute value: ``[title="a,b"]``); other tuple options take comma-separated items.
ONE_ITEM = {"one_item": True}


@dataclass(frozen=True)
class Options:
    include_images: bool = False
    keep_header: bool = False
    # None: find the main content by scoring; True: force <main>/[role=main]/<article> when present;
    # False: no main-content selection, the plain region of docs/design.md#plain-region (what a terminal browser shows)
    main_content: bool | None = None
    precision: bool = False
    recall: bool = False
    exclude_selector: tuple[str, ...] = field(default=(), metadata=ONE_ITEM)
    no_comments: bool = False
    max_length: int | None = None
    # bound in bytes on the memory converting one page takes, estimated from its markup (`parse.memory_estimate`):
    # past it the rest of the markup is not parsed and the page is flagged `truncated`; bounds memory and time on
    # hostile pages (None or 0: no bound)
    max_memory: int | None = DEFAULT_MAX_MEMORY
    # page scripts (see docs/design.md#javascript): `web2md.javascript.quickjs` runs them on the tree before `convert`,
    # which runs none; True: always, False: never, None (auto): a crawl runs them on pages that are app shells;
    # `wait` is in milliseconds (timer callbacks due within it run), None for the default
    javascript: bool | None = None
    wait: float | None = None
    # main-content rules switched off by name (`web2md.extract.maincontent.rules.RULES`): what each is worth
    disable_rules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.disable_rules:
            rule_names(self.disable_rules)  # an unknown name is an error, with the closest known one

    @classmethod
    def from_kwargs(cls, options: dict[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise TypeError(f"unknown conversion option(s): {', '.join(unknown)}")
        values = dict(options)
        for name in TUPLE_OPTIONS:  # a lone string is one item; any other iterable, its items
            value = values.get(name)
            if value is not None:
                values[name] = (value,) if isinstance(value, str) else tuple(value)
        return cls(**values)


#: The options that hold several items (their annotations are strings under `from __future__ import annotations`).
TUPLE_OPTIONS = tuple(f.name for f in fields(Options) if str(f.type).startswith("tuple"))
