"""What a seat can do. Actions are small frozen values; the common ones are interned.

A Wild's named colour lives inside the `Play` action, as a chess promotion lives in
its move. `TimeOut` and `CloseWindow` are the two actions a caller applies when a
clock it keeps runs out; the engine itself never reads a clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card, Colour, parse_card

if TYPE_CHECKING:
    from typing import Any, ClassVar, NoReturn, Self, TypeVar


class Action:
    """Base class of every action. Actions are interned: equal actions are the same
    object, so comparing and looking them up is as cheap as comparing integers."""

    __slots__ = ()

    kind: str = ""
    _interned: ClassVar[dict[Any, Any]]
    """Each interned class's instances, by what tells them apart (its own dict)."""

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("actions are immutable")

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind}

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


if TYPE_CHECKING:
    A = TypeVar("A", bound="Action")


def _intern(cls: type[A], key: object, **values: object) -> A:
    table: dict[object, A] = cls._interned
    try:
        return table[key]
    except KeyError:
        obj = object.__new__(cls)
        for name, value in values.items():
            object.__setattr__(obj, name, value)
        table[key] = obj
        return obj


class Play(Action):
    """Play a card from the hand; a wild names its colour here."""

    __slots__ = ("card", "colour")
    _interned: ClassVar[dict[Any, Any]] = {}
    kind = "play"
    card: Card
    """The card played."""
    colour: Colour | None
    """The colour named by a Wild or Wild Draw Four; None for coloured cards."""

    def __new__(cls, card: Card, colour: Colour | None = None) -> Play:
        return _intern(cls, (card, colour), card=card, colour=colour)

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return (Play, (self.card, self.colour))

    def as_json(self) -> dict[str, Any]:
        data = {"kind": "play", "card": self.card.code}
        if self.colour is not None:
            data["colour"] = self.colour.value
        return data

    def __repr__(self) -> str:
        if self.colour is None:
            return f"Play({self.card.code})"
        return f"Play({self.card.code}, {self.colour.value})"

    def __str__(self) -> str:
        if self.colour is not None:
            return f"play {self.card.name} naming {self.colour.title}"
        return f"play {self.card.name}"


class Catch(Action):
    """Catch a seat that went down to one card without calling Last Card."""

    __slots__ = ("seat",)
    _interned: ClassVar[dict[Any, Any]] = {}
    kind = "catch"
    seat: int
    """The seat being caught."""

    def __new__(cls, seat: int) -> Catch:
        return _intern(cls, seat, seat=seat)

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return (Catch, (self.seat,))

    def as_json(self) -> dict[str, Any]:
        return {"kind": "catch", "seat": self.seat}

    def __repr__(self) -> str:
        return f"Catch({self.seat})"

    def __str__(self) -> str:
        return f"catch seat {self.seat}"


class NameColour(Action):
    """Name the colour for a Wild turned up as the round's first card."""

    __slots__ = ("colour",)
    _interned: ClassVar[dict[Any, Any]] = {}
    kind = "name-colour"
    colour: Colour
    """The colour named."""

    def __new__(cls, colour: Colour) -> NameColour:
        return _intern(cls, colour, colour=colour)

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return (NameColour, (self.colour,))

    def as_json(self) -> dict[str, Any]:
        return {"kind": "name-colour", "colour": self.colour.value}

    def __repr__(self) -> str:
        return f"NameColour({self.colour.value})"

    def __str__(self) -> str:
        return f"name {self.colour.title}"


class _Single(Action):
    """An action with no fields: each class has exactly one instance."""

    __slots__ = ()
    _interned: ClassVar[dict[Any, Any]] = {}
    text = ""
    """What the action is, in a player's words."""

    def __new__(cls) -> Self:
        return _intern(cls, None)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._interned = {}

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return (type(self), ())

    def __str__(self) -> str:
        return self.text


class Draw(_Single):
    """Draw one card (at most once a turn)."""

    __slots__ = ()
    kind = "draw"
    text = "draw a card"


class Pass(_Single):
    """End the turn without playing (after a draw, or when nothing can be played or drawn)."""

    __slots__ = ()
    kind = "pass"
    text = "pass"


class Accept(_Single):
    """Take a pending draw penalty (or a Wild Draw Four) instead of answering it."""

    __slots__ = ()
    kind = "accept"
    text = "take the penalty"


class Challenge(_Single):
    """Challenge the Wild Draw Four just played on you."""

    __slots__ = ()
    kind = "challenge"
    text = "challenge the Wild Draw Four"


class CallLastCard(_Single):
    """Call Last Card (before playing down to one card, or in the window after)."""

    __slots__ = ()
    kind = "call"
    text = "call Last Card"


class CloseWindow(_Single):
    """The Last Card window's time is up (applied by the caller)."""

    __slots__ = ()
    kind = "close-window"
    text = "close the Last Card window"


class TimeOut(_Single):
    """The turn timer ran out (applied by the caller): draw one, turn ends."""

    __slots__ = ()
    kind = "timeout"
    text = "run out of time"


class NextRound(_Single):
    """Deal the next round of the match."""

    __slots__ = ()
    kind = "next-round"
    text = "deal the next round"


class Decline(_Single):
    """Let a chance to react to a missed Last Card call go by (offered by
    `next_decision`; never in legal_actions())."""

    __slots__ = ()
    kind = "decline"
    text = "let it go"


def play(card: Card, colour: Colour | None = None) -> Play:
    """The Play action (the same object as `Play(card, colour)`)."""
    return Play(card, colour)


DRAW, PASS, ACCEPT, CHALLENGE = Draw(), Pass(), Accept(), Challenge()
CALL, CLOSE_WINDOW, TIMEOUT, NEXT_ROUND = CallLastCard(), CloseWindow(), TimeOut(), NextRound()
DECLINE = Decline()

_SINGLETONS = {a.kind: a for a in (DRAW, PASS, ACCEPT, CHALLENGE, CALL, CLOSE_WINDOW, TIMEOUT,
                                   NEXT_ROUND, DECLINE)}


def action_from_json(data: dict[str, Any]) -> Action:
    """The action written by `Action.as_json`; ValueError if malformed."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError(f"not an action: {data!r}")
    kind = data["kind"]
    if kind in _SINGLETONS:
        return _SINGLETONS[kind]
    if kind == "play":
        colour = Colour(data["colour"]) if data.get("colour") else None
        return Play(parse_card(data["card"]), colour)
    if kind == "catch":
        if not isinstance(data.get("seat"), int):
            raise ValueError(f"catch needs a seat: {data!r}")
        return Catch(data["seat"])
    if kind == "name-colour":
        return NameColour(Colour(data["colour"]))
    raise ValueError(f"unknown action kind {kind!r}")
