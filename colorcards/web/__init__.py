"""`colorcards serve`: the game in a web page, for players who do not live in a terminal.

Each browser tab's game runs in a process of its own under Textual's web driver
(`relay.py`), drawn in the page by textual-serve's terminal (the optional `web` extra);
`server.py` serves them, `index.html` is the page.
This module checks what the player asked for before anything is imported or opened, so
that a wrong address or a missing extra is one line, not a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from .addresses import (
    DEFAULT_PORT,
    IN_USE_STATUS,
    LOOPBACK,
    PACKAGE_ROOT,
    WebError,
    addresses_to_open,
    check_address,
    is_any_address,
    is_loopback,
    own_names,
    refusal_for,
)

__all__ = ["DEFAULT_PORT", "IN_USE_STATUS", "LOOPBACK", "NO_LOGIN", "PACKAGE_ROOT", "WebError",
           "addresses_to_open", "check_address", "game_command", "is_any_address",
           "is_loopback", "own_names", "refusal_for", "run_serve", "serve"]
"""The launcher, and what the app and the tests read of where the game is served
(`addresses.py`, which the server imports instead of this module)."""

NO_LOGIN = ("colorcards: listening on {host}: there is no login, so anyone who can reach "
            "this address plays as you, with your saves and statistics.")


def game_command(data_dir: str | Path | None, coach_workers: int | None = None,
                 background_reviews: bool = True) -> list[str]:
    """The command each tab's game runs: this Python and this very package, on the same
    data directory as the terminal game (the environment, COLORCARDS_DATA_DIR included,
    is inherited), its coach on at most `coach_workers` processes when given (checked
    by the command line: coach/pool.py `setting_of`), without background reviews when
    `background_reviews` is false. `-P` keeps the current directory
    off the game's path: a `colorcards` folder there (an older checkout) must not stand
    in for the package the server runs, which the server puts first on PYTHONPATH
    instead."""
    argv = [sys.executable, "-P", "-m", "colorcards"]
    if data_dir is not None:
        argv += ["--data-dir", str(Path(data_dir).expanduser().resolve())]
    if coach_workers is not None:
        argv += ["--coach-workers", str(coach_workers)]
    if not background_reviews:
        argv.append("--no-background-reviews")
    return argv


def serve(host: str = LOOPBACK, port: int = DEFAULT_PORT, data_dir: str | Path | None = None,
          *, network: bool = False, out: TextIO | None = None,
          coach_workers: int | None = None, background_reviews: bool = True) -> int:
    """Serve the game until Ctrl+C (or SIGTERM); the exit status. A host other than
    loopback is refused unless `network` is true; every game served has `coach_workers`
    (None: its environment's or the default), and background reviews unless
    `background_reviews` is false. WebError when the server cannot start."""
    check_address(host, port, network=network)
    try:
        from .server import GameServer
    except ImportError:
        raise WebError("playing in a browser needs textual-serve, which is not installed: "
                       "install it with pip install '.[web]'") from None
    out = out or sys.stdout
    if not is_loopback(host):
        print(NO_LOGIN.format(host=host), file=out, flush=True)
    return GameServer(game_command(data_dir, coach_workers, background_reviews),
                      host=host, port=port,
                      out=out).run()


def run_serve(args: argparse.Namespace) -> int:
    """`colorcards serve` from the command line's arguments: --host is the explicit word
    that lets the game listen beyond this machine; --coach-workers comes checked (cli.py
    `check_coach_workers`)."""
    host = args.host if args.host is not None else LOOPBACK
    data_dir = getattr(args, "serve_data_dir", None) or getattr(args, "data_dir", None)
    return serve(host, args.port, data_dir, network=args.host is not None,
                 coach_workers=getattr(args, "coach_workers", None),
                 background_reviews=not (getattr(args, "no_background_reviews", False)
                                         or getattr(args, "serve_no_background_reviews",
                                                    False)))
