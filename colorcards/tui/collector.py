"""When Python's garbage collector runs in the app: the app's policy, in one place.

Drawing a frame makes thousands of objects, and Python's collections come due by how
many were made: nearly every key's frame met a young collection and now and then a full
one, which walks every object the process holds (Textual, Rich, the stylesheets, the
game: tens of thousands), long enough to be felt (tests/benchmarks/TUI.md). So:

- a key or a click holds the collector until its frame is drawn (`hold`, `HOLD`
  seconds on the app's clock), and lets it go then;
- what start-up made (imported, styled, once the preload is done) lives as long as the
  app: it is left out of collections (`gc.freeze`, `started`);
- a table being up, what it holds is left out too until it goes (`seated`, `unseated`);
- at moments nobody waits for a frame (the title drawn again before any table, a table
  just up), garbage is collected by the app (`collect`), so that none comes due in the
  middle of the next screen's opening.

`full` says whether the app's own collections walk every generation: the program's do
(cli.py); an app made otherwise (tests: in a test process a full collection walks
pytest's heap and every earlier test's leftovers too) collects the youngest only.
"""

from __future__ import annotations

import gc

from ..session.clocks import Clock, Timer

HOLD = 0.1
"""Seconds after a key or a click (on the app's clock) during which the collector
waits: the key's frame is drawn by then."""


class Collector:
    """The app's collector policy (see the module docstring)."""

    def __init__(self, full: bool = False) -> None:
        self.full = full
        """Whether the app's own collections walk every generation."""
        self._held: Timer | None = None
        """The end of the hold, while a key holds the collector."""
        self._seated = False
        """Whether a table has been up (it then freezes and thaws what it holds)."""
        self._frozen = False
        """Whether what start-up made is left out of collections."""

    def collect(self) -> None:
        """Collect garbage now."""
        gc.collect(2 if self.full else 0)

    def hold(self, clock: Clock) -> None:
        """No collection until the input just come is answered on screen (`HOLD` from
        now); nothing if someone else turned the collector off."""
        if self._held is not None or not gc.isenabled():
            return  # already held (from the first key), or not ours to hold
        gc.disable()
        self._held = clock.schedule(HOLD, self.release)

    def release(self) -> None:
        """Collections run again (the hold is over, or the app closes)."""
        if self._held is not None:
            self._held.stop()
            self._held = None
            gc.enable()

    def started(self) -> bool:
        """Start-up is done (the screens' modules imported): what it made is left out of
        collections; whether it was. Not once a table has been up: it freezes what it
        holds itself."""
        if not self._seated:
            gc.freeze()
            self._frozen = True
        return not self._seated

    def tidy(self) -> None:
        """The title is drawn again: collect what the screens closed since left behind.
        Only once start-up is frozen and before any table: a collection then walks a
        small part of the process's objects, every object otherwise."""
        if self._frozen and not self._seated:
            self.collect()

    def seated(self) -> None:
        """A table is up: what is alive now is left out of collections until it goes
        (the old table is gone before a new one is up)."""
        self._seated = True
        self.collect()
        gc.freeze()

    def unseated(self) -> None:
        """The table went: what it held may be garbage now, collections see it again."""
        gc.unfreeze()
