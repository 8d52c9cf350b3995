"""`colorcards serve`: the game in a web page, for players who do not live in a terminal.

textual-serve (the optional `web` extra) runs the game in a process of its own for each
browser tab and draws it with xterm.js; `server.py` adapts it, `index.html` is the page.
This module checks what the player asked for before anything is imported or opened, so
that a wrong address or a missing extra is one line, not a traceback.
"""

from __future__ import annotations

import argparse
import ipaddress
import sys
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

LOOPBACK = "127.0.0.1"
"""Where the game listens unless --host says otherwise: this machine only."""
DEFAULT_PORT = 8000

NO_LOGIN = ("colorcards: listening on {host}: there is no login, so anyone who can reach "
            "this address plays as you, with your saves and statistics.")


class WebError(RuntimeError):
    """The server cannot start, in words for the player (port in use, extra missing)."""


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def refusal_for(host: str, origin: str | None, *, websocket: bool,
                loopback_only: bool) -> str | None:
    """Why a request naming `host` (its Host header) from a page of `origin` is refused, or
    None to answer it (see server.py's `_guard`)."""
    if loopback_only and not is_loopback(urlsplit(f"//{host}").hostname or ""):
        return "colorcards serve answers only to this machine's own addresses"
    if websocket and origin is not None and urlsplit(origin).netloc != host:
        return "a page from another site may not play this game"
    return None


def check_address(host: str, port: int, *, network: bool) -> None:
    """ValueError unless the port is a port and the host is loopback or `network` (the
    player said --host) allows another."""
    if not 0 <= port <= 65535:
        raise ValueError(f"--port must be from 0 to 65535 (0: any free port), not {port}")
    if not network and not is_loopback(host):
        raise ValueError(f"{host} is reachable from other machines: say --host {host} "
                         f"to serve the game there (there is no login)")


PACKAGE_ROOT = Path(__file__).resolve().parents[2]
"""The folder that holds the colorcards package the server runs: each game imports it from
there (see `game_command`)."""


def game_command(data_dir: str | Path | None) -> list[str]:
    """The command each tab's game runs: this Python and this very package, on the same
    data directory as the terminal game (the environment, COLORCARDS_DATA_DIR included,
    is inherited). `-P` keeps the current directory off the game's path: a `colorcards`
    folder there (an older checkout) must not stand in for the package the server runs,
    which the server puts first on PYTHONPATH instead."""
    argv = [sys.executable, "-P", "-m", "colorcards"]
    if data_dir is not None:
        argv += ["--data-dir", str(Path(data_dir).expanduser().resolve())]
    return argv


def serve(host: str = LOOPBACK, port: int = DEFAULT_PORT, data_dir: str | Path | None = None,
          *, network: bool = False, out: TextIO | None = None) -> int:
    """Serve the game until Ctrl+C (or SIGTERM); the exit status. A host other than
    loopback is refused unless `network` is true. WebError when the server cannot start."""
    check_address(host, port, network=network)
    try:
        from .server import GameServer
    except ImportError:
        raise WebError("playing in a browser needs textual-serve, which is not installed: "
                       "install it with pip install '.[web]'") from None
    out = out or sys.stdout
    if not is_loopback(host):
        print(NO_LOGIN.format(host=host), file=out, flush=True)
    return GameServer(game_command(data_dir), host=host, port=port, out=out).run()


def run_serve(args: argparse.Namespace) -> int:
    """`colorcards serve` from the command line's arguments: --host is the explicit word
    that lets the game listen beyond this machine."""
    host = args.host if args.host is not None else LOOPBACK
    data_dir = getattr(args, "serve_data_dir", None) or getattr(args, "data_dir", None)
    return serve(host, args.port, data_dir, network=args.host is not None)
