"""Practice: an exercise as the table shows it, the coach's answer in words, and when it
comes back.

The schedule is Leitner's boxes on the app's clock (seconds; tests move it by hand): an
answer as good as the coach's choice moves the exercise up a box, so it comes back later
and later; a clearly costly answer sends it back to the first box, due again in ten
minutes; an answer in between leaves it in its box. Nothing here reads the clock itself.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..coach.weigh import bar_words
from ..coach.words import (
    CardName,
    ColourName,
    certain_words,
    chances_sentence,
    move_noun,
    move_verb,
    percent,
)
from ..engine import Action, Card, Colour, Rules, parse_card
from ..engine.cards import full_deck
from ..engine.rules import MAX_SEATS, MIN_SEATS
from ..replay.exercises import BETWEEN, COSTLY, GOOD, GRADES, Answer, Answers, untoken
from ..replay.kept import seat_name

_COPIES = Counter(full_deck())
"""How many of each card the deck holds: no table, so no exercise, holds more."""
_DECK_SIZE = len(full_deck())
_OPTIONS_MOST = 256
"""Moves an exercise may offer at most (a hand's cards, each Wild in four colours, and
the few moves that are not cards)."""

MINUTE = 60.0
DAY = 86400.0

INTERVALS = (10 * MINUTE, 1 * DAY, 3 * DAY, 7 * DAY, 16 * DAY, 35 * DAY)
"""How long an exercise rests in each box before it is due again."""


@dataclass(frozen=True)
class Schedule:
    """Leitner's boxes (see the module docstring)."""

    intervals: tuple[float, ...] = INTERVALS

    def next(self, box: int, good: bool | str, now: float) -> tuple[int, float]:
        """The box an answer moves the exercise to, and when it is due again. `good` is
        True/False or a grade (GOOD up, BETWEEN stays, COSTLY back to the first)."""
        if good is True or good == GOOD:
            box = min(box + 1, len(self.intervals) - 1)
        elif good is False or good == COSTLY:
            box = 0
        box = max(0, min(box, len(self.intervals) - 1))
        return box, now + self.intervals[box]


@dataclass(frozen=True)
class Seen:
    """What the table shows round the ring of an exercise's position, read from the kept
    view alone (the fields of `engine.View` that `tui.presenter.show_view` draws)."""

    seats: int
    current: int | None
    hand_counts: tuple[int, ...]
    called: tuple[bool, ...]
    vulnerable: int | None
    out: tuple[int, ...]
    scores: tuple[int, ...]
    top: Card
    active_colour: Colour | None
    direction: int
    draw_count: int
    pending: int
    drawn: Card | None
    """The card just drawn, which may be played or kept."""

    @classmethod
    def of(cls, position: dict[str, Any]) -> Seen:
        counts = tuple(int(n) for n in position.get("hand_counts", []))
        seats = len(counts)
        pile = position.get("discard") or []
        active = position.get("active_colour")
        vulnerable = position.get("vulnerable")
        drawn = position.get("drawn")
        return cls(seats, position.get("current"), counts,
                   tuple(bool(c) for c in position.get("called") or [False] * seats),
                   None if vulnerable is None else int(vulnerable),
                   tuple(int(s) for s in position.get("out") or ()),
                   tuple(int(n) for n in position.get("scores") or [0] * seats),
                   parse_card(pile[-1]), Colour(active) if active else None,
                   int(position.get("direction", 1)), int(position.get("draw_count", 0)),
                   int(position.get("pending") or 0),
                   parse_card(drawn) if drawn else None)


@dataclass(frozen=True)
class Item:
    """One kept exercise, as the store hands it over."""

    game_id: str
    index: int
    turn: int
    level: str
    position: dict[str, Any]
    """The player's view then (View.as_json): their hand, the pile, the counts."""
    options: tuple[str, ...]
    made: str
    best: str
    words: str
    answers: Answers | None
    box: int = 0
    due: float = 0.0
    tries: int = 0
    first: str | None = None

    @property
    def ready(self) -> bool:
        """Every option's answer is weighed: an answer is judged at once."""
        return self.answers is not None and all(
            o in self.answers.by_option for o in self.options)

    def moves(self) -> list[Action]:
        return [untoken(o) for o in self.options]

    def hand(self) -> list[Card]:
        return [parse_card(c) for c in self.position.get("hand", [])]

    def top(self) -> Card | None:
        pile = self.position.get("discard") or []
        return parse_card(pile[-1]) if pile else None

    def active(self) -> Colour | None:
        value = self.position.get("active_colour")
        return Colour(value) if value else None

    def counts(self) -> list[int]:
        return [int(n) for n in self.position.get("hand_counts", [])]

    def names(self) -> list[str]:
        names = [seat_name(n) for n in self.position.get("names") or []]
        seats = len(self.counts())
        if len(names) != seats:
            names = ["You", *(f"Computer {s}" for s in range(1, seats))]
        return names

    def seen(self) -> Seen:
        """The ring's side of the position (the pile, the counts, whose turn)."""
        return Seen.of(self.position)

    def rules(self) -> Rules | None:
        """The table's rules then (None in an exercise kept without them)."""
        data = self.position.get("rules")
        try:
            return Rules.from_json(data) if data else None
        except (KeyError, TypeError, ValueError):
            return None

    def log(self, palette: str = "classic", count: int = 6) -> list[str]:
        """The last lines of the table's log up to then, from the kept view's history
        (the public record and the player's own draws)."""
        from ..engine.events import event_from_json
        from .wording import Words

        words = Words(self.names(), palette, self.rules())
        lines = []
        for data in self.position.get("history", [])[-count:]:
            try:
                line = words.line([event_from_json(data)])
            except (KeyError, TypeError, ValueError):
                continue
            if line:
                lines.append(line)
        return lines

    def answer(self, action: Action) -> Answer | None:
        """The coach's answer for `action`: a lookup, never a weighing."""
        return self.answers.of(action) if self.answers is not None else None

    def as_json(self) -> dict[str, Any]:
        """The exercise as an export carries it: its position (the player's view), its
        options, the coach's answers and the schedule."""
        return {"index": self.index, "turn": self.turn, "level": self.level,
                "position": self.position, "options": list(self.options),
                "made": self.made, "best": self.best, "words": self.words,
                "answers": self.answers.as_json() if self.answers is not None else None,
                "box": self.box, "due": self.due, "tries": self.tries, "first": self.first}

    @classmethod
    def from_json(cls, game_id: str, data: Any) -> Item:
        """An exercise an export carries; ValueError naming what is wrong with it."""
        try:
            item = cls(game_id, int(data["index"]), int(data["turn"]), str(data["level"]),
                       dict(data["position"]), tuple(str(o) for o in data["options"]),
                       str(data["made"]), str(data["best"]), str(data.get("words", "")),
                       Answers.from_json(data["answers"]) if data.get("answers") else None,
                       int(data.get("box", 0)), float(data.get("due", 0.0)),
                       int(data.get("tries", 0)), data.get("first"))
            item.moves()
            item.seen()
            _possible(item)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ValueError(f"an exercise is damaged ({exc})") from None
        if item.first not in (None, *GRADES):
            raise ValueError(f"an exercise's first answer {item.first!r} is not a grade")
        return item


def _possible(item: Item) -> None:
    """ValueError unless the exercise is a position a table can reach, as a replay's
    actions must be (an export is any file): two to ten seats, no card more often than
    the deck holds it, the counts the cards' own, a sensible number of moves."""
    counts = item.counts()
    if not MIN_SEATS <= len(counts) <= MAX_SEATS:
        raise ValueError(f"its table has {len(counts)} seats")
    hand = item.hand()
    pile = [parse_card(c) for c in item.position.get("discard") or []]
    held = Counter(hand) + Counter(pile)
    if any(n > _COPIES[card] for card, n in held.items()):
        raise ValueError("it holds more of a card than the deck has")
    if any(n < 0 for n in counts) or sum(counts) + len(pile) > _DECK_SIZE \
            or counts[0] != len(hand):
        raise ValueError("its hands do not add up to a deck")
    if len(item.options) > _OPTIONS_MOST:
        raise ValueError(f"it offers {len(item.options)} moves")


def answer_words(item: Item, action: Action, card_name: CardName = lambda c: c.name,
                 colour_name: ColourName = lambda c: c.title) -> str:
    """The coach's answer to a move tried, in the review's words."""
    found = item.answer(action)
    if found is None:
        return "The coach has not weighed that move yet."
    best = untoken(item.best) if item.answers is None else item.answers.best
    best_noun = move_noun(best, card_name, colour_name)
    noun = move_noun(action, card_name, colour_name)
    if found.grade == GOOD:
        if action == best:
            return f"Well found: {noun} is the coach's choice."
        return (f"Well found: {noun} is as good as the coach's choice ({best_noun}): "
                "the coach cannot tell them apart.")
    if found.grade == BETWEEN:
        return (f"In between: the coach could tell {noun} apart from {best_noun} while "
                f"choosing, but measured on fresh deals it is not clearly costly (about "
                f"{percent(max(found.cost, 0.0))} less likely to win, and it may be less "
                f"than {bar_words()}). The coach would "
                f"{move_verb(best, card_name, colour_name)}.")
    if found.chance is not None and found.best_chance is not None:
        return f"Costly: {noun} clearly costs you a chance to win the round. " + (
            chances_sentence(action, found.chance, best, found.best_chance, card_name,
                             colour_name))
    return (f"Costly: {noun} clearly costs you a chance to win the round: "
            f"{certain_words()} than after {best_noun} (95% sure).")


def good(answer: Answer | None) -> bool:
    return answer is not None and answer.grade == GOOD


def exercises_from_export(data: Any) -> tuple[list[Item], int]:
    """The exercises an export's data carries (an export written before exercises were
    exported carries none), and how many were left out as damaged."""
    if not isinstance(data, dict) or not isinstance(data.get("exercises"), list):
        return [], 0
    game_id = str(data.get("game_id") or "")
    found, damaged = [], 0
    for entry in data["exercises"]:
        try:
            found.append(Item.from_json(game_id, entry))
        except ValueError:
            damaged += 1
    return found, damaged
