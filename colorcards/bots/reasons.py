"""Why a computer's move went against you, in public facts the player can check.

A Crazy table plays as a side against the human, so its Skips, draw cards and colours
land on the player more often than chance would. `reason(view, action)` gives the
table's log the fact behind such a move ("aimed at you: you were next, down to two
cards", "a colour you drew on last time"), said right after the move it explains ("Max
played Red Skip, aimed at you: …"; "… and named Blue ■, a colour you drew on last time"),
so it reads as a reason and never as news, and never as if a penalty that lands on
someone else were aimed at you. Head to head every Skip and draw card lands on you, so
the fact explains nothing and none is given. It is read from the acting seat's view: only
counts and draws every player saw, never a hidden card, so the explanation itself
shows the computer did not cheat. It returns None for moves that need no explaining.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import HUMAN_SEAT, Action, Colour, Play, View
from ..engine.turns import Turn
from .knowledge import hits_next, turns_until

_COUNTS = {1: "one card", 2: "two cards", 3: "three cards"}


def reason(view: View, action: Action,
           colour_name: Callable[[Colour], str] | None = None) -> str | None:
    """The public fact behind `action` (taken by `view.seat`) when it goes against the
    human, in the second person, to follow the move after a comma; None otherwise.
    `colour_name` is kept for callers (the colour is named by the move itself)."""
    if view.seat == HUMAN_SEAT or not isinstance(action, Play):
        return None
    human = view.hand_counts[HUMAN_SEAT]
    if human == 0:
        return None
    rank = action.card.rank
    close = _COUNTS.get(human)
    two = sum(1 for count in view.hand_counts if count) <= 2  # head to head: no choice
    if not two and hits_next(view, rank) and view.next_seat() == HUMAN_SEAT:
        if close:
            return f"aimed at you: you were next, down to {close}"
        return "aimed at you: you were next"
    if view.card_turn(rank) is Turn.REVERSE and close and not two:
        before = turns_until(view, HUMAN_SEAT)
        after = turns_until(view, HUMAN_SEAT, -view.direction)
        if after > before:
            return f"turning play away from you: you were down to {close}"
    colour = action.colour if action.card.is_wild else None
    if colour is not None and colour in view.lacks[HUMAN_SEAT]:
        return "a colour you drew on last time"
    return None

