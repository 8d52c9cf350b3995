"""What a finished game leaves behind, and the statistics derived from those records.

Statistics are never stored: every figure is computed from the rows each time, so a
crash, a repair or a hand-edited file can never leave counters that disagree with the
games behind them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from ..replay.kept import summary
from ..replay.plays_like import Kinds

if TYPE_CHECKING:
    from ..engine import Game
    from ..session.meta import TableMeta

RESULTS = ("win", "loss", "draw")


@dataclass(frozen=True)
class GameRecord:
    """One finished (or abandoned) match, from the human's seat (seat 0)."""

    game_id: str
    finished_at: datetime
    """When it ended (UTC, timezone-aware)."""
    preset: str
    """The preset's key ('color-cards')."""
    rules: dict[str, Any]
    """The options in force (`Rules.as_json()`), so a changed option is never hidden."""
    difficulty: str
    seats: int
    result: str
    """'win' (seat 0 among the winners, a shared win included), 'loss', or 'draw' (a
    stalemate with no winner)."""
    abandoned: bool
    """Left unfinished for a new game: counts as a loss (RULES.md §6)."""
    place: int | None
    """1-based finishing place; None for an abandoned game."""
    table_points: int
    """The human's table points over the match."""
    cards_left: int
    points_left: int
    turns: int
    duration_seconds: float
    """Time spent playing, not counting long idle gaps or time between sessions."""
    seed: int
    practice: bool = False
    """Played with the coach on, or with a move taken back: out of the per-level
    statistics (kept in its own column, beside `COLUMNS`)."""

    def __hash__(self) -> int:
        # `rules` is a dict, so the generated hash would fail; game_id identifies a game.
        return hash(self.game_id)

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["finished_at"] = self.finished_at.isoformat()
        return data


@dataclass(frozen=True)
class LevelStats:
    """Totals for one difficulty level (optionally one preset), derived from records."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    win_rate: float = 0.0
    """wins / games (0.0 before the first game)."""
    current_streak: int = 0
    """Positive: wins in a row up to the latest game; negative: losses; 0 after a draw."""
    best_streak: int = 0
    """The longest run of wins ever."""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


class HistoryEntry(NamedTuple):
    """One game in the history list: what the list shows, and what is kept beside it.

    A named tuple of the columns as stored rather than a `GameRecord`: ten thousand of
    them are built each time the history opens, and a tuple is built in a tenth of the
    time (`when()` parses the date of the few rows shown)."""

    game_id: str
    finished_at: str
    """ISO time the game ended, as stored."""
    preset: str
    difficulty: str
    seats: int
    result: str
    abandoned: int
    place: int | None
    turns: int
    replay: bool
    """The game is kept whole and can be replayed (False: recorded before that)."""
    reviewed: bool
    """Its review has been computed and kept."""
    practice: int = 0
    """Played with the coach on or a move taken back."""
    accuracy: float | None = None
    """Its review's share of decisions not costly (None: not reviewed)."""
    avg_cost: float | None = None
    """Its review's average cost per decision (0.02: 2%)."""
    hints: int = 0
    """How many of the player's decisions were made after asking for a hint."""

    def when(self) -> datetime:
        """When the game ended; ValueError if the stored time is not a time."""
        return datetime.fromisoformat(self.finished_at)


class Outcome(NamedTuple):
    """A counted game as the statistics draw it over time: when, at which level, and how
    it ended (`Store.outcomes`)."""

    finished_at: str
    """ISO time the game ended, as stored."""
    difficulty: str
    result: str
    practice: int = 0
    """Always 0: practice games are counted apart."""


@dataclass(frozen=True)
class Measured:
    """A reviewed game's measure of play, as the statistics read it."""

    level: str
    """The level it was played at."""
    accuracy: float
    """The share of decisions not costly."""
    avg_cost: float
    """The average cost per decision (0.02: 2 points)."""
    kinds: Kinds | None
    """Its decisions by kind (None: a review of before these were kept, not yet weighed
    again)."""


HISTORY_COLUMNS = ("game_id", "finished_at", "preset", "difficulty", "seats", "result",
                   "abandoned", "place", "turns", "practice",
                   # the decisions made after a hint, read only where the meta names any
                   """CASE WHEN instr(meta, '"hinted"') AND json_valid(meta)
                      THEN json_array_length(meta, '$.hinted') END""")
"""The records' columns a `HistoryEntry` is built from, in its order."""


def history_entries(rows: Iterable[Sequence[Any]], kept: set[str], reviewed: set[str],
                    measured: dict[str, tuple[float, float]] | None = None
                    ) -> list[HistoryEntry]:
    """Entries from `HISTORY_COLUMNS` rows; a row whose values make no sense (a
    hand-edited file) is left out rather than breaking the list."""
    make = HistoryEntry._make
    measured = measured or {}
    found = []
    for row in rows:
        game_id, finished, _, _, seats, result, abandoned, place, turns, practice, hints = row
        if (type(game_id) is str and type(finished) is str and type(seats) is int
                and result in RESULTS and type(abandoned) is int and type(turns) is int
                and (place is None or type(place) is int)):
            share, cost = measured.get(game_id, (None, None))
            found.append(make((*row[:-2], game_id in kept, game_id in reviewed,
                               1 if practice else 0, share, cost,
                               hints if type(hints) is int else 0)))
    return found


def streak_text(streak: int) -> str:
    """A streak in words ('3 wins', '1 loss'; '' for none): positive counts wins in a row,
    negative losses, as `LevelStats` keeps them."""
    if streak > 0:
        return f"{streak} win{'s' if streak != 1 else ''}"
    if streak < 0:
        return f"{-streak} loss{'es' if streak != -1 else ''}"
    return ""


def derive(results: Iterable[str]) -> LevelStats:
    """LevelStats from a level's results, oldest first."""
    games = wins = losses = draws = 0
    streak = best = 0
    for result in results:
        games += 1
        if result == "win":
            wins += 1
            streak = streak + 1 if streak > 0 else 1
            best = max(best, streak)
        elif result == "loss":
            losses += 1
            streak = streak - 1 if streak < 0 else -1
        else:
            draws += 1
            streak = 0
    return LevelStats(games, wins, losses, draws, wins / games if games else 0.0, streak, best)


def make_record(game: Game, meta: TableMeta, finished_at: datetime, duration: float,
                abandoned: bool = False) -> GameRecord:
    """The record of `game` for seat 0; an abandoned game is a loss with no place.

    What the game came to is `replay.kept.summary`, the same that a replay checks."""
    came_to = summary(game, abandoned)
    return GameRecord(
        game_id=meta.game_id,
        finished_at=finished_at,
        preset=meta.preset,
        rules=game.rules.as_json(),
        difficulty=str(meta.difficulty),
        seats=game.seats,
        result=came_to["result"],
        abandoned=abandoned,
        place=came_to["place"],
        table_points=came_to["table_points"],
        cards_left=came_to["cards_left"],
        points_left=came_to["points_left"],
        turns=came_to["turns"],
        duration_seconds=round(duration, 3),
        seed=int(game.seed),
        practice=meta.practice,
    )


def summary_of(record: GameRecord) -> dict[str, Any]:
    """What the record says the game came to, as `replay.kept.summary` gives it."""
    return {"result": record.result, "place": record.place, "turns": record.turns,
            "table_points": record.table_points, "cards_left": record.cards_left,
            "points_left": record.points_left}


COLUMNS = ("game_id", "finished_at", "preset", "rules", "difficulty", "seats", "result",
           "abandoned", "place", "table_points", "cards_left", "points_left", "turns",
           "duration_seconds", "seed")


def to_row(record: GameRecord) -> tuple[Any, ...]:
    """The record as `COLUMNS` values (the 64-bit seed as text: SQLite's integers are signed)."""
    return (record.game_id, record.finished_at.isoformat(timespec="microseconds"), record.preset,
            json.dumps(record.rules, separators=(",", ":")), record.difficulty, record.seats,
            record.result, int(record.abandoned), record.place, record.table_points,
            record.cards_left, record.points_left, record.turns, record.duration_seconds,
            str(record.seed))


def from_row(row: Sequence[Any]) -> GameRecord:
    """A record from `COLUMNS` values; ValueError/TypeError/KeyError if they make no sense."""
    values = dict(zip(COLUMNS, row, strict=True))
    result = values["result"]
    if result not in RESULTS:
        raise ValueError(f"unknown result {result!r}")
    finished = datetime.fromisoformat(values["finished_at"])
    rules = json.loads(values["rules"])
    if not isinstance(rules, dict):
        raise ValueError("rules are not an object")
    place = values["place"]
    return GameRecord(
        game_id=str(values["game_id"]), finished_at=finished, preset=str(values["preset"]),
        rules=rules, difficulty=str(values["difficulty"]), seats=int(values["seats"]),
        result=result, abandoned=bool(values["abandoned"]),
        place=None if place is None else int(place), table_points=int(values["table_points"]),
        cards_left=int(values["cards_left"]), points_left=int(values["points_left"]),
        turns=int(values["turns"]), duration_seconds=float(values["duration_seconds"]),
        seed=int(values["seed"]),
    )
