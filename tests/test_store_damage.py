"""Damaged, foreign and newer files, unwritable directories, a full disk, two copies:
a clear sentence naming the file and what happens next, the file kept (never deleted),
whatever can be read kept, and the game still playing."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

import pytest

from colorcards.engine import Game, get_preset
from colorcards.store import Store
from store_helpers import new_meta, play_out, play_until, refuse_writes, store_and_connection


def _finished(i: int, difficulty: str = "normal"):
    game = Game(get_preset("party").rules(), 3, seed=i)
    meta = new_meta(game, f"g{i}", "party", difficulty)
    log: list[str] = []
    meta = play_out(game, meta, log)
    return game, meta, log


def _in_progress(seed: int = 5, actions: int = 40):
    game = Game(get_preset("colour-match").rules(), 3, seed=seed)
    meta = new_meta(game, "live", "colour-match", "hard")
    log: list[str] = []
    meta = play_until(game, meta, log, actions).meta
    return game, meta, log


def _with_records(data, n: int = 3, save: bool = False):
    """A data dir holding n finished games (and a game in progress); their records."""
    with Store.open(data) as store:
        records = [store.finish_game(*_finished(i)) for i in range(n)]
        if save:
            store.save_game(*_in_progress())
    return records


def _kept(data, kind: str) -> list:
    return sorted(p for p in data.iterdir() if p.name.startswith(f"colorcards.db.{kind}-")
                  and not p.name.endswith(("-wal", "-shm")))


# ------------------------------------------------------------------ damaged and foreign files

def test_a_file_that_is_not_sqlite_is_kept_and_replaced(tmp_path):
    """Garbage in colorcards.db: message naming it and the kept name; a fresh file."""
    data = tmp_path / "data"
    data.mkdir()
    garbage = b"these are my holiday notes, not a database\n" * 200
    (data / "colorcards.db").write_bytes(garbage)
    with Store.open(data) as store:
        assert store.saving and store.owns_game
        [problem] = store.problems
        assert problem.startswith(f"{data / 'colorcards.db'} is not a database file (damaged "
                                  "or something else); it was kept as ")
        assert problem.endswith(" beside it and a new one started. Nothing in it could be read.")
        kept = _kept(data, "damaged")
        assert len(kept) == 1 and kept[0].read_bytes() == garbage
        assert str(data / "colorcards.db") in problem and kept[0].name in problem
        assert "a new one started" in problem
        assert store.stats()["normal"].games == 0
        store.finish_game(*_finished(1))
    with Store.open(data) as store:
        assert store.problems == [] and len(store.records()) == 1


def test_an_empty_file_is_simply_a_new_database(tmp_path):
    """A zero-byte file (created and never written) is not damage."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "colorcards.db").write_bytes(b"")
    with Store.open(data) as store:
        assert store.problems == [] and store.saving


def test_a_truncated_file_keeps_what_can_be_read(tmp_path):
    """Cut a file short: it is kept as it was; every record salvaged is a true one."""
    data = tmp_path / "data"
    records = _with_records(data, n=40)
    path = data / "colorcards.db"
    content = path.read_bytes()
    # Records are small and their pages come after the schema's and between the
    # replays': three quarters of the file hold some of them.
    cut = content[: len(content) * 3 // 4]
    path.write_bytes(cut)
    with Store.open(data) as store:
        [problem] = store.problems
        [kept] = _kept(data, "damaged")
        assert kept.read_bytes() == cut and kept.name in problem
        salvaged = store.records()
        assert salvaged and all(r in records for r in salvaged)
        assert f"{len(salvaged)} finished games could be read and were kept" in problem
        assert store.saving


def _damage_page(path: Path, table: str, which: int) -> None:
    """Overwrite one of `table`'s leaf pages (by position: 0 the first, -1 the last) with
    garbage, as a bad sector would: a query that reads that page fails, rows on the other
    pages still read one by one."""
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = [n for (n,) in db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
            (table,))]
        size = db.execute("PRAGMA page_size").fetchone()[0]
    assert len(pages) >= 3, "the table needs more rows for the test"
    with open(path, "r+b") as out:
        out.seek((pages[which] - 1) * size)
        out.write(b"\xa5" * size)


@pytest.mark.parametrize("which", [1, -1], ids=["a middle page", "the last page"])
def test_a_bad_page_of_records_loses_only_the_games_on_it(tmp_path, which):
    """One page of the finished games' table unreadable: the games on the other pages are
    read one by one and kept (the first and the last among them, however the table's end
    is found), and the sentence says the rest could not be."""
    data = tmp_path / "data"
    records = _with_records(data, n=24)
    _damage_page(data / "colorcards.db", "records", which)
    with Store.open(data) as store:
        [problem] = store.problems
        salvaged = store.records()
    assert records[0] in salvaged and all(r in records for r in salvaged)
    assert 12 <= len(salvaged) < 24
    assert (records[-1] in salvaged) is (which != -1)
    assert f"{len(salvaged)} finished games could be read and were kept; the rest could not." \
        in problem
    assert len(_kept(data, "damaged")) == 1


def test_a_bad_page_of_replays_keeps_every_record_and_the_other_replays(tmp_path):
    """One page of the kept games unreadable: every finished game's record is kept, the
    games on the other pages still replay, and the sentence says some could not be read."""
    data = tmp_path / "data"
    records = _with_records(data, n=24)
    _damage_page(data / "colorcards.db", "replays", 1)
    with Store.open(data) as store:
        [problem] = store.problems
        assert store.records() == records
        replayed = [e.game_id for e in store.history() if e.replay]
        assert 12 <= len(replayed) < 24 and records[0].game_id in replayed
        assert records[-1].game_id in replayed
        for game_id in replayed:
            kept = store.kept_game(game_id)
            assert kept.check(kept.replay()) is None
    assert "Your statistics could be read and were kept (24 finished games)." in problem
    assert "Some replays could not be read." in problem


def test_a_newer_schema_is_kept_and_its_records_carried_over(tmp_path):
    """A file from a newer colorcards: kept aside, statistics and game in progress kept."""
    data = tmp_path / "data"
    records = _with_records(data, n=3, save=True)
    with sqlite3.connect(data / "colorcards.db") as db:
        db.execute("UPDATE schema_version SET version = 99")
        db.execute("ALTER TABLE records ADD COLUMN mood TEXT")
    with Store.open(data) as store:
        [problem] = store.problems
        assert "newer colorcards" in problem and "99" in problem
        assert "Your statistics could be read and were kept (3 finished games)" in problem
        assert "game in progress was kept too" in problem
        assert store.records() == records
        saved = store.load_game()
        assert saved is not None and saved.game.dumps() == _in_progress()[0].dumps()
        [kept] = _kept(data, "newer")
    with sqlite3.connect(kept) as db:
        assert db.execute("SELECT version FROM schema_version").fetchone()[0] == 99


def test_what_a_salvaged_file_carries_over_keeps_practice_and_the_measure_of_play(tmp_path):
    """Salvaged (here from a newer colorcards): a practice game stays practice, out of the
    per-level statistics; each record keeps its table data (the replay's hand orders);
    a reviewed game keeps its accuracy and decisions by kind."""
    from colorcards.engine import parse_card, play
    from colorcards.replay.review import Moment, Review

    data = tmp_path / "data"
    red3 = parse_card("R3")
    review = Review((Moment(1, 1, red3, None, play(red3), play(red3), close=True),), 1)
    with Store.open(data) as store:
        counted = store.finish_game(*_finished(1))
        game, meta, log = _finished(2)
        practice = store.finish_game(game, meta.with_(practice=True), log)
        assert practice.practice and store.keep_review(counted.game_id, review.as_json())
        measured = store.accuracies()
    with sqlite3.connect(data / "colorcards.db") as db:
        metas = dict(db.execute("SELECT game_id, meta FROM records"))
        db.execute("UPDATE schema_version SET version = 99")
    with Store.open(data) as store:
        [problem] = store.problems
        assert "(2 finished games)" in problem
        assert [r.practice for r in store.records()] == [False, True]
        assert store.stats()["normal"].games == 1
        assert store.stats(practice=True)["normal"].games == 1
        assert store.accuracies() == measured and measured[0].kinds is not None
        db = sqlite3.connect(data / "colorcards.db")
        assert dict(db.execute("SELECT game_id, meta FROM records")) == metas
        db.close()


def _newer(data, *sql: str) -> None:
    """Make the file one from a newer colorcards, with `sql` run on it first."""
    with closing(sqlite3.connect(data / "colorcards.db")) as db, db:
        for statement in sql:
            db.execute(statement)
        db.execute("UPDATE schema_version SET version = 99")


def test_exercises_and_whole_replays_are_carried_over_and_broken_rows_left(tmp_path):
    """Salvaged, the exercises keep their schedule and answers, and a kept game's row
    goes over only if what must be text is text: a row with a broken field stays in the
    kept file, not in the new one."""
    from colorcards.store.recovery import EXERCISE_COLUMNS

    data = tmp_path / "data"
    records = _with_records(data, n=3)
    exercise = ("g1", 4, 7, "normal", "{}", "[]", "R5", "R6", "Play Red 6.", "[]", 2, 12.5, 3,
                "good")
    broken = (records[0].game_id, records[1].game_id)
    _tamper(data, f"INSERT INTO exercises ({', '.join(EXERCISE_COLUMNS)}) VALUES "
                  f"({', '.join('?' * len(EXERCISE_COLUMNS))})", *exercise)
    _newer(data, f"UPDATE replays SET names = x'00' WHERE game_id = '{broken[0]}'",
                 f"UPDATE replays SET actions = x'00' WHERE game_id = '{broken[1]}'")
    with Store.open(data) as store:
        assert store.records() == records
        replayed = {e.game_id for e in store.history() if e.replay}
        assert replayed == {r.game_id for r in records} - set(broken)
        [problem] = store.problems
        assert problem.endswith("Your statistics could be read and were kept (3 finished "
                                "games).")
    with closing(sqlite3.connect(data / "colorcards.db")) as db:
        assert db.execute(f"SELECT {', '.join(EXERCISE_COLUMNS)} FROM exercises").fetchall() \
            == [exercise]


def test_a_record_that_does_not_read_is_left_and_the_others_kept(tmp_path):
    """A finished game's row with a value no record can have: that one record is left in
    the kept file, the ones after it are still carried over, and the sentence says some
    could not be read."""
    data = tmp_path / "data"
    records = _with_records(data, n=4)
    _newer(data, f"UPDATE records SET rules = '[1, 2]' WHERE game_id = '{records[1].game_id}'")
    with Store.open(data) as store:
        assert store.records() == [records[0], *records[2:]]
        assert "3 finished games could be read and were kept; the rest could not." in \
            store.problems[0]


def test_a_kept_file_with_the_first_records_table_keeps_its_records(tmp_path):
    """A file whose records table has only the first version's columns (no practice
    mark, no table data) still gives all its records; one missing a column the records
    need gives none, and says so."""
    data = tmp_path / "data"
    records = _with_records(data, n=2)
    _newer(data, "DROP INDEX IF EXISTS records_by_difficulty",
           "DROP INDEX IF EXISTS records_by_preset",
           "ALTER TABLE records DROP COLUMN practice", "ALTER TABLE records DROP COLUMN meta")
    with Store.open(data) as store:
        assert store.records() == records
        assert "Your statistics could be read and were kept (2 finished games)." in \
            store.problems[0]
    other = tmp_path / "other"
    _with_records(other, n=2)
    _newer(other, "DROP INDEX IF EXISTS records_by_difficulty",
           "DROP INDEX IF EXISTS records_by_preset", "ALTER TABLE records DROP COLUMN difficulty")
    with Store.open(other) as store:
        assert store.records() == []
        assert "Your statistics could not be read from it." in store.problems[0]


def test_a_foreign_sqlite_file_is_kept(tmp_path):
    """Another program's SQLite file under our name is not touched, only moved aside."""
    data = tmp_path / "data"
    data.mkdir()
    with sqlite3.connect(data / "colorcards.db") as db:
        db.execute("CREATE TABLE photos (name TEXT)")
        db.execute("INSERT INTO photos VALUES ('beach.jpg')")
    with Store.open(data) as store:
        [problem] = store.problems
        assert "not a colorcards database" in problem
        [kept] = _kept(data, "foreign")
    with sqlite3.connect(kept) as db:
        assert db.execute("SELECT name FROM photos").fetchall() == [("beach.jpg",)]


# ------------------------------------------------------------------ a save that does not load

def _tamper(data, sql: str, *args) -> None:
    with sqlite3.connect(data / "colorcards.db") as db:
        db.execute(sql, args)


def _head(data) -> dict:
    with sqlite3.connect(data / "colorcards.db") as db:
        return json.loads(db.execute("SELECT head FROM save").fetchone()[0])


def _two_copies_of_a_card(head: dict) -> dict:
    head["hands"][0].append(head["hands"][1][0])
    return head


@pytest.mark.parametrize("damage,words", [
    (lambda data: _tamper(data, "UPDATE save SET head = ?", "{not json"), "damaged"),
    (lambda data: _tamper(data, "UPDATE save SET head = ?",
                          json.dumps(_two_copies_of_a_card(_head(data)))), "cards instead of 108"),
    (lambda data: _tamper(data, "DELETE FROM save_actions WHERE n = 3"), "actions"),
    (lambda data: _tamper(data, "UPDATE save SET meta = ?", "[1, 2]"), "settings"),
], ids=["tampered-json", "inconsistent-cards", "missing-row", "bad-meta"])
def test_a_save_that_fails_to_load_is_kept_in_a_file(tmp_path, damage, words):
    """The bad save goes to a named file, the database and its records stay."""
    data = tmp_path / "data"
    records = _with_records(data, n=2, save=True)
    damage(data)
    with Store.open(data) as store:
        assert store.problems == []
        assert store.saved_summary() is not None
        assert store.load_game() is None
        [problem] = store.problems
        kept = sorted(data.glob("colorcards-save.damaged-*.json"))
        assert len(kept) == 1 and kept[0].name in problem and words in problem
        assert "will not be resumed" in problem
        assert json.loads(kept[0].read_text())["game_id"] == "live"
        assert store.saved_summary() is None
        assert store.records() == records
    assert _kept(data, "damaged") == []


def test_a_game_in_progress_that_does_not_load_from_a_kept_file_is_said_lost(tmp_path):
    """A file that cannot be used (here from a newer colorcards) whose game in progress
    does not load either: the statistics are carried over, the sentence says the game in
    progress could not be loaded, and the kept file still holds it."""
    data = tmp_path / "data"
    records = _with_records(data, n=2, save=True)
    _tamper(data, "UPDATE save SET head = ?", json.dumps(_two_copies_of_a_card(_head(data))))
    _tamper(data, "UPDATE schema_version SET version = 99")
    with Store.open(data) as store:
        [problem] = store.problems
        assert "Your statistics could be read and were kept (2 finished games)" in problem
        assert "The game in progress could not be loaded from it." in problem
        assert store.records() == records and store.load_game() is None
        [kept] = _kept(data, "newer")
    with sqlite3.connect(kept) as db:
        assert db.execute("SELECT count(*) FROM save").fetchone()[0] == 1


@pytest.mark.parametrize(("found", "words"), [
    ({"readable": False}, "Nothing in it could be read."),
    ({"records": [1]}, "Your statistics could be read and were kept (1 finished game)."),
    ({"records": [1, 2], "lost_records": True},
     "2 finished games could be read and were kept; the rest could not."),
    ({"lost_records": True}, "Your statistics could not be read from it."),
    ({}, "It held no statistics."),
    ({"records": [1, 2], "lost_replays": True, "save": "saved", "lost_save": True},
     "Your statistics could be read and were kept (2 finished games). Some replays could "
     "not be read. The game in progress was kept too."),
    ({"lost_save": True, "unreadable_save": True},
     "It held no statistics. The game in progress could not be loaded from it."),
    ({"unreadable_save": True}, "It held no statistics. Any game in progress could not be read."),
], ids=["unreadable", "one game", "some games", "no games", "none held", "a game kept",
        "a game lost", "a game unreadable"])
def test_what_was_kept_is_said_in_words(found, words):
    """The sentences after a file was kept aside say what of it was carried over, word
    for word: the finished games (how many, and whether some were lost), the replays, and
    the game in progress (kept, lost, or unreadable)."""
    from colorcards.store.recovery import Salvage

    assert Salvage(**{"readable": True, **found}).note() == words


@pytest.mark.parametrize(("error", "transient"), [
    (sqlite3.OperationalError("disk I/O error"), True),
    (sqlite3.OperationalError("attempt to write a readonly database"), True),
    (sqlite3.OperationalError("read-only file system"), True),
    (sqlite3.OperationalError("database is locked"), True),
    (sqlite3.OperationalError("permission denied"), True),
    (PermissionError(13, "Permission denied"), True),
    (sqlite3.DatabaseError("database disk image is malformed"), False),
    (sqlite3.OperationalError("no such table: records"), False),
], ids=["disk", "readonly", "read-only", "locked", "permission", "an OSError", "malformed",
        "no such table"])
def test_sqlites_words_for_the_disk_and_for_damage(error, transient):
    """SQLite's own messages for troubles a test cannot cause (a failing disk, a file
    system mounted read-only): the disk's and the moment's are told from a damaged file's."""
    from colorcards.store.recovery import is_io_trouble

    assert is_io_trouble(error) is transient


@pytest.fixture
def impatient(monkeypatch):
    """SQLite's wait for a lock cut to nothing: the store's connections give up at once
    where they would wait five seconds (what follows is the same, sooner)."""
    from colorcards.store import recovery

    patient = recovery.connect

    def connect(target, uri=False):
        db = patient(target, uri)
        db.execute("PRAGMA busy_timeout = 0")
        return db

    monkeypatch.setattr(recovery, "connect", connect)


def _locked(path: Path) -> None:
    with closing(sqlite3.connect(path, isolation_level=None)) as holder:
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        with closing(sqlite3.connect(path, timeout=0)) as db:
            db.execute("PRAGMA quick_check")


def _read_only(path: Path) -> None:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        db.execute("CREATE TABLE t (x)")


def _full(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db:
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        db.execute("CREATE TABLE filler (x)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 5000,)] * 100)


def _missing_directory(path: Path) -> None:
    with closing(sqlite3.connect(path.parent / "gone" / "colorcards.db")):
        pass


def _not_a_database(path: Path) -> None:
    path.write_bytes(b"my holiday notes\n" * 300)
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA quick_check")


@pytest.mark.parametrize(("trouble", "transient"), [
    (_locked, True), (_read_only, True), (_full, True), (_missing_directory, True),
    (_not_a_database, False),
], ids=["locked", "read-only", "full", "no directory", "not a database"])
def test_troubles_of_the_moment_are_told_from_a_damaged_file(tmp_path, trouble, transient):
    """The errors SQLite really raises: a locked, read-only or full database, or one that
    cannot be opened where it is, is trouble of the disk or the moment, and no file is
    ever moved aside for it; a file that is not a database is damage."""
    from colorcards.store.recovery import is_io_trouble

    data = tmp_path / "data"
    _with_records(data, n=1)
    with pytest.raises(sqlite3.Error) as raised:
        trouble(data / "colorcards.db")
    assert is_io_trouble(raised.value) is transient, raised.value


def test_a_database_held_by_another_writer_is_left_alone(tmp_path, impatient):
    """Another program holds the file locked (an exclusive lock, as a backup tool or the
    sqlite3 shell may): that is trouble of the moment, not damage. Nothing is moved aside
    or replaced, the game plays without saving and says why, the statistics still show,
    and once the lock is let go the file opens as it was."""
    data = tmp_path / "data"
    records = _with_records(data, n=2)
    path = data / "colorcards.db"
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        with Store.open(data) as store:
            assert not store.saving
            [problem] = store.problems
            assert "database is locked" in problem and "will not be saved" in problem
            assert store.records() == records
        assert _kept(data, "damaged") == [] and sorted(data.glob("*.damaged-*")) == []
    finally:
        holder.close()
    with Store.open(data) as store:
        assert store.problems == [] and store.saving and store.records() == records


def test_a_bad_page_of_exercises_loses_only_the_exercises_on_it(tmp_path):
    """One page of the exercises unreadable: those on the other pages are read one by
    one and carried over with their schedule."""
    from colorcards.store.recovery import EXERCISE_COLUMNS

    data = tmp_path / "data"
    _with_records(data, n=1)
    rows = [(f"g{k}", k, 3, "normal", "{" + "x" * 900 + "}", "[]", "R5", "R6", "", None, 1,
             float(k), 0, None) for k in range(40)]
    with closing(sqlite3.connect(data / "colorcards.db")) as db, db:
        db.executemany(f"INSERT INTO exercises ({', '.join(EXERCISE_COLUMNS)}) VALUES "
                       f"({', '.join('?' * len(EXERCISE_COLUMNS))})", rows)
    _damage_page(data / "colorcards.db", "exercises", 1)
    with Store.open(data) as store:
        assert "was damaged" in store.problems[0]
    with closing(sqlite3.connect(data / "colorcards.db")) as db:
        kept = db.execute(f"SELECT {', '.join(EXERCISE_COLUMNS)} FROM exercises "
                          "ORDER BY idx").fetchall()
    assert rows[0] in kept and rows[-1] in kept and 20 <= len(kept) < 40
    assert all(row in rows for row in kept)


def test_statistics_read_beside_a_running_game_include_its_latest_games(tmp_path):
    """A second look at the statistics while a game runs (`open_for_reading`) reads the
    games the running copy has recorded, also those not yet moved into the file from its
    log, and leaves nothing behind where it runs."""
    data = tmp_path / "data"
    with Store.open(data) as running:
        records = [running.finish_game(*_finished(i)) for i in range(2)]
        assert (data / "colorcards.db-wal").stat().st_size > 0  # not all in the file yet
        aside = tmp_path / "elsewhere"
        aside.mkdir()
        cwd = os.getcwd()
        os.chdir(aside)
        try:
            with Store.open_for_reading(data / "colorcards.db") as reader:
                assert reader.records() == records and reader.problems == []
        finally:
            os.chdir(cwd)
        assert list(aside.iterdir()) == []


def test_statistics_that_cannot_be_read_are_said_so(tmp_path):
    """A file that is not a database, or one from a newer colorcards, read for its
    statistics only: nothing is shown, the first says why, and the file is untouched."""
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"my holiday notes\n" * 300)
    with Store.open_for_reading(garbage) as reader:
        assert reader.records() == []
        assert reader.problems == [f"{garbage} could not be read (file is not a database): "
                                   "your statistics are not shown in this copy."]
    assert garbage.read_bytes() == b"my holiday notes\n" * 300
    data = tmp_path / "data"
    _with_records(data, n=1)
    _newer(data)
    with Store.open_for_reading(data / "colorcards.db") as reader:
        assert reader.records() == []


# ------------------------------------------------------------------ unwritable places

def _plays_in_memory(store: Store) -> None:
    """Saving, loading and finishing still work, in memory."""
    game, meta, log = _in_progress()
    store.save_game(game, meta, log)
    assert store.load_game().game.dumps() == game.dumps()
    before = store.stats()["normal"].games
    store.finish_game(*_finished(7))
    assert store.stats()["normal"].games == before + 1


def test_a_database_that_cannot_be_opened_where_it_is_is_left_alone(tmp_path):
    """Something that is no file where the database should be (a directory): SQLite
    cannot open it, which is trouble of the place, not damage: it is not moved aside, and
    the game plays without saving."""
    data = tmp_path / "data"
    (data / "colorcards.db").mkdir(parents=True)
    with Store.open(data) as store:
        assert not store.saving
        [problem] = store.problems
        assert problem == (f"Cannot write to {data / 'colorcards.db'} (unable to open database "
                           "file): the game will play but will not be saved.")
    assert (data / "colorcards.db").is_dir() and _kept(data, "damaged") == []


def test_a_data_dir_under_a_file_cannot_be_created(tmp_path):
    """A missing parent that cannot be made: message, saving off, play goes on."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a directory should be")
    with Store.open(blocker / "data") as store:
        assert not store.saving and store.owns_game
        [problem] = store.problems
        assert str(blocker / "data") in problem and "will not be saved" in problem
        assert f"({blocker} is a file, not a directory)" in problem
        _plays_in_memory(store)
    assert blocker.read_text() == "a file where a directory should be"


def test_each_unusable_data_dir_says_its_own_reason(tmp_path):
    """The real cause, not what the system call happened to say: a data directory that
    is a file ('file exists' before), a directory where no file can be made (/proc/1:
    'no such file or directory' before)."""
    blocker = tmp_path / "data"
    blocker.write_text("a file")
    with Store.open(blocker) as store:
        [problem] = store.problems
        assert "(it is a file, not a directory)" in problem
    if os.path.isdir("/proc/1"):
        with Store.open("/proc/1") as store:
            [problem] = store.problems
            assert "/proc/1 (no file can be made there)" in problem


def test_a_full_disk_is_named_whatever_sqlite_calls_it(tmp_path, monkeypatch):
    """SQLite may report a disk with no room as an I/O error: where the disk has (nearly)
    nothing free, the player reads that the disk is full."""
    import shutil
    import sqlite3
    from types import SimpleNamespace

    from colorcards.store.paths import reason

    error = sqlite3.OperationalError("disk I/O error")
    assert reason(error, tmp_path) == "disk I/O error"  # room enough: something else
    monkeypatch.setattr(shutil, "disk_usage",
                        lambda where: SimpleNamespace(total=3 << 20, used=3 << 20, free=0))
    assert reason(error, tmp_path) == "the disk is full"
    assert reason(OSError(28, "No space left on device"), tmp_path) == "the disk is full"


def test_a_read_only_data_dir_shows_old_statistics(tmp_path, monkeypatch):
    """Cannot write (as reported by the probe): the existing file's records still show."""
    data = tmp_path / "data"
    records = _with_records(data, n=2)
    from colorcards.store import store as store_module

    def refuse(directory):
        raise PermissionError(13, "Permission denied", str(directory))

    monkeypatch.setattr(store_module, "probe_writable", refuse)
    with Store.open(data) as store:
        assert not store.saving
        assert "permission denied" in store.problems[0]
        assert store.records() == records
        _plays_in_memory(store)
    with Store.open(tmp_path / "elsewhere") as other:
        assert other.records() == []
    monkeypatch.undo()
    with Store.open(data) as store:
        assert store.records() == records  # nothing from the in-memory session leaked


def _as_nobody(check) -> None:
    """Run `check` in a forked child that has given up root for the user `nobody`, so
    that permissions apply to it as to a player; fail with what it raised."""
    import pwd
    import traceback

    nobody = pwd.getpwnam("nobody")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: what it needs is imported already
        os.close(read)
        code = 0
        try:
            os.setgroups([])
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            check()
        except BaseException:
            os.write(write, traceback.format_exc().encode())
            code = 1
        os._exit(code)
    os.close(write)
    with os.fdopen(read) as pipe:
        told = pipe.read()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, told


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_really_read_only_dir(tmp_path):
    """chmod a-w on the data dir: message, records readable, saving off. Root writes
    through permissions: run as root (CI), the store is opened by a child that has
    become `nobody`, on a directory it owns (outside root's own temporary tree)."""
    as_root = os.geteuid() == 0
    base = Path(tempfile.mkdtemp()) if as_root else tmp_path
    data = base / "data"
    records = _with_records(data, n=2)

    def check() -> None:
        with Store.open(data) as store:
            assert not store.saving and store.records() == records
            [problem] = store.problems
            assert "permission denied" in problem and "will not be saved" in problem

    try:
        if as_root:
            import pwd

            nobody = pwd.getpwnam("nobody")
            base.chmod(0o755)
            for path in [data, *data.iterdir()]:
                os.chown(path, nobody.pw_uid, nobody.pw_gid)
        data.chmod(0o555)
        if as_root:
            _as_nobody(check)
        else:
            check()
    finally:
        data.chmod(0o755)
        if as_root:
            shutil.rmtree(base)


def test_a_full_disk_stops_saving_without_stopping_play(tmp_path):
    """A write that fails (SQLITE_FULL) keeps the last good save and says so once."""
    store, db = store_and_connection(tmp_path / "data")
    with store:
        game, meta, log = _in_progress(actions=5)
        store.save_game(game, meta, log)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        long_log = log + ["x" * 5000] * 200
        store.save_game(game, meta, long_log)
        store.save_game(game, meta, long_log)
        assert not store.saving
        [problem] = store.problems
        assert "full" in problem and "saved as soon as a write works again" in problem
        assert store.load_game().log == log
        db.execute("PRAGMA max_page_count = 1073741823")
        store.save_game(game, meta, long_log)
        assert store.saving and store.load_game().log == long_log
        assert "works again" in store.problems[-1]


def test_a_finished_game_whose_record_fails_waits_and_is_written_once_it_can(tmp_path):
    """The disk refuses the record: the record waits (the save holds the game as it
    ended), Continue is never offered, and the next save or `retry` writes it once."""
    store, db = store_and_connection(tmp_path / "data")
    heard: list[str] = []
    store.on_problem = heard.append
    with store:
        game, meta, log = _finished(4)
        store.save_game(game, meta, log)
        refuse_writes(db)
        record = store.finish_game(game, meta, log)
        assert store.waiting and store.write_failed and store.records() == []
        assert store.saved_summary() is None and store.load_game() is None
        assert store.abandon_game() is None  # an ended game is never left as a loss
        assert not store.retry() and store.waiting
        [failed] = heard
        assert "Cannot save" in failed and "as soon as a write works again" in failed
        refuse_writes(db, False)
        other, other_meta, other_log = _in_progress()
        assert store.save_game(other, other_meta, other_log)  # the record goes first
        assert not store.waiting and not store.write_failed
        assert store.records() == [record]
        assert heard[-1].startswith("Saving to") and "works again" in heard[-1]
        assert store.load_game().meta.game_id == "live"
        assert store.retry() and store.records() == [record]


def test_a_saved_game_that_ended_is_recorded_at_the_next_start(tmp_path):
    """The disk refused the record to the end of the session: the next start records
    the game as it ended, from its save, and offers no Continue."""
    data = tmp_path / "data"
    store, db = store_and_connection(data)
    game, meta, log = _finished(5)
    store.save_game(game, meta, log)
    refuse_writes(db)
    record = store.finish_game(game, meta, log)
    store.close()  # its last try fails too
    with Store.open(data) as again:
        assert again.saved_summary() is None
        [kept] = again.records()
        assert again.load_game() is None and again.problems == []
    assert kept.game_id == record.game_id and kept.result == record.result
    assert (kept.place, kept.turns, kept.seed) == (record.place, record.turns, record.seed)
    assert kept.finished_at <= record.finished_at  # when it was saved as it ended


def test_a_finished_game_is_written_by_retry_alone(tmp_path):
    """With no save after it (the results on screen), `retry` writes the record."""
    store, db = store_and_connection(tmp_path / "data")
    with store:
        game, meta, log = _finished(6)
        refuse_writes(db)
        record = store.finish_game(game, meta, log)
        refuse_writes(db, False)
        assert store.retry() and store.records() == [record]
        assert store.finish_game(game, meta, log) == record and len(store.records()) == 1


# ------------------------------------------------------------------ two copies at once

def test_a_second_copy_does_not_touch_the_game_in_progress(tmp_path):
    """The first copy owns the game; the second says so and never writes it."""
    data = tmp_path / "data"
    first = Store.open(data)
    game, meta, log = _in_progress()
    first.save_game(game, meta, log)
    second = Store.open(data)
    try:
        assert first.owns_game and not second.owns_game and not second.saving
        [problem] = second.problems
        assert "Another copy" in problem and str(data) in problem
        other, other_meta, other_log = _in_progress(seed=9)
        second.save_game(other, other_meta.with_(game_id="intruder"), other_log)
        finished = _finished(3)
        record = second.finish_game(*finished)
        assert record.game_id == "g3"
        assert second.load_game() is None and second.abandon_game() is None
        assert second.saved_summary() is None
        assert first.load_game().game.dumps() == game.dumps()
        assert first.records() == []
    finally:
        second.close()
        first.close()
    with Store.open(data) as third:
        assert third.owns_game and third.load_game().meta.game_id == "live"


def test_another_process_owns_the_game(tmp_path):
    """Ownership holds across processes, and passes on when the owner exits."""
    data = tmp_path / "data"
    code = ("import sys; from colorcards.store import Store; s = Store.open(sys.argv[1]); "
            "print(s.owns_game, flush=True); sys.stdin.read()")
    owner = subprocess.Popen([sys.executable, "-c", code, str(data)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout.readline().strip() == "True"
        with Store.open(data) as store:
            assert not store.owns_game
    finally:
        owner.stdin.close()
        owner.wait(timeout=30)
    deadline = time.monotonic() + 10
    while True:
        with Store.open(data) as store:
            if store.owns_game or time.monotonic() > deadline:
                assert store.owns_game
                break
