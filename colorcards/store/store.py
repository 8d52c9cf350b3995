"""The Store: the one way the game reads and writes its data directory.

It never raises for trouble with the disk or the files: whatever goes wrong becomes a
sentence in `problems` for the player, and the game plays on (in memory if it must).
Only a mistake by the caller (a match finished before it is over, settings that are
not JSON) raises.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.errors import StateError
from ..engine.phase import Phase
from ..engine.rules import Rules
from ..level import LEVELS
from ..replay.kept import (
    KeptGame,
    ReplayError,
    arrangements,
    decode_actions,
    encode_actions,
    hinted_of,
    seat_name,
)
from ..replay.plays_like import Kinds
from ..session.meta import TableMeta
from . import records as R
from . import recovery, saves
from .checkpoint import Checkpointer
from .lock import DirLock
from .paths import (
    DB_NAME,
    LOCK_NAME,
    probe_writable,
    reason,
    resolve_data_dir,
    stamp,
    unwritable,
    utc_now,
)

if TYPE_CHECKING:  # the game only comes with a save: not needed to open the store
    from ..engine.game import Game

IDLE_CAP = 300.0
"""Seconds: a longer pause between two saves counts as this much playing time."""

T = TypeVar("T")
_NOT_SAVED = "the game will play but will not be saved."
_SAVED_LATER = ("the game plays on, and what is not saved yet is saved as soon as a write "
                "works again.")

_NOT_SAVED = "the game will play but will not be saved."

NO_REPLAY = "this game was recorded before games were kept whole: there is no replay"
"""Why a record from before schema version 3 cannot be replayed."""


@dataclass
class _Unwritten:
    """A finished game's record whose write failed: kept until a write works."""

    record: R.GameRecord
    meta_text: str
    names: list[str]
    actions: list[Any]
    review: dict[str, Any] | None


class Store:
    """Saves and statistics in one SQLite file. Build with `Store.open`."""

    def __init__(self, db: sqlite3.Connection, path: Path, lock: DirLock | None,
                 durable: bool, owns_game: bool, problems: list[str]):
        self._db = db
        self._mutex = threading.RLock()
        self._lock = lock
        self._durable = durable
        self._write_ok = True
        self._written = saves.Written()
        self._tick: float | None = None
        self._checkpointer: Checkpointer | None = None
        if durable:
            db.execute("PRAGMA wal_autocheckpoint = 0")  # see checkpoint.py
            self._checkpointer = Checkpointer(path)
        self.path = path
        """The database file (it may not exist when nothing can be saved)."""
        self.problems = problems
        """Sentences for the player about anything that went wrong, oldest first."""
        self.owns_game = owns_game
        """False when another running copy owns the game in progress: this one then
        never saves, finishes or abandons a game, so it cannot overwrite that one."""
        self.lock_problem: str | None = None
        """The sentence in `problems` that says another running copy owns the game (a
        front end may say it in its own words: a browser tab is not a terminal)."""
        self.on_problem: Callable[[str], None] | None = None
        """Told each sentence as it is added to `problems` (a write that failed, saving
        that works again), from whichever thread wrote: the front end says it at once."""
        self._unwritten: dict[str, _Unwritten] = {}
        """Finished games whose record could not be written yet, by game_id (`retry`)."""
        self.failure: str | None = None
        """Why the last write that failed failed, in a few words ('the disk is full')."""

    @property
    def write_failed(self) -> bool:
        """True from a write that failed (a full disk, a file gone read-only) until one
        works again: what failed is written again at the next save and by `retry`."""
        return self._durable and not self._write_ok

    @property
    def waiting(self) -> bool:
        """True while a finished game's record waits to be written (its write failed:
        `retry` writes it as soon as the disk lets it, and so does the next save)."""
        return bool(self._unwritten)

    @property
    def saving(self) -> bool:
        """True while games are being saved to disk: False for a data directory that
        cannot be written, after a failed write (disk full), and in a copy that does
        not own the game in progress."""
        return self._durable and self._write_ok and self.owns_game

    # ------------------------------------------------------------------ opening

    @classmethod
    def open(cls, data_dir: str | Path | None = None) -> Store:
        """The store in `data_dir` (see `resolve_data_dir`), repairing what it must."""
        problems: list[str] = []
        try:
            directory = resolve_data_dir(data_dir)
        except Exception as exc:  # platformdirs could not name a directory
            problems.append(f"Cannot find a data directory ({reason(exc)}): {_NOT_SAVED}")
            return cls._in_memory(Path(DB_NAME), None, problems, owns_game=True)
        path = directory / DB_NAME
        try:
            probe_writable(directory)
            lock = DirLock.acquire(directory / LOCK_NAME)
        except OSError as exc:
            problems.append(f"Cannot write to {directory} ({unwritable(directory, exc)}): "
                            f"{_NOT_SAVED}")
            return cls._in_memory(path, path if path.is_file() else None, problems,
                                  owns_game=True)
        if lock is None:
            problem = (f"Another copy of colorcards is running with {directory}: it owns the "
                       f"game in progress, so this copy will not save, resume or record games.")
            problems.append(problem)
            store = cls._in_memory(path, path if path.is_file() else None, problems,
                                   owns_game=False)
            store.lock_problem = problem
            return store
        try:
            db = recovery.open_checked(path, problems)
        except (OSError, sqlite3.Error) as exc:
            lock.release()
            problems.append(f"Cannot write to {path} ({reason(exc, directory)}): {_NOT_SAVED}")
            return cls._in_memory(path, path if path.is_file() else None, problems,
                                  owns_game=True)
        return cls(db, path, lock, durable=True, owns_game=True, problems=problems)

    @classmethod
    def open_for_reading(cls, path: Path) -> Store:
        """A private in-memory copy of the database at `path` (none if it does not exist),
        for reading statistics without writing anything or waiting for a running game."""
        problems: list[str] = []
        source = path if path.is_file() else None
        return cls._in_memory(path, source, problems, owns_game=False)

    @classmethod
    def _in_memory(cls, path: Path, source: Path | None, problems: list[str],
                   owns_game: bool) -> Store:
        """A store that lives in memory, starting from a copy of `source` if it reads."""
        db = recovery.memory_copy(source, problems)
        return cls(db, path, None, durable=False, owns_game=owns_game, problems=problems)

    # ------------------------------------------------------------------ writing

    @contextmanager
    def _transaction(self, durable: bool = False) -> Iterator[sqlite3.Connection]:
        """One write transaction. `durable` syncs the log to disk at the commit (a
        finished game's record survives power loss too); autosaves skip that sync,
        which only risks the last few autosaves on power loss, never the file."""
        with self._mutex:
            if durable:
                self._db.execute("PRAGMA synchronous = FULL")
            try:
                with self._transaction_body() as db:
                    yield db
            finally:
                if durable:
                    self._db.execute("PRAGMA synchronous = NORMAL")

    @contextmanager
    def _transaction_body(self) -> Iterator[sqlite3.Connection]:
        with self._mutex:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                raise
            self._db.execute("COMMIT")

    def _say(self, sentence: str) -> None:
        """Add `sentence` to `problems` and tell `on_problem`."""
        self.problems.append(sentence)
        if self.on_problem is not None:
            self.on_problem(sentence)

    def _write_failed(self, exc: BaseException) -> None:
        """A write failed (disk full, file gone read-only): say so once, keep playing."""
        self._written = saves.Written()  # the next save rewrites the game whole
        self.failure = reason(exc, self.path.parent)
        if self._write_ok:
            self._write_ok = False
            self._say(f"Cannot save to {self.path} ({self.failure}): {_SAVED_LATER}")

    def _wrote(self) -> None:
        if not self._write_ok:
            self._write_ok = True
            self._say(f"Saving to {self.path} works again: everything is saved.")

    def _played(self, game_id: str, meta: TableMeta) -> float:
        """Playing time so far for `game_id`, counting no pause as more than IDLE_CAP."""
        now = time.monotonic()
        if self._written.game_id == game_id and self._tick is not None:
            base, gap = self._written.played, now - self._tick
        else:
            base, gap = 0.0, _since(meta.started_at)
        return base + min(max(gap, 0.0), IDLE_CAP)

    def save_game(self, game: Game, meta: TableMeta, log: list[str]) -> bool:
        """Autosave: state, settings and log in one transaction. Cheap after the first
        save of a game: only the actions, events and lines since the last one are added.
        Whether it was written (False: not owned, or the write failed; a finished game's
        record still waiting is written first)."""
        if not self.owns_game:
            return False
        if self._unwritten and not self.retry():
            return False  # the disk still refuses: the record first, once it can be
        game_id = meta.game_id
        played = self._played(game_id, meta)
        try:
            with self._transaction() as db:
                if game_id != self._written.game_id and _recorded(db, game_id):
                    return True  # recorded: never brought back as a game to resume
                self._written = saves.write(
                    db, self._written, game_id, game, meta.as_json(), log,
                    meta.preset, meta.difficulty,
                    utc_now().isoformat(), played)
        except (sqlite3.Error, OSError) as exc:
            self._write_failed(exc)
            return False
        self._tick = time.monotonic()
        if self._checkpointer is not None:
            self._checkpointer.saved()
        self._wrote()
        return True

    def finish_game(self, game: Game, meta: TableMeta, log: list[str],
                    review: dict[str, Any] | None = None) -> R.GameRecord:
        """Record a finished match for seat 0 and clear the save, in one transaction;
        with `review`, the review weighed so far at the table kept with it (the
        background reviews and the Review screen take on from there).

        Idempotent: finishing the same game_id again returns the first record."""
        if game.phase is not Phase.MATCH_OVER:
            raise ValueError(f"the match is not over (phase {game.phase!r})")
        game_id = meta.game_id
        record = R.make_record(game, meta, utc_now(), self._played(game_id, meta))
        if not self.owns_game:
            return record
        return self._record(record, meta, _names(meta, game), game.actions, review)

    def abandon_game(self) -> R.GameRecord | None:
        """Leave the saved unfinished game: it is recorded as a loss (RULES.md §6) and
        cleared. A saved game that is in fact over is recorded as it ended. None if
        there is no saved game (or it could not be loaded, and was kept aside, or it
        ended and its record waits to be written)."""
        if not self.owns_game:
            return None
        saved = self._load()
        if saved is None:
            return None
        if saved.meta.game_id in self._unwritten:
            self.retry()  # it ended: its record waits, and the save goes with it
            return None
        if saved.game.phase is Phase.MATCH_OVER:
            return self._record_ended(saved)
        record = R.make_record(saved.game, saved.meta, utc_now(), saved.played_seconds,
                               abandoned=True)
        return self._record(record, saved.meta, _names(saved.meta, saved.game),
                            saved.game.actions)

    def _record(self, record: R.GameRecord, meta: TableMeta, names: list[str],
                actions: list[Any], review: dict[str, Any] | None = None) -> R.GameRecord:
        """Store `record` (unless its game_id already is) with the game kept whole for
        its replay, and clear that game's save, in one transaction synced to disk; the
        record as stored. The meta kept with it leaves out what only resuming needs
        (each computer's generator: several kilobytes). If the write fails, the record
        waits in memory and the save stays as it is (`retry`)."""
        kept_meta = meta.for_the_record()
        return self._write_record(_Unwritten(
            record, json.dumps(kept_meta, separators=(",", ":")), names, list(actions),
            review))

    def _write_record(self, unwritten: _Unwritten) -> R.GameRecord:
        record = unwritten.record
        try:
            with self._transaction(durable=True) as db:
                known = _recorded(db, record.game_id)
                record = self._insert(db, record, unwritten.meta_text)
                if not known:
                    db.execute("INSERT OR IGNORE INTO replays (game_id, names, actions) "
                               "VALUES (?, ?, ?)",
                               (record.game_id,
                                json.dumps(unwritten.names, separators=(",", ":")),
                                encode_actions(unwritten.actions)))
                    if unwritten.review is not None:
                        _write_review(db, record.game_id, unwritten.review)
                row = db.execute("SELECT game_id FROM save WHERE id = 1").fetchone()
                if row is not None and row[0] == record.game_id:
                    saves.clear(db)
        except (sqlite3.Error, OSError) as exc:
            self._unwritten[record.game_id] = unwritten
            self._write_failed(exc)
            return record
        self._unwritten.pop(record.game_id, None)
        if self._written.game_id in (None, record.game_id):
            self._written = saves.Written()
            self._tick = None
        self._wrote()
        return record

    def retry(self) -> bool:
        """Write the finished games' records that wait (`waiting`); True once none waits.
        The front end calls it now and then while one waits, and closing tries once more."""
        for unwritten in list(self._unwritten.values()):
            if unwritten.record.game_id not in self._unwritten:
                continue
            self._write_record(unwritten)
            if unwritten.record.game_id in self._unwritten:
                break  # the disk still refuses
        return not self._unwritten

    @staticmethod
    def _insert(db: sqlite3.Connection, record: R.GameRecord, meta_text: str) -> R.GameRecord:
        """Insert unless the game_id is already recorded; the record that is stored."""
        row = db.execute(f"SELECT {', '.join(R.COLUMNS)} FROM records WHERE game_id = ?",
                         (record.game_id,)).fetchone()
        if row is not None:
            return R.from_row(row)
        db.execute(
            f"INSERT INTO records ({', '.join(R.COLUMNS)}, meta, practice) VALUES "
            f"({', '.join('?' * (len(R.COLUMNS) + 2))})",
            (*R.to_row(record), meta_text, int(record.practice)))
        return record

    # ------------------------------------------------------------------ reading

    def saved_summary(self) -> dict[str, Any] | None:
        """What the title screen shows of the game in progress, without loading it:
        {"preset", "difficulty", "saved_at", "round", "practice"}; None if there is none.
        `practice`: the game is not counted, so leaving it costs nothing. A saved game
        that has ended is never offered: it is recorded here (`load_game`)."""
        if not self.owns_game:
            return None
        row = self.read(lambda db: db.execute(
            "SELECT preset, difficulty, saved_at, round, "
            "json_extract(meta, '$.practice'), game_id, "
            "CASE WHEN json_valid(head) THEN json_extract(head, '$.phase') END "
            "FROM save WHERE id = 1").fetchone(), None)
        if row is None:
            return None
        if row[6] == Phase.MATCH_OVER or row[5] in self._unwritten:
            self.load_game()  # records it (or leaves it for `retry`)
            return None
        return {"preset": row[0], "difficulty": row[1], "saved_at": row[2], "round": row[3],
                "practice": bool(row[4])}

    def load_game(self) -> saves.SavedGame | None:
        """The game in progress exactly as last saved, or None. A save that does not
        load is kept aside (a file named in `problems`) and cleared. A save of a game
        that has ended (the program stopped, or the disk refused, between its last
        save and its record) is recorded as it ended, not resumed; so is a save of a
        game whose record waits to be written (`waiting`), once the disk lets it."""
        saved = self._load()
        if saved is None:
            return None
        if saved.meta.game_id in self._unwritten:
            self.retry()
            return None
        if saved.game.phase is Phase.MATCH_OVER:
            self._record_ended(saved)
            return None
        return saved

    def _record_ended(self, saved: saves.SavedGame) -> R.GameRecord:
        """Record a saved game that is over as it ended: when it was last saved, after
        the playing time saved with it."""
        record = R.make_record(saved.game, saved.meta, saved.saved_at, saved.played_seconds)
        return self._record(record, saved.meta, _names(saved.meta, saved.game),
                            saved.game.actions)

    def _load(self) -> saves.SavedGame | None:
        """The save as it is, ended or not (None: none, or kept aside as damaged)."""
        if not self.owns_game:
            return None
        raw = self.read(saves.read_raw, None)
        if raw is None:
            return None
        try:
            saved = saves.build(raw)
        except StateError as exc:
            self._keep_bad_save(raw, exc)
            return None
        self._written = saves.written_from(raw, saved)
        self._tick = time.monotonic()
        return saved

    def _keep_bad_save(self, raw: saves.RawSave, exc: StateError) -> None:
        content = json.dumps(raw.as_json(), indent=1)
        target = self.path.with_name(f"colorcards-save.damaged-{stamp()}.json")
        where = None
        if self._durable:
            try:
                _write_file(target, content)
                where = f"kept as {target.name} beside it"
            except OSError:
                where = None
        try:
            with self._transaction() as db:
                if where is None:
                    db.execute("INSERT INTO damaged_saves (kept_at, reason, content) "
                               "VALUES (?, ?, ?)", (utc_now().isoformat(), str(exc), content))
                    where = f"kept inside {self.path.name} (table damaged_saves)"
                saves.clear(db)
        except (sqlite3.Error, OSError) as write_exc:
            self._write_failed(write_exc)
            where = where or "left where it was"
        self._written = saves.Written()
        self.problems.append(
            f"The saved game in {self.path} could not be loaded: {exc}. It was {where} "
            f"and will not be resumed; your statistics are not affected.")

    def _read_failed(self, exc: BaseException) -> None:
        self.problems.append(f"Cannot read {self.path} ({reason(exc)}).")

    def read(self, query: Callable[[sqlite3.Connection], T], failed: T) -> T:
        """`query(db)` on the file, under the store's lock: what it gives, or `failed` once
        SQLite's error is said in `problems` (a file that cannot be read is said, never
        a traceback). The store's own readers and its companions' (exercises.py)."""
        try:
            with self._mutex:
                return query(self._db)
        except sqlite3.Error as exc:
            self._read_failed(exc)
            return failed

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows `sql` selects (none, the error said, if the file cannot be read)."""
        return self.read(lambda db: db.execute(sql, args).fetchall(), [])

    def write(self, change: Callable[[sqlite3.Connection], T], failed: T,
              durable: bool = False) -> T:
        """`change(db)` in one transaction (synced to disk when `durable`): what it
        gives, or `failed` once the error is said (`problems`, `saving`)."""
        try:
            with self._transaction(durable=durable) as db:
                return change(db)
        except (sqlite3.Error, OSError) as exc:
            self._write_failed(exc)
            return failed

    def records(self, difficulty: str | None = None,
                limit: int | None = None) -> list[R.GameRecord]:
        """Finished games in the order they were recorded, newest last; only the newest
        `limit` if given."""
        sql = f"SELECT {', '.join(R.COLUMNS)}, practice FROM records"
        args: list[Any] = []
        if difficulty is not None:
            sql += " WHERE difficulty = ?"
            args.append(difficulty)
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(max(0, int(limit)))
        rows = self.rows(sql, args)
        found = []
        for row in reversed(rows):
            try:
                found.append(replace(R.from_row(row[:-1]), practice=bool(row[-1])))
            except (ValueError, TypeError, KeyError):
                continue  # a hand-edited row that makes no sense is not counted
        return found

    def stats(self, preset: str | None = None,
              practice: bool = False) -> dict[str, R.LevelStats]:
        """Per difficulty (all four always present), optionally for one preset only,
        derived from the records by query every time. Practice games (the coach on, a
        move taken back) count only in `practice=True`'s figures, never in the others."""
        sql = "SELECT difficulty, result FROM records WHERE practice = ?"
        args: tuple[Any, ...] = (int(practice),)
        if preset is not None:
            sql += " AND preset = ?"
            args = (int(practice), preset)
        sql += " ORDER BY id"
        rows = self.rows(sql, args)
        by_level: dict[str, list[str]] = {level: [] for level in LEVELS}
        for difficulty, result in rows:
            by_level.setdefault(difficulty, []).append(result)
        return {level: R.derive(results) for level, results in by_level.items()}

    def unreviewed(self) -> list[str]:
        """The kept games whose review is not complete (or not of this version), newest
        first: what the background reviews do next."""
        from ..replay.review import VERSION

        rows = self.rows(
            "SELECT p.game_id FROM replays p JOIN records r ON r.game_id = p.game_id "
            "WHERE p.review IS NULL OR NOT json_valid(p.review) "
            "OR json_extract(p.review, '$.version') IS NOT ? "
            "OR json_extract(p.review, '$.complete') IS NOT 1 "
            "ORDER BY r.id DESC", (VERSION,))
        return [str(r[0]) for r in rows]

    def accuracies(self) -> list[R.Measured]:
        """The measure of each reviewed game that is not practice, in the order they
        were recorded."""
        rows = self.rows(
            "SELECT r.difficulty, p.accuracy, p.avg_cost, p.kinds "
            "FROM records r JOIN replays p "
            "ON p.game_id = r.game_id WHERE p.accuracy IS NOT NULL "
            "AND p.avg_cost IS NOT NULL AND r.practice = 0 ORDER BY r.id")
        return [R.Measured(str(level), float(share), float(cost), Kinds.from_text(kinds))
                for level, share, cost, kinds in rows]

    def presets(self) -> list[str]:
        """The presets that have finished games, in order of first play."""
        return [r[0] for r in
                self.rows("SELECT preset FROM records GROUP BY preset ORDER BY min(id)")]

    def outcomes(self) -> list[R.Outcome]:
        """Each counted game (not practice): when it ended, its level and its result, in
        the order recorded. What the statistics draw over time, in one scan of four
        columns (a few times quicker than the whole `history()`)."""
        rows = self.rows("SELECT finished_at, difficulty, result, practice FROM records "
                         "WHERE practice = 0 ORDER BY id")
        make = R.Outcome._make
        # A row whose values make no sense (a hand-edited file) is left out, as in history().
        return [make(row) for row in rows
                if type(row[0]) is str and type(row[1]) is str and row[2] in R.RESULTS]

    def history(self, limit: int | None = None) -> list[R.HistoryEntry]:
        """Finished and abandoned games, newest first, each saying whether it can be
        replayed and whether its review is kept; only the newest `limit` if given.
        Three scans (the records, then two indexes of the kept games) rather than a
        join: the history of ten thousand games opens in a few tens of milliseconds."""
        sql = (f"SELECT {', '.join(R.HISTORY_COLUMNS)} FROM records ORDER BY id DESC")
        args: list[Any] = []
        if limit is not None:
            sql += " LIMIT ?"
            args.append(max(0, int(limit)))
        def scans(db: sqlite3.Connection) -> list[R.HistoryEntry]:
            rows = db.execute(sql, args).fetchall()
            kept = {r[0] for r in db.execute("SELECT game_id FROM replays")}
            # A review left half-way is kept to resume, but the game is not reviewed.
            reviewed = {r[0] for r in db.execute(
                "SELECT game_id FROM replays WHERE review IS NOT NULL AND CASE WHEN "
                "json_valid(review) THEN json_extract(review, '$.complete') END = 1")}
            measured = {r[0]: (r[1], r[2]) for r in db.execute(
                "SELECT game_id, accuracy, avg_cost FROM replays "
                "WHERE accuracy IS NOT NULL")}
            return R.history_entries(rows, kept, reviewed, measured)

        return self.read(scans, [])

    def kept_game(self, game_id: str) -> KeptGame:
        """The game kept whole for its replay; ReplayError with one sentence if there is
        none (recorded before games were kept) or what is kept is damaged."""
        try:
            with self._mutex:
                row = self._db.execute(
                    f"SELECT {', '.join('r.' + c for c in R.COLUMNS)}, p.names, p.actions, "
                    f"p.game_id IS NOT NULL, r.practice, r.meta FROM records r "
                    f"LEFT JOIN replays p "
                    f"ON p.game_id = r.game_id WHERE r.game_id = ?", (game_id,)).fetchone()
        except sqlite3.Error as exc:
            raise ReplayError(f"it could not be read ({reason(exc)})") from None
        if row is None:
            raise ReplayError("there is no such game in your history")
        width = len(R.COLUMNS)
        names_text, actions_text, has_replay, practice, meta_text = row[width:]
        if not has_replay:
            raise ReplayError(NO_REPLAY)
        try:
            record = R.from_row(row[:width])
            rules = Rules.from_json(record.rules)
            names = json.loads(names_text)
            actions = decode_actions(str(actions_text), record.seats)
        except (ValueError, TypeError, KeyError) as exc:
            raise ReplayError(f"what is kept of it is damaged ({exc})") from None
        if not isinstance(names, list):
            names = []
        try:
            meta = json.loads(meta_text) if meta_text else {}
        except ValueError:
            meta = {}  # what is kept beside the game is not needed to replay it
        arranged = arrangements(meta.get("arranged") if isinstance(meta, dict) else None)
        hinted = hinted_of(meta.get("hinted") if isinstance(meta, dict) else None)
        return KeptGame(rules=rules, seats=record.seats, seed=record.seed,
                        arranged=tuple(e for e in arranged if e[0] <= len(actions)),
                        actions=tuple(actions), names=tuple(seat_name(n) for n in names),
                        difficulty=record.difficulty, preset=record.preset,
                        game_id=record.game_id, finished_at=record.finished_at.isoformat(),
                        abandoned=record.abandoned, practice=bool(practice),
                        hinted=tuple(at for at in hinted if at < len(actions)),
                        expected=R.summary_of(record))

    def review(self, game_id: str) -> dict[str, Any] | None:
        """The review kept for a game, or None if it has not been computed (or is
        unreadable, when it is computed again)."""
        row = self.read(lambda db: db.execute("SELECT review FROM replays WHERE game_id = ?",
                                              (game_id,)).fetchone(), None)
        if row is None or row[0] is None:
            return None
        try:
            data = json.loads(row[0])
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def keep_review(self, game_id: str, review: dict[str, Any]) -> bool:
        """Keep a computed review with its game, and once it is complete the game's
        accuracy beside it; False if it could not be written."""
        try:
            with self._transaction() as db:
                _write_review(db, game_id, review)
        except (sqlite3.Error, OSError) as exc:
            self._write_failed(exc)
            return False
        return True

    # ------------------------------------------------------------------ closing

    def close(self, wait: float = 10.0) -> None:
        """Close the file and give up ownership of the game in progress, waiting at most
        `wait` seconds for a checkpoint under way (quitting waits little: see
        `tui.helpers.QUIT_WAIT`)."""
        if self._unwritten and self.owns_game:
            self.retry()  # a last try: what still waits is lost with the process
        if self._checkpointer is not None:
            self._checkpointer.stop(wait)
            self._checkpointer = None
        with self._mutex:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            if self._lock is not None:
                self._lock.release()
                self._lock = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _names(meta: TableMeta, game: Game) -> list[str]:
    names = meta.names
    if len(names) == game.seats:
        return [str(n) for n in names]
    return []


def _recorded(db: sqlite3.Connection, game_id: str) -> bool:
    return db.execute("SELECT 1 FROM records WHERE game_id = ?", (game_id,)).fetchone() is not None


def _since(started_at: object) -> float:
    """Seconds since an ISO timestamp; 0 if it does not parse."""
    try:
        started = datetime.fromisoformat(str(started_at))
    except ValueError:
        return 0.0
    now = utc_now() if started.tzinfo else datetime.now()
    return (now - started).total_seconds()


def _write_file(target: Path, content: str) -> None:
    """Write a new file and flush it to disk before the save it copies is cleared."""
    import os

    with open(target, "x", encoding="utf-8") as out:
        out.write(content)
        out.flush()
        os.fsync(out.fileno())


def _write_review(db: sqlite3.Connection, game_id: str, review: dict[str, Any]) -> None:
    """Keep `review` (as JSON) with its game, and once it is complete the game's accuracy
    beside it."""
    from ..replay.review import Review, accuracy

    read = Review.from_json(review)
    measure = accuracy(read) if read is not None else None
    share, cost, kinds = ((measure.share, measure.cost, measure.kinds.as_text())
                          if measure else (None, None, None))
    db.execute("UPDATE replays SET review = ?, accuracy = ?, avg_cost = ?, kinds = ? "
               "WHERE game_id = ?",
               (json.dumps(review, separators=(",", ":")), share, cost, kinds, game_id))
