"""What a seat can do. Actions are small frozen values; the common ones are interned.

A Wild's named colour lives inside the `Play` action, as a chess promotion lives in
its move. `TimeOut` and `CloseWindow` are the two actions a caller applies when a
clock it keeps runs out; the engine itself never reads a clock.
"""

from __future__ import annotations

from .cards import Card, Colour, parse_card


class Action:
    """Base class of every action. Actions are interned: equal actions are the same
    object, so comparing and looking them up is as cheap as comparing integers."""

    __slots__ = ()

    kind: str = ""

    def __setattr__(self, name, value):
        raise AttributeError("actions are immutable")

    def __delattr__(self, name):
        raise AttributeError("actions are immutable")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def as_json(self) -> dict:
        return {"kind": self.kind}

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _intern(cls, key, **values):
    table = cls._interned
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
    _interned: dict = {}
    kind = "play"
    card: Card
    """The card played."""
    colour: Colour | None
    """The colour named by a Wild or Wild Draw Four; None for coloured cards."""

    def __new__(cls, card: Card, colour: Colour | None = None) -> "Play":
        return _intern(cls, (card, colour), card=card, colour=colour)

    def __reduce__(self):
        return (Play, (self.card, self.colour))

    def as_json(self) -> dict:
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
    _interned: dict = {}
    kind = "catch"
    seat: int
    """The seat being caught."""

    def __new__(cls, seat: int) -> "Catch":
        return _intern(cls, seat, seat=seat)

    def __reduce__(self):
        return (Catch, (self.seat,))

    def as_json(self) -> dict:
        return {"kind": "catch", "seat": self.seat}

    def __repr__(self) -> str:
        return f"Catch({self.seat})"

    def __str__(self) -> str:
        return f"catch seat {self.seat}"


class NameColour(Action):
    """Name the colour for a Wild turned up as the round's first card."""

    __slots__ = ("colour",)
    _interned: dict = {}
    kind = "name-colour"
    colour: Colour
    """The colour named."""

    def __new__(cls, colour: Colour) -> "NameColour":
        return _intern(cls, colour, colour=colour)

    def __reduce__(self):
        return (NameColour, (self.colour,))

    def as_json(self) -> dict:
        return {"kind": "name-colour", "colour": self.colour.value}

    def __repr__(self) -> str:
        return f"NameColour({self.colour.value})"

    def __str__(self) -> str:
        return f"name {self.colour.title}"


def _simple(name: str, kind_name: str, doc: str, text: str) -> type:
    """An action class with no fields and exactly one instance."""

    def __new__(cls):
        return _intern(cls, None)

    def __reduce__(self):
        return (type(self), ())

    return type(name, (Action,), {
        "__slots__": (), "__doc__": doc, "__module__": __name__, "_interned": {},
        "kind": kind_name, "__new__": __new__, "__reduce__": __reduce__,
        "__str__": lambda self: text,
    })


Draw = _simple("Draw", "draw", "Draw one card (at most once a turn).", "draw a card")
Pass = _simple("Pass", "pass", "End the turn without playing (after a draw, or when nothing "
               "can be played or drawn).", "pass")
Accept = _simple("Accept", "accept", "Take a pending draw penalty (or a Wild Draw Four) "
                 "instead of answering it.", "take the penalty")
Challenge = _simple("Challenge", "challenge", "Challenge the Wild Draw Four just played on you.",
                    "challenge the Wild Draw Four")
CallLastCard = _simple("CallLastCard", "call", "Call Last Card (before playing down to one "
                       "card, or in the window after).", "call Last Card")
CloseWindow = _simple("CloseWindow", "close-window", "The Last Card window's time is up "
                      "(applied by the caller).", "close the Last Card window")
TimeOut = _simple("TimeOut", "timeout", "The turn timer ran out (applied by the caller): "
                  "draw one, turn ends.", "run out of time")
NextRound = _simple("NextRound", "next-round", "Deal the next round of the match.",
                    "deal the next round")
Decline = _simple("Decline", "decline", "Let a chance to react to a missed Last Card call go "
                  "by (offered by `next_decision`; never in legal_actions()).", "let it go")


def play(card: Card, colour: Colour | None = None) -> Play:
    """The Play action (the same object as `Play(card, colour)`)."""
    return Play(card, colour)


DRAW, PASS, ACCEPT, CHALLENGE = Draw(), Pass(), Accept(), Challenge()
CALL, CLOSE_WINDOW, TIMEOUT, NEXT_ROUND = CallLastCard(), CloseWindow(), TimeOut(), NextRound()
DECLINE = Decline()

#: Actions a caller applies when its clock runs out; never offered in legal_actions().
CLOCK_ACTIONS = (CLOSE_WINDOW, TIMEOUT)

_SINGLETONS = {a.kind: a for a in (DRAW, PASS, ACCEPT, CHALLENGE, CALL, CLOSE_WINDOW, TIMEOUT,
                                   NEXT_ROUND, DECLINE)}


def action_from_json(data: dict) -> Action:
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
