"""The tutor at the table, played with keys (Pilot): a costly move's note on the status
line, T putting back the exact position, and the note staying off for a good move."""

from __future__ import annotations

import json

from bots_helpers import position
from colorcards.session.clocks import COACH
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.store import Store
from colorcards.tui.app import ColorCardsApp
from tui_table_helpers import HandClock, settle, shown, wait


async def _coached_duel(pilot):
    """The costly position of tests/test_review.py, with the coach on."""
    game = position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")
    settings = GameSettings(preset="duel", opponents=1, difficulty="hard", coach=True)
    ctl = pilot.app.seat(Seating.at(game, settings, game_id="tutor-pilot"), delay=60,
                         window_seconds=60)
    await pilot.pause()
    await pilot.pause()
    return ctl


async def _weighed(pilot, ctl) -> None:
    """Wait for the coach's judgement: its thread ends once the note is on the table."""
    await pilot.app.clock.finished(COACH)
    await pilot.pause()
    assert not ctl.weighing


async def test_the_note_appears_and_t_takes_the_move_back(tmp_path):
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    async with app.run_test(size=(100, 32)) as pilot:
        ctl = await _coached_duel(pilot)
        before = json.dumps(ctl.game.to_json())
        hand = list(ctl.hand())
        codes = [c.code for c in hand]
        await pilot.press(str(codes.index("R5") + 1))  # leaves the opponent a card to follow
        assert ctl.remote is app.remote_coach  # judged in the coach's own process
        await _weighed(pilot, ctl)
        text = shown(app)
        assert "Coach: Red Draw Two instead of Red 5" in text
        assert "T: take it back." in text
        await pilot.press("t")
        await pilot.pause()
        assert json.dumps(ctl.game.to_json()) == before
        assert ctl.hand() == hand
        assert "Taken back" in shown(app)
        assert "Your turn" in shown(app).split("Taken back")[-1]  # and it is said
        await pilot.press(str(codes.index("R+2") + 1))  # the Draw Two this time
        await _weighed(pilot, ctl)
        assert "Coach:" not in shown(app).split("Taken back")[-1]
        assert ctl.note is None and ctl.practice


async def test_the_app_never_weighs_a_move_itself(tmp_path, monkeypatch):
    """The hint (H), the pondering and the note on a costly move all come from the
    coach's process: any weighing in the app's own process, on the event loop or in one
    of its threads, fails the test."""
    import threading

    from colorcards.coach import weigh

    weighed_here: list[str] = []

    def never(*args, **kwargs):
        weighed_here.append(threading.current_thread().name)
        raise AssertionError("the app's process weighed a move")

    for name in ("advising", "judging", "testing", "advise", "judge"):
        monkeypatch.setattr(weigh.Coach, name, never)
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    async with app.run_test(size=(100, 32)) as pilot:
        ctl = await _coached_duel(pilot)
        await pilot.press("h")
        await app.clock.finished()  # the hint, awaited in a thread
        await pilot.pause()
        assert "Red Draw Two" in shown(app)  # the hint, answered by the coach's process
        codes = [c.code for c in ctl.hand()]
        await pilot.press(str(codes.index("R5") + 1))
        await _weighed(pilot, ctl)
        assert "Coach: Red Draw Two instead of Red 5" in shown(app)
    assert weighed_here == []


async def test_t_without_the_coach_says_why(tmp_path):
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    async with app.run_test(size=(100, 32)) as pilot:
        game = position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")
        settings = GameSettings(preset="duel", opponents=1, difficulty="hard")
        ctl = pilot.app.seat(Seating.at(game, settings, game_id="no-coach"), delay=60,
                             window_seconds=60)
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert "coach on" in shown(app)
        assert not ctl.practice


async def test_statistics_show_accuracy_the_estimate_and_practice_apart():
    """The accuracy chart per level, the level the player plays like (or that it cannot
    be told yet) and the practice games' line."""
    from colorcards.replay.plays_like import Kinds
    from colorcards.store.records import LevelStats, Measured
    from colorcards.tui.screens.stats import StatsScreen
    from tui_screens_helpers import ScreenApp

    measured = [Measured("normal", 0.9, 0.004, Kinds(8, 1, 1, 0, 0)),
                Measured("normal", 1.0, 0.0, Kinds(7, 2, 1, 0, 0)),
                Measured("hard", 0.8, 0.02, Kinds(9, 0, 0, 1, 1))] * 3
    practice = {"normal": LevelStats(games=2, wins=1, losses=1)}
    app = ScreenApp(lambda: StatsScreen({}, [], measured, practice))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = shown(app)
    assert "Accuracy of each reviewed game" in text
    assert "95% · 0.2% chance lost a decision" in text and "6 reviewed" in text
    assert "80% · 2.0% chance lost a decision" in text and "3 reviewed" in text
    assert ("You play closest to Normal (your last 9 reviewed games: the coach's first "
            "choice in 77% of your decisions, another as good in 10%, Last Card forgotten in "
            "3%), but so few games cannot tell it apart from the level beside it for sure."
            ) in " ".join(text.split())
    assert "Practice games (coach on or a move taken back), not counted above: 2, 1 won." \
        in text
    assert "No counted games yet" in text


async def test_the_pause_menu_turns_the_coach_on_for_the_game(tmp_path):
    """Esc, C: the coach is on for the game in progress (now practice) and for the next
    New game; the menu offers to turn it off again."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    async with app.run_test(size=(100, 32)) as pilot:
        game = position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")
        ctl = pilot.app.seat(Seating.at(game, GameSettings(preset="duel", opponents=1),
                                        game_id="menu"), delay=60, window_seconds=60)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert "Coach: off — turn on (practice)" in shown(app)
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        assert ctl.settings.coach and ctl.practice and app.settings.coach
        assert "Coach: on — turn it off" in shown(app)


async def _my_turn(pilot, app):
    """Move the app's `HandClock` on until it is the player's turn (another's Last Card
    window, or a catch, waits out its time)."""
    for _ in range(400):
        await settle(pilot)
        ctl = app.controller
        if ctl.my_turn and not ctl.busy and ctl.playable() | set(ctl.legal()):
            return ctl
        await wait(pilot, 1.0)
    raise AssertionError("the player's turn never came")


def _key_for(ctl) -> str:
    """The key of a move of the player's: a playable card's number, else D."""
    hand = ctl.hand()
    for i, card in enumerate(hand[:9]):
        if card in ctl.playable() and not card.is_wild:
            return str(i + 1)
    return "d"


async def test_t_after_continue_twice_keeps_one_line_of_play(tmp_path):
    """A coached game: a move, quit; Continue, T (exact), another move, play on, a move,
    T (exact); quit; Continue, a move, T (exact). The save holds the line played."""
    from test_tui_tutor import state

    settings = GameSettings(preset="color-cards", opponents=3, difficulty="easy", coach=True)
    app = ColorCardsApp(data_dir=tmp_path, delay=0.01, clock=HandClock())
    async with app.run_test(size=(100, 32)) as pilot:
        app.seat(Seating.new(settings, seed=77), delay=0.01, window_seconds=0.05)
        ctl = await _my_turn(pilot, app)
        first = state(ctl)
        first_key = _key_for(ctl)
        await pilot.press(first_key)
        await _my_turn(pilot, app)
        line = list(app.controller.game.actions)
        app.exit()
    for sitting in range(2):
        app = ColorCardsApp(data_dir=tmp_path, delay=0.01, window_seconds=0.05,
                            clock=HandClock())
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app.continue_game()
            await pilot.pause()
            ctl = app.controller
            assert ctl.game.actions == line  # Continue: the line as it was left
            if sitting == 0:
                await pilot.resize_terminal(80, 24)  # a resize changes nothing of the game
                await pilot.pause()
                await pilot.press("t")
                await pilot.pause()
                assert state(app.controller) == first
                other = "d" if first_key != "d" else _key_for(app.controller)
                await pilot.press(other)  # another move than the one taken back
                for _ in range(3):
                    await _my_turn(pilot, app)
                    await pilot.press(_key_for(app.controller))
            ctl = await _my_turn(pilot, app)
            before = state(ctl)
            await pilot.press(_key_for(ctl))
            await _my_turn(pilot, app)
            await pilot.press("t")
            await pilot.pause()
            assert state(app.controller) == before
            line = list(app.controller.game.actions)
            app.controller.flush_save()
            app.exit()
        store = Store.open(tmp_path)
        saved = store.load_game()
        store.close()
        assert saved is not None and saved.game.actions == line


async def test_a_practice_game_is_never_called_a_loss_nor_newly_practice_again(tmp_path):
    """Coach on, off, on again: only the first says the game is now practice. Leaving it
    for a new game asks without 'counts as a loss', and no toast says it was recorded
    as one (practice is not counted: issue 30, items 5 and 15)."""
    from colorcards.tui.screens.confirm import ConfirmDialog
    from colorcards.tui.screens.newgame import NewGameScreen
    from colorcards.tui.screens.pause import PauseMenu

    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    toasts: list[str] = []  # every toast said, even one gone already (a slow machine)
    notify = app.notify

    def said(message, **kwargs):
        toasts.append(str(message))
        return notify(message, **kwargs)

    app.notify = said  # type: ignore[method-assign]
    async with app.run_test(size=(100, 32)) as pilot:
        game = position(["R+2 R5 B7", "G1 G2"], "R3", preset="duel")
        ctl = pilot.app.seat(Seating.at(game, GameSettings(preset="duel", opponents=1),
                                        game_id="practice"), delay=60, window_seconds=60)
        await pilot.pause()
        await pilot.press("escape")
        for toggles in range(1, 4):  # the menu stays up after each, saying the new state
            await _until(pilot, lambda: isinstance(app.screen, PauseMenu))
            await pilot.press("c")
            await _until(pilot, lambda n=toggles: len(toasts) >= n)
        assert toasts.count(
            "Coach on: this game is now practice (not counted in your record).") == 1
        assert "Coach off." in toasts and "Coach on." in toasts
        assert ctl.practice
        await _until(pilot, lambda: isinstance(app.screen, PauseMenu))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        question = str(app.screen.query_one("#question").content)
        assert "practice" in question and "counts as a loss" not in question
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert not any("recorded as a loss" in toast for toast in toasts), toasts


async def _until(pilot, done, limit: int = 200) -> None:
    """Let the app run until `done()` (a screen opened or closed)."""
    for _ in range(limit):
        if done():
            await pilot.pause()  # and ready for keys
            return
        await pilot.pause()
    raise AssertionError(f"still waiting, on {pilot.app.screen}")
