"""What the table shows is on disk: a game played through its keys in the real app is
stopped (as a kill would find it) at random moments, and every move a frame has shown
is in the save by then; then it is killed, and the game resumes with it."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from colorcards.store import Store
from colorcards.store.paths import DB_NAME
from store_helpers import integrity

CHILD = Path(__file__).with_name("table_crash_child.py")
STOPS = int(os.environ.get("COLORCARDS_TABLE_STOPS", "25"))

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP")


def _last_shown(progress: Path) -> tuple[str, int] | None:
    lines = progress.read_text().split("\n") if progress.exists() else []
    for line in reversed(lines):
        parts = line.split()
        if len(parts) == 3 and parts[0] == "shown":
            return parts[1], int(parts[2])
    return None


def _on_disk(path: Path, game_id: str) -> int | None:
    """The moves the save holds of `game_id` (a game recorded: all of them, as many as
    can be; None: the file holds nothing of it)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        if db.execute("SELECT 1 FROM records WHERE game_id = ?", (game_id,)).fetchone():
            return sys.maxsize
        row = db.execute("SELECT n_actions FROM save WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else row[0]
    finally:
        db.close()


def _wait_for(test, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the child never got there"
        time.sleep(0.02)


def test_every_move_a_frame_shows_is_on_disk(tmp_path):
    data = tmp_path / "data"
    progress = tmp_path / "progress.txt"
    rng = random.Random(20261207)
    child = subprocess.Popen([sys.executable, str(CHILD), str(data), str(progress), "5"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    checked = 0
    try:
        _wait_for(lambda: (_last_shown(progress) or ("", 0))[1] > 0 or child.poll() is not None)
        assert child.poll() is None, child.stderr.read().decode()
        for _ in range(STOPS):
            time.sleep(rng.uniform(0.0, 0.25))
            os.kill(child.pid, signal.SIGSTOP)
            os.waitpid(child.pid, os.WUNTRACED)
            try:
                game_id, shown = _last_shown(progress)
                held = _on_disk(data / DB_NAME, game_id)
                assert held is not None and held >= shown, \
                    f"the frame showed {shown} moves of {game_id}; the disk held {held}"
                checked += 1
            finally:
                os.kill(child.pid, signal.SIGCONT)
        time.sleep(rng.uniform(0.0, 0.1))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        game_id, shown = _last_shown(progress)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert checked == STOPS
    assert integrity(data / DB_NAME) == "ok"
    with Store.open(data) as store:
        saved = store.load_game()
        recorded = {r.game_id for r in store.records()}
        assert game_id in recorded or (saved.meta.game_id == game_id
                                       and len(saved.game.actions) >= shown)
