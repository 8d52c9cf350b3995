"""The app's own garbage collections: at moments when nobody waits for a frame (the title
drawn again, a table just mounted), so that none comes due in the middle of a key.

`FULL` says whether they walk every generation. In the game they do; tests turn it off
(tests/conftest.py), since in a test process a full collection walks pytest's heap and
every earlier test's leftovers too, a large part of a table's set-up there.
"""

from __future__ import annotations

import gc

FULL = True
"""Whether `collect` walks every generation (False: the youngest only)."""


def collect() -> None:
    """Collect garbage now."""
    gc.collect(2 if FULL else 0)
