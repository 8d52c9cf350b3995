"""The table's autosave: every change written to the store before it is drawn, and only
a change the store has not seen.

A change of play (a move, a card drawn, the hand sorted, the coach's note) is written at
once (`request`), before the frame that shows it: whatever the player sees is on disk,
so a kill at any moment loses nothing shown. Only the cursor's place, which no replay or
resume depends on, waits for the frame (`request_soon`), and goes in the next write.
A save whose key (what was played, the hand's order, the computers' generators) is the
one last written is skipped. A write that failed (a full disk) is written again at the
next change, or when the host retries (`retry`). Once the match is recorded (`close`),
nothing more is saved: the store has cleared the game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol

from ..engine import Game
from .meta import TableMeta

SAVE_DELAY = 0.1
"""Seconds after the cursor moves before its place is saved (on the table's clock), so
that the frame showing it is drawn first: a front end draws a change as soon as it is
idle, and a save made before that would delay the frame. Every change of play is saved
before its frame (`request`); a pause or quitting writes a waiting save at once."""


class SaveSlot(Protocol):
    """Where a game in progress is kept (the store's save slot)."""

    def save_game(self, game: Game, meta: TableMeta, log: list[str]) -> bool:
        """Keep `game` with its meta and its log, replacing the last save; whether it
        was written."""


class Autosave:
    """Saves one table's game at each change, before the change is drawn."""

    def __init__(self, slot: SaveSlot | None, defer: Callable[[Callable[[], None]], None],
                 key: Callable[[], Hashable],
                 contents: Callable[[], tuple[Game, TableMeta, list[str]]],
                 closed: bool = False) -> None:
        self.slot = slot
        """The store (None: the game is not saved, as in tests)."""
        self._defer = defer
        """Run a save once the change is on screen (the table's clock, `SAVE_DELAY`)."""
        self._key = key
        """What tells one saved state from another, cheaply."""
        self._contents = contents
        """The game, its meta and its log, as the store keeps them now."""
        self.closed = closed
        """The match is recorded: nothing more is saved."""
        self.unsaved = False
        """The last write failed: what the table shows is not on disk (`retry`)."""
        self._due = False
        self._deferred = False
        self._saved_at: Hashable = None

    def request(self) -> None:
        """The game changed: write it now, before the change is drawn."""
        self._due = True
        self.flush()

    def request_soon(self) -> None:
        """Something changed that no resume depends on (the cursor): write it once the
        change is drawn, or with the next change, whichever comes first."""
        self._due = True
        if not self._deferred:
            self._deferred = True
            self._defer(self._run_deferred)

    def _run_deferred(self) -> None:
        self._deferred = False
        self.flush()

    def flush(self) -> None:
        """Write the save now if a change is waiting."""
        if not self._due:
            return
        self._due = False
        if self.slot is None or self.closed:
            return
        key = self._key()
        if key == self._saved_at and not self.unsaved:
            return
        written = self.slot.save_game(*self._contents())
        self.unsaved = not written
        self._saved_at = key if written else None

    def retry(self) -> bool:
        """Write the game again if its last write failed; whether it is saved now."""
        if self.unsaved:
            self._due = True
            self.flush()
        return not self.unsaved

    def forget(self) -> None:
        """The table went back to an earlier state: the next save is written whatever
        its key (the store's copy is of the state taken back)."""
        self._saved_at = None

    def close(self) -> None:
        """Write what is waiting; then save no more (the match is recorded)."""
        self.flush()
        self.closed = True
