"""`colorcards replay game.json`: an exported game opened in the Replay screen.

The file is read and replayed before any screen opens, so a damaged, truncated,
hand-edited or newer-version file, an unknown option or an impossible action is one
line on stderr and exit status 1, never a traceback. `--check` stops there and says
whether the file replays to the result it records.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..replay.kept import KeptGame, ReplayError, read_export, read_text
from ..session.exercises import Item, exercises_from_export
from .app import ColorCardsApp
from .program import NO_TERMINAL, has_terminal


class ReplayFileApp(ColorCardsApp):
    """The game app opening on one exported game's replay; leaving it quits."""

    def __init__(self, kept: KeptGame, exercises: list[Item] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(direct=True, **kwargs)
        self.kept = kept
        """The exported game shown first."""
        self.exercises = list(exercises or [])
        """The exercises the file carries: its costly moments, each tried again with Enter."""

    def _direct_start(self) -> None:
        from .looking_back import open_replay

        open_replay(self, self.kept, back=lambda: self.exit(0), exercises=self.exercises)


def run_replay(args: argparse.Namespace) -> int:
    """Check the file named by `args.file`, then replay it (or just report with --check)."""
    name = args.file
    try:
        kept, game, distrust = read_export(name)
    except ReplayError as exc:
        print(f"colorcards: cannot replay {exc}", file=sys.stderr)
        return 1
    try:
        carried, damaged = exercises_from_export(json.loads(read_text(name)))
    except (ReplayError, ValueError):
        carried, damaged = [], 0  # read and replayed above: this cannot fail in practice
    if damaged:
        print(f"colorcards: {damaged} of the file's exercises are damaged and left out",
              file=sys.stderr)
    if args.check:
        where = f"{len(kept.actions)} actions, {game.total_turns} turns"
        if carried:
            where += f", {len(carried)} exercise{'s' if len(carried) != 1 else ''}"
        if distrust:
            print(f"colorcards: {Path(name).name} replays ({where}) but cannot be trusted: "
                  f"{distrust}", file=sys.stderr)
            return 1
        print(f"{Path(name).name} replays to its recorded result ({where}).")
        return 0
    if not has_terminal():
        print(NO_TERMINAL, file=sys.stderr)
        return 2
    app = ReplayFileApp(kept, carried, data_dir=getattr(args, "data_dir", None))
    result = app.run()
    return result if isinstance(result, int) else 0
