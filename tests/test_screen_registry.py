"""A screen in one place: the registry (tui/screens/__init__.py) finds every screen module;
the routing, the title, the preload and the stylesheets read it. Adding a screen is one
module and its styles: the last test adds one to a copy of the package and meets it on
the title, by its key, styled, and in the preload."""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

from textual.screen import Screen

import colorcards
import colorcards.tui
from colorcards.tui import screens
from colorcards.tui.app import ColorCardsApp


def _screen_modules() -> set[str]:
    """Every module of the app that defines a screen (imported, and looked into)."""
    found = set()
    for info in pkgutil.walk_packages(colorcards.tui.__path__, "colorcards.tui."):
        module = importlib.import_module(info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, Screen) and value.__module__ == info.name:
                found.add(info.name)
    return found


def test_every_screen_is_in_the_registry_and_so_in_the_preload():
    """Every module defining a screen is one the registry lists (the preload imports the
    registry's list: `preload.warm_up`)."""
    listed = set(screens.modules())
    defined = _screen_modules()
    assert {"colorcards.tui.screens.table", "colorcards.tui.screens.practice"} <= defined
    assert defined <= listed, f"screens outside the registry: {sorted(defined - listed)}"


PRELOADED = r"""
import json, sys
from colorcards.tui import preload

before = set(sys.modules)
preload.warm_up().join()
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_the_preload_imports_every_screen_module():
    """In a fresh interpreter, the warm-up's thread imports each module the registry
    lists: none is first imported by a screen's opening."""
    out = subprocess.run([sys.executable, "-c", PRELOADED], check=True, capture_output=True,
                         text=True, timeout=120)
    imported = set(json.loads(out.stdout.splitlines()[-1]))
    missing = [name for name in screens.modules() if name not in imported
               and name != "colorcards.tui.screens"]
    assert not [m for m in missing if m in _screen_modules()], missing


def test_each_place_is_read_as_its_module_declares_it():
    """The registry reads `PLACE` from each module's source without importing it: what it
    reads is what the module holds, and each place can open itself (`show`)."""
    places = screens.places()
    assert {"new", "stats", "history", "practice", "rules"} <= set(places)
    for where in places.values():
        module = importlib.import_module(where.module)
        assert screens.declared(Path(module.__file__)) == module.PLACE
        assert callable(module.show)
    assert [p.name for p in screens.title_places()] == [
        "new", "stats", "history", "practice", "rules"]


def test_the_app_reads_every_stylesheet_of_the_screens():
    own = {p.name for p in Path(screens.__file__).parent.glob("*.tcss")}
    read = {Path(p).name for p in ColorCardsApp.CSS_PATH}
    assert own <= read


TROPHIES = '''"""A screen added for the test: Trophies, from the title."""

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from .go import Back, Go, Host

PLACE = {"name": "trophies", "label": "Trophies", "key": "y", "title": 6}


def show(app: Host, back: Back) -> None:
    app.push_screen(TrophiesScreen(), lambda _: back())


class TrophiesScreen(Screen[Go]):
    BINDINGS = [("escape", "dismiss(None)", "Back")]

    def compose(self) -> ComposeResult:
        yield Static("Your trophies", id="trophies-page")
'''

TROPHIES_CSS = "#trophies-page { width: 33; }\n"

MEET = r"""
import asyncio, json, sys
import colorcards
from colorcards.tui import preload, screens
from colorcards.tui.app import ColorCardsApp

async def main():
    seen = {"package": colorcards.__file__, "preload": screens.modules()}
    app = ColorCardsApp(data_dir=sys.argv[1])
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        seen["title"] = [str(b.label) for b in app.screen.query("MenuButton")]
        await pilot.press("y")
        await pilot.pause()
        seen["opened"] = type(app.screen).__name__
        seen["width"] = app.screen.query_one("#trophies-page").size.width
        await pilot.press("escape")
        await pilot.pause()
        seen["back"] = type(app.screen).__name__
    print(json.dumps(seen))

asyncio.run(main())
"""


def test_adding_a_screen_is_one_module_and_its_styles(tmp_path):
    """A copy of the package with one module and one stylesheet added, nothing else
    touched: the title offers the new screen, its key opens it, its styles apply,
    Escape comes back, and the preload lists it."""
    copy = tmp_path / "colorcards"
    shutil.copytree(Path(colorcards.__file__).parent, copy,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "tui" / "screens" / "trophies.py").write_text(TROPHIES, encoding="utf-8")
    (copy / "tui" / "screens" / "trophies.tcss").write_text(TROPHIES_CSS, encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", MEET, str(tmp_path / "data")], check=True,
                         capture_output=True, text=True, timeout=120, cwd=tmp_path,
                         env={**_environment(), "PYTHONPATH": str(tmp_path)})
    seen = json.loads(out.stdout.splitlines()[-1])
    assert Path(seen["package"]).parent == copy
    assert "Trophies  (Y)" in seen["title"]
    assert seen["opened"] == "TrophiesScreen" and seen["width"] == 33
    assert seen["back"] == "TitleScreen"
    assert "colorcards.tui.screens.trophies" in seen["preload"]


def _environment() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
