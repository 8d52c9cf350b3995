"""What the table tells its front end, as it happens: small typed messages, handed to the
one listener the table is given (`GameController(listen=...)`).

The front end asks the table things and tells it the player's input; the table answers
what it can at once (a refused move is an `IllegalAction` with the engine's reason) and
tells everything that happens later, on its own clock, through these: the front end
never hands the table a function to call back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Action


class TableMessage:
    """One thing the table tells its front end."""


@dataclass(frozen=True)
class Changed(TableMessage):
    """The game, the hand, the log, the coach's note or a clock changed: what the table
    shows is to be read again."""


@dataclass(frozen=True)
class RoundOver(TableMessage):
    """A round has just ended (the match too, if `match`): its results are due."""

    match: bool


@dataclass(frozen=True)
class ColourAsked(TableMessage):
    """A Wild opened the round on the player's turn: which colour it names is theirs to
    say (`GameController.act(NameColour(...))`)."""


@dataclass(frozen=True)
class Hinted(TableMessage):
    """The coach's answer to the hint (`GameController.hint`): `words` to show, and the
    move it recommends (`GameController.hinted`, which Enter makes), or None when the
    coach could not answer."""

    words: str
    action: Action | None


Listener = Callable[[TableMessage], None]
"""Where a table's messages go."""


def nobody(message: TableMessage) -> None:
    """A table nobody draws (a test's, a benchmark's): its messages go nowhere."""
