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
  server, on Ctrl+C, asks every game to quit (each saves as it goes) and waits for it;
- a game starts only when its tab connects, after the page has loaded: here a page asked
  for while no game runs starts its game at once, and the tab's WebSocket takes it;
- any page the browser shows may open its WebSocket: here only the game's own page may.
"""

from __future__ import annotations

import asyncio
import errno
import os
import shlex
import signal
import sys
from pathlib import Path
from typing import Any, TextIO

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from . import DEFAULT_PORT, LOOPBACK, PACKAGE_ROOT, WebError, is_loopback, refusal_for

HERE = Path(__file__).parent
QUIT_SECONDS = 10.0
"""How long a game may take to quit when asked before it is killed (it saves after every
move, so even then nothing is lost but the moment)."""
FIRST_SCREEN_BYTES = 2048
"""More output than the driver's opening escapes (about 100 bytes): a screen is drawn (the
title is about 10 kB)."""
SPARE_SECONDS = 20.0
"""How long a game started with its page waits for the page to connect."""


class GameProcess(AppService):
    """One tab's game: its own process, in its own session, closed when it ends.

    It may start before its tab connects (see `GameServer.handle_index`): what it writes
    until then is kept and handed over by `attach`."""

    def __init__(self, argv: list[str], download_manager: Any):
        self.argv = argv
        """The command, run without a shell (a data directory may hold any character)."""
        self._websocket: web.WebSocketResponse | None = None
        self._early: list[bytes | str] = []
        self._ended = False
        self._drawn = asyncio.Event()
        self._written = 0
        self.size = (80, 24)
        """The terminal size the game started at."""
        super().__init__(shlex.join(argv), write_bytes=self._to_tab, write_str=self._to_tab,
                         close=self._close_tab, download_manager=download_manager)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._environment(width, height),
            start_new_session=True,  # a Ctrl+C at the server's terminal is the server's
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    def _environment(self, width: int, height: int) -> dict[str, str]:
        environment = self._build_environment(width=width, height=height)
        path = environment.get("PYTHONPATH")
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(PACKAGE_ROOT), *([path] if path else [])])
        return environment

    @property
    def alive(self) -> bool:
        """Still running and not yet ended (a spare that died waiting is not taken)."""
        return not self._ended and self._process is not None and (
            self._process.returncode is None)

    async def attach(self, websocket: web.WebSocketResponse, width: int, height: int) -> None:
        """From now on the game draws in this tab: what it wrote before goes first.

        A tab of another size than the game started at sends its size once the game has
        drawn its first screen: Textual's web driver posts the size the game started
        with as it starts, and a size sent before that is handled first and then
        overridden, leaving the game at the size it started with."""
        resized = (width, height) != self.size
        if resized:
            try:
                await asyncio.wait_for(self._drawn.wait(), QUIT_SECONDS)
            except TimeoutError:
                pass
        while self._early:
            item = self._early.pop(0)
            if isinstance(item, bytes):
                await websocket.send_bytes(item)
            else:
                await websocket.send_str(item)
        self._websocket = websocket
        if self._ended:
            await websocket.close()
        elif resized:
            await self.set_terminal_size(width, height)

    async def start(self, width: int, height: int) -> None:
        self.size = (width, height)
        await super().start(width, height)

    async def _to_tab(self, data: bytes | str) -> None:
        self._written += len(data)
        if self._written > FIRST_SCREEN_BYTES:
            self._drawn.set()
        websocket = self._websocket
        if websocket is None:
            self._early.append(data)
        elif isinstance(data, bytes):
            await websocket.send_bytes(data)
        else:
            await websocket.send_str(data)

    async def _close_tab(self) -> None:
        self._ended = True
        if self._websocket is not None:
            await self._websocket.close()

    async def run(self) -> None:
        """Relay the game's output until it ends, then close the tab's WebSocket: the page
        says the session ended whether the game quit or died."""
        try:
            await super().run()
        finally:
            await self._reap()
            await self._close_tab()

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
                 out: TextIO | None = None) -> None:
        super().__init__(shlex.join(argv), host=host, port=port, title="Color Cards",
                         templates_path=HERE)
        self.argv = argv
        self.out = out or sys.stdout
        self.games: set[GameProcess] = set()
        """Every game process running, one per open tab (and the spare, if any)."""
        self._spare: asyncio.Task[GameProcess] | None = None
        self._last_size = (80, 24)
        """The size of the last tab that connected: a spare starts at it, as the next
        tab, most often the same browser, will likely be."""
        self._quitting: set[asyncio.Task[None]] = set()
        self._stop = asyncio.Event()

    # ------------------------------------------------------------------ pages

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Answer only this machine's browser, unless --host said otherwise.

        Served on loopback, a request that names another host reached it through a name
        that an outside site pointed here (DNS rebinding); a WebSocket opened by a page
        of another origin is another site's script playing your game (browsers do not
        apply their same-origin rule to WebSockets). Both are refused."""
        refusal = refusal_for(request.host, request.headers.get("Origin"),
                              websocket=request.path == "/ws",
                              loopback_only=is_loopback(self.host))
        if refusal is not None:
            raise web.HTTPForbidden(text=refusal)
        return await handler(request)

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page: everything it loads comes from this server (see index.html).

        A page asked for while no game runs starts its game at once, as a spare (at the
        size of the last tab), so the game's start-up overlaps the page's; the tab's
        WebSocket then takes it. With a game running (another tab, or this one being
        reloaded) the tab's game starts when it connects instead, after any game that is
        quitting has saved and let go."""
        if not self.games and self._spare is None and not self._quitting:
            self._spare = asyncio.create_task(self._start_game(*self._last_size))
            asyncio.get_running_loop().call_later(SPARE_SECONDS, self._drop_spare, self._spare)
        font_size = min(max(to_int(request.query.get("fontsize", "16"), 16), 8), 48)
        return aiohttp_jinja2.render_template(
            "index.html", request, {"title": self.title, "font_size": font_size})

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab connected: its game, with keys, clicks and sizes relayed to it."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        self._last_size = (width, height)
        await websocket.prepare(request)
        game = await self._take_spare()
        if game is None:
            game = await self._start_game(width, height)
        try:
            await game.attach(websocket, width, height)
            await self._process_messages(websocket, game)
        finally:
            await self._quit(game)  # the tab closed: the game saves and ends
        return websocket

    async def _start_game(self, width: int, height: int) -> GameProcess:
        if self._quitting:  # one data directory: the next game opens it once they let go
            await asyncio.wait(self._quitting)
        game = GameProcess(self.argv, download_manager=self.download_manager)
        self.games.add(game)
        await game.start(width, height)
        return game

    async def _take_spare(self) -> GameProcess | None:
        task, self._spare = self._spare, None
        if task is None:
            return None
        game = await task
        if game.alive:
            return game
        await self._quit(game)
        return None

    def _drop_spare(self, spare: asyncio.Task[GameProcess] | None = None) -> None:
        """No tab came for the spare (the page was fetched, not opened): it quits."""
        task = self._spare
        if task is None or (spare is not None and task is not spare):
            return  # taken already
        self._spare = None
        task.add_done_callback(
            lambda done: None if done.cancelled() or done.exception()
            else asyncio.ensure_future(self._quit(done.result())))

    async def _quit(self, game: GameProcess) -> None:
        quitting = asyncio.ensure_future(game.quit())
        self._quitting.add(quitting)
        try:
            await asyncio.shield(quitting)
        finally:
            self._quitting.discard(quitting)
            self.games.discard(game)

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
            except NotImplementedError:
                # Windows' event loop takes no signal handlers: a plain handler hands the
                # stop to the loop, so Ctrl+C saves the games there too.
                signal.signal(signum, lambda *_: loop.call_soon_threadsafe(self._stop.set))
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
            self._drop_spare()
            await asyncio.gather(*(self._quit(game) for game in list(self.games)))
            if self._quitting:
                await asyncio.wait(self._quitting)
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
