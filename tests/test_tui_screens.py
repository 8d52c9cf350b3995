"""The screens around the table, driven by keys and by clicks through a tiny host app.

Each test pushes one screen, acts as a player would, and checks both what the screen
shows and what it returns with dismiss().
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from textual.widgets import Button

from colorcards.engine import COLOURS, PRESETS, Colour, get_preset, parse_cards
from colorcards.settings import GameSettings
from colorcards.tui.screens.chooser import ColourChooser
from colorcards.tui.screens.common import Choice
from colorcards.tui.screens.confirm import ConfirmDialog
from colorcards.tui.screens.go import Go, answer
from colorcards.tui.screens.help import HelpScreen
from colorcards.tui.screens.newgame import IN_PROGRESS_QUESTION, NewGameScreen
from colorcards.tui.screens.pause import PauseMenu
from colorcards.tui.screens.results import ResultsScreen
from colorcards.tui.screens.rules import RulesScreen
from colorcards.tui.screens.stats import StatsScreen
from colorcards.tui.screens.title import TitleScreen
from tui_screens_helpers import (
    SAVED,
    STATS,
    LevelStats,
    ScreenApp,
    sample_records,
    sample_results,
)
from tui_table_helpers import screen_text

SMALL = (80, 24)


_FRAME = str.maketrans("", "", "│╭╮╰╯─║═╔╗╚╝▔▁")


def shown(app) -> str:
    """The words on the terminal right now, frames removed and wrapped lines rejoined."""
    return " ".join(screen_text(app).translate(_FRAME).split())


def screen_rows(app) -> list[str]:
    """The terminal's rows as plain text (from the app's own screenshot)."""
    return screen_text(app).split("\n")


async def run(make, keys=(), clicks=(), size=SMALL):
    """Show a screen, press keys, click selectors; return (app results, final text)."""
    app = ScreenApp(make)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        for selector in clicks:
            await pilot.click(selector)
        await pilot.pause()
        return app.results, shown(app)


# -- Title ------------------------------------------------------------------------------


async def test_title_shows_the_saved_game_and_continues_with_c():
    results, _ = await run(lambda: TitleScreen(SAVED), keys=["c"])
    assert results == [Go.CONTINUE]


async def test_title_describes_the_saved_game():
    _, text = await run(lambda: TitleScreen(SAVED))
    assert "Classic · Hard · round 2 saved Sat 28 Nov, 14:05" in text
    assert "Continue" in text
    for colour in COLOURS:
        assert colour.glyph in text and colour.title in text


@pytest.mark.parametrize("keys, expected", [
    (["enter"], "continue"),
    (["down", "enter"], "new"),
    (["down", "down", "enter"], "stats"),
    (["n"], "new"), (["s"], "stats"), (["r"], "rules"), (["q"], "quit"), (["escape"], "back"),
])
async def test_title_menu_by_keys(keys, expected):
    results, _ = await run(lambda: TitleScreen(SAVED), keys=keys)
    assert results == [answer(expected)]


@pytest.mark.parametrize("selector, expected", [
    ("#continue", "continue"), ("#new", "new"), ("#stats", "stats"), ("#rules", "rules"),
    ("#quit", "quit"),
])
async def test_title_menu_by_click(selector, expected):
    results, _ = await run(lambda: TitleScreen(SAVED), clicks=[selector])
    assert results == [answer(expected)]


async def test_title_without_a_save_has_no_continue():
    results, text = await run(lambda: TitleScreen(None), keys=["c", "enter"])
    assert "Continue" not in text
    assert results == [answer("new")]  # C did nothing; Enter pressed the first option, New game


async def test_title_accepts_a_datetime_for_saved_at():
    from datetime import datetime

    saved = dict(SAVED, saved_at=datetime(2026, 12, 1, 9, 30), preset="duel")
    _, text = await run(lambda: TitleScreen(saved))
    assert "Duel · Hard · round 2 saved Tue 1 Dec, 09:30" in text


# -- New game -----------------------------------------------------------------------------


def new_game(initial=None, in_progress=False, stats=STATS):
    return lambda: NewGameScreen(stats, initial or GameSettings(), in_progress)


async def test_new_game_plays_the_initial_settings_with_enter():
    results, _ = await run(new_game(), keys=["enter"])
    assert results == [GameSettings()]


async def test_new_game_escape_cancels():
    results, _ = await run(new_game(), keys=["escape"])
    assert results == [None]


async def test_new_game_shows_the_record_of_the_level_being_chosen():
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "7 games, all presets: 3 won, 4 lost (43%)" in shown(app)
        assert "Normal: sensible, with slips" in shown(app)
        await pilot.press("right")  # Normal -> Hard
        await pilot.pause()
        assert "3 games, all presets: 1 won, 2 lost (33%)" in shown(app)
        assert "Hard: no slips; stops whoever is about to go out" in shown(app)
        await pilot.press("right")  # Hard -> Crazy: never played
        await pilot.pause()
        assert "No games at Crazy yet." in shown(app)
        await pilot.press("enter")
    assert app.results == [GameSettings(difficulty="crazy")]


async def test_new_game_preset_sets_the_table_size_range():
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("down", "right", "right", "right")  # Color Cards -> Duel
        await pilot.pause()
        text = shown(app)
        assert "‹ Duel ›" in text and PRESETS["duel"].blurb[:40] in text
        opponents = app.screen.query_one("#opponents", Choice)
        assert [v for v, _ in opponents.options] == [1]
        await pilot.press("enter")
    assert app.results == [GameSettings(preset="duel", opponents=1)]


async def test_new_game_opponents_within_the_preset_range():
    app = ScreenApp(new_game(GameSettings(preset="party", opponents=3)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        opponents = app.screen.query_one("#opponents", Choice)
        assert [v for v, _ in opponents.options] == list(range(1, 8))
        await pilot.press("down", "down", "left", "left")
        await pilot.press("enter")
    assert app.results[0].opponents == 1
    assert app.results[0].preset == "party"


async def test_new_game_explains_a_forbidden_combination_and_refuses_to_play():
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * 5, "right")  # Draw Four: challenge, with stacking on
        await pilot.pause()
        text = shown(app)
        assert "✗ A Wild Draw Four challenge exists only with Stacking off" in text
        assert app.screen.query_one("#play", Button).disabled
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        await pilot.press("up", "right")  # stacking off: now allowed
        await pilot.pause()
        assert "✗" not in shown(app)
        await pilot.press("enter")
    settings = app.results[0]
    assert settings.changes == {"stacking": "off", "draw_four": "challenge"}
    rules = settings.rules()
    assert (rules.stacking, rules.draw_four) == ("off", "challenge")


async def test_new_game_colour_match_switches_to_challenge_without_stacking():
    app = ScreenApp(new_game(GameSettings(preset="colour-match")))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * 4, "right")  # stacking on -> off
        await pilot.pause()
        assert app.screen.query_one("#draw_four", Choice).value == "challenge"
        await pilot.press("enter")
    settings = app.results[0]
    assert settings.changes == {"stacking": "off"}  # the preset itself picks challenge
    assert settings.rules().draw_four == "challenge"


async def test_new_game_options_reach_the_rules():
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * 3, "right", "right", "right")  # match: to:500
        await pilot.press("down", "down", "down", "right", "right")  # Last Card: 3 s window
        await pilot.press("down", "right")  # penalty 4
        await pilot.press("down", "right", "right")  # timer 45
        await pilot.press("down", "right")  # gems
        await pilot.press("down", "right")  # speed fast
        await pilot.press("enter")
    settings = app.results[0]
    rules = settings.rules()
    assert rules.match == "to:500"
    assert (rules.last_card, rules.last_card_window, rules.last_card_penalty) == ("catch", 3, 4)
    assert rules.turn_timer == 45 and rules.palette == "gems"
    assert settings.speed == "fast"


async def test_new_game_keeps_palette_and_timer_when_the_preset_changes():
    initial = GameSettings(changes={"palette": "gems", "turn_timer": 30, "stacking": "off"})
    app = ScreenApp(new_game(initial))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("down", "right", "enter")  # Color Cards -> Classic
    settings = app.results[0]
    assert settings.preset == "classic"
    assert settings.changes == {"palette": "gems", "turn_timer": 30}


async def test_new_game_in_progress_asks_first():
    app = ScreenApp(new_game(in_progress=True))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "counts as a loss" in str(app.screen.query_one("#question").content)
        await pilot.press("n")  # keep playing: back on the form, nothing returned
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.results == []
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.results == [GameSettings()]


async def test_new_game_by_mouse():
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        level = app.screen.query_one("#difficulty", Choice)
        await pilot.click("#difficulty", offset=(level.label_width + 6, 0))  # value: forward
        await pilot.click("#preset", offset=(level.label_width + 2, 0))  # the ‹ arrow: back
        await pilot.click("#play")
    assert app.results == [GameSettings(difficulty="hard", preset="colour-match")]


# -- Colour chooser ----------------------------------------------------------------------


def chooser(counts, palette="classic"):
    return lambda: ColourChooser(counts, palette)


@pytest.mark.parametrize("counts, expected", [
    ({Colour.RED: 1, Colour.BLUE: 3, Colour.YELLOW: 2}, Colour.BLUE),
    ({Colour.GREEN: 2, Colour.YELLOW: 2}, Colour.YELLOW),  # tie: COLOURS' order
    ({}, Colour.RED),
])
async def test_chooser_preselects_the_colour_held_most(counts, expected):
    results, _ = await run(chooser(counts), keys=["enter"])
    assert results == [expected]


@pytest.mark.parametrize("keys, expected", [
    (["right", "enter"], Colour.YELLOW),
    (["left", "left", "space"], Colour.GREEN),
    (["1"], Colour.RED), (["2"], Colour.BLUE), (["3"], Colour.YELLOW), (["4"], Colour.GREEN),
])
async def test_chooser_by_keys(keys, expected):
    results, _ = await run(chooser({Colour.BLUE: 2}), keys=keys)
    assert results == [expected]


@pytest.mark.parametrize("colour", COLOURS)
async def test_chooser_by_click(colour):
    results, _ = await run(chooser({Colour.BLUE: 2}), clicks=[f"#swatch-{colour.value}"])
    assert results == [colour]


async def test_chooser_names_colours_and_counts():
    _, text = await run(chooser({Colour.RED: 4, Colour.GREEN: 1}, "gems"))
    for name in ("RUBY", "VIOLET", "AMBER", "TEAL"):
        assert name in text
    assert "you hold 4" in text and "you hold 1" in text and "none in hand" in text
    assert "▶ 1 ◀" in text  # the selection is marked by more than colour


async def test_chooser_escape_does_not_leave_without_a_colour():
    """The first card's Wild must have its colour named: Escape stays."""
    app = ScreenApp(chooser({}))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ColourChooser)
        assert app.results == []
        assert "Esc" not in shown(app)


async def test_cancellable_chooser_backs_out_with_escape():
    """A Wild from the hand is not played yet: Escape returns None, and says so."""
    results, _ = await run(lambda: ColourChooser({Colour.RED: 1}, "classic", True),
                              keys=["escape"])
    assert results == [None]
    app = ScreenApp(lambda: ColourChooser({}, "classic", cancellable=True))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "Enter confirms · ◀ Back (Esc)" in shown(app)


async def test_chooser_ascii_fallback(monkeypatch):
    monkeypatch.setenv("COLORCARDS_ASCII", "1")
    _, text = await run(chooser({Colour.RED: 1}))
    assert "█" not in text and "▟" not in text
    assert "^^^^^^^" in text and "ooooo" in text


# -- Pause menu -----------------------------------------------------------------------------


@pytest.mark.parametrize("keys, expected", [
    (["escape"], "resume"), (["enter"], "resume"), (["n"], "new"), (["r"], "rules"),
    (["s"], "sound"), (["q"], "title"), (["x"], "quit"), (["t"], "take-back"),
    (["down", "down", "down", "enter"], "sound"),
])
async def test_pause_by_keys(keys, expected):
    """Q quits to the title and X quits the game (issue 41, item 13: Quit said which)."""
    results, _ = await run(lambda: PauseMenu(True), keys=keys)
    assert results == [answer(expected)]


@pytest.mark.parametrize("selector", ["#resume", "#new", "#rules", "#sound", "#title",
                                      "#quit"])
async def test_pause_by_click(selector):
    results, _ = await run(lambda: PauseMenu(False), clicks=[selector])
    assert results == [answer(selector[1:])]


@pytest.mark.parametrize("coach", [True, False])
async def test_pause_offers_take_back_by_touch_with_the_coach_on(coach):
    """With the coach on, Take back is a button to tap (T's only other way was the key);
    without, it is not offered. Both quits say which they are."""
    _, text = await run(lambda: PauseMenu(True, coach_on=coach))
    assert ("Take back" in text) is coach
    assert "Quit to title" in text and "Quit the game" in text
    if coach:
        results, _ = await run(lambda: PauseMenu(True, coach_on=coach), clicks=["#take-back"])
        assert results == [Go.TAKE_BACK]


@pytest.mark.parametrize("sound_on, label", [(True, "Sound: on"), (False, "Sound: off")])
async def test_pause_sound_label_and_saved_note(sound_on, label):
    _, text = await run(lambda: PauseMenu(sound_on))
    assert label in text
    assert "already saved" in text


# -- Results --------------------------------------------------------------------------------


async def test_results_count_one_point_and_one_card_in_the_singular():
    """'Your cards left: 1, worth 1 point', not '1 points' (and '1 pt' in the table)."""
    data = dataclasses.replace(sample_results(), cards_left=[
        parse_cards("R1"), parse_cards("G3 G5"), [], parse_cards("Y1")], round_points=9)
    _, text = await run(lambda: ResultsScreen(data))
    assert "Your cards left: 1, worth 1 point " in text
    assert "1 pts" not in text and "1 points" not in text


async def test_results_say_the_winning_card_and_what_table_points_are():
    """The results cover the log: they say the card the winner went out with. In a match
    a round's table points are the round's (+3), the running total is headed as such,
    and, after the first round, a line says what the points and table points are."""
    data = dataclasses.replace(sample_results(), round_table_points=[0, 0, 3, 1],
                               winning_card=parse_cards("G7")[0], round=1)
    _, text = await run(lambda: ResultsScreen(data))
    assert "Max went out with ◆ Green 7." in text
    assert "Table pts Table total" in text and "+3" in text
    assert "Table pts: 3 for a round's winner" in text
    assert "Points: whoever goes out scores the cards left in the other hands" in text
    assert "first to 500 wins." in text


async def test_a_single_round_shows_no_points_it_has_no_use_for():
    """Issue 30, item 1: a one-round game is won by going out first; its results show
    who went out and the cards left, with no score, totals or table points to explain."""
    data = dataclasses.replace(sample_results(match_over=True), match="single", round=1,
                               round_table_points=[0, 0, 3, 1])
    _, text = await run(lambda: ResultsScreen(data))
    assert "Max went out first and wins." in text
    assert "Place Player Cards left" in text and "Your cards left: 3 " in text
    for word in ("score", "point", "pts", "Total", "worth"):
        assert word not in text, word


async def test_a_single_rounds_places_by_points_say_why():
    """Played in tmux (issue 30): Max with 4 cards was placed above Lily with 3 and
    nothing said why. Where the cards left disagree with the places, one line says the
    places go by what the cards are worth; where they agree, nothing is added."""
    data = dataclasses.replace(sample_results(match_over=True), match="single", round=1,
                               cards_left=[parse_cards("R7 W"), parse_cards("G3 G5 G1"), [],
                                           parse_cards("YS B9 R0 W+4")])
    _, text = await run(lambda: ResultsScreen(data))
    assert "Places after the first go by what the cards left are worth, fewest points " \
        "first (a number its value, an action card 20, a Wild 50)." in text
    agreeing = dataclasses.replace(data, cards_left=sample_results().cards_left)
    _, text = await run(lambda: ResultsScreen(agreeing))
    assert "Places after" not in text


async def test_results_round_shows_what_happened():
    _, text = await run(lambda: ResultsScreen(sample_results()))
    assert "Max went out first and wins round 2." in text
    assert "37 turns" in text and "Max scores 157 points" in text
    assert "Your cards left: 3, worth 77 points ● Red 7 ■ Blue Draw Two ✦ Wild" in text
    assert "Green 3" not in text and "Wild Draw Four" not in text  # others': counts only
    assert "Lily · Computer" in text and "Zoe · Computer" in text
    assert "3 won · 4 lost · win rate 43%" in text
    assert "2 losses in a row" in text and "best streak: 2 wins" in text
    assert "Next round" in text and "New game" not in text


@pytest.mark.parametrize("match_over, keys, expected", [
    (False, ["n"], "next-round"), (False, ["t"], "title"),
    (False, ["right", "enter"], "next-round"), (False, ["tab", "tab", "enter"], "title"),
    (True, ["n"], "new"), (True, ["escape"], "title"),
    (True, ["right", "enter"], "new"), (True, ["right", "right", "enter"], "review"),
    (True, ["right"] * 3 + ["enter"], "same-deal"), (True, ["right"] * 4 + ["enter"], "title"),
    (True, ["v"], "review"), (True, ["d"], "same-deal"),
])
async def test_results_by_keys(match_over, keys, expected):
    results, _ = await run(lambda: ResultsScreen(sample_results(match_over)), keys=keys)
    assert results == [answer(expected)]


@pytest.mark.parametrize("match_over", [False, True])
async def test_results_stay_after_stray_enters(match_over):
    """Enter presses no default button: two stray Enters from the table leave the
    results on screen, and nothing is chosen."""
    app = ScreenApp(lambda: ResultsScreen(sample_results(match_over)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for key in ("enter", "enter", "space", "enter"):
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen) and app.results == []
        assert not isinstance(app.focused, Button)


async def test_results_escape_mid_match_stays_and_says_how_to_go_on():
    """Escape in the middle of a match does not leave it silently: it stays and says
    which keys go on."""
    app = ScreenApp(lambda: ResultsScreen(sample_results(match_over=False)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen) and app.results == []
        assert "N deals round 3, T goes to the title" in shown(app)


@pytest.mark.parametrize("match_over, selector", [
    (False, "#next-round"), (False, "#title"), (True, "#new"), (True, "#title"),
])
async def test_results_by_click(match_over, selector):
    results, _ = await run(lambda: ResultsScreen(sample_results(match_over)), clicks=[selector])
    assert results == [answer(selector[1:])]


async def test_results_when_you_win_the_match():
    _, text = await run(lambda: ResultsScreen(sample_results(True, True)), size=(100, 40))
    assert "★ You win the match!" in text
    assert "You have no cards left." in text
    assert "New game" in text


async def test_results_first_game_at_a_level():
    import dataclasses

    data = dataclasses.replace(sample_results(), stats=None)
    _, text = await run(lambda: ResultsScreen(data))
    assert "this is your first game at this level" in text


# -- Statistics -------------------------------------------------------------------------------


async def test_stats_table_and_trends():
    _, text = await run(lambda: StatsScreen(STATS, sample_records()), size=(120, 40))
    assert "Level Games Wins Losses Draws Win % Streak Best" in text
    assert "Easy 12 9 3 0 75% 4 wins 4 wins" in text
    assert "Normal 7 3 4 0 43% 2 losses 2 wins" in text
    assert "Crazy 0 0 0 0 – – –" in text
    assert "●●○●●○●○●●●●" in text  # easy, oldest first
    assert "○●●○●○○" in text
    assert "75% after 12" in text and "33% after 3" in text


@pytest.mark.parametrize("rates, rows, lines", [
    ([0, 50, 100], 1, ["▁▄█"]),
    ([0, 25, 50, 75, 100], 2, ["   ▄█", "▁▄███"]),
    ([33.3, 12.5, 99.9], 2, ["  █", "▅▂█"]),
    ([], 2, ["", ""]),
])
def test_win_rate_bars_use_a_fixed_scale(rates, rows, lines):
    from colorcards.tui.screens.stats import rate_line

    assert rate_line(rates, rows) == lines


def test_results_by_level_sorts_by_time_and_reads_iso_strings():
    from colorcards.tui.screens.stats import results_by_level, running_win_rate
    from tui_screens_helpers import GameRecord

    records = [GameRecord("2026-11-02T10:00:00+00:00", "hard", "win"),
               GameRecord("2026-11-01T10:00:00+00:00", "hard", "loss"),
               GameRecord("2026-11-03T10:00:00+00:00", "hard", "draw")]
    results = results_by_level(records)["hard"]
    assert results == ["loss", "win", "draw"]
    assert running_win_rate(results) == [0.0, 50.0, 100 / 3]


def test_results_by_level_put_an_unreadable_time_first_without_failing():
    """A hand-edited finish time that does not parse, and one without a time zone, sort
    among real ones (first, and by the clock) instead of stopping Statistics."""
    from colorcards.tui.screens.stats import results_by_level
    from tui_screens_helpers import GameRecord

    records = [GameRecord("2026-11-02T10:00:00+00:00", "hard", "win"),
               GameRecord("yesterday", "hard", "loss"),
               GameRecord("2026-11-03T10:00:00", "hard", "draw"),
               GameRecord("2026-11-01T10:00:00+00:00", "hard", "win")]
    assert results_by_level(records)["hard"] == ["loss", "win", "win", "draw"]


async def test_stats_with_no_games():
    results, _ = await run(lambda: StatsScreen({}, []), keys=["escape"])
    assert results == [Go.BACK]


async def test_stats_empty_message():
    _, text = await run(lambda: StatsScreen({"easy": LevelStats()}, []))
    assert "No finished games yet" in text


# -- Rules and help ----------------------------------------------------------------------------


async def test_rules_screen_scrolls_and_goes_back():
    app = ScreenApp(lambda: RulesScreen("classic", get_preset("classic").rules()))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "Classic" in shown(app)
        await pilot.press("end")
        await pilot.pause()
        assert "Clockwise: the way play goes round the ring" in shown(app)
        await pilot.press("escape")
    assert app.results == [None]


async def test_help_lists_every_key_and_closes():
    app = ScreenApp(HelpScreen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = shown(app)
        for key in ("← / →", "Enter or Space", "1 – 9", "D ", "P ", "L ", "C ", "A ", "X ",
                    "H ", "Shift+← / Shift+→", "S ", "?", "Esc", "Click a card",
                    "Click the deck"):
            assert key in text, key
        await pilot.press("question_mark")
    assert app.results == [None]


# -- Confirm ---------------------------------------------------------------------------------


@pytest.mark.parametrize("keys, expected", [
    (["y"], True), (["n"], False), (["escape"], False), (["enter"], False),
    (["right", "enter"], True),
])
async def test_confirm_by_keys(keys, expected):
    results, _ = await run(lambda: ConfirmDialog(IN_PROGRESS_QUESTION), keys=keys)
    assert results == [expected]


@pytest.mark.parametrize("selector, expected", [("#yes", True), ("#no", False)])
async def test_confirm_by_click(selector, expected):
    results, _ = await run(lambda: ConfirmDialog("Sure?", yes="Do it", no="Leave it"),
                              clicks=[selector])
    assert results == [expected]


async def test_confirm_labels():
    _, text = await run(lambda: ConfirmDialog("Throw it all away?", yes="Do it", no="Leave it"))
    assert "Throw it all away?" in text and "Do it" in text and "Leave it" in text


async def test_screens_work_without_colour(monkeypatch):
    """With NO_COLOR the words and shapes still say everything colour would."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = ScreenApp(chooser({Colour.YELLOW: 2}))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.no_color
        text = shown(app)
        assert all(name in text for name in ("RED", "BLUE", "YELLOW", "GREEN"))
        assert "▶ 3 ◀" in text


async def test_help_closes_on_a_click_outside_the_box():
    app = ScreenApp(HelpScreen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click(offset=(1, 1))
        await pilot.pause()
    assert app.results == [None]


@pytest.mark.parametrize("size, fan", [((80, 24), False), ((120, 40), True)])
async def test_title_fans_out_cards_only_when_there_is_room(size, fan):
    app = ScreenApp(lambda: TitleScreen(SAVED))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#title-fan").display is fan
        assert app.screen.query_one("#quit").region.bottom <= size[1]  # the menu fits


async def test_new_game_fits_80x24_with_an_error_showing():
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * 5, "right")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#error").display
        assert screen.query_one("#play").region.bottom <= SMALL[1]
        assert screen.query_one("#newgame").region.bottom <= SMALL[1]


@pytest.mark.parametrize("make", [
    lambda: StatsScreen(STATS, sample_records()),
    lambda: RulesScreen("duel", get_preset("duel").rules()),
], ids=["stats", "rules"])
async def test_full_screens_go_back_by_clicking_the_footer(make):
    """A click on the footer's Back key leaves (waited for: a loaded machine may take
    more than a frame to draw the screen, and to deliver the click and the dismissal)."""
    app = ScreenApp(make)
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(50):  # the screen's first frame (the rules are long to lay out)
            await pilot.pause()
            footer = screen_rows(app)[-1]
            if "Back" in footer:
                break
        assert "Back" in footer, footer
        await pilot.click(offset=(footer.index("Back"), SMALL[1] - 1))
        for _ in range(50):
            if app.results:
                break
            await pilot.pause()
    assert app.results in ([None], [Go.BACK])  # Rules answers nothing, Statistics Go.BACK


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_title_saved_line_never_breaks_inside_the_date(size):
    """The longest summary (Family Night, round 10) reads 'saved Wed 30 Sep, 13:44' whole
    on one row, under what is saved."""
    saved = {"preset": "family-night", "difficulty": "normal", "round": 10,
             "saved_at": "2026-09-30T13:44:00"}
    app = ScreenApp(lambda: TitleScreen(saved))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = [row.strip() for row in screen_rows(app)]
    assert "Family Night · Normal · round 10" in rows
    assert "saved Wed 30 Sep, 13:44" in rows


def _match(scores, table_points, went_out, winners, match="to:500", round_no=6):
    from colorcards.engine import parse_cards
    from colorcards.session.results import ResultsData

    left = [parse_cards("R7 B+2"), [], parse_cards("G3"), parse_cards("YS B9 R0")]
    left = [[] if s in went_out else (cards or parse_cards("Y1")) for s, cards in enumerate(left)]
    rest = sorted((s for s in range(4) if s not in went_out),
                  key=lambda s: sum(c.points for c in left[s]))  # as RoundResult.order
    return ResultsData(
        names=["You", "Lily", "Max", "Zoe"], difficulty="normal", round=round_no,
        match_over=True, winners=winners, went_out=went_out, order=(*went_out, *rest),
        cards_left=left, turns=30,
        round_points=88, scores=scores, table_points=table_points, match=match,
        stats=STATS["normal"])


@pytest.mark.parametrize("data, expected", [
    # Classic: Lily wins the match; Max went out first in the last round.
    (_match([375, 522, 326, 254], [9, 12, 8, 5], went_out=[2], winners=(1,)),
     ["Lily", "You", "Max", "Zoe"]),
    # Family Night: Zoe won the last round, Lily the match on totals.
    (_match([120, 163, 90, 46], [5, 6, 4, 3], went_out=[3], winners=(1,), match="rounds:3",
            round_no=3),
     ["Lily", "You", "Max", "Zoe"]),
    # Equal totals: table points order them, both share the win.
    (_match([200, 200, 90, 46], [4, 7, 4, 3], went_out=[3], winners=(0, 1), match="rounds:3",
            round_no=3),
     ["Lily", "You", "Max", "Zoe"]),
])
async def test_match_results_rank_by_the_match_with_the_last_round_apart(data, expected):
    """At the end of a match the standings are by totals (then table points), so the
    headline's winner is first; the last round is listed apart in its own order."""
    app = ScreenApp(lambda: ResultsScreen(data))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        rows = [row.strip(" │║|") for row in screen_rows(app)]
        text = shown(app)
    start = next(i for i, row in enumerate(rows) if "The match after" in row)
    middle = next(i for i, row in enumerate(rows) if "The last round" in row)
    match_rows = [row.split()[1] for row in rows[start + 2:middle]
                  if re.match(r"\d+\.\s", row.strip())]  # places, not the note's lines
    assert match_rows == expected
    round_rows = [row.split()[1] for row in rows[middle + 2:middle + 6]]
    assert round_rows[0] == data.names[data.went_out[0]]
    winner_names = " and ".join(data.names[s] for s in data.winners)
    if 0 not in data.winners:
        assert f"{winner_names} wins the match." in text
    else:
        assert "You share the match win with Lily." in text
        assert rows[start + 2].split()[0] == rows[start + 3].split()[0] == "1."


async def test_match_results_at_80x24_show_the_standings_first_and_scroll_to_the_rest():
    """The smallest screen shows the match standings at once; ↓ reads on to the record."""
    app = ScreenApp(lambda: ResultsScreen(sample_results(True, True)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = shown(app)
        assert "The match after 2 rounds" in text and "1. You ★ 197" in text
        for _ in range(12):
            await pilot.press("down")
        await pilot.pause()
        assert "best streak: 2 wins" in shown(app)
        assert isinstance(app.screen, ResultsScreen) and app.results == []


async def test_new_game_blurb_follows_the_options():
    """The preset's line while it is as it comes; after a change, the change (never
    'stacking on' beside Stacking Off); back to the preset's line when undone."""
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        blurb = app.screen.query_one("#blurb")
        assert str(blurb.render()) == PRESETS["color-cards"].blurb
        await pilot.press("down", "down", "down", "down", "right")  # Stacking: On -> Off
        await pilot.pause()
        assert "stacking on" not in shown(app).lower()
        assert "Color Cards, your changes: Stacking: Off." in shown(app)
        await pilot.press("up", "right")  # Match: one round -> 3 rounds
        await pilot.pause()
        assert ("Color Cards, your changes: Match: 3 rounds, highest total wins · "
                "Stacking: Off." in shown(app))
        await pilot.press("left", "down", "left")  # both back as the preset has them
        await pilot.pause()
        assert str(blurb.render()) == PRESETS["color-cards"].blurb


async def test_new_game_hints_are_read_whole_at_80x24():
    """The Draw Four hint is long: it wraps instead of being cut."""
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * 5)
        await pilot.pause()
        assert app.focused.id == "draw_four"
        assert ("When a Wild Draw Four may be played, and whether it can be challenged."
                in shown(app))
        assert "PLAY" in shown(app)


async def test_family_night_offers_no_penalty_when_last_card_is_called_for_you():
    """Last Card called for everyone: nobody is caught, so no Penalty row; a Last Card
    rule with a penalty brings it back."""
    app = ScreenApp(new_game(GameSettings(preset="family-night", opponents=3)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "Called for everyone" in shown(app)
        assert "Penalty" not in shown(app)
        assert "Match ‹ 3 rounds, highest total wins ›" in shown(app)
        await pilot.press(*["down"] * 6)
        assert app.focused.id == "last_card"
        await pilot.press("right")  # Forget it and draw
        await pilot.pause()
        assert "Penalty ‹ 2 cards ›" in shown(app)
        await pilot.press("down")
        assert app.focused.id == "last_card_penalty"


@pytest.mark.parametrize("match_over", [False, True])
async def test_results_buttons_all_fit_80x24(match_over):
    """Every button (four once the match is over) is whole inside the dialog at 80x24."""
    app = ScreenApp(lambda: ResultsScreen(sample_results(match_over)))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#results").content_region
        buttons = list(app.screen.query(Button))
        assert len(buttons) == (4 if match_over else 2)
        for button in buttons:
            region = button.region
            assert box.x <= region.x and region.right <= box.right, (button.id, region, box)
        assert "Title (T)" in shown(app)


async def test_new_game_blurb_of_many_changes_keeps_the_form_unscrolled_at_80x24():
    """Classic with four rules changed: the blurb stays short enough that every row and
    PLAY are on an 80x24 screen at once."""
    app = ScreenApp(new_game(GameSettings(preset="classic", changes={
        "match": "rounds:3", "stacking": "on", "last_card": "auto-penalty",
        "last_card_window": 0, "last_card_penalty": 4})))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = shown(app)
        assert "Classic, your changes: Match: 3 rounds, highest total wins · Stacking: On · " \
               "Last Card: Forget it and you draw at once · Penalty: 4 cards." in text
        for row in ("Difficulty", "Speed", "PLAY", "Back (Esc)"):
            assert row in text



@pytest.mark.parametrize("preset", ["color-cards", "classic"])
async def test_every_level_hint_is_read_whole_at_80x24(preset):
    """Each level's description (LEVELS' words, up to three lines) is shown whole with the
    Difficulty row focused, and PLAY stays on screen, for the preset with the most rows."""
    from colorcards.tui.screens.newgame import LEVEL_HINTS

    app = ScreenApp(new_game(GameSettings(preset=preset, difficulty="easy")))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for level in ("easy", "normal", "hard", "crazy"):
            text = shown(app)
            assert LEVEL_HINTS[level] in text, level
            assert "PLAY" in text and "Back (Esc)" in text
            await pilot.press("right")
            await pilot.pause()


async def test_new_game_dialog_stays_put_as_the_focus_moves():
    """One-line and two-line hints take the same room: the box never jumps under the
    player's eyes (or their mouse) while they go down the rows."""
    app = ScreenApp(new_game())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#newgame")
        first = box.region
        for _ in range(12):
            await pilot.press("down")
            await pilot.pause()
            assert box.region == first, app.focused.id


def _match_story():
    from colorcards.tui.screens.match_story import MatchStory

    return MatchStory([(1, ["Max played Red 5."])])


@pytest.mark.parametrize("make, answer, expected", [
    (lambda: ResultsScreen(sample_results(False)), "action_proceed", [Go.NEXT_ROUND]),
    (lambda: ResultsScreen(sample_results(True)), "action_proceed", [answer("new")]),
    (lambda: PauseMenu(sound_on=False), "action_choose", [Go.RESUME]),
    (lambda: HelpScreen(), "action_close", [None]),
    (lambda: ConfirmDialog("Quit?"), "action_answer", [False]),
    (lambda: NewGameScreen(STATS, GameSettings(), in_progress=False), "action_cancel", [None]),
    (_match_story, "action_close", [None]),
], ids=["results", "match results", "pause", "help", "confirm", "new game", "match story"])
async def test_a_dialog_closed_before_it_is_mounted(make, answer, expected):
    """A second key pressed as a dialog appears (N on the results, Escape twice for the
    pause menu) runs its action at once, even on a screen still composing: the dialog
    answers, and its own start does not fail on widgets already gone."""
    arguments = {"action_choose": ("resume",), "action_answer": (False,)}.get(answer, ())

    class Hasty(ScreenApp):
        def on_mount(self) -> None:
            super().on_mount()
            assert self.screen_under_test is not None
            getattr(self.screen_under_test, answer)(*arguments)  # before it has mounted

    app = Hasty(make)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.results == expected


@pytest.mark.parametrize("size", [SMALL, (100, 32)])
async def test_new_game_up_from_the_top_lights_a_row_and_each_hint_is_whole(size):
    """Issue 30, item 13: ↑ on Difficulty stopped on the form itself (nothing lit); the
    Coach row's line stopped mid-sentence. Every row's line ends with its full stop."""
    from textual.widgets import Static

    from colorcards.tui.screens.newgame import HINTS, LEVEL_HINTS, hint_of

    app = ScreenApp(new_game())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("up")
        await pilot.pause()
        assert app.focused is not None and app.focused.id in ("play", "coach"), app.focused
        hint = app.screen.query_one("#hint", Static)
        for row in [*HINTS, "coach", "difficulty"]:
            app.screen.query_one(f"#{row}").focus()
            await pilot.pause()
            said = LEVEL_HINTS["normal"] if row == "difficulty" else hint_of(row)
            assert " ".join(said.split()[-3:]) in shown(app), row
            assert hint.content_size.height >= len(hint.render_lines(hint.region)), row


@pytest.mark.parametrize("size", [SMALL, (100, 32)])
async def test_the_keys_page_fits_and_scrolls_to_its_last_word(size):
    """Issue 30, item 16: at 80×24 the ? page lost its last lines ('[1] under a card…',
    'Esc, ? or Q to go back') and did not scroll. Now the way back is always shown, and
    End brings the last of the page's words into view."""
    from colorcards.engine import get_preset
    from colorcards.session.glossary import terms

    rules = get_preset("classic").rules()
    app = ScreenApp(lambda: HelpScreen(rules))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "◀ Back (Esc, ? or Q)" in shown(app)
        await pilot.press("end")
        await pilot.pause()
        last_word, last_meaning = terms(rules)[-1]
        assert f"{last_word} {last_meaning.split()[0]}" in shown(app)
        assert "◀ Back (Esc, ? or Q)" in shown(app)
