"""Autosave survives SIGKILL at any moment: the file stays sound, the game resumes at the
last saved action with its log, and finished games are recorded once each."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from colorcards.engine import Game
from colorcards.store import Store
from store_helpers import integrity, plan_game, play_out

CHILD = Path(__file__).with_name("store_crash_child.py")
GAMES = 40
"""The plan the killed child works through: enough that the kills land before it ends,
even on a fast machine. After the kills the child only finishes the game it was in:
the rest of the plan would be play that no kill touched (13 s of it here)."""
KILLS = int(os.environ.get("COLORCARDS_CRASH_KILLS", "30"))

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _progress(path: Path) -> tuple[tuple[str, int] | None, set[str]]:
    """The last save the child reported as committed, and the games it reported finished."""
    last, finished = None, set()
    if not path.exists():
        return last, finished
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "saved":
            last = (parts[1], int(parts[2]))
        elif len(parts) == 2 and parts[0] == "finished":
            finished.add(parts[1])
    return last, finished


def _check(data_dir: Path, progress: Path) -> None:
    """What a killed child left is sound, complete up to its last report, and exact."""
    last, finished = _progress(progress)
    store = Store.open(data_dir)
    try:
        assert store.owns_game and store.saving, store.problems
        assert integrity(store.path) == "ok"
        # First what Continue would find: a save of a game that had ended (killed after
        # its last save, before its record) is recorded by that, not resumed.
        saved = store.load_game()
        assert store.problems == []
        ids = [r.game_id for r in store.records()]
        assert len(ids) == len(set(ids)), f"a game was recorded twice: {ids}"
        assert finished <= set(ids), "a game reported finished was not recorded"
        assert ids == [f"game-{i}" for i in range(len(ids))]
        if saved is None:
            assert last is None or last[0] in ids, f"the save of {last} was lost"
            return
        game = saved.game
        assert saved.meta.game_id not in ids
        if last is not None and last[0] == saved.meta.game_id:
            # Each save adds one action; the kill may fall between commit and report.
            assert len(game.actions) in (last[1], last[1] + 1)
        else:
            assert last is None or last[0] in ids
        replay = Game.replay(game.rules, game.seats, game.seed, game.actions)
        assert replay.dumps() == game.dumps()
        assert len(saved.log) == len(game.actions)
        if game.actions:
            assert saved.log[-1].startswith(f"{len(game.actions)} ")
    finally:
        store.close()


def _wait_for_saves(child: subprocess.Popen, progress: Path, before: int) -> None:
    """Return once the child has reported a save in this run (or has ended)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and child.poll() is None:
        if progress.exists() and progress.stat().st_size > before:
            return
        time.sleep(0.005)


def test_sigkill_at_random_moments_loses_nothing(tmp_path):
    """Kill the autosaving child many times; check after every kill; then let it finish
    the game it was in and compare every record with the same games played without
    interruption."""
    data_dir = tmp_path / "data"
    progress = tmp_path / "progress.txt"
    rng = random.Random(20261201)
    env = dict(os.environ, COLORCARDS_DATA_DIR=str(data_dir))
    args = [sys.executable, str(CHILD), str(data_dir), str(GAMES), str(progress)]
    kills = 0
    finished_early = False
    while kills < KILLS:
        before = progress.stat().st_size if progress.exists() else 0
        child = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        if rng.random() < 0.25:
            delay = rng.uniform(0.0, 0.4)  # anywhere, opening the file included
        else:
            _wait_for_saves(child, progress, before)
            delay = rng.uniform(0.0, 0.15)  # while saving after every action
        try:
            _, err = child.communicate(timeout=delay)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGKILL)
            child.communicate()
            kills += 1
            _check(data_dir, progress)
            continue
        assert child.returncode == 0, err.decode()
        finished_early = True
        break
    games = GAMES
    if not finished_early:
        with Store.open(data_dir) as store:
            games = len(store.records()) + 1  # the game in progress (or the next one)
        args[3] = str(games)
        done = subprocess.run(args, env=env, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr.decode()
    assert progress.read_text().splitlines()[-1] == "done"
    assert kills >= min(KILLS, 10), f"only {kills} kills landed before the games ended"

    with Store.open(data_dir) as store:
        assert integrity(store.path) == "ok"
        assert store.load_game() is None
        records = store.records()
    assert [r.game_id for r in records] == [f"game-{i}" for i in range(games)]
    for i, record in enumerate(records):
        game, meta = plan_game(i)
        play_out(game, meta, [])
        expected = (game.seed, game.total_turns, len(game.hands[0]), game.table_points[0])
        assert (record.seed, record.turns, record.cards_left, record.table_points) == expected
