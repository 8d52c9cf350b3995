"""The session's clock in the app (session/clocks.py's `Clock`): Textual's timers, on the
monotonic clock. Every timer of the app's and its tables' is set through it (or through
a test's clock, which moves on only when the test says)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.app import App

from ..session.clocks import Timer


class AppClock:
    """Timers on `app` (they stop when it closes)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app

    def now(self) -> float:
        return time.monotonic()

    def schedule(self, seconds: float, callback: Callable[[], None]) -> Timer:
        return self.app.set_timer(max(seconds, 0.001), callback)
