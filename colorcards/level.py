"""The difficulty levels, written once for every layer.

A `Level` is a `str` ("easy", ...), so it goes into JSON, SQLite and command lines as it
is, and a level read back from any of them compares equal to the member. It imports
nothing, so the engine's neighbours (bots) and the layers above (store, tui, cli) can
all use it.
"""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """How well the computer players play; every computer at a table plays at one level."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    CRAZY = "crazy"

    @property
    def label(self) -> str:
        """The level as players read it: 'Easy'."""
        return self.value.capitalize()


LEVELS: tuple[Level, ...] = tuple(Level)
"""The levels offered to players, weakest first."""
