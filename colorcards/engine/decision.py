"""Who acts next, and how: the one game loop every driver runs.

`next_decision(game)` (in `game`) names the next `Decision`: the seat, what it may
apply and the kind of choice it is. It is OpenSpiel's ``current_player()`` with its
chance and terminal nodes: a deal or the Last Card window closing is a decision of the
table (``seat`` None, one action), the end of the match is no decision at all (None).
Every driver, the simulator, the test driver and the table alike, is then::

    while (d := next_decision(game)) is not None:
        game.apply(policy(d), d.seat)

`next_choice(game)` names the same decision as a plain tuple (`Choice`), for the loops
that play whole games by the thousand (`bots.drive`, the coach's play-outs).
"""

from __future__ import annotations

import enum
from typing import NamedTuple, TypeAlias

from .actions import Action


class DecisionKind(enum.StrEnum):
    """What sort of choice a `Decision` is."""

    TURN = "turn"
    """The seat to act takes its turn (or answers a penalty, a challenge, a colour to
    name, keeps or plays a drawn card): it must apply one of the actions."""
    REACTION = "reaction"
    """A seat may react to a missed Last Card call: the offender may still call, the
    others may catch. Optional: the last action is always `DECLINE`, which lets the
    chance go by. The offender is asked first, then the other seats in seat order
    (the seat to act is not asked outside the window: it may catch on its turn)."""
    JUMP = "jump"
    """A seat holding a card identical to the one just played may jump in with it, out
    of turn, before the next player acts (house rule `jump_in`). Optional: the last
    action is always `DECLINE`. Offered to each such seat in turn, in the direction of
    play from the card's player; the first to jump ends the offer, and an offer let go
    by leaves nothing in the public record."""
    WINDOW = "window"
    """Every seat let the chance go by while the Last Card window is open: the table
    closes it (`CLOSE_WINDOW`). A table with a real clock applies it when the clock
    runs out instead, and may ignore this decision until then."""
    DEAL = "deal"
    """The round is over and the match is not: the table deals the next round
    (`NEXT_ROUND`). A table may show the round's result first."""


class Decision(NamedTuple):
    """The next thing to decide in a game (see the module docstring). A named tuple:
    immutable, and equal to the plain `Choice` with the same fields."""

    kind: DecisionKind
    """A turn, an optional reaction, the window closing or the next deal."""
    seat: int | None
    """Who decides; None for the table's own steps (window, deal). Pass it to `apply`."""
    actions: tuple[Action, ...]
    """What may be applied, in the engine's fixed order: for a turn exactly
    `legal_actions()`; for a reaction or a jump the seat's legal actions then `DECLINE`;
    for the window `(CLOSE_WINDOW,)`; for a deal `(NEXT_ROUND,)`."""


Choice: TypeAlias = tuple[DecisionKind, int | None, tuple[Action, ...]]
"""A decision's three fields as a plain tuple, in a `Decision`'s order: what `next_choice`
names (a `Decision` is one too). The loops that play thousands of games (the simulator's,
the coach's play-outs) read these: a named tuple costs five times a plain one to build
and to unpack, a twentieth of a whole game between random players."""
