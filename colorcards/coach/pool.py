"""The coach's helpers: worker processes that play out a judgement's deals beside it.

A judgement is trivially parallel: each imagined deal needs only its two seeds, drawn
from the judgement's stream, and the view. The process that judges (the coach's child)
draws the seeds of a race batch or of a look in stream order, keeps the first share of
the deals for itself and sends one share to each helper; the answers are put back in
the same order, so the verdict is the one a single process gives, whatever the number
of workers (`tests/test_coach_pool.py`).

`workers()` says how many processes play out: by default the cores this process may use
less one, which is left to the table (at least one: then the judging process plays
every deal itself and no helper starts). The game's `--coach-workers` or, without it,
`COLORCARDS_COACH_WORKERS` caps it. Each helper
is `python -m colorcards.coach.pool`, started with pipes and nothing else: it reads
tasks from its standard input and ends when that closes, so the helpers go with the
process that started them however it ends (quit, crash or kill -9).

Messages are pickles, each after its length (4 bytes): a task is `(view, actions, calls,
tunings, full, seeds)` and its answer the outcomes, one row a deal. The helpers run only
what their own parent sends them down a pipe.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Sequence
from typing import IO, Any

from .playout import outcomes

ENVIRONMENT = "COLORCARDS_COACH_WORKERS"
"""The most processes the coach plays out in (its own included): a whole number ≥ 1."""

COMMAND: tuple[str, ...] = (sys.executable, "-P", "-m", "colorcards.coach.pool")
"""`-P`: the package the game runs, never a `colorcards` folder in the current directory."""

_LENGTH = struct.Struct("<I")


def cores() -> int:
    """The processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def workers(environ: dict[str, str] | None = None, *, setting: int | None = None) -> int:
    """The processes the coach plays out in, the one place that decides it: the game's
    own setting (`--coach-workers`) when there is one, else `COLORCARDS_COACH_WORKERS`
    (a value that is not a whole number >= 1 is ignored), else the cores less one (at
    least one). The setting wins over the environment, as a command line does."""
    if setting is not None:
        return max(1, setting)
    default = max(1, cores() - 1)
    text = (os.environ if environ is None else environ).get(ENVIRONMENT, "").strip()
    if not text:
        return default
    try:
        cap = int(text)
    except ValueError:
        return default
    return max(1, cap) if cap >= 1 else default


def setting_of(text: str) -> int:
    """The worker count a player typed (`--coach-workers`), checked: a whole number
    from 1 to this machine's cores; ValueError in the player's words otherwise."""
    most = cores()
    try:
        count = int(text.strip())
    except ValueError:
        count = 0
    if not 1 <= count <= most:
        raise ValueError(f"--coach-workers takes a number from 1 to {most} (the cores "
                         f"this machine gives the game), not {text.strip()!r}")
    return count


def environment(count: int | None) -> dict[str, str] | None:
    """The environment for the coach's process so that it plays out in `count`
    processes (None: this one's, unchanged)."""
    if count is None:
        return None
    return {**os.environ, ENVIRONMENT: str(count)}


def _write(stream: IO[bytes], value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_LENGTH.pack(len(data)) + data)
    stream.flush()


def _read(stream: IO[bytes]) -> Any:
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        raise EOFError
    size = _LENGTH.unpack(head)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


class _Helper:
    """One helper process and the tickets it has still to answer, in order."""

    def __init__(self, command: Sequence[str]) -> None:
        self.child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL)
        self.waiting: deque[int] = deque()

    def send(self, ticket: int, task: tuple[Any, ...]) -> bool:
        assert self.child.stdin is not None
        try:
            _write(self.child.stdin, task)
        except (OSError, ValueError):
            return False
        self.waiting.append(ticket)
        return True

    def receive(self) -> Any:
        assert self.child.stdout is not None
        return _read(self.child.stdout)

    def end(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            if self.child.stdin is not None:
                self.child.stdin.close()
        try:
            self.child.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()


class Pool:
    """`size` processes that play out deals: this one and `size - 1` helpers, started
    at once (they take a moment to import the engine). A task sent to a helper that has
    ended is played here instead: the answer is the same. Threads may share a pool (the
    coach's process: the table's work and a review): each collects its own tickets,
    whichever thread reads a helper's answer first."""

    def __init__(self, size: int | None = None, command: Sequence[str] = COMMAND) -> None:
        self.size = workers() if size is None else max(1, size)
        self.command = tuple(command)
        self._helpers: list[_Helper | None] = [_Helper(self.command)
                                               for _ in range(self.size - 1)]
        self._tickets = 0
        self._done: dict[int, Any] = {}
        self._dropped: set[int] = set()
        self._sent: dict[int, tuple[Any, ...]] = {}
        """Tasks sent and not yet answered, by ticket."""
        self._lost: dict[int, tuple[Any, ...]] = {}
        """Tasks of a helper that ended before answering: played here when collected."""
        self.round_trips = 0
        """Tasks sent to helpers and answered (a measure for the benchmarks)."""
        self._lock = threading.RLock()  # (re-entered if a dropped judgement is collected
        # as garbage while this thread holds it: its `drop` then runs here)

    @property
    def helpers(self) -> list[subprocess.Popen[bytes]]:
        """The helper processes still running."""
        return [h.child for h in self._helpers if h is not None and h.child.poll() is None]

    def send(self, tasks: Sequence[tuple[Any, ...]]) -> list[tuple[int, int]]:
        """Send one task to each helper in turn; the tickets to `collect` them by."""
        with self._lock:
            return self._send(tasks)

    def _send(self, tasks: Sequence[tuple[Any, ...]]) -> list[tuple[int, int]]:
        tickets = []
        for k, task in enumerate(tasks):
            self._tickets += 1
            ticket = self._tickets
            index = k % max(1, len(self._helpers))
            helper = self._helpers[index] if self._helpers else None
            if helper is None or not helper.send(ticket, task):
                self._lost[ticket] = task
            else:
                self._sent[ticket] = task
            tickets.append((index, ticket))
        return tickets

    def collect(self, tickets: Sequence[tuple[int, int]]) -> list[Any]:
        """The answers of `tickets`, in their order (waiting for them)."""
        return [self._answer(index, ticket) for index, ticket in tickets]

    def drop(self, tickets: Sequence[tuple[int, int]]) -> None:
        """The answers of `tickets` are no longer wanted (the judgement was dropped)."""
        with self._lock:
            for _, ticket in tickets:
                if self._lost.pop(ticket, None) is None and \
                        self._done.pop(ticket, None) is None:
                    self._dropped.add(ticket)

    def _answer(self, index: int, ticket: int) -> Any:
        with self._lock:
            lost = self._lost.pop(ticket, None)
            if lost is None:
                return self._received(index, ticket)
        return play(*lost)  # (played here without the lock: other threads go on)

    def _received(self, index: int, ticket: int) -> Any:
        """The answer of `ticket` from its helper (every answer before it kept for its
        own thread); with the lock held."""
        helper = self._helpers[index]
        while ticket not in self._done:
            if helper is None:  # the helper ended: what it had in hand is played here
                return play(*self._lost.pop(ticket))
            try:
                answer = helper.receive()
            except (EOFError, OSError, pickle.UnpicklingError):
                self._helper_ended(index)
                helper = None
                continue
            done = helper.waiting.popleft()
            self._sent.pop(done, None)
            self.round_trips += 1
            if done in self._dropped:
                self._dropped.discard(done)
            else:
                self._done[done] = answer
        return self._done.pop(ticket)

    def _helper_ended(self, index: int) -> None:
        """A helper ended (killed, or out of memory): the tasks it had in hand are played
        here when collected, and the pool goes on with one helper fewer."""
        helper = self._helpers[index]
        assert helper is not None
        self._helpers[index] = None
        for ticket in helper.waiting:
            task = self._sent.pop(ticket)
            if ticket in self._dropped:
                self._dropped.discard(ticket)
            else:
                self._lost[ticket] = task
        helper.end()

    def close(self) -> None:
        """End the helpers (each ends once its pipe closes)."""
        helpers, self._helpers = self._helpers, [None] * len(self._helpers)
        for helper in helpers:
            if helper is not None:
                helper.end()


def play(view: Any, actions: Sequence[Any], calls: Sequence[bool], tunings: Sequence[Any],
         full: bool, seeds: Sequence[tuple[int, int]]) -> list[list[int | None]]:
    """A task's outcomes: per deal, who went out first after each action."""
    return [outcomes(view, actions, calls, tunings, full, deal, shuffle)
            for deal, shuffle in seeds]


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """A helper: play each task that comes, until the pipe closes."""
    while True:
        try:
            task = _read(stdin)
        except EOFError:
            return 0
        try:
            _write(stdout, play(*task))
        except (BrokenPipeError, OSError):
            return 0


def main() -> int:
    from ..priority import TUTOR, lower_priority

    lower_priority(TUTOR)
    from . import playout  # noqa: F401  the engine, imported before the first task

    return serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    raise SystemExit(main())
