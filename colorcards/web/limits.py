"""What one tab may cost the machine, and what the server tells a browser of its files.

Anyone who reaches the port can open the game's WebSocket (that is what no login means),
so what a tab sends is bounded before it reaches a game: a message of at most
MESSAGE_MOST bytes (a larger one closes the tab's socket), keys at most KEYS_PER_SECOND
bytes a second after a burst of KEYS_BURST (more is dropped, a message at a time: no
person types or moves a mouse that fast), a terminal of at most COLUMNS_MOST by ROWS_MOST
(each frame is drawn whole at that size). The game's process holds at most MEMORY_MOST
bytes of data (lifeline.py: past it, its allocations fail instead of taking the
machine's memory), and ends with its server however the server ends.

The server's files: a request that takes more than HEADER_SECONDS to send its headers is
closed (a slow client holding connections open), a folder of /static is never listed, a
path too long for the system is not found (not a server error), and no answer may be
sniffed as another type than it says.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

MESSAGE_MOST = 64 * 1024
"""Bytes of one WebSocket message a tab may send (a key is a few, a resize a few dozen)."""
KEYS_PER_SECOND = 8 * 1024
"""Bytes of keys and mouse reports a second a tab's game is given, once the burst is spent."""
KEYS_BURST = 32 * 1024
"""Bytes of keys and mouse reports a tab may send at once."""
COLUMNS_MOST = 400
ROWS_MOST = 150
"""The largest terminal a tab may ask for (a 4K screen at a small font is about this)."""
COLUMNS_LEAST = 10
ROWS_LEAST = 5
MEMORY_MOST = 1536 * 1024 * 1024
"""Bytes of data a served game's process may hold (a game holds about 100 MB)."""
HEADER_SECONDS = 5.0
"""Seconds a connection may take to send a request's headers (or stay idle between two)."""
NOT_SNIFFED = {"X-Content-Type-Options": "nosniff"}
"""No answer may be read by a browser as another type than it says."""


def terminal_size(width: object, height: object) -> tuple[int, int]:
    """The terminal a tab asks for, within bounds (80 x 24 for what is not a number)."""
    return (_within(width, 80, COLUMNS_LEAST, COLUMNS_MOST),
            _within(height, 24, ROWS_LEAST, ROWS_MOST))


def _within(value: object, default: int, least: int, most: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        number = default
    return max(least, min(most, number))


class KeyRate:
    """A tab's allowance of keys: a token bucket of KEYS_BURST bytes that fills at
    KEYS_PER_SECOND. `take` says whether a message of so many bytes may pass."""

    def __init__(self, per_second: float = KEYS_PER_SECOND, burst: float = KEYS_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self._tokens = burst
        self._at = clock()
        self.dropped = 0
        """Bytes dropped so far."""

    def take(self, size: int) -> bool:
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.per_second)
        self._at = now
        if size > self._tokens:
            self.dropped += size
            return False
        self._tokens -= size
        return True


def quiet_statics(statics: Path) -> Callable[..., Awaitable[web.StreamResponse]]:
    """A middleware for the files under /static (`statics`, their folder): a folder is
    not listed, a path the system cannot take (too long) is not found."""

    @web.middleware
    async def middleware(request: web.Request, handler: Callable[[web.Request],
                                                          Awaitable[web.StreamResponse]]
                         ) -> web.StreamResponse:
        path = request.path
        if path != "/static" and not path.startswith("/static/"):
            return await handler(request)
        inside = path.removeprefix("/static").strip("/")
        try:
            if path.endswith("/") or not inside or (statics / inside).is_dir():
                raise web.HTTPNotFound()
            return await handler(request)
        except (OSError, ValueError):
            raise web.HTTPNotFound() from None

    return middleware
