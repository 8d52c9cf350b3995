"""Saving when the disk refuses: the table says so at once and again when it works, what
was not saved is written as soon as it can be, and a game that ended meanwhile is
recorded once the disk lets it, never offered to Continue."""

from __future__ import annotations

from colorcards.tui.app import RETRY_SECONDS, ColorCardsApp
from colorcards.tui.screens.results import ResultsScreen
from engine_helpers import position
from store_helpers import refuse_writes, store_and_connection
from tui_table_helpers import HandClock, seat_position, shown, wait


def _app(tmp_path):
    store, db = store_and_connection(tmp_path / "data")
    return ColorCardsApp(store=store, delay=0, clock=HandClock()), store, db


async def _table(pilot, literal: str, **kwargs):
    ctl = seat_position(pilot.app, position(literal, "duel"), preset="duel", **kwargs)
    await pilot.pause()
    await pilot.pause()
    return ctl


async def test_a_game_that_ends_while_the_disk_refuses_is_recorded_once_it_can(tmp_path):
    """The winning card played with the disk refusing: the table says the save failed,
    the results come, and once the disk is freed the record is written (and said)."""
    app, store, db = _app(tmp_path)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        ctl = await _table(pilot, "top=R5 | you: R7 | lily: B1 B2 B3", delay=0)
        refuse_writes(db)
        await pilot.press("1")
        await wait(pilot, 0)  # the results, after the frame that shows the card
        assert isinstance(app.screen, ResultsScreen) and ctl.game.is_over
        assert "Cannot save" in shown(app)
        assert store.waiting and store.records() == []
        refuse_writes(db, False)
        await wait(pilot, RETRY_SECONDS)
        assert "works again" in shown(app)
        assert not store.waiting
        assert [r.game_id for r in store.records()] == [ctl.meta.game_id]
        assert store.saved_summary() is None


async def test_a_move_made_while_the_disk_refuses_is_saved_when_it_can_be(tmp_path):
    """Mid-game: the notice comes with the move, not only in the Esc menu; the game is
    written again every few seconds until the disk takes it, with no move needed."""
    app, store, db = _app(tmp_path)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        ctl = await _table(pilot, "top=R5 | you: R7 R8 B9 | lily: B1 B2 B3", delay=3600)
        refuse_writes(db)
        await pilot.press("1")
        await pilot.pause()
        assert "Cannot save" in shown(app)
        moves = len(ctl.game.actions)
        await pilot.press("escape")
        await pilot.pause()
        assert "The last moves are not saved yet" in shown(app)
        await pilot.press("escape")
        await pilot.pause()
        refuse_writes(db, False)
        await wait(pilot, RETRY_SECONDS)
        assert "works again" in shown(app)
        assert len(store.load_game().game.actions) == moves


async def test_quitting_while_a_record_waits_asks_first(tmp_path):
    """The game over, its record refused, the title has no Continue; Q asks before the
    record is lost with the process, N stays; once the disk takes it, Q writes the
    record and quits at once."""
    from colorcards.tui.screens.confirm import ConfirmDialog
    from colorcards.tui.screens.title import TitleScreen

    app, store, db = _app(tmp_path)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        ctl = await _table(pilot, "top=R5 | you: R7 | lily: B1 B2 B3", delay=0)
        refuse_writes(db)
        await pilot.press("1")
        await wait(pilot, 0)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and "Continue" not in shown(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "result is not saved yet" in shown(app) and app.is_running
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and store.waiting
        refuse_writes(db, False)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
    from colorcards.store import Store

    with Store.open(tmp_path / "data") as again:
        assert [r.game_id for r in again.records()] == [ctl.meta.game_id]
