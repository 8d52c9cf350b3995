"""Opening a database file that may be damaged, foreign or from a newer colorcards.

The file is checked before anything is written to it. One that cannot be used is
read for whatever survives (finished-game records, and the game in progress if it
still loads), renamed aside with a timestamp, and replaced by a new file holding what
was read. Nothing is ever deleted.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..engine import StateError
from . import records as R
from . import saves
from .paths import move_aside, reason
from .schema import SCHEMA_VERSION, ForeignDatabase, NewerSchema, migrate, stored_version

MEASURES = ("accuracy", "avg_cost", "kinds")
"""The columns beside a kept game's review that hold its measure of play."""


class Damaged(Exception):
    """The file is SQLite but fails its integrity check."""


def connect(target: str | Path, uri: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are always explicit), usable from
    the worker thread that saves as well as the thread that opened it."""
    db = sqlite3.connect(str(target), uri=uri, isolation_level=None, check_same_thread=False,
                         timeout=5.0)
    db.execute("PRAGMA busy_timeout = 5000")
    return db


def readonly_uri(path: Path, immutable: bool = False) -> str:
    extra = "immutable=1" if immutable else "mode=ro"
    return f"file:{quote(str(path.resolve()))}?{extra}"


def check(db: sqlite3.Connection) -> int:
    """The file's schema version after proving it readable; Damaged, ForeignDatabase,
    NewerSchema or sqlite3.DatabaseError if it cannot be used. Writes nothing."""
    rows = db.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        raise Damaged("; ".join(str(r[0]) for r in rows[:2]))
    version = stored_version(db)
    if version > SCHEMA_VERSION:
        raise NewerSchema(version)
    return version


def prepare(db: sqlite3.Connection) -> None:
    """WAL journal (readers never block the writer; a crash never leaves a torn page),
    synced at checkpoints rather than on every autosave, then the migrations. What the
    migrations wrote (a new file's every table: about 200 KB of log) is moved into the
    file at once, so the log starts empty: on a small disk it never holds that and the
    first saves at once (tests/benchmarks/STORE.md)."""
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute(f"PRAGMA journal_size_limit = {LOG_MOST}")  # a reset log shrinks back
    if migrate(db) < SCHEMA_VERSION:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


LOG_MOST = 256 * 1024
"""Bytes a write-ahead log is cut back to once it has been moved into the file."""


def describe(path: Path, exc: BaseException) -> tuple[str, str]:
    """(kind for the kept name, what is wrong in words) for a file that cannot be used."""
    if isinstance(exc, NewerSchema):
        return "newer", (f"{path} comes from a newer colorcards (database version "
                         f"{exc.version}; this one knows up to {SCHEMA_VERSION})")
    if isinstance(exc, ForeignDatabase):
        return "foreign", f"{path} is not a colorcards database ({exc})"
    text = str(exc)
    if "not a database" in text:
        return "damaged", f"{path} is not a database file (damaged or something else)"
    return "damaged", f"{path} was damaged ({text})"


def is_io_trouble(exc: BaseException) -> bool:
    """True for errors that say the disk or directory is the problem, not the file:
    those never get a file moved aside."""
    if isinstance(exc, OSError):
        return True
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    text = str(exc).lower()
    return any(w in text for w in ("full", "readonly", "read-only", "unable to open",
                                   "disk i/o", "locked", "permission"))


@dataclass
class Salvage:
    """What could still be read from a file that cannot be used."""

    records: list[Any] = field(default_factory=list)
    """The finished games' records, each with its practice mark where the file had one."""
    metas: dict[str, str] = field(default_factory=dict)
    """Each record's kept table data (JSON text), where the file had it."""
    replays: list[Any] = field(default_factory=list)
    """(game_id, names, actions, review) rows of the games kept whole."""
    measures: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    """Each kept game's measure of play beside its review (`MEASURES`), where the file had
    it: without it a reviewed game would drop out of the accuracy until weighed again."""
    exercises: list[Any] = field(default_factory=list)
    """The exercises' rows (store/exercises.py), with their schedule and answers."""
    save: saves.RawSave | None = None
    lost_records: bool = False
    """Some record rows (or the whole table) could not be read."""
    lost_replays: bool = False
    """Some games kept for replay could not be read (their records may still be)."""
    lost_save: bool = False
    """There was a game in progress and it did not load."""
    unreadable_save: bool = False
    """The game in progress (if there was one) could not be read."""
    readable: bool = False
    """SQLite could read the file's table list at all."""

    def note(self) -> str:
        """One or two sentences for the player about what was kept."""
        if not self.readable:
            return "Nothing in it could be read."
        n = len(self.records)
        games = f"{n} finished game{'s' if n != 1 else ''}"
        if n and not self.lost_records:
            text = f"Your statistics could be read and were kept ({games})."
        elif n:
            text = (f"{games[0].upper() + games[1:]} could be read and were kept; "
                    "the rest could not.")
        elif self.lost_records:
            text = "Your statistics could not be read from it."
        else:
            text = "It held no statistics."
        if self.lost_replays:
            text += " Some replays could not be read."
        if self.save is not None:
            text += " The game in progress was kept too."
        elif self.lost_save:
            text += " The game in progress could not be loaded from it."
        elif self.unreadable_save:
            text += " Any game in progress could not be read."
        return text


def salvage(path: Path) -> Salvage:
    """Read records and the game in progress from `path`, skipping whatever fails.

    A file cut short (its header promises more pages than it has) makes SQLite refuse
    every query, so that case is read from a copy padded back to its full length: the
    missing pages read as empty and only the rows on them are lost."""
    found = _salvage_from(path)
    if found.readable:
        return found
    with tempfile.TemporaryDirectory(prefix="colorcards-salvage-") as tmp:
        padded = Path(tmp) / "padded.db"
        try:
            shutil.copyfile(path, padded)
            header = padded.read_bytes()[:100]
            if header[:16] != b"SQLite format 3\x00":
                return found
            page_size = int.from_bytes(header[16:18], "big")
            page_size = 65536 if page_size == 1 else page_size
            pages = int.from_bytes(header[28:32], "big")
            if pages * page_size <= padded.stat().st_size:
                return found
            with open(padded, "r+b") as out:
                out.truncate(pages * page_size)
        except OSError:
            return found
        again = _salvage_from(padded)
    return again if again.readable else found


def _salvage_from(path: Path) -> Salvage:
    found = Salvage()
    try:
        src = connect(readonly_uri(path), uri=True)
        src.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        return found
    found.readable = True
    try:
        _salvage_records(src, found)
        _salvage_replays(src, found)
        _salvage_exercises(src, found)
        _salvage_save(src, found)
    finally:
        src.close()
    return found


def _salvage_records(src: sqlite3.Connection, found: Salvage) -> None:
    try:
        present = {row[1] for row in src.execute("PRAGMA table_info(records)")}
    except sqlite3.Error:
        found.lost_records = True
        return
    if not present:
        return
    if not set(R.COLUMNS) <= present:
        found.lost_records = True
        return
    extra = [c for c in ("practice", "meta") if c in present]  # later schema versions
    select = f"SELECT {', '.join((*R.COLUMNS, *extra))} FROM records"
    try:
        rows = src.execute(select + " ORDER BY id").fetchall()
    except sqlite3.Error:
        found.lost_records = True
        rows = _rows_one_by_one(src, select, "records", "id")
    width = len(R.COLUMNS)
    for row in rows:
        try:
            record = R.from_row(row[:width])
        except (ValueError, TypeError, KeyError):
            found.lost_records = True
            continue
        more = dict(zip(extra, row[width:], strict=True))
        if more.get("practice"):
            record = replace(record, practice=True)  # kept out of the statistics, as before
        if isinstance(more.get("meta"), str):
            found.metas[record.game_id] = more["meta"]
        found.records.append(record)


def _salvage_replays(src: sqlite3.Connection, found: Salvage) -> None:
    """The games kept whole, row by row where the table is damaged."""
    try:
        present = {row[1] for row in src.execute("PRAGMA table_info(replays)")}
    except sqlite3.Error:
        found.lost_replays = True
        return
    if not present:
        return  # a file from before games were kept
    extra = [c for c in MEASURES if c in present]
    select = f"SELECT {', '.join(('game_id', 'names', 'actions', 'review', *extra))} FROM replays"
    try:
        rows = src.execute(select + " ORDER BY rowid").fetchall()
    except sqlite3.Error:
        found.lost_replays = True
        rows = _rows_one_by_one(src, select, "replays", "rowid")
    found.replays = [tuple(row[:4]) for row in rows]
    if len(extra) == len(MEASURES):
        found.measures = {row[0]: tuple(row[4:]) for row in rows if isinstance(row[0], str)}


EXERCISE_COLUMNS = ("game_id", "idx", "turn", "level", "position", "options", "made", "best",
                    "words", "answers", "box", "due", "tries", "first")
"""The exercises' columns carried into a new file (schema version 6)."""


def _salvage_exercises(src: sqlite3.Connection, found: Salvage) -> None:
    """The exercises, row by row where the table is damaged (those lost are made again
    from their games' reviews, with a fresh schedule)."""
    try:
        present = {row[1] for row in src.execute("PRAGMA table_info(exercises)")}
    except sqlite3.Error:
        return
    if not set(EXERCISE_COLUMNS) <= present:
        return
    select = f"SELECT {', '.join(EXERCISE_COLUMNS)} FROM exercises"
    try:
        found.exercises = src.execute(select + " ORDER BY rowid").fetchall()
    except sqlite3.Error:
        found.exercises = _rows_one_by_one(src, select, "exercises", "rowid")


def _rows_one_by_one(src: sqlite3.Connection, select: str, table: str, key: str) -> list[Any]:
    """Rows of `table` read one `key` at a time, so one bad page loses only the rows on it."""
    try:
        top = src.execute(f"SELECT max({key}) FROM {table}").fetchone()[0] or 0
    except sqlite3.Error:
        top = 100_000
    rows, misses = [], 0
    for rowid in range(1, top + 1):
        try:
            row = src.execute(f"{select} WHERE {key} = ?", (rowid,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is None:
            misses += 1
            if misses > 2_000:
                break
            continue
        misses = 0
        rows.append(row)
    return rows


def _salvage_save(src: sqlite3.Connection, found: Salvage) -> None:
    try:
        raw = saves.read_raw(src)
    except sqlite3.Error:
        found.unreadable_save = True
        return
    if raw is None:
        return
    try:
        saves.build(raw)
    except StateError:
        found.lost_save = True
        return
    found.save = raw


def restore(db: sqlite3.Connection, found: Salvage) -> None:
    """Write what was salvaged into a fresh, migrated file, in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.executemany(
            f"INSERT OR IGNORE INTO records ({', '.join(R.COLUMNS)}, meta, practice) VALUES "
            f"({', '.join('?' * len(R.COLUMNS))}, ?, ?)",
            [(*R.to_row(r), found.metas.get(r.game_id, "{}"), int(r.practice))
             for r in found.records])
        db.executemany("INSERT OR IGNORE INTO replays (game_id, names, actions, review) "
                       "VALUES (?, ?, ?, ?)",
                       [r for r in found.replays if _whole_replay(r)])
        db.executemany(f"UPDATE replays SET {', '.join(f'{c} = ?' for c in MEASURES)} "
                       "WHERE game_id = ?",
                       [(*m, game_id) for game_id, m in found.measures.items()])
        db.executemany(f"INSERT OR IGNORE INTO exercises ({', '.join(EXERCISE_COLUMNS)}) "
                       f"VALUES ({', '.join('?' * len(EXERCISE_COLUMNS))})",
                       [tuple(r) for r in found.exercises
                        if len(r) == len(EXERCISE_COLUMNS) and isinstance(r[0], str)])
        if found.save is not None:
            saves.restore_raw(db, found.save)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _whole_replay(row: Sequence[Any]) -> bool:
    """A salvaged replay row with text where text must be (else it is not carried over)."""
    game_id, names, actions, review = row
    return (isinstance(game_id, str) and isinstance(names, str) and isinstance(actions, str)
            and (review is None or isinstance(review, str)))


def open_checked(path: Path, problems: list[str]) -> sqlite3.Connection:
    """The checked, migrated file at `path`; one that cannot be used is salvaged, kept
    aside and replaced (with a sentence in `problems`). Raises sqlite3.Error or OSError
    only for trouble with the disk, never because of what the file holds."""
    db = None
    try:
        db = connect(path)
        check(db)
        prepare(db)
        return db
    except Exception as exc:
        if db is not None:
            db.close()
        if is_io_trouble(exc) or not isinstance(
                exc, (sqlite3.DatabaseError, Damaged, ForeignDatabase, NewerSchema)):
            raise
        kind, what = describe(path, exc)
    found = salvage(path)
    kept = move_aside(path, kind)
    db = connect(path)
    prepare(db)
    restore(db, found)
    problems.append(f"{what}; it was kept as {kept.name} beside it and a new one "
                    f"started. {found.note()}")
    return db


def memory_copy(source: Path | None, problems: list[str]) -> sqlite3.Connection:
    """An in-memory database at the current schema holding a copy of `source` if it
    reads (a sentence in `problems` if it does not); `source` is never written."""
    db = connect(":memory:")
    if source is not None:
        _copy_into(db, source, problems)
    try:
        migrate(db)
    except Exception:  # a copy from a newer or foreign file: start empty
        db.close()
        db = connect(":memory:")
        migrate(db)
    return db


def _copy_into(db: sqlite3.Connection, source: Path, problems: list[str]) -> None:
    last: BaseException | None = None
    for immutable in (False, True):  # immutable: a read-only directory without -shm
        try:
            src = connect(readonly_uri(source, immutable), uri=True)
        except sqlite3.Error as exc:
            last = exc
            continue
        try:
            check(src)
            src.backup(db)
            return
        except Exception as exc:
            last = exc
        finally:
            src.close()
    assert last is not None  # every attempt that did not return failed and set it
    problems.append(f"{source} could not be read ({reason(last)}): your statistics are "
                    f"not shown in this copy.")
