"""The table's autosave: every change written to the store once it is on screen, and
only a change the store has not seen.

A change asks for a save (`request`); the table runs the save after the frame that shows
the change (`SAVE_DELAY`: a save used to delay that frame), and every change made
meanwhile goes in the same write. A pause or quitting writes a waiting save at once
(`flush`). A save whose key (what was played, the hand's order, the computers'
generators) is the one last written is skipped. Once the match is recorded
(`close`), nothing more is saved: the store has cleared the game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol

from ..engine import Game
from .meta import TableMeta

SAVE_DELAY = 0.1
"""Seconds the autosave waits after a change (on the table's clock), so that the frame
showing it is drawn first: a front end draws a change as soon as it is idle, and a save
made before that would delay the frame. A pause or quitting writes a waiting save at
once."""


class SaveSlot(Protocol):
    """Where a game in progress is kept (the store's save slot)."""

    def save_game(self, game: Game, meta: TableMeta, log: list[str]) -> object:
        """Keep `game` with its meta and its log, replacing the last save."""


class Autosave:
    """Saves one table's game after each change, once the change has been drawn."""

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
        self._due = False
        self._saved_at: Hashable = None

    def request(self) -> None:
        """The game changed: save it once the change is drawn (a save waiting already
        writes this change too)."""
        if not self._due:
            self._due = True
            self._defer(self.flush)

    def flush(self) -> None:
        """Write the save now if a change is waiting."""
        if not self._due:
            return
        self._due = False
        if self.slot is None or self.closed:
            return
        key = self._key()
        if key == self._saved_at:
            return
        self._saved_at = key
        self.slot.save_game(*self._contents())

    def forget(self) -> None:
        """The table went back to an earlier state: the next save is written whatever
        its key (the store's copy is of the state taken back)."""
        self._saved_at = None

    def close(self) -> None:
        """Write what is waiting; then save no more (the match is recorded)."""
        self.flush()
        self.closed = True
