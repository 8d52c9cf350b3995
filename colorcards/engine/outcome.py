"""How a match ended: who won and why, as one small value (`Game.outcome()`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Ending(enum.Enum):
    """Why the match is over."""

    WENT_OUT = "went-out"
    """A single-round match: the round's winner wins it."""
    ROUNDS_PLAYED = "rounds-played"
    """The set number of rounds was played; the highest total wins (ties share)."""
    TARGET_REACHED = "target-reached"
    """Someone reached the target score; the highest total wins (ties share)."""
    STALEMATE = "stalemate"
    """A single-round match where nobody could play or draw: nobody wins."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished match."""

    winners: tuple[int, ...]
    """Seats that won: one, several on a tie of totals, none after a stalemate."""
    ending: Ending
    """Why it ended."""
    scores: tuple[int, ...]
    """Match points per seat."""
    table_points: tuple[int, ...]
    """Table points per seat, summed over the rounds."""
    rounds: int
    """Rounds played."""
