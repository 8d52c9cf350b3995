"""The time a table keeps: the `Clock` it is given, and its two countdowns (the turn timer
and the Last Card window), written once.

A `Clock` is the time a whole front end keeps, and its hands: `now`, `schedule` (a
timer, on the front end's loop) and `work` (a task run away from the loop, its result
handed back on it). The table sets every timer and starts every thread through it: the
computers' pauses and their thinking, the reactions' wait, the Last Card window, the turn
timer, the save after the frame, the coach's answers. `LoopClock` is a player's: asyncio's
loop (the loop Textual runs on, or a line-by-line front end's), on the monotonic clock.
A test's clock moves on only when the test says, so whole games run without waiting and
without racing the wall clock.

A `Countdown` runs for one moment of the game, named by a key (the turn, or the play
that opened the window): starting it again for the same moment leaves it running, so
redrawing the table never restarts a clock. When the time is up it calls back once.
`hold` stops it and keeps the time left for that moment, so a pause (a menu, the rules)
costs the player nothing; `cancel` forgets it.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

THINKING = "thinking"
"""The computers' thinking, and the hint's wait (`Clock.work`'s group)."""
COACH = "coach"
"""The waits for the coach's judgements of the player's moves."""


class Timer(Protocol):
    """What a clock's `schedule` returns: a timer that can be stopped."""

    def stop(self) -> None: ...


class Clock(Protocol):
    """The time a table keeps (see the module docstring)."""

    def now(self) -> float:
        """Seconds, on this clock."""

    def schedule(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Call `callback` once, `seconds` from now on this clock, on the front end's loop."""

    def work(self, task: Callable[[], Any], done: Callable[[Any], None],
             group: str = THINKING) -> None:
        """Run `task` away from the loop (in a thread); then `done(result)` on the loop.
        `group` says whose work it is (`THINKING`, `COACH`), for a test's clock to tell
        apart."""


class LoopClock:
    """The clock of the asyncio loop the front end runs on (see the module docstring).

    What its timers and tasks raise is handed to `failed` (the front end shows it and
    ends, as it would for an error of its own); once `close`d, nothing more rings and
    no task's result is handed back."""

    def __init__(self, failed: Callable[[BaseException], None] | None = None) -> None:
        self.failed = failed
        self._timers: set[_LoopTimer] = set()
        self._closed = False

    def now(self) -> float:
        return time.monotonic()

    def schedule(self, seconds: float, callback: Callable[[], None]) -> Timer:
        timer = _LoopTimer(self, callback)
        if not self._closed:
            timer.handle = asyncio.get_running_loop().call_later(max(seconds, 0.0), timer.ring)
            self._timers.add(timer)
        return timer

    def work(self, task: Callable[[], Any], done: Callable[[Any], None],
             group: str = THINKING) -> None:
        loop = asyncio.get_running_loop()

        def run() -> None:
            try:
                result = task()
            except Exception as exc:  # handed to the loop, as a timer's is
                failure = exc
                self._back(loop, lambda: self._fail(failure))
                return
            self._back(loop, lambda: self._call(lambda: done(result)))

        threading.Thread(target=run, name="colorcards-work", daemon=True).start()

    def close(self) -> None:
        """Stop every timer; hand nothing more back."""
        self._closed = True
        for timer in list(self._timers):
            timer.stop()

    def _back(self, loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> None:
        if not self._closed:
            try:
                loop.call_soon_threadsafe(callback)
            except RuntimeError:  # the loop has closed: nobody waits for the result
                pass

    def _call(self, callback: Callable[[], None]) -> None:
        if self._closed:
            return
        try:
            callback()
        except Exception as exc:  # the front end's to show
            self._fail(exc)

    def _fail(self, exc: BaseException) -> None:
        if self.failed is None:
            raise exc
        self.failed(exc)


class _LoopTimer:
    """A `LoopClock`'s timer."""

    def __init__(self, clock: LoopClock, callback: Callable[[], None]) -> None:
        self.clock = clock
        self.callback = callback
        self.handle: asyncio.TimerHandle | None = None

    def ring(self) -> None:
        self.clock._timers.discard(self)
        self.clock._call(self.callback)

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
        self.clock._timers.discard(self)


class Countdown:
    """One clock of the table (see the module docstring)."""

    def __init__(self, clock: Clock, expired: Callable[[], None]):
        self._clock = clock
        self._expired = expired
        self.deadline: float | None = None
        """When the time is up (on `clock`), while the clock runs."""
        self._timer: Timer | None = None
        self._key: object = None
        self._held: float | None = None

    def start(self, key: object, seconds: float) -> None:
        """Run for the moment `key`: `seconds` from now, or what was left when it was
        held for that moment; already running for it, it goes on untouched."""
        if self._key == key:
            if self._timer is not None:
                return
            if self._held is not None:
                seconds = self._held
        self.cancel()
        self._key = key
        self.deadline = self._clock.now() + seconds
        self._timer = self._clock.schedule(seconds, self._ring)

    def left(self) -> float | None:
        """Seconds left, or None when the clock is not running."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - self._clock.now())

    def hold(self) -> None:
        """Stop, keeping the time left for the same moment (a pause)."""
        if self._timer is not None:
            self._held = self.left()
        self._stop()

    def cancel(self) -> None:
        """Stop and forget the moment: the next start is a fresh one."""
        self._stop()
        self._key = None
        self._held = None

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = None
        self.deadline = None

    def _ring(self) -> None:
        self._timer = None
        self.deadline = None
        self._expired()
