"""No import cycle between the modules of `pnp` and `scorekeeper`.

Every Import and ImportFrom anywhere in a file counts (function-level ones too: a cycle
through a lazy import is still a cycle in the design). `import a.b.c` and
`from a.b import c` are edges to the module a.b.c if it exists, else to the longest
existing prefix (a.b). Importing a submodule does not count as importing the packages
above it (Python runs their `__init__` first, but that is no dependency of the code), so
a package whose `__init__` gathers its submodules is no cycle with them; importing a
name from a package's `__init__` does count.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("pnp", "scorekeeper")


def modules() -> dict[str, Path]:
    """Every module of PACKAGES by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = path.relative_to(REPO).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _target(name: str, known: dict[str, Path]) -> str | None:
    """`name` if it is a module of PACKAGES, else its longest prefix that is; None."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _targets(node: ast.AST, module: str, is_package: bool, known: dict[str, Path]) -> set[str]:
    """The modules of PACKAGES that `node` imports (relative imports resolved from
    `module`): `from a.b import c` is a.b.c if that is a module, else a.b."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join(package + ([base] if base else []))
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
    else:
        return set()
    return {t for name in names if (t := _target(name, known)) and t != module}


def graph() -> dict[str, set[str]]:
    """module -> the modules of PACKAGES it imports anywhere in its file (a fresh copy;
    the files are parsed again only when one of them changed)."""
    known = modules()
    state = tuple((module, path, path.stat().st_mtime_ns) for module, path in known.items())
    return {module: set(targets) for module, targets in _graph(state).items()}


@functools.lru_cache(maxsize=1)
def _graph(state: tuple[tuple[str, Path, int], ...]) -> dict[str, frozenset[str]]:
    known = {module: path for module, path, _ in state}
    edges: dict[str, frozenset[str]] = {}
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        edges[module] = frozenset().union(
            *(_targets(node, module, path.name == "__init__.py", known) for node in ast.walk(tree))
        )
    return edges


def find_cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (a list of modules, first repeated last) per strongly connected group
    of modules that import each other (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [_cycle_in(sorted(g), edges) for g in groups]


def _cycle_in(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """A path from the group's first module back to itself inside the group."""
    start, members = group[0], set(group)
    paths, seen = [[start]], {start}
    while paths:
        path = paths.pop(0)
        for w in sorted(edges[path[-1]] & members):
            if w == start:
                return path + [start]
            if w not in seen:
                seen.add(w)
                paths.append(path + [w])
    return group


def test_the_graph_sees_function_level_from_and_relative_imports():
    edges = graph()
    assert "scorekeeper.commands" in edges["scorekeeper.cli"]  # from x import y
    assert (
        "scorekeeper.games.hack_attack.cards" in edges["scorekeeper.games.hack_attack.verbs"]
    )  # inside a function
    assert "scorekeeper.games" in edges["scorekeeper.session"]  # a package's names
    known = dict.fromkeys(["p", "p.a", "p.b", "p.q", "p.q.c"], Path())
    code = ast.parse("from . import c, X\nfrom ..b import Y\nfrom .. import a\nimport p.q.c.Z")

    def targets(module: str, is_package: bool) -> set[str]:
        return set().union(*(_targets(n, module, is_package, known) for n in ast.walk(code)))

    assert targets("p.q.m", False) == {"p.q.c", "p.q", "p.b", "p.a"}
    assert targets("p.q", True) == {"p.q.c", "p.b", "p.a"}  # no edge to itself
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package):
    cycles = [c for c in find_cycles(graph()) if any(m.split(".")[0] == package for m in c)]
    assert not cycles, "import cycle(s):\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_the_shared_commands_never_import_the_cli():
    assert not any("scorekeeper.cli" in targets for targets in graph().values())
