"""Work the player does not wait on runs below the table: a lower priority for a process.

The coach's child (the tutor's judgements and the reviews, coach/service.py) runs in a
process of its own; at a lower priority (Unix's `nice`) the operating system gives the
table's process the processor first whenever both want it, so a key press never waits
behind a judgement. Its background reviews run in a thread lower still, where the system
keeps a priority for each thread. Imports nothing of the game: it is called before the
heavy imports.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading

TUTOR = 10
"""The tutor's coach: below the table, above the background reviews (its note is awaited)."""

REVIEWS = 19
"""The background reviews: the lowest, so that any other work comes first (a process's
`nice` counted from the game's own: the background's thread is lowered by the
difference)."""


def lower_priority(niceness: int) -> None:
    """Lower this process's priority by `niceness`; where that is not allowed (or there is
    no `nice`), it runs at the game's own."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)


def lower_thread_priority(niceness: int) -> None:
    """Lower the calling thread's priority alone by `niceness`, where the system keeps a
    priority for each thread (Linux); elsewhere it runs at its process's."""
    if sys.platform != "linux" or not hasattr(os, "setpriority"):
        return
    with contextlib.suppress(OSError):
        thread = threading.get_native_id()
        now = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(19, now + niceness))
