"""The screens, and the registry that finds them: a screen is one module of this package
(and its styles, a stylesheet of the same name beside it, when it has any).

The registry lists the package's modules; the app's routing, the title's menu, the
preload and the app's stylesheets read it, so adding a screen touches nothing else
(tests/test_screen_registry.py adds one). A screen the player can be sent to by name (a
*place*: from the title, the pause menu, another screen) declares it in its module:

    PLACE = {"name": "stats", "label": "Statistics", "key": "s", "title": 3}
    def show(app: Host, back: Back) -> None: ...   # opens it; `back()` is its Escape

`title` is its rank on the title's menu (leave it out: not on the title). The registry
reads `PLACE` from the module's source, one line, without importing the module: the
title's first frame imports only what the title shows, and the screens' modules
together take several times as long to import as the title's first frame (the Rules
screen's Markdown parser, the replay, the table with the computers and the coach);
they are imported once the title is drawn (preload.py), or when first opened. A test
checks that each `PLACE` read is the one its module holds.

Each screen is handed plain values and returns its answer with `dismiss()` (a `Go`, or
a `Place` to open, which the app takes in one place); none of them touches the game or
the store.

What has the focus when a screen opens is its `AUTO_FOCUS`, which Textual gives once the
screen is composed, never a focus set in `on_mount`: a binding's action runs at once,
even on a screen still composing, and a quick second key (Escape twice, N as the
results appear) closed the screen before it mounted; its `on_mount` then failed to find
the widget and stopped the app.
"""

from __future__ import annotations

import ast
import functools
import pkgutil
import re
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .go import Back, Host

HERE = Path(__file__).parent

SHARED_CSS = HERE / "screens.tcss"
"""The styles the screens share (dialogs, menus, buttons); each screen's own sit in a
stylesheet of its module's name."""

_DECLARED = re.compile(r"^PLACE = (\{.*\})$", re.MULTILINE)


@dataclass(frozen=True)
class Place:
    """A screen the player can be sent to by name (see the module docstring)."""

    name: str
    """What answers and buttons call it ('stats'): a button's id, a binding's argument."""
    label: str
    """Its name on a menu ('Statistics')."""
    key: str
    """The key that opens it from the title ('s')."""
    module: str
    """The module that shows it (its full name)."""
    title: int | None = None
    """Its rank on the title's menu (None: not on the title)."""

    def open(self, app: Host, back: Back) -> None:
        """Show it (the module is imported now if the preload has not yet)."""
        import_module(self.module).show(app, back)


def modules() -> list[str]:
    """Every screen module's full name, the title's places first (in the title's order),
    then the others by name: the order the preload imports them in."""
    return _registry(HERE, __name__)[0]


def places() -> dict[str, Place]:
    """Every place, by name."""
    return _registry(HERE, __name__)[1]


def place(name: str) -> Place:
    """The place called `name` (KeyError if no screen declares it)."""
    return places()[name]


def title_places() -> list[Place]:
    """The places the title offers, in its order."""
    return sorted((p for p in places().values() if p.title is not None),
                  key=lambda p: p.title or 0)


def stylesheets() -> list[Path]:
    """The screens' stylesheets, for the app's CSS_PATH: the shared one, then each
    screen's own by name (a later sheet wins where two say the same)."""
    own = sorted(p for p in HERE.glob("*.tcss") if p != SHARED_CSS)
    return [SHARED_CSS, *own]


def declared(path: Path) -> dict[str, Any] | None:
    """The `PLACE` a module's source declares, read without importing it (None: the
    module declares none)."""
    found = _DECLARED.search(path.read_text(encoding="utf-8"))
    if found is None:
        return None
    value = ast.literal_eval(found.group(1))
    if not isinstance(value, dict):
        raise TypeError(f"{path.name}: PLACE is not a dict")
    return value


@functools.cache
def _registry(folder: Path, package: str) -> tuple[list[str], dict[str, Place]]:
    names = [info.name for info in pkgutil.iter_modules([str(folder)])]
    found: dict[str, Place] = {}
    for name in names:
        data = declared(folder / f"{name}.py")
        if data is not None:
            where = Place(module=f"{package}.{name}", **data)
            if where.name in found:
                raise ValueError(f"two screens are called {where.name!r}")
            found[where.name] = where
    ranked = [p.module.rsplit(".", 1)[1] for p in
              sorted(found.values(), key=lambda p: (p.title is None, p.title or 0, p.name))]
    ordered = ranked + sorted(set(names) - set(ranked))
    return [f"{package}.{name}" for name in ordered], found
