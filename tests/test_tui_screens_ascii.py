"""COLORCARDS_ASCII=1: every character of every dialog is ASCII, and the shapes stay
distinct, so a terminal without Unicode shows the whole game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from colorcards.engine import COLOURS, Colour
from colorcards.session.palette import glyph
from colorcards.settings import GameSettings
from colorcards.tui.screens.chooser import ColourChooser
from colorcards.tui.screens.confirm import ConfirmDialog
from colorcards.tui.screens.help import HelpScreen
from colorcards.tui.screens.newgame import NewGameScreen
from colorcards.tui.screens.pause import PauseMenu
from colorcards.tui.screens.results import ResultsScreen
from colorcards.tui.screens.stats import StatsScreen
from colorcards.tui.screens.title import TitleScreen
from tui_screens_helpers import SAVED, STATS, ScreenApp, sample_records, sample_results
from tui_table_helpers import screen_text

SCREENS = {
    "title": lambda: TitleScreen(SAVED),
    "new_game": lambda: NewGameScreen(STATS, GameSettings(), False),
    "colour_chooser": lambda: ColourChooser({Colour.RED: 1, Colour.BLUE: 3}, "classic", True),
    "results": lambda: ResultsScreen(sample_results()),
    "match_results": lambda: ResultsScreen(sample_results(match_over=True)),
    "won_match_results": lambda: ResultsScreen(sample_results(match_over=True, you_won=True)),
    "won_single_round": lambda: ResultsScreen(
        replace(sample_results(match_over=True, you_won=True), match="single", round=1)),
    "statistics": lambda: StatsScreen(STATS, sample_records()),
    "no_statistics": lambda: StatsScreen({}, []),
    "title_without_a_save": lambda: TitleScreen(None),
    "pause": lambda: PauseMenu(True),
    "help": lambda: HelpScreen(),
    "confirm": lambda: ConfirmDialog("Start anyway?"),
}


class AsciiApp(ScreenApp):
    """The host app without Textual's command palette, as ColorCardsApp has none."""

    ENABLE_COMMAND_PALETTE = False


def _rows(app) -> list[str]:
    """The terminal's rows as plain text (from the app's own screenshot)."""
    return screen_text(app).split("\n")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name", list(SCREENS))
async def test_every_character_is_ascii(monkeypatch, name, size):
    monkeypatch.setenv("COLORCARDS_ASCII", "1")
    app = AsciiApp(SCREENS[name])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = _rows(app)
    foreign = [(n, row) for n, row in enumerate(rows) if not row.isascii()]
    assert not foreign, "\n".join(f"{n}: {row}" for n, row in foreign)
    assert any(row.strip() for row in rows)


@pytest.mark.parametrize("ascii_only", [True, False])
def test_no_two_things_share_a_glyph(ascii_only):
    """The four shapes and a Wild's mark are five different characters."""
    marks = [glyph(colour, ascii_only) for colour in COLOURS] + [glyph(None, ascii_only)]
    assert len(set(marks)) == 5 and all(len(m) == 1 for m in marks)
    assert all(m.isascii() for m in marks) == ascii_only


async def test_new_game_with_an_error_is_ascii(monkeypatch):
    """The forbidden-combination line (✗ in Unicode) and the changed blurb, in ASCII."""
    monkeypatch.setenv("COLORCARDS_ASCII", "1")
    app = AsciiApp(SCREENS["new_game"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * 5, "right")  # Draw Four: challenge, with stacking on
        await pilot.pause()
        rows = _rows(app)
    text = "\n".join(rows)
    assert "x A Wild Draw Four challenge exists only with Stacking off" in text
    assert all(row.isascii() for row in rows), text
