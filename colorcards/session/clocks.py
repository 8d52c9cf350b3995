"""The table's two clocks, the turn timer and the Last Card window, written once.

A `Countdown` runs for one moment of the game, named by a key (the turn, or the play
that opened the window): starting it again for the same moment leaves it running, so
redrawing the table never restarts a clock. When the time is up it calls back once.
`hold` stops it and keeps the time left for that moment, so a pause (a menu, the rules)
costs the player nothing; `cancel` forgets it. The timers themselves are the host's
(`TableHost.schedule`), so a test can keep the time by hand.

A `Clock` is the time a whole app keeps, and every timer of it: `ColorCardsApp(clock=...)`
hands it to every table, whose game then runs on it (the computers' pauses, the
reactions' wait, the Last Card window, the turn timer, the save after the frame, how
long a refusal stays, the screen's own redraws ahead). A player's app keeps Textual's
timers on the monotonic clock (`tui/clock.py`). A test's clock moves on only when the
test says, so whole games run without waiting and without racing the wall clock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    """What a host's `schedule` returns: a timer that can be stopped."""

    def stop(self) -> None: ...


Schedule = Callable[[float, Callable[[], None]], Timer]


class Clock(Protocol):
    """The time a table keeps (see the module docstring)."""

    def now(self) -> float:
        """Seconds, on this clock."""

    def schedule(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Call `callback` once, `seconds` from now on this clock, on the app's loop."""


class Countdown:
    """One clock of the table (see the module docstring)."""

    def __init__(self, schedule: Schedule, clock: Callable[[], float],
                 expired: Callable[[], None]):
        self._schedule = schedule
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
        self.deadline = self._clock() + seconds
        self._timer = self._schedule(seconds, self._ring)

    def left(self) -> float | None:
        """Seconds left, or None when the clock is not running."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - self._clock())

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
