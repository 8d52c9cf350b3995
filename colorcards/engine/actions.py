"""What a seat can do. Actions are small frozen values; the common ones are interned.

A Wild's named colour lives inside the `Play` action, as a chess promotion lives in
its move. `TimeOut` and `CloseWindow` are the two actions a caller applies when a
clock it keeps runs out; the engine itself never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .cards import Card, Colour, parse_card


class Action:
    """Base class of every action."""

    __slots__ = ()

    kind: str = ""

    def as_json(self) -> dict:
        raise TypeError  # replaced on every subclass


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from the hand; a wild names its colour here."""

    card: Card
    colour: Colour | None = None
    """The colour named by a Wild or Wild Draw Four; None for coloured cards."""

    kind = "play"

    def as_json(self) -> dict:
        data = {"kind": "play", "card": self.card.code}
        if self.colour is not None:
            data["colour"] = self.colour.value
        return data

    def __str__(self) -> str:
        if self.colour is not None:
            return f"play {self.card.name} naming {self.colour.title}"
        return f"play {self.card.name}"


def _simple(kind_name: str, doc: str, text: str):
    @dataclass(frozen=True, slots=True)
    class _A(Action):
        kind = kind_name

        def as_json(self) -> dict:
            return {"kind": kind_name}

        def __str__(self) -> str:
            return text

    _A.__doc__ = doc
    return _A


Draw = _simple("draw", "Draw one card (at most once a turn).", "draw a card")
Pass = _simple("pass", "End the turn without playing (after a draw, or when nothing can be played or drawn).", "pass")
Accept = _simple("accept", "Take a pending draw penalty (or a Wild Draw Four) instead of answering it.", "take the penalty")
Challenge = _simple("challenge", "Challenge the Wild Draw Four just played on you.", "challenge the Wild Draw Four")
CallLastCard = _simple("call", "Call Last Card (before playing down to one card, or in the window after).", "call Last Card")
CloseWindow = _simple("close-window", "The Last Card window's time is up (applied by the caller).", "close the Last Card window")
TimeOut = _simple("timeout", "The turn timer ran out (applied by the caller): draw one, turn ends.", "run out of time")
NextRound = _simple("next-round", "Deal the next round of the match.", "deal the next round")
for _cls, _name in ((Draw, "Draw"), (Pass, "Pass"), (Accept, "Accept"), (Challenge, "Challenge"),
                    (CallLastCard, "CallLastCard"), (CloseWindow, "CloseWindow"),
                    (TimeOut, "TimeOut"), (NextRound, "NextRound")):
    _cls.__name__ = _cls.__qualname__ = _name


@dataclass(frozen=True, slots=True)
class Catch(Action):
    """Catch a seat that went down to one card without calling Last Card."""

    seat: int

    kind = "catch"

    def as_json(self) -> dict:
        return {"kind": "catch", "seat": self.seat}

    def __str__(self) -> str:
        return f"catch seat {self.seat}"


@dataclass(frozen=True, slots=True)
class NameColour(Action):
    """Name the colour for a Wild turned up as the round's first card."""

    colour: Colour

    kind = "name-colour"

    def as_json(self) -> dict:
        return {"kind": "name-colour", "colour": self.colour.value}

    def __str__(self) -> str:
        return f"name {self.colour.title}"


@lru_cache(maxsize=None)
def play(card: Card, colour: Colour | None = None) -> Play:
    """The interned Play action (cheap to build in hot loops)."""
    return Play(card, colour)


DRAW, PASS, ACCEPT, CHALLENGE = Draw(), Pass(), Accept(), Challenge()
CALL, CLOSE_WINDOW, TIMEOUT, NEXT_ROUND = CallLastCard(), CloseWindow(), TimeOut(), NextRound()

#: Actions a caller applies when its clock runs out; never offered in legal_actions().
CLOCK_ACTIONS = (CLOSE_WINDOW, TIMEOUT)

_SINGLETONS = {a.kind: a for a in (DRAW, PASS, ACCEPT, CHALLENGE, CALL, CLOSE_WINDOW, TIMEOUT, NEXT_ROUND)}


def action_from_json(data: dict) -> Action:
    """The action written by `Action.as_json`; ValueError if malformed."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError(f"not an action: {data!r}")
    kind = data["kind"]
    if kind in _SINGLETONS:
        return _SINGLETONS[kind]
    if kind == "play":
        colour = Colour(data["colour"]) if data.get("colour") else None
        return play(parse_card(data["card"]), colour)
    if kind == "catch":
        if not isinstance(data.get("seat"), int):
            raise ValueError(f"catch needs a seat: {data!r}")
        return Catch(data["seat"])
    if kind == "name-colour":
        return NameColour(Colour(data["colour"]))
    raise ValueError(f"unknown action kind {kind!r}")
