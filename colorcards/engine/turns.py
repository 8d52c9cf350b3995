"""Who plays next: the walk round the table and what a played card does to it, once.

The game (`Game`), a seat's view (`View.next_seat`) and the computer players'
reckoning (`bots.knowledge`) all ask here, so the rule a player plans by is the rule
the table plays by (RULES.md §3).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from .cards import Rank


class Turn(enum.Enum):
    """What a card played does to the turn order."""

    ON = "on"
    """The next seat plays: a number card or a Wild."""
    SKIP = "skip"
    """The next seat loses its turn: a Skip, or a Reverse with two in the round."""
    REVERSE = "reverse"
    """Play turns back: a Reverse with three or more in the round."""
    STACK = "stack"
    """A draw card with stacking on: the next seat faces the penalty and may answer it."""
    CHALLENGE = "challenge"
    """A Wild Draw Four under the challenge rule: the next seat may challenge it first."""
    PENALTY = "penalty"
    """A draw card otherwise: the next seat draws and loses its turn."""


_SKIP, _REVERSE, _DRAW_TWO, _WILD4 = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR
ON, SKIP, REVERSE, STACK, CHALLENGE, PENALTY = Turn
"""The members under plain names: an enum member read off its class costs several times a
global's read (Python 3.11), and the game asks here at every action card."""


def card_turn(rank: Rank, in_round: int, stacking: bool, challenge: bool) -> Turn:
    """What a card of `rank` does to the turn order, with `in_round` seats holding
    cards, `stacking` on or off and the Draw Four `challenge` rule on or off."""
    if rank is _SKIP:
        return SKIP
    if rank is _REVERSE:
        return SKIP if in_round == 2 else REVERSE
    if rank is _DRAW_TWO or rank is _WILD4:
        if stacking:
            return STACK
        if challenge and rank is _WILD4:
            return CHALLENGE
        return PENALTY
    return ON


def seat_after(held: Sequence[object], seat: int, direction: int) -> int:
    """The next seat after `seat` going `direction` (1 or -1) whose entry in `held`
    (hands or hand counts) is not empty: the walk round the table. `seat` itself if
    nobody else holds cards."""
    n = len(held)
    s = (seat + direction) % n
    while not held[s] and s != seat:
        s = (s + direction) % n
    return s


def next_to_play(held: Sequence[object], seat: int, direction: int, turn: Turn) -> int:
    """Who plays after `seat` plays a card that does `turn` (the penalty of a stacked
    draw card or a challenge still to answer: the next seat does)."""
    if turn is REVERSE:
        return seat_after(held, seat, -direction)
    nxt = seat_after(held, seat, direction)
    if turn is SKIP or turn is PENALTY:
        return seat_after(held, nxt, direction)
    return nxt
