"""Exercises in the database: made from complete reviews, answered, scheduled.

Exercises are derived from what a kept game already holds (its review), so `sync`
makes the missing ones at any time: after a review, when Practice opens, and after a
damaged file was carried into a new one (the reviews travel with the games, and with
them the exercises). The schedule and the coach's answers are kept in the row.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import HUMAN_SEAT as PLAYER
from ..engine import Card, parse_card
from ..replay.exercises import Answers, Exercise, exercises_of, token
from ..replay.kept import KeptGame, ReplayError
from ..replay.review import Moment, Review, moment_views, moment_words
from ..session.exercises import Item, Schedule
from ..session.hand_order import by_colour, kept_order
from .store import Store


@dataclass(frozen=True)
class PracticeStats:
    """What the statistics say about exercises."""

    exercises: int
    done: int
    """Exercises tried at least once."""
    solved_first: int
    """Of them, answered well the first time."""
    due: int
    waiting: int
    """Exercises whose answers are not all weighed yet."""

    def as_json(self) -> dict[str, int]:
        return {"exercises": self.exercises, "done": self.done,
                "solved_first": self.solved_first, "due": self.due, "waiting": self.waiting}

    def words(self) -> str:
        """'Exercises: 5 done of 7, 3 solved the first time; 2 due now.'"""
        if not self.exercises:
            return ""
        text = (f"Exercises: {self.done} done of {self.exercises}, {self.solved_first} solved "
                f"the first time; {self.due} due now")
        if self.waiting:
            text += f" ({self.waiting} still being weighed by the coach)"
        return text + "."


def _position(exercise: Exercise, hand: list[Card] | None = None) -> str:
    """The player's view as kept: nothing another seat held (View.as_json has only the
    seat's own hand, the counts and the public history); the hand in the order the
    table showed it (`hand`), when known."""
    data = {**exercise.view.as_json(), "names": list(exercise.names)}
    if hand is not None and sorted(c.code for c in hand) == sorted(data["hand"]):
        data["hand"] = [c.code for c in hand]
    return json.dumps(data, separators=(",", ":"))


def table_orders(kept: KeptGame, wanted: set[int]) -> dict[int, list[Card]]:
    """The player's hand before each action in `wanted`, in the order the table showed
    it, as the replay draws it: dealt sorted by colour, each card kept in its place and
    new ones on the right, and from each moment the player sorted or moved cards, their
    order."""
    given = {at: [parse_card(code) for code in codes] for at, codes in kept.arranged}
    found: dict[int, list[Card]] = {}
    order: list[Card] = []
    game = kept.new_game()
    for index, (seat, action) in enumerate([*kept.actions, (None, None)]):
        held = game.view(PLAYER).hand
        if index == 0:
            order = sorted(held, key=by_colour)
        if index in given:
            order = given[index]
        order = kept_order(order, held)
        if index in wanted:
            found[index] = list(order)
        if action is None or index >= max(wanted, default=-1):
            break
        game.apply(action, seat)
    return found


def add(store: Store, found: list[Exercise], now: float,
        hands: dict[int, list[Card]] | None = None) -> int:
    """Keep new exercises (due at once); those already kept are left as they are; each
    hand in the table's order where `hands` gives it (by the exercise's index). How many
    were added."""
    rows = [(e.game_id, e.index, e.turn, e.level, _position(e, (hands or {}).get(e.index)),
             json.dumps([token(a) for a in e.options]), token(e.made), token(e.best),
             e.words, now) for e in found]
    if not rows:
        return 0

    def insert(db: sqlite3.Connection) -> int:
        before = db.total_changes
        db.executemany(
            "INSERT OR IGNORE INTO exercises (game_id, idx, turn, level, position, "
            "options, made, best, words, due) VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
        return db.total_changes - before

    return store.write(insert, 0)


def _words_of(kept: KeptGame) -> Callable[[Moment], str]:
    """A listed moment of `kept` in words, its reason read from the player's view then."""
    views = moment_views(kept)

    def words(moment: Moment) -> str:
        return moment_words(moment, seat_names=kept.seat_names, view=views.get(moment.index))
    return words


def sync(store: Store) -> int:
    """Make the exercises of every complete review that has none kept yet (due at once:
    at 0 on any clock)."""
    rows = store.rows("SELECT p.game_id, p.review FROM replays p WHERE p.review IS NOT NULL "
                        "AND NOT EXISTS (SELECT 1 FROM exercises e WHERE e.game_id = p.game_id)"
                        " AND json_valid(p.review) AND json_extract(p.review, '$.complete') = 1")
    added = 0
    for game_id, text in rows:
        result = Review.from_json(json.loads(text))
        if result is None or not result.costliest():
            continue
        try:
            kept = store.kept_game(game_id)
        except ReplayError:
            continue
        found = exercises_of(kept, result, _words_of(kept))
        hands = table_orders(kept, {e.index for e in found})
        added += add(store, found, 0.0, hands)
    return added


def unweighed(store: Store) -> dict[str, list[int]]:
    """Game -> the exercises whose answers are not weighed yet (what the background
    weighs next), newest game first."""
    found: dict[str, list[int]] = {}
    for game_id, idx in store.rows("SELECT e.game_id, e.idx FROM exercises e "
                                     "LEFT JOIN records r ON r.game_id = e.game_id "
                                     "WHERE e.answers IS NULL ORDER BY r.id DESC, e.idx"):
        found.setdefault(str(game_id), []).append(int(idx))
    return found


def keep_answers(store: Store, game_id: str, index: int, answers: Answers) -> bool:
    text = json.dumps(answers.as_json(), separators=(",", ":"))

    def keep(db: sqlite3.Connection) -> bool:
        db.execute("UPDATE exercises SET answers = ? WHERE game_id = ? AND idx = ?",
                   (text, game_id, index))
        return True

    return store.write(keep, False)


_ITEM = ("game_id, idx, turn, level, position, options, made, best, words, answers, box, "
         "due, tries, first")


def _item(row: tuple[Any, ...]) -> Item | None:
    (game_id, idx, turn, level, position, options, made, best, words, answers, box, due,
     tries, first) = row
    try:
        return Item(str(game_id), int(idx), int(turn), str(level), json.loads(position),
                    tuple(json.loads(options)), str(made), str(best), str(words),
                    Answers.from_json(json.loads(answers)) if answers else None,
                    int(box), float(due), int(tries), first)
    except (ValueError, TypeError, KeyError):
        return None  # a hand-edited row that makes no sense is left out


def due(store: Store, now: float) -> list[Item]:
    """The exercises due at `now`, the longest due first."""
    rows = store.rows(f"SELECT {_ITEM} FROM exercises WHERE due <= ? ORDER BY due, game_id, "
                        "idx", (now,))
    return [item for item in map(_item, rows) if item is not None]


def every(store: Store, game_id: str) -> list[Item]:
    """A game's exercises, due or not, in the game's order."""
    rows = store.rows(f"SELECT {_ITEM} FROM exercises WHERE game_id = ? ORDER BY idx",
                 (game_id,))
    return [item for item in map(_item, rows) if item is not None]


def exported(store: Store, game_id: str) -> dict[str, Any]:
    """What an export of the game carries of its exercises (none: nothing): each with its
    position, options, answers and schedule (`Item.as_json`)."""
    sync(store)
    items = every(store, game_id)
    return {"exercises": [item.as_json() for item in items]} if items else {}


def answered(store: Store, item: Item, grade: str, now: float,
             schedule: Schedule | None = None) -> Item:
    """Keep an answer (its grade): the box and the time it is due again move as the
    schedule says."""
    box, when = (schedule or Schedule()).next(item.box, grade, now)
    first = item.first if item.tries else grade
    store.write(lambda db: db.execute(
        "UPDATE exercises SET box = ?, due = ?, tries = tries + 1, first = ? "
        "WHERE game_id = ? AND idx = ?", (box, when, first, item.game_id, item.index)), None)
    return Item(item.game_id, item.index, item.turn, item.level, item.position, item.options,
                item.made, item.best, item.words, item.answers, box, when, item.tries + 1,
                first)


def stats(store: Store, now: float) -> PracticeStats:
    rows = store.rows("SELECT count(*), sum(tries > 0), sum(first = 'good'), "
                        "sum(due <= ?), sum(answers IS NULL) FROM exercises", (now,))
    if not rows:
        return PracticeStats(0, 0, 0, 0, 0)
    return PracticeStats(*(int(x or 0) for x in rows[0]))


class Keeper:
    """The exercises of one store, as the background reviews keep them
    (`replay.background.ExerciseKeeper`)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def sync(self) -> int:
        return sync(self.store)

    def unweighed(self) -> dict[str, list[int]]:
        return unweighed(self.store)

    def keep_answers(self, game_id: str, index: int, answers: Answers) -> bool:
        return keep_answers(self.store, game_id, index, answers)
