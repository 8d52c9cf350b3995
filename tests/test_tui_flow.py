"""Moving between screens after a game: every screen reached keeps answering its keys.

A screen's answer goes to whoever pushed it; these paths once pushed the title from the
table's callbacks, after which the table was gone and the title's keys did nothing.
"""

from __future__ import annotations

import re

import pytest

from colorcards.tui.screens.newgame import NewGameScreen
from colorcards.tui.screens.results import ResultsScreen
from colorcards.tui.screens.stats import StatsScreen
from colorcards.tui.screens.title import TitleScreen
from colorcards.tui.widgets import LogStrip
from tui_table_helpers import make_app, play_to_end, screen_text, settle, shown, wait


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
        assert re.search(r"(You|Lily) went out with \S+ \w+", shown(app)), shown(app)
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
    """Results → New game (N) → Escape → the results again (one step back) → Title (T),
    whose choices still work."""
    app = make_app("duel", seed=3, data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_to_end(pilot)
        await _press(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)
        await _press(pilot, "escape")
        assert isinstance(app.screen, ResultsScreen)
        await _press(pilot, "t")
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
    from colorcards.tui.screens.help import HelpScreen
    from colorcards.tui.screens.pause import PauseMenu

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


async def test_escape_in_the_colour_chooser_puts_the_wild_back(tmp_path):
    """Wild chosen from the hand, then Escape: the hand is as it was, nothing played,
    still your turn; choosing again plays it."""
    from colorcards.engine import Colour
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.screens.chooser import ColourChooser
    from engine_helpers import position
    from tui_table_helpers import seat_position

    game = position("top=R3 | you: W B7 B8 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        ctl = seat_position(app, game)
        await pilot.pause()
        await pilot.pause()
        before = [c.code for c in ctl.hand()]
        index = before.index("W")
        await _press(pilot, str(index + 1))
        assert isinstance(app.screen, ColourChooser)
        await _press(pilot, "escape")
        assert not isinstance(app.screen, ColourChooser)
        assert [c.code for c in ctl.hand()] == before
        assert game.top.code == "R3" and game.current == 0
        await _press(pilot, str(index + 1))
        await _press(pilot, "4")
        assert game.top.code == "W" and game.active_colour is Colour.GREEN


async def test_stray_enters_at_the_end_of_a_match_leave_the_results_up(tmp_path):
    """The Enter that played the last card, and one more: the results stay, no New game
    popup opens and no game is dealt; N then goes on."""
    app = make_app("duel", seed=3, data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot)
        results = app.screen
        assert isinstance(results, ResultsScreen)
        await _press(pilot, "enter")
        await _press(pilot, "enter")
        assert app.screen is results
        await _press(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)


async def test_escape_on_the_title_asks_before_quitting(tmp_path):
    """Escape on the title asks (the tester quit by accident twice); N stays, Y quits."""
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.screens.confirm import ConfirmDialog

    app = ColorCardsApp(data_dir=tmp_path, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _press(pilot, "escape")
        assert isinstance(app.screen, ConfirmDialog) and app.return_value is None
        await _press(pilot, "n")
        assert isinstance(app.screen, TitleScreen)
        await _press(pilot, "escape")
        await _press(pilot, "y")
    assert app.return_value == 0


async def test_rules_and_new_game_from_the_pause_menu_come_back_to_it(tmp_path):
    """Table → Esc (menu) → R (rules) → Esc → the menu; N → Esc → the menu; Esc → table."""
    from colorcards.tui.screens.pause import PauseMenu
    from colorcards.tui.screens.rules import RulesScreen
    from colorcards.tui.screens.table import TableScreen
    from tui_table_helpers import settle

    app = make_app("duel", seed=3, data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await _press(pilot, "escape")
        assert isinstance(app.screen, PauseMenu)
        await _press(pilot, "r")
        assert isinstance(app.screen, RulesScreen)
        await _press(pilot, "escape")
        assert isinstance(app.screen, PauseMenu)
        await _press(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)
        await _press(pilot, "escape")
        assert isinstance(app.screen, PauseMenu)
        await _press(pilot, "escape")
        assert isinstance(app.screen, TableScreen)


async def test_the_game_waits_while_the_terminal_is_too_small(tmp_path):
    """At 60×20 the table cannot be seen: the turn timer stops and the computers wait;
    at 100×32 play goes on, the turn timer where it stopped."""
    app = make_app("color-cards", seed=5, data_dir=tmp_path, delay=0.05,
                   changes={"turn_timer": 30, "first_player": "left-of-dealer"})
    async with app.run_test(size=(60, 20)) as pilot:
        for _ in range(5):
            await pilot.pause()
        ctl = app.controller
        text = " ".join(screen_text(app).split())
        assert ctl.paused and "make the window taller: the game waits" in text
        moves, left = len(ctl.game.actions), ctl.turn_left()
        await wait(pilot, 60)  # twice the turn timer, and many computer moves' pauses
        assert len(ctl.game.actions) == moves and ctl.turn_left() == left
        await pilot.resize_terminal(100, 32)
        for _ in range(5):
            await pilot.pause()
        assert not ctl.paused and "the game waits" not in screen_text(app)
        await wait(pilot, 31)
        assert len(ctl.game.actions) > moves  # play goes on


@pytest.mark.parametrize("size, what", [
    ((30, 40), "Turn your phone sideways or widen the window"),
    ((60, 20), "Turn your phone upright or make the window taller"),
])
async def test_too_small_says_what_to_do_in_a_players_words(tmp_path, size, what):
    """Too narrow even for the narrow table, or too short: what to do, not the terminal's
    size in cells; 40 columns by 24 rows play (a phone held upright is about 43 x 40)."""
    app = make_app("color-cards", seed=5, data_dir=tmp_path, delay=60)
    async with app.run_test(size=size) as pilot:
        for _ in range(5):
            await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert app.controller.paused and what in text and "Terminal" not in text
        await pilot.resize_terminal(40, 24)
        for _ in range(5):
            await pilot.pause()
        assert not app.controller.paused and "the game waits" not in screen_text(app)


async def test_the_log_strip_never_begins_in_the_middle_of_a_sentence(tmp_path):
    """After Continue the strip under the ring showed the tail of a wrapped line ('2, Blue
    4, Yellow 4 — you miss a turn'): it shows only the last lines that fit whole."""
    app = make_app("duel", seed=3, data_dir=tmp_path, window_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ctl = app.controller
        ctl.table_log.mine()
        long = "Lily played Blue 2, Blue 4, Yellow 4 — " + "and then something else " * 6 + "end."
        for line in (long, "Short one.", "Short two."):
            ctl.table_log.lines.append(line)
            ctl.table_log.logged += 1
        ctl.table_log.mine()
        app.screen.refresh_table()
        await pilot.pause()
        strip = app.screen.query_one("#log", LogStrip).text.splitlines()[0]
        assert strip.startswith("Short one") or strip.startswith("Lily played"), strip


async def test_rules_opened_again_start_on_this_tables_rules_at_the_top(tmp_path):
    """The app keeps the Rules screen between openings: each opening still starts on
    this table's rules, scrolled to the top, the page taking the keys (put back as it
    closes, not as it opens again, when its first frame would show the old place);
    other rules (a preset chosen since) get a page of their own."""
    from textual.containers import VerticalScroll
    from textual.widgets import TabbedContent

    from colorcards.settings import GameSettings
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.screens.rules import RulesScreen

    app = ColorCardsApp(data_dir=tmp_path, background_reviews=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for opening in range(2):
            await _press(pilot, "r")
            assert isinstance(app.screen, RulesScreen)
            assert app.screen.query_one(TabbedContent).active == "table", opening
            page = app.screen.query_one("#rules-page", VerticalScroll)
            assert page.has_focus and page.scroll_y == 0, opening
            assert screen_text(app).splitlines()[2].strip().startswith("Color Cards")
            await _press(pilot, "end")
            assert page.scroll_y > 0
            await _press(pilot, "r")  # the rulebook, left open
            assert app.screen.query_one(TabbedContent).active == "rulebook"
            await _press(pilot, "escape")
            assert isinstance(app.screen, TitleScreen)
            # Put back while closed, so the next opening's first frame is already so.
            kept = app.get_screen("rules")
            assert kept.query_one(TabbedContent).active == "table"
            assert kept.query_one("#rules-page", VerticalScroll).scroll_y == 0
        app.settings = GameSettings(preset="party")
        await _press(pilot, "r")
        assert "Party" in screen_text(app).splitlines()[2]
        assert "Color Cards" not in shown(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_notice_never_covers_the_table(tmp_path, size):
    """Issue 30, item 14: 'The same deal again…', 'Coach on…' and the like showed over
    the cards the player was about to play; moved to the top, they covered the
    opponents' counts (issue 41, item 12). At the table, the status line says them,
    before the prompt, and nothing is drawn over the table."""
    app = make_app("color-cards", seed=3, data_dir=tmp_path)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        app.notify("The same deal again: the same cards, the same options.", timeout=30)
        app.notify("Coach on: this game is now practice (not counted in your record).",
                   timeout=30)
        for _ in range(3):
            await pilot.pause()
        assert not app.screen.query("Toast")
        said = shown(app)
        assert ("The same deal again: the same cards, the same options. Coach on: this game "
                "is now practice (not counted in your record).") in said


def _blank_beside_the_dialog(app) -> None:
    dialog = app.screen.query_one(".dialog").region
    rows = screen_text(app).splitlines()
    for y, row in enumerate(rows[:-1]):  # the last row: the app's footer of keys
        outside = "".join(ch for x, ch in enumerate(row)
                          if not (dialog.x <= x < dialog.right and dialog.y <= y < dialog.bottom))
        assert not outside.strip(), (y, row)


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_wide_dialog_over_the_table_leaves_no_stray_text_beside_it(tmp_path, size):
    """Issue 30, item 18: beside New game, the keys page and the results, the table's
    edges showed as stray text ('──╮', 'v │', 'ints — The'). Outside such a dialog the
    screen is blank now."""
    from colorcards.tui.screens.help import HelpScreen
    from colorcards.tui.screens.pause import PauseMenu

    app = make_app("duel", seed=3, data_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await _press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        _blank_beside_the_dialog(app)
        await _press(pilot, "escape")
        await _press(pilot, "escape")
        assert isinstance(app.screen, PauseMenu)
        await _press(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)
        _blank_beside_the_dialog(app)
        await _press(pilot, "escape")
        await _press(pilot, "escape")
        await play_to_end(pilot)
        assert isinstance(app.screen, ResultsScreen)
        _blank_beside_the_dialog(app)
