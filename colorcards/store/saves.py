"""The game in progress: written a little at a time, read back whole and exact.

The engine's JSON of a game grows all match long (`history` and `actions` hold every
event and action), so writing it whole after every action would make late autosaves
slow. Here the state is split: the *head* is the engine's own JSON with those two
lists left empty, rewritten on every save (about a kilobyte), while actions, events and
the table's log lines are appended as rows. The random generators' states (the deck's,
in the head, and each computer's, in the meta: 625 numbers, about 7 KB of JSON, each)
are rows of their own, written only when one changes (a computer decided, the deck was
shuffled): rewriting them with every move was most of what a save wrote to the disk.
Loading puts the lists and the generators back and hands the whole thing to
`game_from_json`, which checks every card: the result is the very state that was saved.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..engine.errors import StateError
from ..session.meta import TableMeta

if TYPE_CHECKING:  # the game only when a save is written or read: not to open the store
    from ..engine.game import Game

_COMPACT = (",", ":")


@dataclass
class SavedGame:
    """A game in progress as it was last saved."""

    game: Game
    meta: TableMeta
    """The table's own settings (names, difficulty, bot generators...), stored as its JSON."""
    log: list[str]
    """The table's log lines, oldest first."""
    saved_at: datetime
    played_seconds: float = 0.0
    """Playing time so far (idle gaps capped), carried into the record's duration."""


TABLE = -1
"""The generator row of the game's own generator (the deck's); a computer's is its seat."""


@dataclass
class Written:
    """What the file holds of the game in progress, so the next save writes only the new."""

    game_id: str | None = None
    n_history: int = 0
    actions: list[Any] = field(default_factory=list)
    """The (seat, action) pairs written, in order: a save appends only to a game whose
    actions begin with all of them (a take-back and another move would otherwise splice
    two lines of play into one record). They are the game's own frozen values, so the
    comparison is mostly of identities, and exact."""
    last_event: object = None
    """The last event written (events follow from the actions)."""
    lines: list[str] | None = None
    """The log lines the file holds, in order (None: unknown, rewrite them)."""
    log_first: int = 0
    """The row number of the first of `lines`."""
    played: float = 0.0
    generators: dict[int, object] = field(default_factory=dict)
    """The generators' states the file holds, by TABLE or seat."""

    @property
    def n_actions(self) -> int:
        return len(self.actions)

    def follows(self, game_id: str, game: Game) -> bool:
        """True if `game` extends what is written (else its rows are rewritten whole)."""
        if game_id != self.game_id:
            return False
        na, nh = self.n_actions, self.n_history
        if len(game.actions) < na or len(game.history) < nh:
            return False
        if game.actions[:na] != self.actions:
            return False
        if nh and game.history[nh - 1] != self.last_event:
            return False
        return True


def _dump(data: object) -> str:
    return json.dumps(data, separators=_COMPACT)


def _log_shift(old: list[str], new: list[str]) -> int | None:
    """How many of `old`'s first lines `new` dropped, if `new` is `old` minus those lines
    plus lines at the end (a table keeping its last N lines); None if it is not."""
    if not old:
        return 0
    last = old[-1]
    for j in range(min(len(new), len(old)) - 1, -1, -1):
        if new[j] == last:
            dropped = len(old) - 1 - j
            return dropped if old[dropped:] == new[:j + 1] else None
    return None


def write(db: sqlite3.Connection, written: Written, game_id: str, game: Game,
          meta: dict[str, Any], log: list[str], preset: str, difficulty: str, saved_at: str,
          played: float) -> Written:
    """Write the save inside the caller's transaction (`meta`: the TableMeta's JSON,
    its generators taken out here); what the file then holds."""
    from ..engine.serial import state_to_json

    same_game = written.follows(game_id, game)
    if same_game:
        na, nh = written.n_actions, written.n_history
    else:
        db.execute("DELETE FROM save_actions")
        db.execute("DELETE FROM save_history")
        db.execute("DELETE FROM save_generators")
        na = nh = 0
    head = state_to_json(game, logs=False)
    generators = _generators(head.pop("rng"), meta.pop("rngs", ()))
    known = written.generators if same_game else {}
    for who, state in generators.items():
        if known.get(who) != state:
            db.execute("INSERT OR REPLACE INTO save_generators VALUES (?, ?)",
                       (who, _dump(state)))
    gone = [(who,) for who in known if who not in generators]
    if gone:
        db.executemany("DELETE FROM save_generators WHERE who = ?", gone)
    actions = game.actions
    history = game.history
    if len(actions) > na:
        db.executemany("INSERT INTO save_actions VALUES (?, ?, ?)",
                       [(i, s, _dump(a.as_json())) for i, (s, a) in enumerate(actions[na:], na)])
    if len(history) > nh:
        db.executemany("INSERT INTO save_history VALUES (?, ?)",
                       [(i, _dump(e.as_json())) for i, e in enumerate(history[nh:], nh)])
    lines = written.lines if same_game else None
    dropped = None if lines is None else _log_shift(lines, log)
    if lines is None or dropped is None:
        db.execute("DELETE FROM save_log")
        first, kept = 0, 0
    else:
        first = written.log_first + dropped
        kept = len(lines) - dropped
        if dropped:
            db.execute("DELETE FROM save_log WHERE n < ?", (first,))
    if len(log) > kept:
        db.executemany("INSERT INTO save_log VALUES (?, ?)",
                       [(i, str(line)) for i, line in enumerate(log[kept:], first + kept)])
    db.execute(
        "INSERT OR REPLACE INTO save VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, preset, difficulty, game.round, saved_at, played, _dump(meta), _dump(head),
         len(actions), len(history), len(log)))
    return Written(
        game_id, len(history), list(actions),
        history[-1] if history else None,
        list(log), first, played, generators)


def _generators(table: object, seats: object) -> dict[int, object]:
    """The generators a save keeps, by TABLE or seat (a seat without one is left out)."""
    found: dict[int, object] = {TABLE: table}
    if isinstance(seats, (list, tuple)):
        for seat, state in enumerate(seats):
            if state is not None:
                found[seat] = state
    return found


def clear(db: sqlite3.Connection) -> None:
    """Delete the game in progress (inside the caller's transaction)."""
    for table in ("save", "save_actions", "save_history", "save_log", "save_generators"):
        db.execute(f"DELETE FROM {table}")


@dataclass
class RawSave:
    """The save's rows as text, before any checking: what is kept if it fails to load."""

    game_id: str
    preset: str
    difficulty: str
    round: int
    saved_at: str
    played: float
    meta: str
    head: str
    counts: tuple[int, int, int]
    actions: list[Any] = field(repr=False)
    history: list[Any] = field(repr=False)
    log: list[Any] = field(repr=False)
    generators: dict[int, str] = field(default_factory=dict, repr=False)
    """The generators' rows (their JSON), by TABLE or seat (none in an older save, whose
    generators are in its head and meta)."""

    def as_json(self) -> dict[str, Any]:
        """Everything, for the kept file of a save that failed to load."""
        return {
            "game_id": self.game_id, "preset": self.preset, "difficulty": self.difficulty,
            "round": self.round, "saved_at": self.saved_at, "played_seconds": self.played,
            "meta": self.meta, "head": self.head, "counts": list(self.counts),
            "actions": [[s, a] for s, a in self.actions],
            "history": list(self.history), "log": list(self.log),
            "generators": {str(who): state for who, state in self.generators.items()},
        }


def read_raw(db: sqlite3.Connection) -> RawSave | None:
    """The save's rows, or None if there is no game in progress."""
    row = db.execute(
        "SELECT game_id, preset, difficulty, round, saved_at, played_seconds, meta, head,"
        " n_actions, n_history, n_log FROM save WHERE id = 1").fetchone()
    if row is None:
        return None
    actions = db.execute("SELECT seat, action FROM save_actions ORDER BY n").fetchall()
    history = [r[0] for r in db.execute("SELECT event FROM save_history ORDER BY n")]
    log = [r[0] for r in db.execute("SELECT line FROM save_log ORDER BY n")]
    try:
        generators = dict(db.execute("SELECT who, state FROM save_generators").fetchall())
    except sqlite3.OperationalError:
        generators = {}  # a file from before they had rows (salvaged from an older one)
    game_id, preset, difficulty, round_, saved_at, played, meta, head, *counts = row
    return RawSave(game_id, preset, difficulty, round_, saved_at, played, meta, head,
                   counts=(counts[0], counts[1], counts[2]), actions=actions, history=history,
                   log=log, generators=generators)


def build(raw: RawSave) -> SavedGame:
    """The SavedGame the rows describe; StateError naming what is wrong if they do not
    make one (tampered JSON, a missing row, cards that do not add up)."""
    n_actions, n_history, n_log = raw.counts
    if (len(raw.actions), len(raw.history), len(raw.log)) != (n_actions, n_history, n_log):
        raise StateError(
            f"the saved game lists {n_actions} actions, {n_history} events and {n_log} log "
            f"lines but holds {len(raw.actions)}, {len(raw.history)} and {len(raw.log)}")
    try:
        data = json.loads(raw.head)
        meta = json.loads(raw.meta)
        if not isinstance(data, dict):
            raise StateError("the saved game is not a JSON object")
        if not isinstance(meta, dict):
            raise StateError("the saved game's settings are not a JSON object")
        data["history"] = [json.loads(e) for e in raw.history]
        data["actions"] = [[s, json.loads(a)] for s, a in raw.actions]
        generators = {int(who): json.loads(state) for who, state in raw.generators.items()}
        if TABLE in generators:
            data["rng"] = generators.pop(TABLE)
        if generators or "rngs" not in meta:
            seats = max(generators, default=0) + 1
            meta["rngs"] = [generators.get(seat) for seat in range(seats)]
        saved_at = datetime.fromisoformat(raw.saved_at)
    except (ValueError, TypeError) as exc:
        raise StateError(f"the saved game is damaged ({exc})") from None
    from ..engine.serial import game_from_json

    game = game_from_json(data)
    if game.round != raw.round:
        raise StateError(f"the saved game says round {raw.round} but holds round {game.round}")
    try:
        table = TableMeta.from_json(meta, game.seats)
    except (ValueError, TypeError, KeyError) as exc:
        raise StateError(f"the saved game's settings are damaged ({exc!r})") from None
    return SavedGame(game, table, [str(line) for line in raw.log], saved_at, float(raw.played))


def written_from(raw: RawSave, saved: SavedGame) -> Written:
    """What the file holds, after loading it, so saving the resumed game appends (the
    log's row numbers are not read, so its lines are rewritten once, nor are the
    generators: an older save's are in its head and meta, so they are written once)."""
    game = saved.game
    try:
        generators = {int(who): json.loads(state) for who, state in raw.generators.items()}
    except (ValueError, TypeError):
        generators = {}
    return Written(
        raw.game_id, len(game.history), list(game.actions),
        game.history[-1] if game.history else None,
        None, 0, saved.played_seconds, generators)


def restore_raw(db: sqlite3.Connection, raw: RawSave) -> None:
    """Write rows read from another file back as the game in progress (caller's transaction)."""
    clear(db)
    db.executemany("INSERT INTO save_actions VALUES (?, ?, ?)",
                   [(i, s, a) for i, (s, a) in enumerate(raw.actions)])
    db.executemany("INSERT INTO save_history VALUES (?, ?)", list(enumerate(raw.history)))
    db.executemany("INSERT INTO save_log VALUES (?, ?)", list(enumerate(raw.log)))
    db.executemany("INSERT INTO save_generators VALUES (?, ?)", list(raw.generators.items()))
    db.execute("INSERT INTO save VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (raw.game_id, raw.preset, raw.difficulty, raw.round, raw.saved_at, raw.played,
                raw.meta, raw.head, *raw.counts))
