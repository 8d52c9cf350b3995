"""What happened: the events `Game.apply` returns and the public history keeps.

Events are frozen values, so a seat's view can share them with the game and nothing
written into one can change another's record (the commonest are built once and shared:
`precomputed`). `Drew.cards` is private to the seat that drew; `public()` returns the
event as the other seats may see it. The words for each event are the
table's (`session/wording.py`), written once there.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from itertools import repeat
from typing import Any

from .cards import Card, Colour, parse_card

_set = object.__setattr__
_consume: Callable[[Iterable[object]], None] = deque[object](maxlen=0).extend
_DREW_FIELDS = ("seat", "count", "reason", "active", "cards")


class Event:
    """Base class of every event."""

    __slots__ = ()
    kind = ""

    def public(self) -> Event:
        """The event as seats other than its own may see it."""
        return self

    def as_json(self) -> dict[str, Any]:
        data = {"kind": self.kind}
        for name in _names(type(self)):
            data[name] = _dump(getattr(self, name))
        return data


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(kind: type) -> tuple[str, ...]:
    """An event class's field names, looked up once (`fields` costs more than the dump)."""
    names = _NAMES.get(kind)
    if names is None:
        names = _NAMES[kind] = tuple(f.name for f in fields(kind))
    return names


def _dump(value: object) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Colour):
        return value.value
    if isinstance(value, tuple):
        return [_dump(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round was dealt."""

    round: int
    dealer: int
    kind = "round-started"


@dataclass(frozen=True, slots=True)
class Turned(Event):
    """The first card was turned up; `returned` if it went back into the pile."""

    card: Card
    returned: bool = False
    kind = "turned"


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A seat played a card (naming `colour` for a wild)."""

    seat: int
    card: Card
    colour: Colour | None = None
    kind = "played"


@dataclass(frozen=True, slots=True)
class ColourNamed(Event):
    """A seat named the colour for a Wild turned up first."""

    seat: int
    colour: Colour
    kind = "colour-named"


@dataclass(frozen=True, slots=True, init=False)
class Drew(Event):
    """A seat drew cards. `reason`: draw, penalty, last-card, challenge or timeout.

    `active` is the colour in force when a voluntary draw was made (public: it is
    how a table learns who lacks a colour). `cards` is private to the drawer."""

    seat: int
    count: int
    reason: str
    active: Colour | None = None
    cards: tuple[Card, ...] = ()
    kind = "drew"

    def __init__(self, seat: int, count: int, reason: str, active: Colour | None = None,
                 cards: tuple[Card, ...] = ()) -> None:
        # The event built at most steps (a draw's cards are nobody else's, so it cannot
        # be shared like a play): its fields are set in one loop run in C, where a
        # frozen dataclass's own __init__ sets each in a line of Python.
        _consume(map(_set, repeat(self, 5), _DREW_FIELDS, (seat, count, reason, active, cards)))

    def public(self) -> Drew:
        return Drew(self.seat, self.count, self.reason, self.active) if self.cards else self


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """A seat missed its turn."""

    seat: int
    kind = "skipped"


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    """Direction of play flipped (`direction` is the new one: 1 left, -1 right)."""

    direction: int
    kind = "reversed"


@dataclass(frozen=True, slots=True)
class PenaltyPending(Event):
    """A stackable penalty now faces `seat`."""

    seat: int
    total: int
    kind = "penalty-pending"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A seat ended its turn without playing."""

    seat: int
    kind = "passed"


@dataclass(frozen=True, slots=True)
class CalledLastCard(Event):
    """A seat called Last Card."""

    seat: int
    kind = "called"


@dataclass(frozen=True, slots=True)
class MissedLastCard(Event):
    """A seat went down to one card without calling (catchable, or auto-penalised)."""

    seat: int
    kind = "missed-call"


@dataclass(frozen=True, slots=True)
class Caught(Event):
    """`catcher` caught `seat` without a Last Card call."""

    catcher: int
    seat: int
    kind = "caught"


@dataclass(frozen=True, slots=True)
class WindowClosed(Event):
    """The Last Card window closed; play goes on."""

    seat: int
    kind = "window-closed"


@dataclass(frozen=True, slots=True)
class Challenged(Event):
    """`challenger` challenged `seat`'s Wild Draw Four; `bluff` says who was right."""

    challenger: int
    seat: int
    bluff: bool
    kind = "challenged"


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """A seat's turn timer ran out."""

    seat: int
    kind = "timed-out"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile (bar its top card) became the new draw pile."""

    count: int
    kind = "reshuffled"


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """A seat played its last card and finished in `place` (1 = won the round)."""

    seat: int
    place: int
    kind = "went-out"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is over. `winner` is None after a stalemate; `points` were scored."""

    round: int
    winner: int | None
    points: int
    order: tuple[int, ...]
    kind = "round-ended"


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over; `winners` share the win (empty: nobody won)."""

    winners: tuple[int, ...]
    kind = "match-ended"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (RoundStarted, Turned, Played, ColourNamed, Drew, Skipped, Reversed,
                PenaltyPending, Passed, CalledLastCard, MissedLastCard, Caught, WindowClosed,
                Challenged, TimedOut, Reshuffled, WentOut, RoundEnded, MatchEnded)
}

_CARD_FIELDS = {"card"}
_COLOUR_FIELDS = {"colour", "active"}


def event_from_json(data: dict[str, Any]) -> Event:
    """The event written by `Event.as_json`; ValueError/KeyError if malformed."""
    cls = EVENT_TYPES[data["kind"]]
    kwargs = {}
    for f in fields(cls):  # type: ignore[arg-type]  # every subclass is a dataclass
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name in _CARD_FIELDS:
            value = parse_card(value)
        elif f.name in _COLOUR_FIELDS:
            value = Colour(value) if value is not None else None
        elif f.name == "cards":
            value = tuple(parse_card(c) for c in value)
        elif f.name in ("order", "winners"):
            value = tuple(value)
        kwargs[f.name] = value
    return cls(**kwargs)
