"""What happened: the events `Game.apply` returns and the public history keeps.

Events are plain slotted records (not frozen: a frozen dataclass costs three times as
much to build, and the engine builds one or two per action); treat them as read-only.
`Drew.cards` is private to the seat that drew; `public()`
returns the event as the other seats may see it. `describe()` gives the words the
table's log shows (with seat names supplied by the caller).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields

from .cards import Card, Colour, parse_card

Namer = Callable[[int], str]


class Event:
    """Base class of every event."""

    __slots__ = ()
    kind = ""

    def public(self) -> Event:
        """The event as seats other than its own may see it."""
        return self

    def describe(self, name: Namer) -> str:
        raise TypeError

    def as_json(self) -> dict:
        data = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]  # every subclass is a dataclass
            data[f.name] = _dump(getattr(self, f.name))
        return data


def _dump(value):
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Colour):
        return value.value
    if isinstance(value, tuple):
        return [_dump(v) for v in value]
    return value


@dataclass(slots=True)
class RoundStarted(Event):
    """A round was dealt."""

    round: int
    dealer: int
    kind = "round-started"

    def describe(self, name: Namer) -> str:
        return f"Round {self.round}: {name(self.dealer)} dealt seven cards each."


@dataclass(slots=True)
class Turned(Event):
    """The first card was turned up; `returned` if it went back into the pile."""

    card: Card
    returned: bool = False
    kind = "turned"

    def describe(self, name: Namer) -> str:
        if self.returned:
            return f"{self.card.name} was turned up and went back into the pile."
        return f"{self.card.name} was turned up to start the pile."


@dataclass(slots=True)
class Played(Event):
    """A seat played a card (naming `colour` for a wild)."""

    seat: int
    card: Card
    colour: Colour | None = None
    kind = "played"

    def describe(self, name: Namer) -> str:
        text = f"{name(self.seat)} played {self.card.name}"
        if self.colour is not None:
            text += f" and named {self.colour.title} {self.colour.glyph}"
        return text + "."


@dataclass(slots=True)
class ColourNamed(Event):
    """A seat named the colour for a Wild turned up first."""

    seat: int
    colour: Colour
    kind = "colour-named"

    def describe(self, name: Namer) -> str:
        return f"{name(self.seat)} named {self.colour.title} {self.colour.glyph}."


@dataclass(slots=True)
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

    def public(self) -> Drew:
        return Drew(self.seat, self.count, self.reason, self.active) if self.cards else self

    def describe(self, name: Namer) -> str:
        what = "a card" if self.count == 1 else f"{self.count} cards"
        why = {
            "penalty": "",
            "last-card": " for not calling Last Card",
            "challenge": " after the challenge",
        }.get(self.reason, "")  # a time-out's draw follows "ran out of time": no need to repeat it
        return f"{name(self.seat)} drew {what}{why}."


@dataclass(slots=True)
class Skipped(Event):
    """A seat missed its turn."""

    seat: int
    kind = "skipped"

    def describe(self, name: Namer) -> str:
        return f"{name(self.seat)} misses a turn."


@dataclass(slots=True)
class Reversed(Event):
    """Direction of play flipped (`direction` is the new one: 1 left, -1 right)."""

    direction: int
    kind = "reversed"

    def describe(self, name: Namer) -> str:
        return "Play now runs " + ("to the left." if self.direction == 1 else "to the right.")


@dataclass(slots=True)
class PenaltyPending(Event):
    """A stackable penalty now faces `seat`."""

    seat: int
    total: int
    kind = "penalty-pending"

    def describe(self, name: Namer) -> str:
        return f"+{self.total} is coming to {name(self.seat)}: stack or draw."


@dataclass(slots=True)
class Passed(Event):
    """A seat ended its turn without playing."""

    seat: int
    kind = "passed"

    def describe(self, name: Namer) -> str:
        return f"{name(self.seat)} passed."


@dataclass(slots=True)
class CalledLastCard(Event):
    """A seat called Last Card."""

    seat: int
    kind = "called"

    def describe(self, name: Namer) -> str:
        return f"{name(self.seat)} called Last Card!"


@dataclass(slots=True)
class MissedLastCard(Event):
    """A seat went down to one card without calling (catchable, or auto-penalised)."""

    seat: int
    kind = "missed-call"

    def describe(self, name: Namer) -> str:
        return f"{name(self.seat)} is down to one card and did not call Last Card!"


@dataclass(slots=True)
class Caught(Event):
    """`catcher` caught `seat` without a Last Card call."""

    catcher: int
    seat: int
    kind = "caught"

    def describe(self, name: Namer) -> str:
        return f"{name(self.catcher)} caught {name(self.seat)} without a Last Card call!"


@dataclass(slots=True)
class WindowClosed(Event):
    """The Last Card window closed; play goes on."""

    seat: int
    kind = "window-closed"

    def describe(self, name: Namer) -> str:
        return f"The Last Card window for {name(self.seat)} closed."


@dataclass(slots=True)
class Challenged(Event):
    """`challenger` challenged `seat`'s Wild Draw Four; `bluff` says who was right."""

    challenger: int
    seat: int
    bluff: bool
    kind = "challenged"

    def describe(self, name: Namer) -> str:
        if self.bluff:
            return (f"{name(self.challenger)} challenged: {name(self.seat)} was bluffing "
                    f"and draws 4.")
        return (f"{name(self.challenger)} challenged, but {name(self.seat)} played it fairly: "
                f"{name(self.challenger)} draws 6.")


@dataclass(slots=True)
class TimedOut(Event):
    """A seat's turn timer ran out."""

    seat: int
    kind = "timed-out"

    def describe(self, name: Namer) -> str:
        return f"{name(self.seat)} ran out of time."


@dataclass(slots=True)
class Reshuffled(Event):
    """The discard pile (bar its top card) became the new draw pile."""

    count: int
    kind = "reshuffled"

    def describe(self, name: Namer) -> str:
        return (f"The pile was shuffled into a new deck of {self.count} "
                f"card{'s' if self.count != 1 else ''}.")


@dataclass(slots=True)
class WentOut(Event):
    """A seat played its last card and finished in `place` (1 = won the round)."""

    seat: int
    place: int
    kind = "went-out"

    def describe(self, name: Namer) -> str:
        if self.place == 1:
            return f"{name(self.seat)} went out and wins the round!"
        return f"{name(self.seat)} went out in place {self.place}."


@dataclass(slots=True)
class RoundEnded(Event):
    """The round is over. `winner` is None after a stalemate; `points` were scored."""

    round: int
    winner: int | None
    points: int
    order: tuple[int, ...]
    kind = "round-ended"

    def describe(self, name: Namer) -> str:
        if self.winner is None:
            return f"Round {self.round} ended in a stalemate: nobody could play or draw."
        return (f"Round {self.round} is over: {name(self.winner)} scores {self.points} "
                f"point{'s' if self.points != 1 else ''}.")


@dataclass(slots=True)
class MatchEnded(Event):
    """The match is over; `winners` share the win (empty: nobody won)."""

    winners: tuple[int, ...]
    kind = "match-ended"

    def describe(self, name: Namer) -> str:
        if not self.winners:
            return "The game is over with no winner."
        names = " and ".join(name(s) for s in self.winners)
        return f"The game is over: {names} {'wins' if len(self.winners) == 1 else 'share the win'}!"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (RoundStarted, Turned, Played, ColourNamed, Drew, Skipped, Reversed,
                PenaltyPending, Passed, CalledLastCard, MissedLastCard, Caught, WindowClosed,
                Challenged, TimedOut, Reshuffled, WentOut, RoundEnded, MatchEnded)
}

_CARD_FIELDS = {"card"}
_COLOUR_FIELDS = {"colour", "active"}


def event_from_json(data: dict) -> Event:
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
