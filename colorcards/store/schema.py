"""The database layout, its version, and the forward migrations.

`schema_version` holds one row. Opening runs every migration above the stored version,
each in its own transaction with the version bump, so a crash mid-upgrade leaves the
file at a whole version. A file whose version is above `SCHEMA_VERSION` comes from a
newer colorcards and is never written by this one.
"""

from __future__ import annotations

import sqlite3

APPLICATION_ID = 0x43434442
"""PRAGMA application_id ('CCDB'): marks the file as ours for tools like `file`."""

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        # Finished games. Statistics are derived from these rows, never counted apart.
        """CREATE TABLE records (
            id INTEGER PRIMARY KEY,
            game_id TEXT NOT NULL UNIQUE,
            finished_at TEXT NOT NULL,
            preset TEXT NOT NULL,
            rules TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            seats INTEGER NOT NULL,
            result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
            abandoned INTEGER NOT NULL DEFAULT 0,
            place INTEGER,
            table_points INTEGER NOT NULL,
            cards_left INTEGER NOT NULL,
            points_left INTEGER NOT NULL,
            turns INTEGER NOT NULL,
            duration_seconds REAL NOT NULL,
            seed TEXT NOT NULL,
            meta TEXT NOT NULL DEFAULT '{}'
        )""",
        # The one game in progress: the engine's JSON without its two growing lists...
        """CREATE TABLE save (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            game_id TEXT NOT NULL,
            preset TEXT NOT NULL,
            difficulty TEXT NOT NULL,
            round INTEGER NOT NULL,
            saved_at TEXT NOT NULL,
            played_seconds REAL NOT NULL,
            meta TEXT NOT NULL,
            head TEXT NOT NULL,
            n_actions INTEGER NOT NULL,
            n_history INTEGER NOT NULL,
            n_log INTEGER NOT NULL
        )""",
        # ...which are appended here row by row, so an autosave costs the same late in
        # a long match as at its start.
        "CREATE TABLE save_actions (n INTEGER PRIMARY KEY, seat INTEGER, action TEXT NOT NULL)",
        "CREATE TABLE save_history (n INTEGER PRIMARY KEY, event TEXT NOT NULL)",
        "CREATE TABLE save_log (n INTEGER PRIMARY KEY, line TEXT NOT NULL)",
        # Saves that failed to load, kept when no file could be written for them.
        """CREATE TABLE damaged_saves (
            id INTEGER PRIMARY KEY, kept_at TEXT NOT NULL, reason TEXT NOT NULL,
            content TEXT NOT NULL
        )""",
    ),
    2: (
        # Statistics per level and per preset read records in the order they were
        # recorded (id: an index entry ends with it), whatever the clock said.
        "CREATE INDEX records_by_difficulty ON records (difficulty)",
        "CREATE INDEX records_by_preset ON records (preset, difficulty)",
    ),
    3: (
        # Games kept whole, for the replay and the review (replay/kept.py): the seat
        # names and every action as short tokens; rules, seed and seats are the
        # record's. `review` is the review once computed (JSON). A record from before
        # this version has no row here and shows "no replay".
        """CREATE TABLE replays (
            game_id TEXT PRIMARY KEY,
            names TEXT NOT NULL,
            actions TEXT NOT NULL,
            review TEXT
        )""",
        # The history list asks which games have a review without reading the rows.
        "CREATE INDEX replays_reviewed ON replays (game_id) WHERE review IS NOT NULL",
    ),
    4: (
        # Practice games (the coach was on, or a move was taken back) are kept and shown
        # but left out of the per-level statistics and streaks. Games recorded before
        # this version were not practice: the default says so.
        "ALTER TABLE records ADD COLUMN practice INTEGER NOT NULL DEFAULT 0",
        # A reviewed game's accuracy (replay/review.py `accuracy`), kept beside its
        # review so the history and the statistics read it without the review's JSON:
        # the share of decisions not costly and the average cost per decision. Reviews
        # completed before this version get theirs here, from their JSON.
        "ALTER TABLE replays ADD COLUMN accuracy REAL",
        "ALTER TABLE replays ADD COLUMN avg_cost REAL",
        """UPDATE replays SET
            accuracy = (SELECT 1.0 * sum(CASE WHEN json_extract(m.value, '$.close') THEN 1
                                          WHEN json_extract(m.value, '$.low') >= 0.03 THEN 0
                                          ELSE 1 END) / count(*)
                        FROM json_each(replays.review, '$.moments') AS m),
            avg_cost = (SELECT avg(CASE WHEN json_extract(m.value, '$.close') THEN 0.0
                                   ELSE max(coalesce(json_extract(m.value, '$.cost'), 0.0),
                                            0.0) END)
                        FROM json_each(replays.review, '$.moments') AS m)
           WHERE review IS NOT NULL AND json_valid(review)
             AND json_extract(review, '$.version') = 2
             AND json_extract(review, '$.complete') = 1
             AND json_array_length(review, '$.moments') > 0""",
    ),
    5: (
        # A reviewed game's decisions by kind (replay/plays_like.py `Kinds`, as text:
        # '9,1,2,1,0'): what the level the player plays like is estimated from. Reviews
        # of before (version 2 of the review's JSON) are weighed again by the background
        # reviews, which fill it in.
        "ALTER TABLE replays ADD COLUMN kinds TEXT",
    ),
    6: (
        # Exercises (store/exercises.py): each costly moment of a reviewed game, to try
        # again. `position` is the player's view then (their own hand only), `options`
        # the moves allowed, `answers` the coach's answer for each once weighed (JSON;
        # NULL until then). The schedule is a Leitner box and when it is next due, in
        # seconds on the app's clock; `tries` and `first` (the first answer's grade)
        # give the statistics.
        """CREATE TABLE exercises (
            game_id TEXT NOT NULL,
            idx INTEGER NOT NULL,
            turn INTEGER NOT NULL,
            level TEXT NOT NULL,
            position TEXT NOT NULL,
            options TEXT NOT NULL,
            made TEXT NOT NULL,
            best TEXT NOT NULL,
            words TEXT NOT NULL DEFAULT '',
            answers TEXT,
            box INTEGER NOT NULL DEFAULT 0,
            due REAL NOT NULL DEFAULT 0,
            tries INTEGER NOT NULL DEFAULT 0,
            first TEXT,
            PRIMARY KEY (game_id, idx)
        )""",
        "CREATE INDEX exercises_due ON exercises (due)",
    ),
    7: (
        # The game in progress's random generators (the deck's, TABLE = -1, and each
        # computer's, by seat: saves.py), a row each, written only when one changes.
        # A save written before keeps them in its head and meta, and loads as it did.
        "CREATE TABLE save_generators (who INTEGER PRIMARY KEY, state TEXT NOT NULL)",
    ),
}

SCHEMA_VERSION = max(MIGRATIONS)
"""The version this code writes."""


class NewerSchema(Exception):
    """The file was written by a newer colorcards."""

    def __init__(self, version: int):
        super().__init__(f"schema version {version}")
        self.version = version


class ForeignDatabase(Exception):
    """An SQLite file that is not a colorcards database."""


def stored_version(db: sqlite3.Connection) -> int:
    """The file's schema version: 0 for an empty file; ForeignDatabase if it holds other
    tables but no version; NewerSchema is left to the caller."""
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "schema_version" not in names:
        if names:
            raise ForeignDatabase(f"it holds tables {', '.join(sorted(names)[:3])}")
        return 0
    row = db.execute("SELECT version FROM schema_version").fetchone()
    if row is None or not isinstance(row[0], int):
        raise ForeignDatabase("its schema version is missing")
    return row[0]


def migrate(db: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> int:
    """Bring the file up to `upto`; the version it had. NewerSchema if above SCHEMA_VERSION.

    `db` must be in autocommit mode (isolation_level=None): each step is one explicit
    transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        had = stored_version(db)
        if had > SCHEMA_VERSION:
            raise NewerSchema(had)
        if had == 0:
            db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            db.execute("INSERT INTO schema_version VALUES (0)")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    for version in range(had + 1, upto + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[version]:
                db.execute(statement)
            db.execute("UPDATE schema_version SET version = ?", (version,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return had
