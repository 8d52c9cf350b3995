"""The computer players' contract, and the uniform random baseline.

A player decides from a seat's `View` only, with its own injected random generator.
`choose(view, legal, rng)` is asked when the seat must act (its turn) and returns one
of `legal`. `react(view, legal, rng)` is asked when the seat may act but need not: a
chance to catch a player who forgot Last Card, or to call it late (out of turn, or
while the Last Card window is open); it returns one of `legal` or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Protocol

from ..engine import Action, View


class Player(Protocol):
    """Anything that can sit at the table."""

    name: str
    """Short name: 'random', 'easy', 'normal', 'hard', 'crazy'."""
    uses_view: bool
    """False if the player never looks at the view (the simulator then skips building it)."""

    def choose(self, view: View | None, legal: Sequence[Action], rng: Random) -> Action:
        """The action to take on the seat's turn."""
        ...

    def react(self, view: View | None, legal: Sequence[Action], rng: Random) -> Action | None:
        """An optional action out of turn (catch, late call), or None."""
        ...


class RandomPlayer:
    """Uniform over the legal actions: the baseline every level is measured against.

    When it may do nothing (reacting out of turn), doing nothing is one more choice."""

    name = "random"
    uses_view = False

    def choose(self, view: View | None, legal: Sequence[Action], rng: Random) -> Action:
        return legal[int(rng.random() * len(legal))]

    def react(self, view: View | None, legal: Sequence[Action], rng: Random) -> Action | None:
        """Out of turn: each legal option, or nothing, equally likely."""
        i = int(rng.random() * (len(legal) + 1))
        return legal[i] if i < len(legal) else None
