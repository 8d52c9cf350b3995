"""What a played card does, once: to the turn order, to the next seat, and what may
answer it; and the walk round the table.

Every rule of a card's effect is stated here and nowhere else (RULES.md §3-§4): the
game (`Game`), a seat's view (`View.card_turn`, `View.next_seat`), the computer
players' reckoning (`bots.knowledge`), the coach and every word a player reads
(`engine.describe`) ask here, so the rule a player plans by, and reads, is the rule the
table plays by. The game reads these names from this module when it is asked (and
`precomputed.rule_tables` derives its fast tables from them for each set of rules), so
a change made here is a change everywhere.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from .cards import Rank
from .rules import Stacking


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

    @property
    def hits(self) -> bool:
        """Whether the next seat loses its turn or is handed a penalty (to draw, answer
        or challenge): everything but `ON` and `REVERSE`."""
        return self is not Turn.ON and self is not Turn.REVERSE


DRAWS: dict[Rank, int] = {Rank.DRAW_TWO: 2, Rank.WILD_DRAW_FOUR: 4}
"""What each draw card makes the next seat draw (a caught bluff costs its player the
Wild Draw Four's own)."""

CHALLENGE_LOST = 6
"""What a challenger draws when the Wild Draw Four was played fairly."""


_SKIP, _REVERSE, _WILD4 = Rank.SKIP, Rank.REVERSE, Rank.WILD_DRAW_FOUR
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
    if rank in DRAWS:
        if stacking:
            return STACK
        if challenge and rank is _WILD4:
            return CHALLENGE
        return PENALTY
    return ON


def may_answer(rank: Rank, of_colour: bool, top: Rank, stacking: Stacking) -> bool:
    """Whether a card of `rank` may pass on the penalty of a draw card of rank `top`
    (`of_colour`: the card is of the colour in force). Stacking on: a Draw Two on a
    Draw Two, a Wild Draw Four on either (its own rule, `draw_four`, still applies)."""
    if stacking is Stacking.OFF or top not in DRAWS:
        return False
    if rank is Rank.WILD_DRAW_FOUR:
        return True
    return rank is Rank.DRAW_TWO and top is Rank.DRAW_TWO


def answers(top: Rank, stacking: Stacking) -> tuple[tuple[Rank, bool], ...]:
    """The cards that may pass on the penalty of a draw card of rank `top`, as (rank,
    only of the colour in force) pairs in card order (`may_answer`, asked)."""
    found = []
    for rank in DRAWS:
        if may_answer(rank, False, top, stacking):
            found.append((rank, False))
        elif may_answer(rank, True, top, stacking):
            found.append((rank, True))
    return tuple(found)


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
