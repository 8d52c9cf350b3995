"""The game as the `colorcards` command runs it: the app made with the program's own
configuration, run, and the process ended with it.

What the program turns on that an app made otherwise (a test's) leaves off: the
background reviews (unless --no-background-reviews), and collections of every
generation at the app's quiet moments (collector.py).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, NoReturn

from ..settings import settings_from_args
from .app import ColorCardsApp, run
from .collector import Collector
from .helpers import Helpers, end_now


def player_app(coach_workers: int | None = None, **options: Any) -> ColorCardsApp:
    """The app as the program makes it (benchmarks make theirs so too)."""
    options.setdefault("background_reviews", True)
    options.setdefault("collector", Collector(full=True))
    options.setdefault("helpers", Helpers(coach_workers))
    return ColorCardsApp(**options)


def app_from_args(args: argparse.Namespace) -> ColorCardsApp:
    """The app the command line's arguments ask for."""
    settings, direct = settings_from_args(args)
    return player_app(data_dir=getattr(args, "data_dir", None),
                      seed=getattr(args, "seed", None), settings=settings, direct=direct,
                      background_reviews=not getattr(args, "no_background_reviews", False),
                      coach_workers=getattr(args, "coach_workers", None))


NO_TERMINAL = ("colorcards: the game needs a terminal to play in (its input or its screen "
               "is not one); `colorcards serve` plays it in a web browser, and `colorcards "
               "stats`, `history` and `sim` print to any output")
"""Said, with exit status 2, when the game is started without a terminal."""


def has_terminal() -> bool:
    """Whether the game can be played here: its keys come from standard input and it
    draws on standard error (Textual's way), both a terminal; or a driver of another
    kind draws it (`colorcards serve`'s, named in TEXTUAL_DRIVER)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    streams = (sys.__stdin__, sys.__stderr__)
    try:
        return all(stream is not None and stream.isatty() for stream in streams)
    except (OSError, ValueError):
        return False


def run_app(args: argparse.Namespace) -> NoReturn:
    """Run the game from the command line's arguments; the process ends with it
    (`end_now`), its exit status the app's. Without a terminal it says so and ends
    with status 2 (it would wait for keys that never come)."""
    if not has_terminal():
        print(NO_TERMINAL, file=sys.stderr)
        raise SystemExit(2)
    end_now(run(app_from_args(args)))
