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
