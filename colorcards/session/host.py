"""What the controller (controller.py) needs of the world around the table: the host it
is played at (the table screen in the game, a hand-driven host in the tests) and the
store it saves to. Protocols only, so the session names nothing of Textual or the store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..engine import Game
from .autosave import SaveSlot
from .clocks import Timer
from .meta import TableMeta


class Recorded(Protocol):
    """What the store's record of a finished match tells the table."""

    @property
    def game_id(self) -> str: ...


class TableStore(SaveSlot, Protocol):
    """Where the table's game is kept: saved after every change, recorded at its end."""

    def finish_game(self, game: Game, meta: TableMeta, log: list[str],
                    review: dict | None = None) -> Recorded:
        """Record the finished match (statistics, its replay, the review weighed so far
        at the table) and clear the save."""
        ...


class TableHost(Protocol):
    """What the controller needs from the table it is played at."""

    def schedule(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Call `callback` once, `seconds` from now, on the table's event loop."""

    def think(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run `decide` away from the event loop; then `done(result)` on the loop."""

    def weigh(self, judge: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """As `think`, for the coach's judgement of the player's move: beside the
        computers' thinking, never in its way (neither cancels the other)."""

    def changed(self) -> None:
        """The game, the hand or the log changed: redraw."""

    def round_over(self, match: bool) -> None:
        """A round (the match, if `match`) has just ended: show the results."""

    def name_colour(self) -> None:
        """A Wild opened the round on the player's turn: ask which colour."""

    def defer_save(self, save: Callable[[], None]) -> None:
        """Call `save` once the change is on screen (the cursor's place: the rest is
        saved before it is drawn)."""
