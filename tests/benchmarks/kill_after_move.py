"""A move on screen is on disk: the game killed (SIGKILL) at a random moment 0-100 ms after
the frame that shows a move, as a player's machine might die; how many moves were lost.

    python tests/benchmarks/kill_after_move.py [--trials 30] [--seed 45] [--window 0.1]
        [--command colorcards]

Each trial starts the installed command in a new tmux session of 100x32 (its own socket)
on a fresh data directory, straight into a Color Cards game (`--preset color-cards
--seed N`: the player moves first), waits for the table, reads how many moves the save
holds, presses D (a draw, always allowed there: the player then has a card to play or
keep, so no computer moves after it), reads the screen every millisecond or so until the
frame showing the drawn card is there, waits a random 0 to `--window` seconds, and kills
the game's process with SIGKILL. Then it opens the data directory as the game does: the
move is kept if the save holds one move more than before. `--command` runs another
install (an older one, to compare).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SOCKET = "kill-after-move"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True,
                          text=True).stdout


def held(text: str) -> int | None:
    match = re.search(r"You hold (\d+) cards?", text)
    return int(match.group(1)) if match else None


def saved_moves(data: Path) -> int | None:
    """The moves the save holds (None: no save), read as the game reads it."""
    from colorcards.store import Store

    with Store.open(data) as store:
        saved = store.load_game()
        return None if saved is None else len(saved.game.actions)


def trial(command: str, seed: int, delay: float) -> tuple[bool, float]:
    """One kill: (the move was on disk, ms from the frame to the kill)."""
    data = Path(tempfile.mkdtemp(prefix="kill-after-move-"))
    try:
        tmux("new-session", "-d", "-x", "100", "-y", "32",
             f"exec {command} --data-dir {data} --preset color-cards --seed {seed}")
        pane = int(tmux("display", "-p", "#{pane_pid}").strip())
        deadline = time.monotonic() + 60
        text = ""
        while not re.search(r"Your turn|You must draw", text) or held(text) is None:
            assert time.monotonic() < deadline, f"no table:\n{text}"
            time.sleep(0.05)
            text = tmux("capture-pane", "-p")
            if "Name the colour" in text:  # a Wild turned up first: the player names it
                tmux("send-keys", "Enter")
                time.sleep(0.3)
        time.sleep(0.3)  # the turn drawn; the save of the deal written
        before = saved_moves_live(data)
        cards = held(text)
        pid = pane  # the command replaced the pane's shell (exec): the game itself
        tmux("send-keys", "d")
        while held(text) == cards:
            text = tmux("capture-pane", "-p")
        shown = time.monotonic()
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        waited = (time.monotonic() - shown) * 1000
        tmux("kill-server")
        gone(data)
        after = saved_moves(data)
        return after is not None and before is not None and after >= before + 1, waited
    finally:
        tmux("kill-server")
        shutil.rmtree(data, ignore_errors=True)


def gone(data: Path) -> None:
    """Until the killed game has let go of the data directory (its lock is free once
    every thread of it has ended)."""
    import fcntl

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        fd = os.open(data / "colorcards.lock", os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            time.sleep(0.005)
            continue
        finally:
            os.close(fd)
        return


def saved_moves_live(data: Path) -> int | None:
    """The moves the save holds while the game runs (a read-only look at its file)."""
    import sqlite3

    db = sqlite3.connect(f"file:{data / 'colorcards.db'}?mode=ro", uri=True)
    try:
        row = db.execute("SELECT n_actions FROM save").fetchone()
        return None if row is None else row[0]
    finally:
        db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=30)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--window", type=float, default=0.1,
                        help="the kill comes 0 to this many seconds after the frame")
    parser.add_argument("--command", default=shutil.which("colorcards") or "colorcards")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kept = 0
    waits = []
    for number in range(args.trials):
        ok, waited = trial(args.command, args.seed * 100 + number, rng.uniform(0, args.window))
        kept += ok
        waits.append(waited)
        print(f"trial {number + 1}: killed {waited:.0f} ms after the frame: "
              f"{'kept' if ok else 'LOST'}", flush=True)
    print(f"{args.trials - kept} of {args.trials} moves lost (kills {min(waits):.0f}-"
          f"{max(waits):.0f} ms after the frame that showed them; seed {args.seed})")
    sys.exit(0 if kept == args.trials else 1)


if __name__ == "__main__":
    main()
