"""The screens' modules, imported in a thread of their own once the title is drawn.

The title's first frame imports only what the title shows; every other screen's module
(and what it brings: the Markdown parser behind the rules, the replay, the table with
the computers and the coach) is imported here while the player reads the title, so
that no screen's first opening waits for its imports. Importing is all this does: the
modules' classes are built on the event loop as ever. A module imported meanwhile by
the loop itself waits for this thread's import of it (Python's import lock), never
twice.
"""

from __future__ import annotations

import contextlib
import threading
from importlib import import_module

MODULES = (
    "colorcards.tui.screens.newgame",
    "colorcards.tui.screens.stats",
    "colorcards.tui.learn",
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


def warm_up(modules: tuple[str, ...] = MODULES) -> threading.Thread:
    """Import `modules` in a daemon thread, in order; the thread, started."""

    def run() -> None:
        for name in modules:
            # A module that cannot be imported fails again, loudly, where it is used.
            with contextlib.suppress(Exception):
                import_module(name)

    thread = threading.Thread(target=run, name="colorcards-warm-up", daemon=True)
    thread.start()
    return thread
