"""The game's web server: its page, textual-serve's terminal in the browser, and one game
process for the tab that plays (relay.py), for a game that must never freeze, leak a
process or lose a move.

Of textual-serve (pinned in pyproject.toml) the server uses the browser's side alone:
the terminal's script, its stylesheet and its font (`STATIC`, checked against the pinned
version by tests/test_web_relay.py). The server itself is aiohttp's, and the game's
process speaks Textual's web driver (relay.py). What textual-serve's own server does
not do, and this one does:
- its page asks a font service for a stylesheet before its script, so on a network that
  drops such requests the page never draws: `index.html` here asks only this server;
- its page names the WebSocket by the address the server was started with, which is wrong
  for a player who reached it by another name: ours uses the page's own address;
- its terminal shows only a corner of the game where the browser's device pixels and
  its device pixel ratio disagree, keeps a font too large for a small phone, and takes
  no key until it is clicked: `index.html` says how it sees to each;
- when a game process dies without saying goodbye (killed, out of memory), nothing closes
  the tab's WebSocket and the page freezes on its last frame: here the end of the game's
  output closes it, and the page then says the session ended and offers to start again;
- the game processes share the server's terminal, so a Ctrl+C there reaches each of them
  at the same moment as the server: here each game has a session of its own and the
  server, on Ctrl+C, asks every game to quit (each saves as it goes) and waits for it;
- every tab gets a game of its own, all on one data directory: here one tab at a time
  plays (see `GameServer.handle_websocket`), and a tab that cannot is told so until it
  closes, with a button to play there instead;
- any page the browser shows may open its WebSocket, under any name: here only the
  game's own page may, under the server's own names and addresses, and no other site
  may frame the page;
- what a tab sends reaches its game unbounded, and a game outlives a server killed by a
  signal it cannot catch: here limits.py bounds what one tab may cost (its messages,
  keys, terminal size and the game's memory), and each game ends with the server
  (lifeline.py); the static files are served without listings, sniffing or slow headers.
"""

from __future__ import annotations

import asyncio
import errno
import html
import json
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from typing import Any, TextIO

from aiohttp import WSMsgType, web

from ..session.fit import NARROWEST, SHORTEST, WHOLE_HAND
from .addresses import (
    DEFAULT_PORT,
    IN_USE_STATUS,
    LOOPBACK,
    WebError,
    addresses_to_open,
    own_names,
    refusal_for,
)
from .limits import (
    HEADER_SECONDS,
    MESSAGE_MOST,
    NOT_SNIFFED,
    KeyRate,
    quiet_statics,
    terminal_size,
)
from .relay import GameProcess

HERE = Path(__file__).parent
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
"""What a middleware hands the request on to."""
PAGE = HERE / "index.html"
"""The game's page: `{{ title }}` and `{{ font_size }}` are filled in as it is served."""
STATIC = Path(str(files("textual_serve") / "static"))
"""textual-serve's files for the browser (its terminal's script, stylesheet and font)."""

OPEN_IN_ANOTHER_TAB = 4001
"""The WebSocket close code for a tab opened while another tab plays (index.html shows
what it means, with a button to play there instead)."""
IN_USE_ELSEWHERE = 4002
"""The close code for a tab whose game found the data directory owned by another copy
of colorcards (a terminal game, another server)."""
MOVED_TO_ANOTHER_TAB = 4003
"""The close code for the tab whose game another tab took over."""

FRAMING = {"Content-Security-Policy": "frame-ancestors 'self'",
           "X-Frame-Options": "SAMEORIGIN"}
"""No page of another site may show the game in a frame (its clicks could be steered)."""


class OneLine(logging.Filter):
    """aiohttp's errors about a request (a malformed one, a tab gone mid-answer) as one line
    each, without a traceback: they say what a client did, not what is wrong here."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            why = getattr(error, "message", None) or str(error)
            why = " ".join(str(why).split())
            record.msg = f"colorcards serve: {record.getMessage()}: {type(error).__name__}" + (
                f": {why}" if why else "")
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


async def _first(*waits: Any) -> None:
    """Until the first of `waits` is done; the others are cancelled."""
    tasks = [asyncio.ensure_future(wait) for wait in waits]
    await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        if not task.done():
            task.cancel()


class Tab:
    """A tab's WebSocket, read from the moment it opens: its messages wait in `inbox`
    until its game runs, and `closed` is known at once even while it waits for its turn
    at the data directory."""

    def __init__(self, websocket: web.WebSocketResponse):
        self.websocket = websocket
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        """The tab's messages (JSON envelopes), then None once it has closed."""
        self.keys = KeyRate()
        """The tab's allowance of keys (limits.py): no person sends more."""
        self.closed = asyncio.Event()
        self._reading = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.websocket:
                if message.type == WSMsgType.TEXT:
                    self.inbox.put_nowait(message.json())
        except (ConnectionError, ValueError):
            pass
        finally:
            self.closed.set()
            self.inbox.put_nowait(None)

    async def close(self, code: int, message: str) -> None:
        await self.websocket.close(code=code, message=message.encode())
        await self._reading


def page(title: str, font_size: int, fits: list[list[int]]) -> str:
    """The game's page with its blanks filled: the title, the terminal's font size and the
    sizes its script fits the game to (JSON: columns, rows, the font size for them)."""
    text = PAGE.read_text(encoding="utf-8")
    for blank, value in (("{{ title }}", html.escape(title)),
                         ("{{ font_size }}", str(font_size)),
                         ("{{ fits|tojson }}", html.escape(json.dumps(fits)))):
        text = text.replace(blank, value)
    return text


def number(text: str | None, default: int) -> int:
    """A whole number from a query's text, or `default`."""
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


class GameServer:
    """The game's page, its static files and one game process for the tab that plays."""

    def __init__(self, argv: list[str], host: str = LOOPBACK, port: int = DEFAULT_PORT,
                 out: TextIO | None = None) -> None:
        self.argv = argv
        """Each game's command (cli.py's, on the server's data directory)."""
        self.host = host
        self.port = port
        self.title = "Color Cards"
        self.out = out or sys.stdout
        self.names = own_names(host)
        """The names a request may give as its Host (addresses are checked apart)."""
        self.games: set[GameProcess] = set()
        """Every game process running (one, or two while one quits for another)."""
        self.player: Tab | None = None
        """The tab that plays, or waits to play, on the data directory."""
        self._directory = asyncio.Lock()
        """Held by a game from its start until it has quit: one data directory, one game,
        and the next starts only once the last has let go of it."""
        self._stop = asyncio.Event()

    # ------------------------------------------------------------------ pages

    def make_app(self) -> web.Application:
        """The page, its WebSocket and its static files, each request guarded."""
        app = web.Application(middlewares=[self._guard, quiet_statics(STATIC)])
        app.add_routes([web.get("/", self.handle_index), web.get("/ws", self.handle_websocket),
                        web.static("/static", STATIC)])
        app.on_response_prepare.append(self._no_framing)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Answer only requests that name this server, and the game's own page.

        A request naming another host reached it through a name that an outside site
        pointed here (DNS rebinding); a WebSocket opened by a page of another origin is
        another site's script playing your game. Both are refused, with --host too."""
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        refusal = refusal_for(request.headers.get("Host"), request.headers.get("Origin"),
                              websocket=request.path == "/ws", names=self.names,
                              reached=sockname[0] if sockname else None)
        if refusal is not None:
            raise web.HTTPForbidden(text=refusal)
        return await handler(request)

    @staticmethod
    async def _no_framing(request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(FRAMING)
        response.headers.update(NOT_SNIFFED)

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page: everything it loads comes from this server (see index.html). Its
        game starts when its WebSocket opens, not here: a page fetched and never opened
        starts nothing and takes no data directory."""
        font_size = min(max(number(request.query.get("fontsize"), 16), 8), 48)
        fits = [[*WHOLE_HAND, 14], [NARROWEST, SHORTEST, 12]]
        return web.Response(text=page(self.title, font_size, fits), content_type="text/html")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab connected: it plays, with keys, clicks and sizes relayed to its game.

        One data directory is one game. While another tab plays, this one is told so
        (and stays told: the page keeps the notice) unless it asked to take over
        (`?take=1`, its Play here button), and then the other tab is told instead. A
        tab that closes before its turn (a reload) starts nothing."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MESSAGE_MOST)
        width, height = terminal_size(request.query.get("width"), request.query.get("height"))
        await websocket.prepare(request)
        tab = Tab(websocket)
        player = self.player
        if player is not None and not player.closed.is_set():
            if request.query.get("take") != "1":
                await tab.close(OPEN_IN_ANOTHER_TAB, "this game is open in another tab")
                return websocket
            await player.close(MOVED_TO_ANOTHER_TAB, "this game moved to another tab")
        self.player = tab
        try:
            await self._play(tab, width, height)
        finally:
            if self.player is tab:
                self.player = None
        return websocket

    async def _play(self, tab: Tab, width: int, height: int) -> None:
        turn = asyncio.ensure_future(self._directory.acquire())
        await _first(turn, tab.closed.wait())
        try:
            await turn
        except asyncio.CancelledError:
            return  # the tab closed while another game let go of the data directory
        try:
            if tab.closed.is_set() or self.player is not tab or self._stop.is_set():
                return
            game = GameProcess(self.argv, tab.websocket.send_bytes)
            self.games.add(game)
            try:
                await game.start(width, height)
                await _first(game.drawn(), tab.closed.wait())
                await self._relay(tab, game)
            finally:
                await self._quit(game)  # the tab closed: the game saves and ends
            await self._closed(tab, game)
        finally:
            self._directory.release()

    async def _relay(self, tab: Tab, game: GameProcess) -> None:
        """The tab's keys, clicks and sizes to its game, until either ends."""
        ended = game.running
        while True:
            message = asyncio.ensure_future(tab.inbox.get())
            await asyncio.wait({message, ended}, return_when=asyncio.FIRST_COMPLETED)
            if not message.done():
                message.cancel()
                return
            envelope = message.result()
            if envelope is None:
                return
            kind, data = [*envelope, None][:2] if isinstance(envelope, list) else ("", None)
            if kind == "stdin":
                keys = str(data).encode("utf-8")
                if tab.keys.take(len(keys)):
                    await game.send_bytes(keys)
            elif kind == "resize" and isinstance(data, dict):
                await game.set_terminal_size(*terminal_size(data.get("width"),
                                                            data.get("height")))
            elif kind == "ping":
                try:
                    await tab.websocket.send_json(["pong", data])
                except ConnectionError:
                    return
            elif kind == "blur":
                await game.blur()
            elif kind == "focus":
                await game.focus()

    @staticmethod
    async def _closed(tab: Tab, game: GameProcess) -> None:
        """The game has ended: its tab's WebSocket is closed, and the page says the
        session ended whether the game quit or died, or that another copy of colorcards
        owns the data directory."""
        in_use = game.status == IN_USE_STATUS
        await tab.websocket.close(
            code=IN_USE_ELSEWHERE if in_use else 1000,
            message=b"another copy of colorcards owns the saves" if in_use else b"")

    async def _quit(self, game: GameProcess) -> None:
        try:
            await asyncio.shield(game.quit())
        finally:
            self.games.discard(game)

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
        for name in ("aiohttp.server", "aiohttp.web"):
            logging.getLogger(name).addFilter(OneLine())
        runner = web.AppRunner(self.make_app(), access_log=None, shutdown_timeout=5,
                               keepalive_timeout=HEADER_SECONDS)  # slow headers: closed
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            try:
                await site.start()
            except OSError as exc:
                raise WebError(self._cannot_listen(exc)) from None
            port = runner.addresses[0][1]
            where = " or ".join(addresses_to_open(self.host, port))
            print(f"Color Cards is at {where} : open it in a browser. "
                  f"Ctrl+C here stops it.", file=self.out, flush=True)
            await self._stop.wait()
            print("Stopping: every game is saved.", file=self.out, flush=True)
            await asyncio.gather(*(self._quit(game) for game in list(self.games)))
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
