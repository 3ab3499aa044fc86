"""No import circle in `builders/` or `eval/`, and reading a manifest stays light.

The graph is built from the source (the AST of every module), not by importing it, so an import made
only for type checking (`if TYPE_CHECKING:`) or inside a function counts as well: either is a
dependency, and a circle of dependencies means two modules that cannot be read, tested or moved one
without the other. `import a.b` and `from a import b` (b a module) name `a.b`; `from a.b import c`
(c a name) names `a.b`. The packages a module sits in are not counted: importing `a.b.c` runs
`a/__init__.py`, but a package that re-exports its modules would otherwise be a circle with each.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("builders", "eval")


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> its file, for every module of `PACKAGES`."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that module `name` (at `path`) imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: `from . import x`, `from ..y import z`
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                if f"{source}.{alias.name}" in known:
                    targets.add(f"{source}.{alias.name}")
                elif source in known:
                    targets.add(source)
    targets.discard(name)
    return targets


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imported(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Each strongly connected group of more than one module, as one circle through it (a -> b -> a).

    Tarjan's algorithm, without recursion (the graph has over a thousand modules).
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
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
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    yield _circle_through(min(group), group, graph)


def _circle_through(start: str, group: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest path from `start` back to itself inside `group` (breadth first)."""
    paths = {start: [start]}
    queue = [start]
    for node in queue:
        for child in sorted(graph[node] & group):
            if child == start:
                return [*paths[node], start]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    raise AssertionError(f"{start} is in a strongly connected group but on no circle")


def test_there_is_no_import_circle_in_builders_or_eval() -> None:
    found = [" -> ".join(circle) for circle in circles(import_graph())]
    assert found == [], "import circles (cut each where the code says it belongs):\n" + "\n".join(found)


def test_the_graph_sees_imports_made_for_type_checking_and_inside_functions(tmp_path: Path) -> None:
    """The finder itself: a circle closed only under `TYPE_CHECKING`, or only in a function, is found."""
    package = tmp_path / "builders"
    (package / "core").mkdir(parents=True)
    (tmp_path / "eval").mkdir()
    (package / "__init__.py").write_text("")
    (package / "core" / "__init__.py").write_text("from . import a\n")
    (package / "core" / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from builders.core.b import B\n"
    )
    (package / "core" / "b.py").write_text("def f():\n    from builders.core import a\n")
    (package / "core" / "c.py").write_text("import builders.core.a\n")
    graph = import_graph(tmp_path)
    assert graph["builders.core"] == {"builders.core.a"}
    assert graph["builders.core.c"] == {"builders.core.a"}
    assert list(circles(graph)) == [["builders.core.a", "builders.core.b", "builders.core.a"]]


#: Imported by every reader of a built folder: none may pull in the drawing machinery.
PROBE = """
import json, sys
from builders.core.folder import BuiltFolder
from builders.core.manifest import Manifest
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("PIL", "resvg", "numpy")
                        or m in ("builders.core.raster", "builders.core.family"))))
"""


def test_reading_a_manifest_imports_no_rasteriser() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []
