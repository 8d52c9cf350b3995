"""Reviews in the background: each finished game kept whole is reviewed, newest first,
so that accuracy builds up without anyone asking.

The app schedules them, not the store: the store only keeps games and their reviews, and
is handed here as a `ReviewStore` (what reviewing needs of it).

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
from typing import Any, Protocol

from .exercises import Answers
from .kept import KeptGame, ReplayError

COMMAND: tuple[str, ...] = (sys.executable, "-P", "-m", "colorcards.replay.reviewer")
"""The reviewer's command line."""


class ReviewStore(Protocol):
    """What the background reviews need of the store."""

    def unreviewed(self) -> list[str]:
        """The kept games whose review is not complete, newest first."""
        ...

    def kept_game(self, game_id: str) -> KeptGame:
        """A game kept whole (ReplayError if it cannot be read)."""
        ...

    def review(self, game_id: str) -> dict[str, Any] | None:
        """The review kept so far for a game (None: none yet)."""
        ...

    def keep_review(self, game_id: str, review: dict[str, Any]) -> bool:
        """Keep what the reviewer sent back for a game."""
        ...


class Reviewer:
    """Reviews a game in the reviewer's process (`replay/reviewer.py`), one at a time: the
    background reviews and the Review screen both weigh there, never in the app's
    process. `cancel` ends the child at once; every review so far was handed back."""

    def __init__(self, command: Sequence[str] | None = None,
                 budget: dict[str, Any] | None = None) -> None:
        self.command = tuple(COMMAND if command is None else command)
        """The reviewer's command line (`COMMAND`, read when the reviewer is made)."""
        self.budget = budget
        """A smaller budget for the coach than its own (tests); None: its own."""
        self._child: subprocess.Popen | None = None
        self._cancelled = False
        self._mutex = threading.Lock()

    def review(self, kept: KeptGame, resume: dict[str, Any] | None,
               each: Callable[[dict[str, Any]], None],
               exercises: Sequence[int] = ()) -> bool:
        """Review `kept` from `resume` (a review so far, or None), handing `each` the
        review so far after every decision weighed (from this thread), and then each of
        the `exercises` (listed moments, by index) with every option weighed; True once
        the review is complete, False if it was cancelled or the child failed."""
        request = {"kept": kept.as_json(), "resume": resume, "budget": self.budget,
                   "exercises": list(exercises)}
        with self._mutex:
            if self._cancelled:
                return False
            child = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True)
            self._child = child
        assert child.stdin is not None and child.stdout is not None
        complete = False
        try:
            with contextlib.suppress(OSError):  # the child was ended (cancel)
                child.stdin.write(json.dumps(request) + "\n")
                child.stdin.close()
                for line in child.stdout:
                    try:
                        data = json.loads(line)
                    except ValueError:
                        break
                    if not isinstance(data, dict) or self._cancelled:
                        break
                    each(data)
                    if "exercise" not in data:
                        complete = bool(data.get("complete"))
        finally:
            child.stdout.close()
            if self._cancelled and child.poll() is None:
                child.kill()
            child.wait()
            with self._mutex:
                self._child = None
        return complete and not self._cancelled

    def cancel(self) -> None:
        """End the review under way now, and any asked for later."""
        with self._mutex:
            self._cancelled = True
            child = self._child
        if child is not None and child.poll() is None:
            child.kill()

    def reset(self) -> None:
        """Review again after `cancel`."""
        with self._mutex:
            self._cancelled = False


class ExerciseKeeper(Protocol):
    """Where the exercises made from reviewed games are kept (`store/exercises.py`)."""

    def sync(self) -> int:
        """Make the exercises of every complete review that has none yet; how many."""
        ...

    def unweighed(self) -> dict[str, list[int]]:
        """The exercises whose options are not all weighed, by game."""
        ...

    def keep_answers(self, game_id: str, index: int, answers: Answers) -> bool:
        """Keep the coach's answer for each option of one exercise."""
        ...


class BackgroundReviews:
    """One reviewer at a time, over every kept game not yet reviewed, then over the
    exercises made from them whose options are not all weighed."""

    def __init__(self, store: ReviewStore, command: Sequence[str] | None = None,
                 reviewed: Callable[[str], None] = lambda game_id: None,
                 budget: dict | None = None,
                 exercises: ExerciseKeeper | None = None) -> None:
        self.store = store
        self.exercises = exercises
        """Where exercises are kept (None: no exercises are made or weighed)."""
        self.reviewer = Reviewer(command, budget)
        """Where the games are weighed."""
        self.reviewed = reviewed
        """Called (from the reviews' thread) with each game whose review is complete."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._skipped: set[str] = set()
        """Games that cannot be reviewed (damaged, or the reviewer failed on them)."""

    @property
    def budget(self) -> dict[str, Any] | None:
        return self.reviewer.budget

    @property
    def command(self) -> tuple[str, ...]:
        return self.reviewer.command

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Review whatever is left, in the background (nothing if already running)."""
        if self.running:
            return
        self._stop.clear()
        self.reviewer.reset()
        self._thread = threading.Thread(target=self._run, name="background-reviews",
                                        daemon=True)
        self._thread.start()

    def stop(self, wait: float = 2.0) -> None:
        """End the reviewer now (what it weighed is kept) and wait for the thread."""
        self._stop.set()
        self.reviewer.cancel()
        if self._thread is not None:
            self._thread.join(wait)

    def _run(self) -> None:
        while not self._stop.is_set():
            todo = [g for g in self.store.unreviewed() if g not in self._skipped]
            wanted: list[int] = []
            if not todo:
                # Every game is reviewed: its costly moments become exercises, and each
                # exercise's options are weighed, so that Practice answers at once.
                if self.exercises is None:
                    return
                self.exercises.sync()
                waiting = {g: i for g, i in self.exercises.unweighed().items()
                           if g not in self._skipped}
                if not waiting:
                    return
                todo = list(waiting)
                wanted = waiting[todo[0]]
            game_id = todo[0]
            if not self._review(game_id, wanted) or wanted:
                self._skipped.add(game_id)  # a game's exercises are weighed once a run

    def _review(self, game_id: str, exercises: Sequence[int] = ()) -> bool:
        """Review one game in the child; False if it cannot be (it is then skipped)."""
        try:
            kept = self.store.kept_game(game_id)
        except ReplayError:
            return False

        def keep(data: dict[str, Any]) -> None:
            if "exercise" in data:
                self._keep_answers(game_id, data)
            elif not self._stop.is_set():
                self.store.keep_review(game_id, data)

        complete = self.reviewer.review(kept, self.store.review(game_id), keep, exercises)
        if complete:
            self.reviewed(game_id)
        return complete or self._stop.is_set()

    def _keep_answers(self, game_id: str, data: dict) -> None:
        try:
            answers = Answers.from_json(data["answers"])
            index = int(data["exercise"])
        except (KeyError, TypeError, ValueError):
            return
        if self.exercises is not None:
            self.exercises.keep_answers(game_id, index, answers)
