"""The package's shape: no import circle between web2md's modules, a short top level, the pure core apart from Scrapy,
and no reference to a brief that is not in the repository."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "web2md"
MAX_LOOSE_MODULES = 10


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The web2md modules `path` imports anywhere in it (at the top, in a function, under TYPE_CHECKING)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != "web2md":
                found.add(target)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_module_imports_one_that_imports_it_back():
    known = modules()
    graph = {name: imports(path, known) - {name} for name, path in known.items()}
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_top_level_is_short():
    loose = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(loose) <= MAX_LOOSE_MODULES, loose


def test_the_core_imports_no_scrapy():
    """extract/ and formats/ are pure: no Scrapy, no Twisted, no network."""
    known = modules()
    for name, path in known.items():
        if name.startswith(("web2md.extract", "web2md.formats")):
            source = path.read_text(encoding="utf-8")
            tree = ast.parse(source)
            for node in ast.walk(tree):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                    assert not any(n.split(".")[0] in ("scrapy", "twisted") for n in names), name
            assert all(not n.startswith(("web2md.spiders", "web2md.middlewares")) for n in imports(path, known))


def test_no_reference_to_a_brief_outside_the_repository():
    tracked = subprocess.run(["git", "grep", "-n", "SPEC \u00a7"], cwd=ROOT, capture_output=True, text=True)
    assert tracked.stdout == ""
