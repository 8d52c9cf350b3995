"""Reviews in the background: each finished game kept whole is reviewed, newest first,
so that accuracy builds up without anyone asking.

The app schedules them, not the store: the store only keeps games and their reviews, and
is handed here as a `ReviewStore` (what reviewing needs of it).

The weighing runs in the coach's process (coach/service.py, the app's one child, the
hint's and the notes' too), never in the game's: the title, the table and every key keep
the whole of the game's interpreter, and the table's requests come before any review. A
thread here only asks for a game's review and keeps each step sent back, decision by
decision, in the store. `stop` drops the review under way: what was weighed is kept, and
the next `start` (the next run of the game) resumes from there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..coach.remote import RemoteCoach
from .exercises import Answers
from .kept import KeptGame, ReplayError
from .reviewing import JOB


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
    """Reviews a game in the coach's process (a job: reviewing.py), one at a time: the
    background reviews and the Review screen both weigh there, never in the app's
    process. `cancel` drops the review under way at once; every step so far was handed
    back. Without a `coach` of the app's, it starts one of its own, ended by `cancel`."""

    def __init__(self, coach: RemoteCoach | None = None,
                 budget: dict[str, Any] | None = None, background: bool = False) -> None:
        self.coach = coach
        """The coach's process (None: one of its own, started when a review is asked)."""
        self._own = coach is None
        self.budget = budget
        """A smaller budget for the coach than its own (tests); None: its own."""
        self.background = background
        """Whether its reviews wait for the Review screen's (the background's turn)."""
        self._asked: Any = None
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
            if self.coach is None:
                self.coach = RemoteCoach()
            coach = self.coach
            asked = self._asked = coach.work(JOB, request, self.background)
        if asked is None:
            return False
        try:
            for data in coach.follow(asked):
                if not isinstance(data, dict) or self._cancelled:
                    break
                each(data)
        finally:
            with self._mutex:
                self._asked = None
        answer = asked.judgement
        return (isinstance(answer, dict) and bool(answer.get("complete"))
                and not self._cancelled)

    def cancel(self) -> None:
        """Drop the review under way now, and any asked for later."""
        with self._mutex:
            self._cancelled = True
            asked, coach = self._asked, self.coach
            if self._own:
                self.coach = None
        if coach is not None and asked is not None:
            coach.cancel(asked)
        if self._own and coach is not None:
            coach.close()

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

    def __init__(self, store: ReviewStore, coach: RemoteCoach | None = None,
                 reviewed: Callable[[str], None] = lambda game_id: None,
                 budget: dict[str, Any] | None = None,
                 exercises: ExerciseKeeper | None = None) -> None:
        self.store = store
        self.exercises = exercises
        """Where exercises are kept (None: no exercises are made or weighed)."""
        self.reviewer = Reviewer(coach, budget, background=True)
        """Where the games are weighed: the app's coach process (or one of its own)."""
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
        """Drop the review under way now (what it weighed is kept) and wait for the
        thread."""
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

    def _keep_answers(self, game_id: str, data: dict[str, Any]) -> None:
        try:
            answers = Answers.from_json(data["answers"])
            index = int(data["exercise"])
        except (KeyError, TypeError, ValueError):
            return
        if self.exercises is not None:
            self.exercises.keep_answers(game_id, index, answers)
