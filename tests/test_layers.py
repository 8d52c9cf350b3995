"""STYLE.md §1: engine/, bots/, coach/ and replay/ never import Textual, sqlite3 or platformdirs."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import colorcards

PACKAGE = Path(colorcards.__file__).parent
FORBIDDEN = ("textual", "sqlite3", "platformdirs")
LAYERS = ("engine", "bots", "coach", "replay")


def _called_name(call: ast.Call) -> str:
    """The name a call is made by: `f(...)` gives f, `mod.f(...)` gives f."""
    return getattr(call.func, "id", getattr(call.func, "attr", ""))


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports (absolute names; relative ones resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                names.add(".".join(base + ([node.module] if node.module else [])))
            else:
                names.add(node.module)
        elif isinstance(node, ast.Call) and _called_name(node) in ("__import__", "import_module"):
            if node.args and isinstance(node.args[0], ast.Constant):
                names.add(str(node.args[0].value))
    return names


SOURCES = sorted(p for layer in LAYERS for p in (PACKAGE / layer).rglob("*.py"))


def test_layers_have_sources():
    """The check looks at real files (an empty list would pass vacuously)."""
    assert any(p.parent.name == "engine" for p in SOURCES)
    assert any(p.parent.name == "bots" for p in SOURCES)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_forbidden_imports_in_source(path):
    """No engine or bots module imports Textual, sqlite3, platformdirs, or the tui/store layers."""
    for name in imported_modules(path):
        root = name.split(".")[0]
        assert root not in FORBIDDEN, f"{path.name} imports {name}"
        above = name.startswith(("colorcards.tui", "colorcards.store"))
        assert not above, f"{path.name} imports {name}"


@pytest.mark.parametrize("module", ["colorcards.engine", "colorcards.bots", "colorcards.replay"])
def test_importing_a_layer_loads_nothing_forbidden(module):
    """Importing the layer in a fresh interpreter pulls in none of the forbidden packages."""
    code = (f"import sys, json, {module}; "
            "print(json.dumps(sorted(m for m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    loaded = json.loads(out.stdout)
    assert module in loaded
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert bad == []


# ---------------------------------------------------------------- the whole order

RANKS = {
    "level": 0, "priority": 0, "rulebook": 0, "lifeline": 0,
    "engine": 1,
    "bots": 2, "settings": 2,
    "coach": 3,
    "replay": 4,
    "session": 5,
    "store": 6, "web": 6,
    "tui": 7, "plain": 7,
    "sim": 8, "commands": 8,
    "cli": 9, "__main__": 10,
}
"""Each part of the package by its layer: a module imports only from layers below its
own (and from its own part). engine < bots < coach < replay < session < store < tui < cli;
`session/` is one game at the table without Textual, and the store keeps what it says;
`web/` serves the game (its words are read by the app a tab runs)."""


def _part(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "colorcards" and len(parts) > 1 else None


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


ALL_SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_every_part_of_the_package_has_a_layer():
    parts = {_part(_module_name(p)) for p in ALL_SOURCES} - {None}
    assert parts <= set(RANKS), f"parts without a layer: {sorted(parts - set(RANKS))}"
    assert {"engine", "session", "tui", "store"} <= parts


@pytest.mark.parametrize("path", ALL_SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_down_the_layers(path):
    """engine < bots < coach < replay < session < store < tui < cli (RANKS), counting the
    imports made inside functions too."""
    own = _part(_module_name(path))
    if own is None:
        return  # colorcards/__init__.py
    for name in imported_modules(path):
        other = _part(name)
        if other is None or other == own:
            continue
        assert RANKS[other] < RANKS[own], \
            f"{path.relative_to(PACKAGE)} ({own}) imports {name} ({other}), not below it"


def _imports_of(path: Path, module: str, modules: set[str]) -> set[str]:
    """The package's modules a file imports, as it loads or inside its functions and
    classes (not under TYPE_CHECKING, which never runs): the imports that make a cycle.
    `from pkg import mod` names the module, not the package, when `mod` is one of
    `modules`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()

    class Imports(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if "TYPE_CHECKING" in ast.unparse(node.test):
                for other in node.orelse:
                    self.visit(other)
                return
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            names.update(a.name for a in node.names)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                head = ".".join(base + ([node.module] if node.module else []))
            else:
                head = node.module or ""
            subs = {f"{head}.{a.name}" for a in node.names}
            names.update(subs & modules)
            if subs - modules:
                names.add(head)

    Imports().visit(tree)
    return names


def import_cycles(package: Path) -> list[list[str]]:
    """The import cycles among the modules of `package` (a folder), imports inside
    functions included: each a chain of module names that comes back to its first."""
    sources = sorted(package.rglob("*.py"))

    def name(path: Path) -> str:
        parts = path.relative_to(package.parent).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    modules = {name(p): p for p in sources}
    graph = {m: {n for n in _imports_of(p, m, set(modules)) if n in modules and n != m}
             for m, p in modules.items()}
    seen: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def walk(m: str) -> None:
        seen[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if seen.get(n) == 1:
                cycles.append([*stack[stack.index(n):], n])
            elif n not in seen:
                walk(n)
        stack.pop()
        seen[m] = 2

    for m in sorted(graph):
        if m not in seen:
            walk(m)
    return cycles


def test_no_import_cycle_in_the_package():
    """No module imports a module that imports it back (through any chain), whether it
    imports it as it loads or only inside a function: a cycle through a function's
    import still ties the two modules into one."""
    cycles = import_cycles(PACKAGE)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_the_cycle_check_sees_imports_inside_functions(tmp_path):
    """A cycle made only by an import inside a function is found (the check can fail)."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def f():\n    from . import a\n    return a\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\n"
                                   "if TYPE_CHECKING:\n    from . import a\n")
    assert import_cycles(package) == [["pkg.a", "pkg.b", "pkg.a"]]
