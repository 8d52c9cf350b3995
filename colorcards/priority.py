"""Work the player does not wait on runs below the table: a lower priority for a process.

The coach's child (the tutor's judgements) and the background reviews each run in a
process of their own; at a lower priority (Unix's `nice`) the operating system gives the
table's process the processor first whenever both want it, so a key press never waits
behind a judgement. Imports nothing of the game: it is called before the heavy imports.
"""

from __future__ import annotations

import contextlib
import os

TUTOR = 10
"""The tutor's coach: below the table, above the background reviews (its note is awaited)."""

REVIEWS = 19
"""The background reviews: the lowest, so that any other work comes first."""


def lower_priority(niceness: int) -> None:
    """Lower this process's priority by `niceness`; where that is not allowed (or there is
    no `nice`), it runs at the game's own."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)
