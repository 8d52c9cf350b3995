"""Moving between screens after a game: every screen reached keeps answering its keys.

A screen's answer goes to whoever pushed it; these paths once pushed the title from the
table's callbacks, after which the table was gone and the title's keys did nothing.
"""

from __future__ import annotations

import re

from colorcards.tui.screens import NewGameScreen, ResultsScreen, StatsScreen, TitleScreen
from tui_table_helpers import make_app, play_to_end, screen_text, shown


async def _press(pilot, key: str) -> None:
    await pilot.press(key)
    for _ in range(3):
        await pilot.pause()


async def test_results_to_title_then_statistics_and_back(tmp_path):
    """Results → Title (T) → Statistics (S) → Escape → Title → New game (N)."""
    app = make_app("duel", seed=3, data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await _press(pilot, "t")
        assert isinstance(app.screen, TitleScreen)
        await _press(pilot, "s")
        assert isinstance(app.screen, StatsScreen)
        assert re.search(r"Normal\s+1\s", shown(app)), "the game just played is counted"
        await _press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)
        await _press(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)


async def test_results_new_game_backed_out_of_leads_to_a_working_title(tmp_path):
    """Results → New game (N) → Escape → Title, whose choices still work."""
    app = make_app("duel", seed=3, data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_to_end(pilot)
        await _press(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)
        await _press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)
        await _press(pilot, "s")
        assert isinstance(app.screen, StatsScreen)


def _foreign(app) -> set[str]:
    """Characters beyond ASCII on the screen, leaving out the punctuation every terminal
    font has and the footer's key names (fixed when the table's module is first imported,
    which in this test process was before COLORCARDS_ASCII was set)."""
    text = "\n".join(screen_text(app).splitlines()[:-1])
    return {ch for ch in text if ord(ch) > 126} - set("·—–")


async def test_ascii_fallback_reaches_the_dialogs(tmp_path, monkeypatch):
    """With COLORCARDS_ASCII=1 the title, New game, keys page and pause menu draw ASCII."""
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.screens import HelpScreen, PauseMenu

    monkeypatch.setenv("COLORCARDS_ASCII", "1")
    app = ColorCardsApp(data_dir=tmp_path, delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await _press(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)
        assert not _foreign(app), shown(app)
        assert "> PLAY" in shown(app)
        await _press(pilot, "enter")
        await _press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert not _foreign(app) and "<- / ->" in shown(app)
        await _press(pilot, "escape")
        await _press(pilot, "escape")
        assert isinstance(app.screen, PauseMenu)
        assert not _foreign(app) and "> Resume" in shown(app)
