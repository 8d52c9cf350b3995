"""The plain front end's time: one clock for the whole conversation, on the wall or not.

`PlainClock` is a `session.clocks.Clock`: the controller's timers (a computer's pause,
the Last Card window, the catch, the turn timer) are scheduled on it, and the front
end's loop runs what is due; its `work` (a computer's thinking, the coach's answers)
runs in a thread on the wall, its result handed back to the loop (`completed`). On the
wall (`live=True`, a person at a terminal) it keeps the monotonic clock, and the loop
waits for the next timer or a line of input, whichever comes first. Scripted
(`live=False`, input from a pipe or a test) it keeps its own time, which moves only when
the loop has nothing to ask the player: it jumps to the next timer at once, and `work`
is done at once, its result handed back on the loop's next step. The same seed and the
same input then give the same lines on every run, however busy the machine is.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable
from typing import Any

from ..session.clocks import THINKING


class _Timer:
    """One scheduled callback; `stop` keeps it from running."""

    def __init__(self, callback: Callable[[], None]) -> None:
        self.callback: Callable[[], None] | None = callback

    def stop(self) -> None:
        self.callback = None


class PlainClock:
    """Timers on the wall clock or on a clock of its own (see the module docstring)."""

    def __init__(self, live: bool,
                 completed: Callable[[Callable[[], None]], None] | None = None) -> None:
        self.live = live
        """True: the monotonic clock; False: a clock that jumps to the next timer."""
        self.completed = completed
        """Live: hands a thread's result back to the loop (app.py's queue)."""
        self._now = 0.0
        self._timers: list[tuple[float, int, _Timer]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return time.monotonic() if self.live else self._now

    def schedule(self, seconds: float, callback: Callable[[], None]) -> _Timer:
        timer = _Timer(callback)
        heapq.heappush(self._timers, (self.now() + max(seconds, 0.0), next(self._order), timer))
        return timer

    def work(self, task: Callable[[], Any], done: Callable[[Any], None],
             group: str = THINKING) -> None:
        """Live: `task` in a thread, `done(result)` handed to the loop (`completed`).
        Scripted: `task` at once, `done` on the loop's next step, so that the lines come
        in the same order every run."""
        completed = self.completed
        if not self.live or completed is None:
            result = task()
            self.schedule(0.0, lambda: done(result))
            return

        def run() -> None:
            result = task()
            completed(lambda: done(result))

        threading.Thread(target=run, name="colorcards-plain-work", daemon=True).start()

    def next_due(self) -> float | None:
        """When the next live timer is due (None: nothing is scheduled)."""
        while self._timers and self._timers[0][2].callback is None:
            heapq.heappop(self._timers)
        return self._timers[0][0] if self._timers else None

    def run_due(self) -> bool:
        """Run every timer due by now, in order (one scheduled by another too, if due);
        whether any ran."""
        ran = False
        while (due := self.next_due()) is not None and due <= self.now():
            _, _, timer = heapq.heappop(self._timers)
            callback, timer.callback = timer.callback, None
            if callback is not None:
                callback()
                ran = True
        return ran

    def skip_ahead(self) -> bool:
        """Scripted: move the clock on to the next timer and run what is then due;
        whether there was one."""
        due = self.next_due()
        if due is None:
            return False
        self._now = max(self._now, due)
        self.run_due()
        return True
