"""The store's API: where it lives, exact save and resume, records and derived statistics."""

import json
import sqlite3
from datetime import UTC, datetime

import pytest

from colorcards.engine import Game, game_from_json, get_preset
from colorcards.store import GameRecord, LevelStats, SavedGame, Store, resolve_data_dir
from colorcards.store.records import derive, make_record
from colorcards.store.schema import MIGRATIONS, SCHEMA_VERSION, migrate
from store_helpers import Driver, new_meta, play_out, play_until, store_and_connection


def _game(preset="party", seats=3, seed=7, game_id="g1", difficulty="normal"):
    game = Game(get_preset(preset).rules(), seats, seed=seed)
    return game, new_meta(game, game_id, preset, difficulty)


def _finished(preset="party", seats=3, seed=7, game_id="g1", difficulty="normal"):
    game, meta = _game(preset, seats, seed, game_id, difficulty)
    log: list[str] = []
    meta = play_out(game, meta, log)
    return game, meta, log


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "data") as opened:
        yield opened


# ------------------------------------------------------------------ where it lives

def test_explicit_dir_beats_environment(tmp_path, monkeypatch):
    """--data-dir wins over $COLORCARDS_DATA_DIR."""
    monkeypatch.setenv("COLORCARDS_DATA_DIR", str(tmp_path / "env"))
    assert resolve_data_dir(tmp_path / "explicit") == tmp_path / "explicit"


def test_environment_beats_platform(tmp_path, monkeypatch):
    """$COLORCARDS_DATA_DIR wins over the platform's directory."""
    monkeypatch.setenv("COLORCARDS_DATA_DIR", str(tmp_path / "env"))
    assert resolve_data_dir(None) == tmp_path / "env"


def test_platform_directory_names_the_app(monkeypatch, tmp_path):
    """Without either, platformdirs' user data dir for 'colorcards'."""
    monkeypatch.delenv("COLORCARDS_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert resolve_data_dir(None) == tmp_path / "xdg" / "colorcards"


def test_open_creates_a_wal_database_at_the_current_version(store):
    """The file exists, uses WAL, and records the newest schema version."""
    assert store.path.name == "colorcards.db" and store.path.is_file()
    assert store.saving and store.owns_game and store.problems == []
    with sqlite3.connect(store.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION


def test_an_old_schema_is_migrated_forward_keeping_records(tmp_path):
    """A version-1 file gains version 2's indexes and keeps its games."""
    data = tmp_path / "data"
    data.mkdir()
    db = sqlite3.connect(data / "colorcards.db", isolation_level=None)
    migrate(db, upto=1)
    game, meta, _log = _finished()
    from colorcards.store.records import COLUMNS, to_row

    record = make_record(game, meta, datetime.now(UTC), 12.0)
    db.execute(f"INSERT INTO records ({', '.join(COLUMNS)}) VALUES "
               f"({', '.join('?' * len(COLUMNS))})", to_row(record))
    db.close()
    with Store.open(data) as store:
        assert store.problems == []
        assert [r.game_id for r in store.records()] == ["g1"]
    with sqlite3.connect(data / "colorcards.db") as db:
        assert db.execute("SELECT version FROM schema_version").fetchone()[0] == max(MIGRATIONS)
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert "records_by_difficulty" in names


# ------------------------------------------------------------------ save and resume

@pytest.mark.parametrize("preset,seats,seed,actions", [
    ("color-cards", 4, 3, 1), ("color-cards", 4, 3, 40), ("classic", 4, 5, 120),
    ("colour-match", 3, 9, 300), ("duel", 2, 11, 15), ("family-night", 5, 2, 200),
])
def test_resume_is_the_exact_game(store, preset, seats, seed, actions):
    """After N actions, what loads is the same state, meta and log, and plays on the same."""
    game, meta = _game(preset, seats, seed)
    log: list[str] = []
    driver = Driver(game, meta)
    while len(game.actions) < actions and game.phase != "match-over":
        line = driver.step()
        if line is not None:
            log.append(line)
            store.save_game(game, driver.meta, log)
    saved = store.load_game()
    assert isinstance(saved, SavedGame)
    assert saved.game.dumps() == game.dumps()
    assert saved.meta.as_json() == json.loads(json.dumps(driver.meta.as_json()))
    assert saved.log == log
    # Both copies continue identically: same draws, same bot decisions.
    resumed = Driver(saved.game, saved.meta)
    for _ in range(30):
        if game.phase == "match-over":
            break
        assert driver.step() == resumed.step()
    assert saved.game.dumps() == game.dumps()


def test_open_phases_survive_a_save(store):
    """A game saved in each phase the engine has mid-match, with a Last Card window open
    or a penalty pending, comes back exactly so."""
    wanted = {"turn", "drawn", "window", "round-over", "pending", "vulnerable"}
    seen: set[str] = set()
    for seed in range(30):
        for preset in ("classic", "colour-match"):
            game, meta = _game(preset, 4, seed, game_id=f"{preset}{seed}")
            driver = Driver(game, meta)
            while game.phase != "match-over" and len(game.actions) < 300:
                if driver.step() is None:
                    continue
                marks = {game.phase}
                if game.pending:
                    marks.add("pending")
                if game.vulnerable is not None:
                    marks.add("vulnerable")
                if marks - seen:
                    seen |= marks
                    store.save_game(game, driver.meta, [])
                    assert store.load_game().game.dumps() == game.dumps()
            if wanted <= seen:
                return
    assert wanted <= seen


def test_resumed_game_keeps_appending(store):
    """Saving the loaded game again appends to the rows instead of rewriting them."""
    game, meta = _game("colour-match", 3, 5)
    log: list[str] = []
    meta = play_until(game, meta, log, 60).meta
    store.save_game(game, meta, log)
    saved = store.load_game()
    driver = Driver(saved.game, saved.meta)
    line = None
    while line is None:
        line = driver.step()
    saved.log.append(line)
    store.save_game(saved.game, driver.meta, saved.log)
    again = store.load_game()
    assert again.game.dumps() == saved.game.dumps() and again.log == saved.log
    assert len(again.game.actions) == len(game.actions) + 1


def test_a_shortened_log_is_rewritten_whole(store):
    """A table that trims its log to the last lines is saved as given."""
    game, meta = _game()
    log = [f"line {i}" for i in range(10)]
    store.save_game(game, meta, log)
    store.save_game(game, meta, log[-3:])
    assert store.load_game().log == log[-3:]


def test_a_log_kept_to_its_last_lines_is_saved_in_place(tmp_path):
    """A table keeping its last 50 lines: each save writes a handful of rows, not the
    whole game, and the log loads exactly as the table had it."""
    store, db = store_and_connection(tmp_path / "data")
    game, meta = _game("colour-match", 3, 5)
    log: list[str] = []
    driver = Driver(game, meta)
    changes = []
    while len(game.actions) < 250 and game.phase != "match-over":
        line = driver.step()
        if line is None:
            continue
        log.append(line)
        del log[:-50]
        before = db.total_changes
        store.save_game(game, driver.meta, log)
        changes.append(db.total_changes - before)
    assert max(changes[100:]) < 12
    saved = store.load_game()
    assert saved.log == log and saved.game.dumps() == game.dumps()
    resumed, line = Driver(saved.game, saved.meta), None
    while line is None:
        line = resumed.step()
    saved.log.append(line)
    del saved.log[:-50]
    store.save_game(saved.game, resumed.meta, saved.log)
    assert store.load_game().log == saved.log
    store.close()


def test_a_new_game_replaces_the_save(store):
    """Saving another game_id replaces the game in progress, rows and all."""
    first, meta1 = _game(seed=1, game_id="a")
    meta1 = play_until(first, meta1, [], 20).meta
    store.save_game(first, meta1, ["x"])
    second, meta2 = _game(seed=2, game_id="b")
    store.save_game(second, meta2, [])
    saved = store.load_game()
    assert saved.meta.game_id == "b" and saved.game.dumps() == second.dumps()
    assert saved.log == []


def test_saving_from_a_worker_thread(store):
    """The table may autosave from a worker thread while the screen reads statistics."""
    import threading

    game, meta = _game("colour-match", 3, 6)
    log: list[str] = []
    driver = Driver(game, meta)
    errors = []

    def autosave() -> None:
        try:
            for _ in range(150):
                if game.phase == "match-over":
                    break
                line = driver.step()
                if line is not None:
                    log.append(line)
                    store.save_game(game, driver.meta, log)
        except Exception as exc:  # surfaced below
            errors.append(exc)

    worker = threading.Thread(target=autosave)
    worker.start()
    while worker.is_alive():
        assert store.stats()["normal"].games == 0
        store.saved_summary()
    worker.join()
    assert errors == []
    saved = store.load_game()
    assert saved.game.dumps() == game.dumps() and saved.log == log


def test_saved_summary_is_what_the_title_screen_needs(store):
    """preset, difficulty, when, and the round, without loading the game."""
    assert store.saved_summary() is None
    game, meta = _game("colour-match", 3, 4, difficulty="hard")
    store.save_game(game, meta, [])
    summary = store.saved_summary()
    assert summary["preset"] == "colour-match" and summary["difficulty"] == "hard"
    assert summary["round"] == 1
    assert datetime.fromisoformat(summary["saved_at"]).tzinfo is not None


@pytest.mark.parametrize("preset,actions", [("classic", 0), ("colour-match", 150),
                                             ("family-night", 400)])
def test_a_save_holds_the_engines_json_and_the_generators_apart(tmp_path, preset, actions):
    """The head is the engine's own JSON without its two growing lists and its generator;
    the generators (the deck's, each computer's) are rows of their own; put together they
    are exactly what the engine and the table wrote."""
    store, db = store_and_connection(tmp_path / "data")
    game, meta = _game(preset, 4, 13)
    meta = play_until(game, meta, [], actions).meta
    store.save_game(game, meta, [])
    head, kept_meta = db.execute("SELECT head, meta FROM save").fetchone()
    rows = dict(db.execute("SELECT who, state FROM save_generators"))
    data = game.to_json(logs=False)
    assert json.loads(head) == {k: v for k, v in data.items() if k != "rng"}
    assert json.loads(rows.pop(-1)) == data["rng"]
    assert "rngs" not in json.loads(kept_meta)
    assert [json.loads(rows[s]) for s in sorted(rows)] == [list(r) for r in meta.rngs]
    store.close()


def test_a_new_file_starts_with_an_empty_log(tmp_path):
    """The tables a new file is made with are moved out of the write-ahead log at once
    (about 200 KB of it): on a small disk the log never holds them, and the first saves
    of a game add a few tens of kilobytes to an empty log."""
    with Store.open(tmp_path) as store:
        wal = store.path.with_name(store.path.name + "-wal")
        assert not wal.exists() or wal.stat().st_size == 0
        game, meta = _game("party", 4, 3)
        store.save_game(game, meta, [])
        assert wal.stat().st_size < 100_000


def test_a_generator_is_written_only_when_it_changes(tmp_path):
    """Saves after moves that change no generator (the log, the hand's order) write no
    generator row; a computer's decision rewrites its own row only."""
    store, db = store_and_connection(tmp_path / "data")
    db.execute("CREATE TEMP TABLE written (who INTEGER)")
    db.execute("CREATE TEMP TRIGGER noted AFTER INSERT ON save_generators "
               "BEGIN INSERT INTO written VALUES (new.who); END")
    game, meta = _game("party", 4, 3)
    store.save_game(game, meta, [])
    assert sorted(r[0] for r in db.execute("SELECT who FROM written")) == [-1, 0, 1, 2, 3]
    db.execute("DELETE FROM written")
    store.save_game(game, meta, ["a line"])
    assert db.execute("SELECT count(*) FROM written").fetchone()[0] == 0
    rngs = list(meta.rngs)
    rngs[2] = [3, [7] * 625, None]
    store.save_game(game, meta.with_(rngs=tuple(rngs)), ["a line", "another"])
    assert [r[0] for r in db.execute("SELECT who FROM written")] == [2]
    assert store.load_game().meta.rngs[2] == [3, [7] * 625, None]
    store.close()


def test_a_save_from_before_the_generators_had_rows_loads(tmp_path):
    """A save written before schema 7 (the generators in its head and meta) loads as the
    very game, and the next save writes its generators as rows."""
    store, db = store_and_connection(tmp_path / "data")
    game, meta = _game("colour-match", 3, 8)
    meta = play_until(game, meta, [], 60).meta
    store.save_game(game, meta, [])
    db.execute("UPDATE save SET head = ?, meta = ?",
               (json.dumps(game.to_json(logs=False)), json.dumps(meta.as_json())))
    db.execute("DELETE FROM save_generators")
    saved = store.load_game()
    assert saved.game.dumps() == game.dumps() and saved.meta.rngs == meta.rngs
    store.save_game(saved.game, saved.meta, ["resumed"])
    assert db.execute("SELECT count(*) FROM save_generators").fetchone()[0] == 4
    assert store.load_game().game.dumps() == game.dumps()
    store.close()


def test_saves_are_json_never_pickle(store):
    """The stored state is the engine's versioned JSON."""
    game, meta = _game()
    store.save_game(game, meta, [])
    with sqlite3.connect(store.path) as db:
        head = db.execute("SELECT head FROM save").fetchone()[0]
    data = json.loads(head)
    assert data["format"] == "colorcards-game" and data["version"] == 1


# ------------------------------------------------------------------ records

def test_finish_records_once_and_clears_the_save(store):
    """finish_game stores one record and removes the save; again, it changes nothing."""
    game, meta, log = _finished()
    store.save_game(game, meta, log)
    record = store.finish_game(game, meta, log)
    assert isinstance(record, GameRecord)
    assert store.load_game() is None and store.saved_summary() is None
    assert store.finish_game(game, meta, log) == record
    assert store.records() == [record]
    assert {record, store.records()[0]} == {record}  # records can go in sets


def test_a_finished_game_is_never_saved_again(store):
    """An autosave arriving after finish_game does not revive the game as one to resume."""
    game, meta, log = _finished()
    store.finish_game(game, meta, log)
    store.save_game(game, meta, log)
    assert store.saved_summary() is None and store.load_game() is None
    assert len(store.records()) == 1


def test_record_fields_describe_the_human_seat(store):
    """Result, place, points and cards are seat 0's; rules and seed are kept."""
    game, meta, log = _finished("colour-match", 3, 21)
    record = store.finish_game(game, meta, log)
    assert record.result == ("win" if 0 in game.winners else "loss" if game.winners else "draw")
    assert record.seats == 3 and record.preset == "colour-match"
    assert record.rules == game.rules.as_json() and record.seed == game.seed
    assert record.table_points == game.table_points[0]
    assert record.cards_left == len(game.hands[0])
    assert record.points_left == sum(c.points for c in game.hands[0])
    assert record.turns == game.total_turns and not record.abandoned
    assert 1 <= record.place <= 3 and (record.place == 1) == (0 in game.winners or
                                                               game.scores[0] == max(game.scores))


def test_a_finished_record_survives_reopening(tmp_path):
    """Records are on disk, equal to what finish_game returned."""
    game, meta, log = _finished()
    with Store.open(tmp_path) as store:
        record = store.finish_game(game, meta, log)
    with Store.open(tmp_path) as store:
        assert store.records() == [record]


def test_finishing_an_unfinished_match_is_a_mistake(store):
    """finish_game before match-over raises (a caller's bug, not disk trouble)."""
    game, meta = _game()
    with pytest.raises(ValueError):
        store.finish_game(game, meta, [])


def test_abandoning_counts_as_a_loss(store):
    """The saved unfinished game is recorded as an abandoned loss and cleared."""
    game, meta = _game("colour-match", 3, 8, difficulty="easy")
    log: list[str] = []
    meta = play_until(game, meta, log, 30).meta
    store.save_game(game, meta, log)
    record = store.abandon_game()
    assert record.result == "loss" and record.abandoned and record.place is None
    assert record.cards_left == len(game.hands[0])
    assert store.load_game() is None
    assert store.stats()["easy"].losses == 1
    assert store.abandon_game() is None


def test_abandoning_a_save_that_is_over_records_the_real_result(store):
    """A save of a finished match (the kill came before finish_game) is finished, not lost."""
    game, meta, log = _finished(seed=3)
    store.save_game(game, meta, log)
    record = store.abandon_game()
    assert not record.abandoned and record.place is not None


def test_records_newest_last_with_limit_and_level(store):
    """records() is in finishing order; limit keeps the newest; difficulty filters."""
    ids = []
    for i, level in enumerate(["easy", "hard", "easy", "easy"]):
        game, meta, log = _finished(seed=i, game_id=f"g{i}", difficulty=level)
        store.finish_game(game, meta, log)
        ids.append(f"g{i}")
    assert [r.game_id for r in store.records()] == ids
    assert [r.game_id for r in store.records(limit=2)] == ids[-2:]
    assert [r.game_id for r in store.records("easy")] == ["g0", "g2", "g3"]


def test_a_stalemate_is_a_draw():
    """Nobody won a single-round match: 'draw'."""
    game, meta = _game("duel", 2, 1)
    game = game_from_json({**game.to_json(), "winners": [], "phase": "match-over"})
    record = make_record(game, meta, datetime.now(UTC), 1.0)
    assert record.result == "draw"


def test_a_shared_win_is_a_win():
    """Seat 0 among tied winners wins."""
    game, meta = _game("duel", 2, 1)
    game = game_from_json({**game.to_json(), "winners": [0, 1]})
    assert make_record(game, meta, datetime.now(UTC), 1.0).result == "win"


# ------------------------------------------------------------------ statistics

@pytest.mark.parametrize("results,expected", [
    ([], LevelStats()),
    (["win"], LevelStats(1, 1, 0, 0, 1.0, 1, 1)),
    (["win", "win", "loss"], LevelStats(3, 2, 1, 0, 2 / 3, -1, 2)),
    (["loss", "loss", "win", "win", "win"], LevelStats(5, 3, 2, 0, 0.6, 3, 3)),
    (["win", "draw"], LevelStats(2, 1, 0, 1, 0.5, 0, 1)),
    (["win", "win", "win", "loss", "win"], LevelStats(5, 4, 1, 0, 0.8, 1, 3)),
    (["loss", "loss"], LevelStats(2, 0, 2, 0, 0.0, -2, 0)),
])
def test_derived_figures(results, expected):
    """Games, wins, losses, draws, rate, current and best streak from results in order."""
    assert derive(results) == expected


def test_stats_always_has_the_four_levels(store):
    """Zeros for levels never played."""
    stats = store.stats()
    assert list(stats) == ["easy", "normal", "hard", "crazy"]
    assert all(s == LevelStats() for s in stats.values())


def test_stats_follow_the_records_per_level_and_preset(store):
    """Per level, and per preset with `preset=`; derived again after every game."""
    games = [("party", "hard"), ("duel", "hard"), ("party", "hard"), ("party", "easy")]
    for i, (preset, level) in enumerate(games):
        game, meta, log = _finished(preset, 2, seed=i, game_id=f"g{i}", difficulty=level)
        store.finish_game(game, meta, log)
    records = store.records()
    hard = [r.result for r in records if r.difficulty == "hard"]
    assert store.stats()["hard"] == derive(hard)
    party_hard = [r.result for r in records if r.difficulty == "hard" and r.preset == "party"]
    assert store.stats("party")["hard"] == derive(party_hard)
    assert store.stats("duel")["easy"].games == 0
    assert store.presets() == ["party", "duel"]


def test_stats_are_derived_not_counted(store):
    """Deleting a record row changes the statistics: nothing else holds them."""
    for i in range(3):
        game, meta, log = _finished(seed=i, game_id=f"g{i}")
        store.finish_game(game, meta, log)
    assert store.stats()["normal"].games == 3
    with sqlite3.connect(store.path) as db:
        db.execute("DELETE FROM records WHERE game_id = 'g1'")
    assert store.stats()["normal"].games == 2


def test_duration_counts_play_not_the_wall_clock(store):
    """A record's duration caps long pauses (started_at long ago counts at most 5 min)."""
    game, meta, log = _finished()
    meta = meta.with_(started_at="2020-01-01T00:00:00+00:00")
    store.save_game(game, meta, log)
    record = store.finish_game(game, meta, log)
    assert 0 < record.duration_seconds <= 600


def test_table_meta_writes_the_json_saves_always_had():
    """The store takes a `TableMeta` but keeps the same JSON: every key the TUI wrote as
    a plain dict (practice included) reads back into its field and is written the same;
    keys it does not know (the tutor's mark, a newer version's) are kept as they were."""
    from colorcards.session.meta import TableMeta
    from colorcards.settings import GameSettings

    data = {"tutor": {"at": 3}, "future": [1], "game_id": "g", "preset": "classic",
            "difficulty": "hard", "names": ["You", "Lily"],
            "started_at": "2026-12-01T00:00:00+00:00",
            "settings": GameSettings(difficulty="hard", preset="classic",
                                     opponents=1).as_json(),
            "rngs": [None, [3, [1, 2], None]], "hand": ["R5", "B7"], "rounds": [0, 12],
            "finished": True, "practice": True, "arranged": [[0, "R5 B7"]]}
    meta = TableMeta.from_json(json.loads(json.dumps(data)), 2)
    assert meta.practice and meta.finished and meta.extra == {"tutor": {"at": 3}, "future": [1]}
    assert json.loads(json.dumps(meta.as_json())) == data
    assert not TableMeta.from_json({"game_id": "g"}, 2).practice
    assert "practice" not in meta.with_(practice=False).as_json()


def test_a_save_after_another_line_of_play_is_rewritten_not_spliced():
    """The save appends only to a game whose actions begin with every action written: a
    take-back and another line of the same length and the same last action (once enough
    to look like the same game) is written whole."""
    from types import SimpleNamespace

    from colorcards.engine import DRAW, PASS, parse_card, play
    from colorcards.store.saves import Written

    old = [(0, play(parse_card("R5"))), (1, DRAW), (1, PASS)]
    written = Written("g", 0, list(old))
    other = SimpleNamespace(actions=[(0, DRAW), (1, DRAW), (1, PASS), (2, DRAW)], history=[])
    assert not written.follows("g", other)
    longer = SimpleNamespace(actions=[*old, (2, DRAW)], history=[])
    assert written.follows("g", longer)
    assert not written.follows("another game", longer)
