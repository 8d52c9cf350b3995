"""The coach's one process: `python -P -m colorcards.coach.service`.

Everything the coach weighs for the app is weighed here, never in the app's process: the
table's requests (the hint, the pondering, the note on a move: desk.py, in turns) and,
beside them, longer work asked for by name (a job): the reviews of kept games — the one
the Review screen shows, and in the background each game not yet reviewed and the
options of its exercises (`colorcards.replay.reviewing`) — and, at a table where the coach
is off, the judgement of a decision for the game's review alone (`decision`, here).

A job is a function `job(work, stop, send, pool) -> bool` named `module:function` by
whoever asks for it (`job_name`): it sends each step's progress, asks `stop()` before
each deal, plays its deals out over the pool it is given (the table's), and says whether
it is complete. Naming it lets a layer above the coach's (the replay's reviews) have its
work done in the coach's process without the coach importing it; only the package's own
modules may be named. The protocol is remote.py's.

Who weighs first (`Turns`): the table, whenever it has a request in hand; then the Review
screen's job; then the background's. A job asks at each deal it plays out whether it may
go on (its `stop`), and waits there while work before it is in hand, so the hint and the
note never queue behind a review; dropping a job (`cancel`) ends it at that same point,
with every step so far already sent. Each job runs in a thread of its own and the
background's at the lowest priority the system gives a thread
(`priority.lower_thread_priority`); the table's work runs on the main thread. Since a job
waits while the table works, the two never hold the interpreter at once. Jobs play their
deals out over the table's helpers (pool.py, which threads may share): with one helper or
more, a review takes the wall clock of its share.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..priority import REVIEWS, TUTOR, lower_priority, lower_thread_priority

if TYPE_CHECKING:
    from .pool import Pool

TABLE, REVIEW, BACKGROUND = 0, 1, 2
"""Who weighs first: the table, then the Review screen's job, then the background's."""

Send = Callable[[dict[str, Any]], None]
Stop = Callable[[], bool]
Job = Callable[[dict[str, Any], Stop, Send, "Pool | None"], bool]
"""A job (see the module docstring)."""
Resolve = Callable[[str], Job]

PACKAGE = (__package__ or "colorcards").split(".")[0]
"""The package whose functions may be named as jobs (this process is run as `__main__`)."""


def job_name(job: Job) -> str:
    """The name a job is asked for by: 'module:function'."""
    return f"{job.__module__}:{job.__qualname__}"


def resolve(name: str) -> Job:
    """The job `name` names (ValueError: not one of the package's functions)."""
    module, _, function = name.partition(":")
    if module.split(".")[0] != PACKAGE or not function.isidentifier():
        raise ValueError(f"no such job {name!r}")
    job: Job | None = getattr(import_module(module), function, None)
    if not callable(job):
        raise ValueError(f"no such job {name!r}")
    return job


def decision(work: dict[str, Any], stop: Stop, send: Send, pool: Pool | None = None) -> bool:
    """The job of judging the move a table's request made (at a table where the coach is
    off: the judgement becomes the game's review's step), sending its judgement; whether
    it was made."""
    from .desk import judge

    judgement = judge(work, pool, stop)
    if judgement is None:
        return False
    send({"judgement": judgement.as_json()})
    return True


class Turns:
    """Which work may weigh now: work of one rank waits while any rank before it has
    work in hand (`busy`). `held(rank)` is told each time work of `rank` starts to wait
    (a test's hook: the job is held, without watching it for a while)."""

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


class Jobs:
    """The jobs the child has in hand, each in a thread of its own, taking turns with
    the table's work (`Turns`). What serve (desk.py) offers beside the table's requests."""

    def __init__(self, send: Send, pool: Pool | None = None,
                 held: Callable[[int], None] | None = None, find: Resolve = resolve) -> None:
        self.send = send
        self.pool = pool
        """The table's helpers, lent to the jobs: a job weighs only while the table has
        nothing in hand (`Turns`)."""
        self.find = find
        """The job a name names (`resolve`; a test's stand-ins)."""
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
        if "job" not in message:
            return False
        try:
            job = self.find(str(message["job"]))
        except (ValueError, ImportError, AttributeError) as exc:
            print(f"colorcards coach: {exc}", file=sys.stderr)  # answered, not left waiting
            self.send({"id": ident, "answer": {"complete": False}})
            return True
        rank = BACKGROUND if message.get("background") else REVIEW
        dropped = threading.Event()
        with self._lock:
            self._dropped[ident] = dropped
        self.turns.busy(rank, +1)
        threading.Thread(target=self._run, args=(ident, job, message["work"], rank, dropped),
                         daemon=True, name=f"job {ident}").start()
        return True

    def table(self, busy: bool) -> None:
        self.turns.table(busy)

    def _run(self, ident: int, job: Job, work: dict[str, Any], rank: int,
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
            complete = job(work, stop, progress, self.pool)
        except Exception as exc:  # work that cannot be done must not end the child
            print(f"colorcards coach: cannot do {job_name(job)} ({exc!r})", file=sys.stderr)
        finally:
            self.turns.busy(rank, -1)
            with self._lock:
                self._dropped.pop(ident, None)
        self.send({"id": ident, "answer": {"complete": complete and not dropped.is_set()}})


def main(find: Resolve = resolve) -> int:
    """The child's process, below the table's priority, with its helpers (pool.py)."""
    lower_priority(TUTOR)  # before the imports: they take a moment of processor too
    from . import weigh  # noqa: F401  the coach, imported before the first request
    from .desk import Coaching, Desk, Outbox, serve
    from .pool import Pool

    out = Outbox(sys.stdout)
    pool = Pool()
    try:
        return serve(sys.stdin, out, Desk(Coaching(pool).make), Jobs(out.send, pool, find=find))
    finally:
        pool.close()


if __name__ == "__main__":
    raise SystemExit(main())
