"""textual-serve, adapted to a game that must never freeze, leak a process or lose a move.

What textual-serve 1.1 does not do, and this module adds:
- its page asks a font service for a stylesheet before its script, so on a network that
  drops such requests the page never draws: `index.html` here asks only this server;
- its page names the WebSocket by the address the server was started with, which is wrong
  for a player who reached it by another name: ours uses the page's own address;
- when a game process dies without saying goodbye (killed, out of memory), nothing closes
  the tab's WebSocket and the page freezes on its last frame: here the end of the game's
  output closes it, and the page then says the session ended and offers to start again;
- the game processes share the server's terminal, so a Ctrl+C there reaches each of them
  at the same moment as the server: here each game has a session of its own and the
  server, on Ctrl+C, asks every game to quit (each saves as it goes) and waits for it.
"""

from __future__ import annotations

import asyncio
import errno
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from . import DEFAULT_PORT, LOOPBACK, WebError

HERE = Path(__file__).parent
QUIT_SECONDS = 10.0
"""How long a game may take to quit when asked before it is killed (it saves after every
move, so even then nothing is lost but the moment)."""


class GameProcess(AppService):
    """One tab's game: its own process, in its own session, closed when it ends."""

    def __init__(self, argv: list[str], **kwargs: Any):
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv
        """The command, run without a shell (a data directory may hold any character)."""

    async def _open_app_process(self, width: int = 80, height: int = 24):
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,  # a Ctrl+C at the server's terminal is the server's
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def run(self) -> None:
        """Relay the game's output until it ends, then close the tab's WebSocket: the page
        says the session ended whether the game quit or died."""
        try:
            await super().run()
        finally:
            await self._reap()
            await self.remote_close()

    async def _reap(self) -> None:
        process = self._process
        if process is None or process.returncode is not None:
            return
        try:
            await asyncio.wait_for(process.wait(), QUIT_SECONDS)
        except TimeoutError:
            process.kill()
            await process.wait()

    async def quit(self) -> None:
        """Ask the game to quit and wait for it, killing it if it will not."""
        try:
            await asyncio.wait_for(self.stop(), QUIT_SECONDS)
        except TimeoutError:
            if self._process is not None and self._process.returncode is None:
                self._process.kill()
            if self._task is not None:
                await self._task


class GameServer(Server):
    """The game's page, its static files and one game process per WebSocket."""

    def __init__(self, argv: list[str], host: str = LOOPBACK, port: int = DEFAULT_PORT,
                 out=None):
        super().__init__(shlex.join(argv), host=host, port=port, title="Color Cards",
                         templates_path=HERE)
        self.argv = argv
        self.out = out or sys.stdout
        self.games: set[GameProcess] = set()
        """The games being played, one per open tab."""
        self._stop = asyncio.Event()

    # ------------------------------------------------------------------ pages

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page: everything it loads comes from this server (see index.html)."""
        font_size = min(max(to_int(request.query.get("fontsize", "16"), 16), 8), 48)
        return aiohttp_jinja2.render_template(
            "index.html", request, {"title": self.title, "font_size": font_size})

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab connected: start its game and relay keys, clicks and sizes to it."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        await websocket.prepare(request)
        game = GameProcess(self.argv, write_bytes=websocket.send_bytes,
                           write_str=websocket.send_str, close=websocket.close,
                           download_manager=self.download_manager)
        self.games.add(game)
        try:
            await game.start(width, height)
            await self._process_messages(websocket, game)
        finally:
            await asyncio.shield(game.quit())  # the tab closed: the game saves and ends
            self.games.discard(game)
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `run` says where the game is once it is listening."""

    # ------------------------------------------------------------------ running

    def run(self) -> int:
        """Serve until Ctrl+C or SIGTERM; 0 once every game has quit."""
        return asyncio.run(self._serve())

    async def _serve(self) -> int:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, self._stop.set)
            except (NotImplementedError, RuntimeError):  # not on Windows' loop
                pass
        runner = web.AppRunner(await self._make_app(), access_log=None, shutdown_timeout=5)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            try:
                await site.start()
            except OSError as exc:
                raise WebError(self._cannot_listen(exc)) from None
            port = runner.addresses[0][1]
            shown = f"[{self.host}]" if ":" in self.host else self.host
            print(f"Color Cards is at http://{shown}:{port}/ : open it in a browser. "
                  f"Ctrl+C here stops it.", file=self.out, flush=True)
            await self._stop.wait()
            print("Stopping: every game is saved.", file=self.out, flush=True)
            await asyncio.gather(*(game.quit() for game in list(self.games)))
        finally:
            await runner.cleanup()
        return 0

    def _cannot_listen(self, exc: OSError) -> str:
        if exc.errno == errno.EADDRINUSE:
            return (f"port {self.port} on {self.host} is in use (another server, or "
                    f"colorcards serve already running?): choose another with --port N")
        if exc.errno in (errno.EACCES, errno.EPERM):
            return f"no permission to listen on port {self.port}: choose one above 1023"
        return f"cannot listen on {self.host} port {self.port}: {exc.strerror or exc}"
