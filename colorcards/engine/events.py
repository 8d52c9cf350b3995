"""What happened: the events `Game.apply` returns and the public history keeps.

Events are frozen values, so a seat's view can share them with the game and nothing
written into one can change another's record (the commonest are built once and shared:
`precomputed`). `Drew.cards` is private to the seat that drew; `public()` returns the
event as the other seats may see it. The words for each event are the
table's (`session/wording.py`), written once there.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, fields
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NoReturn

from .cards import Card, Colour, parse_card


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
        names = _NAMES[kind] = getattr(kind, "FIELDS", None) or tuple(
            f.name for f in fields(kind))
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


class Drew(tuple[Any, ...], Event):
    """A seat drew cards. `reason`: draw, penalty, last-card, challenge or timeout.

    `active` is the colour in force when a voluntary draw was made (public: it is
    how a table learns who lacks a colour). `cards` is private to the drawer.

    The one event built at most steps (a draw's cards are nobody else's, so it cannot
    be shared like a play), so it is a tuple of its fields, read by name, rather than
    a frozen dataclass: a tuple is built in one step in C, where a frozen dataclass
    sets each field through ``object.__setattr__``, one costly call a field. It is as
    frozen as the others (writing a field raises `FrozenInstanceError`) and equal by
    value; `FIELDS` names its fields, as `dataclasses.fields` does the others'."""

    __slots__ = ()
    kind = "drew"
    FIELDS = ("seat", "count", "reason", "active", "cards")
    """Its fields' names, in order."""

    if TYPE_CHECKING:
        seat: int
        count: int  # type: ignore[assignment]  # the field, not tuple.count
        reason: str
        active: Colour | None
        cards: tuple[Card, ...]
    else:
        seat, count, reason, active, cards = (property(itemgetter(i)) for i in range(5))

    def __new__(cls, seat: int, count: int, reason: str, active: Colour | None = None,
                cards: tuple[Card, ...] = ()) -> Drew:
        return tuple.__new__(cls, (seat, count, reason, active, cards))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)  # copies and pickles rebuild it through __new__

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __repr__(self) -> str:
        seat, count, reason, active, cards = self
        return (f"Drew(seat={seat!r}, count={count!r}, reason={reason!r}, "
                f"active={active!r}, cards={cards!r})")

    def public(self) -> Drew:
        return Drew(self[0], self[1], self[2], self[3]) if self[4] else self


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
    for name in _names(cls):
        if name not in data:
            continue
        value = data[name]
        if name in _CARD_FIELDS:
            value = parse_card(value)
        elif name in _COLOUR_FIELDS:
            value = Colour(value) if value is not None else None
        elif name == "cards":
            value = tuple(parse_card(c) for c in value)
        elif name in ("order", "winners"):
            value = tuple(value)
        kwargs[name] = value
    return cls(**kwargs)
