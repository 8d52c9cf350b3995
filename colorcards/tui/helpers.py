"""The app's helpers and how long each lives: the coach's process, the background reviews,
the store; and the program's own end.

The coach's one process (coach/remote.py) weighs the hint, the tutor's notes, the
pondering and every review. It is made when first wanted and started as the player
heads for a table (`start_coach`: the New game dialog drawn, Continue chosen), never
before the title's first frame: it imports the coach for seconds as it starts, and the
table's first turn waited for that. The background reviews (replay/background.py)
review the finished games not yet reviewed, in that process, after anything the table
asks of it.

Quitting (`close`): the game is saved, then every helper is told to stop at once and
none is waited on for longer than `QUIT_WAIT` (a helper still busy after that ends with
the process: nothing it holds is the player's). The program then ends at once
(`end_now`).

The helpers' modules are imported when a helper is first made, not with the app: the
coach and the reviews take longer to import than the title takes to appear.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from ..coach.remote import RemoteCoach
    from ..replay.background import BackgroundReviews
    from ..store import Store

QUIT_WAIT = 0.2
"""The longest quitting waits on any helper: the coach's and the reviewer's processes
(killed), the background reviews' thread (told to stop) and the store's checkpoint (the
next start finishes one left half-way): no helper keeps the terminal blank after the
player quits."""


class Helpers:
    """The app's helpers (see the module docstring)."""

    def __init__(self, coach_workers: int | None = None,
                 review_budget: dict[str, Any] | None = None, *,
                 coach: RemoteCoach | None = None,
                 reviews: BackgroundReviews | None = None) -> None:
        self.coach_workers = coach_workers
        """The most processes the coach plays out in (--coach-workers; None: the
        environment or the cores less one decide, coach/pool.py `workers`)."""
        self.review_budget = review_budget
        """A smaller budget for the coach's reviews (the Review screen's and the
        background ones) than its own: tests give one. None: the coach's own."""
        self._coach = coach
        """The coach's process (given: a test's stand-in for it)."""
        self.reviews = reviews
        """The background reviews, once started (given: a test's)."""

    @property
    def coach(self) -> RemoteCoach:
        """The coach's one process (made when first wanted; started by `start_coach` or
        at the first request)."""
        if self._coach is None:
            from ..coach.remote import RemoteCoach

            self._coach = RemoteCoach(workers=self.coach_workers)
        return self._coach

    @property
    def coach_process(self) -> subprocess.Popen[str] | None:
        """The coach's process, if one was started (nothing is made or started here)."""
        return None if self._coach is None else self._coach.process

    def start_coach(self) -> None:
        """Start the coach's process now, if it is not running."""
        self.coach.start()

    def review_in_background(self, store: Store) -> None:
        """Review the games not yet reviewed, in the coach's process after anything the
        table asks of it (nothing if that is already going on); `close` stops it, the
        next start resumes it."""
        if self.reviews is None:
            from ..replay.background import BackgroundReviews
            from ..store.exercises import Keeper

            self.reviews = BackgroundReviews(store, self.coach, budget=self.review_budget,
                                             exercises=Keeper(store))
        self.reviews.start()

    def close(self, store: Store | None) -> None:
        """Stop every helper, waiting at most `QUIT_WAIT` on each (the game is saved
        first, by whoever holds it)."""
        if self._coach is not None:
            self._coach.close(QUIT_WAIT)
        if self.reviews is not None:
            self.reviews.stop(QUIT_WAIT)  # what it weighed is kept already
        if store is not None:
            store.close(QUIT_WAIT)


def end_now(status: int) -> NoReturn:
    """End the process at once with `status`, once the app has returned: the game is
    saved, the store closed and the helpers' processes killed (`Helpers.close`), and the
    terminal is itself again. What is left of an interpreter's ending (joining each
    thread still running, collecting the whole heap) would only keep the prompt away."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status)
