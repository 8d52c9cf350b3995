"""One tab's game: its own process, run under Textual's web driver, its screen relayed to
the tab's WebSocket.

Textual's web driver (`textual.drivers.web_driver`, chosen by `TEXTUAL_DRIVER`) speaks
packets on the process's standard streams, after a first line `__GANGLION__`: a byte
for the kind (`D` the terminal's output or input, `M` a JSON meta message, `P` a packed
one, which the game never sends), four bytes of length (big-endian), the payload. That
is the whole of what the server needs of textual-serve's app service, written here so
that nothing of textual-serve's own is read or overridden (tests/test_web_relay.py
checks the pinned Textual speaks it).

The process has a session of its own (`start_new_session`): a Ctrl+C at the server's
terminal is the server's, which then asks each game to quit. What the game writes on
its standard error is passed on to the server's once it has ended.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from contextlib import suppress
from typing import Any

from ..lifeline import MEMORY, PARENT
from .addresses import PACKAGE_ROOT
from .limits import MEMORY_MOST

PRELUDE = b"__GANGLION__\n"
"""The driver's first line: a Textual app is at the other end."""
DATA, META, PACKED = b"D", b"M", b"P"
QUIT_SECONDS = 10.0
"""How long a game may take to quit when asked before it is killed (it saves after every
move, so even then nothing is lost but the moment)."""
FIRST_SCREEN_BYTES = 2048
"""More output than the driver's opening escapes (about 100 bytes): a screen is drawn (the
title is about 10 kB)."""

Send = Callable[[bytes], Awaitable[None]]


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of the driver's: its kind, its length, its payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


def environment(width: int, height: int) -> dict[str, str]:
    """The game's environment: Textual's web driver at the tab's size, in full colour,
    this package first on the path, ending with the server (lifeline.py) and bounded in
    memory (limits.py)."""
    env = dict(os.environ)
    env.update(TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver", TEXTUAL_FPS="60",
               TEXTUAL_COLOR_SYSTEM="truecolor", TERM_PROGRAM="textual",
               COLUMNS=str(width), ROWS=str(height))
    path = env.get("PYTHONPATH")
    env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE_ROOT), *([path] if path else [])])
    env[PARENT] = str(os.getpid())  # the game ends with the server
    env[MEMORY] = str(MEMORY_MOST)
    return env


class GameProcess:
    """A game's process and the relay of its screen to `send` (see the module docstring)."""

    def __init__(self, argv: Sequence[str], send: Send,
                 quit_seconds: float = QUIT_SECONDS) -> None:
        self.argv = list(argv)
        """The command, run without a shell (a data directory may hold any character)."""
        self.send = send
        """Where its screen goes (the tab's WebSocket); a ConnectionError from it means
        the tab is gone (the game goes on until it is asked to quit)."""
        self.size = (80, 24)
        """The terminal size the game started at."""
        self.quit_seconds = quit_seconds
        """How long the game may take to quit (`ended`, `quit`) before it is killed."""
        self.process: asyncio.subprocess.Process | None = None
        self._relay: asyncio.Task[None] | None = None
        self._drawn = asyncio.Event()
        self._written = 0
        self._gone = False
        self._errors = bytearray()

    @property
    def status(self) -> int | None:
        """The game's exit status, once it has ended."""
        return None if self.process is None else self.process.returncode

    @property
    def running(self) -> asyncio.Task[None]:
        """The relay of the game's output, done once the game has ended."""
        assert self._relay is not None, "started"
        return self._relay

    async def start(self, width: int, height: int) -> None:
        """Start the game at the tab's size and relay its screen."""
        self.size = (width, height)
        self.process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment(width, height),
            start_new_session=True)
        self._relay = asyncio.create_task(self._run())

    async def drawn(self) -> None:
        """Until the game has drawn its first screen (or `quit_seconds`, or it ended)."""
        waiting = asyncio.ensure_future(self._drawn.wait())
        await asyncio.wait({waiting, self.running}, timeout=self.quit_seconds,
                           return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()

    # ---------------------------------------------------------------- to the game

    async def send_bytes(self, data: bytes) -> bool:
        """Keys and mouse, as the terminal would send them; whether they went."""
        return await self._write(packet(DATA, data))

    async def send_meta(self, data: dict[str, Any]) -> bool:
        return await self._write(packet(META, json.dumps(data).encode("utf-8")))

    async def set_terminal_size(self, width: int, height: int) -> None:
        await self.send_meta({"type": "resize", "width": width, "height": height})

    async def blur(self) -> None:
        await self.send_meta({"type": "blur"})

    async def focus(self) -> None:
        await self.send_meta({"type": "focus"})

    async def _write(self, data: bytes) -> bool:
        stdin = None if self.process is None else self.process.stdin
        if stdin is None or stdin.is_closing():
            return False
        try:
            stdin.write(data)
            await stdin.drain()
        except (ConnectionError, RuntimeError):
            return False
        return True

    # ---------------------------------------------------------------- from the game

    async def _run(self) -> None:
        """Relay the game's screen until its output ends (it quit, or died)."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        errors = asyncio.create_task(self._read_errors())
        try:
            with suppress(asyncio.IncompleteReadError, ConnectionResetError):  # it ended
                await self._screen_to_tab(stdout)
        finally:
            await errors
            if self._errors:
                sys.stderr.write(self._errors.decode("utf-8", "replace"))

    async def _screen_to_tab(self, stdout: asyncio.StreamReader) -> None:
        """The game's prelude skipped, its screen's data sent to the tab, to the end."""
        for _ in range(10):  # the driver's prelude, after anything printed first
            line = await stdout.readline()
            if not line or line == PRELUDE:
                break
        while True:
            kind = await stdout.readexactly(1)
            size = int.from_bytes(await stdout.readexactly(4), "big")
            payload = await stdout.readexactly(size)
            if kind == DATA:
                await self._to_tab(payload)
            # META: 'exit' says it is quitting (its output ends next); the game asks
            # for no URL and delivers no file. PACKED: file deliveries, likewise.

    async def _read_errors(self) -> None:
        """Keep what the game writes on its standard error (a full pipe would stop it)."""
        assert self.process is not None and self.process.stderr is not None
        while chunk := await self.process.stderr.read(4096):
            self._errors.extend(chunk)

    async def _to_tab(self, data: bytes) -> None:
        self._written += len(data)
        if self._written > FIRST_SCREEN_BYTES:
            self._drawn.set()
        if self._gone:
            return
        try:
            await self.send(data)
        except ConnectionError:  # the tab closed as the game drew: it is asked to quit
            self._gone = True

    # ---------------------------------------------------------------- ending

    async def ended(self) -> None:
        """Until the game has ended, once its output has (killed if it does not end
        within `quit_seconds` after closing it)."""
        await self.running
        process = self.process
        if process is None or process.returncode is not None:
            return
        try:
            await asyncio.wait_for(process.wait(), self.quit_seconds)
        except TimeoutError:
            process.kill()
            await process.wait()

    async def quit(self) -> None:
        """Ask the game to quit and wait for it to end, killing it if it will not within
        `quit_seconds`."""
        await self.send_meta({"type": "quit"})
        try:
            await asyncio.wait_for(asyncio.shield(self.ended()), self.quit_seconds)
        except TimeoutError:
            if self.process is not None and self.process.returncode is None:
                self.process.kill()
            await self.ended()
