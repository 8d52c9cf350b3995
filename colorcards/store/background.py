"""Reviews in the background: each finished game kept whole is reviewed, newest first,
so that accuracy builds up without anyone asking.

The weighing runs in a process of its own (`replay/reviewer.py`, at a lower priority),
never in the game's: the title, the table and every key keep the whole of the game's
interpreter. A thread here only hands the child a game and keeps each review it sends
back, decision by decision, in the store. `stop` ends the child: what was weighed is
kept, and the next `start` (the next run of the game) resumes from there.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence

from ..replay.kept import ReplayError
from .store import Store

COMMAND: tuple[str, ...] = (sys.executable, "-P", "-m", "colorcards.replay.reviewer")
"""The reviewer's command line."""


class BackgroundReviews:
    """One reviewer at a time, over every kept game not yet reviewed."""

    def __init__(self, store: Store, command: Sequence[str] = COMMAND,
                 reviewed: Callable[[str], None] = lambda game_id: None,
                 budget: dict | None = None) -> None:
        self.store = store
        self.budget = budget
        """A smaller budget for the coach than its own (tests); None: its own."""
        self.command = tuple(command)
        self.reviewed = reviewed
        """Called (from the reviews' thread) with each game whose review is complete."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._child: subprocess.Popen | None = None
        self._mutex = threading.Lock()
        self._skipped: set[str] = set()
        """Games that cannot be reviewed (damaged, or the reviewer failed on them)."""

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Review whatever is left, in the background (nothing if already running)."""
        if self.running:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="background-reviews",
                                        daemon=True)
        self._thread.start()

    def stop(self, wait: float = 2.0) -> None:
        """End the reviewer now (what it weighed is kept) and wait for the thread."""
        self._stop.set()
        with self._mutex:
            child = self._child
        if child is not None and child.poll() is None:
            child.kill()
        if self._thread is not None:
            self._thread.join(wait)

    def _run(self) -> None:
        while not self._stop.is_set():
            todo = [g for g in self.store.unreviewed() if g not in self._skipped]
            if not todo:
                return
            game_id = todo[0]
            if not self._review(game_id):
                self._skipped.add(game_id)

    def _review(self, game_id: str) -> bool:
        """Review one game in the child; False if it cannot be (it is then skipped)."""
        try:
            kept = self.store.kept_game(game_id)
        except ReplayError:
            return False
        request = {"kept": kept.as_json(), "resume": self.store.review(game_id),
                   "budget": self.budget}
        with self._mutex:
            if self._stop.is_set():
                return True
            child = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True)
            self._child = child
        assert child.stdin is not None and child.stdout is not None
        complete = False
        try:
            with contextlib.suppress(OSError):  # the child was ended (quitting)
                child.stdin.write(json.dumps(request) + "\n")
                child.stdin.close()
                for line in child.stdout:
                    try:
                        data = json.loads(line)
                    except ValueError:
                        break
                    if isinstance(data, dict) and not self._stop.is_set():
                        self.store.keep_review(game_id, data)
                        complete = bool(data.get("complete"))
        finally:
            child.stdout.close()
            child.wait()
            with self._mutex:
                self._child = None
        if complete:
            self.reviewed(game_id)
        return complete or self._stop.is_set()
