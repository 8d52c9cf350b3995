"""The coach's one process: `python -P -m colorcards.replay.service`.

Everything the coach weighs for the app is weighed here, never in the app's process: the
table's requests (the hint, the pondering, the note on a move: `coach/remote.py`'s desk,
in turns) and, beside them, the reviews of kept games — the one the Review screen shows,
and in the background each game not yet reviewed, then the options of its exercises
(`exercises.weigh`). The protocol is `coach/remote.py`'s; a review is
`{"kept": <export>, "resume": <review so far or null>, "budget": <the coach's, or null>,
"exercises": [<action index>, ...]}`, answered by a progress message after each decision
weighed (the review so far) and each exercise weighed (`{"exercise", "answers"}`), then
`{"complete": bool}`. A review may also be of one decision, made at a table where the
coach is off: `{"decision": <the table's request of a move made>}`, answered by one
progress message `{"judgement": ...}` (the game's review takes it as its step).

Who weighs first (`Turns`): the table, whenever it has a request in hand; then the Review
screen's review; then the background's. A review asks at each deal it plays out whether
it may go on (its `stop`), and waits there while work before it is in hand, so the hint
and the note never queue behind a review; dropping a review (`cancel`) ends it at that
same point, with every decision weighed so far already sent. Each review runs in a
thread of its own and the background's at the lowest priority the system gives a thread
(`priority.lower_thread_priority`); the table's work runs on the main thread. Since a
review waits while the table works, the two never hold the interpreter at once. The
reviews play their deals out over the table's helpers (`coach/pool.py`, which threads
may share): with one helper or more, a review takes the wall clock of its share.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..priority import REVIEWS, TUTOR, lower_priority, lower_thread_priority

if TYPE_CHECKING:
    from ..coach.pool import Pool

TABLE, REVIEW, BACKGROUND = 0, 1, 2
"""Who weighs first: the table, then the Review screen, then the background."""

Send = Callable[[dict[str, Any]], None]
Stop = Callable[[], bool]
Reviewing = Callable[[dict[str, Any], Stop, Send, "Pool | None"], bool]
"""What reviews a request (`reviewing`): it sends each step's progress, asks `stop()`
before each deal, plays its deals out over the pool it is given (the table's), and says
whether the review is complete."""


class Turns:
    """Which work may weigh now: work of one rank waits while any rank before it has
    work in hand (`busy`). `held(rank)` is told each time work of `rank` starts to wait
    (a test's hook: the review is held, without watching it for a while)."""

    def __init__(self, held: Callable[[int], None] | None = None) -> None:
        self._ready = threading.Condition()
        self._busy = [0, 0, 0]
        self._held = held

    def busy(self, rank: int, change: int) -> None:
        with self._ready:
            self._busy[rank] += change
            self._ready.notify_all()

    def table(self, busy: bool) -> None:
        with self._ready:
            if self._busy[TABLE] != int(busy):
                self._busy[TABLE] = int(busy)
                self._ready.notify_all()

    def ahead(self, rank: int) -> bool:
        """Whether work before `rank` is in hand."""
        return any(self._busy[:rank])

    def wait(self, rank: int, dropped: threading.Event) -> bool:
        """Wait until no work before `rank` is in hand; True if `dropped` meanwhile."""
        if not dropped.is_set() and not any(self._busy[:rank]):
            return False  # the usual case, at every deal: no lock taken
        def free() -> bool:
            return dropped.is_set() or not any(self._busy[:rank])

        with self._ready:
            if not free() and self._held is not None:
                self._held(rank)
            self._ready.wait_for(free)
        return dropped.is_set()

    def wake(self) -> None:
        with self._ready:
            self._ready.notify_all()


def reviewing(request: dict[str, Any], stop: Stop, send: Send,
              pool: Pool | None = None) -> bool:
    """Review the request's game from its `resume`, then weigh the options of the
    exercises it lists, sending each step, the deals played out over `pool`; whether
    the review is complete. (Or judge its one `decision`.)"""
    from ..coach import Coach

    if "decision" in request:
        return _decision(request["decision"], stop, send, pool)
    from .exercises import budget_of, exercises_of, known_answers, weigh
    from .kept import KeptGame
    from .review import Review, review

    kept = KeptGame.from_json(request["kept"])
    coach = Coach(kept.difficulty, pool=pool, **(request.get("budget") or {}))
    written = []

    def weighed(so_far: Review) -> None:
        send(so_far.as_json())
        written.append(True)

    result = review(kept, resume=Review.from_json(request.get("resume")), coach=coach,
                    stop=stop, weighed=weighed)
    if not written and not stop():  # nothing left to weigh: the review as it stands
        weighed(result)
    wanted = {int(i) for i in request.get("exercises") or ()}
    if wanted and result.complete:
        for exercise in exercises_of(kept, result):
            if exercise.index not in wanted:
                continue
            answers = weigh(exercise.view, exercise.legal, coach, stop=stop,
                            known=known_answers(exercise, result), budget=budget_of(result))
            if answers is None:
                return False
            send({"exercise": exercise.index, "answers": answers.as_json()})
    return result.complete and not stop()


def _decision(data: dict[str, Any], stop: Stop, send: Send, pool: Pool | None) -> bool:
    """Judge the move the table's request made (the note's judgement, made in a review's
    turn), sending its judgement; whether it was made."""
    from ..coach.desk import judge

    judgement = judge(data, pool, stop)
    if judgement is None:
        return False
    send({"judgement": judgement.as_json()})
    return True


class Reviews:
    """The reviews the child has in hand, each in a thread of its own, taking turns with
    the table's work (`Turns`)."""

    def __init__(self, send: Send, review: Reviewing = reviewing,
                 pool: Pool | None = None, held: Callable[[int], None] | None = None) -> None:
        self.send = send
        self.review = review
        self.pool = pool
        """The table's helpers, lent to the reviews: a review weighs only while the
        table has nothing in hand (`Turns`)."""
        self.turns = Turns(held)
        self._dropped: dict[int, threading.Event] = {}
        self._lock = threading.Lock()

    def take(self, message: dict[str, Any]) -> bool:
        ident = int(message["id"])
        if message.get("cancel"):
            with self._lock:
                dropped = self._dropped.get(ident)
            if dropped is None:
                return False  # the table's
            dropped.set()
            self.turns.wake()
            return True
        if "review" not in message:
            return False
        rank = BACKGROUND if message.get("background") else REVIEW
        dropped = threading.Event()
        with self._lock:
            self._dropped[ident] = dropped
        self.turns.busy(rank, +1)
        threading.Thread(target=self._run, args=(ident, message["review"], rank, dropped),
                         daemon=True, name=f"review {ident}").start()
        return True

    def table(self, busy: bool) -> None:
        self.turns.table(busy)

    def _run(self, ident: int, request: dict[str, Any], rank: int,
             dropped: threading.Event) -> None:
        if rank == BACKGROUND:
            lower_thread_priority(REVIEWS - TUTOR)

        def stop() -> bool:
            return self.turns.wait(rank, dropped)

        def progress(data: dict[str, Any]) -> None:
            if not dropped.is_set():
                self.send({"id": ident, "progress": data})

        complete = False
        try:
            complete = self.review(request, stop, progress, self.pool)
        except Exception as exc:  # a game that cannot be reviewed must not end the child
            print(f"colorcards coach: cannot review the game ({exc!r})", file=sys.stderr)
        finally:
            self.turns.busy(rank, -1)
            with self._lock:
                self._dropped.pop(ident, None)
        self.send({"id": ident, "answer": {"complete": complete and not dropped.is_set()}})


def main(review: Reviewing = reviewing) -> int:
    """The child's process, below the table's priority, with its helpers (coach/pool.py)."""
    lower_priority(TUTOR)  # before the imports: they take a moment of processor too
    from ..coach import weigh  # noqa: F401  the coach, imported before the first request
    from ..coach.desk import Coaching, Desk, Outbox, serve
    from ..coach.pool import Pool
    from . import review as _review  # noqa: F401  the reviews' own, likewise

    out = Outbox(sys.stdout)
    pool = Pool()
    try:
        return serve(sys.stdin, out, Desk(Coaching(pool).make),
                     Reviews(out.send, review, pool))
    finally:
        pool.close()


if __name__ == "__main__":
    raise SystemExit(main())
