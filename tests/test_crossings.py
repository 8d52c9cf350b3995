"""A played card and a hint each cross from the TUI into the session once, and come back up
only as a message (session/messages.py): every call between the two packages is traced
(`sys.setprofile`, in every thread) from the key to the table at rest.

Down: a call from a module of colorcards/tui/ into the table (a method of the
`GameController`) carrying the played card, or asking for the hint. Up: any call from a
module of colorcards/session/ into one of colorcards/tui/: only the table's listener may
be called, with a `TableMessage`. The table's clock is the test's (`HandClock`), and its
coach a stand-in at the coach's protocol (`LocalCoach`), so that nothing else stands
between the two."""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import colorcards.session
import colorcards.tui
from coach_helpers import QUICK, LocalCoach
from colorcards.engine import Card, Play
from colorcards.session.controller import GameController
from colorcards.session.messages import Changed, Hinted, TableMessage
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.helpers import Helpers
from engine_helpers import position
from tui_table_helpers import HandClock, seat_position

TUI = str(Path(colorcards.tui.__file__).parent)
SESSION = str(Path(colorcards.session.__file__).parent)


@dataclass
class Calls:
    """The calls between the TUI and the session, as they happen."""

    down: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)
    """Each call from the TUI into the table: the method, its arguments."""
    up: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)
    """Each call from the session into the TUI: the function, its arguments."""

    def trace(self, frame: FrameType, event: str, arg: Any) -> None:
        caller = frame.f_back
        if event != "call" or caller is None:
            return
        here, there = frame.f_code.co_filename, caller.f_code.co_filename
        if there.startswith(TUI) and here.startswith(SESSION):
            table = frame.f_locals.get("self")
            if isinstance(table, GameController):
                self.down.append((frame.f_code.co_name, _arguments(frame)))
        elif there.startswith(SESSION) and here.startswith(TUI):
            self.up.append((frame.f_code.co_qualname, _arguments(frame)))

    def __enter__(self) -> Calls:
        threading.setprofile(self.trace)
        sys.setprofile(self.trace)
        return self

    def __exit__(self, *_: object) -> None:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]

    def carrying(self, card: Card) -> list[str]:
        """The calls down whose arguments carry `card` (itself, or a move of it)."""
        return [name for name, args in self.down
                if any(a is card or (isinstance(a, Play) and a.card is card) for a in args)]


def _arguments(frame: FrameType) -> tuple[Any, ...]:
    code = frame.f_code
    count = code.co_argcount + code.co_kwonlyargcount
    return tuple(frame.f_locals.get(name) for name in code.co_varnames[:count]
                 if name != "self")


def _only_messages(calls: Calls) -> list[TableMessage]:
    """Every call up is the table's listener with one of its messages; those messages."""
    told = []
    for name, args in calls.up:
        assert name == "TableScreen._hear", f"the session called the TUI's {name}"
        assert len(args) == 1 and isinstance(args[0], TableMessage), args
        told.append(args[0])
    return told


def _app(tmp_path) -> ColorCardsApp:
    return ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock(),
                         helpers=Helpers(coach=LocalCoach(QUICK)))  # type: ignore[arg-type]


async def test_a_played_card_crosses_once_and_comes_back_only_as_a_message(tmp_path):
    game = position("top=R3 | you: G2 R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = seat_position(pilot.app, game)
        await pilot.pause()
        await pilot.pause()
        card = next(c for c in ctl.hand() if c.code == "R5")
        with Calls() as calls:
            await pilot.press(str(ctl.hand().index(card) + 1))
            await pilot.app.clock.finished(None)  # the coach's and the computers' work
            await pilot.pause()
        assert game.top is card  # played
        assert calls.carrying(card) == ["play_card"]  # once, into the table
        told = _only_messages(calls)
        assert told and all(isinstance(m, Changed) for m in told)


async def test_a_hint_crosses_once_and_comes_back_only_as_a_message(tmp_path):
    game = position("top=R3 | you: B7 R5 G3 Y9 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = seat_position(pilot.app, game)
        await pilot.pause()
        await pilot.pause()
        with Calls() as calls:
            await pilot.press("h")
            await pilot.app.clock.finished(None)  # the hint's wait for the coach
            await pilot.pause()
        asked = [name for name, _ in calls.down if name == "hint"]
        assert asked == ["hint"]  # once, into the table
        told = _only_messages(calls)
        hinted = [m for m in told if isinstance(m, Hinted)]
        assert len(hinted) == 1 and hinted[0].action == ctl.hinted is not None
        assert "Hint: " in hinted[0].words
        # Nothing the TUI made went down to be called back: no function of its own.
        handed = [a for _, args in calls.down for a in args
                  if callable(a) and getattr(getattr(a, "__code__", None), "co_filename",
                                             "").startswith(TUI)]
        assert handed == []
