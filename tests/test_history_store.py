"""Games kept whole in the database: the migration, the history list, replays that
check themselves, reviews kept, and damaged files that keep their replays."""

import json
import sqlite3

import pytest

from colorcards.replay import KeptGame, ReplayError
from colorcards.session.meta import TableMeta
from colorcards.store import Store
from colorcards.store.recovery import connect
from colorcards.store.schema import SCHEMA_VERSION, migrate
from colorcards.store.store import NO_REPLAY
from history_helpers import play_evening


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "data") as opened:
        yield opened


def _sql(store: Store, sql: str, *args: object) -> list[tuple]:
    """Run `sql` on the store's file through a connection of its own, as a hand edit or
    a look at the file from outside would; the rows it returns."""
    db = sqlite3.connect(store.path)
    try:
        with db:
            return db.execute(sql, args).fetchall()
    finally:
        db.close()


def _old_database(path, games: int = 2) -> None:
    """A database as version 2 left it: records, no replays."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    migrate(db, upto=2)
    for i in range(games):
        db.execute(
            "INSERT INTO records (game_id, finished_at, preset, rules, difficulty, seats, "
            "result, abandoned, place, table_points, cards_left, points_left, turns, "
            "duration_seconds, seed, meta) VALUES (?, ?, 'color-cards', '{}', 'hard', 4, "
            "'win', 0, 1, 3, 0, 0, 30, 60.0, '12', '{}')",
            (f"old-{i}", f"2026-11-0{i + 1}T20:00:00+00:00"))
    db.close()


def test_an_old_database_upgrades_in_place_and_its_games_show_no_replay(tmp_path):
    """A version 2 file opens at the current version, its records intact, each saying
    it has no replay; asking for one gives the reason in words."""
    path = tmp_path / "data" / "colorcards.db"
    _old_database(path)
    with Store.open(path.parent) as store:
        assert store.problems == []
        history = store.history()
        assert [e.game_id for e in history] == ["old-1", "old-0"]
        assert not any(e.replay or e.reviewed for e in history)
        with pytest.raises(ReplayError, match="no replay"):
            store.kept_game("old-0")
        assert store.stats()["hard"].wins == 2
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION
    assert SCHEMA_VERSION >= 3 and NO_REPLAY.endswith("no replay")


def test_every_game_of_an_evening_replays_to_its_record(store):
    """Twenty games through the store with the bots (some abandoned halfway): each is
    listed newest first and replays, action by action, to exactly what was recorded."""
    played = play_evening(store, games=20)
    history = store.history()
    assert len(history) == 20 and all(e.replay for e in history)
    assert [e.game_id for e in history] == [f"evening-{1000 + i}" for i in range(19, -1, -1)]
    abandoned = 0
    for entry, game in zip(reversed(history), played, strict=True):
        kept = store.kept_game(entry.game_id)
        replayed = kept.replay()
        assert kept.check(replayed) is None
        assert replayed.dumps() == game.dumps()
        assert kept.abandoned == (not game.is_over)
        abandoned += kept.abandoned
    assert abandoned >= 2


def test_outcomes_are_the_counted_games_as_recorded(store):
    """What the statistics draw over time: every game but practice, oldest first, with
    the history's time, level and result; a hand-edited time that is not text is left
    out (a blob), as the history leaves it out."""
    play_evening(store, games=6)
    _sql(store, "UPDATE records SET practice = 1 WHERE game_id = 'evening-1001'")
    _sql(store, "UPDATE records SET finished_at = X'05' WHERE game_id = 'evening-1003'")
    counted = [e for e in reversed(store.history()) if not e.practice]
    assert [tuple(o) for o in store.outcomes()] == [
        (e.finished_at, e.difficulty, e.result, 0) for e in counted]
    assert len(counted) == 4


def test_a_kept_game_that_does_not_replay_to_its_record_says_it_cannot_be_trusted(store):
    """Hand-edit the record's turns: the replay still plays, but says it cannot be trusted."""
    play_evening(store, games=1)
    [entry] = store.history()
    _sql(store, "UPDATE records SET turns = turns + 1")
    kept = store.kept_game(entry.game_id)
    reason = kept.check(kept.replay())
    assert reason is not None and "the turns" in reason and "the record says" in reason


def test_a_hand_edited_action_is_refused_at_that_action(store):
    """A kept action changed to a card nobody could play: the replay names the action."""
    play_evening(store, games=1)
    [entry] = store.history()
    actions = _sql(store, "SELECT actions FROM replays")[0][0].split()
    actions[0] = "0W+4>R" if not actions[0].startswith("0W+4") else "0R0"
    _sql(store, "UPDATE replays SET actions = ?", " ".join(actions))
    kept = store.kept_game(entry.game_id)
    with pytest.raises(ReplayError, match=r"^action 1 of \d+ \(You: play"):
        kept.replay()


def test_damaged_kept_actions_break_only_that_replay(store):
    """Garbage in the kept actions: the history still lists the game; asking for its
    replay gives a reason, not a traceback."""
    play_evening(store, games=2, abandon_every=0)
    _sql(store, "UPDATE replays SET actions = 'not actions at all' "
                "WHERE game_id = 'evening-1000'")
    assert len(store.history()) == 2
    with pytest.raises(ReplayError, match="damaged"):
        store.kept_game("evening-1000")
    assert store.kept_game("evening-1001").replay().is_over


def test_a_review_is_kept_with_its_game(store):
    """Computed once, kept: the history marks it, and it reads back as written."""
    play_evening(store, games=1, abandon_every=0)
    [entry] = store.history()
    assert store.review(entry.game_id) is None
    half = {"version": 2, "complete": False, "moments": []}
    assert store.keep_review(entry.game_id, half)
    assert store.review(entry.game_id) == half
    assert not store.history()[0].reviewed, "a review left half-way is kept, not finished"
    assert store.keep_review(entry.game_id, {**half, "complete": True})
    assert store.history()[0].reviewed


def test_the_kept_meta_leaves_out_what_only_resuming_needs(store):
    """Each computer's generator state (kilobytes) is not kept with the record."""
    play_evening(store, games=1, abandon_every=0)
    meta = json.loads(_sql(store, "SELECT meta FROM records")[0][0])
    assert "rngs" not in meta and meta["names"][0] == "You"


def test_finishing_twice_keeps_one_replay(store):
    """Finishing the same game again is idempotent for its replay too."""
    [game] = play_evening(store, games=1, abandon_every=0)
    meta = TableMeta.from_json({"game_id": "evening-1000", "preset": "color-cards",
                                "difficulty": "hard", "names": ["You", "A", "B", "C"]},
                               game.seats)
    store.finish_game(game, meta, [])
    assert _sql(store, "SELECT count(*) FROM replays") == [(1,)]


def test_salvage_carries_replays_over(tmp_path):
    """From a newer colorcards' file (readable, not writable by this one), records and
    replays and reviews are carried into the new file."""
    data = tmp_path / "data"
    with Store.open(data) as store:
        play_evening(store, games=3, abandon_every=0)
        store.keep_review("evening-1001", {"version": 1, "moments": []})
    path = data / "colorcards.db"
    with sqlite3.connect(path) as db:
        db.execute("UPDATE schema_version SET version = 99")
    with Store.open(data) as store:
        assert "newer" in store.problems[0]
        history = store.history()
        assert len(history) == 3 and all(e.replay for e in history)
        assert store.review("evening-1001") == {"version": 1, "moments": []}
        for entry in history:
            kept = store.kept_game(entry.game_id)
            assert kept.check(kept.replay()) is None


def test_an_export_round_trips(store):
    """A kept game written as an export and read back is the same game."""
    play_evening(store, games=1, abandon_every=0)
    kept = store.kept_game(store.history()[0].game_id)
    again = KeptGame.loads(kept.dumps())
    assert again == kept
    assert again.replay().dumps() == kept.replay().dumps()
