"""What one seat may know. Computer players and the table see the game only through this.

A `View` carries the seat's own hand, the counts of the other hands, the discard
pile, the active colour, direction, the pending penalty, Last Card state, scores and
the history as the seat saw it. It never holds another hand, the draw pile's order,
the seed or the game's own history: only the public record (every draw without its
cards) and this seat's own draws.

A view is a snapshot (python-chess's `board.copy()`, not a window onto the board): it
is frozen, and everything it holds is immutable (tuples, frozensets, frozen events
and cards) and none of it is a container the game writes into. The public record is
shared between views as sealed chunks of `CHUNK` events plus a copy of the newest
part, so taking a view costs the same early and late in a match. A view taken earlier
stays as it was while the game goes on, nothing written into it can reach the game,
and nothing reachable from it, whoever reads it and however, shows another seat's
cards. `Game.view` builds it; this module knows nothing of `Game`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from . import turns as card_rules
from .cards import Card, Colour, Rank, full_deck
from .events import ColourNamed, Drew, Event, Played, RoundStarted, Turned
from .outcome import RoundResult
from .phase import Phase
from .rules import DrawFour, Rules, Stacking
from .turns import Turn, seat_after

CHUNK = 64
"""Events in each sealed chunk of the public record."""

_DECK = Counter(sorted(full_deck(), key=lambda card: card.index))
"""Every card of the deck, counted, in card order."""


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of the game at one moment."""

    seat: int
    """Whose view this is."""
    seats: int
    rules: Rules
    phase: Phase
    current: int | None
    """The seat to act (None between rounds)."""
    hand: tuple[Card, ...]
    """This seat's cards, in the order held."""
    hand_counts: tuple[int, ...]
    """How many cards each seat holds."""
    discard: tuple[Card, ...]
    """The discard pile, top last."""
    draw_count: int
    """How many cards are face down in the draw pile."""
    active_colour: Colour | None
    direction: int
    """1: play runs left (up the seat numbers); -1: to the right."""
    pending: int
    """The stacked penalty facing the seat to act."""
    drawn: Card | None
    """The card this seat just drew, while it decides on it (the ``drawn`` phase)."""
    called: tuple[bool, ...]
    """Who has called Last Card."""
    vulnerable: int | None
    """A seat down to one card without a call, who may be caught."""
    challenge_from: int | None
    """Who played the Wild Draw Four this seat may challenge."""
    out: tuple[int, ...]
    """Seats gone out this round, in order."""
    lacks: tuple[frozenset[Colour], ...]
    """Colours each seat publicly drew on (and has not played since)."""
    scores: tuple[int, ...]
    table_points: tuple[int, ...]
    round: int
    dealer: int
    turns: int
    """Turns played in this round."""
    winners: tuple[int, ...]
    total_turns: int
    """Turns played in the whole match."""
    stuck_passes: int
    """Consecutive turns in which nobody could play or draw (the stalemate count)."""
    after_window: tuple[int, str] | None
    """While the Last Card window is open: who plays next, and in which phase."""
    reactions: tuple[int, ...]
    """While a seat may be caught: the seats still to be asked whether they react."""
    results: tuple[RoundResult, ...]
    """The finished rounds' results."""
    known: tuple[tuple[Card, ...], ...]
    """With `seven_zero`: by seat, the cards this seat knows that seat holds (those it
    gave away in a swap or a pass, until they are played); empty without the rule."""
    _sealed: tuple[tuple[Event, ...], ...] = field(repr=False, compare=False)
    """The public record's first events, in chunks of `CHUNK` (shared with other views:
    immutable)."""
    _tail: tuple[Event, ...] = field(repr=False, compare=False)
    """The rest of the public record (fewer than `CHUNK` events)."""
    _own: tuple[tuple[int, Drew], ...] = field(repr=False, compare=False)
    """This seat's own draws, cards and all, with their places in the record."""
    _unseen: tuple[Card, ...] | None = field(default=None, init=False, repr=False,
                                             compare=False)
    """`unseen_cards`, once asked (worked out from the fields above, which never change)."""

    @property
    def top(self) -> Card:
        """The card on top of the discard pile."""
        return self.discard[-1]

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event so far, as this seat saw it (others' drawn cards hidden)."""
        return self.history_since(0)

    def history_since(self, start: int) -> tuple[Event, ...]:
        """Events from index `start` on, as this seat saw them (others' draws hidden):
        the public record, with this seat's own draws shown whole."""
        start = max(start, 0)
        sealed, tail = self._sealed, self._tail
        base = len(sealed) * CHUNK
        if start >= base:
            events = list(tail[start - base:])
        else:
            first = start // CHUNK
            events = list(sealed[first][start - first * CHUNK:])
            for chunk in sealed[first + 1:]:
                events += chunk
            events += tail
        for i, event in reversed(self._own):
            if i < start:
                break
            events[i - start] = event
        return tuple(events)

    @property
    def history_length(self) -> int:
        """How many events have happened (for reading only the new ones)."""
        return len(self._sealed) * CHUNK + len(self._tail)

    def recent(self, count: int) -> tuple[Event, ...]:
        """The last `count` events as this seat saw them."""
        return self.history_since(self.history_length - count)

    def _public_backwards(self) -> Iterator[Event]:
        """The public record, newest first."""
        yield from reversed(self._tail)
        for chunk in reversed(self._sealed):
            yield from reversed(chunk)

    def next_seat(self, seat: int | None = None, steps: int = 1,
                  direction: int | None = None) -> int:
        """The seat `steps` turns after `seat` (default: this seat), skipping empty
        hands, play running `direction` (default: as it runs now)."""
        s = self.seat if seat is None else seat
        d = self.direction if direction is None else direction
        for _ in range(steps):
            s = seat_after(self.hand_counts, s, d)
        return s

    @property
    def in_round(self) -> int:
        """How many seats still hold cards."""
        return len(self.hand_counts) - self.hand_counts.count(0)

    def card_turn(self, rank: Rank) -> Turn:
        """What a card of `rank` played now would do to the turn order: the engine's own
        rule (`turns.card_turn`) for this table's rules and the seats in the round."""
        rules = self.rules
        return card_rules.card_turn(rank, self.in_round, rules.stacking is not Stacking.OFF,
                               rules.draw_four is DrawFour.CHALLENGE)

    def next_after(self, card: Card) -> int:
        """The seat that plays after this seat plays `card` now (the one a stacked penalty
        or a challenge goes to), by the engine's rule (`turns.next_to_play`)."""
        return card_rules.next_to_play(self.hand_counts, self.seat, self.direction,
                                  self.card_turn(card.rank))

    def unseen(self) -> Counter[Card]:
        """The cards this seat cannot see (the other hands and the draw pile), counted,
        in card order: the deck less its own hand and the discard pile."""
        pool = _DECK.copy()
        pool.subtract(self.hand)
        pool.subtract(self.discard)
        return +pool

    def unseen_cards(self) -> tuple[Card, ...]:
        """`unseen` one card at a time, in card order. Worked out once and kept: a view
        never changes, and a thinking player or the coach deals from one view hundreds
        of times."""
        cards = self._unseen
        if cards is None:
            cards = tuple(self.unseen().elements())
            object.__setattr__(self, "_unseen", cards)
        return cards

    def colour_before_top(self) -> Colour | None:
        """The colour in force before the card on top was played (what a Wild Draw
        Four open to a challenge was played on), from the public record: the colour
        the play before it left (a Wild's named one), a colour named for a Wild
        turned up first, or the card turned up. None if the top card was not played
        this round. A game begun from a position (or a copy) has no record of it: then
        the colour of the card beneath the top."""
        played = False
        for event in self._public_backwards():
            kind = type(event)
            if kind is RoundStarted:
                break
            if kind is Played:
                if played:
                    return event.colour or event.card.colour  # type: ignore[attr-defined,no-any-return]
                played = True
            elif not played:
                continue
            elif kind is ColourNamed:
                return event.colour  # type: ignore[attr-defined,no-any-return]
            elif kind is Turned and not event.returned:  # type: ignore[attr-defined]
                return event.card.colour  # type: ignore[attr-defined,no-any-return]
        else:
            return self.discard[-2].colour if len(self.discard) > 1 else None
        return None

    def as_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (for debugging and the fairness tests)."""
        return {
            "seat": self.seat, "seats": self.seats, "rules": self.rules.as_json(),
            "phase": self.phase, "current": self.current,
            "hand": [c.code for c in self.hand], "hand_counts": list(self.hand_counts),
            "discard": [c.code for c in self.discard], "draw_count": self.draw_count,
            "active_colour": self.active_colour.value if self.active_colour else None,
            "direction": self.direction, "pending": self.pending,
            "drawn": self.drawn.code if self.drawn else None,
            "called": list(self.called), "vulnerable": self.vulnerable,
            "challenge_from": self.challenge_from, "out": list(self.out),
            "lacks": [sorted(c.value for c in s) for s in self.lacks],
            "scores": list(self.scores), "table_points": list(self.table_points),
            "round": self.round, "dealer": self.dealer, "turns": self.turns,
            "winners": list(self.winners),
            "history": [e.as_json() for e in self.history],
            # Only under `seven_zero`: a view of any other table reads as it always did
            # (the coach seeds its deals from this text).
            **({"known": [[c.code for c in cards] for cards in self.known]}
               if self.known else {}),
        }
