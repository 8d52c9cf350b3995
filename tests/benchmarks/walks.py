"""The walk of a played card and of a hint through the package: files, hops and threads.

    python tests/benchmarks/walks.py            # this tree's walks
    python tests/benchmarks/walks.py --calls    # and each hop, in order

The installed app is seated at one prepared position with the coach on (its real
process), then a key is pressed: a card's digit, or H. Calls from one file of the
package into another are traced (`sys.setprofile`, in every thread) until it is at
rest, and the input's walk kept: from the front end's call into the table (the one carrying
the card, or `hint`), every hop under it and every hop of the session's and the coach's
own work that follows (a thread's, a timer's, the coach's answer), and each call back
up into tui/ (not what the front end then reads to draw: that is drawing, not the walk;
nor the clock ringing a timer the front end set). The engine's and the bots' insides
and the widgets are left out. The coach's own process is a second process in both.
The figures:

- hops: the calls from one file into another along the walk;
- carrying: the hops whose arguments carry the card played (it, or a move of it);
- up: the calls from the session (or the coach) up into tui/;
- down again: the calls from tui/ back down after the first (work the session handed
  the front end to run, coming back: the bounces);
- files and threads the walk passes through.

The same command run in an older checkout gives its walk (the script uses only what
both have: `ColorCardsApp`, `app.seat`, `Seating.at`), which is how a change to the
table's layering is measured before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import colorcards  # noqa: E402

PACKAGE = str(Path(colorcards.__file__).parent) + "/"
TUI = PACKAGE + "tui/"
SESSION = PACKAGE + "session/"
LEFT_OUT = tuple(PACKAGE + part for part in ("engine/", "bots/", "tui/widgets/"))
TABLE = "top=R3 | you: G2 R5 B7 Y9 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2"
SETTLE = 4.0
"""Seconds the table is given to sit down (the coach's process started) before the key."""
QUIET = 5.0
"""Seconds without a hop after which the walk is at rest (the coach's answer is in)."""
LONGEST = 300.0


class Walk:
    """The walk of one input: the hops between the package's files that it causes."""

    def __init__(self, card: Any = None) -> None:
        self.card = card
        """The card played (None: the hint is the input)."""
        self.entry: FrameType | None = None
        """The table's method the front end called with the input."""
        self.hops: list[tuple[str, str, str, bool]] = []
        """(from file, to file:function, thread, carries the card), in order."""
        self._lock = threading.Lock()

    def trace(self, frame: FrameType, event: str, arg: Any) -> None:
        caller = frame.f_back
        if event != "call" or caller is None:
            return
        here, there = frame.f_code.co_filename, caller.f_code.co_filename
        if (here == there or not here.startswith(PACKAGE) or not there.startswith(PACKAGE)
                or here.startswith(LEFT_OUT) or there.startswith(LEFT_OUT)):
            return
        if self.entry is None:
            if there.startswith(TUI) and here.startswith(SESSION) and self._enters(frame):
                self.entry = frame
                self._note(frame, there, here)
            return
        if here.startswith(TUI):
            # A call up into the front end is a hop (not what the front end then does);
            # the clock ringing a timer the front end set is the front end's own.
            if there.startswith(SESSION) and not there.endswith("/clocks.py"):
                self._note(frame, there, here)
            return
        if self._within(caller):
            self._note(frame, there, here)

    def _enters(self, frame: FrameType) -> bool:
        if self.card is None:
            return frame.f_code.co_name == "hint"
        return _carries(frame, self.card)

    def _within(self, frame: FrameType | None) -> bool:
        """Whether the work at `frame` is the input's: under the table's method the front
        end called, or the session's and the coach's own (a thread, a timer, an answer),
        not the front end reading the table to draw it. Work the session hands the front
        end to run in a thread of its own is the input's too."""
        handed = threading.current_thread() is not threading.main_thread()
        while frame is not None:
            if frame is self.entry:
                return True
            if frame.f_code.co_filename.startswith(TUI) and not handed:
                return False
            if frame.f_code is _at_rest.__code__:
                return False  # this script asking whether the table is at rest
            frame = frame.f_back
        return True

    def _note(self, frame: FrameType, there: str, here: str) -> None:
        carries = self.card is not None and _carries(frame, self.card)
        with self._lock:
            self.hops.append((there[len(PACKAGE):], f"{here[len(PACKAGE):]}:"
                              f"{frame.f_code.co_name}", threading.current_thread().name,
                              carries))

    def __enter__(self) -> Walk:
        threading.setprofile(self.trace)
        sys.setprofile(self.trace)
        return self

    def __exit__(self, *_: object) -> None:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]

    def figures(self) -> dict[str, Any]:
        files = {f for there, here, _, _ in self.hops for f in (there, here.split(":")[0])}
        up = [h for h in self.hops if h[1].startswith("tui/")]
        down = [h for h in self.hops[1:] if h[0].startswith("tui/")]
        return {"hops": len(self.hops), "carrying": sum(1 for h in self.hops if h[3]),
                "up": len(up), "down again": len(down),
                "files": len(files), "threads": len({h[2] for h in self.hops})}


def _carries(frame: FrameType, card: Any) -> bool:
    code = frame.f_code
    names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    for name in names:
        value = frame.f_locals.get(name)
        if value is card or getattr(value, "card", None) is card:
            return True
    return False


async def walk(key: str) -> Walk:
    from colorcards.session.seating import Seating
    from colorcards.settings import GameSettings
    from colorcards.tui.app import ColorCardsApp
    from engine_helpers import position

    game = position(TABLE)
    settings = GameSettings(preset="color-cards", opponents=game.seats - 1, coach=True)
    card = next(c for c in game.hands[0] if c.code == "R5")
    with tempfile.TemporaryDirectory() as data:
        app = ColorCardsApp(data_dir=data, settings=settings)
        async with app.run_test(size=(100, 32)) as pilot:
            ctl = app.seat(Seating.at(game, settings, game_id="walk"), delay=3600.0,
                           window_seconds=3600)
            until = time.monotonic() + SETTLE  # the coach's process started and ready
            while time.monotonic() < until:
                await pilot.pause(0.05)
            if key == "card":
                key = str(list(ctl.hand()).index(card) + 1)
            with Walk(card if key != "h" else None) as traced:
                await pilot.press(key)
                await _at_rest(pilot, traced, ctl, up=key == "h")
    return traced


async def _at_rest(pilot: Any, traced: Walk, table: Any, up: bool) -> None:
    """Until the walk has been still for `QUIET` seconds, the coach judging nothing more
    (the table's `weighing`) and, for the hint, its answer come up; at most `LONGEST`."""
    start = last = time.monotonic()
    seen = 0
    while time.monotonic() - start < LONGEST:
        await pilot.pause(0.05)
        if len(traced.hops) != seen:
            seen, last = len(traced.hops), time.monotonic()
        answered = not up or traced.figures()["up"] > 0
        if answered and not table.weighing and time.monotonic() - last > QUIET:
            return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", action="store_true", help="print each hop")
    args = parser.parse_args()
    for name, key in (("a played card", "card"), ("a hint", "h")):
        traced = asyncio.run(walk(key))
        figures = traced.figures()
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))
        if args.calls:
            for there, here, thread, carries in traced.hops:
                print(f"    {there} -> {here}  [{thread}]{'  *card*' if carries else ''}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
