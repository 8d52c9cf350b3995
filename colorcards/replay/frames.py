"""A kept game as a film: the table after every action, as the player saw it.

`frames(kept, describe)` replays the game once and keeps, after each action, the
player's view (seat 0), every hand (shown only when the player turns them face up,
after the game), who did what and the log line it gave (`describe` reads the events
as the player saw them: the view's own record). Stepping through a replay
is then a look-up, never a second replay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import HUMAN_SEAT as PLAYER
from ..engine import Action, Card, EngineError, Game, View
from ..engine.events import Event
from .kept import KeptGame, ReplayError, clause


@dataclass(frozen=True)
class Frame:
    """The table after `index` actions (0: the deal)."""

    index: int
    view: View
    """What the player could see then."""
    hands: tuple[tuple[Card, ...], ...]
    """Every seat's cards then (face up only once the player asks, after the game)."""
    seat: int | None
    """Who took the action that led here (None: the deal, or the table itself)."""
    action: Action | None
    line: str
    """What that action caused, in the table's words."""
    round: int
    turn: int
    """Turns played in the whole match so far."""


def frames(kept: KeptGame, describe: Callable[[Sequence[Event]], str]) -> list[Frame]:
    """Every frame of the game, the deal first; ReplayError at an impossible action."""
    game = kept.new_game()
    shots = [_frame(game, 0, None, None, describe, 0)]
    for index, (seat, action) in enumerate(kept.actions, start=1):
        start = len(game.history)
        try:
            game.step(action, seat)
        except EngineError as exc:
            raise ReplayError(f"{kept.describe(index - 1)} is impossible: {clause(exc)}"
                              ) from None
        shots.append(_frame(game, index, seat, action, describe, start))
    return shots


def _frame(game: Game, index: int, seat: int | None, action: Action | None,
           describe: Callable[[Sequence[Event]], str], start: int) -> Frame:
    """The frame after `index` actions, its line the events from `start` on."""
    view = game.view(PLAYER)
    return Frame(index=index, view=view, hands=tuple(tuple(h) for h in game.hands),
                 seat=seat, action=action, line=describe(view.history_since(start)),
                 round=game.round, turn=game.total_turns)


def round_starts(shots: Sequence[Frame]) -> list[int]:
    """The index of the first frame of every round (the deal of round 1 is 0)."""
    starts = [0]
    for i in range(1, len(shots)):
        if shots[i].round != shots[i - 1].round:
            starts.append(i)
    return starts
