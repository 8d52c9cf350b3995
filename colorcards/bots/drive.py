"""Driving players through the engine's one loop: the home of `decide` and `drive`.

Every driver of a game — the simulator, the table's controller, the coach's play-outs,
the tests' evenings — asks the engine what is to be decided next (`next_decision`, or
`next_choice` where whole games are played by the thousand) and
applies one answer: the table's own decisions (a deal, the window closing) have one
action; a seat's decision is its player's. `decide` is that answer for one seat, and
`drive` the loop itself, so no caller writes it again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from ..engine import DECLINE, Action, Choice, DecisionKind, Game, next_choice
from .base import Player

_TURN = DecisionKind.TURN


def decide(game: Game, decision: Choice, player: Player, rng: Random) -> Action:
    """What `player`, in the decision's seat, applies for `decision` (a `Decision`, or
    the plain `Choice`): its choice on a turn, its reaction or `DECLINE` when it may
    react. Not for the table's own decisions."""
    kind, seat, actions = decision
    assert seat is not None, "the table's own decisions have one action: apply it"
    view = game.view(seat) if player.uses_view else None
    if kind is _TURN:
        return player.choose(view, actions, rng)
    return player.react(view, actions[:-1], rng) or DECLINE


def drive(game: Game, players: Sequence[Player], rngs: Sequence[Random],
          until: Callable[[Game], bool] | None = None, limit: int = 1_000_000) -> bool:
    """Play `game` on, seat s deciding as `players[s]` with `rngs[s]`, until `until(game)`
    holds, the game ends, or `limit` decisions have been applied. True if `until` held
    (without `until`: if the game ended).

    This is every driver's loop, so it is lean: a turn of a player that needs no view
    (most of a simulated game) asks for its choice directly, as `decide` would."""
    step = game.step
    blind = [None if p.uses_view else p.choose for p in players]
    for _ in range(limit):
        if until is not None and until(game):
            return True
        d = next_choice(game)
        if d is None:
            break
        kind, seat, actions = d
        if seat is None:
            step(actions[0])
        elif kind is _TURN and (choose := blind[seat]) is not None:
            step(choose(None, actions, rngs[seat]), seat)
        else:
            step(decide(game, d, players[seat], rngs[seat]), seat)
    return game.is_over if until is None else bool(until(game))
