"""Run a page's inline scripts before conversion (``--javascript``, docs/design.md#javascript) in QuickJS, sandboxed and
bounded.

`run_scripts` takes the parsed page and returns the page the scripts leave
behind, as a tree for `web2md.convert`: the scripts see a small DOM
(``web2md/data/dom.js``) built from the tree, timers run on a virtual clock up
to the ``--wait`` time, and only the elements the scripts changed are rebuilt
in a copy of the tree. It keeps no state between pages, so it runs wherever
conversion runs. The engine is the optional ``quickjs-ng`` package.
"""

from __future__ import annotations

import copy
import json
import logging
import time
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from lxml import etree

from web2md.extract.html.parse import parse_html

logger = logging.getLogger(__name__)

#: Timer callbacks due within this many (virtual) milliseconds run when no ``--wait`` is given.
DEFAULT_WAIT_MS = 1000.0
#: The longest virtual wait (a day): timers are not run in real time, MAX_TASKS bounds them anyway.
MAX_WAIT_MS = 86_400_000.0
#: CPU time the scripts of one page may use together: ``--wait``, but at least the first and at most the second.
MIN_CPU_SECONDS = 1.0
MAX_CPU_SECONDS = 10.0
#: Heap of the engine for one page: this much, plus room for the page's own DOM.
MEMORY_LIMIT = 64 * 1024 * 1024
MEMORY_PER_PAGE_BYTE = 32  # measured: a 2.2 MB page of 120k elements peaks at 90 MB while loading
#: Scripts, timer callbacks and promise jobs run at most per page (a 0 ms interval would otherwise fill the wait).
MAX_TASKS = 10_000
#: Date.now() at virtual time 0 (2025-01-01T00:00:00Z) and the Math.random seed: every run sees the same.
START_TIME_MS = 1_735_689_600_000
RANDOM_SEED = 20250101

SCRIPT_TYPES = frozenset(
    {
        "",
        "text/javascript",
        "application/javascript",
        "text/ecmascript",
        "application/ecmascript",
        "application/x-javascript",
        "text/jscript",
        "text/livescript",
    }
)

INSTALL_HINT = "pip install 'web2md[javascript]' (the quickjs-ng package)"


class EngineMissing(RuntimeError):
    """The JavaScript engine (the ``quickjs-ng`` package) is not installed."""


@dataclass
class ScriptRun:
    """The page after its scripts, and how many scripts and callbacks ran to completion or failed."""

    tree: etree._Element
    ran: int = 0
    failed: int = 0


def check_engine() -> None:
    """Raise `EngineMissing` (naming the package to install) unless the engine can be loaded."""
    _engine()


@cache
def _engine() -> Any:
    try:
        import quickjs
    except ImportError:
        raise EngineMissing(f"--javascript needs a JavaScript engine: {INSTALL_HINT}") from None
    return quickjs


@cache
def _dom_source() -> str:
    return resources.files("web2md").joinpath("data/dom.js").read_text(encoding="utf-8")


def run_scripts(tree: etree._Element, url: str = "", wait: float | None = None) -> ScriptRun:
    """Run the inline scripts of the page `tree` (not ``src=``, not modules or data blocks) in document order,
    then the timer callbacks due within `wait` milliseconds (`DEFAULT_WAIT_MS` if None), in time order.

    A script or callback that throws, runs out of time or memory is skipped and counted; the others go on.
    `tree` is left as it is: the result holds a changed copy, or `tree` itself when nothing changed (or
    the sandbox itself failed: logged, counted as one failure). Raises only `EngineMissing`.
    """
    _engine()
    try:
        return _run_scripts(tree, url, wait)
    except Exception:
        logger.exception("JavaScript: scripts not run on %s", url)
        return ScriptRun(tree, failed=1)


def _run_scripts(tree: etree._Element, url: str, wait: float | None) -> ScriptRun:
    quickjs = _engine()
    if not any(map(runnable, tree.iter("script"))):
        return ScriptRun(tree)
    wait = DEFAULT_WAIT_MS if wait is None else min(max(0.0, float(wait)), MAX_WAIT_MS)  # NaN: 0
    data = _json(snapshot(tree))
    context = quickjs.Context()
    context.set_memory_limit(MEMORY_LIMIT + MEMORY_PER_PAGE_BYTE * len(data))
    budget = Budget(min(max(wait / 1000, MIN_CPU_SECONDS), MAX_CPU_SECONDS))
    run = ScriptRun(tree)
    try:
        own_eval(context, _dom_source())
        context.set("__web2md_page", context.parse_json(data))
        count = own_eval(context, f"__web2md.load(__web2md_page, {_json(url)}, {START_TIME_MS}, {RANDOM_SEED})")
        own_eval(context, "delete globalThis.__web2md_page")
    except quickjs.JSException as exc:  # too big a page for the memory limit or the time
        logger.warning("JavaScript: could not load the page %s into the engine: %s", url, first_line(exc))
        return run
    if not count:
        return run
    loaded = False
    tasks = 0
    while tasks < MAX_TASKS:
        tasks += 1
        try:
            source = json.loads(own_eval(context, "JSON.stringify(__web2md.nextScript())"))
            if source is None and not loaded:
                own_eval(context, "__web2md.loaded()")
                loaded = True
                continue
            if source is None:
                if not budget.eval(context, f"__web2md.runTimer({wait!r})"):
                    break
            else:
                # the script's completion value stays in the engine (the binding cannot convert every string)
                budget.eval(context, source + "\n;void 0")
            run.ran += 1
        except BudgetSpent:
            run.failed += 1
            logger.info("JavaScript: %s used up its %.1f s of script time; the rest is skipped", url, budget.seconds)
            break
        except quickjs.JSException as exc:
            run.failed += 1
            logger.info("JavaScript: a script failed on %s: %s", url, first_line(exc))
        tasks += drain_jobs(context, budget, run, url)
    try:
        changes = json.loads(own_eval(context, "JSON.stringify(__web2md.changes())"))
    except quickjs.JSException as exc:
        logger.warning("JavaScript: could not read back the page %s: %s", url, first_line(exc))
        return run
    if changes:
        run.tree = apply_changes(tree, changes)
    return run


class BudgetSpent(Exception):
    """The page's scripts have used all their CPU time."""


class Budget:
    """CPU time left for one page's scripts. Each script, callback or promise job may use half of the page's
    time at most, so one that loops leaves time for the others; the sandbox's own steps (loading the page,
    reading back the changes) are bounded separately."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadline = time.process_time() + seconds

    def limit(self, context: Any) -> None:
        left = self.deadline - time.process_time()
        if left <= 0:
            raise BudgetSpent
        context.set_time_limit(min(left, self.seconds / 2))

    def eval(self, context: Any, source: str) -> Any:
        """Run page code (a script, or the sandbox running a callback) within the budget."""
        self.limit(context)
        return context.eval(source)


def own_eval(context: Any, source: str) -> Any:
    """Run one of the sandbox's own steps (its time grows with the page, not with what the scripts do)."""
    context.set_time_limit(MAX_CPU_SECONDS)
    return context.eval(source)


def drain_jobs(context: Any, budget: Budget, run: ScriptRun, url: str) -> int:
    """Run the promise jobs (``then`` callbacks, async functions) the last script or callback queued."""
    quickjs = _engine()
    jobs = 0
    while jobs < MAX_TASKS:
        try:
            budget.limit(context)
            if not context.execute_pending_job():
                break
        except BudgetSpent:
            break
        except quickjs.JSException as exc:
            run.failed += 1
            logger.info("JavaScript: a promise job failed on %s: %s", url, first_line(exc))
        jobs += 1
    return jobs


def runnable(script: etree._Element) -> bool:
    """A classic inline script: no ``src``, a JavaScript type or none (not a module, JSON or template).
    The sandbox applies the same rule (``runnable`` in dom.js) to the scripts the page's scripts add."""
    if script.get("src") is not None:
        return False
    kind = (script.get("type") or "").strip().lower()
    language = (script.get("language") or "").strip().lower()
    return kind in SCRIPT_TYPES and (bool(kind) or not language or language.startswith("javascript"))


def first_line(exc: BaseException) -> str:
    return str(exc).strip().split("\n", 1)[0]


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def snapshot(tree: etree._Element) -> list[list[Any]]:
    """The entries the sandbox builds its DOM from, in document order: ``[parent, tag, [[name, value], ...]]``
    for an element, ``[parent, text]`` for text, where parent is the index of the parent element in
    `elements_of` (-1: the document). Comments and processing instructions are left out, their tails kept."""
    root = tree.getroottree().getroot()
    entries: list[list[Any]] = []
    count = 0
    work: list[tuple[etree._Element | None, int, str | None]] = [(root, -1, None)]
    while work:
        el, parent, text = work.pop()
        if el is None:  # a tail, after the subtree before it
            entries.append([parent, text])
            continue
        if el.tail and parent >= 0:
            work.append((None, parent, el.tail))
        if not isinstance(el.tag, str):
            continue
        index = count
        count += 1
        entries.append([parent, el.tag, [[k, v] for k, v in el.attrib.items() if isinstance(k, str)]])
        if el.text:
            entries.append([index, el.text])
        for child in reversed(el):
            work.append((child, index, None))
    return entries


def elements_of(root: etree._Element) -> list[etree._Element]:
    """The elements below and including `root` in document order: the sandbox's indexes (`snapshot`)."""
    return list(root.iter(etree.Element))


def apply_changes(tree: etree._Element, changes: list[list[Any]]) -> etree._Element:
    """A copy of the page with the changes the scripts made: ``[element index, attributes or None,
    inner markup or None]``, in document order, no element inside one whose markup is replaced."""
    root = copy.deepcopy(tree.getroottree().getroot())
    elements = elements_of(root)
    for index, attributes, markup in changes:
        el = elements[index]
        if attributes is not None:
            el.attrib.clear()
            for name, value in attributes:
                try:
                    el.set(name, value)
                except ValueError:  # a name the scripts made that XML cannot hold
                    logger.debug("JavaScript: attribute %r dropped", name)
        if markup is not None:
            replace_content(el, markup)
    return root


_CONTROLS = dict.fromkeys([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])


def replace_content(el: etree._Element, markup: str) -> None:
    """Make `markup` (serialised by the sandbox) the children of `el`, parsed by the core's parser."""
    markup = markup.translate(_CONTROLS)  # a script can put them in text; lxml cannot hold them
    tag = el.tag
    if tag == "html":
        holder = parse_html(f"<html>{markup}</html>")
    elif tag in ("head", "body"):
        holder = parse_html(f"<html><{tag}>{markup}</{tag}></html>").find(tag)
    else:
        holder = parse_html(f"<html><body><div>{markup}</div></body></html>").find("body/div")
    for child in list(el):
        el.remove(child)
    el.text = holder.text if holder is not None else None
    if holder is not None:
        for child in list(holder):
            el.append(child)
