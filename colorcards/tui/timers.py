"""Timers on the app's clock when it keeps one (a test's), else on Textual's own."""

from __future__ import annotations

from collections.abc import Callable

from textual.message_pump import MessagePump

from ..session.clocks import Clock, Timer


def schedule_on(clock: Clock | None, owner: MessagePump, seconds: float,
                callback: Callable[[], None]) -> Timer:
    """Call `callback` once, `seconds` from now: on `clock` when the app keeps one (a
    test's), else on `owner`'s own Textual timers, which stop when it goes."""
    if clock is not None:
        return clock.schedule(seconds, callback)
    return owner.set_timer(max(seconds, 0.001), callback)
