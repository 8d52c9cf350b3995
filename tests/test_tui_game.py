"""Whole games through the keys: several presets, won and lost, and quit-and-continue.

The seeds were picked so that the simple player in `tui_table_helpers.play_turn`
wins some games and loses others; the assertions compare the screens with the engine.
"""

from __future__ import annotations

import json

import pytest

from colorcards.session.autosave import SAVE_DELAY
from colorcards.settings import GameSettings
from colorcards.store import Store
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.screens.pause import PauseMenu
from colorcards.tui.screens.results import ResultsScreen
from colorcards.tui.screens.title import TitleScreen
from colorcards.tui.widgets import Hand
from tui_table_helpers import (
    HandClock,
    check_table,
    make_app,
    play_to_end,
    play_turn,
    settle,
    shown,
    wait,
)


def _headline(app) -> str:
    return str(app.screen.query_one("#headline").render())


async def _whole_game(tmp_path, preset, seed, difficulty, careless=False, changes=None):
    app = make_app(preset, seed=seed, difficulty=difficulty, data_dir=tmp_path, changes=changes)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        check_table(app)
        await play_to_end(pilot, careless=careless)
        game = app.controller.game
        assert game.is_over
        assert isinstance(app.screen, ResultsScreen)
        headline = _headline(app)
        human_won = game.winners == (0,)
        if human_won:
            assert "you win" in headline
        else:
            assert app.controller.name(game.winners[0]) in headline
        text = shown(app)
        assert f"{game.turns} turns" in text
        assert "Your record at" in str(app.screen.query_one("#your-record").render())
        assert app.controller.record is not None
    with Store.open(tmp_path) as store:
        assert store.saved_summary() is None
        stats = store.stats()[difficulty]
        assert (stats.games, stats.wins) == (1, 1 if human_won else 0)
    return human_won


@pytest.mark.parametrize("preset, seed, difficulty, changes", [
    ("color-cards", 3, "easy", None),
    ("color-cards", 4, "hard", None),
    ("duel", 2, "hard", None),
    ("party", 4, "crazy", None),
    ("colour-match", 1, "normal", {"match": "single"}),
    ("classic", 2, "easy", {"match": "single", "palette": "gems"}),
])
async def test_whole_game(tmp_path, preset, seed, difficulty, changes):
    """A whole match played by keys ends on results that say what the engine says."""
    await _whole_game(tmp_path, preset, seed, difficulty, changes=changes)


async def test_a_careless_player_loses(tmp_path):
    """Drawing every turn and never playing loses, and the results and record say so."""
    assert not await _whole_game(tmp_path, "color-cards", 1, "easy", careless=True)


async def test_a_good_player_wins_against_easy(tmp_path):
    """Playing the first playable card, calling Last Card, wins some of three easy games."""
    wins = [await _whole_game(tmp_path / str(seed), "color-cards", seed, "easy")
            for seed in (1, 2, 3)]
    assert any(wins)


async def test_match_of_three_rounds(tmp_path):
    """Family Night plays three rounds: each ends on results, N deals the next."""
    settings = GameSettings(difficulty="normal", preset="family-night", opponents=3,
                            changes={"round_end": "first-out"})
    app = ColorCardsApp(data_dir=tmp_path, seed=2, settings=settings, direct=True, delay=0,
                        clock=HandClock())
    rounds_seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3000):
            await settle(pilot)
            game = app.controller.game
            if isinstance(app.screen, ResultsScreen):
                rounds_seen.append(app.screen.data.round)
                assert f"Round {game.round} of 3" in shown(app)
                if game.is_over:
                    break
                await pilot.press("n")
                await settle(pilot)
                assert app.controller.game.round == rounds_seen[-1] + 1
                assert f"Round {game.round} of 3" in shown(app)
                continue
            await play_turn(pilot)
        assert rounds_seen == [1, 2, 3]
        assert app.controller.game.is_over
        assert "the match" in _headline(app)


async def _play_moves(pilot, moves: int) -> None:
    for _ in range(moves):
        await settle(pilot)
        if isinstance(pilot.app.screen, ResultsScreen):
            return
        await play_turn(pilot)
    await settle(pilot)


async def test_quit_and_continue_returns_to_the_same_table(tmp_path):
    """Escape, Quit, start again, Continue: the same table, then the same game to the end."""
    reference = make_app("color-cards", seed=5, difficulty="normal", data_dir=tmp_path / "a")
    async with reference.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot)
        expected = [(seat, a.as_json()) for seat, a in reference.controller.game.actions]

    data = tmp_path / "b"
    first = make_app("color-cards", seed=5, difficulty="normal", data_dir=data)
    async with first.run_test(size=(80, 24)) as pilot:
        await _play_moves(pilot, 6)
        for _ in range(3):  # the cursor three cards on (issue 30, item 22: Continue put it
            await pilot.press("right")  # back on the first card)
        await wait(pilot, SAVE_DELAY)  # the autosave, after the frame
        selected = first.controller.selected
        assert selected is not None
        assert first.store.load_game().meta.extra["selected"] == selected  # before any quit
        state = first.controller.game.dumps()
        hand = [c.code for c in first.controller.hand()]
        log = list(first.controller.log)
        before = check_table(first)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(first.screen, PauseMenu)
        await pilot.press("x")  # quit the game
        await pilot.pause()
    assert first.return_value == 0

    again = ColorCardsApp(data_dir=data, delay=0, clock=HandClock())
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TitleScreen)
        assert "Continue" in shown(again)
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        ctl = again.controller
        assert ctl.game.dumps() == state
        assert [c.code for c in ctl.hand()] == hand
        assert ctl.log == log
        after = check_table(again)
        assert after == before  # the selection too
        hand_widget = again.screen.query_one(Hand)
        assert hand_widget.cards[hand_widget.selected].code == selected
        await play_to_end(pilot)
        actions = [(seat, a.as_json()) for seat, a in ctl.game.actions]
    assert json.dumps(actions) == json.dumps(expected)


async def test_new_game_over_a_saved_one_counts_as_a_loss(tmp_path):
    """From the pause menu, New game asks first; starting records the old game as lost."""
    app = make_app("color-cards", seed=3, data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _play_moves(pilot, 2)
        old = app.controller.meta.game_id
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")  # PLAY on the settings screen
        await pilot.pause()
        assert "Starting a new one counts as a" in shown(app)
        await pilot.press("y")  # yes, start anyway
        for _ in range(10):
            await pilot.pause()
        assert app.controller is not None and app.controller.meta.game_id != old
    with Store.open(tmp_path) as store:
        records = store.records()
        assert len(records) == 1 and records[0].game_id == old
        assert store.stats()["normal"].losses == 1


async def test_a_classic_match_to_500_shows_its_last_move_on_screen(tmp_path):
    """Classic to 500 played by keys to its end (past 400 lines of log, where the old
    table's log froze): the screen's log ends with the match's last line. Seed 47 is a
    short match for the keys' player: four rounds, about 500 lines (seed 1 took 1,260)."""
    from colorcards.tui.screens.table import TableScreen

    app = make_app("classic", seed=47, difficulty="normal", data_dir=tmp_path)
    async with app.run_test(size=(130, 40)) as pilot:
        await play_to_end(pilot)
        ctl = app.controller
        assert ctl.game.is_over and ctl.rules.target == 500 and max(ctl.game.scores) >= 500
        assert ctl.logged > 400
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        log = table.query_one("#side-log")
        text = " ".join(" ".join(strip.text for strip in log.lines).split())
        assert text.endswith(" ".join(ctl.log[-1].split()))
        assert "The game is over" in ctl.log[-1]
