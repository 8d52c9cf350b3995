"""The screens' modules, imported in a thread of their own once the title is drawn.

The title's first frame imports only what the title shows; every other screen's module
(every module the registry lists, screens/__init__.py, and what it brings: the Markdown
parser behind the rules, the replay, the table with the computers and the coach) is
imported here while the player reads the title, so that no screen's first opening
waits for its imports. Importing is all the thread does: the modules' classes are built
on the event loop as ever. A module imported meanwhile by the loop itself waits for this
thread's import of it (Python's import lock), never twice.

Once they are imported, on the loop (`ahead`): what the process holds then is left out
of garbage collections (collector.py), and each screen module with an `ahead(app)`
prepares what its first opening would otherwise do (the Rules screen lays its page out).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from .screens import modules


def warm_up(done: Callable[[], object] | None = None,
            names: Sequence[str] | None = None) -> threading.Thread:
    """Import the screens' modules (or `names`) in a daemon thread, in the registry's
    order, then call `done` (in that thread); the thread, started."""
    wanted = list(modules() if names is None else names)

    def run() -> None:
        for name in wanted:
            # A module that cannot be imported fails again, loudly, where it is used.
            with contextlib.suppress(Exception):
                import_module(name)
        if done is not None:
            with contextlib.suppress(Exception):  # the app may have gone meanwhile
                done()

    thread = threading.Thread(target=run, name="colorcards-warm-up", daemon=True)
    thread.start()
    return thread


def ahead(app: Any) -> None:
    """On the loop, once `warm_up` is done: each imported screen module's `ahead(app)`."""
    for name in modules():
        module = sys.modules.get(name)
        prepare = getattr(module, "ahead", None)
        if prepare is not None:
            app.call_later(prepare, app)
