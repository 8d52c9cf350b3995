"""The screens' modules, imported in a thread of their own once the title is drawn.

The title's first frame imports only what the title shows; every other screen's module
(and what it brings: the Markdown parser behind the rules, the replay, the table with
the computers and the coach) is imported here while the player reads the title, so
that no screen's first opening waits for its imports. Importing is all this does: the
modules' classes are built on the event loop as ever. A module imported meanwhile by
the loop itself waits for this thread's import of it (Python's import lock), never
twice.

Once they are imported, what the process holds then (Textual, Rich, the stylesheets, the
game's modules: tens of thousands of objects) is left out of Python's garbage
collections (`gc.freeze`, on the loop, through `done`): a full collection walked it
all, long enough to be felt, and one landed on a screen's opening every second or third
time (tests/benchmarks/TUI.md).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from importlib import import_module

MODULES = (
    "colorcards.tui.screens.newgame",
    "colorcards.tui.screens.stats",
    "colorcards.tui.looking_back",
    "colorcards.tui.screens.history",
    "colorcards.tui.screens.rules",
    "colorcards.tui.screens.replay",
    "colorcards.tui.screens.pause",
    "colorcards.tui.screens.confirm",
    "colorcards.tui.table",
    "colorcards.tui.screens.chooser",
    "colorcards.tui.screens.results",
    "colorcards.tui.screens.review",
    "colorcards.tui.screens.help",
)
"""What the screens after the title import, the ones the title opens first."""


def warm_up(modules: tuple[str, ...] = MODULES,
            done: Callable[[], object] | None = None) -> threading.Thread:
    """Import `modules` in a daemon thread, in order, then call `done` (in that thread);
    the thread, started."""

    def run() -> None:
        for name in modules:
            # A module that cannot be imported fails again, loudly, where it is used.
            with contextlib.suppress(Exception):
                import_module(name)
        if done is not None:
            with contextlib.suppress(Exception):  # the app may have gone meanwhile
                done()

    thread = threading.Thread(target=run, name="colorcards-warm-up", daemon=True)
    thread.start()
    return thread
