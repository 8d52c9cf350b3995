"""Snapshots of the main screens at the smallest supported size and a comfortable one.

Fixed data (a save from 28 Nov, records an hour apart) keeps them independent of the
clock. Update with `pytest tests/test_tui_screens_snapshots.py --snapshot-update` after
checking the differences by eye.
"""

from __future__ import annotations

import pytest

from colorcards.engine import Colour
from colorcards.settings import GameSettings
from colorcards.tui.screens.chooser import ColourChooser
from colorcards.tui.screens.help import HelpScreen
from colorcards.tui.screens.newgame import NewGameScreen
from colorcards.tui.screens.pause import PauseMenu
from colorcards.tui.screens.results import ResultsScreen
from colorcards.tui.screens.stats import StatsScreen
from colorcards.tui.screens.title import TitleScreen
from tui_screens_helpers import SAVED, STATS, ScreenApp, sample_records, sample_results

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

SCREENS = {
    "title": lambda: TitleScreen(SAVED),
    "new_game": lambda: NewGameScreen(STATS, GameSettings(), False),
    "colour_chooser": lambda: ColourChooser(
        {Colour.RED: 1, Colour.BLUE: 3, Colour.YELLOW: 2, Colour.GREEN: 0}, "classic"),
    "results": lambda: ResultsScreen(sample_results()),
    "statistics": lambda: StatsScreen(STATS, sample_records()),
}


@pytest.fixture(autouse=True)
def _unicode_shapes(monkeypatch):
    """Unicode shapes and colour whatever terminal runs the tests."""
    from colorcards.session import palette

    monkeypatch.setattr(palette, "unicode_ok", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(SCREENS))
def test_screen_snapshot(snap_compare, name, size):
    assert snap_compare(ScreenApp(SCREENS[name]), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_error_snapshot(snap_compare, size):
    """The settings with a forbidden combination explained inline."""
    keys = ["down"] * 5 + ["right"]
    assert snap_compare(ScreenApp(SCREENS["new_game"]), press=keys, terminal_size=size)


PHONE_SCREENS = {
    **SCREENS,
    "pause": lambda: PauseMenu(True, coach_on=True),
    "keys": lambda: HelpScreen(),
    "wild_from_the_hand": lambda: ColourChooser(
        {Colour.RED: 1, Colour.BLUE: 3, Colour.YELLOW: 2, Colour.GREEN: 0}, "classic",
        cancellable=True),
}


@pytest.mark.parametrize("name", ["title", "colour_chooser", "results", "new_game", "pause",
                                  "keys", "wild_from_the_hand"])
def test_phone_screen_snapshot(snap_compare, name):
    """On a phone held upright (42x40): the title's name and cards whole, the four
    colours two and two, every button of the results in sight to tap; New game's values
    whole under their options, with arrows to tap; the pause menu's Take back and both
    quits; a Back to tap on the Keys page and the chooser of a Wild from the hand."""
    assert snap_compare(ScreenApp(PHONE_SCREENS[name]), terminal_size=(42, 40))
