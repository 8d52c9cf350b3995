"""What the table (controller.py) needs of the store it saves to: a protocol, so that the
session names nothing of the store (a layer above it)."""

from __future__ import annotations

from typing import Any, Protocol

from ..engine import Game
from .autosave import SaveSlot
from .meta import TableMeta


class Recorded(Protocol):
    """What the store's record of a finished match tells the table."""

    @property
    def game_id(self) -> str: ...


class TableStore(SaveSlot, Protocol):
    """Where the table's game is kept: saved after every change, recorded at its end."""

    def finish_game(self, game: Game, meta: TableMeta, log: list[str],
                    review: dict[str, Any] | None = None) -> Recorded:
        """Record the finished match (statistics, its replay, the review weighed so far
        at the table) and clear the save."""
        ...
