"""How a match ended: who won and why, as one small value (`Game.outcome()`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


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


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What one finished round came to (`Game.results`)."""

    round: int
    """The round's number, from 1."""
    winner: int | None
    """Who won the round; None after a stalemate."""
    points: int
    """What the winner scored."""
    order: tuple[int, ...]
    """Every seat by finishing place: those who went out in order, then the rest by
    the points left in hand (fewest first)."""
    table_points: tuple[int, ...]
    """Table points each seat earned in the round (3 / 1 / 0 by place)."""
    cards_left: tuple[int, ...]
    """How many cards each seat held at the end."""

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's finishing place in the round, by seat (1: first out)."""
        places = [0] * len(self.order)
        for place, seat in enumerate(self.order, start=1):
            places[seat] = place
        return tuple(places)

    def as_json(self) -> dict[str, Any]:
        return {"round": self.round, "winner": self.winner, "points": self.points,
                "order": list(self.order), "table_points": list(self.table_points),
                "cards_left": list(self.cards_left)}

    @classmethod
    def from_json(cls, data: object) -> RoundResult:
        """The result `as_json` wrote; ValueError if malformed."""
        if not isinstance(data, dict):
            raise ValueError(f"not a round's result: {data!r}")
        try:
            winner = data["winner"]
            return cls(int(data["round"]), None if winner is None else int(winner),
                       int(data["points"]), tuple(int(s) for s in data["order"]),
                       tuple(int(p) for p in data["table_points"]),
                       tuple(int(n) for n in data["cards_left"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a round's result ({exc!r})") from None
