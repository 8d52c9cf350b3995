"""The coach's process starts on the way to a table, not once the table is drawn: it
imports the coach for seconds as it starts, and the first turn's note waited for that.
Opening the New game dialog or choosing Continue starts it; the table then uses that
same process; quitting ends it; screens that lead to no table leave it unstarted.

The coach here is a stand-in that writes down its start and every line it reads."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from pathlib import Path

import pytest

from colorcards.coach import remote
from colorcards.settings import GameSettings
from colorcards.store import Store
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.screens.newgame import NewGameScreen
from colorcards.tui.screens.table import TableScreen
from colorcards.tui.screens.title import TitleScreen
from history_helpers import new_game

STAND_IN = r"""
import os, sys
with open(sys.argv[1], "a") as log:
    print("started", os.getpid(), file=log, flush=True)
    for line in sys.stdin:
        print(line.strip(), file=log, flush=True)
"""
"""A coach's process that answers nothing and notes what it is sent."""


@pytest.fixture
def log(tmp_path, monkeypatch) -> Path:
    """Where the coach's stand-in notes its start and every line it reads."""
    path = tmp_path / "coach.log"
    monkeypatch.setattr(remote, "COMMAND", (sys.executable, "-c", STAND_IN, str(path)))
    return path


def _lines(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


async def _until(pilot, log: Path, found) -> list[str]:
    """The stand-in's lines once `found(lines)` holds (a few seconds at most)."""
    deadline = time.monotonic() + 10
    while not found(lines := _lines(log)):
        assert time.monotonic() < deadline, f"the coach's process wrote only {lines}"
        await pilot.pause(0.02)
    return lines


def _child(app: ColorCardsApp):
    """The coach's process, if started."""
    return app.coach_process


async def test_the_new_game_dialog_starts_the_coach_the_table_uses(tmp_path, log):
    """Title: no coach's process. The New game dialog: started. Enter: the table asks
    that same process (the only one started), and quitting ends it."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60, seed=1,
                        settings=GameSettings(preset="duel", opponents=1, coach=True))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert _child(app) is None
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        child = _child(app)
        assert child is not None and child.poll() is None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.controller is not None and app.controller.remote is app.remote_coach
        # the coach ponders the player's first turn (the seed deals one with options)
        lines = await _until(pilot, log, lambda lines: any('"request"' in x for x in lines))
        assert _child(app) is child and child.poll() is None
        assert [x for x in lines if x.startswith("started")] == [f"started {child.pid}"]
    with contextlib.suppress(subprocess.TimeoutExpired):
        child.wait(5)
    assert child.poll() is not None, "the coach's process outlived the app"


async def test_continue_starts_the_coach_before_the_table_is_drawn(tmp_path, log,
                                                                   monkeypatch):
    """Continue: the process is started as the saved table is made, before its first
    frame (the table's own start, after that frame, finds it running)."""
    store = Store.open(tmp_path)
    game, meta, _ = new_game(0, 7)
    store.save_game(game, meta, [])
    store.close()
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    started_at_mount = []
    mount = TableScreen.on_mount

    def spied(table: TableScreen) -> None:
        started_at_mount.append(_child(app))
        mount(table)

    monkeypatch.setattr(TableScreen, "on_mount", spied)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and _child(app) is None
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        [child] = started_at_mount
        assert child is not None and _child(app) is child
        await _until(pilot, log, lambda lines: lines != [])
    assert [x for x in _lines(log) if x.startswith("started")] == [f"started {child.pid}"]
    with contextlib.suppress(subprocess.TimeoutExpired):
        child.wait(5)
    assert child.poll() is not None, "the coach's process outlived the app"


@pytest.mark.parametrize("keys", [
    ["s", "escape"],  # Statistics
    ["h", "escape"],  # History
    ["r", "escape"],  # the Rules
])
async def test_screens_that_lead_to_no_table_start_no_coach(tmp_path, log, keys):
    """Statistics, History and the Rules, opened from the title and left: no process."""
    app = ColorCardsApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    # The coach's process is started only through the app's helpers, at once when it
    # is (`start_coach`): none was, so none runs (no wait needed to see nothing come).
    assert _child(app) is None and _lines(log) == []
